"""Aider: the chat history it writes into each project, and its prompt history there.

Format (public sources: `Aider-AI/aider` `aider/io.py` — `user_input` writes the typed input as
`#### ` lines, `tool_output`/`tool_warning`/`confirm_ask` as `> ` blockquotes, `ai_output` as
plain text; `aider/main.py` — the `# aider chat started at <time>` line opening each run; the
layout also in `Dicklesworthstone/franken_agent_detection` `src/connectors/aider.rs`, which takes
the `> ` lines for the person's: they are the tool's):

- `<project>/.aider.chat.history.md` (`--chat-history-file`; the git root, else the folder Aider
  ran in): one file holding every run in that project. A run starts with `# aider chat started at
  YYYY-MM-DD HH:MM:SS`; the person's input is consecutive `#### ` lines (one per typed line, a
  markdown hard break `  ` at the end; an empty input is `#### <blank>`; inputs separated by blank
  lines alone, with no reply or output between, are one paste sent line by line and read as one);
  `> ` lines are Aider's own
  output (added files, token counts, confirmations and their answers, shell output, warnings); the
  rest is the model's reply.
- `<project>/.aider.input.history` (`--input-history-file`, prompt_toolkit's `FileHistory`): `# <time>`
  then the entry as `+` lines. It repeats the chat history's inputs, so it is read only where no
  chat history sits beside it (counted `input_history_beside_chat`).

One unit per file (`aider/<project folder>/.aider.chat.history.md`; a project in the home folder is
`home`), digested per run (`many_sessions`; a run's session id is `<unit key>#<n>`). Kept: the
person's input, minus Aider's commands (`/add`, `/run`, `!cmd`, `/commit`, `/model …`: dropped and
counted by name), except `/ask`, `/code`, `/architect` and `/context`, whose text is a prompt. T1
after a reply the person interrupted (`^C KeyboardInterrupt`), after answering no to one of Aider's
confirmations (an edit, a shell command), or opening with a correction. Dropped, counted: run
headers, blockquoted output, the model's replies (their tail is a correction's context), blank
inputs. Aider records no tool calls as such: no activity stream.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from persona_pipeline.core.models import ReadStats, Turn
from persona_pipeline.core.sources import readers
from persona_pipeline.core.sources import user_text as ut
from persona_pipeline.core.sources.chat_turns import Conversation, LocalCounts
from persona_pipeline.core.sources.discovery import PRUNE_DIRS, SourceUnit, is_home_dir
from persona_pipeline.core.sources.jsonl_stream import FileSkipped, bounded_lines

# aider-2: answers to the agent's numbered items (`answers.py`), confirmation clicks, compaction summaries
READER_VERSION = "aider-2"
KIND = "aider"
CHAT_FILE = ".aider.chat.history.md"
INPUT_FILE = ".aider.input.history"
MAX_LINE_BYTES = 4 * 1024 * 1024  # a pasted log as one line is still a line; longer is skipped
MAX_DEPTH = 4  # folders below a root walked: projects sit a few levels under a code folder
_HEADER = "# aider chat started at "
_USER = "####"
_INTERRUPTED = "^C KeyboardInterrupt"
# `confirm_ask` writes the question and the answer on one blockquoted line: a no refuses the action
_REFUSED = re.compile(r"\(Y\)es/\(N\)o.*\]:\s*(?:n|no)\s*$", re.IGNORECASE)
# Commands followed by a prompt to the model (the text after the command is the person's)
_PROMPT_COMMANDS = frozenset({"ask", "code", "architect", "context"})
# Aider's other commands, named in skip reasons; anything else is `command:other`
_COMMANDS = frozenset(
    {
        "add", "clear", "commit", "copy", "copy-context", "diff", "drop", "editor", "edit", "exit",
        "git", "help", "lint", "load", "ls", "map", "map-refresh", "model", "models", "multiline-mode",
        "ok", "paste", "quit", "read-only", "reasoning-effort", "report", "reset", "run", "save",
        "settings", "test", "think-tokens", "tokens", "undo", "voice", "weak-model", "web",
        "editor-model", "chat-mode", "architect", "ask", "code", "context",
    }
)  # fmt: skip
_BLANK_INPUT = "<blank>"


# --- discovery ---------------------------------------------------------------------------------
def _project(folder: list[str]) -> str:
    """The project's folder name as a key part; a history in the home folder is `home` (its name
    is the user's)."""
    if not folder or is_home_dir(Path("/", *folder)):
        return "home"
    return readers.clean(folder[-1])


def _key(folder: list[str], name: str) -> str | None:
    if name not in (CHAT_FILE, INPUT_FILE):
        return None
    return f"{_project(folder)}/{name}"


def _discover(roots: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    """The history files at most MAX_DEPTH folders below each root (a root may be the file itself),
    never entering hidden folders (caches, dotfiles, agent stores): a project's history sits in
    its root folder. An input history beside a chat history repeats it: left out, counted."""
    units: list[SourceUnit] = []
    for root in roots:
        depth = len([p for p in root.absolute().parts if p not in ("/", "\\")])

        def descend(folders: list[str], depth: int = depth) -> bool:
            name = folders[-1]
            return len(folders) - depth <= MAX_DEPTH and not name.startswith(".") and name not in PRUNE_DIRS

        units += readers.discover_files(KIND, [root], ignored, _key, descend)
    chats = {str(Path(u.location).parent) for u in units if u.key.endswith(CHAT_FILE)}
    kept = [u for u in units if u.key.endswith(CHAT_FILE) or str(Path(u.location).parent) not in chats]
    if len(kept) < len(units):
        ignored["input_history_beside_chat"] = ignored.get("input_history_beside_chat", 0) + len(units) - len(kept)
    return kept


# --- reading -----------------------------------------------------------------------------------
def _opened(path: Path, buffering: int) -> BinaryIO:
    """The file opened for reading bytes, at its start; an unreadable, binary or empty file is a
    `FileSkipped` (closed before it is raised)."""
    try:
        f = open(path, "rb", buffering=buffering)  # noqa: SIM115 (the caller's `with` closes it)
    except OSError as exc:
        raise FileSkipped(f"unreadable:{type(exc).__name__}") from None
    try:
        head = f.read(8192)
    except BaseException:
        f.close()
        raise
    problem = "binary" if b"\x00" in head else "empty" if not head.strip() else None
    if problem:
        f.close()
        raise FileSkipped(problem)
    f.seek(0)
    return f


def _raw_lines(path: Path, stats: ReadStats, counts: LocalCounts) -> Iterator[tuple[int, int, bytes]]:
    """(line number, byte offset, raw line) of a text file; an overlong line is skipped and counted;
    a binary or empty file is a `FileSkipped`. Lines stay bytes: most are the model's reply, of
    which only the tail is ever decoded."""
    with _opened(path, buffering=-1) as f:
        offset = n = bad = 0
        for n, (raw, size) in enumerate(bounded_lines(f, MAX_LINE_BYTES), start=1):
            if raw is None:
                bad += 1
            else:
                yield n, offset, raw
            offset += size
    stats.lines_total += n
    stats.lines_bad += bad
    if bad:
        counts.skip("line_too_long", bad)
    stats.raw_bytes = offset


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace").rstrip("\r\n")


def _typed(text: str, counts: LocalCounts) -> str | None:
    """The person's words in one input, or None when it was an Aider command (counted by name)."""
    head = text.lstrip()
    if head.strip() == _BLANK_INPUT or not head.strip():
        counts.skip("blank_input")
        return None
    if head.startswith("!"):  # `!cmd` is `/run cmd`
        counts.skip("command:run")
        return None
    name = ut.raw_command_name(head)
    if name is None:
        return text
    name = name.lower()
    if name in _PROMPT_COMMANDS:
        prompt = head[len(name) + 1 :].strip()
        if prompt:
            counts.skip(f"saw:command:{name}")
            return prompt
    counts.skip(f"command:{name if name in _COMMANDS else 'other'}")
    return None


class _Run:
    """The pass over one chat history: its runs, the pending input and the reply since it."""

    def __init__(self, unit: SourceUnit, stats: ReadStats, counts: LocalCounts) -> None:
        self.key = unit.key
        self.cwd = str(unit.path.parent)
        self.chat = Conversation(stats)
        self.counts = counts
        self.run = 0
        self.started: str | None = None
        self.typed: list[str] = []
        self.typed_at = (0, 0)
        self.inputs = 0
        self.reply: deque[bytes] = deque(maxlen=64)  # the reply's last lines: a correction's context
        self.gap = False  # only blank lines since the pending input's last line

    def header(self, line: str) -> None:
        self.flush()
        self.flush_reply()
        self.chat.new_conversation()
        self.run += 1
        self.started = _time(line[len(_HEADER) :])
        self.counts.skip("saw:run")

    def user(self, n: int, offset: int, line: str) -> None:
        if self.gap:
            # inputs with nothing but blank lines between them (no reply, no output of Aider's):
            # Aider answers every input it runs, so these are one paste the terminal sent line by
            # line; they are read as one input, so a pasted log is seen whole (`paste_runs`). A
            # command is never joined: its own input, dropped alone (`_typed`).
            self.gap = False
            if _stands_alone(self.typed[0]) or _stands_alone(line[len(_USER) + 1 :]):
                self.flush()
        if not self.typed:
            self.flush_reply()
            self.typed_at = (n, offset)
            self.inputs += 1
        self.typed.append(line[len(_USER) + 1 :].removesuffix("  ") if line != _USER else "")

    def output(self, line: str) -> None:
        self.flush()
        self.counts.skip("tool_output")
        if _INTERRUPTED in line:
            self.chat.signal("interrupt")
        elif _REFUSED.search(line):
            self.chat.signal("rejected_tool_use")

    def flush_reply(self) -> None:
        if self.reply:
            self.counts.skip("assistant")
            text = b"".join(self.reply).decode("utf-8", "replace")
            self.chat.assistant(text.replace(_INTERRUPTED, "").strip())
            self.reply.clear()

    def flush(self) -> None:
        self.gap = False
        if not self.typed:
            return
        text = _typed("\n".join(self.typed), self.counts)
        self.typed = []
        if text is not None:
            n, offset = self.typed_at
            sid = f"{self.key}#{self.run}"
            self.chat.user(text, line_no=n, offset=offset, session_id=sid, timestamp=self.started, cwd=self.cwd)


_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?")


def _time(text: str) -> str | None:
    """An ISO-shaped local time (Aider writes no zone), or None for anything else."""
    m = _TIME.match(text.strip())
    return m.group(0).replace(" ", "T") if m else None


_INTERRUPTED_BYTES = _INTERRUPTED.encode()
# bytes read at a time; a block holds whole lines (the rest waits for the next). Less than
# MAX_LINE_BYTES: only a line begun in an earlier read can be overlong
_BLOCK = 1024 * 1024
# A line that may be Aider's (a header, an input, an output): the blocks are searched for these
# line starts only, in C; every other line is the model's reply and is never visited one by one
_MARK = re.compile(rb"\n[#>]")
_REPLY_LINES = 64  # the reply's last non-blank lines kept: a correction's context


def _blocks(path: Path, stats: ReadStats, counts: LocalCounts) -> Iterator[tuple[bytes, int, int]]:
    """(block of whole lines, its byte offset, the overlong lines skipped just before it) of a text
    file, read `_BLOCK` bytes at a time (the caller counts the lines); a line longer than
    MAX_LINE_BYTES is read past, skipped and counted (as `bounded_lines` does: never more than it
    plus a block held; overlong lines at the end come as an empty block); a binary or empty file is
    a `FileSkipped`."""
    offset = bad = skipped_lines = 0
    with _opened(path, buffering=0) as f:
        carry = b""  # the start of a line the next read ends
        skipped = -1  # bytes of an overlong line read past so far (-1: none being read past)
        while chunk := f.read(_BLOCK):
            if skipped >= 0:
                i = chunk.find(b"\n")
                if i < 0:
                    skipped += len(chunk)
                    continue
                offset += skipped + i + 1
                skipped_lines += 1
                skipped = -1
                chunk = chunk[i + 1 :]
            elif carry:
                i = chunk.find(b"\n")
                if i < 0:
                    carry += chunk
                elif len(carry) + i + 1 > MAX_LINE_BYTES:  # the line ends here, too long
                    offset += len(carry) + i + 1
                    skipped_lines += 1
                    carry, chunk = b"", chunk[i + 1 :]
                else:
                    chunk, carry = carry + chunk, b""
                if len(carry) > MAX_LINE_BYTES:
                    skipped, carry = len(carry), b""
                if i < 0:
                    continue
            end = chunk.rfind(b"\n") + 1
            if end:
                yield (chunk[:end] if end < len(chunk) else chunk), offset, skipped_lines
                bad += skipped_lines
                skipped_lines = 0
                offset += end
            carry = chunk[end:]
            if len(carry) > MAX_LINE_BYTES:
                skipped, carry = len(carry), b""
        if skipped >= 0:
            offset += skipped
            skipped_lines += 1
        if carry or skipped_lines:  # a last line without a newline; overlong lines at the end
            yield carry, offset, skipped_lines
            bad += skipped_lines
            offset += len(carry)
    stats.lines_bad += bad
    if bad:
        counts.skip("line_too_long", bad)
    stats.raw_bytes = offset


def _mark(raw: bytes) -> int:
    """What a line starting with `#` or `>` is: 1 a run header, 2 an input, 3 Aider's output,
    0 none of these (part of the model's reply: a markdown heading, `>>>>>>> REPLACE`)."""
    if raw[:1] == b"#":
        if raw.startswith(_HEADER_BYTES):
            return 1
        if raw.startswith(b"####"):
            rest = raw[4:]
            if rest[:1] == b" " or not rest.rstrip(b"\r\n"):
                return 2
        return 0
    return 3 if raw[1:2] in (b" ", b"\n", b"\r", b"") else 0


_HEADER_BYTES = _HEADER.encode()


_GAP_BYTES = 16  # a few blank lines (`\r\n` ones too): what Aider writes between two inputs


def _stands_alone(text: str) -> bool:
    """An input never joined to a neighbour: an Aider command (`/name …` — a command name is one word,
    `aider/commands.py`, so a pasted path such as `/home/…/main.go:58` is no command — or `!cmd`) or
    an empty input."""
    head = text.strip()
    if not head or head == _BLANK_INPUT:
        return True
    return ut.raw_command_name(head) is not None or (head[0] == "!" and head[1:2] not in ("!", "", " "))


def _reply(r: _Run, block: bytes, start: int, end: int) -> None:
    """Lines start..end of a block, the model's reply: the pending input is complete, an
    interrupted reply signals, and the reply's last non-blank lines are kept."""
    if r.typed:
        if end - start <= _GAP_BYTES and not block[start:end].strip():
            r.gap = True  # blank lines only: the next input may go on with this one (`_Run.user`)
            return
        r.flush()
    find = block.find
    i = find(_INTERRUPTED_BYTES, start, end)
    while i >= 0:
        stop = find(b"\n", i, end) + 1 or end  # the end of the interrupted line
        _keep_tail(r.reply, block, start, stop)
        r.flush_reply()
        r.chat.signal("interrupt")
        start = stop
        i = find(_INTERRUPTED_BYTES, start, end)
    if start < end:
        _keep_tail(r.reply, block, start, end)


def _keep_tail(reply: deque[bytes], block: bytes, start: int, end: int) -> None:
    """The last `_REPLY_LINES` non-blank lines of block[start:end] onto the reply (the deque keeps
    no more than that many anyway: earlier lines are never looked at)."""
    splits = _REPLY_LINES + 8  # room for a few blank lines among the last
    parts = block[start:end].rsplit(b"\n", splits)
    last = parts.pop()  # after the span's last newline: empty, or a file's last line without one
    full = len(parts) == splits  # parts[0] may then hold more lines than one
    lines = [x + b"\n" for x in (parts[1:] if full else parts) if x and not x.isspace()]
    if last and not last.isspace():
        lines.append(last)
    if full and len(lines) < _REPLY_LINES:  # blank lines among the last: look further back
        lines = []
        rfind = block.rfind
        while end > start and len(lines) < _REPLY_LINES:
            line_start = rfind(b"\n", start, end - 1) + 1 or start
            raw = block[line_start:end]
            if not raw.isspace():
                lines.append(raw)
            end = line_start
        lines.reverse()
    reply.extend(lines[-_REPLY_LINES:])


def _chat_turns(unit: SourceUnit, stats: ReadStats, counts: LocalCounts) -> list[Turn]:
    """A block scan: only the lines opening with `#` or `>` are looked at one by one (found by one
    search per block); the reply lines between them are handled as whole spans."""
    r = _Run(unit, stats, counts)
    n = 1  # the number of the line starting at byte `counted` of the current block
    for block, base, skipped in _blocks(unit.path, stats, counts):
        n += skipped
        size = len(block)
        starts = [0] if block[:1] in (b"#", b">") else []
        starts += [m.start() + 1 for m in _MARK.finditer(block)]
        pending = counted = 0  # the start of the reply lines not yet handled; see `n`
        for at in starts:
            stop = block.find(b"\n", at) + 1 or size
            raw = block[at:stop]
            kind = _mark(raw)
            if not kind:
                continue
            if pending < at:
                _reply(r, block, pending, at)
            pending = stop
            if kind == 3:
                r.output(_text(raw))
                continue
            line = _text(raw)
            if kind == 1:
                r.header(line)
            else:
                n += block.count(b"\n", counted, at)
                counted = at
                r.user(n, base + at, line)
        if pending < size:
            _reply(r, block, pending, size)
        n += block.count(b"\n", counted) + (block[-1:] not in (b"\n", b""))  # (a last line without one)
    stats.lines_total += n - 1
    r.flush()
    if not r.run and not r.inputs:
        raise FileSkipped("not_a_chat_history")  # neither a run header nor an input: not Aider's
    return r.chat.turns


def _input_turns(unit: SourceUnit, stats: ReadStats, counts: LocalCounts) -> list[Turn]:
    """prompt_toolkit's history: `# <time>` opens an entry, `+` lines are its text."""
    chat = Conversation(stats)
    entry: list[str] = []
    at: tuple[int, int, str | None] = (0, 0, None)

    def flush() -> None:
        if entry:
            text = _typed("\n".join(entry), counts)
            if text is not None:
                chat.user(text, line_no=at[0], offset=at[1], session_id=unit.key, timestamp=at[2], cwd=cwd)
            entry.clear()

    cwd = str(unit.path.parent)
    for n, offset, raw in _raw_lines(unit.path, stats, counts):
        line = _text(raw)
        if line.startswith("#"):
            flush()
            at = (n + 1, offset, _time(line[1:]))
        elif line.startswith("+"):
            entry.append(line[1:])
        elif line.strip():
            counts.skip("line_unknown")
    flush()
    return chat.turns


def _turns(unit: SourceUnit, stats: ReadStats) -> list[Turn]:
    counts = LocalCounts(stats)
    stats.cwd = str(unit.path.parent)
    try:
        if unit.path.name == INPUT_FILE:
            return _input_turns(unit, stats, counts)
        return _chat_turns(unit, stats, counts)
    finally:
        counts.flush()


READER = readers.Reader(
    kind=KIND,
    agent="Aider",
    version=READER_VERSION,
    setting="aider_dirs",
    default_roots=lambda host: [],  # no store of its own: the projects (`in_projects`)
    discover=_discover,
    read=readers.streamed(_turns),
    many_sessions=True,  # one file holds every run in the project
    project_in_key=True,
    roots_may_be_files=True,  # a history file named directly
    in_projects=True,
    sample_roots=("aider",),
)
