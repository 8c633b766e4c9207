"""Hostile inputs, generated per test: each bad line or file costs that line or file, with a
recorded reason; the run completes; rows stored before stay intact; memory stays bounded.

Cases: truncated lines, invalid UTF-8, binary and empty files, deeply nested JSON, a 50 MB single
line, a 1 GB sparse file, symlink loops in the roots, unreadable files (as root too), files that
change or vanish while being read, non-UTF-8 paths, entry types and field shapes from future
format versions, tag soup that used to take quadratic time, and property tests over arbitrary
bytes and arbitrary format-shaped JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from persona_pipeline.core.config import Settings
from persona_pipeline.core.ingest import ingest_units, make_redactor, process_unit
from persona_pipeline.core.models import ReadStats, SourceKind
from persona_pipeline.core.sources import user_text
from persona_pipeline.core.sources.catalog import Sources
from persona_pipeline.core.sources.claude_code import read_claude
from persona_pipeline.core.sources.codex import read_codex
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.core.sources.instructions import read_instructions
from persona_pipeline.core.sources.jsonl_stream import iter_jsonl
from persona_pipeline.core.warehouse import store
from persona_pipeline_tests.builders import (
    Builder,
    claude_assistant,
    claude_user,
    codex_event_user,
    codex_meta,
    codex_user,
    text,
    write_jsonl,
)
from persona_pipeline_tests.conftest import REPO, cli
from persona_pipeline_tests.timing import assert_linear

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
GOOD_A, GOOD_B = "always use polars, not pandas", "prefer pathlib over os.path"


def _line(entry: dict) -> bytes:
    return json.dumps(entry).encode() + b"\n"


def _texts(result) -> list[str]:
    return [t.text for t in result.turns]


# --- bad lines --------------------------------------------------------------------------------
BAD_LINES = {
    "truncated_mid_file": (b'{"type": "user", "message": {"content": "use pol', "invalid_json"),
    "invalid_utf8_in_string": (b'{"type": "user", "message": {"content": "caf\xe9 \xff\xfe"}}', "invalid_utf8"),
    "lone_surrogate_escape": (b'{"type": "user", "message": {"content": "\\ud800 x"}}', "invalid_json"),
    "nested_object_100k": (b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "nested_too_deep"),
    "nested_array_100k": (b"[" * 100_000 + b"]" * 100_000, "nested_too_deep"),
    "array_line": (b"[1, 2, 3]", "not_an_object"),
    "string_line": (b'"just a string"', "not_an_object"),
    "nul_mid_file": (b'{"type": "user"\x00\x00}', "invalid_json"),
    "control_chars": (b'{"type": "user", "message": {"content": "a\x01b"}}', "invalid_json"),
    "cr_only_garbage": (b"\r\r\r", "blank_line"),
}


@pytest.mark.parametrize("case", sorted(BAD_LINES))
@pytest.mark.parametrize("reader", ["claude", "codex"])
def test_each_bad_line_costs_only_itself(tmp_path: Path, case: str, reader: str) -> None:
    bad, reason = BAD_LINES[case]
    if reader == "claude":
        good = [_line(claude_user(GOOD_A)), _line(claude_user(GOOD_B))]
        path, read = tmp_path / "s.jsonl", read_claude
    else:
        good = [_line(codex_user(GOOD_A)), _line(codex_user(GOOD_B))]
        path, read = tmp_path / "rollout-x.jsonl", read_codex
    # (a NUL inside the first 8 KB marks the whole file binary: padding keeps the bad line past it)
    pad = b" " * 9000 + b"\n" if b"\x00" in bad else b""
    path.write_bytes(good[0] + pad + bad + b"\n" + good[1])
    r = read(path)
    assert r.file_error is None
    assert _texts(r) == [GOOD_A, GOOD_B]
    assert r.stats.skips.get(reason, 0) >= 1, r.stats.skips


def test_truncated_last_line_and_missing_final_newline(tmp_path: Path) -> None:
    p = tmp_path / "s.jsonl"
    p.write_bytes(_line(claude_user(GOOD_A)) + _line(claude_user(GOOD_B))[:-1])  # valid, no newline
    assert _texts(read_claude(p)) == [GOOD_A, GOOD_B]
    p.write_bytes(_line(claude_user(GOOD_A)) + _line(claude_user(GOOD_B))[:40])  # cut mid-line
    r = read_claude(p)
    assert _texts(r) == [GOOD_A] and r.stats.skips == {"truncated_last_line": 1} and r.stats.lines_bad == 1


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\n\n\n",
        b"   \t  ",
        b"\xef\xbb\xbf",  # a lone BOM
        b"\xff\xfe{\x00\x22\x00",  # UTF-16 text
        b"\x1f\x8b\x08\x00" + os.urandom(4000),  # a gzip stream (no NUL guaranteed, random bytes)
        b"PK\x03\x04" + b"\x00" * 100,  # a zip archive
        os.urandom(20_000),
    ],
    ids=["empty", "newlines", "whitespace", "bom", "utf16", "gzip", "zip", "random"],
)
def test_empty_and_binary_files_are_file_or_line_skips(tmp_path: Path, content: bytes) -> None:
    for name, read in (("s.jsonl", read_claude), ("rollout-x.jsonl", read_codex)):
        p = tmp_path / name
        p.write_bytes(content)
        r = read(p)
        assert r.turns == []
        assert r.file_error in (None, "binary")
        if b"\x00" in content[:8192]:
            assert r.file_error == "binary"
    legacy = tmp_path / "rollout-x.json"
    legacy.write_bytes(content)
    assert read_codex(legacy).file_error in ("legacy_json_invalid", "legacy_json_unrecognised")


def test_deep_but_legal_nesting_inside_a_prompt_is_harmless(tmp_path: Path) -> None:
    deep: object = "leaf"
    for _ in range(900):  # under orjson's 1024 limit: parses, and every walker must cope
        deep = [deep]
    p = write_jsonl(
        tmp_path / "s.jsonl",
        [
            claude_user([{"type": "tool_result", "content": deep}, text(GOOD_A)]),
            claude_user(GOOD_B, message={"role": "user", "content": GOOD_B, "extra": deep}),
        ],
    )
    assert _texts(read_claude(p)) == [GOOD_A, GOOD_B]


# --- big files: bounded memory ------------------------------------------------------------------
def _peak_rss_delta_mb(code: str, timeout: float = 120) -> dict:
    """Run `code` (which sets `out`) in a fresh interpreter; the peak RSS it added, in MB."""
    script = (
        "import json, resource, sys\n"
        "from pathlib import Path\n"
        "from persona_pipeline.core.sources.claude_code import read_claude\n"
        "from persona_pipeline.core.sources.codex import read_codex\n"
        "base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        f"{code}\n"
        "out['rss_delta_mb'] = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024\n"
        "print(json.dumps(out))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_50mb_single_line_is_skipped_in_bounded_memory(tmp_path: Path) -> None:
    p = tmp_path / "s.jsonl"
    huge = claude_user("x" * (50 * 1024 * 1024))
    with open(p, "wb") as f:
        f.write(_line(claude_user(GOOD_A)))
        f.write(_line(huge))
        f.write(_line(claude_user(GOOD_B)))
    del huge
    out = _peak_rss_delta_mb(
        f"r = read_claude(Path({str(p)!r}))\n"
        "out = {'texts': [t.text for t in r.turns], 'skips': r.stats.skips, 'raw': r.stats.raw_bytes}"
    )
    assert out["texts"] == [GOOD_A, GOOD_B] and out["skips"] == {"line_too_long": 1}
    assert out["raw"] == p.stat().st_size
    # the line is read past in 1 MB pieces; at most MAX_LINE_BYTES (32 MB) is ever buffered
    assert out["rss_delta_mb"] < 45, out


def test_20mb_line_under_the_limit_is_read_and_capped(tmp_path: Path) -> None:
    p = write_jsonl(tmp_path / "s.jsonl", [claude_user("use uv " + "y" * (20 * 1024 * 1024)), claude_user(GOOD_B)])
    r = read_claude(p)
    assert len(r.turns) == 2 and r.turns[0].truncated and len(r.turns[0].text) <= user_text.MAX_TURN_CHARS
    assert r.stats.skips.get("turn_truncated") == 1


def test_1gb_sparse_file(tmp_path: Path) -> None:
    gib = 1 << 30

    # a hole at the start reads as NULs: a binary file, decided from the first 8 KB
    def hole_first(size: int) -> Path:
        path = tmp_path / f"a{size}.jsonl"
        with open(path, "wb") as f:
            f.truncate(size)
        return path

    def binary(path: Path) -> None:
        assert read_claude(path).file_error == "binary" and read_codex(path).file_error == "binary"

    # (1024x the file within 8x the time: reading past the first KBs would cost ~1024x)
    assert_linear(binary, hole_first, gib, factor=1024)
    # good lines, then a 1 GB hole, then a last line: the hole is one over-long line, streamed past
    hole_mid = tmp_path / "b.jsonl"
    with open(hole_mid, "wb") as f:
        f.write(_line(claude_user(GOOD_A)) + b" " * 9000 + b"\n")
        f.truncate(gib)
        f.seek(gib - 1)
        f.write(b"\n")
        f.write(_line(claude_user(GOOD_B)))
    assert hole_mid.stat().st_blocks * 512 < 10 * 1024 * 1024  # sparse: costs no disk
    out = _peak_rss_delta_mb(
        f"r = read_claude(Path({str(hole_mid)!r}))\n"
        "out = {'texts': [t.text for t in r.turns], 'skips': r.stats.skips, 'error': r.file_error}"
    )
    assert out["error"] is None and out["texts"] == [GOOD_A, GOOD_B], out
    assert out["skips"]["line_too_long"] == 1
    assert out["rss_delta_mb"] < 45, out


# --- the file system ----------------------------------------------------------------------------
def _sources(claude: Path, codex: Path, extra: Path | None = None) -> Sources:
    return Sources(
        claude_dirs=[claude],
        codex_dirs=[codex],
        instruction_roots=[extra] if extra else [],
        git_roots=[extra] if extra else [],
        author_emails=["pat@example.com"],
    )


def test_symlink_loops_in_the_roots_terminate_and_are_counted(tmp_path: Path) -> None:
    claude, codex, code = tmp_path / "claude", tmp_path / "codex", tmp_path / "code"
    proj = claude / "proj"
    write_jsonl(proj / "good.jsonl", [claude_user(GOOD_A)])
    (proj / "up").symlink_to("..")  # a directory loop
    (proj / "self.jsonl").symlink_to("self.jsonl")  # a file that points at itself
    (proj / "a.jsonl").symlink_to("b.jsonl")
    (proj / "b.jsonl").symlink_to("a.jsonl")  # a two-step loop
    (proj / "dangling.jsonl").symlink_to(tmp_path / "nowhere.jsonl")
    day = codex / "2026" / "10" / "03"
    write_jsonl(day / "rollout-1.jsonl", [codex_meta(), codex_user(GOOD_B)])
    (day / "loop").symlink_to(codex)
    (day / "rollout-loop.jsonl").symlink_to("rollout-loop.jsonl")
    code.mkdir()
    (code / "CLAUDE.md").symlink_to("CLAUDE.md")
    (code / "again").symlink_to(code)
    (code / "repo").mkdir()
    (code / "repo" / ".git").symlink_to(".git")  # a .git that loops
    found = _sources(claude, codex, code).discover()
    assert sorted(u.key for u in found.units) == ["claude/proj/good.jsonl", "codex/2026/10/03/rollout-1.jsonl"]
    assert found.ignored.get("unreadable_entry", 0) >= 4, found.ignored

    # 4x the looping projects, about 4x the time: a walk that followed `up` or a loop would read
    # every project again from each one
    def tangle(n: int) -> Path:
        root = tmp_path / f"tangle{n}"
        for i in range(n):
            p = root / f"p{i}"
            write_jsonl(p / "good.jsonl", [claude_user(GOOD_A)])
            (p / "up").symlink_to("..")
            (p / "self.jsonl").symlink_to("self.jsonl")
            (p / "a.jsonl").symlink_to("b.jsonl")
            (p / "b.jsonl").symlink_to("a.jsonl")
        return root

    def discover(root: Path) -> None:
        assert len(_sources(root, codex).discover().units) == 1 + len(list(root.iterdir()))

    assert_linear(discover, tangle, 200)
    # a configured root that is itself a loop is a clear configuration error, not a hang
    (tmp_path / "r1").symlink_to("r2")
    (tmp_path / "r2").symlink_to("r1")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    env.update(PERSONA_DATA_DIR=str(tmp_path / "data"), PERSONA_CLAUDE_DIRS=str(tmp_path / "r1"))
    env["PERSONA_CODEX_DIRS"] = str(codex)
    proc = cli(env, "run", "--json", timeout=60)
    assert proc.returncode == 2 and "does not exist" in proc.stderr, proc.stderr[-1000:]


def test_unreadable_files_are_recorded_file_skips(tmp_path: Path) -> None:
    # /proc/self/mem is a regular file whose every read at offset 0 fails with EIO, even for root
    eio = tmp_path / "eio.jsonl"
    eio.symlink_to("/proc/self/mem")
    assert read_claude(eio).file_error == "unreadable:OSError"
    assert read_codex(eio).file_error == "unreadable:OSError"
    locked = write_jsonl(tmp_path / "locked.jsonl", [claude_user(GOOD_A)])
    locked.chmod(0)
    try:
        r = read_claude(locked)
        if IS_ROOT:  # root reads chmod-000 files: documented behaviour, the file is simply read
            assert _texts(r) == [GOOD_A]
        else:
            assert r.file_error == "unreadable:PermissionError"
    finally:
        locked.chmod(0o600)
    fifo = tmp_path / "CLAUDE.md"
    os.mkfifo(fifo)  # an instruction "file" that would block a naive open(): never blocks
    # (read in a thread: a blocking open() never returns, as no writer comes; the join bounds a
    # hang, it does not time the read)
    got: list[str | None] = []
    unit = SourceUnit("instructions/x/CLAUDE.md", SourceKind.INSTRUCTIONS, fifo, 0, 0)
    reader = threading.Thread(target=lambda: got.append(read_instructions(unit).file_error), daemon=True)
    reader.start()
    reader.join(timeout=60)
    assert got == ["unreadable"], "the read blocked on a FIFO"


def test_read_error_mid_file_skips_the_file_not_silently_part_of_it(tmp_path: Path, monkeypatch) -> None:
    from persona_pipeline.core.sources import jsonl_stream

    p = write_jsonl(tmp_path / "s.jsonl", [claude_user(GOOD_A), claude_user(GOOD_B)])

    class Flaky:
        """The file as opened, failing on its second line read (the disk gone mid-file)."""

        def __init__(self, f) -> None:
            self.f, self.n = f, 0

        def readline(self, size: int = -1) -> bytes:
            self.n += 1
            if self.n == 2:
                raise OSError(5, "Input/output error")
            return self.f.readline(size)

        def __getattr__(self, name: str):
            return getattr(self.f, name)

    opened = lambda *a, **k: Flaky(open(*a, **k))  # noqa: E731, SIM115 - closed by the reader
    monkeypatch.setattr(jsonl_stream, "open", opened, raising=False)
    r = read_claude(p)
    assert r.file_error == "read_error:OSError" and r.turns == []


def test_files_that_change_or_vanish_while_being_read(tmp_path: Path) -> None:
    lines = [claude_user(f"prompt number {i}, use polars") for i in range(200)]

    def consume(mutate) -> tuple[list, ReadStats]:
        p = write_jsonl(tmp_path / "s.jsonl", lines)
        stats = ReadStats()
        got = []
        for i, line in enumerate(iter_jsonl(p, stats)):
            got.append(line)
            if i == 10:
                mutate(p)
        return got, stats

    # truncated under the reader: it stops where the file now ends
    got, _ = consume(lambda p: os.truncate(p, p.stat().st_size // 3))
    assert 11 <= len(got) < 200
    # appended to (a live session): the new lines are read too
    got, _ = consume(lambda p: p.open("ab").write(_line(claude_user("appended"))))
    assert len(got) == 201
    # unlinked: the open file is read to its end
    got, _ = consume(lambda p: p.unlink())
    assert len(got) == 200

    # replaced by rename (an editor's save): the reader keeps the old inode
    def replace(p: Path) -> None:
        tmp = p.with_suffix(".new")
        tmp.write_bytes(b"garbage\n")
        tmp.replace(p)

    got, _ = consume(replace)
    assert len(got) == 200
    # vanished between discovery and the read: a recorded file skip
    gone = tmp_path / "gone.jsonl"
    assert read_claude(gone).file_error == "unreadable:FileNotFoundError"


def test_a_change_during_the_read_is_seen_next_run(tmp_path: Path) -> None:
    """The fingerprint is taken before the read, so a file that grows while it is read is
    re-read by the next run (never stored as if its new tail had been read)."""
    claude, codex = tmp_path / "claude", tmp_path / "codex"
    path = write_jsonl(claude / "proj" / "s.jsonl", [claude_user(GOOD_A)])
    codex.mkdir()

    class Growing(Sources):
        def read(self, unit):  # type: ignore[no-untyped-def]
            with open(unit.path, "ab") as f:
                f.write(_line(claude_user(GOOD_B)))
            return super().read(unit)

    sources = Growing(claude_dirs=[claude], codex_dirs=[codex])
    settings_ = Settings(data_dir=tmp_path / "data", claude_dirs=[claude], codex_dirs=[codex])
    [unit] = sources.discover().units
    out = process_unit(unit, sources, make_redactor(settings_), b"k" * 32)
    [again] = Sources(claude_dirs=[claude], codex_dirs=[codex]).discover().units
    assert out.unit_row["fingerprint"] != Sources([claude], [codex]).fingerprint(again)
    assert path.stat().st_size > unit.size


def _mkdir_bytes(parent: Path, name: bytes) -> Path:
    p = os.path.join(os.fsencode(parent), name)
    os.makedirs(p, exist_ok=True)
    return Path(os.fsdecode(p))


def test_non_utf8_paths_ingest_with_safe_keys(tmp_path: Path, monkeypatch) -> None:
    for role in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{role}_NAME", "Pat Dev")
        monkeypatch.setenv(f"GIT_{role}_EMAIL", "pat@example.com")
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "gitconfig"))
    claude, codex, code = tmp_path / "claude", tmp_path / "codex", tmp_path / "code"
    proj = _mkdir_bytes(claude, b"-home-pat-caf\xe9-\xff")
    write_jsonl(proj / os.fsdecode(b"sess-\xfe\xff.jsonl"), [claude_user(GOOD_A, cwd="/home/pat/caf")])
    day = _mkdir_bytes(codex, b"2026/10/\xff")
    write_jsonl(day / os.fsdecode(b"rollout-\xe9.jsonl"), [codex_meta(), codex_user(GOOD_B)])
    repo_dir = _mkdir_bytes(code, b"r\xe9po-\xff")
    b = Builder(repo_dir)
    b.commit("feat: add the importer\n\nso that totals reconcile", {"CLAUDE.md": "- Use uv for every command.\n"})
    # a file name git itself cannot decode (GitPython's index refuses it: plain git does it)
    Path(os.fsdecode(os.path.join(os.fsencode(repo_dir), b"caf\xe9.txt"))).write_text("x\n")
    for args in (["add", "-A"], ["commit", "-q", "-m", "fix: round half to even"]):
        subprocess.run(["git", *args], cwd=repo_dir, check=True, capture_output=True)
    settings_ = Settings(
        data_dir=tmp_path / "data",
        claude_dirs=[claude],
        codex_dirs=[codex],
        instruction_roots=[code],
        git_roots=[code],
        author_emails=["pat@example.com"],
        instruction_files=[tmp_path / "none.md"],
    )
    found = settings_.sources().discover()
    assert len(found.units) == 4, found
    for u in found.units:
        u.key.encode("ascii")  # keys (and so partitions and rows) never carry the raw bytes
    outcomes = ingest_units(settings_, found.units)
    assert {o.status for o in outcomes} == {"processed"}, [(o.unit_key, o.unit_row["skip_reason"]) for o in outcomes]
    with duckdb.connect(str(settings_.warehouse_path), read_only=True) as con:
        excerpts = {r[0] for r in con.execute("SELECT excerpt FROM evidence").fetchall()}
        assert {GOOD_A, GOOD_B, "Use uv for every command."} <= excerpts, excerpts
        assert con.execute("SELECT count(*) FROM evidence WHERE unit_key LIKE 'git/%'").fetchone()[0] >= 1


# --- format drift and malformed fields ----------------------------------------------------------
FUTURE_CLAUDE = [
    {"type": "ai-title-v2", "title": "new bookkeeping"},
    {"type": "user", "entrypoint": ["cli", "ide"], "message": {"content": "x"}},  # list where a str was
    {"type": "user", "message": {"content": [{"type": "tool_result", "content": [{"type": "text", "text": 5}]}]}},
    {"type": "user", "message": {"content": [{"type": {"nested": "type"}}, {"type": "hologram", "data": 1}]}},
    {"type": ["user"], "message": {"content": "a list as type"}},
    {"type": 7},
    {"type": "user", "uuid": ["not", "hashable"], "message": "not a dict"},
    {"type": "user", "message": {"content": {"a": "dict content"}}},
    {"type": "user", "message": {"content": [None, 3, "bare string block", [1]]}},
    {"type": "assistant", "message": {"id": ["x"], "content": [{"type": "text", "text": None}]}},
    {"type": "user", "timestamp": 1712345678, "sessionId": {"id": 1}, "cwd": ["/"], "message": {"content": "ts"}},
    {"type": "sk-proj-x1fjORS6ilI8ihN5KXSc7TvohBKqFYYkv5ZJr3J1TWDtkT3BlbkFJwtDDbxHKas1VOq"},
]
FUTURE_CODEX = [
    {"type": "session_meta", "payload": {"source": ["exec"], "originator": {"a": 1}, "id": 5}},
    {"type": "response_item", "payload": {"type": ["message"], "role": "user"}},
    {"type": "response_item", "payload": {"type": {"k": 1}}},
    {"type": "response_item", "payload": {"type": "message", "role": ["user"], "content": "x"}},
    {"type": "response_item", "payload": {"type": "message", "role": "user", "content": [{"text": 5}, 7, None]}},
    {"type": "event_msg", "payload": {"type": "user_message", "message": ["not", "str"]}},
    {"type": "event_msg", "payload": {"type": "hyperdrive_engaged", "level": 9}},
    {"type": "event_msg", "payload": {"type": "ghp_RIBXuDL7DxtpYlSXpfKtHF4vUCsMehGAkWvj"}},
    {"type": "future_envelope", "payload": {"anything": True}},
    {"type": [], "role": None},
    {"type": {"x": 1}},
    {"timestamp": 5, "type": "turn_context", "payload": {"cwd": 3}},
]


def test_future_entry_types_and_malformed_fields_cost_a_line_not_the_file(tmp_path: Path) -> None:
    entries = [claude_user(GOOD_A), *FUTURE_CLAUDE, claude_assistant([text("ok")]), claude_user(GOOD_B)]
    r = read_claude(write_jsonl(tmp_path / "s.jsonl", entries))
    assert r.file_error is None and _texts(r)[0] == GOOD_A and _texts(r)[-1] == GOOD_B, r
    assert r.stats.skips["unknown_type"] >= 2
    stored_labels = [*r.stats.skips, *r.stats.entries_by_type]
    assert "ai-title-v2" in stored_labels  # drift stays visible by name
    assert not [s for s in stored_labels if "sk-proj" in s or "nested" in s or len(s) > 48], stored_labels

    entries = [codex_meta(), codex_user(GOOD_A), *FUTURE_CODEX, codex_event_user(GOOD_B)]
    r = read_codex(write_jsonl(tmp_path / "rollout-x.jsonl", entries))
    assert r.file_error is None and _texts(r) == [GOOD_A, GOOD_B], r
    assert r.stats.machine_generated is None
    labels = [*r.stats.skips, *r.stats.entries_by_type]
    assert "event:hyperdrive_engaged" in labels and not [s for s in labels if "ghp_" in s], labels
    legacy = tmp_path / "rollout-old.json"
    legacy.write_text(json.dumps({"session": {"id": "s"}, "items": [p.get("payload", p) for p in FUTURE_CODEX]}))
    assert read_codex(legacy).file_error is None


def test_tag_soup_is_stripped_in_linear_time() -> None:
    # Each of these took minutes or more before: a regex with `.*?</\1>` rescans to the end
    # from every unclosed opener.
    def strip(soup: str) -> None:
        user_text.strip_injected(soup)
        user_text.slash_command(soup)

    for build in (
        lambda n: "<system-reminder>" * n,
        lambda n: "<ide_selection x" * n + ">",
        lambda n: "<command-name>/review</command-name>" + "<command-args>" * n,
    ):
        assert_linear(strip, build, 200_000)
    assert user_text.strip_injected("a <system-reminder>x</system-reminder> b <system-reminder> c") == (
        "a  b <system-reminder> c"
    )
    p = "<command-name>/r</command-name><command-args> focus on errors </command-args>"
    assert user_text.slash_command(p) == ("r", "focus on errors")


# --- ingest: the run completes and stored rows stay intact --------------------------------------
def _rows(path: Path, keys: list[str]) -> dict[str, list[tuple]]:
    with duckdb.connect(str(path), read_only=True) as con:
        return {
            t: sorted(
                con.execute(
                    f"SELECT * EXCLUDE (processed_at) FROM {t} WHERE unit_key IN (SELECT unnest(?))", [keys]
                ).fetchall()
            )
            if t == "units"
            else sorted(con.execute(f"SELECT * FROM {t} WHERE unit_key IN (SELECT unnest(?))", [keys]).fetchall())
            for t in ("units", "turns", "evidence", "skips", "entry_types", "redactions")
        }


def test_hostile_corpus_ingests_and_keeps_what_was_stored(tmp_path: Path) -> None:
    claude, codex = tmp_path / "claude", tmp_path / "codex"
    codex.mkdir()
    proj = claude / "proj"
    write_jsonl(proj / "keep.jsonl", [claude_user(GOOD_A), claude_user(GOOD_B)])
    write_jsonl(proj / "flaky.jsonl", [claude_user("use ruff for linting, not flake8")])
    write_jsonl(proj / "soon-binary.jsonl", [claude_user("never commit to main directly")])
    s = Settings(data_dir=tmp_path / "data", claude_dirs=[claude], codex_dirs=[codex])
    first = ingest_units(s, s.sources().discover().units)
    assert {o.status for o in first} == {"processed"}
    keep_rows = _rows(s.warehouse_path, ["claude/proj/keep.jsonl"])
    flaky_rows = _rows(s.warehouse_path, ["claude/proj/flaky.jsonl"])
    assert keep_rows["evidence"] and flaky_rows["evidence"]

    # now the corpus turns hostile: new bad files appear, one stored file becomes unreadable
    # (an I/O error), another is overwritten with binary junk
    (proj / "binary.jsonl").write_bytes(b"\x00\x01" * 5000)
    (proj / "empty.jsonl").write_bytes(b"")
    (proj / "garbage.jsonl").write_bytes(os.urandom(5000).replace(b"\x00", b"\x01"))
    write_jsonl(proj / "drift.jsonl", [*FUTURE_CLAUDE, claude_user("keep commits small")])
    (proj / "soup.jsonl").write_text(json.dumps(claude_user("<system-reminder>" * 50_000 + "prefer tabs")) + "\n")
    flaky = proj / "flaky.jsonl"
    flaky.unlink()
    flaky.symlink_to("/proc/self/mem")  # EIO on read
    (proj / "soon-binary.jsonl").write_bytes(b"\x00" * 100)
    units = s.sources().discover().units
    t0 = time.monotonic()
    second = {o.unit_key: o for o in ingest_units(s, [u for u in units if u.key != "claude/proj/keep.jsonl"])}
    assert time.monotonic() - t0 < 30
    assert second["claude/proj/binary.jsonl"].unit_row["skip_reason"] == "binary"
    assert second["claude/proj/soon-binary.jsonl"].status == "skipped_bad"
    assert second["claude/proj/empty.jsonl"].status == "processed"
    assert second["claude/proj/drift.jsonl"].status == "processed"
    assert second["claude/proj/soup.jsonl"].status == "processed"
    assert second["claude/proj/flaky.jsonl"].status == "read_failed"
    # rows stored before are intact: the untouched unit, and the unit that could not be read
    assert _rows(s.warehouse_path, ["claude/proj/keep.jsonl"]) == keep_rows
    assert _rows(s.warehouse_path, ["claude/proj/flaky.jsonl"]) == flaky_rows
    with store.connect(s.warehouse_path, read_only=True) as con:
        status = dict(con.execute("SELECT unit_key, status FROM units").fetchall())
        assert status["claude/proj/soon-binary.jsonl"] == "skipped_bad"  # its content changed: replaced
        assert con.execute(
            "SELECT count(*) FROM evidence WHERE unit_key = 'claude/proj/soon-binary.jsonl'"
        ).fetchone() == (0,)
        reasons = dict(con.execute("SELECT unit_key, skip_reason FROM units WHERE skip_reason IS NOT NULL").fetchall())
        assert reasons == {"claude/proj/binary.jsonl": "binary", "claude/proj/soon-binary.jsonl": "binary"}
        dump = str(con.execute("SELECT * FROM entry_types").fetchall()) + str(
            con.execute("SELECT * FROM skips").fetchall()
        )
        assert "sk-proj" not in dump
    # the unreadable unit keeps its old fingerprint, so the next pass retries it
    flaky.unlink()
    write_jsonl(flaky, [claude_user("use ruff for linting, not flake8"), claude_user("and mypy --strict")])
    [retry] = ingest_units(s, [u for u in s.sources().discover().units if u.key == "claude/proj/flaky.jsonl"])
    assert retry.status == "processed" and len(retry.evidence) == 2


def test_hostile_corpus_through_persona_run(tmp_path: Path) -> None:
    """The whole command on a corpus of hostile files next to good ones: exit 0, skips counted,
    a pack built from the good ones."""
    claude, codex = tmp_path / "claude", tmp_path / "codex"
    proj = claude / "-home-pat-code-api"
    write_jsonl(proj / "good.jsonl", [claude_user(GOOD_A), claude_user("use polars, not pandas, always")])
    write_jsonl(proj / "good2.jsonl", [claude_user("always use polars, not pandas"), claude_user(GOOD_B)])
    (proj / "binary.jsonl").write_bytes(b"\x00" * 64)
    (proj / "empty.jsonl").write_bytes(b"")
    (proj / "mem.jsonl").symlink_to("/proc/self/mem")
    (proj / "loop").symlink_to("..")
    write_jsonl(proj / "drift.jsonl", [*FUTURE_CLAUDE, claude_user(GOOD_B)])
    day = codex / "2026" / "10" / "03"
    write_jsonl(day / "rollout-1.jsonl", [codex_meta(), *FUTURE_CODEX, codex_user(GOOD_A)])
    (day / "rollout-2.jsonl").write_bytes(b'{"type": "session_meta", "payload": {"id": "x"')
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    env.update(
        PERSONA_DATA_DIR=str(tmp_path / "data"),
        PERSONA_CLAUDE_DIRS=str(claude),
        PERSONA_CODEX_DIRS=str(codex),
        PERSONA_INSTRUCTION_FILES="",
    )
    proc = cli(env, "run", "--json")
    assert proc.returncode == 0, proc.stderr[-3000:]
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert summary["units_seen"] == 8 and summary["units_failed"] == 0
    assert summary["units_skipped_bad"] == 2  # binary + /proc/self/mem (never stored before)
    assert summary["evidence_rows"] >= 5 and summary["pack_tokens"] > 0
    assert "Traceback" not in proc.stderr


# --- property tests -----------------------------------------------------------------------------
_KEYS = [
    "type", "uuid", "sessionId", "cwd", "entrypoint", "isSidechain", "isMeta", "userType", "message",
    "content", "role", "text", "id", "payload", "timestamp", "source", "originator", "meta", "items",
    "session", "tool_use_id", "instructions",
]  # fmt: skip
_VALUES = [
    "user", "assistant", "text", "tool_result", "message", "response_item", "event_msg", "session_meta",
    "turn_context", "user_message", "agent_message", "turn_aborted", "function_call", "exec", "input_text",
    "developer", "external", "sdk-py", user_text.INTERRUPT_MARKER + "]", user_text.REJECTED_TOOL_USE,
    "<system-reminder>", "<command-name>/x</command-name>", "no, use polars",
]  # fmt: skip
_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(_VALUES),
    st.text(max_size=20),
)
_json = st.recursive(
    _scalar,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(_KEYS), inner, max_size=6)),
    max_leaves=25,
)
_entry = st.dictionaries(st.sampled_from(_KEYS), _json, max_size=8)
_PROPS = settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))


@_PROPS
@given(st.lists(st.one_of(_entry, _entry.map(lambda e: {"type": "user", **e})), max_size=6))
def test_property_readers_never_raise_on_format_shaped_json(tmp_path_factory, entries) -> None:
    d = tmp_path_factory.mktemp("p")
    p = write_jsonl(d / "rollout-p.jsonl", entries)
    for read in (read_claude, read_codex):
        r = read(p)
        assert r.file_error is None
        for label in [*r.stats.skips, *r.stats.entries_by_type]:
            assert len(label) <= 48
    legacy = d / "rollout-p.json"
    legacy.write_text(json.dumps({"session": {"id": "s"}, "items": entries}))
    assert read_codex(legacy).file_error is None


@_PROPS
@given(st.binary(max_size=3000), st.lists(st.sampled_from([b"\n", b"{", b"}", b'"', b"\xff", b"\x00", b"["])))
def test_property_readers_never_raise_on_arbitrary_bytes(tmp_path_factory, blob, extra) -> None:
    d = tmp_path_factory.mktemp("b")
    data = blob + b"".join(extra)
    for name, read in (("s.jsonl", read_claude), ("rollout-b.jsonl", read_codex), ("rollout-b.json", read_codex)):
        (d / name).write_bytes(data)
        r = read(d / name)
        assert r.stats.lines_total >= 0
    (d / "CLAUDE.md").write_bytes(data)
    read_instructions(SourceUnit("instructions/b/CLAUDE.md", SourceKind.INSTRUCTIONS, d / "CLAUDE.md", len(data), 0))


@_PROPS
@given(
    st.lists(
        st.sampled_from(
            ["<system-reminder>", "</system-reminder>", "<ide_selection", "</ide_selection>", ">", " x", "\n", "<"]
        ),
        max_size=16,
    ).map("".join)
)
def test_property_linear_stripping_matches_the_regex_it_replaced(soup: str) -> None:
    import re

    old = re.compile(
        r"<(system-reminder|ide_opened_file|ide_selection|ide_diagnostics|user-prompt-submit-hook|"
        r"post-tool-use-hook|context_window_protection)\b[^>]*>.*?</\1>",
        re.DOTALL,
    )
    assert user_text.strip_injected(soup) == old.sub("", soup).strip()
