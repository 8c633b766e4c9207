"""Values the text shows to name nobody living: people long dead; and the drama number
ranges (checked here, not applied by the redactor: see below).

- Drama numbers: the regulators publish ranges that are never allocated, for films, books and
  examples. Ofcom ("Telephone numbers for use in TV and radio drama"): 07700 900000-900999 (mobile),
  020 7946 0000-0999 (London), 0113/0114/0115/0116/0117/0118/0121/0131/0141/0151/0161 496 0000-0999,
  01632 960000-960999 (no area), 08081 570000-570999 (freephone), 0909 879 0000-0999 (premium),
  03069 990000-990999 (UK-wide). The ACMA (Telecommunications Numbering Plan, numbers for use in
  creative works): (02)/(03)/(07)/(08) 5550 xxxx and 7010 xxxx, and the mobiles 0491 570 006, 110,
  156-159, 313, 737. Exact ranges only, national or after +44/+61: a number beside them is someone's.
  Not applied by `redactor._not_personal`: the project's own tests, fixtures and the evidence leak
  scan use these ranges as stand-ins for a person's phone that must be redacted, so keeping them is
  a project-wide policy change left to the maintainers (README, "What is kept and what is dropped").
- People long dead, on one strict sign only, directly after the name: a lifespan whose years both
  lie more than 120 years back, `(1685–1750)` / `(1685-1750)`, no longer than the oldest verified
  life (122 years) and not a pair of clock times (`(1600-1700)`: office hours); or a birth year
  more than 120 years back, `(b. 1850)` / `(born 1850)`. No other date on the line counts: a date
  later on a line is seldom about the name (a sentinel `1900-01-01`, a timeout of `1500 ms`), and a
  birth date the engine redacts must not also prove its person dead (idempotence: the redactor
  vetoes the keep when anything inside the sign is redacted). Not after `my`/`our` on the line: a
  great-grandmother still names a family.
  A quotation's byline (`"…" — Name`) is not kept: a colleague's chat or review line is quoted in
  exactly that form, and no general sign tells a published author from them.

- A chess opening's name in a PGN game's opening tags (the PGN standard, section 9.7: `Opening`,
  `Variation`, `SubVariation`): a catalogue entry named after a player or a town of the past (`Ruy
  Lopez`), not anyone's data. Only inside such a tag pair's quoted value: the game's players
  (`White`, `Black`) and its annotator stay redacted, and so does a name in prose beside an opening.

Each check reads a bounded window on the value's line: constant work per span.
"""

from __future__ import annotations

import datetime
import re

from persona_pipeline.core.evidence.redaction.spans import line_start

_UK_DRAMA = re.compile(
    r"07700900\d{3}|02079460\d{3}|01(?:1[3-8]|[2-6]1)4960\d{3}|01632960\d{3}|08081570\d{3}|09098790\d{3}|03069990\d{3}"
)
_AU_DRAMA = re.compile(r"0[2378](?:5550|7010)\d{4}|0491570(?:006|110|15[6-9]|313|737)")
_REACH = 80
# (the name rule may stop a word or two short of a surname: `Johann Sebastian` + `Bach (…)`)
_SIGN = re.compile(r"(?:[ ][A-Z][a-z'’-]+){0,2}[ \t]*\((?:(b\.|born)[ \t]*(\d{4})|(\d{4})[ \t]*[–—-][ \t]*(\d{4}))\)")
_OWN = re.compile(r"(?i)\b(?:my|our|mine|ours)\b")


def drama_number(text: str, start: int, end: int) -> bool:
    """A phone number in a regulator's published drama range (national or international form)."""
    value = text[start:end]
    digits = "".join(c for c in value if c.isdigit())
    international = value.lstrip().startswith(("+", "00")) or text[start - 1 : start] == "+"
    if international:
        digits = digits[2:] if value.lstrip().startswith("00") else digits
        if digits.startswith("44"):
            return _UK_DRAMA.fullmatch("0" + digits[2:]) is not None
        if digits.startswith("61"):
            return _AU_DRAMA.fullmatch("0" + digits[2:]) is not None
        return False
    return _UK_DRAMA.fullmatch(digits) is not None or _AU_DRAMA.fullmatch(digits) is not None


def _line_end(text: str, end: int) -> int:
    e = text.find("\n", end, end + _REACH)
    return min(len(text), end + _REACH) if e < 0 else e


def _clock(n: int) -> bool:
    """HHMM on a five-minute step: how schedules write times without a colon."""
    return n <= 2400 and n % 100 < 60 and n % 5 == 0


def long_dead_sign(text: str, start: int, end: int) -> int | None:
    """The end of the sign that the name at text[start:end] is of someone long dead (None: no sign)."""
    m = _SIGN.match(text, end, min(len(text), end + _REACH))
    if m is None:
        return None
    if _OWN.search(text, line_start(text, start, _REACH), _line_end(text, end)):
        return None
    oldest = datetime.date.today().year - 120
    if m[2] is not None:
        return m.end() if 1000 <= int(m[2]) < oldest else None
    born, died = int(m[3]), int(m[4])
    if not (1000 <= born <= died < oldest and died - born <= 122):
        return None
    return None if _clock(born) and _clock(died) else m.end()


def long_dead(text: str, start: int, end: int) -> bool:
    """A name directly followed by a lifespan or a birth year over 120 years ago."""
    return long_dead_sign(text, start, end) is not None


# a PGN opening tag up to the value's opening quote (plain, JSON-escaped or a CSV cell's doubled
# quote), then the value's characters before the name
_PGN_OPENING_BEFORE = re.compile(r"""\[(?:Opening|Variation|SubVariation)[ \t]+(?:\\?"|"")[^"\\\]\n]*\Z""")
_PGN_VALUE_AFTER = re.compile(r"""[^"\\\]\n]*(?:\\?"|"")\]""")


def pgn_opening_name(text: str, start: int, end: int) -> bool:
    """A name inside a PGN opening tag's value (`[Opening "Ruy Lopez, Berlin Defence"]`)."""
    window = text[line_start(text, start, _REACH) : start]
    return (
        _PGN_OPENING_BEFORE.search(window) is not None
        and _PGN_VALUE_AFTER.match(text, end, min(len(text), end + _REACH)) is not None
    )
