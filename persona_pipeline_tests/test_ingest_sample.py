"""End to end through the first two stages on the bundled sample corpus (no Dagster)."""

from __future__ import annotations

from pathlib import Path

import duckdb

from persona_pipeline.core.config import Settings
from persona_pipeline.core.ingest import ingest_units
from persona_pipeline.core.models import ACTIVITY_KINDS
from persona_pipeline.core.sources.discovery import discover
from persona_pipeline.core.warehouse import store
from persona_pipeline_tests.conftest import planted_values


def _settings(tmp_path: Path, roots: tuple[Path, Path]) -> Settings:
    return Settings(data_dir=tmp_path / "data", claude_dirs=[roots[0]], codex_dirs=[roots[1]])


def _dump(con: duckdb.DuckDBPyConnection) -> str:
    parts = []
    for (table,) in con.execute("SELECT table_name FROM information_schema.tables").fetchall():
        parts.extend(str(r) for r in con.execute(f'SELECT * FROM "{table}"').fetchall())
    return "\n".join(parts)


def test_sample_ingest_keeps_every_genuine_prompt_and_nothing_secret(tmp_path, sample_copy, ground_truth) -> None:
    s = _settings(tmp_path, sample_copy)
    found = discover(s.resolved_claude_dirs(), s.resolved_codex_dirs())
    assert len(found.units) == 10 and found.ignored == {"subagent_file": 2}
    assert all("mquill" not in u.key for u in found.units)
    outcomes = ingest_units(s, found.units)
    assert all(o.status == "processed" for o in outcomes)
    with store.connect(s.warehouse_path, read_only=True) as con:
        uuids = {r[0] for r in con.execute("SELECT entry_uuid FROM turns WHERE entry_uuid IS NOT NULL").fetchall()}
        stamps = {r[0] for r in con.execute("SELECT timestamp FROM turns WHERE unit_key LIKE 'codex/%'").fetchall()}
        gt = ground_truth["genuine_prompts"]
        for p in gt:
            if p["source"] == "claude":
                assert p["uuid"] in uuids, p["text"][:60]
            else:
                assert p["timestamp"] in stamps, p["text"][:60]
        kinds = dict(con.execute("SELECT kind, count(*) FROM evidence GROUP BY kind").fetchall())
        said = {k: n for k, n in kinds.items() if k not in ACTIVITY_KINDS}
        # the ground truth's genuine prompts, plus the one slash command's arguments; the rest is
        # the activity stream (T3: tool errors, file edits …)
        assert sum(said.values()) == len(gt) + 1 and said["slash_command"] == 1
        assert kinds.get("tool_error", 0) > 0 and kinds.get("file_edit", 0) > 0
        t1 = con.execute("SELECT correction_signal, excerpt FROM evidence WHERE tier = 'T1'").fetchall()
        gt_corrections = [p["text"][:40] for p in gt if p["correction"]]
        # Every T1 we mark is a real correction (some semantic corrections without a structural
        # signal or opener stay T2: that is the documented detection rule, not a miss).
        assert all(any(ex.startswith(c) for c in gt_corrections) for _, ex in t1)
        signals = sorted(sig for sig, _ in t1)
        assert signals.count("interrupt") == 1 and signals.count("rejected_tool_use") == 1
        assert signals.count("turn_aborted") == 2 and len(t1) >= 8
        tot = store.totals(con)
        assert 1 - tot["kept_bytes"] / tot["raw_bytes"] >= 0.95
        dump = _dump(con)
    for value in planted_values(ground_truth):
        assert value not in dump, f"planted value leaked into DuckDB: {value[:6]}…"
    assert "[REDACTED:github_pat:" in dump and "[REDACTED:aws_access_key:" in dump


def test_reingest_is_idempotent_and_replaces_exactly_one_unit(tmp_path, sample_copy) -> None:
    s = _settings(tmp_path, sample_copy)
    units = discover(s.resolved_claude_dirs(), s.resolved_codex_dirs()).units
    ingest_units(s, units)

    def snapshot() -> tuple:
        with store.connect(s.warehouse_path, read_only=True) as con:
            ids = sorted(r[0] for r in con.execute("SELECT evidence_id FROM evidence").fetchall())
            counts = tuple(
                con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                for t in ("units", "turns", "evidence", "skips", "redactions")
            )
        return ids, counts

    first = snapshot()
    assert len(set(first[0])) == len(first[0])  # evidence ids are unique
    ingest_units(s, units[:1])
    assert snapshot() == first
    ingest_units(s, units)
    assert snapshot() == first
    with store.connect(s.warehouse_path) as con:
        store.delete_units(con, [units[0].key])
        left = con.execute("SELECT count(*) FROM evidence WHERE unit_key = ?", [units[0].key]).fetchone()[0]
        assert left == 0
        assert con.execute("SELECT count(*) FROM units").fetchone()[0] == len(units) - 1
