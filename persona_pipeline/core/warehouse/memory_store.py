"""Warehouse access shared by the skills and session-notes stages: a transcript session's
evidence in (every kind, activity included), per-stage build state, per-unit row replacement.

Each stage (`lessons`, `notes`) is rebuilt for a unit when that unit's evidence, the model or the
prompt version changes, or when its last build failed (`unit_state`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import duckdb
import polars as pl

from persona_pipeline.core.sessions import SessionEvidence, SessionRow, StageState
from persona_pipeline.core.sources import readers
from persona_pipeline.core.warehouse import store, unit_state

__all__ = ["LESSONS", "NOTES", "SessionEvidence", "SessionRow", "StageState"]

LESSONS, NOTES = unit_state.LESSONS, unit_state.NOTES


# Skills and notes come from what happened in agent sessions: the registered readers' session
# kinds only (instruction files, commit history and chat exports carry no tool activity and no
# per-session decisions).
def _sessions() -> str:
    return f"source_kind IN {readers.sql_in(readers.session_kinds())}"


def unit_hashes(con: duckdb.DuckDBPyConnection, unit_keys: Sequence[str] | None = None) -> dict[str, str]:
    """Per transcript unit (all, or only `unit_keys`), a hash of all its current evidence ids
    (activity included)."""
    only = "AND e.unit_key IN (SELECT unnest(?))" if unit_keys is not None else ""
    rows = con.execute(
        f"""SELECT e.unit_key, string_agg(e.evidence_id, ',' ORDER BY e.evidence_id)
            FROM evidence e JOIN units u USING (unit_key) WHERE u.{_sessions()} {only} GROUP BY e.unit_key""",
        [list(unit_keys)] if unit_keys is not None else [],
    ).fetchall()
    return {k: hashlib.sha256((v or "").encode()).hexdigest()[:32] for k, v in rows}


def stale_units(con: duckdb.DuckDBPyConnection, stage: str, model: str, prompt_version: str) -> list[str]:
    """Transcript units whose `stage` must be (re)built, in key order."""
    return unit_state.stale(con, stage, unit_hashes(con), model, prompt_version)


def still_stale(stage: str, builder: Any, force: bool) -> Callable[[duckdb.DuckDBPyConnection], Any] | None:
    """What a claim re-reads inside its transaction (`claims.take`): the units still stale for
    `stage` and `builder` (name, prompt_version); None with `force` (every unit asked for)."""
    if force:
        return None
    return lambda con: stale_units(con, stage, builder.name, builder.prompt_version)


def load_sessions(con: duckdb.DuckDBPyConnection, unit_keys: Sequence[str]) -> list[SessionEvidence]:
    """The evidence of `unit_keys` (transcripts only), one `SessionEvidence` per unit, rows in file order."""
    if not unit_keys:
        return []
    rows = con.execute(
        f"""SELECT e.unit_key, e.evidence_id, e.tier, e.kind, e.correction_signal, e.excerpt, e.context,
                   e.timestamp, e.line_no, e.project, e.session_id
            FROM evidence e JOIN units u USING (unit_key)
            WHERE e.unit_key IN (SELECT unnest(?)) AND u.{_sessions()}
            ORDER BY e.unit_key, e.line_no, e.kind, e.evidence_id""",
        [list(unit_keys)],
    ).fetchall()
    out: dict[str, SessionEvidence] = {}
    for r in rows:
        sess = out.get(r[0])
        if sess is None:
            sess = out[r[0]] = SessionEvidence(unit_key=r[0], session_id=r[10], project=r[9] or "", rows=[])
        sess.rows.append(
            SessionRow(
                evidence_id=r[1],
                tier=r[2],
                kind=r[3],
                correction_signal=r[4],
                excerpt=r[5],
                context=r[6] or "",
                timestamp=r[7],
                line_no=r[8] or 0,
            )
        )
    return list(out.values())


def save_stage(
    con: duckdb.DuckDBPyConnection,
    stage: str,
    table: str,
    rows: pl.DataFrame,
    states: Sequence[StageState],
    model: str,
    prompt_version: str,
) -> None:
    """In one transaction: replace `table`'s rows of the units built successfully with `rows`
    (which must hold only those units' rows) and record every unit's state. A failed unit keeps
    its previous rows and is retried next run."""
    done = [s.unit_key for s in states if s.status == "ok"]
    hashes = unit_hashes(con, [s.unit_key for s in states])  # only the batch's units, not the warehouse
    state_df = unit_state.frame(stage, states, [s.items for s in states], hashes, model, prompt_version)
    with store.transaction(con):
        con.execute(f"DELETE FROM {table} WHERE unit_key IN (SELECT unnest(?))", [done])
        store.insert_frame(con, table, rows)
        unit_state.replace(con, stage, state_df)


def run_totals(con: duckdb.DuckDBPyConnection, since: datetime) -> dict[str, float]:
    """Calls, cache hits, tokens and USD of the skills and notes builds recorded since `since`."""
    return unit_state.totals(con, [LESSONS, NOTES], since=since)


def counts(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """What the skills and notes stages hold now."""
    row = con.execute(
        """SELECT (SELECT count(*) FROM lessons), (SELECT count(*) FROM skills),
                  (SELECT count(*) FROM session_notes), (SELECT count(DISTINCT unit_key) FROM session_notes)"""
    ).fetchone()
    assert row is not None
    return {"lessons": int(row[0]), "skills": int(row[1]), "session_notes": int(row[2]), "note_sessions": int(row[3])}


def batches(
    con: duckdb.DuckDBPyConnection, unit_keys: Sequence[str], max_units: int, max_rows: int = 5_000
) -> list[list[str]]:
    """`unit_keys` in consecutive batches of at most `max_units` units and `max_rows` evidence rows
    (a larger unit alone): what a stage holds in memory at once, whatever the sessions' sizes."""
    rows = dict(
        con.execute(
            "SELECT unit_key, count(*) FROM evidence WHERE unit_key IN (SELECT unnest(?)) GROUP BY unit_key",
            [list(unit_keys)],
        ).fetchall()
    )
    out: list[list[str]] = []
    batch: list[str] = []
    held = 0
    for k in unit_keys:
        n = int(rows.get(k, 0))
        if batch and (len(batch) >= max_units or held + n > max_rows):
            out.append(batch)
            batch, held = [], 0
        batch.append(k)
        held += n
    if batch:
        out.append(batch)
    return out
