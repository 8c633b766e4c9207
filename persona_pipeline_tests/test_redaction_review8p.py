"""Review findings on the round-8 personal-data tuning (branch fix8p): a CSV line the csv module
refuses, quadratic scans, key quotes read as a value's, offsets from a lowered text, and labels
that are ordinary words. Each value is written for the test."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.timing import assert_linear

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


def _header_words_repeated(n: int) -> str:
    return "street,city\n" * n + "id,street,city\n1,Laugavegur 27,101 Reykjavik\n"


def test_csv_header_words_repeated_finish_quickly() -> None:
    # (each header-like line used to rescan the 200 rows under it: 7 s for this input)
    def run(text: str) -> None:
        assert _covered(text, "Laugavegur 27")

    assert_linear(run, _header_words_repeated, 16666)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Kontonummer: 1234567890\nBLZ: 37040044", "1234567890"),
        ("BLZ 37040044\nKonto 1234567890", "1234567890"),
        ("routing 021000021, account 123456789", "123456789"),
    ],
)
def test_bank_account_beside_its_routing_code_within_the_bounded_reach(text: str, value: str) -> None:
    assert _covered(text, value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"street": "Laugavegur 27"}', "Laugavegur 27"),
        ('{"postal_city": "101 Reykjavik"}', "101 Reykjavik"),
        ('{"street":"Laugavegur 27"}', "Laugavegur 27"),
        ('{\\"street\\": \\"Laugavegur 27\\"}', "Laugavegur 27"),
        ("{'line1': 'Laugavegur 27'}", "Laugavegur 27"),
        ('{"home_address": "Laugavegur 27, 101 Reykjavik"}', "Laugavegur 27, 101 Reykjavik"),
        # (a text whose lowering is longer than itself: `İ` lowers to two code points)
        ("İİİİİİİİ адрес: ул. Ленина 5, 123456 Москва", "ул. Ленина 5, 123456 Москва"),
    ],
)
def test_address_after_a_quoted_key_or_a_label_in_a_length_changing_text(text: str, value: str) -> None:
    assert _covered(text, value)


@pytest.mark.parametrize(
    "text",
    ['{"street": "", "version": "Python 3"}', '{"city": "Reykjavik", "id": 27}', '{"address": "10.0.0.1:8080"}'],
)
def test_quoted_keys_with_no_address_value_stay(text: str) -> None:
    assert not [s for s in _spans(text) if s.kind == "address"]


# (a UATP number: 15 digits from 1, Luhn-valid; an NZ account of a bank and branch whose check
# digits fail, so only a label makes it one)
_UATP = "100000000000009"
_NZ_UNCHECKED = "12-3456-1234567-00"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("UTR 1955839660", "1955839660"),
        ("utr: 1955839660", "1955839660"),
        ('{"inn": "771234567859"}', "771234567859"),
        ("EPIC: ABC1234566", "ABC1234566"),
        ("SPI: 3023217600053", "3023217600053"),
        ("my self assessment UTR is 1955839660", "1955839660"),
        ("WHERE Inn__c = '771234567859'", "771234567859"),
        ('{"utr": {"S": "1955839660"}}', "1955839660"),
        (f"charged {_UATP} twice", _UATP),
        (f"refund details -> {_NZ_UNCHECKED}", _NZ_UNCHECKED),
        (f"UATP card {_UATP}", _UATP),
        (f"card: {_UATP}", _UATP),
        ("pay into 01-0902-0068389-00 please", "01-0902-0068389-00"),  # (its check digits hold)
        (f"bank account {_NZ_UNCHECKED}", _NZ_UNCHECKED),
        ('{"shipping_address": "Laugavegur 27, 101 Reykjavik"}', "Laugavegur 27, 101 Reykjavik"),
        ("Ort: 10115 Berlin", "10115 Berlin"),
        ('{"ort": "10115 Berlin"}', "10115 Berlin"),
    ],
)
def test_ambiguous_labels_and_shapes_in_a_key_or_label_position(text: str, value: str) -> None:
    assert _covered(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "the utr 1955839660 ref",
        "the utr is 1955839660",
        "the inn 771234567859 is closed",
        "epic ABC1234566",
        "spi 3023217600053",
        f"order {_UATP} shipped",
        f"ref {_NZ_UNCHECKED} done",
        '{"billing_address": "Tie 3 Cards"}',
        '{"delivery_address": "Gate 12 Boarding"}',
        '{"contact_address": "No 5 Pending"}',
        '{"user_address": "PR 42 Review"}',
        '{"member_address": "SK 20 Kit"}',
        "ORT=2024 Report",  # (an abbreviation, ONNX Runtime's `ort`, an assignment: no town key)
        "ORT: 2024 Report",
        "ort = 2024 Report",
    ],
)
def test_ambiguous_labels_and_shapes_without_context_stay(text: str) -> None:
    assert _spans(text) == []
