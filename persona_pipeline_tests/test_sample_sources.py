"""The embedded default, as the README's first command runs it: the bundled sample's transcripts,
its two git repositories (cloned from bundles) with their instruction files, and its global
CLAUDE.md — checked against the sample's ground truth."""

from __future__ import annotations

import json
import os
from pathlib import Path

import duckdb

from persona_pipeline.persona.pack import missing_directives
from persona_pipeline_tests.conftest import cli, last_json, planted_values


def _dump(db: Path) -> str:
    con = duckdb.connect(str(db), read_only=True)
    try:
        tables = [r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()]
        return "\n".join(str(row) for t in tables for row in con.execute(f'SELECT * FROM "{t}"').fetchall())
    finally:
        con.close()


def test_sample_mode_reads_every_source(tmp_path, ground_truth) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    env.update(HOME=str(tmp_path / "home"), PERSONA_DATA_DIR=str(tmp_path / "data"))
    proc = cli(env, "run", "--json")
    summary = last_json(proc.stdout, proc.returncode, proc.stderr)
    truth = ground_truth["sources"]
    assert summary["sample_corpus"] and summary["units_failed"] == 0
    others = len(ground_truth["other_agents"]["units"])  # Copilot, Cursor, the chat exports, Gemini CLI, …
    assert summary["units_seen"] == 10 + others + len(truth["instruction_files"]) + len(truth["repos"])

    md = (tmp_path / "data" / "persona" / "PERSONA.md").read_text()
    directives = [d["text"] for d in truth["directives"]]
    redacted = [d for d in directives if truth["planted"]["staging_db_password"] in d]
    assert len(redacted) == 1  # the one directive carrying a planted secret is stored redacted
    assert missing_directives(md, [d for d in directives if d not in redacted]) == []
    assert md.count(truth["duplicate_directive"]["text"]) == 1

    db = tmp_path / "data" / "warehouse.duckdb"
    con = duckdb.connect(str(db), read_only=True)
    try:
        for repo, counts in truth["git"].items():
            skips = dict(con.execute("SELECT reason, count FROM skips WHERE unit_key = ?", [f"git/{repo}"]).fetchall())
            assert skips.get("agent_commit", 0) == counts["agent_commits"]
            assert skips.get("other_author", 0) == counts["other_author_commits"]
            assert skips.get("merge", 0) == counts["merge_commits"]
            found = {
                r[0]
                for r in con.execute(
                    "SELECT statement FROM observations WHERE unit_key = ? AND tier = 'T2'", [f"git/{repo}"]
                ).fetchall()
            }
            assert set(truth["expected_commit_rules"]) <= found
        agent_subjects = [s for subjects in truth["agent_commit_subjects"].values() for s in subjects]
        assert len(agent_subjects) == sum(c["agent_commits"] for c in truth["git"].values())
        for subject in agent_subjects:
            hits = con.execute("SELECT count(*) FROM evidence WHERE contains(excerpt, ?)", [subject]).fetchone()
            assert hits == (0,), subject
        # every agent's short history is read, and the pack's rules cite sessions of several agents
        stored = {r[0] for r in con.execute("SELECT unit_key FROM units WHERE status = 'processed'").fetchall()}
        assert set(ground_truth["other_agents"]["units"]) <= stored
        bullets = json.loads((tmp_path / "data" / "persona" / "persona.json").read_text())["bullets"]
        per_bullet = [
            {
                r[0]
                for r in con.execute(
                    "SELECT DISTINCT source_kind FROM evidence WHERE evidence_id IN (SELECT unnest(?))",
                    [b["evidence_ids"]],
                ).fetchall()
            }
            - {"instructions", "git"}
            for b in bullets
        ]
        new = {"copilot", "cursor", "cursor_cli", "chat_export", "gemini", "opencode", "aider", "cline"}
        assert new <= set().union(*per_bullet)
        assert any(len(kinds) >= 2 and kinds & new for kinds in per_bullet)  # one rule, several agents
    finally:
        con.close()

    # planted secrets and PII of every source appear nowhere: warehouse, pack, output
    persisted = "\n".join([_dump(db), md, (tmp_path / "data" / "persona" / "persona.json").read_text()])
    planted = planted_values(ground_truth) + [
        v for k, v in truth["planted"].items() if isinstance(v, str) and k != "staging_db_url"
    ]
    for value in planted:
        assert value not in persisted, value
        assert value not in proc.stdout + proc.stderr, value
    assert json.loads(proc.stdout.strip().splitlines()[-1])["redactions"] > ground_truth_redactions(ground_truth)


def ground_truth_redactions(gt: dict) -> int:
    """At least one redaction per planted transcript value (the transcripts alone give this)."""
    return len([v for v in gt["secrets"].values() if isinstance(v, str)])
