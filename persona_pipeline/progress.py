"""A minimal stderr progress bar, drawn only when the CLI asks for it and stderr is a terminal."""

from __future__ import annotations

import os
import sys

ENV = "PERSONA_PROGRESS"


def report(done: int, total: int, label: str = "units") -> None:
    if os.environ.get(ENV) != "1" or not sys.stderr.isatty() or total <= 0:
        return
    width = 30
    filled = int(width * done / total)
    bar = "#" * filled + "-" * (width - filled)
    end = "\n" if done >= total else ""
    sys.stderr.write(f"\r[{bar}] {done}/{total} {label}{end}")
    sys.stderr.flush()
