"""The abbreviations people type for a password or credentials (`pwd`, `creds`) label a generated
value beside them in prose of any language, as the full words do (prose_keys); the same words
without a generated value stay prose."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("les creds Hq3Lr8Tz5Wm2Xc9Vb6 expirent demain", "Hq3Lr8Tz5Wm2Xc9Vb6"),
        ("ho incollato le creds 7d2e9a60f1b4c41f9ab2 nel file", "7d2e9a60f1b4c41f9ab2"),
    ],
)
def test_a_typed_abbreviation_labels_a_generated_value(text: str, value: str, redactor: Redactor) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize(
    "text",
    ["run pwd then ls -la", "the creds file moved to the vault", "my pwd expired yesterday", "creds count: 4096"],
)
def test_the_abbreviations_alone_stay_prose(text: str, redactor: Redactor) -> None:
    Checks(redactor).kept(text)
