"""Ingest throughput and byte reduction on a generated corpus (bench/make_corpus.py).

    python bench/ingest_bench.py [--files 300] [--mb 100] [--repeat 3] [--json OUT] [--sample-copies N]

Prints, from one run: a bare `orjson.loads` loop over the same files (the reference: read every
line, parse it, keep nothing), the readers alone, readers + redaction (process_unit), and the
full write path into DuckDB; the ratio of each to the reference; and the byte reduction
(kept / raw). `--sample-copies N` uses N copies of the bundled sample instead (the old corpus).
Timings are medians of interleaved repeats, so load from other work hits every mode alike.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from make_corpus import make_corpus  # noqa: E402

from persona_pipeline.core.config import SAMPLE_DIR, Settings  # noqa: E402
from persona_pipeline.core.evidence.redaction.redactor import load_or_create_key  # noqa: E402
from persona_pipeline.core.ingest import ingest_units, make_redactor, process_unit  # noqa: E402


def replicate(dst: Path, copies: int) -> tuple[Path, Path]:
    claude, codex = dst / "claude", dst / "codex"
    for i in range(copies):
        for f in (SAMPLE_DIR / "claude" / "projects").glob("*/*.jsonl"):
            if f.name.startswith("agent-"):
                continue
            out = claude / f.parent.name / f"{i:04d}-{f.name}"
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, out)
        for f in (SAMPLE_DIR / "codex" / "sessions").rglob("rollout-*.jsonl"):
            out = codex / f"{i:04d}" / f.name
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, out)
    return claude, codex


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=300)
    ap.add_argument("--mb", type=float, default=100.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sample-copies", type=int, default=0)
    ap.add_argument("--json", help="append result rows (JSON lines) to this file")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="persona-bench-"))
    try:
        if args.sample_copies:
            claude, codex = replicate(tmp / "corpus", args.sample_copies)
            label = f"sample x{args.sample_copies}"
        else:
            make_corpus(tmp / "corpus", files=args.files, mb=args.mb, repos=0)
            claude, codex = tmp / "corpus" / "claude" / "projects", tmp / "corpus" / "codex" / "sessions"
            label = f"make_corpus --files {args.files} --mb {args.mb:g}"
        settings = Settings(data_dir=tmp / "data", claude_dirs=[claude], codex_dirs=[codex])
        sources = settings.sources()
        units = sources.discover().units
        mb = sum(u.size for u in units) / 1e6
        redactor = make_redactor(settings)
        key = load_or_create_key(settings.redaction_key_path)
        redactor.redact("warm up the engines")

        def bare() -> None:
            for u in units:
                with open(u.path, "rb") as f:
                    for line in f:
                        orjson.loads(line)

        def readers() -> None:
            for u in units:
                sources.read(u)

        def with_redaction() -> None:
            for u in units:
                process_unit(u, sources, redactor, key)

        def full() -> None:
            ingest_units(settings, units)

        modes = {"bare": bare, "readers": readers, "redaction": with_redaction, "full": full}
        times: dict[str, list[float]] = {m: [] for m in modes}
        for _ in range(args.repeat):
            for name, fn in modes.items():
                t0 = time.perf_counter()
                fn()
                times[name].append(time.perf_counter() - t0)
        t = {name: statistics.median(ts) for name, ts in times.items()}
        outcomes = [process_unit(u, sources, redactor, key) for u in units]
        raw = sum(int(o.unit_row["raw_bytes"]) for o in outcomes)
        kept = sum(int(o.unit_row["kept_bytes"]) for o in outcomes)
        reduction = 100 * (1 - kept / raw)
        print(f"corpus: {len(units)} files, {mb:.1f} MB ({label}); median of {args.repeat} interleaved")
        print(f"bare orjson.loads loop : {mb / t['bare']:8.1f} MB/s (reference)")
        for name, title in (("readers", "readers"), ("redaction", "readers + redaction"), ("full", "full (+DuckDB)")):
            print(f"{title:23s}: {mb / t[name]:8.1f} MB/s = {100 * t['bare'] / t[name]:.0f}% of reference")
        print(f"byte reduction         : {reduction:.2f}% ({raw:,} raw -> {kept:,} kept)")
        if args.json:
            share = t["bare"] / t["readers"]
            rows = [
                {
                    "benchmark": f"ingest: readers ({mb:.0f} MB, {len(units)} files)",
                    "figure": f"{mb / t['readers']:.1f} MB/s",
                    "reference": f"bare orjson.loads loop {mb / t['bare']:.1f} MB/s",
                    "ratio": f"{100 * share:.0f}%",
                    "target": ">= 50% of bare orjson",
                    "met": "yes" if share >= 0.5 else "no",
                },
                {
                    "benchmark": "ingest: readers + redaction / + DuckDB",
                    "figure": f"{mb / t['redaction']:.1f} / {mb / t['full']:.1f} MB/s",
                    "reference": f"bare orjson.loads loop {mb / t['bare']:.1f} MB/s",
                    "ratio": f"{100 * t['bare'] / t['redaction']:.0f}% / {100 * t['bare'] / t['full']:.0f}%",
                    "target": "(informative)",
                    "met": "—",
                },
                {
                    "benchmark": "ingest: byte reduction (kept / raw)",
                    "figure": f"{reduction:.2f}%",
                    "reference": f"{raw:,} raw -> {kept:,} kept bytes",
                    "ratio": f"{raw / max(1, kept):.0f}:1",
                    "target": ">= 99%",
                    "met": "yes" if reduction >= 99 else "no",
                },
            ]
            with open(args.json, "a") as f:
                f.writelines(json.dumps(r) + "\n" for r in rows)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
