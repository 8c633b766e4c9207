"""Runs refuse a throwaway instance.

`dagster dev` / `dg dev` without DAGSTER_HOME start a temporary instance (`.tmp_dagster_home_*`)
whose default-on automation would still write the real warehouse and PERSONA.md behind the
project's own instance (a second daemon on the same data). Steps and sensors refuse to run there
and say how to start the UI on the project's instance.
"""

from pathlib import Path
from typing import Any

import dagster as dg

THROWAWAY_PREFIX = ".tmp_dagster_home"


def throwaway_instance_problem(instance: Any, settings: Any) -> str | None:
    root = getattr(instance, "root_directory", None)
    if root and Path(root).name.startswith(THROWAWAY_PREFIX):
        return (
            f"this Dagster instance is a temporary one ({root}); start the UI on the project's instance: "
            f"DAGSTER_HOME={settings.dagster_home} dg dev (or dagster dev -w workspace.yaml)"
        )
    return None


def refuse_throwaway(instance: Any, settings: Any) -> None:
    problem = throwaway_instance_problem(instance, settings)
    if problem:
        raise dg.Failure(description=problem, allow_retries=False)
