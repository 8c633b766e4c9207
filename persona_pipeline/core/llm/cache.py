"""Content-addressed, on-disk cache of model replies.

It only ever holds replies to prompts built from *redacted* evidence. Keyed on everything that
shapes a reply, so a hit is exactly the reply the same request would get, at $0 and no request.
Each entry also lists the unit keys whose evidence its prompt was built from (`units`), so
erasure finds every reply derived from a unit by key (`purge_units`), not only by what it quotes.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any


def _strings(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node.strip()]
    if isinstance(node, dict):
        return [s for v in node.values() for s in _strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v)]
    return []


def cache_key(**parts: Any) -> str:
    canonical = json.dumps(parts, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ResponseCache:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            return json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def _entries(self) -> Iterator[tuple[Path, dict[str, Any]]]:
        if not self.root.is_dir():
            return
        for path in self.root.glob("*/*.json"):
            try:
                entry = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(entry, dict):
                yield path, entry

    def note_units(self, key: str, unit_keys: Sequence[str]) -> None:
        """A hit served to other units: list them too, so erasing any of them removes the reply."""
        entry = self.get(key)
        if entry is None or not unit_keys:
            return
        known = list(entry.get("units") or [])
        new = [u for u in unit_keys if u not in known]
        if new:
            self._write(self._path(key), {**entry, "units": known + new})

    def purge_units(self, unit_keys: Sequence[str]) -> int:
        """Delete every reply whose prompt was built from any of `unit_keys`. Returns how many."""
        wanted = set(unit_keys)
        removed = 0
        if self.root.is_dir():  # a write a crash cut short holds a reply too
            for tmp in self.root.glob("*/*.tmp"):
                if time.time() - tmp.stat().st_mtime > 60:
                    tmp.unlink(missing_ok=True)
        for path, entry in self._entries() if wanted else ():
            if wanted & set(entry.get("units") or []):
                path.unlink(missing_ok=True)
                removed += 1
        return removed

    def purge_quoting(self, excerpts: list[str], min_chars: int = 8) -> int:
        """Delete every reply that quotes any of `excerpts` (erasure: `persona forget` must not
        leave the forgotten words in the cache). A reply's strings of `min_chars` or more are
        looked up in the excerpts; deleting one reply too many costs only a repeated call.
        Returns the replies deleted."""
        haystack = "\x00".join(e for e in excerpts if e)
        removed = 0
        for path, entry in self._entries() if haystack else ():
            try:
                reply = json.loads(entry.get("text", ""))
            except (TypeError, ValueError):
                continue
            if any(len(s) >= min_chars and s in haystack for s in _strings(reply)):
                path.unlink(missing_ok=True)
                removed += 1
        return removed

    def put(self, key: str, value: dict[str, Any], unit_keys: Sequence[str] = ()) -> None:
        self._write(self._path(key), {**value, "units": list(dict.fromkeys(unit_keys))})

    def _write(self, path: Path, value: dict[str, Any]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.root.chmod(0o700)  # replies quote (redacted) evidence: keep them the owner's
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(value, f)
        os.replace(tmp, path)  # atomic: a crash never leaves a half-written entry
