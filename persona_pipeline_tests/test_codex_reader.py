"""What the Codex rollout reader keeps and drops."""

from __future__ import annotations

import json
from pathlib import Path

from persona_pipeline.core.models import ACTIVITY_KINDS, Tier, TurnKind
from persona_pipeline.core.sources.codex import read_codex
from persona_pipeline_tests.builders import (
    codex_assistant,
    codex_event_user,
    codex_line,
    codex_meta,
    codex_user,
    write_jsonl,
)


def test_prompts_deduped_scaffolding_dropped(tmp_path: Path) -> None:
    entries = [
        codex_meta(),
        codex_line(
            "response_item",
            {
                "type": "message",
                "role": "developer",
                "content": [{"type": "input_text", "text": "You are Codex. prefer tabs"}],
            },
        ),
        codex_user("<user_instructions>\n# AGENTS.md\n- use uv\n</user_instructions>"),
        codex_user("# AGENTS.md instructions for /home/alice/code/widget\n\n<INSTRUCTIONS>use uv</INSTRUCTIONS>"),
        codex_user("<environment_context>\n  <cwd>/home/alice/code/widget</cwd>\n</environment_context>"),
        codex_line("turn_context", {"cwd": "/home/alice/code/widget", "model": "gpt-5-codex"}),
        codex_user("stick with polars"),
        codex_event_user("stick with polars"),
        codex_line("response_item", {"type": "reasoning", "summary": [{"type": "summary_text", "text": "pandas?"}]}),
        codex_line(
            "response_item",
            {
                "type": "function_call",
                "name": "shell",
                "arguments": json.dumps({"command": ["pytest"]}),
                "call_id": "c1",
            },
        ),
        codex_line(
            "response_item",
            {
                "type": "function_call_output",
                "call_id": "c1",
                "output": json.dumps({"output": "1 failed", "metadata": {"exit_code": 1}}),
            },
        ),
        codex_assistant("Done."),
        codex_line("compacted", {"message": "user likes pandas"}),
        codex_line("future_kind", {"x": 1}),
        codex_event_user(
            "# Context from my IDE setup:\n\n## Active file: src/app.py\n\n"
            "## My request for Codex:\nmake the error messages shorter"
        ),
    ]
    result = read_codex(write_jsonl(tmp_path / "rollout-x.jsonl", entries))
    said = [t.text for t in result.turns if t.kind not in ACTIVITY_KINDS]
    assert said == ["stick with polars", "make the error messages shorter"]
    # the failed call is activity (T3, never persona evidence), not something the person said
    assert [(t.kind, t.text) for t in result.turns if t.kind in ACTIVITY_KINDS] == [
        (TurnKind.TOOL_ERROR, "shell: pytest")
    ]
    s = result.stats.skips
    for reason in (
        "developer",
        "user_instructions",
        "environment_context",
        "duplicate_user_message",
        "reasoning",
        "function_call",
        "function_call_output",
        "compacted",
        "unknown_type",
    ):
        assert s.get(reason, 0) >= 1, reason
    assert result.stats.session_id == "rollout-sess"
    assert result.turns[0].cwd == "/home/alice/code/widget"


def test_turn_aborted_marks_next_prompt_as_correction_with_context(tmp_path: Path) -> None:
    entries = [
        codex_meta(),
        codex_user("run the tests"),
        codex_event_user("run the tests"),
        codex_assistant("Activating the venv with source .venv/bin/activate"),
        codex_line("event_msg", {"type": "turn_aborted", "reason": "interrupted"}),
        codex_event_user("use `uv run pytest`, not a manually activated venv"),
        codex_user("use `uv run pytest`, not a manually activated venv"),
    ]
    turns = read_codex(write_jsonl(tmp_path / "rollout-x.jsonl", entries)).turns
    assert len(turns) == 2
    assert turns[1].tier is Tier.T1 and turns[1].correction_signal == "turn_aborted"
    assert "Activating the venv" in turns[1].context


def test_same_prompt_typed_again_later_is_kept(tmp_path: Path) -> None:
    entries = [codex_meta(), codex_event_user("continue"), codex_assistant("ok"), codex_event_user("continue")]
    assert len(read_codex(write_jsonl(tmp_path / "rollout-x.jsonl", entries)).turns) == 2


def test_exec_and_subagent_rollouts_are_machine_generated(tmp_path: Path) -> None:
    for i, meta in enumerate(
        (
            codex_meta(source="exec"),
            codex_meta(source={"subagent": {"parent": "x"}}),
            codex_meta(originator="codex_exec"),
        )
    ):
        r = read_codex(write_jsonl(tmp_path / f"rollout-{i}.jsonl", [meta, codex_event_user("do it")]))
        assert r.turns == [] and r.stats.machine_generated


def test_envelope_less_jsonl_and_legacy_json_are_read(tmp_path: Path) -> None:
    bare = [
        {"id": "old-sess", "timestamp": "2025-04-01", "instructions": None},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "prefer small diffs"}]},
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "ok"}]},
    ]
    r = read_codex(write_jsonl(tmp_path / "rollout-old.jsonl", bare))
    assert [t.text for t in r.turns] == ["prefer small diffs"] and r.stats.session_id == "old-sess"
    legacy = tmp_path / "rollout-legacy.json"
    legacy.write_text(json.dumps({"session": {"id": "legacy"}, "items": bare[1:]}, indent=2))
    r = read_codex(legacy)
    assert [t.text for t in r.turns] == ["prefer small diffs"] and r.stats.session_id == "legacy"
    broken = tmp_path / "rollout-broken.json"
    broken.write_text("{not json")
    assert read_codex(broken).file_error == "legacy_json_invalid"


def test_a_skill_mention_keeps_the_name_not_the_clients_link(tmp_path: Path) -> None:
    linked = "draft the release notes with [$notes-writer](/home/rae/.agents/skills/notes-writer/SKILL.md) please"
    entries = [codex_meta(), codex_user(linked), codex_event_user(linked)]
    turns = read_codex(write_jsonl(tmp_path / "rollout-x.jsonl", entries)).turns
    assert [t.text for t in turns] == ["draft the release notes with $notes-writer please"]


def test_a_typed_codex_exec_line_keeps_its_quoted_prompt(tmp_path: Path) -> None:
    entries = [codex_meta(), codex_user('codex exec "bump the lockfile, nothing else"')]
    turns = read_codex(write_jsonl(tmp_path / "rollout-x.jsonl", entries)).turns
    assert [t.text for t in turns] == ["bump the lockfile, nothing else"]
