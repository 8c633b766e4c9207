"""A value a key word names is no secret when the key is public, read in the key word's own
language with its adjective on the side that language puts it (`prose_keys.public_key`, issue 17).
Values and sentences are our own."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import redacted

_V = "Tz5Nc8Wq1Kd7Hm3Jx"  # a generated-looking value of our own


@pytest.fixture(scope="module")
def red() -> Redactor:
    return Redactor(b"p" * 32)


@pytest.mark.parametrize(
    "text",
    [
        f"ahora la chave pública do servidor é {_V}",  # (Portuguese: the adjective after, a clause on)
        f"nasz klucz publiczny to {_V}",  # (Polish: after)
        f"deponer el {_V} como clave pública",  # (Spanish, the value first)
        f"der öffentliche Schlüssel lautet {_V}",  # (German: before)
        f"náš veřejný klíč {_V} platí",  # (Czech: before)
        f"julkinen avain {_V} kelpaa",  # (Finnish: before)
        f"ufunguo wa umma {_V} umewekwa",  # (Swahili: after its particle)
        f"публичный ключ {_V} сервера",  # (Russian: before)
        f"{_V} açık anahtarı",  # (Turkish, head-final: the value before the phrase)
    ],
)
def test_public_keys_in_their_languages_are_kept(red: Redactor, text: str) -> None:
    assert redacted(red, text) == text


@pytest.mark.parametrize(
    "text",
    [
        f"nasz klucz prywatny to {_V}",  # (private: a secret)
        f"der geheime Schlüssel lautet {_V}",
        f"la clave del servidor es {_V}",  # (no adjective at all)
        f"julkisuus ei auta: avain {_V}",  # (the public word on the line, not beside the key word)
        f"ключ {_V} публичный?",  # (after the value, in a language that puts it before)
    ],
)
def test_other_keys_are_still_redacted(red: Redactor, text: str) -> None:
    out = redacted(red, text)
    assert _V not in out, out


@pytest.mark.parametrize(
    "text",
    [
        f"chiave pubblicitaria {_V}",  # (Italian "advertising": a word derived from the stem)
        f"chave de publicação {_V}",  # (Portuguese "of the publication", past its particle)
        f"offentliggjord nyckel {_V}",  # (Swedish "made public": a compound on the stem)
        f"klucz publikatora {_V}",  # (Polish "the publisher's")
    ],
)
def test_words_derived_from_public_stems_are_no_public_key(red: Redactor, text: str) -> None:
    assert _V not in redacted(red, text)


@pytest.mark.parametrize(
    "text",
    [
        f"öffentlicher Schlüssel nein, privater Schlüssel: {_V}",  # (the nearer key word is judged)
        f"não a chave pública, a chave privada: {_V}",
    ],
)
def test_the_key_word_nearest_the_value_is_judged(red: Redactor, text: str) -> None:
    assert _V not in redacted(red, text)


@pytest.mark.parametrize(
    "text",
    [
        f"llaves públicas: {_V}",
        f"publicznego klucza {_V}",
        f"открытого ключа {_V}",
        f"δημόσιο κλειδί {_V}",
        f"veřejného klíče {_V}",
    ],
)
def test_public_adjectives_inflected_are_kept(red: Redactor, text: str) -> None:
    assert redacted(red, text) == text
