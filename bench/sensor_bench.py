"""Sensor tick cost with nothing changed, against a bare os.scandir walk of the same tree.

    python bench/sensor_bench.py [--files 5000] [--repeat 5] [--repos 0] [--json OUT]

Builds the tree with bench/make_corpus.py (Claude project folders, Codex date folders, subagent
files; ~2 KB each: a tick only stats files). With --repos N the roots also hold N git
repositories with their instruction files, and a global CLAUDE.md (then the reference walks
those too). The reference walks the same roots with os.scandir
and stats every file; both are timed interleaved, medians reported, in wall time (the target)
and in this process's CPU time (steadier on a shared machine: other processes' load barely moves
it). A tick with nothing changed must take the sensor's shortcuts (`orchestration/defs/sensor_cursor.py`):
ticks run within PERSONA_SENSOR_RECHECK_S of the first; one full re-check is timed apart.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from make_corpus import make_corpus  # noqa: E402


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
    ap.add_argument("--repos", type=int, default=0, help="git repositories (with instruction files), at most 6")
    ap.add_argument("--json", help="append a result row (JSON line) to this file")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="persona-sensor-"))
    make_corpus(tmp / "corpus", files=args.files, mb=args.files * 0.002, repos=args.repos)
    claude, codex = tmp / "corpus" / "claude" / "projects", tmp / "corpus" / "codex" / "sessions"
    roots = [claude, codex]
    os.environ.update(
        PERSONA_DATA_DIR=str(tmp / "data"), PERSONA_CLAUDE_DIRS=str(claude), PERSONA_CODEX_DIRS=str(codex)
    )
    if args.repos:
        repos, home = tmp / "corpus" / "repos", tmp / "corpus" / "home" / ".claude"
        os.environ.update(PERSONA_GIT_ROOTS=str(repos), PERSONA_INSTRUCTION_FILES=str(home / "CLAUDE.md"))
        roots += [repos, home]
    else:  # the machine's own ~/.claude/CLAUDE.md must not count
        os.environ["PERSONA_INSTRUCTION_FILES"] = ""  # none
    import dagster as dg

    from persona_pipeline.orchestration.defs.automation import source_files_sensor

    with dg.instance_for_test() as instance:
        first = source_files_sensor(dg.build_sensor_context(instance=instance))
        for req in first.dynamic_partitions_requests:
            instance.add_dynamic_partitions(req.partitions_def_name, list(req.partition_keys))
        ticks, walks, tick_cpu, walk_cpu = [], [], [], []
        for _ in range(args.repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            res = source_files_sensor(dg.build_sensor_context(instance=instance, cursor=first.cursor))
            ticks.append(time.perf_counter() - t0)
            tick_cpu.append(time.process_time() - c0)
            assert not res.run_requests and not res.dynamic_partitions_requests
            t0, c0 = time.perf_counter(), time.process_time()
            n = sum(walk(r) for r in roots)
            walks.append(time.perf_counter() - t0)
            walk_cpu.append(time.process_time() - c0)
        # the periodic full re-check (partitions read, every fingerprint recomputed)
        os.environ["PERSONA_SENSOR_RECHECK_S"] = "0"
        t0 = time.perf_counter()
        source_files_sensor(dg.build_sensor_context(instance=instance, cursor=first.cursor))
        recheck = time.perf_counter() - t0
        del os.environ["PERSONA_SENSOR_RECHECK_S"]
    tick, bare = statistics.median(ticks), statistics.median(walks)
    cpu_tick, cpu_bare = statistics.median(tick_cpu), statistics.median(walk_cpu)
    repos = f", {args.repos} git repos with instruction files" if args.repos else ""
    print(f"files: {args.files} transcripts{repos} ({n} files on disk); median of {args.repeat}")
    print(f"sensor tick, nothing changed: {tick * 1000:.0f} ms wall, {cpu_tick * 1000:.0f} ms CPU")
    print(f"bare os.scandir walk + stat : {bare * 1000:.0f} ms wall, {cpu_bare * 1000:.0f} ms CPU")
    print(f"ratio                       : {tick / bare:.2f}x wall, {cpu_tick / cpu_bare:.2f}x CPU")
    print(f"full re-check tick (once)   : {recheck * 1000:.0f} ms wall")
    if args.json:
        row = {
            "benchmark": f"sensor tick, nothing changed ({args.files} transcripts)",
            "figure": f"{tick * 1000:.0f} ms ({cpu_tick * 1000:.0f} ms CPU); full re-check {recheck * 1000:.0f} ms",
            "reference": f"bare os.scandir walk + stat {bare * 1000:.0f} ms ({cpu_bare * 1000:.0f} ms CPU)",
            "ratio": f"{tick / bare:.2f}x ({cpu_tick / cpu_bare:.2f}x CPU)",
            "target": "<= 2x the bare walk",
            "met": "yes" if tick / bare <= 2 else "no",
        }
        with open(args.json, "a") as f:
            f.write(json.dumps(row) + "\n")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
