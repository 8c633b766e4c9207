"""Content-addressed, on-disk cache of model replies.

It only ever holds replies to prompts built from *redacted* evidence. Keyed on everything that
shapes a reply, so a hit is exactly the reply the same request would get, at $0 and no request.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
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

    def purge_quoting(self, excerpts: list[str], min_chars: int = 8) -> int:
        """Delete every reply that quotes any of `excerpts` (erasure: `persona forget` must not
        leave the forgotten words in the cache). A reply's strings of `min_chars` or more are
        looked up in the excerpts; deleting one reply too many costs only a repeated call.
        Returns the replies deleted."""
        haystack = "\x00".join(e for e in excerpts if e)
        if not haystack or not self.root.is_dir():
            return 0
        removed = 0
        for path in self.root.glob("*/*.json"):
            try:
                entry = json.loads(path.read_text(encoding="utf-8"))
                reply = json.loads(entry.get("text", "")) if isinstance(entry, dict) else None
            except (OSError, ValueError):
                continue
            if any(len(s) >= min_chars and s in haystack for s in _strings(reply)):
                path.unlink(missing_ok=True)
                removed += 1
        return removed

    def put(self, key: str, value: dict[str, Any]) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.root.chmod(0o700)  # replies quote (redacted) evidence: keep them the owner's
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(value, f)
        os.replace(tmp, path)  # atomic: a crash never leaves a half-written entry
