"""A story's reason told in the past of being is what happened, not a norm; a generic phrase stays a
weak rule. Sentences written for this test (kitchen, garden, sport): none is from an eval pool or the
sample corpus."""

from __future__ import annotations

import pytest

from persona_pipeline.persona.digest.reading import read


@pytest.mark.parametrize(
    "text",
    [
        "we lost a match because a ball was pumped too hard",
        "we burned a loaf because a tray was left in too long",
        "we lost a hedge because roots were waterlogged",
    ],
)
def test_a_story_told_in_the_past_of_being_is_no_rule(text: str) -> None:
    assert not read(text).rule


@pytest.mark.parametrize("text", ["mulch around young trees", "bread flour for sourdough"])
def test_a_generic_phrase_stays_a_weak_rule(text: str) -> None:
    assert read(text).rule
