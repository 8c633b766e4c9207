"""A reply that answers the agent's own numbered items, item by item.

When the agent's last reply asks numbered questions (clarifying questions, options to pick from:
items holding a question mark) and the person's reply goes through them by number ("1. the
former" / "2. just the id" / "5. error"), each answer settles one open choice of the task at hand:
it is not a standing preference unless it says so itself ("always …", "from now on …"). Such a turn
is marked `TurnKind.ANSWER`; the digester keeps a sentence of it only when it says it holds beyond
the occasion.

Shape only, no wording: a numbered item is a Markdown ordered-list item (CommonMark 0.31 §5.2: up to
three spaces of indentation, a number, `.` or `)`, then a blank; here also behind a heading's `#`s or
inside `**` emphasis, as chat replies number their questions; two of them or more ask something),
and the reply is keyed to them when its first line opens with one of those numbers and every number
that opens one of its lines is one of them, in increasing order. A person's own numbered list (after
a reply that asks nothing by number — a numbered report of the agent's changes —, or numbering past
the agent's questions) is left alone.

Linear: each line of the two texts is matched once by an anchored pattern of bounded pieces.
"""

from __future__ import annotations

import re
from itertools import pairwise

# a numbered item of the agent's reply (see the module's note); at most two digits: a list of
# questions, not a year or a count
_AGENT_ITEM = re.compile(r"[ \t]{0,3}(?:#{1,6}[ \t]{1,4})?(?:\*\*|__)?(\d{1,2})[.)](?:\*\*|__)?[ \t]")
# a number opening a line of the reply: "1. …", "1) …", "1: …", "(1) …", "**1.** …"
_REPLY_ITEM = re.compile(r"[ \t]{0,3}(?:\*\*|__)?(?:\((\d{1,2})\)|(\d{1,2})[.):])(?:\*\*|__)?(?:[ \t]|$)")
# the further numbers of a one-line reply ("1. yes 2. postgres 3. skip for now")
_INLINE_ITEM = re.compile(r"(?<=\s)(\d{1,2})[.)](?=\s)")
_OPENERS = frozenset("0123456789 \t*_(")  # what a keyed reply's first line can start with


def agent_items(assistant_text: str) -> frozenset[int]:
    """The numbers of the agent's numbered items that ask something: an item whose text (its line and
    the blank or indented lines under it, its continuation in Markdown) holds a question mark. None
    when fewer than two ask: a numbered report of what the agent did ("1. Added … 2. Updated …") is
    no set of open choices, and a person's numbered list after it is their own."""
    if not assistant_text or "?" not in assistant_text:
        return frozenset()
    asking: set[int] = set()
    current: int | None = None  # the item whose continuation lines are being read
    under_heading = False  # a numbered heading's item runs to the next heading or item
    for line in assistant_text.splitlines():
        m = _AGENT_ITEM.match(line)
        if m is not None:
            current, under_heading = int(m.group(1)), line.lstrip()[:1] == "#"
        elif line and not line[0].isspace() and (not under_heading or line[0] == "#"):
            current = None  # a paragraph at the margin (a heading, under a heading) ends the item
            continue
        if current is not None and "?" in line:
            asking.add(current)
    return frozenset(asking) if len(asking) >= 2 else frozenset()


def answers_items(text: str, assistant_text: str) -> bool:
    """Whether `text` (the person's reply) answers the agent's numbered items by their numbers."""
    start = text.lstrip("\n\r")
    if not start or start[0] not in _OPENERS or not assistant_text:
        return False  # most prompts: no number first, nothing else looked at
    items = agent_items(assistant_text)
    if not items:
        return False
    numbers: list[int] = []
    lines = start.splitlines()
    for i, line in enumerate(lines):
        m = _REPLY_ITEM.match(line)
        if m is None:
            if i == 0:
                return False  # the reply must open with a number
            continue
        numbers.append(int(m.group(1) or m.group(2)))
    if len(numbers) == 1:  # one line may carry them all: "1. yes 2. postgres"
        numbers += [int(n) for n in _INLINE_ITEM.findall(lines[0])]
    return all(n in items for n in numbers) and all(a < b for a, b in pairwise(numbers))
