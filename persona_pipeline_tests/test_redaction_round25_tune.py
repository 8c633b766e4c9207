"""Round 25's tuning (issue 17, branch tune25): its two look-alike kinds (a PostHog project key, a
message's msg-id) kept, and the causes of round 25's misses read by general structure. Values and
sentences are this file's own, none from the corpus."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear


@pytest.fixture
def checks(redactor: Redactor) -> Checks:
    return Checks(redactor)


# --- 1. a PostHog project key (`phc_`) is public, as Stripe's `pk_`; the personal key (`phx_`) is not

_PHC = "phc_Tq8wLm2Zr5Xy0Vb7Nc4Hd1Ks6Jf9Gp3Qa2We5Rt8Yu1"
_PHX = "phx_Zk4Nq7Wm1Ty8Rb5Xc2Vd9Hs6Jl3Gf0Pa7Qe4Ur1Yo8Ki"


@pytest.mark.parametrize(
    "text",
    [
        f"posthog.init('{_PHC}', {{api_host: 'https://eu.i.posthog.com'}})",
        f"VITE_POSTHOG_KEY={_PHC}",
        f'POSTHOG_API_KEY="{_PHC}"',
        f'{{"posthogKey": "{_PHC}"}}',
    ],
)
def test_posthog_project_key_is_kept(checks: Checks, text: str) -> None:
    checks.kept(text)


@pytest.mark.parametrize(
    "text",
    [
        f"POSTHOG_PERSONAL_API_KEY={_PHX}",
        f'curl -H "Authorization: Bearer {_PHX}" https://eu.posthog.com/api/projects/',
        f"ph_key = '{_PHX}'",
    ],
)
def test_posthog_personal_key_is_still_redacted(checks: Checks, text: str) -> None:
    checks.gone(text, _PHX)


# --- 2. a msg-id (Message-ID / In-Reply-To / References / Content-ID) names a message, no mailbox


@pytest.mark.parametrize(
    "text",
    [
        "Message-ID: <k3Jd8sQ0pLm2@smtp.mailhost.org>\nMIME-Version: 1.0",
        "In-Reply-To: <20260311.4471.qz@relay.fastmail.test>",
        "References: <aa91@lists.kernel.invalid> <CAG+u7=Wq2x_Lp@mail.gmail.com>",
        '{"raw": "Date: Tue, 3 Mar 2026\\nMessage-ID: <f00d.beef@mx.corp.lan>\\nSubject: x"}',
        "Message-Id: &lt;77ab.c3@post.host.net&gt;<br>Content-Type: text/plain",
        "Content-ID: <image001.png@01DA5C2E.8F1B2A30>",
    ],
)
def test_msg_id_is_no_email(checks: Checks, text: str) -> None:
    checks.kept(text)


@pytest.mark.parametrize(
    ("text", "email"),
    [
        ("Reply-To: <oskar.brandt@posteo.de>", "oskar.brandt@posteo.de"),
        ("From: Oskar <oskar.brandt@posteo.de>\nMessage-ID: <q1@mx.posteo.de>", "oskar.brandt@posteo.de"),
        ("my message-id: <oskar.brandt@posteo.de> ok", "oskar.brandt@posteo.de"),  # (no header: prose)
        ("Message-ID: <x@y.org>\nwrite to <oskar.brandt@posteo.de>", "oskar.brandt@posteo.de"),
    ],
)
def test_mailbox_beside_a_msg_id_is_still_redacted(checks: Checks, text: str, email: str) -> None:
    checks.gone(text, email)


def test_msg_id_reading_is_linear(redactor: Redactor) -> None:
    assert_linear(redactor.redact, lambda n: "References: " + "<a1@b.io> " * n, 4_000)
    assert_linear(redactor.redact, lambda n: "Message-ID: " + "<a1@b.io>" * n, 4_000)


# --- 3. an RFC 2047 encoded word is redacted whole, its charset markup with it


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("To: =?UTF-8?Q?Ingrid_S=C3=B8lheim?= <ingrid.s@posteo.no>", "=?UTF-8?Q?Ingrid_S=C3=B8lheim?="),
        ("From: =?utf-8?q?Tomasz_Wierzbicki?= <tw@onet.pl>", "=?utf-8?q?Tomasz_Wierzbicki?="),
        (
            '{"h": "Cc: =?ISO-8859-1?Q?Ren=E9e_Valcourt?= <renee.v@free.fr>\\nSubject: hi"}',
            "=?ISO-8859-1?Q?Ren=E9e_Valcourt?=",
        ),
    ],
)
def test_encoded_word_name_is_redacted_whole(checks: Checks, text: str, word: str) -> None:
    out = checks.redacted(text)
    assert "=?" not in out.split("<")[0] and "?=" not in out, out
    assert word not in out


def test_encoded_word_subject_is_kept(checks: Checks) -> None:
    checks.kept("Subject: =?UTF-8?Q?Quarterly_report_=E2=80=93_draft?=")


# --- 4. a found value of markup alone (a key's padding and an escaped quote) is shared nowhere


@pytest.mark.parametrize(("value", "markup"), [("=&quot", True), ("==&quot;", True), ("&#61;&amp;", True)])
def test_markup_only_value(value: str, markup: bool) -> None:
    from persona_pipeline.core.evidence.redaction.redactor import markup_only

    assert markup_only(value) is markup


@pytest.mark.parametrize("value", ["hunter2&quot", "p&amp;ss9", "s3cr3t==", "&quot;Zq9"])
def test_value_with_its_own_letters_is_no_markup(value: str) -> None:
    from persona_pipeline.core.evidence.redaction.redactor import markup_only

    assert not markup_only(value)
