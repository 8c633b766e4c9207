"""Capture the review flow end to end on the bundled sample, in a real pseudo-terminal (so
`persona review` prompts as it does for a person), into docs/review-flow.txt.

    PYTHONPATH=$PWD python scripts/capture_review_flow.py [out.txt]

Each step is a `persona` command run in a fresh data dir; answers to the prompts are typed when
the prompt appears. Carriage-return redraws (the progress bar) keep only their last state.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PROMPT = "[a]ccept [r]eject [e]dit [p]in [s]kip [q]uit? "
WORDING = "your wording: "


def run(cmd: list[str], env: dict[str, str], answers: list[str] | None = None) -> str:
    """Run `cmd` on a pty; type the next answer whenever a review prompt appears."""
    master, slave = os.openpty()
    proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=REPO, close_fds=True)
    os.close(slave)
    out = b""
    todo = list(answers or [])
    pending = ""
    while True:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            out += chunk
            pending += chunk.decode("utf-8", "replace")
            if todo and (pending.endswith(PROMPT) or pending.endswith(WORDING)):
                os.write(master, (todo.pop(0) + "\n").encode())
                pending = ""
        elif proc.poll() is not None:
            break
    proc.wait()
    os.close(master)
    return _clean(out.decode("utf-8", "replace"))


def _clean(text: str) -> str:
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text).replace("\r\n", "\n")
    return "\n".join(line.split("\r")[-1] for line in text.split("\n"))


def main() -> int:
    out_path = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs" / "review-flow.txt"
    data = tempfile.mkdtemp(prefix="persona-review-")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    env.update(PERSONA_DATA_DIR=data, PYTHONPATH=str(REPO), COLUMNS="120")
    persona = [sys.executable, "-m", "persona_pipeline"]
    steps: list[tuple[str, list[str], list[str] | None]] = [
        ("persona run", ["run"], None),
        # accept, reject, edit, pin, then a wrong key, skip, and quit
        (
            "persona review",
            ["review"],
            ["a", "r", "e", "Log through the module logger; never print() debugging.", "p", "x", "s", "q"],
        ),
        ("persona review --json | (first rule, evidence elided)", ["review", "--json"], None),
        ("persona status", ["status"], None),
        ("persona rebuild   # a new warehouse from every source: the decisions are carried over", ["rebuild"], None),
        ("persona review --all", ["review", "--all"], None),
        ("persona pack --global", ["pack", "--global"], None),
        ("persona pack --project ledgerly", ["pack", "--project", "ledgerly"], None),
        ("persona pack --project tidewatch", ["pack", "--project", "tidewatch"], None),
        ("persona explain 'Log through the module logger'", ["explain", "Log through the module logger"], None),
    ]
    lines = [
        "# The review flow on the bundled sample, captured in a pseudo-terminal by",
        "# scripts/capture_review_flow.py (PERSONA_DATA_DIR=$(mktemp -d); every command is",
        "# `PYTHONPATH=$PWD python -m persona_pipeline …`, shown as `persona …`).",
        "",
    ]
    for title, args, answers in steps:
        text = run([*persona, *args], env, answers)
        if args == ["review", "--json"]:
            text = _first_rule(text)
        lines += [f"$ {title}", text.rstrip(), ""]
    out_path.write_text("\n".join(lines).replace(data, "$PERSONA_DATA_DIR") + "\n", encoding="utf-8")
    print(f"written {out_path}")
    return 0


def _first_rule(text: str) -> str:
    import json

    body = json.loads(text.strip().splitlines()[-1])
    first = dict(body["rules"][0])
    first["evidence"] = f"[{len(first['evidence'])} rows: evidence_id, tier, kind, project, timestamp, excerpt, …]"
    return json.dumps({**body, "rules": [first, f"… {len(body['rules']) - 1} more"]}, indent=2)


if __name__ == "__main__":
    sys.exit(main())
