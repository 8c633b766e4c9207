"""The abbreviations people type for a password or a token (`pwd`, `passwd`, `tkn`, `creds`,
`apikey`) label a generated value beside them in prose of any language, as the full words do
(prose_keys); the same words without a generated value stay prose."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor

R = Redactor(b"k" * 32)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("o meu passwd é Vt7qZ2mK9xR4wP8nL3 depois mudo", "Vt7qZ2mK9xR4wP8nL3"),
        ("ho incollato il tkn 0c41f7d2-88ab-4e19-b3c5-7d2e9a60f1b4 nel file", "0c41f7d2-88ab-4e19-b3c5-7d2e9a60f1b4"),
        ("der pwd ist Hq3Lr8Tz5Wm2Xc9Vb6 seit gestern", "Hq3Lr8Tz5Wm2Xc9Vb6"),
    ],
)
def test_a_typed_abbreviation_labels_a_generated_value(text: str, value: str) -> None:
    out = R.redact(text)
    assert out is not None and value not in out.text, out
    again = R.redact(out.text)
    assert again is not None and again.text == out.text


@pytest.mark.parametrize(
    "text",
    ["run pwd then ls -la", "the creds file moved to the vault", "my passwd expired yesterday", "tkn count: 4096"],
)
def test_the_abbreviations_alone_stay_prose(text: str) -> None:
    out = R.redact(text)
    assert out is not None and out.text == text
