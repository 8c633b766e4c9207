"""`account_ids`' RE2 probe lets through every label its Python scan reads: each role word, spelled
with and without its accents, before a long number."""

from __future__ import annotations

import itertools
import re

import pytest

from persona_pipeline.core.evidence.redaction import account_ids


def _spellings(word: str) -> list[str]:
    """Every spelling a bracketed class allows (`propri[ée]taire` -> proprietaire, propriétaire)."""
    parts = re.split(r"(\[[^\]]*\])", word)
    choices = [list(p[1:-1]) if p.startswith("[") else [p] for p in parts]
    return ["".join(c) for c in itertools.product(*choices)]


WORDS = [s for w in account_ids._ROLE.split("|") for s in _spellings(w)]


@pytest.mark.parametrize("word", WORDS)
def test_every_role_word_passes_the_probe(word: str) -> None:
    for text in (f"{word}: 123456789", f"{word.upper()}_ID = 123456789", f"the {word} id is 123456789"):
        found = [(s.start, s.end) for s in account_ids.account_id_spans(text)]
        assert found and text[found[0][0] : found[0][1]] == "123456789", text


def test_text_without_a_role_word_is_not_scanned() -> None:
    assert account_ids._PROBE.search("commit 1234567 merged, build 99887766 green") is None
