"""The BLIND pool (issue 15): a third pool written without reading the digester or the other
pools' sentences, so its figures say how the digester generalises to phrasing it was not shaped
on. The data is `pools/blind.toml`; this module serves the whole pool (`--pool blind`) and two
halves split by id:

- `blind_dev` (`DEV_HALF`): failures may be read and the digester improved on them (with general
  mechanisms only — never a cue, lexicon entry or threshold written from a sentence).
- `blind_hold` (`HOLD_HALF`): held out. Only aggregate figures are ever looked at; nothing is
  tuned on it.

The split is deterministic and balanced: within each facet, preferences are ordered by the
SHA-256 of their id and alternate dev, hold, dev, …; contradictions likewise within each order
(`old_correction` true / false), and tasks over the whole list. People, projects, directives and
secret-bearing tasks are shared (they are scaffolding, not what the digester is judged on).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from persona_pipeline.eval.pool_data import Pool, parse_pool, pool_attributes, read_pool

T = TypeVar("T")
HALVES = ("dev", "hold")


def _digest(item_id: str) -> str:
    return hashlib.sha256(item_id.encode("utf-8")).hexdigest()


def _half(items: Sequence[T], ident: Callable[[T], str], stratum: Callable[[T], Hashable], half: str) -> tuple[T, ...]:
    """The items of `half`: within each stratum, ordered by the hash of their id, alternately."""
    keep: set[str] = set()
    for s in dict.fromkeys(stratum(x) for x in items):
        ordered = sorted((x for x in items if stratum(x) == s), key=lambda x: _digest(ident(x)))
        keep |= {ident(x) for x in ordered[HALVES.index(half) :: 2]}
    return tuple(x for x in items if ident(x) in keep)


def split(pool: Pool, half: str) -> Pool:
    """One half of the blind pool (see the module docstring)."""
    return replace(
        pool,
        preferences=_half(pool.preferences, lambda p: p.id, lambda p: p.facet, half),
        contradictions=_half(pool.contradictions, lambda c: c.id, lambda c: c.old_correction, half),
        tasks=_half(pool.tasks, lambda t: t.id, lambda t: 0, half),
    )


def _whole() -> Pool:
    return parse_pool(read_pool("blind"))


class _Served:
    """A pool's tables as upper-case attributes (PREFERENCES, …), like a pool module."""

    def __init__(self, name: str, build: Callable[[], Pool]) -> None:
        self._get = pool_attributes(name, build)

    def __getattr__(self, name: str) -> Any:
        return self._get(name)


DEV_HALF = _Served(f"{__name__}:dev", lambda: split(_whole(), "dev"))
HOLD_HALF = _Served(f"{__name__}:hold", lambda: split(_whole(), "hold"))
__getattr__ = pool_attributes(__name__, _whole)
