"""Every source unit of the configured roots, and per unit kind: its fingerprint and its reader.

Agent histories come from the registered readers (`sources/readers.py`): each declares its
discovery, its fingerprint (size and mtime unless it says otherwise) and its read, so nothing here
names an agent. Three kinds are not agents' and are handled here: instruction files by content
hash (small, and an edit can keep size and mtime), repositories by HEAD and the author set, and
prompt logs by size and mtime. Each fingerprint carries its reader's version, so a reader fix
re-reads that kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from persona_pipeline.core.models import ReadResult, SourceKind
from persona_pipeline.core.sources import git_history, instructions, pasted, probes, prompt_logs, readers
from persona_pipeline.core.sources.discovery import Discovery, SourceUnit, discover_prompt_logs, unique_keys
from persona_pipeline.core.sources.sample_repos import ensure_sample_repos

# The kinds that are not agent readers, and whether their keys' second segment names a project.
_OWN_KINDS: dict[str, tuple[str, bool]] = {
    SourceKind.INSTRUCTIONS: (instructions.READER_VERSION, True),
    SourceKind.GIT: (git_history.READER_VERSION, True),
    SourceKind.PROMPT_LOG: (f"{prompt_logs.READER_VERSION}+{pasted.CLASSIFIER_VERSION}", False),
}


class _Versions(dict[str, str]):
    """kind -> reader version; an agent reader's is taken from the registry on first use (a
    plain dict, so a test can bump one with `monkeypatch.setitem`), with the pasted-material
    classifier's: every agent reader's prompts pass through it (`user_text.typed_part`), so its
    change re-reads them all (a reader that did not use it would only be re-read once too often)."""

    def __missing__(self, kind: str) -> str:
        reader = readers.reader_of(kind)
        if reader is None:
            raise KeyError(kind)
        version = self[kind] = f"{reader.version}+{pasted.CLASSIFIER_VERSION}"
        return version


READER_VERSIONS: dict[str, str] = _Versions({k: v for k, (v, _) in _OWN_KINDS.items()})


def project_in_key(kind: str) -> bool:
    """Whether a unit key of this kind names its project in its second segment."""
    reader = readers.reader_of(kind)
    return reader.project_in_key if reader is not None else _OWN_KINDS.get(kind, ("", False))[1]


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
    # The other agent readers' roots, by reader kind (`config.Settings.reader_roots`); Claude
    # Code's and Codex's are the two fields above.
    agent_roots: Mapping[str, list[Path]] = field(default_factory=dict)

    def roots(self, kind: str) -> list[Path]:
        if kind == SourceKind.CLAUDE:
            return self.claude_dirs
        if kind == SourceKind.CODEX:
            return self.codex_dirs
        return list(self.agent_roots.get(kind, []))

    def discover(self, prepare: bool = True) -> Discovery:
        """Every unit under the roots. `prepare=False` (read-only callers) skips cloning the
        sample's repositories: their units are then simply not seen until a run clones them."""
        ignored: dict[str, int] = {}
        if prepare and self.sample_bundles is not None and self.git_roots:
            ensure_sample_repos(self.sample_bundles, self.git_roots[0])
        units = [u for r in readers.registered() for u in r.discover(self.roots(r.kind), ignored)]
        units += (
            instructions.discover_instructions(self.instruction_roots, self.instruction_files, ignored)
            + git_history.discover_repos(self.git_roots, ignored)
            + discover_prompt_logs(self.prompt_logs, ignored)
        )
        return Discovery(unique_keys(units), ignored)

    def fingerprint(self, unit: SourceUnit) -> str:
        reader = readers.reader_of(unit.kind)
        if reader is not None:
            change = reader.fingerprint(unit) if reader.fingerprint is not None else unit.stat_fingerprint
        elif unit.kind is SourceKind.INSTRUCTIONS:
            change = instructions.content_fingerprint(unit.path)
        elif unit.kind is SourceKind.GIT:
            change = git_history.repo_fingerprint(unit.path, self.author_emails)
        else:  # prompt logs: append-only files
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
        # the kinds fingerprinted by size and mtime, with their versions, looked up once
        by_stat = {r.kind: READER_VERSIONS[r.kind] for r in readers.registered() if r.fingerprint is None}
        by_stat[SourceKind.PROMPT_LOG] = READER_VERSIONS[SourceKind.PROMPT_LOG]
        stat_version = by_stat.get
        probed: dict[str, str] = {}
        # one comprehension in the units' order (a loop with branches costs ~25 % more)
        out = {
            u.key: f"{u.size}:{u.mtime_ns}:{v}"
            if (v := stat_version(u.kind)) is not None
            else self._probed_fingerprint(u, reuse, probed)
            for u in units
        }
        return out, probed

    def _probed_fingerprint(
        self, unit: SourceUnit, reuse: Mapping[str, tuple[str, str]] | None, probed: dict[str, str]
    ) -> str:
        if unit.kind not in _OWN_KINDS:  # an agent reader's own fingerprint (stats only)
            return self.fingerprint(unit)
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
        reader = readers.reader_of(unit.kind)
        if reader is not None:
            return reader.read(unit)
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
