"""What both note backends share: which sessions are too short to read, windows of a long
session, the merge pass over window notes (duplicates merged, ranked, capped) and the final
check that every note cites rows of its own session."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from persona_pipeline.core.models import TurnKind
from persona_pipeline.core.sessions import SessionEvidence, SessionRow
from persona_pipeline.notes.models import (
    CAPS,
    MAX_CITATIONS,
    MAX_NAMES,
    DraftNote,
    Note,
    NoteKind,
    NotesResult,
    note_id,
)

# The person's own words; everything else in a session is tool activity.
PERSON_KINDS = frozenset(
    {TurnKind.PROMPT.value, TurnKind.CORRECTION.value, TurnKind.SLASH_COMMAND.value, TurnKind.ANSWER.value}
)
# A session with fewer of the person's turns than this and no file edit holds nothing worth a note.
MIN_PERSON_TURNS = 2
# Bounds of one window (the first pass): rows, and characters of excerpt + context.
WINDOW_ROWS = 150
WINDOW_CHARS = 20_000


def words(s: str) -> frozenset[str]:
    """A word set written as one string."""
    return frozenset(s.split())


_WORD = re.compile(r"[a-z0-9_./-]{2,}|[0-9]")
_STOP = words(
    "the a an to of in on for and or with we us our i you it is are be this that let let's lets "
    "we'll will should just please ok so now then also"
)


def is_person(row: SessionRow) -> bool:
    return row.kind in PERSON_KINDS


def is_short(session: SessionEvidence) -> bool:
    person = sum(is_person(r) for r in session.rows)
    edits = any(r.kind == TurnKind.FILE_EDIT.value for r in session.rows)
    return person < MIN_PERSON_TURNS and not edits


def windows(
    rows: Sequence[SessionRow], max_rows: int = WINDOW_ROWS, max_chars: int = WINDOW_CHARS
) -> list[list[SessionRow]]:
    """Consecutive rows in windows of at most `max_rows` rows and ~`max_chars` characters (a row
    longer than a window is a window of its own)."""
    out: list[list[SessionRow]] = []
    cur: list[SessionRow] = []
    size = 0
    for r in rows:
        n = len(r.excerpt) + len(r.context)
        if cur and (len(cur) >= max_rows or size + n > max_chars):
            out.append(cur)
            cur, size = [], 0
        cur.append(r)
        size += n
    if cur:
        out.append(cur)
    return out


def tokens(text: str) -> frozenset[str]:
    return frozenset(w for w in _WORD.findall(text.casefold()) if w not in _STOP)


def similar(a: frozenset[str], b: frozenset[str], threshold: float) -> bool:
    if not a or not b:
        return a == b
    return len(a & b) / len(a | b) >= threshold


@dataclass
class Candidate:
    """A window note with what the merge pass ranks it by: higher `score` first, then the
    later `line` (among equals, the most recent statement is the current one)."""

    draft: DraftNote
    score: float
    line: int
    key: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if not self.key:
            d = self.draft
            self.key = frozenset(f"file:{f}" for f in d.files) if d.kind is NoteKind.CODE_CHANGE else tokens(d.text)


_THRESHOLD = {NoteKind.DECISION: 0.8, NoteKind.CODE_CHANGE: 1.0, NoteKind.TODO: 0.6}


def _union(a: Iterable[str], b: Iterable[str]) -> list[str]:
    return list(dict.fromkeys([*a, *b]))


def _absorb(into: Candidate, other: Candidate) -> None:
    a, b = into.draft, other.draft
    best, rest = (a, b) if into.score >= other.score else (b, a)
    into.draft = best.model_copy(
        update={
            "alternative": best.alternative or rest.alternative,
            "reason": best.reason or rest.reason,
            "files": _union(best.files, rest.files),
            "functions": _union(best.functions, rest.functions),
            "evidence_ids": _union(best.evidence_ids, rest.evidence_ids),
        }
    )
    into.score = max(into.score, other.score)
    into.line = max(into.line, other.line)


def merge(candidates: Sequence[Candidate], caps: Mapping[NoteKind, int] = CAPS) -> tuple[list[DraftNote], int]:
    """The second pass: near-duplicates of one kind merged (citations united), ranked, capped.
    Deterministic for the same candidates in the same order. Returns (notes, merged count)."""
    kept: list[Candidate] = []
    merged = 0
    for c in candidates:
        twin = next(
            (k for k in kept if k.draft.kind is c.draft.kind and similar(k.key, c.key, _THRESHOLD[c.draft.kind])),
            None,
        )
        if twin is None:
            kept.append(Candidate(c.draft, c.score, c.line, c.key))
        else:
            _absorb(twin, c)
            merged += 1
    out: list[DraftNote] = []
    for kind in NoteKind:
        ranked = sorted((k for k in kept if k.draft.kind is kind), key=lambda k: (-k.score, -k.line, k.draft.text))
        out.extend(k.draft for k in ranked[: caps[kind]])
    return out, merged


def finalize(
    session: SessionEvidence,
    drafts: Sequence[DraftNote],
    model: str,
    prompt_version: str,
    result: NotesResult,
) -> list[Note]:
    """Stored notes: citations outside the session dropped (counted), notes left without one
    dropped (counted), caps applied in the given order, timestamps from the earliest cited row."""
    rows = {r.evidence_id: r for r in session.rows}
    notes: list[Note] = []
    per_kind: dict[NoteKind, int] = {}
    seen: set[str] = set()
    for d in drafts:
        cited = [e for e in dict.fromkeys(d.evidence_ids) if e in rows][:MAX_CITATIONS]
        result.dropped_citations += sum(e not in rows for e in set(d.evidence_ids))
        if not cited:
            result.dropped_uncited += 1
            continue
        if per_kind.get(d.kind, 0) >= CAPS[d.kind]:
            continue
        nid = note_id(session.unit_key, d.kind.value, d.text, cited)
        if nid in seen:
            continue
        seen.add(nid)
        per_kind[d.kind] = per_kind.get(d.kind, 0) + 1
        first = min((rows[e] for e in cited), key=lambda r: r.line_no)
        notes.append(
            Note(
                note_id=nid,
                unit_key=session.unit_key,
                session_id=session.session_id,
                project=session.project,
                kind=d.kind,
                text=d.text,
                alternative=d.alternative or None,
                reason=d.reason or None,
                files=list(dict.fromkeys(d.files))[:MAX_NAMES],
                functions=list(dict.fromkeys(d.functions))[:MAX_NAMES],
                evidence_ids=cited,
                timestamp=first.timestamp,
                model=model,
                prompt_version=prompt_version,
            )
        )
    return notes
