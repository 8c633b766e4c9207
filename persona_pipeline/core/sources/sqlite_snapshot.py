"""Reading an application's SQLite store while the application may hold it, writing nothing beside it.

Every read runs inside one read transaction, so every query sees one consistent snapshot. How the
file is opened depends on its journal mode (the header's read-version byte) and its side files,
because SQLite creates a WAL-mode file's `-wal` and `-shm` on a plain `mode=ro` open:
- rollback journal: `mode=ro`, in place (a reader creates nothing, waits on the owner's locks);
- WAL, no `-wal` (or an empty one: the owner has quit or checkpointed): the main file is the whole
  committed state, read with `immutable=1` (no locks, no side files). A writer starting meanwhile
  writes to a new `-wal`, not the file, until a checkpoint; the file's stat is compared after the
  read and a change is `sqlite_changed` (a torn view is never returned; the fingerprint, taken
  before the read, differs, so the next run reads again);
- WAL with its `-wal` and `-shm` (the owner running, or quit without cleaning up):
  `mode=ro&readonly_shm=1`, in place: the owner's shared memory is opened read-only (never
  created, its bytes and mtime unchanged; SQLite falls back to a private in-memory index when it
  cannot use it), and the commits still only in the `-wal` are seen;
- WAL with a `-wal` but no `-shm`: nowhere to read the index from without creating it, so a copy.
When the in-place open fails on a lock (a rollback-journal file mid-write, an exclusive locking
mode), a read-only folder or shared memory, or a hot journal that only a writer may roll back, the
file and its `-wal`/`-journal` are copied to a private temporary folder and the copy opened
read-write there: SQLite replays or rolls back the copied log itself, giving the last committed
state. The one gap: an owner closing (and deleting its `-wal`) between the check for the log and
SQLite's own look a few microseconds later makes SQLite leave an empty `-wal`, which it ignores.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal
from urllib.parse import quote

from persona_pipeline.core.sources.jsonl_stream import FileSkipped

BUSY_TIMEOUT_S = 1.0  # how long a locked database is waited for before the copy is read
_HEADER = b"SQLite format 3\x00"
_WAL_VERSION = 2  # header byte 19 (the read version): 2 = WAL, 1 = rollback journal
_LOCKED = ("locked", "busy", "unable to open")
_COPY_ON = (*_LOCKED, "readonly")  # "attempt to write a readonly database": a hot journal to roll back

How = Literal["ro", "wal_ro", "immutable", "copy"]
_PARAMS: dict[How, str] = {"ro": "mode=ro", "wal_ro": "mode=ro&readonly_shm=1", "immutable": "mode=ro&immutable=1"}


@contextmanager
def snapshot(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection on `path` (or on a private copy when the original cannot be read in
    place), inside one read transaction. `FileSkipped` for a file that is no SQLite database, and
    `sqlite_changed` when a lock-free read saw the main file rewritten under it."""
    how = _how(path, _check_header(path))
    stamp = _stamp(path) if how == "immutable" else None
    con: sqlite3.Connection | None = None
    tmp: tempfile.TemporaryDirectory[str] | None = None
    try:
        if how != "copy":
            con = _open(path, _PARAMS[how])
            try:
                _begin(con)
            except sqlite3.OperationalError as exc:
                if not any(w in str(exc).lower() for w in _COPY_ON):
                    raise FileSkipped(reason(exc)) from None
                con.close()
                con = None
            except sqlite3.DatabaseError as exc:
                raise FileSkipped(reason(exc)) from None
        if con is None:
            tmp = tempfile.TemporaryDirectory(prefix="persona-sqlite-")
            con = _open(_copy(path, Path(tmp.name)), "")
            try:
                _begin(con)
            except sqlite3.DatabaseError as exc:
                raise FileSkipped(reason(exc)) from None
        yield con
        if stamp is not None and _stamp(path) != stamp:
            raise FileSkipped("sqlite_changed")
    finally:
        if con is not None:
            con.close()
        if tmp is not None:
            tmp.cleanup()


def _how(path: Path, head: bytes) -> How:
    if len(head) < 20 or head[19] != _WAL_VERSION:
        return "ro"
    try:
        log = os.stat(f"{path}-wal").st_size
    except FileNotFoundError:
        return "immutable"
    except OSError:
        return "copy"  # a log that cannot be looked at cannot be read in place either
    if log == 0:
        return "immutable"
    return "wal_ro" if os.path.exists(f"{path}-shm") else "copy"


def _stamp(path: Path) -> tuple[int, int, int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (-1, -1, -1, -1)
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _check_header(path: Path) -> bytes:
    """The first 100 bytes (the database header), once the file is known to be SQLite."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError as exc:
        raise FileSkipped(f"unreadable:{type(exc).__name__}") from None
    if not head:
        raise FileSkipped("empty")
    if head[: len(_HEADER)] != _HEADER:
        raise FileSkipped("not_sqlite")
    return head


def _open(path: Path, params: str) -> sqlite3.Connection:
    uri = f"file:{quote(str(path))}?{params}" if params else f"file:{quote(str(path))}"
    try:
        con = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise FileSkipped(reason(exc)) from None
    con.text_factory = bytes  # values decoded by the reader: a bad byte costs a row, not the query
    return con


def _begin(con: sqlite3.Connection) -> None:
    con.execute("BEGIN")
    con.execute("SELECT count(*) FROM sqlite_master").fetchone()  # takes the read lock now


def _copy(path: Path, folder: Path) -> Path:
    """The database and its logs, copied (the log first: a checkpoint racing the copy then at worst
    leaves a log whose frames are already in the main file, which replays to the same state)."""
    dst = folder / path.name
    try:
        for suffix in ("-wal", "-journal"):
            log = Path(f"{path}{suffix}")
            if log.exists():
                shutil.copyfile(log, f"{dst}{suffix}")
        shutil.copyfile(path, dst)
    except OSError as exc:
        raise FileSkipped(f"unreadable:{type(exc).__name__}") from None
    return dst


def reason(exc: BaseException) -> str:
    """A short, fixed label for an SQLite failure (messages can hold paths: never stored)."""
    msg = str(exc).lower()
    if "malformed" in msg or "corrupt" in msg:
        return "sqlite_malformed"
    if "not a database" in msg or "file is encrypted" in msg:
        return "not_sqlite"
    if any(w in msg for w in _LOCKED):
        return "sqlite_locked"
    return f"sqlite_error:{type(exc).__name__}"


def tables(con: sqlite3.Connection) -> set[str]:
    return {
        r[0].decode() if isinstance(r[0], bytes) else r[0]
        for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }
