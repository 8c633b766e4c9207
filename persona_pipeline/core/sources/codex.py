"""Codex CLI rollout reader (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`).

Lines are `{timestamp, type, payload}` envelopes. Typed prompts arrive twice — as a
`response_item` user message and as an `event_msg` `user_message` — and are kept once.
Older envelope-less JSONL and pretty-printed `rollout-*.json` files are read as bare items.
Tool calls feed the activity stream (`core/sources/activity.py`): failed (non-zero exit code) and
refused calls, recoveries, apply_patch file edits and the last update_plan.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import orjson

from persona_pipeline.core.models import ReadResult, ReadStats, Tier, Turn, TurnKind
from persona_pipeline.core.sources import activity as act
from persona_pipeline.core.sources import readers
from persona_pipeline.core.sources import user_text as ut
from persona_pipeline.core.sources.answers import answers_items
from persona_pipeline.core.sources.discovery import discover_codex
from persona_pipeline.core.sources.echo import AgentWords
from persona_pipeline.core.sources.jsonl_stream import FileSkipped, read_entries, type_name
from persona_pipeline.core.sources.turn_fast import NO_ENTRY_UUID, make_turn

# 2: malformed fields cost a line, not the file; safe cuts. 3: activity stream. 4: pasted material (the
# plan-accept message included) out; a message that is only image placeholders dropped. 5: shell
# sessions and all-quote prompts are pasted; a title, and blocks sharing its margin, go with a paste
# 6: answers to the agent's numbered items (`answers.py`); compaction summaries
READER_VERSION = "codex-6"
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


_SHELLS = {"bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/bin/zsh", "/usr/bin/bash", "pwsh", "powershell"}
_PATCH_TOOL = "apply_patch"
_SHELL_TOOLS = {"shell", "shell_command", "exec_command", "local_shell", "container.exec", "unified_exec"}
_PLAN_TOOL = "update_plan"
# The exit code in a function output: structured `{"output": …, "metadata": {"exit_code": N}}`
# (metadata last, so looked for in the tail), or freeform "Exit code: N" / unified exec's
# "Process exited with code N" in the header lines.
_EXIT_KEY, _EXIT_PREFIX, _EXIT_PROCESS = '"exit_code"', "Exit code:", "Process exited with code"
_EXIT_JSON = re.compile(r'"exit_code"\s*:\s*(-?\d+)')
_EXIT_TEXT = re.compile(r"(?:Exit code:|Process exited with code) *(-?\d+)")
_OUTPUT_MARK = "\nOutput:\n"
# Outputs that are a refusal by the person, or a patch that was never applied.
_REJECTED = ("exec command rejected by user", "patch rejected by user")
_PATCH_FAILED = ("apply_patch verification failed", "Invalid patch", "invalid patch", "Failed to find expected lines")


def _command(args: Any) -> str | None:
    if not isinstance(args, dict):
        return None
    cmd = args.get("command", args.get("cmd"))
    if isinstance(cmd, str):
        return cmd
    if isinstance(cmd, list) and all(isinstance(c, str) for c in cmd):
        if len(cmd) >= 3 and cmd[0] in _SHELLS and cmd[1] in ("-lc", "-c", "-Command"):
            return cmd[2]
        return " ".join(cmd)
    return None


def _patch_text(raw: Any) -> str:
    """The apply_patch body of a call: the freeform input, or the string holding it in JSON args."""
    args = act.parse_json(raw)
    if isinstance(args, str):
        return args
    values = list(args.values()) if isinstance(args, dict) else args if isinstance(args, list) else []
    for v in values:
        if isinstance(v, list):
            values.extend(v)
        elif isinstance(v, str) and act.PATCH_MARKER in v:
            return v
    return ""


def _tool_summary(tool: str, raw: Any, cwd: str | None) -> str:
    if tool == _PATCH_TOOL:
        return ", ".join(act.relative(path, cwd) for path, _ in act.patch_files(_patch_text(raw)))
    args = act.parse_json(raw)
    command = _command(args)
    if command is not None:
        return command
    return args if isinstance(args, str) else act.compact_json(args)


def _tool_edits(tool: str, raw: Any) -> list[tuple[str, str]]:
    return act.patch_files(_patch_text(raw)) if tool == _PATCH_TOOL else []


class _State:
    def __init__(self) -> None:
        self.assistant_text = ""
        # the agent's words in this file (shingle hashes, memory only): what a prompt pastes back
        self.agent_words = AgentWords()
        self.pending_signal: str | None = None
        self.last_user_key: str | None = None
        self.turns: list[Turn] = []
        self.cwd: str | None = None
        self.activity = act.Activity(self.turns, _tool_summary, _tool_edits, frozenset({_PATCH_TOOL}))


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
    st.activity.finish()
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
        if ptype in _CALL_ITEMS:
            _tool_call(p, ptype, (line_no, offset, None, ts, stats.session_id, st.cwd), st, stats)
        elif ptype in _OUTPUT_ITEMS:
            _tool_output(p, (line_no, offset, None, ts, stats.session_id, st.cwd), st)
        return
    if ptype not in ("message", None):
        stats.skip("unknown_item")
        return
    role = p.get("role")
    if role == "assistant":
        text = _text_of(p.get("content"))
        if text.strip():
            st.assistant_text = text.strip()[-2000:]
            st.agent_words.add_agent(text)
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
            st.agent_words.add_agent(p["message"])
        stats.skip("agent_message")
    elif ptype in ("exec_command_end", "patch_apply_end"):
        stats.skip(f"event:{ptype}")
        _end_event(p, (line_no, offset, None, ts, stats.session_id, st.cwd), st)
    else:
        stats.skip(f"event:{type_name(ptype)}")


# The placeholder Codex writes for an attached image: `<image name=[Image #1]>` … `</image>`
# (or a bare `[Image #1]`). Only its tags and labels: any words between them stay.
_IMAGE_TAG = re.compile(r"</?image\b[^>]{0,2000}>|\[Image #\d+\]", re.IGNORECASE)


# A skill the person mentioned as `$name`, written into the message by the client as a link to the
# skill's file (`[$name](<path>/SKILL.md)`): the mention is what they typed, the path is the client's.
_SKILL_LINK = re.compile(r"\[(\$[\w.:-]{1,80})\]\([^()\n]{1,500}SKILL\.md\)")


def _skill_mentions(text: str) -> str:
    return _SKILL_LINK.sub(r"\1", text) if "SKILL.md)" in text else text


def _user_text(raw: str, ts: str | None, line_no: int, offset: int, st: _State, stats: ReadStats) -> None:
    kind = ut.wrapper_kind(raw)
    if kind:
        stats.skip(kind)
        return
    text = ut.unwrap_cli_invocation(_skill_mentions(ut.strip_injected(ut.strip_ide_wrapper(raw))))
    if not text:
        stats.skip("empty_after_scaffolding")
        return
    key = " ".join(text.split())
    if key == st.last_user_key:
        stats.skip("duplicate_user_message")  # the event_msg / response_item twin
        return
    st.last_user_key = key
    if "image" in text.lower() or "Image #" in text:
        text = _IMAGE_TAG.sub("", text).strip()
        if not text:
            stats.skip("image_only")  # a pasted screenshot and nothing typed
            return
    text = ut.typed_part(text, stats)
    if not text:
        st.pending_signal = None  # the reply to an aborted turn was all pasted: its signal ends with it
        return
    text = ut.own_part(text, st.agent_words, stats)
    if not text:
        st.pending_signal = None  # (the same: the agent's words pasted back)
        return
    text, signal, truncated = ut.settle_turn(text, st.pending_signal, st.assistant_text, stats)
    st.pending_signal = None
    correction = signal is not None
    st.turns.append(
        make_turn(
            line_no,
            offset,
            None,
            stats.session_id,
            ts,
            st.cwd,
            Tier.T1 if correction else Tier.T2,
            TurnKind.CORRECTION
            if correction
            else TurnKind.ANSWER
            if st.assistant_text and answers_items(text, st.assistant_text)
            else TurnKind.PROMPT,
            signal,
            text,
            ut.tail(st.assistant_text) if correction and st.assistant_text else "",
            truncated,
            NO_ENTRY_UUID,
        )
    )


# --- activity ------------------------------------------------------------------------------------
_CALL_ITEMS = {"function_call", "custom_tool_call", "local_shell_call"}
_OUTPUT_ITEMS = {"function_call_output", "custom_tool_call_output"}


def _tool_call(p: dict[str, Any], ptype: str, where: act.Where, st: _State, stats: ReadStats) -> None:
    call_id = p.get("call_id") or p.get("id")
    if ptype == "local_shell_call":
        name, raw = "local_shell", p.get("action")
    else:
        name, raw = p.get("name"), p.get("arguments" if ptype == "function_call" else "input")
    if not isinstance(call_id, str) or not isinstance(name, str) or not name:
        stats.skip("tool_call_malformed")
        return
    if name == _PLAN_TOOL:
        args = act.parse_json(raw)
        if isinstance(args, dict) and isinstance(args.get("plan"), list):
            st.activity.todo(args["plan"], where)
        return
    # apply_patch arrives as its own tool or inside a shell command (`apply_patch <<'EOF' …`)
    if name in _SHELL_TOOLS and act.PATCH_MARKER in (raw if isinstance(raw, str) else _command(raw) or ""):
        name = _PATCH_TOOL
    st.activity.call(call_id, name, raw, where)


def _output_text(output: Any) -> tuple[str, bool | None]:
    """(text, success flag if the payload has one) of a function output payload."""
    if isinstance(output, str):
        return output, None
    if isinstance(output, list):  # content items
        return "\n".join(b["text"] for b in output if isinstance(b, dict) and isinstance(b.get("text"), str)), None
    if isinstance(output, dict):  # older payloads: {"content": …, "success": …}
        content, success = output.get("content"), output.get("success")
        text = content if isinstance(content, str) else _output_text(content)[0] if isinstance(content, list) else ""
        return text, success if isinstance(success, bool) else None
    return "", None


def _tool_output(p: dict[str, Any], where: act.Where, st: _State) -> None:
    call_id = p.get("call_id")
    if not isinstance(call_id, str) or not st.activity.pending(call_id):
        return  # resolved already (by an exec_command_end event) or never seen
    output = p.get("output")
    text, success = (output, None) if isinstance(output, str) else _output_text(output)
    if text[:1] != "{" and text.startswith(_REJECTED):
        st.activity.result(call_id, act.Outcome.REJECTED, where)
        return
    code = _exit_code(text)
    if code is not None and code != 0:
        st.activity.result(call_id, act.Outcome.ERROR, where, _body(text), f"exit_code:{code}")
    elif code is None and (success is False or text.startswith(_PATCH_FAILED)):
        st.activity.result(call_id, act.Outcome.ERROR, where, _body(text))
    else:
        st.activity.result(call_id, act.Outcome.OK, where)


def _exit_code(text: str) -> int | None:
    """The exit code a function output reports, found without parsing the output."""
    if text[:1] == "{":  # metadata is serialised last: look in the tail (a wider one if need be)
        i = text.rfind(_EXIT_KEY, max(0, len(text) - 120))
        if i < 0:
            i = text.rfind(_EXIT_KEY, max(0, len(text) - 400))
        m = _EXIT_JSON.match(text, i) if i >= 0 else None
    elif text.startswith(_EXIT_PREFIX):
        m = _EXIT_TEXT.match(text)
    else:
        i = text.find(_EXIT_PROCESS, 0, 400)
        m = _EXIT_TEXT.match(text, i) if i >= 0 else None
    return int(m.group(1)) if m else None


def _body(text: str) -> str:
    """The command output inside a failed function output (parsed only for failures)."""
    if text.startswith("{"):
        try:
            data = orjson.loads(text)
        except orjson.JSONDecodeError:
            return text
        out = data.get("output") if isinstance(data, dict) else None
        return out if isinstance(out, str) else text
    i = text.find(_OUTPUT_MARK, 0, 1000)
    return text[i + len(_OUTPUT_MARK) :] if i >= 0 else text


def _end_event(p: dict[str, Any], where: act.Where, st: _State) -> None:
    """Extended rollouts also record exec_command_end / patch_apply_end: whichever result of a
    call comes first resolves it; the other then finds it closed."""
    call_id = p.get("call_id")
    if not isinstance(call_id, str) or not st.activity.pending(call_id):
        return
    out = next((p[k] for k in ("aggregated_output", "stderr", "stdout") if isinstance(p.get(k), str) and p[k]), "")
    if p.get("status") == "declined" or out.startswith(_REJECTED):
        st.activity.result(call_id, act.Outcome.REJECTED, where)
        return
    code = p.get("exit_code")
    if isinstance(code, int) and not isinstance(code, bool) and code != 0:
        st.activity.result(call_id, act.Outcome.ERROR, where, out, f"exit_code:{code}")
    elif p.get("success") is False:
        st.activity.result(call_id, act.Outcome.ERROR, where, out)
    else:
        st.activity.result(call_id, act.Outcome.OK, where)


def codex_home(host: readers.Host) -> Path:
    return host.agent_home(".codex", "CODEX_HOME")


READER = readers.Reader(
    kind="codex",
    agent="Codex CLI",
    version=READER_VERSION,
    setting="codex_dirs",
    # live sessions and the ones Codex archived (same rollout files, moved)
    default_roots=lambda host: [codex_home(host) / "sessions", codex_home(host) / "archived_sessions"],
    discover=discover_codex,
    read=lambda unit: read_codex(unit.path),
    sample_roots=("codex/sessions",),
    has_history=readers.has_file_ending(".jsonl"),
    global_instructions=lambda host: [codex_home(host) / "AGENTS.md"],
)
