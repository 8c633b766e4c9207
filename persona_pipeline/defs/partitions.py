"""The one partitioning of the pipeline: source units (transcript files)."""

from __future__ import annotations

import uuid

import dagster as dg

SOURCE_UNITS = "source_units"
source_units = dg.DynamicPartitionsDefinition(name=SOURCE_UNITS)

# Changed whenever source-unit partitions are deleted outside the sensor's own requests (`persona
# forget`, a run or the schedule unregistering vanished files): a tick that finds the files as its
# cursor left them skips reading the registered set only while this is as the cursor saw it.
_EPOCH_KEY = "persona/source_units_epoch"


def partitions_epoch(instance: dg.DagsterInstance) -> str:
    """The current epoch of the source-unit partitions ("" before any deletion)."""
    return instance.daemon_cursor_storage.get_cursor_values({_EPOCH_KEY}).get(_EPOCH_KEY, "")


def delete_source_units(instance: dg.DagsterInstance, keys: list[str]) -> None:
    """Unregister these partitions, then move the epoch on (after: a tick that read the old
    epoch before the deletion re-reads the registered set on its next tick)."""
    for key in keys:
        instance.delete_dynamic_partition(SOURCE_UNITS, key)
    if keys:
        instance.daemon_cursor_storage.set_cursor_values({_EPOCH_KEY: uuid.uuid4().hex})


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
