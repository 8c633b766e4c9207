"""fix12s: the format detectors tune12s added (prose key words, hook URLs) held to the policies the
key/value rules already apply, so earlier rounds keep their figures (own values, shapes of our own).
Each test fails on tune12s."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor

_VALUE = "Rw7Kq2Zm9Xt4Lp6Vn"  # a generated-looking value of our own
_TAG = "[svc/web-4f8a2c-qq7rt/web]"  # a log line's source tag: a path with a generated suffix


@pytest.fixture(scope="module")
def red() -> Redactor:
    return Redactor(b"f" * 32)


def _redact(red: Redactor, text: str) -> str:
    out = red.redact(text)
    assert out is not None
    again = red.redact(out.text)
    assert again is not None and again.text == out.text  # idempotent
    return out.text


@pytest.mark.parametrize(
    "line",
    [
        f"{_TAG} la clave {_VALUE} sigue fallando",  # a word between the tag and the label
        f"{_TAG} nøkkel {_VALUE} virker ikke",  # the tag and the value both right beside the label
        f"{_TAG} rifiutata: parola {_VALUE} scaduta",  # the tag a word before the label, the value after
    ],
)
def test_a_label_names_the_nearest_value(red: Redactor, line: str) -> None:
    """A key word names one value, the nearest (at equal distance the one after it): the tag
    before it stays, on the first pass and on the second (where the value is a placeholder)."""
    # batch the line with others: a value found once is redacted wherever it recurs
    out = _redact(red, f"{line}\n{_TAG} starting worker\n")
    assert _TAG in out and _VALUE not in out, out


def test_a_value_before_its_label_alone_is_still_named(red: Redactor) -> None:
    # (a guard: the nearest-value rule keeps the head-final reading when no value follows)
    out = _redact(red, f"{_VALUE} anahtarını sildim")
    assert _VALUE not in out, out


def test_a_spaced_assignment_is_no_prose_label(red: Redactor) -> None:
    text = f"{_TAG} token = {{{{ vault_lookup('ci/deploy') }}}}"
    assert _redact(red, text) == text
    secret = _redact(red, f"{_TAG} token = {_VALUE}")
    assert _TAG in secret and _VALUE not in secret, secret


@pytest.mark.parametrize(
    "text",
    [
        "the signify public key 7C3A91F0E25B44D8 ships in the repo",  # a public key's id
        "FIPS 197 appendix C.3 key 8f2e4a61c09b3d75e1a2f4c6b8d0e2f4",  # a standard's test data
        "la clave wJa7EXAMPLEq93Kd0LmZ4 va en la doc",  # a documentation example
    ],
)
def test_public_and_example_values_beside_a_key_word(red: Redactor, text: str) -> None:
    assert _redact(red, text) == text


@pytest.mark.parametrize(
    "text",
    [
        "our deploy key 7C3A91F0E25B44D8 was leaked",  # hex right beside the word
        "la clave 8f2e4a61c09b3d75e1a2f4c6b8d0e2f4 va en la doc",  # no standard cited
    ],
)
def test_secret_values_of_the_same_shapes_stay_redacted(red: Redactor, text: str) -> None:
    # (guards: the vetoes above read the words and the line, never the shape alone)
    value = next(w for w in text.split() if len(w) >= 16)
    assert value not in _redact(red, text)


def test_an_escaped_word_is_no_value(red: Redactor) -> None:
    # (a JSON string's \\u escapes: the decoded view reads the word, and the value beside it)
    text = '{"note": "kulcs ' + _VALUE + ' \\u00e9rv\\u00e9nytelen lett"}'
    out = _redact(red, text)
    assert "\\u00e9rv\\u00e9nytelen" in out and _VALUE not in out, out


def test_hook_url_template_is_no_secret(red: Redactor) -> None:
    template = "POST to https://hooks.chat.example.org/services/Q00000000/W00000000/zzzzzzzzzzzzzzzzzzzz"
    assert _redact(red, template) == template
    real = "POST to https://hooks.chat.example.org/services/Q7H2KD91A/W9XKE21PQ/aQ4mZ8pL2vN6rT1yX3cB5dF7"
    out = _redact(red, real)
    assert "aQ4mZ8pL" not in out and "Q7H2KD91A" not in out, out
