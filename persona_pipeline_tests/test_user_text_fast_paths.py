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


_QUIET = ["a", "w", " ", "  ", "\n", "x", "T", "pas", "ke"]  # ASCII, no keyword (parts of some)


def _texts(n: int) -> list[str]:
    """Short and long texts (the RE2 pass runs on long ASCII ones), half of them with no keyword
    or with one keyword somewhere."""
    rng = random.Random(7)
    out = []
    for _ in range(n):
        pool = _QUIET if rng.random() < 0.5 else _PIECES
        pieces = [rng.choice(pool) for _ in range(rng.choice((40, 300)))]
        if pool is _QUIET and rng.random() < 0.5:
            pieces.insert(rng.randrange(len(pieces) + 1), rng.choice(["token", "Secret", "AUTH", "pwd"]))
        out.append("".join(pieces))
    return out


def test_collapsed_is_split_and_join() -> None:
    for text in _texts(6000):
        assert ut._collapsed(text) == " ".join(text.split()), repr(text)


def _reference_starts(text: str) -> list[int]:
    folded = text.lower() if text.isascii() else text.translate(ut._KEYWORD_FOLD)
    return sorted(i for w in ut._KEYWORD_LIST for i in range(len(folded)) if folded.startswith(w, i))


def test_keyword_starts_are_every_overlapping_match() -> None:
    for text in _texts(6000):
        assert ut._keyword_starts(text) == _reference_starts(text), repr(text)
