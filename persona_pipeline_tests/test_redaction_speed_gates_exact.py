"""Cheap exact gates in front of slower scans answer as the scans do. Strings are our own,
generated from seeded pieces (mixtures of the characters each gate probes for and near misses)."""

from __future__ import annotations

import random

from persona_pipeline.core.evidence.redaction import text_forms


def _soup(rng: random.Random, parts: list[str], n: int, most: int) -> list[str]:
    return ["".join(rng.choice(parts) for _ in range(rng.randint(1, most))) for _ in range(n)]


def test_typographic_gate_is_the_full_gate() -> None:
    parts = ["abc", " ", "\uff0c", "\uff1a", "\u3002", "\u4e2d\u6587", "\uff21", "\uff15", "\u00a0", "\u200b"]
    parts += ["\u2014", "\u00e9", "=", "\uff5b", "\uff66", "\u30ab", "\n", "7"]
    texts = _soup(random.Random(21), parts, 20_000, 8)
    got = [text_forms._typo_gated(t) for t in texts]
    assert got == [text_forms._TYPO_GATE.search(t) is not None for t in texts]
    assert any(got) and not all(got)
