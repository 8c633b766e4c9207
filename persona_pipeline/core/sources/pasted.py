"""Telling what the person typed from what they pasted into a prompt.

A prompt box carries both: a short instruction, and material copied from elsewhere — another
agent's reply relayed ("<agent> says: …"), a whole chat copied from a chat UI, a hand-off brief
written to an agent, a multi-page plan, a log, a stack trace, a table. Pasted material is not the
person's words and must not become persona evidence; the instruction typed around it must stay.

The classifier works on shape, never on phrases fitted to one history:
- client markers: Claude Code's `[Pasted text #N +M lines]` placeholders (the paste itself is
  not in the text), the plan-accept messages the clients write themselves (Codex's "PLEASE
  IMPLEMENT THIS PLAN:", Claude Code's "Implement the following plan:") followed by the agent's plan;
- blocks (paragraphs; a fenced code block is one block) shaped like machine output: logs and
  stack traces (most lines carry timestamps, levels, `file:line`, `at f(…)`, prompts, counters),
  tables (pipe rows, box drawing, tab-separated columns), data dumps (JSON, YAML, env, markup),
  quoted text (`>` lines), long code, a terminal capture of an agent UI (its glyphs at line starts),
  a terminal session (blocks opening or ending on a shell's prompt line `user@host dir %`,
  `PS C:\\>`, or holding two): every block from a session's first prompt line to its last is its
  output (a CLI's status glyphs `✓ → ⚠` and art alone mark nothing: people type checklists and
  diagrams with them);
- regions that run to the end of the prompt: a relay prefix ("<who> says:", "response from
  <who>:", "<who>'s reply:"), a chat transcript (two or more speakers' label lines), a document
  (long, with headings / bold lead-ins / many items), a brief (a document in the second person,
  opening "You are …" / "Your task …" or dense in "you").
Short blocks of plain prose before a region, or after it (one or two, not shaped like an
assistant's closing offer), are what the person typed and are kept. Small snippets (a few lines
of data or config the instruction is about) are part of the prompt: a block-shaped region is
pasted only when it is large. A prompt that is all quote lines (three or more) is pasted: the
person marked every line as someone else's words and typed none. A title (blocks of headings and
rules only: two headings or more, or a heading over a rule) right before a pasted region is that
document's title, pasted with it; blocks beside a pasted region that share its left margin (two
spaces or more) came with it when the prompt has a terminal copy's shape (every line after the
first indented past it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from persona_pipeline.core.sources import line_shapes
from persona_pipeline.core.sources.paste_runs import cut_output_runs

# Claude Code writes this placeholder where a long paste was collapsed; its text lives elsewhere.
_PASTE_MARKER = re.compile(r"\[Pasted text #\d+(?: \+\d+ lines?)?\]")
# Messages the clients compose themselves when the person accepts the agent's plan.
_PLAN_ACCEPT = re.compile(r"\A\s*(?:PLEASE IMPLEMENT THIS PLAN:|Implement the following plan:)", re.IGNORECASE)

_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_FENCE_FIRST = frozenset("`~")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+\S")
_BOLD_LEAD = re.compile(r"^\s*(?:[-*+]\s+)?\*\*[^*\n]{1,80}\*\*\s*:?")
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+\S")
_PIPE_ROW = line_shapes.PIPE_ROW
_BOX = line_shapes.BOX
_AGENT_GLYPH = line_shapes.AGENT_GLYPH
# One log-, trace- or output-shaped line (lenient or strict: it counts towards a block's share).
_LOG_LINE = line_shapes.BLOCK_OUTPUT_LINE
# `search` of a pattern anchored by `^` (without MULTILINE) can only match at 0: `match` finds the
# same, without trying every later position (~2x cheaper for this alternation)
_LOG_AT_START = _LOG_LINE.match
_SHELL_PROMPT = line_shapes.SHELL_PROMPT
_QUOTE_LINE = line_shapes.QUOTE_LINE
_DATA_LINE = line_shapes.DATA_LINE
_TRACE_HEAD = line_shapes.TRACE_HEAD
# Literals every `_TRACE_HEAD` match holds (one per alternative): a text with neither has no match,
# found by `str.find` (the pattern's search tries both alternatives at every position: ~10 ns a char)
_TRACE_LITERALS = ("Traceback (most recent call last)", "at ")  # `_trace_head` tests both
# "<who> says:", "here's what <who> said:", "response from <who>:", "<who>'s reply:"
_RELAY = re.compile(
    # emphasis or a quote marker may wrap the prefix; never the person's own "as I said:" /
    # "you said:" (quoting the agent back is still their message)
    r"^\s*[*_>]*\s*(?:here(?:'s| is) )?(?:what )?(?:"
    r"(?!(?:[\w@.+-]+ ){0,3}(?:i|we|you)\b)[\w@.+-]+(?: [\w@.+-]+){0,3},? "
    r"(?:says|said|wrote|writes|replied|replies|responded|responds|suggests|suggested|thinks|answered|"
    r"answers|reports|reported|came back with|concluded|proposes|proposed)\b[^:\n]{0,40}:|"
    r"(?:the )?(?:response|reply|answer|feedback|review|output|message|verdict|notes?) from [\w@.+ -]{1,40}:|"
    r"[\w@.+-]+(?: [\w@.+-]+){0,2}'s "
    r"(?:response|reply|answer|review|feedback|take|output|analysis|verdict|notes?)\s*:)",
    re.IGNORECASE,
)
# A speaker label opening a line of a copied chat ("You said:", "**Assistant:**", "Human: …"). A copy
# has labels that take turns (one recurs), say "said", or name a chat role; "Bug: … Fix: …" does not.
_SPEAKER = re.compile(
    r"^\s*(?:\*\*|#{1,4}\s*)?([A-Z][\w.-]{0,24}(?: [A-Z0-9][\w.-]{0,24})?)( said)?(?:\*\*)?:(?:\*\*)?(?:\s|$)"
)
_CHAT_ROLES = frozenset({"you", "user", "human", "me", "assistant", "ai", "model", "bot", "system"})
# Second person addressed to an agent: a brief opens like this, or is dense in "you".
_BRIEF_OPENER = re.compile(
    r"^\s*(?:#+\s*)?(?:\*\*)?(?:you are|you're|you will|your (?:task|job|goal|role|mission|objective)|"
    r"as an? (?:\w+ ){0,3}agent)\b",
    re.IGNORECASE | re.MULTILINE,
)
_YOU = re.compile(r"\b(?:you|your|yours|yourself)\b", re.IGNORECASE)
_WORDS = re.compile(r"\w+")
# How an assistant's reply opens or closes (an unlabelled copy of another chat).
_ASSISTANT_OPEN = re.compile(
    r"^\s*(?:sure|certainly|absolutely|of course|great question|good question|happy to help|got it)[!,.]",
    re.IGNORECASE,
)
# How an assistant's reply opens when it starts on the work: an acknowledgement, then the first
# plan ("Okay, let's …", "Sure, I'll …"), or the plan in the first person plural at once ("We'll add
# …", "Here's the revised …"; a bare "I'll …" is as often the person's "I'll paste the spec below").
# Only ever read on a lead-in right before a document region (`_region_start`), and never on one
# that ends in a colon (a typed lead-in introduces what follows).
_AGENT_REGISTER = re.compile(
    r"^\s*(?:(?:okay|ok|alright|all right|sure|certainly|absolutely|great|got it)[,!.]\s+"
    r"(?:i'll|i will|we'll|we will|let's|let me|here's|here is|here are)\b|"
    r"(?:we'll|we will|here's|here is|here are)\b)",
    re.IGNORECASE,
)
# A bold line alone: a heading set in emphasis (`**1. Setup**`)
_BOLD_HEADING = re.compile(r"^\s*\*\*[^*\n]{1,80}\*\*\s*$")
_ASSISTANT_OFFER = re.compile(
    r"^\s*(?:would you like|do you want me|want me to|shall i|should i|let me know|if you(?:'d| would) like|"
    r"i can also|i'm happy to|happy to)\b",
    re.IGNORECASE,
)

# The classifier's version, part of every fingerprint of a kind whose prompts pass through it (every
# agent reader's, the prompt logs'; `catalog.py`): a change to what counts as pasted re-reads them
# all, not only the readers a change happened to be found on. 2: shell sessions, titles, margins.
# 3: the agent's words pasted back (`echo.py`, in the Claude Code and Codex readers); a block's
# output-shaped lines include the strict shapes (`line_shapes.BLOCK_OUTPUT_LINE`). 4: unfenced runs
# of output over short paragraphs (`paste_runs`), another model's reply opening in its register;
# the agent's words pasted back checked in every reader with the agent's text (`chat_turns.Conversation`).
CLASSIFIER_VERSION = "pasted-4"

BIG_LINES, BIG_CHARS = 8, 600  # a block-shaped region smaller than both is a snippet, not a paste
DOC_CHARS = 2000  # a document region: at least this long (about a page) and structured
BRIEF_CHARS = 1200  # a structured text in the second person: shorter suffices
RELAY_MIN_CHARS = 40  # what follows a relay prefix: shorter is an inline quote
PROSE_DOC_CHARS, PROSE_DOC_BLOCKS = 4000, 6  # multi-page prose without markup
AGENT_OUTPUT_CHARS = 600  # an agent's reply pasted back: at least this long
# a single line shorter than every size a region or a pasted block needs (`split_pasted`'s fast path)
_ONE_LINE_CHARS = min(BIG_CHARS, DOC_CHARS, BRIEF_CHARS, PROSE_DOC_CHARS, AGENT_OUTPUT_CHARS)
ONE_LINE_CHARS = _ONE_LINE_CHARS  # a single line shorter than this holds no pasted material but a relay
TYPED_TAIL_CHARS = 300  # a short block after a region may be the person's follow-up
# a prompt of only quote lines, this many or more, is pasted; fewer may be the person's own `>`
# used as a bullet or a REPL's `>>>` line (`> run the tests` / `> fix what fails`)
ALL_QUOTE_MIN_LINES = 3


@dataclass(frozen=True)
class PasteSplit:
    typed: str  # what the person typed, "" when the whole prompt is pasted material
    kinds: tuple[str, ...] = ()  # shapes of what was removed (empty when nothing was)


class _Block:
    """A paragraph's lines (never changed once made: its text is joined once, its shape judged once)."""

    __slots__ = ("_shape", "fenced", "lines", "text")

    def __init__(self, lines: list[str], fenced: bool = False) -> None:
        self.lines = lines
        self.fenced = fenced
        self.text = "\n".join(lines)
        self._shape: str | object | None = _UNJUDGED

    @property
    def shape(self) -> str | None:
        """`_block_shape(self)`, judged on first use (`split_pasted`, then `_plain` again)."""
        if self._shape is _UNJUDGED:
            self._shape = _block_shape(self)
        return self._shape  # type: ignore[return-value]


_UNJUDGED = object()


def _blocks(text: str) -> list[_Block]:
    """Paragraphs separated by blank lines; a fenced code block (blank lines and all) is one block."""
    blocks: list[_Block] = []
    cur: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        line = line.rstrip("\r")
        if fence is not None:
            cur.append(line)
            if line.strip().startswith(fence):
                blocks.append(_Block(cur, fenced=True))
                cur, fence = [], None
            continue
        first = line.lstrip()[:1]
        # a fence opens with a backtick or tilde after the blanks (`\s`: what `lstrip` strips)
        m = _FENCE.match(line) if first in _FENCE_FIRST else None
        if m:
            if cur:
                blocks.append(_Block(cur))
            cur, fence = [line], m.group(1)[0] * 3
            continue
        if not first:
            if cur:
                blocks.append(_Block(cur))
                cur = []
            continue
        cur.append(line)
    if cur:
        blocks.append(_Block(cur, fenced=fence is not None))
    return blocks


# Share thresholds as hit counts, per (lines, share): at most a few dozen pairs recur
_NEEDED: dict[tuple[int, float], int] = {}


def _hits_needed(n: int, share: float) -> int:
    """The fewest hits h (of n > 0 lines) with `h / n >= share`, n + 1 when none: the quotient only
    grows with h, so `h / n >= share` is `h >= _hits_needed(n, share)` (the same float division)."""
    need = _NEEDED.get((n, share))
    if need is None:
        need = next((h for h in range(n + 1) if h / n >= share), n + 1)
        if len(_NEEDED) < 4096:
            _NEEDED[n, share] = need
    return need


def _share_at_least(lines: list[str], test: Callable[[str], object], share: float) -> bool:
    """Whether at least `share` of `lines` (all non-blank) pass `test` (a pattern's `search` or
    `match`): `hits / len(lines) >= share`, decided as soon as it is known (true once the hits so
    far reach it, false once all the lines left could not)."""
    n = len(lines)
    if not n:
        return share <= 0.0  # no lines: a share of 0.0, as before
    need = _hits_needed(n, share)
    hits = 0
    left = n
    for ln in lines:
        left -= 1
        if test(ln):
            hits += 1
            if hits >= need:
                return True
        elif hits + left < need:
            return False
    return hits >= need


def _block_shape(b: _Block) -> str | None:
    """What machine-shaped material a block is, judged by its own lines."""
    if b.fenced:
        lines = [ln for ln in b.lines if ln.strip()]  # non-blank, as `_share_at_least` takes them
        inner = lines[1:-1] if len(lines) > 1 else lines
        if inner and (_share_at_least(inner, _LOG_AT_START, 0.5) or _trace_head("\n".join(inner))):
            return "log"
        return "code"
    lines = b.lines  # outside a fence a block holds no blank line (`_blocks`)
    text = b.text
    # agent glyphs and box-drawing characters are all non-ASCII: an ASCII line matches neither
    # (`isascii` is a flag lookup), so an all-ASCII block has a share of 0 of both
    ascii_only = text.isascii()  # (its lines joined by newlines: all ASCII exactly when each is)
    if len(lines) >= 2 and not ascii_only and _share_at_least(lines, _AGENT_GLYPH.search, 0.3):
        return "agent_output"
    # a pipe row holds a `|`, a quote line a `>`: a block without one has a share of 0
    if len(lines) >= 3 and (
        ("|" in text and _share_at_least(lines, _PIPE_ROW.search, 0.6))
        or (not ascii_only and _share_at_least(lines, _BOX.search, 0.5))
        or ("\t" in text and all(ln.count("\t") >= 2 for ln in lines))
    ):
        return "table"
    if len(lines) >= 3 and ">" in text and _share_at_least(lines, _QUOTE_LINE.search, 0.6):
        return "quote"  # quoted from elsewhere (an email, the agent's own reply)
    # a session's blocks are merged from its first prompt to its last
    # every prompt shape holds `@` (user@host), `:\\` (cmd.exe's drive) or `PS `: a block with none has no prompt
    if ("@" in text or ":\\" in text or "PS " in text) and _session_block(lines):
        return "terminal"
    if _trace_head(text) or (len(lines) >= 3 and _share_at_least(lines, _LOG_AT_START, 0.6)):
        return "log"
    if len(lines) >= 4 and _share_at_least(lines, _DATA_LINE.search, 0.7):
        return "data"
    return None


def _session_block(lines: list[str]) -> bool:
    """A block of a shell session: it opens on a prompt line (a command, then its output), ends on
    one (the idle prompt a copy ends on), or holds two. One prompt line inside a paragraph is the
    person quoting where they type (`I land in dev@box:~/src$ and run make`)."""
    if _SHELL_PROMPT.match(lines[0]) or _SHELL_PROMPT.match(lines[-1]):
        return True
    found = False
    for ln in lines[1:-1]:
        if _SHELL_PROMPT.match(ln):
            if found:
                return True
            found = True
    return False


def _trace_head(text: str) -> bool:
    """`_TRACE_HEAD.search(text)`, ruled out first by its literals."""
    # (the literals tested inline: a generator per block cost more than both finds)
    return ("at " in text or _TRACE_LITERALS[0] in text) and _TRACE_HEAD.search(text) is not None


def _plain(b: _Block, limit: int) -> bool:
    """Short prose with no markup: how a typed instruction looks."""
    text = b.text.strip()
    return (
        not b.fenced
        and len(text) <= limit
        and len(b.lines) <= 4
        and not any(_HEADING.match(ln) or _ITEM.match(ln) or _PIPE_ROW.match(ln) for ln in b.lines)
        and b.shape is None
    )


def _typed_tail(blocks: list[_Block], start: int) -> int:
    """Index from which the trailing blocks (at most two, after `start`) are the person's follow-up."""
    cut = len(blocks)
    while cut - 1 > start and len(blocks) - cut < 2:
        b = blocks[cut - 1]
        if (
            not _plain(b, TYPED_TAIL_CHARS)
            or _ASSISTANT_OFFER.match(b.text)
            or _SPEAKER.match(b.lines[0])
            or _BOLD_HEADING.match(b.lines[0])
        ):
            break
        cut -= 1
    if cut < len(blocks) and _BOLD_HEADING.match(blocks[cut - 1].lines[-1]):
        return len(blocks)  # the body of the document's last heading, not a follow-up
    return cut


# What the first non-blank character of a heading (`#`), a bold lead-in (`*`, or a bullet before
# it) or an item (a bullet or a digit: `\d` is what `str.isdecimal` accepts) can be. Under `re`,
# `\s` is what `str.isspace` (and so `lstrip`) calls whitespace; a test checks both over Unicode.
_MARKUP_FIRST = frozenset("#-*+•")


def _structure(blocks: list[_Block]) -> tuple[int, int]:
    """(headings and bold lead-ins, list items) over the blocks."""
    heads = items = 0
    for b in blocks:
        if b.fenced:
            continue
        for ln in b.lines:
            first = ln.lstrip()[:1]
            if first not in _MARKUP_FIRST and not first.isdecimal():
                continue  # no heading, bold lead-in or item opens with another character
            if _HEADING.match(ln) or (_BOLD_LEAD.match(ln) and not _ITEM.match(ln)):
                heads += 1
            elif _ITEM.match(ln):
                items += 1
    return heads, items


def _you_density(text: str) -> float:
    words = len(_WORDS.findall(text))
    return len(_YOU.findall(text)) / words if words else 0.0


def _region_start(blocks: list[_Block]) -> tuple[int, str] | None:
    """Where a region that runs to the end begins, and its kind: relay, transcript, document, brief."""
    labels = [
        (i, m[1].lower(), bool(m[2]))
        for i, b in enumerate(blocks)
        if not b.fenced and (m := _SPEAKER.match(b.lines[0]))
    ]
    names = [name for _, name, _ in labels]
    if len(set(names)) >= 2 and (  # checked first: "You said:" is a label, not a relay
        len(names) > len(set(names)) or any(said for *_, said in labels) or _CHAT_ROLES & set(names)
    ):
        return labels[0][0], "transcript"
    for i, b in enumerate(blocks):
        if (
            not b.fenced
            and (m := _RELAY.match(b.lines[0]))
            and len(b.text) - m.end() + sum(len(x.text) for x in blocks[i + 1 :]) >= RELAY_MIN_CHARS
        ):  # "pytest says: 3 failed, fix them" is an instruction, not a relay
            return i, "relay"
    # the first block that is not a short plain lead-in starts the document (a bold line alone is a
    # heading set in emphasis: the document's, not a lead-in)
    first = next((i for i, b in enumerate(blocks) if not _plain(b, 400) or _BOLD_HEADING.match(b.lines[0])), 0)
    # a lead-in right before it in an assistant's register ("Okay, let's …", "I'll …") opens another
    # model's reply the person pasted, not their own words (a typed lead-in introduces: it ends in ":")
    while (
        first > 0
        and _AGENT_REGISTER.match(blocks[first - 1].text)
        and not blocks[first - 1].text.rstrip().endswith(":")
    ):
        first -= 1
    rest = blocks[first:]
    rest_text = "\n\n".join(b.text for b in rest)
    heads, items = _structure(rest)
    structured = heads >= 2 or (heads >= 1 and items >= 4) or items >= 10
    if structured:
        # a brief addresses an agent: it opens in the second person or is dense in "you"
        opener = next((j for j in range(first) if _BRIEF_OPENER.match(blocks[j].text)), None)
        if opener is not None:  # "You are the …" opening a brief is part of it, not a typed lead-in
            first, rest_text = opener, "\n\n".join(b.text for b in blocks[opener:])
        brief = bool(_BRIEF_OPENER.search(rest_text[:400])) or _you_density(rest_text) >= 0.025
        if len(rest_text) >= (BRIEF_CHARS if brief else DOC_CHARS):
            return first, "brief" if brief else "document"
    if len(rest_text) >= PROSE_DOC_CHARS and len(rest) >= PROSE_DOC_BLOCKS:
        return first, "document"
    # a hand-off written as prose: opens "You are …" / "Your task …", long, in several paragraphs
    whole = "\n\n".join(b.text for b in blocks)
    if (
        _BRIEF_OPENER.match(blocks[0].text)
        and len(whole) >= BRIEF_CHARS
        and len(blocks) >= 3
        and _you_density(whole) >= 0.025
    ):
        return 0, "brief"
    if rest and _ASSISTANT_OPEN.match(rest[0].text) and len(rest_text) >= AGENT_OUTPUT_CHARS and (heads or items >= 3):
        return first, "agent_output"
    return None


def _all_quoted(blocks: list[_Block]) -> bool:
    """Every line a quote line (`>`), over `ALL_QUOTE_MIN_LINES` at least: nothing was typed."""
    if any(b.fenced for b in blocks):
        return False
    n = 0
    for b in blocks:  # (outside a fence a block holds no blank line; the first unquoted one decides)
        for ln in b.lines:
            if not _QUOTE_LINE.match(ln):
                return False
            n += 1
    return n >= ALL_QUOTE_MIN_LINES


# A horizontal rule (`---`, `***`, `___`, spaced or not).
_RULE = re.compile(r"^\s{0,3}([-*_])(?:\s*\1){2,}\s*$")


def _title_with_region(blocks: list[_Block], pasted: list[bool]) -> None:
    """Blocks of headings and rules only, right before a pasted region, are that document's title,
    pasted with it, when shaped like a document's: two headings or more, or a heading over a rule.
    One heading line is as likely the person's own line set in markup (`# Why does this crash?`
    over a traceback), and a heading that asks is never a title."""
    for i in range(len(blocks) - 1, 0, -1):
        if not pasted[i] or pasted[i - 1]:
            continue
        j = i - 1
        while j >= 0 and not pasted[j] and _title_only(blocks[j]):
            j -= 1
        lines = [ln for b in blocks[j + 1 : i] for ln in b.lines]
        heads = [n for n, ln in enumerate(lines) if _HEADING.match(ln)]
        if any(lines[n].rstrip().endswith("?") for n in heads):
            continue
        if not heads or len(heads) >= 2 or any(_RULE.match(ln) for ln in lines[heads[0] + 1 :]):
            for k in range(j + 1, i):
                pasted[k] = True


def _margin(lines: list[str]) -> int:
    """The left margin (leading spaces) every non-blank line shares."""
    return min((len(ln) - len(ln.lstrip(" ")) for ln in lines if ln.strip()), default=0)


def _margin_with_region(blocks: list[_Block], pasted: list[bool]) -> None:
    """Blocks beside a pasted region that share its left margin came with it: a copy from a
    terminal or an indented document carries one margin over all it holds, and what the person
    types around it starts at the edge. Only a margin of two spaces or more counts, and only in a
    copy's shape: every line after the first indented past the first (a selection started at the
    text, after the margin), the first not a list item (whose body is indented under it). A prompt
    indented as a whole, or with lines at the edge beside the region, was laid out by the person.
    (A one-line lead-in over an indented log and an equally indented comment has a copy's shape:
    the comment goes with the log. Real copies open on one line too, their first sentence.)"""
    if not _copy_shape(blocks):
        return
    i = 0
    while i < len(blocks):
        if not pasted[i]:
            i += 1
            continue
        j = i
        while j + 1 < len(blocks) and pasted[j + 1]:
            j += 1
        margin = _margin([ln for b in blocks[i : j + 1] for ln in b.lines])
        if margin >= 2:
            k = i - 1
            while k >= 0 and not pasted[k] and _margin(blocks[k].lines) >= margin:
                pasted[k] = True
                k -= 1
            k = j + 1
            while k < len(blocks) and not pasted[k] and _margin(blocks[k].lines) >= margin:
                pasted[k] = True
                j = k
                k += 1
        i = j + 1


def _copy_shape(blocks: list[_Block]) -> bool:
    """Every non-blank line after the first indented two spaces or more, and past the first line,
    which is no list item; decided at the first line that is not (one pass, no copies)."""
    lines = (ln for b in blocks for ln in b.lines if ln.strip())
    first = next(lines, None)
    if first is None or _ITEM.match(first):
        return False
    need = max(2, len(first) - len(first.lstrip(" ")) + 1)
    seen = False
    for ln in lines:
        if len(ln) - len(ln.lstrip(" ")) < need:
            return False
        seen = True
    return seen


def _title_only(b: _Block) -> bool:
    return not b.fenced and all(_HEADING.match(ln) or _RULE.match(ln) for ln in b.lines)


def split_pasted(text: str) -> PasteSplit:
    """The typed part of a prompt and the shapes of the pasted material taken out of it."""
    kinds: list[str] = []
    if "[Pasted text #" in text:
        stripped = _PASTE_MARKER.sub("", text)
        if stripped != text:
            kinds.append("marker")
            text = stripped
    if _PLAN_ACCEPT.match(text):
        return PasteSplit("", (*kinds, "plan_accept"))
    # (every relay prefix ends in a colon: a line without one is not searched for it)
    if len(text) < _ONE_LINE_CHARS and "\n" not in text and not (":" in text and _RELAY.match(text)):
        # one short line: smaller than every region and block size below, and not a relay (the
        # only region a single short line can open), so nothing in it can be pasted material
        return PasteSplit(text.strip(), tuple(kinds))
    blocks = _blocks(text)
    if not blocks:
        return PasteSplit(text.strip(), tuple(kinds))
    if _all_quoted(blocks):  # someone else's words, whatever their size, and nothing typed
        return PasteSplit("", (*kinds, "quote"))
    pasted = [False] * len(blocks)
    # block-shaped material, merged into regions (what lies between two pasted blocks is pasted too)
    shapes = [b.shape for b in blocks]
    marked = [i for i, s in enumerate(shapes) if s]
    if marked:
        lo, hi = marked[0], marked[-1]
        span = blocks[lo : hi + 1]
        n_lines = sum(len(b.lines) for b in span)
        if n_lines >= BIG_LINES or sum(len(b.text) for b in span) >= BIG_CHARS:
            for i in range(lo, hi + 1):
                pasted[i] = True
            kinds += sorted({s for s in shapes[lo : hi + 1] if s})
    region = _region_start(blocks)
    if region is not None:
        start, kind = region
        end = _typed_tail(blocks, start)
        for i in range(start, end):
            pasted[i] = True
        kinds.append(kind)
    if any(pasted):
        _title_with_region(blocks, pasted)
        _margin_with_region(blocks, pasted)
        typed = "\n\n".join(b.text for b, p in zip(blocks, pasted, strict=True) if not p).strip()
    else:
        typed = text.strip()
    # unfenced output spread over short paragraphs (an error overlay, a program's stdout), line by line
    cut = cut_output_runs(typed)
    if cut is not None:
        typed = cut
        kinds.append("output")
    if not _WORDS.search(typed):
        typed = ""
    return PasteSplit(typed, tuple(dict.fromkeys(kinds)))
