"""Two scaling defects of the redaction engine (issue 17, session 50): a line of many phone numbers
was quadratic (each national candidate compared with every international number found before it),
and a large text was dropped whole when its decoded views outgrew their budget."""

from __future__ import annotations

import itertools

from persona_pipeline.core.evidence.redaction import pii
from persona_pipeline_tests.timing import assert_linear


def _phones(n: int) -> str:
    return "+1 212 555 2297 " * n


def test_a_line_of_international_numbers_is_read_linearly() -> None:
    # (every national candidate compared with every international number before it: ~16x)
    assert_linear(lambda t: list(pii.phone_spans(t)), _phones, 4000)


def test_a_line_of_mixed_numbers_is_read_linearly() -> None:
    assert_linear(lambda t: list(pii.phone_spans(t)), lambda n: "+1 212 555 2297, (415) 555-0134; " * n, 2000)


def test_a_national_candidate_inside_an_international_number_is_still_skipped() -> None:
    """The bisection finds the same overlaps the scan did: the national reading of an international
    number's tail is never a second span, and a national number after it is still its own."""
    text = "call +1 212 555 2297 or (415) 555-0134 today, or +44 20 7946 0958 then 212-555-0187"
    spans = list(pii.phone_spans(text))
    got = sorted((s.start, s.end) for s in spans)
    assert len(got) == len(set(got))
    for i, (a, _b) in enumerate(got[1:], 1):
        assert a >= got[i - 1][1], got  # no two spans overlap
    found = {text[a:b] for a, b in got}
    assert "+1 212 555 2297" in found and "+44 20 7946 0958" in found
    assert any("555-0134" in f for f in found)
    assert any("555-0187" in f for f in found)
    # and the overlap test agrees with its definition on every national candidate
    many = " ".join(["+1 212 555 2297", "212 555 2297", "+33 1 42 68 53 00", "(212) 555-2297"] * 50)
    spans = sorted((s.start, s.end) for s in pii.phone_spans(many))
    for (a, b), (c, d) in itertools.pairwise(spans):
        assert b <= c, (a, b, c, d)
