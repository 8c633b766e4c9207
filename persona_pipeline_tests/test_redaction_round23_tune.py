"""Round 23's tuning (issue 17, branch tune23): personal data read by the grammar of the everyday
records it is written in (a form's labelled fields, a person's field followed by the home address, a
unit designator in an address). Values and sentences are this file's own, none from the corpus."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear


@pytest.fixture
def checks(redactor: Redactor) -> Checks:
    return Checks(redactor)


# --- 1. an address field's value with a unit designator and its number; a residence field; a
# person's field whose value is the name then the address


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Home address: Plot 14, Kanyama, Lusaka", "Plot 14, Kanyama, Lusaka"),
        (
            "Billing address: Tower Heights, flat 902, Marine Drive, Kochi",
            "Tower Heights, flat 902, Marine Drive, Kochi",
        ),
        ("Residence: Quinta das Rosas, lote 7, Setúbal", "Quinta das Rosas, lote 7, Setúbal"),
        ("Place of residence: Hillview Estate, house 31, Kumasi", "Hillview Estate, house 31, Kumasi"),
        ("Wohnort: Wiesenweg 4, 79098 Freiburg", "Wiesenweg 4, 79098 Freiburg"),
        (
            "Complainant: Tendai Moyo, Mbare Flats, block 6, apt 12, Harare\nPhone: +263 77 238 4411",
            "Mbare Flats, block 6, apt 12, Harare",
        ),
        ("Tenant: Ilse Marais, Bosman Court, unit 4, Stellenbosch", "Bosman Court, unit 4, Stellenbosch"),
        ('{"customer": {"address": "Sunset Villas, house 8, Accra"}}', "Sunset Villas, house 8, Accra"),
    ],
)
def test_an_address_field_with_a_unit_is_redacted(checks: Checks, text: str, value: str) -> None:
    assert checks.covered(text, value), checks.spans(text)
    checks.redacted(text)  # (idempotent)


@pytest.mark.parametrize(
    "text",
    [
        "Reported by: ci-bot, build 4471",
        "Owner: platform-team, unit 3 of the rollout",
        "residence: eu-west-1 (data residency)",
        "Residence time: 3 ms, block 4096 bytes",
        "unit test 3, Foo fixture",
        "block size 4096, flat file 2",
        "Member: see the roster, 12 people",
        "address: 10.0.0.12, port 5432",
        "Sender: noreply, retry 3",
    ],
)
def test_developer_text_near_those_words_is_kept(checks: Checks, text: str) -> None:
    checks.kept(text)


def test_a_person_then_address_field_is_linear(redactor: Redactor) -> None:
    assert_linear(lambda t: redactor.redact(t), lambda n: "Tenant: Ann Lee, " + "Flat 4 " * n + "\n", 2000)
    assert_linear(lambda t: redactor.redact(t), lambda n: "Reported by: Ann Lee Ann Lee " * n, 1000)
