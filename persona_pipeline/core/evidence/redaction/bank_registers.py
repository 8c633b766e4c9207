"""Domestic bank account numbers whose own check digits identify them, no label needed.

Three registers print a person's account in a fixed layout with check digits of their own
(`register_checks`): a Polish NRB (26 digits, `2-4-4-4-4-4-4` when grouped, its IBAN digits and its
sort code's check digit: about one random run in a thousand passes both), a French RIB (bank,
branch, account, key: `5-5-11-2`, key mod 97) and a Portuguese NIB (`4-4-11-2`, ISO 7064 MOD 97-10).
Each is read in its printed grouping (single spaces; a NIB's dots too) or run together, as a whole token: a run
that is part of a longer number, a decimal or a word is none of them. A RIB or NIB run together
of digits only is a bare 23- or 21-digit integer, and one in 97 of those passes a mod-97 check
(wei amounts, u128 values, seeds, 21-digit account ids): such a run is read only with a bank
word on its line (`_BANK_CUE`: the registers' own names, bank, account in the registers'
languages). The IBAN form of each is read by the IBAN rule already.

One RE2 pass over the fold; each candidate's check is a few integer operations: linear.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from persona_pipeline.core.evidence.redaction import register_checks
from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

# groups: an NRB, a RIB, a NIB (each grouped or run together; a NIB's groups also between dots,
# as Portuguese invoices and bank letters print it, `0000.0000.00000000000.00`: the NRB and RIB
# are printed spaced or in boxes)
_CANDIDATE = Rx(
    r"\b(?:(\d\d \d{4} \d{4} \d{4} \d{4} \d{4} \d{4}|\d{26})|"
    r"(\d{5} \d{5} [0-9A-Z]{11} \d\d|\d{10}[0-9A-Z]{11}\d\d)|"
    r"(\d{4} \d{4} \d{11} \d\d|\d{4}\.\d{4}\.\d{11}\.\d\d|\d{21}))\b"
)
_CHECKS: tuple[Callable[[str], bool], ...] = (
    register_checks.pl_nrb_ok,
    register_checks.fr_rib_ok,
    register_checks.pt_nib_ok,
)


_CUE_REACH = 80
# (general banking vocabulary of English and the three registers' languages; `transfer` alone is
# not one: amounts of tokens are transferred too)
_BANK_CUE = re.compile(
    r"(?i)(?<![a-z])(?:iban|rib|nib|nrb|bic|swift|bank\w*|banc\w*|banque|account|acct|conta|compte|konto|"
    r"rachun\w*|przelew\w*|virement|beneficiar\w*|b[ée]n[ée]ficiaire|benefici[áa]rio|relev[ée] d'identit[ée])(?![a-z])"
)


def _bank_cue(text: str, a: int, b: int) -> bool:
    """A bank word on the value's line, within a bounded reach either side."""
    ls = text.rfind("\n", max(0, a - _CUE_REACH), a) + 1 or max(0, a - _CUE_REACH)
    le = text.find("\n", b, b + _CUE_REACH)
    le = min(len(text), b + _CUE_REACH) if le < 0 else le
    return _BANK_CUE.search(text, ls, a) is not None or _BANK_CUE.search(text, b, le) is not None


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
        bare = text[a:b].isdigit() and b - a in (21, 23)
        if bare and not _bank_cue(text, a, b):
            continue
        for (s, e), ok in zip(spans[1:], _CHECKS, strict=True):
            if s >= 0 and ok(text[s:e].replace(" ", "").replace(".", "")):
                yield Span(a, b, "bank_account")
                break
