"""Compiling facet rules into PERSONA.md and persona.json (deterministic, no LLM).

Only current, established rules with enough support enter the pack; sections follow the fixed
facet order with per-facet token budgets inside a total budget; nothing is padded, so a small
history gives a small pack. Every bullet maps to its evidence ids in persona.json.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel

from persona_pipeline.persona.digest.models import Facet, Rule

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
    if facet is Facet.DIRECTIVES:
        # grouped by scope: global first, then rules shared by several repositories, then each
        # repository's; inside a scope in file order (a directive's time is its file's mtime with
        # its ordinal in the file, `sources/instructions._iso`): the person's words, unranked
        return sorted(rules, key=lambda r: (_scope_rank(r), scope_of(r), r.first_seen or "", r.statement))
    return sorted(rules, key=lambda r: (-r.score, r.statement))


def _scope_rank(rule: Rule) -> int:
    scope = scope_of(rule)
    return 0 if scope == "global" else 1 if len(rule.projects) > 1 else 2


# The line that stands for the directives of a scope left out for the budget: the agent loads
# those files in that repository (or everywhere, for global files) anyway. `missing_directives`
# reads it back, so a directive is never dropped silently.
_REFERENCE = "- _By reference: {n} more {rules} in the instruction files of `{scope}` (loaded by the agent there)_"
_REFERENCE_LINE = re.compile(r"^- _By reference: (\d+) more rules? in the instruction files of `([^`\n]+)`", re.M)


def _reference(scope: str, n: int) -> str:
    return _REFERENCE.format(n=n, rules="rule" if n == 1 else "rules", scope=scope)


def _directive_body(rules: list[Rule], budget: int) -> tuple[list[str], list[Rule], int]:
    """(markdown pieces, rules written verbatim, tokens) of the directives section within
    `budget`. Global and cross-repository scopes come first and take what they need; the
    repositories share the rest evenly (one needing less leaves its share to the others). A scope
    writes its rules verbatim, in order, while they fit, and names the rest by one reference line;
    every scope keeps room for its heading and that line."""
    scopes: dict[str, list[Rule]] = {}
    for r in _ordered(Facet.DIRECTIVES, rules):
        scopes.setdefault(scope_of(r), []).append(r)
    names = list(scopes)

    def heading(i: int) -> str:
        return f"\n### {names[i]}\n" if i else f"### {names[i]}\n"

    def floor(i: int) -> int:  # the least a scope can cost: its heading and a reference line
        return estimate_tokens(heading(i)) + 1 + estimate_tokens(_reference(names[i], len(scopes[names[i]]))) + 1

    def full(i: int) -> int:
        return (
            estimate_tokens(heading(i)) + 1 + sum(estimate_tokens(_bullet(r.statement)) + 1 for r in scopes[names[i]])
        )

    shared = [i for i, name in enumerate(names) if _scope_rank(scopes[name][0]) < 2]
    repos = [i for i in range(len(names)) if i not in shared]
    rooms: dict[int, int] = {}
    left = budget - sum(floor(i) for i in repos)
    for i in shared:  # first come, first served, each later one keeping its floor
        rooms[i] = max(floor(i), min(full(i), left - sum(floor(j) for j in shared if j > i)))
        left -= rooms[i]
    left += sum(floor(i) for i in repos)
    for n, i in enumerate(sorted(repos, key=full)):  # water-filling: the smallest needs first
        rooms[i] = max(floor(i), min(full(i), left // (len(repos) - n)))
        left -= rooms[i]
    body: list[str] = []
    kept: list[Rule] = []
    used = 0
    for i, name in enumerate(names):
        cost = estimate_tokens(heading(i)) + 1
        lines: list[str] = []
        rest: list[Rule] = []
        fits_whole = full(i) <= rooms[i]
        for k, r in enumerate(scopes[name]):
            line = _bullet(r.statement)
            step = estimate_tokens(line) + 1
            after = len(scopes[name]) - k - 1
            reserve = estimate_tokens(_reference(name, after)) + 1 if after and not fits_whole else 0
            if cost + step + reserve > rooms[i]:
                rest = scopes[name][k:]
                break
            cost += step
            lines.append(line)
            kept.append(r)
        if rest:
            ref = _reference(name, len(rest))
            cost += estimate_tokens(ref) + 1
            lines.append(ref)
        body.append("\n".join([heading(i), *lines]))
        used += cost
    return body, kept, used


def _bullet(statement: str) -> str:
    """A Markdown bullet; a multi-line directive keeps its lines (nested bullets) indented under it."""
    first, *rest = statement.splitlines() or [""]
    return "\n".join([f"- {first}", *(f"  {line}" if line.strip() else "" for line in rest)])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _to_bullet(n: int, facet: Facet, r: Rule) -> Bullet:
    return Bullet(
        n=n,
        section=facet,
        text=r.statement,
        rule_id=r.rule_id,
        evidence_ids=r.evidence_ids,
        support_sessions=r.support_sessions,
        support_projects=r.support_projects,
    )


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
        if facet is Facet.DIRECTIVES:  # never cut silently: what does not fit is named by reference
            room = min(budget, total_budget - used) - section_tokens
            body, kept, cost = _directive_body(section_rules, room)
            section_tokens += cost
            for r in kept:
                bullets.append(_to_bullet(len(bullets) + 1, facet, r))
        else:
            for r in _ordered(facet, section_rules):
                line = _bullet(r.statement)
                cost = estimate_tokens(line) + 1
                if section_tokens + cost > budget or used + section_tokens + cost > total_budget:
                    break
                section_tokens += cost
                bullets.append(_to_bullet(len(bullets) + 1, facet, r))
                body.append(line)
        if body:
            lines.extend([*head, *body, ""])
            used += section_tokens
    markdown = "\n".join(lines).rstrip() + "\n"
    return Pack(markdown=markdown, bullets=bullets, tokens=estimate_tokens(markdown), rules_considered=len(rules))


def missing_directives(markdown: str, directives: Sequence[str | tuple[str, str]]) -> list[str]:
    """Directives neither in the pack as written (each line, in order, as one bullet) nor counted
    by a reference line of their project. A directive is a text, or (text, project): only the
    latter can be covered by reference, and a project's reference lines cover at most as many
    distinct rules as they say. Texts that are no rule (`instructions.not_a_rule`) are not asked for."""
    from persona_pipeline.core.sources.instructions import not_a_rule

    allowance: dict[str, int] = {}
    for n, scope in _REFERENCE_LINE.findall(markdown):
        for project in scope.split(", "):
            allowance[project] = allowance.get(project, 0) + int(n)
    missing: dict[str, set[str]] = {}  # project ("" for a bare text) -> texts not in the pack
    for d in directives:
        text, project = (d, "") if isinstance(d, str) else d
        if text.strip() and not_a_rule(text) is None and _bullet(text) not in markdown:
            missing.setdefault(project, set()).add(text)
    out: set[str] = set()
    for project, texts in missing.items():
        distinct = {" ".join(t.split()).casefold() for t in texts}
        if not project or len(distinct) > allowance.get(project, 0):
            out |= texts
    return sorted(out)


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
