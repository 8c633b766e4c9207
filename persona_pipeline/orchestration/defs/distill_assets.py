"""`session_digests` (partitioned), `facet_trees` and `persona_pack` (unpartitioned).

(No `from __future__ import annotations`: Dagster resolves config annotations at runtime.)
"""

from typing import Any

import dagster as dg

from persona_pipeline.orchestration.defs.automation import TAIL_CONDITION
from persona_pipeline.orchestration.defs.resources import PersonaSettings
from persona_pipeline.orchestration.defs.unit_assets import per_unit_asset


def _build(settings: Any, model: Any, keys: list[str], force: bool) -> tuple[list[Any], str]:
    from persona_pipeline.persona.stage import digest_units

    return digest_units(settings, keys, force=force, digester=model.digester())


def _counts(r: Any, model: str) -> dict[str, Any]:
    from persona_pipeline.persona.digest.directives import VERBATIM_MODEL, is_instruction_unit

    return {
        "observations": r.stored_observations if r.stored_observations is not None else len(r.observations),
        "dropped_quotes": r.dropped_quotes,
        "model": VERBATIM_MODEL if is_instruction_unit(r.unit_key) else model,
    }


session_digests = per_unit_asset(
    "session_digests",
    group="distill",
    description="Per source unit: prescriptive observations per facet, each grounded in a quote of the "
    "redacted evidence, with model, prompt version, tokens and cost.",
    build=_build,
    counts=_counts,
    what="digests",
)


@dg.asset(
    deps=["session_digests"],
    automation_condition=TAIL_CONDITION,
    group_name="distill",
    description="Per facet: merged, deduplicated rules with support, tier-weighted score, first/last "
    "seen and superseded-by for contradicted rules. Rebuilt from all stored observations.",
)
def facet_trees(context: dg.AssetExecutionContext, persona: PersonaSettings) -> dg.MaterializeResult:
    from persona_pipeline.persona.compile import refold

    rules = refold(persona.for_run(context))
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
    from persona_pipeline.persona.compile import build_pack
    from persona_pipeline.persona.pack import write_pack

    settings = persona.for_run(context)
    pack = build_pack(settings)  # stored rules + review decisions + settings; no model call
    write_pack(pack, settings.data_dir / "persona")
    # relative path only: an absolute one would put the home-directory user name in the event log
    return dg.MaterializeResult(
        metadata={
            "pack_tokens": pack.tokens,
            "bullets": len(pack.bullets),
            "projects": len(pack.project_markdown),
            "stale_rules": len(pack.report.get("stale", [])),
            "pending_review": len(pack.report.get("pending_review", [])),
            "path": "<data_dir>/persona/PERSONA.md",
        }
    )
