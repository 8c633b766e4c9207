"""Incremental materialisation: a sensor on the source roots, a daily schedule, and automation
conditions that keep digests → trees → pack fresh without waiting for every partition.

(No `from __future__ import annotations`: Dagster inspects these signatures at runtime.)
"""

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import dagster as dg

from persona_pipeline.config import definition_settings
from persona_pipeline.defs.partitions import SOURCE_UNITS, delete_source_units, partitions_epoch, range_tags
from persona_pipeline.defs.sensor_cursor import SensorCursor

if TYPE_CHECKING:
    from persona_pipeline.config import Settings

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


@dataclass
class Plan:
    """What an incremental pass must do, from a stat-only look at the roots."""

    found: Any  # sources.discovery.Discovery
    new: list[str]  # partitions to register
    removed: list[str]  # partitions to unregister (nothing of theirs is kept)
    changed: list[str]  # units to (re)ingest, in partition order
    current: dict[str, str]  # key -> fingerprint now
    erased: list[str]  # units whose warehouse rows were erased
    epoch_path: Path  # the partitions epoch (config.Settings.partitions_epoch_path)
    probes: dict[str, str] = field(default_factory=dict)  # key -> probe of the hashed kinds
    gone: list[str] = field(default_factory=list)  # stored units whose file vanished: kept
    identity: str = ""  # what stored fingerprints append (`ingest.identity_suffix`; warehouse passes)

    def apply_partitions(self, instance: dg.DagsterInstance) -> None:
        if self.new:
            instance.add_dynamic_partitions(SOURCE_UNITS, self.new)
        delete_source_units(instance, self.removed, self.epoch_path)


def is_instruction_key(key: str) -> bool:
    return key.startswith("instructions/")


def plan(
    instance: dg.DagsterInstance,
    known: dict[str, str] | None = None,
    apply: bool = True,
    *,
    registered: bool = False,
    reuse: dict[str, tuple[str, str]] | None = None,
    purge: bool = True,
    settings: "Settings | None" = None,
    prepare: bool = True,
) -> Plan:
    """Stat the roots (no reads) and compare with `known` (key -> fingerprint; the warehouse's
    when None). With `apply`, rows that must go are erased here and (with `purge`) the retention
    window is applied; without it (`persona status`), nothing is written.

    A stored unit whose file vanished is kept ("source gone") unless `on_source_removed = "erase"`:
    only `persona forget` (its tombstones), retention, or that setting erase. Raises
    `config.ConfigError` for a configured root that is missing, not a folder or unreadable, before
    anything is read or changed.

    The sensor's shortcuts: `registered` says the registered partitions are exactly `known`'s
    keys, so when the roots match `known` the partitions are not read (and nothing is written);
    `reuse` (key -> (probe, fingerprint)) spares hashing unchanged instruction files and repos.
    `settings`: the caller's `config.Settings` (loaded here when None)."""
    from persona_pipeline.config import load_settings
    from persona_pipeline.evidence import retention
    from persona_pipeline.sources import tombstones
    from persona_pipeline.warehouse import store

    settings = settings or load_settings()
    settings.check_roots()
    sources = settings.sources()
    found = sources.discover(prepare=prepare)  # False: not even the sample's repositories are cloned
    forgotten = tombstones.load(settings.data_dir)
    if forgotten:
        found.units = [u for u in found.units if not forgotten.excludes(u.key)]
    current, probes = sources.fingerprints(found.units, reuse)
    oldest = retention.cutoff(settings.retention_days) if purge else None
    if registered and known is not None and known == current:
        if apply and oldest:
            with store.connect(settings.warehouse_path) as con:
                store.purge_older_than(con, oldest)
        return Plan(found, [], [], [], current, [], settings.partitions_epoch_path, probes)  # partitions not read
    # The sensor's cursor already holds every key it saw, so a tick reads no warehouse; the CLI
    # and the schedule compare with what is stored.
    from_warehouse = known is None
    stored = store.unit_fingerprints(settings.warehouse_path) if from_warehouse else known
    if known is None:
        known = stored
    existing = instance.get_dynamic_partitions(SOURCE_UNITS)
    existing_set = set(existing)
    new = [k for k in current if k not in existing_set]
    vanished = sorted(set(stored) - set(current))
    if settings.on_source_removed == "erase":
        removed = [k for k in existing if k not in current]
        erased = sorted(set(removed) | set(vanished))
    else:
        doomed = {k for k in vanished if forgotten.excludes(k)}  # a forget interrupted before its erase
        # An instruction file is current state, not history (retention never ages it either): a
        # deleted CLAUDE.md takes its directives out of the pack. The roots were checked above,
        # so this is a file gone from a healthy root, never a typo.
        doomed |= {k for k in vanished if is_instruction_key(k)}
        erased = sorted(doomed)
        # Only the warehouse says a partition holds nothing worth keeping (never registered
        # content, a made-up key); the sensor's cursor cannot, so a tick unregisters only the forgotten.
        removed = [
            k
            for k in existing
            if k not in current and (forgotten.excludes(k) or (from_warehouse and (k not in stored or k in doomed)))
        ]
    gone = [k for k in vanished if k not in set(erased)]
    if from_warehouse:  # stored fingerprints carry the redaction identity (`ingest.identity_suffix`)
        from persona_pipeline.ingest import identity_suffix

        suffix = identity_suffix(settings, create_key=apply)
        changed = [k for k in current if known.get(k) != current[k] + suffix]
    else:
        suffix = ""
        changed = [k for k in current if known.get(k) != current[k]]
    if not from_warehouse:
        # a tick erases nothing itself: its run's ingest does, for the deleted instruction files
        changed += [k for k in vanished if is_instruction_key(k) and k in existing_set]
    if apply and (erased or oldest):
        with store.connect(settings.warehouse_path) as con:
            store.delete_units(con, erased)
            if oldest:
                store.purge_older_than(con, oldest)
    order = {k: i for i, k in enumerate([*existing, *new])}
    return Plan(
        found,
        new,
        removed,
        sorted(changed, key=order.__getitem__),
        current,
        erased,
        settings.partitions_epoch_path,
        probes,
        gone,
        suffix,
    )


def _run_request(changed: list[str]) -> dg.RunRequest:
    # One run for all changed units: a range spanning them, restricted by config to exactly them.
    return dg.RunRequest(
        tags=range_tags(changed, "automation"), run_config={"ops": {"ingest": {"config": {"only_units": changed}}}}
    )


@dg.sensor(
    job=ingest_job,
    minimum_interval_seconds=_DEFS.sensor_interval_s,
    default_status=dg.DefaultSensorStatus.RUNNING  # change-driven runs are the point; stop it in the UI,
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
    p = plan(context.instance, cursor.units, apply=False, registered=not full, reuse=reuse, settings=settings)
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
