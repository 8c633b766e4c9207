"""`persona run` against a real, persistent Dagster instance and a real DuckDB file."""

from __future__ import annotations

import json
import subprocess

import duckdb
import pytest

from persona_pipeline_tests.conftest import cli, last_json, planted_values

# the sample's 40 prompts, corrections and slash-command arguments, and its 46 activity turns
SAMPLE_EVIDENCE = 86


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return cli(env, *args)


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return _cli(env, "run", *args)


@pytest.fixture
def env(cli_env: dict[str, str]) -> dict[str, str]:
    return cli_env


def _summary(proc: subprocess.CompletedProcess[str]) -> dict:
    return last_json(proc.stdout, proc.returncode, proc.stderr)


def test_run_json_incremental_and_source_gone(env, sample_copy, tmp_path, ground_truth, monkeypatch) -> None:
    first = _summary(_run(env, "--json"))
    for field in (
        "units_seen",
        "units_processed",
        "units_unchanged",
        "units_failed",
        "units_skipped_bad",
        "raw_bytes",
        "kept_bytes",
        "evidence_rows",
        "redactions",
    ):
        assert field in first
    assert first["units_seen"] == 10 and first["units_processed"] == 10 and first["units_failed"] == 0
    assert first["evidence_rows"] == SAMPLE_EVIDENCE and first["redactions"] >= 8
    assert first["kept_bytes"] / first["raw_bytes"] < 0.05

    second = _summary(_run(env, "--json"))
    assert second["units_processed"] == 0 and second["units_unchanged"] == 10
    assert second["evidence_rows"] == first["evidence_rows"]

    # one transcript grows, one vanishes, one bad file appears
    claude_root, codex_root = sample_copy
    grown = next(claude_root.glob("-home-mquill-code-tidewatch/6eca*.jsonl"))
    with open(grown, "a") as f:
        f.write(
            json.dumps(
                {
                    "type": "user",
                    "uuid": "new-1",
                    "sessionId": "6eca",
                    "cwd": "/home/mquill/code/tidewatch",
                    "message": {"role": "user", "content": "prefer dataclasses over dicts"},
                }
            )
            + "\n"
        )
    gone = next(codex_root.rglob("rollout-2026-10-12*.jsonl"))
    gone.unlink()
    (claude_root / "-home-mquill-code-tidewatch" / "broken.jsonl").write_bytes(b"\x00\x01\x02binary")
    third = _summary(_run(env, "--json"))
    assert third["units_seen"] == 10 and third["units_processed"] == 2 and third["units_unchanged"] == 8
    assert third["units_skipped_bad"] == 1 and third["units_source_gone"] == 1 and third["units_erased"] == 0
    assert third["evidence_rows"] == first["evidence_rows"] + 1  # the vanished file's evidence is kept

    wh = tmp_path / "data" / "warehouse.duckdb"
    con = duckdb.connect(str(wh), read_only=True)
    try:
        assert con.execute("SELECT count(*) FROM evidence WHERE unit_key LIKE 'codex/2026/10/12/%'").fetchone()[0] == 4
        assert (
            con.execute("SELECT status FROM units WHERE unit_key LIKE '%broken.jsonl'").fetchone()[0] == "skipped_bad"
        )
    finally:
        con.close()

    # Dagster's storage knows the partitions and holds nothing planted
    import dagster as dg

    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "data" / "dagster_home"))
    with dg.DagsterInstance.get() as inst:
        keys = inst.get_dynamic_partitions("source_units")
        assert len(keys) == 11 and any("10-12" in k for k in keys)  # the gone unit's partition stays
        mats = inst.get_materialized_partitions(dg.AssetKey("redacted_evidence"))
        assert any(k.endswith("broken.jsonl") for k in mats)
    storage = b"".join(p.read_bytes() for p in (tmp_path / "data" / "dagster_home").rglob("*") if p.is_file())
    for value in planted_values(ground_truth):
        assert value.encode() not in storage, value[:6]


def test_human_summary_and_no_secrets_in_output(env, ground_truth) -> None:
    proc = _run(env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "units: 10 seen" in proc.stdout and "reduction" in proc.stdout
    for value in planted_values(ground_truth):
        assert value not in proc.stdout and value not in proc.stderr


def test_configuration_errors_exit_nonzero_with_a_clear_message(env, tmp_path) -> None:
    bad = dict(env, PERSONA_DIGEST_CONCURRENCY="lots")
    proc = _run(bad, "--json")
    assert proc.returncode == 2 and "digest_concurrency" in proc.stderr
    missing = dict(env, PERSONA_CLAUDE_DIRS=str(tmp_path / "nope"))
    proc = _run(missing)
    assert proc.returncode == 2 and "does not exist" in proc.stderr


def test_forget_a_project_erases_its_rows_and_recompiles(env, tmp_path) -> None:
    first = _summary(_run(env, "--json"))
    assert first["evidence_rows"] == SAMPLE_EVIDENCE
    proc = _cli(env, "forget", "tidewatch")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "forgot 3 unit(s)" in proc.stdout
    con = duckdb.connect(str(tmp_path / "data" / "warehouse.duckdb"), read_only=True)
    try:
        for table in ("units", "evidence", "turns", "observations", "digest_state"):
            n = con.execute(
                f"SELECT count(*) FROM {table} WHERE unit_key LIKE '%tidewatch%' OR unit_key LIKE 'codex/2026/10/12/%'"
            ).fetchone()[0]
            assert n == 0, table
        cited = {e for (ids,) in con.execute("SELECT evidence_ids FROM facet_rules").fetchall() for e in ids}
        stored = {r[0] for r in con.execute("SELECT evidence_id FROM evidence").fetchall()}
        assert cited <= stored
    finally:
        con.close()
    pack = json.loads((tmp_path / "data" / "persona" / "persona.json").read_text())
    assert all(set(b["evidence_ids"]) <= stored for b in pack["bullets"])
    missing = _cli(env, "forget", "no-such-project")
    assert missing.returncode == 1 and "nothing stored matches" in missing.stderr
