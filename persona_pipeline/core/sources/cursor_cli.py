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
  today; the key is never read or kept). `meta.json` beside the store repeats it with the `cwd`.
- Blobs are content-addressed (id = sha256 hex of the data). The root named by `latestRootBlobId`
  is protobuf whose repeated field 1 holds 32-byte child ids, in message order; a child is a
  message (one JSON object, `{role, content}` in the Vercel AI SDK shape) or another such node;
  a node may carry a JSON message in a later field. Older roots (earlier states of the chat) stay
  in the table: only the tree under the latest one is the chat.
- Roles: `system` (the client's prompt), `user` (`content` a string or text parts: the typed words
  in `<user_query>…</user_query>`, after the client's context blocks — `<user_info>` (OS, shell,
  workspace path), rules, attached files, …; the first user message can be that preamble alone),
  `assistant` (parts `text`, `reasoning`, `tool-call {toolCallId, toolName, args}`), `tool`
  (parts `tool-result {toolCallId, toolName, result, isError}`). No per-message time.

One unit per store (`cursor_cli/<project hash>/<agent id>/store.db`: ids only), one session;
fingerprint = the stats of the file and its `-wal`. Read through `sqlite_snapshot` (read-only, a
private copy when a lock keeps readers out), one blob at a time by id. Kept: the insides of
`<user_query>` (or, without one, the text after the leading context blocks), T2, T1 by a
correction opener (no refusal is recorded in a form described publicly). Turns carry the chat's
`createdAt`. Dropped, counted: context blocks by tag (`injected:<tag>`), context-only messages,
system prompts, assistant text (its tail is a correction's context), reasoning, tool output, the
title. Activity: failed tool calls, recoveries, edits (Cursor's `Write`/`StrReplace`/…).

Not read, on purpose: `~/.cursor/projects/<path with dashes>/agent-transcripts/` (`<id>.txt`,
newer `<id>/<id>.jsonl`) repeats the store's turns without the preamble (deja-vu found every chat
with a store had a transcript beside it), in a looser text format, with a folder name made of the
home path; `prompt_history.json` is the up-arrow buffer of the same prompts, without session or
time. Reading either as well would count each prompt twice.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from persona_pipeline.core.models import ReadStats, Turn
from persona_pipeline.core.sources import activity as act
from persona_pipeline.core.sources import readers, sqlite_snapshot
from persona_pipeline.core.sources.chat_turns import Conversation, LocalCounts, ToolArgs, iso_from_epoch
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.core.sources.jsonl_stream import FileSkipped, type_name

READER_VERSION = "cursor_cli-1"
KIND = "cursor_cli"
STORE = "store.db"
MAX_BLOB_BYTES = 64 * 1024 * 1024
MAX_NODES = 1_000_000  # blobs visited in one chat (a cycle or a runaway tree stops here)
MAX_META_BYTES = 1024 * 1024
_QUERY_OPEN, _QUERY_CLOSE = "<user_query>", "</user_query>"
# a context block's opener at the start of the remaining text: `<name>` or `<name attr…>`
_OPENER = re.compile(r"<([A-Za-z][\w.-]{0,63})(?:\s[^<>]{0,500})?>")
_BLOCK = re.compile(r"\s*" + _OPENER.pattern)
_MAX_TAG_REASONS = 64  # distinct `injected:<tag>` reasons per chat, then `injected:other`
_ID = re.compile(r"[0-9a-fA-F-]{8,64}")  # an md5, a uuid (never `extensions/`, `projects/`)


# --- discovery ---------------------------------------------------------------------------------
def _key(folder: list[str], name: str) -> str | None:
    """`<project hash>/<agent id>/store.db` (an md5 and a uuid: no user names)."""
    if name != STORE or len(folder) < 2:
        return None
    return f"{readers.clean(folder[-2])}/{readers.clean(folder[-1])}/{STORE}"


def _descend(folders: list[str]) -> bool:
    """`chats/`, and below it the hash and id folders only (`~/.cursor` holds extensions, projects)."""
    last = folders[-1]
    return last == "chats" or _ID.fullmatch(last) is not None


def _discover(roots: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    return readers.discover_files(KIND, roots, ignored, _key, _descend)


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


def _messages(con: sqlite3.Connection, root: str, counts: dict[str, int]) -> Iterator[Any]:
    """The chat's messages (parsed JSON) in order, one at a time: a depth-first walk of the tree
    under `root`, each blob fetched by its id when reached."""
    fetch = con.execute
    query = "SELECT data FROM blobs WHERE id = ?"
    seen: set[bytes] = set()
    # ids to visit and messages carried by a node, the next one last
    stack: list[bytes | _Carried] = [bytes.fromhex(root)]
    loads = orjson.loads
    while stack:
        bid = stack.pop()
        if type(bid) is _Carried:
            yield bid.message
            continue
        if bid in seen:
            counts["blob_repeated"] = counts.get("blob_repeated", 0) + 1
            continue
        if len(seen) >= MAX_NODES:
            counts["blob_tree_too_large"] = counts.get("blob_tree_too_large", 0) + 1
            return
        seen.add(bid)
        row = fetch(query, (bid.hex(),)).fetchone()
        data = row[0] if row is not None else None
        if type(data) is not bytes:
            reason = "blob_missing" if row is None else "blob_unreadable"
            counts[reason] = counts.get(reason, 0) + 1
            continue
        if len(data) > MAX_BLOB_BYTES:
            counts["blob_too_large"] = counts.get("blob_too_large", 0) + 1
            continue
        if data[:1] == b"{":  # a message
            try:
                yield loads(data)
            except (orjson.JSONDecodeError, RecursionError):
                counts["blob_invalid_json"] = counts.get("blob_invalid_json", 0) + 1
            continue
        try:
            fields = _fields(data)
        except _Undecodable:
            counts["blob_undecodable"] = counts.get("blob_undecodable", 0) + 1
            continue
        # a node: its children (field 1) and a message it carries in another field, in field order
        later: list[bytes | _Carried] = []
        for number, value in fields:
            if number == 1 and len(value) == 32:
                later.append(value)
                continue
            if value[:1] == b"{":
                try:
                    later.append(_Carried(loads(value)))
                    continue
                except (orjson.JSONDecodeError, RecursionError):
                    pass
            counts["blob_field_other"] = counts.get("blob_field_other", 0) + 1
        stack.extend(reversed(later))


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


def _tag_reason(name: str, counts: dict[str, int]) -> str:
    reason = f"injected:{name.lower()}"
    if reason not in counts and sum(1 for k in counts if k.startswith("injected:")) >= _MAX_TAG_REASONS:
        return "injected:other"
    return reason


def _typed(text: str, counts: dict[str, int]) -> str:
    """The person's words in a user message: the insides of its `<user_query>` spans, or without
    one the text after the leading context blocks; every context block counted by its tag."""
    start = text.find(_QUERY_OPEN)
    if start >= 0:
        kept: list[str] = []
        rest: list[str] = []
        pos = 0
        while start >= 0:
            end = text.find(_QUERY_CLOSE, start + len(_QUERY_OPEN))
            if end < 0:
                break  # an unclosed opener: the rest is not a query the client wrapped
            rest.append(text[pos:start])
            kept.append(text[start + len(_QUERY_OPEN) : end].strip())
            pos = end + len(_QUERY_CLOSE)
            start = text.find(_QUERY_OPEN, pos)
        if kept:
            rest.append(text[pos:])
            _count_blocks("".join(rest), counts)
            return "\n\n".join(k for k in kept if k)
    return _after_blocks(text, counts)


def _after_blocks(text: str, counts: dict[str, int]) -> str:
    """The text after the `<tag>…</tag>` blocks it opens with (each counted), stripped."""
    pos = 0
    while True:
        m = _BLOCK.match(text, pos)
        if m is None:
            break
        close = text.find(f"</{m.group(1)}>", m.end())
        if close < 0:
            break
        reason = _tag_reason(m.group(1), counts)
        counts[reason] = counts.get(reason, 0) + 1
        pos = close + len(m.group(1)) + 3
    return text[pos:].strip()


def _count_blocks(outside: str, counts: dict[str, int]) -> None:
    """Count the closed `<tag>…</tag>` blocks around the query (all of that text is dropped).
    Linear: a tag found unclosed is not tried again, and only so many are tried."""
    unclosed: set[str] = set()
    pos = 0
    while len(unclosed) < _MAX_TAG_REASONS:
        m = _OPENER.search(outside, pos)
        if m is None:
            return
        name = m.group(1)
        close = -1 if name in unclosed else outside.find(f"</{name}>", m.end())
        if close < 0:
            unclosed.add(name)
            pos = m.end()
            continue
        reason = _tag_reason(name, counts)
        counts[reason] = counts.get(reason, 0) + 1
        pos = close + len(name) + 3


class _Chat:
    __slots__ = ("activity", "chat", "counts", "cwd", "line", "local", "sid", "stats", "ts")

    def __init__(self, stats: ReadStats, sid: str | None, ts: str | None, cwd: str | None) -> None:
        self.stats = stats
        self.chat = Conversation(stats)
        self.activity = act.Activity(self.chat.turns, _ARGS.summarize, _ARGS.edits, _EDIT_TOOLS)
        self.local = LocalCounts(stats)
        self.counts = self.local.counts
        self.sid, self.ts, self.cwd = sid, ts, cwd
        self.line = 0


def _read_messages(messages: Iterator[Any], c: _Chat) -> None:
    counts, chat, activity = c.counts, c.chat, c.activity
    sid, ts, cwd = c.sid, c.ts, c.cwd
    line = 0
    try:
        for m in messages:
            line += 1
            if not isinstance(m, dict):
                counts["message_malformed"] = counts.get("message_malformed", 0) + 1
                continue
            role = m.get("role")
            content = m.get("content")
            if role == "user":
                text = _text_of(content, counts)
                if text is None:
                    counts["user_message_malformed"] = counts.get("user_message_malformed", 0) + 1
                    continue
                typed = _typed(text, counts)
                if not typed:
                    counts["context_only"] = counts.get("context_only", 0) + 1
                    continue
                chat.user(typed, line, 0, sid, ts, cwd, None)
            elif role == "assistant":
                _assistant(content, (line, 0, None, ts, sid, cwd), c)
            elif role == "tool":
                _tool_results(content, (line, 0, None, ts, sid, cwd), activity, counts)
            elif role == "system":
                counts["system_prompt"] = counts.get("system_prompt", 0) + 1
            else:
                reason = f"role:{type_name(role)}"
                counts[reason] = counts.get(reason, 0) + 1
    finally:
        c.line = line


def _assistant(content: Any, where: act.Where, c: _Chat) -> None:
    counts = c.counts
    if isinstance(content, str):
        counts["assistant_text"] = counts.get("assistant_text", 0) + 1
        c.chat.assistant(content)
        return
    if not isinstance(content, list):
        counts["message_malformed"] = counts.get("message_malformed", 0) + 1
        return
    for i, p in enumerate(content):
        ptype = p.get("type") if isinstance(p, dict) else None
        if ptype == "text":
            counts["assistant_text"] = counts.get("assistant_text", 0) + 1
            c.chat.assistant(p.get("text"))  # the text before a correction is its context
        elif ptype == "tool-call":
            name, call_id = p.get("toolName"), p.get("toolCallId")
            if not isinstance(name, str) or not name:
                counts["tool_call_malformed"] = counts.get("tool_call_malformed", 0) + 1
                continue
            c.activity.call(call_id if isinstance(call_id, str) else f"{where[0]}:{i}", name, p.get("args"), where)
        elif ptype == "reasoning":
            counts["reasoning"] = counts.get("reasoning", 0) + 1
        else:
            reason = f"part:{type_name(ptype)}"
            counts[reason] = counts.get(reason, 0) + 1


def _result_text(result: Any) -> str:
    if isinstance(result, str):
        return result
    if isinstance(result, list):
        return "\n".join(p["text"] for p in result if isinstance(p, dict) and isinstance(p.get("text"), str))
    return ""


def _tool_results(content: Any, where: act.Where, activity: act.Activity, counts: dict[str, int]) -> None:
    for p in content if isinstance(content, list) else [None]:
        if not isinstance(p, dict) or p.get("type") != "tool-result" or not isinstance(p.get("toolCallId"), str):
            counts["tool_result_malformed"] = counts.get("tool_result_malformed", 0) + 1
            continue
        counts["tool_output"] = counts.get("tool_output", 0) + 1
        if p.get("isError") is True:
            activity.result(p["toolCallId"], act.Outcome.ERROR, where, _result_text(p.get("result")))
        elif not activity.ok(p["toolCallId"]):
            activity.result(p["toolCallId"], act.Outcome.OK, where)


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


def _cwd_beside(folder: Path) -> str | None:
    """The `cwd` of the `meta.json` beside the store (absent or unreadable: None)."""
    try:
        with open(os.path.join(folder, "meta.json"), "rb") as f:
            data = orjson.loads(f.read(MAX_META_BYTES))
    except (OSError, orjson.JSONDecodeError, RecursionError):
        return None
    cwd = data.get("cwd") if isinstance(data, dict) else None
    return cwd if isinstance(cwd, str) and cwd else None


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
            cwd = meta.get("cwd") if isinstance(meta.get("cwd"), str) else _cwd_beside(path.parent)
            stats.session_id, stats.cwd = sid, cwd
            if meta.get("name"):
                stats.skip("title")  # generated by the client, never read
            c = _Chat(stats, sid, iso_from_epoch(meta.get("createdAt")), cwd)
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
    sample_roots=("cursor_cli",),
)
