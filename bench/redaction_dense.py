"""Redaction throughput on a dense corpus: developer prompts full of planted secrets and PII.

    python bench/redaction_dense.py [--baseline GIT_REV] [--repeat 5] [--mb 1.5] [--pool held-out]

The corpus is the redaction_cases held-out pool (fresh values, its own seed), several cases
joined into one prompt (~600 bytes, as the issue's 2,400-prompt / 1.5 MB corpus), redacted in
batches of 20 prompts with `redact_many` as ingest calls it. Throughput is MB per CPU-second of
this process ("per core"), the median of --repeat passes; with --baseline the engine at GIT_REV
(loaded from git as redaction_bench.py does) is timed interleaved in the same process and the
two engines' outputs are compared prompt for prompt.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from persona_pipeline.core.evidence.redaction.redactor import Redactor  # noqa: E402
from persona_pipeline_tests.redaction_cases import make_cases  # noqa: E402


def dense_corpus(mb: float, pool: str = "held-out", per_prompt: int = 6, seed: int = 99) -> list[str]:
    """Prompts of `per_prompt` cases each (plants and look-alikes), ~`mb` MB in all."""
    r = random.Random(seed)
    prompts: list[str] = []
    size = 0.0
    s = seed
    while size < mb * 1e6:
        cases = make_cases(True, 1500, seed=s, fresh=pool == "fresh")
        s += 1
        texts = [c.text for c in cases]
        r.shuffle(texts)
        for i in range(0, len(texts) - per_prompt + 1, per_prompt):
            p = "\n\n".join(texts[i : i + per_prompt])
            prompts.append(p)
            size += len(p.encode())
            if size >= mb * 1e6:
                break
    return prompts


def batches(prompts: list[str], n: int = 20) -> list[list[str]]:
    return [prompts[i : i + n] for i in range(0, len(prompts), n)]


def one_pass(redactor: Any, bs: list[list[str]]) -> tuple[float, list[str | None]]:
    c0 = time.process_time()
    out: list[str | None] = []
    for b in bs:
        out.extend(None if r is None else r.text for r in redactor.redact_many(b))
    return time.process_time() - c0, out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", help="git revision of the engine to compare with (same run)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--mb", type=float, default=1.5)
    ap.add_argument("--pool", choices=("held-out", "fresh"), default="held-out")
    args = ap.parse_args()
    prompts = dense_corpus(args.mb, args.pool)
    mb = sum(len(p.encode()) for p in prompts) / 1e6
    bs = batches(prompts)
    engines: dict[str, Any] = {"current": Redactor(b"k" * 32)}
    if args.baseline:
        from redaction_bench import load_baseline

        engines["baseline"] = load_baseline(args.baseline)(b"k" * 32)
    times: dict[str, list[float]] = {n: [] for n in engines}
    outputs: dict[str, list[str | None]] = {}
    for name, eng in engines.items():  # warm-up: imports, scrubber, caches of the first pass
        _, outputs[name] = one_pass(eng, bs[:3])
    for _ in range(args.repeat):
        for name, eng in engines.items():
            dt, outputs[name] = one_pass(eng, bs)
            times[name].append(dt)
    print(f"dense corpus: {len(prompts)} prompts, {mb:.2f} MB ({args.pool} pool)")
    rates = {n: mb / statistics.median(t) for n, t in times.items()}
    for name, rate in rates.items():
        passes = [round(t, 2) for t in times[name]]
        print(f"  {name:8s}: {rate:.2f} MB/s per core (median of {args.repeat}; CPU-s per pass {passes})")
    if args.baseline:
        print(f"  ratio current/baseline: {rates['current'] / rates['baseline']:.2f}x")
        diff = [i for i, (a, b) in enumerate(zip(outputs["current"], outputs["baseline"], strict=True)) if a != b]
        print(f"  outputs differing from baseline: {len(diff)}/{len(prompts)} prompts")


if __name__ == "__main__":
    main()
