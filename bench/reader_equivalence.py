"""Do the transcript readers (and `user_text.tail`) give the same outputs as at a git revision?

    python bench/reader_equivalence.py [--baseline GIT_REV] [--files 300] [--mb 30] [--fuzz 20000]
                                       [--bench-mb 2]

Hashes every reader output — each unit's turns (text, context, tier, kind, signal, positions),
its stats (lines, bytes, entry types, skip counts, session, cwd, machine-generated verdict) and
its file error — over a generated corpus (bench/make_corpus.py, two seeds), files of odd and bad lines, and
the bundled sample, and `tail()` and `head()` over fuzz texts dense in secret-shaped spans (key blocks, `label = value`
pairs, URL user-info, digit groups, capitalised names) at many cut lengths. With --baseline, the
same hashes are computed by the code of GIT_REV (exported with `git archive`, run in a
subprocess) in the same run, and compared. Speed is not measured here.

With --bench-mb, every agent reader (`readers.registered()`: Copilot, Cursor, the exports, Gemini,
OpenCode, Aider, Cline, … too) is also hashed, one hash per reader, over `bench/readers_bench.py`'s
corpora of each format at that size (generated once, in this process), odd Aider histories and Cline
tasks, and the bundled sample.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Pieces the fuzz texts are built from: ordinary prose plus every span kind `tail` must not cut into.
_PIECES = [
    "the",
    "fix",
    "tests",
    "failing",
    "module",
    "ok,",
    "done.",
    "\n",
    "\t",
    "  ",
    "password = hunter2xyz",
    "api_key: 'AKIAIOSFODNN7EXAMPLE'",
    'DB_PASSWORD="s3cr3t-value"',
    "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig",
    "session_token=abc123def456",
    "my.secret.key value_with_no_equals",
    "-----BEGIN RSA PRIVATE KEY-----",
    "MIIEowIBAAKCAQEA7x",
    "-----END RSA PRIVATE KEY-----",
    "-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXk -----END OPENSSH PRIVATE KEY-----",
    "postgres://admin:pa55word@db.internal:5432/app",
    "https://user@host.example/path",
    "+1 (415) 555-0142",
    "4111 1111 1111 1111",
    "10.0.0.1",
    "Robin Lee",
    "Prof. Ann Lee",
    "Mrs Kim Park",
    "+(44) 20-7946 0958",
    "git+ssh://me@host",
    "averyveryverylongschemename://x@y",
    "Dr. Sam J. Ortiz-Vega",
    "Mary Ann Smith Jones",
    "x" * 70,
    "token",
    "=",
    ":",
    "'",
    '"',
    "é",
    "ключ",
]


def fuzz_texts(n: int, seed: int = 7) -> list[tuple[str, int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        k = rng.randint(1, 400)
        parts = [rng.choice(_PIECES) for _ in range(k)]
        sep = rng.choice([" ", "", " ", "\n"])
        text = sep.join(parts)[: rng.choice([300, 1000, 2000, 2000, 2500])]
        out.append((text, rng.choice([200, 200, 200, 50, 120, 400, 1500])))
    return out


def _user(text: str, uuid: str, cwd: str = "/home/rlee/code/app", **extra: object) -> dict:
    return {
        "type": "user",
        "uuid": uuid,
        "sessionId": "s-1",
        "cwd": cwd,
        "message": {"role": "user", "content": text},
        **extra,
    }


def write_odd_files(root: Path) -> None:
    """Files with every kind of bad or unusual line the line reader distinguishes (blank,
    whitespace-only, JSON padded with form feeds, non-objects, invalid JSON and UTF-8, nesting past
    orjson's limit, a truncated last line, CRLF, a BOM, NUL bytes), odd type names, cwd changes
    and a headless entry point, for Claude and Codex."""
    import orjson

    claude = root / "claude" / "projects" / "-home-rlee-code-odd"
    codex = root / "codex" / "sessions" / "2026" / "01" / "02"
    claude.mkdir(parents=True)
    codex.mkdir(parents=True)
    asst = {
        "type": "assistant",
        "uuid": "a1",
        "message": {"id": "m1", "content": [{"type": "text", "text": "Set password = hunter2abc then run it"}]},
    }
    good = [
        orjson.dumps(x)
        for x in (_user("use polars", "u1"), asst, _user("no, revert that", "u2", cwd="/home/rlee/code/other"))
    ]
    odd = [
        b"",
        b"   ",
        b"\x0b\x0c",
        b"\x0c" + orjson.dumps(_user("form feed padded", "u3")) + b"\x0b",
        b"null",
        b"[1, 2]",
        b'"just a string"',
        b"{not json",
        b'{"type": "user", "bad": "\xff\xfe"}',
        b"[" * 2000 + b"]" * 2000,
        b"\xef\xbb\xbf" + orjson.dumps(_user("after a BOM", "u4")),
        orjson.dumps({"type": "A Pasted Token ghp_x", "uuid": "t1"}),
        orjson.dumps({"type": "x" * 50, "uuid": "t2"}),
        orjson.dumps({"type": ["list"], "uuid": "t3"}),
        orjson.dumps(_user("same cwd again", "u5", cwd="/home/rlee/code/other")),
        orjson.dumps(_user("dup", "u5")),
        orjson.dumps(_user([{"type": "weird-block"}, {"type": "text", "text": "wait, stop"}], "u6")),
    ]
    (claude / "odd.jsonl").write_bytes(b"\n".join(good + odd + good) + b"\n" + orjson.dumps(_user("cut", "u9"))[:-5])
    (claude / "crlf.jsonl").write_bytes(b"\r\n".join(good + odd) + b"\r\n")
    (claude / "headless.jsonl").write_bytes(
        b"\n".join([*good, orjson.dumps(_user("x", "h1", entrypoint="sdk-py")), *good]) + b"\n"
    )
    (claude / "binary.jsonl").write_bytes(b"\x00\x01" * 100)
    meta = {"type": "session_meta", "payload": {"id": "c1", "cwd": "/home/rlee/code/app", "source": "cli"}}
    msg = {"type": "event_msg", "payload": {"type": "user_message", "message": "actually, use tabs"}}
    agent = {
        "type": "event_msg",
        "payload": {"type": "agent_message", "message": "Dr. Sam Ortiz said the token: abc123 works"},
    }
    codex_lines = [orjson.dumps(x) for x in (meta, agent, msg, {"type": "??", "payload": {}})]
    (codex / "rollout-odd.jsonl").write_bytes(b"\n".join(codex_lines + odd + codex_lines) + b"\n")


def _token_tail(flat: str, n: int) -> str:
    """The tail cut at a whole token only: where `tail` differs, a sensitive span moved the cut."""
    start = len(flat) - n
    if flat[start - 1] != " ":
        nxt = flat.find(" ", start)
        start = nxt + 1 if nxt >= 0 else len(flat)
    return "…" + flat[start:] if start < len(flat) else ""


def compute(corpus: Path, fuzz: int) -> dict[str, str | int]:
    """Hashes of the readers' outputs over `corpus` and of `tail` over the fuzz texts, by the
    `persona_pipeline` importable in this process."""
    import orjson

    from persona_pipeline.core.config import SAMPLE_DIR, Settings
    from persona_pipeline.core.sources import user_text

    claude = [corpus / f"s{s}" / "claude" / "projects" for s in (1, 2)] + [SAMPLE_DIR / "claude" / "projects"]
    codex = [corpus / f"s{s}" / "codex" / "sessions" for s in (1, 2)] + [SAMPLE_DIR / "codex" / "sessions"]
    settings = Settings(data_dir=corpus / "data", claude_dirs=claude, codex_dirs=codex)
    sources = settings.sources()
    units = [u for u in sources.discover().units if u.kind.value in ("claude", "codex")]
    h = hashlib.sha256()
    turns = corrections = skips = 0
    for u in units:
        res = sources.read(u)
        h.update(u.key.encode())
        h.update(orjson.dumps(res.model_dump(mode="json"), option=orjson.OPT_SORT_KEYS))
        turns += len(res.turns)
        corrections += sum(1 for t in res.turns if t.context)
        skips += sum(res.stats.skips.values())
    t = hashlib.sha256()
    cut = moved = 0
    for text, n in fuzz_texts(fuzz):
        out = user_text.tail(text, n)
        flat = " ".join(text.split())
        cut += out != flat
        moved += len(flat) > n and out != _token_tail(flat, n)
        t.update(out.encode("utf-8", "surrogatepass") + b"\x00")
        t.update(user_text.head(text, n).encode("utf-8", "surrogatepass") + b"\x01")  # the other cut
    return {
        "units": len(units),
        "turns": turns,
        "turns_with_context": corrections,
        "skips": skips,
        "readers_sha256": h.hexdigest(),
        "tail_fuzz_texts": fuzz,
        "tail_fuzz_cut": cut,
        "tail_fuzz_moved_by_a_span": moved,
        "tail_sha256": t.hexdigest(),
    }


def compute_agents(corpus: Path) -> dict[str, str | int]:
    """One hash per registered reader over the readers bench's corpora (`corpus/bench/<i>/`, each
    read by the reader named in `corpus/bench/<i>/.kind`) and its roots in the bundled sample."""
    import orjson

    from persona_pipeline.core.config import SAMPLE_DIR
    from persona_pipeline.core.sources import readers

    hashes: dict[str, hashlib._Hash] = {}
    counts: dict[str, int] = {}
    roots: list[tuple[str, Path]] = []
    bench = corpus / "bench"
    for d in sorted(bench.iterdir(), key=lambda p: int(p.name)) if bench.is_dir() else []:
        roots.append(((d / ".kind").read_text().strip(), d / "root"))
    for reader in readers.registered():
        roots += [(reader.kind, SAMPLE_DIR / r) for r in reader.sample_roots]
    for kind, root in roots:
        reader = readers.reader_of(kind)
        if reader is None:  # a reader newer than this revision: nothing to compare it with
            continue
        h = hashes.setdefault(kind, hashlib.sha256())
        ignored: dict[str, int] = {}
        units = sorted(reader.discover([root], ignored), key=lambda u: u.key)
        h.update(orjson.dumps(ignored, option=orjson.OPT_SORT_KEYS))
        for u in units:
            res = reader.read(u)
            h.update(u.key.encode())
            dump = orjson.dumps(res.model_dump(mode="json"))  # unsorted: the order of skips counts too
            h.update(dump.replace(str(root).encode(), b"<root>"))
            counts[f"{kind}_turns"] = counts.get(f"{kind}_turns", 0) + len(res.turns)
    return {**counts, **{f"{k}_sha256": v.hexdigest()[:16] for k, v in sorted(hashes.items())}}


# Line shapes an Aider chat history may hold, the odd ones included (for `write_odd_aider`)
_AIDER_LINES = [
    b"# aider chat started at 2026-01-02 10:11:12",
    b"# aider chat started at garbage",
    b"# aider chat started at ",
    b"# a markdown heading in a reply",
    b"#",
    b"##",
    b"####",
    b"#### ",
    b"#### no, use polars instead  ",
    b"#### fix the tests",
    b"####x not an input",
    b"#### <blank>",
    b"#### /add src/a.py",
    b"#### /ask why does it fail?",
    b"#### /ASK",
    b"#### /frobnicate",
    b"#### !ls -la",
    b"#### wait, stop  ",
    b"#### \xff\xfe bad utf-8",
    b"> Added a.py to the chat",
    b"> Tokens: 3k sent, 1k received.",
    b"> Run shell command? (Y)es/(N)o [Yes]: n",
    b"> Apply edit? (Y)es/(N)o/(D)on't ask again [Yes]: no",
    b"> ^C KeyboardInterrupt",
    b">",
    b">>>>>>> REPLACE",
    b">not a quote",
    b"<<<<<<< SEARCH",
    b"=======",
    b"The model's reply text, with password = hunter2xyz in it.",
    b"Here is the fix ^C KeyboardInterrupt",
    b"^C KeyboardInterrupt",
    b"",
    b"   ",
    b"\t",
    b"\x0c",
    b"caf\xc3\xa9 \xe2\x80\x94 unicode",
    b"\xc3",
    b"x" * 5000,
]


def write_odd_aider(root: Path, files: int = 40, seed: int = 11) -> None:
    """Aider chat and input histories of random line shapes, line endings and sizes (and a
    binary, an empty and an overlong-line file): the line dispatch's edge cases."""
    rng = random.Random(seed)
    for i in range(files):
        d = root / f"p{i}"
        d.mkdir(parents=True)
        eol = rng.choice([b"\n", b"\n", b"\r\n", b"\r"])
        lines = [rng.choice(_AIDER_LINES) for _ in range(rng.randint(1, 400))]
        body = eol.join(lines) + rng.choice([eol, b""])
        (d / ".aider.chat.history.md").write_bytes(body)
        if i % 4 == 0:
            (d / ".aider.input.history").write_bytes(body)  # beside a chat: left out, counted
        if i % 5 == 1:
            e = root / f"q{i}"
            e.mkdir()
            entries = [b"# 2026-01-02 10:11:12.5", b"+fix it", b"+/add x", b"", b"junk", b"#", b"+"]
            (e / ".aider.input.history").write_bytes(b"\n".join(rng.choice(entries) for _ in range(50)))
    for name, body in (("bin", b"\x00\x01" * 100), ("empty", b"  \n\n"), ("long", b"#### " + b"y" * (5 << 20))):
        (root / name).mkdir()
        (root / name / ".aider.chat.history.md").write_bytes(body)


# Cline `ui_messages.json` message shapes, the odd ones included (for `write_odd_cline`)
_CLINE_MESSAGES: list[object] = [
    {"type": "say", "say": "task", "text": "fix the parser", "ts": 1760000000000},
    {"type": "say", "say": "task", "text": "no, use polars", "images": ["data:image/png;base64,AAAA"]},
    {"type": "say", "say": "text", "text": "I will rewrite the lexer. password = hunter2xyz"},
    {"type": "say", "say": "completion_result", "text": "Done: Mr Sam Ortiz approved it."},
    {"type": "say", "say": "user_feedback", "text": "wait, stop that", "ts": 1760000001000},
    {"type": "say", "say": "user_feedback", "text": "actually keep the tabs", "images": []},
    {"type": "say", "say": "user_feedback", "text": ["not", "a string"]},
    {"type": "say", "say": "user_feedback"},
    {"type": "say", "say": "api_req_started", "text": '{"request": "# Current Working Directory (/w/p) Files"}'},
    {"type": "say", "say": "api_req_started", "text": '{"cancelReason": "user_cancelled"}'},
    {"type": "say", "say": "api_req_started", "text": "Directory ( not json"},
    {"type": "say", "say": "api_req_started", "text": '{"cancelReason": "streaming_failed"}'},
    # Cline's own request shape past 1 KB (the cancellation looked for after the request's text)
    {
        "type": "say",
        "say": "api_req_started",
        "text": '{"request":"' + "a line\\n" * 200 + '","tokensIn":9,"cancelReason":"user_cancelled"}',
    },
    {
        "type": "say",
        "say": "api_req_started",
        "text": '{"request": "' + 'say \\"cancelReason\\" ' * 90 + '", "tokensIn": 9}',
    },
    {"type": "say", "say": "reasoning", "text": "thinking"},
    {"type": "say", "say": "command_output", "text": "ok"},
    {"type": "say", "say": "A Pasted Token ghp_x"},
    {"type": "say", "say": None},
    {"type": "say", "say": ["list"]},
    {"type": "say"},
    {"type": "ask", "ask": "command", "text": "pytest -q"},
    {"type": "ask", "ask": "tool", "text": '{"tool": "editedExistingFile"}'},
    {"type": "ask", "ask": "followup", "text": '{"question": "Which file?", "options": ["a"]}'},
    {"type": "ask", "ask": "followup", "text": "plain question?"},
    {"type": "ask", "ask": "followup", "text": '["x"]'},
    {"type": "ask", "ask": "completion_result", "text": ""},
    {"type": "ask", "ask": "Some Secret Value 123"},
    {"type": "ask", "ask": 7},
    {"type": "ask"},
    {"type": "weird", "text": "x"},
    {"type": None},
    {"type": "TYPE WITH SPACES"},
    {"text": "no type"},
    {"type": "say", "say": "text", "images": "not a list"},
    None,
    7,
    "a string",
    ["a", "list"],
]


def write_odd_cline(root: Path, tasks: int = 150, seed: int = 13) -> None:
    """Cline task folders of random message shapes (and metadata: a cwd, a subtask, a bad file)."""
    import orjson

    rng = random.Random(seed)
    for i in range(tasks):
        ext = rng.choice(["saoudrizwan.claude-dev", "rooveterinaryinc.roo-cline", "kilocode.kilo-code"])
        d = root / "User" / "globalStorage" / ext / "tasks" / str(1760000000000 + i)
        d.mkdir(parents=True)
        msgs = [rng.choice(_CLINE_MESSAGES) for _ in range(rng.randint(0, 120))]
        (d / "ui_messages.json").write_bytes(orjson.dumps(msgs) if i % 13 else b"{not json")
        meta = rng.choice([None, {"cwd": "/w/meta"}, {"parentTaskId": "p1"}, {"rootPath": 3}, b"junk"])
        if isinstance(meta, dict):
            (d / "task_metadata.json").write_bytes(orjson.dumps(meta))
        elif meta is not None:
            (d / "task_metadata.json").write_bytes(meta)


def write_bench_corpora(corpus: Path, mb: float) -> None:
    """Each format of `bench/readers_bench.py` at `mb` MB, under `corpus/bench/<i>/root`, and odd
    Aider histories last."""
    import readers_bench

    formats = readers_bench.FORMATS
    for i, (_name, reader, make, _bare, _bare_name) in enumerate(formats):
        d = corpus / "bench" / str(i)
        (d / "root").mkdir(parents=True)
        make(d / "root", mb, random.Random(i))
        (d / ".kind").write_text(reader.kind)
    for j, (kind, write) in enumerate((("aider", write_odd_aider), ("cline", write_odd_cline))):
        d = corpus / "bench" / str(len(formats) + j)
        write(d / "root")
        (d / ".kind").write_text(kind)


def at_revision(rev: str, corpus: Path, fuzz: int) -> dict[str, str | int]:
    tree = Path(tempfile.mkdtemp(prefix="reader-baseline-"))
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        # the revision's own bundled sample is read by its side (committed data, the same files)
        env = {**os.environ, "PYTHONPATH": str(tree)}
        out = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--compute", str(corpus), "--fuzz", str(fuzz)],
            env=env,
            check=True,
            capture_output=True,
            text=True,
            cwd=str(tree),
        ).stdout
        res = json.loads(out.strip().splitlines()[-1])
        if (corpus / "bench").is_dir():
            out = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "--compute-agents", str(corpus)],
                env=env,
                check=True,
                capture_output=True,
                text=True,
                cwd=str(tree),
            ).stdout
            res.update(json.loads(out.strip().splitlines()[-1]))
        return res
    finally:
        shutil.rmtree(tree, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", help="git revision to compare with (same run)")
    ap.add_argument("--files", type=int, default=300)
    ap.add_argument("--mb", type=float, default=30.0)
    ap.add_argument("--fuzz", type=int, default=20000)
    ap.add_argument("--bench-mb", type=float, default=0.0, help="also hash every agent reader (see above)")
    ap.add_argument("--compute", help=argparse.SUPPRESS)  # internal: hash an existing corpus
    ap.add_argument("--compute-agents", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.compute:
        print(json.dumps(compute(Path(args.compute), args.fuzz)))
        return
    if args.compute_agents:
        print(json.dumps(compute_agents(Path(args.compute_agents))))
        return
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from make_corpus import make_corpus

    corpus = Path(tempfile.mkdtemp(prefix="reader-equiv-"))
    try:
        for seed in (1, 2):
            make_corpus(corpus / f"s{seed}", files=args.files, mb=args.mb, repos=0, seed=seed, secret_rate=0.2)
        write_odd_files(corpus / "s2")
        if args.bench_mb:
            write_bench_corpora(corpus, args.bench_mb)
        current = compute(corpus, args.fuzz)
        if args.bench_mb:
            current.update(compute_agents(corpus))
        print("current :", json.dumps(current))
        if args.baseline:
            base = at_revision(args.baseline, corpus, args.fuzz)
            print(f"baseline {args.baseline}:", json.dumps(base))
            # a reader this tree adds has no baseline figures: listed, not compared; one it lost fails
            added = sorted(current.keys() - base.keys())
            if added:
                print(f"only in this tree (a reader the baseline lacks, not compared): {added}")
            same = base.keys() <= current.keys() and all(base[k] == current[k] for k in base)
            print(f"outputs identical: {same}")
            if not same:
                sys.exit(1)
    finally:
        shutil.rmtree(corpus, ignore_errors=True)


if __name__ == "__main__":
    main()
