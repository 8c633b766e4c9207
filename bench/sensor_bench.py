"""Sensor tick cost with nothing changed, against a bare os.scandir walk of the same tree.

    python bench/sensor_bench.py [--files 5000] [--repeat 5]

Builds a tree of small Claude Code transcripts (content is irrelevant: a tick only stats files).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def build(root: Path, files: int) -> None:
    line = json.dumps({"type": "user", "message": {"role": "user", "content": "hi"}}) + "\n"
    for i in range(files):
        d = root / "claude" / f"-home-dev-code-proj{i % 50}"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"{i:08d}-0000-4000-8000-000000000000.jsonl").write_text(line)


def walk(root: Path) -> int:
    n = 0
    stack = [str(root)]
    while stack:
        with os.scandir(stack.pop()) as it:
            for e in it:
                if e.is_dir(follow_symlinks=False):
                    stack.append(e.path)
                else:
                    e.stat()
                    n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="persona-sensor-"))
    build(tmp / "corpus", args.files)
    os.environ.update(
        PERSONA_DATA_DIR=str(tmp / "data"),
        PERSONA_CLAUDE_DIRS=str(tmp / "corpus" / "claude"),
        PERSONA_CODEX_DIRS=str(tmp / "corpus" / "none"),
    )
    (tmp / "corpus" / "none").mkdir()
    import dagster as dg

    from persona_pipeline.defs.automation import source_files_sensor

    with dg.instance_for_test() as instance:
        first = source_files_sensor(dg.build_sensor_context(instance=instance))
        for req in first.dynamic_partitions_requests:
            instance.add_dynamic_partitions(req.partitions_def_name, list(req.partition_keys))
        ticks, walks = [], []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            res = source_files_sensor(dg.build_sensor_context(instance=instance, cursor=first.cursor))
            ticks.append(time.perf_counter() - t0)
            assert not res.run_requests
            t0 = time.perf_counter()
            walk(tmp / "corpus")
            walks.append(time.perf_counter() - t0)
    tick, bare = statistics.median(ticks), statistics.median(walks)
    print(f"files: {args.files}; median of {args.repeat}")
    print(f"sensor tick, nothing changed: {tick * 1000:.0f} ms")
    print(f"bare os.scandir walk + stat : {bare * 1000:.0f} ms")
    print(f"ratio                       : {tick / bare:.1f}x")


if __name__ == "__main__":
    main()
