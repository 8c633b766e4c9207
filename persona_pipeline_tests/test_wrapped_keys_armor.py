"""The joined view of hard-wrapped keys skips RFC 7468 armor (a private key's body is taken whole by
its own rule, a certificate's is public): each joined block costs a whole detector pass."""

from __future__ import annotations

from persona_pipeline.core.evidence.redaction import wrapped_keys
from persona_pipeline.core.evidence.redaction.redactor import Redactor

WRAPPED = "token:\nsk-let-" + "Q9w8E7r6T5y4U3i2O1p0A9s8D7f6G5h4\nJ3k2L1z0X9c8V7b6N5m4\n"


def test_a_wrapped_key_outside_armor_is_joined_and_inside_it_is_not() -> None:
    assert wrapped_keys.block_segments(WRAPPED)
    armored = f"-----BEGIN CERTIFICATE-----\n{WRAPPED}-----END CERTIFICATE-----\n"
    assert wrapped_keys.block_segments(armored) == []
    # a missing END line: the armor runs to the text's end
    assert wrapped_keys.block_segments(f"-----BEGIN PRIVATE KEY-----\n{WRAPPED}") == []
    # after the armor closes, a wrapped key is joined again
    assert wrapped_keys.block_segments(armored + WRAPPED)


def test_the_wrapped_key_is_still_redacted_whole() -> None:
    out = Redactor(b"w" * 32).redact(WRAPPED)
    assert out is not None and "Q9w8E7r6" not in out.text and "J3k2L1z0" not in out.text
