"""The litellm lesson builder: a session's redacted rows → windows → strict JSON → grounding.

Built on `core/llm/structured.py` (cache, spend ledger, retries, parse). A session with
nothing to learn from (no tool error, rejection, recovery, correction or confirmation) costs no
call.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from importlib import resources

from persona_pipeline.core.llm.structured import StructuredCaller, map_units, strict_schema
from persona_pipeline.core.models import TurnKind
from persona_pipeline.core.sessions import SessionEvidence, SessionRow
from persona_pipeline.persona.digest.llm_prompt import pack_lines
from persona_pipeline.skills.lessons.ground import ground
from persona_pipeline.skills.lessons.models import DraftLesson, LessonReply, LessonResult
from persona_pipeline.skills.lessons.offline import CONFIRMATION

log = logging.getLogger(__name__)
PROMPT_VERSION = "lessons-v4"  # v4: a tool lesson names no file, path or exit code of its session
PROMPT_FILE = "lessons_v4.md"
WINDOW_CHARS = 12_000
ROW_CHARS = 2_000  # one row's share of a window: excerpts are bounded already, this keeps windows full
_SIGNALS = {
    TurnKind.TOOL_ERROR.value,
    TurnKind.TOOL_REJECTED.value,
    TurnKind.TOOL_RECOVERED.value,
    TurnKind.CORRECTION.value,
}
_CONTEXT_LABEL = {
    TurnKind.TOOL_ERROR.value: "result",
    TurnKind.TOOL_RECOVERED.value: "after failed",
    TurnKind.CORRECTION.value: "after assistant",
}


@lru_cache(maxsize=1)
def system_prompt() -> str:
    return resources.files("persona_pipeline.skills.prompts").joinpath(PROMPT_FILE).read_text(encoding="utf-8")


def worth_a_call(session: SessionEvidence) -> bool:
    return any(
        r.kind in _SIGNALS or (r.kind == TurnKind.PROMPT.value and CONFIRMATION.match(r.excerpt)) for r in session.rows
    )


def render(n: int, row: SessionRow) -> str:
    ctx = ""
    if row.context:
        ctx = f" ({_CONTEXT_LABEL.get(row.kind, 'context')}: {row.context[: ROW_CHARS // 2]})"
    return f"{n}. [{row.kind}]{ctx} {row.excerpt[:ROW_CHARS]}"


def windows(session: SessionEvidence, window_chars: int = WINDOW_CHARS) -> list[list[str]]:
    """Rows grouped into windows of ~window_chars, never splitting a row."""
    return pack_lines((render(n, row) for n, row in enumerate(session.rows, start=1)), window_chars)


def messages(rows: list[str]) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": system_prompt()},
        {"role": "user", "content": "Rows:\n" + "\n".join(rows) + "\nAnswer:"},
    ]


class LitellmLessonBuilder:
    prompt_version = PROMPT_VERSION

    def __init__(self, caller: StructuredCaller, concurrency: int = 8) -> None:
        self.name = caller.model
        self.caller = caller
        self.concurrency = concurrency
        self.schema = strict_schema(LessonReply)

    def _build(self, session: SessionEvidence) -> LessonResult:
        res = LessonResult(unit_key=session.unit_key)
        if not worth_a_call(session):
            return res
        try:
            drafts: list[tuple[DraftLesson, list[str]]] = []
            for rows in windows(session):
                reply = self.caller.call(messages(rows), LessonReply, self.schema, self.prompt_version, res)
                if reply is None:
                    if res.status != "ok":  # failed or budget: nothing stored, retried next run
                        return res
                    continue  # a soft skip: this window taught nothing
                drafts.extend((d, []) for d in reply.lessons)
            res.lessons, res.dropped_quotes = ground(session, drafts, self.name, self.prompt_version)
        except Exception as exc:  # anything unforeseen costs this unit (retried next run), never the batch
            log.warning("litellm lessons of one unit failed (%s)", type(exc).__name__)
            res.lessons = []
            res.status, res.error = "failed", f"unexpected error: {type(exc).__name__}"
        return res

    def build_many(self, sessions: list[SessionEvidence]) -> list[LessonResult]:
        return map_units(self._build, sessions, self.concurrency, "lessons")
