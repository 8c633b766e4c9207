"""Decoded views of text written in a *form* that hides its characters from every rule, each decoded
by the form's documented grammar, with offsets mapped back to the original (see `views.View`):

- typographic forms: format characters (Unicode category Cf: zero-width space and joiners, soft
  hyphen, word joiner, BOM) dropped, space separators (no-break, narrow, ideographic …) read as a
  space, the dash punctuation hyphens (U+2010..U+2015, minus sign) as `-`, and the full-width and
  other compatibility forms folded by NFKC (`ＡＢＣ１２３` as `ABC123`);
- a JavaScript `String.fromCharCode(n, …)` call (decimal or `0x` hexadecimal code units);
- the body of a bytes literal holding UTF-16 (`h\\x00i\\x00`: every other byte zero), LE or BE;
- JavaScript's legacy `escape()`: `%uXXXX` UTF-16 units and `%XX` Latin-1 bytes;
- a line-break or tab constant or a character-code call concatenated between two string literals
  (`" & vbCrLf & "`, `"&CHAR(10)&"`, `' || chr(10) || '`), read as its character;
- RTF: `\\uN?` (signed 16-bit, with its one fallback character), `\\'hh` (Windows-1252),
  `\\par`/`\\line` (line break), `\\tab`, control symbols, other control words and group braces
  dropped (only in a text that opens an RTF document, `{\\rtf`).

Each form is tried only where one C-speed search finds its introducer, so plain text costs nothing.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from functools import lru_cache

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.views import View, decoded_views, probed, share_probe

Segment = tuple[int, int, str]  # (original start, original end, decoded text)


def _view(text: str, segs: list[Segment], url: bool = True, cls: type[View] = View) -> View | None:
    """The view of `text` with each segment replaced by its decoding (segments in order, disjoint)."""
    if not segs:
        return None
    parts: list[str] = []
    escapes: list[tuple[int, int, int, int]] = []
    pos = vpos = 0
    for s, e, out in segs:
        if s < pos:
            continue  # (overlapping segments would map offsets wrongly: the first one wins)
        parts.append(text[pos:s])
        vpos += s - pos
        parts.append(out)
        escapes.append((vpos, vpos + len(out), s, e))
        vpos += len(out)
        pos = e
    parts.append(text[pos:])
    view = "".join(parts)
    return None if view == text else cls(view, url, tuple(escapes))


# ---- typographic forms ------------------------------------------------------------------------
# Any character NFKC or the rules below change; one search says whether a text holds one. (Not the
# en and em dashes: prose punctuation between words, never inside a value, and common enough that a
# view for each text holding one cost the shared bench ~10%.)
_TYPO = re.compile(
    "[\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u1680\u2000-\u2012\u2028-\u202f"
    "\u205f-\u206f\u2212\u3000\u3164\ufe00-\ufe0f\ufeff\uff01-\uffee\ufff9-\ufffb]"
)


@lru_cache(maxsize=1024)
def _typo_char(ch: str) -> str:
    cat = unicodedata.category(ch)
    if cat == "Cf" or ch in "\u034f\u115f\u1160\u3164" or "\ufe00" <= ch <= "\ufe0f" or "\u180b" <= ch <= "\u180d":
        return ""  # invisible: format characters, fillers and variation selectors
    if cat == "Zs" or ch in "\u2028\u2029":
        return " "
    if cat == "Pd" or ch == "\u2212":
        return "-"
    return unicodedata.normalize("NFKC", ch)


# What makes the view worth building: the characters above but the full-width and half-width
# punctuation, symbols and kana (U+FF01..U+FFEE), of which only full-width letters and digits, and
# full-width punctuation touching ASCII, can hide a value (`key：value`, or a value ending at a `，`
# that the view reads as a boundary). (Full-width punctuation between CJK characters fills almost
# every Chinese or Japanese text: a view for each such text cost ~1.9x CPU on those prompts.)
_FW_PUNCT = "\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
_TYPO_GATE = re.compile(
    "[\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u1680\u2000-\u2012\u2028-\u202f"
    "\u205f-\u206f\u2212\u3000\u3164\ufe00-\ufe0f\ufeff\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\ufff9-\ufffb]"
    f"|[!-~][{_FW_PUNCT}]|[{_FW_PUNCT}][ ]*[!-~]"
)
# The gate's single-character class alone, and the character its two pair alternatives both need:
# a one-class search runs at C speed where the three-way alternation is tried at every position.
_TYPO_CHAR = re.compile(_TYPO_GATE.pattern.split("|", 1)[0])
_TYPO_OR_FW = re.compile(_TYPO_CHAR.pattern[:-1] + _FW_PUNCT + "]")  # either class: one pass


def _typo_gated(text: str) -> bool:
    """Whether `_TYPO_GATE` matches in `text` (exact: its pair alternatives need a full-width
    punctuation character, so a text with neither class fails it; the first one found decides
    when it is the single-character class, else the full gate does)."""
    m = _TYPO_OR_FW.search(text)
    if m is None:
        return False
    return _TYPO_CHAR.match(m[0]) is not None or _TYPO_GATE.search(text) is not None


def typographic_view(text: str) -> View | None:
    if text.isascii() or not _typo_gated(text):
        return None
    segs = [(m.start(), m.end(), _typo_char(m.group())) for m in _TYPO.finditer(text)]
    return _view(text, [s for s in segs if text[s[0] : s[1]] != s[2]])


# ---- String.fromCharCode ---------------------------------------------------------------------
_FCC = re.compile(r"fromCharCode\(\s*")
_CODE = re.compile(r"(0[xX][0-9a-fA-F]{1,4}|[0-9]{1,5})(\s*,\s*|\s*(?=\)))")


def char_code_view(text: str) -> View | None:
    if "fromCharCode(" not in text:
        return None
    segs: list[Segment] = []
    for m in _FCC.finditer(text):
        pos = m.end()
        units: list[tuple[int, int, int]] = []
        while (c := _CODE.match(text, pos)) is not None:
            n = int(c.group(1), 0)
            if n > 0xFFFF:
                break
            units.append((c.start(), c.end(), n))
            pos = c.end()
        segs.extend(_utf16_segments(units))
    return _view(text, segs)


def _utf16_segments(units: list[tuple[int, int, int]]) -> list[Segment]:
    """Segments decoding (start, end, UTF-16 code unit) runs: surrogate pairs joined, lone ones as U+FFFD."""
    out: list[Segment] = []
    i = 0
    while i < len(units):
        s, e, u = units[i]
        if 0xD800 <= u < 0xDC00 and i + 1 < len(units) and 0xDC00 <= units[i + 1][2] < 0xE000:
            lo = units[i + 1]
            out.append((s, lo[1], chr(0x10000 + ((u - 0xD800) << 10) + (lo[2] - 0xDC00))))
            i += 2
            continue
        out.append((s, e, "\ufffd" if 0xD800 <= u < 0xE000 else chr(u)))
        i += 1
    return out


# ---- UTF-16 in a bytes literal ----------------------------------------------------------------
# one byte of a bytes literal's body: a `\xhh` escape, a simple escape, or a printable character
_BYTE = re.compile(r"\\x([0-9a-fA-F]{2})|\\([\\'\"nrtabfv0])|([ -\[\]-~])")
_BYTE_SIMPLE = {"\\": 0x5C, "'": 0x27, '"': 0x22, "n": 10, "r": 13, "t": 9, "a": 7, "b": 8, "f": 12, "v": 11, "0": 0}
_MIN_UNITS = 4


def utf16_bytes_view(text: str) -> View | None:
    if "\\x00" not in text:
        return None
    segs: list[Segment] = []
    run: list[tuple[int, int, int]] = []  # (start, end, byte) of consecutive bytes
    pos = 0
    for m in _BYTE.finditer(text):
        if m.start() != pos and run:
            segs.extend(_utf16_run(run))
            run = []
        hx, simple, lit = m.groups()
        b = int(hx, 16) if hx is not None else _BYTE_SIMPLE[simple] if simple is not None else ord(lit)
        run.append((m.start(), m.end(), b))
        pos = m.end()
    if run:
        segs.extend(_utf16_run(run))
    return _view(text, segs)


def _utf16_run(run: list[tuple[int, int, int]]) -> list[Segment]:
    """A run of bytes read as UTF-16 where it is: the stretches where one of the two byte parities
    is zero for at least `_MIN_UNITS` units (ASCII and Latin text in UTF-16), a BOM telling the order."""
    if len(run) < 2 * _MIN_UNITS:
        return []
    best: list[Segment] = []
    for parity in (0, 1):  # 1: little-endian (the high byte, zero, second); 0: big-endian
        segs: list[Segment] = []
        units: list[tuple[int, int, int]] = []
        i = 0
        while i + 1 < len(run):
            a, b = run[i], run[i + 1]
            lo, hi = (a, b) if parity else (b, a)
            if hi[2] == 0 or (units and 0xD8 <= hi[2] <= 0xDF) or (units and hi[2] < 0x30):
                units.append((a[0], b[1], hi[2] << 8 | lo[2]))
                i += 2
                continue
            if len(units) >= _MIN_UNITS:
                segs.extend(_utf16_segments(units))
            units = []
            i += 1
        if len(units) >= _MIN_UNITS:
            segs.extend(_utf16_segments(units))
        if sum(e - s for s, e, _ in segs) > sum(e - s for s, e, _ in best):
            best = segs
    return best


# ---- JavaScript escape() ---------------------------------------------------------------------
_JS_PROBE = re.compile(r"%u[0-9A-Fa-f]{4}")
_JS_ESC = re.compile(r"%u([0-9A-Fa-f]{4})|%([0-9A-Fa-f]{2})")


def js_escape_view(text: str) -> View | None:
    if "%u" not in text or _JS_PROBE.search(text) is None:
        return None
    segs: list[Segment] = []
    units: list[tuple[int, int, int]] = []
    last = -1
    for m in _JS_ESC.finditer(text):
        if m.start() != last and units:
            segs.extend(_utf16_segments(units))
            units = []
        units.append((m.start(), m.end(), int(m.group(1) or m.group(2), 16)))
        last = m.end()
    segs.extend(_utf16_segments(units))
    return _view(text, segs)


# ---- RTF -------------------------------------------------------------------------------------
_RTF = re.compile(
    r"\\u(-?[0-9]{1,5}) ?(?:\\'[0-9a-fA-F]{2}|[^\\{}])?"  # a UTF-16 unit and its fallback character
    r"|\\'([0-9a-fA-F]{2})|\\([a-z]{1,32})(-?[0-9]{1,10})? ?|\\([\\{}~_-])|[{}]|\r?\n"
)
_RTF_WORDS = {"par": "\n", "line": "\n", "tab": "\t", "emdash": "\u2014", "endash": "\u2013", "bullet": "\u2022"}
_RTF_SYMBOLS = {"\\": "\\", "{": "{", "}": "}", "~": "\u00a0", "_": "\u2011", "-": ""}


def _closing_braces(text: str, start: int) -> dict[int, int]:
    """Each brace from `start` on that closes, by where it opens: where it closes (escaped braces
    skipped). One pass for all documents, so many unclosed ones cost no rescans."""
    closes: dict[int, int] = {}
    opened: list[int] = []
    for m in _BRACE.finditer(text, start):
        if m.group() == "{":
            opened.append(m.start())
        elif m.group() == "}" and opened:
            closes[opened.pop()] = m.end()
    return closes


def _plain_line_before(text: str, start: int) -> int:
    """Where the first line after `start`'s own that is plain text (no control word, more than
    braces) begins, less its line break; or the text's end."""
    line_end = text.find("\n", start)
    while line_end >= 0:
        nxt = text.find("\n", line_end + 1)
        line = text[line_end + 1 : len(text) if nxt < 0 else nxt]
        if line.strip(" \t\r{}") and not _CONTROL.search(line):
            return line_end
        line_end = nxt
    return len(text)


_BRACE = re.compile(r"\\[\\{}]|[{}]")
_CONTROL = re.compile(r"\\(?:[a-z]{1,32}|'[0-9a-fA-F]{2})")


def rtf_view(text: str) -> View | None:
    """RTF documents decoded. A document ends at its matching brace; one that never closes (cut
    off, or a brace lost to an earlier redaction) ends before its first later line of plain text:
    what follows is no RTF, and the view must not drop its line breaks (that joined a value to the
    next line's word, so a second pass read the text otherwise)."""
    if "{\\rtf" not in text:
        return None
    segs: list[Segment] = []
    pos = text.find("{\\rtf")
    closes = _closing_braces(text, pos)
    while (start := text.find("{\\rtf", pos)) >= 0:
        pos = closes.get(start) or _plain_line_before(text, start)
        segs.extend(_rtf_segments(text, start, pos))
    return _view(text, segs)


def _rtf_segments(text: str, start: int, end: int) -> list[Segment]:
    """The segments decoding one RTF document, text[start:end], in order. (Sorted per document,
    never the whole list: documents come in order, and a sort per document over everything before
    it made many small documents quadratic.)"""
    segs: list[Segment] = []
    units: list[tuple[int, int, int]] = []
    for m in _RTF.finditer(text, start, end):
        uni, hexb, word, _arg, sym = m.groups()
        if uni is not None:
            units.append((m.start(), m.end(), int(uni) % 0x10000))
            continue
        if units:  # (a `\\uN` run ends: surrogate pairs are two of them)
            segs.extend(_utf16_segments(units))
            units = []
        if hexb is not None:
            out = bytes([int(hexb, 16)]).decode("cp1252", "replace")
        elif word is not None:
            out = _RTF_WORDS.get(word, "")
        elif sym is not None:
            out = _RTF_SYMBOLS[sym]
        else:
            out = ""  # group braces and the file's own line breaks are no text
        segs.append((m.start(), m.end(), out))
    segs.extend(_utf16_segments(units))
    segs.sort()
    return segs


# ---- a character constant concatenated between two string literals ----------------------------
# `"a" & vbCrLf & "b"` (VB), `"a"&CHAR(10)&"b"` (a spreadsheet formula), `'a' || chr(10) || 'b'`
# (SQL), `"a" + Environment.NewLine + "b"`, `'a' . PHP_EOL . 'b'`, `"a" .. "\n" .. "b"` is absent
# (a literal, already readable): the named line-break and tab constants of each language's
# documentation and its character-code functions, read as the character they stand for
_NAMED = {
    **dict.fromkeys(("vbcrlf", "vbnewline", "controlchars.crlf", "controlchars.newline"), "\n"),
    **dict.fromkeys(("environment.newline", "os.linesep", "php_eol", "system.lineseparator()"), "\n"),
    **dict.fromkeys(("vblf", "controlchars.lf", "vbcr", "controlchars.cr"), "\n"),
    **dict.fromkeys(("vbtab", "controlchars.tab"), "\t"),
}
# (substrings every form holds, fewest first: a few C-speed scans of a text that holds none)
_CONCAT_PROBE = ("vbCr", "vbLf", "vbNewLine", "vbTab", "HAR(", "har(", "hr(", "hrW(", "hr$(", "NewLine")
_CONCAT_PROBE += ("linesep", "PHP_EOL", "lineSeparator")
_CONCAT = re.compile(
    r"([\"'])[ \t]*(&|\+|\|\||\.)[ \t]*"
    r"([A-Za-z_][A-Za-z_.]{0,30}(?:\(\))?|(?:CHAR|Char|char|Chr|chr|ChrW|Chr\$)\([ \t]*([0-9]{1,5})[ \t]*\))"
    r"[ \t]*\2[ \t]*\1"
)


def concat_view(text: str) -> View | None:
    if not ('"' in text or "'" in text) or not any(p in text for p in _CONCAT_PROBE):
        return None
    segs: list[Segment] = []
    for m in _CONCAT.finditer(text):
        code = m.group(4)
        out = _NAMED.get(m.group(3).casefold()) if code is None else chr(int(code)) if int(code) < 0x110000 else None
        if out is not None:
            segs.append((m.start(), m.end(), out))
    return _view(text, segs)


# ---- `cat -A` ---------------------------------------------------------------------------------
# (`cat -A`/`cat -vET`: each line ends in a `$`, a tab is `^I`, a control byte `^X` (`^?` DEL), a
# byte above 127 `M-` and the notation of its low seven bits; a block is the run of lines that
# each end in `$`, at least two of them or one holding a `^`/`M-` notation)
_CAT_LINE = re.compile(r"(?m)^[^\n]*\$(?=\r?\n|\Z)")
_CAT_ESC = re.compile(r"(?:M-(?:\^[@-_?]|[ -~]))+|\^[@-_?]")


def cat_a_view(text: str) -> View | None:
    if "$\n" not in text and not text.endswith("$"):
        return None
    lines = [(m.start(), m.end()) for m in _CAT_LINE.finditer(text)]
    segs: list[Segment] = []
    i = 0
    while i < len(lines):
        j = i
        while j + 1 < len(lines) and text.find("\n", lines[j][1]) + 1 == lines[j + 1][0]:
            j += 1
        block = lines[i : j + 1]
        if j > i or "^" in text[block[0][0] : block[0][1]] or "M-" in text[block[0][0] : block[0][1]]:
            for s, e in block:
                for m in _CAT_ESC.finditer(text, s, e - 1):
                    segs.append((m.start(), m.end(), _cat_decode(m.group())))
                segs.append((e - 1, e, ""))
        i = j + 1
    return _view(text, segs, cls=_EndKeepingView)


class _EndKeepingView(View):
    """A view whose dropped notation (an escape decoded to nothing) stays after a range ending
    just before it: a value at a `cat -A` line end is redacted without its `$`."""

    def _map(self, pos: int, is_end: bool) -> int:
        if is_end:
            i = bisect_right(self._vstarts(), pos) - 1
            if i >= 0 and self._escapes[i][0] == self._escapes[i][1] == pos:
                return self._escapes[i][2]
        return View._map(self, pos, is_end)


def _cat_byte(n: str) -> int:
    return 127 if n == "^?" else ord(n[1]) - 64 if n.startswith("^") else ord(n)


def _cat_decode(esc: str) -> str:
    if not esc.startswith("M-"):
        return chr(_cat_byte(esc))
    raw = bytes(128 + _cat_byte(part) for part in esc.split("M-")[1:])
    return raw.decode("utf-8", "replace")


_FORMS = (typographic_view, char_code_view, utf16_bytes_view, js_escape_view, rtf_view, concat_view, cat_a_view)
# Every introducer but the typographic forms' (non-ASCII), in one RE2 pass: most texts hold none
# (answered by the Set pass the decoded views make over the same text: `views.probed`)
_PROBE = share_probe(
    Rx(
        r"fromCharCode\(|\\x00|%u[0-9A-Fa-f]{4}|\{\\rtf|vbCr|vbLf|vbNewLine|vbTab|CHAR\(|[Cc]har\(|[Cc]hrW?\$?\("
        r"|NewLine|linesep|PHP_EOL|lineSeparator|\$\n"
    )
)


@lru_cache(maxsize=512)
def form_views(text: str) -> tuple[View, ...]:
    """The form views of `text` that differ from it, and each one's own escape-decoded views
    (`views.decoded_views`: a JSON string inside `fromCharCode`, a URL query in full-width text),
    composed to map back to `text`."""
    out: list[View] = []
    builds = _FORMS if probed(text, _PROBE) else _FORMS[:1]
    for build in builds:
        v = build(text)
        if v is None:
            continue
        out.append(v)
        out.extend(_Chained(d, v) for d in decoded_views(v.text))
    return tuple(out)


def scan_views(text: str) -> tuple[View, ...]:
    """Every view a text is scanned through: its escape-decoded views and its form views."""
    return decoded_views(text) + form_views(text)


class _Chained(View):
    """A decoded view of a form view: offsets map through both."""

    def __init__(self, outer: View, inner: View) -> None:
        object.__setattr__(self, "text", outer.text)
        object.__setattr__(self, "url", outer.url or inner.url)
        object.__setattr__(self, "_escapes", outer._escapes)
        object.__setattr__(self, "_inner", inner)
        object.__setattr__(self, "_outer", outer)

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        outer: View = self.__dict__["_outer"]
        s, e = outer.to_original(start, end)
        inner: View = self.__dict__["_inner"]
        return inner.to_original(s, e)

    def windows(self) -> list[tuple[int, int]]:
        outer: View = self.__dict__["_outer"]
        return outer.windows()
