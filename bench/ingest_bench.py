"""Ingest throughput and byte reduction on a replicated copy of the sample corpus.

    python bench/ingest_bench.py [--copies 20] [--repeat 3]

Prints, from one run: a bare `orjson.loads` loop over the same files (the reference), the
readers alone, readers + redaction (process_unit), and the full write path into DuckDB; the
ratio of each to the reference; and the byte reduction (kept / raw).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from persona_pipeline.config import SAMPLE_DIR, Settings  # noqa: E402
from persona_pipeline.evidence.redaction.redactor import load_or_create_key  # noqa: E402
from persona_pipeline.ingest import ingest_units, make_redactor, process_unit  # noqa: E402


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


def timed(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--copies", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="persona-bench-"))
    claude, codex = replicate(tmp / "corpus", args.copies)
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

    t_bare = timed(bare, args.repeat)
    t_read = timed(readers, args.repeat)
    t_red = timed(with_redaction, args.repeat)
    t_full = timed(full, args.repeat)
    outcomes = [process_unit(u, sources, redactor, key) for u in units]
    raw = sum(int(o.unit_row["raw_bytes"]) for o in outcomes)
    kept = sum(int(o.unit_row["kept_bytes"]) for o in outcomes)
    print(f"corpus: {len(units)} files, {mb:.1f} MB (sample x{args.copies}); median of {args.repeat}")
    print(f"bare orjson.loads loop : {mb / t_bare:8.1f} MB/s (reference)")
    print(f"readers                : {mb / t_read:8.1f} MB/s = {100 * t_bare / t_read:.0f}% of reference")
    print(f"readers + redaction    : {mb / t_red:8.1f} MB/s = {100 * t_bare / t_red:.0f}% of reference")
    print(f"full ingest (+DuckDB)  : {mb / t_full:8.1f} MB/s = {100 * t_bare / t_full:.0f}% of reference")
    print(f"byte reduction         : {100 * (1 - kept / raw):.2f}% ({raw:,} raw -> {kept:,} kept)")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
