"""Erasure leaves no byte behind (issue 18): a unique quote planted in a transcript goes through
every stage on the model path (digests, lessons, notes, skills, against the local fake provider),
then `persona forget` — or the retention window — erases it, and no file under the data dir holds
the quote or any distinctive piece of it: not the warehouse (freed blocks included), its WAL, the
Dagster SQLite storage, the reply cache, note or skill files, the pack or the search index."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb
import pytest

from persona_pipeline_tests.builders import claude_assistant, claude_user, text, write_jsonl
from persona_pipeline_tests.conftest import REPO
from persona_pipeline_tests.fake_openai import FakeOpenAI

# Made-up words, so any 12 characters of them occur nowhere else (the scan's needles).
FORGET_QUOTE = "always run the zorblax quimfet checker before vantrelle oxbury plendish merges"
AGED_QUOTE = "never let the glimmerwoot trandlefax touch the wobbersnatch queue"
KEPT = "always keep commits small with clear messages that explain why"
CWD = "/home/alice/code/widget"


def _session(path: Path, sid: str, quote: str, when: datetime, tail: str, cwd: str = CWD) -> None:
    """A session whose planted quote is a correction (after an interrupt): every stage reads it."""
    ts = [(when + timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%S.000Z") for i in range(8)]
    later = (datetime.now(UTC) - timedelta(days=2)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    write_jsonl(
        path,
        [
            claude_user("please set up the importer for the ledger totals", sessionId=sid, cwd=cwd, timestamp=ts[0]),
            claude_assistant([text("I will merge the importer branch now.")], sessionId=sid, timestamp=ts[1]),
            claude_user("[Request interrupted by user]", sessionId=sid, cwd=cwd, timestamp=ts[2]),
            claude_user(f"no, {quote}", sessionId=sid, cwd=cwd, timestamp=ts[3]),
            claude_assistant([text("Understood, running it first.")], sessionId=sid, timestamp=ts[4]),
            claude_user("perfect, that fixed it", sessionId=sid, cwd=cwd, timestamp=ts[5]),
            claude_user(tail, sessionId=sid, cwd=cwd, timestamp=later),
        ],
    )


def _reply(payload: dict[str, Any]) -> str:
    """Every stage's reply quotes the first planted sentence its prompt shows (so replies, cache
    entries, observations, lessons, notes and skills all carry it)."""
    schema = json.dumps(payload.get("response_format", ""))
    prompt = json.dumps(payload.get("messages", []))
    quote = next((q for q in (FORGET_QUOTE, AGED_QUOTE, KEPT) if q in prompt), None)
    if '"lessons"' in schema:
        lessons = [
            {
                "kind": "worth_learning",
                "statement": f"Remember: {quote}",
                "importance": 0.9,
                "credibility": 0.9,
                "signal": "user_critique",
                "quote": quote,
            }
        ]
        return json.dumps({"lessons": lessons if quote else []})
    if '"notes"' in schema:
        alias = re.search(r"\[(r\d+)\] person:\w+ [^\"]*?" + re.escape(quote or "\x00"), prompt)
        note = {"kind": "decision", "text": f"Decided: {quote}", "alternative": None, "reason": None}
        notes = [{**note, "files": [], "functions": [], "evidence_ids": [alias.group(1)]}] if alias else []
        return json.dumps({"notes": notes})
    if '"skill"' in schema:
        return json.dumps({"skill": {"name": "x", "description": f"When {quote}", "instructions": [quote or "x"]}})
    obs = [{"facet": "workflow", "statement": f"Always: {quote}", "quote": quote, "tier": "T1"}] if quote else []
    return json.dumps({"observations": obs})


def _needles(quote: str, others: str) -> list[str]:
    """The quote and every 12-character piece of it found in no other source text."""
    pieces = {quote[i : i + 12] for i in range(len(quote) - 11)}
    return [quote, *sorted(p for p in pieces if p not in others)]


def _scan(data: Path, needles: list[str]) -> list[str]:
    """Every file under the data dir, read as bytes (freed pages and all), lower-cased."""
    hits = []
    for f in sorted(p for p in data.rglob("*") if p.is_file()):
        blob = f.read_bytes().lower()
        found = [n for n in needles if n.lower().encode() in blob]
        if found:
            hits.append(f"{f.relative_to(data)}: {found[0]!r} (+{len(found) - 1})")
    return hits


@pytest.fixture
def server():
    s = FakeOpenAI()
    s.responder = _reply
    s.start()
    yield s
    s.stop()


def _env(tmp_path: Path, server: FakeOpenAI, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    env.update(
        PERSONA_DATA_DIR=str(tmp_path / "data"),
        PERSONA_CLAUDE_DIRS=str(tmp_path / "claude"),
        PERSONA_CODEX_DIRS=str(tmp_path / "codex"),
        PERSONA_MODEL="openai/fake-model",
        PERSONA_API_BASE=server.base_url,
        PERSONA_API_KEY="sk-test-not-real",
        PYTHONPATH=str(REPO),
        **extra,
    )
    (tmp_path / "codex").mkdir(exist_ok=True)
    return env


def _persona(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "persona_pipeline", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


def _count(data: Path, sql: str) -> int:
    with duckdb.connect(str(data / "warehouse.duckdb"), read_only=True) as con:
        return int(con.execute(sql).fetchone()[0])


def _planted_everywhere(data: Path, quote: str, needles: list[str]) -> None:
    """Positive control: the scan sees the quote wherever the model path put it."""
    hits = " ".join(_scan(data, needles))
    assert "warehouse.duckdb" in hits and "llm_cache" in hits, hits
    for table in ("evidence", "observations", "lessons", "session_notes"):
        column = {"evidence": "excerpt", "observations": "quote", "lessons": "quote", "session_notes": "text"}[table]
        assert _count(data, f"SELECT count(*) FROM {table} WHERE contains({column}, '{quote[-30:]}')") > 0, table


def test_forget_leaves_no_byte_of_the_quote_under_the_data_dir(tmp_path: Path, server: FakeOpenAI) -> None:
    claude = tmp_path / "claude"
    now = datetime.now(UTC) - timedelta(days=3)
    # said in two sessions, so the rule reaches the pack too; the other project is kept
    for n in (1, 2):
        when = now - timedelta(hours=5 * n)
        _session(claude / "-home-alice-code-widget" / f"w{n}.jsonl", f"sess-w{n}", FORGET_QUOTE, when, "hi")
        _session(
            claude / "-home-alice-code-ledger" / f"l{n}.jsonl",
            f"sess-l{n}",
            KEPT,
            when,
            "hi",
            "/home/alice/code/ledger",
        )
    env = _env(tmp_path, server)
    data = tmp_path / "data"
    needles = _needles(FORGET_QUOTE, KEPT + (REPO / "persona_pipeline").as_posix())
    _persona(env, "run", "--json")
    _planted_everywhere(data, FORGET_QUOTE, needles)
    hits = " ".join(_scan(data, needles))
    assert all(where in hits for where in ("PERSONA.md", "persona.json", "notes/", "skills/")), hits
    assert list((data / "dagster_home").rglob("*.db"))

    out = _persona(env, "forget", "widget")
    assert "forgot 2 unit" in out.stdout
    assert _scan(data, needles) == []
    # what was not forgotten is all still there, pack included
    assert _count(data, f"SELECT count(*) FROM observations WHERE contains(quote, '{KEPT[-30:]}')") > 0
    assert _count(data, "SELECT count(*) FROM evidence WHERE project = 'ledger'") > 0
    assert KEPT in (data / "persona" / "PERSONA.md").read_text(encoding="utf-8").lower()


def test_retention_leaves_no_byte_of_aged_out_quotes_and_rebuilds_the_unit(tmp_path: Path, server: FakeOpenAI) -> None:
    project = tmp_path / "claude" / "-home-alice-code-widget"
    old = datetime(2024, 3, 1, tzinfo=UTC)
    # the planted turn is old; the session's last prompt is recent, so the unit stays, rebuilt
    _session(project / "mixed.jsonl", "sess-mixed", AGED_QUOTE, old, KEPT)
    data = tmp_path / "data"
    needles = _needles(AGED_QUOTE, KEPT + (REPO / "persona_pipeline").as_posix())
    _persona(_env(tmp_path, server), "run", "--json")
    _planted_everywhere(data, AGED_QUOTE, needles)
    before = len(server.requests)

    summary = json.loads(_persona(_env(tmp_path, server, PERSONA_RETENTION_DAYS="365"), "run", "--json").stdout)
    assert summary["units_failed"] == 0
    assert _scan(data, needles) == []
    # the unit was not dropped: its recent evidence is kept and was digested again
    assert _count(data, "SELECT count(*) FROM evidence WHERE unit_key LIKE '%mixed%'") > 0
    assert _count(data, "SELECT count(*) FROM digest_state WHERE unit_key LIKE '%mixed%' AND status = 'ok'") == 1
    assert len(server.requests) > before  # its remaining evidence went to the model again
