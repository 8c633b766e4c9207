"""A person's device and vehicle: IMEI numbers and vehicle identification numbers (VIN).

Policy. A phone's IMEI and a car's VIN are serial numbers of one object a person owns: carriers,
insurers, registries and recall databases key that person's records on them, so each is personal
data wherever it appears. A model number, a type allocation code alone (the first 8 digits of an
IMEI: a phone model's), a part number or a WMI (a VIN's first three characters: the manufacturer's)
name no one's device and stay.

- IMEI (3GPP TS 23.003): 15 digits whose last is a Luhn check digit (`stdnum.imei`). Written in
  its own layout (`AA-BBBBBB-CCCCCC-D`) it is found by that layout and the check digit; as a plain
  run of 15 digits (a card number, an order id have that shape too) only after an IMEI label (the
  acronym, in any language, or the `*#06#` code that displays it).
- VIN (ISO 3779): 17 characters of the VIN alphabet (no I, O, Q), letters and digits both, only
  after a VIN label (VIN, vehicle identification, chassis number, and their names in other
  languages). Without one, the check digit (position 9, 49 CFR 565; Europe does not require it) is
  no evidence: one random upper-case serial in eleven passes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from stdnum import imei as _imei

from persona_pipeline.core.evidence.redaction import prescan
from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span, line_start

_IMEI_GROUPED = re.compile(r"(?<![\d-])\d{2}-\d{6}-\d{6}-\d(?![\d-])")
_IMEI_PLAIN = re.compile(r"(?<![\d.-])\d{15}(?![\d.-])")
_IMEI_LABEL = re.compile(r"(?i)(?:(?<![a-z])imei|\*#06#)")
_VIN = re.compile(r"(?<![A-Za-z0-9])[A-HJ-NPR-Za-hj-npr-z0-9]{17}(?![A-Za-z0-9])")
_VIN_LABEL = re.compile(
    r"(?i)(?:(?<![a-z])vin(?![a-z])|vehicle[ _-]?id|chassis|fahrgestell|fahrzeug-?ident|"
    r"(?-i:(?<![A-Za-z])FIN(?![A-Za-z]))|num[eé]ro[ _-]de[ _-]s[eé]rie|bastidor|\bchassi|telaio|vozidla|podwozi)"
)
_REACH = 40  # characters before a value its label may stand in, on the same line

_VIN_VALUE = {
    **{str(i): i for i in range(10)},
    **dict(zip("ABCDEFGH", range(1, 9), strict=True)),
    **dict(zip("JKLMN", range(1, 6), strict=True)),
    "P": 7,
    "R": 9,
    **dict(zip("STUVWXYZ", range(2, 10), strict=True)),
}
_VIN_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def _before(text: str, start: int) -> str:
    return text[line_start(text, start, _REACH) : start]


def vin_check_ok(vin: str) -> bool:
    total = sum(_VIN_VALUE[c] * w for c, w in zip(vin, _VIN_WEIGHTS, strict=True)) % 11
    return vin[8] == ("X" if total == 10 else str(total))


# one RE2 scan (alone: as a member of pii's Set its counted run slowed the whole Set) before the
# Python patterns: an IMEI's own layout, an IMEI label, a VIN label (a superset: `vin` as a word, the
# stems of the other names); a text without any is not read further
_GROUPED_GATE = r"\d{2}-\d{6}-\d{6}-\d"
_IMEI_GATE = r"(?i:imei)|\*#06#"
_VIN_GATE = (
    r"(?i:(?:^|[^a-z])vin(?:[^a-z]|$)|vehicle[ _-]?id|chassi|fahrgestell|fahrzeug|num.ro[ _-]de[ _-]s|bastidor|"
    r"telaio|vozidla|podwozi)|(?:^|[^A-Za-z])FIN(?:[^A-Za-z]|$)"
)
_CANDIDATE = Rx(rf"({_GROUPED_GATE})|({_IMEI_GATE})|({_VIN_GATE})")
# (asked first in the shared gate search: most texts have none of it, and skip the scan)
prescan.member(_CANDIDATE.pattern)


def device_id_spans(text: str) -> Iterator[Span]:
    if not prescan.any_open(text):
        return  # (no alternative matches anywhere: the scan below would find nothing)
    grouped = imei_label = vin_label = False
    for _, g1, g2, g3 in _CANDIDATE.finditer(text):
        grouped, imei_label, vin_label = grouped or g1[0] >= 0, imei_label or g2[0] >= 0, vin_label or g3[0] >= 0
    if grouped:
        for m in _IMEI_GROUPED.finditer(text):
            if _imei.is_valid(m[0].replace("-", "")):
                yield Span(m.start(), m.end(), "imei")
    if imei_label:
        for m in _IMEI_PLAIN.finditer(text):
            if _IMEI_LABEL.search(_before(text, m.start())) and _imei.is_valid(m[0]):
                yield Span(m.start(), m.end(), "imei")
    if vin_label:
        for m in _VIN.finditer(text):
            vin = m[0]
            mixed = any(c.isdigit() for c in vin) and any(c.isalpha() for c in vin)
            if mixed and _VIN_LABEL.search(_before(text, m.start())) is not None:
                yield Span(m.start(), m.end(), "vin")
