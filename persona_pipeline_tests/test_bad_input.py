"""Bad input costs a line or a file, with a recorded reason — never the run."""

from __future__ import annotations

import json
from pathlib import Path

from persona_pipeline.core.models import ReadStats
from persona_pipeline.core.sources.claude_code import read_claude
from persona_pipeline.core.sources.codex import read_codex
from persona_pipeline.core.sources.jsonl_stream import iter_jsonl
from persona_pipeline_tests.builders import claude_user


def test_bad_lines_are_skipped_with_reasons(tmp_path: Path) -> None:
    good = json.dumps(claude_user("use polars")).encode()
    deep = b"[" * 100_000 + b"]" * 100_000
    path = tmp_path / "s.jsonl"
    path.write_bytes(
        b"\n".join(
            [
                b"this is not json",
                good,
                b'{"type": "user", "text": "\xff\xfe bad utf8"}',
                deep,
                b"[1, 2]",
                b"",
                json.dumps(claude_user("type hints everywhere")).encode(),
                b'{"type": "user", "messa',
            ]
        )
    )
    result = read_claude(path)
    assert [t.text for t in result.turns] == ["use polars", "type hints everywhere"]
    skips = result.stats.skips
    assert skips["invalid_json"] == 1
    assert skips["invalid_utf8"] == 1
    assert skips["nested_too_deep"] == 1
    assert skips["not_an_object"] == 1
    assert skips["truncated_last_line"] == 1
    assert result.stats.lines_bad == 5


def test_empty_and_binary_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    r = read_claude(empty)
    assert r.turns == [] and r.file_error is None and r.stats.lines_total == 0
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 10)
    assert read_claude(binary).file_error == "binary"
    assert read_codex(binary).file_error == "binary"


def test_unreadable_file_is_a_recorded_skip(tmp_path: Path) -> None:
    missing = tmp_path / "gone.jsonl"
    assert read_claude(missing).file_error == "unreadable:FileNotFoundError"


def test_multi_megabyte_line_is_read_and_oversize_line_skipped(tmp_path: Path) -> None:
    img = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "Q" * 6_000_000}}
    big = claude_user([img, {"type": "text", "text": "the chart is wrong"}])
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps(big) + "\n" + json.dumps(claude_user("after")) + "\n")
    r = read_claude(path)
    assert [t.text for t in r.turns] == ["the chart is wrong", "after"]
    assert r.stats.kept_bytes < 100 and r.stats.raw_bytes > 6_000_000
    stats = ReadStats()
    lines = list(iter_jsonl(path, stats, max_line_bytes=3_000_000))
    assert len(lines) == 1 and stats.skips["line_too_long"] == 1
    assert lines[0].line_no == 2 and lines[0].offset == len(json.dumps(big)) + 1


def test_crlf_line_endings(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_bytes((json.dumps(claude_user("one")) + "\r\n" + json.dumps(claude_user("two")) + "\r\n").encode())
    assert [t.text for t in read_claude(path).turns] == ["one", "two"]
