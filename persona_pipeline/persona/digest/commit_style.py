"""Deterministic signals from git evidence, for the offline digester (no network).

`commit_style_drafts` reads one commit-message batch (the reader's `COMMIT_BATCH` text: each
commit is subject, body, then a `(N files, +A −D)` stats line, separated by `---`) and states a
commit convention only when a clear majority of enough commits follows it. `diff_drafts` reads
one small diff (T3, corroborates only) for a few high-precision signals. Every quote is a
verbatim line of the excerpt, so `ground` keeps it.

Facets: commit conventions are `workflow` (how the person works with git, where the lexicon
puts "commit" too); libraries are `stack`; annotated signatures are `coding_style`.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable
from dataclasses import dataclass

from persona_pipeline.persona.digest.models import DraftObservation, EvidenceView, Facet

MIN_COMMITS = 5  # fewer commits than this say nothing about a habit
MAJORITY = 0.6  # share of commits that must follow a convention
SHORT_SUBJECT_LIMITS = (50, 72)
SMALL_COMMIT_LINES = 50  # changed lines (added + deleted)
BODY_MIN_WORDS = 4  # a body line with fewer words explains nothing
MIN_TYPED_DEFS = 2
_QUOTE_MAX = 400

CONVENTIONAL = "Write commit messages in Conventional Commits style (feat:, fix:, …)."
IMPERATIVE = "Write commit subjects in the imperative mood."
BODY_WHY = "Explain the why in the commit body."
SMALL = "Keep commits small and focused."
LOWERCASE = "Start commit subjects with a lowercase letter."
TICKET = "Reference the ticket in the commit message."
TYPE_HINTS = "Use type hints on function signatures."

_STATS = re.compile(r"^\((?P<files>\d+) files?, \+(?P<added>\d+) [−-](?P<deleted>\d+)\)$")
_CONV_PREFIX = re.compile(
    r"^(?:feat|fix|docs|style|refactor|perf|test|tests|build|ci|chore|revert|deps|release)"
    r"(?:\([^()\s][^()]*\))?!?:\s+(?=\S)",
    re.IGNORECASE,
)
_TICKET_PREFIX = re.compile(r"^(?:\[[A-Z][A-Z0-9]+-\d+\]|[A-Z][A-Z0-9]+-\d+:?)\s+")
_TICKET = re.compile(r"\b(?P<key>[A-Z][A-Z0-9]{1,9})-\d+\b|(?<![\w&/])#\d+\b")
_NOT_TICKETS = {"UTF", "SHA", "ISO", "PEP", "RFC", "CVE", "AES", "HTTP", "TLS", "MD", "ES", "IPV", "UCS", "ECMA"}


def _words(text: str) -> list[str]:
    return text.split()


# Base-form verbs that open imperative subjects; "Added" / "Fixes" / "Adding" are not in it.
_IMPERATIVE_VERBS = frozenset(
    _words(
        """add allow avoid bump change check clean clarify convert create delete deprecate disable document drop
    enable ensure expose extract fix format guard handle hide ignore implement improve include inline introduce
    keep limit log make mark merge migrate move normalise normalize optimise optimize pass pin prefer prevent
    print reduce refactor reject remove rename reorder replace require reset restore restructure retry return
    revert rework rewrite run separate set show simplify skip sort speed split start stop store strip support
    switch test tidy tighten track trim tweak unify update upgrade use validate wire wrap write"""
    )
)


@dataclass(frozen=True, slots=True)
class _Msg:
    subject: str
    body: list[str]  # non-empty body lines, verbatim
    changed: int

    @property
    def description(self) -> str:
        """The subject without a Conventional Commits type or a leading ticket key."""
        return _TICKET_PREFIX.sub("", _CONV_PREFIX.sub("", self.subject, count=1), count=1)


def parse_batch(excerpt: str) -> list[_Msg]:
    """Commits of a batch excerpt; a commit cut off by truncation (no stats line) is left out."""
    msgs: list[_Msg] = []
    block: list[str] = []
    for raw in excerpt.splitlines():
        line = raw.strip()
        m = _STATS.match(line)
        if m:
            lines = [ln for ln in block if ln.strip()]
            if lines:
                changed = int(m.group("added")) + int(m.group("deleted"))
                msgs.append(_Msg(lines[0].strip(), [ln.strip() for ln in lines[1:]], changed))
            block = []
        elif block or (line and line != "---"):  # separators between commits are not content
            block.append(raw)
    return msgs


def _share(msgs: list[_Msg], test: Callable[[_Msg], bool]) -> tuple[float, list[_Msg]]:
    hits = [m for m in msgs if test(m)]
    return len(hits) / len(msgs), hits


def _first_quote(lines: list[str]) -> str | None:
    return next((ln[:_QUOTE_MAX] for ln in lines if len(ln) >= 3), None)


def _imperative(m: _Msg) -> bool:
    words = m.description.split(maxsplit=1)
    return bool(words) and words[0].strip(".,:;!").lower() in _IMPERATIVE_VERBS


def _ticket_lines(m: _Msg) -> list[str]:
    return [
        ln
        for ln in (m.subject, *m.body)
        if any(t.group("key") not in _NOT_TICKETS for t in _TICKET.finditer(ln))  # key is None for #123
    ]


def _body_line(m: _Msg) -> str | None:
    return next((ln for ln in m.body if len(ln.split()) >= BODY_MIN_WORDS), None)


def commit_style_drafts(ev: EvidenceView) -> list[DraftObservation]:
    """Commit-message conventions a clear majority of one batch follows (see module doc)."""
    msgs = parse_batch(ev.excerpt)
    if len(msgs) < MIN_COMMITS:
        return []
    found: list[tuple[str, str | None]] = []
    share, hits = _share(msgs, lambda m: bool(_CONV_PREFIX.match(m.subject)))
    if share >= MAJORITY:
        found.append((CONVENTIONAL, _first_quote([m.subject for m in hits])))
    share, hits = _share(msgs, _imperative)
    if share >= MAJORITY:
        found.append((IMPERATIVE, _first_quote([m.subject for m in hits])))
    for limit in SHORT_SUBJECT_LIMITS:
        share, hits = _share(msgs, lambda m, n=limit: len(m.subject) <= n)
        if share >= MAJORITY:
            found.append((f"Keep commit subjects under {limit} characters.", _first_quote([m.subject for m in hits])))
            break  # the tightest limit the person keeps
    share, hits = _share(msgs, lambda m: _body_line(m) is not None)
    if share >= MAJORITY:
        found.append((BODY_WHY, _first_quote([_body_line(m) or "" for m in hits])))
    share, hits = _share(msgs, lambda m: m.changed <= SMALL_COMMIT_LINES)
    if share >= MAJORITY and statistics.median(m.changed for m in msgs) <= SMALL_COMMIT_LINES:
        found.append((SMALL, _first_quote([m.subject for m in hits])))
    share, hits = _share(msgs, lambda m: m.description[:1].islower())
    if share >= MAJORITY:
        found.append((LOWERCASE, _first_quote([m.subject for m in hits])))
    share, hits = _share(msgs, lambda m: bool(_ticket_lines(m)))
    if share >= MAJORITY:
        found.append((TICKET, _first_quote([ln for m in hits for ln in _ticket_lines(m)])))
    return [
        DraftObservation(facet=Facet.WORKFLOW, statement=statement, quote=quote, tier=ev.tier)
        for statement, quote in found
        if quote
    ]


# --- diffs ----------------------------------------------------------------------------------
# Import name -> how a person names the library ("Use polars."): well-known libraries only, so
# a project's own package never becomes a stack preference.
_PY_LIBS = {
    name: name
    for name in _words(
        """polars pandas numpy scipy pydantic sqlalchemy sqlmodel alembic fastapi django flask httpx
    requests aiohttp duckdb dagster airflow prefect pytest hypothesis attrs typer click rich structlog loguru
    msgspec orjson boto3 pyarrow celery asyncpg psycopg psycopg2 tenacity anyio trio litellm langchain
    matplotlib seaborn plotly streamlit marimo jax tensorflow"""
    )
} | {"torch": "PyTorch", "sklearn": "scikit-learn", "yaml": "PyYAML", "bs4": "BeautifulSoup"}
_JS_LIBS = {
    name: name
    for name in _words(
        """react vue svelte next express fastify hono zod axios lodash dayjs date-fns redux zustand rxjs
    vitest jest drizzle-orm tailwindcss"""
    )
} | {"@prisma/client": "Prisma", "@playwright/test": "Playwright", "@tanstack/react-query": "TanStack Query"}
_PY_EXT = (".py", ".pyi")
_JS_EXT = (".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".vue", ".svelte")
_FILE = re.compile(r"^diff --git a/\S+ b/(?P<path>\S+)$|^\+\+\+ b/(?P<new>.+)$")
_PY_IMPORT = re.compile(r"^\s*(?:import\s+(?P<imp>[A-Za-z_]\w*)|from\s+(?P<frm>[A-Za-z_]\w*)[\w.]*\s+import\b)")
_JS_IMPORT = re.compile(r"""^\s*(?:import\s+(?:[^'"]*?\s+from\s+)?|.*\brequire\()['"](?P<mod>[^'"./][^'"]*)['"]""")
_DEF = re.compile(r"^\s*(?:async\s+)?def\s+\w+\((?P<params>.*)\)\s*(?P<ret>->\s*[^:]+)?:\s*(?:#.*)?$")


def _js_package(spec: str) -> str:
    parts = spec.split("/")
    return "/".join(parts[:2]) if spec.startswith("@") else parts[0]


def _split_params(params: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in params:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return [p.strip() for p in out if p.strip()]


def _annotated(m: re.Match[str]) -> bool:
    if not m.group("ret"):
        return False
    params = [p for p in _split_params(m.group("params")) if p not in ("self", "cls", "*", "/")]
    return all(":" in p.split("=", 1)[0] for p in params)


def _added_lines(excerpt: str) -> list[tuple[str, str]]:
    """(file path, added line without its "+") of a unified diff."""
    path = ""
    out: list[tuple[str, str]] = []
    for line in excerpt.splitlines():
        m = _FILE.match(line)
        if m:
            path = m.group("path") or m.group("new") or path
        elif line.startswith("+") and not line.startswith("+++"):
            out.append((path, line[1:]))
    return out


def diff_drafts(ev: EvidenceView) -> list[DraftObservation]:
    """High-precision stack and style signals of one diff's added lines; [] when none."""
    drafts: list[DraftObservation] = []
    libs: set[str] = set()
    typed: list[str] = []
    untyped = 0
    for path, line in _added_lines(ev.excerpt):
        name = None
        if path.endswith(_PY_EXT):
            m = _PY_IMPORT.match(line)
            name = _PY_LIBS.get(m.group("imp") or m.group("frm")) if m else None
            d = _DEF.match(line)
            if d and _annotated(d):
                typed.append(line.strip())
            elif d or re.match(r"^\s*(?:async\s+)?def\s", line):
                untyped += 1  # unannotated, or a multi-line signature we cannot judge
        elif path.endswith(_JS_EXT):
            m = _JS_IMPORT.match(line)
            name = _JS_LIBS.get(_js_package(m.group("mod"))) if m else None
        quote = line.strip()[:_QUOTE_MAX]
        if name and name not in libs and len(quote) >= 3:
            libs.add(name)
            drafts.append(DraftObservation(facet=Facet.STACK, statement=f"Use {name}.", quote=quote, tier=ev.tier))
    if len(typed) >= MIN_TYPED_DEFS and untyped == 0:
        drafts.append(
            DraftObservation(facet=Facet.CODING_STYLE, statement=TYPE_HINTS, quote=typed[0][:_QUOTE_MAX], tier=ev.tier)
        )
    return drafts
