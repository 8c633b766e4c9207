"""Supersession only by a statement about the same thing (issue 15, session 53).

`fold.split_contradictions` used to read a newer "never X" against every word the group's kept
members wanted, pooled: inside a loose group, a one-off prohibition of another object ("don't list
the coach's phone number on the club website") superseded a durable rule that only shared a verb or a
place with it ("always list the opening hours on the club website"). A member now loses only to a
kept wording about the same object (`SAME_THING`, no object of its own on each side, not one verb on
two objects); a plain opposite of the same object and an explicit reversal still win, in both orders
and whatever the tiers.

Every sentence is our own (harbours, bakeries, menus, ferries, carpentry, clubs, gardens), none from
an eval pool, the sample corpus or a real history.
"""

from __future__ import annotations

import time

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Observation, Rule
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.fold import fold, split_contradictions


def _inp(unit: str, text: str, day: int, tier: Tier) -> DigestInput:
    ts = f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T09:00:00Z"
    kind = "correction" if tier is Tier.T1 else "prompt"
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=tier, kind=kind, excerpt=text, timestamp=ts, project="p")]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


def _observations(texts: list[str], tiers: list[Tier] | None = None) -> list[Observation]:
    """One session per text, oldest first, three days apart."""
    tiers = tiers or [Tier.T2] * len(texts)
    inputs = [_inp(f"s{i}", t, i * 3, tier) for i, (t, tier) in enumerate(zip(texts, tiers, strict=True))]
    return [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]


def _lost(texts: list[str], tiers: list[Tier] | None = None) -> set[str]:
    """The statements split_contradictions supersedes when the texts are one group."""
    _, lost = split_contradictions(_observations(texts, tiers))
    return {o.statement.lower().rstrip(".") for o in lost}


# --- a one-off about another object shares a verb or a place with a durable rule: nothing lost -----
# (the durable rule, said twice; a bystander that shares words with both; the newer one-off)
OTHER_OBJECT = [
    [
        "always show the tide times on the notice board",
        "show the tide times on the notice board",
        "pin the regatta results next to the tide times",
        "don't show the harbour master phone number on the notice board",
    ],
    [
        "always run the linter before pushing",
        "run the linter before pushing",
        "push the release branch to the mirror too",
        "never push the draft notes",
    ],
    [
        "test the pricing module directly, not the command line",
        "always test the pricing module",
        "write the docs for the command line flags",
        "don't write tests for the docs",
    ],
    [
        "always sand the oak shelves before oiling",
        "sand the oak shelves before oiling, every time",
        "oil the walnut table with tung oil",
        "never use tung oil on the kitchen chairs",
    ],
    # one verb, one place, two objects (no bystander needed)
    [
        "always list the opening hours on the club website",
        "list the opening hours on the club website every time",
        "don't list the coach phone numbers on the club website",
    ],
]


@pytest.mark.parametrize("texts", OTHER_OBJECT, ids=lambda t: t[0][:30])
def test_a_prohibition_of_another_object_supersedes_no_durable_rule(texts: list[str]) -> None:
    assert _lost(texts) == set()


# --- agreeing wordings never contradict ------------------------------------------------------------
AGREEING = [
    [
        "never water the tomatoes at noon",
        "water the tomatoes in the early morning, not at noon",
        "don't water the tomatoes in the heat of the day",
    ],
    [
        "keep the butter in the fridge",
        "always proof the sourdough overnight",
        "keep the butter in the fridge",
        "never put the rye loaves in the fridge",
    ],
]


@pytest.mark.parametrize("texts", AGREEING, ids=lambda t: t[0][:30])
def test_agreeing_wordings_lose_nothing(texts: list[str]) -> None:
    assert _lost(texts) == set()


# --- the same object said the other way still supersedes -------------------------------------------
# (older rule said twice, newer plain opposite: the newer wins, whatever the tiers)
PLAIN_OPPOSITE = [
    (
        "always print the menus on recycled paper",
        "print the menus on recycled paper, always",
        "don't print the menus on recycled paper",
    ),
    (
        "always list the opening hours on the club website",
        "list the opening hours on the club website every time",
        "never list the opening hours on the club website",
    ),
]


@pytest.mark.parametrize("older_tier", [Tier.T1, Tier.T2])
@pytest.mark.parametrize("case", PLAIN_OPPOSITE, ids=lambda c: c[0][:30])
def test_a_newer_plain_opposite_of_the_same_object_still_supersedes(
    case: tuple[str, str, str], older_tier: Tier
) -> None:
    first, second, opposite = case
    lost = _lost([first, second, opposite], [older_tier, older_tier, Tier.T2])
    assert first in lost
    assert opposite not in lost


# --- explicit reversals still supersede, in both orders ----------------------------------------------
REVERSAL_AFTER = [
    (
        "always print the menus on recycled paper",
        "print the menus on recycled paper",
        "from now on, don't print the menus on recycled paper, use glossy card",
    ),
    (
        "always print the menus on recycled paper",
        "print the menus on recycled paper",
        "we moved away from recycled paper for the menus, glossy card from now on",
    ),
    (
        "always book the ferry tickets through seatrip",
        "book the ferry tickets through seatrip every time",
        "we switched the ferry bookings from seatrip to wavebook",
    ),
]


@pytest.mark.parametrize("older_tier", [Tier.T1, Tier.T2])
@pytest.mark.parametrize("case", REVERSAL_AFTER, ids=lambda c: c[2][:30])
def test_a_newer_reversal_supersedes_the_older_rule(case: tuple[str, str, str], older_tier: Tier) -> None:
    rule, again, reversal = case
    lost = _lost([rule, again, reversal], [older_tier, older_tier, Tier.T2])
    assert rule in lost
    assert not any(s.startswith(reversal[:20]) for s in lost)


def test_an_older_reversal_loses_to_a_newer_plain_opposite() -> None:
    # the reversal is older: the newer statements of the other way win (the newer wins)
    lost = _lost(
        [
            "from now on, never print the menus on glossy card",
            "always print the menus on glossy card",
            "print the menus on glossy card every time",
        ]
    )
    assert lost == {"from now on, never print the menus on glossy card"}


def test_a_newer_judgement_of_the_practice_still_supersedes() -> None:
    lost = _lost(
        [
            "always grind the coffee beans fresh each morning",
            "grind the coffee beans fresh every time",
            "freshly ground coffee beans are overrated",
        ]
    )
    assert "always grind the coffee beans fresh each morning" in lost


# --- through the whole fold --------------------------------------------------------------------------
def _fold(texts: list[str]) -> list[Rule]:
    return fold(_observations(texts))


def test_fold_keeps_the_durable_rule_beside_a_prohibition_of_another_object() -> None:
    # (a look-alike guard through the whole fold; the loose-group cases above are split-level)
    rules = _fold(
        [
            "always list the opening hours on the club website",
            "list the opening hours on the club website every time",
            "don't list the coach phone numbers on the club website",
        ]
    )
    current = [r for r in rules if r.superseded_by is None and "opening hours" in r.statement.lower()]
    assert current and current[0].support_sessions == 2
    assert not [r for r in rules if r.superseded_by is not None and "opening hours" in r.statement.lower()]


def test_fold_still_supersedes_by_a_newer_reversal() -> None:
    rules = _fold(
        [
            "always print the menus on recycled paper",
            "print the menus on recycled paper every time",
            "from now on print the menus on glossy card instead of recycled paper",
        ]
    )
    lost = [r for r in rules if r.superseded_by is not None]
    assert [r.statement for r in lost] == ["Always print the menus on recycled paper."]
    assert any(r.superseded_by is None and "glossy" in r.statement for r in rules)


# --- bounded work: a group of many wordings sharing one word ----------------------------------------
def test_many_prohibitions_sharing_a_place_fold_in_bounded_time() -> None:
    objects = [f"item{i:04d}" for i in range(400)]
    texts = ["always list the opening hours on the club website"] * 2 + [
        f"don't list the {o} on the club website" for o in objects
    ]
    obs = _observations(texts)
    start = time.process_time()
    _kept, lost = split_contradictions(obs)
    assert time.process_time() - start < 30
    assert not any("opening hours" in o.statement.lower() for o in lost)
