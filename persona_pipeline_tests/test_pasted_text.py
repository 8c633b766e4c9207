"""Pasted-text classifier (`core/sources/pasted.py`): shapes, client markers, and the typed part kept."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from persona_pipeline.core.sources.pasted import PasteSplit, split_pasted
from persona_pipeline_tests.timing import assert_linear

_PLAN = "\n".join(
    [
        "## Summary",
        "Move the importer to a streaming parser so large statements stop exhausting memory.",
        "",
        "## Steps",
        *(
            f"{i}. Step {i}: change module_{i} so that it reads rows lazily and yields them in order."
            for i in range(1, 25)
        ),
        "",
        "## Risks",
        "- The CSV dialect sniffing needs the first kilobyte, which the stream must buffer.",
        "- Tests that compare whole frames need a collect() first.",
        "",
        "## Test plan",
        "- Run the importer on a 2 GB statement and watch peak memory stay flat.",
        "- Keep the existing golden files byte-identical.",
    ]
)

_LOG = "\n".join(
    f"2026-03-0{d} 10:1{d}:0{d} ERROR worker.{d} job failed: connection reset by peer (attempt {d})"
    for d in range(1, 10)
)

_TRACE = """Traceback (most recent call last):
  File "/srv/app/main.py", line 12, in <module>
    run()
  File "/srv/app/main.py", line 8, in run
    load(cfg)
  File "/srv/app/loader.py", line 41, in load
    raise KeyError(name)
KeyError: 'region'"""

_TABLE = "\n".join(
    ["| option | default | meaning |", "|---|---|---|"]
    + [f"| opt_{i} | {i} | what option {i} controls in the scheduler |" for i in range(8)]
)

_CHAT = """You said:
how should I structure the cache layer for the pricing service?

ChatGPT said:
Great question! A layered approach works well here. Start with an in-process LRU for hot keys, then
add a shared Redis tier for cross-instance reuse, and invalidate on price-change events.

You said:
and the TTLs?

ChatGPT said:
Short TTLs for volatile prices (30-60 s), longer for catalog metadata (an hour or more)."""

_BRIEF = "\n".join(
    [
        "You are the release engineer for this repository. Your task is to cut the 4.2 release.",
        "",
        "## Context",
        "You will work on the release branch only. You must not push to main. You should read CHANGES first.",
        "",
        "## Deliverables",
        *(
            f"- Item {i}: you produce the artefact {i} and you attach it to the draft release notes."
            for i in range(1, 15)
        ),
        "",
        "## Constraints",
        "- You keep every commit signed; you never force-push; you ask before deleting a tag.",
        "- When you are done, you report the tag, the checksums and anything you could not finish.",
    ]
)


def test_a_short_typed_prompt_is_untouched() -> None:
    r = split_pasted("use polars, not pandas, for the date filtering")
    assert r.typed == "use polars, not pandas, for the date filtering" and r.kinds == ()


@pytest.mark.parametrize(
    "text",
    [
        "here's the top of the file:\n\nDate;Payee;Amount\n2026-09-02;Cafe;-4,50\n2026-09-03;Books;-23,00",
        "staging fails at migrate. the runner has:\n\nAWS_REGION=eu-west-1\nDB_HOST=db.internal\nDB_PORT=5432",
        "the test says `E   assert 1 == 2` — fix the off-by-one",
        "rename `amt` to `amount_cents` everywhere\n\nand add a migration for it",
    ],
)
def test_small_snippets_stay_part_of_the_prompt(text: str) -> None:
    r = split_pasted(text)
    assert r.typed == text.strip() and r.kinds == ()


def test_claude_paste_marker_is_removed_and_the_typed_words_kept() -> None:
    r = split_pasted("review this carefully [Pasted text #1 +48 lines] and tell me what breaks")
    assert r.typed == "review this carefully  and tell me what breaks" and r.kinds == ("marker",)


@pytest.mark.parametrize("lead", ["PLEASE IMPLEMENT THIS PLAN:", "Implement the following plan:"])
def test_plan_accept_client_messages_are_pasted(lead: str) -> None:
    r = split_pasted(f"{lead}\n{_PLAN}")
    assert r.typed == "" and r.kinds == ("plan_accept",)


def test_a_multi_page_plan_is_a_document_and_the_instruction_before_it_is_kept() -> None:
    r = split_pasted(f"look over this plan and tell me what is missing\n\n{_PLAN}")
    assert r.typed == "look over this plan and tell me what is missing" and r.kinds == ("document",)


def test_a_long_log_is_pasted_and_the_question_after_it_kept() -> None:
    r = split_pasted(f"the worker keeps dying:\n\n{_LOG}\n\nwhy does it not retry?")
    assert r.typed == "the worker keeps dying:\n\nwhy does it not retry?" and r.kinds == ("log",)


def test_a_fenced_log_counts_as_a_log() -> None:
    r = split_pasted(f"fix this\n\n```\n{_LOG}\n```")
    assert r.typed == "fix this" and r.kinds == ("log",)


def test_a_stack_trace_is_pasted() -> None:
    r = split_pasted(f"{_TRACE}\n\n{_TRACE}\n\nthe region key is missing again, make it optional")
    assert r.typed == "the region key is missing again, make it optional" and "log" in r.kinds


def test_a_table_copied_from_a_chat_ui_is_pasted() -> None:
    r = split_pasted(f"{_TABLE}\n\nuse these defaults in config.py")
    assert r.typed == "use these defaults in config.py" and r.kinds == ("table",)


def test_box_drawn_table_is_pasted() -> None:
    rows = ["┌────────┬───────┐", *(f"│ key_{i}  │ {i:>5} │" for i in range(8)), "└────────┴───────┘"]
    r = split_pasted("\n".join(rows))
    assert r.typed == "" and r.kinds == ("table",)


def test_relay_of_another_agent_is_pasted_whatever_its_length() -> None:
    r = split_pasted("Codex says: the migration should run inside one transaction and use batched inserts.")
    assert r.typed == "" and r.kinds == ("relay",)


def test_relay_after_a_typed_question_keeps_the_question() -> None:
    text = (
        "what do you make of this?\n\nthe reviewer bot replied: consider splitting the module.\n\n"
        "It also suggests renaming the helpers.\n\nWould you like me to draft the split?"
    )
    r = split_pasted(text)
    assert r.typed == "what do you make of this?" and r.kinds == ("relay",)


@pytest.mark.parametrize(
    "prefix",
    [
        "Gemini said:",
        "Here's what Claude said:",
        "Response from the reviewer agent:",
        "Copilot's review:",
        "Here's Codex's review:",
        "**Codex says:**",
    ],
)
def test_relay_prefix_shapes(prefix: str) -> None:
    r = split_pasted(f"{prefix}\nThe handler leaks a file descriptor on the error path.\n\nok fix that")
    assert r.typed == "ok fix that" and r.kinds == ("relay",)


def test_a_copied_chat_with_another_assistant_is_pasted() -> None:
    r = split_pasted(f"{_CHAT}\n\ndo it that way")
    assert r.typed == "do it that way" and r.kinds == ("transcript",)


def test_a_hand_off_brief_in_the_second_person_is_pasted() -> None:
    r = split_pasted(_BRIEF)
    assert r.typed == "" and r.kinds == ("brief",)


def test_terminal_capture_of_an_agent_ui_is_pasted() -> None:
    capture = "\n".join(
        ["⏺ I'll update the parser first.", "⏺ Update(src/parse.py)", "  ⎿  Updated src/parse.py with 4 additions"] * 3
    )
    r = split_pasted(f"{capture}\n\nit did this without asking, never edit without showing the diff first")
    assert r.typed == "it did this without asking, never edit without showing the diff first"
    assert r.kinds == ("agent_output",)


def test_a_long_typed_prompt_without_structure_is_kept() -> None:
    text = " ".join(["the sync job should skip archived accounts and log each skip at debug level."] * 12)
    assert split_pasted(text).kinds == ()


def test_a_typed_list_of_a_few_items_is_kept() -> None:
    text = "three things:\n- use uv\n- no pandas\n- run ruff before committing"
    r = split_pasted(text)
    assert r.typed == text and r.kinds == ()


def test_a_typed_prompt_with_one_heading_and_few_items_is_kept() -> None:
    text = "## bug\nthe export drops the last row when the file has no trailing newline. fix it and add a test."
    assert split_pasted(text).kinds == ()


@pytest.mark.parametrize(
    "text",
    [
        "Bug: the export drops the last row.\n\nFix: check for a trailing newline before splitting.",
        "Context: the nightly job.\n\nGoal: make it idempotent.\n\nConstraint: no new dependencies.",
        "like I said: no pandas in this repo, use polars",
        "you said: 'done' but the tests fail. run them yourself",
        "pytest says: 3 failed. fix them",
        "Sure, go ahead. " + "Also make sure every new module gets type hints and a docstring, " * 8,
        "> the importer now streams rows\n\nno it does not, it still loads the whole file",
    ],
)
def test_typed_prompts_that_look_a_little_like_pastes_are_kept(text: str) -> None:
    r = split_pasted(text)
    assert r.typed == text.strip() and r.kinds == ()


def test_a_typed_spec_of_one_page_with_headings_is_kept() -> None:
    text = "## Goal\nadd an export command\n\n## Notes\n" + "- it must stream rows and close the file.\n" * 20
    assert len(text) < 2000 and split_pasted(text).kinds == ()


def test_user_and_assistant_labels_are_a_transcript() -> None:
    text = "User: fix the import\n\nAssistant: I changed the loader to stream the file in chunks.\n\nok now the tests"
    r = split_pasted(text)
    assert r.typed == "ok now the tests" and r.kinds == ("transcript",)


@pytest.mark.parametrize(
    ("build", "n"),
    [
        (lambda n: "a" * n, 1_000_000),
        (lambda n: "x." * n, 300_000),
        (lambda n: "\n".join("src/mod.py:12 something happened here" for _ in range(n)), 30_000),
        (lambda n: "\n".join("    at handler (" + "x" * 1000 for _ in range(n)), 500),
        (lambda n: "```\n" * n, 20_000),
    ],
)
def test_hostile_inputs_stay_linear(build: Callable[[int], str], n: int) -> None:
    assert_linear(split_pasted, build, n)


def test_a_json_dump_is_pasted_data() -> None:
    dump = "{\n" + "".join(f'  "field_{i}": {i},\n' for i in range(12)) + "}"
    r = split_pasted(f"why is field_3 zero here?\n\n{dump}")
    assert r.typed == "why is field_3 zero here?" and r.kinds == ("data",)


def test_a_long_quote_is_pasted_and_the_answer_to_it_kept() -> None:
    quote = "\n".join(f"> line {i} of the reply I got from the vendor about the rate limits" for i in range(10))
    r = split_pasted(f"{quote}\n\nso back off for 60 s after a 429")
    assert r.typed == "so back off for 60 s after a 429" and r.kinds == ("quote",)


def test_a_prose_hand_off_brief_is_pasted() -> None:
    para = "You pick up where the last agent stopped; you keep its branch and you rebase it onto main. "
    brief = "\n\n".join(["You are taking over the search migration. " + para * 4, para * 5, para * 5, "ok go"])
    r = split_pasted(brief)
    assert r.typed == "ok go" and r.kinds == ("brief",)


def test_a_long_typed_prompt_addressing_the_agent_without_a_role_opener_is_kept() -> None:
    para = "can you look at the importer again, you changed the date parsing and now you drop rows. "
    text = "\n\n".join([para * 4, para * 4, para * 4])
    assert split_pasted(text).kinds == ()


def test_the_one_short_line_fast_path_decides_as_the_full_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """`split_pasted` answers a single short line without splitting it into blocks; every line the
    full reading would take anything out of must still get the full reading."""
    import json
    import random

    from persona_pipeline.core.sources import pasted
    from persona_pipeline_tests.conftest import SAMPLE

    truth = json.loads((SAMPLE / "ground_truth.json").read_text())
    lines = [p["text"] for p in truth["genuine_prompts"] if "\n" not in p["text"]]
    rng = random.Random(3)
    heads = [
        "pytest says: ",
        "the reviewer said: ",
        "User: ",
        "You said: ",
        "```",
        "> ",
        "Traceback (most recent call last): ",
        "- ",
        "# ",
        "| a | b |",
        "⏺ ",
    ]
    words = [
        "fix",
        "the",
        "failing",
        "test",
        "and",
        "rename",
        "the",
        "helper",
        "please",
        "because",
        "it",
        "reads",
        "badly",
        "in",
        "the",
        "module",
    ]
    for _ in range(400):
        body = " ".join(rng.choice(words) for _ in range(rng.randint(1, 90)))
        lines.append(rng.choice(heads) + body if rng.random() < 0.6 else body)
    fast = [split_pasted(t) for t in lines]
    monkeypatch.setattr(pasted, "_ONE_LINE_CHARS", 0)  # the full reading for every line
    assert [split_pasted(t) for t in lines] == fast
    assert any(f.kinds for f in fast)  # some lines are relays: the fast path left them to the full reading


# A terminal session as copied from a shell window: a zsh prompt line, an installer's banner and
# status lines, the idle prompt it ended on. Invented text in the shells' default prompt shapes.
_SESSION = "\n".join(
    [
        "Last login: Tue Mar  3 09:12:40 on ttys002",
        "kim@kims-laptop ~ % cd work",
        "kim@kims-laptop work % curl -fsSL https://example.org/install.sh | sh",
        "",
        "   _  __ ___  ___",
        "  | |/ /| _ \\/ __|",
        "  | ' < |   /\\__ \\",
        "  |_|\\_\\|_|_\\|___/",
        "",
        "  Welcome to the toolkit installer.",
        "",
        "  ▸ Fetching bundle...",
        "  ✓ Fetched 12 plugins",
        "  ✓ Unpacked plugins",
        "",
        "  ▸ Writing settings...",
        "  ⚠ Existing settings kept",
        "",
        "  Done! Run `kit start` to begin.",
        "",
        "kim@kims-laptop work % kit start",
    ]
)


def test_a_shell_session_is_pasted_and_the_question_after_it_kept() -> None:
    r = split_pasted(f"{_SESSION}\n\nthe installer skipped my settings, how do I reset them?")
    assert r.typed == "the installer skipped my settings, how do I reset them?"
    assert "terminal" in r.kinds


@pytest.mark.parametrize(
    "prompt",
    [
        "PS C:\\work\\site> npm run build\nnpm ERR! missing script: build\nPS C:\\work\\site> ",
        "dev@buildbox:~/repo$ make test\nok 1 parser\nok 2 lexer\nnot ok 3 printer\ndev@buildbox:~/repo$ ",
    ],
)
def test_other_shells_prompt_lines_mark_a_session(prompt: str) -> None:
    lead = "look at this run, the third step is the one I care about"
    r = split_pasted(f"{lead}\n\n{prompt}\n" + "\n".join(f"line {i} of the output" for i in range(8)))
    assert r.typed == lead


def test_one_prompt_line_in_a_short_question_is_a_snippet() -> None:
    text = "when I run this it hangs:\n\nkim@kims-laptop work % kit start\n\nany idea why?"
    r = split_pasted(text)
    assert r.typed == text and r.kinds == ()


def test_a_prompt_of_quote_lines_only_is_pasted_whatever_its_size() -> None:
    r = split_pasted(
        "> Start with the export job,\n> keep it behind a flag,\n  > and ship the docs in a second commit."
    )
    assert r.typed == "" and r.kinds == ("quote",)


@pytest.mark.parametrize("text", ["> rename the flag\n> then drop the shim", ">>> import json\n>>> json.loads('[1,]')"])
def test_two_quote_lines_alone_stay_the_persons(text: str) -> None:
    assert split_pasted(text) == PasteSplit(text, ())


def test_a_quote_with_a_typed_reply_keeps_the_reply() -> None:
    r = split_pasted("> keep it behind a flag\n> and ship docs later\n\nno flag, ship it on")
    assert r.typed.endswith("no flag, ship it on")


def test_a_title_before_a_pasted_document_goes_with_it() -> None:
    title = "# Ledger Sync — Build Notes\n# Working document for the agent\n\n---"
    r = split_pasted(f"{title}\n\n{_TABLE}\n\nwhich of these options can go?")
    assert r.typed == "which of these options can go?" and "table" in r.kinds


def test_a_typed_arrow_note_and_setext_heading_are_kept() -> None:
    text = "Plan\n==========\n\n→ rename the flag\n→ then drop the shim"
    r = split_pasted(text)
    assert r.typed == text and r.kinds == ()


def test_paragraphs_sharing_a_pasted_regions_margin_go_with_it() -> None:
    # a plan copied from a terminal: its first line starts at the edge, every other line keeps the
    # two-space margin the terminal drew, the short paragraphs around the plan's body included
    body = "\n".join(
        f"  {i}. Move step {i} of the importer onto the streaming reader and test it." for i in range(1, 31)
    )
    heads = "\n".join(f"  ## Part {i}" for i in range(1, 4))
    text = (
        "Check this migration plan for the importer\n  before I start.\n\n"
        "  Background\n\n  The importer loads whole statements into memory today.\n\n"
        f"{heads}\n\n{body}\n\n  Flag anything risky."
    )
    r = split_pasted(text)
    assert r.typed == "Check this migration plan for the importer\n  before I start."


def test_typed_paragraphs_at_the_edge_stay_beside_an_indented_paste() -> None:
    log = "\n".join(f"    2026-03-0{d} 10:1{d}:0{d} ERROR worker.{d} job failed (attempt {d})" for d in range(1, 10))
    r = split_pasted(f"the nightly run broke again\n\n{log}\n\nretry with backoff, not in a tight loop")
    assert r.typed == "the nightly run broke again\n\nretry with backoff, not in a tight loop"


# Checklists people type with status symbols: every line led by a glyph a CLI could print too.
_GLYPH_CHECKLIST = "\n".join(
    [
        "Where the billing rewrite stands:",
        "✅ invoices render on staging",
        "✅ the tax column rounds half-even",
        "✅ refunds post to the ledger",
        "❌ credit notes still show the old logo",
        "❌ the CSV export drops the currency",
        "→ fix the export first",
        "→ then the logo",
        "→ leave the ledger alone",
        "Open a PR per item, small ones.",
    ]
)
_ARROW_TASKS_JA = "\n".join(
    [
        "明日の作業：",
        *(
            f"→ {t}"
            for t in [
                "請求書の修正",
                "税率の確認",
                "返金の記録",
                "ロゴの差し替え",
                "CSVの通貨列",
                "テストの追加",
                "リリースノート",
            ]
        ),
        "請求書から始めてください。",
    ]
)


@pytest.mark.parametrize("text", [_GLYPH_CHECKLIST, _ARROW_TASKS_JA])
def test_a_typed_checklist_led_by_status_glyphs_is_kept(text: str) -> None:
    r = split_pasted(text)
    assert r.typed == text and r.kinds == ()


_FORWARDING = "\n".join(
    [
        "Route the shared inboxes like this:",
        "sales@shop.example -> maria@team.example",
        "support@shop.example -> desk@helpdesk.example",
        "billing@shop.example -> ana@team.example",
        "jobs@shop.example -> hr@team.example",
        "ops@shop.example owes $12 a month for the alias, put that in the notes",
        "Write the rules to routes.toml and reject a route that points back at itself.",
        "Run the tests after.",
    ]
)
_MOVES = "\n".join(
    [
        "Archive the exports like this:",
        *(f"C:\\exports\\{m}.csv -> E:\\archive\\{m}.csv" for m in ("jan", "feb", "mar", "apr", "may")),
        "in a PowerShell script, one Move-Item per file, and log each move.",
        "Skip a file that is still open.",
    ]
)


@pytest.mark.parametrize("text", [_FORWARDING, _MOVES])
def test_addresses_and_arrows_in_typed_lines_are_no_shell_prompt(text: str) -> None:
    r = split_pasted(text)
    assert r.typed == text and r.kinds == ()


def test_a_bash_session_with_a_prompt_naming_user_and_host_is_still_pasted() -> None:
    session = "\n".join(
        [
            "sam@devbox:~/src$ make",
            "cc -c parse.c",
            "parse.c:41:9: error: 'tok' undeclared",
            "make: *** [parse.o] Error 1",
            "sam@devbox:~/src$ make clean",
            "rm -f *.o",
            "sam@devbox:~/src$ make",
            "parse.c:41:9: error: 'tok' undeclared",
            "sam@devbox:~/src$",
        ]
    )
    r = split_pasted(f"why is tok undeclared here\n\n{session}")
    assert r.typed == "why is tok undeclared here" and "terminal" in r.kinds


_TRACE = "\n".join(
    [
        "Traceback (most recent call last):",
        '  File "server.py", line 12, in <module>',
        "    serve()",
        '  File "server.py", line 8, in serve',
        "    bind(port)",
        '  File "net.py", line 3, in bind',
        '    raise OSError("port in use")',
        "OSError: port in use",
    ]
)


@pytest.mark.parametrize(
    "heading", ["# Why does the server die on boot?", "## Fix the boot crash, it blocks the release"]
)
def test_a_single_typed_heading_over_a_paste_is_kept(heading: str) -> None:
    r = split_pasted(f"{heading}\n\n{_TRACE}")
    assert r.typed == heading and "log" in r.kinds


def test_a_heading_over_a_rule_before_a_paste_is_its_title() -> None:
    r = split_pasted(f"# Server crash report\n\n---\n\n{_TRACE}\n\nwhy does bind fail here?")
    assert r.typed == "why does bind fail here?"


_LOCK_LOG = [f"2026-04-0{d} 08:0{d}:1{d} ERROR store.lock timeout after {d}s" for d in range(1, 10)]


def test_an_items_indented_comment_after_its_indented_log_is_kept() -> None:
    log = "\n".join(f"    {ln}" for ln in _LOCK_LOG)
    comment = "    I think the lock is held across the whole request, narrow it to the write."
    text = f"1. Saving a draft hangs. Log:\n\n{log}\n\n{comment}\n\n2. The autosave fires twice."
    r = split_pasted(text)
    assert comment.strip() in r.typed and "2. The autosave fires twice." in r.typed


def test_a_prompt_indented_as_a_whole_keeps_its_words_beside_a_paste() -> None:
    log = "\n".join(f"  {ln}" for ln in _LOCK_LOG)
    text = f"  please rework the draft store:\n\n{log}\n\n  use row locks with a timeout, not a file lock"
    r = split_pasted(text)
    assert r.typed == "please rework the draft store:\n\n  use row locks with a timeout, not a file lock"


def test_setup_steps_copied_from_a_terminal_under_their_first_sentence_go_whole() -> None:
    # an agent's reply selected from its first word: that sentence at the edge, the rest on the
    # two-space margin the terminal drew (steps, a config, commands)
    config = "\n".join(
        [
            "{",
            '  "mirror": {',
            '    "url": "https://mirror.example/pkgs",',
            '    "timeout": 30,',
            '    "retries": 3,',
            '    "verify_tls": true,',
            '    "cache_dir": "~/.cache/pkgtool"',
            "  }",
            "}",
        ]
    )
    steps = [
        "1. Open this file:",
        "~/.config/pkgtool/settings.json",
        "2. Put this inside:",
        config,
        "3. Reload the tool:",
        "pkgtool reload",
        "4. Check it took:",
        "pkgtool mirror show",
    ]
    indented = "\n\n".join("\n".join(f"  {ln}" for ln in step.split("\n")) for step in steps)
    first = "Point pkgtool at the internal mirror."
    r = split_pasted(f"{first}\n\n{indented}")
    assert r.typed == first


def test_one_prompt_line_inside_a_typed_paragraph_keeps_the_paragraph() -> None:
    text = "\n".join(
        [
            "My setup: I ssh into the build host and",
            "ci@buildhost:~/mono$ is where every shell starts, then I run the full build.",
            "It takes forty minutes because nothing is cached between runs,",
            "and touching one header rebuilds everything that includes it.",
            "Set up a compiler cache, use it from the Makefile when it is installed,",
            "and note in the README how to clear it.",
            "Also see whether the big common.h can be split so fewer files depend on it.",
            "Keep the library's public headers as they are.",
        ]
    )
    r = split_pasted(text)
    assert r.typed == text and r.kinds == ()
