"""The `source_files_sensor` cursor: what the last tick saw, so a tick with nothing changed reads
neither the registered partitions nor the warehouse, and hashes no instruction file or repo.

Shortcuts are trusted only between full re-checks: at least every `PERSONA_SENSOR_RECHECK_S`
seconds (default 900) a tick re-reads the registered partitions (a partition deleted by hand in
the UI is registered again), recomputes every fingerprint from the sources and applies the
retention window. Deletions by `persona forget`, the schedule or `persona run` move the
partitions epoch (`defs.partitions`), which forces the re-read on the next tick.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import orjson


def recheck_seconds() -> float:
    return float(os.environ.get("PERSONA_SENSOR_RECHECK_S", "900"))


@dataclass
class SensorCursor:
    units: dict[str, str] | None = None  # key -> fingerprint; None before the first tick
    probes: dict[str, str] = field(default_factory=dict)  # key -> probe, for hashed kinds
    epoch: str | None = None  # the partitions epoch when the registered set was last known
    checked_at: float = 0.0  # when the last full re-check ran (time.time())

    @classmethod
    def parse(cls, raw: str | None) -> SensorCursor:
        """An empty, malformed or pre-epoch cursor (the bare key -> fingerprint object; unit
        keys are never "units") gives a cursor that forces a full re-check."""
        if not raw:
            return cls()
        try:
            obj = orjson.loads(raw)
        except orjson.JSONDecodeError:
            return cls()
        if not isinstance(obj, dict):
            return cls()
        if not isinstance(obj.get("units"), dict):
            return cls(units=obj)  # old format: its fingerprints still say what changed
        probes, epoch, checked_at = obj.get("probes"), obj.get("epoch"), obj.get("checked_at")
        return cls(
            units=obj["units"],
            probes=probes if isinstance(probes, dict) else {},
            epoch=epoch if isinstance(epoch, str) else None,
            checked_at=float(checked_at) if isinstance(checked_at, int | float) else 0.0,
        )

    def dumps(self) -> str:
        return orjson.dumps(
            {"units": self.units, "probes": self.probes, "epoch": self.epoch, "checked_at": self.checked_at}
        ).decode()

    def recheck_due(self, epoch: str, now: float) -> bool:
        """True when the shortcuts may not be trusted: no earlier full check, the epoch moved,
        the interval passed (or the clock went back)."""
        return self.units is None or self.epoch != epoch or not 0 <= now - self.checked_at < recheck_seconds()

    def reuse(self) -> dict[str, tuple[str, str]]:
        """key -> (probe, fingerprint) of the hashed units, for `Sources.fingerprints`."""
        units = self.units or {}
        return {k: (p, units[k]) for k, p in self.probes.items() if k in units}
