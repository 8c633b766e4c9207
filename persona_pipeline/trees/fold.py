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
import math
import re
import sys
from collections import Counter, deque
from collections.abc import Callable, Sequence
from functools import lru_cache

from pydantic import BaseModel

from persona_pipeline.digests.lexicon import (
    _TOKEN,
    ANCHOR_TOKENS,
    IMPERATIVE_VERBS,
    STOP,
    _stem,
    content_tokens,
    normalise,
)
from persona_pipeline.digests.models import TIER_WEIGHT, Facet, Observation
from persona_pipeline.models import Tier

SIMILARITY = 0.34
# A statement recurs across sessions (the same preference said many times): tokenise it once.
_tokens = lru_cache(maxsize=1 << 16)(content_tokens)
_NOT_IDENTITIES = {
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
        # categories, not identities: "polars for dataframes" and "polars, not pandas" are one rule
        "dataframe",
        "library",
        "framework",
        "orm",
        "database",
        "language",
        "shell",
        "editor",
        "terminal",
        "style",
        "naming",
        "imports",
        "variables",
        "exceptions",
        "review",
        "diff",
        "diffs",
        "branch",
        "branches",
        "answer",
        "answers",
        "reply",
        "replies",
        "respond",
        "explain",
        "explanation",
        "summary",
        "questions",
        "wording",
    }
}
_ANCHORS = ANCHOR_TOKENS - _NOT_IDENTITIES
# clause ends, and "and" where a second instruction starts ("stop guessing and ask …")
_CLAUSE = re.compile(rf"[;:]\s*|,\s+|\.\s+|\s+[—–-]\s+|\s+and\s+(?=(?:{'|'.join(IMPERATIVE_VERBS)})\b)")
_CLAUSE_FILLER = re.compile(r"^(?:(?:and|but|so|then|also|actually|we|i)\s+)+", re.IGNORECASE)
# "don't say done until the tests pass", "no fix without a failing test": a condition, not a rejection
_CONDITION = re.compile(r"\b(?:until|unless|without|before|except)\b", re.IGNORECASE)
_NEG_HEAD = re.compile(
    r"^(?:avoid|never|don'?t|do not|stop|no|not|without|drop|moved off|switched (?:away )?from|no longer)\b",
    re.IGNORECASE,
)
_NEG_MID = re.compile(r"\b(?:instead of|rather than|over|not|never|no|without|away from)\b", re.IGNORECASE)


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


# What a statement names as the thing to use or avoid: flags and `code`, dotted/snake/versioned
# identifiers, and the head of "use X" / "prefer X" / "instead of Y" / "avoid Y" / "no Y".
_IDENT = re.compile(r"(?:^|[\s(])--?(?P<flag>[a-z][a-z0-9-]*)|`(?P<code>[^`]+)`", re.IGNORECASE)
_HEAD = re.compile(
    r"\b(?:use|using|prefer|stick (?:with|to)|assume|switch to|instead of|rather than|over|avoid|no|"
    r"never use|dont use|do not use)\s+(?P<head>[a-z][a-z0-9_.+#-]*(?:\s+[a-z][a-z0-9_.+#-]*){0,2})",
)
_GENERIC_HEADS = frozenset({"more", "new", "other", "same", "real", "plain", "good", "proper", "local"})


# A capitalised word inside a sentence the person typed is a name (FastAPI, British, Google).
_PROPER = re.compile(
    r"(?<![.!?:]\s)(?<!^)(?<![.!?:])\b([A-Z][A-Za-z0-9]*[a-z0-9][A-Za-z0-9]*|[a-z]+[A-Z][A-Za-z0-9]*)\b"
)


def named_terms(statement: str, quote: str = "") -> frozenset[str]:
    """Tokens a statement names as a tool or practice, beyond the shared vocabulary."""
    out: set[str] = set()
    for m in _PROPER.finditer(quote.strip()):
        if m.start() > 0 and m.group(1).lower() not in STOP:
            out |= content_tokens(m.group(1))
    for m in _IDENT.finditer(statement):
        out |= content_tokens(m.group("flag") or m.group("code"))
    out |= {t for t in content_tokens(statement) if re.search(r"[._\d]", t)}
    for m in _HEAD.finditer(normalise(statement)):
        head = [t for t in _TOKEN.findall(m.group("head")) if t not in STOP and t not in _GENERIC_HEADS]
        if head:
            out |= content_tokens(head[0])
    return frozenset(out) - _NOT_IDENTITIES


def similarity(
    a: frozenset[str], b: frozenset[str], anchors: frozenset[str] = _ANCHORS, same_facet: bool = True
) -> float:
    """Weighted Jaccard; 1.0 when one statement's named tools/practices are all in the other's
    ("type hints everywhere" ⊂ "type hints everywhere, mypy --strict runs in CI") — across facets
    only when both name the same ones: "uv" ⊂ "`uv run ruff check`" is a stack rule inside a
    workflow rule, not the same rule."""
    aa, ba = a & anchors, b & anchors
    if aa and ba and (aa == ba or (same_facet and (aa <= ba or ba <= aa))):
        return 1.0
    # anchors weigh 3: a set's weight is its size plus 2 per anchor in it (set arithmetic, no
    # per-token loop: the skills fold compares thousands of lessons)
    both, either = a & b, a | b
    union = len(either) + 2 * len(aa | ba)
    return (len(both) + 2 * len(aa & ba)) / union if union else 0.0


def _anchors(text: str) -> frozenset[str]:
    return _tokens(text) & _ANCHORS


def polarity(
    statement: str, tokens: Callable[[str], frozenset[str]] = _anchors
) -> tuple[frozenset[str], frozenset[str]]:
    """(anchors preferred, anchors rejected) of a statement, clause by clause: "No more poetry,
    use uv instead" rejects poetry and prefers uv; inside a clause, what follows a negator
    ("X instead of Y", "X, not Y", "X over Y") is rejected, and a clause opening with one is."""
    pos: set[str] = set()
    neg: set[str] = set()
    for clause in _CLAUSE.split(statement.strip()):
        c = _CLAUSE_FILLER.sub("", clause.strip(" .!?"))
        if not c:
            continue
        if _CONDITION.search(c) and _NEG_HEAD.match(c):
            pos |= tokens(c)
        elif _NEG_HEAD.match(c):
            neg |= tokens(c)
        elif m := _NEG_MID.search(c):
            pos |= tokens(c[: m.start()])
            neg |= tokens(c[m.end() :])
        else:
            pos |= tokens(c)
    return frozenset(pos), frozenset(neg)


def split_contradictions(
    members: Sequence[Observation], anchors: frozenset[str] = _ANCHORS
) -> tuple[list[Observation], list[Observation]]:
    """(current, superseded): from the strongest tier and newest down, an observation joins the
    current stance unless it prefers what that stance rejects or rejects what it prefers."""
    preferred: set[str] = set()
    rejected: set[str] = set()
    kept: list[Observation] = []
    lost: list[Observation] = []
    stance: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
    for o in sorted(members, key=lambda o: (*_rank(o), o.observation_id), reverse=True):
        if o.statement not in stance:
            stance[o.statement] = polarity(o.statement, lambda t: _tokens(t) & anchors)
        p, n = stance[o.statement]
        if p & rejected or n & preferred:
            lost.append(o)
            continue
        kept.append(o)
        preferred |= p
        rejected |= n
    return kept, lost


def _rank(o: Observation) -> tuple[float, str]:
    return (TIER_WEIGHT[o.tier], o.timestamp or "")


_ULP = sys.float_info.epsilon / 2  # unit roundoff of a float


def _centralities(toks: Sequence[frozenset[str]], same: Sequence[int], anchors: frozenset[str]) -> list[float]:
    """Per member i, round(Σ over the members j that are not i of similarity(toks[i], toks[j]), 6)
    (`same[j] == same[i]`: the same object, listed twice), exactly as the pairwise loop in member
    order computes it, but in O(k² + m) for k distinct token sets.

    The sum is taken per distinct token set, weighted by how often it occurs. Float sums in two
    orders can differ in the last bits; both are within `err` of the exact value, so where no
    6-decimal rounding boundary lies within 2·err of the grouped sum, both round alike. Near a
    boundary (rare; sums landing exactly on one, like 1/128, always) the member's sum is taken
    the pairwise way."""
    m = len(toks)
    distinct = Counter(toks)
    occurs = Counter(same)
    row = {t: {u: similarity(t, u, anchors) for u in distinct} for t in distinct}
    err = 2 * (m + 2) * (m + 2) * _ULP  # each sum: ≤ (terms + 1)·u·Σ|terms|, Σ ≤ m (similarity ≤ 1)
    out: list[float] = []
    done: dict[tuple[frozenset[str], int], float | None] = {}
    for i, t in enumerate(toks):
        key = (t, occurs[same[i]])
        if key not in done:
            g = sum(c * row[t][u] for u, c in distinct.items()) - key[1] * row[t][t]
            x = g * 1e6
            near_boundary = abs(x - math.floor(x) - 0.5) <= 2 * err * 1e6 + 4 * abs(x) * _ULP + 1e-9
            done[key] = None if near_boundary else round(g, 6)
        r = done[key]
        if r is None:  # the pairwise sum, in member order
            r = round(sum(row[t][u] for u, s in zip(toks, same, strict=True) if s != same[i]), 6)
        out.append(r)
    return out


def _rule(facet: Facet, members: list[Observation], anchors: frozenset[str] = _ANCHORS) -> Rule:
    members = sorted(members, key=lambda o: o.observation_id)
    toks = [_tokens(o.statement) for o in members]
    central = _centralities(toks, [id(o) for o in members], anchors)

    def named(t: str) -> frozenset[str]:
        return _tokens(t) & anchors

    cluster_anchors = frozenset().union(*(t & anchors for t in toks))
    stance: dict[str, tuple[bool, int]] = {}

    def naming(i: int) -> tuple[bool, float, int, float, int, str]:
        o = members[i]
        if o.statement not in stance:
            p, n = polarity(o.statement, named)
            says_what_to_do = bool(polarity(o.statement, _tokens)[0])
            stance[o.statement] = (says_what_to_do, len((p | n) & cluster_anchors))
        says_what_to_do, names = stance[o.statement]
        return (says_what_to_do, TIER_WEIGHT[o.tier], names, central[i], -len(o.statement), o.timestamp or "")

    # the rule is named by a statement that says what to do (not only what to avoid), from the
    # strongest tier, naming most of the cluster's tools, most like the rest
    best = members[max(range(len(members)), key=naming)]
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


def _facet_of(members: Sequence[Observation]) -> Facet:
    """The facet most of a rule's evidence (tier-weighted) was classified into."""
    votes: dict[Facet, float] = {}
    for o in members:
        votes[o.facet] = votes.get(o.facet, 0.0) + TIER_WEIGHT[o.tier]
    order = {f: i for i, f in enumerate(Facet)}
    return max(votes, key=lambda f: (round(votes[f], 6), -order[f]))


class _Cluster:
    """Members (newest joiner first, then the absorbed clusters' members in cluster order), the
    distinct (token set, facet) pairs a newcomer is compared with, and the tokens they hold."""

    __slots__ = ("last", "members", "pairs", "tokens")

    def __init__(self, o: Observation, toks: frozenset[str], last: int) -> None:
        self.last = last  # when it was last formed: clusters are kept in this order
        self.members: deque[Observation] = deque([o])
        self.pairs: set[tuple[frozenset[str], Facet]] = {(toks, o.facet)}
        self.tokens: set[str] = set(toks)


def _clusters(obs: Sequence[Observation], anchors: frozenset[str]) -> list[list[Observation]]:
    """Single-linkage: in order, an observation joins (and so unites) every cluster holding an
    observation similar to it; the united cluster lists the newcomer, then the joined clusters'
    members in cluster order, and moves to the end of the cluster order.

    Similarity ≥ SIMILARITY needs a shared token (the weighted overlap is 0 without one, and the
    anchor-subset case needs a shared anchor), so a newcomer is compared only with the clusters
    an inverted index token → clusters lists for its tokens, and with each cluster's distinct
    (token set, facet) pairs once."""
    live: dict[int, _Cluster] = {}  # by a stable id (the first member's position)
    index: dict[str, set[int]] = {}
    for i, o in enumerate(obs):
        toks = _tokens(o.statement)
        candidates = set().union(*(index.get(t, ()) for t in toks))
        near = sorted(
            (
                cid
                for cid in candidates
                if any(similarity(toks, t, anchors, same_facet=f is o.facet) >= SIMILARITY for t, f in live[cid].pairs)
            ),
            key=lambda cid: live[cid].last,
        )
        if not near:
            live[i] = _Cluster(o, toks, i)
            for t in toks:
                index.setdefault(t, set()).add(i)
            continue
        # grow the largest in place: members moved O(n log n) in all, not O(n²)
        keep = max(near, key=lambda cid: len(live[cid].members))
        k = near.index(keep)
        into = live[keep]
        for cid in near[k + 1 :]:
            into.members.extend(live[cid].members)
        for cid in reversed(near[:k]):
            into.members.extendleft(reversed(live[cid].members))
        into.members.appendleft(o)
        into.pairs.add((toks, o.facet))
        into.last = i
        for cid in near:
            if cid == keep:
                continue
            gone = live.pop(cid)
            into.pairs |= gone.pairs
            for t in gone.tokens:
                ids = index[t]
                ids.discard(cid)
                ids.add(keep)
            into.tokens |= gone.tokens
        for t in toks:
            index.setdefault(t, set()).add(keep)
        into.tokens |= toks
    return [list(c.members) for c in sorted(live.values(), key=lambda c: c.last)]


def fold(observations: Sequence[Observation]) -> list[Rule]:
    """All rules, in a deterministic order (facet order, then score, then statement).

    Preferences are clustered across facets (a facet is where a rule is shown, not what it is:
    "never commit with --no-verify" and "avoid --no-verify" must be one rule even when their
    words classify them differently); each rule then takes its members' majority facet."""
    rules = _directive_rules(
        sorted(
            (o for o in observations if o.facet is Facet.DIRECTIVES),
            key=lambda o: (o.timestamp or "", o.observation_id),
        )
    )
    obs = sorted(
        (o for o in observations if o.facet is not Facet.DIRECTIVES),
        key=lambda o: (o.timestamp or "", o.observation_id),
    )
    # a term this person names as a tool somewhere ("use direnv …") identifies a rule everywhere
    anchors = _ANCHORS.union(*(named_terms(s, q) for s, q in dict.fromkeys((o.statement, o.quote) for o in obs)))
    clusters = _clusters(obs, anchors)
    for members in clusters:
        kept, losers = split_contradictions(members, anchors)
        rule = _rule(_facet_of(kept), kept, anchors)
        rules.append(rule)
        if losers:
            lost = _rule(_facet_of(losers), losers, anchors)
            rules.append(lost.model_copy(update={"superseded_by": rule.rule_id}))
    order = {f: i for i, f in enumerate(Facet)}
    return sorted(rules, key=lambda r: (order[r.facet], r.superseded_by is not None, -r.score, r.statement))
