"""Which stored units came from the bundled sample corpus: the keys a run in sample mode saw,
recorded in `<data_dir>/sample_units.json`. Once real sources are configured those units are kept
like any other source gone (a changed setting never erases), but named apart so the run can say
so and `persona forget --sample` can erase exactly them. Keys only, never text."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterable
from pathlib import Path

FILE_NAME = "sample_units.json"


def record(data_dir: Path, keys: Iterable[str]) -> None:
    _write(data_dir, recorded(data_dir) | set(keys))


def recorded(data_dir: Path) -> set[str]:
    try:
        data = json.loads((data_dir / FILE_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    return {k for k in data if isinstance(k, str)} if isinstance(data, list) else set()


def forget(data_dir: Path, keys: Iterable[str]) -> None:
    _write(data_dir, recorded(data_dir) - set(keys))


def _write(data_dir: Path, keys: set[str]) -> None:
    path = data_dir / FILE_NAME
    if not keys:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{uuid.uuid4().hex}.tmp")
    tmp.write_text(json.dumps(sorted(keys)), encoding="utf-8")
    os.replace(tmp, path)
