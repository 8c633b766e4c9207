"""Shared by the agent readers' tests: an isolated environment with only the given roots, ingest
into a real DuckDB file, and a scan of everything that run stored for scaffolding canaries."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest

from persona_pipeline.core.config import Settings, load_settings
from persona_pipeline.core.ingest import UnitOutcome, ingest_units
from persona_pipeline.core.sources import readers
from persona_pipeline.eval.writers import Clock

START = datetime(2026, 10, 5, 9, 0, tzinfo=UTC)


def clock(seed: int = 7) -> tuple[random.Random, Clock]:
    rng = random.Random(seed)
    return rng, Clock(START, rng)


def only_roots(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **settings: str) -> Settings:
    """Settings reading nothing but `settings` (e.g. `COPILOT_DIRS=…`): every other agent, the
    instruction files and prompt logs set to none, a private data dir and home."""
    for name in list(os.environ):
        if name.startswith("PERSONA_"):
            monkeypatch.delenv(name)
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    monkeypatch.setenv("HOME", str(home))
    for name in ("PERSONA_INSTRUCTION_FILES", "PERSONA_PROMPT_LOGS", *(r.env_name for r in readers.registered())):
        monkeypatch.setenv(name, "")
    monkeypatch.setenv("PERSONA_DATA_DIR", str(tmp_path / "data"))
    for name, value in settings.items():
        monkeypatch.setenv(f"PERSONA_{name}", value)
    return load_settings()


def ingest_all(settings: Settings) -> list[UnitOutcome]:
    settings.check_roots()
    return ingest_units(settings, settings.sources().discover(prepare=False).units)


def canaries_stored(settings: Settings, canaries: list[str]) -> dict[str, list[str]]:
    """canary -> where it was found: any text column of any warehouse table, or the bytes of any
    file under the data dir (the DuckDB file, its WAL, anything else a run wrote)."""
    found: dict[str, list[str]] = {}
    con = duckdb.connect(str(settings.warehouse_path), read_only=True)
    try:
        tables = con.execute(
            "SELECT table_name, column_name FROM information_schema.columns WHERE data_type LIKE 'VARCHAR%'"
        ).fetchall()
        for table, column in tables:
            for c in canaries:
                hit = con.execute(f'SELECT count(*) FROM "{table}" WHERE contains("{column}", ?)', [c]).fetchone()
                if hit and hit[0]:
                    found.setdefault(c, []).append(f"{table}.{column}")
        # list columns (evidence ids, …) and anything else, as text
        for (table,) in con.execute("SELECT DISTINCT table_name FROM information_schema.tables").fetchall():
            dump = " ".join(str(r) for r in con.execute(f'SELECT * FROM "{table}"').fetchall())
            for c in canaries:
                if c in dump:
                    found.setdefault(c, []).append(f"{table}(rows)")
    finally:
        con.close()
    for f in settings.data_dir.rglob("*"):
        if f.is_file():
            data = f.read_bytes()
            for c in canaries:
                if c.encode() in data:
                    found.setdefault(c, []).append(str(f.relative_to(settings.data_dir)))
    return found


def stored_excerpts(settings: Settings) -> list[str]:
    con = duckdb.connect(str(settings.warehouse_path), read_only=True)
    try:
        return [r[0] for r in con.execute("SELECT excerpt FROM evidence ORDER BY unit_key, line_no").fetchall()]
    finally:
        con.close()
