"""Leak scan: secrets and PII of every supported type planted in every reachable place (prompts,
corrections, the assistant text before corrections, tool output and thinking, cwd and paths,
session metadata and entry types, Codex scaffolding, git messages, trailers and diffs, instruction
files); after full runs with the litellm backend against a local fake provider, nothing planted
is found in any DuckDB table, the Dagster instance (every file under DAGSTER_HOME, read as bytes),
the run's stdout/stderr, the response cache, the pack, any other file under the data dir, or the
requests sent to the provider.

Values are generated per test from a seeded RNG (formats valid for each detector), plus the fixed
catalogue of test_redaction.py, so the scan covers every type the redactor supports.
"""

from __future__ import annotations

import json
import os
import random
import re
import string
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import duckdb
import pytest
from git import Actor

from persona_pipeline_tests import test_redaction as catalogue
from persona_pipeline_tests.builders import (
    OTHER,
    Builder,
    claude_assistant,
    claude_user,
    codex_line,
    codex_meta,
    codex_user,
    text,
    tool_result,
    write_jsonl,
)
from persona_pipeline_tests.conftest import REPO
from persona_pipeline_tests.fake_openai import Behaviour, FakeOpenAI

_ALNUM = string.ascii_letters + string.digits


def _luhn_complete(prefix: str, length: int, rng: random.Random) -> str:
    body = prefix + "".join(rng.choice(string.digits) for _ in range(length - len(prefix) - 1))
    for check in string.digits:
        digits = body + check
        total = 0
        for i, ch in enumerate(reversed(digits)):
            d = int(ch) * (2 if i % 2 else 1)
            total += d - 9 if d > 9 else d
        if total % 10 == 0:
            return digits
    raise AssertionError("unreachable")


def _plants(seed: int) -> dict[str, tuple[str, str]]:
    """name -> (text to plant, the value that must never be stored)."""
    rng = random.Random(seed)

    def r(n: int, alphabet: str = _ALNUM) -> str:
        return "".join(rng.choice(alphabet) for _ in range(n))

    aws = "AKIA" + r(16, string.ascii_uppercase + "234567")
    aws_secret = r(40, _ALNUM + "/+")
    ghp = "ghp_" + r(36)
    gh_fine = "github_pat_" + r(22) + "_" + r(59)
    openai = "sk-proj-" + r(20) + "T3BlbkFJ" + r(20)
    anthropic = "sk-ant-api03-" + r(60, _ALNUM + "_-") + "AA"
    slack = f"xoxb-{r(12, string.digits)}-{r(13, string.digits)}-{r(24)}"
    hook = f"https://hooks.slack.com/services/T{r(8, string.ascii_uppercase)}/B{r(8, string.ascii_uppercase)}/{r(24)}"
    stripe = "sk_live_" + r(24)
    google = "AIza" + r(35, _ALNUM + "_-")
    npm = "npm_" + r(36)
    hf = "hf_" + r(34, string.ascii_letters)
    jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI" + r(20) + "In0." + r(43, _ALNUM + "_-")
    pem_body = r(64, _ALNUM + "+/")
    pem = f"-----BEGIN OPENSSH PRIVATE KEY-----\n{pem_body}\n{r(64)}\n-----END OPENSSH PRIVATE KEY-----"
    url_pw = "Pw" + r(14)
    env_secret = r(1) + r(27, _ALNUM + "!#%")  # a leading $ % < [ { once hid a value (fixed: see the sigil test below)
    bearer = r(40)
    uuid_key = "-".join(r(n, "0123456789abcdef") for n in (8, 4, 4, 4, 12))
    user = "h" + r(7, string.ascii_lowercase)
    first, last = rng.choice([("Heather", "Smith"), ("Laura", "Garcia"), ("Priya", "Natarajan")])
    email = f"{first.lower()}.{r(6, string.ascii_lowercase)}@ledgerly-{r(5, string.ascii_lowercase)}.io"
    card = _luhn_complete("4", 16, rng)
    ip = f"89.{rng.randint(1, 250)}.{rng.randint(1, 250)}.{rng.randint(1, 250)}"
    ssn = f"{rng.randint(100, 665)}-{rng.randint(10, 99)}-{rng.randint(1000, 9999)}"
    return {
        "aws_access_key": (f"export AWS_ACCESS_KEY_ID={aws}", aws),
        "aws_secret_key": (f"aws_secret_access_key = {aws_secret}", aws_secret),
        "github_pat": (f"token {ghp} works", ghp),
        "github_fine_grained": (f"GH={gh_fine}", gh_fine),
        "openai_key": (f"OPENAI_API_KEY={openai}", openai),
        "anthropic_key": (f"key {anthropic}", anthropic),
        "slack_token": (f"slack {slack}", slack),
        "slack_webhook": (f"post to {hook}", hook.rsplit("/", 1)[1]),
        "stripe_key": (f"stripe {stripe}", stripe),
        "google_api_key": (f"maps key {google}", google),
        "npm_token": (f"//registry.npmjs.org/:_authToken={npm}", npm),
        "hf_token": (f"HF {hf}", hf),
        "jwt": (f"Authorization: {jwt}", jwt.rsplit(".", 1)[1]),
        "private_key": (pem, pem_body),
        "url_password": (f"postgres://ledger:{url_pw}@db.internal:5432/ledger", url_pw),
        "env_secret": (f"DJANGO_SECRET_KEY='{env_secret}'", env_secret),
        "bearer": (f'curl -H "Authorization: Bearer {bearer}"', bearer),
        "labelled_uuid": (f"x-api-key: {uuid_key}", uuid_key),
        "email": (f"mail {email} today", email),
        "phone": ("call +1 415-555-0142 or", "415-555-0142"),
        "phone_intl": ("mobile +44 7700 900513.", "7700 900513"),
        "credit_card": (f"card {card[:4]} {card[4:8]} {card[8:12]} {card[12:]} declined", card[8:12] + " " + card[12:]),
        "ip_address": (f"ssh deploy@{ip}", ip),
        "ssn": (f"ssn {ssn}", ssn),
        "home_user": (f"File /Users/{user}/code/app.py", f"/Users/{user}"),
        "home_user_win": (f"PS C:\\Users\\{user}x\\repos>", f"{user}x"),
        "person_name": (f"ping {first} {last} about it", f"{first} {last}"),
    }


def _fixed_catalogue() -> dict[str, tuple[str, str]]:
    out = {f"fixed_{k}": (catalogue.SECRETS[k], catalogue.SECRET_VALUES[k]) for k in catalogue.SECRETS}
    out.update({f"fixed_{k}": v for k, v in catalogue.PII.items() if k != "known_identifier"})
    return out


class _Echo(list):
    """FakeOpenAI queue answering each request with an observation that quotes the first prompt
    line it was sent (so replies, cache entries, observations and the pack carry redacted text)."""

    def __init__(self, fake: FakeOpenAI) -> None:
        super().__init__()
        self.fake = fake

    def __bool__(self) -> bool:
        return True

    def pop(self, index: int = -1) -> Behaviour:  # type: ignore[override]
        user = self.fake.requests[-1]["messages"][-1]["content"]
        quote = "use polars"
        for line in user.splitlines():
            m = re.match(r"\d+\. \[T2\] (.{10,})", line)
            if m:
                quote = m.group(1)[:150].strip()
                break
        obs = [
            {"facet": "workflow", "statement": f"Remember: {quote[:120]}", "quote": quote, "tier": "T2"},
            {"facet": "stack", "statement": "Use polars instead of pandas.", "quote": "use polars", "tier": "T2"},
        ]
        return Behaviour(content=json.dumps({"observations": obs}))


ACCOUNT = "hqlmzvt"  # the developer's account name on this "machine", seen only in cwd values
GIT_EMAIL = "pat.quillfeather@corp-mail.io"
ME = Actor("Pat Quillfeather", GIT_EMAIL)


def _build_corpus(root: Path, plants: dict[str, tuple[str, str]]) -> dict[str, str]:
    """Write transcripts, instruction files and repositories full of plants; returns env vars."""
    texts = [t for t, _ in plants.values()]
    blob = "\n".join(texts)
    chunks = [texts[i : i + 4] for i in range(0, len(texts), 4)]
    claude = root / "claude"
    proj = claude / f"-home-{ACCOUNT}-code-widget"
    cwd = f"/home/{ACCOUNT}/code/widget"
    for n, chunk in enumerate(chunks):
        joined = " ; ".join(chunk)
        sid = f"sess-{chunk[0][:60]}" if n == 0 else f"0000000{n % 10}-0000-4000-8000-00000000000{n % 10}"
        entries: list[Any] = [
            claude_user(f"always use polars, not pandas. Also {joined}", cwd=cwd, sessionId=sid),
            claude_assistant(
                [text(f"Sure, I will use pandas. Context: {joined}"), {"type": "thinking", "thinking": blob}]
            ),
            claude_user([tool_result(blob)], cwd=cwd, sessionId=sid),
            claude_user("[Request interrupted by user]", cwd=cwd, sessionId=sid),
            claude_user(f"no, use polars and never pandas: {joined}", cwd=cwd, sessionId=sid),
            claude_assistant([text(f"Understood. I had {joined} in the env")]),
            claude_user(f"stop, that's wrong, {chunk[-1]}", cwd=cwd, sessionId=sid),
            claude_user(f"<system-reminder>{blob}</system-reminder>prefer pathlib over os.path", cwd=cwd),
            claude_user(f"prefer uv for every command; my home is /home/{ACCOUNT}", cwd=cwd, sessionId=sid),
            # provenance fields and entry types from a hostile or future file
            claude_user("keep commits small", uuid=chunk[0][:80], timestamp=chunk[-1][:80], sessionId=sid, cwd=cwd),
            {"type": chunk[0][:60], "data": joined},
            claude_user("sidechain " + joined, isSidechain=True, cwd=cwd),
            claude_user("meta " + joined, isMeta=True, cwd=cwd),
        ]
        write_jsonl(proj / f"s{n}.jsonl", entries)
    day = root / "codex" / "2026" / "10" / "03"
    for n, chunk in enumerate(chunks[:4]):
        joined = " ; ".join(chunk)
        write_jsonl(
            day / f"rollout-2026-10-03T09-00-0{n}-{n:08d}.jsonl",
            [
                codex_meta(cwd=f"/home/{ACCOUNT}/code/ledger", instructions=blob, id=f"rollout-{chunk[0][:40]}"),
                codex_line("turn_context", {"cwd": f"/home/{ACCOUNT}/code/ledger", "approval_policy": "on-request"}),
                codex_line(
                    "response_item",
                    {"type": "message", "role": "developer", "content": [{"type": "input_text", "text": blob}]},
                ),
                codex_user(f"<environment_context>{blob}</environment_context>"),
                codex_user(f"use ruff, not flake8. {joined}"),
                codex_line("event_msg", {"type": "user_message", "message": f"use ruff, not flake8. {joined}"}),
                codex_line("response_item", {"type": "function_call", "name": "shell", "arguments": blob}),
                codex_line("response_item", {"type": "function_call_output", "output": blob}),
                codex_line("response_item", {"type": "reasoning", "summary": [{"text": blob}]}),
                codex_line("event_msg", {"type": "agent_message", "message": f"Running {joined}"}),
                codex_line("event_msg", {"type": "turn_aborted", "reason": "interrupted"}),
                codex_user(f"actually, never use black here. {joined}"),
                codex_line("event_msg", {"type": chunk[0][:50]}),
            ],
        )
    # repositories: messages, trailers, diffs; another author's commit; an agent's commit
    code = root / "code"
    repo = Builder(code / "ledger")
    repo.commit(f"docs: agent notes\n\n{blob}", {"AGENTS.md": "".join(f"- Never print {t}\n" for t in texts)}, ME)
    for i, t in enumerate(texts):
        repo.commit(
            f"feat: configure step {i}\n\nThe importer needs {t} so that totals reconcile.\n\n"
            f"Signed-off-by: Heather Okonkwo <heather.okonkwo@ledgerly-mail.io>\n"
            f"Co-authored-by: Laura Garcia <laura.garcia@ledgerly-mail.io>",
            {f"conf/step{i}.env": f"{t}\n"},
            ME,
        )
    repo.commit(f"fix: other author {blob}", author=OTHER)
    repo.commit(f"Updated importer {blob}\n\nCo-Authored-By: Claude <noreply@anthropic.com>", author=ME)
    tide = Builder(code / "tidewatch")
    tide.commit("docs: rules", {"CLAUDE.md": "## Rules\n" + "".join(f"- Keep {t} out of logs\n" for t in texts)}, ME)
    tide.commit(
        "chore: cursor rules", {".cursorrules": f"Never commit {texts[0]}\n", "GEMINI.md": f"- {texts[1]}\n"}, ME
    )
    home = root / "home" / ".claude"
    home.mkdir(parents=True)
    (home / "CLAUDE.md").write_text("".join(f"- Redact {t} always\n" for t in texts))
    return {
        "PERSONA_CLAUDE_DIRS": str(claude),
        "PERSONA_CODEX_DIRS": str(root / "codex"),
        "PERSONA_GIT_ROOTS": str(code),
        "PERSONA_AUTHOR_EMAILS": GIT_EMAIL,
        "PERSONA_INSTRUCTION_FILES": str(home / "CLAUDE.md"),
        "PERSONA_REDACT_NAMES": "Pat Quillfeather",
    }


def _needles(plants: dict[str, tuple[str, str]]) -> dict[str, str]:
    out = {name: value for name, (_, value) in plants.items()}
    out["account"] = ACCOUNT
    out["git_email"] = GIT_EMAIL
    out["person_configured"] = "Quillfeather"
    out["co_author_email"] = "laura.garcia@ledgerly-mail.io"
    out["signoff_email"] = "heather.okonkwo@ledgerly-mail.io"
    out["api_key"] = "sk-test-not-real-9f8e7d6c5b4a"
    return out


_BYTE_RUN = bytes(range(256)).lower()  # DuckDB files hold this table: "abcdefgh…" is no leak there


def _hits(haystack: bytes, needles: dict[str, str], where: str, binary: bool = False) -> list[str]:
    low = haystack.lower()
    found = []
    for name, value in needles.items():
        if binary and value.lower().encode() in _BYTE_RUN:
            continue
        forms = {value, json.dumps(value)[1:-1], value.replace("/", "\\/")}
        if any(f.lower().encode() in low for f in forms if f):
            found.append(f"{name} in {where}")
    return found


def _duckdb_dump(path: Path) -> dict[str, bytes]:
    con = duckdb.connect(str(path), read_only=True)
    try:
        out = {}
        tables = con.execute("SELECT table_name FROM information_schema.tables").fetchall()
        for (table,) in tables:
            rows = con.execute(f'SELECT * FROM "{table}"').fetchall()
            out[table] = "\n".join(repr(r) for r in rows).encode("utf-8", "surrogatepass")
        return out
    finally:
        con.close()


def _server() -> FakeOpenAI:
    s = FakeOpenAI()
    s.thread = threading.Thread(target=s.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    s.queue = _Echo(s)
    return s.start()


def _scan_everything(data: Path, outputs: dict[str, str], sent: str, needles: dict[str, str]) -> list[str]:
    hits: list[str] = []
    for table, dump in _duckdb_dump(data / "warehouse.duckdb").items():
        hits += _hits(dump, needles, f"duckdb table {table}")
    files = [f for f in data.rglob("*") if f.is_file() and f.name != "redaction.key"]
    assert any("dagster_home" in f.parts for f in files) and any("llm_cache" in f.parts for f in files)
    assert any(f.suffix == ".db" for f in files), "no Dagster SQLite storage found"
    for f in files:
        hits += _hits(f.read_bytes(), needles, str(f.relative_to(data)), binary=".duckdb" in f.name)
    for name, out in outputs.items():
        hits += _hits(out.encode(), needles, name)
    hits += _hits(sent.encode(), needles, "requests sent to the provider")
    return hits


@pytest.mark.parametrize(
    "full",
    [pytest.param(False, id="run+status"), pytest.param(True, id="random-seed+rerun+explain", marks=pytest.mark.slow)],
)
def test_nothing_planted_is_persisted_logged_cached_or_sent(tmp_path, monkeypatch, full: bool) -> None:
    """Fast: one `persona run` and `persona status` on a fixed seed. Slow: a fresh random seed
    (printed on failure), then a no-op rerun with --json and `persona explain` as well."""
    seed = int.from_bytes(os.urandom(4), "big") if full else 20261006
    plants = {**_plants(seed), **_fixed_catalogue()}
    for role in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{role}_NAME", "Pat Quillfeather")
        monkeypatch.setenv(f"GIT_{role}_EMAIL", GIT_EMAIL)
    corpus_env = _build_corpus(tmp_path / "corpus", plants)
    needles = _needles(plants)
    # positive control: the scanner finds every planted value in the corpus it was planted in
    corpus = b"".join(f.read_bytes() for f in (tmp_path / "corpus").rglob("*") if f.is_file() and ".git" not in f.parts)
    seen = {h.split(" in ")[0] for h in _hits(corpus, needles, "corpus")}
    assert set(plants) <= seen, set(plants) - seen
    server = _server()
    try:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
        env.update(
            corpus_env,
            PERSONA_DATA_DIR=str(tmp_path / "data"),
            PERSONA_MODEL="openai/fake-model",
            PERSONA_API_BASE=server.base_url,
            PERSONA_API_KEY=needles["api_key"],
            GIT_CONFIG_NOSYSTEM="1",
            GIT_CONFIG_GLOBAL=str(tmp_path / "gitconfig"),
        )
        outputs: dict[str, str] = {}

        def persona(*args: str) -> subprocess.CompletedProcess[str]:
            proc = subprocess.run(
                [sys.executable, "-m", "persona_pipeline", *args],
                cwd=REPO,
                env=env,
                capture_output=True,
                text=True,
                timeout=300,
            )
            outputs[f"`persona {' '.join(args)}` stdout"] = proc.stdout
            outputs[f"`persona {' '.join(args)}` stderr"] = proc.stderr
            return proc

        run = persona("run")  # the human summary (and its warnings) as well as the JSON one
        assert run.returncode == 0, run.stderr[-3000:]
        status = persona("status", "--json")
        assert status.returncode == 0, status.stderr[-3000:]
        assert sum(sum(v.values()) for v in json.loads(status.stdout)["units"].values()) >= 14
        if full:
            again = persona("run", "--json")
            assert again.returncode == 0, again.stderr[-3000:]
            assert json.loads(again.stdout.strip().splitlines()[-1])["units_processed"] == 0
            assert persona("explain", "1").returncode == 0
        sent = json.dumps(server.requests)
    finally:
        server.stop()

    data = tmp_path / "data"
    with duckdb.connect(str(data / "warehouse.duckdb"), read_only=True) as con:
        kinds = {r[0] for r in con.execute("SELECT kind FROM redaction_totals").fetchall()}
        evidence_kinds = {r[0] for r in con.execute("SELECT DISTINCT source_kind FROM evidence").fetchall()}
        n_cached = len(list((data / "llm_cache").rglob("*.json")))
    # the plants really were read, redacted by type, digested, cached and compiled
    assert evidence_kinds == {"claude", "codex", "instructions", "git"}, evidence_kinds
    assert {"aws_access_key", "github_pat", "email", "phone", "credit_card", "private_key", "user_name"} <= kinds
    assert n_cached >= 1 and server.requests and "[REDACTED:" in sent
    pack = (data / "persona" / "PERSONA.md").read_text()
    assert "[REDACTED:" in pack  # directives and quotes carry placeholders into the pack

    hits = _scan_everything(data, outputs, sent, needles)
    assert hits == [], f"seed {seed}:\n" + "\n".join(hits)


def test_generated_plants_of_many_seeds_are_all_caught() -> None:
    """The generator's values for 40 more seeds, through the redactor directly (cheap, many cases)."""
    from persona_pipeline.core.evidence.redaction.redactor import Redactor

    red = Redactor(b"k" * 32, [(ACCOUNT, "user_name"), (GIT_EMAIL, "email")])
    leaked = []
    for seed in range(40):
        plants = _plants(seed)
        outs = red.redact_many([t for t, _ in plants.values()])
        leaked += [(seed, n) for (n, (_, v)), o in zip(plants.items(), outs, strict=True) if o is None or v in o.text]
    assert leaked == []


def test_context_tails_never_leave_an_unrecognisable_fragment() -> None:
    """The assistant text before a correction is cut to ~200 chars *before* it is redacted: at
    every cut position, what is left of each planted value is either whole (and redacted) or
    gone — never a fragment no detector recognises (half a card, a value without its label)."""
    from persona_pipeline.core.evidence.redaction.redactor import Redactor
    from persona_pipeline.core.sources.user_text import tail

    red = Redactor(b"k" * 32)
    cases = []
    for name, (planted, value) in {**_plants(7), **_fixed_catalogue()}.items():
        if name.endswith(("home_user", "home_user_win")):
            continue  # an account name alone is an identifier only with its path (known_identifier)
        context = f"Sure, I will check it. {planted} and then run the tests again."
        flat = " ".join(value.split())
        for n in range(12, len(context) + 2, 3):
            cases.append((name, flat, n, tail(context, n)))
    outs = red.redact_many([c[3] for c in cases])
    leaks = []
    for (name, flat, n, cut), out in zip(cases, outs, strict=True):
        assert out is not None
        window = min(8, len(flat))
        frags = {flat[i : i + window] for i in range(len(flat) - window + 1)}
        left = [f for f in frags if f in out.text and f.strip() and not f.isalpha()]
        if left:
            leaks.append((name, n, cut, left[:2]))
    assert leaks == [], leaks[:5]


@pytest.mark.parametrize("lead", ["$", "%", "<", "[", "{"])
def test_secret_values_starting_with_reference_sigils_are_redacted(lead: str) -> None:
    from persona_pipeline.core.evidence.redaction.redactor import Redactor

    value = lead + "h7k2m9xqz8w4v1pTr6tYy3u0oLKJ"
    out = Redactor(b"k" * 32).redact(f"DJANGO_SECRET_KEY='{value}'")
    assert out is not None and value not in out.text
