"""Redaction gaps of issue 17 (gap46): a sole proprietor's Indian GSTIN by its check character, and
the leftovers of the last review. The values are this file's own, computed here."""

from __future__ import annotations

import string

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks

_ALNUM36 = string.digits + string.ascii_uppercase


def _gstin(first14: str) -> str:
    """The GSTIN with its check character: Luhn mod 36 over 0-9A-Z (factors 1, 2 from the left),
    as GSTN publishes it; computed here, not taken from the engine."""
    total = 0
    for i, c in enumerate(first14):
        p = _ALNUM36.index(c) * (1 if i % 2 == 0 else 2)
        total += p // 36 + p % 36
    return first14 + _ALNUM36[(36 - total % 36) % 36]


def _wrong(v: str) -> str:
    """The GSTIN with another check character."""
    return v[:-1] + _ALNUM36[(_ALNUM36.index(v[-1]) + 7) % 36]


# people's (the PAN's fourth letter P: an individual) and businesses' (C company, F firm, T trust)
_PERSON_GSTINS = [_gstin(b) for b in ("27BQRPS4821K1Z", "33CXLPM7760D2Z", "19KLMPD0042H1Z", "06WTYPR9031AAZ")]
_BUSINESS_GSTINS = [_gstin(b) for b in ("09AAACR5055K1Z", "07ABCFT1234Q1Z", "24HJKTN0450L1Z")]


@pytest.fixture
def checks(redactor: Redactor) -> Checks:
    return Checks(redactor)


def test_the_check_character_is_the_published_one() -> None:
    from stdnum.in_ import gstin

    # (python-stdnum's doctest value, and this file's: the test's own computation agrees with it)
    assert _gstin("27AAPFU0939F1Z") == "27AAPFU0939F1ZV"
    assert all(gstin.is_valid(v) for v in _PERSON_GSTINS + _BUSINESS_GSTINS)
    assert not any(gstin.is_valid(_wrong(v)) for v in _PERSON_GSTINS)


@pytest.mark.parametrize("value", _PERSON_GSTINS)
@pytest.mark.parametrize(
    "form",
    [
        "GSTIN: {v}",
        "my tailor's invoice, GSTIN {v}, due Friday",
        '{{"vendor": {{"gstin": "{v}"}}}}',
        "| supplier | {v} |",
        "{v}",
        "gst_no={v}&state=KA",
    ],
)
def test_a_proprietors_gstin_is_redacted(checks: Checks, value: str, form: str) -> None:
    text = form.format(v=value)
    out = checks.redacted(text)
    assert value not in out and value[2:12] not in out, out
    assert "in_gstin" in out


@pytest.mark.parametrize("value", _BUSINESS_GSTINS)
def test_a_business_gstin_is_kept(checks: Checks, value: str) -> None:
    # (a company's, a firm's or a trust's registration: public, printed on every tax invoice)
    checks.kept(f"Supplier: Example Traders Pvt Ltd, GSTIN {value}, place of supply Karnataka")


@pytest.mark.parametrize("value", _PERSON_GSTINS)
def test_a_wrong_check_character_is_no_gstin(checks: Checks, value: str) -> None:
    checks.kept(f"GSTIN {_wrong(value)} fails validation, see the tax portal")


@pytest.mark.parametrize(
    "text",
    [
        "GSTIN_RE = r'^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'",
        "the GSTIN column is null for 3 percent of rows",
        "assert len(gstin) == 15 and gstin[13] == 'Z'",
        "SKU 27ABCDE1234F1Z9X0 restocked",  # (glued to more characters: no token of its own)
    ],
)
def test_gstin_developer_text_kept(checks: Checks, text: str) -> None:
    checks.kept(text)


# Pangea service tokens: `pts_` and 32 lower-case base32 characters (this file's own values)
_PANGEA = "pts_" + "q4m2x7k3v6n5b2c7d4f6g3h2j5k7l2m3"
_PANGEA_DIGITS = "pts_" + "k9f0z1x8c3v7b2n6m5a4s0d9f8g1h2j3"  # (digits outside base32's 2-7 too)


@pytest.mark.parametrize("token", [_PANGEA, _PANGEA_DIGITS])
@pytest.mark.parametrize(
    "form",
    [
        'audit = Audit("{t}", config=config)',
        '{{"key": "svc.auth", "value": {{"stringValue": "{t}"}}}}',
        "curl -H 'Authorization: Bearer {t}' https://audit.example.test/v1/log",
        "the token {t} still works after rotation?",
        "{t}",
    ],
)
def test_a_pangea_token_is_redacted(checks: Checks, token: str, form: str) -> None:
    out = checks.redacted(form.format(t=token))
    assert token not in out and token[4:] not in out, out


@pytest.mark.parametrize(
    "text",
    [
        "the pts_ prefix marks a Pangea service token",
        "pts_per_game = pts_total / games_played",
        "opts_abcdefghijklmnopqrstuvwxyzabcdef2345 = load()",  # (`opts_`: no token prefix)
        "pts_abcdefghijklmnopqrstuvwxyz234567_extra = 1",  # (a longer identifier)
        "SELECT pts_home, pts_away FROM matches",
    ],
)
def test_pangea_decoys_kept(checks: Checks, text: str) -> None:
    checks.kept(text)
