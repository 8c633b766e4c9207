"""`persona search` latency on a large warehouse (target: < 200 ms per query on 100k evidence rows).

    python bench/search_bench.py [--evidence 100000] [--queries 50] [--keep DIR] [--json OUT]

Writes a synthetic warehouse (evidence with realistic excerpt lengths and a Zipf-distributed
vocabulary of English, tool and identifier words; plus thousands of rules, lessons, notes and
skills), times the index build once, then ~50 mixed queries (1–4 terms, common to rare words,
some with --kind / --project) end to end through `search.query.search` — the function the CLI
calls — in this process (imports already paid), and once as a cold `persona search --json`
subprocess (interpreter start-up and imports included).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import polars as pl  # noqa: E402

from persona_pipeline.core.config import Settings  # noqa: E402
from persona_pipeline.core.warehouse import store  # noqa: E402
from persona_pipeline.search.index import build_index  # noqa: E402
from persona_pipeline.search.query import search  # noqa: E402

_ENGLISH = """the a to and of in is it that for you this with on be not do use we are can so if
but at as was my have just what all there when make sure add fix run test tests please instead
rather than always never prefer keep should would like want need file files function code change
changes error errors again here now still first then back into from one new old name names type
types check build commit commits branch main review why how work works working looks broken wrong
right better simple small large fast slow data table query model config value values path paths
line lines output input return returns default option options flag flags case cases step steps
"""
_TECH = """polars pandas pytest ruff mypy uv pip poetry duckdb sqlite postgres docker compose make
dagster asset partition sensor schedule litellm openai anthropic claude codex git rebase merge
squash cherry-pick pathlib dataclass pydantic fastapi flask django typer click argparse logging
numpy scipy httpx requests asyncio await async fixture conftest monkeypatch tmp_path parquet arrow
json yaml toml csv jsonl regex unicode utf-8 timezone datetime timedelta cents ledger importer
noaa station tide chart plot matplotlib altair rust cargo clippy tokio serde go gofmt node npm pnpm
typescript eslint prettier vite react hooks snake_case camelCase kebab-case pytest -x --no-verify
"""
_ERRORS = """ModuleNotFoundError TypeError KeyError ValueError AssertionError FileNotFoundError
PermissionError TimeoutError ConnectionError exit_code:1 exit_code:2 is_error traceback"""
ENGLISH, TECH, ERRORS = _ENGLISH.split(), _TECH.split(), _ERRORS.split()
KINDS = ["prompt"] * 68 + ["correction"] * 10 + ["tool_error"] * 6 + ["file_edit"] * 4
KINDS += ["diff"] * 5 + ["directive"] * 4 + ["commit_batch"] * 1 + ["todo"] * 2
TIER = {"prompt": "T2", "correction": "T1", "directive": "T0", "commit_batch": "T2", "diff": "T3"}
PLACEHOLDERS = ["aws_access_key", "github_pat", "email", "phone", "url_password", "openai_key"]


def vocabulary(rng: random.Random, size: int) -> list[str]:
    """English and tool words first (the frequent ones), then made-up identifiers (the long tail)."""
    syl = ["ka", "lo", "mi", "ter", "sta", "ple", "dor", "gen", "vix", "run", "pa", "que", "zor", "tin"]
    words = list(dict.fromkeys(ENGLISH + TECH + ERRORS))
    while len(words) < size:
        w = "".join(rng.choice(syl) for _ in range(rng.randint(2, 4)))
        if rng.random() < 0.2:
            w += "_" + "".join(rng.choice(syl) for _ in range(2))
        words.append(w)
    return words


def text(rng: random.Random, words: list[str], cum_weights: list[float], n_words: int) -> str:
    picked = rng.choices(words, cum_weights=cum_weights, k=n_words)
    if rng.random() < 0.03:
        picked.insert(
            rng.randrange(len(picked) + 1), f"[REDACTED:{rng.choice(PLACEHOLDERS)}:{rng.getrandbits(32):08x}]"
        )
    return " ".join(picked)


def n_words(rng: random.Random, kind: str) -> int:
    # mean excerpt lengths from the sample corpus: prompts ~95 chars (≈ 16 words), corrections
    # ~90 with ~200 chars of context, diffs ~1,100, commit batches ~5,000; long prompts happen
    if kind == "commit_batch":
        return rng.randint(500, 1000)
    if kind == "diff":
        return rng.randint(80, 300)
    return max(3, int(rng.lognormvariate(2.8, 0.8)))


def write_warehouse(path: Path, n_evidence: int, seed: int = 7) -> dict[str, int]:
    rng = random.Random(seed)
    words = vocabulary(rng, 40_000)
    weights = list(itertools.accumulate(1.0 / (rank + 1) ** 1.05 for rank in range(len(words))))  # Zipf
    projects = [f"project{i:02d}" for i in range(40)]
    ev: dict[str, list] = {k: [] for k in store._EVIDENCE_SCHEMA}
    for i in range(n_evidence):
        kind = rng.choice(KINDS)
        activity = kind in ("tool_error", "file_edit", "todo")
        project = rng.choice(projects)
        ev["evidence_id"].append(f"{i:032x}")
        ev["unit_key"].append(f"claude/{project}/session-{i // 40:06d}.jsonl")
        ev["source_kind"].append("claude")
        ev["tier"].append("T3" if activity else TIER.get(kind, "T2"))
        ev["kind"].append(kind)
        ev["correction_signal"].append("opener" if kind == "correction" else None)
        ev["excerpt"].append(text(rng, words, weights, n_words(rng, kind)))
        ev["context"].append(text(rng, words, weights, 40) if kind in ("correction", "tool_error") else "")
        ev["project"].append(project)
        ev["session_id"].append(f"session-{i // 40:06d}")
        ev["timestamp"].append(f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T10:00:00Z")
        ev["line_no"].append(i % 400)
        ev["redactions"].append("{}")
    n_rules, n_lessons, n_notes, n_skills = 3000, 2000, 3000, 1000
    ids = ev["evidence_id"]
    rules = pl.DataFrame(
        {
            "rule_id": [f"r{i:015x}" for i in range(n_rules)],
            "facet": [rng.choice(["stack", "workflow", "coding_style", "communication"]) for _ in range(n_rules)],
            "statement": [text(rng, words, weights, rng.randint(5, 20)) for _ in range(n_rules)],
            "tier": [rng.choice(["T0", "T1", "T2", "T3"]) for _ in range(n_rules)],
            "projects": [rng.sample(projects, rng.randint(1, 3)) for _ in range(n_rules)],
            "evidence_ids": [rng.sample(ids, rng.randint(1, 6)) for _ in range(n_rules)],
            "quotes": [[text(rng, words, weights, 12)] for _ in range(n_rules)],
            "support_sessions": [rng.randint(1, 9) for _ in range(n_rules)],
        }
    )
    lessons = pl.DataFrame(
        {
            "lesson_id": [f"l{i:015x}" for i in range(n_lessons)],
            "unit_key": [ev["unit_key"][i] for i in range(n_lessons)],
            "project": [ev["project"][i] for i in range(n_lessons)],
            "kind": [rng.choice(["worth_learning", "worth_avoiding"]) for _ in range(n_lessons)],
            "statement": [text(rng, words, weights, rng.randint(8, 25)) for _ in range(n_lessons)],
            "credibility": [round(rng.random(), 2) for _ in range(n_lessons)],
            "importance": [round(rng.random(), 2) for _ in range(n_lessons)],
            "signal": [rng.choice(["tool_error", "user_critique", "inferred"]) for _ in range(n_lessons)],
            "quote": [text(rng, words, weights, 10) for _ in range(n_lessons)],
            "evidence_ids": [rng.sample(ids, 2) for _ in range(n_lessons)],
        }
    )
    notes = pl.DataFrame(
        {
            "note_id": [f"n{i:015x}" for i in range(n_notes)],
            "unit_key": [ev["unit_key"][i] for i in range(n_notes)],
            "project": [ev["project"][i] for i in range(n_notes)],
            "kind": [rng.choice(["decision", "code_change", "todo"]) for _ in range(n_notes)],
            "text": [text(rng, words, weights, rng.randint(8, 30)) for _ in range(n_notes)],
            "alternative": [text(rng, words, weights, 5) for _ in range(n_notes)],
            "reason": [text(rng, words, weights, 10) for _ in range(n_notes)],
            "files": [[f"src/{rng.choice(words)}.py"] for _ in range(n_notes)],
            "functions": [[rng.choice(words)] for _ in range(n_notes)],
            "evidence_ids": [rng.sample(ids, 2) for _ in range(n_notes)],
        }
    )
    skills = pl.DataFrame(
        {
            "name": [f"skill-{i:04d}-{rng.choice(TECH)}" for i in range(n_skills)],
            "version": [rng.randint(1, 4) for _ in range(n_skills)],
            "description": [text(rng, words, weights, 20) for _ in range(n_skills)],
            "instructions": [[text(rng, words, weights, 15) for _ in range(3)] for _ in range(n_skills)],
            "triggers": [[text(rng, words, weights, 4)] for _ in range(n_skills)],
            "examples": [[text(rng, words, weights, 12)] for _ in range(n_skills)],
            "evidence_ids": [rng.sample(ids, 3) for _ in range(n_skills)],
            "credibility": [round(rng.random(), 2) for _ in range(n_skills)],
            "importance": [round(rng.random(), 2) for _ in range(n_skills)],
        }
    )
    with store.connect(path) as con, store.transaction(con):
        store.insert_frame(con, "evidence", pl.DataFrame(ev, schema=store._EVIDENCE_SCHEMA))
        for table, df in (("facet_rules", rules), ("lessons", lessons), ("session_notes", notes), ("skills", skills)):
            store.insert_frame(con, table, df)
    return {"evidence": n_evidence, "rules": n_rules, "lessons": n_lessons, "notes": n_notes, "skills": n_skills}


def queries(rng: random.Random, n: int) -> list[tuple[str, str | None, str | None]]:
    """Mixed 1–4 term queries over frequent, middling and rare words; a third with a filter."""
    words = vocabulary(random.Random(7), 40_000)  # the same vocabulary the warehouse was drawn from
    pools = [words[:60], words[60:400], words[400:5000], words[5000:]]
    out = []
    for i in range(n):
        terms = [rng.choice(rng.choice(pools)) for _ in range(1 + i % 4)]
        kind = ["evidence", "persona", "skill", "note"][i % 4] if i % 3 == 1 else None
        project = f"project{rng.randrange(40):02d}" if i % 3 == 2 else None
        out.append((" ".join(terms), kind, project))
    return out


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--evidence", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=50)
    ap.add_argument("--passes", type=int, default=3, help="repeat the query set; the quietest pass is reported")
    ap.add_argument("--keep", help="write the data dir here (reused when it already holds a warehouse)")
    ap.add_argument("--json", help="append a result row (JSON line) to this file")
    args = ap.parse_args()
    data_dir = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="search-bench-"))
    os.environ["PERSONA_DATA_DIR"] = str(data_dir)
    settings = Settings()
    t0 = time.perf_counter()
    if not settings.warehouse_path.exists():
        counts = write_warehouse(settings.warehouse_path, args.evidence)
        print(f"warehouse: {counts} written in {time.perf_counter() - t0:.1f} s ({data_dir})")
    info = build_index(settings)
    print(f"index build: {info.documents:,} documents in {info.seconds:.2f} s (built: {info.built})")
    search(settings, "warm up")  # numpy / bm25s imports, page cache: what one CLI process pays once
    passes = []
    for n in range(args.passes):
        timings, cpu, hits = [], [], 0
        load_before = os.getloadavg()[0]
        for q, kind, project in queries(random.Random(11), args.queries):
            start, start_cpu = time.perf_counter(), time.process_time()
            response = search(settings, q, kind=kind, project=project, limit=10)
            timings.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)  # all threads (DuckDB's too)
            hits += len(response.results)
            assert not response.index_built
        med, p95, worst = statistics.median(timings), percentile(timings, 95), max(timings)
        load = f"load average {load_before:.1f} → {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
        print(
            f"pass {n + 1}: {len(timings)} queries: median {med:.1f} ms, p95 {p95:.1f} ms, max {worst:.1f} ms "
            f"({hits} results); CPU per query median {statistics.median(cpu):.1f} ms; {load}"
        )
        passes.append((med, p95))
    # the machine is shared: the quietest pass is the one least disturbed by other work
    med, p95 = min(passes)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "persona_pipeline", "search", "polars pytest", "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    cold = (time.perf_counter() - start) * 1000
    took = json.loads(out.stdout)["took_ms"]
    print(f"cold `persona search --json` subprocess: {cold:.0f} ms wall (search itself {took:.0f} ms)")
    if args.json:
        row = {
            "benchmark": f"persona search, {info.documents:,} documents ({args.evidence:,} evidence rows)",
            "figure": f"median {med:.1f} ms, p95 {p95:.1f} ms over {args.queries} queries (best of {args.passes})",
            "reference": f"index build {info.seconds:.1f} s; cold CLI {cold:.0f} ms",
            "target": "< 200 ms per query",
            "met": "yes" if p95 < 200 else "no",
        }
        with open(args.json, "a") as f:
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
