"""A compile owed by a `persona run` that died between changing stored rows and compiling them.

`persona run` compiles (facet_trees → persona_pack, skills) only when it changed something: new
evidence, digests, lessons, notes, an erasure. A run killed after its ingest or digest runs wrote
rows, or in its compile before the pack was written, left the pack behind the warehouse; the next
run found nothing changed and skipped the compile, so PERSONA.md stayed stale for good
(`test_crash_resume`: the resumed pack counted other observations than a clean run's).

So each run, before it may change anything, leaves a marker file, locked (`flock`) for as long as
the process lives: the operating system releases the lock however the process ends, SIGKILL
included. A marker nobody holds is an orphan: its run ended without settling, so a compile is owed.
A run that finds orphans compiles, and removes them (with its own marker) once its compile has run
to the end; a run that fails before then leaves its marker to the next run. A marker of a run still
working is locked, so a concurrent run never takes it for an orphan. POSIX only, as the CLI is.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import uuid
from pathlib import Path

SUFFIX = ".owed"


def markers_dir(data_dir: Path) -> Path:
    """Where the runs of one data directory leave their markers (the CLI and `persona status`)."""
    return data_dir / "compile_owed"


class CompileOwed:
    """This run's marker and the orphans it found (their locks held, so a concurrent run leaves
    them to this one)."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self._held: dict[Path, int] = {}
        self.orphans: list[Path] = []
        for path in sorted(folder.glob(f"*{SUFFIX}")):
            fd = _try_lock(path)
            if fd is not None:
                self._held[path] = fd
                self.orphans.append(path)
        # locked before it has its visible name: a concurrent run never sees it unlocked
        tmp = folder / f"{uuid.uuid4().hex}.tmp"
        fd = os.open(tmp, os.O_CREAT | os.O_RDWR, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)
        self.own = tmp.with_suffix(SUFFIX)
        os.replace(tmp, self.own)
        self._held[self.own] = fd
        _sync_dir(folder)  # the marker outlives a power cut that would keep the rows it announces

    @property
    def owed(self) -> bool:
        """An earlier run died before its compile completed."""
        return bool(self.orphans)

    def settle(self) -> None:
        """The compile ran to the end (or this run changed nothing and none was owed): this run's
        marker and the orphans it holds are gone."""
        for path, fd in self._held.items():
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            os.close(fd)
        self._held.clear()
        _sync_dir(self.folder)

    def leave(self) -> None:
        """The compile did not complete: every marker stays, unlocked, for the next run."""
        for fd in self._held.values():
            os.close(fd)
        self._held.clear()


def orphan_count(folder: Path) -> int:
    """Markers nobody holds, i.e. runs that died owing a compile: each lock is only tried and let
    go, so `persona status` can ask beside a live run without taking anything from it (a run
    starting in that instant leaves the orphan to the run after it: late, never lost)."""
    n = 0
    for path in folder.glob(f"*{SUFFIX}") if folder.is_dir() else ():
        fd = _try_lock(path)
        if fd is not None:
            os.close(fd)
            n += 1
    return n


def _try_lock(path: Path) -> int | None:
    """A descriptor holding `path`'s lock, or None when a live run holds it (or it is gone)."""
    try:
        fd = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def _sync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
