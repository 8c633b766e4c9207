"""The activity stream: tool errors, refusals, recoveries, file edits and the last todo list, as
bounded T3 turns from both transcript readers — and, through ingest, as redacted evidence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import duckdb

from persona_pipeline.core.config import Settings
from persona_pipeline.core.ingest import ingest_units
from persona_pipeline.core.models import ACTIVITY_KINDS, ReadResult, Tier, Turn, TurnKind
from persona_pipeline.core.sources import activity as act
from persona_pipeline.core.sources import user_text as ut
from persona_pipeline.core.sources.claude_code import read_claude
from persona_pipeline.core.sources.codex import read_codex
from persona_pipeline_tests.builders import (
    claude_assistant,
    claude_call,
    claude_result,
    claude_user,
    codex_call,
    codex_custom_call,
    codex_exec_output,
    codex_line,
    codex_meta,
    codex_output,
    codex_user,
    text,
    tool_result,
    tool_use,
    write_jsonl,
)

K = TurnKind
FAIL = "Exit code 1\n============ FAILURES ============\nFAILED tests/test_io.py::test_read - KeyError: 'path'"
AWS_ID, AWS_SECRET = "AKIAZ7QK3M2PLR6VWX4T", "q8Vn3rT0bXzL5mK2pW7yH1cJ4dF6gS9aE0uR2tYi"
PAT = "ghp_" + "R1BXuDL7DxtpYlSXpfKtHF4vUCsMehGAkWvj"


def _claude(tmp_path: Path, entries: list[Any], name: str = "s.jsonl") -> ReadResult:
    result = read_claude(write_jsonl(tmp_path / name, entries))
    assert result.file_error is None
    return result


def _codex(tmp_path: Path, entries: list[Any]) -> ReadResult:
    result = read_codex(write_jsonl(tmp_path / "rollout-2026-10-03T09-00-00-x.jsonl", [codex_meta(), *entries]))
    assert result.file_error is None
    return result


def _activity(result: ReadResult) -> list[Turn]:
    return [t for t in result.turns if t.kind in ACTIVITY_KINDS]


def _kinds(result: ReadResult) -> list[tuple[TurnKind, str]]:
    return [(t.kind, t.text) for t in _activity(result)]


def _bash(call_id: str, command: str) -> dict[str, Any]:
    return claude_call(call_id, "Bash", {"command": command, "description": "Run"})


# --- Claude Code ---------------------------------------------------------------------------------
def test_claude_tool_error_is_a_bounded_t3_turn_at_the_result_line(tmp_path: Path) -> None:
    result = _claude(
        tmp_path,
        [
            claude_user("run the io tests"),
            _bash("t1", "uv run pytest -q tests/test_io.py"),
            claude_result("t1", FAIL, is_error=True, timestamp="2026-10-01T10:00:05.000Z"),
        ],
    )
    [err] = _activity(result)
    assert (err.kind, err.tier, err.correction_signal) == (K.TOOL_ERROR, Tier.T3, "is_error")
    assert err.text == "Bash: uv run pytest -q tests/test_io.py"
    assert err.context.endswith("KeyError: 'path'") and err.context.startswith("Exit code 1")
    assert (err.line_no, err.timestamp, err.session_id) == (3, "2026-10-01T10:00:05.000Z", "sess-1")
    assert err.cwd == "/home/alice/code/widget" and err.byte_offset > 0 and err.entry_uuid
    # the prompt is still there, and kept bytes count every kept turn's text and context
    assert [t.text for t in result.turns if t.kind is K.PROMPT] == ["run the io tests"]
    assert result.stats.kept_bytes == sum(len(t.text.encode()) + len(t.context.encode()) for t in result.turns)


def test_claude_retry_that_succeeds_is_a_recovery_after_the_error_line(tmp_path: Path) -> None:
    result = _claude(
        tmp_path,
        [
            _bash("t1", "uv run pytest -q tests/test_io.py"),
            claude_result("t1", FAIL, is_error=True),  # line 2
            _bash("t2", "git status --short"),  # another command succeeding is no recovery
            claude_result("t2", " M src/io.py"),
            _bash("t3", "uv run pytest -q tests/test_io.py -x"),  # the corrected command
            claude_result("t3", "3 passed in 0.12s"),  # line 6
            _bash("t4", "uv run pytest -q tests/test_io.py"),  # at most one recovery per error
            claude_result("t4", "3 passed in 0.11s"),
        ],
    )
    assert _kinds(result) == [
        (K.TOOL_ERROR, "Bash: uv run pytest -q tests/test_io.py"),
        (K.TOOL_RECOVERED, "Bash: uv run pytest -q tests/test_io.py -x"),
    ]
    rec = _activity(result)[1]
    assert (rec.line_no, rec.correction_signal, rec.context) == (6, "after_line:2", "uv run pytest -q tests/test_io.py")


def test_claude_recovery_only_within_the_next_few_calls_of_that_tool(tmp_path: Path) -> None:
    entries: list[Any] = [claude_call("e", "Read", {"file_path": "/home/alice/code/widget/a.py"})]
    entries.append(claude_result("e", "File does not exist.", is_error=True))
    entries += [_bash("t1", "make lint"), claude_result("t1", "Exit code 2\nlint failed", is_error=True)]
    for i in range(act.RECOVERY_WINDOW):
        entries += [_bash(f"o{i}", f"ls src/part{i}"), claude_result(f"o{i}", "ok")]
    entries += [_bash("t2", "make lint"), claude_result("t2", "all clean")]  # too late: no recovery
    # another tool's calls do not use up the Read error's window
    entries += [claude_call("r", "Read", {"file_path": "/home/alice/code/widget/a.py"}), claude_result("r", "1→x")]
    kinds = [k for k, _ in _kinds(_claude(tmp_path, entries))]
    assert kinds == [K.TOOL_ERROR, K.TOOL_ERROR, K.TOOL_RECOVERED]
    assert _activity(_claude(tmp_path, entries))[-1].text == "Read: a.py"


def test_claude_each_open_error_waits_for_its_own_recovery(tmp_path: Path) -> None:
    result = _claude(
        tmp_path,
        [
            _bash("a1", "uv run mypy src"),
            claude_result("a1", "Exit code 1\nsrc/io.py:3: error", is_error=True),  # line 2
            _bash("b1", "uv run pytest -q"),
            claude_result("b1", "Exit code 1\n1 failed", is_error=True),  # line 4
            _bash("a2", "uv run mypy src"),
            claude_result("a2", "Success: no issues found"),  # recovers line 2, not line 4
            _bash("b2", "uv run pytest -q"),
            claude_result("b2", "4 passed"),  # recovers line 4
            claude_call("x1", "bad name\nwith a line break " * 20, {"q": 1}),
            claude_result("x1", "failed", is_error=True),
        ],
    )
    recovered = [(t.text, t.correction_signal) for t in result.turns if t.kind is K.TOOL_RECOVERED]
    assert recovered == [("Bash: uv run mypy src", "after_line:2"), ("Bash: uv run pytest -q", "after_line:4")]
    assert _activity(result)[-1].text == 'tool: {"q": 1}'  # a tool "name" that is not one is not shown


def test_claude_rejected_call_is_refused_and_keeps_the_correction(tmp_path: Path) -> None:
    rejected = ut.REJECTED_TOOL_USE + ". To tell you how to proceed, the user said:\nuse ruff, not black"
    result = _claude(
        tmp_path,
        [
            claude_assistant([text("Formatting the module.")]),
            claude_call("t1", "Bash", {"command": "black src"}),
            claude_result("t1", rejected, is_error=True),
        ],
    )
    [refused] = _activity(result)
    assert (refused.kind, refused.text, refused.correction_signal) == (K.TOOL_REJECTED, "Bash: black src", "rejected")
    assert refused.context == ""
    [correction] = [t for t in result.turns if t.kind is K.CORRECTION]
    assert correction.text == "use ruff, not black" and correction.correction_signal == "rejected_tool_use"
    # declined without a word: still a refusal, never a tool error
    silent = ut.REFUSED_ACTION + ". STOP what you are doing and wait for the user to tell you how to proceed."
    quiet = _claude(tmp_path, [_bash("t2", "pip install duckdb"), claude_result("t2", silent, True)], "q.jsonl")
    assert _kinds(quiet) == [(K.TOOL_REJECTED, "Bash: pip install duckdb")]


def test_claude_interrupted_tool_use_is_not_an_error(tmp_path: Path) -> None:
    result = _claude(
        tmp_path,
        [
            claude_call("t1", "Edit", {"file_path": "/tmp/a.py", "old_string": "a", "new_string": "def b(): pass"}),
            claude_result("t1", "[Request interrupted by user for tool use]", is_error=True),
            claude_user([text("[Request interrupted by user for tool use]")]),
            claude_user("stop, leave that file alone"),
        ],
    )
    assert _activity(result) == []  # no error, and the interrupted edit changed nothing
    assert [t.kind for t in result.turns] == [K.CORRECTION]


def test_claude_file_edits_with_function_names(tmp_path: Path) -> None:
    cwd = "/home/alice/code/widget"
    new_code = "def load(path):\n    pass\n\nclass Loader:\n    async def fetch(self):\n        pass\n"
    many = "\n".join(f"def f{i}():\n    pass" for i in range(9))
    result = _claude(
        tmp_path,
        [
            claude_call("e1", "Edit", {"file_path": f"{cwd}/src/io.py", "old_string": "x", "new_string": new_code}),
            claude_result("e1", "The file has been updated."),
            claude_call("w1", "Write", {"file_path": f"{cwd}/web/app.ts", "content": "export function render() {}\n"}),
            claude_result("w1", "File created successfully"),
            claude_call("w2", "Write", {"file_path": f"{cwd}/NOTES.md", "content": "class of bugs we saw\n"}),
            claude_result("w2", "File created successfully"),
            claude_call(
                "m1",
                "MultiEdit",
                {
                    "file_path": "/srv/other/lib.rs",
                    "edits": [{"old_string": "a", "new_string": "pub fn parse() {}"}, "junk", {"new_string": 3}],
                },
            ),
            claude_result("m1", "Applied 2 edits"),
            claude_call("b1", "Write", {"file_path": f"{cwd}/big.py", "content": many}),
            claude_result("b1", "ok"),
            claude_call(
                "f1", "Edit", {"file_path": f"{cwd}/src/bad.py", "old_string": "zz", "new_string": "def nope(): 1"}
            ),
            claude_result("f1", "<tool_use_error>String to replace not found in file.</tool_use_error>", is_error=True),
            claude_call("p1", "Write", {"file_path": f"{cwd}/late.py", "content": "def last(): pass"}),  # no result
        ],
    )
    edits = [(t.line_no, t.text) for t in result.turns if t.kind is K.FILE_EDIT]
    assert edits == [
        (1, "Edit: src/io.py (functions: load, Loader, fetch)"),
        (3, "Write: web/app.ts (functions: render)"),
        (5, "Write: NOTES.md"),
        (7, "MultiEdit: /srv/other/lib.rs (functions: parse)"),
        (9, "Write: big.py (functions: f0, f1, f2, f3, f4)"),
        (13, "Write: late.py (functions: last)"),  # the session ended before its result
    ]
    assert [t.text for t in result.turns if t.kind is K.TOOL_ERROR] == ["Edit: src/bad.py"]
    assert [t.line_no for t in result.turns] == sorted(t.line_no for t in result.turns)


def test_claude_todo_is_the_last_list_once(tmp_path: Path) -> None:
    first = [{"content": "write the parser", "status": "in_progress", "activeForm": "Writing"}]
    last = [
        {"content": "write the parser", "status": "completed", "activeForm": "Writing"},
        {"content": "add   tests\nfor the\x1b[31m edge cases", "status": "pending", "activeForm": "Adding"},
        {"content": "", "status": "pending"},
        "junk",
    ]
    long_list = [{"content": f"item {i} " + "word " * 80, "status": "pending"} for i in range(30)]
    result = _claude(
        tmp_path,
        [
            claude_call("t1", "TodoWrite", {"todos": first}),
            claude_result("t1", "Todos have been modified successfully."),
            claude_call("t2", "TodoWrite", {"todos": last}),
            claude_result("t2", "Todos have been modified successfully."),
            claude_user("thanks"),
        ],
    )
    [todo] = _activity(result)
    assert todo.kind is K.TODO and todo.line_no == 3
    assert todo.text == "[completed] write the parser\n[pending] add tests for the edge cases"
    [bounded] = _activity(_claude(tmp_path, [claude_call("t", "TodoWrite", {"todos": long_list})], "b.jsonl"))
    lines = bounded.text.split("\n")
    assert len(lines) == act.TODO_ITEMS and all(len(line) <= act.TODO_ITEM_CHARS + 12 for line in lines)


def test_claude_sidechain_and_machine_sessions_produce_no_activity(tmp_path: Path) -> None:
    side = {"isSidechain": True}
    result = _claude(
        tmp_path,
        [
            claude_user("audit the module"),
            claude_call("s1", "Bash", {"command": "make audit"}, **side),
            claude_result("s1", "Exit code 1\naudit failed", is_error=True, **side),
            claude_call("s2", "Edit", {"file_path": "/tmp/x.py", "new_string": "def y(): 1"}, **side),
            claude_result("s2", "ok", **side),
            claude_call("s3", "TodoWrite", {"todos": [{"content": "x", "status": "pending"}]}, **side),
        ],
    )
    assert _activity(result) == [] and [t.text for t in result.turns] == ["audit the module"]
    headless = _claude(
        tmp_path,
        [
            claude_user("do it", entrypoint="sdk-py"),
            _bash("h1", "make"),
            claude_result("h1", "Exit code 2", is_error=True),
        ],
        "headless.jsonl",
    )
    assert headless.turns == [] and headless.stats.machine_generated


def test_claude_huge_outputs_and_commands_are_bounded_and_cut_between_tokens(tmp_path: Path) -> None:
    noise = " ".join(f"line{i} ok" for i in range(200_000))
    body = f"Exit code 1\n\x1b[31mERROR\x1b[0m start {noise}\nTraceback: ValueError: bad header in config.toml"
    command = "python -c " + " ".join(f"arg{i}" for i in range(5000))
    blob = "x" * 50_000  # one token longer than any bound: never cut inside it
    result = _claude(
        tmp_path,
        [
            _bash("t1", command),
            claude_result("t1", body, is_error=True),
            _bash("t2", blob),
            claude_result("t2", [{"type": "text", "text": blob}], is_error=True),
        ],
    )
    big, token = _activity(result)
    assert len(big.text) <= len("Bash: ") + act.SUMMARY_CHARS and big.text.startswith("Bash: python -c arg0 arg1")
    assert len(big.context) <= act.EXCERPT_CHARS + 5 and "\x1b" not in big.context
    assert big.context.startswith("Exit code 1 ERROR start") or big.context.startswith("Exit code 1\nERROR start")
    assert big.context.endswith("ValueError: bad header in config.toml") and " … " in big.context
    words = set(body.replace("\x1b[31m", " ").replace("\x1b[0m", " ").split())
    assert set(big.context.replace(" … ", " ").split()) <= words  # whole tokens only
    assert token.text == "Bash:" or token.text == "Bash: " or blob not in token.text
    assert "x" * 10 not in token.text + token.context  # no fragment of the one long token
    assert result.stats.kept_bytes < 2_000


def test_claude_malformed_tool_blocks_skip_cleanly(tmp_path: Path) -> None:
    entries: list[Any] = [
        claude_assistant([tool_use("Bash", {"command": "make"}, call_id=None)]),  # no id
        claude_assistant([tool_use(None, {"command": "make"}, call_id="n1")]),  # no name
        claude_assistant([tool_use("Bash", "make test", call_id="s1")]),  # input not a dict
        claude_assistant([{"type": "tool_use"}, "a bare string", 7]),
        claude_user([tool_result("Exit code 1\nboom", True, tool_use_id=None)]),
        claude_user([tool_result("Exit code 1\nboom", True, tool_use_id="never-called")]),
        claude_user([tool_result({"text": "a dict"}, True, tool_use_id="s1")]),  # content not str/list
        claude_assistant([tool_use("Grep", ["not", "a", "dict"], call_id="g1")]),
        claude_user([tool_result([{"type": "text", "text": 5}, "x", {"text": "no such file"}], True, "g1")]),
        claude_assistant([tool_use("TodoWrite", {"todos": "not a list"}, call_id="td")]),
        claude_assistant([tool_use("Edit", {"file_path": 5, "new_string": "def a(): 1"}, call_id="e1")]),
        claude_user([tool_result("ok", False, "e1")]),
        claude_user("still here"),
    ]
    result = _claude(tmp_path, entries)
    assert _kinds(result) == [(K.TOOL_ERROR, 'Bash: "make test"'), (K.TOOL_ERROR, 'Grep: ["not", "a", "dict"]')]
    assert _activity(result)[0].context == "" and _activity(result)[1].context == "no such file"
    assert result.stats.skips.get("tool_use_malformed", 0) >= 3
    assert [t.text for t in result.turns if t.kind is K.PROMPT] == ["still here"]


def test_planted_secrets_in_a_failing_call_are_redacted_in_stored_evidence(tmp_path: Path) -> None:
    claude, codex = tmp_path / "claude", tmp_path / "codex"
    command = f"AWS_ACCESS_KEY_ID={AWS_ID} AWS_SECRET_ACCESS_KEY={AWS_SECRET} aws s3 ls s3://bucket"
    output = f"Exit code 255\nusing token {PAT} for github\nAn error occurred (InvalidAccessKeyId) for {AWS_ID}"
    write_jsonl(
        claude / "proj" / "s.jsonl",
        [
            claude_user("list the bucket"),
            _bash("t1", command),
            claude_result("t1", output, is_error=True),
            _bash("t2", command + " --region eu-west-1"),
            claude_result("t2", "2026-10-01 bucket"),
        ],
    )
    write_jsonl(
        codex / "2026" / "10" / "03" / "rollout-2026-10-03T09-00-00-x.jsonl",
        [
            codex_meta(),
            codex_user("push the branch"),
            codex_call("c1", "shell", {"command": ["bash", "-lc", f"git push https://{PAT}@github.com/a/b.git"]}),
            codex_output("c1", codex_exec_output(f"fatal: Authentication failed for {PAT}", 128)),
        ],
    )
    s = Settings(data_dir=tmp_path / "data", claude_dirs=[claude], codex_dirs=[codex])
    outcomes = ingest_units(s, s.sources().discover().units)
    assert {o.status for o in outcomes} == {"processed"}
    with duckdb.connect(str(s.warehouse_path), read_only=True) as con:
        rows = con.execute("SELECT kind, tier, excerpt, context, correction_signal FROM evidence").fetchall()
        roles = con.execute("SELECT kind, role FROM turns").fetchall()
        every = "\n".join(
            str(r) for t in ("evidence", "turns", "skips", "units") for r in con.sql(f"FROM {t}").fetchall()
        )
    activity = [r for r in rows if r[0] in {k.value for k in ACTIVITY_KINDS}]
    assert {r[0] for r in activity} == {"tool_error", "tool_recovered"} and {r[1] for r in activity} == {"T3"}
    assert {r[4] for r in activity} >= {"is_error", "exit_code:128"}
    for secret in (AWS_ID, AWS_SECRET, PAT, PAT[:20], AWS_SECRET[:16]):
        assert secret not in every
    stored = "\n".join(f"{r[2]}\n{r[3]}" for r in activity)
    assert "[REDACTED:" in stored and "aws s3 ls" in stored and "Authentication failed" in stored
    assert {role for kind, role in roles if kind in {k.value for k in ACTIVITY_KINDS}} == {"tool"}
    assert {role for kind, role in roles if kind == "prompt"} == {"user"}


# --- Codex ---------------------------------------------------------------------------------------
def test_codex_non_zero_exit_codes_in_every_output_form(tmp_path: Path) -> None:
    result = _codex(
        tmp_path,
        [
            codex_user("fix the build"),
            codex_call("c1", "shell", {"command": ["bash", "-lc", "cargo build"], "workdir": "/w"}),
            codex_output("c1", codex_exec_output("error[E0425]: cannot find value `x`", 101)),
            codex_call("c2", "shell_command", {"command": "npm test"}),
            codex_output("c2", "Exit code: 1\nWall time: 2.1 seconds\nOutput:\nTests: 1 failed, 9 passed"),
            codex_call("c3", "exec_command", {"cmd": "make check"}),
            codex_output(
                "c3",
                "Chunk ID: 4f2a\nWall time: 0.5 seconds\nProcess exited with code 2\n"
                "Output:\nmake: *** [check] Error 2",
            ),
            codex_call("c4", "shell", {"command": ["ls", "-la"]}),
            codex_output("c4", codex_exec_output("total 0", 0)),  # success: nothing kept
            codex_call("c5", "shell", {"command": ["bash", "-lc", "rm -rf build"]}),
            codex_output("c5", "exec command rejected by user"),
            codex_line(
                "response_item",
                {
                    "type": "local_shell_call",
                    "call_id": "c6",
                    "status": "completed",
                    "action": {"type": "exec", "command": ["pytest", "-q"]},
                },
            ),
            codex_output("c6", [{"type": "input_text", "text": "Exit code: 4\nOutput:\nno tests collected"}]),
        ],
    )
    got = [(t.kind, t.text, t.correction_signal, t.context) for t in _activity(result)]
    assert got == [
        (K.TOOL_ERROR, "shell: cargo build", "exit_code:101", "error[E0425]: cannot find value `x`"),
        (K.TOOL_ERROR, "shell_command: npm test", "exit_code:1", "Tests: 1 failed, 9 passed"),
        (K.TOOL_ERROR, "exec_command: make check", "exit_code:2", "make: *** [check] Error 2"),
        (K.TOOL_REJECTED, "shell: rm -rf build", "rejected", ""),
        (K.TOOL_ERROR, "local_shell: pytest -q", "exit_code:4", "no tests collected"),
    ]
    assert all(t.tier is Tier.T3 and t.timestamp and t.cwd == "/home/alice/code/widget" for t in _activity(result))


def test_codex_recovery_and_apply_patch_file_edits(tmp_path: Path) -> None:
    patch = (
        "*** Begin Patch\n*** Update File: /home/alice/code/widget/src/app.py\n@@\n-x = 1\n+def main():\n+    run()\n"
        "*** Add File: src/util.py\n+class Helper:\n+    pass\n*** Delete File: old.py\n*** End Patch\n"
    )
    result = _codex(
        tmp_path,
        [
            codex_custom_call("p1", "apply_patch", patch),
            codex_output(
                "p1", "apply_patch verification failed: Failed to find expected lines", "custom_tool_call_output"
            ),
            codex_custom_call("p2", "apply_patch", patch),
            codex_output(
                "p2",
                codex_exec_output("Success. Updated the following files:\nM src/app.py", 0),
                "custom_tool_call_output",
            ),
            codex_call("p3", "shell", {"command": ["apply_patch", patch.replace("app.py", "cli.py")]}),
            codex_output("p3", codex_exec_output("Success.", 0)),
            codex_call("p4", "apply_patch", {"input": patch.replace("util.py", "more.py")}),
            codex_output("p4", "Exit code: 1\nOutput:\nerror: patch did not apply"),
        ],
    )
    got = [(t.line_no, t.kind, t.text) for t in _activity(result)]
    paths = "src/app.py, src/util.py, old.py"
    assert got == [
        (3, K.TOOL_ERROR, f"apply_patch: {paths}"),
        (4, K.FILE_EDIT, "apply_patch: src/app.py (functions: main)"),
        (4, K.FILE_EDIT, "apply_patch: src/util.py (functions: Helper)"),
        (4, K.FILE_EDIT, "apply_patch: old.py"),
        (5, K.TOOL_RECOVERED, f"apply_patch: {paths}"),
        (6, K.FILE_EDIT, "apply_patch: src/cli.py (functions: main)"),
        (6, K.FILE_EDIT, "apply_patch: src/util.py (functions: Helper)"),
        (6, K.FILE_EDIT, "apply_patch: old.py"),
        (9, K.TOOL_ERROR, "apply_patch: src/app.py, src/more.py, old.py"),
    ]
    assert (
        _activity(result)[4].correction_signal == "after_line:3"
        and _activity(result)[0].correction_signal == "is_error"
    )


def test_codex_update_plan_last_state_and_exec_end_events(tmp_path: Path) -> None:
    plan1 = {"plan": [{"step": "reproduce", "status": "in_progress"}]}
    plan2 = {
        "explanation": "x",
        "plan": [{"step": "reproduce", "status": "completed"}, {"step": "fix", "status": "pending"}],
    }
    end = {
        "type": "exec_command_end",
        "call_id": "c1",
        "stdout": "",
        "stderr": "boom",
        "aggregated_output": "boom\n",
        "exit_code": 3,
        "duration": {"secs": 0, "nanos": 1},
        "formatted_output": "boom",
    }
    result = _codex(
        tmp_path,
        [
            codex_call("u1", "update_plan", plan1),
            codex_output("u1", "Plan updated"),
            codex_call("c1", "shell", {"command": ["bash", "-lc", "./run.sh"]}),
            codex_line("event_msg", end),
            codex_output("c1", codex_exec_output("boom\n", 3)),  # the same result again: counted once
            codex_call("c2", "shell", {"command": ["bash", "-lc", "./run.sh"]}),
            codex_line("event_msg", {**end, "call_id": "c2", "exit_code": 0, "aggregated_output": "ok"}),
            codex_output("c2", codex_exec_output("ok", 0)),
            codex_call("u2", "update_plan", plan2),
            codex_call("u3", "update_plan", "{not json"),
        ],
    )
    got = [(t.line_no, t.kind, t.text, t.correction_signal) for t in _activity(result)]
    assert got == [
        (5, K.TOOL_ERROR, "shell: ./run.sh", "exit_code:3"),
        (8, K.TOOL_RECOVERED, "shell: ./run.sh", "after_line:5"),
        (10, K.TODO, "[completed] reproduce\n[pending] fix", None),
    ]


def test_codex_exec_sessions_and_malformed_calls(tmp_path: Path) -> None:
    machine = read_codex(
        write_jsonl(
            tmp_path / "rollout-exec.jsonl",
            [
                codex_meta(source="exec"),
                codex_user("ci task"),
                codex_call("c1", "shell", {"command": ["make"]}),
                codex_output("c1", codex_exec_output("fail", 1)),
            ],
        )
    )
    assert machine.turns == [] and machine.stats.machine_generated == "source:exec"
    result = _codex(
        tmp_path,
        [
            codex_line("response_item", {"type": "function_call", "name": "shell", "arguments": "{}"}),  # no call id
            codex_line("response_item", {"type": "function_call", "call_id": "x", "arguments": "{}"}),  # no name
            codex_call("c1", "shell", "{broken json"),
            codex_output("c1", 17),
            codex_call("c2", "mcp__db__query", {"sql": "select 1", "limit": 5}),
            codex_output("c2", {"content": "permission denied", "success": False}),
            codex_output("never", codex_exec_output("x", 1)),
            codex_user("still here"),
        ],
    )
    assert _kinds(result) == [(K.TOOL_ERROR, 'mcp__db__query: {"sql": "select 1", "limit": 5}')]
    assert result.stats.skips.get("tool_call_malformed") == 2
    assert [t.text for t in result.turns if t.kind is K.PROMPT] == ["still here"]


def test_eval_style_successful_calls_keep_nothing_of_their_input_or_output(tmp_path: Path) -> None:
    """Successful calls that change no file leave nothing behind (the eval's canaries live there)."""
    canary = "CANARY-7f3a9c"
    result = _claude(
        tmp_path,
        [
            _bash("t1", f"rg -n '{canary}' src || true"),
            claude_result("t1", ""),
            claude_call("t2", "Read", {"file_path": "/w/CONTRIBUTING.md"}),
            claude_result("t2", f"# Contributing\n- {canary}\n"),
        ],
    )
    assert _activity(result) == []
    codex = _codex(
        tmp_path,
        [
            codex_call("c", "shell", {"command": ["bash", "-lc", f"cat {canary}"]}),
            codex_output("c", codex_exec_output(canary, 0)),
        ],
    )
    assert _activity(codex) == []
    assert json.dumps([t.model_dump() for t in result.turns + codex.turns]).count(canary) == 0


def test_head_cuts_at_whitespace_outside_secret_shaped_spans() -> None:
    assert ut.head("short", 10) == "short"
    assert ut.head("x" * 500, 300) == ""  # one token: nothing rather than a part of it
    text = "retrying with password = hunter2-very-long-value-here and again " * 3
    cut = ut.head(text, 40)  # 40 falls inside `password = …`: the cut moves before the label
    assert cut == "retrying with" and len(ut.head(text, 300)) <= 300
    assert not ut.head(text, 300).endswith(("password", "password =", "="))
    # cut_head with a limit under its slack no longer counts its window from the end
    assert ut.cut_head("a " * 400 + "b" * 3000, 300).endswith("a")
    assert act.excerpt("") == "" and act.excerpt("\x1b[1mok\x1b[0m") == "ok"


def test_succeeded_is_call_then_ok_or_result() -> None:
    """`Activity.succeeded` (a call recorded with its success) must leave the tracker as `call` then
    `ok` (and `result(OK)` when that says no) does, whatever errors and open calls came before."""
    import random

    def summarize(tool: str, raw: Any, cwd: str | None) -> str:
        return str(raw)

    def edits(tool: str, raw: Any) -> list[tuple[str, str]]:
        return [(f"src/{raw}.py", "def f(): pass")]

    rng = random.Random(3)
    for _ in range(300):
        plain: list[Turn] = []
        fast: list[Turn] = []
        a = act.Activity(plain, summarize, edits, frozenset({"Edit"}))
        b = act.Activity(fast, summarize, edits, frozenset({"Edit"}))
        for step in range(40):
            tool, cid, raw = rng.choice(["Bash", "Edit", "Read"]), f"c{rng.randrange(6)}", rng.choice(["x", "y"])
            where = (step, 0, None, None, "s", "/w")
            op = rng.random()
            if op < 0.3:  # a call left open, or failing
                for t in (a, b):
                    t.call(cid, tool, raw, where)
                    if op < 0.15:
                        t.result(cid, act.Outcome.ERROR, where, "boom")
            else:
                a.call(cid, tool, raw, where)
                if not a.ok(cid):
                    a.result(cid, act.Outcome.OK, where)
                if not b.succeeded(cid, tool, raw, where):
                    b.result(cid, act.Outcome.OK, where)
        a.finish()
        b.finish()
        assert [t.model_dump() for t in plain] == [t.model_dump() for t in fast]


def test_bounded_output_keeps_the_excerpt() -> None:
    """What a deferred failure holds of its output gives the excerpt of the whole output."""
    import random

    rng = random.Random(5)
    words = ["ok", "token = abc123", "Error:", "\x1b[31mred\x1b[0m", "  ", "\n", "Jane Smith", "+1 (555) 010-9999"]
    for size in (0, 10, 5999, 6000, 6001, 6002, 6003, 9000, 40_000):
        body = "".join(rng.choice(words) + " " for _ in range(size // 4 + 1))[:size]
        bounded = act.bounded_output(body)
        assert len(bounded) <= 6001
        assert act.excerpt(bounded) == act.excerpt(body)


def test_batched_excerpts_make_the_same_turns_in_the_same_places(monkeypatch: Any) -> None:
    """`BatchedExcerpts` (failures' excerpts cut in runs) must leave the same turn list as an
    `Activity` cutting each at once, the reader's own turns appended between the calls: every run
    length, failures with long outputs, repeated failures, recoveries, edits, todo lists, open calls."""
    import random

    from persona_pipeline.core.sources import activity_log

    def summarize(tool: str, raw: Any, cwd: str | None) -> str:
        return str(raw)

    def edits(tool: str, raw: Any) -> list[tuple[str, str]]:
        return [(f"src/{raw}.py", "def f(): pass")]

    def prompt(line: int) -> Turn:
        return Turn(line_no=line, byte_offset=0, tier=Tier.T2, kind=K.PROMPT, text=f"prompt {line}")

    rng = random.Random(7)
    for run in (1, 2, 3, 7, 256):
        monkeypatch.setattr(activity_log, "_RUN", run)
        for _ in range(60):
            plain: list[Turn] = []
            batched: list[Turn] = []
            a = act.Activity(plain, summarize, edits, frozenset({"Edit"}))
            c = activity_log.BatchedExcerpts(batched, summarize, edits, frozenset({"Edit"}))
            for step in range(50):
                line = step // 2  # two steps a line: several turns can share one
                tool, cid, raw = rng.choice(["Bash", "Edit", "Read"]), f"c{rng.randrange(6)}", rng.choice(["x", "y"])
                where = (line, 0, None, None, "s", "/w")
                op = rng.random()
                if op < 0.15:
                    for turns in (plain, batched):
                        turns.append(prompt(line))
                elif op < 0.45:
                    body = rng.choice(["boom", "", "x " * 5000 + "Error: token = s3cr3t-v4lue"])
                    outcome = rng.choice([act.Outcome.ERROR, act.Outcome.ERROR, act.Outcome.REJECTED])
                    for t in (a, c):
                        t.call(cid, tool, raw, where)
                        if op < 0.4:
                            t.result(cid, outcome, where, body)
                elif op < 0.5:
                    for t in (a, c):
                        t.todo([{"content": f"step {step}", "status": "pending"}], where)
                else:
                    for t in (a, c):
                        t.done(cid, tool, raw, where)
            for t in (a, c):
                t.finish()
            assert [t.model_dump() for t in plain] == [t.model_dump() for t in batched]
