"""`persona install [--claude] [--codex] [--cursor] [--remove]`: put an import of the pack into the
agents' global instruction files, or take it out. Shows the diff and asks first (`--yes` for
scripts); running it twice changes nothing; only the agents' own global files are written
(`$CLAUDE_CONFIG_DIR/CLAUDE.md`, default ~/.claude; `$CODEX_HOME/AGENTS.md`, default ~/.codex),
never a file in a repository.

  - Claude Code: one `@<path>` line, which Claude Code expands into the file at launch, so the
    import always shows the current pack.
  - Codex: AGENTS.md has no import syntax, so the block holds a copy of the pack; `persona
    install --codex` again refreshes it (the diff shows what changed).
  - Cursor keeps User Rules in its settings, not in a file: nothing is written; the command says
    what to paste where.

The block is delimited by two HTML comment lines, so it is found again to replace or remove and
nothing else in the file is touched.
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from persona_pipeline.core.config import claude_home, codex_home, load_settings

BEGIN = "<!-- persona_pipeline:begin (managed by `persona install`; `persona install --remove` takes it out) -->"
END = "<!-- persona_pipeline:end -->"
CODEX_LIMIT_BYTES = 32 * 1024  # Codex's default project_doc_max_bytes: it stops reading beyond it


def add_parser(sub: Any) -> None:
    ins = sub.add_parser("install", help="import the pack into the agents' global instruction files (asks first)")
    ins.add_argument("--claude", action="store_true", help="~/.claude/CLAUDE.md (or $CLAUDE_CONFIG_DIR)")
    ins.add_argument("--codex", action="store_true", help="~/.codex/AGENTS.md (or $CODEX_HOME)")
    ins.add_argument("--cursor", action="store_true", help="print how to use the pack in Cursor (no file is written)")
    ins.add_argument("--remove", action="store_true", help="take the import out again")
    ins.add_argument(
        "--global-only", action="store_true", help="import only the global part (global.md), not the project parts"
    )
    ins.add_argument("--yes", action="store_true", help="apply without asking (scripts)")
    ins.set_defaults(func=cmd_install)


def find_block(text: str) -> tuple[int, int] | None:
    """(start, end) character offsets of the managed block, its lines included; None if absent."""
    start = text.find(BEGIN)
    if start < 0:
        return None
    end = text.find(END, start)
    if end < 0:
        return None
    end += len(END)
    if text.startswith("\n", end):
        end += 1
    return start, end


def with_block(text: str, body: str) -> str:
    block = f"{BEGIN}\n{body.rstrip()}\n{END}\n"
    where = find_block(text)
    if where:
        return text[: where[0]] + block + text[where[1] :]
    if not text.strip():
        return block
    return text.rstrip("\n") + "\n\n" + block


def without_block(text: str) -> str:
    where = find_block(text)
    if not where:
        return text
    before, after = text[: where[0]], text[where[1] :]
    if before.endswith("\n\n"):  # the blank line `with_block` put before it
        before = before[:-1]
    out = before + after
    return "" if not out.strip() else out


class Target:
    def __init__(self, agent: str, path: Path, body: Callable[[Path], str]) -> None:
        self.agent, self.path, self.body = agent, path, body


def targets() -> dict[str, Target]:
    """Each agent's global instruction file (its home moves with CLAUDE_CONFIG_DIR / CODEX_HOME)."""

    def claude(pack: Path) -> str:
        return f"Persona (compiled by persona_pipeline; `persona explain` shows the evidence):\n@{pack}"

    def codex(pack: Path) -> str:
        return (
            "# Persona (a copy of the pack compiled by persona_pipeline; `persona install --codex` refreshes it)\n\n"
            + _demote(pack.read_text(encoding="utf-8"))
        )

    return {
        "claude": Target("Claude Code", claude_home() / "CLAUDE.md", claude),
        "codex": Target("Codex", codex_home() / "AGENTS.md", codex),
    }


def _demote(markdown: str) -> str:
    """The pack's own `# Persona` title dropped (the block has one): one top heading per block."""
    lines = markdown.splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return "\n".join(lines).strip() + "\n"


def plan(target: Target, pack: Path, remove: bool) -> tuple[str, str]:
    before = target.path.read_text(encoding="utf-8") if target.path.exists() else ""
    after = without_block(before) if remove else with_block(before, target.body(pack))
    return before, after


def diff(path: Path, before: str, after: str) -> str:
    return "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True), after.splitlines(keepends=True), f"{path} (now)", f"{path} (after)"
        )
    )


def write(path: Path, text: str) -> None:
    """Atomic, keeping the file's permissions; an emptied file we created is removed."""
    if not text and path.exists():
        path.unlink()
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.persona-{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    if path.exists():
        os.chmod(tmp, path.stat().st_mode & 0o7777)
    os.replace(tmp, path)


def cursor_instructions(pack: Path) -> str:
    return (
        "Cursor: User Rules live in Cursor's settings (Settings → Rules → User Rules), not in a file, so persona "
        "writes nothing for Cursor. Paste the global part there:\n"
        f"    {pack.with_name('global.md')}\n"
        "A project's part (persona pack --project P prints it) belongs in that repository's project rules "
        "(.cursor/rules/<name>.mdc with `alwaysApply: true`), which you add yourself: persona never writes into "
        "repositories."
    )


def cmd_install(args: argparse.Namespace) -> int:
    settings = load_settings()
    chosen = [a for a in ("claude", "codex", "cursor") if getattr(args, a)]
    if not chosen:
        print("persona: say which agent: --claude, --codex and/or --cursor", file=sys.stderr)
        return 2
    out = settings.data_dir / "persona"
    pack = out / ("global.md" if args.global_only else "PERSONA.md")
    if not args.remove and not pack.exists():
        print(f"persona: no pack at {pack} yet; run `persona run` first", file=sys.stderr)
        return 2
    status = 0
    all_targets = targets()
    for agent in chosen:
        if agent == "cursor":
            print(cursor_instructions(out / "PERSONA.md"))
            continue
        status = max(status, _apply(all_targets[agent], pack, args))
    return status


def _apply(target: Target, pack: Path, args: argparse.Namespace) -> int:
    before, after = plan(target, pack, args.remove)
    verb = "remove the pack from" if args.remove else "import the pack into"
    if before == after:
        print(f"{target.agent}: {target.path} is already up to date (nothing to change)")
        return 0
    print(f"{target.agent}: {verb} {target.path}")
    print(diff(target.path, before, after), end="")
    if target.agent == "Codex" and len(after.encode()) > CODEX_LIMIT_BYTES:
        print(
            f"note: the file would be {len(after.encode()):,} bytes; Codex reads only the first "
            f"{CODEX_LIMIT_BYTES:,} (project_doc_max_bytes); consider --global-only"
        )
    if not args.yes:
        if not sys.stdin.isatty():
            print("persona: not applied (no terminal to ask); re-run with --yes to apply", file=sys.stderr)
            return 1
        if input("apply? [y/N] ").strip().lower() not in ("y", "yes"):
            print("not applied")
            return 1
    write(target.path, after)
    print(f"{target.agent}: {'removed from' if args.remove else 'written to'} {target.path}")
    return 0
