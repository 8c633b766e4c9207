"""Progress bars (tqdm) on the terminal `persona run` was started from, drawn only when it asks
(`PERSONA_PROGRESS_FD`: a duplicate of its stderr, set without `--json` when stderr is a terminal).
A duplicate, because Dagster captures the steps' own stdout and stderr into its compute logs;
Dagster logs and pipes stay clean.

One bar per label ("reading", "digests", "lessons", "notes"); `report(done, total)` moves it and
closes it at the end. Counts only: never a unit key or any text.
"""

from __future__ import annotations

import os
import sys
from typing import Any

ENV = "PERSONA_PROGRESS_FD"
_bars: dict[str, Any] = {}
_stream: Any = None


def attach_terminal() -> None:
    """Called by the CLI before it launches runs: progress goes to this process's stderr."""
    if sys.stderr.isatty():
        os.environ[ENV] = str(os.dup(sys.stderr.fileno()))


def _terminal() -> Any:
    global _stream
    if _stream is None:
        try:
            _stream = os.fdopen(int(os.environ[ENV]), "w", closefd=False)
        except (KeyError, ValueError, OSError):
            _stream = False
    return _stream


def enabled() -> bool:
    return ENV in os.environ and bool(_terminal())


def report(done: int, total: int, label: str = "reading") -> None:
    if total <= 0 or not enabled():
        return  # report(0, total) before the work starts shows the bar at once
    from tqdm import tqdm

    bar = _bars.get(label)
    if bar is None or bar.total != total:
        if bar is not None:
            bar.close()
        bar = _bars[label] = tqdm(
            total=total, desc=f"{label:>8}", unit="unit", file=_terminal(), leave=True, smoothing=0
        )
    bar.update(max(0, done - bar.n))
    if done >= total:
        bar.close()
        _bars.pop(label, None)
