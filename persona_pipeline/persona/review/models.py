"""Records of the review: one stored decision, and what it means for one current rule."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field


class Verdict(StrEnum):
    ACCEPTED = "accepted"
    REJECTED = "rejected"


class Decision(BaseModel):
    """A `review_decisions` row. Holds no statement text: the rule is found again by the hashed
    wording keys it has been seen under and by the evidence ids it cited (`identity.match`);
    `edited_text` is the person's own wording, redacted before it is stored."""

    decision_id: str
    verdict: Verdict
    pinned: bool = False
    edited_text: str | None = None
    facet: str
    wording_keys: list[str]
    evidence_ids: list[str]
    sessions: list[str]  # the supporting sessions when decided
    corpus_as_of: str | None = None  # the corpus clock when decided (`freshness.corpus_clock`)
    decided_at: str


class State(StrEnum):
    """What the review says of a current rule."""

    DIRECTIVE = "directive"  # the person's written instruction: the file is the decision
    NEW = "new"  # never decided
    RETURNED = "returned"  # rejected, but new evidence re-established it: to review again
    REJECTED = "rejected"
    ACCEPTED = "accepted"


class RuleReview(BaseModel):
    rule_id: str
    state: State
    decision_id: str | None = None
    pinned: bool = False
    edited_text: str | None = None
    new_sessions: int = 0  # since the decision (a rejected rule returns at MIN_SESSIONS)
    matched_by: str | None = None  # "wording" or "evidence"
    overlap: float = Field(default=0.0, ge=0.0, le=1.0)

    @property
    def pending(self) -> bool:
        return self.state in (State.NEW, State.RETURNED)
