"""Detected spans and the placeholder format shared by every detector."""

from __future__ import annotations

import hashlib
import hmac
import re
from bisect import bisect_right
from dataclasses import dataclass

import re2

from persona_pipeline.core.evidence.redaction.matching import Rx, utf8_safe

# Placeholders look like `[REDACTED:github_pat:1a2b3c4d]`. Detectors never look inside them,
# which is what makes redaction idempotent.
PLACEHOLDER_RE = re2.compile(r"\[REDACTED:[a-z0-9_]+(?::[0-9a-f]{8})?\]")
_PLACEHOLDER = Rx(PLACEHOLDER_RE.pattern)
_KIND_UNSAFE = re.compile(r"[^a-z0-9_]")
# a placeholder ending right before a position (`…[REDACTED:x:1a2b3c4d]` + `rest`)
_PLACEHOLDER_END = Rx(r"\[REDACTED:[a-z0-9_]+(?::[0-9a-f]{8})?\]$")


def safe_kind(kind: str) -> str:
    """A placeholder type of [a-z0-9_] only (a rule id may hold others: `resend-api-key.1`):
    PLACEHOLDER_RE, which keeps a second pass out of placeholders, knows no other characters."""
    return _KIND_UNSAFE.sub("_", kind.lower())


def placeholder_ends_at(text: str, pos: int) -> bool:
    """A placeholder ends right before `pos`."""
    return pos > 0 and text[pos - 1] == "]" and _PLACEHOLDER_END.search(text[max(0, pos - 40) : pos]) is not None


# a table cell that is one placeholder, spaces and quotes around it
_PLACEHOLDER_CELL = re.compile(r"\s*[\"']?\[REDACTED:[a-z0-9_]+(?::[0-9a-f]{8})?\][\"']?\s*")


def placeholder_cells_only(cells: list[str]) -> bool:
    """Every cell holding a placeholder is that placeholder alone: a row of the table's width whose
    redacted cells are whole (a table reader skips them); a placeholder inside a cell's prose, `ship
    to: [REDACTED:address:…]`, may have replaced separators, so the row's width before is unknown."""
    return all(_PLACEHOLDER_CELL.fullmatch(c) is not None for c in cells if "[REDACTED:" in c)


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int
    kind: str  # placeholder type, e.g. "aws_access_key"


def placeholder(kind: str, value: str, key: bytes) -> str:
    """Typed, stable, non-reversible placeholder: a keyed HMAC lets identical values group."""
    digest = hmac.new(key, value.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:8]
    return f"[REDACTED:{safe_kind(kind)}:{digest}]"


def protected_ranges(text: str) -> list[tuple[int, int]]:
    if "[REDACTED:" not in text:
        return []
    return [m[0] for m in _PLACEHOLDER.finditer(text)]


_HASH_DIGITS = str.maketrans("0123456789", "gggggggggg")


def digitless_placeholders(text: str) -> str:
    """The text with its placeholders' hash digits written as letters (same length, offsets kept):
    for a gate or a search that counts digits, so a placeholder beside a short number does not
    supply the digits a first pass lacked (`82 25 17 … [REDACTED:x:0802f8fe]`)."""
    if "[REDACTED:" not in text:
        return text
    parts, last = [], 0
    for a, b in protected_ranges(text):
        parts += [text[last:a], text[a:b].translate(_HASH_DIGITS)]
        last = b
    return "".join([*parts, text[last:]])


def untouched(spans: list[Span], protected: list[tuple[int, int]]) -> list[Span]:
    """The non-empty spans touching none of `protected` (`protected_ranges`: sorted and apart, so
    one bisection per span, not a scan of every placeholder)."""
    if not protected:
        return [s for s in spans if s.end > s.start]
    starts = [a for a, _ in protected]
    out = []
    for s in spans:
        if s.end <= s.start:
            continue
        k = bisect_right(starts, s.start) - 1  # the last placeholder starting at or before the span
        if k >= 0 and protected[k][1] > s.start:
            continue
        if k + 1 < len(protected) and protected[k + 1][0] < s.end:
            continue
        out.append(s)
    return out


# the types a value takes from its label alone (`kv.placeholder_kind`'s, the prose and command
# rules'): a rule that knows the value by its own format (a Twilio auth token, a cluster join
# token, a named vendor's variable) says more about the same span
LABEL_KINDS = frozenset(("password", "env_secret", "api_key", "session_cookie", "secret"))


def merge_spans(spans: list[Span], protected: list[tuple[int, int]]) -> list[Span]:
    """Union overlapping spans (the earliest-starting, then longest, names the merged span; of
    equal ones, a format's type before a label's) and drop anything touching an existing
    placeholder."""
    spans = untouched(spans, protected)
    spans.sort(key=lambda s: (s.start, -(s.end - s.start), s.kind in LABEL_KINDS))
    out: list[Span] = []
    for s in spans:
        if out and s.start < out[-1].end:
            last = out[-1]
            if s.end > last.end:
                out[-1] = Span(last.start, s.end, last.kind)
            continue
        out.append(s)
    return out


def apply_spans(text: str, spans: list[Span], key: bytes) -> str:
    parts: list[str] = []
    pos = 0
    for s in spans:
        parts.append(text[pos : s.start])
        parts.append(placeholder(s.kind, text[s.start : s.end], key))
        pos = s.end
    parts.append(text[pos:])
    return "".join(parts)


def line_start(text: str, pos: int, reach: int) -> int:
    """Where the line holding `pos` starts, at most `reach` characters back (a bounded look-behind:
    on a long one-line text a detector reads a window, never the whole text before each value)."""
    return max(text.rfind("\n", max(0, pos - reach), pos) + 1, pos - reach, 0)


def label_window(text: str, a: int, b: int) -> str:
    """text[a:b] with placeholders blanked, for a search of labels before a value: a placeholder's
    kind (`[REDACTED:address:…]`) is no label, or a second pass would find values the first did
    not (not idempotent). A window starting inside a placeholder is widened to blank it whole."""
    i = text.rfind("[REDACTED:", max(0, a - 48), a + 10)  # (10: the opener's length)
    if 0 <= i < a and "]" not in text[i:a]:
        a = i
    window = text[a:b]
    if "[REDACTED:" not in window:
        return window
    # (and one the window's end cuts: its kind is no label either)
    return _CUT_PLACEHOLDER.sub(
        lambda m: "#" * len(m.group(0)), PLACEHOLDER_RE.sub(lambda m: "#" * len(m.group(0)), utf8_safe(window))
    )


_CUT_PLACEHOLDER = re.compile(r"\[REDACTED:[a-z0-9_]*(?::[0-9a-f]{0,8})?$")
