"""Configuration: `PERSONA_*` environment variables over an optional `persona.toml`.

Lists are separated by the OS path separator (`:` on POSIX), emails by commas.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, field_validator
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

if TYPE_CHECKING:
    from persona_pipeline.sources.catalog import Sources

REPO_ROOT = Path(__file__).resolve().parents[1]
SAMPLE_DIR = REPO_ROOT / "data" / "sample"
SAMPLE_AUTHOR_EMAIL = "mara@quill.dev"  # the sample developer's commits

PathList = Annotated[list[Path], NoDecode]
StrList = Annotated[list[str], NoDecode]


def _split_paths(value: Any) -> Any:
    if isinstance(value, str):
        return [Path(p).expanduser() for p in value.split(os.pathsep) if p.strip()]
    if isinstance(value, list):
        return [Path(str(p)).expanduser() for p in value]
    return value


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="PERSONA_", toml_file="persona.toml", extra="ignore", validate_default=True
    )

    data_dir: Path = Path("data")
    claude_dirs: PathList | None = None
    codex_dirs: PathList | None = None
    instruction_roots: PathList = Field(default_factory=list)
    instruction_files: PathList = Field(default_factory=list)
    git_roots: PathList = Field(default_factory=list)
    author_emails: StrList = Field(default_factory=list)
    # Extra identifiers of the person to redact everywhere (names, handles, host names).
    redact_names: StrList = Field(default_factory=list)
    model: str = "offline"
    max_usd: float = Field(default=5.0, ge=0)
    max_calls: int = Field(default=2000, ge=0)
    digest_concurrency: int = Field(default=8, ge=1, le=64)
    # Keep evidence (transcript turns, commits) only this many days; None keeps everything.
    # Instruction-file directives are current state, not history, and are never aged out.
    retention_days: int | None = Field(default=None, ge=1)
    # Optional endpoint override for the litellm backend (a local server, a proxy). The key is
    # read from the environment only and never stored.
    api_base: str | None = None
    api_key: str | None = Field(default=None, repr=False)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, env_settings, TomlConfigSettingsSource(settings_cls))

    @field_validator("claude_dirs", "codex_dirs", "instruction_roots", "instruction_files", "git_roots", mode="before")
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

    # Default roots: the real history when it holds any transcript, else the bundled sample
    # corpus (an empty ~/.claude/projects would otherwise give an empty pack, silently).
    def uses_sample(self) -> bool:
        return (
            self.claude_dirs is None
            and self.codex_dirs is None
            and not (
                _has_jsonl(Path.home() / ".claude" / "projects") or _has_jsonl(Path.home() / ".codex" / "sessions")
            )
        )

    def resolved_claude_dirs(self) -> list[Path]:
        if self.claude_dirs is not None:
            return self.claude_dirs
        if self.uses_sample():
            return [SAMPLE_DIR / "claude" / "projects"]
        return [Path.home() / ".claude" / "projects"] if self.codex_dirs is None else []

    def resolved_codex_dirs(self) -> list[Path]:
        if self.codex_dirs is not None:
            return self.codex_dirs
        if self.uses_sample():
            return [SAMPLE_DIR / "codex" / "sessions"]
        return [Path.home() / ".codex" / "sessions"] if self.claude_dirs is None else []

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
        if self.instruction_files:
            return self.instruction_files
        if self.uses_sample():
            return [SAMPLE_DIR / "home" / ".claude" / "CLAUDE.md"]
        return [Path.home() / ".claude" / "CLAUDE.md", Path.home() / ".codex" / "AGENTS.md"]

    def resolved_author_emails(self) -> list[str]:
        if self.author_emails:
            return self.author_emails
        return [SAMPLE_AUTHOR_EMAIL] if self.uses_sample() else []

    def sources(self) -> Sources:
        from persona_pipeline.sources.catalog import Sources

        return Sources(
            claude_dirs=self.resolved_claude_dirs(),
            codex_dirs=self.resolved_codex_dirs(),
            instruction_roots=self.resolved_instruction_roots(),
            instruction_files=self.resolved_instruction_files(),
            git_roots=self.resolved_git_roots(),
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


def _has_jsonl(root: Path) -> bool:
    """Whether a default root holds at least one transcript (stops at the first)."""
    if not root.is_dir():
        return False
    stack = [root]
    while stack:
        d = stack.pop()
        try:
            with os.scandir(d) as it:
                for entry in it:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(Path(entry.path))
                    elif entry.name.endswith(".jsonl"):
                        return True
        except OSError:
            continue
    return False


def load_settings() -> Settings:
    return Settings()
