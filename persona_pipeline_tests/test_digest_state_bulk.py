"""save_digests writes digest_state in bulk with the rows the per-unit INSERT OR REPLACE wrote."""

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


def _reference_states(con: duckdb.DuckDBPyConnection, results: Sequence[DigestResult], hashes: dict[str, str]) -> None:
    """digest_state as save_digests wrote it before: one INSERT OR REPLACE per result."""
    for r in results:
        con.execute(
            "INSERT OR REPLACE INTO digest_state VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())",
            [
                *(r.unit_key, hashes.get(r.unit_key, ""), "m", "v", r.status, r.error, len(r.observations)),
                *(r.calls, r.cache_hits, r.prompt_tokens, r.completion_tokens, r.cost_usd, r.soft_skips),
                r.dropped_quotes,
            ],
        )


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
    with store.connect(tmp_path / "new.duckdb") as new, store.connect(tmp_path / "ref.duckdb") as ref:
        for batch in (first, second):
            digest_store.save_digests(new, batch, hashes, "m", "v")
            _reference_states(ref, batch, hashes)
        got = _rows(new, f"SELECT {_STATE} FROM digest_state ORDER BY unit_key")
        assert got == _rows(ref, f"SELECT {_STATE} FROM digest_state ORDER BY unit_key")
        assert [r[0] for r in got] == ["u1", "u2", "u3", "u4"]
        assert got[0][4] == "budget" and got[3][1:8] == ("", "m", "v", "ok", None, 1, 2)
        assert _rows(new, "SELECT count(*) FROM digest_state WHERE digested_at IS NULL") == [(0,)]
        obs = _rows(new, "SELECT unit_key, count(*) FROM observations GROUP BY ALL ORDER BY 1")
        assert obs == [("u1", 2), ("u2", 1), ("u3", 3), ("u4", 1)]
