"""Values the text shows to name nobody living: people long dead, the byline of a quotation; and
the drama number ranges (checked here, not applied by the redactor: see below).

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
- People long dead: a name followed on its line by a lifespan that starts more than 120 years ago,
  `(1685–1750)`, or by a date more than 120 years ago (no one alive was born then: the oldest
  verified lifespan is 122 years), unless the line speaks of the writer's own (`my`, `our`): a
  great-grandmother still names a family.
- A quotation's byline: the name after a closing quotation mark and a dash (`"…" — Name`) or in
  parentheses after it (`"…" (Name)`), ending the line: the form of an epigraph, the attribution of
  published words. A conversational attribution (`as Tom said: "…"`) stays redacted: a colleague's
  words are quoted the same way.

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
# (a surname word or two the name rule left out may stand before it: `Johann Sebastian Bach (…)`)
_LIFESPAN = re.compile(
    r"(?:[ \t]+[A-Z][\w'-]*){0,2}[ \t]*,?[ \t]*\((?:b\.|born|\*)?[ \t]*(\d{3,4})[ \t]*[–—-][ \t]*(\d{3,4})[ \t]*\)"
)
_MONTH = r"[A-Za-z]{3,9}\.?"
_OLD_DATE = re.compile(
    rf"(?:\b\d{{1,2}}[./-]\d{{1,2}}[./-]|\b\d{{1,2}}\.?[ \t]+{_MONTH}[ \t]+|\b{_MONTH}[ \t]+\d{{1,2}},?[ \t]+)"
    r"(\d{4})\b|\b(\d{4})-\d\d-\d\d\b"
)
_OWN = re.compile(r"(?i)\b(?:my|our|mine|ours)\b")
_BYLINE_BEFORE = re.compile(r"[\"”»'][ \t]*(?:[—–―]|--?)[ \t]*$|[\"”»'][ \t]*\([ \t]*$")
_BYLINE_AFTER = re.compile(r"[ \t]*\)?[ \t\"'\\,}\]]*(?:\\n)?$", re.M)
_QUOTE_OPEN = re.compile(r"[\"“«']\S")


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


def long_dead(text: str, start: int, end: int) -> bool:
    """A name followed on its line by a lifespan or a birth date over 120 years ago."""
    ls, le = line_start(text, start, _REACH), _line_end(text, end)
    if _OWN.search(text, ls, le):
        return False
    this_year = datetime.date.today().year
    m = _LIFESPAN.match(text, end, le)
    if m is not None:
        # (a span of years starting over 120 years ago: a life, or a tenure of someone born earlier;
        # a recent one may be a living person's tenure, `Tom (2019-2024)`)
        born, died = int(m[1]), int(m[2])
        return 1000 <= born < died <= this_year and born < this_year - 120
    for d in _OLD_DATE.finditer(text, end, le):
        year = int(d[1] or d[2])
        if 1000 <= year < this_year - 120:
            return True
    return False


def byline(text: str, start: int, end: int) -> bool:
    """A name attributing the quotation before it on its line: `"…" — Name`, `"…" (Name)`."""
    ls = line_start(text, start, 400)
    before = text[ls:start]
    m = _BYLINE_BEFORE.search(before)
    if m is None or _QUOTE_OPEN.search(before, 0, m.start()) is None:
        return False
    return _BYLINE_AFTER.match(text, end, _line_end(text, end)) is not None
