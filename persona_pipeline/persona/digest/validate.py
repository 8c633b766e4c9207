"""Turning drafted observations into stored ones: quotes must be the person's own words."""

from __future__ import annotations

from persona_pipeline.core.sources.readers import general_chat_kinds
from persona_pipeline.persona.digest.code_talk import about_code
from persona_pipeline.persona.digest.models import (
    TIER_WEIGHT,
    DigestInput,
    DraftObservation,
    EvidenceView,
    Facet,
    Observation,
    observation_id,
)


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def ground(
    inp: DigestInput, drafts: list[DraftObservation], model: str, prompt_version: str
) -> tuple[list[Observation], int]:
    """Keep drafts whose quote occurs in an evidence excerpt (whitespace- and case-insensitive);
    the tier is taken from that evidence, never from the draft. Returns (observations, dropped)."""
    out: list[Observation] = []
    dropped = 0
    seen: set[str] = set()
    excerpts = [(e, _norm(e.excerpt)) for e in inp.evidence]  # once per unit, not once per draft
    for d in drafts:
        q = _norm(d.quote)
        hits = [e for e, text in excerpts if q and q in text]
        if not hits or d.facet is Facet.DIRECTIVES:
            dropped += 1  # directives come only from instruction files, never from a digest
            continue
        tier = min((e.tier for e in hits), key=lambda t: t.value)  # the strongest source wins
        ids = sorted({e.evidence_id for e in hits})
        facet = chat_facet(d.facet, hits)
        oid = observation_id(inp.unit_key, facet.value, d.statement, ids)
        if oid in seen:
            continue
        seen.add(oid)
        first = hits[0]
        out.append(
            Observation(
                observation_id=oid,
                unit_key=inp.unit_key,
                session_id=first.session_id or inp.session_id,
                project=first.project or inp.project,
                facet=facet,
                statement=d.statement.strip(),
                tier=tier,
                strength=TIER_WEIGHT[tier],
                quote=d.quote.strip(),
                evidence_ids=ids,
                timestamp=max((e.timestamp or "" for e in hits), default="") or None,
                model=model,
                prompt_version=prompt_version,
            )
        )
    return out, dropped


def chat_facet(facet: Facet, hits: list[EvidenceView]) -> Facet:
    """General chat-UI conversations (an export of ChatGPT or Claude.ai: `readers.general_chat`)
    are not coding sessions: a rule drawn only from their turns says how the person wants to be
    answered — the communication facet — unless a turn it quotes is about code (`code_talk`),
    when it keeps the coding facet it was given. Rules from coding agents are untouched."""
    if facet is Facet.COMMUNICATION:
        return facet
    chat = general_chat_kinds()
    if not chat or any(e.source_kind not in chat for e in hits):
        return facet
    return facet if any(about_code(e.excerpt) for e in hits) else Facet.COMMUNICATION
