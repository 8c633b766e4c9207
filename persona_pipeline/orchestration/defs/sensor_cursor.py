"""The `source_files_sensor` cursor: a watermark, not a copy of the warehouse.

It holds one digest of every unit's key and fingerprint (`incremental.Scan.watermark`), the
partitions epoch and when the last full check ran: ~120 bytes whatever the number of units, so
tick history stays small. A tick whose watermark and epoch match reads neither the registered
partitions nor the warehouse; otherwise it compares the roots with the warehouse, which holds the
fingerprints (the one owner of incrementality). At least every `recheck_s` seconds (default 900) a
tick compares with the warehouse even when nothing moved (a partition deleted by hand in the UI, an
edit that keeps all four stats, a unit whose run failed).
"""

from __future__ import annotations

from dataclasses import dataclass

import orjson


@dataclass
class SensorCursor:
    watermark: str | None = None  # None before the first full check
    epoch: str | None = None  # the partitions epoch at the last full check
    checked_at: float = 0.0  # when the last full check ran (time.time())

    @classmethod
    def parse(cls, raw: str | None) -> SensorCursor:
        """An empty, malformed or older cursor (one that held every fingerprint) gives a cursor
        that forces a full check."""
        if not raw:
            return cls()
        try:
            obj = orjson.loads(raw)
        except orjson.JSONDecodeError:
            return cls()
        if not isinstance(obj, dict) or not isinstance(obj.get("watermark"), str):
            return cls()
        epoch, checked_at = obj.get("epoch"), obj.get("checked_at")
        return cls(
            watermark=obj["watermark"],
            epoch=epoch if isinstance(epoch, str) else None,
            checked_at=float(checked_at) if isinstance(checked_at, int | float) else 0.0,
        )

    def dumps(self) -> str:
        return orjson.dumps({"watermark": self.watermark, "epoch": self.epoch, "checked_at": self.checked_at}).decode()

    def recheck_due(self, epoch: str, now: float, recheck_s: float) -> bool:
        """True when the watermark may not be trusted: no earlier full check, the epoch moved,
        the interval passed (or the clock went back)."""
        return self.watermark is None or self.epoch != epoch or not 0 <= now - self.checked_at < recheck_s
