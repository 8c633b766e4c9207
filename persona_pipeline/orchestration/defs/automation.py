"""Incremental materialisation: a sensor on the source roots, a daily schedule, and automation
conditions that keep digests → trees → pack fresh without waiting for every partition.

(No `from __future__ import annotations`: Dagster inspects these signatures at runtime.)
"""

import hashlib
import time
from typing import Any

import dagster as dg

from persona_pipeline.core.config import definition_settings
from persona_pipeline.orchestration.defs.partitions import SOURCE_UNITS, partitions_epoch, range_tags
from persona_pipeline.orchestration.defs.resources import PersonaSettings
from persona_pipeline.orchestration.defs.sensor_cursor import SensorCursor
from persona_pipeline.orchestration.incremental import Plan
from persona_pipeline.orchestration.incremental import plan as incremental_plan

RAW, EVIDENCE = dg.AssetKey("raw_sessions"), dg.AssetKey("redacted_evidence")
# intervals and cron from persona.toml + PERSONA_* like every other setting (read once, at load)
_DEFS = definition_settings()
ingest_job = dg.define_asset_job("incremental_ingest", selection=dg.AssetSelection.assets(RAW, EVIDENCE))
# The jobs `persona run` launches (named, so its runs read as what they are in the UI).
units_job = dg.define_asset_job(
    "persona_units", selection=dg.AssetSelection.assets("session_digests", "session_lessons", "session_notes")
)
compile_job = dg.define_asset_job(
    "persona_compile", selection=dg.AssetSelection.assets("facet_trees", "persona_pack", "skills")
)

# Digests follow new evidence per partition; the unpartitioned tail follows any updated
# dependency and, unlike `eager()`, does not wait for missing partitions (a failed or skipped
# unit must never block the compile).
DIGEST_CONDITION = (
    dg.AutomationCondition.any_deps_updated().since_last_handled()
    & ~dg.AutomationCondition.any_deps_in_progress()
    & ~dg.AutomationCondition.in_progress()
)
# A failing blocking check upstream (`evidence_has_no_secrets`) holds the compile back.
TAIL_CONDITION = (
    DIGEST_CONDITION | dg.AutomationCondition.missing().since_last_handled()
) & dg.AutomationCondition.all_deps_blocking_checks_passed()

# Evaluates the conditions above. Running by default (it only acts after an upstream update), so
# turning on `source_files_sensor` — or backfilling ingest partitions in the UI — is enough to
# carry new evidence through digests, trees and the pack.
automation_sensor = dg.AutomationConditionSensorDefinition(
    "persona_automation",
    target=dg.AssetSelection.all(),
    default_status=dg.DefaultSensorStatus.RUNNING,
    minimum_interval_seconds=_DEFS.automation_interval_s,
)


def plan(instance: dg.DagsterInstance, known: dict[str, str] | None = None, **kw: Any) -> Plan:
    """`incremental.plan` against this instance's registered source-unit partitions."""
    return incremental_plan(lambda: instance.get_dynamic_partitions(SOURCE_UNITS), known, **kw)


def _run_request(changed: list[str], fingerprints: dict[str, str]) -> dg.RunRequest:
    # One run for all changed units: a range spanning them, restricted by config to exactly them.
    # The run key repeats while the same units stand changed (their run not finished yet), so
    # Dagster launches it once.
    key = hashlib.blake2b(digest_size=12)
    for k in changed:
        key.update(f"{k}\x1f{fingerprints.get(k, 'gone')}\x1e".encode())
    return dg.RunRequest(
        run_key=key.hexdigest(),
        tags=range_tags(changed, "automation"),
        run_config={"ops": {"ingest": {"config": {"only_units": changed}}}},
    )


# key -> (probe, fingerprint) of the hashed kinds, kept by this process between ticks: an
# instruction file or repo whose probe has not moved is not hashed again (a cache, not state:
# a new process hashes each once).
_PROBED: dict[str, tuple[str, str]] = {}


@dg.sensor(
    job=ingest_job,
    minimum_interval_seconds=_DEFS.sensor_interval_s,
    default_status=dg.DefaultSensorStatus.RUNNING,  # change-driven runs are the point; stop it in the UI,
)
def source_files_sensor(context: dg.SensorEvaluationContext) -> dg.SensorResult:
    """Registers new units and asks for one run over the units whose fingerprint (size, mtime,
    content for instruction files, HEAD for repos, reader version) differs from the warehouse's,
    or whose instruction file was deleted. It only returns requests: nothing is written or erased
    in a tick. A tick whose watermark (`defs.sensor_cursor`) has not moved reads nothing more.

    It resolves its settings with `load_settings()`, the function the `PersonaSettings` resource
    calls in the runs, rather than taking the resource: Dagster's per-tick resource set-up cost
    ~1.5 ms, 0.15x of a bare scandir of 5,000 files (bench/sensor_bench.py: 2.09x against 1.95x,
    over the 2x target)."""
    import duckdb

    from persona_pipeline.core.config import ConfigError, load_settings
    from persona_pipeline.orchestration.defs.project_settings import throwaway_instance_problem
    from persona_pipeline.orchestration.incremental import scan

    try:
        settings = load_settings()
        scanned = scan(settings, _PROBED)
    except ConfigError as exc:  # a broken root must look like an error, never like an empty history
        return dg.SensorResult(skip_reason=f"configuration error: {exc}")
    problem = throwaway_instance_problem(context.instance, settings)
    if problem:
        return dg.SensorResult(skip_reason=problem)
    _PROBED.update({k: (p, scanned.current[k]) for k, p in scanned.probes.items()})
    cursor = SensorCursor.parse(context.cursor)
    epoch = partitions_epoch(settings.partitions_epoch_path)  # before plan() reads the partitions
    now, mark = time.time(), scanned.watermark()
    if mark == cursor.watermark and not cursor.recheck_due(epoch, now, settings.sensor_recheck_s):
        return dg.SensorResult(cursor=context.cursor)
    try:
        # apply=False: a tick writes nothing (no erasure, no retention purge); deleted instruction
        # files go to its run, retention to the run and `persona run`; no wait on the warehouse
        p = plan(context.instance, apply=False, settings=settings, scanned=scanned, wait_s=0)
    except duckdb.IOException:  # a run holds the warehouse: look again next tick
        return dg.SensorResult(skip_reason="the warehouse is being written; next tick looks again")
    requests: list[dg.AddDynamicPartitionsRequest | dg.DeleteDynamicPartitionsRequest] = []
    if p.new:
        requests.append(dg.AddDynamicPartitionsRequest(SOURCE_UNITS, p.new))
    if p.removed:
        requests.append(dg.DeleteDynamicPartitionsRequest(SOURCE_UNITS, p.removed))
    runs = [_run_request(p.changed, p.current)] if p.changed else []
    after = SensorCursor(mark, epoch, now)
    return dg.SensorResult(run_requests=runs, dynamic_partitions_requests=requests, cursor=after.dumps())


@dg.op(
    description="The incremental pass with its writes: registers and unregisters source-unit "
    "partitions, erases what must go (forgotten units, deleted instruction files) and applies "
    "the retention window. The file sensor then asks for the ingest of what changed."
)
def refresh_sources(context: dg.OpExecutionContext, persona: PersonaSettings) -> None:
    from persona_pipeline.orchestration.defs.partitions import bump_epoch

    settings = persona.for_run(context)
    p = plan(context.instance, settings=settings)
    p.apply_partitions(context.instance)
    bump_epoch(settings.partitions_epoch_path)  # the sensor's next tick compares with the warehouse
    # Units the retention window took rows from lost what was derived from those rows: their
    # evidence changed, so it is reported as such and the automation sensor re-digests them.
    registered = set(context.instance.get_dynamic_partitions(SOURCE_UNITS)) if p.touched else set()
    for key in (k for k in p.touched if k in registered):
        context.log_event(dg.AssetMaterialization(EVIDENCE, partition=key, metadata={"status": "retention_purged"}))
    context.add_output_metadata(
        {
            "registered": len(p.new),
            "unregistered": len(p.removed),
            "erased": len(p.erased),
            "aged_out_units": len(p.touched),
            "stale": len(p.changed),
            "source_gone": len(p.gone),
        }
    )


@dg.job(description="Registers, unregisters and erases source units (the schedule's pass).")
def source_refresh() -> None:
    refresh_sources()


@dg.schedule(
    job=source_refresh,
    cron_schedule=_DEFS.schedule_cron,
    default_status=dg.DefaultScheduleStatus.RUNNING,
)
def daily_incremental(context: dg.ScheduleEvaluationContext) -> dg.RunRequest:
    """The incremental pass on a timer, as a run of its own (`source_refresh`): the tick only asks."""
    return dg.RunRequest(tags={"persona/trigger": "schedule"})
