"""The evidence behind a rule, as `persona explain` and `persona review` print it: one line of
provenance per row, then its redacted excerpt (and the assistant text it answered)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import duckdb

_COLS = (
    "evidence_id",
    "tier",
    "kind",
    "project",
    "session_id",
    "timestamp",
    "unit_key",
    "line_no",
    "excerpt",
    "context",
)


def evidence_rows(con: duckdb.DuckDBPyConnection, evidence_ids: Sequence[str]) -> list[dict[str, Any]]:
    rows = con.execute(
        f"""SELECT {", ".join(_COLS)} FROM evidence WHERE evidence_id IN (SELECT unnest(?))
            ORDER BY timestamp, evidence_id""",
        [list(evidence_ids)],
    ).fetchall()
    return [dict(zip(_COLS, r, strict=True)) for r in rows]


def evidence_lines(
    con: duckdb.DuckDBPyConnection, evidence_ids: Sequence[str], max_lines: int = 12, max_rows: int | None = None
) -> list[str]:
    """All rows in time order; with `max_rows`, the person's strongest words first (tier order:
    corrections, prompts, then commit diffs), and a count of the rest."""
    rows = evidence_rows(con, evidence_ids)
    shown = rows if max_rows is None else sorted(rows, key=lambda r: (r["tier"], r["timestamp"] or ""))[:max_rows]
    out: list[str] = []
    for r in shown:
        out.append(
            f"  - {r['tier']} {r['kind']} · {r['project']} · {r['timestamp'] or '?'} · "
            f"{r['unit_key']}:{r['line_no']} · {r['evidence_id']}"
        )
        if r["context"]:
            out.append(f"      after assistant: {r['context']}")
        out.extend(f"      > {line}" for line in (r["excerpt"] or "").splitlines()[:max_lines])
    if len(shown) < len(rows):
        out.append(f"  … and {len(rows) - len(shown)} more evidence row(s) (`persona explain` lists every one)")
    missing = set(evidence_ids) - {r["evidence_id"] for r in rows}
    if missing:
        out.append(f"  ({len(missing)} evidence row(s) no longer stored: source erased since the pack was built)")
    return out
