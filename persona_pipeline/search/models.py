"""What a search returns: results with their citations, each traced to stored evidence."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Citation(BaseModel):
    """One evidence row behind a result, as provenance (the excerpt itself is not repeated)."""

    evidence_id: str
    source_kind: str | None
    tier: str | None
    kind: str | None
    project: str | None
    session_id: str | None
    timestamp: str | None
    unit_key: str | None
    line_no: int | None

    def label(self) -> str:
        """`unit_key:line (project, date)`: where to look."""
        date = (self.timestamp or "")[:10] or "undated"
        return f"{self.unit_key}:{self.line_no} ({self.project or '?'}, {date})"


class SearchResult(BaseModel):
    kind: str  # persona | skill | lesson | note | evidence
    id: str
    text: str  # the stored (redacted) text, capped
    snippet: str  # ~160 characters around the first matching word
    score: float  # bm25 × weight
    bm25: float
    weight: float  # tier weight (evidence, rules, notes) or credibility (skills, lessons)
    project: str | None  # the one project, when the result has exactly one
    projects: list[str] = Field(default_factory=list)
    detail: dict[str, str] = Field(default_factory=dict)  # facet, tier, note kind, lesson signal …
    citations: list[Citation] = Field(default_factory=list)
    citations_total: int = 0  # evidence ids the result cites, including erased or capped ones


class SearchResponse(BaseModel):
    query: str
    kind: str | None = None
    project: str | None = None
    results: list[SearchResult] = Field(default_factory=list)
    took_ms: float = 0.0  # the search (and any index build), after start-up and library imports
    index_built: bool = False  # this search (re)built the index first
    documents: int = 0  # documents in the index
    message: str | None = None  # why there are no results (empty warehouse, no match)
