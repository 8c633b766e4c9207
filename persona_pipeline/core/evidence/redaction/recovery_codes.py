"""Two-factor recovery codes: the lines of codes under a "recovery codes" / "backup codes" header.

A recovery code is a second factor on its own, and has no shape a generic rule could trust (eight
digits, `xxxxx-xxxxx`): what marks it is the list it stands in. So the lines after such a header
(a few lines of its own may come first: the account's name, a blank line) are read one by one, and
each that ends in a code's shape is redacted, until the list ends: Google's backup codes (eight
digits, shown `1234 5678`), GitHub's (`xxxxx-xxxxx` hex), and the grouped alphanumeric codes of
other services.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.spans import Span

HEADER = (
    r"(?i)\b(?:backup|recovery|2fa|mfa|emergency|scratch)[ _-]?(?:verification[ _-]?)?codes?\b|"
    r"\brecovery[_-]codes\b"
)
# a code at the end of its line (after a list marker, a log's prefix or a quote's `>`; before a
# closing quote, fence or table cell)
_CODE = re.compile(
    r"(?:^|[\s>|#*:.-])(\d{4}[ -]\d{4}|[0-9a-fA-F]{5}-[0-9a-fA-F]{5}|[A-Za-z0-9]{4,5}-[A-Za-z0-9]{4,5}"
    r"(?:-[A-Za-z0-9]{4,5})?|\d{8})[ \t\"'`|/>)]*$"
)
# what ends a line: a line break, or its escaped or markup forms (a JSON string's `\n`, an HTML
# cell's `<br>`, an attribute's `&#10;`)
_BREAK = re.compile(r"\r?\n|<br ?/?>|&#10;|\\n")
# a code alone in a table cell (`| 1 | abcd-efgh | no |`: a list with a column of codes)
_CELL = re.compile(
    r"\|[ \t]*(\d{4}[ -]\d{4}|[0-9a-fA-F]{5}-[0-9a-fA-F]{5}|[A-Za-z0-9]{4,5}-[A-Za-z0-9]{4,5}"
    r"(?:-[A-Za-z0-9]{4,5})?|\d{8})[ \t]*\|"
)
# the header as a name bound to a list on its own line (`recovery_codes = ["…", "…"]`, a JSON
# array, maybe escaped inside a string), and each quoted item of that list
_INLINE = re.compile(r"""\\?["']?[ \t]*[:=][ \t]*[\[(]""")
_ITEM = re.compile(
    r"""\\?["'](\d{4}[ -]\d{4}|[0-9a-fA-F]{5}-[0-9a-fA-F]{5}|[A-Za-z0-9]{4,5}-[A-Za-z0-9]{4,5}"""
    r"""(?:-[A-Za-z0-9]{4,5})?|\d{8})\\?["'][ \t]*([,\])]?)"""
)
_LEAD_LINES = 4  # lines of the header's own (an account name, a blank line) before the first code
_MAX_CODES = 32
_REACH = 2000  # characters after the header the list may take


def recovery_code_spans(text: str, header_end: int) -> Iterator[Span]:
    """The codes listed on the lines after a header ending at `header_end`, or in the list the
    header names on its own line."""
    limit = min(len(text), header_end + _REACH)
    inline = _INLINE.match(text, header_end, limit)
    if inline is not None:
        yield from _list_items(text, inline.end(), limit)
        return
    breaks = _BREAK.finditer(text, header_end, limit)
    first = next(breaks, None)
    if first is None:
        return
    start, lead, found = first.end(), 0, 0
    while found < _MAX_CODES:
        nxt = next(breaks, None)
        end = nxt.start() if nxt is not None else limit
        m = _CODE.search(text[start:end])  # (a line of its own: `^` is the line's start)
        # (a row maybe after a log's prefix: `[pod/x] | 1 | code | no |`)
        cell = _CELL.search(text, start, end) if m is None and "|" in text[start:end] else None
        if m is not None:
            found += 1
            yield Span(start + m.start(1), start + m.end(1), "mfa_recovery_code")
        elif cell is not None:
            found += 1
            yield Span(cell.start(1), cell.end(1), "mfa_recovery_code")
        elif found and text[start:end].strip(" \t\r\"'`|"):
            return  # the list ended
        else:
            lead += 1
            if lead > _LEAD_LINES + found:
                return
        if nxt is None:
            return
        start = nxt.end()


def _list_items(text: str, pos: int, limit: int) -> Iterator[Span]:
    """The quoted codes of a list literal opening at `pos`, up to its closing bracket."""
    for _ in range(_MAX_CODES):
        m = _ITEM.match(text, pos, limit)
        if m is None:
            while pos < limit and text[pos] in " \t\r\n":
                pos += 1  # (one item a line)
            m = _ITEM.match(text, pos, limit)
            if m is None:
                return
        yield Span(m.start(1), m.end(1), "mfa_recovery_code")
        if m.group(2) != ",":
            return
        pos = m.end()
        while pos < limit and text[pos] in " \t\r\n":
            pos += 1
