"""`persona search`: BM25 over the persisted index, weighted, filtered, with citations.

Final score = BM25 × weight, the weight being the tier weight for evidence and persona rules
(T0 1.0, T1 0.9, T2 0.7, T3 0.4), the credibility for skills and lessons, and the T2 weight for
session notes. Ties go to the kind order (rule, skill, lesson, note, evidence), then the id.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from persona_pipeline.search import documents
from persona_pipeline.search.index import (
    LOCK_WAIT_S,
    LoadedIndex,
    WarehouseMissing,
    index_key,
    load_index,
    search_root,
    write_index,
)
from persona_pipeline.search.models import SearchResponse, SearchResult
from persona_pipeline.search.tokens import query_weights

if TYPE_CHECKING:
    from pathlib import Path

    import duckdb

    from persona_pipeline.core.config import Settings

SNIPPET_CHARS = 160
_TIE_DECIMALS = 5  # scores equal to this precision are ties (float32 arithmetic)


def search(
    settings: Settings, query: str, kind: str | None = None, project: str | None = None, limit: int = 10
) -> SearchResponse:
    """Ranked results for `query`, building the index first when the warehouse changed since."""
    started = time.perf_counter()
    if not settings.warehouse_path.exists():
        raise WarehouseMissing(str(settings.warehouse_path))
    if kind is not None and kind not in documents.CLI_KINDS:
        raise ValueError(f"unknown kind {kind!r}")
    response = SearchResponse(query=query, kind=kind, project=project)
    root = search_root(settings)
    with _open(settings) as con:
        fp = documents.fingerprint(con)
        idx = _try_load(root / fp, index_key(settings))
        if idx is not None:
            return _answer(con, idx, response, limit, started)
        docs = documents.load_documents(con)
    # the build runs with the warehouse closed, so a writer is not kept waiting meanwhile
    path = write_index(root, fp, docs, index_key(settings))
    response.index_built = True
    if path is None:
        response.message = "nothing to search yet: the warehouse is empty (run `persona run` first)"
        response.took_ms = _ms(started)
        return response
    with _open(settings) as con:
        return _answer(con, load_index(path, index_key(settings)), response, limit, started)


@contextmanager
def _open(settings: Settings) -> Iterator[duckdb.DuckDBPyConnection]:
    """The warehouse, read-only, on one DuckDB thread: a search's statements are small, and on a
    busy machine a parallel statement waits for every one of its threads to be scheduled."""
    from persona_pipeline.core.warehouse import store

    with store.connect(settings.warehouse_path, read_only=True, wait_s=LOCK_WAIT_S) as con:
        con.execute("SET threads = 1")
        yield con


def _try_load(path: Path, hash_key: bytes) -> LoadedIndex | None:
    try:
        return load_index(path, hash_key)
    except FileNotFoundError:  # not built yet, or removed by a concurrent build
        return None


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


def _answer(
    con: duckdb.DuckDBPyConnection, idx: LoadedIndex, response: SearchResponse, limit: int, started: float
) -> SearchResponse:
    response.documents = len(idx)
    terms = query_weights(response.query)
    if not terms:
        response.message = "no searchable words in the query (only stopwords or punctuation)"
    else:
        kinds = documents.CLI_KINDS[response.kind] if response.kind else None
        ranked = rank(idx, terms, kinds, response.project, limit)
        response.results = _resolve(con, idx, ranked, list(terms))
        if not response.results:
            response.message = "no results"
    response.took_ms = _ms(started)
    return response


def rank(
    idx: LoadedIndex, terms: dict[str, float], kinds: tuple[str, ...] | None, project: str | None, limit: int
) -> list[tuple[int, float, float]]:
    """Top `limit` documents as (position, bm25, weight), best first, deterministic. `terms` maps
    query tokens to their query weight (derived tokens count less, see tokens.query_weights)."""
    import numpy as np

    ids = idx.token_ids(list(terms))
    if not ids or limit <= 0:
        return []
    by_weight: dict[float, set[int]] = {}
    for term, token_id in ids.items():
        by_weight.setdefault(terms[term], set()).add(token_id)
    bm25 = None
    for q_weight, token_ids in sorted(by_weight.items()):
        part = idx.retriever.get_scores_from_ids(sorted(token_ids))
        bm25 = part * q_weight if bm25 is None else bm25 + part * q_weight
    assert bm25 is not None
    scores = bm25 * idx.weights
    if kinds is not None:
        wanted = [documents.KINDS.index(k) for k in kinds]
        scores[~np.isin(idx.kinds, wanted)] = 0
    if project is not None:
        keep = np.zeros(len(idx), dtype=bool)
        if project in idx.project_names:
            keep[idx.pair_docs[idx.pair_projects == idx.project_names.index(project)]] = True
        scores[~keep] = 0
    cand = np.flatnonzero(scores > 0)
    rounded = np.round(scores[cand].astype(np.float64), _TIE_DECIMALS)
    if len(cand) > limit:  # narrow to the top `limit` scores (and everything tied with the last)
        kth = np.partition(-rounded, limit - 1)[limit - 1]
        keep_top = -rounded <= kth
        cand, rounded = cand[keep_top], rounded[keep_top]
    order = np.lexsort((cand, -rounded))[:limit]  # score desc, then index order (kind, id)
    return [(int(cand[i]), float(bm25[cand[i]]), float(idx.weights[cand[i]])) for i in order]


def _projects_of(idx: LoadedIndex, pos: int) -> list[str]:
    import numpy as np

    lo, hi = np.searchsorted(idx.pair_docs, [pos, pos + 1])  # pairs are stored in document order
    return [idx.project_names[int(c)] for c in idx.pair_projects[lo:hi]]


def _resolve(
    con: duckdb.DuckDBPyConnection, idx: LoadedIndex, ranked: list[tuple[int, float, float]], terms: list[str]
) -> list[SearchResult]:
    """Stored text and citations of the ranked documents, read back from the warehouse."""
    by_kind: dict[str, list[str]] = {}
    for pos, _, _ in ranked:
        by_kind.setdefault(documents.KINDS[int(idx.kinds[pos])], []).append(idx.key(pos))
    stored = {kind: documents.read_stored(con, kind, keys) for kind, keys in by_kind.items() if kind != "evidence"}
    cited, stored["evidence"] = documents.read_evidence(
        con, (e for got in stored.values() for s in got.values() for e in s.evidence_ids), by_kind.get("evidence", [])
    )
    results = []
    for pos, bm25, weight in ranked:
        kind, key = documents.KINDS[int(idx.kinds[pos])], idx.key(pos)
        row = stored[kind].get(key)
        if row is None:  # erased since the fingerprint was taken
            continue
        citations = documents.order_citations([cited[e] for e in row.evidence_ids if e in cited])
        projects = _projects_of(idx, pos)
        results.append(
            SearchResult(
                kind=kind,
                id=key,
                text=row.text,
                snippet=snippet(row.text, terms),
                score=round(bm25 * weight, 4),
                bm25=round(bm25, 4),
                weight=round(weight, 4),
                project=projects[0] if len(projects) == 1 else None,
                projects=projects,
                detail=row.detail,
                citations=citations[: documents.MAX_CITATIONS],
                citations_total=len(set(row.evidence_ids)),
            )
        )
    return results


def snippet(text: str, terms: list[str], width: int = SNIPPET_CHARS) -> str:
    """One line of about `width` characters around the first matching word."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    low = flat.lower()
    found = [p for p in (low.find(t) for t in terms) if p >= 0]
    start = max(0, min(found) - width // 4) if found else 0
    end = min(len(flat), start + width)
    start = max(0, end - width)
    return ("…" if start else "") + flat[start:end].strip() + ("…" if end < len(flat) else "")
