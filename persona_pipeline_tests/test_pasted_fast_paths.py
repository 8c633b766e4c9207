"""`pasted`'s shortcuts (a regex ruled out by a line's first character or by a literal it must hold,
a block's text and shape computed once) give what the plain definitions give."""

from __future__ import annotations

import random
import re
import sys

from persona_pipeline.core.sources import pasted

# Pieces of lines: every first character the shortcuts look at, Unicode blanks and digits, markup.
_PIECES = [
    "#",
    "## ",
    "**Bold**:",
    "- ",
    "* ",
    "+ ",
    "• ",
    "1. ",
    "12) ",
    "\u0663. ",  # an Arabic-Indic digit: `\d`
    "\u00b2. ",  # a superscript two: a digit to `isdigit`, not to `\d`
    "```",
    "~~~",
    "`` ",
    " ",
    "   ",
    "\t",
    "\u00a0",
    "\u2003",
    "\u3000",
    "\r",
    "\n",
    "\n\n",
    "word",
    "Traceback (most recent call last)",
    "  at foo.bar (x.js:1:2)",
    "at ",
    "a t",
    "| a | b |",
    "> quoted",
    "x",
    "2024-01-01 10:00 ",
    "ERROR ",
    "$ ls",
    "key: value",
    "{",
    "│",
    "⏺ ",
    "\t",
    "me@box:~/src$ make",
    "me@box src % ",
    "PS C:\\w> ",
    "C:\\w>dir",
    "✓ ",
    "/ __| |_| \\",
]


# Whole lines of each shape, for blocks most of whose lines share one
_LINES = [
    "key: value",
    '"k": 1,',
    "}",
    "| a | b |",
    "> quoted",
    "ERROR boom",
    "$ make",
    "plain words here",
    "## Head",
    "me@box src % ls",
    "✓ built",
    "/_\\ |_| /_\\",
]


def _texts(n: int) -> list[str]:
    rng = random.Random(3)
    out = []
    for i in range(n):
        if i % 2:
            out.append("".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 40))))
        else:
            pool = rng.sample(_LINES, 2)
            out.append("\n".join(rng.choice(pool) + rng.choice(["", " x", "\t"]) for _ in range(rng.randint(1, 12))))
    return out


def _reference_blocks(text: str) -> list[tuple[list[str], bool]]:
    """`_blocks` as it was: the fence regex on every line."""
    blocks: list[tuple[list[str], bool]] = []
    cur: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        line = line.rstrip("\r")
        if fence is not None:
            cur.append(line)
            if line.strip().startswith(fence):
                blocks.append((cur, True))
                cur, fence = [], None
            continue
        m = pasted._FENCE.match(line)
        if m:
            if cur:
                blocks.append((cur, False))
            cur, fence = [line], m.group(1)[0] * 3
            continue
        if not line.strip():
            if cur:
                blocks.append((cur, False))
                cur = []
            continue
        cur.append(line)
    if cur:
        blocks.append((cur, fence is not None))
    return blocks


def _reference_structure(blocks: list[pasted._Block]) -> tuple[int, int]:
    heads = items = 0
    for b in blocks:
        if b.fenced:
            continue
        for ln in b.lines:
            if pasted._HEADING.match(ln) or (pasted._BOLD_LEAD.match(ln) and not pasted._ITEM.match(ln)):
                heads += 1
            elif pasted._ITEM.match(ln):
                items += 1
    return heads, items


def _reference_share(lines: list[str], pattern: re.Pattern[str], share: float) -> bool:
    return (sum(1 for ln in lines if pattern.search(ln)) / len(lines) if lines else 0.0) >= share


def _reference_shape(b: pasted._Block) -> str | None:
    """`_block_shape` as it was: every pattern's `search` on every non-blank line, counted in full."""
    lines = [ln for ln in b.lines if ln.strip()]
    if b.fenced:
        inner = lines[1:-1] if len(lines) > 1 else lines
        if inner and (_reference_share(inner, pasted._LOG_LINE, 0.5) or pasted._TRACE_HEAD.search("\n".join(inner))):
            return "log"
        return "code"
    if len(lines) >= 2 and _reference_share(lines, pasted._AGENT_GLYPH, 0.3):
        return "agent_output"
    if len(lines) >= 3 and (
        _reference_share(lines, pasted._PIPE_ROW, 0.6)
        or _reference_share(lines, pasted._BOX, 0.5)
        or all(ln.count("\t") >= 2 for ln in lines)
    ):
        return "table"
    if len(lines) >= 3 and _reference_share(lines, pasted._QUOTE_LINE, 0.6):
        return "quote"
    prompts = [i for i, ln in enumerate(lines) if pasted._SHELL_PROMPT.search(ln)]
    if prompts and (prompts[0] == 0 or prompts[-1] == len(lines) - 1 or len(prompts) >= 2):
        return "terminal"
    if pasted._TRACE_HEAD.search(b.text) or (len(lines) >= 3 and _reference_share(lines, pasted._LOG_LINE, 0.6)):
        return "log"
    if len(lines) >= 4 and _reference_share(lines, pasted._DATA_LINE, 0.7):
        return "data"
    return None


def test_digit_is_isdecimal() -> None:
    """`_structure` lets a line through to the item pattern when its first non-blank character is
    decimal: `\\d` must match exactly those (`\\s` is str.isspace(): test_user_text_fast_paths)."""
    digit = re.compile(r"\d")
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        assert bool(digit.match(c)) == c.isdecimal(), hex(cp)


def test_blocks_structure_and_trace_head_are_the_definitions() -> None:
    seen_heads = seen_items = seen_fences = seen_traces = 0
    shapes: dict[str | None, int] = {}
    for text in _texts(20_000):
        blocks = pasted._blocks(text)
        assert [(b.lines, b.fenced) for b in blocks] == _reference_blocks(text), repr(text)
        assert all(b.text == "\n".join(b.lines) for b in blocks)
        heads, items = pasted._structure(blocks)
        assert (heads, items) == _reference_structure(blocks), repr(text)
        traced = pasted._trace_head(text)
        assert traced == bool(pasted._TRACE_HEAD.search(text)), repr(text)
        for b in blocks:
            assert b.shape == pasted._block_shape(b) == _reference_shape(b), (b.lines, b.fenced)
            shapes[b.shape] = shapes.get(b.shape, 0) + 1
        seen_heads += heads > 0
        seen_items += items > 0
        seen_fences += any(b.fenced for b in blocks)
        seen_traces += traced
    assert min(seen_heads, seen_items, seen_fences, seen_traces) > 100  # the test can fail
    assert set(shapes) == {None, "code", "log", "table", "quote", "data", "agent_output", "terminal"}, shapes


def test_log_line_match_is_its_search() -> None:
    """`_LOG_AT_START` is the `^`-anchored pattern's `match`: the same as its `search` without MULTILINE."""
    assert not pasted._LOG_LINE.flags & re.MULTILINE and pasted._LOG_LINE.pattern.startswith("^")
    for text in _texts(5000):
        for ln in text.split("\n"):
            assert bool(pasted._LOG_AT_START(ln)) == bool(pasted._LOG_LINE.search(ln)), ln
