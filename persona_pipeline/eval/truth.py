"""What a generated corpus planted, per developer: the answer key the scorecard reads."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field

# A term group matches when any of its alternatives occurs in a bullet (word-start, so suffixes
# are fine: "test" matches "tests"); a bullet matches when every group matches.
Terms = list[list[str]]


class Statement(BaseModel):
    """One genuine user turn (or part of one) that states something."""

    file: str  # path relative to the corpus root
    text: str  # the words as typed
    timestamp: str
    correction: bool = False


class Preference(BaseModel):
    id: str
    facet: str
    statement: str  # canonical wording
    terms: Terms
    rejects: list[str] = Field(default_factory=list)  # named as preferred in a bullet = contradicting it
    polarity: str = ""  # prefer | avoid | "" (see pool_data.PrefTemplate)
    statements: list[Statement] = Field(default_factory=list)

    @property
    def sessions(self) -> int:
        return len({s.file for s in self.statements})


class OneOff(BaseModel):
    """A task request: never a persona rule, even when it recurs."""

    id: str
    terms: Terms
    statements: list[Statement] = Field(default_factory=list)


class Contradiction(BaseModel):
    """An older preference (loser) later reversed (winner): the newer must win."""

    id: str
    facet: str
    winner_terms: Terms
    loser_terms: Terms
    winner: list[Statement] = Field(default_factory=list)
    loser: list[Statement] = Field(default_factory=list)


class Placement(BaseModel):
    kind: str  # which scaffolding: tool_result, assistant_text, sidechain, meta, …
    file: str


class Decoy(BaseModel):
    """A preference-shaped text placed only in scaffolding: it is never the person's."""

    id: str
    terms: Terms
    text: str
    placements: list[Placement] = Field(default_factory=list)


class Canary(BaseModel):
    token: str
    kind: str
    file: str


class Secret(BaseModel):
    kind: str
    value: str
    file: str


class Directive(BaseModel):
    text: str  # the chunk as the instruction splitter yields it
    file: str
    scope: str


class DeveloperTruth(BaseModel):
    dev: str  # folder name under the corpus root
    name: str
    account: str
    email: str
    projects: list[str]
    preferences: list[Preference]  # durable: stated in 2–4 sessions (contradiction winners included)
    stated_once: list[Preference]  # a real preference, but said once: must not become a rule
    one_offs: list[OneOff]
    contradictions: list[Contradiction]
    decoys: list[Decoy]
    directives: list[Directive]
    canaries: list[Canary]
    secrets: list[Secret]

    def paths(self, corpus: Path) -> dict[str, Path]:
        root = corpus / self.dev
        return {
            "claude": root / "claude" / "projects",
            "codex": root / "codex" / "sessions",
            "code": root / "code",
            "global_claude_md": root / "home" / ".claude" / "CLAUDE.md",
        }


class Truth(BaseModel):
    seed: int
    generator: str
    pool: str = "dev"  # dev (tuned on) | test (held out)
    developers: list[DeveloperTruth]

    @classmethod
    def load(cls, corpus: Path) -> Truth:
        return cls.model_validate_json((corpus / "truth.json").read_text(encoding="utf-8"))
