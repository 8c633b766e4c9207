#!/usr/bin/env python3
"""Generate the bundled sample corpus for persona_pipeline.

Fictional developer "Mara Quill" (/home/mquill on Linux, /Users/mquill on a Mac).
Writes realistic Claude Code (2.0.14) and Codex CLI (0.46.0) transcripts under
persona_pipeline/sample/, plus README.md and ground_truth.json describing what was planted.

Deterministic (every random choice comes from seeded ``random.Random``); stdlib
plus this checkout's persona_pipeline/eval/writers.py, which holds the two transcript
formats (the eval corpora write through it too). Regenerate with:

    python scripts/sample/make_sample.py

Everything here is fake: the secrets are random strings in the shape of real
credentials, and the colleague's phone number is in the 555-01xx fiction range.
"""

from __future__ import annotations

import base64
import json
import random
import shutil
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypedDict, Unpack

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))  # this checkout's persona_pipeline, whatever copy is installed
from persona_pipeline.eval import writers  # noqa: E402
from persona_pipeline.eval.writers import (  # noqa: E402
    CAVEAT,
    INTERRUPT_TEXT,
    INTERRUPTED_TOOL,
    REJECTED,
    Entry,
    iso,
    write_jsonl,
)

ROOT = REPO / "persona_pipeline" / "sample"  # the generated corpus
SEED = "persona-sample-v1"
LINUX_HOME = "/home/mquill"
MAC_HOME = "/Users/mquill"
LEDGERLY = f"{LINUX_HOME}/code/ledgerly"
TIDEWATCH = f"{LINUX_HOME}/code/tidewatch"
MAC_LEDGERLY = f"{MAC_HOME}/code/ledgerly"
IMAGE_BYTES = 150_000  # -> 200,000 base64 characters

# --------------------------------------------------------------------------
# Planted fake secrets and PII (ground truth; none of these are real)
# --------------------------------------------------------------------------
AWS_ACCESS_KEY_ID = "AKIAZ7QK3M2PLR6VWX4T"
AWS_SECRET_ACCESS_KEY = "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"
GITHUB_PAT = "ghp_RIBXuDL7DxtpYlSXpfKtHF4vUCsMehGAkWvj"
POSTGRES_URL = "postgres://ledger:Tr1ckyPass42@db.internal:5432/ledger"
POSTGRES_PASSWORD = "Tr1ckyPass42"
STRIPE_KEY = "sk_live_h2FDEEtfjgVvVqE1SkHbn88H"  # in assistant text before a correction
OPENAI_KEY = (
    "sk-proj-x1fjORS_6ilI8ihN5KXSc7Tvo_hBKqFYY_kv5ZJr3J1TWDtkT3BlbkFJwtDDb-xHKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtGSU8p"
)
COLLEAGUE_NAME = "Priya Natarajan"
COLLEAGUE_EMAIL = "priya.natarajan@ledgerly.io"
COLLEAGUE_PHONE = "+1 415-555-0142"

assert len(AWS_ACCESS_KEY_ID) == 20 and AWS_ACCESS_KEY_ID.startswith("AKIA")
assert len(AWS_SECRET_ACCESS_KEY) == 40
assert len(GITHUB_PAT) == 40 and GITHUB_PAT[4:].isalnum()
assert len(OPENAI_KEY) == len("sk-proj-") + 48 + 8 + 48
assert "EXAMPLE" not in AWS_ACCESS_KEY_ID

# --------------------------------------------------------------------------
# Durable preferences (ground truth)
# --------------------------------------------------------------------------
PREFERENCES = {
    "polars": "Use polars, never pandas.",
    "pytest_fixtures": "Write tests as pytest functions with fixtures, not unittest setUp classes.",
    "tests_before_done": "Run the test suite before claiming a task is done.",
    "real_duckdb": "Don't mock the database in tests; use a real duckdb file (tmp_path).",
    "small_conventional_commits": "Small commits with conventional commit messages.",
    "uv": "Use uv for environments/dependencies (uv add / uv run), never pip or requirements.txt.",
    "terse": "Answer tersely: no preamble, no recap.",
    "type_hints": "Type hints everywhere (mypy --strict).",
    "pathlib": "Use pathlib, not os.path.",
    "logging_not_print": "No print() debugging; use logging.",
    "ruff_before_commit": "Run ruff (check --fix + format) before committing.",
}

GROUND: list[dict] = []  # genuine human prompts, filled while building sessions


# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------
def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def pytest_output(
    rng: random.Random,
    rootdir: str,
    tests: dict[str, list[str]],
    failures: dict[str, str] | None = None,
    python: str = "3.12.6",
) -> str:
    failures = failures or {}
    names = [f"{f}::{t}" for f, ts in tests.items() for t in ts]
    out = [
        "============================= test session starts ==============================",
        f"platform linux -- Python {python}, pytest-8.3.3, pluggy-1.5.0 -- {rootdir}/.venv/bin/python",
        "cachedir: .pytest_cache",
        "hypothesis profile 'default' -> database=DirectoryBasedExampleDatabase(PosixPath('"
        f"{rootdir}/.hypothesis/examples'))",
        f"rootdir: {rootdir}",
        "configfile: pyproject.toml",
        "plugins: hypothesis-6.112.1, cov-5.0.0",
        f"collected {len(names)} items",
        "",
    ]
    for i, name in enumerate(names, 1):
        status = "FAILED" if name in failures else "PASSED"
        pct = f"[{100 * i // len(names):>3}%]"
        out.append(f"{name} {status}".ljust(72) + pct)
    if failures:
        out += [
            "",
            "=================================== FAILURES ===================================",
        ]
        for name, tb in failures.items():
            short = name.split("::")[-1]
            out.append(f"_{'_' * ((76 - len(short)) // 2)} {short} {'_' * ((76 - len(short)) // 2)}")
            out.append("")
            out.append(tb)
        out.append("=========================== short test summary info ============================")
        for name, tb in failures.items():
            out.append(f"FAILED {name} - {tb.strip().splitlines()[-1].lstrip('E ').strip()}")
    secs = rng.uniform(0.8, 6.0)
    passed = len(names) - len(failures)
    tail = f"{len(failures)} failed, {passed} passed" if failures else f"{passed} passed"
    out.append(f"{'=' * 25} {tail} in {secs:.2f}s {'=' * 25}")
    return "\n".join(out)


def test_names(rng: random.Random, prefix: str, subjects: list[str], n: int) -> list[str]:
    verbs = [
        "handles",
        "rejects",
        "rounds",
        "parses",
        "groups",
        "sorts",
        "keeps",
        "formats",
        "skips",
        "totals",
    ]
    objs = [
        "empty_month",
        "negative_amounts",
        "unicode_payee",
        "duplicate_rows",
        "bom_header",
        "missing_category",
        "future_dates",
        "large_values",
        "zero_rows",
        "mixed_currency",
        "dst_boundary",
        "leap_day",
        "trailing_whitespace",
        "decimal_comma",
    ]
    seen: set[str] = set()
    while len(seen) < n:
        seen.add(f"test_{rng.choice(subjects)}_{rng.choice(verbs)}_{rng.choice(objs)}")
    return [prefix + s if prefix else s for s in sorted(seen)]


def git_log(rng: random.Random, n: int, subjects: list[str]) -> str:
    return "\n".join(f"{rng.getrandbits(28):07x} {rng.choice(subjects)}" for _ in range(n))


# --------------------------------------------------------------------------
# Source files quoted by tool results (fictional project code)
# --------------------------------------------------------------------------
REPORT_PY = '''"""Monthly report page for ledgerly."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import polars as pl
from flask import Blueprint, render_template, request

from ledgerly.db import connect

bp = Blueprint("report", __name__, url_prefix="/report")


@dataclass(frozen=True)
class ReportRow:
    category: str
    total_cents: int
    count: int


def monthly_totals(month: date) -> pl.DataFrame:
    con = connect()
    return con.execute(
        """
        SELECT category, SUM(amt) AS total_cents, COUNT(*) AS n
        FROM transactions
        WHERE date_trunc('month', booked_on) = ?
        GROUP BY category
        ORDER BY total_cents DESC
        """,
        [month],
    ).pl()


def format_cents(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100:,}.{cents % 100:02d}"


@bp.get("/")
def report_page():
    default = date.today().replace(day=1).isoformat()
    month = date.fromisoformat(request.args.get("month", default))
    df = monthly_totals(month)
    rows = [ReportRow(r["category"], r["total_cents"], r["n"]) for r in df.iter_rows(named=True)]
    grand_total = sum(r.total_cents for r in rows)
    return render_template(
        "report.html",
        month=month,
        rows=rows,
        grand_total=format_cents(grand_total),
        format_cents=format_cents,
    )'''

REPORT_HTML = """{% extends "base.html" %}
{% block content %}
<h1>Report for {{ month.strftime("%B %Y") }}</h1>
<table class="report">
  <thead><tr><th>Category</th><th>Count</th><th class="num">Total</th></tr></thead>
  <tbody>
  {% for row in rows %}
    <tr><td>{{ row.category }}</td><td>{{ row.count }}</td><td class="num">{{ format_cents(row.total_cents) }}</td></tr>
  {% endfor %}
  </tbody>
  <tfoot><tr><td>Total</td><td class="num">{{ grand_total }}</td></tr></tfoot>
</table>
{% endblock %}"""

TEST_LEDGER_PY = """import unittest
from datetime import date
from unittest import mock

from ledgerly import ledger
from ledgerly.db import connect


class TestLedger(unittest.TestCase):
    def setUp(self):
        self.con = connect(":memory:")
        ledger.init_schema(self.con)

    def test_balance_empty(self):
        self.assertEqual(ledger.balance(self.con, "checking"), 0)

    def test_balance_after_deposit(self):
        ledger.post(self.con, "checking", 12_500, date(2026, 9, 1), "salary")
        self.assertEqual(ledger.balance(self.con, "checking"), 12_500)

    def test_balance_after_transfer(self):
        ledger.post(self.con, "checking", 10_000, date(2026, 9, 1), "salary")
        ledger.transfer(self.con, "checking", "savings", 2_500, date(2026, 9, 2))
        self.assertEqual(ledger.balance(self.con, "checking"), 7_500)
        self.assertEqual(ledger.balance(self.con, "savings"), 2_500)

    def test_transfer_rejects_overdraft(self):
        with self.assertRaises(ledger.InsufficientFunds):
            ledger.transfer(self.con, "checking", "savings", 1, date(2026, 9, 2))"""

LEDGER_PY = """from __future__ import annotations

from datetime import date

import duckdb


class InsufficientFunds(Exception):
    pass


def init_schema(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(
        "CREATE TABLE IF NOT EXISTS postings ("
        " account TEXT NOT NULL, amount_cents BIGINT NOT NULL,"
        " booked_on DATE NOT NULL, memo TEXT)"
    )


def post(con: duckdb.DuckDBPyConnection, account: str, cents: int, on: date, memo: str = "") -> None:
    con.execute("INSERT INTO postings VALUES (?, ?, ?, ?)", [account, cents, on, memo])


def balance(con: duckdb.DuckDBPyConnection, account: str) -> int:
    row = con.execute(
        "SELECT COALESCE(SUM(amount_cents), 0) FROM postings WHERE account = ?", [account]
    ).fetchone()
    return int(row[0])


def transfer(con: duckdb.DuckDBPyConnection, src: str, dst: str, cents: int, on: date) -> None:
    if balance(con, src) < cents:
        raise InsufficientFunds(f"{src} has {balance(con, src)} cents, need {cents}")
    con.begin()
    post(con, src, -cents, on, f"transfer to {dst}")
    post(con, dst, cents, on, f"transfer from {src}")
    con.commit()"""

IMPORTER_PY = """import csv
import os
import os.path
import sys
from datetime import datetime

from ledgerly.db import connect

INBOX = os.path.expanduser("~/ledgerly/inbox")


def find_exports(folder=INBOX):
    out = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".csv"):
            out.append(os.path.join(folder, name))
    return out


def parse_amount(raw):
    return int(round(float(raw) * 100))


def import_file(path, con=None):
    con = con or connect()
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh, delimiter=";")
        rows = []
        for rec in reader:
            rows.append((
                datetime.strptime(rec["Date"], "%Y-%m-%d").date(),
                rec["Payee"].strip(),
                parse_amount(rec["Amount"]),
            ))
    con.executemany("INSERT INTO transactions (booked_on, payee, amt) VALUES (?, ?, ?)", rows)
    print(f"imported {len(rows)} rows from {os.path.basename(path)}", file=sys.stderr)
    return len(rows)"""

TEST_IMPORTER_PY = """import os
import tempfile
import unittest

from ledgerly import importer
from ledgerly.db import connect


class TestImporter(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.db = os.path.join(self.tmp, "test.duckdb")
        self.con = connect(self.db)
        self.con.execute("CREATE TABLE transactions (booked_on DATE, payee TEXT, amt BIGINT)")

    def tearDown(self):
        self.con.close()

    def write_csv(self, text):
        path = os.path.join(self.tmp, "export.csv")
        with open(path, "w") as fh:
            fh.write(text)
        return path

    def test_imports_rows(self):
        path = self.write_csv("Date;Payee;Amount\\n2026-09-02;Bakery;-4.50\\n")
        self.assertEqual(importer.import_file(path, self.con), 1)

    def test_parse_amount(self):
        self.assertEqual(importer.parse_amount("-4.50"), -450)"""

TIDES_PY = """from datetime import datetime, timedelta
import os

from tidewatch.noaa import fetch_predictions

CACHE_DIR = os.path.join(os.path.expanduser("~"), ".cache", "tidewatch")


def load_day(station, day):
    raw = fetch_predictions(station, day, day + timedelta(days=1))
    events = []
    for p in raw["predictions"]:
        # NOAA returns local standard time when time_zone=lst
        t = datetime.strptime(p["t"], "%Y-%m-%d %H:%M")
        events.append((t, float(p["v"]), p["type"]))
    return events


def next_high(events, now):
    for t, height, kind in events:
        if kind == "H" and t > now:
            return t, height
    return None"""

CHART_PY = """import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import matplotlib.dates as mdates

from tidewatch.tides import load_day


def render(station, day, out_path):
    events = load_day(station, day)
    xs = [t for t, _, _ in events]
    ys = [h for _, h, _ in events]
    fig, ax = plt.subplots(figsize=(9, 3))
    ax.plot(xs, ys, color="#1f6f8b")
    ax.xaxis.set_major_formatter(mdates.DateFormatter("%H:%M"))
    ax.set_ylabel("ft (MLLW)")
    ax.set_title(f"Station {station} — {day:%a %d %b}")
    fig.tight_layout()
    fig.savefig(out_path, dpi=120)
    plt.close(fig)"""

NOAA_PY = """import json
import urllib.parse
import urllib.request

BASE = "https://api.tidesandcurrents.noaa.gov/api/prod/datagetter"


def fetch_predictions(station, begin, end):
    params = {
        "product": "predictions",
        "application": "tidewatch",
        "begin_date": begin.strftime("%Y%m%d"),
        "end_date": end.strftime("%Y%m%d"),
        "datum": "MLLW",
        "station": station,
        "time_zone": "lst",
        "units": "english",
        "interval": "hilo",
        "format": "json",
    }
    url = BASE + "?" + urllib.parse.urlencode(params)
    with urllib.request.urlopen(url, timeout=10) as resp:
        return json.load(resp)"""

APP_PY = """from flask import Flask

from ledgerly import report, accounts, imports


def create_app(config=None):
    app = Flask(__name__)
    app.config.from_mapping(DATABASE="ledgerly.duckdb")
    if config:
        app.config.update(config)
    app.register_blueprint(report.bp)
    app.register_blueprint(accounts.bp)
    app.register_blueprint(imports.bp)

    @app.errorhandler(ValueError)
    def bad_request(err):
        return {"error": f"The request could not be processed because a value was invalid: {err}. "
                         "Please check the parameters you supplied and try again."}, 400

    @app.errorhandler(LookupError)
    def not_found(err):
        return {"error": f"We were unable to find the resource you were looking for ({err}). "
                         "It may have been moved or deleted."}, 404

    return app"""

ENV_STAGING = f"""# staging — do not commit
APP_ENV=staging
DATABASE_URL={POSTGRES_URL}
AWS_ACCESS_KEY_ID={AWS_ACCESS_KEY_ID}
AWS_SECRET_ACCESS_KEY={AWS_SECRET_ACCESS_KEY}
AWS_REGION=eu-west-1
S3_BUCKET=ledgerly-staging-exports
STRIPE_SECRET_KEY={STRIPE_KEY}
GITHUB_TOKEN={GITHUB_PAT}
SENTRY_DSN=https://o0.ingest.sentry.invalid/42
LOG_LEVEL=debug"""

AGENTS_MD = """# AGENTS.md — ledgerly

## Setup
- Python 3.12, managed with uv. `uv sync` to install, `uv run <cmd>` to run anything.
- Do not add requirements.txt.

## Checks
- `uv run ruff check --fix . && uv run ruff format .`
- `uv run pytest -q`
- `uv run mypy --strict src`

## Layout
- src/ledgerly/: flask app, duckdb storage (db.py), importers
- tests/: pytest, one file per module
"""


# --------------------------------------------------------------------------
# Session writers: persona_pipeline.eval.writers in the sample's fuller shape,
# with each genuine prompt recorded in the ground truth
# --------------------------------------------------------------------------
CLAUDE_SHAPE = writers.ClaudeShape(signature_bytes=(180, 420), linked_snapshots=True)
CODEX_SHAPE = writers.CodexShape(
    shell="bash", sandbox_excludes=True, usage_totals=True, reasoning_bytes=(600, 1500), timed_calls=True
)


class Labels(TypedDict, total=False):
    """What the ground truth says of a genuine prompt (`clean`: its text once the noise is stripped)."""

    prefs: tuple[str, ...]
    task: str | None
    clean: str | None
    correction: bool
    secrets: tuple[str, ...]
    pii: tuple[str, ...]


def record_prompt(source: str, session: object, entry: Entry, content: object, labels: Labels) -> None:
    """One genuine, typed-by-Mara prompt in the ground truth."""
    prefs = labels.get("prefs", ())
    for p in prefs:
        assert p in PREFERENCES, p
    clean = labels.get("clean")
    if clean is None:
        assert isinstance(content, str)
        clean = content
    GROUND.append(
        {
            "source": source,
            "session": session,
            "uuid": entry.get("uuid"),  # Codex lines have none
            "timestamp": entry["timestamp"],
            "text": clean,
            "preferences": list(prefs),
            "task": labels.get("task"),
            "correction": labels.get("correction", False),
            "secrets": list(labels.get("secrets", ())),
            "pii": list(labels.get("pii", ())),
        }
    )


class ClaudeSession(writers.ClaudeSession):
    def __init__(
        self,
        key: str,
        cwd: str,
        branch: str,
        start: datetime,
        *,
        session_id: str | None = None,
        agent_id: str | None = None,
        filename: str | None = None,
    ) -> None:
        rng = random.Random(f"{SEED}:claude:{key}")
        super().__init__(rng, "", cwd, branch, start, session_id=session_id, agent_id=agent_id, shape=CLAUDE_SHAPE)
        self.key = key
        # Claude Code names a project's folder after its cwd
        self.rel = f"claude/projects/{cwd.replace('/', '-')}/{filename or self.session_id + '.jsonl'}"

    def subagent(self, key: str, agent_id: str, filename: str) -> ClaudeSession:
        """A Task subagent's own file: this session's id, cwd and branch, starting now."""
        return ClaudeSession(
            key, self.cwd, self.branch, self.clock.t, session_id=self.session_id, agent_id=agent_id, filename=filename
        )

    def prompt(
        self, content: Any, *, snapshot: bool = True, tracked: dict[str, int] | None = None, **labels: Unpack[Labels]
    ) -> Entry:
        """A genuine, typed-by-Mara prompt (recorded in the ground truth)."""
        e = super().prompt(content, snapshot=snapshot, tracked=tracked)
        record_prompt("claude", self, e, content, labels)
        return e


class CodexSession(writers.CodexSession):
    def __init__(self, key: str, start: datetime, cwd: str, branch: str, repo: str) -> None:
        super().__init__(random.Random(f"{SEED}:codex:{key}"), start, cwd, branch, repo, shape=CODEX_SHAPE)
        self.key = key

    def prompt(self, text: str, **labels: Unpack[Labels]) -> Entry:
        """A genuine prompt (recorded in the ground truth)."""
        rec = super().prompt(text)
        record_prompt("codex", self, rec, text, labels)
        return rec


# --------------------------------------------------------------------------
# Claude sessions
# --------------------------------------------------------------------------
LEDGER_TESTS = {
    "tests/test_ledger.py": [
        "test_balance_empty",
        "test_balance_after_deposit",
        "test_balance_after_transfer",
        "test_transfer_rejects_overdraft",
    ],
}


def ledgerly_tests(rng: random.Random, extra: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    tests = dict(LEDGER_TESTS)
    tests["tests/test_report.py"] = test_names(rng, "", ["report", "monthly_totals", "format_cents"], 14)
    tests["tests/test_importer.py"] = test_names(rng, "", ["import", "parse_amount", "find_exports"], 12)
    tests["tests/test_accounts.py"] = test_names(rng, "", ["accounts", "rename", "archive"], 10)
    if extra:
        tests.update(extra)
    return tests


def mac_session() -> ClaudeSession:
    s = ClaudeSession("mac-ledgerly", MAC_LEDGERLY, "spike/duckdb-schema", utc(2026, 8, 29, 16, 2, 11))
    r = s.rng
    s.prompt(
        "scaffold a duckdb schema for accounts and transactions in src/ledgerly/schema.py, "
        "plus an init command that creates ledgerly.duckdb",
        task="scaffold duckdb schema for accounts/transactions",
    )
    s.bash(
        "ls -la && cat pyproject.toml",
        (
            "total 48\ndrwxr-xr-x  11 mquill  staff   352 Aug 29 17:58 .\ndrwxr-xr-x   9 mquill  staff   288 Aug 21 09:12 ..\n"
            "-rw-r--r--   1 mquill  staff   109 Aug 21 09:12 .gitignore\n-rw-r--r--   1 mquill  staff     5 Aug 21 09:12 .python-version\n"
            "drwxr-xr-x   6 mquill  staff   192 Aug 29 17:58 .venv\n-rw-r--r--   1 mquill  staff   612 Aug 29 17:40 pyproject.toml\n"
            "drwxr-xr-x   3 mquill  staff    96 Aug 21 09:12 src\ndrwxr-xr-x   4 mquill  staff   128 Aug 29 17:40 tests\n"
            "-rw-r--r--   1 mquill  staff 81234 Aug 29 17:40 uv.lock\n"
            '[project]\nname = "ledgerly"\nversion = "0.1.0"\nrequires-python = ">=3.12"\n'
            'dependencies = [\n    "flask>=3.0",\n    "polars>=1.9",\n]\n\n[dependency-groups]\ndev = ["pytest>=8.3", "mypy>=1.11", "ruff>=0.6"]\n'
        ),
        desc="Inspect project",
        think="Look at the layout and dependencies before writing the schema.",
    )
    s.bash(
        "pip install duckdb && pip freeze > requirements.txt",
        "Collecting duckdb\n  Downloading duckdb-1.1.0-cp312-cp312-macosx_12_0_arm64.whl (15.4 MB)\n"
        "     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 15.4/15.4 MB 21.3 MB/s eta 0:00:00\n"
        "Installing collected packages: duckdb\nSuccessfully installed duckdb-1.1.0\n",
        desc="Install duckdb",
        pre="duckdb isn't a dependency yet; installing it.",
    )
    s.prompt(
        "we use uv for env management — no requirements.txt. delete that file and put deps in pyproject via `uv add`.",
        prefs=("uv",),
        correction=True,
    )
    s.bash(
        "rm requirements.txt && uv add duckdb",
        "Resolved 14 packages in 212ms\nPrepared 1 package in 1.02s\nUninstalled 1 package in 3ms\n"
        "Installed 1 package in 4ms\n ~ duckdb==1.1.0\n",
        desc="Switch to uv",
    )
    schema = (
        'from __future__ import annotations\n\nimport duckdb\n\nDDL = """\nCREATE TABLE IF NOT EXISTS accounts (\n'
        "    id INTEGER PRIMARY KEY,\n    name TEXT NOT NULL UNIQUE,\n    kind TEXT NOT NULL CHECK (kind IN ('checking','savings','card')),\n"
        "    opened_on DATE NOT NULL\n);\nCREATE TABLE IF NOT EXISTS transactions (\n    id BIGINT PRIMARY KEY,\n"
        "    account_id INTEGER NOT NULL REFERENCES accounts(id),\n    booked_on DATE NOT NULL,\n    payee TEXT NOT NULL,\n"
        '    amt BIGINT NOT NULL,\n    category TEXT\n);\n"""\n\n\ndef init(path):\n    con = duckdb.connect(path)\n'
        "    con.execute(DDL)\n    return con\n"
    )
    s.write(f"{MAC_LEDGERLY}/src/ledgerly/schema.py", schema)
    s.say(
        "Added `src/ledgerly/schema.py` with `accounts` and `transactions` tables and an `init(path)` helper. "
        "duckdb is now in pyproject via uv."
    )
    s.prompt(
        "type hints everywhere, mypy --strict runs in CI. init() has no annotations.",
        prefs=("type_hints",),
        tracked={f"{MAC_LEDGERLY}/src/ledgerly/schema.py": 1},
    )
    s.edit(
        f"{MAC_LEDGERLY}/src/ledgerly/schema.py",
        "def init(path):",
        "def init(path: str | Path) -> duckdb.DuckDBPyConnection:",
        at_line=22,
    )
    s.bash(
        "uv run mypy --strict src",
        "Success: no issues found in 6 source files\n",
        desc="Type check",
    )
    s.say("Annotated; `mypy --strict` is clean.")
    s.prompt(
        "for tests, use a real duckdb file, not mocks. a tmp_path fixture that calls init() is enough.",
        prefs=("real_duckdb",),
    )
    s.write(
        f"{MAC_LEDGERLY}/tests/conftest.py",
        "from pathlib import Path\n\nimport duckdb\nimport pytest\n\nfrom ledgerly.schema import init\n\n\n"
        '@pytest.fixture\ndef db(tmp_path: Path) -> duckdb.DuckDBPyConnection:\n    return init(tmp_path / "test.duckdb")\n',
    )
    s.bash(
        "uv run pytest -q",
        pytest_output(
            r,
            MAC_LEDGERLY,
            {
                "tests/test_schema.py": [
                    "test_init_creates_tables",
                    "test_account_kind_check",
                    "test_transactions_fk",
                ]
            },
        ).replace("platform linux", "platform darwin"),
        desc="Run tests",
    )
    s.say("`tests/conftest.py` has a `db` fixture backed by a real file in `tmp_path`; 3 tests pass.")
    return s


def ledgerly_s1() -> ClaudeSession:
    s = ClaudeSession("ledgerly-1", LEDGERLY, "main", utc(2026, 9, 14, 8, 31, 2))
    r = s.rng
    s.prompt(
        [
            {
                "type": "text",
                "text": f"<ide_opened_file>The user opened the file {LEDGERLY}/src/app.py in the IDE. "
                "This may or may not be related to the current task.</ide_opened_file>",
            },
            {"type": "text", "text": "add a CSV export to the report page"},
        ],
        clean="add a CSV export to the report page",
        task="add CSV export to report page",
    )
    s.read(
        f"{LEDGERLY}/src/ledgerly/report.py",
        REPORT_PY,
        think="The report page is a Flask blueprint in src/ledgerly/report.py. Read it first, then the template.",
    )
    s.read(f"{LEDGERLY}/src/ledgerly/templates/report.html", REPORT_HTML)
    s.edit(
        f"{LEDGERLY}/src/ledgerly/report.py",
        '@bp.get("/")\ndef report_page():',
        '@bp.get("/export.csv")\ndef export_csv():\n    default = date.today().replace(day=1).isoformat()\n'
        '    month = date.fromisoformat(request.args.get("month", default))\n'
        "    body = monthly_totals(month).write_csv()\n"
        '    return Response(body, mimetype="text/csv",\n'
        '                    headers={"Content-Disposition": f"attachment; filename=report-{month:%Y-%m}.csv"})\n\n\n'
        '@bp.get("/")\ndef report_page():',
        at_line=43,
        pre="I'll add an `/export.csv` route that reuses `monthly_totals` and polars' `write_csv`.",
    )
    s.edit(
        f"{LEDGERLY}/src/ledgerly/templates/report.html",
        '<h1>Report for {{ month.strftime("%B %Y") }}</h1>',
        '<h1>Report for {{ month.strftime("%B %Y") }}</h1>\n'
        '<a class="btn" href="{{ url_for(\'report.export_csv\', month=month.isoformat()) }}">Download CSV</a>',
        at_line=3,
    )
    tests = ledgerly_tests(
        r,
        {
            "tests/test_report_export.py": [
                "test_export_csv_headers",
                "test_export_csv_rows",
                "test_export_csv_filename",
            ]
        },
    )
    out = pytest_output(r, LEDGERLY, tests)
    tid = s.call("Bash", {"command": "uv run pytest -v", "description": "Run the test suite"})
    s.progress(tid, [out[:900], out[900:2200]])
    s.queue("enqueue", "keep commits small and use conventional commit messages")
    s.tool_result(tid, out, tur={"stdout": out, "stderr": "", "interrupted": False, "isImage": False})
    s.queue("dequeue")
    s.say(
        "All tests pass. Here's a summary of what I did:\n\n## Summary\n\nI added a CSV export feature to the "
        "report page. This involved a few changes:\n\n1. **New route** — `GET /report/export.csv` in "
        "`src/ledgerly/report.py`, which reuses the existing `monthly_totals()` query and serialises it with "
        '`DataFrame.write_csv()`.\n2. **Template** — a "Download CSV" button in `report.html` that keeps the '
        "selected month.\n3. **Tests** — three new tests in `tests/test_report_export.py`.\n\nThe export uses "
        "the same month parameter as the page, so whatever month you're viewing is what you download. Let me "
        "know if you'd like any changes, such as adding more columns or a different filename format!"
    )
    s.prompt(
        "keep commits small and use conventional commit messages",
        prefs=("small_conventional_commits",),
    )
    s.bash(
        "git add src/ledgerly/report.py tests/test_report_export.py && git commit -m "
        '"feat(report): add CSV export endpoint"',
        "[main 4e1a9c2] feat(report): add CSV export endpoint\n 2 files changed, 41 insertions(+)\n"
        " create mode 100644 tests/test_report_export.py\n",
        desc="Commit route",
    )
    s.bash(
        'git add src/ledgerly/templates/report.html && git commit -m "feat(report): add download button"',
        "[main 9b03d7e] feat(report): add download button\n 1 file changed, 1 insertion(+)\n",
        desc="Commit template",
    )
    s.say(
        "Done. Two commits:\n\n- `feat(report): add CSV export endpoint`\n- `feat(report): add download button`\n\n"
        "I split them so the route and the UI change can be reverted independently. I'm happy to squash them "
        "if you prefer a single commit — just let me know what works best for your workflow!"
    )
    s.prompt("please answer tersely, no preamble.", prefs=("terse",))
    s.say("Noted.")
    s.prompt(
        "type hints everywhere — export_csv has none.",
        prefs=("type_hints",),
        tracked={f"{LEDGERLY}/src/ledgerly/report.py": 2},
    )
    s.edit(
        f"{LEDGERLY}/src/ledgerly/report.py",
        "def export_csv():",
        "def export_csv() -> Response:",
        at_line=44,
    )
    s.edit(
        f"{LEDGERLY}/src/ledgerly/report.py",
        "def report_page():",
        "def report_page() -> str:",
        at_line=53,
    )
    s.bash(
        "uv run mypy --strict src && uv run pytest -q",
        "Success: no issues found in 11 source files\n" + pytest_output(r, LEDGERLY, tests),
        desc="Type check and test",
    )
    s.bash(
        'git commit -am "refactor(report): annotate view functions"',
        "[main 1f7c5aa] refactor(report): annotate view functions\n 1 file changed, 2 insertions(+), 2 deletions(-)\n",
    )
    s.say("Annotated `export_csv` and `report_page`; mypy and tests clean. Committed.")
    return s


def ledgerly_s2() -> ClaudeSession:
    s = ClaudeSession("ledgerly-2", LEDGERLY, "fix/ledger-test", utc(2026, 9, 16, 19, 44, 37))
    r = s.rng
    s.user(CAVEAT, meta=True)
    s.user("<command-name>/cost</command-name>\n<command-message>cost</command-message>\n<command-args></command-args>")
    s.user(
        "<local-command-stdout>Total cost:            $0.8731\nTotal duration (API):  6m 12.4s\n"
        "Total duration (wall): 1h 3m 55.0s\nTotal code changes:    44 lines added, 3 lines removed\n"
        "Usage by model:\n    claude-sonnet-4-5:  48.2k input, 9.1k output, 1.2m cache read, 61.0k cache write"
        "</local-command-stdout>"
    )
    s.prompt("fix the failing test in test_ledger.py", task="fix failing test in test_ledger.py")
    failing = (
        '    def test_balance_after_transfer(self):\n        ledger.post(self.con, "checking", 10_000, date(2026, 9, 1), "salary")\n'
        '>       ledger.transfer(self.con, "checking", "savings", 2_500, date(2026, 9, 2))\n\n'
        "tests/test_ledger.py:24: \n_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _\n"
        "src/ledgerly/ledger.py:38: in transfer\n    con.begin()\n"
        "E   duckdb.duckdb.TransactionException: TransactionContext Error: cannot start a transaction within a transaction"
    )
    tests = ledgerly_tests(r)
    s.bash(
        "uv run pytest tests/test_ledger.py -v",
        pytest_output(
            r,
            LEDGERLY,
            {"tests/test_ledger.py": LEDGER_TESTS["tests/test_ledger.py"]},
            {"tests/test_ledger.py::test_balance_after_transfer": failing},
        ),
        exit_code=1,
        desc="Run ledger tests",
        think="Reproduce first. The failure is probably in transfer().",
    )
    s.read(f"{LEDGERLY}/src/ledgerly/ledger.py", LEDGER_PY)
    s.read(f"{LEDGERLY}/tests/test_ledger.py", TEST_LEDGER_PY)
    tid = s.call(
        "Bash",
        {"command": "pip install --upgrade duckdb", "description": "Upgrade duckdb"},
        think="duckdb 1.1 changed implicit transaction handling; maybe the installed version is stale.",
        pre="The installed duckdb may be older than the lockfile. Upgrading it:",
    )
    s.tool_result(tid, INTERRUPTED_TOOL, is_error=True, tur="Error: " + INTERRUPTED_TOOL)
    s.user([{"type": "text", "text": INTERRUPT_TEXT}])
    uv_prompt = s.prompt("no, don't use pip, we use uv", prefs=("uv",), correction=True)
    s.bash(
        "uv sync && uv run python -c 'import duckdb; print(duckdb.__version__)'",
        "Resolved 31 packages in 9ms\nAudited 29 packages in 0.41ms\n1.1.0\n",
        desc="Sync env with uv",
    )
    s.say(
        "Env is already at duckdb 1.1.0, so the version isn't the problem. The test's `:memory:` connection "
        "auto-begins a transaction; I'll isolate the test from the connection."
    )
    s.edit(
        f"{LEDGERLY}/tests/test_ledger.py",
        '        self.con = connect(":memory:")',
        "        self.con = mock.MagicMock(spec=duckdb.DuckDBPyConnection)\n"
        "        self.con.execute.return_value.fetchone.return_value = (0,)",
        at_line=11,
    )
    s.prompt(
        "No, that's wrong — don't mock the database, use a real duckdb file. build it in tmp_path with a fixture.",
        prefs=("real_duckdb",),
        correction=True,
        tracked={f"{LEDGERLY}/tests/test_ledger.py": 1},
    )
    s.replay(uv_prompt["uuid"])  # resumed session re-appended this entry verbatim
    s.edit(
        f"{LEDGERLY}/src/ledgerly/ledger.py",
        '    con.begin()\n    post(con, src, -cents, on, f"transfer to {dst}")\n'
        '    post(con, dst, cents, on, f"transfer from {src}")\n    con.commit()',
        '    with con.cursor() as cur:\n        cur.begin()\n        post(cur, src, -cents, on, f"transfer to {dst}")\n'
        '        post(cur, dst, cents, on, f"transfer from {src}")\n        cur.commit()',
        at_line=37,
        pre="Reverting the mock. The real bug is in `transfer()`: it calls `begin()` on a connection that already "
        "has an open transaction. Using a cursor gives it its own transaction context.",
    )
    s.write(
        f"{LEDGERLY}/tests/conftest.py",
        "from pathlib import Path\n\nimport duckdb\nimport pytest\n\nfrom ledgerly import ledger\nfrom ledgerly.db import connect\n\n\n"
        '@pytest.fixture\ndef con(tmp_path: Path) -> duckdb.DuckDBPyConnection:\n    c = connect(tmp_path / "ledger.duckdb")\n'
        "    ledger.init_schema(c)\n    return c\n",
    )
    s.say(
        "Fixed: `transfer()` now runs inside its own cursor transaction, and the tests use a real duckdb file via "
        "a `con` fixture in `tests/conftest.py`. That should resolve the failing test."
    )
    s.prompt(
        "always run the tests before you say it's done. \"should resolve\" isn't a result.",
        prefs=("tests_before_done",),
    )
    s.bash("uv run pytest -q", pytest_output(r, LEDGERLY, tests), desc="Run full suite")
    s.say("40 passed.")
    s.user(
        "<command-name>/review</command-name>\n<command-message>review</command-message>\n"
        "<command-args>focus on error handling</command-args>"
    )
    s.user(
        [
            {
                "type": "text",
                "text": "Review the current branch's diff against main. Report correctness bugs first, "
                "then risky patterns, then style. Quote file:line for every finding.\n\n"
                "Additional focus from the user: focus on error handling",
            }
        ],
        meta=True,
    )
    diff = "\n".join(
        [
            "diff --git a/src/ledgerly/ledger.py b/src/ledgerly/ledger.py",
            "index 3b1c2d0..8e4f9aa 100644",
            "--- a/src/ledgerly/ledger.py",
            "+++ b/src/ledgerly/ledger.py",
            "@@ -34,8 +34,9 @@ def transfer(con, src, dst, cents, on):",
            "     if balance(con, src) < cents:",
            '         raise InsufficientFunds(f"{src} has {balance(con, src)} cents, need {cents}")',
            "-    con.begin()",
            '-    post(con, src, -cents, on, f"transfer to {dst}")',
            '-    post(con, dst, cents, on, f"transfer from {src}")',
            "-    con.commit()",
            "+    with con.cursor() as cur:",
            "+        cur.begin()",
            '+        post(cur, src, -cents, on, f"transfer to {dst}")',
            '+        post(cur, dst, cents, on, f"transfer from {src}")',
            "+        cur.commit()",
        ]
        + [f"+{line}" for line in TEST_LEDGER_PY.split("\n")]
    )
    s.bash("git diff main...HEAD", diff, desc="Show diff")
    s.say(
        "**Bugs**\n- `src/ledgerly/ledger.py:37` — if the second `post` raises, the cursor transaction is never "
        "rolled back; wrap in `try/except: cur.rollback(); raise`.\n- `src/ledgerly/ledger.py:35` — balance is read "
        "outside the transaction, so two concurrent transfers can overdraw.\n\n**Risky**\n- `InsufficientFunds` "
        "message calls `balance()` a second time.\n\n**Style**\n- none."
    )
    return s


def ledgerly_s3() -> ClaudeSession:
    s = ClaudeSession("ledgerly-3", LEDGERLY, "main", utc(2026, 9, 22, 13, 5, 48))
    r = s.rng
    png = b"\x89PNG\r\n\x1a\n" + r.randbytes(IMAGE_BYTES - 8)
    s.prompt(
        [
            {
                "type": "text",
                "text": "the totals row on the report page is misaligned — see screenshot [Image #1]. fix it",
            },
            {
                "type": "image",
                "source": {
                    "type": "base64",
                    "media_type": "image/png",
                    "data": base64.b64encode(png).decode(),
                },
            },
        ],
        clean="the totals row on the report page is misaligned — see screenshot [Image #1]. fix it",
        task="fix misaligned totals row on report page",
    )
    s.read(
        f"{LEDGERLY}/src/ledgerly/templates/report.html",
        REPORT_HTML,
        think="The screenshot shows the Total value under the Count column: the tfoot row has 2 cells, the body has 3.",
    )
    s.edit(
        f"{LEDGERLY}/src/ledgerly/templates/report.html",
        '<tfoot><tr><td>Total</td><td class="num">{{ grand_total }}</td></tr></tfoot>',
        '<tfoot><tr><td>Total</td><td></td><td class="num">{{ grand_total }}</td></tr></tfoot>',
        at_line=12,
    )
    s.bash(
        "uv run pytest -q tests/test_report.py",
        pytest_output(r, LEDGERLY, {"tests/test_report.py": test_names(r, "", ["report", "totals"], 12)}),
        desc="Run report tests",
    )
    s.say("The footer had two cells for a three-column table; added the empty Count cell. Report tests pass.")
    s.prompt(
        "staging deploy is failing at the migration step. here's what's set in the runner:\n\n"
        f"AWS_ACCESS_KEY_ID={AWS_ACCESS_KEY_ID}\nAWS_SECRET_ACCESS_KEY={AWS_SECRET_ACCESS_KEY}\n"
        f"GITHUB_TOKEN={GITHUB_PAT}\nDATABASE_URL={POSTGRES_URL}\n\nfigure out why the migration can't connect",
        task="debug staging migration connection failure",
        secrets=("aws_access_key_id", "aws_secret_access_key", "github_pat", "postgres_url"),
    )
    s.bash(
        "cat .env.staging",
        ENV_STAGING,
        desc="Read staging env",
        think="Compare the runner env with .env.staging and the migration config.",
    )
    migrate_log = "\n".join(
        [
            f"2026-09-22T12:{m:02d}:{sec:02d}Z INFO  alembic.runtime.migration Context impl PostgresqlImpl."
            for m, sec in zip(range(40, 52), range(3, 60, 5), strict=False)
        ]
        + [
            '2026-09-22T12:52:01Z ERROR sqlalchemy.pool could not translate host name "db.internal" to address: '
            "Name or service not known"
        ]
        * 6
        + [
            "Traceback (most recent call last):",
            '  File "/app/.venv/lib/python3.12/site-packages/sqlalchemy/engine/base.py", line 145, in __init__',
            "    self._dbapi_connection = engine.raw_connection()",
            'psycopg.OperationalError: could not translate host name "db.internal" to address',
        ]
    )
    s.bash("gh run view --log-failed | tail -n 40", migrate_log, desc="Fetch failing CI log")
    tu = s.tool_use(
        "Edit",
        {
            "file_path": f"{LEDGERLY}/scripts/seed_staging.py",
            "old_string": "import duckdb",
            "new_string": "import duckdb\nimport pandas as pd",
        },
    )
    s.assistant(
        [
            s.thinking(
                "The host db.internal only resolves inside the VPC; the runner is outside it. Also want to seed a "
                "staging fixture to check the migration output."
            ),
            s.text(
                f"The runner can't resolve `db.internal` — it's only in the VPC's private DNS. Also note "
                f"`.env.staging` has a live Stripe key (`STRIPE_SECRET_KEY={STRIPE_KEY}`) which shouldn't be in the "
                "repo. Meanwhile I'll add a quick seed loader to verify the migrated schema, using pandas to read the "
                "staging CSV:"
            ),
            tu,
        ],
        stop="tool_use",
    )
    s.tool_result(tu["id"], REJECTED, is_error=True, tur="Error: " + REJECTED)
    s.prompt(
        "Stop, use polars, not pandas. there's no pandas in this repo and I want to keep it that way.",
        prefs=("polars",),
        correction=True,
    )
    s.edit(
        f"{LEDGERLY}/scripts/seed_staging.py",
        "import duckdb",
        "import duckdb\nimport polars as pl",
        at_line=1,
    )
    s.say(
        "Switched the seed loader to polars (`pl.read_csv`). For the migration: run it from the in-VPC runner "
        "label `self-hosted-vpc`, or point `DATABASE_URL` at the bastion tunnel."
    )
    s.prompt(
        f"if it still can't connect it's a DBA problem — add {COLLEAGUE_NAME} ({COLLEAGUE_EMAIL}, "
        f"{COLLEAGUE_PHONE}) as the escalation contact in RUNBOOK.md",
        task="add DBA escalation contact to RUNBOOK.md",
        pii=("colleague_email", "colleague_phone", "colleague_name"),
    )
    s.edit(
        f"{LEDGERLY}/RUNBOOK.md",
        "## Escalation",
        f"## Escalation\n\n- Database: {COLLEAGUE_NAME} — {COLLEAGUE_EMAIL}, {COLLEAGUE_PHONE}",
        at_line=30,
    )
    s.say("Added under `## Escalation` in RUNBOOK.md.")
    return s


def ledgerly_s4() -> ClaudeSession:
    s = ClaudeSession("ledgerly-4", LEDGERLY, "fix/import-encoding", utc(2026, 10, 1, 20, 17, 9))
    r = s.rng
    s.prompt(
        "the importer chokes on C:\\Users\\mquill\\Downloads\\relevé_septembre.csv when I run it on my Windows "
        "box — payees like « Café Lumière » and 日本語書店 come out as mojibake 😩. make it handle UTF-8 with a BOM",
        task="make importer handle UTF-8 BOM / non-ASCII payees",
    )
    s.read(
        f"{LEDGERLY}/src/ledgerly/importer.py",
        IMPORTER_PY,
        think="open() without encoding uses the locale codec on Windows (cp1252). Need encoding='utf-8-sig'.",
    )
    task_prompt = (
        "Find every use of os.path, os.listdir and bare open() in src/ledgerly and tests/. The user wants "
        "these moved to pathlib. Report file:line and the call, nothing else. Do not edit files."
    )
    tu = s.tool_use(
        "Task",
        {
            "description": "Audit os.path usage",
            "prompt": task_prompt,
            "subagent_type": "general-purpose",
        },
    )
    s.assistant([s.text("Let me check how widespread the os.path usage is first."), tu], stop="tool_use")
    with s.side():
        s.user(task_prompt)
        grep = (
            "src/ledgerly/importer.py:2:import os\nsrc/ledgerly/importer.py:3:import os.path\n"
            'src/ledgerly/importer.py:9:INBOX = os.path.expanduser("~/ledgerly/inbox")\n'
            "src/ledgerly/importer.py:14:    for name in sorted(os.listdir(folder)):\n"
            "src/ledgerly/importer.py:16:            out.append(os.path.join(folder, name))\n"
            'src/ledgerly/importer.py:25:    with open(path, newline="") as fh:\n'
            'src/ledgerly/importer.py:36:    print(f"imported {len(rows)} rows from {os.path.basename(path)}", file=sys.stderr)\n'
            'tests/test_importer.py:11:        self.db = os.path.join(self.tmp, "test.duckdb")\n'
            'tests/test_importer.py:19:        path = os.path.join(self.tmp, "export.csv")\n'
            'tests/test_importer.py:20:        with open(path, "w") as fh:\n'
        )
        s.grep("os\\.path|os\\.listdir|\\bopen\\(", LEDGERLY, grep)
        report = "10 hits:\n" + grep
        s.say(report)
    s.tool_result(
        tu["id"],
        [{"type": "text", "text": report}],
        tur={
            "status": "completed",
            "prompt": task_prompt,
            "totalDurationMs": 8123,
            "content": [{"type": "text", "text": report}],
        },
    )
    s.edit(
        f"{LEDGERLY}/src/ledgerly/importer.py",
        '    with open(path, newline="") as fh:',
        '    with open(os.path.join(os.path.dirname(path), os.path.basename(path)), newline="", '
        'encoding="utf-8-sig") as fh:',
        at_line=25,
        pre="Minimal fix: open with `utf-8-sig`, which strips the BOM and decodes UTF-8 regardless of locale.",
    )
    s.prompt(
        "Stop, you're reaching for os.path again — use pathlib instead of os.path. convert the whole module.",
        prefs=("pathlib",),
        correction=True,
        tracked={f"{LEDGERLY}/src/ledgerly/importer.py": 1},
    )
    new_importer = (
        IMPORTER_PY.replace("import os\nimport os.path\n", "")
        .replace(
            "from datetime import datetime",
            "from datetime import datetime\nfrom pathlib import Path",
        )
        .replace('os.path.expanduser("~/ledgerly/inbox")', 'Path.home() / "ledgerly" / "inbox"')
        .replace(
            '    out = []\n    for name in sorted(os.listdir(folder)):\n        if name.endswith(".csv"):\n'
            "            out.append(os.path.join(folder, name))\n    return out",
            '    return sorted(Path(folder).glob("*.csv"))',
        )
        .replace(
            'with open(path, newline="") as fh:',
            'with Path(path).open(newline="", encoding="utf-8-sig") as fh:',
        )
        .replace("os.path.basename(path)", "Path(path).name")
    )
    s.write(f"{LEDGERLY}/src/ledgerly/importer.py", new_importer)
    s.say('Converted `importer.py` to pathlib; `Path.open(encoding="utf-8-sig")` handles the BOM.')
    s.prompt(
        "here's the top of the file as my bank exports it, note the decimal comma:\r\n\r\n"
        "Date;Payee;Amount\r\n2026-09-02;Café Lumière;-4,50\r\n2026-09-03;日本語書店;-23,00\r\n"
        "2026-09-05;Salaire ACME;2 450,00\r\n",
        task="parse decimal-comma amounts",
    )
    s.edit(
        f"{LEDGERLY}/src/ledgerly/importer.py",
        "def parse_amount(raw):\n    return int(round(float(raw) * 100))",
        'def parse_amount(raw: str) -> int:\n    cleaned = raw.replace("\\u202f", "").replace(" ", "").replace(",", ".")\n'
        "    return int(Decimal(cleaned) * 100)",
        at_line=17,
    )
    reminder = (
        "\n\n<system-reminder>\nNote: /home/mquill/code/ledgerly/src/ledgerly/schema.py was modified, either by "
        "the user or by a linter. Don't tell the user this, since they are already aware. This change was "
        "intentional, so make sure to take it into account as you proceed (ie. don't revert it unless the user "
        "asks you to). Here are the relevant changes (shown with line numbers):\n    14→    amount_cents BIGINT "
        "NOT NULL,\n</system-reminder>\n\n"
    )
    s.prompt(
        "rename the `amt` column to `amount_cents` everywhere while you're in there"
        + reminder
        + "and add a migration for it",
        clean="rename the `amt` column to `amount_cents` everywhere while you're in there\n\nand add a migration for it",
        task="rename amt column to amount_cents + migration",
    )
    rg = "\n".join(
        f"src/ledgerly/{f}:{n}:{line}"
        for f, n, line in [
            (
                "importer.py",
                33,
                '    con.executemany("INSERT INTO transactions (booked_on, payee, amt) VALUES (?, ?, ?)", rows)',
            ),
            ("report.py", 25, "        SELECT category, SUM(amt) AS total_cents, COUNT(*) AS n"),
            (
                "accounts.py",
                58,
                '    return con.execute("SELECT SUM(amt) FROM transactions WHERE account_id = ?", [aid]).fetchone()[0]',
            ),
            (
                "accounts.py",
                71,
                '        "SELECT booked_on, payee, amt FROM transactions WHERE account_id = ? ORDER BY booked_on",',
            ),
        ]
    )
    s.bash("rg -n '\\bamt\\b' src tests", rg, desc="Find amt usages")
    s.write(
        f"{LEDGERLY}/migrations/0004_rename_amt.sql",
        "ALTER TABLE transactions RENAME COLUMN amt TO amount_cents;\n",
    )
    s.bash(
        "sed -i 's/\\bamt\\b/amount_cents/g' src/ledgerly/importer.py src/ledgerly/report.py src/ledgerly/accounts.py",
        "",
        desc="Rename column references",
    )
    s.read(f"{LEDGERLY}/tests/test_importer.py", TEST_IMPORTER_PY)
    s.edit(
        f"{LEDGERLY}/tests/test_importer.py",
        "    def test_parse_amount(self):",
        '    def test_parse_amount_decimal_comma(self):\n        self.assertEqual(importer.parse_amount("-4,50"), -450)\n\n'
        "    def test_parse_amount(self):",
        at_line=27,
    )
    s.prompt(
        "Actually, I prefer pytest fixtures over setUp methods — rewrite TestImporter as plain test functions "
        "with a fixture for the db and one for the csv file.",
        prefs=("pytest_fixtures",),
        correction=True,
    )
    s.write(
        f"{LEDGERLY}/tests/test_importer.py",
        "from pathlib import Path\n\nimport duckdb\nimport pytest\n\nfrom ledgerly import importer\nfrom ledgerly.db import connect\n\n\n"
        '@pytest.fixture\ndef con(tmp_path: Path) -> duckdb.DuckDBPyConnection:\n    c = connect(tmp_path / "test.duckdb")\n'
        '    c.execute("CREATE TABLE transactions (booked_on DATE, payee TEXT, amount_cents BIGINT)")\n    return c\n\n\n'
        '@pytest.fixture\ndef export(tmp_path: Path) -> Path:\n    p = tmp_path / "export.csv"\n'
        '    p.write_text("\\ufeffDate;Payee;Amount\\r\\n2026-09-02;Café Lumière;-4,50\\r\\n", encoding="utf-8")\n    return p\n\n\n'
        "def test_imports_rows(con: duckdb.DuckDBPyConnection, export: Path) -> None:\n"
        '    assert importer.import_file(export, con) == 1\n    assert con.execute("SELECT payee FROM transactions").fetchone() == ("Café Lumière",)\n\n\n'
        '@pytest.mark.parametrize(("raw", "cents"), [("-4,50", -450), ("-4.50", -450), ("2 450,00", 245000)])\n'
        "def test_parse_amount(raw: str, cents: int) -> None:\n    assert importer.parse_amount(raw) == cents\n",
    )
    s.bash(
        "uv run pytest -q",
        pytest_output(
            r,
            LEDGERLY,
            ledgerly_tests(
                r,
                {
                    "tests/test_importer.py": [
                        "test_imports_rows",
                        "test_parse_amount[-4,50--450]",
                        "test_parse_amount[-4.50--450]",
                        "test_parse_amount[2 450,00-245000]",
                    ]
                },
            ),
        ),
        desc="Run full suite",
    )
    s.say("Rewrote as fixtures (`con`, `export`) + parametrized `test_parse_amount`. Suite passes.")
    return s


def tidewatch_s1() -> tuple[ClaudeSession, ClaudeSession]:
    s = ClaudeSession("tidewatch-1", TIDEWATCH, "main", utc(2026, 9, 18, 6, 58, 20))
    r = s.rng
    s.prompt("why is the tide chart off by one hour after DST?", task="debug tide chart DST offset")
    s.read(f"{TIDEWATCH}/src/tidewatch/tides.py", TIDES_PY)
    s.read(f"{TIDEWATCH}/src/tidewatch/chart.py", CHART_PY)
    agent_id = "3f9c2a1b"
    task_prompt = (
        "Audit tidewatch for timezone handling. List every place a naive datetime is created or compared, "
        "and every NOAA request parameter related to time zones. The user prefers Path objects and type "
        "hints, but do not edit anything — just report findings with file:line."
    )
    tu = s.tool_use(
        "Task",
        {
            "description": "Audit timezone handling",
            "prompt": task_prompt,
            "subagent_type": "general-purpose",
        },
    )
    s.assistant(
        [
            s.thinking(
                "`time_zone=lst` returns local *standard* time — no DST. Then matplotlib renders naive "
                "datetimes as-is, so summer charts are an hour early. Get a full audit via a subagent."
            ),
            s.text("Likely cause: NOAA `time_zone=lst`. Running an audit to find every affected spot."),
            tu,
        ],
        stop="tool_use",
    )
    sub = s.subagent("tidewatch-1-agent", agent_id, f"agent-{agent_id}.jsonl")
    sub.user(task_prompt)
    grep = (
        "src/tidewatch/tides.py:1:from datetime import datetime, timedelta\n"
        'src/tidewatch/tides.py:14:        t = datetime.strptime(p["t"], "%Y-%m-%d %H:%M")\n'
        'src/tidewatch/tides.py:21:        if kind == "H" and t > now:\n'
        'src/tidewatch/noaa.py:18:        "time_zone": "lst",\n'
        "src/tidewatch/cli.py:33:    now = datetime.now()\n"
        "src/tidewatch/cli.py:41:    day = date.today()\n"
    )
    sub.grep(
        "datetime|time_zone|date\\.today",
        f"{TIDEWATCH}/src",
        grep,
        think="Search for datetime construction and tz params.",
    )
    sub.read(f"{TIDEWATCH}/src/tidewatch/noaa.py", NOAA_PY)
    report = (
        "Findings:\n1. src/tidewatch/noaa.py:18 — `time_zone=lst` = local standard time, never DST. Use "
        "`lst_ldt` (local standard/daylight) or `gmt` and convert.\n2. src/tidewatch/tides.py:14 — naive "
        "`datetime.strptime`; no tzinfo attached.\n3. src/tidewatch/cli.py:33 — `datetime.now()` naive, compared "
        "against (2) in `next_high`.\n4. src/tidewatch/cli.py:41 — `date.today()` uses host tz; fine for CLI.\n"
        "Recommendation: request `gmt`, parse as UTC, convert with zoneinfo at render time."
    )
    sub.say(report)
    s.clock.t = max(s.clock.t, sub.clock.t)
    s.tool_result(
        tu["id"],
        [{"type": "text", "text": report}],
        tur={
            "status": "completed",
            "agentId": agent_id,
            "prompt": task_prompt,
            "totalDurationMs": 21764,
            "content": [{"type": "text", "text": report}],
        },
    )
    s.edit(
        f"{TIDEWATCH}/src/tidewatch/noaa.py",
        '        "time_zone": "lst",',
        '        "time_zone": "gmt",',
        at_line=18,
        pre="Cause: NOAA `time_zone=lst` ignores DST. Switching to GMT and converting on our side.",
    )
    s.edit(
        f"{TIDEWATCH}/src/tidewatch/tides.py",
        '        t = datetime.strptime(p["t"], "%Y-%m-%d %H:%M")',
        '        t = datetime.strptime(p["t"], "%Y-%m-%d %H:%M").replace(tzinfo=UTC).astimezone(tz)',
        at_line=14,
    )
    tests = {
        "tests/test_tides.py": test_names(r, "", ["load_day", "next_high", "tz"], 16),
        "tests/test_chart.py": test_names(r, "", ["render", "axis"], 8),
    }
    s.bash("uv run pytest -q", pytest_output(r, TIDEWATCH, tests), desc="Run tests")
    s.say("Fixed: request GMT from NOAA and convert to the station's zone (`zoneinfo`). Summer charts now line up.")
    s.prompt(
        "add type hints to the tide module too — everything you touch gets annotated.",
        prefs=("type_hints",),
    )
    s.edit(
        f"{TIDEWATCH}/src/tidewatch/tides.py",
        "def load_day(station, day):",
        "def load_day(station: str, day: date, tz: ZoneInfo) -> list[TideEvent]:",
        at_line=9,
    )
    s.edit(
        f"{TIDEWATCH}/src/tidewatch/tides.py",
        "def next_high(events, now):",
        "def next_high(events: list[TideEvent], now: datetime) -> tuple[datetime, float] | None:",
        at_line=20,
    )
    s.edit(
        f"{TIDEWATCH}/src/tidewatch/tides.py",
        'CACHE_DIR = os.path.join(os.path.expanduser("~"), ".cache", "tidewatch")',
        'CACHE_DIR: str = os.path.join(os.path.expanduser("~"), ".cache", "tidewatch")',
        at_line=6,
    )
    s.prompt(
        "Path objects please, no os.path.join.",
        prefs=("pathlib",),
        correction=True,
        tracked={f"{TIDEWATCH}/src/tidewatch/tides.py": 3},
    )
    s.edit(
        f"{TIDEWATCH}/src/tidewatch/tides.py",
        'CACHE_DIR: str = os.path.join(os.path.expanduser("~"), ".cache", "tidewatch")',
        'CACHE_DIR: Path = Path.home() / ".cache" / "tidewatch"',
        at_line=6,
    )
    s.bash(
        "uv run mypy --strict src && uv run pytest -q",
        "Success: no issues found in 7 source files\n" + pytest_output(r, TIDEWATCH, tests),
        desc="Check",
    )
    s.say("Done; mypy strict and tests clean.")
    # auto-compaction
    s.clock.jump(3600)
    boundary = s.system(
        "Conversation compacted",
        subtype="compact_boundary",
        logicalParentUuid=s.last,
        compactMetadata={"trigger": "auto", "preTokens": 156311},
    )
    boundary["parentUuid"] = None
    s.user(
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis:\nThe user asked why the tide chart was an hour off after DST. I found NOAA "
        "`time_zone=lst` ignores daylight time, switched to `gmt`, and convert with zoneinfo.\n\nSummary:\n1. Primary "
        'Request and Intent: fix DST offset in tide chart.\n2. Key user feedback:\n   - "add type hints to the tide '
        'module too — everything you touch gets annotated."\n   - "Path objects please, no os.path.join."\n'
        "3. Files: src/tidewatch/noaa.py, src/tidewatch/tides.py.\n4. Pending Tasks: none.\n5. Current Work: "
        "tests pass, mypy strict clean.\nPlease continue the conversation from where we left it off without asking "
        "the user any further questions.",
        isCompactSummary=True,
        isVisibleInTranscriptOnly=True,
    )
    s.prompt(
        "tests should use fixtures in conftest.py, not unittest classes with setUp. convert test_tides.py.",
        prefs=("pytest_fixtures",),
    )
    s.write(
        f"{TIDEWATCH}/tests/conftest.py",
        'import json\nfrom pathlib import Path\n\nimport pytest\n\nFIXTURES = Path(__file__).parent / "fixtures"\n\n\n'
        "@pytest.fixture\ndef predictions() -> dict[str, list[dict[str, str]]]:\n"
        '    return json.loads((FIXTURES / "9414290_hilo.json").read_text())\n',
    )
    s.bash("uv run pytest -q", pytest_output(r, TIDEWATCH, tests), desc="Run tests")
    s.say("Converted to plain functions using a `predictions` fixture in `tests/conftest.py`. All pass.")
    return s, sub


def tidewatch_s2() -> tuple[ClaudeSession, ClaudeSession]:
    s = ClaudeSession("tidewatch-2", TIDEWATCH, "feat/retry", utc(2026, 9, 25, 17, 30, 3))
    r = s.rng
    s.prompt(
        "add a retry with backoff to the NOAA fetcher, their API 503s every few mornings",
        task="add retry with backoff to NOAA fetcher",
    )
    agent_id = "a7c3e91"
    task_prompt = (
        "Look through tidewatch's logs in ~/.cache/tidewatch/logs and summarise which NOAA errors occur "
        "(status code, message, time of day). Keep the report short — the user likes terse answers."
    )
    tu = s.tool_use(
        "Task",
        {
            "description": "Survey NOAA error logs",
            "prompt": task_prompt,
            "subagent_type": "general-purpose",
            "run_in_background": True,
        },
    )
    s.assistant(
        [s.text("Starting a background survey of past NOAA errors while I write the retry."), tu],
        stop="tool_use",
    )
    s.tool_result(
        tu["id"],
        [{"type": "text", "text": f"Async agent launched successfully.\nagentId: {agent_id}"}],
    )
    sub = s.subagent("tidewatch-2-agent", agent_id, f"{s.session_id}/subagents/agent-{agent_id}.jsonl")
    sub.user(task_prompt)
    log_lines = []
    for day in range(1, 25):
        for _ in range(r.randint(0, 3)):
            code = r.choice([503, 503, 503, 504, 429])
            log_lines.append(
                f"2026-09-{day:02d}T0{r.randint(5, 8)}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}Z "
                f"WARNING tidewatch.noaa HTTP {code} from datagetter station=9414290 "
                f"attempt=1 body='{'Service Unavailable' if code == 503 else 'Gateway Timeout' if code == 504 else 'Too Many Requests'}'"
            )
    logs = "\n".join(log_lines)
    lid = sub.call(
        "Bash",
        {
            "command": "cat ~/.cache/tidewatch/logs/*.log | grep -E 'HTTP [45][0-9]{2}'",
            "description": "Collect HTTP errors",
        },
    )
    sub.tool_result(lid, logs, tur={"stdout": logs, "stderr": "", "interrupted": False, "isImage": False})
    summary = (
        f"{len(log_lines)} errors in Sept: mostly 503, a few 504 and 429; all between 05:00–08:59 UTC. "
        "429s cluster right after restarts. Suggest 3 retries, exponential backoff from 2s, honour Retry-After."
    )
    sub.say(summary)
    s.edit(
        f"{TIDEWATCH}/src/tidewatch/noaa.py",
        "    with urllib.request.urlopen(url, timeout=10) as resp:\n        return json.load(resp)",
        "    for attempt in range(retries + 1):\n        try:\n            with urllib.request.urlopen(url, timeout=10) as resp:\n"
        "                return json.load(resp)\n        except urllib.error.HTTPError as err:\n"
        '            print(f"DEBUG attempt={attempt} status={err.code}")\n'
        "            if err.code not in RETRYABLE or attempt == retries:\n                raise\n"
        "            time.sleep(backoff * 2 ** attempt)",
        at_line=24,
        pre="Adding a retry loop around `urlopen` with exponential backoff.",
    )
    s.prompt(
        "no print() debugging in here, use the module logger.",
        prefs=("logging_not_print",),
        correction=True,
        tracked={f"{TIDEWATCH}/src/tidewatch/noaa.py": 1},
    )
    s.edit(
        f"{TIDEWATCH}/src/tidewatch/noaa.py",
        '            print(f"DEBUG attempt={attempt} status={err.code}")',
        '            log.warning("NOAA HTTP %s (attempt %d/%d)", err.code, attempt + 1, retries + 1)',
        at_line=29,
    )
    s.user(
        f"<task-notification>\n<task-id>{agent_id}</task-id>\n<status>completed</status>\n"
        f'<summary>Agent "Survey NOAA error logs" completed</summary>\n<result>{summary}</result>\n'
        "</task-notification>"
    )
    s.edit(
        f"{TIDEWATCH}/src/tidewatch/noaa.py",
        "RETRYABLE = {503, 504}",
        "RETRYABLE = {429, 503, 504}",
        at_line=8,
        pre="The survey found 429s too; adding them and honouring Retry-After.",
    )
    tests = {
        "tests/test_noaa.py": test_names(r, "", ["fetch", "retry", "backoff"], 12),
        "tests/test_tides.py": test_names(r, "", ["load_day", "next_high", "tz"], 16),
    }
    s.bash("uv run pytest -q", pytest_output(r, TIDEWATCH, tests), desc="Run tests")
    s.prompt("run ruff before you commit, like always.", prefs=("ruff_before_commit",))
    ruff = (
        "src/tidewatch/noaa.py:3:8: F401 [*] `urllib.parse` imported but unused\n"
        "src/tidewatch/noaa.py:31:13: BLE001 Do not catch blind exception: `Exception`\n"
        "tests/test_noaa.py:2:1: I001 [*] Import block is un-sorted or un-formatted\n"
        "Found 3 errors (2 fixed, 1 remaining).\n"
    )
    s.bash("uv run ruff check --fix . && uv run ruff format .", ruff, exit_code=1, desc="Lint")
    s.edit(
        f"{TIDEWATCH}/src/tidewatch/noaa.py",
        "        except Exception:",
        "        except urllib.error.URLError:",
        at_line=31,
    )
    s.bash(
        'uv run ruff check . && uv run ruff format . && git add -A && git commit -m "feat: retry NOAA requests"',
        "All checks passed!\n3 files left unchanged\n[feat/retry 77d0e1c] feat: retry NOAA requests\n"
        " 2 files changed, 58 insertions(+), 3 deletions(-)\n",
        desc="Lint and commit",
    )
    s.prompt(
        "split that into two commits — one for the fetcher, one for the tests. conventional commit prefixes "
        "(feat:, test:).",
        prefs=("small_conventional_commits",),
        correction=True,
    )
    s.bash(
        "git reset --soft HEAD~1 && git reset && git add src/tidewatch/noaa.py && git commit -m "
        '"feat(noaa): retry transient HTTP errors with backoff" && git add tests/test_noaa.py && '
        'git commit -m "test(noaa): cover retry and backoff" && git log --oneline -3',
        "[feat/retry 2ac41f0] feat(noaa): retry transient HTTP errors with backoff\n 1 file changed, 31 insertions(+), 3 deletions(-)\n"
        "[feat/retry c9e07b3] test(noaa): cover retry and backoff\n 1 file changed, 27 insertions(+)\n"
        "c9e07b3 test(noaa): cover retry and backoff\n2ac41f0 feat(noaa): retry transient HTTP errors with backoff\n"
        "5d1e8a0 fix(tides): request GMT and convert with zoneinfo\n",
        desc="Split commit",
    )
    s.say(
        "I've split the previous commit into two separate commits, as you asked. First, I did a soft reset to undo "
        "the combined commit while keeping the changes staged, then I unstaged everything so I could add the files "
        "selectively. The first commit, `feat(noaa): retry transient HTTP errors with backoff`, contains only the "
        "fetcher change in `src/tidewatch/noaa.py`. The second, `test(noaa): cover retry and backoff`, contains "
        "the new tests. Both follow the Conventional Commits specification, with a scope in parentheses. The branch "
        "history now reads cleanly, and each commit can be reviewed or reverted on its own. Let me know if you'd "
        "like me to push the branch or open a pull request!"
    )
    s.prompt("shorter. no preamble, just what changed.", prefs=("terse",))
    s.say("Two commits: `feat(noaa)` (fetcher), `test(noaa)` (tests).")
    s.summary("NOAA fetcher retry with backoff, split commits", s.last)
    return s, sub


# --------------------------------------------------------------------------
# Codex sessions
# --------------------------------------------------------------------------
DEVELOPER_MSG = (
    "<permissions instructions>\nFilesystem sandboxing defines which files can be read or written. "
    "`sandbox_mode` is `workspace-write`: The sandbox permits reading files, and editing files in `cwd` "
    "and `writable_roots`. Network access is restricted.\nApprovals: `on-request` — commands run in the "
    "sandbox; request escalation with `with_escalated_permissions` when you need to go outside it.\n"
    "</permissions instructions>"
)


def codex_s1() -> CodexSession:
    c = CodexSession(
        "c1",
        utc(2026, 10, 3, 9, 12, 44),
        LEDGERLY,
        "feat/import-since",
        "git@github.com:mquill/ledgerly.git",
    )
    r = c.rng
    c.meta()
    c.user_instructions(AGENTS_MD)
    c.env_context()
    c.developer(DEVELOPER_MSG)
    c.prompt(
        "add a --since flag to the import command. stick with polars for the date filtering — no pandas round-trips.",
        prefs=("polars",),
        task="add --since flag to import command",
    )
    c.reasoning("**Locating import command**\n\nI need to find where the CLI defines `import` and how rows are read.")
    c.shell(
        "rg -n 'def import_cmd|argparse|add_parser' src",
        "src/ledgerly/cli.py:12:import argparse\n"
        'src/ledgerly/cli.py:40:    imp = sub.add_parser("import", help="import bank CSV exports")\n'
        "src/ledgerly/cli.py:58:def import_cmd(args: argparse.Namespace) -> int:\n",
    )
    cli = "\n".join(
        f"{line}"
        for line in [
            "from __future__ import annotations",
            "",
            "import argparse",
            "import logging",
            "from pathlib import Path",
            "",
            "import polars as pl",
            "",
            "from ledgerly import importer",
            "from ledgerly.db import connect",
            "",
            "log = logging.getLogger(__name__)",
            "",
            "",
            "def build_parser() -> argparse.ArgumentParser:",
            '    parser = argparse.ArgumentParser(prog="ledgerly")',
            '    sub = parser.add_subparsers(dest="cmd", required=True)',
            '    imp = sub.add_parser("import", help="import bank CSV exports")',
            '    imp.add_argument("paths", nargs="*", type=Path)',
            "    imp.set_defaults(func=import_cmd)",
            "    return parser",
            "",
            "",
            "def import_cmd(args: argparse.Namespace) -> int:",
            "    con = connect()",
            "    total = 0",
            "    for path in args.paths or importer.find_exports():",
            "        df = importer.read_export(path)",
            '        print("DEBUG", path, df.shape)',
            "        total += importer.load(con, df)",
            '    print(f"imported {total} rows")',
            "    return 0",
            "",
            "",
            "def main(argv: list[str] | None = None) -> int:",
            "    args = build_parser().parse_args(argv)",
            "    logging.basicConfig(level=logging.INFO)",
            "    return int(args.func(args))",
        ]
    )
    c.shell("sed -n '1,200p' src/ledgerly/cli.py", cli)
    c.patch(
        '*** Update File: src/ledgerly/cli.py\n@@\n     imp.add_argument("paths", nargs="*", type=Path)\n'
        '+    imp.add_argument("--since", type=date.fromisoformat, help="only rows booked on/after YYYY-MM-DD")\n'
        "@@\n         df = importer.read_export(path)\n+        if args.since:\n"
        '+            df = df.filter(pl.col("booked_on") >= args.since)',
        ["src/ledgerly/cli.py"],
    )
    tests = ledgerly_tests(
        r,
        {"tests/test_cli.py": ["test_import_since_filters_rows", "test_import_since_invalid_date"]},
    )
    fail = (
        '    def test_import_since_invalid_date(capsys):\n>       assert main(["import", "--since", "2026-13-01"]) == 2\n'
        "E       SystemExit: 2\n\ntests/test_cli.py:31: SystemExit"
    )
    c.shell(
        "uv run pytest -q",
        pytest_output(r, LEDGERLY, tests, {"tests/test_cli.py::test_import_since_invalid_date": fail}),
        1,
    )
    c.reasoning("**Fixing test expectation**\n\nargparse exits with SystemExit(2); the test should use pytest.raises.")
    c.patch(
        '*** Update File: tests/test_cli.py\n@@\n-    assert main(["import", "--since", "2026-13-01"]) == 2\n'
        '+    with pytest.raises(SystemExit, match="2"):\n+        main(["import", "--since", "2026-13-01"])',
        ["tests/test_cli.py"],
    )
    c.shell("uv run pytest -q", pytest_output(r, LEDGERLY, tests))
    c.answer(
        'Added `--since YYYY-MM-DD` to `ledgerly import`; rows are filtered with `pl.col("booked_on") >= since` '
        "before loading. Tests pass (`uv run pytest -q`)."
    )
    c.prompt(
        "never use print for debugging — use logging. rip those print() calls out of cli.py while you're there.",
        prefs=("logging_not_print",),
    )
    c.reasoning("**Replacing prints**\n\nUse the module-level `log` already defined.")
    c.patch(
        '*** Update File: src/ledgerly/cli.py\n@@\n-        print("DEBUG", path, df.shape)\n'
        '+        log.debug("read %s: %d rows", path, df.height)\n@@\n-    print(f"imported {total} rows")\n'
        '+    log.info("imported %d rows", total)',
        ["src/ledgerly/cli.py"],
    )
    c.shell("git add -A && git commit -m 'feat(cli): add --since to import'", None)
    c.aborted()
    c.prompt(
        "wait — run ruff before committing. always `uv run ruff check --fix . && uv run ruff format .` first.",
        prefs=("ruff_before_commit",),
        correction=True,
    )
    c.shell(
        "uv run ruff check --fix . && uv run ruff format .",
        "src/ledgerly/cli.py:5:21: F401 [*] `datetime.datetime` imported but unused\n"
        "Found 1 error (1 fixed, 0 remaining).\n2 files reformatted, 14 files left unchanged\n",
    )
    c.shell(
        "git add -A && git commit -m 'feat(cli): add --since to import'",
        "[feat/import-since 0b8d2f4] feat(cli): add --since to import\n 3 files changed, 19 insertions(+), 4 deletions(-)\n",
    )
    c.answer("ruff fixed one unused import and reformatted 2 files; committed `feat(cli): add --since to import`.")
    return c


def codex_s2() -> CodexSession:
    c = CodexSession("c2", utc(2026, 10, 7, 21, 40, 3), LEDGERLY, "main", "git@github.com:mquill/ledgerly.git")
    r = c.rng
    c.meta()
    c.user_instructions(AGENTS_MD)
    c.env_context()
    ide = (
        "# Context from my IDE setup:\n\n## Active file: src/app.py\n\n## My request for Codex:\n"
        "make the error messages shorter"
    )
    c.prompt(ide, clean="make the error messages shorter", task="shorten API error messages")
    c.shell("sed -n '1,80p' src/app.py", APP_PY)
    c.patch(
        '*** Update File: src/app.py\n@@\n-        return {"error": f"The request could not be processed because a '
        'value was invalid: {err}. "\n-                         "Please check the parameters you supplied and try '
        'again."}, 400\n+        return {"error": f"invalid value: {err}"}, 400\n@@\n-        return {"error": f"We were '
        'unable to find the resource you were looking for ({err}). "\n-                         "It may have been '
        'moved or deleted."}, 404\n+        return {"error": f"not found: {err}"}, 404',
        ["src/app.py"],
    )
    c.answer("Shortened both handlers: `invalid value: …` (400) and `not found: …` (404). Should be good to go.")
    c.prompt(
        "don't tell me it's done until pytest passes — run it yourself.",
        prefs=("tests_before_done",),
        correction=True,
    )
    tests = ledgerly_tests(
        r,
        {
            "tests/test_app.py": [
                "test_bad_request_message",
                "test_not_found_message",
                "test_healthz",
            ]
        },
    )
    fail = (
        '    def test_bad_request_message(client):\n        resp = client.get("/report/?month=2026-13")\n'
        '>       assert "could not be processed" in resp.json["error"]\nE       AssertionError: assert \'could not be '
        "processed' in 'invalid value: month must be in 1..12'\n\ntests/test_app.py:12: AssertionError"
    )
    c.shell(
        "uv run pytest -q",
        pytest_output(r, LEDGERLY, tests, {"tests/test_app.py::test_bad_request_message": fail}),
        1,
    )
    c.patch(
        '*** Update File: tests/test_app.py\n@@\n-    assert "could not be processed" in resp.json["error"]\n'
        '+    assert resp.json["error"].startswith("invalid value:")',
        ["tests/test_app.py"],
    )
    c.shell("uv run pytest -q", pytest_output(r, LEDGERLY, tests))
    c.answer("One test asserted the old wording; updated it. `uv run pytest -q`: all passed.")
    c.compacted(
        "Summary of the conversation so far: the user asked to shorten the API error messages in src/app.py "
        "(done: 'invalid value: …', 'not found: …'), then insisted tests be run before reporting completion; "
        "pytest now passes. The user prefers polars and uv (per AGENTS.md)."
    )
    c.turn_context()
    c.prompt(
        f"wire up the summarizer. key is OPENAI_API_KEY={OPENAI_KEY} — put it in .env.local (gitignored) and "
        "read it through settings, never hardcode it",
        task="wire up OpenAI summarizer via .env.local",
        secrets=("openai_api_key",),
    )
    c.shell(
        "cat .gitignore && ls src/ledgerly",
        ".venv/\n__pycache__/\n*.duckdb\n.env.local\n.env.staging\n"
        "__init__.py\naccounts.py\ncli.py\ndb.py\nimporter.py\nimports.py\nledger.py\nreport.py\nschema.py\nsettings.py\n",
    )
    c.shell(f"printf 'OPENAI_API_KEY=%s\\n' '{OPENAI_KEY}' >> .env.local", "")
    c.patch(
        "*** Update File: src/ledgerly/settings.py\n@@\n class Settings(BaseSettings):\n"
        '-    model_config = SettingsConfigDict(env_file=".env")\n+    model_config = SettingsConfigDict(env_file=(".env", ".env.local"))\n'
        "+    openai_api_key: SecretStr | None = None",
        ["src/ledgerly/settings.py"],
    )
    c.shell("uv run pytest -q", pytest_output(r, LEDGERLY, tests))
    c.answer(
        "Key stored in `.env.local` (already gitignored); `Settings.openai_api_key` is a `SecretStr` loaded from it. "
        "Tests pass."
    )
    return c


def codex_s3() -> CodexSession:
    c = CodexSession("c3", utc(2026, 10, 12, 14, 5, 19), TIDEWATCH, "main", "git@github.com:mquill/tidewatch.git")
    r = c.rng
    c.meta()
    c.env_context()
    c.developer(DEVELOPER_MSG)
    c.prompt(
        "NOAA changed the predictions JSON — `predictions` is now nested under `data`. update the parser",
        task="update parser for new NOAA JSON shape",
    )
    sample = json.dumps(
        {
            "metadata": {
                "id": "9414290",
                "name": "San Francisco",
                "lat": "37.8063",
                "lon": "-122.4659",
            },
            "data": {
                "predictions": [
                    {
                        "t": f"2026-10-{d:02d} {h:02d}:{m:02d}",
                        "v": f"{r.uniform(-0.5, 6.5):.3f}",
                        "type": r.choice("HL"),
                    }
                    for d in range(12, 19)
                    for h, m in [
                        (r.randint(0, 5), r.randint(0, 59)),
                        (r.randint(6, 11), r.randint(0, 59)),
                        (r.randint(12, 17), r.randint(0, 59)),
                        (r.randint(18, 23), r.randint(0, 59)),
                    ]
                ]
            },
        },
        indent=2,
    )
    c.shell(
        "curl -s 'https://api.tidesandcurrents.noaa.gov/api/prod/datagetter?product=predictions&station=9414290"
        "&begin_date=20261012&end_date=20261018&datum=MLLW&time_zone=gmt&interval=hilo&units=english&format=json'",
        sample,
    )
    c.patch(
        '*** Update File: src/tidewatch/tides.py\n@@\n-    for p in raw["predictions"]:\n'
        '+    preds = raw["data"]["predictions"] if "data" in raw else raw["predictions"]\n+    for p in preds:',
        ["src/tidewatch/tides.py"],
    )
    c.shell("source .venv/bin/activate && python -m pytest -q", None)
    c.aborted()
    c.prompt(
        "use `uv run pytest`, not a manually activated venv — uv manages the env here too.",
        prefs=("uv",),
        correction=True,
    )
    tests = {
        "tests/test_tides.py": test_names(r, "", ["load_day", "next_high", "tz", "parse"], 18),
        "tests/test_noaa.py": test_names(r, "", ["fetch", "retry", "backoff"], 12),
    }
    c.shell("uv run pytest -q", pytest_output(r, TIDEWATCH, tests))
    c.answer(
        "Parser now reads `data.predictions` (falls back to the old top-level key). I also checked the rest of the "
        "module for other shape assumptions and found none; the fixture in tests/fixtures still uses the old "
        "shape, which is why both paths are kept. All 30 tests pass under `uv run pytest -q`. To recap: parser "
        "updated, backwards compatible, tests green."
    )
    c.prompt("one-line answers are fine. skip the recap at the end.", prefs=("terse",))
    c.answer("Understood.")
    return c


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------
SECRETS = {
    "aws_access_key_id": AWS_ACCESS_KEY_ID,
    "aws_secret_access_key": AWS_SECRET_ACCESS_KEY,
    "github_pat": GITHUB_PAT,
    "postgres_url": POSTGRES_URL,
    "stripe_secret_key": STRIPE_KEY,
    "openai_api_key": OPENAI_KEY,
}
PII = {
    "colleague_name": COLLEAGUE_NAME,
    "colleague_email": COLLEAGUE_EMAIL,
    "colleague_phone": COLLEAGUE_PHONE,
}

NOISE = [
    "tool_result user entries (incl. is_error results, rejected and interrupted tool uses)",
    "`[Request interrupted by user for tool use]` marker entries",
    "isMeta entries (local-command caveat, expanded /review prompt)",
    "slash-command wrappers (`<command-name>…`, `<local-command-stdout>…`)",
    "isCompactSummary continuation entry; system compact_boundary; Codex `compacted`",
    "`<task-notification>` (from a background agent)",
    "sidechain entries: inline (ledgerly-4), sibling `agent-3f9c2a1b.jsonl`, "
    "`<session>/subagents/agent-a7c3e91.jsonl` — their prompts are written by the model",
    "summary, file-history-snapshot, queue-operation, progress, system entries",
    "a replayed entry with a duplicate uuid (ledgerly-2) — count once",
    "queue-operation `enqueue` content (ledgerly-1) duplicates the genuine user entry that follows — count once",
    "`<system-reminder>` span and `<ide_opened_file>` block inside genuine prompts (strip, keep the rest)",
    "Codex: `<user_instructions>` (AGENTS.md), `<environment_context>`, developer message, event_msg "
    "user_message (duplicates the response_item), reasoning, function_call(_output), token_count, turn_aborted",
    "Codex IDE wrapper `# Context from my IDE setup:` — keep only the text after `## My request for Codex:`",
]


# --------------------------------------------------------------------------
# The other agents' formats: a short history each (GitHub Copilot in VS Code and its CLI, Cursor,
# the ChatGPT and Claude.ai exports), written through the same writers module
# --------------------------------------------------------------------------
OTHER_AGENTS_NOISE = [
    "Copilot (VS Code): `@workspace` routing part, attached file contents (`variableData`), "
    "responses and tool output, the generated `customTitle`, `requesterUsername`",
    "Copilot CLI: `transformedContent` (the prompt with injected context), attachments, reasoning, tool output",
    "Cursor: `richText` (the same words as editor state), attached `context`, agent text, thinking, "
    "tool results, composer names",
    "ChatGPT export: system and hidden messages, custom instructions, the regenerated answer's branch, titles; "
    "Claude.ai export: attachments' extracted content, thinking blocks, names and summaries",
    "Gemini CLI: the `<session_context>` first message (environment, folder tree, GEMINI.md memory), "
    "referenced file contents, model text, tool calls and output, the generated `summary`",
    "opencode: synthetic text parts (the mentioned file's contents), file parts, assistant text, tool output, "
    "step bookkeeping, the generated session title",
    "Aider: `> ` tool output (version banner, added files), `/add` and `/commit` commands, the model's replies",
    "Cline: `api_req_started` (the request with `<environment_details>`), assistant text, the command approval, "
    "the completion result; the API history's wrappers",
    "Cursor CLI: the system prompt, the `<user_info>` preamble, `<rules>` and `<attached_files>` blocks around "
    "the `<user_query>`, assistant text, tool results, the chat's name, the blob key in `meta`",
]


def other_agents() -> dict[str, Any]:
    """Writes the short histories; returns their truth: the unit keys and the person's prompts."""
    rng = random.Random(f"{SEED}-other-agents")
    prompts: list[dict[str, Any]] = []

    def said(source: str, text: str, *prefs: str, correction: bool = False) -> str:
        prompts.append({"source": source, "text": text, "preferences": list(prefs), "correction": correction})
        return text

    clock = writers.Clock(utc(2026, 10, 14, 10, 2, 0), rng)
    chat = writers.CopilotChat(rng, clock, LEDGERLY, title="Budget export questions", user="mquill")
    storage = "4f1c2e9a7b3d5e6f8a9b0c1d2e3f4a5b"  # VS Code's id of the workspace folder
    chat.ask(
        said("copilot_vscode", "add a --month flag to the export command"),
        "Added the flag.",
        participant="workspace",
        attachments={"cli.py": "import argparse\n"},
    )
    chat.ask(said("copilot_vscode", "use uv run for the scripts, never pip", "uv"), "Switched the docs to uv run.")
    chat.ask("write the release notes", "Here is a long draft …", cancelled=True)
    chat.ask(said("copilot_vscode", "no recap at the end, just the notes", "terse", correction=True), "Done.")
    vscode = chat.write(ROOT / "copilot" / "User", storage)
    units = [f"copilot/vscode/{storage}/{vscode.name}"]

    clock = writers.Clock(utc(2026, 10, 15, 18, 20, 0), rng)
    cli = writers.CopilotCliSession(rng, clock, TIDEWATCH)
    cli.prompt(
        said("copilot_cli", "annotate every function with type hints, mypy --strict must pass", "type_hints"),
        injected="<tools/>",
    )
    cli.answer("Adding annotations.")
    cli.tool("bash", {"command": "mypy --strict tidewatch"}, error="exit status 1: 3 errors")
    cli.tool("bash", {"command": "mypy --strict tidewatch"}, output="Success: no issues found")
    cli.answer("Also adding print statements to trace the fetch")
    cli.abort()
    cli.prompt(
        said("copilot_cli", "stop, use the logging module instead of print", "logging_not_print", correction=True)
    )
    units.append(f"copilot/cli/{cli.id}/events.jsonl")
    cli.write(ROOT / "copilot" / ".copilot")

    clock = writers.Clock(utc(2026, 10, 16, 9, 40, 0), rng)
    store = writers.CursorStore(rng, clock)
    cid = store.composer("Monthly report query")
    first = store.user(cid, said("cursor", "load the monthly totals with polars, not pandas", "polars"))
    store.rows[f"bubbleId:{cid}:{first}"]["workspaceProjectDir"] = LEDGERLY
    store.agent(
        cid,
        "Running the whole suite",
        tool={"name": "run_terminal_cmd", "params": json.dumps({"command": "pytest"}), "userDecision": "rejected"},
    )
    store.user(
        cid, said("cursor", "no, write the test with a real duckdb file in tmp_path", "real_duckdb", correction=True)
    )
    store.write(ROOT / "cursor" / "User" / "globalStorage" / "state.vscdb")
    units.append("cursor/global/state.vscdb")

    clock = writers.Clock(utc(2026, 10, 18, 20, 5, 0), rng)
    gpt = writers.ChatGptExport(rng, clock)
    gpt.conversation(
        "Tide tables", [("user", said("chatgpt", "answer tersely, no preamble", "terse")), ("assistant", "Understood.")]
    )
    gpt.conversation(
        "Paths",
        [
            ("user", said("chatgpt", "in my python scripts prefer `pathlib.Path` over `os.path`", "pathlib")),
            ("assistant", "Sure."),
        ],
    )
    gpt.write(ROOT / "exports" / "chatgpt-export.zip")
    clock = writers.Clock(utc(2026, 10, 19, 7, 30, 0), rng)
    claude_ai = writers.ClaudeAiExport(rng, clock)
    claude_ai.conversation(
        "Trip",
        "A trip plan",
        [("human", said("claude_ai", "keep replies to three short bullet points")), ("assistant", "Sure.")],
    )
    claude_ai.write(ROOT / "exports" / "claude-export.zip")
    units += ["chat_export/chatgpt-export.zip", "chat_export/claude-export.zip"]

    clock = writers.Clock(utc(2026, 10, 20, 8, 15, 0), rng)
    gem = writers.GeminiSession(rng, clock, TIDEWATCH, summary="Tide chart caching")
    gem.session_context([TIDEWATCH], memory="--- Context from: GEMINI.md ---\nTidewatch conventions\n")
    gem.prompt(
        said("gemini", "cache the NOAA responses on disk for a day, keep it behind a flag"),
        files={"src/tidewatch/noaa.py": "import httpx\n"},
    )
    gem.answer(
        "I'll add a cache module and install requests-cache with pip.",
        tools=[("run_shell_command", {"command": "pip install requests-cache"}, "cancelled", "")],
    )
    gem.prompt(said("gemini", "no, don't use pip, add it with uv add", "uv", correction=True))
    gem.answer("Added with uv.", tools=[("run_shell_command", {"command": "uv add requests-cache"}, "success", "ok")])
    tmp = ROOT / "gemini" / ".gemini" / "tmp"
    units.append(f"gemini/{gem.project_hash}/{gem.write(tmp, jsonl=True).name}")

    clock = writers.Clock(utc(2026, 10, 21, 17, 40, 0), rng)
    oc = writers.OpencodeStore(rng, clock)
    sid = oc.session(LEDGERLY, "Export totals by category")
    oc.user(
        sid,
        said("opencode", "group the export totals by category with polars, not pandas", "polars"),
        files={"ledgerly/export.py": "import pandas as pd\n"},
    )
    oc.assistant(
        sid,
        "I'll run the whole suite first.",
        tools=[
            ("bash", {"command": "pytest"}, "error", "The user rejected permission to use this specific tool call.")
        ],
    )
    oc.user(sid, said("opencode", "no, test it with a real duckdb file in tmp_path", "real_duckdb", correction=True))
    oc.assistant(sid, "Added a test using a duckdb file in tmp_path.")
    oc.write_db(ROOT / "opencode" / "opencode.db")
    units.append("opencode/opencode.db")

    clock = writers.Clock(utc(2026, 10, 22, 19, 10, 0), rng)
    ai = writers.AiderHistory(rng, clock)
    ai.run()
    ai.output("Aider v0.86.1\nMain model: sonnet with diff edit format")
    ai.typed("/add src/tidewatch/plot.py")
    ai.output("Added src/tidewatch/plot.py to the chat")
    ai.typed(said("aider", "label the tide chart axes in local time, with type hints on the new helpers", "type_hints"))
    ai.reply("I'll add print calls to check the offsets first.", interrupted=True)
    ai.typed(said("aider", "no prints, log through the logging module", "logging_not_print", correction=True))
    ai.reply("Switched to logging.getLogger(__name__).")
    ai.typed("/commit")
    ai.write(ROOT / "aider" / "tidewatch", inputs=False)
    units.append("aider/tidewatch/.aider.chat.history.md")

    clock = writers.Clock(utc(2026, 10, 23, 8, 45, 0), rng)
    task = writers.ClineTask(rng, clock, LEDGERLY)
    task.task(said("cline", "add a monthly summary query to the report module, using polars", "polars"))
    task.say("I'll install pandas with pip to build the summary.")
    tool = task.ask_tool({}, command="pip install pandas")
    task.denied(tool, said("cline", "no pip and no pandas: uv add polars", "uv", correction=True))
    task.say("Added polars with uv and wrote the query.")
    task.completed("The monthly summary query is in ledgerly/report.py.")
    units.append(f"cline/cline/{task.write(ROOT / 'cline').name}")

    clock = writers.Clock(utc(2026, 10, 24, 21, 30, 0), rng)
    cli = writers.CursorCliStore(rng, clock, TIDEWATCH, name="Station fixture tests")
    cli.system("You are an AI coding assistant, powered by a large language model.")
    cli.context_only({"user_info": f"OS Version: linux 6.8\nShell: bash\nWorkspace Path: {TIDEWATCH}"})
    cli.user(
        said(
            "cursor_cli",
            "cover the station lookup with pytest functions and a fixture for the sample stations",
            "pytest_fixtures",
        ),
        context={"rules": "Tidewatch conventions", "attached_files": "tests/test_stations.py\nimport pytest\n"},
    )
    cli.assistant(
        "Adding the tests, then committing everything in one go.",
        tools=[
            ("Shell", {"command": "uv run pytest tests/test_stations.py"}, "1 failed", True),
            ("Shell", {"command": "uv run pytest tests/test_stations.py"}, "3 passed", False),
        ],
    )
    cli.user(
        said(
            "cursor_cli",
            "no, split it: one small commit for the fixture, one for the tests, conventional messages",
            "small_conventional_commits",
            correction=True,
        )
    )
    cli.assistant("Made two commits: test: add station fixture, test: cover station lookup.")
    store = cli.write(ROOT / "cursor_cli" / "chats", wal=False)  # no `-shm` left by the readers
    units.append(f"cursor_cli/{store.parent.parent.name}/{store.parent.name}/store.db")
    return {"units": sorted(units), "prompts": prompts, "noise_to_drop": OTHER_AGENTS_NOISE}


def build() -> tuple[list[ClaudeSession], list[CodexSession]]:
    mac = mac_session()
    l1 = ledgerly_s1()
    l2 = ledgerly_s2()
    l2.summary("CSV export for the report page", l1.last)
    l3 = ledgerly_s3()
    l4 = ledgerly_s4()
    t1, t1_agent = tidewatch_s1()
    t2, t2_agent = tidewatch_s2()
    claude = [mac, l1, l2, l3, l4, t1, t1_agent, t2, t2_agent]
    codex = [codex_s1(), codex_s2(), codex_s3()]
    return claude, codex


def ground_truth(claude: list[ClaudeSession], codex: list[CodexSession]) -> dict:
    prompts = []
    for g in sorted(GROUND, key=lambda g: g["timestamp"]):
        sess = g["session"]
        prompts.append(
            {
                "source": g["source"],
                "file": sess.rel,
                "session_id": sess.session_id if g["source"] == "claude" else sess.id,
                "uuid": g["uuid"],
                "timestamp": g["timestamp"],
                "text": g["text"],
                "preferences": g["preferences"],
                "task": g["task"],
                "correction": g["correction"],
                "secrets": g["secrets"],
                "pii": g["pii"],
            }
        )
    prefs = {}
    for pid, statement in PREFERENCES.items():
        ev = [p for p in prompts if pid in p["preferences"]]
        prefs[pid] = {
            "statement": statement,
            "sessions": sorted({p["session_id"] for p in ev}),
            "evidence": [p["text"] for p in ev],
        }
    secret_files: dict[str, list[str]] = {}
    for name, value in {**SECRETS, **PII}.items():
        secret_files[name] = sorted(
            s.rel for s in claude + codex if value in (ROOT / s.rel).read_text(encoding="utf-8")
        )
    return {
        "persona": {"name": "Mara Quill", "homes": [LINUX_HOME, MAC_HOME]},
        "preferences": prefs,
        "one_off_tasks": [p["task"] for p in prompts if p["task"]],
        "secrets": SECRETS,
        "pii": PII,
        "secret_locations": secret_files,
        "stripe_key_note": "appears in assistant text immediately before the 'Stop, use polars' correction",
        "genuine_prompt_count": {
            "total": len(prompts),
            "claude": sum(p["source"] == "claude" for p in prompts),
            "codex": sum(p["source"] == "codex" for p in prompts),
        },
        "genuine_prompts": prompts,
        "noise_to_drop": NOISE,
    }


def readme(gt: dict, claude: list[ClaudeSession], codex: list[CodexSession]) -> str:
    lines = [
        "# Sample corpus: Mara Quill",
        "",
        "Fictional developer history for tests and demos. **Generated** by `make_sample.py` "
        "(deterministic, stdlib only): edit the script, not the output, then run `python scripts/sample/make_sample.py`.",
        "Machine-readable ground truth (every genuine prompt with its cleaned text) is in `ground_truth.json`.",
        "",
        "- `claude/projects/` — Claude Code 2.0.14 sessions: ledgerly ×4 (Linux), tidewatch ×2 (+2 subagent files), "
        "ledgerly ×1 from a Mac (`/Users/mquill`).",
        "- `codex/sessions/` — Codex CLI 0.46.0 rollouts: 2026-10-03, 2026-10-07 (ledgerly), 2026-10-12 (tidewatch).",
        "- `copilot/` — GitHub Copilot: a VS Code chat session (ledgerly) and a Copilot CLI session (tidewatch); "
        "`cursor/` — a Cursor `state.vscdb` (ledgerly); `exports/` — a ChatGPT and a Claude.ai data export "
        "(`ground_truth.json` → `other_agents`); `gemini/` — a Gemini CLI session log (tidewatch); `opencode/` — an opencode database (ledgerly); "
        "`aider/` — an Aider chat history (tidewatch); `cline/` — a Cline task folder (ledgerly); "
        "`cursor_cli/` — a Cursor CLI chat store (tidewatch).",
        "",
        "| label | start (UTC) | file |",
        "|---|---|---|",
    ]
    for sess in claude:
        lines.append(f"| {sess.key} | {iso(sess.clock.start)[:16]} | `{sess.rel}` |")
    for sess in codex:
        lines.append(f"| codex-{sess.key[1:]} | {iso(sess.start)[:16]} | `{sess.rel}` |")
    lines += [
        "",
        "## Durable preferences (each stated in ≥2 sessions, varied wording)",
        "",
    ]
    for pid, p in gt["preferences"].items():
        lines.append(f"- `{pid}` — {p['statement']} ({len(p['evidence'])}× in {len(p['sessions'])} sessions)")
    lines += ["", "## One-off tasks (NOT preferences)", ""]
    lines += [f"- {t}" for t in gt["one_off_tasks"]]
    lines += ["", "## Planted fake secrets / PII (must never reach output)", ""]
    for name, value in {**SECRETS, **PII}.items():
        lines.append(f"- `{name}`: `{value}`")
    lines += [
        "",
        "The Stripe key sits in the assistant text right before the `Stop, use polars` correction; the "
        "OpenAI key is in a Codex prompt; the rest are in Claude prompts (and tool outputs).",
        "",
        f"Genuine human prompts: {gt['genuine_prompt_count']['total']} "
        f"(Claude {gt['genuine_prompt_count']['claude']}, Codex {gt['genuine_prompt_count']['codex']}).",
        "",
        "## Noise a reader must drop",
        "",
    ]
    lines += [f"- {n}" for n in NOISE + OTHER_AGENTS_NOISE]
    return "\n".join(lines) + "\n"


def validate(files: list[Path]) -> None:
    total = 0
    uuids_seen: dict[str, int] = {}
    for path in files:
        total += path.stat().st_size
        last_ts = ""
        with path.open(encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                assert line.endswith("\n") and "\n" not in line[:-1], f"{path}:{n} not one line"
                rec = json.loads(line)
                assert isinstance(rec, dict), f"{path}:{n}"
                if "/codex/" in str(path):
                    assert set(rec) == {"timestamp", "type", "payload"}, f"{path}:{n}"
                else:
                    assert "type" in rec, f"{path}:{n}"
                    if rec["type"] in ("user", "assistant"):
                        for key in (
                            "uuid",
                            "parentUuid",
                            "sessionId",
                            "timestamp",
                            "message",
                            "isSidechain",
                        ):
                            assert key in rec, f"{path}:{n} missing {key}"
                        first = rec["uuid"] not in uuids_seen
                        uuids_seen[rec["uuid"]] = uuids_seen.get(rec["uuid"], 0) + 1
                        if first:
                            assert rec["timestamp"] >= last_ts, f"{path}:{n} timestamp goes backwards"
                            last_ts = rec["timestamp"]
    assert any(v == 2 for v in uuids_seen.values()), "expected one replayed uuid"
    assert total < 1_500_000, f"corpus too large: {total} bytes"


def main() -> None:
    for sub in (
        "claude",
        "codex",
        "copilot",
        "cursor",
        "cursor_cli",
        "exports",
        "gemini",
        "opencode",
        "aider",
        "cline",
    ):
        shutil.rmtree(ROOT / sub, ignore_errors=True)
    claude, codex = build()
    others = other_agents()
    files = [write_jsonl(ROOT / s.rel, s.entries) for s in claude]
    files += [write_jsonl(ROOT / c.rel, c.lines) for c in codex]
    gt = ground_truth(claude, codex)
    gt["other_agents"] = others
    (ROOT / "ground_truth.json").write_text(json.dumps(gt, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    (ROOT / "README.md").write_text(readme(gt, claude, codex), encoding="utf-8")
    validate(files)
    for f in files:
        print(f"{f.stat().st_size:>9}  {f.relative_to(ROOT)}")
    print(f"{sum(f.stat().st_size for f in files):>9}  total jsonl; {gt['genuine_prompt_count']}")


if __name__ == "__main__":
    main()
