"""Pasted material is not the person's words (issue 15): a pasted traceback, compiler or test
output, log lines, a diff, a shell session or the agent's answer quoted back never becomes a rule;
the one or two sentences the person wrote around it still do (`persona/digest/pasted.py`)."""

from __future__ import annotations

import time

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.digest.pasted import own_words
from persona_pipeline.persona.fold import fold
from persona_pipeline.persona.pack import compile_pack


def _inp(unit: str, text: str, day: int, context: str = "", tier: Tier = Tier.T2) -> DigestInput:
    ev = EvidenceView(
        evidence_id=f"{unit}-0",
        tier=tier,
        kind="prompt",
        excerpt=text,
        context=context,
        timestamp=f"2026-10-{day:02d}T00:00:00Z",
        project="p1",
        session_id=unit,
    )
    return DigestInput(unit_key=unit, session_id=unit, project="p1", evidence=[ev])


def _pack(turns: list[str], context: str = "", tier: Tier = Tier.T2) -> list[str]:
    """The pack's bullets for one turn per session, each a day apart."""
    inputs = [_inp(f"s{i}", t, i + 1, context, tier) for i, t in enumerate(turns)]
    obs = [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]
    return [b.text.lower() for b in compile_pack(fold(obs)).bullets]


# Each: a turn of pasted material holding a line shaped like a rule, the person's own sentence
# around it, the words of the pasted rule-shaped line, and the words of the person's rule. The turn
# is said in three sessions (a paste the person keeps running into, a rule they keep repeating).
PASTES = [
    (
        "got this again:\n"
        "Traceback (most recent call last):\n"
        '  File "shop/cart.py", line 88, in total\n'
        "    raise ValueError('quantity should always be a positive integer')\n"
        "ValueError: quantity should always be a positive integer\n"
        "Always check the inputs at the API boundary, not deep inside the cart.",
        "positive integer",
        "api boundary",
    ),
    (
        "the suite is red:\n"
        "============================= test session starts ==============================\n"
        "tests/test_tiles.py ..F                                                  [100%]\n"
        "FAILED tests/test_tiles.py::test_zoom - AssertionError: tiles must always be square\n"
        "========================= 1 failed, 2 passed in 0.31s ==========================\n"
        "I want a failing test fixed at its cause, never marked as xfail.",
        "square",
        "xfail",
    ),
    (
        "2026-03-02 09:14:07,112 WARNING scheduler: jobs should always declare a timeout\n"
        "2026-03-02 09:14:07,540 ERROR scheduler: job nightly-export never finished\n"
        "Please always log in UTC, local times make these impossible to line up.",
        "declare a timeout",
        "utc",
    ),
    (
        "$ cargo build\n"
        "warning: you should always derive Debug for public types\n"
        "error[E0382]: borrow of moved value: `frame`\n"
        "  --> src/render.rs:41:13\n"
        "I prefer cloning small structs over fighting the borrow checker with lifetimes.",
        "derive debug",
        "cloning small structs",
    ),
    (
        "diff --git a/conf/site.toml b/conf/site.toml\n"
        "index 3f2a9c1..8b7e0d4 100644\n"
        "--- a/conf/site.toml\n"
        "+++ b/conf/site.toml\n"
        "@@ -3,3 +3,3 @@\n"
        "-# always keep caching on in staging\n"
        "+# never cache in staging\n"
        " title = 'Herbarium'\n"
        "Keep configuration changes in their own commit, separate from code.",
        "caching",
        "own commit",
    ),
    (
        "```\n"
        "You should always write docstrings in the imperative mood.\n"
        "```\n"
        "Use the ORM's generated migrations and review them, never hand-written SQL for schema changes.",
        "imperative mood",
        "generated migrations",
    ),
    (
        "> You should always run the linter before every push.\n"
        "I pin direct dependencies to ranges and let the lockfile do the rest.",
        "linter",
        "direct dependencies",
    ),
    (
        "   at Ledger.post (/srv/books/ledger.js:120:11)\n"
        "   at processTicksAndRejections (node:internal/process/task_queues:95:5)\n"
        "Error: entries must always balance before posting\n"
        "I like money kept in integer cents everywhere, never floats.",
        "balance before posting",
        "integer cents",
    ),
]


@pytest.mark.parametrize(("turn", "pasted_words", "own_rule"), PASTES)
def test_a_paste_is_no_rule_and_the_persons_sentence_is(turn: str, pasted_words: str, own_rule: str) -> None:
    bullets = _pack([turn, turn, turn])
    assert not [b for b in bullets if pasted_words in b], bullets
    assert [b for b in bullets if own_rule in b], bullets


def test_the_agents_answer_quoted_back_without_a_marker_is_no_rule() -> None:
    # the turn repeats a line of the preceding assistant text (its context), then disagrees
    context = "Done. Going forward you should always add a changelog entry for every pull request."
    turn = "you should always add a changelog entry for every pull request\nWhat? I write the release notes by hand."
    bullets = _pack([turn, turn, turn], context=context)
    assert not [b for b in bullets if "changelog entry" in b], bullets
    assert [b for b in bullets if "release notes by hand" in b], bullets


# Look-alikes: the person's own rules that name a command, quote a flag, a path or a log level, a
# list with an indented continuation, a rule in a code span — all stay rules.
OWN_RULES = [
    ("always run `pytest -x` first", "pytest -x"),
    ("never pass --no-verify to git commit", "--no-verify"),
    ("always keep secrets in ~/.config/app/secrets.env, never in the repo", "secrets.env"),
    ("- keep commits small\n    and always squash fixups before merging", "keep commits small"),
    ("Log errors at ERROR level and retries at WARNING, always.", "error level"),
    ("always use `ruff format` before committing, never black", "ruff format"),
    ("I prefer `uv run` over activating the venv by hand.", "uv run"),
]


@pytest.mark.parametrize(("turn", "words"), OWN_RULES)
def test_a_rule_that_names_a_command_or_flag_stays_a_rule(turn: str, words: str) -> None:
    assert [b for b in _pack([turn, turn]) if words in b], _pack([turn, turn])


@pytest.mark.parametrize(
    "turn",
    [
        # pasted output alone, said in three sessions: nothing the person wrote, so no rule
        "FAILED tests/test_api.py::test_auth - AssertionError: tokens must always expire\n"
        "========================= 1 failed, 9 passed in 1.02s ==========================",
        "2026-01-05T10:00:00Z INFO gateway: clients should always retry with backoff",
        "> Always prefer composition over inheritance.",
        "```\nnever commit directly to main\n```",
        "$ make deploy\nmake: *** [deploy] Error 1",
        # a one-off and a question around a paste stay no rule
        "fix this one:\nTypeError: cannot read properties of undefined (reading 'id')\ncan you look at it today?",
    ],
)
def test_pasted_output_said_again_and_again_is_no_rule(turn: str) -> None:
    assert _pack([turn, turn, turn]) == []


def test_an_instruction_files_own_text_is_read_whole() -> None:
    # an instruction file is the person's own text: its quoted note is still a directive
    turn = "> Always answer in British English."
    assert [b for b in _pack([turn, turn], tier=Tier.T0) if "british english" in b]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("I get\n    x = 1\n    y = 2\nalways name things fully", ["I get", "always name things fully"]),
        ("plain sentence one.\nplain sentence two.", ["plain sentence one.", "plain sentence two."]),
        ('{"a": 1,\n "b": [1, 2],\n "c": null}\nprefer tabs', ["prefer tabs"]),
        ("```python\nx = 1\n", []),  # an unclosed fence runs to the end (CommonMark)
        ("```x``` is fine, use it", ["```x``` is fine, use it"]),  # a code span, not a fence
        # a namespaced Ruby exception and its backtrace line
        (
            "seeding broke:\nSequel::DatabaseError: the column must not be null\n  db/seeds.rb:12:in `block'\nlook",
            ["seeding broke:", "look"],
        ),
        # a Dart / gdb numbered frame
        ("#0      Cart.total (package:shop/cart.dart:17)\nseen twice", ["seen twice"]),
        # "Caused by:" alone, then the cause indented
        ("Caused by:\n  Timeout after 30s, you should retry\nretry it", ["retry it"]),
        # a heading and its indented records after a paste; a heading before a paste is the person's
        (
            "[ERROR] could not lock the table\nLock details:\n  Owner: ci-3\n  Since: 4h\nhelp",
            ["help"],
        ),
        ("always format logs like this:\n2026-01-01T00:00:00Z INFO x", ["always format logs like this:"]),
        # an indented sentence under a list item continues the item
        ("- squash fixups\n   before you merge, always", ["- squash fixups", "   before you merge, always"]),
    ],
)
def test_own_words_keeps_exactly_the_persons_lines(text: str, kept: list[str]) -> None:
    out = own_words(text)
    assert [ln for ln in out.split("\n") if ln] == kept
    assert len(out.split("\n")) == len(text.split("\n"))  # every line keeps its place


@pytest.mark.parametrize(
    "piece",
    [
        '  File "a.py", line 1, in f\n',
        "    at f (a.js:1:2)\n",
        "a.b.c.d.e.f.g:1:",
        "ValueError" * 5 + "\n",
        "a" * 40 + "\n",
        "2026-01-01 00:00 ERROR x\n",
        "@@ -1,2 +1,2 @@\n+x\n",
        "> q\n",
        "word word word\n",
        "a.",
        "= ",
        "{[",
    ],
)
def test_linear_on_long_pastes(piece: str) -> None:
    # 5,000 lines, and one line of the piece repeated: both must stay fast
    for text in (piece * 5000, piece.replace("\n", " ") * 5000):
        start = time.perf_counter()
        own_words(text, echo="x" * 200)
        assert time.perf_counter() - start < 1.0, piece


# A refusal: "will" of volition, negated, with the first person and a dynamic verb (Quirk et al.
# 1985, §4.58) is a standing disposition — main read it as no force. Each said in two sessions.
REFUSALS = [
    ("I won't approve a migration without a down step.", "down step"),
    ("we won't ship a release without signed tags", "signed tags"),
    ("I won't review notebooks with outputs in them.", "notebooks"),
    ("I won't add a dependency for a ten-line helper.", "ten-line helper"),
    ("We won't merge a pull request with a red pipeline.", "red pipeline"),
    ("I won't push to main without a second pair of eyes.", "second pair of eyes"),
]


@pytest.mark.parametrize(("turn", "words"), REFUSALS)
def test_a_refusal_said_twice_is_a_rule(turn: str, words: str) -> None:
    bullets = _pack([turn, turn])
    assert [b for b in bullets if words in b], bullets


@pytest.mark.parametrize(
    "turn",
    [
        "I won't be around tomorrow, ping Dana",  # a prediction of being, and one day
        "I won't have time for the review",  # having
        "I won't know until the vendor replies",  # a thought
        "I won't touch that file",  # one thing pointed at
        "I won't lie, the new dashboard is nice",  # a verb with one thing after it
        "I won't bother you with the details",  # a person
        "I won't forget to update the changelog",  # a promise ("to" + a verb)
        "I won't hesitate to roll back",  # a promise
        "I won't merge it until the tests pass",  # one thing
        "I won't argue",  # nothing after the verb
        "I won't push anything today",  # one day
    ],
)
def test_what_is_no_refusal_said_twice_stays_no_rule(turn: str) -> None:
    assert _pack([turn, turn]) == []


# rev50c round 1: the person's own lines in shapes near the paste patterns stay rules (P1–P4), and
# more tools' output is pasted (P6). Each said in two sessions.
@pytest.mark.parametrize(
    ("turn", "kept"),
    [
        # P1: an indented block of rules without list markers
        (
            "for the club website:\n    never publish a rider's home town\nalways sort rides by start time\n"
            "    keep photos under a megabyte",
            ["home town", "start time", "megabyte"],
        ),
        # P2: a capitalised "Warning:" or a severity word opening the person's sentence
        ("Warning: never restart the kennel feeder during the night", ["kennel feeder"]),
        ("FATAL errors must always page the vet on duty", ["page the vet"]),
        # P3a: the person's line between two prompt lines
        ("$ ./sync.sh\nalways take a backup of the readings first\n$ ./restore.sh", ["backup of the readings"]),
        # P3b: a list item right after a hunk the header has counted out
        ("@@ -1,1 +1,1 @@\n-ferry = 7\n+ferry = 8\n- never edit the seed data by hand", ["seed data"]),
        # P4: "ok" and a duration opening a sentence is no `go test` line
        ("ok so 1.5s per page is too slow, keep pages under half a second", ["half a second"]),
    ],
)
def test_the_persons_lines_in_paste_like_shapes_stay_rules(turn: str, kept: list[str]) -> None:
    bullets = _pack([turn, turn])
    for words in kept:
        assert [b for b in bullets if words in b], (words, bullets)


@pytest.mark.parametrize(
    "turn",
    [
        "remote: error: always sign your commits on this repo\nremote: hint: see the wiki",
        "db-1   | never trust client timestamps\ndb-1   | LOG:  database system is ready",
        "  12:3  error  Use 'const' instead, always  prefer-const",
        "On branch main\nYour branch is ahead of 'origin/main' by 2 commits.\n"
        '  (use "git push" to publish your local commits)',
        "E       AssertionError: prices must always be rounded\nE       assert 1.005 == 1.01",
        "ok  \tgithub.com/acme/tides\t0.012s",
    ],
)
def test_more_tools_output_is_pasted(turn: str) -> None:
    assert _pack([turn, turn, turn]) == []


# Restatements in English that share only a name written with common words ("Google Sheets",
# "Power Automate"): capitalised inside the sentence, as English writes proper nouns, the name's
# tokens are a key term even for an English pair (`key_terms.names`). Each wording said once, in
# its own session; 5 of the 6 are two separate stated-once rules on main.
NAMED_RESTATED = [
    (
        "I keep every ferry timetable in Google Sheets, the crews can edit it",
        "Google Sheets beats emailing spreadsheets around for rota work",
    ),
    (
        "I automate the shop's restock emails with Power Automate",
        "Power Automate beats writing cron jobs for office chores",
    ),
    (
        "I share clinic rotas through Microsoft Teams, not email",
        "anything urgent about the kennels goes on Microsoft Teams",
    ),
    (
        "weather alerts go through Home Assistant in my setup",
        "I wire every new station sensor into Home Assistant first",
    ),
    (
        "I store the ferry crew rosters in Google Drive, shared per vessel",
        "everything the harbour office needs sits on Google Drive",
    ),
    (
        "I record lessons with Screen Recorder so absent pupils catch up",
        "missed lessons get a Screen Recorder video in our class",
    ),
]


@pytest.mark.parametrize(("a", "b"), NAMED_RESTATED)
def test_english_restatements_sharing_a_name_are_one_rule(a: str, b: str) -> None:
    from persona_pipeline_tests.test_recall49 import _pack as pack_one_per_session

    assert len(pack_one_per_session([a, b])) == 1
    assert pack_one_per_session([a]) == []  # said once: no rule


@pytest.mark.parametrize(
    "sessions",
    [
        # the same common word, not written as a name: two different rules stay apart
        ["keep the sheets of the rota in one folder", "sheets for the kennels get printed weekly"],
        # a one-off and a question naming it: no rule at all
        ["restart Home Assistant on the lab box today", "is Home Assistant still on the old version?"],
        # capitalised only because a sentence opens with it
        ["Sheets go to the printer on Mondays.", "Print the sheets in colour for the parents."],
        # rev50c P8: an abbreviation in capitals, a day name — capitalised by spelling rule
        ["every PR must link its ticket", "rebase each PR onto main before review"],
        ["every PR needs a screenshot of the timetable", "squash each PR before merging"],
        ["the ferry report goes out on Friday with totals", "no deploys to the booking site on Friday"],
    ],
)
def test_names_look_alikes_stay_apart(sessions: list[str]) -> None:
    from persona_pipeline_tests.test_recall49 import _pack as pack_one_per_session

    assert pack_one_per_session(sessions) == []


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("skip Report Builder and export by hand", {"report", "build"}),
        ("Fine. Use polars here", set()),  # a capital that opens a sentence names nothing
        ("I'd say it is fine", set()),
        ("link the PR and the API docs on Monday", set()),  # spelling-rule capitals name nothing
        ("keep the REPL open", {"repl"}),  # an abbreviation English does not list is a name
        ("keep tides.edn next to the code", {"tides.edn"}),  # not listed in English at all
        ("record-triggered flows only", set()),  # a compound of listed words
    ],
)
def test_names_reads_capitals_inside_a_sentence_and_unlisted_words(statement: str, expected: set[str]) -> None:
    from persona_pipeline.persona.digest.key_terms import names

    assert expected <= names(statement) and (expected or not names(statement))


def test_names_is_linear() -> None:
    from persona_pipeline.persona.digest.key_terms import names

    for piece in ("Word ", "a. B ", "x.edn "):
        start = time.perf_counter()
        names(piece * 20000)
        assert time.perf_counter() - start < 2.0


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        ("I won't accept an algebraic loop", {"wo"}),
        ("I can't stand debugging the scheduler", {"ca"}),
        ("we shan't ship on Fridays", {"sha"}),
    ],
)
def test_irregular_negative_contractions_leave_no_token(text: str, absent: set[str]) -> None:
    # cut at "n't", "won't" and "can't" left "wo" and "ca": a token every such sentence shared, which
    # joined different refusals into one rule (Quirk §3.23: will not, can not, shall not)
    from persona_pipeline.persona.digest.similarity import tokens

    assert not (tokens(text) & absent)
    assert tokens(text)  # the content words stay


def test_different_refusals_said_once_each_stay_apart() -> None:
    from persona_pipeline_tests.test_recall49 import _pack as pack_one_per_session

    sessions = [
        "I won't accept an algebraic loop, add a unit delay.",
        "We won't certify a unit containing Unchecked_Conversion.",
        "I won't deploy a class with a hardcoded Id, sandboxes differ.",
    ]
    assert pack_one_per_session(sessions) == []
