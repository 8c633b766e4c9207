"""No one-offs in the pack (issue 15, keep48): a task in the repository at hand, a bug report, an
elliptical question, said firmly or said twice, is no rule; the habits that look like them stay.
Every sentence here is written for this file (no pool's sentence)."""

from __future__ import annotations

import time

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.at_hand import task_in_own_project
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Observation
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.digest.reading import read
from persona_pipeline.persona.fold import fold
from persona_pipeline.persona.selection import supported

PROJECT = "fernbrook-api"


def _inp(unit: str, text: str, ts: str, project: str = PROJECT, tier: Tier = Tier.T2) -> DigestInput:
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=tier, kind="prompt", excerpt=text, timestamp=ts, project=project)]
    return DigestInput(unit_key=unit, session_id=unit, project=project, evidence=ev)


def _obs(*inputs: DigestInput) -> list[Observation]:
    return [o for r in OfflineDigester().digest_many(list(inputs)) for o in r.observations]


def _twice(text: str, project: str = PROJECT) -> list[str]:
    """The pack rules of a history that says `text` in two sessions of `project`."""
    obs = _obs(
        _inp("s1", text, "2026-03-01T00:00:00Z", project),
        _inp("s2", text, "2026-04-01T00:00:00Z", project),
    )
    return [r.statement for r in fold(obs) if supported(r)]


# --- a task in the repository at hand -------------------------------------------------------------

TASKS_IN_OWN_PROJECT = [
    "publish the beta of fernbrook-api to the registry, not the stable build",  # a contrast
    "don't touch the seed fixtures in fernbrook-api until the audit is signed off",  # a negation
    "benchmark fernbrook-api before and after the pooling change and send me the numbers",
    "the tide tables in fernbrook-api should round to the nearest minute",  # a modal about one thing
    "hide all but the last three digits of the member number on the fernbrook-api receipt",
    "rename the planting calendar endpoints in fernbrook-api to plural nouns",
    "fernbrook-api drops the oven temperature when the recipe has no unit, the batch log is attached",
    "move the telescope mount driver out of fernbrook-api and into its own package",
]


@pytest.mark.parametrize("text", TASKS_IN_OWN_PROJECT)
def test_a_task_in_the_repository_at_hand_is_no_rule_said_twice(text: str) -> None:
    assert _twice(text) == []


STANDING_IN_OWN_PROJECT = [
    "never deploy fernbrook-api on fridays",  # a frequency adverbial
    "every endpoint in fernbrook-api needs a rate limit",  # a universal over a class
    "always run the contract tests for fernbrook-api before pushing",
    "I prefer plain SQL over the ORM in fernbrook-api",  # the person's preference
    "from now on fernbrook-api gets its changelog written by hand",  # an arrangement from now on
    "we release fernbrook-api by default from the main branch only",
]


@pytest.mark.parametrize("text", STANDING_IN_OWN_PROJECT)
def test_a_habit_said_of_the_repository_at_hand_stays_a_rule(text: str) -> None:
    r = read(text)
    assert r.rule and not task_in_own_project(r, PROJECT)


def test_the_same_request_in_another_repository_is_read_as_before() -> None:
    # the name is a coined word but not the session's own repository: no task at hand to point at
    text = "publish the beta of fernbrook-api to the registry, not the stable build"
    assert not task_in_own_project(read(text), "harbourlight")
    assert task_in_own_project(read(text), PROJECT)


def test_a_project_named_by_an_english_word_is_not_pointed_at() -> None:
    # "backend" is an ordinary word: saying it names no one repository
    r = read("publish the beta of the backend to the registry, not the stable build")
    assert not task_in_own_project(r, "backend")


def test_an_instruction_files_convention_naming_its_repository_stays() -> None:
    text = "fernbrook-api treats every compiler warning as an error"
    drafts = OfflineDigester().digest_many([_inp("s1", text, "2026-03-01T00:00:00Z", tier=Tier.T0)])
    assert drafts[0].observations


def test_all_but_is_no_universal_quantifier() -> None:
    assert read("hide all but the last three digits").why != "universal"
    assert read("run all checks before you push").why in {"universal", "habitual"}


@pytest.mark.parametrize(
    "text",
    [
        "fernbrook-api follows semver",
        "fernbrook-api keeps its settings in toml",
        "in fernbrook-api, handlers are plain functions",
    ],
)
def test_a_convention_of_the_repository_at_hand_is_no_task(text: str) -> None:
    # a generic statement with the repository as its subject: one of its conventions
    assert not task_in_own_project(read(text), PROJECT)


def test_the_quoted_value_pattern_is_linear_on_long_runs() -> None:
    start = time.perf_counter()
    for text in ["'" * 50_000, "'a" * 25_000, '"' * 50_000, "fernbrook-api " + "' x " * 20_000]:
        task_in_own_project(read(text[:5000]), PROJECT)
        from persona_pipeline.persona.digest.at_hand import _QUOTED

        _QUOTED.search(text)
    assert time.perf_counter() - start < 2.0
