"""Human-readable search output: one line per result, then where its evidence is."""

from __future__ import annotations

from persona_pipeline.search.models import SearchResponse, SearchResult


def _label(r: SearchResult) -> str:
    d = r.detail
    if r.kind == "persona":
        return f"rule/{d.get('facet', '')} {d.get('tier', '')}".strip()
    if r.kind == "skill":
        return f"skill v{d.get('version', '1')}"
    if r.kind == "lesson":
        return f"lesson/{d.get('kind', '')}"
    if r.kind == "note":
        return f"note/{d.get('kind', '')}"
    return f"core/evidence/{d.get('kind', '')} {d.get('tier', '')}".strip()


def render(response: SearchResponse) -> str:
    if not response.results:
        return f"persona search: {response.message or 'no results'}"
    lines = []
    for rank, r in enumerate(response.results, 1):
        lines.append(f"{rank:>3}. {_label(r):<28} {r.score:7.3f}  {r.snippet}")
        if r.citations:
            more = r.citations_total - 1
            tail = f"  (+{more} more)" if more > 0 else ""
            lines.append(f"     {'':<28} {'':>7}  ↳ {r.citations[0].label()}{tail}")
    n = len(response.results)
    built = ", index rebuilt" if response.index_built else ""
    plural = "s" if n != 1 else ""
    lines.append(f"{n} result{plural} of {response.documents} documents in {response.took_ms:.0f} ms{built}")
    return "\n".join(lines)
