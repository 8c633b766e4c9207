"""Domestic bank account numbers, beside the routing code that places them.

An account number alone is any run of digits (an order, an AWS account, a ticket). Written for a
payment it stands beside its bank's routing code, and that code has a documented shape: a US ABA
routing number (nine digits with a 3-7-1 check digit, validated by python-stdnum), a UK sort code
(`12-34-56`), an Australian BSB (`123-456`), an Indian IFSC (four letters, `0`, six characters).
The account number is the digits after an account label (`account`, `acct`, `A/c`, `account no.`)
on the same line as such a code, before or after it.

Patterns run on the text's fold (`matching.fold`); a match is bounded, so the scan is linear.
"""

from __future__ import annotations

from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

# a routing code and its label; groups: ABA, sort code, BSB, IFSC
ROUTING = Rx(
    r"(?i)\b(?:(?:routing|aba|rtn)(?:[ _-]?(?:no|number|nr|#))?\.?[ \t:#]*(\d{9})|"
    r"sort[ _-]?code[ \t:#]*(\d\d-\d\d-\d\d|\d{6})|"
    r"bsb(?:[ _-]?(?:no|number))?[ \t:#]*(\d{3}-?\d{3})|"
    r"ifsc(?:[ _-]?code)?[ \t:#]*([A-Za-z]{4}0[A-Za-z0-9]{6}))\b"
)
# the label word alone: what a caller's gate looks for
GATE = r"(?i)\b(?:routing|aba|rtn|sort[ _-]?code|bsb|ifsc)\b"
_ACCOUNT = Rx(r"(?i)\b(?:account|acct|acc|a/c)\.?(?:[ _-]?(?:no|number|nr|num|#))?\.?[ \t:#]*(\d(?:[ -]?\d){5,17})\b")
_REACH = 64  # characters between the routing code and the account label, on one line


def _aba_ok(v: str) -> bool:
    from stdnum.us import rtn

    return rtn.is_valid(v)


def bank_account_spans(text: str) -> Iterator[Span]:
    for spans in ROUTING.finditer(text):
        (s0, e0), aba = spans[0], spans[1]
        if aba[0] >= 0 and not _aba_ok(text[aba[0] : aba[1]]):
            continue
        line_start = text.rfind("\n", 0, s0) + 1
        line_end = text.find("\n", e0)
        line_end = len(text) if line_end < 0 else line_end
        after = next(_ACCOUNT.finditer(text, e0, min(line_end, e0 + _REACH)), None)
        if after is not None:
            yield Span(*after[1], "bank_account")
            continue
        # (the account first: "account 12345678, sort code 12-34-56")
        before = None
        for m in _ACCOUNT.finditer(text, max(line_start, s0 - _REACH), s0):
            before = m
        if before is not None:
            yield Span(*before[1], "bank_account")
