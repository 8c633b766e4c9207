"""The agents' prompt logs (issue 16): `~/.claude/history.jsonl` and `~/.codex/history.jsonl`
outlive the transcripts, so a history whose transcripts were cleaned up still yields its prompts,
deduplicated against the transcripts, and pasted material is not the person's words. Fixtures
are written from the documented shapes (docs/architecture.md), not from anyone's history."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import duckdb

from persona_pipeline.core.models import TurnKind
from persona_pipeline.core.sources.prompt_logs import read_prompt_log, session_of_transcript
from persona_pipeline_tests.conftest import REPO, last_json, persona_cmd

S1 = "11111111-1111-4111-8111-111111111111"  # has a transcript
S2 = "22222222-2222-4222-8222-222222222222"  # transcript cleaned up: only the log
S3 = "33333333-3333-4333-8333-333333333333"
PLAN = "PLEASE IMPLEMENT THIS PLAN:\n# Plan\n\n1. Add the cache layer\n2. Wire the settings\n3. Write the tests"


def _claude_line(display: str, session: str | None, project: str, ms: int, pasted: dict | None = None) -> str:
    entry: dict = {"display": display, "pastedContents": pasted or {}, "timestamp": ms, "project": project}
    if session:
        entry["sessionId"] = session
    return json.dumps(entry)


def _history(path: Path) -> None:
    lines = [
        _claude_line("keep the public API backwards compatible", S1, "/home/pat/code/api", 1_760_000_000_000),
        _claude_line("write the migration as a separate commit please", S2, "/home/pat/code/api", 1_760_100_000_000),
        _claude_line(
            "summarise this [Pasted text #1 +40 lines]",
            S2,
            "/home/pat/code/api",
            1_760_100_100_000,
            {"1": {"id": 1, "type": "text", "content": "Traceback (most recent call last): ..."}},
        ),
        _claude_line("[Pasted text #2 +12 lines]", S2, "/home/pat/code/api", 1_760_100_200_000),
        _claude_line("/clear", S2, "/home/pat/code/api", 1_760_100_300_000),
        _claude_line("/review look for unclosed file handles", S2, "/home/pat/code/api", 1_760_100_400_000),
        _claude_line("!git status", S2, "/home/pat/code/api", 1_760_100_500_000),
        "{not json",
        _claude_line("name branches after the ticket", None, "/home/pat/code/web", 1_750_000_000_000),
        _claude_line("name branches after the ticket", None, "/home/pat/code/web", 1_750_000_000_000),
        _claude_line("use pnpm, never npm, in this repo", S3, "/home/pat/code/web", 1_760_200_000_000),
        _claude_line(PLAN, S3, "/home/pat/code/web", 1_760_200_100_000),  # pasted without a marker
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")


def test_reader_keeps_typed_prompts_only(tmp_path: Path) -> None:
    log = tmp_path / ".claude" / "history.jsonl"
    _history(log)
    result = read_prompt_log(log, {S1}.__contains__)
    texts = [t.text for t in result.turns]
    assert texts == [
        "write the migration as a separate commit please",
        "summarise this",  # the words typed around the paste
        "look for unclosed file handles",
        "name branches after the ticket",  # logged twice: kept once
        "use pnpm, never npm, in this repo",
    ]
    assert all(t.kind is TurnKind.PROMPT and t.context == "" for t in result.turns)
    skips = result.stats.skips
    assert skips["in_transcript"] == 1 and skips["pasted_text"] == 2 and skips["only_pasted"] == 1
    assert skips["slash_command"] == 1 and skips["shell_command"] == 1 and skips["duplicate_prompt"] == 1
    assert result.stats.lines_bad == 1
    assert any(k.startswith("pasted:") for k in skips)  # the plan-accept message is not the person's words
    assert result.turns[0].timestamp == "2025-10-10T12:40:00Z" and result.turns[0].cwd == "/home/pat/code/api"
    assert "Traceback" not in " ".join(texts)


def test_codex_log_shapes(tmp_path: Path) -> None:
    log = tmp_path / ".codex" / "history.jsonl"
    log.parent.mkdir()
    log.write_text(
        json.dumps({"session_id": S1, "ts": 1_760_000_000, "text": "run the linters before you commit"})
        + "\n"
        + json.dumps({"conversation_id": S2, "ts": 1_760_000_100, "text": "prefer small pure functions"})
        + "\n"
    )
    result = read_prompt_log(log, {S1}.__contains__)
    assert [(t.session_id, t.text) for t in result.turns] == [(S2, "prefer small pure functions")]
    assert session_of_transcript(f"rollout-2026-10-03T09-12-44-{S3}.jsonl") == S3
    assert session_of_transcript(f"{S1}.jsonl") == S1


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(persona_cmd(*args), cwd=REPO, env=env, capture_output=True, text=True, timeout=300)


def test_default_run_reads_the_log_once_and_forget_reaches_it(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _history(home / ".claude" / "history.jsonl")
    transcript = home / ".claude" / "projects" / "-home-pat-code-api" / f"{S1}.jsonl"
    transcript.parent.mkdir(parents=True)
    transcript.write_text(
        json.dumps(
            {
                "type": "user",
                "uuid": "u1",
                "sessionId": S1,
                "cwd": "/home/pat/code/api",
                "timestamp": "2025-10-09T08:00:00Z",
                "message": {"role": "user", "content": "keep the public API backwards compatible"},
            }
        )
        + "\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_", "CLAUDE_", "CODEX_"))}
    env.update(HOME=str(home), PERSONA_DATA_DIR=str(tmp_path / "data"))
    last_json(*_parts(_run(env, "run", "--json")))
    wh = tmp_path / "data" / "warehouse.duckdb"

    def excerpts() -> list[tuple[str, str, str]]:
        with duckdb.connect(str(wh), read_only=True) as con:
            return con.execute(
                "SELECT split_part(unit_key, '/', 1), project, excerpt FROM evidence ORDER BY 1, 3"
            ).fetchall()

    rows = excerpts()
    assert sum(e == "keep the public API backwards compatible" for _, _, e in rows) == 1  # once, from the transcript
    logged = [(p, e) for k, p, e in rows if k == "prompt_log"]
    assert ("api", "write the migration as a separate commit please") in logged
    assert ("web", "use pnpm, never npm, in this repo") in logged
    from persona_pipeline.persona import store as digest_store

    with duckdb.connect(str(wh), read_only=True) as con:
        [log_key] = [
            r[0] for r in con.execute("SELECT unit_key FROM units WHERE source_kind = 'prompt_log'").fetchall()
        ]
        sessions = con.execute("SELECT count(DISTINCT session_id) FROM evidence WHERE unit_key = ?", [log_key])
        n_sessions = sessions.fetchone()[0]
        inputs = digest_store.load_inputs(con, [log_key])
    # digested session by session, so a rule's support counts the log's sessions
    assert n_sessions >= 3 and len(inputs) == n_sessions and len({i.session_id for i in inputs}) == n_sessions

    proc = _run(env, "forget", "web")
    assert proc.returncode == 0, proc.stderr
    assert not [e for _, p, e in excerpts() if p == "web"]
    # the log grows: a re-read keeps the forgotten project out
    with open(home / ".claude" / "history.jsonl", "a") as f:
        f.write(_claude_line("tabs, not spaces, in the web repo", S3, "/home/pat/code/web", 1_760_300_000_000) + "\n")
        f.write(_claude_line("squash before merging", S2, "/home/pat/code/api", 1_760_300_100_000) + "\n")
    last_json(*_parts(_run(env, "run", "--json")))
    after = excerpts()
    assert not [e for _, p, e in after if p == "web"]
    assert ("prompt_log", "api", "squash before merging") in after


def _parts(proc: subprocess.CompletedProcess[str]) -> tuple[str, int, str]:
    return proc.stdout, proc.returncode, proc.stderr


def test_btw_side_question_file_is_read(tmp_path: Path) -> None:
    """`/btw` runs as a sidechain in its own `agent-aside_question-*` file: its first user entry,
    after a system-reminder preamble, is the person's question; the rest is the agent's."""
    from persona_pipeline.core.sources.claude_code import read_claude
    from persona_pipeline.core.sources.discovery import discover_claude

    folder = tmp_path / "projects" / "-home-pat-code-api"
    folder.mkdir(parents=True)
    aside = folder / "agent-aside_question-5f2e9c.jsonl"
    entries = [
        {
            "type": "user",
            "isSidechain": True,
            "uuid": "q1",
            "sessionId": S2,
            "message": {
                "role": "user",
                "content": "<system-reminder>The user asked a side question; answer briefly.</system-reminder>\n"
                "does the cache survive a restart?",
            },
        },
        {"type": "assistant", "isSidechain": True, "uuid": "a1", "message": {"role": "assistant", "content": "No."}},
        {"type": "user", "isSidechain": True, "uuid": "q2", "message": {"role": "user", "content": "tool output"}},
    ]
    aside.write_text("\n".join(json.dumps(e) for e in entries) + "\n")
    (folder / "agent-1234abcd.jsonl").write_text(aside.read_text())  # a subagent: still not read
    keys = [u.key for u in discover_claude([tmp_path / "projects"], {})]
    assert keys == ["claude/code-api/agent-aside_question-5f2e9c.jsonl"]
    result = read_claude(aside)
    assert [t.text for t in result.turns if t.kind is TurnKind.PROMPT] == ["does the cache survive a restart?"]
