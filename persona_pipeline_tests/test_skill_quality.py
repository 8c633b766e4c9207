"""What the offline lessons and skills say: a recovery after edits is a lesson about the fix,
not the command; "use Y instead of X" only when the command changed with nothing edited;
every lesson stands on its own episode's rows and every example is one of its skill's lessons;
names come from key terms; triggers are tools, errors and programs, never stop-words; a plain
style correction alone is no skill. Pure: sessions built as `load_sessions` returns them."""

from __future__ import annotations

from datetime import datetime
from functools import partial

from persona_pipeline.core.models import Tier
from persona_pipeline.core.warehouse.memory_store import SessionEvidence, SessionRow
from persona_pipeline.skills.evolve import evolve, supported, triggers_of
from persona_pipeline.skills.lessons.ground import ground, norm
from persona_pipeline.skills.lessons.models import Lesson, LessonKind, Signal
from persona_pipeline.skills.lessons.offline import PROMPT_VERSION, draft_lessons, parse_call, program_key
from persona_pipeline.skills.names import group_name, name_for
from persona_pipeline_tests.builders import session_row

NOW = datetime(2026, 10, 9, 12, 0)
LEDGER_ERROR = (
    "Exit code 1\n===== test session starts =====\nplatform linux -- Python … ===== FAILED "
    "tests/test_ledger.py::test_balance - duckdb.TransactionException: TransactionContext Error: cannot start "
    "a transaction within a transaction ===== 1 failed, 3 passed in 4.69s ====="
)


_row = partial(session_row, hour="2026-10-01T10")


def _session(rows: list[SessionRow], key: str = "claude/ledgerly/s1.jsonl", sid: str = "s1") -> SessionEvidence:
    return SessionEvidence(unit_key=key, session_id=sid, project="ledgerly", rows=rows)


def ledger_session(key: str = "claude/ledgerly/s1.jsonl", sid: str = "s1") -> SessionEvidence:
    """The sample's ledgerly episode: pytest fails with TransactionException; in between, a refused
    `pip install` and the person's "don't use pip", a plain correction and three edits; then
    `uv run pytest -q` passes."""
    return _session(
        [
            _row("p1", 6, "prompt", "fix the failing test in test_ledger.py"),
            _row("err", 9, "tool_error", "Bash: uv run pytest tests/test_ledger.py -v", LEDGER_ERROR, "is_error"),
            _row("rej", 17, "tool_rejected", "Bash: pip install --upgrade duckdb", "", "rejected"),
            _row("pip", 20, "correction", "no, don't use pip, we use uv", "Upgrading it:", "interrupt"),
            _row("ed1", 24, "file_edit", "Edit: tests/test_ledger.py"),
            _row(
                "mock",
                27,
                "correction",
                "No, that's wrong — don't mock the database, use a real duckdb file.",
                "",
                "opener",
            ),
            _row("ed2", 30, "file_edit", "Edit: src/ledgerly/ledger.py"),
            _row("ed3", 32, "file_edit", "Write: tests/conftest.py (functions: con)"),
            _row(
                "rec",
                38,
                "tool_recovered",
                "Bash: uv run pytest -q",
                "uv run pytest tests/test_ledger.py -v",
                "after_line:9",
            ),
        ],
        key,
        sid,
    )


def _lessons(session: SessionEvidence) -> list[Lesson]:
    lessons, dropped = ground(session, draft_lessons(session), "offline", PROMPT_VERSION)
    assert dropped == 0  # every quote is a verbatim slice of the episode's rows
    return lessons


def _by_statement(lessons: list[Lesson], part: str) -> Lesson:
    [x] = [x for x in lessons if part in x.statement]
    return x


# --- rule 1: the fix, not the command ------------------------------------------------------
def test_program_key_is_the_program_and_subcommand() -> None:
    assert program_key("uv run pytest tests/test_ledger.py -v") == program_key("uv run pytest -q") == "uv run pytest"
    assert program_key("npm test -- --runInBand") == "npm test" and program_key("cargo test --release") == "cargo test"
    assert program_key("git push origin main") == "git push" != program_key("git pull")
    assert program_key("FOO=1 python -m pytest -x") == "python -m pytest" and program_key("pytest -q") == "pytest"
    assert program_key("uv run ruff check --fix . && uv run ruff format .") == "uv run ruff check"


def test_same_program_after_edits_is_a_lesson_about_the_code() -> None:
    session = ledger_session()
    lessons = _lessons(session)
    fix = _by_statement(lessons, "TransactionException")
    assert fix.kind is LessonKind.LEARN and "instead of" not in fix.statement
    assert fix.statement.startswith("When `uv run pytest` fails with `TransactionException`, the cause was in the code")
    # the files fixed this time are this session's detail, not the lesson's (they stay in its evidence)
    assert "ledger.py" not in fix.statement and "conftest" not in fix.statement and "ed3" in fix.evidence_ids
    assert "don't change the command" in fix.statement
    # its quote is the error the agent fixed, from the error row itself
    assert fix.quote.startswith("FAILED tests/test_ledger.py::test_balance") and fix.evidence_ids[0] == "err"


def test_a_changed_command_with_no_edits_is_an_instead_of_lesson() -> None:
    different = _session(
        [
            _row("e", 2, "tool_error", "Bash: pytest -q", "ModuleNotFoundError: No module named 'polars'", "is_error"),
            _row("r", 3, "tool_recovered", "Bash: uv run pytest -q", "Bash: pytest -q", "after_line:2"),
        ]
    )
    [x] = _lessons(different)
    assert x.statement == "Run `uv run pytest -q` instead of `pytest -q` when it fails with `ModuleNotFoundError`."
    flags = _session(
        [
            _row(
                "e", 2, "tool_error", "Bash: npm test", "exit code 1\nError: Jest worker ran out of memory", "is_error"
            ),
            _row("r", 3, "tool_recovered", "Bash: npm test -- --runInBand", "Bash: npm test", "after_line:2"),
        ]
    )
    [y] = _lessons(flags)
    assert y.statement.startswith("Run `npm test -- --runInBand` instead of `npm test`")
    # another program, but files were edited too: no "instead of", and not the files edited this time
    both = _session(
        [
            _row("e", 2, "tool_error", "Bash: pytest -q", "ModuleNotFoundError: No module named 'app'", "is_error"),
            _row("ed", 3, "file_edit", "Edit: pyproject.toml"),
            _row("r", 4, "tool_recovered", "Bash: uv run pytest -q", "Bash: pytest -q", "after_line:2"),
        ]
    )
    [z] = _lessons(both)
    assert "instead of" not in z.statement and "pyproject" not in z.statement and "`uv run pytest -q`" in z.statement


def test_a_critique_naming_the_working_command_is_the_recoverys() -> None:
    session = _session(
        [
            _row("e", 2, "tool_error", "Bash: pytest -q", "ModuleNotFoundError: No module named 'polars'", "is_error"),
            _row("c", 3, "correction", "no, use uv run pytest, we never call bare pytest", "", "interrupt"),
            _row("r", 4, "tool_recovered", "Bash: uv run pytest -q", "Bash: pytest -q", "after_line:2"),
        ]
    )
    [x] = _lessons(session)
    # the person said how: their words, not a "Run `uv run pytest -q` instead of `pytest -q`" splice
    assert x.signal is Signal.USER_CRITIQUE and x.statement == "Use uv run pytest, we never call bare pytest."
    assert x.quote.startswith("use uv run pytest") and set(x.evidence_ids) == {"e", "c", "r"}


# --- rule 2: each lesson stands on its own episode; examples are the skill's own ------------
def test_lessons_keep_to_their_own_episode() -> None:
    lessons = _lessons(ledger_session())
    fix = _by_statement(lessons, "TransactionException")
    pip = _by_statement(lessons, "use pip")
    mock = _by_statement(lessons, "mock the database")
    assert set(fix.evidence_ids) == {"err", "ed1", "ed2", "ed3", "rec"}  # not the pip reply, not the mock critique
    assert set(pip.evidence_ids) == {"rej", "pip"} and pip.quote == "don't use pip, we use uv"
    assert mock.evidence_ids == ["mock"] and mock.signal is Signal.USER_CRITIQUE


def test_a_skills_examples_are_its_own_lessons_quotes() -> None:
    lessons = _lessons(ledger_session()) + _lessons(ledger_session("claude/ledgerly/s2.jsonl", "s2"))
    skills = evolve(lessons, [], NOW)
    assert skills
    by_id = {x.lesson_id: x for x in lessons}
    for skill in skills:
        members = [by_id[i] for i in skill.lesson_ids]
        quotes = {" ".join(m.quote.split()) for m in members}
        cited = {e for m in members for e in m.evidence_ids}
        for example in skill.examples:
            quote, _, citation = example[1:].partition('" (')
            assert quote.rstrip("…") in {q[: len(quote.rstrip("…"))] for q in quotes}, (skill.name, example)
            assert citation.rsplit("evidence ", 1)[1].rstrip(")") in cited
    fix = next(s for s in skills if any("TransactionException" in i for i in s.instructions))
    assert not any("pip" in e for e in fix.examples)


# --- rule 3: names from key terms, unique -----------------------------------------------------
def test_names_come_from_key_terms() -> None:
    cases = {
        "When `uv run pytest` fails with `TransactionException`, the cause was in the code (fixed in `a.py`): "
        "fix the code and rerun; don't change the command.": "fix-code-when-pytest-fails-transaction",
        "Instead of `pip install --upgrade duckdb`: don't use pip, we use uv.": "uv-not-pip",
        "No print() debugging in here, use the module logger.": "no-print-debugging",
        "Use pathlib instead of os.path. Convert the whole module.": "pathlib-over-os-path",
        "Use polars, not pandas. There's no pandas in this repo.": "polars-not-pandas",
        "I prefer pytest fixtures over setUp methods — rewrite TestImporter.": "pytest-fixtures-over-setup-methods",
        "Run `uv run pytest -q` instead of `pytest -q` on `ModuleNotFoundError`.": "uv-run-pytest-not-pytest",
        "Run `cargo build --locked` instead of `cargo build`.": "cargo-build-locked",
        "Don't re-run `cargo build` blindly: here it failed with exit code 101; fix the cause first.": (
            "dont-rerun-cargo-build-blindly"
        ),
        "Run ruff before committing. Always `uv run ruff check --fix .` first.": "ruff-before-committing",
        "Instead of `git push origin main`: don't push to main. Open a PR instead.": "no-push-to-main",
    }
    assert {s: name_for(s) for s in cases} == cases
    assert all(len(n) <= 48 for n in map(name_for, [s * 3 for s in cases]))
    # a group of the same fix for different errors: the words their names share
    assert group_name([next(iter(cases)), next(iter(cases)).replace("TransactionException", "AssertionError")]) == (
        "fix-code-when-pytest-fails"
    )


def test_names_are_unique_and_kept_across_runs() -> None:
    lessons = _lessons(ledger_session()) + _lessons(ledger_session("claude/ledgerly/s2.jsonl", "s2"))
    first = evolve(lessons, [], NOW)
    names = [s.name for s in first]
    assert names == ["fix-code-when-pytest-fails-transaction", "no-mock-database", "uv-not-pip"]
    assert evolve(lessons, first, datetime(2026, 10, 10)) == first  # same lessons: same skills, same names
    # an existing skill already holds the name a new group would take: the new one gets "-2",
    # the existing one keeps its name
    mock = next(s for s in first if s.name == "no-mock-database")
    taken = mock.model_copy(update={"name": "uv-not-pip"})
    again = evolve(lessons, [taken], datetime(2026, 10, 10))
    assert sorted(s.name for s in again) == ["fix-code-when-pytest-fails-transaction", "uv-not-pip", "uv-not-pip-2"]
    assert next(s for s in again if s.name == "uv-not-pip").lesson_ids == mock.lesson_ids
    assert evolve(lessons, [], NOW, reserved=["uv-not-pip"])[-1].name == "uv-not-pip-2"  # a folder someone made


# --- rule 4: triggers help decide when a skill applies -------------------------------------
def test_triggers_have_no_stop_words_or_generic_verbs() -> None:
    lessons = _lessons(ledger_session())
    fix = _by_statement(lessons, "TransactionException")
    pip = _by_statement(lessons, "use pip")
    triggers = triggers_of([fix, pip], {"err": "Bash", "rec": "Bash", "rej": "Bash"})
    keywords = {t.split(": ", 1)[1] for t in triggers if t.startswith("keyword: ")}
    assert "tool: Bash" in triggers and "error: TransactionException" in triggers
    assert {"pytest", "pip", "uv"} <= keywords
    assert not keywords & {"don", "don't", "build", "file", "fix", "code", "command", "cause", "change", "rerun"}
    assert not any(k.endswith(".py") or "/" in k for k in keywords)


# --- rule 5: procedural skills; a style correction alone is the persona's job ---------------
def test_support_prefers_procedural_lessons() -> None:
    style = _session([_row("c", 3, "correction", "no, don't mock the database, use a real duckdb file", "", "opener")])
    [alone] = _lessons(style)
    assert alone.importance < 0.5 and not supported([alone]) and evolve([alone], [], NOW) == []
    again = _lessons(
        _session(
            [_row("c", 3, "correction", "no, don't mock the database, use a real duckdb file", "", "opener")],
            "claude/ledgerly/s2.jsonl",
            "s2",
        )
    )
    assert [s.name for s in evolve([alone, *again], [], NOW)] == ["no-mock-database"]  # two sessions: a skill
    tool = _session([_row("c", 3, "correction", "use `uv run pytest`, not a manually activated venv", "", "opener")])
    [command] = _lessons(tool)
    # naming a command: how to work with a tool; still one event, so no skill on its own
    assert command.importance >= 0.5 and not supported([command])
    refused_edit = _session(
        [
            _row("rej", 2, "tool_rejected", "Edit: scripts/seed.py", "", "rejected"),
            _row("c", 3, "correction", "Stop, use polars, not pandas.", "", "rejected_tool_use"),
        ]
    )
    [edit] = _lessons(refused_edit)
    assert edit.statement == "Use polars, not pandas." and not supported([edit])  # a content preference
    fix = _by_statement(_lessons(ledger_session()), "TransactionException")
    assert fix.importance >= 0.7 > alone.importance
    assert norm(fix.quote) in norm(LEDGER_ERROR)


def test_several_fixes_of_one_program_make_one_named_skill() -> None:
    def fix_session(key: str, sid: str, error: str, path: str) -> SessionEvidence:
        return _session(
            [
                _row("e", 2, "tool_error", "shell: uv run pytest -q", f"===== FAILED {path}::t - {error} =====", "x"),
                _row("ed", 3, "file_edit", f"apply_patch: {path}"),
                _row("r", 4, "tool_recovered", "shell: uv run pytest -q", "uv run pytest -q", "after_line:2"),
            ],
            key,
            sid,
        )

    lessons = _lessons(fix_session("codex/a.jsonl", "a", "AssertionError", "tests/test_app.py")) + _lessons(
        fix_session("codex/b.jsonl", "b", "tests/test_cli.py:31: SystemExit", "tests/test_cli.py")
    )
    [skill] = evolve(lessons, [], NOW, {"e": "shell", "r": "shell"})
    # one pattern, two errors: one instruction naming both (no file of either session)
    fix = "When `uv run pytest` fails with `AssertionError` or `SystemExit`, the cause was in the code"
    assert skill.name == "fix-code-when-pytest-fails" and len(skill.instructions) == 1
    assert skill.instructions[0].startswith(fix) and skill.description.startswith(fix)
    assert "test_app" not in skill.description and "test_cli" not in skill.instructions[0]
    assert "error: AssertionError" in skill.triggers and "keyword: pytest" in skill.triggers


# --- rule 6: a tool's failure and its fix is stated from what recurs, and must recur -----------
def _typecheck_session(sid: str, path: str, code: int, exc: str = "") -> SessionEvidence:
    """mypy fails on this session's own module, the agent edits it, mypy passes on another file."""
    out = f"exit code {code}\n{path}:41: error: Argument 1 has incompatible type {exc}".strip()
    return _session(
        [
            _row("e", 3, "tool_error", f"Bash: uv run mypy {path} --strict", out, "is_error"),
            _row("ed", 5, "file_edit", f"Edit: {path}"),
            _row(
                "r", 8, "tool_recovered", "Bash: uv run mypy src/ --strict", f"Bash: uv run mypy {path}", "after_line:3"
            ),
        ],
        f"claude/orchard/{sid}.jsonl",
        sid,
    )


def test_a_tool_lesson_names_no_file_or_exit_code_of_its_session() -> None:
    [x] = _lessons(_typecheck_session("t1", "src/orchard/pricing.py", 2))
    assert x.statement == (
        "When `uv run mypy` fails, the cause was in the code: fix the code and rerun; don't change the command."
    )
    unrecovered = _session(
        [
            _row("e", 2, "tool_error", "Bash: cargo clippy -p harvest", "exit code 101\nerror: unused variable", "x"),
            _row("ed", 4, "file_edit", "Edit: crates/harvest/src/lib.rs"),
        ]
    )
    [y] = _lessons(unrecovered)
    assert y.statement == "When `cargo clippy` fails, fix what it reports before re-running it."
    swapped = _session(
        [
            _row("e", 2, "tool_error", "Bash: jest web/cart.test.ts", "TypeError: fetch is not a function", "x"),
            _row("r", 3, "tool_recovered", "Bash: npx vitest run web/cart.test.ts", "Bash: jest", "after_line:2"),
        ]
    )
    [z] = _lessons(swapped)
    assert z.statement == "Run `vitest` instead of `jest` when it fails with `TypeError`."
    # a package or module argument is this session's too; the flags say how the command was run
    assert parse_call("Bash: FOO=1 mypy --strict --cache-dir=/tmp/x orchard").generic == "mypy --strict --cache-dir"


def test_a_tool_lesson_from_one_session_is_no_skill() -> None:
    once = _lessons(_typecheck_session("t1", "src/orchard/pricing.py", 2))
    # the person's own words about mypy in another session would make a two-session group
    said = _lessons(
        _session(
            [_row("c", 2, "correction", "no, always run mypy in strict mode before you push", "", "interrupt")],
            "claude/orchard/t2.jsonl",
            "t2",
        )
    )
    skills = evolve(once + said, [], NOW)
    assert not any("the cause was in the code" in i for s in skills for i in s.instructions)
    # the same failure→fix in a second session (another file, another exit code): one skill, one
    # instruction, stated from what recurs
    twice = once + _lessons(_typecheck_session("t3", "src/orchard/stock.py", 1))
    [skill] = evolve(twice, [], NOW)
    assert skill.instructions == [
        "When `uv run mypy` fails, the cause was in the code: fix the code and rerun; don't change the command."
    ]
    assert not any("pricing" in t or "stock" in t or "exit code" in t for t in [skill.description, *skill.triggers])


# --- rule 7: polarity: a newer reversal supersedes; opposite skills are never both emitted ---
def _said(sid: str, day: int, text: str) -> Lesson:
    session = _session(
        [
            SessionRow(
                evidence_id=f"{sid}-c",
                tier=Tier.T1,
                kind="correction",
                correction_signal="interrupt",
                excerpt=text,
                line_no=2,
                timestamp=f"2026-{day // 100:02d}-{day % 100:02d}T09:00:00Z",
            )
        ],
        f"claude/orchard/{sid}.jsonl",
        sid,
    )
    [x] = _lessons(session)
    return x


def test_a_newer_reversal_supersedes_the_older_skill() -> None:
    older = [_said("d1", 301, "Keep the docs site on mkdocs."), _said("d2", 305, "We build the docs with mkdocs.")]
    newer = [
        _said("d3", 610, "No more mkdocs, we use sphinx from now on."),
        _said("d4", 612, "We switched to sphinx, don't use mkdocs anymore."),
    ]
    # before the reversal was said, the older one was the skill
    first = evolve(older, [], NOW)
    assert [s.instructions for s in first] == [["Keep the docs site on mkdocs.", "We build the docs with mkdocs."]]
    [skill] = evolve(older + newer, first, datetime(2026, 10, 10))
    assert sorted(skill.instructions) == sorted(x.statement for x in newer)
    # a single newer reversal (no skill of its own) still retires the older skill
    assert evolve([*older, newer[0]], first, datetime(2026, 10, 10)) == []


def test_opposite_skills_are_never_both_emitted() -> None:
    # no reversal: the pack's policy falls back to the higher tier, then the newer
    pro = [
        _said("f1", 401, "Always add a towncrier fragment for each change."),
        _said("f2", 403, "Use towncrier fragments for every change."),
    ]
    con = [
        _said("f3", 502, "Never use towncrier, edit the changelog by hand."),
        _said("f4", 504, "Don't use towncrier, just edit the changelog by hand."),
    ]
    said = [i for s in evolve(pro + con, [], NOW) for i in s.instructions]
    assert sorted(said) == sorted(x.statement for x in con)
    older_con = [x.model_copy(update={"timestamp": x.timestamp.replace("2026-05", "2026-01")}) for x in con]
    said = [i for s in evolve(pro + older_con, [], NOW) for i in s.instructions]
    assert sorted(said) == sorted(x.statement for x in pro)
