"""Cline / Roo Code / Kilo Code reader (`core/sources/cline.py`): task folders written from the
public `ClineMessage` shape (`ui_messages.json`) and the wrappers the extension puts around the
person's words in `api_conversation_history.json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.core.sources import cline, readers
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.eval.writers import ClineTask
from persona_pipeline_tests.reader_fixtures import canaries_stored, clock, ingest_all, only_roots, stored_excerpts

CWD = "/srv/work/invoicer"
CANARY = {
    "environment": "CANARY-CLINE-ENV-DETAILS-1f2e",
    "assistant": "CANARY-CLINE-ASSISTANT-3d4c",
    "reasoning": "CANARY-CLINE-REASONING-5b6a",
    "tool_ask": "CANARY-CLINE-TOOL-CONTENT-7988",
    "command_output": "CANARY-CLINE-CMD-OUTPUT-9a0b",
    "question": "CANARY-CLINE-FOLLOWUP-Q-1c2d",
    "completion": "CANARY-CLINE-COMPLETION-3e4f",
    "resumption": "CANARY-CLINE-RESUMPTION-5a6b",
    "nag": "CANARY-CLINE-NAG-7c8d",
    "image": "CANARY-CLINE-IMAGE-9e0f",
    "subtask": "CANARY-CLINE-SUBTASK-1a3c",
}
SAID = [
    ("prompt", "split invoice totals per currency before summing", None),
    ("correction", "don't touch the migrations folder, edit the model only", "rejected_tool_use"),
    ("answer", "yes, keep two decimals", None),  # the reply to the agent's follow-up question (turns53)
    ("correction", "no, the rounding must be banker's rounding", "opener"),
    ("correction", "continue, but skip the PDF export for now", "interrupt"),
]


def _task(seed: int = 4) -> ClineTask:
    rng, clk = clock(seed)
    t = ClineTask(rng, clk, CWD)
    t.task(SAID[0][1], env_extra=CANARY["environment"], images=[f"data:image/png;base64,{CANARY['image']}"])
    t.say(f"Reading the repository layout. {CANARY['assistant']}")  # the last reply before a correction is its context
    t.say("Looking at the models first.", reasoning=CANARY["reasoning"])
    tid = t.ask_tool({"tool": "editedExistingFile", "path": "migrations/0003.py", "diff": CANARY["tool_ask"]})
    t.denied(tid, SAID[1][1])
    tid = t.ask_tool({}, command="pytest -q tests/test_totals.py")
    t.approved(tid, f"4 passed {CANARY['command_output']}")
    t.completed(f"First pass done. {CANARY['completion']}")
    t.followup(f"Should totals keep two decimals? {CANARY['question']}", SAID[2][1])
    t.completed("Totals are split per currency.", feedback=SAID[3][1])
    t.request([{"type": "text", "text": "retry"}], cancelled=True)
    t.nag(CANARY["nag"])
    t.resumed(SAID[4][1], notice=CANARY["resumption"])
    return t


def _said(turns: list) -> list[tuple[str, str, str | None]]:
    return [(t.kind.value, t.text, t.correction_signal) for t in turns if t.tier is not Tier.T3]


def _unit(path: Path) -> SourceUnit:
    [u] = [u for u in cline.READER.discover([path.parent], {}) if Path(u.location) == path]
    return u


def test_reads_the_persons_words_from_ui_messages(tmp_path: Path) -> None:
    folder = _task().write(tmp_path / "User", "roo")
    unit = _unit(folder / cline.UI_FILE)
    assert unit.key == f"cline/roo/{folder.name}"
    result = cline.READER.read(unit)
    assert result.file_error is None
    assert _said(result.turns) == SAID
    assert result.turns[1].context.startswith("Looking at the models first.")
    assert result.turns[3].context == "Totals are split per currency."
    assert all(t.cwd == CWD and t.session_id == unit.key for t in result.turns) and result.stats.cwd == CWD
    skips = result.stats.skips
    assert skips["api_request"] == 4 and skips["say:reasoning"] == 1 and skips["say:command_output"] == 1
    assert skips["ask:tool"] == 1 and skips["ask:command"] == 1 and skips["ask:followup"] == 1
    assert skips["image"] == 1 and skips["ask:resume_task"] == 1 and skips["say:completion_result"] == 2


def test_a_task_without_ui_messages_is_read_from_the_api_history(tmp_path: Path) -> None:
    folder = _task().write(tmp_path / "User")
    (folder / cline.UI_FILE).unlink()
    result = cline.READER.read(_unit(folder / cline.API_FILE))
    assert result.file_error is None
    said = _said(result.turns)
    assert [s[1] for s in said] == [s[1] for s in SAID]  # the insides of the wrappers, nothing else
    assert said[1][2] == "rejected_tool_use" and said[3][2] == "opener" and said[2][0] == "answer"
    assert result.turns[0].cwd == CWD
    skips = result.stats.skips
    assert skips["environment_details"] == 4 and skips["tool_result"] == 3
    assert skips["tool_use_nag"] == 1 and skips["task_resumption"] == 1 and skips["assistant:tool_use"] == 3


def test_discovery_keys_products_fingerprints_and_defaults(tmp_path: Path) -> None:
    user = tmp_path / "Code" / "User"
    a = _task(1).write(user, "cline")
    b = _task(2).write(user, "kilo")
    c = _task(3).write(user, "roo")
    (c / cline.UI_FILE).unlink()  # only the API history left
    (user / "globalStorage" / "other.extension" / "tasks" / "x").mkdir(parents=True)
    (user / "globalStorage" / "other.extension" / "tasks" / "x" / cline.UI_FILE).write_text("[]")
    (user / "workspaceStorage" / "h").mkdir(parents=True)
    ignored: dict[str, int] = {}
    units = cline.READER.discover([user], ignored)
    keys = sorted(u.key for u in units)
    assert keys == sorted([f"cline/cline/{a.name}", f"cline/kilo/{b.name}", f"cline/roo/{c.name}"])
    assert ignored == {"api_history_beside_ui": 2}
    unit = next(u for u in units if u.key.endswith(a.name))
    before = cline.READER.fingerprint(unit)  # type: ignore[misc]
    (a / "task_metadata.json").write_text('{"files_in_context": [], "model_usage": [{"ts": 1}]}')
    assert cline.READER.fingerprint(unit) != before  # type: ignore[misc]  # a metadata change is seen
    linux = cline.READER.default_roots(readers.Host("Linux", Path("/h")))
    assert Path("/h/.config/Code/User") in linux and Path("/h/.config/Cursor/User") in linux
    mac = cline.READER.default_roots(readers.Host("Darwin", Path("/h")))
    assert Path("/h/Library/Application Support/Windsurf/User") in mac
    win = cline.READER.default_roots(readers.Host("Windows", Path("/h"), {"APPDATA": "/r"}))
    assert Path("/r/VSCodium/User") in win


def test_subtasks_are_the_parent_agents_words(tmp_path: Path) -> None:
    rng, clk = clock(6)
    t = ClineTask(rng, clk, CWD)
    t.task(CANARY["subtask"])
    folder = t.write(tmp_path / "User", "roo")
    (folder / "history_item.json").write_text(json.dumps({"id": t.id, "parentTaskId": "1700000000000"}))
    result = cline.READER.read(_unit(folder / cline.UI_FILE))
    assert not result.turns and result.stats.machine_generated == "subtask"


def test_no_scaffolding_canary_reaches_the_warehouse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    user = tmp_path / "vs" / "User"
    _task().write(user, "cline")
    api_only = _task(9).write(user, "roo")
    (api_only / cline.UI_FILE).unlink()
    rng, clk = clock(10)
    sub = ClineTask(rng, clk, CWD)
    sub.task(CANARY["subtask"])
    folder = sub.write(user, "kilo")
    (folder / "history_item.json").write_text(json.dumps({"parentTaskId": "p"}))
    settings = only_roots(monkeypatch, tmp_path, CLINE_DIRS=str(user))
    outcomes = ingest_all(settings)
    assert sorted(o.status for o in outcomes) == ["machine_generated", "processed", "processed"]
    assert SAID[1][1] in stored_excerpts(settings)
    assert canaries_stored(settings, list(CANARY.values())) == {}
    assert canaries_stored(settings, ["per currency before summing"])  # the scan sees stored text


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "empty"),
        (b"\x00\x01\x02binary" * 50, "binary"),
        (b'[{"ts": 1, "type": "say", "say": "task", "text": "cut', "invalid_json"),
        (b'{"messages": []}', "not_a_task_history"),
    ],
)
def test_hostile_task_files_are_recorded_skips(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "User" / "globalStorage" / "saoudrizwan.claude-dev" / "tasks" / "1" / cline.UI_FILE
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    (path.parent / "task_metadata.json").write_bytes(b"\x00not json")  # a bad metadata file is ignored
    result = cline.READER.read(_unit(path))
    assert result.file_error == reason and not result.turns


def test_drifted_messages_cost_only_themselves(tmp_path: Path) -> None:
    folder = _task().write(tmp_path / "User")
    ui = json.loads((folder / cline.UI_FILE).read_text())
    ui[1:1] = [
        None,
        [1, 2],
        {"ts": "soon", "type": "whisper", "text": "unknown type"},
        {"ts": 2, "type": "say", "say": "brand_new_kind", "text": "x"},
        {"ts": 3, "type": "say", "say": "user_feedback", "text": 42},
        {"ts": 4, "type": "ask", "ask": None},
    ]
    (folder / cline.UI_FILE).write_text(json.dumps(ui))
    result = cline.READER.read(_unit(folder / cline.UI_FILE))
    assert result.file_error is None and _said(result.turns) == SAID
    skips = result.stats.skips
    assert skips["message_malformed"] == 2 and skips["message_type:whisper"] == 1
    assert skips["say:brand_new_kind"] == 1 and skips["user_message_malformed"] == 1 and skips["ask:<none>"] == 1

    api = json.loads((folder / cline.API_FILE).read_text())
    api[1:1] = [None, {"role": "tool"}, {"role": "user", "content": [7, {"type": "image"}]}]
    (folder / cline.API_FILE).write_text(json.dumps(api))
    (folder / cline.UI_FILE).unlink()
    drifted = cline.READER.read(_unit(folder / cline.API_FILE))
    assert [s[1] for s in _said(drifted.turns)] == [s[1] for s in SAID]
    assert drifted.stats.skips["message_malformed"] == 2 and drifted.stats.skips["block:image"] == 1


def test_a_task_opened_with_say_text_keeps_its_task(tmp_path: Path) -> None:
    """Roo Code, Kilo Code and older Cline say the task as `say: "text"` (the first message);
    later `say: "text"` messages stay the assistant's."""
    rng, clk = clock(11)
    t = ClineTask(rng, clk, CWD)
    t.task("move the currency table into its own module", say="text")
    t.say(f"Splitting the module now. {CANARY['assistant']}")
    t.completed("Moved.", feedback="also rename it to currencies")
    result = cline.READER.read(_unit(t.write(tmp_path / "User", "roo") / cline.UI_FILE))
    assert _said(result.turns) == [
        ("prompt", "move the currency table into its own module", None),
        ("prompt", "also rename it to currencies", None),
    ]
    assert result.stats.entries_by_type == {"task": 1, "user_feedback": 1}
    assert result.stats.skips["say:text"] == 1 and CANARY["assistant"] not in str(result.model_dump())


@pytest.mark.parametrize(
    ("info", "interrupt"),
    [
        # Cline's own shape (`JSON.stringify`: no blanks), the cancellation after the request's text
        ('{"request":"BODY","tokensIn":10,"tokensOut":2,"cost":0,"cancelReason":"user_cancelled"}', True),
        ('{"request":"BODY","tokensIn":1,"cancelReason":"streaming_failed","streamingFailedMessage":"e"}', False),
        ('{"request": "BODY", "tokensIn": 1, "cancelReason": "user_cancelled"}', True),  # json.dumps' blanks
        # the words inside the request text are not the key
        ('{"request":"BODY grep \\"cancelReason\\":\\"user_cancelled\\" src","tokensIn":1}', False),
        # no `tokensIn` key, another first key, a short text: searched whole
        ('{"request":"BODY","cancelReason":"user_cancelled"}', True),
        ('{"cancelReason":"user_cancelled","request":"BODY","tokensIn":1}', True),
        ('{"request":"run it","tokensIn":1,"cancelReason":"user_cancelled"}', True),
    ],
)
def test_a_cancelled_request_makes_the_next_words_a_correction(tmp_path: Path, info: str, interrupt: bool) -> None:
    rng, clk = clock(12)
    t = ClineTask(rng, clk, CWD)
    t.task("sort the invoices by date")
    body = "\\n".join(f"{i:>4} line of a file the request carries" for i in range(60))  # past 1 KB
    t.ui.append({"ts": 1760000000000, "type": "say", "say": "api_req_started", "text": info.replace("BODY", body)})
    t.resumed("carry on with the totals")
    result = cline.READER.read(_unit(t.write(tmp_path / "User") / cline.UI_FILE))
    expected = (
        ("correction", "carry on with the totals", "interrupt")
        if interrupt
        else ("prompt", "carry on with the totals", None)
    )
    assert _said(result.turns)[1] == expected
