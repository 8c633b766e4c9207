"""A claim whose process was killed on this host is no claim: a resumed `persona run` digests the
killed run's units at once instead of leaving them stale until the claim expires (an hour)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import duckdb

from persona_pipeline.core.warehouse import claims


def _gone_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait(timeout=60)  # reaped: the pid names no process now
    return child.pid


def test_a_dead_processes_claim_is_dropped_a_live_ones_and_another_hosts_are_kept(tmp_path) -> None:
    con = duckdb.connect(str(tmp_path / "w.duckdb"))
    host = socket.gethostname()
    dead = f"{host}:{_gone_pid()}:aaaaaaaa"
    live = f"{host}:{os.getppid()}:bbbbbbbb"  # the test runner's parent: alive
    elsewhere = f"{host}-other:{_gone_pid()}:cccccccc"  # a pid of another host says nothing here
    assert claims.take(con, "digests:x", ["u1"], dead) == ["u1"]
    assert claims.take(con, "digests:x", ["u2"], live) == ["u2"]
    assert claims.take(con, "digests:x", ["u3"], elsewhere) == ["u3"]
    me = claims.new_owner()
    assert claims.take(con, "digests:x", ["u1", "u2", "u3"], me) == ["u1"]
    owners = dict(con.execute("SELECT unit_key, owner FROM unit_claims").fetchall())
    assert owners == {"u1": me, "u2": live, "u3": elsewhere}
