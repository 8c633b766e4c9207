"""Incremental materialisation: a sensor on the source roots, a daily schedule, and automation
conditions that keep digests → trees → pack fresh without waiting for every partition.

(No `from __future__ import annotations`: Dagster inspects these signatures at runtime.)
"""

import time
from typing import TYPE_CHECKING, Any

import dagster as dg

from persona_pipeline.config import definition_settings
from persona_pipeline.defs.partitions import SOURCE_UNITS, partitions_epoch, range_tags
from persona_pipeline.defs.sensor_cursor import SensorCursor
from persona_pipeline.incremental import Plan
from persona_pipeline.incremental import plan as incremental_plan

if TYPE_CHECKING:
    pass

RAW, EVIDENCE = dg.AssetKey("raw_sessions"), dg.AssetKey("redacted_evidence")
# intervals and cron from persona.toml + PERSONA_* like every other setting (read once, at load)
_DEFS = definition_settings()
ingest_job = dg.define_asset_job("incremental_ingest", selection=dg.AssetSelection.assets(RAW, EVIDENCE))
# The jobs `persona run` launches (named, so its runs read as what they are in the UI).
units_job = dg.define_asset_job(
    "persona_units", selection=dg.AssetSelection.assets("session_digests", "skill_experiences", "session_notes")
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


def _run_request(changed: list[str]) -> dg.RunRequest:
    # One run for all changed units: a range spanning them, restricted by config to exactly them.
    return dg.RunRequest(
        tags=range_tags(changed, "automation"), run_config={"ops": {"ingest": {"config": {"only_units": changed}}}}
    )


@dg.sensor(
    job=ingest_job,
    minimum_interval_seconds=_DEFS.sensor_interval_s,
    default_status=dg.DefaultSensorStatus.RUNNING,  # change-driven runs are the point; stop it in the UI,
)
def source_files_sensor(context: dg.SensorEvaluationContext) -> dg.SensorResult:
    """Registers new units and asks for one run over the units whose size, mtime, content
    (instruction files), HEAD (repos) or reader version changed since the cursor, or whose
    instruction file was deleted. It only returns requests: nothing is written or erased in a tick.
    Between full re-checks a tick trusts its cursor (`defs.sensor_cursor`)."""
    from persona_pipeline.config import ConfigError, load_settings
    from persona_pipeline.defs.project_settings import throwaway_instance_problem

    try:
        settings = load_settings()
        settings.check_roots()
    except ConfigError as exc:  # a broken root must look like an error, never like an empty history
        return dg.SensorResult(skip_reason=f"configuration error: {exc}")
    problem = throwaway_instance_problem(context.instance, settings)
    if problem:
        return dg.SensorResult(skip_reason=problem)
    cursor = SensorCursor.parse(context.cursor)
    epoch = partitions_epoch(settings.partitions_epoch_path)  # before plan() reads the partitions
    now = time.time()
    full = cursor.recheck_due(epoch, now)
    reuse = None if full else cursor.reuse()
    # apply=False: a tick writes nothing (no erasure, no retention purge, no lock wait past the
    # tick's timeout); deleted instruction files go to its run, retention to `persona run` and
    # the daily schedule
    p = plan(context.instance, cursor.units, apply=False, is_registered=not full, reuse=reuse, settings=settings)
    requests: list[dg.AddDynamicPartitionsRequest | dg.DeleteDynamicPartitionsRequest] = []
    if p.new:
        requests.append(dg.AddDynamicPartitionsRequest(SOURCE_UNITS, p.new))
    if p.removed:
        requests.append(dg.DeleteDynamicPartitionsRequest(SOURCE_UNITS, p.removed))
    runs = [_run_request(p.changed)] if p.changed else []
    after = SensorCursor(p.current, p.probes, epoch, now if full else cursor.checked_at)
    return dg.SensorResult(run_requests=runs, dynamic_partitions_requests=requests, cursor=after.dumps())


@dg.schedule(
    job=ingest_job,
    cron_schedule=_DEFS.schedule_cron,
    default_status=dg.DefaultScheduleStatus.RUNNING,
)
def daily_incremental(context: dg.ScheduleEvaluationContext) -> list[dg.RunRequest] | dg.SkipReason:
    """The same incremental pass on a timer, against the warehouse's fingerprints."""
    from persona_pipeline.config import ConfigError

    try:
        p = plan(context.instance)
    except ConfigError as exc:
        return dg.SkipReason(f"configuration error: {exc}")
    p.apply_partitions(context.instance)
    if not p.changed:
        return dg.SkipReason("no source changed")
    return [_run_request(p.changed)]
