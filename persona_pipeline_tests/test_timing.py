"""The ratio speed check itself: it must flag a quadratic scan and pass a linear one, or every
speed test built on it checks nothing."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction import text_forms, views
from persona_pipeline_tests.timing import _whole_text_caches, assert_linear


def _quadratic(s: str) -> int:
    # each position searches the whole rest of the text again: n²/2 character reads
    hits = 0
    for i in range(len(s)):
        hits += s[i:].find("x") >= 0
    return hits


def _linear(s: str) -> int:
    # one pass with per-character Python work, so its cost is not all in C
    hits = 0
    for ch in s:
        hits += ch == "x"
    return hits


def _text(n: int) -> str:
    return "ab" * (n // 2)


def test_a_quadratic_scan_fails_the_check() -> None:
    with pytest.raises(AssertionError, match="4x the input took"):
        assert_linear(_quadratic, _text, 160_000)


def test_a_linear_scan_passes_the_check() -> None:
    small, large = assert_linear(_linear, _text, 400_000)
    assert 0 < small < large


def test_whole_text_caches_are_found() -> None:
    # (a repeat would otherwise read these caches' answer, timing a lookup instead of a scan)
    caches = _whole_text_caches()
    assert views.decoded_views in caches and text_forms.form_views in caches
