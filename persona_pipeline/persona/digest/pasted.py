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

from persona_pipeline.persona.digest.code_talk import about_code

# CommonMark §4.5: up to three spaces, then three or more backticks or tildes
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
# CommonMark §5.1 block quote marker
_QUOTE = re.compile(r"^ {0,3}>")
# CommonMark §4.4: four spaces or a tab of indentation
_INDENT = re.compile(r"^(?: {4}|\t)")
# a list item's marker (CommonMark §5.2): indented lines after it continue the item, not code
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])\s")

_LEVELS = "TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|ERR|SEVERE|CRIT|CRITICAL|FATAL|ALERT|EMERG"
_STRONG = re.compile(
    "|".join(
        [
            # Python traceback header, frame and chained-exception lines (the `traceback` module)
            r"^Traceback \(most recent call last\):",
            r"^\s+File \"[^\"\n]*\", line \d+",
            # V8 / Node and JVM frames: "at fn (file.js:1:2)", "at pkg.Cls.m(Cls.java:12)", "at file.js:1:2"
            r"^\s*at [^\s(]+ ?\([^()\n]*(?::\d+|Native Method|Unknown Source)\)\s*$",
            r"^\s*at [^\s()]+:\d+(?::\d+)?\s*$",
            # .NET: "at Ns.Cls.M(args) in C:\src\f.cs:line 42"
            r"^\s*at \S+\([^()\n]*\)(?: in \S.*:line \d+)?\s*$",
            r"^\s*(?:Caused by|Suppressed):(?:\s|$)",
            r"^\s*\.\.\. \d+ (?:more|common frames omitted)\s*$",
            # numbered frames of Dart, gdb and lldb ("#0      Cls.m (package:a/b.dart:41)", "#1  0x… in f () at x.c:3")
            r"^#\d+ +\S[^\n]*:\d+(?::\d+)?\)?\s*$",
            # Go panics and Rust panics / backtraces
            r"^goroutine \d+ \[[^\]\n]*\]:",
            r"^panic: \S",
            r"^thread '[^'\n]*' panicked at ",
            r"^stack backtrace:\s*$",
            # compiler / checker locations: "src/a.c:12:5: error: …", "app.py:3: error", "--> src/main.rs:3:5",
            # tsc's "file.ts(3,5): error TS…"
            r"^\s*(?:--> ?)?[\w.~/\\-]*\.\w{1,10}:\d+(?::\d+)?(?::|\s*$)",
            r"^\s*[\w.~/\\-]*\.\w{1,10}\(\d+,\d+\): ",
            # rustc / gcc / clang diagnostics and their notes
            r"^(?:error|warning)(?:\[[A-Z]{0,2}\d+\])?: \S",
            r"^\s+= (?:note|help): ",
            # an exception's own line: "ValueError: …", "java.lang.IllegalStateException: …"
            r"^(?:[a-z_][\w]*\.)*[A-Z]\w*?[a-z\d](?:Error|Exception|Warning|Fault|Failure)(?::(?: |$)|\s*$)",
            # a Ruby / C++ / Rust namespaced class opening the line with a colon: "ActiveRecord::RecordInvalid: …"
            r"^[A-Z]\w*(?:::[A-Z]\w*)+: ",
            # GNU make's error line ("make: *** [target] Error 2", the GNU make manual's "Error Messages")
            r"^g?make(?:\[\d+\])?: \*\*\* ",
            # log records: ISO 8601 / RFC 3339 date-time, a clock time, an RFC 3164 syslog stamp …
            r"^\s*[\[(]?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}",
            r"^\s*[\[(]?\d{2}:\d{2}:\d{2}(?:[.,]\d+)?[\])]?\s",
            r"^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d{2}:\d{2}:\d{2} ",
            # … or a severity name (RFC 5424, log4j, Python logging) in a record's shape: bracketed
            # ("[ERROR] …", Maven), with a logger name ("ERROR:root:…", Python's default format) or a
            # logger and a dash ("ERROR com.acme.Job - …", log4j's "%p %c - %m")
            rf"^\s*\[(?:{_LEVELS})\] ",
            rf"^(?:{_LEVELS}):[\w.]+:",
            rf"^(?:{_LEVELS}) +[\w.$]+ +- ",
            # shell and REPL prompts (POSIX `$ `, `user@host:dir$ `, Python `>>> `, IPython, PowerShell)
            r"^\s*\$ \S",
            r"^[\w.-]+@[\w.-]+(?::[^\s$#]*)?[$#] ",
            r"^>>> ",
            r"^(?:In|Out) ?\[\d+\]: ",
            r"^PS [A-Za-z]:\\[^>\n]*> ",
            # git's relayed server lines, `git status`'s own lines, docker compose's "service-1  | …"
            # records, ESLint's stylish format ("  12:3  error  Message  rule-id")
            r"^remote: ",
            r"^\s+\(use \"git [^\"\n]*\" ",
            r"^(?:On branch \S+\s*$|Your branch is (?:up to date|ahead|behind) |Untracked files:|nothing to commit)",
            r"^Changes (?:not staged for commit|to be committed):",
            r"^[\w.-]+[-_]\d+ +\| ",
            r"^\s+\d+:\d+ +(?:error|warning) +\S",
            # unified diff headers (GNU diffutils, git diff)
            r"^diff --git ",
            r"^index [0-9a-f]{7,}\.\.[0-9a-f]{7,}",
            r"^(?:---|\+\+\+) (?:a/|b/|/dev/null|\S+\t)",
            # test runners: pytest, unittest, Jest, go test, cargo test, TAP
            r"^={3,} .* ={3,}\s*$",
            r"^_{3,} .* _{3,}\s*$",
            r"^(?:FAILED|PASSED|ERROR|XFAIL|XPASS|SKIPPED) \S+::",
            r"^\S+\.py(?:::\S+)+ (?:PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)\b",
            r"^\S+\.py [.FEsxX]+(?:\s+\[\s*\d+%\])?\s*$",
            r"^(?:FAIL|ERROR): \w+ \(",
            r"^Ran \d+ tests? in [\d.]+s\s*$",
            r"^\s*(?:PASS|FAIL) \S+\.\w+",
            r"^(?:Tests|Test Suites|Snapshots):\s+\d+ ",
            r"^\s*(?:---|===) (?:FAIL|PASS|RUN|SKIP|PAUSE|CONT|NAME)\b",
            r"^(?:ok|FAIL|\?)\s+\S+\s+(?:\d+\.\d+s|\(cached\)|\[no test files\])(?:\s+coverage: [^\n]*)?\s*$",
            # pytest's failure detail lines ("E       assert 1 == 2")
            r"^E {3,}\S",
            r"^test \S+ \.\.\. (?:ok|FAILED|ignored)\s*$",
            r"^test result: (?:ok|FAILED)\. ",
            r"^(?:not )?ok \d+(?: -|\s*$)",
            r"^1\.\.\d+\s*$",
        ]
    )
)
# shapes that are output only beside other output: a bare "Error: …" (Node, Terraform and many CLIs
# print it, but a person may open a line with "Warning:"), a severity word opening a line
_ADJACENT = re.compile(rf"^(?:Error|Exception|Warning|Failure|Fault|panic):(?: |$)|^\s*(?:{_LEVELS})\b")
# a unified diff's hunk header: how many old and new lines follow (GNU diffutils, "Detailed Unified")
_HUNK = re.compile(r"^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")


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
        elif _QUOTE.match(line) or _STRONG.match(line) or (said and len(line.strip()) >= 20 and _norm(line) in said):
            kind[i] = "s"
        elif line[0].isspace() and in_list and not _shapeless(line):
            kind[i] = "p"  # an indented sentence under a list item continues the item (§5.2)
        elif _INDENT.match(line) and _shapeless(line):
            kind[i] = "s"  # indented code (§4.4)
        elif _INDENT.match(line) and about_code(line):
            # an indented line naming code: code after a blank line (§4.4), else beside a paste
            kind[i] = "s" if after_blank else "w"
        elif _shapeless(line):
            kind[i] = "w"
        elif _ADJACENT.match(line):
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
