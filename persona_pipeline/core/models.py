"""Records shared by the stages. Text-bearing records never leave memory unredacted."""

from __future__ import annotations

from enum import StrEnum
from operator import attrgetter

from pydantic import BaseModel, ConfigDict, Field


class Tier(StrEnum):
    T0 = "T0"  # instruction-file directive
    T1 = "T1"  # correction / interrupt
    T2 = "T2"  # genuine prompt, commit messages
    T3 = "T3"  # small diffs: corroborates only


class SourceKind(StrEnum):
    CLAUDE = "claude"
    CODEX = "codex"
    INSTRUCTIONS = "instructions"  # CLAUDE.md, AGENTS.md, .cursorrules, copilot-instructions.md …
    GIT = "git"  # one repository's commits by the person
    PROMPT_LOG = "prompt_log"  # an agent's log of typed prompts (~/.claude/history.jsonl, ~/.codex/…)


class TurnKind(StrEnum):
    PROMPT = "prompt"
    CORRECTION = "correction"
    SLASH_COMMAND = "slash_command"
    # the person's reply going through the agent's numbered items by number (`sources/answers.py`):
    # it settles this task's open choices; a rule only where it says it holds beyond the task
    ANSWER = "answer"
    DIRECTIVE = "directive"  # one rule-granular chunk of an instruction file (T0)
    COMMIT_BATCH = "commit_batch"  # ~100 commit messages of one repository, oldest first (T2)
    DIFF = "diff"  # one small commit's diff (T3, corroborates only)
    # Activity: what the agent's tools did, as bounded excerpts (T3; never persona evidence —
    # the persona is what the person said). Feeds skills and session notes.
    TOOL_ERROR = "tool_error"  # text "<Tool>: <call>", context = result excerpt, signal is_error | exit_code:N
    TOOL_REJECTED = "tool_rejected"  # the person refused this call: text "<Tool>: <call>", signal rejected
    TOOL_RECOVERED = "tool_recovered"  # the call succeeded after an error: context = failed call; after_line:N
    FILE_EDIT = "file_edit"  # text "<Tool>: <path>[ (functions: a, b)]"
    TODO = "todo"  # the session's last todo list / plan: one "[status] item" per line


# Kinds the persona digesters read; activity kinds feed skills and notes only.
ACTIVITY_KINDS = frozenset(
    {TurnKind.TOOL_ERROR, TurnKind.TOOL_REJECTED, TurnKind.TOOL_RECOVERED, TurnKind.FILE_EDIT, TurnKind.TODO}
)


class Turn(BaseModel):
    """A kept user-authored turn, as a reader produces it. Holds raw user text: it exists only in
    memory, between the reader and the Evidence constructor."""

    model_config = ConfigDict(frozen=True)

    line_no: int
    byte_offset: int
    entry_uuid: str | None = None
    session_id: str | None = None
    timestamp: str | None = None
    cwd: str | None = None
    tier: Tier
    kind: TurnKind
    correction_signal: str | None = None  # interrupt | rejected_tool_use | turn_aborted | opener
    text: str = Field(repr=False)
    context: str = Field(default="", repr=False)  # tail of the preceding assistant text (T1)
    truncated: bool = False


class TurnIndexRow(BaseModel):
    """What `raw_sessions` stores about a kept turn: positions, lengths and a keyed hash — no text."""

    unit_key: str
    line_no: int
    byte_offset: int
    entry_uuid: str | None
    session_id: str | None
    timestamp: str | None
    role: str = "user"
    tier: Tier
    kind: TurnKind
    correction_signal: str | None
    text_chars: int
    context_chars: int
    text_sha256: str  # HMAC-SHA256 under the local key: a bare hash of "yes" would be guessable
    truncated: bool


class ReadStats(BaseModel):
    """Byte and line accounting for one source unit."""

    raw_bytes: int = 0
    kept_bytes: int = 0
    lines_total: int = 0
    lines_bad: int = 0
    entries_by_type: dict[str, int] = Field(default_factory=dict)
    skips: dict[str, int] = Field(default_factory=dict)  # reason -> count (lines or entries)
    session_id: str | None = None
    cwd: str | None = None
    machine_generated: str | None = None  # why the whole session is not the person's

    def skip(self, reason: str, n: int = 1) -> None:
        self.skips[reason] = self.skips.get(reason, 0) + n

    def saw(self, entry_type: str) -> None:
        self.entries_by_type[entry_type] = self.entries_by_type.get(entry_type, 0) + 1


class ReadResult(BaseModel):
    turns: list[Turn]
    stats: ReadStats
    file_error: str | None = None  # the whole file was skipped, and why

    @classmethod
    def finish(cls, turns: list[Turn], stats: ReadStats, file_error: str | None = None) -> ReadResult:
        """A reader's result: no turns from a skipped or machine-generated file; kept bytes
        counted over what is kept."""
        if file_error or stats.machine_generated:
            return cls(turns=[], stats=stats, file_error=file_error)
        stats.kept_bytes = _kept_bytes(turns)
        return cls(turns=turns, stats=stats)


def _kept_bytes(turns: list[Turn]) -> int:
    """The UTF-8 bytes of every turn's text and context: `sum(_utf8_len(t.text) + _utf8_len(t.context))`
    as one length per field (UTF-8 lengths add up, and `surrogatepass` encodes each code point
    alone), of one join when it is all ASCII (`isascii` is a flag lookup): the fields gathered by
    `map` (no Python step per turn), ~3x cheaper than two calls per turn."""
    total = 0
    for texts in (list(map(_TEXT, turns)), list(map(_CONTEXT, turns))):
        joined = "".join(texts)
        total += len(joined) if joined.isascii() else sum(map(_utf8_len, texts))
    return total


_TEXT, _CONTEXT = attrgetter("text"), attrgetter("context")


def _utf8_len(text: str) -> int:
    """`len(text.encode("utf-8", "surrogatepass"))`: an ASCII text's length without the copy
    (`isascii` is a flag lookup; most kept text is ASCII)."""
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def is_transcript_key(key: str) -> bool:
    """A unit key of an agent session (lessons and notes come from agent sessions only:
    instruction files, repositories, prompt logs and chat exports have none); the registered
    readers say which kinds are sessions (`sources/readers.py`)."""
    from persona_pipeline.core.sources.readers import session_prefixes  # the registry imports this module

    return key.startswith(session_prefixes())


class SessionRecord(BaseModel):
    """What every stored per-session record carries (an `observations`, `lessons` or
    `session_notes` row): where it comes from, the evidence it cites, and what built it."""

    model_config = ConfigDict(frozen=True)

    unit_key: str
    session_id: str | None
    project: str
    evidence_ids: list[str]
    timestamp: str | None
    model: str
    prompt_version: str


class StrictReply(BaseModel):
    """A model's reply, or a part of it: no field beyond the schema (strict JSON schema calls)."""

    model_config = ConfigDict(extra="forbid")
