"""Bounded-memory JSONL streaming shared by the transcript readers.

Never loads a whole file; a line longer than `max_line_bytes` is skipped (read past in chunks,
never held). Each bad line is reported with a reason instead of raising.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from persona_pipeline.core.models import ReadStats

MAX_LINE_BYTES = 32 * 1024 * 1024
_CHUNK = 1024 * 1024
# Twice io's default: over half of a transcript's bytes are in lines longer than 8 KB, which
# readline assembles from one buffer fill each (16 KB: ~20 % less time reading). Kept small, so
# a file truncated under the reader is read at most this far past its new end.
_BUFFER = 16 * 1024
# Entry and block type names are stored (entry_types, skip reasons, Dagster metadata) without
# redaction, so only short lower-case identifiers are kept verbatim; anything else a file puts
# in a `type` field (a pasted token, a path, a whole prompt) is counted as `<other>`.
_TYPE_NAME = re.compile(r"[a-z][a-z0-9_.:-]{0,39}")


# Identifier-like type names seen so far (a few dozen recur on every line); only names that are
# stored verbatim anyway are remembered, and at most _MAX_TYPE_NAMES of them.
_TYPE_NAMES: set[str] = set()
_MAX_TYPE_NAMES = 4096
# For a reader's per-line fast path: a `str` in this set is its own `type_name` (nothing else is)
KNOWN_TYPE_NAMES = _TYPE_NAMES


def type_name(value: object) -> str:
    """A `type` field as a safe, bounded label: itself if identifier-like, else `<none>`/`<other>`."""
    if value is None:
        return "<none>"
    if not isinstance(value, str):
        return "<other>"
    if value in _TYPE_NAMES:
        return value
    if not _TYPE_NAME.fullmatch(value):
        return "<other>"
    if len(_TYPE_NAMES) < _MAX_TYPE_NAMES:
        _TYPE_NAMES.add(value)
    return value


class FileSkipped(Exception):
    """The whole file cannot be read as JSONL; `reason` is a short machine-readable tag."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(slots=True)
class Line:
    line_no: int  # 1-based
    offset: int  # byte offset of the line start
    obj: dict[str, Any]


def _read_line(f: Any, max_bytes: int) -> tuple[bytes | None, int]:
    """One line (with its newline) or None if it exceeded max_bytes; and its byte length."""
    first = f.readline(_CHUNK)
    if not first or first.endswith(b"\n") or len(first) < _CHUNK:
        return first, len(first)
    return _rest_of_line(f, first, max_bytes)


def _rest_of_line(f: Any, first: bytes, max_bytes: int) -> tuple[bytes | None, int]:
    """`_read_line` of a line longer than one `_CHUNK` read (`first`)."""
    parts = [first]
    size = len(first)
    oversize = False
    while True:
        more = f.readline(_CHUNK)
        if not more:
            break
        size += len(more)
        if not oversize:
            if size > max_bytes:
                oversize = True
                parts = []
            else:
                parts.append(more)
        if more.endswith(b"\n"):
            break
    return (None if oversize else b"".join(parts)), size


def bounded_lines(f: Any, max_bytes: int = MAX_LINE_BYTES) -> Iterator[tuple[bytes | None, int]]:
    """(line or None when longer than max_bytes, its byte length) for each line of a binary file:
    the text formats (Aider's markdown log) stream through the same bounded reads as JSONL."""
    while True:
        raw, size = _read_line(f, max_bytes)
        if not size:
            return
        yield raw, size


def iter_jsonl(path: Path, stats: ReadStats, max_line_bytes: int = MAX_LINE_BYTES) -> Iterator[Line]:
    """Yield parsed JSON objects; count bad lines in `stats` by reason."""
    lines = _parsed_lines(path, stats, max_line_bytes)
    try:
        for obj, line_no, offset in lines:
            yield Line(line_no, offset, obj)
    finally:
        lines.close()


def _parsed_lines(path: Path, stats: ReadStats, max_line_bytes: int) -> Iterator[tuple[dict[str, Any], int, int]]:
    """`iter_jsonl`'s work, yielding (object, line_no, offset) tuples (cheaper than a Line)."""
    try:
        f = open(path, "rb", buffering=_BUFFER)  # noqa: SIM115 - closed in finally; generator
    except OSError as exc:
        raise FileSkipped(f"unreadable:{type(exc).__name__}") from None
    offset = line_no = 0
    try:
        try:
            head = f.read(8192)
            f.seek(0)
        except OSError as exc:  # EIO, EISDIR, a device that refuses to seek …
            raise FileSkipped(f"unreadable:{type(exc).__name__}") from None
        if b"\x00" in head:
            raise FileSkipped("binary")
        readline, loads = f.readline, orjson.loads  # (bound once: looked up per line otherwise)
        raw: bytes | None
        while True:
            try:
                # `_read_line` inlined for the usual line (one read, ending in a newline or short of
                # a chunk): a function call per line cost as much as reading it
                raw = readline(_CHUNK)
                size = len(raw)
                if size == _CHUNK and not raw.endswith(b"\n"):
                    raw, size = _rest_of_line(f, raw, max_line_bytes)
            except OSError as exc:
                # The whole file, not a silently shortened one: a unit stored from a partial read
                # would keep its fingerprint and never be re-read.
                raise FileSkipped(f"read_error:{type(exc).__name__}") from None
            if not size:
                return
            line_no += 1
            start = offset
            offset += size
            if raw is None:
                stats.lines_bad += 1
                stats.skip("line_too_long")
                continue
            try:
                # orjson takes the JSON whitespace around a value (the newline included), so a good
                # line is parsed as read, without a stripped copy; anything else goes the careful way.
                obj = loads(raw)
            except (orjson.JSONDecodeError, RecursionError):
                obj = _parse_stripped(raw, stats)
                if obj is _UNPARSED:
                    continue
            if type(obj) is not dict:  # (orjson makes plain dicts: `isinstance` by one identity test)
                stats.lines_bad += 1
                stats.skip("not_an_object")
                continue
            yield obj, line_no, start
    finally:
        # counted in locals and added once: a pydantic attribute write per line cost more than
        # parsing a short line
        stats.lines_total += line_no
        stats.raw_bytes += offset
        f.close()


_UNPARSED = object()  # `_parse_stripped` recorded the line's skip (JSON `null` parses to None)


def _parse_stripped(raw: bytes, stats: ReadStats) -> Any:
    """A line orjson refused as read: stripped of ASCII whitespace and parsed, or its skip
    recorded (and `_UNPARSED` returned)."""
    body = raw.strip()
    if not body:
        stats.skip("blank_line")
        return _UNPARSED
    try:
        return orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        stats.lines_bad += 1
        if "depth limit" in str(exc) or "recursion" in str(exc).lower():
            stats.skip("nested_too_deep")
        elif not raw.endswith(b"\n"):
            stats.skip("truncated_last_line")
        else:
            try:
                body.decode("utf-8")
                stats.skip("invalid_json")
            except UnicodeDecodeError:
                stats.skip("invalid_utf8")
    except RecursionError:
        stats.lines_bad += 1
        stats.skip("nested_too_deep")
    return _UNPARSED


def parsed_lines(path: Path, stats: ReadStats) -> Iterator[tuple[dict[str, Any], int, int]]:
    """(object, line_no, offset) for each good line, for a reader that loops itself (a callback per
    line costs more than a short line's parse); close it when done: its counts are added then."""
    return _parsed_lines(path, stats, MAX_LINE_BYTES)


def read_entries(path: Path, stats: ReadStats, handle: Callable[[dict[str, Any], int, int], None]) -> None:
    """Feed every parsed line to `handle(entry, line_no, offset)`; stop early once the reader
    has recognised a machine-generated session."""
    lines = _parsed_lines(path, stats, MAX_LINE_BYTES)
    try:
        for obj, line_no, offset in lines:
            handle(obj, line_no, offset)
            if stats.machine_generated:
                return
    finally:
        lines.close()  # now, not at garbage collection: its line and byte counts are added on close
