"""Which rules may enter the pack, in what wording and where, and why the others stay out.

Pure and deterministic: the same rules, decisions and settings give the same selection.
  - superseded rules stay out (listed with the rule that replaced them: both citations);
  - directives are always in (the person's written words; the file is the decision);
  - a rejected rule stays out unless new evidence re-established it (`review.identity`);
  - with review = "required" only accepted rules enter; with "all" every rule not rejected,
    the undecided ones marked new;
  - a pinned rule enters whatever its support, weight or the budget;
  - otherwise a rule needs MIN_SESSIONS sessions, an established reading, and a decayed weight at
    or above `freshness.STALE_BELOW` (else it is listed as stale).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, Field

from persona_pipeline.persona import freshness
from persona_pipeline.persona.digest.models import Facet, Rule
from persona_pipeline.persona.review.identity import annotate
from persona_pipeline.persona.review.models import Decision, RuleReview, State
from persona_pipeline.persona.scope import scope_of

ReviewMode = Literal["all", "required"]


class PackOptions(BaseModel):
    review_mode: ReviewMode = "all"
    half_life_days: float = Field(default=freshness.DEFAULT_HALF_LIFE_DAYS, gt=0)
    decisions: list[Decision] = Field(default_factory=list)
    # rule_id -> {session: newest evidence timestamp} (`persona.store.rule_histories`)
    histories: dict[str, dict[str, str]] = Field(default_factory=dict)


class Candidate(BaseModel):
    rule: Rule
    text: str  # the person's edited wording, else the rule's statement
    scope: str
    weight: float
    review: RuleReview


class Selection(BaseModel):
    as_of: str | None
    chosen: list[Candidate]
    stale: list[Candidate]
    left_out: dict[str, int]  # reason -> rules (rejected, pending, support, superseded)
    superseded: list[tuple[Rule, Rule | None]]  # (loser, winner)
    pending: list[Candidate]  # undecided (or returned) rules the pack would hold: to review
    reviews: dict[str, RuleReview]


def supported(rule: Rule) -> bool:
    """Enough support to be a persona rule at all (before review and freshness)."""
    if rule.superseded_by is not None or not rule.established:
        return False
    return rule.facet is Facet.DIRECTIVES or rule.support_sessions >= freshness.MIN_SESSIONS


def select(rules: Sequence[Rule], options: PackOptions) -> Selection:
    as_of = freshness.corpus_clock(rules)
    reviews = annotate(rules, options.decisions, options.histories)
    by_id: Mapping[str, Rule] = {r.rule_id: r for r in rules}
    chosen: list[Candidate] = []
    stale: list[Candidate] = []
    left: dict[str, int] = {}
    superseded: list[tuple[Rule, Rule | None]] = []
    pending: list[Candidate] = []
    for r in rules:
        rev = reviews[r.rule_id]
        if r.superseded_by is not None:
            superseded.append((r, by_id.get(r.superseded_by)))
            left["superseded"] = left.get("superseded", 0) + 1
            continue
        c = Candidate(
            rule=r,
            text=rev.edited_text or r.statement,
            scope=scope_of(r),
            weight=freshness.weight(r, as_of, options.half_life_days),
            review=rev,
        )
        reason = _left_out(c, options.review_mode, as_of, options.half_life_days)
        if c.review.pending and reason in (None, "pending"):
            pending.append(c)
        if reason == "stale":
            stale.append(c)
        if reason:
            left[reason] = left.get(reason, 0) + 1
            continue
        chosen.append(c)
    return Selection(
        as_of=as_of,
        chosen=chosen,
        stale=stale,
        left_out=left,
        superseded=superseded,
        pending=pending,
        reviews=reviews,
    )


def _left_out(c: Candidate, mode: ReviewMode, as_of: str | None, half_life: float) -> str | None:
    state = c.review.state
    if state is State.DIRECTIVE:
        return None
    if state is State.REJECTED:
        return "rejected"
    if not c.review.pinned:  # a pinned rule stays whatever its support or age
        if not supported(c.rule):
            return "support"
        if freshness.is_stale(c.rule, as_of, half_life):
            return "stale"
    if mode == "required" and state is not State.ACCEPTED:
        return "pending"
    return None
