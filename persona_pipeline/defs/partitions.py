"""The one partitioning of the pipeline: source units (transcript files)."""

from __future__ import annotations

import dagster as dg

SOURCE_UNITS = "source_units"
source_units = dg.DynamicPartitionsDefinition(name=SOURCE_UNITS)
