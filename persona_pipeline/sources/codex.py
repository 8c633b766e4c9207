"""Codex CLI rollout reader (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`).

Lines are `{timestamp, type, payload}` envelopes. Typed prompts arrive twice — as a
`response_item` user message and as an `event_msg` `user_message` — and are kept once.
Older envelope-less JSONL and pretty-printed `rollout-*.json` files are read as bare items.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from persona_pipeline.models import ReadResult, ReadStats, Tier, Turn, TurnKind
from persona_pipeline.sources import user_text as ut
from persona_pipeline.sources.jsonl_stream import FileSkipped, read_entries, type_name

READER_VERSION = "codex-2"  # 2: malformed fields cost a line, not the file; safe cuts
MAX_LEGACY_JSON_BYTES = 64 * 1024 * 1024
# Session sources that are not a person typing into the CLI or IDE.
_MACHINE_SOURCES = {"exec", "mcp", "subagent"}
_MACHINE_ORIGINATORS = {"codex_exec", "codex_sdk_ts", "codex_sdk_py"}
_SKIPPED_ITEMS = {
    "function_call",
    "function_call_output",
    "reasoning",
    "local_shell_call",
    "custom_tool_call",
    "custom_tool_call_output",
    "web_search_call",
    "tool_search_call",
    "image_generation_call",
    "mcp_tool_call",
}


class _State:
    def __init__(self) -> None:
        self.assistant_text = ""
        self.pending_signal: str | None = None
        self.last_user_key: str | None = None
        self.turns: list[Turn] = []
        self.cwd: str | None = None


def read_codex(path: Path) -> ReadResult:
    stats = ReadStats()
    st = _State()
    try:
        if path.suffix == ".json":
            _read_legacy_json(path, st, stats)
        else:
            read_entries(path, stats, lambda e, line_no, offset: _handle(e, line_no, offset, st, stats))
    except FileSkipped as exc:
        return ReadResult.finish([], stats, exc.reason)
    return ReadResult.finish(st.turns, stats)


def _read_legacy_json(path: Path, st: _State, stats: ReadStats) -> None:
    """Pre-2025 rollouts: one JSON document `{session, items}`. Bounded by size, not streamed."""
    try:
        size = path.stat().st_size
        if size > MAX_LEGACY_JSON_BYTES:
            raise FileSkipped("legacy_json_too_large")
        data = orjson.loads(path.read_bytes())
    except OSError as exc:
        raise FileSkipped(f"unreadable:{type(exc).__name__}") from None
    except orjson.JSONDecodeError:
        raise FileSkipped("legacy_json_invalid") from None
    stats.raw_bytes = size
    if not isinstance(data, dict) or not isinstance(data.get("items"), list):
        raise FileSkipped("legacy_json_unrecognised")
    session = data.get("session")
    if isinstance(session, dict) and isinstance(session.get("id"), str):
        stats.session_id = session["id"]
    for i, item in enumerate(data["items"], start=1):
        stats.lines_total += 1
        if isinstance(item, dict):
            _payload(item, None, i, 0, st, stats)


def _handle(e: dict[str, Any], line_no: int, offset: int, st: _State, stats: ReadStats) -> None:
    etype = e.get("type")
    payload = e.get("payload")
    ts = e.get("timestamp") if isinstance(e.get("timestamp"), str) else None
    if not isinstance(payload, dict):
        # envelope-less JSONL: the line is the item itself (or a bare session header)
        if isinstance(e.get("role"), str) or (isinstance(etype, str) and etype in _SKIPPED_ITEMS):
            _payload(e, ts, line_no, offset, st, stats)
        elif "instructions" in e and isinstance(e.get("id"), str):
            stats.saw("legacy_session_header")
            stats.session_id = stats.session_id or e["id"]
        else:
            stats.saw("<none>")
            stats.skip("unknown_type")
        return
    stats.saw(type_name(etype))
    if etype == "session_meta":
        _session_meta(payload, stats, st)
    elif etype == "turn_context":
        if isinstance(payload.get("cwd"), str):
            st.cwd = stats.cwd = payload["cwd"]
        stats.skip("turn_context")
    elif etype == "response_item":
        _payload(payload, ts, line_no, offset, st, stats)
    elif etype == "event_msg":
        _event(payload, ts, line_no, offset, st, stats)
    elif etype == "compacted":
        stats.skip("compacted")
    else:
        stats.skip("unknown_type")


def _session_meta(p: dict[str, Any], stats: ReadStats, st: _State) -> None:
    stats.skip("session_meta")
    meta = p.get("meta") if isinstance(p.get("meta"), dict) else p
    if isinstance(meta.get("id"), str):
        stats.session_id = stats.session_id or meta["id"]
    if isinstance(meta.get("cwd"), str):
        st.cwd = stats.cwd = meta["cwd"]
    source = meta.get("source")
    if isinstance(source, dict):  # {"subagent": {...}}
        source = next(iter(source), None)
    originator = meta.get("originator")
    if isinstance(source, str) and source in _MACHINE_SOURCES:
        stats.machine_generated = f"source:{source}"
    elif isinstance(originator, str) and originator in _MACHINE_ORIGINATORS:
        stats.machine_generated = f"originator:{meta.get('originator')}"


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    return "\n".join(
        b["text"]
        for b in content
        if isinstance(b, dict)
        and isinstance(b.get("text"), str)
        and b.get("type") in ("input_text", "output_text", "text", None)
    )


def _payload(p: dict[str, Any], ts: str | None, line_no: int, offset: int, st: _State, stats: ReadStats) -> None:
    ptype = p.get("type")
    if isinstance(ptype, str) and ptype in _SKIPPED_ITEMS:
        stats.skip(ptype)
        st.last_user_key = None
        return
    if ptype not in ("message", None):
        stats.skip("unknown_item")
        return
    role = p.get("role")
    if role == "assistant":
        text = _text_of(p.get("content"))
        if text.strip():
            st.assistant_text = text.strip()[-2000:]
        st.last_user_key = None
        stats.skip("assistant")
    elif role == "user":
        _user_text(_text_of(p.get("content")), ts, line_no, offset, st, stats)
    elif role in ("developer", "system"):
        stats.skip(str(role))
    else:
        stats.skip("unknown_role")


def _event(p: dict[str, Any], ts: str | None, line_no: int, offset: int, st: _State, stats: ReadStats) -> None:
    ptype = p.get("type")
    if ptype == "user_message":
        message = p.get("message")
        if isinstance(message, str):
            _user_text(message, ts, line_no, offset, st, stats)
    elif ptype == "turn_aborted":
        st.pending_signal = "turn_aborted"
        stats.skip("turn_aborted")
    elif ptype == "agent_message":
        if isinstance(p.get("message"), str) and p["message"].strip():
            st.assistant_text = p["message"].strip()[-2000:]
        stats.skip("agent_message")
    else:
        stats.skip(f"event:{type_name(ptype)}")


def _user_text(raw: str, ts: str | None, line_no: int, offset: int, st: _State, stats: ReadStats) -> None:
    kind = ut.wrapper_kind(raw)
    if kind:
        stats.skip(kind)
        return
    text = ut.strip_injected(ut.strip_ide_wrapper(raw))
    if not text:
        stats.skip("empty_after_scaffolding")
        return
    key = " ".join(text.split())
    if key == st.last_user_key:
        stats.skip("duplicate_user_message")  # the event_msg / response_item twin
        return
    st.last_user_key = key
    text, signal, truncated = ut.settle_turn(text, st.pending_signal, st.assistant_text, stats)
    st.pending_signal = None
    correction = signal is not None
    st.turns.append(
        Turn(
            line_no=line_no,
            byte_offset=offset,
            session_id=stats.session_id,
            timestamp=ts,
            cwd=st.cwd,
            tier=Tier.T1 if correction else Tier.T2,
            kind=TurnKind.CORRECTION if correction else TurnKind.PROMPT,
            correction_signal=signal,
            text=text,
            context=ut.tail(st.assistant_text) if correction and st.assistant_text else "",
            truncated=truncated,
        )
    )
