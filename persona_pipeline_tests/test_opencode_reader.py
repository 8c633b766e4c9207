"""opencode reader (`core/sources/opencode.py`): the v1.2+ SQLite database and the older JSON
storage tree, written from the public source (`session.sql.ts`, `message-v2.ts`)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from persona_pipeline.core.models import Tier, TurnKind
from persona_pipeline.core.sources import opencode, readers, sqlite_snapshot
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.eval.writers import OpencodeStore
from persona_pipeline_tests.reader_fixtures import canaries_stored, clock, ingest_all, only_roots, stored_excerpts

CANARY = {
    "title": "CANARY-SESSION-TITLE-1a2b",
    "synthetic": "CANARY-MENTIONED-FILE-3c4d",
    "system": "CANARY-MESSAGE-SYSTEM-5e6f",
    "summary": "CANARY-TURN-SUMMARY-7a8b",
    "assistant": "CANARY-ASSISTANT-TEXT-9c0d",
    "reasoning": "CANARY-REASONING-1e2f",
    "tool_output": "CANARY-TOOL-OUTPUT-3a4b",
    "subagent": "CANARY-SUBAGENT-PROMPT-7e8f",
    "subtask": "CANARY-SUBTASK-PROMPT-9a0b",
}


def _store(seed: int = 3) -> OpencodeStore:
    rng, clk = clock(seed)
    st = OpencodeStore(rng, clk)
    a = st.session("/work/api", CANARY["title"])
    st.user(
        a,
        "add retries with backoff to the http client",
        files={"src/client.py": CANARY["synthetic"]},
        system=CANARY["system"],
        summary=CANARY["summary"],
    )
    st.assistant(a, f"Reading. {CANARY['assistant']}", reasoning=CANARY["reasoning"])
    st.assistant(
        a,
        "Running the whole suite",
        tools=[
            ("read", {"filePath": "/work/api/src/client.py"}, "completed", CANARY["tool_output"]),
            ("bash", {"command": "pytest"}, "error", "The user rejected permission to use this specific tool call."),
        ],
    )
    st.user(a, "no, run only tests/unit")
    st.assistant(
        a,
        "Editing",
        tools=[
            (
                "edit",
                {"filePath": "/work/api/src/client.py", "newString": "def retry(n):\n    pass\n"},
                "completed",
                "",
            ),
            ("bash", {"command": "pytest tests/unit"}, "error", "1 failed"),
            (
                "bash",
                {"command": "git push"},
                "error",
                "The user rejected permission to use this specific tool call with the following feedback: "
                "never push from the agent",
            ),
        ],
    )
    st.assistant(a, "Pushing anyway", aborted=True)
    st.user(a, "keep the retry count configurable")
    b = st.session("/work/api", "subagent", parent=a)
    st.user(b, CANARY["subagent"])
    c = st.session("/work/web", "second")
    msg = st.user(c, "prefer server components")
    st.messages[-1][2].append({"type": "subtask", "prompt": CANARY["subtask"], "description": "x", "agent": "general"})
    st.messages[-1][2][-1].update({"id": "prt_zz", "sessionID": c, "messageID": msg["id"]})
    return st


EXPECTED = [
    ("prompt", "add retries with backoff to the http client", None),
    ("correction", "no, run only tests/unit", "rejected_tool_use"),
    ("correction", "never push from the agent", "rejected_tool_use"),
    ("correction", "keep the retry count configurable", "interrupt"),
]


def _said(turns: list, session: str | None = None) -> list[tuple[str, str, str | None]]:
    return [
        (t.kind.value, t.text, t.correction_signal)
        for t in turns
        if t.tier is not Tier.T3 and (session is None or t.session_id == session)
    ]


def _db(tmp_path: Path, st: OpencodeStore | None = None) -> Path:
    return (st or _store()).write_db(tmp_path / "opencode" / "opencode.db")


def _units(root: Path) -> list[SourceUnit]:
    return sorted(opencode.READER.discover([root], {}), key=lambda u: u.key)


def test_reads_the_database(tmp_path: Path) -> None:
    st = _store()
    [unit] = _units(_db(tmp_path, st).parent)
    assert unit.key == "opencode/opencode.db"
    result = opencode.READER.read(unit)
    assert result.file_error is None
    first = st.sessions[0]["id"]
    assert _said(result.turns, first) == EXPECTED
    assert _said(result.turns, st.sessions[2]["id"]) == [("prompt", "prefer server components", None)]
    assert not [t for t in result.turns if t.session_id == st.sessions[1]["id"]]  # the subagent's
    refused = next(t for t in result.turns if t.text == "no, run only tests/unit")
    assert refused.context == "Running the whole suite" and refused.cwd == "/work/api"
    activity = {(t.kind, t.text) for t in result.turns if t.tier is Tier.T3}
    assert (TurnKind.TOOL_REJECTED, "bash: pytest") in activity
    assert (TurnKind.TOOL_ERROR, "bash: pytest tests/unit") in activity
    assert (TurnKind.FILE_EDIT, "edit: src/client.py (functions: retry)") in activity
    skips = result.stats.skips
    assert skips["subagent_session"] == 1 and skips["title"] == 3 and skips["synthetic_text"] == 2
    assert skips["attached_file"] == 1 and skips["system_prompt"] == 1 and skips["summary"] == 1
    assert skips["subtask_prompt"] == 1 and skips["reasoning"] == 1


def test_reads_the_json_storage_tree(tmp_path: Path) -> None:
    st = _store()
    storage = tmp_path / "opencode" / "storage"
    st.write_tree(storage)
    (storage / "snapshot" / "x").mkdir(parents=True)  # opencode's git store: never walked
    units = _units(tmp_path / "opencode")
    keys = [u.key for u in units]
    assert len(keys) == 3 and all(k.startswith("opencode/") and k.endswith(".json") for k in keys)
    by_session = {u.key.rsplit("/", 1)[1][:-5]: opencode.READER.read(u) for u in units}
    assert _said(by_session[st.sessions[0]["id"]].turns) == EXPECTED
    assert by_session[st.sessions[1]["id"]].stats.machine_generated == "subagent_session"

    unit = next(u for u in units if st.sessions[0]["id"] in u.key)
    before = opencode.READER.fingerprint(unit)  # type: ignore[misc]
    new = storage / "message" / st.sessions[0]["id"] / "msg_zzzz.json"
    new.write_text(json.dumps({"id": "msg_zzzz", "role": "user", "time": {"created": 1}}))
    assert opencode.READER.fingerprint(unit) != before  # type: ignore[misc]  # a new message: a re-read


def test_default_roots_and_timestamps(tmp_path: Path) -> None:
    assert opencode.READER.default_roots(readers.Host("Linux", Path("/h"), {})) == [Path("/h/.local/share/opencode")]
    assert opencode.READER.default_roots(readers.Host("Darwin", Path("/h"), {})) == [
        Path("/h/Library/Application Support/opencode")
    ]
    db = _db(tmp_path)
    con = sqlite3.connect(db)
    rows = con.execute("SELECT id, data FROM message").fetchall()
    for n, (mid, data) in enumerate(rows):  # other builds: ISO text, epoch seconds
        d = json.loads(data)
        d["time"]["created"] = "2026-10-01T10:00:00Z" if n % 2 else d["time"]["created"] // 1000
        con.execute("UPDATE message SET data = ? WHERE id = ?", [json.dumps(d), mid])
    con.commit()
    con.close()
    turns = [t for t in opencode.READER.read(_units(db.parent)[0]).turns if t.tier is not Tier.T3]
    assert all(t.timestamp and t.timestamp.startswith("20") for t in turns)


def test_no_scaffolding_canary_reaches_the_warehouse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "oc"
    _store().write_db(root / "opencode.db")
    _store(5).write_tree(root / "storage")
    settings = only_roots(monkeypatch, tmp_path, OPENCODE_DIRS=str(root))
    outcomes = ingest_all(settings)
    assert sorted(o.status for o in outcomes) == ["machine_generated", "processed", "processed", "processed"]
    excerpts = stored_excerpts(settings)
    assert "never push from the agent" in excerpts and "prefer server components" in excerpts
    assert canaries_stored(settings, list(CANARY.values())) == {}
    assert canaries_stored(settings, ["backoff to the http client"])  # the scan sees stored text


def test_read_while_opencode_holds_the_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = _db(tmp_path)
    app = sqlite3.connect(db, isolation_level=None)
    app.execute("PRAGMA journal_mode=DELETE")
    app.execute("BEGIN EXCLUSIVE")
    app.execute("DELETE FROM part")  # uncommitted: never seen
    copies: list[Path] = []
    real = sqlite_snapshot._copy
    monkeypatch.setattr(sqlite_snapshot, "_copy", lambda p, f: copies.append(p) or real(p, f))
    result = opencode.READER.read(_units(db.parent)[0])
    app.execute("ROLLBACK")
    app.close()
    assert copies == [db] and _said(result.turns)[:1] == EXPECTED[:1]


@pytest.mark.parametrize(
    ("content", "reason"),
    [(b"", "empty"), (b"\x00\x01garbage" * 40, "not_sqlite"), (b"SQLite format 3\x00" + b"\xff" * 300, "not_sqlite")],
)
def test_hostile_databases_are_recorded_skips(tmp_path: Path, content: bytes, reason: str) -> None:
    db = tmp_path / "opencode" / "opencode.db"
    db.parent.mkdir()
    db.write_bytes(content)
    result = opencode.READER.read(_units(db.parent)[0])
    assert result.file_error == reason and not result.turns


def test_truncated_database_and_drifted_rows(tmp_path: Path) -> None:
    db = _db(tmp_path)
    data = db.read_bytes()
    cut = tmp_path / "cut" / "opencode.db"
    cut.parent.mkdir()
    cut.write_bytes(data[: len(data) // 2])
    truncated = opencode.READER.read(_units(cut.parent)[0])
    assert not truncated.turns and (truncated.file_error or "").startswith(("sqlite_", "not_sqlite"))

    con = sqlite3.connect(db)
    sid = con.execute("SELECT id FROM session ORDER BY id").fetchone()[0]
    con.execute("INSERT INTO message VALUES ('msg_bad1', ?, 9e15, 0, '{not json')", [sid])
    con.execute("INSERT INTO message VALUES ('msg_bad2', 'ses_gone', 9e15, 0, '{\"role\": \"user\"}')")
    con.execute("INSERT INTO message VALUES ('msg_bad3', ?, 9e15, 0, '{\"role\": \"robot\"}')", [sid])
    con.execute("INSERT INTO part VALUES ('prt_bad', 'msg_bad3', ?, 0, 0, '[1, 2]')", [sid])
    con.commit()
    con.close()
    drifted = opencode.READER.read(_units(db.parent)[0])
    assert drifted.file_error is None and _said(drifted.turns, sid) == EXPECTED
    skips = drifted.stats.skips
    assert skips["row_invalid_json"] == 1 and skips["message_without_session"] == 1 and skips["role:robot"] == 1

    bare = tmp_path / "bare" / "opencode.db"
    bare.parent.mkdir()
    sqlite3.connect(bare).execute("CREATE TABLE other (x)").connection.close()
    assert opencode.READER.read(_units(bare.parent)[0]).stats.skips == {"no_session_tables": 1}


def test_bad_files_of_the_tree_cost_themselves(tmp_path: Path) -> None:
    st = _store()
    storage = tmp_path / "opencode" / "storage"
    st.write_tree(storage)
    sid = st.sessions[0]["id"]
    first = sorted((storage / "message" / sid).iterdir())[0]
    parts = sorted((storage / "part" / first.stem).iterdir())
    parts[0].write_bytes(b"")  # the prompt's text part, emptied under the reader
    (storage / "message" / sid / "msg_trunc.json").write_text('{"id": "msg_trunc", "role": "user"')
    unit = next(u for u in _units(tmp_path / "opencode") if sid in u.key)
    result = opencode.READER.read(unit)
    assert result.file_error is None and _said(result.turns) == EXPECTED[1:]
    assert result.stats.skips["file_empty"] == 1 and result.stats.skips["file_invalid_json"] == 1
    (storage / "session").joinpath(unit.key.split("/")[1], unit.key.split("/")[2]).write_bytes(b"\x00\x01")
    assert opencode.READER.read(unit).file_error == "binary"


# --- the rows without SQLite's per-message sort ------------------------------------------------
def _many_sessions(seed: int = 5, sessions: int = 8) -> OpencodeStore:
    """Sessions of prompts, replies and tool calls with outputs of a few KB (rows over many pages)."""
    rng, clk = clock(seed)
    st = OpencodeStore(rng, clk)
    for i in range(sessions):
        sid = st.session(f"/work/p{i}", f"session {i}")
        for j in range(rng.randint(2, 5)):
            st.user(sid, f"prompt {j} of session {i}: keep the tests small")
            tools = [
                ("bash", {"command": "pytest"}, rng.choice(["completed", "error"]), "line\n" * rng.randint(50, 600))
                for _ in range(rng.randint(0, 3))
            ]
            st.assistant(sid, f"reply {j}", reasoning="thinking it over", tools=tools)
    return st


def _sorted_read(unit: SourceUnit, monkeypatch: pytest.MonkeyPatch) -> dict:
    with monkeypatch.context() as m:
        m.setattr(opencode, "_unsorted_ok", lambda con: False)
        return opencode.READER.read(unit).model_dump()


def test_rows_without_the_sort_read_as_the_sorted_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = _many_sessions().write_db(tmp_path / "opencode" / "opencode.db")
    with sqlite_snapshot.snapshot(db) as con:
        assert opencode._unsorted_ok(con)
        sorted_rows = opencode._ROWS.format(order="m.time_created, m.id")
        unsorted_rows = opencode._ROWS.format(order="m.time_created, m.id, m.rowid")
        plan = [r[3] for r in con.execute(f"EXPLAIN QUERY PLAN {unsorted_rows}")]
        assert not any(b"TEMP B-TREE" in step for step in plan)  # the indexes give the order
        assert list(con.execute(unsorted_rows)) == list(con.execute(sorted_rows))
    unit = _units(db.parent)[0]
    fast = opencode.READER.read(unit).model_dump()
    assert fast == _sorted_read(unit, monkeypatch) and fast["turns"]


def test_a_database_failing_part_way_is_read_as_with_the_sort(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each page of the file garbled in turn: where the unsorted rows fail part-way, the file is
    read again with the sort, and the result is the sorted read's (the same counts, the same skip)."""
    clean = _many_sessions(sessions=12).write_db(tmp_path / "clean.db").read_bytes()
    resorted: list[bool] = []
    real = opencode._db_turns
    monkeypatch.setattr(
        opencode, "_db_turns", lambda p, st, unsorted: resorted.append(not unsorted) or real(p, st, unsorted)
    )
    page = 4096
    for n in range(1, len(clean) // page):
        db = tmp_path / str(n) / "opencode" / "opencode.db"
        db.parent.mkdir(parents=True)
        db.write_bytes(clean[: n * page] + b"\xa5" * page + clean[(n + 1) * page :])
        unit = _units(db.parent)[0]
        assert opencode.READER.read(unit).model_dump() == _sorted_read(unit, monkeypatch), n
    assert sum(resorted) >= 2  # some pages fail the unsorted read part-way (and the sorted reads)


@pytest.mark.parametrize(
    ("message_key", "part_key", "change"),
    [
        ("PRIMARY KEY", "", "INSERT INTO part SELECT * FROM part WHERE rowid % 3 = 0"),  # part ids tie
        ("PRIMARY KEY", "PRIMARY KEY", "UPDATE part SET id = NULL WHERE rowid % 3 = 0"),
        ("PRIMARY KEY", "PRIMARY KEY", "UPDATE message SET id = NULL WHERE rowid % 5 = 0"),
        ("", "PRIMARY KEY", "INSERT INTO message SELECT * FROM message WHERE rowid % 4 = 0"),  # message ids tie
        ("PRIMARY KEY", "PRIMARY KEY", ""),
    ],
)
def test_drifted_keys_read_as_with_the_sort(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, message_key: str, part_key: str, change: str
) -> None:
    src = _many_sessions().write_db(tmp_path / "src.db")
    db = tmp_path / "opencode" / "opencode.db"
    db.parent.mkdir()
    con = sqlite3.connect(db)
    con.execute("ATTACH ? AS src", [str(src)])
    con.execute("CREATE TABLE session AS SELECT * FROM src.session")
    con.execute(f"CREATE TABLE message (id TEXT {message_key}, session_id, time_created, time_updated, data)")
    con.execute(f"CREATE TABLE part (id TEXT {part_key}, message_id, session_id, time_created, time_updated, data)")
    con.execute("INSERT INTO message SELECT * FROM src.message")
    con.execute("INSERT INTO part SELECT * FROM src.part")
    con.execute("CREATE INDEX m_idx ON message (session_id, time_created, id)")
    con.execute("CREATE INDEX p_idx ON part (message_id, id)")
    if change:
        con.execute(change)
    con.commit()
    con.close()
    with sqlite_snapshot.snapshot(db) as con:
        assert opencode._unsorted_ok(con) == (not change)
    unit = _units(db.parent)[0]
    result = opencode.READER.read(unit).model_dump()
    assert result == _sorted_read(unit, monkeypatch) and result["turns"]


def test_a_table_without_rowids_is_read_with_the_sort(tmp_path: Path) -> None:
    db = _db(tmp_path)
    before = opencode.READER.read(_units(db.parent)[0]).model_dump()
    con = sqlite3.connect(db)
    con.execute("ALTER TABLE message RENAME TO old")
    con.execute(
        "CREATE TABLE message (id TEXT PRIMARY KEY, session_id, time_created, time_updated, data) WITHOUT ROWID"
    )
    con.execute("INSERT INTO message SELECT * FROM old")
    con.execute("DROP TABLE old")
    con.commit()
    con.close()
    with sqlite_snapshot.snapshot(db) as con:
        assert not opencode._unsorted_ok(con)
    after = opencode.READER.read(_units(db.parent)[0]).model_dump()
    assert after["turns"] == before["turns"] and after["stats"]["skips"] == before["stats"]["skips"]
