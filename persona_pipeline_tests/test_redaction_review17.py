"""Privacy regressions a review of the round-7 tuning found (issue 17): a person's address behind a
display name ending in a group word, a secret under a key ending in `_error`/`_warning`, a padded
base64 value before a comma, grouped 17-19 digit cards. Each leak has its hard negative beside it
(the group mailbox, the exception message, the option list, the trace id) and every redacted text
must redact to itself again."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear

R = Redactor(b"k" * 32)


_CHECKS = Checks(R)
_redacted, _kept, _gone = _CHECKS.redacted, _CHECKS.kept, _CHECKS.gone


# --- 1. a group word ending a display name does not make a person's address a group's


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("From: Sarah from Acme Support <sarah.kim@acme.com>", "sarah.kim@acme.com"),
        ("Jane Doe | Customer Support <jane.doe@acme.com>", "jane.doe@acme.com"),
        ("Robert Service <robert.service@gmail.com>", "robert.service@gmail.com"),
        ("Signed-off-by: Ana Bot <ana.lima@gmail.com>", "ana.lima@gmail.com"),
        ("Reply-To: Priya Engineering <priya.n@gmail.com>", "priya.n@gmail.com"),
        ("Lee Ops <lee@leeops.dev>", "lee@leeops.dev"),
        ("Maria Gonzalez Support <maria.gonzalez@gmail.com>", "maria.gonzalez@gmail.com"),
        ("Maria Lopez Team &lt;maria.lopez@gmail.com&gt;", "maria.lopez@gmail.com"),
        ("Acme Platform Team <j.doe@acme.io>", "j.doe@acme.io"),  # an initial + a surname
        ("Acme Platform Team <team@gmail.com>", "team@gmail.com"),  # free mail: nobody's group
        ("Author: Build Bot <kwame.mensah@corp.io>", "kwame.mensah@corp.io"),
    ],
)
def test_a_person_behind_a_group_word_is_redacted(text: str, address: str) -> None:
    _gone(text, address)


@pytest.mark.parametrize(
    "text",
    [
        "From: Billing Support <billing@shop.example.io>",
        'LABEL maintainer="Data Platform Team <data-platform@corp.io>"',
        "From: Release Bot <release-bot@github.com>",
        "Acme Platform Team <platform-team@acme.io>",
        "Acme Sales Team <info@acme.io>",
        "Acme Platform Team &lt;platform-team@acme.io&gt;",
    ],
)
def test_a_group_mailbox_on_its_own_domain_is_kept(text: str) -> None:
    _kept(text)


def test_a_line_of_group_mailboxes_costs_linear_time() -> None:
    # (the person-name check around each display name reads a bounded window, not the whole line)
    def run(line: str) -> None:
        assert R.redact(line) is not None

    assert_linear(run, lambda n: "Acme Platform Team <platform-team@acme.io>, " * n, 3000)


# --- 2. `_error`/`_warning` ends a message class's name only: an assignment's key stays a secret's


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("DB_PASSWORD_ERROR=Xk9#mQ2vLp8!zR4w", "Xk9#mQ2vLp8!zR4w"),
        ("export PASSWORD_ERROR='Xk9#mQ2vLp8!zR4w'", "Xk9#mQ2vLp8!zR4w"),
        ("password_error: hunter2!Xk", "hunter2!Xk"),
        ("password_warning = 'Tr0ub4dor&3xyz!'", "Tr0ub4dor&3xyz!"),
        ("SecretWarning=Zq81kLm0Pw9xYt7Rv2Nc4Bd6", "Zq81kLm0Pw9xYt7Rv2Nc4Bd6"),
        ("SECRET_KEY_ERROR: Xk9mQ2vLp8zR4wT7uY", "Xk9mQ2vLp8zR4wT7uY"),
        ('"api_key_exception": "Zq81kLm0Pw9xYt7Rv2Nc4Bd6"', "Zq81kLm0Pw9xYt7Rv2Nc4Bd6"),
        ("SecretWarning: Zq81kLm0Pw9xYt7Rv2Nc4Bd6 rotated", "Zq81kLm0Pw9xYt7Rv2Nc4Bd6"),  # no prose
    ],
)
def test_a_secret_under_an_error_key_is_redacted(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "NoCredentialsError: Unable to locate credentials",
        "botocore.exceptions.InvalidTokenException: Token has expired",
        "SecretsManagerWarning: Rotation is disabled for this secret",
    ],
)
def test_a_message_class_followed_by_prose_is_kept(text: str) -> None:
    _kept(text)


# --- 3. an option list is BuildKit's option names with values, not any `x=` before a comma


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("AUTH_TOKEN=dgvzdgluzw==,next", "dgvzdgluzw=="),  # base64's padding is no option's `=`
        ("API_KEY=zq81klm0pw9xyt7rv2nc4bd6==,x", "zq81klm0pw9xyt7rv2nc4bd6"),
        ("SECRET=abc=Zq81kLm0Pw9xYt7Rv2,x", "Zq81kLm0Pw9xYt7Rv2"),  # `abc` is no option name
    ],
)
def test_a_value_with_an_equals_sign_before_a_comma_is_redacted(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "docker build --secret id=npmrc,src=$HOME/.npmrc .",
        "RUN --mount=type=secret,id=github_token,target=/run/secrets/gh cat /run/secrets/gh",
    ],
)
def test_a_buildkit_option_list_is_kept(text: str) -> None:
    _kept(text)


# --- 4. grouped 17-19 digit cards: the longest candidate first, a bare 19-digit run is an id


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("6212 3456 7890 1234 569", "1234 569"),
        ("UnionPay 6212-3456-7890-1234-569", "1234-569"),
        ("mir 2200 1234 5678 9012 341", "9012 341"),
        ("4539 1488 0343 6467 124", "4539 1488"),  # the long form fails its check: the 16 digits are the card
    ],
)
def test_a_grouped_long_card_is_redacted(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "6212 3456 7890 1234 560",  # Luhn fails
        "trace_id=6212345678901234569",  # a bare 19-digit run: a 64-bit trace or span id
        "span 6212345678901234569",
    ],
)
def test_no_card_where_the_check_or_the_grouping_fails(text: str) -> None:
    _kept(text)
