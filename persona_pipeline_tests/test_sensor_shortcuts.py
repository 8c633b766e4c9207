"""The sensor's shortcuts for a tick with nothing changed (`orchestration/defs/sensor_cursor.py`): its
watermark matches, so it reads no partitions, hashes no instruction file and opens no repo or
warehouse, yet every change is still seen against the warehouse's fingerprints, on the next tick
or, for edits made behind its back, at the periodic full re-check."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import dagster as dg
import orjson
import pytest

from persona_pipeline.core.config import load_settings
from persona_pipeline.core.models import SourceKind
from persona_pipeline.core.sources import catalog, git_history, instructions
from persona_pipeline.core.warehouse import store
from persona_pipeline.orchestration.defs.automation import source_files_sensor
from persona_pipeline.orchestration.defs.partitions import SOURCE_UNITS, delete_source_units
from persona_pipeline.orchestration.defs.sensor_cursor import SensorCursor


@pytest.fixture
def env(monkeypatch, tmp_path, sample_copy):
    monkeypatch.setenv("PERSONA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PERSONA_CLAUDE_DIRS", str(sample_copy[0]))
    monkeypatch.setenv("PERSONA_CODEX_DIRS", str(sample_copy[1]))
    monkeypatch.setenv("PERSONA_INSTRUCTION_FILES", "")  # none
    monkeypatch.delenv("PERSONA_SENSOR_RECHECK_S", raising=False)
    with dg.instance_for_test() as instance:
        yield instance, sample_copy


class Counter:
    """Wraps a function and counts its calls."""

    def __init__(self, fn):
        self.fn, self.calls = fn, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.fn(*args, **kwargs)


def _apply(instance: dg.DagsterInstance, result: dg.SensorResult) -> None:
    for req in result.dynamic_partitions_requests or []:
        if isinstance(req, dg.AddDynamicPartitionsRequest):
            instance.add_dynamic_partitions(req.partitions_def_name, list(req.partition_keys))
        else:
            for k in req.partition_keys:
                instance.delete_dynamic_partition(req.partitions_def_name, k)


def _tick(instance: dg.DagsterInstance, cursor: str | None) -> dg.SensorResult:
    result = source_files_sensor(dg.build_sensor_context(instance=instance, cursor=cursor))
    _apply(instance, result)
    return result


def _run(instance: dg.DagsterInstance, result: dg.SensorResult) -> None:
    """Execute the tick's run request, as the daemon would: the warehouse then holds its units."""
    from persona_pipeline.definitions import defs

    [run] = result.run_requests
    job = defs.resolve_job_def("incremental_ingest")
    assert job.execute_in_process(instance=instance, tags=run.tags, run_config=run.run_config).success


def _only_units(result: dg.SensorResult) -> list[str]:
    [run] = result.run_requests
    return run.run_config["ops"]["ingest"]["config"]["only_units"]


def _bump_mtime(path: Path) -> None:
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))


def test_idle_tick_reads_nothing_and_next_changes_are_seen(env, monkeypatch) -> None:
    instance, (claude_root, codex_root) = env
    first = _tick(instance, None)
    assert len(_only_units(first)) == 10
    _run(instance, first)

    reads = Counter(instance.get_dynamic_partitions)
    monkeypatch.setattr(instance, "get_dynamic_partitions", reads)
    opens = Counter(store.connect)
    monkeypatch.setattr(store, "connect", opens)
    second = _tick(instance, first.cursor)
    assert not second.run_requests and not second.dynamic_partitions_requests
    assert reads.calls == 0 and opens.calls == 0  # the shortcut: nothing but the stats
    third = _tick(instance, second.cursor)
    assert not third.run_requests and reads.calls == 0

    # after the shortcut kicked in: a grown file, a touched one, a new one and a removed one
    grown, touched = sorted(p for p in claude_root.glob("*/*.jsonl") if not p.name.startswith("agent-"))[:2]
    with open(grown, "a") as f:
        f.write("{}\n")
    _bump_mtime(touched)
    new = codex_root / "2026" / "12" / "01" / "rollout-2026-12-01T00-00-00-new.jsonl"
    new.parent.mkdir(parents=True, exist_ok=True)
    new.write_text("{}\n")
    gone = sorted(codex_root.rglob("rollout-*.jsonl"))[0]
    gone.unlink()
    fourth = _tick(instance, third.cursor)
    assert reads.calls == 1  # a change: the registered set is read again
    registered = instance.get_dynamic_partitions(SOURCE_UNITS)
    by_name = {k.rsplit("/", 1)[-1]: k for k in registered}
    assert sorted(_only_units(fourth)) == sorted(by_name[p.name] for p in (grown, touched, new))
    assert any(gone.name in k for k in registered)  # a vanished transcript's partition (and rows) stay
    assert len(registered) == 11
    fifth = _tick(instance, fourth.cursor)
    assert not fifth.run_requests and not fifth.dynamic_partitions_requests


def test_partition_deleted_behind_the_sensor_is_re_added_at_the_recheck(env, monkeypatch) -> None:
    instance, _ = env
    first = _tick(instance, None)
    _run(instance, first)
    victim = instance.get_dynamic_partitions(SOURCE_UNITS)[3]
    instance.delete_dynamic_partition(SOURCE_UNITS, victim)  # as the UI does: no epoch change
    within = _tick(instance, first.cursor)
    assert not within.dynamic_partitions_requests  # trusted until the re-check is due
    monkeypatch.setenv("PERSONA_SENSOR_RECHECK_S", "0")
    recheck = _tick(instance, within.cursor)
    [add] = recheck.dynamic_partitions_requests
    assert isinstance(add, dg.AddDynamicPartitionsRequest) and list(add.partition_keys) == [victim]
    assert victim in instance.get_dynamic_partitions(SOURCE_UNITS)
    assert not recheck.run_requests  # the file itself did not change


def test_recheck_is_due_after_the_interval(env, monkeypatch) -> None:
    instance, _ = env
    first = _tick(instance, None)
    cursor = SensorCursor.parse(first.cursor)
    cursor.checked_at -= 901  # the default interval is 900 s
    victim = instance.get_dynamic_partitions(SOURCE_UNITS)[0]
    instance.delete_dynamic_partition(SOURCE_UNITS, victim)
    result = _tick(instance, cursor.dumps())
    assert [list(r.partition_keys) for r in result.dynamic_partitions_requests] == [[victim]]
    assert SensorCursor.parse(result.cursor).checked_at > cursor.checked_at + 900


def test_forget_moves_the_epoch_and_the_next_tick_re_registers(env) -> None:
    instance, _ = env
    first = _tick(instance, None)
    victim = instance.get_dynamic_partitions(SOURCE_UNITS)[5]
    delete_source_units(instance, [victim], load_settings().partitions_epoch_path)  # `persona forget`, file kept
    result = _tick(instance, first.cursor)
    [add] = result.dynamic_partitions_requests
    assert list(add.partition_keys) == [victim]
    assert victim in instance.get_dynamic_partitions(SOURCE_UNITS)


def test_reader_version_bump_reingests_that_kind(env, monkeypatch) -> None:
    instance, _ = env
    first = _tick(instance, None)
    _run(instance, first)
    monkeypatch.setitem(catalog.READER_VERSIONS, SourceKind.CODEX, "codex-bumped")
    result = _tick(instance, first.cursor)
    keys = _only_units(result)
    assert keys and all(k.startswith("codex/") for k in keys)
    assert len(keys) == sum(1 for k in instance.get_dynamic_partitions(SOURCE_UNITS) if k.startswith("codex/"))


def test_instruction_edit_keeping_size_and_mtime_is_seen_and_idle_ticks_hash_nothing(
    env, monkeypatch, tmp_path
) -> None:
    instance, _ = env
    rules = tmp_path / "home" / ".claude" / "CLAUDE.md"
    rules.parent.mkdir(parents=True)
    rules.write_text("- Prefer tabs over spaces.\n")
    monkeypatch.setenv("PERSONA_INSTRUCTION_FILES", str(rules))
    first = _tick(instance, None)
    [key] = [k for k in _only_units(first) if k.startswith("instructions/")]
    _run(instance, first)

    hashes = Counter(instructions.content_fingerprint)
    monkeypatch.setattr(instructions, "content_fingerprint", hashes)
    second = _tick(instance, first.cursor)
    assert not second.run_requests and hashes.calls == 0  # stat unchanged: the old hash is kept

    st = rules.stat()
    rules.write_text("- Prefer TABS over spaces.\n")  # same size
    os.utime(rules, ns=(st.st_atime_ns, st.st_mtime_ns))  # and the same mtime
    assert (rules.stat().st_size, rules.stat().st_mtime_ns) == (st.st_size, st.st_mtime_ns)
    third = _tick(instance, second.cursor)
    assert _only_units(third) == [key] and hashes.calls == 1
    assert not _tick(instance, third.cursor).run_requests

    # a reader-version bump re-hashes even with the same stats
    monkeypatch.setitem(catalog.READER_VERSIONS, SourceKind.INSTRUCTIONS, "instructions-bumped")
    assert _only_units(_tick(instance, third.cursor)) == [key]


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


@pytest.fixture
def repo(monkeypatch, tmp_path) -> Path:
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "gitconfig"))
    for role in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{role}_NAME", "Pat Example")
        monkeypatch.setenv(f"GIT_{role}_EMAIL", "pat@example.com")
    repo = tmp_path / "repos" / "tool"
    repo.mkdir(parents=True)
    _git(repo, "init", "-q", "-b", "main")
    (repo / "a.txt").write_text("one\n")
    _git(repo, "add", "a.txt")
    _git(repo, "commit", "-q", "-m", "Add a")
    monkeypatch.setenv("PERSONA_GIT_ROOTS", str(repo.parent))
    (tmp_path / "no-instructions").mkdir()
    monkeypatch.setenv("PERSONA_INSTRUCTION_ROOTS", str(tmp_path / "no-instructions"))
    monkeypatch.setenv("PERSONA_AUTHOR_EMAILS", "pat@example.com")
    return repo


def test_repo_head_changes_are_seen_and_idle_ticks_run_no_git(env, repo, monkeypatch) -> None:
    instance, _ = env
    first = _tick(instance, None)
    [key] = [k for k in _only_units(first) if k.startswith("git/")]
    _run(instance, first)
    heads = Counter(git_history.repo_fingerprint)
    monkeypatch.setattr(git_history, "repo_fingerprint", heads)
    second = _tick(instance, first.cursor)
    assert not second.run_requests and heads.calls == 0

    cursor = second.cursor
    steps = [
        ("commit", lambda: _git(repo, "commit", "-q", "--allow-empty", "-m", "Two")),
        (
            "pack refs, then commit",
            lambda: (_git(repo, "pack-refs", "--all"), _git(repo, "commit", "-q", "--allow-empty", "-m", "Three")),
        ),
        ("switch to a branch at another commit", lambda: _git(repo, "checkout", "-q", "-b", "old", "HEAD~2")),
        ("detached HEAD", lambda: _git(repo, "checkout", "-q", "--detach", "main")),
        (
            "reset the branch",
            lambda: (_git(repo, "checkout", "-q", "main"), _git(repo, "reset", "-q", "--hard", "HEAD~1")),
        ),
    ]
    for what, step in steps:
        step()
        result = _tick(instance, cursor)
        assert _only_units(result) == [key], what
        _run(instance, result)  # the warehouse then holds this state of the repo
        cursor = result.cursor
        assert not _tick(instance, cursor).run_requests, what

    # new author emails change the repo's fingerprint, and (a new identifier to redact) the
    # identity every stored fingerprint carries: everything is read again with it
    monkeypatch.setenv("PERSONA_AUTHOR_EMAILS", "pat@example.com,pat@work.example")
    again = _only_units(_tick(instance, cursor))
    assert key in again and len(again) == len(instance.get_dynamic_partitions(SOURCE_UNITS))


def test_ticks_never_write_retention_runs_in_the_ingest_run(env, monkeypatch) -> None:
    """A tick only returns requests (issue 19): the retention window is applied by the run it
    asks for (and by `persona run` and the schedule), never inside the tick; units that lost
    evidence to it are materialised again, so no observation outlives its evidence."""
    from persona_pipeline.definitions import defs

    instance, _ = env
    job = defs.resolve_job_def("incremental_ingest")
    first = _tick(instance, None)
    [run] = first.run_requests
    assert job.execute_in_process(instance=instance, tags=run.tags, run_config=run.run_config).success
    monkeypatch.setenv("PERSONA_RETENTION_DAYS", "30")  # the sample is older than that
    purges = Counter(store.purge_older_than)
    monkeypatch.setattr(store, "purge_older_than", purges)
    deletes = Counter(store.delete_units)
    monkeypatch.setattr(store, "delete_units", deletes)
    monkeypatch.setenv("PERSONA_SENSOR_RECHECK_S", "0")
    _tick(instance, _tick(instance, first.cursor).cursor)
    assert purges.calls == 0 and deletes.calls == 0
    again = job.execute_in_process(instance=instance, tags=run.tags, run_config=run.run_config)
    assert again.success and purges.calls == 1
    statuses = [m.metadata.get("status") for m in again.asset_materializations_for_node("ingest")]
    assert any(s is not None and s.value == "aged_out" for s in statuses)


def test_old_and_malformed_cursors_force_a_full_check(env) -> None:
    instance, _ = env
    first = _tick(instance, None)
    _run(instance, first)
    old_format = orjson.dumps({"units": {"a": "1"}, "probes": {}, "epoch": "", "checked_at": 1e12}).decode()
    victim = instance.get_dynamic_partitions(SOURCE_UNITS)[0]
    instance.delete_dynamic_partition(SOURCE_UNITS, victim)
    result = _tick(instance, old_format)
    assert not result.run_requests  # the warehouse says nothing changed
    assert [list(r.partition_keys) for r in result.dynamic_partitions_requests] == [[victim]]
    assert SensorCursor.parse(result.cursor).watermark == SensorCursor.parse(first.cursor).watermark
    for bad in ("not json", "[1, 2]", "null", old_format):
        assert SensorCursor.parse(bad).watermark is None
    odd = SensorCursor.parse('{"watermark": "w", "epoch": 3, "checked_at": "x"}')
    assert odd.watermark == "w" and odd.recheck_due("", 1e9, 900)


def test_cursor_stays_small_and_a_busy_warehouse_skips_the_tick(env, monkeypatch) -> None:
    """The cursor is a watermark whatever the number of units (tick history stays small); a tick
    that finds the warehouse being written does not wait for it and looks again next tick."""
    import duckdb

    instance, _ = env
    first = _tick(instance, None)
    assert len(first.cursor) < 200
    _run(instance, first)

    def locked(*args, **kwargs):
        raise duckdb.IOException('Could not set lock on file "warehouse.duckdb": Conflicting lock is held')

    monkeypatch.setattr(store.duckdb, "connect", locked)
    monkeypatch.setenv("PERSONA_SENSOR_RECHECK_S", "0")
    busy = _tick(instance, first.cursor)
    assert busy.skip_reason and "warehouse" in busy.skip_reason.skip_message and busy.cursor is None
