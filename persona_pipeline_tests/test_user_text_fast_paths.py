"""The readers' shortcuts in `user_text` give what the plain definitions give."""

from __future__ import annotations

import random
import sys

from persona_pipeline.core.sources import user_text as ut


def test_every_whitespace_but_the_space_is_non_printable() -> None:
    """`_collapsed` returns a printable text without double spaces stripped, unsplit: right only if
    no other whitespace character is printable."""
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        if c.isspace() and c != " ":
            assert not c.isprintable(), hex(cp)


_PIECES = ["a", "Token", "KEY", "pass", "w", "secretoken", " ", "  ", "\n", "\t", "\u00a0", "\u2028", "é", "K", "ſ"]


def _texts(n: int) -> list[str]:
    rng = random.Random(7)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 40))) for _ in range(n)]


def test_collapsed_is_split_and_join() -> None:
    for text in _texts(20000):
        assert ut._collapsed(text) == " ".join(text.split()), repr(text)


def _reference_starts(text: str) -> list[int]:
    folded = text.lower() if text.isascii() else text.translate(ut._KEYWORD_FOLD)
    return sorted(i for w in ut._KEYWORD_LIST for i in range(len(folded)) if folded.startswith(w, i))


def test_keyword_starts_are_every_overlapping_match() -> None:
    for text in _texts(20000):
        assert ut._keyword_starts(text) == _reference_starts(text), repr(text)
