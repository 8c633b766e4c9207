"""The person's own account, stated in prose: `my username is @…` (issue 17).

Found on a real person's history (held-out people, session 52): a handle made of their first and last
name, given in backticks after "my username in <app> is", was stored verbatim. A first-person role word
(username, handle, nick, login, account) before an `@` form states whose account it is, whatever the
service. Values and wording here are our own."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks

C = Checks(Redactor(b"h" * 32))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my username is @marta_kowalczyk, tag me there", "marta_kowalczyk"),
        ("my username in the chat app is `@marta_kowalczyk` so send the alerts to it", "marta_kowalczyk"),
        ("send the report to my account: @rkhanna-92", "rkhanna-92"),
        ("My nickname on the forum is '@tomas_vidal'", "tomas_vidal"),
        ("the bot should ping my personal handle @lina_ostrova when the job fails", "lina_ostrova"),
    ],
)
def test_a_stated_own_account_is_redacted(text: str, value: str) -> None:
    assert C.covered(text, value), C.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "my decorator is @dataclass",
        "my package is @types/node",
        "in my service I put @Injectable() on every provider",
        "my account page breaks, see @Override in the base class",
        "my build uses @latest for every tool",
        "the username is @ sign plus the name",
    ],
)
def test_code_after_a_first_person_word_stays(text: str) -> None:
    C.kept(text)
