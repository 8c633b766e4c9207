"""Spend caps that hold across processes (issue 18): the monthly ledger on the data dir is shared
by every process, reserves the worst case first, and charges a dead process's reservation."""

from __future__ import annotations

from pathlib import Path

import pytest

from persona_pipeline.core.llm.ledger import STALE_RESERVATION_S, BudgetExhausted, PeriodLedger, SpendLedger


class Clock:
    def __init__(self, t: float = 1_790_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def test_two_processes_share_one_monthly_budget(tmp_path: Path) -> None:
    clock = Clock()
    # two ledgers on one folder: what two processes (a sensor run, a CLI run) see
    a = SpendLedger(5.0, 100, PeriodLedger(tmp_path, max_usd=1.0, max_calls=100, _clock=clock))
    b = SpendLedger(5.0, 100, PeriodLedger(tmp_path, max_usd=1.0, max_calls=100, _clock=clock))
    ra = a.reserve(0.6)
    with pytest.raises(BudgetExhausted, match="monthly"):
        b.reserve(0.6)  # each has a fresh per-run allowance; the month has not
    a.settle(ra, 0.1)
    rb = b.reserve(0.6)  # the actual cost freed the rest
    b.settle(rb, 0.2)
    assert PeriodLedger(tmp_path, 1.0, 100, _clock=clock).spent() == {
        "period": "2026-09",
        "spent_usd": pytest.approx(0.3),
        "calls": 2,
    }


def test_a_killed_process_reservation_counts_at_worst_case(tmp_path: Path) -> None:
    clock = Clock()
    dead = PeriodLedger(tmp_path, max_usd=1.0, max_calls=100, _clock=clock)
    dead.reserve(0.7)  # never settled: the process was killed
    live = PeriodLedger(tmp_path, max_usd=1.0, max_calls=100, _clock=clock)
    with pytest.raises(BudgetExhausted):
        live.reserve(0.5)
    clock.t += STALE_RESERVATION_S + 1
    with pytest.raises(BudgetExhausted):  # still charged: now as spent, at its worst case
        live.reserve(0.5)
    assert live.spent()["spent_usd"] == pytest.approx(0.7)


def test_a_new_month_starts_a_new_allowance_and_call_limits_hold(tmp_path: Path) -> None:
    clock = Clock()
    ledger = PeriodLedger(tmp_path, max_usd=10.0, max_calls=2, _clock=clock)
    for _ in range(2):
        ledger.settle(ledger.reserve(0.01), 0.01)
    with pytest.raises(BudgetExhausted, match="call limit"):
        ledger.reserve(0.01)
    clock.t += 40 * 86400
    ledger.settle(ledger.reserve(0.01), 0.01)
    assert ledger.spent()["calls"] == 1
