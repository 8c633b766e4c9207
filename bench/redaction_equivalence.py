"""Output identity of the redaction engine against a git revision on the blind generator's cases.

    python bench/redaction_equivalence.py --baseline GIT_REV [--seeds 1 2 3] [--n 2400] [--batch 20]

For every seed and every round of the blind generator (`persona_pipeline_tests/redaction_blind.py`:
each round's cases in the pool it belongs to, as its `main --round R` builds them), every case's
text is redacted by the engine at GIT_REV (loaded from git read-only, as `redaction_bench.py` does)
and by this tree's, with `redact_many` in batches of `--batch` cases (a batch shares its secret
values, so batching is part of what is compared); outputs and counts are compared case by case.

Only counts are printed, and for a difference the case's index and its categories (planted and
decoy): never a text, since some rounds are held out. Exit status 1 when any output differs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from redaction_bench import load_baseline  # noqa: E402

from persona_pipeline.core.evidence.redaction.redactor import Redactor  # noqa: E402
from persona_pipeline_tests import redaction_blind as blind  # noqa: E402


def outputs(engine: Any, texts: list[str], batch: int) -> list[tuple[str, dict[str, int]] | None]:
    out: list[tuple[str, dict[str, int]] | None] = []
    for i in range(0, len(texts), batch):
        out.extend(None if r is None else (r.text, r.counts) for r in engine.redact_many(texts[i : i + batch]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", required=True, help="git revision of the engine to compare with")
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--n", type=int, default=2400, help="cases per seed and round")
    ap.add_argument("--batch", type=int, default=20, help="cases per redact_many call")
    args = ap.parse_args()
    base = load_baseline(args.baseline)(b"k" * 32)
    current = Redactor(b"k" * 32)
    total = differing = 0
    for seed in args.seeds:
        for round_no in sorted(blind.DECOY_ROUNDS):
            pool: blind.Pool = "dev" if round_no < blind.HOLDOUT_ROUND else "holdout"
            cases = blind.generate(seed, pool, args.n, round_no)
            texts = [c.text for c in cases]
            a, b = outputs(base, texts, args.batch), outputs(current, texts, args.batch)
            diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
            total += len(cases)
            differing += len(diff)
            print(f"seed {seed} round {round_no} ({pool}): {len(cases) - len(diff)} identical, {len(diff)} different")
            for i in diff:
                cats = [p.category for p in cases[i].plants] + [f"decoy:{d.category}" for d in cases[i].decoys]
                print(f"  differs: case {i} ({', '.join(cats)})")
    print(f"all: {total - differing} identical, {differing} different of {total} cases")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
