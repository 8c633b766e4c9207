"""The versioned notes prompts and the rendering of a session's rows (window pass) and of window
notes (merge pass). Rows are shown under short aliases (`r<n>`, the row's position in the
session) that map back to evidence ids: shorter than 32-hex ids, and a made-up alias is caught."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources

from persona_pipeline.core.sessions import SessionEvidence, SessionRow
from persona_pipeline.notes.models import DraftNote
from persona_pipeline.notes.session import is_person

PROMPT_VERSION = "notes-v2"  # v2: a decision's text is the developer's sentence, not a summary
WINDOW_FILE = "notes_v2.md"
MERGE_FILE = "notes_merge_v1.md"
ROW_CHARS = 4_000  # a longer row is cut: notes need its gist, not all of it


@lru_cache(maxsize=2)
def system_prompt(name: str) -> str:
    return resources.files("persona_pipeline.notes.prompts").joinpath(name).read_text(encoding="utf-8")


def aliases(session: SessionEvidence) -> dict[str, str]:
    """Evidence id -> alias, by position in the session (stable for the same evidence)."""
    return {r.evidence_id: f"r{i}" for i, r in enumerate(session.rows, start=1)}


def _row(alias: str, r: SessionRow) -> str:
    who = "person" if is_person(r) else "tool"
    ctx = f"(after agent: {r.context}) " if r.context and who == "person" else ""
    text = r.excerpt if len(r.excerpt) <= ROW_CHARS else r.excerpt[:ROW_CHARS] + " …"
    if who == "tool" and r.context:
        text += f"\n    result: {r.context[:ROW_CHARS]}"
    return f"[{alias}] {who}:{r.kind} {ctx}{text}"


def window_messages(
    session: SessionEvidence, rows: Sequence[SessionRow], names: dict[str, str]
) -> list[dict[str, str]]:
    body = "\n".join(_row(names[r.evidence_id], r) for r in rows)
    return [
        {"role": "system", "content": system_prompt(WINDOW_FILE)},
        {"role": "user", "content": f"Project: {session.project}\nRows:\n{body}\nAnswer:"},
    ]


def merge_messages(session: SessionEvidence, notes: Sequence[DraftNote], names: dict[str, str]) -> list[dict[str, str]]:
    shown = [{**n.model_dump(mode="json"), "evidence_ids": [names.get(e, e) for e in n.evidence_ids]} for n in notes]
    return [
        {"role": "system", "content": system_prompt(MERGE_FILE)},
        {
            "role": "user",
            "content": f"Project: {session.project}\nWindow notes:\n{json.dumps(shown, ensure_ascii=False)}\nAnswer:",
        },
    ]
