"""One-off requests out of the pack and habits that are habits (issue 15, session 53).

`persona/durable.py`: a learned rule named by a wording of one occasion (no standing framing about a
generic subject) keeps only the sessions that restate it as support; `persona/habits.py`: a request
whose objects differ per session is a product task, a request pointing at one thing or a pasted
terminal line never a habit; `persona/repeats.py`: a session saved again whole counts once (the one
copy check); `digest/machine_line.py`: terminal and data lines. Sentences are mine (a bakery, a
tide-table app, a choir, a bike-rental shop), never the histories' or the pools' words."""

from __future__ import annotations

import time

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona import durable, repeats
from persona_pipeline.persona.digest.machine_line import machine_line
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Facet, Observation, Rule
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.fold import fold
from persona_pipeline.persona.habits import habit_rules
from persona_pipeline.persona.pack import compile_pack

# --- standing framing and marks of the occasion ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Always round the tide heights to one decimal.",
        "From now on, write the choir's rota dates as ISO 8601.",
        "I prefer short commit subjects over long ones.",
        "Each migration needs a rollback step.",
        "Never call `sudo pip` on the rental kiosk.",  # a standing rule that names a tool
        "As a rule, keep the bakery's prices in pence.",
        "Siempre escribe los mensajes de commit en inglés.",
    ],
)
def test_standing_framing_about_a_generic_subject(text: str) -> None:
    assert durable.standing(text), (durable.standing_framing(text), durable.occasion_marker(text))


@pytest.mark.parametrize(
    "text",
    [
        "Add a sepia filter to the gallery page.",
        "Make the rota table wider.",
        "Always keep this banner hidden.",  # framing, but about the thing shown
        "Whenever I edit #file:rota.md, update the index.",  # an editor's file mention
        "Never touch the following.",
        "Do the tide tests pass now?",
        "Is the bike count right today",
    ],
)
def test_a_wording_of_one_occasion_is_not_standing(text: str) -> None:
    assert not durable.standing(text)


# --- the policy on folded rules -------------------------------------------------------------------


def _obs(oid: str, session: str, text: str, day: int = 1, facet: Facet = Facet.WORKFLOW) -> Observation:
    return Observation(
        observation_id=oid,
        unit_key=session,
        session_id=session,
        project="p",
        facet=facet,
        statement=text,
        tier=Tier.T2,
        strength=1.0,
        quote=text,
        evidence_ids=[f"e-{oid}"],
        timestamp=f"2026-04-{day:02d}T10:00:00Z",
        model="offline",
        prompt_version="t",
    )


def _rule(members: list[Observation], statement: str | None = None, facet: Facet = Facet.WORKFLOW) -> Rule:
    return Rule(
        rule_id="r-" + members[0].observation_id,
        facet=facet,
        statement=statement or members[0].statement,
        tier=Tier.T2,
        support_observations=len(members),
        support_sessions=len({o.session_id for o in members}),
        support_projects=1,
        projects=["p"],
        score=1.4,
        first_seen=members[0].timestamp,
        last_seen=members[-1].timestamp,
        observation_ids=[o.observation_id for o in members],
        evidence_ids=[e for o in members for e in o.evidence_ids],
        quotes=[o.quote for o in members],
    )


def test_a_one_off_request_backed_by_unrelated_remarks_leaves_the_pack() -> None:
    members = [
        _obs("a", "s1", "Add a sepia filter to the gallery page."),
        _obs("b", "s2", "The gallery thumbnails should load lazily.", 2),
    ]
    rule = _rule(members)
    assert compile_pack([rule]).bullets  # (as the fold left it: two sessions)
    [screened] = durable.screen([rule], members)
    assert screened.support_sessions < 2
    assert not compile_pack([screened]).bullets


def test_a_request_restated_in_two_sessions_stays() -> None:
    members = [
        _obs("a", "s1", "Bump the patch version in every release branch."),
        _obs("b", "s2", "Bump the patch version in every release branch please.", 2),
    ]
    [screened] = durable.screen([_rule(members)], members)
    assert screened.support_sessions == 2 and compile_pack([screened]).bullets


def test_a_standing_wording_keeps_the_folds_support() -> None:
    members = [
        _obs("a", "s1", "Always round the tide heights to one decimal."),
        _obs("b", "s2", "Show tide heights in metres on the chart.", 2),
    ]
    [screened] = durable.screen([_rule(members)], members)
    assert screened.support_sessions == 2


def test_a_terminal_line_is_no_rule_and_directives_derived_and_habits_are_left_alone() -> None:
    shell = [_obs("a", "s1", "$ make deploy --env staging"), _obs("b", "s2", "$ make deploy --env staging", 2)]
    [screened] = durable.screen([_rule(shell)], shell)
    assert screened.support_sessions == 0
    written = [
        _obs("c", "s1", "Add a sepia filter.", facet=Facet.DIRECTIVES),
        _obs("d", "s2", "Add a sepia filter.", 2),
    ]
    directive = _rule(written, facet=Facet.DIRECTIVES)
    derived = _rule([*written[1:], _obs("e", "s3", "Add a sepia filter.", 3)], statement="Commit subjects are short.")
    habit = _rule([*written[1:], _obs("f", "s4", "Add a sepia filter.", 4)], statement='Repeatedly asks: "Add it."')
    out = durable.screen([directive, derived, habit], [*written, *derived_members(derived), *habit_members(habit)])
    assert [r.support_sessions for r in out] == [2, 2, 2]


def derived_members(r: Rule) -> list[Observation]:
    return [_obs(oid, f"x{i}", "Add a sepia filter.", i + 1) for i, oid in enumerate(r.observation_ids)]


def habit_members(r: Rule) -> list[Observation]:
    return [_obs(oid, f"h{i}", "Add a sepia filter.", i + 1) for i, oid in enumerate(r.observation_ids)]


# --- end to end: digest, fold, screen, pack ------------------------------------------------------


def _inp(unit: str, texts: list[str], day: int) -> DigestInput:
    ev = [
        EvidenceView(
            evidence_id=f"{unit}-{i}",
            tier=Tier.T2,
            kind="prompt",
            excerpt=t,
            timestamp=f"2026-05-{day:02d}T{i:02d}:00:00Z",
            project="p1",
            session_id=unit,
        )
        for i, t in enumerate(texts)
    ]
    return DigestInput(unit_key=unit, session_id=unit, project="p1", evidence=ev)


def _observations(sessions: list[list[str]]) -> list[Observation]:
    inputs = [_inp(f"s{i}", turns, i + 1) for i, turns in enumerate(sessions)]
    return [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]


def _pack(sessions: list[list[str]]) -> list[str]:
    obs = _observations(sessions)
    rules = durable.screen(fold(obs), obs)
    return [b.text for b in compile_pack([*rules, *habit_rules(obs, rules)]).bullets]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Always round the tide heights to one decimal.", "Tide heights always get one decimal, please."),
        ("I prefer ISO dates in the choir rota.", "I prefer ISO dates in every rota export."),
        ("Keep the bread recipes in grams.", "Keep the bread recipes in grams, not cups."),
    ],
)
def test_preferences_said_in_two_sessions_stay_and_one_offs_beside_them_do_not(first: str, second: str) -> None:
    bullets = _pack([[first, "Make the chart title bigger."], [second, "Move the logo left."]])
    assert len(bullets) == 1 and bullets[0].rstrip(".").lower() in (
        first.rstrip(".").lower(),
        second.rstrip(".").lower(),
    )


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # a preference restated in other words with its own explicit force (rev53c O1's shape)
        ("use yarn for the ferry timetable app, not npm", "no npm for the ferry timetable app, yarn only"),
        ("use poetry for the harbour api, not pip", "poetry only for the harbour api, we don't use pip"),
        ("No emoji in the rota emails, plain words.", "I dislike emoji in the rota emails"),
        # rev53c O1's remaining shapes: a plain imperative restating a prohibition; a bare noun phrase
        ("always use decimal.js in the harbour fee code", "no floats in the harbour fee code, decimal.js only"),
        ("changelog entries in the past tense", "write changelog entries past tense, like 'added x'"),
        ("use yarn for the ferry app, not npm", "yarn add dayjs. we don't use npm here"),
    ],
)
def test_a_preference_restated_in_other_words_keeps_its_sessions(first: str, second: str) -> None:
    obs = _observations([[first], [second]])
    rules = durable.screen(fold(obs), obs)
    assert [r.support_sessions for r in rules if r.superseded_by is None] == [2], [r.statement for r in rules]


@pytest.mark.parametrize(
    "note",
    [
        ["progress update: tide import works, chart export next", "progress update: chart export works, alerts next"],
        ["status: kayak form done, invoices next", "status: invoices done, reminders next"],
    ],
)
def test_a_status_note_said_in_two_sessions_is_no_rule(note: list[str]) -> None:
    # (a rule whose condition ends on the state word is no status note: rev53c O6)
    assert durable.occasion_marker("always run the linter before you tell me it's finished") == ""
    assert durable.occasion_marker("run the full suite every time before you call it complete") == ""
    # rev53c O5's shape
    assert _pack([[note[0]], [note[1]]]) == []


def test_a_one_off_beside_a_bare_remark_on_its_words_is_not_restated() -> None:
    obs = _observations([["Add a sepia filter to the gallery page."], ["check the gallery page"]])
    rules = durable.screen(fold(obs), obs)
    assert all(r.support_sessions < 2 for r in rules), [(r.statement, r.support_sessions) for r in rules]


# --- habits that are habits -----------------------------------------------------------------------


def _habits(sessions: list[list[str]]) -> list[str]:
    obs = _observations(sessions)
    return [r.statement for r in habit_rules(obs, fold(obs))]


def test_the_same_verb_on_a_new_thing_each_session_is_a_product_task() -> None:
    assert (
        _habits(
            [
                ["add a kayak option to the rental form"],
                ["add a tandem option to the rental form"],
                ["add a trailer option to the rental form"],
            ]
        )
        == []
    )


def test_a_habit_with_varying_small_objects_stays() -> None:
    habits = _habits(
        [
            ["run the unit tests for the booking module"],
            ["run the unit tests for the invoice module"],
            ["run the unit tests for the report module"],
        ]
    )
    assert len(habits) == 1 and "unit tests" in habits[0]


def test_a_request_pointing_at_one_thing_each_time_is_no_habit() -> None:
    assert _habits([["translate this verse into Latin"], ["translate that verse into Latin"], ["translate it"]]) == []


def test_a_typed_command_habit_with_a_flag_stays() -> None:
    # rev53c O3's shape: the person types the command they want run after each task
    bullets = _pack(
        [
            ["add a tide column to the export. then run cargo test -q"],
            ["rename the harbour table. then run cargo test -q"],
            ["update the moon phase copy. then run cargo test -q"],
        ]
    )
    assert bullets == ["Then run cargo test -q."]


def test_terminal_lines_pasted_in_every_session_are_no_habit() -> None:
    line = "$ bundle exec rake assets:precompile --trace"
    assert _habits([[line, "the build is slow"], [line, "ok"], [line, "thanks"]]) == []


@pytest.mark.parametrize(
    ("text", "machine"),
    [
        ("❯ rota sync --week 12", True),
        ("$ npm run build", True),
        ("deploy@kiosk:~/app$ make", True),
        ("PS C:\\Users\\choir> dir", True),
        ("pip install --upgrade tidelib", True),
        ("https://example.org/tides/today", True),
        ("src/rota/build.py", True),
        ("name=alto;part=2;bars=16", True),
        ("run pytest -q before you commit", False),  # a sentence naming a command
        ("keep the fixtures in tests/data", False),  # a rule naming a path
        ("git push --force-with-lease is fine on your own branch", False),
        ("then run cargo test -q", False),  # typed: opens with an everyday word
        ("then run cargo test -q.", False),
        ("always use pnpm, never npm", False),
    ],
)
def test_machine_lines_and_their_look_alikes(text: str, machine: bool) -> None:
    assert machine_line(text) is machine


# --- one copy check ---------------------------------------------------------------------------------


def test_a_session_saved_again_whole_counts_once_and_routines_count_in_full() -> None:
    chat = ["Bake the rye loaves first.", "Log the oven temperature every hour."]
    assert repeats.copied_sessions(_observations([chat, list(chat)])) == {"s1"}
    # a chat and its continuation saved under two names: the shorter is the copy
    assert repeats.copied_sessions(_observations([chat, [*chat, "Always weigh the flour twice."]])) == {"s0"}
    # a routine prompt in every session, and a session sharing only part of another: not copies
    assert repeats.copied_sessions(_observations([["Commit and push."], ["Commit and push."]])) == set()
    part = _observations([[*chat, "Weigh the flour twice."], ["Bake the rye loaves first.", "Proof them longer."]])
    assert repeats.copied_sessions(part) == set()


# --- linear on long and adversarial input ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "a/" * 40_000,
        "-" * 80_000,
        "@" * 80_000,
        "PS C:\\" + "x" * 80_000,
        "x=" * 40_000,
        "this " * 20_000,
        "always " * 20_000,
        "$ " + "--a " * 20_000,
    ],
)
def test_long_runs_of_the_patterns_pieces_stay_fast(text: str) -> None:
    start = time.perf_counter()
    machine_line(text)
    durable.occasion_marker(text)
    durable.standing_framing(text[:4000])  # (the reader reads sentences, not megabytes)
    assert time.perf_counter() - start < 2.0


def test_copied_sessions_is_near_linear() -> None:
    def obs(n: int) -> list[Observation]:
        return [_obs(f"o{i}-{j}", f"u{i}", f"shared line {j}", 1 + i % 28) for i in range(n) for j in range(3)]

    small_input, big_input = obs(500), obs(2000)
    start = time.perf_counter()
    repeats.copied_sessions(small_input)
    small = time.perf_counter() - start
    start = time.perf_counter()
    assert len(repeats.copied_sessions(big_input)) == 1999
    assert time.perf_counter() - start < max(0.5, 8 * small)
