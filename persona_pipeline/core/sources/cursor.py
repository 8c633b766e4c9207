"""Cursor: the IDE's chats in its SQLite `state.vscdb` stores.

Format (public descriptions: `Dicklesworthstone/franken_agent_detection` `src/connectors/cursor.rs`,
`stwalsh4118/clio docs/api-specs/cursor/cursor-api.md`): under `<Cursor>/User/` a global
`globalStorage/state.vscdb` and one `workspaceStorage/<id>/state.vscdb` per workspace (with the
VS Code-style `workspace.json` beside it). Table `cursorDiskKV(key, value)`:
`composerData:<composerId>` = `{composerId, name (auto-generated title), createdAt,
fullConversationHeadersOnly:[{bubbleId, type}]}` (older builds inline `conversation:[bubbles]`),
`bubbleId:<composerId>:<bubbleId>` = `{type (1 the person, 2 the agent), text, richText (the
editor state of the same words), context (attached files, selections), thinking,
toolFormerData (a tool call: name, params, result, status, userDecision), createdAt,
workspaceProjectDir | workspaceUris}`. `ItemTable` key
`workbench.panel.aichat.view.aichat.chatdata` holds the pre-composer chat tabs
(`{tabs:[{bubbles:[{type:"user"|"ai", text}]}]}`).

One unit per store (a store holds many chats: `many_sessions`, digested per composer); its
fingerprint is the stats of the file and its `-wal` (Cursor writes in WAL mode). The store is read
through `sqlite_snapshot` (read-only, a private copy when Cursor's lock keeps readers out). Kept:
the person's `text`; T1 after a refused tool call or by a correction opener. Dropped, counted:
`richText`, attached `context`, agent text (its tail is a correction's context), thinking, tool
output, titles. Activity: refused and failed tool calls, recoveries, file edits.

The `cursor-agent` CLI's `~/.cursor/chats/<hash>/<id>/store.db` is read by `cursor_cli.py`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from persona_pipeline.core.models import ReadStats, Turn
from persona_pipeline.core.sources import activity as act
from persona_pipeline.core.sources import readers, sqlite_snapshot
from persona_pipeline.core.sources.chat_turns import (
    Conversation,
    LocalCounts,
    ToolArgs,
    folder_of_uri,
    iso_from_epoch,
    workspace_folder,
)
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.core.sources.jsonl_stream import FileSkipped

# cursor-2: answers to the agent's numbered items (`answers.py`), confirmation clicks, compaction summaries
READER_VERSION = "cursor-2"
KIND = "cursor"
STORE = "state.vscdb"
_COMPOSER = "composerData:"
_LEGACY_CHAT = "workbench.panel.aichat.view.aichat.chatdata"
_USER, _AGENT = 1, 2
MAX_VALUE_BYTES = 64 * 1024 * 1024  # one row's JSON (a bubble with a pasted image stays far below)


# --- discovery ---------------------------------------------------------------------------------
def _key(folder: list[str], name: str) -> str | None:
    """`global/state.vscdb`, `workspace/<id>/state.vscdb`: ids only, no user names."""
    if name != STORE or not folder:
        return None
    if folder[-1] == "globalStorage":
        return f"global/{STORE}"
    if len(folder) >= 2 and folder[-2] == "workspaceStorage":
        return f"workspace/{readers.clean(folder[-1])}/{STORE}"
    return None


def _descend(folders: list[str]) -> bool:
    """Only the stores' folders: Cursor's `User/` also holds file history and extension storage."""
    return folders[-1] in ("User", "globalStorage", "workspaceStorage") or (
        len(folders) >= 2 and folders[-2] == "workspaceStorage"
    )


def _discover(roots: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    return readers.discover_files(KIND, roots, ignored, _key, _descend)


# --- reading -----------------------------------------------------------------------------------
def _json(value: Any, stats: ReadStats) -> Any:
    if value is None:
        return None
    if isinstance(value, str):
        value = value.encode("utf-8", "surrogatepass")
    if not isinstance(value, bytes) or len(value) > MAX_VALUE_BYTES:
        stats.skip("row_unreadable")
        return None
    try:
        return orjson.loads(value)
    except (orjson.JSONDecodeError, RecursionError):
        stats.lines_bad += 1
        stats.skip("row_invalid_json")
        return None


_EDIT_TOOLS = frozenset({"edit_file", "search_replace", "write", "edit_file_v2", "MultiEdit", "apply_patch"})
_ARGS = ToolArgs(
    path_keys=("target_file", "file_path", "relative_workspace_path", "path"),
    new_text_keys=("code_edit", "contents", "new_string", "content"),
)


class _Store:
    """A pass over one store: turns of every composer, and the line counter that orders them."""

    __slots__ = ("activity", "base_cwd", "chat", "counts", "cwd", "flush", "line", "skip", "stats")

    def __init__(self, stats: ReadStats, cwd: str | None) -> None:
        self.stats = stats
        self.base_cwd = self.cwd = cwd  # a workspace store's folder; the global store's chats name their own
        self.chat = Conversation(stats)
        self.activity = act.Activity(self.chat.turns, _ARGS.summarize, _ARGS.edits, _EDIT_TOOLS)
        self.line = 0
        self.counts = LocalCounts(stats)  # per-bubble skips, added to the stats once
        self.skip = self.counts.skip
        self.flush = self.counts.flush


def _bubble_cwd(bubble: dict[str, Any]) -> str | None:
    d = bubble.get("workspaceProjectDir")
    if isinstance(d, str) and d:
        return d
    uris = bubble.get("workspaceUris")
    if isinstance(uris, list):
        return next((f for u in uris if (f := folder_of_uri(u))), None)
    return None


def _chat_cwd(bubbles: list[Any], default: str | None) -> str | None:
    """The first folder a chat's bubbles name (`_bubble_cwd`), else `default`: a loop with the usual
    miss (no `workspaceProjectDir`, no `workspaceUris`) inlined, as most chats name none in any bubble."""
    for b in bubbles:
        if isinstance(b, dict):
            d = b.get("workspaceProjectDir")
            if (d is None or d == "") and b.get("workspaceUris") is None:
                continue  # `_bubble_cwd(b)` is None
            c = _bubble_cwd(b)
            if c:
                return c
    return default


def _chat(bubbles: list[Any], session_id: str | None, s: _Store) -> None:
    """One chat's bubbles, in order. The per-bubble work is inlined in this loop, over locals: a
    store holds thousands of short bubbles, and a call and the state's lookups per bubble cost
    as much as the rest of a short one."""
    counts = s.counts.counts  # skips counted in the plain dict `LocalCounts` adds once
    chat, cwd = s.chat, s.cwd
    user, assistant = chat.user, chat.assistant
    line = s.line
    try:
        for b in bubbles:
            line += 1
            if not isinstance(b, dict):
                counts["bubble_malformed"] = counts.get("bubble_malformed", 0) + 1
                continue
            get = b.get
            kind = get("type")
            if get("richText") is not None:
                counts["rich_text"] = counts.get("rich_text", 0) + 1  # the editor's state of the same words
            if get("context"):
                counts["attached_context"] = counts.get("attached_context", 0) + 1
            if kind == _USER:
                counts["saw:bubble:user"] = counts.get("saw:bubble:user", 0) + 1
                bid = get("bubbleId")
                # positional: (raw, line_no, offset, session_id, timestamp, cwd, entry_uuid)
                user(
                    get("text"),
                    line,
                    0,
                    session_id,
                    iso_from_epoch(get("createdAt")),
                    cwd,
                    bid if isinstance(bid, str) else None,
                )
            elif kind == _AGENT:
                counts["saw:bubble:agent"] = counts.get("saw:bubble:agent", 0) + 1
                counts["agent"] = counts.get("agent", 0) + 1
                assistant(get("text"))
                if get("thinking"):
                    counts["thinking"] = counts.get("thinking", 0) + 1
                tool = get("toolFormerData")
                if isinstance(tool, dict):  # the time is converted only where it is cited
                    _tool(tool, (line, 0, None, iso_from_epoch(get("createdAt")), session_id, cwd), s)
            else:
                s.skip(f"bubble_type:{kind}" if isinstance(kind, int) and 0 <= kind < 100 else "bubble_type:<other>")
    finally:
        s.line = line


def _tool(tool: dict[str, Any], where: act.Where, s: _Store) -> None:
    name = tool.get("name")
    if not isinstance(name, str) or not name:
        s.skip("tool_call_malformed")
        return
    call_id = tool.get("toolCallId") if isinstance(tool.get("toolCallId"), str) else f"{where[0]}"
    activity, raw = s.activity, tool.get("params", tool.get("rawArgs"))
    decision, status = tool.get("userDecision"), tool.get("status")
    if decision == "rejected":
        activity.call(call_id, name, raw, where)
        activity.result(call_id, act.Outcome.REJECTED, where)
        s.chat.signal("rejected_tool_use")
    elif status in ("error", "failed"):
        activity.call(call_id, name, raw, where)
        result = tool.get("result")
        activity.result(call_id, act.Outcome.ERROR, where, result if isinstance(result, str) else "")
    elif not activity.succeeded(call_id, name, raw, where):  # `call` then `result(OK)`, nothing stored
        activity.result(call_id, act.Outcome.OK, where)  # an error of the tool waits for its recovery
    s.skip("tool_output")


def _composers(con: sqlite3.Connection, s: _Store) -> Iterator[tuple[str, dict[str, Any]]]:
    """(composer id, composerData) in key order, streamed (one row at a time)."""
    upper = _COMPOSER[:-1] + chr(ord(_COMPOSER[-1]) + 1)
    for key, value in con.execute(
        "SELECT key, value FROM cursorDiskKV WHERE key >= ? AND key < ? ORDER BY key", [_COMPOSER, upper]
    ):
        data = _json(value, s.stats)
        if not isinstance(data, dict):
            if data is not None:
                s.stats.skip("composer_malformed")
            continue
        key = key.decode("utf-8", "replace") if isinstance(key, bytes) else str(key)
        yield key[len(_COMPOSER) :], data


def _bubbles(con: sqlite3.Connection, cid: str, data: dict[str, Any], s: _Store) -> list[Any]:
    """One composer's bubbles in conversation order: the headers' order, else by creation time."""
    inline = data.get("conversation")
    if isinstance(inline, list):
        return inline
    prefix = f"bubbleId:{cid}:"
    rows = con.execute(
        "SELECT key, value FROM cursorDiskKV WHERE key >= ? AND key < ?", [prefix, prefix[:-1] + ";"]
    ).fetchall()  # one conversation at a time
    by_id: dict[str, Any] = {}
    stats, skip, loads = s.stats, len(prefix), orjson.loads
    for key, value in rows:
        # `_json` inlined for the usual value (bytes within the limit, valid JSON, not `null`):
        # anything else goes through it, which records the skip exactly as before
        bubble = None
        if type(value) is bytes and len(value) <= MAX_VALUE_BYTES:
            try:
                bubble = loads(value)
            except (orjson.JSONDecodeError, RecursionError):
                bubble = _json(value, stats)
        else:
            bubble = _json(value, stats)
        if bubble is not None:
            by_id[(key.decode("utf-8", "replace") if isinstance(key, bytes) else str(key))[skip:]] = bubble
    headers = data.get("fullConversationHeadersOnly")
    if isinstance(headers, list):
        order = [h.get("bubbleId") for h in headers if isinstance(h, dict)]
        missing = sum(1 for b in order if b not in by_id)
        if missing:
            s.stats.skip("bubble_missing", missing)
        return [by_id[b] for b in order if b in by_id]
    return sorted(by_id.values(), key=lambda b: str(b.get("createdAt", "")) if isinstance(b, dict) else "")


def _legacy_tabs(con: sqlite3.Connection, s: _Store) -> None:
    row = con.execute("SELECT value FROM ItemTable WHERE key = ?", [_LEGACY_CHAT]).fetchone()
    data = _json(row[0], s.stats) if row else None
    tabs = data.get("tabs") if isinstance(data, dict) else None
    for tab in tabs if isinstance(tabs, list) else []:
        if not isinstance(tab, dict) or not isinstance(tab.get("bubbles"), list):
            s.stats.skip("tab_malformed")
            continue
        s.chat.new_conversation()
        s.cwd = s.base_cwd
        sid = tab.get("tabId") if isinstance(tab.get("tabId"), str) else None
        _chat(
            [
                {**b, "type": _USER if b["type"] == "user" else _AGENT}
                if isinstance(b, dict) and b.get("type") in ("user", "ai")
                else b
                for b in tab["bubbles"]
            ],
            sid,
            s,
        )


def _turns(unit: SourceUnit, stats: ReadStats) -> list[Turn]:
    stats.raw_bytes = unit.size
    s = _Store(
        stats, workspace_folder(unit.path.parent) if unit.path.parent.parent.name == "workspaceStorage" else None
    )
    stats.cwd = s.cwd
    with sqlite_snapshot.snapshot(unit.path) as con:
        try:
            names = sqlite_snapshot.tables(con)
            if "cursorDiskKV" in names:
                for cid, data in _composers(con, s):
                    stats.saw("composer")
                    if data.get("name"):
                        stats.skip("title")  # generated by the client, never read
                    s.chat.new_conversation()
                    bubbles = _bubbles(con, cid, data, s)
                    # the folder the chat's bubbles name (the global store holds every workspace's)
                    s.cwd = _chat_cwd(bubbles, s.base_cwd)
                    _chat(bubbles, cid, s)
            if "ItemTable" in names:
                _legacy_tabs(con, s)
            if not names & {"cursorDiskKV", "ItemTable"}:
                stats.skip("no_chat_tables")
        except sqlite3.DatabaseError as exc:
            raise FileSkipped(sqlite_snapshot.reason(exc)) from None
        finally:
            s.flush()
            stats.lines_total = s.line
    s.activity.finish()
    return s.chat.turns


READER = readers.Reader(
    kind=KIND,
    agent="Cursor",
    version=READER_VERSION,
    setting="cursor_dirs",
    default_roots=lambda host: [host.config_dir() / "Cursor" / "User"],
    discover=_discover,
    read=readers.streamed(_turns),
    fingerprint=readers.wal_fingerprint,
    many_sessions=True,
    sample_roots=("cursor",),
)
