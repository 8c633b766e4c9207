"""The Dagster code location (`workspace.yaml`, `[tool.dg]`): the definitions live in
`orchestration/definitions.py`, where the CLI builds its runs from them too."""

from persona_pipeline.orchestration.definitions import defs

__all__ = ["defs"]
