"""Domestic bank account numbers whose own check digits identify them, no label needed.

Three registers print a person's account in a fixed layout with check digits of their own
(`register_checks`): a Polish NRB (26 digits, `2-4-4-4-4-4-4` when grouped, its IBAN digits and its
sort code's check digit: about one random run in a thousand passes both), a French RIB (bank,
branch, account, key: `5-5-11-2`, key mod 97) and a Portuguese NIB (`4-4-11-2`, ISO 7064 MOD 97-10).
Each is read in its printed grouping (single spaces) or run together, as a whole token: a run
that is part of a longer number, a decimal or a word is none of them. The IBAN form of each is
read by the IBAN rule already.

One RE2 pass over the fold; each candidate's check is a few integer operations: linear.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from persona_pipeline.core.evidence.redaction import register_checks
from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

# groups: an NRB, a RIB, a NIB (each grouped or run together)
_CANDIDATE = Rx(
    r"\b(?:(\d\d \d{4} \d{4} \d{4} \d{4} \d{4} \d{4}|\d{26})|"
    r"(\d{5} \d{5} [0-9A-Z]{11} \d\d|\d{10}[0-9A-Z]{11}\d\d)|"
    r"(\d{4} \d{4} \d{11} \d\d|\d{21}))\b"
)
_CHECKS: tuple[Callable[[str], bool], ...] = (
    register_checks.pl_nrb_ok,
    register_checks.fr_rib_ok,
    register_checks.pt_nib_ok,
)


def _glued(text: str, a: int, b: int) -> bool:
    """Part of a longer number: a decimal point, a digit group or a sign joins it to its neighbour."""
    before, after = text[a - 1 : a], text[b : b + 2]
    return (before in (".", ",", "-", "+") and text[a - 2 : a - 1].isdigit()) or (
        after[:1] in (".", ",", "-") and after[1:].isdigit()
    )


def bank_register_spans(text: str) -> Iterator[Span]:
    for spans in _CANDIDATE.finditer(text):
        a, b = spans[0]
        if _glued(text, a, b):
            continue
        for (s, e), ok in zip(spans[1:], _CHECKS, strict=True):
            if s >= 0 and ok(text[s:e].replace(" ", "")):
                yield Span(a, b, "bank_account")
                break
