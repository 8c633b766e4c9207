"""Every source unit of the configured roots, and per unit kind: its fingerprint and its reader.

Four kinds share one partitioning: transcripts (Claude Code, Codex) change when their size or
mtime does; instruction files by content hash (small, and an edit can keep size and mtime);
repositories by HEAD and the author set. Each fingerprint carries its reader's version, so a
reader fix re-reads that kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from persona_pipeline.core.models import ReadResult, SourceKind
from persona_pipeline.core.sources import claude_code, codex, git_history, instructions, probes, prompt_logs
from persona_pipeline.core.sources.discovery import (
    Discovery,
    SourceUnit,
    discover_claude,
    discover_codex,
    discover_prompt_logs,
    unique_keys,
)
from persona_pipeline.core.sources.sample_repos import ensure_sample_repos

READER_VERSIONS = {
    SourceKind.CLAUDE: claude_code.READER_VERSION,
    SourceKind.CODEX: codex.READER_VERSION,
    SourceKind.INSTRUCTIONS: instructions.READER_VERSION,
    SourceKind.GIT: git_history.READER_VERSION,
    SourceKind.PROMPT_LOG: prompt_logs.READER_VERSION,
}


@dataclass(frozen=True)
class Sources:
    claude_dirs: list[Path]
    codex_dirs: list[Path]
    instruction_roots: list[Path] = field(default_factory=list)
    instruction_files: list[Path] = field(default_factory=list)
    git_roots: list[Path] = field(default_factory=list)
    author_emails: list[str] = field(default_factory=list)
    sample_bundles: Path | None = None  # clone these into the first git root before discovery
    prompt_logs: list[Path] = field(default_factory=list)
    # Sessions whose prompts a prompt log must leave out (they have a transcript, or were
    # forgotten) and forgotten project folders; set by ingest (`ingest.prompt_log_filters`).
    skip_sessions: frozenset[str] = frozenset()
    skip_project: Callable[[str], bool] | None = None

    def discover(self, prepare: bool = True) -> Discovery:
        """Every unit under the roots. `prepare=False` (read-only callers) skips cloning the
        sample's repositories: their units are then simply not seen until a run clones them."""
        ignored: dict[str, int] = {}
        if prepare and self.sample_bundles is not None and self.git_roots:
            ensure_sample_repos(self.sample_bundles, self.git_roots[0])
        units = (
            discover_claude(self.claude_dirs, ignored)
            + discover_codex(self.codex_dirs, ignored)
            + instructions.discover_instructions(self.instruction_roots, self.instruction_files, ignored)
            + git_history.discover_repos(self.git_roots, ignored)
            + discover_prompt_logs(self.prompt_logs, ignored)
        )
        return Discovery(unique_keys(units), ignored)

    def fingerprint(self, unit: SourceUnit) -> str:
        if unit.kind is SourceKind.INSTRUCTIONS:
            change = instructions.content_fingerprint(unit.path)
        elif unit.kind is SourceKind.GIT:
            change = git_history.repo_fingerprint(unit.path, self.author_emails)
        else:  # transcripts and prompt logs: append-only files
            change = unit.stat_fingerprint
        return f"{change}:{READER_VERSIONS[unit.kind]}"

    def fingerprints(
        self, units: list[SourceUnit], reuse: Mapping[str, tuple[str, str]] | None = None
    ) -> tuple[dict[str, str], dict[str, str]]:
        """key -> `fingerprint(unit)` for many units, and key -> probe (`sources.probes`) for the
        kinds whose fingerprint reads the source (instruction files, repositories).

        With `reuse` (key -> (probe, fingerprint) from an earlier pass), such a unit whose probe
        is unchanged keeps that fingerprint instead of being hashed again. Transcripts' (size and
        mtime) are formatted inline: a sensor tick does this for thousands of them (an Enum's
        hash is a Python call, so the reader versions are looked up once)."""
        claude, codex = READER_VERSIONS[SourceKind.CLAUDE], READER_VERSIONS[SourceKind.CODEX]
        claude_kind, codex_kind, log_kind = SourceKind.CLAUDE, SourceKind.CODEX, SourceKind.PROMPT_LOG
        log = READER_VERSIONS[log_kind]
        probed: dict[str, str] = {}
        # one comprehension in the units' order (a loop with branches costs ~25 % more)
        out = {
            u.key: f"{u.size}:{u.mtime_ns}:{claude}"
            if u.kind is claude_kind
            else f"{u.size}:{u.mtime_ns}:{codex}"
            if u.kind is codex_kind
            else f"{u.size}:{u.mtime_ns}:{log}"
            if u.kind is log_kind
            else self._probed_fingerprint(u, reuse, probed)
            for u in units
        }
        return out, probed

    def _probed_fingerprint(
        self, unit: SourceUnit, reuse: Mapping[str, tuple[str, str]] | None, probed: dict[str, str]
    ) -> str:
        probed[unit.key] = probe = self._probe(unit)
        earlier = reuse.get(unit.key) if reuse else None
        return earlier[1] if earlier and earlier[0] == probe else self.fingerprint(unit)

    def _probe(self, unit: SourceUnit) -> str:
        """What must stay the same for `fingerprint(unit)` to be reused: the file's (or the
        repository's HEAD files') stats, its path, the reader version and, for a repository,
        the author emails (they are part of its fingerprint)."""
        if unit.kind is SourceKind.GIT:
            change = f"{probes.repo_probe(unit.location)}|{','.join(self.author_emails)}"
        else:
            change = probes.file_probe(unit.location)
        return f"{READER_VERSIONS[unit.kind]}|{unit.location}|{change}"

    def read(self, unit: SourceUnit) -> ReadResult:
        if unit.kind is SourceKind.CLAUDE:
            return claude_code.read_claude(unit.path)
        if unit.kind is SourceKind.CODEX:
            return codex.read_codex(unit.path)
        if unit.kind is SourceKind.INSTRUCTIONS:
            return instructions.read_instructions(
                unit, explicit=self._explicit(unit.path), author_emails=self.author_emails
            )
        if unit.kind is SourceKind.PROMPT_LOG:
            return prompt_logs.read_prompt_log(unit.path, self.skip_sessions.__contains__, self.skip_project)
        return git_history.read_git(unit, self.author_emails)

    def _explicit(self, path: Path) -> bool:
        resolved = path.resolve()
        return any(f.expanduser().resolve() == resolved for f in self.instruction_files)
