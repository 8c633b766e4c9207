"""Session notes: decisions, code changes and todos per session, capped, cited, two-pass on long
sessions; stored per unit, written as markdown, erased with their unit."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from persona_pipeline.config import Settings
from persona_pipeline.digests.notes import session as ns
from persona_pipeline.digests.notes.models import CAPS, NoteKind
from persona_pipeline.digests.notes.offline import OfflineNoteTaker
from persona_pipeline.models import Tier, TurnKind
from persona_pipeline.warehouse.memory_store import SessionEvidence, SessionRow

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
        )
    )
    got = {n.text: (n.alternative, n.reason, n.evidence_ids) for n in _of(res, NoteKind.DECISION)}
    assert got == {
        "Go with DuckDB": ("SQLite", "we need columnar scans", ["e1"]),
        "Use polars": ("pandas", "the frames are large", ["e2"]),
        "Do the migration in SQL": ("Python", None, ["e3"]),
        "Drop the cache layer": (None, "reads stay consistent", ["e4"]),
        "Keep the current schema": (None, None, ["e5"]),
    }
    # ranked: alternative and reason first
    assert [n.text for n in _of(res, NoteKind.DECISION)][:2] == ["Use polars", "Go with DuckDB"]


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
    assert [n.text for n in decisions] == [f"Use tool{i}" for i in (27, 24, 21, 18, 15, 12, 9, 6, 3, 0)]
    assert [n.note_id for n in a.notes] == [n.note_id for n in b.notes]
    edits = [(EDIT, f"Edit: src/m{i}.py") for i in range(12)]
    todos = [(TODO, "\n".join(f"[pending] item number {i}" for i in range(9)))]
    c = _take(_session((P, "start"), (P, "go"), *edits, *todos))
    assert len(_of(c, NoteKind.CODE_CHANGE)) == 5 and len(_of(c, NoteKind.TODO)) == 5
    assert [n.text for n in _of(c, NoteKind.TODO)] == [f"Item number {i}" for i in range(5)]  # list order


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
        tool0 = [n for n in _of(res, NoteKind.DECISION) if n.text == "Use tool0"]
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
    from persona_pipeline.digests.notes.models import DraftNote, NotesResult

    out = NotesResult(unit_key=s.unit_key)
    drafts = [
        DraftNote(kind=NoteKind.DECISION, text="Use X", evidence_ids=["e1", "nope"]),
        DraftNote(kind=NoteKind.TODO, text="Invented", evidence_ids=["zzz"]),
        DraftNote(kind=NoteKind.TODO, text="Uncited", evidence_ids=[]),
    ]
    notes = ns.finalize(s, drafts, "m", "v", out)
    assert [(n.text, n.evidence_ids) for n in notes] == [("Use X", ["e1"])]
    assert out.dropped_citations == 2 and out.dropped_uncited == 2
