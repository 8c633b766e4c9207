"""Compiling facet rules into PERSONA.md and persona.json (deterministic, no LLM).

Only current, established rules with enough support enter the pack; sections follow the fixed
facet order with per-facet token budgets inside a total budget; nothing is padded, so a small
history gives a small pack. Every bullet maps to its evidence ids in persona.json.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel

from persona_pipeline.digests.models import Facet
from persona_pipeline.trees.fold import Rule

TOTAL_BUDGET_TOKENS = 10_000
# Share of the total budget per facet; directives are protected (taken first, never trimmed
# for another section).
FACET_BUDGET_SHARE = {
    Facet.DIRECTIVES: 0.30,
    Facet.COMMUNICATION: 0.12,
    Facet.CODING_STYLE: 0.14,
    Facet.STACK: 0.12,
    Facet.WORKFLOW: 0.14,
    Facet.ENVIRONMENT: 0.08,
    Facet.ANTI_PREFERENCES: 0.10,
}
MIN_SESSIONS = 2  # a preference stated in one session only is a guess, not a persona rule
TITLES = {
    Facet.DIRECTIVES: "Directives",
    Facet.COMMUNICATION: "Communication",
    Facet.CODING_STYLE: "Coding style",
    Facet.STACK: "Stack",
    Facet.WORKFLOW: "Workflow",
    Facet.ENVIRONMENT: "Environment",
    Facet.ANTI_PREFERENCES: "Anti-preferences",
}
ASKS = {
    Facet.DIRECTIVES: "Which standing instructions has this person written down for agents?",
    Facet.COMMUNICATION: "How does this person want an agent to talk to them?",
    Facet.CODING_STYLE: "How does this person want code written?",
    Facet.STACK: "Which tools, languages and libraries does this person choose?",
    Facet.WORKFLOW: "How does this person want work tested, committed and delivered?",
    Facet.ENVIRONMENT: "What does this person's machine and environment look like?",
    Facet.ANTI_PREFERENCES: "What must an agent never do for this person?",
}


def estimate_tokens(text: str) -> int:
    """~4 characters per token for English prose and code (no tokenizer dependency)."""
    return (len(text) + 3) // 4


class Bullet(BaseModel):
    n: int
    section: Facet
    text: str
    rule_id: str
    evidence_ids: list[str]
    support_sessions: int
    support_projects: int


class Pack(BaseModel):
    markdown: str
    bullets: list[Bullet]
    tokens: int
    rules_considered: int


def eligible(rule: Rule) -> bool:
    if rule.superseded_by is not None or not rule.established:
        return False
    return rule.facet is Facet.DIRECTIVES or rule.support_sessions >= MIN_SESSIONS


def scope_of(rule: Rule) -> str:
    """Where a directive applies: everywhere when any copy is global, else its repositories."""
    return "global" if "global" in rule.projects or not rule.projects else ", ".join(rule.projects)


def _ordered(facet: Facet, rules: list[Rule]) -> list[Rule]:
    if facet is Facet.DIRECTIVES:  # grouped by scope, global first; the person's words, unranked
        return sorted(rules, key=lambda r: (scope_of(r) != "global", scope_of(r), r.statement))
    return sorted(rules, key=lambda r: (-r.score, r.statement))


def _bullet(statement: str) -> str:
    """A Markdown bullet; a multi-line directive keeps its lines (nested bullets) indented under it."""
    first, *rest = statement.splitlines() or [""]
    return "\n".join([f"- {first}", *(f"  {line}" if line.strip() else "" for line in rest)])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def compile_pack(rules: Sequence[Rule], total_budget: int = TOTAL_BUDGET_TOKENS) -> Pack:
    chosen = [r for r in rules if eligible(r)]
    n_obs = sum(r.support_observations for r in chosen)
    lines = [
        "# Persona",
        "",
        "How I work with coding agents, compiled by persona_pipeline from my own prompts, corrections, "
        "instruction files and commits.",
        f"{len(chosen)} rules from {n_obs} observations; each line is traced to its evidence in "
        "persona.json (`persona explain <n>`).",
        "",
    ]
    used = estimate_tokens("\n".join(lines))
    bullets: list[Bullet] = []
    for facet in Facet:
        section_rules = [r for r in chosen if r.facet is facet]
        if not section_rules:
            continue
        budget = int(total_budget * FACET_BUDGET_SHARE[facet])
        observations = sum(r.support_observations for r in section_rules)
        projects = len({p for r in section_rules for p in r.projects})
        origin = (
            f"_verbatim from the instruction files of {_plural(projects, 'scope')}_"
            if facet is Facet.DIRECTIVES
            else f"_from {observations} observations across {_plural(projects, 'project')}_"
        )
        head = [f"## {TITLES[facet]}", origin, ""]
        section_tokens = estimate_tokens("\n".join(head))
        body: list[str] = []
        scope = None
        for r in _ordered(facet, section_rules):
            line = _bullet(r.statement)
            if facet is Facet.DIRECTIVES and scope_of(r) != scope:
                scope = scope_of(r)
                line = f"\n### {scope}\n\n{line}" if body else f"### {scope}\n\n{line}"
            cost = estimate_tokens(line) + 1
            if section_tokens + cost > budget or used + section_tokens + cost > total_budget:
                break
            section_tokens += cost
            bullets.append(
                Bullet(
                    n=len(bullets) + 1,
                    section=facet,
                    text=r.statement,
                    rule_id=r.rule_id,
                    evidence_ids=r.evidence_ids,
                    support_sessions=r.support_sessions,
                    support_projects=r.support_projects,
                )
            )
            body.append(line)
        if body:
            lines.extend([*head, *body, ""])
            used += section_tokens
    markdown = "\n".join(lines).rstrip() + "\n"
    return Pack(markdown=markdown, bullets=bullets, tokens=estimate_tokens(markdown), rules_considered=len(rules))


def missing_directives(markdown: str, directives: Sequence[str]) -> list[str]:
    """Directives whose text is not in the pack as written (each line, in order, as one bullet)."""
    return sorted({d for d in directives if d.strip() and _bullet(d) not in markdown})


def write_pack(pack: Pack, out_dir: Path) -> tuple[Path, Path]:
    """Atomic writes: a reader never sees a half-written pack."""
    out_dir.mkdir(parents=True, exist_ok=True)
    md, js = out_dir / "PERSONA.md", out_dir / "persona.json"
    payload = {"tokens": pack.tokens, "bullets": [b.model_dump(mode="json") for b in pack.bullets]}
    for path, content in ((md, pack.markdown), (js, json.dumps(payload, indent=2) + "\n")):
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(content, encoding="utf-8")
        tmp.replace(path)
    return md, js
