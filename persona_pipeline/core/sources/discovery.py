"""Finding source units (one transcript file each) and giving them stable, readable keys.

Keys never contain the home-directory user name: `-home-alice-code-api` becomes `code-api`.
Discovery only stats; it never reads file contents.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from pathlib import Path

from persona_pipeline.core.models import SourceKind

SIDE_QUESTION_PREFIX = "agent-aside_question-"  # `/btw`: the person's side question, kept
PRUNE_DIRS = {"node_modules", ".git", "target", ".venv", "venv", "vendor", "build", "__pycache__"}
_HOME_SLUG = re.compile(r"^(?:[A-Za-z]-)?-?(?:Users|home)-[^-]+(?:-|$)")
_UNSAFE = re.compile(r"[^A-Za-z0-9._\-/]")
# rollout-YYYY-MM-DDTHH-MM-SS-<id>.jsonl: the date folder Codex files a live session under
_ROLLOUT_DATE = re.compile(r"rollout-(\d{4})-(\d{2})-(\d{2})T")


# Read-only by convention, not frozen: a frozen dataclass's __init__ costs 2-4x more (one
# object.__setattr__ call per field), and a sensor tick builds one per file.
@dataclass(slots=True)
class SourceUnit:
    key: str
    kind: str  # a `SourceKind`, or a registered reader's kind (`sources/readers.py`)
    location: str | Path  # kept as found: a sensor tick builds thousands and reads none
    size: int
    mtime_ns: int

    @property
    def path(self) -> Path:
        return Path(self.location)

    @property
    def stat_fingerprint(self) -> str:
        return f"{self.size}:{self.mtime_ns}"


@dataclass
class Discovery:
    units: list[SourceUnit]
    ignored: dict[str, int]  # reason -> files


@lru_cache(maxsize=1 << 17)
def _clean_name(name: str) -> str:
    """A file name with unsafe characters replaced; memoised, as every tick sees the same names
    (the lookup is ~3x cheaper than the regex)."""
    return _UNSAFE.sub("_", name)


def clean_slug(slug: str) -> str:
    """Claude project slug without the home prefix (and so without the user name)."""
    cleaned = _HOME_SLUG.sub("", slug).strip("-")
    return _UNSAFE.sub("_", cleaned) or "home"


def walk_dirs(root: Path, ignored: dict[str, int]) -> Iterator[tuple[Path, list[os.DirEntry[str]]]]:
    """Each directory under root with its entries, pruning vendored/build dirs; never follows
    symlinked dirs (loops)."""
    for d, entries in _walk_dir_paths(str(root), ignored):
        yield Path(d), entries


def _walk_dir_paths(root: str, ignored: dict[str, int]) -> Iterator[tuple[str, list[os.DirEntry[str]]]]:
    """`walk_dirs` with each directory as the string os.scandir gives (a sensor tick walks
    hundreds of folders; a Path per folder cost more than its scandir)."""
    stack = [root]
    while stack:
        d = stack.pop()
        try:
            with os.scandir(d) as it:
                entries = list(it)
        except OSError:
            ignored["unreadable_dir"] = ignored.get("unreadable_dir", 0) + 1
            continue
        yield d, entries
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False) and entry.name not in PRUNE_DIRS:
                    stack.append(entry.path)
            except OSError:
                ignored["unreadable_entry"] = ignored.get("unreadable_entry", 0) + 1


def _dir_files(root: str, ignored: dict[str, int]) -> Iterator[tuple[str, list[os.DirEntry[str]]]]:
    """Each directory under root (as a string) with its regular files, pruning as `walk_dirs`
    does, in one pass over each directory's entries (a sensor tick does this for every file)."""
    stack = [root]
    while stack:
        d = stack.pop()
        try:
            with os.scandir(d) as it:
                entries = list(it)
        except OSError:
            ignored["unreadable_dir"] = ignored.get("unreadable_dir", 0) + 1
            continue
        files = []
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name not in PRUNE_DIRS:
                        stack.append(entry.path)
                elif entry.is_file():
                    files.append(entry)
            except OSError:
                ignored["unreadable_entry"] = ignored.get("unreadable_entry", 0) + 1
        yield d, files


def _walk(root: Path, ignored: dict[str, int]) -> Iterator[os.DirEntry[str]]:
    """Files under root (see `walk_dirs`)."""
    for _, files in _dir_files(str(root), ignored):
        yield from files


def is_home_dir(d: Path) -> bool:
    """A home directory (`/home/<user>`, `/Users/<user>`, or this user's): its name is a user name."""
    parts = d.parts
    if len(parts) == 3 and parts[1] in ("home", "Users"):
        return True
    try:
        return d.resolve() == Path.home().resolve()
    except (OSError, RuntimeError):
        return False


def _rel_parts(root: str, path: str) -> list[str]:
    """Path components below root, by string slicing: entries' paths start with the root's own
    string (pathlib costs several µs a call). The root itself has none."""
    rel = path[len(root) :].lstrip(os.sep)
    return rel.split(os.sep) if rel else []


def discover_claude(roots: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    units: list[SourceUnit] = []
    kind, clean_name = SourceKind.CLAUDE, _clean_name
    for root in roots:
        if not root.is_dir():
            continue
        root_str = str(root)
        for d, files in _dir_files(root_str, ignored):
            folder = _rel_parts(root_str, d)  # a file's components are these and its name
            # Subagent transcripts (sibling agent-*.jsonl, or <session>/subagents/…) are the
            # agent talking to itself; the parent session already holds the person's turns.
            in_subagents = "subagents" in folder
            prefix = f"claude/{clean_slug(folder[0])}/" if len(folder) == 1 else None  # once per folder
            for entry in files:
                name = entry.name
                if not name.endswith(".jsonl"):
                    continue
                if in_subagents or (name.startswith("agent-") and not name.startswith(SIDE_QUESTION_PREFIX)):
                    ignored["subagent_file"] = ignored.get("subagent_file", 0) + 1
                    continue
                if prefix is None:
                    ignored["unexpected_layout"] = ignored.get("unexpected_layout", 0) + 1
                    continue
                try:
                    st = entry.stat()  # the only stat: DirEntry caches it
                except OSError:
                    continue
                units.append(SourceUnit(prefix + clean_name(name), kind, entry.path, st.st_size, st.st_mtime_ns))
    return units


def discover_codex(roots: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    units: list[SourceUnit] = []
    kind, clean_name = SourceKind.CODEX, _clean_name
    for root in roots:
        if not root.is_dir():
            continue
        root_str = str(root)
        for d, files in _dir_files(root_str, ignored):
            # the replacement is per character, so the folder's part is cleaned once
            folder = _UNSAFE.sub("_", "/".join(_rel_parts(root_str, d)))
            prefix = f"codex/{folder}/" if folder else "codex/"
            for entry in files:
                name = entry.name
                if not name.startswith("rollout-") or not name.endswith((".jsonl", ".json")):
                    continue
                at = prefix
                if not folder and (m := _ROLLOUT_DATE.match(name)):
                    # archived_sessions/ holds the same files flat: the key a live session had,
                    # so archiving a session neither duplicates nor orphans it
                    at = f"codex/{m[1]}/{m[2]}/{m[3]}/"
                try:
                    st = entry.stat()
                except OSError:
                    continue
                units.append(SourceUnit(at + clean_name(name), kind, entry.path, st.st_size, st.st_mtime_ns))
    return units


def discover_prompt_logs(paths: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    """One unit per prompt log (`sources.prompt_logs`), keyed by agent: `prompt_log/claude/history.jsonl`.
    The agent comes from the folder's name (`.claude`, `.codex`), never from a path that could hold
    a user name."""
    units: list[SourceUnit] = []
    for path in paths:
        try:
            st = path.stat()
        except OSError:
            ignored["unreadable_entry"] = ignored.get("unreadable_entry", 0) + 1
            continue
        agent = {".claude": "claude", ".codex": "codex"}.get(path.parent.name, "other")
        units.append(
            SourceUnit(
                f"prompt_log/{agent}/{_clean_name(path.name)}", SourceKind.PROMPT_LOG, path, st.st_size, st.st_mtime_ns
            )
        )
    return units


_KEY = attrgetter("key")


def unique_keys(units: list[SourceUnit]) -> list[SourceUnit]:
    """Sorted by key; two roots (or two repos of one name) can yield the same key, and later ones
    (by path) get a stable numeric suffix."""
    seen: dict[str, int] = {}
    out: list[SourceUnit] = []
    units = sorted(units, key=_KEY)
    if len(set(map(_KEY, units))) < len(units):  # rare: only then is the path order needed
        units.sort(key=lambda u: (u.key, str(u.location)))
    for u in units:
        n = seen.get(u.key, 0)
        seen[u.key] = n + 1
        out.append(u if n == 0 else SourceUnit(f"{u.key}~{n + 1}", u.kind, u.location, u.size, u.mtime_ns))
    return out


def discover(claude_roots: list[Path], codex_roots: list[Path]) -> Discovery:
    """Transcript units only (the catalog adds instruction files and repositories)."""
    ignored: dict[str, int] = {}
    units = discover_claude(claude_roots, ignored) + discover_codex(codex_roots, ignored)
    return Discovery(unique_keys(units), ignored)
