"""GitHub Copilot reader (`core/sources/copilot.py`): VS Code chat sessions, the legacy extension
store and Copilot CLI event logs, written from their public format descriptions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from persona_pipeline.core.models import Tier, TurnKind
from persona_pipeline.core.sources import copilot, readers
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.eval.writers import CopilotChat, CopilotCliSession
from persona_pipeline_tests.reader_fixtures import canaries_stored, clock, ingest_all, only_roots, stored_excerpts

# one unique string per kind of scaffolding the client keeps beside what the person typed
CANARY = {
    "attachment": "CANARY-ATTACHED-FILE-7f3a",
    "response": "CANARY-ASSISTANT-ANSWER-91bc",
    "tool_output": "CANARY-TOOL-OUTPUT-44de",
    "title": "CANARY-SESSION-TITLE-0a1b",
    "account": "canaryaccount5d2e",
    "hidden": "CANARY-HIDDEN-REQUEST-6c77",
    "injected": "CANARY-INJECTED-PROMPT-2b90",
    "cli_attachment": "CANARY-CLI-ATTACHMENT-8e12",
    "reasoning": "CANARY-REASONING-3f45",
    "cli_tool_output": "CANARY-CLI-TOOL-OUTPUT-5a6b",
    "system_reminder": "CANARY-SYSTEM-REMINDER-9d01",
    "rendered": "CANARY-RENDERED-CONTEXT-0e2f",
}


def _vscode(user_root: Path, append_log: bool = False, seed: int = 3) -> Path:
    rng, clk = clock(seed)
    chat = CopilotChat(rng, clk, "/home/alice/code/billing", title=CANARY["title"], user=CANARY["account"])
    chat.ask(
        "use pathlib for every file path in this module",
        f"Sure. {CANARY['response']}",
        participant="workspace",
        attachments={"billing.py": f"import os\n# {CANARY['attachment']}"},
        context=f"<workspace_info>{CANARY['rendered']}</workspace_info>",
    )
    chat.ask(
        "run the tests",
        "Running them now.",
        tools=[("run_in_terminal", "pytest -q", False)],
        tool_output=CANARY["tool_output"],
    )
    chat.ask(
        "no, run only the unit tests with -x", "Running unit tests.", edits=["/home/alice/code/billing/tests/test_x.py"]
    )
    chat.ask("write a long essay", "Once upon a time", cancelled=True)
    chat.ask("keep it to three bullet points", "Done.")
    chat.ask(CANARY["hidden"], "hidden", hidden=True)
    chat.ask(f"ship it <system-reminder>{CANARY['system_reminder']}</system-reminder>", "ok")
    return chat.write(user_root, "a1b2c3d4e5f60718293a4b5c6d7e8f90", append_log=append_log)


def _cli(copilot_home: Path) -> Path:
    rng, clk = clock(4)
    s = CopilotCliSession(rng, clk, "/home/alice/code/billing")
    s.prompt(
        "prefer ruff over flake8 in this repo",
        injected=f"<reminder>{CANARY['injected']}</reminder>",
        attachments={"setup.cfg": CANARY["cli_attachment"]},
    )
    s.answer("Switching to ruff.", reasoning=CANARY["reasoning"])
    s.tool("bash", {"command": "ruff check ."}, output=CANARY["cli_tool_output"])
    s.tool("bash", {"command": "pytest -q tests/unit"}, error="exit status 1: 2 failed")
    s.tool("bash", {"command": "pytest -q tests/unit"}, output="ok")
    s.tool("edit", {"path": "/home/alice/code/billing/app.py", "new_str": "def charge(x):\n    return x\n"})
    s.answer("Now refactoring everything")
    s.abort()
    s.prompt("stop, only touch app.py")
    return s.write(copilot_home)


def _unit(path: Path) -> SourceUnit:
    [unit] = copilot.READER.discover([path], {})
    return unit


def test_discovery_keys_carry_hashes_and_ids_never_user_names(tmp_path: Path) -> None:
    user = tmp_path / "alice" / ".config" / "Code" / "User"
    _vscode(user)
    (user / "globalStorage" / "emptyWindowChatSessions").mkdir(parents=True)
    (user / "globalStorage" / "emptyWindowChatSessions" / "e1.json").write_text('{"requests": []}')
    (user / "globalStorage" / "github.copilot-chat").mkdir(parents=True)
    (user / "globalStorage" / "github.copilot-chat" / "old.json").write_text("[]")
    (user / "workspaceStorage" / "a1b2c3d4e5f60718293a4b5c6d7e8f90" / "state.vscdb").write_bytes(b"")
    home = tmp_path / "alice" / ".copilot"
    cli = _cli(home)
    ignored: dict[str, int] = {}
    keys = sorted(u.key for u in copilot.READER.discover([user, home], ignored))
    session = next((user / "workspaceStorage").rglob("chatSessions/*.json")).name
    assert keys == [
        f"copilot/cli/{cli.parent.name}/events.jsonl",
        "copilot/vscode-empty-window/e1.json",
        "copilot/vscode-legacy/old.json",
        f"copilot/vscode/a1b2c3d4e5f60718293a4b5c6d7e8f90/{session}",
    ]
    assert not any("alice" in k for k in keys)


def test_default_roots_per_os() -> None:
    home = Path("/h")
    mac = copilot.READER.default_roots(readers.Host("Darwin", home, {}))
    assert home / "Library" / "Application Support" / "Code" / "User" in mac and home / ".copilot" in mac
    win = copilot.READER.default_roots(readers.Host("Windows", home, {"APPDATA": "/r"}))
    assert Path("/r/Code/User") in win and Path("/r/Code - Insiders/User") in win
    assert Path("/h/.config/VSCodium/User") in copilot.READER.default_roots(readers.Host("Linux", home, {}))


def test_vscode_session_keeps_typed_prompts_and_structural_corrections(tmp_path: Path) -> None:
    result = copilot.READER.read(_unit(_vscode(tmp_path / "User")))
    assert result.file_error is None
    prompts = [
        (t.kind, t.text, t.correction_signal) for t in result.turns if t.kind in (TurnKind.PROMPT, TurnKind.CORRECTION)
    ]
    assert prompts == [
        (TurnKind.PROMPT, "use pathlib for every file path in this module", None),  # `@workspace` routing cut
        (TurnKind.PROMPT, "run the tests", None),
        (TurnKind.CORRECTION, "no, run only the unit tests with -x", "rejected_tool_use"),
        (TurnKind.PROMPT, "write a long essay", None),
        (TurnKind.CORRECTION, "keep it to three bullet points", "interrupt"),  # after a cancelled answer
        (TurnKind.PROMPT, "ship it", None),
    ]
    correction = next(t for t in result.turns if t.correction_signal == "interrupt")
    assert correction.tier is Tier.T1 and correction.context == "Once upon a time"
    assert all(t.cwd == "/home/alice/code/billing" for t in result.turns)  # from workspace.json
    activity = {(t.kind, t.text) for t in result.turns if t.tier is Tier.T3}
    assert (TurnKind.TOOL_REJECTED, "run_in_terminal: pytest -q") in activity
    assert (TurnKind.FILE_EDIT, "Edit: tests/test_x.py") in activity
    skips = result.stats.skips
    assert skips["hidden_request"] == 1 and skips["attached_context"] == 1 and skips["tool_output"] == 1


def test_cli_events_keep_content_not_the_injected_prompt(tmp_path: Path) -> None:
    result = copilot.READER.read(_unit(_cli(tmp_path / ".copilot")))
    said = [(t.kind, t.text, t.correction_signal) for t in result.turns if t.tier is not Tier.T3]
    assert said == [
        (TurnKind.PROMPT, "prefer ruff over flake8 in this repo", None),
        (TurnKind.CORRECTION, "stop, only touch app.py", "interrupt"),
    ]
    assert result.turns[0].cwd == "/home/alice/code/billing"
    kinds = {t.kind for t in result.turns if t.tier is Tier.T3}
    assert {TurnKind.TOOL_ERROR, TurnKind.TOOL_RECOVERED, TurnKind.FILE_EDIT} <= kinds
    edit = next(t for t in result.turns if t.kind is TurnKind.FILE_EDIT)
    assert edit.text == "edit: app.py (functions: charge)"
    assert result.stats.skips["injected_prompt"] == 1 and result.stats.skips["reasoning"] == 1


def test_legacy_extension_store(tmp_path: Path) -> None:
    store = tmp_path / "User" / "globalStorage" / "github.copilot-chat"
    store.mkdir(parents=True)
    convs = [
        {
            "id": "c1",
            "workspaceFolder": "/work/api",
            "turns": [
                {
                    "request": {"message": "add type hints to the parser", "timestamp": 1760000000000},
                    "response": {"message": CANARY["response"]},
                },
                {"request": {"message": "no, keep the old names"}, "response": {"message": "ok"}},
                "drift",
            ],
        },
        {"id": "c2"},
    ]
    (store / "conversations.json").write_text(json.dumps(convs))
    result = copilot.READER.read(_unit(store / "conversations.json"))
    assert [(t.text, t.kind) for t in result.turns] == [
        ("add type hints to the parser", TurnKind.PROMPT),
        ("no, keep the old names", TurnKind.CORRECTION),
    ]
    assert result.turns[0].timestamp == "2025-10-09T08:53:20.000Z" and result.turns[0].cwd == "/work/api"
    assert result.stats.skips["turn_malformed"] == 1 and result.stats.skips["conversation_malformed"] == 1


def test_no_scaffolding_canary_reaches_the_warehouse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    user, home = tmp_path / "User", tmp_path / ".copilot"
    _vscode(user)
    _vscode(tmp_path / "log" / "User", append_log=True, seed=9)  # another session, in the 1.109+ form
    _cli(home)
    settings = only_roots(monkeypatch, tmp_path, COPILOT_DIRS=f"{user}:{home}:{tmp_path / 'log' / 'User'}")
    outcomes = ingest_all(settings)
    assert sorted(o.status for o in outcomes) == ["processed", "processed", "processed"]
    assert "use pathlib for every file path in this module" in stored_excerpts(settings)
    assert canaries_stored(settings, list(CANARY.values())) == {}
    assert canaries_stored(settings, ["use pathlib for every file path"])  # the scan does see stored text


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "empty"),
        (b"\x00\x01\x02PK", "binary"),
        (b'{"requests": [{"message": {"text": "cut off', "invalid_json"),
        (b'{"sessionId": "x", "version": 3}', "not_a_chat_session"),
        (b'"just a string"', "not_a_chat_session"),
    ],
)
def test_hostile_vscode_files_are_recorded_skips(tmp_path: Path, content: bytes, reason: str) -> None:
    folder = tmp_path / "User" / "workspaceStorage" / "h" / "chatSessions"
    folder.mkdir(parents=True)
    (folder / "s.json").write_bytes(content)
    result = copilot.READER.read(_unit(folder / "s.json"))
    assert result.file_error == reason and not result.turns


def test_schema_drift_costs_a_request_not_the_file(tmp_path: Path) -> None:
    folder = tmp_path / "User" / "workspaceStorage" / "h" / "chatSessions"
    folder.mkdir(parents=True)
    doc = {
        "requests": [
            7,
            {"message": {"text": 42}},
            {"message": {"parts": "drift"}, "response": "x"},
            {
                "message": {"text": "prefer small pure functions", "parts": [{"kind": "agent", "range": "bad"}]},
                "response": [{"kind": "brandNewPart"}, 3],
            },
            {"message": "plain string message from an older build", "response": {"value": [{"value": "fine"}]}},
        ]
    }
    (folder / "s.json").write_text(json.dumps(doc))
    result = copilot.READER.read(_unit(folder / "s.json"))
    assert [t.text for t in result.turns] == ["prefer small pure functions", "plain string message from an older build"]
    skips = result.stats.skips
    assert skips["request_malformed"] == 1 and skips["user_message_malformed"] == 2
    assert skips["response:<other>"] == 1  # an unknown part kind, counted under a safe label


def test_hostile_cli_logs(tmp_path: Path) -> None:
    folder = tmp_path / ".copilot" / "session-state" / "s1"
    folder.mkdir(parents=True)
    lines = [
        json.dumps({"type": "user.message", "data": {"content": "use tabs in the makefile"}}),
        "not json",
        json.dumps({"type": "user.message", "data": "drift"}),
        json.dumps({"type": "tool.execution_complete", "data": {"toolCallId": "never-started", "success": False}}),
        json.dumps({"type": "a.new.event", "data": {}}),
        '{"type": "user.message", "data": {"content": "trunc',
    ]
    (folder / "events.jsonl").write_text("\n".join(lines))
    result = copilot.READER.read(_unit(folder / "events.jsonl"))
    assert [t.text for t in result.turns] == ["use tabs in the makefile"]
    skips = result.stats.skips
    assert skips["invalid_json"] == 1 and skips["truncated_last_line"] == 1 and skips["user_message_malformed"] == 1
    assert skips["event:a.new.event"] == 1
    (folder / "events.jsonl").write_bytes(b"\x00binary")
    assert copilot.READER.read(_unit(folder / "events.jsonl")).file_error == "binary"


def test_the_append_log_replays_to_the_same_session(tmp_path: Path) -> None:
    """VS Code 1.109+ writes `chatSessions/<id>.jsonl`: a snapshot, then set / push / delete mutations."""
    flat = copilot.READER.read(_unit(_vscode(tmp_path / "a" / "User")))
    log = _vscode(tmp_path / "b" / "User", append_log=True)
    assert log.suffix == ".jsonl"
    replayed = copilot.READER.read(_unit(log))
    assert replayed.file_error is None
    assert [(t.kind, t.text, t.correction_signal) for t in replayed.turns] == [
        (t.kind, t.text, t.correction_signal) for t in flat.turns
    ]
    assert replayed.stats.entries_by_type["snapshot"] == 1 and replayed.stats.entries_by_type["mutation:2"] >= 1
    with log.open("a") as f:
        f.write('{"kind": 1, "k": ["requests", 99, "response"], "v": []}\n{"kind": 9}\n{"kind": 2, "k": ["nope"]}\n')
    drift = copilot.READER.read(_unit(log))
    assert drift.stats.skips["mutation_unresolved"] == 2 and drift.stats.skips["mutation_unknown"] == 1
    assert len(drift.turns) == len(flat.turns)
    log.write_text('{"kind": 2, "k": ["requests"], "v": []}\n')
    assert copilot.READER.read(_unit(log)).file_error == "no_snapshot"


def test_a_session_migrated_to_the_append_log_is_read_once(tmp_path: Path) -> None:
    user = tmp_path / "User"
    flat = _vscode(user)
    log = flat.with_suffix(".jsonl")
    log.write_text(json.dumps({"kind": 0, "v": json.loads(flat.read_text())}) + "\n")
    ignored: dict[str, int] = {}
    assert [u.path for u in copilot.READER.discover([user], ignored)] == [log]
    assert ignored == {"migrated_session": 1}


def test_tool_args_name_paths_edits_and_patches() -> None:
    from persona_pipeline.core.sources.chat_turns import ToolArgs

    args = ToolArgs(path_keys=("path",), new_text_keys=("new_str",))
    assert args.summarize("bash", {"command": "make test"}, None) == "make test"
    assert args.summarize("view", '{"path": "/w/api/a.py"}', "/w/api") == "a.py"
    assert args.edits("edit", {"path": "a.py", "new_str": "x"}) == [("a.py", "x")]
    patch = "*** Begin Patch\n*** Update File: src/b.py\n@@\n+def b():\n*** End Patch\n"
    assert [p for p, _ in args.edits("apply_patch", {"input": patch})] == ["src/b.py"]
    assert args.edits("edit", ["not", "a", "dict"]) == []


def test_discovery_walks_only_the_chat_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """VS Code's `User/` holds file history and every extension's storage: a sensor tick must not
    stat all of it."""
    import os

    user = tmp_path / "User"
    _vscode(user)
    for junk in (
        "History/abc/chatSessions",
        "globalStorage/some.extension/chatSessions",
        "workspaceStorage/h/ms-python/deep",
    ):
        (user / junk).mkdir(parents=True)
        (user / junk / "x.json").write_text("{}")
    entered: list[str] = []
    real = os.scandir
    monkeypatch.setattr(os, "scandir", lambda d: entered.append(str(d)) or real(d))
    keys = [u.key for u in copilot.READER.discover([user], {})]
    assert len(keys) == 1 and keys[0].startswith("copilot/vscode/a1b2")
    assert not any(("History" in d or "some.extension" in d or "ms-python" in d) for d in entered)
