"""The one partitioning of the pipeline: source units (transcript files)."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import dagster as dg

SOURCE_UNITS = "source_units"
source_units = dg.DynamicPartitionsDefinition(name=SOURCE_UNITS)


def partitions_epoch(path: Path) -> str:
    """The current epoch of the source-unit partitions ("" before any deletion).

    It moves whenever partitions are deleted outside the sensor's own requests (`persona forget`,
    `persona run` or the schedule unregistering vanished files): a tick that finds the files as
    its cursor left them skips reading the registered set only while the epoch is as the cursor
    saw it. A file in the data dir rather than a Dagster KV value: a tick reads it in ~10 µs
    instead of 1.5-6 ms (SQLite storage opens an engine per call), and whoever deletes
    partitions shares the sensor's data dir anyway (it holds the warehouse they both write)."""
    try:
        return path.read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return ""


def add_source_units(instance: dg.DagsterInstance, keys: list[str], epoch_path: Path) -> None:
    """Register the partitions not registered yet. Two `persona run`s (or a run and the daemon's
    sensor) planned from the same registered set would both insert a key, and Dagster's insert
    fails on a duplicate: registering is serialised by a lock beside the epoch and re-reads the
    registered set under it; a sensor's request landing in between (the daemon takes no lock of
    ours) is answered by one more re-read."""
    from filelock import FileLock
    from sqlalchemy.exc import IntegrityError

    if not keys:
        return
    epoch_path.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(epoch_path.with_name(f"{epoch_path.name}.lock"), timeout=600):
        for attempt in range(3):
            have = set(instance.get_dynamic_partitions(SOURCE_UNITS))
            todo = [k for k in keys if k not in have]
            if not todo:
                return
            try:
                instance.add_dynamic_partitions(SOURCE_UNITS, todo)
                return
            except IntegrityError:
                if attempt == 2:
                    raise


def delete_source_units(instance: dg.DagsterInstance, keys: list[str], epoch_path: Path) -> None:
    """Unregister these partitions, then move the epoch on (after: a tick that read the old
    epoch before the deletion re-reads the registered set on its next tick)."""
    for key in keys:
        instance.delete_dynamic_partition(SOURCE_UNITS, key)
    if keys:
        bump_epoch(epoch_path)


def bump_epoch(epoch_path: Path) -> None:
    """Move the epoch on: the sensor's next tick compares the roots with the warehouse."""
    epoch_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = epoch_path.with_name(f"{epoch_path.name}.{uuid.uuid4().hex}.tmp")
    tmp.write_text(uuid.uuid4().hex, encoding="ascii")
    os.replace(tmp, epoch_path)  # a reader sees the old epoch or the new one, never a torn one


def range_tags(keys_in_order: list[str], trigger: str) -> dict[str, str]:
    """Run tags for one run over the range spanning `keys_in_order` (insertion order: dynamic
    ranges are not lexical); pair with an `only_units` config to do exactly those keys."""
    return {
        "dagster/asset_partition_range_start": keys_in_order[0],
        "dagster/asset_partition_range_end": keys_in_order[-1],
        "persona/trigger": trigger,
    }


def selected_keys(partition_keys: list[str], only_units: list[str] | None) -> list[str]:
    """The run's keys, restricted to `only_units` when given (None: every key in the range)."""
    if only_units is None:
        return list(partition_keys)
    wanted = set(only_units)
    return [k for k in partition_keys if k in wanted]
