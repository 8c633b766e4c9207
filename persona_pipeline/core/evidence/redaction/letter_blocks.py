"""A letter's address block, by the layout letters share (DIN 5008, the UK and US block styles).

A letter opens with its writer's or addressee's block — a name line, a street line, a postcode and
town line — then a blank line, often the date and another blank line, then the salutation. The
salutation is what shows the block is a person's address: its opening words are the conventional
ones of each language (general knowledge of letter writing: Dear, To whom it may concern, Sehr
geehrte, Liebe/Lieber, Madame/Monsieur, Estimado/a, Caro/a, Gentile, Szanowny/a/i, Geachte, Beste,
Hej, Hei, Kära, Bästa, Prezado/a, Poštovani, Vážený/á, Kedves, Stimate/Stimată, Αγαπητέ in
transliteration Agapite).

The block is read upwards from the salutation: blank lines and one short date line skipped, then two
to five short lines: the first a person's full name (the engine's name test), another an address
line (a postcode and a town, or a street line the street readers take): a block of words alone, or a
heading above a numbered step, is a team's sign-off or a document's title, left to the other rules. Each
block line's text goes: the first as a name, the others as address lines. A carrier's prefix (a
diff's `+`, an indent, `>`) is kept.

Each salutation reads at most `_MAX_BACK` lines above it: linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

_OPENERS = (
    r"Dear|To whom it may concern|Sehr geehrte[rs]?|Liebe[rs]?|Madame|Monsieur|Mesdames|Estimad[oa]s?|Car[oa]|"
    r"Gentil[ei]|Szanown[yai]|Geachte|Beste|Hej|Hei|K\x7fra|B\x7fsta|Prezad[oa]s?|Po\x7ftovan[ia]|V\x7f\x7fen[\x7fy]|"
    r"Kedves|Stimate|Stimat\x7f|Agapit[eo]"
)
GATE = Rx(rf"(?m)(?:^|\n|\\n)[ \t+>\"']*(?:{_OPENERS})\b")
_SALUTATION = re.compile(r"(?m)^[ \t+>\"']*(?:" + _OPENERS.replace("\\x7f", r"\w") + r")\b")
_PREFIX = " \t+>\"'"
_TRAIL = " \t\"',\\"
_MAX_BACK = 9
_MAX_LINE = 64
_DATE_LINE = re.compile(r"\b\d{4}\b")
# (a name line: two to five words, each capitalised but a surname particle, and no sign-off's comma)
_PARTICLES = frozenset(
    (
        "de",
        "da",
        "do",
        "dos",
        "das",
        "du",
        "des",
        "del",
        "della",
        "di",
        "la",
        "le",
        "van",
        "von",
        "der",
        "den",
        "ter",
        "ten",
        "y",
        "e",
        "bin",
        "binti",
        "al",
        "el",
    )
)
_NAME_LINE = re.compile(r"(?:[^\W\d_][\w'.-]*[ \t]+){1,4}[^\W\d_][\w'.-]*")
# (postal codes of the common shapes before a capitalised town, a UK or Canadian postcode, a US state
# and ZIP code)
_POSTCODE_TOWN = re.compile(
    r"^(?:[A-Z]{1,2}-)?(?:\d{4,6}|\d{3} \d\d|\d\d-\d{3}|\d{4}-\d{3}|\d{5}-\d{3}|\d{4} ?[A-Z]{2})[ \t]+[^\W\d_]"
    r"|\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$|\b[A-Z]\d[A-Z] ?\d[A-Z]\d$|,[ \t]*[A-Z]{2}[ \t]+\d{5}(?:-\d{4})?$"
)
_NUMBER = re.compile(r"(?:^|[\s,])\d{1,6}(?:[A-Za-z]|[/-]\d{1,4})?(?:$|[\s,])")


def _content(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a] in _PREFIX:
        a += 1
    while b > a and text[b - 1] in _TRAIL:
        b -= 1
    return a, b


def _name_line(line: str) -> bool:
    if _NAME_LINE.fullmatch(line) is None:
        return False
    return all(w[0].isupper() or w in _PARTICLES for w in line.split())


def _address_line(line: str) -> bool:
    """A postcode and a town (`10000 Zagreb`, `SW1A 1AA`, `Springfield, IL 62704`), or a street line
    the street readers take."""
    from persona_pipeline.core.evidence.redaction import street_grammar

    if _POSTCODE_TOWN.search(line) is not None:
        return True
    return next(iter(street_grammar.street_spans(line)), None) is not None


def _person_and_address(text: str, lines: list[tuple[int, int]]) -> bool:
    """The block names a person (the engine's own test of a full name) and holds an address line:
    a heading above `Step 3 Deploy` or `Floor 3 Room 12` is no letter's block."""
    from persona_pipeline.core.evidence.redaction import pii

    a0, b0 = lines[0]
    if not pii._cell_ok("person_name", text[a0:b0]):
        return False
    return any(_address_line(text[a:b]) for a, b in lines[1:])


def letter_block_spans(text: str) -> Iterator[Span]:
    if GATE.search(text) is None:
        return
    done = -1
    for m in _SALUTATION.finditer(text):
        if m.start() <= done:
            continue
        lines: list[tuple[int, int]] = []  # (content start, end), bottom up
        end = m.start() - 1
        dated = False
        gap = False
        for _ in range(_MAX_BACK):
            if end < 0:
                break
            start = text.rfind("\n", 0, end) + 1
            a, b = _content(text, start, end)
            end = start - 1
            if a >= b:
                if lines:
                    break  # (the blank line above the block ends it)
                gap = True
                continue
            if not lines and not dated and gap and len(text[a:b]) <= 40 and _DATE_LINE.search(text, a, b):
                dated, gap = True, False
                continue
            if not gap and not lines:
                break  # (a line right above the salutation is prose, not a block)
            if b - a > _MAX_LINE or len(lines) == 5:
                lines = []
                break
            lines.append((a, b))
        if not 2 <= len(lines) <= 5 or not any(_NUMBER.search(text[a:b]) for a, b in lines):
            continue
        lines.reverse()
        # (the block's first line may follow a key on its own line: `{"note": "Ana Novak`)
        a0, b0 = lines[0]
        q = max(text.rfind('"', a0, b0), text.rfind("'", a0, b0))
        if q >= 0:
            lines[0] = (q + 1, b0)
        if not _name_line(text[lines[0][0] : lines[0][1]]) or text[lines[0][1] : lines[0][1] + 1] == ",":
            continue
        if not _person_and_address(text, lines):
            continue
        for i, (a, b) in enumerate(lines):
            if a < b:
                yield Span(a, b, "person_name" if i == 0 else "address")
        done = m.start()
