"""The offline digester and the fold: many wordings, no task requests, contradictions, stability."""

from __future__ import annotations

import pytest

from persona_pipeline.digests.models import DigestInput, EvidenceView, Facet
from persona_pipeline.digests.offline import OfflineDigester, rewrite
from persona_pipeline.models import Tier
from persona_pipeline.trees.fold import fold


def _inp(
    unit: str, texts: list[str], tier: Tier = Tier.T2, ts: str = "2026-10-01T00:00:00Z", project: str = "p1"
) -> DigestInput:
    ev = [
        EvidenceView(
            evidence_id=f"{unit}-{i}",
            tier=tier,
            kind="prompt",
            excerpt=t,
            timestamp=ts,
            project=project,
            session_id=unit,
        )
        for i, t in enumerate(texts)
    ]
    return DigestInput(unit_key=unit, session_id=unit, project=project, evidence=ev)


@pytest.mark.parametrize(
    "text",
    [
        "use polars, not pandas",
        "I prefer polars over pandas",
        "stick with polars — no pandas",
        "always use polars instead of pandas for dataframes",
        "please use polars rather than pandas",
        "we use polars here",
        "Stop, use polars, not pandas.",
    ],
)
def test_preferences_found_in_many_wordings(text: str) -> None:
    [res] = OfflineDigester().digest_many([_inp("u", [text])])
    assert res.observations, text
    o = res.observations[0]
    assert "polars" in o.statement.lower() and o.facet is Facet.STACK
    assert o.quote.lower() in text.lower()  # verbatim quote


@pytest.mark.parametrize(
    "text",
    [
        "add a CSV export to the report page",
        "fix the failing test in test_ledger.py",
        "rename the amt column to amount_cents everywhere",
        "why is the chart off by one hour?",
        "make the error messages shorter",
        "scaffold a schema for accounts",
        "see screenshot",
        "Stop, you're reaching for os.path again",
    ],
)
def test_one_off_task_requests_are_not_rules(text: str) -> None:
    [res] = OfflineDigester().digest_many([_inp("u", [text])])
    assert res.observations == [], [o.statement for o in res.observations]


def test_rewrites_are_actionable_rules() -> None:
    assert rewrite("use pathlib instead of os.path") == "Use pathlib instead of os.path."
    assert (
        rewrite("for tests, use a real duckdb file, not mocks") == "For tests: use a real duckdb file instead of mocks."
    )
    assert rewrite("no print() debugging in here") == "Avoid print() debugging."
    assert rewrite("please answer tersely, no preamble") == "Answer tersely; avoid preamble."
    assert rewrite("we use uv for env management") == "Use uv for env management."


def test_clauses_with_secrets_never_become_rules() -> None:
    [res] = OfflineDigester().digest_many([_inp("u", ["always use key [REDACTED:openai_key:1a2b3c4d] for this"])])
    assert res.observations == []


def test_fold_merges_wordings_across_sessions_and_counts_support() -> None:
    inputs = [
        _inp("s1", ["use polars, not pandas"], Tier.T1, "2026-09-01T00:00:00Z", "a"),
        _inp("s2", ["stick with polars for the date filtering"], Tier.T2, "2026-09-05T00:00:00Z", "b"),
        _inp("s3", ["type hints everywhere"], Tier.T2, "2026-09-06T00:00:00Z", "a"),
    ]
    obs = [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]
    rules = [r for r in fold(obs) if r.superseded_by is None]
    polars = [r for r in rules if "polars" in r.statement.lower()]
    assert len(polars) == 1
    r = polars[0]
    assert r.support_sessions == 2 and r.support_projects == 2 and r.score == pytest.approx(0.9 + 0.7)
    assert r.statement == "Use polars instead of pandas."  # the T1 wording names the rule
    assert r.first_seen == "2026-09-01T00:00:00Z" and r.last_seen == "2026-09-05T00:00:00Z"


def test_fold_is_deterministic_in_any_input_order() -> None:
    inputs = [
        _inp("s1", ["use polars, not pandas"]),
        _inp("s2", ["we use polars"]),
        _inp("s3", ["type hints everywhere"]),
    ]
    obs = [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]
    assert [r.model_dump() for r in fold(list(reversed(obs)))] == [r.model_dump() for r in fold(obs)]
    again = [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]
    assert [o.observation_id for o in again] == [o.observation_id for o in obs]  # content-stable ids


def test_contradiction_newer_wins_within_tier_higher_tier_wins_across() -> None:
    old = _inp("s1", ["use pandas instead of polars"], Tier.T2, "2026-01-01T00:00:00Z")
    new = _inp("s2", ["use polars instead of pandas"], Tier.T2, "2026-06-01T00:00:00Z")
    obs = [o for r in OfflineDigester().digest_many([old, new]) for o in r.observations]
    rules = fold(obs)
    current = [r for r in rules if r.superseded_by is None]
    superseded = [r for r in rules if r.superseded_by is not None]
    assert [r.statement for r in current] == ["Use polars instead of pandas."]
    assert [r.statement for r in superseded] == ["Use pandas instead of polars."]
    assert superseded[0].superseded_by == current[0].rule_id
    # an older correction (T1) beats a newer plain prompt (T2)
    corr = _inp("s3", ["no, use pandas instead of polars"], Tier.T1, "2025-01-01T00:00:00Z")
    obs = [o for r in OfflineDigester().digest_many([corr, new]) for o in r.observations]
    current = [r for r in fold(obs) if r.superseded_by is None]
    assert [r.statement for r in current] == ["Use pandas instead of polars."]


def test_t3_alone_never_establishes_a_rule() -> None:
    obs = [o for r in OfflineDigester().digest_many([_inp("g", ["always use tabs"], Tier.T3)]) for o in r.observations]
    assert obs and all(not r.established for r in fold(obs))
