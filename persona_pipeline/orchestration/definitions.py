"""Dagster code location. Kept thin and import-light: heavy libraries load inside assets."""

from __future__ import annotations

from typing import TYPE_CHECKING

import dagster as dg

from persona_pipeline.orchestration.defs.automation import (
    automation_sensor,
    compile_job,
    daily_incremental,
    ingest_job,
    source_files_sensor,
    source_refresh,
    units_job,
)
from persona_pipeline.orchestration.defs.checks import CHECKS
from persona_pipeline.orchestration.defs.distill_assets import facet_trees, persona_pack, session_digests
from persona_pipeline.orchestration.defs.ingest_assets import ingest
from persona_pipeline.orchestration.defs.note_assets import session_notes
from persona_pipeline.orchestration.defs.resources import project_resources
from persona_pipeline.orchestration.defs.skill_assets import session_lessons, skills

if TYPE_CHECKING:
    from persona_pipeline.core.config import Settings


def build_defs(settings: Settings | None = None) -> dg.Definitions:
    """The definitions, with resources resolved in each run (the code location), or bound to
    `settings` (`persona run`'s in-process runs: the settings it resolved, never written into
    Dagster's run storage, which keeps no configured names or e-mails)."""
    return dg.Definitions(
        assets=[ingest, session_digests, session_lessons, session_notes, facet_trees, persona_pack, skills],
        asset_checks=CHECKS,
        jobs=[ingest_job, units_job, compile_job, source_refresh],
        sensors=[source_files_sensor, automation_sensor],
        schedules=[daily_incremental],
        resources=project_resources(settings),
    )


defs = build_defs()
