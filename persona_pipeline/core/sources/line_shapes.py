"""What one line of pasted material looks like: the shape knowledge both pasted-material stages share.

Two stages tell pasted material from what the person typed, each with its own decision:
- the readers (`core/sources/pasted.py`, `split_pasted`) judge blocks and regions: a block is a log
  when most of its lines are output-shaped (`OUTPUT_LINE`, lenient: it counts towards a share);
- the digest (`persona/digest/pasted.py`, `own_words`) blanks single lines: a line shaped like a
  tool's output by itself (`STRONG_LINE`, strict: one line suffices) or beside such a line.
Both read the shapes from here, named by family, each from the documented output format of the tool
that prints it, never from any corpus's wording. A leaf module (`re` only): sources, evidence and the
digest may all import it.
"""

from __future__ import annotations

import re

# Severity names: RFC 5424 §6.2.1's (emerg … debug, with their common short forms), log4j's and
# Python `logging`'s (TRACE, SEVERE, FATAL, CRITICAL, WARNING).
LEVELS = "TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|ERR|SEVERE|CRIT|CRITICAL|FATAL|ALERT|EMERG"

# --- strict: a line that is a tool's output by its own shape (the digest blanks it alone) -------------
# Each family a tuple of `^`-anchored alternatives (matched with `match`), in the order they are joined.
STRONG_FAMILIES: dict[str, tuple[str, ...]] = {
    "trace": (
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
    ),
    "compiler": (
        # compiler / checker locations: "src/a.c:12:5: error: …", "app.py:3: error", "--> src/main.rs:3:5",
        # tsc's "file.ts(3,5): error TS…"
        r"^\s*(?:--> ?)?[\w.~/\\-]*\.\w{1,10}:\d+(?::\d+)?(?::|\s*$)",
        r"^\s*[\w.~/\\-]*\.\w{1,10}\(\d+,\d+\): ",
        # rustc / gcc / clang diagnostics and their notes
        r"^(?:error|warning)(?:\[[A-Z]{0,2}\d+\])?: \S",
        r"^\s+= (?:note|help): ",
    ),
    "exception": (
        # an exception's own line: "ValueError: …", "java.lang.IllegalStateException: …"
        r"^(?:[a-z_][\w]*\.)*[A-Z]\w*?[a-z\d](?:Error|Exception|Warning|Fault|Failure)(?::(?: |$)|\s*$)",
        # a Ruby / C++ / Rust namespaced class opening the line with a colon: "ActiveRecord::RecordInvalid: …"
        r"^[A-Z]\w*(?:::[A-Z]\w*)+: ",
        # GNU make's error line ("make: *** [target] Error 2", the GNU make manual's "Error Messages")
        r"^g?make(?:\[\d+\])?: \*\*\* ",
    ),
    "log": (
        # log records: ISO 8601 / RFC 3339 date-time, a clock time, an RFC 3164 syslog stamp …
        r"^\s*[\[(]?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}",
        r"^\s*[\[(]?\d{2}:\d{2}:\d{2}(?:[.,]\d+)?[\])]?\s",
        r"^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d{2}:\d{2}:\d{2} ",
        # … or a severity name (RFC 5424, log4j, Python logging) in a record's shape: bracketed
        # ("[ERROR] …", Maven), with a logger name ("ERROR:root:…", Python's default format) or a
        # logger and a dash ("ERROR com.acme.Job - …", log4j's "%p %c - %m")
        rf"^\s*\[(?:{LEVELS})\] ",
        rf"^(?:{LEVELS}):[\w.]+:",
        rf"^(?:{LEVELS}) +[\w.$]+ +- ",
    ),
    "prompt": (
        # shell and REPL prompts (POSIX `$ `, `user@host:dir$ `, Python `>>> `, IPython, PowerShell)
        r"^\s*\$ \S",
        r"^[\w.-]+@[\w.-]+(?::[^\s$#]*)?[$#] ",
        r"^>>> ",
        r"^(?:In|Out) ?\[\d+\]: ",
        r"^PS [A-Za-z]:\\[^>\n]*> ",
    ),
    "tool": (
        # git's relayed server lines, `git status`'s own lines, docker compose's "service-1  | …"
        # records, ESLint's stylish format ("  12:3  error  Message  rule-id")
        r"^remote: ",
        r"^\s+\(use \"git [^\"\n]*\" ",
        r"^(?:On branch \S+\s*$|Your branch is (?:up to date|ahead|behind) |Untracked files:|nothing to commit)",
        r"^Changes (?:not staged for commit|to be committed):",
        r"^[\w.-]+[-_]\d+ +\| ",
        r"^\s+\d+:\d+ +(?:error|warning) +\S",
    ),
    "diff": (
        # unified diff headers (GNU diffutils, git diff)
        r"^diff --git ",
        r"^index [0-9a-f]{7,}\.\.[0-9a-f]{7,}",
        r"^(?:---|\+\+\+) (?:a/|b/|/dev/null|\S+\t)",
    ),
    "test": (
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
    ),
}
STRONG_LINE = re.compile("|".join(p for family in STRONG_FAMILIES.values() for p in family))
_STRONG_BY_FAMILY = {name: re.compile("|".join(parts)) for name, parts in STRONG_FAMILIES.items()}

# Shapes that are output only beside other output: a bare "Error: …" (Node, Terraform and many CLIs
# print it, but a person may open a line with "Warning:"), a severity word opening a line.
ADJACENT_LINE = re.compile(rf"^(?:Error|Exception|Warning|Failure|Fault|panic):(?: |$)|^\s*(?:{LEVELS})\b")
# Shapes of an unfenced run of output the readers cut line by line (`paste_runs`), beside the strict
# ones: a line of these alone is no output (a person may type one), a run of them is.
RUN_ANCHOR_FAMILIES: dict[str, tuple[str, ...]] = {
    "overlay": (
        # an error dialog's or overlay's title: capitalised words ending in Error / Exception, alone
        r"^\s*(?:[A-Z][\w.-]*\s+){0,3}(?:Error|Exception)s?\s*$",
        # a bundled source location with its (line:col), as browser dev tools and dev-server overlays
        # print a frame's file ("web/views/cart.tsx (8:3) @ total", "vendor/lib/q.js (210:9)")
        r"^\s*\S+\.\w{1,6}\s?\(\d+:\d+\)(?:\s|$)",
        # a code frame's gutter (Babel's code-frame, rustc): "  11 |   x", "> 12 |   y", and
        # its caret line "     |   ^" (a Markdown table row has no line number and no caret)
        r"^\s*(?:>\s*)?\d+ +\|(?:\s|$)",
        r"^\s+\| +\^",
        # a browser console line: the source link ("app.js:1", "chunk.js?v=3:12") then its message
        r"^\S*?:\d+(?::\d+)?\s{2,}\S",
    ),
    "status": (
        # a program's progress line: a capitalised -ing verb ending in an ellipsis ("Installing
        # dependencies...", "Converting 3 files…"), the convention of CLI progress messages
        r"^\s*[A-Z][a-z]+ing\b[^\n]*(?:\.\.\.|…)\s*$",
        # a named error with its message: "Validation error: 3 fields", "Unexpected exception: x"
        r"^\s*[A-Z][a-z]+ (?:error|exception|failure): \S",
    ),
}
RUN_ANCHOR = re.compile("|".join(p for family in RUN_ANCHOR_FAMILIES.values() for p in family))
# A separator of equals signs alone, as scripts and test runners print between sections: output only
# after a blank line (right under a line of text it is a Setext heading's underline, CommonMark §4.3;
# a Markdown rule is `---` / `***`).
SEPARATOR = re.compile(r"^\s*={5,}\s*$")

# A unified diff's hunk header: how many old and new lines follow (GNU diffutils, "Detailed Unified").
HUNK = re.compile(r"^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")

# --- lenient: a line that counts towards a block's share of output lines (the readers) ----------------
# One alternation after the line's blanks; each piece by family.
OUTPUT_FAMILIES: dict[str, tuple[str, ...]] = {
    "log": (
        r"\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|\[?\d{2}:\d{2}:\d{2}",  # timestamps
        r"\[?(?:TRACE|DEBUG|INFO|NOTICE|WARN(?:ING)?|ERROR|FATAL|CRITICAL)\b\]?",  # levels
    ),
    "trace": (
        r"at [\w$.<>\[\]/]+ ?\(|at [\w$.<>/]+:\d+",  # JS / Java frames
        r"File \"[^\"]+\", line \d+|Traceback \(most recent call last\)",  # Python
        r"[\w./\\-]+\.\w{1,5}:\d+(?::\d+)?[:\s]",  # path:line(:col)
    ),
    "prompt": (r"(?:\$|>|PS [^>]{0,60}>|[\w.-]+@[\w.-]+:[^$#]{0,80}[$#]) \S",),  # shell prompts
    "test": (r"(?:E|F)\s{2,}\S|={5,}|-{5,}|\+{3} |@@ ",),  # pytest / diff
    "compiler": (
        r"goroutine \d+ \[|thread '[^']*' panicked|panic:|error(?:\[E\d+\])?:|warning:",  # Go / Rust / compilers
        r"(?:npm|yarn|pnpm) (?:ERR|WARN)|[\w.]+(?:Error|Exception)\b[:(]",
    ),
}
OUTPUT_LINE = re.compile(r"^\s*(?:" + "|".join(p for family in OUTPUT_FAMILIES.values() for p in family) + r")")
# The union the readers judge a block by: a strict line is output-shaped too (a block of pytest's,
# `go test`'s or git's lines, or of syslog records, is output like one of timestamped log lines).
BLOCK_OUTPUT_LINE = re.compile(OUTPUT_LINE.pattern + "|" + STRONG_LINE.pattern)
_OUTPUT_BY_FAMILY = {name: re.compile(r"^\s*(?:" + "|".join(parts) + r")") for name, parts in OUTPUT_FAMILIES.items()}

# A shell's prompt line, naming who or where (so a session, not a command quoted in prose), in the
# default shapes of the common shells: bash `user@host:~/dir$`, Fedora's `[user@host dir]$`, macOS
# zsh `user@host dir %`, fish `user@host ~/dir>`, PowerShell `PS C:\dir>`, cmd.exe `C:\dir>`; then
# the command after a blank, or nothing (the idle prompt a capture ends on). The directory is a path
# (`~`, `/`, a name) and the prompt character ends a word, so an address in prose is none:
# `alice@corp.com -> bob@x.io`, `alice@corp.com owes $40`; a Windows path's `>` is never an arrow's
# (`C:\in\a.csv -> D:\out`).
SHELL_PROMPT = re.compile(
    r"^\s*(?:\[?[\w.-]+@[\w.-]+(?::[~/\w.][^\s$#%>]{0,80}|\s[~/\w.][^\s$#%>\]]{0,80})\]?\s?[$#%>](?:\s|$)|"
    r"PS [A-Za-z]:[^>\n]{0,80}(?<![-=])>|[A-Za-z]:\\[^>\n]{0,80}(?<![-=])>)"
)
# A quoted line: `>` opening it after any blanks (e-mail and Markdown quoting alike).
QUOTE_LINE = re.compile(r"^\s*>")
# A table row: GFM's pipe row (opening and closing with `|`), or a line with box-drawing characters.
PIPE_ROW = re.compile(r"^\s*\|.*\|\s*$")
BOX = re.compile(r"[│┃┌┐└┘├┤┬┴┼╭╮╯╰═║╔╗╚╝]")
# Glyphs agent UIs put at line starts in a terminal capture (Claude Code's ⏺ / ⎿ / ✻, Codex's ▌ / └, …).
AGENT_GLYPH = re.compile(r"^\s*[⏺⎿✻✶✳●◆▌›└⏵]\s")
# One line of a data dump: JSON / YAML / INI / env / markup.
DATA_LINE = re.compile(
    r"""^\s*(?:[{}\[\]],?\s*$|"[^"\n]{0,200}"\s*:|[\w.-]{1,60}\s*[:=](?:\s|$)|- [\w.-]+:\s|</?[A-Za-z][\w:-]*[\s>/])"""
)
# The head of a stack trace anywhere in a text: Python's header, or a V8 frame with line and column.
TRACE_HEAD = re.compile(r"Traceback \(most recent call last\)|^\s+at [\w$.<>]+ ?\(.*:\d+:\d+\)", re.MULTILINE)


def strong_shape(line: str) -> str | None:
    """The family of the strict shape `line` has (`STRONG_FAMILIES`), None when it has none."""
    if not STRONG_LINE.match(line):
        return None
    return next(name for name, pattern in _STRONG_BY_FAMILY.items() if pattern.match(line))


def output_shape(line: str) -> str | None:
    """The family of the lenient output shape `line` has (`OUTPUT_FAMILIES`), None when it has none."""
    if not OUTPUT_LINE.match(line):
        return None
    return next(name for name, pattern in _OUTPUT_BY_FAMILY.items() if pattern.match(line))
