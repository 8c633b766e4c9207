"""Instruction files and git history through `persona run`: directives reach the pack verbatim
and grouped by scope, commit conventions become rules, agents' commits are left out, and an
edited or removed rule disappears on the next run."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest

from persona_pipeline.persona.digest.commit_style import CONVENTIONAL
from persona_pipeline_tests.builders import OTHER, Builder
from persona_pipeline_tests.conftest import cli, last_json

AGENTS_MD = """# ledgerly

Rules for this repo:

- Run the tests with `uv run pytest`.
- Money is stored as integer cents.
  - never floats, not even in tests
- Never edit a migration that has shipped.

```sh
uv run pytest -q
```
"""
CLAUDE_MD = """---
description: tidewatch
---
## Conventions
- Run the tests with `uv run pytest`.
- Store every timestamp in UTC.
"""
GLOBAL_MD = "- Answer tersely, with no preamble.\n"


RECENT = 1_789_000_000  # 2026-09-10, days before the transcripts' sessions (2026-09-14 on)


def _conventional_history(b: Builder, n: int) -> None:
    for i in range(n):
        b.commit(f"feat: add step {i}\n\nThe importer needs step {i} so that totals reconcile.")


@pytest.fixture
def setup(cli_env, tmp_path, monkeypatch) -> tuple[dict[str, str], Path]:
    for role in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{role}_NAME", "Pat Dev")
        monkeypatch.setenv(f"GIT_{role}_EMAIL", "pat@example.com")
    code = tmp_path / "code"
    # committed in the weeks of the transcripts: conventions three years older would be stale
    ledgerly = Builder(code / "ledgerly", start=RECENT)
    ledgerly.commit("chore: add agent notes", {"AGENTS.md": AGENTS_MD})
    _conventional_history(ledgerly, 7)
    for i in range(3):  # an agent's commits in another style: never the person's evidence
        ledgerly.commit(f"Updated the importer to handle case {i}\n\nCo-Authored-By: Claude <noreply@anthropic.com>")
    ledgerly.commit("Tweak their module", author=OTHER)
    tidewatch = Builder(code / "tidewatch", start=RECENT)
    tidewatch.commit("docs: add CLAUDE.md", {"CLAUDE.md": CLAUDE_MD})
    _conventional_history(tidewatch, 6)
    home = tmp_path / "home" / ".claude"
    home.mkdir(parents=True)
    (home / "CLAUDE.md").write_text(GLOBAL_MD)
    env = {
        **cli_env,
        "PERSONA_GIT_ROOTS": str(code),
        "PERSONA_AUTHOR_EMAILS": "pat@example.com",
        "PERSONA_INSTRUCTION_FILES": str(home / "CLAUDE.md"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": str(tmp_path / "gitconfig"),
    }
    return env, code


def _pack(tmp_path: Path) -> tuple[str, list[dict]]:
    out = tmp_path / "data" / "persona"
    return (out / "PERSONA.md").read_text(), json.loads((out / "persona.json").read_text())["bullets"]


def test_directives_and_commit_rules_reach_the_pack_and_follow_edits(setup, tmp_path) -> None:
    env, code = setup
    first = last_json(**vars_of(cli(env, "run", "--json")))
    assert first["units_seen"] == 10 + 3 + 2  # transcripts, instruction files, repositories
    md, bullets = _pack(tmp_path)

    def part(heading: str) -> str:
        return md.split(heading + "\n", 1)[1].split("\n## ", 1)[0]

    # global directives in the global part, a repository's in its own part after it; verbatim,
    # nested continuation kept; a rule two repositories share is said once, in their common part
    glob, ledgerly, shared = part("## Directives"), part("## Only in ledgerly"), part("## Only in ledgerly, tidewatch")
    assert md.index("## Directives") < md.index("## Only in ledgerly")
    assert "- Answer tersely, with no preamble." in glob
    assert "- Money is stored as integer cents.\n  - never floats, not even in tests" in ledgerly
    assert "Money is stored" not in glob
    assert md.count("Run the tests with `uv run pytest`.") == 1
    assert "### Directives\n- Run the tests with `uv run pytest`." in shared
    for dropped in ("Rules for this repo", "uv run pytest -q", "description:", "Conventions"):
        assert all(dropped not in p for p in (glob, ledgerly, shared))
    # commit conventions of two repositories support a workflow rule of their own (a convention
    # counted from commits neither joins nor renames what the prompts said); the agent's style
    # never appears
    assert "Updated the importer" not in md
    with duckdb.connect(str(tmp_path / "data" / "warehouse.duckdb"), read_only=True) as con:
        skips = dict(con.execute("SELECT reason, count FROM skips WHERE unit_key = 'git/ledgerly'").fetchall())
        assert skips["agent_commit"] == 3 and skips["other_author"] == 1
        assert con.execute("SELECT count(*) FROM evidence WHERE excerpt LIKE '%Updated the importer%'").fetchone() == (
            0,
        )
        source_of = dict(con.execute("SELECT evidence_id, unit_key FROM evidence").fetchall())
        conv_units = {
            r[0]
            for r in con.execute("SELECT unit_key FROM observations WHERE statement = ?", [CONVENTIONAL]).fetchall()
        }
        conv_rules = {
            r[0]
            for r in con.execute(
                """SELECT DISTINCT rule_id FROM facet_rules, unnest(observation_ids) AS o(id)
                   WHERE o.id IN (SELECT observation_id FROM observations WHERE statement = ?)""",
                [CONVENTIONAL],
            ).fetchall()
        }
    assert conv_units == {"git/ledgerly", "git/tidewatch"}
    commit_bullets = [
        b for b in bullets if {"git/ledgerly", "git/tidewatch"} <= {source_of.get(e) for e in b["evidence_ids"]}
    ]
    assert commit_bullets and all(b["section"] == "workflow" for b in commit_bullets)
    assert {b["rule_id"] for b in commit_bullets} & conv_rules

    # nothing changed: nothing read, nothing digested
    again = last_json(**vars_of(cli(env, "run", "--json")))
    assert again["units_processed"] == 0

    # one rule removed from one file: only that file is re-read, and the rule leaves the pack
    agents = code / "ledgerly" / "AGENTS.md"
    agents.write_text(AGENTS_MD.replace("- Never edit a migration that has shipped.\n", ""))
    edited = last_json(**vars_of(cli(env, "run", "--json")))
    assert edited["units_processed"] == 1
    md, _ = _pack(tmp_path)
    assert "Never edit a migration" not in md and "Money is stored as integer cents." in md

    # every instruction file gone: no stale directive survives
    agents.unlink()
    (code / "tidewatch" / "CLAUDE.md").unlink()
    (tmp_path / "home" / ".claude" / "CLAUDE.md").write_text("")
    last_json(**vars_of(cli(env, "run", "--json")))
    md, bullets = _pack(tmp_path)
    assert "## Directives" not in md and not [b for b in bullets if b["section"] == "directives"]


def vars_of(proc) -> dict:
    return {"stdout": proc.stdout, "returncode": proc.returncode, "stderr": proc.stderr}
