"""Agent instruction files as a source (tier T0): what the person wrote down for their agents.

Files: `CLAUDE.md`, `AGENTS.md`, `GEMINI.md`, `.cursorrules`, `.github/copilot-instructions.md`,
`.github/instructions/*.instructions.md`, `.cursor/rules/*.mdc`, Aider's `CONVENTIONS.md` and the
Cline-family rules (`.clinerules`, `.roorules`, `.kilocoderules`, `.roo/rules/`, `.kilocode/rules/`)
under the roots, plus explicit global files (each agent reader's `global_instructions`: `~/.claude/CLAUDE.md`,
`~/.codex/AGENTS.md`, `~/.copilot/copilot-instructions.md`, …). One file is one source unit; each
rule in it is one DIRECTIVE turn.

Choices:
- Scope is the nearest ancestor holding `.git` (dir, or file for worktrees/submodules); the walk
  up stops at the home directory, so a dotfiles repo at `~` never makes a project (and never
  the user name a scope). Explicit files, and files directly in `~` or in `~/.claude`,
  `~/.codex`, `~/.gemini`, are scope "global". Otherwise the scope is the parent folder name.
- Keys: `instructions/<scope>/<path relative to the repo root>`; global:
  `instructions/global/<parent folder without its leading dot>/<name>`, or
  `instructions/global/<name>` for a file directly in `~`. Without a repo:
  `instructions/<parent folder>/<name>`. The same file (by resolved path: symlinks, overlapping
  roots) is listed once; explicit listings win, then sorted-path order.
- Change detection is `content_fingerprint` (a hash of the bytes): the files are small, and an
  edit that keeps size and mtime is still seen.
- Chunks are verbatim: one per top-level list item (its nested lines and sub-bullets dedented
  by the item's content indent, only the top-level marker stripped), else one per paragraph
  with its line breaks kept. Headings, front matter, fenced and indented code, HTML comments,
  horizontal rules, `@path` import lines and table separator rows are dropped and counted; a
  table's rows stay one paragraph. A paragraph ending in ":" directly followed by a list (blank
  lines and comments in between allowed) is a lead-in, not a rule, and is dropped; so is any
  chunk still ending in ":" once code blocks are gone (it led into something not kept).
- Rules only: an all-bold heading-like line, a metadata field ("**Status:** beta") and a sentence
  saying what something is ("X is a Go CLI tool to …") are dropped and counted (`not_a_rule`),
  unless they carry an instruction word. A directive's timestamp is the file's mtime with the
  rule's ordinal as microseconds: sorting by time keeps file order.
- The person's own files only: dependency trees (package caches, virtualenvs, vendored and
  third-party folders, the Go module cache) are not discovered, and a file inside a repository
  that `git ls-files` does not list (ignored, untracked) yields no rules.
- A file scoped to some paths by its front matter (Copilot's `applyTo:`, Cursor's `globs:`) keeps
  its rules verbatim; the scope goes in each directive's context (`applies to: **/*.py`).
- Turns carry `cwd` = the repo root (None outside a repo): callers should pass the key's scope
  (`unit.key.split("/")[1]`) as the project fallback, as for Claude units.
"""

from __future__ import annotations

import codecs
import hashlib
import os
import re
import stat
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from itertools import pairwise
from pathlib import Path

from persona_pipeline.core.models import ReadResult, ReadStats, SourceKind, Tier, Turn, TurnKind
from persona_pipeline.core.sources.discovery import _UNSAFE, SourceUnit, _walk, is_home_dir, unique_keys
from persona_pipeline.core.sources.user_text import cut_head

# 2: trailing-colon lead-ins dropped; 3: long chunks cut at whitespace. 4: rules only (descriptions,
# bold heading-like lead-ins and status lines dropped); untracked files in a repo read as no rules;
# timestamps carry the rule's ordinal (file order). 6: `.github/instructions/*.instructions.md`; a
# front-matter scope (applyTo, globs) in the directives' context. 7: Aider's `CONVENTIONS.md`, the
# Cline / Roo Code / Kilo Code rule files and folders
READER_VERSION = "instructions-7"

MAX_FILE_BYTES = 1024 * 1024
MAX_CHUNK_CHARS = 2000
MIN_WORD_CHARS = 3
GLOBAL_SCOPE = "global"

# `CONVENTIONS.md`: the file Aider's docs load with `--read`
INSTRUCTION_NAMES = frozenset({"CLAUDE.md", "AGENTS.md", "GEMINI.md", ".cursorrules", "CONVENTIONS.md"})
# Cline's `.clinerules`, Roo Code's `.roorules` and Kilo Code's `.kilocoderules` (a rules file, or per
# mode `-<mode>`); as folders, their rule files: `.clinerules/*.md`, `.roo/rules[-<mode>]/*`,
# `.kilocode/rules[-<mode>]/*`
_RULES_FILE = re.compile(r"\.(?:clinerules|roorules|kilocoderules)(?:-[\w-]+)?")
_RULES_DIR = re.compile(r"rules(?:-[\w-]+)?")
_RULE_SUFFIXES = (".md", ".txt", ".mdc")
GLOBAL_DIRS = frozenset({".claude", ".codex", ".gemini", ".copilot"})  # agent config dirs in the home directory
_KEY_PREFIX = "instructions/"


# --- discovery ------------------------------------------------------------------------------
def is_instruction_file(path: Path) -> bool:
    name, parent = path.name, path.parent
    if name in INSTRUCTION_NAMES:
        return True
    if name == "copilot-instructions.md":
        return parent.name == ".github"
    if _RULES_FILE.fullmatch(name):
        return True
    if name.endswith(_RULE_SUFFIXES) and not name.startswith("."):
        if parent.name == ".clinerules":
            return True
        if _RULES_DIR.fullmatch(parent.name) and parent.parent.name in (".roo", ".kilocode"):
            return True
    if name.endswith(".instructions.md"):  # Copilot's path-scoped files
        return parent.name == "instructions" and parent.parent.name == ".github"
    return name.endswith(".mdc") and parent.name == "rules" and parent.parent.name == ".cursor"


def _is_global_dir(d: Path) -> bool:
    return is_home_dir(d) or (d.name in GLOBAL_DIRS and is_home_dir(d.parent))


def _has_git(d: Path) -> bool:
    try:
        return (d / ".git").exists()
    except OSError:
        return False


def _safe(name: str, default: str) -> str:
    return _UNSAFE.sub("_", name) or default


def scope_of(path: Path, explicit: bool) -> tuple[str, Path | None]:
    """(scope name, repo root or None) of an instruction file; never a home dir's user name."""
    if explicit:
        return GLOBAL_SCOPE, None
    parent = path.absolute().parent
    for d in (parent, *parent.parents):
        if _is_global_dir(d):
            break  # a dotfiles repo at ~ (or ~/.claude) is not the project of the files below it
        if _has_git(d):
            return _safe(d.name, "repo"), d
    if _is_global_dir(parent):
        return GLOBAL_SCOPE, None
    return _safe(parent.name, "root"), None


def _key(path: Path, scope: str, repo: Path | None) -> str:
    path = path.absolute()
    if repo is not None:
        rel = path.relative_to(repo).as_posix()
    elif scope == GLOBAL_SCOPE:
        folder = "" if is_home_dir(path.parent) else path.parent.name.lstrip(".")
        rel = f"{folder}/{path.name}" if folder else path.name
    else:
        rel = path.name
    return _UNSAFE.sub("_", f"{_KEY_PREFIX}{scope}/{rel}")


def _bump(ignored: dict[str, int], reason: str) -> None:
    ignored[reason] = ignored.get(reason, 0) + 1


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False


def _candidates(roots: list[Path], explicit_files: list[Path], ignored: dict[str, int]) -> list[tuple[Path, bool]]:
    """(path, explicit) in precedence order: explicit files first, then walked ones by path."""
    found: list[tuple[Path, bool]] = []
    for f in sorted((p.expanduser() for p in explicit_files), key=str):
        if _is_file(f):
            found.append((f, True))
        else:
            _bump(ignored, "explicit_missing")
    walked: list[Path] = []
    for root in roots:
        if root.is_dir():
            for e in _walk(root, ignored):
                p = Path(e.path)
                if not is_instruction_file(p):
                    continue
                if _in_dependency_tree(p, root):
                    _bump(ignored, "vendored_instructions")  # a dependency's rules, not the person's
                    continue
                walked.append(p)
    return found + [(p, False) for p in sorted(walked, key=str)]


# Folders that hold other people's code: package caches, virtualenvs, vendored trees.
_DEPENDENCY_DIRS = frozenset(
    {
        "node_modules",
        "bower_components",
        "jspm_packages",
        "site-packages",
        "dist-packages",
        "__pypackages__",
        ".venv",
        "venv",
        ".tox",
        ".nox",
        "vendor",
        "third_party",
        "third-party",
        "thirdparty",
        "external",
        "Pods",
        "Carthage",
        ".cargo",
        ".rustup",
        ".npm",
        ".pnpm-store",
        ".yarn",
        ".gradle",
        ".m2",
        ".terraform",
        ".cache",
        "elm-stuff",
    }
)


_MODULE_VERSION = re.compile(r"@v\d")  # a Go module cache folder: `<module>@v1.2.3`


def _in_dependency_tree(path: Path, root: Path) -> bool:
    """Under a dependency folder, the Go module cache (`pkg/mod/…@vX`), or a virtualenv (a folder
    holding `pyvenv.cfg`), below the root."""
    try:
        rel = path.parent.relative_to(root).parts
    except ValueError:
        rel = path.parent.parts
    if any(part in _DEPENDENCY_DIRS for part in rel):
        return True
    if any(a == "pkg" and b == "mod" for a, b in pairwise(rel)) or any(_MODULE_VERSION.search(p) for p in rel):
        return True
    d = path.parent
    for _ in rel:
        if (d / "pyvenv.cfg").is_file():
            return True
        d = d.parent
    return False


def discover_instructions(roots: list[Path], explicit_files: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    """One unit per instruction file under roots, plus the explicit files that exist."""
    units: list[SourceUnit] = []
    seen: set[Path] = set()
    for path, explicit in _candidates(roots, explicit_files, ignored):
        try:
            real = path.resolve()
            st = path.stat()
        except (OSError, RuntimeError):
            _bump(ignored, "unreadable_entry")
            continue
        if real in seen:
            _bump(ignored, "duplicate_file")  # symlink, overlapping roots, or root + explicit
            continue
        seen.add(real)
        scope, repo = scope_of(path, explicit)
        key = _key(path, scope, repo)
        units.append(SourceUnit(key, SourceKind.INSTRUCTIONS, path, st.st_size, st.st_mtime_ns))
    return unique_keys(units)


def content_fingerprint(path: Path) -> str:
    """sha256 of the bytes (32 hex chars); `size:mtime_ns` for a file the reader would skip as too large."""
    try:
        st = path.stat()
    except OSError:
        return "missing"
    stat_fp = f"{st.st_size}:{st.st_mtime_ns}"
    if st.st_size > MAX_FILE_BYTES:
        return stat_fp
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError:
        return stat_fp
    return stat_fp if len(data) > MAX_FILE_BYTES else hashlib.sha256(data).hexdigest()[:32]


# --- splitting into rules ---------------------------------------------------------------------
_FENCE = re.compile(r"^[ \t]*(?:(`{3,})[^`]*|(~{3,}).*)$")
_ATX = re.compile(r"^[ \t]{0,3}#{1,6}(?:[ \t]|$)")
_SETEXT_EQ = re.compile(r"^ {0,3}=+[ \t]*$")
_SETEXT_DASH = re.compile(r"^ {0,3}-+[ \t]*$")
_HR = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_TABLE_SEP = re.compile(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_IMPORT = re.compile(r"^[ \t]*@[^\s@`]+[ \t]*$")  # CLAUDE.md `@path` import on a line of its own
_MARKER = re.compile(r"^(?P<ind>[ \t]*)(?P<mk>[-*+]|\d{1,9}[.)])(?:(?P<sp>[ \t]+)(?P<rest>.*))?$")
_WORD = re.compile(r"\w")


def _indent(line: str) -> int:
    lead = line[: len(line) - len(line.lstrip(" \t"))]
    return len(lead.expandtabs(4))


def _dedent(line: str, n: int) -> str:
    body = line.lstrip(" \t")
    return line[: len(line) - len(body)].expandtabs(4)[n:] + body


def _comment_start(line: str, pos: int) -> int:
    """Index of the next `<!--` outside an inline code span, or -1."""
    start = line.find("<!--", pos)
    while start >= 0 and line.count("`", 0, start) % 2:
        start = line.find("<!--", start + 4)
    return start


def _line_drop_kind(line: str) -> str | None:
    """Why a line inside a list item is dropped, if it is."""
    if _ATX.match(line):
        return "heading"
    if _HR.match(line) or _SETEXT_EQ.match(line) or _SETEXT_DASH.match(line):
        return "hr"
    if "|" in line and _TABLE_SEP.match(line):
        return "table_separator"
    if _IMPORT.match(line):
        return "import"
    return None


def _enough_words(text: str) -> bool:
    return len(_WORD.findall(text)) >= MIN_WORD_CHARS


@dataclass
class _Block:
    start: int  # 0-based line index
    item: bool
    lines: list[str] = field(default_factory=list)
    marker_indent: int = 0
    content_indent: int = 0


class _Splitter:
    """A line-oriented, forgiving subset of CommonMark: enough to find where rules start and end."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = [ln.rstrip("\r") for ln in lines]
        self.drops: Counter[str] = Counter()
        self.blocks: list[_Block] = []
        self.cur: _Block | None = None
        self.fence: tuple[str, int] | None = None  # (char, length) of the open code fence
        self.in_comment = False
        self.blank = False  # a blank line since the current item's last line
        self.lazy_ok = False  # the item's last line was text: an unindented line may continue it
        self.lead_in_ok = False  # the last block is a paragraph and nothing was dropped since
        self.indented_code = False

    def run(self) -> tuple[list[tuple[int, str]], Counter[str]]:
        for i in range(self._front_matter(), len(self.lines)):
            self._line(i, self.lines[i])
        self._close()
        return self._chunks(), self.drops

    def _front_matter(self) -> int:
        if not self.lines or self.lines[0].rstrip() not in ("---", "+++"):
            return 0
        delim = self.lines[0].rstrip()
        for j in range(1, len(self.lines)):
            if self.lines[j].rstrip() == delim:
                self.drops["front_matter"] += 1
                return j + 1
        return 0  # unclosed: an hr, not front matter

    def _line(self, i: int, line: str) -> None:
        if self.fence:
            self._fence_line(line)
            return
        line = self._strip_comments(line)
        if not line.strip():
            self._blank()
            return
        in_code_run, self.indented_code = self.indented_code, False
        cur = self.cur
        if cur is not None and cur.item and _indent(line) > cur.marker_indent:
            self._item_line(line)
        else:
            self._top_line(i, line, in_code_run)

    def _fence_line(self, line: str) -> None:
        assert self.fence is not None
        ch, n = self.fence
        s = line.strip()
        if len(s) >= n and s == ch * len(s):
            self.fence = None

    def _opens_fence(self, line: str) -> bool:
        m = _FENCE.match(line)
        if not m:
            return False
        run = m[1] or m[2]
        self.fence = (run[0], len(run))
        self.drops["code_block"] += 1
        self.lazy_ok = False
        return True

    def _strip_comments(self, line: str) -> str:
        out: list[str] = []
        pos = 0
        while True:
            if self.in_comment:
                end = line.find("-->", pos)
                if end < 0:
                    return "".join(out)
                self.in_comment, pos = False, end + 3
                continue
            start = _comment_start(line, pos)
            if start < 0:
                out.append(line[pos:])
                return "".join(out)
            out.append(line[pos:start])
            self.drops["html_comment"] += 1
            self.in_comment, pos = True, start + 4

    def _blank(self) -> None:
        self.blank, self.lazy_ok = True, False
        if self.cur is not None and not self.cur.item:
            self._close()

    def _close(self) -> None:
        if self.cur is not None:
            self.blocks.append(self.cur)
            self.lead_in_ok = not self.cur.item
            self.cur = None
        self.lazy_ok = False

    def _drop(self, kind: str) -> None:
        self._close()
        self.drops[kind] += 1
        self.lead_in_ok = False

    def _item_line(self, line: str) -> None:
        """A line indented past the current item's marker: it belongs to the item."""
        assert self.cur is not None
        text = _dedent(line, self.cur.content_indent).rstrip()
        if self._opens_fence(text):
            return
        kind = _line_drop_kind(text)
        if kind:
            self.drops[kind] += 1
            self.lazy_ok = False
            return
        if self.blank:
            self.cur.lines.append("")
        self.cur.lines.append(text)
        self.blank, self.lazy_ok = False, True

    def _top_line(self, i: int, line: str, in_code_run: bool) -> None:
        cur = self.cur
        para = cur is not None and not cur.item
        if _FENCE.match(line):
            self._close()
            self._opens_fence(line)
            self.lead_in_ok = False
        elif _ATX.match(line):
            self._drop("heading")
        elif para and (_SETEXT_EQ.match(line) or _SETEXT_DASH.match(line)):
            self.cur = None  # the paragraph above was a setext heading
            self._drop("heading")
        elif _HR.match(line) or _SETEXT_EQ.match(line):
            self._drop("hr")
        elif "|" in line and _TABLE_SEP.match(line):
            self.drops["table_separator"] += 1  # the table stays one paragraph
        elif _IMPORT.match(line):
            self._drop("import")
        elif m := _MARKER.match(line):
            self._start_item(i, m)
        elif cur is not None and cur.item and self.lazy_ok:
            cur.lines.append(line.strip())  # lazy continuation of the item's text
        else:
            self._paragraph_line(i, line, in_code_run)

    def _paragraph_line(self, i: int, line: str, in_code_run: bool) -> None:
        if self.cur is not None and self.cur.item:
            self._close()
        if self.cur is None and _indent(line) >= 4:  # indented code block
            if not in_code_run:
                self.drops["code_block"] += 1
            self.indented_code, self.lead_in_ok = True, False
            return
        if self.cur is None:
            self.cur = _Block(i, item=False)
        self.cur.lines.append(line.strip())

    def _start_item(self, i: int, m: re.Match[str]) -> None:
        self._close()
        last = self.blocks[-1] if self.blocks else None
        if self.lead_in_ok and last is not None and not last.item and last.lines[-1].endswith(":"):
            self.blocks.pop()  # "Rules for this repo:" introduces the list; it is no rule itself
            self.drops["lead_in"] += 1
        self.lead_in_ok = False
        indent, marker = _indent(m["ind"]), m["mk"]
        rest, gap = (m["rest"] or "").strip(), len((m["sp"] or "").expandtabs(4))
        content = indent + len(marker) + (gap if rest and gap <= 4 else 1)
        if _IMPORT.match(rest):
            self.drops["import"] += 1
            rest = ""
        elif self._opens_fence(rest):
            rest = ""
        self.cur = _Block(i, item=True, lines=[rest], marker_indent=indent, content_indent=content)
        self.blank, self.lazy_ok = False, bool(rest)

    def _chunks(self) -> list[tuple[int, str]]:
        out: list[tuple[int, str]] = []
        for b in self.blocks:
            text = "\n".join(b.lines).strip("\n")
            if not _enough_words(text):
                self.drops["too_short"] += 1
                continue
            if text.rstrip().endswith(":"):
                # "Before committing:" whose commands were a (dropped) code block: a lead-in
                # without what it leads into is no rule
                self.drops["lead_in"] += 1
                continue
            out.append((b.start + 1, text))
        return out


def _text_lines(text: str) -> list[str]:
    """Lines as written (a CR of CRLF kept): `str.splitlines` would also split on \\x0b, \\u2028 …"""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def split_directives(text: str) -> list[tuple[int, str]]:
    """(1-based start line, verbatim chunk) for each rule of an instruction file's text."""
    return _Splitter(_text_lines(text.removeprefix("\ufeff"))).run()[0]


# --- rules only -----------------------------------------------------------------------------
# A chunk that is all bold: a heading written as a paragraph ("**Conventions:**").
_BOLD_ONLY = re.compile(r"^\s*(?:\*\*|__)[^*_\n]{1,80}(?:\*\*|__)\s*:?\s*$")
# "**Status:** draft": a metadata field of the document, not an instruction.
_FIELD = re.compile(r"^\s*(?:\*\*|__)(?P<label>[^*_\n:]{1,40}):?(?:\*\*|__):?[ \t]*(?P<value>[^\n]*)$")
_METADATA_LABELS = re.compile(
    r"^(?:status|state|stage|phase|progress|version|revision|last[ -]?(?:updated|modified|reviewed)|updated|"
    r"date|created|owner|owners|maintainer|maintainers|author|authors|eta|license|priority)$",
    re.IGNORECASE,
)
# "X is a Go CLI tool to …", "This repository is the billing service": what something is.
_DESCRIPTION = re.compile(
    r"^\s*(?:the |this |our |these )?[`*_\w.@/+-]+(?:[ -][`*_\w.@/+-]+){0,4} (?:is|are) (?:a|an|the)\b",
    re.IGNORECASE,
)
# Words that make a sentence an instruction or a constraint (any one keeps the chunk).
_PRESCRIPTIVE = re.compile(
    r"\b(?:must|should|shall|never|always|only|don'?t|do not|doesn'?t|does not|avoid|prefer|make sure|ensure|"
    r"please|need to|needs to|required?|forbidden|allowed|instead|rather than|keep|use|run|remember|"
    r"matters?|important|no|not)\b",
    re.IGNORECASE,
)


# What makes "A is a B" say what something is, rather than state a value ("Tests are the source of
# truth"): a purpose or relative clause, or a subject that is the project itself or a code name.
_WHAT_IT_IS = re.compile(
    r"\b(?:to|for|that|which|written in|built (?:with|on)|based on|used (?:to|for|by))\b|"
    r"^\s*(?:the |this |our )(?:[`*\w.@/-]+ )?(?:repo|repository|project|codebase|package|library|service|app|"
    r"application|tool|module|crate|monorepo|workspace|site|plugin|extension)\b|^\s*[`*_]*`",
    re.IGNORECASE,
)


def not_a_rule(chunk: str) -> str | None:
    """Why a chunk of an instruction file is not a rule ("heading_like", "status_line",
    "description"), or None when it is one."""
    text = chunk.strip()
    if "\n" not in text:
        if _BOLD_ONLY.match(text):
            return "heading_like"
        m = _FIELD.match(text)
        if m and _METADATA_LABELS.match(m["label"].strip()) and not _PRESCRIPTIVE.search(m["value"]):
            return "status_line"
    if _DESCRIPTION.match(text) and _WHAT_IT_IS.search(text) and not _PRESCRIPTIVE.search(text):
        return "description"
    return None


def _tracked(repo: Path, path: Path) -> bool | None:
    """Whether git tracks the file; None when git cannot tell (no git, not a repository, or a
    repository with nothing added yet)."""
    try:
        import git

        with git.Repo(repo) as r:
            rel = path.absolute().relative_to(repo).as_posix()
            if r.git.ls_files("--", rel):
                return True
            return False if r.git.ls_files() else None
    except Exception:  # GitPython / git failures: fall back to the path rules
        return None


@lru_cache(maxsize=256)
def _authored_by(repo: Path, emails: tuple[str, ...]) -> bool | None:
    """Whether any commit of the repository is by one of `emails`; None when git cannot tell
    (no commits yet, no git). Cached per process: one `git log` per repository."""
    try:
        import git

        with git.Repo(repo) as r:
            wanted = {e.strip().lower() for e in emails}
            out = r.git.log("--all", "--format=%ae%n%ce")
            if not out.strip():
                return None
            return any(line.strip().lower() in wanted for line in out.splitlines())
    except Exception:  # GitPython / git failures: fall back to the path rules
        return None


# --- reader ---------------------------------------------------------------------------------
def _load(path: Path, stats: ReadStats) -> tuple[bytes, int] | str:
    """(bytes, mtime_ns), or the reason the whole file is skipped."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)  # a FIFO never blocks
    try:
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode):
                return "unreadable"
            stats.raw_bytes = st.st_size
            if st.st_size > MAX_FILE_BYTES:
                return "too_large"
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError:
        return "unreadable"
    if len(raw) > MAX_FILE_BYTES:
        return "too_large"  # grew since the stat
    if b"\x00" in raw:
        return "binary"
    return raw, st.st_mtime_ns


def _iso(mtime_ns: int, ordinal: int = 0) -> str:
    """The file's mtime; the rule's ordinal in the file as microseconds, so that sorting a scope's
    directives by time keeps each file's order."""
    base = datetime.fromtimestamp(mtime_ns // 1_000_000_000, UTC).strftime("%Y-%m-%dT%H:%M:%S")
    return f"{base}.{min(ordinal, 999_999):06d}Z" if ordinal else f"{base}Z"


_SCOPED_SUFFIXES = (".instructions.md", ".mdc")  # the formats whose front matter scopes their rules
_SCOPE_KEY = re.compile(r"^(?:applyTo|globs)[ \t]*:[ \t]*(.*?)[ \t]*$")


def front_matter_scope(lines: list[str]) -> str | None:
    """The paths a file's rules apply to, from its front matter (`applyTo: "**/*.ts"`, `globs:`);
    None without one (`**` alone scopes nothing)."""
    if not lines or lines[0].rstrip() != "---":
        return None
    for line in lines[1:50]:
        if line.rstrip() == "---":
            return None
        m = _SCOPE_KEY.match(line)
        if m:
            value = m.group(1).strip().strip("'\"").strip()
            return value[:200] if value and value not in ("**", "**/*", "*") else None
    return None


def read_instructions(unit: SourceUnit, explicit: bool = False, author_emails: Sequence[str] = ()) -> ReadResult:
    """One T0 DIRECTIVE turn per rule of the file. `explicit` marks a unit from the explicit
    (global) files; a key under `instructions/global/` implies it. With `author_emails`, a file in a
    repository none of whose commits is the person's (a third-party checkout) gives no rules."""
    explicit = explicit or unit.key.startswith(f"{_KEY_PREFIX}{GLOBAL_SCOPE}/")
    _, repo = scope_of(unit.path, explicit)
    cwd = str(repo) if repo is not None else None
    stats = ReadStats(session_id=unit.key, cwd=cwd)
    loaded = _load(unit.path, stats)
    if isinstance(loaded, str):
        return ReadResult.finish([], stats, file_error=loaded)
    raw, mtime_ns = loaded
    if repo is not None and _tracked(repo, unit.path) is False:
        stats.skip("untracked_file")  # ignored, vendored or not yet added: not the repository's rules
        return ReadResult.finish([], stats)
    if repo is not None and author_emails and _authored_by(repo, tuple(author_emails)) is False:
        stats.skip("not_your_repository")  # someone else's rules for their project
        return ReadResult.finish([], stats)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return ReadResult.finish([], stats, file_error="not_utf8")
    bom = len(codecs.BOM_UTF8) if text.startswith("\ufeff") else 0
    lines = _text_lines(text[1:] if bom else text)
    stats.lines_total = len(lines)
    offsets: list[int] = []
    pos = bom
    for line in lines:
        offsets.append(pos)
        pos += len(line.encode("utf-8")) + 1
    chunks, drops = _Splitter(lines).run()
    scope = front_matter_scope(lines) if unit.path.name.endswith(_SCOPED_SUFFIXES) else None
    for reason, n in sorted(drops.items()):
        stats.skip(reason, n)
    turns: list[Turn] = []
    for line_no, chunk in chunks:
        why = not_a_rule(chunk)
        if why:
            stats.skip(why)
            continue
        stats.saw("directive")
        turns.append(
            Turn(
                line_no=line_no,
                byte_offset=offsets[line_no - 1],
                session_id=unit.key,
                timestamp=_iso(mtime_ns, len(turns) + 1),
                cwd=cwd,
                tier=Tier.T0,
                kind=TurnKind.DIRECTIVE,
                text=cut_head(chunk, MAX_CHUNK_CHARS),  # before redaction: never half a token
                context=f"applies to: {scope}" if scope else "",
                truncated=len(chunk) > MAX_CHUNK_CHARS,
            )
        )
    return ReadResult.finish(turns, stats)
