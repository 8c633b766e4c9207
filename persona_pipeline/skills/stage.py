"""The skills stages over stored evidence: per-session lessons (`session_lessons`) and the
skills evolved from all of them (`skills`, written as SKILL.md folders). Plain Python: the
Dagster assets and the tests call these."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel

from persona_pipeline.core.config import Settings
from persona_pipeline.core.progress import report
from persona_pipeline.core.warehouse import claims, memory_store, store
from persona_pipeline.skills import store as skill_store
from persona_pipeline.skills.evolve import evolve
from persona_pipeline.skills.files import foreign_folders, write_skills
from persona_pipeline.skills.lessons.backend import make_lesson_builder
from persona_pipeline.skills.lessons.models import LessonBuilder, LessonResult
from persona_pipeline.skills.lessons.offline import parse_call

SKILLS_DIR = "skills"
BATCH_UNITS = 200


def build_lessons(
    settings: Settings, keys: Sequence[str], force: bool = False, builder: LessonBuilder | None = None
) -> tuple[list[LessonResult], str]:
    """Build lessons for `keys` (only the stale transcript units unless `force`) and store them,
    at most `BATCH_UNITS` units and 5,000 evidence rows at a time (bounded memory on a large
    history; a crash loses one batch). Returns the results and the builder's name. A failed unit
    keeps its previous lessons and is retried next run."""
    builder = builder or make_lesson_builder(settings)
    with store.connect(settings.warehouse_path) as con:
        if not force:
            stale = set(memory_store.stale_units(con, memory_store.LESSONS, builder.name, builder.prompt_version))
            keys = [k for k in keys if k in stale]
        todo = memory_store.batches(con, keys, BATCH_UNITS)
    results: list[LessonResult] = []
    done = 0
    report(0, len(keys), "lessons")
    owner = claims.new_owner()
    still_stale = memory_store.still_stale(memory_store.LESSONS, builder, force)
    for keys_batch in todo:
        with claims.held(settings.warehouse_path, f"lessons:{builder.name}", keys_batch, owner, still_stale) as mine:
            batch = _lessons_of(settings, builder, mine)
        done += len(keys_batch)
        results += batch
        report(done, len(keys), "lessons")
    return results, builder.name


def _lessons_of(settings: Settings, builder: LessonBuilder, keys: Sequence[str]) -> list[LessonResult]:
    """Build and store the lessons of `keys` (one claimed batch)."""
    with store.connect(settings.warehouse_path) as con:
        sessions = memory_store.load_sessions(con, keys)
    batch = builder.build_many(sessions) if sessions else []  # the slow part: no connection held
    if batch:
        with store.connect(settings.warehouse_path) as con:
            memory_store.save_stage(
                con,
                memory_store.LESSONS,
                "lessons",
                skill_store.lessons_frame(batch),
                [r.state() for r in batch],
                builder.name,
                builder.prompt_version,
            )
    return batch


class SkillsOutcome(BaseModel):
    """Counts only (Dagster metadata and the CLI summary)."""

    lessons: int = 0
    skills: int = 0
    created: int = 0
    updated: int = 0  # version bumped
    unchanged: int = 0
    removed: int = 0
    failed: int = 0  # changed skills the model could not write (kept as they were; retried)
    files_written: int = 0
    files_removed: int = 0
    name_conflicts: int = 0  # a folder of that name exists and is not ours: not written
    calls: int = 0
    cache_hits: int = 0
    soft_skips: int = 0
    cost_usd: float = 0.0


def build_skills(
    settings: Settings, now: datetime | None = None, offline: bool = False, caller: Callable[..., Any] | None = None
) -> SkillsOutcome:
    """Evolve the stored skills with every stored lesson, store them, and bring
    `<data_dir>/skills/` in line (removed skills lose their folder). `offline` writes changed
    skills without a model whatever the configuration (erasure: no network, nothing of the
    erased sessions left in any skill)."""
    now = now or datetime.now(UTC).replace(tzinfo=None, microsecond=0)
    with store.connect(settings.warehouse_path) as con:
        lessons = skill_store.load_lessons(con)
        existing = skill_store.load_skills(con)
        calls = skill_store.failed_call_excerpts(con, sorted({e for m in lessons for e in m.evidence_ids}))
        tools = {eid: tool for eid, excerpt in calls.items() if (tool := parse_call(excerpt).tool)}
    writer = None
    if settings.model != "offline" and not offline:
        from persona_pipeline.core.llm.structured import make_caller
        from persona_pipeline.skills.llm_evolve import LitellmSkillWriter

        writer = LitellmSkillWriter(caller() if caller is not None else make_caller(settings), tools)
    root = settings.data_dir / SKILLS_DIR
    skills = evolve(lessons, existing, now, tools, write=writer, reserved=foreign_folders(root))
    with store.connect(settings.warehouse_path) as con:
        skill_store.save_skills(con, skills)
    report = write_skills(skills, root)
    before = {s.name: s for s in existing}
    out = SkillsOutcome(
        lessons=len(lessons),
        skills=len(skills),
        created=sum(s.name not in before for s in skills),
        updated=sum(s.name in before and s.version != before[s.name].version for s in skills),
        unchanged=sum(s.name in before and s.version == before[s.name].version for s in skills),
        removed=len(set(before) - {s.name for s in skills}),
        failed=sum(u.status != "ok" for u in writer.usage) if writer else 0,
        files_written=len(report.written),
        files_removed=len(report.removed),
        name_conflicts=len(report.conflicts),
    )
    if writer is not None:
        for u in writer.usage:
            out.calls += u.calls
            out.cache_hits += u.cache_hits
            out.soft_skips += u.soft_skips
            out.cost_usd += u.cost_usd
    return out
