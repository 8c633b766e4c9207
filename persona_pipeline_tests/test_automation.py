"""The source sensor and the schedule, evaluated against a real (temporary) Dagster instance."""

from __future__ import annotations

import json
import os

import dagster as dg
import pytest

from persona_pipeline.orchestration.defs.automation import daily_incremental, source_files_sensor
from persona_pipeline.orchestration.defs.partitions import SOURCE_UNITS


@pytest.fixture
def configured(monkeypatch, tmp_path, sample_copy):
    monkeypatch.setenv("PERSONA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PERSONA_CLAUDE_DIRS", str(sample_copy[0]))
    monkeypatch.setenv("PERSONA_CODEX_DIRS", str(sample_copy[1]))
    with dg.instance_for_test() as instance:
        yield instance, sample_copy


def _apply(instance: dg.DagsterInstance, result: dg.SensorResult) -> None:
    for req in result.dynamic_partitions_requests or []:
        if isinstance(req, dg.AddDynamicPartitionsRequest):
            instance.add_dynamic_partitions(req.partitions_def_name, list(req.partition_keys))
        else:
            for k in req.partition_keys:
                instance.delete_dynamic_partition(req.partitions_def_name, k)


def test_sensor_registers_batches_and_tracks_changes(configured) -> None:
    instance, (claude_root, codex_root) = configured
    first = source_files_sensor(dg.build_sensor_context(instance=instance))
    [add] = first.dynamic_partitions_requests
    assert len(add.partition_keys) == 10
    [run] = first.run_requests  # ten new files cost one run, not ten
    assert len(run.run_config["ops"]["ingest"]["config"]["only_units"]) == 10
    _apply(instance, first)

    # executing that request materialises exactly those partitions
    from persona_pipeline.definitions import defs

    job = defs.resolve_job_def("incremental_ingest")
    assert job.execute_in_process(instance=instance, tags=run.tags, run_config=run.run_config).success
    assert len(instance.get_materialized_partitions(dg.AssetKey("redacted_evidence"))) == 10

    # nothing changed: no run, no partition request
    second = source_files_sensor(dg.build_sensor_context(instance=instance, cursor=first.cursor))
    assert second.run_requests == [] and not second.dynamic_partitions_requests

    # one file grows, one vanishes
    grown = next(claude_root.glob("-home-mquill-code-tidewatch/6eca*.jsonl"))
    with open(grown, "a") as f:
        f.write(
            json.dumps({"type": "user", "uuid": "n1", "message": {"role": "user", "content": "prefer tabs"}}) + "\n"
        )
    os.utime(grown, ns=(grown.stat().st_atime_ns, grown.stat().st_mtime_ns + 10**9))
    gone = next(codex_root.rglob("rollout-2026-10-12*.jsonl"))
    gone.unlink()
    third = source_files_sensor(dg.build_sensor_context(instance=instance, cursor=second.cursor))
    # the vanished file's partition and evidence stay (agents delete their own transcripts)
    assert not third.dynamic_partitions_requests
    [run] = third.run_requests
    assert run.run_config["ops"]["ingest"]["config"]["only_units"] == [
        k for k in instance.get_dynamic_partitions(SOURCE_UNITS) if "6eca" in k
    ]


def test_schedule_only_asks_and_its_run_registers_for_the_sensor(configured) -> None:
    """A schedule tick writes nothing; its run (`source_refresh`) registers the units and moves
    the epoch, so the sensor's next tick asks for their ingest."""
    from persona_pipeline.definitions import defs

    instance, _ = configured
    request = daily_incremental(dg.build_schedule_context(instance=instance))
    assert isinstance(request, dg.RunRequest)
    assert instance.get_dynamic_partitions(SOURCE_UNITS) == []  # the tick registered nothing
    refresh = defs.resolve_job_def("source_refresh").execute_in_process(instance=instance)
    assert refresh.success
    assert len(instance.get_dynamic_partitions(SOURCE_UNITS)) == 10
    [run] = source_files_sensor(dg.build_sensor_context(instance=instance)).run_requests
    assert len(run.run_config["ops"]["ingest"]["config"]["only_units"]) == 10


def test_runs_read_settings_from_their_resource_not_the_environment(configured, tmp_path, monkeypatch) -> None:
    """A run's settings come from its `persona` resource: bound to the settings `persona run`
    resolved, the run uses them even when its own environment says otherwise, and nothing of
    them is written into the run's config in Dagster's storage."""
    from persona_pipeline.core.config import load_settings
    from persona_pipeline.orchestration.definitions import build_defs

    instance, _ = configured
    monkeypatch.setenv("PERSONA_AUTHOR_EMAILS", "pat@example.invalid")
    handed = load_settings()
    monkeypatch.setenv("PERSONA_DATA_DIR", str(tmp_path / "elsewhere"))  # what the run's env would say
    result = build_defs(handed).resolve_job_def("source_refresh").execute_in_process(instance=instance)
    assert result.success
    assert handed.data_dir.is_dir() and not (tmp_path / "elsewhere").exists()
    assert "pat@example.invalid" not in json.dumps(result.dagster_run.run_config)


def test_a_model_set_only_in_the_shell_is_named(tmp_path, monkeypatch) -> None:
    """`persona run` names the configured model when PERSONA_MODEL overrides it (the UI's
    daemon, without that variable, would digest again with the configured one)."""
    from persona_pipeline.core.config import environment_only_model, load_settings

    monkeypatch.chdir(tmp_path)
    (tmp_path / "persona.toml").write_text('model = "openai/configured"\n')
    monkeypatch.delenv("PERSONA_MODEL", raising=False)
    assert environment_only_model(load_settings()) is None
    monkeypatch.setenv("PERSONA_MODEL", "openai/configured")
    assert environment_only_model(load_settings()) is None
    monkeypatch.setenv("PERSONA_MODEL", "offline")
    assert environment_only_model(load_settings()) == "openai/configured"


def test_a_retention_purge_in_the_schedule_run_asks_the_automation_to_redigest(configured) -> None:
    """Observations derived from aged-out evidence do not linger in daemon mode: `source_refresh`
    erases them and reports the touched units' evidence as changed, and the automation sensor's
    conditions then request exactly those partitions of the per-unit stages."""
    from datetime import UTC, datetime

    from persona_pipeline.core.config import load_settings
    from persona_pipeline.core.ingest import ingest_units
    from persona_pipeline.core.warehouse import store
    from persona_pipeline.orchestration.definitions import build_defs
    from persona_pipeline.persona.stage import digest_units

    instance, _ = configured
    settings = load_settings()
    units = settings.sources().discover().units
    ingest_units(settings, units)
    digest_units(settings, [u.key for u in units])
    instance.add_dynamic_partitions(SOURCE_UNITS, [u.key for u in units])
    aged = settings.model_copy(update={"retention_days": (datetime.now(UTC) - datetime(2026, 9, 20, tzinfo=UTC)).days})
    defs = build_defs(aged)
    digests = dg.AssetKey("session_digests")
    before = dg.evaluate_automation_conditions(
        defs=defs, instance=instance, asset_selection=dg.AssetSelection.assets(digests)
    )
    assert defs.resolve_job_def("source_refresh").execute_in_process(instance=instance).success
    with store.connect(settings.warehouse_path, read_only=True) as con:
        touched = {r[0] for r in con.execute("SELECT unit_key FROM units").fetchall()} - {
            r[0] for r in con.execute("SELECT unit_key FROM digest_state").fetchall()
        }
        assert touched  # the purge took their state: they are stale
        assert not con.execute(
            "SELECT count(*) FROM observations o WHERE NOT EXISTS (SELECT 1 FROM evidence e"
            " WHERE list_contains(o.evidence_ids, e.evidence_id))"
        ).fetchone()[0]  # no observation cites only aged-out evidence
    purged = {
        e.event_log_entry.asset_materialization.partition
        for e in instance.fetch_materializations(dg.AssetKey("redacted_evidence"), limit=1000).records
    }
    assert purged == touched
    after = dg.evaluate_automation_conditions(
        defs=defs, instance=instance, asset_selection=dg.AssetSelection.assets(digests), cursor=before.cursor
    )
    requested = set(after.get_requested_partitions(digests))
    assert requested == touched
