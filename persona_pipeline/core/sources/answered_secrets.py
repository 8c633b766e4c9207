"""Secrets a person gives by number, answering the agent's numbered questions.

An agent setting something up asks "1. Which user name? 2. What password should the account use?"
and the person answers "1. skip for now / 2. <the password> / 3. …". The answer carries no label:
the label is in the agent's question, which is not kept, so no detector sees a key word and a
human-chosen password is not high-entropy. The reader, which still holds the agent's text, masks
such an answer before the turn exists: the item's value becomes `[REDACTED:password]`, a
placeholder every later pass leaves alone.

Shape only: a numbered item of the agent's reply (a Markdown ordered-list item, CommonMark 0.31
§5.2, optionally behind a heading's `#`s or inside `**`) whose text names a secret, and a line of
the reply opening with the same number whose value is one token (or one quoted string). A
multi-word answer ("skip for now", "use the one from the vault") is words, not a secret.
Linear: each line of both texts is matched once by an anchored pattern of bounded pieces.
"""

from __future__ import annotations

import re

from persona_pipeline.core.secret_words import FOREIGN_PASSWORD_WORDS

# what a question asking for a secret names: the secret words redaction's own labels read
# (`kv._STEM`'s password family and the whole-word secret kinds), and "password" in other languages
_ASKS_SECRET = re.compile(
    r"(?i)\b(?:pass(?:word|wd|phrase|code)s?|pwd|pins?|secrets?|(?:api|access|secret|private)[ _-]?keys?|"
    r"tokens?|credentials?|" + "|".join(FOREIGN_PASSWORD_WORDS) + r")\b"
)
_AGENT_ITEM = re.compile(r"[ \t]{0,3}(?:#{1,6}[ \t]{1,4})?(?:\*\*|__)?(\d{1,2})[.)](?:\*\*|__)?[ \t]+(.*)")
# a number keying an answer: at the start of a line ("2. …", "(2) …", "**2.** …") or, on a one-line
# reply, after a blank ("1. skip 2. <value> 3. …")
_REPLY_ITEM = re.compile(
    r"(?:^[ \t]{0,3}|(?<=[ \t]))(?:\*\*|__)?(?:\((\d{1,2})\)|(\d{1,2})[.):])(?:\*\*|__)?[ \t]+", re.M
)
# one value: a token with no blank, or one quoted string (its quotes kept, its inside masked)
_ONE_VALUE = re.compile(r"""(["'`])([^"'`\r\n]{4,128})\1|([^\s"'`]{4,128})""")
MASK = "[REDACTED:password]"


def secret_items(assistant_text: str) -> frozenset[int]:
    """The numbers of the agent's numbered items whose text (the item's line and the indented lines
    under it) asks for a secret: it names one and holds a question mark."""
    if not assistant_text or not _ASKS_SECRET.search(assistant_text):
        return frozenset()
    asks: dict[int, list[bool]] = {}  # item -> [names a secret, holds a question mark]
    current: int | None = None
    for line in assistant_text.splitlines():
        m = _AGENT_ITEM.match(line)
        if m is not None:
            current = int(m.group(1))
            text = m.group(2)
        elif line[:1] in (" ", "\t") and current is not None:
            text = line
        else:
            current = None
            continue
        flags = asks.setdefault(current, [False, False])
        flags[0] = flags[0] or _ASKS_SECRET.search(text) is not None
        flags[1] = flags[1] or "?" in text
    # an item that asks: a numbered report of what the agent did ("2. Stored the token in .env")
    # wants no answer
    found = {n for n, (secret, question) in asks.items() if secret and question}
    return frozenset(found)


def mask_answered_secrets(reply: str, assistant_text: str) -> str:
    """`reply` with the one-token value of every numbered answer to a secret-asking item masked."""
    first = reply.lstrip()[:1]
    if not (first.isdigit() or first in "(*_") or not assistant_text:
        return reply  # most prompts: no number first, nothing else looked at
    items = secret_items(assistant_text)
    if not items:
        return reply
    marks = list(_REPLY_ITEM.finditer(reply))
    if not marks or marks[0].start() > len(reply) - len(reply.lstrip()) + 3:
        return reply  # the reply must open with a number
    out: list[str] = []
    done = 0
    for m, nxt in zip(marks, [*marks[1:], None], strict=True):
        end = reply.find("\n", m.end())
        end = len(reply) if end < 0 else end
        if nxt is not None and nxt.start() < end:
            end = nxt.start()
        if int(m.group(1) or m.group(2)) not in items:
            continue
        seg = reply[m.end() : end]
        value = seg.strip()
        v = _ONE_VALUE.fullmatch(value)
        if v is None or "[REDACTED:" in value:
            continue
        at = m.end() + seg.index(value)
        masked = f"{v.group(1)}{MASK}{v.group(1)}" if v.group(1) else MASK
        out += [reply[done:at], masked]
        done = at + len(value)
    return "".join(out) + reply[done:] if out else reply
