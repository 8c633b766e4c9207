"""Dagster runs launched and wall time for a first offline `persona run` over N transcripts, a
no-op rerun, one touched file, and a compile-only re-materialisation.

    python bench/runs_bench.py [--files 1000] [--mb 100] [--repeat 3] [--json OUT] [--sample-copies]

The corpus comes from bench/make_corpus.py (Claude Code and Codex sessions, three git
repositories with instruction files, a global CLAUDE.md), so readers, redaction, the git reader
and the offline digester all do real work; `--sample-copies` copies the bundled sample's
sessions instead (the corpus of earlier measurements). Each `persona run` is a fresh process, as
a user runs it; peak RSS is the largest child's (ru_maxrss).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "persona_pipeline" / "sample"
sys.path.insert(0, str(ROOT / "bench"))

from make_corpus import corpus_env, make_corpus  # noqa: E402


def build_sample_copies(corpus: Path, files: int) -> tuple[Path, Path]:
    claude, codex = corpus / "claude", corpus / "codex"
    sessions = sorted((SAMPLE / "claude" / "projects").glob("*/*.jsonl"))
    sessions = [s for s in sessions if not s.name.startswith("agent-")]
    for i in range(files):
        src = sessions[i % len(sessions)]
        dst = claude / src.parent.name / f"{i:06d}-{src.name}"
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    codex.mkdir(parents=True)
    return claude, codex


def persona(env: dict[str, str], *args: str) -> tuple[float, dict]:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "persona_pipeline", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"persona {' '.join(args)} failed:\n{proc.stderr[-3000:]}")
    out = proc.stdout.strip().splitlines()
    return elapsed, (json.loads(out[-1]) if out and out[-1].startswith("{") else {})


def run_count(home: Path) -> int:
    code = "import dagster as dg; print(len(dg.DagsterInstance.get().get_runs()))"
    out = subprocess.run(
        [sys.executable, "-c", code], env={**os.environ, "DAGSTER_HOME": str(home)}, capture_output=True, text=True
    )
    return int(out.stdout.strip().splitlines()[-1])


def compile_only(env: dict[str, str]) -> float:
    """persona_pack alone, from the stored rules (no reader, no digest)."""
    code = (
        "import time, dagster as dg\n"
        "from persona_pipeline.orchestration.defs.distill_assets import persona_pack\n"
        "t = time.perf_counter()\n"
        "from persona_pipeline.orchestration.defs.resources import project_resources\n"
        "r = dg.materialize([persona_pack], resources=project_resources(), instance=dg.DagsterInstance.get())\n"
        "assert r.success\n"
        "print(time.perf_counter() - t)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--mb", type=float, default=100.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sample-copies", action="store_true")
    ap.add_argument("--json", help="append result rows (JSON lines) to this file")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="persona-runs-"))
    data = tmp / "data"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    if args.sample_copies:
        claude, codex = build_sample_copies(tmp / "corpus", args.files)
        env.update(PERSONA_CLAUDE_DIRS=str(claude), PERSONA_CODEX_DIRS=str(codex))
        label = "sample copies"
    else:
        make_corpus(tmp / "corpus", files=args.files, mb=args.mb)
        env.update(corpus_env(tmp / "corpus"))
        claude = tmp / "corpus" / "claude" / "projects"
        label = f"make_corpus --files {args.files} --mb {args.mb:g}"
    env.update(PERSONA_DATA_DIR=str(data), DAGSTER_HOME=str(data / "dagster_home"))
    corpus_bytes = sum(f.stat().st_size for f in (tmp / "corpus").rglob("*.jsonl"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    first_s, first = persona(env, "run", "--json")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    first_rss = after.ru_maxrss / 1024
    # CPU seconds move less than wall time when other processes share the cores
    first_cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    first_runs = run_count(data / "dagster_home")
    noop = [persona(env, "run", "--json") for _ in range(args.repeat)]
    noop_runs = run_count(data / "dagster_home") - first_runs
    victim = next(p for p in sorted(claude.glob("*/*.jsonl")) if not p.name.startswith("agent-"))
    st = victim.stat()
    os.utime(victim, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    touch_s, touched = persona(env, "run", "--json")
    touch_runs = run_count(data / "dagster_home") - first_runs - noop_runs
    compile_s = [compile_only(env) for _ in range(args.repeat)]
    noop_s = statistics.median(t for t, _ in noop)
    noop_units = max(s["units_processed"] for _, s in noop)
    noop_calls = sum(s["llm_calls"] for _, s in noop)
    comp_s = statistics.median(compile_s)
    print(f"corpus: {args.files} transcripts, {corpus_bytes:,} bytes ({label}); {first['units_seen']} units in all")
    print(
        f"first run: {first_s:.1f} s wall, {first['units_processed']} units processed, "
        f"{first_runs} Dagster runs, {first['llm_calls']} LLM calls, peak RSS {first_rss:.0f} MB, "
        f"{first_cpu:.1f} CPU-s"
    )
    print(f"no-op rerun: median {noop_s:.2f} s, {noop_units} units processed, {noop_runs} runs, {noop_calls} LLM calls")
    print(f"one touched file: {touch_s:.2f} s, {touched['units_processed']} unit(s) processed, {touch_runs} runs")
    print(f"compile-only (persona_pack alone): median {comp_s:.2f} s")
    if args.json:
        per_unit = first_s / max(1, first["units_processed"])
        rows = [
            {
                "benchmark": f"first offline run ({first['units_seen']} units, {corpus_bytes / 1e6:.0f} MB)",
                "figure": f"{first_s:.1f} s ({per_unit * 1000:.0f} ms/unit), peak RSS {first_rss:.0f} MB",
                "reference": "—",
                "ratio": "—",
                "target": "<= 60 s on 2 cores",
                "met": "yes" if first_s <= 60 else "no",
            },
            {
                "benchmark": "Dagster runs launched (first run; one touched file)",
                "figure": f"{first_runs} runs; {touch_runs} runs",
                "reference": f"{first['units_processed']} units; 1 unit",
                "ratio": "O(1) in units",
                "target": "O(1)",
                "met": "yes" if first_runs <= 3 and touch_runs <= 3 else "no",
            },
            {
                "benchmark": "no-op rerun",
                "figure": f"{noop_s:.2f} s, {noop_units} units, {noop_runs} runs, {noop_calls} LLM calls",
                "reference": f"first run {first_s:.1f} s",
                "ratio": f"{100 * noop_s / first_s:.0f}%",
                "target": "<= 5 s, 0 LLM calls",
                "met": "yes" if noop_s <= 5 and noop_calls == 0 else "no",
            },
            {
                "benchmark": "compile-only (persona_pack alone)",
                "figure": f"{comp_s:.2f} s",
                "reference": f"one touched file: {touch_s:.2f} s",
                "ratio": "—",
                "target": "<= 3 s",
                "met": "yes" if comp_s <= 3 else "no",
            },
        ]
        with open(args.json, "a") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
