"""A deterministic generator of realistic coding-agent histories at a chosen size.

    python bench/make_corpus.py OUT [--files 1000] [--mb 100] [--codex-share 0.3] [--repos 3] [--seed 1]

Writes under OUT:
- `claude/projects/-home-rlee-code-<project>/<session>.jsonl` — Claude Code 2.0.x transcripts:
  prompts, interrupts and rejected tool uses, assistant thinking/text/tool_use entries split per
  block and sharing `message.id`, tool results (Bash, Read, Edit, Grep) carrying both the
  `tool_result` block and `toolUseResult`, file-history snapshots, progress, system and summary
  entries; every ~15th session has a subagent sidechain file beside it (not a unit).
- `codex/sessions/YYYY/MM/DD/rollout-….jsonl` — Codex CLI 0.4x rollouts: session_meta,
  environment context, AGENTS.md instructions, developer messages, turn_context, user messages with
  their `event_msg` twin, reasoning (with encrypted content), function calls and outputs,
  agent messages, token counts, turn aborts.
- `repos/<project>/` — small git repositories written with `git fast-import` (the person's commits,
  a colleague's, agent-co-authored ones), each with a CLAUDE.md or AGENTS.md.
- `home/.claude/CLAUDE.md` — a global instruction file.
- `persona.env` — the PERSONA_* variables that point `persona run` at all of it, and
  `manifest.json` — files, bytes by category (user text, assistant text, thinking, tool output,
  envelope), planted secrets by type.

Proportions follow real histories: almost all bytes are tool output and assistant text; what the
person typed is ~1 %. A few percent of prompts carry a planted secret or PII (AWS and GitHub
keys, URL passwords, emails, phone numbers, JWTs), so redaction does real work. Every random
choice comes from `random.Random(f"{seed}:{kind}:{index}")`, so a file's content depends only on
the seed and its index (and the size target).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import shutil
import string
import subprocess
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import orjson

USER = "rlee"
HOME = f"/home/{USER}"
AUTHOR = ("Robin Lee", "robin.lee@quillworks.dev")
COLLEAGUE = ("Sam Ortiz", "sam.ortiz@quillworks.dev")
AGENT_TRAILER = "Co-Authored-By: Claude <noreply@anthropic.com>"
PROJECTS = ["ledger-api", "tidewatch", "infra-tools", "notebook-sync", "pricing-engine", "web-console"]
B62 = string.ascii_letters + string.digits
T_START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)

# --- what the person types ---------------------------------------------------------------
TASKS = [
    "add a {noun} endpoint to {module} and cover it with tests",
    "fix the failing test in tests/test_{noun}.py, it broke after the {noun2} change",
    "refactor {module} so the {noun} logic lives in one function",
    "why does {module} time out when the {noun} list is empty?",
    "rename {noun} to {noun2} everywhere in {module}",
    "write a migration that adds a {noun}_id column to the {noun2} table",
    "profile {module}, the {noun} import takes 40 seconds on the big file",
    "look at the CI failure on main and tell me what changed in {module}",
    "split {module} into a package, one file per {noun}",
    "add retries with backoff to the {noun} client in {module}",
]
PREFERENCES = [
    "use polars, not pandas",
    "always run the test suite before you say it's done",
    "don't mock the database in tests, use a real duckdb file in tmp_path",
    "keep commits small and use conventional commit messages",
    "use uv for dependencies, never pip install",
    "answer tersely, no preamble",
    "type hints everywhere, mypy --strict has to pass",
    "use pathlib instead of os.path",
    "no print debugging, use logging",
    "run ruff check --fix and ruff format before committing",
    "prefer pytest fixtures over unittest setUp classes",
    "avoid adding new dependencies unless I ask",
]
CORRECTIONS = [
    "no, that's wrong - {pref}",
    "stop, {pref}",
    "actually, {pref}",
    "wait, I said {pref}",
]
NOUNS = ["invoice", "account", "tide", "station", "report", "user", "session", "price", "budget", "export"]
MODULES = ["src/app/api.py", "src/app/models.py", "src/app/importer.py", "src/app/report.py", "src/app/client.py"]


def _b62(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(B62) for _ in range(n))


def _secret(rng: random.Random) -> tuple[str, str]:
    """(type, sentence) with a fresh fake secret or PII value in a realistic shape."""
    kind = rng.choice(["aws_access_key", "github_pat", "url_password", "email", "phone", "jwt", "openai_key"])
    if kind == "aws_access_key":
        v = "AKIA" + "".join(rng.choice(string.ascii_uppercase + "234567") for _ in range(16))
        return kind, f"the deploy uses AWS_ACCESS_KEY_ID={v}, check the bucket policy"
    if kind == "github_pat":
        return kind, f"here's my token ghp_{_b62(rng, 36)} for the private registry"
    if kind == "url_password":
        return kind, f"connect with postgres://app:{_b62(rng, 14)}@db.internal:5432/app and run the migration"
    if kind == "email":
        first = rng.choice(["priya", "jonas", "mei", "tomas", "aisha"])
        return kind, f"send the report to {first}.{rng.choice(['kaur', 'berg', 'chen', 'novak'])}@clientcorp.io"
    if kind == "phone":
        return kind, f"if it breaks call me on +1 415-555-{rng.randint(100, 199):04d}"
    if kind == "jwt":
        head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
        body = base64.urlsafe_b64encode(f'{{"sub":"{rng.randint(1, 10**9)}"}}'.encode()).decode().rstrip("=")
        return kind, f"the failing request had Authorization: {head}.{body}.{_b62(rng, 43)}"
    return kind, f"set OPENAI_API_KEY=sk-proj-{_b62(rng, 48)}T3BlbkFJ{_b62(rng, 40)} in the env"


def _prompt(rng: random.Random, secrets: dict[str, int], secret_rate: float, pools: tuple[str, str]) -> str:
    task = rng.choice(TASKS).format(noun=rng.choice(NOUNS), noun2=rng.choice(NOUNS), module=rng.choice(MODULES))
    parts = [task]
    if rng.random() < 0.12:  # a pasted traceback or log excerpt
        parts.append("here's the output:\n" + _slice(rng, pools[0], rng.randint(300, 2500)))
    if rng.random() < 0.35:
        parts.append(rng.choice(PREFERENCES))
    if rng.random() < 0.2:
        parts.append(f"the file is {HOME}/code/{rng.choice(PROJECTS)}/{rng.choice(MODULES)}")
    if rng.random() < secret_rate:
        kind, sentence = _secret(rng)
        secrets[kind] = secrets.get(kind, 0) + 1
        parts.append(sentence)
    return ". ".join(parts)


# --- what the agent and tools produce (pools sliced by offset: fast and varied) -----------
def _pool(seed: int) -> tuple[str, str]:
    rng = random.Random(f"{seed}:pool")
    code, prose = [], []
    idents = ["total", "rows", "frame", "client", "station", "payload", "result", "cursor", "batch", "index"]
    for i in range(6000):
        name = f"{rng.choice(NOUNS)}_{rng.choice(idents)}"
        code += [
            f"def {name}_{i}(con: duckdb.DuckDBPyConnection, limit: int = {rng.randint(1, 500)}) -> list[dict]:",
            f'    """Return the {rng.choice(NOUNS)}s of one {rng.choice(NOUNS)}."""',
            f'    rows = con.execute("SELECT * FROM {rng.choice(NOUNS)} WHERE id > ?", [{i}]).fetchmany(limit)',
            f"    log.debug('fetched %d {rng.choice(idents)}', len(rows))",
            f"    return [dict(zip(COLUMNS, r)) for r in rows if r[{rng.randint(0, 5)}] is not None]",
            "",
        ]
        if i % 3 == 0:
            code += [
                f"tests/test_{rng.choice(NOUNS)}.py::test_{name} {'PASSED' if rng.random() < 0.9 else 'FAILED'}"
                f" [{rng.randint(1, 99):>3}%]",
                f"2026-03-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:07Z INFO "
                f"worker-{rng.randint(1, 9)} processed {rng.randint(1, 9999)} {rng.choice(NOUNS)} rows in "
                f"{rng.uniform(0.01, 9):.2f}s (request_id={uuid.UUID(int=rng.getrandbits(128))})",
                f"-rw-r--r--  1 {USER} staff  {rng.randint(100, 99999):>6} Mar {rng.randint(1, 28):>2} 10:{i % 60:02d} "
                f"{rng.choice(NOUNS)}_{i}.py",
            ]
        prose.append(
            f"I'll {rng.choice(['check', 'update', 'read', 'trace', 'rewrite'])} the {rng.choice(NOUNS)} "
            f"{rng.choice(idents)} in {rng.choice(MODULES)} first, then run the {rng.choice(NOUNS)} tests "
            f"to confirm the {rng.choice(['fix', 'change', 'refactor'])} holds. "
        )
    return "\n".join(code), "".join(prose)


def _slice(rng: random.Random, pool: str, n: int) -> str:
    n = max(1, min(n, len(pool) - 1))
    start = rng.randrange(0, len(pool) - n)
    return pool[start : start + n]


@dataclass
class Counts:
    files: int = 0  # transcripts (source units)
    other_files: int = 0  # subagent transcripts (discovered, counted, not units)
    bytes: int = 0
    by_category: dict[str, int] = field(default_factory=dict)
    secrets: dict[str, int] = field(default_factory=dict)

    def add(self, category: str, n: int) -> None:
        self.by_category[category] = self.by_category.get(category, 0) + n


class Writer:
    def __init__(self, path: Path, counts: Counts) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.f = open(path, "wb")  # noqa: SIM115 - closed in close()
        self.n = 0
        self.counts = counts

    def write(self, entry: dict, **categories: int) -> None:
        line = orjson.dumps(entry) + b"\n"
        self.f.write(line)
        self.n += len(line)
        content = 0
        for cat, k in categories.items():
            self.counts.add(cat, k)
            content += k
        self.counts.add("envelope", max(0, len(line) - content))

    def close(self, unit: bool = True) -> int:
        self.f.close()
        if unit:
            self.counts.files += 1
        else:
            self.counts.other_files += 1
        self.counts.bytes += self.n
        return self.n


def _jlen(s: str) -> int:
    """Bytes a string takes inside a JSON line (escapes included)."""
    return len(orjson.dumps(s)) - 2


def _iso(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def _turn_budget(prompt: str) -> int:
    """Bytes of agent output that go with one prompt, so the prompt is ~1 % of the file (the JSON
    envelopes of the entries make up the rest)."""
    return max(4_000, len(prompt) * 75)


def claude_session(
    path: Path, index: int, target: int, seed: int, pools: tuple[str, str], counts: Counts, secret_rate: float
) -> None:
    rng = random.Random(f"{seed}:claude:{index}")
    code, prose = pools
    project = PROJECTS[index % len(PROJECTS)]
    sid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    cwd = f"{HOME}/code/{project}"
    t = T_START + timedelta(hours=index * 3)
    w = Writer(path, counts)
    parent = None

    def common(kind: str) -> dict:
        nonlocal t
        t += timedelta(seconds=rng.uniform(0.5, 30))
        return {
            "parentUuid": parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": cwd,
            "sessionId": sid,
            "version": "2.0.14",
            "gitBranch": rng.choice(["main", "feat/import", "fix/timeouts"]),
            "type": kind,
            "uuid": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "timestamp": _iso(t),
        }

    def assistant(block: dict, msg_id: str, category: str, size: int) -> None:
        nonlocal parent
        e = common("assistant")
        e["message"] = {
            "id": msg_id,
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5",
            "content": [block],
            "stop_reason": None,
            "usage": {"input_tokens": rng.randint(3, 12), "output_tokens": rng.randint(40, 1400)},
        }
        e["requestId"] = "req_011C" + _b62(rng, 20)
        w.write(e, **{category: size})
        parent = e["uuid"]

    if index % 7 == 0:
        w.write({"type": "summary", "summary": f"{project}: {rng.choice(NOUNS)} work", "leafUuid": sid})
    while w.n < target:
        text = _prompt(rng, counts.secrets, secret_rate, pools)
        if rng.random() < 0.08:
            text = rng.choice(CORRECTIONS).format(pref=rng.choice(PREFERENCES))
        w.write({"type": "file-history-snapshot", "messageId": sid, "snapshot": {"trackedFileBackups": {}}})
        e = common("user")
        e["message"] = {"role": "user", "content": text}
        w.write(e, user_text=_jlen(text))
        parent = e["uuid"]
        budget = min(_turn_budget(text), max(2_000, target - w.n))
        msg_id = "msg_01" + _b62(rng, 22)
        think = _slice(rng, prose, int(budget * 0.04))
        assistant(
            {"type": "thinking", "thinking": think, "signature": "Eu" + _b62(rng, 300)}, msg_id, "thinking", len(think)
        )
        spent = len(think)
        while spent < budget:
            tool = rng.choice(["Bash", "Read", "Edit", "Grep"])
            tid = "toolu_01" + _b62(rng, 22)
            pre = _slice(rng, prose, rng.randint(80, 400))
            assistant({"type": "text", "text": pre}, msg_id, "assistant_text", len(pre))
            inp = {"command": "uv run pytest -q"} if tool == "Bash" else {"file_path": f"{cwd}/{rng.choice(MODULES)}"}
            assistant({"type": "tool_use", "id": tid, "name": tool, "input": inp}, msg_id, "tool_use", 0)
            if rng.random() < 0.03:  # the person rejects the tool use; the next prompt says why
                e = common("user")
                block = {"type": "tool_result", "tool_use_id": tid, "is_error": True, "content": REJECTED}
                e["message"] = {"role": "user", "content": [block]}
                w.write(e)
                parent = e["uuid"]
                break
            out = _slice(rng, code, int(rng.uniform(0.15, 0.6) * budget))
            e = common("user")
            e["message"] = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tid, "content": out}]}
            e["toolUseResult"] = {"stdout": out, "stderr": "", "interrupted": False, "isImage": False}
            w.write(e, tool_output=2 * _jlen(out))
            parent = e["uuid"]
            spent += len(pre) + 2 * len(out)
            if rng.random() < 0.1:
                e = common("progress")
                e["data"] = {"type": "bash_progress", "output": out[:200], "elapsedTimeSeconds": 2}
                w.write(e, tool_output=_jlen(out[:200]))
        answer = _slice(rng, prose, int(budget * 0.06))
        assistant({"type": "text", "text": answer}, msg_id, "assistant_text", len(answer))
        if rng.random() < 0.05:
            e = common("system")
            e.update(content="Conversation compacted", level="info", subtype="compact_boundary")
            w.write(e)
    w.close()
    if index % 15 == 0:  # a subagent transcript beside the session: the agent talking to itself
        sub = Writer(path.with_name(f"agent-{index:08x}.jsonl"), counts)
        e = common("user")
        e.update(isSidechain=True, agentId=f"{index:08x}")
        e["message"] = {"role": "user", "content": "Search the codebase for every caller of the importer."}
        sub.write(e, subagent=_jlen(e["message"]["content"]))
        sub.close(unit=False)


REJECTED = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file "
    "edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to "
    "tell you how to proceed."
)


def codex_session(
    root: Path, index: int, target: int, seed: int, pools: tuple[str, str], counts: Counts, secret_rate: float
) -> Path:
    rng = random.Random(f"{seed}:codex:{index}")
    code, prose = pools
    project = PROJECTS[(index * 5) % len(PROJECTS)]
    start = T_START + timedelta(hours=index * 3, minutes=17)
    sid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    path = root / f"{start:%Y/%m/%d}" / f"rollout-{start:%Y-%m-%dT%H-%M-%S}-{sid}.jsonl"
    cwd = f"{HOME}/code/{project}"
    t = start
    w = Writer(path, counts)

    def line(kind: str, payload: dict, **categories: int) -> None:
        nonlocal t
        t += timedelta(seconds=rng.uniform(0.05, 20))
        w.write({"timestamp": _iso(t), "type": kind, "payload": payload}, **categories)

    def message(role: str, text: str, **categories: int) -> None:
        kind = "output_text" if role == "assistant" else "input_text"
        line(
            "response_item", {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}, **categories
        )

    line(
        "session_meta",
        {
            "id": sid,
            "timestamp": _iso(start),
            "cwd": cwd,
            "originator": "codex_cli_rs",
            "cli_version": "0.46.0",
            "instructions": None,
            "source": "cli",
            "git": {"commit_hash": f"{rng.getrandbits(160):040x}", "branch": "main"},
        },
    )
    message("developer", "You are Codex, a coding agent. Follow the sandbox and approval policy.")
    message(
        "user",
        f"<environment_context>\n  <cwd>{cwd}</cwd>\n  <sandbox_mode>workspace-write</sandbox_mode>\n"
        "</environment_context>",
    )
    message("user", f"<user_instructions>\n\n# AGENTS.md\n- {rng.choice(PREFERENCES)}\n</user_instructions>")
    while w.n < target:
        text = _prompt(rng, counts.secrets, secret_rate, pools)
        if rng.random() < 0.05:
            line("event_msg", {"type": "turn_aborted", "reason": "interrupted"})
            text = rng.choice(CORRECTIONS).format(pref=rng.choice(PREFERENCES))
        message("user", text, user_text=_jlen(text))
        line("event_msg", {"type": "user_message", "message": text, "images": []}, user_text_duplicate=_jlen(text))
        line("turn_context", {"cwd": cwd, "approval_policy": "on-request", "model": "gpt-5-codex", "effort": "medium"})
        budget = min(_turn_budget(text), max(2_000, target - w.n))
        spent = 0
        while spent < budget:
            summary = _slice(rng, prose, rng.randint(100, 400))
            line("event_msg", {"type": "agent_reasoning", "text": summary}, thinking=_jlen(summary))
            enc = "gAAAAAB" + _b62(rng, rng.randint(600, 1500))
            line(
                "response_item",
                {"type": "reasoning", "summary": [{"type": "summary_text", "text": summary}], "encrypted_content": enc},
                thinking=_jlen(summary) + len(enc),
            )
            call_id = "call_" + _b62(rng, 24)
            args = json.dumps({"command": ["bash", "-lc", "uv run pytest -q"], "workdir": cwd})
            line("response_item", {"type": "function_call", "name": "shell", "arguments": args, "call_id": call_id})
            out = _slice(rng, code, int(rng.uniform(0.15, 0.5) * budget))
            payload = json.dumps({"output": out, "metadata": {"exit_code": 0, "duration_seconds": 1.2}})
            line(
                "response_item",
                {"type": "function_call_output", "call_id": call_id, "output": payload},
                tool_output=_jlen(out),
            )
            spent += len(summary) * 2 + len(enc) + len(out)
        answer = _slice(rng, prose, int(budget * 0.08))
        line("event_msg", {"type": "agent_message", "message": answer}, assistant_text=_jlen(answer))
        message("assistant", answer, assistant_text=_jlen(answer))
        line(
            "event_msg",
            {"type": "token_count", "info": {"total_token_usage": {"total_tokens": rng.randint(1000, 99999)}}},
        )
    w.close()
    return path


# --- instruction files and git repositories --------------------------------------------------
def instruction_file(rng: random.Random, project: str) -> str:
    prefs = rng.sample(PREFERENCES, 5)
    lines = [f"# {project}", "", "Rules for this repo:", ""]
    lines += [f"- {p[0].upper()}{p[1:]}." for p in prefs]
    lines += ["", "## Commands", "", "```bash", "uv run pytest -q", "```", ""]
    return "\n".join(lines)


def git_repo(path: Path, index: int, seed: int, commits: int) -> None:
    rng = random.Random(f"{seed}:git:{index}")
    project = path.name
    stream: list[bytes] = []
    mark = 0

    def data(b: bytes) -> None:
        stream.append(b"data %d\n" % len(b) + b + b"\n")

    ts = int(T_START.timestamp())
    files = {
        ("AGENTS.md" if index % 2 else "CLAUDE.md"): instruction_file(rng, project),
        "README.md": f"# {project}\n",
    }
    prev = None
    for i in range(commits):
        ts += rng.randint(600, 86_400)
        name = f"src/{project.replace('-', '_')}/{rng.choice(NOUNS)}.py"
        files[name] = files.get(name, "") + f"def f_{i}(x: int) -> int:\n    return x + {i}\n"
        who = COLLEAGUE if rng.random() < 0.2 else AUTHOR
        verb = rng.choice(["add", "fix", "refactor", "test", "docs"])
        msg = f"{'feat' if verb == 'add' else verb}: {verb} {rng.choice(NOUNS)} handling in {name.rsplit('/', 1)[-1]}"
        if rng.random() < 0.25:
            msg += f"\n\nWhy: the {rng.choice(NOUNS)} import failed on empty files.\n\n{AGENT_TRAILER}"
        blobs = {}
        for fname in [*files] if i == 0 else [name]:
            mark += 1
            stream.append(b"blob\nmark :%d\n" % mark)
            data(files[fname].encode())
            blobs[fname] = mark
        mark += 1
        stream.append(b"commit refs/heads/main\nmark :%d\n" % mark)
        ident = f"{who[0]} <{who[1]}> {ts} +0000".encode()
        stream.append(b"author " + ident + b"\ncommitter " + ident + b"\n")
        data(msg.encode())
        if prev is not None:
            stream.append(b"from :%d\n" % prev)
        for fname, m in blobs.items():
            stream.append(b"M 100644 :%d %s\n" % (m, fname.encode()))
        prev = mark
    path.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], check=True, env=env)
    subprocess.run(["git", "-C", str(path), "fast-import", "--quiet"], input=b"".join(stream), check=True, env=env)
    subprocess.run(["git", "-C", str(path), "checkout", "-q", "-f", "main"], check=True, env=env)


def sizes(rng: random.Random, n: int, total: int) -> list[int]:
    """File sizes with a long tail (a few long sessions, many short), summing to ~total."""
    raw = [rng.lognormvariate(0, 1.0) for _ in range(n)]
    scale = total / sum(raw)
    return [max(1_500, int(r * scale)) for r in raw]


def corpus_env(out: Path) -> dict[str, str]:
    out = out.resolve()
    return {
        "PERSONA_CLAUDE_DIRS": str(out / "claude" / "projects"),
        "PERSONA_CODEX_DIRS": str(out / "codex" / "sessions"),
        "PERSONA_GIT_ROOTS": str(out / "repos"),
        "PERSONA_INSTRUCTION_FILES": str(out / "home" / ".claude" / "CLAUDE.md"),
        "PERSONA_AUTHOR_EMAILS": AUTHOR[1],
    }


def make_corpus(
    out: Path,
    files: int = 1000,
    mb: float = 100.0,
    codex_share: float = 0.3,
    repos: int = 3,
    seed: int = 1,
    secret_rate: float = 0.04,
    commits: int = 40,
) -> dict:
    """Build the corpus; returns the manifest (also written to OUT/manifest.json)."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    counts = Counts()
    pools = _pool(seed)
    rng = random.Random(f"{seed}:sizes")
    targets = sizes(rng, files, int(mb * 1e6))
    claude_root, codex_root = out / "claude" / "projects", out / "codex" / "sessions"
    for i, target in enumerate(targets):
        if int((i + 1) * codex_share) > int(i * codex_share):  # round(files * share) of them, spread evenly
            codex_session(codex_root, i, target, seed, pools, counts, secret_rate)
        else:
            project = PROJECTS[i % len(PROJECTS)]
            sid = uuid.UUID(int=random.Random(f"{seed}:sid:{i}").getrandbits(128), version=4)
            path = claude_root / f"-home-{USER}-code-{project}" / f"{sid}.jsonl"
            claude_session(path, i, target, seed, pools, counts, secret_rate)
    for r in range(repos):
        git_repo(out / "repos" / PROJECTS[r % len(PROJECTS)], r, seed, commits)
    home = out / "home" / ".claude"
    home.mkdir(parents=True)
    (home / "CLAUDE.md").write_text(
        "# Global rules\n\n- Answer tersely; no preamble, no recap.\n- Never commit secrets.\n"
    )
    manifest = {
        "seed": seed,
        "files": counts.files,
        "subagent_files": counts.other_files,
        "bytes": counts.bytes,
        "bytes_by_category": dict(sorted(counts.by_category.items())),
        "user_text_share": round(counts.by_category.get("user_text", 0) / max(1, counts.bytes), 4),
        "planted": dict(sorted(counts.secrets.items())),
        "repos": repos,
        "env": corpus_env(out),
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    (out / "persona.env").write_text("".join(f"export {k}={v}\n" for k, v in manifest["env"].items()))
    return manifest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--files", type=int, default=1000, help="transcript files (Claude + Codex)")
    ap.add_argument("--mb", type=float, default=100.0, help="total transcript size, MB")
    ap.add_argument("--codex-share", type=float, default=0.3)
    ap.add_argument("--repos", type=int, default=3)
    ap.add_argument("--commits", type=int, default=40)
    ap.add_argument("--secret-rate", type=float, default=0.04, help="share of prompts carrying a secret/PII")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    m = make_corpus(
        args.out, args.files, args.mb, args.codex_share, args.repos, args.seed, args.secret_rate, args.commits
    )
    print(json.dumps({k: v for k, v in m.items() if k != "env"}, indent=2))


if __name__ == "__main__":
    main()
