"""The supply point of a home's electricity or gas: printed on one household's bills, it names that
home as its address does.

- Spain's CUPS (Código Universal del Punto de Suministro, CNMC): `ES`, sixteen digits, two check
  letters (the digits mod 529 as two letters), an optional border-point pair (a digit and `F`, `P`,
  `R`, `C`, `X`, `Y` or `Z`); python-stdnum's `es.cups` checks it. Its prefix, length and mod-529
  letters are specific enough to read it without a label (one random run in 529 passes).
- UK MPAN core (Elexon's Master Registration Agreement): thirteen digits with a prime-weighted
  mod-11 check digit (`register_checks.mpan_core_ok`), written run together or grouped 2-4-4-3 as
  the bill's supply-number box prints it. Any thirteen digits pass one time in ten, so it is read
  beside its label (`MPAN`, `supply number`, `meter point`) or under the box's top line (`S`, then
  the profile class, meter time switch code and line loss factor: `S 03 845 270`).
- Dutch EAN-code of a connection (EDSN's register of the grid operators' connections): a GS1
  number of eighteen digits with the GS1 prefix of the Netherlands (870-879) and GS1's mod-10
  check digit, read beside its label (`EAN`, `aansluiting`: Dutch for the connection).

A label is read on the value's line before it or on the line before (a form's label above its
field). Patterns run on the text's fold (`matching.fold`); every match is bounded, so the scan is
linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction import register_checks
from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

_CUPS = Rx(r"\bES\d{16}[A-Z]{2}(?:\d[FPRCXYZ])?\b")
_MPAN = Rx(r"\b(?:\d{13}|\d\d \d{4} \d{4} \d{3})\b")
_EAN = Rx(r"\b87\d{16}\b")
# the labels (general knowledge of the registers' own names: Elexon's "MPAN", "supply number" and
# "meter point administration number"; the Dutch "EAN-code" and "aansluiting"/"aansluitnummer")
_MPAN_LABEL = re.compile(
    r"(?i)(?:\b|_)(?:mpan|supply[ _-]?(?:point[ _-]?)?(?:number|no|nr|id)|meter[ _-]?point)(?:\b|_)"
)
_EAN_LABEL = re.compile(r"(?i)(?:\b|_)(?:ean(?:[ _-]?(?:code|nummer|number))?|aansluit\w*)(?:\b|_)")
# the supply-number box's top line: `S`, profile class (2 digits), MTC (3), LLFC (3)
_MPAN_TOP = re.compile(r"\bS[ \t]+\d\d[ \t]+\d{3}[ \t]+\d{3}[ \t]*$")
_REACH = 80  # characters of the value's line (and the line before) where its label is read
# what opens this detector (`pii._GATED`): a CUPS's prefix or one of the labels
GATE = r"\bES\d{16}|(?i:mpan|supply|meter[ _-]?point|(?:\b|_)ean|aansluit)|\bS[ \t]+\d\d[ \t]+\d{3}[ \t]+\d{3}"


def _context(text: str, start: int) -> tuple[str, str]:
    """The value's line before it and the line before that (each within reach)."""
    line_start = text.rfind("\n", max(0, start - _REACH), start) + 1
    same = text[max(line_start, start - _REACH) : start]
    if line_start == 0 or start - line_start > _REACH:
        return same, ""
    prev_start = text.rfind("\n", max(0, line_start - 1 - _REACH), line_start - 1) + 1
    return same, text[max(prev_start, line_start - 1 - _REACH) : line_start - 1]


def _labelled(text: str, start: int, label: re.Pattern[str]) -> bool:
    same, before = _context(text, start)
    return label.search(same) is not None or label.search(before) is not None


def supply_point_spans(text: str) -> Iterator[Span]:
    from stdnum.es import cups

    for ((a, b),) in _CUPS.finditer(text):
        if cups.is_valid(text[a:b]):
            yield Span(a, b, "supply_point")
    for ((a, b),) in _MPAN.finditer(text):
        if not register_checks.mpan_core_ok(text[a:b]):
            continue
        same, before = _context(text, a)
        boxed = not same.strip() and _MPAN_TOP.search(before) is not None
        if boxed or _MPAN_LABEL.search(same) is not None or _MPAN_LABEL.search(before) is not None:
            yield Span(a, b, "supply_point")
    for ((a, b),) in _EAN.finditer(text):
        if _gs1_ok(text[a:b]) and _labelled(text, a, _EAN_LABEL):
            yield Span(a, b, "supply_point")


def _gs1_ok(v: str) -> bool:
    total = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(reversed(v[:-1])))
    return (10 - total % 10) % 10 == int(v[-1])
