"""Round 20's tuning (issue 17): domestic bank numbers read by their registers' check digits (a
Polish NRB, a French RIB, a Portuguese NIB), contact cards read by their formats' grammar (vCard,
LDIF) and Nostr keys by NIP-19. Values and sentences are this file's own (computed with each
register's published rule)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction import bank_registers, register_checks
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear

# (computed for this file: an NRB, a RIB and a NIB that pass their checks)
NRB = "25620966584287072297102822"
RIB = "98747174292474116677391"
NIB = "008699346736532680841"


def _grouped(v: str, sizes: tuple[int, ...]) -> str:
    out, i = [], 0
    for n in sizes:
        out.append(v[i : i + n])
        i += n
    return " ".join(out)


NRB_G = _grouped(NRB, (2, 4, 4, 4, 4, 4, 4))
RIB_G = _grouped(RIB, (5, 5, 11, 2))
NIB_G = _grouped(NIB, (4, 4, 11, 2))


@pytest.fixture
def checks(redactor: Redactor) -> Checks:
    return Checks(redactor)


# --- 1. bank numbers by their own check digits


def test_bank_register_checks() -> None:
    assert register_checks.pl_nrb_ok(NRB)
    assert not register_checks.pl_nrb_ok(NRB[:-1] + str((int(NRB[-1]) + 1) % 10))  # (the IBAN digits)
    # (the sort code's own digit: a change the IBAN digits would absorb is still caught)
    assert not register_checks.pl_nrb_ok(NRB[:9] + str((int(NRB[9]) + 1) % 10) + NRB[10:])
    assert register_checks.fr_rib_ok(RIB)
    assert not register_checks.fr_rib_ok(RIB[:-1] + str((int(RIB[-1]) + 1) % 10))
    assert register_checks.pt_nib_ok(NIB)
    assert not register_checks.pt_nib_ok(NIB[:-1] + str((int(NIB[-1]) + 1) % 10))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"przelej na {NRB_G} do piątku", NRB_G),
        (f'{{"konto": "{NRB}"}}', NRB),
        (f"mes coordonnées pour le virement : {RIB_G}", RIB_G),
        (f"RIB={RIB}", RIB),
        (f"transfere para {NIB_G}, obrigado", NIB_G),
        (f"- nib: {NIB}", NIB),
        (f"+beneficiary: {RIB_G}\n", RIB_G),
    ],
)
def test_bank_register_numbers_go(checks: Checks, text: str, value: str) -> None:
    checks.gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        # (one digit off: the check fails, a number of another kind)
        f"trace id {NRB[:-1]}{(int(NRB[-1]) + 3) % 10} in the collector",
        "the big integer 123456789012345678901 overflowed int64",
        "checksum 1234 5678 90123456789 01 did not match",
        # (part of a longer number: a decimal)
        f"ratio 0.{NIB}",
    ],
)
def test_bank_register_look_alikes_stay(checks: Checks, text: str) -> None:
    checks.kept(text)


def test_bank_registers_linear() -> None:
    line = f"id {NIB[:-1]}0 and {RIB_G[:-2]}00, {NRB_G[:-1]}9;\n"
    assert_linear(lambda t: list(bank_registers.bank_register_spans(t)), lambda n: line * n, 4000)
