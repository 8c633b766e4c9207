"""Habits shown by repetition and requests for the moment (issue 15, session 52).

`persona/habits.py`: the same kind of request made in three or more sessions is a habit, worded in
the person's own words inside a frame; failures asked again, one-offs said twice and one session's
repeats are not. `digest/requests.py`: a sentence with a rule's force that still asks for one piece
of work now (a proposal, a want of one change, the speaker's next step, a report of the last answer,
a file mention, an anaphoric object) only corroborates. Sentences are mine, in several domains and
in English and Spanish."""

from __future__ import annotations

import time

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona import repeats
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Facet, Observation
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.digest.reading import read
from persona_pipeline.persona.digest.requests import for_the_moment, requests_in
from persona_pipeline.persona.fold import fold
from persona_pipeline.persona.habits import FRAME, MIN_HABIT_SESSIONS, habit_rules, habit_score
from persona_pipeline.persona.pack import compile_pack


def _inp(unit: str, texts: list[str], day: int) -> DigestInput:
    ev = [
        EvidenceView(
            evidence_id=f"{unit}-{i}",
            tier=Tier.T2,
            kind="prompt",
            excerpt=t,
            timestamp=f"2026-03-{day:02d}T{i:02d}:00:00Z",
            project="p1",
            session_id=unit,
        )
        for i, t in enumerate(texts)
    ]
    return DigestInput(unit_key=unit, session_id=unit, project="p1", evidence=ev)


def _observations(sessions: list[list[str]]) -> list[Observation]:
    inputs = [_inp(f"s{i}", turns, i + 1) for i, turns in enumerate(sessions)]
    return [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]


def _habits(sessions: list[list[str]]) -> list[str]:
    obs = _observations(sessions)
    return [r.statement for r in habit_rules(obs, fold(obs))]


def _pack(sessions: list[list[str]]) -> list[str]:
    obs = _observations(sessions)
    rules = fold(obs)
    return [b.text for b in compile_pack([*rules, *habit_rules(obs, rules)]).bullets]


# --- habits ---------------------------------------------------------------------------------------


def test_commit_message_requests_in_three_sessions_are_one_habit_in_the_persons_words() -> None:
    sessions = [
        ["the parser change looks right.", "write a commit message for the parser work"],
        ["suggest a commit message and a short description for the cache fix"],
        ["ok good.", "give me a commit message for the retry logic"],
    ]
    habits = _habits(sessions)
    assert len(habits) == 1
    assert habits[0].startswith('Repeatedly asks: "') and "commit message" in habits[0].lower()
    words = habits[0][len('Repeatedly asks: "') : -1].rstrip(".").lower()
    assert any(words in t.lower() for s in sessions for t in s)  # their words, not a rewrite
    assert any(b.startswith("Repeatedly asks:") for b in _pack(sessions))


def test_a_habit_outside_software_groups_by_verb_and_object() -> None:
    sessions = [
        ["add a summary paragraph to the minutes of the board meeting"],
        ["add a short summary paragraph under the volunteer report"],
        ["please add a summary paragraph to the newsletter draft"],
        ["add a photo credit under the newsletter header"],
    ]
    habits = _habits(sessions)
    assert len(habits) == 1 and "summary paragraph" in habits[0]
    assert "photo credit" not in habits[0]


def test_an_object_less_specific_request_counts_a_light_one_does_not() -> None:
    sessions = [["commit and push"], ["ok, commit and push"], ["looks good, commit and push"]]
    obs = _observations(sessions)
    assert [r.statement for r in habit_rules(obs)] == [FRAME.format("Commit and push.")]
    # said in these very words, the fold already states it: one bullet, not two
    assert sum("commit and push" in b.lower() for b in _pack(sessions)) == 1
    # "do it", "go on", "try again": light or aspectual verbs with no object of their own
    assert _habits([["do it"], ["go on"], ["do it"], ["try it"]]) == []


def test_two_sessions_are_not_a_habit() -> None:
    assert MIN_HABIT_SESSIONS == 3
    assert _habits([["write a commit message for the parser work"], ["give me a commit message for the docs"]]) == []


def test_a_one_off_said_twice_stays_out_of_the_pack() -> None:
    bullets = _pack(
        [
            ["I want to add a dark mode toggle to the settings page."],
            ["I want to add a dark mode toggle to the settings page."],
        ]
    )
    assert not any("dark mode" in b for b in bullets)


def test_a_request_repeated_because_the_agent_failed_is_no_habit() -> None:
    assert (
        _habits(
            [
                ["the export is still broken, fix the export"],
                ["run the export again, it still fails"],
                ["fix the export, it crashes on empty rows"],
                ["the export fails again, please run the export tests"],
            ]
        )
        == []
    )


def test_one_long_session_repeating_a_request_is_more_than_one_remark_less_than_two_sessions() -> None:
    repeats = ["add a changelog entry"] * 8
    obs = _observations([repeats])
    # one wording said eight times in a session: one observation over eight turns
    assert len(obs) == 1 and len(obs[0].evidence_ids) == 8 and _habits([repeats]) == []
    from persona_pipeline.persona.digest.requests import Request

    req = Request("add", ("changelog",), 0)
    once = obs[0].model_copy(update={"evidence_ids": obs[0].evidence_ids[:1]})
    one = [(once, req)]
    many = [(obs[0], req)]
    two = [*one, (once.model_copy(update={"session_id": "other"}), req)]
    assert habit_score(one) < habit_score(many) < habit_score(two)


def test_a_habit_already_stated_as_a_rule_is_not_repeated() -> None:
    sessions = [
        ["always run the linter before you commit"],
        ["run the linter"],
        ["run the linter please"],
        ["run the linter on everything"],
    ]
    obs = _observations(sessions)
    rules = fold(obs)
    assert any("linter" in r.statement for r in rules)
    assert not habit_rules(obs, rules)


def test_a_spanish_request_repeated_across_sessions_is_a_habit() -> None:
    sessions = [
        ["Haz commit y súbelo al repositorio."],
        ["Bien. Haz commit y súbelo al repositorio remoto."],
        ["Por favor, haz commit y súbelo al repositorio."],
        ["Añade una tabla de contenidos al informe."],
    ]
    obs = _observations(sessions)
    habits = [r.statement for r in habit_rules(obs)]
    assert len(habits) == 1 and "súbelo al repositorio" in habits[0]
    assert sum("súbelo" in b for b in _pack(sessions)) == 1


def test_a_spanish_question_or_failure_repeated_is_no_habit() -> None:
    assert (
        _habits([["¿Puedes revisar el informe?"], ["¿Puedes revisar el informe?"], ["¿Puedes revisar el informe?"]])
        == []
    )


# --- requests for the moment ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "why"),
    [
        ("Let's fix the flaky login test first.", "proposal"),
        ("lets take a step back and rethink the schema", "proposal"),
        ("I want to also add a 'weekly' option.", "want of one change"),
        ("I want you to change that to a bar chart.", "want of one change"),
        ("I want this greeting to be replaced with the new slogan.", "want of one change"),
        ("I want to rename the 'Misc' column.", "want of one change"),
        ("I'm going to restart the kiln controller now.", "own next step"),
        ("I want you to undo this glaze recipe change first.", "want of one change"),
        ("I'm going to open a fresh chat.", "own next step"),
        ("We'll move the seedlings to the greenhouse.", "own next step"),
        ("I didn't ask you to rename the columns at all.", "past report"),
        ("Update #file:notes.md so it lists the new volunteers.", "names a file"),
        ("Draft the reply per @tone-guide.mdc.", "names a file"),
        ("Go ahead and merge the translations, asking me about each conflict.", "go-ahead"),
        ("Fully explain it to me, step by step.", "acts on what was just said"),
        ("Review the two mentioned recipes to see if any step repeats.", "acts on what was just said"),
        ("When using the latter, the import should read the header row.", "acts on what was just said"),
        ("I don't see those volunteer names in the table.", "report of what is seen"),
        ("We now see two greeting banners.", "report of what is seen"),
        ("I specifically meant the caption under the second photo.", "past report"),
        ("List every guest that was named earlier in this conversation.", "acts on what was just said"),
        ("Write a note to record what we just learned about the oven timer.", "acts on what was just said"),
        ("Try baking it at a lower heat then, noting how it browns.", "acts on what was just said"),
    ],
)
def test_requests_for_the_moment_only_corroborate(sentence: str, why: str) -> None:
    assert for_the_moment(sentence) == why
    r = read(sentence)
    assert not r.rule


@pytest.mark.parametrize(
    "sentence",
    [
        "I want you to use polars for dataframes.",
        "I'll never force-push to main.",
        "Keep it short.",
        "Never commit without running the tests.",
        "I want every new endpoint to have a test.",
        "We didn't use to pin versions, now we always pin them.",
        "We decided to use pnpm for every package.",
        "I find long answers hard to read.",
        "Put every helper in this repo under a utils module.",
        "If the tests fail, stop then and tell me.",
        "Keep functions under forty lines, split them otherwise.",
        "I want the error pages to be written in plain English.",
        "I want you to write the release notes in British English.",
        "I want you to add a regression check first.",
        "Our invoices are paper, file them in the blue binder.",
    ],
)
def test_standing_rules_that_look_like_requests_keep_their_force(sentence: str) -> None:
    assert for_the_moment(sentence) == ""
    assert read(sentence).rule


@pytest.mark.parametrize(
    "sentence", ["Let's always squash merge feature branches.", "From now on let's use pnpm.", "Keep them tidy."]
)
def test_a_habit_or_a_change_said_beside_a_request_is_no_moment(sentence: str) -> None:
    assert for_the_moment(sentence) == ""


def test_request_reading_names_verb_and_object() -> None:
    got = requests_in("if yes, prepare a commit title and description with everything we did")
    assert [(r.verb, r.object) for r in got] == [("prepare", ("commit", "title"))]
    assert requests_in("great! help me make a release note for the fix")[0].verb == "make"
    assert requests_in("the build passes") == ()


@pytest.mark.parametrize(
    "text",
    [
        "let's " * 20_000,
        "and " * 30_000 + "commit",
        "@a.b " * 10_000,
        "I want to " * 10_000,
        "add the " * 20_000,
        ", " * 30_000,
    ],
)
def test_long_runs_of_the_patterns_pieces_stay_linear(text: str) -> None:
    start = time.perf_counter()
    for_the_moment(text)
    requests_in.cache_clear()
    requests_in(text)
    assert time.perf_counter() - start < 2.0


def test_habit_rules_are_established_and_content_stable() -> None:
    sessions = [["commit and push"], ["commit and push now"], ["commit and push, thanks"]]
    obs = _observations(sessions)
    first = habit_rules(obs, fold(obs))
    again = habit_rules(list(reversed(obs)), fold(obs))
    assert [r.rule_id for r in first] == [r.rule_id for r in again]
    assert all(r.established and r.facet is not Facet.DIRECTIVES and r.support_sessions == 3 for r in first)


def test_a_session_saved_twice_counts_once() -> None:
    chat = ["add a summary paragraph to the minutes", "always cite the source of a figure", "use plain words"]
    # the same chat exported twice (a copy) and one more asking: two sessions, not three (the copy
    # is dropped before the fold, `repeats.counted_once`; session 53 kept one implementation)
    sessions = [chat, list(chat), ["add a summary paragraph to the newsletter"]]
    obs = _observations(sessions)
    assert repeats.copied_sessions(obs) == {"s1"}
    obs = [o for o in obs if o.session_id != "s1"]
    assert habit_rules(obs, fold(obs)) == []
    # three chats of their own asking for it: a habit
    other = [
        ["add a summary paragraph to the minutes", "use plain words"],
        ["add a summary paragraph to the newsletter", "never guess a date"],
        ["add a short summary paragraph to the report"],
    ]
    assert len(_habits(other)) == 1


def test_a_paragraph_pasted_the_same_way_each_time_is_no_habit() -> None:
    template = "The linter reports this problem. Always explain the cause of a warning. Add a comment above the line."
    assert _habits([[template], [template.replace("this", "that")], [template]]) == []
    typed = [
        ["Always explain the cause of a warning. Add a comment above the parser loop."],
        ["Add a comment above the retry block."],
        ["Keep answers short. Add a comment above the cache lookup."],
    ]
    assert len(_habits(typed)) == 1


def test_a_short_imperative_is_a_sentence_of_its_own_not_a_fragment() -> None:
    from persona_pipeline.persona.digest.offline import spans

    assert spans("Go ahead. Also, from now on, never ask me before running the linter.") == [
        "Go ahead.",
        "Also, from now on, never ask me before running the linter.",
    ]
    assert spans("pathlib. don't reach for os.path") == ["pathlib. don't reach for os.path"]


def test_a_request_put_as_a_question_counts_towards_a_habit_but_states_nothing() -> None:
    asked = "can you please draft the release notes for what we shipped?"
    r = read(asked)
    assert not r.rule and r.corroborates
    assert not read("can you tell me why the build is slow?").corroborates  # asks for information
    sessions = [
        ["great! can you please draft the release notes for what we shipped?"],
        ["could you write the release notes for this sprint's work?"],
        ["please draft the release notes for everything we merged"],
    ]
    habits = _habits(sessions)
    assert len(habits) == 1 and "release notes" in habits[0]


def test_many_requests_sharing_a_verb_and_one_object_word_stay_linear() -> None:
    """Each request its own kind under one shared (verb, object word) key: the pass compares a request
    with a bounded number of kinds per key, not with every earlier one (rev52c H6)."""
    from persona_pipeline.persona.habits import habit_kinds
    from persona_pipeline_tests.timing import assert_linear

    syllables = ["ba", "de", "fi", "go", "hu", "ja", "ke", "li", "mo", "nu"]

    def build(n: int) -> list[Observation]:
        words = ["".join(syllables[int(c)] for c in f"{i:04d}") for i in range(n)]
        return _observations([[f"add a {w} column"] for w in words])

    assert_linear(habit_kinds, build, 1600, factor=4, max_ratio=8.0)
