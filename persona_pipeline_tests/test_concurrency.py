"""Two `persona run`s at once on one warehouse and one Dagster instance, with `persona status`
reading throughout: nobody sees a lock error, and the warehouse ends equal to a clean run's."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import duckdb

from persona_pipeline_tests.conftest import REPO, cli, last_json, persona_cmd


def _widen(claude_root: Path, copies: int) -> None:
    """More units from the sample: each Claude session copied under new file names."""
    for f in sorted(claude_root.glob("*/*.jsonl")):
        for i in range(copies):
            shutil.copyfile(f, f.with_name(f"{f.stem}-copy{i}.jsonl"))


def _snapshot(data_dir: Path) -> dict[str, object]:
    con = duckdb.connect(str(data_dir / "warehouse.duckdb"), read_only=True)
    try:

        def rows(sql: str) -> list[tuple]:
            return sorted(con.execute(sql).fetchall())

        return {
            "units": rows("SELECT unit_key, fingerprint, evidence_rows FROM units"),
            "evidence": rows("SELECT evidence_id, unit_key FROM evidence"),
            "observations": rows("SELECT observation_id FROM observations"),
            "rules": rows("SELECT rule_id, support_observations, support_sessions FROM facet_rules"),
            "dup_evidence": con.execute("SELECT count(*) - count(DISTINCT evidence_id) FROM evidence").fetchone(),
            "dup_observations": con.execute(
                "SELECT count(*) - count(DISTINCT observation_id) FROM observations"
            ).fetchone(),
        }
    finally:
        con.close()


def test_two_runs_and_a_reader_at_once(cli_env, sample_copy, tmp_path) -> None:
    _widen(sample_copy[0], copies=4)  # 7 + 28 Claude units, 3 Codex
    procs = [
        subprocess.Popen(
            persona_cmd("run", "--json"),
            cwd=REPO,
            env=cli_env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    statuses = []
    while any(p.poll() is None for p in procs):
        statuses.append(cli(cli_env, "status", "--json", timeout=200))
        time.sleep(0.2)
    outs = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, err[-3000:]
        assert "lock" not in err.lower(), err[-3000:]
        summary = last_json(out)
        assert summary["units_seen"] == 38 and summary["units_failed"] == 0
    assert statuses, "the reader never ran during the writes"
    for s in statuses:
        assert s.returncode == 0 and "lock" not in s.stderr.lower(), s.stderr[-2000:]
        last_json(s.stdout)

    final = last_json(cli(cli_env, "status", "--json").stdout)
    assert final["stale"] == {
        "new_or_changed": 0,
        "to_erase": 0,
        "undigested": 0,
        "without_lessons": 0,
        "without_notes": 0,
        "compile_owed": 0,  # both runs compiled: none left owed by the other
        "keys": [],
    }
    assert final["units"]["claude"] == {"processed": 35} and final["units"]["codex"] == {"processed": 3}
    assert final["pack"]["exists"] and final["pack"]["tokens"] > 0
    assert final["last_runs"] and {r["status"] for r in final["last_runs"]} == {"SUCCESS"}

    # the same corpus, run alone into a fresh data dir, gives the same warehouse
    # (with the same redaction key: placeholders, and so evidence ids, are keyed)
    clean = {**cli_env, "PERSONA_DATA_DIR": str(tmp_path / "clean")}
    (tmp_path / "clean" / "secrets").mkdir(parents=True)
    shutil.copyfile(tmp_path / "data" / "secrets" / "redaction.key", tmp_path / "clean" / "secrets" / "redaction.key")
    assert cli(clean, "run", "--json").returncode == 0
    concurrent, alone = _snapshot(tmp_path / "data"), _snapshot(tmp_path / "clean")
    assert concurrent["dup_evidence"] == (0,) and concurrent["dup_observations"] == (0,)
    assert len(concurrent["units"]) == 38  # type: ignore[arg-type]
    assert concurrent == alone
