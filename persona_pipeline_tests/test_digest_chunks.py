"""The digest stage loads, digests and stores a slice of units at a time, with the same results."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from persona_pipeline.core.config import Settings
from persona_pipeline.core.ingest import ingest_units
from persona_pipeline.core.sources.discovery import discover
from persona_pipeline.core.warehouse import store
from persona_pipeline.persona import stage as distill


def test_chunks_bound_the_evidence_held() -> None:
    rows = {"a": 3, "b": 4, "c": 10, "d": 1, "e": 0}
    assert list(distill.chunks(["a", "b", "c", "d", "e", "f"], rows, limit=7)) == [["a", "b"], ["c"], ["d", "e", "f"]]
    assert list(distill.chunks([], rows, limit=7)) == []
    assert list(distill.chunks(["c"], rows, limit=1)) == [["c"]]  # a larger unit goes alone


def _stored(path: Path) -> tuple[list[tuple], list[tuple]]:
    with store.connect(path, read_only=True) as con:
        obs = con.execute("SELECT * FROM observations ORDER BY observation_id").fetchall()
        states = con.execute("SELECT * EXCLUDE (digested_at) FROM digest_state ORDER BY unit_key").fetchall()
    return obs, states


def test_digest_in_slices_stores_what_one_pass_stores(
    tmp_path: Path, sample_copy: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = Settings(data_dir=tmp_path / "one", claude_dirs=[sample_copy[0]], codex_dirs=[sample_copy[1]])
    units = discover(s.resolved_claude_dirs(), s.resolved_codex_dirs()).units
    ingest_units(s, units)
    sliced = s.model_copy(update={"data_dir": tmp_path / "sliced"})
    shutil.copytree(s.data_dir, sliced.data_dir)  # the same warehouse and redaction key
    keys = sorted(u.key for u in units)

    one, _ = distill.digest_units(s, keys)
    calls: list[int] = []
    real = distill.digest_store.load_inputs

    def counted(con, chunk):  # type: ignore[no-untyped-def]
        calls.append(len(chunk))
        return real(con, chunk)

    monkeypatch.setattr(distill, "CHUNK_EVIDENCE_ROWS", 1)
    monkeypatch.setattr(distill.digest_store, "load_inputs", counted)
    many, _ = distill.digest_units(sliced, keys)

    assert calls == [1] * len(keys)  # one unit per slice
    assert sorted(r.model_dump_json() for r in many) == sorted(r.model_dump_json() for r in one)
    obs, states = _stored(s.warehouse_path)
    assert obs and len(states) == len(keys)
    assert _stored(sliced.warehouse_path) == (obs, states)
