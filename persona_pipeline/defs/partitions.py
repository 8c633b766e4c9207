"""The one partitioning of the pipeline: source units (transcript files)."""

from __future__ import annotations

import dagster as dg

SOURCE_UNITS = "source_units"
source_units = dg.DynamicPartitionsDefinition(name=SOURCE_UNITS)


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
