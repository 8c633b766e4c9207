"""ChatGPT and Claude.ai data exports (`core/sources/chat_exports.py`), and the digesters' rule for
general chat: communication always, coding facets only for turns about code."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from persona_pipeline.core.models import Tier, TurnKind
from persona_pipeline.core.sources import chat_exports, readers
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.eval.writers import ChatGptExport, ClaudeAiExport
from persona_pipeline.persona.digest.code_talk import about_code
from persona_pipeline.persona.digest.models import DigestInput, DraftObservation, EvidenceView, Facet
from persona_pipeline.persona.digest.validate import ground
from persona_pipeline_tests.reader_fixtures import canaries_stored, clock, ingest_all, only_roots, stored_excerpts

CANARY = {
    "gpt_title": "CANARY-GPT-TITLE-aa11",
    "custom_instructions": "CANARY-CUSTOM-INSTRUCTIONS-bb22",
    "gpt_answer": "CANARY-GPT-ANSWER-cc33",
    "regenerated": "CANARY-ABANDONED-BRANCH-dd44",
    "gpt_tool": "CANARY-GPT-TOOL-MESSAGE-ee55",
    "claude_name": "CANARY-CLAUDE-NAME-ff66",
    "claude_summary": "CANARY-CLAUDE-SUMMARY-0a77",
    "attachment": "CANARY-ATTACHMENT-EXTRACT-1b88",
    "thinking": "CANARY-THINKING-BLOCK-2c99",
    "claude_answer": "CANARY-CLAUDE-ANSWER-3daa",
    "system": "CANARY-SYSTEM-PROMPT-4ebb",
}


_FILLER = "Here is a longer answer that goes on for a while about the request. " * 5


def _chatgpt(path: Path) -> Path:
    rng, clk = clock(11)
    ex = ChatGptExport(rng, clk)
    ex.conversation(
        CANARY["gpt_title"],
        [
            ("user", "always answer in metric units"),
            ("assistant", f"{CANARY['gpt_answer']} {_FILLER} Noted."),  # only its tail is a correction's context
            ("user", "no, shorter answers please"),
        ],
        custom_instructions=CANARY["custom_instructions"],
        abandoned=CANARY["regenerated"],
    )
    ex.conversation("code", [("user", "in my parser.py prefer `re.fullmatch` over `re.match`"), ("assistant", "ok")])
    tool = ex.conversations[0]["mapping"]
    system = next(n for n in tool.values() if n["message"] and n["message"]["author"]["role"] == "system")
    system["message"]["content"]["parts"] = [CANARY["system"]]
    system["message"]["metadata"] = {}  # shown, not hidden: dropped for being the system's
    leaf = ex.conversations[0]["current_node"]
    tid = "tool-node"
    tool[tid] = {
        "id": tid,
        "parent": leaf,
        "children": [],
        "message": {
            "id": tid,
            "author": {"role": "tool"},
            "content": {"content_type": "execution_output", "text": CANARY["gpt_tool"]},
            "metadata": {},
        },
    }
    tool[leaf]["children"].append(tid)
    ex.conversations[0]["current_node"] = tid
    return ex.write(path)


def _claude(path: Path) -> Path:
    rng, clk = clock(12)
    ex = ClaudeAiExport(rng, clk)
    ex.conversation(
        CANARY["claude_name"],
        CANARY["claude_summary"],
        [
            ("human", "write like a colleague, not a brochure"),
            ("assistant", f"{CANARY['claude_answer']} {_FILLER}"),  # only its tail is a correction's context
            ("human", "actually, drop the greetings"),
        ],
        attachment=CANARY["attachment"],
        thinking=CANARY["thinking"],
    )
    return ex.write(path)


def _unit(path: Path) -> SourceUnit:
    [u] = chat_exports.READER.discover([path], {})
    return u


def _said(path: Path) -> list[tuple[str, str, str | None]]:
    result = chat_exports.READER.read(_unit(path))
    assert result.file_error is None
    return [(t.kind.value, t.text, t.correction_signal) for t in result.turns]


def test_chatgpt_walks_the_shown_branch_from_current_node(tmp_path: Path) -> None:
    path = _chatgpt(tmp_path / "chatgpt.zip")
    assert _said(path) == [
        ("prompt", "always answer in metric units", None),
        ("correction", "no, shorter answers please", "opener"),
        ("prompt", "in my parser.py prefer `re.fullmatch` over `re.match`", None),
    ]
    result = chat_exports.READER.read(_unit(path))
    first, correction = result.turns[0], result.turns[1]
    assert first.timestamp and first.timestamp.endswith("Z") and first.session_id != result.turns[2].session_id
    assert (
        correction.tier is Tier.T1 and correction.context.endswith("Noted.") and len(correction.context) <= 201
    )  # 200 and an ellipsis
    skips = result.stats.skips
    assert skips["system:text"] == 1  # the system prompt made visible above
    assert skips["hidden_message"] == 2 and skips["other_branch"] >= 1 and skips["title"] == 2
    assert skips["export_member"] == 2  # user.json, chat.html


def test_claude_ai_keeps_text_blocks_only(tmp_path: Path) -> None:
    path = _claude(tmp_path / "claude.zip")
    assert _said(path) == [
        ("prompt", "write like a colleague, not a brochure", None),
        ("correction", "actually, drop the greetings", "opener"),
    ]
    skips = chat_exports.READER.read(_unit(path)).stats.skips
    assert skips["attachment"] == 1 and skips["block:thinking"] == 1


def test_discovery_of_zips_and_unpacked_folders(tmp_path: Path) -> None:
    exports = tmp_path / "exports"
    _chatgpt(exports / "a1b2-2026-10-05.zip")
    unpacked = exports / "claude-data"
    unpacked.mkdir()
    with zipfile.ZipFile(_claude(tmp_path / "c.zip")) as z:
        (unpacked / "conversations.json").write_bytes(z.read("conversations.json"))
    units = chat_exports.READER.discover([exports], {})
    assert sorted(u.key for u in units) == [
        "chat_export/a1b2-2026-10-05.zip",
        "chat_export/claude-data/conversations.json",
    ]
    assert all(chat_exports.READER.read(u).turns for u in units)
    assert chat_exports.READER.default_roots(readers.Host("Linux", tmp_path, {})) == []  # only where pointed at


def test_no_scaffolding_canary_reaches_the_warehouse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _chatgpt(tmp_path / "exp" / "chatgpt.zip")
    _claude(tmp_path / "exp" / "claude.zip")
    settings = only_roots(monkeypatch, tmp_path, EXPORTS=str(tmp_path / "exp"))
    outcomes = ingest_all(settings)
    assert [o.status for o in outcomes] == ["processed", "processed"]
    assert "always answer in metric units" in stored_excerpts(settings)
    assert canaries_stored(settings, list(CANARY.values())) == {}
    assert canaries_stored(settings, ["write like a colleague"])


def test_a_single_zip_is_a_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _claude(tmp_path / "claude.zip")
    settings = only_roots(monkeypatch, tmp_path, EXPORTS=str(path))
    settings.check_roots()  # a file is a valid root for this reader
    assert [u.key for u in settings.sources().discover(prepare=False).units] == ["chat_export/claude.zip"]


@pytest.mark.parametrize(
    ("write", "reason"),
    [
        (lambda p: p.write_bytes(b""), "bad_zip"),
        (lambda p: p.write_bytes(b"\x00\x01\x02 binary"), "bad_zip"),
        (lambda p: zipfile.ZipFile(p, "w").writestr("other.txt", "x"), "not_a_chat_export"),
        (lambda p: zipfile.ZipFile(p, "w").writestr("conversations.json", ""), "empty"),
        (lambda p: zipfile.ZipFile(p, "w").writestr("conversations.json", '[{"mapping": {"a": '), "invalid_json"),
        (lambda p: zipfile.ZipFile(p, "w").writestr("conversations.json", '{"not": "a list"}'), "not_a_chat_export"),
    ],
)
def test_hostile_exports_are_recorded_skips(tmp_path: Path, write, reason: str) -> None:
    path = tmp_path / "e.zip"
    write(path)
    result = chat_exports.READER.read(_unit(path))
    assert result.file_error == reason and not result.turns


def test_a_truncated_zip_is_a_recorded_skip(tmp_path: Path) -> None:
    path = _chatgpt(tmp_path / "full.zip")
    cut = tmp_path / "cut.zip"
    cut.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    result = chat_exports.READER.read(_unit(cut))
    assert result.file_error == "bad_zip" and not result.turns


def test_schema_drift_costs_a_conversation_or_a_message(tmp_path: Path) -> None:
    convs = [
        7,
        {
            "mapping": {
                "r": {"id": "r", "parent": None, "children": ["u"], "message": None},
                "u": {
                    "id": "u",
                    "parent": "r",
                    "children": [],
                    "message": {
                        "author": {"role": "user"},
                        "content": {
                            "content_type": "text",
                            "parts": ["prefer tables for comparisons", {"asset_pointer": "img"}],
                        },
                    },
                },
            }
        },
        {"mapping": {"x": {"id": "x", "parent": "missing", "children": []}}, "current_node": "x"},
        {"mapping": {"a": {"id": "a", "parent": "b"}, "b": {"id": "b", "parent": "a"}}, "current_node": "a"},  # a cycle
        {
            "chat_messages": [
                None,
                {"sender": "human", "content": [{"type": "tool_use"}]},
                {"sender": "robot", "text": "x"},
                {"sender": "human", "text": "be blunt"},
            ]
        },
    ]
    path = tmp_path / "dir" / "conversations.json"
    path.parent.mkdir()
    path.write_text(json.dumps(convs))
    result = chat_exports.READER.read(_unit(path))
    assert [t.text for t in result.turns] == ["prefer tables for comparisons", "be blunt"]
    skips = result.stats.skips
    assert skips["conversation_malformed"] == 1 and skips["non_text_part"] == 1 and skips["no_current_node"] == 1
    assert skips["node_missing"] == 1 and skips["message_malformed"] == 1 and skips["sender:robot"] == 1


# --- the general-chat facet rule -----------------------------------------------------------------
def test_code_talk_reads_structure() -> None:
    assert about_code("in utils.py use `Path.read_text`") and about_code("run it with --dry-run first")
    assert about_code("rename user_id everywhere") and about_code("call parse(line) once")
    assert not about_code("always answer in metric units") and not about_code("keep it short, e.g. two lines")
    assert not about_code("and/or, 24/7 - whatever works")


def _ev(text: str, kind: str) -> EvidenceView:
    return EvidenceView(evidence_id=text[:8], tier=Tier.T2, kind=TurnKind.PROMPT.value, excerpt=text, source_kind=kind)


@pytest.mark.parametrize(
    ("kind", "text", "facet", "expected"),
    [
        ("chat_export", "always answer in metric units", Facet.WORKFLOW, Facet.COMMUNICATION),
        ("chat_export", "never use emojis", Facet.ANTI_PREFERENCES, Facet.COMMUNICATION),
        ("chat_export", "in parser.py prefer `re.fullmatch`", Facet.CODING_STYLE, Facet.CODING_STYLE),
        ("chat_export", "keep answers short", Facet.COMMUNICATION, Facet.COMMUNICATION),
        ("claude", "always answer in metric units", Facet.WORKFLOW, Facet.WORKFLOW),  # coding agents untouched
    ],
)
def test_general_chat_counts_for_coding_facets_only_about_code(
    kind: str, text: str, facet: Facet, expected: Facet
) -> None:
    inp = DigestInput(unit_key=f"{kind}/x", session_id=None, project="p", evidence=[_ev(text, kind)])
    draft = DraftObservation(facet=facet, statement=text.capitalize() + ".", quote=text, tier=Tier.T2)
    [obs], _ = ground(inp, [draft], "offline", "v")
    assert obs.facet is expected


def test_the_llm_prompt_says_so_only_for_chat_windows() -> None:
    from persona_pipeline.persona.digest import llm_prompt

    chat = DigestInput(
        unit_key="chat_export/x", session_id=None, project="p", evidence=[_ev("be brief", "chat_export")]
    )
    code = DigestInput(unit_key="claude/x", session_id=None, project="p", evidence=[_ev("be brief", "claude")])
    [chat_window], [code_window] = llm_prompt.windows(chat), llm_prompt.windows(code)
    assert chat_window[0].startswith("1. [T2 chat] ") and code_window[0].startswith("1. [T2] ")
    chat_system = llm_prompt.messages(chat_window)[0]["content"]
    code_system = llm_prompt.messages(code_window)[0]["content"]
    assert "Turns tagged `chat`" in chat_system and "Turns tagged `chat`" not in code_system
    assert code_system == llm_prompt.system_prompt()  # coding sessions' prompt unchanged (cache stays valid)
