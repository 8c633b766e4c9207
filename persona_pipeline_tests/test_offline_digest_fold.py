"""The offline digester and the fold: the person's own words as rules, one-offs and questions
left out, polarity read from negation scope, recurrence across wordings, contradictions."""

from __future__ import annotations

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Facet, Observation
from persona_pipeline.persona.digest.offline import OfflineDigester, classify
from persona_pipeline.persona.digest.reading import assignment, read
from persona_pipeline.persona.digest.similarity import similarity, stance, tokens
from persona_pipeline.persona.fold import fold
from persona_pipeline.persona.pack import compile_pack


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


def _obs(*inputs: DigestInput) -> list[Observation]:
    return [o for r in OfflineDigester().digest_many(list(inputs)) for o in r.observations]


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
        # everyday speech: first-person preferences and personal judgements, no cue word
        "I'm a vim person",
        "long PRs are too much for me to review",
        "functions over 30 lines are a smell to me",
        "I hate trailing whitespace",
        "honestly, I'd rather have one big test file",
        "my terminal is kitty",
        # modal obligation and habits
        "tests should never touch the network",
        "every endpoint needs an OpenAPI description",
        "before you push, run the linters",
        # universal quantifiers anywhere, states to keep, general judgements
        "run the whole suite before every merge",
        "keep diffs minimal",
        "keep it brief, a couple of sentences is enough",
        "the fewer layers the better",
        "Makefiles are the nicest way to run tasks",
    ],
)
def test_everyday_preferences_are_rules_with_explicit_force(text: str) -> None:
    r = read(text)
    assert r.rule and r.strength == 1.0, (text, r)


@pytest.mark.parametrize(
    "text",
    [
        "add a CSV export to the report page",
        "fix the failing test in test_ledger.py",
        "rename the amt column to amount_cents everywhere",
        "why is the chart off by one hour?",
        "make the error messages shorter",
        "Stop, you're reaching for os.path again",
        "Don't merge release/x yet, QA is still on it",
        "the retry always gives up after 3 attempts, which looks like a bug",
        "the session cookie never expires",
        "use sqlite for now",
        "can you check whether the build passes",
        "bump the SDK to 4.2.0",
        "the cache TTL should be 10 minutes, not an hour",
        "skip the slow tests this time",
        "this function is too long",
        "see screenshot",
        "make it faster",
        "keep it as it is for now",
        "fix all the failing tests",
        "write a script that dumps the table to CSV",
        "check whether the webhook fires twice",
    ],
)
def test_one_offs_bug_reports_and_questions_are_not_rules(text: str) -> None:
    [res] = OfflineDigester().digest_many([_inp("u", [text])])
    # at most a corroborating reading (a definite object), which never makes a rule on its own
    assert all(not read(o.quote).rule for o in res.observations), [
        (o.statement, read(text).why) for o in res.observations
    ]
    twice = fold(_obs(_inp("s1", [text]), _inp("s2", [text], ts="2026-10-02T00:00:00Z")))
    assert compile_pack(twice).bullets == []


def test_a_corroborating_reading_adds_support_but_never_names_or_establishes() -> None:
    stated = _inp("s1", ["small diffs, always"], Tier.T2, "2026-01-01T00:00:00Z")
    corroborating = _inp("s2", ["make the diffs small"], Tier.T1, "2026-02-01T00:00:00Z")
    assert not read("make the diffs small").rule and read("make the diffs small").corroborates
    rules = fold(_obs(stated, corroborating))
    assert [(b.text, b.support_sessions) for b in compile_pack(rules).bullets] == [("Small diffs, always.", 2)]
    # two corroborating readings alone are no rule
    again = _inp("s3", ["make the diffs small"], Tier.T1, "2026-03-01T00:00:00Z")
    assert compile_pack(fold(_obs(corroborating, again))).bullets == []


@pytest.mark.parametrize("text", ["scaffold a schema for accounts", "write diffs small"])
def test_a_bare_imperative_is_weak_and_needs_recurrence(text: str) -> None:
    """No marker says it is a one-off, none that it is a habit: a weak reading, which becomes a
    pack rule only when said in two sessions."""
    r = read(text)
    assert r.strength < 1.0
    once = fold(_obs(_inp("s1", [text])))
    assert compile_pack(once).bullets == []
    twice = fold(_obs(_inp("s1", [text]), _inp("s2", [text], ts="2026-10-02T00:00:00Z")))
    assert [b.text for b in compile_pack(twice).bullets] == [f"{text[:1].upper()}{text[1:]}."]


def test_statements_are_the_persons_words_trimmed_of_filler() -> None:
    def statement(text: str) -> str:
        [o] = _obs(_inp("u", [text]))
        return o.statement

    assert statement("no, use pathlib instead of os.path please") == "Use pathlib instead of os.path."
    assert statement("Honestly, answer tersely, no preamble") == "Answer tersely, no preamble."
    assert statement("functions over 30 lines are a smell to me") == "Functions over 30 lines are a smell to me."
    assert statement("ok so we use uv for env management, thanks") == "We use uv for env management."
    assert statement("no print() debugging in here") == "No print() debugging in here."  # "no X" is not filler
    # a fragment joins the rule sentence after it, so the preferred tool stays in the rule
    assert statement("no, pathlib. don't reach for os.path") == "Pathlib. don't reach for os.path."


def test_polarity_is_read_from_negation_scope() -> None:
    def s(text: str) -> tuple[set[str], set[str]]:
        p, n = stance(text)
        return set(p), set(n)

    assert s("use polars, not pandas") == ({"polars"}, {"panda"})
    assert s("I prefer pathlib over os.path") == ({"pathlib"}, {"os.path"})
    assert s("actually, don't use pandas anymore, we use polars now") == ({"polars"}, {"panda"})
    assert s("we replaced loguru with structlog")[1] == {"loguru"}
    # the subject of a negated predicate is its topic, not a preference
    assert s("Tiny private helpers don't need docstrings") == (set(), {"docstrings"})
    assert s("stop adding docstrings to every tiny helper")[1] >= {"docstrings"}


def test_similarity_weighs_rare_words_over_common_ones() -> None:
    a, b = tokens("use polars, not pandas"), tokens("stick with polars for the date filtering")
    c = tokens("use the logging module")
    assert similarity(a, b) > 0.3 > similarity(a, c)
    assert tokens("abbreviations in names") & tokens("abbreviated names")  # a shared prefix


def test_facets_by_what_the_rule_is_about() -> None:
    labelled = {
        "Keep answers short and skip the recap.": Facet.COMMUNICATION,
        "Explain the trade-offs before the code.": Facet.COMMUNICATION,
        "Prefer small functions with descriptive names.": Facet.CODING_STYLE,
        "Add a docstring to every public class.": Facet.CODING_STYLE,
        "We use duckdb for analytics.": Facet.STACK,
        "Use a real database in tests, not mocks.": Facet.WORKFLOW,
        "Rebase before you open a pull request.": Facet.WORKFLOW,
        "My editor is emacs.": Facet.ENVIRONMENT,
        "I'm on Windows with WSL.": Facet.ENVIRONMENT,
        "Never force-push.": Facet.ANTI_PREFERENCES,
    }
    assert {s: classify(s) for s in labelled} == labelled


def test_clauses_with_secrets_never_become_rules() -> None:
    [res] = OfflineDigester().digest_many([_inp("u", ["always use key [REDACTED:openai_key:1a2b3c4d] for this"])])
    assert res.observations == []


def test_fold_merges_wordings_across_sessions_and_counts_support() -> None:
    obs = _obs(
        _inp("s1", ["use polars, not pandas"], Tier.T1, "2026-09-01T00:00:00Z", "a"),
        _inp("s2", ["stick with polars for the date filtering"], Tier.T2, "2026-09-05T00:00:00Z", "b"),
        _inp("s3", ["type hints everywhere"], Tier.T2, "2026-09-06T00:00:00Z", "a"),
    )
    rules = [r for r in fold(obs) if r.superseded_by is None]
    polars = [r for r in rules if "polars" in r.statement.lower()]
    assert len(polars) == 1
    r = polars[0]
    assert r.support_sessions == 2 and r.support_projects == 2 and r.score == pytest.approx(0.9 + 0.7)
    assert r.statement == "Use polars, not pandas."  # the T1 wording names the rule, as said
    assert r.first_seen == "2026-09-01T00:00:00Z" and r.last_seen == "2026-09-05T00:00:00Z"


def test_fold_is_deterministic_in_any_input_order() -> None:
    inputs = [
        _inp("s1", ["use polars, not pandas"]),
        _inp("s2", ["we use polars"]),
        _inp("s3", ["type hints everywhere"]),
    ]
    obs = _obs(*inputs)
    assert [r.model_dump() for r in fold(list(reversed(obs)))] == [r.model_dump() for r in fold(obs)]
    again = _obs(*inputs)
    assert [o.observation_id for o in again] == [o.observation_id for o in obs]  # content-stable ids


def test_contradiction_newer_wins_whatever_the_tiers() -> None:
    old = _inp("s1", ["use pandas instead of polars"], Tier.T2, "2026-01-01T00:00:00Z")
    new = _inp("s2", ["use polars instead of pandas"], Tier.T2, "2026-06-01T00:00:00Z")
    rules = fold(_obs(old, new))
    current = [r for r in rules if r.superseded_by is None]
    superseded = [r for r in rules if r.superseded_by is not None]
    assert [r.statement for r in current] == ["Use polars instead of pandas."]
    assert [r.statement for r in superseded] == ["Use pandas instead of polars."]
    assert superseded[0].superseded_by == current[0].rule_id
    # an older correction (T1) does not outlive a newer plain prompt (T2) of the opposite
    corr = _inp("s3", ["no, use pandas instead of polars"], Tier.T1, "2025-01-01T00:00:00Z")
    current = [r for r in fold(_obs(corr, new)) if r.superseded_by is None]
    assert [r.statement for r in current] == ["Use polars instead of pandas."]
    # and a newer correction beats an older plain prompt
    late = _inp("s4", ["no, use pandas instead of polars"], Tier.T1, "2026-09-01T00:00:00Z")
    current = [r for r in fold(_obs(new, late)) if r.superseded_by is None]
    assert [r.statement for r in current] == ["Use pandas instead of polars."]


def test_a_newer_explicit_reversal_wins_whatever_the_tiers() -> None:
    corr = _inp("s1", ["no, use pandas instead of polars"], Tier.T1, "2025-01-01T00:00:00Z")
    rev = _inp("s2", ["we moved off pandas, polars from now on"], Tier.T2, "2026-06-01T00:00:00Z")
    current = [r.statement for r in fold(_obs(corr, rev)) if r.superseded_by is None]
    assert current == ["We moved off pandas, polars from now on."]


def test_a_reversal_supersedes_an_older_group_it_shares_few_words_with() -> None:
    old = [_inp(f"o{i}", ["we use pandas for the quarterly reports"], ts=f"2026-0{i}-01T00:00:00Z") for i in (1, 2)]
    new = [_inp(f"n{i}", ["no more pandas, use polars from now on"], ts=f"2026-0{i}-01T00:00:00Z") for i in (5, 6)]
    rules = fold(_obs(*old, *new))
    current = [r.statement for r in rules if r.superseded_by is None]
    assert current == ["No more pandas, use polars from now on."]
    assert [b.text for b in compile_pack(rules).bullets] == current


def test_rules_that_agree_are_never_contradictions() -> None:
    obs = _obs(
        _inp("s1", ["stop adding docstrings to every tiny helper"], Tier.T1, "2026-01-01T00:00:00Z"),
        _inp("s2", ["Tiny private helpers don't need docstrings"], Tier.T2, "2026-02-01T00:00:00Z"),
    )
    assert [r.statement for r in fold(obs) if r.superseded_by is not None] == []


def test_t3_alone_never_establishes_a_rule() -> None:
    obs = _obs(_inp("g", ["always use tabs"], Tier.T3))
    assert obs and all(not r.established for r in fold(obs))


@pytest.mark.parametrize(
    ("text", "preferred", "rejected"),
    [
        # a judgement of its subject leans by the general-English valence of what is said of it
        ("force-pushing to main is not ok", set(), {"force-pushing"}),
        ("jquery makes me uneasy", set(), {"jquery"}),
        ("kotlin reads much nicer than groovy", {"kotlin"}, {"groovy"}),
        ("terraform works best for me", {"terraform"}, set()),
        # a first-person verb of liking or disliking, or of finding something good or bad
        ("I hate jquery in new code", set(), {"jquery"}),
        ("I find jquery distracting", set(), {"jquery"}),
        ("I love terraform for infra", {"terraform"}, set()),
    ],
)
def test_judgements_lean_by_the_valence_of_their_predicate(text: str, preferred: set[str], rejected: set[str]) -> None:
    p, n = stance(text)
    assert preferred <= p and rejected <= n and not (p & rejected) and not (n & preferred), (p, n)


def test_a_statement_that_agrees_more_than_it_disagrees_is_not_a_contradiction() -> None:
    # both reject stubbing and want a real server; one names the server as what it stubs, the other
    # as what the tests hit: agreement outweighs that, so neither supersedes the other
    obs = _obs(
        _inp("s1", ["don't stub the server in tests, use a real one"], Tier.T2, "2026-01-01T00:00:00Z"),
        _inp("s2", ["never stub the api, tests hit a real server"], Tier.T2, "2026-02-01T00:00:00Z"),
    )
    assert len({r.rule_id for r in fold(obs)}) == 1
    assert [r.statement for r in fold(obs) if r.superseded_by is not None] == []
    # a real reversal still is one
    old = _inp("o", ["always use jquery for the widgets"], Tier.T2, "2026-01-01T00:00:00Z")
    new = _inp("n", ["no jquery, use htmx for the widgets"], Tier.T2, "2026-03-01T00:00:00Z")
    assert [r.statement for r in fold(_obs(old, new)) if r.superseded_by is not None] == [
        "Always use jquery for the widgets."
    ]


def test_quoted_examples_and_the_words_of_liking_do_not_decide_grouping() -> None:
    # 'toque' / 'beanie' are examples of the rule, "stick with" is how a stance is said
    quoted = tokens("Canadian English please, 'toque' not 'beanie'")
    assert similarity(quoted, tokens("we write Canadian English here")) > 0.5
    assert similarity(tokens("stick with gradle for builds"), tokens("stick with mocha for tests")) < 0.3


def test_a_newer_reversal_names_its_group_and_supersedes_older_judgements() -> None:
    old = [
        _inp("o1", ["no, we use jquery for the widgets"], Tier.T1, "2026-01-01T00:00:00Z"),
        _inp("o2", ["jquery is my favourite for the widgets"], Tier.T1, "2026-02-01T00:00:00Z"),
    ]
    new = [_inp("n1", ["no more jquery for the widgets, htmx from now on"], Tier.T2, "2026-05-01T00:00:00Z")]
    rules = fold(_obs(*old, *new))
    current = [r.statement for r in rules if r.superseded_by is None]
    assert current == ["No more jquery for the widgets, htmx from now on."]
    # the judgement's stance is inferred, yet an older one still gives way to a newer reversal
    lost = [q for r in rules if r.superseded_by is not None for q in r.quotes]
    assert "jquery is my favourite for the widgets" in lost
    # a newer reversal names its group, though an older correction in it agrees and ranks higher
    agree = _inp("a1", ["no, always use htmx for the widgets"], Tier.T1, "2026-01-01T00:00:00Z")
    current = [r.statement for r in fold(_obs(agree, *new)) if r.superseded_by is None]
    assert current == ["No more jquery for the widgets, htmx from now on."]


def test_a_directive_is_established_whatever_its_grammar() -> None:
    # an instruction-file line shaped like a task (a definite object) is still the person's rule
    text = "Update the CHANGELOG in the same commit as the change."
    assert not read(text).rule
    o = Observation(
        observation_id="d1",
        unit_key="instructions/repo/AGENTS.md",
        session_id=None,
        project="repo",
        facet=Facet.DIRECTIVES,
        statement=text,
        tier=Tier.T0,
        strength=1.0,
        quote=text,
        evidence_ids=["e1"],
        timestamp="2026-01-01T00:00:00Z",
        model="verbatim",
        prompt_version="directives-v1",
    )
    [rule] = fold([o])
    assert rule.established and [b.text for b in compile_pack([rule]).bullets] == [text]


# --- generalisation (issue 15): mechanisms read from grammar and general-English resources ----
def test_similarity_tokens_read_english_morphology() -> None:
    """Inflections the frequency list lacks, negated adjectives, agent nouns, file names and
    compounds share tokens with their base words; an English compound is not a rare name."""
    from persona_pipeline.persona.digest.similarity import weight

    assert tokens("lay out the trade-offs") & tokens("the tradeoffs matter")
    assert "changelog" in tokens("update CHANGELOG.md")
    assert tokens("an untyped helper") & tokens("typed helpers")
    assert tokens("the type checker") & tokens("type checking")
    assert weight("user-facing") < weight("kubectl-specific") == weight("kubectl")  # a name English lacks
    assert "polars" in tokens("use polars")  # a tool is never read as a plural ("polar")


def test_grouping_reads_what_a_statement_is_about() -> None:
    """The words that frame a judgement ("my X is", "… drives me up the wall", "…, so …") do not
    decide grouping: wordings of one rule group on their subject, two judgements apart."""
    from persona_pipeline.persona.digest.similarity import topic

    assert topic("my terminal is kitty, so ligature tricks look fine") == frozenset({"kitty"})
    assert "esbuild" in topic("the old bundler kept timing out, so esbuild from now on")  # the rule itself
    a = _inp("s1", ["my terminal is kitty, so ligature tricks look fine"], ts="2026-03-01T00:00:00Z")
    b = _inp("s2", ["I spend the whole day in kitty, give me shortcuts for it"], ts="2026-04-01T00:00:00Z")
    kitty = [r for r in fold(_obs(a, b)) if "kitty" in r.statement.lower()]
    assert len(kitty) == 1 and kitty[0].support_sessions == 2
    c = _inp("s3", ["unused imports are a pet hate of mine"], ts="2026-03-01T00:00:00Z")
    d = _inp("s4", ["long lambdas are my biggest pet hate"], ts="2026-04-01T00:00:00Z")
    assert all(r.support_sessions == 1 for r in fold(_obs(c, d)))


def test_a_reversal_that_puts_another_tool_in_the_same_place_supersedes() -> None:
    """ "pino handles structured logging now" after "for structured logging I use bunyan": the
    newer reversal names no loser, yet it reverses the older rule (whatever the tiers)."""
    old = [
        _inp(f"o{i}", ["for structured logging in node I use bunyan"], Tier.T1, f"2026-0{i}-01T00:00:00Z")
        for i in (1, 2)
    ]
    new = [
        _inp(f"n{i}", ["in node, structured logging goes through pino now"], ts=f"2026-0{i}-01T00:00:00Z")
        for i in (5, 6)
    ]
    rules = fold(_obs(*old, *new))
    assert [r.statement for r in rules if r.superseded_by is None] == [
        "In node, structured logging goes through pino now."
    ]
    # another named thing in another place is no reversal of it
    other = [_inp(f"x{i}", ["I deploy services with kamal"], ts=f"2026-0{i}-01T00:00:00Z") for i in (3, 4)]
    kept = [r.statement for r in fold(_obs(*other, *new)) if r.superseded_by is None]
    assert "I deploy services with kamal." in kept


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("the nightly export always skips the first row", False),  # what something does
        ("the importer never retries on a timeout", False),
        ("we moved our CI to buildkite last quarter", True),  # a dated change of habit
        ("I moved the fixtures to a new folder yesterday", False),  # a one-off report
        ("yes, that's the bundler we use, keep esbuild", True),  # a standing choice, not one thing
    ],
)
def test_reading_descriptions_changes_and_standing_choices(text: str, rule: bool) -> None:
    assert read(text).rule is rule, read(text)


def test_a_first_person_verb_leans_by_its_valence() -> None:
    p, n = stance("I reject anything that vendors lodash")
    assert "lodash" in n and "lodash" not in p
    p, n = stance("we trust terraform for every environment")
    assert "terraform" in p
    # "X without Y isn't done": a double negative, a condition — Y is wanted
    p, n = stance("a release without a changelog entry is not finished")
    assert "changelog" in p and "changelog" not in n


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my shell is fish, use its syntax", ("shell", "fish")),
        ("kakoune is my editor now", ("editor", "kakoune")),
        ("I switched browsers to Vivaldi a few weeks ago", ("browsers", "vivaldi")),
        ("the linter is oxlint these days", ("linter", "oxlint")),
        ("my rule of thumb is small functions", None),  # no slot filled by a name
        ("my editor is the one the team shares", None),  # a description, not a name
    ],
)
def test_assignments_of_a_slot_are_read(text: str, expected: tuple[str, str] | None) -> None:
    assert assignment(text) == expected


def test_a_reversal_that_fills_a_slot_again_supersedes_the_older_choice() -> None:
    """ "kakoune is my editor now" after "my editor is Emacs, use its init file": one slot holds
    one thing, so the newer reversal supersedes the older choice though their other words differ."""
    old = [_inp(f"o{i}", ["my editor is Emacs, use its init file"], ts=f"2026-0{i}-01T00:00:00Z") for i in (1, 2)]
    new = [_inp(f"n{i}", ["kakoune is my editor now"], ts=f"2026-0{i}-01T00:00:00Z") for i in (5, 6)]
    current = [r.statement for r in fold(_obs(*old, *new)) if r.superseded_by is None]
    assert current == ["Kakoune is my editor now."]
    # without a reversal, an older statement is not overruled by one that fills another slot
    other = [_inp(f"x{i}", ["my shell is nushell"], ts=f"2026-0{i}-01T00:00:00Z") for i in (5, 6)]
    kept = [r.statement for r in fold(_obs(*old, *other)) if r.superseded_by is None]
    assert "My editor is Emacs, use its init file." in kept
    # "the linter is oxlint these days": a change of habit said of a slot, not one thing's state
    assert read("the linter is oxlint these days").rule
    assert not read("the staging server is down these days").rule


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("don't reformat anything in this migration", False),  # the task at hand
        ("for these endpoints, return 404 rather than 403", False),
        ("no need for feature branches on this stuff, commit to trunk", False),
        ("in this repo we always use tabs", True),  # a standing place
        ("for this kind of change, always write a test first", True),
    ],
)
def test_a_deictic_scope_marks_the_task_at_hand(text: str, rule: bool) -> None:
    assert read(text).rule is rule, read(text)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("closing the modal on Firefox leaves the overlay behind every time", False),  # what it does
        ("the nightly job in the billing service always runs twice", False),  # one thing's parts
        ("the exporter never actually flushes its buffer", False),  # an adverb before the verb
        ("Stripe changed the webhook payload", False),  # what happened to one thing
        ("subscribers get the receipt twice whenever they renew", False),  # an event counted
        ("run the linter twice before a release", False),  # a request with a definite object
        ("give functions their own module, always", True),  # an imperative, not a report
        ("integration tests against a real broker beat mocked ones every time", True),  # a judgement
        ("a docstring that just repeats the signature is noise to me", True),  # a relative clause
        ("the fewer layers the better", True),
    ],
)
def test_reports_of_what_something_does_are_not_rules(text: str, rule: bool) -> None:
    assert read(text).rule is rule, read(text)


def test_a_standing_role_is_no_report_and_may_corroborate() -> None:
    assert read("poetry handles the lockfile").corroborates  # no frequency, no past: not a report
    assert not read("poetry always rewrites the lockfile").corroborates  # what it does, every time


def _derived_obs(unit: str, statement: str, quote: str, ts: str) -> Observation:
    """A convention a digester stated from a batch of commits, its quote one commit line."""
    return Observation(
        observation_id=f"{unit}-{statement}",
        unit_key=unit,
        session_id=unit,
        project=unit,
        timestamp=ts,
        evidence_ids=[f"{unit}-batch"],
        facet=Facet.WORKFLOW,
        statement=statement,
        tier=Tier.T2,
        strength=0.7,
        quote=quote,
        model="offline",
        prompt_version="test",
    )


def test_conventions_stated_from_commits_are_rules_of_their_own() -> None:
    """Conventions counted over commit batches share words ("commit subjects …") yet are different
    rules; their quotes are commit lines, not sentences to read for force; the person's own
    wording of a rule is never renamed by one."""
    conventions = ["Keep commit subjects under 50 characters.", "Write commit subjects in the imperative mood."]
    quotes = ["chore: scaffold the thing", "the layout follows the other repo, so no new config"]
    obs = [
        _derived_obs(repo, st, q, f"2026-0{i}-01T00:00:00Z")
        for i, repo in ((1, "git/a"), (2, "git/b"))
        for st, q in zip(conventions, quotes, strict=True)
    ]
    said = _obs(
        _inp("s1", ["short commit subjects please"], ts="2026-03-01T00:00:00Z"),
        _inp("s2", ["short commit subjects please"], ts="2026-04-01T00:00:00Z"),
    )
    bullets = sorted(b.text for b in compile_pack(fold([*obs, *said])).bullets)
    assert bullets == sorted([*conventions, "Short commit subjects."])


def test_a_bare_imperative_is_not_established_by_corroboration_alone() -> None:
    """A weak reading needs to recur as said: a corroborating request elsewhere ("make the error
    messages shorter") does not turn "focus on error handling" into a rule."""
    obs = _obs(
        _inp("s1", ["focus on error handling"], ts="2026-01-01T00:00:00Z"),
        _inp("s2", ["make the error messages shorter"], ts="2026-02-01T00:00:00Z"),
    )
    assert compile_pack(fold(obs)).bullets == []
    again = _obs(_inp("s3", ["focus on error handling"], ts="2026-03-01T00:00:00Z"))
    assert [b.text for b in compile_pack(fold([*obs, *again])).bullets] == ["Focus on error handling."]
    # a corroborating reading that names what the bare imperative names (a rare word) supports it
    named = _obs(
        _inp("s1", ["podman for containers"], ts="2026-01-01T00:00:00Z"),
        _inp("s2", ["put the image on podman"], ts="2026-02-01T00:00:00Z"),
    )
    assert [b.text for b in compile_pack(fold(named)).bullets] == ["Podman for containers."]


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("when you cite code, give me the path and the line", True),  # a subordinate clause, no question
        ("when you run the migrations", False),  # no main clause: not a statement of a rule
        ("I do better with short answers", True),  # a first-person comparative judgement
        ("I would do better with a nap", False),
    ],
)
def test_subordinate_clauses_and_first_person_comparatives(text: str, rule: bool) -> None:
    assert read(text).rule is rule, read(text)


def test_a_hyphenated_compound_and_its_plural_are_one_token() -> None:
    assert "f-string" in tokens("f-strings by default") & tokens("an f-string over concatenation")


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("don't deploy the billing branch until Okonkwo has signed it off", False),  # one awaited event
        ("park the refactor till Mia's review is in", False),
        ("don't say done until the tests pass", True),  # a condition that recurs
        ("never merge until CI is green", True),
    ],
)
def test_waiting_for_one_event_is_a_one_off(text: str, rule: bool) -> None:
    assert read(text).rule is rule, read(text)


@pytest.mark.parametrize(
    ("text", "preferred", "rejected"),
    [
        ("I'd honestly rather you drop the boilerplate and show the diff", {"diff"}, {"boilerplate"}),
        ("please remove the docstrings", set(), {"docstrings"}),
        ("we dropped poetry for uv", {"uv"}, {"poetry"}),
    ],
)
def test_a_verb_of_removal_rejects_its_object(text: str, preferred: set[str], rejected: set[str]) -> None:
    pos, neg = stance(text, 1.0)
    assert preferred <= pos and rejected <= neg and not rejected & pos, (pos, neg)
