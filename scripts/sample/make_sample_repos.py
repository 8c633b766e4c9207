#!/usr/bin/env python3
"""Generate the sample git repositories and agent instruction files of "Mara Quill".

Builds two small repositories of her projects in a temp dir and writes each as a git bundle:

    repos/ledgerly.bundle   (Flask + duckdb + polars ledger; a colleague, agent commits, a merge)
    repos/tidewatch.bundle  (NOAA tide charts; agent commits)

plus the global instruction file home/.claude/CLAUDE.md. Then extends ground_truth.json (key
"sources") and README.md (the last section). make_sample.py rewrites both of those files, so
run this script after it:

    python scripts/sample/make_sample.py && python scripts/sample/make_sample_repos.py

Deterministic: fixed names, emails and dates, no user or system git config, so every run gives
the same commit shas. Stdlib only, plus the `git` CLI. Everything here is fake: the staging
password is a random string and the colleague's phone number is in the 555-01xx fiction range.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "persona_pipeline" / "sample"  # the generated corpus
REPOS_DIR = ROOT / "repos"
GLOBAL_CLAUDE_MD = ROOT / "home" / ".claude" / "CLAUDE.md"
README_HEADING = "## Instruction files and git history"
GT_ANCHOR = "stripe_key_note"  # "sources" is inserted after this key, so the json diff is additions only

MARA = ("Mara Quill", "mara@quill.dev", "+02:00")
PRIYA = ("Priya Natarajan", "priya.natarajan@ledgerly.io", "-07:00")
GIT_CONFIG = (
    *("-c", "user.name=Mara Quill", "-c", "user.email=mara@quill.dev"),
    *("-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"),
    *("-c", "core.autocrlf=false", "-c", "pack.threads=1"),
)

# --------------------------------------------------------------------------
# Planted fake secret and PII (ground truth; none of these are real)
# --------------------------------------------------------------------------
STAGING_DB_PASSWORD = "Vx9#mQ2pLr7w"
STAGING_DB_URL = f"postgres://ledger:{STAGING_DB_PASSWORD}@staging-db.ledgerly.io:5432/ledger"
COLLEAGUE_NAME = "Priya Natarajan"
COLLEAGUE_PHONE = "+1 415-555-0142"

CLAUDE_FOOTER = (
    "🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\nCo-Authored-By: Claude <noreply@anthropic.com>"
)
CODEX_TRAILER = "Co-authored-by: Codex <codex@openai.com>"

# Statements of persona_pipeline/persona/digest/commit_style.py that each repo's batch must yield.
EXPECTED_COMMIT_RULES = [
    "Write commit messages in Conventional Commits style (feat:, fix:, …).",
    "Write commit subjects in the imperative mood.",
    "Keep commit subjects under 50 characters.",
    "Explain the why in the commit body.",
    "Keep commits small and focused.",
    "Start commit subjects with a lowercase letter.",
]
# What `diff_drafts` should find in the sampled small diffs (union over a repo's diffs).
EXPECTED_DIFF_RULES = {
    "ledgerly": ["Use polars.", "Use type hints on function signatures."],
    "tidewatch": ["Use duckdb.", "Use polars.", "Use pytest.", "Use type hints on function signatures."],
}


def src(text: str) -> str:
    """A file body written as a triple-quoted literal that starts on the next line."""
    return text.removeprefix("\n")


# --------------------------------------------------------------------------
# Instruction files: one structure renders the markdown and the expected chunks
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class Bullet:
    text: str
    subs: tuple[str, ...] = ()

    def chunk(self) -> str:
        """What the rule-granular splitter keeps: the marker stripped, nested lines dedented to the item."""
        return self.text + "".join(f"\n- {s}" for s in self.subs)


# Block kinds: front (YAML), h (heading), lead (ends with ':'), lead-tight (a lead-in with the list
# right under it, no blank line), bullets, para, code ((lang, body)), comment, import (@path).
Block = tuple[str, object]


def render(blocks: list[Block]) -> str:
    out = ""
    for i, (kind, value) in enumerate(blocks):
        if kind == "front":
            piece = f"---\n{value}\n---"
        elif kind == "bullets":
            assert isinstance(value, list)
            piece = "\n".join(f"- {b.text}" + "".join(f"\n  - {sub}" for sub in b.subs) for b in value)
        elif kind == "code":
            assert isinstance(value, tuple)
            piece = f"```{value[0]}\n{value[1]}\n```"
        elif kind == "comment":
            assert isinstance(value, str)
            piece = f"<!--\n{value}\n-->" if "\n" in value else f"<!-- {value} -->"
        else:
            assert kind in ("h", "lead", "lead-tight", "para", "import") and isinstance(value, str)
            piece = value
        if i:
            out += "\n" if blocks[i - 1][0] == "lead-tight" else "\n\n"
        out += piece
    return out + "\n"


def chunks(blocks: list[Block]) -> list[str]:
    found: list[str] = []
    for kind, value in blocks:
        if kind == "bullets":
            assert isinstance(value, list)
            found += [b.chunk() for b in value]
        elif kind == "para":
            assert isinstance(value, str)
            found.append(value)
    return found


UV_RULE = "Use uv for everything: `uv add` for dependencies, `uv run` for commands. Never pip, never requirements.txt."
STAGING_RULE = f"The staging DB URL is {STAGING_DB_URL} — never paste it in chat."


def agents_md(stage: int) -> list[Block]:
    """ledgerly/AGENTS.md: 1 = first version, 2 = + staging DB, 3 = + Database section (final)."""
    env = [
        Bullet(UV_RULE),
        Bullet("Python 3.12. mypy --strict runs in CI, so every function signature gets type hints."),
    ]
    if stage >= 2:
        env.append(Bullet(STAGING_RULE))
    blocks: list[Block] = [
        ("h", "# AGENTS.md — ledgerly"),
        (
            "comment",
            "Read by Codex and Claude Code. Keep it short; .github/copilot-instructions.md mirrors the code rules.",
        ),
        ("h", "## Environment"),
        ("bullets", env),
        ("h", "## Code"),
        ("lead", "When you write or change code:"),
        (
            "bullets",
            [
                Bullet("Use polars for dataframes, never pandas."),
                Bullet(
                    "Money is integer cents everywhere; never floats.",
                    (
                        "Parse with `money.parse_amount`, format with `money.format_cents`.",
                        "Sums stay in cents until a template renders them.",
                    ),
                ),
                Bullet("Use pathlib, not os.path."),
                Bullet("No print debugging; use the module logger (`log = logging.getLogger(__name__)`)."),
            ],
        ),
    ]
    if stage >= 3:
        blocks += [
            ("h", "## Database"),
            (
                "bullets",
                [
                    Bullet("Never edit a shipped migration; add a new numbered file under `migrations/` instead."),
                    Bullet("Store times in UTC (TIMESTAMPTZ) and convert only for display."),
                ],
            ),
        ]
    blocks += [
        ("h", "## Before committing"),
        ("lead", "Run all three and fix what they report:"),
        ("code", ("sh", "uv run ruff check --fix . && uv run ruff format .\nuv run pytest\nuv run mypy --strict src")),
        (
            "para",
            "Keep commits small, with conventional commit messages (`feat:`, `fix(importer):`, `test:` …) "
            "and a body that says why.",
        ),
    ]
    return blocks


COPILOT_MD: list[Block] = [
    ("h", "# Copilot instructions"),
    ("comment", "Mirrors the code rules in AGENTS.md for editor completions. Keep both in sync."),
    ("lead-tight", "Suggestions in this repository follow these rules:"),
    (
        "bullets",
        [
            Bullet("Dataframes are polars (`import polars as pl`); do not suggest pandas."),
            Bullet("Amounts are integer cents; `format_cents` turns them into strings for display."),
            Bullet(
                "Tests are plain pytest functions with fixtures from `tests/conftest.py`.",
                (
                    "`db` is a real duckdb file in `tmp_path`; never mock the database.",
                    "`bank_csv` writes a small export; add rows there instead of new CSV files.",
                ),
            ),
            Bullet("Annotate every function signature; mypy runs with --strict."),
        ],
    ),
    ("para", "Prefer small module-level functions over new classes; the codebase has almost none."),
]


def tidewatch_claude_md(stage: int) -> list[Block]:
    """tidewatch/CLAUDE.md: 1 = first version, 2 = + logging rule, fixture name, DST note (final)."""
    replay = "Replay the recorded JSON in `tests/fixtures/`" + (
        " through the `cached_client` fixture." if stage >= 2 else "."
    )
    rules = [
        Bullet(UV_RULE),
        Bullet(
            "NOAA responses are cached; tests must never hit the API.",
            (replay, "Record a new fixture by hand, once, and commit it with the test that needs it."),
        ),
        Bullet("Store times in UTC; convert to station time only when rendering."),
    ]
    if stage >= 2:
        rules.append(Bullet("No print debugging; log through `logging.getLogger(__name__)`."))
    rules.append(Bullet("Type hints on every function you touch."))
    blocks: list[Block] = [
        ("front", f"project: tidewatch\nupdated: {'2026-09-25' if stage >= 2 else '2026-08-18'}"),
        ("h", "# tidewatch"),
        ("import", "@docs/conventions.md"),
        ("h", "## Rules"),
        ("bullets", rules),
    ]
    if stage >= 2:
        blocks.append(
            ("para", "If a chart looks an hour off, check the timezone conversion before touching the parser.")
        )
    blocks += [
        ("h", "## Checks"),
        ("lead", "Before committing:"),
        ("code", ("bash", "uv run pytest\nuv run ruff check --fix . && uv run ruff format .")),
        (
            "comment",
            "TODO: add mypy --strict here once chart.py is annotated.\nstations.py came from an agent; review it.",
        ),
    ]
    return blocks


TESTING_MDC: list[Block] = [
    ("front", "description: Testing conventions for tidewatch\nglobs: tests/**/*.py\nalwaysApply: false"),
    ("h", "# Testing"),
    (
        "bullets",
        [
            Bullet(
                "Write tests as plain pytest functions with fixtures in `tests/conftest.py`; "
                "no unittest classes, no setUp."
            ),
            Bullet("Never call the NOAA API from a test; use the recorded JSON under `tests/fixtures/`."),
            Bullet("Run `uv run pytest` and make it pass before saying a change is done."),
        ],
    ),
    ("para", "Name tests after the behaviour (`test_retry_gives_up_after_three_503s`), not after the function."),
]

GLOBAL_MD: list[Block] = [
    ("h", "# Global"),
    ("comment", "~/.claude/CLAUDE.md: applies to every project."),
    (
        "bullets",
        [
            Bullet("Answer tersely: no preamble, no recap at the end."),
            Bullet("Never commit `.env*` files or secrets; if a key shows up in a diff, stop and tell me."),
            Bullet("Ask before adding a dependency."),
            Bullet("Run the tests before you say something is done."),
        ],
    ),
]

INSTRUCTION_FILES: dict[str, list[Block]] = {
    "global/CLAUDE.md": GLOBAL_MD,
    "ledgerly/AGENTS.md": agents_md(3),
    "ledgerly/.github/copilot-instructions.md": COPILOT_MD,
    "tidewatch/CLAUDE.md": tidewatch_claude_md(2),
    "tidewatch/.cursor/rules/testing.mdc": TESTING_MDC,
}


# --------------------------------------------------------------------------
# A small PNG, byte-exact everywhere (stored deflate block: no zlib version dependence)
# --------------------------------------------------------------------------
def logo_png(size: int = 16) -> bytes:
    teal, white = (0x1B, 0x6C, 0xA8), (0xFF, 0xFF, 0xFF)
    rows = b""
    for y in range(size):
        row = bytearray(b"\x00")  # filter: none
        for x in range(size):
            in_l = (4 <= x <= 6 and 3 <= y <= 12) or (4 <= x <= 11 and 10 <= y <= 12)
            row += bytes(white if in_l else teal)
        rows += bytes(row)
    stored = b"\x78\x01\x01" + struct.pack("<HH", len(rows), len(rows) ^ 0xFFFF) + rows
    stored += struct.pack(">I", zlib.adler32(rows))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", stored) + chunk(b"IEND", b"")


# --------------------------------------------------------------------------
# Repository builder
# --------------------------------------------------------------------------
class Repo:
    def __init__(self, parent: Path, name: str) -> None:
        self.name = name
        self.path = parent / name
        self.path.mkdir()
        self.home = parent / "home"
        self.home.mkdir(exist_ok=True)
        self.counts = {"mara_commits": 0, "other_author_commits": 0, "agent_commits": 0, "merge_commits": 0}
        self.subjects: dict[str, list[str]] = {k: [] for k in self.counts}
        self.last = datetime.fromisoformat("2026-08-01T00:00:00+00:00")
        self.git("init", "-q")

    def git(self, *args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> str:
        base = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.home),
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_CONFIG_NOSYSTEM": "1",
            "LC_ALL": "C",
            "TZ": "UTC",
        }
        proc = subprocess.run(
            ["git", *GIT_CONFIG, *args],
            cwd=self.path,
            env={**base, **(env or {})},
            input=stdin,
            capture_output=True,
            encoding="utf-8",
            check=False,
        )
        if proc.returncode:
            raise SystemExit(f"git {args[0]} failed in {self.name}: {proc.stderr.strip()}")
        return proc.stdout

    # --- working tree ---------------------------------------------------------------------
    def read(self, rel: str) -> str:
        return (self.path / rel).read_text(encoding="utf-8")

    def write(self, rel: str, text: str | bytes) -> None:
        p = self.path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))

    def edit(self, rel: str, old: str, new: str) -> None:
        text = self.read(rel)
        n = text.count(old)
        assert n == 1, f"{self.name}/{rel}: expected one {old!r}, found {n}"
        self.write(rel, text.replace(old, new))

    def sub_word(self, rel: str, word: str, new: str) -> None:
        text, n = re.subn(rf"\b{re.escape(word)}\b", new, self.read(rel))
        assert n, f"{self.name}/{rel}: no {word!r}"
        self.write(rel, text)

    def delete(self, rel: str) -> None:
        (self.path / rel).unlink()

    # --- history --------------------------------------------------------------------------
    def _env(self, when: str, who: tuple[str, str, str]) -> dict[str, str]:
        name, email, tz = who
        stamp = f"{when}:00{tz}"
        at = datetime.fromisoformat(stamp)
        assert at > self.last, f"{self.name}: {stamp} is not after the previous commit"
        self.last = at
        return {
            "GIT_AUTHOR_NAME": name,
            "GIT_AUTHOR_EMAIL": email,
            "GIT_COMMITTER_NAME": name,
            "GIT_COMMITTER_EMAIL": email,
            "GIT_AUTHOR_DATE": stamp,
            "GIT_COMMITTER_DATE": stamp,
        }

    def _commit(self, when: str, message: str, who: tuple[str, str, str], kind: str) -> None:
        env = self._env(when, who)
        self.git("add", "-A")
        self.git("commit", "-q", "--cleanup=whitespace", "-F", "-", env=env, stdin=message)
        self.counts[kind] += 1
        self.subjects[kind].append(message.split("\n", 1)[0])

    def commit(self, when: str, subject: str, body: str = "") -> None:
        """One of Mara's own commits."""
        assert len(subject) <= 50, subject
        self._commit(when, f"{subject}\n\n{body}" if body else subject, MARA, "mara_commits")

    def colleague(self, when: str, message: str) -> None:
        self._commit(when, message, PRIYA, "other_author_commits")

    def agent(self, when: str, message: str, trailer: str = CLAUDE_FOOTER) -> None:
        """Mara's commit, written by a coding agent (trailer and footer say so)."""
        self._commit(when, f"{message}\n\n{trailer}", MARA, "agent_commits")

    def merge(self, when: str, branch: str) -> None:
        message = f"Merge branch '{branch}'"
        self.git("merge", "-q", "--no-ff", "-m", message, branch, env=self._env(when, MARA))
        self.counts["merge_commits"] += 1
        self.subjects["merge_commits"].append(message)

    def bundle(self, out: Path) -> str:
        assert self.git("symbolic-ref", "HEAD").strip() == "refs/heads/main"
        assert self.git("status", "--porcelain") == "", f"{self.name}: uncommitted files"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.unlink(missing_ok=True)
        self.git("bundle", "create", "-q", str(out), "--all")
        return self.git("rev-parse", "HEAD").strip()


# ==========================================================================
# ledgerly
# ==========================================================================
L_PYPROJECT = src("""
[project]
name = "ledgerly"
version = "0.1.0"
description = "Personal ledger: bank CSV imports and monthly reports."
readme = "README.md"
requires-python = ">=3.12"
dependencies = [
    "flask>=3.0",
    "polars>=1.9",
]

[project.scripts]
ledgerly = "ledgerly.cli:main"

[dependency-groups]
dev = ["pytest>=8.3", "mypy>=1.11"]

[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"
""")

L_TOOLS = src("""

[tool.ruff]
line-length = 120
target-version = "py312"
src = ["src"]

[tool.ruff.lint]
select = ["E", "F", "I", "UP", "B", "SIM", "T20"]

[tool.mypy]
strict = true
mypy_path = "src"
packages = ["ledgerly"]

[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-q"
""")

L_GITIGNORE = src("""
.venv/
__pycache__/
.mypy_cache/
.pytest_cache/
.ruff_cache/
*.duckdb
.env*
""")

L_README = src("""
# ledgerly

Personal ledger: imports bank CSV exports into duckdb and renders monthy reports.

## Setup

    uv sync
    uv run ledgerly init
""")

L_INIT = src('''
"""ledgerly: a personal ledger on duckdb."""

__version__ = "0.1.0"
''')

L_SCHEMA_SQL = src("""
CREATE SEQUENCE IF NOT EXISTS transaction_ids;
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    currency TEXT NOT NULL DEFAULT 'EUR'
);
CREATE TABLE IF NOT EXISTS transactions (
    id BIGINT PRIMARY KEY DEFAULT nextval('transaction_ids'),
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    booked_on DATE NOT NULL,
    payee TEXT NOT NULL,
    amt BIGINT NOT NULL,
    imported_at TIMESTAMPTZ NOT NULL DEFAULT current_timestamp
);
""")

L_SCHEMA = (
    src(r'''
"""Ledger tables. Amounts are BIGINT cents; timestamps are TIMESTAMPTZ (UTC)."""

from pathlib import Path

import duckdb

SCHEMA = """\
''')
    + L_SCHEMA_SQL
    + src(r'''
"""


def init(path: Path) -> duckdb.DuckDBPyConnection:
    """Open the ledger at path, creating the tables on first use."""
    con = duckdb.connect(str(path))
    con.execute("SET TimeZone = 'UTC'")
    con.execute(SCHEMA)
    return con
''')
)

L_SCHEMA_MIGRATIONS = src(r'''
"""Ledger schema: numbered SQL files in migrations/, each applied once, in name order."""

import logging
from pathlib import Path

import duckdb

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"


def pending(con: duckdb.DuckDBPyConnection, directory: Path = MIGRATIONS) -> list[Path]:
    con.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ)")
    done = {row[0] for row in con.execute("SELECT name FROM schema_migrations").fetchall()}
    return [p for p in sorted(directory.glob("*.sql")) if p.name not in done]


def init(path: Path) -> duckdb.DuckDBPyConnection:
    """Open the ledger at path and apply every migration it has not seen yet."""
    con = duckdb.connect(str(path))
    con.execute("SET TimeZone = 'UTC'")
    for migration in pending(con):
        log.info("applying %s", migration.name)
        con.execute(migration.read_text(encoding="utf-8"))
        con.execute("INSERT INTO schema_migrations VALUES (?, current_timestamp)", [migration.name])
    return con
''')

L_CLI_1 = src(r'''
"""Command line: `ledgerly init`."""

import argparse
import logging
from pathlib import Path

from ledgerly import schema

log = logging.getLogger(__name__)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ledgerly")
    parser.add_argument("--db", type=Path, default=Path("ledgerly.duckdb"))
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("init", help="create the ledger database")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    schema.init(args.db).close()
    log.info("initialised %s", args.db)
    return 0
''')

L_CLI_IMPORT_CMD = src(r"""
def import_cmd(args: argparse.Namespace) -> int:
    con = schema.init(args.db)
    row = con.execute("SELECT id FROM accounts WHERE name = ?", [args.account]).fetchone()
    if row is None:
        log.error("no account named %r; create it first", args.account)
        return 1
    n = importer.import_file(con, args.file, row[0])
    con.close()
    log.info("imported %d rows into %s", n, args.account)
    return 0


""")

L_CLI_IMPORT_CMD_DB = src(r"""
def import_cmd(args: argparse.Namespace) -> int:
    with db.connect(args.db) as con:
        row = con.execute("SELECT id FROM accounts WHERE name = ?", [args.account]).fetchone()
        if row is None:
            log.error("no account named %r; create it first", args.account)
            return 1
        n = importer.import_file(con, args.file, row[0])
    log.info("imported %d rows into %s", n, args.account)
    return 0


""")

L_CLI_IMPORT_CMD_AGENT = src(r'''
def import_cmd(args: argparse.Namespace) -> int:
    """Import a bank CSV export into the given account, with comprehensive error handling."""
    try:
        with db.connect(args.db) as con:
            row = con.execute("SELECT id FROM accounts WHERE name = ?", [args.account]).fetchone()
            if row is None:
                print(f"Error: No account named '{args.account}' was found. Please create it first.")
                return 1
            n = importer.import_file(con, args.file, row[0])
    except importer.ExportError as e:
        print(f"Error: The export could not be imported because it is invalid: {e}")
        return 1
    except Exception as e:
        print(f"Error: An unexpected error occurred while importing {args.file}: {e}")
        return 1
    print(f"Successfully imported {n} rows into account '{args.account}'.")
    return 0


''')

L_CLI_IMPORT_CMD_LOG = src(r"""
def import_cmd(args: argparse.Namespace) -> int:
    try:
        with db.connect(args.db) as con:
            row = con.execute("SELECT id FROM accounts WHERE name = ?", [args.account]).fetchone()
            if row is None:
                log.error("no account named %r; create it first", args.account)
                return 1
            n = importer.import_file(con, args.file, row[0], since=args.since)
    except importer.ExportError as exc:
        log.error("%s: %s", args.file, exc)
        return 1
    log.info("imported %d rows into %s", n, args.account)
    return 0


""")

L_CONFTEST_1 = src(r'''
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from ledgerly import schema


@pytest.fixture
def db(tmp_path: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    """A real ledger database in tmp_path with one 'checking' account."""
    con = schema.init(tmp_path / "ledgerly.duckdb")
    con.execute("INSERT INTO accounts (id, name) VALUES (1, 'checking')")
    yield con
    con.close()
''')

L_BANK_CSV_FIXTURE = src(r'''


@pytest.fixture
def bank_csv(tmp_path: Path) -> Path:
    """A three-row export in the bank's format: semicolons, ISO dates, dot decimals."""
    path = tmp_path / "export.csv"
    path.write_text(
        "Date;Payee;Amount\n2026-09-02;Cafe Lumiere;-4.50\n2026-09-05;Salaire ACME;2450.00\n"
        "2026-09-06;Boulangerie;-3.20\n",
        encoding="utf-8",
    )
    return path
''')

L_CONFTEST_CLIENT = src(r'''
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from flask.testing import FlaskClient

from ledgerly import schema
from ledgerly.app import create_app


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "ledgerly.duckdb"


@pytest.fixture
def db(db_path: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    """A real ledger database in tmp_path with one 'checking' account."""
    con = schema.init(db_path)
    con.execute("INSERT INTO accounts (id, name) VALUES (1, 'checking')")
    yield con
    con.close()


@pytest.fixture
def client(db: duckdb.DuckDBPyConnection, db_path: Path) -> FlaskClient:
    """The app on the same database file as `db`."""
    return create_app({"DATABASE": str(db_path), "TESTING": True}).test_client()
''')

L_TEST_SCHEMA = src(r"""
from pathlib import Path

import duckdb

from ledgerly import schema


def test_init_creates_tables(db: duckdb.DuckDBPyConnection) -> None:
    rows = db.execute("SELECT table_name FROM information_schema.tables").fetchall()
    assert {"accounts", "transactions"} <= {name for (name,) in rows}


def test_init_is_idempotent(tmp_path: Path) -> None:
    schema.init(tmp_path / "ledgerly.duckdb").close()
    schema.init(tmp_path / "ledgerly.duckdb").close()
""")

L_MONEY = src(r'''
"""Money is integer cents everywhere; these are the only conversions."""

import re

_AMOUNT = re.compile(r"^(?P<sign>[-+]?)(?P<units>\d+)(?:\.(?P<cents>\d{1,2}))?$")


def parse_amount(text: str) -> int:
    """'-4.50' -> -450. Anything that is not a plain amount raises ValueError."""
    m = _AMOUNT.match(text.strip())
    if m is None:
        raise ValueError(f"not an amount: {text!r}")
    cents = int(m["units"]) * 100 + int((m["cents"] or "0").ljust(2, "0"))
    return -cents if m["sign"] == "-" else cents


def format_cents(cents: int) -> str:
    """-123405 -> '-1,234.05'."""
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}{units:,}.{rest:02d}"
''')

L_TEST_MONEY = src(r"""
import pytest

from ledgerly.money import format_cents, parse_amount


@pytest.mark.parametrize(
    ("text", "cents"),
    [("4.50", 450), ("-23.00", -2300), ("7", 700), ("0.5", 50)],
)
def test_parse_amount(text: str, cents: int) -> None:
    assert parse_amount(text) == cents


def test_parse_amount_rejects_garbage() -> None:
    with pytest.raises(ValueError):
        parse_amount("4.50 EUR")


def test_format_cents_round_trip() -> None:
    assert format_cents(parse_amount("-1234.05")) == "-1,234.05"
""")


def importer_tail(path_type: str, doc: str) -> str:
    """The end of src/ledgerly/importer.py, the same in each version but for the path type and a docstring."""
    return f'''    return df.rename(COLUMNS).with_columns(
        pl.col("booked_on").str.to_date("%Y-%m-%d"),
        pl.col("amt").map_elements(parse_amount, return_dtype=pl.Int64),
    )


def import_file(con: duckdb.DuckDBPyConnection, path: {path_type}, account_id: int) -> int:
    """{doc}"""
    df = read_export(path).with_columns(pl.lit(account_id).alias("account_id"))
    con.execute(
        "INSERT INTO transactions (account_id, booked_on, payee, amt) "
        "SELECT account_id, booked_on, payee, amt FROM df"
    )
    return df.height
'''


L_IMPORTER_1 = src(r'''
"""Bank CSV exports -> rows of the transactions table."""

from pathlib import Path

import duckdb
import polars as pl

from ledgerly.money import parse_amount

COLUMNS = {"Date": "booked_on", "Payee": "payee", "Amount": "amt"}


def read_export(path: Path) -> pl.DataFrame:
    """The export as booked_on (date), payee and amt (cents) columns."""
    df = pl.read_csv(path, separator=";", columns=list(COLUMNS), infer_schema=False)
''') + importer_tail("Path", "Append the export's rows to account_id; returns how many were inserted.")

L_IMPORTER_CODEX = src(r'''
"""Importer module for bank CSV exports.

This module provides functions to validate, read and import bank CSV exports into the
transactions table of the ledger database.
"""

import os

import duckdb
import polars as pl

from ledgerly.money import parse_amount

COLUMNS = {"Date": "booked_on", "Payee": "payee", "Amount": "amt"}
REQUIRED_COLUMNS = list(COLUMNS)


class ExportError(ValueError):
    """Raised when a bank export cannot be imported."""


def resolve_export_path(path: str) -> str:
    """Resolve the given path to an absolute path and make sure that the file exists."""
    full_path = os.path.abspath(os.path.expanduser(path))
    if not os.path.isfile(full_path):
        raise ExportError(f"Export file not found: {full_path}")
    return full_path


def validate_columns(df: pl.DataFrame) -> None:
    """Validate that the data frame contains all of the required columns."""
    missing = [column for column in REQUIRED_COLUMNS if column not in df.columns]
    if missing:
        raise ExportError(f"Export is missing required columns: {', '.join(missing)}")


def read_export(path: str) -> pl.DataFrame:
    """Read the export and return it as booked_on, payee and amt columns."""
    full_path = resolve_export_path(path)
    df = pl.read_csv(full_path, separator=";", infer_schema=False)
    validate_columns(df)
    df = df.select(REQUIRED_COLUMNS)
    df = df.filter(pl.col("Date").str.len_chars() > 0, pl.col("Date") != "Total")
''') + importer_tail("str", "Import the export into the transactions table for the given account.")

L_IMPORTER_PATHLIB = src(r'''
"""Bank CSV exports -> rows of the transactions table."""

import codecs
from pathlib import Path

import duckdb
import polars as pl

from ledgerly.money import parse_amount

COLUMNS = {"Date": "booked_on", "Payee": "payee", "Amount": "amt"}


class ExportError(ValueError):
    """An export that cannot be imported: missing file or columns."""


def read_export(path: Path) -> pl.DataFrame:
    """The export as booked_on (date), payee and amt (cents) columns."""
    path = path.expanduser()
    if not path.is_file():
        raise ExportError(f"no such export: {path}")
    data = path.read_bytes().removeprefix(codecs.BOM_UTF8)
    df = pl.read_csv(data, separator=";", infer_schema=False)
    missing = [c for c in COLUMNS if c not in df.columns]
    if missing:
        raise ExportError(f"missing columns: {', '.join(missing)}")
    df = df.select(list(COLUMNS))
    df = df.filter(pl.col("Date").str.len_chars() > 0, pl.col("Date") != "Total")
''') + importer_tail("Path", "Append the export's rows to account_id; returns how many were inserted.")

L_TEST_IMPORTER_1 = src(r"""
from pathlib import Path

import duckdb

from ledgerly.importer import import_file, read_export


def test_read_export_parses_cents(bank_csv: Path) -> None:
    assert read_export(bank_csv)["amt"].to_list() == [-450, 245000, -320]


def test_import_file_inserts_rows(db: duckdb.DuckDBPyConnection, bank_csv: Path) -> None:
    assert import_file(db, bank_csv, account_id=1) == 3
    assert db.execute("SELECT count(*) FROM transactions").fetchone() == (3,)
""")

L_TEST_IMPORTER_CODEX = src(r"""
import os
import shutil
import tempfile
import unittest

from ledgerly import schema
from ledgerly.importer import ExportError, import_file, read_export


class TestImporter(unittest.TestCase):
    def setUp(self) -> None:
        self.tmpdir = tempfile.mkdtemp()
        self.db_path = os.path.join(self.tmpdir, "ledgerly.duckdb")
        self.con = schema.init(self.db_path)
        self.con.execute("INSERT INTO accounts (id, name) VALUES (1, 'checking')")
        self.csv_path = os.path.join(self.tmpdir, "export.csv")
        with open(self.csv_path, "w", encoding="utf-8") as f:
            f.write("Date;Payee;Amount\n2026-09-02;Cafe Lumiere;-4.50\n2026-09-05;Salaire ACME;2450.00\n")

    def tearDown(self) -> None:
        self.con.close()
        shutil.rmtree(self.tmpdir)

    def test_read_export_parses_cents(self) -> None:
        self.assertEqual(read_export(self.csv_path)["amt"].to_list(), [-450, 245000])

    def test_import_file_inserts_rows(self) -> None:
        self.assertEqual(import_file(self.con, self.csv_path, account_id=1), 2)

    def test_missing_file_raises(self) -> None:
        with self.assertRaises(ExportError):
            read_export(os.path.join(self.tmpdir, "missing.csv"))
""")

L_TEST_IMPORTER_FIXTURES = src(r"""
from pathlib import Path

import duckdb
import pytest

from ledgerly.importer import ExportError, import_file, read_export


def test_read_export_parses_cents(bank_csv: Path) -> None:
    assert read_export(bank_csv)["amount_cents"].to_list() == [-450, 245000, -320]


def test_import_file_inserts_rows(db: duckdb.DuckDBPyConnection, bank_csv: Path) -> None:
    assert import_file(db, bank_csv, account_id=1) == 3
    assert db.execute("SELECT count(*) FROM transactions").fetchone() == (3,)


def test_read_export_strips_bom(tmp_path: Path) -> None:
    path = tmp_path / "bom.csv"
    path.write_bytes(b"\xef\xbb\xbfDate;Payee;Amount\n2026-09-03;Caf\xc3\xa9 Lumi\xc3\xa8re;-4,50\n")
    assert read_export(path)["payee"].to_list() == ["Café Lumière"]


def test_missing_file_raises(tmp_path: Path) -> None:
    with pytest.raises(ExportError):
        read_export(tmp_path / "missing.csv")
""")

L_LEDGER = src(r'''
"""Queries over the transactions table."""

import duckdb

BALANCES_SQL = """\
SELECT a.name AS account, coalesce(sum(t.amt), 0) AS balance_cents
FROM accounts a LEFT JOIN transactions t ON t.account_id = a.id
GROUP BY a.name
ORDER BY a.name
"""


def balances(con: duckdb.DuckDBPyConnection) -> list[tuple[str, int]]:
    """Every account with its balance in cents, zero when it has no transactions."""
    return [(name, int(cents)) for name, cents in con.execute(BALANCES_SQL).fetchall()]
''')

L_APP = src(r'''
"""Flask app factory."""

from typing import Any

from flask import Flask


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.from_mapping(DATABASE="ledgerly.duckdb")
    if config:
        app.config.update(config)
    return app
''')

L_APP_HANDLERS_AGENT = src(r"""

    @app.errorhandler(ValueError)
    def bad_request(err: ValueError) -> tuple[dict[str, str], int]:
        return {
            "error": f"The request could not be processed because a value was invalid: {err}. "
            "Please check the parameters you supplied and try again."
        }, 400

    @app.errorhandler(LookupError)
    def not_found(err: LookupError) -> tuple[dict[str, str], int]:
        return {
            "error": f"We were unable to find the resource you were looking for ({err}). "
            "It may have been moved or deleted."
        }, 404

""")

L_ACCOUNTS = src(r'''
"""Accounts page: every account with its balance."""

from pathlib import Path

from flask import Blueprint, current_app, render_template

from ledgerly import ledger, schema
from ledgerly.money import format_cents

bp = Blueprint("accounts", __name__, url_prefix="/accounts")


@bp.get("/")
def index() -> str:
    con = schema.init(Path(current_app.config["DATABASE"]))
    rows = ledger.balances(con)
    con.close()
    return render_template("accounts.html", rows=rows, fmt=format_cents)
''')

L_BASE_HTML = src("""
<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>ledgerly</title>
  <style>
    table.ledger { border-collapse: collapse; }
    td.amount, th.amount { text-align: right; font-variant-numeric: tabular-nums; }
  </style>
</head>
<body>
<header>ledgerly</header>
{% block content %}{% endblock %}
</body>
</html>
""")

L_ACCOUNTS_HTML = src("""
{% extends "base.html" %}
{% block content %}
<h1>Accounts</h1>
<table class="ledger">
  <thead><tr><th>Account</th><th class="amount">Balance</th></tr></thead>
  <tbody>
  {% for name, cents in rows %}
    <tr><td>{{ name }}</td><td class="amount">{{ fmt(cents) }}</td></tr>
  {% endfor %}
  </tbody>
</table>
{% endblock %}
""")

L_DB = src(r'''
"""The one place that opens the ledger database."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb

from ledgerly import schema


@contextmanager
def connect(path: str | Path) -> Iterator[duckdb.DuckDBPyConnection]:
    """The ledger at path, migrated, closed again on exit."""
    con = schema.init(Path(path))
    try:
        yield con
    finally:
        con.close()
''')

L_REPORT = src(r'''
"""Monthly report: totals per payee for one month."""

from datetime import date

import duckdb
from flask import Blueprint, current_app, render_template, request

from ledgerly import db
from ledgerly.money import format_cents

bp = Blueprint("report", __name__, url_prefix="/report")

MONTH_SQL = """\
SELECT payee, sum(amt) AS total_cents, count(*) AS n
FROM transactions
WHERE date_trunc('month', booked_on) = ?
GROUP BY payee
ORDER BY total_cents
"""


def month_arg() -> date:
    """The ?month=YYYY-MM argument as the first of that month; this month by default."""
    raw = request.args.get("month") or date.today().strftime("%Y-%m")
    return date.fromisoformat(f"{raw}-01")


def month_totals(con: duckdb.DuckDBPyConnection, month: date) -> list[tuple[str, int, int]]:
    return [(p, int(c), int(n)) for p, c, n in con.execute(MONTH_SQL, [month]).fetchall()]


@bp.get("/")
def month_page() -> str:
    month = month_arg()
    with db.connect(current_app.config["DATABASE"]) as con:
        rows = month_totals(con, month)
    total = sum(c for _, c, _ in rows)
    return render_template("report.html", month=month, rows=rows, total=total, fmt=format_cents)
''')

L_REPORT_HTML = src("""
{% extends "base.html" %}
{% block content %}
<h1>{{ month.strftime("%B %Y") }}</h1>
<table class="ledger">
  <thead><tr><th>Payee</th><th>Count</th><th class="amount">Total</th></tr></thead>
  <tbody>
  {% for payee, cents, n in rows %}
    <tr><td>{{ payee }}</td><td>{{ n }}</td><td class="amount">{{ fmt(cents) }}</td></tr>
  {% endfor %}
  </tbody>
  <tfoot>
    <tr><th>Total</th><td class="amount">{{ fmt(total) }}</td></tr>
  </tfoot>
</table>
{% endblock %}
""")

L_TEST_REPORT = src(r"""
from datetime import date

import duckdb
from flask.testing import FlaskClient

from ledgerly.report import month_totals


def add(db: duckdb.DuckDBPyConnection, booked_on: date, payee: str, cents: int) -> None:
    db.execute(
        "INSERT INTO transactions (account_id, booked_on, payee, amt) VALUES (1, ?, ?, ?)",
        [booked_on, payee, cents],
    )


def test_month_totals_groups_by_payee(db: duckdb.DuckDBPyConnection) -> None:
    add(db, date(2026, 9, 2), "Boulangerie", -320)
    add(db, date(2026, 9, 9), "Boulangerie", -280)
    add(db, date(2026, 10, 1), "Boulangerie", -300)
    assert month_totals(db, date(2026, 9, 1)) == [("Boulangerie", -600, 2)]


def test_report_page_renders(client: FlaskClient) -> None:
    assert client.get("/report/?month=2026-09").status_code == 200
""")

L_SUMMARY_AGENT = src(r'''


SUMMARY_SQL = """\
SELECT payee, sum(amt) AS total FROM transactions
WHERE date_trunc('month', booked_on) = ?
GROUP BY payee
"""


def summary(con: duckdb.DuckDBPyConnection, month: date) -> dict[str, int]:
    """Calculate a comprehensive summary of income, expenses and net balance for the month.

    This function queries the database for all of the transactions in the given month and
    calculates the total income, the total expenses and the resulting net balance.
    """
    income = 0
    expenses = 0
    for payee, total in con.execute(SUMMARY_SQL, [month]).fetchall():
        if payee.startswith("Salaire") or payee.lower().startswith("salary"):
            income += int(total)
        else:
            expenses += int(total)
    return {"income": income, "expenses": expenses, "net": income + expenses}
''')

L_SUMMARY_HTML_AGENT = src("""
<section class="summary">
  <h2>Summary</h2>
  <dl>
    <dt>Income</dt><dd class="amount">{{ fmt(summary.income) }}</dd>
    <dt>Expenses</dt><dd class="amount">{{ fmt(summary.expenses) }}</dd>
    <dt>Net balance</dt><dd class="amount">{{ fmt(summary.net) }}</dd>
  </dl>
</section>
""")

L_TEST_LEDGER_MOCKS = src(r"""
import unittest
from datetime import date
from unittest.mock import MagicMock

from ledgerly.report import summary


class TestSummary(unittest.TestCase):
    def setUp(self) -> None:
        self.con = MagicMock()

    def test_summary_splits_income_and_expenses(self) -> None:
        self.con.execute.return_value.fetchall.return_value = [
            ("Salaire ACME", 245000),
            ("Café Lumière", -450),
        ]
        result = summary(self.con, date(2026, 9, 1))
        self.assertEqual(result["income"], 245000)
        self.assertEqual(result["expenses"], -450)
        self.assertEqual(result["net"], 244550)

    def test_summary_counts_refunds_as_income(self) -> None:
        self.con.execute.return_value.fetchall.return_value = [("Remboursement SNCF", 3200)]
        result = summary(self.con, date(2026, 9, 1))
        self.assertEqual(result["income"], 3200)
""")

L_TEST_LEDGER_REAL = src(r"""
from datetime import date

import duckdb

from ledgerly.report import summary


def add(db: duckdb.DuckDBPyConnection, payee: str, cents: int) -> None:
    db.execute(
        "INSERT INTO transactions (account_id, booked_on, payee, amt) VALUES (1, ?, ?, ?)",
        [date(2026, 9, 3), payee, cents],
    )


def test_summary_splits_income_and_expenses(db: duckdb.DuckDBPyConnection) -> None:
    add(db, "Salaire ACME", 245000)
    add(db, "Café Lumière", -450)
    assert summary(db, date(2026, 9, 1)) == {"income": 245000, "expenses": -450, "net": 244550}


def test_summary_counts_refunds_as_income(db: duckdb.DuckDBPyConnection) -> None:
    add(db, "Remboursement SNCF", 3200)
    assert summary(db, date(2026, 9, 1))["income"] == 3200
""")

L_EXPORT = src(r'''


EXPORT_SQL = """\
SELECT booked_on, payee, amt FROM transactions
WHERE date_trunc('month', booked_on) = ?
ORDER BY booked_on, id
"""


@bp.get("/export.csv")
def export_csv() -> Response:
    month = month_arg()
    with db.connect(current_app.config["DATABASE"]) as con:
        frame = con.execute(EXPORT_SQL, [month]).pl()
    name = f"ledgerly-{month:%Y-%m}.csv"
    return Response(
        frame.write_csv(separator=";"),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename={name}"},
    )
''')

L_TEST_EXPORT = src(r"""
from datetime import date

import duckdb
from flask.testing import FlaskClient


def test_export_csv_has_header_and_cents(client: FlaskClient, db: duckdb.DuckDBPyConnection) -> None:
    db.execute(
        "INSERT INTO transactions (account_id, booked_on, payee, amt) VALUES (1, ?, ?, ?)",
        [date(2026, 9, 2), "Boulangerie", -320],
    )
    resp = client.get("/report/export.csv?month=2026-09")
    assert resp.mimetype == "text/csv"
    assert resp.get_data(as_text=True).splitlines() == ["booked_on;payee;amt", "2026-09-02;Boulangerie;-320"]
""")

L_CACHE_AGENT = src(r'''


# Cache of monthly totals, keyed by database path and month, to improve the performance
# of the report page when the same month is requested several times.
_TOTALS_CACHE: dict[tuple[str, date], list[tuple[str, int, int]]] = {}


def cached_month_totals(database: str, month: date) -> list[tuple[str, int, int]]:
    """Return the monthly totals for the given month, using the cache when possible.

    The first request for a month queries the database and stores the result in the cache;
    all following requests for the same month are served directly from the cache.
    """
    key = (database, month)
    if key not in _TOTALS_CACHE:
        with db.connect(database) as con:
            _TOTALS_CACHE[key] = month_totals(con, month)
    return _TOTALS_CACHE[key]


def clear_cache() -> None:
    """Clear the monthly totals cache."""
    _TOTALS_CACHE.clear()
''')

L_TEST_CACHE_AGENT = src(r"""
from datetime import date

import duckdb

from ledgerly import report


def test_cached_month_totals_returns_same_result(db: duckdb.DuckDBPyConnection, db_path) -> None:
    report.clear_cache()
    first = report.cached_month_totals(str(db_path), date(2026, 9, 1))
    second = report.cached_month_totals(str(db_path), date(2026, 9, 1))
    assert first == second


def test_clear_cache_empties_the_cache(db: duckdb.DuckDBPyConnection, db_path) -> None:
    report.cached_month_totals(str(db_path), date(2026, 9, 1))
    report.clear_cache()
    assert report._TOTALS_CACHE == {}
""")

L_SETTINGS = src(r'''
"""Runtime settings, read from the environment."""

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    database: str


def load() -> Settings:
    return Settings(database=os.environ.get("DATABASE_URL", "ledgerly.duckdb"))
''')

L_SETTINGS_ENV_LOCAL = src(r'''
"""Runtime settings: the environment first, then .env.local (gitignored) in development."""

import os
from dataclasses import dataclass
from pathlib import Path

ENV_LOCAL = Path(".env.local")


@dataclass(frozen=True)
class Settings:
    database: str
    openai_api_key: str | None = None


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=value lines of path; blank lines and # comments skipped. {} when it is missing."""
    if not path.is_file():
        return {}
    values: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() and not key.lstrip().startswith("#"):
            values[key.strip()] = value.strip()
    return values


def load(env_file: Path = ENV_LOCAL) -> Settings:
    values = {**read_env_file(env_file), **os.environ}
    return Settings(
        database=values.get("DATABASE_URL", "ledgerly.duckdb"),
        openai_api_key=values.get("OPENAI_API_KEY"),
    )
''')

L_RUNBOOK = src(f"""
# Runbook

## Staging deploy fails at the migration step

1. Check the runner has `DATABASE_URL` set (Settings → CI variables), not a local file name.
2. Re-run the job once; the staging database restarts nightly around 03:00 UTC.
3. Still failing: it is a DBA problem. Escalate to {COLLEAGUE_NAME} ({COLLEAGUE_PHONE}).
""")

L_SEED = src(r'''
"""Seed the staging ledger with demo accounts. Run from the CI runner only."""

import os

import duckdb

ACCOUNTS = [(1, "checking"), (2, "savings"), (3, "credit card")]


def main() -> None:
    con = duckdb.connect(os.environ["DATABASE_URL"])
    con.executemany("INSERT OR IGNORE INTO accounts (id, name) VALUES (?, ?)", ACCOUNTS)
    con.close()


if __name__ == "__main__":
    main()
''')

L_CI = src("""
name: ci
on: [push, pull_request]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: astral-sh/setup-uv@v3
      - run: uv sync
      - run: uv run ruff check . && uv run ruff format --check .
      - run: uv run mypy --strict src
      - run: uv run pytest
""")

L_README_IMPORT = src("""

## Importing

Create the account once, then import the bank's CSV export into it:

    uv run ledgerly init
    uv run ledgerly import ~/Downloads/export.csv --account checking
    uv run ledgerly import ~/Downloads/export.csv --account checking --since 2026-10-01

Amounts are stored as integer cents. Re-importing the same file twice duplicates rows; use
`--since` to pick up only the new ones.
""")


def build_ledgerly(r: Repo) -> None:
    r.write("pyproject.toml", L_PYPROJECT)
    r.write(".python-version", "3.12\n")
    r.write(".gitignore", L_GITIGNORE)
    r.write("README.md", L_README)
    r.write("src/ledgerly/__init__.py", L_INIT)
    r.commit(
        "2026-08-21T09:12",
        "chore: scaffold project with uv",
        "uv init with a src layout. uv owns the venv and the lock file, so there\n"
        "is no requirements.txt to drift out of date.",
    )
    r.edit("pyproject.toml", 'dev = ["pytest>=8.3", "mypy>=1.11"]', 'dev = ["pytest>=8.3", "mypy>=1.11", "ruff>=0.6"]')
    r.write("pyproject.toml", r.read("pyproject.toml") + L_TOOLS)
    r.commit(
        "2026-08-21T09:40",
        "chore: set up ruff, mypy and pytest",
        "Strict mypy from the first commit: annotating a codebase later is the\npainful part.",
    )
    r.write("AGENTS.md", render(agents_md(1)))
    r.commit(
        "2026-08-22T20:05",
        "docs: add AGENTS.md with project conventions",
        "Agents keep reaching for pip and pandas. Write the house rules down\n"
        "once instead of repeating them in every session.",
    )
    r.edit("pyproject.toml", '    "flask>=3.0",\n', '    "duckdb>=1.1",\n    "flask>=3.0",\n')
    r.commit(
        "2026-08-29T18:02",
        "chore: add duckdb dependency",
        "Added with `uv add duckdb` so the lock file picks it up as well.",
    )
    r.write("src/ledgerly/schema.py", L_SCHEMA)
    r.commit(
        "2026-08-29T18:20",
        "feat: add duckdb schema for accounts",
        "Accounts and transactions. Amounts are BIGINT cents and timestamps\n"
        "TIMESTAMPTZ: no float rounding and no local times in storage.",
    )
    r.write("src/ledgerly/cli.py", L_CLI_1)
    r.commit(
        "2026-08-29T18:41",
        "feat: add init command that creates the database",
        "`ledgerly init` is the only setup step a fresh checkout needs.",
    )
    r.write("tests/conftest.py", L_CONFTEST_1)
    r.write("tests/test_schema.py", L_TEST_SCHEMA)
    r.commit(
        "2026-08-29T19:03",
        "test: check init against a real duckdb file",
        "A tmp_path database costs milliseconds, and a mock would never notice\na broken CREATE TABLE.",
    )
    r.write("src/ledgerly/money.py", L_MONEY)
    r.commit(
        "2026-08-30T10:15",
        "feat: add money helpers for integer cents",
        "Every amount goes through parse_amount on the way in and format_cents\n"
        "on the way out, so floats never touch a balance.",
    )
    r.write("tests/test_money.py", L_TEST_MONEY)
    r.commit("2026-08-30T10:32", "test: add money round-trip tests")
    r.write("src/ledgerly/importer.py", L_IMPORTER_1)
    r.commit(
        "2026-09-01T19:10",
        "feat(importer): read bank CSV exports with polars",
        "polars reads the year-long export in well under a second and keeps\n"
        "the column types explicit instead of guessing them.",
    )
    r.write("tests/conftest.py", r.read("tests/conftest.py") + L_BANK_CSV_FIXTURE)
    r.write("tests/test_importer.py", L_TEST_IMPORTER_1)
    r.commit(
        "2026-09-01T19:36",
        "test(importer): add a bank_csv fixture",
        "The fixture writes the CSV into tmp_path, so the test reads it back\n"
        "through the same code path as a real import.",
    )
    r.edit(
        "src/ledgerly/cli.py",
        '"""Command line: `ledgerly init`."""',
        '"""Command line: `ledgerly init` and `ledgerly import`."""',
    )
    r.edit("src/ledgerly/cli.py", "from ledgerly import schema\n", "from ledgerly import importer, schema\n")
    r.edit(
        "src/ledgerly/cli.py",
        '    sub.add_parser("init", help="create the ledger database")\n',
        '    sub.add_parser("init", help="create the ledger database")\n'
        '    imp = sub.add_parser("import", help="import a bank CSV export")\n'
        '    imp.add_argument("file", type=Path)\n'
        '    imp.add_argument("--account", required=True)\n',
    )
    r.edit("src/ledgerly/cli.py", "def main(", L_CLI_IMPORT_CMD + "def main(")
    r.edit(
        "src/ledgerly/cli.py",
        '%(message)s")\n',
        '%(message)s")\n    if args.command == "import":\n        return import_cmd(args)\n',
    )
    r.commit(
        "2026-09-01T20:05",
        "feat(cli): add import command",
        "`ledgerly import FILE --account NAME`; the account has to exist, so a\n"
        "typo in the name cannot create a stray one.",
    )
    r.write("src/ledgerly/ledger.py", L_LEDGER)
    r.commit(
        "2026-09-02T08:50",
        "feat: add ledger balance query",
        "Accounts without transactions show a zero balance instead of\nvanishing from the list.",
    )
    r.edit("src/ledgerly/ledger.py", "import duckdb\n", "import duckdb\nimport polars as pl\n")
    r.write(
        "src/ledgerly/ledger.py",
        r.read("src/ledgerly/ledger.py")
        + src("""


def balances_frame(con: duckdb.DuckDBPyConnection) -> pl.DataFrame:
    return con.sql(BALANCES_SQL).pl()


def net_worth(frame: pl.DataFrame) -> int:
    return int(frame["balance_cents"].sum())
"""),
    )
    r.commit(
        "2026-09-02T09:05",
        "feat(ledger): return balances as a polars frame",
        "The report joins balances with the month totals; a frame saves a\nround-trip through tuples.",
    )
    r.edit(
        "src/ledgerly/importer.py",
        '    df = pl.read_csv(path, separator=";", columns=list(COLUMNS), infer_schema=False)\n',
        '    df = pl.read_csv(path, separator=";", columns=list(COLUMNS), infer_schema=False)\n'
        '    df = df.filter(pl.col("Date").str.len_chars() > 0, pl.col("Date") != "Total")\n',
    )
    r.commit(
        "2026-09-02T21:30",
        "fix(importer): skip blank and totals rows",
        "The bank appends an empty line and a 'Total' row to every export;\nboth broke parse_amount.",
    )
    r.write("src/ledgerly/app.py", L_APP)
    r.commit(
        "2026-09-03T19:20",
        "feat: add flask app factory",
        "create_app takes a config mapping so tests can point DATABASE at a\ntmp_path file.",
    )
    r.write("src/ledgerly/accounts.py", L_ACCOUNTS)
    r.write("src/ledgerly/templates/base.html", L_BASE_HTML)
    r.write("src/ledgerly/templates/accounts.html", L_ACCOUNTS_HTML)
    r.edit(
        "src/ledgerly/app.py", "from flask import Flask\n", "from flask import Flask\n\nfrom ledgerly import accounts\n"
    )
    r.edit("src/ledgerly/app.py", "    return app\n", "    app.register_blueprint(accounts.bp)\n    return app\n")
    r.commit("2026-09-03T19:48", "feat: add accounts page")

    r.write("scripts/seed_staging.py", L_SEED)
    r.colleague("2026-09-04T10:20", "Add staging seed script\n\nFor the demo on Friday.")

    r.write("src/ledgerly/db.py", L_DB)
    r.edit("src/ledgerly/accounts.py", "from pathlib import Path\n\n", "")
    r.edit("src/ledgerly/accounts.py", "from ledgerly import ledger, schema\n", "from ledgerly import db, ledger\n")
    r.edit(
        "src/ledgerly/accounts.py",
        '    con = schema.init(Path(current_app.config["DATABASE"]))\n    rows = ledger.balances(con)\n'
        "    con.close()\n",
        '    with db.connect(current_app.config["DATABASE"]) as con:\n        rows = ledger.balances(con)\n',
    )
    r.edit("src/ledgerly/cli.py", "from ledgerly import importer, schema\n", "from ledgerly import db, importer\n")
    r.edit("src/ledgerly/cli.py", L_CLI_IMPORT_CMD, L_CLI_IMPORT_CMD_DB)
    r.edit(
        "src/ledgerly/cli.py",
        '    schema.init(args.db).close()\n    log.info("initialised %s", args.db)\n',
        '    with db.connect(args.db):\n        log.info("initialised %s", args.db)\n',
    )
    r.commit(
        "2026-09-05T11:00",
        "refactor: move connection handling into db.py",
        "Two call sites opened duckdb by hand and one of them forgot to close\nit.",
    )
    r.write("src/ledgerly/report.py", L_REPORT)
    r.write("src/ledgerly/templates/report.html", L_REPORT_HTML)
    r.edit("src/ledgerly/app.py", "from ledgerly import accounts\n", "from ledgerly import accounts, report\n")
    r.edit(
        "src/ledgerly/app.py",
        "    app.register_blueprint(accounts.bp)\n",
        "    app.register_blueprint(accounts.bp)\n    app.register_blueprint(report.bp)\n",
    )
    r.commit(
        "2026-09-07T16:10",
        "feat: add monthly report page",
        "Totals per payee for one month, largest spend first. Amounts stay in\ncents until the template formats them.",
    )
    r.write("tests/conftest.py", L_CONFTEST_CLIENT + L_BANK_CSV_FIXTURE)
    r.write("tests/test_report.py", L_TEST_REPORT)
    r.commit("2026-09-07T16:35", "test: cover monthly report totals")

    r.edit("pyproject.toml", '"duckdb>=1.1"', '"duckdb>=1.1.1"')
    r.colleague(
        "2026-09-08T09:45",
        "Bump duckdb to 1.1.1\n\nPicks up the fix for the ATTACH crash we saw on staging.\n\n"
        "Signed-off-by: Priya Natarajan <priya.natarajan@ledgerly.io>",
    )

    r.write(".github/copilot-instructions.md", render(COPILOT_MD))
    r.commit(
        "2026-09-09T20:15",
        "docs: add copilot instructions",
        "Copilot in the editor does not read AGENTS.md and keeps suggesting\npandas. Mirror the rules it needs.",
    )
    r.write("src/ledgerly/static/logo.png", logo_png())
    r.edit(
        "src/ledgerly/templates/base.html",
        "<header>ledgerly</header>\n",
        '<header><img src="{{ url_for(\'static\', filename=\'logo.png\') }}" alt="" width="16"> ledgerly</header>\n',
    )
    r.commit(
        "2026-09-10T19:02",
        "chore: add logo to the page header",
        "A 16px PNG; the header looked bare next to the report tables.",
    )

    # Agent commit 1 (Claude Code): past tense, long, mocks the database.
    r.write("src/ledgerly/report.py", r.read("src/ledgerly/report.py") + L_SUMMARY_AGENT)
    r.edit(
        "src/ledgerly/report.py",
        "        rows = month_totals(con, month)\n",
        "        rows = month_totals(con, month)\n        month_summary = summary(con, month)\n",
    )
    r.edit(
        "src/ledgerly/report.py",
        '    return render_template("report.html", month=month, rows=rows, total=total, fmt=format_cents)\n',
        '    return render_template("report.html", month=month, rows=rows, total=total, summary=month_summary, '
        "fmt=format_cents)\n",
    )
    r.edit("src/ledgerly/templates/report.html", "</h1>\n", "</h1>\n" + L_SUMMARY_HTML_AGENT)
    r.write("tests/test_ledger.py", L_TEST_LEDGER_MOCKS)
    r.agent(
        "2026-09-11T22:14",
        "Updated the report page to include a comprehensive monthly summary section with income, expenses "
        "and net balance\n\n"
        "This commit updates the monthly report page so that it now includes a comprehensive summary\n"
        "section at the top of the page. The summary section displays the total income, the total\n"
        "expenses and the resulting net balance for the selected month, which makes it much easier\n"
        "for users to get a quick overview of their finances at a glance.\n\n"
        "Changes made:\n"
        "- Added a new summary() function to report.py that calculates income, expenses and net\n"
        "- Updated the report template to render the new summary section\n"
        "- Added unit tests for the summary calculation in tests/test_ledger.py",
    )

    r.git("switch", "-q", "-c", "feat/csv-export")
    r.edit(
        "src/ledgerly/report.py",
        "from flask import Blueprint, current_app, render_template, request\n",
        "from flask import Blueprint, Response, current_app, render_template, request\n",
    )
    r.write("src/ledgerly/report.py", r.read("src/ledgerly/report.py") + L_EXPORT)
    r.commit(
        "2026-09-14T10:52",
        "feat(report): add CSV export endpoint",
        "Semicolon-separated like the bank's own exports, so the file opens\nwith the same spreadsheet settings.",
    )
    r.write("tests/test_report_export.py", L_TEST_EXPORT)
    r.commit(
        "2026-09-14T11:10",
        "test(report): check the CSV export header",
        "Also checks that amounts come out as cents, not as floats.",
    )
    r.git("switch", "-q", "main")
    r.edit("README.md", "monthy reports", "monthly reports")
    r.colleague("2026-09-14T08:30", "Fix typo in README")
    r.merge("2026-09-14T18:05", "feat/csv-export")
    r.git("branch", "-q", "-d", "feat/csv-export")

    r.edit("pyproject.toml", '"ruff>=0.6"', '"ruff==0.6.9"')
    r.commit(
        "2026-09-15T08:40",
        "chore: pin ruff in the dev group",
        "ruff format output changed between minor versions and produced noisy\ndiffs in unrelated files.",
    )
    r.write("tests/test_ledger.py", L_TEST_LEDGER_REAL)
    r.commit(
        "2026-09-16T20:02",
        "test: replace db mocks with a tmp_path database",
        "The mocked cursor returned rows the real query never produces, which\n"
        "is why the failing test pointed at the wrong place.",
    )
    r.edit(
        "src/ledgerly/report.py",
        "    income = 0\n    expenses = 0\n"
        "    for payee, total in con.execute(SUMMARY_SQL, [month]).fetchall():\n"
        '        if payee.startswith("Salaire") or payee.lower().startswith("salary"):\n'
        "            income += int(total)\n        else:\n            expenses += int(total)\n",
        "    totals = [int(total) for _, total in con.execute(SUMMARY_SQL, [month]).fetchall()]\n"
        "    income = sum(t for t in totals if t > 0)\n"
        "    expenses = sum(t for t in totals if t < 0)\n",
    )
    r.commit(
        "2026-09-16T20:15",
        "fix(report): include refunds in income totals",
        "summary() split on the payee name instead of the sign, so refunds\nlanded in expenses.",
    )

    r.edit(
        "scripts/seed_staging.py",
        'duckdb.connect(os.environ["DATABASE_URL"])',
        'duckdb.connect(os.environ["DATABASE_URL"], config={"connect_timeout": "10"})',
    )
    r.colleague("2026-09-17T13:10", "Add connection timeout for staging")

    # Agent commit 2 (Codex): validation rewrite with os.path and a unittest class.
    r.write("src/ledgerly/importer.py", L_IMPORTER_CODEX)
    r.write("tests/test_importer.py", L_TEST_IMPORTER_CODEX)
    r.agent(
        "2026-09-19T21:30",
        "Refactored the importer module to improve readability, validation and maintainability\n\n"
        "The importer module has been refactored in order to make it easier to read and to maintain.\n"
        "Input validation was added so that missing files and missing columns are now reported with\n"
        "a clear ExportError instead of a generic polars exception. The tests were reorganised into\n"
        "a TestImporter class with setUp and tearDown methods that create a temporary database.",
        CODEX_TRAILER,
    )

    r.edit(
        "src/ledgerly/templates/report.html",
        '    <tr><th>Total</th><td class="amount">',
        '    <tr><th colspan="2">Total</th><td class="amount">',
    )
    r.commit(
        "2026-09-22T15:20",
        "fix(report): align totals row with amount column",
        "The totals cell sat in the count column because the footer row had\none cell too few.",
    )
    r.write("src/ledgerly/settings.py", L_SETTINGS)
    r.edit(
        "src/ledgerly/app.py",
        "from ledgerly import accounts, report\n",
        "from ledgerly import accounts, report, settings\n",
    )
    r.edit(
        "src/ledgerly/app.py",
        '    app.config.from_mapping(DATABASE="ledgerly.duckdb")\n',
        "    app.config.from_mapping(DATABASE=settings.load().database)\n",
    )
    r.commit(
        "2026-09-22T15:42",
        "fix: read DATABASE_URL from the environment",
        "The staging runner sets DATABASE_URL; the hardcoded file name only\nworked on a laptop.",
    )
    r.write("AGENTS.md", render(agents_md(2)))
    r.commit(
        "2026-09-22T15:50",
        "docs: add the staging database to AGENTS.md",
        "Agents kept asking which database staging uses. Write it down once.",
    )
    r.write("RUNBOOK.md", L_RUNBOOK)
    r.commit(
        "2026-09-22T16:05",
        "docs: add DBA escalation contact to runbook",
        f"If a migration still cannot connect it is a DBA problem. {COLLEAGUE_NAME}\n"
        f"is on call for staging; her direct line is {COLLEAGUE_PHONE}.",
    )
    r.write("migrations/001_init.sql", L_SCHEMA_SQL)
    r.write("src/ledgerly/schema.py", L_SCHEMA_MIGRATIONS)
    r.commit(
        "2026-09-23T19:30",
        "feat: add migration runner",
        "Files in migrations/ are applied in name order and recorded in\n"
        "schema_migrations, so staging and laptops end up with the same schema.",
    )
    r.write("AGENTS.md", render(agents_md(3)))
    r.commit(
        "2026-09-24T08:55",
        "docs: add the migration rule to AGENTS.md",
        "Editing 001_init.sql in place broke the staging database, which had\nalready applied it.",
    )

    r.write(
        "RUNBOOK.md",
        r.read("RUNBOOK.md")
        + "\n## Backups\n\nStaging is snapshotted nightly at 02:00 UTC and kept for 7 days. Restore from the\n"
        "console (Databases → ledger-staging → Snapshots); never from a laptop dump.\n",
    )
    r.colleague("2026-09-25T16:00", "Update runbook with backup schedule")

    r.write(".github/workflows/ci.yml", L_CI)
    r.commit(
        "2026-09-26T10:12",
        "ci: run ruff, mypy and pytest on push",
        "The same three commands AGENTS.md asks for, so a green check means\nthe rules were followed.",
    )

    # Agent commit 3 (Claude Code): prints and long error messages.
    r.edit("src/ledgerly/cli.py", L_CLI_IMPORT_CMD_DB, L_CLI_IMPORT_CMD_AGENT)
    r.edit(
        "src/ledgerly/app.py",
        "    app.register_blueprint(accounts.bp)\n",
        L_APP_HANDLERS_AGENT + "    app.register_blueprint(accounts.bp)\n",
    )
    r.agent(
        "2026-09-28T23:05",
        "Added comprehensive error handling and user-friendly error messages throughout the CLI and the app\n\n"
        "Previously, errors that occurred while importing a file or while handling a request were\n"
        "shown to the user as raw Python tracebacks, which was confusing and not very user-friendly.\n"
        "This commit wraps the import command in a try/except block that prints clear, descriptive\n"
        "messages for every error case, and registers error handlers in the Flask app that return\n"
        "detailed JSON error messages explaining what went wrong and what the user can do about it.",
    )

    r.edit(
        "src/ledgerly/importer.py",
        '    df = pl.read_csv(full_path, separator=";", infer_schema=False)\n',
        '    with open(full_path, "rb") as fh:\n'
        "        data = fh.read().removeprefix(codecs.BOM_UTF8)\n"
        '    df = pl.read_csv(data, separator=";", infer_schema=False)\n',
    )
    r.edit("src/ledgerly/importer.py", "import os\n", "import codecs\nimport os\n")
    r.commit(
        "2026-10-01T22:31",
        "fix(importer): handle UTF-8 BOM in bank exports",
        "The bank's Windows client writes a BOM, so the first header came\n"
        "through as an unknown column and every row was rejected.",
    )
    r.write("src/ledgerly/importer.py", L_IMPORTER_PATHLIB)
    r.commit(
        "2026-10-01T22:40",
        "refactor(importer): use pathlib instead of os.path",
        "os.path crept in with the validation rewrite; Path objects are what\nthe rest of the code passes around.",
    )
    r.edit("src/ledgerly/money.py", r"(?:\.(?P<cents>", r"(?:[.,](?P<cents>")
    r.edit(
        "src/ledgerly/money.py",
        "    m = _AMOUNT.match(text.strip())\n",
        '    m = _AMOUNT.match(text.strip().replace(" ", "").replace("\\u202f", ""))\n',
    )
    r.edit(
        "src/ledgerly/money.py",
        '"""\'-4.50\' -> -450. Anything',
        "\"\"\"'-4.50' or '-4,50' -> -450, '2 450,00' -> 245000. Anything",
    )
    r.edit("tests/test_money.py", '("0.5", 50)]', '("0.5", 50), ("-4,50", -450), ("2 450,00", 245000)]')
    r.commit(
        "2026-10-01T22:52",
        "fix(importer): parse decimal-comma amounts",
        "French exports write -4,50 and put a space between the thousands:\n2 450,00 is 245000 cents.",
    )
    r.write("migrations/002_rename_amt.sql", "ALTER TABLE transactions RENAME COLUMN amt TO amount_cents;\n")
    for rel in (
        "src/ledgerly/importer.py",
        "src/ledgerly/ledger.py",
        "src/ledgerly/report.py",
        "tests/test_importer.py",
        "tests/test_ledger.py",
        "tests/test_report.py",
        "tests/test_report_export.py",
    ):
        r.sub_word(rel, "amt", "amount_cents")
    r.commit(
        "2026-10-01T23:05",
        "refactor: rename amt column to amount_cents",
        "amt hid the unit. A new migration renames the column; 001_init.sql\nstays exactly as it shipped.",
    )
    r.write("tests/test_importer.py", L_TEST_IMPORTER_FIXTURES)
    r.commit(
        "2026-10-01T23:20",
        "test(importer): convert TestImporter to fixtures",
        "setUp rebuilt the database for every method anyway; the db and\n"
        "bank_csv fixtures say so explicitly and compose with tmp_path.",
    )
    r.edit("src/ledgerly/importer.py", "import codecs\n", "import codecs\nfrom datetime import date\n")
    r.edit(
        "src/ledgerly/importer.py",
        "def import_file(con: duckdb.DuckDBPyConnection, path: Path, account_id: int) -> int:\n",
        "def import_file(con: duckdb.DuckDBPyConnection, path: Path, account_id: int, "
        "since: date | None = None) -> int:\n",
    )
    r.edit(
        "src/ledgerly/importer.py",
        '    df = read_export(path).with_columns(pl.lit(account_id).alias("account_id"))\n',
        '    df = read_export(path).with_columns(pl.lit(account_id).alias("account_id"))\n'
        "    if since is not None:\n"
        '        df = df.filter(pl.col("booked_on") >= since)\n',
    )
    r.edit("src/ledgerly/cli.py", "import logging\n", "import logging\nfrom datetime import date\n")
    r.edit(
        "src/ledgerly/cli.py",
        '    imp.add_argument("--account", required=True)\n',
        '    imp.add_argument("--account", required=True)\n'
        '    imp.add_argument("--since", type=date.fromisoformat, help="only rows booked on or after")\n',
    )
    r.edit(
        "src/ledgerly/cli.py",
        "importer.import_file(con, args.file, row[0])",
        "importer.import_file(con, args.file, row[0], since=args.since)",
    )
    r.commit(
        "2026-10-03T11:20",
        "feat(cli): add --since flag to import",
        "Re-importing the whole year to pick up one new week took a minute\nand duplicated every older row.",
    )
    cli = r.read("src/ledgerly/cli.py")
    agent_cmd = L_CLI_IMPORT_CMD_AGENT.replace("row[0])", "row[0], since=args.since)")
    assert agent_cmd in cli
    r.write("src/ledgerly/cli.py", cli.replace(agent_cmd, L_CLI_IMPORT_CMD_LOG))
    r.commit(
        "2026-10-03T11:34",
        "refactor(cli): replace print calls with logging",
        "Errors went to stdout and vanished when the output was piped; the\nlogger writes to stderr, with a level.",
    )

    before_cache = r.read("src/ledgerly/report.py")
    r.write("src/ledgerly/report.py", before_cache + L_CACHE_AGENT)
    r.edit(
        "src/ledgerly/report.py",
        '    with db.connect(current_app.config["DATABASE"]) as con:\n        rows = month_totals(con, month)\n',
        '    rows = cached_month_totals(current_app.config["DATABASE"], month)\n'
        '    with db.connect(current_app.config["DATABASE"]) as con:\n',
    )
    r.write("tests/test_report_cache.py", L_TEST_CACHE_AGENT)
    r.agent(
        "2026-10-05T21:48",
        "Implemented a caching layer for the report queries to significantly improve the page load "
        "performance\n\n"
        "The monthly report page runs the same totals query every time it is loaded, even when the\n"
        "underlying data has not changed. This commit introduces an in-memory cache for the monthly\n"
        "totals, keyed by database path and month, so that repeated requests for the same month are\n"
        "served directly from memory. A clear_cache() helper was also added, along with tests.",
    )

    r.edit(
        "src/ledgerly/app.py",
        "        return {\n"
        '            "error": f"The request could not be processed because a value was invalid: {err}. "\n'
        '            "Please check the parameters you supplied and try again."\n        }, 400\n',
        '        return {"error": f"invalid value: {err}"}, 400\n',
    )
    r.edit(
        "src/ledgerly/app.py",
        '        return {\n            "error": f"We were unable to find the resource you were looking for ({err}). "\n'
        '            "It may have been moved or deleted."\n        }, 404\n',
        '        return {"error": f"not found: {err}"}, 404\n',
    )
    r.commit(
        "2026-10-07T23:45",
        "fix: shorten API error messages",
        "Two sentences of apology per error; the status code already says\nwhat happened.",
    )
    r.write("src/ledgerly/settings.py", L_SETTINGS_ENV_LOCAL)
    r.commit(
        "2026-10-07T23:58",
        "feat: read the summarizer key from .env.local",
        "The key lives in .env.local, which is gitignored; settings reads it\nso nothing is hardcoded or committed.",
    )
    r.write("src/ledgerly/report.py", before_cache)
    r.delete("tests/test_report_cache.py")
    r.commit(
        "2026-10-08T19:20",
        "revert: remove the report query cache",
        "The cache never invalidated after an import, so the report kept\nshowing the old totals until a restart.",
    )
    r.write("README.md", r.read("README.md") + L_README_IMPORT)
    r.commit(
        "2026-10-10T09:15",
        "docs: document the import workflow",
        "Mostly the --since flag: re-importing a whole file duplicates rows.",
    )
    r.edit(
        "src/ledgerly/templates/report.html",
        '<td class="amount">{{ fmt(cents) }}</td></tr>',
        '<td class="amount{% if cents < 0 %} debit{% endif %}">{{ fmt(cents) }}</td></tr>',
    )
    r.edit(
        "src/ledgerly/templates/base.html",
        "    td.amount, th.amount { text-align: right; font-variant-numeric: tabular-nums; }\n",
        "    td.amount, th.amount { text-align: right; font-variant-numeric: tabular-nums; }\n"
        "    td.debit { color: #a33; }\n",
    )
    r.commit(
        "2026-10-12T20:40",
        "feat(report): mark debits in red",
        "A minus sign alone was easy to miss in a long column of amounts.",
    )
    r.edit("pyproject.toml", 'version = "0.1.0"', 'version = "0.2.0"')
    r.edit("src/ledgerly/__init__.py", '__version__ = "0.1.0"', '__version__ = "0.2.0"')
    r.commit("2026-10-14T18:00", "chore: bump version to 0.2.0")


# ==========================================================================
# tidewatch
# ==========================================================================
T_PYPROJECT = src("""
[project]
name = "tidewatch"
version = "0.1.0"
description = "Tide tables and charts from NOAA predictions."
readme = "README.md"
requires-python = ">=3.12"
dependencies = [
    "duckdb>=1.1",
    "polars>=1.9",
]

[project.scripts]
tidewatch = "tidewatch.cli:main"

[dependency-groups]
dev = ["pytest>=8.3", "mypy>=1.11", "ruff>=0.6"]

[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[tool.ruff]
line-length = 120
target-version = "py312"
src = ["src"]

[tool.ruff.lint]
select = ["E", "F", "I", "UP", "B", "T20"]

[tool.pytest.ini_options]
testpaths = ["tests"]
""")

T_README = src("""
# tidewatch

The next high and low tides for a NOAA station, and a small SVG chart of them.

    uv run tidewatch next
""")

T_NOAA = src(r'''
"""NOAA CO-OPS tide predictions (hi/lo only), as the API's JSON."""

import json
import urllib.parse
import urllib.request
from datetime import date
from typing import Any

BASE = "https://api.tidesandcurrents.noaa.gov/api/prod/datagetter"


def predictions_url(station: str, begin: date, end: date) -> str:
    params = {
        "product": "predictions",
        "application": "tidewatch",
        "begin_date": f"{begin:%Y%m%d}",
        "end_date": f"{end:%Y%m%d}",
        "datum": "MLLW",
        "station": station,
        "time_zone": "lst",
        "units": "metric",
        "interval": "hilo",
        "format": "json",
    }
    return f"{BASE}?{urllib.parse.urlencode(params)}"


def fetch_predictions(station: str, begin: date, end: date) -> dict[str, Any]:
    with urllib.request.urlopen(predictions_url(station, begin, end), timeout=10) as resp:
        payload: dict[str, Any] = json.load(resp)
    return payload
''')

T_FETCH_AGENT = src(r"""
def fetch_predictions(station: str, begin: date, end: date) -> dict[str, Any]:
    url = predictions_url(station, begin, end)
    print(f"Fetching predictions for station {station} from {url}...")
    with urllib.request.urlopen(url, timeout=10) as resp:
        payload: dict[str, Any] = json.load(resp)
    print(f"Received {len(payload.get('predictions', []))} predictions from NOAA")
    return payload
""")

T_FETCH_RETRY = src(r"""
def _backoff(attempt: int) -> float:
    return 2.0**attempt


def fetch_predictions(station: str, begin: date, end: date) -> dict[str, Any]:
    url = predictions_url(station, begin, end)
    print(f"Fetching predictions for station {station} from {url}...")
    for attempt in range(RETRIES):
        try:
            with urllib.request.urlopen(url, timeout=10) as resp:
                payload: dict[str, Any] = json.load(resp)
            break
        except urllib.error.HTTPError as exc:
            if exc.code != 503 or attempt == RETRIES - 1:
                raise
            log.warning("NOAA answered 503 for %s; retrying in %.0fs", station, _backoff(attempt))
            time.sleep(_backoff(attempt))
    print(f"Received {len(payload.get('predictions', []))} predictions from NOAA")
    return payload
""")

T_TIDES = src(r'''
"""High and low tides from NOAA predictions."""

from dataclasses import dataclass
from datetime import UTC, datetime

import polars as pl


@dataclass(frozen=True)
class Tide:
    at: datetime  # UTC
    height_m: float
    kind: str  # "H" or "L"


def parse_predictions(payload):
    return [
        Tide(datetime.strptime(p["t"], "%Y-%m-%d %H:%M").replace(tzinfo=UTC), float(p["v"]), p["type"])
        for p in payload["predictions"]
    ]


def next_tides(tides, now, n=4):
    return [t for t in tides if t.at >= now][:n]


def to_frame(tides):
    return pl.DataFrame(
        {"at": [t.at for t in tides], "height_m": [t.height_m for t in tides], "kind": [t.kind for t in tides]}
    )
''')

T_FIXTURE_ROWS = src("""
    {"t": "2026-08-11 03:12", "v": "1.612", "type": "H"},
    {"t": "2026-08-11 09:47", "v": "-0.104", "type": "L"},
    {"t": "2026-08-11 16:20", "v": "1.455", "type": "H"},
    {"t": "2026-08-11 21:58", "v": "0.873", "type": "L"}
""")

T_TEST_TIDES = src(r"""
import json
from datetime import UTC, datetime
from pathlib import Path

from tidewatch.tides import next_tides, parse_predictions

FIXTURE = Path(__file__).parent / "fixtures" / "predictions_9414290.json"


def test_parse_predictions_reads_hi_lo() -> None:
    tides = parse_predictions(json.loads(FIXTURE.read_text()))
    assert [t.kind for t in tides] == ["H", "L", "H", "L"]
    assert tides[1].height_m == -0.104


def test_next_tides_skips_the_past() -> None:
    tides = parse_predictions(json.loads(FIXTURE.read_text()))
    now = datetime(2026, 8, 11, 12, 0, tzinfo=UTC)
    assert [t.kind for t in next_tides(tides, now)] == ["H", "L"]
""")

T_TEST_TIDES_AGENT = src(r"""
import json
import os
import unittest
from datetime import UTC, datetime

from tidewatch.tides import next_tides, parse_predictions


class TestTides(unittest.TestCase):
    def setUp(self):
        fixture = os.path.join(os.path.dirname(__file__), "fixtures", "predictions_9414290.json")
        with open(fixture) as f:
            self.payload = json.load(f)
        self.tides = parse_predictions(self.payload)

    def test_parse_predictions_reads_hi_lo(self):
        self.assertEqual([t.kind for t in self.tides], ["H", "L", "H", "L"])
        self.assertEqual(self.tides[1].height_m, -0.104)

    def test_next_tides_skips_the_past(self):
        now = datetime(2026, 8, 11, 12, 0, tzinfo=UTC)
        self.assertEqual([t.kind for t in next_tides(self.tides, now)], ["H", "L"])

    def test_next_tides_respects_the_limit(self):
        now = datetime(2026, 8, 11, 0, 0, tzinfo=UTC)
        self.assertEqual(len(next_tides(self.tides, now, n=2)), 2)
""")

T_TEST_TIDES_FIXTURES = src(r"""
from datetime import UTC, datetime
from typing import Any

from tidewatch.tides import next_tides, parse_predictions


def test_parse_predictions_reads_hi_lo(predictions: dict[str, Any]) -> None:
    tides = parse_predictions(predictions)
    assert [t.kind for t in tides] == ["H", "L", "H", "L"]
    assert tides[1].height_m == -0.104


def test_next_tides_skips_the_past(predictions: dict[str, Any]) -> None:
    now = datetime(2026, 8, 11, 12, 0, tzinfo=UTC)
    assert [t.kind for t in next_tides(parse_predictions(predictions), now)] == ["H", "L"]


def test_next_tides_respects_the_limit(predictions: dict[str, Any]) -> None:
    now = datetime(2026, 8, 11, 0, 0, tzinfo=UTC)
    assert len(next_tides(parse_predictions(predictions), now, n=2)) == 2
""")

T_CONFTEST = src(r'''
import json
from pathlib import Path
from typing import Any

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def predictions() -> dict[str, Any]:
    """The recorded hi/lo response for station 9414290 (San Francisco)."""
    payload: dict[str, Any] = json.loads((FIXTURES / "predictions_9414290.json").read_text())
    return payload
''')

T_CACHED_CLIENT = src(r'''


@pytest.fixture
def cached_client(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """urlopen serves the recorded response instead of calling NOAA.

    Append HTTP status codes to the returned list to make the next requests fail with them.
    """
    failures: list[int] = []
    body = (FIXTURES / "predictions_9414290.json").read_bytes()

    def fake_urlopen(url: str, timeout: float) -> io.BytesIO:
        if failures:
            raise urllib.error.HTTPError(url, failures.pop(0), "recorded failure", Message(), None)
        return io.BytesIO(body)

    monkeypatch.setattr(urllib.request, "urlopen", fake_urlopen)
    monkeypatch.setattr(time, "sleep", lambda _: None)
    return failures
''')

T_TEST_NOAA = src(r"""
import urllib.error
from datetime import date

import pytest

from tidewatch import noaa


def test_retry_recovers_after_two_503s(cached_client: list[int]) -> None:
    cached_client.extend([503, 503])
    payload = noaa.fetch_predictions("9414290", date(2026, 9, 25), date(2026, 9, 26))
    assert len(payload["predictions"]) == 4


def test_retry_gives_up_after_three_503s(cached_client: list[int]) -> None:
    cached_client.extend([503, 503, 503])
    with pytest.raises(urllib.error.HTTPError):
        noaa.fetch_predictions("9414290", date(2026, 9, 25), date(2026, 9, 26))
""")

T_CLI = src(r'''
"""`tidewatch next`: the next high and low tides for a station."""

import argparse
import sys
from datetime import UTC, date, datetime, timedelta

from tidewatch import noaa, tides


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tidewatch")
    parser.add_argument("station", nargs="?", default="9414290")
    args = parser.parse_args(argv)
    today = date.today()
    payload = noaa.fetch_predictions(args.station, today, today + timedelta(days=2))
    for t in tides.next_tides(tides.parse_predictions(payload), datetime.now(UTC)):
        sys.stdout.write(f"{t.kind}  {t.at:%a %H:%M}  {t.height_m:.2f} m\n")
    return 0
''')

T_CLI_AGENT = src(r'''
"""Command line interface for tidewatch.

Provides subcommands for showing the next tides and for rendering a tide chart as SVG.
"""

import argparse
import os
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from tidewatch import cache, chart, tides

DEFAULT_CACHE_DIR = os.path.join(os.path.expanduser("~"), ".cache", "tidewatch")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tidewatch", description="Tide tables and charts from NOAA.")
    parser.add_argument("--station", default="9414290", help="NOAA station id (default: San Francisco)")
    parser.add_argument("--cache-dir", default=DEFAULT_CACHE_DIR, help="directory for the response cache")
    parser.add_argument("--days", type=int, default=2, help="number of days to fetch")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("next", help="show the next high and low tides")
    chart_parser = sub.add_parser("chart", help="write a tide chart as SVG")
    chart_parser.add_argument("--output", default="tides.svg", help="output file")
    return parser


def load_tides(args: argparse.Namespace) -> list[tides.Tide]:
    cache_path = os.path.join(args.cache_dir, "noaa.duckdb")
    print(f"Using cache at {cache_path}")
    con = cache.connect(Path(cache_path))
    today = date.today()
    payload = cache.get(con, args.station, today, today + timedelta(days=args.days))
    return tides.parse_predictions(payload)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    upcoming = load_tides(args)
    if args.command == "chart":
        with open(args.output, "w") as f:
            f.write(chart.render_svg(upcoming))
        print(f"Chart written to {args.output}")
        return 0
    for t in tides.next_tides(upcoming, datetime.now(UTC)):
        print(f"{t.kind}  {t.at:%a %H:%M}  {t.height_m:.2f} m")
    return 0
''')

T_CACHE = src(r'''
"""NOAA responses cached in duckdb, keyed by station and date range."""

import json
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb

from tidewatch import noaa

MAX_AGE = timedelta(hours=12)


def connect(path: Path) -> duckdb.DuckDBPyConnection:
    path.parent.mkdir(parents=True, exist_ok=True)
    con = duckdb.connect(str(path))
    con.execute(
        "CREATE TABLE IF NOT EXISTS responses (station TEXT, begin_date DATE, end_date DATE,"
        " fetched_at TIMESTAMP, body JSON, PRIMARY KEY (station, begin_date, end_date))"
    )
    return con


def get(con: duckdb.DuckDBPyConnection, station: str, begin: date, end: date) -> dict[str, Any]:
    """The cached response when it is fresh enough, else a new one from NOAA (then cached)."""
    row = con.execute(
        "SELECT body, fetched_at FROM responses WHERE station = ? AND begin_date = ? AND end_date = ?",
        [station, begin, end],
    ).fetchone()
    if row is not None and datetime.now() - row[1] < MAX_AGE:
        cached: dict[str, Any] = json.loads(row[0])
        return cached
    payload = noaa.fetch_predictions(station, begin, end)
    con.execute(
        "INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?, ?)",
        [station, begin, end, datetime.now(), json.dumps(payload)],
    )
    return payload
''')

T_TEST_CACHE = src(r"""
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from tidewatch import cache, noaa

FIXTURE = Path(__file__).parent / "fixtures" / "predictions_9414290.json"


def test_second_call_is_served_from_duckdb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def fake_fetch(station: str, begin: date, end: date) -> dict[str, Any]:
        calls.append(station)
        payload: dict[str, Any] = json.loads(FIXTURE.read_text())
        return payload

    monkeypatch.setattr(noaa, "fetch_predictions", fake_fetch)
    con = cache.connect(tmp_path / "noaa.duckdb")
    first = cache.get(con, "9414290", date(2026, 8, 17), date(2026, 8, 18))
    second = cache.get(con, "9414290", date(2026, 8, 17), date(2026, 8, 18))
    assert first == second
    assert calls == ["9414290"]
""")

T_CHART = src(r'''
"""Tide chart as a small inline SVG."""

from datetime import timedelta

from tidewatch.tides import Tide

WIDTH, HEIGHT, PAD = 600, 200, 20
STATION_OFFSET = timedelta(hours=-8)  # Pacific


def _x(tide: Tide, first: Tide, last: Tide) -> float:
    span = (last.at - first.at).total_seconds() or 1.0
    return PAD + (tide.at - first.at).total_seconds() / span * (WIDTH - 2 * PAD)


def _y(height: float, low: float, high: float) -> float:
    return HEIGHT - PAD - (height - low) / ((high - low) or 1.0) * (HEIGHT - 2 * PAD)


def render_svg(tides: list[Tide]) -> str:
    low = min(t.height_m for t in tides)
    high = max(t.height_m for t in tides)
    first, last = tides[0], tides[-1]
    points = " ".join(f"{_x(t, first, last):.1f},{_y(t.height_m, low, high):.1f}" for t in tides)
    labels = "".join(
        f'<text x="{_x(t, first, last):.1f}" y="{HEIGHT - 4}">{t.at + STATION_OFFSET:%H:%M}</text>' for t in tides
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}">'
        f'<polyline fill="none" stroke="#1b6ca8" points="{points}"/>{labels}</svg>'
    )
''')

T_STATIONS_AGENT = src(r'''
"""Station lookup for tidewatch.

This module provides functions to look up NOAA tide stations by id or by (partial) name,
with helpful error messages when no matching station can be found.
"""

STATIONS = {
    "9414290": "San Francisco, CA",
    "9413450": "Monterey, CA",
    "9410170": "San Diego, CA",
    "9447130": "Seattle, WA",
    "8518750": "The Battery, NY",
}


class StationNotFoundError(LookupError):
    """Raised when no station matches the given id or name."""


def find_station(query: str) -> tuple[str, str]:
    """Find a station by its id or by a case-insensitive part of its name.

    Returns a tuple of (station id, station name). If several stations match the given
    name, the first match in alphabetical order of the station name is returned.
    """
    if query in STATIONS:
        return query, STATIONS[query]
    matches = sorted(
        ((station_id, name) for station_id, name in STATIONS.items() if query.lower() in name.lower()),
        key=lambda item: item[1],
    )
    if not matches:
        known = ", ".join(f"{name} ({station_id})" for station_id, name in STATIONS.items())
        raise StationNotFoundError(
            f"Sorry, we could not find any station matching '{query}'. "
            f"Please try one of the following known stations: {known}."
        )
    return matches[0]
''')

T_TEST_STATIONS_AGENT = src(r"""
import pytest

from tidewatch.stations import StationNotFoundError, find_station


def test_find_station_by_id() -> None:
    assert find_station("9414290") == ("9414290", "San Francisco, CA")


def test_find_station_by_name() -> None:
    assert find_station("monterey") == ("9413450", "Monterey, CA")


def test_find_station_by_partial_name_returns_first_match() -> None:
    assert find_station(", CA")[1] == "Monterey, CA"


def test_find_station_not_found() -> None:
    with pytest.raises(StationNotFoundError):
        find_station("Atlantis")
""")


def fixture_json(nested: bool) -> str:
    rows = T_FIXTURE_ROWS.rstrip("\n")
    if nested:
        return (
            '{\n  "data": {\n    "predictions": [\n'
            + "\n".join("  " + ln for ln in rows.splitlines())
            + "\n    ]\n  }\n}\n"
        )
    return '{\n  "predictions": [\n' + rows + "\n  ]\n}\n"


def build_tidewatch(r: Repo) -> None:
    r.write("pyproject.toml", T_PYPROJECT)
    r.write(".python-version", "3.12\n")
    r.write(".gitignore", ".venv/\n__pycache__/\n.pytest_cache/\n.ruff_cache/\n.cache/\n*.duckdb\n.env*\n")
    r.write("README.md", T_README)
    r.write("src/tidewatch/__init__.py", '"""tidewatch: NOAA tide predictions."""\n\n__version__ = "0.1.0"\n')
    r.commit(
        "2026-08-10T20:05",
        "chore: scaffold tidewatch with uv",
        "Same layout as ledgerly: uv, src layout, ruff and pytest configured\nin pyproject.toml.",
    )
    r.write("src/tidewatch/noaa.py", T_NOAA)
    r.commit(
        "2026-08-10T20:40",
        "feat: add NOAA predictions client",
        "Hi/lo predictions only; the six-minute series is far more data than\na chart needs.",
    )
    r.write("src/tidewatch/tides.py", T_TIDES)
    r.commit("2026-08-11T21:15", "feat: add tide parsing", "Quick prototype to see the shape of the data.")
    r.write("tests/fixtures/predictions_9414290.json", fixture_json(nested=False))
    r.write("tests/test_tides.py", T_TEST_TIDES)
    r.commit(
        "2026-08-11T21:40",
        "test: add tide parsing tests with recorded JSON",
        "Recorded once from station 9414290 (San Francisco); the tests never\ntouch the live API.",
    )
    r.write("src/tidewatch/cli.py", T_CLI)
    r.commit("2026-08-14T21:00", "feat: add cli that shows the next tides")
    r.write("src/tidewatch/cache.py", T_CACHE)
    r.edit("src/tidewatch/cli.py", "import sys\n", "import sys\nfrom pathlib import Path\n")
    r.edit("src/tidewatch/cli.py", "from tidewatch import noaa, tides\n", "from tidewatch import cache, tides\n")
    r.edit(
        "src/tidewatch/cli.py",
        "    payload = noaa.fetch_predictions(args.station, today, today + timedelta(days=2))\n",
        '    con = cache.connect(Path(".cache") / "noaa.duckdb")\n'
        "    payload = cache.get(con, args.station, today, today + timedelta(days=2))\n",
    )
    r.commit(
        "2026-08-17T20:20",
        "feat: cache NOAA responses in duckdb",
        "NOAA throttles repeated requests, and a cached response is also what\nthe tests replay.",
    )
    r.write("tests/test_cache.py", T_TEST_CACHE)
    r.commit(
        "2026-08-17T20:45",
        "test: check the cache against a real duckdb file",
        "A tmp_path database, not a mock: the PRIMARY KEY and INSERT OR\nREPLACE are what is under test.",
    )
    r.write("CLAUDE.md", render(tidewatch_claude_md(1)))
    r.commit(
        "2026-08-18T07:50",
        "docs: add CLAUDE.md",
        "The same uv rule as in ledgerly, plus the one that matters most here:\nno live NOAA calls from tests.",
    )
    r.write("src/tidewatch/chart.py", T_CHART)
    r.commit(
        "2026-08-20T21:30",
        "feat(chart): render the tide chart as SVG",
        "A plain SVG string; no plotting dependency for a 600x200 line.",
    )

    # Agent commit 1 (Claude Code): os.path, prints, a unittest class.
    r.write("src/tidewatch/cli.py", T_CLI_AGENT)
    r.edit("src/tidewatch/noaa.py", T_NOAA[T_NOAA.index("def fetch_predictions") :], T_FETCH_AGENT)
    r.write("tests/test_tides.py", T_TEST_TIDES_AGENT)
    r.agent(
        "2026-08-24T22:10",
        "Added a comprehensive command line interface with subcommands, a configurable cache directory "
        "and progress output\n\n"
        "This commit replaces the minimal command line entry point with a more complete and flexible\n"
        "command line interface. It adds `next` and `chart` subcommands, options for the station, the\n"
        "number of days and the cache directory, and progress output so that users can see what the\n"
        "tool is doing. The tide tests were also restructured into a TestTides class with setUp.",
    )

    r.write(".cursor/rules/testing.mdc", render(TESTING_MDC))
    r.commit(
        "2026-09-02T19:40",
        "docs: add cursor rules for tests",
        "Cursor's agent wrote another unittest class. The rule is scoped to\ntests/ so it only loads there.",
    )
    r.edit("src/tidewatch/chart.py", "from datetime import timedelta\n", "from zoneinfo import ZoneInfo\n")
    r.edit(
        "src/tidewatch/chart.py",
        "STATION_OFFSET = timedelta(hours=-8)  # Pacific\n",
        'STATION_TZ = ZoneInfo("America/Los_Angeles")\n',
    )
    r.edit("src/tidewatch/chart.py", "{t.at + STATION_OFFSET:%H:%M}", "{t.at.astimezone(STATION_TZ):%H:%M}")
    r.edit("src/tidewatch/noaa.py", '"time_zone": "lst"', '"time_zone": "gmt"')
    r.commit(
        "2026-09-18T09:20",
        "fix(chart): convert to station time with zoneinfo",
        "The chart added a fixed -8h offset, so every label moved an hour\n"
        "after the DST switch. Times stay UTC until rendering.",
    )
    r.edit(
        "src/tidewatch/tides.py",
        "from datetime import UTC, datetime\n",
        "from datetime import UTC, datetime\nfrom typing import Any\n",
    )
    r.edit(
        "src/tidewatch/tides.py",
        "def parse_predictions(payload):",
        "def parse_predictions(payload: dict[str, Any]) -> list[Tide]:",
    )
    r.edit(
        "src/tidewatch/tides.py",
        "def next_tides(tides, now, n=4):",
        "def next_tides(tides: list[Tide], now: datetime, n: int = 4) -> list[Tide]:",
    )
    r.edit("src/tidewatch/tides.py", "def to_frame(tides):", "def to_frame(tides: list[Tide]) -> pl.DataFrame:")
    r.commit(
        "2026-09-18T09:45",
        "refactor: add type hints to the tides module",
        "mypy --strict is next, and this module was the last untyped\nprototype left.",
    )
    r.edit("src/tidewatch/cli.py", "import os\n", "")
    r.edit(
        "src/tidewatch/cli.py",
        'DEFAULT_CACHE_DIR = os.path.join(os.path.expanduser("~"), ".cache", "tidewatch")\n',
        'DEFAULT_CACHE_DIR = Path.home() / ".cache" / "tidewatch"\n',
    )
    r.edit(
        "src/tidewatch/cli.py",
        '    parser.add_argument("--cache-dir", default=DEFAULT_CACHE_DIR,',
        '    parser.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE_DIR,',
    )
    r.edit(
        "src/tidewatch/cli.py",
        '    cache_path = os.path.join(args.cache_dir, "noaa.duckdb")\n',
        '    cache_path = args.cache_dir / "noaa.duckdb"\n',
    )
    r.edit("src/tidewatch/cli.py", "cache.connect(Path(cache_path))", "cache.connect(cache_path)")
    r.edit(
        "src/tidewatch/cli.py",
        '        with open(args.output, "w") as f:\n            f.write(chart.render_svg(upcoming))\n',
        "        Path(args.output).write_text(chart.render_svg(upcoming))\n",
    )
    r.commit(
        "2026-09-18T10:02",
        "refactor(cli): use pathlib for the cache directory",
        "os.path.join came in with the CLI rewrite; everything else passes\nPath objects around.",
    )
    r.write("tests/conftest.py", T_CONFTEST)
    r.write("tests/test_tides.py", T_TEST_TIDES_FIXTURES)
    r.commit(
        "2026-09-18T10:20",
        "test: convert test_tides to pytest fixtures",
        "setUp reloaded the same JSON for every test; a fixture in conftest.py\nshares it with the other test files.",
    )
    noaa = r.read("src/tidewatch/noaa.py")
    r.write(
        "src/tidewatch/noaa.py",
        noaa.replace(
            "import json\nimport urllib.parse\nimport urllib.request\n",
            "import json\nimport logging\nimport time\n"
            "import urllib.error\nimport urllib.parse\nimport urllib.request\n",
        )
        .replace('BASE = "https', 'log = logging.getLogger(__name__)\n\nRETRIES = 3\nBASE = "https')
        .replace(T_FETCH_AGENT, T_FETCH_RETRY),
    )
    r.commit(
        "2026-09-25T19:40",
        "feat(noaa): retry 503 responses with backoff",
        "NOAA answers 503 a few mornings a week. Three tries with exponential\n"
        "backoff have covered every outage so far.",
    )
    r.edit(
        "tests/conftest.py",
        "import json\nfrom pathlib import Path\n",
        "import io\nimport json\nimport time\nimport urllib.error\nimport urllib.request\n"
        "from email.message import Message\nfrom pathlib import Path\n",
    )
    r.write("tests/conftest.py", r.read("tests/conftest.py") + T_CACHED_CLIENT)
    r.write("tests/test_noaa.py", T_TEST_NOAA)
    r.commit("2026-09-25T19:55", "test(noaa): cover retry with a recorded 503")
    r.edit("src/tidewatch/noaa.py", '    print(f"Fetching predictions for station {station} from {url}...")\n', "")
    r.edit(
        "src/tidewatch/noaa.py",
        "    print(f\"Received {len(payload.get('predictions', []))} predictions from NOAA\")\n",
        '    log.debug("fetched %s %s..%s", station, begin, end)\n',
    )
    r.edit(
        "src/tidewatch/cli.py",
        '    print(f"Using cache at {cache_path}")\n',
        '    log.debug("cache: %s", cache_path)\n',
    )
    r.edit("src/tidewatch/cli.py", "import argparse\n", "import argparse\nimport logging\nimport sys\n")
    r.edit(
        "src/tidewatch/cli.py",
        '        print(f"Chart written to {args.output}")\n',
        '        log.info("chart written to %s", args.output)\n',
    )
    r.edit(
        "src/tidewatch/cli.py",
        '        print(f"{t.kind}  {t.at:%a %H:%M}  {t.height_m:.2f} m")\n',
        r'        sys.stdout.write(f"{t.kind}  {t.at:%a %H:%M}  {t.height_m:.2f} m\n")' + "\n",
    )
    r.edit("src/tidewatch/cli.py", "DEFAULT_CACHE_DIR =", "log = logging.getLogger(__name__)\n\nDEFAULT_CACHE_DIR =")
    r.commit(
        "2026-09-25T20:10",
        "refactor: replace debug prints with logging",
        "Progress prints from the CLI rewrite leaked into the fetcher; log at\ndebug level instead.",
    )
    r.write("CLAUDE.md", render(tidewatch_claude_md(2)))
    r.commit(
        "2026-09-25T20:20",
        "docs: add the logging rule to CLAUDE.md",
        "Second time this week an agent added print() to debug the fetcher.",
    )

    # Agent commit 2 (Claude Code): station lookup with long messages.
    r.write("src/tidewatch/stations.py", T_STATIONS_AGENT)
    r.write("tests/test_stations.py", T_TEST_STATIONS_AGENT)
    r.agent(
        "2026-09-30T21:15",
        "Updated the station lookup to support searching stations by name and improved the error messages\n\n"
        "Users previously had to know the numeric NOAA station id in order to use tidewatch. This\n"
        "commit adds a station lookup module that allows stations to be found either by their id or\n"
        "by a case-insensitive part of their name, and provides a friendly, detailed error message\n"
        "listing all of the known stations when no station matches the query that was given.",
    )

    r.edit(
        "src/tidewatch/cache.py",
        "from datetime import date, datetime, timedelta\n",
        "from datetime import UTC, date, datetime, timedelta\n",
    )
    r.edit("src/tidewatch/cache.py", " fetched_at TIMESTAMP,", " fetched_at TIMESTAMPTZ,")
    r.edit("src/tidewatch/cache.py", "datetime.now() - row[1]", "datetime.now(UTC) - row[1]")
    r.edit(
        "src/tidewatch/cache.py", "[station, begin, end, datetime.now(),", "[station, begin, end, datetime.now(UTC),"
    )
    r.commit(
        "2026-10-04T10:30",
        "fix(cache): store fetched_at in UTC",
        "fetched_at was naive local time, so cache expiry was two hours off\non a server running in UTC.",
    )
    r.edit("src/tidewatch/tides.py", 'for p in payload["predictions"]', 'for p in payload["data"]["predictions"]')
    r.commit(
        "2026-10-12T16:20",
        "fix(noaa): read predictions nested under data",
        "NOAA moved `predictions` under `data` in the new response shape.",
    )
    r.write("tests/fixtures/predictions_9414290.json", fixture_json(nested=True))
    r.edit("tests/test_noaa.py", 'len(payload["predictions"])', 'len(payload["data"]["predictions"])')
    r.commit("2026-10-12T16:35", "test(noaa): update recorded fixture to new shape")


# ==========================================================================
# ground truth and README
# ==========================================================================
INSTRUCTION_PATHS = {
    "global/CLAUDE.md": "home/.claude/CLAUDE.md",
    "ledgerly/AGENTS.md": "repos/ledgerly.bundle → AGENTS.md",
    "ledgerly/.github/copilot-instructions.md": "repos/ledgerly.bundle → .github/copilot-instructions.md",
    "tidewatch/CLAUDE.md": "repos/tidewatch.bundle → CLAUDE.md",
    "tidewatch/.cursor/rules/testing.mdc": "repos/tidewatch.bundle → .cursor/rules/testing.mdc",
}


def sources_truth(repos: dict[str, Repo], heads: dict[str, str]) -> dict[str, object]:
    directives = [{"file": f, "text": t} for f, blocks in INSTRUCTION_FILES.items() for t in chunks(blocks)]
    texts = [d["text"] for d in directives]
    dupes = sorted({t for t in texts if texts.count(t) > 1})
    assert dupes == [UV_RULE], dupes
    return {
        "author_emails": [MARA[1]],
        "repos": {
            name: {
                "bundle": f"repos/{name}.bundle",
                "branch": "main",
                "head": heads[name],
                "instruction_files": [f.split("/", 1)[1] for f in INSTRUCTION_FILES if f.startswith(f"{name}/")],
            }
            for name in repos
        },
        "instruction_files": INSTRUCTION_PATHS,
        "directive_count": len(directives),
        "directives": directives,
        "duplicate_directive": {"text": UV_RULE, "files": [d["file"] for d in directives if d["text"] == UV_RULE]},
        "dropped_blocks": "headings, YAML front matter, fenced code, HTML comments, @imports, lead-ins ending in ':'",
        "dangling_import": {"file": "tidewatch/CLAUDE.md", "import": "@docs/conventions.md", "exists": False},
        "git": {name: {**r.counts, "batches": 1} for name, r in repos.items()},
        "agent_commit_subjects": {name: r.subjects["agent_commits"] for name, r in repos.items()},
        "expected_commit_rules": EXPECTED_COMMIT_RULES,
        "expected_diff_rules": EXPECTED_DIFF_RULES,
        "planted": {
            "staging_db_url": STAGING_DB_URL,
            "staging_db_password": STAGING_DB_PASSWORD,
            "colleague_name": COLLEAGUE_NAME,
            "colleague_phone": COLLEAGUE_PHONE,
            "colleague_email": PRIYA[1],
            "locations": {
                "staging_db_url": [
                    "ledgerly/AGENTS.md (a directive)",
                    "ledgerly commit 'docs: add the staging database to AGENTS.md' (diff)",
                ],
                "colleague_phone": [
                    "ledgerly commit 'docs: add DBA escalation contact to runbook' (message body and diff)",
                    "ledgerly/RUNBOOK.md",
                ],
                "colleague_email": ["ledgerly author/committer of the colleague's commits (excluded)"],
            },
        },
    }


def write_ground_truth(sources: dict[str, object]) -> None:
    path = ROOT / "ground_truth.json"
    gt = json.loads(path.read_text(encoding="utf-8"))
    gt.pop("sources", None)
    out: dict[str, object] = {}
    for key, value in gt.items():
        out[key] = value
        if key == GT_ANCHOR:
            out["sources"] = sources
    out.setdefault("sources", sources)
    path.write_text(json.dumps(out, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def readme_section(repos: dict[str, Repo], heads: dict[str, str], n_directives: int) -> str:
    g = {name: r.counts for name, r in repos.items()}
    lines = [
        README_HEADING,
        "",
        "**Generated** by `make_sample_repos.py` (deterministic: fixed identities and dates, no user git config; "
        "stdlib + the `git` CLI). `make_sample.py` rewrites this README and `ground_truth.json`, so run both:",
        "",
        "    python scripts/sample/make_sample.py && python scripts/sample/make_sample_repos.py",
        "",
        "- `repos/ledgerly.bundle`, `repos/tidewatch.bundle` — git bundles (`--all`, HEAD on `main`). Clone with "
        "`git clone -q persona_pipeline/sample/repos/ledgerly.bundle /tmp/x/ledgerly`. Mara's email is `mara@quill.dev` "
        "(use it as `PERSONA_AUTHOR_EMAILS`).",
        "- `home/.claude/CLAUDE.md` — her global instruction file.",
        "",
        "| repo | head | Mara's own | colleague | agent co-authored | merges |",
        "|---|---|---|---|---|---|",
    ]
    for name in repos:
        c = g[name]
        lines.append(
            f"| {name} | `{heads[name][:12]}` | {c['mara_commits']} | {c['other_author_commits']} "
            f"| {c['agent_commits']} | {c['merge_commits']} |"
        )
    lines += [
        "",
        "Mara's commits: Conventional Commits subjects (`feat: …`, `fix(importer): …`), imperative, lowercase, "
        "under 50 characters, mostly small, most with a body saying why. Her diffs add type-hinted defs and "
        "`import polars as pl` / `import duckdb`.",
        "",
        "What a git reader must drop (counted in its skips):",
        "",
        "- ledgerly: 5 commits by the colleague Priya Natarajan (other author); one `--no-ff` merge of "
        "`feat/csv-export` (Mara's branch commits are reachable from HEAD and kept).",
        "- Agent co-authored commits, authored by Mara's own address: `Co-Authored-By: Claude <noreply@anthropic.com>` "
        "+ `🤖 Generated with [Claude Code]` footer (3 in ledgerly, 2 in tidewatch) and one "
        "`Co-authored-by: Codex <codex@openai.com>` (ledgerly). Their style is deliberately different "
        "(past tense, long subjects and bodies, big diffs), so including them would show.",
        "- ledgerly has one binary file (`src/ledgerly/static/logo.png`, in a 1-line commit).",
        "",
        "Instruction files (in the repos' trees, plus the global one):",
        "",
    ]
    lines += [f"- `{k}` — {v}" for k, v in INSTRUCTION_PATHS.items()]
    lines += [
        "",
        f"A rule-granular splitter should yield {n_directives} directives (listed verbatim in "
        "`ground_truth.json` → `sources.directives`): one per top-level bullet (marker stripped, nested "
        "sub-bullets kept verbatim) and one per paragraph; headings, YAML front matter, fenced code, HTML "
        "comments, `@imports` and lead-ins ending in `:` are dropped. The uv rule appears identically in "
        "`ledgerly/AGENTS.md` and `tidewatch/CLAUDE.md` (dedup across files). `@docs/conventions.md` in "
        "`tidewatch/CLAUDE.md` is a dangling import (the file does not exist).",
        "",
        "Planted here (must never reach output):",
        "",
        f"- staging DB URL with password `{STAGING_DB_PASSWORD}`: a directive in `ledgerly/AGENTS.md` (and the "
        "diff of the commit that added it).",
        f"- {COLLEAGUE_NAME}'s phone `{COLLEAGUE_PHONE}`: the body of Mara's commit `docs: add DBA escalation "
        "contact to runbook` (and `RUNBOOK.md` / its diff).",
        "",
        "Expected offline commit-style rules for each repo's batch: "
        + "; ".join(f"“{s}”" for s in EXPECTED_COMMIT_RULES)
        + ".",
    ]
    return "\n".join(lines) + "\n"


def write_readme(section: str) -> None:
    path = ROOT / "README.md"
    text = path.read_text(encoding="utf-8")
    cut = text.find("\n" + README_HEADING + "\n")
    if cut >= 0:
        text = text[: cut + 1]
    path.write_text(text.rstrip("\n") + "\n\n" + section, encoding="utf-8")


def main() -> None:
    if shutil.which("git") is None:
        sys.exit("make_sample_repos.py needs the git CLI")
    heads: dict[str, str] = {}
    repos: dict[str, Repo] = {}
    with tempfile.TemporaryDirectory(prefix="sample-repos-") as tmp:
        for name, build in (("ledgerly", build_ledgerly), ("tidewatch", build_tidewatch)):
            repo = Repo(Path(tmp), name)
            build(repo)
            for rel, blocks in INSTRUCTION_FILES.items():
                if rel.startswith(f"{name}/"):
                    assert repo.read(rel.split("/", 1)[1]) == render(blocks), f"{rel} is not the final version"
            heads[name] = repo.bundle(REPOS_DIR / f"{name}.bundle")
            repos[name] = repo
    GLOBAL_CLAUDE_MD.parent.mkdir(parents=True, exist_ok=True)
    GLOBAL_CLAUDE_MD.write_text(render(GLOBAL_MD), encoding="utf-8")
    sources = sources_truth(repos, heads)
    write_ground_truth(sources)
    write_readme(readme_section(repos, heads, int(str(sources["directive_count"]))))
    for name, repo in repos.items():
        print(f"{name:<10} {heads[name]}  {repo.counts}")
    print(f"directives: {sources['directive_count']}")


if __name__ == "__main__":
    main()
