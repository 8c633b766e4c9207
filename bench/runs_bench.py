"""Dagster runs launched and wall time for a first offline `persona run` over N transcripts, a
no-op rerun, one touched file, and a compile-only re-materialisation.

    python bench/runs_bench.py [--files 1000] [--repeat 3]

The corpus is the bundled sample's sessions copied under new names (real content, so readers,
redaction and the offline digester do real work). Each `persona run` is a fresh process, as a
user runs it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "data" / "sample"


def build(corpus: Path, files: int) -> tuple[Path, Path]:
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
        [sys.executable, "-m", "persona_pipeline.cli", *args], cwd=ROOT, env=env, capture_output=True, text=True
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
        "from persona_pipeline.defs.distill_assets import persona_pack\n"
        "t = time.perf_counter()\n"
        "r = dg.materialize([persona_pack], instance=dg.DagsterInstance.get())\n"
        "assert r.success\n"
        "print(time.perf_counter() - t)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="persona-runs-"))
    claude, codex = build(tmp / "corpus", args.files)
    data = tmp / "data"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    env.update(
        PERSONA_DATA_DIR=str(data),
        PERSONA_CLAUDE_DIRS=str(claude),
        PERSONA_CODEX_DIRS=str(codex),
        DAGSTER_HOME=str(data / "dagster_home"),
    )
    first_s, first = persona(env, "run", "--json")
    first_runs = run_count(data / "dagster_home")
    noop = [persona(env, "run", "--json") for _ in range(args.repeat)]
    noop_runs = run_count(data / "dagster_home") - first_runs
    victim = next(claude.glob("*/*.jsonl"))
    st = victim.stat()
    os.utime(victim, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    touch_s, touched = persona(env, "run", "--json")
    compile_s = [compile_only(env) for _ in range(args.repeat)]
    print(f"corpus: {args.files} transcripts, {sum(f.stat().st_size for f in claude.rglob('*.jsonl')):,} bytes")
    print(
        f"first run: {first_s:.1f} s wall, {first['units_processed']} units processed, "
        f"{first_runs} Dagster runs, {first['llm_calls']} LLM calls"
    )
    print(
        f"no-op rerun: median {statistics.median(t for t, _ in noop):.2f} s, "
        f"{max(s['units_processed'] for _, s in noop)} units processed, {noop_runs} runs, "
        f"{sum(s['llm_calls'] for _, s in noop)} LLM calls"
    )
    print(f"one touched file: {touch_s:.2f} s, {touched['units_processed']} unit(s) processed")
    print(f"compile-only (persona_pack alone): median {statistics.median(compile_s):.2f} s")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
