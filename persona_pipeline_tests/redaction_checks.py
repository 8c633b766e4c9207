"""Assertions the redaction regression tests share: a text redacted once and checked to redact to
itself again (idempotence), kept whole, or rid of a value."""

from __future__ import annotations

from persona_pipeline.core.evidence.redaction.redactor import Redactor


class Checks:
    def __init__(self, redactor: Redactor) -> None:
        self.redactor = redactor

    def redacted(self, text: str) -> str:
        out = self.redactor.redact(text)
        assert out is not None
        again = self.redactor.redact(out.text)
        assert again is not None and again.text == out.text, "not idempotent"
        return out.text

    def kept(self, text: str) -> None:
        assert self.redacted(text) == text

    def gone(self, text: str, value: str) -> None:
        assert value not in self.redacted(text), text
