"""Fast RE2 matching on a folded, one-byte-per-character copy of the text.

google-re2's `str` API re-encodes the text to UTF-8 on every call and converts byte offsets back
to character offsets on every match, in Python; on developer text that per-match work cost more
than the scans themselves (most candidates — numeric ids, capitalised words, private IPs — are
then rejected by the validators). So every pattern here runs on the text's *fold*: bytes of exactly
`len(text)`, ASCII characters kept and each non-ASCII code point replaced by DEL (0x7f). Match
offsets in the fold are character offsets in the text, with no conversion.

The fold changes no match: the patterns are ASCII, RE2's `\\b`, `\\w`, `\\s`, `\\d` are ASCII
classes, and a non-ASCII character and DEL are alike "not a word character, not a space, in no
listed class, matched by `.` and by negated classes". The two exceptions — KELVIN SIGN and LATIN
SMALL LETTER LONG S, which RE2's case folding equates with `k` and `s` (checked over all of
Unicode) — are not folded: a text holding one is matched through the `str` API, as before.
Values are always read from the original text. One deliberate change: a terminal's control
sequence (`\x1b[0K`) is blanked to spaces in the fold (`blank_csi`), so a word glued to it is a word.

A lone surrogate (UTF-8 cannot encode it: the `str` API raised) goes to RE2 as U+FFFD
(`utf8_safe`): one character for one, so offsets hold, and like the fold's DEL a non-ASCII
character in no class.
"""

from __future__ import annotations

import codecs
import re
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from itertools import accumulate
from typing import Any

import re2

_UNFOLDABLE = ("\u212a", "\u017f")  # case-fold to ASCII letters under (?i), yet are not word characters
_UNANCHORED = re2._Anchor.UNANCHORED  # the anchor constants the public API passes
_ANCHOR_START = re2._Anchor.ANCHOR_START


def _fold_errors(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    return "\x7f" * (exc.end - exc.start), exc.end


codecs.register_error("persona_fold", _fold_errors)

_SURROGATE = re.compile("[\ud800-\udfff]")


def utf8_safe(text: str) -> str:
    """The text with each lone surrogate replaced by U+FFFD: encodable as UTF-8 (RE2's `str` API,
    the secret engine), every character at its offset, so a span in it is the same span in `text`."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")  # (C speed, ~3x a search for the class: most texts hold no surrogate)
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


class Prepared(str):
    """A text carrying its fold, so the detectors of one batch fold it once."""

    folded: bytes | None


def prepare(text: str) -> Prepared:
    p = Prepared(text)
    p.folded = fold(text)
    return p


def fold(text: str) -> bytes | None:
    """One byte per character (lone surrogates included), or None for a text that must be matched
    as `str` (it holds a character that case-folds to ASCII)."""
    if isinstance(text, Prepared):
        return text.folded
    if text.isascii():  # O(1) in CPython
        return blank_csi(text.encode("ascii"))
    if _UNFOLDABLE[0] in text or _UNFOLDABLE[1] in text:
        return None
    return blank_csi(text.encode("ascii", "persona_fold"))


# a terminal's control sequence (ECMA-48 CSI: ESC `[`, parameters, one final letter), as a CI log
# glues it to a line's first word (GitLab's `section_start:…\r\x1b[0Kecho …`)
_CSI = re.compile(rb"\x1b\[[0-9;?]{0,16}[A-Za-z]")


def blank_csi(folded: bytes) -> bytes:
    """The fold with each control sequence blanked to spaces, one for each of its characters: on
    screen it separates the words around it, and glued to a command (`\x1b[0Kecho`) it hid the
    command's `\\b` from every rule. Offsets hold; values are read from the text."""
    if b"\x1b[" not in folded:
        return folded
    return _CSI.sub(lambda m: b" " * len(m[0]), folded)


Spans = tuple[tuple[int, int], ...]


class Rx:
    """An ASCII RE2 pattern. `finditer` yields, per match, a tuple of (start, end) per group
    (group 0 first; (-1, -1) for a group that did not take part), in character offsets."""

    __slots__ = ("_bytes", "_match", "_str", "pattern")

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self._str = re2.compile(pattern)
        self._bytes = re2.compile(pattern.encode("ascii"))
        raw: Any = getattr(self._bytes, "_regexp", None)
        # The binding's own Match (what the public API calls): one C call per match, no _Match.
        self._match = raw.Match if raw is not None and hasattr(raw, "Match") else None

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[Spans]:
        b = fold(text)
        raw: Any = getattr(self._str, "_regexp", None) if b is None else None
        if isinstance(text, Prepared) and raw is not None and hasattr(raw, "Match"):
            # a prepared text with no fold: encoded once for every pattern (the str API encodes
            # all of it on each call: ~100 rules over a long text holding a long s, each converting it)
            search = _utf8_searcher(raw.Match, text)
            end = len(text) if endpos is None else max(0, min(endpos, len(text)))
            pos = max(0, min(pos, len(text)))  # (as the str API clamps it)
            while pos <= end:
                spans = search(pos, end)
                s0, e0 = spans[0]
                if s0 < 0:
                    return
                yield tuple(spans)
                pos = e0 if e0 > pos else pos + 1
            return
        if b is None or self._match is None:  # the str API (or a binding without Match): same results
            rx = self._str if b is None else self._bytes
            groups = rx.groups
            for m in rx.finditer(utf8_safe(text) if b is None else b, pos, endpos):
                yield tuple(m.span(i) for i in range(groups + 1))
            return
        match = self._match
        end = len(b) if endpos is None else max(0, min(endpos, len(b)))
        pos = max(0, pos)
        while pos <= end:
            spans = match(_UNANCHORED, b, pos, end)
            s0, e0 = spans[0]
            if s0 < 0:
                return
            yield tuple(spans)
            pos = e0 if e0 > pos else pos + 1

    def search(self, text: str) -> Spans | None:
        return self._first(text, 0)

    def search_from(self, text: str, pos: int) -> tuple[int, int] | None:
        """(start, end) of the first match at or after `pos`."""
        m = self._first(text, pos)
        return None if m is None else m[0]

    def searcher(self, text: str) -> Callable[[int, int], Sequence[tuple[int, int]]]:
        """`search(pos, end)`: the groups' spans of the first match in `text[pos:end]` (its context
        the whole text), or `[(-1, -1)]` when there is none. On a fold it is the binding's C call
        itself: a loop of searches from positions runs no Python frame a search."""
        b = fold(text)
        if b is not None and self._match is not None:
            return partial(self._match, _UNANCHORED, b)
        raw: Any = getattr(self._str, "_regexp", None)
        if b is None and raw is not None and hasattr(raw, "Match"):
            return _utf8_searcher(raw.Match, text)

        def search(pos: int, end: int) -> Sequence[tuple[int, int]]:
            return next(self.finditer(text, pos, end), ((-1, -1),))

        return search

    def _first(self, text: str, pos: int) -> Spans | None:
        b = fold(text)
        if b is None or self._match is None:
            return next(self.finditer(text, pos), None)
        if pos > len(b):
            return None
        spans = self._match(_UNANCHORED, b, max(0, pos), len(b))  # one C call, no generator
        return tuple(spans) if spans[0][0] >= 0 else None

    def match(self, text: str) -> bool:
        """Whether the pattern matches at the start of `text`."""
        b = fold(text)
        if b is None or self._match is None:
            return (self._str.match(utf8_safe(text)) if b is None else self._bytes.match(b)) is not None
        return bool(self._match(_ANCHOR_START, b, 0, len(b))[0][0] >= 0)


def _utf8(text: str) -> tuple[bytes, array[int]]:
    """The text's `utf8_safe` UTF-8 bytes and each character's byte offset (and the end's: sorted,
    so a byte offset's character is bisected); kept on a prepared text, built once for it."""
    cached: tuple[bytes, array[int]] | None = getattr(text, "utf8", None)
    if cached is not None:
        return cached
    safe = utf8_safe(text)
    at = array(
        "q",
        accumulate((1 if o < 0x80 else 2 if o < 0x800 else 3 if o < 0x10000 else 4 for o in map(ord, safe)), initial=0),
    )
    cached = (safe.encode("utf-8"), at)
    if isinstance(text, Prepared):
        text.utf8 = cached  # type: ignore[attr-defined]
    return cached


def _utf8_searcher(match: Any, text: str) -> Callable[[int, int], Sequence[tuple[int, int]]]:
    """A searcher for a text with no fold, through the `str` pattern's own Match on the text
    encoded once (the `str` API encodes all of it on every call: a loop of searches was quadratic),
    with a table of each character's byte offset for the offsets' conversions both ways."""
    data, at = _utf8(text)
    n = len(text)

    def char(b: int) -> int:
        return -1 if b < 0 else bisect_left(at, b)

    def search(pos: int, end: int) -> Sequence[tuple[int, int]]:
        pos, end = max(0, min(pos, n)), max(0, min(end, n))
        if pos > end:
            return ((-1, -1),)
        spans = match(_UNANCHORED, data, at[pos], at[end])
        if spans[0][0] < 0:
            return ((-1, -1),)
        return [(char(s), char(e)) for s, e in spans]

    return search


_COUNTED = re.compile(r"\{(\d+)(?:,\d*)?\}\??")


def loosened(pattern: str) -> str:
    """`pattern` with every counted repetition opened (`X{4,200}` -> `X+`, `X{0,64}` -> `X*`):
    it matches wherever the pattern does (and maybe elsewhere). A Set of such patterns still
    says which patterns may match, and its DFA, without the counting, has a fraction of the
    states: on text it has not seen (every text, in use) it runs ~4x faster."""
    out: list[str] = []
    i, n, in_class = 0, len(pattern), False
    while i < n:
        c = pattern[i]
        if c == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if in_class:
            in_class = c != "]"
            out.append(c)
            i += 1
            continue
        if c == "[":
            in_class = True
            j = i + 1 + (pattern[i + 1 : i + 2] == "^")
            j += pattern[j : j + 1] == "]"  # a `]` first in a class is a member
            out.append(pattern[i:j])
            i = j
            continue
        m = _COUNTED.match(pattern, i) if c == "{" else None
        if m is not None:
            out.append("*" if int(m.group(1)) == 0 else "+")
            i = m.end()
            continue
        out.append(c)
        i += 1
    return "".join(out)


class RxSet:
    """Which of several patterns match somewhere in a text, in one RE2 Set pass.

    RE2's Set cannot fall back from its DFA: out of memory it reports no match. A sentinel
    pattern that matches every text tells that case apart, and `matching` then returns None
    (the caller runs every pattern)."""

    def __init__(self, patterns: list[str], max_mem: int = 64 << 20) -> None:
        options = re2.Options()
        options.max_mem = max_mem
        self._bytes = re2.Set.SearchSet(options)
        self._str = re2.Set.SearchSet(options)
        for p in patterns:
            self._bytes.Add(p.encode("ascii"))
            self._str.Add(p)
        self._sentinel = len(patterns)
        self._bytes.Add(b"")
        self._str.Add("")
        self._bytes.Compile()
        self._str.Compile()

    def matching(self, text: str) -> frozenset[int] | None:
        b = fold(text)
        found = self._str.Match(utf8_safe(text)) if b is None else self._bytes.Match(b)
        if not found or self._sentinel not in found:
            return None
        return frozenset(found) - {self._sentinel}
