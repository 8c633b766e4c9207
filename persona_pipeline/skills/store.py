"""Lessons and skills in the warehouse: the lessons frame for `memory_store.save_stage`, all
lessons for the skills fold, and the `skills` table (replaced whole, like `facet_rules`)."""

from __future__ import annotations

from collections.abc import Sequence

import duckdb
import polars as pl

from persona_pipeline.core.warehouse import store
from persona_pipeline.skills.lessons.models import Lesson, LessonResult, Skill

LESSON_SCHEMA = {
    "lesson_id": pl.Utf8,
    "unit_key": pl.Utf8,
    "session_id": pl.Utf8,
    "project": pl.Utf8,
    "kind": pl.Utf8,
    "statement": pl.Utf8,
    "importance": pl.Float64,
    "credibility": pl.Float64,
    "signal": pl.Utf8,
    "quote": pl.Utf8,
    "evidence_ids": pl.List(pl.Utf8),
    "timestamp": pl.Utf8,
    "model": pl.Utf8,
    "prompt_version": pl.Utf8,
}
SKILL_SCHEMA = {
    "name": pl.Utf8,
    "version": pl.Int32,
    "description": pl.Utf8,
    "instructions": pl.List(pl.Utf8),
    "triggers": pl.List(pl.Utf8),
    "examples": pl.List(pl.Utf8),
    "lesson_ids": pl.List(pl.Utf8),
    "evidence_ids": pl.List(pl.Utf8),
    "importance": pl.Float64,
    "credibility": pl.Float64,
    "content_hash": pl.Utf8,
    "created_at": pl.Datetime("us"),
    "updated_at": pl.Datetime("us"),
}


def lessons_frame(results: Sequence[LessonResult]) -> pl.DataFrame:
    """The rows of the units built successfully (a failed unit keeps its stored lessons)."""
    rows = [x.model_dump(mode="json") for r in results if r.status == "ok" for x in r.lessons]
    return pl.DataFrame(rows, schema=LESSON_SCHEMA)


def load_lessons(con: duckdb.DuckDBPyConnection) -> list[Lesson]:
    """Every stored lesson whose evidence is all still stored, in a stable order."""
    cols = list(LESSON_SCHEMA)
    rows = con.execute(
        f"""SELECT {", ".join(cols)} FROM lessons WHERE lesson_id NOT IN (
                SELECT x.lesson_id FROM (SELECT lesson_id, unnest(evidence_ids) AS id FROM lessons) x
                ANTI JOIN evidence e ON e.evidence_id = x.id)
            ORDER BY lesson_id"""
    ).fetchall()
    return [Lesson(**dict(zip(cols, r, strict=True))) for r in rows]


def failed_call_excerpts(con: duckdb.DuckDBPyConnection, evidence_ids: Sequence[str]) -> dict[str, str]:
    """Evidence id -> excerpt of its activity row ("Bash: pytest -q"), for the calls that failed,
    recovered or were refused. File edits are left out: an edit tool is how any fix is made, not a
    sign of when a skill applies."""
    if not evidence_ids:
        return {}
    rows = con.execute(
        """SELECT evidence_id, excerpt FROM evidence WHERE evidence_id IN (SELECT unnest(?))
           AND kind IN ('tool_error', 'tool_rejected', 'tool_recovered')""",
        [list(evidence_ids)],
    ).fetchall()
    return {eid: excerpt or "" for eid, excerpt in rows}


def load_skills(con: duckdb.DuckDBPyConnection) -> list[Skill]:
    cols = list(SKILL_SCHEMA)
    rows = con.execute(f"SELECT {', '.join(cols)} FROM skills ORDER BY name").fetchall()
    return [Skill(**dict(zip(cols, r, strict=True))) for r in rows]


def save_skills(con: duckdb.DuckDBPyConnection, skills: Sequence[Skill]) -> None:
    """The skills fold is rebuilt whole from all lessons, so the table is replaced whole."""
    df = pl.DataFrame([s.model_dump() for s in skills], schema=SKILL_SCHEMA)
    with store.transaction(con):
        con.execute("DELETE FROM skills")
        store.insert_frame(con, "skills", df)
