"""Turning drafted lessons into stored ones: every quote occurs in the session's redacted
evidence, and a signal is only as strong as the rows its quote comes from."""

from __future__ import annotations

from collections.abc import Sequence

from persona_pipeline.core.models import TurnKind
from persona_pipeline.core.sessions import SessionEvidence, SessionRow
from persona_pipeline.skills.lessons.models import DraftLesson, Lesson, Signal, in_band, lesson_id

_PERSON = {TurnKind.PROMPT.value, TurnKind.CORRECTION.value, TurnKind.SLASH_COMMAND.value, TurnKind.ANSWER.value}
_TOOL = {TurnKind.TOOL_ERROR.value, TurnKind.TOOL_REJECTED.value, TurnKind.TOOL_RECOVERED.value}
_AGENT_WORK = _TOOL | {TurnKind.FILE_EDIT.value, TurnKind.TODO.value}


def norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _supports(signal: Signal, row: SessionRow, in_excerpt: bool) -> bool:
    """Whether a quote found in `row` can carry `signal`: the person's critique or confirmation is
    their own words (an excerpt, not the agent text kept as context); a tool error is a tool's
    row; a self-correction is something the agent did."""
    if signal is Signal.USER_CRITIQUE and row.kind == TurnKind.TOOL_REJECTED.value:
        return True  # refusing a tool call is the person's critique
    if signal in (Signal.USER_CRITIQUE, Signal.USER_CONFIRMATION):
        return row.kind in _PERSON and in_excerpt
    if signal is Signal.TOOL_ERROR:
        return row.kind in _TOOL
    if signal is Signal.SELF_CORRECTION:
        return row.kind in _AGENT_WORK
    return True


def ground(
    session: SessionEvidence,
    drafts: Sequence[tuple[DraftLesson, Sequence[str]]],
    model: str,
    prompt_version: str,
) -> tuple[list[Lesson], int]:
    """Keep drafts whose quote occurs in an excerpt or context of the session (whitespace- and
    case-insensitive) — in one of the rows the builder named, when it named any (offline: the
    episode's rows). Evidence ids = those named rows, else every row holding the quote. A signal its rows cannot
    carry falls back to `inferred`; credibility is clamped into the signal's band.
    Returns (lessons, dropped)."""
    known = {r.evidence_id: r for r in session.rows}
    out: list[Lesson] = []
    seen: set[str] = set()
    dropped = 0
    for draft, extra in drafts:
        q = norm(draft.quote)
        hits = [(r, q in norm(r.excerpt)) for r in session.rows if q and (q in norm(r.excerpt) or q in norm(r.context))]
        named = {e for e in extra if e in known}
        if named:  # the builder said which rows the lesson stands on: the quote must be in one
            hits = [(r, in_ex) for r, in_ex in hits if r.evidence_id in named]
        if not hits:
            dropped += 1
            continue
        signal = draft.signal
        if not any(_supports(signal, r, in_ex) for r, in_ex in hits):
            signal = Signal.INFERRED
        quoted = sorted({r.evidence_id for r, _ in hits})
        ids = quoted + sorted(named - set(quoted))  # a row holding the quote first: what examples cite
        statement = " ".join(draft.statement.split())
        lid = lesson_id(session.unit_key, draft.kind.value, statement, ids)
        if lid in seen:
            continue
        seen.add(lid)
        stamps = [t for e in ids if (t := known[e].timestamp)]
        out.append(
            Lesson(
                lesson_id=lid,
                unit_key=session.unit_key,
                session_id=session.session_id,
                project=session.project,
                kind=draft.kind,
                statement=statement,
                importance=round(draft.importance, 3),
                credibility=in_band(signal, draft.credibility),
                signal=signal,
                quote=draft.quote.strip(),
                evidence_ids=ids,
                timestamp=max(stamps) if stamps else None,
                model=model,
                prompt_version=prompt_version,
            )
        )
    return out, dropped
