"""`persona eval` over pools and seeds, pooled: the figures the README quotes per pool.

python bench/eval_pools.py --pools "blind8:1-6,test:1-4" [--jobs 2] [--out runs.jsonl]

Each pool-seed runs `python -m persona_pipeline eval --pool P --seed N --json` in its own process
(offline backend unless `--model` is given) from this checkout; a held-out pool's figures are its
aggregates only, which is all this prints: recall, fabricated (inverted, garbled), one-offs kept,
contradictions handled, bullets, canary and secret leaks, summed over the seeds.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

KEYS = (
    "preferences_recalled",
    "preferences_expected",
    "bullets",
    "fabricated",
    "inverted",
    "garbled",
    "one_off_leaks",
    "contradictions_handled",
    "contradictions",
    "canary_leaks",
    "secret_leaks",
)
ROOT = Path(__file__).resolve().parent.parent


def parse_pools(spec: str) -> list[tuple[str, int]]:
    """'blind8:1-6,test:1-4,dev:2' -> [(pool, seed), ...]."""
    todo: list[tuple[str, int]] = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        pool, sep, seeds = part.partition(":")
        if not sep or not seeds:
            raise SystemExit(f"bad pool spec {part!r}: expected POOL:SEED or POOL:LO-HI")
        lo, _, hi = seeds.partition("-")
        todo += [(pool, s) for s in range(int(lo), int(hi or lo) + 1)]
    return todo


def run_one(pool: str, seed: int, model: str) -> dict[str, object]:
    cmd = [sys.executable, "-m", "persona_pipeline", "eval", "--pool", pool, "--seed", str(seed), "--json"]
    cmd += ["--model", model]
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    start = p.stdout.find("{")
    try:
        totals = json.loads(p.stdout[start:])["totals"] if start >= 0 else None
    except (json.JSONDecodeError, KeyError):
        totals = None
    if totals is None:  # (stderr's tail only: the eval prints no corpus text on failure)
        return {"pool": pool, "seed": seed, "error": f"exit {p.returncode}: {p.stderr[-800:]}"}
    return {"pool": pool, "seed": seed, **{k: totals.get(k, 0) for k in KEYS}}


def pooled(rows: list[dict[str, object]]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for r in rows:
        if "error" in r:
            continue
        agg = out.setdefault(str(r["pool"]), dict.fromkeys(KEYS, 0))
        for k in KEYS:
            agg[k] += int(r[k])  # type: ignore[call-overload]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pools", required=True, help="POOL:LO-HI[,POOL:SEED...]")
    ap.add_argument("--jobs", type=int, default=1, help="pool-seeds run at once")
    ap.add_argument("--model", default="offline")
    ap.add_argument("--out", help="write one JSON line per pool-seed here")
    a = ap.parse_args()
    todo = parse_pools(a.pools)
    with ThreadPoolExecutor(max(1, a.jobs)) as ex:
        rows = list(ex.map(lambda ps: run_one(ps[0], ps[1], a.model), todo))
    if a.out:
        Path(a.out).write_text("".join(json.dumps(r) + "\n" for r in rows))
    for r in rows:
        if "error" in r:
            print(f"ERROR {r['pool']} seed {r['seed']}: {r['error']}", file=sys.stderr)
    for name, t in pooled(rows).items():
        print(
            f"{name}: recall {t['preferences_recalled']}/{t['preferences_expected']} "
            f"fabricated {t['fabricated']} (inverted {t['inverted']}, garbled {t['garbled']}) "
            f"one-offs {t['one_off_leaks']} contradictions {t['contradictions_handled']}/{t['contradictions']} "
            f"bullets {t['bullets']} canary {t['canary_leaks']} secret {t['secret_leaks']}"
        )
    if any("error" in r for r in rows):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
