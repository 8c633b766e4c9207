"""Erasure, as one mechanism: `erase` removes what a unit left everywhere, and `persona forget`,
the retention window and vanished files (`on_source_removed = "erase"`, deleted instruction
files) all go through it.

Every artefact derived from a unit is located by its unit key:
- warehouse rows: every unit table and every derived table (`store.delete_units`), a project's
  lines of the prompt logs (`store.delete_project_rows`), evidence older than the retention
  window and every row citing it (`store.purge_older_than`); facet rules are re-folded and the
  pack rewritten from what is left;
- model replies: cache entries list the units their prompt was built from (`ResponseCache.
  purge_units`), and any reply quoting an erased excerpt goes too (entries of older versions);
- files: a session's note file (`notes.stage.remove_note_files`), skills (rebuilt offline from the
  remaining lessons: a skill left without support loses its folder), the search index (discarded);
- Dagster: a unit's event records hold its key and counts only (never text); its partitions are
  unregistered by the caller, and the instance's SQLite files are vacuumed.
It ends by compacting: freed DuckDB blocks and SQLite pages keep deleted rows readable, so the
warehouse is rewritten into a fresh file (`core/warehouse/compact.py`) and SQLite vacuumed.

`forget` resolves what a target names (a transcript path, a unit key, a project, the sample) and
writes a tombstone first, which keeps it forgotten while its files exist (and lets the next run
finish an interrupted erase).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from persona_pipeline.core.config import Settings
from persona_pipeline.core.sources import sample_units, tombstones
from persona_pipeline.core.warehouse import store
from persona_pipeline.core.warehouse.compact import Compaction, compact

LOG_PREFIX = "prompt_log/"


@dataclass
class Forgotten:
    keys: list[str] = field(default_factory=list)  # whole units erased
    log_rows: int = 0  # rows of the project erased from the prompt logs

    def __bool__(self) -> bool:
        return bool(self.keys or self.log_rows)


@dataclass
class Erased:
    """What one `erase` removed (counts and keys only)."""

    units: list[str] = field(default_factory=list)  # erased whole
    touched: list[str] = field(default_factory=list)  # lost some rows: each stage rebuilds them
    evidence_rows: int = 0
    cache_entries: int = 0
    note_files: int = 0
    sqlite_files: int = 0  # Dagster storage files vacuumed
    sqlite_busy: list[str] = field(default_factory=list)  # could not be vacuumed now (a daemon writing)
    compaction: Compaction | None = None

    def __bool__(self) -> bool:
        return bool(self.units or self.touched or self.evidence_rows)


def _doomed_texts(
    settings: Settings, units: Sequence[str], project: str | None, older_than: datetime | None
) -> tuple[list[str], list[str], list[str]]:
    """(units stored among `units`, units that will lose some rows, the excerpts and contexts
    about to go — to find the cached replies quoting them)."""
    if not settings.warehouse_path.exists():
        return [], [], []
    with store.connect(settings.warehouse_path, read_only=True) as con:
        if not store.has_schema(con):
            return [], [], []
        whole = store.stored_units(con, units) if units else []
        rows = con.execute(
            """SELECT unit_key, excerpt, context FROM evidence
               WHERE unit_key IN (SELECT unnest(?))
                  OR (? IS NOT NULL AND starts_with(unit_key, ?) AND project = ?)
                  OR (? IS NOT NULL AND kind <> 'directive' AND TRY_CAST(timestamp AS TIMESTAMPTZ) < ?)""",
            [list(units), project, LOG_PREFIX, project, older_than, older_than],
        ).fetchall()
    touched = sorted({r[0] for r in rows} - set(units))
    return sorted(whole), touched, [t for r in rows for t in r[1:] if t]


def erase(
    settings: Settings,
    units: Sequence[str] = (),
    *,
    project: str | None = None,
    older_than: datetime | None = None,
    dagster_home: Path | None = None,
) -> Erased:
    """Erase `units` whole, `project`'s lines of the prompt logs, and evidence older than
    `older_than` (the retention window), with everything derived from them, everywhere; then
    compact. Nothing matched: nothing is written (no compaction either)."""
    whole, touched, texts = _doomed_texts(settings, units, project, older_than)
    if not whole and not touched and not texts:
        return Erased()
    out = Erased(units=whole, touched=touched)
    from persona_pipeline.core.llm.cache import ResponseCache

    with store.connect(settings.warehouse_path) as con:
        if project is not None:
            out.evidence_rows += store.delete_project_rows(con, LOG_PREFIX, project)
        if older_than is not None:
            out.evidence_rows += store.purge_older_than(con, older_than)
        store.delete_units(con, whole)
    cache = ResponseCache(settings.data_dir / "llm_cache")
    out.cache_entries = cache.purge_units([*whole, *touched]) + cache.purge_quoting(texts)
    _rebuild_from_what_is_left(settings)
    from persona_pipeline.notes.stage import remove_note_files

    out.note_files = remove_note_files(settings.data_dir, [*whole, *touched])
    home = dagster_home if dagster_home is not None else settings.dagster_home
    out.sqlite_files, out.sqlite_busy = vacuum_sqlite(home)
    out.compaction = compact(settings.warehouse_path)
    return out


def _rebuild_from_what_is_left(settings: Settings) -> None:
    """Facet rules, the pack, skills and the search index from the remaining rows, without a
    model: no rule, bullet or skill keeps an erased quote (the next compile run refreshes the
    pack as usual; this one only makes sure nothing erased outlives the erase)."""
    from persona_pipeline.persona.compile import build_pack, refold
    from persona_pipeline.persona.pack import write_pack
    from persona_pipeline.search import discard_index
    from persona_pipeline.skills.stage import build_skills

    refold(settings)
    pack_dir = settings.data_dir / "persona"
    if pack_dir.exists():
        write_pack(build_pack(settings), pack_dir)  # with the review decisions, as the compile run
    build_skills(settings, offline=True)  # skills citing erased lessons are rewritten or removed now
    discard_index(settings)  # the search index holds (keyed) token hashes of what was just erased


def vacuum_sqlite(home: Path, busy_s: float = 5.0) -> tuple[int, list[str]]:
    """VACUUM every SQLite file of a Dagster instance (run, event-log and schedule storage), so
    pages freed by deleted rows hold nothing. A file another process keeps busy past `busy_s` is
    named, not waited for (the next erasure vacuums it). Returns (files vacuumed, files busy)."""
    done, busy = 0, []
    if not home.is_dir():
        return 0, []
    for path in sorted(home.rglob("*.db")):
        if any(part.startswith("broken-") for part in path.relative_to(home).parts):
            continue  # a storage moved aside after a crash: not ours to open
        try:
            con = sqlite3.connect(path, timeout=busy_s, isolation_level=None)
        except sqlite3.Error:
            busy.append(path.name)
            continue
        try:
            con.execute("PRAGMA secure_delete = ON")
            con.execute("VACUUM")
            if con.execute("PRAGMA journal_mode").fetchone()[0] == "wal":
                con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            done += 1
        except sqlite3.Error:
            busy.append(path.name)
        finally:
            con.close()
    return done, busy


def _stored_matching(settings: Settings, target: str) -> list[str]:
    if not settings.warehouse_path.exists():
        return []
    with store.connect(settings.warehouse_path, read_only=True) as con:
        rows = con.execute(
            "SELECT unit_key FROM units WHERE NOT starts_with(unit_key, ?)"
            " AND (project = ? OR unit_key = ? OR split_part(unit_key, '/', 2) = ?)",
            [LOG_PREFIX, target, target, target],
        ).fetchall()
    return [r[0] for r in rows]


def _project_log_rows(settings: Settings, project: str) -> int:
    if not settings.warehouse_path.exists():
        return 0
    with store.connect(settings.warehouse_path, read_only=True) as con:
        row = con.execute(
            "SELECT count(*) FROM evidence WHERE starts_with(unit_key, ?) AND project = ?", [LOG_PREFIX, project]
        ).fetchone()
    return int(row[0]) if row else 0


def forget(settings: Settings, target: str, *, sample: bool = False) -> Forgotten:
    """Erase what `target` names (nothing matched: an empty result, nothing changed)."""
    found = settings.sources().discover()
    path = Path(target).expanduser()
    keys = [u.key for u in found.units if path.exists() and u.path.resolve() == path.resolve()]
    project: str | None = None
    if sample:
        # not what is on disk now: a real global CLAUDE.md can share the sample's key
        stored = set(store.unit_fingerprints(settings.warehouse_path)) - {u.key for u in found.units}
        keys = sorted(sample_units.recorded(settings.data_dir) & stored)
    elif not keys:
        on_disk = [u.key for u in found.units if u.key == target or tombstones.project_of_key(u.key) == target]
        keys = sorted(set(on_disk) | set(_stored_matching(settings, target)))
        if target not in keys:
            project = target  # a project: its later sessions, and its prompt-log lines, stay out too
    log_rows = _project_log_rows(settings, project) if project is not None else 0
    if not keys and not log_rows:
        return Forgotten()
    if sample:
        sample_units.forget(settings.data_dir, keys)  # read only in sample mode: no tombstone
    else:
        tombstones.add(settings.data_dir, target, keys, whole_project=project is not None, project=project)
    erase(settings, keys, project=project)
    return Forgotten(keys=keys, log_rows=log_rows)


def undo(settings: Settings, target: str) -> list[str]:
    """Lift what `forget(target)` recorded; the next run reads it again. Returns what was lifted."""
    return tombstones.remove(settings.data_dir, target)
