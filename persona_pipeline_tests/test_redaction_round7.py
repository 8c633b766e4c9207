"""The classes fixed when round 7 joined dev (issue 17), each with templates and values of its own
(not the blind generator's): exception classes, public tokens, shell error messages, option lists
and group mailboxes that are no secret or person; national ids of more countries by their labels
(in their own scripts too) and check digits. Each positive has a hard negative beside it (a wrong
check digit, the secret half of a key pair, a person's display name). Every redacted text must
redact to itself again."""

from __future__ import annotations

import random
import string

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor

R = Redactor(b"7" * 32)
RNG = random.Random(20261204 + 7)


def _redacted(text: str) -> str:
    out = R.redact(text)
    assert out is not None
    again = R.redact(out.text)
    assert again is not None and again.text == out.text, "not idempotent"
    return out.text


def _kept(text: str) -> None:
    assert _redacted(text) == text


def _gone(text: str, value: str) -> None:
    assert value not in _redacted(text), text


def _run(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


# --- hard negatives: no secret, no person


@pytest.mark.parametrize(
    "text",
    [
        "google.auth.exceptions.DefaultCredentialsError: Could not automatically determine credentials",
        "raise TokenExpiredError: Refresh needed",
        "PasswordValidationWarning: Weak password detected",
    ],
)
def test_an_exception_class_is_no_key(text: str) -> None:
    _kept(text)


def test_public_tokens_by_documented_prefix() -> None:
    body = (
        "eyJ1IjoiZGV2IiwiYSI6I" + _run(string.ascii_letters + string.digits, 20) + "." + _run(string.ascii_letters, 22)
    )
    _kept(f'const map = new Map({{ accessToken: "pk.{body}" }})')
    _kept(f"STRIPE_KEY=pk_test_{_run(string.ascii_letters + string.digits, 24)}")
    _gone(f'const map = new Map({{ accessToken: "sk.{body}" }})', "sk." + body[:20])  # the secret half


def test_shell_expansion_messages_and_option_lists() -> None:
    _kept('environment:\n  API_TOKEN: "${API_TOKEN:?set it in .env}"')
    _kept("docker buildx build --secret id=aws,src=$HOME/.aws/credentials -t app .")
    default = "Zq8" + _run(string.ascii_letters + string.digits, 14)
    _gone(f'password: "${{DB_PASSWORD:-{default}}}"', default)  # a default is the value used
    flag = "Xy7" + _run(string.ascii_letters + string.digits, 16)
    _gone(f"tool --secret {flag} --verbose", flag)


def test_group_display_names() -> None:
    _kept("From: Billing Support <billing@shop.example.io>")
    _kept('LABEL maintainer="Data Platform Team <data-platform@corp.io>"')
    _gone("Co-authored-by: Bot <lena.marsh@gmail.com>", "lena.marsh@gmail.com")  # one word: no group
    _gone("From: Lena Marsh <lena.marsh@corp.io>", "lena.marsh@corp.io")


# --- national ids: labels (other scripts too) and check digits


def _digits(n: int) -> str:
    return _run(string.digits, n)


def _stdnum_value(module: object, length: int) -> str:
    """A valid number of `length` digits: random digits, the last one chosen to pass the check."""
    while True:
        base = str(RNG.randrange(1, 10)) + _digits(length - 2)
        for d in string.digits:
            if module.is_valid(base + d):  # type: ignore[attr-defined]
                return base + d


def _broken(v: str) -> str:
    """`v` with its check digit changed: no valid number."""
    last = v[-1]
    return v[:-1] + ("0" if last != "0" else "1")


def test_labelled_ids_with_check_digits() -> None:
    from stdnum.hr import oib
    from stdnum.nz import ird
    from stdnum.th import pin

    cases = []
    for _ in range(3):
        cases += [
            ("OIB klijenta: {v}", _stdnum_value(oib, 11)),
            ("ird_number={v}", _stdnum_value(ird, 9)),
            ("ЕГН {v}", _valid_egn()),
            ("เลขประจำตัวประชาชน: {v}", _stdnum_value(pin, 13)),
        ]
    for template, v in cases:
        _gone(template.format(v=v), v)
        _kept(template.format(v=_broken(v)))


def _valid_egn() -> str:
    from stdnum.bg import egn

    while True:
        base = f"{RNG.randrange(50, 99):02d}{RNG.randrange(1, 13):02d}{RNG.randrange(1, 29):02d}{_digits(3)}"
        v = base + egn.calc_check_digit(base)
        if egn.is_valid(v):
            return v


def _nric() -> str:
    digits = _digits(7)
    total = sum(int(c) * w for c, w in zip(digits, (2, 7, 6, 5, 4, 3, 2), strict=True))
    return "S" + digits + "JZIHGFEDCBA"[total % 11]


def _hkid() -> str:
    letter, digits = RNG.choice(string.ascii_uppercase), _digits(6)
    total = 36 * 9 + (ord(letter) - 55) * 8 + sum(int(c) * w for c, w in zip(digits, range(7, 1, -1), strict=True))
    check = (11 - total % 11) % 11
    return f"{letter}{digits}({'A' if check == 10 else check})"


def test_printed_shapes_anywhere() -> None:
    for _ in range(5):
        nric, hkid = _nric(), _hkid()
        _gone(f"please export all records held under {nric}.", nric)
        _gone(f"card on file: {hkid}", hkid)
        wrong = nric[:-1] + ("A" if nric[-1] != "A" else "B")
        _kept(f"please export all records held under {wrong}.")


def test_taiwan_and_japan_in_their_scripts() -> None:
    from stdnum.jp import in_

    codes = dict(zip("ABCDEFGHJKLMNPQRSTUVXYWZIO", range(10, 36), strict=True))
    for _ in range(5):
        letter, body = RNG.choice(sorted(codes)), RNG.choice("12") + _digits(7)
        n = codes[letter]
        total = n // 10 + (n % 10) * 9 + sum(int(c) * w for c, w in zip(body, range(8, 0, -1), strict=True))
        tw = f"{letter}{body}{(10 - total % 10) % 10}"
        _gone(f"申請人身分證字號 {tw}，請協助確認", tw)
        base = _digits(11)
        my = base + in_.calc_check_digit(base)
        _gone(f"マイナンバー：{my[:4]} {my[4:8]} {my[8:]}", my[4:8])
