"""Tombstones: what `persona forget` erased stays forgotten, even while its files still exist.

A small JSON file in the data dir (`forgotten.json`), not a warehouse table: the sensor's tick
reads it in microseconds without waiting for the warehouse's writer lock. It holds unit keys and
project names only (the same strings partition keys show), never text.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from persona_pipeline.core.config import ConfigError

FILE_NAME = "forgotten.json"


def project_of_key(key: str) -> str | None:
    """The project a unit key names (`claude/<project>/…`, `instructions/<project>/…`, `git/<project>`);
    Codex keys are dates and name none (each reader says whether its keys name one)."""
    from persona_pipeline.core.sources.catalog import project_in_key

    parts = key.split("/")
    if len(parts) < 2 or not project_in_key(parts[0]):  # keys without a project: dates, agents, ids
        return None
    return parts[1]


def _scope(key: str) -> str | None:
    """`<kind>/<project>`: what a later unit of the same project shares with this key."""
    project = project_of_key(key)
    return f"{key.split('/')[0]}/{project}" if project else None


@dataclass
class Tombstones:
    units: dict[str, str] = field(default_factory=dict)  # unit key -> the forget target that erased it
    scopes: dict[str, str] = field(default_factory=dict)  # `<kind>/<project>` -> target (project forgets)

    def excludes(self, key: str) -> bool:
        if key in self.units:
            return True
        return bool(self.scopes) and _scope(key) in self.scopes

    def __bool__(self) -> bool:
        return bool(self.units or self.scopes)


def path_in(data_dir: Path) -> Path:
    return data_dir / FILE_NAME


def load(data_dir: Path) -> Tombstones:
    """The tombstones (none when the file is absent). A damaged file is an error, never "nothing
    forgotten": that would re-ingest what the person asked to erase."""
    p = path_in(data_dir)
    try:
        raw = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Tombstones()
    try:
        data = json.loads(raw)
        return Tombstones(dict(data.get("units", {})), dict(data.get("scopes", {})))
    except (ValueError, AttributeError, TypeError) as exc:
        raise ConfigError(
            f"{p} is damaged ({type(exc).__name__}): fix it, or delete it to read forgotten sources again"
        ) from None


def _save(data_dir: Path, t: Tombstones) -> None:
    p = path_in(data_dir)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(f"{p.name}.{uuid.uuid4().hex}.tmp")
    tmp.write_text(json.dumps({"units": t.units, "scopes": t.scopes}, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(tmp, p)


def add(
    data_dir: Path, target: str, keys: Sequence[str], *, whole_project: bool = False, project: str | None = None
) -> None:
    """Record that `forget <target>` erased `keys`; for a project, its later units are kept out too
    (by their `<kind>/<project>` part: a later Codex session names no project in its key), and with
    `project`, prompt-log lines whose folder is that name (`project/<name>`)."""
    t = load(data_dir)
    if project:
        t.scopes.setdefault(f"project/{project}", target)
    for k in keys:
        t.units.setdefault(k, target)
        if whole_project and (scope := _scope(k)):
            t.scopes.setdefault(scope, target)
    _save(data_dir, t)


def remove(data_dir: Path, target: str) -> list[str]:
    """Lift what `forget <target>` recorded (or the tombstone of the unit key `target`). Returns
    the unit keys lifted."""
    t = load(data_dir)
    lifted = [k for k, why in t.units.items() if why == target or k == target]
    for k in lifted:
        del t.units[k]
    scopes = [sc for sc, why in t.scopes.items() if why == target]
    for sc in scopes:
        del t.scopes[sc]
    if lifted or scopes:
        _save(data_dir, t)
    return lifted or scopes
