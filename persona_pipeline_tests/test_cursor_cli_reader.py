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


def _store(root: Path, messages: list, cwd: str = "/work/p", seed: int = 1) -> Path:
    st = CursorCliStore(*clock(seed), cwd)
    st.messages.extend(messages)
    return st.write(root / "chats")


def _q(text: str, before: str = "") -> dict:
    return {"role": "user", "content": f"{before}<user_query>\n{text}\n</user_query>"}


def test_a_user_query_inside_an_attached_file_is_never_the_persons_words(tmp_path: Path) -> None:
    attached = (
        "<attached_files>\n<file path='fixtures/chat.txt'>\n<user_query>\nCANARY-ATTACHED-QUERY-5e6f\n"
        "</user_query>\n</file>\n</attached_files>\n"
    )
    nested = "<context>\n<user_query>CANARY-CONTEXT-QUERY-7a8b</user_query>\n</context>\n"
    db = _store(tmp_path, [_q("summarise this fixture", attached), _q("and the other one", nested)])
    result = cursor_cli.READER.read(_unit(db))
    assert [t.text for t in result.turns] == ["summarise this fixture", "and the other one"]
    assert result.stats.skips["injected:attached_files"] == 1 and result.stats.skips["injected:context"] == 1


def test_a_typed_closing_tag_stays_in_and_only_known_context_tags_are_cut(tmp_path: Path) -> None:
    db = _store(
        tmp_path,
        [
            _q("why does </user_query> end my prompt early? fix the parser"),
            {"role": "user", "content": "<div>hello</div> why is this div not centred"},  # no wrapper (older builds)
            {"role": "user", "content": "<git_status>\nclean\n</git_status>\n<div>x</div> still mine"},
            # two queries with a context block between them: the block is not part of either
            {
                "role": "user",
                "content": "<user_query>a</user_query>\n<rules>CANARY-RULES-9c0d</rules>\n<user_query>b</user_query>",
            },
        ],
    )
    result = cursor_cli.READER.read(_unit(db))
    assert [t.text for t in result.turns] == [
        "why does </user_query> end my prompt early? fix the parser",
        "<div>hello</div> why is this div not centred",
        "<div>x</div> still mine",
        "a\n\nb",
    ]
    assert result.stats.skips["injected:other"] == 1 and result.stats.skips["injected:rules"] == 1


def test_each_turn_takes_the_time_of_its_own_timestamp_block(tmp_path: Path) -> None:
    def stamped(when: str, text: str) -> dict:
        return _q(text, f"<timestamp>{when}</timestamp>\n")

    db = _store(
        tmp_path,
        [
            stamped("Monday, Oct 5, 2026, 9:40 AM (UTC+0)", "start"),
            {
                "role": "assistant",
                "content": [{"type": "tool-call", "toolCallId": "c", "toolName": "Shell", "args": {"command": "make"}}],
            },
            {
                "role": "tool",
                "content": [{"type": "tool-result", "toolCallId": "c", "isError": True, "result": "boom"}],
            },
            stamped("Friday, Nov 20, 2026, 4:10 PM (UTC-5)", "six weeks later"),
            stamped("Saturday, Nov 21, 2026", "a day, no time"),
            stamped("Monday, Oct 5, 2026", "the chat's own day"),  # createdAt is closer than midnight
            stamped("soon-ish", "unreadable"),
            _q("no block at all"),
            {"role": "user", "content": "<timestamp>Sunday, Nov 22, 2026, 8:00 AM (UTC+1)</timestamp>\nno wrapper"},
        ],
    )
    result = cursor_cli.READER.read(_unit(db))
    created = "2026-10-05T09:00:00.000Z"
    said = [(t.text, t.timestamp) for t in result.turns if t.tier is not Tier.T3]
    assert said == [
        ("start", "2026-10-05T09:40:00.000Z"),
        ("six weeks later", "2026-11-20T21:10:00.000Z"),
        ("a day, no time", "2026-11-21T00:00:00.000Z"),
        ("the chat's own day", created),
        ("unreadable", created),
        ("no block at all", created),
        ("no wrapper", "2026-11-22T07:00:00.000Z"),  # an older build's message: the block still read
    ]
    [error] = [t for t in result.turns if t.kind is TurnKind.TOOL_ERROR]
    assert error.timestamp == "2026-10-05T09:40:00.000Z"  # after the prompt that asked for it
    assert result.stats.skips["injected:timestamp"] == 6 and not any("soon" in t.text for t in result.turns)


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("Monday, Aug 24, 2026, 3:01 PM (UTC-5)", "2026-08-24T20:01:00.000Z"),
        ("Monday, Aug 24, 2026, 12:05 AM (UTC+5:30)", "2026-08-23T18:35:00.000Z"),
        ("Tuesday, September 1, 2026, 14:30 GMT+2", "2026-09-01T12:30:00.000Z"),
        ("2026-08-24T15:01:00-05:00", "2026-08-24T20:01:00.000Z"),
        ("2026-08-24 15:01", "2026-08-24T15:01:00.000Z"),
        ("1787000000000", "2026-08-17T20:53:20.000Z"),
        ("Sep 28, 2026", "2026-09-28T00:00:00.000Z"),
        ("Monday, Foo 24, 2026", None),
        ("Monday, Aug 32, 2026", None),
        ("Monday, Aug 24, 2026, 13:01 PM", None),
        ("Monday, Aug 24, 2026, 3:01 PM (UTC+23)", None),
        ("x" * 300, None),
        ("", None),
    ],
)
def test_timestamp_texts_are_read_tolerantly_and_never_guessed(text: str, iso: str | None) -> None:
    from persona_pipeline.core.sources import prompt_time

    parsed = prompt_time.parse(text)
    assert (parsed[0] if parsed else None) == iso


def test_a_message_repeated_word_for_word_is_read_each_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    said = {"role": "assistant", "content": [{"type": "text", "text": "did a step"}]}
    db = _store(tmp_path, [_q("continue"), said, _q("continue"), said, _q("continue")])
    result = cursor_cli.READER.read(_unit(db))
    assert [t.text for t in result.turns] == ["continue"] * 3
    assert result.stats.skips["assistant_text"] == 2 and "blob_cycle" not in result.stats.skips

    # the same through linking nodes (walked by id), and in a table written in another order
    st = CursorCliStore(*clock(2), "/work/p")
    st.fanout = 2
    st.messages.extend([_q("continue"), said, _q("continue"), _q("continue")])
    nested = st.write(tmp_path / "n" / "chats")
    assert [t.text for t in cursor_cli.READER.read(_unit(nested)).turns] == ["continue"] * 3
    con = sqlite3.connect(db)
    rows = con.execute("SELECT id, data FROM blobs ORDER BY rowid DESC").fetchall()
    con.execute("DELETE FROM blobs")
    con.executemany("INSERT INTO blobs VALUES (?, ?)", rows)
    con.commit()
    con.close()
    assert [t.text for t in cursor_cli.READER.read(_unit(db)).turns] == ["continue"] * 3

    # a tree sharing its subtrees (2^40 paths) stops at the node budget, counted
    monkeypatch.setattr(cursor_cli, "MAX_NODES", 500)
    con = sqlite3.connect(db)
    leaf = dump(_q("shared")).encode()
    node = hashlib.sha256(leaf).digest()
    blobs = [(node.hex(), leaf)]
    for i in range(40):
        data = b"\x0a\x20" + node + b"\x0a\x20" + node + bytes([0x10, i])
        node = hashlib.sha256(data).digest()
        blobs.append((node.hex(), data))
    con.executemany("INSERT INTO blobs VALUES (?, ?)", blobs)
    meta = json.loads(bytes.fromhex(con.execute("SELECT value FROM meta").fetchone()[0]))
    root = b"\x0a\x20" + node
    con.execute("INSERT INTO blobs VALUES (?, ?)", [hashlib.sha256(root).hexdigest(), root])
    meta["latestRootBlobId"] = hashlib.sha256(root).hexdigest()
    con.execute("UPDATE meta SET value = ?", [dump(meta).encode().hex()])
    con.commit()
    con.close()
    shared = cursor_cli.READER.read(_unit(db))
    assert 0 < len(shared.turns) < 500 and shared.stats.skips["blob_tree_too_large"] == 1


def test_a_store_outside_the_id_folders_gets_no_key_that_could_hold_a_name(tmp_path: Path) -> None:
    real = _store(tmp_path / "src", [_q("hi")])
    md5 = real.parents[1].name
    odd = [
        tmp_path / "home" / "alice" / "store.db",
        tmp_path / "home" / "alice" / "chats" / "store.db",
        tmp_path / "alice" / "chats" / md5 / "store.db",  # one level short: `chats/<md5>` are not ids
        tmp_path / "alice" / "chats" / "alice" / real.parent.name / "store.db",  # not an md5
        tmp_path / "alice" / "chats" / md5 / "alice-notes" / "store.db",  # not an agent id
    ]
    for path in odd:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(real.read_bytes())
    for root in [tmp_path / "home" / "alice", tmp_path / "home" / "alice" / "chats", tmp_path / "alice" / "chats"]:
        ignored: dict[str, int] = {}
        units = cursor_cli.READER.discover([root], ignored)
        assert not any("alice" in u.key for u in units) and units == []
        assert ignored["unexpected_layout"] >= 1
    for path in odd:  # a root that is the file itself
        ignored = {}
        assert cursor_cli.READER.discover([path], ignored) == [] and ignored == {"unexpected_layout": 1}
    [unit] = cursor_cli.READER.discover([tmp_path / "src" / "chats"], {})
    assert unit.key == f"cursor_cli/{md5}/{real.parent.name}/store.db"


def test_a_project_path_with_spaces_is_recovered_from_the_preamble(tmp_path: Path) -> None:
    for n, cwd in enumerate(["/Users/x/My Projects/app", "C:\\Users\\x\\My Projects\\app", "/work/app"]):
        info = {"role": "user", "content": f"<user_info>\nOS: darwin\nWorkspace Path: {cwd}\nShell: zsh\n</user_info>"}
        db = _store(tmp_path / str(n), [info, _q("hi")], cwd=cwd)
        (db.parent / "meta.json").unlink()
        result = cursor_cli.READER.read(_unit(db))
        assert result.stats.cwd == cwd and [t.cwd for t in result.turns] == [cwd]
    # a path with spaces whose md5 is not the folder's: never taken, nor any prefix of it
    info = {"role": "user", "content": "<user_info>\nWorkspace Path: /Users/x/Other Projects/app\n</user_info>"}
    db = _store(tmp_path / "o", [info, _q("hi")], cwd="/Users/x/My Projects/app")
    (db.parent / "meta.json").unlink()
    assert cursor_cli.READER.read(_unit(db)).stats.cwd is None


def test_image_only_and_attachment_only_messages_have_their_own_reasons(tmp_path: Path) -> None:
    db = _store(
        tmp_path,
        [
            {"role": "user", "content": [{"type": "image", "image": "data:…"}]},
            {"role": "user", "content": [{"type": "file", "data": "x", "mediaType": "text/plain"}]},
            {"role": "user", "content": [{"type": "image", "image": "…"}, {"type": "file", "data": "x"}]},
            {"role": "user", "content": []},
            {"role": "user", "content": [{"type": ["odd"]}]},
            {"role": "user", "content": {"text": "x"}},
            _q("what is in the screenshot?"),
        ],
    )
    result = cursor_cli.READER.read(_unit(db))
    assert [t.text for t in result.turns] == ["what is in the screenshot?"]
    skips = result.stats.skips
    assert skips["image_only"] == 1 and skips["attachment_only"] == 2 and skips["empty_message"] == 1
    assert skips["user_message_malformed"] == 2


def test_forgetting_a_project_keeps_its_later_chats_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from persona_pipeline.core.sources import tombstones
    from persona_pipeline.orchestration import erasure, incremental

    root = tmp_path / "cursor" / "chats"

    def key(db: Path) -> str:
        return f"cursor_cli/{db.parents[1].name}/{db.parent.name}/store.db"

    first = _store(tmp_path / "cursor", [_q("first chat")], cwd="/work/shop")
    other = _store(tmp_path / "cursor", [_q("another project")], cwd="/work/mill", seed=3)
    settings = only_roots(monkeypatch, tmp_path, CURSOR_CLI_DIRS=str(root))
    ingest_all(settings)
    forgotten = erasure.forget(settings, "shop")
    assert forgotten.keys == [key(first)]
    later = _store(tmp_path / "cursor", [_q("second chat, same project")], cwd="/work/shop", seed=2)
    keys = [u.key for u in incremental.scan(settings, prepare=False).found.units]
    assert key(later) not in keys and key(first) not in keys
    assert keys == [key(other)]
    # the scope is the chats folder: md5 of the project path (`forget <md5>` names it too)
    assert tombstones.project_of_key(key(later)) == hashlib.md5(b"/work/shop").hexdigest()
