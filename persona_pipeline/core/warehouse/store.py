"""The DuckDB warehouse: schema, per-unit replacement, erasure, and read queries.

DuckDB allows one writer process at a time. Writers open the file only for the length of one
transaction and retry while another process holds the lock, so concurrent runs wait rather
than fail; every write replaces one unit's rows inside a transaction, so a retried or repeated
write is idempotent.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb
import polars as pl

from persona_pipeline.core.models import TurnIndexRow

if TYPE_CHECKING:
    from persona_pipeline.core.evidence.records import Evidence

SCHEMA_VERSION = 3  # 2: lessons, session_notes, skills; 3: one unit_state table (digest_state, memory_state views)
LOCK_WAIT_S = 120.0

_DDL = [
    """CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS units (
        unit_key VARCHAR PRIMARY KEY, source_kind VARCHAR, project VARCHAR,
        fingerprint VARCHAR, reader_version VARCHAR, status VARCHAR, skip_reason VARCHAR,
        raw_bytes BIGINT, kept_bytes BIGINT, lines_total BIGINT, lines_bad BIGINT,
        turns_kept INTEGER, evidence_rows INTEGER, redactions INTEGER, fields_dropped INTEGER,
        session_id VARCHAR, processed_at TIMESTAMP)""",
    """CREATE TABLE IF NOT EXISTS turns (
        unit_key VARCHAR, line_no INTEGER, byte_offset BIGINT, entry_uuid VARCHAR,
        session_id VARCHAR, timestamp VARCHAR, role VARCHAR, tier VARCHAR, kind VARCHAR,
        correction_signal VARCHAR, text_chars INTEGER, context_chars INTEGER,
        text_sha256 VARCHAR, truncated BOOLEAN)""",
    """CREATE TABLE IF NOT EXISTS skips (unit_key VARCHAR, reason VARCHAR, count INTEGER)""",
    """CREATE TABLE IF NOT EXISTS entry_types (unit_key VARCHAR, entry_type VARCHAR, count INTEGER)""",
    """CREATE TABLE IF NOT EXISTS evidence (
        evidence_id VARCHAR, unit_key VARCHAR, source_kind VARCHAR, tier VARCHAR, kind VARCHAR,
        correction_signal VARCHAR, excerpt VARCHAR, context VARCHAR, project VARCHAR,
        session_id VARCHAR, timestamp VARCHAR, line_no INTEGER, redactions JSON)""",
    """CREATE TABLE IF NOT EXISTS redactions (unit_key VARCHAR, kind VARCHAR, count INTEGER)""",
    """CREATE TABLE IF NOT EXISTS observations (
        observation_id VARCHAR, unit_key VARCHAR, session_id VARCHAR, project VARCHAR, facet VARCHAR,
        statement VARCHAR, tier VARCHAR, strength DOUBLE, quote VARCHAR, evidence_ids VARCHAR[],
        timestamp VARCHAR, model VARCHAR, prompt_version VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS facet_rules (
        rule_id VARCHAR, facet VARCHAR, statement VARCHAR, tier VARCHAR, support_observations INTEGER,
        support_sessions INTEGER, support_projects INTEGER, projects VARCHAR[], score DOUBLE, first_seen VARCHAR,
        last_seen VARCHAR, observation_ids VARCHAR[], evidence_ids VARCHAR[], quotes VARCHAR[],
        superseded_by VARCHAR, established BOOLEAN)""",
    # Skills and session notes (issue 9). Per-unit derived rows, replaced per unit like observations.
    """CREATE TABLE IF NOT EXISTS lessons (
        lesson_id VARCHAR, unit_key VARCHAR, session_id VARCHAR, project VARCHAR, kind VARCHAR,
        statement VARCHAR, importance DOUBLE, credibility DOUBLE, signal VARCHAR, quote VARCHAR,
        evidence_ids VARCHAR[], timestamp VARCHAR, model VARCHAR, prompt_version VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS session_notes (
        note_id VARCHAR, unit_key VARCHAR, session_id VARCHAR, project VARCHAR, kind VARCHAR,
        text VARCHAR, alternative VARCHAR, reason VARCHAR, files VARCHAR[], functions VARCHAR[],
        evidence_ids VARCHAR[], timestamp VARCHAR, model VARCHAR, prompt_version VARCHAR)""",
    # One row per (stage, unit) of the per-unit stages: what it was built from (`unit_state.py`).
    """CREATE TABLE IF NOT EXISTS unit_state (
        stage VARCHAR, unit_key VARCHAR, evidence_hash VARCHAR, model VARCHAR, prompt_version VARCHAR,
        status VARCHAR, error VARCHAR, items INTEGER, calls INTEGER, cache_hits INTEGER,
        prompt_tokens BIGINT, completion_tokens BIGINT, cost_usd DOUBLE, soft_skips INTEGER,
        dropped_quotes INTEGER, built_at TIMESTAMP, PRIMARY KEY (stage, unit_key))""",
    """CREATE OR REPLACE VIEW digest_state AS
        SELECT unit_key, evidence_hash, model, prompt_version, status, error, items AS observations, calls,
               cache_hits, prompt_tokens, completion_tokens, cost_usd, soft_skips, dropped_quotes,
               built_at AS digested_at
        FROM unit_state WHERE stage = 'digests'""",
    """CREATE OR REPLACE VIEW memory_state AS
        SELECT stage, unit_key, evidence_hash, model, prompt_version, status, error, items, calls, cache_hits,
               prompt_tokens, completion_tokens, cost_usd, built_at
        FROM unit_state WHERE stage <> 'digests'""",
    # Rebuilt from all lessons each run (like facet_rules); versions carried over by name.
    """CREATE TABLE IF NOT EXISTS skills (
        name VARCHAR PRIMARY KEY, version INTEGER, description VARCHAR, instructions VARCHAR[],
        triggers VARCHAR[], examples VARCHAR[], lesson_ids VARCHAR[], evidence_ids VARCHAR[],
        importance DOUBLE, credibility DOUBLE, content_hash VARCHAR, created_at TIMESTAMP,
        updated_at TIMESTAMP)""",
    """CREATE OR REPLACE VIEW spend AS
        SELECT stage, model, count(*) AS units, sum(calls) AS llm_calls, sum(cache_hits) AS cache_hits,
               sum(prompt_tokens) AS prompt_tokens, sum(completion_tokens) AS completion_tokens,
               sum(cost_usd) AS cost_usd
        FROM unit_state GROUP BY stage, model""",
    """CREATE OR REPLACE VIEW redaction_totals AS
        SELECT kind, sum(count)::BIGINT AS count FROM redactions GROUP BY kind""",
]
_UNIT_TABLES = ("turns", "skips", "entry_types", "evidence", "redactions", "units")
# Erasing a unit also removes what was derived from it (facet_rules are rebuilt by the fold).
_DERIVED_TABLES = ("observations", "unit_state", "lessons", "session_notes")
_ERASE_TABLES = (*_UNIT_TABLES, *_DERIVED_TABLES)
_CITING_TABLES = ("observations", "lessons", "session_notes")  # derived rows naming their evidence ids


def _is_lock_error(exc: BaseException) -> bool:
    msg = str(exc).lower()
    return "lock" in msg and ("conflicting" in msg or "could not set lock" in msg)


@contextmanager
def connect(path: Path, read_only: bool = False, wait_s: float = LOCK_WAIT_S) -> Iterator[duckdb.DuckDBPyConnection]:
    """Open the warehouse, waiting (with jittered backoff) while another process writes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + wait_s
    delay = 0.05
    while True:
        try:
            con = duckdb.connect(str(path), read_only=read_only and path.exists())
            break
        except duckdb.IOException as exc:
            if not _is_lock_error(exc) or time.monotonic() > deadline:
                raise
            time.sleep(delay * (0.5 + random.random()))
            delay = min(delay * 2, 2.0)
    try:
        if not read_only:
            ensure_schema(con)
        yield con
    finally:
        con.close()


@contextmanager
def transaction(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """All-or-nothing: a crash or error mid-write leaves the previous rows in place."""
    con.execute("BEGIN TRANSACTION")
    try:
        yield
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("COMMIT")


class ArrowStream:
    """A polars frame as DuckDB should read it: through the Arrow C stream interface alone. Handed
    the frame itself, DuckDB takes its polars path (`DataFrame.to_arrow()`), which imports pyarrow
    and numpy: ~70 MB of resident memory in every process that writes a row, for nothing (the same
    columns arrive either way; `persona_pipeline_tests/test_warehouse_arrow_stream.py`)."""

    __slots__ = ("_df",)

    def __init__(self, df: pl.DataFrame) -> None:
        self._df = df

    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        return self._df.__arrow_c_stream__(requested_schema)


def insert_frame(con: duckdb.DuckDBPyConnection, table: str, df: pl.DataFrame) -> None:
    """Bulk insert a polars frame (columns by name) through Arrow."""
    if df.height:
        con.register("_frame", ArrowStream(df))
        try:
            con.execute(f"INSERT INTO {table} ({', '.join(df.columns)}) SELECT * FROM _frame")
        finally:
            con.unregister("_frame")


def ensure_schema(con: duckdb.DuckDBPyConnection) -> None:
    """Create tables and views once per schema version (DDL on every open costs a catalog write)."""
    try:
        row = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row and row[0] == str(SCHEMA_VERSION):
            return
    except duckdb.CatalogException:
        pass
    with transaction(con):
        legacy = _legacy_state_tables(con)
        for ddl in _DDL:
            if "VIEW digest_state" in ddl or "VIEW memory_state" in ddl:
                _migrate_state(con, legacy)
            con.execute(ddl)
        con.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", [str(SCHEMA_VERSION)])


def _legacy_state_tables(con: duckdb.DuckDBPyConnection) -> set[str]:
    """The per-stage state tables of schema 2 still present as tables."""
    rows = con.execute(
        """SELECT table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE'
           AND table_name IN ('digest_state', 'memory_state')"""
    ).fetchall()
    return {r[0] for r in rows}


def _migrate_state(con: duckdb.DuckDBPyConnection, legacy: set[str]) -> None:
    """Schema 2 -> 3: copy `digest_state` and `memory_state` into `unit_state`, then drop them
    (their names become views). Once, inside the schema transaction."""
    if "digest_state" in legacy:
        con.execute(
            """INSERT OR REPLACE INTO unit_state SELECT 'digests', unit_key, evidence_hash, model, prompt_version,
                   status, error, observations, calls, cache_hits, prompt_tokens, completion_tokens, cost_usd,
                   soft_skips, dropped_quotes, digested_at FROM digest_state"""
        )
        con.execute("DROP VIEW IF EXISTS spend")
        con.execute("DROP TABLE digest_state")
    if "memory_state" in legacy:
        con.execute(
            """INSERT OR REPLACE INTO unit_state SELECT stage, unit_key, evidence_hash, model, prompt_version,
                   status, error, items, calls, cache_hits, prompt_tokens, completion_tokens, cost_usd, 0, 0,
                   built_at FROM memory_state"""
        )
        con.execute("DROP TABLE memory_state")
    legacy.clear()


_UNIT_SCHEMA = {
    "unit_key": pl.Utf8,
    "source_kind": pl.Utf8,
    "project": pl.Utf8,
    "fingerprint": pl.Utf8,
    "reader_version": pl.Utf8,
    "status": pl.Utf8,
    "skip_reason": pl.Utf8,
    "raw_bytes": pl.Int64,
    "kept_bytes": pl.Int64,
    "lines_total": pl.Int64,
    "lines_bad": pl.Int64,
    "turns_kept": pl.Int32,
    "evidence_rows": pl.Int32,
    "redactions": pl.Int32,
    "fields_dropped": pl.Int32,
    "session_id": pl.Utf8,
    "processed_at": pl.Datetime("us"),
}
_TURN_SCHEMA = {
    "unit_key": pl.Utf8,
    "line_no": pl.Int32,
    "byte_offset": pl.Int64,
    "entry_uuid": pl.Utf8,
    "session_id": pl.Utf8,
    "timestamp": pl.Utf8,
    "role": pl.Utf8,
    "tier": pl.Utf8,
    "kind": pl.Utf8,
    "correction_signal": pl.Utf8,
    "text_chars": pl.Int32,
    "context_chars": pl.Int32,
    "text_sha256": pl.Utf8,
    "truncated": pl.Boolean,
}
_EVIDENCE_SCHEMA = {
    "evidence_id": pl.Utf8,
    "unit_key": pl.Utf8,
    "source_kind": pl.Utf8,
    "tier": pl.Utf8,
    "kind": pl.Utf8,
    "correction_signal": pl.Utf8,
    "excerpt": pl.Utf8,
    "context": pl.Utf8,
    "project": pl.Utf8,
    "session_id": pl.Utf8,
    "timestamp": pl.Utf8,
    "line_no": pl.Int32,
    "redactions": pl.Utf8,
}


@dataclass
class UnitRows:
    """Everything stored for one source unit."""

    unit_key: str
    unit_row: dict[str, Any]
    turns: list[TurnIndexRow]
    evidence: list[Evidence]
    skips: dict[str, int]
    entry_types: dict[str, int]
    redactions: dict[str, int] = field(default_factory=dict)


def _counts(rows: Sequence[UnitRows], attr: str, col: str) -> pl.DataFrame:
    keys, names, counts = [], [], []
    for r in rows:
        for name, n in getattr(r, attr).items():
            keys.append(r.unit_key)
            names.append(name)
            counts.append(n)
    return pl.DataFrame(
        {"unit_key": keys, col: names, "count": counts}, schema={"unit_key": pl.Utf8, col: pl.Utf8, "count": pl.Int32}
    )


def replace_units(con: duckdb.DuckDBPyConnection, rows: Sequence[UnitRows]) -> None:
    """Replace everything stored for these units in one transaction (bulk delete + insert)."""
    import orjson

    if not rows:
        return
    ev_rows = []
    for r in rows:
        for e in r.evidence:
            row = e.model_dump(mode="json")
            row["redactions"] = orjson.dumps(row["redactions"]).decode()
            ev_rows.append(row)
    frames = {
        "units": pl.DataFrame([r.unit_row for r in rows], schema=_UNIT_SCHEMA),
        "turns": pl.DataFrame([t.model_dump(mode="json") for r in rows for t in r.turns], schema=_TURN_SCHEMA),
        "evidence": pl.DataFrame(ev_rows, schema=_EVIDENCE_SCHEMA),
        "skips": _counts(rows, "skips", "reason"),
        "entry_types": _counts(rows, "entry_types", "entry_type"),
        "redactions": _counts(rows, "redactions", "kind"),
    }
    keys = [r.unit_key for r in rows]
    # A unit left with no evidence (an emptied instruction file, a transcript cut to nothing) has
    # nothing to re-digest, so what was derived from its old evidence goes now.
    emptied = [r.unit_key for r in rows if not r.evidence]
    with transaction(con):
        for table in _UNIT_TABLES:
            con.execute(f"DELETE FROM {table} WHERE unit_key IN (SELECT unnest(?))", [keys])
        for table in _DERIVED_TABLES:
            con.execute(f"DELETE FROM {table} WHERE unit_key IN (SELECT unnest(?))", [emptied])
        for table, df in frames.items():
            insert_frame(con, table, df)


def delete_units(con: duckdb.DuckDBPyConnection, keys: Sequence[str]) -> int:
    """Erase every row of the given units (a removed or forgotten source)."""
    if not keys:
        return 0
    with transaction(con):
        for table in _ERASE_TABLES:
            con.execute(f"DELETE FROM {table} WHERE unit_key IN (SELECT unnest(?))", [list(keys)])
    return len(keys)


def delete_project_rows(con: duckdb.DuckDBPyConnection, unit_prefix: str, project: str) -> int:
    """Erase one project's rows from multi-project units (prompt logs): its evidence and turn-index
    rows, and everything derived from those units (rebuilt from what remains on the next run).
    Returns evidence rows removed."""
    with transaction(con):
        hit = con.execute(
            "SELECT unit_key, line_no FROM evidence WHERE starts_with(unit_key, ?) AND project = ?",
            [unit_prefix, project],
        ).fetchall()
        if not hit:
            return 0
        units = sorted({u for u, _ in hit})
        con.register("_gone", ArrowStream(pl.DataFrame({"u": [u for u, _ in hit], "l": [n for _, n in hit]})))
        try:
            for table in ("evidence", "turns"):
                con.execute(f"DELETE FROM {table} WHERE (unit_key, line_no) IN (SELECT u, l FROM _gone)")
        finally:
            con.unregister("_gone")
        for table in _DERIVED_TABLES:
            con.execute(f"DELETE FROM {table} WHERE unit_key IN (SELECT unnest(?))", [units])
        con.execute(
            """UPDATE units SET evidence_rows = (SELECT count(*) FROM evidence e WHERE e.unit_key = units.unit_key)
               WHERE unit_key IN (SELECT unnest(?))""",
            [units],
        )
    return len(hit)


def units_aging_out(con: duckdb.DuckDBPyConnection, oldest: datetime) -> list[str]:
    """The units `purge_older_than(oldest)` would take evidence from."""
    rows = con.execute(
        "SELECT DISTINCT unit_key FROM evidence WHERE kind <> 'directive' AND TRY_CAST(timestamp AS TIMESTAMPTZ) < ?",
        [oldest],
    ).fetchall()
    return sorted(r[0] for r in rows)


def purge_older_than(con: duckdb.DuckDBPyConnection, oldest: datetime) -> int:
    """Apply the retention window to what is stored: evidence and turn-index rows older than
    `oldest` go (directives never age), and with them every observation, lesson and note citing
    one of those rows. Every touched unit loses its build state, so each stage rebuilds it from
    what is left (`units_aging_out` names them). Returns evidence rows removed."""
    aged = "kind <> 'directive' AND TRY_CAST(timestamp AS TIMESTAMPTZ) < ?"
    with transaction(con):
        hit = con.execute(f"SELECT unit_key, evidence_id FROM evidence WHERE {aged}", [oldest]).fetchall()
        if not hit:
            return 0
        units = sorted({u for u, _ in hit})
        ids = [e for _, e in hit]
        con.execute(f"DELETE FROM evidence WHERE {aged}", [oldest])
        con.execute(f"DELETE FROM turns WHERE {aged}", [oldest])
        con.execute(
            """UPDATE units SET evidence_rows = (SELECT count(*) FROM evidence e WHERE e.unit_key = units.unit_key)
               WHERE unit_key IN (SELECT unnest(?))""",
            [units],
        )
        for table in _CITING_TABLES:
            con.execute(
                f"DELETE FROM {table} WHERE unit_key IN (SELECT unnest(?)) AND list_has_any(evidence_ids, ?)",
                [units, ids],
            )
        con.execute("DELETE FROM unit_state WHERE unit_key IN (SELECT unnest(?))", [units])
    return len(hit)


def stored_units(con: duckdb.DuckDBPyConnection, keys: Sequence[str]) -> list[str]:
    """Which of `keys` have rows in the warehouse."""
    rows = con.execute("SELECT unit_key FROM units WHERE unit_key IN (SELECT unnest(?))", [list(keys)]).fetchall()
    return [r[0] for r in rows]


def unit_fingerprints(path: Path, wait_s: float | None = None) -> dict[str, str]:
    if not path.exists():
        return {}
    with connect(path, read_only=True, wait_s=LOCK_WAIT_S if wait_s is None else wait_s) as con:
        if not has_schema(con):  # created, then killed before its first transaction committed
            return {}
        return dict(con.execute("SELECT unit_key, fingerprint FROM units").fetchall())


def has_schema(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether the warehouse's tables exist (a file whose schema was never committed has none)."""
    row = con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = 'units'").fetchone()
    return bool(row and row[0])


def totals(con: duckdb.DuckDBPyConnection, keys: Sequence[str] | None = None) -> dict[str, int]:
    where = "WHERE unit_key IN (SELECT unnest(?))" if keys is not None else ""
    params = [list(keys)] if keys is not None else []
    row = con.execute(
        f"""SELECT count(*), coalesce(sum(raw_bytes), 0), coalesce(sum(kept_bytes), 0),
                   coalesce(sum(evidence_rows), 0), coalesce(sum(redactions), 0)
            FROM units {where}""",
        params,
    ).fetchone()
    assert row is not None
    return {
        "units": row[0],
        "raw_bytes": int(row[1]),
        "kept_bytes": int(row[2]),
        "evidence_rows": int(row[3]),
        "redactions": int(row[4]),
    }
