"""Builders for test fixtures: transcripts in the documented Claude Code and Codex formats, git
repositories with explicit authors and dates, and a redacted text."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import git
from git import Actor

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline.core.models import Tier
from persona_pipeline.core.warehouse.memory_store import SessionRow

_ids = itertools.count(1)


def _uuid() -> str:
    return f"00000000-0000-4000-8000-{next(_ids):012d}"


def claude_user(text: Any, **extra: Any) -> dict[str, Any]:
    e = {
        "type": "user",
        "uuid": _uuid(),
        "parentUuid": None,
        "sessionId": "sess-1",
        "timestamp": "2026-10-01T10:00:00.000Z",
        "cwd": "/home/alice/code/widget",
        "version": "2.0.14",
        "isSidechain": False,
        "userType": "external",
        "message": {"role": "user", "content": text},
    }
    e.update(extra)
    return e


def claude_assistant(blocks: list[dict[str, Any]], msg_id: str = "msg_01", **extra: Any) -> dict[str, Any]:
    e = {
        "type": "assistant",
        "uuid": _uuid(),
        "sessionId": "sess-1",
        "timestamp": "2026-10-01T10:00:01.000Z",
        "cwd": "/home/alice/code/widget",
        "isSidechain": False,
        "message": {"id": msg_id, "role": "assistant", "content": blocks},
    }
    e.update(extra)
    return e


def text(t: str) -> dict[str, Any]:
    return {"type": "text", "text": t}


def tool_result(content: Any, is_error: bool = False, tool_use_id: Any = "toolu_01abc") -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": tool_use_id, "content": content, "is_error": is_error}


def tool_use(name: Any, inp: Any, call_id: Any = "toolu_01abc") -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": name, "input": inp}


def claude_call(call_id: str, name: str, inp: Any, **extra: Any) -> dict[str, Any]:
    """An assistant entry holding one tool_use block (each call its own message)."""
    return claude_assistant([tool_use(name, inp, call_id)], msg_id=f"msg_{call_id}", **extra)


def claude_result(call_id: str, content: Any, is_error: bool = False, **extra: Any) -> dict[str, Any]:
    """The user entry carrying a call's tool_result."""
    return claude_user([tool_result(content, is_error, call_id)], **extra)


def codex_line(kind: str, payload: dict[str, Any], ts: str = "2026-10-03T09:00:00.000Z") -> dict[str, Any]:
    return {"timestamp": ts, "type": kind, "payload": payload}


def codex_user(t: str) -> dict[str, Any]:
    return codex_line(
        "response_item", {"type": "message", "role": "user", "content": [{"type": "input_text", "text": t}]}
    )


def codex_event_user(t: str) -> dict[str, Any]:
    return codex_line("event_msg", {"type": "user_message", "message": t, "images": []})


def codex_assistant(t: str) -> dict[str, Any]:
    return codex_line(
        "response_item", {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": t}]}
    )


def codex_call(call_id: str, name: str, args: Any) -> dict[str, Any]:
    """A function_call; dict arguments are JSON-encoded as Codex writes them."""
    arguments = args if isinstance(args, str) else json.dumps(args)
    return codex_line(
        "response_item", {"type": "function_call", "name": name, "arguments": arguments, "call_id": call_id}
    )


def codex_output(call_id: str, output: Any, kind: str = "function_call_output") -> dict[str, Any]:
    return codex_line("response_item", {"type": kind, "call_id": call_id, "output": output})


def codex_exec_output(output: str, exit_code: int) -> str:
    """The structured shell output: a JSON string with the exit code in its metadata."""
    return json.dumps({"output": output, "metadata": {"exit_code": exit_code, "duration_seconds": 0.4}})


def codex_custom_call(call_id: str, name: str, inp: str) -> dict[str, Any]:
    return codex_line("response_item", {"type": "custom_tool_call", "name": name, "input": inp, "call_id": call_id})


def codex_meta(**extra: Any) -> dict[str, Any]:
    p = {
        "id": "rollout-sess",
        "timestamp": "2026-10-03T09:00:00Z",
        "cwd": "/home/alice/code/widget",
        "originator": "codex_cli_rs",
        "cli_version": "0.46.0",
        "instructions": None,
    }
    p.update(extra)
    return codex_line("session_meta", p)


def write_jsonl(path: Path, entries: list[Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for e in entries:
            f.write((e if isinstance(e, str) else json.dumps(e)) + "\n")
    return path


# --- git repositories -------------------------------------------------------------------
ME = Actor("Pat Dev", "pat@example.com")
OTHER = Actor("Sam Other", "sam@example.com")
T0 = 1_700_000_000


class Builder:
    """A repo under tmp_path with explicit authors and increasing dates."""

    def __init__(self, path: Path, start: int = T0) -> None:
        self.repo = git.Repo.init(path, initial_branch="main")
        self.path = path
        self.start = start  # epoch seconds of the first commit (a minute apart after it)
        self.tick = 0

    def commit(
        self,
        msg: str,
        files: dict[str, str | bytes] | None = None,
        author: Actor = ME,
        parents: list[git.Commit] | None = None,
    ) -> git.Commit:
        for name, content in (files or {f"f{self.tick}.txt": f"{self.tick}\n"}).items():
            p = self.path / name
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(content if isinstance(content, bytes) else content.encode())
            self.repo.index.add([name])
        self.tick += 1
        when = f"{self.start + self.tick * 60} +0000"
        dates = {"author_date": when, "commit_date": when}
        return self.repo.index.commit(
            msg, author=author, committer=author, parent_commits=parents, skip_hooks=True, **dates
        )


def session_row(
    eid: str, line: int, kind: str, text: str, context: str = "", signal: str | None = None, *, hour: str
) -> SessionRow:
    """One row of a session as `load_sessions` returns it, at minute `line` of `hour`
    ("2026-10-01T10"): prompts T2, corrections T1, activity T3."""
    tier = Tier.T1 if kind == "correction" else Tier.T2 if kind == "prompt" else Tier.T3
    return SessionRow(
        evidence_id=eid,
        tier=tier,
        kind=kind,
        correction_signal=signal,
        excerpt=text,
        context=context,
        line_no=line,
        timestamp=f"{hour}:{line:02d}:00Z",
    )


def redacted_text(redactor: Redactor, text: str) -> str:
    """The text as `redactor` redacts it (a dropped field fails the test)."""
    out = redactor.redact(text)
    assert out is not None
    return out.text
