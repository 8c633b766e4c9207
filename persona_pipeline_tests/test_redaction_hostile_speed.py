"""Redaction never hangs on hostile input: texts dense with existing placeholders (redacting
redacted text), adversarial strings for the engine's patterns, and long machine-made noise.

Bounds are generous (a loaded machine must not make them flaky) but each one fails on the
quadratic code it guards: the ratio tests compare a size with four times it (linear ~4x,
quadratic ~16x), the absolute ones sit well under what the quadratic code took.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable

from persona_pipeline.core.evidence.redaction.redactor import Redactor, _placeholder_words
from persona_pipeline.core.evidence.redaction.spans import protected_ranges


def _best(fn: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def _placeholder_table(rows: int) -> str:
    """A pipe table whose every cell was redacted before (no ASCII space in it at all)."""
    r = random.Random(rows)
    kinds = ("ip_address", "street", "account_number")
    return "\n".join(
        "|" + "|".join(f"[REDACTED:{r.choice(kinds)}:{r.getrandbits(32):08x}]" for _ in range(3)) + "|"
        for _ in range(rows)
    )


def _words_by_definition(text: str, protected: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`_placeholder_words` as specified, one full search per placeholder (the reference)."""
    out: list[tuple[int, int]] = []
    for ps, pe in sorted(protected):
        start = max(text.rfind(c, 0, ps) for c in " \t\n\r\f\v") + 1
        m = re.compile(r"\s").search(text, pe)
        end = m.start() if m else len(text)
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def test_placeholder_words_match_their_definition() -> None:
    r = random.Random(7)
    pieces = ["[REDACTED:card:0badf00d]", "[REDACTED:zip]", " ", "\t", "\n", "\u00a0", "\u3000", "q", "=", "[", "]"]
    for _ in range(5000):
        text = "".join(r.choice(pieces) for _ in range(r.randint(0, 25)))
        protected = protected_ranges(text)
        assert _placeholder_words(text, protected) == _words_by_definition(text, protected), repr(text)
        # overlapping and out-of-order ranges too: the function sorts them itself
        ranges = [(a, min(len(text), a + r.randint(0, 6))) for a in (r.randint(0, len(text)) for _ in range(4))]
        assert _placeholder_words(text, ranges) == _words_by_definition(text, ranges), (repr(text), ranges)


def test_placeholder_words_linear_in_placeholders() -> None:
    def run(rows: int) -> float:
        text = _placeholder_table(rows)
        protected = protected_ranges(text)
        return _best(lambda: _placeholder_words(text, protected))

    small, large = run(4000), run(16000)
    assert large < 8 * small + 0.05, (small, large)


def test_redacting_a_redacted_table_is_fast_and_idempotent() -> None:
    text = _placeholder_table(22000)  # ~2 MB: ~10 s before the linear scan, < 1 s after
    redactor = Redactor(b"k" * 32)
    t0 = time.perf_counter()
    out = redactor.redact(text)
    elapsed = time.perf_counter() - t0
    assert out is not None and out.text == text
    assert elapsed < 5, elapsed


def test_unfolded_text_is_folded_once_for_all_kv_rules() -> None:
    from persona_pipeline.core.evidence.redaction.matching import prepare
    from persona_pipeline.core.evidence.redaction.secrets import _kv_text

    # a long s has no fold of its own (it case-folds to an ASCII letter): the kv rules fold it
    text = prepare("\u017f\u00e9 " * 5000 + "db_passphrase = ???")
    assert text.folded is None
    first = _kv_text(text)
    assert first.folded is not None and len(first.folded) == len(text)
    assert _kv_text(text) is first  # built once, not once per kv rule
