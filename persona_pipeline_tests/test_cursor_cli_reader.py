"""Cursor CLI reader (`core/sources/cursor_cli.py`): `store.db` chats written from the public
descriptions of the format (a hex-JSON `meta` row, a content-addressed blob tree), read safely
while the CLI holds them, and every kind of bad input costing itself, never the run."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from persona_pipeline.core.models import Tier, TurnKind
from persona_pipeline.core.sources import cursor_cli, readers, sqlite_snapshot
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.eval.writers import CursorCliStore, dump
from persona_pipeline_tests.reader_fixtures import canaries_stored, clock, ingest_all, only_roots, stored_excerpts

CANARY = {
    "title": "CANARY-CHAT-TITLE-2b3c",
    "system": "CANARY-SYSTEM-PROMPT-4d5e",
    "user_info": "CANARY-USER-INFO-6f7a",
    "rules": "CANARY-RULES-BLOCK-8b9c",
    "attached": "CANARY-ATTACHED-FILE-0d1e",
    "assistant": "CANARY-ASSISTANT-TEXT-2f3a",
    "reasoning": "CANARY-REASONING-4b5c",
    "tool_output": "CANARY-TOOL-RESULT-6d7e",
    "blob_key": "CANARY-BLOB-KEY-8f9a",
    "stale": "CANARY-STALE-BRANCH-0b1c",  # a message of an older state, outside the latest tree
}
CWD = "/work/shop"
_MD5_DIR = "0123456789abcdef0123456789abcdef"  # a chats folder's shape: md5 hex, then an agent id
_AGENT_DIR = "4567ef01-0000-4000-8000-000000000001"


def _chat(seed: int = 4) -> CursorCliStore:
    rng, clk = clock(seed)
    st = CursorCliStore(rng, clk, CWD, name=CANARY["title"], key=CANARY["blob_key"])
    st.system(f"You are a coding agent. {CANARY['system']}")
    st.context_only({"user_info": f"OS: linux\nWorkspace Path: {CWD}\n{CANARY['user_info']}"})
    st.user(
        "make the price parser accept a thousands separator",
        context={"rules": CANARY["rules"], "attached_files": f"src/price.py\n{CANARY['attached']}"},
    )
    st.assistant(f"Looking at the parser first. {CANARY['assistant']}")  # not the correction's context
    st.assistant(
        "Rewriting the parser and running everything.",
        reasoning=CANARY["reasoning"],
        tools=[
            ("Read", {"path": f"{CWD}/src/price.py"}, CANARY["tool_output"], False),
            ("Shell", {"command": "pytest -x"}, "2 failed", True),
            ("StrReplace", {"path": f"{CWD}/src/price.py", "new_string": "def parse_price(s):\n    pass\n"}, "", False),
        ],
    )
    st.user("no, keep the old regex and only add the separator")
    st.assistant("Done.", tools=[("Shell", {"command": "pytest -x"}, "ok", False)])
    st.user("cache the parsed values per currency", query=False)
    st.assistant("Added a cache.")
    return st


EXPECTED = [
    ("prompt", "make the price parser accept a thousands separator", None),
    ("correction", "no, keep the old regex and only add the separator", "opener"),
    ("prompt", "cache the parsed values per currency", None),
]


def _write(root: Path, st: CursorCliStore | None = None) -> Path:
    st = st or _chat()
    db = st.write(root / "chats")
    con = sqlite3.connect(db)  # a message of an abandoned branch: in the table, in no tree of the chat
    stale = dump({"role": "user", "content": f"<user_query>\n{CANARY['stale']}\n</user_query>"}).encode()
    con.execute("INSERT INTO blobs VALUES (?, ?)", [hashlib.sha256(stale).hexdigest(), stale])
    con.commit()
    con.close()
    return db


def _unit(db: Path) -> SourceUnit:
    [u] = cursor_cli.READER.discover([db.parents[2]], {})
    return u


def _said(turns: list) -> list[tuple[str, str, str | None]]:
    return [(t.kind.value, t.text, t.correction_signal) for t in turns if t.tier is not Tier.T3]


def test_discovery_keys_and_default_roots(tmp_path: Path) -> None:
    home = tmp_path / "alice"
    db = _write(home / ".cursor")
    transcripts = home / ".cursor" / "projects" / "home-alice-shop" / "agent-transcripts"
    transcripts.mkdir(parents=True)
    (transcripts / "x.txt").write_text("user:\nhello\n")
    (home / ".cursor" / "extensions" / "e" / "a" / "b").mkdir(parents=True)
    (home / ".cursor" / "extensions" / "e" / "a" / "b" / "store.db").write_bytes(b"")
    ignored: dict[str, int] = {}
    [unit] = cursor_cli.READER.discover([home / ".cursor"], ignored)
    md5 = hashlib.md5(CWD.encode()).hexdigest()
    assert unit.key == f"cursor_cli/{md5}/{db.parent.name}/store.db" and "alice" not in unit.key
    assert [u.key for u in cursor_cli.READER.discover([home / ".cursor" / "chats"], {})] == [unit.key]
    assert cursor_cli.READER.discover([tmp_path / "absent"], ignored) == [] and not ignored

    roots = cursor_cli.READER.default_roots
    assert roots(readers.Host("Linux", Path("/h"), {})) == [Path("/h/.cursor/chats"), Path("/h/.config/cursor/chats")]
    assert roots(readers.Host("Darwin", Path("/h"), {"XDG_CONFIG_HOME": "/x"})) == [
        Path("/h/.cursor/chats"),
        Path("/x/cursor/chats"),
    ]
    assert roots(readers.Host("Windows", Path("/h"), {"CURSOR_CONFIG_DIR": "/c"}))[0] == Path("/c/chats")


def test_reads_the_latest_tree_in_order(tmp_path: Path) -> None:
    result = cursor_cli.READER.read(_unit(_write(tmp_path)))
    assert result.file_error is None
    assert _said(result.turns) == EXPECTED
    first = result.turns[0]
    assert first.cwd == CWD and first.session_id == result.stats.session_id
    assert first.timestamp == "2026-10-05T09:00:00.000Z"  # the chat's createdAt: no per-message time
    correction = next(t for t in result.turns if t.kind is TurnKind.CORRECTION)
    assert correction.context.startswith("Rewriting the parser")
    activity = {(t.kind, t.text) for t in result.turns if t.tier is Tier.T3}
    assert (TurnKind.TOOL_ERROR, "Shell: pytest -x") in activity
    assert (TurnKind.FILE_EDIT, "StrReplace: src/price.py (functions: parse_price)") in activity
    assert any(k is TurnKind.TOOL_RECOVERED for k, _ in activity)
    skips = result.stats.skips
    assert skips["system_prompt"] == 1 and skips["context_only"] == 1 and skips["injected:user_info"] == 1
    assert skips["injected:rules"] == 1 and skips["injected:attached_files"] == 1
    assert skips["reasoning"] == 1 and skips["tool_output"] == 4 and skips["assistant_text"] == 4
    assert skips["title"] == 1


def test_nested_nodes_and_a_message_carried_by_a_node_read_in_order(tmp_path: Path) -> None:
    flat = _chat()
    nested = _chat()
    nested.fanout = 2  # the root points at nodes of two children each
    a = cursor_cli.READER.read(_unit(nested.write(tmp_path / "n" / "chats")))
    b = cursor_cli.READER.read(_unit(flat.write(tmp_path / "f" / "chats")))
    assert _said(a.turns) == _said(b.turns) == EXPECTED

    # a node holding children and, in its field 2, a message of its own (after them, in field order)
    st = CursorCliStore(*clock(2), "/work/x")
    st.user("use a dataclass for the config")
    db = st.write(tmp_path / "c" / "chats")
    con = sqlite3.connect(db)
    meta = json.loads(bytes.fromhex(con.execute("SELECT value FROM meta").fetchone()[0]))
    root = con.execute("SELECT data FROM blobs WHERE id = ?", [meta["latestRootBlobId"]]).fetchone()[0]
    carried = dump({"role": "user", "content": "<user_query>\nand freeze it\n</user_query>"}).encode()
    node = root + b"\x12" + bytes([len(carried)]) + carried  # field 2, length-delimited (< 128 bytes)
    node_id = hashlib.sha256(node).hexdigest()
    con.execute("INSERT INTO blobs VALUES (?, ?)", [node_id, node])
    con.execute("UPDATE meta SET value = ?", [dump({**meta, "latestRootBlobId": node_id}).encode().hex()])
    con.commit()
    con.close()
    assert [t.text for t in cursor_cli.READER.read(_unit(db)).turns] == [
        "use a dataclass for the config",
        "and freeze it",
    ]


def test_context_blocks_around_a_query_and_a_text_part_list(tmp_path: Path) -> None:
    st = CursorCliStore(*clock(3), "/work/y")
    st.messages.append(
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "<open_files>\na.py\n</open_files>\n<user_query>\nrename it\n</user_query>"},
                {"type": "image", "image": "…"},
                {"type": "text", "text": "<terminal_selection>\n$ ls\n</terminal_selection>"},
            ],
        }
    )
    st.messages.append({"role": "user", "content": "<git_status>\nclean\n</git_status>\nwhy is the build slow?"})
    st.messages.append({"role": "user", "content": "<user_query>unclosed, so the whole text is kept"})
    result = cursor_cli.READER.read(_unit(st.write(tmp_path / "chats")))
    assert [t.text for t in result.turns] == [
        "rename it",
        "why is the build slow?",
        "<user_query>unclosed, so the whole text is kept",
    ]
    skips = result.stats.skips
    # tags the public descriptions do not name are counted without their name (it could be anything)
    assert skips["injected:other"] == 3 and {k for k in skips if k.startswith("injected:")} == {"injected:other"}
    assert skips["user_part:image"] == 1


def test_no_scaffolding_canary_reaches_the_warehouse_and_status_shows_the_agent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from persona_pipeline.orchestration import status

    root = tmp_path / "cursor"
    _write(root)
    settings = only_roots(monkeypatch, tmp_path, CURSOR_CLI_DIRS=str(root / "chats"))
    [outcome] = ingest_all(settings)
    assert outcome.status == "processed"
    excerpts = stored_excerpts(settings)
    assert "no, keep the old regex and only add the separator" in excerpts
    assert canaries_stored(settings, list(CANARY.values())) == {}
    assert canaries_stored(settings, ["thousands separator"])  # the scan sees stored text
    s = status.collect(settings)
    assert s["units"] == {"cursor_cli": {"processed": 1}}
    assert "Cursor CLI (cursor_cli): 1 on disk; 1 processed" in status.render(s)


def test_wal_commits_are_seen_and_read_while_the_cli_holds_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = _write(tmp_path)
    app = sqlite3.connect(db)
    app.execute("PRAGMA wal_autocheckpoint=0")
    before = cursor_cli.READER.fingerprint(_unit(db))  # type: ignore[misc]
    app.execute("INSERT INTO blobs VALUES ('00', x'00')")
    app.commit()
    unit = _unit(db)
    assert cursor_cli.READER.fingerprint(unit) != before  # type: ignore[misc]
    app.execute("BEGIN IMMEDIATE")  # mid-write: readers see the last commit
    app.execute("DELETE FROM blobs")
    monkeypatch.setattr(sqlite_snapshot, "_copy", None)  # WAL readers never need the copy
    assert _said(cursor_cli.READER.read(unit).turns) == EXPECTED
    app.rollback()
    app.close()


def test_an_exclusively_locked_store_is_read_from_a_private_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = _write(tmp_path)
    copies: list[Path] = []
    real = sqlite_snapshot._copy
    monkeypatch.setattr(sqlite_snapshot, "_copy", lambda p, f: copies.append(p) or real(p, f))
    app = sqlite3.connect(db, isolation_level=None)
    app.execute("PRAGMA journal_mode=DELETE")
    app.execute("BEGIN EXCLUSIVE")
    app.execute("DELETE FROM blobs")  # uncommitted: never seen
    result = cursor_cli.READER.read(_unit(db))
    app.execute("ROLLBACK")
    app.close()
    assert copies == [db] and _said(result.turns) == EXPECTED


@pytest.mark.parametrize(
    ("content", "reason"),
    [(b"", "empty"), (b"\x00\x01garbage" * 40, "not_sqlite"), (b"SQLite format 3\x00" + b"\xff" * 300, "not_sqlite")],
)
def test_hostile_files_are_recorded_skips(tmp_path: Path, content: bytes, reason: str) -> None:
    db = tmp_path / "chats" / _MD5_DIR / _AGENT_DIR / "store.db"
    db.parent.mkdir(parents=True)
    db.write_bytes(content)
    result = cursor_cli.READER.read(_unit(db))
    assert result.file_error == reason and not result.turns


def test_a_truncated_store_is_a_recorded_skip(tmp_path: Path) -> None:
    st = _chat()
    for n in range(40):  # pages enough that half the file is a broken database
        st.user(f"note {n}: " + "x" * 3000)
    data = st.write(tmp_path / "a" / "chats").read_bytes()
    cut = tmp_path / "b" / "chats" / _MD5_DIR / _AGENT_DIR / "store.db"
    cut.parent.mkdir(parents=True)
    cut.write_bytes(data[: len(data) // 2])
    result = cursor_cli.READER.read(_unit(cut))
    assert not result.turns and (result.file_error or "").startswith(("sqlite_", "not_sqlite"))


def _edit(db: Path, sql: str, *args: object) -> None:
    con = sqlite3.connect(db)
    con.execute(sql, args)
    con.commit()
    con.close()


def _root(db: Path) -> bytes:
    con = sqlite3.connect(db)
    meta = json.loads(bytes.fromhex(con.execute("SELECT value FROM meta").fetchone()[0]))
    data = con.execute("SELECT data FROM blobs WHERE id = ?", [meta["latestRootBlobId"]]).fetchone()[0]
    con.close()
    return data


def _is_user(db: Path, blob_id: str, start: str) -> bool:
    con = sqlite3.connect(db)
    data = con.execute("SELECT data FROM blobs WHERE id = ?", [blob_id]).fetchone()[0]
    con.close()
    return data[:1] == b"{" and f"<user_query>\n{start}" in json.loads(data).get("content", "")


def test_bad_blobs_cost_themselves(tmp_path: Path) -> None:
    db = _write(tmp_path)
    root = _root(db)
    children = [root[i + 2 : i + 34].hex() for i in range(0, len(root), 34)]
    # the first user message (the preamble) undecodable, the system prompt not JSON, a child gone
    _edit(db, "UPDATE blobs SET data = x'ff01' WHERE id = ?", children[1])
    _edit(db, "UPDATE blobs SET data = ? WHERE id = ?", b"{not json", children[0])
    _edit(db, "DELETE FROM blobs WHERE id = ?", children[-1])
    result = cursor_cli.READER.read(_unit(db))
    assert result.file_error is None and _said(result.turns) == EXPECTED
    skips = result.stats.skips
    assert skips["blob_undecodable"] == 1 and skips["blob_invalid_json"] == 1 and skips["blob_missing"] == 1

    # a message gone from the middle costs itself: the ones after it are read, in order
    mid = _write(tmp_path / "mid")
    kids = _root(mid)
    second_prompt = next(
        k for k in (kids[i + 2 : i + 34].hex() for i in range(0, len(kids), 34)) if _is_user(mid, k, "no, keep")
    )
    _edit(mid, "DELETE FROM blobs WHERE id = ?", second_prompt)
    gone = cursor_cli.READER.read(_unit(mid))
    assert _said(gone.turns) == [EXPECTED[0], EXPECTED[2]] and gone.stats.skips["blob_missing"] == 1

    # a tree that points back at itself is walked once (the cycle counted, not followed)
    st = CursorCliStore(*clock(6), "/work/z")
    st.user("split the loader into two functions")
    cyc = st.write(tmp_path / "cycle" / "chats")
    root_id = json.loads(bytes.fromhex(sqlite3.connect(cyc).execute("SELECT value FROM meta").fetchone()[0]))[
        "latestRootBlobId"
    ]
    _edit(cyc, "UPDATE blobs SET data = data || x'0a20' || ? WHERE id = ?", bytes.fromhex(root_id), root_id)
    looped = cursor_cli.READER.read(_unit(cyc))
    assert [t.text for t in looped.turns] == ["split the loader into two functions"]
    assert looped.stats.skips["blob_cycle"] == 1


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("DROP TABLE blobs", "no_chat_tables"),
        ("UPDATE meta SET value = 'zz-not-hex'", "meta_unreadable"),
        ("DELETE FROM meta", "meta_unreadable"),
        ("UPDATE meta SET value = '" + json.dumps({"agentId": "a"}).encode().hex() + "'", "no_root_blob"),
    ],
)
def test_schema_drift_is_a_counted_skip(tmp_path: Path, change: str, reason: str) -> None:
    db = _write(tmp_path)
    _edit(db, change)
    result = cursor_cli.READER.read(_unit(db))
    assert result.file_error is None and not result.turns and result.stats.skips == {reason: 1}


def test_plain_json_meta_and_unknown_roles_and_parts(tmp_path: Path) -> None:
    st = CursorCliStore(*clock(8), "/work/w")
    st.user("prefer early returns")
    st.messages.append({"role": "critic", "content": "x"})
    st.messages.append({"role": "assistant", "content": [{"type": "source", "url": "u"}, "odd"]})
    st.messages.append(["not", "a", "message"])
    db = st.write(tmp_path / "chats")
    con = sqlite3.connect(db)
    meta = bytes.fromhex(con.execute("SELECT value FROM meta").fetchone()[0]).decode()
    con.execute("UPDATE meta SET value = ?", [meta])  # a build writing the JSON itself
    con.commit()
    con.close()
    result = cursor_cli.READER.read(_unit(db))
    assert [t.text for t in result.turns] == ["prefer early returns"]
    skips = result.stats.skips
    assert skips["role:critic"] == 1 and skips["part:source"] == 1 and skips["part:<none>"] == 1
    assert skips["blob_undecodable"] == 1  # a JSON array is neither a message nor a node


def test_a_table_written_in_another_order_reads_the_same(tmp_path: Path) -> None:
    db = _write(tmp_path)
    before = cursor_cli.READER.read(_unit(db))
    con = sqlite3.connect(db)
    rows = con.execute("SELECT id, data FROM blobs ORDER BY rowid DESC").fetchall()
    con.execute("DELETE FROM blobs")
    con.executemany("INSERT INTO blobs VALUES (?, ?)", rows)  # the newest blob first
    con.commit()
    con.close()
    after = cursor_cli.READER.read(_unit(db))
    assert _said(after.turns) == EXPECTED
    assert [t.model_dump() for t in after.turns] == [t.model_dump() for t in before.turns]


def test_without_meta_json_the_project_comes_from_the_preamble_when_its_md5_matches(tmp_path: Path) -> None:
    db = _write(tmp_path)
    (db.parent / "meta.json").unlink()
    [first, *_] = [t for t in cursor_cli.READER.read(_unit(db)).turns if t.tier is not Tier.T3]
    assert first.cwd == CWD  # `Workspace Path: /work/shop` in `<user_info>`, md5 = the folder's name

    st = _chat(5)
    st.messages[1] = {"role": "user", "content": "<user_info>\nWorkspace Path: /work/elsewhere\n</user_info>"}
    other = st.write(tmp_path / "o" / "chats")
    (other.parent / "meta.json").unlink()
    result = cursor_cli.READER.read(_unit(other))
    assert {t.cwd for t in result.turns} == {None} and result.stats.cwd is None  # no path that hashes right
