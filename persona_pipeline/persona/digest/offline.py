"""The offline digester: deterministic, no network. The person's own words are the rule.

Per evidence turn: split into sentences and read each (`reading.read`: directive force,
one-off markers, questions, descriptions of behaviour). A sentence read as a rule becomes an
observation whose statement is that sentence, trimmed of filler at its ends ("no,", "please",
"honestly") and capitalised — never reworded — and whose quote is the same words as typed.
A bare fragment ("pathlib.") is joined to the rule sentence that follows it. Anything the
reader is unsure about is not a rule. Whether a rule is durable is left to recurrence: the
fold groups wordings across sessions and the pack keeps rules said in two or more.
"""

from __future__ import annotations

import re

from persona_pipeline.core.models import Tier, TurnKind
from persona_pipeline.persona.digest.at_hand import standing, task_in_own_project
from persona_pipeline.persona.digest.commit_style import commit_style_drafts, diff_drafts
from persona_pipeline.persona.digest.models import DigestInput, DigestResult, DraftObservation, Facet
from persona_pipeline.persona.digest.pasted import own_words
from persona_pipeline.persona.digest.reading import NEGATOR, Reading, read, sentences, words
from persona_pipeline.persona.digest.requests import opens_request
from persona_pipeline.persona.digest.similarity import tokens
from persona_pipeline.persona.digest.tongues import negated
from persona_pipeline.persona.digest.validate import ground

# v5: sentence reader (force, polarity, one-off markers), statements are the person's trimmed words
# v6: universal quantifiers anywhere, "keep …" states, judgements by valence, "that" clauses,
# corroborating readings (definite objects) kept for the fold
# v7: answers to the agent's numbered questions kept only when standing; items of a list under a
# negated lead-in never read alone; the length bound measured on the statement
PROMPT_VERSION = "offline-v7"
MAX_STATEMENT = 300

# What a rule is about, by the general vocabulary of each area (not any corpus's wording):
# how the agent talks, how code is written, which tools and libraries, how work is done, the
# person's machine. A rule matching none that names a rare word (a tool) is `stack`.
FACET_WORDS: dict[Facet, frozenset[str]] = {
    Facet.COMMUNICATION: frozenset(
        [
            "answer",
            "answers",
            "reply",
            "replies",
            "respond",
            "response",
            "responses",
            "explain",
            "explanation",
            "explanations",
            "summary",
            "summaries",
            "summarise",
            "summarize",
            "tell",
            "say",
            "talk",
            "ask",
            "question",
            "questions",
            "message",
            "messages",
            "tone",
            "wording",
            "words",
            "word",
            "prose",
            "paragraph",
            "paragraphs",
            "bullet",
            "bullets",
            "list",
            "lists",
            "verbose",
            "concise",
            "brief",
            "short",
            "shorter",
            "long",
            "terse",
            "detail",
            "details",
            "language",
            "english",
            "spelling",
            "grammar",
            "emoji",
            "emojis",
            "recap",
            "preamble",
            "jargon",
            "options",
            "option",
            "recommendation",
            "apologise",
            "apologize",
            "apology",
            "apologies",
            "table",
            "tables",
            "chat",
        ]
    ),
    Facet.CODING_STYLE: frozenset(
        [
            "code",
            "function",
            "functions",
            "method",
            "methods",
            "class",
            "classes",
            "variable",
            "variables",
            "name",
            "names",
            "naming",
            "identifier",
            "identifiers",
            "comment",
            "comments",
            "docstring",
            "docstrings",
            "type",
            "types",
            "annotation",
            "annotations",
            "hint",
            "hints",
            "import",
            "imports",
            "module",
            "modules",
            "exception",
            "exceptions",
            "except",
            "return",
            "returns",
            "loop",
            "loops",
            "nesting",
            "nested",
            "indent",
            "indentation",
            "tabs",
            "spaces",
            "line",
            "lines",
            "style",
            "readable",
            "readability",
            "constant",
            "constants",
            "global",
            "globals",
            "string",
            "strings",
            "dict",
            "dicts",
            "helper",
            "helpers",
            "parameter",
            "parameters",
            "argument",
            "arguments",
            "signature",
            "signatures",
            "lambda",
            "enum",
            "enums",
            "struct",
            "structs",
            "interface",
            "interfaces",
            "abbreviation",
            "abbreviations",
            "ternary",
            "ternaries",
            "formatting",
            "magic",
            "number",
            "numbers",
            "mutable",
            "immutable",
            "default",
            "defaults",
            "record",
            "records",
            "boilerplate",
        ]
    ),
    Facet.STACK: frozenset(
        [
            "library",
            "libraries",
            "framework",
            "frameworks",
            "database",
            "databases",
            "runtime",
            "orm",
            "sdk",
            "api",
            "apis",
            "package",
            "packages",
            "dependency",
            "dependencies",
            "stack",
            "frontend",
            "backend",
            "server",
            "client",
            "http",
            "sql",
            "queue",
            "cache",
            "dataframe",
            "dataframes",
            "validation",
            "logging",
            "logger",
            "logs",
            "migrations",
            "css",
            "styling",
            "ui",
        ]
    ),
    Facet.WORKFLOW: frozenset(
        [
            "commit",
            "commits",
            "branch",
            "branches",
            "merge",
            "merges",
            "rebase",
            "push",
            "pull",
            "pr",
            "prs",
            "review",
            "reviews",
            "reviewer",
            "test",
            "tests",
            "testing",
            "ci",
            "pipeline",
            "deploy",
            "deploys",
            "deployment",
            "release",
            "releases",
            "changelog",
            "plan",
            "plans",
            "issue",
            "issues",
            "ticket",
            "tickets",
            "hook",
            "hooks",
            "lint",
            "linter",
            "linting",
            "format",
            "formatter",
            "build",
            "builds",
            "benchmark",
            "benchmarks",
            "fix",
            "fixes",
            "bug",
            "bugs",
            "reproduce",
            "reproduction",
            "lockfile",
            "version",
            "control",
            "git",
            "workflow",
            "done",
            "finished",
            "task",
            "tasks",
            "diff",
            "diffs",
            "refactor",
            "refactors",
            "ship",
        ]
    ),
    Facet.ENVIRONMENT: frozenset(
        [
            "shell",
            "terminal",
            "editor",
            "ide",
            "machine",
            "laptop",
            "desktop",
            "os",
            "linux",
            "macos",
            "mac",
            "windows",
            "wsl",
            "container",
            "containers",
            "vm",
            "dotfiles",
            "keyboard",
            "keybindings",
            "keybinding",
            "install",
            "installs",
            "installed",
            "brew",
            "apt",
            "path",
            "paths",
            "env",
            "environment",
            "environments",
            "tmux",
            "pane",
            "panes",
            "window",
            "split",
            "home",
            "setup",
        ]
    ),
}
_FACET_ORDER = (Facet.WORKFLOW, Facet.COMMUNICATION, Facet.STACK, Facet.CODING_STYLE, Facet.ENVIRONMENT)
_NEGATIVE_ONLY = re.compile(r"^(?:never|don'?t|do not|no|avoid|stop|quit)\b", re.IGNORECASE)
_CONTRAST = re.compile(r"\b(?:instead|rather|than|but|over|use|prefer)\b|,", re.IGNORECASE)


def classify(statement: str) -> Facet:
    """The facet of a rule: the area whose vocabulary it uses most; a rule that only forbids is an
    anti-preference; a rule that names an unknown tool and nothing else is `stack`."""
    ws = set(words(statement))
    scores = {f: len(ws & vocab) for f, vocab in FACET_WORDS.items()}
    best = max(scores.values())
    if _NEGATIVE_ONLY.match(statement.strip()) and not _CONTRAST.search(statement):
        return Facet.ANTI_PREFERENCES
    if best == 0:
        from persona_pipeline.persona.digest.similarity import rare

        return Facet.STACK if rare(tokens(statement)) else Facet.WORKFLOW
    return next(f for f in _FACET_ORDER if scores[f] == best)


def statement_of(reading: Reading) -> str:
    """The rule as the person said it: first letter up, a full stop if it has none."""
    t = reading.text.strip()
    t = t[:1].upper() + t[1:]
    return t if t.endswith((".", "!", "?", "`", ")")) else t + "."


def spans(text: str) -> list[str]:
    """Sentences; a bare fragment ("pathlib.", "no, polars.") is joined to the next sentence when
    that one is a rule ("no, pathlib. don't reach for os.path"), else read on its own."""
    out: list[str] = []
    pending = ""
    for s in sentences(text):
        if pending:
            start = text.find(pending)
            if read(s).rule and (end := text.find(s, start)) >= 0:
                out.append(text[start : end + len(s)])
                pending = ""
                continue
            out.append(pending)
            pending = ""
        # (a short sentence that opens with a verb is whole: "go ahead.", "commit it.")
        if len(words(s)) <= 2 and not s.rstrip().endswith("?") and not opens_request(s):
            pending = s
            continue
        out.append(s)
    if pending:
        out.append(pending)
    return out


# a Markdown list item (CommonMark 0.31 §5.2 and §5.3: a bullet or an ordered marker, then a blank)
_LIST_ITEM = re.compile(r"[ \t]{0,3}(?:[-*+\u2022]|\d{1,2}[.)])[ \t]+(\S.*)")


def _item_text(sentence: str) -> str:
    """A sentence as its list item's text: the marker, the ends' blanks and a final stop dropped."""
    m = _LIST_ITEM.fullmatch(sentence.strip())
    return (m[1] if m else sentence).strip().rstrip(".").strip()


def denied_items(text: str) -> frozenset[str]:
    """The items of each list introduced by a negated lead-in line ("Do NOT:", "Never:", "Nie:"): the
    lead-in's negation is theirs, so an item read alone would state the reverse. (The first item
    joins a bare lead-in in `spans`, which keeps its negation: that sentence is left alone.)"""
    if ":" not in text:
        return frozenset()
    out: set[str] = set()
    denied = False
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue  # (a blank line between a lead-in and its list)
        m = _LIST_ITEM.fullmatch(line)
        if m is not None:
            if denied:
                out.add(_item_text(line))
            continue
        lead = stripped.strip("*_#").strip()
        denied = lead.endswith(":") and len(lead) <= 60 and (NEGATOR.search(lead.lower()) is not None or negated(lead))
    return frozenset(out)


def drafts_for(inp: DigestInput) -> list[DraftObservation]:
    drafts: list[DraftObservation] = []
    for ev in inp.evidence:
        # Commit batches and diffs are read for conventions, not for preference sentences.
        if ev.kind == TurnKind.COMMIT_BATCH:
            drafts.extend(commit_style_drafts(ev))
            continue
        if ev.kind == TurnKind.DIFF:
            drafts.extend(diff_drafts(ev))
            continue
        # pasted output and quoted text are not the person's words (`pasted`); an instruction file
        # is the person's own text throughout (its reader already drops fenced code)
        text = ev.excerpt if ev.tier == Tier.T0 else own_words(ev.excerpt, ev.context)
        denied = denied_items(text)
        for sentence in spans(text):
            if denied and _item_text(sentence) in denied:
                continue  # (a list item whose lead-in denies it: read alone, it says the opposite)
            r = read(sentence)
            # a corroborating reading is kept too: the fold lets it add support to a rule stated
            # elsewhere, never establish or name one
            if not (r.rule or r.corroborates) or not tokens(r.text):
                continue
            # a sentence naming the repository at hand is a task there, not a habit, unless it says
            # it holds beyond one occasion (`at_hand`); an instruction file's own conventions stay
            if ev.tier != Tier.T0 and task_in_own_project(r, ev.project or inp.project):
                continue
            # an answer to the agent's numbered items settles this task's choices (`sources/answers.py`):
            # a rule only where it says it holds beyond the task ("3. always pin versions")
            if ev.kind == TurnKind.ANSWER and not standing(r):
                continue
            statement = statement_of(r)
            # measured after the full stop `statement_of` may add: a 300-character sentence without
            # one would otherwise fail the model's length bound and take the whole run down
            if len(statement) > MAX_STATEMENT:
                continue
            drafts.append(DraftObservation(facet=classify(statement), statement=statement, quote=r.text, tier=ev.tier))
    return drafts


class OfflineDigester:
    name = "offline"
    prompt_version = PROMPT_VERSION

    def digest_many(self, inputs: list[DigestInput]) -> list[DigestResult]:
        results = []
        for inp in inputs:
            try:
                observations, dropped = ground(inp, drafts_for(inp), self.name, self.prompt_version)
            except ValueError as e:  # pydantic's ValidationError is one; its text may quote the person
                # one unit the reader cannot digest is a recorded failure (retried next run), never
                # the end of every other unit's digest
                results.append(unit_failure(inp.unit_key, e))
                continue
            results.append(DigestResult(unit_key=inp.unit_key, observations=observations, dropped_quotes=dropped))
        return results


def unit_failure(unit_key: str, error: Exception) -> DigestResult:
    """A failed unit's result; the error is named by its type only, never by its message, which
    may hold the person's words."""
    return DigestResult(unit_key=unit_key, status="failed", error=f"offline digester: {type(error).__name__}")
