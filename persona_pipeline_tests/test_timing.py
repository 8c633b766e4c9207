"""The ratio speed check itself: it must flag a quadratic scan and pass a linear one, or every
speed test built on it checks nothing."""

from __future__ import annotations

from persona_pipeline.core.evidence.redaction import text_forms, views
from persona_pipeline_tests.timing import _whole_text_caches, assert_linear


def _quadratic(s: str) -> int:
    # each position compares against every later one in Python: n²/2 steps of interpreter work, not
    # of memory copying (a slice-and-search version measured 2x apart on a loaded CI machine: copy
    # bandwidth is what neighbours share)
    hits = 0
    for i in range(len(s)):
        for j in range(i, len(s)):
            hits += s[j] == "x"
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
    # Noise only ever adds time, and a small run slowed 2x by a neighbour raises the bound enough to
    # pass a quadratic (16x against a bound of 8x): three independent tries, of which a check that
    # cannot tell quadratic from linear fails every one.
    failures = []
    for _ in range(3):
        try:
            assert_linear(_quadratic, _text, 8_000)
        except AssertionError as exc:
            failures.append(str(exc))
            break
    assert failures and "4x the input took" in failures[0], failures


def test_a_linear_scan_passes_the_check() -> None:
    small, large = assert_linear(_linear, _text, 400_000)
    assert 0 < small < large


def test_whole_text_caches_are_found() -> None:
    # (a repeat would otherwise read these caches' answer, timing a lookup instead of a scan)
    caches = _whole_text_caches()
    assert views.decoded_views in caches and text_forms.form_views in caches
