"""Peak RSS of a first `persona run` on a large generated corpus, against the same run on a tiny one.

    python bench/rss_bench.py [--mb 2000] [--files 500] [--json OUT] [--keep] [--corpus DIR] [--repeat 1]

Generates the corpus with bench/make_corpus.py in a temporary folder (deleted afterwards unless
--keep), runs `persona run --json` as a child process and reads its peak resident set size
(`resource.getrusage(RUSAGE_CHILDREN).ru_maxrss`, the largest child: each measurement runs in a
fresh forked helper, so the two runs do not share the maximum). The reference is the same command
on a 20-file corpus: the fixed floor (Python, Dagster, DuckDB, polars, scrubadub, betterleaks).
`--corpus DIR` generates DIR/big and DIR/tiny once and reuses them on later calls (the 2 GB
corpus takes a while); `--repeat N` measures each N times (fresh data folders) and reports medians.
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
sys.path.insert(0, str(ROOT / "bench"))

from make_corpus import corpus_env, make_corpus  # noqa: E402

_CHILD = """
import json, resource, subprocess, sys, time
t = time.perf_counter()
p = subprocess.run([sys.executable, "-m", "persona_pipeline", "run", "--json"], capture_output=True, text=True)
wall = time.perf_counter() - t
last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "{}"
print(json.dumps({"rc": p.returncode, "wall": wall, "maxrss_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
                  "summary": json.loads(last) if last.startswith("{") else {}, "stderr": p.stderr[-2000:]}))
"""


def measure(corpus: Path, data: Path) -> dict:
    """Run `persona run` in a helper process whose only child is that run, so ru_maxrss is its peak."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    env.update(corpus_env(corpus), PERSONA_DATA_DIR=str(data), DAGSTER_HOME=str(data / "dagster_home"))
    out = subprocess.run([sys.executable, "-c", _CHILD], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    res = json.loads(out.stdout.strip().splitlines()[-1])
    if res["rc"] != 0:
        sys.exit(f"persona run failed:\n{res['stderr']}")
    return res


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=2000.0)
    ap.add_argument("--files", type=int, default=500)
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--json", help="append a result row (JSON line) to this file")
    ap.add_argument("--corpus", type=Path, help="generate the corpora here once and reuse them")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="persona-rss-"))
    base = args.corpus or tmp
    try:
        if not (base / "tiny" / "manifest.json").exists():
            make_corpus(base / "tiny", files=20, mb=2, repos=1)
        t0 = time.perf_counter()
        if args.corpus and (base / "big" / "manifest.json").exists():
            manifest = json.loads((base / "big" / "manifest.json").read_text())
        else:
            manifest = make_corpus(base / "big", files=args.files, mb=args.mb)
        gen_s = time.perf_counter() - t0
        largest = max(f.stat().st_size for f in (base / "big").rglob("*.jsonl"))
        floors, bigs = [], []
        for i in range(args.repeat):
            floors.append(measure(base / "tiny", tmp / f"tiny-data-{i}"))
            bigs.append(measure(base / "big", tmp / f"big-data-{i}"))
            shutil.rmtree(tmp / f"big-data-{i}", ignore_errors=True)
        floor = {
            "maxrss_kb": statistics.median(f["maxrss_kb"] for f in floors),
            "wall": statistics.median(f["wall"] for f in floors),
        }
        big = {
            **bigs[-1],
            "maxrss_kb": statistics.median(b["maxrss_kb"] for b in bigs),
            "wall": statistics.median(b["wall"] for b in bigs),
        }
        if args.repeat > 1:
            print(
                "runs (peak RSS MB, s): tiny "
                + ", ".join(f"{f['maxrss_kb'] / 1024:.0f}/{f['wall']:.0f}" for f in floors)
                + "; big "
                + ", ".join(f"{b['maxrss_kb'] / 1024:.0f}/{b['wall']:.0f}" for b in bigs)
            )
        self_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        gb = manifest["bytes"] / 1e9
        floor_mb, big_mb = floor["maxrss_kb"] / 1024, big["maxrss_kb"] / 1024
        print(
            f"corpus: {manifest['files']} transcripts, {gb:.2f} GB (largest file {largest / 1e6:.0f} MB), "
            f"generated in {gen_s:.0f} s" + (" (reused)" if args.corpus else "")
        )
        print(f"persona run, tiny corpus (reference): peak RSS {floor_mb:.0f} MB, {floor['wall']:.1f} s")
        print(
            f"persona run, {gb:.1f} GB corpus     : peak RSS {big_mb:.0f} MB, {big['wall']:.1f} s, "
            f"{big['summary'].get('units_processed')} units, {big['summary'].get('kept_bytes', 0):,} bytes kept"
        )
        print(
            f"growth over the floor: {big_mb - floor_mb:.0f} MB ({big_mb / floor_mb:.2f}x); "
            f"this helper {self_kb / 1024:.0f} MB"
        )
        if args.json:
            row = {
                "benchmark": f"peak RSS, first persona run on {gb:.1f} GB ({manifest['files']} files)",
                "figure": f"{big_mb:.0f} MB ({big['wall']:.0f} s)",
                "reference": f"same run on 20 files: {floor_mb:.0f} MB",
                "ratio": f"{big_mb / floor_mb:.2f}x",
                "target": "<= 500 MB",
                "met": "yes" if big_mb <= 500 else "no",
            }
            with open(args.json, "a") as f:
                f.write(json.dumps(row) + "\n")
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
