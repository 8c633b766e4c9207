"""`persona` command line: run the pipeline against the persistent Dagster instance."""

from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import sys
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from persona_pipeline.config import REPO_ROOT, Settings


def _prepare_instance(settings: Settings) -> Any:
    """The same DAGSTER_HOME `dagster dev` uses, so CLI runs show in the UI."""
    home = settings.dagster_home
    home.mkdir(parents=True, exist_ok=True)
    os.environ["DAGSTER_HOME"] = str(home)
    cfg = home / "dagster.yaml"
    template = REPO_ROOT / "dagster.yaml"
    if not cfg.exists() and template.exists():
        shutil.copyfile(template, cfg)
    import dagster as dg

    return dg.DagsterInstance.get()


def _sync_partitions(instance: Any, keys: list[str]) -> list[str]:
    """Register new units; unregister vanished ones. Returns the removed keys."""
    from persona_pipeline.defs.partitions import SOURCE_UNITS

    existing = instance.get_dynamic_partitions(SOURCE_UNITS)
    current = set(keys)
    new = [k for k in keys if k not in set(existing)]
    if new:
        instance.add_dynamic_partitions(SOURCE_UNITS, new)
    removed = [k for k in existing if k not in current]
    for k in removed:
        instance.delete_dynamic_partition(SOURCE_UNITS, k)
    return removed


def _launch(instance: Any, ordered: list[str], stale: list[str]) -> bool:
    """One in-process run over the range spanning the stale units (insertion order); the
    asset processes only the stale ones. Returns success."""
    import dagster as dg

    from persona_pipeline.defs.ingest_assets import ingest

    pos = {k: i for i, k in enumerate(ordered)}
    stale_sorted = sorted(stale, key=pos.__getitem__)
    tags = {
        "dagster/asset_partition_range_start": stale_sorted[0],
        "dagster/asset_partition_range_end": stale_sorted[-1],
        "persona/trigger": "cli",
    }
    result = dg.materialize(
        [ingest],
        instance=instance,
        tags=tags,
        raise_on_error=False,
        run_config={
            "ops": {"ingest": {"config": {"only_units": stale_sorted}}},
            # the run's full event log is in the instance (and the UI); keep the terminal quiet
            "loggers": {"console": {"config": {"log_level": "WARNING"}}},
        },
    )
    return bool(result.success)


def cmd_run(args: argparse.Namespace) -> int:
    try:
        settings = Settings()
    except ValidationError as exc:
        fields = ", ".join(".".join(str(p) for p in e["loc"]) for e in exc.errors())
        print(
            f"persona: configuration error in {fields}: check the PERSONA_* variables and persona.toml", file=sys.stderr
        )
        return 2
    for root in settings.resolved_claude_dirs() + settings.resolved_codex_dirs():
        if not root.exists():
            print(f"persona: configured root does not exist: {root}", file=sys.stderr)
            return 2
    from persona_pipeline.defs.partitions import SOURCE_UNITS
    from persona_pipeline.ingest import fingerprint
    from persona_pipeline.sources.discovery import discover
    from persona_pipeline.warehouse import store

    found = discover(settings.resolved_claude_dirs(), settings.resolved_codex_dirs())
    instance = _prepare_instance(settings)
    keys = [u.key for u in found.units]
    removed = _sync_partitions(instance, keys)
    stored = store.unit_fingerprints(settings.warehouse_path)
    gone = sorted(set(removed) | (set(stored) - set(keys)))
    if gone:
        with store.connect(settings.warehouse_path) as con:
            store.delete_units(con, gone)
    stale = [u.key for u in found.units if stored.get(u.key) != fingerprint(u)]
    ok = True
    if stale:
        os.environ["PERSONA_PROGRESS"] = "0" if args.json else "1"
        ok = _launch(instance, instance.get_dynamic_partitions(SOURCE_UNITS), stale)
    after = store.unit_fingerprints(settings.warehouse_path)
    fps = {u.key: fingerprint(u) for u in found.units}
    failed = [k for k in stale if after.get(k) != fps[k]]
    with store.connect(settings.warehouse_path, read_only=True) as con:
        tot = store.totals(con)
        bad = con.execute("SELECT count(*) FROM units WHERE status = 'skipped_bad'").fetchone()
        machine = con.execute("SELECT count(*) FROM units WHERE status = 'machine_generated'").fetchone()
    summary = {
        "units_seen": len(keys),
        "units_processed": len(stale) - len(failed),
        "units_unchanged": len(keys) - len(stale),
        "units_failed": len(failed),
        "units_skipped_bad": int(bad[0]) if bad else 0,
        "units_machine_generated": int(machine[0]) if machine else 0,
        "units_removed": len(gone),
        "raw_bytes": tot["raw_bytes"],
        "kept_bytes": tot["kept_bytes"],
        "evidence_rows": tot["evidence_rows"],
        "redactions": tot["redactions"],
        "sample_corpus": settings.uses_sample(),
        "warehouse": str(settings.warehouse_path),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        _print_summary(summary, found.ignored)
    if not ok or failed:
        print(
            f"persona: {len(failed)} unit(s) failed; they will be retried next run (see the run in the Dagster UI)",
            file=sys.stderr,
        )
        return 1
    return 0


def _print_summary(s: dict[str, Any], ignored: dict[str, int]) -> None:
    raw, kept = s["raw_bytes"], s["kept_bytes"]
    reduction = 100.0 * (1 - kept / raw) if raw else 0.0
    src = " (bundled sample corpus)" if s["sample_corpus"] else ""
    print(
        f"units: {s['units_seen']} seen{src}, {s['units_processed']} processed, "
        f"{s['units_unchanged']} unchanged, {s['units_failed']} failed, "
        f"{s['units_skipped_bad']} skipped (bad), {s['units_removed']} removed"
    )
    print(f"bytes: {raw:,} raw -> {kept:,} kept ({reduction:.2f}% reduction)")
    print(f"evidence: {s['evidence_rows']} rows, {s['redactions']} redactions")
    if ignored:
        print("ignored files: " + ", ".join(f"{k}={v}" for k, v in sorted(ignored.items())))
    print(f"warehouse: {s['warehouse']}")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="persona", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="discover, register partitions, materialise what is stale")
    run.add_argument("--json", action="store_true", help="print one JSON summary object as the last line of stdout")
    run.set_defaults(func=cmd_run)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
