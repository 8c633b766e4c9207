"""`persona pack [--project P | --global]`: compile the pack from what is stored (rules, review
decisions, settings; no model call), write its files, and print the whole pack, its global part,
or one project's part."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from persona_pipeline.core.config import load_settings


def add_parser(sub: Any) -> None:
    pk = sub.add_parser("pack", help="compile the pack from stored rules and print it, or one project's part")
    which = pk.add_mutually_exclusive_group()
    which.add_argument("--project", metavar="P", help="only what applies in project P (its own rules and directives)")
    which.add_argument("--global", dest="global_only", action="store_true", help="only the global part")
    pk.set_defaults(func=cmd_pack)


def cmd_pack(args: argparse.Namespace) -> int:
    settings = load_settings()
    if not settings.warehouse_path.exists():
        print("persona: no warehouse yet; run `persona run` first", file=sys.stderr)
        return 2
    from persona_pipeline.persona.compile import build_pack
    from persona_pipeline.persona.pack import GLOBAL_FILE, PROJECTS_DIR, project_file_name, write_pack

    pack = build_pack(settings)
    out = settings.data_dir / "persona"
    md, _ = write_pack(pack, out)  # the same files the persona_pack asset writes (deterministic)
    if args.project is not None:
        text = pack.project_markdown.get(args.project)
        if text is None:
            known = ", ".join(sorted(pack.project_markdown)) or "none"
            print(f"persona: no part of the pack is confined to {args.project!r} (projects: {known})", file=sys.stderr)
            return 1
        path = out / PROJECTS_DIR / project_file_name(args.project)
    elif args.global_only:
        text, path = pack.global_markdown, out / GLOBAL_FILE
    else:
        text, path = pack.markdown, md
    sys.stdout.write(text)
    print(f"persona: written to {path}", file=sys.stderr)
    return 0
