"""Dagster code location. Kept thin and import-light: heavy libraries load inside assets."""

from __future__ import annotations

import dagster as dg

from persona_pipeline.defs.ingest_assets import ingest

defs = dg.Definitions(assets=[ingest])
