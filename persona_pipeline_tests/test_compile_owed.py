"""A `persona run` that dies between storing new rows and compiling them leaves the compile to the
next run (`orchestration/compile_owed.py`), which otherwise finds nothing changed and keeps a pack
that is behind the warehouse (the crash-resume test's rare failure: kills land there by chance)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from persona_pipeline.orchestration.compile_owed import CompileOwed, markers_dir, orphan_count
from persona_pipeline_tests.builders import claude_user
from persona_pipeline_tests.conftest import REPO, cli, last_json
from persona_pipeline_tests.test_crash_resume import _share_key

# `persona run`, dying (as SIGKILL would: no cleanup) once its ingest and digest runs are stored,
# before its compile starts
_DIES_BEFORE_COMPILE = """
import os, sys
from persona_pipeline.orchestration import cli
cli._launch_compile_apart = lambda *a, **k: os._exit(9)
sys.exit(cli.main(["run", "--json"]))
"""


def _pack(data_dir: Path) -> tuple[str, list[str]]:
    pack = data_dir / "persona"
    bullets = json.loads((pack / "persona.json").read_text(encoding="utf-8"))["bullets"]
    return (pack / "PERSONA.md").read_text(encoding="utf-8"), sorted(b["rule_id"] for b in bullets)


def test_a_run_killed_before_its_compile_leaves_the_compile_to_the_next_run(cli_env, sample_copy, tmp_path) -> None:
    claude_root, _ = sample_copy
    data, clean = tmp_path / "data", tmp_path / "clean"
    _share_key(data, clean)
    assert last_json(**_vars(cli(cli_env, "run", "--json")))["units_failed"] == 0
    before = _pack(data)

    # the history moves on: a new preference, said in two sessions (enough for a pack rule)
    for n, f in enumerate(sorted(claude_root.glob("*/*.jsonl"))[:2]):
        said = claude_user(
            "Always log greenhouse sensor readings in kelvin, never celsius.",
            sessionId=f"owed-{n}",
            timestamp=f"2026-10-01T21:0{n}:00.000Z",
        )
        with open(f, "a") as fh:
            fh.write(json.dumps(said) + "\n")
    died = subprocess.run(
        [sys.executable, "-c", _DIES_BEFORE_COMPILE], cwd=REPO, env=cli_env, capture_output=True, text=True, timeout=300
    )
    assert died.returncode == 9, died.stderr[-2000:]
    assert _pack(data) == before  # the rows are stored, the pack is not recompiled yet
    status = cli(cli_env, "status", "--json")
    assert json.loads(status.stdout)["stale"]["compile_owed"] == 1, status.stderr[-2000:]
    assert "a compile owed" in cli(cli_env, "status").stdout

    resumed = last_json(**_vars(cli(cli_env, "run", "--json")))
    assert resumed["units_processed"] == 0  # nothing left to read or digest: only the compile was owed
    last_json(**_vars(cli({**cli_env, "PERSONA_DATA_DIR": str(clean)}, "run", "--json")))
    assert _pack(data) == _pack(clean) != before
    assert "kelvin" in _pack(data)[0]
    # settled: the next run has nothing to do and compiles nothing
    mtime = (data / "persona" / "PERSONA.md").stat().st_mtime_ns
    assert last_json(**_vars(cli(cli_env, "run", "--json")))["units_processed"] == 0
    assert (data / "persona" / "PERSONA.md").stat().st_mtime_ns == mtime
    assert not list(markers_dir(data).iterdir())
    assert json.loads(cli(cli_env, "status", "--json").stdout)["stale"]["compile_owed"] == 0


_HOLDS_A_MARKER = """
import sys, time
from pathlib import Path
from persona_pipeline.orchestration.compile_owed import CompileOwed, orphan_count
CompileOwed(Path(sys.argv[1]))
print("ready", flush=True)
time.sleep(600)
"""


def test_a_live_runs_marker_is_no_orphan_and_a_killed_runs_is(tmp_path) -> None:
    folder = tmp_path / "owed"
    child = subprocess.Popen(
        [sys.executable, "-c", _HOLDS_A_MARKER, str(folder)],
        cwd=REPO,
        env={**os.environ},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        assert orphan_count(folder) == 0  # asked beside a live run: its marker is held
        alive = CompileOwed(folder)
        assert not alive.owed  # another run at work: its compile is its own
        alive.settle()
        assert len(list(folder.glob("*.owed"))) == 1
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert orphan_count(folder) == 1 and orphan_count(folder) == 1  # counting takes nothing
    after = CompileOwed(folder)
    assert after.owed and len(after.orphans) == 1
    assert orphan_count(folder) == 0  # held by the run that will compile
    other = CompileOwed(folder)  # while `after` holds the orphan, a third run leaves it alone
    assert not other.owed
    other.settle()
    after.settle()
    assert not list(folder.iterdir())
    unfinished = CompileOwed(folder)
    unfinished.leave()  # a compile that failed: the next run owes it
    owes = CompileOwed(folder)
    assert owes.owed
    owes.settle()


def _vars(proc: subprocess.CompletedProcess[str]) -> dict:
    return {"stdout": proc.stdout, "returncode": proc.returncode, "stderr": proc.stderr}
