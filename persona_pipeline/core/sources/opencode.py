"""opencode: sessions in its SQLite database (v1.2+) or its older JSON storage tree.

Format (public source: `sst/opencode` (now `anomalyco/opencode`) `packages/opencode/src/session/
session.sql.ts` (tables), `message-v2.ts` (message and part shapes), `permission` (the refusal
texts); the layout also in `Dicklesworthstone/franken_agent_detection` `src/connectors/opencode.rs`):
- `~/.local/share/opencode/opencode.db`: `session(id, project_id, parent_id, directory, title,
  time_created, …)`, `message(id, session_id, time_created, data)`, `part(id, message_id,
  session_id, data)`; `data` is JSON: a message `{role: user|assistant, time:{created}, system?,
  summary?, error?{name}}`, a part `{type: text|file|agent|subtask|compaction|tool|reasoning|
  step-start|step-finish|snapshot|patch|retry, …}` (a text part `synthetic` or `ignored` when the
  client wrote it; a tool part `{tool, callID, state:{status, input, output|error, metadata}}`).
  Times are epoch ms (Drizzle), or ISO text / epoch s in rows written by other builds.
- before v1.2, `storage/session/<project>/<session>.json`, `storage/message/<session>/<msg>.json`,
  `storage/part/<msg>/<part>.json` (the same objects, one file each).

Kept: the person's text parts. T1 after an aborted answer (`MessageAbortedError`: the person
pressed escape), a refused tool call ("The user rejected permission …"; the feedback typed with
a refusal is itself a T1 turn). Dropped, counted: synthetic and ignored text parts (file contents
read for an `@` mention, "the following tool was executed"), attached files, agent mentions,
subtask prompts, compaction requests, per-message system prompts, assistant text (its tail is a
correction's context), reasoning, tool output, step and snapshot bookkeeping, generated titles and
summaries. Sessions with a parent (a subagent's, created by the task tool) hold the main agent's
prompts, not the person's: skipped. Activity: refused and failed tool calls, recoveries, edits.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import orjson

from persona_pipeline.core.models import ReadStats, Turn
from persona_pipeline.core.sources import activity as act
from persona_pipeline.core.sources import readers, sqlite_snapshot
from persona_pipeline.core.sources.activity_log import BatchedExcerpts
from persona_pipeline.core.sources.chat_turns import Conversation, LocalCounts, ToolArgs, iso_from_epoch, load_json
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.core.sources.jsonl_stream import FileSkipped, type_name

# opencode-2: answers to the agent's numbered items (`answers.py`), confirmation clicks, compaction summaries
READER_VERSION = "opencode-2"
KIND = "opencode"
DB = "opencode.db"
MAX_ROW_BYTES = 64 * 1024 * 1024
MAX_FILE_BYTES = 64 * 1024 * 1024
_REJECTED = "the user rejected permission"
_FEEDBACK = re.compile(r"with the following feedback:\s*(.+)\Z", re.DOTALL | re.IGNORECASE)
_ABORTED = "MessageAbortedError"
# Parts of a user message that are not the person's words, by type: their skip reasons.
_USER_SCAFFOLDING = {
    "file": "attached_file",
    "agent": "agent_mention",
    "subtask": "subtask_prompt",
    "compaction": "compaction_request",
}


# --- discovery ---------------------------------------------------------------------------------
def _key(folder: list[str], name: str) -> str | None:
    """`opencode/opencode.db`; the JSON tree's `opencode/<project id>/<session>.json` (ids only)."""
    if name == DB:
        return DB
    if name.endswith(".json") and len(folder) >= 3 and folder[-2] == "session" and folder[-3] == "storage":
        return f"{readers.clean(folder[-1])}/{readers.clean(name)}"
    return None


def _descend(folders: list[str]) -> bool:
    """`opencode/` itself, `storage/` and `storage/session/<project>/` only: the message and part
    folders hold one file per message and part (read, never walked), `snapshot/` a git store."""
    last = folders[-1]
    return (
        last in ("opencode", "storage")
        or (last == "session" and folders[-2:-1] == ["storage"])
        or (len(folders) >= 3 and folders[-2] == "session" and folders[-3] == "storage")
    )


def _discover(roots: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    return readers.discover_files(KIND, roots, ignored, _key, _descend)


def _fingerprint(unit: SourceUnit) -> str:
    """The database: its and its `-wal`'s stats. A session file of the JSON tree: its stat and its
    message folder's (a new message adds a file there; the session file is rewritten on update)."""
    path = Path(unit.location)
    if path.name == DB:
        return readers.wal_fingerprint(unit)
    messages = path.parents[2] / "message" / path.stem
    return f"{unit.size}:{unit.mtime_ns}:{readers.stat_of(messages)}"


# --- one session --------------------------------------------------------------------------------
_EDIT_TOOLS = frozenset({"edit", "write", "patch", "multiedit", "apply_patch"})
_ARGS = ToolArgs(path_keys=("filePath", "path", "file_path"), new_text_keys=("newString", "content", "new_string"))


class _Pass:
    """A pass over one unit: the turns of every session and the position counter that orders them.
    Skips are counted in `counts` (a plain dict `LocalCounts` adds to the stats once) directly: a
    method call per part cost more than the part's other work."""

    __slots__ = ("activity", "chat", "counts", "latest", "line", "local", "stats")

    def __init__(self, stats: ReadStats) -> None:
        self.stats = stats
        self.chat = Conversation(stats)
        # (its failures' excerpts cut together at `finish`: no turn is read before it)
        self.activity = BatchedExcerpts(self.chat.turns, _ARGS.summarize, _ARGS.edits, _EDIT_TOOLS)
        self.line = 0
        self.local = LocalCounts(stats)
        self.counts = self.local.counts
        # the latest assistant text, handed to `chat` only when a turn needs it (`said`): the strip
        # and cut `Conversation.assistant` does, once per turn instead of once per reply
        self.latest: str | None = None

    def skip(self, reason: str, n: int = 1) -> None:
        self.counts[reason] = self.counts.get(reason, 0) + n

    def said(self, text: str, line: int, sid: str | None, ts: str | None, cwd: str | None, mid: str | None) -> None:
        if self.latest is not None:
            self.chat.assistant(self.latest)
            self.latest = None
        self.chat.user(text, line, 0, sid, ts, cwd, mid)  # (raw, line_no, offset, session_id, timestamp, cwd, uuid)


def _session(session: dict[str, Any], messages: Iterable[tuple[Any, list[Any]]], s: _Pass) -> None:
    """One session's messages, each with its parts, in order."""
    sid = session.get("id") if isinstance(session.get("id"), str) else None
    cwd = session.get("directory") if isinstance(session.get("directory"), str) else None
    s.chat.new_conversation()
    s.latest = None
    s.stats.saw("session")
    counts = s.counts
    if session.get("title"):
        counts["title"] = counts.get("title", 0) + 1  # generated by the model, never read
    if session.get("parentID") or session.get("parent_id"):
        s.stats.skip("subagent_session")  # the task tool's child: the main agent's prompts
        for _ in messages:
            counts["subagent_message"] = counts.get("subagent_message", 0) + 1
        return
    line = s.line
    try:
        for info, parts in messages:
            line += 1
            if not isinstance(info, dict):
                counts["message_malformed"] = counts.get("message_malformed", 0) + 1
                continue
            get = info.get
            role = get("role")
            time = get("time")
            ts = iso_from_epoch(time.get("created")) if isinstance(time, dict) else None
            mid = get("id")
            where = (line, 0, mid if isinstance(mid, str) else None, ts, sid, cwd)
            if role == "user":
                _user(info, parts, where, s)
            elif role == "assistant":
                _assistant(info, parts, where, s)
            else:
                reason = f"role:{type_name(role)}"
                counts[reason] = counts.get(reason, 0) + 1
    finally:
        s.line = line


def _user(info: dict[str, Any], parts: list[Any], where: act.Where, s: _Pass) -> None:
    counts = s.counts
    if info.get("system"):
        counts["system_prompt"] = counts.get("system_prompt", 0) + 1  # a per-message system prompt: never read
    if info.get("summary"):
        counts["summary"] = counts.get("summary", 0) + 1  # generated title and body of the turn
    texts = []
    for p in parts:
        ptype = p.get("type") if isinstance(p, dict) else None
        if ptype == "text":
            if p.get("synthetic") or p.get("ignored"):
                reason = "synthetic_text"  # file contents read for an @ mention, tool echoes
            elif isinstance(p.get("text"), str):
                texts.append(p["text"])
                continue
            else:
                continue
        elif isinstance(ptype, str):
            reason = _USER_SCAFFOLDING.get(ptype) or f"user_part:{type_name(ptype)}"
        else:
            reason = "part_malformed"
        counts[reason] = counts.get(reason, 0) + 1
    if not texts:
        counts["no_typed_text"] = counts.get("no_typed_text", 0) + 1
        return
    line, _, mid, ts, sid, cwd = where
    s.said("\n".join(texts), line, sid, ts, cwd, mid)


def _assistant(info: dict[str, Any], parts: list[Any], where: act.Where, s: _Pass) -> None:
    counts = s.counts
    for i, p in enumerate(parts):
        ptype = p.get("type") if isinstance(p, dict) else None
        if ptype == "text":
            counts["assistant_text"] = counts.get("assistant_text", 0) + 1
            text = p.get("text")  # the text before a refused call is a correction's context
            if isinstance(text, str) and text and not text.isspace():  # what `Conversation.assistant` keeps
                s.latest = text
        elif ptype == "tool":
            _tool(p, i, where, s)
        else:
            reason = _PART_REASONS.get(ptype) if isinstance(ptype, str) else None
            if reason is None:
                reason = _part_reason(ptype)
            counts[reason] = counts.get(reason, 0) + 1
    error = info.get("error")
    if isinstance(error, dict) and error.get("name") == _ABORTED:
        s.chat.signal("interrupt")  # the person stopped this answer: their next words correct it


# part type -> skip reason, for identifier-like types (a few recur on every message)
_PART_REASONS: dict[str, str] = {"reasoning": "reasoning"}
_MAX_PART_REASONS = 4096


def _part_reason(ptype: object) -> str:
    """`part:<type_name(ptype)>` ("reasoning" for reasoning), remembered when the type is itself the label."""
    if ptype == "reasoning":
        return "reasoning"
    name = type_name(ptype)
    reason = f"part:{name}"
    if name == ptype and len(_PART_REASONS) < _MAX_PART_REASONS:
        _PART_REASONS[name] = reason
    return reason


def _tool(p: dict[str, Any], i: int, where: act.Where, s: _Pass) -> None:
    tool, state = p.get("tool"), p.get("state")
    counts = s.counts
    if not isinstance(tool, str) or not tool or not isinstance(state, dict):
        counts["tool_call_malformed"] = counts.get("tool_call_malformed", 0) + 1
        return
    call_id = p.get("callID")
    if not isinstance(call_id, str):
        call_id = f"{where[0]}:{i}"
    activity = s.activity
    status = state.get("status")
    if status == "completed":
        activity.done(call_id, tool, state.get("input"), where)  # `call` then its success
        counts["tool_output"] = counts.get("tool_output", 0) + 1
        return
    activity.call(call_id, tool, state.get("input"), where)
    if status == "error":
        error = state.get("error")
        error = error if isinstance(error, str) else ""
        meta = state.get("metadata")
        # the refusal's opening words lower-cased, not the whole output (`str.lower` maps no other
        # character onto these ASCII letters one for one)
        if error[: len(_REJECTED)].lower().startswith(_REJECTED):
            activity.result(call_id, act.Outcome.REJECTED, where)
            s.chat.signal("rejected_tool_use")
            feedback = _FEEDBACK.search(error)
            if feedback:  # what the person typed when refusing: their words, a correction
                line, _, _, ts, sid, cwd = where
                s.said(feedback.group(1).strip(), line, sid, ts, cwd, None)
        elif isinstance(meta, dict) and meta.get("interrupted") is True:
            activity.result(call_id, act.Outcome.INTERRUPTED, where)
        else:
            activity.result(call_id, act.Outcome.ERROR, where, error)
    counts["tool_output"] = counts.get("tool_output", 0) + 1


# --- the database (v1.2+) ----------------------------------------------------------------------
def _json(value: Any, s: _Pass) -> Any:
    if isinstance(value, str):
        value = value.encode("utf-8", "surrogatepass")
    if not isinstance(value, bytes) or len(value) > MAX_ROW_BYTES:
        s.skip("row_unreadable")
        return None
    try:
        return orjson.loads(value)
    except (orjson.JSONDecodeError, RecursionError):
        s.stats.lines_bad += 1
        s.skip("row_invalid_json")
        return None


def _text(value: Any) -> str | None:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value if isinstance(value, str) else None


def _columns(con: sqlite3.Connection, table: str) -> set[str]:
    return {_text(r[1]) or "" for r in con.execute(f'PRAGMA table_info("{table}")')}


def _order(cols: set[str], prefix: str) -> str:
    """Creation order where the schema records it, else id order (ids sort by creation)."""
    return f"{prefix}.time_created, {prefix}.id" if "time_created" in cols else f"{prefix}.id"


def _db_sessions(con: sqlite3.Connection, s: _Pass, unsorted: bool) -> None:
    """`unsorted`: the rows without SQLite's per-message sort where that orders them the same
    (`_unsorted_ok`); a failure while reading them raises `_Resort`."""
    names = sqlite_snapshot.tables(con)
    if not {"session", "message", "part"} <= names:
        s.stats.skip("no_session_tables")
        return
    scols, mcols = _columns(con, "session"), _columns(con, "message")
    if not {"id", "directory"} <= scols or not {"id", "session_id", "data"} <= mcols:
        s.stats.skip("session_schema_unknown")
        return
    parent = "parent_id" if "parent_id" in scols else "NULL"
    title = "title" if "title" in scols else "NULL"
    sessions = {
        _text(sid): {"id": _text(sid), "directory": _text(directory), "parent_id": _text(parent_id), "title": name}
        for sid, directory, parent_id, name in con.execute(f"SELECT id, directory, {parent}, {title} FROM session")
    }
    order = _order(mcols, "m")
    unsorted = unsorted and _unsorted_ok(con)
    rows = con.execute(_ROWS.format(order=f"{order}, m.rowid" if unsorted else order))
    try:
        for sid, messages in _by_session(rows, s):  # one session's rows in memory at a time
            session = sessions.get(sid)
            if session is None:
                s.skip("message_without_session", len(messages))
            else:
                _session(session, messages, s)
    except sqlite3.DatabaseError:
        if unsorted:
            raise _Resort from None
        raise


_ROWS = (
    "SELECT m.session_id, m.id, m.data, p.data FROM message m LEFT JOIN part p ON p.message_id = m.id "
    "ORDER BY m.session_id, {order}, p.id"
)


class _Resort(Exception):
    """The unsorted rows failed part-way: how far the sorted query gets differs (SQLite hands a
    message's rows over once the next message's first row is read, Python's sqlite3 steps one
    row ahead), so the file is read again with the sort, from the start."""


def _unsorted_ok(con: sqlite3.Connection) -> bool:
    """Whether ordering by the message's rowid after its id changes no order: message and part
    ids each their table's only key and never NULL, so no two rows tie. (Walking the indexes on
    (session, creation, id) and (message_id, id), SQLite still sorts each message's parts, every
    part's data copied through a sorter, as it cannot tell one message's index entry from the
    next with the same key; with the rowid it can, and sorts nothing.)"""
    try:
        return (
            _keyed_by_id(con, "message")
            and _keyed_by_id(con, "part")
            and con.execute("SELECT 1 FROM message WHERE id IS NULL LIMIT 1").fetchone() is None
            and con.execute("SELECT 1 FROM part WHERE id IS NULL LIMIT 1").fetchone() is None
            and con.execute("SELECT rowid FROM message LIMIT 0").fetchall() == []  # a rowid table
        )
    except sqlite3.DatabaseError:
        return False  # the sorted query meets whatever this met, as before


def _keyed_by_id(con: sqlite3.Connection, table: str) -> bool:
    """`id` is the table's only key (unique where not NULL)."""
    return [_text(r[1]) for r in con.execute(f'PRAGMA table_info("{table}")') if r[5]] == ["id"]


def _by_session(rows: Iterable[Any], s: _Pass) -> Iterator[tuple[str | None, list[tuple[Any, list[Any]]]]]:
    """(session id, [(message, parts)]) from the message ⟕ part rows, ordered by session and message."""
    current: Any = object()
    messages: list[tuple[Any, list[Any]]] = []
    last_mid: Any = object()
    parts: list[Any] = []
    loads = orjson.loads
    for sid, mid, mdata, pdata in rows:
        if sid != current:
            if messages:
                yield _text(current), messages
            current, messages, last_mid = sid, [], object()
        if mid != last_mid:
            last_mid = mid
            # `_json` inlined for the usual row, as for parts below (anything else goes through it)
            if type(mdata) is bytes and len(mdata) <= MAX_ROW_BYTES:
                try:
                    info = loads(mdata)
                except (orjson.JSONDecodeError, RecursionError):
                    info = _json(mdata, s)
            else:
                info = _json(mdata, s)
            if type(info) is dict and "id" not in info:  # (orjson makes plain dicts)
                info["id"] = _text(mid)
            parts = []
            messages.append((info, parts))
        if pdata is not None:
            # `_json` inlined for the usual part (bytes, within the limit, valid JSON: never None);
            # anything else goes through it, which records the skip exactly as before
            if type(pdata) is bytes and len(pdata) <= MAX_ROW_BYTES:
                try:
                    part = loads(pdata)
                except (orjson.JSONDecodeError, RecursionError):
                    part = _json(pdata, s)
            else:
                part = _json(pdata, s)
            if part is not None:
                parts.append(part)
    if messages:
        yield _text(current), messages


# --- the JSON storage tree (before v1.2) -------------------------------------------------------
def _tree_messages(storage: Path, sid: str, s: _Pass) -> Iterator[tuple[Any, list[Any]]]:
    """The session's messages (`message/<session>/*.json`) in id order, each with its parts."""
    for path in _listing(storage / "message" / sid):
        info = _file(path, s)
        mid = info.get("id") if isinstance(info, dict) else None
        parts = [_file(p, s) for p in _listing(storage / "part" / mid)] if isinstance(mid, str) else []
        yield info, [p for p in parts if p is not None]


def _listing(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir() if p.suffix == ".json")
    except OSError:
        return []


def _file(path: Path, s: _Pass) -> Any:
    try:
        return load_json(path, MAX_FILE_BYTES)
    except FileSkipped as exc:
        s.skip(f"file_{exc.reason}")  # one message or part file: the rest of the session stays
        return None


def _turns(unit: SourceUnit, stats: ReadStats) -> list[Turn]:
    stats.raw_bytes = unit.size
    path = unit.path
    if path.name != DB:
        return _tree_turns(path, stats)
    fresh = stats.model_copy(deep=True)
    try:
        return _db_turns(path, stats, unsorted=True)
    except _Resort:
        stats.__dict__.update(fresh.__dict__)  # nothing of the failed read counted
        return _db_turns(path, stats, unsorted=False)


def _db_turns(path: Path, stats: ReadStats, unsorted: bool) -> list[Turn]:
    s = _Pass(stats)
    try:
        with sqlite_snapshot.snapshot(path) as con:
            try:
                _db_sessions(con, s, unsorted)
            except sqlite3.DatabaseError as exc:
                raise FileSkipped(sqlite_snapshot.reason(exc)) from None
    finally:
        s.local.flush()
        stats.lines_total = s.line
    s.activity.finish()
    return s.chat.turns


def _tree_turns(path: Path, stats: ReadStats) -> list[Turn]:
    s = _Pass(stats)
    try:
        session = load_json(path, MAX_FILE_BYTES)
        if not isinstance(session, dict) or not isinstance(session.get("id"), str):
            raise FileSkipped("not_a_session")
        stats.session_id = session["id"]
        stats.cwd = session.get("directory") if isinstance(session.get("directory"), str) else None
        if session.get("parentID"):
            stats.machine_generated = "subagent_session"  # the task tool's child session
        _session(session, _tree_messages(path.parents[2], readers.clean(session["id"]), s), s)
    finally:
        s.local.flush()
        stats.lines_total = s.line
    s.activity.finish()
    return s.chat.turns


def _default_roots(host: readers.Host) -> list[Path]:
    return [host.data_dir() / "opencode"]


READER = readers.Reader(
    kind=KIND,
    agent="opencode",
    version=READER_VERSION,
    setting="opencode_dirs",
    default_roots=_default_roots,
    discover=_discover,
    read=readers.streamed(_turns),
    fingerprint=_fingerprint,
    many_sessions=True,
    sample_roots=("opencode",),
)
