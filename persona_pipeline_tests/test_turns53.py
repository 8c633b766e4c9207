"""User turns the person did not write as a preference (issue 15, turns53).

1. Machine-written user turns: VS Code's confirmation clicks (`@agent Continue: "Continue to
   iterate?"`), Codex's and Gemini CLI's compaction summaries, dropped in every reader; the person's
   own "continue" stays.
2. Answers to the agent's numbered items: marked `TurnKind.ANSWER`; the offline digester keeps a
   sentence of one only when it says it holds beyond the task. A person's own numbered rule list
   stays a prompt.
3. aider's multi-line inputs (`#### ` per line): one input again, so a pasted traceback is cut as
   a run of output; `/run pytest` stays a command, never a sentence.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from persona_pipeline.core.models import ReadStats, Tier, TurnKind
from persona_pipeline.core.sources import aider, copilot
from persona_pipeline.core.sources import user_text as ut
from persona_pipeline.core.sources.answers import agent_items, answers_items
from persona_pipeline.core.sources.chat_turns import Conversation
from persona_pipeline.core.sources.claude_code import read_claude
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView
from persona_pipeline.persona.digest.offline import drafts_for
from persona_pipeline_tests.builders import claude_assistant, claude_user, text, write_jsonl

# an agent's reply ending in numbered clarifying questions (values of our own)
QUESTIONS = (
    "Before I start on the importer, a few open points:\n\n"
    "1. **Storage?**\n   Should the rows go to sqlite or to the existing postgres database?\n\n"
    "2. **Batch size?**\n   How many rows per insert?\n\n"
    "3. **Duplicates?**\n   Skip them, or fail the whole import?\n"
)
# the same questions under numbered headings, each asked on the line below
HEADED_QUESTIONS = (
    "### 1. Storage\nShould the rows go to sqlite or postgres?\n\n"
    "### 2. Batch size\nHow many rows per insert?\n\n"
    "### 3. Duplicates\nSkip them, or fail the whole import?\n"
)
# a numbered report of the agent's own changes, closed by a question: it asks nothing by number
CHANGE_REPORT = (
    "Done. Changes:\n1. Added the reservation model\n2. Updated the admin form\n3. Wrote two tests\n\nAnything else?"
)


# --- shape 2: answers to the agent's numbered items --------------------------------------------
@pytest.mark.parametrize(
    "reply",
    [
        "1. postgres\n\n2. 500\n\n3. skip them for now",
        "1. postgres 2. 500 3. skip them",  # one line
        "2) 500\n3) fail the whole import",  # a subset, in order
        "**1.** postgres\n**3.** skip",
        "(1) postgres\n(2) 500",
        "1: postgres\nand the rest is up to you",  # a number opens only the first line
    ],
)
def test_a_reply_going_through_the_agents_numbers_is_an_answer(reply: str) -> None:
    assert answers_items(reply, QUESTIONS)
    assert answers_items(reply, HEADED_QUESTIONS)


@pytest.mark.parametrize(
    ("reply", "assistant"),
    [
        ("1. postgres\n2. 500", "I added the importer. Anything else?"),  # no numbered list before
        ("1. postgres\n2. 500", "Done:\n1. added the importer"),  # one numbered item is no list
        # the person's own numbered rules after the agent's numbered change report (rev53c T1)
        ("1. pnpm only, never npm\n2. components stay under 200 lines\n3. tests are vitest", CHANGE_REPORT),
        ("1. postgres\n2. 500", "1. Which database?\n2. Added the importer."),  # one item asks
        ("1. use uv\n2. type hints\n3. ruff\n4. small commits", QUESTIONS),  # numbers past the agent's
        ("3. skip\n1. postgres", QUESTIONS),  # not in order: a list of its own
        ("postgres for the storage, 500 rows", QUESTIONS),  # no number first: read as a prompt
        ("continue", QUESTIONS),
        ("2024. was the year we moved", QUESTIONS),  # a year, not an item number
    ],
)
def test_look_alikes_are_not_answers(reply: str, assistant: str) -> None:
    assert not answers_items(reply, assistant)


def test_agent_items_reads_markdown_ordered_lists() -> None:
    assert agent_items(QUESTIONS) == {1, 2, 3}
    assert agent_items(HEADED_QUESTIONS) == {1, 2, 3}
    assert agent_items(CHANGE_REPORT) == frozenset()  # the closing question belongs to no item
    assert agent_items("### 1. Storage\ntext\n### 2. Batching\n") == frozenset()
    assert agent_items("version 1.2 of the tool and 3.4 of the other") == frozenset()
    assert agent_items("") == frozenset()


def test_answer_detection_is_linear_on_long_adversarial_text() -> None:
    assistant = "".join(f"{i % 99 + 1}. item?\n" for i in range(20_000))
    reply = "1. " + "1. " * 20_000
    many_lines = "\n".join(f"{i % 99 + 1}) x" for i in range(20_000))
    for r, a in ((reply, assistant), (many_lines, assistant), ("1. " + "9" * 100_000, assistant)):
        start = time.perf_counter()
        answers_items(r, a)
        assert time.perf_counter() - start < 1.0


def test_claude_reader_marks_an_answer_and_keeps_a_numbered_rule_list_a_prompt(tmp_path: Path) -> None:
    own_list = "1. always use uv\n2. never commit .env files"
    entries = [
        claude_user(own_list),  # the person's own list: no numbered list before it
        claude_assistant([text(QUESTIONS)]),
        claude_user("1. postgres\n\n2. 500\n\n3. skip them for now"),
        claude_assistant([text("Done. The importer writes to postgres.")], msg_id="msg_02"),
        claude_user("1. always add a test with each fix\n2. keep the diff small"),  # no list before
    ]
    turns = read_claude(write_jsonl(tmp_path / "s.jsonl", entries)).turns
    assert [t.kind for t in turns] == [TurnKind.PROMPT, TurnKind.ANSWER, TurnKind.PROMPT]
    assert turns[1].tier is Tier.T2 and turns[1].text.startswith("1. postgres")


def test_chat_readers_mark_an_answer_through_the_conversation() -> None:
    chat = Conversation(ReadStats())
    chat.assistant(HEADED_QUESTIONS)
    answer = chat.user("1. in the home folder\n2. retry once, then fail\n3. figure out the cases yourself", 1)
    chat.assistant("Applied.")
    prompt = chat.user("1. in the home folder\n2. retry once", 2)  # no numbered list before it
    assert answer is not None and answer.kind is TurnKind.ANSWER and answer.tier is Tier.T2
    assert prompt is not None and prompt.kind is TurnKind.PROMPT


def test_a_correction_signal_wins_over_an_answer() -> None:
    chat = Conversation(ReadStats())
    chat.assistant(QUESTIONS)
    chat.signal("interrupt")
    turn = chat.user("1. postgres\n2. 500", 1)
    assert turn is not None and turn.kind is TurnKind.CORRECTION and turn.tier is Tier.T1


def _statements(kind: TurnKind, excerpt: str) -> list[str]:
    ev = [EvidenceView(evidence_id="e1", tier=Tier.T2, kind=kind.value, excerpt=excerpt, project="p", session_id="s")]
    inp = DigestInput(unit_key="claude/p/s.jsonl", session_id="s", project="p", evidence=ev)
    return [d.quote for d in drafts_for(inp)]


def test_the_digester_keeps_only_what_an_answer_says_holds_beyond_the_task() -> None:
    reply = "1. don't overwrite existing files\n2. use postgres\n3. always pin versions in the lockfile"
    as_prompt = _statements(TurnKind.PROMPT, reply)
    as_answer = _statements(TurnKind.ANSWER, reply)
    assert any("overwrite" in q for q in as_prompt)  # read as a prompt, the negative directive is a rule
    assert not any("overwrite" in q or "postgres" in q for q in as_answer)  # in an answer: this task's choice
    assert any("always pin versions" in q for q in as_answer)  # said to hold always: kept


# --- shape 1: machine-written user turns ---------------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "kind"),
    [
        ('@agent Continue: "Continue to iterate?"', "ide_confirmation"),
        ('@agent Pause: "Continue to iterate?"\n', "ide_confirmation"),
        ('@workspace Allow: "Run command in terminal"', "ide_confirmation"),
        ('@agent Try Again: "Request failed"', "ide_confirmation"),
        ('Continue: "Continue to iterate?"', "ide_confirmation"),  # an export without the participant
        (
            "Another language model started to solve this problem and produced a summary of its thinking "
            "process. … Here is the summary: prefer tabs",
            "compact_summary",
        ),
        ("<state_snapshot>\n<overall_goal>ship it</overall_goal>\n</state_snapshot>", "compact_summary"),
    ],
)
def test_machine_written_turns_are_wrappers(raw: str, kind: str) -> None:
    assert ut.wrapper_kind(raw) == kind


@pytest.mark.parametrize(
    "raw",
    [
        "continue",
        "pick up where you stopped and continue",
        '@agent continue: "keep going"',  # a lower-case word: typed, not a button label
        '@src/app.ts rename: "foo" to "bar"',
        "@agent Continue",  # no confirmation title
        'Continue: "Continue to iterate?" and then always run the tests',
        'Rename the module to "billing"',  # no colon before the quote
        'the label reads: "Save"',  # lower-case words first: typed
        'Use this message: "fix: handle empty input"',  # lower-case words in the label
        # a typed rule of the same shape: no participant, and the quoted words do not ask (rev53c T5)
        'Remember: "prices are always integer cents, never floats"',
        'Important: "never run migrations on the live db"',
        'Pause: "the deploy window"',
        "Another thing: always run the linter",
    ],
)
def test_the_persons_own_continue_and_mentions_stay(raw: str) -> None:
    assert ut.wrapper_kind(raw) is None
    chat = Conversation(ReadStats())
    chat.assistant("Working on it.")
    assert chat.user(raw, 1) is not None


def test_confirmation_pattern_is_linear_on_adversarial_input() -> None:
    for raw in ("@" + "a" * 40 + " " + "Ab " * 50_000, '@agent A: "' + "x" * 200_000, "@" * 100_000):
        start = time.perf_counter()
        ut.wrapper_kind(raw)
        assert time.perf_counter() - start < 1.0


def test_claude_reader_drops_a_confirmation_click_exported_as_a_user_turn(tmp_path: Path) -> None:
    entries = [
        claude_user("convert the logger to structlog"),
        claude_assistant([text("Copilot has been working on this problem for a while.")]),
        claude_user('@agent Continue: "Continue to iterate?"'),
        claude_user("continue"),  # the person's own
    ]
    result = read_claude(write_jsonl(tmp_path / "s.jsonl", entries))
    assert [t.text for t in result.turns] == ["convert the logger to structlog", "continue"]
    assert result.stats.skips.get("ide_confirmation") == 1


def _copilot_unit(path: Path) -> SourceUnit:
    [u] = [u for u in copilot.READER.discover([path.parents[3]], {}) if Path(u.location) == path]
    return u


def test_copilot_reader_drops_a_request_carrying_a_clicked_confirmation(tmp_path: Path) -> None:
    folder = tmp_path / "User" / "workspaceStorage" / "h" / "chatSessions"
    folder.mkdir(parents=True)
    doc = {
        "requests": [
            {"message": {"text": "move the parser to its own module"}, "response": [{"value": "Working."}]},
            {
                # the participant's part is routing; what is left is VS Code's `${label}: "${title}"`
                "message": {
                    "text": '@agent Continue: "Continue to iterate?"',
                    "parts": [{"kind": "agent", "range": {"start": 0, "endExclusive": 6}}],
                },
                "confirmation": "Continue",
                "response": [{"value": "Continuing."}],
            },
            {"message": {"text": "Continue with the tests too"}, "response": [{"value": "ok"}]},
        ]
    }
    (folder / "s.json").write_text(json.dumps(doc))
    result = copilot.READER.read(_copilot_unit(folder / "s.json"))
    assert [t.text for t in result.turns] == ["move the parser to its own module", "Continue with the tests too"]
    assert result.stats.skips["ide_confirmation"] == 1


# --- shape 3: aider's multi-line inputs ---------------------------------------------------------
def _aider_history(tmp_path: Path, body: str) -> SourceUnit:
    path = tmp_path / "proj" / aider.CHAT_FILE
    path.parent.mkdir(parents=True)
    path.write_text(body)
    [u] = [u for u in aider.READER.discover([path.parent], {}) if Path(u.location) == path]
    return u


def _aider_input(text: str) -> str:
    """An input as aider's `io.user_input` writes it: each line a `#### ` line ending in a hard break."""
    return "\n#### " + "  \n#### ".join(text.splitlines()) + "  \n"


def test_aider_multiline_paste_is_one_input_and_its_output_run_is_cut(tmp_path: Path) -> None:
    pasted = (
        "why does the import fail?\n"
        "Traceback (most recent call last):\n"
        '  File "/srv/app/main.py", line 12, in <module>\n'
        "    import billing\n"
        "ModuleNotFoundError: No module named 'billing'\n"
        "\n"
        "always pin dependencies in requirements.txt"
    )
    body = (
        "\n# aider chat started at 2025-05-10 15:17:26\n"
        + _aider_input(pasted)
        + "\nThe module is missing.\n\n"
        + _aider_input("/run pytest -q")
        + "> Add 0.1k tokens of command output to the chat? (Y)es/(N)o [Yes]: y  \n"
        + _aider_input("/add src/app.py")
        + "> Added src/app.py to the chat  \n"
    )
    assert "####   \n" in body  # the blank line inside the paste, as aider writes it
    result = aider.READER.read(_aider_history(tmp_path, body))
    assert [t.text for t in result.turns] == [
        "why does the import fail?\n\nalways pin dependencies in requirements.txt"
    ]
    skips = result.stats.skips
    assert skips.get("pasted_span:output", 0) >= 1
    assert skips["command:run"] == 1 and skips["command:add"] == 1  # a command, never a sentence


def test_aider_answer_to_the_models_numbered_questions(tmp_path: Path) -> None:
    body = (
        "\n# aider chat started at 2025-05-10 15:17:26\n"
        + _aider_input("add an importer for the csv exports")
        + "\n"
        + QUESTIONS
        + "\n"
        + _aider_input("1. postgres\n2. 500\n3. skip them")
    )
    result = aider.READER.read(_aider_history(tmp_path, body))
    assert [t.kind for t in result.turns] == [TurnKind.PROMPT, TurnKind.ANSWER]


def test_aider_inputs_with_only_blank_lines_between_are_one_paste(tmp_path: Path) -> None:
    """A paste the terminal sent line by line: one input per line, no reply between them."""
    lines = [
        "the deploy broke again",
        "Traceback (most recent call last):",
        '  File "/srv/app/deploy.py", line 40, in <module>',
        "    main()",
        "RuntimeError: no release tag",
    ]
    body = "\n# aider chat started at 2025-05-10 15:17:26\n" + "".join(_aider_input(x) for x in lines)
    body += "\nThe build script fails.\n" + _aider_input("thanks, that fixed it")
    result = aider.READER.read(_aider_history(tmp_path, body))
    assert [t.text for t in result.turns] == ["the deploy broke again", "thanks, that fixed it"]
    assert result.stats.skips.get("pasted_span:output", 0) >= 1


def test_aider_commands_and_blank_inputs_are_never_joined(tmp_path: Path) -> None:
    body = (
        "\n# aider chat started at 2025-05-10 15:17:26\n"
        + _aider_input("/clear")
        + _aider_input("always write the tests first")
        + _aider_input("<blank>")
        + _aider_input("keep functions short")
        + _aider_input("/run pytest -q")
        + "\nAll tests pass.\n"
    )
    result = aider.READER.read(_aider_history(tmp_path, body))
    # the empty input between the two prompts keeps them apart; the command is its own, dropped
    assert [t.text for t in result.turns] == ["always write the tests first", "keep functions short"]
    skips = result.stats.skips
    assert skips["command:clear"] == 1 and skips["command:run"] == 1 and skips["blank_input"] == 1


def test_a_clients_question_marks_only_the_next_message_as_an_answer() -> None:
    """Cline's follow-up question (`chat.asked`): the next message answers it, kept or dropped."""
    chat = Conversation(ReadStats())
    chat.assistant("Which database should the importer write to?")
    chat.asked = True
    assert chat.user("postgres", 1).kind is TurnKind.ANSWER  # type: ignore[union-attr]
    chat.asked = True
    assert chat.user("<local-command-stdout>ok</local-command-stdout>", 2) is None  # dropped: scaffolding
    later = chat.user("use tabs in the makefiles", 3)
    assert later is not None and later.kind is TurnKind.PROMPT


def test_aider_a_pasted_path_line_is_no_command_and_keeps_the_paste_whole(tmp_path: Path) -> None:
    """rev53c T2: a trace's path line (`/home/…/x.go:58`) opens with a slash but is no Aider command
    (a command name is one word): the line-by-line paste stays one input."""
    lines = [
        "the scheduler crashed overnight",
        "panic: runtime error: index out of range [3] with length 3",
        "goroutine 1 [running]:",
        "main.schedule(...)",
        "\t/home/ci/work/sched/main.go:58 +0x1f4",
        "exit status 2",
    ]
    body = "\n# aider chat started at 2025-05-10 15:17:26\n" + "".join(_aider_input(x) for x in lines)
    body += "\nThe slice is one short.\n"
    result = aider.READER.read(_aider_history(tmp_path, body))
    assert len(result.turns) == 1 and result.turns[0].text.startswith("the scheduler crashed overnight")
    assert "main.go" not in result.turns[0].text
    assert not any(k.startswith("command:") for k in result.stats.skips)
