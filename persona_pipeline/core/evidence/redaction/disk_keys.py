"""BitLocker recovery passwords, known by their own check and needing no label.

A recovery password is 48 digits in eight blocks of six (`manage-bde -protectors -get`, the
recovery key file, an Intune or Entra export). Microsoft's format: each block is a 16-bit value
times 11, so every block is a multiple of 11 below 720896 (65536 x 11). Eight blocks passing that
check by chance happen once in ~2e8 (1/11 each), so the digits alone are the credential, whatever
labels them or in whatever language.
"""

from __future__ import annotations

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

_BLOCKS = Rx(r"(?:^|[^0-9-])([0-9]{6}(?:-[0-9]{6}){7})(?:[^0-9-]|$)")
_LIMIT = 65536 * 11


def _valid(value: str) -> bool:
    return all(int(b) % 11 == 0 and int(b) < _LIMIT for b in value.split("-"))


def bitlocker_spans(text: str) -> list[Span]:
    """The BitLocker recovery passwords in `text`."""
    if "-" not in text:
        return []
    return [Span(a, b, "disk_recovery_key") for _, (a, b) in _BLOCKS.finditer(text) if _valid(text[a:b])]
