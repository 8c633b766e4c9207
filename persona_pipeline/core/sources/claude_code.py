"""Claude Code transcript reader (`~/.claude/projects/<slug>/<session>.jsonl`).

Keeps what the person typed: genuine prompts (T2) and corrections (T1, with the tail of the
preceding assistant text); and, as the activity stream (T3, `core/sources/activity.py`), bounded
excerpts of failed, refused and recovered tool calls, file edits and the last todo list.
Everything else is counted by reason and dropped.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any

from persona_pipeline.core.models import ReadResult, ReadStats, Tier, Turn, TurnKind
from persona_pipeline.core.sources import activity as act
from persona_pipeline.core.sources import readers
from persona_pipeline.core.sources import user_text as ut
from persona_pipeline.core.sources.answers import answers_items
from persona_pipeline.core.sources.discovery import SIDE_QUESTION_PREFIX, discover_claude
from persona_pipeline.core.sources.echo import AgentWords
from persona_pipeline.core.sources.jsonl_stream import KNOWN_TYPE_NAMES, FileSkipped, parsed_lines, type_name
from persona_pipeline.core.sources.pasted import ONE_LINE_CHARS
from persona_pipeline.core.sources.turn_fast import make_turn

# 2: malformed fields cost a line, not the file; safe cuts; linear tag stripping. 3: activity stream.
# 4: pasted material out; replay bursts once; SDK flags judged per entry; queued prompts, prompts beside
# a slash command kept; client output after a command and non-human origins dropped. 6: shell sessions
# and all-quote prompts are pasted; a title, and blocks sharing its margin, go with a paste
# 7: answers to the agent's numbered items; Codex/Gemini compaction summaries; VS Code confirmation clicks
READER_VERSION = "claude-7"

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
_CONVERSATION = frozenset({"user", "assistant"})
# Entry points of headless / SDK runs: a program wrote those prompts, not the person.
_HEADLESS_ENTRYPOINTS = {"sdk-py", "sdk-ts", "sdk-cli", "headless", "mcp"}
# A replay (`--resume` copying earlier history into the file under new uuids) is written in one
# go: this many consecutive entries sharing one timestamp are a burst no person types.
REPLAY_BURST = 3
# Client output the CLI writes right after a command entry, as a plain user string, comes within
# this many seconds of it; nobody types a prompt that fast.
_CLIENT_ECHO_S = 5.0
# A queued text that is one markup element from end to end (`<channel source=…>…</channel>`):
# what a program sent through the queue, not typing.
_ONE_ELEMENT = re.compile(r"\A\s*<([A-Za-z][\w-]{0,40})(?:\s[^>]{0,2000})?>.*</\1>\s*\Z", re.DOTALL)
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


class _Queued:
    """A prompt typed while the agent was busy (`queue-operation` `enqueue`), until it is seen
    delivered (a user entry or a `queued_command` attachment with its text) or cancelled."""

    __slots__ = ("cancelled", "key", "line_no", "offset", "text", "timestamp")

    def __init__(self, text: str, line_no: int, offset: int, timestamp: str | None) -> None:
        self.text, self.key = text, _key(text)
        self.line_no, self.offset, self.timestamp = line_no, offset, timestamp
        self.cancelled = False


def _key(text: str) -> str:
    return " ".join(text.split()).casefold()


def _kept_keys(st: _State) -> set[str]:
    """The keys of the texts kept so far (made here, at the first look-up after a kept prompt: most
    files queue nothing, and a long prompt's key costs a split, a join and a casefold)."""
    if st.unkeyed:
        st.kept_keys.update(map(_key, st.unkeyed))
        st.unkeyed.clear()
    return st.kept_keys


class _State:
    # slots: a dozen attribute reads and writes per line, each cheaper than through a __dict__
    __slots__ = (
        "activity",
        "after_command",
        "agent_words",
        "assistant_id",
        "assistant_text",
        "burst_turns",
        "human",
        "kept_keys",
        "pending_signal",
        "prompts_seen",
        "queued",
        "run_len",
        "run_start",
        "run_ts",
        "sdk_entrypoint",
        "seen_uuids",
        "side_question",
        "turns",
        "unkeyed",
    )

    def __init__(self) -> None:
        self.seen_uuids: set[str] = set()
        # per-entry machine detection: SDK-flagged entries are the person's only when the file
        # shows a person at the keyboard somewhere (an interrupt, a refusal, a human origin, an
        # interactive entry point)
        self.sdk_entrypoint: str | None = None
        self.human = False
        # replay bursts: the current run of entries sharing one timestamp, and the turns it made
        self.run_ts: object = None
        self.run_len = 0
        self.run_start = 0  # index of the run's first turn in `turns`
        self.burst_turns: set[int] = set()
        # queued prompts, and the texts already kept (so a delivery is kept once)
        self.queued: list[_Queued] = []
        self.kept_keys: set[str] = set()
        self.unkeyed: list[str] = []  # kept texts whose key is made only when one is looked up
        # the last user entry was a slash command with nothing after it yet: (uuid, timestamp)
        self.after_command: tuple[object, object] | None = None
        self.assistant_id: str | None = None
        self.assistant_text = ""
        # the agent's words in this file (shingle hashes, memory only): what a prompt pastes back
        self.agent_words = AgentWords()
        self.pending_signal: str | None = None
        self.turns: list[Turn] = []
        self.prompts_seen = 0
        self.side_question = False
        self.activity = act.Activity(self.turns, _tool_summary, _tool_edits, _EDIT_TOOLS)


def read_claude(path: Path) -> ReadResult:
    stats = ReadStats()
    st = _State()
    # `/btw` side questions live in their own `agent-aside_question-*` file, run as a sidechain:
    # its first user entry (after a system-reminder preamble) is the person's question
    st.side_question = path.name.startswith(SIDE_QUESTION_PREFIX)
    lines = parsed_lines(path, stats)  # `read_entries` without a lambda call per line
    try:
        try:
            for e, line_no, offset in lines:
                _handle(e, line_no, offset, st, stats)
                if stats.machine_generated:
                    break
        finally:
            lines.close()  # its line and byte counts are added on close, before any result
    except FileSkipped as exc:
        return ReadResult.finish([], stats, exc.reason)
    _end_run(st)
    _flush_queued(st, stats)
    if st.sdk_entrypoint is not None and not st.human:
        stats.machine_generated = f"entrypoint:{st.sdk_entrypoint}"
    _drop_replayed(st, stats)
    st.activity.finish()
    return ReadResult.finish(st.turns, stats)


def _end_run(st: _State) -> None:
    if st.run_len >= REPLAY_BURST:
        st.burst_turns.update(range(st.run_start, len(st.turns)))
    st.run_ts, st.run_len, st.run_start = None, 0, len(st.turns)


def _drop_replayed(st: _State, stats: ReadStats) -> None:
    """A turn made inside a replay burst whose content the file already holds is a copy: kept once."""
    if not st.burst_turns:
        return
    seen = {(t.kind, _key(t.text), t.context) for i, t in enumerate(st.turns) if i not in st.burst_turns}
    kept: list[Turn] = []
    for i, t in enumerate(st.turns):
        if i in st.burst_turns:
            k = (t.kind, _key(t.text), t.context)
            if k in seen:
                stats.skip("replay_duplicate")
                continue
            seen.add(k)
        kept.append(t)
    st.turns[:] = kept


def _handle(e: dict[str, Any], line_no: int, offset: int, st: _State, stats: ReadStats) -> None:
    etype = e.get("type")
    if etype.__class__ is not str or etype not in KNOWN_TYPE_NAMES:  # a known name is its own label
        etype = type_name(etype)
    by_type = stats.entries_by_type  # `stats.saw` and `stats.skip` on their own dicts: no method call a line
    by_type[etype] = by_type.get(etype, 0) + 1
    if etype == "queue-operation":
        _queue_operation(e, line_no, offset, st, stats)
        return
    if etype == "attachment":
        _attachment(e, line_no, offset, st, stats)
        return
    if etype not in _CONVERSATION:
        reason = etype if etype in _BOOKKEEPING else "unknown_type"
        skips = stats.skips
        skips[reason] = skips.get(reason, 0) + 1
        return
    uuid = e.get("uuid")
    if isinstance(uuid, str):
        if uuid in st.seen_uuids:
            stats.skip("duplicate_uuid")
            return
        st.seen_uuids.add(uuid)
    ts = e.get("timestamp")  # the run of entries sharing one timestamp (a replay burst)
    if ts != st.run_ts or not isinstance(ts, str):
        # `_end_run(st)` inlined (a call per line), then the new run's timestamp
        if st.run_len >= REPLAY_BURST:
            st.burst_turns.update(range(st.run_start, len(st.turns)))
        st.run_ts, st.run_len, st.run_start = ts, 0, len(st.turns)
    st.run_len += 1
    if stats.session_id is None and isinstance(e.get("sessionId"), str):
        stats.session_id = e["sessionId"]
    cwd = e.get("cwd")
    if isinstance(cwd, str) and cwd != stats.cwd:  # a pydantic attribute write only on a change
        stats.cwd = cwd
    entrypoint = e.get("entrypoint")
    if isinstance(entrypoint, str) and entrypoint:
        if entrypoint in _HEADLESS_ENTRYPOINTS:
            st.sdk_entrypoint = st.sdk_entrypoint or entrypoint
        elif etype == "user" and not e.get("isSidechain"):
            st.human = True  # an interactive client (cli, claude-vscode, …) wrote this entry
    if e.get("isSidechain") and not (st.side_question and etype == "user" and st.prompts_seen == 0):
        stats.skip("sidechain")
        return
    if etype == "assistant":
        st.after_command = None
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
    origin = e.get("origin")
    kind = origin.get("kind") if isinstance(origin, dict) else None
    if isinstance(kind, str):
        if kind != "human":  # task notifications, peer messages: the client wrote them
            stats.skip(f"origin:{type_name(kind)}")
            return
        st.human = True
    _user(e, line_no, offset, st, stats)


def _queue_operation(e: dict[str, Any], line_no: int, offset: int, st: _State, stats: ReadStats) -> None:
    """enqueue: the person typed while the agent was busy. Delivered later as a user entry
    (`dequeue`) or mid-turn as a `queued_command` attachment; `popAll` / a plain `remove` took it
    back into the prompt box (re-sent edited, as a new entry). Kept once, at the end if no
    delivery carried it."""
    stats.skip("queue-operation")
    op = e.get("operation")
    content = e.get("content")
    text = _plain_text(content)
    if op == "enqueue":
        if text.strip():
            # (no sign of a person by itself: SDK streaming input and peer messages queue too)
            st.queued.append(
                _Queued(text, line_no, offset, e.get("timestamp") if isinstance(e.get("timestamp"), str) else None)
            )
        return
    if op == "popAll":
        for q in st.queued:
            q.cancelled = True
        return
    if op == "remove" and e.get("reason") is None:
        target = next((q for q in st.queued if not q.cancelled and (not text or q.key == _key(text))), None)
        if target is not None:
            target.cancelled = True


def _plain_text(content: Any) -> str:
    """Text of a string or a list of content blocks (images left out)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            b if isinstance(b, str) else b["text"]
            for b in content
            if isinstance(b, str)
            or (isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str))
        )
    return ""


def _attachment(e: dict[str, Any], line_no: int, offset: int, st: _State, stats: ReadStats) -> None:
    att = e.get("attachment")
    if not isinstance(att, dict) or att.get("type") != "queued_command" or e.get("isSidechain"):
        stats.skip("attachment")
        return
    origin = att.get("origin")
    kind = origin.get("kind") if isinstance(origin, dict) else None
    if isinstance(kind, str) and kind != "human":
        stats.skip(f"origin:{type_name(kind)}")
        return
    if att.get("commandMode") not in (None, "prompt"):  # `!cmd` bash mode and the like
        stats.skip("bash_input")
        return
    text = _plain_text(att.get("prompt"))
    if not text.strip():
        stats.skip("attachment")
        return
    if kind == "human":
        st.human = True
    _prompt(text, e, line_no, offset, st, stats, queued=True)


def _flush_queued(st: _State, stats: ReadStats) -> None:
    """Queued prompts no delivery carried (absorbed without an attachment, or the session ended)."""
    pending, st.queued = st.queued, []
    for q in pending:
        if q.cancelled:
            stats.skip("queued_cancelled")
        elif q.key not in _kept_keys(st):
            _prompt(q.text, {"timestamp": q.timestamp}, q.line_no, q.offset, st, stats, queued=True)


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
    call_id: str,
    block: dict[str, Any],
    body: str,
    refused: bool,
    e: dict[str, Any],
    line_no: int,
    offset: int,
    st: _State,
    stats: ReadStats,
) -> None:
    """A result the tracker must see with a `where`: refused, failed, or a success it cites (`_user`
    asked `Activity.ok` first, which settles a success that cites nothing)."""
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
    if isinstance(message, dict):
        msg_id = message.get("id")
        blocks = message.get("content")
        if isinstance(blocks, str):
            blocks = [{"type": "text", "text": blocks}]
        elif not isinstance(blocks, list):
            blocks = []
    else:
        msg_id, blocks = None, []
    # One reply is split over several entries sharing message.id: merge their text.
    if msg_id != st.assistant_id or msg_id is None:
        st.assistant_id = msg_id
        texts_so_far = ""
    else:
        texts_so_far = st.assistant_text
    added = False
    for block in blocks:
        if not isinstance(block, dict):
            continue
        btype = block.get("type")
        if btype == "text" and isinstance(block.get("text"), str):
            texts_so_far = (texts_so_far + "\n" + block["text"])[-2000:]
            st.agent_words.add_agent(block["text"])
            added = True
        elif btype == "tool_use":
            _tool_use(block, e, line_no, offset, st, stats)
    if added:
        st.assistant_text = texts_so_far.strip()
    skips = stats.skips
    skips["assistant"] = skips.get("assistant", 0) + 1


def _user(e: dict[str, Any], line_no: int, offset: int, st: _State, stats: ReadStats) -> None:
    message = e.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        blocks: list[Any] = [content]  # a plain prompt: the text block it stands for, without the dict
    elif isinstance(content, list):
        blocks = content
    else:
        blocks = []
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
            skips = stats.skips
            skips["tool_result"] = skips.get("tool_result", 0) + 1
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
            if refused:
                st.human = True  # a person refused the call
            call_id = block.get("tool_use_id")
            # a success that cites nothing is settled by `ok` (no `where` built, no call made)
            if isinstance(call_id, str) and (refused or block.get("is_error") is True or not st.activity.ok(call_id)):
                _tool_result(call_id, block, body, refused, e, line_no, offset, st, stats)
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
    # `raw.lstrip()` copied only when raw opens with a blank
    if (raw.lstrip() if raw[:1].isspace() else raw).startswith(ut.INTERRUPT_MARKER):
        stats.skip("interrupt_marker")
        st.pending_signal = "interrupt"
        st.human = True
        _, _, raw = raw.lstrip().partition("\n")  # a marker entry rarely carries text after it
        if not raw.strip():
            return
    after_command, st.after_command = st.after_command, None
    kind = ut.wrapper_kind(raw)
    if kind:
        stats.skip(kind)
        return
    if after_command is not None and _client_echo(e, raw, after_command):
        stats.skip("command_output")
        return
    command = ut.slash_command(raw)
    if command is not None:
        name, args = command
        beside = ut.text_beside_command(raw)
        st.after_command = (e.get("uuid"), e.get("timestamp"))
        if args and not ut.is_bookkeeping_command(name):
            text = f"{args}\n\n{beside}" if beside else args
            _prompt(text, e, line_no, offset, st, stats, kind=TurnKind.SLASH_COMMAND)
            return
        stats.skip("slash_command_bookkeeping")
        if beside:  # a prompt typed in the same message as the command
            _prompt(beside, e, line_no, offset, st, stats)
        return
    bare = ut.raw_command_name(raw)
    if bare is not None:  # "/name …" as plain text (a command the client did not expand): it may answer
        st.after_command = (e.get("uuid"), e.get("timestamp"))
        if not raw.strip()[len(bare) + 1 :].strip():
            stats.skip("slash_command_bookkeeping")  # a bare command name is no prose
            return
    _prompt(raw, e, line_no, offset, st, stats)


def _client_echo(e: dict[str, Any], raw: str, command: tuple[object, object]) -> bool:
    """A plain user string the client wrote in answer to the command entry just before it (an
    unknown skill, a command's one-line result): one short line, parented on the command entry or
    written within seconds of it."""
    text = raw.strip()
    if "\n" in text or len(text) > 300:
        return False
    uuid, ts = command
    parent = e.get("parentUuid")
    if isinstance(parent, str) and isinstance(uuid, str) and parent != uuid:
        return False
    return _seconds_between(ts, e.get("timestamp")) <= _CLIENT_ECHO_S


def _seconds_between(a: object, b: object) -> float:
    if not isinstance(a, str) or not isinstance(b, str):
        return float("inf")
    try:
        return abs(
            (
                datetime.fromisoformat(b.replace("Z", "+00:00")) - datetime.fromisoformat(a.replace("Z", "+00:00"))
            ).total_seconds()
        )
    except ValueError:
        return float("inf")


def _prompt(
    raw: str,
    e: dict[str, Any],
    line_no: int,
    offset: int,
    st: _State,
    stats: ReadStats,
    kind: TurnKind = TurnKind.PROMPT,
    queued: bool = False,
) -> None:
    """One typed prompt: scaffolding stripped, pasted material out, kept once per delivery."""
    text = ut.unwrap_cli_invocation(ut.strip_injected(raw))
    key: str | None = None
    pending = None
    if st.queued:
        key, raw_key = _key(text), _key(raw)
        pending = next((q for q in st.queued if not q.cancelled and q.key in (key, raw_key)), None)
    if pending is not None:
        st.queued.remove(pending)  # this entry delivers the queued prompt
    elif queued:
        key = _key(text) if key is None else key
        if key in _kept_keys(st):
            stats.skip("queued_duplicate")
            return
    if key is None:
        st.unkeyed.append(text)
    else:
        st.kept_keys.add(key)
    if queued:
        wrapper = ut.wrapper_kind(raw) or ("queued_wrapper" if _ONE_ELEMENT.match(raw) else None)
        if wrapper:  # a peer or channel message carried by the queue: one `<tag …>…</tag>` element
            stats.skip(wrapper)
            return
        name = ut.raw_command_name(raw)
        if name is not None and ut.is_bookkeeping_command(name):
            stats.skip("slash_command_bookkeeping")
            return
    if not text:
        stats.skip("empty_after_scaffolding")
        return
    if st.prompts_seen == 0 and any(m in text for m in _OBSERVER_MARKERS):
        stats.machine_generated = "memory_observer_prompt"
        return
    if ":" in text or "\n" in text or len(text) >= ONE_LINE_CHARS or "[Pasted text #" in text:
        text = ut.typed_part(text, stats)
        if not text:
            st.pending_signal = None  # the reply to an interrupt was all pasted: its signal ends with it
            return
    # else one short stripped line without a colon or a paste marker: `typed_part` leaves it as it
    # is and counts nothing (no plan-accept opener, relay or region fits it; `Conversation.user`)
    text = ut.own_part(text, st.agent_words, stats)
    if not text:
        st.pending_signal = None  # (the same: the agent's words pasted back)
        return
    st.prompts_seen += 1
    text, signal, truncated = ut.settle_turn(text, st.pending_signal, st.assistant_text, stats)
    st.pending_signal = None
    if signal:
        tier, turn_kind = Tier.T1, TurnKind.CORRECTION
        context = ut.tail(st.assistant_text) if st.assistant_text else ""
    elif kind is TurnKind.PROMPT and st.assistant_text and answers_items(text, st.assistant_text):
        # the reply goes through the agent's numbered items by number: this task's choices
        tier, turn_kind, context = Tier.T2, TurnKind.ANSWER, ""
    else:
        tier, turn_kind, context = Tier.T2, kind, ""
    if queued:
        stats.saw("queued_prompt")
    ts = e.get("timestamp")
    # an entry names its own session: a replay copied from an earlier session keeps that session's
    # id where the client kept it, so its support is not counted twice
    sid = e.get("sessionId")
    st.turns.append(
        make_turn(
            line_no,
            offset,
            e.get("uuid") if isinstance(e.get("uuid"), str) else None,
            sid if isinstance(sid, str) and sid else stats.session_id,
            ts if isinstance(ts, str) else None,
            stats.cwd,
            tier,
            turn_kind,
            signal,
            text,
            context,
            truncated,
        )
    )


def claude_home(host: readers.Host) -> Path:
    return host.agent_home(".claude", "CLAUDE_CONFIG_DIR")


READER = readers.Reader(
    kind="claude",
    agent="Claude Code",
    version=READER_VERSION,
    setting="claude_dirs",
    default_roots=lambda host: [claude_home(host) / "projects"],
    discover=discover_claude,
    read=lambda unit: read_claude(unit.path),
    project_in_key=True,
    sample_roots=("claude/projects",),
    has_history=readers.has_file_ending(".jsonl"),
    global_instructions=lambda host: [claude_home(host) / "CLAUDE.md"],
)
