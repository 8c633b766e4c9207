"""The tier policy of a contradiction (issue 15, the lead's decision in session 49): the newer
wins whatever the tiers. A plain command that says the reverse of an older correction supersedes
it (rev44c C18 had the correction win by its tier); a newer correction still beats an older plain
command; an explicit reversal ("from now on …") supersedes the correction; a plain command that
agrees with the correction joins it, and one that says only part of it the other way (an
exception) never names it. Sentences written for these tests."""

from __future__ import annotations

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Observation, Rule
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.fold import fold


def _inp(unit: str, text: str, day: int, tier: Tier) -> DigestInput:
    ts = f"2026-10-{day:02d}T09:00:00Z"
    kind = "correction" if tier is Tier.T1 else "prompt"
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=tier, kind=kind, excerpt=text, timestamp=ts, project="p")]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


def _fold(first: tuple[str, Tier], then: tuple[str, Tier]) -> list[Rule]:
    inputs = [_inp(f"a{n}", first[0], 1 + n, first[1]) for n in range(2)]
    inputs += [_inp(f"b{n}", then[0], 10 + n, then[1]) for n in range(2)]
    obs: list[Observation] = [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]
    return fold(obs)


def _current(rules: list[Rule]) -> list[str]:
    return [r.statement.lower().rstrip(".") for r in rules if r.superseded_by is None]


# (correction, plain command of the opposite polarity)
OPPOSED = [
    ("no, never use print for logging", "use print for logging"),
    ("no, never store dates as strings", "store dates as strings"),
    ("no, don't wrap lines at 80 columns", "wrap lines at 80 columns"),
    ("no, never hardcode the api url", "hardcode the api url"),
]


@pytest.mark.parametrize(("correction", "command"), OPPOSED[:3])
def test_a_newer_plain_command_supersedes_the_correction(correction: str, command: str) -> None:
    rules = _fold((correction, Tier.T1), (command, Tier.T2))
    assert _current(rules) == [command], _current(rules)
    assert [r.statement.lower().rstrip(".") for r in rules if r.superseded_by] == [correction.removeprefix("no, ")]


def test_a_newer_task_with_a_definite_object_said_once_does_not_take_the_correction() -> None:
    # "hardcode the api url" points at one thing: said once, a task (maybe one exception), so it
    # reverses nothing
    correction, command = OPPOSED[3]
    inputs = [_inp(f"a{n}", correction, 1 + n, Tier.T1) for n in range(2)] + [_inp("b0", command, 10, Tier.T2)]
    current = _current(fold([o for r in OfflineDigester().digest_many(inputs) for o in r.observations]))
    assert current == [correction.removeprefix("no, ")], current


def test_a_newer_task_with_a_definite_object_said_in_two_sessions_takes_the_correction() -> None:
    # asked again in another session, the one thing is the person's way now: the newer wins whatever
    # the tiers (session 51, rev50c S11: `fold._plain_reversals`)
    correction, command = OPPOSED[3]
    rules = _fold((correction, Tier.T1), (command, Tier.T2))
    assert _current(rules) == [command], _current(rules)


@pytest.mark.parametrize(("correction", "command"), OPPOSED)
def test_an_older_plain_command_loses_to_a_newer_correction(correction: str, command: str) -> None:
    current = _current(_fold((command, Tier.T2), (correction, Tier.T1)))
    assert any(c in correction for c in current), current
    assert not any(command.startswith(c) or c.startswith(command) for c in current), current


@pytest.mark.parametrize(
    ("correction", "reversal"),
    [
        ("no, never store dates as strings", "from now on store dates as strings"),
        ("no, don't wrap lines at 80 columns", "wrap lines at 80 columns from now on"),
    ],
)
def test_an_explicit_reversal_supersedes_the_correction(correction: str, reversal: str) -> None:
    rules = _fold((correction, Tier.T1), (reversal, Tier.T2))
    assert [r.statement.lower().rstrip(".") for r in rules if r.superseded_by is not None] == [
        correction.removeprefix("no, ")
    ]


@pytest.mark.parametrize(
    ("correction", "command"),
    [
        ("no, never use print for logging", "use the logging module for logging, not print"),
        ("no, always run the formatter before committing", "run the formatter before every commit"),
    ],
)
def test_an_agreeing_plain_command_is_not_superseded(correction: str, command: str) -> None:
    rules = _fold((correction, Tier.T1), (command, Tier.T2))
    assert all(r.superseded_by is None for r in rules), [(r.statement, r.superseded_by) for r in rules]


@pytest.mark.parametrize(
    ("correction", "command"),
    [
        ("no, never push straight to main", "push small fixes straight to main"),
        ("no, never deploy on fridays", "deploy small config changes on fridays"),
    ],
)
def test_a_narrower_command_against_a_correction_never_names_it(correction: str, command: str) -> None:
    current = _current(_fold((correction, Tier.T1), (command, Tier.T2)))
    assert any(c in correction for c in current), current
    assert command not in current, current


# rev45c C1: a command for another object shares only a verb with the correction: it agrees
@pytest.mark.parametrize(
    ("correction", "command"),
    [
        ("no, never commit to main directly", "commit to a feature branch"),
        ("no, don't put secrets in the repo", "put secrets in the vault"),
        ("no, don't answer in english", "answer in german"),
        ("no, never water the ferns from above", "water the ferns from below"),
    ],
)
def test_a_command_for_another_object_is_not_superseded(correction: str, command: str) -> None:
    rules = _fold((correction, Tier.T1), (command, Tier.T2))
    assert all(r.superseded_by is None for r in rules), [(r.statement, r.superseded_by) for r in rules]


# rev45c C13: at one tier the newer wins: an older bare command loses to its newer negation
@pytest.mark.parametrize(
    ("command", "negation"),
    [
        ("use print for logging", "never use print for logging"),
        ("indent with tabs", "never indent with tabs"),
        ("add docstrings to helpers", "don't add docstrings to helpers"),
        ("salt the pasta water", "never salt the pasta water"),
    ],
)
def test_a_newer_negation_at_one_tier_wins(command: str, negation: str) -> None:
    current = _current(_fold((command, Tier.T2), (negation, Tier.T2)))
    assert current == [negation.replace("don't", "don't")], current
