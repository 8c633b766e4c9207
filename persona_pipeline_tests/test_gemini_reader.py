"""Gemini CLI / Qwen Code reader (`core/sources/gemini.py`): sessions written from the public
source (`chatRecordingService.ts`), in the JSON and the newer JSONL form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from persona_pipeline.core.models import Tier, TurnKind
from persona_pipeline.core.sources import gemini, readers
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.eval.writers import GeminiSession
from persona_pipeline_tests.reader_fixtures import canaries_stored, clock, ingest_all, only_roots, stored_excerpts

ROOT_DIR = "/work/code/api"
CANARY = {
    "session_context": "CANARY-GEMINI-MEMORY-1a2b",
    "referenced_file": "CANARY-REFERENCED-FILE-3c4d",
    "system_note": "CANARY-SYSTEM-NOTE-5e6f",
    "model_text": "CANARY-MODEL-TEXT-7a8b",
    "thoughts": "CANARY-THOUGHTS-9c0d",
    "tool_output": "CANARY-TOOL-OUTPUT-1e2f",
    "tool_response": "CANARY-TOOL-RESPONSE-3a4b",
    "title": "CANARY-SESSION-SUMMARY-5c6d",
    "info": "CANARY-INFO-LINE-7e8f",
    "hook_context": "CANARY-HOOK-CONTEXT-9a0b",
    "shell_output": "CANARY-SHELL-OUTPUT-1c2d",
    "subagent": "CANARY-SUBAGENT-PROMPT-3e4f",
    "rewound": "CANARY-REWOUND-PROMPT-5a6b",
}


def _session(seed: int = 3) -> GeminiSession:
    rng, clk = clock(seed)
    s = GeminiSession(rng, clk, ROOT_DIR, summary=CANARY["title"])
    s.session_context([ROOT_DIR], memory=f"GEMINI.md: {CANARY['session_context']}")
    s.prompt("add retries with backoff to the http client", files={"src/client.py": CANARY["referenced_file"]})
    s.answer(
        f"Plan ready. {CANARY['model_text']}",
        thoughts=CANARY["thoughts"],
        tools=[("read_file", {"absolute_path": f"{ROOT_DIR}/src/client.py"}, "success", CANARY["tool_output"])],
    )
    s.tool_response("read_file", CANARY["tool_response"])
    s.answer("Running the whole suite", tools=[("run_shell_command", {"command": "pytest"}, "cancelled", "")])
    s.prompt("no, run only tests/unit", note=CANARY["system_note"])
    s.answer(
        "Editing",
        tools=[
            (
                "replace",
                {"file_path": f"{ROOT_DIR}/src/client.py", "new_string": "def retry(n):\n    pass\n"},
                "success",
                "",
            ),
            ("run_shell_command", {"command": "pytest tests/unit"}, "error", "1 failed"),
        ],
    )
    s.info(f"Request cancelled. {CANARY['info']}")
    s.prompt("keep the retry count configurable")
    s._push("user", [{"text": f"<hook_context>{CANARY['hook_context']}</hook_context>"}])
    s._push("user", [{"text": f"I ran the following shell command:\n```sh\nls\n```\n{CANARY['shell_output']}"}])
    s._push("user", [{"text": "Please continue."}])
    s._push("user", [{"text": "/memory show"}])
    return s


def _said(turns: list) -> list[tuple[str, str, str | None]]:
    return [(t.kind.value, t.text, t.correction_signal) for t in turns if t.tier is not Tier.T3]


def _unit(path: Path) -> SourceUnit:
    [u] = [u for u in gemini.READER.discover([path.parents[2]], {}) if Path(u.location) == path]
    return u


EXPECTED = [
    ("prompt", "add retries with backoff to the http client", None),
    ("correction", "no, run only tests/unit", "rejected_tool_use"),
    ("correction", "keep the retry count configurable", "interrupt"),
]


@pytest.mark.parametrize("jsonl", [False, True])
def test_reads_the_persons_turns_in_both_forms(tmp_path: Path, jsonl: bool) -> None:
    path = _session().write(tmp_path / ".gemini" / "tmp", jsonl=jsonl)
    result = gemini.READER.read(_unit(path))
    assert result.file_error is None
    assert _said(result.turns) == EXPECTED
    assert result.stats.cwd == ROOT_DIR  # recovered: the candidate whose sha256 is the project hash
    rejected = next(t for t in result.turns if t.correction_signal == "rejected_tool_use")
    assert rejected.context == "Running the whole suite"
    activity = {(t.kind, t.text) for t in result.turns if t.tier is Tier.T3}
    assert (TurnKind.TOOL_REJECTED, "run_shell_command: pytest") in activity
    assert (TurnKind.FILE_EDIT, "replace: src/client.py (functions: retry)") in activity
    assert (TurnKind.TOOL_ERROR, "run_shell_command: pytest tests/unit") in activity
    skips = result.stats.skips
    for reason in ("session_context", "hook_context", "shell_command_output", "auto_continue", "slash_command"):
        assert skips[reason] == 1, reason
    assert skips["tool_result"] == 1 and skips["title"] == 1 and skips["thinking"] == 1
    assert skips["injected_context"] == 2 and skips["info_message"] == 1


def test_jsonl_patches_rewinds_and_rewrites(tmp_path: Path) -> None:
    s = _session()
    again = s.prompt(f"{CANARY['rewound']} use requests")
    s.answer("Switched to requests.")
    s.rewind(again)
    s.prompt("use httpx for the client")
    path = s.write(tmp_path / ".gemini" / "tmp", jsonl=True)
    result = gemini.READER.read(_unit(path))
    said = _said(result.turns)
    assert said[:3] == EXPECTED and said[3] == ("correction", "use httpx for the client", "rewind")
    assert result.turns[-1].context == "Switched to requests."  # the answer the rewind took back
    assert all(CANARY["rewound"] not in t.text for t in result.turns)
    assert result.stats.entries_by_type["rewind"] == 1 and result.stats.entries_by_type["metadata_patch"] >= 10

    # a whole-history `$set` (Gemini CLI re-syncs the list) replaces the messages read so far
    with path.open("a") as f:
        f.write(json.dumps({"$set": {"messages": [{"id": "z", "type": "user", "content": "prefer small PRs"}]}}) + "\n")
    assert _said(gemini.READER.read(_unit(path)).turns) == [("prompt", "prefer small PRs", None)]


def test_discovery_keys_products_and_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "alice"
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: home))
    s = _session()
    legacy = s.write(home / ".gemini" / "tmp")
    log = s.write(home / ".gemini" / "tmp", jsonl=True)
    assert legacy.with_suffix(".jsonl") == log  # migrated: the old file left beside the log
    qwen = _session(4).write(home / ".qwen" / "tmp", project_id="api")
    (home / ".gemini" / "tmp" / "api").mkdir()
    slug = _session(5).write(home / ".gemini" / "tmp", jsonl=True, project_id="alice")  # started in ~
    sub = home / ".gemini" / "tmp" / "api" / "chats" / s.id
    sub.mkdir(parents=True)
    (sub / "session-x.jsonl").write_text(json.dumps({"sessionId": "x", "projectHash": "y", "kind": "subagent"}))
    (home / ".gemini" / "tmp" / s.project_hash / "logs.json").write_text("[]")
    ignored: dict[str, int] = {}
    units = gemini.READER.discover([home / ".gemini", home / ".qwen" / "tmp"], ignored)
    keys = sorted(u.key for u in units)
    assert keys == sorted(
        [f"gemini/{s.project_hash}/{log.name}", f"gemini/api/qwen/{qwen.name}", f"gemini/home/{slug.name}"]
    )
    assert ignored == {"migrated_session": 1}
    assert not any("alice" in k for k in keys)  # the home slug is a user name: never in a key
    host = readers.Host("Linux", Path("/h"), {})
    assert gemini.READER.default_roots(host) == [Path("/h/.gemini/tmp"), Path("/h/.qwen/tmp")]
    moved = readers.Host("Linux", Path("/h"), {"GEMINI_HOME": "/g"})
    assert gemini.READER.default_roots(moved)[0] == Path("/g/tmp")
    assert gemini.READER.default_roots(readers.Host("Linux", Path("/h"), {"GEMINI_CLI_HOME": "/c"}))[0] == Path(
        "/c/.gemini/tmp"
    )


def test_the_project_comes_from_project_root_or_stays_the_hash(tmp_path: Path) -> None:
    tmp = tmp_path / ".gemini" / "tmp"
    rng, clk = clock(2)
    s = GeminiSession(rng, clk, "/elsewhere/shop")
    s.prompt("make the cart total a Decimal")
    hashed = s.write(tmp)
    assert gemini.READER.read(_unit(hashed)).stats.cwd is None  # nothing names the root: the hash stays
    slugged = s.write(tmp, project_id="shop")
    (tmp / "shop" / ".project_root").write_text("/srv/code/shop\n")
    assert gemini.READER.read(_unit(slugged)).turns[0].cwd == "/srv/code/shop"


def test_subagent_sessions_are_not_the_persons(tmp_path: Path) -> None:
    rng, clk = clock(6)
    s = GeminiSession(rng, clk, ROOT_DIR)
    s.prompt(CANARY["subagent"])
    path = s.write(tmp_path / ".gemini" / "tmp")
    doc = json.loads(path.read_text())
    doc["kind"] = "subagent"
    path.write_text(json.dumps(doc))
    result = gemini.READER.read(_unit(path))
    assert not result.turns and result.stats.machine_generated == "subagent_session"


def test_no_scaffolding_canary_reaches_the_warehouse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tmp = tmp_path / "gh" / ".gemini" / "tmp"
    _session().write(tmp)
    s = _session(8)
    again = s.prompt(CANARY["rewound"])
    s.rewind(again)
    s.prompt("prefer httpx over requests")
    s.write(tmp, jsonl=True)
    rng, clk = clock(9)
    sub = GeminiSession(rng, clk, ROOT_DIR)
    sub.prompt(CANARY["subagent"])
    p = sub.write(tmp)
    p.write_text(json.dumps({**json.loads(p.read_text()), "kind": "subagent"}))
    settings = only_roots(monkeypatch, tmp_path, GEMINI_DIRS=str(tmp))
    outcomes = ingest_all(settings)
    assert len(outcomes) == 3 and sorted(o.status for o in outcomes) == ["machine_generated", "processed", "processed"]
    excerpts = stored_excerpts(settings)
    assert "no, run only tests/unit" in excerpts and "prefer httpx over requests" in excerpts
    assert canaries_stored(settings, list(CANARY.values())) == {}
    assert canaries_stored(settings, ["backoff to the http client"])  # the scan sees stored text


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b"\x00\x01\x02binary" * 50, "binary"),
        (b'{"sessionId": "s", "messages": [{"id": "a", "type": "user", "content": "hi"', "invalid_json"),
        (b'{"sessionId": "s", "messages": "not a list"}', "not_a_chat_session"),
        (b"[1, 2, 3]", "not_a_chat_session"),
    ],
)
def test_hostile_json_sessions_are_recorded_skips(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / ".gemini" / "tmp" / "abc" / "chats" / "session-1.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    result = gemini.READER.read(_unit(path))
    assert result.file_error == reason and not result.turns


def test_truncated_and_drifted_logs_cost_lines_not_the_session(tmp_path: Path) -> None:
    path = _session().write(tmp_path / ".gemini" / "tmp", jsonl=True)
    data = path.read_bytes()
    drift = [
        {"id": "d1", "type": "user", "content": {"text": "a single part, not a list"}},
        {"id": "d2", "type": "thinking_v2", "content": "unknown type"},
        {"id": "d3", "type": "user", "content": [{"inlineData": {"mimeType": "image/png", "data": "AAAA"}}, 7]},
        {"id": "d4", "type": "gemini", "content": None, "toolCalls": [{"args": {}}, "x"]},
        {"something": "else"},
        [1, 2],
    ]
    body = (
        data + b"".join(json.dumps(d).encode() + b"\n" for d in drift) + b'{"id": "t", "type": "user", "content": "cut'
    )
    path.write_bytes(body)
    result = gemini.READER.read(_unit(path))
    assert result.file_error is None
    said = _said(result.turns)
    assert said[:3] == EXPECTED and ("prompt", "a single part, not a list", None) in said
    skips = result.stats.skips
    assert skips["truncated_last_line"] == 1 and skips["record_unknown"] == 1 and skips["not_an_object"] == 1
    assert skips["message_type:thinking_v2"] == 1 and skips["non_text_part"] == 1 and skips["part_malformed"] == 1
    assert skips["tool_call_malformed"] == 2

    legacy = tmp_path / "legacy" / ".gemini" / "tmp" / "h" / "chats" / "session-2.json"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(
        json.dumps(
            {"sessionId": "s", "messages": [None, {"type": "user"}, {"id": 3, "type": "user", "content": "ok then"}]}
        )
    )
    drifted = gemini.READER.read(_unit(legacy))
    assert _said(drifted.turns) == [("prompt", "ok then", None)]
    assert drifted.stats.skips["message_malformed"] == 1 and drifted.stats.skips["empty_after_scaffolding"] == 1
