"""Skills and notes use the digester's reading (issue 15, item 4): a lesson's statement and a
decision's text are the person's own words, trimmed — never a template around a tool call, a
"instead of …" splice or a gerund rewrite; a sentence that cannot be read as a standing
statement (a bug report, a question, a request about one file) gives nothing; one event is
never a skill; skill names come from the quoted words, never from a tool's raw payload.
Pure: sessions built as `load_sessions` returns them; sentences written for these tests."""

from __future__ import annotations

import re
from datetime import datetime
from functools import partial

from persona_pipeline.core.models import TurnKind
from persona_pipeline.core.warehouse.memory_store import SessionEvidence, SessionRow
from persona_pipeline.notes.markdown import render
from persona_pipeline.notes.models import NoteKind
from persona_pipeline.notes.offline import OfflineNoteTaker
from persona_pipeline.skills.evolve import evolve
from persona_pipeline.skills.lessons.ground import ground, norm
from persona_pipeline.skills.lessons.models import Lesson, Signal
from persona_pipeline.skills.lessons.offline import PROMPT_VERSION, draft_lessons
from persona_pipeline.skills.names import group_name, name_for
from persona_pipeline_tests.builders import session_row

NOW = datetime(2026, 11, 2, 9, 0)
_PERSON = {TurnKind.PROMPT.value, TurnKind.CORRECTION.value}


_row = partial(session_row, hour="2026-11-01T08")


def _session(rows: list[SessionRow], sid: str = "a1") -> SessionEvidence:
    return SessionEvidence(unit_key=f"claude/harbor/{sid}.jsonl", session_id=sid, project="harbor", rows=rows)


def _lessons(session: SessionEvidence) -> list[Lesson]:
    lessons, dropped = ground(session, draft_lessons(session), "offline", PROMPT_VERSION)
    assert dropped == 0
    return lessons


def _is_quote(lesson: Lesson, session: SessionEvidence) -> bool:
    """The statement is the quote (first letter and closing stop aside), and the quote is a slice
    of one of the person's rows the lesson cites."""
    rows = {r.evidence_id: r for r in session.rows}
    cited = [rows[e] for e in lesson.evidence_ids if rows[e].kind in _PERSON]
    same = norm(lesson.statement).rstrip(".") == norm(lesson.quote).rstrip(".")
    return same and any(norm(lesson.quote) in norm(r.excerpt) for r in cited)


# --- lessons: quotes, not rewrites ---------------------------------------------------------------
def test_a_reply_to_a_refused_command_is_the_lesson_without_the_command_spliced_in() -> None:
    s = _session(
        [
            _row("p", 1, "prompt", "tidy up the importer module"),
            _row("rej", 3, "tool_rejected", "Bash: make release-candidate", "", "rejected"),
            _row("c", 4, "correction", "no. Keep every database migration reversible.", "", "rejected_tool_use"),
        ]
    )
    [x] = _lessons(s)
    assert x.statement == "Keep every database migration reversible."
    assert "make release-candidate" not in x.statement and "Instead of" not in x.statement
    assert x.signal is Signal.USER_CRITIQUE and _is_quote(x, s)


def test_a_bare_refusal_is_no_lesson_and_no_payload_reaches_a_statement() -> None:
    payload = 'TodoWrite: {"todos": [{"content": "rename the harbor client", "status": "pending"}]}'
    s = _session(
        [
            _row("p", 1, "prompt", "plan the client rename"),
            _row("rej", 3, "tool_rejected", payload, "", "rejected"),
            _row("rej2", 5, "tool_rejected", "Bash: terraform apply", "", "rejected"),
            _row("p2", 6, "prompt", "what does the plan look like?"),
        ]
    )
    lessons = _lessons(s)
    assert lessons == []  # why it was refused is unknown: no "Ask before running `TodoWrite {…`"


def test_bug_reports_questions_and_one_file_requests_are_no_lessons() -> None:
    s = _session(
        [
            _row("c1", 2, "correction", "hmm, the date picker resets to January every time I reload", "", "opener"),
            _row("c2", 4, "correction", "wait, why did you touch the lockfile?", "", "interrupt"),
            _row("c3", 6, "correction", "no, put the helper in src/harbor/tides.py instead", "", "opener"),
            _row("c4", 8, "correction", "I set a watch on line 212 and it's not firing", "", "opener"),
        ]
    )
    assert _lessons(s) == []


def test_a_critique_during_a_recovery_is_quoted_not_turned_into_run_y_instead_of_x() -> None:
    s = _session(
        [
            _row("e", 2, "tool_error", "Bash: pytest -x", "ImportError: cannot import name 'tide'", "is_error"),
            _row("c", 3, "correction", "no, go through tox, we never call pytest directly", "", "interrupt"),
            _row("r", 4, "tool_recovered", "Bash: tox -e py312", "Bash: pytest -x", "after_line:2"),
        ]
    )
    [x] = _lessons(s)
    assert x.statement == "Go through tox, we never call pytest directly."
    assert "instead of" not in x.statement and _is_quote(x, s)


def test_every_person_lesson_is_a_slice_of_the_redacted_evidence() -> None:
    s = _session(
        [
            _row("c1", 2, "correction", "Please, honestly: never commit straight to the trunk branch!", "", "opener"),
            _row("rej", 4, "tool_rejected", "Edit: src/harbor/charts.py", "", "rejected"),
            _row("c2", 5, "correction", "stop — tabs for indentation, not spaces. Reformat [redacted:path].", "", "x"),
            _row("c3", 7, "correction", "no, use `just fmt`, not a hand-rolled black call", "", "interrupt"),
        ]
    )
    lessons = _lessons(s)
    assert len(lessons) == 3
    for x in lessons:
        assert x.signal is Signal.USER_CRITIQUE and _is_quote(x, s), x.statement
    assert {x.statement for x in lessons} == {
        "Never commit straight to the trunk branch.",
        "Tabs for indentation, not spaces.",
        "Use `just fmt`, not a hand-rolled black call.",
    }


# --- skills: recurrence -----------------------------------------------------------------------
def _command_critique(sid: str) -> list[Lesson]:
    return _lessons(
        _session([_row("c", 3, "correction", "no, run `just lint` before every push", "", "interrupt")], sid)
    )


def test_a_single_event_is_not_a_skill_however_emphatic() -> None:
    [one] = _command_critique("a1")
    assert one.credibility >= 0.8 and one.importance >= 0.5  # the old single-lesson bar
    assert evolve([one], [], NOW) == []
    # the same lesson twice in one session is still one event
    twice = _session(
        [
            _row("c", 3, "correction", "no, run `just lint` before every push", "", "interrupt"),
            _row("d", 9, "correction", "again: run `just lint` before every push", "", "interrupt"),
        ]
    )
    assert evolve(_lessons(twice), [], NOW) == []
    # two sessions: a skill
    [skill] = evolve([one, *_command_critique("b2")], [], NOW)
    assert len(skill.lesson_ids) == 2


def test_skill_names_come_from_the_quoted_words() -> None:
    lessons = _lessons(
        _session(
            [
                _row("rej", 3, "tool_rejected", 'ExitPlanMode: {"plan": "1. rename"}', "", "rejected"),
                _row("c", 4, "correction", "no, keep every database migration reversible", "", "rejected_tool_use"),
            ],
            "a1",
        )
    ) + _lessons(
        _session([_row("c", 2, "correction", "always keep database migrations reversible.", "", "opener")], "b2")
    )
    [skill] = evolve(lessons, [], NOW)
    assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", skill.name)
    assert "migration" in skill.name and "reversible" in skill.name, skill.name
    assert not any(w in skill.name for w in ("exitplanmode", "plan", "ask"))
    assert all("{" not in i and "ExitPlanMode" not in i for i in skill.instructions)


# --- notes: decisions are quotes ------------------------------------------------------------------
def _decisions(*texts: str) -> tuple[SessionEvidence, list]:
    rows = [_row(f"e{i}", i * 2, "prompt", t) for i, t in enumerate(texts, start=1)]
    s = _session(rows)
    [res] = OfflineNoteTaker().take_many([s])
    return s, [n for n in res.notes if n.kind is NoteKind.DECISION]


def test_a_bug_report_with_not_in_it_is_no_decision() -> None:
    _, got = _decisions(
        "I set a watch on line 212 and it's not firing", "we'll switch to ruff, it's not slow like flake8 either"
    )
    # "it's not …" negates a verb: no "(instead of slow like flake8 either)" splice
    assert [(n.text, n.alternative) for n in got] == [("We'll switch to ruff, it's not slow like flake8 either", None)]


def test_decision_text_and_alternative_are_the_persons_words() -> None:
    s, got = _decisions(
        "Use pnpm, not yarn from now on",
        "don't stub the network, use recorded responses",
        "Let's go with SQLite instead of Postgres because the app ships as one binary.",
    )
    assert len(got) == 3
    said = " ".join(norm(r.excerpt) for r in s.rows)
    for n in got:
        assert norm(n.text).rstrip(".") in said, n.text  # the person's words, not "Use pnpm"
        for part in (n.alternative, n.reason):
            assert part is None or norm(part) in said, part  # no "stubbing the network"
    # rendered, a decision reads as the person said it: no "(instead of …)" splice
    md = render(s.unit_key, s.session_id, s.project, got, {r.evidence_id: r.line_no for r in s.rows})
    assert "(instead of" not in md and "— because" not in md
    assert "Use pnpm, not yarn from now on" in md


def test_a_group_is_named_by_what_is_preferred_and_no_name_ends_on_a_function_word() -> None:
    # the strongest statement is a judgement; the name comes from the one that says what is refused
    assert group_name(["Spaces read so much cleaner than tabs to me.", "Stop using tabs, we use spaces."]) == (
        "spaces-not-tabs"
    )
    for said in ("Don't rebase shared branches with", "No mocks and no", "Avoid globals in"):
        assert name_for(said).split("-")[-1] not in {"with", "and", "no", "in"}, name_for(said)
