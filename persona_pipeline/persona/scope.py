"""Where a rule applies: everywhere (the pack's global part) or only in some repositories.

A preference said only while working in one project is that project's, never a universal habit;
said in two or more projects it is global. A directive applies where its instruction file does:
a global file (~/.claude/CLAUDE.md, ~/.codex/AGENTS.md) everywhere, a repository's file in that
repository (the same text in several repositories' files: in those).
"""

from __future__ import annotations

from persona_pipeline.persona.digest.models import Facet, Rule

GLOBAL = "global"
SEPARATOR = ", "


def scope_of(rule: Rule) -> str:
    """GLOBAL, or the project names the rule is confined to, joined by SEPARATOR."""
    if rule.facet is Facet.DIRECTIVES:
        return GLOBAL if GLOBAL in rule.projects or not rule.projects else SEPARATOR.join(sorted(rule.projects))
    known = {p for p in rule.projects if p and p != GLOBAL}
    # an unknown project ("" — a session without a working directory) may be any: not confined
    if len(known) == 1 and len(known) == len(set(rule.projects)):
        return known.pop()
    return GLOBAL


def projects_of(scope: str) -> list[str]:
    return [] if scope == GLOBAL else scope.split(SEPARATOR)


def scope_rank(scope: str) -> tuple[int, str]:
    """Part order: global, then scopes shared by several repositories, then each repository's."""
    return (0, "") if scope == GLOBAL else (1 if SEPARATOR in scope else 2, scope)
