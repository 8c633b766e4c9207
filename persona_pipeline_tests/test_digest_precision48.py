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
from persona_pipeline.persona.digest.reading import Reading, read
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
    # one thing in the repository pointed at, whatever the force
    "copy the march invoices of fernbrook-api into the archive bucket, not the live one",
    "profile fernbrook-api with the big seed file and mail me the flame graph",
    "the tide tables in fernbrook-api should round to the nearest minute",
    "list all but the archived greenhouses in the fernbrook-api export",
    "rename the planting calendar endpoints in fernbrook-api to plural nouns",
    # waiting for one event
    "don't reformat the legacy parser in fernbrook-api until the owners sign the handover",
    "freeze all schema changes in fernbrook-api till the census import is over",
    # a fault
    "the pairing screen of fernbrook-api crashes when bluetooth is off, log attached",
    "star names in fernbrook-api come out as 'Alg?eba' on the printed chart",
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
    "never merge into fernbrook-api until the nightly run is green",  # a recurring condition, with "never"
]


@pytest.mark.parametrize("text", STANDING_IN_OWN_PROJECT)
def test_a_habit_said_of_the_repository_at_hand_stays_a_rule(text: str) -> None:
    r = read(text)
    assert r.rule and not task_in_own_project(r, PROJECT)


# rev48c's rows (P1): each said in two sessions of "larchfen"
REV48C_DURABLE = [
    "don't add new dependencies to larchfen without asking me",
    "don't log raw card numbers anywhere in larchfen",
    "do not use print statements in larchfen, use the logger",
    "keep the larchfen changelog in plain text",
    "keep functions in larchfen short",
    "no print statements in larchfen, use the logger",
    "larchfen uses tabs, not spaces",
    "tests for larchfen go next to the module they cover",
    "in larchfen we write the docs in markdown, not rst",
    "please don't bump larchfen's major version without a migration note",
    "I like larchfen's error messages to say how to fix the problem",
    "larchfen's commit messages should be in english",
]
REV48C_ONE_OFF = [
    "don't merge anything into larchfen until the release is cut",
    "upload larchfen's release candidate to the test index, not the real one",
    "larchfen's login page throws a 500 after the update",
]


@pytest.mark.parametrize("text", REV48C_DURABLE)
def test_a_rule_scoped_to_the_repository_is_no_task(text: str) -> None:
    assert not task_in_own_project(read(text), "larchfen")


@pytest.mark.parametrize("text", REV48C_ONE_OFF)
def test_a_bounded_or_pointed_request_in_the_repository_is_a_task(text: str) -> None:
    assert _twice(text, "larchfen") == []


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


def test_the_task_reading_is_linear_on_long_runs() -> None:
    long = [
        "fernbrook-api " + "'" * 40_000,
        "fernbrook-api " + "'a" * 20_000,
        "fernbrook-api " + '"' * 40_000,
        "fernbrook-api " + "' x " * 10_000,
        "fernbrook-api " + "the module they " * 3000,
        "fernbrook-api " + "until " * 8000,
    ]
    start = time.perf_counter()
    for text in long:
        task_in_own_project(Reading(text, True, 1.0, "modal"), PROJECT)
    # ~0.4 s for 40,000 characters each on a loaded 2-core box; a quadratic scan takes minutes
    assert time.perf_counter() - start < 15.0


# --- tentative suggestions, faults of one's own thing, the agent's offers, self-descriptions ------

ONE_OCCASION = {
    "tentative": [
        "maybe we should move the humidity readings to a dashboard at some point",
        "perhaps we should write the ferry timetable scraper in go",
        "possibly we could cache the map tiles on disk",
        "we might want to split the invoice importer into two jobs",
        "it might be worth trying duckdb for the yearly rainfall report",
        "maybe just bump the kiln controller's timeout",
    ],
    "malfunction": [
        "my laptop keeps crashing when the emulator starts",
        "our nightly build fails on the arm runners",
        "my editor freezes whenever I open the seed catalogue",
        "my phone app times out on the recipe sync",
        "our staging cluster hangs after every deploy",
        "and my terminal still breaks the unicode in commit messages",
        "my IDE hangs on indexing the seed catalogue, any idea",  # with an elliptical question
    ],
    "the agent's offer": [
        "Let me know if you want me to add more cases for the telescope mount.",
        "I can also add a retry around the weather fetch if you'd like.",
        "If you want, I can split the pottery glaze table into two files.",
        "I'll write the migration for the bakery orders if you prefer.",
        "If you'd like me to, I could rename the ferry stops too.",
        "let me know if you need the climbing grades exported as csv",
    ],
    "a date": [
        "don't deploy the ferry app before the 3rd of June",
        "ship the rainfall report by 15 March, not later",
        "the grant budget table has to be final on the 30th",
        "no database migrations on 2026-05-01, the auditors are in",
        "keep the greenhouse dashboard read-only until the 14th",
        "don't book the kiln after the 30th",
    ],
    "a run's result": [
        "All 42 tests passed, coverage is 91%",
        "all 3 retries timed out on the tide feed",
        "both 2 replicas restarted during the night",
        "all 12 glaze tests failed",
        "all 250 rows imported",
        "all 7 jobs finished",
    ],
    "reported opinion": [
        "Marta says we should always squash the commits",  # (per clause: no force)
        "my manager thinks we should never use ORMs in the bakery app",
        "the reviewer said to never force push the glaze branch",
        "Priya wants every PR to have a screenshot",
        "our designer insists that every chart has a legend",
        "the old maintainer told me to always vendor the telescope drivers",
    ],
    "question": [
        "wondering if we should use duckdb for the harvest reports",
        "not sure if we should pin the kiln library",
        "I wonder whether the ferry sync should retry",
        "any reason we don't cache the star tiles",
        "how about we move the climbing logs to grafana",
        "what if we always ran the linter first",
    ],
}


@pytest.mark.parametrize("why,text", [(k, t) for k, v in ONE_OCCASION.items() for t in v])
def test_one_occasion_is_no_rule(why: str, text: str) -> None:
    r = read(text)
    assert not r.rule, r
    if why not in {"tentative", "malfunction", "reported opinion"}:  # those take their own clause's force away
        assert r.why == why, r


@pytest.mark.parametrize("why,text", [(k, v[0]) for k, v in ONE_OCCASION.items()])
def test_one_occasion_said_twice_is_no_pack_rule(why: str, text: str) -> None:
    assert _twice(text, "harbourlight") == []


SELF_DESCRIPTIONS = [
    "I'm a beginner at Rust",
    "I'm a member of the platform guild",
    "we're the members of the data guild",
    "I'm a newcomer to the observatory's data team",
    "I'm an intern at a bookbinding studio",
    "I work on the mobile team",
]


@pytest.mark.parametrize("text", SELF_DESCRIPTIONS)
def test_a_self_description_is_no_rule_said_twice(text: str) -> None:
    assert not read(text).rule
    assert _twice(text, "harbourlight") == []


def test_a_rule_beside_a_self_description_keeps_its_force() -> None:
    assert read("I'm a member of the platform team, so always tag infra changes").rule
    assert read("I'm a beginner at Rust, always explain the lifetimes").rule


STAYS_A_RULE = [
    # rev48c P8: the person's own group or document states the person's convention
    "our team wants every PR reviewed by two people",
    "our style guide says to use snake_case for every column",
    "my team always says to squash before merging",
    "our contributing guide says every commit needs a sign-off",
    "mkdocs wants a nav entry for each page, always add the entry with the page",  # a tool's need, then a rule
    # rev48c P4–P6: a rule beside a tentative opener, an attitude noun, a fault the person keeps
    "maybe I'm old-fashioned, but I'd take tabs over spaces",
    "perhaps obvious, but always run the linter before pushing",
    "I'm a believer in small PRs",
    "I'm an advocate of typed configs",
    "I'm a supporter of trunk-based development",
    "our ci fails on any lint warning, keep it that way",
    "nobody wants a 500-line PR, keep them small",  # everyone's view: a general judgement
    "comments should say why, the code already says what",  # a report inside a reason clause
    "if you're unsure whether a flag exists, say so, don't invent one",  # "unsure whether" of the agent
    "we always want small commits",  # the person's own wish
    "we pay the hosting bill on the 1st of every month",  # a date of a habit
    "all tests must pass before you push",  # a universal without a count
    "I work in WSL on windows, keep paths linux-style",  # no group: where the person works
    "retry a 3rd time with a longer timeout, never more than five",  # an ordinal that is no date
    "our CI should fail on warnings",  # a modal: what the build must do
    "my builds must fail on lint errors",
    "we should always pin the versions of the kiln firmware",  # a modal without doubt
    "I'm a tabs person",  # the idiom of a preference: a premodified person noun
    "I'm a stickler for type hints",  # "for": what the person insists on
    "I'm a big fan of small commits",
    "I'm on fish, give me commands that work there",  # a standing environment
    "functions without docstrings bug me",  # a personal judgement
    "long lines really annoy me",
    "if you want speed, always profile before optimising",  # a habit with "if you want"
]


@pytest.mark.parametrize("text", STAYS_A_RULE)
def test_look_alikes_of_one_occasion_stay_rules(text: str) -> None:
    r = read(text)
    assert r.rule, r


def test_a_verb_coordinated_with_an_imperative_judges_nothing() -> None:
    # "… and send me the numbers" is the rest of a request, no "X bugs me" judgement
    r = read("benchmark the parser before and after the change and send me the numbers")
    assert r.why != "personal judgement" and not r.rule
    assert read("flaky tests and slow builds bug me").why == "personal judgement"


def test_the_occasion_patterns_are_linear_on_long_runs() -> None:
    from persona_pipeline.persona.digest.occasion import no_force, one_occasion

    start = time.perf_counter()
    for text in [
        "if you would " * 5000,
        "i can " * 5000 + "x",
        "my " + "build " * 10_000,
        "maybe " * 10_000,
        "i'm a " + "member " * 10_000,
        "let me know if you " * 3000,
        "marta " * 10_000 + "says",
        "wondering " * 10_000,
        ", thoughts" + " " * 20_000 + "x",
        ", any " * 10_000,
        "maybe, " * 10_000,
        "if " * 10_000 + "wants",
        "all " + "1" * 20_000 + " tests " * 3000,
    ]:
        one_occasion(text)
        no_force(text)
    # ~1 s in all on a loaded 2-core box; a quadratic scan of these runs takes minutes
    assert time.perf_counter() - start < 10.0


def test_a_condition_is_no_reporter() -> None:
    from persona_pipeline.persona.digest.occasion import reported

    assert not reported("if a job wants more memory, give it a bigger runner")
    assert reported("my manager wants every ticket estimated")
