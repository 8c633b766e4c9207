"""The team variant: `deploy/dagster.team.yaml` (Postgres storage, queued run coordinator) on a
real, throwaway PostgreSQL server; `persona run` records its runs there.

Slow and opt-in (`python -m pytest -m slow`): needs Debian's PostgreSQL server binaries.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from persona_pipeline_tests.conftest import REPO, cli, last_json

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_server_user(cmd: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root; Debian's package provides the `postgres` account.
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@pytest.fixture
def postgres():
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    assert bins, "PostgreSQL server binaries not found: apt-get install postgresql"
    bindir = Path(bins[-1]).parent
    # outside pytest's root-only tmp dir, which the server account cannot enter
    base = Path(tempfile.mkdtemp(prefix="persona-pg-"))
    pgdata = base / "pgdata"
    pgdata.mkdir()
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
        shutil.chown(pgdata, "postgres")
    subprocess.run(
        _as_server_user([str(bindir / "initdb"), "-D", str(pgdata), "-U", "dagster", "--auth=trust", "-E", "UTF8"]),
        check=True,
        capture_output=True,
        timeout=120,
    )
    port = _free_port()
    server = subprocess.Popen(
        _as_server_user(
            [str(bindir / "postgres"), "-D", str(pgdata), "-p", str(port), "-h", "127.0.0.1", "-k", str(base)]
        ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while subprocess.run(
            [str(bindir / "pg_isready"), "-h", "127.0.0.1", "-p", str(port)], capture_output=True
        ).returncode:
            assert time.monotonic() < deadline, "postgres did not start"
            time.sleep(0.3)
        yield port
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(base, ignore_errors=True)


def test_persona_run_on_the_postgres_instance(postgres, cli_env, tmp_path) -> None:
    home = tmp_path / "dagster_home"
    home.mkdir()
    shutil.copyfile(REPO / "deploy" / "dagster.team.yaml", home / "dagster.yaml")
    env = {
        **cli_env,
        "DAGSTER_HOME": str(home),
        "PERSONA_PG_HOST": "127.0.0.1",
        "PERSONA_PG_PORT": str(postgres),
        "PERSONA_PG_USER": "dagster",
        "PERSONA_PG_PASSWORD": "unused-with-trust-auth",
        "PERSONA_PG_DB": "postgres",
    }
    summary = last_json(**_fields(cli(env, "run", "--json")))
    assert summary["units_processed"] == 10 and summary["pack_tokens"] > 0
    # the runs, and the partitions, live in Postgres: nothing under DAGSTER_HOME but the config
    assert not list(home.rglob("*.db"))
    probe = (
        "import dagster as dg; i = dg.DagsterInstance.get();"
        "print(type(i.run_storage).__name__, len(i.get_runs()), len(i.get_dynamic_partitions('source_units')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120, check=True
    )
    storage, runs, partitions = out.stdout.split()[-3:]
    assert storage == "PostgresRunStorage" and int(runs) == 3 and int(partitions) == 10
    status = last_json(**_fields(cli(env, "status", "--json")))
    assert [r["status"] for r in status["last_runs"]] == ["SUCCESS"] * 3


def _fields(proc: subprocess.CompletedProcess[str]) -> dict:
    return {"stdout": proc.stdout, "returncode": proc.returncode, "stderr": proc.stderr}
