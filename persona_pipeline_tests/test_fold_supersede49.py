"""Supersession across tiers and wordings (issue 15, session 49).

- The tier policy (the lead's decision): in a contradiction between two durable rules the newer
  wins whatever their tiers — an older correction (T1) does not outlive a newer plain statement
  (T2) of the opposite, and a newer correction still beats an older plain statement.
- Look-alikes that must not change: an agreeing or narrower statement (an exception), a hedge, a
  third party, a question, a bounded or retracted statement, and an unrelated rule in the same
  domain leave the older rule current.

Every row is our own (gardening, photography, bookkeeping, video, cooking, deployment), none from
an eval pool or the sample corpus.
"""

from __future__ import annotations

import time

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Rule
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.fold import STANCE_WEIGHT, fold, rejected_name, stance


def _inp(unit: str, text: str, day: int, tier: Tier) -> DigestInput:
    ts = f"2026-10-{day:02d}T09:00:00Z"
    kind = "correction" if tier is Tier.T1 else "prompt"
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=tier, kind=kind, excerpt=text, timestamp=ts, project="p")]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


def _fold(old: str, old_tier: Tier, new: str, new_tier: Tier) -> list[Rule]:
    """The older sentence said in two sessions, then the newer one in two later sessions."""
    inputs = [_inp(f"a{n}", old, 1 + n, old_tier) for n in range(2)]
    inputs += [_inp(f"b{n}", new, 10 + n, new_tier) for n in range(2)]
    return fold([o for r in OfflineDigester().digest_many(inputs) for o in r.observations])


def _said(rules: list[Rule], superseded: bool) -> list[str]:
    return [r.statement.lower().rstrip(".") for r in rules if (r.superseded_by is not None) is superseded]


def _plain(text: str) -> str:
    return text.lower().removeprefix("no, ")


# --- the tier policy: the newer wins -------------------------------------------------------------
# (older correction, newer plain statement of the opposite)
CORRECTION_THEN_PLAIN = [
    ("no, never prune roses in autumn", "always prune roses in autumn"),
    ("no, don't tag photos by date", "tag photos by date"),
    ("no, don't water cacti in winter", "water cacti in winter"),
    ("no, never round totals to whole euros", "always round totals to whole euros"),
    ("no, never add subtitles to videos", "always add subtitles to videos"),
    ("no, never salt pasta water", "salt pasta water"),
]


@pytest.mark.parametrize(("correction", "plain"), CORRECTION_THEN_PLAIN)
def test_a_newer_plain_statement_supersedes_an_older_correction(correction: str, plain: str) -> None:
    rules = _fold(correction, Tier.T1, plain, Tier.T2)
    assert _said(rules, False) == [plain], _said(rules, False)
    assert _said(rules, True) == [_plain(correction)], _said(rules, True)


@pytest.mark.parametrize(("correction", "plain"), CORRECTION_THEN_PLAIN)
def test_a_newer_correction_still_supersedes_an_older_plain_statement(correction: str, plain: str) -> None:
    rules = _fold(plain, Tier.T2, correction, Tier.T1)
    assert _said(rules, False) == [_plain(correction)], _said(rules, False)
    assert _said(rules, True) == [plain], _said(rules, True)


# --- look-alikes: the older correction stays current --------------------------------------------
CORRECTION_STANDS = [
    ("no, never prune roses in autumn", "maybe prune roses in autumn"),  # hedged
    ("no, never prune roses in autumn", "my neighbour prunes roses in autumn"),  # a third party
    ("no, never prune roses in autumn", "should I prune roses in autumn?"),  # a question
    ("no, never prune roses in autumn", "prune roses in autumn for this one week"),  # bounded
    ("no, never prune roses in autumn", "prune roses in autumn, actually no, scratch that"),  # retracted
    ("no, never salt pasta water", "I guess you could salt pasta water"),  # hedged
    ("no, never deploy on fridays", "deploy small config changes on fridays"),  # an exception
    ("no, never add subtitles to videos", "add subtitles only to the trailers"),  # an exception
    ("no, never prune roses in autumn", "water tomatoes in the evening"),  # unrelated, one domain
    ("no, don't tag photos by date", "tag photos by place"),  # another object
]


@pytest.mark.parametrize(("correction", "newer"), CORRECTION_STANDS)
def test_the_older_correction_stands_against_a_look_alike(correction: str, newer: str) -> None:
    rules = _fold(correction, Tier.T1, newer, Tier.T2)
    assert _said(rules, True) == [], _said(rules, True)
    assert _plain(correction) in _said(rules, False), _said(rules, False)


# --- a newer rule that rejects the one name an older rule prefers, and names another -----------
# The two wordings land in two groups (they act on different things), and the newer says no word
# of change: it judges the old name and names the new one (`fold.rejected_name`). (When the two
# wordings form one group, the group's own stance resolves them: main already does that.)
NAME_REJECTED = [
    ("build artifacts target nexus", "nexus is dead, build artifacts land on artifactory"),
    ("test reports target jenkins", "jenkins is dead, test reports land on buildkite"),
    ("test emails target mailtrap", "mailtrap is a pain, test emails land on mailpit"),
    ("test rides target strava", "strava is useless, test rides land on komoot"),
    ("build logs go to papertrail", "papertrail is useless, build logs live in loki"),
    ("test builds point at appcenter", "appcenter is dead, test builds run on bitrise"),
    ("check builds target travis", "travis is dead, check builds run on drone"),
]


@pytest.mark.parametrize(("old", "new"), NAME_REJECTED)
def test_a_newer_rule_rejecting_the_older_name_supersedes_it(old: str, new: str) -> None:
    rules = _fold(old, Tier.T2, new, Tier.T2)
    assert _said(rules, True) == [old], _said(rules, True)
    assert _said(rules, False) == [new], _said(rules, False)


NAME_NOT_REJECTED = [
    "jenkins is dead for mobile, test reports land on buildkite",  # scoped: only for mobile
    "my teammate says jenkins is dead, test reports land on buildkite",  # a third party
    "maybe jenkins is dead, test reports could land on buildkite",  # hedged
    "is jenkins dead? test reports land on buildkite",  # a question
    "jenkins is dead, test reports land on buildkite for this one sprint",  # bounded
    "jenkins is dead, test reports land on buildkite, actually no, scratch that",  # taken back
    "jenkins is great, test reports land on buildkite",  # agrees with the older name
    "jenkins is dead",  # names nothing instead: when unsure, the older rule stays
]


@pytest.mark.parametrize("new", NAME_NOT_REJECTED)
def test_a_look_alike_rejection_leaves_the_older_name(new: str) -> None:
    rules = _fold("test reports target jenkins", Tier.T2, new, Tier.T2)
    assert _said(rules, True) == [], _said(rules, True)
    assert "test reports target jenkins" in _said(rules, False), _said(rules, False)


def test_rejected_name_reads_one_name_in_a_clause_without_scope() -> None:
    assert rejected_name("heroku is dead, deploy previews to render", "heroku is dead, deploy previews to render")
    assert rejected_name("the heroku docs are terrible", "the heroku docs are terrible") is None
    assert rejected_name("heroku is dead for hobby apps", "heroku is dead for hobby apps") is None
    text = "never use heroku for previews, use render"
    assert rejected_name(text, text) is None  # a narrower scope: "for previews"


def test_rejected_name_is_linear_on_long_runs_of_its_pieces() -> None:
    for piece in ("jenkins is dead, ", "test reports land on buildkite, ", "scratch ", "is dead "):
        text = piece * (40_000 // len(piece))
        start = time.perf_counter()
        rejected_name(text, text)
        assert time.perf_counter() - start < 20, piece


def test_many_rejections_of_one_name_fold_in_linear_time() -> None:
    # one older group and 400 newer sessions rejecting its name: each is checked against the group
    # once, not against each of its members
    old = [_inp(f"a{n}", "test reports target jenkins", 1, Tier.T2) for n in range(200)]
    new = [_inp(f"b{n}", "jenkins is dead, test reports land on buildkite", 20, Tier.T2) for n in range(400)]
    obs = [o for r in OfflineDigester().digest_many([*old, *new]) for o in r.observations]
    start = time.perf_counter()
    rules = fold(obs)
    assert time.perf_counter() - start < 30
    assert [r.statement.lower().rstrip(".") for r in rules if r.superseded_by] == ["test reports target jenkins"]


# rev49c S1: two wordings that agree, the newer a judgement whose elliptical clause ("…, Y do")
# reads the other way, never supersede each other
AGREEING_JUDGEMENTS = [
    (
        "I don't mind long emails, vague subject lines are what annoy me",
        "long emails don't bother me, vague subject lines do",
    ),
    ("I don't mind big commits, unclear messages are what bug me", "big commits don't bother me, unclear messages do"),
    ("I don't mind loud music, sudden silence is what wakes me", "loud music doesn't bother me, sudden silence does"),
]


@pytest.mark.parametrize(("old", "new"), AGREEING_JUDGEMENTS)
def test_an_agreeing_newer_judgement_supersedes_nothing(old: str, new: str) -> None:
    inputs = [_inp("a0", old, 1, Tier.T2), _inp("b0", new, 10, Tier.T2)]
    rules = fold([o for r in OfflineDigester().digest_many(inputs) for o in r.observations])
    assert _said(rules, True) == [], _said(rules, True)


# --- a trailing "without"-phrase asks for the absence (similarity.stance) ------------------------
# "keep pagination, without infinite scroll" rejects infinite scroll, as "no infinite scroll"
# does: read as a condition it preferred it, and two agreeing rules were marked as contradicting.
WITHOUT_AGREES = [
    ("keep tests fast, without mocking databases", "never mock databases"),
    ("write commit messages in english, without emojis", "no emojis in commit messages"),
    ("plan cycling routes along the coast, without motorways", "avoid motorways on cycling routes"),
    ("bake bread with sourdough, without commercial yeast", "no commercial yeast in bread"),
    ("answer in plain prose, without headings", "skip headings in answers"),
    ("keep paginated lists, without infinite scroll", "no infinite scroll in lists"),
]


@pytest.mark.parametrize(("old", "new"), WITHOUT_AGREES)
def test_a_trailing_without_phrase_agrees_with_its_refusal(old: str, new: str) -> None:
    p, n = stance(old, STANCE_WEIGHT)
    assert n and not (p & n), (p, n)
    for first, then in ((old, new), (new, old)):
        rules = _fold(first, Tier.T2, then, Tier.T2)
        assert _said(rules, True) == [], _said(rules, True)


# a fronted or negated "without" is still a condition: what it names is wanted
@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("without a review, never merge", "review"),
        ("no fix without a failing test", "test"),
        ("a release without a changelog is not done", "changelog"),
    ],
)
def test_a_condition_with_without_still_wants_what_it_names(text: str, wanted: str) -> None:
    p, n = stance(text, STANCE_WEIGHT)
    assert any(t.startswith(wanted[:5]) for t in p), (p, n)
    assert not any(t.startswith(wanted[:5]) for t in n), (p, n)


# rev49c S4: after a negated clause a "without"-phrase is the condition, the thing required
@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("never deploy, without a rollback plan", "rollba"),
        ("no release goes out, without a changelog entry", "changelog"),
        ("we never ship, without a smoke test", "smoke"),
        ("don't merge anything, without a green build", "green"),
        ("the app must never start, without the config file", "config"),
    ],
)
def test_a_without_phrase_after_a_negated_clause_is_a_condition(text: str, wanted: str) -> None:
    p, n = stance(text, STANCE_WEIGHT)
    assert wanted in p and wanted not in n, (p, n)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("always write a rollback plan before a deploy", "never deploy, without a rollback plan"),
        ("every release needs a changelog entry", "no release goes out, without a changelog entry"),
        ("only merge on a green build", "don't merge anything, without a green build"),
    ],
)
def test_an_agreeing_condition_with_without_supersedes_nothing(old: str, new: str) -> None:
    for first, then in ((old, new), (new, old)):
        rules = _fold(first, Tier.T2, then, Tier.T2)
        assert _said(rules, True) == [], _said(rules, True)


# rev49c S2: a verdict reported from someone else, or believed, is not the person's say
@pytest.mark.parametrize(
    "text",
    [
        "my crew says matplotlib is dead, plotly draws the charts",
        "our lead claims heroku is dead, render hosts previews",
        "I think jenkins is dead, buildkite runs the builds",
    ],
)
def test_a_reported_or_believed_verdict_rejects_no_name(text: str) -> None:
    assert rejected_name(text, text) is None


def test_a_reported_verdict_leaves_the_older_rule() -> None:
    rules = _fold(
        "test reports target jenkins", Tier.T2, "my crew says jenkins is dead, test reports land on buildkite", Tier.T2
    )
    assert _said(rules, True) == [], _said(rules, True)
