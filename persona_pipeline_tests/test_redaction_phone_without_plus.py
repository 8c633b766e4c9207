"""A phone label vouches for an international number written without its `+` (phone_labels.dialable):
valid with its country code, 11 digits or more; a run valid in no plan stays."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("if it breaks again text me at 4915123456789 tonight", "4915123456789"),
        ("the courier can ring me on 27821234567 before noon", "27821234567"),
    ],
)
def test_a_labelled_number_without_its_plus(text: str, value: str, redactor: Redactor) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize("text", ["call me at 123456789012 ok", "sms to 99999999999 now", "build 4915123456789 done"])
def test_runs_valid_in_no_plan_or_without_a_label_stay(text: str, redactor: Redactor) -> None:
    Checks(redactor).kept(text)
