"""The offline lesson builder: deterministic episodes over a session's rows, no network.

The person's own words are the lesson wherever they said something: a statement is the clearest
of their sentences, trimmed of filler (`skills/quoting.py`, the digester's reading), never a
template around a tool call; a turn that does not read as a standing statement (a question, a
bug report, a request about one file) gives no lesson. Rows are read in file order and grouped
into episodes:
- a tool error and the call that recovered from it (`tool_recovered`, matched by `after_line:N`
  or by the failed call). When the person said how in between (a correction naming the command
  that then worked, not the reply to a rejected call), their words are the lesson; otherwise
  the agent's own correction is stated from what can recur — the program and the kind of error,
  never this session's files, paths or exit code: the same program succeeding after file edits
  means the code was the cause ("When `P` fails with E, the cause was in the code: fix the code
  and rerun"); a changed command with no edits in between: "Run `X` instead of `Y` when it fails
  with E". A confirmation ("perfect", "that fixed it") raises its signal;
- a tool error nothing recovered from: worth avoiding (tool_error), "fix what it reports" when
  edits followed it; the same failing call repeated unchanged adds an inferred lesson. These are
  the pipeline's words, not the person's: a skill takes them only when the same pattern recurs
  in two sessions (`evolve.recurring`);
- a rejected tool call and the person's reply (user_critique); a bare refusal is no lesson;
- any other correction that reads as a standing statement (user_critique).
Quotes are verbatim slices of the rows; `ground` checks them like any model's. Skills need
recurrence across sessions (`evolve.supported`): one episode is never a skill.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from persona_pipeline.core.models import TurnKind
from persona_pipeline.core.sessions import SessionEvidence, SessionRow
from persona_pipeline.skills.lessons.ground import ground
from persona_pipeline.skills.lessons.models import DraftLesson, LessonKind, LessonResult, Signal
from persona_pipeline.skills.quoting import quote_of

PROMPT_VERSION = "lessons-offline-v4"  # v4: tool lessons without this session's files or exit codes
MAX_LESSONS = 20
# A plain style correction ("don't mock the database") is a persona preference the persona pack
# already carries: below the skills' strong-importance bar (0.5), so one correction alone is no
# skill, two from two sessions are. Tool errors, their fixes and refused commands are procedural.
STYLE_IMPORTANCE = 0.45
_PERSON = {TurnKind.PROMPT.value, TurnKind.CORRECTION.value, TurnKind.SLASH_COMMAND.value, TurnKind.ANSWER.value}
_TOOL_CALLS = {TurnKind.TOOL_ERROR.value, TurnKind.TOOL_RECOVERED.value, TurnKind.TOOL_REJECTED.value}

# Python's exceptions whose names end in neither (a test calling sys.exit fails with SystemExit)
_BARE_EXCEPTIONS = r"SystemExit|KeyboardInterrupt|StopIteration|StopAsyncIteration|GeneratorExit"
_EXCEPTION = re.compile(rf"\b(?:[A-Z][A-Za-z0-9_]*(?:Error|Exception)|{_BARE_EXCEPTIONS})\b")
_ERROR_WORDS = re.compile(
    r"\b(?:errors?|fatal|failed|failure|not found|no such file|permission denied|denied|cannot|can't|"
    r"could not|couldn't|unable to|traceback|invalid|unknown|refused|timed out|conflict)\b",
    re.IGNORECASE,
)
_BANNER = re.compile(r"={3,}")
_AFTER_LINE = re.compile(r"^after_line:(\d+)$")
# "perfect", "great, that works", "yes exactly", "that fixed it": the person saying it worked
CONFIRMATION = re.compile(
    r"^\W*(?:perfect|great|excellent|awesome|amazing|nice|brilliant|lovely|exactly|yes|yep|yeah|yup|"
    r"lgtm|looks good|that works|that worked|it works|works now|that fixed it|that did it|that's it|"
    r"that'?s (?:right|correct|better)|thanks?(?: you)?,? that)\b(?!\s*(?:but|except|however)\b)",
    re.IGNORECASE,
)
# a sentence ends at . ! ? followed by whitespace (or the end): "os.path", "v1.2" stay whole
_SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?]+(?=[^\s.!?]))+[.!?]*")
_PAYLOAD = re.compile(r"[{}\[\]\"<>]")
# tools whose call is a command line: shown as the command alone ("`pytest -q`")
_SHELLS = frozenset(
    {"bash", "shell", "exec_command", "local_shell", "container.exec", "run_shell_command", "powershell"}
)


@dataclass
class _Call:
    tool: str
    call: str

    @property
    def generic(self) -> str:
        """The call without what only this session ran it on: a command's program (`program_key`)
        and its flags, without their values or any positional argument — a file, a path, a
        package, a test id (`uv run pytest tests/test_x.py -q` → `uv run pytest -q`, `mypy
        --strict pkg` → `mypy --strict`); any other tool by its name."""
        if self.tool and self.tool.casefold() not in _SHELLS:
            return self.tool
        key = program_key(self.call)
        first = re.split(r"&&|\|\||;|\|", self.call.strip().splitlines()[0] if self.call.strip() else "")[0]
        flags: list[str] = []
        for w in first.split():
            flag = w.split("=", 1)[0]
            if flag.startswith("-") and flag not in key.split() and flag not in flags:
                flags.append(flag)
        shown = " ".join([key, *flags]).strip().replace("`", "'") or self.tool
        return shown if len(shown) <= 80 else shown[:77].rstrip() + "…"

    @property
    def same_as_key(self) -> tuple[str, str]:
        return self.tool.casefold(), " ".join(self.call.split()).casefold()


def parse_call(text: str) -> _Call:
    """`<Tool>: <call>` as the readers write activity rows; a bare text is all call."""
    tool, sep, call = text.partition(": ")
    if sep and tool.strip() and len(tool) <= 40 and " " not in tool.strip():
        return _Call(tool.strip(), call.strip())
    return _Call("", text.strip())


def error_line(result: str) -> str | None:
    """The line of a tool result that says what went wrong, verbatim (≤ 160 chars): a named
    exception first, else a line with an error word."""
    # pytest's "===== … =====" banners join a summary into one long line: its parts count as lines
    lines = [seg.strip() for ln in result.splitlines() for seg in _BANNER.split(ln) if seg.strip()]
    for pattern in (_EXCEPTION, _ERROR_WORDS):
        for ln in reversed(lines) if pattern is _EXCEPTION else lines:  # a traceback ends in its exception
            if pattern.search(ln):
                return ln[:160].strip()
    return None


def error_name(row: SessionRow) -> str:
    """How a statement names an error: its exception (a kind of failure that can recur), or 'an
    error'. An exit code or the error's own line is this run's detail, not a lesson's."""
    found = _EXCEPTION.search(row.context or "")
    return f"`{found.group(0)}`" if found else "an error"


def _clamp(x: float) -> float:
    return round(min(1.0, max(0.0, x)), 3)


@dataclass
class _Drafts:
    items: list[tuple[DraftLesson, list[str]]] = field(default_factory=list)
    used: set[str] = field(default_factory=set)  # evidence ids already explained by an episode

    def add(
        self,
        kind: LessonKind,
        statement: str,
        signal: Signal,
        quote: str,
        ids: Sequence[str],
        importance: float,
        credibility: float,
    ) -> None:
        self.items.append(
            (
                DraftLesson(
                    kind=kind,
                    statement=statement[:300],
                    importance=_clamp(importance),
                    credibility=_clamp(credibility),
                    signal=signal,
                    quote=quote[:400],
                ),
                list(ids),
            )
        )
        self.used.update(ids)


def _first_person_after(rows: Sequence[SessionRow], line: int) -> SessionRow | None:
    """The person's next words from `line` on: a person row on the same line as an activity row
    is the feedback attached to it (Claude appends it to the rejected tool result)."""
    return next((r for r in rows if r.kind in _PERSON and r.line_no >= line), None)


def _confirmation(rows: Sequence[SessionRow], line: int) -> tuple[SessionRow, str] | None:
    """The person's next words after `line`, when they open with a confirmation."""
    nxt = _first_person_after(rows, line)
    if nxt is None:
        return None
    m = CONFIRMATION.match(nxt.excerpt)
    if not m:
        return None
    first = _SENTENCE.match(nxt.excerpt)
    quote = (first.group(0) if first else nxt.excerpt).strip()[:200]
    return (nxt, quote) if len(quote) >= 3 else None


def _recoveries(rows: Sequence[SessionRow]) -> dict[str, SessionRow]:
    """Error evidence id -> the row that recovered from it."""
    errors = [r for r in rows if r.kind == TurnKind.TOOL_ERROR.value]
    out: dict[str, SessionRow] = {}
    for rec in (r for r in rows if r.kind == TurnKind.TOOL_RECOVERED.value):
        m = _AFTER_LINE.match(rec.correction_signal or "")
        cands = [e for e in errors if e.line_no < rec.line_no and e.evidence_id not in out]
        match = None
        if m:
            match = next((e for e in cands if e.line_no == int(m.group(1))), None)
        if match is None and rec.context:
            failed = parse_call(rec.context).same_as_key
            match = next((e for e in reversed(cands) if parse_call(e.excerpt).same_as_key == failed), None)
        if match is None:
            tool = parse_call(rec.excerpt).tool.casefold()
            match = next((e for e in reversed(cands) if parse_call(e.excerpt).tool.casefold() == tool), None)
        if match is not None:
            out[match.evidence_id] = rec
    return out


def _edits_after(rows: Sequence[SessionRow], err: SessionRow) -> list[SessionRow]:
    """The file edits right after an error, up to the person's next words or the next tool call."""
    out: list[SessionRow] = []
    for r in rows:
        if r.line_no <= err.line_no:
            continue
        if r.kind == TurnKind.FILE_EDIT.value:
            out.append(r)
        elif r.kind in _PERSON or r.kind in _TOOL_CALLS:
            break
    return out


def _error_episodes(rows: Sequence[SessionRow], d: _Drafts) -> None:
    recovered = _recoveries(rows)
    claimed = _rejection_replies(rows)
    errors = [r for r in rows if r.kind == TurnKind.TOOL_ERROR.value]
    repeats: dict[tuple[str, str], int] = {}
    for e in errors:
        key = parse_call(e.excerpt).same_as_key
        repeats[key] = repeats.get(key, 0) + 1
    done_unrecovered: set[tuple[str, str]] = set()
    for err in errors:
        failed = parse_call(err.excerpt)
        n = repeats[failed.same_as_key]
        sig = error_name(err)
        line = error_line(err.context or "")
        rec = recovered.get(err.evidence_id)
        if rec is not None:
            _recovery_lesson(rows, d, err, rec, failed, sig, n, claimed)
            continue
        if failed.same_as_key in done_unrecovered:
            continue
        done_unrecovered.add(failed.same_as_key)
        same = [e.evidence_id for e in errors if parse_call(e.excerpt).same_as_key == failed.same_as_key]
        quote = line or err.excerpt
        failing = "fails" if sig == "an error" else f"fails with {sig}"
        fixes = _edits_after(rows, err)
        if fixes:  # the agent went on to fix what the tool reported: that is the lesson
            prog = _program(failed) or failed.generic
            d.add(
                LessonKind.AVOID,
                f"When `{prog}` {failing}, fix what it reports before re-running it.",
                Signal.TOOL_ERROR,
                quote,
                [*same, *(r.evidence_id for r in fixes)],
                0.6 + 0.1 * min(n - 1, 2),
                0.8 + 0.05 * min(n - 1, 4),
            )
        else:
            d.add(
                LessonKind.AVOID,
                f"Don't re-run `{failed.generic}` blindly after it {failing}; fix the cause first.",
                Signal.TOOL_ERROR,
                quote,
                same,
                0.4 + 0.15 * min(n - 1, 2),
                0.8 + 0.05 * min(n - 1, 4),
            )
        if n >= 2:
            d.add(
                LessonKind.AVOID,
                f"Don't retry `{failed.generic}` unchanged after it {failing}; change the approach first.",
                Signal.INFERRED,
                err.excerpt,
                same,
                0.5,
                0.1 + 0.05 * min(n - 1, 4),
            )


# wrappers whose next word is the program that actually ran ("uv run pytest", "python -m pytest")
_WRAPPERS = {("uv", "run"), ("poetry", "run"), ("pipenv", "run"), ("pnpm", "exec"), ("python", "-m"), ("python3", "-m")}
_WRAPPER_1 = frozenset({"npx", "uvx", "bunx", "sudo", "time", "env"})
# programs whose first argument is a subcommand ("git push", "npm test", "cargo test")
_SUBCOMMANDS = frozenset(
    {
        "git",
        "npm",
        "pnpm",
        "yarn",
        "bun",
        "cargo",
        "go",
        "docker",
        "kubectl",
        "uv",
        "poetry",
        "pip",
        "pip3",
        "gh",
        "dotnet",
        "mix",
        "bundle",
        "rails",
        "terraform",
        "helm",
        "make",
        "just",
        "deno",
        "brew",
        "apt",
        "apt-get",
        "ruff",
        "pre-commit",
        "alembic",
        "dbt",
        "dagster",
        "prisma",
    }
)
_PLAIN_WORD = re.compile(r"^[a-z][a-z0-9_:-]*$")
_ENV_ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


def program_key(call: str) -> str:
    """The program (and subcommand) a command line runs, without its arguments: `uv run pytest
    tests/x.py -v` → "uv run pytest", `npm test` → "npm test", `git push origin main` → "git push".
    Only the first command of a `&&`/`;`/`|` chain counts."""
    first = re.split(r"&&|\|\||;|\|", call.strip().splitlines()[0] if call.strip() else "", maxsplit=1)[0]
    words = [w for w in first.split()]
    while words and (_ENV_ASSIGN.match(words[0]) or words[0] in _WRAPPER_1):
        words = words[1:]
    if not words:
        return ""
    out = [words[0].rsplit("/", 1)[-1]]
    rest = words[1:]
    if rest and (out[0], rest[0]) in _WRAPPERS:
        out.append(rest[0])
        rest = rest[1:]
        if rest:
            out.append(rest[0].rsplit("/", 1)[-1])
            rest = rest[1:]
    if out[-1] in _SUBCOMMANDS and rest and _PLAIN_WORD.match(rest[0]):
        out.append(rest[0])
    return " ".join(out)


def _program(c: _Call) -> str:
    """What a call runs: a command's program key; any other tool is its name."""
    return program_key(c.call) if not c.tool or c.tool.casefold() in _SHELLS else c.tool


def _mentions(text: str, c: _Call) -> bool:
    """Whether the person's words name the call's program ("use `uv run pytest`" for `uv run pytest -q`)."""
    words = {w for w in _program(c).casefold().split() if len(w) > 1 and w not in {"run", "exec", "-m"}}
    said = set(re.findall(r"[a-z0-9][a-z0-9_.+-]*", text.casefold()))
    return bool(words & said)


def _recovery_lesson(
    rows: Sequence[SessionRow],
    d: _Drafts,
    err: SessionRow,
    rec: SessionRow,
    failed: _Call,
    sig: str,
    n: int,
    claimed: set[str],
) -> None:
    """The lesson of an error and the call that recovered from it. The command is only the lesson
    when it changed and nothing was edited in between ("run Y instead of X"); the same program
    succeeding after edits means the code was the cause, not the command."""
    worked = parse_call(rec.excerpt)
    between = [r for r in rows if err.line_no < r.line_no < rec.line_no]
    edits = [r for r in between if r.kind == TurnKind.FILE_EDIT.value]
    when = f" when it fails with {sig}" if sig != "an error" else ""
    failing = f"fails with {sig}" if sig != "an error" else "fails"
    same_program = _program(worked).casefold() == _program(failed).casefold() and bool(_program(failed))
    # stated from what can recur (the program, the kind of error), never this session's files:
    # the same pattern from another session then reads the same (`evolve.recurring`)
    if edits:
        if same_program:
            statement = (
                f"When `{_program(failed)}` {failing}, the cause was in the code: "
                "fix the code and rerun; don't change the command."
            )
        else:
            statement = f"When `{failed.generic}` {failing}, fix the cause and run `{worked.generic}`."
    elif worked.generic != failed.generic:
        statement = f"Run `{worked.generic}` instead of `{failed.generic}`{when}."
    else:
        statement = f"When `{failed.generic}` {failing}, find and fix the cause before re-running it."
    ids = [err.evidence_id, *(r.evidence_id for r in edits), rec.evidence_id]
    importance = 0.7 + 0.1 * min(n - 1, 2)  # a tool error and its fix: the most procedural lesson there is
    confirmed = _confirmation(rows, rec.line_no)
    # the person's critique in between is this episode's only when it is not the reply to a
    # rejected call (that is the rejection's episode) and it names the command that then worked
    critique = next(
        (
            r
            for r in between
            if r.kind == TurnKind.CORRECTION.value and r.evidence_id not in claimed and _mentions(r.excerpt, worked)
        ),
        None,
    )
    if confirmed is not None:
        row, quote = confirmed
        d.add(
            LessonKind.LEARN,
            statement,
            Signal.USER_CONFIRMATION,
            quote,
            [*ids, row.evidence_id],
            importance + 0.1,
            0.95,
        )
    elif critique is not None and (q := quote_of(critique.excerpt)) is not None:
        # the person said how: their words are the lesson, not a "run Y instead of X" of ours
        d.add(
            LessonKind.LEARN,
            q.statement,
            Signal.USER_CRITIQUE,
            q.text,
            [*ids, critique.evidence_id],
            importance + 0.1,
            0.9,
        )
    else:
        # the error line is what the agent saw and fixed: a better example than the command
        quote = error_line(err.context or "") or rec.excerpt
        d.add(LessonKind.LEARN, statement, Signal.SELF_CORRECTION, quote, ids, importance, 0.55 + 0.05 * bool(edits))


def _rejection_replies(rows: Sequence[SessionRow]) -> set[str]:
    """Corrections that are the person's reply to a rejected call: the rejection's episode."""
    out: set[str] = set()
    for rej in (r for r in rows if r.kind == TurnKind.TOOL_REJECTED.value):
        nxt = _first_person_after(rows, rej.line_no)
        if nxt is not None and nxt.kind == TurnKind.CORRECTION.value:
            out.add(nxt.evidence_id)
    return out


def _rejections(rows: Sequence[SessionRow], d: _Drafts) -> None:
    """A refused call and the person's reply: the reply is the lesson, in their words. A refusal
    with no reply that reads as a statement teaches nothing certain (why was it refused?): no
    lesson, rather than one built from the call ("ask before running <payload>")."""
    for rej in (r for r in rows if r.kind == TurnKind.TOOL_REJECTED.value):
        call = parse_call(rej.excerpt)
        nxt = _first_person_after(rows, rej.line_no)
        said = nxt if nxt is not None and nxt.kind == TurnKind.CORRECTION.value else None
        q = quote_of(said.excerpt) if said is not None else None
        if said is None or q is None:
            continue
        # a reply naming the refused command says how to work with a tool (procedural); any other
        # ("use polars, not pandas" on a refused edit) is a preference, which the persona carries
        about_command = (not call.tool or call.tool.casefold() in _SHELLS) and _mentions(q.text, call)
        d.add(
            LessonKind.AVOID,
            q.statement,
            Signal.USER_CRITIQUE,
            q.text,
            [rej.evidence_id, said.evidence_id],
            0.7 if about_command else STYLE_IMPORTANCE,
            0.95 if q.strength >= 1.0 else 0.85,
        )


def _corrections(rows: Sequence[SessionRow], d: _Drafts) -> None:
    for r in rows:
        if r.kind != TurnKind.CORRECTION.value or r.evidence_id in d.used:
            continue
        q = quote_of(r.excerpt)
        if q is None:  # a correction about one file, one moment, a question: not a lesson
            continue
        strong = r.correction_signal in ("interrupt", "rejected_tool_use", "turn_aborted")
        d.add(
            LessonKind.AVOID,
            q.statement,
            Signal.USER_CRITIQUE,
            q.text,
            [r.evidence_id],
            0.6 if "`" in q.text else STYLE_IMPORTANCE,  # naming a command: how to work with a tool
            (0.9 if strong else 0.85) - (0.05 if q.strength < 1.0 else 0.0),
        )


def draft_lessons(session: SessionEvidence) -> list[tuple[DraftLesson, list[str]]]:
    rows = session.rows
    d = _Drafts()
    _error_episodes(rows, d)
    _rejections(rows, d)
    _corrections(rows, d)
    # the most useful first, deterministically; a session yields at most MAX_LESSONS
    ranked = sorted(d.items, key=lambda x: (-round(x[0].importance * x[0].credibility, 6), x[0].statement, x[0].quote))
    return ranked[:MAX_LESSONS]


class OfflineLessonBuilder:
    name = "offline"
    prompt_version = PROMPT_VERSION

    def build_many(self, sessions: list[SessionEvidence]) -> list[LessonResult]:
        out: list[LessonResult] = []
        for s in sessions:
            lessons, dropped = ground(s, draft_lessons(s), self.name, self.prompt_version)
            out.append(LessonResult(unit_key=s.unit_key, lessons=lessons, dropped_quotes=dropped))
        return out
