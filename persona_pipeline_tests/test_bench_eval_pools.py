"""bench/eval_pools.py: the pooled eval the README quotes parses its pool specs and sums seeds."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parent.parent / "bench" / "eval_pools.py"


def _module():  # (bench/ is scripts, not a package)
    spec = importlib.util.spec_from_file_location("eval_pools", _PATH)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["eval_pools"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_pool_specs_expand_to_pool_seed_pairs() -> None:
    m = _module()
    assert m.parse_pools("blind8:1-3, test:2") == [("blind8", 1), ("blind8", 2), ("blind8", 3), ("test", 2)]
    for bad in ("blind8", "blind8:", "blind8:x-2"):
        with pytest.raises((SystemExit, ValueError)):
            m.parse_pools(bad)


def test_pooled_totals_sum_seeds_per_pool_and_leave_failed_runs_out() -> None:
    m = _module()
    row = dict.fromkeys(m.KEYS, 1)
    rows = [
        {"pool": "a", "seed": 1, **row},
        {"pool": "a", "seed": 2, **{**row, "preferences_recalled": 5}},
        {"pool": "b", "seed": 1, **row},
        {"pool": "a", "seed": 3, "error": "exit 1"},
    ]
    out = m.pooled(rows)
    assert out["a"]["preferences_recalled"] == 6 and out["a"]["bullets"] == 2
    assert out["b"]["preferences_recalled"] == 1
    assert set(out) == {"a", "b"}
