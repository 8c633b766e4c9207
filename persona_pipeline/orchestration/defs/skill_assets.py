"""`session_lessons` (partitioned: per-session lessons) and `skills` (unpartitioned: the
lessons evolved into SKILL.md folders). Thin: the work is in `skills/stage.py`.

(No `from __future__ import annotations`: Dagster resolves config annotations at runtime.)
"""

from typing import Any

import dagster as dg

from persona_pipeline.core.models import is_transcript_key
from persona_pipeline.orchestration.defs.automation import TAIL_CONDITION
from persona_pipeline.orchestration.defs.resources import ModelClient, PersonaSettings
from persona_pipeline.orchestration.defs.unit_assets import per_unit_asset


def _build(settings: Any, model: Any, keys: list[str], force: bool) -> tuple[list[Any], str]:
    from persona_pipeline.skills.stage import build_lessons

    return build_lessons(settings, keys, force=force, builder=model.lesson_builder())


def _counts(r: Any, model: str) -> dict[str, Any]:
    return {
        "lessons": len(r.lessons),
        "worth_learning": sum(x.kind.value == "worth_learning" for x in r.lessons),
        "worth_avoiding": sum(x.kind.value == "worth_avoiding" for x in r.lessons),
        "dropped_quotes": r.dropped_quotes,
    }


session_lessons = per_unit_asset(
    "session_lessons",
    group="skills",
    description="Per transcript session: lessons worth learning / worth avoiding from tool errors, recoveries, "
    "rejections, corrections and confirmations, each with importance, credibility, signal and a quote of the "
    "redacted evidence.",
    build=_build,
    counts=_counts,
    what="lessons",
    applies=is_transcript_key,
)


@dg.asset(
    deps=["session_lessons"],
    automation_condition=TAIL_CONDITION,
    group_name="skills",
    description="Named procedural skills evolved from every stored lesson (a new version only when a skill's "
    "instructions or evidence change), written as <data_dir>/skills/<name>/SKILL.md.",
)
def skills(context: dg.AssetExecutionContext, persona: PersonaSettings, model: ModelClient) -> dg.MaterializeResult:
    from persona_pipeline.skills.stage import build_skills

    out = build_skills(persona.for_run(context), caller=model.caller)
    # counts only: skill names come from (redacted) session text and stay out of the event log
    return dg.MaterializeResult(metadata={**out.model_dump(), "path": "<data_dir>/skills/"})
