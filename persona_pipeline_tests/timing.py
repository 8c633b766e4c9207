"""Speed checks for unit tests as ratios, not wall-clock bounds: an input k times larger must cost
under a bound multiple of the smaller one's CPU time. A linear scan passes on any machine, busy or
slow; a quadratic one (k² the time) fails. Absolute speed targets live in benchmarks (bench/)."""

from __future__ import annotations

import gc
import inspect
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def _whole_text_caches() -> list[Any]:
    """The project's lru caches keyed on a whole text (first parameter `text`): a repeat of the same
    input would read its answer there instead of scanning, so each timed call starts with them empty.
    Caches of small values (a token, a word) stay warm, as they would in a real batch."""
    found: dict[int, Any] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("persona_pipeline.") or module is None:
            continue
        for obj in vars(module).values():
            wrapped = getattr(obj, "__wrapped__", None)
            if id(obj) in found or not (callable(getattr(obj, "cache_clear", None)) and callable(wrapped)):
                continue
            try:
                params = list(inspect.signature(wrapped).parameters)
            except (TypeError, ValueError):
                continue
            if params[:1] == ["text"]:
                found[id(obj)] = obj
    return list(found.values())


def _cpu(run: Callable[[T], object], arg: T, caches: list[Any]) -> float:
    for cache in caches:
        cache.cache_clear()
    gc.collect()
    gc.disable()  # (a collection triggered by the other size's garbage is noise, not this call's cost)
    try:
        start = time.process_time()
        run(arg)
        return time.process_time() - start
    finally:
        gc.enable()


def assert_linear(
    run: Callable[[T], object],
    build: Callable[[int], T],
    n: int,
    *,
    factor: int = 4,
    max_ratio: float = 8.0,
    slack: float = 0.05,
    repeat: int = 3,
) -> tuple[float, float]:
    """Assert `run(build(n))` costs under `max_ratio` times `run(build(n // factor))` plus `slack`
    seconds of CPU time; return both timings (best of `repeat`).

    `n` is the test's own adversarial size (a repeat count or a length), so the larger input is the
    one the test always read. With the defaults 4x the input may cost up to 8x the time: linear work
    costs about 4x, quadratic 16x. The slack keeps tiny timings (a few ms, where the clock's grain
    and a context switch dominate) from deciding. Process time, not wall time: a loaded machine
    preempts the process but charges it nothing; the minimum of the repeats drops the remaining
    noise, which only ever adds time. The larger size stops repeating once under the bound."""
    small_n = n // factor
    assert small_n >= 1, (n, factor)
    small_arg, large_arg = build(small_n), build(n)
    run(small_arg)  # warm-up: imports, compiled patterns, lazily loaded tables
    caches = _whole_text_caches()  # (after the warm-up: it imported the modules that hold them)
    # Everything alive now is frozen out of the collector's reach: each timed call's collection then
    # walks only what the checks' calls made, not the whole heap (in a process that has imported every
    # test module a full collection costs ~0.15 s, and a check made five to seven of them: most of a
    # small check's cost). The timed calls are unchanged: the collector is off while they run.
    gc.freeze()
    try:
        small = min(_cpu(run, small_arg, caches) for _ in range(repeat))
        bound = max_ratio * small + slack
        large = float("inf")
        for _ in range(repeat):
            large = min(large, _cpu(run, large_arg, caches))
            if large < bound:
                break
    finally:
        gc.unfreeze()
    assert large < bound, (
        f"{factor}x the input took {large / small if small else float('inf'):.1f}x the CPU time "
        f"({small:.3f} s at size {small_n}, {large:.3f} s at size {n}; bound {max_ratio}x + {slack} s)"
    )
    return small, large
