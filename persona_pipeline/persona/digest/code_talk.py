"""Whether a turn is about code, read from its structure — for the turns of general chat-UI
conversations (a ChatGPT or Claude.ai export), which count for the coding facets only when they
are about code (`validate.ground`).

Signals are shapes no topic word list is needed for: a code span or fenced block, a file path or a
file name with an extension, a call (`name(` … `)`), an operator or scope token programming
languages share (`::`, `->`, `=>`, `==`, `!=`, `&&`, `||`, `+=`), a command-line flag (`--name`,
` -x`), a shell prompt line, and identifiers shaped like code (`snake_case`, `camelCase`, dotted
`module.attr`). One strong signal (a `snake_case` name is one) is enough; the other identifier shapes
need two (prose has the odd `iPhone`).
"""

from __future__ import annotations

import re

_STRONG = re.compile(
    r"`[^`\n]{1,200}`"  # a code span (or the start of a fence)
    r"|(?:^|\s)(?:\.{1,2}/|~/|/)[\w.-]+"  # a rooted or relative path (`./x`, `~/x`, `/etc/x`)
    r"|\b[\w.-]+/[\w.-]+/[\w./-]+"  # a path with two separators (`and/or`, `24/7` have one)
    r"|\b[\w-]{2,}\.[a-z][a-z0-9]{0,4}\b(?!\.)"  # a file name with an extension
    r"|\b[A-Za-z_]\w*\([^()\n]{0,80}\)"  # a call
    r"|::|->|=>|[=!]==?|&&|\|\||\+=|-="  # operators and scope tokens
    r"|(?:^|\s)--?[a-z][\w-]*\b(?=\s|$)"  # a command-line flag
    r"|^\s*[$>#] \S",  # a shell prompt line
    re.MULTILINE,
)
_SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")  # prose has no underscores
_IDENTIFIER = re.compile(r"\b[a-z]+[A-Z][A-Za-z0-9]+\b|\b[a-z_]\w*\.[a-z_]\w*\b")
# A flag-like token that is a dash in prose ("well - sort of") never matches `--?[a-z]`: it needs a
# letter right after the dash. Sentence punctuation ("e.g.", "i.e.") fails the extension rule, as
# its second part is followed by a dot.


def about_code(text: str) -> bool:
    if _STRONG.search(text) or _SNAKE.search(text):
        return True
    return len(_IDENTIFIER.findall(text)) >= 2
