"""Per-run spend ledger: reserve the worst case before a call, settle the actual cost after."""

from __future__ import annotations

import threading
from dataclasses import dataclass


class BudgetExhausted(Exception):
    """The next call could exceed PERSONA_MAX_USD or PERSONA_MAX_CALLS."""


@dataclass
class Reservation:
    usd: float


class SpendLedger:
    def __init__(self, max_usd: float, max_calls: int) -> None:
        self.max_usd = max_usd
        self.max_calls = max_calls
        self.spent_usd = 0.0
        self.reserved_usd = 0.0
        self.calls = 0
        self._lock = threading.Lock()

    def reserve(self, worst_case_usd: float) -> Reservation:
        with self._lock:
            if self.calls + 1 > self.max_calls:
                raise BudgetExhausted(f"call limit {self.max_calls} reached")
            if self.spent_usd + self.reserved_usd + worst_case_usd > self.max_usd:
                raise BudgetExhausted(f"budget ${self.max_usd:.2f} would be exceeded")
            self.calls += 1
            self.reserved_usd += worst_case_usd
            return Reservation(worst_case_usd)

    def settle(self, reservation: Reservation, actual_usd: float) -> None:
        with self._lock:
            self.reserved_usd -= reservation.usd
            self.spent_usd += max(0.0, actual_usd)


# One ledger per process and budget: within one `persona run` (in-process runs) every stage —
# digests, lessons, notes, skills — draws on the same PERSONA_MAX_USD / PERSONA_MAX_CALLS. Under
# a multi-process executor each step process has its own, i.e. the budget holds per step.
_RUN_LEDGERS: dict[tuple[float, int], SpendLedger] = {}
_RUN_LOCK = threading.Lock()


def run_ledger(max_usd: float, max_calls: int) -> SpendLedger:
    with _RUN_LOCK:
        ledger = _RUN_LEDGERS.get((max_usd, max_calls))
        if ledger is None:
            ledger = _RUN_LEDGERS[(max_usd, max_calls)] = SpendLedger(max_usd, max_calls)
        return ledger


def start_run() -> None:
    """A new invocation (`persona run`, `persona eval`'s runs are processes of their own) starts
    with the whole budget."""
    with _RUN_LOCK:
        _RUN_LEDGERS.clear()
