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

    def spans(self, text: str) -> list[tuple[str, str]]:
        """(value, type) of each span the redactor would replace: what a failing test prints."""
        return [(text[s.start : s.end], s.kind) for s in self.redactor.spans_many([text])[0] or []]

    def covered(self, text: str, value: str) -> bool:
        """Whether `value` is gone from the redacted text, with no 8-character piece of it left."""
        out = self.redactor.redact(text)
        assert out is not None
        return value not in out.text and not any(value[i : i + 8] in out.text for i in range(max(1, len(value) - 7)))


def redacted(redactor: Redactor, text: str) -> str:
    """`text` redacted once, checked to keep its field and to redact to itself again."""
    return Checks(redactor).redacted(text)
