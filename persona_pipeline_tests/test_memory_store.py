"""The shared store of the skills and notes stages: which units are stale, what they see, and
that a unit's rows are replaced exactly."""

from __future__ import annotations

import polars as pl

from persona_pipeline.core.config import Settings
from persona_pipeline.core.ingest import ingest_units
from persona_pipeline.core.warehouse import memory_store as ms
from persona_pipeline.core.warehouse import store


def _settings(tmp_path, roots) -> Settings:
    return Settings(data_dir=tmp_path / "data", claude_dirs=[roots[0]], codex_dirs=[roots[1]])


def _note(unit: str, text: str) -> dict[str, object]:
    return {"note_id": f"{unit}:{text}", "unit_key": unit, "kind": "todo", "text": text, "evidence_ids": []}


def test_stale_load_and_replace(tmp_path, sample_copy) -> None:
    s = _settings(tmp_path, sample_copy)
    units = s.sources().discover().units
    ingest_units(s, units)
    with store.connect(s.warehouse_path) as con:
        stale = ms.stale_units(con, ms.NOTES, "offline", "v1")
        assert stale and all(k.startswith(("claude/", "codex/")) for k in stale)
        sessions = ms.load_sessions(con, stale)
        assert {x.unit_key for x in sessions} <= set(stale)
        for x in sessions:
            lines = [r.line_no for r in x.rows]
            assert lines == sorted(lines)
        first, second = stale[0], stale[1]
        frame = pl.DataFrame([_note(first, "a"), _note(first, "b")])
        ms.save_stage(
            con,
            ms.NOTES,
            "session_notes",
            frame,
            [ms.StageState(unit_key=first, items=2), ms.StageState(unit_key=second, status="failed", error="Timeout")],
            "offline",
            "v1",
        )
        again = ms.stale_units(con, ms.NOTES, "offline", "v1")
        assert first not in again and second in again  # the failed unit is retried
        assert first in ms.stale_units(con, ms.NOTES, "offline", "v2")  # a prompt change rebuilds
        assert first in ms.stale_units(con, ms.LESSONS, "offline", "v1")  # stages are independent
        ms.save_stage(
            con,
            ms.NOTES,
            "session_notes",
            pl.DataFrame([_note(first, "c")]),
            [ms.StageState(unit_key=first, items=1)],
            "offline",
            "v1",
        )
        texts = [r[0] for r in con.execute("SELECT text FROM session_notes WHERE unit_key = ?", [first]).fetchall()]
        assert texts == ["c"]
        store.delete_units(con, [first])
        assert con.execute("SELECT count(*) FROM session_notes").fetchone() == (0,)
        assert con.execute("SELECT count(*) FROM memory_state WHERE unit_key = ?", [first]).fetchone() == (0,)


def test_batches_bound_units_and_rows(tmp_path, sample_copy) -> None:
    s = _settings(tmp_path, sample_copy)
    ingest_units(s, s.sources().discover().units)
    with store.connect(s.warehouse_path) as con:
        keys = ms.stale_units(con, ms.LESSONS, "offline", "v1")
        rows = dict(con.execute("SELECT unit_key, count(*) FROM evidence GROUP BY unit_key").fetchall())
        biggest = max(rows[k] for k in keys)
        assert ms.batches(con, keys, 200) == [keys]  # the sample fits one batch
        by_units = ms.batches(con, keys, 3)
        assert [k for b in by_units for k in b] == keys and max(len(b) for b in by_units) == 3
        by_rows = ms.batches(con, keys, 200, max_rows=biggest)
        assert [k for b in by_rows for k in b] == keys and len(by_rows) > 1
        assert all(sum(rows[k] for k in b) <= biggest for b in by_rows)
