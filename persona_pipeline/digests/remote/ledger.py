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
