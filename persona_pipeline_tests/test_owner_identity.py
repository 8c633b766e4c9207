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


def _git(repo: Path, *args: str, name: str = "Ottilie Brandvold", email: str = "ob@corp.test") -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        GIT_AUTHOR_NAME=name,
        GIT_AUTHOR_EMAIL=email,
        GIT_COMMITTER_NAME="Cosmin Tarvainen",
        GIT_COMMITTER_EMAIL="ct@corp.test",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_CONFIG_SYSTEM=os.devnull,
    )
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def _repo(root: Path) -> Path:
    repo = root / "svc"
    repo.mkdir(parents=True)
    _git(repo, "init", "-q")
    (repo / "a.txt").write_text("one\n")
    _git(repo, "add", "a.txt")
    _git(repo, "commit", "-q", "-m", "first\n\nCo-authored-by: Wendeline Moy-Asante <wm@corp.test>")
    _git(repo, "commit", "-q", "--allow-empty", "-m", "bump", name="dependabot[bot]", email="bot@corp.test")
    _git(repo, "commit", "-q", "--allow-empty", "-m", "merge", name="GitHub", email="noreply@github.com")
    _git(repo, "commit", "-q", "--allow-empty", "-m", "x", name="deploy", email="d@corp.test")
    return repo


def test_git_people_names_authors_committers_and_co_authors_not_bots(tmp_path: Path) -> None:
    from persona_pipeline.core.evidence.owner_identity import git_people

    _repo(tmp_path / "roots")
    names = {n for n, kind in git_people([tmp_path / "roots"]) if kind == "person_name"}
    assert names == {"Ottilie Brandvold", "Cosmin Tarvainen", "Wendeline Moy-Asante"}
    assert git_people([tmp_path / "nothing-here"]) == []


def test_git_people_are_redacted_and_a_new_co_author_rereads(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    roots = tmp_path / "roots"
    repo = _repo(roots)
    claude = tmp_path / "claude"
    _transcript(claude, "ask Cosmin Tarvainen, or Wendeline Moy-Asante; Ottilie Brandvold wrote it, and Ysolde Karrow")
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_", "CLAUDE_", "CODEX_", "GIT_"))
    }
    env.update(
        HOME=str(home),
        PERSONA_DATA_DIR=str(tmp_path / "data"),
        PERSONA_CLAUDE_DIRS=str(claude),
        PERSONA_CODEX_DIRS="",
        PERSONA_GIT_ROOTS=str(roots),
        PERSONA_INSTRUCTION_FILES="",
        PERSONA_PROMPT_LOGS="",
    )

    def run() -> dict:
        proc = subprocess.run(persona_cmd("run", "--json"), cwd=REPO, env=env, capture_output=True, text=True)
        return last_json(proc.stdout, proc.returncode, proc.stderr)

    def excerpts() -> str:
        with duckdb.connect(str(tmp_path / "data" / "warehouse.duckdb"), read_only=True) as con:
            return "\n".join(r[0] for r in con.execute("SELECT excerpt FROM evidence").fetchall())

    assert run()["units_processed"] >= 1
    text = excerpts()
    for value in ("Cosmin", "Tarvainen", "Moy-Asante", "Brandvold"):
        assert value not in text, text
    assert run()["units_processed"] == 0  # same people: nothing to re-read

    _git(repo, "commit", "-q", "--allow-empty", "-m", "pair\n\nCo-authored-by: Ysolde Karrow <yk@corp.test>")
    assert run()["units_processed"] >= 2  # a new person in the history: every unit redacted again
    assert "Karrow" not in excerpts()
    proc = subprocess.run(persona_cmd("status", "--json"), cwd=REPO, env=env, capture_output=True, text=True)
    status = last_json(proc.stdout, proc.returncode, proc.stderr)
    assert status["redacted_identifiers"]["git_person_name"] == 4
    assert status["stale"]["new_or_changed"] == 0  # the people as last recorded: no repository read, nothing stale
    assert "Karrow" not in proc.stdout and "Tarvainen" not in proc.stdout
    assert "Karrow" not in (tmp_path / "data" / "git_people.json").read_text()


def test_a_changed_redaction_engine_changes_the_stored_identity(tmp_path: Path) -> None:
    """Evidence redacted by an older engine is read again by a newer one: the fingerprint suffix
    carries a digest of the engine's code and data, and only of those."""
    from persona_pipeline.core.config import Settings
    from persona_pipeline.core.evidence.owner_identity import engine_files_digest, engine_tag, identity_suffix

    assert f"|eng:{engine_tag()}" in identity_suffix(Settings(data_dir=tmp_path / "data"), read_git=False)
    root = tmp_path / "evidence"
    (root / "redaction" / "__pycache__").mkdir(parents=True)
    (root / "records.py").write_text("# records\n")
    (root / "redaction" / "rules.py").write_text("RULES = 1\n")
    before = engine_files_digest(root)
    (root / "redaction" / "__pycache__" / "rules.cpython-311.pyc").write_bytes(b"\x00cache")
    assert engine_files_digest(root) == before  # a cache is no change of the engine
    (root / "redaction" / "names.txt").write_text("a list the engine reads\n")
    with_data = engine_files_digest(root)
    assert with_data != before
    (root / "redaction" / "rules.py").write_text("RULES = 2\n")
    assert engine_files_digest(root) not in (before, with_data)
