"""The one per-unit asset factory: `session_digests`, `session_lessons` and `session_notes` are
each built by `per_unit_asset` from a stage function and the counts it reports.

Every such asset ends a run the same way:
- each requested partition is materialised: built ones with their counts, and those with nothing
  to do (up to date, or a unit kind the stage does not apply to) with a status, so a UI backfill of
  unchanged partitions completes green and no partition shows "missing" forever;
- when some units failed, the step fails after materialising the rest, so the Dagster run's
  status says what the CLI's exit code says; the failed units stay unmaterialised and are retried
  next run (the compile never waits for them). Units a spend cap stopped are no failure: they
  stay unmaterialised and stale (a warning says which cap), built once the period allows;
- model calls run in the `persona_model` concurrency pool (dagster.yaml), and a unit another
  process is building is skipped by its warehouse claim (`core/warehouse/claims.py`).

(No `from __future__ import annotations`: Dagster resolves config annotations at runtime.)
"""

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

import dagster as dg

from persona_pipeline.orchestration.defs.automation import DIGEST_CONDITION
from persona_pipeline.orchestration.defs.partitions import selected_keys, source_units
from persona_pipeline.orchestration.defs.resources import ModelClient, PersonaSettings


class UnitsConfig(dg.Config):
    """Run config of every per-unit stage (digests, lessons, notes)."""

    # Units to build within the run's range; None = every key in the range whose evidence,
    # model or prompt changed (a UI backfill). The CLI passes the stale units.
    only_units: list[str] | None = None
    force: bool = False  # rebuild even when nothing changed (the cache keeps it at $0)


class UnitOutcome(Protocol):
    unit_key: str
    status: str
    error: str | None


# settings, model client, keys, force -> (one result per unit built or failed, the model name)
Build = Callable[[Any, Any, list[str], bool], tuple[Sequence[Any], str]]
MODEL_POOL = "persona_model"  # the per-unit stages' model calls (dagster.yaml `concurrency`)
CALL_COUNTS = ("calls", "cache_hits", "prompt_tokens", "completion_tokens", "cost_usd", "soft_skips")


def per_unit_asset(
    name: str,
    *,
    group: str,
    description: str,
    build: Build,
    counts: Callable[[Any, str], dict[str, Any]],
    what: str,
    applies: Callable[[str], bool] | None = None,
) -> dg.AssetsDefinition:
    """A partitioned asset over `source_units` that runs `build` on the run's (stale) units and
    materialises each with `counts(result, model)` plus its model-call counts (counts only:
    never text). `applies` says which unit kinds the stage is for."""

    @dg.multi_asset(
        name=name,
        specs=[
            dg.AssetSpec(
                name,
                deps=["redacted_evidence"],
                automation_condition=DIGEST_CONDITION,
                group_name=group,
                skippable=True,
                partitions_def=source_units,
                description=description,
            )
        ],
        partitions_def=source_units,
        backfill_policy=dg.BackfillPolicy.single_run(),
        pool=MODEL_POOL,
    )
    def _asset(
        context: dg.AssetExecutionContext, config: UnitsConfig, persona: PersonaSettings, model: ModelClient
    ) -> Iterator[dg.AssetMaterialization]:
        keys = selected_keys(list(context.partition_keys), config.only_units)
        results, name_of_model = build(persona.for_run(context), model, keys, config.force)
        for r in results:
            if r.status == "ok":
                calls = {("llm_calls" if c == "calls" else c): getattr(r, c) for c in CALL_COUNTS}
                meta = {**counts(r, name_of_model), **calls}
                yield dg.AssetMaterialization(name, partition=r.unit_key, metadata=meta)
        yield from untouched(name, keys, results, applies)
        deferred = [r for r in results if r.status == "budget"]
        if deferred:  # a clean stop: the units stay stale and are built when the period allows
            reasons = "; ".join(sorted({r.error for r in deferred if r.error}))
            context.log.warning(f"{len(deferred)} unit(s) left for the next period by a spend cap: {reasons}")
        raise_for_failed([r for r in results if r.status not in ("ok", "budget")], what)

    return _asset


def untouched(
    asset: str, keys: Sequence[str], results: Sequence[UnitOutcome], applies: Callable[[str], bool] | None = None
) -> Iterator[dg.AssetMaterialization]:
    """Materialisations for the requested keys the stage had nothing to do for."""
    seen = {r.unit_key for r in results}
    for key in keys:
        if key in seen:
            continue
        status = "not_applicable" if applies is not None and not applies(key) else "up_to_date"
        yield dg.AssetMaterialization(asset, partition=key, metadata={"status": status})


def raise_for_failed(failed: Sequence[UnitOutcome], what: str) -> None:
    """Fail the step when any unit failed, with the distinct (classified, text-free) reasons."""
    if not failed:
        return
    reasons = sorted({r.status + (f" ({r.error})" if r.error else "") for r in failed})
    raise dg.Failure(
        description=f"{len(failed)} unit(s) without {what} this run; they are retried next run: " + "; ".join(reasons),
        allow_retries=False,
    )
