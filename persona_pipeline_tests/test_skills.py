"""Skills: per-session lessons from tool errors, recoveries, rejections, corrections and
confirmations (Claude Code and Codex shapes), and their evolution into versioned SKILL.md
folders across runs, erasure included. Evidence is written the way ingest writes it: turns →
`build_evidence` (which redacts) → `store.replace_units`."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

import dagster as dg
import pytest

from persona_pipeline.core.config import Settings
from persona_pipeline.core.evidence.records import build_evidence, index_rows
from persona_pipeline.core.evidence.redaction.redactor import load_or_create_key
from persona_pipeline.core.ingest import make_redactor
from persona_pipeline.core.models import SourceKind, Tier, Turn, TurnKind
from persona_pipeline.core.warehouse import memory_store, store
from persona_pipeline.orchestration.defs.resources import project_resources
from persona_pipeline.skills import store as skill_store
from persona_pipeline.skills.evolve import evolve
from persona_pipeline.skills.files import MANIFEST
from persona_pipeline.skills.lessons.ground import ground, norm
from persona_pipeline.skills.lessons.models import CREDIBILITY_BANDS, DraftLesson, LessonKind, Signal
from persona_pipeline.skills.lessons.offline import draft_lessons
from persona_pipeline.skills.stage import build_lessons, build_skills

CLAUDE_A = "claude/widget/sess-a.jsonl"
CLAUDE_C = "claude/widget/sess-c.jsonl"
CLAUDE_D = "claude/widget/sess-d.jsonl"
CODEX_B = "codex/2026/10/03/rollout-2026-10-03T09-00-00-b.jsonl"
SECRET = "ghp_Zq8LmN3vR5tY7uW9xA1bC3dE5fG7hJ9kL2mN"  # a GitHub token shape the redactor knows


def _turn(line: int, kind: TurnKind, text: str, context: str = "", signal: str | None = None, **kw) -> Turn:
    person = kind in (TurnKind.PROMPT, TurnKind.CORRECTION)
    tier = Tier.T1 if kind is TurnKind.CORRECTION else Tier.T2 if person else Tier.T3
    return Turn(
        line_no=line,
        byte_offset=line * 100,
        session_id=kw.get("session", "sess"),
        timestamp=f"2026-10-0{kw.get('day', 1)}T10:{line:02d}:00Z",
        cwd="/home/alice/code/widget",
        tier=tier,
        kind=kind,
        correction_signal=signal,
        text=text,
        context=context,
    )


def claude_session_a() -> list[Turn]:
    """Claude Code: a failing pytest (is_error), recovered with `uv run` and confirmed; a rejected
    push followed by the person's correction; a plain correction."""
    return [
        _turn(1, TurnKind.PROMPT, "run the test suite please", session="sess-a"),
        _turn(
            2,
            TurnKind.TOOL_ERROR,
            "Bash: pytest -q",
            'Traceback (most recent call last):\n  File "tests/test_app.py", line 1\n'
            "ModuleNotFoundError: No module named 'polars'",
            "is_error",
            session="sess-a",
        ),
        _turn(
            3, TurnKind.TOOL_RECOVERED, "Bash: uv run pytest -q", "Bash: pytest -q", "after_line:2", session="sess-a"
        ),
        _turn(4, TurnKind.PROMPT, "perfect, that works. now add a CSV export", session="sess-a"),
        _turn(5, TurnKind.TOOL_REJECTED, "Bash: git push origin main", "", "rejected", session="sess-a"),
        _turn(
            6,
            TurnKind.CORRECTION,
            "no, don't push to main. open a PR instead",
            "I'll push the change now.",
            "rejected_tool_use",
            session="sess-a",
        ),
        _turn(
            7,
            TurnKind.CORRECTION,
            "actually, never mock the database in these tests, use the fixture",
            "I'll mock the database connection.",
            "opener",
            session="sess-a",
        ),
    ]


def claude_session_d() -> list[Turn]:
    """Session A's episodes again on another day (a skill needs two sessions): the same recovery,
    confirmed in other words, the same refused push and correction."""
    turns = [
        t.model_copy(update={"session_id": "sess-d", "timestamp": t.timestamp.replace("10-01", "10-02")})
        for t in claude_session_a()
    ]
    turns[3] = turns[3].model_copy(update={"text": "great, that did it. now add a JSON export"})
    return turns


def codex_session_b() -> list[Turn]:
    """Codex: `cargo build` exits 101 twice (a planted token in the output), then the agent
    switches to `cargo build --locked` on its own."""
    out = f"exit code 101\nerror[E0432]: unresolved import `foo`\nGITHUB_TOKEN={SECRET}"
    return [
        _turn(1, TurnKind.PROMPT, "build the crate", session="sess-b", day=3),
        _turn(2, TurnKind.TOOL_ERROR, "shell: cargo build", out, "exit_code:101", session="sess-b", day=3),
        _turn(3, TurnKind.TOOL_ERROR, "shell: cargo build", out, "exit_code:101", session="sess-b", day=3),
        _turn(
            4,
            TurnKind.TOOL_RECOVERED,
            "shell: cargo build --locked",
            "shell: cargo build",
            "after_line:3",
            session="sess-b",
            day=3,
        ),
    ]


def claude_session_c() -> list[Turn]:
    """A second session hitting the same pytest failure, fixed the same way (new support)."""
    return [
        _turn(1, TurnKind.PROMPT, "tests again please", session="sess-c", day=5),
        _turn(
            2,
            TurnKind.TOOL_ERROR,
            "Bash: pytest -q",
            "ModuleNotFoundError: No module named 'httpx'",
            "is_error",
            session="sess-c",
            day=5,
        ),
        _turn(
            3,
            TurnKind.TOOL_RECOVERED,
            "Bash: uv run pytest -q",
            "Bash: pytest -q",
            "after_line:2",
            session="sess-c",
            day=5,
        ),
        _turn(4, TurnKind.PROMPT, "that fixed it, thanks", session="sess-c", day=5),
    ]


def write_units(settings: Settings, units: dict[str, list[Turn]]) -> None:
    """Evidence for these units, as ingest stores it (redacted by `build_evidence`)."""
    redactor = make_redactor(settings)
    key = load_or_create_key(settings.redaction_key_path)
    rows = []
    for unit_key, turns in units.items():
        kind = SourceKind.CODEX if unit_key.startswith("codex/") else SourceKind.CLAUDE
        evidence, counts, dropped = build_evidence(unit_key, kind, turns, redactor, "widget")
        unit_row = {
            "unit_key": unit_key,
            "source_kind": kind.value,
            "project": evidence[0].project,
            "fingerprint": "test",
            "reader_version": "test",
            "status": "processed",
            "skip_reason": None,
            "raw_bytes": 1000,
            "kept_bytes": 500,
            "lines_total": len(turns),
            "lines_bad": 0,
            "turns_kept": len(turns),
            "evidence_rows": len(evidence),
            "redactions": sum(counts.values()),
            "fields_dropped": dropped,
            "session_id": turns[0].session_id,
            "processed_at": datetime.now(UTC).replace(tzinfo=None),
        }
        rows.append(
            store.UnitRows(unit_key, unit_row, index_rows(unit_key, turns, key), evidence, {}, {}, dict(counts))
        )
    with store.connect(settings.warehouse_path) as con:
        store.replace_units(con, rows)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path / "data", claude_dirs=[tmp_path / "none"], codex_dirs=[tmp_path / "none"])


def _sessions(settings: Settings, keys: Sequence[str]) -> dict[str, memory_store.SessionEvidence]:
    with store.connect(settings.warehouse_path) as con:
        return {s.unit_key: s for s in memory_store.load_sessions(con, keys)}


def _lessons(settings: Settings) -> list:
    with store.connect(settings.warehouse_path) as con:
        return skill_store.load_lessons(con)


def _skills(settings: Settings) -> dict:
    with store.connect(settings.warehouse_path) as con:
        return {s.name: s for s in skill_store.load_skills(con)}


def _grounded(lesson, session: memory_store.SessionEvidence) -> bool:
    q = norm(lesson.quote)
    return any(q in norm(r.excerpt) or q in norm(r.context) for r in session.rows)


# --- lessons --------------------------------------------------------------------------------
def test_lessons_from_claude_and_codex_tool_errors(settings) -> None:
    write_units(settings, {CLAUDE_A: claude_session_a(), CODEX_B: codex_session_b()})
    results, name = build_lessons(settings, [CLAUDE_A, CODEX_B])
    assert name == "offline" and [r.status for r in results] == ["ok", "ok"]
    sessions = _sessions(settings, [CLAUDE_A, CODEX_B])
    lessons = _lessons(settings)
    by_signal: dict[str, list] = {}
    for x in lessons:
        lo, hi = CREDIBILITY_BANDS[x.signal]
        assert lo <= x.credibility <= hi and 0 <= x.importance <= 1
        assert _grounded(x, sessions[x.unit_key])  # every quote is in that session's redacted evidence
        assert set(x.evidence_ids) <= {r.evidence_id for r in sessions[x.unit_key].rows}
        by_signal.setdefault(x.signal.value, []).append(x)
    # the recovery the person confirmed: worth learning, "use X instead of Y", the confirmation quoted
    [confirmed] = by_signal["user_confirmation"]
    assert confirmed.kind is LessonKind.LEARN and confirmed.unit_key == CLAUDE_A
    assert "`uv run pytest -q` instead of `pytest -q`" in confirmed.statement
    assert "ModuleNotFoundError" in confirmed.statement and confirmed.quote.startswith("perfect")
    # the rejected push and the person's words after it; the plain correction
    critiques = {x.quote: x for x in by_signal["user_critique"]}
    # the person's words, not spliced after the refused command ("Instead of `git push origin main`: …")
    push = critiques["don't push to main"]
    assert push.kind is LessonKind.AVOID and push.statement == "Don't push to main." and push.credibility >= 0.9
    assert "never mock the database in these tests, use the fixture" in critiques
    # Codex: the agent's own switch to --locked (self-correction band), the exit-101 failure
    # (tool error band) and the unchanged retry (inferred band)
    [selfc] = by_signal["self_correction"]
    assert selfc.unit_key == CODEX_B and "`cargo build --locked` instead of `cargo build`" in selfc.statement
    assert 0.4 <= selfc.credibility <= 0.7
    [err] = by_signal["tool_error"]
    # the exit code and the error's line are this run's detail: cited as the quote, not stated
    assert err.statement.startswith("Don't re-run `cargo build`") and "101" not in err.statement
    assert err.credibility >= 0.8 and err.quote.startswith("error[E0432]")
    [inferred] = by_signal["inferred"]
    assert inferred.credibility <= 0.3 and len(inferred.evidence_ids) == 2
    # the planted token never reached a lesson
    assert SECRET not in json.dumps([x.model_dump() for x in lessons])
    # nothing changed: nothing is rebuilt
    again, _ = build_lessons(settings, [CLAUDE_A, CODEX_B])
    assert again == []


def test_grounding_drops_unquoted_lessons_and_downgrades_unsupported_signals(settings) -> None:
    write_units(settings, {CLAUDE_A: claude_session_a()})
    session = _sessions(settings, [CLAUDE_A])[CLAUDE_A]

    def draft(quote: str, signal: Signal, credibility: float = 0.95) -> tuple[DraftLesson, list[str]]:
        d = DraftLesson(
            kind=LessonKind.AVOID,
            statement=f"Don't run bare pytest here ({signal.value}).",
            importance=0.5,
            credibility=credibility,
            signal=signal,
            quote=quote,
        )
        return d, []

    lessons, dropped = ground(
        session,
        [
            draft("the agent should have used uv", Signal.USER_CRITIQUE),  # not in the evidence
            draft("No module named 'polars'", Signal.USER_CRITIQUE),  # a tool's words, not the person's
            draft("No module named 'polars'", Signal.TOOL_ERROR, 0.2),  # below its band
        ],
        "m",
        "v",
    )
    assert dropped == 1
    assert [(x.signal, x.credibility) for x in lessons] == [(Signal.INFERRED, 0.3), (Signal.TOOL_ERROR, 0.8)]


def test_rejection_feedback_on_the_same_line_is_the_critique() -> None:
    # newer Claude versions append the person's words to the rejected tool result itself
    def row(i: int, kind: str, text: str, line: int, signal: str | None = None) -> memory_store.SessionRow:
        tier = Tier.T1 if kind == "correction" else Tier.T3
        return memory_store.SessionRow(
            evidence_id=f"e{i}", tier=tier, kind=kind, correction_signal=signal, excerpt=text, line_no=line
        )

    session = memory_store.SessionEvidence(
        unit_key=CLAUDE_A,
        session_id="s",
        project="widget",
        rows=[  # load_sessions order: line, then kind
            row(1, "correction", "no, never force-push a shared branch", 9, "rejected_tool_use"),
            row(2, "tool_rejected", "Bash: git push --force", 9, "rejected"),
        ],
    )
    [(lesson, ids)] = draft_lessons(session)
    assert lesson.signal is Signal.USER_CRITIQUE and lesson.quote == "never force-push a shared branch"
    assert sorted(ids) == ["e1", "e2"] and lesson.statement == "Never force-push a shared branch."


def test_offline_lessons_are_deterministic(settings) -> None:
    write_units(settings, {CLAUDE_A: claude_session_a(), CODEX_B: codex_session_b()})
    sessions = list(_sessions(settings, [CLAUDE_A, CODEX_B]).values())
    first = [draft_lessons(s) for s in sessions]
    assert first == [draft_lessons(s) for s in sessions] and all(first)
    build_lessons(settings, [CLAUDE_A, CODEX_B])
    before = [x.model_dump() for x in _lessons(settings)]
    build_lessons(settings, [CLAUDE_A, CODEX_B], force=True)
    assert [x.model_dump() for x in _lessons(settings)] == before
    now = datetime(2026, 10, 9, 12, 0)
    lessons = _lessons(settings)
    assert evolve(lessons, [], now) == evolve(list(reversed(lessons)), [], now)


# --- skills across runs ---------------------------------------------------------------------
def _run(settings: Settings, keys: Sequence[str], day: int):
    build_lessons(settings, keys)
    return build_skills(settings, now=datetime(2026, 10, day, 12, 0))


def _pytest_skill(skills: dict) -> str:
    [name] = [n for n, s in skills.items() if any("uv run pytest -q" in i for i in s.instructions)]
    return name


def test_skill_evolution_across_runs_and_erasure(settings) -> None:
    root = settings.data_dir / "skills"
    write_units(settings, {CLAUDE_A: claude_session_a(), CODEX_B: codex_session_b(), CLAUDE_D: claude_session_d()})
    (root / "no-push-to-main").mkdir(parents=True)  # the person's own skill, same name
    out = _run(settings, [CLAUDE_A, CODEX_B, CLAUDE_D], 6)
    skills = _skills(settings)
    assert out.created == len(skills) >= 3 and out.files_written == len(skills) and out.name_conflicts == 0
    assert "no-push-to-main-2" in skills and not list((root / "no-push-to-main").iterdir())
    name = _pytest_skill(skills)
    assert skills[name].version == 1 and name == "uv-run-pytest-not-pytest"
    md = root / name / "SKILL.md"
    text = md.read_text(encoding="utf-8")
    assert text.startswith(f"---\nname: {name}\ndescription: ") and "## Instructions" in text
    assert "tool: Bash" in text and "error: ModuleNotFoundError" in text and "Version 1" in text
    assert '"perfect, that works." (user_confirmation; widget, session sess-a, evidence ' in text
    assert all(len(s.name) <= 48 and s.name == s.name.lower() for s in skills.values())
    assert len(set(skills)) == len(skills)
    assert SECRET not in "".join(p.read_text() for p in root.glob("*/SKILL.md"))
    mtime = md.stat().st_mtime_ns

    # run 2, same evidence: same versions, files untouched
    out2 = _run(settings, [CLAUDE_A, CODEX_B, CLAUDE_D], 7)
    assert out2.unchanged == len(skills) and out2.updated == out2.created == 0 and out2.files_written == 0
    assert _skills(settings) == skills and md.stat().st_mtime_ns == mtime

    # run 3, a new session with the same fix: the skill grows, keeps its name, version 2
    write_units(settings, {CLAUDE_C: claude_session_c()})
    out3 = _run(settings, [CLAUDE_C], 8)
    after = _skills(settings)
    assert out3.updated == 1 and out3.created == 0
    grown = after[name]
    assert grown.version == 2 and len(grown.lesson_ids) == 3 and grown.updated_at == datetime(2026, 10, 8, 12, 0)
    assert grown.created_at == skills[name].created_at
    assert {n: s.version for n, s in after.items() if n != name} == {
        n: s.version for n, s in skills.items() if n != name
    }
    assert "Version 2" in md.read_text(encoding="utf-8")

    # a folder the person made is never touched
    mine = root / "my-own-skill"
    mine.mkdir()
    (mine / "SKILL.md").write_text("---\nname: my-own-skill\n---\n")

    # erase session A: the pytest skill keeps sessions C's and D's support, and nothing of A
    with store.connect(settings.warehouse_path) as con:
        store.delete_units(con, [CLAUDE_A])
    build_skills(settings, now=datetime(2026, 10, 9, 12, 0))
    shrunk = _skills(settings)[name]
    assert shrunk.version == 3 and len(shrunk.lesson_ids) == 2 and "perfect, that works" not in md.read_text()
    assert "no-push-to-main-2" not in _skills(settings)  # D's lesson alone is one session: no skill

    # erase session C too: D's lesson alone is one event, so the skill is removed, row and folder
    with store.connect(settings.warehouse_path) as con:
        store.delete_units(con, [CLAUDE_C])
    out4 = build_skills(settings, now=datetime(2026, 10, 9, 12, 0))
    left = _skills(settings)
    assert name not in left and not (root / name).exists() and out4.removed == 1
    assert all(set(s.lesson_ids) <= {x.lesson_id for x in _lessons(settings)} for s in left.values())
    theirs = ["my-own-skill", "no-push-to-main"]
    assert sorted(p.name for p in root.iterdir() if p.is_dir()) == sorted([*left, *theirs])
    assert json.loads((root / MANIFEST).read_text())["skills"] == sorted(left)
    assert (mine / "SKILL.md").exists()


def test_a_skill_needs_support(settings) -> None:
    # one self-correction (credibility < 0.8) in one session: not a skill on its own …
    once = codex_session_b()
    write_units(settings, {CODEX_B: [once[0], once[2], once[3]]})
    out = _run(settings, [CODEX_B], 6)
    assert out.lessons == 1 and out.skills == 0 and not (settings.data_dir / "skills" / "cargo-build-locked").exists()
    # … the same correction in a second session is
    other = "codex/2026/10/04/rollout-2026-10-04T09-00-00-d.jsonl"
    write_units(settings, {other: [t.model_copy(update={"session_id": "sess-d"}) for t in (once[0], once[2], once[3])]})
    out = _run(settings, [other], 7)
    assert out.lessons == 2 and out.skills == 1
    [skill] = _skills(settings).values()
    assert skill.name == "cargo-build-locked" and len(skill.lesson_ids) == 2 and skill.version == 1


# --- Dagster --------------------------------------------------------------------------------
@pytest.fixture
def env_data_dir(settings) -> Iterator[None]:
    saved = {
        k: os.environ.get(k) for k in ("PERSONA_DATA_DIR", "PERSONA_CLAUDE_DIRS", "PERSONA_CODEX_DIRS", "PERSONA_MODEL")
    }
    os.environ.update(
        PERSONA_DATA_DIR=str(settings.data_dir),
        PERSONA_CLAUDE_DIRS=str(settings.claude_dirs[0]),
        PERSONA_CODEX_DIRS=str(settings.codex_dirs[0]),
        PERSONA_MODEL="offline",
    )
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def test_dagster_materialises_lessons_over_partitions_then_skills(settings, env_data_dir) -> None:
    from persona_pipeline.orchestration.defs.checks import skills_cite_stored_evidence
    from persona_pipeline.orchestration.defs.partitions import SOURCE_UNITS
    from persona_pipeline.orchestration.defs.skill_assets import session_lessons, skills

    keys = [CLAUDE_A, CODEX_B, CLAUDE_D, "instructions/widget/AGENTS.md"]
    write_units(settings, {CLAUDE_A: claude_session_a(), CODEX_B: codex_session_b(), CLAUDE_D: claude_session_d()})
    # entered, so Dagster's context-wide state storage is this instance's (not an earlier test's)
    with dg.DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions(SOURCE_UNITS, keys)
        result = dg.materialize(
            [session_lessons],
            resources=project_resources(),
            instance=instance,
            tags={"dagster/asset_partition_range_start": keys[0], "dagster/asset_partition_range_end": keys[-1]},
        )
        assert result.success
        mats = result.asset_materializations_for_node("session_lessons")
        assert sorted(m.partition for m in mats) == sorted(keys)
        for m in mats:
            if m.partition.startswith("instructions/"):
                assert m.metadata["status"].value == "not_applicable"  # done, so never "missing" in the UI
                continue
            assert set(m.metadata) >= {"lessons", "worth_learning", "worth_avoiding", "llm_calls", "dropped_quotes"}
            assert all(isinstance(v.value, (int, float)) for v in m.metadata.values())  # counts only, never text
        tail = dg.materialize([skills, skills_cite_stored_evidence], resources=project_resources(), instance=instance)
        assert tail.success
        [mat] = tail.asset_materializations_for_node("skills")
        assert mat.metadata["skills"].value == len(_skills(settings)) > 0
        checks = tail.get_asset_check_evaluations()
        assert [c.check_name for c in checks] == ["skills_cite_stored_evidence"] and all(c.passed for c in checks)
        logged = json.dumps([str(e) for e in instance.all_logs(result.run_id) + instance.all_logs(tail.run_id)])
        assert "push to main" not in logged and "uv run pytest" not in logged and SECRET not in logged


# --- litellm backends against a local OpenAI-style server --------------------------------------
def _lesson_reply(payload: dict) -> str:
    user = payload["messages"][-1]["content"]
    if "library of procedural skills" in payload["messages"][0]["content"]:
        return json.dumps(
            {
                "skill": {
                    "name": "Python env via uv",
                    "description": "Run the test suite through uv when bare pytest cannot import the project.",
                    "instructions": ["Run `uv run pytest -q` when `pytest -q` fails with ModuleNotFoundError."],
                    "triggers": ["pytest", "ModuleNotFoundError"],
                }
            }
        )
    lessons = []
    for quote in ("No module named 'polars'", "No module named 'httpx'", "unresolved import `foo`"):
        if quote in user:
            lessons.append(
                {
                    "kind": "worth_learning",
                    "statement": "Run `uv run pytest -q` when `pytest -q` fails with ModuleNotFoundError.",
                    "importance": 0.8,
                    "credibility": 0.99,
                    "signal": "tool_error",
                    "quote": quote,
                }
            )
    lessons.append(
        {
            "kind": "worth_avoiding",
            "statement": "Never claim the build passed.",
            "importance": 0.5,
            "credibility": 0.9,
            "signal": "inferred",
            "quote": "a quote that is nowhere in the session",
        }
    )
    return json.dumps({"lessons": lessons})


@pytest.fixture
def server():
    from persona_pipeline_tests.fake_openai import FakeOpenAI

    s = FakeOpenAI().start()
    s.responder = _lesson_reply
    yield s
    s.stop()


@pytest.fixture
def llm_settings(settings, server, monkeypatch) -> Settings:
    from persona_pipeline.core.llm import client

    fast = client.RetryPolicy(max_attempts=2, base_delay=0.001, max_delay=0.002, max_retry_after=0.1)
    monkeypatch.setattr(client, "RetryPolicy", lambda: fast)
    return settings.model_copy(
        update={"model": "openai/fake-model", "api_base": server.base_url, "api_key": "sk-test-not-real"}
    )


def _states(settings: Settings) -> dict[str, str]:
    with store.connect(settings.warehouse_path) as con:
        return dict(con.execute("SELECT unit_key, status FROM memory_state WHERE stage = 'lessons'").fetchall())


def test_litellm_lessons_calls_cache_failures_and_soft_skips(llm_settings, server) -> None:
    from persona_pipeline_tests.fake_openai import Behaviour

    s = llm_settings
    write_units(s, {CLAUDE_A: claude_session_a(), CODEX_B: codex_session_b()})
    results, name = build_lessons(s, [CLAUDE_A, CODEX_B])
    assert name == "openai/fake-model" and [r.calls for r in results] == [1, 1] and len(server.requests) == 2
    assert all(r.status == "ok" and r.dropped_quotes == 1 and r.cost_usd > 0 for r in results)
    lessons = {x.unit_key: x for x in _lessons(s)}
    assert lessons[CLAUDE_A].signal is Signal.TOOL_ERROR and lessons[CLAUDE_A].credibility == 0.99
    assert lessons[CLAUDE_A].model == "openai/fake-model"
    req = server.requests[0]
    assert req["temperature"] == 0 and req["response_format"]["type"] == "json_schema"
    bodies = json.dumps(server.requests)
    assert SECRET not in bodies and "[REDACTED:" in bodies  # only redacted evidence is sent
    # rebuilt: every reply from the cache, $0, no request
    again, _ = build_lessons(s, [CLAUDE_A, CODEX_B], force=True)
    assert [(r.calls, r.cache_hits, r.cost_usd) for r in again] == [(0, 1, 0.0), (0, 1, 0.0)]
    assert len(server.requests) == 2
    # a provider 500 leaves the unit failed (nothing stored for it) and retried next run
    write_units(s, {CLAUDE_C: claude_session_c()})
    server.responder, server.default = None, Behaviour(status=500)
    [failed], _ = build_lessons(s, [CLAUDE_C])
    assert failed.status == "failed" and "500" in (failed.error or "") and _states(s)[CLAUDE_C] == "failed"
    with store.connect(s.warehouse_path) as con:
        assert CLAUDE_C in memory_store.stale_units(con, memory_store.LESSONS, name, "lessons-v4")
    # an unparseable reply is a soft skip: the unit is done, with nothing learnt
    server.default = Behaviour(content="this is not json")
    [soft], _ = build_lessons(s, [CLAUDE_C])
    assert soft.status == "ok" and soft.soft_skips == 1 and soft.lessons == [] and _states(s)[CLAUDE_C] == "ok"
    # a session with nothing to learn from costs no call
    quiet = "claude/widget/quiet.jsonl"
    write_units(s, {quiet: [_turn(1, TurnKind.PROMPT, "add a CSV export to the report", session="q")]})
    n = len(server.requests)
    [res], _ = build_lessons(s, [quiet])
    assert res.status == "ok" and res.calls == 0 and len(server.requests) == n


def test_litellm_skills_refine_the_existing_skill(llm_settings, server) -> None:
    from persona_pipeline_tests.fake_openai import Behaviour

    s = llm_settings
    write_units(s, {CLAUDE_A: claude_session_a(), CLAUDE_D: claude_session_d()})
    build_lessons(s, [CLAUDE_A, CLAUDE_D])
    n = len(server.requests)
    out = build_skills(s, now=datetime(2026, 10, 6, 12, 0))
    assert out.created == 1 and out.calls == 1 and len(server.requests) == n + 1
    [skill] = _skills(s).values()
    assert skill.name == "python-env-via-uv" and skill.version == 1 and "through uv" in skill.description
    assert "Existing skill: none" in server.requests[-1]["messages"][-1]["content"]
    # same lessons: kept as is, no call
    out = build_skills(s, now=datetime(2026, 10, 7, 12, 0))
    assert out.calls == 0 and out.unchanged == 1 and len(server.requests) == n + 1
    # new support while the provider is down: the skill stays as it was (retried next run)
    write_units(s, {CLAUDE_C: claude_session_c()})
    build_lessons(s, [CLAUDE_C])
    server.default = Behaviour(status=500)
    server.responder = None
    out = build_skills(s, now=datetime(2026, 10, 8, 12, 0))
    assert out.failed == 1 and _skills(s)[skill.name] == skill
    # provider back: the model is shown the existing skill, the name is kept, version 2
    server.responder = _lesson_reply
    server.default = Behaviour(content="{}")
    out = build_skills(s, now=datetime(2026, 10, 9, 12, 0))
    prompt = server.requests[-1]["messages"][-1]["content"]
    assert f"Existing skill: {skill.name}" in prompt and skill.instructions[0] in prompt
    grown = _skills(s)[skill.name]
    assert out.updated == 1 and grown.version == 2 and len(grown.lesson_ids) == 3
    assert SECRET not in json.dumps(server.requests)


def test_writer_never_overwrites_a_folder_it_did_not_create(tmp_path) -> None:
    from persona_pipeline.skills.evolve import Skill
    from persona_pipeline.skills.files import write_skills

    now = datetime(2026, 10, 1)
    skill = Skill(
        name="uv-run-pytest",
        version=1,
        description='Run tests through uv: "uv run pytest".',
        instructions=["Run `uv run pytest -q`."],
        triggers=["tool: Bash"],
        examples=[],
        lesson_ids=["l1"],
        evidence_ids=["e1"],
        importance=0.9,
        credibility=0.9,
        content_hash="h",
        created_at=now,
        updated_at=now,
    )
    root = tmp_path / "skills"
    (root / "uv-run-pytest").mkdir(parents=True)
    (root / "uv-run-pytest" / "SKILL.md").write_text("mine\n")
    report = write_skills([skill], root)
    assert report.conflicts == ["uv-run-pytest"] and (root / "uv-run-pytest" / "SKILL.md").read_text() == "mine\n"
    assert json.loads((root / MANIFEST).read_text())["skills"] == []
    other = skill.model_copy(update={"name": "uv-run-pytest-2"})
    assert write_skills([other], root).written == ["uv-run-pytest-2"]
    md = (root / "uv-run-pytest-2" / "SKILL.md").read_text()
    assert md.startswith('---\nname: uv-run-pytest-2\ndescription: "Run tests through uv: \\"uv run pytest\\"."\n---\n')
    assert write_skills([], root).removed == ["uv-run-pytest-2"] and not (root / "uv-run-pytest-2").exists()
    assert (root / "uv-run-pytest" / "SKILL.md").read_text() == "mine\n"


def test_sample_transcripts_end_to_end(tmp_path, sample_copy, ground_truth) -> None:
    """Real Claude Code and Codex files through the readers' activity stream: every lesson is
    grounded in its session, and nothing planted in the sample reaches lessons or SKILL.md."""
    from persona_pipeline.core.ingest import ingest_units
    from persona_pipeline_tests.conftest import planted_values

    s = Settings(data_dir=tmp_path / "data", claude_dirs=[sample_copy[0]], codex_dirs=[sample_copy[1]])
    units = s.sources().discover().units
    ingest_units(s, units)
    results, _ = build_lessons(s, [u.key for u in units])
    assert results and all(r.status == "ok" and r.dropped_quotes == 0 for r in results)
    lessons = _lessons(s)
    sessions = _sessions(s, sorted({x.unit_key for x in lessons}))
    assert {x.signal for x in lessons} >= {Signal.USER_CRITIQUE, Signal.SELF_CORRECTION, Signal.TOOL_ERROR}
    assert all(_grounded(x, sessions[x.unit_key]) for x in lessons)
    out = build_skills(s)
    assert out.skills > 0 and out.files_written == out.skills
    written = json.dumps([x.model_dump() for x in lessons]) + "".join(
        p.read_text(encoding="utf-8") for p in (s.data_dir / "skills").glob("*/SKILL.md")
    )
    assert not [v for v in planted_values(ground_truth) if v in written]
