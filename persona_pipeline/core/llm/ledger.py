"""Spend ledgers: reserve the worst case before a call, settle the actual cost after.

Two bounds hold at once:
- per invocation (`PERSONA_MAX_USD`, `PERSONA_MAX_CALLS`): one `SpendLedger` per process, shared
  by every stage of one `persona run`;
- per calendar month (UTC) across every process on the data dir (`PERSONA_MAX_USD_PER_MONTH`,
  `PERSONA_MAX_CALLS_PER_MONTH`): `PeriodLedger`, a small JSON file under a file lock, so sensor-
  and automation-triggered runs, step processes under `dagster dev` and concurrent `persona run`s
  all draw on one allowance. A reservation left by a killed process counts at its worst case once
  it is an hour old (never under-counted).
"""

from __future__ import annotations

import json
import os
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from persona_pipeline.core.config import Settings

STALE_RESERVATION_S = 3600.0


class BudgetExhausted(Exception):
    """The next call could exceed a budget (per run or per month)."""


@dataclass
class Reservation:
    usd: float
    period_id: str | None = None


@dataclass
class PeriodLedger:
    """One month's spend of every process on a data dir (`<data_dir>/spend/ledger.json`)."""

    root: Path
    max_usd: float
    max_calls: int
    _clock: Any = field(default=time.time, repr=False)

    @property
    def path(self) -> Path:
        return self.root / "ledger.json"

    def _load(self, period: str) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        if not isinstance(data, dict) or data.get("period") != period:
            data = {"period": period, "spent_usd": 0.0, "calls": 0, "reserved": {}}
        now = self._clock()
        for rid, (usd, at) in list(data["reserved"].items()):
            if now - at > STALE_RESERVATION_S:  # its process died: charge the worst case
                data["spent_usd"] += usd
                del data["reserved"][rid]
        return data

    def _save(self, data: dict[str, Any]) -> None:
        tmp = self.path.with_name(f"ledger.{uuid.uuid4().hex}.tmp")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, self.path)

    def _locked(self) -> Any:
        from filelock import FileLock

        self.root.mkdir(parents=True, exist_ok=True)
        return FileLock(self.root / "ledger.lock", timeout=60)

    def reserve(self, usd: float) -> str:
        period = datetime.fromtimestamp(self._clock(), UTC).strftime("%Y-%m")
        with self._locked():
            data = self._load(period)
            held = data["spent_usd"] + sum(u for u, _ in data["reserved"].values())
            if data["calls"] + 1 > self.max_calls:
                raise BudgetExhausted(f"monthly call limit {self.max_calls} reached (PERSONA_MAX_CALLS_PER_MONTH)")
            if held + usd > self.max_usd:
                raise BudgetExhausted(
                    f"monthly budget ${self.max_usd:.2f} would be exceeded (PERSONA_MAX_USD_PER_MONTH)"
                )
            rid = uuid.uuid4().hex
            data["reserved"][rid] = (usd, self._clock())
            data["calls"] += 1
            self._save(data)
            return rid

    def settle(self, rid: str, actual_usd: float) -> None:
        period = datetime.fromtimestamp(self._clock(), UTC).strftime("%Y-%m")
        with self._locked():
            data = self._load(period)
            if data["reserved"].pop(rid, None) is not None:
                data["spent_usd"] += max(0.0, actual_usd)
            self._save(data)

    def spent(self) -> dict[str, Any]:
        period = datetime.fromtimestamp(self._clock(), UTC).strftime("%Y-%m")
        with self._locked():
            data = self._load(period)
        return {"period": period, "spent_usd": round(data["spent_usd"], 6), "calls": data["calls"]}


def month_spend(root: Path) -> dict[str, Any] | None:
    """This month's figures as last written (read-only: no lock, no file created)."""
    try:
        data = json.loads((root / "ledger.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("period") != datetime.now(UTC).strftime("%Y-%m"):
        return None
    held = sum(u for u, _ in data.get("reserved", {}).values())
    return {
        "period": data["period"],
        "spent_usd": round(float(data["spent_usd"]), 6),
        "calls": data["calls"],
        "reserved_usd": round(held, 6),
    }


class SpendLedger:
    def __init__(self, max_usd: float, max_calls: int, period: PeriodLedger | None = None) -> None:
        self.max_usd = max_usd
        self.max_calls = max_calls
        self.period = period
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
            period_id = self.period.reserve(worst_case_usd) if self.period else None
            self.calls += 1
            self.reserved_usd += worst_case_usd
            return Reservation(worst_case_usd, period_id)

    def settle(self, reservation: Reservation, actual_usd: float) -> None:
        with self._lock:
            self.reserved_usd -= reservation.usd
            self.spent_usd += max(0.0, actual_usd)
        if self.period and reservation.period_id:
            self.period.settle(reservation.period_id, actual_usd)


# One ledger per process and budget: within one `persona run` (in-process runs) every stage —
# digests, lessons, notes, skills — draws on the same per-run budget; all of them, in every
# process, also draw on the data dir's monthly one.
_RUN_LEDGERS: dict[tuple[Any, ...], SpendLedger] = {}
_RUN_LOCK = threading.Lock()


def run_ledger(settings: Settings) -> SpendLedger:
    key = (settings.max_usd, settings.max_calls, str(settings.data_dir))
    with _RUN_LOCK:
        ledger = _RUN_LEDGERS.get(key)
        if ledger is None:
            period = PeriodLedger(settings.data_dir / "spend", settings.max_usd_per_month, settings.max_calls_per_month)
            ledger = _RUN_LEDGERS[key] = SpendLedger(settings.max_usd, settings.max_calls, period)
        return ledger


def start_run() -> None:
    """A new invocation (`persona run`, `persona eval`'s runs are processes of their own) starts
    with the whole per-run budget (the monthly one carries on)."""
    with _RUN_LOCK:
        _RUN_LEDGERS.clear()
