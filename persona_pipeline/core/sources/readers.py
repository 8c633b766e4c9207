"""The reader contract: how an agent's history becomes source units, and the registry of readers.

One module per agent under `core/sources/` declares a module-level `READER = Reader(...)` and is
listed once in `AGENT_MODULES`. Everything else takes its readers from here, with no per-agent
code: settings (`PERSONA_<SETTING>` and `<setting>` in persona.toml, e.g. `PERSONA_COPILOT_DIRS`),
the sample fallback, the catalog (discovery, fingerprints, reads), the partitions and the sensor
(unit keys), erasure (which keys name a project), the skills and notes stages (which kinds are
agent sessions), the digesters (which kinds are general chat, not coding sessions) and
`persona status` (units by agent).

What a reader must honour:
- Keys are `<kind>/…`, stable across runs and moves of the root, readable, and free of user names
  (no home-directory path component; see `discovery.clean_slug`, `discovery.is_home_dir`).
- Discovery only stats (never reads contents), prunes `discovery.PRUNE_DIRS`, skips absent roots
  silently, and counts what it ignores by reason in `ignored`.
- The fingerprint is what must change for a unit to be read again, read without opening the file
  where possible: `None` means size and mtime (append-only logs and files rewritten whole);
  a database in WAL mode can take writes with its main file's mtime unchanged, so its reader
  stats the `-wal` too (`wal_fingerprint`).
- The read streams (bounded memory: line by line, row by row, member by member), keeps only what
  the person typed (T2 prompts, T1 corrections with ~200 chars of the preceding assistant text)
  plus, where the format records tool calls, the activity stream (`sources/activity.py`), counts
  everything dropped by reason in `ReadStats.skips`, and never raises for bad input: a bad line
  or record is a skip, a bad file a `file_error` (`jsonl_stream.FileSkipped` inside `streamed`).
  Turns carry raw text only as far as the Evidence constructor, which redacts.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from persona_pipeline.core.models import ReadResult, ReadStats, Turn
from persona_pipeline.core.sources.discovery import PRUNE_DIRS, SourceUnit, _clean_name
from persona_pipeline.core.sources.jsonl_stream import FileSkipped

# The agent readers, in registration order. A new agent: write its module, add it here.
AGENT_MODULES: tuple[str, ...] = (
    "persona_pipeline.core.sources.claude_code",
    "persona_pipeline.core.sources.codex",
    "persona_pipeline.core.sources.copilot",
    "persona_pipeline.core.sources.cursor",
    "persona_pipeline.core.sources.cursor_cli",
    "persona_pipeline.core.sources.chat_exports",
    "persona_pipeline.core.sources.gemini",
    "persona_pipeline.core.sources.opencode",
    "persona_pipeline.core.sources.aider",
    "persona_pipeline.core.sources.cline",
)

# VS Code and its builds that keep the same `User/` layout (Copilot and the Cline family read them).
VSCODE_FAMILY: tuple[str, ...] = ("Code", "Code - Insiders", "VSCodium")

System = Literal["Linux", "Darwin", "Windows"]
_KIND = re.compile(r"[a-z][a-z0-9_]{0,30}")
_SETTING = re.compile(r"[a-z][a-z0-9_]{0,40}")


@dataclass(frozen=True)
class Host:
    """The machine the default locations are resolved on: its OS, home and environment. Passed
    in (never read at import), so every OS's defaults can be tested on any machine."""

    system: System
    home: Path
    env: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def current(cls) -> Host:
        import platform

        name = platform.system()
        system: System = name if name in ("Darwin", "Windows") else "Linux"  # type: ignore[assignment]
        return cls(system, Path.home(), dict(os.environ))

    def _env_path(self, name: str) -> Path | None:
        value = self.env.get(name)
        return Path(value).expanduser() if value else None

    def config_dir(self) -> Path:
        """Where desktop apps keep settings: `~/.config` (XDG), `~/Library/Application Support`,
        `%APPDATA%`. VS Code and Cursor keep `User/` there."""
        if self.system == "Darwin":
            return self.home / "Library" / "Application Support"
        if self.system == "Windows":
            return self._env_path("APPDATA") or self.home / "AppData" / "Roaming"
        return self._env_path("XDG_CONFIG_HOME") or self.home / ".config"

    def data_dir(self) -> Path:
        """Where CLIs keep data: `~/.local/share` (XDG), `~/Library/Application Support`, `%LOCALAPPDATA%`."""
        if self.system == "Darwin":
            return self.home / "Library" / "Application Support"
        if self.system == "Windows":
            return self._env_path("LOCALAPPDATA") or self.home / "AppData" / "Local"
        return self._env_path("XDG_DATA_HOME") or self.home / ".local" / "share"

    def user_dirs(self, products: tuple[str, ...]) -> list[Path]:
        """VS Code-family `User/` folders (`<config>/<product>/User`), one per product."""
        return [self.config_dir() / p / "User" for p in products]

    def agent_home(self, dot_dir: str, env_var: str | None = None) -> Path:
        """An agent's dot folder in the home directory (`~/.copilot`), moved by `env_var` when set."""
        moved = self._env_path(env_var) if env_var else None
        return moved or self.home / dot_dir


Discover = Callable[[list[Path], dict[str, int]], list[SourceUnit]]
Read = Callable[[SourceUnit], ReadResult]
Stream = Callable[[SourceUnit, ReadStats], Iterator[Turn]]


@dataclass(frozen=True)
class Reader:
    """One agent's history format(s). See the module docstring for what each part must honour."""

    kind: str  # `source_kind` in the warehouse, the key prefix (`<kind>/…`), the label in `persona status`
    agent: str  # the product's name, for people (`persona status`, docs)
    version: str  # part of every fingerprint: bumping it re-reads this kind
    setting: str  # the roots' setting: `<setting>` in persona.toml, `PERSONA_<SETTING>` in the environment
    default_roots: Callable[[Host], list[Path]]  # every candidate (absent ones are skipped silently)
    discover: Discover  # (roots, ignored) -> units; stat-only
    read: Read  # one unit -> turns and stats; never raises for bad input (`streamed` helps)
    fingerprint: Callable[[SourceUnit], str] | None = None  # None: `size:mtime_ns`
    sessions: bool = True  # units are agent sessions: the skills and notes stages read them
    many_sessions: bool = False  # a unit holds many sessions (a database, an export): digested per session
    general_chat: bool = False  # chat-UI conversations, not coding sessions (the digesters' facet rule)
    project_in_key: bool = False  # the key's second segment names the project (`claude/<project>/…`)
    roots_may_be_files: bool = False  # a configured root may be a file (an export zip), not only a folder
    sample_roots: tuple[str, ...] = ()  # folders of the bundled sample (`persona_pipeline/sample/`) in sample mode
    has_history: Callable[[Path], bool] | None = None  # whether a default root holds any; None: discovery finds a unit
    # the agent's global instruction files (`~/.claude/CLAUDE.md`), read by `sources/instructions.py`
    # as T0 directives unless `PERSONA_INSTRUCTION_FILES` says otherwise
    global_instructions: Callable[[Host], list[Path]] | None = None
    # its files live in project folders (Aider's `.aider.chat.history.md`): unset, its roots are
    # its defaults plus the resolved instruction roots (which default to the git roots)
    in_projects: bool = False

    def __post_init__(self) -> None:
        if not _KIND.fullmatch(self.kind) or not _SETTING.fullmatch(self.setting):
            raise ValueError(f"reader kind {self.kind!r} / setting {self.setting!r}: lower-case identifiers only")

    @property
    def env_name(self) -> str:
        return f"PERSONA_{self.setting.upper()}"

    def holds_history(self, root: Path) -> bool:
        """Whether `root` holds at least one unit (deciding between real history and the sample)."""
        if self.has_history is not None:
            return self.has_history(root)
        return bool(self.discover([root], {}))


def streamed(stream: Stream) -> Read:
    """A `Read` from a generator of turns: `FileSkipped` raised inside becomes the unit's
    `file_error` (no turns kept from a file that could not be read as a whole)."""

    def read(unit: SourceUnit) -> ReadResult:
        stats = ReadStats()
        try:
            turns = list(stream(unit, stats))
        except FileSkipped as exc:
            return ReadResult.finish([], stats, exc.reason)
        return ReadResult.finish(turns, stats)

    return read


def stat_of(path: Path) -> str:
    """`size:mtime_ns` of a file, `-` when absent (a stat, never a read)."""
    try:
        st = path.stat()
    except OSError:
        return "-"
    return f"{st.st_size}:{st.st_mtime_ns}"


def wal_fingerprint(unit: SourceUnit) -> str:
    """A SQLite database's change: its own stat and its write-ahead log's. In WAL mode a commit
    appends to `<db>-wal` and the main file changes only at a checkpoint, so the main file's
    mtime alone would miss new chats; both are stats, so a sensor tick still reads nothing."""
    return f"{unit.size}:{unit.mtime_ns}:{stat_of(Path(f'{unit.location}-wal'))}"


def discover_files(
    kind: str,
    roots: list[Path],
    ignored: dict[str, int],
    key_of: Callable[[list[str], str], str | None],
    descend: Callable[[list[str]], bool] | None = None,
) -> list[SourceUnit]:
    """Units for the files under `roots` that `key_of(folders, file name)` names: it returns the
    key after `<kind>/` (made of cleaned names, never a home path), or None to leave the file out.
    `folders` are the file's folder names from the filesystem root (the root's own included), so
    a key function looks at the last few, whether the root is the folder above or the file itself
    — and must never put the leading ones (a home path) in a key. `descend(folders)` says whether a
    folder below a root is walked (an app's data folder holds far more than its chats: the sensor
    stats every folder it enters); the root is always walked. Stat-only; prunes `PRUNE_DIRS`."""
    units: list[SourceUnit] = []
    for root in roots:
        try:
            is_file = root.is_file()
            if not is_file and not root.is_dir():
                continue
            base = [p for p in root.absolute().parts if p not in ("/", "\\")]
            if is_file:
                st = root.stat()
                rest = key_of(base[:-1], root.name)
                if rest is not None:
                    units.append(SourceUnit(f"{kind}/{rest}", kind, root, st.st_size, st.st_mtime_ns))
                continue
        except OSError:
            ignored["unreadable_entry"] = ignored.get("unreadable_entry", 0) + 1
            continue
        stack: list[tuple[str, list[str]]] = [(str(root), base)]
        while stack:
            d, folder = stack.pop()
            try:
                with os.scandir(d) as it:
                    entries = list(it)
            except OSError:
                ignored["unreadable_dir"] = ignored.get("unreadable_dir", 0) + 1
                continue
            for entry in entries:
                try:
                    if entry.is_dir(follow_symlinks=False):
                        sub = [*folder, entry.name]
                        if entry.name not in PRUNE_DIRS and (descend is None or descend(sub)):
                            stack.append((entry.path, sub))
                        continue
                    if not entry.is_file():
                        continue
                    rest = key_of(folder, entry.name)
                    if rest is None:
                        continue
                    st = entry.stat()
                except OSError:
                    ignored["unreadable_entry"] = ignored.get("unreadable_entry", 0) + 1
                    continue
                units.append(SourceUnit(f"{kind}/{rest}", kind, entry.path, st.st_size, st.st_mtime_ns))
    return units


def clean(name: str) -> str:
    """A name as a key component: unsafe characters replaced (`discovery._clean_name`)."""
    return _clean_name(name) or "_"


def has_file_ending(suffix: str) -> Callable[[Path], bool]:
    """`Reader.has_history` for a root holding files ending in `suffix` (stops at the first)."""

    def found(root: Path) -> bool:
        if not root.is_dir():
            return False
        stack = [str(root)]
        while stack:
            d = stack.pop()
            try:
                with os.scandir(d) as it:
                    for entry in it:
                        if entry.is_dir(follow_symlinks=False):
                            if entry.name not in PRUNE_DIRS:
                                stack.append(entry.path)
                        elif entry.name.endswith(suffix):
                            return True
            except OSError:
                continue
        return False

    return found


@lru_cache(maxsize=1)
def registered() -> tuple[Reader, ...]:
    """Every agent reader, in `AGENT_MODULES` order (imported on first use, not at import)."""
    readers = tuple(importlib.import_module(name).READER for name in AGENT_MODULES)
    kinds = [r.kind for r in readers]
    settings = [r.setting for r in readers]
    if len(set(kinds)) != len(kinds) or len(set(settings)) != len(settings):
        raise ValueError(f"two readers share a kind or a setting: {kinds} {settings}")
    return readers


@lru_cache(maxsize=1)
def by_kind() -> dict[str, Reader]:
    return {r.kind: r for r in registered()}


def reader_of(kind: str) -> Reader | None:
    return by_kind().get(kind)


def reader_of_key(key: str) -> Reader | None:
    return by_kind().get(key.split("/", 1)[0])


@lru_cache(maxsize=1)
def session_kinds() -> tuple[str, ...]:
    """Kinds whose units are agent sessions (lessons, skills and session notes come from these)."""
    return tuple(r.kind for r in registered() if r.sessions)


@lru_cache(maxsize=1)
def session_prefixes() -> tuple[str, ...]:
    return tuple(f"{k}/" for k in session_kinds())


@lru_cache(maxsize=1)
def many_session_prefixes() -> tuple[str, ...]:
    """Key prefixes of units holding many sessions (prompt logs too): digests read them one session
    at a time, so a rule's support counts sessions, not files."""
    return ("prompt_log/", *(f"{r.kind}/" for r in registered() if r.many_sessions))


@lru_cache(maxsize=1)
def general_chat_kinds() -> frozenset[str]:
    """Kinds holding general chat-UI conversations: their turns speak to how the person
    communicates, and to how they code only when a turn is about code."""
    return frozenset(r.kind for r in registered() if r.general_chat)


_OWN_LABELS = {"instructions": "instruction files", "git": "git history", "prompt_log": "prompt logs"}


def label(kind: str) -> str:
    """Who a kind's units come from, for people: the reader's agent, or what the kind is."""
    reader = reader_of(kind)
    return reader.agent if reader is not None else _OWN_LABELS.get(kind, kind)


def sql_in(kinds: tuple[str, ...]) -> str:
    """`('a', 'b')` for an SQL `IN`: kinds are checked identifiers, so quoting them is safe."""
    assert all(_KIND.fullmatch(k) for k in kinds)
    return "(" + ", ".join(f"'{k}'" for k in kinds) + ")" if kinds else "(NULL)"


def clear_cache() -> None:
    """Forget the registry (tests that register a reader of their own)."""
    for f in (registered, by_kind, session_kinds, session_prefixes, many_session_prefixes, general_chat_kinds):
        f.cache_clear()


def without_migrated(units: list[SourceUnit], ignored: dict[str, int]) -> list[SourceUnit]:
    """A `<id>.json` beside its own `<id>.jsonl` is one session that its client migrated to the
    append log, leaving the old file: read once, from the log (counted as `migrated_session`)."""
    logs = {u.key[: -len(".jsonl")] for u in units if u.key.endswith(".jsonl")}
    kept = [u for u in units if not (u.key.endswith(".json") and u.key[: -len(".json")] in logs)]
    if len(kept) < len(units):
        ignored["migrated_session"] = ignored.get("migrated_session", 0) + len(units) - len(kept)
    return kept
