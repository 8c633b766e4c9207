"""`persona forget`: what a target names, and erasing it everywhere it left a trace.

A target is a transcript path, a unit key, a project name, or the bundled sample (`--sample`).
Erasure covers the warehouse (every unit table and what was derived), a project's lines in the
prompt logs, the cached model replies that quote it, skills, note files and the search index; a
tombstone written first keeps it forgotten while its files exist (and lets the next run finish an
interrupted erase). The caller unregisters the partitions and recompiles the pack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from persona_pipeline.core.config import Settings
from persona_pipeline.core.sources import sample_units, tombstones
from persona_pipeline.core.warehouse import store

LOG_PREFIX = "prompt_log/"


@dataclass
class Forgotten:
    keys: list[str] = field(default_factory=list)  # whole units erased
    log_rows: int = 0  # rows of the project erased from the prompt logs

    def __bool__(self) -> bool:
        return bool(self.keys or self.log_rows)


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


def _texts(settings: Settings, keys: list[str], project: str | None) -> list[str]:
    """The excerpts and contexts about to be erased (to find the cache replies quoting them)."""
    if not settings.warehouse_path.exists():
        return []
    with store.connect(settings.warehouse_path, read_only=True) as con:
        rows = con.execute(
            "SELECT excerpt, context FROM evidence WHERE unit_key IN (SELECT unnest(?))"
            " OR (? IS NOT NULL AND starts_with(unit_key, ?) AND project = ?)",
            [keys, project, LOG_PREFIX, project],
        ).fetchall()
    return [t for row in rows for t in row if t]


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
    texts = _texts(settings, keys, project)
    if not keys and not texts:
        return Forgotten()
    if sample:
        sample_units.forget(settings.data_dir, keys)  # read only in sample mode: no tombstone
    else:
        tombstones.add(settings.data_dir, target, keys, whole_project=project is not None, project=project)
    from persona_pipeline.core.llm.cache import ResponseCache

    # model replies quote the evidence verbatim: the forgotten words must not stay in the cache
    ResponseCache(settings.data_dir / "llm_cache").purge_quoting(texts)
    out = Forgotten(keys=keys)
    with store.connect(settings.warehouse_path) as con:
        if project is not None:
            out.log_rows = store.delete_project_rows(con, LOG_PREFIX, project)
        store.delete_units(con, keys)
    from persona_pipeline.notes.stage import remove_note_files
    from persona_pipeline.search import discard_index
    from persona_pipeline.skills.stage import build_skills

    build_skills(settings, offline=True)  # skills citing erased lessons are rewritten or removed now
    remove_note_files(settings.data_dir, keys)
    discard_index(settings)  # the search index holds (keyed) token hashes of what was just erased
    return out


def undo(settings: Settings, target: str) -> list[str]:
    """Lift what `forget(target)` recorded; the next run reads it again. Returns what was lifted."""
    return tombstones.remove(settings.data_dir, target)
