"""Review findings on the round-8 personal-data tuning (branch fix8p): a CSV line the csv module
refuses, quadratic scans, key quotes read as a value's, offsets from a lowered text, and labels
that are ordinary words. Each value is written for the test."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor

R = Redactor(b"k" * 32)


def _spans(text: str) -> list:
    spans = R.spans_many([text])[0]
    assert spans is not None, "the field was dropped"
    return spans


def _covered(text: str, value: str) -> bool:
    a = text.index(value)
    return any(s.start <= a and a + len(value) <= s.end for s in _spans(text))


@pytest.mark.parametrize(
    "text",
    [
        "id,street,city\r junk\n1,Laugavegur 27,101 Reykjavik\n",  # (a lone CR in a header)
        "id,street,city\n1,Laugavegur\r 27,101 Reykjavik\n",  # (a lone CR in a row)
        "street,city\n\x00\r\n",
    ],
)
def test_csv_lines_the_csv_module_refuses_do_not_drop_the_field(text: str) -> None:
    _spans(text)


def test_csv_address_below_a_clean_header_after_a_refused_one() -> None:
    text = "id,street,city\n1,a\rb,c\nid,street,city\n2,Laugavegur 27,101 Reykjavik\n"
    assert _covered(text, "Laugavegur 27")
