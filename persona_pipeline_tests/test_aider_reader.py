"""Aider reader (`core/sources/aider.py`): chat histories written as `aider/io.py` writes them
(`#### ` input, `> ` output, plain replies, a header per run) and the prompt_toolkit input history."""

from __future__ import annotations

from pathlib import Path

import pytest

from persona_pipeline.core.config import load_settings
from persona_pipeline.core.models import Tier
from persona_pipeline.core.sources import aider, readers
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.eval.writers import AiderHistory
from persona_pipeline_tests.reader_fixtures import canaries_stored, clock, ingest_all, only_roots, stored_excerpts

CANARY = {
    "tool_output": "CANARY-AIDER-ADDED-FILE-41ab",
    "reply": "CANARY-AIDER-REPLY-52cd",
    "add_command": "CANARY-AIDER-ADD-PATH-63ef",
    "run_command": "CANARY-AIDER-RUN-ARG-74a1",
    "model_command": "CANARY-AIDER-MODEL-NAME-85b2",
    "shell_escape": "CANARY-AIDER-SHELL-96c3",
    "confirm": "CANARY-AIDER-CONFIRM-a7d4",
    "edit_block": "CANARY-AIDER-SEARCH-REPLACE-b8e5",
}


def _history(seed: int = 5) -> AiderHistory:
    rng, clk = clock(seed)
    h = AiderHistory(rng, clk)
    h.run()
    h.output(f"Aider v0.86.1 {CANARY['tool_output']}")
    h.typed(f"/add src/{CANARY['add_command']}.py")
    h.output("Added src/parser.py to the chat")
    h.typed("teach the parser to accept\ntrailing commas in arrays")
    h.reply(
        f"{CANARY['reply']}\nsrc/parser.py\n<<<<<<< SEARCH\n{CANARY['edit_block']}\n=======\nfixed\n>>>>>>> REPLACE"
    )
    h.output("Applied edit to src/parser.py")
    h.typed(f"/run pytest -k {CANARY['run_command']}")
    h.typed(f"!ls {CANARY['shell_escape']}")
    h.reply("I will now rewrite the lexer from scratch.", interrupted=True)
    h.typed("leave the lexer alone, only the parser")
    h.run()  # a second run in the same project
    h.typed(f"/model {CANARY['model_command']}")
    h.typed("/ask why does the tokenizer copy every slice?")
    h.reply("It builds a new string per token; a memoryview would avoid it.")
    h.output(f"Create new file tests/{CANARY['confirm']}.py? (Y)es/(N)o [Yes]: n")
    h.typed("put the test in tests/test_parser.py instead")
    h.reply("Added the test there.")
    h.typed("")
    h.typed("nope, the assertion should compare lengths")
    return h


def _said(turns: list) -> list[tuple[str, str, str | None, str | None]]:
    return [(t.kind.value, t.text, t.correction_signal, t.session_id) for t in turns if t.tier is not Tier.T3]


def _unit(path: Path) -> SourceUnit:
    [u] = [u for u in aider.READER.discover([path.parent], {}) if Path(u.location) == path]
    return u


def test_reads_the_persons_inputs_per_run(tmp_path: Path) -> None:
    path = _history().write(tmp_path / "code" / "jsonlite")
    unit = _unit(path)
    assert unit.key == "aider/jsonlite/.aider.chat.history.md"
    result = aider.READER.read(unit)
    assert result.file_error is None
    k1, k2 = f"{unit.key}#1", f"{unit.key}#2"
    assert _said(result.turns) == [
        ("prompt", "teach the parser to accept\ntrailing commas in arrays", None, k1),
        ("correction", "leave the lexer alone, only the parser", "interrupt", k1),
        ("prompt", "why does the tokenizer copy every slice?", None, k2),
        ("correction", "put the test in tests/test_parser.py instead", "rejected_tool_use", k2),
        ("correction", "nope, the assertion should compare lengths", "opener", k2),
    ]
    interrupted = result.turns[1]
    assert (
        interrupted.context == "I will now rewrite the lexer from scratch."
        and "KeyboardInterrupt" not in interrupted.context
    )
    assert result.turns[0].timestamp and result.turns[0].timestamp[:4].isdigit()
    assert result.turns[0].cwd == str(path.parent) == result.stats.cwd
    skips = result.stats.skips
    for reason in ("command:add", "command:model", "blank_input"):
        assert skips[reason] == 1, reason
    assert skips["command:run"] == 2  # `/run` and its `!` shorthand
    assert skips["tool_output"] == 4 and skips["assistant"] == 4
    assert result.stats.entries_by_type["run"] == 2 and result.stats.entries_by_type["command:ask"] == 1


def test_discovery_bounds_the_walk_and_reads_an_input_history_only_alone(tmp_path: Path, monkeypatch) -> None:
    home = tmp_path / "alice"
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: home))
    _history().write(home / "code" / "jsonlite")  # both files: the input history repeats the chat
    _history(6).write(home)  # Aider run in the home folder: its name is a user name
    alone = home / "code" / "scratch"
    alone.mkdir(parents=True)
    h = _history(7)
    (alone / aider.INPUT_FILE).write_text("".join(h.inputs))
    _history(8).write(home / ".cache" / "pkg")  # hidden folders are not entered
    _history(9).write(home / "a" / "b" / "c" / "d" / "e" / "deep")  # deeper than MAX_DEPTH
    ignored: dict[str, int] = {}
    keys = sorted(u.key for u in aider.READER.discover([home], ignored))
    assert keys == [
        "aider/home/.aider.chat.history.md",
        "aider/jsonlite/.aider.chat.history.md",
        "aider/scratch/.aider.input.history",
    ]
    assert ignored == {"input_history_beside_chat": 2}
    assert not any("alice" in k for k in keys)
    assert aider.READER.default_roots(readers.Host("Linux", home)) == []  # no store: the projects


def test_the_input_history_keeps_prompts_and_drops_commands(tmp_path: Path) -> None:
    path = tmp_path / "scratch" / aider.INPUT_FILE
    path.parent.mkdir()
    path.write_text("".join(_history().inputs) + "stray line without a marker\n")
    result = aider.READER.read(_unit(path))
    texts = [t.text for t in result.turns]
    assert texts == [
        "teach the parser to accept\ntrailing commas in arrays",
        "leave the lexer alone, only the parser",
        "why does the tokenizer copy every slice?",
        "put the test in tests/test_parser.py instead",
        "nope, the assertion should compare lengths",
    ]
    assert all(t.tier is Tier.T2 and t.timestamp for t in result.turns)  # no replies here: no context
    assert result.stats.skips["line_unknown"] == 1 and result.stats.skips["command:run"] == 2


def test_projects_are_found_under_the_instruction_roots_by_default(tmp_path: Path, monkeypatch) -> None:
    _history().write(tmp_path / "code" / "jsonlite")
    only_roots(monkeypatch, tmp_path, GIT_ROOTS=str(tmp_path / "code"))
    monkeypatch.delenv("PERSONA_AIDER_DIRS")  # unset: the projects under the instruction (= git) roots
    settings = load_settings()
    assert settings.resolved_roots(aider.READER) == [tmp_path / "code"]
    units = [u for u in settings.sources().discover(prepare=False).units if u.kind == "aider"]
    assert [u.key for u in units] == ["aider/jsonlite/.aider.chat.history.md"]


def test_no_scaffolding_canary_reaches_the_warehouse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    projects = tmp_path / "projects"
    _history().write(projects / "jsonlite")
    alone = projects / "scratch"
    alone.mkdir()
    (alone / aider.INPUT_FILE).write_text("".join(_history(3).inputs))
    settings = only_roots(monkeypatch, tmp_path, AIDER_DIRS=str(projects))
    outcomes = ingest_all(settings)
    assert sorted(o.status for o in outcomes) == ["processed", "processed"]
    excerpts = stored_excerpts(settings)
    assert "leave the lexer alone, only the parser" in excerpts
    assert canaries_stored(settings, list(CANARY.values())) == {}
    assert canaries_stored(settings, ["trailing commas in arrays"])  # the scan sees stored text


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "empty"),
        (b"  \n\n", "empty"),
        (b"\x00\x01\x02binary" * 50, "binary"),
        (b"just some notes\nnothing aider wrote\n", "not_a_chat_history"),
    ],
)
def test_hostile_histories_are_recorded_skips(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "p" / aider.CHAT_FILE
    path.parent.mkdir()
    path.write_bytes(content)
    result = aider.READER.read(_unit(path))
    assert result.file_error == reason and not result.turns


def test_truncated_drifted_and_overlong_lines_cost_only_themselves(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(aider, "MAX_LINE_BYTES", 1_500_000)
    path = _history().write(tmp_path / "p")
    with path.open("ab") as f:
        f.write(b"#### " + b"x" * 3_000_000 + b"\n")  # overlong: skipped
        f.write(b"####no space is not an input\n")  # drift: a heading-like reply line
        f.write("#### caf\xe9 bytes \xff and a cut line".encode("latin-1"))  # invalid UTF-8, no newline
    result = aider.READER.read(_unit(path))
    assert result.file_error is None
    assert result.stats.skips["line_too_long"] == 1 and result.stats.lines_bad == 1
    assert result.turns[-1].text.startswith("caf") and result.turns[-1].text.endswith("a cut line")
    assert len([t for t in result.turns if t.tier is not Tier.T3]) == 6
