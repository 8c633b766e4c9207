"""What erasure's compaction costs: the warehouse rewritten into a fresh file and swapped in
(`core/warehouse/compact.py`), on synthetic warehouses of growing size.

    python bench/compaction_bench.py [--rows 100000 500000]

Per size: the file before and after erasing one project (~1 % of the rows), the time of the
delete alone, and of the compaction (copy + swap). (That erased text stays readable in freed
blocks without compaction is shown on a real run by `persona_pipeline_tests/test_erasure_bytes.py`;
DuckDB compresses these synthetic strings, so their bytes say nothing either way.)
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

import polars as pl

from persona_pipeline.core.warehouse import store
from persona_pipeline.core.warehouse.compact import compact

LETTERS = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _fill(path: Path, rows: int, rng: random.Random) -> None:
    projects = [f"proj{i:02d}" for i in range(100)]
    with store.connect(path) as con:
        for start in range(0, rows, 50_000):
            n = min(50_000, rows - start)
            units = [f"claude/{projects[(start + i) % 100]}/s{(start + i) // 40}.jsonl" for i in range(n)]
            frame = pl.DataFrame(
                {
                    "evidence_id": [f"{start + i:032x}" for i in range(n)],
                    "unit_key": units,
                    "source_kind": ["claude"] * n,
                    "tier": ["T2"] * n,
                    "kind": ["prompt"] * n,
                    # high-entropy text (no string compression applies), ~300 characters a row
                    "excerpt": [f"marker{start + i}q " + "".join(rng.choices(LETTERS, k=300)) for i in range(n)],
                    "project": [u.split("/")[1] for u in units],
                    "timestamp": ["2026-10-01T10:00:00Z"] * n,
                    "line_no": list(range(n)),
                }
            )
            with store.transaction(con):
                store.insert_frame(con, "evidence", frame)
                store.insert_frame(
                    con,
                    "units",
                    pl.DataFrame(
                        {"unit_key": sorted(set(units)), "project": [u.split("/")[1] for u in sorted(set(units))]}
                    ),
                )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, nargs="+", default=[100_000, 500_000])
    args = ap.parse_args()
    rng = random.Random(7)
    print("| evidence rows | file before | delete 1 project | file after delete | compaction | file after |")
    print("| --- | --- | --- | --- | --- | --- |")
    for rows in args.rows:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "warehouse.duckdb"
            _fill(path, rows, rng)
            with store.connect(path) as con:
                con.execute("CHECKPOINT")
                keys = [r[0] for r in con.execute("SELECT unit_key FROM units WHERE project = 'proj07'").fetchall()]
            size0 = path.stat().st_size
            t = time.perf_counter()
            with store.connect(path) as con:
                store.delete_units(con, keys)
                con.execute("CHECKPOINT")
            t_delete = time.perf_counter() - t
            size1 = path.stat().st_size
            done = compact(path)
            print(
                f"| {rows:,} | {size0 / 1e6:.1f} MB | {t_delete:.2f} s | {size1 / 1e6:.1f} MB | {done.seconds:.2f} s "
                f"| {done.bytes_after / 1e6:.1f} MB |"
            )


if __name__ == "__main__":
    main()
