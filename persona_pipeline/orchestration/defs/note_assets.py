"""`session_notes` (partitioned): per transcript session, decisions, code changes and open todos.

(No `from __future__ import annotations`: Dagster resolves config annotations at runtime.)
"""

from collections.abc import Iterator

import dagster as dg

from persona_pipeline.orchestration.defs.automation import DIGEST_CONDITION
from persona_pipeline.orchestration.defs.distill_assets import UnitsConfig
from persona_pipeline.orchestration.defs.partitions import selected_keys, source_units
from persona_pipeline.orchestration.defs.resources import PersonaSettings
from persona_pipeline.orchestration.defs.unit_outcomes import raise_for_failed, untouched


@dg.multi_asset(
    specs=[
        dg.AssetSpec(
            "session_notes",
            deps=["redacted_evidence"],
            automation_condition=DIGEST_CONDITION,
            group_name="memory",
            skippable=True,
            partitions_def=source_units,
            description="Per transcript session: decisions (with the rejected alternative and why), code "
            "changes (files, functions, bugs fixed) and open todos, capped 10/5/5, each citing its evidence; "
            "also <data_dir>/notes/<project>/<session>.md.",
        )
    ],
    partitions_def=source_units,
    backfill_policy=dg.BackfillPolicy.single_run(),
)
def session_notes(
    context: dg.AssetExecutionContext, config: UnitsConfig, persona: PersonaSettings
) -> Iterator[dg.AssetMaterialization]:
    from persona_pipeline.notes.models import NoteKind
    from persona_pipeline.notes.stage import build_notes
    from persona_pipeline.skills.stage import is_transcript_unit

    keys = selected_keys(list(context.partition_keys), config.only_units)
    results, model = build_notes(persona.for_run(context), keys, force=config.force)
    failed = [r for r in results if r.status != "ok"]
    for r in results:
        if r.status != "ok":
            continue
        yield dg.AssetMaterialization(
            "session_notes",
            partition=r.unit_key,
            metadata={  # counts only: never note text
                "decisions": r.count(NoteKind.DECISION),
                "code_changes": r.count(NoteKind.CODE_CHANGE),
                "todos": r.count(NoteKind.TODO),
                "skipped_short_session": int(r.skipped == "short_session"),
                "windows": r.windows,
                "merged_duplicates": r.merged_duplicates,
                "dropped_citations": r.dropped_citations,
                "dropped_uncited": r.dropped_uncited,
                "llm_calls": r.calls,
                "cache_hits": r.cache_hits,
                "prompt_tokens": r.prompt_tokens,
                "completion_tokens": r.completion_tokens,
                "cost_usd": r.cost_usd,
                "soft_skips": r.soft_skips,
                "model": model,
            },
        )
    yield from untouched("session_notes", keys, results, is_transcript_unit)
    skipped = sum(r.skipped is not None for r in results)
    if skipped:
        context.log.info(f"{skipped} short session(s) skipped (no notes)")
    raise_for_failed(failed, "notes")
