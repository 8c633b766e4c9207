"""save_digests writes the digest rows of `unit_state` in bulk: one row per unit, the last result
wins, as a per-unit INSERT OR REPLACE would have; read through the `digest_state` view."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import duckdb

from persona_pipeline.core.models import Tier
from persona_pipeline.core.warehouse import store
from persona_pipeline.persona import store as digest_store
from persona_pipeline.persona.digest.models import DigestResult, Facet, Observation

_STATE = (
    "unit_key, evidence_hash, model, prompt_version, status, error, observations, calls, cache_hits, "
    "prompt_tokens, completion_tokens, cost_usd, soft_skips, dropped_quotes"
)


def _obs(unit: str, n: int) -> list[Observation]:
    return [
        Observation(
            observation_id=f"{unit}-{i}",
            unit_key=unit,
            session_id=unit,
            project="p",
            facet=Facet.STACK,
            statement=f"use polars {i}",
            tier=Tier.T2,
            strength=0.8,
            quote="use polars",
            evidence_ids=[f"{unit}-ev"],
            timestamp="2026-10-01T00:00:00Z",
            model="m",
            prompt_version="v",
        )
        for i in range(n)
    ]


def _expected(batches: Sequence[Sequence[DigestResult]], hashes: dict[str, str]) -> list[tuple]:
    """What one INSERT OR REPLACE per result, in order, would leave."""
    last: dict[str, tuple] = {}
    for batch in batches:
        for r in batch:
            last[r.unit_key] = (
                *(r.unit_key, hashes.get(r.unit_key, ""), "m", "v", r.status, r.error, len(r.observations)),
                *(r.calls, r.cache_hits, r.prompt_tokens, r.completion_tokens, r.cost_usd, r.soft_skips),
                r.dropped_quotes,
            )
    return [last[k] for k in sorted(last)]


def _rows(con: duckdb.DuckDBPyConnection, sql: str) -> list[tuple]:
    return con.execute(sql).fetchall()


def test_bulk_states_match_per_unit_replace(tmp_path: Path) -> None:
    first = [
        DigestResult(unit_key="u1", observations=_obs("u1", 2), calls=1, prompt_tokens=10, cost_usd=0.25),
        DigestResult(unit_key="u2", observations=_obs("u2", 1), calls=2, cache_hits=1, completion_tokens=3),
        DigestResult(unit_key="u3", status="failed", error="timeout", calls=1),
    ]
    second = [
        DigestResult(unit_key="u1", status="budget", soft_skips=1),  # keeps u1's observations
        DigestResult(unit_key="u3", observations=_obs("u3", 3), calls=1, dropped_quotes=2),
        DigestResult(unit_key="u4", observations=[], calls=1),
        DigestResult(unit_key="u4", observations=_obs("u4", 1), calls=2),  # listed twice: the last wins
    ]
    hashes = {"u1": "h1", "u2": "h2", "u3": "h3"}  # u4 has none: ""
    with store.connect(tmp_path / "new.duckdb") as new:
        for batch in (first, second):
            digest_store.save_digests(new, batch, hashes, "m", "v")
        got = _rows(new, f"SELECT {_STATE} FROM digest_state ORDER BY unit_key")
        assert got == _expected((first, second), hashes)
        assert _rows(new, "SELECT DISTINCT stage FROM unit_state") == [("digests",)]
        assert [r[0] for r in got] == ["u1", "u2", "u3", "u4"]
        assert got[0][4] == "budget" and got[3][1:8] == ("", "m", "v", "ok", None, 1, 2)
        assert _rows(new, "SELECT count(*) FROM digest_state WHERE digested_at IS NULL") == [(0,)]
        obs = _rows(new, "SELECT unit_key, count(*) FROM observations GROUP BY ALL ORDER BY 1")
        assert obs == [("u1", 2), ("u2", 1), ("u3", 3), ("u4", 1)]


def test_schema_2_state_tables_migrate_into_unit_state(tmp_path: Path) -> None:
    """A warehouse written before the one state table keeps every stage's state: its
    `digest_state` and `memory_state` rows move into `unit_state`, and the names become views."""
    path = tmp_path / "old.duckdb"
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
    con.execute("INSERT INTO meta VALUES ('schema_version', '2')")
    con.execute(
        """CREATE TABLE digest_state (unit_key VARCHAR PRIMARY KEY, evidence_hash VARCHAR, model VARCHAR,
           prompt_version VARCHAR, status VARCHAR, error VARCHAR, observations INTEGER, calls INTEGER,
           cache_hits INTEGER, prompt_tokens BIGINT, completion_tokens BIGINT, cost_usd DOUBLE, soft_skips INTEGER,
           dropped_quotes INTEGER, digested_at TIMESTAMP)"""
    )
    con.execute("INSERT INTO digest_state VALUES ('u1', 'h1', 'm', 'v', 'ok', NULL, 2, 1, 0, 10, 3, 0.5, 0, 1, now())")
    con.execute(
        """CREATE TABLE memory_state (stage VARCHAR, unit_key VARCHAR, evidence_hash VARCHAR, model VARCHAR,
           prompt_version VARCHAR, status VARCHAR, error VARCHAR, items INTEGER, calls INTEGER, cache_hits INTEGER,
           prompt_tokens BIGINT, completion_tokens BIGINT, cost_usd DOUBLE, built_at TIMESTAMP,
           PRIMARY KEY (stage, unit_key))"""
    )
    con.execute(
        "INSERT INTO memory_state VALUES "
        "('notes', 'u1', 'h1', 'm', 'n1', 'failed', 'timeout', 0, 1, 0, 5, 0, 0.1, now())"
    )
    con.close()
    with store.connect(path) as con:
        assert _rows(con, "SELECT stage, unit_key, status, items FROM unit_state ORDER BY stage") == [
            ("digests", "u1", "ok", 2),
            ("notes", "u1", "failed", 0),
        ]
        assert _rows(con, "SELECT unit_key, observations, dropped_quotes FROM digest_state") == [("u1", 2, 1)]
        assert _rows(con, "SELECT stage, error FROM memory_state") == [("notes", "timeout")]
        kinds = _rows(
            con,
            "SELECT table_name, table_type FROM information_schema.tables "
            "WHERE table_name IN ('digest_state', 'memory_state') ORDER BY 1",
        )
        assert kinds == [("digest_state", "VIEW"), ("memory_state", "VIEW")]
        assert _rows(con, "SELECT stage, units FROM spend ORDER BY stage") == [("digests", 1), ("notes", 1)]
