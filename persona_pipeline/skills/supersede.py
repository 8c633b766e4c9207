"""Polarity and supersession of skills: the persona pack's policy (`persona/fold.py`), applied to
groups of lessons. Pure: no I/O.

A lesson is read as the fold reads an observation (its statement's stance: what it prefers and
what it rejects; whether its quote announces a change of habit), so one policy decides both:
  1. inside a group, a lesson that contradicts the group's current stance is superseded
     (`fold.split_contradictions`): a newer explicit reversal wins whatever else was said;
  2. across groups, a group whose stance a newer explicit reversal rejects — or substitutes
     another named thing for — is superseded by it (`fold.cross_group_superseded`), even when the reversal
     alone (one session) is no skill;
  3. two groups still saying opposite things (one prefers what the other rejects) are never both
     kept: the one holding the member first in the policy order (the newest reversal, else the
     person's words before a tool-derived lesson, then the newer) stays — when the winner alone is no skill, neither is.
Superseded lessons are left out of skills; the person's newer word is what an agent should follow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

from persona_pipeline.core.models import Tier
from persona_pipeline.persona import fold
from persona_pipeline.persona.digest import similarity as sim
from persona_pipeline.persona.digest.models import Facet, Observation
from persona_pipeline.skills.lessons.models import Lesson, Signal

G = TypeVar("G")
# what the person said outranks what the pipeline read off tool activity, as a correction
# outranks an activity row in the pack
_TIER = {Signal.USER_CRITIQUE: Tier.T1, Signal.USER_CONFIRMATION: Tier.T1}


def as_observation(m: Lesson) -> Observation:
    """A lesson as the fold reads an observation (id, statement, quote, time, tier)."""
    return Observation.model_construct(
        unit_key=m.unit_key,
        session_id=m.session_id,
        project=m.project,
        evidence_ids=m.evidence_ids,
        timestamp=m.timestamp,
        model=m.model,
        prompt_version=m.prompt_version,
        observation_id=m.lesson_id,
        facet=Facet.WORKFLOW,
        statement=m.statement,
        tier=_TIER.get(m.signal, Tier.T3),
        strength=1.0,
        quote=m.quote,
    )


def _stance(members: Sequence[Observation]) -> tuple[frozenset[str], frozenset[str]]:
    """What most of a group prefers and what most of it rejects (named words, as `fold.cross_group_superseded`)."""
    pro: Counter[str] = Counter()
    con: Counter[str] = Counter()
    for o in members:
        p, n = fold.stance(o.statement, sim.NAMED)
        pro.update(p)
        con.update(n)
    half = len(members)
    return (
        frozenset(t for t, c in pro.items() if 2 * c >= half),
        frozenset(t for t, c in con.items() if 2 * c >= half),
    )


def resolve(
    groups: Sequence[tuple[G, Sequence[Lesson]]], supported: Callable[[Sequence[Lesson]], bool]
) -> list[tuple[G, list[Lesson]]]:
    """The groups (each a key and its lessons) after supersession, in the input order: superseded
    lessons left out of their group, superseded groups left out. Rule 3 weighs pairs of which
    at least one would be a skill (`supported`)."""
    by_id = {m.lesson_id: m for _, members in groups for m in members}
    current: list[list[Observation]] = []
    for _, members in groups:
        kept, _lost = fold.split_contradictions([as_observation(m) for m in members])
        current.append(kept)
    beaten = set(fold.cross_group_superseded(current))
    alive = [i for i in range(len(groups)) if i not in beaten and current[i]]
    skills = {i for i in alive if supported([by_id[o.observation_id] for o in current[i]])}
    # rule 3: opposite stances with no newer reversal between them: the policy order decides, as
    # inside a group; a skill is the pair's stake (two remarks that are no skill are left alone).
    # Pairs are found through an index of what each group prefers (no all-pairs comparison).
    stance = {i: _stance(current[i]) for i in alive}
    prefers: dict[str, set[int]] = {}
    for i in alive:
        for t in stance[i][0]:
            prefers.setdefault(t, set()).add(i)
    pairs = sorted({(min(i, j), max(i, j)) for i in alive for t in stance[i][1] for j in prefers.get(t, ()) if j != i})
    gone: set[int] = set()
    for i, j in pairs:
        if i in gone or j in gone or not {i, j} & skills:
            continue
        first = fold.policy_order([*current[i], *current[j]])[0]
        gone.add(j if any(first is o for o in current[i]) else i)
    alive = [i for i in alive if i not in gone]
    return [(groups[i][0], [by_id[o.observation_id] for o in current[i]]) for i in alive]
