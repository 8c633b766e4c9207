"""Cursor reader (`core/sources/cursor.py`): `state.vscdb` stores written from their public
description, read safely while another connection holds them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from persona_pipeline.core.models import Tier, TurnKind
from persona_pipeline.core.sources import cursor, readers, sqlite_snapshot
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.eval.writers import CursorStore, dump
from persona_pipeline_tests.reader_fixtures import canaries_stored, clock, ingest_all, only_roots, stored_excerpts

CANARY = {
    "title": "CANARY-COMPOSER-TITLE-1e2f",
    "rich_text": "CANARY-RICH-TEXT-3a4b",
    "context": "CANARY-ATTACHED-SELECTION-5c6d",
    "agent": "CANARY-AGENT-TEXT-7e8f",
    "thinking": "CANARY-THINKING-9a0b",
    "tool_output": "CANARY-TOOL-RESULT-1c2d",
    "legacy_title": "CANARY-LEGACY-TAB-TITLE-3e4f",
}


def _store(path: Path) -> Path:
    rng, clk = clock(5)
    st = CursorStore(rng, clk)
    a = st.composer(CANARY["title"])
    st.user(a, "add retries with exponential backoff to the http client", context=CANARY["context"])
    st.agent(a, f"Added retries. {CANARY['agent']}", thinking=CANARY["thinking"])
    st.agent(
        a,
        "Running tests",
        tool={
            "name": "run_terminal_cmd",
            "params": json.dumps({"command": "pytest -q"}),
            "result": CANARY["tool_output"],
            "status": "completed",
            "userDecision": "rejected",
        },
    )
    st.user(a, "no, do not run the whole suite")
    st.agent(
        a,
        "Editing",
        tool={
            "name": "edit_file",
            "params": json.dumps({"target_file": "/work/api/client.py", "code_edit": "def retry(n):\n    pass\n"}),
            "status": "completed",
        },
    )
    b = st.composer("second chat")
    st.user(b, "explain the difference between a list and a tuple", rich=False)
    rows = st.rows
    # the rich text must not be the only place the canary is: the plain `text` stays the person's words
    first = next(k for k in rows if k.startswith(f"bubbleId:{a}:"))
    rows[first]["richText"] = json.dumps({"root": {"children": [{"text": CANARY["rich_text"]}]}})
    rows[first]["workspaceProjectDir"] = "/work/api"
    return st.write(path)


def _legacy(db: Path) -> None:
    con = sqlite3.connect(db)
    tabs = {
        "tabs": [
            {
                "tabId": "t1",
                "chatTitle": CANARY["legacy_title"],
                "bubbles": [
                    {"type": "user", "text": "use black for formatting"},
                    {"type": "ai", "text": "ok"},
                    {"type": "user", "text": "actually, use ruff format"},
                ],
            }
        ]
    }
    con.execute("INSERT INTO ItemTable VALUES (?, ?)", [cursor._LEGACY_CHAT, dump(tabs)])
    con.commit()
    con.close()


def _unit(db: Path) -> SourceUnit:
    [u] = cursor.READER.discover([db], {})
    return u


def _said(turns: list) -> list[tuple[str, str, str | None]]:
    return [(t.kind.value, t.text, t.correction_signal) for t in turns if t.tier is not Tier.T3]


def test_discovery_keys_and_default_roots(tmp_path: Path) -> None:
    user = tmp_path / "alice" / ".config" / "Cursor" / "User"
    _store(user / "globalStorage" / "state.vscdb")
    _store(user / "workspaceStorage" / "9f8e7d" / "state.vscdb")
    (user / "workspaceStorage" / "9f8e7d" / "other.db").write_bytes(b"")
    assert sorted(u.key for u in cursor.READER.discover([user], {})) == [
        "cursor/global/state.vscdb",
        "cursor/workspace/9f8e7d/state.vscdb",
    ]
    assert cursor.READER.default_roots(readers.Host("Darwin", Path("/h"), {})) == [
        Path("/h/Library/Application Support/Cursor/User")
    ]
    assert cursor.READER.default_roots(readers.Host("Windows", Path("/h"), {"APPDATA": "/r"})) == [
        Path("/r/Cursor/User")
    ]


def test_reads_composers_in_conversation_order(tmp_path: Path) -> None:
    db = _store(tmp_path / "User" / "globalStorage" / "state.vscdb")
    _legacy(db)
    result = cursor.READER.read(_unit(db))
    assert result.file_error is None
    by_session: dict[str | None, list[tuple[str, str, str | None]]] = {}
    for t in result.turns:
        if t.tier is not Tier.T3:
            by_session.setdefault(t.session_id, []).append((t.kind.value, t.text, t.correction_signal))
    # two composers (in key order) and a legacy tab, each its own session, each in conversation order
    assert sorted(by_session.values()) == sorted(
        [
            [
                ("prompt", "add retries with exponential backoff to the http client", None),
                ("correction", "no, do not run the whole suite", "rejected_tool_use"),
            ],
            [("prompt", "explain the difference between a list and a tuple", None)],
            [("prompt", "use black for formatting", None), ("correction", "actually, use ruff format", "opener")],
        ]
    )
    assert len({t.line_no for t in result.turns if t.tier is not Tier.T3}) == 5  # one position each
    first = next(t for t in result.turns if t.text.startswith("add retries"))
    assert first.cwd == "/work/api"  # the bubble names its workspace
    activity = {(t.kind, t.text) for t in result.turns if t.tier is Tier.T3}
    assert (TurnKind.TOOL_REJECTED, "run_terminal_cmd: pytest -q") in activity
    assert (TurnKind.FILE_EDIT, "edit_file: client.py (functions: retry)") in activity
    skips = result.stats.skips
    assert skips["rich_text"] == 2 and skips["attached_context"] == 1 and skips["thinking"] == 1
    assert skips["title"] == 2


def test_a_workspace_store_takes_its_folder_from_workspace_json(tmp_path: Path) -> None:
    folder = tmp_path / "User" / "workspaceStorage" / "abc"
    db = folder / "state.vscdb"
    rng, clk = clock(1)
    st = CursorStore(rng, clk)
    st.user(st.composer("t"), "prefer dataclasses here")
    st.write(db)
    (folder / "workspace.json").write_text(json.dumps({"folder": "file:///home/alice/code/shop%20front"}))
    [turn] = cursor.READER.read(_unit(db)).turns
    assert turn.cwd == "/home/alice/code/shop front"


def test_no_scaffolding_canary_reaches_the_warehouse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    user = tmp_path / "User"
    db = _store(user / "globalStorage" / "state.vscdb")
    _legacy(db)
    settings = only_roots(monkeypatch, tmp_path, CURSOR_DIRS=str(user))
    [outcome] = ingest_all(settings)
    assert outcome.status == "processed"
    assert "no, do not run the whole suite" in stored_excerpts(settings)
    assert canaries_stored(settings, list(CANARY.values())) == {}
    assert canaries_stored(settings, ["exponential backoff to the http"])  # the scan sees stored text


def test_wal_changes_are_seen_and_read_while_the_app_holds_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = _store(tmp_path / "User" / "globalStorage" / "state.vscdb")
    app = sqlite3.connect(db)
    app.execute("PRAGMA journal_mode=WAL")
    app.execute("PRAGMA wal_autocheckpoint=0")
    before = cursor.READER.fingerprint(_unit(db))  # type: ignore[misc]
    data = {"type": 1, "text": "keep functions under forty lines", "bubbleId": "zz"}
    cid = next(r[0] for r in app.execute("SELECT key FROM cursorDiskKV WHERE key LIKE 'composerData:%'"))[13:]
    app.execute("INSERT INTO cursorDiskKV VALUES (?, ?)", [f"bubbleId:{cid}:zz", dump(data)])
    comp = json.loads(
        app.execute("SELECT value FROM cursorDiskKV WHERE key = ?", [f"composerData:{cid}"]).fetchone()[0]
    )
    comp["fullConversationHeadersOnly"].append({"bubbleId": "zz", "type": 1})
    app.execute("UPDATE cursorDiskKV SET value = ? WHERE key = ?", [dump(comp), f"composerData:{cid}"])
    app.commit()
    unit = _unit(db)
    assert cursor.READER.fingerprint(unit) != before  # type: ignore[misc]
    app.execute("BEGIN IMMEDIATE")  # the app is mid-write: readers still see the last commit
    app.execute("DELETE FROM cursorDiskKV")
    monkeypatch.setattr(sqlite_snapshot, "_copy", None)  # WAL readers never need the copy
    result = cursor.READER.read(unit)
    assert "keep functions under forty lines" in [t.text for t in result.turns]
    app.rollback()
    app.close()
    assert not (tmp_path / "User" / "globalStorage" / "state.vscdb-journal").exists()


def test_an_exclusively_locked_store_is_read_from_a_private_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copies: list[Path] = []
    real_copy = sqlite_snapshot._copy
    monkeypatch.setattr(sqlite_snapshot, "_copy", lambda path, folder: copies.append(path) or real_copy(path, folder))
    db = _store(tmp_path / "User" / "globalStorage" / "state.vscdb")
    original = db.read_bytes()
    app = sqlite3.connect(db, isolation_level=None)
    app.execute("PRAGMA journal_mode=DELETE")
    app.execute("BEGIN EXCLUSIVE")  # rollback journal, exclusive: no reader gets in
    app.execute("DELETE FROM cursorDiskKV")  # uncommitted: never seen
    result = cursor.READER.read(_unit(db))
    app.execute("ROLLBACK")
    app.close()
    assert result.file_error is None
    assert "add retries with exponential backoff to the http client" in [t.text for t in result.turns]
    assert db.read_bytes() == original  # the original untouched
    assert copies == [db]  # read from the copy: the lock kept the read-only connection out


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: p.write_bytes(b""), "empty"),
        (lambda p: p.write_bytes(b"\x00\x01garbage" * 100), "not_sqlite"),
        (lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\xff" * 300), "not_sqlite"),  # a header, then garbage
    ],
)
def test_hostile_stores_are_recorded_skips(tmp_path: Path, make, reason: str) -> None:
    db = tmp_path / "User" / "globalStorage" / "state.vscdb"
    db.parent.mkdir(parents=True)
    make(db)
    result = cursor.READER.read(_unit(db))
    assert result.file_error == reason and not result.turns


def test_a_truncated_store_is_a_recorded_skip(tmp_path: Path) -> None:
    db = _store(tmp_path / "User" / "globalStorage" / "state.vscdb")
    data = db.read_bytes()
    cut = tmp_path / "User" / "workspaceStorage" / "w" / "state.vscdb"
    cut.parent.mkdir(parents=True)
    cut.write_bytes(data[: len(data) // 2])
    result = cursor.READER.read(_unit(cut))
    assert not result.turns and (result.file_error or "").startswith(("sqlite_", "not_sqlite"))


def test_schema_drift_costs_rows_not_the_store(tmp_path: Path) -> None:
    db = _store(tmp_path / "User" / "globalStorage" / "state.vscdb")
    con = sqlite3.connect(db)
    cid = next(r[0] for r in con.execute("SELECT key FROM cursorDiskKV WHERE key LIKE 'composerData:%' ORDER BY key"))[
        13:
    ]
    con.execute("INSERT INTO cursorDiskKV VALUES (?, ?)", [f"bubbleId:{cid}:bad", b"{not json"])
    con.execute("INSERT INTO cursorDiskKV VALUES (?, ?)", ["composerData:broken", "[1, 2]"])
    con.execute("INSERT INTO cursorDiskKV VALUES (?, ?)", ["composerData:nulls", None])
    con.execute(
        "INSERT INTO cursorDiskKV VALUES (?, ?)",
        [
            "composerData:drift",
            dump({"fullConversationHeadersOnly": [{"bubbleId": "gone"}, "x"], "conversation": "no"}),
        ],
    )
    con.execute("INSERT INTO cursorDiskKV VALUES (?, ?)", ["bubbleId:drift:b9", dump({"type": 7, "text": "unknown"})])
    con.commit()
    con.close()
    result = cursor.READER.read(_unit(db))
    assert "add retries with exponential backoff to the http client" in [t.text for t in result.turns]
    skips = result.stats.skips
    assert skips["row_invalid_json"] == 1 and skips["composer_malformed"] == 1 and skips["bubble_missing"] == 1

    bare = tmp_path / "bare" / "globalStorage" / "state.vscdb"
    bare.parent.mkdir(parents=True)
    sqlite3.connect(bare).execute("CREATE TABLE other (x)").connection.close()
    drift = cursor.READER.read(_unit(bare))
    assert drift.file_error is None and drift.stats.skips == {"no_chat_tables": 1}
