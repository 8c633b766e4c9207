"""A key hard-wrapped over several lines (a PDF's, a terminal's or an e-mail's column; a quote's `> `
or an indentation before every line): the lines after a redacted key's line that continue it.

A detector finds the key's first line (its vendor prefix, its label) and often a middle line (a
long random run), but a short last line (`UIdN`, `jM2Y…==`) or a middle line judged with its
neighbours as a public base64 body holds no sign of its own: it stayed in clear on the first pass,
and the second pass, reading placeholders around it, judged it otherwise (not idempotent).

A line continues the key when the key's line ends with the key (a hard wrap cuts the key, it never
leaves the line short of its column), the next line has the same margin (indentation, quote marks)
and nothing after it but one run of a key's characters, no longer than the key's line. A line of
the key's full width continues the chain; a shorter one is its last line. A run that reads as a
word (letters of one case, no digit) is no key's piece: `end`, `Thanks` after a key stay. The
anchor is the text's own key, never a placeholder: a second pass sees a placeholder's `]` at the
line's end and extends nothing, so a first pass that took the whole key is stable.

Linear: each span looks at the lines after it once, at most `_MAX_LINES` of them.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from persona_pipeline.core.evidence.redaction.spans import Span

# the characters of a key's body: base64 and base64url (RFC 4648 §4/§5), plus `.` (a JWT's or a
# vendor's segment separator); `=` only as base64 padding at its end
_PIECE = re.compile(r"[A-Za-z0-9+/_.-]{1,512}={0,2}")
# what may stand before every line of a wrapped block: indentation and a quote's marks (RFC 3676)
_MARGIN = re.compile(r"[ \t]{0,16}(?:>[ \t]?){0,8}[ \t]{0,16}")
# a piece that reads as a word or a number alone: letters of one case, or digits only
_WORDLIKE = re.compile(r"[a-z]+|[A-Z]+|[A-Z][a-z]+|[0-9]+")
# the narrowest column a hard wrap is set at (RFC 2045's 76, PEM's 64, terminals and PDFs' 24-80);
# a shorter line ending in a run is a short value, not a cut one
_MIN_WIDTH = 20
# the key's own run on its line: at least this long, letters and digits both (a key's, not a word's)
_MIN_KEY = 16
_MAX_LINES = 64
# the widest column a wrap is set at (a line wider is no wrapped piece: the scan stops there)
_MAX_WIDTH = 512


def _line_end(text: str, pos: int) -> int:
    """The end of the line at `pos` (its `\\n`), or -1 when it is longer than any wrap's column."""
    cut = text.find("\n", pos, pos + _MAX_WIDTH + 2)
    if cut < 0:
        return len(text) if len(text) - pos <= _MAX_WIDTH + 1 else -1
    return cut


def _line_start(text: str, end: int) -> int:
    """The start of the line ending at `end`, or -1 when it is longer than any wrap's column."""
    lo = max(0, end - _MAX_WIDTH - 1)
    cut = text.rfind("\n", lo, end)
    if cut < 0:
        return 0 if lo == 0 else -1
    return cut + 1


def _classes(run: str) -> tuple[bool, bool]:
    """(has an upper-case letter, has a lower-case letter)."""
    return any(c.isupper() for c in run), any(c.islower() for c in run)


def _key_piece(run: str, key: str, confirmed: bool) -> bool:
    """A wrapped key's piece: one run of a key's characters that does not read as a word alone (once
    the wrap's width is confirmed by a full line, one or two letters or capitals only may: a cut
    key's last characters), and a long piece has the key's cases (a hex digest's line is no base64
    key's)."""
    if _PIECE.fullmatch(run) is None or not any(map(str.isalnum, run)):
        return False  # (`+++`, `----`: a diff's or a document's rule line, no key's piece)
    word = _WORDLIKE.fullmatch(run.rstrip("="))
    # (once confirmed, only a word of prose stays: small letters or a capital's word, three and more)
    if word is not None and not (confirmed and (len(run) <= 2 or run.isupper())):
        return False
    # (a key of a dozen letters and more shows its cases: then a long piece must show the same)
    return len(run) < 16 or sum(c.isalpha() for c in key) < 12 or _classes(run) == _classes(key)


def _run_line(text: str, ls: int, le: int, margin: str) -> str | None:
    """The line's run after `margin` (its `\\r` dropped), or None when the line is more than that."""
    if ls < 0 or le < 0:
        return None
    line = text[ls:le].removesuffix("\r")
    if not line.startswith(margin):
        return None
    run = line[len(margin) :]
    return run if run and _PIECE.fullmatch(run) else None


def _anchor(text: str, s: Span) -> tuple[int, int, str, str] | None:
    """(the span's line's start, its width, its margin, the key's run on it) when the span is a key
    closing its line."""
    end = s.end
    if end <= s.start or end > len(text) or (end < len(text) and text[end] not in "\r\n"):
        return None
    ls = _line_start(text, end)
    if ls < 0:
        return None
    m = _MARGIN.match(text, ls, end)
    margin = text[ls : m.end()] if m else ""
    tail = text[max(ls + len(margin), s.start) : end]  # (a span over a break: its last line's part)
    if len(tail) < _MIN_KEY or _PIECE.fullmatch(tail) is None:
        return None
    if not any(c.isdigit() for c in tail) or not any(c.isalpha() for c in tail):
        return None
    if tail.startswith("AAAA"):
        # (a length-prefixed binary blob in base64, SSH's wire format (RFC 4253 §6.6: a public key,
        # a signature, PuTTY's `Public-Lines`): the armored-body and key-file rules judge its lines)
        return None
    # (the cases of the whole span: a part on its last line may be digits and dashes only)
    return ls, end - ls, margin, text[s.start : end] if s.start < ls else tail


def _after(text: str, s: Span, ls: int, width: int, margin: str, key: str) -> list[Span]:
    """The key's lines after its line: full-width ones, then one shorter (its last)."""
    out: list[Span] = []
    # (the wrap's width is confirmed when the line before is as wide: the key's line is a full one)
    ps = _line_start(text, ls - 1) if ls > 0 else -1
    confirmed = ps >= 0 and len(text[ps : ls - 1].removesuffix("\r")) == width
    pos = s.end
    for _ in range(_MAX_LINES):
        pos += 2 if text.startswith("\r\n", pos) else 1 if text.startswith("\n", pos) else 0
        if pos == s.end or (out and pos == out[-1].end):
            break
        run = _run_line(text, pos, _line_end(text, pos), margin)
        if run is None or len(margin) + len(run) > width or not _key_piece(run, key, confirmed):
            break
        a = pos + len(margin)
        out.append(Span(a, a + len(run), s.kind))
        if len(margin) + len(run) < width:  # (a shorter line is the key's last)
            break
        confirmed, pos = True, a + len(run)
    return out


def _before(text: str, s: Span, ls: int, width: int, margin: str, key: str, floor: int) -> list[Span]:
    """The key's lines before its line when the span holds the whole line (a middle or last line
    found alone): lines of one run each, of the wrap's width (the line's own when it is full, the
    line before's when it is the shorter last one), up to the key's first line."""
    if s.start > ls + len(margin):
        return []
    out: list[Span] = []
    wrap = 0
    line_start = ls
    for _ in range(_MAX_LINES):
        if line_start <= floor:  # (the lines a key before reached: read once)
            break
        pe = line_start - 1
        ps = _line_start(text, pe)
        run = _run_line(text, ps, pe, margin)
        if run is None or not _key_piece(run, key, False):
            break
        full = len(margin) + len(run)
        if wrap == 0:
            if full < width or full < _MIN_WIDTH:
                break
            wrap = full
        elif full != wrap:
            break
        out.append(Span(ps + len(margin), ps + len(margin) + len(run), s.kind))
        line_start = ps
    return out


# a line break escaped in a string literal, once or more (JSON's `\\n`, `\\r\\n`; JSON in JSON)
_ESCAPED_BREAK = re.compile(r"\\{1,3}(?:r\\{1,3})?n")


def _unescaped_breaks(text: str) -> str:
    """The text with each escaped line break read as a real one, offsets kept: the break, then
    spaces for the rest of its escape (every line after one gets the same margin)."""
    return _ESCAPED_BREAK.sub(lambda m: "\n" + " " * (len(m[0]) - 1), text)


def wrapped_key_spans(text: str, spans: Sequence[Span]) -> list[Span]:
    """The other lines of each key span that closes its line (each its own span, the key's kind:
    the breaks and margins between them stay as written). Breaks escaped in a string literal count
    as breaks (a wrapped key pasted into a JSON string)."""
    if not spans:
        return []
    if "\\" in text:
        text = _unescaped_breaks(text)
    if "\n" not in text:
        return []
    out: list[Span] = []
    reached = 0  # (how far the keys read so far reach: each line is read for one key only)
    for s in sorted(spans, key=lambda s: s.end):
        if s.end <= reached:
            continue
        anchor = _anchor(text, s)
        if anchor is None:
            continue
        ls, width, margin, key = anchor
        found = _before(text, s, ls, width, margin, key, reached)
        if width >= _MIN_WIDTH:
            found += _after(text, s, ls, width, margin, key)
        out.extend(found)
        reached = max([s.end, *(f.end for f in found)])
    return out


# A key body's alphabet by RFC 4648: base64 (§4: `+`, `/`) or base64url (§5: `-`, `_`; a JWT's
# segments joined by `.`), never both sets at once: a path (`src/app_1/main.py`) mixes them.
_STD_BODY = re.compile(r"[A-Za-z0-9+/]{1,512}={0,2}")
_URL_BODY = re.compile(r"[A-Za-z0-9_.-]{1,512}={0,2}")
_RUN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_.-=")
# (the RE2 gate `views` probes before looking: a line ending in a long run, the next line one run)
BLOCK_GATE = r"[A-Za-z0-9+/_.-]{16}={0,2}\r?\n[ \t>]{0,24}[A-Za-z0-9+/_.-]+={0,2}\r?(?:\n|\z)"


def _body(run: str) -> bool:
    return _STD_BODY.fullmatch(run) is not None or _URL_BODY.fullmatch(run) is not None


def _last_run(text: str, end: int) -> int:
    """Where the run of a key's characters ending at `end` starts (at most a column's width back)."""
    a = end
    lo = max(0, end - _MAX_WIDTH)
    while a > lo and text[a - 1] in _RUN_CHARS:
        a -= 1
    return a


_ARMOR = re.compile(r"-----(BEGIN|END) [A-Z0-9 ]{1,60}-----")


def _armored(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each RFC 7468 armor's body (`-----BEGIN …-----` to its `-----END …-----`, or
    to the text's end when the END line is missing): the private-key rule takes such a block whole,
    and a certificate's or a public key's body is public, so neither needs the joined view (each
    joined block costs a whole detector pass on its text)."""
    if "-----BEGIN " not in text:
        return []
    out: list[tuple[int, int]] = []
    start = -1
    for m in _ARMOR.finditer(text):
        if m[1] == "BEGIN":
            start = m.end() if start < 0 else start
        elif start >= 0:
            out.append((start, m.start()))
            start = -1
    if start >= 0:
        out.append((start, len(text)))
    return out


def _inside(armor: list[tuple[int, int]], pos: int) -> bool:
    i = bisect_right(armor, (pos, 1 << 62)) - 1
    return i >= 0 and armor[i][0] <= pos < armor[i][1]


def block_segments(text: str) -> list[tuple[int, int, str]]:
    """Each break (with the next line's margin) inside a key hard-wrapped over lines, read as nothing:
    a view of the text in which the key is one run again, for the rules that know a vendor's key
    only whole (its prefix and its length: the first line alone is too short, the others have no
    prefix). A block is a line ending in a key-like run (letters and digits, 16 and more) and the
    lines after it that continue it (`_after`: same margin, one run each, the first line's width,
    the last one no wider), each a key body's alphabet."""
    if "\n" not in text:
        return []
    out: list[tuple[int, int, str]] = []
    armor = _armored(text)
    done = -1
    pos = text.find("\n")
    while pos >= 0:
        end = pos - 1 if pos > 0 and text[pos - 1] == "\r" else pos
        if pos > done and end - _last_run(text, end) >= _MIN_KEY and not _inside(armor, pos):
            key = Span(_last_run(text, end), end, "")
            anchor = _anchor(text, key)
            pieces = _after(text, key, *anchor) if anchor is not None and anchor[1] >= _MIN_WIDTH else []
            prev = end
            for p in pieces:
                if not _body(text[p.start : p.end]):
                    break
                out.append((prev, p.start, ""))
                prev = p.end
            done = prev
        pos = text.find("\n", pos + 1)
    return out
