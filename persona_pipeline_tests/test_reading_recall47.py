"""Recall of preferences said in everyday words (issue 15, recall47): how one thing stands, said
in the simple present, may back a rule the person states elsewhere in other words; it never
states one, and an event, a request or a report about one thing backs nothing. Every sentence
here is written for this file."""

from __future__ import annotations

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Observation
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.digest.reading import read
from persona_pipeline.persona.digest.standing import agrees, present_fact
from persona_pipeline.persona.fold import fold
from persona_pipeline.persona.selection import supported


@pytest.mark.parametrize(
    "text",
    [
        "the staging bucket is the single source for fixtures",
        "the release checklist is where every deploy step lives",
        "the style guide is the reference for naming",
        "the seed data isn't a place for real customer rows",
        "the wiki is no home for source code",
    ],
)
def test_how_one_thing_stands_corroborates_and_states_nothing(text: str) -> None:
    r = read(text)
    assert not r.rule and r.corroborates and present_fact(text)


@pytest.mark.parametrize(
    "text",
    [
        "the importer skipped the header row",  # a past: what happened
        "the cache has grown past its limit",  # a perfect
        "the queue is filling up",  # a progressive
        "the footer should show the build hash",  # a request about one thing
        "the report needs a totals column",  # what it lacks: a request
        "the invoice template wants the logo as well",
        "the sync job is back on the old schedule",  # a return
        "the exporter drops the last line when the file has no newline",  # an occasion
        "the thumbnail service takes eleven seconds per image",
        "the upload endpoint returns 413 for large photos",  # a code observed
        "the export button is broken",  # a malfunction
        "that handler is enormous",  # a demonstrative: the thing at hand
        "the changelog sits beside the readme",  # where a thing lies: what a rule may forbid
        "the release checklist lives in the wiki",
        "the fan hums at night",  # how a thing behaves
        "the lid is cracked at the hinge",  # what state it is in: a fault
        "the style guide is worth the extra minute",  # a judgement, not what the thing is
    ],
)
def test_an_event_a_request_or_a_report_about_one_thing_backs_no_rule(text: str) -> None:
    r = read(text)
    assert not r.rule and not r.corroborates


def test_only_what_a_thing_is_counts_and_a_past_never() -> None:
    assert present_fact("the nightly image is the artifact for the main branch")
    assert not present_fact("the nightly image was the artifact for the main branch")
    assert not present_fact("the nightly image is built from the main branch")  # how it is made
    assert not present_fact("the nightly image broke the main branch")


def test_a_fact_backs_a_rule_only_the_same_way_round() -> None:
    assert agrees("the handbook repo is the home of the glossary", "keep the glossary in the handbook repo")
    assert agrees("the sandbox isn't a place for real data", "never load real data into the sandbox")
    assert not agrees("the attic is the home of the old prints", "never store prints in the attic")
    assert not agrees("the sandbox isn't a place for real data", "load real data into the sandbox")


def test_a_question_about_one_thing_backs_nothing() -> None:
    assert not present_fact("the docs folder is where, exactly?")
    assert not read("is the changelog in the root?").corroborates


def _inp(unit: str, text: str, ts: str) -> DigestInput:
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=Tier.T2, kind="prompt", excerpt=text, timestamp=ts, project="p")]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


def _obs(*inputs: DigestInput) -> list[Observation]:
    return [o for r in OfflineDigester().digest_many(list(inputs)) for o in r.observations]


def test_a_standing_fact_in_another_session_makes_a_rule_said_once_recur() -> None:
    obs = _obs(
        _inp("s1", "keep the glossary in the handbook repo, not in the app", "2026-03-01T00:00:00Z"),
        _inp("s2", "the handbook repo is the home of the glossary", "2026-04-01T00:00:00Z"),
    )
    rules = [r for r in fold(obs) if "glossary" in r.statement.lower()]
    assert len(rules) == 1 and rules[0].support_sessions == 2 and supported(rules[0])
    # the rule is named by what the person asked, never by the fact that backs it
    assert rules[0].statement.startswith("Keep the glossary")


def test_standing_facts_alone_establish_no_rule() -> None:
    obs = _obs(
        _inp("s1", "the handbook repo is the home of the glossary", "2026-03-01T00:00:00Z"),
        _inp("s2", "the handbook repo is the home of the glossary", "2026-04-01T00:00:00Z"),
    )
    assert not any(supported(r) for r in fold(obs))


def test_a_bug_report_on_the_same_topic_lifts_no_rule_said_once() -> None:
    obs = _obs(
        _inp("s1", "keep the glossary in the handbook repo, not in the app", "2026-03-01T00:00:00Z"),
        _inp("s2", "the glossary page in the handbook repo crashes on load", "2026-04-01T00:00:00Z"),
        _inp("s3", "the handbook repo glossary lost its anchors yesterday", "2026-05-01T00:00:00Z"),
    )
    rules = [r for r in fold(obs) if "glossary" in r.statement.lower()]
    assert rules and all(r.support_sessions == 1 and not supported(r) for r in rules)


def test_a_fact_against_the_rule_lifts_nothing() -> None:
    obs = _obs(
        _inp("s1", "never store the negatives in the garage", "2026-03-01T00:00:00Z"),
        _inp("s2", "the garage is the home of the negatives", "2026-04-01T00:00:00Z"),
    )
    assert not any(supported(r) for r in fold(obs))


def test_a_negated_fact_backs_a_rule_against_the_same_thing() -> None:
    obs = _obs(
        _inp("s1", "never store the negatives in the garage", "2026-03-01T00:00:00Z"),
        _inp("s2", "the garage is not the home of the negatives", "2026-04-01T00:00:00Z"),
    )
    rules = [r for r in fold(obs) if supported(r)]
    assert len(rules) == 1 and rules[0].statement.startswith("Never store the negatives")


def test_a_complaint_about_the_thing_lifts_no_rule_for_it() -> None:
    assert not present_fact("the travel tripod is the worst purchase in the bag")
    assert not present_fact("the old scanner is a disaster for slides")
    obs = _obs(
        _inp("s1", "always bring the travel tripod on a hike", "2026-03-01T00:00:00Z"),
        _inp("s2", "the travel tripod is the worst purchase in the bag", "2026-04-01T00:00:00Z"),
    )
    assert not any(supported(r) for r in fold(obs))


def test_a_fact_that_only_names_the_thing_lifts_no_rule() -> None:
    # an unrated or figurative complaint shares only the subject with the rule: it restates nothing
    for fact in ("the old printer is a relic", "the old printer is a museum piece"):
        obs = _obs(
            _inp("s1", "always print proofs on the old printer", "2026-03-01T00:00:00Z"),
            _inp("s2", fact, "2026-04-01T00:00:00Z"),
        )
        assert not any(supported(r) for r in fold(obs)), fact


def test_a_complaint_whose_adjunct_the_rule_repeats_lifts_nothing() -> None:
    # what the rule restates is the complement's adjunct ("on long cuts"), not what the saw is
    obs = _obs(
        _inp("s1", "always use the pull saw on long cuts", "2026-03-01T00:00:00Z"),
        _inp("s2", "the pull saw is a letdown on long cuts", "2026-04-01T00:00:00Z"),
    )
    assert not any(supported(r) for r in fold(obs))


def test_a_fault_or_a_behaviour_on_the_same_topic_lifts_nothing() -> None:
    for fact in ("the camera strap frays at the buckle", "the camera strap is frayed at the buckle"):
        obs = _obs(
            _inp("s1", "always check the camera strap before a hike", "2026-03-01T00:00:00Z"),
            _inp("s2", fact, "2026-04-01T00:00:00Z"),
        )
        assert not any(supported(r) for r in fold(obs)), fact


def test_present_fact_stays_linear_on_long_runs() -> None:
    import time

    t0 = time.monotonic()
    present_fact("the " + "build " * 20000 + "is the source " + "of truth " * 20000)
    present_fact("the " + "is " * 40000)
    present_fact("the x " + "has " * 40000)
    present_fact("the x " + "has not " * 40000)
    assert time.monotonic() - t0 < 15.0  # ~2 s here; a quadratic scan of 40,000 words takes hours
