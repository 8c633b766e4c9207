"""Instruction files are read for the person's rules only (issue 16): descriptions, heading-like bold
lead-ins and status lines are not rules; files git does not track in their repository and
dependency trees (Go module cache, virtualenvs, vendored checkouts) are not the person's."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from persona_pipeline.core.sources.instructions import discover_instructions, not_a_rule, read_instructions


def _git(repo: Path, *args: str) -> None:
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t"}
    env |= {"GIT_COMMITTER_EMAIL": "t@example.com", "HOME": str(repo), "PATH": "/usr/bin:/bin:/usr/local/bin"}
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env, timeout=60)


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("chunk", "why"),
    [
        ("**Conventions:**", "heading_like"),
        ("**Conventions**", "heading_like"),
        ("__Testing__:", "heading_like"),
        ("**Status:** in progress, phase 2 of 3", "status_line"),
        ("**Last updated:** 2026-09-01", "status_line"),
        ("driftctl is a Go CLI tool to detect drift between state files and the cloud.", "description"),
        ("This repository is the billing service for the storefront.", "description"),
        ("The `api` package is an HTTP layer over the store.", "description"),
    ],
)
def test_not_rules(chunk: str, why: str) -> None:
    assert not_a_rule(chunk) == why


@pytest.mark.parametrize(
    "chunk",
    [
        "**Testing:** always run `pytest -q` before committing.",
        "**Status:** never mark a ticket done before CI is green.",
        "driftctl is a Go CLI tool; never add cgo dependencies.",
        "This repository is the billing service: talk to the payment API only through `clients/`.",
        "Use uv for every environment.",
        "Prefer small commits with conventional prefixes.",
        "Money is stored as integer cents.",
        "Tests are the source of truth.",
        "Readability is a feature.",
    ],
)
def test_rules_are_kept(chunk: str) -> None:
    assert not_a_rule(chunk) is None


def test_reader_keeps_only_rules_in_file_order(tmp_path: Path) -> None:
    text = (
        "# driftctl\n\ndriftctl is a Go CLI tool to detect infrastructure drift.\n\n**Status:** beta\n\n"
        "**Conventions:**\n\n- Zebra-case is banned in flags.\n- Always wrap errors with `%w`.\n"
        "- Avoid global state.\n\n**Testing:** run `go test ./...` before every push.\n"
    )
    path = _write(tmp_path / "AGENTS.md", text)
    unit = discover_instructions([tmp_path], [], {})[0]
    assert unit.path == path
    r = read_instructions(unit)
    assert [t.text for t in r.turns] == [
        "Zebra-case is banned in flags.",
        "Always wrap errors with `%w`.",
        "Avoid global state.",
        "**Testing:** run `go test ./...` before every push.",
    ]
    assert r.stats.skips["description"] == 1 and r.stats.skips["status_line"] == 1
    assert r.stats.skips["heading_like"] == 1
    stamps = [t.timestamp for t in r.turns]
    assert stamps == sorted(stamps) and len(set(stamps)) == 4  # sorting by time keeps the file's order


def test_only_files_git_tracks_in_a_repository_are_read(tmp_path: Path) -> None:
    repo = tmp_path / "code" / "shop"
    repo.mkdir(parents=True)
    _git(repo, "init", "-q")
    _write(repo / ".gitignore", "scratch/\n")
    _write(repo / "CLAUDE.md", "- Use pnpm, never npm.\n")
    _write(repo / "scratch" / "AGENTS.md", "- Ignored scratch rule that is not the repository's.\n")
    _write(repo / "docs" / "AGENTS.md", "- Untracked draft rule.\n")
    _git(repo, "add", ".gitignore", "CLAUDE.md")
    _git(repo, "commit", "-q", "-m", "init")
    units = {u.key: u for u in discover_instructions([tmp_path], [], {})}
    read = {key: read_instructions(u) for key, u in units.items()}
    assert [t.text for t in read["instructions/shop/CLAUDE.md"].turns] == ["Use pnpm, never npm."]
    for key in ("instructions/shop/scratch/AGENTS.md", "instructions/shop/docs/AGENTS.md"):
        assert read[key].turns == [] and read[key].stats.skips == {"untracked_file": 1}
        assert read[key].file_error is None


def test_a_repository_with_nothing_added_yet_is_read(tmp_path: Path) -> None:
    repo = tmp_path / "fresh"
    repo.mkdir()
    _git(repo, "init", "-q")
    _write(repo / "AGENTS.md", "- Keep the API surface small.\n")
    (unit,) = discover_instructions([tmp_path], [], {})
    assert [t.text for t in read_instructions(unit).turns] == ["Keep the API surface small."]


def test_dependency_trees_are_not_discovered(tmp_path: Path) -> None:
    rule = "- A dependency's own rule.\n"
    _write(tmp_path / "go" / "pkg" / "mod" / "github.com" / "acme" / "lib@v1.4.2" / "AGENTS.md", rule)
    _write(tmp_path / "envs" / "tools" / "pyvenv.cfg", "home = /usr/bin\n")
    _write(tmp_path / "envs" / "tools" / "lib" / "python3.12" / "pkgs" / "somepkg" / "CLAUDE.md", rule)
    _write(tmp_path / "proj" / "third_party" / "parser" / "AGENTS.md", rule)
    _write(tmp_path / "proj" / ".cache" / "thing" / "CLAUDE.md", rule)
    mine = _write(tmp_path / "proj" / "AGENTS.md", "- My rule.\n")
    ignored: dict[str, int] = {}
    units = discover_instructions([tmp_path], [], ignored)
    assert [u.path for u in units] == [mine]
    assert ignored["vendored_instructions"] == 4


def test_a_third_party_checkout_gives_no_rules_when_the_person_is_known(tmp_path: Path) -> None:
    """A cloned project whose commits are all someone else's holds their rules, not the person's."""
    theirs, mine = tmp_path / "code" / "oss-lib", tmp_path / "code" / "my-app"
    for repo, rule in ((theirs, "- Sign every commit with DCO.\n"), (mine, "- Prefer small PRs.\n")):
        repo.mkdir(parents=True)
        _git(repo, "init", "-q")
        _write(repo / "AGENTS.md", rule)
        _git(repo, "add", "AGENTS.md")
        _git(repo, "commit", "-q", "-m", "init")  # by t@example.com
    units = {u.key: u for u in discover_instructions([tmp_path], [], {})}
    read = {k: read_instructions(u, author_emails=["pat@example.org"]) for k, u in units.items()}
    assert all(r.turns == [] and r.stats.skips == {"not_your_repository": 1} for r in read.values())
    read = {k: read_instructions(u, author_emails=["T@example.com"]) for k, u in units.items()}  # both are "t"'s
    kept = sorted(t.text for r in read.values() for t in r.turns)
    assert kept == ["Prefer small PRs.", "Sign every commit with DCO."]
    no_emails = {k: read_instructions(u) for k, u in units.items()}  # nobody configured: cannot tell, read
    assert all(r.turns for r in no_emails.values())
