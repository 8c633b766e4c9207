"""`skill_experiences` (partitioned: per-session lessons) and `skills` (unpartitioned: the
lessons evolved into SKILL.md folders). Thin: the work is in `skills_stage`.

(No `from __future__ import annotations`: Dagster resolves config annotations at runtime.)
"""

from collections.abc import Iterator

import dagster as dg

from persona_pipeline.orchestration.defs.automation import DIGEST_CONDITION, TAIL_CONDITION
from persona_pipeline.orchestration.defs.distill_assets import UnitsConfig
from persona_pipeline.orchestration.defs.partitions import selected_keys, source_units
from persona_pipeline.orchestration.defs.resources import PersonaSettings
from persona_pipeline.orchestration.defs.unit_outcomes import raise_for_failed, untouched


@dg.multi_asset(
    specs=[
        dg.AssetSpec(
            "skill_experiences",
            deps=["redacted_evidence"],
            automation_condition=DIGEST_CONDITION,
            group_name="skills",
            skippable=True,
            partitions_def=source_units,
            description="Per transcript session: lessons worth learning / worth avoiding from tool errors, "
            "recoveries, rejections, corrections and confirmations, each with importance, credibility, "
            "signal and a quote of the redacted evidence.",
        )
    ],
    partitions_def=source_units,
    backfill_policy=dg.BackfillPolicy.single_run(),
)
def skill_experiences(
    context: dg.AssetExecutionContext, config: UnitsConfig, persona: PersonaSettings
) -> Iterator[dg.AssetMaterialization]:
    from persona_pipeline.skills.stage import build_lessons, is_transcript_unit

    keys = selected_keys(list(context.partition_keys), config.only_units)
    results, _ = build_lessons(persona.for_run(context), keys, force=config.force)
    failed = [r for r in results if r.status != "ok"]
    yield from untouched("skill_experiences", keys, results, is_transcript_unit)
    for r in results:
        if r.status != "ok":
            continue
        yield dg.AssetMaterialization(
            "skill_experiences",
            partition=r.unit_key,
            metadata={
                "lessons": len(r.lessons),
                "worth_learning": sum(x.kind.value == "worth_learning" for x in r.lessons),
                "worth_avoiding": sum(x.kind.value == "worth_avoiding" for x in r.lessons),
                "llm_calls": r.calls,
                "cache_hits": r.cache_hits,
                "prompt_tokens": r.prompt_tokens,
                "completion_tokens": r.completion_tokens,
                "cost_usd": r.cost_usd,
                "soft_skips": r.soft_skips,
                "dropped_quotes": r.dropped_quotes,
            },
        )
    raise_for_failed(failed, "lessons")


@dg.asset(
    deps=["skill_experiences"],
    automation_condition=TAIL_CONDITION,
    group_name="skills",
    description="Named procedural skills evolved from every stored lesson (a new version only when a skill's "
    "instructions or evidence change), written as <data_dir>/skills/<name>/SKILL.md.",
)
def skills(context: dg.AssetExecutionContext, persona: PersonaSettings) -> dg.MaterializeResult:
    from persona_pipeline.skills.stage import build_skills

    out = build_skills(persona.for_run(context))
    # counts only: skill names come from (redacted) session text and stay out of the event log
    return dg.MaterializeResult(metadata={**out.model_dump(), "path": "<data_dir>/skills/"})
