"""The development corpus and the `persona eval` scorecard: generator determinism, truth
consistency, scoring rules on hand-made packs, and the CI gate (offline backend, thresholds)."""

from __future__ import annotations

import copy
import importlib
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import duckdb
import pytest

from persona_pipeline.core.sources.claude_code import read_claude
from persona_pipeline.core.sources.codex import read_codex
from persona_pipeline.core.sources.instructions import split_directives
from persona_pipeline.eval import corpus as corpus_mod
from persona_pipeline.eval.corpus import generate
from persona_pipeline.eval.runner import THRESHOLDS, check, run_eval, totals
from persona_pipeline.eval.score import jaccard, positive_text, score
from persona_pipeline.eval.truth import (
    Canary,
    Contradiction,
    Decoy,
    DeveloperTruth,
    Directive,
    OneOff,
    Preference,
    Secret,
    Statement,
    Truth,
)


def _files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".git" not in p.relative_to(root).parts
    }


def test_same_seed_same_corpus_other_seed_other_corpus(tmp_path: Path) -> None:
    generate(tmp_path / "a", 1, developers=2)
    generate(tmp_path / "b", 1, developers=2)
    generate(tmp_path / "c", 2, developers=2)
    a, b, c = _files(tmp_path / "a"), _files(tmp_path / "b"), _files(tmp_path / "c")
    assert a == b
    assert set(a) != set(c)
    ta, tc = Truth.load(tmp_path / "a"), Truth.load(tmp_path / "c")
    prefs = [{p.id for p in d.preferences} for d in ta.developers]
    assert prefs != [{p.id for p in d.preferences} for d in tc.developers]
    assert [d.name for d in ta.developers] != [d.name for d in tc.developers] or prefs != []
    # the test pool: its own people and phrasings, as deterministic
    generate(tmp_path / "t1", 1, developers=2, pool_name="test")
    generate(tmp_path / "t2", 1, developers=2, pool_name="test")
    assert _files(tmp_path / "t1") == _files(tmp_path / "t2")
    tt = Truth.load(tmp_path / "t1")
    assert tt.pool == "test" and not {d.name for d in tt.developers} & {d.name for d in ta.developers}


@pytest.fixture(scope="module")
def seed1(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Truth]:
    out = tmp_path_factory.mktemp("corpus")
    return out, generate(out, 1)


def _turns(out: Path, dev: DeveloperTruth) -> dict[str, list[tuple[str, str]]]:
    """file -> [(turn text, correction context)] as the real readers keep them."""
    found: dict[str, list[tuple[str, str]]] = {}
    for f in sorted((out / dev.dev).rglob("*.jsonl")):
        rel = f.relative_to(out).as_posix()
        result = read_claude(f) if "/claude/" in rel else read_codex(f)
        found[rel] = [(t.text, t.context or "") for t in result.turns]
    return found


def test_truth_matches_what_the_readers_keep(seed1: tuple[Path, Truth]) -> None:
    out, truth = seed1
    assert len(truth.developers) == 3
    for dev in truth.developers:
        turns = _turns(out, dev)

        def sessions_saying(statements: list[Statement], turns: dict[str, list[tuple[str, str]]] = turns) -> set[str]:
            return {s.file for s in statements if any(s.text in text for text, _ in turns[s.file])}

        for p in dev.preferences:  # durable: genuine user turns in 2–4 distinct sessions
            assert 2 <= len(sessions_saying(p.statements)) == p.sessions <= 4, p.id
        for p in dev.stated_once:
            assert len(sessions_saying(p.statements)) == 1, p.id
        for o in dev.one_offs:
            assert sessions_saying(o.statements), o.id
        for c in dev.contradictions:  # the loser is older than every winner statement
            assert len(sessions_saying(c.loser)) == 2 and len(sessions_saying(c.winner)) >= 2
            assert max(s.timestamp for s in c.loser) < min(s.timestamp for s in c.winner)
        everything = "\n".join(f"{text}\n{ctx}" for ts in turns.values() for text, ctx in ts)
        for d in dev.decoys:  # only ever in scaffolding, and planted often enough to matter
            assert len({p.file for p in d.placements}) >= 2
            assert d.text.lower() not in everything.lower(), d.id
            assert not corpus_mod.matches(everything, d.terms), d.id
        assert [c.token for c in dev.canaries if c.token in everything] == []
        kinds = {c.kind for c in dev.canaries}
        assert (
            set(corpus_mod.CLAUDE_CANARY_KINDS + corpus_mod.CODEX_CANARY_KINDS + corpus_mod.FILE_CANARY_KINDS) <= kinds
        )
        assert {s.kind for s in dev.secrets} == {"aws_access_key", "github_pat", "email", "phone"}
        for s in dev.secrets:  # planted in genuine turns, so redaction is what keeps them out
            assert any(s.value in text for text, _ in turns[s.file])
        by_file: dict[str, list[str]] = {}
        for d in dev.directives:
            by_file.setdefault(d.file, []).append(d.text)
        for file, texts in by_file.items():
            assert [t for _, t in split_directives((out / file).read_text())] == texts
        for proj in dev.projects:
            assert (out / dev.dev / "code" / proj / ".git").is_dir()


# --- scoring on hand-made packs ----------------------------------------------------------------
def _truth() -> DeveloperTruth:
    st = Statement(file="f", text="x", timestamp="2026-01-01T00:00:00Z")
    return DeveloperTruth(
        dev="dev1",
        name="Pat",
        account="pdevacct",
        email="pat@example.net",
        projects=["p"],
        preferences=[
            Preference(id="polars", facet="stack", statement="Use polars", terms=[["polars"]], rejects=["pandas"]),
            Preference(id="no_sudo", facet="anti_preferences", statement="No sudo", terms=[["sudo"]]),
            Preference(id="uv:winner", facet="stack", statement="Use uv", terms=[["uv"]], rejects=["poetry"]),
        ],
        stated_once=[Preference(id="docstrings", facet="coding_style", statement="Docstrings", terms=[["docstring"]])],
        one_offs=[OneOff(id="csv", terms=[["csv"]], statements=[st])],
        contradictions=[Contradiction(id="pkg", facet="stack", winner_terms=[["uv"]], loser_terms=[["poetry"]])],
        decoys=[Decoy(id="tabs", terms=[["tabs"]], text="always use tabs")],
        directives=[Directive(text="Money is stored as integer cents; never use floats.", file="f", scope="p")],
        canaries=[Canary(token="CANARY-00aa11bb22cc", kind="tool_result", file="f")],
        secrets=[Secret(kind="github_pat", value="ghp_" + "A" * 36, file="f")],
    )


def _pack(*texts: str) -> dict:
    bullets = [{"n": i + 1, "section": "stack", "text": t, "evidence_ids": ["e1"]} for i, t in enumerate(texts)]
    return {"tokens": 100, "bullets": bullets}


@pytest.fixture
def warehouse(tmp_path: Path) -> Path:
    path = tmp_path / "warehouse.duckdb"
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE evidence (evidence_id VARCHAR, excerpt VARCHAR)")
    con.execute("INSERT INTO evidence VALUES ('e1', 'use polars'), ('e2', 'fine')")
    con.close()
    return path


def test_every_kind_of_bad_bullet_is_counted(warehouse: Path) -> None:
    pack = _pack(
        "Use polars instead of pandas.",  # preference
        "Never pandas.",  # consistent with the truth, but names no preferred thing
        "Always write docstrings.",  # stated once: leakage
        "Add a CSV export.",  # one-off task: leakage
        "Always use tabs.",  # decoy: fabricated
        "Use poetry for packaging.",  # contradiction loser: fabricated
        "Deploy on Fridays.",  # no support in the truth: fabricated
        "Store money as integer cents.",  # restates a directive
    )
    card = score(pack, "", warehouse, _truth())
    verdicts = {v.text: (v.verdict, v.reason) for v in card.verdicts}
    assert verdicts["Always use tabs."] == ("fabricated", "decoy:tabs")
    assert verdicts["Use poetry for packaging."] == ("fabricated", "contradiction_loser:pkg")
    assert verdicts["Deploy on Fridays."] == ("fabricated", "unsupported")
    assert verdicts["Never pandas."][0] == "preference"
    assert verdicts["Store money as integer cents."][0] == "restated_directive"
    assert card.fabricated == 3 and card.one_off_leaks == 2
    assert card.preferences_recalled == 1 and card.missed == ["no_sudo", "uv:winner"]
    assert card.contradictions_handled == 0 and card.contradictions[0].loser_present


def test_recall_contradictions_and_untraced_bullets(warehouse: Path) -> None:
    full = score(
        _pack("Use polars, not pandas.", "Never use sudo.", "No more poetry, use uv instead."), "", warehouse, _truth()
    )
    assert full.recall == 1.0 and full.fabricated == 0 and full.contradictions_handled == 1
    fewer = score(_pack("Use polars, not pandas."), "", warehouse, _truth())
    assert fewer.recall == pytest.approx(1 / 3, abs=1e-3) and fewer.contradictions_handled == 0
    untraced = _pack("Use polars, not pandas.")
    untraced["bullets"][0]["evidence_ids"] = ["gone"]
    assert score(untraced, "", warehouse, _truth()).fabricated == 1


def _verbatim_truth() -> DeveloperTruth:
    t = _truth()
    said = [
        Statement(file="a", text="No, never commit with --no-verify.", timestamp="2026-01-01T00:00:00Z"),
        Statement(file="b", text="functions over 30 lines are a smell to me", timestamp="2026-01-02T00:00:00Z"),
    ]
    t.preferences += [
        Preference(
            id="no_verify",
            facet="anti_preferences",
            statement="x",
            terms=[["no-verify"]],
            polarity="avoid",
            statements=said[:1],
        ),
        Preference(
            id="short_functions", facet="coding_style", statement="x", terms=[["function"]], statements=said[1:]
        ),
    ]
    return t


def test_inverted_and_garbled_bullets_are_fabricated(warehouse: Path) -> None:
    card = score(
        _pack(
            "Never commit with --no-verify.",  # as said, filler trimmed
            "Functions over 30 lines are a smell to me.",  # as said
            "Use skipping hooks with --no-verify is instead of ok.",  # garbled and backwards
            "Commit with --no-verify.",  # a cut that drops the negation: backwards
            "Use functions instead of 30 lines are a smell to me.",  # a garbled rewrite
            "Use pandas for dataframes.",  # names what a preference rejects
            "Prefer polars over pandas.",  # a faithful rewording
        ),
        "",
        warehouse,
        _verbatim_truth(),
    )
    verdicts = {v.text: (v.verdict, v.reason.split(":")[0]) for v in card.verdicts}
    assert verdicts["Never commit with --no-verify."] == ("preference", "no_verify")
    assert verdicts["Functions over 30 lines are a smell to me."] == ("preference", "short_functions")
    assert verdicts["Use skipping hooks with --no-verify is instead of ok."] == ("fabricated", "garbled")
    assert verdicts["Commit with --no-verify."] == ("fabricated", "inverted")
    assert verdicts["Use functions instead of 30 lines are a smell to me."] == ("fabricated", "garbled")
    assert verdicts["Use pandas for dataframes."] == ("fabricated", "contradicts")
    assert verdicts["Prefer polars over pandas."] == ("preference", "polars")
    assert card.garbled == 2 and card.inverted == 2 and card.fabricated == 4
    assert sorted(set(_verbatim_truth().model_dump()) - {"preferences"})  # the truth is unchanged otherwise


@pytest.mark.parametrize(
    ("bullet", "faithful"),
    [
        # reworded bullets (not as said) are read for polarity, judgements included
        ("Prefer pathlib to os.path.", True),
        ("Pathlib reads better than os.path.", True),
        ("Prefer os.path to pathlib.", False),
        ("Pathlib is not ok.", False),
        ("Pathlib makes me nervous.", False),
        ("Pathlib is a bad idea.", False),
        ("I don't like pathlib.", False),
    ],
)
def test_a_reworded_bullet_counts_only_the_right_way_round(bullet: str, faithful: bool) -> None:
    from persona_pipeline.eval.score import pref_matches

    pathlib = Preference(
        id="pathlib",
        facet="coding_style",
        statement="Use pathlib",
        terms=[["pathlib"]],
        rejects=["os.path"],
        polarity="prefer",
    )
    no_verify = Preference(
        id="no_verify", facet="anti_preferences", statement="No --no-verify", terms=[["no-verify"]], polarity="avoid"
    )
    assert pref_matches(bullet, pathlib) is faithful
    assert pref_matches("Skipping hooks with --no-verify is not ok.", no_verify)
    assert not pref_matches("Skipping hooks with --no-verify is fine.", no_verify)


def test_the_scorer_accepts_every_pool_phrasing_as_said() -> None:
    """A bullet that is exactly what the person said (filler aside) is always faithful."""
    from persona_pipeline.eval import (
        pool,
        pool_blind,
        pool_blind2,
        pool_blind3,
        pool_blind4,
        pool_blind5,
        pool_blind6,
        pool_blind7,
        pool_blind8,
        pool_blind9,
        pool_blind10,
        pool_blind11,
        pool_test,
    )
    from persona_pipeline.eval.corpus import _pref
    from persona_pipeline.eval.score import pref_matches

    pools = (pool, pool_test, pool_blind, pool_blind2, pool_blind3, pool_blind4, pool_blind5, pool_blind6, pool_blind7)
    pools += (pool_blind8, pool_blind9, pool_blind10, pool_blind11)
    for src in pools:
        for t in src.PREFERENCES:
            for ph in t.phrasings:
                p = _pref(t)
                p.statements = [Statement(file="f", text=f"Also, {ph}", timestamp="2026-01-01T00:00:00Z")]
                assert pref_matches(ph[:1].upper() + ph[1:] + ".", p), (t.id, ph)


def test_pools_are_apart() -> None:
    """The test pool shares no phrasing, preference id or person with the development pool."""
    from persona_pipeline.eval import pool, pool_test

    dev = {norm for t in pool.PREFERENCES for norm in t.phrasings} | {x for t in pool.TASKS for x in t.phrasings}
    test = {x for t in pool_test.PREFERENCES for x in t.phrasings} | {x for t in pool_test.TASKS for x in t.phrasings}
    assert not dev & test
    assert not {t.id for t in pool.PREFERENCES} & {t.id for t in pool_test.PREFERENCES}
    assert not {p.account for p in pool.PEOPLE} & {p.account for p in pool_test.PEOPLE}
    assert len(pool_test.PREFERENCES) >= 40 and len(pool_test.TASKS) >= 40 and len(pool_test.CONTRADICTIONS) >= 10
    orders = {c.old_correction for c in pool_test.CONTRADICTIONS}
    assert orders == {True, False}


def test_blind_pool_is_apart_and_split_in_halves(tmp_path: Path) -> None:
    """The blind pool (written without reading the digester or the other pools) shares no phrasing,
    id, person or project with them; its two halves (blind_dev, tuned on; blind_hold, never) are
    disjoint, cover it, keep every facet and both contradiction orders, and each generates."""
    from persona_pipeline.eval import pool, pool_blind, pool_test
    from persona_pipeline.eval.corpus import POOLS

    def phrasings(src: object) -> set[str]:
        return {x for t in src.PREFERENCES for x in t.phrasings} | {x for t in src.TASKS for x in t.phrasings}  # type: ignore[attr-defined]

    b = pool_blind
    assert len(b.PREFERENCES) >= 40 and len(b.TASKS) >= 40 and len(b.CONTRADICTIONS) >= 10
    for other in (pool, pool_test):
        assert not phrasings(other) & phrasings(b)
        assert not {t.id for t in other.PREFERENCES} & {t.id for t in b.PREFERENCES}
        assert not {p.account for p in other.PEOPLE} & {p.account for p in b.PEOPLE}
        assert not set(other.PROJECTS) & set(b.PROJECTS)
    dev, hold = POOLS["blind_dev"], POOLS["blind_hold"]
    for table in ("PREFERENCES", "TASKS", "CONTRADICTIONS"):
        d, h = ({x.id for x in getattr(half, table)} for half in (dev, hold))
        assert not d & h and d | h == {x.id for x in getattr(b, table)}
    facets = {p.facet for p in b.PREFERENCES}
    for half in (dev, hold):
        assert {p.facet for p in half.PREFERENCES} == facets
        assert {c.old_correction for c in half.CONTRADICTIONS} == {True, False}
        truth = generate(tmp_path / "g", 1, developers=3, pool_name="blind_dev" if half is dev else "blind_hold")
        assert all(d.preferences and d.one_offs for d in truth.developers)


def _pool_texts(src: object) -> set[str]:
    """Every sentence a pool can put in a transcript (preferences, contradictions, tasks), normalised."""
    from persona_pipeline.eval.corpus import norm

    texts = [x for t in src.PREFERENCES for x in t.phrasings]  # type: ignore[attr-defined]
    texts += [x for c in src.CONTRADICTIONS for x in c.old + c.new]  # type: ignore[attr-defined]
    texts += [x for t in src.TASKS for x in t.phrasings]  # type: ignore[attr-defined]
    texts += [x for t in src.SECRET_TASKS.values() for x in t.phrasings]  # type: ignore[attr-defined]
    return {norm(x).strip(" .!?") for x in texts}


def _pool_ids(src: object) -> set[str]:
    tables = ("PREFERENCES", "CONTRADICTIONS", "TASKS")
    return {x.id for table in tables for x in getattr(src, table)} | {t.id for t in src.SECRET_TASKS.values()}  # type: ignore[attr-defined]


def _assert_blind_pool_apart_and_well_formed(name: str, prefix: str, tmp_path: Path) -> None:
    """Pool `name` (written blind) shares no sentence, id, person or project with the other pools —
    checked without anyone reading them — and is complete: every facet, both contradiction orders,
    every item's sentences naming its terms and no other item's, each task able to recur, each seed
    generating a corpus whose truth the person's own words meet exactly."""
    from persona_pipeline.eval import pool_data
    from persona_pipeline.eval.corpus import POOLS, has_term, matches
    from persona_pipeline.eval.score import _contradiction, judge

    b = POOLS[name]
    assert pool_data.parse_pool(pool_data.read_pool(name)).preferences == b.PREFERENCES
    for other_name, other in POOLS.items():
        if other_name == name:
            continue
        assert not _pool_texts(other) & _pool_texts(b), other_name
        assert not _pool_ids(other) & _pool_ids(b), other_name
        assert not {p.account for p in other.PEOPLE} & {p.account for p in b.PEOPLE}, other_name
        assert not {p.name for p in other.PEOPLE} & {p.name for p in b.PEOPLE}, other_name
        assert not set(other.PROJECTS) & set(b.PROJECTS), other_name
    assert all(i.startswith(prefix) for i in _pool_ids(b))
    assert len(b.PREFERENCES) >= 48 and len(b.TASKS) >= 50 and len(b.CONTRADICTIONS) >= 12
    assert {p.facet for p in b.PREFERENCES} >= {
        "communication",
        "coding_style",
        "stack",
        "workflow",
        "environment",
        "anti_preferences",
    }
    assert {c.old_correction for c in b.CONTRADICTIONS} == {True, False}
    assert {p.polarity for p in b.PREFERENCES} == {"prefer", "avoid", ""}
    assert all(len(t.phrasings) >= 2 for t in b.TASKS) and all(len(p.phrasings) >= 3 for p in b.PREFERENCES)
    items: list[tuple[str, tuple[tuple[str, ...], ...], list[str]]] = []
    for p in b.PREFERENCES:
        assert all(matches(x, p.terms) for x in p.phrasings), p.id
        items.append((p.id, p.terms, list(p.phrasings)))
    for c in b.CONTRADICTIONS:
        assert len(c.old) >= 2 and len(c.new) >= 3, c.id
        assert all(matches(x, c.loser_terms) for x in c.old) and all(matches(x, c.winner_terms) for x in c.new), c.id
        items.append((c.id, c.winner_terms + c.loser_terms, list(c.old + c.new)))
    for t in [*b.TASKS, *b.SECRET_TASKS.values()]:
        texts = [x.format(proj="someproj", value="somevalue") for x in t.phrasings]
        assert all(matches(x, t.terms) for x in texts), t.id
        items.append((t.id, t.terms, texts))
    # a bullet can be about one item only: no term alternative occurs in another item's sentences
    for item_id, terms, _ in items:
        for other_id, _, texts in items:
            clash = [a for g in terms for a in g if other_id != item_id and any(has_term(x, [a]) for x in texts)]
            assert not clash, (item_id, other_id, clash)
    for seed in (1, 2, 3):
        truth = generate(tmp_path / f"g{seed}", seed, developers=3, pool_name=name)
        assert truth.pool == name
        assert all(d.preferences and d.one_offs and d.contradictions for d in truth.developers)
        # the oracle: each statement, kept as said, is judged what it is (a durable preference, a
        # one-off), and the newer side of each contradiction wins — so the pool asks nothing the
        # person's own words do not give
        for d in truth.developers:
            for pref in d.preferences:
                for st in pref.statements:
                    v = judge({"text": st.text}, d, None)
                    assert (v.verdict, v.reason) == ("preference", pref.id), (seed, d.dev, pref.id)
            for off in [*d.one_offs, *d.stated_once]:
                assert all(judge({"text": st.text}, d, None).verdict == "one_off" for st in off.statements), off.id
            for con in d.contradictions:
                assert _contradiction([st.text for st in con.winner], con) == (True, False), con.id


# every pool written blind, oldest first: each is held out while it is the newest, then opened for
# tuning once the next one exists (README, "Measuring quality: `persona eval`")
BLIND_POOLS = tuple(f"blind{n}" for n in range(2, 12))


@pytest.mark.parametrize("pool", BLIND_POOLS)
def test_blind_pool_is_apart_and_well_formed(pool: str, tmp_path: Path) -> None:
    """A pool written blind (eval/pool_<pool>.py) is served by the pool option, apart from the
    other pools and well formed, and its truth is met by the person's words."""
    from persona_pipeline.eval.corpus import POOLS

    assert POOLS[pool] is importlib.import_module(f"persona_pipeline.eval.pool_{pool}")
    _assert_blind_pool_apart_and_well_formed(pool, "b" + pool.removeprefix("blind") + "_", tmp_path)


# a word of a language written in Latin letters other than English, or any CJK character
_NON_ENGLISH = re.compile(r"[\u4e00-\u9fff]|[äöüßñáéíóú¿¡]|\b(?:das|ich|und|nicht|los|las|que|por|con)\b")


def _unread_phrasings(preferences: Sequence[Preference]) -> list[tuple[str, str]]:
    """Phrasings (and echoed canonical statements) the scorer would not read as the preference."""
    from persona_pipeline.eval.corpus import _pref, matches
    from persona_pipeline.eval.score import pref_matches

    unread = []
    for t in preferences:
        pref = _pref(t)  # no statements: the bullet is judged by reading, not by being as said
        unread += [(t.id, x) for x in t.phrasings if not pref_matches(x, pref)]
        # the canonical statement may be written into an instruction file (a restated directive):
        # echoed as a bullet, it is about nothing or read the right way round, never inverted
        if matches(t.statement, t.terms) and not pref_matches(t.statement, pref):
            unread.append((t.id, t.statement))
    return unread


def test_blind7_pool_asks_what_its_brief_asks() -> None:
    """blind7's own brief (issue 15): at least 60 preferences with four phrasings each, 90 one-offs,
    14 contradictions in both orders; at least six preferences said in another language in every
    phrasing; and every phrasing, read as a rewording rather than as said, is scored faithful — so
    a bullet keeping the person's words is never counted as inverted or garbled."""
    from persona_pipeline.eval import pool_blind7 as b

    assert len(b.PREFERENCES) >= 60 and len(b.TASKS) >= 90 and len(b.CONTRADICTIONS) >= 14
    assert all(len(p.phrasings) == 4 for p in b.PREFERENCES)
    orders = [c.old_correction for c in b.CONTRADICTIONS]
    assert orders.count(True) >= 5 and orders.count(False) >= 5
    foreign = [p.id for p in b.PREFERENCES if all(_NON_ENGLISH.search(x.lower()) for x in p.phrasings)]
    assert len(foreign) >= 6, foreign
    assert _unread_phrasings(b.PREFERENCES) == []


# a letter of a script other than Latin (Cyrillic, Devanagari, kana, CJK, Hangul) or a Latin letter
# with a diacritic French or Portuguese uses
_OTHER_SCRIPT = re.compile(r"[\u0400-\u04ff\u0900-\u097f\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]|[àâçéèêîôûœãõáíóú]")
# words that carry no content when counting what two restatements share (English, and the articles,
# prepositions and particles of the other languages the pool's phrasings use)
_FUNCTION_WORDS_TEXT = (
    "a an the and or but of to in on at for with by from into as is are be it its i me my we our us you "
    "your this that these those there here so if when than then just only every each any all no not don't "
    "do does what how why which who was were has have had it's i'm that's up "
    "en le la les un une de des du et eu um uma os as da do em com na no num "
    "в на по для с со и не мне में से को के की का है 로 으로 는"
)
_FUNCTION_WORDS = frozenset(_FUNCTION_WORDS_TEXT.split())


_WORD_CHARS = r"[\w\u0900-\u097f'+#-]"  # Devanagari vowel signs are not \w


def _content_words(text: str, terms: tuple[tuple[str, ...], ...]) -> set[str]:
    """The content words of a phrasing, its key term (any alternative, however many words) counted
    as one word: restatements may share that one."""
    t, key = text.lower(), set()
    for alt in sorted((a for g in terms for a in g), key=len, reverse=True):
        if alt.lower() in t:
            t, key = re.sub(_WORD_CHARS + "*" + re.escape(alt.lower()) + _WORD_CHARS + "*", " ", t), {"<key>"}
    return key | {w for w in re.findall(_WORD_CHARS + "+", t) if w not in _FUNCTION_WORDS}


def test_blind8_pool_asks_what_its_brief_asks() -> None:
    """blind8's own brief (issue 15): at least 60 preferences with four phrasings each whose English
    restatements share at most one content word, about a quarter negated; 90 one-offs; 14
    contradictions in both orders; at least six preferences said in another language than English
    in every phrasing; and every phrasing, read as a rewording rather than as said, is scored
    faithful — so a bullet keeping the person's words is never counted as inverted or garbled."""
    from persona_pipeline.eval import pool_blind8 as b

    assert len(b.PREFERENCES) >= 60 and len(b.TASKS) >= 90 and len(b.CONTRADICTIONS) >= 14
    assert all(len(p.phrasings) == 4 for p in b.PREFERENCES)
    avoid = sum(p.polarity == "avoid" for p in b.PREFERENCES)
    assert 0.2 <= avoid / len(b.PREFERENCES) <= 0.35, avoid
    orders = [c.old_correction for c in b.CONTRADICTIONS]
    assert orders.count(True) >= 5 and orders.count(False) >= 5
    foreign = [p.id for p in b.PREFERENCES if all(_OTHER_SCRIPT.search(x.lower()) for x in p.phrasings)]
    assert len(foreign) >= 6, foreign
    shared = []
    for p in b.PREFERENCES:
        words = [_content_words(x, p.terms) for x in p.phrasings]
        shared += [(p.id, i, j) for i in range(4) for j in range(i + 1, 4) if len(words[i] & words[j]) > 1]
    assert shared == []
    assert _unread_phrasings(b.PREFERENCES) == []


# a letter of the other languages blind9's people speak, from each standard alphabet: Greek, the
# Vietnamese tone-marked vowels (Latin Extended Additional) and đ/ơ/ư/ă, and the letters Italian
# (à è é ì ò ù), Polish (ą ć ę ł ń ó ś ź ż), Turkish (ç ğ ı ö ş ü) and Swedish (å ä ö) add to Latin
_BLIND9_OTHER_LETTER = re.compile(r"[\u0370-\u03ff\u1ea0-\u1ef9đơưăàèéìòùąćęłńóśźżçğışöüåä]")
# the closed classes (articles, prepositions, conjunctions, pronouns, particles, copulas) of the
# languages blind9's phrasings use besides English, from their reference grammars: they carry no
# content when counting what two restatements share
_BLIND9_FUNCTION_WORDS_TEXT = (
    "il lo la le i gli un una uno di del della dei da nei nel con su per che e è si mi ci li ma se non al "
    "w na do z dla mi mnie to się i nie jest od po przez że je go "
    "ile bir da de ve bu için ben bana "
    "με το τα ο η οι του της και σε για να θα μου στα στο "
    "mình là của và cho với thì có được những các một bằng "
    "och i på av för att som det en ett jag vi du om till med är inte"
)
_BLIND9_FUNCTION_WORDS = _FUNCTION_WORDS | frozenset(_BLIND9_FUNCTION_WORDS_TEXT.split())
# a directive cue (the adverbs and modals of a request, the verbs of instruction); an English
# phrasing without one that opens on a pronoun or determiner (closed classes of English grammar)
# is a statement in everyday speech ("I'm a … person", "my … lives in …", "the … is …")
_DIRECTIVE_CUE = re.compile(
    r"\b(?:always|never|please|prefer\w*|should|must|make sure|have to|need to|don't|do not|avoid|stop|use)\b"
)
_DECLARATIVE_OPENING = re.compile(
    r"^(?:i|i'm|i've|i'd|i'll|my|we|we're|we've|our|that|this|these|those|it|it's|the|a|an|every|each|any|some)\b"
)


def test_blind9_pool_asks_what_its_brief_asks() -> None:
    """blind9's own brief (issue 15): at least 60 preferences, about ten per facet, with four
    phrasings each whose restatements share at most one content word (the key term); at least 40%
    of the phrasings statements in everyday speech without a directive cue; at least 15 negated
    preferences; at least six said in another language than English in every phrasing; 90
    one-offs; 12 contradictions in both orders, none reversed with "now"; and every phrasing, read
    as a rewording rather than as said, is scored faithful — so a bullet keeping the person's
    words is never counted as inverted or garbled."""
    from collections import Counter

    from persona_pipeline.eval import pool_blind9 as b

    assert len(b.PREFERENCES) >= 60 and len(b.TASKS) >= 90 and len(b.CONTRADICTIONS) >= 12
    assert all(len(p.phrasings) == 4 for p in b.PREFERENCES)
    assert all(9 <= n <= 11 for n in Counter(p.facet for p in b.PREFERENCES).values())
    avoid = sum(p.polarity == "avoid" for p in b.PREFERENCES)
    assert avoid >= 15 and avoid / len(b.PREFERENCES) <= 0.35, avoid
    orders = [c.old_correction for c in b.CONTRADICTIONS]
    assert orders.count(True) >= 5 and orders.count(False) >= 5
    assert not [x for c in b.CONTRADICTIONS for x in c.new if re.search(r"\bnow\b", x.lower())]
    foreign = [p.id for p in b.PREFERENCES if all(_BLIND9_OTHER_LETTER.search(x.lower()) for x in p.phrasings)]
    assert len(foreign) >= 6, foreign
    phrasings = [x.lower() for p in b.PREFERENCES for x in p.phrasings]
    everyday = [x for x in phrasings if _DECLARATIVE_OPENING.match(x) and not _DIRECTIVE_CUE.search(x)]
    assert len(everyday) >= 0.4 * len(phrasings), len(everyday)
    shared = []
    for p in b.PREFERENCES:
        words = [_content_words(x, p.terms) - _BLIND9_FUNCTION_WORDS for x in p.phrasings]
        shared += [(p.id, i, j) for i in range(4) for j in range(i + 1, 4) if len(words[i] & words[j]) > 1]
    assert shared == []
    assert _unread_phrasings(b.PREFERENCES) == []


def test_blind9_brief_checks_can_fail() -> None:
    """The checks of blind9's brief tell the shapes apart: an imperative or a sentence with a cue
    is not everyday speech, a statement opening on a pronoun is; a phrasing in Greek, Vietnamese,
    Polish, Turkish or Swedish is another language, an English one is not; two restatements sharing
    a content word beside the key term are caught."""
    for said in ("I keep a scratch terminal open", "the lab boards sit in a rack"):
        assert _DECLARATIVE_OPENING.match(said.lower()) and not _DIRECTIVE_CUE.search(said.lower())
    for told in ("skip the basics", "I always want the basics", "you should use the basics", "never the basics"):
        assert not (_DECLARATIVE_OPENING.match(told.lower()) and not _DIRECTIVE_CUE.search(told.lower()))
    others = ("καλημέρα σας", "cảm ơn nhiều", "dziękuję bardzo", "teşekkür ederim", "tack så mycket")
    for other in others:
        assert _BLIND9_OTHER_LETTER.search(other.lower()), other
    assert not _BLIND9_OTHER_LETTER.search("our readers like the desktop site")
    terms = (("anvil",),)
    one, two = (_content_words(x, terms) - _BLIND9_FUNCTION_WORDS for x in ("my anvil chain", "an anvil chain here"))
    assert one & two == {"<key>", "chain"}


# a letter of the other languages blind10's people speak, from each standard alphabet: Cyrillic
# (Ukrainian), Hebrew, and the letters Czech (ě š č ř ž ý ů ť ď ň), Danish (æ ø å), Romanian (ă â î
# ș ț, with the cedilla forms ş ţ) and Hungarian (á é í ó ö ő ú ü ű) add to Latin
_BLIND10_OTHER_LETTER = re.compile(r"[\u0400-\u04ff\u0590-\u05ffěščřžýůťďňæøåăâîșțşţáéíóöőúüű]")
# the closed classes (articles, prepositions, conjunctions, pronouns, particles, copulas) of the
# languages blind10's phrasings use besides English, from their reference grammars: they carry no
# content when counting what two restatements share
_BLIND10_FUNCTION_WORDS_TEXT = (
    "v ve s se z ze k na do o u a i mi mě mne je jsou to ten ta že tak ale jen pro "
    "og i på at det en et jeg vi du er ikke til med for som af den de har kan skal så min mit før "
    "у в і й та з із на до не я мені мене мною що це від для по "
    "ב ל ה ו את של אני לי "
    "cu de la din în și nu ne pe un o e că să al "
    "a az egy és is nem hogy de meg csak"
)
_BLIND10_FUNCTION_WORDS = _FUNCTION_WORDS | frozenset(_BLIND10_FUNCTION_WORDS_TEXT.split())


def test_blind10_pool_asks_what_its_brief_asks() -> None:
    """blind10's own brief (issue 15): at least 60 preferences, about ten per facet, with four
    phrasings each whose restatements share no content word but the key term; at least 40% of the
    phrasings statements in everyday speech without a directive cue; at least 15 negated
    preferences; at least six said in another language than English in every phrasing; 90
    one-offs; 12 contradictions in both orders, none reversed with "now", some reversed by a
    return to an earlier choice or a verdict on the old way; and every phrasing, read as a
    rewording rather than as said, is scored faithful — so a bullet keeping the person's words is
    never counted as inverted or garbled."""
    from collections import Counter

    from persona_pipeline.eval import pool_blind10 as b
    from persona_pipeline.eval.corpus import has_term

    assert len(b.PREFERENCES) >= 60 and len(b.TASKS) >= 90 and len(b.CONTRADICTIONS) >= 12
    assert all(len(p.phrasings) == 4 for p in b.PREFERENCES)
    assert all(9 <= n <= 11 for n in Counter(p.facet for p in b.PREFERENCES).values())
    avoid = sum(p.polarity == "avoid" for p in b.PREFERENCES)
    assert avoid >= 15 and avoid / len(b.PREFERENCES) <= 0.35, avoid
    orders = [c.old_correction for c in b.CONTRADICTIONS]
    assert orders.count(True) >= 5 and orders.count(False) >= 5
    newer = [x.lower() for c in b.CONTRADICTIONS for x in c.new]
    assert not [x for x in newer if re.search(r"\bnow\b|from now on", x)]
    # the newer side names the older one in some reversals (a verdict, a return), not in most
    naming = [c.id for c in b.CONTRADICTIONS if any(has_term(x, [a for g in c.loser_terms for a in g]) for x in c.new)]
    assert 2 <= len(naming) <= len(b.CONTRADICTIONS) // 2, naming
    foreign = [p.id for p in b.PREFERENCES if all(_BLIND10_OTHER_LETTER.search(x.lower()) for x in p.phrasings)]
    assert len(foreign) >= 6, foreign
    phrasings = [x.lower() for p in b.PREFERENCES for x in p.phrasings]
    everyday = [x for x in phrasings if _DECLARATIVE_OPENING.match(x) and not _DIRECTIVE_CUE.search(x)]
    assert len(everyday) >= 0.4 * len(phrasings), len(everyday)
    shared = []
    for p in b.PREFERENCES:
        words = [_content_words(x, p.terms) - _BLIND10_FUNCTION_WORDS for x in p.phrasings]
        shared += [(p.id, i, j) for i in range(4) for j in range(i + 1, 4) if len(words[i] & words[j]) > 1]
    assert shared == []
    assert _unread_phrasings(b.PREFERENCES) == []


def test_blind10_brief_checks_can_fail() -> None:
    """The checks of blind10's brief tell the shapes apart: a phrasing in Ukrainian, Hebrew, Czech,
    Danish, Romanian or Hungarian is another language, an English one is not; two restatements
    sharing a content word beside the key term are caught, a closed-class word of those languages
    is not counted."""
    others = ("дякую", "תודה רבה", "děkuji", "tak for hjælpen", "mulțumesc", "köszönöm")
    for other in others:
        assert _BLIND10_OTHER_LETTER.search(other.lower()), other
    assert not _BLIND10_OTHER_LETTER.search("the interlocking tables are frozen")
    terms = (("anvil",),)
    one, two = (_content_words(x, terms) - _BLIND10_FUNCTION_WORDS for x in ("anvil na stole", "anvil na polici"))
    assert one & two == {"<key>"}
    one, two = (_content_words(x, terms) - _BLIND10_FUNCTION_WORDS for x in ("anvil v dílně", "anvil v dílně vpravo"))
    assert one & two == {"<key>", "dílně"}


# a letter of the other languages blind11's people speak that English lacks, from each standard
# alphabet: Arabic, Georgian (Mkhedruli) and the letters Finnish (ä ö) adds to Latin
_BLIND11_OTHER_LETTER = re.compile(r"[\u0600-\u06ff\u10a0-\u10ffäö]")
# Indonesian, Swahili and Tagalog are typed in plain ASCII: a phrasing is in one of them when it
# holds two of its closed-class words (pronouns, prepositions, conjunctions, particles, markers,
# from their reference grammars), leaving out those spelled like an English word ("at", "may",
# "din") so an English sentence never counts
_BLIND11_INDONESIAN_TEXT = (
    "aku saya kamu kita kami dia ini itu yang dan di ke dari dalam untuk dengan tidak bukan jangan "
    "sama juga aja saja jadi kalau biar lebih sudah belum atau tapi karena sebelum"
)
_BLIND11_SWAHILI_TEXT = (
    "na kwa ya wa za la cha vya ni kwenye mimi wewe sisi nawe pia hapa kama lakini au sana zaidi bila"
)
_BLIND11_TAGALOG_TEXT = "ang ng mga sa ko kong ako ka mo lang kasi kapag kung para pag yung si ay rin mas ba"
_BLIND11_ASCII_LANGUAGES = {
    "indonesian": frozenset(_BLIND11_INDONESIAN_TEXT.split()),
    "swahili": frozenset(_BLIND11_SWAHILI_TEXT.split()),
    "tagalog": frozenset(_BLIND11_TAGALOG_TEXT.split()),
}
# the closed classes of every language blind11's phrasings use besides English (the three above,
# and Arabic, Georgian and Finnish conjunctions, prepositions, pronouns and copulas): they carry no
# content when counting what two restatements share
_BLIND11_LETTERED_FUNCTION_WORDS_TEXT = (
    "و في من على مع لو يكون "
    "და ან მაგრამ რომ არ ეს ის ასე უფრო "
    "ja on ei mutta joten että se tämä tässä minä minulle sinä me niin kanssa"
)
_BLIND11_FUNCTION_WORDS = (
    _FUNCTION_WORDS
    | frozenset().union(*_BLIND11_ASCII_LANGUAGES.values())
    | frozenset(_BLIND11_LETTERED_FUNCTION_WORDS_TEXT.split())
)


def _blind11_language(text: str) -> str:
    """The other language a phrasing is in ("" for English): by a letter of its own, or by two
    closed-class words of a language typed in ASCII."""
    t = text.lower()
    if _BLIND11_OTHER_LETTER.search(t):
        return "letters"
    words = set(re.findall(r"[a-z]+", t))
    return next((lang for lang, closed in _BLIND11_ASCII_LANGUAGES.items() if len(words & closed) >= 2), "")


def test_blind11_pool_asks_what_its_brief_asks() -> None:
    """blind11's own brief (issue 15): at least 60 preferences, about ten per facet, with four
    phrasings each whose restatements share no content word but the key term; at least 40% of the
    phrasings statements in everyday speech without a directive cue; at least 15 negated
    preferences; at least six said in another language than English in every phrasing, two of
    those languages typed in plain ASCII; 90 one-offs, some of them pasted output over several
    lines; 12 contradictions in both orders, none reversed with "now", some naming the old side in
    the newer words; and every phrasing, read as a rewording rather than as said, is scored
    faithful — so a bullet keeping the person's words is never counted as inverted or garbled."""
    from collections import Counter

    from persona_pipeline.eval import pool_blind11 as b
    from persona_pipeline.eval.corpus import has_term

    assert len(b.PREFERENCES) >= 60 and len(b.TASKS) >= 90 and len(b.CONTRADICTIONS) >= 12
    assert all(len(p.phrasings) == 4 for p in b.PREFERENCES)
    assert all(9 <= n <= 11 for n in Counter(p.facet for p in b.PREFERENCES).values())
    avoid = sum(p.polarity == "avoid" for p in b.PREFERENCES)
    assert avoid >= 15 and avoid / len(b.PREFERENCES) <= 0.35, avoid
    assert sum("\n" in t.phrasings[0] for t in b.TASKS) >= 5
    orders = [c.old_correction for c in b.CONTRADICTIONS]
    assert orders.count(True) >= 5 and orders.count(False) >= 5
    newer = [x.lower() for c in b.CONTRADICTIONS for x in c.new]
    assert not [x for x in newer if re.search(r"\bnow\b|from now on", x)]
    naming = [c.id for c in b.CONTRADICTIONS if any(has_term(x, [a for g in c.loser_terms for a in g]) for x in c.new)]
    assert 2 <= len(naming) <= len(b.CONTRADICTIONS) // 2, naming
    foreign = [p for p in b.PREFERENCES if all(_blind11_language(x) for x in p.phrasings)]
    assert len(foreign) >= 6, [p.id for p in foreign]
    ascii_languages = {_blind11_language(x) for p in foreign for x in p.phrasings if x.isascii()}
    assert len(ascii_languages) >= 2, ascii_languages
    phrasings = [x.lower() for p in b.PREFERENCES for x in p.phrasings]
    everyday = [x for x in phrasings if _DECLARATIVE_OPENING.match(x) and not _DIRECTIVE_CUE.search(x)]
    assert len(everyday) >= 0.4 * len(phrasings), len(everyday)
    shared = []
    for p in b.PREFERENCES:
        words = [_content_words(x, p.terms) - _BLIND11_FUNCTION_WORDS for x in p.phrasings]
        shared += [(p.id, i, j) for i in range(4) for j in range(i + 1, 4) if len(words[i] & words[j]) > 1]
    assert shared == []
    assert _unread_phrasings(b.PREFERENCES) == []


def test_blind11_brief_checks_can_fail() -> None:
    """The checks of blind11's brief tell the shapes apart: a phrasing in Arabic, Georgian or
    Finnish is another language by its letters, one in Indonesian, Swahili or Tagalog by two of
    its closed-class words, an English one (even with one such word) is not; two restatements
    sharing a content word beside the key term are caught, a closed-class word is not counted."""
    assert _blind11_language("شكرا جزيلا") == _blind11_language("გმადლობთ") == "letters"
    assert _blind11_language("kiitos, tämä toimii") == "letters"
    assert _blind11_language("terima kasih untuk bantuannya, aku senang") == "indonesian"
    assert _blind11_language("asante sana kwa msaada") == "swahili"
    assert _blind11_language("salamat sa tulong mo") == "tagalog"
    for english in ("the interlocking tables are frozen", "I'm at home on a train", "ya know the kit is ready"):
        assert _blind11_language(english) == "", english
    terms = (("anvil",),)
    one, two = (_content_words(x, terms) - _BLIND11_FUNCTION_WORDS for x in ("anvil kwa mimi", "anvil kwa wewe"))
    assert one & two == {"<key>"}
    one, two = (_content_words(x, terms) - _BLIND11_FUNCTION_WORDS for x in ("anvil ang tovuti", "anvil sa tovuti"))
    assert one & two == {"<key>", "tovuti"}


def test_pools_are_served_from_their_data_files() -> None:
    """Each pool module serves its `pools/<name>.toml` as records (the dev pool with its everyday
    phrasing appended and every polarity set); a misspelt field in a file fails loudly; the files
    are package data, so an installed wheel has them."""
    import tomllib

    from persona_pipeline.eval import pool, pool_data, pool_test

    for mod, name in ((pool, "dev"), (pool_test, "test")):
        raw = pool_data.parse_pool(pool_data.read_pool(name))
        assert raw.tasks == mod.TASKS and raw.secret_tasks == mod.SECRET_TASKS and raw.people == mod.PEOPLE
        assert raw.contradictions == mod.CONTRADICTIONS and raw.projects == mod.PROJECTS
        assert all(isinstance(p, pool_data.PrefTemplate) for p in mod.PREFERENCES)
        assert all(isinstance(t, tuple) for p in mod.PREFERENCES for t in (p.terms, *p.terms, p.phrasings))
        with pytest.raises(AttributeError):
            _ = mod.NOT_A_TABLE
    assert pool_data.parse_pool(pool_data.read_pool("test")).preferences == pool_test.PREFERENCES
    data = pool_data.read_pool("dev")
    raw_prefs = pool_data.parse_pool(data).preferences
    assert [p.phrasings[:-1] for p in pool.PREFERENCES] == [p.phrasings for p in raw_prefs]
    assert [p.phrasings[-1] for p in pool.PREFERENCES] == [data["everyday"][p.id] for p in raw_prefs]
    assert {p.polarity for p in pool.PREFERENCES} == {"prefer", "avoid", ""}

    data["tasks"][0]["phrasing"] = data["tasks"][0].pop("phrasings")
    with pytest.raises(TypeError):
        pool_data.parse_pool(data)

    pyproject = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    assert "eval/pools/*.toml" in pyproject["tool"]["setuptools"]["package-data"]["persona_pipeline"]


def test_directives_leaks_and_stability_helpers(tmp_path: Path, warehouse: Path) -> None:
    truth = _truth()
    md = "# Persona\n\n## Directives\n- Money is stored as integer cents; never use floats.\n"
    assert score(_pack(), md, warehouse, truth).directive_fidelity == 1.0
    assert score(_pack(), "# Persona\n", warehouse, truth).directive_fidelity == 0.0
    con = duckdb.connect(str(warehouse))
    con.execute("CREATE TABLE turns (t VARCHAR)")
    con.execute(f"INSERT INTO turns VALUES ('left CANARY-00AA11BB22CC here'), ('{truth.secrets[0].value}')")
    con.close()
    card = score(_pack(), "", warehouse, truth, run_output=f"user {truth.account}")
    assert [(x.kind, x.where) for x in card.canary_leaks] == [("tool_result", "duckdb:turns")]
    assert {x.where for x in card.secret_leaks} == {"duckdb:turns", "stdout/stderr"}
    assert positive_text("Don't use pandas anymore, we use polars now.") == "we use polars now"
    assert jaccard(["A.", "b"], ["a.", "c"]) == pytest.approx(1 / 3, abs=1e-3)


def test_thresholds_fail_on_any_regression(warehouse: Path) -> None:
    md = "## Directives\n- Money is stored as integer cents; never use floats.\n"
    bullets = _pack("Use polars, not pandas.", "Never use sudo.", "No more poetry, use uv instead.")
    card = score(bullets, md, warehouse, _truth())
    card.stable = True
    report = {"model": "offline", "totals": totals([card]), "failed_runs": []}
    assert check(report) == []
    worse = copy.deepcopy(report)
    worse["totals"]["fabricated"] = 2
    worse["totals"]["one_off_leaks"] = 2
    worse["totals"]["recall"] = 0.5
    assert [f.split(" ")[0] for f in check(worse)] == ["recall", "fabricated", "one_off_leaks"]
    dev = copy.deepcopy(report) | {"pool": "dev"}
    dev["totals"]["fabricated"] = 1  # the dev pool's gate is stricter: it was tuned on
    assert [f.split(" ")[0] for f in check(dev)] == ["fabricated"]
    model = copy.deepcopy(report) | {"model": "openai/x"}
    model["totals"]["stability_jaccard_min"] = 0.2
    assert [f.split(" ")[0] for f in check(model)] == ["stability_jaccard_min"]


# --- the CI gate -------------------------------------------------------------------------------
def test_offline_scorecard_meets_thresholds(tmp_path: Path) -> None:
    """`persona eval --pool test` on the seed-1 corpus, offline: 3 developers × 2 isolated runs, on
    the held-out test pool (never tuned on)."""
    report, table = run_eval(None, "offline", 1, False, work_dir=tmp_path / "eval", pool="test")
    assert report["pool"] == "test"
    t = report["totals"]
    assert report["failed_runs"] == [], table
    assert report["passed"], table
    assert t["recall"] >= THRESHOLDS["recall_min"] and t["fabricated"] <= THRESHOLDS["fabricated_max"], table
    assert t["canary_leaks"] == 0 and t["secret_leaks"] == 0 and t["stable"], table


def test_offline_scorecard_on_the_blind_pool(tmp_path: Path) -> None:
    """`persona eval --pool blind` on the seed-1 corpus, offline: the pool written without reading
    the digester or the other pools (eval/pool_blind.py), gated just under what the offline
    backend measures there (runner.THRESHOLDS_BY_POOL["blind"])."""
    from persona_pipeline.eval.runner import THRESHOLDS_BY_POOL

    report, table = run_eval(None, "offline", 1, False, work_dir=tmp_path / "eval", pool="blind")
    assert report["pool"] == "blind" and report["failed_runs"] == [], table
    assert report["thresholds"] == THRESHOLDS_BY_POOL["blind"]
    assert report["passed"], table


# blind2 in CI: seed 1 held to floors a little under the untuned baseline (2026-12-04, main at
# 1f9e602: recall 0.69 (22/32), 0 fabricated, 0 one-offs, contradictions 5/6), so that a regression
# fails. blind2 may be tuned on since blind3 exists; its floors stay.
BLIND2_FLOORS: dict[str, float | int] = {
    "recall_min": 0.65,
    "fabricated_max": 1,
    "one_off_leaks_max": 1,
    "contradiction_handling_min": 0.66,
}
# blind3 in CI: seed 1 held to floors a little under what the offline backend measures there. The
# untuned baseline (2026-12-04, main at afe196a) was recall 0.57 (17/30), 3 fabricated (3 inverted),
# 0 one-offs, contradictions 1/6; blind3 is tunable since blind4 exists, and after the digest5 work
# (general mechanisms only) seed 1 stands at recall 0.73 (22/30), 3 fabricated (3 inverted), 0
# one-offs, contradictions 2/6. A failure prints the totals.
BLIND3_FLOORS: dict[str, float | int] = {
    "recall_min": 0.70,
    "fabricated_max": 4,
    "one_off_leaks_max": 1,
    "contradiction_handling_min": 0.30,
}
# blind4 in CI: seed 1 held to floors a little under the untuned baseline (2026-12-04, main at
# 5dc51d5: recall 0.49 (17/35), 3 fabricated (3 inverted), 5 one-offs, contradictions 2/6). The
# pool was held out until blind5 was written and is tunable since (its sentences have been read).
BLIND4_FLOORS: dict[str, float | int] = {
    "recall_min": 0.45,
    "fabricated_max": 4,
    "one_off_leaks_max": 6,
    "contradiction_handling_min": 0.33,
}
# blind5 in CI: seed 1 held to floors just under the untuned baseline (2026-12-04, main at fc1904e:
# recall 0.50 (15/30), 2 fabricated (1 inverted), 1 one-off, contradictions 0/5). No contradiction
# is handled there today, so it has no contradiction floor (a floor of 0 could not fail); the
# closing notes report the figure. The pool was held out until blind6 was written and is tunable
# since (a tuning pass, digest7, was reviewed and not merged: see the closing note of stop 32).
BLIND5_FLOORS: dict[str, float | int | None] = {
    "recall_min": 0.46,
    "fabricated_max": 3,
    "one_off_leaks_max": 2,
    "contradiction_handling_min": None,
}
# blind6 in CI: seed 1 held to floors just under the untuned baseline (2026-12-05, main at 399003f:
# recall 0.59 (20/34), 2 fabricated (2 inverted), 0 one-offs, contradictions 1/4), so that losing a
# second preference, one more fabricated bullet or one-off, or the one handled contradiction fails.
# The pool is held out and read in aggregate only, so a failure prints the totals, never the
# bullets or the missed ids.
BLIND6_FLOORS: dict[str, float | int | None] = {
    "recall_min": 0.55,
    "fabricated_max": 3,
    "one_off_leaks_max": 1,
    "contradiction_handling_min": 0.25,
}

# blind7 in CI: seed 1 held to floors just under the untuned baseline (2026-12-05, main at 5aecfc0:
# recall 0.44 (14/32), 1 fabricated (1 inverted), 0 one-offs, contradictions 2/5), so that losing
# two preferences, two more fabricated bullets or one-offs, or both handled contradictions fails.
# The pool is the newest held out and is read in aggregate only: a failure prints the totals, never
# the bullets or the missed ids.
BLIND7_FLOORS: dict[str, float | int | None] = {
    "recall_min": 0.40,
    "fabricated_max": 2,
    "one_off_leaks_max": 1,
    "contradiction_handling_min": 0.2,
}

# blind8 in CI: seed 1 held to floors just under the untuned baseline (2026-12-05, main at c43468b:
# recall 0.54 (15/28), 2 fabricated (2 inverted), 3 one-offs, contradictions 1/3), so that losing
# two preferences, two more fabricated bullets or one-offs, or the one handled contradiction fails.
# The pool was held out until blind9 was written and is read in aggregate only until it is opened: a
# failure prints the totals, never the bullets or the missed ids.
BLIND8_FLOORS: dict[str, float | int | None] = {
    "recall_min": 0.48,
    "fabricated_max": 3,
    "one_off_leaks_max": 4,
    "contradiction_handling_min": 0.3,
}


# blind9 in CI: seed 1 held to floors just under the untuned baseline (2026-12-07, main at f475477:
# recall 0.56 (18/32), 3 fabricated (3 inverted), 8 one-offs, contradictions 0/5), so that losing
# two preferences, two more fabricated bullets or two more one-offs fails. No contradiction is
# handled there today, so it has no contradiction floor (a floor of 0 could not fail). The pool was
# held out until blind10 was written and is read in aggregate only until it is opened: a failure
# prints the totals, never the bullets or the missed ids.
BLIND9_FLOORS: dict[str, float | int | None] = {
    "recall_min": 0.52,
    "fabricated_max": 4,
    "one_off_leaks_max": 9,
    "contradiction_handling_min": None,
}


# blind10 in CI: seed 1 held to floors just under the untuned baseline (2026-12-07, main at 030aa82:
# recall 0.68 (21/31), 2 fabricated (2 inverted), 1 one-off, contradictions 2/5), so that losing
# two preferences, two more fabricated bullets or one-offs, or both handled contradictions fails.
# The pool was held out until blind11 was written and is read in aggregate only until it is opened:
# a failure prints the totals, never the bullets or the missed ids.
BLIND10_FLOORS: dict[str, float | int | None] = {
    "recall_min": 0.63,
    "fabricated_max": 3,
    "one_off_leaks_max": 2,
    "contradiction_handling_min": 0.2,
}


# blind11 in CI: seed 1 held to floors just under the untuned baseline (2026-12-07, main at 2d9fec1:
# recall 0.50 (17/34), 1 fabricated (1 inverted), 0 one-offs, contradictions 2/4), so that losing
# two preferences, two more fabricated bullets or one-offs, or both handled contradictions fails.
# The pool is the newest held out and is read in aggregate only: a failure prints the totals, never
# the bullets or the missed ids.
BLIND11_FLOORS: dict[str, float | int | None] = {
    "recall_min": 0.45,
    "fabricated_max": 2,
    "one_off_leaks_max": 1,
    "contradiction_handling_min": 0.2,
}


def _assert_blind_scorecard(pool: str, floors: Mapping[str, float | int | None], tmp_path: Path) -> None:
    """`persona eval --pool <pool>` on the seed-1 corpus, offline, reported against the test pool's
    gate and held to `floors`; a failure shows aggregates only."""
    from persona_pipeline.eval.runner import THRESHOLDS_BY_POOL

    report, _ = run_eval(None, "offline", 1, False, work_dir=tmp_path / "eval", pool=pool)
    t = report["totals"]
    keys = ("recall", "fabricated", "garbled", "inverted", "one_off_leaks", "contradictions_handled", "bullets")
    aggregates = {k: t[k] for k in (*keys, "contradictions", "canary_leaks", "secret_leaks")}
    assert report["pool"] == pool and report["thresholds"] == THRESHOLDS_BY_POOL["test"]
    assert [(r["dev"], r["run"], r["returncode"]) for r in report["failed_runs"]] == [], aggregates
    assert t["recall"] >= floors["recall_min"], aggregates
    assert t["fabricated"] <= floors["fabricated_max"], aggregates
    assert t["one_off_leaks"] <= floors["one_off_leaks_max"], aggregates
    if floors.get("contradiction_handling_min") is not None:  # (None: no contradiction is handled yet)
        assert t["contradiction_handling"] >= floors["contradiction_handling_min"], aggregates
    assert t["canary_leaks"] == 0 and t["secret_leaks"] == 0 and t["stable"], aggregates


BLIND_FLOORS: dict[str, Mapping[str, float | int | None]] = {
    "blind2": BLIND2_FLOORS,
    "blind3": BLIND3_FLOORS,
    "blind4": BLIND4_FLOORS,
    "blind5": BLIND5_FLOORS,
    "blind6": BLIND6_FLOORS,
    "blind7": BLIND7_FLOORS,
    "blind8": BLIND8_FLOORS,
    "blind9": BLIND9_FLOORS,
    "blind10": BLIND10_FLOORS,
    "blind11": BLIND11_FLOORS,
}


@pytest.mark.parametrize("pool", BLIND_POOLS)
def test_offline_scorecard_on_a_blind_pool(pool: str, tmp_path: Path) -> None:
    """`persona eval --pool <pool>` on the seed-1 corpus, offline, held to that pool's floors (set
    just under its untuned figures when it was written; raised only when a pool is opened)."""
    _assert_blind_scorecard(pool, BLIND_FLOORS[pool], tmp_path)


def test_persona_eval_command_on_another_seed(tmp_path: Path) -> None:
    """The real `persona eval` entry point, test pool, seed 2: exit 0, a JSON report whose gate passed."""
    import subprocess
    import sys

    proc = subprocess.run(
        [
            *(sys.executable, "-m", "persona_pipeline", "eval", "--pool", "test", "--seed", "2"),
            *("--json", "--work-dir", str(tmp_path)),
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    report = json.loads(proc.stdout)
    assert report["seed"] == 2 and report["model"] == "offline" and report["pool"] == "test" and report["passed"]
    assert report["totals"]["recall"] >= THRESHOLDS["recall_min"]
    assert report["totals"]["fabricated"] <= THRESHOLDS["fabricated_max"]
    assert (tmp_path / "corpus" / "truth.json").is_file()  # --work-dir keeps the corpus for --corpus


# --- the model path ----------------------------------------------------------------------------
_TURN = re.compile(r"^\d+\. \[(T[0-3])\] (?:\(after assistant: .*?\) )?(.+)$")
_CUE = re.compile(r"\b(?:always|never|prefer|instead of|don'?t|stop|not)\b", re.IGNORECASE)


def _naive_model(payload: dict) -> str:
    """A deterministic stand-in for a model: every turn line with a preference cue becomes one
    observation quoting it (all in one facet: the scorer does not judge facets)."""
    user = next(m["content"] for m in payload["messages"] if m["role"] == "user")
    out = []
    for line in user.splitlines():
        m = _TURN.match(line.strip())
        if m and _CUE.search(m.group(2)) and not m.group(2).startswith("[REDACTED"):
            text = m.group(2)[:300].strip()
            out.append({"facet": "workflow", "statement": text, "quote": text, "tier": m.group(1)})
    return json.dumps({"observations": out[:40]})


def test_eval_with_a_model_backend(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`persona eval --model` through litellm against a local OpenAI-compatible server: calls are
    counted, stability is the Jaccard of the two runs' bullets, and no canary, planted secret or
    unredacted account name is ever in a request."""
    from persona_pipeline_tests.fake_openai import FakeOpenAI

    fake = FakeOpenAI()
    fake.responder = _naive_model
    fake.start()
    monkeypatch.setenv("PERSONA_API_BASE", fake.base_url)
    monkeypatch.setenv("PERSONA_API_KEY", "sk-test-not-real-0123456789")
    try:
        report, table = run_eval(None, "openai/fake-model", 3, False, developers=1, work_dir=tmp_path)
    finally:
        fake.stop()
    t = report["totals"]
    assert report["failed_runs"] == [], table
    assert t["llm_calls"] > 0 and len(fake.requests) >= t["llm_calls"], table
    assert t["stability_jaccard_min"] == 1.0, table  # same replies for the same redacted requests
    assert t["canary_leaks"] == 0 and t["secret_leaks"] == 0, table
    assert t["directive_fidelity"] == 1.0, table  # directives never go through the model
    assert "stability (Jaccard)" in table
    truth = Truth.load(tmp_path / "corpus")
    sent = json.dumps(fake.requests)
    dev = truth.developers[0]
    planted = [c.token for c in dev.canaries] + [s.value for s in dev.secrets] + [dev.account]
    assert [v for v in planted if v.lower() in sent.lower()] == []
