"""Per rule, its sessions and the newest evidence timestamp in each, computed in the warehouse."""

from pathlib import Path

from persona_pipeline.core.warehouse import store
from persona_pipeline.persona import store as digest_store


def test_sessions_and_newest_stamps_per_rule(tmp_path: Path) -> None:
    obs = [  # id, unit, session, timestamp
        ("o1", "claude/p/a.jsonl", "s1", "2026-01-02T00:00:00Z"),
        ("o2", "claude/p/a.jsonl", "s1", "2026-03-04T00:00:00Z"),  # same session, newer
        ("o3", "codex/2026/01/r.jsonl", "", "2026-02-01T00:00:00Z"),  # no session id: the unit
        ("o4", "git/repo", None, None),  # no timestamp: ""
        ("o5", "claude/p/b.jsonl", "s2", "2026-05-05T00:00:00Z"),  # cited by no rule
    ]
    with store.connect(tmp_path / "w.duckdb") as con:
        con.executemany(
            "INSERT INTO observations (observation_id, unit_key, session_id, timestamp) VALUES (?, ?, ?, ?)", obs
        )
        con.executemany(
            "INSERT INTO facet_rules (rule_id, observation_ids) VALUES (?, ?)",
            [("r1", ["o1", "o2", "o3"]), ("r2", ["o4", "o-erased"]), ("r3", [])],
        )
        got = digest_store.rule_histories(con)
    assert got == {
        "r1": {"s1": "2026-03-04T00:00:00Z", "codex/2026/01/r.jsonl": "2026-02-01T00:00:00Z"},
        "r2": {"git/repo": ""},
        "r3": {},
    }
