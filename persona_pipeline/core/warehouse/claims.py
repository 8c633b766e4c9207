"""Claims on units about to be built with a model, so two processes never pay for the same unit.

Two orchestrators (a `persona run` and the daemon's automation, two step processes) may both find
a unit stale. Before a stage sends a slice of units to the model it claims them in one warehouse
transaction: staleness is read again inside it (a unit another process finished meanwhile is no
longer stale), units another live owner holds are left out, and the rest are recorded as this
owner's with an expiry. The claim is released once the results are stored. A process killed
mid-slice leaves claims that expire (`CLAIM_TTL_S`), after which any run takes the units again;
on the same host a claim whose process no longer runs is dropped at once (`_dead`): a `persona run`
resumed after a kill otherwise left the killed run's units stale for an hour.

DuckDB lets one process write at a time, so the transaction is the mutual exclusion: two
processes cannot both see a unit unclaimed.
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb

from persona_pipeline.core.warehouse import store

CLAIM_TTL_S = 3600.0
_DDL = """CREATE TABLE IF NOT EXISTS unit_claims (
    stage VARCHAR, unit_key VARCHAR, owner VARCHAR, expires_at TIMESTAMP, PRIMARY KEY (stage, unit_key))"""


def new_owner() -> str:
    """One owner per build call: host, process and a random part (threads of one process differ)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def _dead(owner: str) -> bool:
    """The owner was a process of this host that no longer runs (`new_owner`'s host and pid). A
    claim of another host, or of a pid that runs (its own or a new process reusing the pid), is
    left to its expiry."""
    parts = owner.rsplit(":", 2)
    if len(parts) != 3 or parts[0] != socket.gethostname() or not parts[1].isdigit():
        return False
    pid = int(parts[1])
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # it runs, under another user
        return False
    return False


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def take(
    con: duckdb.DuckDBPyConnection,
    stage: str,
    keys: Sequence[str],
    owner: str,
    still_stale: Callable[[duckdb.DuckDBPyConnection], Iterable[str]] | None = None,
    ttl_s: float = CLAIM_TTL_S,
) -> list[str]:
    """Claim those of `keys` that are still stale (`still_stale`, read inside the transaction; None:
    all of them) and not held by another owner whose claim has not expired. Returns them, in order."""
    if not keys:
        return []
    con.execute(_DDL)
    now = _now()
    with store.transaction(con):
        con.execute("DELETE FROM unit_claims WHERE expires_at < ?", [now])
        owners = con.execute("SELECT DISTINCT owner FROM unit_claims WHERE owner <> ?", [owner]).fetchall()
        if dead := [o for (o,) in owners if _dead(o)]:
            # a process killed mid-slice on this host: its units need not wait for the expiry
            con.execute("DELETE FROM unit_claims WHERE owner IN (SELECT unnest(?))", [dead])
        stale = set(still_stale(con)) if still_stale is not None else set(keys)
        held = {
            r[0]
            for r in con.execute(
                "SELECT unit_key FROM unit_claims WHERE stage = ? AND owner <> ? AND unit_key IN (SELECT unnest(?))",
                [stage, owner, list(keys)],
            ).fetchall()
        }
        mine = [k for k in keys if k in stale and k not in held]
        if mine:
            con.execute(
                "INSERT OR REPLACE INTO unit_claims SELECT ?, unnest(?), ?, ?",
                [stage, mine, owner, now + timedelta(seconds=ttl_s)],
            )
    return mine


def release(con: duckdb.DuckDBPyConnection, stage: str, keys: Sequence[str], owner: str) -> None:
    if keys:
        con.execute(_DDL)
        con.execute(
            "DELETE FROM unit_claims WHERE stage = ? AND owner = ? AND unit_key IN (SELECT unnest(?))",
            [stage, owner, list(keys)],
        )


@contextmanager
def held(
    path: Path,
    stage: str,
    keys: Sequence[str],
    owner: str,
    still_stale: Callable[[duckdb.DuckDBPyConnection], Iterable[str]] | None = None,
) -> Iterator[list[str]]:
    """`take` for the length of a block (its own short connections: none is held while the model
    works); released on the way out, success or not."""
    with store.connect(path) as con:
        mine = take(con, stage, keys, owner, still_stale)
    try:
        yield mine
    finally:
        if mine:
            with store.connect(path) as con:
                release(con, stage, mine, owner)
