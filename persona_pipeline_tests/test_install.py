"""`persona install` in a temporary HOME: the diff first, nothing written without consent, the
import added once (idempotent), refreshed in place, removed leaving the person's own text exactly
as it was, CLAUDE_CONFIG_DIR / CODEX_HOME respected, and no other file touched."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from persona_pipeline.orchestration.cli import main
from persona_pipeline.orchestration.install import BEGIN, END

MINE = "# My rules\n\n- Be kind to the build.\n"


def _files(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for k in ("CLAUDE_CONFIG_DIR", "CODEX_HOME"):
        monkeypatch.delenv(k, raising=False)
    for k in [k for k in os.environ if k.startswith("PERSONA_")]:
        monkeypatch.delenv(k)
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "CLAUDE.md").write_text(MINE)
    monkeypatch.setenv("HOME", str(home))
    data = tmp_path / "data"
    (data / "persona").mkdir(parents=True)
    (data / "persona" / "PERSONA.md").write_text("# Persona\n\n## Stack\n\n- Use polars.\n")
    (data / "persona" / "global.md").write_text("# Persona\n\n- Use polars.\n")
    monkeypatch.setenv("PERSONA_DATA_DIR", str(data))
    monkeypatch.chdir(tmp_path)
    return home


def test_claude_import_asks_first_is_idempotent_and_removes_cleanly(home: Path, tmp_path: Path, capsys) -> None:
    target = home / ".claude" / "CLAUDE.md"
    before = _files(tmp_path)
    assert main(["install", "--claude"]) == 1  # no terminal to ask and no --yes: nothing written
    out = capsys.readouterr()
    assert "+@" in out.out and "--yes" in out.err and _files(tmp_path) == before
    assert main(["install", "--claude", "--yes"]) == 0
    text = target.read_text()
    pack = tmp_path / "data" / "persona" / "PERSONA.md"
    assert text.startswith(MINE) and f"\n@{pack}\n" in text and text.count(BEGIN) == 1 and END in text
    changed = {k for k, v in _files(tmp_path).items() if before.get(k) != v}
    assert changed == {"home/.claude/CLAUDE.md"}  # only the agent's own global file
    capsys.readouterr()
    assert main(["install", "--claude", "--yes"]) == 0  # again: nothing to change
    assert "already up to date" in capsys.readouterr().out and target.read_text() == text
    assert main(["install", "--claude", "--remove", "--yes"]) == 0
    assert target.read_text() == MINE
    assert main(["install", "--claude", "--remove", "--yes"]) == 0 and target.read_text() == MINE


def test_codex_copy_is_refreshed_in_place_and_homes_are_respected(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    codex, claude = tmp_path / "codex-home", tmp_path / "claude-config"
    monkeypatch.setenv("CODEX_HOME", str(codex))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(claude))
    assert main(["install", "--codex", "--claude", "--global-only", "--yes"]) == 0
    agents = (codex / "AGENTS.md").read_text()
    assert "- Use polars." in agents and agents.count(BEGIN) == 1 and "\n# Persona\n" not in agents
    assert f"@{tmp_path / 'data' / 'persona' / 'global.md'}" in (claude / "CLAUDE.md").read_text()
    assert (home / ".claude" / "CLAUDE.md").read_text() == MINE  # the default home is left alone
    (tmp_path / "data" / "persona" / "global.md").write_text("# Persona\n\n- Use uv.\n")
    assert main(["install", "--codex", "--global-only", "--yes"]) == 0
    agents = (codex / "AGENTS.md").read_text()
    assert "- Use uv." in agents and "Use polars" not in agents and agents.count(BEGIN) == 1
    assert main(["install", "--codex", "--claude", "--remove", "--yes"]) == 0
    assert not (codex / "AGENTS.md").exists() and not (claude / "CLAUDE.md").exists()  # only our block was there


def test_cursor_writes_nothing_and_says_where_to_paste(home: Path, tmp_path: Path, capsys) -> None:
    before = _files(tmp_path)
    assert main(["install", "--cursor"]) == 0
    out = capsys.readouterr().out
    assert "User Rules" in out and "global.md" in out and _files(tmp_path) == before


def test_install_without_a_pack_or_agent_fails_clearly(home: Path, tmp_path: Path) -> None:
    assert main(["install"]) == 2
    (tmp_path / "data" / "persona" / "PERSONA.md").unlink()
    assert main(["install", "--claude", "--yes"]) == 2
    assert (home / ".claude" / "CLAUDE.md").read_text() == MINE
