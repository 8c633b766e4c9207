"""Session notes: decisions, code changes and todos per session, capped, cited, two-pass on long
sessions; stored per unit, written as markdown, erased with their unit."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from persona_pipeline.core.config import Settings
from persona_pipeline.core.models import Tier, TurnKind
from persona_pipeline.core.warehouse.memory_store import SessionEvidence, SessionRow
from persona_pipeline.notes import session as ns
from persona_pipeline.notes.models import CAPS, MAX_CITATIONS, NoteKind
from persona_pipeline.notes.offline import OfflineNoteTaker
from persona_pipeline.orchestration.defs.resources import project_resources

PERSON = {TurnKind.PROMPT, TurnKind.CORRECTION}


def _session(*rows: tuple[TurnKind, str], unit: str = "claude/widget/s1.jsonl") -> SessionEvidence:
    out = []
    for i, (kind, text) in enumerate(rows, start=1):
        tier = Tier.T1 if kind is TurnKind.CORRECTION else (Tier.T2 if kind in PERSON else Tier.T3)
        out.append(
            SessionRow(
                evidence_id=f"e{i}",
                tier=tier,
                kind=kind.value,
                excerpt=text,
                timestamp=f"2026-10-01T10:{i // 60:02d}:{i % 60:02d}Z",
                line_no=i * 2,
            )
        )
    return SessionEvidence(unit_key=unit, session_id="s1", project="widget", rows=out)


def _take(session: SessionEvidence, **kw):
    [res] = OfflineNoteTaker(**kw).take_many([session])
    assert res.status == "ok"
    return res


def _of(res, kind: NoteKind):
    return [n for n in res.notes if n.kind is kind]


P, C, EDIT, TODO = TurnKind.PROMPT, TurnKind.CORRECTION, TurnKind.FILE_EDIT, TurnKind.TODO


def test_decisions_carry_the_rejected_alternative_and_the_reason() -> None:
    res = _take(
        _session(
            (P, "Let's go with DuckDB instead of SQLite because we need columnar scans. Then add the loader."),
            (P, "Use polars rather than pandas since the frames are large"),
            (C, "No, do the migration in SQL not Python"),
            (P, "We decided to drop the cache layer so that reads stay consistent."),
            (P, "we'll keep the current schema"),
            (P, "Should we use Redis instead of Memcached?"),  # a question decides nothing
            (P, "do not use mocks in these tests"),  # a negated verb, not a contrast
            (P, "Run the tests please"),
            (C, "no, don't use pip, we use uv"),
            (C, "No, that's wrong — don't mock the database, use a real duckdb file."),
            (P, "add a --since flag. stick with polars for the date filtering — no pandas round-trips."),
        )
    )
    got = {n.text: (n.alternative, n.reason, n.evidence_ids) for n in _of(res, NoteKind.DECISION)}
    # the text is the person's sentence, trimmed (not "Go with DuckDB" cut out of it); alternative
    # and reason are slices of it ("mock the database", not "mocking the database")
    assert got == {
        "Let's go with DuckDB instead of SQLite because we need columnar scans": (
            "SQLite",
            "we need columnar scans",
            ["e1"],
        ),
        "Use polars rather than pandas since the frames are large": ("pandas", "the frames are large", ["e2"]),
        "Do the migration in SQL not Python": ("Python", None, ["e3"]),
        "We decided to drop the cache layer so that reads stay consistent": (None, "reads stay consistent", ["e4"]),
        "We'll keep the current schema": (None, None, ["e5"]),
        "Don't use pip, we use uv": ("pip", None, ["e9"]),
        "Don't mock the database, use a real duckdb file": ("mock the database", None, ["e10"]),
        "Stick with polars for the date filtering — no pandas round-trips": ("pandas round-trips", None, ["e11"]),
    }
    # ranked: alternative and reason first (the most recent first among equals), an explicit
    # "decided" next, a correction over a prompt
    assert [n.text for n in _of(res, NoteKind.DECISION)][:4] == [
        "Use polars rather than pandas since the frames are large",
        "Let's go with DuckDB instead of SQLite because we need columnar scans",
        "We decided to drop the cache layer so that reads stay consistent",
        "Don't mock the database, use a real duckdb file",
    ]


def test_code_changes_grouped_by_file_with_functions() -> None:
    res = _take(
        _session(
            (P, "Add a CSV exporter"),
            (EDIT, "Edit: src/export.py (functions: to_csv)"),
            (EDIT, "Write: tests/test_export.py"),
            (P, "Also handle the header row"),
            (EDIT, "Edit: src/export.py (functions: to_csv, header_row)"),
            (EDIT, "MultiEdit: src/export.py (functions: _quote)"),
        )
    )
    changes = _of(res, NoteKind.CODE_CHANGE)
    by_file = {tuple(n.files): n for n in changes}
    assert set(by_file) == {("src/export.py",), ("tests/test_export.py",)}
    exp = by_file[("src/export.py",)]
    assert exp.text == "Edited src/export.py (3 edits)" and exp.functions == ["to_csv", "header_row", "_quote"]
    assert exp.evidence_ids == ["e2", "e5", "e6"]
    assert changes[0] is exp  # the most edited file ranks first


def test_a_bug_fix_cites_the_request_and_the_edits_that_followed() -> None:
    res = _take(
        _session(
            (P, "Fix the bug where the parser drops the last line."),
            (EDIT, "Edit: src/parse.py (functions: read_lines)"),
            (EDIT, "Edit: tests/test_parse.py (functions: test_last_line)"),
            (P, "The CSV export is broken"),  # asked, but nothing was edited after it
            (P, "Now rename the module"),
            (EDIT, "Edit: src/parse.py (functions: read_lines)"),
        )
    )
    changes = _of(res, NoteKind.CODE_CHANGE)
    fix = changes[0]
    assert fix.text == "Fixed the bug where the parser drops the last line"
    assert fix.evidence_ids == ["e1", "e2", "e3"]
    assert fix.files == ["src/parse.py", "tests/test_parse.py"] and fix.functions == ["read_lines", "test_last_line"]
    assert not [n for n in changes if "CSV" in n.text]
    # the later edit of the same file, for another request, is a plain change of that file
    assert [(n.text, n.evidence_ids) for n in changes[1:]] == [("Edited src/parse.py", ["e6"])]


def test_a_fix_it_request_is_described_by_its_turn_and_corrections_continue_it() -> None:
    res = _take(
        _session(
            (P, "the totals row on the report page is misaligned — see screenshot. fix it"),
            (EDIT, "Edit: templates/report.html"),
            (C, "no, use flexbox instead of a table"),  # continues the fix, not a new request
            (EDIT, "Edit: static/report.css"),
            (P, "if it still can't connect it's a DBA problem — add the contact to RUNBOOK.md"),
            (EDIT, "Write: RUNBOOK.md"),
        )
    )
    changes = _of(res, NoteKind.CODE_CHANGE)
    assert [(n.text, n.files, n.evidence_ids) for n in changes] == [
        (
            "Fixed: the totals row on the report page is misaligned",
            ["templates/report.html", "static/report.css"],
            ["e1", "e2", "e4"],
        ),
        ("Edited RUNBOOK.md", ["RUNBOOK.md"], ["e6"]),  # a conditional is no bug report
    ]


def test_todos_come_from_the_last_list_and_from_deferring_prompts() -> None:
    res = _take(
        _session(
            (P, "Plan the importer"),
            (TODO, "[pending] Write the old plan item\n[pending] Another stale item"),
            (P, "We still need to add retries. Do the docs later."),
            (P, "TODO: wire the CLI flag"),
            (P, "let's benchmark the parser later"),
            (
                TODO,
                "[completed] Parse the header\n[in_progress] Stream large files\n[pending] Add retries to the client"
                "\n[completed] Benchmark the parser",
            ),
        )
    )
    todos = _of(res, NoteKind.TODO)
    texts = [n.text for n in todos]
    assert "Write the old plan item" not in texts and "Another stale item" not in texts  # not the last list
    assert "Parse the header" not in texts  # completed
    assert "Benchmark the parser" not in texts  # deferred, then done in the last list
    # the person's deferrals first (the most recent first), then the list's open items
    assert texts == ["Add retries", "Wire the CLI flag", "Do the docs", "Stream large files"]
    retries = [n for n in todos if "retries" in n.text.casefold()]
    assert len(retries) == 1 and set(retries[0].evidence_ids) == {"e3", "e6"}  # merged: prompt + list item
    assert {"e6"} <= {e for n in todos for e in n.evidence_ids}
    assert len(todos) <= CAPS[NoteKind.TODO]


def _thirty_decisions() -> list[tuple[TurnKind, str]]:
    rows = []
    for i in range(30):
        if i % 3 == 0:
            rows.append((P, f"Use tool{i} instead of legacy{i} because reason{i} matters"))
        elif i % 3 == 1:
            rows.append((P, f"Use lib{i} rather than old{i}"))
        else:
            rows.append((P, f"Let's go with plan{i}"))
    return rows


def test_caps_keep_the_best_ranked_deterministically() -> None:
    s = _session(*_thirty_decisions())
    a, b = _take(s), _take(s)
    decisions = _of(a, NoteKind.DECISION)
    assert len(decisions) == CAPS[NoteKind.DECISION] == 10
    # all 10 with an alternative and a reason, most recent first among equals
    assert [n.text for n in decisions] == [
        f"Use tool{i} instead of legacy{i} because reason{i} matters" for i in (27, 24, 21, 18, 15, 12, 9, 6, 3, 0)
    ]
    assert [n.note_id for n in a.notes] == [n.note_id for n in b.notes]
    edits = [(EDIT, f"Edit: src/m{i}.py") for i in range(12)]
    todos = [(TODO, "\n".join(f"[pending] item number {i}" for i in range(9)))]
    c = _take(_session((P, "start"), (P, "go"), *edits, *todos))
    assert len(_of(c, NoteKind.CODE_CHANGE)) == 5 and len(_of(c, NoteKind.TODO)) == 5
    assert [n.text for n in _of(c, NoteKind.TODO)] == [f"Item number {i}" for i in range(5)]  # list order
    # a file edited 120 times is one note with a bounded list of citations
    hot = _take(
        _session(
            (P, "fix the crash on empty input"), *[(EDIT, f"Edit: src/a.py (functions: f{i})") for i in range(120)]
        )
    )
    [n] = _of(hot, NoteKind.CODE_CHANGE)
    assert n.text == "Fixed the crash on empty input"
    assert n.evidence_ids[0] == "e1" and len(n.evidence_ids) == MAX_CITATIONS and len(n.functions) == 20


def test_two_passes_on_a_long_session_keep_the_caps_and_merge_duplicates_across_windows() -> None:
    rows = _thirty_decisions()
    rows += [(EDIT, "Edit: src/app.py (functions: load)"), (P, "Use tool0 instead of legacy0 because reason0 matters")]
    rows += [(EDIT, "Edit: src/app.py (functions: save)")] + [(P, f"filler prompt {i}") for i in range(40)]
    rows += [(P, "we still need to add retries"), (P, "We still need to add retries!")]
    s = _session(*rows)
    one = _take(s)
    many = _take(s, window_rows=7)
    assert one.windows == 1 and many.windows > 5
    for res in (one, many):
        assert len(_of(res, NoteKind.DECISION)) == 10
        [app] = [n for n in _of(res, NoteKind.CODE_CHANGE) if n.files == ["src/app.py"]]
        assert app.functions == ["load", "save"] and app.text == "Edited src/app.py (2 edits)"
        [retry] = _of(res, NoteKind.TODO)
        assert retry.text == "Add retries" and len(retry.evidence_ids) == 2
        tool0 = [n for n in _of(res, NoteKind.DECISION) if n.text.startswith("Use tool0 ")]
        assert len(tool0) == 1 and len(tool0[0].evidence_ids) == 2  # said twice, merged
        assert res.merged_duplicates >= 2
    assert [n.note_id for n in one.notes] == [n.note_id for n in many.notes]


def test_short_sessions_are_skipped_not_failed() -> None:
    short = _take(_session((P, "Let's go with DuckDB instead of SQLite because it is fast")))
    assert short.skipped == "short_session" and short.notes == [] and short.status == "ok"
    one_prompt_with_edits = _take(_session((P, "Fix the crash on empty input"), (EDIT, "Edit: src/a.py")))
    assert one_prompt_with_edits.skipped is None and _of(one_prompt_with_edits, NoteKind.CODE_CHANGE)
    assert ns.is_short(_session((P, "hi"), (TODO, "[pending] something")))


def test_every_note_cites_evidence_of_its_session() -> None:
    s = _session(
        *_thirty_decisions()[:5],
        (EDIT, "Edit: src/x.py"),
        (TODO, "[pending] ship it soon"),
        (P, "follow up on the flaky test"),
    )
    res = _take(s)
    ids = {r.evidence_id for r in s.rows}
    assert res.notes and all(n.evidence_ids and set(n.evidence_ids) <= ids for n in res.notes)
    # finalize drops foreign ids and the notes left with none
    from persona_pipeline.notes.models import DraftNote, NotesResult

    out = NotesResult(unit_key=s.unit_key)
    drafts = [
        DraftNote(kind=NoteKind.DECISION, text="Use X", evidence_ids=["e1", "nope"]),
        DraftNote(kind=NoteKind.TODO, text="Invented", evidence_ids=["zzz"]),
        DraftNote(kind=NoteKind.TODO, text="Uncited", evidence_ids=[]),
    ]
    notes = ns.finalize(s, drafts, "m", "v", out)
    assert [(n.text, n.evidence_ids) for n in notes] == [("Use X", ["e1"])]
    assert out.dropped_citations == 2 and out.dropped_uncited == 2


# --- end to end through the warehouse -----------------------------------------------------------
SECRET = "ghp_" + "R8x2Kq7LmN4pV9sT1wY6zB3cD5fH0jA2eG7i"  # a planted GitHub token


def _settings(tmp_path: Path, **kw) -> Settings:
    return Settings(data_dir=tmp_path / "data", claude_dirs=[tmp_path / "none"], codex_dirs=[tmp_path / "none"], **kw)


def _store(settings: Settings, unit_key: str, rows: list[tuple[TurnKind, str]], session_id: str = "s1") -> None:
    """Evidence rows written the way ingest writes them: through the redacting constructor."""
    from datetime import UTC, datetime

    from persona_pipeline.core.evidence.records import build_evidence, index_rows
    from persona_pipeline.core.evidence.redaction.redactor import load_or_create_key
    from persona_pipeline.core.ingest import make_redactor
    from persona_pipeline.core.models import SourceKind, Turn
    from persona_pipeline.core.warehouse import store

    turns = [
        Turn(
            line_no=i,
            byte_offset=i * 100,
            session_id=session_id,
            timestamp=f"2026-10-01T10:00:{i:02d}Z",
            cwd="/work/code/widget",
            tier=Tier.T1 if k is C else (Tier.T2 if k in PERSON else Tier.T3),
            kind=k,
            text=t,
        )
        for i, (k, t) in enumerate(rows, start=1)
    ]
    kind = SourceKind.CLAUDE if unit_key.startswith("claude/") else SourceKind.CODEX
    evidence, counts, _ = build_evidence(unit_key, kind, turns, make_redactor(settings), "widget")
    unit_row = {
        "unit_key": unit_key,
        "source_kind": kind.value,
        "project": evidence[0].project if evidence else "widget",
        "fingerprint": "f",
        "reader_version": "test",
        "status": "processed",
        "raw_bytes": 1,
        "kept_bytes": 1,
        "lines_total": len(rows),
        "lines_bad": 0,
        "turns_kept": len(turns),
        "evidence_rows": len(evidence),
        "redactions": sum(counts.values()),
        "fields_dropped": 0,
        "session_id": session_id,
        "processed_at": datetime.now(UTC).replace(tzinfo=None),
    }
    key = load_or_create_key(settings.redaction_key_path)
    with store.connect(settings.warehouse_path) as con:
        store.replace_units(
            con,
            [store.UnitRows(unit_key, unit_row, index_rows(unit_key, turns, key), evidence, {}, {}, dict(counts))],
        )


SESSION_A = [
    (P, f"Let's go with DuckDB instead of SQLite because the token {SECRET} must never leak"),
    (P, "Fix the bug where the parser drops the last line"),
    (EDIT, "Edit: src/parse.py (functions: read_lines)"),
    (P, "we still need to add retries"),
    (TODO, "[completed] Parse\n[pending] Stream large files"),
]


def _rows(settings: Settings, unit: str | None = None) -> list[tuple]:
    from persona_pipeline.core.warehouse import store

    with store.connect(settings.warehouse_path, read_only=True) as con:
        where, args = ("WHERE unit_key = ?", [unit]) if unit else ("", [])
        return con.execute(
            f"SELECT unit_key, kind, text, alternative, reason, files, functions, evidence_ids FROM session_notes "
            f"{where} ORDER BY unit_key, kind, text",
            args,
        ).fetchall()


def test_build_notes_stores_cited_notes_and_markdown_then_replaces_and_erases_exactly(tmp_path) -> None:
    from persona_pipeline.core.warehouse import store
    from persona_pipeline.notes.stage import build_notes, remove_note_files

    s = _settings(tmp_path)
    a, b, short = "claude/widget/s1.jsonl", "codex/2026/10/01/rollout-x.jsonl", "claude/widget/s3.jsonl"
    _store(s, a, SESSION_A)
    _store(s, b, [(P, "Use polars rather than pandas"), (P, "ok"), (EDIT, "Write: app/main.py")], session_id="s2")
    _store(s, short, [(P, "hello there")], session_id="s3")
    results, model = build_notes(s, [a, b, short])
    assert model == "offline" and [r.status for r in results] == ["ok"] * 3
    assert {r.unit_key: r.skipped for r in results} == {a: None, b: None, short: "short_session"}
    rows = _rows(s, a)
    kinds = sorted(r[1] for r in rows)
    assert kinds == ["code_change", "decision", "todo", "todo"]
    with store.connect(s.warehouse_path, read_only=True) as con:
        ids = {r[0] for r in con.execute("SELECT evidence_id FROM evidence").fetchall()}
        lines = dict(con.execute("SELECT evidence_id, line_no FROM evidence").fetchall())
        state = con.execute("SELECT unit_key, status, items FROM memory_state ORDER BY unit_key").fetchall()
    assert all(r[7] and set(r[7]) <= ids for r in _rows(s))
    assert state == [(a, "ok", 4), (short, "ok", 0), (b, "ok", 2)]
    dump = repr(_rows(s))
    assert SECRET not in dump and "[REDACTED:" in dump  # notes hold redacted evidence only
    md_a = tmp_path / "data" / "notes" / "widget" / "s1.md"
    md_b = tmp_path / "data" / "notes" / "widget" / "s2.md"
    text = md_a.read_text()
    assert SECRET not in text and "## Decisions" in text and "## Code changes" in text and "## Open todos" in text
    decision = next(r for r in rows if r[1] == "decision")
    assert f"`{a}:{lines[decision[7][0]]}`" in text  # cited as unit_key:line
    assert md_b.exists() and not (tmp_path / "data" / "notes" / "widget" / "s3.md").exists()

    # unchanged: nothing rebuilt; forced: the same rows exactly
    assert build_notes(s, [a, b, short])[0] == []
    before = _rows(s)
    build_notes(s, [a, b, short], force=True)
    assert _rows(s) == before and md_a.read_text() == text

    # the session changes: its notes are replaced, the other unit's untouched
    _store(s, a, [*SESSION_A[:3], (P, "next time, look at caching"), (P, "stick with the old API")])
    [res], _ = build_notes(s, [a, b, short])
    assert res.unit_key == a
    new_texts = sorted(r[2] for r in _rows(s, a))
    assert (
        "Look at caching" in new_texts and "Keep the old API" not in new_texts and "Stick with the old API" in new_texts
    )
    assert "Add retries" not in new_texts and "Stream large files" not in new_texts
    assert "Add retries" not in md_a.read_text() and "Look at caching" in md_a.read_text()
    assert [r for r in _rows(s) if r[0] == b] == [r for r in before if r[0] == b]

    # erasure: rows go with the unit, markdown with remove_note_files (or the next build)
    with store.connect(s.warehouse_path) as con:
        store.delete_units(con, [a])
    assert _rows(s, a) == []
    assert remove_note_files(s.data_dir, [a]) == 1 and not md_a.exists() and md_b.exists()
    with store.connect(s.warehouse_path) as con:
        store.delete_units(con, [b])
    build_notes(s, [])
    assert not md_b.exists()  # reconciled against the table


def test_a_unit_emptied_of_evidence_loses_its_notes(tmp_path) -> None:
    from persona_pipeline.notes.stage import build_notes

    s = _settings(tmp_path)
    a = "claude/widget/s1.jsonl"
    _store(s, a, SESSION_A)
    build_notes(s, [a])
    assert _rows(s, a)
    _store(s, a, [])
    build_notes(s, [a])
    assert _rows(s, a) == [] and not (tmp_path / "data" / "notes" / "widget" / "s1.md").exists()


def test_session_notes_asset_materialises_partitions(tmp_path, monkeypatch) -> None:
    import dagster as dg

    from persona_pipeline.orchestration.defs.note_assets import session_notes
    from persona_pipeline.orchestration.defs.partitions import SOURCE_UNITS

    s = _settings(tmp_path)
    a, b, short = "claude/widget/s1.jsonl", "claude/widget/s2.jsonl", "claude/widget/s3.jsonl"
    _store(s, a, SESSION_A)
    _store(s, b, SESSION_A[1:], session_id="s2")
    _store(s, short, [(P, "hi")], session_id="s3")
    monkeypatch.setenv("PERSONA_DATA_DIR", str(s.data_dir))
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
    os.makedirs(tmp_path / "dagster_home", exist_ok=True)
    with dg.instance_for_test(temp_dir=str(tmp_path / "dagster_home")) as instance:
        instance.add_dynamic_partitions(SOURCE_UNITS, [a, b, short])
        result = dg.materialize(
            [session_notes],
            resources=project_resources(),
            instance=instance,
            tags={"dagster/asset_partition_range_start": a, "dagster/asset_partition_range_end": short},
        )
        assert result.success
        mats = result.asset_materializations_for_node("session_notes")
        by_unit = {m.partition: m.metadata for m in mats}
        assert set(by_unit) == {a, b, short}
        assert by_unit[a]["decisions"].value == 1 and by_unit[a]["code_changes"].value == 1
        assert by_unit[short]["skipped_short_session"].value == 1
        # counts only: no note text in the event log
        logged = repr([e for e in instance.all_logs(result.run_id)])
        assert "DuckDB" not in logged and "parser" not in logged
        again = dg.materialize(
            [session_notes],
            resources=project_resources(),
            instance=instance,
            tags={"dagster/asset_partition_range_start": a, "dagster/asset_partition_range_end": short},
        )
        # nothing stale: each requested partition is reported up to date (a backfill completes green)
        again_mats = again.asset_materializations_for_node("session_notes")
        assert again.success and {m.metadata["status"].value for m in again_mats} == {"up_to_date"}
        assert sorted(m.partition for m in again_mats) == sorted(by_unit)


# --- the litellm backend against a local OpenAI-style server ------------------------------------
@pytest.fixture
def server():
    from persona_pipeline_tests.fake_openai import FakeOpenAI

    s = FakeOpenAI().start()
    yield s
    s.stop()


def _taker(server, tmp_path: Path, **kw):
    from persona_pipeline.core.llm.client import RetryPolicy
    from persona_pipeline.notes.remote import LitellmNoteTaker

    args = {
        "model": "openai/fake-model",
        "cache_dir": tmp_path / "data" / "llm_cache",
        "max_usd": 5.0,
        "max_calls": 100,
        "api_base": server.base_url,
        "api_key": "sk-test-not-real",
        "retry": RetryPolicy(max_attempts=2, base_delay=0.01, max_delay=0.02),
        "timeout": 5.0,
    }
    args.update(kw)
    from persona_pipeline.core.llm.structured import StructuredCaller
    from persona_pipeline_tests.fake_openai import split_caller_args

    caller_args, own = split_caller_args(args)
    return LitellmNoteTaker(StructuredCaller(**caller_args), **own)


def _reply(payload: dict) -> str:
    """A model that notes the first person row as a decision, every file-edit row as a change,
    and makes up one citation and one uncited note."""
    import json
    import re

    body = payload["messages"][1]["content"]
    if payload["messages"][0]["content"].startswith("You merge"):
        notes = json.loads(body.split("Window notes:\n", 1)[1].rsplit("\nAnswer:", 1)[0])
        seen: dict[tuple[str, str], dict] = {}
        for n in notes:  # a model that merges exact duplicates
            k = (n["kind"], n["text"])
            if k in seen:
                seen[k]["evidence_ids"] = sorted({*seen[k]["evidence_ids"], *n["evidence_ids"]})
            else:
                seen[k] = n
        return json.dumps({"notes": list(seen.values())})
    person = re.findall(r"^\[(r\d+)\] person:\w+ (.*)$", body, re.M)
    edits = re.findall(r"^\[(r\d+)\] tool:file_edit \w+: (\S+)", body, re.M)
    notes = (
        [
            {
                "kind": "decision",
                "text": "Use DuckDB",
                "alternative": "SQLite",
                "reason": None,
                "files": [],
                "functions": [],
                "evidence_ids": [person[0][0], "r999"],
            },
            {
                "kind": "todo",
                "text": "Invented todo",
                "alternative": None,
                "reason": None,
                "files": [],
                "functions": [],
                "evidence_ids": ["r998"],
            },
        ]
        if person
        else []
    )
    notes += [
        {
            "kind": "code_change",
            "text": f"Edited {path}",
            "alternative": None,
            "reason": None,
            "files": [path],
            "functions": [],
            "evidence_ids": [alias],
        }
        for alias, path in edits
    ]
    return json.dumps({"notes": notes})


def test_litellm_notes_are_cited_cached_and_sent_redacted(server, tmp_path) -> None:
    import json

    from persona_pipeline.notes.stage import build_notes

    s = _settings(tmp_path)
    a, b, short = "claude/widget/s1.jsonl", "claude/widget/s2.jsonl", "claude/widget/s3.jsonl"
    _store(s, a, SESSION_A)
    _store(s, b, SESSION_A[1:], session_id="s2")
    _store(s, short, [(P, "hi")], session_id="s3")
    server.responder = _reply
    results, model = build_notes(s, [a, b, short], taker=_taker(server, tmp_path))
    assert model == "openai/fake-model" and [r.status for r in results] == ["ok"] * 3
    assert len(server.requests) == 2 == sum(r.calls for r in results)  # the short session costs nothing
    sent = json.dumps(server.requests)
    assert SECRET not in sent and "[REDACTED:github_pat:" in sent  # only redacted evidence is sent
    assert all(r["temperature"] == 0 and r["response_format"]["type"] == "json_schema" for r in server.requests)
    ra = next(r for r in results if r.unit_key == a)
    assert ra.dropped_citations == 2 and ra.dropped_uncited == 1  # r999, r998; the invented todo
    rows = _rows(s, a)
    assert [(r[1], r[2]) for r in rows] == [("code_change", "Edited src/parse.py"), ("decision", "Use DuckDB")]
    with store_ids(s) as ids:
        assert all(r[7] and set(r[7]) <= ids for r in _rows(s))
    # unchanged: nothing to do; forced: every reply from the cache, at $0
    assert build_notes(s, [a, b, short], taker=_taker(server, tmp_path))[0] == []
    again, _ = build_notes(s, [a, b, short], force=True, taker=_taker(server, tmp_path))
    assert len(server.requests) == 2
    assert sum(r.cache_hits for r in again) == 2 and sum(r.calls for r in again) == 0
    assert sum(r.cost_usd for r in again) == 0 and _rows(s, a) == rows


def store_ids(s: Settings):
    from contextlib import contextmanager

    from persona_pipeline.core.warehouse import store

    @contextmanager
    def ids():
        with store.connect(s.warehouse_path, read_only=True) as con:
            yield {r[0] for r in con.execute("SELECT evidence_id FROM evidence").fetchall()}

    return ids()


def test_a_provider_failure_leaves_the_unit_failed_and_retried(server, tmp_path) -> None:
    from persona_pipeline.core.warehouse import store
    from persona_pipeline.notes.stage import build_notes
    from persona_pipeline_tests.fake_openai import Behaviour

    s = _settings(tmp_path)
    a = "claude/widget/s1.jsonl"
    _store(s, a, SESSION_A)
    server.default = Behaviour(status=500)
    [res], _ = build_notes(s, [a], taker=_taker(server, tmp_path))
    assert res.status == "failed" and "500" in (res.error or "") and len(server.requests) == 2  # retried once
    assert _rows(s, a) == []
    with store.connect(s.warehouse_path, read_only=True) as con:
        assert con.execute("SELECT status FROM memory_state WHERE unit_key = ?", [a]).fetchall() == [("failed",)]
    server.default = Behaviour(content='{"notes": []}')
    server.responder = _reply
    [res], _ = build_notes(s, [a], taker=_taker(server, tmp_path))  # retried on the next run
    assert res.status == "ok" and _rows(s, a)


def test_unparseable_replies_are_soft_skips(server, tmp_path) -> None:
    from persona_pipeline.notes.stage import build_notes
    from persona_pipeline_tests.fake_openai import Behaviour

    s = _settings(tmp_path)
    a = "claude/widget/s1.jsonl"
    _store(s, a, SESSION_A)
    server.default = Behaviour(content="not json {")
    [res], _ = build_notes(s, [a], taker=_taker(server, tmp_path))
    assert res.status == "ok" and res.soft_skips == 1 and res.notes == []


def test_litellm_long_session_two_passes(server, tmp_path) -> None:

    rows = [(P, "Use DuckDB instead of SQLite"), (EDIT, "Edit: src/app.py")] * 6
    session = _session(*rows)
    server.responder = _reply
    [res] = _taker(server, tmp_path, window_rows=4).take_many([session])
    assert res.status == "ok" and res.windows == 3 and len(server.requests) == 4  # 3 windows + 1 merge
    assert res.calls == 4 and res.merged_duplicates >= 4
    decisions = _of(res, NoteKind.DECISION)
    assert len(decisions) == 1 and len(decisions[0].evidence_ids) == 3  # one per window, merged
    assert len(_of(res, NoteKind.CODE_CHANGE)) == 1  # the model's notes of one file, merged
    # a merge reply that cannot be parsed: the window notes are merged deterministically instead
    server.requests.clear()

    def flaky(payload: dict) -> str:
        return "garbage" if payload["messages"][0]["content"].startswith("You merge") else _reply(payload)

    server.responder = flaky
    [res2] = _taker(server, tmp_path / "b", window_rows=4).take_many([session])
    assert res2.status == "ok" and res2.soft_skips == 1 and len(server.requests) == 4
    assert [n.text for n in res2.notes] == [n.text for n in res.notes]
    assert all(len(n.evidence_ids) <= 6 for n in res2.notes)


def test_the_budget_stops_new_calls_and_the_unit_is_retried(server, tmp_path) -> None:
    from persona_pipeline.core.warehouse import store
    from persona_pipeline.notes.stage import build_notes

    s = _settings(tmp_path)
    a, b = "claude/widget/s1.jsonl", "claude/widget/s2.jsonl"
    _store(s, a, SESSION_A)
    _store(s, b, SESSION_A[1:], session_id="s2")
    server.responder = _reply
    results, _ = build_notes(s, [a, b], taker=_taker(server, tmp_path, max_calls=1, concurrency=1))
    assert [r.status for r in results] == ["ok", "budget"] and len(server.requests) == 1
    with store.connect(s.warehouse_path, read_only=True) as con:
        states = con.execute("SELECT unit_key, status FROM memory_state ORDER BY unit_key").fetchall()
    assert states == [(a, "ok"), (b, "budget")] and _rows(s, b) == []
    [res], _ = build_notes(s, [a, b], taker=_taker(server, tmp_path))  # the next run does the rest
    assert res.unit_key == b and res.status == "ok" and _rows(s, b)


def test_batches_and_one_failing_unit_costs_only_that_unit(tmp_path, monkeypatch) -> None:
    from persona_pipeline.notes import offline
    from persona_pipeline.notes import stage as notes_stage

    s = _settings(tmp_path)
    keys = [f"claude/widget/s{i}.jsonl" for i in range(1, 5)]
    for i, k in enumerate(keys, start=1):
        _store(s, k, SESSION_A, session_id=f"s{i}")
    real = offline.OfflineNoteTaker.take

    def take(self, session):
        if session.unit_key == keys[1]:
            raise RuntimeError("boom")
        return real(self, session)

    monkeypatch.setattr(notes_stage, "BATCH_UNITS", 3)
    monkeypatch.setattr(offline.OfflineNoteTaker, "take", take)
    results, _ = notes_stage.build_notes(s, keys)
    assert [(r.unit_key, r.status) for r in results] == [
        (keys[0], "ok"),
        (keys[1], "failed"),
        (keys[2], "ok"),
        (keys[3], "ok"),
    ]
    assert results[1].error == "unexpected error: RuntimeError"
    assert {r[0] for r in _rows(s)} == {keys[0], keys[2], keys[3]}
    monkeypatch.setattr(offline.OfflineNoteTaker, "take", real)
    [again], _ = notes_stage.build_notes(s, keys)  # retried next run
    assert again.unit_key == keys[1] and again.status == "ok" and _rows(s, keys[1])


def test_two_units_with_one_session_id_keep_a_file_each(tmp_path) -> None:
    from persona_pipeline.notes.stage import build_notes, remove_note_files

    s = _settings(tmp_path)
    a, b = "claude/widget/s1.jsonl", "claude/widget/resumed.jsonl"
    _store(s, a, SESSION_A)
    _store(s, b, SESSION_A[1:])  # the same session id "s1"
    build_notes(s, [a, b])
    files = sorted((tmp_path / "data" / "notes" / "widget").glob("*.md"))
    assert len(files) == 2
    heads = {f.read_text().splitlines()[0] for f in files}
    assert heads == {f"<!-- persona session notes: unit {k} -->" for k in (a, b)}
    build_notes(s, [a, b], force=True)  # rebuilt in place, never a third file
    assert sorted((tmp_path / "data" / "notes" / "widget").glob("*.md")) == files
    assert remove_note_files(s.data_dir, [b]) == 1
    [left] = (tmp_path / "data" / "notes" / "widget").glob("*.md")
    assert left.read_text().splitlines()[0].endswith(f"unit {a} -->")


def test_sample_corpus_through_the_real_readers(tmp_path, sample_copy, ground_truth) -> None:
    from persona_pipeline.core.ingest import ingest_units
    from persona_pipeline.core.warehouse import store
    from persona_pipeline.notes.stage import build_notes
    from persona_pipeline_tests.conftest import planted_values

    s = Settings(data_dir=tmp_path / "data", claude_dirs=[sample_copy[0]], codex_dirs=[sample_copy[1]])
    ingest_units(s, s.sources().discover().units)
    with store.connect(s.warehouse_path, read_only=True) as con:
        keys = [r[0] for r in con.execute("SELECT unit_key FROM units ORDER BY unit_key").fetchall()]
    results, _ = build_notes(s, keys)
    assert results and all(r.status == "ok" for r in results)
    with store.connect(s.warehouse_path, read_only=True) as con:
        notes = con.execute("SELECT unit_key, kind, text, files, evidence_ids FROM session_notes").fetchall()
        ev = {r[0]: r[1] for r in con.execute("SELECT evidence_id, unit_key FROM evidence").fetchall()}
    assert all(n[4] and all(ev.get(e) == n[0] for e in n[4]) for n in notes)  # cited within their own unit
    fixes = {n[2]: n[3] for n in notes if n[1] == "code_change" and n[2].startswith("Fixed")}
    assert "tests/test_ledger.py" in fixes["Fixed the failing test in test_ledger.py"]
    assert any(n[1] == "decision" and n[2] == "Use pathlib instead of os.path" for n in notes)
    written = "\n".join(p.read_text() for p in (tmp_path / "data" / "notes").rglob("*.md"))
    assert len(list((tmp_path / "data" / "notes").rglob("*.md"))) == len({n[0] for n in notes})
    dump = repr(notes) + written
    assert not [v for v in planted_values(ground_truth) if v.lower() in dump.lower()]
