"""Crash and resume, and a sensor-triggered run concurrent with `persona run` (both slow).

Crash: `persona run` is SIGKILLed (its whole process group) at seeded random delays spread over
a clean run's duration — so during discovery and reading, digesting, folding and compiling — in a
loop over one data dir, with the corpus changing in between. The next run completes, is not
blocked by the Dagster runs the kills left in STARTED, and the warehouse equals a clean run's
(same evidence ids, no duplicate observations, same rules and support).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from persona_pipeline_tests.builders import claude_user, write_jsonl
from persona_pipeline_tests.conftest import REPO, cli, last_json, persona_cmd
from persona_pipeline_tests.test_concurrency import _snapshot, _widen

pytestmark = pytest.mark.slow


def _share_key(*data_dirs: Path) -> None:
    """Placeholders (and so evidence ids) are keyed: every data dir gets the same key."""
    key = os.urandom(32).hex()
    for d in data_dirs:
        (d / "secrets").mkdir(parents=True, exist_ok=True)
        (d / "secrets" / "redaction.key").write_text(key)


def _run_statuses(data_dir: Path) -> dict[str, int]:
    db = data_dir / "dagster_home" / "history" / "runs.db"
    if not db.exists():
        return {}
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        return dict(con.execute("SELECT status, count(*) FROM runs GROUP BY status").fetchall())
    finally:
        con.close()


def _killed_run(env: dict[str, str], delay: float) -> tuple[bool, str]:
    """Start `persona run`, SIGKILL its process group after `delay` s. (killed?, stderr tail)."""
    proc = subprocess.Popen(
        persona_cmd("run", "--json"),
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        proc.wait(timeout=delay)
        killed = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        killed = True
    _, err = proc.communicate(timeout=30)
    return killed, err[-2000:]


def _last_run(data_dir: Path, before: int) -> str:
    """Which of `persona run`'s Dagster runs the kill interrupted (the newest run, if it is newer
    than the `before` count): ingest, digests or compile — or `plan` when no run had started."""
    db = data_dir / "dagster_home" / "history" / "runs.db"
    if not db.exists():
        return "plan"
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        rows = con.execute("SELECT status, run_body FROM runs ORDER BY id").fetchall()
    finally:
        con.close()
    new = rows[before:]
    if not new:
        return "plan"
    # every loop has stale units, so a run makes ingest (range-tagged), digests (range-tagged),
    # then compile (untagged), in that order
    status, body = new[-1]
    ranged = "dagster/asset_partition_range_start" in json.dumps(json.loads(body).get("tags"))
    stage = ("ingest" if len(new) == 1 else "digests") if ranged else "compile"
    return f"{stage}:{status}"


def _run_count(data_dir: Path) -> int:
    return sum(_run_statuses(data_dir).values())


def _perturb(claude_root: Path, i: int) -> None:
    """Give the next run real work in every stage: every file re-stat'ed as changed (re-read), a
    third of them grown by a prompt (re-digested), so the tail is recompiled."""
    for n, f in enumerate(sorted(claude_root.glob("*/*.jsonl"))):
        if n % 3 == i % 3:
            with open(f, "a") as fh:
                fh.write(json.dumps(claude_user(f"round {i}: always use polars, not pandas")) + "\n")
        st = f.stat()
        os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))


def test_sigkill_at_random_points_then_resume_equals_a_clean_run(cli_env, sample_copy, tmp_path) -> None:
    claude_root, _ = sample_copy
    _widen(claude_root, copies=4)  # 35 Claude + 3 Codex units: reading takes a while
    crash, clean = tmp_path / "data", tmp_path / "clean"
    _share_key(crash, clean)
    clean_env = {**cli_env, "PERSONA_DATA_DIR": str(clean)}

    # the reference, and how long one run takes here
    t0 = time.monotonic()
    reference = last_json(**_vars(cli(clean_env, "run", "--json")))
    duration = time.monotonic() - t0
    assert reference["units_failed"] == 0

    rng = random.Random(int(os.environ.get("PERSONA_CRASH_SEED", "6")))
    log: list[tuple[float, bool, str]] = []
    extra = claude_root / "-home-mquill-code-tidewatch" / "crash-extra.jsonl"
    for i in range(int(os.environ.get("PERSONA_CRASH_LOOPS", "8"))):
        if i:
            _perturb(claude_root, i)
        if i == 3:  # the corpus moves on between crashes: a new file
            write_jsonl(extra, [claude_user("always use polars, not pandas"), claude_user("prefer ruff")])
        before = _run_count(crash)
        delay = rng.uniform(0.3, duration * 1.05)
        killed, err = _killed_run(cli_env, delay)
        assert "Traceback" not in err or killed, err
        log.append((round(delay, 2), killed, _last_run(crash, before)))
    assert sum(k for _, k, _ in log) >= len(log) // 2, log  # most attempts really were killed mid-run
    left_started = _run_statuses(crash).get("STARTED", 0)

    # resume: the next run completes (not blocked by runs left STARTED), then a no-op run
    t0 = time.monotonic()
    resumed = last_json(**_vars(cli(cli_env, "run", "--json", timeout=600)))
    assert resumed["units_failed"] == 0 and time.monotonic() - t0 < 300, log
    noop = last_json(**_vars(cli(cli_env, "run", "--json")))
    assert noop["units_processed"] == 0 and noop["llm_calls"] == 0
    status = last_json(**_vars(cli(cli_env, "status", "--json")))
    assert status["stale"]["new_or_changed"] == 0 and status["stale"]["undigested"] == 0

    # a clean run over the final corpus, into a fresh data dir with the same key: equal
    shutil.rmtree(clean / "dagster_home")
    (clean / "warehouse.duckdb").unlink()
    last_json(**_vars(cli(clean_env, "run", "--json")))
    after_crashes, alone = _snapshot(crash), _snapshot(clean)
    assert after_crashes["dup_evidence"] == (0,) and after_crashes["dup_observations"] == (0,)
    assert after_crashes == alone, log
    assert (crash / "persona" / "PERSONA.md").read_text() == (clean / "persona" / "PERSONA.md").read_text()
    print(f"kills (delay s, killed, run interrupted): {log}; Dagster runs left STARTED: {left_started}")


def test_sensor_triggered_run_concurrent_with_persona_run(cli_env, sample_copy, tmp_path) -> None:
    """`source_files_sensor` evaluated against the real instance and its RunRequest executed
    (as the daemon would) while a `persona run` works on the same warehouse and instance."""
    _widen(sample_copy[0], copies=3)
    data, clean = tmp_path / "data", tmp_path / "clean"
    _share_key(data, clean)
    script = """
import json
import dagster as dg
from persona_pipeline.orchestration.cli import _prepare_instance
from persona_pipeline.core.config import Settings
instance = _prepare_instance(Settings())
from persona_pipeline.definitions import defs
from persona_pipeline.orchestration.defs.automation import source_files_sensor
res = source_files_sensor(dg.build_sensor_context(instance=instance))
for req in res.dynamic_partitions_requests or []:
    if isinstance(req, dg.AddDynamicPartitionsRequest):
        have = set(instance.get_dynamic_partitions(req.partitions_def_name))
        instance.add_dynamic_partitions(req.partitions_def_name, [k for k in req.partition_keys if k not in have])
ok = []
job = defs.resolve_job_def("incremental_ingest")
for run in res.run_requests:
    ok.append(job.execute_in_process(instance=instance, tags=run.tags, run_config=run.run_config,
                                     raise_on_error=False).success)
print(json.dumps({"runs": len(res.run_requests), "ok": ok}))
"""
    sensor = subprocess.Popen(
        [sys.executable, "-c", script], cwd=REPO, env=cli_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    time.sleep(1.0)
    manual = subprocess.Popen(
        persona_cmd("run", "--json"), cwd=REPO, env=cli_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    s_out, s_err = sensor.communicate(timeout=600)
    m_out, m_err = manual.communicate(timeout=600)
    assert sensor.returncode == 0, s_err[-3000:]
    assert manual.returncode == 0, m_err[-3000:]
    for err in (s_err, m_err):
        assert "lock" not in err.lower(), err[-3000:]
    sensed = json.loads(s_out.strip().splitlines()[-1])
    assert sensed["runs"] == 1 and sensed["ok"] == [True]
    assert last_json(m_out)["units_failed"] == 0

    # settle (whatever the sensor's run materialised after `persona run` planned), then compare
    last_json(**_vars(cli(cli_env, "run", "--json")))
    assert last_json(**_vars(cli(cli_env, "run", "--json")))["units_processed"] == 0
    assert last_json(**_vars(cli({**cli_env, "PERSONA_DATA_DIR": str(clean)}, "run", "--json")))["units_failed"] == 0
    both, alone = _snapshot(data), _snapshot(clean)
    assert both["dup_evidence"] == (0,) and both["dup_observations"] == (0,)
    assert both == alone
    assert _run_statuses(data).get("FAILURE", 0) == 0


def _vars(proc: subprocess.CompletedProcess[str]) -> dict:
    return {"stdout": proc.stdout, "returncode": proc.returncode, "stderr": proc.stderr}
