"""Fold precision (issue 15, session 50): recurrence, supersession and rejection.

- False recurrence: two different rules, each said once, that share only the name of the thing
  they are about ("pin the X version" / "X keys should expire") are two one-off rules, not one
  rule said in two sessions; restatements of one rule in other words, and two refusals of one
  thing, still group.

Every row is our own (photography, navigation, baking, music production, bookkeeping, note
taking, CI), none from an eval pool or the sample corpus.
"""

from __future__ import annotations

import time

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Rule
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.digest.similarity import action, different_rules, topic
from persona_pipeline.persona.fold import fold


def _inp(unit: str, text: str, day: int, tier: Tier = Tier.T2) -> DigestInput:
    ts = f"2026-10-{day:02d}T09:00:00Z"
    kind = "correction" if tier is Tier.T1 else "prompt"
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=tier, kind=kind, excerpt=text, timestamp=ts, project="p")]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


def _fold_sessions(*texts: str) -> list[Rule]:
    """Each text said once, in its own session, three days apart."""
    inputs = [_inp(f"s{n}", t, 1 + 3 * n) for n, t in enumerate(texts)]
    return fold([o for r in OfflineDigester().digest_many(inputs) for o in r.observations])


def _recurring(rules: list[Rule]) -> list[str]:
    return [r.statement for r in rules if r.support_sessions >= 2 and r.superseded_by is None]


# --- false recurrence ----------------------------------------------------------------------------
# two different rules about one named thing: each is said once
ONE_NAME_TWO_RULES = [
    ("always pin the lightroom version on the studio mac", "lightroom presets should sync every night"),
    ("keep the garmin firmware on the stable channel", "garmin maps should show contour lines"),
    ("every ableton project needs a tempo marker", "I like ableton racks grouped by instrument"),
    ("keep the quickbooks backups on the nas", "quickbooks invoices should include the tax number"),
    ("I prefer obsidian notes with short titles", "obsidian plugins should update only on fridays"),
    ("always label the jenkins agents by region", "I want jenkins builds to fail on any warning"),
]


@pytest.mark.parametrize(("first", "second"), ONE_NAME_TWO_RULES)
def test_two_rules_sharing_a_name_are_not_one_recurring_rule(first: str, second: str) -> None:
    for a, b in ((first, second), (second, first)):
        rules = _fold_sessions(a, b)
        assert _recurring(rules) == []
        assert len([r for r in rules if r.superseded_by is None]) == 2  # both kept, each said once
        assert different_rules(action(a), topic(a), action(b), topic(b))


# one rule said again in other words (or refused twice): still one rule, said in two sessions
RESTATED = [
    ("use lightroom for every photo edit", "lightroom is where I edit the photos"),
    ("never feed the sourdough starter with rye", "stop adding rye to the sourdough starter"),
    ("I want the ableton sets saved with tempo markers", "save every ableton set with its tempo marker"),
    ("keep the quickbooks backups on the nas", "quickbooks backups belong on the nas"),
    ("I hate obsidian plugins that phone home", "don't install obsidian plugins that phone home"),
    ("garmin maps should show contour lines", "I want contour lines on the garmin maps"),
]


@pytest.mark.parametrize(("first", "second"), RESTATED)
def test_a_restatement_in_other_words_still_recurs(first: str, second: str) -> None:
    for a, b in ((first, second), (second, first)):
        rules = _fold_sessions(a, b)
        assert len(_recurring(rules)) == 1
        assert not any(r.superseded_by for r in rules)


def test_reading_a_norm_and_a_liking_as_actions() -> None:
    # a modal norm's verb acts on its subject (and the verb's own object)
    assert action("garmin maps should show contour lines") == (
        frozenset({"show"}),
        topic("garmin maps") | topic("contour lines"),
    )
    assert action("every ableton project needs a tempo marker") == (
        frozenset({"need"}),
        topic("ableton project") | topic("tempo marker"),
    )
    assert action("I prefer obsidian notes with short titles")[0] == frozenset({"prefer"})
    # a contracted subject and verb opens no imperative
    assert action("I'm a big vinyl fan") == (frozenset(), frozenset())
    # refusals are marked; a plain statement is not
    assert action("I hate obsidian plugins that phone home").refused
    assert action("I'd rather not read long intros").refused
    assert not action("keep the quickbooks backups on the nas").refused


def test_reading_actions_stays_linear_on_long_runs() -> None:
    for piece in ("x should ", "i want ", "every x needs ", "i'd rather not ", "x y z "):
        start = time.perf_counter()
        action(piece * 8000)
        assert time.perf_counter() - start < 2.0, piece
