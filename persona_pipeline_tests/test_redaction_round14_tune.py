"""Round 14 opened for tuning (issue 17): general fixes for the causes its false positives and
misses showed, each test with values of its own."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks

R = Redactor(b"t" * 32)
C = Checks(R)


@pytest.mark.parametrize(
    "text",
    [
        "the gauge drifted to 07341.60218835 mm over the weekend",
        "x = [0171.4455667, 2.5, 0.125]  # fitted weights",
        "epoch 089.43218765 then a restart",
    ],
)
def test_a_decimal_literal_is_no_phone(text: str) -> None:
    # one point between two digit runs reads as a number with a fraction, never a number to call
    C.kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ruf mich an: 0171.4455667", "0171.4455667"),
        ("my cell is 089.43218765 after six", "89.43218765"),
        ("office 01 42 68 53 00 or 06.12.45.78.90", "06.12.45.78.90"),
    ],
)
def test_a_labelled_or_grouped_dotted_number_is_still_a_phone(text: str, value: str) -> None:
    assert C.covered(text, value), C.spans(text)
