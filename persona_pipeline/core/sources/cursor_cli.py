"""Cursor's `cursor-agent` CLI: one SQLite `store.db` per chat.

Format (no vendor documentation; public descriptions by independent readers that agree:
`vshulcz/deja-vu` `docs/registry/cursor.md` and PR #3821, `corveil/crow` PR #1105,
`cppalliance/cppa-cursor-browser` issue #7, `stablyai/orca` issue #11370, `getagentseal/codeburn`
issue #986, `kenn-io/agentsview` PR #1664, `agentgrep.org/backends/cursor-cli`, and a "Cursor Agent
Database Format" guide found by the code search):
- `~/.cursor/chats/<md5 of the project's absolute path>/<agent id>/store.db` (WAL mode), moved by
  `CURSOR_CONFIG_DIR`; newer builds use `$XDG_CONFIG_HOME/cursor/` (`~/.config/cursor/`).
  Tables `meta(key, value)` and `blobs(id, data)`. `meta` row `'0'` is hex-encoded JSON:
  `agentId` (the folder's name), `latestRootBlobId`, `name` (a generated title), `mode`,
  `createdAt` (epoch ms), `lastUsedModel`, and `blobEncryptionKey` (the blobs are plaintext
  today; the key is never read or kept). `meta.json` beside the store repeats it with the `cwd`;
  without it, the project is the path in the `<user_info>` preamble whose md5 is the folder's name.
- Blobs are content-addressed (id = sha256 hex of the data). The root named by `latestRootBlobId`
  is protobuf whose repeated field 1 holds 32-byte child ids, in message order; a child is a
  message (one JSON object, `{role, content}` in the Vercel AI SDK shape) or another such node;
  a node may carry a JSON message in a later field. Older roots (earlier states of the chat) stay
  in the table: only the tree under the latest one is the chat.
- Roles: `system` (the client's prompt), `user` (`content` a string or text parts: the typed words
  in `<user_query>…</user_query>`, after the client's context blocks — `<user_info>` (OS, shell,
  workspace path), rules, attached files, …; the first user message can be that preamble alone),
  `assistant` (parts `text`, `reasoning`, `tool-call {toolCallId, toolName, args}`), `tool`
  (parts `tool-result {toolCallId, toolName, result, isError}`). No per-message time field; the
  client writes a `<timestamp>` block into each user message.

One unit per store (`cursor_cli/<project hash>/<agent id>/store.db`: ids only; a store under
folders of other shapes is left out, counted), one session; the project hash is the key's project
part (`forget <project>` scopes on it); fingerprint = the stats of the file and its `-wal`. Read
through `sqlite_snapshot` (read-only, a private copy when a lock keeps readers out); the root's
children from one pass over `blobs` in insertion order (`_messages`); a message repeated word for
word is one blob named twice, read each time. Kept: the insides of the top-level `<user_query>`
blocks (or, without one, the text after the leading known context blocks), T2, T1 by a correction
opener (no refusal is recorded in a form described publicly). A turn takes its `<timestamp>`
block's time, else the chat's `createdAt`. Dropped, counted: context blocks by tag
(`injected:<tag>` for the tags the descriptions name, else `injected:other`), context-only
messages, image- or attachment-only messages, system prompts, assistant text (its tail is a
correction's context), reasoning, tool output, the title. Activity: failed tool calls, recoveries,
edits (Cursor's `Write`/`StrReplace`/…).

Not read, on purpose: `~/.cursor/projects/<path with dashes>/agent-transcripts/` (`<id>.txt`,
newer `<id>/<id>.jsonl`) repeats the store's turns without the preamble (deja-vu found every chat
with a store had a transcript beside it), in a looser text format, with a folder name made of the
home path; `prompt_history.json` is the up-arrow buffer of the same prompts, without session or
time. Reading either as well would count each prompt twice.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import orjson

from persona_pipeline.core.models import ReadStats, Turn
from persona_pipeline.core.sources import activity as act
from persona_pipeline.core.sources import prompt_time, readers, sqlite_snapshot
from persona_pipeline.core.sources.activity_log import BatchedExcerpts
from persona_pipeline.core.sources.chat_turns import Conversation, LocalCounts, ToolArgs, _head, iso_from_epoch
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.core.sources.jsonl_stream import FileSkipped, type_name

# 2: top-level queries only, per-turn times, repeats read, id-shaped keys; 3: answers to the agent's
# numbered items (`answers.py`), confirmation clicks, compaction summaries
READER_VERSION = "cursor_cli-3"
KIND = "cursor_cli"
STORE = "store.db"
MAX_BLOB_BYTES = 64 * 1024 * 1024
MAX_NODES = 100_000  # blobs visited in one chat, repeats included (a runaway or shared tree stops here)
MAX_META_BYTES = 1024 * 1024
_QUERY_OPEN, _QUERY_CLOSE = "<user_query>", "</user_query>"
# a context block's opener at the start of the remaining text: `<name>` or `<name attr…>`
_OPENER = re.compile(r"<([A-Za-z][\w.-]{0,63})(?:\s[^<>]{0,500})?>")
_BLOCK = re.compile(r"\s*" + _OPENER.pattern)
_MAX_UNCLOSED = 64  # tags found unclosed around a query before the count of its blocks stops
_ID = re.compile(r"[0-9a-fA-F-]{8,64}")  # an md5, a uuid (never `extensions/`, `projects/`)


# --- discovery ---------------------------------------------------------------------------------
_MD5 = re.compile(r"[0-9a-fA-F]{32}")


def _key(folder: list[str], name: str) -> str | None:
    """`<project hash>/<agent id>/store.db` (an md5 and an id: no user names); None for a store
    anywhere else, or under folders of other names (`home/alice/store.db`: a name)."""
    if name != STORE or len(folder) < 2 or not _MD5.fullmatch(folder[-2]) or not _ID.fullmatch(folder[-1]):
        return None
    return f"{folder[-2]}/{folder[-1]}/{STORE}"


def _descend(folders: list[str]) -> bool:
    """`chats/`, and below it the hash and id folders only (`~/.cursor` holds extensions, projects)."""
    last = folders[-1]
    return last == "chats" or _ID.fullmatch(last) is not None


def _discover(roots: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    """The stores under `chats/<md5>/<id>/`; one elsewhere is left out and counted
    (`unexpected_layout`): its folders' names could be anything, a user's among them."""

    def key_of(folder: list[str], name: str) -> str | None:
        key = _key(folder, name)
        if key is None and name == STORE:
            ignored["unexpected_layout"] = ignored.get("unexpected_layout", 0) + 1
        return key

    return readers.discover_files(KIND, roots, ignored, key_of, _descend)


def _default_roots(host: readers.Host) -> list[Path]:
    """`$CURSOR_CONFIG_DIR/chats` when set, `~/.cursor/chats`, and the XDG config folder's
    `cursor/chats` (newer builds; on every OS, as the CLI reads `XDG_CONFIG_HOME` on macOS too)."""
    roots = [host.agent_home(".cursor", "CURSOR_CONFIG_DIR") / "chats"]
    xdg = host.env.get("XDG_CONFIG_HOME")
    roots.append((Path(xdg).expanduser() if xdg else host.home / ".config") / "cursor" / "chats")
    return roots


# --- the blob tree -----------------------------------------------------------------------------
class _Undecodable(Exception):
    """A node that is neither JSON nor well-formed protobuf."""


def _varint(data: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    n = len(data)
    while True:
        if i >= n or shift > 63:
            raise _Undecodable
        b = data[i]
        i += 1
        value |= (b & 0x7F) << shift
        if b < 0x80:
            return value, i
        shift += 7


def _fields(data: bytes) -> list[tuple[int, bytes]]:
    """The length-delimited fields of a protobuf message, (field number, bytes), in order; other
    wire types are stepped over. `_Undecodable` for anything that is not protobuf."""
    out: list[tuple[int, bytes]] = []
    i, n = 0, len(data)
    while i < n:
        if data[i] == 0x0A and i + 34 <= n and data[i + 1] == 0x20:  # field 1, 32 bytes: a child id
            out.append((1, data[i + 2 : i + 34]))
            i += 34
            continue
        tag, i = _varint(data, i)
        wire, number = tag & 7, tag >> 3
        if number == 0:
            raise _Undecodable
        if wire == 2:
            size, i = _varint(data, i)
            if i + size > n:
                raise _Undecodable
            out.append((number, data[i : i + size]))
            i += size
        elif wire == 0:
            _, i = _varint(data, i)
        elif wire == 1:
            i += 8
        elif wire == 5:
            i += 4
        else:
            raise _Undecodable
        if i > n:
            raise _Undecodable
    return out


def _blob(con: sqlite3.Connection, bid: bytes, counts: dict[str, int]) -> bytes | None:
    """One blob's data by its id; None (counted) when absent or unusable."""
    row = con.execute("SELECT data FROM blobs WHERE id = ?", (bid.hex(),)).fetchone()
    if row is None:
        counts["blob_missing"] = counts.get("blob_missing", 0) + 1
        return None
    return _usable(row[0], counts)


def _usable(data: Any, counts: dict[str, int]) -> bytes | None:
    if type(data) is not bytes:
        counts["blob_unreadable"] = counts.get("blob_unreadable", 0) + 1
        return None
    if len(data) > MAX_BLOB_BYTES:
        counts["blob_too_large"] = counts.get("blob_too_large", 0) + 1
        return None
    return data


def _decoded(data: bytes, counts: dict[str, int]) -> Any:
    """A blob as a message (its parsed JSON), a node (`_Node`: its child ids and carried messages,
    in field order), or None (counted) when it is neither."""
    if data[:1] == b"{":
        try:
            return orjson.loads(data)
        except (orjson.JSONDecodeError, RecursionError):
            counts["blob_invalid_json"] = counts.get("blob_invalid_json", 0) + 1
            return None
    try:
        fields = _fields(data)
    except _Undecodable:
        counts["blob_undecodable"] = counts.get("blob_undecodable", 0) + 1
        return None
    items: list[Any] = []
    for number, value in fields:
        if number == 1 and len(value) == 32:
            items.append(value)
            continue
        if value[:1] == b"{":
            try:
                items.append(_Carried(orjson.loads(value)))
                continue
            except (orjson.JSONDecodeError, RecursionError):
                pass
        counts["blob_field_other"] = counts.get("blob_field_other", 0) + 1
    return _Node(items)


class _Budget:
    """Nodes a chat may still visit (a tree that shares its subtrees, or is simply huge, stops here)."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left

    def spend(self, counts: dict[str, int]) -> bool:
        """Take one node; False (counted once) when none is left."""
        if self.left <= 0:
            if self.left == 0:
                counts["blob_tree_too_large"] = counts.get("blob_tree_too_large", 0) + 1
                self.left = -1
            return False
        self.left -= 1
        return True


_CYCLE = object()  # a root child that is the root itself


def _messages(con: sqlite3.Connection, root: str, counts: dict[str, int]) -> Iterator[Any]:
    """The chat's messages (parsed JSON) in order: the tree under `root`, depth first.

    The root's children are taken from one pass over the table in its own (insertion) order, which
    is the order a chat's messages were written in, so each is handed on as the pass reaches it and
    the pass stops at the last one; a child met before its turn waits (a table written in another
    order costs memory, never order). A look-up per child cost more than reading it. Deeper nodes
    (none in the chats described) are walked by id.

    Blobs are content-addressed: the same message typed twice is one blob named twice, and is read
    each time. Only a node naming one of its own ancestors (a cycle) is refused (`blob_cycle`), and
    a budget of nodes bounds a tree that shares subtrees (`blob_tree_too_large`)."""
    rid = bytes.fromhex(root)
    budget = _Budget(MAX_NODES)
    data = _blob(con, rid, counts)
    top = _decoded(data, counts) if data is not None else None
    if type(top) is not _Node:
        if top is not None:
            yield top
        return
    items = [_CYCLE if x == rid else x for x in top.items]
    want: dict[bytes, int] = {}  # hex id as SQLite returns it -> the position of its first mention
    again: dict[bytes, list[int]] = {}  # -> the positions of its later mentions (a repeated message)
    for i, x in enumerate(items):
        if type(x) is bytes:
            key = x.hex().encode()
            if key in want:
                again.setdefault(key, []).append(i)
            else:
                want[key] = i
    waiting: dict[int, Any] = {}
    nxt, end = 0, len(items)
    loads = orjson.loads
    if want:
        for key, value in con.execute("SELECT id, data FROM blobs"):
            if type(key) is not bytes:
                key = str(key).encode()
            i = want.get(key)
            if i is None:
                continue
            if again:
                for j in again.get(key, ()):
                    waiting[j] = value
            if i != nxt:
                waiting[i] = value
                continue
            if type(value) is bytes and value[:1] == b"{" and len(value) <= MAX_BLOB_BYTES:
                # the usual blob: the message due next (what `_child` does for it, inline)
                if budget.left > 0:
                    budget.left -= 1
                else:
                    budget.spend(counts)  # counted
                    return
                nxt += 1
                try:
                    yield loads(value)
                except (orjson.JSONDecodeError, RecursionError):
                    counts["blob_invalid_json"] = counts.get("blob_invalid_json", 0) + 1
                if not waiting and nxt < end and type(items[nxt]) is bytes:
                    continue  # nothing else ready: the next one is still ahead in the table
            else:
                waiting[i] = value
            while nxt < end:  # hand on every item now ready, in order
                x = items[nxt]
                if type(x) is _Carried:
                    yield x.message
                elif x is _CYCLE:
                    counts["blob_cycle"] = counts.get("blob_cycle", 0) + 1
                elif nxt in waiting:
                    yield from _child(con, waiting.pop(nxt), [rid, x], budget, counts)
                else:
                    break
                if budget.left < 0:
                    return
                nxt += 1
            if nxt >= end:
                break
    # the rest, in order, after a child the pass never met: what waits, carried messages, cycles
    for pos in range(nxt, end):
        x = items[pos]
        if type(x) is _Carried:
            yield x.message
        elif x is _CYCLE:
            counts["blob_cycle"] = counts.get("blob_cycle", 0) + 1
        elif pos in waiting:
            yield from _child(con, waiting.pop(pos), [rid, x], budget, counts)
        else:
            counts["blob_missing"] = counts.get("blob_missing", 0) + 1
        if budget.left < 0:
            return


def _child(
    con: sqlite3.Connection, value: Any, path: list[bytes], budget: _Budget, counts: dict[str, int]
) -> Iterator[Any]:
    """A root child's messages: the blob itself, or the tree under it (`path`: root, child)."""
    if not budget.spend(counts):
        return
    data = _usable(value, counts)
    node = _decoded(data, counts) if data is not None else None
    if type(node) is _Node:
        yield from _walk(con, node.items, path, budget, counts)
    elif node is not None:
        yield node


def _walk(
    con: sqlite3.Connection, items: list[Any], path: list[bytes], budget: _Budget, counts: dict[str, int]
) -> Iterator[Any]:
    """The messages under a node's `items`, depth first, each blob fetched by its id. `path`: the
    ids from the root to that node (a child naming one of them is a cycle, not read)."""
    frames: list[list[Any]] = [items]
    positions = [0]
    ids = [path[-1]]  # the node each frame lists the children of
    on_path = set(path)
    while frames:
        frame, i = frames[-1], positions[-1]
        if i >= len(frame):
            frames.pop()
            positions.pop()
            on_path.discard(ids.pop())
            continue
        positions[-1] = i + 1
        bid = frame[i]
        if type(bid) is _Carried:
            yield bid.message
            continue
        if bid in on_path:
            counts["blob_cycle"] = counts.get("blob_cycle", 0) + 1
            continue
        if not budget.spend(counts):
            return
        data = _blob(con, bid, counts)
        node = _decoded(data, counts) if data is not None else None
        if type(node) is _Node:
            frames.append(node.items)
            positions.append(0)
            ids.append(bid)
            on_path.add(bid)
        elif node is not None:
            yield node


class _Node:
    """A linking blob: its child ids (raw 32 bytes) and carried messages, in field order."""

    __slots__ = ("items",)

    def __init__(self, items: list[Any]) -> None:
        self.items = items


class _Carried:
    """A message a node holds in one of its own fields (not in a child blob)."""

    __slots__ = ("message",)

    def __init__(self, message: Any) -> None:
        self.message = message


# --- one chat ----------------------------------------------------------------------------------
_EDIT_TOOLS = frozenset({"Write", "StrReplace", "MultiEdit", "Edit", "edit_file", "search_replace", "write"})
_ARGS = ToolArgs(
    path_keys=("path", "file_path", "target_file", "filePath"),
    new_text_keys=("contents", "new_string", "content", "code_edit", "newString"),
)


def _text_of(content: Any, counts: dict[str, int]) -> str | None:
    """A message's text: the string, or its text parts joined (other parts counted by type)."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return None
    texts = []
    for p in content:
        ptype = p.get("type") if isinstance(p, dict) else None
        if ptype == "text" and isinstance(p.get("text"), str):
            texts.append(p["text"])
        else:
            reason = f"user_part:{type_name(ptype)}"
            counts[reason] = counts.get(reason, 0) + 1
    return "\n".join(texts) if texts else None


# The client's context blocks named in the public descriptions (the rest count as
# `injected:other`: a tag name can be anything a text holds, and skip reasons are stored)
_TAG_REASONS = {
    t: f"injected:{t}" for t in ("user_info", "rules", "attached_files", "timestamp", "context", "cursor_commands")
}
# Blocks a message without the `<user_query>` wrapper (older builds) may open with: the named ones
# and those public readers of Cursor's transcripts strip. Only these are cut there: a prompt that
# starts with `<div>…</div>` is the person's.
_CONTEXT_TAGS = frozenset(
    (
        *_TAG_REASONS,
        "system_reminder",
        "system_notification",
        "open_and_recently_viewed_files",
        "git_status",
        "agent_transcripts",
        "agent_skills",
        "image_files",
        "mcp_file_system",
        "additional_data",
        "project_layout",
    )
)


class _Closes:
    """The first `</name>` at or after a position. Searches move forward only (the one before
    answers any position between its start and its find), so a text is scanned about once a name."""

    __slots__ = ("found", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.found: dict[str, tuple[int, int]] = {}  # name -> (searched from, first close or -1)

    def find(self, name: str, pos: int) -> int:
        known = self.found.get(name)
        if known is not None and known[0] <= pos and (known[1] < 0 or pos <= known[1]):
            return known[1]
        close = self.text.find(f"</{name}>", pos)
        self.found[name] = (pos, close)
        return close


class _Tags:
    """Context blocks counted by tag (`injected:<tag>` for the known ones, else `injected:other`),
    and the text of the message's own `<timestamp>` block."""

    __slots__ = ("counts", "timestamp")

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = counts
        self.timestamp: str | None = None

    def add(self, name: str) -> None:
        reason = _TAG_REASONS.get(name, "injected:other")
        self.counts[reason] = self.counts.get(reason, 0) + 1


def _typed(text: str, tags: _Tags) -> str:
    """The person's words in a user message: the insides of its top-level `<user_query>` blocks
    (a `<user_query>` inside another block, say an attached file, is that block's text), or without
    one the text after the leading known context blocks; every context block counted by its tag,
    and a top-level `<timestamp>` block's text kept in `tags.timestamp`."""
    tags.timestamp = None
    if _QUERY_OPEN not in text:
        return _after_blocks(text, tags)
    kept: list[str] = []
    blocks: list[str] = []  # counted once the message proves to hold a query
    timestamp: str | None = None
    closes = _Closes(text)
    unclosed: set[str] = set()  # a tag found unclosed is not looked for again
    pos = 0
    while len(unclosed) < _MAX_UNCLOSED:
        m = _OPENER.search(text, pos)
        if m is None:
            break
        name = m.group(1)
        if m.group(0) == _QUERY_OPEN:
            end = _query_end(text, m.end(), closes)
            if end < 0:
                break  # an unclosed opener: not a query the client wrapped
            kept.append(text[m.end() : end].strip())
            pos = end + len(_QUERY_CLOSE)
            continue
        close = -1 if name in unclosed else closes.find(name, m.end())
        if close < 0:
            unclosed.add(name)
            pos = m.end()
            continue
        blocks.append(name)
        if name == "timestamp" and timestamp is None:
            timestamp = text[m.end() : close]
        pos = close + len(name) + 3
    if not kept:
        return _after_blocks(text, tags)
    for name in blocks:
        tags.add(name)
    tags.timestamp = timestamp
    return "\n\n".join(k for k in kept if k)


def _query_end(text: str, start: int, closes: _Closes) -> int:
    """Where the query opened before `start` ends: at its last `</user_query>` before the next
    top-level `<user_query>` (a closing tag the person typed inside stays in), -1 if none.

    Another query follows when a closing tag is followed by only whitespace and closed context
    blocks, then an opener."""
    end = text.rfind(_QUERY_CLOSE, start)
    if end < 0:
        return -1
    close = text.find(_QUERY_CLOSE, start)
    while close < end:
        after = _skip_blocks(text, close + len(_QUERY_CLOSE), closes)
        if text.startswith(_QUERY_OPEN, after):
            return close
        close = text.find(_QUERY_CLOSE, close + len(_QUERY_CLOSE))
    return end


def _skip_blocks(text: str, pos: int, closes: _Closes) -> int:
    """The position after the whitespace and closed known context blocks at `pos`."""
    while True:
        m = _BLOCK.match(text, pos)
        if m is None or m.group(1) not in _CONTEXT_TAGS:
            break
        close = closes.find(m.group(1), m.end())
        if close < 0:
            break
        pos = close + len(m.group(1)) + 3
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def _after_blocks(text: str, tags: _Tags) -> str:
    """The text after the known context blocks it opens with (each counted), stripped."""
    pos = 0
    while True:
        m = _BLOCK.match(text, pos)
        if m is None or m.group(1) not in _CONTEXT_TAGS:
            break
        close = text.find(f"</{m.group(1)}>", m.end())
        if close < 0:
            break
        tags.add(m.group(1))
        if m.group(1) == "timestamp" and tags.timestamp is None:
            tags.timestamp = text[m.end() : close]
        pos = close + len(m.group(1)) + 3
    return text[pos:].strip()


class _Chat:
    __slots__ = ("activity", "chat", "counts", "cwd", "line", "local", "project_hash", "sid", "stats", "tags", "ts")

    def __init__(self, stats: ReadStats, sid: str | None, ts: str | None, cwd: str | None) -> None:
        self.stats = stats
        self.chat = Conversation(stats)
        # (its failures' excerpts cut together at `finish`: no turn is read before it)
        self.activity = BatchedExcerpts(self.chat.turns, _ARGS.summarize, _ARGS.edits, _EDIT_TOOLS)
        self.local = LocalCounts(stats)
        self.counts = self.local.counts
        self.tags = _Tags(self.counts)
        self.sid, self.ts, self.cwd = sid, ts, cwd
        self.project_hash = ""  # the chats folder's name: md5 of the project path
        self.line = 0


def _read_messages(messages: Iterator[Any], c: _Chat) -> None:
    """One chat's messages in order. The per-message work is inlined in this loop, over locals (a
    chat holds a few hundred short messages: calls per message cost as much as the rest)."""
    counts, chat, activity, tags = c.counts, c.chat, c.activity, c.tags
    sid, ts, cwd = c.sid, c.ts, c.cwd
    created = ts  # the chat's createdAt: the time of whatever carries no `<timestamp>` of its own
    ok, result, ERROR, OK = activity.ok, activity.result, act.Outcome.ERROR, act.Outcome.OK
    # the latest assistant text, handed to `chat` only when a turn needs it (`Conversation.assistant`
    # strips and cuts it: once a turn, not once a reply)
    latest: str | None = None
    line = 0
    try:
        for m in messages:
            line += 1
            if type(m) is not dict:
                counts["message_malformed"] = counts.get("message_malformed", 0) + 1
                continue
            role = m.get("role")
            content = m.get("content")
            if role == "tool":
                for p in content if type(content) is list else [None]:
                    call_id = p.get("toolCallId") if type(p) is dict and p.get("type") == "tool-result" else None
                    if type(call_id) is not str:
                        counts["tool_result_malformed"] = counts.get("tool_result_malformed", 0) + 1
                        continue
                    counts["tool_output"] = counts.get("tool_output", 0) + 1
                    if p.get("isError") is True:
                        result(call_id, ERROR, (line, 0, None, ts, sid, cwd), _result_text(p.get("result")))
                    elif not ok(call_id):  # a success with an error of its tool waiting: a recovery?
                        result(call_id, OK, (line, 0, None, ts, sid, cwd))
            elif role == "assistant":
                if type(content) is list:
                    for i, p in enumerate(content):
                        ptype = p.get("type") if type(p) is dict else None
                        if ptype == "text":
                            counts["assistant_text"] = counts.get("assistant_text", 0) + 1
                            text = p.get("text")  # the text before a correction is its context
                            if type(text) is str and text and not text.isspace():  # what `chat.assistant` keeps
                                latest = text
                        elif ptype == "tool-call":
                            _call(p, i, (line, 0, None, ts, sid, cwd), activity, counts)
                        elif ptype == "reasoning":
                            counts["reasoning"] = counts.get("reasoning", 0) + 1
                        else:
                            reason = f"part:{type_name(ptype)}"
                            counts[reason] = counts.get(reason, 0) + 1
                elif isinstance(content, str):
                    counts["assistant_text"] = counts.get("assistant_text", 0) + 1
                    if content and not content.isspace():
                        latest = content
                else:
                    counts["message_malformed"] = counts.get("message_malformed", 0) + 1
            elif role == "user":
                text = _text_of(content, counts)
                if text is None:
                    reason = _no_text(content)
                    counts[reason] = counts.get(reason, 0) + 1
                    continue
                if cwd is None and c.project_hash and "<user_info>" in text:
                    cwd = c.cwd = c.stats.cwd = _cwd_from_info(text, c.project_hash)
                typed = _typed(text, tags)
                if tags.timestamp is not None:  # the client's time of this message; later events share it
                    ts = prompt_time.turn_time(tags.timestamp, created)
                if not typed:
                    counts["context_only"] = counts.get("context_only", 0) + 1
                    continue
                if latest is not None:
                    chat.assistant(latest)
                    latest = None
                chat.user(typed, line, 0, sid, ts, cwd, None)
            elif role == "system":
                counts["system_prompt"] = counts.get("system_prompt", 0) + 1
            else:
                reason = f"role:{type_name(role)}"
                counts[reason] = counts.get(reason, 0) + 1
    finally:
        c.line = line


def _no_text(content: Any) -> str:
    """Why a user message holds no text: only images (`image_only`), only other attachments
    (`attachment_only`: files, and parts of other types), nothing at all, or malformed content."""
    if isinstance(content, list) and content and all(isinstance(p, dict) for p in content):
        types = [p.get("type") for p in content]
        if all(t == "image" for t in types):
            return "image_only"
        if all(isinstance(t, str) and t != "text" for t in types):
            return "attachment_only"
    if content == []:
        return "empty_message"
    return "user_message_malformed"


def _call(p: dict[str, Any], i: int, where: act.Where, activity: act.Activity, counts: dict[str, int]) -> None:
    name, call_id = p.get("toolName"), p.get("toolCallId")
    if not isinstance(name, str) or not name:
        counts["tool_call_malformed"] = counts.get("tool_call_malformed", 0) + 1
        return
    activity.call(call_id if isinstance(call_id, str) else f"{where[0]}:{i}", name, p.get("args"), where)


def _result_text(result: Any) -> str:
    if isinstance(result, str):
        return result
    if isinstance(result, list):
        return "\n".join(p["text"] for p in result if isinstance(p, dict) and isinstance(p.get("text"), str))
    return ""


# --- the store ---------------------------------------------------------------------------------
def _meta(con: sqlite3.Connection) -> dict[str, Any] | None:
    """Row `'0'` of `meta`: hex-encoded JSON (plain JSON accepted too); None if unreadable."""
    row = con.execute("SELECT value FROM meta WHERE key = '0'").fetchone()
    value = row[0] if row else None
    if isinstance(value, str):
        value = value.encode("utf-8", "surrogatepass")
    if not isinstance(value, bytes) or len(value) > MAX_META_BYTES:
        return None
    try:
        raw = value if value.lstrip()[:1] == b"{" else bytes.fromhex(value.decode("ascii"))
        data = orjson.loads(raw)
    except (ValueError, orjson.JSONDecodeError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _cwd_beside(folder: str) -> str | None:
    """The `cwd` of the `meta.json` beside the store (absent or unreadable: None)."""
    try:
        data = orjson.loads(_head(os.path.join(folder, "meta.json"), MAX_META_BYTES))
    except (OSError, orjson.JSONDecodeError, RecursionError):
        return None
    cwd = data.get("cwd") if isinstance(data, dict) else None
    return cwd if isinstance(cwd, str) and cwd else None


# where an absolute path may start (not inside a word or another path); it runs to the end of its
# line, and may hold spaces (`/Users/x/My Projects/app`), so each prefix ending at a space is tried
_PATH_START = re.compile(r"(?<![\w/\\])(?:/|[A-Za-z]:[\\/])")
_PATH_END = re.compile(r"[\r\n\"'`<>]")
_SPACE = re.compile(r"\s")
_MAX_PATH_CHARS = 1000
_MAX_TRIES = 2000  # md5s of candidates per preamble (a hostile one is all slashes and spaces)


def _cwd_from_info(text: str, project_hash: str) -> str | None:
    """The project folder named in the `<user_info>` preamble, recovered, never guessed: the first
    absolute path there (trailing punctuation off; spaces allowed) whose md5 is the chats folder's
    name."""
    start = text.find("<user_info>")
    end = text.find("</user_info>", start)
    if start < 0 or end < 0:
        return None
    stop = min(end, start + 20_000)
    tries = 0
    for found in _PATH_START.finditer(text, start + len("<user_info>"), stop):
        line_end = _PATH_END.search(text, found.start(), min(stop, found.start() + _MAX_PATH_CHARS))
        line = text[found.start() : line_end.start() if line_end else min(stop, found.start() + _MAX_PATH_CHARS)]
        cuts = [m.start() for m in islice(_SPACE.finditer(line), 64)]
        for cut in [*cuts, len(line)]:
            path = line[:cut].rstrip().rstrip(".,;:)")
            for candidate in (path, path.rstrip("/\\")):
                tries += 1
                if tries > _MAX_TRIES:
                    return None
                if (
                    candidate
                    and hashlib.md5(candidate.encode("utf-8", "surrogatepass"), usedforsecurity=False).hexdigest()
                    == project_hash
                ):
                    return candidate
    return None


_ROOT = re.compile(r"[0-9a-fA-F]{64}")


def _turns(unit: SourceUnit, stats: ReadStats) -> list[Turn]:
    stats.raw_bytes = unit.size
    path = unit.path
    with sqlite_snapshot.snapshot(path) as con:
        try:
            if not {"meta", "blobs"} <= sqlite_snapshot.tables(con):
                stats.skip("no_chat_tables")
                return []
            meta = _meta(con)
            if meta is None:
                stats.skip("meta_unreadable")
                return []
            root = meta.get("latestRootBlobId")
            if not isinstance(root, str) or not _ROOT.fullmatch(root):
                stats.skip("no_root_blob")
                return []
            sid = meta.get("agentId") if isinstance(meta.get("agentId"), str) else path.parent.name
            cwd = meta.get("cwd") if isinstance(meta.get("cwd"), str) else _cwd_beside(os.path.dirname(unit.location))
            stats.session_id, stats.cwd = sid, cwd
            if meta.get("name"):
                stats.skip("title")  # generated by the client, never read
            c = _Chat(stats, sid, iso_from_epoch(meta.get("createdAt")), cwd)
            c.project_hash = os.path.basename(os.path.dirname(os.path.dirname(unit.location))).lower()
            stats.saw("chat")
            try:
                _read_messages(_messages(con, root.lower(), c.counts), c)
            finally:
                c.local.flush()
                stats.lines_total = c.line
        except sqlite3.DatabaseError as exc:
            raise FileSkipped(sqlite_snapshot.reason(exc)) from None
    c.activity.finish()
    return c.chat.turns


READER = readers.Reader(
    kind=KIND,
    agent="Cursor CLI",
    version=READER_VERSION,
    setting="cursor_cli_dirs",
    default_roots=_default_roots,
    discover=_discover,
    read=readers.streamed(_turns),
    fingerprint=readers.wal_fingerprint,
    # `<md5 of the project path>`: `forget <project>` keeps that folder's later chats out, and it
    # stands in for the project when no path is recovered (as Gemini's project hash does)
    project_in_key=True,
    sample_roots=("cursor_cli",),
)
