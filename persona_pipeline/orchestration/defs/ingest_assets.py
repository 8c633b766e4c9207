"""`raw_sessions` and `redacted_evidence`: one multi-asset, because both come from a single read
of the source file (raw text is never handed from one asset to the other through storage).

Partitioned by source unit with a single-run backfill policy: N changed files cost one run.
Both specs are skippable, so a run over a key range materialises only the keys it processed.
(No `from __future__ import annotations` here: Dagster resolves config annotations at runtime.)
"""

from collections.abc import Iterator

import dagster as dg

from persona_pipeline.orchestration.defs.partitions import selected_keys, source_units
from persona_pipeline.orchestration.defs.resources import PersonaSettings


class IngestConfig(dg.Config):
    # Keys to (re)process within the run's partition range; None means every key in the range.
    # The CLI passes the stale units here; a UI backfill leaves it empty and forces a re-read.
    only_units: list[str] | None = None


@dg.multi_asset(
    specs=[
        dg.AssetSpec(
            "raw_sessions",
            group_name="ingest",
            skippable=True,
            description="Per source unit: turn index (positions, tiers, lengths, keyed hashes), "
            "byte accounting and skip reasons. No user text.",
            partitions_def=source_units,
        ),
        dg.AssetSpec(
            "redacted_evidence",
            group_name="ingest",
            skippable=True,
            deps=["raw_sessions"],
            description="Per source unit: redacted evidence rows with provenance and redaction counts by type.",
            partitions_def=source_units,
        ),
    ],
    partitions_def=source_units,
    backfill_policy=dg.BackfillPolicy.single_run(),
    can_subset=False,
)
def ingest(
    context: dg.AssetExecutionContext, config: IngestConfig, persona: PersonaSettings
) -> Iterator[dg.AssetMaterialization]:
    # Heavy modules load here, not when the code location loads.
    from persona_pipeline.core.evidence import retention
    from persona_pipeline.core.ingest import iter_ingest
    from persona_pipeline.core.progress import report
    from persona_pipeline.core.sources import tombstones
    from persona_pipeline.core.warehouse import store
    from persona_pipeline.orchestration import erasure
    from persona_pipeline.orchestration.incremental import is_instruction_key

    settings = persona.for_run(context)
    settings.check_roots()  # a broken root fails the run before anything is read or changed
    oldest = retention.cutoff(settings.retention_days)
    if oldest:  # here, not in the sensor's tick: a tick only returns requests
        # the one erasure (`orchestration/erasure.py`): aged-out rows and all derived from them, compacted
        touched = erasure.erase(settings, older_than=oldest).touched
        aged = [k for k in touched if k in set(context.partition_keys)]
        # their evidence changed: materialised, so the automation re-digests them (no observation
        # outlives the evidence it came from)
        for key in aged:
            yield dg.AssetMaterialization("raw_sessions", partition=key, metadata={"status": "aged_out"})
            yield dg.AssetMaterialization("redacted_evidence", partition=key, metadata={"status": "aged_out"})
    keys = selected_keys(list(context.partition_keys), config.only_units)
    found = settings.sources().discover()
    forgotten = tombstones.load(settings.data_dir)
    by_key = {u.key: u for u in found.units if not forgotten.excludes(u.key)}
    missing = [k for k in keys if k not in by_key]
    unknown: list[str] = []
    if missing:
        with store.connect(settings.warehouse_path) as con:
            stored = set(store.stored_units(con, missing))
        erase = [k for k in missing if k in stored and (settings.on_source_removed == "erase" or is_instruction_key(k))]
        if erase:
            erasure.erase(settings, erase)
        for key in missing:
            if forgotten.excludes(key):
                context.log.info(f"{key} was forgotten (`persona forget --undo` restores it); not read")
            elif key in stored:
                # the file vanished (agents delete their own transcripts): its evidence is kept
                status = "source_erased" if key in erase else "source_gone"
                meta: dict[str, object] = {"status": status}
                yield dg.AssetMaterialization("raw_sessions", partition=key, metadata=meta)
                yield dg.AssetMaterialization("redacted_evidence", partition=key, metadata=meta)
            else:
                unknown.append(key)
    present = [by_key[k] for k in keys if k in by_key]
    done = 0
    report(0, len(present), "reading")
    for batch in iter_ingest(settings, present):
        for outcome in batch:
            raw_meta = {**outcome.metadata, "skips": dg.MetadataValue.json(outcome.skips)}
            ev_meta = {
                "evidence_rows": len(outcome.evidence),
                "redactions_by_type": dg.MetadataValue.json(outcome.redactions),
                "status": outcome.status,
            }
            yield dg.AssetMaterialization("raw_sessions", partition=outcome.unit_key, metadata=raw_meta)
            yield dg.AssetMaterialization("redacted_evidence", partition=outcome.unit_key, metadata=ev_meta)
        done += len(batch)
        report(done, len(present), "reading")
    context.log.info(f"ingested {done} of {len(context.partition_keys)} units in range")
    if unknown:
        raise dg.Failure(
            description=f"{len(unknown)} partition key(s) match no source file under the configured roots and "
            f"nothing stored: {', '.join(unknown[:5])}. Delete them in the UI (Partitions tab); `persona run` "
            "also removes partitions that hold nothing."
        )
