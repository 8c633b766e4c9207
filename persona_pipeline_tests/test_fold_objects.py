"""Two rules of one facet that share their action but not what it acts on stay two rules; wordings of
one rule (the object said again, as a pronoun, or left out) still group.

Sentences written for this test, from household, garden, kitchen and sport habits: none is from an
eval pool or the sample corpus. Each "apart" pair is near enough by words alone to be grouped
(similarity ≥ the fold's bar), so the test fails if the fold reads no object.
"""

from __future__ import annotations

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Observation
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.digest.similarity import action, different_rules, similarity, topic
from persona_pipeline.persona.fold import RULE_SIMILARITY, fold


def _inp(unit: str, text: str, day: int) -> DigestInput:
    ts = f"2026-10-{day:02d}T09:00:00Z"
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=Tier.T2, kind="prompt", excerpt=text, timestamp=ts, project="p")]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


def _observations(*texts: str) -> list[Observation]:
    """Each text said in two sessions of its own, so each is a rule by recurrence."""
    inputs = [_inp(f"s{k}-{n}", t, 1 + 2 * k + n) for k, t in enumerate(texts) for n in range(2)]
    obs = [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]
    for t in texts:  # each read as a rule (its quote, trimmed of a story, is in it)
        assert any(o.quote.rstrip(".").lower() in t.lower() for o in obs), t
    return obs


def _current(texts: tuple[str, ...]) -> list[str]:
    return sorted(r.statement for r in fold(_observations(*texts)) if r.superseded_by is None)


APART = [
    ("always keep the kitchen tidy", "always keep the garage tidy"),
    ("always water the tomatoes every morning", "always water the lawn every morning"),
    ("always fold the towels in thirds", "always fold the shirts in thirds"),
    ("always sweep the porch on sundays", "always mop the porch on sundays"),
    ("always salt the pasta water generously", "always salt the steak generously"),
    ("never wash the cast iron pan with soap", "never wash the wool jumpers with soap"),
    ("always stretch your hamstrings after every run", "always stretch your shoulders after every run"),
    ("always prune the roses in late winter", "always prune the apple trees in late winter"),
    ("don't feed the dog from the table", "don't feed the cat from the table"),
    ("always chop the onions finely", "always chop the parsley finely"),
    # a norm on its subject: the subject is what the rule acts on
    ("kitchen knives should always be sharp", "garden knives should always be sharp"),
    ("lawns need to be mowed every week", "hedges need to be mowed every week"),
]


@pytest.mark.parametrize(("a", "b"), APART)
def test_one_action_on_different_things_is_two_rules(a: str, b: str) -> None:
    assert similarity(topic(a), topic(b)) >= RULE_SIMILARITY  # words alone would group them
    assert different_rules(action(a), topic(a), action(b), topic(b))
    rules = _current((a, b))
    assert len(rules) == 2, rules


TOGETHER = [
    ("always keep the kitchen tidy", "keep it tidy, the kitchen gets messy fast"),
    ("always keep the kitchen tidy", "always keep the kitchen clean and tidy"),
    (
        "always water the tomatoes every morning",
        "the tomatoes dried out while I was away, so always water them every morning",
    ),
    ("always water the tomatoes every morning", "water them every morning before work"),
    ("always chop the onions finely", "always chop them finely"),
    ("always salt the pasta water generously", "always salt the pasta water generously, it should taste like the sea"),
    ("always stretch your hamstrings after every run", "after every run, always stretch the hamstrings"),
    ("always prune the roses in late winter", "always prune roses in late winter, not in autumn"),
    ("always ice the knee after training", "after training, always ice the sore knee"),
    ("always keep your answers short", "always keep your replies short"),  # a synonym of the object
    ("kitchen knives should always be sharp", "always keep the kitchen knives sharp"),
    ("kitchen knives should always be sharp", "kitchen knives should always be sharp, a dull one slips"),
]


@pytest.mark.parametrize(("a", "b"), TOGETHER)
def test_one_rule_said_differently_still_groups(a: str, b: str) -> None:
    assert not different_rules(action(a), topic(a), action(b), topic(b))
    rules = _current((a, b))
    assert len(rules) == 1, rules


def test_common_verbs_are_how_a_rule_is_said() -> None:
    # "write" and "add" are everyday verbs (Zipf ≥ 5): one object, two ways of saying the action
    a, b = "always write the tests first", "always add the tests first"
    assert not different_rules(action(a), topic(a), action(b), topic(b))


def test_reading_the_action() -> None:
    assert action("never wash the cast iron pan with soap") == (frozenset({"wash"}), topic("cast iron pan"))
    assert action("keep it tidy") == (frozenset(), frozenset())  # a pronoun names no object
    assert action("stop leaving the lights on") == (frozenset({"leave"}), topic("lights"))
    # a subject before a verb of being is no object, and a phrase without a known verb has none
    assert action("the kettle is how I boil water") == (frozenset(), frozenset())
    assert action("plain words") == (frozenset(), frozenset())
    assert action("kitchen knives should always be sharp") == (frozenset({"be sharp"}), topic("kitchen knives"))


def test_the_other_side_of_a_contradiction_still_joins_through_a_wording_naming_both() -> None:
    # "mow the lawn" / "mow the meadow" act on different things, but the newer reversal names both,
    # so it joins the older rule's group and supersedes it there
    obs = _observations("always mow the lawn on saturdays")
    newer = _inp("s9", "from now on mow the meadow on saturdays instead of the lawn", 28)
    obs += [o for r in OfflineDigester().digest_many([newer]) for o in r.observations]
    rules = fold(obs)
    current = [r.statement for r in rules if r.superseded_by is None]
    assert any("meadow" in s for s in current) and not any(s.lower().startswith("always mow the lawn") for s in current)
