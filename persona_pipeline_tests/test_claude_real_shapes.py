"""Claude Code shapes seen in real histories (issue 16), written from the documented entry shapes:
pasted material, `--resume` replay bursts, SDK flags judged per entry, queued prompts, prompts
beside a slash command, client output after a command, non-human origins."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from persona_pipeline.core.models import ReadResult, Tier, TurnKind
from persona_pipeline.core.sources.claude_code import read_claude
from persona_pipeline_tests.builders import claude_assistant, claude_user, text, tool_result, write_jsonl


def _ts(second: int) -> str:
    return f"2026-10-01T10:{second // 60:02d}:{second % 60:02d}.000Z"


def _user(body: Any, second: int, **extra: Any) -> dict[str, Any]:
    return claude_user(body, timestamp=_ts(second), **extra)


def _reply(words: str, second: int, msg_id: str = "msg_a") -> dict[str, Any]:
    return claude_assistant([text(words)], msg_id=msg_id, timestamp=_ts(second))


def _read(tmp_path: Path, entries: list[dict[str, Any]]) -> ReadResult:
    result = read_claude(write_jsonl(tmp_path / "s.jsonl", entries))
    assert result.file_error is None
    return result


def _texts(result: ReadResult) -> list[str]:
    return [t.text for t in result.turns if t.kind in (TurnKind.PROMPT, TurnKind.CORRECTION, TurnKind.SLASH_COMMAND)]


# --- pasted material ------------------------------------------------------------------------------
def test_relayed_agent_output_is_not_the_persons_words(tmp_path: Path) -> None:
    r = _read(
        tmp_path,
        [
            _user("Gemini says: wrap every repository call in a retry decorator with jitter.", 0),
            _reply("Understood.", 5),
            _user("add the retry to the fetcher only", 60),
        ],
    )
    assert _texts(r) == ["add the retry to the fetcher only"]
    assert r.stats.skips["pasted:relay"] == 1


def test_instruction_typed_before_a_pasted_plan_is_kept(tmp_path: Path) -> None:
    plan = "\n".join(
        [
            "# Migration plan",
            "",
            "## Phase 1",
            *[f"- move table_{i} to the new schema and backfill it" for i in range(25)],
            "",
            "## Phase 2",
            *[f"- switch reader {i} to the new tables behind a flag" for i in range(25)],
        ]
    )
    r = _read(tmp_path, [_user(f"is anything missing from this?\n\n{plan}", 0)])
    assert _texts(r) == ["is anything missing from this?"]
    assert r.stats.skips["pasted_span:document"] == 1


def test_paste_marker_left_in_a_prompt_is_removed(tmp_path: Path) -> None:
    r = _read(tmp_path, [_user("summarise [Pasted text #2 +112 lines] in three bullets", 0)])
    assert _texts(r) == ["summarise  in three bullets"] and r.stats.skips["pasted_span:marker"] == 1


# --- replays --------------------------------------------------------------------------------------
def test_resume_replay_burst_is_stored_once(tmp_path: Path) -> None:
    original = [
        _user("use uv, never pip", 0),
        _reply("Switched to uv.", 10, "msg_1"),
        _user("and run ruff before committing", 60),
        _reply("Will do.", 70, "msg_2"),
    ]
    # `--resume` writes the earlier history again under new uuids, all at one timestamp
    burst = "2026-10-01T11:00:00.000Z"
    replay = [
        claude_user("use uv, never pip", timestamp=burst),
        claude_assistant([text("Switched to uv.")], msg_id="msg_1", timestamp=burst),
        claude_user("and run ruff before committing", timestamp=burst),
        claude_assistant([text("Will do.")], msg_id="msg_2", timestamp=burst),
    ]
    later = [_user("now add a changelog entry", 3700)]
    r = _read(tmp_path, original + replay + later)
    assert _texts(r) == ["use uv, never pip", "and run ruff before committing", "now add a changelog entry"]
    assert r.stats.skips["replay_duplicate"] == 2


def test_a_replay_burst_alone_is_kept_once(tmp_path: Path) -> None:
    burst = "2026-10-01T11:00:00.000Z"
    entries = [
        claude_user("use uv, never pip", timestamp=burst),
        claude_assistant([text("ok")], timestamp=burst),
        claude_user("use uv, never pip", timestamp=burst),
        claude_assistant([text("ok")], msg_id="msg_b", timestamp=burst),
    ]
    r = _read(tmp_path, entries)
    assert _texts(r) == ["use uv, never pip"] and r.stats.skips["replay_duplicate"] == 1


def test_replayed_entries_keep_the_session_they_name(tmp_path: Path) -> None:
    burst = "2026-10-01T11:00:00.000Z"
    entries = [
        claude_user("use uv, never pip", timestamp=burst, sessionId="sess-old"),
        claude_assistant([text("ok")], timestamp=burst, sessionId="sess-old"),
        claude_user("and ruff", timestamp=burst, sessionId="sess-old"),
        _user("new words", 4000, sessionId="sess-new"),
    ]
    r = _read(tmp_path, entries)
    assert [(t.text, t.session_id) for t in r.turns] == [
        ("use uv, never pip", "sess-old"),
        ("and ruff", "sess-old"),
        ("new words", "sess-new"),
    ]


def test_btw_side_question_in_the_main_transcript_is_kept(tmp_path: Path) -> None:
    body = "<command-name>/btw</command-name>\n<command-args>does the cache survive a restart?</command-args>"
    r = _read(tmp_path, [_user(body, 0)])
    assert _texts(r) == ["does the cache survive a restart?"] and r.turns[0].kind is TurnKind.SLASH_COMMAND


def test_the_same_words_typed_twice_at_different_times_are_both_kept(tmp_path: Path) -> None:
    r = _read(tmp_path, [_user("continue", 0), _reply("Going on.", 5), _user("continue", 90)])
    assert _texts(r) == ["continue", "continue"]


# --- SDK flags, per entry -------------------------------------------------------------------------
def test_sdk_flagged_first_lines_do_not_make_a_human_session_machine_generated(tmp_path: Path) -> None:
    entries = [
        _user("scaffold the settings page", 0, entrypoint="sdk-ts"),
        _reply("Scaffolding it.", 5),
        _user([text("[Request interrupted by user]")], 30, entrypoint="claude-vscode"),
        _user("no, keep the old layout", 40, entrypoint="claude-vscode"),
    ]
    r = _read(tmp_path, entries)
    assert r.stats.machine_generated is None
    assert _texts(r) == ["scaffold the settings page", "no, keep the old layout"]
    assert r.turns[1].tier is Tier.T1 and r.turns[1].correction_signal == "interrupt"


def test_a_session_of_sdk_entries_only_is_machine_generated(tmp_path: Path) -> None:
    entries = [_user("summarise the diff", 0, entrypoint="sdk-ts"), _reply("Done.", 5)]
    r = _read(tmp_path, entries)
    assert r.stats.machine_generated == "entrypoint:sdk-ts" and r.turns == []


def test_a_human_origin_rescues_sdk_flagged_entries(tmp_path: Path) -> None:
    entries = [_user("fix the flaky test", 0, entrypoint="sdk-ts", origin={"kind": "human"})]
    r = _read(tmp_path, entries)
    assert r.stats.machine_generated is None and _texts(r) == ["fix the flaky test"]


# --- queued prompts -------------------------------------------------------------------------------
def _queue(op: str, second: int, content: Any = None, **extra: Any) -> dict[str, Any]:
    e: dict[str, Any] = {"type": "queue-operation", "operation": op, "timestamp": _ts(second), "sessionId": "sess-1"}
    if content is not None:
        e["content"] = content
    e.update(extra)
    return e


def _queued_attachment(prompt: Any, second: int) -> dict[str, Any]:
    return {
        "type": "attachment",
        "uuid": f"att-{second}",
        "timestamp": _ts(second),
        "sessionId": "sess-1",
        "isSidechain": False,
        "attachment": {"type": "queued_command", "prompt": prompt},
    }


def test_prompt_absorbed_mid_turn_is_kept_once_from_its_attachment(tmp_path: Path) -> None:
    entries = [
        _user("refactor the importer", 0),
        _queue("enqueue", 20, "and keep the public API unchanged"),
        _queued_attachment("and keep the public API unchanged", 21),
        _queue("remove", 21, reason="absorbed_mid_turn"),
        _reply("Refactored, API unchanged.", 40),
    ]
    r = _read(tmp_path, entries)
    assert _texts(r) == ["refactor the importer", "and keep the public API unchanged"]
    assert r.turns[1].line_no == 3 and r.stats.entries_by_type["queued_prompt"] == 1


def test_dequeued_prompt_is_kept_once_from_its_user_entry(tmp_path: Path) -> None:
    entries = [
        _queue("enqueue", 0, "keep commits small"),
        _queue("dequeue", 5),
        _user("keep commits small", 5),
    ]
    r = _read(tmp_path, entries)
    assert _texts(r) == ["keep commits small"] and r.turns[0].line_no == 3


def test_enqueued_prompt_that_only_the_queue_holds_is_kept(tmp_path: Path) -> None:
    entries = [_user("build the docs", 0), _queue("enqueue", 30, [text("then publish them to the wiki")])]
    r = _read(tmp_path, entries)
    assert _texts(r) == ["build the docs", "then publish them to the wiki"]


def test_queued_prompt_taken_back_for_editing_counts_once_as_resent(tmp_path: Path) -> None:
    entries = [
        _queue("enqueue", 0, "use sqlite"),
        _queue("popAll", 10),
        _user("use sqlite with WAL mode", 15),
    ]
    r = _read(tmp_path, entries)
    assert _texts(r) == ["use sqlite with WAL mode"] and r.stats.skips["queued_cancelled"] == 1


def test_queued_attachment_with_an_image_keeps_its_words(tmp_path: Path) -> None:
    prompt = [text("the header overlaps here"), {"type": "image", "source": {"type": "base64", "data": "AAAA"}}]
    r = _read(tmp_path, [_queued_attachment(prompt, 0)])
    assert _texts(r) == ["the header overlaps here"]


def test_queued_bookkeeping_command_is_not_a_prompt(tmp_path: Path) -> None:
    r = _read(tmp_path, [_queue("enqueue", 0, "/compact"), _user("ok go on", 60)])
    assert _texts(r) == ["ok go on"] and r.stats.skips["slash_command_bookkeeping"] == 1


def test_other_attachments_stay_dropped(tmp_path: Path) -> None:
    att = {"type": "attachment", "timestamp": _ts(0), "attachment": {"type": "todo_reminder", "content": "x"}}
    r = _read(tmp_path, [att, _user("hello there", 10)])
    assert _texts(r) == ["hello there"] and r.stats.skips["attachment"] == 1


# --- slash commands and client output -------------------------------------------------------------
def test_prompt_sharing_an_entry_with_a_builtin_command_is_kept(tmp_path: Path) -> None:
    body = [
        text(
            "<command-name>/model</command-name>\n<command-message>model</command-message>\n<command-args>opus</command-args>"
        ),
        text("then rerun the benchmark with the new model"),
    ]
    r = _read(tmp_path, [_user(body, 0)])
    assert _texts(r) == ["then rerun the benchmark with the new model"]
    assert r.turns[0].kind is TurnKind.PROMPT and r.stats.skips["slash_command_bookkeeping"] == 1


def test_prompt_beside_a_custom_command_joins_its_arguments(tmp_path: Path) -> None:
    body = (
        "<command-message>review is running…</command-message>\n<command-name>/review</command-name>\n"
        "<command-args>the auth module</command-args>\nfocus on token expiry"
    )
    r = _read(tmp_path, [_user(body, 0)])
    assert _texts(r) == ["the auth module\n\nfocus on token expiry"] and r.turns[0].kind is TurnKind.SLASH_COMMAND


def test_client_message_written_as_a_plain_user_string_after_a_command_is_dropped(tmp_path: Path) -> None:
    command = _user("<command-name>/deploy-docs</command-name>\n<command-args></command-args>", 0)
    echo = _user("Unknown skill: deploy-docs", 0, parentUuid=command["uuid"])
    later = _user("publish the docs by hand then", 45)
    r = _read(tmp_path, [command, echo, later])
    assert _texts(r) == ["publish the docs by hand then"] and r.stats.skips["command_output"] == 1


def test_client_answer_to_a_plain_text_command_is_dropped(tmp_path: Path) -> None:
    typed = _user("/deploy-docs", 0)
    echo = _user("Unknown skill: deploy-docs", 0, parentUuid=typed["uuid"])
    r = _read(tmp_path, [typed, echo, _user("/review the auth module", 30), _user("then fix what you find", 60)])
    assert _texts(r) == ["/review the auth module", "then fix what you find"]
    assert r.stats.skips["command_output"] == 1 and r.stats.skips["slash_command_bookkeeping"] == 1


def test_a_prompt_typed_well_after_a_command_is_kept(tmp_path: Path) -> None:
    command = _user("<command-name>/clear</command-name>\n<command-args></command-args>", 0)
    r = _read(tmp_path, [command, _user("Start over: the parser first", 40, parentUuid=command["uuid"])])
    assert _texts(r) == ["Start over: the parser first"]


def test_task_notification_origin_is_not_the_person(tmp_path: Path) -> None:
    entries = [
        _user("Background task finished: 3 files changed", 0, origin={"kind": "task-notification"}),
        _user("looks good, commit it", 30, origin={"kind": "human"}),
    ]
    r = _read(tmp_path, entries)
    assert _texts(r) == ["looks good, commit it"] and r.stats.skips["origin:task-notification"] == 1


def test_rejection_marks_a_person_in_an_sdk_flagged_session(tmp_path: Path) -> None:
    refusal = "The user doesn't want to proceed with this tool use. The tool use was rejected."
    entries = [
        _user("delete the old fixtures", 0, entrypoint="sdk-ts"),
        _user([tool_result(refusal, is_error=True)], 20, entrypoint="sdk-ts"),
        _user("keep the csv ones", 30, entrypoint="sdk-ts"),
    ]
    r = _read(tmp_path, entries)
    assert r.stats.machine_generated is None and _texts(r) == ["delete the old fixtures", "keep the csv ones"]


def test_queued_peer_message_is_not_typing_and_not_a_person(tmp_path: Path) -> None:
    peer = '<channel source="hub" sender="planner">\nrebase onto main before the review\n</channel>'
    entries = [
        _user("summarise the open PRs", 0, entrypoint="sdk-ts"),
        _queue("enqueue", 10, peer),
        _queued_attachment(peer, 11),
        _queue("enqueue", 12, "and list the stale branches"),
    ]
    r = _read(tmp_path, entries)
    # a queue alone shows no person: an SDK session stays machine-generated
    assert r.stats.machine_generated == "entrypoint:sdk-ts" and r.stats.skips["queued_wrapper"] == 1
