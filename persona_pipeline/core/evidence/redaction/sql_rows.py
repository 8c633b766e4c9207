"""The values of SQL rows under a column named for a person's detail.

A seed file or a dump names its columns once, then lists rows by position: `INSERT INTO t (id,
full_name, phone) VALUES (1, '…', '…'), (2, …);` and PostgreSQL's `COPY t (id, full_name, …) FROM
stdin;` followed by tab-separated lines up to `\\.` (the pg_dump format). A value is read as its
column says, by the member names `person_records` reads (published person schemas: OIDC, SCIM,
Stripe, schema.org; `person_records` names each source), each
value checked for the kind's shape (a name written as one, a phone's digits, a date's). A row with
an address on a documentation domain (RFC 2606) is a fixture's, and left.

Quoted SQL values may double their quote (`'O''Brien'`); a row is split on commas outside quotes.
Rows are read up to `_MAX_ROWS` per statement and `_ROW_REACH` characters each: linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.person_records import member_kind, plausible_value
from persona_pipeline.core.evidence.redaction.spans import Span

_MAX_ROWS = 2000
_ROW_REACH = 2000  # characters of one row

_INSERT = re.compile(
    r"(?i)\binsert[ \t]+into[ \t]+[\w.\"`\[\]]{1,128}[ \t]*\(([^()\n]{1,2000})\)\s{0,8}values(?:\s|<br ?/?>){0,8}(?=\()"
)
_COPY = re.compile(r"(?i)\bcopy[ \t]+[\w.\"]{1,128}[ \t]*\(([^()\n]{1,2000})\)[ \t]+from[ \t]+stdin;?[ \t]*\r?\n")
# one value of a row: a quoted string (doubled quotes inside), or a bare token
_VALUE = re.compile(r"'((?:[^'\n]|'')*)'|([^,()'\s][^,()'\n]*)")
# (a statement pasted into a web page breaks its lines with `<br>`)
_ROW_SEP = re.compile(r"\)[ \t]*,(?:\s|<br ?/?>){0,8}\(")


# columns only a person's table has: with one of them, its `name`, `phone`, `address` columns are the
# person's too (alone they name a product, a migration, a site as often)
_PERSON_COLUMNS = frozenset(
    ("email", "emailaddress", "fullname", "firstname", "lastname", "givenname", "familyname", "middlename",
     "customername", "birthdate", "dateofbirth", "dob", "birthday", "phonenumber", "mobilephone", "bornon",
     "nationalid", "nationalidnumber", "nationalnumber", "nationalidentitynumber")
)  # fmt: skip


def _columns(header: str) -> list[str | None]:
    """Each column's kind (None: no person's detail), by its name less quotes; all None unless the
    table has a column only a person's has."""
    names = [c.strip().strip('"`[]') for c in header.split(",")]
    if not any(n.replace("_", "").replace("-", "").lower() in _PERSON_COLUMNS for n in names):
        return [None] * len(names)
    return [member_kind(n) for n in names]


def sql_row_spans(text: str) -> Iterator[Span]:
    if not ("INSERT" in text or "insert" in text or "COPY" in text or "copy" in text):
        return
    for m in _INSERT.finditer(text):
        kinds = _columns(m.group(1))
        if not any(kinds):
            continue
        pos = m.end()
        for _ in range(_MAX_ROWS):
            if text[pos : pos + 1] != "(":
                break
            close = _row_end(text, pos + 1)
            if close < 0:
                break
            yield from _row_values(text, pos + 1, close, kinds)
            nxt = _ROW_SEP.match(text, close)
            if nxt is None:
                break
            pos = nxt.end() - 1
    for m in _COPY.finditer(text):
        kinds = _columns(m.group(1))
        if not any(kinds):
            continue
        pos = m.end()
        for _ in range(_MAX_ROWS):
            end = text.find("\n", pos, pos + _ROW_REACH)
            end = len(text) if end < 0 and len(text) - pos <= _ROW_REACH else end
            if end < 0 or text.startswith("\\.", pos):
                break
            cells = text[pos:end].rstrip("\r").split("\t")
            if len(cells) != len(kinds):
                break
            if _fixture(cells):
                pos = end + 1
                continue
            at = pos
            for cell, kind in zip(cells, kinds, strict=True):
                if kind is not None and cell != "\\N" and plausible_value(kind, cell):
                    yield Span(at, at + len(cell), kind)
                at += len(cell) + 1
            pos = end + 1


def _row_end(text: str, start: int) -> int:
    """The `)` closing a row opened before `start` (quotes skipped), or -1 past `_ROW_REACH`."""
    i, stop = start, min(len(text), start + _ROW_REACH)
    while i < stop:
        c = text[i]
        if c == "'":
            j = i + 1
            while True:
                j = text.find("'", j, stop)
                if j < 0:
                    return -1
                if text[j + 1 : j + 2] == "'":
                    j += 2
                    continue
                break
            i = j + 1
            continue
        if c == ")":
            return i
        if c == "(":
            return -1  # (a call inside a row, `now()`: no plain row of values; left)
        i += 1
    return -1


def _fixture(cells: list[str]) -> bool:
    """Whether a row holds an address on a documentation domain: a test fixture's row, its other
    values invented (`'Test User'`), as `pii.email_spans` keeps the address itself."""
    from persona_pipeline.core.evidence.redaction.pii import documentation_address  # (here: `pii` imports us)

    return any("@" in c and documentation_address(c.strip().strip("'")) for c in cells)


def _row_values(text: str, start: int, end: int, kinds: list[str | None]) -> Iterator[Span]:
    values = list(_VALUE.finditer(text, start, end))
    if len(values) != len(kinds) or _fixture([v.group() for v in values]):
        return
    for v, kind in zip(values, kinds, strict=True):
        if kind is None or v.group(1) is None:
            continue
        a, b = v.span(1)
        if plausible_value(kind, text[a:b].replace("''", "'")):
            yield Span(a, b, kind)
