"""The real daemon: with `source_files_sensor` on (its default), new transcripts reach PERSONA.md through
sensor → ingest run → automation (digests → trees → pack), with no CLI involved.

Slow (the daemon's ticks): run with `python -m pytest -m slow`.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from persona_pipeline_tests.conftest import REPO

pytestmark = pytest.mark.slow
BIN = Path(sys.executable).parent


def _wait(predicate, timeout: float, what: str) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if predicate():
            return time.monotonic() - start
        time.sleep(1)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


def _settled(data: Path, n_files: int) -> bool:
    """Every file ingested, and every unit with evidence digested."""
    db = data / "warehouse.duckdb"
    if not db.exists():
        return False
    try:
        con = duckdb.connect(str(db), read_only=True)
    except duckdb.IOException:  # a run holds the write lock right now
        return False
    try:
        units = con.execute("SELECT count(*) FROM units").fetchone()[0]
        undigested = con.execute(
            """SELECT count(DISTINCT unit_key) FROM evidence WHERE unit_key NOT IN
               (SELECT unit_key FROM digest_state WHERE status = 'ok')"""
        ).fetchone()[0]
        return units == n_files and undigested == 0
    except duckdb.CatalogException:
        return False
    finally:
        con.close()


def test_sensor_and_automation_under_the_daemon(cli_env, sample_copy, tmp_path) -> None:
    data = tmp_path / "data"
    home = data / "dagster_home"
    home.mkdir(parents=True)
    shutil.copyfile(REPO / "dagster.yaml", home / "dagster.yaml")
    # hold two sessions back to add them while the daemon runs
    held = tmp_path / "held"
    held.mkdir()
    later = sorted(sample_copy[0].glob("*/*.jsonl"))[:2]
    for f in later:
        shutil.move(f, held / f"{f.parent.name}__{f.name}")
    env = {
        **cli_env,
        "DAGSTER_HOME": str(home),
        "PERSONA_SENSOR_INTERVAL_S": "5",
        "PERSONA_AUTOMATION_INTERVAL_S": "5",
    }
    ws = ["-w", str(REPO / "workspace.yaml")]
    # no `dagster sensor start`: the sensor is on by default in the project's instance
    log = open(tmp_path / "daemon.log", "w")  # noqa: SIM115 - closed in finally
    daemon = subprocess.Popen(
        [BIN / "dagster-daemon", "run", *ws],
        cwd=REPO,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    pack = data / "persona" / "PERSONA.md"
    try:
        first = _wait(lambda: _settled(data, 8) and pack.exists(), 240, "the first pack")
        written = pack.stat().st_mtime_ns
        for f in held.iterdir():  # two new transcripts appear
            project, name = f.name.split("__")
            shutil.move(f, sample_copy[0] / project / name)
        second = _wait(
            lambda: _settled(data, 10) and pack.stat().st_mtime_ns != written, 240, "the new sessions in the pack"
        )
    finally:
        os.killpg(daemon.pid, signal.SIGTERM)
        try:
            daemon.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(daemon.pid, signal.SIGKILL)
            daemon.wait(timeout=15)
        log.close()
    print(f"first pack after {first:.0f} s; new sessions in the pack {second:.0f} s after they appeared")
    import dagster as dg

    os.environ["DAGSTER_HOME"] = str(home)
    with dg.DagsterInstance.get() as instance:
        runs = instance.get_runs()
        assert runs and all(r.status == dg.DagsterRunStatus.SUCCESS for r in runs), [r.status for r in runs]
        ingest_runs = [r for r in runs if r.job_name == "incremental_ingest"]
        assert len(ingest_runs) == 2  # one per sensor tick with changes, not one per file
