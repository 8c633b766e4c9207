"""Reading unseen phrasings: English morphology beyond the frequency list's cut-off, negated
predicates, quantities of less, stories, anaphora, standing arrangements and weekday habits.
Every sentence here is written for this file."""

from __future__ import annotations

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Observation
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.digest.reading import clauses, read, reversal, sentences
from persona_pipeline.persona.digest.similarity import _key, stance, tokens, topic
from persona_pipeline.persona.fold import fold


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("singletons", "singleton"),  # a plural the list lacks, of a rare word
        ("tuples", "tuple"),
        ("lambdas", "lambda"),
    ],
)
def test_an_unlisted_inflection_is_its_listed_word(a: str, b: str) -> None:
    assert _key(a) == _key(b)


def test_a_common_words_unlisted_plural_stays_a_name_and_a_prefix_is_no_common_word() -> None:
    assert _key("polars") == "polars"  # "polar" is too common for English to write "polars"
    assert _key("singleton") != _key("single")  # not cut to a commoner word of its own


def test_versioned_names_and_calls_name_their_parts() -> None:
    assert "fedora" in tokens("I run fedora40 at home")
    assert "rmtree" in tokens("shutil.rmtree in a loop is scary")
    assert _key("memoized") == "memoized"  # no listed base: a name, whole


def test_a_preposition_before_me_frames_nothing() -> None:
    assert "migrat" in topic("talk with me before writing a migration") or "migration" in topic(
        "talk with me before writing a migration"
    )


@pytest.mark.parametrize(
    ("text", "preferred", "rejected"),
    [
        ("mocking the clock has never ended well, use a fake timer", {"fake", "timer"}, {"mock", "clock"}),
        ("fewer mocks, more real objects", {"object"}, {"mock"}),
        ("less jargon in the summaries", set(), {"jargon"}),
        ("we once wrote everything in perl", set(), set()),
    ],
)
def test_negated_predicates_quantities_of_less_and_stories(text: str, preferred: set[str], rejected: set[str]) -> None:
    p, n = stance(text, 1.0)
    assert preferred <= p
    assert rejected <= n
    if not preferred and not rejected:
        assert not p and not n


def test_a_long_copular_subject_is_a_judgement_with_no_stance_read() -> None:
    assert stance("rebasing a branch somebody else is sharing is a good way to lose work", 1.0) == (
        frozenset(),
        frozenset(),
    )


@pytest.mark.parametrize(
    ("text", "rule", "why"),
    [
        ("merge it first", False, "anaphoric"),  # what "it" is was said before
        ("keep it tidy", True, "standing state"),
        ("the changelog entry is mandatory from now on", True, None),  # a standing arrangement
        ("the changelog entry is wrong", False, None),
        ("the entire pipeline has to be green before a merge", True, None),  # a relational definite
        ("we ship on thursdays", True, None),  # a weekday in the plural is a habit
        ("wednesday is demo day from now on", True, None),
        ("hold the demo until thursday", False, "deictic time"),
    ],
)
def test_reading_anaphora_arrangements_and_weekdays(text: str, rule: bool, why: str | None) -> None:
    r = read(text)
    assert r.rule is rule
    if why:
        assert r.why == why


def test_a_change_under_way_is_a_reversal_and_rejects_what_it_leaves() -> None:
    text = "we're dropping jenkins, pipelines go through buildkite"
    assert reversal(text)
    assert tokens("jenkins") <= stance(text, 1.0)[1]


def _inp(unit: str, text: str, ts: str) -> DigestInput:
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=Tier.T2, kind="prompt", excerpt=text, timestamp=ts, project="p")]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


def _obs(*inputs: DigestInput) -> list[Observation]:
    return [o for r in OfflineDigester().digest_many(list(inputs)) for o in r.observations]


def test_a_negated_judgement_agrees_with_a_refusal_of_the_same_thing() -> None:
    obs = _obs(
        _inp("s1", "never hardcode credentials in config files", "2026-03-01T00:00:00Z"),
        _inp("s2", "hardcoding credentials has never once ended well, so use the vault", "2026-04-01T00:00:00Z"),
    )
    rules = [r for r in fold(obs) if "credentials" in r.statement.lower()]
    assert rules and not any(r.superseded_by for r in rules)


def test_a_pronoun_only_statement_never_names_a_rule() -> None:
    obs = _obs(
        _inp("s1", "lint the whole monorepo before you push", "2026-03-01T00:00:00Z"),
        _inp("s2", "lint it first", "2026-04-01T00:00:00Z"),
    )
    assert all(r.statement != "Lint it first." for r in fold(obs))


def test_a_bare_phrase_does_not_supersede_a_stated_refusal() -> None:
    obs = _obs(
        _inp("s1", "no monkeypatching please, inject the clock", "2026-03-01T00:00:00Z"),
        _inp("s2", "monkeypatching = hidden coupling, hard pass", "2026-04-01T00:00:00Z"),
    )
    assert not any(r.superseded_by for r in fold(obs) if "monkeypatching" in r.statement.lower())


def test_a_change_of_habit_may_name_a_weekday_and_when_it_happened() -> None:
    assert read("after last quarter we don't demo on thursday anymore, wednesdays now").rule
    assert not read("the demo on thursday got cancelled").rule


@pytest.mark.parametrize(
    ("text", "rule", "why"),
    [
        # a rule with its reason: what the reason describes is the justification, not the topic
        ("The wiki page is where onboarding starts, so keep it current.", True, None),
        ("prefer sqlite for local work, because the docker postgres always eats my battery", True, None),
        ("always vendor the fonts, since the CDN changed the URLs twice", True, None),
        ("keep retries bounded because the queue kept growing", True, None),
        ("I want each failure logged with what we were trying at the time of the call", True, None),
        # still a report: a malfunction given as the reason, or nothing but a report
        ("the staging box is broken, so do not deploy", False, "malfunction"),
        ("the importer always skips the header row", False, "description"),
        ("the queue was growing because the worker crashed", False, None),
    ],
)
def test_a_reason_clause_does_not_make_its_rule_a_report(text: str, rule: bool, why: str | None) -> None:
    r = read(text)
    assert r.rule is rule, r
    if why:
        assert r.why == why, r


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("4.2 is the minimum for the plugin API.", False),  # a number as subject: no inversion
        ("do a clean build before you tag", False),  # "do" + a singular subject cannot be inverted
        ("do the nightly jobs still run", True),
        ("is the staging box up", True),
    ],
)
def test_an_inverted_auxiliary_comes_first_and_agrees(text: str, question: bool) -> None:
    from persona_pipeline.persona.digest.reading import is_question

    assert is_question(text) is question


def test_names_with_numbers_are_not_tickets_and_multipliers_are_not_events() -> None:
    assert read("us-east-2 is where our buckets live").why != "specific reference"
    assert read("pick up OPS-77 today").rule is False
    assert read("oPS-77 got reopened").why == "specific reference"  # a sentence's first letter lower-cased
    assert read("I'd start with htmx, a client framework is three times the code").rule
    assert not read("the importer sends the report twice whenever it retries").rule


def test_a_semicolon_inside_a_word_is_spelling_not_data() -> None:
    assert read("I'm an eli5 kind of reader, tl;dr up top").why != "data"
    assert read("Name;Email;Phone").why == "data"
    assert "tldr" in tokens("a tl;dr first")


def test_a_negated_first_person_present_is_a_disposition() -> None:
    r = read("I don't trust mocks for anything touching the filesystem")
    assert r.rule and r.why == "first-person habit"
    assert "mock" in " ".join(stance("I don't trust mocks for anything touching the filesystem")[1])
    assert not read("I didn't trust the numbers in that report").rule  # a story


def test_a_change_of_habit_may_name_only_what_it_left() -> None:
    r = read("we've moved the backend off Beanstalkd, write it as a Dramatiq actor")
    assert r.rule and r.reversal and r.strength == 1.0
    assert "beanstalkd" in stance("we've moved the backend off Beanstalkd, write it as a Dramatiq actor")[1]
    r = read("dramatiq for new jobs, Celery is being phased out")
    assert r.rule and r.reversal
    assert "celery" in stance("dramatiq for new jobs, Celery is being phased out")[1]
    assert not read("the nightly export is being rewritten").rule  # no verb of retiring: a description


def test_a_consequence_that_says_what_to_do_is_the_topic_and_a_story_before_it_is_not() -> None:
    # "X, so Y": what follows "so" is the consequence; when it says what to do it is the rule
    glossary = tokens("glossary")
    assert glossary <= topic("we're a Canadian team, so a glossary for every manual")
    story = topic("we got bitten by a mistranslation last year, so a glossary for every manual")
    assert glossary <= story and not tokens("mistranslation") & story
    # a consequence stated as a fact is why, not what: the rule is what comes before it
    assert topic("my editor is helix, so vim-only keybindings in docs confuse me") == topic("my editor is helix")


def test_a_verb_coordinated_with_an_imperative_has_no_subject() -> None:
    assert tokens("draft publish") <= topic("outline the draft and let me review before you publish")


def test_a_compound_of_content_words_is_one_word_however_it_is_spelled() -> None:
    from persona_pipeline.persona.digest.similarity import similarity

    hyphen, apart = topic("show me the dry-run output"), topic("a dry run before anything touches prod")
    assert similarity(hyphen, apart) >= 0.5
    hyphen, apart = topic("no side-effects in request handlers"), topic("keep side effects at the edges of the program")
    assert similarity(hyphen, apart) >= 0.5
    assert similarity(topic("keep the read-only replicas warm"), topic("only read the docs you need")) < 0.3


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        # a statement about something else set after a directive is its reason (asyndeton)
        ("I'm a Postgres person, the old Mongo cluster was a constant headache", True),
        ("Use sqlx for queries, the hand-written mappers were a mess", True),
        # a bug stays a bug, and a statement about a thing is no directive to give a reason to
        ("restart the worker, the queue was broken", False),
        ("Harbourview ignores LOG_LEVEL from the env file, it always uses debug.", False),
    ],
)
def test_a_juxtaposed_statement_after_a_directive_is_its_reason(text: str, rule: bool) -> None:
    assert read(text).rule is rule, read(text)


def test_a_tag_question_asks_nothing_of_the_clause_before_it() -> None:
    assert read("a chart without axis labels is useless to me, 40 what?").rule
    assert not read("you merged it, right?").rule
    assert not read("can you rerun the suite, ok?").rule


def test_a_slash_between_function_words_is_a_choice_not_a_path() -> None:
    assert read("deep callbacks are unreadable, I'd take an if/else any day").rule
    assert not read("look at src/parser in the meantime").rule


@pytest.mark.parametrize(
    "text",
    [
        "we've standardised on Buildkite for the batch jobs",
        "we bumped every service to Java 21",
        "we ripped out Redux last year and I don't want it back",
    ],
)
def test_more_verbs_of_changing_what_is_used(text: str) -> None:
    r = read(text)
    assert r.rule and r.reversal, r


def test_a_newer_version_of_a_name_supersedes_the_older() -> None:
    obs = _obs(
        _inp("s1", "stick to es2017 for the widget bundle", "2026-03-01T00:00:00Z"),
        _inp("s2", "keep the widget bundle on es2017, the kiosk browsers are old", "2026-03-05T00:00:00Z"),
        _inp("s3", "es2022 is fair game for new code", "2026-04-01T00:00:00Z"),
        _inp("s4", "go ahead and use es2022 features", "2026-04-09T00:00:00Z"),
    )
    rules = fold(obs)
    older = [r for r in rules if "es2017" in r.statement.lower()]
    newer = [r for r in rules if "es2022" in r.statement.lower() and not r.superseded_by]
    assert older and newer and all(r.superseded_by for r in older)
    # two names are not two versions of one: "uint8_t" and "uint32_t" are no versions
    assert not any(
        r.superseded_by
        for r in fold(
            _obs(
                _inp("s1", "uint8_t for register bytes, never char", "2026-03-01T00:00:00Z"),
                _inp("s2", "uint8_t for the register map, char is signed on this toolchain", "2026-03-04T00:00:00Z"),
                _inp("s3", "uint32_t for counters, never plain int", "2026-04-01T00:00:00Z"),
            )
        )
    )


def test_a_thing_kept_for_a_purpose_fills_a_slot_a_move_can_refill() -> None:
    from persona_pipeline.persona.digest.reading import assignment

    assert assignment("actually stick with yarn for the frontend, CI expects yarn.lock") == ("frontend", "yarn")
    obs = _obs(
        _inp("s1", "stick with yarn for the frontend, CI expects yarn.lock", "2026-03-01T00:00:00Z"),
        _inp("s2", "use yarn for the frontend, the lockfile is committed", "2026-03-09T00:00:00Z"),
        _inp("s3", "we've moved the frontend to turborepo, the lockfile lives at the root", "2026-05-01T00:00:00Z"),
    )
    assert all(r.superseded_by for r in fold(obs) if "yarn" in r.statement.lower())


def test_never_before_a_finite_verb_negates_it_and_prefers_nothing() -> None:
    assert not stance("Put it in the repo, the wiki search never finds anything")[0] & tokens("wiki")


def test_a_mistake_the_agent_repeats_corroborates_a_rule_and_states_none() -> None:
    r = read("you left the debug flag on again")
    assert not r.rule and r.corroborates
    assert not read("you left the debug flag on").corroborates  # once is a report
    obs = _obs(
        _inp("s1", "no debug flags in committed config, ever", "2026-03-01T00:00:00Z"),
        _inp("s2", "you left the debug flag on again", "2026-03-08T00:00:00Z"),
    )
    rules = [r for r in fold(obs) if "debug" in r.statement.lower()]
    assert len(rules) == 1 and rules[0].support_sessions == 2 and rules[0].statement.startswith("No debug")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an abbreviation's full stop ends no sentence, so a rule keeps its example
        (
            "Pick boring tools, e.g. cron over a job queue. Keep the crontab in git.",
            ["Pick boring tools, e.g. cron over a job queue.", "Keep the crontab in git."],
        ),
        ("Write to Dr. Osei first. Then the board.", ["Write to Dr. Osei first.", "Then the board."]),
        (
            "Pack the tent, poles, etc. and leave by 6 a.m. on the dot.",
            ["Pack the tent, poles, etc. and leave by 6 a.m. on the dot."],
        ),
        ("Labels, crates, etc. Then the invoices.", ["Labels, crates, etc.", "Then the invoices."]),
        (
            "Room no. 4 is ours. I said no. Ask again tomorrow.",
            ["Room no. 4 is ours.", "I said no.", "Ask again tomorrow."],
        ),
        ("Use metric units i.e.\nkilograms", ["Use metric units i.e.", "kilograms"]),
    ],
)
def test_an_abbreviations_full_stop_ends_no_sentence(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_a_clause_keeps_its_abbreviation() -> None:
    assert clauses("Prefer plain fabrics, e.g. linen or wool") == ["Prefer plain fabrics", "e.g. linen or wool"]
