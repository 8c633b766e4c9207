"""What each owner of incrementality costs per unit (docs/architecture.md, "One owner of
incrementality"), measured on this machine.

    python bench/incrementality_bench.py [--units 5000 500000] [--events 2000] [--json OUT]

- warehouse owns it (what the project does): the stored fingerprints are one `units` column;
  a pass reads them and diffs them with the roots' fingerprints in one query + a dict compare.
  Measured at every --units size.
- Dagster owns it: per-unit state as Dagster events (an observation with a data version per
  partition, the latest read back per partition). Measured on a real SQLite instance for
  --events partitions and extrapolated linearly (labelled so) to the --units sizes.
- both: the dynamic-partitions registry the UI's backfills need (register, read back), measured
  up to 50,000 keys and extrapolated beyond; and the sensor cursor's size, for a cursor that holds
  every fingerprint (before) and for the watermark (now).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def keys_and_fingerprints(n: int) -> dict[str, str]:
    """Unit keys and fingerprints shaped like the real ones (size:mtime_ns:reader version)."""
    return {
        f"claude/code-project-{i % 97}/{i:08x}-4c1d-4e0b-9a55-{i * 7919 % 10**12:012d}.jsonl": (
            f"{1000 + i * 37 % 900_000}:{1_733_000_000_000_000_000 + i * 1_000_003}:claude-v9"
        )
        for i in range(n)
    }


def warehouse_pass(n: int, tmp: Path) -> dict[str, float]:
    import duckdb
    import polars as pl

    fps = keys_and_fingerprints(n)
    path = tmp / f"w{n}.duckdb"
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE units (unit_key VARCHAR PRIMARY KEY, fingerprint VARCHAR)")
    df = pl.DataFrame({"unit_key": list(fps), "fingerprint": list(fps.values())})
    con.register("df", df)
    con.execute("INSERT INTO units SELECT * FROM df")
    con.close()
    current = dict(fps)
    first = next(iter(current))
    current[first] = "changed"
    times = []
    for _ in range(5):
        t = time.perf_counter()
        with duckdb.connect(str(path), read_only=True) as c:
            stored = dict(c.execute("SELECT unit_key, fingerprint FROM units").fetchall())
        changed = [k for k, v in current.items() if stored.get(k) != v]
        times.append(time.perf_counter() - t)
        assert changed == [first]
    return {"pass_s": statistics.median(times), "bytes_on_disk": path.stat().st_size}


def dagster_events(n: int) -> dict[str, float]:
    import dagster as dg
    from dagster._core.events import DagsterEventType

    key = dg.AssetKey("raw_sessions")
    parts = dg.DynamicPartitionsDefinition(name="bench_units")
    fps = keys_and_fingerprints(n)
    with tempfile.TemporaryDirectory() as home, dg.instance_for_test(temp_dir=home) as instance:
        instance.add_dynamic_partitions(parts.name, list(fps))
        t = time.perf_counter()
        for k, fp in fps.items():
            instance.report_runless_asset_event(
                dg.AssetObservation(key, partition=k, tags={"dagster/data_version": fp})
            )
        write = time.perf_counter() - t
        t = time.perf_counter()
        latest = instance.event_log_storage.get_latest_tags_by_partition(
            key, DagsterEventType.ASSET_OBSERVATION, ["dagster/data_version"], asset_partitions=list(fps)
        )
        read = time.perf_counter() - t
        assert len(latest) == n
        db = Path(home) / "history" / "runs.db"
        size = sum(p.stat().st_size for p in Path(home).rglob("*.db"))
    return {
        "write_per_unit_ms": write / n * 1e3,
        "read_per_unit_ms": read / n * 1e3,
        "db_bytes_per_unit": size / n,
        "_db": str(db),
    }


def partition_registry(n: int) -> dict[str, float]:
    import dagster as dg

    fps = list(keys_and_fingerprints(n))
    with tempfile.TemporaryDirectory() as home, dg.instance_for_test(temp_dir=home) as instance:
        t = time.perf_counter()
        instance.add_dynamic_partitions("bench_units", fps)
        add = time.perf_counter() - t
        reads = []
        for _ in range(3):
            t = time.perf_counter()
            got = instance.get_dynamic_partitions("bench_units")
            reads.append(time.perf_counter() - t)
        assert len(got) == n
    return {"register_s": add, "read_s": statistics.median(reads)}


def cursor_sizes(n: int) -> dict[str, int]:
    import orjson

    from persona_pipeline.orchestration.defs.sensor_cursor import SensorCursor

    before = orjson.dumps({"units": keys_and_fingerprints(n), "probes": {}, "epoch": "e" * 32, "checked_at": 1e9})
    after = SensorCursor("0" * 32, "e" * 32, 1e9).dumps()
    return {"cursor_before_bytes": len(before), "cursor_after_bytes": len(after)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--units", type=int, nargs="+", default=[5000, 500_000])
    ap.add_argument("--events", type=int, default=2000, help="partitions measured as Dagster events")
    ap.add_argument("--registry", type=int, nargs="+", default=[5000, 50_000])
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.units:
            out[f"warehouse_{n}"] = warehouse_pass(n, Path(tmp))
    ev = dagster_events(args.events)
    out["dagster_events_measured"] = {"partitions": args.events, **{k: v for k, v in ev.items() if k[0] != "_"}}
    for n in args.units:
        out[f"dagster_events_{n}_extrapolated"] = {
            "write_s": ev["write_per_unit_ms"] * n / 1e3,
            "read_s": ev["read_per_unit_ms"] * n / 1e3,
            "db_bytes": ev["db_bytes_per_unit"] * n,
        }
    for n in args.registry:
        out[f"registry_{n}"] = partition_registry(n)
    for n in args.units:
        out[f"cursor_{n}"] = cursor_sizes(n)
    for k, v in out.items():
        print(k, json.dumps(v, default=float))
    if args.json:
        args.json.write_text(json.dumps(out, default=float, indent=1))


if __name__ == "__main__":
    main()
