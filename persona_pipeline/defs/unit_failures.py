"""One way for every per-unit stage to end when some units failed: the step fails, so the Dagster
run's status says what the CLI's exit code says. The units that succeeded were already
materialised; the failed ones stay unmaterialised and are retried next run (the compile never
waits for them)."""

from collections.abc import Sequence
from typing import Protocol

import dagster as dg


class UnitOutcome(Protocol):
    status: str
    error: str | None


def raise_for_failed(failed: Sequence[UnitOutcome], what: str) -> None:
    """Fail the step when any unit failed, with the distinct (classified, text-free) reasons."""
    if not failed:
        return
    reasons = sorted({r.status + (f" ({r.error})" if r.error else "") for r in failed})
    raise dg.Failure(
        description=f"{len(failed)} unit(s) without {what} this run; they are retried next run: " + "; ".join(reasons),
        allow_retries=False,
    )
