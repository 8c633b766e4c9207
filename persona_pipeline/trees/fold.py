"""Folding observations into per-facet rules (deterministic, lexical).

Observations are clustered within a facet by weighted token overlap (tool and practice names
weigh more than ordinary words), so "Use polars instead of pandas" and "stick with polars for the
date filtering" support one rule. Within a cluster, an observation that prefers what the
winner rejects (or the reverse) is a contradiction: higher tier wins, then newer; the loser is
kept as a superseded rule. Ids are content-stable, so folding the same observations twice gives
the same rules with the same support.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

from pydantic import BaseModel

from persona_pipeline.digests.lexicon import ANCHOR_TOKENS, _stem, content_tokens
from persona_pipeline.digests.models import TIER_WEIGHT, Facet, Observation
from persona_pipeline.models import Tier

SIMILARITY = 0.34
_ANCHORS = ANCHOR_TOKENS - {
    _stem(t)
    for t in {
        "tests",
        "commit",
        "code",
        "done",
        "ask",
        "tell",
        "format",
        "plan",
        "names",
        "function",
        "functions",
        "class",
        "classes",
        "module",
        "modules",
        "comment",
        "comments",
        "env",
        "environment",
        "path",
        "machine",
    }
}
_INSTEAD = re.compile(r"^use (?P<pos>.+?) instead of (?P<neg>.+?)\.?$", re.IGNORECASE)
_NEGATIVE = re.compile(
    r"^(?:avoid|never|don'?t|do not|stop)\b(?P<neg>.*?)(?:,\s*(?:we |i )?use (?P<pos>.+))?\.?$", re.IGNORECASE
)


class Rule(BaseModel):
    rule_id: str
    facet: Facet
    statement: str
    tier: Tier  # strongest tier among its observations
    support_observations: int
    support_sessions: int
    support_projects: int
    projects: list[str] = []
    score: float  # Σ over sessions of the strongest tier weight seen in that session
    first_seen: str | None
    last_seen: str | None
    observation_ids: list[str]
    evidence_ids: list[str]
    quotes: list[str]
    superseded_by: str | None = None
    established: bool = True  # False when only T3 evidence supports it


def _weight(token: str) -> float:
    return 3.0 if token in _ANCHORS else 1.0


def similarity(a: frozenset[str], b: frozenset[str]) -> float:
    """Weighted Jaccard; 1.0 when one statement's named tools/practices are all in the other's
    ("type hints everywhere" ⊂ "type hints everywhere, mypy --strict runs in CI")."""
    aa, ba = a & _ANCHORS, b & _ANCHORS
    if aa and ba and (aa <= ba or ba <= aa):
        return 1.0
    union = sum(_weight(t) for t in a | b)
    return sum(_weight(t) for t in a & b) / union if union else 0.0


def polarity(statement: str) -> tuple[frozenset[str], frozenset[str]]:
    """(anchors preferred, anchors rejected) of a statement."""
    m = _INSTEAD.match(statement.strip())
    if m:
        return content_tokens(m.group("pos")) & _ANCHORS, content_tokens(m.group("neg")) & _ANCHORS
    m = _NEGATIVE.match(statement.strip())
    if m and not re.search(r"\b(?:until|unless)\b", statement, re.IGNORECASE):  # "don't X until Y" is a condition
        return content_tokens(m.group("pos") or "") & _ANCHORS, content_tokens(m.group("neg")) & _ANCHORS
    # "there's no pandas in this repo": what follows a negator is rejected
    parts = re.split(r"\b(?:no|not|never|without)\b", statement, maxsplit=1, flags=re.IGNORECASE)
    if len(parts) == 2:
        return content_tokens(parts[0]) & _ANCHORS, content_tokens(parts[1]) & _ANCHORS
    return content_tokens(statement) & _ANCHORS, frozenset()


def _conflicts(a: Observation, b: Observation) -> bool:
    ap, an = polarity(a.statement)
    bp, bn = polarity(b.statement)
    return bool(ap & bn or an & bp)


def _rank(o: Observation) -> tuple[float, str]:
    return (TIER_WEIGHT[o.tier], o.timestamp or "")


def _rule(facet: Facet, members: list[Observation]) -> Rule:
    members = sorted(members, key=lambda o: o.observation_id)
    toks = {o.observation_id: content_tokens(o.statement) for o in members}

    def centrality(o: Observation) -> float:
        return sum(similarity(toks[o.observation_id], toks[m.observation_id]) for m in members if m is not o)

    # the statement most like the rest, from the strongest tier, names the rule
    best = max(
        members, key=lambda o: (TIER_WEIGHT[o.tier], round(centrality(o), 6), -len(o.statement), o.timestamp or "")
    )
    per_session: dict[str, float] = {}
    for o in members:
        sid = o.session_id or o.unit_key
        per_session[sid] = max(per_session.get(sid, 0.0), TIER_WEIGHT[o.tier])
    stamps = sorted(o.timestamp for o in members if o.timestamp)
    ids = sorted(o.observation_id for o in members)
    return Rule(
        rule_id=hashlib.sha256("\x1f".join([facet.value, *ids]).encode()).hexdigest()[:16],
        facet=facet,
        statement=best.statement,
        tier=min((o.tier for o in members), key=lambda t: t.value),
        support_observations=len(members),
        support_sessions=len(per_session),
        support_projects=len({o.project for o in members}),
        projects=sorted({o.project for o in members}),
        score=round(sum(per_session.values()), 3),
        first_seen=stamps[0] if stamps else None,
        last_seen=stamps[-1] if stamps else None,
        observation_ids=ids,
        evidence_ids=sorted({e for o in members for e in o.evidence_ids}),
        quotes=sorted({o.quote for o in members}),
        established=any(o.tier is not Tier.T3 for o in members),
    )


def _directive_rules(obs: list[Observation]) -> list[Rule]:
    """Directives are the person's own words: merged only when identical (whitespace and case
    aside, e.g. the same rule in AGENTS.md and CLAUDE.md), never reworded or superseded."""
    groups: dict[str, list[Observation]] = {}
    for o in obs:
        groups.setdefault(" ".join(o.statement.split()).casefold(), []).append(o)
    return [_rule(Facet.DIRECTIVES, members) for members in groups.values()]


def fold(observations: Sequence[Observation]) -> list[Rule]:
    """All rules, in a deterministic order (facet order, then score, then statement)."""
    rules: list[Rule] = []
    for facet in Facet:
        obs = sorted((o for o in observations if o.facet is facet), key=lambda o: (o.timestamp or "", o.observation_id))
        if facet is Facet.DIRECTIVES:
            rules.extend(_directive_rules(obs))
            continue
        # single-linkage: an observation joins (and so unites) every cluster it is similar to
        clusters: list[tuple[list[Observation], list[frozenset[str]]]] = []
        for o in obs:
            toks = content_tokens(o.statement)
            near = [c for c in clusters if max(similarity(toks, t) for t in c[1]) >= SIMILARITY]
            merged: tuple[list[Observation], list[frozenset[str]]] = ([o], [toks])
            for c in near:
                merged[0].extend(c[0])
                merged[1].extend(c[1])
                clusters.remove(c)
            clusters.append(merged)
        for members, _ in clusters:
            winner = max(members, key=_rank)
            losers = [o for o in members if _conflicts(o, winner)]
            kept = [o for o in members if o not in losers]
            rule = _rule(facet, kept)
            rules.append(rule)
            if losers:
                lost = _rule(facet, losers)
                rules.append(lost.model_copy(update={"superseded_by": rule.rule_id}))
    order = {f: i for i, f in enumerate(Facet)}
    return sorted(rules, key=lambda r: (order[r.facet], r.superseded_by is not None, -r.score, r.statement))
