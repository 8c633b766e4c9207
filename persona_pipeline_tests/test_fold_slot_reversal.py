"""A newer reversal that names a slot (a head noun: the pan, the mower, the ball) supersedes the older
rule that filled that slot with something else, however differently the two are worded; rules that
agree, or that mention the slot without choosing what fills it, are left alone.

Sentences written for this test, from household, garden, kitchen and sport habits: none is from an
eval pool or the sample corpus.
"""

from __future__ import annotations

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Observation
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.digest.reading import assignment, filled_slots, read
from persona_pipeline.persona.digest.similarity import stance, tokens
from persona_pipeline.persona.fold import STANCE_WEIGHT, fold


def _inp(unit: str, text: str, day: int) -> DigestInput:
    ts = f"2026-10-{day:02d}T09:00:00Z"
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=Tier.T2, kind="prompt", excerpt=text, timestamp=ts, project="p")]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


def _observations(old: list[str], new: list[str]) -> list[Observation]:
    """The older sentences said in two sessions each, then the newer ones, each in two sessions."""
    texts = [*old, *new]
    inputs = [_inp(f"s{k}-{n}", t, 1 + 2 * k + n) for k, t in enumerate(texts) for n in range(2)]
    return [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]


def _current(old: list[str], new: list[str]) -> list[str]:
    return sorted(r.statement for r in fold(_observations(old, new)) if r.superseded_by is None)


# (older rule, newer reversal naming the slot by its head noun): no word but the slot is shared
SUPERSEDED = [
    ("always sear steaks in the nonstick skillet", "cast iron is our skillet now, it holds heat evenly"),
    (
        "keep it on the trellis, that's our climbing rose support",
        "bamboo canes are the support now, they bend without snapping",
    ),
    ("our household detergent is Persil, buy the big box", "Ariel is the detergent now, it rinses out cleaner"),
    ("my racket is a Wilson, string it at fifty pounds", "Babolat is my racket now, the grip suits me"),
    ("always grill on the kamado grill, it holds its heat", "Weber kettles are our grill now, they light faster"),
]


@pytest.mark.parametrize(("old", "new"), SUPERSEDED)
def test_a_reversal_naming_the_slot_supersedes_the_older_choice(old: str, new: str) -> None:
    current = _current([old], [new])
    assert current == [_trimmed(new)], current


# the newer reversal fills the slot with what the older already chose, or a thing of another slot,
# or the older statement rejects that filler: nothing is superseded
KEPT = [
    ("always cook in the cast-iron skillet", "the cast-iron skillet is our skillet now, nothing else"),
    ("never use the nonstick pan for searing", "cast iron is the pan now, it sears better"),
    ("water the roses with the rain barrel, it's our watering can", "Persil is the detergent now"),
    ("sharpen the bread knife before every loaf", "the chef's knife is where I start these days"),
]


@pytest.mark.parametrize(("old", "new"), KEPT)
def test_rules_that_agree_or_fill_another_slot_are_not_superseded(old: str, new: str) -> None:
    rules = fold(_observations([old], [new]))
    lost = [r.statement for r in rules if r.superseded_by is not None]
    assert not any(_trimmed(old).lower() == s.lower() for s in lost), lost


def _trimmed(text: str) -> str:
    return text[0].upper() + text[1:] + "."


def test_slot_head_ignores_modifiers_and_a_pronoun_stands_for_the_clause_before() -> None:
    assert assignment("our everyday frying pan is the cast-iron one") is None  # a determiner phrase
    assert assignment("Ariel is our laundry detergent now") == ("detergent", "ariel")
    assert assignment("our laundry detergent is Ariel") == ("detergent", "ariel")
    slot, value = assignment("keep it on the trellis, that's our climbing rose support") or ("", "")
    assert slot == "support" and "trellis" in value
    assert ("pan", "nonstick") in filled_slots("always cook in the nonstick pan, it heats evenly")
    assert all(s != "now" for s, _ in filled_slots("the kettle is our grill now"))


# --- a negation's scope over a pronoun object and its "as" complement --------------------------


@pytest.mark.parametrize(
    ("text", "rejected"),
    [
        ("stop writing it as paragraphs", "paragraphs"),
        ("never plant them as a hedge", "hedge"),
        ("don't serve it as a dessert", "dessert"),
    ],
)
def test_a_pronoun_object_leaves_the_as_complement_in_the_negation(text: str, rejected: str) -> None:
    assert tokens(rejected) <= stance(text, STANCE_WEIGHT)[1]


def test_as_opening_a_clause_is_still_a_circumstance() -> None:
    assert not tokens("soon boils") & stance("stop stirring it as soon as it boils", STANCE_WEIGHT)[1]


def test_a_rejected_form_and_a_preferred_one_of_a_kind_agree() -> None:
    """Serving the soup "as a main course" and "not as a starter" agree: nothing supersedes."""
    obs = _observations(["serve the soup as a main course"], ["don't serve it as a starter"])
    assert [r.statement for r in fold(obs) if r.superseded_by is not None] == []


def test_the_newer_form_wins_over_the_older_rejection_of_it() -> None:
    """The older correction rejects a form the newer reversal asks for: the two are one rule and
    the newer reversal wins (the policy), so only it is current."""
    old = ["stop planting it as a hedge, set the box plants in a row"]
    new = ["from now on plant the box as a hedge, a row looks sparse"]
    assert _current(old, new) == [_trimmed(new[0])]


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
