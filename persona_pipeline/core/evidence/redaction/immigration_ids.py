"""Immigration case and document numbers.

Policy. A visa, residence-permit or immigration case number opens one person's file with an
immigration authority (status, nationality, address, biometrics): personal data, found after its
label in any of the languages the other detectors read, or as a field whose key names immigration,
a visa or a residence permit. A form's or a programme's number (`I-130`, `H-1B`, a fee schedule) is
no one's and has no digits run long enough to match.

- USCIS receipt numbers (a service centre's three-letter code + 10 digits): that shape after a
  receipt or case label (a shop's receipt or a support case has other letters); after an
  immigration label (`visa` only with a number word: alone it is also a card brand) any
  document number of letters and digits (6 to 15 characters, digits included) is taken.
- Codes issued in groups (`ABC 12D E3F`: the UK's share codes) after a share-code label, the
  groups together holding a digit or not: the label is the evidence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

# immigration documents and files, in English and the languages the other detectors read ("visa"
# alone is also a card brand: it needs a number word after it, below)
_LABEL_WORDS = (
    r"uscis|immigration|alien[ _-]?(?:registration|number|no)|a-?number|green[ _-]?card|"
    r"residence[ _-]?(?:permit|card)|brp|biometric[ _-]?residence|work[ _-]?permit|"
    r"aufenthalts(?:titel|erlaubnis|karte)|titre[ _-]?de[ _-]?s[eé]jour|permis[ _-]?de[ _-]?s[eé]jour|"
    r"permesso[ _-]?di[ _-]?soggiorno|permiso[ _-]?de[ _-]?residencia|tarjeta[ _-]?de[ _-]?residencia|"
    r"verblijfsvergunning|uppeh[aå]llstillst[aå]nd|oleskelulupa|karta[ _-]?pobytu|"
    r"autoriza[cç][aã]o[ _-]?de[ _-]?resid[eê]ncia"
)
_NUMBER_WORD = r"[ _-]?(?:number|no\.?|nr\.?|num|ref(?:erence)?|id|#|nummer|num[eé]ro|n[uú]mero)"
# (each space run bounded: adjacent unbounded runs before a value that never comes backtracked)
_LABELLED = re.compile(
    rf"(?i)(?<![a-z])(?:(?:{_LABEL_WORDS})(?:{_NUMBER_WORD})?|visa{_NUMBER_WORD})(?![a-z])[\"']?"
    r"(?:[ \t]{1,4}(?:is|ist|est|es))?[ \t]{0,4}(?:(?:[:=#]|=>)[ \t]{0,4})?\\?[\"']?"
    r"([A-Z]{0,4}[0-9][A-Z0-9-]{4,14}|[A-Z]{1,4}-?\d{5,13})(?![A-Za-z0-9])"
)
# USCIS receipt numbers: a service centre's code (Vermont, California, Nebraska, Texas, Missouri, the
# National Benefits Center, the electronic filing system, Potomac) and 10 digits; a shop's receipt
# or a support case has other letters
_CENTRES = r"EAC|WAC|LIN|SRC|MSC|NBC|IOE|YSC"
_RECEIPT = re.compile(
    r"(?i)(?<![a-z])(?:receipt|case)[ _-]?(?:number|no\.?|num|#)?[\"']?[ \t]{0,4}[:=#]?[ \t]{0,4}\\?[\"']?"
    rf"((?-i:(?:{_CENTRES})\d{{10}}))(?![A-Za-z0-9])"
)
_SHARE_CODE = re.compile(
    r"(?i)share[ _-]?code[\"']?(?:[ \t]{1,4}is)?[ \t]{0,4}[:=(]?[ \t]{0,4}\\?[\"']?"
    r"((?-i:[A-Z0-9]{3}[ -][A-Z0-9]{3}[ -][A-Z0-9]{3}))"
    r"(?![A-Za-z0-9])"
)
# one RE2 scan of its own (as a member of pii's Set it cost the Set pass more); ASCII stems: the
# gate reads the fold, where a non-ASCII letter is one DEL byte
GATE = Rx(
    r"(?i:uscis|immigra|alien|a-?number|green[ _-]?card|visa|residen|brp|biometric|work[ _-]?permit|"
    r"aufenthalt|s\x7fjour|sejour|soggiorno|verblijf|uppeh|oleskelu|pobytu|share[ _-]?code)"
    rf"|(?:{_CENTRES})\d{{10}}"
)


def immigration_spans(text: str) -> Iterator[Span]:
    if GATE.search(text) is None:
        return
    for m in _LABELLED.finditer(text):
        v = m[1]
        if sum(c.isdigit() for c in v) >= 5:
            yield Span(m.start(1), m.end(1), "immigration_id")
    for m in _RECEIPT.finditer(text):
        yield Span(m.start(1), m.end(1), "immigration_id")
    for m in _SHARE_CODE.finditer(text):
        yield Span(m.start(1), m.end(1), "immigration_id")
