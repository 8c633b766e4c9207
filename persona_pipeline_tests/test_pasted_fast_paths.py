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
]


def _texts(n: int) -> list[str]:
    rng = random.Random(3)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 40))) for _ in range(n)]


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


def test_digit_is_isdecimal() -> None:
    """`_structure` lets a line through to the item pattern when its first non-blank character is
    decimal: `\\d` must match exactly those (`\\s` is str.isspace(): test_user_text_fast_paths)."""
    digit = re.compile(r"\d")
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        assert bool(digit.match(c)) == c.isdecimal(), hex(cp)


def test_blocks_structure_and_trace_head_are_the_definitions() -> None:
    seen_heads = seen_items = seen_fences = seen_traces = 0
    for text in _texts(20_000):
        blocks = pasted._blocks(text)
        assert [(b.lines, b.fenced) for b in blocks] == _reference_blocks(text), repr(text)
        assert all(b.text == "\n".join(b.lines) for b in blocks)
        heads, items = pasted._structure(blocks)
        assert (heads, items) == _reference_structure(blocks), repr(text)
        traced = pasted._trace_head(text)
        assert traced == bool(pasted._TRACE_HEAD.search(text)), repr(text)
        for b in blocks:
            assert b.shape == pasted._block_shape(b)
        seen_heads += heads > 0
        seen_items += items > 0
        seen_fences += any(b.fenced for b in blocks)
        seen_traces += traced
    assert min(seen_heads, seen_items, seen_fences, seen_traces) > 100  # the test can fail
