"""Whether an address is a place's or an organisation's, not a person's.

A street address is personal data when it says where someone lives; the address of a company's
office, a museum, a station or a stadium is published for anyone to find. The text says which
when it attributes the address just before it: to a place or an organisation by a category noun
(`the museum is at …`, `headquarters: …`, `siège social : …`) or to a company by its registered
name with a legal form (`Initech GmbH, Hauptstraße 5, …`, an imprint or an invoice's sender).
Without such an attribution an address stays redacted: a bare address may be anyone's home.
"""

from __future__ import annotations

import re

from persona_pipeline.core.evidence.redaction.group_mailbox import LEGAL_FORMS, legal_entity
from persona_pipeline.core.evidence.redaction.spans import line_start

# a category noun of a public place or an organisation's premises (English, and the registered
# seat in French, Spanish, Italian, Portuguese and German), then its copula or a colon, the
# address right after it ("the stadium is located at", "HQ:", "registered office -")
_PLACE_BEFORE = re.compile(
    r"(?i)\b(?:headquarters|head[ -]office|hq|registered[ -]office|corporate[ -]office|main[ -]office|"
    r"campus|museum|gallery|stadium|arena|airport|station|terminal|university|college|hospital|"
    r"embassy|consulate|city[ -]hall|town[ -]hall|library|cathedral|church|temple|mosque|synagogue|"
    r"zoo|theat(?:re|er)|hotel|restaurant|venue|conference[ -]cent(?:re|er)|data[ -]?cent(?:re|er)|"
    r"si[eè]ge(?:[ -]social)?|sede(?:[ -]legale|[ -]social)?|firmensitz|hauptsitz|sitz)"
    r"(?:'s)?(?:[ \t]+(?:is|are|was|sits|lies))?(?:[ \t]+(?:located|situated|based))?"
    r"(?:[ \t]*(?::|-|–|—|,)|[ \t]+(?:at|in|on))[ \t]*(?:at[ \t]+)?$"
)
_REACH = 80  # characters before an address where its attribution is read
_FRAME = " \t|+>"  # a table's, a psql cell's or a quote's frame around a line
_SEGMENT_END = re.compile(r"[\s,;:–—-]+$")
# a word placing a home near the public place (`I live across from the university at …`) or saying
# the address is someone's home (`we rent a flat …`, `… is my house`): then the place or company
# named is a landmark or a sole trader's, and the address still a person's
_HOME_WORDS = re.compile(
    r"(?i)\b(?:near(?:by)?|next[ \t]+to|across[ \t]+from|by|opposite|beside|"
    r"liv(?:e|es|ed|ing)|resid(?:e|es|ed|ing|ence)|flat|apartment|apt|rent(?:s|ed|ing)?|renting|"
    r"home|house|my[ \t]+place|where[ \t]+I)\b"
)
_STRETCH_BEFORE = re.compile(r"(?:[.!?](?=\s)|[\r\n])")
_STRETCH_AFTER = re.compile(r"(?:[.!?](?=\s|$)|[\r\n])")
_WORD = re.compile(r"[A-Za-z][a-z]+")


def _stretch(text: str, start: int, end: int) -> str:
    """The sentence (or line) around an address: from the last sentence end before it to the next
    after it, at most 160 characters each side."""
    lo = max(0, start - 160)
    cut = max((m.end() for m in _STRETCH_BEFORE.finditer(text, lo, start)), default=lo)
    m = _STRETCH_AFTER.search(text, end, min(len(text), end + 160))
    return text[cut:start] + " " + text[end : m.start() if m is not None else min(len(text), end + 160)]


def _names_a_person(head: str) -> bool:
    """Whether a company's name (or what comes before it) holds a person's name: a sole trader's
    company is named after its owner (`Max Mustermann GmbH`, `Jana Novak Ltd`)."""
    from persona_pipeline.core.evidence.redaction import pii

    firsts = pii._name_lists()[0]
    if any(w in firsts for w in _WORD.findall(head)):
        return True
    return any(True for _ in pii.person_name_spans(head))


# A letterhead (a NOTICE file's, an invoice's sender): the company's registered name ALONE on the
# line above the address, capitalised words then its legal form (`Quillfeather Software Ltd`,
# `Foo Bar, Inc.`). A label or role before it (`Employer:`, `Works at`, `c/o`, `via`, `Senior
# Developer,`) makes the address someone's workplace or delivery address, not a letterhead.
_NAME_WORD = r"(?:[A-Z0-9][\w&.'’-]*|&|and|of|und|de|du|la|le|der|the)"
_COMPANY_LINE = re.compile(rf"{_NAME_WORD}(?:[ \t]+{_NAME_WORD})*(?:,[ \t]*(?P<form>[A-Z][\w. ]{{0,12}}))?")
# a salutation or sign-off: the block is a letter or a signature, its addresses a person's
_LETTER_WORDS = re.compile(
    r"(?i)^[ \t]*(?:dear|hi|hello|hey|cheers|regards|best|thanks|thank[ \t]+you|sincerely|yours|kind[ \t]+regards|"
    r"warm[ \t]+regards|best[ \t]+wishes|greetings|cordialement|saludos|grüße|gruesse|mit[ \t]+freundlichen|"
    r"liebe|lieber|hallo|bonjour|hola|ciao|groeten|met[ \t]+vriendelijke|--|—)\b"
)
# a person speaking of themselves or the reader in the block: a delivery or home address
_PERSONAL = re.compile(r"\bI\b|(?i:\b(?:me|my|mine|myself|we|us|our|you|your)\b)")
_CARE_OF = re.compile(r"(?i)\bc/o\b|\bcare[ \t]+of\b|\battn\b|\bto[ \t]+me\b|\bfor[ \t]+me\b|(?-i:\bI\b)|\bmy\b")
_HEADING = re.compile(r"[A-Z0-9][A-Z0-9 &.,'’()/-]*|#{1,6}[ \t][^\n]*|[=*_-]{3,}")
_BLOCK = 240  # characters of the block read above the company line and after the address


def _letterhead(text: str, line: int, end: int) -> bool:
    """Whether the address starting its line at `line` is under a letterhead: the company line
    just above (see `_COMPANY_LINE`), at the top of its block (no person's name, salutation or
    sign-off in the lines above it in the block), and no personal pronoun or home word anywhere in
    the block."""
    top = text.rfind("\n", max(0, line - 1 - _REACH), line - 1) + 1
    if top == 0 and line - 1 - _REACH > 0:
        return False  # (an overlong line is no company's name)
    company = text[top : line - 1].strip(_FRAME + "\"'")  # (a quoted cell or string opens it)
    m = _COMPANY_LINE.fullmatch(company)
    if m is None or not legal_entity(company):
        return False
    if m["form"] is not None and m["form"].replace(".", "").strip().lower() not in LEGAL_FORMS:
        return False  # (`Senior Developer, Globex Ltd`: a role before the company)
    if _names_a_person(company):
        return False  # `Max Mustermann GmbH`: a sole trader's company bears their name
    # the block: lines above the company line up to a blank line, and the address's own lines
    lo = max(0, top - _BLOCK)
    blank = text.rfind("\n\n", lo, top)
    # (a quoted cell or string the company line opens is a block of its own)
    opens = text[top : line - 1].lstrip(_FRAME)[:1] in ('"', "'")
    above = "" if opens else text[(blank + 2 if blank >= 0 else lo) : top]
    hi = text.find("\n\n", end, end + _BLOCK)
    after = text[end : hi if hi >= 0 else min(len(text), end + _BLOCK)]
    for row in above.splitlines():
        row = row.strip(_FRAME)
        if not row:
            continue
        # (above a letterhead only a label line or a heading: any other line, a name the lists
        # lack or a job title, makes the block a signature or a contact card)
        if not (row.endswith(":") or _HEADING.fullmatch(row)):
            return False
        if _LETTER_WORDS.search(row) is not None or _names_a_person(row):
            return False
    block = above + "\n" + company + "\n" + text[line:end] + after
    return _PERSONAL.search(block) is None and _HOME_WORDS.search(block) is None


def place_address(text: str, start: int, end: int | None = None) -> bool:
    """Whether the address at start:end is attributed, right before it on its line, to a public
    place or an organisation (not when the sentence places a home near it or calls it a home, nor
    when a person's name stands in the company's name)."""
    line = line_start(text, start, _REACH)
    before = text[line:start]
    if not before.strip(_FRAME) and line > 0 and text[line - 1] == "\n":
        return _letterhead(text, line, start if end is None else end)
    m = _SEGMENT_END.search(before)
    head = before[: m.start()] if m is not None else before
    if _PLACE_BEFORE.search(before) is not None:
        pass
    elif not (bool(head) and m is not None and legal_entity(head[-48:])):
        return False
    elif _names_a_person(head[-48:]):
        return False  # `Max Mustermann GmbH, …`: a sole trader's company bears their name
    elif _CARE_OF.search(before) is not None:
        return False  # `send it to me c/o Acme Ltd, …`: a person's delivery address at a company
    return _HOME_WORDS.search(_stretch(text, start, start if end is None else end)) is None


# A person's name that is part of a street's name (`15 Grace Hopper Way`, `7 Ada Lovelace Rd`):
# a house number before it on its line (a JSON string's `\n` starts a line too) and an English
# street type (USPS / Royal Mail suffixes, general knowledge) as its last word or the word after
# it. The street itself is judged as an address (a home's stays redacted by the address detectors).
_STREET_TYPE = (
    r"(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Boulevard|Blvd|Drive|Dr|Way|Court|Ct|Place|Pl|Parkway|Pkwy|"
    r"Terrace|Close|Crescent|Square|Highway|Hwy)\.?"
)
_STREET_AFTER = re.compile(rf"[ \t]+{_STREET_TYPE}\b")
_STREET_LAST = re.compile(rf"\b{_STREET_TYPE}$")
_HOUSE_NUMBER_BEFORE = re.compile(r"(?:^|[\s,|]|\\[nrt])\d{1,5}[A-Za-z]?[ \t]+(?:[A-Z][\w.'-]*[ \t]+){0,4}$")


def street_name_part(text: str, start: int, end: int) -> bool:
    """Whether the name at start:end is part of a street's name, after a house number."""
    lo = line_start(text, start, _REACH)
    if _HOUSE_NUMBER_BEFORE.search(text[lo:start]) is None:
        return False
    return _STREET_LAST.search(text[start:end]) is not None or _STREET_AFTER.match(text, end) is not None


# A listed given name that is a station's town (`Paris Gare de Lyon`, `Florence Stazione`): a word for
# a railway station or terminal of the languages that name stations so (general knowledge of
# station names, no timetable's words)
_STATION_WORD = (
    r"(?:Station|Gare|Bahnhof|Hbf|Hauptbahnhof|Estaci[oó]n|Esta[cç][aã]o|Stazione|Stacja|Dworzec|N[aá]dra[zž][ií]|"
    r"Centraal|Sentral|Terminal|Terminus|Junction)"
)
# the town alone and its station word, one blank between (the name reader took the station word
# for a family name: `Paris Gare`); a given name and a family name before a station word are a
# person at, in or going to the station (`Marie Dubois Gare du Nord`), and a tab or a run of blanks
# parts two cells (`Jonas Weber<TAB>Bahnhof Zoo`)
_TOWN_AND_STATION = re.compile(rf"[^\W\d_][\w'’-]* {_STATION_WORD}")
# what may follow a station word but never a station's name: a ward's, a platform's or a gate's
# number or letter (German `Station 4B` is a hospital ward; a time such as `10:12` is none), a
# street type (`Station Road`) or a post (`Station Manager`: general English nouns for staff)
_NOT_A_STATION = re.compile(
    r"[ \t]*,?[ \t]+(?:\d+[A-Za-z]?\b(?![:.h]\d)|[A-Z]\b(?![.'’])|"
    r"(?i:road|rd|street|st|lane|ln|avenue|ave|way|drive|close|hill|square|place|"
    r"manager|master|supervisor|officer|staff|attendant|chief|head|assistant|nurse|team|crew)\b)"
)


def station_name_part(text: str, start: int, end: int) -> bool:
    """Whether the name at start:end is a station's town and its station word (see
    `_TOWN_AND_STATION`), with no ward, street or post after it. (No gazetteer here: a lone given
    name the reader takes with a station word, `Sabine Hauptbahnhof`, is kept as a town would be.)"""
    if _TOWN_AND_STATION.fullmatch(text, start, end) is None:
        return False
    return _NOT_A_STATION.match(text, end) is None
