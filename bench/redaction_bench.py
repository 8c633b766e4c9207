"""Redaction recall, false positives and throughput on ../shared/redaction-bench (one core).

    python bench/redaction_bench.py [--corpus PATH.jsonl] [--repeat 5] [--baseline GIT_REV] [--json OUT]
                                    [--fresh N]

Generates the corpus with the shared script when no path is given. Throughput is reported per
CPU-second of this process (MB / process_time: "per core", robust on a shared machine) and per
wall second, as medians. With --baseline, the redaction engine as committed at GIT_REV is loaded
from git (read-only: `git show`) beside the current one, both are timed interleaved in the same
run, and their outputs are compared text for text. A planted item counts as
caught when redaction spans cover at least 90% of its alphanumeric characters and leave no
uncovered alphanumeric run longer than 3; a look-alike ("conf") counts as a false positive when
any redaction span overlaps it. Spans not overlapping any plant are reported as "unlabelled".

Seen once: the passes over the corpus after the first reuse what RE2 built lazily for it (a Set's
DFA states, decision caches), so the median is the *warm* figure (the issue's yardstick). The
pipeline sees each text once: the corpus's first pass is also printed alone ("first pass"), and
`--fresh N` times each pass over new texts — the blind generator's dev pool, N cases per round, at
seed 1000 + the pass's number, redacted in batches of 20 — so every engine sees every text once
("seen once", MB per CPU-second, median of the passes; outputs compared with the baseline's).
"""

from __future__ import annotations

import argparse
import atexit
import importlib
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from persona_pipeline.core.evidence.redaction.redactor import Redactor  # noqa: E402

# where the engine lives: today, and before the layout by product
ENGINES = ("persona_pipeline/core/evidence/redaction", "persona_pipeline/evidence/redaction")


def load_baseline(rev: str) -> Any:
    """The Redactor class of the engine at `rev`, imported as package `_redaction_baseline`."""
    for engine in ENGINES:
        listed = subprocess.run(
            ["git", "ls-tree", "--name-only", f"{rev}:{engine}"], cwd=ROOT, capture_output=True, text=True
        )
        if listed.returncode == 0:
            break
    else:
        raise SystemExit(f"no redaction engine at {rev}")
    names = listed.stdout.split()
    # removed when the process exits, not before: the engine reads its engine.toml there on every scan
    tmp = tempfile.mkdtemp(prefix="redaction-baseline-")
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    pkg = Path(tmp) / "_redaction_baseline"
    pkg.mkdir()
    for name in names:
        if not name.endswith((".py", ".toml")):
            continue
        src = subprocess.run(
            ["git", "show", f"{rev}:{engine}/{name}"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        for package in ("persona_pipeline.core.evidence.redaction", "persona_pipeline.evidence.redaction"):
            src = src.replace(f"{package} import", "_redaction_baseline import")
            src = src.replace(f"{package}.", "_redaction_baseline.")
        (pkg / name).write_text(src)
    sys.path.insert(0, str(pkg.parent))
    return importlib.import_module("_redaction_baseline.redactor").Redactor


def transcript_batches(files: int) -> list[list[str]]:
    """The texts redact_many gets in the pipeline: per unit, its turns' texts and contexts."""
    sys.path.insert(0, str(ROOT / "bench"))
    from make_corpus import make_corpus

    from persona_pipeline.core.sources.catalog import Sources

    with tempfile.TemporaryDirectory() as tmp:
        make_corpus(Path(tmp), files=files, mb=files * 0.1, repos=0, seed=7)
        sources = Sources([Path(tmp) / "claude" / "projects"], [Path(tmp) / "codex" / "sessions"])
        out = []
        for u in sources.discover().units:
            turns = sources.read(u).turns
            texts = [t.text for t in turns] + [t.context for t in turns if t.context]
            if texts:
                out.append(texts)
    return out


def time_engine(redactor: Any, batches: list[list[str]]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) for one pass over the batches."""
    w0, c0 = time.perf_counter(), time.process_time()
    for b in batches:
        redactor.redact_many(b)
    return time.perf_counter() - w0, time.process_time() - c0


def fresh_texts(seed: int, n: int) -> list[str]:
    """Texts no engine has seen: the blind generator's dev pool at `seed`, `n` cases per dev round."""
    from persona_pipeline_tests import redaction_blind as blind

    rounds = sorted(r for r in blind.DECOY_ROUNDS if r < blind.HOLDOUT_ROUND)
    return [c.text for r in rounds for c in blind.generate(seed, "dev", n, r)]


def time_fresh(engines: dict[str, Any], passes: int, n: int) -> tuple[float, dict[str, list[float]], bool]:
    """(MB a pass, CPU seconds per engine per pass, outputs identical) over new texts each pass,
    each engine redacting them once (the order of the engines alternates between passes)."""
    cpu: dict[str, list[float]] = {name: [] for name in engines}
    identical, mb = True, 0.0
    for p in range(passes):
        texts = fresh_texts(1000 + p, n)
        mb = sum(len(t.encode()) for t in texts) / 1e6
        batches = [texts[i : i + 20] for i in range(0, len(texts), 20)]
        outs = {}
        for name in list(engines) if p % 2 == 0 else list(engines)[::-1]:
            c0 = time.process_time()
            outs[name] = [r for b in batches for r in engines[name].redact_many(b)]
            cpu[name].append(time.process_time() - c0)
        first, *others = outs.values()
        identical = identical and all(
            all((a.text, a.counts) == (b.text, b.counts) if a and b else a is b for a, b in zip(first, o, strict=True))
            for o in others
        )
    return mb, cpu, identical


def spans_for(redactor: Redactor, texts: list[str]) -> list[list[tuple[int, int, str]]]:
    """Span-level view of the redactor (the spans Redactor.redact_many replaces)."""
    return [[(s.start, s.end, s.kind) for s in (sp or [])] for sp in redactor.spans_many(texts)]


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


def _rate_row(benchmark: str, rate: dict[str, float], baseline: str | None, target: float | None) -> dict[str, str]:
    """A RESULTS row for one MB-per-CPU-second figure, against the baseline's in the same run."""
    cur, base = rate["current"], rate.get(f"baseline {baseline}")
    return {
        "benchmark": benchmark,
        "figure": f"{cur:.2f} MB/s per core",
        "reference": f"baseline {baseline}: {base:.2f} MB/s" if base else "—",
        "ratio": f"{cur / base:.2f}x baseline" if base else "—",
        "target": f">= {target:g} MB/s per core" if target is not None else "—",
        "met": ("yes" if cur >= target else "no") if target is not None else "—",
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--batch-chars", type=int, default=64_000)
    ap.add_argument("--baseline", help="git revision of the engine to compare with (same run)")
    ap.add_argument("--json", help="append result rows (JSON lines) to this file")
    ap.add_argument("--transcripts", type=int, default=300, help="also time the prompts of N generated transcripts")
    ap.add_argument("--fresh", type=int, default=0, help="also time new texts each pass: N blind dev cases per round")
    args = ap.parse_args()
    path = args.corpus
    if not path:
        tmp = tempfile.mkdtemp(prefix="redaction-corpus-")
        atexit.register(shutil.rmtree, tmp, ignore_errors=True)
        path = str(Path(tmp) / "corpus.jsonl")
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
    engines: dict[str, Any] = {"current": redactor}
    if args.baseline:
        base = load_baseline(args.baseline)(b"k" * 32)
        base._get_scrubber()
        engines[f"baseline {args.baseline}"] = base
    for e in engines.values():
        e.redact_many(batches[0])  # warm up (lazy imports, Go runtime, caches)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in engines}
    for _ in range(args.repeat):  # interleaved, so load from other work hits both alike
        for name, e in engines.items():
            times[name].append(time_engine(e, batches))
    identical = None
    if args.baseline:
        base = engines[f"baseline {args.baseline}"]
        identical = all(
            (a.text, a.counts) == (b.text, b.counts) if a and b else a is b
            for batch in batches
            for a, b in zip(redactor.redact_many(batch), base.redact_many(batch), strict=True)
        )
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
    print(f"corpus: {len(docs)} docs, {mb:.2f} MB, {n} planted items; median of {args.repeat} interleaved passes")
    print(f"recall: {got}/{n} = {100 * got / n:.2f}%")
    nfp = sum(fp.values())
    print(f"false positives (labelled look-alikes): {nfp} = {nfp / mb:.2f}/MB {dict(fp)}")
    print(f"unlabelled spans outside plants: {unl} = {unl / mb:.2f}/MB")
    rate: dict[str, tuple[float, float]] = {}
    for name, ts in times.items():
        wall = mb / statistics.median(w for w, _ in ts)
        cpu = mb / statistics.median(c for _, c in ts)
        rate[name] = (cpu, wall)
        print(f"throughput {name:22s}: {cpu:5.2f} MB per CPU-second (per core), {wall:5.2f} MB/s wall")
    for name, ts in times.items():
        print(f"first pass {name:22s}: {mb / ts[0][1]:5.2f} MB per CPU-second (the corpus seen once)")
    if args.baseline:
        b_cpu = rate[f"baseline {args.baseline}"][0]
        print(f"speed-up over baseline: {rate['current'][0] / b_cpu:.2f}x; outputs identical: {identical}")
    if miss:
        print("misses by type:", dict(miss))
    prompts = transcript_batches(args.transcripts) if args.transcripts else []
    p_rate: dict[str, float] = {}
    if prompts:
        p_mb = sum(len(t.encode()) for b in prompts for t in b) / 1e6
        p_times: dict[str, list[float]] = {name: [] for name in engines}
        for _ in range(args.repeat):
            for name, e in engines.items():
                p_times[name].append(time_engine(e, prompts)[1])
        for name, ts in p_times.items():
            p_rate[name] = p_mb / statistics.median(ts)
            print(
                f"transcript prompts {name:14s}: {p_rate[name]:5.2f} MB per CPU-second "
                f"({p_mb:.2f} MB of prompts in {len(prompts)} per-unit batches)"
            )
    fresh_rate: dict[str, float] = {}
    if args.fresh:
        f_mb, f_cpu, f_same = time_fresh(engines, args.repeat, args.fresh)
        for name, ts in f_cpu.items():
            fresh_rate[name] = f_mb / statistics.median(ts)
            print(
                f"seen once {name:23s}: {fresh_rate[name]:5.2f} MB per CPU-second "
                f"(new blind dev texts each pass, {f_mb:.2f} MB a pass)"
            )
        if args.baseline:
            ratio = fresh_rate["current"] / fresh_rate[f"baseline {args.baseline}"]
            print(f"seen once: speed-up over baseline {ratio:.2f}x; outputs identical: {f_same}")
    if args.json:
        cpu, wall = rate["current"]
        ref = f"baseline {args.baseline}: {rate[f'baseline {args.baseline}'][0]:.2f} MB/s" if args.baseline else "—"
        met = cpu >= 5.0 and got == n and nfp == 0
        row = {
            "benchmark": "redaction throughput (shared redaction-bench, 5.3 MB)",
            "figure": f"{cpu:.2f} MB/s per core ({wall:.2f} wall); recall {got}/{n}, {nfp} FP",
            "reference": ref + ("; outputs identical" if identical else ("; OUTPUTS DIFFER" if args.baseline else "")),
            "ratio": f"{cpu / rate[f'baseline {args.baseline}'][0]:.2f}x baseline" if args.baseline else "—",
            "target": ">= 5 MB/s per core, recall 100%, 0 FP",
            "met": "yes" if met else "no",
        }
        rows = [row]
        if p_rate:
            label = f"redaction on the prompts of {args.transcripts} generated sessions (per unit)"
            rows.append(_rate_row(label, p_rate, args.baseline, 5.0))
        if fresh_rate:
            label = f"redaction of texts seen once (blind dev pool, {args.fresh} a round, new each pass)"
            rows.append(_rate_row(label, fresh_rate, args.baseline, None))
        with open(args.json, "a") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)


if __name__ == "__main__":
    main()
