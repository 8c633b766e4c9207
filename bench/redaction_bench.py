"""Redaction recall, false positives and throughput on ../shared/redaction-bench (one core).

    python bench/redaction_bench.py [--corpus PATH.jsonl] [--repeat 3]

Generates the corpus with the shared script when no path is given. A planted item counts as
caught when redaction spans cover at least 90% of its alphanumeric characters and leave no
uncovered alphanumeric run longer than 3; a look-alike ("conf") counts as a false positive when
any redaction span overlaps it. Spans not overlapping any plant are reported as "unlabelled".
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from persona_pipeline.evidence.redaction.redactor import Redactor  # noqa: E402
from persona_pipeline.evidence.redaction.secrets import (  # noqa: E402
    betterleaks_values,
    own_rule_spans,
    value_spans,
)
from persona_pipeline.evidence.redaction.spans import Span, merge_spans, protected_ranges  # noqa: E402


def spans_for(redactor: Redactor, texts: list[str]) -> list[list[tuple[int, int, str]]]:
    """Span-level view of the redactor (same pipeline as Redactor.redact_many)."""
    found = betterleaks_values(texts)
    scrub = redactor._get_scrubber()
    per: list[list] = [[] for _ in texts]
    for filth in scrub.iter_filth_documents(documents=list(texts), run_post_processors=False):
        for f in getattr(filth, "filths", [filth]):
            per[int(f.document_name)].append(Span(f.beg, f.end, f.type))
    out = []
    for t, p in zip(texts, per, strict=True):
        m = merge_spans(own_rule_spans(t) + value_spans(t, found) + p, protected_ranges(t))
        out.append([(s.start, s.end, s.kind) for s in m])
    return out


def caught(text: str, s: int, e: int, spans: list[tuple[int, int, str]]) -> bool:
    covered = [False] * (e - s)
    for a, b, _ in spans:
        for i in range(max(a, s), min(b, e)):
            covered[i - s] = True
    alnum = [i for i in range(e - s) if text[s + i].isalnum()]
    if not alnum:
        return True
    cov = sum(covered[i] for i in alnum) / len(alnum)
    run = best = 0
    for i in range(e - s):
        if text[s + i].isalnum() and not covered[i]:
            run += 1
            best = max(best, run)
        else:
            run = 0
    return cov >= 0.9 and best <= 3


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--batch-chars", type=int, default=64_000)
    args = ap.parse_args()
    path = args.corpus
    if not path:
        path = str(Path(tempfile.mkdtemp()) / "corpus.jsonl")
        shared = ROOT.parent / "shared" / "redaction-bench" / "corpus.py"
        subprocess.run([sys.executable, str(shared), path], check=True, capture_output=True)
    with open(path) as f:
        docs = [json.loads(line) for line in f]
    texts = [d["text"] for d in docs]
    mb = sum(len(t.encode()) for t in texts) / 1e6
    redactor = Redactor(b"k" * 32)
    redactor._get_scrubber()
    # batches as the pipeline makes them
    batches, cur, size = [], [], 0
    for t in texts:
        cur.append(t)
        size += len(t)
        if size >= args.batch_chars:
            batches.append(cur)
            cur, size = [], 0
    if cur:
        batches.append(cur)
    times = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        for b in batches:
            redactor.redact_many(b)
        times.append(time.perf_counter() - t0)
    spans = [s for b in batches for s in spans_for(redactor, b)]
    miss = Counter()
    total = Counter()
    fp = Counter()
    unl = 0
    for d, sp in zip(docs, spans, strict=True):
        t = d["text"]
        for s, e, typ, _ in d["plants"]:
            total[typ] += 1
            if not caught(t, s, e, sp):
                miss[typ] += 1
        for s, e, cat, _ in d["confs"]:
            if any(a < e and s < b for a, b, _ in sp):
                fp[cat] += 1
        for a, b, _ in sp:
            if not any(a < e and s < b for s, e, _, _ in d["plants"]):
                unl += 1
    n = sum(total.values())
    got = n - sum(miss.values())
    med = statistics.median(times)
    print(f"corpus: {len(docs)} docs, {mb:.2f} MB, {n} planted items")
    print(f"recall: {got}/{n} = {100 * got / n:.2f}%")
    nfp = sum(fp.values())
    print(f"false positives (labelled look-alikes): {nfp} = {nfp / mb:.2f}/MB {dict(fp)}")
    print(f"unlabelled spans outside plants: {unl} = {unl / mb:.2f}/MB")
    print(f"throughput: median {mb / med:.2f} MB/s over {args.repeat} runs (one core)")
    if miss:
        print("misses by type:", dict(miss))


if __name__ == "__main__":
    main()
