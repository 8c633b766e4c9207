"""The `review_decisions` table: the person's decisions on rules, kept across rebuilds of the
rules (the fold replaces `facet_rules` whole; this table is never rebuilt).

Created here with CREATE TABLE IF NOT EXISTS on first use (not part of the warehouse's versioned
schema): a warehouse without it simply has no decisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import duckdb

from persona_pipeline.core.warehouse import store
from persona_pipeline.persona.review.models import Decision

TABLE = "review_decisions"
_DDL = f"""CREATE TABLE IF NOT EXISTS {TABLE} (
    decision_id VARCHAR PRIMARY KEY, verdict VARCHAR, pinned BOOLEAN, edited_text VARCHAR, facet VARCHAR,
    wording_keys VARCHAR[], evidence_ids VARCHAR[], sessions VARCHAR[], corpus_as_of VARCHAR, decided_at VARCHAR)"""
_COLS = tuple(Decision.model_fields)


def _exists(con: duckdb.DuckDBPyConnection) -> bool:
    row = con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = ?", [TABLE]).fetchone()
    return bool(row and row[0])


def load_decisions(con: duckdb.DuckDBPyConnection) -> list[Decision]:
    """Every decision, in id order (works on a read-only connection; none before the first)."""
    if not _exists(con):
        return []
    rows = con.execute(f"SELECT {', '.join(_COLS)} FROM {TABLE} ORDER BY decision_id").fetchall()
    return [Decision(**dict(zip(_COLS, r, strict=True))) for r in rows]


def save_decisions(con: duckdb.DuckDBPyConnection, decisions: Sequence[Decision]) -> None:
    """Insert or replace by decision id, in one transaction."""
    con.execute(_DDL)
    with store.transaction(con):
        for d in decisions:
            row = d.model_dump(mode="json")
            con.execute(
                f"INSERT OR REPLACE INTO {TABLE} ({', '.join(_COLS)}) VALUES ({', '.join('?' for _ in _COLS)})",
                [row[c] for c in _COLS],
            )


def delete_decisions(con: duckdb.DuckDBPyConnection, decision_ids: Sequence[str]) -> int:
    if not _exists(con) or not decision_ids:
        return 0
    with store.transaction(con):
        row = con.execute(
            f"SELECT count(*) FROM {TABLE} WHERE decision_id IN (SELECT unnest(?))", [list(decision_ids)]
        ).fetchone()
        con.execute(f"DELETE FROM {TABLE} WHERE decision_id IN (SELECT unnest(?))", [list(decision_ids)])
    return int(row[0]) if row else 0


def prune(con: duckdb.DuckDBPyConnection) -> int:
    """Trim each decision's evidence to the rows still stored (erased, aged out) and drop the
    decisions left with none: they can match no rule, and their edited wording must not outlive
    the evidence it was about. Returns how many were dropped."""
    decisions = load_decisions(con)
    if not decisions:
        return 0
    cited = sorted({e for d in decisions for e in d.evidence_ids})
    stored = {
        r[0]
        for r in con.execute(
            "SELECT evidence_id FROM evidence WHERE evidence_id IN (SELECT unnest(?))", [cited]
        ).fetchall()
    }
    trimmed = [d.model_copy(update={"evidence_ids": [e for e in d.evidence_ids if e in stored]}) for d in decisions]
    changed = [d for d, old in zip(trimmed, decisions, strict=True) if d.evidence_ids != old.evidence_ids]
    kept = [d for d in changed if d.evidence_ids]
    if kept:
        save_decisions(con, kept)
    return delete_decisions(con, [d.decision_id for d in changed if not d.evidence_ids])


def carry_over(old_warehouse: Path, con: duckdb.DuckDBPyConnection) -> int:
    """Copy the decisions of a warehouse moved aside (`persona rebuild`) into `con`'s. Returns how
    many; raises duckdb.Error when the old file cannot be read."""
    with store.connect(old_warehouse, read_only=True, wait_s=0) as old:
        decisions = load_decisions(old)
    if decisions:
        save_decisions(con, decisions)
    return len(decisions)
