"""The owner's identity is found locally and redacted by default (issue 16): git's global
identity, the account Claude Code is signed in with, and each repository's own; a changed
identity re-reads what was redacted without it. `persona status` shows kinds and counts only."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import duckdb

from persona_pipeline.core.evidence.owner_identity import git_identity
from persona_pipeline_tests.conftest import REPO, last_json, persona_cmd

NAME, EMAIL = "Dana Quill-Ortega", "dana.qo@example.org"
SIGNED_IN, DISPLAY = "dq-work@example.net", "Dana Q."


def _transcript(root: Path, text: str) -> None:
    f = root / "-home-dana-code-api" / "a1b2c3d4-0000-4000-8000-000000000001.jsonl"
    f.parent.mkdir(parents=True, exist_ok=True)
    entry = {
        "type": "user",
        "uuid": "u1",
        "sessionId": "a1b2c3d4-0000-4000-8000-000000000001",
        "cwd": "/home/dana/code/api",
        "message": {"role": "user", "content": text},
    }
    f.write_text(json.dumps(entry) + "\n")


def test_git_identity_parses_user_section(tmp_path: Path) -> None:
    cfg = tmp_path / "config"
    cfg.write_text(f'[core]\n\tbare = false\n[user]\n\tname = "{NAME}"\n\temail = {EMAIL}\n[alias]\n\tco = checkout\n')
    assert git_identity(cfg) == [(NAME, "person_name"), (EMAIL, "email")]
    (tmp_path / "bad").write_text("[user\nname = x")
    assert git_identity(tmp_path / "bad") == []


def test_local_identity_is_redacted_and_a_new_one_rereads(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / ".gitconfig").write_text(f"[user]\n\tname = {NAME}\n\temail = {EMAIL}\n")
    (home / ".claude.json").write_text(
        json.dumps({"oauthAccount": {"emailAddress": SIGNED_IN, "displayName": DISPLAY}})
    )
    claude = tmp_path / "claude"
    _transcript(claude, f"sign the release notes as {NAME} <{EMAIL}>; the CI account is {SIGNED_IN}, thanks {DISPLAY}")
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_", "CLAUDE_", "CODEX_", "GIT_"))
    }
    env.update(
        HOME=str(home),
        PERSONA_DATA_DIR=str(tmp_path / "data"),
        PERSONA_CLAUDE_DIRS=str(claude),
        PERSONA_CODEX_DIRS="",
        PERSONA_INSTRUCTION_FILES="",
        PERSONA_PROMPT_LOGS="",
    )

    def run() -> dict:
        proc = subprocess.run(persona_cmd("run", "--json"), cwd=REPO, env=env, capture_output=True, text=True)
        return last_json(proc.stdout, proc.returncode, proc.stderr)

    assert run()["units_processed"] == 1
    with duckdb.connect(str(tmp_path / "data" / "warehouse.duckdb"), read_only=True) as con:
        [excerpt] = [r[0] for r in con.execute("SELECT excerpt FROM evidence").fetchall()]
    for value in (NAME, EMAIL, SIGNED_IN, "Quill-Ortega"):
        assert value not in excerpt, excerpt
    assert "sign the release notes as" in excerpt
    assert run()["units_processed"] == 0  # same identity: nothing to re-read

    (home / ".gitconfig").write_text(f"[user]\n\tname = {NAME}\n\temail = {EMAIL}\n[user]\n\tname = Robin Vale\n")
    assert run()["units_processed"] == 1  # a new identifier: redacted again with it
    proc = subprocess.run(persona_cmd("status", "--json"), cwd=REPO, env=env, capture_output=True, text=True)
    status = last_json(proc.stdout, proc.returncode, proc.stderr)
    # git's last user.name wins (as in git): Robin Vale and the signed-in display name
    assert status["redacted_identifiers"]["person_name"] >= 2 and status["redacted_identifiers"]["email"] >= 2
    assert NAME not in proc.stdout and EMAIL not in proc.stdout
