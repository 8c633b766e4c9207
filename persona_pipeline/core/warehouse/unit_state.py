"""The one state table of the per-unit stages (`unit_state`): per (stage, unit), what its rows
were built from (evidence hash, model, prompt version), whether the build succeeded, and what it
cost. A stage rebuilds a unit when its evidence, the model or the prompt version changes, or when
its last build failed or was stopped by the budget.

`digest_state` (stage `digests`) and `memory_state` (stages `lessons`, `notes`) are views over it,
kept as the query surface they were.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import duckdb
import polars as pl

from persona_pipeline.core.warehouse import store

DIGESTS, LESSONS, NOTES = "digests", "lessons", "notes"
SCHEMA = {
    "stage": pl.Utf8,
    "unit_key": pl.Utf8,
    "evidence_hash": pl.Utf8,
    "model": pl.Utf8,
    "prompt_version": pl.Utf8,
    "status": pl.Utf8,
    "error": pl.Utf8,
    "items": pl.Int32,
    "calls": pl.Int32,
    "cache_hits": pl.Int32,
    "prompt_tokens": pl.Int64,
    "completion_tokens": pl.Int64,
    "cost_usd": pl.Float64,
    "soft_skips": pl.Int32,
    "dropped_quotes": pl.Int32,
    "built_at": pl.Datetime("us"),
}
_COUNTS = ("calls", "cache_hits", "prompt_tokens", "completion_tokens", "cost_usd", "soft_skips", "dropped_quotes")


def states(con: duckdb.DuckDBPyConnection, stage: str) -> dict[str, tuple[str, str, str, str]]:
    """unit -> (evidence_hash, model, prompt_version, status) of `stage`."""
    rows = con.execute(
        "SELECT unit_key, evidence_hash, model, prompt_version, status FROM unit_state WHERE stage = ?", [stage]
    ).fetchall()
    return {r[0]: (r[1], r[2], r[3], r[4]) for r in rows}


def stale(
    con: duckdb.DuckDBPyConnection, stage: str, hashes: Mapping[str, str], model: str, prompt_version: str
) -> list[str]:
    """The units of `hashes` (unit -> hash of its current evidence) `stage` must (re)build, in key order."""
    known = states(con, stage)
    return [k for k, h in sorted(hashes.items()) if known.get(k) != (h, model, prompt_version, "ok")]


def frame(
    stage: str,
    results: Sequence[Any],
    items: Sequence[int],
    hashes: Mapping[str, str],
    model: str,
    prompt_version: str,
) -> pl.DataFrame:
    """State rows for `results` (objects with unit_key, status, error and the call counts; a
    count a stage does not report is 0), `items` built per result. The last result of a unit wins."""
    last = {r.unit_key: (r, n) for r, n in zip(results, items, strict=True)}
    now = datetime.now(UTC).replace(tzinfo=None)
    rows = [
        {
            "stage": stage,
            "unit_key": key,
            "evidence_hash": hashes.get(key, ""),
            "model": model,
            "prompt_version": prompt_version,
            "status": r.status,
            "error": r.error,
            "items": n,
            **{c: getattr(r, c, 0) or 0 for c in _COUNTS},
            "built_at": now,
        }
        for key, (r, n) in last.items()
    ]
    return pl.DataFrame(rows, schema=SCHEMA)


def replace(con: duckdb.DuckDBPyConnection, stage: str, rows: pl.DataFrame) -> None:
    """Record these units' state of `stage` (inside the caller's transaction, beside its rows)."""
    con.execute(
        "DELETE FROM unit_state WHERE stage = ? AND unit_key IN (SELECT unnest(?))", [stage, rows["unit_key"].to_list()]
    )
    store.insert_frame(con, "unit_state", rows)


def forget(con: duckdb.DuckDBPyConnection, stage: str, unit_keys: Sequence[str]) -> None:
    con.execute("DELETE FROM unit_state WHERE stage = ? AND unit_key IN (SELECT unnest(?))", [stage, list(unit_keys)])


def totals(
    con: duckdb.DuckDBPyConnection,
    stages: Sequence[str],
    unit_keys: Sequence[str] | None = None,
    since: datetime | None = None,
) -> dict[str, float]:
    """Calls, cache hits, tokens and USD recorded for `stages` (of `unit_keys`, built since `since`)."""
    where, params = ["stage IN (SELECT unnest(?))"], [list(stages)]
    if unit_keys is not None:
        where.append("unit_key IN (SELECT unnest(?))")
        params.append(list(unit_keys))
    if since is not None:
        where.append("built_at >= ?")
        params.append(since)
    row = con.execute(
        f"""SELECT coalesce(sum(calls),0), coalesce(sum(cache_hits),0), coalesce(sum(prompt_tokens),0),
                   coalesce(sum(completion_tokens),0), coalesce(sum(cost_usd),0)
            FROM unit_state WHERE {" AND ".join(where)}""",
        params,
    ).fetchone()
    assert row is not None
    return {
        "llm_calls": int(row[0]),
        "cache_hits": int(row[1]),
        "prompt_tokens": int(row[2]),
        "completion_tokens": int(row[3]),
        "cost_usd": round(float(row[4]), 6),
    }
