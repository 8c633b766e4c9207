"""Warehouse access for the distill stages: evidence in, observations / rules out."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import UTC, datetime

import duckdb
import polars as pl

from persona_pipeline.core.models import ACTIVITY_KINDS
from persona_pipeline.core.warehouse import store
from persona_pipeline.persona.digest.directives import DIRECTIVES_VERSION, VERBATIM_MODEL, is_instruction_unit
from persona_pipeline.persona.digest.models import DigestInput, DigestResult, EvidenceView, Observation, Rule

_OBS_COLS = (
    "observation_id",
    "unit_key",
    "session_id",
    "project",
    "facet",
    "statement",
    "tier",
    "strength",
    "quote",
    "evidence_ids",
    "timestamp",
    "model",
    "prompt_version",
)
# The persona is what the person said: tool activity never reaches the persona digesters.
PROMPT_LOG_PREFIX = "prompt_log/"
PERSONA_EVIDENCE = "kind NOT IN (" + ", ".join(f"'{k.value}'" for k in sorted(ACTIVITY_KINDS)) + ")"
_STATE_SCHEMA = {
    "unit_key": pl.Utf8,
    "evidence_hash": pl.Utf8,
    "model": pl.Utf8,
    "prompt_version": pl.Utf8,
    "status": pl.Utf8,
    "error": pl.Utf8,
    "observations": pl.Int32,
    "calls": pl.Int32,
    "cache_hits": pl.Int32,
    "prompt_tokens": pl.Int64,
    "completion_tokens": pl.Int64,
    "cost_usd": pl.Float64,
    "soft_skips": pl.Int32,
    "dropped_quotes": pl.Int32,
    "digested_at": pl.Datetime("us"),
}
_RULE_COLS = (
    "rule_id",
    "facet",
    "statement",
    "tier",
    "support_observations",
    "support_sessions",
    "support_projects",
    "projects",
    "score",
    "first_seen",
    "last_seen",
    "observation_ids",
    "evidence_ids",
    "quotes",
    "superseded_by",
    "established",
)


def evidence_hashes(con: duckdb.DuckDBPyConnection) -> dict[str, str]:
    """Per unit, a hash of its current evidence ids: a digest is stale when this changes."""
    rows = con.execute(
        f"""SELECT unit_key, string_agg(evidence_id, ',' ORDER BY evidence_id) FROM evidence
            WHERE {PERSONA_EVIDENCE} GROUP BY unit_key"""
    ).fetchall()
    return {k: hashlib.sha256((v or "").encode()).hexdigest()[:32] for k, v in rows}


def evidence_rows(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """Per unit, its stored evidence rows (what loading its digest input holds)."""
    return {k: int(n or 0) for k, n in con.execute("SELECT unit_key, evidence_rows FROM units").fetchall()}


def digest_states(con: duckdb.DuckDBPyConnection) -> dict[str, tuple[str, str, str, str]]:
    """unit -> (evidence_hash, model, prompt_version, status)."""
    rows = con.execute("SELECT unit_key, evidence_hash, model, prompt_version, status FROM digest_state").fetchall()
    return {r[0]: (r[1], r[2], r[3], r[4]) for r in rows}


def stale_digest_units(con: duckdb.DuckDBPyConnection, model: str, prompt_version: str) -> list[str]:
    """Units whose evidence, model or prompt changed since their last good digest (or that
    failed / ran out of budget last time)."""
    states = digest_states(con)
    out = []
    for key, h in sorted(evidence_hashes(con).items()):
        st = states.get(key)
        if st is None or st != (h, model, prompt_version, "ok"):
            out.append(key)
    return out


def stale_units(con: duckdb.DuckDBPyConnection, model: str, prompt_version: str) -> list[str]:
    """Units to (re)digest: instruction files against the verbatim path (a model change never
    re-digests them), every other unit against the configured digester."""
    verbatim = stale_digest_units(con, VERBATIM_MODEL, DIRECTIVES_VERSION)
    digested = stale_digest_units(con, model, prompt_version)
    return sorted({k for k in verbatim if is_instruction_unit(k)} | {k for k in digested if not is_instruction_unit(k)})


def load_inputs(con: duckdb.DuckDBPyConnection, unit_keys: Sequence[str]) -> list[DigestInput]:
    if not unit_keys:
        return []
    rows = con.execute(
        """SELECT unit_key, evidence_id, tier, kind, excerpt, context, timestamp, project, session_id
           FROM evidence WHERE unit_key IN (SELECT unnest(?)) AND """
        + PERSONA_EVIDENCE
        + """
           ORDER BY unit_key, coalesce(timestamp, ''), line_no""",
        [list(unit_keys)],
    ).fetchall()
    # A prompt log holds many sessions: one input per session, so support counts sessions there
    # too (`distill.merge_by_unit` joins the results back into one per unit).
    by_unit: dict[tuple[str, str | None], list[EvidenceView]] = {}
    for r in rows:
        by_unit.setdefault((r[0], r[8] if r[0].startswith(PROMPT_LOG_PREFIX) else None), []).append(
            EvidenceView(
                evidence_id=r[1],
                tier=r[2],
                kind=r[3],
                excerpt=r[4],
                context=r[5] or "",
                timestamp=r[6],
                project=r[7] or "",
                session_id=r[8],
            )
        )
    return [
        DigestInput(unit_key=k, session_id=v[0].session_id, project=v[0].project, evidence=v)
        for (k, _), v in by_unit.items()
    ]


def save_digests(
    con: duckdb.DuckDBPyConnection,
    results: Sequence[DigestResult],
    hashes: dict[str, str],
    model: str,
    prompt_version: str,
) -> None:
    """Replace the observations of units digested successfully; record every unit's state. A
    failed or budget-stopped unit keeps its previous observations and is retried next run."""
    done = [r for r in results if r.status == "ok"]
    obs = [o.model_dump(mode="json") for r in done for o in r.observations]
    obs_df = pl.DataFrame(
        obs,
        schema={
            c: (pl.List(pl.Utf8) if c == "evidence_ids" else pl.Float64 if c == "strength" else pl.Utf8)
            for c in _OBS_COLS
        },
    )
    # one row per unit (the last result wins, as a per-row INSERT OR REPLACE would), bulk-written:
    # a statement per unit cost more than the digesting at 1,000 units
    states = list({r.unit_key: r for r in results}.values())
    now = datetime.now(UTC).replace(tzinfo=None)
    state_df = pl.DataFrame(
        {
            "unit_key": [r.unit_key for r in states],
            "evidence_hash": [hashes.get(r.unit_key, "") for r in states],
            "model": [model] * len(states),
            "prompt_version": [prompt_version] * len(states),
            "status": [r.status for r in states],
            "error": [r.error for r in states],
            "observations": [len(r.observations) for r in states],
            "calls": [r.calls for r in states],
            "cache_hits": [r.cache_hits for r in states],
            "prompt_tokens": [r.prompt_tokens for r in states],
            "completion_tokens": [r.completion_tokens for r in states],
            "cost_usd": [r.cost_usd for r in states],
            "soft_skips": [r.soft_skips for r in states],
            "dropped_quotes": [r.dropped_quotes for r in states],
            "digested_at": [now] * len(states),
        },
        schema=_STATE_SCHEMA,
    )
    with store.transaction(con):
        con.execute("DELETE FROM observations WHERE unit_key IN (SELECT unnest(?))", [[r.unit_key for r in done]])
        store.insert_frame(con, "observations", obs_df)
        con.execute("DELETE FROM digest_state WHERE unit_key IN (SELECT unnest(?))", [state_df["unit_key"].to_list()])
        store.insert_frame(con, "digest_state", state_df)


def load_observations(con: duckdb.DuckDBPyConnection) -> list[Observation]:
    rows = con.execute(f"SELECT {', '.join(_OBS_COLS)} FROM observations ORDER BY observation_id").fetchall()
    return [Observation(**dict(zip(_OBS_COLS, r, strict=True))) for r in rows]


def save_rules(con: duckdb.DuckDBPyConnection, rules: Sequence[Rule]) -> None:
    """The fold is rebuilt whole from all observations, so the table is replaced whole."""
    list_cols = {"observation_ids", "evidence_ids", "quotes", "projects"}
    schema = {
        c: (
            pl.List(pl.Utf8)
            if c in list_cols
            else pl.Float64
            if c == "score"
            else pl.Int32
            if c.startswith("support")
            else pl.Boolean
            if c == "established"
            else pl.Utf8
        )
        for c in _RULE_COLS
    }
    df = pl.DataFrame([r.model_dump(mode="json") for r in rules], schema=schema)
    with store.transaction(con):
        con.execute("DELETE FROM facet_rules")
        store.insert_frame(con, "facet_rules", df)


def load_rules(con: duckdb.DuckDBPyConnection) -> list[Rule]:
    rows = con.execute(f"SELECT {', '.join(_RULE_COLS)} FROM facet_rules").fetchall()
    return [Rule(**dict(zip(_RULE_COLS, r, strict=True))) for r in rows]


def run_totals(con: duckdb.DuckDBPyConnection, unit_keys: Sequence[str]) -> dict[str, float]:
    row = con.execute(
        """SELECT coalesce(sum(calls),0), coalesce(sum(cache_hits),0), coalesce(sum(prompt_tokens),0),
                  coalesce(sum(completion_tokens),0), coalesce(sum(cost_usd),0)
           FROM digest_state WHERE unit_key IN (SELECT unnest(?))""",
        [list(unit_keys)],
    ).fetchone()
    assert row is not None
    return {
        "llm_calls": int(row[0]),
        "cache_hits": int(row[1]),
        "prompt_tokens": int(row[2]),
        "completion_tokens": int(row[3]),
        "cost_usd": round(float(row[4]), 6),
    }
