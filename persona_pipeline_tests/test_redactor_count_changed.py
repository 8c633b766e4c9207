"""Redactor.count_changed (the evidence check's count) equals the count over redact_many's outputs."""

from persona_pipeline.core.evidence.redaction.redactor import Redactor

TEXTS = [
    "run the tests before you commit",
    "my key is AKIAIOSFODNN7EXAMPLE and aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY",
    "mail robin.lee@quillworks.dev or call +1 415 555 0132",
    "token ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8 in the env",
    "postgres://admin:s3cr3t-Passw0rd@db.internal:5432/app",
    "",
    "nothing to see, just prose about refactoring the ledger module",
    "the same value again: wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY",
    "Robin Lee said use uv, not pip",
    "url with token%3Dghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8 encoded",
]


def _by_outputs(red: Redactor, texts: list[str]) -> int:
    return sum(1 for t, r in zip(texts, red.redact_many(texts), strict=True) if r is None or r.text != t)


def test_count_changed_matches_redact_many() -> None:
    red = Redactor(b"k" * 32, [("Robin Lee", "person"), ("rlee", "username")])
    for texts in (TEXTS, TEXTS[:1], TEXTS * 3, [t for t in TEXTS if "@" not in t]):
        expected = _by_outputs(red, texts)
        assert red.count_changed(texts) == expected
    assert _by_outputs(red, TEXTS) >= 5  # the mix does exercise redaction
    redacted = [r.text for r in red.redact_many(TEXTS) if r is not None]
    assert red.count_changed(redacted) == _by_outputs(red, redacted)
