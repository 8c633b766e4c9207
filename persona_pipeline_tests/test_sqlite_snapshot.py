"""Reading an agent's SQLite store leaves its folder as it was: no `-wal`/`-shm` created beside a
WAL-mode file, no byte or mtime of the owner's files moved, while the owner's committed writes
(still only in its `-wal`) are seen."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from persona_pipeline.core.sources import cursor, cursor_cli, opencode, sqlite_snapshot
from persona_pipeline.core.sources.jsonl_stream import FileSkipped
from persona_pipeline_tests import test_cursor_cli_reader as cli_t
from persona_pipeline_tests import test_cursor_reader as cursor_t
from persona_pipeline_tests import test_opencode_reader as opencode_t


def _listing(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def _as_wal(db: Path) -> Path:
    """`db` switched to WAL mode and closed cleanly: the log checkpointed and both side files gone,
    as an agent leaves its store when it quits."""
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal"
    con.close()
    assert not Path(f"{db}-wal").exists() and not Path(f"{db}-shm").exists()
    assert db.read_bytes()[18:20] == b"\x02\x02"  # the header says WAL: a plain reader would open a log
    return db


def _plain_db(folder: Path, rows: int = 50) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "store.sqlite"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE notes (n INTEGER, body TEXT)")
    con.executemany("INSERT INTO notes VALUES (?, ?)", [(i, f"row {i}") for i in range(rows)])
    con.commit()
    con.close()
    return db


def _count(db: Path) -> int:
    with sqlite_snapshot.snapshot(db) as con:
        return con.execute("SELECT count(*) FROM notes").fetchone()[0]


def test_a_closed_wal_store_is_read_without_a_file_appearing_beside_it(tmp_path: Path) -> None:
    db = _as_wal(_plain_db(tmp_path / "app"))
    before = _listing(db.parent)
    assert _count(db) == 50
    assert _listing(db.parent) == before


# A store per SQLite reader, built the way that reader's own tests build it, and what a read sees.
_READERS: dict[str, tuple[Callable[[Path], Path], Callable[[Path], list[str]], str]] = {
    "cursor": (
        lambda tmp: cursor_t._store(tmp / "User" / "globalStorage" / "state.vscdb"),
        lambda db: [t.text for t in cursor.READER.read(cursor_t._unit(db)).turns],
        "add retries with exponential backoff to the http client",
    ),
    "cursor_cli": (
        lambda tmp: cli_t._write(tmp),
        lambda db: [t.text for t in cursor_cli.READER.read(cli_t._unit(db)).turns],
        cli_t.EXPECTED[0][1],
    ),
    "opencode": (
        lambda tmp: opencode_t._db(tmp),
        lambda db: [t.text for t in opencode.READER.read(opencode_t._units(db.parent)[0]).turns],
        opencode_t.EXPECTED[0][1],
    ),
}


@pytest.mark.parametrize("name", sorted(_READERS))
def test_each_reader_leaves_a_closed_wal_store_untouched(tmp_path: Path, name: str) -> None:
    build, read, said = _READERS[name]
    db = _as_wal(build(tmp_path))
    before = _listing(db.parent)
    assert said in read(db)
    assert _listing(db.parent) == before


@pytest.mark.parametrize("name", sorted(_READERS))
def test_each_reader_sees_commits_still_in_the_log_and_adds_nothing(tmp_path: Path, name: str) -> None:
    """The owner is running: its newest commit is only in the `-wal` (no checkpoint yet)."""
    build, read, said = _READERS[name]
    db = _as_wal(build(tmp_path))
    app = sqlite3.connect(db)
    app.execute("PRAGMA wal_autocheckpoint=0")
    table = next(t for t in ("cursorDiskKV", "blobs", "part") if t in _tables(app))
    app.execute(f"CREATE TABLE marker AS SELECT count(*) AS n FROM {table}")  # a commit in the log only
    app.commit()
    owner_files = {n: v for n, v in _listing(db.parent).items() if not n.endswith("-shm")}
    names = set(_listing(db.parent))
    assert said in read(db)
    with sqlite_snapshot.snapshot(db) as con:
        assert "marker" in sqlite_snapshot.tables(con)  # the log's commit is seen
    after = _listing(db.parent)
    app.close()
    assert set(after) == names  # nothing new beside the store …
    # … and neither the file nor its log moved (the -shm is the owner's shared memory, in this
    # process shared with the reader; the cross-process case is checked below)
    assert {n: v for n, v in after.items() if not n.endswith("-shm")} == owner_files


def _tables(con: sqlite3.Connection) -> set[str]:
    return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


_OWNER = """
import sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("PRAGMA wal_autocheckpoint=0")
con.execute("INSERT INTO notes VALUES (-1, 'from the running owner')")
if sys.argv[2] == "writing":
    con.execute("BEGIN IMMEDIATE")
    con.execute("DELETE FROM notes")  # uncommitted: never seen
print("ready", flush=True)
sys.stdin.readline()
if sys.argv[2] == "crash":
    import os
    os._exit(0)  # no close: the log and the shared memory stay behind
"""


@pytest.fixture
def owner() -> Iterator[Callable[[Path, str], subprocess.Popen[str]]]:
    """The store's owner in another process (an in-process owner shares SQLite's shared memory
    with the reader, which would hide what a reader does to the `-shm`)."""
    procs: list[subprocess.Popen[str]] = []

    def start(db: Path, state: str) -> subprocess.Popen[str]:
        p = subprocess.Popen(
            [sys.executable, "-c", _OWNER, str(db), state], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        procs.append(p)
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
        return p

    yield start
    for p in procs:
        if p.poll() is None:
            assert p.stdin is not None
            p.stdin.write("\n")
            p.stdin.flush()
        p.wait(timeout=10)


@pytest.mark.parametrize("state", ["committed", "writing"])
def test_a_store_held_by_a_running_owner_is_read_without_touching_its_files(
    tmp_path: Path, owner: Callable[[Path, str], subprocess.Popen[str]], state: str
) -> None:
    db = _as_wal(_plain_db(tmp_path / "app"))
    owner(db, state)
    before = _listing(db.parent)
    assert {f"{db.name}-wal", f"{db.name}-shm"} <= set(before)
    assert _count(db) == 51  # the commit still in the log is seen; the open write is not
    assert _listing(db.parent) == before  # not even the shared memory's mtime moved


def test_a_log_left_by_a_crashed_owner_is_replayed_without_writing_beside_it(
    tmp_path: Path, owner: Callable[[Path, str], subprocess.Popen[str]]
) -> None:
    db = _as_wal(_plain_db(tmp_path / "app"))
    p = owner(db, "crash")
    assert p.stdin is not None
    p.stdin.write("\n")
    p.stdin.flush()
    p.wait(timeout=10)
    before = _listing(db.parent)
    assert _count(db) == 51
    assert _listing(db.parent) == before
    os.remove(f"{db}-shm")  # the log without its shared memory (e.g. a copied folder)
    before = _listing(db.parent)
    assert _count(db) == 51
    assert _listing(db.parent) == before


def test_a_hot_rollback_journal_is_rolled_back_on_a_private_copy(tmp_path: Path) -> None:
    db = _plain_db(tmp_path / "app", rows=3000)
    crash = f"""
import os, sqlite3
con = sqlite3.connect({str(db)!r}, isolation_level=None)
con.execute("PRAGMA cache_size=1")  # spill: the main file is written mid-transaction
con.execute("BEGIN")
con.execute("DELETE FROM notes")
con.execute("INSERT INTO notes SELECT n, body || body FROM notes")
os._exit(0)
"""
    subprocess.run([sys.executable, "-c", crash], check=True)
    assert Path(f"{db}-journal").stat().st_size > 0  # a hot journal: the last commit is in it
    before = _listing(db.parent)
    assert _count(db) == 3000
    assert _listing(db.parent) == before


def test_a_main_file_rewritten_during_a_lockless_read_is_a_recorded_skip(tmp_path: Path) -> None:
    """Without a `-wal` the file is read without locks; a checkpoint landing mid-read could give a
    torn view, so it is refused (the fingerprint taken before the read makes the next run retry)."""
    db = _as_wal(_plain_db(tmp_path / "app"))
    with pytest.raises(FileSkipped) as err, sqlite_snapshot.snapshot(db) as con:
        assert con.execute("SELECT count(*) FROM notes").fetchone()[0] == 50
        writer = sqlite3.connect(db)
        writer.execute("INSERT INTO notes VALUES (99, 'late')")
        writer.commit()
        writer.close()  # the last connection: checkpointed into the main file
    assert err.value.reason == "sqlite_changed"
