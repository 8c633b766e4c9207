"""`persona search`: ranking, weights, filters, placeholders, the persisted index, erasure, CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from persona_pipeline.core.config import Settings
from persona_pipeline.core.warehouse import store
from persona_pipeline.orchestration import cli
from persona_pipeline.search import build_index
from persona_pipeline.search.query import search
from persona_pipeline.search.tokens import tokenize
from persona_pipeline_tests.conftest import REPO, last_json

# ---------------------------------------------------------------- warehouse rows (plain INSERTs)


class Rows:
    """Writes test rows into a real warehouse file, the columns as the pipeline fills them."""

    def __init__(self, data_dir: Path) -> None:
        self.settings = Settings(data_dir=data_dir)
        self.path = self.settings.warehouse_path
        with store.connect(self.path):
            pass  # creates the schema

    def sql(self, statement: str, params: list | None = None) -> None:
        with store.connect(self.path) as con:
            con.execute(statement, params or [])

    def evidence(
        self,
        eid: str,
        excerpt: str,
        *,
        tier: str = "T2",
        kind: str = "prompt",
        project: str = "alpha",
        unit: str | None = None,
        line: int = 1,
        ts: str = "2026-10-01T10:00:00Z",
        context: str = "",
    ) -> None:
        unit = unit or f"claude/{project}/s-{eid}.jsonl"
        self.sql(
            """INSERT INTO evidence (evidence_id, unit_key, source_kind, tier, kind, excerpt, context, project,
                   session_id, timestamp, line_no, redactions) VALUES (?, ?, 'claude', ?, ?, ?, ?, ?, ?, ?, ?, '{}')""",
            [eid, unit, tier, kind, excerpt, context, project, f"session-{eid}", ts, line],
        )

    def rule(self, rule_id: str, statement: str, *, tier: str = "T1", projects=("alpha",), evidence=()) -> None:
        self.sql(
            """INSERT INTO facet_rules (rule_id, facet, statement, tier, support_observations, support_sessions,
                   support_projects, projects, score, evidence_ids, quotes, superseded_by, established)
               VALUES (?, 'stack', ?, ?, 1, 1, 1, ?, 1.0, ?, [], NULL, true)""",
            [rule_id, statement, tier, list(projects), list(evidence)],
        )

    def skill(self, name: str, description: str, *, credibility: float, evidence=(), instructions=()) -> None:
        self.sql(
            """INSERT INTO skills (name, version, description, instructions, triggers, examples, lesson_ids,
                   evidence_ids, importance, credibility, content_hash)
               VALUES (?, 1, ?, ?, [], [], [], ?, 0.5, ?, 'h')""",
            [name, description, list(instructions), list(evidence), credibility],
        )

    def lesson(self, lesson_id: str, statement: str, *, credibility: float, project: str = "alpha", evidence=()):
        self.sql(
            """INSERT INTO lessons (lesson_id, unit_key, session_id, project, kind, statement, importance,
                   credibility, signal, quote, evidence_ids, timestamp)
               VALUES (?, 'claude/u.jsonl', 's', ?, 'worth_avoiding', ?, 0.5, ?, 'tool_error', '', ?, NULL)""",
            [lesson_id, project, statement, credibility, list(evidence)],
        )

    def note(
        self,
        note_id: str,
        text: str,
        *,
        kind: str = "decision",
        project: str = "alpha",
        evidence=(),
        alternative: str = "sqlite",
        reason: str = "concurrency",
    ):
        self.sql(
            """INSERT INTO session_notes (note_id, unit_key, session_id, project, kind, text, alternative, reason,
                   files, functions, evidence_ids, timestamp)
               VALUES (?, 'claude/u.jsonl', 's', ?, ?, ?, ?, ?, ['src/db.py'], ['connect'], ?, NULL)""",
            [note_id, project, kind, text, alternative, reason, list(evidence)],
        )

    def search(self, query: str, **kw):
        return search(self.settings, query, **kw)


@pytest.fixture
def rows(tmp_path: Path) -> Rows:
    return Rows(tmp_path / "data")


def _ids(response) -> list[str]:
    return [r.id for r in response.results]


# ---------------------------------------------------------------- tokens


def test_tokens_keep_identifiers_and_placeholder_types_only() -> None:
    assert tokenize("Use polars, not pandas.") == ["use", "polars", "polar", "not", "pandas", "panda"]
    assert "snake_case" in tokenize("rename to snake_case") and "snake" in tokenize("snake_case")
    assert tokenize("run pytest -x") == ["run", "pytest", "-x"]
    assert {"foo.bar", "foo", "bar"} <= set(tokenize("call foo.bar() now"))
    assert {"getusername", "get", "user", "name"} <= set(tokenize("getUserName"))
    assert tokenize("the and of is") == []
    # a placeholder is its type, whole; not "redacted", not its hmac, not the type's parts
    assert tokenize("key=[REDACTED:aws_access_key:ab12cd34].") == ["key", "aws_access_key"]


def test_corpus_tokenizer_gives_the_same_tokens() -> None:
    from persona_pipeline.search.tokens import CorpusTokenizer

    texts = [
        "Use polars, not pandas. polars again",
        "key=[REDACTED:aws_access_key:ab12cd34], token [REDACTED:github_pat:0011aabb]",
        "getUserName snake_case foo.bar() -x --no-verify src/a_b.py errors tests",
        "",
        "the and of",
    ] * 2
    corpus = CorpusTokenizer(max_cached=3)  # the cache fills up: later chunks are tokenised each time
    ids = [corpus.ids(t) for t in texts]
    by_id = {i: t for t, i in corpus.vocab.items()}
    assert [[by_id[i] for i in doc] for doc in ids] == [tokenize(t) for t in texts]
    assert sorted(corpus.vocab.values()) == list(range(len(corpus.vocab)))


# ---------------------------------------------------------------- ranking and weights


def test_rare_query_terms_outrank_common_ones(rows: Rows) -> None:
    for i in range(20):
        rows.evidence(f"fill{i:02d}", f"python script number {i} for the report")
    rows.evidence("c-common", "python python python again")
    rows.evidence("b-rare", "polars frames everywhere")
    rows.evidence("a-both", "python with polars frames")
    got = rows.search("python polars")
    assert _ids(got)[:3] == ["a-both", "b-rare", "c-common"]
    assert all(r.kind == "evidence" and r.weight == 0.7 for r in got.results)


def test_tier_weight_flips_an_otherwise_equal_pair(tmp_path: Path) -> None:
    orders = []
    for n, (tier_a, tier_b) in enumerate((("T3", "T1"), ("T1", "T3"))):
        rows = Rows(tmp_path / f"d{n}")
        rows.evidence("aaaa", "always run the migrations before the tests", tier=tier_a)
        rows.evidence("bbbb", "always run the migrations before the tests", tier=tier_b)
        got = rows.search("migrations tests")
        a, b = got.results
        assert a.bm25 == b.bm25  # same text: only the weight differs
        assert a.score == pytest.approx(a.bm25 * 0.9, rel=1e-3) and b.score == pytest.approx(b.bm25 * 0.4, rel=1e-3)
        orders.append(_ids(got))
    assert orders == [["bbbb", "aaaa"], ["aaaa", "bbbb"]]


def test_equal_scores_are_ordered_deterministically(rows: Rows) -> None:
    for eid in ("e3", "e1", "e2"):
        rows.evidence(eid, "prefer dataclasses over dicts")
    rows.rule("r1", "Prefer dataclasses over dicts.", tier="T2")
    first = rows.search("dataclasses")
    assert _ids(first) == ["r1", "e1", "e2", "e3"]  # kind order (rule first), then id
    assert [_ids(rows.search("dataclasses")) for _ in range(3)] == [_ids(first)] * 3


def test_credibility_weighs_skills_and_lessons(rows: Rows) -> None:
    text = "retry the flaky network call with backoff"
    rows.skill("a-low", text, credibility=0.3)
    rows.skill("b-high", text, credibility=0.9)
    rows.lesson("l1", text, credibility=0.6)
    got = rows.search("flaky network backoff", kind="skill")
    assert _ids(got) == ["b-high", "l1", "a-low"]
    assert [r.kind for r in got.results] == ["skill", "lesson", "skill"]
    assert [r.weight for r in got.results] == [0.9, 0.6, 0.3]
    skill = got.results[0]
    assert skill.text.startswith("b-high: retry") and skill.detail["version"] == "1"


# ---------------------------------------------------------------- filters


def _one_of_each(rows: Rows) -> None:
    rows.evidence("ev-a", "we pick duckdb for the cache", project="alpha")
    rows.evidence("ev-b", "duckdb file in tmp_path for tests", project="beta", tier="T1", kind="correction")
    rows.rule("rule-1", "Use duckdb, not sqlite.", projects=("alpha", "beta"), evidence=("ev-a", "ev-b"))
    rows.skill("duckdb-tests", "test against a real duckdb file", credibility=0.8, evidence=("ev-b",))
    rows.lesson("lesson-1", "duckdb locks the file for one writer", credibility=0.9, project="alpha")
    rows.note("note-1", "chose duckdb for the warehouse", project="alpha", evidence=("ev-a",))


def test_a_note_quoting_its_alternative_is_shown_as_said(rows: Rows) -> None:
    # the decision is the person's sentence: it already names what it replaced and why
    said = "Let's keep the queue in Redis rather than RabbitMQ since ops already runs Redis"
    rows.note("n-said", said, alternative="RabbitMQ", reason="ops already runs Redis")
    rows.note("n-bare", "Queue jobs in Redis", alternative="RabbitMQ", reason="ops already runs Redis")
    got = {r.id: r.text for r in rows.search("queue redis rabbitmq", kind="note").results}
    assert got["n-said"] == f"{said} [files: src/db.py]"
    assert got["n-bare"] == "Queue jobs in Redis (instead of RabbitMQ: ops already runs Redis) [files: src/db.py]"


def test_kind_filter(rows: Rows) -> None:
    _one_of_each(rows)
    assert {r.kind for r in rows.search("duckdb").results} == {"persona", "skill", "lesson", "note", "evidence"}
    assert _ids(rows.search("duckdb", kind="persona")) == ["rule-1"]
    assert {r.kind for r in rows.search("duckdb", kind="skill").results} == {"skill", "lesson"}
    assert _ids(rows.search("duckdb", kind="note")) == ["note-1"]
    assert set(_ids(rows.search("duckdb", kind="evidence"))) == {"ev-a", "ev-b"}


def test_project_filter_matches_rows_and_rule_or_skill_project_lists(rows: Rows) -> None:
    _one_of_each(rows)
    beta = rows.search("duckdb", project="beta")
    # ev-b is beta's; the rule lists beta; the skill cites beta evidence; the rest is alpha's
    assert set(_ids(beta)) == {"ev-b", "rule-1", "duckdb-tests"}
    rule = next(r for r in beta.results if r.id == "rule-1")
    assert rule.projects == ["alpha", "beta"] and rule.project is None
    assert next(r for r in beta.results if r.id == "ev-b").project == "beta"
    assert "note-1" in _ids(rows.search("duckdb", project="alpha"))
    nothing = rows.search("duckdb", project="gamma")
    assert nothing.results == [] and nothing.message == "no results"


def test_citations_resolve_to_provenance(rows: Rows) -> None:
    _one_of_each(rows)
    rows.rule("rule-2", "Pin duckdb exactly.", evidence=("ev-a", "gone-id"))
    got = rows.search("pin duckdb", kind="persona")
    rule = next(r for r in got.results if r.id == "rule-2")
    assert rule.citations_total == 2 and [c.evidence_id for c in rule.citations] == ["ev-a"]  # erased id: counted
    c = rule.citations[0]
    assert (c.unit_key, c.line_no, c.project, c.session_id, c.source_kind, c.tier) == (
        "claude/alpha/s-ev-a.jsonl",
        1,
        "alpha",
        "session-ev-a",
        "claude",
        "T2",
    )
    assert c.label() == "claude/alpha/s-ev-a.jsonl:1 (alpha, 2026-10-01)"
    first = next(r for r in got.results if r.id == "rule-1").citations
    assert [x.evidence_id for x in first] == ["ev-b", "ev-a"]  # T1 before T2


def test_placeholder_is_searchable_by_its_type_only(rows: Rows) -> None:
    rows.evidence("leak", "ci failed, the key is [REDACTED:aws_access_key:ab12cd34] in the runner env")
    rows.evidence("other", "the access key rotation runbook")
    assert _ids(rows.search("aws_access_key")) == ["leak", "other"]  # "access", "key" also match "other"
    assert _ids(rows.search("aws_access_key", kind="evidence"))[0] == "leak"
    assert _ids(rows.search("ab12cd34")) == []  # the hmac is not a word
    assert _ids(rows.search("redacted")) == []
    hit = rows.search("aws_access_key").results[0]
    assert "[REDACTED:aws_access_key:ab12cd34]" in hit.text  # shown as stored (redacted)


def test_activity_rows_are_searched_with_their_result(rows: Rows) -> None:
    rows.evidence(
        "err", "Bash: uv run pytest -x", kind="tool_error", tier="T3", context="ModuleNotFoundError: no module named x"
    )
    rows.evidence("corr", "no, do it differently", kind="correction", tier="T1", context="I will use ModuleNotFound")
    got = rows.search("ModuleNotFoundError")
    assert _ids(got) == ["err"]  # a correction's context is the assistant's words: not searched
    assert got.results[0].text == "Bash: uv run pytest -x → ModuleNotFoundError: no module named x"
    assert _ids(rows.search("pytest -x")) == ["err"]


# ---------------------------------------------------------------- the persisted index


def _index_dirs(rows: Rows) -> list[Path]:
    root = rows.settings.data_dir / "search"
    return sorted(p for p in root.iterdir() if p.is_dir())


def test_index_is_reused_until_the_warehouse_changes(rows: Rows) -> None:
    rows.evidence("e1", "ruff format before every commit")
    first = rows.search("ruff")
    assert first.index_built and _ids(first) == ["e1"]
    built = _index_dirs(rows)
    assert len(built) == 1
    stamp = (built[0] / "manifest.json").stat().st_mtime_ns
    second = rows.search("ruff")
    assert not second.index_built and _ids(second) == ["e1"]
    assert _index_dirs(rows) == built and (built[0] / "manifest.json").stat().st_mtime_ns == stamp
    assert not build_index(rows.settings).built

    rows.evidence("e2", "ruff check with --fix")
    third = rows.search("ruff")
    assert third.index_built and set(_ids(third)) == {"e1", "e2"}
    assert len(_index_dirs(rows)) == 1 and _index_dirs(rows) != built  # the old index is gone


def test_a_changed_tier_or_credibility_rebuilds(rows: Rows) -> None:
    rows.evidence("e1", "squash merge feature branches")
    rows.skill("git-squash", "squash merge feature branches", credibility=0.2)
    assert rows.search("squash").results[0].kind == "evidence"
    rows.sql("UPDATE skills SET credibility = 1.0")
    again = rows.search("squash")
    assert again.index_built and again.results[0].kind == "skill"


def test_erased_rows_leave_results_and_the_index(rows: Rows) -> None:
    rows.evidence("keep", "tidewatch chart colours", project="tidewatch", unit="claude/tidewatch/a.jsonl")
    rows.evidence("gone", "zanzibarquux secret project plan", project="secretproj", unit="claude/secretproj/b.jsonl")
    assert _ids(rows.search("zanzibarquux")) == ["gone"]
    with store.connect(rows.path) as con:
        store.delete_units(con, ["claude/secretproj/b.jsonl"])
    after = rows.search("zanzibarquux")
    assert after.index_built and after.results == []
    files = [p for p in (rows.settings.data_dir / "search").rglob("*") if p.is_file()]
    assert files and not any(b"zanzibarquux" in p.read_bytes() or b"secretproj" in p.read_bytes() for p in files)
    assert _ids(rows.search("tidewatch")) == ["keep"]


def test_index_writes_are_atomic_and_leftovers_cleaned(rows: Rows) -> None:
    rows.evidence("e1", "prefer pathlib over os.path")
    root = rows.settings.data_dir / "search"
    root.mkdir(parents=True)
    dead = root / ".tmp-dead-1-aaaa"  # a crashed build from long ago
    dead.mkdir()
    old = time.time() - 7200
    os.utime(dead, (old, old))
    live = root / ".tmp-live-2-bbbb"  # a build in progress in another process
    live.mkdir()
    half = root / "0123456789abcdef0123"  # an index directory without a manifest is never read
    half.mkdir()
    assert rows.search("pathlib").index_built
    names = {p.name for p in root.iterdir()}
    assert ".tmp-dead-1-aaaa" not in names and ".tmp-live-2-bbbb" in names and half.name not in names
    assert len([n for n in names if not n.startswith(".tmp-")]) == 1


def test_concurrent_builds_of_the_same_index(rows: Rows) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from persona_pipeline.search import documents
    from persona_pipeline.search.index import index_key, load_index, write_index

    for i in range(50):
        rows.evidence(f"e{i:02d}", f"note {i} about uv lockfiles and ruff")
    with store.connect(rows.path, read_only=True) as con:
        fp, docs = documents.fingerprint(con), documents.load_documents(con)
    root = rows.settings.data_dir / "search"
    with ThreadPoolExecutor(4) as pool:
        paths = list(pool.map(lambda _: write_index(root, fp, docs, index_key(rows.settings)), range(4)))
    assert len(set(paths)) == 1 and [p.name for p in root.iterdir()] == [fp]  # one index, no leftovers
    assert len(load_index(paths[0], index_key(rows.settings))) == 50
    assert not rows.search("lockfiles").index_built


def test_stored_token_hashes_are_keyed(rows: Rows) -> None:
    """A dictionary of unkeyed hashes does not reveal the indexed words (issue 18)."""
    import hashlib

    import numpy as np

    rows.evidence("e1", "prefer lockfiles pinned with uv")
    assert rows.search("lockfiles").results
    [folder] = [p for p in (rows.settings.data_dir / "search").iterdir() if p.is_dir()]
    stored = set(np.load(folder / "token_hashes.npy").tolist())

    def bare(word: str) -> int:
        return int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")

    assert stored and not ({bare(w) for w in ("lockfiles", "prefer", "pinned", "uv")} & stored)


def test_empty_warehouse_and_no_match(rows: Rows) -> None:
    empty = rows.search("anything")
    assert empty.results == [] and "empty" in (empty.message or "")
    rows.evidence("e1", "keep functions small")
    assert rows.search("kubernetes").message == "no results"
    assert rows.search("the of and").message.startswith("no searchable words")


def test_documents_without_any_word(rows: Rows, capfd) -> None:
    rows.evidence("e1", "the and of")
    rows.evidence("e2", "?!")
    got = rows.search("anything")
    assert got.index_built and got.documents == 2 and got.results == [] and got.message == "no results"
    assert capfd.readouterr().err == ""  # no warnings or progress bars


def test_search_modules_import_lazily() -> None:
    code = (
        "import sys, persona_pipeline.orchestration.cli, persona_pipeline.search.query; "
        "print([m for m in ('bm25s', 'numpy', 'scipy') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------- the command line


def test_cli_missing_and_empty_warehouse(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("PERSONA_DATA_DIR", str(tmp_path / "data"))
    assert cli.main(["search", "polars"]) == 2
    assert "no warehouse" in capsys.readouterr().err
    Rows(tmp_path / "data")
    assert cli.main(["search", "polars"]) == 0
    assert "nothing to search yet" in capsys.readouterr().out
    assert cli.main(["search", "polars", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["results"] == [] and payload["index_built"] is True


def test_cli_search_on_the_sample_corpus(cli_env: dict[str, str], tmp_path: Path, ground_truth: dict) -> None:
    from persona_pipeline_tests.conftest import cli as run_cli
    from persona_pipeline_tests.conftest import planted_values

    assert last_json(*_out(run_cli(cli_env, "run", "--json")))["evidence_rows"] > 0
    proc = run_cli(cli_env, "search", "polars pandas", "--json")
    first = last_json(*_out(proc))
    assert first["query"] == "polars pandas" and first["index_built"] is True and first["took_ms"] > 0
    kinds = {r["kind"] for r in first["results"]}
    assert {"persona", "evidence"} <= kinds
    top = first["results"][0]
    assert "polars" in top["text"].lower() and top["score"] == pytest.approx(top["bm25"] * top["weight"], rel=1e-3)
    for r in first["results"]:
        assert r["citations"], r
        for c in r["citations"]:
            assert c["unit_key"] and c["project"] and c["line_no"] is not None and c["source_kind"]
    again = last_json(
        *_out(run_cli(cli_env, "search", "polars", "--json", "--kind", "evidence", "--project", "ledgerly"))
    )
    assert again["index_built"] is False and again["results"]
    assert all(r["kind"] == "evidence" and r["project"] == "ledgerly" for r in again["results"])
    human = run_cli(cli_env, "search", "polars", "--limit", "3")
    assert human.returncode == 0 and human.stdout.count("↳") == 3 and "3 results of" in human.stdout
    # everything printed is redacted warehouse content: no planted secret, PII or account name
    printed = proc.stdout + proc.stderr + human.stdout + human.stderr
    assert not [v for v in planted_values(ground_truth) if v in printed]
    # forgetting a project discards the index; the next search rebuilds without the project
    assert last_json(*_out(run_cli(cli_env, "search", "tide", "--json", "--project", "tidewatch")))["results"]
    assert run_cli(cli_env, "forget", "tidewatch").returncode == 0
    search_dir = tmp_path / "data" / "search"
    assert not [p for p in search_dir.iterdir() if not p.name.startswith(".tmp-")]
    after = last_json(*_out(run_cli(cli_env, "search", "tide", "--json", "--project", "tidewatch")))
    assert after["index_built"] is True and after["results"] == []


def _out(proc: subprocess.CompletedProcess[str]) -> tuple[str, int, str]:
    return proc.stdout, proc.returncode, proc.stderr
