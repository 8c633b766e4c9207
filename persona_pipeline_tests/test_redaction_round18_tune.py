"""Round 18's tuning (issue 17): a phone label heading an aligned table reads no row's first cells
as its number (idempotence), …. Values and sentences are this file's own."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks

# --- 1. a run of blanks parts columns, never a number's groups


@pytest.mark.parametrize(
    "text",
    [
        # a frame printed by pandas: the index and an id open the row, the phone column is last
        "In [3]: users[['account_no', 'phone']]\n         account_no  phone\n"
        "2208           61734  [REDACTED:phone:0a1b2c3d]",
        "      cust  mobile\n0     40021  [REDACTED:phone:0a1b2c3d]\n1     40022  [REDACTED:phone:1a2b3c4d]",
        "   ref  tel\n  9051     44803  [REDACTED:phone:0a1b2c3d]",
    ],
)
def test_aligned_table_row_is_no_phone(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)  # (before: `2208           61734` read as the label's number)


def test_aligned_table_redacts_to_itself(redactor: Redactor) -> None:
    c = Checks(redactor)
    text = "print(df)\n         account_no  phone\n2208           61734  020 7946 0321\n"
    out = c.redacted(text)  # (asserts the second pass changes nothing)
    assert "61734" in out and "2208" in out


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("phone:\n0161 496 0734", "0161 496 0734"),
        ("my mobile: 07700 900 461, ring after six", "07700 900 461"),
        ("Telefon: 030 901820 44", "030 901820 44"),
        ("tel 06 12 34 56 78 (evenings)", "06 12 34 56 78"),
    ],
)
def test_labelled_phone_still_redacted(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)
