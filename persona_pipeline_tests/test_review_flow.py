"""The review end to end on the sample corpus, through the real warehouse and the offline digester:
a rejected rule stays out across three rebuilds of the rules, a model switch (another digester
wording every observation differently), a re-digest and `persona rebuild` (a new warehouse), and
comes back only when new sessions re-establish it; an accepted, edited rule keeps its wording and
its citations throughout. Also `persona pack --project` and `persona review --json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from persona_pipeline.core.config import Settings, load_settings
from persona_pipeline.core.warehouse import store
from persona_pipeline.orchestration.review_cli import Session, interactive
from persona_pipeline.persona import store as digest_store
from persona_pipeline.persona.compile import build_pack
from persona_pipeline.persona.digest.models import DigestInput, DigestResult, Rule, observation_id
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.fold import fold
from persona_pipeline.persona.pack import Pack, write_pack
from persona_pipeline.persona.review import store as review_store
from persona_pipeline.persona.stage import digest_units
from persona_pipeline_tests.builders import claude_user, write_jsonl
from persona_pipeline_tests.conftest import cli, last_json

EDIT = "Dataframes: polars only, never pandas."


class RewordingDigester:
    """Another model: the offline reading, every statement worded differently ("Please …"), its
    own name and prompt version, so every observation and rule id changes; the evidence is the same."""

    name = "other-model/v2"
    prompt_version = "reworded-1"

    def digest_many(self, inputs: list[DigestInput]) -> list[DigestResult]:
        out = []
        for r in OfflineDigester().digest_many(inputs):
            obs = []
            for o in r.observations:
                said = "Please " + o.statement[:1].lower() + o.statement[1:]
                oid = observation_id(o.unit_key, o.facet.value, said, o.evidence_ids)
                obs.append(o.model_copy(update={"statement": said, "observation_id": oid, "model": self.name}))
            out.append(r.model_copy(update={"observations": obs}))
        return out


def _rebuild(settings: Settings) -> tuple[Pack, list[Rule]]:
    """What facet_trees + persona_pack do: fold all stored observations, then compile."""
    with store.connect(settings.warehouse_path) as con:
        rules = fold(digest_store.load_observations(con))
        digest_store.save_rules(con, rules)
        review_store.prune(con)
    pack = build_pack(settings)
    write_pack(pack, settings.data_dir / "persona")
    return pack, rules


def _pathlib(text: str) -> bool:
    return "pathlib" in text.lower() or "os.path" in text.lower()


def _check(pack: Pack, rules: list[Rule], edited_evidence: set[str]) -> None:
    # the rejected rule is still folded (so review, not absence, keeps it out) ...
    assert any(_pathlib(r.statement) and r.superseded_by is None and r.support_sessions >= 2 for r in rules)
    # ... and in no bullet
    assert not [b.text for b in pack.bullets if _pathlib(b.text)]
    (edited,) = [b for b in pack.bullets if b.text == EDIT]
    assert edited.review == "accepted" and "polars" in (edited.statement or "").lower()
    assert edited_evidence <= set(edited.evidence_ids)  # its citations kept


def _session(root: Path, n: int, stamp: str) -> None:
    sid = f"7e57ab1e-0000-4000-8000-00000000000{n}"
    write_jsonl(
        root / "-home-mquill-code-ledgerly" / f"{sid}.jsonl",
        [
            claude_user(
                "use pathlib instead of os.path",
                sessionId=sid,
                timestamp=stamp,
                cwd="/home/mquill/code/ledgerly",
            )
        ],
    )


@pytest.fixture
def env(cli_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    for k in ("PERSONA_DATA_DIR", "PERSONA_CLAUDE_DIRS", "PERSONA_CODEX_DIRS"):
        monkeypatch.setenv(k, cli_env[k])
    return cli_env


def test_rejected_rule_stays_out_and_edited_rule_keeps_wording_and_citations(env, sample_copy, tmp_path) -> None:
    first = last_json(*_out(cli(env, "run", "--json")))
    assert first["rules"] > 0
    settings = load_settings()
    before = json.loads((settings.data_dir / "persona" / "persona.json").read_text())
    assert [b for b in before["bullets"] if _pathlib(b["text"])], "the rule to reject is in the pack at first"

    listed = json.loads(cli(env, "review", "--json").stdout)
    pending = {r["statement"]: r for r in listed["rules"]}
    reject = next(r for s, r in pending.items() if _pathlib(s))
    edit = next(r for s, r in pending.items() if "polars" in s.lower())
    assert reject["evidence"] and reject["state"] == "new"
    done = cli(env, "review", "--reject", reject["id"][:8], "--edit", edit["id"], EDIT)
    assert done.returncode == 0, done.stderr
    edited_evidence = set(edit["evidence_ids"])
    assert edited_evidence == {e["evidence_id"] for e in edit["evidence"]}

    after = json.loads((settings.data_dir / "persona" / "persona.json").read_text())
    assert not [b for b in after["bullets"] if _pathlib(b["text"])]  # recompiled at once
    for _ in range(3):  # three rebuilds of the rules: new rule ids are not new rules
        pack, rules = _rebuild(settings)
        _check(pack, rules, edited_evidence)

    with store.connect(settings.warehouse_path, read_only=True) as con:
        keys = [r[0] for r in con.execute("SELECT unit_key FROM units").fetchall()]
    digest_units(settings, keys, force=True, digester=RewordingDigester())  # a model switch
    pack, rules = _rebuild(settings)
    assert any(r.statement.startswith("Please ") and _pathlib(r.statement) for r in rules)
    assert all(not b.text.startswith("Please ") or "pathlib" not in b.text for b in pack.bullets)
    _check(pack, rules, edited_evidence)

    digest_units(settings, keys, force=True)  # a re-digest with the configured (offline) model
    pack, rules = _rebuild(settings)
    _check(pack, rules, edited_evidence)

    rebuilt = cli(env, "rebuild", "--json")  # a new warehouse, every source read again
    last_json(rebuilt.stdout, rebuilt.returncode, rebuilt.stderr)
    assert "kept 2 review decision(s)" in rebuilt.stderr
    with store.connect(settings.warehouse_path, read_only=True) as con:
        rules = digest_store.load_rules(con)
    _check(build_pack(settings), rules, edited_evidence)

    # new evidence: one new session is not enough, two re-establish it (pending review again)
    _session(sample_copy[0], 1, "2026-11-02T10:00:00.000Z")
    last_json(*_out(cli(env, "run", "--json")))
    pack = build_pack(settings)
    assert not [b for b in pack.bullets if _pathlib(b.text)]
    _session(sample_copy[0], 2, "2026-11-09T10:00:00.000Z")
    last_json(*_out(cli(env, "run", "--json")))
    pack = build_pack(settings)
    back = [b for b in pack.bullets if _pathlib(b.text)]
    assert [b.review for b in back] == ["returned"]
    assert back[0].rule_id in pack.report["pending_review"]
    session = Session(settings)
    assert back[0].rule_id in session.pending_ids()


def test_pack_project_prints_one_project_part(env) -> None:
    last_json(*_out(cli(env, "run", "--json")))
    settings = load_settings()
    out = settings.data_dir / "persona"
    full = (out / "PERSONA.md").read_text()
    pj = json.loads((out / "persona.json").read_text())
    assert "ledgerly" in pj["projects"]  # transcripts only here: what was said in one project
    scoped = [b for b in pj["bullets"] if b["scope"] == "ledgerly"]
    glob = [b for b in pj["bullets"] if b["scope"] == "global"]
    assert scoped and glob and all(b["support_projects"] >= 2 for b in glob)
    assert all(b["support_projects"] == 1 for b in pj["bullets"] if b["scope"] != "global")
    part = cli(env, "pack", "--project", "ledgerly")
    assert part.returncode == 0, part.stderr
    assert all(b["text"] in part.stdout for b in scoped)
    assert not [b for b in glob if f"- {b['text']}\n" in part.stdout]
    assert part.stdout == (out / "projects" / "ledgerly.md").read_text()
    assert "## Only in ledgerly" in full and "## Only in" not in (out / "global.md").read_text()
    assert cli(env, "pack", "--project", "nope").returncode == 1


def _out(proc) -> tuple[str, int, str]:  # type: ignore[no-untyped-def]
    return proc.stdout, proc.returncode, proc.stderr


def test_prompts_store_each_decision_as_it_is_made(env) -> None:
    last_json(*_out(cli(env, "run", "--json")))
    settings = load_settings()
    session = Session(settings)
    todo = [c for c in session.reviewable() if c.rule.rule_id in session.pending_ids()]
    assert len(todo) >= 4
    answers = iter(["x", "a", "r", "e", "My own words, please.", "p", "q"])
    said: list[str] = []
    interactive(session, lambda _prompt: next(answers), said.append)
    assert "  answer a, r, e, p, s or q" in said  # a wrong key asks again
    assert any(line.startswith("  - T") for line in said)  # the evidence is shown before each question
    with store.connect(settings.warehouse_path, read_only=True) as con:
        stored = {d.decision_id: d for d in review_store.load_decisions(con)}
    again = Session(settings)  # a new session finds each decision by the rule's identity
    got = [again.selection.reviews[c.rule.rule_id] for c in todo[:4]]
    assert [(g.state.value, g.pinned, g.edited_text) for g in got] == [
        ("accepted", False, None),
        ("rejected", False, None),
        ("accepted", False, "My own words, please."),
        ("accepted", True, None),
    ]
    assert len(stored) == 4 and again.selection.reviews[todo[4].rule.rule_id].state.value == "new"  # quit: undecided
