"""`persona search` behind the argument parser: settings, errors as exit codes, output."""

from __future__ import annotations

import argparse
import sys


def run_search(args: argparse.Namespace) -> int:
    import duckdb

    from persona_pipeline.core.config import load_settings
    from persona_pipeline.search.index import WarehouseMissing, preload
    from persona_pipeline.search.query import search
    from persona_pipeline.search.render import render

    query = " ".join(args.query).strip()
    if not query:
        print("persona search: give some words to search for", file=sys.stderr)
        return 2
    if args.limit < 1:
        print("persona search: --limit must be at least 1", file=sys.stderr)
        return 2
    settings = load_settings()
    preload()  # library imports are start-up, not search time (`took_ms`)
    try:
        response = search(settings, query, kind=args.kind, project=args.project, limit=args.limit)
    except WarehouseMissing:
        print(f"persona search: no warehouse at {settings.warehouse_path}; run `persona run` first", file=sys.stderr)
        return 2
    except duckdb.IOException:
        print(
            "persona search: the warehouse is locked by another process (a `persona run`?); try again shortly",
            file=sys.stderr,
        )
        return 1
    print(response.model_dump_json() if args.json else render(response))
    return 0
