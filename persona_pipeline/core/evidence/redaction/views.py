"""Decoded views of a text: URL-decoded, JSON-unescaped and HTML-unescaped, with their offsets
mapped back.

A secret written `password%3Dhunter2` or `\\"token\\": \\"…\\"` or right after an escaped `\\n`,
or an e-mail written `ana&#64;corp.dev`, or `&quot;password&quot;: &quot;…&quot;`, defeats rules
that need a word boundary, a quote or an `@`. Each view is scanned like the text itself,
and every span found in it is mapped back to the characters of the original that encode it (a
span never ends inside an escape), so the encoded secret is replaced in place.

Views are built only for texts that hold an escape (one C-speed search says which), so plain
text costs nothing. Building one is linear: the text is cut at its escapes, and a view keeps one
(view offset, original offset, original length, view length) segment per escape, not per char.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import unicodedata
import urllib.parse
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

from persona_pipeline.core.evidence.redaction import margin_views, wrapped_keys
from persona_pipeline.core.evidence.redaction.matching import Prepared, Rx, RxSet, fold, prepare
from persona_pipeline.core.evidence.redaction.secrets import LABEL_WORD

# Escapes a view decodes. Python `re` here is safe: no nested quantifiers, so linear time.
# Each is one capturing group: `split` cuts the text into literal stretches and escapes in C.
# (`\+` first: `re` then skips ahead to a `+` or `%` at C speed, ~3x faster than `(?:%XX)+|\+`.)
_PCT = re.compile(r"(\+|%[0-9A-Fa-f]{2}(?:%[0-9A-Fa-f]{2})*)")
# Probes run in RE2 on the fold (C speed, no backtracking): is there anything to decode?
# Form encoding (`+` for a space) only inside a query parameter (after `?`, `&` or at the start
# of the text) whose value has no `/` or `=`: a base64 blob's `+` is no space.
_PCT_PROBE = Rx(
    r"%[0-9A-Fa-f]{2}|(?:^|[?&])[A-Za-z0-9_.\[\]-]{1,64}=[^\s&=/]*[A-Za-z0-9]\+[A-Za-z0-9%][^\s&=/]*(?:&|\s|$)"
)
# (with the backslash escapes JSON lacks but its neighbours use: `\'` in a Python repr or a JS
# string, `\$` in a shell's double quotes: `assert 'pw=\'X\''`, `echo "[ana@host ~]\$ …"`)
# (and the C escapes of byte strings: a Python `ascii()` repr's `\xe9` and `\U0001f600`, a C or
# protobuf text-format string's octal `\303\251`; a run of byte escapes is one escape, read as
# UTF-8 where it is, else one character per byte, as Python's `\x` is)
_JSON_ESC = re.compile(
    r"(\\(?:u[0-9a-fA-F]{4}(?:\\u[0-9a-fA-F]{4})?|x[0-9a-fA-F]{2}(?:\\x[0-9a-fA-F]{2})*|U[0-9a-fA-F]{8}"
    r"|[0-3][0-7]{2}(?:\\[0-3][0-7]{2})*|[nrtbf\"\\/'$]))"
)
_JSON_PROBE = Rx(r"\\[nrtbf\"\\/u'$]|\\x[0-9a-fA-F]{2}|\\U[0-9a-fA-F]{8}|\\[0-3][0-7]{2}")
# Character references: numeric (decimal, hex) and named, always with their `;` (a bare `&copy`
# or `&page=` in a query string is left alone).
_HTML_ESC = re.compile(r"(&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)")
# The HTML view is built only when a reference can hide what a rule needs: a numeric or hex
# reference (`&#64;` for the `@`, a mail encoder's `&#61;`), any named one but the three of
# escaped code (`&quot;`, `&apos;`, `&commat;`, `&equals;`, `&nbsp;`…), a double escape
# (`&amp;quot;`, `&amp;#64;`), or an escaped element named like a secret
# (`&lt;password&gt;…&lt;/password&gt;`), or an `&amp;` inside a word (a password holding an
# `&`: `hunt&amp;er2`). Else a bare `&amp;`, `&lt;`, `&gt;` of escaped code hides nothing from a
# rule (`&amp;token=` keeps its word boundary, `&lt;a@b.io&gt;` its e-mail), and building and
# scanning that view was most of the HTML view's cost.
_NAME_NOT_CODE = (  # an entity name other than amp, lt, gt (no lookahead in RE2: spelt out)
    r"[A-Za-z][A-Za-z0-9]{3,31}"
    r"|[B-Zb-z][A-Za-z0-9]{2}|A[A-Za-z0-9]{2}|a[A-Za-ln-z0-9][A-Za-z0-9]|am[A-Za-oq-z0-9]"
    r"|[A-Za-fh-km-z][A-Za-z0-9]|[gl][A-Za-su-z0-9]"
)
_HTML_PROBE = Rx(
    r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|" + _NAME_NOT_CODE + r");"
    r"|&amp;(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
    rf"|&lt;/?[A-Za-z0-9_:.-]{{0,64}}{LABEL_WORD}[A-Za-z0-9_.-]{{0,64}}&gt;"
    r"|[^\s;&]&amp;[^\s;&]"
)
# A doubled quote: how CSV cells, SQL/VB/C# verbatim strings and spreadsheet pastes escape `"`
# (`7,"token = ""…"""`). Only a pair that opens a value (after anything but a quote; before
# anything but a quote, a space, a `.`, a tag's `<` or a closing `,;)]}`) or closes one (after
# anything but a quote, a space or an opening `=:,([{`) is decoded: an empty string
# (`password="", path="/"`, `f("")`, `"".join(…)`, `return ""`) and a docstring's `"""` are no
# escapes. The view is built where a pair opens a value (an escaped value opens before it closes).
_DQ_ESC = re.compile(r'((?:(?<=[^"])|^)""(?=[^"\s,;.<)\]}])|(?<=[^"\s=:,(\[{])""(?=[^"]|$))')
# (the probe leads with the literal pair: `re` skips to each at C speed; ~3x a 2-char `in`)
_DQ_OPENS = re.compile(r'""(?=[^"\s,;.<)\]}])')
# The same for single quotes: SQL and YAML single-quoted strings double a `'` (`'echo ''X'' | …'`).
_SQ_ESC = re.compile(_DQ_ESC.pattern.replace('"', "'"))
_SQ_OPENS = re.compile(_DQ_OPENS.pattern.replace('"', "'"))
# A string continued on the next line: a backslash before the line break (shell, C, Python, a
# YAML double-quoted scalar) and the next line's indentation, or a string closed, concatenated
# (`+` Java/JS/C#, `.` PHP/Perl, `&` VB, `||` SQL; adjacent literals, Python's and C's, without
# one, on an indented line) and reopened on the next line, a value's character after the quote
# (a JSON line's closing quote and the next line's `"}` are no string continued). The view joins
# the parts, so a secret split to fit a line is seen whole (and redacted across its break).
_CONT = re.compile(
    r"(\\\r?\n[ \t]*|\"[ \t]*(?:(?:\+|\.|&|\|\|)[ \t]*\r?\n[ \t]*|\r?\n[ \t]+)\"(?=[^\s\"'},\]\)\\])"
    r"|'[ \t]*(?:(?:\+|\.|&|\|\|)[ \t]*\r?\n[ \t]*|\r?\n[ \t]+)'(?=[^\s\"'},\]\)\\]))"
)
# (RE2 on the fold, C speed: is there a continuation at all? also for the early test of
# `decoded_views`, which looks for a `\`, `+` or `&` only)
_CONT_PROBE = Rx(r"\\\r?\n|[\"'][ \t]*(?:\+|\.|&|\|\|)?[ \t]*\r?\n[ \t]*[\"']")
_SIMPLE = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", '"': '"', "\\": "\\", "/": "/", "'": "'", "$": "$"}


@dataclass(frozen=True)
class View:
    """A decoded text and how its offsets map to the original's."""

    text: str
    # URL-decoded or HTML-unescaped (percent escapes and entities hide `=`, `:`, `@`, quotes from
    # any rule: the secret engine sees these views too); else JSON-unescaped
    url: bool  # (a doubled-quote view is not: the engine's rules match by value, which it leaves as is)
    # per decoded escape: (view start, view end, original start, original end), in order
    _escapes: tuple[tuple[int, int, int, int], ...]

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """The original range encoding view range [start, end): widened to whole escapes (and to
        whole units of `_whole`, where the view keeps some)."""
        s, e = self._map(start, False), self._map(end, True)
        whole: tuple[tuple[int, int], ...] | None = self.__dict__.get("_whole")
        return (s, e) if not whole else _widened(whole, s, e)

    def _map(self, pos: int, is_end: bool) -> int:
        esc = self._escapes
        i = bisect_right(self._vstarts(), pos) - 1
        if i < 0:
            return pos
        vs, ve, os_, oe = esc[i]
        if pos >= ve:  # after this escape: a literal stretch, shifted by the escapes before it
            return oe + (pos - ve)
        if pos == vs:
            return os_
        return oe if is_end else os_  # inside an escape: cover it whole

    def windows(self) -> list[tuple[int, int]]:
        """The parts of the view that differ from the original, with their context: each line
        holding an escape plus the line before and after it (a label on the line above, a
        `value:` below), merged where they touch. Outside them the view *is* the original text,
        which every detector has scanned already, so only the windows are scanned again."""
        cached = self.__dict__.get("_win")
        if cached is None:
            cached = self._windows()
            object.__setattr__(self, "_win", cached)
        return cached  # type: ignore[no-any-return]

    def _windows(self) -> list[tuple[int, int]]:
        t = self.text
        n = len(t)
        out: list[tuple[int, int]] = []
        ws = we = own_end = -1
        for vs, ve, _, _ in self._escapes:
            if ve <= own_end:
                continue  # on a line already taken with its context
            i = t.rfind("\n", 0, vs)
            s = 0 if i <= 0 else t.rfind("\n", 0, i) + 1
            j = t.find("\n", ve)
            own_end = n if j < 0 else j
            k = -1 if j < 0 else t.find("\n", j + 1)
            e = n if j < 0 or k < 0 else k
            if ws >= 0 and s <= we:
                we = max(we, e)
            else:
                if ws >= 0:
                    out.append((ws, we))
                ws, we = s, e
        if ws >= 0:
            out.append((ws, we))
        return out

    def window_texts(self) -> list[tuple[int, Prepared]]:
        """(view offset, prepared text) of each window, built once per view."""
        cached = self.__dict__.get("_wt")
        if cached is None:
            cached = [(a, prepare(self.text[a:b])) for a, b in self.windows()]
            object.__setattr__(self, "_wt", cached)
        return cached  # type: ignore[no-any-return]

    def _vstarts(self) -> list[int]:
        cached = self.__dict__.get("_vs")
        if cached is None:
            cached = [e[0] for e in self._escapes]
            object.__setattr__(self, "_vs", cached)
        return cached


def _widened(whole: tuple[tuple[int, int], ...], s: int, e: int) -> tuple[int, int]:
    """[s, e) widened to cover every unit of `whole` (ordered, disjoint original ranges) it cuts."""
    i = bisect_right(whole, (s, len(whole) and whole[-1][1])) - 1
    if i >= 0 and whole[i][0] < s < whole[i][1]:
        s = whole[i][0]
    j = bisect_right(whole, (e, 0)) - 1
    if j >= 0 and whole[j][0] < e < whole[j][1]:
        e = whole[j][1]
    return s, e


def _build(text: str, rx: re.Pattern[str], decode: Callable[[str], str | None], url: bool) -> View | None:
    """The view of `text` with every match of `rx` decoded (a match `decode` leaves as None stays
    as written). The text is cut at its escapes by one C-speed `split`, escapes are decoded
    through a memo (the same few escapes recur), and offsets are running sums of lengths."""
    pieces = rx.split(text)  # literal, escape, literal, …, literal
    if len(pieces) == 1:
        return None
    escs = pieces[1::2]
    memo = _MEMO.setdefault(decode, {})
    if len(memo) > 4096:
        memo.clear()
    outs = [memo[e] if e in memo else memo.setdefault(e, decode(e)) for e in escs]
    keep: range | list[int] = range(len(escs))
    if None in outs:  # undecodable (`&foo;`): kept as written, not an escape
        keep = [i for i, o in enumerate(outs) if o is not None]
        if not keep:
            return None
        outs = [e if o is None else o for e, o in zip(escs, outs, strict=True)]
    ocum = list(accumulate(map(len, pieces), initial=0))
    pieces[1::2] = outs
    vcum = list(accumulate(map(len, pieces), initial=0))
    escapes = tuple((vcum[2 * i + 1], vcum[2 * i + 2], ocum[2 * i + 1], ocum[2 * i + 2]) for i in keep)
    return View("".join(pieces), url, escapes)


# decode function -> escape -> decoded (None: not an escape)
_MEMO: dict[Callable[[str], str | None], dict[str, str | None]] = {}


def _url_decode(esc: str) -> str | None:
    if esc == "+":
        return " "
    if len(esc) == 3:
        code = int(esc[1:], 16)
        # a lone byte above ASCII is no UTF-8: not an escape but `%DB_PASSWORD%`, a Windows variable
        return chr(code) if code < 0x80 else None
    return urllib.parse.unquote(esc, errors="strict")


def _url_decode_safe(esc: str) -> str | None:
    try:
        return _url_decode(esc)
    except UnicodeDecodeError:
        return urllib.parse.unquote(esc, encoding="latin-1")


def _html_decode(esc: str) -> str | None:
    out = html.unescape(esc)
    return None if out == esc else out  # an unknown name (`&foo;`) decodes to nothing


# A base64url-encoded JSON object (RFC 7515's JWS segments, RFC 7519's claims; an OAuth `state` or a
# cookie carrying a payload bare): `eyJ` is the encoding of `{"`. The whole segment is one escape,
# decoded to its JSON text (what a claims reader sees: `"email": "…"`), so a span inside maps back to
# the whole segment. Only a segment that decodes to UTF-8 text opening an object is decoded. The
# pattern has one bounded run: linear.
# A segment of a compact JWS/JWT (`header.payload.signature`: a `.` joining it to another segment) is
# not decoded: the token is a secret redacted whole already, and decoding every token cost the views'
# pass its speed. A full stop ending a sentence joins nothing, so a lone segment before it is read.
_B64_JSON = re.compile(
    r"(?<![A-Za-z0-9_-])(?<![A-Za-z0-9_-]\.)(eyJ[A-Za-z0-9_-]{12,8000}={0,2})(?![A-Za-z0-9_=-])(?!\.[A-Za-z0-9_-])"
)


def _b64_json_decode(esc: str) -> str | None:
    body = esc.rstrip("=")
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        out = raw.decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return out if out.startswith("{") and out.isprintable() else None


def _pair_opens(text: str, q: str) -> bool:
    """Whether a doubled quote `q` opens a value somewhere in `text` (see `_DQ_ESC`)."""
    if len(text) < 4096 and q + q not in text:
        return False  # (a short text: `in` costs less than the call into `re`)
    rx = _DQ_OPENS if q == '"' else _SQ_OPENS
    m = rx.search(text)
    while m is not None:
        i = m.start()
        if i == 0 or text[i - 1] != q:
            return True
        m = rx.search(text, i + 2)  # (`"""x`: the pair after a third quote opens nothing)
    return False


def _dq_decode(esc: str) -> str | None:
    return '"'


def _sq_decode(esc: str) -> str | None:
    return "'"


def _cont_decode(esc: str) -> str | None:
    return ""


def _json_decode(esc: str) -> str | None:
    kind = esc[1]
    if kind == "x" or kind.isdigit():
        raw = bytes(int(e[1:], 16) if kind == "x" else int(e, 8) for e in esc[1:].split("\\"))
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("latin-1")
    if kind == "U":
        code = int(esc[2:], 16)
        return chr(code) if code <= 0x10FFFF else None
    if kind != "u":
        return _SIMPLE[kind]
    try:
        return json.loads(f'"{esc}"')
    except ValueError:
        return None


# A debugger's or console's echo: the expression typed at its prompt, and on the next line the
# value it printed, after the result's marker where the tool prints one (gdb's `$1 = `, with a
# `char *`'s address before its string; lldb's `(type) $0 = `, none for `po`; Python's, pdb's and
# iex's none, though a browser's console may put its script location (`VM12:1 `) before the
# value, and a line of its own `name=…` is no printed value but the next line of a file or log;
# IPython's `Out[3]: `; irb's `=> `; a browser console's `> x` then `< …`). The value
# is the expression's, as `x = value` says on one line: the view joins the two lines so, the line
# break and the marker read ` = `. (One group per prompt: the break and the marker.)
_EXPR = r" [^\n]{1,160}?"
_PTR = r"(?:0x[0-9a-f]{1,16} )?"
_REPL = re.compile(
    rf"\(gdb\) (?:p|print|output){_EXPR}(\r?\n\$\d{{1,4}} = (?:\([^()\n]{{1,48}}\) )?{_PTR})"
    rf"|\(lldb\) (?:po|p|expr(?: --)?){_EXPR}(\r?\n(?:(?:\([^()\n]{{1,48}}\) )?\$\d{{1,4}} = )?{_PTR})(?=[^\n])"
    rf"|(?:>>>|\(Pdb\) pp?|iex\(\d{{1,5}}\)>){_EXPR}(\r?\n(?:VM\d{{1,6}}:\d{{1,6}} )?)"
    r"(?=[^\n.>])(?![A-Za-z_][\w.-]{0,40}=)"
    rf"|In \[\d{{1,4}}\]:{_EXPR}(\r?\nOut\[\d{{1,4}}\]: )"
    rf"|irb\([^()\n]{{0,24}}\):\d{{1,5}}:\d{{1,3}}>{_EXPR}(\r?\n=> )"
    rf"|(?:^|(?<=\n))[ \t]{{0,8}}>{_EXPR}(\r?\n[ \t]{{0,8}}(?:<\u00b7?|=>) )"
)


# A table drawn with box-drawing characters (polars, DuckDB's and psql's unicode borders, `tree`-like
# reports): the view redraws it in ASCII, each vertical or junction line a `|`, each horizontal
# line a `-`, each corner a `+`, so the table readers see a pipe table (its rule rows are cells of
# dashes, no values). One character for one: offsets hold.
_BOX = re.compile("([\u2500-\u257f])")


def _box_ascii(esc: str) -> str | None:
    name = unicodedata.name(esc, "")
    return "|" if "VERTICAL" in name else "-" if "HORIZONTAL" in name else "+"


def _box_view(text: str) -> View | None:
    if text.isascii() or _BOX.search(text) is None:
        return None
    return _build(text, _BOX, _box_ascii, False)


# A backslash before ASCII punctuation or a space: the escapes of CommonMark (any ASCII
# punctuation may be escaped so), of LaTeX's special characters (`\_`, `\&`, `\%`, `\#`, `\{`)
# with the text-mode macros for the three it cannot escape so (`\textbackslash{}`, `\~{}`), and of
# Java's `.properties` (`\:`, `\=`, `\ `). Built only where an escape of these shows that no
# regex's `\.` or `\(` is meant: `\_`, `\#`, `\%`, `\&`, `\:`, `\=`, `\~`, `\!`, `\@`, `\;`, a LaTeX
# macro (a regex escapes none of them).
_PUNCT_ESC = re.compile(r"(\\(?:text(?:backslash|asciitilde|asciicircum)\{\}|[~^]\{\}|[!-/:-@\[-`{-~ ]))")
_PUNCT_PROBE = Rx(r"\\[_#%&:=~!@;]|\\text(?:backslash|asciitilde|asciicircum)\{\}")
_TEX_MACROS = {"\\textbackslash{}": "\\", "\\textasciitilde{}": "~", "\\textasciicircum{}": "^"}


def _punct_decode(esc: str) -> str | None:
    return _TEX_MACROS.get(esc) or esc[1]


# PowerShell's escapes in a double-quoted string: a backtick before `0 a b e f n r t v`, a quote,
# `$`, a backtick, or `u{hex}` (about_Special_Characters). Built only where one sits right after a
# word or a quote (`"`n`, `x`$`), as in a string, not where markdown opens a code span after a space.
_PS_ESC = re.compile(r"(`(?:[0abefnrtv\"'$`]|u\{[0-9A-Fa-f]{1,6}\}))")
_PS_PROBE = Rx(r"[A-Za-z0-9\"'{}\[\],:;.]`[0nrt\"$]")
_PS_SIMPLE = {"0": "\0", "a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}


def _ps_decode(esc: str) -> str | None:
    if esc[1] == "u":
        code = int(esc[3:-1], 16)
        return chr(code) if code <= 0x10FFFF else None
    return _PS_SIMPLE.get(esc[1], esc[1])


# Quoted-printable (RFC 2045 §6.7): `=` and two upper-case hex digits for an octet (a run of them
# one UTF-8 character or more), `=` at a line's end a soft line break. Built only where a text shows
# the encoding: an encoded `=` (`=3D`, which an encoder must write) or an encoded multi-byte
# character (a UTF-8 lead octet and a continuation octet); a bare `id=42` elsewhere decodes too,
# but a view only adds what it finds to what the text itself shows.
_QP_ESC = re.compile(r"(=\r?\n|=[0-9A-F]{2}(?:=[0-9A-F]{2})*)")
_QP_PROBE = Rx(r"=3D|=[C-F][0-9A-F]=[89AB][0-9A-F]")


def _qp_decode(esc: str) -> str | None:
    if esc[1] in "\r\n":
        return ""
    raw = bytes.fromhex(esc.replace("=", ""))
    # (an encoder writes printable ASCII as itself, and only `=`, white space and control octets
    # as escapes: a `=40` elsewhere is `id=40…` in the text around a pasted body, no `@`)
    if any(0x21 <= b < 0x7F and b != 0x3D for b in raw):
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


# RFC 2047 encoded-words (`=?charset?Q?…?=`, `=?charset?B?…?=`, an optional `*language`), as mail
# headers and some logs carry non-ASCII text: "Q" writes a space as `_` and octets as `=XX`, "B" is
# base64. Whitespace between two adjacent encoded-words is no text (§6.2). encoded-text is printable
# ASCII but `?` and space, so the pattern is linear.
_EWORD = re.compile(r"=\?([A-Za-z0-9_.:+-]{1,40})(?:\*[A-Za-z0-9-]{1,20})?\?([QqBb])\?([!->@-~]{0,1000})\?=")
_Q_ESC = re.compile(r"(_|=[0-9A-Fa-f]{2}(?:=[0-9A-Fa-f]{2})*)")


def _charset_decode(raw: bytes, charset: str) -> str | None:
    try:
        return raw.decode(charset)
    except (LookupError, UnicodeDecodeError):
        return None


def _eword_view(text: str) -> View | None:
    if "=?" not in text:
        return None
    pieces: list[str] = []
    escapes: list[tuple[int, int, int, int]] = []
    words: list[tuple[int, int]] = []
    pos = vlen = 0
    prev_end = -1

    def escape(a: int, b: int, out: str) -> None:
        nonlocal pos, vlen
        lit = text[pos:a]
        pieces.append(lit)
        vlen += len(lit)
        pieces.append(out)
        escapes.append((vlen, vlen + len(out), a, b))
        vlen += len(out)
        pos = b

    for m in _EWORD.finditer(text):
        charset, enc, body = m.group(1), m.group(2), m.group(3)
        if enc in "Bb":
            try:
                decoded = _charset_decode(base64.b64decode(body, validate=True), charset)
            except ValueError:
                decoded = None
            if decoded is None:
                continue
        if prev_end >= 0 and m.start() > prev_end and not text[prev_end : m.start()].strip():
            escape(prev_end, m.start(), "")  # the folding whitespace between two words
        words.append(m.span())
        if enc in "Bb":
            escape(m.start(), m.end(), decoded)
        else:
            escape(m.start(), m.start(3), "")
            for q in _Q_ESC.finditer(body):
                a, b = m.start(3) + q.start(), m.start(3) + q.end()
                raw = q.group()
                out = " " if raw == "_" else _charset_decode(bytes.fromhex(raw.replace("=", "")), charset)
                if out is not None:
                    escape(a, b, out)
            escape(m.end(3), m.end(), "")
        prev_end = m.end()
    if not escapes:
        return None
    pieces.append(text[pos:])
    view = View("".join(pieces), True, tuple(escapes))
    # a span in a decoded word covers the word whole: its `=?charset?Q?` and `?=` are no text, and
    # a half-redacted word leaves that markup around a placeholder
    object.__setattr__(view, "_whole", tuple(words))
    return view


# A form filled by a UI test: the field's name, then the value typed into it (Selenium's
# `find_element(By.NAME, "f").send_keys("v")`, Cypress's `cy.get('[name=f]').type('v')`,
# Playwright's `getByLabel('f').fill('v')` / `page.fill('#f', 'v')`, Capybara's `fill_in 'f',
# with: 'v'`, Robot Framework's `Input Text    id:f    v`): the view reads `f = v`, the field's
# name the value's label. (One group per idiom: what lies between the name and the value.)
_FORM_FILL = re.compile(
    r"((?:\\?[\"']|\]\\?[\"']?)\)\.(?:send_keys|sendKeys|type|fill|setValue|set_value|press_sequentially)\("
    r"[ \t]*\\?[\"'])"
    r"|\b(?:fill|type|setValue|set_value|input_text)\([ \t]*\\?[\"'][^\"'\n]{1,80}?(\\?[\"'][ \t]*,[ \t]*\\?[\"'])"
    r"|\bfill_in[ \t(]+[\"'][^\"'\n]{1,80}?([\"'][ \t]*,[ \t]*with:[ \t]*[\"'])"
    r"|\b(?:Input Text|Input Password)[ \t]{2,}[^ \t\n]{1,80}?([ \t]{2,})(?=[^ \t\n])"
)


# A record's field written as a tool prints or takes it, its name then its value: psql's expanded
# display (`\x`: `-[ RECORD 1 ]`, then `column | value` lines), the AWS CLI's shorthand syntax
# (`Name=K,Value=V`, `Key=K,Values=V`: tags, filters, user attributes) and a one-element list
# assigned to a key (`K=["V"]`, an admin CLI's attribute): the view reads `K = V`.
_PSQL_FIELD = re.compile(r"(?m)^[ \t]*[A-Za-z_][A-Za-z0-9_]{0,63}([ \t]*\|[ \t]*)(?=[^ \t\r\n|])")
_FIELD_VALUE = re.compile(
    r"\b(?:Name|Key)=[A-Za-z0-9_.:/-]{1,80}?(,Values?=)(?=[^,\s])|\b[A-Za-z][A-Za-z0-9_.-]{0,63}(=\[)(?=\\?[\"'])"
)


# either kind of joined line, in one RE2 pass on the fold (a plain text's common case: ~6x the
# speed of testing each probe with `in`)
_JOIN_PROBE = Rx(
    r"\((?:gdb|lldb|Pdb)\)|>>> |In \[|irb\(|iex\(|\n(?:<|=>) |send_?[Kk]eys|\.type\(|fill(?:_in|\()|etValue\(|"
    r"Input (?:Text|Password)|input_text|-\[ RECORD \d|,Values?=|=\[\\?[\"']"
)


def _joined(text: str, rx: re.Pattern[str]) -> View | None:
    """The text with each match's group (the one that took part) read as ` = `."""
    pieces: list[str] = []
    escapes: list[tuple[int, int, int, int]] = []
    pos = shift = 0
    for m in rx.finditer(text):
        a, b = m.span(m.lastindex or 0)
        if a < pos:
            continue
        pieces.append(text[pos:a])
        pieces.append(" = ")
        escapes.append((a + shift, a + shift + 3, a, b))
        shift += 3 - (b - a)
        pos = b
    if not escapes:
        return None
    pieces.append(text[pos:])
    return View("".join(pieces), False, tuple(escapes))


def _repl_view(text: str) -> View | None:
    """The text with each echo's two lines joined (see `_REPL`), or None when it holds none."""
    return _joined(text, _REPL)


def _form_view(text: str) -> View | None:
    """The text with each filled field's name and value joined (see `_FORM_FILL`)."""
    return _joined(text, _FORM_FILL)


def _record_view(text: str) -> View | None:
    """The text with each record field's name and value joined (see `_PSQL_FIELD`, `_FIELD_VALUE`)."""
    if "-[ RECORD " in text:
        return _joined(text, _PSQL_FIELD)
    return _joined(text, _FIELD_VALUE)


_MAX_DEPTH = 3  # text double-encoded (a query string inside a query string, JSON in a JSON string)

# Every view's windows are scanned again by every detector, and a text dense with escapes of
# several kinds (a long line of random printable characters) has dozens of views (chains of up to
# three decodings) whose windows are each its whole line: ~50x the text to scan, and more the
# longer it is (more chains find escapes). Past these budgets the text is refused
# (`ViewBudgetExceeded`: its field is dropped, as for any detection failure) instead of scanned
# for minutes. Ordinary text escaped at several levels stays below with a margin of ~1.5x: a CSV
# export of JSON log lines (doubled quotes around escaped JSON around URL-encoded queries) has
# ~13 views, windows ~11x its length and ~17x built; a Postgres INSERT dump (E'' strings, HTML
# references, URL-encoded queries, JSON cells) ~14 views, windows ~13x and ~27x built. A random
# line of escapes of every kind has ~50 views, windows ~32x and ~70x built: refused past ~100 KB
# (below that the base admits it, and it costs a second or so).
_WINDOW_BUDGET = (20, 1_000_000)  # window characters: (per character of the text, base)
_BUILT_BUDGET = (40, 4_000_000)  # view characters built (a view costs its whole text to build)


class ViewBudgetExceeded(ValueError):
    """A text's decoded views would cost more than their budget to build or scan."""

    def __init__(self, length: int) -> None:
        super().__init__(f"decoded views of a {length}-character text exceed their budget")  # (no text)


# The texts refused lately, by length and digest (not the texts: they are large, and unredacted),
# so that ingest can count a refused field apart from other failures (`was_refused`).
_REFUSED: dict[tuple[int, bytes], None] = {}
_REFUSED_MAX = 256


def _digest(text: str) -> tuple[int, bytes]:
    return len(text), hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _refuse(text: str) -> ViewBudgetExceeded:
    if len(_REFUSED) >= _REFUSED_MAX:
        del _REFUSED[next(iter(_REFUSED))]  # (the oldest)
    _REFUSED[_digest(text)] = None
    return ViewBudgetExceeded(len(text))


def was_refused(text: str) -> bool:
    """Whether `decoded_views` refused `text` lately (its views over their budget)."""
    return bool(_REFUSED) and _digest(text) in _REFUSED


# an encoded word's opening (`_eword_view`): a literal, as exact on the fold as on the text (no
# terminal control sequence the fold blanks holds a `=`)
_EWORD_PROBE = Rx(r"=\?")
# a diff's hunk header or a quoted line (`margin_views.margin_segments`), a labelled value wrapped at a
# line (`wrap_segments`), a variable's name and value in adjacent table cells (`cells_segments`)
_MARGIN_PROBE = Rx(margin_views.MARGIN_GATE)
_WRAP_PROBE = Rx(
    r"(?i:secret|pass|pwd|token|key|auth|cred)[A-Za-z0-9_. -]{0,40}[:=][ \t]{0,4}[\"'`]?[A-Za-z0-9+/=_~.$!%:-]{6,}"
    r"\r?\n(?:[+-]|(?:>[ \t]?){1,4})?[ \t]{0,12}[A-Za-z0-9+/_~.$!%-]{6,}={0,2}[\"'`]?[ \t]*(?:\r?\n|$)"
)
# a key hard-wrapped over lines (`wrapped_keys.block_segments`)
_KEY_BLOCK_PROBE = Rx(wrapped_keys.BLOCK_GATE)
_HYPHEN_PROBE = Rx(r"[A-Za-z\x7f]-\r?\n[ \t>+-]{0,6}[a-z\x7f]")
_CELLS_PROBE = Rx(r"`[A-Z][A-Z0-9_]{2,63}`[ \t]*\\?\|[ \t]*`")
_TYPED_PROBE = Rx(margin_views.TYPED_GATE)
_NUMBERED_PROBE = Rx(margin_views.NUMBERED_GATE)
_GET_PROBE = Rx(margin_views.GET_GATE)
_HIGHLIGHT_PROBE = Rx(margin_views.HIGHLIGHT_GATE)
_READ_NUMBER_PROBE = Rx(margin_views.READ_NUMBER_GATE)
_DATE_CALL_PROBE = Rx(margin_views.DATE_CALL_GATE)
_HEAD_FILE_PROBE = Rx(margin_views.HEAD_FILE_GATE)
_FOLD_PROBE = Rx(margin_views.FOLD_GATE)
_CODE_TAG_PROBE = Rx(margin_views.CODE_TAG_GATE)
_COLUMN_PROBE = Rx(margin_views.COLUMN_GATE)
_GDB_ADDRESS_PROBE = Rx(margin_views.GDB_ADDRESS_GATE)
_OCR_LABEL_PROBE = Rx(margin_views.OCR_LABEL_GATE)
# the RE2 probes `_direct_views` reads (each still behind its cheap `in` tests), and those other
# modules ask of the same texts (`share_probe`)
_SET_PROBES: tuple[Rx, ...] = (
    *(_JSON_PROBE, _CONT_PROBE, _PCT_PROBE, _HTML_PROBE, _JOIN_PROBE, _PUNCT_PROBE, _PS_PROBE, _QP_PROBE),
    _EWORD_PROBE,
    *(
        _MARGIN_PROBE,
        _WRAP_PROBE,
        _KEY_BLOCK_PROBE,
        _CELLS_PROBE,
        _HYPHEN_PROBE,
        _TYPED_PROBE,
        _NUMBERED_PROBE,
        _GET_PROBE,
        _HIGHLIGHT_PROBE,
        _READ_NUMBER_PROBE,
        _DATE_CALL_PROBE,
        _HEAD_FILE_PROBE,
        _FOLD_PROBE,
        _CODE_TAG_PROBE,
        _COLUMN_PROBE,
        _GDB_ADDRESS_PROBE,
        _OCR_LABEL_PROBE,
    ),
)
_SET_INDEX = {id(rx): i for i, rx in enumerate(_SET_PROBES)}


@lru_cache(maxsize=1)
def _probe_set() -> RxSet:
    return RxSet([rx.pattern for rx in _SET_PROBES])


def share_probe(rx: Rx) -> Rx:
    """Add `rx` to the probes' Set pass (before its first use; added later, it is searched alone):
    `probed` then answers it from the pass `_direct_views` makes over the same text."""
    global _SET_PROBES
    if _probe_set.cache_info().currsize == 0 and id(rx) not in _SET_INDEX:
        _SET_INDEX[id(rx)] = len(_SET_PROBES)
        _SET_PROBES = (*_SET_PROBES, rx)
    return rx


def _prober(text: str) -> Callable[[Rx], bool]:
    """`probe(rx)`: whether `rx.search(text)` finds something, for the probes of `_direct_views`.
    On a folded text one RE2 Set pass answers them all (exact: a Set member matches where its
    pattern does); each probe's own pass stepped through the text again (3 to 5 per text). The
    answer stays on a prepared text for `probed`."""
    hits = _probe_set().matching(text) if fold(text) is not None else None
    if hits is None:  # (no fold, or the Set out of memory: each probe reads the text itself)
        return lambda rx: rx.search(text) is not None
    if isinstance(text, Prepared):
        text.view_probes = hits  # type: ignore[attr-defined]
    return lambda rx: _SET_INDEX[id(rx)] in hits


def probed(text: str, rx: Rx) -> bool:
    """Whether `rx.search(text)` finds something: from the Set pass `_direct_views` made over this
    very text when it made one and `rx` is in its Set (`share_probe`), else by a search."""
    hits: frozenset[int] | None = getattr(text, "view_probes", None)
    i = _SET_INDEX.get(id(rx)) if hits is not None and _probe_set.cache_info().currsize else None
    return rx.search(text) is not None if i is None or hits is None else i in hits


def _direct_views(text: str) -> list[View]:
    """The one-step views of `text`: JSON-unescaped, URL-decoded and HTML-unescaped, where they
    differ."""
    out: list[View] = []
    probe = _prober(text)
    if "\\" in text and probe(_JSON_PROBE):
        v = _build(text, _JSON_ESC, _json_decode, False)
        if v is not None:
            out.append(v)
    if "\n" in text and probe(_CONT_PROBE):
        # (not for the secret engine: our own rules see the joined view; the engine's scan of it
        # cost the dense corpus ~3% for what they find already)
        v = _build(text, _CONT, _cont_decode, False)
        if v is not None:
            out.append(v)
    if _pair_opens(text, '"'):
        v = _build(text, _DQ_ESC, _dq_decode, False)
        if v is not None:
            out.append(v)
    if _pair_opens(text, "'"):
        v = _build(text, _SQ_ESC, _sq_decode, False)
        if v is not None:
            out.append(v)
    if ("%" in text or ("+" in text and "=" in text)) and probe(_PCT_PROBE):
        v = _build(text, _PCT, _url_decode_safe, True)
        if v is not None:
            out.append(v)
    if "&" in text and probe(_HTML_PROBE):
        v = _build(text, _HTML_ESC, _html_decode, True)
        if v is not None:
            out.append(v)
    joins = probe(_JOIN_PROBE)  # (one RE2 pass for both kinds of joined lines)
    for build in (_repl_view, _form_view, _record_view) if joins else ():
        v = build(text)
        if v is not None:
            out.append(v)
    v = _box_view(text)
    if v is not None:
        out.append(v)
    # (text encodings that hide a `=`, `_` or quote from every rule: the secret engine sees them)
    if "\\" in text and probe(_PUNCT_PROBE):
        v = _build(text, _PUNCT_ESC, _punct_decode, True)
        if v is not None:
            out.append(v)
    if "`" in text and probe(_PS_PROBE):
        v = _build(text, _PS_ESC, _ps_decode, True)
        if v is not None:
            out.append(v)
    if "=" in text and probe(_QP_PROBE):
        v = _build(text, _QP_ESC, _qp_decode, True)
        if v is not None:
            out.append(v)
    v = _eword_view(text) if probe(_EWORD_PROBE) else None  # (the probe: its `in` test, in the Set's pass)
    if v is not None:
        out.append(v)
    if "eyJ" in text and _B64_JSON.search(text) is not None:
        v = _build(text, _B64_JSON, _b64_json_decode, False)
        if v is not None:
            out.append(v)
    return out


class Reshaped(View):
    """A view of reshaped text (`margin_views`): its lines are read as lines again, so the readers of
    labels away from their values (a CSV header over its row) read its windows too."""


def reshaped(view: View) -> bool:
    """Whether `view` or a view it is composed of is a `Reshaped` one."""
    return isinstance(view, Reshaped) or bool(view.__dict__.get("_reshaped"))


_RESHAPED = (
    (lambda t: "\n" in t or t.startswith(">"), _MARGIN_PROBE, margin_views.margin_segments),
    (lambda t: "\n" in t, _WRAP_PROBE, margin_views.wrap_segments),
    (lambda t: "\n" in t, _KEY_BLOCK_PROBE, wrapped_keys.block_segments),
    (lambda t: "`" in t and "|" in t, _CELLS_PROBE, margin_views.cells_segments),
    (lambda t: "-\n" in t or "-\r\n" in t, _HYPHEN_PROBE, margin_views.hyphen_segments),
    (lambda t: '"S' in t or '"N' in t, _TYPED_PROBE, margin_views.typed_segments),
    (lambda t: ') "' in t or ') \\"' in t, _NUMBERED_PROBE, margin_views.numbered_segments),
    (lambda t: "> GET" in t, _GET_PROBE, margin_views.get_reply_segments),
    (lambda t: "mark" in t or "em" in t, _HIGHLIGHT_PROBE, margin_views.highlight_segments),
    (lambda t: "\u2192" in t or "\\u2192" in t, _READ_NUMBER_PROBE, margin_views.read_number_segments),
    (lambda t: "ate" in t and "(" in t, _DATE_CALL_PROBE, margin_views.date_call_segments),
    (lambda t: "<==" in t, _HEAD_FILE_PROBE, margin_views.head_file_segments),
    (lambda t: "BEGIN:V" in t or "ATTENDEE" in t or "ORGANIZER" in t, _FOLD_PROBE, margin_views.fold_segments),
    (lambda t: "code" in t, _CODE_TAG_PROBE, margin_views.code_tag_segments),
    (lambda t: "=0x" in t, _GDB_ADDRESS_PROBE, margin_views.gdb_address_segments),
    (lambda t: "rn" in t or "0" in t or "1" in t, _OCR_LABEL_PROBE, margin_views.ocr_label_segments),
)


def _reshaped_view(text: str) -> View | None:
    """The one view of text reshaped on its way into a prompt (`margin_views`), on the original only:
    a diff's or a quote's margin dropped, a labelled value wrapped at a line joined, a table's
    `NAME` | `value` cells read as `NAME = value`, a word hyphenated at a line's end joined. Seen by the
    secret engine too (`KEY=value` on a diff's line)."""
    probe = _prober(_folded_once(text))
    segs = [g for marker, rx, find in _RESHAPED if marker(text) and probe(rx) for g in find(text)]
    found = margin_views.reshaped(text, segs) if segs else None
    return None if found is None else Reshaped(found[0], True, found[1])


def _column_view(text: str) -> View | None:
    """A page's columns read down (`margin_views.column_segments`): a view of its own, not one more
    reading of `_reshaped_view`'s (its lines' right columns would cover those readings' segments)."""
    if "      " not in text or not probed(_folded_once(text), _COLUMN_PROBE):
        return None
    segs = margin_views.column_segments(text)
    found = margin_views.reshaped(text, segs) if segs else None
    return None if found is None else Reshaped(found[0], True, found[1])


def _folded_once(text: str) -> str:
    """The text carrying its fold, for the several RE2 probes of `_direct_views` (a plain view text
    was folded again by each one: ~40% of the views' time on the shared bench). Exact: a probe reads
    the same fold either way; a text with no fold stays plain (matched as `str`, as before)."""
    if isinstance(text, Prepared):
        return text
    p = prepare(text)
    return p if p.folded is not None else text


@lru_cache(maxsize=512)
def decoded_views(text: str) -> tuple[View, ...]:
    """The views of `text` that differ from it: JSON-unescaped and URL-decoded, and the same again
    on those views while escapes remain (up to three levels: JSON inside JSON, a query string
    inside a URL-encoded parameter), each composed into one mapping back to `text`."""
    if (
        "\\" not in text
        and "%" not in text
        and "`" not in text
        and not ("=" in text and ("=?" in text or _QP_PROBE.search(text) is not None))
        and "+" not in text
        and "&" not in text
        and not _pair_opens(text, '"')
        and not _pair_opens(text, "'")
        and _JOIN_PROBE.search(text) is None
        and (text.isascii() or _BOX.search(text) is None)
        and ("eyJ" not in text or _B64_JSON.search(text) is None)
        and not ("\n" in text and _CONT_PROBE.search(text) is not None)
        and not any(marker(text) and rx.search(text) is not None for marker, rx, _ in _RESHAPED)
        and not ("      " in text and _COLUMN_PROBE.search(text) is not None)
    ):
        return ()
    views: list[View] = []
    seen = {text}
    frontier: list[View | None] = [None]
    window_budget = _WINDOW_BUDGET[0] * len(text) + _WINDOW_BUDGET[1]
    built_budget = _BUILT_BUDGET[0] * len(text) + _BUILT_BUDGET[1]
    for _ in range(_MAX_DEPTH):
        nxt: list[View | None] = []
        for parent in frontier:
            for v in _direct_views(_folded_once(text if parent is None else parent.text)):
                built_budget -= len(v.text)
                if built_budget < 0:
                    raise _refuse(text)
                if v.text in seen:
                    continue
                seen.add(v.text)
                view = v if parent is None else _Composed(v, parent)
                views.append(view)
                nxt.append(view)
                window_budget -= sum(b - a for a, b in view.windows())
                if window_budget < 0:
                    raise _refuse(text)
        if not nxt:
            break
        frontier = nxt
    # (the paste's own shape, read once on the original text and composed with no other view: rev50r R8)
    for shaped in (_reshaped_view(text), _column_view(text)):
        if shaped is None or shaped.text in seen:
            continue
        seen.add(shaped.text)
        views.append(shaped)
        # (and its one-step decodings: a string concatenated across a diff's lines, `views._CONT`)
        for v in _direct_views(_folded_once(shaped.text)):
            built_budget -= len(v.text)
            if built_budget < 0:
                raise _refuse(text)
            if v.text not in seen:
                seen.add(v.text)
                views.append(_Composed(v, shaped))
    return tuple(views)


class _Composed(View):
    """A view of a view: offsets map through both."""

    def __init__(self, outer: View, inner: View) -> None:
        object.__setattr__(self, "text", outer.text)
        object.__setattr__(self, "url", outer.url or inner.url)
        object.__setattr__(self, "_escapes", outer._escapes)
        object.__setattr__(self, "_inner", inner)
        object.__setattr__(self, "_reshaped", reshaped(outer) or reshaped(inner))
        if "_whole" in outer.__dict__:  # (the outer's units, in its original: the inner view's text)
            object.__setattr__(self, "_whole", outer.__dict__["_whole"])

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        s, e = View.to_original(self, start, end)
        inner: View = self.__dict__["_inner"]
        return inner.to_original(s, e)

    def _windows(self) -> list[tuple[int, int]]:
        """Only the windows where every decoding of the chain changes something: a window whose
        stretch of some inner view holds none of that view's escapes reads as if that decoding had
        been skipped, so it is a window of the shorter chain (built too: views are built for every
        chain of decodings that finds escapes), scanned there already. A text with a JSON string
        and a URL-encoded query elsewhere thus has its query scanned once, not once more through
        the JSON-unescaped view."""
        out: list[tuple[int, int]] = []
        for a, b in View._windows(self):
            view: View = self
            s, e = a, b
            while isinstance(view, _Composed):
                s, e = View.to_original(view, s, e)  # the window's stretch of the inner view
                view = view.__dict__["_inner"]
                i = bisect_right(view._vstarts(), e) - 1  # its last escape starting before the end
                if i < 0 or view._escapes[i][1] < s:
                    break  # that decoding changes nothing here
            else:
                out.append((a, b))
        return out
