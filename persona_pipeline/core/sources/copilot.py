"""GitHub Copilot: VS Code chat sessions and the Copilot CLI's event logs.

Formats (public descriptions: VS Code's `chatModel.ts` serialisation as summarised by
`Dicklesworthstone/franken_agent_detection` `src/connectors/copilot_vscode.rs` and
`ryansmccoy/feed-spine docs/features/copilot-chat-ingestion/README.md`; the CLI's events by
`franken_agent_detection` `copilot_cli.rs` and the Copilot SDK's event names):

- VS Code, `<Code>/User/workspaceStorage/<hash>/chatSessions/<session>.json` (one JSON document
  (until 1.108), or from 1.109 `<session>.jsonl`, a log of mutations replayed to that document:
  `{sessionId, requesterUsername, customTitle?, requests:[{requestId, message:{text, parts[]},
  variableData:{variables[]}, response:[parts], result:{metadata:{renderedUserMessage,
  renderedGlobalContext, toolCallRounds, toolCallResults}}, timestamp (ms), isCanceled?,
  isHidden?}]}`), with
  `workspace.json` beside `chatSessions/` naming the folder; sessions of empty windows under
  `globalStorage/emptyWindowChatSessions/`; the older extension store
  `globalStorage/github.copilot-chat/*.json` (`[{id, workspaceFolder, turns:[{request:{message,
  timestamp}, response}]}]`).
- CLI, `~/.copilot/session-state/<session>/events.jsonl`: one event a line, `{type, data,
  timestamp}` with types `session.start` (`data.context.cwd`), `user.message` (`data.content`;
  `data.transformedContent` is the prompt with injected context, `data.attachments` files),
  `assistant.message` (`content`, `reasoningText`, `toolRequests`), `tool.execution_start`
  (`toolCallId, toolName, arguments`), `tool.execution_complete` (`toolCallId, success, result,
  error`), `abort`.

Kept: what the person typed (`message.text` without its `@participant` / `/command` routing parts;
`data.content`), T1 after a cancelled or aborted response or a refused tool. Dropped, counted:
attached context (`variableData`, `attachments`), the prompt as sent (`result.metadata`:
rendered with injected context, tool rounds and results; `transformedContent`),
responses and tool output (the tail of a response stays as a correction's context), reasoning,
hidden requests, titles and the account name (never read). Activity: refused and failed tool
calls, recoveries and file edits (`textEditGroup` parts; the CLI's edit/create tools).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from persona_pipeline.core.models import ReadStats, Turn
from persona_pipeline.core.sources import activity as act
from persona_pipeline.core.sources import readers
from persona_pipeline.core.sources.chat_turns import (
    ASSISTANT_TAIL,
    Conversation,
    ToolArgs,
    iso_from_epoch,
    load_json,
    workspace_folder,
)
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.core.sources.jsonl_stream import FileSkipped, parsed_lines, read_entries, type_name

# copilot-2: answers to the agent's numbered items (`answers.py`), confirmation clicks, compaction summaries
READER_VERSION = "copilot-2"
KIND = "copilot"
MAX_SESSION_BYTES = 256 * 1024 * 1024  # a VS Code session is one document (screenshots inline)
_SESSION_DIRS = {"chatSessions": "vscode", "emptyWindowChatSessions": "vscode-empty-window"}
_LEGACY_DIR = "github.copilot-chat"
_ROUTING_PARTS = frozenset({"agent", "subcommand"})  # `@workspace`, `/explain`: routing, not prose
_CANCELLED = "interrupt"


# --- discovery ---------------------------------------------------------------------------------
def _key(folder: list[str], name: str) -> str | None:
    """`vscode/<workspace hash>/<session>.json`, `vscode-empty-window/<session>.json`,
    `vscode-legacy/<file>.json`, `cli/<session>/events.jsonl`: hashes and ids, no user names."""
    clean = readers.clean
    if name.endswith((".json", ".jsonl")) and name != "events.jsonl" and folder:
        container = _SESSION_DIRS.get(folder[-1])
        if container == "vscode" and len(folder) >= 3 and folder[-3] == "workspaceStorage":
            return f"vscode/{clean(folder[-2])}/{clean(name)}"
        if container is not None and container != "vscode":
            return f"{container}/{clean(name)}"
        if folder[-1] == _LEGACY_DIR and name.endswith(".json"):
            return f"vscode-legacy/{clean(name)}"
    if name == "events.jsonl" and len(folder) >= 2 and folder[-2] == "session-state":
        return f"cli/{clean(folder[-1])}/events.jsonl"
    return None


# The folders a walk enters: VS Code's `User/` holds far more than chats (file history, every
# extension's storage), and a sensor tick stats every folder it enters.
_WALKED = frozenset(
    {"User", ".copilot", "workspaceStorage", "globalStorage", "session-state", _LEGACY_DIR, *_SESSION_DIRS}
)


def _descend(folders: list[str]) -> bool:
    return folders[-1] in _WALKED or (len(folders) >= 2 and folders[-2] in ("workspaceStorage", "session-state"))


def _discover(roots: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    """Every session file under the roots (a VS Code `User` folder, `~/.copilot`, or a folder of
    theirs); a `<id>.json` beside its own `<id>.jsonl` (VS Code migrated the session to the append
    log and left the old file) is the same session, read once: from the log."""
    return readers.without_migrated(readers.discover_files(KIND, roots, ignored, _key, _descend), ignored)


def _default_roots(host: readers.Host) -> list[Path]:
    return [*host.user_dirs(readers.VSCODE_FAMILY), host.agent_home(".copilot", "COPILOT_HOME")]


# --- VS Code chat sessions ---------------------------------------------------------------------
def _message_text(message: Any) -> Any:
    """What the person typed: `message.text` without the ranges of its routing parts."""
    if isinstance(message, str):
        return message
    if not isinstance(message, dict):
        return None
    text = message.get("text")
    parts = message.get("parts")
    if not isinstance(text, str) or not isinstance(parts, list):
        return text
    cuts = []
    for p in parts:
        if not isinstance(p, dict) or p.get("kind") not in _ROUTING_PARTS or not isinstance(p.get("range"), dict):
            continue
        start, end = p["range"].get("start"), p["range"].get("endExclusive")
        if isinstance(start, int) and isinstance(end, int) and 0 <= start <= end <= len(text):
            cuts.append((start, end))
    if cuts:  # (most messages route nowhere)
        for start, end in sorted(cuts, reverse=True):
            text = text[:start] + text[end:]
    return text


def _response_parts(response: Any) -> list[dict[str, Any]]:
    if isinstance(response, dict):  # the legacy store: {value: [...]} or {message: "..."}
        response = response.get("value", response.get("message"))
    if isinstance(response, str):
        return [{"value": response}]
    return [p for p in response if isinstance(p, dict)] if isinstance(response, list) else []


def _markdown(part: dict[str, Any]) -> str:
    value = part.get("value")
    if isinstance(value, dict):  # {kind: "markdownContent", content: {value}}
        value = value.get("value")
    content = part.get("content")
    if value is None and isinstance(content, dict):
        value = content.get("value")
    return value if isinstance(value, str) else ""


def _uri_path(uri: Any) -> str | None:
    if isinstance(uri, dict):
        for k in ("fsPath", "path"):
            if isinstance(uri.get(k), str):
                return uri[k]
    return uri if isinstance(uri, str) else None


def _vscode_tool_summary(tool: str, raw: Any, cwd: str | None) -> str:
    return raw if isinstance(raw, str) else act.compact_json(raw)


def _vscode_edits(tool: str, raw: Any) -> list[tuple[str, str]]:
    """An edit group's file (its new text is not in the session: no function names)."""
    return [(raw, "")] if tool == _EDIT and isinstance(raw, str) else []


_EDIT = "Edit"  # as Claude Code names its edits


class _Session:
    """One VS Code session's pass: its conversation state and activity tracker."""

    def __init__(self, stats: ReadStats, cwd: str | None) -> None:
        self.chat = Conversation(stats)
        self.cwd = cwd
        self.activity = act.Activity(self.chat.turns, _vscode_tool_summary, _vscode_edits, frozenset({_EDIT}))


def _response(parts: list[dict[str, Any]], where: act.Where, s: _Session, stats: ReadStats) -> None:
    """The assistant's side: its text is a correction's context; tool invocations and edit groups
    feed the activity stream; everything else is counted and dropped."""
    texts: list[str] = []
    skips = stats.skips  # `stats.skip` on its own dict: no method call per part
    for i, part in enumerate(parts):
        kind = part.get("kind")
        if kind in (None, "markdownContent"):
            texts.append(_markdown(part))
        elif kind == "toolInvocationSerialized":
            _tool_invocation(part, i, where, s, stats)
        elif kind == "textEditGroup":
            path = _uri_path(part.get("uri"))
            if path:
                s.activity.call(f"edit:{where[0]}:{i}", _EDIT, path, where)
                s.activity.result(f"edit:{where[0]}:{i}", act.Outcome.OK, where)
            skips["response:textEditGroup"] = skips.get("response:textEditGroup", 0) + 1
        else:
            reason = f"response:{type_name(kind)}"
            skips[reason] = skips.get(reason, 0) + 1
    skips["response"] = skips.get("response", 0) + 1
    s.chat.assistant("\n".join(filter(None, texts)))  # the non-empty texts


def _tool_invocation(part: dict[str, Any], i: int, where: act.Where, s: _Session, stats: ReadStats) -> None:
    tool = part.get("toolId")
    if not isinstance(tool, str) or not tool:
        stats.skip("tool_call_malformed")
        return
    call_id = part.get("toolCallId") if isinstance(part.get("toolCallId"), str) else f"{where[0]}:{i}"
    summary = part.get("invocationMessage")
    if isinstance(summary, dict):
        summary = summary.get("value")
    s.activity.call(call_id, tool, summary if isinstance(summary, str) else "", where)
    confirmed = part.get("isConfirmed")
    if confirmed is False or (isinstance(confirmed, dict) and confirmed.get("type") in (0, "denied", "rejected")):
        s.activity.result(call_id, act.Outcome.REJECTED, where)
        s.chat.signal("rejected_tool_use")
    else:
        s.activity.result(call_id, act.Outcome.OK, where)
    stats.skip("tool_output")


def _vscode_turns(unit: SourceUnit, location: str, stats: ReadStats) -> list[Turn]:
    """`location` as a `str`: the few path steps a session needs cost less than building a `Path`."""
    parent, name = os.path.split(location)
    if name.endswith(".jsonl") and name != ".jsonl":  # `Path.suffix == ".jsonl"`
        data = _replay(Path(location), stats)
    else:
        data = load_json(location, MAX_SESSION_BYTES)
        stats.raw_bytes = unit.size
    if isinstance(data, list):  # the legacy extension store: a list of conversations
        return _legacy_turns(unit, data, stats)
    if not isinstance(data, dict) or not isinstance(data.get("requests"), list):
        raise FileSkipped("not_a_chat_session")
    session_id = data.get("sessionId") if isinstance(data.get("sessionId"), str) else Path(location).stem
    stats.session_id = session_id
    # workspaceStorage/<hash>/ beside chatSessions/
    in_sessions = os.path.basename(parent) == "chatSessions"
    s = _Session(stats, workspace_folder(os.path.dirname(parent)) if in_sessions else None)
    stats.cwd = s.cwd
    requests = data["requests"]
    bad = 0
    # `stats.saw` / `stats.skip` on their own dicts (same keys, same order): no method call a request
    skips, by_type = stats.skips, stats.entries_by_type
    try:
        for n, req in enumerate(requests, start=1):
            if not isinstance(req, dict):
                bad += 1
                skips["request_malformed"] = skips.get("request_malformed", 0) + 1
                continue
            by_type["request"] = by_type.get("request", 0) + 1
            ts = iso_from_epoch(req.get("timestamp"))
            if req.get("isHidden") is True:
                skips["hidden_request"] = skips.get("hidden_request", 0) + 1
                continue
            variables = req.get("variableData")
            if isinstance(variables, dict) and isinstance(variables.get("variables"), list):
                skips["attached_context"] = skips.get("attached_context", 0) + len(variables["variables"])
            result = req.get("result")
            if isinstance(result, dict) and result.get("metadata"):
                # the prompt as sent (injected context, tool rounds): never read
                skips["rendered_prompt"] = skips.get("rendered_prompt", 0) + 1
            rid = req.get("requestId") if isinstance(req.get("requestId"), str) else None
            if isinstance(req.get("confirmation"), str):
                # a click on a confirmation's button ("Continue" under Copilot agent's "Continue to
                # iterate?"): VS Code wrote the request's text (`chatModel.ts` keeps the clicked
                # label as `confirmation`; the text is `${label}: "${title}"`), not the person
                skips["ide_confirmation"] = skips.get("ide_confirmation", 0) + 1
            else:
                # positional: (raw, line_no, offset, session_id, timestamp, cwd, entry_uuid)
                s.chat.user(_message_text(req.get("message")), n, 0, session_id, ts, s.cwd, rid)
            where: act.Where = (n, 0, rid, ts, session_id, s.cwd)
            _response(_response_parts(req.get("response")), where, s, stats)
            if req.get("isCanceled") is True:
                s.chat.signal(_CANCELLED)  # the person stopped this response: their next words correct it
    finally:
        # counted once (a pydantic attribute write per request cost more than most requests)
        stats.lines_total += len(requests)
        stats.lines_bad += bad
    s.activity.finish()
    return s.chat.turns


# --- the append log (VS Code 1.109+: `chatSessions/<id>.jsonl`) -------------------------------
def _replay(path: Path, stats: ReadStats) -> Any:
    """The session document a mutation log replays to: `{kind: 0, v}` a snapshot, `{kind: 1, k, v}`
    a set at key path `k`, `{kind: 2, k, v, i?}` a push onto the array at `k` (truncated to `i`
    first), `{kind: 3, k}` a delete. A mutation whose path does not resolve is counted and skipped."""
    state: list[Any] = [None]

    def apply(e: dict[str, Any], line_no: int, offset: int) -> None:
        kind, keys = e.get("kind"), e.get("k")
        if kind == 0:
            state[0] = e.get("v")
            stats.saw("snapshot")
            return
        if kind not in (1, 2, 3) or not isinstance(keys, list) or not keys:
            stats.skip("mutation_unknown")
            return
        stats.saw(f"mutation:{kind}")
        parent = state[0]
        for k in keys[:-1]:
            parent = _step(parent, k)
        last = keys[-1]
        if kind == 2:
            target = _step(parent, last)
            if not isinstance(target, list):
                stats.skip("mutation_unresolved")
                return
            if isinstance(e.get("i"), int):
                del target[e["i"] :]
            if isinstance(e.get("v"), list):
                target.extend(e["v"])
        elif isinstance(parent, dict) and isinstance(last, str):
            if kind == 1:
                parent[last] = e.get("v")
            else:
                parent.pop(last, None)
        elif isinstance(parent, list) and isinstance(last, int) and 0 <= last < len(parent) + (kind == 1):
            if kind == 3:
                del parent[last]
            elif last == len(parent):
                parent.append(e.get("v"))
            else:
                parent[last] = e.get("v")
        else:
            stats.skip("mutation_unresolved")

    read_entries(path, stats, apply)
    if state[0] is None:
        raise FileSkipped("no_snapshot")
    return state[0]


def _step(node: Any, key: Any) -> Any:
    if isinstance(node, dict) and isinstance(key, str):
        return node.get(key)
    if isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(node):
        return node[key]
    return None


def _legacy_turns(unit: SourceUnit, conversations: list[Any], stats: ReadStats) -> list[Turn]:
    """`globalStorage/github.copilot-chat/*.json`: `[{id, workspaceFolder, turns:[{request, response}]}]`."""
    turns: list[Turn] = []
    n = 0
    for conv in conversations:
        if not isinstance(conv, dict) or not isinstance(conv.get("turns"), list):
            stats.skip("conversation_malformed")
            continue
        stats.saw("conversation")
        sid = conv.get("id") if isinstance(conv.get("id"), str) else None
        cwd = conv.get("workspaceFolder") if isinstance(conv.get("workspaceFolder"), str) else None
        s = _Session(stats, cwd)
        s.chat.turns = turns
        s.activity.turns = turns
        for t in conv["turns"]:
            n += 1
            stats.lines_total += 1
            request = t.get("request") if isinstance(t, dict) else None
            if not isinstance(request, dict):
                stats.lines_bad += 1
                stats.skip("turn_malformed")
                continue
            ts = iso_from_epoch(request.get("timestamp"))
            s.chat.user(_message_text(request.get("message")), line_no=n, session_id=sid, timestamp=ts, cwd=cwd)
            _response(_response_parts(t.get("response")), (n, 0, None, ts, sid, cwd), s, stats)
    return turns


# --- Copilot CLI events ------------------------------------------------------------------------
_EDIT_TOOLS = frozenset({"edit", "create", "write", "str_replace", "str_replace_editor", "apply_patch"})
_CLI_ARGS = ToolArgs(
    path_keys=("path", "file_path", "filePath"),
    new_text_keys=("new_str", "file_text", "content", "newText", "new_string"),
)


class _Cli:
    def __init__(self, stats: ReadStats, session_id: str) -> None:
        self.chat = Conversation(stats)
        self.session_id = session_id
        self.cwd: str | None = None
        self.activity = act.Activity(self.chat.turns, _CLI_ARGS.summarize, _CLI_ARGS.edits, _EDIT_TOOLS)
        self.seen: dict[str | None, int] = {}  # event type -> count

    def where(self, e: dict[str, Any], line_no: int, offset: int) -> act.Where:
        ts = e.get("timestamp")
        return (
            line_no,
            offset,
            e.get("id"),
            ts if isinstance(ts, str) else iso_from_epoch(ts),
            self.session_id,
            self.cwd,
        )


# What a CLI event costs when it carries nothing of the person's: counted by its type (a plain dict
# per file, flushed once: a pydantic attribute write per event cost more than the event).
_CLI_SKIPS = {
    "session.start": "session_start",
    "assistant.message": "assistant",
    "tool.execution_complete": "tool_output",
}


def _cli_turns(path: Path, stats: ReadStats) -> list[Turn]:
    """One events.jsonl. The dispatch is inlined in the line loop (a CLI session is thousands of
    small events, each one C parse: a function call and a `where` tuple per event were most of the
    reader's time); a `where` is built only where it is stored or cited."""
    c = _Cli(stats, path.parent.name)
    stats.session_id = c.session_id
    seen, activity, chat = c.seen, c.activity, c.chat
    pending, call, ok = activity.pending, activity.call, activity.ok  # bound once, called per event
    skips = stats.skips  # `stats.skip` on its own dict: no method call per event
    lines = parsed_lines(path, stats)
    try:
        for e, line_no, offset in lines:
            etype = e.get("type")
            key = etype if isinstance(etype, str) else None
            seen[key] = seen.get(key, 0) + 1
            data = e.get("data")
            if not isinstance(data, dict):
                data = {}
            if etype == "tool.execution_complete":
                call_id = data.get("toolCallId")
                if not isinstance(call_id, str):
                    continue
                if not data.get("error") and data.get("success") is not False:
                    if ok(call_id):  # True too for a call not pending: nothing to do
                        continue  # a success that cites nothing (`_cli_tool_result`'s last branch)
                elif not pending(call_id):
                    continue
                _cli_tool_result(data, call_id, c.where(e, line_no, offset), c)
            elif etype == "tool.execution_start":
                call_id, tool = data.get("toolCallId"), data.get("toolName")
                if isinstance(call_id, str) and isinstance(tool, str) and tool:
                    ts = e.get("timestamp")  # `c.where(e, line_no, offset)`, inlined: one per call
                    ts = ts if isinstance(ts, str) else iso_from_epoch(ts)
                    call(call_id, tool, data.get("arguments"), (line_no, offset, e.get("id"), ts, c.session_id, c.cwd))
                else:
                    skips["tool_call_malformed"] = skips.get("tool_call_malformed", 0) + 1
            elif etype == "assistant.message":
                text = data.get("content")  # `chat.assistant`, inlined: one strip
                if isinstance(text, str):
                    text = text.strip()
                    if text:
                        chat.assistant_text = text[-ASSISTANT_TAIL:]
                        chat.agent_words.add_agent(text)
                if data.get("reasoningText"):
                    skips["reasoning"] = skips.get("reasoning", 0) + 1
            elif etype == "user.message":
                if data.get("transformedContent") is not None:
                    # the prompt as sent, with the client's context in it
                    skips["injected_prompt"] = skips.get("injected_prompt", 0) + 1
                attachments = data.get("attachments")
                if isinstance(attachments, list) and attachments:
                    skips["attached_context"] = skips.get("attached_context", 0) + len(attachments)
                ts, uuid = e.get("timestamp"), e.get("id")  # what `c.where` would hold
                chat.user(  # positional: (raw, line_no, offset, session_id, timestamp, cwd, entry_uuid)
                    data.get("content"),
                    line_no,
                    offset,
                    c.session_id,
                    ts if isinstance(ts, str) else iso_from_epoch(ts),
                    c.cwd,
                    uuid if isinstance(uuid, str) else None,
                )
            elif etype == "session.start":
                context = data.get("context") if isinstance(data.get("context"), dict) else data
                if isinstance(context.get("cwd"), str):
                    c.cwd = stats.cwd = context["cwd"]
                if isinstance(data.get("sessionId"), str):
                    c.session_id = stats.session_id = data["sessionId"]
            elif key is not None and ("abort" in key or "cancel" in key):
                chat.signal(_CANCELLED)
    finally:
        lines.close()  # its line and byte counts are added on close
        _flush_counts(c, stats)
    activity.finish()
    return c.chat.turns


def _flush_counts(c: _Cli, stats: ReadStats) -> None:
    for raw, n in c.seen.items():
        name = type_name(raw)
        stats.entries_by_type[name] = stats.entries_by_type.get(name, 0) + n
        if raw == "user.message":
            continue
        if raw in _CLI_SKIPS:
            reason = _CLI_SKIPS[raw]
        elif raw is not None and ("abort" in raw or "cancel" in raw):
            reason = "abort"
        else:
            reason = f"event:{name}"
        stats.skip(reason, n)


def _cli_tool_result(data: dict[str, Any], call_id: str, where: act.Where, c: _Cli) -> None:
    error = data.get("error")
    message = error.get("message") if isinstance(error, dict) else error if isinstance(error, str) else ""
    if isinstance(message, str) and "denied" in message.lower() and "user" in message.lower():
        c.activity.result(call_id, act.Outcome.REJECTED, where)
        c.chat.signal("rejected_tool_use")
    elif data.get("success") is False or error:
        c.activity.result(call_id, act.Outcome.ERROR, where, message if isinstance(message, str) else "")
    else:
        c.activity.result(call_id, act.Outcome.OK, where)


def _turns(unit: SourceUnit, stats: ReadStats) -> list[Turn]:
    location = os.fspath(unit.location)
    if os.path.basename(location) == "events.jsonl":
        return _cli_turns(Path(location), stats)
    return _vscode_turns(unit, location, stats)


READER = readers.Reader(
    kind=KIND,
    agent="GitHub Copilot",
    version=READER_VERSION,
    setting="copilot_dirs",
    default_roots=_default_roots,
    discover=_discover,
    read=readers.streamed(_turns),
    sample_roots=("copilot",),
    global_instructions=lambda host: [host.agent_home(".copilot", "COPILOT_HOME") / "copilot-instructions.md"],
)
