"""The retention window: old evidence is purged from the warehouse and never re-stored."""

from __future__ import annotations

from datetime import UTC, datetime

from persona_pipeline.core.config import Settings
from persona_pipeline.core.ingest import ingest_units
from persona_pipeline.core.sources.discovery import discover
from persona_pipeline.core.warehouse import store
from persona_pipeline.persona import store as digest_store
from persona_pipeline.persona.digest.offline import OfflineDigester


def _count(con, sql: str, *params: object) -> int:
    return con.execute(sql, list(params)).fetchone()[0]


def test_purge_and_reingest_respect_the_window(tmp_path, sample_copy) -> None:
    s = Settings(data_dir=tmp_path / "data", claude_dirs=[sample_copy[0]], codex_dirs=[sample_copy[1]])
    units = discover(s.resolved_claude_dirs(), s.resolved_codex_dirs()).units
    ingest_units(s, units)
    digester = OfflineDigester()
    with store.connect(s.warehouse_path) as con:
        inputs = digest_store.load_inputs(con, [u.key for u in units])
        digest_store.save_digests(
            con, digester.digest_many(inputs), digest_store.evidence_hashes(con), "offline", digester.prompt_version
        )
        total = _count(con, "SELECT count(*) FROM evidence")
        oldest = datetime(2026, 9, 20, tzinfo=UTC)
        old = _count(con, "SELECT count(*) FROM evidence WHERE timestamp < '2026-09-20'")
        assert 0 < old < total
        emptied = [
            r[0]
            for r in con.execute(
                "SELECT unit_key FROM evidence GROUP BY unit_key HAVING max(timestamp) < '2026-09-20'"
            ).fetchall()
        ]
        assert emptied and _count(con, "SELECT count(*) FROM observations WHERE unit_key = ?", emptied[0]) > 0

        assert store.purge_older_than(con, oldest) == old
        assert _count(con, "SELECT count(*) FROM evidence") == total - old
        assert _count(con, "SELECT count(*) FROM evidence WHERE timestamp < '2026-09-20'") == 0
        assert _count(con, "SELECT count(*) FROM turns WHERE timestamp < '2026-09-20'") == 0
        # a unit with nothing left loses its observations; the others are stale until re-digested
        assert _count(con, "SELECT count(*) FROM observations WHERE unit_key = ?", emptied[0]) == 0
        assert store.purge_older_than(con, oldest) == 0  # idempotent

    # re-reading the files with the same window stores nothing older either
    days = (datetime.now(UTC) - oldest).days
    s2 = s.model_copy(update={"retention_days": days})
    ingest_units(s2, units)
    with store.connect(s.warehouse_path, read_only=True) as con:
        kept = _count(con, "SELECT count(*) FROM evidence")
        assert 0 < kept <= total - old
        assert _count(con, "SELECT min(timestamp) FROM evidence") >= "2026-09-19"
        aged = _count(con, "SELECT coalesce(sum(count), 0) FROM skips WHERE reason = 'retention'")
        assert aged + kept == total
