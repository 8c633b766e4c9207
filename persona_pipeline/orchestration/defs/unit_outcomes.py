"""How every per-unit stage (digests, lessons, notes) ends a run, the same way.

- Each requested partition is materialised: built ones with their counts, and those with nothing
  to do (up to date, or a unit kind the stage does not apply to) with a status. A UI backfill of
  unchanged partitions then completes green, and no partition shows "missing" forever.
- When some units failed, the step fails, so the Dagster run's status says what the CLI's exit
  code says. The failed units stay unmaterialised and are retried next run (the compile never
  waits for them).
"""

from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

import dagster as dg


class UnitOutcome(Protocol):
    unit_key: str
    status: str
    error: str | None


def untouched(
    asset: str, keys: Sequence[str], results: Sequence[UnitOutcome], applies: Callable[[str], bool] | None = None
) -> Iterator[dg.AssetMaterialization]:
    """Materialisations for the requested keys the stage had nothing to do for."""
    seen = {r.unit_key for r in results}
    for key in keys:
        if key in seen:
            continue
        status = "not_applicable" if applies is not None and not applies(key) else "up_to_date"
        yield dg.AssetMaterialization(asset, partition=key, metadata={"status": status})


def raise_for_failed(failed: Sequence[UnitOutcome], what: str) -> None:
    """Fail the step when any unit failed, with the distinct (classified, text-free) reasons."""
    if not failed:
        return
    reasons = sorted({r.status + (f" ({r.error})" if r.error else "") for r in failed})
    raise dg.Failure(
        description=f"{len(failed)} unit(s) without {what} this run; they are retried next run: " + "; ".join(reasons),
        allow_retries=False,
    )
