"""What the chat-shaped readers share (Copilot, Cursor, the chat-UI exports): one conversation's
state — the preceding assistant text a correction carries, a pending structural signal — and the
one path from a raw user message to a kept `Turn`, with every drop counted.

A raw message goes through the same scaffolding rules as the Claude Code and Codex readers
(`user_text`): a whole-turn wrapper is dropped, injected `<tag>…</tag>` spans are cut, pasted
material is taken out, and an overlong turn is cut at a safe place before redaction.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from time import gmtime as _gmtime
from time import strftime as _strftime
from typing import Any
from urllib.parse import unquote, urlparse

import orjson

from persona_pipeline.core.models import ReadStats, Tier, Turn, TurnKind
from persona_pipeline.core.sources import activity as act
from persona_pipeline.core.sources import user_text as ut
from persona_pipeline.core.sources.answered_secrets import mask_answered_secrets
from persona_pipeline.core.sources.answers import answers_items
from persona_pipeline.core.sources.echo import AgentWords
from persona_pipeline.core.sources.jsonl_stream import FileSkipped
from persona_pipeline.core.sources.pasted import ONE_LINE_CHARS
from persona_pipeline.core.sources.turn_fast import make_turn, make_user_turn

ASSISTANT_TAIL = 2000  # assistant text kept in memory for a correction's context (cut to ~200 there)
# Enum members as module constants: a class attribute lookup on an Enum costs ~0.06 us each, per turn
_T1, _T2, _CORRECTION, _PROMPT = Tier.T1, Tier.T2, TurnKind.CORRECTION, TurnKind.PROMPT
_ANSWER = TurnKind.ANSWER
_WRAPPER_FIRST = ut.WRAPPER_FIRST
_OPENER_FIRST = ut.OPENER_FIRST


_MS_MIN, _MS_MAX = 10**11, 2**32 * 1000  # epoch ms from 1973 to 2106
# Days since the epoch -> "YYYY-MM-DD": a session's timestamps share a few days, and the time of day
# is integer arithmetic (a `strftime` per timestamp cost more than the rest of a short record)
_DATES: dict[int, str] = {}
_MAX_DATES = 50_000  # ~137 years of days: bounded whatever a file holds
_TWO = [f"{i:02d}" for i in range(60)]  # zero-padded from tables (four format specs cost ~0.5 us)
_THREE = [f"{i:03d}" for i in range(1000)]


# The last minute formatted, (minute since the epoch, "YYYY-MM-DDTHH:MM:"): a session's messages
# come seconds apart, so most share their minute with the one before. One tuple, rebound whole
# (a thread reads either the old pair or the new one, never half of each).
_LAST_MINUTE: tuple[int, str] = (-1, "")


def iso_from_epoch(value: Any) -> str | None:
    """An ISO-8601 UTC timestamp from epoch seconds or milliseconds (by magnitude), or an ISO
    string as given; None for anything else (ingest drops a malformed time rather than store it)."""
    if isinstance(value, str):
        return value
    if type(value) is int and _MS_MIN < value < _MS_MAX:
        # epoch milliseconds, the usual case: formatted from integers (~2x cheaper). The datetime
        # path below gives the same text here: v / 1000 is within half a microsecond of the exact
        # time while the seconds are below 2**32 (a test compares the two over this range)
        global _LAST_MINUTE
        seconds, ms = divmod(value, 1000)
        minute, secs = divmod(seconds, 60)
        last_minute, prefix = _LAST_MINUTE
        if last_minute == minute:
            return f"{prefix}{_TWO[secs]}.{_THREE[ms]}Z"
        day, rest = divmod(minute, 1440)  # UTC: a day is 1,440 minutes (POSIX time has no leap seconds)
        date = _DATES.get(day)
        if date is None:
            date = _strftime("%Y-%m-%d", _gmtime(day * 86400))
            if len(_DATES) < _MAX_DATES:
                _DATES[day] = date
        hours, minutes = divmod(rest, 60)
        prefix = f"{date}T{_TWO[hours]}:{_TWO[minutes]}:"
        _LAST_MINUTE = (minute, prefix)
        return f"{prefix}{_TWO[secs]}.{_THREE[ms]}Z"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    seconds = value / 1000 if value > 1e11 else value  # ms since 1973 vs s until 5138
    try:
        return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    except (OverflowError, OSError, ValueError):
        return None


def load_json(path: Path | str, max_bytes: int) -> Any:
    """One whole JSON document (a session file, an export's member read by the caller), bounded
    by size; every failure is a `FileSkipped` with its reason."""
    try:
        size = os.stat(path).st_size  # stat first, as before: a too-large file is that, readable or not
        if size > max_bytes:
            raise FileSkipped("file_too_large")
        data = read_all(path, size)
    except OSError as exc:
        raise FileSkipped(f"unreadable:{type(exc).__name__}") from None
    if len(data) > max_bytes:
        raise FileSkipped("file_too_large")
    return parse_json(data)


def read_all(path: Path | str, size: int | None = None) -> bytes:
    """A file's bytes to its end (what `open(path, "rb").read()` gives) through the descriptor
    alone: no buffered file object (~3 us a file, more than a short session's other work). The
    first read is sized by the file's stat (its + 1 sees the end, or growth since)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    try:
        if size is None:
            size = os.fstat(fd).st_size
        parts = [os.read(fd, size + 1)]
        while chunk := os.read(fd, 65536):  # to the end: a file growing under the read too
            parts.append(chunk)
        return parts[0] if len(parts) == 1 else b"".join(parts)
    finally:
        os.close(fd)


_BLANK = re.compile(rb"\s*\Z")


def parse_json(data: bytes) -> Any:
    if _BLANK.match(data):  # stops at the first non-blank byte: no copy of a large document
        raise FileSkipped("empty")
    if data.find(b"\x00", 0, 8192) >= 0:  # (no copy of the first 8 KB)
        raise FileSkipped("binary")
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        raise FileSkipped("invalid_json") from None
    except RecursionError:
        raise FileSkipped("nested_too_deep") from None


class LocalCounts:
    """Per-record skips counted in a plain dict and added to the stats once (a pydantic write per
    record cost more than the record); a `saw:<type>` reason counts an entry type instead."""

    __slots__ = ("counts", "stats")

    def __init__(self, stats: ReadStats) -> None:
        self.stats = stats
        self.counts: dict[str, int] = {}

    def skip(self, reason: str, n: int = 1) -> None:
        self.counts[reason] = self.counts.get(reason, 0) + n

    def flush(self) -> None:
        by_type, skips = self.stats.entries_by_type, self.stats.skips  # `stats.saw` / `stats.skip` in place
        for reason, n in self.counts.items():
            if reason.startswith("saw:"):
                by_type[reason[4:]] = by_type.get(reason[4:], 0) + n
            else:
                skips[reason] = skips.get(reason, 0) + n
        self.counts.clear()


class Conversation:
    """One reader's pass over a file: the turns kept so far, and per conversation the last assistant
    text and a pending structural correction signal (`interrupt`, `rejected_tool_use`, …)."""

    __slots__ = ("agent_words", "asked", "assistant_text", "pending", "stats", "turns")

    def __init__(self, stats: ReadStats, turns: list[Turn] | None = None) -> None:
        self.stats = stats
        self.turns: list[Turn] = [] if turns is None else turns
        self.assistant_text = ""
        self.pending: str | None = None
        # the agent asked the person a question through its client (Cline's follow-up question):
        # the next reply is an answer (`TurnKind.ANSWER`) whatever its shape
        self.asked = False
        # the agent's words of this conversation: a prompt's run of them pasted back is not the
        # person's (`echo.py`; the Claude Code and Codex readers keep their own)
        self.agent_words = AgentWords()

    def new_conversation(self) -> None:
        """A unit with many conversations: nothing carries over from the previous one."""
        self.assistant_text = ""
        self.pending = None
        self.asked = False
        self.agent_words = AgentWords()

    def assistant(self, text: Any) -> None:
        if isinstance(text, str):
            stripped = text.strip()  # (once: a reply's text can be long)
            if stripped:
                self.assistant_text = stripped[-ASSISTANT_TAIL:]
                self.agent_words.add_agent(stripped)

    def signal(self, signal: str) -> None:
        self.pending = signal

    def user(
        self,
        raw: Any,
        line_no: int,
        offset: int = 0,
        session_id: str | None = None,
        timestamp: str | None = None,
        cwd: str | None = None,
        entry_uuid: str | None = None,
    ) -> Turn | None:
        """Keep what the person typed in `raw` as a T2 prompt or a T1 correction; None (and the
        reason counted) when nothing of theirs is left."""
        stats = self.stats
        asked, self.asked = self.asked, False  # a question is answered by the next message, kept or not
        if not isinstance(raw, str):
            stats.skip("user_message_malformed")
            return None
        first = raw[:1]
        # a wrapper opens with one of its openers' first characters, after any blanks (its first
        # character checked here once: `wrapper_of` takes a text known to open with no blank)
        kind = ut.wrapper_of(raw) if first in _WRAPPER_FIRST else ut.wrapper_kind(raw) if first.isspace() else None
        if kind:
            stats.skip(kind)
            return None
        if (
            "<" not in raw
            and ":" not in raw
            and "\n" not in raw
            and len(raw) < ONE_LINE_CHARS
            and "[Pasted text #" not in raw
        ):
            # one short line without a tag, a colon or a paste marker: no injected span to cut,
            # and no pasted material (`split_pasted`'s one-line case; its plan-accept openers end
            # in a colon): what the two steps below would leave is the stripped line itself
            text = raw.strip()
            if not text:
                stats.skip("empty_after_scaffolding")
                return None
        else:
            text = ut.strip_injected(raw)
            if not text:
                stats.skip("empty_after_scaffolding")
                return None
            text = ut.typed_part(text, stats)
            if not text:
                return None
        text = ut.own_part(text, self.agent_words, stats)
        if not text:
            self.pending = None  # the reply to a signal was the agent's words: the signal ends with it
            return None
        pending = self.pending
        text = mask_answered_secrets(text, self.assistant_text)  # as `settle_turn` does, for the fast path
        # a reply going through the agent's numbered items by number: this task's choices
        answer = asked or (bool(self.assistant_text) and answers_items(text, self.assistant_text))
        if (
            pending is None
            and not answer
            and len(text) <= ut.MAX_TURN_CHARS
            and not (
                self.assistant_text
                # `is_correction_opener` called only where an opener can start (or after a blank)
                and ((first := text[:1]) in _OPENER_FIRST or first.isspace())
                and ut.is_correction_opener(text)
            )
        ):
            # what `settle_turn` gives: no signal, no cut; a T2 prompt of the text made here
            turn = make_user_turn(line_no, offset, entry_uuid, session_id, timestamp, cwd, None, text, "")
        else:
            text, signal, truncated = ut.settle_turn(text, pending, self.assistant_text, stats)
            self.pending = None
            correction = signal is not None
            turn = make_turn(
                line_no,
                offset,
                entry_uuid,
                session_id,
                timestamp,
                cwd,
                _T1 if correction else _T2,
                _CORRECTION if correction else _ANSWER if answer else _PROMPT,
                signal,
                text,
                ut.tail(self.assistant_text) if correction and self.assistant_text else "",
                truncated,
            )
        self.turns.append(turn)
        return turn


# `file:///…` of printable ASCII without a query or fragment: what `urlparse` would take for its path
# is all after `file://` (no host; `file` takes no `;params`; no blank or control character to drop)
_PLAIN_FILE_URI = re.compile(r'file:///[!-"$->@-~]*')


def folder_of_uri(uri: Any) -> str | None:
    """A local folder path from a `file://` URI (VS Code's and Cursor's `workspace.json`)."""
    if not isinstance(uri, str) or not uri.startswith("file://"):
        return None
    # the usual URI without `urlparse` (~5 us: a parse result per call); a test compares the two
    path = unquote(uri[7:] if _PLAIN_FILE_URI.fullmatch(uri) else urlparse(uri).path)
    if len(path) > 2 and path[0] == "/" and path[2] == ":":  # file:///c:/Users/… on Windows
        path = path[1:].replace("/", "\\")
    return path or None


def _head(path: str, limit: int) -> bytes:
    """The first `limit` bytes of a file (`read_bytes()[:limit]` without a `Path`, a buffered file
    object, or reading past the limit)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))  # (no newline translation on Windows)
    try:
        parts = []
        left = limit
        while left > 0:
            chunk = os.read(fd, left)
            if not chunk:
                break
            parts.append(chunk)
            left -= len(chunk)
        return b"".join(parts)
    finally:
        os.close(fd)


def workspace_folder(storage_dir: Path | str) -> str | None:
    """The folder a VS Code-family `workspaceStorage/<hash>/` belongs to, from its `workspace.json`
    (`{"folder": "file:///…"}` or `{"workspace": "file:///….code-workspace"}`); None if unknown."""
    try:
        data = orjson.loads(_head(os.path.join(storage_dir, "workspace.json"), 65536))
    except (OSError, orjson.JSONDecodeError):
        return None
    if not isinstance(data, dict):
        return None
    folder = folder_of_uri(data.get("folder"))
    if folder:
        return folder
    workspace = folder_of_uri(data.get("workspace"))
    return str(Path(workspace).parent) if workspace else None


# --- tool calls recorded as named arguments (Copilot CLI, Cursor) -------------------------------
_SUMMARY_KEYS = ("command", "pattern", "query", "url", "description")


@dataclass(frozen=True)
class ToolArgs:
    """How one client names a tool call's arguments: where the file path is, where an edit's new
    text is. Gives the activity tracker its `summarize` and `edits` (`activity.Activity`)."""

    path_keys: tuple[str, ...]
    new_text_keys: tuple[str, ...]

    def summarize(self, tool: str, raw: Any, cwd: str | None) -> str:
        """The command, pattern, query or url a call ran; else the path it touched; else its input."""
        args = act.parse_json(raw) if isinstance(raw, str) else raw
        if isinstance(args, dict):
            for key in _SUMMARY_KEYS:
                if isinstance(args.get(key), str):
                    return args[key]
            for key in self.path_keys:
                if isinstance(args.get(key), str):
                    return act.relative(args[key], cwd)
        return args if isinstance(args, str) else act.compact_json(args)

    def edits(self, tool: str, raw: Any) -> list[tuple[str, str]]:
        """(path, new text) of a file-changing call; an `apply_patch` body lists its own files."""
        args = act.parse_json(raw) if isinstance(raw, str) else raw
        if tool == "apply_patch":
            values = args.values() if isinstance(args, dict) else [args]
            return act.patch_files(next((v for v in values if isinstance(v, str) and act.PATCH_MARKER in v), ""))
        if not isinstance(args, dict):
            return []
        path = next((args[k] for k in self.path_keys if isinstance(args.get(k), str)), None)
        new = next((args[k] for k in self.new_text_keys if isinstance(args.get(k), str)), "")
        return [(path, new)] if path else []
