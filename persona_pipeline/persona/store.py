"""Warehouse access for the distill stages: evidence in, observations / rules out."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import duckdb
import polars as pl

from persona_pipeline.core.models import ACTIVITY_KINDS
from persona_pipeline.core.sources import readers
from persona_pipeline.core.warehouse import store, unit_state
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
PERSONA_EVIDENCE = "kind NOT IN (" + ", ".join(f"'{k.value}'" for k in sorted(ACTIVITY_KINDS)) + ")"
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


def stale_digest_units(con: duckdb.DuckDBPyConnection, model: str, prompt_version: str) -> list[str]:
    """Units whose evidence, model or prompt changed since their last good digest (or that
    failed / ran out of budget last time)."""
    return unit_state.stale(con, unit_state.DIGESTS, evidence_hashes(con), model, prompt_version)


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
        """SELECT unit_key, evidence_id, tier, kind, excerpt, context, timestamp, project, session_id,
                  source_kind
           FROM evidence WHERE unit_key IN (SELECT unnest(?)) AND """
        + PERSONA_EVIDENCE
        + """
           ORDER BY unit_key, coalesce(timestamp, ''), line_no""",
        [list(unit_keys)],
    ).fetchall()
    # A prompt log (or a reader's many-session unit: a database, an export) holds many sessions:
    # one input per session, so support counts sessions there too (`stage.merge_by_unit` joins the
    # results back into one per unit).
    many = readers.many_session_prefixes()
    by_unit: dict[tuple[str, str | None], list[EvidenceView]] = {}
    for r in rows:
        by_unit.setdefault((r[0], r[8] if r[0].startswith(many) else None), []).append(
            EvidenceView(
                evidence_id=r[1],
                tier=r[2],
                kind=r[3],
                excerpt=r[4],
                context=r[5] or "",
                timestamp=r[6],
                project=r[7] or "",
                session_id=r[8],
                source_kind=r[9] or "",
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
    # one row per unit (the last result wins), bulk-written: a statement per unit cost more than
    # the digesting at 1,000 units
    state_df = unit_state.frame(
        unit_state.DIGESTS, results, [len(r.observations) for r in results], hashes, model, prompt_version
    )
    with store.transaction(con):
        con.execute("DELETE FROM observations WHERE unit_key IN (SELECT unnest(?))", [[r.unit_key for r in done]])
        store.insert_frame(con, "observations", obs_df)
        unit_state.replace(con, unit_state.DIGESTS, state_df)


def load_observations(con: duckdb.DuckDBPyConnection, batch: int = 4_096) -> list[Observation]:
    """Every observation, built a batch of rows at a time (all rows fetched at once, as Python
    tuples beside the records built from them, were the compile's peak on a large history)."""
    cur = con.execute(f"SELECT {', '.join(_OBS_COLS)} FROM observations ORDER BY observation_id")
    out: list[Observation] = []
    # One string object per distinct value: unit keys, sessions, projects, models, timestamps and
    # evidence ids repeat across a unit's observations, and statements and quotes across units
    # (49,000 observations on a 2 GB history hold ~9,600 distinct quotes): ~40 MB less at the
    # compile's fold, and less of its heap left behind for the checks that follow.
    shared: dict[str, str] = {}
    one = shared.setdefault
    ev = _OBS_COLS.index("evidence_ids")
    while rows := cur.fetchmany(batch):
        for r in rows:
            values = [one(v, v) if type(v) is str else v for v in r]
            if values[ev] is not None:
                values[ev] = [one(e, e) for e in values[ev]]
            out.append(Observation(**dict(zip(_OBS_COLS, values, strict=True))))
    return out


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
    return unit_state.totals(con, [unit_state.DIGESTS], unit_keys)


def rule_histories(con: duckdb.DuckDBPyConnection) -> dict[str, dict[str, str]]:
    """Per stored rule id, its supporting sessions (session id, else unit key) and the newest
    timestamp of its evidence in each ("" when unknown): what a review decision compares against,
    and the support over time. In SQL: the pack would otherwise load every observation (a 2 GB
    history's 49,000 held ~200 MB for a second)."""
    out: dict[str, dict[str, str]] = {rid: {} for (rid,) in con.execute("SELECT rule_id FROM facet_rules").fetchall()}
    rows = con.execute(
        """SELECT r.rule_id, coalesce(nullif(o.session_id, ''), o.unit_key), max(coalesce(o.timestamp, ''))
           FROM (SELECT DISTINCT rule_id, unnest(observation_ids) AS oid FROM facet_rules) r
           JOIN observations o ON o.observation_id = r.oid
           GROUP BY 1, 2"""
    ).fetchall()
    for rid, session, stamp in rows:
        out[rid][session] = stamp
    return out
