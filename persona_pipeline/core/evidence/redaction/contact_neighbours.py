"""A phone number beside a person's other contact details, and a name beside a phone number.

A contact line writes one person's details side by side with list punctuation between them: a
directory's `Name — number — e-mail`, a roster cell's `Name, number`, an address then its number in
brackets, `the owner, Name, on <number> or <e-mail>`. Where a neighbour is already found as a
person's name, home address or e-mail, the digits beside it are a phone when some region's plan
dials them (libphonenumber, through `phone_labels.dialable`: grouped, 7 to 15 digits; never a date,
a decimal or a quantity in thousands with its unit). The words before a phone, from the last
separator, that make a person's name by `pii.person_cell` are that person's name; so is a table's
cell (`| <name> | <birth date> |`) right before the cell a phone, an e-mail or a birth date opens.

The separators are the punctuation lists write between items (comma, semicolon, colon, slash, middle
dot, bullet, hyphen and the dashes, an opening bracket) and, between a name and its number, the
prepositions English puts before a number one is reached on (`on`, `at`). Every search is anchored
at a span's edge and bounded (`_REACH`): linear in the text.
"""

from __future__ import annotations

import re

from persona_pipeline.core.evidence.redaction import pii
from persona_pipeline.core.evidence.redaction.phone_check import grouped_quantity
from persona_pipeline.core.evidence.redaction.phone_labels import dialable
from persona_pipeline.core.evidence.redaction.spans import Span

_REACH = 80  # characters: a cell or a gap longer than this is no contact line's
_SEP = r"(?:[,;:/|\u00b7\u2022\u2013\u2014-]|\()"
# after a name or an address: a separator and/or `on`/`at`, then the number
_AFTER = re.compile(rf"[ \t]{{0,3}}{_SEP}?[ \t]{{0,3}}(?:(?:on|at)[ \t]{{1,3}})?(\+?\(?\d[\d \t().-]{{5,22}}\d\)?)")
# before an e-mail: the number, then a separator or `or`
_BEFORE_MAIL = re.compile(rf"(?:^|[^\d+])(\+?\(?\d[\d \t().-]{{5,22}}\d\)?)[ \t]{{0,3}}(?:{_SEP}|or)[ \t]{{0,3}}\Z")
# the gap between a name and the phone after it: list punctuation only
_NAME_GAP = re.compile(r"[ \t]{0,3}(?:[,;\u00b7\u2022\u2013\u2014-]|\()[ \t]{0,3}\Z")
# a table's cell boundary: the cell before a person's contact detail's own cell
_CELL_GAP = re.compile(r"[ \t]{0,3}(?:\||\t)[ \t]{0,3}\Z")
_CELL_KINDS = ("phone", "email", "date_of_birth")
# where a cell before a phone starts: a line, a cell or a list item boundary (a JSON-escaped break too)
_CELL_START = re.compile(r".*(?:^|[\n\t|,;:(\"\u00b7\u2022\u2013\u2014]|\\[nt]|[ \t]-[ \t])", re.DOTALL)
_SPACED_DATE = re.compile(r"(?:19|20)\d\d[ .-]\d{1,2}[ .-]\d{1,2}|\d{1,2}[ .-]\d{1,2}[ .-](?:19|20)\d\d")
_AFTER_KINDS = ("person_name", "address")
# a residence in a legal or official notice's style: `<name>, born <date>, of <address>` (English's
# `of` of residence); the address runs to the clause's end and holds a number and a comma
_OF_RESIDENCE = re.compile(r"[ \t]*,[ \t]*of[ \t]+([^;)\n\\]{6,100}?)[ \t]*(?:[;)\n]|\\[nr]|\Z)")
# a recipient's block: `To: <name>` ending its line, the address on the next line (a JSON-escaped
# break too), to that line's end
_TO_LINE = re.compile(r"(?:^|\n|\\n)[ \t]*(?i:to|attn\.?|recipient|addressee)[ \t]*:[ \t]*\Z")
_NEXT_LINE = re.compile(r"[ \t]*(?:\r?\n|\\n)[ \t]*([^\n\\]{6,100}?)[ \t]*(?:\r?\n|\\[nr]|\Z)")
_ADDRESS_PARTS = re.compile(r"\d[^,]{0,60},|,[^,]{0,60}\d")


def _number(text: str, start: int, end: int) -> int:
    """The end of the phone number written at text[start:end] (cut back to the last group that
    still dials, and ending before no letter or digit), or -1 when none does."""
    raw = text[start:end].rstrip(" \t.-(")
    while raw:
        nxt = text[start + len(raw) : start + len(raw) + 1]
        candidate = raw if raw.count("(") == raw.count(")") else raw.strip("()")
        if (
            not (nxt.isalnum() or (nxt != "" and nxt in "_/@"))
            and dialable(candidate)
            and not _SPACED_DATE.fullmatch(candidate)
        ):
            return start + len(raw) if candidate == raw else -1
        cut = max(raw.rfind(" "), raw.rfind("-"), raw.rfind("."))
        if cut <= 0:
            return -1
        raw = raw[:cut].rstrip(" \t.-(")
    return -1


def _phone(text: str, start: int, end: int) -> Span | None:
    if start > 0 and (text[start - 1].isdigit() or text[start - 1] in "+."):
        return None
    stop = _number(text, start, end)
    if stop < 0 or grouped_quantity(text, start, stop):
        return None
    return Span(start, stop, "phone")


def _phones_beside(text: str, spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for s in spans:
        if s.kind in _AFTER_KINDS:
            m = _AFTER.match(text, s.end, min(len(text), s.end + _REACH))
            if m is not None and (p := _phone(text, *m.span(1))) is not None:
                out.append(p)
        elif s.kind == "email":
            m = _BEFORE_MAIL.search(text, max(0, s.start - _REACH), s.start)
            if m is not None and (p := _phone(text, *m.span(1))) is not None:
                out.append(p)
    return out


def _residences(text: str, spans: list[Span]) -> list[Span]:
    """The address of a notice's person: after `, of` beside their name or birth date, or on the
    line after `To: <name>` (see `_OF_RESIDENCE`, `_TO_LINE`)."""
    out: list[Span] = []
    for s in spans:
        if s.kind not in ("person_name", "date_of_birth"):
            continue
        m = _OF_RESIDENCE.match(text, s.end, min(len(text), s.end + _REACH + 20))
        if m is None and s.kind == "person_name" and _TO_LINE.search(text, max(0, s.start - 40), s.start):
            m = _NEXT_LINE.match(text, s.end, min(len(text), s.end + _REACH + 20))
        if m is not None and _ADDRESS_PARTS.search(m[1]) is not None:
            out.append(Span(*m.span(1), "address"))
    return out


def _name_before(text: str, start: int, kind: str) -> Span | None:
    lo = max(0, start - _REACH)
    gap = _NAME_GAP.search(text, lo, start) if kind == "phone" else None
    if gap is None and kind in _CELL_KINDS:
        gap = _CELL_GAP.search(text, lo, start)
    if gap is None:
        return None
    head = _CELL_START.match(text, lo, gap.start())
    a = lo if head is None else head.end()
    if a == lo and lo > 0:
        return None  # (no boundary within reach: a long sentence, not a cell)
    cell = text[a : gap.start()].strip(" \t")
    if not cell or not pii.person_cell(cell):
        return None
    a = text.index(cell, a)
    return Span(a, a + len(cell), "person_name")


def contact_neighbours(text: str, spans: list[Span]) -> list[Span]:
    """Phones beside a found name, home address or e-mail, and the names before phones (see the module)."""
    phones = _phones_beside(text, spans)
    out = [*phones, *_residences(text, spans)]
    for s in (*spans, *phones):
        if s.kind in _CELL_KINDS and (name := _name_before(text, s.start, s.kind)) is not None:
            out.append(name)
    return out
