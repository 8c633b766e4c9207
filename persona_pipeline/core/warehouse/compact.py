"""Compacting the warehouse after an erasure: DuckDB never overwrites deleted rows, so erased
quotes stay readable in the file's freed blocks until the file is rewritten.

The rewrite copies every table, view and constraint into a fresh file (`COPY FROM DATABASE`) and
swaps it in with one `os.replace`, all while this process holds the old file's write lock: no
other process can have the old file open, and one that retries the lock afterwards opens the new
file. The old inode is unlinked, so its blocks belong to no file any more.

(POSIX only: Windows cannot replace a file another handle holds open.)
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from pydantic import BaseModel

from persona_pipeline.core.warehouse import store


class Compaction(BaseModel):
    """What one compaction did (counts only)."""

    bytes_before: int = 0
    bytes_after: int = 0
    seconds: float = 0.0


def _size(path: Path) -> int:
    wal = path.with_name(path.name + ".wal")
    return sum(p.stat().st_size for p in (path, wal) if p.exists())


def compact(path: Path) -> Compaction:
    """Rewrite `path` into a fresh file and swap it in atomically (no file: nothing done)."""
    if not path.exists():
        return Compaction()
    started = time.monotonic()
    before = _size(path)
    fresh = path.with_name(f".{path.name}.compact-{os.getpid()}")
    for leftover in (fresh, fresh.with_name(fresh.name + ".wal")):
        leftover.unlink(missing_ok=True)
    with store.connect(path) as con:
        # the WAL folded in first: after the swap no WAL of the old file may sit beside the new one
        con.execute("FORCE CHECKPOINT")
        (name,) = con.execute("SELECT current_database()").fetchone() or ("main",)
        quoted = str(fresh).replace("'", "''")
        con.execute(f"ATTACH '{quoted}' AS persona_fresh")
        try:
            con.execute(f'COPY FROM DATABASE "{name}" TO persona_fresh')
        except BaseException:
            con.execute("DETACH persona_fresh")
            fresh.unlink(missing_ok=True)
            raise
        con.execute("DETACH persona_fresh")  # checkpoints and closes the new file
        os.replace(fresh, path)  # still holding the old file's lock: nobody else has it open
    shutil.rmtree(path.with_name(path.name + ".tmp"), ignore_errors=True)  # DuckDB's spill folder
    return Compaction(bytes_before=before, bytes_after=_size(path), seconds=round(time.monotonic() - started, 3))
