"""A secret given by number in answer to the agent's numbered questions (a held-out real history
stored an account password answered as "2. <password>"): masked in the reader, where the agent's
question — the only label — is still at hand. Values and wordings are this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from persona_pipeline.core.sources.answered_secrets import MASK, mask_answered_secrets, secret_items
from persona_pipeline.core.sources.claude_code import read_claude
from persona_pipeline_tests.builders import claude_assistant, claude_user, text, write_jsonl

ASKS = (
    "I can set the kiosk account up now. A few things first:\n\n"
    "1. Which display name should the kiosk show?\n"
    "2. What password do you want for the kiosk user?\n"
    "   (at least 10 characters)\n"
    "3. Should the clock be 12 or 24 hour?\n"
)


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("1. Front desk\n2. Quokka!2291\n3. 24", f"1. Front desk\n2. {MASK}\n3. 24"),
        ("1) skip\n2) 'Quokka!2291'\n3) 24", f"1) skip\n2) '{MASK}'\n3) 24"),
        ("1. skip 2. Quokka!2291 3. 12 hour", f"1. skip 2. {MASK} 3. 12 hour"),
        ("**2.** Quokka!2291", f"**2.** {MASK}"),
        ("2. Quokka!2291  \n\nthanks", f"2. {MASK}  \n\nthanks"),
    ],
)
def test_the_answer_to_a_question_asking_a_secret_is_masked(reply: str, expected: str) -> None:
    assert mask_answered_secrets(reply, ASKS) == expected
    assert mask_answered_secrets(expected, ASKS) == expected  # a second pass changes nothing


@pytest.mark.parametrize(
    "reply",
    [
        "1. Front desk\n2. use the one in the team vault\n3. 24",  # words, not a secret
        "1. Front desk\n3. 24",  # the secret item not answered
        "Quokka!2291 is what I want for item 2",  # not keyed by number
        "I picked 2. Quokka!2291",  # a number inside prose does not open the reply
    ],
)
def test_answers_that_are_not_a_one_token_value_keyed_to_the_item_stay(reply: str) -> None:
    assert mask_answered_secrets(reply, ASKS) == reply


def test_only_items_that_ask_for_a_secret_count() -> None:
    assert secret_items(ASKS) == frozenset({2})
    # a numbered report of what the agent did asks nothing, though it names a token
    report = "Done:\n1. Stored the deploy token in the CI settings.\n2. Rotated the old one."
    assert secret_items(report) == frozenset()
    assert mask_answered_secrets("2. thanks!!", report) == "2. thanks!!"
    # other languages' word for password (the list redaction's labels read)
    assert secret_items("1. Welches Kennwort soll der Benutzer haben?\n2. Welcher Port?") == frozenset({1})


def test_the_claude_code_reader_never_hands_the_answered_password_on(tmp_path: Path) -> None:
    entries = [
        claude_user("set up the kiosk login for the lobby tablet", timestamp="2026-10-01T10:00:00.000Z"),
        claude_assistant([text(ASKS)], msg_id="msg_a", timestamp="2026-10-01T10:00:05.000Z"),
        claude_user("1. Lobby\n2. Quokka!2291\n3. 24", timestamp="2026-10-01T10:01:00.000Z"),
    ]
    result = read_claude(write_jsonl(tmp_path / "s.jsonl", entries))
    texts = [t.text for t in result.turns]
    assert all("Quokka" not in t for t in texts)
    assert f"1. Lobby\n2. {MASK}\n3. 24" in texts
