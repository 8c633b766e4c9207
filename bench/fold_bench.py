"""CPU time of the offline digest and the fold over N synthetic sessions.

python bench/fold_bench.py [--sessions 1000] [--repeat 3]

Each session says three statements drawn (seeded) from the dev pool's preference and task
phrasings, so wordings recur across sessions as in a real history. Reported: CPU seconds (process
time, so a loaded machine inflates it less than wall time) of digesting and of folding, median of
the repeats; fold's memos are cleared between repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from persona_pipeline.core.models import Tier
from persona_pipeline.eval import pool
from persona_pipeline.persona.digest import similarity
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.fold import clear_caches, fold


def inputs(n: int, seed: int = 7) -> list[DigestInput]:
    rng = random.Random(seed)
    texts = [t for p in pool.PREFERENCES for t in p.phrasings] + [
        t.format(proj="bench") for task in pool.TASKS for t in task.phrasings
    ]
    out = []
    for i in range(n):
        ts = f"2026-{1 + i * 12 // n:02d}-{1 + i % 28:02d}T00:00:00Z"
        ev = [
            EvidenceView(evidence_id=f"s{i}-{j}", tier=Tier.T2, kind="prompt", excerpt=t, timestamp=ts, project="bench")
            for j, t in enumerate(rng.sample(texts, 3))
        ]
        out.append(DigestInput(unit_key=f"s{i}", session_id=f"s{i}", project="bench", evidence=ev))
    return out


def clear_all() -> None:
    """The fold's memos and every per-word and per-set memo of `similarity` (weights, name forms,
    …), so each repeat pays a first fold's cost rather than reusing the last one's; the word lists
    loaded once per process (maxsize 1) are kept."""
    clear_caches()
    for f in vars(similarity).values():
        if callable(getattr(f, "cache_clear", None)) and f.cache_parameters()["maxsize"] != 1:
            f.cache_clear()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    inp = inputs(a.sessions)
    digest_s, fold_s = [], []
    for _ in range(a.repeat):
        clear_all()
        t0 = time.process_time()
        obs = [o for r in OfflineDigester().digest_many(inp) for o in r.observations]
        t1 = time.process_time()
        rules = fold(obs)
        t2 = time.process_time()
        digest_s.append(t1 - t0)
        fold_s.append(t2 - t1)
    print(
        f"sessions={a.sessions} observations={len(obs)} rules={len(rules)} "
        f"digest_cpu_s={statistics.median(digest_s):.2f} fold_cpu_s={statistics.median(fold_s):.2f}"
    )


if __name__ == "__main__":
    main()
