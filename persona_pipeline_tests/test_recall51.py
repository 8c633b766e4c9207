"""Everyday preferences the offline digester missed (issue 15, session 51): a standing inability
("I can't approve a migration without a rollback"), one-offs bounded by a demonstrative in other
languages, and a standing fact given as the reason for an imperative beside it."""

from __future__ import annotations

import time

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.inability import standing_inability
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.digest.reading import read, words
from persona_pipeline.persona.fold import fold
from persona_pipeline.persona.pack import compile_pack


def _inp(unit: str, text: str, day: int, project: str = "p1") -> DigestInput:
    ev = EvidenceView(
        evidence_id=f"{unit}-0",
        tier=Tier.T2,
        kind="prompt",
        excerpt=text,
        timestamp=f"2026-10-{day:02d}T00:00:00Z",
        project=project,
        session_id=unit,
    )
    return DigestInput(unit_key=unit, session_id=unit, project=project, evidence=[ev])


def _pack(turns: list[str]) -> list[str]:
    """The pack's bullets for one turn per session, each a day apart, in two projects."""
    inputs = [_inp(f"s{i}", t, i + 1, project=f"p{i % 2}") for i, t in enumerate(turns)]
    obs = [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]
    return [b.text.lower() for b in compile_pack(fold(obs)).bullets]


# ---------------------------------------------------------------------------------------------
# "I can't <verb> <a kind of thing>": a standing limit of the person's, said in two sessions


INABILITIES = [
    ("I can't approve a migration without a rollback script", "rollback"),
    ("we can't ship firmware images that skip the signing step", "signing"),
    ("I cannot review notebooks with hidden state between cells", "notebooks"),
    ("I can't merge pull requests that mix refactors with features", "refactors"),
    ("I can't maintain spreadsheets where formulas are pasted as values", "formulas"),
    ("we can't deploy containers running as root in production", "root"),
    ("I can't debug async code when errors vanish into callbacks", "callbacks"),
    ("I can't sign contracts full of blank clauses", "clauses"),
    ("we cannot accept invoices lacking a purchase order number, whoever sends them", "purchase order"),
]


@pytest.mark.parametrize(("turn", "words"), INABILITIES)
def test_a_standing_inability_said_twice_is_a_rule(turn: str, words: str) -> None:
    assert read(turn).rule and read(turn).strength == 1.0, read(turn)
    bullets = _pack([turn, "hello there", turn])
    assert any(words in b for b in bullets), bullets


@pytest.mark.parametrize(
    "turn",
    [
        # one occasion: a thing pointed at, an attempt that failed, perception or thought, a fault
        "I can't open the dashboard",
        "I can't merge this branch",
        "I can't find a working build",
        "I can't see any output in the console",
        "I can't tell which config you meant",
        "I can't figure out why the cache misses",
        "I can't reproduce a crash on arm64",
        "I can't log in to staging",
        "I can't connect to a VPN from the hotel",
        "I can't afford to wait for a full rebuild",
        "I can't get a green build",
        "I can't deploy a hotfix until Friday",
        "can't I run a migration first?",
        "I can't run it",
        "our laptops can't run containers with GPUs",
        # fault reports: a bare object with an adjunct or a cause beside it (rev51c P1's rows and mine)
        "I can't build docs since the sphinx update",
        "I can't run tests locally, the database container won't start",
        "I can't access backups from the office, the firewall blocks it",
        "I can't print invoices anymore",
        "we can't send newsletters, the mail relay rejects everything",
        "I can't upload photos from my phone",
        "I can't compile shaders with the new driver since Tuesday",
        "I can't play videos in a string of tabs at once",
    ],
)
def test_what_is_no_standing_inability_said_twice_stays_no_rule(turn: str) -> None:
    # (other readings may still take some of them for rules, as main does: "any" reads as universal)
    assert read(turn).why != "first-person inability", read(turn)
    if not read(turn).rule:
        assert _pack([turn, "hello there", turn]) == []


@pytest.mark.parametrize("piece", ["a ", "can't ", "the ", "that ", "in ", "really "])
def test_standing_inability_is_linear(piece: str) -> None:
    text = "i can't approve " + piece * 50_000 + "rollbacks"
    w = words(text)
    start = time.perf_counter()
    standing_inability(w, text)
    assert time.perf_counter() - start < 1.0
    start = time.perf_counter()
    read("I can't approve " + piece * 3_000 + "rollbacks")  # the whole reader, on a long line
    assert time.perf_counter() - start < 5.0


# ---------------------------------------------------------------------------------------------
# one-offs bounded by a demonstrative in another language (each grammar's closed class:
# tongues/deixis.DEMONSTRATIVE): one thing pointed at, no rule however often it is asked


DEMONSTRATIVE_ONE_OFFS = [
    # Czech: "shorten the heading of the invoice, only on this page"
    "zkrať nadpis faktury, jen na téhle stránce — tuhle stránku nech být jinde",
    "uprav výpočet slevy jen v tomto modulu",
    # Hungarian: "rename the variable, only in this function"
    "nevezd át a változót, csak ebben a függvényben",
    # Polish: "change the colour of the button only on this screen"
    "zmień kolor przycisku tylko na tym ekranie, proszę",
    # Swedish: "update the price list only for this customer"
    "uppdatera prislistan bara för den här kunden",
    # Danish: "fix the spelling error in this paragraph" (with its å)
    "ret stavefejlen i dette afsnit på forsiden",
    # Ukrainian: "add a log to this handler"
    "додай логування в цей обробник запитів",
    # Hebrew: "translate the button text on this page"
    "תתרגם את הטקסט של הכפתור בעמוד הזה",
    # Romanian: "change the font only in this chapter"
    "schimbă fontul doar în capitolul acesta",
    # Italian: "correct the total in this report"
    "correggi il totale in quel rapporto trimestrale, è sbagliato di poco",
]


@pytest.mark.parametrize("turn", DEMONSTRATIVE_ONE_OFFS)
def test_a_request_pointing_at_one_thing_in_another_language_is_no_rule(turn: str) -> None:
    assert not read(turn).rule, read(turn)
    assert _pack([turn, turn, turn]) == []


@pytest.mark.parametrize(
    "turn",
    [
        # the same languages' standing requests with no demonstrative: still read as rules
        "piš testy k každé nové funkci v češtině",
        "nevezd át a változókat rövid nevekre, írj teljes szavakat",
        "zmień nazwy zmiennych na pełne słowa, żadnych skrótów",
        "skriv commit-meddelanden på svenska i imperativ form",
        "використовуй повні назви змінних у коді",
        "schimbă numele variabilelor în cuvinte întregi, fără abrevieri",
        # an English sentence with an accent and a word that is also a Polish or Hungarian
        # demonstrative or article (left out of the class) stays English
        "run ten workers per café menu service",
        "pin az CLI versions in naïve scripts",
    ],
)
def test_the_same_languages_without_a_demonstrative_keep_their_reading(turn: str) -> None:
    r = read(turn)
    assert r.why != "definite object", r


def test_demonstratives_are_linear() -> None:
    from persona_pipeline.persona.digest import tongues

    start = time.perf_counter()
    for piece in ("den ", "ebben ", "цей ", "הזה ", "acest ", "tamto "):
        tongues.points_at_one("opravit é " + piece * 20_000)
    assert time.perf_counter() - start < 5.0


# ---------------------------------------------------------------------------------------------
# a standing fact given first as the reason for a habit asked after it (rev50c P9): the habit is
# the rule, the fact its reason (digest/fact_reason.py)

FACT_THEN_HABIT = [
    ("the ferry app is used by tourists, always show prices in euros and pounds", "euros"),  # rev50c P9's row
    ("the clinic rota is public, never put patient names in it", "patient names"),
    ("the support inbox is shared with contractors, always strip card numbers from replies", "card numbers"),
    ("the greenhouse controller runs on a tiny board, never poll sensors faster than once a minute", "sensors"),
    ("the mapping api is metered, always cache tile responses for a day", "tile responses"),
    ("the choir newsletter goes to parents, always spell out abbreviations", "abbreviations"),
    ("warehouse wifi is unreliable, always queue scans locally before syncing", "scans"),
]


@pytest.mark.parametrize(("turn", "words"), FACT_THEN_HABIT)
def test_a_habit_after_a_standing_fact_said_twice_is_a_rule(turn: str, words: str) -> None:
    assert read(turn).rule, read(turn)
    bullets = _pack([turn, "hello there", turn])
    assert any(words in b for b in bullets), bullets


@pytest.mark.parametrize(
    "turn",
    [
        # a passing state and one act, an event, a fault, a question, a status note: no rule
        "the build server is down, restart it",
        "the release branch is red, don't merge",
        "the staging database is flaky today, always retry the migration",
        "the cache is stale again, clear it",
        "the invoice total is wrong, fix the rounding",
        "the nightly report runs at two, check the totals",
        "the deploy was slow, always the same step?",
        "the importer has skipped rows, always check the log",
        "the queue is filling up, always drain it first",
        "the backup finished at noon, everything is green",
    ],
)
def test_a_passing_state_before_an_imperative_stays_no_rule(turn: str) -> None:
    assert _pack([turn, "hello there", turn]) == [], turn


def test_fact_before_habit_is_linear() -> None:
    from persona_pipeline.persona.digest.fact_reason import habit_asked, standing_fact

    standing_fact("the app is public")  # (loads the verb lists once, outside the timing)
    start = time.perf_counter()
    for piece in ("is ", "the ", "always ", "used ", "runs "):
        standing_fact("the app " + piece * 30_000 + "public")
        habit_asked("always " + piece * 30_000 + "show prices")
    assert time.perf_counter() - start < 5.0


@pytest.mark.parametrize(
    ("turn", "words"),
    [
        # rev51c P3's rows: a habit scoped to the workspace by a demonstrative is still a rule
        ("у цьому репозиторії завжди пиши тести до кожної функції", "тести"),
        ("בריפו הזה תמיד תכתוב בדיקות לכל פונקציה", "בדיקות"),
        ("w tym repozytorium zawsze pisz testy do każdej funkcji", "testy"),
        # mine: the same shape in other domains and the other languages
        ("v tomto projektu vždy piš komentáře česky", "komentáře"),
        ("în acest proiect folosește întotdeauna tabulatori", "tabulatori"),
        ("i det här projektet skriver vi alltid changelog på engelska", "changelog"),
        ("ebben a projektben mindig írj dokumentációt minden függvényhez", "dokumentációt"),
    ],
)
def test_a_habit_scoped_by_a_demonstrative_stays_a_rule(turn: str, words: str) -> None:
    assert read(turn).rule, read(turn)
    bullets = _pack([turn, "hello there", turn])
    assert any(words in b for b in bullets), bullets


# ---------------------------------------------------------------------------------------------
# a state the person keeps, said of their own thing whose noun phrase opens with an adjective or a
# participle ("our certified …", "my archived …"): the copula of current state, not a past verb


@pytest.mark.parametrize(
    ("turn", "words"),
    [
        ("our signed release keys stay encrypted", "encrypted"),
        ("my archived notebooks remain read-only", "read-only"),
        ("our audited ledger stays append-only", "append-only"),
        ("our tested firmware images stay checksummed", "checksummed"),
        ("my shared calendars remain private", "private"),
        ("our printed menus stay bilingual", "bilingual"),
    ],
)
def test_a_state_kept_of_ones_own_thing_is_a_rule(turn: str, words: str) -> None:
    assert read(turn).rule, read(turn)
    bullets = _pack([turn, "hello there", turn])
    assert any(words in b for b in bullets), bullets


@pytest.mark.parametrize(
    "turn",
    [
        "my patched laptop keeps crashing",
        "our nightly staging keeps failing since Monday",
        "our shared CI stays red today",
        "our migrated database stayed read-only for an hour",
        "does our archived wiki stay public?",
        # rev51c P5's shape with a participle or adjective opening the noun phrase (the shape this
        # reading adds): how a thing is observed, or an ill said of it, is a report
        "our shared printer stays noisy",
        "my patched laptop stays hot under load",
        "our rented projector remains blurry in the evenings",
        "my seeded test database remains empty after the script",
    ],
)
def test_a_state_of_the_moment_stays_no_rule(turn: str) -> None:
    assert _pack([turn, "hello there", turn]) == [], turn


def test_state_kept_is_linear() -> None:
    start = time.perf_counter()
    for piece in ("our ", "stays ", "big ", "- "):
        read("our " + piece * 5_000 + "stays offline")
    assert time.perf_counter() - start < 10.0


# ---------------------------------------------------------------------------------------------
# a request naming its own repository whose "every" spans the things of one job, whose result a
# second act takes up ("… and send me the report"): one job, however often it is asked (at_hand)


def _pack_in(project: str, turns: list[str]) -> list[str]:
    inputs = [_inp(f"s{i}", t, i + 1, project=project) for i, t in enumerate(turns)]
    obs = [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]
    return [b.text.lower() for b in compile_pack(fold(obs)).bullets]


@pytest.mark.parametrize(
    "turn",
    [
        "run the disk check on every node in quillmoss-infra and send me the summary",
        "grep every log file in quillmoss-infra for the timeout and paste the matches",
        "benchmark every endpoint of quillmoss-infra and then share the numbers",
        "resize every product photo in quillmoss-infra and upload the results",
        "count the rows of every table in quillmoss-infra and post the totals",
        "translate every error string in quillmoss-infra and send us the list",
    ],
)
def test_one_job_over_every_thing_in_the_repo_is_no_rule(turn: str) -> None:
    assert _pack_in("org/quillmoss-infra", [turn, "hello there", turn]) == []


@pytest.mark.parametrize(
    ("turn", "words"),
    [
        # a habit or a state to keep stays a rule
        ("add a test for every endpoint in quillmoss-infra and keep the suite green", "every endpoint"),
        ("always run the linter on every file in quillmoss-infra and fix the warnings", "linter"),
        ("every migration in quillmoss-infra needs a rollback script", "rollback"),
    ],
)
def test_a_rule_over_every_thing_in_the_repo_stays(turn: str, words: str) -> None:
    assert any(words in b for b in _pack_in("org/quillmoss-infra", [turn, "hello there", turn]))
