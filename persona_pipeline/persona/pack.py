"""Compiling facet rules into PERSONA.md and persona.json (deterministic, no LLM).

Only current, established rules with enough support enter the pack; sections follow the fixed
facet order with per-facet token budgets inside a total budget; nothing is padded, so a small
history gives a small pack. Every bullet maps to its evidence ids in persona.json.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from persona_pipeline.persona.digest.models import Facet, Rule
from persona_pipeline.persona.freshness import MIN_SESSIONS, support_by_month
from persona_pipeline.persona.review.models import State
from persona_pipeline.persona.scope import GLOBAL, projects_of, scope_rank
from persona_pipeline.persona.selection import Candidate, PackOptions, Selection, select, supported

__all__ = ["MIN_SESSIONS", "Bullet", "Pack", "PackOptions", "compile_pack", "missing_directives", "write_pack"]

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
    scope: str = GLOBAL  # "global", or the project(s) it is confined to (`persona.scope`)
    review: str = State.NEW.value  # directive | new | returned | accepted (`review.models.State`)
    pinned: bool = False
    statement: str | None = None  # the rule's own wording, when the person edited it
    first_seen: str | None = None
    last_seen: str | None = None
    weight: float = 0.0  # the score decayed to the corpus clock (`persona.freshness`)
    support_by_month: dict[str, int] = Field(default_factory=dict)


class Pack(BaseModel):
    markdown: str
    bullets: list[Bullet]
    tokens: int
    rules_considered: int
    global_markdown: str = ""  # the global part alone
    project_markdown: dict[str, str] = Field(default_factory=dict)  # project -> its parts alone
    report: dict[str, Any] = Field(default_factory=dict)  # persona.json beyond the bullets


def eligible(rule: Rule) -> bool:
    return supported(rule)


def _cost(line: str) -> int:
    return estimate_tokens(line) + 1


def _lines_cost(lines: Sequence[str]) -> int:
    return sum(_cost(x) for x in lines)


# The line that stands for the directives of a scope left out for the budget: the agent loads
# those files in that repository (or everywhere, for global files) anyway. `missing_directives`
# reads it back, so a directive is never dropped silently.
_REFERENCE = "- _By reference: {n} more {rules} in the instruction files of `{scope}` (loaded by the agent there)_"
_REFERENCE_LINE = re.compile(r"^- _By reference: (\d+) more rules? in the instruction files of `([^`\n]+)`", re.M)


def _reference(scope: str, n: int) -> str:
    return _REFERENCE.format(n=n, rules="rule" if n == 1 else "rules", scope=scope)


def _part_head(scope: str) -> list[str]:
    """The heading of a part confined to some repositories (none for the global part)."""
    if scope == GLOBAL:
        return []
    where = " or ".join(f"`{p}`" for p in projects_of(scope))
    return [f"## Only in {scope}", f"_said or written only while working in {where}: apply there, not elsewhere_", ""]


def _facet_head(scope: str, facet: Facet, observations: int = 99_999, projects: int = 999) -> list[str]:
    if scope != GLOBAL:
        return [f"### {TITLES[facet]}"]
    if facet is Facet.DIRECTIVES:
        return [f"## {TITLES[facet]}", "_verbatim from my global instruction files_", ""]
    return [f"## {TITLES[facet]}", f"_from {observations} observations across {_plural(projects, 'project')}_", ""]


def _fit_directives(
    scopes: dict[str, list[Rule]], budget: int, head_cost: Callable[[str], int]
) -> tuple[dict[str, tuple[list[Rule], int]], int]:
    """Per scope, (directives written verbatim, how many are named by reference), and the tokens
    used, within `budget`. Global and cross-repository scopes come first and take what they need;
    the repositories share the rest evenly (one needing less leaves its share to the others). A
    scope writes its rules verbatim, in order, while they fit, and names the rest by one reference
    line; every scope keeps room for its heading and that line."""
    names = list(scopes)

    def floor(name: str) -> int:  # the least a scope can cost: its heading and a reference line
        return head_cost(name) + _cost(_reference(name, len(scopes[name])))

    def full(name: str) -> int:
        return head_cost(name) + sum(_cost(_bullet(r.statement)) for r in scopes[name])

    shared = [n for n in names if scope_rank(n)[0] < 2]
    repos = [n for n in names if n not in shared]
    rooms: dict[str, int] = {}
    left = budget - sum(floor(n) for n in repos)
    for i, n in enumerate(shared):  # first come, first served, each later one keeping its floor
        rooms[n] = max(floor(n), min(full(n), left - sum(floor(m) for m in shared[i + 1 :])))
        left -= rooms[n]
    left += sum(floor(n) for n in repos)
    for k, n in enumerate(sorted(repos, key=full)):  # water-filling: the smallest needs first
        rooms[n] = max(floor(n), min(full(n), left // (len(repos) - k)))
        left -= rooms[n]
    out: dict[str, tuple[list[Rule], int]] = {}
    used = 0
    for n in names:
        cost, kept, rest = head_cost(n), [], 0
        fits_whole = full(n) <= rooms[n]
        for k, r in enumerate(scopes[n]):
            step = _cost(_bullet(r.statement))
            after = len(scopes[n]) - k - 1
            reserve = _cost(_reference(n, after)) if after and not fits_whole else 0
            if cost + step + reserve > rooms[n]:
                rest = len(scopes[n]) - k
                break
            cost += step
            kept.append(r)
        if rest:
            cost += _cost(_reference(n, rest))
        out[n] = (kept, rest)
        used += cost
    return out, used


def _bullet(statement: str) -> str:
    """A Markdown bullet; a multi-line directive keeps its lines (nested bullets) indented under it."""
    first, *rest = statement.splitlines() or [""]
    return "\n".join([f"- {first}", *(f"  {line}" if line.strip() else "" for line in rest)])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _intro(rules: int, observations: int, scoped: bool) -> list[str]:
    lines = [
        "# Persona",
        "",
        "How I work with coding agents, compiled by persona_pipeline from my own prompts, corrections, "
        "instruction files and commits.",
        f"{rules} rules from {observations} observations; each line is traced to its evidence in "
        "persona.json (`persona explain <n>`).",
    ]
    if scoped:
        lines.append(
            'A part headed "Only in <project>" holds what I said only in that repository: follow it there, '
            "never as a general habit."
        )
    return [*lines, ""]


class _Placed(BaseModel):
    """What the budget let in: candidates in placement order, and per scope the directives
    named by reference."""

    items: list[Candidate]
    references: dict[str, int]


def _place(chosen: list[Candidate], total_budget: int, intro_cost: int) -> _Placed:
    used = intro_cost
    directives: dict[str, list[Rule]] = {}
    for c in sorted(
        (c for c in chosen if c.rule.facet is Facet.DIRECTIVES),
        # in file order inside a scope (a directive's time is its file's mtime with its ordinal in
        # the file, `sources/instructions._iso`): the person's words, unranked
        key=lambda c: (scope_rank(c.scope), c.rule.first_seen or "", c.rule.statement),
    ):
        directives.setdefault(c.scope, []).append(c.rule)
    by_rule = {c.rule.rule_id: c for c in chosen}

    def head_cost(scope: str) -> int:
        return _lines_cost(_part_head(scope)) + _lines_cost(_facet_head(scope, Facet.DIRECTIVES))

    room = min(int(total_budget * FACET_BUDGET_SHARE[Facet.DIRECTIVES]), total_budget - used)
    fitted, cost = _fit_directives(directives, room, head_cost)
    used += cost
    items = [by_rule[r.rule_id] for kept, _ in fitted.values() for r in kept]
    references = {scope: rest for scope, (_, rest) in fitted.items() if rest}
    parts = set(fitted)
    heads = {(scope, Facet.DIRECTIVES) for scope in fitted}
    for facet in list(Facet)[1:]:
        budget, section = int(total_budget * FACET_BUDGET_SHARE[facet]), 0
        for c in sorted(
            (c for c in chosen if c.rule.facet is facet), key=lambda c: (not c.review.pinned, -c.weight, c.text)
        ):
            extra = _lines_cost(_part_head(c.scope)) if c.scope not in parts else 0
            extra += _lines_cost(_facet_head(c.scope, facet)) if (c.scope, facet) not in heads else 0
            step = _cost(_bullet(c.text)) + extra
            if not c.review.pinned and (section + step > budget or used + step > total_budget):
                continue  # a pinned rule stays whatever the budget
            section += step
            used += step
            items.append(c)
            parts.add(c.scope)
            heads.add((c.scope, facet))
    return _Placed(items=items, references=references)


def _to_bullet(n: int, c: Candidate, histories: dict[str, dict[str, str]]) -> Bullet:
    r = c.rule
    return Bullet(
        n=n,
        section=r.facet,
        text=c.text,
        rule_id=r.rule_id,
        evidence_ids=r.evidence_ids,
        support_sessions=r.support_sessions,
        support_projects=r.support_projects,
        scope=c.scope,
        review=c.review.state.value,
        pinned=c.review.pinned,
        statement=r.statement if c.text != r.statement else None,
        first_seen=r.first_seen,
        last_seen=r.last_seen,
        weight=c.weight,
        support_by_month=support_by_month(histories.get(r.rule_id, {})),
    )


class _Rendered(BaseModel):
    markdown: str
    global_markdown: str
    project_markdown: dict[str, str]
    bullets: list[Bullet]


def _render(
    placed: _Placed, intro: list[str], global_intro: list[str], histories: dict[str, dict[str, str]]
) -> _Rendered:
    """PERSONA.md: the global part in facet order, then one part per scope confined to some
    repositories (shared scopes first), each in facet order; bullets numbered in reading order."""
    cells: dict[tuple[str, Facet], list[Candidate]] = {}
    for c in placed.items:
        cells.setdefault((c.scope, c.rule.facet), []).append(c)
    scopes = sorted({s for s, _ in cells} | set(placed.references), key=scope_rank)
    bullets: list[Bullet] = []
    blocks: dict[str, list[str]] = {}
    for scope in scopes:
        block = _part_head(scope)
        for facet in Facet:
            items = cells.get((scope, facet), [])
            ref = placed.references.get(scope, 0) if facet is Facet.DIRECTIVES else 0
            if not items and not ref:
                continue
            observations = sum(c.rule.support_observations for c in items)
            projects = len({p for c in items for p in c.rule.projects})
            block += _facet_head(scope, facet, observations, projects)
            for c in items:
                bullets.append(_to_bullet(len(bullets) + 1, c, histories))
                block.append(_bullet(c.text))
            if ref:
                block.append(_reference(scope, ref))
            block.append("")
        blocks[scope] = block

    def doc(head: list[str], parts: list[str]) -> str:
        return "\n".join([*head, *(line for s in parts for line in blocks[s])]).rstrip() + "\n"

    projects = sorted({p for s in scopes for p in projects_of(s)})
    return _Rendered(
        markdown=doc(intro, scopes),
        global_markdown=doc(global_intro, [s for s in scopes if s == GLOBAL]),
        project_markdown={
            p: doc(
                [
                    f"# Persona: {p}",
                    "",
                    f"What applies only when working in `{p}` (its own rules and the directives it shares with "
                    "other repositories); the global part is in global.md and PERSONA.md.",
                    "",
                ],
                [s for s in scopes if p in projects_of(s)],
            )
            for p in projects
        },
        bullets=bullets,
    )


def compile_pack(
    rules: Sequence[Rule], total_budget: int = TOTAL_BUDGET_TOKENS, options: PackOptions | None = None
) -> Pack:
    """Deterministic and LLM-free: the same rules, decisions and settings give the same pack."""
    options = options or PackOptions()
    sel = select(rules, options)
    scoped = any(c.scope != GLOBAL for c in sel.chosen)
    counts = (len(sel.chosen), sum(c.rule.support_observations for c in sel.chosen))
    intro, global_intro = _intro(*counts, scoped), _intro(*counts, False)
    placed = _place(sel.chosen, total_budget, _lines_cost(intro))
    out = _render(placed, intro, global_intro, options.histories)
    while estimate_tokens(out.markdown) > total_budget:  # headings the estimate missed: drop the weakest
        weakest = [c for c in placed.items if c.rule.facet is not Facet.DIRECTIVES and not c.review.pinned]
        if not weakest:
            break
        placed.items.remove(min(weakest, key=lambda c: (c.weight, c.text)))
        out = _render(placed, intro, global_intro, options.histories)
    return Pack(
        markdown=out.markdown,
        bullets=out.bullets,
        tokens=estimate_tokens(out.markdown),
        rules_considered=len(rules),
        global_markdown=out.global_markdown,
        project_markdown=out.project_markdown,
        report=_report(sel, options, sorted(out.project_markdown)),
    )


def _cited(r: Rule, text: str | None = None) -> dict[str, Any]:
    return {
        "rule_id": r.rule_id,
        "text": text or r.statement,
        "section": r.facet.value,
        "first_seen": r.first_seen,
        "last_seen": r.last_seen,
        "support_sessions": r.support_sessions,
        "evidence_ids": r.evidence_ids,
    }


def _report(sel: Selection, options: PackOptions, projects: list[str]) -> dict[str, Any]:
    """What persona.json says beyond the bullets: the clock, the review counts, the stale rules and
    the superseded ones with the rule that replaced each (both cited)."""
    counts: dict[str, int] = {}
    for r in sel.reviews.values():
        counts[r.state.value] = counts.get(r.state.value, 0) + 1
    return {
        "as_of": sel.as_of,
        "half_life_days": options.half_life_days,
        "review_mode": options.review_mode,
        "projects": projects,
        "review": {**counts, "pinned": sum(1 for r in sel.reviews.values() if r.pinned)},
        "left_out": sel.left_out,
        "pending_review": [c.rule.rule_id for c in sel.pending],
        "stale": [
            {**_cited(c.rule, c.text), "scope": c.scope, "score": c.rule.score, "weight": c.weight} for c in sel.stale
        ],
        "superseded": [
            {**_cited(loser), "superseded_by": _cited(winner) if winner else None} for loser, winner in sel.superseded
        ],
    }


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


PROJECTS_DIR = "projects"
GLOBAL_FILE = "global.md"


def project_file_name(project: str) -> str:
    """A file name for a project's part (a project name is a folder name, or a slug of a path)."""
    return (re.sub(r"[^A-Za-z0-9._-]+", "-", project).strip(".-") or "project") + ".md"


def _atomic_write(path: Path, content: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(content, encoding="utf-8")
    tmp.replace(path)


def write_pack(pack: Pack, out_dir: Path) -> tuple[Path, Path]:
    """Atomic writes: a reader never sees a half-written pack. Beside PERSONA.md (every part) and
    persona.json: `global.md` (the global part alone) and `projects/<project>.md` (what applies
    only in that project), for importing one part where it belongs; a project no longer in the
    pack loses its file."""
    out_dir.mkdir(parents=True, exist_ok=True)
    md, js = out_dir / "PERSONA.md", out_dir / "persona.json"
    payload = {"tokens": pack.tokens, "bullets": [b.model_dump(mode="json") for b in pack.bullets], **pack.report}
    for path, content in ((md, pack.markdown), (js, json.dumps(payload, indent=2) + "\n")):
        _atomic_write(path, content)
    _atomic_write(out_dir / GLOBAL_FILE, pack.global_markdown or pack.markdown)
    projects = out_dir / PROJECTS_DIR
    projects.mkdir(exist_ok=True)
    wanted = {project_file_name(p): text for p, text in pack.project_markdown.items()}
    for name, text in sorted(wanted.items()):
        _atomic_write(projects / name, text)
    for old in projects.glob("*.md"):
        if old.name not in wanted:
            old.unlink()
    return md, js
