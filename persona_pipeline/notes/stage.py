"""The session-notes stage over stored evidence: per transcript unit, decisions, code changes and
open todos (`session_notes`), and one markdown file per session under `<data_dir>/notes/`.
Plain Python: the `session_notes` asset and the tests call it."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import duckdb
import polars as pl

from persona_pipeline.core.config import Settings
from persona_pipeline.core.progress import report
from persona_pipeline.core.warehouse import claims, store, unit_state
from persona_pipeline.core.warehouse import memory_store as ms
from persona_pipeline.notes.markdown import render, safe_name, unit_of
from persona_pipeline.notes.models import Note, NotesResult, NoteTaker

TABLE = "session_notes"
BATCH_UNITS = 200
_SCHEMA = {
    "note_id": pl.Utf8,
    "unit_key": pl.Utf8,
    "session_id": pl.Utf8,
    "project": pl.Utf8,
    "kind": pl.Utf8,
    "text": pl.Utf8,
    "alternative": pl.Utf8,
    "reason": pl.Utf8,
    "files": pl.List(pl.Utf8),
    "functions": pl.List(pl.Utf8),
    "evidence_ids": pl.List(pl.Utf8),
    "timestamp": pl.Utf8,
    "model": pl.Utf8,
    "prompt_version": pl.Utf8,
}


def make_note_taker(settings: Settings, caller: Callable[..., Any] | None = None) -> NoteTaker:
    """`caller(max_tokens=…)` builds the model client (default: `make_caller` on the settings)."""
    if settings.model == "offline":
        from persona_pipeline.notes.offline import OfflineNoteTaker

        return OfflineNoteTaker()
    from persona_pipeline.core.llm.structured import make_caller
    from persona_pipeline.notes.remote import LitellmNoteTaker

    client = caller(max_tokens=3000) if caller is not None else make_caller(settings, max_tokens=3000)
    return LitellmNoteTaker(client, concurrency=settings.digest_concurrency)


def notes_frame(notes: Iterable[Note]) -> pl.DataFrame:
    rows = [{**n.model_dump(), "kind": n.kind.value} for n in notes]
    return pl.DataFrame(rows, schema=_SCHEMA)


def _state(r: NotesResult) -> ms.StageState:
    return ms.StageState(
        unit_key=r.unit_key,
        status=r.status,
        error=r.error,
        items=len(r.notes),
        calls=r.calls,
        cache_hits=r.cache_hits,
        prompt_tokens=r.prompt_tokens,
        completion_tokens=r.completion_tokens,
        cost_usd=r.cost_usd,
    )


def build_notes(
    settings: Settings, keys: Sequence[str], force: bool = False, taker: NoteTaker | None = None
) -> tuple[list[NotesResult], str]:
    """Take notes of `keys` (only the stale ones unless `force`), store them and write their
    markdown, at most `BATCH_UNITS` units and 5,000 evidence rows at a time (bounded memory; a
    crash loses one batch). Returns the results and the note taker's name. A failed unit keeps
    its previous notes and is retried next run; a unit with no evidence left loses its notes."""
    taker = taker or make_note_taker(settings)
    with store.connect(settings.warehouse_path) as con:
        if not force:
            stale = set(ms.stale_units(con, ms.NOTES, taker.name, taker.prompt_version))
            keys = [k for k in keys if k in stale]
        todo = ms.batches(con, keys, BATCH_UNITS)
    index = _index(notes_dir(settings.data_dir))  # read once, kept current by the writes
    results: list[NotesResult] = []
    done = 0
    report(0, sum(map(len, todo)), "notes")
    owner = claims.new_owner()
    still_stale = ms.still_stale(ms.NOTES, taker, force)
    for batch in todo:
        # units another process is taking notes of (or just did) are left to it: nobody pays twice
        with claims.held(settings.warehouse_path, f"notes:{taker.name}", batch, owner, still_stale) as mine:
            results += _build_batch(settings, mine, taker, index)
        done += len(batch)
        report(done, sum(map(len, todo)), "notes")
    with store.connect(settings.warehouse_path) as con:
        _drop_orphans(con)
        stored = _units_with_notes(con)
    # files of units erased or emptied since (by `persona forget`, the sensor, retention) go too
    for key in [k for k in index if k not in stored]:
        for path in index.pop(key):
            path.unlink(missing_ok=True)
    return results, taker.name


def _build_batch(
    settings: Settings, keys: Sequence[str], taker: NoteTaker, index: dict[str, list[Path]]
) -> list[NotesResult]:
    with store.connect(settings.warehouse_path) as con:
        sessions = ms.load_sessions(con, keys)
    if not sessions:
        return []
    results = taker.take_many(sessions)  # the slow part: no connection held
    ok = [r for r in results if r.status == "ok"]
    with store.connect(settings.warehouse_path) as con:
        ms.save_stage(
            con,
            ms.NOTES,
            TABLE,
            notes_frame(n for r in ok for n in r.notes),
            [_state(r) for r in results],
            taker.name,
            taker.prompt_version,
        )
    by_unit = {s.unit_key: s for s in sessions}
    write_note_files(settings.data_dir, [(by_unit[r.unit_key], r.notes) for r in ok], index)
    return results


def _units_with_notes(con: duckdb.DuckDBPyConnection) -> set[str]:
    return {r[0] for r in con.execute(f"SELECT DISTINCT unit_key FROM {TABLE}").fetchall()}


def _drop_orphans(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Units with notes (or a notes state) but no transcript evidence left (emptied, aged out):
    their notes go, since nothing would rebuild them."""
    live = set(ms.unit_hashes(con))
    held = {
        r[0]
        for r in con.execute(
            f"SELECT unit_key FROM {TABLE} UNION SELECT unit_key FROM unit_state WHERE stage = ?", [ms.NOTES]
        ).fetchall()
    }
    gone = sorted(held - live)
    if gone:
        with store.transaction(con):
            con.execute(f"DELETE FROM {TABLE} WHERE unit_key IN (SELECT unnest(?))", [gone])
            unit_state.forget(con, ms.NOTES, gone)
    return gone


# --- markdown files ---------------------------------------------------------------------------
def notes_dir(data_dir: Path) -> Path:
    return data_dir / "notes"


def _index(root: Path) -> dict[str, list[Path]]:
    """Every notes file under `root`, by the unit its header names."""
    out: dict[str, list[Path]] = {}
    if not root.is_dir():
        return out
    for p in sorted(root.glob("*/*.md")):
        try:
            with p.open(encoding="utf-8") as f:
                key = unit_of(f.readline())
        except (OSError, UnicodeDecodeError):
            continue
        if key is not None:
            out.setdefault(key, []).append(p)
    return out


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)  # atomic: a reader never sees half a file


def _file_name(session: ms.SessionEvidence) -> str:
    if session.session_id:
        return safe_name(session.session_id)
    return safe_name(session.unit_key.removesuffix(".jsonl").replace("/", "-"))


def write_note_files(
    data_dir: Path,
    built: Sequence[tuple[ms.SessionEvidence, Sequence[Note]]],
    index: dict[str, list[Path]] | None = None,
) -> int:
    """Replace each unit's markdown (`notes/<project>/<session>.md`) with its new notes; a unit
    with no notes has no file. `index` (unit -> its files, updated here) saves re-reading the
    folder. Returns the number of files written."""
    root = notes_dir(data_dir)
    if index is None:
        index = _index(root)
    taken = {p for paths in index.values() for p in paths}
    written = 0
    for session, notes in built:
        for old in index.pop(session.unit_key, []):
            old.unlink(missing_ok=True)
            taken.discard(old)
        if not notes:
            continue
        root.mkdir(parents=True, exist_ok=True, mode=0o700)
        folder = root / safe_name(session.project)
        path = folder / f"{_file_name(session)}.md"
        if path in taken:  # another unit with the same session id: keep both, told apart by key
            path = folder / f"{path.stem}-{safe_name(session.unit_key.replace('/', '-'))}.md"
        lines = {r.evidence_id: r.line_no for r in session.rows}
        _write(path, render(session.unit_key, session.session_id, session.project, notes, lines))
        index.setdefault(session.unit_key, []).append(path)
        taken.add(path)
        written += 1
    return written


def remove_note_files(data_dir: Path, unit_keys: Iterable[str]) -> int:
    """Delete the markdown of `unit_keys` (erasure). Returns the number of files removed."""
    wanted = set(unit_keys)
    if not wanted:
        return 0
    removed = 0
    for key, paths in _index(notes_dir(data_dir)).items():
        if key in wanted:
            for p in paths:
                p.unlink(missing_ok=True)
                removed += 1
    return removed


def sync_note_files(con: duckdb.DuckDBPyConnection, data_dir: Path) -> int:
    """Delete every notes file whose unit has no notes stored (erased outside this stage)."""
    stored = _units_with_notes(con)
    return remove_note_files(data_dir, [k for k in _index(notes_dir(data_dir)) if k not in stored])
