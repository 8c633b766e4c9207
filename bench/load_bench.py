"""Code-location load time (what `dagster dev` pays per reload) against a bare `import dagster`.

    python bench/load_bench.py [--repeat 5] [--json OUT]

Also reports which heavy libraries the load pulled in (litellm, scrubadub, duckdb, polars, git
must all load lazily, inside assets).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ["litellm", "scrubadub", "duckdb", "polars", "git", "betterleaks"]


def timed(code: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", help="append a result row (JSON line) to this file")
    args = ap.parse_args()
    bare = statistics.median(timed("import dagster") for _ in range(args.repeat))
    load = statistics.median(timed("import persona_pipeline.definitions") for _ in range(args.repeat))
    probe = (
        f"import sys, json, persona_pipeline.definitions; print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"import dagster (reference): median {bare:.2f} s")
    print(f"code location (persona_pipeline.definitions): median {load:.2f} s (target <= 3 s), {load / bare:.2f}x")
    print(f"heavy libraries loaded with the definitions: {', '.join(loaded) or 'none'}")
    if args.json:
        row = {
            "benchmark": "code-location load (import persona_pipeline.definitions)",
            "figure": f"{load:.2f} s; heavy libraries loaded: {', '.join(loaded) or 'none'}",
            "reference": f"import dagster {bare:.2f} s",
            "ratio": f"{load / bare:.2f}x",
            "target": "<= 3 s",
            "met": "yes" if load <= 3 else "no",
        }
        with open(args.json, "a") as f:
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
