"""A session's notes as markdown for humans: redacted content only, every note cited as
`unit_key:line`. The first line names the unit, so a file can be found again from its key."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from persona_pipeline.notes.models import Note, NoteKind

HEADER = "<!-- persona session notes: unit {key} -->"
_HEADER = re.compile(r"^<!-- persona session notes: unit (?P<key>.+) -->$")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_SECTIONS = ((NoteKind.DECISION, "Decisions"), (NoteKind.CODE_CHANGE, "Code changes"), (NoteKind.TODO, "Open todos"))


def safe_name(s: str, fallback: str = "unknown") -> str:
    """A file-name-safe slug (placeholders and separators flattened), never empty or hidden."""
    slug = _UNSAFE.sub("-", s).strip("-.")[:120]
    return slug or fallback


def unit_of(first_line: str) -> str | None:
    m = _HEADER.match(first_line.strip())
    return m.group("key") if m else None


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold()


def _cites(note: Note, unit_key: str, lines: Mapping[str, int]) -> str:
    return ", ".join(f"`{unit_key}:{lines[e]}`" for e in note.evidence_ids if e in lines)


def render(unit_key: str, session_id: str | None, project: str, notes: Sequence[Note], lines: Mapping[str, int]) -> str:
    """The markdown of one session's notes; `lines` maps evidence ids to their line numbers."""
    out = [HEADER.format(key=unit_key), f"# Session notes: {project}", ""]
    out.append(f"- unit: `{unit_key}`")
    if session_id:
        out.append(f"- session: `{session_id}`")
    for kind, title in _SECTIONS:
        of_kind = [n for n in notes if n.kind is kind]
        if not of_kind:
            continue
        out += ["", f"## {title}", ""]
        for n in of_kind:
            line = f"- {n.text}"
            said = _plain(n.text)
            # a decision quoted whole already says its alternative and reason: never spliced twice
            if n.alternative and _plain(n.alternative) not in said:
                line += f" (instead of {n.alternative})"
            if n.reason and _plain(n.reason) not in said:
                line += f" — because {n.reason}"
            if n.files and kind is NoteKind.CODE_CHANGE and not any(f in n.text for f in n.files):
                line += " — files: " + ", ".join(f"`{f}`" for f in n.files)
            if n.functions:
                line += " — functions: " + ", ".join(f"`{f}`" for f in n.functions)
            out.append(f"{line} [{_cites(n, unit_key, lines)}]")
    return "\n".join(out) + "\n"
