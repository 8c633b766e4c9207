"""A person's name in the cell before an address in a delimited row, and a delivery's addressee.

A contact export's, a mailing list's or a spreadsheet's row names its addressee in the cell right
before the street (`Name<TAB>14 Elm Grove<TAB>Leeds`, with `;` or `|` between the cells the same
way). The name readers need a listed name or a cue; the row's own structure is the cue here: a cell
of two to four name-shaped words beside an address field of the same row is whose address it is.
A place's or an organisation's name there (`Town Hall`, `Acme Ltd`, `West Yorkshire`) is told by
its words: a premises or organisation noun, a legal form, a street type, a compass word first. So
is a heading's or a label's (`Expected Output`, `Default Address`): a common English word that is no
listed given name or surname.

A delivery names its addressee the same way by its layout (round 22): in an address block, the line
right above a street line, under a recipient label alone on its line (`Deliver to`, `Ship to`,
`Recipient`, `Consignee`, `Addressee`, `Attn`, `To`, and the same in several languages); in prose,
the name between a delivery's `to` (`addressed to`, `deliver to`, `ship to`, `send it to`) and the
address after its comma. The name's words are checked as a row's name cell is.
"""

from __future__ import annotations

import re

from persona_pipeline.core.evidence.redaction import pii
from persona_pipeline.core.evidence.redaction.spans import Span

_SEPS = "\t;|"
_QUOTES = " \"'"
_CELL_REACH = 80  # characters: a longer cell is no name (and bounds the look-behind)


def names_beside_addresses(text: str, spans: list[Span]) -> list[Span]:
    """Name spans of the cells right before the addresses among `spans` in delimited rows, and of a
    delivery's addressee before its address (see the module)."""
    out: list[Span] = []
    for s in spans:
        if s.kind != "address":
            continue
        cell = _cell_before(text, s.start)
        if cell is not None and pii.person_cell(text[cell[0] : cell[1]]):
            out.append(Span(cell[0], cell[1], "person_name"))
        name = _addressee(text, s.start)
        if name is not None and pii.person_cell(text[name[0] : name[1]]):
            out.append(Span(name[0], name[1], "person_name"))
    return out


# a recipient label alone on its line (after a block's markers), several languages
_RECIPIENT = (
    r"(?i:deliver(?:y)?[ \t]+to|ship(?:ping)?[ \t]+to|send[ \t]+to|mail[ \t]+to|recipient|consignee|addressee|attn\.?|"
    r"to|destinatario|destinataire|empf[äa]nger|destinat[áa]rio|odbiorca|ontvanger|mottagare)"
)
# (or where a quoted string opens the block: a payload's text)
_LABEL_LINE = re.compile(rf"(?:[^\n]{{0,80}}[\"'])?[ \t>#+*-]*{_RECIPIENT}[ \t]*:?[ \t]*")
# an addressee: two to four words of letters
_ADDRESSEE = r"[^\W\d_][\w'’.-]{0,30}(?:[ \t]+[^\W\d_][\w'’.-]{0,30}){1,3}"
# the addressee's line, then the street's line after the same markers
_NAME_ABOVE = re.compile(rf"({_ADDRESSEE})[ \t]*\r?\n")
# prose: a delivery's `to`, the name, a comma, the address
_ADDRESSED_TO = re.compile(
    r"(?i:addressed|deliver(?:ed)?|ship(?:ped)?|sent|send(?:[ \t]+it)?|mail(?:ed)?|post(?:ed)?)[ \t]+to[ \t]+"
    rf"({_ADDRESSEE}),[ \t]*\Z"
)
_NAME_REACH = 160
_LABEL_REACH = 100  # characters: a recipient label's line is shorter


def _addressee(text: str, start: int) -> tuple[int, int] | None:
    """The addressee's name before the address at `start`: the line above it under a recipient
    label, or the name after a delivery's `to` (see the module)."""
    lo = max(0, start - _NAME_REACH)
    m = _ADDRESSED_TO.search(text[lo:start])
    if m is not None:
        return lo + m.start(1), lo + m.end(1)
    ls = text.rfind("\n", lo, start) + 1
    if ls <= 1:
        return None  # (no line above within reach)
    marks = text[ls:start]
    if marks.strip(" \t>#+*-"):
        return None  # (the street does not open its line)
    above = text.rfind("\n", lo, ls - 1) + 1
    if not text.startswith(marks, above):
        return None
    m = _NAME_ABOVE.fullmatch(text, above + len(marks), ls)
    if m is None:
        return None
    if above == 0:
        return None
    # (the label's line is short: one longer than the reach is none, and never read from its start)
    label_start = text.rfind("\n", max(0, above - 1 - _LABEL_REACH), above - 1) + 1
    if label_start == 0 and above - 1 > _LABEL_REACH:
        return None
    if _LABEL_LINE.fullmatch(text, label_start, above - 1) is None:
        return None
    return m.start(1), m.end(1)


def _cell_before(text: str, start: int) -> tuple[int, int] | None:
    """The cell before the one an address starts, when a row separator stands between them."""
    i = start
    while i > 0 and text[i - 1] in _QUOTES:
        i -= 1
    if i == 0 or text[i - 1] not in _SEPS:
        return None
    sep = i - 1
    lo = max(0, sep - _CELL_REACH)
    k = max(text.rfind(text[sep], lo, sep), text.rfind("\n", lo, sep))
    if k < 0 and lo > 0:
        return None  # (a cell longer than a name)
    a, b = k + 1, sep
    while a < b and text[a] in _QUOTES:
        a += 1
    while b > a and text[b - 1] in _QUOTES:
        b -= 1
    return (a, b) if a < b else None
