"""Pasted material in a user turn: not the person's words, so never read for rules.

A turn often holds a pasted traceback, compiler or test output, log lines, a diff, a shell session
or the agent's own earlier answer quoted back, around one or two sentences the person wrote.
`own_words` blanks the pasted lines (each becomes an empty line, so the person's sentences keep
their place and never join across a paste) and leaves every other line exactly as typed.

What counts as pasted is read from structure only, each shape from the documented output format
of the tool that prints it, never from any corpus's wording:
- blocks: CommonMark fenced code (``` / ~~~, an unclosed fence runs to the end, §4.5), indented
  lines shaped like code (§4.4), block quotes (`>`, §5.1), a unified diff's hunk (GNU diffutils:
  the `@@ -a,b +c,d @@` header counts the ` `/`-`/`+` lines that follow);
- lines: Python tracebacks, V8 / JVM / .NET / Dart / gdb stack frames, Go and Rust panics,
  `path:line[:col]` locations (GCC/Clang, rustc's `-->`, mypy, ESLint, tsc's `file(l,c):`),
  `error:` / `warning:` diagnostics, exception lines with a class name (`ValueError: …`,
  `java.io.IOException: …`, `Sequel::DatabaseError: …`), log records opening with an ISO 8601 /
  RFC 3339 time, a clock time or an RFC 3164 syslog stamp, or a severity (RFC 5424, log4j, Python
  `logging`) in a record's shape, shell and REPL prompts, git's `remote:` and `git status` lines,
  docker compose records, diff headers, test runners' lines (pytest, unittest, Jest, `go test`,
  `cargo test`, TAP), GNU make's `***` line;
- beside a paste, within one paragraph: a line with no sentence shape (mostly symbols and digits),
  a bare `Error:` / `Warning:` line or one opening with a severity word (a person may write those
  too), and after a paste an indented sentence or a heading ending in a colon; three shapeless
  lines in a row are pasted by themselves;
- echo: a line that repeats the preceding assistant text (the turn's context) is quoted back.

A sentence that names a command or quotes a flag ("always run `pytest -x` first") has none of these
shapes and stays. Every step is a bounded pass over the lines: linear in the turn's length.
"""

from __future__ import annotations

import re

from persona_pipeline.core.sources import line_shapes
from persona_pipeline.persona.digest.code_talk import about_code

# CommonMark §4.5: up to three spaces, then three or more backticks or tildes
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
# CommonMark §5.1 block quote marker
_QUOTE = re.compile(r"^ {0,3}>")
# CommonMark §4.4: four spaces or a tab of indentation
_INDENT = re.compile(r"^(?: {4}|\t)")
# a list item's marker (CommonMark §5.2): indented lines after it continue the item, not code
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])\s")

# the shapes of tool output lines, shared with the readers (`core/sources/line_shapes.py`)
_LEVELS = line_shapes.LEVELS
_STRONG = line_shapes.STRONG_LINE
_ADJACENT = line_shapes.ADJACENT_LINE
# the readers' shapes, read here too: a shell's prompt line naming who or where (zsh, fish, Fedora's
# bash, cmd.exe as well) is output by itself; a line the readers count as output-shaped is output
# beside a paste; a table row chains like a shapeless line
_PROMPT = line_shapes.SHELL_PROMPT
_OUTPUT = line_shapes.OUTPUT_LINE
_PIPE_ROW = line_shapes.PIPE_ROW
_HUNK = line_shapes.HUNK


def _shapeless(line: str) -> bool:
    """No sentence shape: no word of letters, or mostly symbols and digits (JSON, a
    table row, a line of code)."""
    s = line.strip()
    letters = sum(c.isalpha() or c == " " for c in s)
    # the reader's own bar for a data row (`reading`: letters under 70 % of the text)
    return letters < 0.7 * len(s) or not re.search(r"[^\W\d_]{2}", s)


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def own_words(text: str, echo: str = "") -> str:
    """`text` with every pasted line blanked (see the module's docstring); `echo` is the preceding
    assistant text when the turn carries it."""
    lines = text.split("\n")
    n = len(lines)
    pasted = [False] * n
    # kind per line: "" blank, "s" strong (pasted by its own shape), "w" shapeless or indented code,
    # "a" a bare error/severity line, "c" an indented sentence or a heading, "p" prose (`_spread`)
    kind = [""] * n
    said = _norm(echo)
    fence = ""
    old = new = 0  # lines left in the current diff hunk
    in_list = False  # inside a list item (its indented lines continue it)
    after_blank = True
    for i, line in enumerate(lines):
        if fence:
            pasted[i] = True
            m = _FENCE.match(line)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not line.strip(" `~"):
                fence = ""
            continue
        if old or new:
            # a hunk line: " " both sides, "-" old, "+" new, "\" a note; the header counted them
            tag = line[:1]
            if tag in (" ", "-", "+", "\\"):
                old -= tag in (" ", "-")
                new -= tag in (" ", "+")
                old, new = max(old, 0), max(new, 0)
                kind[i] = "s"
                continue
            old = new = 0
        if not line.strip():
            after_blank = True
            continue
        m = _FENCE.match(line)
        h = _HUNK.match(line)
        # a backtick fence's info string has no backtick (§4.5): "```x```" is a code span
        if m and not (m.group(1)[0] == "`" and "`" in line[m.end() :]):
            fence = m.group(1)
            pasted[i] = True
        elif h:
            kind[i] = "s"
            old, new = int(h.group(1) or 1), int(h.group(2) or 1)
        elif (
            _QUOTE.match(line)
            or _STRONG.match(line)
            or _PROMPT.match(line)
            or (said and len(line.strip()) >= 20 and _norm(line) in said)
        ):
            kind[i] = "s"
        elif line[0].isspace() and in_list and not _shapeless(line):
            kind[i] = "p"  # an indented sentence under a list item continues the item (§5.2)
        elif _INDENT.match(line) and _shapeless(line):
            kind[i] = "s"  # indented code (§4.4)
        elif _INDENT.match(line) and about_code(line):
            # an indented line naming code: code after a blank line (§4.4), else beside a paste
            kind[i] = "s" if after_blank else "w"
        elif _shapeless(line) or _PIPE_ROW.match(line):
            kind[i] = "w"
        elif _ADJACENT.match(line) or _OUTPUT.match(line):
            kind[i] = "a"
        elif line[0].isspace() or line.rstrip().endswith(":"):
            # a sentence-shaped line indented from the margin (a record of output's) or a heading of
            # what follows ("Details:"): part of a paste it follows
            kind[i] = "c"
        else:
            kind[i] = "p"
        after_blank = False
        in_list = bool(_LIST_ITEM.match(line)) or (in_list and kind[i] == "p" and line[0].isspace())
    _spread(kind, pasted)
    return "\n".join("" if p else line for line, p in zip(lines, pasted, strict=True))


def _spread(kind: list[str], pasted: list[bool]) -> None:
    """Mark strong lines, then the lines chained to them within a paragraph: shapeless lines ("w")
    and bare error/severity lines ("a") on either side, indented sentences and headings ("c") only
    after; and a run of three shapeless lines. Linear passes."""
    n = len(kind)
    for i in range(n):
        if kind[i] == "s":
            pasted[i] = True
    for order, chained in ((range(n), ("w", "a", "c")), (range(n - 1, -1, -1), ("w", "a"))):
        last = False
        for i in order:
            if kind[i] == "":
                last = False
            elif pasted[i]:
                last = True
            elif kind[i] in chained and last:
                pasted[i] = True
            else:
                last = False
    # a run of three or more shapeless lines
    i = 0
    while i < n:
        j = i
        while j < n and kind[j] == "w":
            j += 1
        if j - i >= 3:
            for k in range(i, j):
                pasted[k] = True
        i = max(j, i + 1)
