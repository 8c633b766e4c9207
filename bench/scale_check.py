"""Small-scale check of the scale-out model in docs/scaling.md: one developer = one partition set
with its own data dir (warehouse, Dagster home, cache, key), so developers run in parallel with
nothing shared.

    python bench/scale_check.py [--developers 2] [--files 120] [--mb 12] [--json OUT]

Generates one corpus per developer (different seeds, so different sessions and secrets), runs
`persona run --json` for developer 0 alone (the reference), then for all developers at once in
parallel processes (fresh data dirs), and reports per-unit and per-MB cost, aggregate
throughput, and that each warehouse holds exactly its own developer's units.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from make_corpus import corpus_env, make_corpus  # noqa: E402


def start(corpus: Path, data: Path) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    env.update(corpus_env(corpus), PERSONA_DATA_DIR=str(data), DAGSTER_HOME=str(data / "dagster_home"))
    return subprocess.Popen(
        [sys.executable, "-m", "persona_pipeline", "run", "--json"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(p: subprocess.Popen[str]) -> dict:
    out, err = p.communicate()
    if p.returncode != 0:
        sys.exit(f"persona run failed:\n{err[-3000:]}")
    return json.loads(out.strip().splitlines()[-1])


def stored_units(data: Path) -> set[str]:
    import duckdb

    with duckdb.connect(str(data / "warehouse.duckdb"), read_only=True) as con:
        return {r[0] for r in con.execute("SELECT unit_key FROM units").fetchall()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--developers", type=int, default=2)
    ap.add_argument("--files", type=int, default=120)
    ap.add_argument("--mb", type=float, default=12.0)
    ap.add_argument("--json", help="append a result row (JSON line) to this file")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="persona-scale-"))
    try:
        corpora = []
        for d in range(args.developers):
            make_corpus(tmp / f"dev{d}", files=args.files, mb=args.mb, seed=100 + d, repos=2)
            corpora.append(tmp / f"dev{d}")
        mb = [sum(f.stat().st_size for f in c.rglob("*.jsonl")) / 1e6 for c in corpora]
        t0 = time.perf_counter()
        alone = finish(start(corpora[0], tmp / "alone-data"))
        alone_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        procs = [start(c, tmp / f"dev{d}-data") for d, c in enumerate(corpora)]
        together = [finish(p) for p in procs]
        together_s = time.perf_counter() - t0
        units = [s["units_processed"] for s in together]
        stored = [stored_units(tmp / f"dev{d}-data") for d in range(args.developers)]
        own = [len(s) for s in stored]
        # Each warehouse holds exactly the units its own run saw, and developer 0's is the same
        # as when it ran alone (nothing leaked in from the run next to it).
        isolated = own == [s["units_seen"] for s in together] and stored[0] == stored_units(tmp / "alone-data")
        per_unit_alone = alone_s / alone["units_processed"]
        per_unit_par = together_s / sum(units)
        print(f"{args.developers} developers, {args.files} transcripts / ~{mb[0]:.0f} MB each, separate data dirs")
        print(
            f"developer 0 alone     : {alone_s:.1f} s for {alone['units_processed']} units "
            f"= {per_unit_alone * 1000:.0f} ms/unit, {alone_s / mb[0]:.2f} s/MB"
        )
        print(
            f"{args.developers} developers at once: {together_s:.1f} s for {sum(units)} units "
            f"= {per_unit_par * 1000:.0f} ms/unit of machine time, {together_s / sum(mb):.2f} s/MB; "
            f"aggregate {sum(units) / together_s:.1f} units/s vs {alone['units_processed'] / alone_s:.1f} alone"
        )
        print(f"units stored per warehouse: {own}; each holds its own units only, dev0 as when alone: {isolated}")
        if args.json:
            row = {
                "benchmark": f"scale check: {args.developers} developers in parallel ({args.files} files each)",
                "figure": f"{per_unit_par * 1000:.0f} ms/unit, {sum(units) / together_s:.1f} units/s",
                "reference": f"1 developer alone: {per_unit_alone * 1000:.0f} ms/unit",
                "ratio": f"{per_unit_alone / per_unit_par:.2f}x throughput",
                "target": "(informative: per-unit cost for docs/scaling.md)",
                "met": "—",
            }
            with open(args.json, "a") as f:
                f.write(json.dumps(row) + "\n")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
