"""Records of the `session_lessons` stage: lessons an agent should carry across sessions.

A lesson is one prescriptive statement (worth learning or worth avoiding) learnt from what
happened in one session: a tool error, the agent's own correction, the person's critique or
confirmation, or an inference. Its credibility is held inside the band of its signal.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from enum import StrEnum
from typing import Protocol

from pydantic import BaseModel, Field

from persona_pipeline.core.models import SessionRecord, StrictReply
from persona_pipeline.core.sessions import SessionEvidence, StageState


class LessonKind(StrEnum):
    LEARN = "worth_learning"
    AVOID = "worth_avoiding"


class Signal(StrEnum):
    USER_CRITIQUE = "user_critique"
    USER_CONFIRMATION = "user_confirmation"
    TOOL_ERROR = "tool_error"
    SELF_CORRECTION = "self_correction"
    INFERRED = "inferred"


# The credibility bands: what the person said or a tool reported is near-certain, the
# agent correcting itself is a hint, an inference a guess.
CREDIBILITY_BANDS: dict[Signal, tuple[float, float]] = {
    Signal.USER_CRITIQUE: (0.8, 1.0),
    Signal.USER_CONFIRMATION: (0.8, 1.0),
    Signal.TOOL_ERROR: (0.8, 1.0),
    Signal.SELF_CORRECTION: (0.4, 0.7),
    Signal.INFERRED: (0.1, 0.3),
}


def in_band(signal: Signal, credibility: float) -> float:
    lo, hi = CREDIBILITY_BANDS[signal]
    return round(min(hi, max(lo, credibility)), 3)


# --- the strict schema a model must answer with -------------------------------------------
class DraftLesson(StrictReply):
    kind: LessonKind
    statement: str = Field(min_length=8, max_length=300, description="Prescriptive instruction for a coding agent")
    importance: float = Field(ge=0, le=1)
    credibility: float = Field(ge=0, le=1)
    signal: Signal
    quote: str = Field(min_length=3, max_length=400, description="Verbatim span of the evidence")


class LessonReply(StrictReply):
    lessons: list[DraftLesson] = Field(max_length=20)


class Lesson(SessionRecord):
    """A stored lesson (one `lessons` row)."""

    lesson_id: str
    kind: LessonKind
    statement: str
    importance: float
    credibility: float
    signal: Signal
    quote: str


def lesson_id(unit_key: str, kind: str, statement: str, evidence_ids: list[str]) -> str:
    """Content-stable: the same lesson from the same evidence keeps its id across runs."""
    raw = "\x1f".join([unit_key, kind, " ".join(statement.split()).casefold(), *sorted(evidence_ids)])
    return hashlib.sha256(raw.encode()).hexdigest()[:32]


class LessonResult(StageState):
    """Outcome of one unit (`status` ok | failed | budget, as in digests)."""

    lessons: list[Lesson] = Field(default_factory=list)
    soft_skips: int = 0  # unparseable / off-schema replies
    dropped_quotes: int = 0  # lessons whose quote is not in the session's redacted evidence

    def state(self) -> StageState:
        return StageState(**self.model_dump(include=set(StageState.model_fields)) | {"items": len(self.lessons)})


class LessonBuilder(Protocol):
    name: str  # "offline" or the litellm model string
    prompt_version: str

    def build_many(self, sessions: list[SessionEvidence]) -> list[LessonResult]:
        """Lessons per session (bounded concurrency inside); results in input order."""
        ...


class Skill(BaseModel):
    """A stored skill (one `skills` row)."""

    name: str  # kebab-case, unique
    version: int
    description: str
    instructions: list[str]
    triggers: list[str]  # "tool: Bash", "error: ModuleNotFoundError", "keyword: uv"
    examples: list[str]  # a quote with its citation
    lesson_ids: list[str]
    evidence_ids: list[str]
    importance: float
    credibility: float
    content_hash: str
    created_at: datetime
    updated_at: datetime
