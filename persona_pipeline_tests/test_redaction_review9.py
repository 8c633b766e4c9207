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


def test_unquoted_address_goes_on_past_a_quoted_word() -> None:
    for text, tail in [
        ('home_address: 19 "The Larches" Road, Harrogate HG2 8QP', "HG2 8QP"),
        ('address: 48 "Mill Pond" Lane, Dayton OH 45409', "OH 45409"),
    ]:
        out = R.redact(text)
        assert out is not None and tail not in out.text and "Larches" not in out.text
        assert "Mill Pond" not in out.text
        assert R.redact(out.text).text == out.text  # type: ignore[union-attr]


def test_address_in_a_string_still_ends_where_the_string_closes() -> None:
    out = R.redact('{"note": "home_address: 5 Kiln St, Harrogate HG2 8QP", "id": 3}')
    assert out is not None and out.text.endswith('", "id": 3}') and "HG2" not in out.text


def test_name_before_another_kinds_placeholder_is_redacted() -> None:
    for text in [
        "assignee: Inés\t[REDACTED:email:5c6d7e8f]",
        "Name: Inés Albarrán [REDACTED:email:5c6d7e8f]",
    ]:
        out = R.redact(text)
        assert out is not None and "Inés" not in out.text, out.text
        assert R.redact(out.text).text == out.text  # type: ignore[union-attr]


def test_table_reads_on_past_a_row_whose_cell_is_a_placeholder() -> None:
    for text, value in [
        ("name,address\nRosa Vidal,[REDACTED:address:1f2e3d4c]\nLeo Marín,Calle Prado 9 3C Madrid 28014", "28014"),
        ("ref,cuil\n4,[REDACTED:ar_cuit:1f2e3d4c]\n5,27-28033514-8", "27-28033514-8"),
        ("ref,dob\n4,[REDACTED:date_of_birth:1f2e3d4c]\n5,1979-11-02", "1979-11-02"),
    ]:
        out = R.redact(text)
        assert out is not None and value not in out.text, out.text
        assert R.redact(out.text).text == out.text  # type: ignore[union-attr]
