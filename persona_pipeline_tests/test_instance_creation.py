"""A first run killed at any moment never leaves a Dagster instance that needs a manual
`dagster instance migrate` (issue 21): creation is staged and marked complete only when every
storage answers; a half-created storage is moved aside and created anew."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

from persona_pipeline_tests.conftest import REPO, cli, last_json, persona_cmd


def test_half_created_instance_is_repaired(cli_env: dict[str, str], tmp_path: Path) -> None:
    home = tmp_path / "data" / "dagster_home"
    (home / "history" / "runs").mkdir(parents=True)
    # what a kill mid-creation leaves: the index database with a schema stamp and no tables
    con = sqlite3.connect(home / "history" / "runs" / "index.db")
    con.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
    con.execute("INSERT INTO alembic_version VALUES ('ffffffffffff')")
    con.commit()
    con.close()
    proc = cli(cli_env, "run", "--json")
    summary = last_json(proc.stdout, proc.returncode, proc.stderr)
    assert summary["units_failed"] == 0 and summary["evidence_rows"] > 0
    assert "moved to" in proc.stderr and list(home.glob("broken-*/history/runs/index.db"))
    assert (home / ".persona-instance-ready").exists()


def test_kills_during_first_runs_never_break_the_instance(cli_env: dict[str, str], tmp_path: Path) -> None:
    for delay in (0.6, 1.5, 2.5, 4.0):
        proc = subprocess.Popen(
            persona_cmd("run", "--json"),
            cwd=REPO,
            env=cli_env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        time.sleep(delay)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=60)
    final = cli(cli_env, "run", "--json")
    summary = last_json(final.stdout, final.returncode, final.stderr)
    assert summary["units_failed"] == 0 and summary["pack_tokens"] > 0
    status = cli(cli_env, "status", "--json")
    assert status.returncode == 0 and "migrate" not in status.stderr, status.stderr[-2000:]


def test_a_throwaway_dev_instance_writes_nothing(tmp_path: Path, monkeypatch) -> None:
    """`dagster dev` without DAGSTER_HOME: its steps refuse, naming the project's instance."""
    import dagster as dg

    from persona_pipeline.definitions import defs

    monkeypatch.setenv("PERSONA_DATA_DIR", str(tmp_path / "data"))
    throwaway = tmp_path / ".tmp_dagster_home_abc123"
    throwaway.mkdir()
    with dg.DagsterInstance.from_config(str(throwaway)) as instance:
        result = defs.resolve_job_def("persona_compile").execute_in_process(instance=instance, raise_on_error=False)
    assert not result.success
    failure = result.failure_data_for_node("facet_trees")
    assert failure is not None and "DAGSTER_HOME=" in (failure.error.message if failure.error else "")
    assert not (tmp_path / "data" / "warehouse.duckdb").exists()


def test_a_warehouse_killed_before_its_schema_is_fresh_and_garbage_is_damaged(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    """A kill during the warehouse's first transaction leaves a DuckDB file without tables: the
    next run creates the schema. A file that is not a warehouse at all stops the run with the fix."""
    import duckdb

    data = tmp_path / "data"
    data.mkdir()
    duckdb.connect(str(data / "warehouse.duckdb")).close()  # a file with no schema yet
    summary = last_json(*(lambda p: (p.stdout, p.returncode, p.stderr))(cli(cli_env, "run", "--json")))
    assert summary["units_failed"] == 0 and summary["evidence_rows"] > 0

    garbage = tmp_path / "g"
    (garbage / "data").mkdir(parents=True)
    (garbage / "data" / "warehouse.duckdb").write_bytes(b"not a database" * 100)
    proc = cli({**cli_env, "PERSONA_DATA_DIR": str(garbage / "data")}, "run", "--json")
    assert proc.returncode == 3 and "persona rebuild" in proc.stderr
