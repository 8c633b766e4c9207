"""Skills, lessons, session notes and search through `persona run` and `persona forget`: a
forgotten project leaves no lesson, note, note file, skill support or search hit behind."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from persona_pipeline_tests.conftest import cli, last_json


def _skill_evidence(data: Path) -> dict[str, set[str]]:
    with duckdb.connect(str(data / "warehouse.duckdb"), read_only=True) as con:
        return {name: set(ids) for name, ids in con.execute("SELECT name, evidence_ids FROM skills").fetchall()}


def _projects(data: Path, table: str) -> set[str]:
    with duckdb.connect(str(data / "warehouse.duckdb"), read_only=True) as con:
        return {r[0] for r in con.execute(f"SELECT DISTINCT project FROM {table}").fetchall()}


def test_forget_removes_lessons_notes_skills_and_search_hits(cli_env: dict[str, str], tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = last_json(*_out(cli(cli_env, "run", "--json")))
    assert first["lessons"] > 0 and first["skills"] > 0 and first["session_notes"] > 0
    assert {"ledgerly", "tidewatch"} <= _projects(data, "lessons") | _projects(data, "session_notes")
    assert list((data / "notes" / "ledgerly").glob("*.md"))
    with duckdb.connect(str(data / "warehouse.duckdb"), read_only=True) as con:
        ledgerly_ids = {
            r[0] for r in con.execute("SELECT evidence_id FROM evidence WHERE project = 'ledgerly'").fetchall()
        }
    supported = {n for n, ids in _skill_evidence(data).items() if ids & ledgerly_ids}
    assert supported  # the sample's ledgerly sessions support at least one skill
    hits = json.loads(cli(cli_env, "search", "pytest", "--json", "--project", "ledgerly").stdout)
    assert hits["results"]

    forget = cli(cli_env, "forget", "ledgerly")
    assert forget.returncode == 0, forget.stderr[-2000:]
    assert "ledgerly" not in _projects(data, "lessons") | _projects(data, "session_notes")
    assert not list((data / "notes").glob("ledgerly/*.md"))
    after = _skill_evidence(data)
    assert not [n for n, ids in after.items() if ids & ledgerly_ids]  # no skill keeps erased support
    skill_dirs = {p.name for p in (data / "skills").iterdir() if p.is_dir()}
    assert skill_dirs == set(after)  # a skill left without evidence lost its folder too
    for md in (data / "skills").glob("*/SKILL.md"):
        assert "ledgerly" not in md.read_text(encoding="utf-8")
    gone = json.loads(cli(cli_env, "search", "pytest", "--json", "--project", "ledgerly").stdout)
    assert gone["results"] == []


def _out(proc):  # (stdout, returncode, stderr) for last_json
    return proc.stdout, proc.returncode, proc.stderr
