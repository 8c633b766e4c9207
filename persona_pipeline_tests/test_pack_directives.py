"""The pack never drops directives silently (issue 16): in file order, global and cross-repository
rules first; what exceeds the budget is named per repository by reference, and
`missing_directives` (the `pack_has_every_directive` check) agrees."""

from __future__ import annotations

from persona_pipeline.persona.digest.models import Facet
from persona_pipeline.persona.fold import Rule
from persona_pipeline.persona.pack import FACET_BUDGET_SHARE, TOTAL_BUDGET_TOKENS, compile_pack, missing_directives


def _directive(i: int, projects: list[str], words: int = 12, stamp: int | None = None) -> Rule:
    n = i if stamp is None else stamp
    return Rule(
        rule_id=f"d{i}",
        facet=Facet.DIRECTIVES,
        statement=f"Rule {i:04d}: " + " ".join(f"word{j}" for j in range(words)),
        tier="T0",
        support_observations=len(projects),
        support_sessions=len(projects),
        support_projects=len(projects),
        projects=projects,
        score=1.0,
        first_seen=f"2026-01-01T00:00:00.{n:06d}Z",
        last_seen=None,
        observation_ids=[f"o{i}"],
        evidence_ids=[f"e{i}"],
        quotes=["q"],
    )


def _pairs(rules: list[Rule]) -> list[tuple[str, str]]:
    return [(r.statement, p) for r in rules for p in r.projects]


def test_directives_keep_file_order_not_alphabetical_order() -> None:
    rules = [_directive(3, ["api"], stamp=1), _directive(1, ["api"], stamp=2), _directive(2, ["api"], stamp=3)]
    md = compile_pack(rules).markdown
    assert md.index("Rule 0003") < md.index("Rule 0001") < md.index("Rule 0002")


def test_overflow_keeps_global_and_shared_rules_and_names_the_rest_by_reference() -> None:
    glob = [_directive(i, ["global"]) for i in range(10)]
    shared = [_directive(100 + i, ["api", "web"]) for i in range(5)]
    per_repo = [_directive(1000 + i, ["api"]) for i in range(300)] + [_directive(2000 + i, ["web"]) for i in range(300)]
    rules = glob + shared + per_repo
    pack = compile_pack(rules)
    md = pack.markdown
    assert pack.tokens <= TOTAL_BUDGET_TOKENS
    # every directive line, in all parts, stays within the directives' share
    directive_lines = [
        line for line in md.splitlines() if line.startswith("- Rule ") or line.startswith("- _By reference")
    ]
    assert sum(len(x) + 1 for x in directive_lines) // 4 <= TOTAL_BUDGET_TOKENS * FACET_BUDGET_SHARE[Facet.DIRECTIVES]
    kept = {b.text for b in pack.bullets}
    assert all(r.statement in kept for r in glob + shared)  # global and cross-repository first
    # global directives in the global part; then the shared scope's part, then each repository's
    assert md.index("## Directives") < md.index("## Only in api, web") < md.index("## Only in api\n")
    assert md.index("## Only in api\n") < md.index("## Only in web\n")
    assert {b.scope for b in pack.bullets} == {"global", "api, web", "api", "web"}
    assert "## Only in" not in pack.global_markdown and "Rule 0000" in pack.global_markdown
    assert "Rule 1000" in pack.project_markdown["api"] and "Rule 0100" in pack.project_markdown["api"]
    assert "Rule 2000" not in pack.project_markdown["api"] and "Rule 0000" not in pack.project_markdown["api"]
    refs = [line for line in md.splitlines() if line.startswith("- _By reference:")]
    assert len(refs) == 2 and "`api`" in refs[0] and "`web`" in refs[1]
    n_api = sum(1 for r in per_repo if "api" in r.projects and r.statement not in kept)
    n_web = sum(1 for r in per_repo if "web" in r.projects and r.statement not in kept)
    assert f"{n_api} more rules" in refs[0] and f"{n_web} more rules" in refs[1]
    assert abs(n_api - n_web) <= 2 and n_api < 300  # the repositories share the room evenly
    assert missing_directives(md, _pairs(rules)) == []  # nothing dropped silently


def test_a_directive_beyond_what_the_reference_counts_is_missing() -> None:
    rules = [_directive(i, ["global"]) for i in range(5)] + [_directive(1000 + i, ["api"]) for i in range(400)]
    md = compile_pack(rules).markdown
    extra = ("Never edit a shipped migration.", "api")
    missing = missing_directives(md, [*_pairs(rules), extra])
    assert "Never edit a shipped migration." in missing  # the check fails (it lists the project's overflow)
    # a bare text (no project) is never covered by a reference line
    assert missing_directives(md, [rules[-1].statement]) == [rules[-1].statement]


def test_everything_fits_no_reference_line() -> None:
    rules = [_directive(i, ["api"]) for i in range(5)]
    md = compile_pack(rules).markdown
    assert "By reference" not in md and missing_directives(md, _pairs(rules)) == []


def test_descriptions_are_not_asked_for() -> None:
    md = compile_pack([_directive(1, ["api"])]).markdown
    assert missing_directives(md, [("driftctl is a Go CLI tool to detect drift.", "api")]) == []
