"""Spend ledgers: reserve the worst case before a call, settle the actual cost after.

Three bounds hold at once:
- per invocation (`PERSONA_MAX_USD`, `PERSONA_MAX_CALLS`): one `SpendLedger` per process, shared
  by every stage of one `persona run`;
- per calendar day and per calendar month (UTC) across every process on the data dir
  (`PERSONA_MAX_USD_PER_DAY` / `PERSONA_MAX_CALLS_PER_DAY`, `PERSONA_MAX_USD_PER_MONTH` /
  `PERSONA_MAX_CALLS_PER_MONTH`): `PeriodLedger`, a small JSON file under a file lock, so sensor-
  and automation-triggered runs, step processes under `dagster dev` and concurrent `persona run`s
  all draw on one allowance. A reservation counts against the day and the month it was made in
  until it is settled; one left by a killed process counts at its worst case once it is an hour
  old (never under-counted).

Why a file and not a warehouse table: DuckDB lets one process write at a time and every writer
holds the file for a whole transaction, so a reservation before each HTTP attempt would queue
every model call of every process behind the ingest and digest writes (docs/architecture.md).
"""

from __future__ import annotations

import json
import math
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
# period name -> (strftime of its key, its adjective, the settings that bound it, when it starts again)
PERIODS = {
    "day": ("%Y-%m-%d", "daily", "PERSONA_MAX_USD_PER_DAY / PERSONA_MAX_CALLS_PER_DAY", "tomorrow (UTC)"),
    "month": ("%Y-%m", "monthly", "PERSONA_MAX_USD_PER_MONTH / PERSONA_MAX_CALLS_PER_MONTH", "next month (UTC)"),
}


class BudgetExhausted(Exception):
    """The next call could exceed a budget (per run, per day or per month)."""


@dataclass
class Reservation:
    usd: float
    period_id: str | None = None


def _empty(key: str) -> dict[str, Any]:
    return {"period": key, "spent_usd": 0.0, "calls": 0}


@dataclass
class PeriodLedger:
    """Today's and this month's spend of every process on a data dir (`<data_dir>/spend/ledger.json`)."""

    root: Path
    max_usd: float  # per month
    max_calls: int  # per month
    max_usd_per_day: float = math.inf
    max_calls_per_day: float = math.inf
    _clock: Any = field(default=time.time, repr=False)

    @property
    def path(self) -> Path:
        return self.root / "ledger.json"

    def _limits(self) -> dict[str, tuple[float, float]]:
        return {"day": (self.max_usd_per_day, self.max_calls_per_day), "month": (self.max_usd, self.max_calls)}

    def _keys(self) -> dict[str, str]:
        now = datetime.fromtimestamp(self._clock(), UTC)
        return {name: now.strftime(spec[0]) for name, spec in PERIODS.items()}

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        if not isinstance(data, dict):
            data = {}
        if "period" in data:  # the month-only file of earlier versions
            month = {k: data[k] for k in ("period", "spent_usd", "calls")}
            data = {"month": month, "reserved": data.get("reserved", {})}
        keys = self._keys()
        for name, key in keys.items():
            if not isinstance(data.get(name), dict) or data[name].get("period") != key:
                data[name] = _empty(key)
        reserved = {}
        for rid, entry in dict(data.get("reserved") or {}).items():
            usd, at, made_in = entry[0], entry[1], entry[2] if len(entry) > 2 else keys
            reserved[rid] = [usd, at, made_in]
        data["reserved"] = reserved
        now = self._clock()
        for rid, (usd, at, made_in) in list(reserved.items()):
            if now - at > STALE_RESERVATION_S:  # its process died: charge the worst case
                self._charge(data, made_in, usd)
                del reserved[rid]
        return data

    @staticmethod
    def _charge(data: dict[str, Any], made_in: dict[str, str], usd: float) -> None:
        for name in PERIODS:
            if data[name]["period"] == made_in.get(name):  # a reservation of an earlier day stays there
                data[name]["spent_usd"] += usd

    def _save(self, data: dict[str, Any]) -> None:
        tmp = self.path.with_name(f"ledger.{uuid.uuid4().hex}.tmp")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, self.path)

    def _locked(self) -> Any:
        from filelock import FileLock

        self.root.mkdir(parents=True, exist_ok=True)
        return FileLock(self.root / "ledger.lock", timeout=60)

    def reserve(self, usd: float) -> str:
        with self._locked():
            data = self._load()
            for name, (max_usd, max_calls) in self._limits().items():
                bucket = data[name]
                held = bucket["spent_usd"] + sum(
                    u for u, _, made_in in data["reserved"].values() if made_in.get(name) == bucket["period"]
                )
                _, adjective, settings, again = PERIODS[name]
                if bucket["calls"] + 1 > max_calls:
                    raise BudgetExhausted(f"{adjective} call limit {max_calls:g} reached ({settings}); resumes {again}")
                if held + usd > max_usd:
                    raise BudgetExhausted(
                        f"{adjective} budget ${max_usd:.2f} would be exceeded ({settings}); resumes {again}"
                    )
            rid = uuid.uuid4().hex
            data["reserved"][rid] = [usd, self._clock(), {n: data[n]["period"] for n in PERIODS}]
            for name in PERIODS:
                data[name]["calls"] += 1
            self._save(data)
            return rid

    def settle(self, rid: str, actual_usd: float) -> None:
        with self._locked():
            data = self._load()
            entry = data["reserved"].pop(rid, None)
            if entry is not None:
                self._charge(data, entry[2], max(0.0, actual_usd))
            self._save(data)

    def spent(self, period: str = "month") -> dict[str, Any]:
        with self._locked():
            data = self._load()
        bucket = data[period]
        return {"period": bucket["period"], "spent_usd": round(bucket["spent_usd"], 6), "calls": bucket["calls"]}


def month_spend(root: Path, period: str = "month") -> dict[str, Any] | None:
    """This month's (or today's) figures as last written (read-only: no lock, no file created)."""
    try:
        data = PeriodLedger(root, math.inf, math.inf)._load() if (root / "ledger.json").exists() else None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):  # a damaged file: nothing to show
        return None
    if data is None or not data[period]["calls"]:
        return None
    bucket = data[period]
    held = sum(u for u, _, made_in in data["reserved"].values() if made_in.get(period) == bucket["period"])
    return {
        "period": bucket["period"],
        "spent_usd": round(float(bucket["spent_usd"]), 6),
        "calls": bucket["calls"],
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
                raise BudgetExhausted(f"call limit {self.max_calls} reached (PERSONA_MAX_CALLS, per run)")
            if self.spent_usd + self.reserved_usd + worst_case_usd > self.max_usd:
                raise BudgetExhausted(f"budget ${self.max_usd:.2f} would be exceeded (PERSONA_MAX_USD, per run)")
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
# process, also draw on the data dir's daily and monthly ones.
_RUN_LEDGERS: dict[tuple[Any, ...], SpendLedger] = {}
_RUN_LOCK = threading.Lock()


def run_ledger(settings: Settings) -> SpendLedger:
    key = (
        settings.max_usd,
        settings.max_calls,
        settings.max_usd_per_day,
        settings.max_calls_per_day,
        settings.max_usd_per_month,
        settings.max_calls_per_month,
        str(settings.data_dir),
    )
    with _RUN_LOCK:
        ledger = _RUN_LEDGERS.get(key)
        if ledger is None:
            period = PeriodLedger(
                settings.data_dir / "spend",
                settings.max_usd_per_month,
                settings.max_calls_per_month,
                settings.max_usd_per_day,
                settings.max_calls_per_day,
            )
            ledger = _RUN_LEDGERS[key] = SpendLedger(settings.max_usd, settings.max_calls, period)
        return ledger


def start_run() -> None:
    """A new invocation (`persona run`, `persona eval`'s runs are processes of their own) starts
    with the whole per-run budget (the daily and monthly ones carry on)."""
    with _RUN_LOCK:
        _RUN_LEDGERS.clear()
