"""Immigration case and document numbers.

Policy. A visa, residence-permit or immigration case number opens one person's file with an
immigration authority (status, nationality, address, biometrics): personal data, found after its
label in any of the languages the other detectors read, or as a field whose key names immigration,
a visa or a residence permit. A form's or a programme's number (`I-130`, `H-1B`, a fee schedule) is
no one's and has no digits run long enough to match.

- USCIS receipt numbers (three-letter service-centre code + 10 digits, `ABC0123456789`): that
  shape after a receipt or case label (a shop's receipt number has no such letters); after an
  immigration label any
  document number of letters and digits (6 to 15 characters, digits included) is taken.
- Codes issued in groups (`ABC 12D E3F`: the UK's share codes) after a share-code label, the
  groups together holding a digit or not: the label is the evidence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

# immigration documents and files, in English and the languages the other detectors read
_LABEL_WORDS = (
    r"uscis|immigration|alien[ _-]?(?:registration|number|no)|a-?number|green[ _-]?card|visa|"
    r"residence[ _-]?(?:permit|card)|brp|biometric[ _-]?residence|work[ _-]?permit|"
    r"aufenthalts(?:titel|erlaubnis|karte)|titre[ _-]?de[ _-]?s[eé]jour|permis[ _-]?de[ _-]?s[eé]jour|"
    r"permesso[ _-]?di[ _-]?soggiorno|permiso[ _-]?de[ _-]?residencia|tarjeta[ _-]?de[ _-]?residencia|"
    r"verblijfsvergunning|uppeh[aå]llstillst[aå]nd|oleskelulupa|karta[ _-]?pobytu|"
    r"autoriza[cç][aã]o[ _-]?de[ _-]?resid[eê]ncia"
)
_NUMBER = r"(?:[ _-]?(?:number|no\.?|nr\.?|num|ref(?:erence)?|id|#|nummer|num[eé]ro|n[uú]mero))?"
_LABELLED = re.compile(
    rf"(?i)(?<![a-z])(?:{_LABEL_WORDS}){_NUMBER}[\"']?(?:[ \t]+(?:is|ist|est|es|:))?[ \t]*(?:[:=#]|=>)?"
    r"[ \t]*\\?[\"']?[ \t]*([A-Z]{0,4}[0-9][A-Z0-9-]{4,14}|[A-Z]{1,4}-?\d{5,13})(?![A-Za-z0-9])"
)
# a receipt or case number of the USCIS shape (a shop's receipt has no service-centre letters)
_RECEIPT = re.compile(
    r"(?i)(?<![a-z])(?:receipt|case)[ _-]?(?:number|no\.?|num|#)?[\"']?[ \t]*[:=#]?[ \t]*\\?[\"']?"
    r"((?-i:[A-Z]{3}\d{10}))(?![A-Za-z0-9])"
)
_SHARE_CODE = re.compile(
    r"(?i)share[ _-]?code[\"']?(?:[ \t]+is)?[ \t]*[:=(]?[ \t]*\\?[\"']?"
    r"((?-i:[A-Z0-9]{3}[ -][A-Z0-9]{3}[ -][A-Z0-9]{3}))"
    r"(?![A-Za-z0-9])"
)
# (ASCII stems: the gate reads the fold, where a non-ASCII letter is one DEL byte)
GATE = Rx(
    r"(?i:uscis|immigra|alien|a-?number|green[ _-]?card|visa|residen|brp|biometric|work[ _-]?permit|"
    r"aufenthalt|s\x7fjour|sejour|soggiorno|verblijf|uppeh|oleskelu|pobytu|share[ _-]?code)|[A-Z]{3}\d{10}"
)


def immigration_spans(text: str) -> Iterator[Span]:
    for m in _LABELLED.finditer(text):
        v = m[1]
        if sum(c.isdigit() for c in v) >= 5:
            yield Span(m.start(1), m.end(1), "immigration_id")
    for m in _RECEIPT.finditer(text):
        yield Span(m.start(1), m.end(1), "immigration_id")
    for m in _SHARE_CODE.finditer(text):
        yield Span(m.start(1), m.end(1), "immigration_id")
