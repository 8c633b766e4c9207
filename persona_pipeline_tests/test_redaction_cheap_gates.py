"""Cheap gates before a detector's scan (issue 17): a gate may only skip texts the scan finds
nothing in, so each is checked against the ungated scan. Each value is written for the test."""

from __future__ import annotations

import random

from persona_pipeline.core.evidence.redaction import bank_registers, pii, register_checks


def _valid_rib(bank: str, branch: str, account: str) -> str:
    key = next(k for k in range(100) if register_checks.fr_rib_ok(f"{bank}{branch}{account}{k:02d}"))
    return f"{bank} {branch} {account} {key:02d}"


def test_the_digit_count_bound_is_the_fewest_a_candidate_holds() -> None:
    # (a RIB whose account is letters: 12 digits, the gate's bound; one fewer can match nothing)
    rib = _valid_rib("30002", "00550", "ABCDEFGHIJK")
    assert sum(c.isdigit() for c in rib) == pii._REGISTER_MIN_DIGITS
    text = f"RIB: {rib}"
    assert [(s.start, s.end) for s in pii.register_account_spans(text)] == [(5, len(text))]


def test_no_candidate_with_fewer_digits() -> None:
    rng = random.Random(44)
    alphabet = "0123456789 ABCXYZ٣"  # (an Arabic-Indic digit folds to no ASCII digit)
    for _ in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(10, 40)))
        if sum(text.count(d) for d in "0123456789") < pii._REGISTER_MIN_DIGITS:
            assert next(bank_registers._CANDIDATE.finditer(text), None) is None, text


def test_gated_and_ungated_find_the_same() -> None:
    rng = random.Random(17)
    nrb = "61 1090 1014 0000 0712 1981 2874"
    texts = [
        "konto 61109010140000071219812874",
        f"przelew na rachunek {nrb}",
        f"RIB {_valid_rib('20041', '01005', '0500013M026')}",
        "NIB 0002 0123 12345678906 54",
        "no numbers here",
        "order 12345 shipped",
    ]
    for _ in range(3000):
        texts.append("".join(rng.choice("0123456789  ab\n") for _ in range(rng.randint(0, 60))))
    for text in texts:
        assert list(pii.register_account_spans(text)) == list(bank_registers.bank_register_spans(text)), text
    assert list(pii.register_account_spans(texts[1])), "a valid NRB is read through the gate"
