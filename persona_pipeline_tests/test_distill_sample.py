"""Offline distillation end to end on the sample corpus: pack structure, budgets, citations,
recall of the known preferences, no task requests, compile-only re-materialisation."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from persona_pipeline.orchestration.defs.resources import project_resources
from persona_pipeline.persona.digest.models import Facet
from persona_pipeline.persona.fold import Rule
from persona_pipeline.persona.pack import TOTAL_BUDGET_TOKENS, compile_pack
from persona_pipeline_tests.test_cli_run import _run, _summary

# Each known preference of the sample's ground truth, as the words a correct bullet must contain.
KNOWN = {
    "polars": ("polars",),
    "pathlib": ("pathlib",),
    "type_hints": ("type hints",),
    "uv": ("uv",),
    "terse": ("tersely",),
    "logging_not_print": ("print",),
    "pytest_fixtures": ("fixtures",),
    "real_duckdb": ("duckdb",),
    "ruff_before_commit": ("ruff",),
    "tests_before_done": ("tests",),
    "small_conventional_commits": ("conventional",),
}
TASK_WORDS = (
    "csv export",
    "test_ledger",
    "dst",
    "totals row",
    "migration",
    "runbook",
    "noaa",
    "bom",
    "decimal",
    "amount_cents",
    "--since",
    "summarizer",
    "error messages",
)


@pytest.fixture
def env(cli_env: dict[str, str]) -> dict[str, str]:
    return cli_env


def test_offline_pack_on_sample(env, tmp_path, ground_truth) -> None:
    s = _summary(_run(env, "--json"))
    for field in (
        "observations",
        "rules",
        "llm_calls",
        "cache_hits",
        "prompt_tokens",
        "completion_tokens",
        "cost_usd",
        "pack_path",
        "pack_tokens",
    ):
        assert field in s
    assert s["llm_calls"] == 0 and s["cost_usd"] == 0 and s["observations"] > 0
    md = Path(s["pack_path"]).read_text()
    pack = json.loads((Path(s["pack_path"]).parent / "persona.json").read_text())
    # structure: fixed section order, a strength line per section, within budget
    # the global part, then a part per project for what was said only there (facets in order in each)
    order = ["Directives", "Communication", "Coding style", "Stack", "Workflow", "Environment", "Anti-preferences"]
    parts = re.split(r"^## Only in .+$", md, flags=re.M)
    titles = re.findall(r"^## (.+)$", parts[0], re.M)
    assert titles == [t for t in order if t in titles] and len(titles) >= 3
    assert len(re.findall(r"^_from \d+ observations across \d+ projects?_$", md, re.M)) == len(titles)
    for part in parts[1:]:
        sub = re.findall(r"^### (.+)$", part, re.M)
        assert sub and sub == [t for t in order if t in sub]
    assert re.findall(r"^## Only in (.+)$", md, re.M) == sorted(pack["projects"])
    assert 0 < s["pack_tokens"] <= TOTAL_BUDGET_TOKENS
    bullets = re.findall(r"^- (.+)$", md, re.M)
    assert bullets == [b["text"] for b in pack["bullets"]]
    # every bullet is cited, and its evidence rows contain the quotes it came from
    import duckdb

    con = duckdb.connect(str(tmp_path / "data" / "warehouse.duckdb"), read_only=True)
    try:
        for b in pack["bullets"]:
            assert b["evidence_ids"]
            rows = con.execute(
                "SELECT excerpt FROM evidence WHERE evidence_id IN (SELECT unnest(?))", [b["evidence_ids"]]
            ).fetchall()
            assert len(rows) == len(b["evidence_ids"])
            quotes = con.execute("SELECT quotes FROM facet_rules WHERE rule_id = ?", [b["rule_id"]]).fetchone()[0]
            for q in quotes:
                assert any(q.casefold() in " ".join(r[0].split()).casefold() or q in r[0] for r in rows)
    finally:
        con.close()
    # recall of known preferences; no bullet about a one-off task; nothing planted
    text = md.lower()
    recalled = [k for k, words in KNOWN.items() if all(w in " ".join(bullets).lower() for w in words)]
    assert len(recalled) >= 9, recalled
    assert not [b for b in bullets if any(w in b.lower() for w in TASK_WORDS)]
    from persona_pipeline_tests.conftest import planted_values

    assert not [v for v in planted_values(ground_truth) if v.lower() in text]


def test_compile_only_rematerialises_from_stored_rules(env, tmp_path) -> None:
    _summary(_run(env, "--json"))
    pack_md = tmp_path / "data" / "persona" / "PERSONA.md"
    before = pack_md.read_text()
    pack_md.unlink()
    import dagster as dg

    from persona_pipeline.orchestration.defs.distill_assets import persona_pack

    os.environ.update(
        PERSONA_DATA_DIR=env["PERSONA_DATA_DIR"],
        PERSONA_CLAUDE_DIRS=env["PERSONA_CLAUDE_DIRS"],
        PERSONA_CODEX_DIRS=env["PERSONA_CODEX_DIRS"],
    )
    try:
        result = dg.materialize([persona_pack], resources=project_resources(), instance=dg.DagsterInstance.ephemeral())
    finally:
        for k in ("PERSONA_DATA_DIR", "PERSONA_CLAUDE_DIRS", "PERSONA_CODEX_DIRS"):
            os.environ.pop(k, None)
    assert result.success
    assert pack_md.read_text() == before  # deterministic, from the stored trees alone


def test_pack_budgets_are_enforced_and_never_padded() -> None:
    def rule(i: int, facet: Facet) -> Rule:
        return Rule(
            rule_id=f"r{i}",
            facet=facet,
            statement=f"Rule number {i} " + "word " * 30,
            tier="T2",
            support_observations=2,
            support_sessions=2,
            support_projects=1,
            projects=["p"],
            score=1.4,
            first_seen=None,
            last_seen=None,
            observation_ids=[f"o{i}"],
            evidence_ids=[f"e{i}"],
            quotes=["q"],
        )

    big = [rule(i, Facet.WORKFLOW) for i in range(2000)]
    pack = compile_pack(big)
    assert pack.tokens <= TOTAL_BUDGET_TOKENS and 0 < len(pack.bullets) < 2000
    small = compile_pack([rule(1, Facet.STACK)])
    assert len(small.bullets) == 1 and small.tokens < 200
    single = rule(2, Facet.STACK).model_copy(update={"support_sessions": 1})
    assert compile_pack([single]).bullets == []  # stated in one session only: not a persona rule
