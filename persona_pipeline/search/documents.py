"""Searchable documents, read from the warehouse: what the index is built from, the fingerprint
that says when to rebuild it, and the stored text and citations of the results.

Every text read here is already redacted (the warehouse holds nothing else); the index keeps
only tokens of it, and results are re-read from the warehouse, so an erased row is gone from
results as soon as the fingerprint notices.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import duckdb

from persona_pipeline.core.models import ACTIVITY_KINDS
from persona_pipeline.persona.digest.models import TIER_WEIGHT
from persona_pipeline.search.models import Citation
from persona_pipeline.search.tokens import TOKENIZER_VERSION

# Document kinds, in index order (also the tie-break order: a rule before the evidence behind it).
KINDS = ("persona", "skill", "lesson", "note", "evidence")
# `--kind` choices → document kinds. Lessons are what skills are evolved from, searchable with them.
CLI_KINDS: dict[str, tuple[str, ...]] = {
    "persona": ("persona",),
    "skill": ("skill", "lesson"),
    "note": ("note",),
    "evidence": ("evidence",),
}
# A session note is a summary of one session's prompts and activity: weighed like a T2 prompt.
NOTE_WEIGHT = TIER_WEIGHT["T2"]
# Credibility missing (an older row): the middle of the "agent's own correction" band.
DEFAULT_CREDIBILITY = 0.5
INDEX_FORMAT = "3"  # bumped when documents or the stored index layout change (3: keyed token hashes)
TEXT_CAP = 2000  # characters of stored text a result carries
MAX_CITATIONS = 10

_ACTIVITY = sorted(str(k) for k in ACTIVITY_KINDS)
_OPTIONAL_TABLES = ("lessons", "session_notes", "skills")

# What each table contributes to the fingerprint: every column that changes a document's tokens,
# weight or projects (texts, tiers, credibility, evidence lists). Sums of row hashes do not
# depend on row order; all of it is one statement, one scan per table.
_FINGERPRINT_PARTS = {
    "evidence": "FROM evidence",
    "units": "FROM units",
    "facet_rules": "FROM facet_rules WHERE superseded_by IS NULL",
    "skills": "FROM skills",
    "lessons": "FROM lessons",
    "session_notes": "FROM session_notes",
}
_FINGERPRINT_COLUMNS = {
    # the id covers the excerpt; a changed context (an activity row's tool result) comes with a
    # re-read of its unit, which `units.processed_at` records (cheaper than hashing every context)
    "evidence": "evidence_id, tier, kind, project",
    "units": "unit_key, fingerprint, processed_at",
    "facet_rules": "rule_id, statement, tier, projects, quotes",
    "skills": "name, version, description, instructions, triggers, examples, evidence_ids, credibility",
    "lessons": "lesson_id, kind, statement, quote, credibility, project",
    "session_notes": "note_id, kind, text, alternative, reason, files, functions, project, evidence_ids",
}


@dataclass
class Documents:
    """The index's input, one entry per document, in index order (kind, then id)."""

    kinds: list[int] = field(default_factory=list)  # position in KINDS
    keys: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # what is tokenised (never stored)
    weights: list[float] = field(default_factory=list)
    projects: list[list[str]] = field(default_factory=list)

    def add(self, kind: str, key: str, text: str, weight: float, projects: Iterable[str | None]) -> None:
        self.kinds.append(KINDS.index(kind))
        self.keys.append(key)
        self.texts.append(text)
        self.weights.append(weight)
        self.projects.append(sorted({p for p in projects if p}))

    def __len__(self) -> int:
        return len(self.keys)


def tables(con: duckdb.DuckDBPyConnection) -> set[str]:
    """Tables present (a warehouse written before schema 2 has no lessons / notes / skills)."""
    return {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main'").fetchall()}


def fingerprint(con: duckdb.DuckDBPyConnection) -> str:
    """A cheap digest of everything searchable (row counts and content hashes, computed in SQL)."""
    present = tables(con)
    selects = [
        f"(SELECT count(*) || ':' || coalesce(sum(hash({_FINGERPRINT_COLUMNS[t]}))::VARCHAR, '') {source})"
        for t, source in _FINGERPRINT_PARTS.items()
        if t in present
    ]
    row = con.execute("SELECT " + ", ".join(selects)).fetchone() if selects else ()
    parts = [f"format={INDEX_FORMAT}", f"tokens={TOKENIZER_VERSION}", *(str(v) for v in row or ())]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:20]


def _credibility(value: float | None) -> float:
    return DEFAULT_CREDIBILITY if value is None else min(max(float(value), 0.0), 1.0)


def _tier_weight(tier: str | None) -> float:
    return TIER_WEIGHT.get(tier or "", TIER_WEIGHT["T3"])  # type: ignore[call-overload]


def _join(*values: str | Sequence[str] | None) -> str:
    out: list[str] = []
    for v in values:
        if isinstance(v, str):
            out.append(v)
        elif v:
            out.extend(x for x in v if x)
    return "\n".join(out)


def load_documents(con: duckdb.DuckDBPyConnection) -> Documents:
    """Every searchable document: current persona rules, skills, lessons, session notes, evidence."""
    present = tables(con)
    docs = Documents()
    if "facet_rules" in present:
        for rule_id, statement, tier, projects, quotes in con.execute(
            """SELECT rule_id, statement, tier, projects, quotes FROM facet_rules
               WHERE superseded_by IS NULL ORDER BY rule_id"""
        ).fetchall():
            docs.add("persona", rule_id, _join(statement, quotes), _tier_weight(tier), projects or [])
    if "skills" in present:
        # a skill has no project of its own: it belongs to the projects of the evidence it cites
        for name, description, instructions, triggers, examples, credibility, projects in con.execute(
            """WITH cited AS (SELECT name, unnest(evidence_ids) AS evidence_id FROM skills),
                    skill_projects AS (
                        SELECT c.name, list(DISTINCT e.project) AS projects
                        FROM cited c JOIN evidence e USING (evidence_id) GROUP BY c.name)
               SELECT s.name, s.description, s.instructions, s.triggers, s.examples, s.credibility, p.projects
               FROM skills s LEFT JOIN skill_projects p USING (name) ORDER BY s.name"""
        ).fetchall():
            text = _join(name.replace("-", " "), description, instructions, triggers, examples)
            docs.add("skill", name, text, _credibility(credibility), projects or [])
    if "lessons" in present:
        for lesson_id, statement, quote, credibility, project in con.execute(
            "SELECT lesson_id, statement, quote, credibility, project FROM lessons ORDER BY lesson_id"
        ).fetchall():
            docs.add("lesson", lesson_id, _join(statement, quote), _credibility(credibility), [project])
    if "session_notes" in present:
        for note_id, text, alternative, reason, files, functions, project in con.execute(
            """SELECT note_id, text, alternative, reason, files, functions, project
               FROM session_notes ORDER BY note_id"""
        ).fetchall():
            docs.add("note", note_id, _join(text, alternative, reason, files, functions), NOTE_WEIGHT, [project])
    # Activity rows (tool errors, edits) are searched with their result excerpt; a correction's
    # context is the assistant's words, not the person's, and is not searched.
    for evidence_id, text, tier, project in con.execute(
        """SELECT evidence_id,
                  CASE WHEN kind = ANY(?) AND context IS NOT NULL AND context <> ''
                       THEN excerpt || chr(10) || context ELSE excerpt END,
                  tier, project
           FROM evidence ORDER BY evidence_id""",
        [_ACTIVITY],
    ).fetchall():
        docs.add("evidence", evidence_id, text or "", _tier_weight(tier), [project])
    return _dedupe(docs)


def _dedupe(docs: Documents) -> Documents:
    """One document per (kind, id): a row stored twice is found once."""
    seen: set[tuple[int, str]] = set()
    out = Documents()
    for i, key in enumerate(docs.keys):
        ident = (docs.kinds[i], key)
        if ident in seen:
            continue
        seen.add(ident)
        out.kinds.append(docs.kinds[i])
        out.keys.append(key)
        out.texts.append(docs.texts[i])
        out.weights.append(docs.weights[i])
        out.projects.append(docs.projects[i])
    return out


@dataclass
class Stored:
    """A result's stored fields, read back from the warehouse by id."""

    text: str
    evidence_ids: list[str]
    timestamp: str | None = None
    detail: dict[str, str] = field(default_factory=dict)


def _cap(text: str) -> str:
    return text if len(text) <= TEXT_CAP else text[: TEXT_CAP - 1].rstrip() + "…"


def read_stored(con: duckdb.DuckDBPyConnection, kind: str, keys: list[str]) -> dict[str, Stored]:
    """The display text, cited evidence ids and details of these documents of one kind."""
    if not keys:
        return {}
    out: dict[str, Stored] = {}
    if kind == "persona":
        for rule_id, facet, statement, tier, evidence_ids, sessions, last_seen in con.execute(
            """SELECT rule_id, facet, statement, tier, evidence_ids, support_sessions, last_seen
               FROM facet_rules WHERE superseded_by IS NULL AND rule_id = ANY(?)""",
            [keys],
        ).fetchall():
            detail = {"facet": facet or "", "tier": tier or "", "sessions": str(sessions or 0)}
            out[rule_id] = Stored(_cap(statement or ""), list(evidence_ids or []), last_seen, detail)
    elif kind == "skill":
        for name, version, description, triggers, evidence_ids, credibility, importance, updated in con.execute(
            """SELECT name, version, description, triggers, evidence_ids, credibility, importance,
                      CAST(updated_at AS VARCHAR)
               FROM skills WHERE name = ANY(?)""",
            [keys],
        ).fetchall():
            detail = {"version": str(version or 1), "credibility": f"{_credibility(credibility):.2f}"}
            if importance is not None:
                detail["importance"] = f"{float(importance):.2f}"
            if triggers:
                detail["triggers"] = ", ".join(triggers)
            out[name] = Stored(_cap(f"{name}: {description or ''}"), list(evidence_ids or []), updated, detail)
    elif kind == "lesson":
        for lesson_id, lkind, statement, signal, credibility, evidence_ids, ts in con.execute(
            """SELECT lesson_id, kind, statement, signal, credibility, evidence_ids, timestamp
               FROM lessons WHERE lesson_id = ANY(?)""",
            [keys],
        ).fetchall():
            detail = {"kind": lkind or "", "signal": signal or "", "credibility": f"{_credibility(credibility):.2f}"}
            out[lesson_id] = Stored(_cap(statement or ""), list(evidence_ids or []), ts, detail)
    elif kind == "note":
        for note_id, nkind, text, alternative, reason, files, evidence_ids, ts in con.execute(
            """SELECT note_id, kind, text, alternative, reason, files, evidence_ids, timestamp
               FROM session_notes WHERE note_id = ANY(?)""",
            [keys],
        ).fetchall():
            out[note_id] = Stored(
                _cap(note_text(text or "", alternative, reason, files)),
                list(evidence_ids or []),
                ts,
                {"kind": nkind or ""},
            )
    return out


def _said(part: str | None, text: str) -> bool:
    return bool(part) and " ".join(str(part).split()).casefold() in text


def note_text(text: str, alternative: str | None, reason: str | None, files: Sequence[str] | None) -> str:
    """A note as a result shows it: a decision is the person's sentence, which often already says
    what it replaced and why ("… rather than X since Y"): those are appended only when not said."""
    said = " ".join(text.split()).casefold()
    alt = alternative if alternative and not _said(alternative, said) else None
    why = reason if reason and not _said(reason, said) else None
    shown = text
    if alt:
        shown += f" (instead of {alt}" + (f": {why})" if why else ")")
    elif why:
        shown += f" ({why})"
    if files:
        shown += f" [files: {', '.join(files)}]"
    return shown


_CITATION_FIELDS = ("evidence_id", "source_kind", "tier", "kind", "project", "session_id", "timestamp", "unit_key")


def read_evidence(
    con: duckdb.DuckDBPyConnection, cited: Iterable[str], shown: Sequence[str] = ()
) -> tuple[dict[str, Citation], dict[str, Stored]]:
    """Provenance of the cited evidence rows and of the `shown` ones (evidence results), and the
    stored text of the shown ones only: reading an excerpt decompresses its whole storage
    vector, so texts are read for the ≤ limit results, not for every citation. Erased rows are
    simply absent."""
    ids = sorted(set(cited) | set(shown))
    if not ids:
        return {}, {}
    rows = con.execute(
        f"SELECT {', '.join(_CITATION_FIELDS)}, line_no FROM evidence WHERE evidence_id = ANY(?)", [ids]
    ).fetchall()
    citations: dict[str, Citation] = {}
    for *prov, line_no in rows:
        c = Citation(**dict(zip(_CITATION_FIELDS, prov, strict=True)), line_no=line_no)
        citations[c.evidence_id] = c
    stored: dict[str, Stored] = {}
    if shown:
        for evidence_id, excerpt, context in con.execute(
            "SELECT evidence_id, excerpt, context FROM evidence WHERE evidence_id = ANY(?)", [sorted(set(shown))]
        ).fetchall():
            c = citations[evidence_id]
            body = excerpt or ""
            if c.kind in _ACTIVITY and context:
                body += f" → {context}"
            detail = {"kind": c.kind or "", "tier": c.tier or ""}
            stored[evidence_id] = Stored(_cap(body), [evidence_id], c.timestamp, detail)
    return citations, stored


def order_citations(cited: list[Citation]) -> list[Citation]:
    """Strongest tier first, then newest, then by id (deterministic)."""
    by_id = sorted(cited, key=lambda c: c.evidence_id)
    by_time = sorted(by_id, key=lambda c: c.timestamp or "", reverse=True)
    return sorted(by_time, key=lambda c: c.tier or "T9")
