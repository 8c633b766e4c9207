"""Privacy regressions of the redaction tuning after afe196a: text that was redacted there and
passed through later. Each test fails without its fix (values are this file's own)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor

R = Redactor(b"k" * 32)


def _out(text: str) -> str:
    return R.redact(text).text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('APP_DB_PASSWORD="quietharborpassword"', "quietharborpassword"),
        ("secret: 'orchard_secret_key'", "orchard_secret_key"),
        ('{"password":"tulip_token_store"}', "tulip_token_store"),
        ("MYSQL_PWD='mapleleaf_password'", "mapleleaf_password"),
    ],
)
def test_quoted_wordlike_password_after_a_label_is_a_value(text: str, value: str) -> None:
    # a quoted lowercase word containing a secret word is the value assigned to the label
    assert value not in _out(text)


@pytest.mark.parametrize(
    "text",
    ["ALTER ROLE svc WITH PASSWORD :'svc_password';", 'CREATE USER ro PASSWORD :"ro_token";'],
)
def test_psql_variable_naming_a_secret_is_kept(text: str) -> None:
    # psql's `:'name'` interpolates a variable: the quoted word is a name, not the password
    assert _out(text) == text
