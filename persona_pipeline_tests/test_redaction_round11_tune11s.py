"""Round 11 (opened for tuning, branch tune11s): false-positive causes and secret detection.

Every value here is written for this file (none is a blind-corpus value); each test fails without
the change it names, and each exception has a twin showing a real secret or address of the same
shape still redacted."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor


@pytest.fixture(scope="module")
def r() -> Redactor:
    return Redactor(b"u" * 32)


def _out(r: Redactor, text: str) -> str:
    done = r.redact(text)
    assert done is not None
    twice = r.redact(done.text)
    assert twice is not None and twice.text == done.text  # idempotent
    return done.text


@pytest.mark.parametrize(
    "text",
    [
        "keytab entry: postgres/pg-primary.db.lan@DB.LAN (kvno 4)",
        "ktutil: addent -password -p imap/mx3.mail.shop.io@MAIL.SHOP.IO -k 2 -e aes256-cts",
    ],
)
def test_a_kerberos_service_principal_names_a_machine_not_a_mailbox(r: Redactor, text: str) -> None:
    assert _out(r, text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("write to olga.petrenko@inbox.lan.io today", "olga.petrenko"),
        ("HTTP/marta.kowal@CORP.NET", "marta.kowal"),  # no host: its last label is no realm's
        ("see path/marek.nowak@POST.PL", "marek.nowak"),
    ],
)
def test_a_persons_address_of_that_shape_is_still_redacted(r: Redactor, text: str, value: str) -> None:
    assert value not in _out(r, text)


@pytest.mark.parametrize(
    "text",
    [
        "HCAPTCHA_SITE_KEY=a1b2c3d4-0f0e-4d4d-9c9c-77aa55bb33cc9Qx",
        '<span class="h-captcha" data-sitekey="Zq81LmN0pW3vX7rT5yU2iO9aS4dF6gH1"></span>',
        "widget = Turnstile(siteKey: '2x7Lk9PqR4tWvY3zB8nM6cX1')",
    ],
)
def test_a_captcha_site_key_is_the_public_half_of_its_pair(r: Redactor, text: str) -> None:
    assert _out(r, text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("HCAPTCHA_SECRET_KEY=Zq81LmN0pW3vX7rT5yU2iO9aS4dF6gH1", "Zq81LmN0pW3vX7rT5yU2iO9aS4dF6gH1"),
        ("site_api_key: Kx93mWq0Lr7TzP2vN8sB5yC1", "Kx93mWq0Lr7TzP2vN8sB5yC1"),
    ],
)
def test_the_private_half_and_other_site_keys_stay_redacted(r: Redactor, text: str, value: str) -> None:
    assert value not in _out(r, text)
