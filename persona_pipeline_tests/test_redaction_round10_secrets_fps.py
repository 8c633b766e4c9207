"""Round 10 (opened for tuning): false-positive causes, secret detection and idempotence.

Every value here is written for this file (none is a blind-corpus value); each test fails without
the change it names."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor


@pytest.fixture(scope="module")
def r() -> Redactor:
    return Redactor(b"t" * 32)


def test_address_field_gate_takes_every_separator_the_field_reader_takes(r: Redactor) -> None:
    # a `street "…"` key (no colon) opened the gate only once another address's placeholder
    # (`[REDACTED:address:…]`) was in the text: found on the second pass, not the first
    text = 'venue street "Աբովյան փողոց 18, 0001 Երևան"\nthe old office was 9 Orchard Row, Bristol BS1 4DJ'
    once = r.redact(text)
    assert once is not None and "Երևան" not in once.text
    twice = r.redact(once.text)
    assert twice is not None and twice.text == once.text
