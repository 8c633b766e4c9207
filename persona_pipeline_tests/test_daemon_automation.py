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
from collections.abc import Iterator
from contextlib import contextmanager
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


def _idle(home: Path) -> bool:
    """No run of the instance is queued or in progress (killing the daemon then interrupts none)."""
    import dagster as dg

    os.environ["DAGSTER_HOME"] = str(home)
    busy = (dg.DagsterRunStatus.QUEUED, dg.DagsterRunStatus.STARTING, dg.DagsterRunStatus.STARTED)
    with dg.DagsterInstance.get() as instance:
        return not instance.get_runs(filters=dg.RunsFilter(statuses=list(busy)))


@contextmanager
def _daemon(cli_env: dict[str, str], sample_copy, tmp_path: Path, hold: int) -> Iterator[tuple[Path, list[Path]]]:
    """The project's instance under `tmp_path/data` with a real daemon (5 s sensor and automation
    ticks), `hold` transcripts moved aside to arrive later; yields the data dir and the held
    files. The daemon is stopped on the way out."""
    data = tmp_path / "data"
    home = data / "dagster_home"
    home.mkdir(parents=True)
    shutil.copyfile(REPO / "dagster.yaml", home / "dagster.yaml")
    held = tmp_path / "held"
    held.mkdir()
    for f in sorted(sample_copy[0].glob("*/*.jsonl"))[:hold]:
        shutil.move(f, held / f"{f.parent.name}__{f.name}")
    env = {**cli_env, "DAGSTER_HOME": str(home), "PERSONA_SENSOR_INTERVAL_S": "5", "PERSONA_AUTOMATION_INTERVAL_S": "5"}
    # no `dagster sensor start`: the sensor is on by default in the project's instance
    log = open(tmp_path / "daemon.log", "w")  # noqa: SIM115 - closed in finally
    daemon = subprocess.Popen(
        [BIN / "dagster-daemon", "run", "-w", str(REPO / "workspace.yaml")],
        cwd=REPO,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    os.environ["DAGSTER_HOME"] = str(home)
    try:
        yield data, sorted(held.iterdir())
    finally:
        os.killpg(daemon.pid, signal.SIGTERM)
        try:
            daemon.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(daemon.pid, signal.SIGKILL)
            daemon.wait(timeout=15)
        log.close()


def _arrive(held: Path, sample_copy) -> None:
    """A held transcript appears back in its project folder."""
    project, name = held.name.split("__")
    shutil.move(held, sample_copy[0] / project / name)


def test_sensor_and_automation_under_the_daemon(cli_env, sample_copy, tmp_path) -> None:
    with _daemon(cli_env, sample_copy, tmp_path, hold=2) as (data, held):
        home = data / "dagster_home"
        pack = data / "persona" / "PERSONA.md"
        first = _wait(lambda: _settled(data, 8) and pack.exists(), 240, "the first pack")
        written = pack.stat().st_mtime_ns
        for f in held:  # two new transcripts appear
            _arrive(f, sample_copy)
        second = _wait(
            lambda: _settled(data, 10) and pack.stat().st_mtime_ns != written, 240, "the new sessions in the pack"
        )
        # skills and notes may still be running; idle across more than one automation tick (5 s)
        _wait(lambda: _idle(home) and (time.sleep(7) or _idle(home)), 240, "the runs the new sessions started")
    print(f"first pack after {first:.0f} s; new sessions in the pack {second:.0f} s after they appeared")
    import dagster as dg

    os.environ["DAGSTER_HOME"] = str(home)
    with dg.DagsterInstance.get() as instance:
        runs = instance.get_runs()
        assert runs and all(r.status == dg.DagsterRunStatus.SUCCESS for r in runs), [r.status for r in runs]
        ingest_runs = [r for r in runs if r.job_name == "incremental_ingest"]
        assert len(ingest_runs) == 2  # one per sensor tick with changes, not one per file


def _write_evidence(db: Path, sql: str, params: list[str]) -> None:
    """Change stored evidence behind the pipeline's back (a leak as a redaction bug would write it)."""
    deadline = time.monotonic() + 120
    while True:
        try:
            con = duckdb.connect(str(db))
            break
        except duckdb.IOException:  # a run holds the lock
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)
    try:
        con.execute(sql, params)
    finally:
        con.close()


def _chain_done(home: Path) -> bool:
    """No run in flight and nothing left for the automation: the pack is newer than the trees,
    the trees newer than the newest digest (a tick under load can come seconds late)."""
    import dagster as dg

    if not _idle(home):
        return False
    with dg.DagsterInstance.get() as instance:
        stamps = []
        for name in ("session_digests", "facet_trees", "persona_pack"):
            event = instance.get_latest_materialization_event(dg.AssetKey(name))
            if event is None:
                return False
            stamps.append(event.timestamp)
    return stamps == sorted(stamps) and _idle(home)


def test_daemon_never_recompiles_the_pack_over_a_failing_blocking_check(cli_env, sample_copy, tmp_path) -> None:
    """Under the real daemon: once `evidence_has_no_secrets` (blocking, on facet_trees) fails, new
    evidence still reaches facet_trees, but the pack is not recompiled over the failing check."""
    import dagster as dg

    with _daemon(cli_env, sample_copy, tmp_path, hold=2) as (data, held):  # one with the leak, one after
        home = data / "dagster_home"
        pack = data / "persona" / "PERSONA.md"
        trees, pack_key = dg.AssetKey("facet_trees"), dg.AssetKey("persona_pack")
        _wait(lambda: _settled(data, 8) and pack.exists(), 240, "the first pack")
        # every run the first wave asked for has finished (a pack run queued before the leak
        # would otherwise land after it)
        _wait(lambda: _chain_done(home) and (time.sleep(10) or _chain_done(home)), 240, "the first wave of runs")
        written = pack.read_bytes()
        # a well-formed GitHub token shape (random, not a real credential)
        token = "ghp_" + "Zq7Lw2Rk9Tn4Vb8Xc1Md5Fh3Jp6Sy0Ga2Uex"  # 36 random characters: the shape, no credential
        from persona_pipeline.core.evidence.redaction.redactor import Redactor

        assert Redactor(b"k" * 32).redact_many([token])[0].text != token  # the check will see it
        db = data / "warehouse.duckdb"
        _write_evidence(
            db,
            "UPDATE evidence SET excerpt = excerpt || ' ' || ? "
            "WHERE evidence_id = (SELECT min(evidence_id) FROM evidence)",
            [token],
        )
        planted = time.time()
        _arrive(held[0], sample_copy)  # new evidence arrives

        with dg.DagsterInstance.get() as instance:

            def trees_rebuilt() -> bool:
                event = instance.get_latest_materialization_event(trees)
                return event is not None and event.timestamp > planted

            _wait(trees_rebuilt, 240, "facet_trees over the new evidence")
            time.sleep(25)  # five automation ticks
            latest_pack = instance.get_latest_materialization_event(pack_key)
            assert latest_pack is not None and latest_pack.timestamp < planted
            history = instance.event_log_storage.get_asset_check_execution_history(
                dg.AssetCheckKey(trees, "evidence_has_no_secrets"), limit=1
            )
            assert history and history[0].event is not None  # the check ran over the new trees
            assert history[0].event.dagster_event.event_specific_data.passed is False
            assert pack.read_bytes() == written
            # the control: with the leak gone, the next evidence compiles the pack again
            _wait(lambda: _idle(home) and (time.sleep(7) or _idle(home)), 240, "the blocked wave")
            _write_evidence(db, "UPDATE evidence SET excerpt = replace(excerpt, ' ' || ?, '')", [token])
            _arrive(held[1], sample_copy)

            def pack_rebuilt() -> bool:
                event = instance.get_latest_materialization_event(pack_key)
                return event is not None and event.timestamp > planted

            _wait(pack_rebuilt, 240, "the pack once the check passes")
            _wait(lambda: _idle(home) and (time.sleep(7) or _idle(home)), 240, "the compile run")
