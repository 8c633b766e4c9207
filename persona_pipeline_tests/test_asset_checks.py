"""Asset checks pass on a clean run and fail (blocking the compile) when evidence leaks."""

from __future__ import annotations

import os

import dagster as dg
import duckdb

from persona_pipeline.orchestration.defs.resources import project_resources
from persona_pipeline_tests.test_cli_run import _run, _summary


def _materialize_tail(env: dict[str, str]) -> dg.ExecuteInProcessResult:
    from persona_pipeline.orchestration.defs.checks import CHECKS
    from persona_pipeline.orchestration.defs.distill_assets import facet_trees, persona_pack

    saved = {k: os.environ.get(k) for k in ("PERSONA_DATA_DIR", "PERSONA_CLAUDE_DIRS", "PERSONA_CODEX_DIRS")}
    os.environ.update({k: env[k] for k in saved})
    try:
        return dg.materialize(
            [facet_trees, persona_pack, *CHECKS],
            instance=dg.DagsterInstance.ephemeral(),
            raise_on_error=False,
            resources=project_resources(),
        )
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _check_results(result: dg.ExecuteInProcessResult) -> dict[str, bool]:
    return {
        e.asset_check_evaluation_data.check_name: e.asset_check_evaluation_data.passed
        for e in result.all_events
        if e.event_type_value == "ASSET_CHECK_EVALUATION"
    }


def test_checks_pass_on_clean_run_and_a_leak_blocks_the_compile(cli_env, tmp_path) -> None:
    _summary(_run(cli_env, "--json"))
    clean = _materialize_tail(cli_env)
    assert clean.success
    assert _check_results(clean) == {
        "evidence_has_no_secrets": True,
        "pack_is_clean_and_within_budget": True,
        "pack_bullets_traced_to_evidence": True,
        "pack_has_every_directive": True,
    }
    # bypass the Evidence constructor, as a bug or a hand edit would
    con = duckdb.connect(str(tmp_path / "data" / "warehouse.duckdb"))
    try:
        con.execute(
            "UPDATE evidence SET excerpt = excerpt || ' AKIAZ7QK3M2PLR6VWX4T' "
            "WHERE evidence_id = (SELECT min(evidence_id) FROM evidence)"
        )
    finally:
        con.close()
    (tmp_path / "data" / "persona" / "PERSONA.md").unlink()
    leaked = _materialize_tail(cli_env)
    assert _check_results(leaked)["evidence_has_no_secrets"] is False
    assert not (tmp_path / "data" / "persona" / "PERSONA.md").exists()  # blocking: no pack compiled
    # `persona run` names the blocking check, exits non-zero and never prints the leaked value
    proc = _run(cli_env)
    assert proc.returncode == 1
    assert "compile: check evidence_has_no_secrets failed" in proc.stderr and "was not updated" in proc.stderr
    assert "unit(s) failed" not in proc.stderr and "AKIAZ7QK3M2PLR6VWX4T" not in proc.stdout + proc.stderr


def test_untraced_bullets_and_missing_directives_fail_their_checks(cli_env, tmp_path) -> None:
    _summary(_run(cli_env, "--json"))
    con = duckdb.connect(str(tmp_path / "data" / "warehouse.duckdb"))
    try:
        # a directive stored as evidence but never digested into the pack
        con.execute(
            """INSERT INTO evidence (evidence_id, unit_key, source_kind, tier, kind, excerpt, context, project)
               VALUES ('d0', 'instructions/ledgerly/AGENTS.md', 'instructions', 'T0', 'directive',
                       'Never edit a shipped migration.', '', 'ledgerly')"""
        )
        # evidence behind a pack bullet erased while its observation stays
        con.execute(
            """DELETE FROM evidence WHERE evidence_id IN
               (SELECT unnest(evidence_ids) FROM facet_rules ORDER BY score DESC LIMIT 1)"""
        )
    finally:
        con.close()
    checks = _check_results(_materialize_tail(cli_env))
    assert checks["pack_has_every_directive"] is False
    assert checks["pack_bullets_traced_to_evidence"] is False
    assert checks["evidence_has_no_secrets"] is True
