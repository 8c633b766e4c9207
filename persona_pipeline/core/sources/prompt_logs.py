"""The agents' prompt logs: `~/.claude/history.jsonl` and `~/.codex/history.jsonl`.

One line per prompt the person typed, and they outlive the transcripts (Claude Code deletes
those after `cleanupPeriodDays`, 30 by default). Shapes (docs/architecture.md, agent formats):
- Claude Code: `{display, pastedContents, timestamp (ms), project, sessionId}`; older lines have no
  `sessionId`. `display` holds `[Pasted text #N +M lines]` markers whose text is in
  `pastedContents`: pasted material, not the person's words, so it is left out and counted.
- Codex: `{session_id | conversation_id, ts (s), text}`.

A prompt whose session has a transcript (on disk, or stored) is left out: the transcript reader
has it, with its context. So a history whose transcripts were cleaned up still yields its prompts
(T2, no context), and nothing is counted twice.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Collection
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from persona_pipeline.core.models import ReadResult, ReadStats, Tier, Turn, TurnKind
from persona_pipeline.core.sources.jsonl_stream import FileSkipped, read_entries
from persona_pipeline.core.sources.pasted import split_pasted
from persona_pipeline.core.sources.user_text import MAX_TURN_CHARS, is_bookkeeping_command

READER_VERSION = "prompt-log-2"
_PASTE_MARKER = re.compile(r"\[(?:Pasted text|Image) #\d+(?: \+\d+ lines)?\]")
# `/name args`: a command line of the client (the log keeps what was typed, not the wrapper)
_SLASH = re.compile(r"/([A-Za-z][\w:-]*)(?:\s+(.*))?", re.S)
_SITTING = uuid.UUID("6f1c2a4e-9d3b-5e7f-8a1b-2c3d4e5f6a7b")  # namespace of derived session ids
_SESSION_IN_NAME = re.compile(r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl?$", re.I)


def session_of_transcript(name: str) -> str | None:
    """The session id a transcript file name carries (Claude `<id>.jsonl`, Codex `rollout-…-<id>.jsonl`)."""
    m = _SESSION_IN_NAME.search(name)
    return m.group(1).lower() if m else None


def _iso(value: Any, scale: float) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        return datetime.fromtimestamp(value / scale, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    except (OverflowError, OSError, ValueError):
        return None


def typed_text(display: str, stats: ReadStats) -> str:
    """What the person typed around any paste markers (the pasted text itself is not theirs)."""
    markers = _PASTE_MARKER.findall(display)
    if markers:
        stats.skip("pasted_text", len(markers))
    return " ".join(_PASTE_MARKER.sub(" ", display).split()) if markers else display.strip()


def read_prompt_log(
    path: Path, skip_session: Callable[[str], bool], skip_project: Callable[[str], bool] | None = None
) -> ReadResult:
    """The log's prompts, minus those of sessions `skip_session` names (they have a transcript, or
    were forgotten) and of projects `skip_project` names (forgotten). Never raises for bad input."""
    stats = ReadStats()
    turns: list[Turn] = []
    seen: set[tuple[str | None, str]] = set()

    def handle(e: dict[str, Any], line_no: int, offset: int) -> None:
        stats.saw("prompt")
        if "display" in e:  # Claude Code's shape; Codex's has `text`
            raw, ts = e.get("display"), _iso(e.get("timestamp"), 1000)
            session, cwd = e.get("sessionId"), e.get("project")
        else:
            raw, ts = e.get("text"), _iso(e.get("ts"), 1)
            session, cwd = e.get("session_id") or e.get("conversation_id"), None
        if not isinstance(raw, str) or not raw.strip():
            stats.skip("no_text")
            return
        session = session.lower() if isinstance(session, str) else None
        if session and skip_session(session):
            stats.skip("in_transcript")
            return
        cwd = cwd if isinstance(cwd, str) else None
        if cwd and skip_project and skip_project(cwd):
            stats.skip("forgotten")
            return
        if session is None:  # older lines name no session: one folder's prompts of one day are one sitting
            session = str(uuid.uuid5(_SITTING, f"{cwd or ''}|{(ts or '')[:10]}"))
        text = typed_text(raw, stats)
        split = split_pasted(text)  # a paste the client did not mark (a chat copy, a log, a plan)
        if split.kinds:
            shapes = "+".join(split.kinds)
            if not split.typed:
                stats.skip(f"pasted:{shapes}")
                return
            stats.skip(f"pasted_span:{shapes}")
            text = split.typed
        m = _SLASH.fullmatch(text)
        if m:
            name, args = m.group(1), (m.group(2) or "").strip()
            if is_bookkeeping_command(name) or not args:
                stats.skip("slash_command")
                return
            text = args  # the words typed after a custom command are the person's
        if text.startswith("!"):  # a shell line run through the client
            stats.skip("shell_command")
            return
        if not text:
            stats.skip("only_pasted")
            return
        if (session, text) in seen:  # the same line logged twice (a resend)
            stats.skip("duplicate_prompt")
            return
        seen.add((session, text))
        truncated = len(text) > MAX_TURN_CHARS
        turns.append(
            Turn(
                line_no=line_no,
                byte_offset=offset,
                session_id=session,
                timestamp=ts,
                cwd=cwd,
                tier=Tier.T2,
                kind=TurnKind.PROMPT,
                text=text[:MAX_TURN_CHARS],
                truncated=truncated,
            )
        )

    try:
        read_entries(path, stats, handle)
    except FileSkipped as exc:
        return ReadResult.finish([], stats, exc.reason)
    return ReadResult.finish(turns, stats)


def transcript_sessions(names: Collection[str]) -> set[str]:
    return {s for n in names if (s := session_of_transcript(n))}
