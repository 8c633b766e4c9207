"""No configuration mistake loses history (issue 21): every mistake a newcomer makes either fails
before anything changes or keeps every stored row; only `forget` (with its tombstone and `--undo`)
or an explicit `on_source_removed = "erase"` erases."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from persona_pipeline.core.sources.sample_repos import ensure_sample_repos
from persona_pipeline_tests.conftest import REPO, SAMPLE, last_json, persona_cmd


def _persona(env: dict[str, str], *args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(persona_cmd(*args), cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def _rows(data: Path) -> dict[str, int]:
    """Evidence rows per source kind, and units stored."""
    con = duckdb.connect(str(data / "warehouse.duckdb"), read_only=True)
    try:
        out = dict(con.execute("SELECT source_kind, count(*) FROM evidence GROUP BY ALL").fetchall())
        out["units"] = con.execute("SELECT count(*) FROM units").fetchone()[0]
        return out
    finally:
        con.close()


@pytest.fixture
def world(tmp_path: Path, sample_copy: tuple[Path, Path]) -> tuple[dict[str, str], Path]:
    """Every source kind configured explicitly, in a home of its own (no real agent folders)."""
    home = tmp_path / "home"
    home.mkdir()
    repos = tmp_path / "repos"
    ensure_sample_repos(SAMPLE / "repos", repos)
    global_md = tmp_path / "global" / "CLAUDE.md"
    global_md.parent.mkdir()
    shutil.copyfile(SAMPLE / "home" / ".claude" / "CLAUDE.md", global_md)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_", "CLAUDE_", "CODEX_"))}
    env.update(
        HOME=str(home),
        PERSONA_DATA_DIR=str(tmp_path / "data"),
        PERSONA_CLAUDE_DIRS=str(sample_copy[0]),
        PERSONA_CODEX_DIRS=str(sample_copy[1]),
        PERSONA_GIT_ROOTS=str(repos),
        PERSONA_AUTHOR_EMAILS="mara@quill.dev",
        PERSONA_INSTRUCTION_FILES=str(global_md),
    )
    return env, tmp_path / "data"


def _without(env: dict[str, str], *names: str, **extra: str) -> dict[str, str]:
    out = {k: v for k, v in env.items() if k not in names}
    out.update(extra)
    return out


def test_no_mistake_loses_rows(world, tmp_path: Path, sample_copy) -> None:
    env, data = world
    first = _persona(env, "run", "--json")
    last_json(first.stdout, first.returncode, first.stderr)
    baseline = _rows(data)
    assert {"claude", "codex", "git", "instructions"} <= set(baseline), baseline

    a_file = tmp_path / "not-a-folder.txt"
    a_file.write_text("x")
    refused = {
        "claude root is a file": (_without(env, PERSONA_CLAUDE_DIRS=str(a_file)), "is not a folder"),
        "git root typo": (_without(env, PERSONA_GIT_ROOTS=env["PERSONA_GIT_ROOTS"] + "x"), "does not exist"),
        "instruction root missing": (_without(env, PERSONA_INSTRUCTION_ROOTS=str(tmp_path / "nope")), "does not exist"),
        "global file missing": (_without(env, PERSONA_INSTRUCTION_FILES=str(tmp_path / "no.md")), "does not exist"),
        "misspelt variable": (_without(env, PERSONA_RETENTION_DAY="3"), "did you mean"),
        "bad value": (_without(env, PERSONA_MAX_USD="lots"), "PERSONA_MAX_USD"),
    }
    for case, (bad_env, message) in refused.items():
        for command in (("run",), ("status",)):
            proc = _persona(bad_env, *command)
            assert proc.returncode == 2, (case, command, proc.stdout[-500:], proc.stderr[-500:])
            assert message in proc.stderr and "Traceback" not in proc.stderr, (case, proc.stderr[-800:])
            assert len(proc.stderr.strip().splitlines()) == 1, (case, proc.stderr)
        assert _rows(data) == baseline, case

    # a typo in persona.toml: an error naming the file, the key and the fix
    project = tmp_path / "project"
    (project / "sub").mkdir(parents=True)
    toml = project / "persona.toml"
    toml.write_text("retention_dayz = 3\n")
    proc = _persona(env, "run", cwd=project / "sub")  # found by walking up from a sub-folder
    assert proc.returncode == 2 and "retention_dayz" in proc.stderr and "retention_days" in proc.stderr, proc.stderr
    toml.write_text('model = "offline"\n[persona]\nmax_usd = 1\n')
    proc = _persona(env, "status", cwd=project)
    assert proc.returncode == 2 and "'persona'" in proc.stderr and "top level" in proc.stderr, proc.stderr
    toml.write_text('model = "offline\n')
    proc = _persona(env, "run", cwd=project)
    assert proc.returncode == 2 and str(toml) in proc.stderr and "line 1" in proc.stderr, proc.stderr
    assert _rows(data) == baseline

    # one agent's roots set, the other's left to a default that is absent: nothing of the other is lost
    for only in ("PERSONA_CLAUDE_DIRS", "PERSONA_CODEX_DIRS"):
        other = "PERSONA_CODEX_DIRS" if only == "PERSONA_CLAUDE_DIRS" else "PERSONA_CLAUDE_DIRS"
        proc = _persona(_without(env, other), "run", "--json")
        summary = last_json(proc.stdout, proc.returncode, proc.stderr)
        assert summary["units_source_gone"] > 0 and summary["units_erased"] == 0, summary
        assert "persona forget" in proc.stderr  # the warning says what is kept and how to erase it
        assert _rows(data) == baseline, only

    # an agent deleting its own transcript: its evidence stays, shown as "source gone"
    victim = next(sample_copy[1].rglob("rollout-*.jsonl"))
    victim_bytes = victim.read_bytes()
    victim.unlink()
    summary = last_json(*_run_parts(_persona(env, "run", "--json")))
    assert summary["units_source_gone"] == 1 and summary["units_erased"] == 0
    assert _rows(data) == baseline
    status = last_json(*_run_parts(_persona(env, "status", "--json")))
    assert status["source_gone"] == 1
    # … unless the person asked for erasure
    proc = _persona(_without(env, PERSONA_ON_SOURCE_REMOVED="erase"), "run", "--json")
    summary = last_json(proc.stdout, proc.returncode, proc.stderr)
    assert summary["units_erased"] == 1
    after = _rows(data)
    assert after["codex"] < baseline["codex"] and after["claude"] == baseline["claude"]
    victim.write_bytes(victim_bytes)
    last_json(*_run_parts(_persona(env, "run", "--json")))
    assert _rows(data) == baseline


def _run_parts(proc: subprocess.CompletedProcess[str]) -> tuple[str, int, str]:
    return proc.stdout, proc.returncode, proc.stderr


def test_forget_stays_forgotten_until_undone(world) -> None:
    env, data = world
    last_json(*_run_parts(_persona(env, "run", "--json")))
    baseline = _rows(data)
    proc = _persona(env, "forget", "tidewatch")
    assert proc.returncode == 0, proc.stderr
    forgotten = _rows(data)
    assert forgotten["units"] < baseline["units"]

    # the files are still there: a later run must not read them again
    summary = last_json(*_run_parts(_persona(env, "run", "--json")))
    assert summary["units_processed"] == 0, summary
    assert _rows(data) == forgotten
    con = duckdb.connect(str(data / "warehouse.duckdb"), read_only=True)
    try:
        left = con.execute("SELECT count(*) FROM units WHERE split_part(unit_key, '/', 2) LIKE '%tidewatch%'")
        assert left.fetchone()[0] == 0
    finally:
        con.close()

    proc = _persona(env, "forget", "--undo", "tidewatch")
    assert proc.returncode == 0 and "restored" in proc.stdout, proc.stderr
    last_json(*_run_parts(_persona(env, "run", "--json")))
    assert _rows(data) == baseline


def test_default_roots_each_agent_alone(tmp_path: Path, sample_copy) -> None:
    """A home with only one agent installed runs on defaults; CLAUDE_CONFIG_DIR and CODEX_HOME are
    honoured and Codex's archived sessions are read under the keys their live copies had."""
    home = tmp_path / "home"
    claude_home = tmp_path / "elsewhere" / "claude-config"
    shutil.copytree(sample_copy[0], claude_home / "projects")
    home.mkdir()
    base = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_", "CLAUDE_", "CODEX_"))}
    env = {**base, "HOME": str(home), "PERSONA_DATA_DIR": str(tmp_path / "d1"), "CLAUDE_CONFIG_DIR": str(claude_home)}
    summary = last_json(*_run_parts(_persona(env, "run", "--json")))
    assert not summary["sample_corpus"] and summary["units_seen"] > 0
    kinds = _rows(tmp_path / "d1")
    assert "claude" in kinds and "codex" not in kinds

    codex_home = home / ".codex"
    live = sorted(sample_copy[1].rglob("rollout-*.jsonl"))
    shutil.copytree(sample_copy[1], codex_home / "sessions")
    (codex_home / "archived_sessions").mkdir()
    moved = next((codex_home / "sessions").rglob(live[0].name))
    shutil.move(moved, codex_home / "archived_sessions" / moved.name)
    env2 = {**base, "HOME": str(home), "PERSONA_DATA_DIR": str(tmp_path / "d2")}
    proc = _persona(env2, "run", "--json")
    summary = last_json(proc.stdout, proc.returncode, proc.stderr)
    assert summary["units_seen"] == len(live), summary
    con = duckdb.connect(str(tmp_path / "d2" / "warehouse.duckdb"), read_only=True)
    try:
        keys = {r[0] for r in con.execute("SELECT unit_key FROM units").fetchall()}
    finally:
        con.close()
    date = live[0].parent.relative_to(sample_copy[1]).as_posix()
    assert f"codex/{date}/{live[0].name}" in keys


def test_unknown_variable_is_named(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PERSONA_")}
    env.update(PERSONA_DATA_DIR=str(tmp_path / "d"), PERSONA_CLAUDE_DIR="/x")
    proc = subprocess.run(
        [sys.executable, "-m", "persona_pipeline", "status"], env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 2
    assert "PERSONA_CLAUDE_DIR" in proc.stderr and "PERSONA_CLAUDE_DIRS" in proc.stderr
    assert not (tmp_path / "d").exists()  # a refused command writes nothing


def test_sample_leftovers_are_named_and_forget_sample_erases_only_them(tmp_path: Path) -> None:
    """The first run on the bundled sample, then the person's own history: the sample's units stay
    (a changed setting never erases) but the run names them, and `forget --sample` removes them."""
    home = tmp_path / "home"
    home.mkdir()
    base = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_", "CLAUDE_", "CODEX_"))}
    env = {**base, "HOME": str(home), "PERSONA_DATA_DIR": str(tmp_path / "data")}
    first = last_json(*_run_parts(_persona(env, "run", "--json")))
    assert first["sample_corpus"]
    mine = tmp_path / "mine" / "-home-pat-code-tool"
    mine.mkdir(parents=True)
    entry = {
        "type": "user",
        "uuid": "m1",
        "sessionId": "9f0e8d7c-0000-4000-8000-000000000001",
        "cwd": "/home/pat/code/tool",
    }
    entry["message"] = {"role": "user", "content": "always run the formatter before committing"}
    (mine / "9f0e8d7c-0000-4000-8000-000000000001.jsonl").write_text(json.dumps(entry) + "\n")
    env["PERSONA_CLAUDE_DIRS"] = str(tmp_path / "mine")
    proc = _persona(env, "run", "--json")
    summary = last_json(proc.stdout, proc.returncode, proc.stderr)
    assert summary["units_source_gone"] >= 10 and "forget --sample" in proc.stderr
    proc = _persona(env, "forget", "--sample")
    assert proc.returncode == 0, proc.stderr
    rows = _rows(tmp_path / "data")
    assert rows["units"] == 1 and rows["claude"] == 1, rows
