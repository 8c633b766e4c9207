"""Records and the backend interface of the digest stage."""

from __future__ import annotations

import hashlib
from enum import StrEnum
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from persona_pipeline.core.models import SessionRecord, StrictReply, Tier


class Facet(StrEnum):
    """Pack order. `directives` holds verbatim T0 rules from instruction files."""

    DIRECTIVES = "directives"
    COMMUNICATION = "communication"
    CODING_STYLE = "coding_style"
    STACK = "stack"
    WORKFLOW = "workflow"
    ENVIRONMENT = "environment"
    ANTI_PREFERENCES = "anti_preferences"


TIER_WEIGHT = {Tier.T0: 1.0, Tier.T1: 0.9, Tier.T2: 0.7, Tier.T3: 0.4}


class EvidenceView(BaseModel):
    """What a digester may see of one evidence row: redacted text and provenance only."""

    model_config = ConfigDict(frozen=True)

    evidence_id: str
    tier: Tier
    kind: str
    excerpt: str
    context: str = ""
    timestamp: str | None = None
    project: str = ""
    session_id: str | None = None
    source_kind: str = ""  # the unit's kind (`core/sources/readers.py` says which are general chat)


class DigestInput(BaseModel):
    unit_key: str
    session_id: str | None
    project: str
    evidence: list[EvidenceView]  # oldest first


# --- the strict schema a model must answer with -------------------------------------------
class DraftObservation(StrictReply):
    facet: Facet
    statement: str = Field(min_length=3, max_length=300, description="Prescriptive rule for an agent")
    quote: str = Field(min_length=3, max_length=400, description="Verbatim span of the person's words")
    tier: Tier


class DigestReply(StrictReply):
    observations: list[DraftObservation] = Field(max_length=40)


class Observation(SessionRecord):
    observation_id: str
    facet: Facet
    statement: str
    tier: Tier
    strength: float
    quote: str


def observation_id(unit_key: str, facet: str, statement: str, evidence_ids: list[str]) -> str:
    """Content-stable: the same observation from the same evidence has the same id."""
    raw = "\x1f".join([unit_key, facet, statement.lower(), *sorted(evidence_ids)])
    return hashlib.sha256(raw.encode()).hexdigest()[:32]


class DigestResult(BaseModel):
    """Outcome of digesting one unit. `status`:
    ok — digested (observations may be empty); failed — a hard provider failure, leave the unit
    to be retried next run; budget — stopped by the spend ledger before finishing, retry later."""

    unit_key: str
    status: str = "ok"
    error: str | None = None  # never contains user text
    observations: list[Observation] = Field(default_factory=list)
    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    soft_skips: int = 0  # unparseable / schema-violating replies
    dropped_quotes: int = 0  # observations whose quote is not in the evidence
    # set once stored: the stage then drops `observations` (a 2 GB history's ~49,000 held ~70 MB)
    stored_observations: int | None = None


class Digester(Protocol):
    name: str  # "offline" or the litellm model string
    prompt_version: str

    def digest_many(self, inputs: list[DigestInput]) -> list[DigestResult]:
        """Digest units (bounded concurrency inside); results in input order."""
        ...


class Rule(BaseModel):
    """One merged rule of a facet tree (a `facet_rules` row), built by `persona.fold`."""

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
