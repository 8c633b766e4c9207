"""Plants a git revision's engine catches that this tree's misses (and the reverse), per round.

    python bench/redaction_lost_plants.py --baseline GIT_REV [--seeds 1] [--n 300] [--rounds 1 2 …]

For every seed and dev round of the blind generator, each case is scored by both engines as
`redaction_blind.score` scores a plant (caught when no 8-character run of it survives); the guard
"no plant the baseline catches is lost" holds when `lost` is 0. Prints counts and the categories of
lost plants only (dev rounds: no holdout text is ever printed).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from redaction_bench import load_baseline  # noqa: E402

from persona_pipeline.core.evidence.redaction.redactor import Redactor  # noqa: E402
from persona_pipeline_tests import redaction_blind as blind  # noqa: E402


def caught(case: blind.BlindCase, spans: list | None) -> list[bool]:
    ranges = [(s.start, s.end) for s in spans or []]
    out = []
    for p in case.plants:
        occ = [o for f in p.needles for o in blind._occurrences(case.text, f)]
        out.append(spans is not None and all(blind._caught(a, b, ranges) for a, b in occ))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", required=True)
    ap.add_argument("--seeds", type=int, nargs="+", default=[1])
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--rounds", type=int, nargs="+")
    args = ap.parse_args()
    base = load_baseline(args.baseline)(b"k" * 32)
    current = Redactor(b"k" * 32)
    rounds = args.rounds or [r for r in sorted(blind.DECOY_ROUNDS) if r < blind.HOLDOUT_ROUND]
    lost_all, gained_all = Counter(), Counter()
    for seed in args.seeds:
        for r in rounds:
            cases = blind.generate(seed, "dev", args.n, r)
            texts = [c.text for c in cases]
            a, b = base.spans_many(texts), current.spans_many(texts)
            lost, gained = Counter(), Counter()
            for c, sa, sb in zip(cases, a, b, strict=True):
                for p, x, y in zip(c.plants, caught(c, sa), caught(c, sb), strict=True):
                    if x and not y:
                        lost[p.category] += 1
                    elif y and not x:
                        gained[p.category] += 1
            lost_all += lost
            gained_all += gained
            print(f"seed {seed} round {r}: lost {sum(lost.values())} {dict(lost)}, gained {sum(gained.values())}")
    print(f"all: lost {sum(lost_all.values())} {dict(lost_all)}, gained {sum(gained_all.values())}")
    sys.exit(1 if lost_all else 0)


if __name__ == "__main__":
    main()
