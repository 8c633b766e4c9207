"""The activity stream: what the agent's tools did, as bounded excerpts (T3 turns that feed skills
and session notes, never the persona).

Shared by both transcript readers. A reader reports each tool call (`call`) and its outcome
(`result`); the tracker keeps a small record per open call (tool, raw input, where) and turns
failures, refusals, recoveries, file edits and the last todo list into `Turn`s. Everything kept is
cut before redaction — at whitespace and never inside a secret-shaped span — so no secret is left
half-cut and unrecognisable; whole tool outputs are never kept.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import orjson

from persona_pipeline.core.models import Tier, Turn, TurnKind
from persona_pipeline.core.sources import user_text as ut
from persona_pipeline.core.sources.turn_fast import NO_TRUNCATED, make_turn

SUMMARY_CHARS = 300  # a call summary: the command, path, pattern, url …
EXCERPT_CHARS = 400  # a result excerpt: head and tail of the output
_HEAD_CHARS = 120  # errors are usually at the end: most of the excerpt is the tail
_TAIL_WINDOW = 4000  # the tail is cut from this much of the end (room for a whole key block before it)
_HEAD_WINDOW = 2000
RECOVERY_WINDOW = 3  # a success among this many later results of the same tool can be the recovery
_OPEN_ERRORS = 3  # errors per tool still waiting for a recovery
_SIMILAR = 0.5  # token Jaccard of two call summaries for "the same call, retried or corrected"
MAX_FUNCTIONS = 5
_FUNCTION_SCAN = 200_000  # chars of an edit's new text searched for definitions
MAX_EDIT_FILES = 20  # per call (a patch can touch many)
TODO_ITEMS = 20
TODO_ITEM_CHARS = 200

_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])")
_WS = re.compile(r"\s+")
# A definition at the start of a line (a patch's `+` included): Python def/class, JS/TS function
# and class, Rust fn, Go func (with an optional receiver).
_DEFINITION = re.compile(
    r"^[ \t+]*(?:export[ \t]+)?(?:default[ \t]+)?(?:pub(?:\([\w:]*\))?[ \t]+)?(?:async[ \t]+)?"
    r"(?:def|class|function\*?|fn|func)[ \t]+(?:\([^)\n]{0,80}\)[ \t]*)?([A-Za-z_$][\w$]{0,59})",
    re.MULTILINE,
)
# Prose and data files: a line starting "class of …" there is not a definition.
_NO_DEFINITIONS = (".md", ".markdown", ".txt", ".rst", ".json", ".yaml", ".yml", ".toml", ".lock", ".csv", ".ini")
_PATCH_HEADER = re.compile(r"^\*\*\* (?:Update|Add|Delete) File: (.+?)[ \t]*$", re.MULTILINE)
PATCH_MARKER = "*** Begin Patch"
_STATUS = re.compile(r"[a-z_ -]{1,20}")
_TOOL_NAME = re.compile(r"[A-Za-z0-9_.:/-]+")
_TOOL_NAME_CHARS = 100
_T3 = Tier.T3


class Outcome:
    """How a call ended (plain constants, not an Enum: looked up once per tool result)."""

    OK = "ok"
    ERROR = "error"
    REJECTED = "rejected"
    INTERRUPTED = "interrupted"  # stopped by the person: neither a failure nor a change


# The entry a turn is cited to: (line_no, byte_offset, entry_uuid, timestamp, session_id, cwd).
# A plain tuple: one is made per tool call and per result, on the readers' hot path; uuid and
# timestamp are kept as the file has them and type-checked only when a turn is made.
Where = tuple[int, int, Any, Any, str | None, str | None]
_LINE, _CWD = 0, 5


@dataclass(slots=True)
class _OpenError:
    summary: str
    tokens: frozenset[str]
    line_no: int
    left: int  # later results of the tool in which a success still counts as the recovery


# reader-specific: (tool, raw input, cwd) -> call summary; (tool, raw input) -> [(path, new text)]
Summarize = Callable[[str, Any, str | None], str]
Edits = Callable[[str, Any], list[tuple[str, str]]]


class Activity:
    """Per-file tracker. Open calls hold (tool, raw input, where): inputs are summarised only when
    a turn needs them, and outputs are never looked at here beyond the excerpt of a failure."""

    __slots__ = ("_calls", "_edit_tools", "_edits", "_errors", "_keys", "_summarize", "_todo", "turns")

    def __init__(self, turns: list[Turn], summarize: Summarize, edits: Edits, edit_tools: frozenset[str]) -> None:
        self.turns = turns
        self._summarize = summarize
        self._edits = edits
        self._edit_tools = edit_tools  # the tools `edits` knows: no other success needs a look
        self._calls: dict[str, tuple[str, Any, Where]] = {}
        self._errors: dict[str, list[_OpenError]] = {}
        self._todo: tuple[Any, Where] | None = None
        self._keys: set[tuple[int, str]] = set()  # (line, text): one evidence id each

    def call(self, call_id: str, tool: str, raw: Any, where: Where) -> None:
        self._calls[call_id] = (tool, raw, where)

    def todo(self, items: Any, where: Where) -> None:
        """The latest todo list / plan (a list of dicts); only the last one is ever emitted."""
        self._todo = (items, where)

    def pending(self, call_id: str) -> bool:
        return call_id in self._calls

    def ok(self, call_id: str) -> bool:
        """`result(call_id, Outcome.OK, where)` for a success that needs no `where` (its tool has no
        error waiting for a recovery, so nothing is cited to the result); False, and nothing done,
        when it does: then `result` is called with a `where`."""
        entry = self._calls.get(call_id)
        if entry is None:
            return True
        tool = entry[0]
        if tool in self._errors:
            return False
        del self._calls[call_id]
        if tool in self._edit_tools:
            self._file_edits(tool, entry[1], entry[2])
        return True

    def succeeded(self, call_id: str, tool: str, raw: Any, where: Where) -> bool:
        """`call(call_id, tool, raw, where)` then `ok(call_id)`, for a call whose success is recorded
        with it (one part, one entry): nothing stored when the tool has no error waiting for its
        recovery. False (the call left open) when `result` must be called with a `where`."""
        if tool in self._errors:
            self._calls[call_id] = (tool, raw, where)
            return False
        self._calls.pop(call_id, None)  # (an earlier open call of the same id is replaced, then done)
        if tool in self._edit_tools:
            self._file_edits(tool, raw, where)
        return True

    def done(self, call_id: str, tool: str, raw: Any, where: Where) -> None:
        """A call and its success, both at `where` (one part, one entry): `succeeded`, then `result`
        when the tool has an error waiting for its recovery."""
        if not self.succeeded(call_id, tool, raw, where):
            self.result(call_id, Outcome.OK, where)

    def result(self, call_id: str, outcome: str, where: Where, body: str = "", signal: str = "is_error") -> None:
        """The outcome of a call (unknown ids are ignored: their call was not seen or is resolved)."""
        entry = self._calls.pop(call_id, None)
        if entry is None:
            return
        tool, raw, call_where = entry
        if outcome == Outcome.INTERRUPTED:
            return
        if outcome == Outcome.REJECTED:
            self._emit(where, TurnKind.TOOL_REJECTED, _said(tool, self._summary(tool, raw, call_where)), "", "rejected")
            return
        if outcome == Outcome.ERROR:
            summary = self._summary(tool, raw, call_where)
            self._tick(tool)
            self._failed(where, _said(tool, summary), body, signal)
            errors = self._errors.setdefault(tool, [])
            errors.append(_OpenError(summary, frozenset(summary.split()), where[_LINE], RECOVERY_WINDOW))
            del errors[:-_OPEN_ERRORS]
            return
        if tool in self._errors:
            self._recover(tool, raw, call_where, where)
        if tool in self._edit_tools:
            self._file_edits(tool, raw, call_where)

    def finish(self) -> None:
        """End of file: calls that never got a result count as done; then the last todo list."""
        for tool, raw, call_where in self._calls.values():
            if tool in self._edit_tools:
                self._file_edits(tool, raw, call_where)
        self._calls.clear()
        if self._todo is not None:
            items, where = self._todo
            text = todo_text(items)
            if text:
                self._emit(where, TurnKind.TODO, text, "", None)
        self.turns.sort(key=_line_of)  # edits are cited to their call, emitted at its result

    # --- internals -----------------------------------------------------------------------------
    def _summary(self, tool: str, raw: Any, call_where: Where) -> str:
        try:
            return summary_text(self._summarize(tool, raw, call_where[_CWD]))
        except Exception:  # a malformed input costs its summary, never the file
            return ""

    def _tick(self, tool: str) -> None:
        errors = self._errors.get(tool)
        if errors is None:
            return
        for e in errors:
            e.left -= 1
        kept = [e for e in errors if e.left > 0]
        if kept:
            self._errors[tool] = kept
        else:
            del self._errors[tool]

    def _recover(self, tool: str, raw: Any, call_where: Where, where: Where) -> None:
        summary = self._summary(tool, raw, call_where)
        tokens = frozenset(summary.split())
        errors = self._errors[tool]
        for i in range(len(errors) - 1, -1, -1):
            e = errors[i]
            if _similar(tokens, e.tokens):
                self._emit(where, TurnKind.TOOL_RECOVERED, _said(tool, summary), e.summary, f"after_line:{e.line_no}")
                # this error is recovered, and so are earlier failures of the same call
                errors[:] = [x for x in errors[:i] if not _similar(tokens, x.tokens)] + errors[i + 1 :]
                break
        self._tick(tool)

    def _file_edits(self, tool: str, raw: Any, where: Where) -> None:
        try:
            edits = self._edits(tool, raw)
        except Exception:
            return
        seen: set[str] = set()
        for path, new_text in edits if len(edits) <= MAX_EDIT_FILES else edits[:MAX_EDIT_FILES]:
            if not isinstance(path, str) or not path.strip() or path in seen:
                continue
            seen.add(path)
            shown = summary_text(relative(path, where[_CWD]))
            if not shown:
                continue
            names = function_names(new_text) if new_text and isinstance(new_text, str) and _has_code(path) else []
            suffix = f" (functions: {', '.join(names)})" if names else ""
            self._emit(where, TurnKind.FILE_EDIT, f"{_shown(tool)}: {shown}{suffix}", "", None)

    def _failed(self, where: Where, text: str, body: str, signal: str) -> None:
        """A failure's turn (a repeated one, same line and text, makes none: no excerpt is cut)."""
        if (where[_LINE], text) not in self._keys:
            self._emit(where, TurnKind.TOOL_ERROR, text, excerpt(body), signal)

    def _emit(self, where: Where, kind: TurnKind, text: str, context: str, signal: str | None) -> None:
        key = (where[_LINE], text)
        if key in self._keys:
            return
        self._keys.add(key)
        self.turns.append(t3_turn(where, kind, text, context, signal))


def t3_turn(where: Where, kind: TurnKind, text: str, context: str, signal: str | None) -> Turn:
    """The T3 turn cited to `where` (uuid and timestamp kept only when the file has them as text)."""
    line_no, offset, uuid, ts, session_id, cwd = where
    uuid = uuid if isinstance(uuid, str) else None
    ts = ts if isinstance(ts, str) else None
    return make_turn(line_no, offset, uuid, session_id, ts, cwd, _T3, kind, signal, text, context, False, NO_TRUNCATED)


def _shown(tool: str) -> str:
    """A tool name is a short identifier; anything else a file puts in that field is not shown."""
    if len(tool) <= _TOOL_NAME_CHARS and (tool.isidentifier() or _TOOL_NAME.fullmatch(tool)):
        return tool
    return "tool"


def _said(tool: str, summary: str) -> str:
    return f"{_shown(tool)}: {summary}" if summary else f"{_shown(tool)}:"


_line_of = attrgetter("line_no")  # a turn's line (C-level: no Python call per turn in the sort)


def _similar(a: frozenset[str], b: frozenset[str]) -> bool:
    if a == b:
        return True
    union = len(a | b)
    return union > 0 and len(a & b) / union >= _SIMILAR


def relative(path: str, cwd: str | None) -> str:
    """A path under the session's cwd, relative to it (shorter, and no home directory in it)."""
    if not cwd:
        return path
    base = cwd.rstrip("/\\") + "/"
    return path[len(base) :] if path.startswith(base) and len(path) > len(base) else path


def _has_code(path: str) -> bool:
    return not path.lower().endswith(_NO_DEFINITIONS)


# --- bounded text ------------------------------------------------------------------------------
def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text) if "\x1b" in text else text


def summary_text(text: str) -> str:
    """One line, ANSI-free, at most SUMMARY_CHARS, cut at whitespace outside secret-shaped spans."""
    if len(text) <= SUMMARY_CHARS and text.isprintable() and "  " not in text:
        return text.strip()  # the common case (a path, a short command): nothing to collapse or cut
    if len(text) > 4 * SUMMARY_CHARS:
        text = text[: 4 * SUMMARY_CHARS]  # the cut below ends well before this
    return ut.head(_WS.sub(" ", strip_ansi(text)).strip(), SUMMARY_CHARS)


def excerpt(body: str) -> str:
    """Head and tail of a tool output, " … " between, at most ~EXCERPT_CHARS."""
    if len(body) > _HEAD_WINDOW + _TAIL_WINDOW:
        head_part, tail_part = strip_ansi(body[:_HEAD_WINDOW]), strip_ansi(body[-_TAIL_WINDOW:])
    else:
        head_part = tail_part = body = strip_ansi(body).strip()
        if len(body) <= EXCERPT_CHARS:
            return body
    head = ut.head(head_part.strip(), _HEAD_CHARS)
    tail = ut.tail(tail_part, EXCERPT_CHARS - len(head) - 3).removeprefix("…")
    if head and tail:
        return f"{head} … {tail}"
    return head or tail


def bounded_output(body: str) -> str:
    """An output cut to what `excerpt` reads of it, with the same excerpt: a long one's two windows
    joined by a character (so it is still longer than both windows, which `excerpt` takes as they
    are). Held while an excerpt waits to be cut (`activity_log`), it is bounded."""
    if len(body) <= _HEAD_WINDOW + _TAIL_WINDOW + 1:
        return body
    return f"{body[:_HEAD_WINDOW]} {body[-_TAIL_WINDOW:]}"


def function_names(text: str) -> list[str]:
    """Up to MAX_FUNCTIONS names the text defines (def/class/function/fn/func), in order."""
    names: list[str] = []
    for m in _DEFINITION.finditer(text, 0, min(len(text), _FUNCTION_SCAN)):
        name = m.group(1)
        if name not in names:
            names.append(name)
            if len(names) == MAX_FUNCTIONS:
                break
    return names


def todo_text(items: Any) -> str:
    """One "[status] item" line per item, at most TODO_ITEMS of them, each cut."""
    if not isinstance(items, list):
        return ""
    lines = []
    for item in items:
        if not isinstance(item, dict):
            continue
        what = item.get("content", item.get("step"))
        if not isinstance(what, str) or not what.strip():
            continue
        status = item.get("status")
        status = status if isinstance(status, str) and _STATUS.fullmatch(status) else "?"
        line = ut.head(_WS.sub(" ", strip_ansi(what)).strip(), TODO_ITEM_CHARS)
        if line:
            lines.append(f"[{status}] {line}")
            if len(lines) == TODO_ITEMS:
                break
    return "\n".join(lines)


def patch_files(patch: str) -> list[tuple[str, str]]:
    """(path, added lines) per `*** Update/Add/Delete File:` section of an apply_patch body."""
    headers = list(_PATCH_HEADER.finditer(patch))
    out = []
    for i, m in enumerate(headers[:MAX_EDIT_FILES]):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(patch)
        out.append((m.group(1), patch[m.end() : end]))
    return out


def compact_json(value: Any) -> str:
    """The input of a tool without a known summary field, as JSON with spaces after separators
    (so the summary cut has whitespace to end at)."""
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return ""


def parse_json(raw: Any) -> Any:
    """A JSON-string tool input (Codex function arguments) parsed, or itself when it is not one."""
    if isinstance(raw, str) and raw[:1] in ("{", "["):
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            return raw
    return raw
