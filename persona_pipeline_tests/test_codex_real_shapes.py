"""Codex shapes seen in real histories (issue 16): the plan-accept client message, pasted material,
a correction that is only an image placeholder."""

from __future__ import annotations

from pathlib import Path

from persona_pipeline.core.models import TurnKind
from persona_pipeline.core.sources.codex import read_codex
from persona_pipeline_tests.builders import (
    codex_assistant,
    codex_event_user,
    codex_line,
    codex_meta,
    codex_user,
    write_jsonl,
)


def _prompts(path: Path) -> tuple[list[str], dict[str, int]]:
    r = read_codex(path)
    assert r.file_error is None and r.stats.machine_generated is None
    return [t.text for t in r.turns if t.kind in (TurnKind.PROMPT, TurnKind.CORRECTION)], r.stats.skips


def _typed(t: str, ts: str) -> list[dict]:
    """A typed prompt as Codex writes it: the response_item and its event_msg twin."""
    return [{**codex_user(t), "timestamp": ts}, {**codex_event_user(t), "timestamp": ts}]


_PLAN = "\n".join(
    ["PLEASE IMPLEMENT THIS PLAN:", "# Cache the price lookups", "", "## Steps"]
    + [f"{i}. Wrap lookup_{i} in the shared LRU and invalidate it on price events." for i in range(1, 9)]
)


def test_plan_accept_message_is_not_the_persons_words(tmp_path: Path) -> None:
    entries = [
        codex_meta(),
        *_typed("plan a cache for the price lookups", "2026-10-03T09:00:00.000Z"),
        codex_assistant("Here is the plan …"),
        *_typed(_PLAN, "2026-10-03T09:05:00.000Z"),
        codex_assistant("Implementing."),
        *_typed("keep the TTL configurable", "2026-10-03T09:20:00.000Z"),
    ]
    prompts, skips = _prompts(write_jsonl(tmp_path / "rollout-a.jsonl", entries))
    assert prompts == ["plan a cache for the price lookups", "keep the TTL configurable"]
    assert skips["pasted:plan_accept"] == 1 and skips["duplicate_user_message"] == 3


def test_relay_from_another_agent_keeps_the_instruction_after_it(tmp_path: Path) -> None:
    relay = "Claude said:\nThe migration is not idempotent; guard it with IF NOT EXISTS.\n\nfix that then"
    entries = [codex_meta(), *_typed(relay, "2026-10-03T09:00:00.000Z")]
    prompts, skips = _prompts(write_jsonl(tmp_path / "rollout-b.jsonl", entries))
    assert prompts == ["fix that then"] and skips["pasted_span:relay"] == 1


def test_correction_that_is_only_an_image_placeholder_is_dropped(tmp_path: Path) -> None:
    entries = [
        codex_meta(),
        *_typed("center the login form", "2026-10-03T09:00:00.000Z"),
        codex_line("event_msg", {"type": "turn_aborted", "reason": "interrupted"}),
        *_typed('<image name="[Image #1]">\n</image>', "2026-10-03T09:02:00.000Z"),
        *_typed("[Image #1]", "2026-10-03T09:02:30.000Z"),
        *_typed("<image name=[Image #2]></image> it is still off to the left", "2026-10-03T09:03:00.000Z"),
    ]
    r = read_codex(write_jsonl(tmp_path / "rollout-c.jsonl", entries))
    prompts = [t.text for t in r.turns]
    assert prompts[0] == "center the login form" and len(prompts) == 2
    assert prompts[1] == "it is still off to the left" and r.turns[1].correction_signal == "turn_aborted"
    assert r.stats.skips["image_only"] == 2
