"""Configuration: `PERSONA_*` environment variables over an optional `persona.toml`.

Lists are separated by the OS path separator (`:` on POSIX), emails by commas.
"""

from __future__ import annotations

import difflib
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

if TYPE_CHECKING:
    from persona_pipeline.core.sources.catalog import Sources
    from persona_pipeline.core.sources.readers import Reader

REPO_ROOT = Path(__file__).resolve().parents[2]
# the bundled sample corpus ships inside the package (an installed wheel keeps its embedded default)
SAMPLE_DIR = Path(__file__).resolve().parents[1] / "sample"
SAMPLE_AUTHOR_EMAIL = "mara@quill.dev"  # the sample developer's commits

PathList = Annotated[list[Path], NoDecode]
StrList = Annotated[list[str], NoDecode]


def _split_paths(value: Any) -> Any:
    if isinstance(value, str):
        return [Path(p).expanduser() for p in value.split(os.pathsep) if p.strip()]
    if isinstance(value, list):
        return [Path(str(p)).expanduser() for p in value]
    return value


class ConfigError(ValueError):
    """A configuration mistake, said in one line that names the key (or file and line) and the fix."""


# Knobs read where they act (not Settings fields) and the team instance's Postgres variables:
# known, so they are not reported as typos.
_OTHER_ENV = {
    "PERSONA_PROGRESS_FD",
    "PERSONA_CRASH_SEED",
    "PERSONA_CRASH_LOOPS",
}
_OTHER_ENV_PREFIXES = ("PERSONA_PG_",)
CONFIG_FILE = "persona.toml"
_PATH_FIELDS = (
    "data_dir",
    "claude_dirs",
    "codex_dirs",
    "instruction_roots",
    "instruction_files",
    "git_roots",
    "prompt_logs",
)


def default_data_dir() -> Path:
    """One place whatever the current folder: the checkout's `data/` when running from a clone
    (an editable install), else the per-user data dir (an installed wheel)."""
    if (REPO_ROOT / "pyproject.toml").is_file() and (REPO_ROOT / "persona_pipeline").is_dir():
        return REPO_ROOT / "data"
    from platformdirs import user_data_dir

    return Path(user_data_dir("persona_pipeline", appauthor=False))


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="PERSONA_", extra="forbid", validate_default=True)

    data_dir: Path = Field(default_factory=default_data_dir)
    claude_dirs: PathList | None = None
    codex_dirs: PathList | None = None
    instruction_roots: PathList = Field(default_factory=list)
    # None: the agents' global files where present; empty (`PERSONA_INSTRUCTION_FILES=`): none
    instruction_files: PathList | None = None
    git_roots: PathList = Field(default_factory=list)
    # None: the agents' prompt logs where present; empty (`PERSONA_PROMPT_LOGS=`): none
    prompt_logs: PathList | None = None
    author_emails: StrList = Field(default_factory=list)
    # Extra identifiers of the person to redact everywhere (names, handles, host names).
    redact_names: StrList = Field(default_factory=list)
    model: str = "offline"
    max_usd: float = Field(default=5.0, ge=0)
    max_calls: int = Field(default=2000, ge=0)
    digest_concurrency: int = Field(default=8, ge=1, le=64)
    # Across every process on this data dir, per calendar day and month (UTC): sensor- and
    # automation-triggered runs and step processes each start a fresh per-run allowance, these hold.
    max_usd_per_day: float = Field(default=10.0, ge=0)
    max_calls_per_day: int = Field(default=5000, ge=0)
    max_usd_per_month: float = Field(default=50.0, ge=0)
    max_calls_per_month: int = Field(default=20000, ge=0)
    # Keep evidence (transcript turns, commits) only this many days; None keeps everything.
    # Instruction-file directives are current state, not history, and are never aged out.
    retention_days: int | None = Field(default=None, ge=1)
    # What a source file that vanished from the roots costs: "keep" (default) keeps its evidence,
    # shown as "source gone" (agents delete their own transcripts; this may be the only copy);
    # "erase" erases its rows on the next run.
    on_source_removed: Literal["keep", "erase"] = "keep"
    # Review (`persona review`): "all" compiles every rule not rejected (new ones are marked in
    # persona.json); "required" compiles only the rules the person accepted (and directives,
    # which are their own written words).
    review: Literal["all", "required"] = "all"
    # Freshness: a rule's score halves for every this many days it goes without new evidence,
    # counted back from the newest evidence in the corpus (not the calendar: an archive that is
    # not updated does not rot); below `persona.freshness.STALE_BELOW` it leaves the pack.
    half_life_days: float = Field(default=180.0, gt=0)
    # "strict": a learned rule whose wording is not framed as standing keeps only the sessions that
    # restate it (persona/durable), so fewer one-off requests reach the pack at some cost in recall
    # (README, "How good the offline pack is"); off by default until it loses no preference
    oneoff_screen: Literal["off", "strict"] = "off"
    # Orchestration: how often the file sensor and the automation look, and when the schedule runs
    sensor_interval_s: int = Field(default=60, ge=5)
    # at least this often a sensor tick compares the roots with the warehouse even when its
    # watermark says nothing moved (an edit that keeps every stat, a partition deleted in the UI)
    sensor_recheck_s: int = Field(default=900, ge=0)
    automation_interval_s: int = Field(default=30, ge=5)
    schedule_cron: str = "0 3 * * *"
    # Optional endpoint override for the litellm backend (a local server, a proxy). The key is
    # read from the environment only and never stored.
    api_base: str | None = None
    api_key: str | None = Field(default=None, repr=False)
    # The roots of the agent readers that have no field above, by the reader's setting name
    # (`copilot_dirs` <- PERSONA_COPILOT_DIRS or `copilot_dirs` in persona.toml); absent: the
    # reader's default locations. Filled by `_ReaderRootsSource` from the registry.
    reader_roots: dict[str, list[Path]] = Field(default_factory=dict)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        path = find_config_file()
        data = read_config_file(path) if path else {}
        in_file = {k: data.pop(k) for k in list(data) if k in _reader_settings()}
        # the environment's reader roots over the file's (the sources' dicts are merged, earlier wins)
        return (
            init_settings,
            _ReaderRootsSource(settings_cls, os.environ),
            env_settings,
            _DictSource(settings_cls, data),
            _ReaderRootsSource(settings_cls, in_file),
        )

    @field_validator(
        "claude_dirs", "codex_dirs", "instruction_roots", "instruction_files", "git_roots", "prompt_logs", mode="before"
    )
    @classmethod
    def _paths(cls, value: Any) -> Any:
        return _split_paths(value)

    @field_validator("author_emails", "redact_names", mode="before")
    @classmethod
    def _commas(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [v.strip() for v in value.split(",") if v.strip()]
        return value

    @field_validator("data_dir", mode="after")
    @classmethod
    def _expand(cls, value: Path) -> Path:
        return value.expanduser().resolve()

    def configured_sources(self) -> bool:
        """Whether any source root or file was set (then the sample corpus is never used)."""
        return (
            any(self.configured_roots(r) is not None for r in _readers())
            or self.instruction_files is not None
            or self.prompt_logs is not None
            or bool(self.git_roots or self.instruction_roots)
        )

    def configured_roots(self, reader: Reader) -> list[Path] | None:
        """A reader's configured roots (a field of its own, or `reader_roots`); None: not set."""
        if reader.setting in Settings.model_fields:
            value: list[Path] | None = getattr(self, reader.setting)
            return value
        return self.reader_roots.get(reader.setting)

    # Default roots: the real history when any supported agent's default location holds some,
    # else the bundled sample corpus (an empty ~/.claude/projects would otherwise give an empty
    # pack, silently).
    def uses_sample(self) -> bool:
        if self.configured_sources():
            return False
        host = _host()
        return not any(r.holds_history(d) for r in _readers() for d in r.default_roots(host))

    # Each agent's roots are its own: configuring one never changes another's default.
    def resolved_roots(self, reader: Reader) -> list[Path]:
        configured = self.configured_roots(reader)
        if configured is not None:
            return configured
        if self.uses_sample():
            return [SAMPLE_DIR / p for p in reader.sample_roots]
        found = [d for d in reader.default_roots(_host()) if d.exists()]
        if reader.in_projects:  # its files sit in the projects: where instruction files are looked for
            found += [r for r in self.resolved_instruction_roots() if r not in found]
        return found

    def resolved_claude_dirs(self) -> list[Path]:
        return self.resolved_roots(_reader("claude"))

    def resolved_codex_dirs(self) -> list[Path]:
        return self.resolved_roots(_reader("codex"))

    def check_roots(self) -> None:
        """Every explicitly configured root must be a readable folder (and every instruction file a
        readable file) before anything runs: a typo must fail loudly, never look like an empty
        history. Default roots that are absent are skipped silently."""
        problems: list[str] = []
        folders = {
            "git_roots": self.git_roots,
            "instruction_roots": self.instruction_roots,
        }
        for name, roots in folders.items():
            for root in roots:
                why = _folder_problem(root)
                if why:
                    problems.append(f"{_env_name(name)}: {root} {why}")
        for reader in _readers():
            for root in self.configured_roots(reader) or []:
                why = _root_problem(root, files_too=reader.roots_may_be_files)
                if why:
                    problems.append(f"{reader.env_name}: {root} {why}")
        for name, files in (("instruction_files", self.instruction_files), ("prompt_logs", self.prompt_logs)):
            for f in files or []:
                why = _file_problem(f)
                if why:
                    problems.append(f"{_env_name(name)}: {f} {why}")
        if problems:
            raise ConfigError("; ".join(problems) + " (fix the path or remove it; nothing was changed)")

    # Instruction files and repositories. In sample mode the bundled sample's repositories (cloned
    # from their bundles under the data dir) and its global CLAUDE.md stand in for the real ones.
    def resolved_git_roots(self) -> list[Path]:
        if self.git_roots:
            return self.git_roots
        return [self.sample_repos_dir] if self.uses_sample() else []

    def resolved_instruction_roots(self) -> list[Path]:
        """Configured roots, else the git roots (repositories hold their own instruction files)."""
        return self.instruction_roots or self.resolved_git_roots()

    def resolved_instruction_files(self) -> list[Path]:
        """Explicit (global) instruction files; the defaults are used only where they exist."""
        if self.instruction_files is not None:
            return self.instruction_files
        if self.uses_sample():
            return [SAMPLE_DIR / "home" / ".claude" / "CLAUDE.md"]
        host = _host()
        return [f for r in _readers() if r.global_instructions for f in r.global_instructions(host)]

    def resolved_prompt_logs(self) -> list[Path]:
        """The agents' prompt logs (they outlive the transcripts); defaults where present."""
        if self.prompt_logs is not None:
            return self.prompt_logs
        if self.uses_sample():
            return []
        return [f for f in (claude_home() / "history.jsonl", codex_home() / "history.jsonl") if f.is_file()]

    def resolved_author_emails(self) -> list[str]:
        if self.author_emails:
            return self.author_emails
        return [SAMPLE_AUTHOR_EMAIL] if self.uses_sample() else []

    def sources(self) -> Sources:
        from persona_pipeline.core.sources.catalog import Sources

        return Sources(
            claude_dirs=self.resolved_claude_dirs(),
            codex_dirs=self.resolved_codex_dirs(),
            agent_roots={r.kind: self.resolved_roots(r) for r in _readers() if r.kind not in ("claude", "codex")},
            instruction_roots=self.resolved_instruction_roots(),
            instruction_files=self.resolved_instruction_files(),
            git_roots=self.resolved_git_roots(),
            prompt_logs=self.resolved_prompt_logs(),
            author_emails=self.resolved_author_emails(),
            sample_bundles=SAMPLE_DIR / "repos" if self.uses_sample() and not self.git_roots else None,
        )

    @property
    def sample_repos_dir(self) -> Path:
        return self.data_dir / "sample_repos"

    @property
    def warehouse_path(self) -> Path:
        return self.data_dir / "warehouse.duckdb"

    @property
    def partitions_epoch_path(self) -> Path:
        """Rewritten whenever source-unit partitions are deleted outside the sensor (see
        `defs.partitions.delete_source_units`)."""
        return self.data_dir / "source_units.epoch"

    @property
    def dagster_home(self) -> Path:
        return Path(os.environ.get("DAGSTER_HOME") or self.data_dir / "dagster_home")

    @property
    def redaction_key_path(self) -> Path:
        return self.data_dir / "secrets" / "redaction.key"


def _readers() -> tuple[Reader, ...]:
    from persona_pipeline.core.sources.readers import registered

    return registered()


def _reader(kind: str) -> Reader:
    from persona_pipeline.core.sources.readers import by_kind

    return by_kind()[kind]


def _reader_settings() -> dict[str, Reader]:
    """The registered readers without a Settings field of their own, by setting name."""
    return {r.setting: r for r in _readers() if r.setting not in Settings.model_fields}


def _host() -> Any:
    from persona_pipeline.core.sources.readers import Host

    return Host.current()


class _ReaderRootsSource(PydanticBaseSettingsSource):
    """`reader_roots` from `PERSONA_<SETTING>` variables (or persona.toml keys) of the registered
    readers: a new reader brings its setting without a field here."""

    def __init__(self, settings_cls: type[BaseSettings], values: Mapping[str, Any]) -> None:
        super().__init__(settings_cls)
        self._values = values

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        roots = {}
        for name, reader in _reader_settings().items():
            value = self._values.get(reader.env_name, self._values.get(name))
            if value is not None:
                roots[name] = _split_paths(value)
        return {"reader_roots": roots} if roots else {}


def claude_home() -> Path:
    return Path(os.environ.get("CLAUDE_CONFIG_DIR") or Path.home() / ".claude").expanduser()


def codex_home() -> Path:
    return Path(os.environ.get("CODEX_HOME") or Path.home() / ".codex").expanduser()


def default_claude_dirs() -> list[Path]:
    return _reader("claude").default_roots(_host())


def default_codex_dirs() -> list[Path]:
    """Live sessions and the ones Codex archived (same rollout files, moved)."""
    return _reader("codex").default_roots(_host())


def _env_name(field_name: str) -> str:
    return f"PERSONA_{field_name.upper()}"


def _root_problem(root: Path, files_too: bool) -> str | None:
    if files_too and root.is_file():
        return _file_problem(root)
    return _folder_problem(root)


def _folder_problem(root: Path) -> str | None:
    if not root.exists():
        return "does not exist"
    if not root.is_dir():
        return "is not a folder"
    if not os.access(root, os.R_OK | os.X_OK):
        return "is not readable"
    return None


def _file_problem(path: Path) -> str | None:
    if not path.exists():
        return "does not exist"
    if not path.is_file():
        return "is not a file"
    if not os.access(path, os.R_OK):
        return "is not readable"
    return None


def find_config_file(start: Path | None = None) -> Path | None:
    """`persona.toml` in the current folder or the nearest one above it (as git finds its repo),
    else the checkout's, else the per-user config dir's."""
    here = (start or Path.cwd()).resolve()
    for d in (here, *here.parents):
        candidate = d / CONFIG_FILE
        if candidate.is_file():
            return candidate
    from platformdirs import user_config_dir

    user_file = Path(user_config_dir("persona_pipeline", appauthor=False)) / CONFIG_FILE
    for candidate in (REPO_ROOT / CONFIG_FILE, user_file):
        if candidate.is_file():
            return candidate
    return None


def _suggest(name: str, known: list[str]) -> str:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def read_config_file(path: Path) -> dict[str, Any]:
    """The file's settings, with relative paths taken from the file's folder. Unknown keys and
    sections are errors: a misspelt `retention_days` must not silently keep everything."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read ({type(exc).__name__})") from None
    readers = _reader_settings()
    known = sorted(set(Settings.model_fields) | set(readers))
    for key, value in data.items():
        if key not in Settings.model_fields and key not in readers:
            hint = " (settings go at the top level, not in a section)" if isinstance(value, dict) else ""
            raise ConfigError(f"{path}: unknown key {key!r}{hint or _suggest(key, known)}")
    base = path.parent
    for key in (*_PATH_FIELDS, *readers):
        if key in data:
            data[key] = _relative_to(data[key], base)
    return data


def _relative_to(value: Any, base: Path) -> Any:
    """Paths in the file are relative to its folder, whatever folder the command runs from."""
    if isinstance(value, list):
        return [str(base / Path(str(v)).expanduser()) for v in value if str(v).strip()]
    if isinstance(value, str):
        return os.pathsep.join(str(base / Path(v).expanduser()) for v in value.split(os.pathsep) if v.strip())
    return value


class _DictSource(PydanticBaseSettingsSource):
    """Settings from an already-read `persona.toml`."""

    def __init__(self, settings_cls: type[BaseSettings], data: dict[str, Any]) -> None:
        super().__init__(settings_cls)
        self._data = data

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        return self._data.get(field_name), field_name, False

    def __call__(self) -> dict[str, Any]:
        return dict(self._data)


def check_environment(environ: Mapping[str, str] | None = None) -> None:
    """Unknown `PERSONA_*` variables are errors (a typo would otherwise be ignored)."""
    env = os.environ if environ is None else environ
    fields = {_env_name(f) for f in Settings.model_fields} | {r.env_name for r in _reader_settings().values()}
    known = sorted(fields | _OTHER_ENV)
    for name in sorted(env):
        if not name.upper().startswith("PERSONA_") or name.upper().startswith(_OTHER_ENV_PREFIXES):
            continue
        if name.upper() not in fields and name.upper() not in _OTHER_ENV:
            raise ConfigError(f"unknown environment variable {name}{_suggest(name.upper(), known)}")


def describe_validation_error(exc: ValidationError) -> str:
    parts = []
    for e in exc.errors():
        loc = ".".join(str(p) for p in e["loc"])
        if e.get("type") == "extra_forbidden":
            parts.append(f"unknown setting {loc!r}{_suggest(loc, sorted(Settings.model_fields))}")
        else:
            parts.append(f"{_env_name(loc)} / {loc}: {e['msg']}")
    return "invalid configuration: " + "; ".join(parts)


def describe_settings(settings: Settings) -> dict[str, Any]:
    """Each setting's effective value and its origin: `env PERSONA_X`, the config file, or default.
    The API key is shown as set or unset only."""
    path = find_config_file()
    in_file = read_config_file(path) if path else {}
    out: dict[str, Any] = {}
    for name in Settings.model_fields:
        env = _env_name(name)
        source = f"env {env}" if env in os.environ else (str(path) if name in in_file else "default")
        value = getattr(settings, name)
        if name == "api_key":
            value = "set" if value else "unset"
        elif isinstance(value, list):
            value = os.pathsep.join(str(v) for v in value) if value else "(none)"
        out[name] = {"value": str(value), "source": source}
    out.pop("reader_roots", None)  # shown per reader below
    for name, reader in _reader_settings().items():
        env = reader.env_name
        source = f"env {env}" if env in os.environ else (str(path) if name in in_file else "default")
        value = settings.reader_roots.get(name)
        shown = "(default locations)" if value is None else os.pathsep.join(map(str, value)) or "(none)"
        out[name] = {"value": shown, "source": source}
    resolved = {f"{r.setting} (resolved)": settings.resolved_roots(r) for r in _readers()}
    resolved |= {
        "git_roots (resolved)": settings.resolved_git_roots(),
        "instruction_files (resolved)": settings.resolved_instruction_files(),
        "prompt_logs (resolved)": settings.resolved_prompt_logs(),
    }
    for name, paths in resolved.items():
        out[name] = {"value": os.pathsep.join(map(str, paths)) or "(none)", "source": "derived"}
    out["sample corpus"] = {"value": str(settings.uses_sample()), "source": "derived"}
    return {"config_file": str(path) if path else None, "settings": out}


def environment_only_model(settings: Settings) -> str | None:
    """The model persona.toml (or the default) names, when `PERSONA_MODEL` overrides it with
    another: runs the UI's daemon starts read their own environment, and would digest again with
    that one. None when there is nothing to warn about."""
    if "PERSONA_MODEL" not in os.environ:
        return None
    path = find_config_file()
    in_file = str((read_config_file(path) if path else {}).get("model", Settings.model_fields["model"].default))
    return in_file if in_file != settings.model else None


def definition_settings() -> Settings:
    """Settings for building the Dagster definitions (sensor intervals, the schedule's cron): the
    same `persona.toml` and environment as every run; a configuration mistake falls back to the
    defaults here, so the code location still loads and the runs report the mistake."""
    try:
        return load_settings()
    except ConfigError:
        return Settings.model_construct()


def load_settings(**overrides: Any) -> Settings:
    """The effective settings; every configuration mistake becomes one `ConfigError`."""
    check_environment()
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        raise ConfigError(describe_validation_error(exc)) from None
