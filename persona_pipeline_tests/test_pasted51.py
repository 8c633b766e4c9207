"""Pasted material (issue 15, session 51): one module of line shapes shared by the readers and the
digest, and the agent's own words pasted back without a quote marker (rev50c P6)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.core.sources import echo, line_shapes
from persona_pipeline.core.sources import pasted as reader_pasted
from persona_pipeline.core.sources.claude_code import read_claude
from persona_pipeline.core.sources.codex import read_codex
from persona_pipeline.core.sources.echo import AgentWords
from persona_pipeline.core.sources.pasted import split_pasted
from persona_pipeline.persona.digest import pasted as digest_pasted
from persona_pipeline.persona.digest.pasted import own_words
from persona_pipeline_tests.builders import (
    claude_assistant,
    claude_user,
    codex_assistant,
    codex_event_user,
    codex_line,
    codex_meta,
    codex_user,
    text,
    write_jsonl,
)

# --- the shared classifier ------------------------------------------------------------------------

# one line per documented output format, written here (not copied from any corpus)
STRONG = {
    "trace": [
        "Traceback (most recent call last):",
        '  File "/srv/app/jobs.py", line 88, in run',
        "    at com.example.billing.Ledger.post(Ledger.java:214)",
        "    at processTicksAndRejections (node:internal/process/task_queues:95:5)",
        "goroutine 7 [running]:",
        "thread 'main' panicked at src/lib.rs:12:9:",
    ],
    "compiler": ["src/parse.c:41:7: error: expected ';' before '}' token", "warning: unused variable `n`"],
    "exception": ["KeyError: 'owner'", "java.lang.IllegalStateException: closed", "make: *** [build] Error 2"],
    "log": [
        "2026-03-04T11:22:33Z worker started",
        "Mar  4 11:22:33 host sshd[912]: Accepted publickey",
        "[WARN] cache miss ratio high",
        "ERROR:root:connection reset",
    ],
    "prompt": ["$ make test", "dev@buildbox:~/src$ ls", ">>> import os", "PS C:\\Users\\dev> dir"],
    "tool": ["remote: Resolving deltas: 100% (3/3)", "On branch main", "api-1  | listening on 8080"],
    "diff": ["diff --git a/x.py b/x.py", "index 3b18e51..a9c3f2d 100644", "--- a/x.py"],
    "test": [
        "==== 2 failed, 14 passed in 1.92s ====",
        "FAILED tests/test_io.py::test_read - AssertionError",
        "Tests:       1 failed, 9 passed, 10 total",
        "--- FAIL: TestParse (0.00s)",
        "ok  \texample.com/pkg/io\t0.014s",
        "E       assert 3 == 4",
        "test result: FAILED. 3 passed; 1 failed; 0 ignored",
        "not ok 2 - reads the file",
    ],
}
# the person's own sentences that name commands, flags, errors or levels: no shape
PERSONS = [
    "always run `pytest -x` before you push",
    "never pass --force to git push on main",
    "Error handling should be explicit, not swallowed",
    "make sure the tests pass before opening a PR",
    "use INFO for routine events and ERROR only when someone must act",
    "ok, ship it",
    "alice@example.org owes $40 for the tickets",
]


@pytest.mark.parametrize(("family", "line"), [(f, ln) for f, lines in STRONG.items() for ln in lines])
def test_each_documented_format_has_its_strict_family(family: str, line: str) -> None:
    assert line_shapes.strong_shape(line) == family


@pytest.mark.parametrize("line", PERSONS)
def test_the_persons_sentences_have_no_strict_shape(line: str) -> None:
    assert line_shapes.strong_shape(line) is None
    assert not line_shapes.SHELL_PROMPT.match(line)


def test_lenient_output_shapes_by_family() -> None:
    assert line_shapes.output_shape("2026-03-04 11:22:33 INFO boot") == "log"
    assert line_shapes.output_shape("  at Object.<anonymous> (/app/x.js:3:9)") == "trace"
    assert line_shapes.output_shape("$ npm test") == "prompt"
    assert line_shapes.output_shape("npm ERR! code ELIFECYCLE") == "compiler"
    assert line_shapes.output_shape("please use the prod config") is None


def test_table_quote_and_data_lines() -> None:
    assert line_shapes.PIPE_ROW.match("| name | owner |") and not line_shapes.PIPE_ROW.match("a | b")
    assert line_shapes.QUOTE_LINE.match("  > quoted") and not line_shapes.QUOTE_LINE.match("a > b")
    assert line_shapes.DATA_LINE.match('  "port": 8080,') and not line_shapes.DATA_LINE.match("keep it short")


def test_both_stages_read_the_shared_patterns() -> None:
    """One source of truth: each stage's patterns are the shared module's objects, not copies."""
    assert reader_pasted._LOG_LINE is line_shapes.BLOCK_OUTPUT_LINE
    assert reader_pasted._SHELL_PROMPT is line_shapes.SHELL_PROMPT
    assert reader_pasted._QUOTE_LINE is line_shapes.QUOTE_LINE
    assert reader_pasted._PIPE_ROW is line_shapes.PIPE_ROW
    assert digest_pasted._STRONG is line_shapes.STRONG_LINE
    assert digest_pasted._ADJACENT is line_shapes.ADJACENT_LINE
    assert digest_pasted._HUNK is line_shapes.HUNK
    assert digest_pasted._PROMPT is line_shapes.SHELL_PROMPT and digest_pasted._OUTPUT is line_shapes.OUTPUT_LINE


def test_each_stage_keeps_its_own_decision() -> None:
    log = "\n".join(f"2026-03-04 11:22:{i:02d} INFO worker {i} done" for i in range(10))
    prompt = f"why does the worker restart so often?\n\n{log}"
    # the reader takes the block out and keeps the question
    split = split_pasted(prompt)
    assert split.typed == "why does the worker restart so often?" and "log" in split.kinds
    # the digest blanks the lines and keeps every other line in its place
    out = own_words(prompt).split("\n")
    assert out[0] == "why does the worker restart so often?" and not any(out[1:])
    # a rule that names a command stays with both
    rule = "always run `make lint` before you commit"
    assert split_pasted(rule).typed == rule and own_words(rule) == rule


def test_shapes_stay_linear_on_long_runs() -> None:
    for piece in ("at ", "a.", "[ERROR] ", "$ ", "| ", "E   ", "==== ", "Mar  4 "):
        line = piece * 40_000
        t0 = time.perf_counter()
        line_shapes.strong_shape(line)
        line_shapes.output_shape(line)
        assert time.perf_counter() - t0 < 1.0, piece


# --- the agent's words pasted back (P6) ---------------------------------------------------------

AGENT_REPLY = (
    "Done. I made two changes to the intake form:\n\n"
    "- **Always** validate the microchip number before saving\n"
    "- Never store the owner's home address in the audit log\n\n"
    "I recommend always pinning the lab api client to an exact version."
)


def _words(reply: str = AGENT_REPLY) -> AgentWords:
    w = AgentWords()
    w.add_agent(reply)
    return w


def test_the_agents_summary_list_pasted_back_goes() -> None:
    prompt = (
        "Here's what I did:\n"
        "- Always validate the microchip number before saving\n"
        "- Never store the owner's home address in the audit log"
    )
    assert _words().without_echo(prompt) == ("Here's what I did:", True)


def test_an_agents_sentence_quoted_inline_becomes_an_ellipsis() -> None:
    prompt = 'you wrote "I recommend always pinning the lab api client" but that was your idea, not mine'
    assert _words().without_echo(prompt) == ('you wrote "…" but that was your idea, not mine', True)
    curly = "you wrote “I recommend always pinning the lab api client”, no"
    assert _words().without_echo(curly) == ("you wrote “…”, no", True)


def test_the_whole_prompt_an_echo_leaves_nothing() -> None:
    two_paragraphs = (
        "- Never store the owner's home address in the audit log\n\n"
        "I recommend always pinning the lab api client to an exact version."
    )
    assert _words().without_echo(two_paragraphs) == ("", True)
    # two sentences of the agent's on one line
    two_sentences = "Done. I made two changes to the intake form: always validate it"
    assert _words("Done. I made two changes to the intake form: always validate it.").without_echo(two_sentences) == (
        "",
        True,
    )


def test_one_sentence_the_agent_said_first_stays_the_persons() -> None:
    """rev51c Q1: the agent asks "should I always …?" or recites a rule from the project's notes, and
    the person types it: one sentence alone on its line is no paste (nothing tells it from typing)."""
    w = _words("Should I always show the lift pass price with tax included on the ski school page?")
    rule = "always show the lift pass price with tax included on the ski school page"
    assert w.without_echo(rule) == (rule, False)
    w = _words("From your notes: never list an instructor's phone number on the public page. I'll follow that.")
    rule = "never list an instructor's phone number on the public page"
    assert w.without_echo(rule) == (rule, False)
    assert w.without_echo(f"{rule}.") == (f"{rule}.", False)
    # but the agent's sentence quoted goes
    assert w.without_echo(f'you said "{rule}" - why?') == ('you said "…" - why?', True)


def test_look_alikes_stay_the_persons() -> None:
    w = _words(AGENT_REPLY + "\n\nI ran `git push --force-with-lease origin main` and `pytest -x -q tests/`.")
    keep = [
        # a rule naming a command the agent also typed: its pieces are five words, under a shingle
        "never run git push --force-with-lease origin main without asking me",
        "always run pytest -x -q tests/ first",
        # five words of the agent's, quoted: under a shingle
        'why "pinning the lab api client" at all?',
        # the person reusing a run of the agent's words inside a longer sentence of their own
        "fine, but always validate the microchip number before saving and also the tag id",
        # unrelated
        "use polars, not pandas",
    ]
    for prompt in keep:
        assert w.without_echo(prompt) == (prompt, False), prompt


def test_a_person_restating_their_own_rule_is_no_echo() -> None:
    """The agent acknowledges the person's rule in its own words; the person says it again later."""
    w = AgentWords()
    rule = "always keep the changelog entry in the same commit as the change"
    w.add_own(rule)
    w.add_agent(f"Understood: {rule}. I'll do that from now on.")
    assert w.without_echo(f"remember: {rule}") == (f"remember: {rule}", False)
    assert w.without_echo(rule) == (rule, False)


def test_no_agent_text_changes_nothing() -> None:
    prompt = "- Always validate the microchip number before saving\n- Never store addresses"
    assert AgentWords().without_echo(prompt) == (prompt, False)


def test_echo_is_linear_on_a_big_reply_and_a_long_paste() -> None:
    reply = " ".join(f"word{i % 997} w{i}" for i in range(20_000))  # ~200 KB
    paste = "\n".join(f"- word{i % 997} w{i} and more of the same here" for i in range(5_000))
    t0 = time.perf_counter()
    w = _words(reply)
    w.without_echo(paste)
    w.without_echo('"' + reply[:100_000] + '" ' * 2_000)  # many quotes on one line
    w.without_echo(reply)  # all covered
    assert time.perf_counter() - t0 < 5.0


def test_memory_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(echo, "MAX_SHINGLES", 50)
    monkeypatch.setattr(echo, "PENDING_CHARS", 100)
    w = AgentWords()
    for start in range(0, 500, 10):  # message by message, as a reader adds them
        w.add_agent(" ".join(f"w{i}" for i in range(start, start + 10)))

    # the newest shingles are the ones kept
    def two_lines(a: int) -> str:
        return " ".join(f"w{i}" for i in range(a, a + 10)) + "\n" + " ".join(f"w{i}" for i in range(a + 10, a + 20))

    assert w.without_echo(two_lines(480))[1]  # (hashes what was held)
    assert 0 < len(w._agent) + len(w._older) <= 50
    assert not w.without_echo(two_lines(0))[1]


# --- both readers --------------------------------------------------------------------------------


def test_claude_reader_drops_the_agents_words_pasted_back(tmp_path: Path) -> None:
    entries = [
        claude_user("tidy up the intake form"),
        claude_assistant([text(AGENT_REPLY)]),
        claude_user(
            "Here's what I did:\n- Always validate the microchip number before saving\n"
            "- Never store the owner's home address in the audit log\n\nnow add tests for both"
        ),
        claude_user('you wrote "I recommend always pinning the lab api client" but that was your idea'),
        claude_user(
            "Never store the owner's home address in the audit log\n\n"
            "I recommend always pinning the lab api client to an exact version."
        ),
    ]
    r = read_claude(write_jsonl(tmp_path / "s.jsonl", entries))
    texts = [t.text for t in r.turns]
    assert texts == [
        "tidy up the intake form",
        "Here's what I did:\n\nnow add tests for both",
        'you wrote "…" but that was your idea',
    ]
    assert r.stats.skips["pasted_span:echo"] == 2 and r.stats.skips["pasted:echo"] == 1


def test_claude_reader_keeps_the_persons_words(tmp_path: Path) -> None:
    rule = "always keep the changelog entry in the same commit as the change"
    entries = [
        claude_user(rule),
        claude_assistant([text(f"Understood: {rule}. I will.")]),
        # the person says their rule again: theirs, though the agent repeated it
        claude_user(f"again: {rule}"),
        # a prompt that comes before the agent says the words is never an echo of them
        claude_user("please always validate the microchip number before saving"),
        claude_assistant([text(AGENT_REPLY)], msg_id="msg_02"),
        claude_user("never run git push --force-with-lease origin main"),
    ]
    r = read_claude(write_jsonl(tmp_path / "s.jsonl", entries))
    assert [t.text for t in r.turns] == [
        rule,
        f"again: {rule}",
        "please always validate the microchip number before saving",
        "never run git push --force-with-lease origin main",
    ]
    assert "pasted_span:echo" not in r.stats.skips and "pasted:echo" not in r.stats.skips


def test_readers_keep_a_rule_the_agent_said_first(tmp_path: Path) -> None:
    """rev51c Q1's rows, through both readers."""
    ask = "Should I always show the lift pass price with tax included on the ski school page?"
    rule = "always show the lift pass price with tax included on the ski school page"
    r = read_claude(write_jsonl(tmp_path / "s.jsonl", [claude_assistant([text(ask)]), claude_user(rule)]))
    assert [t.text for t in r.turns] == [rule]
    notes = "From your notes: never list an instructor's phone number on the public page. I'll follow that."
    rule2 = "never list an instructor's phone number on the public page"
    entries = [codex_meta(), codex_assistant(notes), codex_event_user(rule2), codex_user(rule2)]
    r = read_codex(write_jsonl(tmp_path / "rollout-q.jsonl", entries))
    assert [t.text for t in r.turns] == [rule2] and "pasted:echo" not in r.stats.skips


def test_codex_reader_drops_the_agents_words_pasted_back(tmp_path: Path) -> None:
    pasted_back = (
        "Here's what I did:\n- Always validate the microchip number before saving\n"
        "- Never store the owner's home address in the audit log"
    )
    rule = "always keep the changelog entry in the same commit as the change"
    entries = [
        codex_meta(),
        codex_user(rule),
        codex_event_user(rule),
        codex_assistant(AGENT_REPLY + f"\n\nNoted: {rule}."),
        codex_event_user(pasted_back),
        codex_user(pasted_back),
        codex_event_user(f"and {rule}"),
        codex_user(f"and {rule}"),
    ]
    r = read_codex(write_jsonl(tmp_path / "rollout-x.jsonl", entries))
    assert [t.text for t in r.turns] == [rule, "Here's what I did:", f"and {rule}"]
    assert r.stats.skips["pasted_span:echo"] == 1


# --- the union: each stage reads the shapes the other knew --------------------------------------

TAP = "\n".join(
    [
        "ok 1 - parses the header",
        "ok 2 - reads the body",
        "not ok 3 - writes the footer",
        "ok 4 - closes the file",
        "ok 5 - flushes the buffer",
        "ok 6 - retries once",
        "ok 7 - times out",
        "1..7",
    ]
)


def test_reader_counts_strict_lines_towards_a_blocks_share() -> None:
    """A TAP / test-runner block (strict shapes the readers' lenient pattern lacked) is a log."""
    assert line_shapes.output_shape("ok 1 - parses the header") is None  # the test can fail
    split = split_pasted(f"why does step 3 fail?\n\n{TAP}")
    assert split.typed == "why does step 3 fail?" and split.kinds == ("log",)
    # a short list of the person's own, one line shaped like a runner's, stays
    mine = "- ok 1 - keep the header\n- never drop the body\n- always write the footer"
    assert split_pasted(mine).typed == mine


def test_digest_reads_the_readers_prompts_tables_and_output_lines() -> None:
    # zsh's `user@host dir %` prompt (the readers knew it, the digest only bash's)
    assert own_words("dev@buildbox src % make test\nAlways run the full suite first") == (
        "\nAlways run the full suite first"
    )
    # a pasted table: header, delimiter and a row chain like shapeless lines
    assert own_words("what now?\n| step | always do it |\n|------|------|\n| one | never skip review |") == (
        "what now?\n\n\n"
    )
    # `npm ERR!` beside a traceback line is output too
    assert own_words("Traceback (most recent call last):\nnpm ERR! code ELIFECYCLE\nfix this please") == (
        "\n\nfix this please"
    )


def test_digest_union_look_alikes_stay() -> None:
    for line in (
        "alice@corp.com -> bob@x.io always cc the owner",
        "| always | never |",  # one row alone, no paste beside it
        "npm ERR! lines mean the install failed, always read them",  # alone: beside nothing
        "C:\\data -> D:\\backup every night",
    ):
        assert own_words(line) == line, line


def test_agent_and_prompt_words_are_normalised_alike() -> None:
    """The agent's text is normalised whole (`_all_words`), a prompt line by line with offsets
    (`_words`): the same words either way, or an echo could never match."""
    t = (
        "  - Straße **Always** \u00a0 run\u2003it. > > 1) x\n> quoted “line” «here»\n"
        "\u2028odd\x1c sep\n3. item\n\t* `pytest -x` (src/app.py), don't!"
    )
    by_line = [w for line in t.split("\n") for w, _, _ in echo._words(line)]
    assert echo._all_words(t) == by_line
    assert by_line[:3] == ["strasse", "always", "run"] and by_line[-4:] == ["pytest", "-x", "src/apppy", "dont"]


def test_texts_are_hashed_only_when_a_prompt_could_lose_something(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = echo._shingles
    monkeypatch.setattr(echo, "_shingles", lambda words: calls.append(len(words)) or real(words))
    w = _words()
    w.add_agent(AGENT_REPLY)  # the same reply again (Codex's twin records): held once
    one_sentence = "always validate the microchip number before saving"  # the agent's words, one line
    assert w.without_echo(one_sentence) == (one_sentence, False) and calls == []
    w.add_own("please tidy up the intake form today and keep it short")
    pasted = (
        "- Always validate the microchip number before saving\n- Never store the owner's home address in the audit log"
    )
    assert w.without_echo(pasted) == ("", True)
    assert len(calls) == 3  # the reply and the person's line, hashed once, then the prompt


def test_a_dropped_reply_to_an_interrupt_takes_its_signal_with_it(tmp_path: Path) -> None:
    """rev51c Q2: the person answers an interrupt by pasting the agent's list back (or a log), and
    that turn is dropped; the next, unrelated request is a plain prompt, not the correction."""
    listing = "Changes:\n- Always validate the seat number before saving\n- Never store card numbers in the log"
    pasted_back = "- Always validate the seat number before saving\n- Never store card numbers in the log"
    log = "\n".join(f"2026-03-04 11:22:{i:02d} ERROR seat map worker {i} crashed" for i in range(10))
    for reply in (pasted_back, log):
        entries = [
            claude_user("update the booking form"),
            claude_assistant([text(listing)]),
            claude_user([text("[Request interrupted by user]")]),
            claude_user(reply),
            claude_assistant([text("Ok.")], msg_id="msg_02"),
            claude_user("add a dark mode to the seat map"),
        ]
        r = read_claude(write_jsonl(tmp_path / "s.jsonl", entries))
        assert [(t.text, t.tier) for t in r.turns] == [
            ("update the booking form", Tier.T2),
            ("add a dark mode to the seat map", Tier.T2),
        ]
    entries = [
        codex_meta(),
        codex_user("update the booking form"),
        codex_assistant(listing),
        codex_line("event_msg", {"type": "turn_aborted", "reason": "interrupted"}),
        codex_user(pasted_back),
        codex_assistant("Ok."),
        codex_user("add a dark mode to the seat map"),
    ]
    r = read_codex(write_jsonl(tmp_path / "rollout-i.jsonl", entries))
    assert [(t.text, t.tier) for t in r.turns] == [
        ("update the booking form", Tier.T2),
        ("add a dark mode to the seat map", Tier.T2),
    ]
