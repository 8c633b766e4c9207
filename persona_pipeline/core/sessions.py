"""What the skills and session-notes stages see of a transcript session (redacted rows, in file
order) and what they report per unit. Plain records: the warehouse fills them, the builders read them."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from persona_pipeline.core.models import Tier


class SessionRow(BaseModel):
    """One redacted evidence row of a session, as the skills and notes builders see it."""

    model_config = ConfigDict(frozen=True)

    evidence_id: str
    tier: Tier
    kind: str  # a TurnKind value: prompt, correction, slash_command, tool_error, file_edit, todo …
    correction_signal: str | None = None
    excerpt: str
    context: str = ""
    timestamp: str | None = None
    line_no: int = 0


class SessionEvidence(BaseModel):
    unit_key: str
    session_id: str | None
    project: str
    rows: list[SessionRow]  # in file order


class StageState(BaseModel):
    """The outcome of building one stage for one unit (counts and spend only — never text)."""

    unit_key: str
    status: str = "ok"  # ok | failed | budget
    error: str | None = None  # an error class or code, never data
    items: int = 0
    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
