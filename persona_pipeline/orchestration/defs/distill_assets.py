"""`session_digests` (partitioned), `facet_trees` and `persona_pack` (unpartitioned).

(No `from __future__ import annotations`: Dagster resolves config annotations at runtime.)
"""

from collections.abc import Iterator

import dagster as dg

from persona_pipeline.orchestration.defs.automation import DIGEST_CONDITION, TAIL_CONDITION
from persona_pipeline.orchestration.defs.partitions import selected_keys, source_units
from persona_pipeline.orchestration.defs.resources import PersonaSettings
from persona_pipeline.orchestration.defs.unit_outcomes import raise_for_failed, untouched


class UnitsConfig(dg.Config):
    """Run config of every per-unit stage (digests, lessons, notes)."""

    # Units to build within the run's range; None = every key in the range whose evidence,
    # model or prompt changed (a UI backfill). The CLI passes the stale units.
    only_units: list[str] | None = None
    force: bool = False  # rebuild even when nothing changed (the cache keeps it at $0)


@dg.multi_asset(
    specs=[
        dg.AssetSpec(
            "session_digests",
            deps=["redacted_evidence"],
            automation_condition=DIGEST_CONDITION,
            group_name="distill",
            skippable=True,
            partitions_def=source_units,
            description="Per source unit: prescriptive observations per facet, each grounded in a quote of "
            "the redacted evidence, with model, prompt version, tokens and cost.",
        )
    ],
    partitions_def=source_units,
    backfill_policy=dg.BackfillPolicy.single_run(),
)
def session_digests(
    context: dg.AssetExecutionContext, config: UnitsConfig, persona: PersonaSettings
) -> Iterator[dg.AssetMaterialization]:
    from persona_pipeline.persona.digest.directives import VERBATIM_MODEL, is_instruction_unit
    from persona_pipeline.persona.stage import digest_units

    keys = selected_keys(list(context.partition_keys), config.only_units)
    results, model = digest_units(persona.for_run(context), keys, force=config.force)
    failed = [r for r in results if r.status != "ok"]
    for r in results:
        if r.status != "ok":
            continue
        yield dg.AssetMaterialization(
            "session_digests",
            partition=r.unit_key,
            metadata={
                "observations": len(r.observations),
                "llm_calls": r.calls,
                "cache_hits": r.cache_hits,
                "prompt_tokens": r.prompt_tokens,
                "completion_tokens": r.completion_tokens,
                "cost_usd": r.cost_usd,
                "soft_skips": r.soft_skips,
                "dropped_quotes": r.dropped_quotes,
                "model": VERBATIM_MODEL if is_instruction_unit(r.unit_key) else model,
            },
        )
    yield from untouched("session_digests", keys, results)
    raise_for_failed(failed, "digests")


@dg.asset(
    deps=["session_digests"],
    automation_condition=TAIL_CONDITION,
    group_name="distill",
    description="Per facet: merged, deduplicated rules with support, tier-weighted score, first/last "
    "seen and superseded-by for contradicted rules. Rebuilt from all stored observations.",
)
def facet_trees(context: dg.AssetExecutionContext, persona: PersonaSettings) -> dg.MaterializeResult:
    from persona_pipeline.core.warehouse import store
    from persona_pipeline.persona import store as digest_store
    from persona_pipeline.persona.fold import fold

    settings = persona.for_run(context)
    with store.connect(settings.warehouse_path) as con:
        rules = fold(digest_store.load_observations(con))
        digest_store.save_rules(con, rules)
    current = [r for r in rules if r.superseded_by is None]
    by_facet: dict[str, int] = {}
    for r in current:
        by_facet[r.facet.value] = by_facet.get(r.facet.value, 0) + 1
    return dg.MaterializeResult(
        metadata={
            "rules": len(current),
            "superseded": len(rules) - len(current),
            "rules_by_facet": dg.MetadataValue.json(by_facet),
        }
    )


@dg.asset(
    deps=[facet_trees],
    automation_condition=TAIL_CONDITION,
    group_name="pack",
    description="PERSONA.md (deterministic, no LLM) and persona.json mapping every bullet to its evidence ids. "
    "Re-materialisable alone from the stored rules.",
)
def persona_pack(context: dg.AssetExecutionContext, persona: PersonaSettings) -> dg.MaterializeResult:
    from persona_pipeline.core.warehouse import store
    from persona_pipeline.persona import store as digest_store
    from persona_pipeline.persona.pack import compile_pack, write_pack

    settings = persona.for_run(context)
    with store.connect(settings.warehouse_path) as con:
        rules = digest_store.load_rules(con)
    pack = compile_pack(rules)
    write_pack(pack, settings.data_dir / "persona")
    # relative path only: an absolute one would put the home-directory user name in the event log
    return dg.MaterializeResult(
        metadata={"pack_tokens": pack.tokens, "bullets": len(pack.bullets), "path": "<data_dir>/persona/PERSONA.md"}
    )
