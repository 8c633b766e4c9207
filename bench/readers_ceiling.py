"""How far each reader could get against its bare scan if its output work cost nothing.

    python bench/readers_ceiling.py [--repeat 9] [--mb 8] [--only NAME ...]

`bench/readers_bench.py`'s corpora (same generators and seeds as `readers_cpu.py`), timed by
`time.process_time` (minimum of `--repeat` interleaved repeats) four ways: the bare scan; the
reader; the reader with the activity tracker (`activity.Activity`, or `activity_log`'s
`BatchedExcerpts` where a reader imports it) replaced by a stub that keeps nothing; and with
`chat_turns.Conversation.user` a no-op as well (no prompt or correction is made). The last ratio
is a ceiling: what the reader's parse, dispatch, counting and per-file work alone allow, before it
builds any turn. A reader whose ceiling is near the target cannot reach it by cheaper turn
building; only a cheaper pass over the records can. Outputs of the stubbed runs are meaningless
(they are never compared): this measures time only.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import readers_bench as rb  # noqa: E402

from persona_pipeline.core.sources import activity as act  # noqa: E402
from persona_pipeline.core.sources import activity_log  # noqa: E402
from persona_pipeline.core.sources import chat_turns as ct  # noqa: E402


class _NoActivity:
    """`activity.Activity`'s interface, keeping nothing: every call settled, no turn made."""

    def __init__(self, turns: list[Any], *_: object) -> None:
        self.turns = turns

    def call(self, *_: object) -> None: ...
    def result(self, *_: object, **__: object) -> None: ...
    def todo(self, *_: object) -> None: ...
    def done(self, *_: object) -> None: ...
    def finish(self) -> None: ...
    def ok(self, _call_id: str) -> bool:
        return True

    def succeeded(self, *_: object) -> bool:
        return True

    def pending(self, _call_id: str) -> bool:
        return False


_TRACKERS = (act.Activity, activity_log.BatchedExcerpts)


def _stub_trackers() -> list[tuple[Any, str, Any]]:
    """Every reader module's tracker class (`activity.Activity`, or the batched one a reader
    imports by name) replaced by `_NoActivity`; the (module, name, class) to put back."""
    swapped = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("persona_pipeline.core.sources") or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if any(value is t for t in _TRACKERS):
                swapped.append((module, attr, value))
                setattr(module, attr, _NoActivity)
    return swapped


def _cpu(fn: Callable[[], object]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--mb", type=float, default=8.0)
    ap.add_argument("--only", action="append", default=[], help="formats whose name contains this (repeatable)")
    args = ap.parse_args()
    real_user = ct.Conversation.user
    print(f"CPU ms (min of {args.repeat}); ratio = bare / that run")
    with tempfile.TemporaryDirectory(prefix="persona-readers-ceiling-") as tmp:
        for i, (name, reader, make, bare, _) in enumerate(rb.FORMATS):
            if args.only and not any(o in name for o in args.only):
                continue
            root = Path(tmp) / str(i)
            root.mkdir()
            make(root, args.mb, random.Random(i))  # the seed readers_bench.py and readers_cpu.py use
            units = reader.discover([root], {})
            paths = [u.path for u in units]

            def read_all(reader: Any = reader, units: list[Any] = units) -> None:
                [reader.read(u) for u in units]

            read_all()  # warm-up
            runs: dict[str, list[float]] = {"bare": [], "reader": [], "no activity": [], "no activity, no user": []}
            for _ in range(args.repeat):
                runs["bare"].append(_cpu(lambda bare=bare, paths=paths: bare(paths)))
                runs["reader"].append(_cpu(read_all))
                swapped = _stub_trackers()
                try:
                    runs["no activity"].append(_cpu(read_all))
                    ct.Conversation.user = lambda self, *a, **k: None  # type: ignore[method-assign]
                    runs["no activity, no user"].append(_cpu(read_all))
                finally:
                    ct.Conversation.user = real_user  # type: ignore[method-assign]
                    for module, attr, value in swapped:
                        setattr(module, attr, value)
            best = {k: min(v) * 1000 for k, v in runs.items()}
            ratio = {k: "" if k == "bare" else f" ({best['bare'] / ms:.2f})" for k, ms in best.items()}
            cells = [f"{k} {ms:6.1f}{ratio[k]}" for k, ms in best.items()]
            print(f"  {name:40s} " + " | ".join(cells), flush=True)


if __name__ == "__main__":
    main()
