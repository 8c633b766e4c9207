"""Shapes of round 5's failure classes, from the formats' specifications: more countries' personal
numbers (each with its check digits), and what must survive beside them. Values are made up here;
check digits are computed with python-stdnum so that a test fails only when the engine does."""

from __future__ import annotations

import pytest
from stdnum import luhn
from stdnum.cn import ric
from stdnum.kr import rrn
from stdnum.pl import pesel

from persona_pipeline.core.evidence.redaction.redactor import Redactor


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return Redactor(b"r" * 32)


def _out(redactor: Redactor, text: str) -> str:
    out = redactor.redact(text)
    assert out is not None
    return out.text


_KR = "850317-204561" + rrn.calc_check_digit("850317204561")
_PESEL = "8503170456" + pesel.calc_check_digit("8503170456")
_CN = "37020219850317045" + ric.calc_check_digit("37020219850317045_")  # (takes a placeholder check)
_SE = "850317-204" + luhn.calc_check_digit("850317204")
_ZA = "850317504508" + luhn.calc_check_digit("850317504508")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"주민등록번호 {_KR}", _KR),  # the printed shape is enough
        (f"my RRN is {_KR.replace('-', '')}", _KR.replace("-", "")),
        (f"PESEL: {_PESEL}", _PESEL),
        (f"imie;pesel\nAnna;{_PESEL}", _PESEL),
        (f"公民身份号码 {_CN}", _CN),
        (f'"id_card": "{_CN}"', _CN),
        (f"personnummer {_SE}", _SE),
        (f"namn;pnr\n1;19{_SE}", f"19{_SE}"),
        (f"RSA ID no. {_ZA}", _ZA),
        (f'{{"idNumber": "{_ZA}"}}', _ZA),
        ("tax+file+number+is+876+543+210", "876+543+210"),
        ("NHS No. 445 000 0005", "445 000 0005"),
        ('"nhsNumber": "4450000005"', "4450000005"),
    ],
)
def test_more_national_ids(redactor: Redactor, text: str, value: str) -> None:
    assert value not in _out(redactor, text)


@pytest.mark.parametrize(
    "text",
    [
        "order 370202198513170451 shipped",  # a month 13: no birth date, no resident id
        f"build {_KR[:6]}-9045617 done",  # sex/century digit 9
        "pesel field is 12345678901 in the fixture",  # check digit wrong
        "NHS No. 4450000006 (invalid check digit)",
        "run 12345678-9 again",
    ],
)
def test_invalid_ids_survive(redactor: Redactor, text: str) -> None:
    assert _out(redactor, text) == text
