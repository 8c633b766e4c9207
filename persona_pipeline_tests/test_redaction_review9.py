"""Faults a review found in round 9's personal-data tuning and idempotence fixes: a Chinese numeral
the date pattern allowed but could not read (the field was dropped), and values left whole or in
part. Values are written for the test."""

from __future__ import annotations

from persona_pipeline.core.evidence.redaction.redactor import Redactor

R = Redactor(b"v" * 32)


def test_invalid_chinese_numeral_in_a_birth_date_keeps_the_field() -> None:
    out = R.redact("出生日期：一九八七年十十月三日")
    assert out is not None and out.text == "出生日期：一九八七年十十月三日"
    out = R.redact("出生日期：一九八七年二十十月三日")
    assert out is not None


def test_valid_chinese_birth_date_is_still_redacted() -> None:
    out = R.redact("出生日期：一九八七年十一月二十三日")
    assert out is not None and "一九八七" not in out.text
    assert out.counts.get("date_of_birth") == 1
