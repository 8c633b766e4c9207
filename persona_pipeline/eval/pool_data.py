"""The shape of a phrasing pool and how it is read: each pool's vocabulary (preferences with their
phrasings, contradictions, tasks, directives, projects, people) lives in `pools/<name>.toml` next
to this module, read at first use; `pool.py` (dev) and `pool_test.py` (test) keep only their logic.

A TOML record leaves out the fields it keeps at their default; its arrays become tuples.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import Any, TypeVar


@dataclass(frozen=True)
class PrefTemplate:
    id: str
    facet: str
    statement: str
    terms: tuple[tuple[str, ...], ...]
    phrasings: tuple[str, ...]
    group: str = ""  # at most one preference per group per developer (polars vs pandas …)
    rejects: tuple[str, ...] = ()
    slip: str = "Done, here's the change."  # what the agent said before being corrected
    # how a faithful bullet names the key terms: "prefer" (not negated), "avoid" (negated), or ""
    # when the words say it either way ("functions over 40 lines" / "short functions")
    polarity: str = ""


@dataclass(frozen=True)
class ContradictionTemplate:
    id: str
    facet: str
    group: str
    winner_terms: tuple[tuple[str, ...], ...]
    loser_terms: tuple[tuple[str, ...], ...]
    old: tuple[str, ...]  # the earlier preference (stated ≥ 2 times)
    new: tuple[str, ...]  # the later reversal
    old_correction: bool = False  # the older statements are corrections (T1), the newer plain prompts


@dataclass(frozen=True)
class TaskTemplate:
    id: str
    terms: tuple[tuple[str, ...], ...]
    phrasings: tuple[str, ...]  # ≥ 2, so a task can recur in two sessions


@dataclass(frozen=True)
class Person:
    name: str
    account: str
    email_domain: str
    colleague_email: str = field(default="")


@dataclass(frozen=True)
class Pool:
    """One pool's tables; a pool module serves each as an upper-case attribute (PREFERENCES, …)."""

    preferences: tuple[PrefTemplate, ...]
    contradictions: tuple[ContradictionTemplate, ...]
    tasks: tuple[TaskTemplate, ...]  # task requests: `{proj}` is the project's name
    secret_tasks: dict[str, TaskTemplate]  # secret kind -> a one-off carrying it: `{value}` is filled in
    global_directives: tuple[str, ...]
    project_directives: tuple[str, ...]  # `{proj}` is the repository's name
    project_blurbs: tuple[str, ...]
    projects: tuple[str, ...]
    people: tuple[Person, ...]


POOL_TABLES = frozenset(f.name for f in fields(Pool))
_POOLS_DIR = Path(__file__).with_name("pools")  # package data (pyproject), so a wheel has it too
T = TypeVar("T")


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _record(cls: type[T], row: dict[str, Any]) -> T:
    return cls(**{k: _tuples(v) for k, v in row.items()})


def read_pool(name: str) -> dict[str, Any]:
    """The parsed `pools/<name>.toml`."""
    return tomllib.loads((_POOLS_DIR / f"{name}.toml").read_text(encoding="utf-8"))


def parse_pool(data: dict[str, Any]) -> Pool:
    return Pool(
        preferences=tuple(_record(PrefTemplate, r) for r in data["preferences"]),
        contradictions=tuple(_record(ContradictionTemplate, r) for r in data["contradictions"]),
        tasks=tuple(_record(TaskTemplate, r) for r in data["tasks"]),
        secret_tasks={kind: _record(TaskTemplate, r) for kind, r in data["secret_tasks"].items()},
        global_directives=_tuples(data["global_directives"]),
        project_directives=_tuples(data["project_directives"]),
        project_blurbs=_tuples(data["project_blurbs"]),
        projects=_tuples(data["projects"]),
        people=tuple(_record(Person, r) for r in data["people"]),
    )


def pool_attributes(module: str, build: Callable[[], Pool]) -> Callable[[str], Any]:
    """A module `__getattr__` (PEP 562) serving the pool `build` makes, built once at first use:
    `PREFERENCES` is its `preferences`, and so on."""
    built = cache(build)

    def __getattr__(name: str) -> Any:
        if name.isupper() and name.lower() in POOL_TABLES:
            return getattr(built(), name.lower())
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__
