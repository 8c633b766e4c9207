"""Run every benchmark and write bench/RESULTS.md (what `make bench` does).

    python bench/run_all.py [--out bench/RESULTS.md] [--quick] [--only NAME ...]

Each benchmark runs as its own process and appends its rows (benchmark, figure, reference
measured in the same run, ratio, target, met) to a JSON-lines file; this script adds the machine
description and writes the table. Budget: under 10 minutes on 2 cores (`--quick` shrinks the
corpora for a smoke run). Every figure's reference is measured in the same process run, so ratios
stay meaningful on a shared, noisy machine; absolute figures move with the load (the load
average at start and end is recorded).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
BASELINE_ENGINE = "cae85e5"  # the redaction engine before the speed work (bench/RESULTS.md explains)

FULL = {
    "redaction": ["redaction_bench.py", "--repeat", "5", "--baseline", BASELINE_ENGINE],
    "ingest": ["ingest_bench.py", "--files", "300", "--mb", "100", "--repeat", "3"],
    "sensor": ["sensor_bench.py", "--files", "5000", "--repeat", "5"],
    "runs": ["runs_bench.py", "--files", "1000", "--mb", "100", "--repeat", "2"],
    "rss": ["rss_bench.py", "--mb", "2000", "--files", "300"],
    "load": ["load_bench.py", "--repeat", "3"],
    "llm": ["llm_bench.py", "--sessions", "48", "--latency", "0.05"],
    "scale": ["scale_check.py", "--developers", "2", "--files", "80", "--mb", "8"],
    "search": ["search_bench.py", "--evidence", "100000", "--queries", "50", "--passes", "3"],
}
QUICK = {
    "redaction": ["redaction_bench.py", "--repeat", "2", "--baseline", BASELINE_ENGINE],
    "ingest": ["ingest_bench.py", "--files", "60", "--mb", "10", "--repeat", "2"],
    "sensor": ["sensor_bench.py", "--files", "1000", "--repeat", "3"],
    "runs": ["runs_bench.py", "--files", "60", "--mb", "6", "--repeat", "1"],
    "rss": ["rss_bench.py", "--mb", "50", "--files", "40"],
    "load": ["load_bench.py", "--repeat", "1"],
    "llm": ["llm_bench.py", "--sessions", "16", "--latency", "0.05", "--repeat", "1"],
    "scale": ["scale_check.py", "--developers", "2", "--files", "20", "--mb", "2"],
    "search": ["search_bench.py", "--evidence", "10000", "--queries", "20", "--passes", "1"],
}


# Why a target is missed, from the profiles in bench/RESULTS.notes.md; shown only when missed.
WHY = {
    "redaction": "betterleaks' Go regexes are ~60% of the time; met only on a quiet machine (notes)",
    "ingest: readers": "at the line (49.9% in this run): the activity stream for skills and notes costs the "
    "readers ~7-10% (notes, 2026-12-03)",
    "sensor": "~1.5 us of Python per file on top of the walk's stat; a loaded machine inflates it (notes, 5)",
    "first offline run": "Dagster's SQLite event log: ~2 SQLite transactions per asset partition (no longer "
    "fsync'd), 5 asset partitions per unit; CPU ~24 s, the rest is waiting on a busy machine (notes, 2026-12-04)",
    "peak RSS": "the largest process is the compile child (the fold of every observation, then the evidence "
    "check over every stored field) on a ~310 MB import floor; `persona run` itself holds ~410 MB (notes, 2026-12-04)",
    "LLM": "litellm's per-call CPU on 2 cores",
    "Dagster runs": "see notes",
    "no-op": "see notes",
    "compile-only": "see notes",
    "code-location": "see notes",
    "ingest: byte": "activity excerpts (tool errors, file edits) for skills and notes are kept too (notes)",
    "persona search": "a loaded machine: ~3/4 of a query is DuckDB reading results back (notes)",
}


def machine() -> dict[str, str]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        kb = next(int(x.split()[1]) for x in Path("/proc/meminfo").read_text().splitlines() if x.startswith("MemTotal"))
        ram = f"{kb / 1024 / 1024:.0f} GiB"
    except (OSError, StopIteration):
        ram = "?"
    return {
        "cores": str(os.cpu_count()),
        "cpu": cpu,
        "ram": ram,
        "python": platform.python_version(),
        "os": f"{platform.system()} {platform.release()}",
    }


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=BENCH / "RESULTS.md")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", nargs="*", help=f"a subset of: {' '.join(FULL)}")
    args = ap.parse_args()
    plan = QUICK if args.quick else FULL
    names = args.only or list(plan)
    rows_file = Path(tempfile.mkstemp(prefix="bench-rows-", suffix=".jsonl")[1])
    started = datetime.now(UTC)
    load_start = load()
    t_all = time.perf_counter()
    timings: dict[str, float] = {}
    logs: dict[str, str] = {}
    for name in names:
        cmd = [sys.executable, str(BENCH / plan[name][0]), *plan[name][1:], "--json", str(rows_file)]
        print(f"== {name}: {' '.join(cmd[1:])}", flush=True)
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        timings[name] = time.perf_counter() - t0
        logs[name] = proc.stdout.strip()
        print(proc.stdout, end="", flush=True)
        if proc.returncode != 0:
            print(proc.stderr[-3000:], file=sys.stderr)
            with open(rows_file, "a") as f:
                row = {"benchmark": name, "figure": f"FAILED (exit {proc.returncode})", "met": "no"}
                f.write(json.dumps(row) + "\n")
    total = time.perf_counter() - t_all
    rows = [json.loads(line) for line in rows_file.read_text().splitlines() if line.strip()]
    rows_file.unlink()
    m = machine()
    cols = ["benchmark", "figure", "reference", "ratio", "target", "met"]
    lines = [
        "# Benchmark results",
        "",
        f"Written by `make bench` (`python bench/run_all.py{' --quick' if args.quick else ''}`) on "
        f"{started:%Y-%m-%d %H:%M} UTC in {total / 60:.1f} min.",
        "",
        f"Machine: {m['cores']} cores ({m['cpu']}), {m['ram']} RAM, Python {m['python']}, {m['os']}. "
        f"**Shared machine**: other engineers' test suites ran at the same time (load average "
        f"{load_start} at the start, {load()} at the end), so absolute figures are noisy; every "
        "reference was measured in the same run as its figure (interleaved where it matters), and "
        "figures are medians.",
        "",
        "| " + " | ".join(c if c != "met" else "met?" for c in cols) + " |",
        "| " + " | ".join("---" for _ in cols) + " |",
    ]
    for r in rows:
        if r.get("met") == "no":
            why = next((w for k, w in WHY.items() if str(r.get("benchmark", "")).startswith(k)), "see notes")
            r["met"] = f"no — {why}"
        lines.append("| " + " | ".join(str(r.get(c, "—")).replace("|", "\\|") for c in cols) + " |")
    lines += ["", "Per benchmark wall time: " + ", ".join(f"{k} {v:.0f} s" for k, v in timings.items()) + "."]
    notes = BENCH / "RESULTS.notes.md"
    if notes.exists():
        lines += ["", notes.read_text().strip()]
    lines += ["", "## Raw output", ""]
    for name, out in logs.items():
        lines += [f"### {name}", "", "```", out, "```", ""]
    args.out.write_text("\n".join(lines).rstrip() + "\n")
    print(f"wrote {args.out} ({total / 60:.1f} min)")


if __name__ == "__main__":
    main()
