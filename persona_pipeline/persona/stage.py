"""The digest stage over stored evidence: instruction files verbatim, everything else through the
configured digester. Plain Python: the `session_digests` asset and the tests call it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from persona_pipeline.core.config import Settings
from persona_pipeline.core.progress import report
from persona_pipeline.core.warehouse import claims, store
from persona_pipeline.persona import store as digest_store
from persona_pipeline.persona.digest.backend import make_digester
from persona_pipeline.persona.digest.directives import (
    DIRECTIVES_VERSION,
    VERBATIM_MODEL,
    directive_result,
    is_instruction_unit,
)
from persona_pipeline.persona.digest.models import Digester, DigestResult

# Evidence is loaded, digested and stored a slice of units at a time: loading a 2 GB history's
# ~60,000 evidence rows at once held ~190 MB for the whole digest (bench/RESULTS.notes.md).
CHUNK_EVIDENCE_ROWS = 5_000


def chunks(keys: Sequence[str], rows: dict[str, int], limit: int = CHUNK_EVIDENCE_ROWS) -> Iterator[list[str]]:
    """Consecutive slices of `keys` holding at most `limit` evidence rows (a larger unit alone)."""
    chunk: list[str] = []
    held = 0
    for k in keys:
        n = rows.get(k, 0)
        if chunk and held + n > limit:
            yield chunk
            chunk, held = [], 0
        chunk.append(k)
        held += n
    if chunk:
        yield chunk


_WORST = {"ok": 0, "budget": 1, "failed": 2}


def merge_by_unit(results: Sequence[DigestResult]) -> list[DigestResult]:
    """One result per unit, in first-seen order: a prompt log is digested session by session. A
    unit with any failed part is failed as a whole (it keeps its previous observations)."""
    merged: dict[str, DigestResult] = {}
    for r in results:
        m = merged.get(r.unit_key)
        if m is None:
            merged[r.unit_key] = r.model_copy(deep=True)
            continue
        if _WORST.get(r.status, 2) > _WORST.get(m.status, 2):
            m.status, m.error = r.status, r.error
        m.observations += r.observations
        m.calls += r.calls
        m.cache_hits += r.cache_hits
        m.prompt_tokens += r.prompt_tokens
        m.completion_tokens += r.completion_tokens
        m.cost_usd += r.cost_usd
        m.soft_skips += r.soft_skips
        m.dropped_quotes += r.dropped_quotes
    return list(merged.values())


def digest_units(
    settings: Settings, keys: Sequence[str], force: bool = False, digester: Digester | None = None
) -> tuple[list[DigestResult], str]:
    """Digest `keys` (only the stale ones unless `force`) with `digester` (default: the one the
    settings name) and store the results. Returns the results (their observations stored, and
    counted in `stored_observations`) and the digester's name. A failed unit keeps its previous
    observations."""
    digester = digester or make_digester(settings)
    with store.connect(settings.warehouse_path) as con:
        if not force:
            stale = set(digest_store.stale_units(con, digester.name, digester.prompt_version))
            keys = [k for k in keys if k in stale]
        hashes = digest_store.evidence_hashes(con)
        rows = digest_store.evidence_rows(con)
    verbatim: list[DigestResult] = []
    digested: list[DigestResult] = []
    report(0, len(keys), "digests")
    owner = claims.new_owner()

    def still_stale(con: Any) -> Any:  # another process may have digested some of them meanwhile
        return keys if force else digest_store.stale_units(con, digester.name, digester.prompt_version)

    for chunk in chunks(keys, rows, CHUNK_EVIDENCE_ROWS):
        # units another process is digesting (or just digested) are left to it: nobody pays twice
        with claims.held(settings.warehouse_path, claims_stage(digester), chunk, owner, still_stale) as mine:
            with store.connect(settings.warehouse_path) as con:
                inputs = digest_store.load_inputs(con, mine)
            done_verbatim = [directive_result(i) for i in inputs if is_instruction_unit(i.unit_key)]
            rest = [i for i in inputs if not is_instruction_unit(i.unit_key)]
            del inputs
            done = merge_by_unit(digester.digest_many(rest)) if rest else []  # the slow part: no connection held
            del rest
            with store.connect(settings.warehouse_path) as con:
                digest_store.save_digests(con, done_verbatim, hashes, VERBATIM_MODEL, DIRECTIVES_VERSION)
                digest_store.save_digests(con, done, hashes, digester.name, digester.prompt_version)
        for r in (*done_verbatim, *done):  # stored: keep the counts, not the records
            r.stored_observations, r.observations = len(r.observations), []
        verbatim += done_verbatim
        digested += done
        report(len(verbatim) + len(digested), len(keys), "digests")
    return verbatim + digested, digester.name


def claims_stage(digester: Digester) -> str:
    """Claims are per stage and model: two runs digesting with different models do not wait."""
    return f"digests:{digester.name}"
