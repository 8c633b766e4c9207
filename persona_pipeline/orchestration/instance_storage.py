"""Dagster's SQLite event log with its database engines kept open (named in `dagster.yaml`).

A per-unit asset writes one materialisation event per partition, and Dagster's
`SqliteEventLogStorage` builds and disposes a SQLAlchemy engine for every statement it runs
(twice per asset event: the run shard and the index shard). At 1,000 units that was about 40 %
of a first offline run (bench/RESULTS.md). This subclass keeps one engine per shard for the few
shards in use, so each event costs its INSERTs and a commit, and its connections commit without an fsync
(`synchronous=NORMAL` in WAL mode, see `_wal_without_commit_fsync`). Files and schema are
Dagster's own, so an instance written by either class reads with the other.

Dagster is pinned exactly (constraints.txt); the one overridden method is `_connect`, whose
contract (a connection inside a transaction, the shard initialised on first use) is kept.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from dagster._config import Field, StringSource
from dagster._core.storage.event_log.sqlite.sqlite_event_log import (
    INDEX_SHARD_NAME,
    SQLITE_BUSY_TIMEOUT_SECONDS,
    SqliteEventLogStorage,
)
from dagster._serdes import ConfigurableClassData

if TYPE_CHECKING:
    from dagster._core.instance import DagsterInstance
    from sqlalchemy.engine import Connection, Engine

# Run shards stay open while their run writes; older ones are closed (a daemon sees thousands of
# runs and must not keep a file open per run).
OPEN_RUN_SHARDS = 4


def _wal_without_commit_fsync(dbapi_conn: Any, _record: Any) -> None:
    """`synchronous=NORMAL` on the event log's connections. The shards are in WAL mode (Dagster
    sets it), where NORMAL syncs the log at checkpoints instead of at every commit: a commit is
    still atomic and survives a crash of the process; an OS crash or power cut can lose the last
    events before a checkpoint, never corrupt the file (a lost materialisation event only means
    the unit is seen as not yet done). At ~2 commits per asset event, the per-commit fsyncs were
    the largest part of a first run's wall time on a busy disk (bench/RESULTS.md)."""
    cur = dbapi_conn.cursor()
    try:
        cur.execute("PRAGMA synchronous=NORMAL")
    finally:
        cur.close()


class PooledSqliteEventLogStorage(SqliteEventLogStorage):
    """`SqliteEventLogStorage` with pooled engines. Without `base_dir` in its config the folder is
    Dagster's default for a local instance, `<instance root>/history/runs`, known once the
    instance registers, so `dagster.yaml` needs no absolute path and the data dir can move."""

    def __init__(self, base_dir: str | None = None, inst_data: ConfigurableClassData | None = None) -> None:
        self._engines: OrderedDict[tuple[int, str], Engine] = OrderedDict()
        self._pending_inst_data = inst_data
        if base_dir is not None:
            super().__init__(base_dir, inst_data=inst_data)

    @classmethod
    def config_type(cls) -> Mapping[str, Any]:
        return {"base_dir": Field(StringSource, is_required=False)}

    @classmethod
    def from_config_value(  # type: ignore[override]
        cls, inst_data: ConfigurableClassData | None, config_value: Mapping[str, Any]
    ) -> PooledSqliteEventLogStorage:
        return cls(base_dir=config_value.get("base_dir"), inst_data=inst_data)

    def register_instance(self, instance: DagsterInstance) -> None:
        if not hasattr(self, "_base_dir"):
            base = os.path.join(instance.root_directory, "history", "runs", "")
            super().__init__(base, inst_data=self._pending_inst_data)
        super().register_instance(instance)

    @contextmanager
    def _connect(self, shard: str) -> Iterator[Connection]:
        with self._db_lock:
            engine = self._engine(shard)
            if shard not in self._initialized_dbs:
                self._initdb(engine)
                self._initialized_dbs.add(shard)
            with engine.connect() as conn, conn.begin():
                yield conn

    def _engine(self, shard: str) -> Engine:
        from sqlalchemy import create_engine, event

        # keyed by process: a forked child must not reuse its parent's SQLite connections
        key = (os.getpid(), shard)
        engine = self._engines.get(key)
        if engine is not None:
            self._engines.move_to_end(key)
            return engine
        engine = create_engine(self.conn_string_for_shard(shard), connect_args={"timeout": SQLITE_BUSY_TIMEOUT_SECONDS})
        event.listen(engine, "connect", _wal_without_commit_fsync)
        self._engines[key] = engine
        runs = [k for k in self._engines if k[1] != INDEX_SHARD_NAME]
        for old in runs[: max(0, len(runs) - OPEN_RUN_SHARDS)]:
            self._engines.pop(old).dispose()
        return engine

    def _close_engines(self) -> None:
        pid = os.getpid()
        while self._engines:
            (owner, _), engine = self._engines.popitem()
            # another process's connections are dropped, not closed (they are still its own)
            engine.dispose(close=owner == pid)

    def wipe(self) -> None:
        with self._db_lock:
            self._close_engines()  # before the files are unlinked under open connections
        super().wipe()

    def dispose(self) -> None:
        with self._db_lock:
            self._close_engines()
        super().dispose()
