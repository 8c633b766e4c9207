"""Pasted material outside fences (issue 15, session 52): unfenced runs of output over short
paragraphs (an error overlay, a program's stdout), another model's reply opening in its register.
Every text here is written for this file (invented apps, files and messages)."""

from __future__ import annotations

import time
from pathlib import Path

import duckdb
import pytest

from persona_pipeline.core.models import ReadStats, Tier
from persona_pipeline.core.sources import (
    aider,
    chat_exports,
    cline,
    copilot,
    cursor,
    cursor_cli,
    gemini,
    line_shapes,
    opencode,
)
from persona_pipeline.core.sources.chat_turns import Conversation
from persona_pipeline.core.sources.claude_code import read_claude
from persona_pipeline.core.sources.echo import AgentWords
from persona_pipeline.core.sources.paste_runs import cut_output_runs
from persona_pipeline.core.sources.pasted import split_pasted
from persona_pipeline.eval.writers import (
    AiderHistory,
    ChatGptExport,
    ClaudeAiExport,
    ClineTask,
    CopilotChat,
    CopilotCliSession,
    CursorCliStore,
    CursorStore,
    GeminiSession,
    OpencodeStore,
)
from persona_pipeline.persona import repeats
from persona_pipeline.persona.digest.models import Facet, Observation
from persona_pipeline_tests.builders import claude_assistant, claude_user, text, write_jsonl
from persona_pipeline_tests.reader_fixtures import clock

# an error overlay of a dev server copied at the head of a turn, the person's request under it
OVERLAY = """1 of 2 issues
Bundler 5.1 has an update

Uncaught Runtime Exception
Error: [ledger.fetchRows] request 77aa12 rejected
Cannot read the table 'rows_by_day'. Is the migration applied?

  Thrown in loader

Origin
web/pages/ledger.tsx (88:14) @ fetchRows

  86 |
  87 |   // rows for the chart
> 88 |   const rows = useRows(api.ledger.fetchRows, { day })
     |                ^
Frames (innermost first)
Expand hidden frames

the chart page should never call the api twice, keep one fetch per day"""

# a program's stdout pasted whole: progress lines, key/value lines, separators, a result line
STDOUT = """Loading invoice batch...

Batch:
   id  amount      customer  status
    1   12.50   acme-store   paid
    2    8.00   bolt-cafe    open

Checking totals...

Mismatch error: 1 invoice over limit
amount
  Must be at most 10 [kind=too_large, got=12.5]

Processed 3 of 4 invoices

==========================="""

# another model's reply pasted as the prompt: it opens in the assistant's register over a plan
OTHER_MODEL = (
    "@repo @NOTES.md\n\n"
    "Alright, let's wire the missing exporters into the `report` package.\n\n"
    "**1. Add the CSV exporter**\n\n"
    "We'll add the exporter class to `report/export/csv.py` and register it.\n\n"
    "```python\n"
    + "\n".join(f"def export_{n}(rows):\n    return [r for r in rows if r]\n" for n in range(40))
    + "```\n\n"
    "**2. Register it**\n\nThen update the registry so every format is found by name.\n"
)


def test_an_error_overlay_at_the_head_of_a_turn_goes_and_the_request_under_it_stays() -> None:
    split = split_pasted(OVERLAY)
    assert split.typed == "the chart page should never call the api twice, keep one fetch per day"
    assert "output" in split.kinds


def test_a_page_address_copied_with_its_error_page_goes_with_it() -> None:
    page = "http://localhost:5173/reports/daily\n\n" + OVERLAY
    assert split_pasted(page).typed == "the chart page should never call the api twice, keep one fetch per day"
    # a URL the person names in a sentence stays
    own = "see http://localhost:5173/reports/daily for the broken chart\n\n" + OVERLAY
    assert split_pasted(own).typed.startswith("see http://localhost:5173/reports/daily for the broken chart")


def test_a_code_frame_line_naming_i_is_still_output() -> None:
    text = (
        "Uncaught Runtime Exception\nweb/pages/list.tsx (7:9) @ render\n"
        "   6 |   const rows = []\n>  7 |   for (let i = 0; i < my.length; i++) rows.push(i)\n"
        "     |         ^\nFrames (innermost first)\nExpand hidden frames\n\nthe list must render an empty state"
    )
    assert split_pasted(text).typed == "the list must render an empty state"


def test_a_program_stdout_pasted_whole_leaves_nothing_typed() -> None:
    assert split_pasted(STDOUT).typed == ""


def test_another_models_reply_in_its_register_goes_with_the_plan_under_it() -> None:
    split = split_pasted(OTHER_MODEL)
    assert split.typed == "@repo @NOTES.md"
    assert "document" in split.kinds


def test_a_typed_lead_in_before_a_pasted_plan_stays_when_it_introduces_it() -> None:
    # the same plan under the person's own lead-in (it ends in a colon): theirs, kept
    text = OTHER_MODEL.replace(
        "Alright, let's wire the missing exporters into the `report` package.", "we'll use this plan:"
    )
    assert "we'll use this plan:" in split_pasted(text).typed


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # a short question above a paste: the lead-in stays, the trace goes
        (
            "why does the export crash?\nTraceback (most recent call last):\n"
            "  File \"exp.py\", line 3, in run\nKeyError: 'day'",
            "why does the export crash?",
        ),
        # an imperative right over an anchor introduces it
        ("fix this\nUncaught Runtime Exception\nweb/pages/a.tsx (3:1) @ load\n  3 |   load()", "fix this"),
        # a lead-in ending in a colon
        (
            "here is what the seeder prints:\nSeeding users...\nSeeding orders...\nSeeding refunds...",
            "here is what the seeder prints:",
        ),
    ],
)
def test_the_persons_lead_in_above_a_paste_stays(text: str, kept: str) -> None:
    assert split_pasted(text).typed == kept


@pytest.mark.parametrize(
    "text",
    [
        # a rule naming a command and a flag, with an error name in it
        "always run `make lint` before committing\nnever pass --no-verify to git commit\n"
        "ValueError handling stays explicit",
        # a restated own rule around a short error line (one anchor, fewer than three output lines)
        "as I said before, keep the retry at three attempts\nError: timeout after 30s",
        # the person's own line shaped like an error label: first person wins
        "Error: when I save the form nothing happens\nthe button stays grey\nplease look at the save handler",
        # short imperatives without pronouns and without any output shape: a checklist
        "Update the changelog\nBump the version\nTag the release\nPush the tag",
        # prose typed with double spaces (one loose line is no table)
        "However it must run first,  so update the  workflow file and  the README accordingly",
        # a Markdown table the person wrote (a pipe row has no line number: no code-frame gutter)
        "| step | owner |\n|---|---|\n| build | ci |\n| deploy | ops |",
        # a Setext heading over the person's notes (its underline is no separator of output)
        "Plan\n==========\n\nrename the flag\nthen drop the shim\nthen tag it",
        # a person's own progress note in lower case with an ellipsis
        "thinking about it...\nmaybe split the module\nnot sure yet",
    ],
)
def test_the_persons_own_lines_stay_whole(text: str) -> None:
    assert cut_output_runs(text) is None
    assert split_pasted(text).typed == text.strip()


TRACE = (
    "TypeError: Cannot read properties of undefined (reading 'slots')\n"
    "    at planWeek (src/rota/plan.ts:41:17)\n"
    "    at build (src/rota/index.ts:12:5)"
)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # a terse rule typed right under a trace, same paragraph, no pronoun (rev52c P1)
        (f"{TRACE}\nnever mutate the rota object in place", "never mutate the rota object in place"),
        # two rules typed right above a trace, same paragraph
        (
            f"copy the rota before planning\nuse immer for the rota updates\n{TRACE}",
            "copy the rota before planning\nuse immer for the rota updates",
        ),
        # a rule in its own paragraph between two traces, with and without a rule's opening word
        (f"{TRACE}\n\nnever mutate the rota object in place\n\n{TRACE}", "never mutate the rota object in place"),
        (f"{TRACE}\n\ncopy the rota before planning it\n\n{TRACE}", "copy the rota before planning it"),
    ],
)
def test_the_persons_rule_beside_an_unfenced_trace_stays(text: str, kept: str) -> None:
    assert cut_output_runs(text) == kept


def test_a_comment_between_two_pastes_that_introduces_the_second_stays() -> None:
    text = (
        "Uncaught Runtime Exception\nweb/a.tsx (3:1) @ load\n  3 |   load()\n\n"
        "and the second one:\n\n"
        "Uncaught Runtime Exception\nweb/b.tsx (9:2) @ save\n  9 |   save()"
    )
    assert split_pasted(text).typed == "and the second one:"


def test_fenced_code_is_never_cut_by_the_runs() -> None:
    text = "keep this snippet as is:\n```\nLoading rows...\nLoading cols...\nLoading keys...\n```"
    assert cut_output_runs(text) is None


@pytest.mark.parametrize(
    ("line", "family"),
    [
        ("Uncaught Runtime Exception", "overlay"),
        ("Build Error", "overlay"),
        ("web/pages/ledger.tsx (88:14) @ fetchRows", "overlay"),
        ("> 88 |   const rows = useRows()", "overlay"),
        ("     |   ^", "overlay"),
        ("bundle.js?v=9:12  Failed to load resource", "overlay"),
        ("Installing packages...", "status"),
        ("Converting 3 files…", "status"),
        ("Mismatch error: 1 invoice over limit", "status"),
    ],
)
def test_each_run_anchor_family(line: str, family: str) -> None:
    assert line_shapes.RUN_ANCHOR.match(line)
    assert any(__import__("re").match(p, line) for p in line_shapes.RUN_ANCHOR_FAMILIES[family])


@pytest.mark.parametrize(
    "line",
    [
        "fix the build error",  # lower case, no title shape
        "An Error",  # no: "An" is a capitalised word, but a title alone is fine only with Error last
        "| build | ci |",  # a table row, no line number
        "thinking...",  # not a capitalised -ing verb
        "Note: the error is in main.py",
    ],
)
def test_look_alikes_are_no_run_anchor(line: str) -> None:
    if line == "An Error":
        # a capitalised two-word title ending in Error is an anchor by shape; alone it is no run
        assert cut_output_runs(line) is None
        return
    assert not line_shapes.RUN_ANCHOR.match(line)


@pytest.mark.parametrize(
    "piece",
    [
        " ",  # blanks with no gutter bar
        "a:",  # colons without digits (the console-line shape)
        "x  ",  # column gaps
        "Loadinging",  # an -ing word without its ellipsis
        "Error ",  # title words without an end
    ],
)
def test_long_runs_of_the_patterns_pieces_stay_linear(piece: str) -> None:
    line = piece * 20_000
    start = time.perf_counter()
    line_shapes.RUN_ANCHOR.match(line)
    cut_output_runs("\n".join([line] * 5))
    cut_output_runs("\n".join(["Frames (innermost first)", line[:50], "Uncaught Runtime Exception"] * 3000))
    assert time.perf_counter() - start < 3.0


# --- the echo check in every reader that has the agent's text -------------------------------------

# the agent's reply (a summary list), then a prompt that pastes two of its items back above the
# person's own request: the items go, the request stays
AGENT_SUMMARY = (
    "Here is what changed in the scheduler:\n"
    "- Every job now retries three times with a jittered backoff\n"
    "- Failed jobs are parked in the dead letter table for a week\n"
    "- The nightly report lists the parked jobs by owner"
)
PASTE_BACK = (
    "- Every job now retries three times with a jittered backoff\n"
    "- Failed jobs are parked in the dead letter table for a week\n\n"
    "make the retry count a setting"
)
OWN_REQUEST = "make the retry count a setting"
FIRST = "add retries to the scheduler"


def _prompts(result) -> list[str]:
    return [t.text for t in result.turns if t.tier is not Tier.T3]


def _echo_result(result) -> None:
    assert result.file_error is None
    assert _prompts(result) == [FIRST, OWN_REQUEST]
    assert result.stats.skips["pasted_span:echo"] == 1


def test_gemini_reader_drops_the_agents_words_pasted_back(tmp_path: Path) -> None:
    rng, clk = clock(21)
    s = GeminiSession(rng, clk, "/work/sched")
    s.prompt(FIRST)
    s.answer(AGENT_SUMMARY)
    s.prompt(PASTE_BACK)
    path = s.write(tmp_path / ".gemini" / "tmp")
    [unit] = [u for u in gemini.READER.discover([path.parents[2]], {}) if Path(u.location) == path]
    _echo_result(gemini.READER.read(unit))


def test_copilot_cli_reader_drops_the_agents_words_pasted_back(tmp_path: Path) -> None:
    rng, clk = clock(22)
    s = CopilotCliSession(rng, clk, "/work/sched")
    s.prompt(FIRST)
    s.answer(AGENT_SUMMARY)
    s.prompt(PASTE_BACK)
    [unit] = copilot.READER.discover([s.write(tmp_path / ".copilot")], {})
    _echo_result(copilot.READER.read(unit))


def test_copilot_vscode_reader_drops_the_agents_words_pasted_back(tmp_path: Path) -> None:
    rng, clk = clock(23)
    chat = CopilotChat(rng, clk, "/work/sched", title="scheduler", user="dev")
    chat.ask(FIRST, AGENT_SUMMARY)
    chat.ask(PASTE_BACK, "Done.")
    user = tmp_path / "Code" / "User"
    chat.write(user, "a1b2c3d4e5f60718293a4b5c6d7e8f90")
    [unit] = copilot.READER.discover([user], {})
    _echo_result(copilot.READER.read(unit))


def test_cursor_reader_drops_the_agents_words_pasted_back(tmp_path: Path) -> None:
    rng, clk = clock(24)
    st = CursorStore(rng, clk)
    cid = st.composer("scheduler")
    st.user(cid, FIRST)
    st.agent(cid, AGENT_SUMMARY)
    st.user(cid, PASTE_BACK)
    db = st.write(tmp_path / "User" / "globalStorage" / "state.vscdb")
    [unit] = cursor.READER.discover([db], {})
    _echo_result(cursor.READER.read(unit))


def test_cursor_cli_reader_drops_the_agents_words_pasted_back(tmp_path: Path) -> None:
    rng, clk = clock(25)
    st = CursorCliStore(rng, clk, "/work/sched", name="scheduler", key="k1")
    st.user(FIRST)
    st.assistant(AGENT_SUMMARY)
    st.user(PASTE_BACK)
    st.assistant("Done.")  # (a prompt the store holds no answer to yet is not read)
    db = st.write(tmp_path / "chats")
    [unit] = cursor_cli.READER.discover([db.parents[2]], {})
    _echo_result(cursor_cli.READER.read(unit))


def test_opencode_reader_drops_the_agents_words_pasted_back(tmp_path: Path) -> None:
    rng, clk = clock(26)
    st = OpencodeStore(rng, clk)
    sid = st.session("/work/sched", "scheduler")
    st.user(sid, FIRST)
    st.assistant(sid, AGENT_SUMMARY)
    st.user(sid, PASTE_BACK)
    st.write_db(tmp_path / "opencode" / "opencode.db")
    [unit] = opencode.READER.discover([tmp_path / "opencode"], {})
    _echo_result(opencode.READER.read(unit))


def test_cline_reader_drops_the_agents_words_pasted_back(tmp_path: Path) -> None:
    rng, clk = clock(27)
    t = ClineTask(rng, clk, "/work/sched")
    t.task(FIRST)
    t.completed(AGENT_SUMMARY, feedback=PASTE_BACK)
    path = t.write(tmp_path / "User") / cline.UI_FILE
    [unit] = [u for u in cline.READER.discover([path.parent], {}) if Path(u.location) == path]
    _echo_result(cline.READER.read(unit))


def test_aider_reader_drops_the_agents_words_pasted_back(tmp_path: Path) -> None:
    rng, clk = clock(28)
    h = AiderHistory(rng, clk)
    h.run()
    h.typed(FIRST)
    h.reply(AGENT_SUMMARY)
    h.typed(PASTE_BACK)
    path = h.write(tmp_path / "proj", inputs=False)
    [unit] = [u for u in aider.READER.discover([path.parent], {}) if Path(u.location) == path]
    _echo_result(aider.READER.read(unit))


@pytest.mark.parametrize("export", ["chatgpt", "claude_ai"])
def test_chat_export_reader_drops_the_agents_words_pasted_back(tmp_path: Path, export: str) -> None:
    rng, clk = clock(29)
    if export == "chatgpt":
        ex: ChatGptExport | ClaudeAiExport = ChatGptExport(rng, clk)
        ex.conversation("scheduler", [("user", FIRST), ("assistant", AGENT_SUMMARY), ("user", PASTE_BACK)])
    else:
        ex = ClaudeAiExport(rng, clk)
        ex.conversation("scheduler", "", [("human", FIRST), ("assistant", AGENT_SUMMARY), ("human", PASTE_BACK)])
    path = ex.write(tmp_path / f"{export}.zip")
    [unit] = chat_exports.READER.discover([path], {})
    _echo_result(chat_exports.READER.read(unit))


def test_a_conversation_forgets_the_agents_words_of_the_previous_one() -> None:
    # a unit of many conversations (an export): the echo check never reaches across them
    chat = Conversation(ReadStats())
    chat.assistant(AGENT_SUMMARY)
    chat.new_conversation()
    assert chat.user(PASTE_BACK, 1) is not None
    assert chat.turns[-1].text == PASTE_BACK


# --- a quote of the agent's words that is the object of the person's own rule ----------------------

AGENT_ASKS = "Would you like me to go ahead and rename the remaining four config keys now?"


@pytest.mark.parametrize(
    ("prompt", "kept"),
    [
        # the person forbids what the agent said: the quote is their rule's object, kept whole
        (
            f'from now on never ask me questions like "{AGENT_ASKS}" when the next step is obvious',
            f'from now on never ask me questions like "{AGENT_ASKS}" when the next step is obvious',
        ),
        (f'don\'t end a reply with "{AGENT_ASKS}"', f'don\'t end a reply with "{AGENT_ASKS}"'),
        # the person reports what the agent said: the agent's words, cut (no prohibition around them)
        (f'you asked "{AGENT_ASKS}" and I said yes', 'you asked "…" and I said yes'),
    ],
)
def test_a_quote_of_the_agent_forbidden_by_the_person_keeps_its_content(prompt: str, kept: str) -> None:
    agent = AgentWords()
    agent.add_agent(f"I renamed two keys. {AGENT_ASKS}")
    assert agent.without_echo(prompt)[0] == kept


def test_the_claude_reader_keeps_a_forbidden_quote_of_the_agent(tmp_path: Path) -> None:
    rule = f'never ask me questions like "{AGENT_ASKS}", just do it'
    entries = [claude_user("rename the config keys"), claude_assistant([text(AGENT_ASKS)]), claude_user(rule)]
    r = read_claude(write_jsonl(tmp_path / "s.jsonl", entries))
    assert [t.text for t in r.turns if t.tier is not Tier.T3][-1] == rule


# --- what recurs by machine counts once (`persona/repeats.py`) --------------------------------------

LONG_A = "the invoice export should group rows by customer and then by the month they were issued in"
LONG_B = "and after that add a total line per customer at the bottom of every group of the export"
FRAME_HEAD = "For the snippet below the checker reports a problem."
FRAME_TAIL = "Explain the cause in one line. Then give the smallest fix you can."


def _warehouse(tmp_path: Path, sessions: list[list[str]]) -> tuple[duckdb.DuckDBPyConnection, list[Observation]]:
    """A warehouse holding one evidence row per prompt, sessions a day apart, and one observation per row."""
    con = duckdb.connect(str(tmp_path / "w.duckdb"))
    con.execute(
        "CREATE TABLE evidence (evidence_id VARCHAR, unit_key VARCHAR, tier VARCHAR, excerpt VARCHAR, "
        "timestamp VARCHAR, line_no INTEGER)"
    )
    obs: list[Observation] = []
    for s, prompts in enumerate(sessions):
        for n, prompt in enumerate(prompts):
            eid = f"e{s}-{n}"
            ts = f"2026-10-{s + 1:02d}T09:{n:02d}:00Z"
            con.execute("INSERT INTO evidence VALUES (?, ?, 'T2', ?, ?, ?)", [eid, f"u{s}", prompt, ts, n])
            obs.append(
                Observation(
                    observation_id=f"o{s}-{n}",
                    unit_key=f"u{s}",
                    session_id=f"u{s}",
                    project="p",
                    facet=Facet.WORKFLOW,
                    statement=prompt[:80],
                    tier=Tier.T2,
                    strength=0.8,
                    quote=prompt[:80],
                    evidence_ids=[eid],
                    timestamp=ts,
                    model="offline",
                    prompt_version="test",
                )
            )
    return con, obs


def _kept(tmp_path: Path, sessions: list[list[str]]) -> set[str]:
    con, obs = _warehouse(tmp_path, sessions)
    return {o.observation_id for o in repeats.counted_once(con, obs)}


def test_a_copied_session_counts_once(tmp_path: Path) -> None:
    kept = _kept(tmp_path, [["start", LONG_A, LONG_B, "thanks"], ["other work today"], [LONG_A, LONG_B]])
    assert {"o0-1", "o0-2"} <= kept and not {"o2-0", "o2-1"} & kept
    assert "o1-0" in kept and "o0-0" in kept


def test_one_prompt_said_in_many_sessions_is_a_habit_and_counts_in_full(tmp_path: Path) -> None:
    sessions = [["some task", f"{LONG_A}, then push"] for _ in range(5)]
    sessions = [[f"task number {i}", s[1]] for i, s in enumerate(sessions)]
    assert len(_kept(tmp_path, sessions)) == 10


def test_a_routine_of_two_long_prompts_opening_every_session_counts_in_full(tmp_path: Path) -> None:
    # rev52c P2: the same two prompts open every session, then the day's own work
    sessions = [[LONG_A, LONG_B, f"today: move the export job to the queue number {i}"] for i in range(5)]
    assert len(_kept(tmp_path, sessions)) == 15


def test_a_short_pair_said_in_order_every_session_is_a_habit(tmp_path: Path) -> None:
    sessions = [[f"fix bug {i}", "run the tests", "commit and push"] for i in range(4)]
    assert len(_kept(tmp_path, sessions)) == 12


def test_a_tool_template_around_varying_payloads_counts_once(tmp_path: Path) -> None:
    sessions = [
        [f"{FRAME_HEAD}\n\n```\n{payload}\n```\n\n{FRAME_TAIL}", "thanks"]
        for payload in ("unused import os", "name 'x' is not defined", "line too long (130)", "missing return type")
    ]
    kept = _kept(tmp_path, sessions)
    assert "o0-0" in kept and not {"o1-0", "o2-0", "o3-0"} & kept
    assert {"o1-1", "o2-1", "o3-1"} <= kept


def test_a_template_use_with_an_altered_frame_still_counts_once(tmp_path: Path) -> None:
    # the frame around one use was altered (a merge conflict's markers around the payload), its
    # opening line is the template's; a prompt opening the same way without a payload is no use
    uses = [[f"{FRAME_HEAD}\n\n```\nwarning {i}\n```\n\n{FRAME_TAIL}"] for i in range(3)]
    altered = [f"{FRAME_HEAD}\n<<<<<<< ours\n```\nwarning 9\n```\n=======\n>>>>>>> theirs {FRAME_TAIL}"]
    plain = [f"{FRAME_HEAD} It is the same one as yesterday."]
    kept = _kept(tmp_path, [*uses, altered, plain])
    assert "o0-0" in kept and "o3-0" not in kept and "o4-0" in kept


@pytest.mark.parametrize(
    "sessions",
    [
        # a saved prompt reused with no payload: the person's habit, in full
        [[f"{FRAME_HEAD} {FRAME_TAIL}"] for _ in range(4)],
        # the same frame and the same payload: nothing varies, nothing tells a tool
        [[f"{FRAME_HEAD}\n```\nunused import os\n```\n{FRAME_TAIL}"] for _ in range(4)],
        # a one-sentence frame around a payload: an instruction, not a template
        [[f"fix this warning please\n```\nwarning {i}\n```"] for i in range(4)],
        # a template's frame in two sessions only
        [[f"{FRAME_HEAD}\n```\nwarning {i}\n```\n{FRAME_TAIL}"] for i in range(2)],
    ],
)
def test_look_alikes_of_a_template_count_in_full(tmp_path: Path, sessions: list[list[str]]) -> None:
    assert len(_kept(tmp_path, sessions)) == sum(len(s) for s in sessions)


def test_repeats_stay_linear_on_many_prompts() -> None:
    units = [
        [repeats.Prompt(f"u{s}", f"e{s}-{n}", f"{FRAME_HEAD}\n```\n{s}-{n}\n```\n{FRAME_TAIL}") for n in range(50)]
        for s in range(400)
    ]
    start = time.perf_counter()
    assert len(repeats.template_repeats(units)) == 399 * 50
    repeats.copied_evidence(units)
    assert time.perf_counter() - start < 5.0
