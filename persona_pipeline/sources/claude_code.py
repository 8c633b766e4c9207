"""Claude Code transcript reader (`~/.claude/projects/<slug>/<session>.jsonl`).

Keeps what the person typed: genuine prompts (T2) and corrections (T1, with the tail of the
preceding assistant text); and, as the activity stream (T3, `sources/activity.py`), bounded
excerpts of failed, refused and recovered tool calls, file edits and the last todo list.
Everything else is counted by reason and dropped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from persona_pipeline.models import ReadResult, ReadStats, Tier, Turn, TurnKind
from persona_pipeline.sources import activity as act
from persona_pipeline.sources import user_text as ut
from persona_pipeline.sources.jsonl_stream import FileSkipped, read_entries, type_name

# 2: malformed fields cost a line, not the file; safe cuts; linear tag stripping. 3: activity stream
READER_VERSION = "claude-3"

# Entry types that carry no user prose (the list drifts across versions: unknown ones are
# counted as `unknown_type`, never fatal).
_BOOKKEEPING = {
    "summary",
    "system",
    "file-history-snapshot",
    "queue-operation",
    "progress",
    "attachment",
    "last-prompt",
    "ai-title",
    "custom-title",
    "tag",
    "hook",
    "result",
    "stream_event",
}
# Entry points of headless / SDK runs: a program wrote those prompts, not the person.
_HEADLESS_ENTRYPOINTS = {"sdk-py", "sdk-ts", "sdk-cli", "headless", "mcp"}
# Prompts that open memory-tool observer sessions (claude-mem and similar), which replay
# another session's tool calls into a fresh one.
_OBSERVER_MARKERS = (
    "<observed_from_primary_session>",
    "You are a Claude-Mem",
    "You are a memory observer",
    "<tool_observation>",
)


_EDIT_TOOLS = frozenset({"Edit", "Write", "MultiEdit", "NotebookEdit"})
_PATH_KEYS = ("file_path", "notebook_path", "path")
_NEW_TEXT_KEYS = {"Edit": "new_string", "Write": "content", "NotebookEdit": "new_source"}


def _tool_summary(tool: str, inp: Any, cwd: str | None) -> str:
    """What a call did, in one phrase: the command, path, pattern, url or task; else its input."""
    if not isinstance(inp, dict):
        return act.compact_json(inp)
    command = inp.get("command")
    if isinstance(command, str):
        return command
    if tool in ("Grep", "Glob") and isinstance(inp.get("pattern"), str):
        where = inp.get("path")
        return inp["pattern"] + (f" in {act.relative(where, cwd)}" if isinstance(where, str) and where else "")
    for key in ("url", "description", "query"):
        if isinstance(inp.get(key), str):
            return inp[key]
    for key in _PATH_KEYS:
        if isinstance(inp.get(key), str):
            return act.relative(inp[key], cwd)
    return act.compact_json(inp)


def _tool_edits(tool: str, inp: Any) -> list[tuple[str, str]]:
    """(path, new text) of a file-changing call."""
    if tool not in _EDIT_TOOLS or not isinstance(inp, dict):
        return []
    path = inp.get("notebook_path") if tool == "NotebookEdit" else inp.get("file_path")
    if not isinstance(path, str):
        return []
    if tool == "MultiEdit":
        edits = inp.get("edits")
        new = "\n".join(
            e["new_string"]
            for e in (edits if isinstance(edits, list) else ())
            if isinstance(e, dict) and isinstance(e.get("new_string"), str)
        )
    else:
        new = inp.get(_NEW_TEXT_KEYS[tool])
    return [(path, new if isinstance(new, str) else "")]


def _content_blocks(message: Any) -> list[Any] | str:
    if not isinstance(message, dict):
        return []
    content = message.get("content")
    if isinstance(content, (str, list)):
        return content
    return []


class _State:
    def __init__(self) -> None:
        self.seen_uuids: set[str] = set()
        self.assistant_id: str | None = None
        self.assistant_text = ""
        self.pending_signal: str | None = None
        self.turns: list[Turn] = []
        self.prompts_seen = 0
        self.activity = act.Activity(self.turns, _tool_summary, _tool_edits, _EDIT_TOOLS)


def read_claude(path: Path) -> ReadResult:
    stats = ReadStats()
    st = _State()
    try:
        read_entries(path, stats, lambda e, line_no, offset: _handle(e, line_no, offset, st, stats))
    except FileSkipped as exc:
        return ReadResult.finish([], stats, exc.reason)
    st.activity.finish()
    return ReadResult.finish(st.turns, stats)


def _handle(e: dict[str, Any], line_no: int, offset: int, st: _State, stats: ReadStats) -> None:
    etype = type_name(e.get("type"))
    stats.saw(etype)
    if etype not in ("user", "assistant"):
        stats.skip(etype if etype in _BOOKKEEPING else "unknown_type")
        return
    uuid = e.get("uuid")
    if isinstance(uuid, str):
        if uuid in st.seen_uuids:
            stats.skip("duplicate_uuid")
            return
        st.seen_uuids.add(uuid)
    if stats.session_id is None and isinstance(e.get("sessionId"), str):
        stats.session_id = e["sessionId"]
    cwd = e.get("cwd")
    if isinstance(cwd, str) and cwd != stats.cwd:  # a pydantic attribute write only on a change
        stats.cwd = cwd
    entrypoint = e.get("entrypoint")
    if isinstance(entrypoint, str) and entrypoint in _HEADLESS_ENTRYPOINTS:
        stats.machine_generated = f"entrypoint:{entrypoint}"
        return
    if e.get("isSidechain"):
        stats.skip("sidechain")
        return
    if etype == "assistant":
        _assistant(e, line_no, offset, st, stats)
        return
    if e.get("isMeta"):
        stats.skip("meta")
        return
    if e.get("isCompactSummary"):
        stats.skip("compact_summary")
        return
    if e.get("isVisibleInTranscriptOnly"):
        stats.skip("transcript_only")
        return
    if e.get("userType") not in (None, "external"):
        stats.skip("non_external_user")
        return
    _user(e, line_no, offset, st, stats)


def _tool_use(
    block: dict[str, Any], e: dict[str, Any], line_no: int, offset: int, st: _State, stats: ReadStats
) -> None:
    call_id, tool = block.get("id"), block.get("name")
    if not isinstance(call_id, str) or not isinstance(tool, str) or not tool:
        stats.skip("tool_use_malformed")
        return
    inp = block.get("input")
    # uuid and timestamp as found: the tracker checks their types only if a turn is made
    where = (line_no, offset, e.get("uuid"), e.get("timestamp"), stats.session_id, stats.cwd)
    if tool == "TodoWrite":
        if isinstance(inp, dict) and isinstance(inp.get("todos"), list):
            st.activity.todo(inp["todos"], where)
        return
    st.activity.call(call_id, tool, inp, where)


def _tool_result(
    block: dict[str, Any],
    body: str,
    refused: bool,
    e: dict[str, Any],
    line_no: int,
    offset: int,
    st: _State,
    stats: ReadStats,
) -> None:
    call_id = block.get("tool_use_id")
    if not isinstance(call_id, str):
        return
    if refused:
        outcome = act.Outcome.REJECTED
    elif block.get("is_error") is True:
        interrupted = body[:200].lstrip().startswith(ut.INTERRUPT_MARKER)  # never a copy of a whole output
        outcome = act.Outcome.INTERRUPTED if interrupted else act.Outcome.ERROR
        if not interrupted and "tool_use_error>" in body[:200]:
            body = body.replace("<tool_use_error>", "").replace("</tool_use_error>", "")
    else:
        outcome = act.Outcome.OK
    where = (line_no, offset, e.get("uuid"), e.get("timestamp"), stats.session_id, stats.cwd)
    st.activity.result(call_id, outcome, where, body)


def _assistant(e: dict[str, Any], line_no: int, offset: int, st: _State, stats: ReadStats) -> None:
    message = e.get("message")
    msg_id = message.get("id") if isinstance(message, dict) else None
    # One reply is split over several entries sharing message.id: merge their text.
    if msg_id != st.assistant_id or msg_id is None:
        st.assistant_id = msg_id
        texts_so_far = ""
    else:
        texts_so_far = st.assistant_text
    blocks = _content_blocks(message)
    if isinstance(blocks, str):
        blocks = [{"type": "text", "text": blocks}]
    added = False
    for block in blocks:
        if not isinstance(block, dict):
            continue
        btype = block.get("type")
        if btype == "text" and isinstance(block.get("text"), str):
            texts_so_far = (texts_so_far + "\n" + block["text"])[-2000:]
            added = True
        elif btype == "tool_use":
            _tool_use(block, e, line_no, offset, st, stats)
    if added:
        st.assistant_text = texts_so_far.strip()
    stats.skip("assistant")


def _user(e: dict[str, Any], line_no: int, offset: int, st: _State, stats: ReadStats) -> None:
    blocks = _content_blocks(e.get("message"))
    if isinstance(blocks, str):
        blocks = [{"type": "text", "text": blocks}]
    texts: list[str] = []
    for block in blocks:
        if isinstance(block, str):
            texts.append(block)
            continue
        if not isinstance(block, dict):
            continue
        btype = block.get("type")
        if btype == "text" and isinstance(block.get("text"), str):
            texts.append(block["text"])
        elif btype == "tool_result":
            stats.skip("tool_result")
            content = block.get("content")
            body = (
                content
                if isinstance(content, str)
                else " ".join(b["text"] for b in content if isinstance(b, dict) and isinstance(b.get("text"), str))
                if isinstance(content, list)
                else ""
            )
            rejected = ut.REJECTED_TOOL_USE in body
            refused = rejected or body.startswith(ut.REFUSED_ACTION)
            _tool_result(block, body, refused, e, line_no, offset, st, stats)
            if rejected:
                st.pending_signal = "rejected_tool_use"
                feedback = ut.rejection_feedback(body)
                if feedback:
                    texts.append(feedback)
        elif btype in ("image", "document"):
            stats.skip(btype)
        else:
            stats.skip(f"block:{type_name(btype)}")
    if not texts:
        return
    raw = "\n".join(texts)
    if raw.lstrip().startswith(ut.INTERRUPT_MARKER):
        stats.skip("interrupt_marker")
        st.pending_signal = "interrupt"
        _, _, raw = raw.lstrip().partition("\n")  # a marker entry rarely carries text after it
        if not raw.strip():
            return
    kind = ut.wrapper_kind(raw)
    if kind:
        stats.skip(kind)
        return
    turn_kind = TurnKind.PROMPT
    command = ut.slash_command(raw)
    if command is not None:
        name, args = command
        if not args or ut.is_bookkeeping_command(name):
            stats.skip("slash_command_bookkeeping")
            return
        raw, turn_kind = args, TurnKind.SLASH_COMMAND
    text = ut.strip_injected(raw)
    if not text:
        stats.skip("empty_after_scaffolding")
        return
    if st.prompts_seen == 0 and any(m in text for m in _OBSERVER_MARKERS):
        stats.machine_generated = "memory_observer_prompt"
        return
    st.prompts_seen += 1
    text, signal, truncated = ut.settle_turn(text, st.pending_signal, st.assistant_text, stats)
    st.pending_signal = None
    if signal:
        tier, turn_kind = Tier.T1, TurnKind.CORRECTION
        context = ut.tail(st.assistant_text) if st.assistant_text else ""
    else:
        tier, context = Tier.T2, ""
    ts = e.get("timestamp")
    st.turns.append(
        Turn(
            line_no=line_no,
            byte_offset=offset,
            entry_uuid=e.get("uuid") if isinstance(e.get("uuid"), str) else None,
            session_id=stats.session_id,
            timestamp=ts if isinstance(ts, str) else None,
            cwd=stats.cwd,
            tier=tier,
            kind=turn_kind,
            correction_signal=signal,
            text=text,
            context=context,
            truncated=truncated,
        )
    )
