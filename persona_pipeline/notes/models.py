"""Records of the session-notes stage and the strict schema a model must answer with."""

from __future__ import annotations

import hashlib
from enum import StrEnum
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from persona_pipeline.core.models import SessionRecord, StrictReply
from persona_pipeline.core.sessions import SessionEvidence


class NoteKind(StrEnum):
    DECISION = "decision"
    CODE_CHANGE = "code_change"
    TODO = "todo"


# At most this many notes of each kind per session, the best-ranked kept.
CAPS = {NoteKind.DECISION: 10, NoteKind.CODE_CHANGE: 5, NoteKind.TODO: 5}
# A stored note keeps at most this many citations, files and functions (a file edited 300 times
# is one note; its first citations — the request of a fix comes first — are enough to explain it).
MAX_CITATIONS = 20
MAX_NAMES = 20


class DraftNote(BaseModel):
    """One note before it is tied to its unit: what a window pass (offline or a model) produces.
    `score` ranks notes of one kind (higher first); `evidence_ids` are its citations."""

    model_config = ConfigDict(extra="forbid")

    kind: NoteKind
    text: str = Field(min_length=2, max_length=400)
    alternative: str | None = Field(default=None, max_length=300)
    reason: str | None = Field(default=None, max_length=400)
    files: list[str] = Field(default_factory=list)
    functions: list[str] = Field(default_factory=list)
    evidence_ids: list[str] = Field(default_factory=list)  # bounded when stored (MAX_CITATIONS)


# --- the strict schema a model must answer with (window pass and merge pass alike) -------------
class ReplyNote(StrictReply):
    kind: NoteKind
    text: str = Field(min_length=2, max_length=400, description="The note, in the person's terms")
    alternative: str | None = Field(description="The rejected option of a decision, when stated")
    reason: str | None = Field(description="Why, when stated (the because/since/so-that clause)")
    files: list[str] = Field(max_length=50)
    functions: list[str] = Field(max_length=50)
    evidence_ids: list[str] = Field(max_length=50, description="Ids of the rows the note comes from")


class NotesReply(StrictReply):
    notes: list[ReplyNote] = Field(max_length=60)


class Note(SessionRecord):
    """A stored note (one `session_notes` row)."""

    note_id: str
    kind: NoteKind
    text: str
    alternative: str | None
    reason: str | None
    files: list[str]
    functions: list[str]


def note_id(unit_key: str, kind: str, text: str, evidence_ids: list[str]) -> str:
    """Content-stable: the same note from the same evidence has the same id."""
    raw = "\x1f".join([unit_key, kind, text.casefold(), *sorted(evidence_ids)])
    return hashlib.sha256(raw.encode()).hexdigest()[:32]


class NotesResult(BaseModel):
    """Outcome of one unit. `status`: ok (built; notes may be empty, and `skipped` says why a
    short session was not read); failed (a hard provider failure: retried next run); budget."""

    unit_key: str
    status: str = "ok"
    error: str | None = None  # an error class or code, never data
    skipped: str | None = None  # short_session
    notes: list[Note] = Field(default_factory=list)
    windows: int = 0
    merged_duplicates: int = 0
    dropped_citations: int = 0  # cited ids not in the session (model replies)
    dropped_uncited: int = 0  # notes left with no citation
    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    soft_skips: int = 0  # unparseable / off-schema replies

    def count(self, kind: NoteKind) -> int:
        return sum(n.kind is kind for n in self.notes)


class NoteTaker(Protocol):
    name: str  # "offline" or the litellm model string
    prompt_version: str

    def take_many(self, sessions: list[SessionEvidence]) -> list[NotesResult]:
        """Notes for each session (bounded concurrency inside); results in input order."""
        ...
