"""Whether a decision's sentence is a statement, read with the digester's reading
(`persona/digest/reading.py`) as the lessons' quotes are (`skills/quoting.py`). Here, not in
skills: skills and notes are independent layers (pyproject `[tool.importlinter]`)."""

from __future__ import annotations

import re

from persona_pipeline.persona.digest import reading

# A one-off reason of the reading that still leaves a statement worth a session note: a decision
# may be scoped to this session's files, branch or day ("let's keep src/app.py as is for now").
# Masking those parts lets the reading judge what is left (a bug report, a description).
_NOT_A_STATEMENT = frozenset({"malfunction", "description", "the agent's current action"})

# parts of a sentence that scope it to this session (a path, a ticket, a date, a `code` span)
_SCOPED = re.compile(rf"{reading.SPECIFIC.pattern}|{reading.DEICTIC_TIME.pattern}|`[^`]*`", re.IGNORECASE)


def is_statement(sentence: str) -> bool:
    """Whether a sentence states something the person wants, rather than reporting a bug,
    describing what something does or narrating the agent's action — read with the parts that
    scope it to this session masked (those are allowed in a session's note)."""
    masked = _SCOPED.sub(" thing ", sentence)
    return reading.read(masked).why not in _NOT_A_STATEMENT


def trimmed(sentence: str) -> str:
    """The sentence without the filler around it (the reading's trim), when that is a slice of it."""
    t = reading.trim(sentence)
    return t if t and t in sentence else sentence.strip()
