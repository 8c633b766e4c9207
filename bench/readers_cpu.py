"""Each agent reader's CPU time against the bare scan, in this tree and at a git revision, alternated.

    python bench/readers_cpu.py [--baseline GIT_REV] [--rounds 3] [--repeat 9] [--mb 8] [--only claude ...]

`bench/readers_bench.py`'s corpora, bare scans and readers (its `FORMATS`: the same generators and
seeds, so both trees read the same bytes), timed by `time.process_time`: per format, the minimum of
`--repeat` interleaved repeats of the bare scan and of the reader (a shared machine's load moves
wall times by 2x; the CPU-time minimum moves by a few percent). With --baseline, the revision is
exported (`git archive`) and each round runs it and this tree in turn, each in its own process; the
ratio (bare time / reader time, target >= 0.5) is reported per round and as the median of the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cpu(fn: Callable[[], object]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def measure(tree: Path, only: list[str], repeat: int, mb: float) -> dict[str, dict[str, float]]:
    """CPU-time minima of the bare scan and the reader per format, with `tree`'s code."""
    sys.path[:0] = [str(tree), str(tree / "bench")]
    import readers_bench as rb  # the tree's own copy, imported once its path is set

    out: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="persona-readers-cpu-") as tmp:
        for i, (name, reader, make, bare, _) in enumerate(rb.FORMATS):
            if only and not any(o in name for o in only):
                continue
            root = Path(tmp) / str(i)
            root.mkdir()
            make(root, mb, random.Random(i))  # the seed readers_bench.py uses
            units = reader.discover([root], {})
            paths = [u.path for u in units]
            [reader.read(u) for u in units]  # warm-up
            b, r = [], []
            for _ in range(repeat):
                b.append(_cpu(lambda bare=bare, paths=paths: bare(paths)))
                r.append(_cpu(lambda reader=reader, units=units: [reader.read(u) for u in units]))
            out[name] = {"bare_ms": min(b) * 1000, "reader_ms": min(r) * 1000, "ratio": min(b) / min(r)}
    return out


def _run(tree: Path, args: argparse.Namespace) -> dict[str, dict[str, float]]:
    cmd = [sys.executable, str(ROOT / "bench" / "readers_cpu.py"), "--worker", str(tree)]
    cmd += ["--repeat", str(args.repeat), "--mb", str(args.mb)] + [f"--only={o}" for o in args.only]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, check=True, env=env)
    return json.loads(done.stdout)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", help="git revision to compare with, run in alternation")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--mb", type=float, default=8.0)
    ap.add_argument("--only", action="append", default=[], help="formats whose name contains this (repeatable)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)  # internal: measure one tree, print JSON
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(measure(Path(args.worker), args.only, args.repeat, args.mb)))
        return
    with tempfile.TemporaryDirectory(prefix="persona-readers-base-") as base_dir:
        trees = {"current": ROOT}
        if args.baseline:
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", args.baseline], capture_output=True, check=True
            ).stdout
            subprocess.run(["tar", "-x", "-C", base_dir], input=archive, check=True)
            trees = {args.baseline: Path(base_dir), "current": ROOT}
        ratios: dict[str, dict[str, list[float]]] = {}
        for n in range(args.rounds):
            for label, tree in trees.items():
                for name, row in _run(tree, args).items():
                    ratios.setdefault(name, {}).setdefault(label, []).append(row["ratio"])
                    print(f"round {n + 1} {label:>10}: {name:40s} ratio {row['ratio']:.3f}", flush=True)
    print(f"\nCPU-time ratio (bare / reader; min of {args.repeat} repeats), median of {args.rounds} rounds [range]:")
    for name, by_tree in ratios.items():
        cells = [f"{label} {statistics.median(v):.2f} [{min(v):.2f}-{max(v):.2f}]" for label, v in by_tree.items()]
        print(f"  {name:40s} " + "  ->  ".join(cells))


if __name__ == "__main__":
    main()
