"""The pooled event log named in dagster.yaml: same files as Dagster's default, readable by it,
and a bounded number of open engines."""

import shutil
from pathlib import Path

import dagster as dg
import pytest

from persona_pipeline.orchestration import instance_storage
from persona_pipeline.orchestration.instance_storage import PooledSqliteEventLogStorage

REPO = Path(__file__).resolve().parents[1]


@dg.asset(partitions_def=dg.StaticPartitionsDefinition([f"p{i}" for i in range(6)]))
def numbered(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    return dg.MaterializeResult(metadata={"n": len(context.partition_keys)})


def _home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    shutil.copyfile(REPO / "dagster.yaml", home / "dagster.yaml")
    return home


def test_the_shipped_yaml_uses_the_pooled_log_under_the_default_folder(tmp_path: Path) -> None:
    home = _home(tmp_path)
    with dg.DagsterInstance.from_config(str(home)) as inst:
        storage = inst.event_log_storage
        assert isinstance(storage, PooledSqliteEventLogStorage)
        for key in ("p0", "p1", "p2"):
            assert dg.materialize([numbered], instance=inst, partition_key=key).success
    assert (home / "history" / "runs" / "index.db").exists()
    # Dagster's default storage reads what the pooled one wrote
    (home / "dagster.yaml").write_text("telemetry:\n  enabled: false\n", encoding="utf-8")
    with dg.DagsterInstance.from_config(str(home)) as inst:
        assert type(inst.event_log_storage).__name__ == "SqliteEventLogStorage"
        records = inst.fetch_materializations(numbered.key, limit=10).records
        assert sorted(r.partition_key for r in records) == ["p0", "p1", "p2"]


def test_open_engines_stay_bounded_across_many_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(instance_storage, "OPEN_RUN_SHARDS", 2)
    home = _home(tmp_path)
    with dg.DagsterInstance.from_config(str(home)) as inst:
        storage = inst.event_log_storage
        assert isinstance(storage, PooledSqliteEventLogStorage)
        for i in range(6):
            assert dg.materialize([numbered], instance=inst, partition_key=f"p{i}").success
            run_shards = [k for k in storage._engines if k[1] != "index"]
            assert len(run_shards) <= 2
        # a closed shard opens again when read
        runs = inst.get_runs()
        assert len(runs) == 6
        oldest = runs[-1].run_id
        assert any(e.dagster_event and e.dagster_event.is_step_success for e in inst.all_logs(oldest))


def test_wipe_closes_engines_before_the_files_go(tmp_path: Path) -> None:
    home = _home(tmp_path)
    with dg.DagsterInstance.from_config(str(home)) as inst:
        assert dg.materialize([numbered], instance=inst, partition_key="p0").success
        inst.event_log_storage.wipe()
        engines = inst.event_log_storage._engines  # type: ignore[attr-defined]
        assert [shard for _, shard in engines] == ["index"]  # emptied in place; run shards deleted
        assert dg.materialize([numbered], instance=inst, partition_key="p1").success
        records = inst.fetch_materializations(numbered.key, limit=10).records
        assert [r.partition_key for r in records] == ["p1"]


def test_event_log_connections_commit_without_fsync_in_wal_mode(tmp_path: Path) -> None:
    home = _home(tmp_path)
    with dg.DagsterInstance.from_config(str(home)) as inst:
        storage = inst.event_log_storage
        assert dg.materialize([numbered], instance=inst, partition_key="p0").success
        for shard in ("index", inst.get_runs()[0].run_id):
            with storage._connect(shard) as conn:
                assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
                assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
