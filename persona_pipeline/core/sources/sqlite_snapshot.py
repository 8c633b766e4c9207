"""Reading an application's SQLite store while the application may hold it.

Opened read-only (`mode=ro`: never a write, never a checkpoint of the owner's log) inside one read
transaction, so every query sees one consistent snapshot. When the owner holds a lock that keeps
even readers out (a rollback-journal database mid-write, an exclusive locking mode) or the folder
is read-only without the `-shm` a WAL reader needs, the file and its `-wal`/`-journal` are copied to
a private temporary folder and the copy is opened instead: SQLite then replays or rolls back the
copied log itself, giving the last committed state. Nothing is ever written beside the original.
`immutable=1` is not used: it would ignore the `-wal`, where a running app's newest chats are.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from persona_pipeline.core.sources.jsonl_stream import FileSkipped

BUSY_TIMEOUT_S = 1.0  # how long a locked database is waited for before the copy is read
_HEADER = b"SQLite format 3\x00"
_LOCKED = ("locked", "busy", "unable to open")


@contextmanager
def snapshot(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection on `path` (or on a private copy when the original cannot be read in
    place), inside one read transaction. `FileSkipped` for a file that is no SQLite database."""
    _check_header(path)
    con = _open(path)
    tmp: tempfile.TemporaryDirectory[str] | None = None
    try:
        try:
            _begin(con)
        except sqlite3.OperationalError as exc:
            if not any(w in str(exc).lower() for w in _LOCKED):
                raise FileSkipped(reason(exc)) from None
            con.close()
            tmp = tempfile.TemporaryDirectory(prefix="persona-sqlite-")
            con = _open(_copy(path, Path(tmp.name)), read_only=False)
            _begin(con)
        except sqlite3.DatabaseError as exc:
            raise FileSkipped(reason(exc)) from None
        yield con
    finally:
        con.close()
        if tmp is not None:
            tmp.cleanup()


def _check_header(path: Path) -> None:
    try:
        with open(path, "rb") as f:
            head = f.read(len(_HEADER))
    except OSError as exc:
        raise FileSkipped(f"unreadable:{type(exc).__name__}") from None
    if not head:
        raise FileSkipped("empty")
    if head != _HEADER:
        raise FileSkipped("not_sqlite")


def _open(path: Path, read_only: bool = True) -> sqlite3.Connection:
    uri = f"file:{quote(str(path))}?mode=ro" if read_only else f"file:{quote(str(path))}"
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
