"""Round 24's tuning (issue 17, branch tune24): idempotence where a name's span ran over a
separator, and the causes of round 24's misses read by general structure. Values and sentences are
this file's own, none from the corpus."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear


@pytest.fixture
def checks(redactor: Redactor) -> Checks:
    return Checks(redactor)


# --- 1. idempotence: a name in a context ends before a word of no letter (a middle dot, a bullet, a
# dash standing alone), so the label after it stays and reads the same in a second pass


@pytest.mark.parametrize(
    ("text", "name", "kept"),
    [
        ("Customer: Ingrid Solheim · Plan: 40 GB", "Ingrid Solheim", "· Plan: 40 GB"),
        ("Customer: Tomasz Wierzbicki • Ref: 4431", "Tomasz Wierzbicki", "• Ref: 4431"),
        ("Client: Amara Okonkwo – Room: 12", "Amara Okonkwo", "– Room: 12"),
    ],
)
def test_name_ends_before_a_lone_separator(checks: Checks, text: str, name: str, kept: str) -> None:
    out = checks.redacted(text)  # (redacts to itself again: idempotent)
    assert name not in out
    assert out.endswith(kept), out


def test_name_with_letters_past_the_fold_is_whole(checks: Checks) -> None:
    # (a non-ASCII letter inside a word is no separator: the surname stays in the span)
    out = checks.redacted("Customer: Zoë Ødegård · Plan: basic")
    assert "Ødegård" not in out and "Zoë" not in out


def test_lone_separators_stay_linear(redactor: Redactor) -> None:
    assert_linear(redactor.redact, lambda n: "Customer: Ana Lima " + "· " * n + "Plan", 8_000)


# --- 2. vendor token formats read whole: DataStax Astra's `AstraCS:<id>:<64 hex>` (the stock rule
# stopped at the first colon), Defined Networking's `dnkey-` keys without a `dnkey` label before them

ASTRA = "AstraCS:ZqPlmnKoeRtyUiWaSdFgHjKl:" + "3f9c" * 16
DNKEY = "dnkey-" + "Q7RTZ3VXK2MBN4PLWDYH6JEGFC" + "-" + "A2B3C4D5E6F7G2H3J4K5L6M7N2P3Q4R5S6T7U2V3W4X5Y6Z7A2B3"


@pytest.mark.parametrize(
    "text",
    [
        f'client = DataAPIClient("{ASTRA}")',
        f"export ASTRA_DB_APPLICATION_TOKEN={ASTRA}",
        f"token is {ASTRA}, rotate it",
    ],
)
def test_astra_token_whole(checks: Checks, text: str) -> None:
    assert checks.covered(text, ASTRA), checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        f'    params:\n      - name: api-key\n        default: "{DNKEY}"',
        f"key={DNKEY}",
    ],
)
def test_defined_networking_key_by_prefix(checks: Checks, text: str) -> None:
    assert checks.covered(text, DNKEY), checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "AstraCS:notes in the README",  # (the prefix alone, no token after it)
        "dnkey-rotation is documented in the runbook",
        "dnkey-ABCDEF-123456 is a placeholder in the docs",  # (parts far shorter than a key's)
    ],
)
def test_vendor_look_alikes_kept(checks: Checks, text: str) -> None:
    kinds = {kind for _, kind in checks.spans(text)}
    assert not kinds & {"datastax_astra_application_token", "defined_networking_api_token"}, kinds


def test_vendor_rules_linear(redactor: Redactor) -> None:
    assert_linear(redactor.redact, lambda n: "AstraCS:" + "a" * n + ":" + "f" * n, 20_000)
    assert_linear(redactor.redact, lambda n: "dnkey-" + "A-" * n, 20_000)


# --- 3. Cyprus's Tax Identification Code (TIC): eight digits and a check letter (python-stdnum's
# `cy.vat`), under its name, abbreviation or Greek abbreviation; a failing check letter stays

TIC = ("00417752Y", "31807264N", "58820913D")


@pytest.mark.parametrize(
    "text",
    [
        f"Tax Identification Code: {TIC[0]}",
        f"TIC {TIC[1]} (individual)",
        f'{{"taxpayer": {{"tic": "{TIC[2]}"}}}}',
        f"ΑΦΤ: {TIC[0]}",
    ],
)
def test_cy_tic_labelled(checks: Checks, text: str) -> None:
    assert checks.covered(text, next(t for t in TIC if t in text)), checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "TIC: 00417752A",  # (check letter wrong)
        "build 00417752Y finished",  # (no label: an id of that shape is anything)
        "a nervous tic 00417752Y",  # (the word in prose, not a key)
    ],
)
def test_cy_tic_look_alikes_kept(checks: Checks, text: str) -> None:
    assert not any(kind == "cy_tic" for _, kind in checks.spans(text)), checks.spans(text)
