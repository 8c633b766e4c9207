"""The pack on real people's histories: SpecStory exports run through the pipeline, bullets out for judging.

Issue 15 is judged on real histories, which no pool can stand in for. The only public source of many
sessions of one person found so far is SpecStory (an editor extension that saves each agent chat as
`.specstory/history/*.md` in the project; some people commit it). This script turns one person's
sessions into Claude Code transcripts (user turns as typed, assistant text kept so the reader sees
what a T1 correction answers and what the agent said before a paste), runs `persona run --json` on
them alone (offline backend, no instruction files, no git), and writes every learned pack bullet to
`<work>/<person>.bullets.jsonl` with its support, for a person to judge. Judgements (one JSON object
per line: `person`, `n`, `class` in a-f below) given with `--judged` are tallied per person.

Classes (session 51's real-history judge): a) a durable preference in the person's words, right way
round; b) durable but garbled or trimmed wrongly; c) backwards; d) a one-off request, bug report,
status note or question; e) pasted material or the agent's words; f) other.

Nothing from those histories belongs in the repository: keep `--work` outside it.

    python bench/real_histories.py --work /tmp/real --git person=/path/to/repo [--git ...] [--judged j.jsonl]
    python bench/real_histories.py --work /tmp/real --sessions person=/dir/of/md [...]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

# SpecStory's section markers: `_**User**_`, `_**Assistant**_`, and since 2025 `_**Agent (model …)**_`
# for the assistant, with `(sidechain)` after a sub-agent's sections (its "User" is the main agent)
_MARK = re.compile(r"^_\*\*(User|Assistant|Agent)((?:\s*\([^)\n]*\))*)\*\*_\s*$")
_PAREN = re.compile(r"\(([^)\n]*)\)")
_HEADER_TIME = re.compile(r"^#\s.*\((\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)Z?\)\s*$")
_NAME_TIME = re.compile(r"^(\d{4}-\d{2}-\d{2})_(\d{2})-(\d{2})")
_TURN_TIME = re.compile(r"^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)Z?$")
_TOOL_BLOCK = re.compile(r"<details>.*?</details>", re.DOTALL)
_TRAILING_RULES = re.compile(r"(\n\s*---\s*)+\Z")
_HISTORY = re.compile(r"(?:^|/)\.specstory/history/[^/]+\.md$")
CLASSES = "abcdef"
# every source but Claude Code transcripts switched off: the person's sessions are the only input
_ONLY_CLAUDE = (
    "PERSONA_CODEX_DIRS",
    "PERSONA_INSTRUCTION_ROOTS",
    "PERSONA_INSTRUCTION_FILES",
    "PERSONA_GIT_ROOTS",
    "PERSONA_PROMPT_LOGS",
    "PERSONA_AIDER_DIRS",
    "PERSONA_CLINE_DIRS",
    "PERSONA_CURSOR_CLI_DIRS",
)


def _time(date: str, clock: str) -> datetime:
    fmt = "%Y-%m-%d %H:%M:%S" if clock.count(":") == 2 else "%Y-%m-%d %H:%M"
    return datetime.strptime(f"{date} {clock}", fmt).replace(tzinfo=UTC)


def sections(text: str) -> tuple[datetime | None, list[tuple[str, str | None, str]]]:
    """(the header's start time, [(role, the marker's parenthesis, body)]) of one SpecStory session."""
    start: datetime | None = None
    out: list[tuple[str, str | None, list[str]]] = []
    for line in text.splitlines():
        if m := _MARK.match(line):
            notes = _PAREN.findall(m[2])
            role = "User" if m[1] == "User" and "sidechain" not in notes else "Assistant"
            out.append((role, " ".join(n for n in notes if n != "sidechain") or None, []))
        elif out:
            out[-1][2].append(line)
        elif start is None and (h := _HEADER_TIME.match(line)):
            start = _time(h[1], h[2])
    return start, [(role, extra, _TRAILING_RULES.sub("", "\n".join(body).strip()).strip()) for role, extra, body in out]


def to_claude(name: str, text: str, fallback: datetime) -> tuple[str, list[dict]]:
    """One SpecStory session as Claude Code transcript entries (session id, entries)."""
    start, parts = sections(text)
    if start is None:
        n = _NAME_TIME.match(name)
        start = _time(n[1], f"{n[2]}:{n[3]}") if n else fallback
    session = str(uuid.uuid5(uuid.NAMESPACE_URL, name))
    at, parent, rows = start, None, []
    for role, extra, body in parts:
        if role == "User" and extra and (t := _TURN_TIME.match(extra.strip())):
            at = max(at, _time(t[1], t[2]))
        at += timedelta(seconds=61)  # distinct stamps (a burst sharing one stamp reads as a paste)
        body = body if role == "User" else _TOOL_BLOCK.sub("", body).strip()
        if not body:
            continue
        me = str(uuid.uuid4())
        base = {
            "uuid": me,
            "parentUuid": parent,
            "sessionId": session,
            "timestamp": at.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
            "cwd": "/srv/project",  # (a home folder here would make its login an identifier: `person`)
            "isSidechain": False,
        }
        if role == "User":
            rows.append({**base, "type": "user", "userType": "external", "message": {"role": "user", "content": body}})
        else:
            content = [{"type": "text", "text": body}]
            rows.append({**base, "type": "assistant", "message": {"role": "assistant", "content": content}})
        parent = me
    return session, rows


def from_git(repo: Path) -> dict[str, str]:
    """Every `.specstory/history/*.md` a repository ever held, newest version of each (people often
    delete them from the tip), by file name."""
    import git

    g = git.Repo(repo)
    g.git.update_environment(GIT_DIR=g.git_dir)  # (a fetched mirror is a git dir with no config saying bare)
    out: dict[str, tuple[datetime, str]] = {}
    # (any folder's `.specstory/history`: `**/` in git's glob magic matches no folder too)
    for commit in g.iter_commits("--all", paths=[":(glob)**/.specstory/history/*.md"]):
        for blob in commit.tree.traverse():
            if getattr(blob, "type", "") == "blob" and _HISTORY.search(blob.path):
                name = Path(blob.path).name
                if name not in out or commit.committed_datetime > out[name][0]:
                    out[name] = (commit.committed_datetime, blob.data_stream.read().decode("utf-8", "replace"))
    return {name: text for name, (_, text) in out.items()}


def convert(person: str, sessions: dict[str, str], root: Path) -> tuple[int, int]:
    """Write one transcript per session under root; (sessions with a user turn, user turns)."""
    out = root / ("-home-person-" + re.sub(r"[^A-Za-z0-9]+", "-", person))
    out.mkdir(parents=True, exist_ok=True)
    first = datetime(2025, 1, 1, tzinfo=UTC)
    kept = turns = 0
    for i, name in enumerate(sorted(sessions)):
        session, rows = to_claude(name, sessions[name], first + timedelta(days=i))
        users = sum(r["type"] == "user" for r in rows)
        if users:
            (out / f"{session}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
            kept, turns = kept + 1, turns + users
    return kept, turns


def run(person: str, work: Path) -> dict:
    """`persona run --json` on the person's transcripts alone; the summary object."""
    data = work / "data" / person
    env = {**os.environ, "PERSONA_CLAUDE_DIRS": str(work / "claude" / person), "PERSONA_DATA_DIR": str(data)}
    env.update({k: "" for k in _ONLY_CLAUDE})
    env["PERSONA_MODEL"] = "offline"
    done = subprocess.run(
        [sys.executable, "-m", "persona_pipeline", "run", "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"{person}: persona run failed ({done.returncode}); see {data}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def bullets(person: str, work: Path) -> list[dict]:
    """The pack's learned bullets (instruction-file directives left out: none can exist here)."""
    pack = json.loads((work / "data" / person / "persona" / "persona.json").read_text(encoding="utf-8"))
    return [
        {"person": person, "n": b["n"], "section": b["section"], "sessions": b["support_sessions"], "text": b["text"]}
        for b in pack["bullets"]
        if b["section"] != "directives"
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--work", type=Path, required=True, help="scratch folder outside the repository")
    ap.add_argument("--git", action="append", default=[], help="[PERSON=]a repository holding .specstory/history")
    ap.add_argument("--sessions", action="append", default=[], help="PERSON=DIR of SpecStory .md sessions")
    ap.add_argument("--judged", type=Path, help="JSON lines {person, n, class}: tallied per person")
    args = ap.parse_args()
    people: dict[str, dict[str, str]] = {}
    for item in args.git:
        person, _, folder = item.rpartition("=")
        people[person or Path(folder).name.removesuffix(".git")] = from_git(Path(folder))
    for item in args.sessions:
        person, _, folder = item.partition("=")
        people[person] = {p.name: p.read_text(encoding="utf-8", errors="replace") for p in Path(folder).glob("*.md")}
    judged: dict[str, Counter[str]] = {}
    if args.judged:
        for line in args.judged.read_text(encoding="utf-8").splitlines():
            if line.strip():
                j = json.loads(line)
                judged.setdefault(j["person"], Counter())[j["class"]] += 1
    print("person | sessions | user turns | kept turns | rules | bullets | " + " | ".join(CLASSES))
    for person, sessions in people.items():
        kept, turns = convert(person, sessions, args.work / "claude" / person)
        if not kept:
            print(f"{person} | 0 sessions with a user turn: skipped")
            continue
        summary = run(person, args.work)
        found = bullets(person, args.work)
        (args.work / f"{person}.bullets.jsonl").write_text(
            "".join(json.dumps(b) + "\n" for b in found), encoding="utf-8"
        )
        tally = judged.get(person, Counter())
        marks = " | ".join(str(tally[c]) if tally else "?" for c in CLASSES)
        print(f"{person} | {kept} | {turns} | {summary['evidence_rows']} | {summary['rules']} | {len(found)} | {marks}")


if __name__ == "__main__":
    main()
