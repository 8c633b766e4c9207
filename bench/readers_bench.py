"""Each agent reader's throughput against a bare scan of the same files.

    python bench/readers_bench.py [--mb 8] [--repeat 5] [--json OUT] [--only gemini ...]

Per format, a generated corpus of about `--mb` MB (written through `persona_pipeline/eval/writers.py`,
the writers of the sample and eval corpora, with prose-like text of realistic lengths) is read by:
- the bare scan, the least work that looks at every record: `orjson.loads` (and, as a second
  reference, the standard library's `json.loads`) of each whole document
  (VS Code sessions, an export's `conversations.json` read from its zip) or of each line (the
  Copilot CLI's events.jsonl); for Cursor's SQLite store, `SELECT key, value FROM cursorDiskKV`
  with an `orjson.loads` of each value (and, shown beside it, the SELECT alone);
- the reader (`READER.read(unit)` for every unit: discovery excluded, redaction excluded, as the
  readers' own cost is what is compared).
Timings are medians of interleaved repeats (load from other work hits both alike); the ratio is
bare time / reader time (1.0 = as fast as the bare scan; the target is >= 0.5).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sqlite3
import statistics
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from persona_pipeline.core.sources import (  # noqa: E402
    aider,
    chat_exports,
    claude_code,
    cline,
    copilot,
    cursor,
    cursor_cli,
    gemini,
    opencode,
)
from persona_pipeline.core.sources.readers import Reader  # noqa: E402
from persona_pipeline.eval import writers  # noqa: E402

_WORDS = [
    "the",
    "a",
    "to",
    "of",
    "and",
    "in",
    "is",
    "it",
    "that",
    "for",
    "on",
    "with",
    "this",
    "use",
    "we",
    "not",
    "be",
    "you",
    "as",
    "are",
    "but",
    "or",
    "can",
    "should",
    "function",
    "test",
    "file",
    "module",
    "error",
    "value",
    "return",
    "list",
    "config",
    "path",
    "query",
    "table",
    "index",
    "build",
    "run",
    "please",
    "keep",
    "make",
    "sure",
    "when",
    "then",
    "also",
    "just",
    "only",
    "never",
    "always",
    "prefer",
    "instead",
    "small",
    "change",
]


def prose(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(words)).capitalize() + "."


def output(rng: random.Random) -> str:
    """A tool's output: a file read or a command's log, 0.5-20 KB (most of a real session's bytes)."""
    lines = rng.randint(10, 400)
    return "\n".join(f"{i:>5}  {prose(rng, rng.randint(3, 9))}" for i in range(lines))


def _clock(rng: random.Random) -> writers.Clock:
    return writers.Clock(datetime(2026, 9, 1, 9, 0, tzinfo=UTC), rng)


def make_vscode(root: Path, mb: float, rng: random.Random) -> None:
    user = root / "User"
    n = 0
    while _size(root) < mb * 1e6:
        chat = writers.CopilotChat(rng, _clock(rng), f"/work/proj{n % 7}", title=prose(rng, 5), user="dev")
        for _ in range(rng.randint(6, 20)):
            tools = rng.random() < 0.4
            chat.ask(
                prose(rng, rng.randint(5, 60)),
                prose(rng, rng.randint(80, 400)),
                attachments={"a.py": output(rng)} if rng.random() < 0.3 else None,
                tools=[("run_in_terminal", "pytest -q", rng.random() > 0.1)] if tools else None,
                tool_output=output(rng) if tools else "",
                context=prose(rng, rng.randint(300, 1200)),  # the workspace summary Copilot sends along
            )
        chat.write(user, f"{n:032x}")
        n += 1


def make_cli(root: Path, mb: float, rng: random.Random) -> None:
    """Sessions with the event mix a real history shows. One person's five published sessions
    (`copilot-evidence/STATISTICS.md` in github.com/Kenfack-franck/jobHunterAi, 2026-02) hold 340
    user messages, 4,057 assistant messages and 4,988 tool calls: ~12 assistant messages and ~15
    tool calls per prompt. Tool results carry the file or log they return (`output`, as in the
    other corpora; real `tool.execution_complete` events hold it in `result.content` and again in
    `detailedContent`)."""
    home = root / ".copilot"
    while _size(root) < mb * 1e6:
        s = writers.CopilotCliSession(rng, _clock(rng), "/work/api")
        for _ in range(rng.randint(6, 20)):
            s.prompt(prose(rng, rng.randint(5, 60)), injected=prose(rng, 80))
            for _ in range(rng.randint(4, 20)):  # ~12 assistant messages a prompt
                s.answer(prose(rng, rng.randint(10, 120)), reasoning=prose(rng, 40))
                for _ in range(rng.choice((0, 1, 1, 2, 2))):  # ~1.2 tool calls a message
                    s.tool(
                        "bash",
                        {"command": "pytest -q"},
                        output=output(rng),
                        error="exit 1" if rng.random() < 0.2 else None,
                    )
        s.write(home)


def make_cli_dense(root: Path, mb: float, rng: random.Random) -> None:
    """A stress shape, not a real one: one reply and 0-4 short tool results a prompt, so about one
    event in four is the person's (real histories: about one in thirty)."""
    home = root / ".copilot"
    while _size(root) < mb * 1e6:
        s = writers.CopilotCliSession(rng, _clock(rng), "/work/api")
        for _ in range(rng.randint(6, 20)):
            s.prompt(prose(rng, rng.randint(5, 60)), injected=prose(rng, 80))
            s.answer(prose(rng, rng.randint(40, 200)), reasoning=prose(rng, 60))
            for _ in range(rng.randint(0, 4)):
                s.tool(
                    "bash",
                    {"command": "pytest -q"},
                    output=prose(rng, 120),
                    error="exit 1" if rng.random() < 0.2 else None,
                )
        s.write(home)


def make_cursor(root: Path, mb: float, rng: random.Random) -> None:
    store = writers.CursorStore(rng, _clock(rng))
    size = 0
    while size < mb * 1e6:
        cid = store.composer(prose(rng, 4))
        for _ in range(rng.randint(6, 20)):
            text = prose(rng, rng.randint(5, 60))
            store.user(cid, text, context=prose(rng, 100) if rng.random() < 0.3 else "")
            answer = prose(rng, rng.randint(80, 400))
            tool = {
                "name": "read_file",
                "params": json.dumps({"target_file": "a.py"}),
                "result": output(rng),
                "status": "completed",
            }
            store.agent(cid, answer, thinking=prose(rng, 60), tool=tool if rng.random() < 0.4 else None)
            size += 2 * len(text) + len(answer) + 900 + (len(tool["result"]) if rng.random() < 0.4 else 0)
    store.write(root / "User" / "globalStorage" / "state.vscdb")


def make_cursor_cli(root: Path, mb: float, rng: random.Random) -> None:
    """`cursor-agent` chats, one `store.db` each, shaped from the public descriptions: few prompts
    a chat (19 stores on one machine held 67 user and assistant turns, 16 of them the preamble:
    vshulcz/deja-vu PR #3821), agent steps of one tool call each between them (a store holds
    "hundreds" of blobs: stablyai/orca #11370; ~12 replies and ~14 tool calls a prompt as in the
    Copilot CLI corpus above), a root blob per step (the earlier states a store keeps; only the
    latest is read). Each chat: a system prompt, the `<user_info>` preamble, prompts wrapped in
    `<user_query>` after rules and (30 %) attached-file blocks, steps with reasoning and a tool
    result carrying a file or a log (most of the bytes), 10 % of them failed, a closing answer."""
    chats = root / "chats"
    while _size(root) < mb * 1e6:
        project = f"/work/proj{rng.randint(0, 6)}"
        st = writers.CursorCliStore(rng, _clock(rng), project, name=prose(rng, 4))
        st.system(prose(rng, 400))
        st.context_only({"user_info": f"OS Version: linux\nShell: bash\nWorkspace Path: {project}"})
        for _ in range(rng.randint(1, 6)):
            context = {"rules": prose(rng, 120)}
            if rng.random() < 0.3:
                context["attached_files"] = output(rng)
            st.user(prose(rng, rng.randint(5, 60)), context=context)
            for _ in range(rng.randint(4, 20)):
                tool = ("Shell", {"command": "pytest -q"}) if rng.random() < 0.5 else ("Read", {"path": "src/a.py"})
                st.assistant(
                    prose(rng, rng.randint(5, 60)),
                    reasoning=prose(rng, 40) if rng.random() < 0.4 else "",
                    tools=[(*tool, output(rng), rng.random() < 0.1)],
                )
            st.assistant(prose(rng, rng.randint(80, 300)))
        st.write(chats)


def bare_cursor_cli(paths: list[Path], loads: Loads | None = orjson.loads) -> None:
    """Every blob of every store selected, and each JSON one parsed (the nodes are id lists)."""
    for p in paths:
        con = sqlite3.connect(f"file:{p}?mode=ro", uri=True)
        for (data,) in con.execute("SELECT data FROM blobs"):
            if loads is not None and data[:1] == b"{":
                loads(data)
        con.close()


def make_exports(root: Path, mb: float, rng: random.Random) -> None:
    gpt, claude = writers.ChatGptExport(rng, _clock(rng)), writers.ClaudeAiExport(rng, _clock(rng))
    size = 0
    while size < mb * 1e6:
        turns = []
        for _ in range(rng.randint(4, 16)):
            turns += [("user", prose(rng, rng.randint(5, 60))), ("assistant", prose(rng, rng.randint(80, 400)))]
        gpt.conversation(prose(rng, 4), turns)
        claude.conversation(prose(rng, 4), prose(rng, 20), [("human" if r == "user" else r, t) for r, t in turns])
        size += 2 * sum(len(t) for _, t in turns) + 700 * len(turns)
    gpt.write(root / "chatgpt.zip")
    claude.write(root / "claude.zip")


def _gemini_sessions(root: Path, mb: float, rng: random.Random, jsonl: bool) -> None:
    tmp = root / ".gemini" / "tmp"
    while _size(root) < mb * 1e6:
        project = f"/work/proj{rng.randint(0, 6)}"
        s = writers.GeminiSession(rng, _clock(rng), project, summary=prose(rng, 5))
        s.session_context([project], memory=prose(rng, 300))
        for _ in range(rng.randint(6, 20)):
            files = {"a.py": output(rng)} if rng.random() < 0.2 else None
            s.prompt(prose(rng, rng.randint(5, 60)), files=files)
            tools = [
                (
                    "run_shell_command",
                    {"command": "pytest -q"},
                    "error" if rng.random() < 0.2 else "success",
                    output(rng),
                )
                for _ in range(rng.randint(0, 3))
            ]
            s.answer(prose(rng, rng.randint(80, 400)), thoughts=prose(rng, 60), tools=tools)
        s.write(tmp, jsonl=jsonl)


def make_gemini_json(root: Path, mb: float, rng: random.Random) -> None:
    _gemini_sessions(root, mb, rng, jsonl=False)


def make_gemini_jsonl(root: Path, mb: float, rng: random.Random) -> None:
    _gemini_sessions(root, mb, rng, jsonl=True)


def _opencode_store(mb: float, rng: random.Random) -> writers.OpencodeStore:
    store = writers.OpencodeStore(rng, _clock(rng))
    size = 0
    while size < mb * 1e6:
        sid = store.session(f"/work/proj{rng.randint(0, 6)}", prose(rng, 4))
        for _ in range(rng.randint(6, 20)):
            text = prose(rng, rng.randint(5, 60))
            files = {"a.py": output(rng)} if rng.random() < 0.2 else None
            store.user(sid, text, files=files)
            tools = [
                ("bash", {"command": "pytest -q"}, "error" if rng.random() < 0.2 else "completed", output(rng))
                for _ in range(rng.randint(0, 3))
            ]
            answer = prose(rng, rng.randint(80, 400))
            store.assistant(sid, answer, reasoning=prose(rng, 60), tools=tools)
            size += len(text) + len(answer) + 1200 + sum(len(t[3]) for t in tools)
            size += sum(len(b) for b in (files or {}).values())
    return store


def make_opencode_db(root: Path, mb: float, rng: random.Random) -> None:
    _opencode_store(mb, rng).write_db(root / "opencode" / "opencode.db")


def bare_opencode_tree(paths: list[Path], loads: Loads = orjson.loads) -> None:
    """Every session, message and part file of the tree parsed (what the reader must open)."""
    for p in paths:
        storage = p.parents[2]
        loads(p.read_bytes())
        for m in sorted((storage / "message" / p.stem).iterdir()):
            info = loads(m.read_bytes())
            for part in sorted((storage / "part" / info["id"]).iterdir()):
                loads(part.read_bytes())


def make_opencode_tree(root: Path, mb: float, rng: random.Random) -> None:
    _opencode_store(mb, rng).write_tree(root / "opencode" / "storage")


def make_aider(root: Path, mb: float, rng: random.Random) -> None:
    """Project folders each with a chat history of many runs: prompts, commands, Aider's output
    lines, long replies with edit blocks, now and then an interrupted reply."""
    histories = [writers.AiderHistory(rng, _clock(rng)) for _ in range(6)]
    written = 0
    while written < mb * 1e6:
        h = rng.choice(histories)
        h.run()
        for _ in range(rng.randint(4, 16)):
            if rng.random() < 0.3:
                h.typed(f"/add src/{rng.choice(_WORDS)}.py")
                h.output(f"Added src/{rng.choice(_WORDS)}.py to the chat")
            h.typed(prose(rng, rng.randint(5, 60)))
            body = prose(rng, rng.randint(80, 400))
            h.reply(
                f"{body}\n<<<<<<< SEARCH\n{output(rng)}\n=======\n{output(rng)}\n>>>>>>> REPLACE",
                interrupted=rng.random() < 0.1,
            )
            h.output(f"Tokens: {rng.randint(1, 40)}k sent, {rng.randint(1, 9)}k received.")
        written = sum(len(c) for x in histories for c in x.chat)
    for i, h in enumerate(histories):
        h.write(root / f"proj{i}", inputs=False)


def _lognormal_chars(rng: random.Random, median: float, sigma: float, cap: int = 150_000) -> int:
    return max(1, min(cap, int(rng.lognormvariate(math.log(median), sigma))))


def _text_of(rng: random.Random, chars: int) -> str:
    """About `chars` characters: prose, or numbered lines (a file, a log) past a few hundred."""
    if chars < 400:
        return prose(rng, max(1, chars // 6))
    return "\n".join(f"{i:>5}  {prose(rng, rng.randint(3, 9))}" for i in range(max(1, chars // 45)))


def make_cline(root: Path, mb: float, rng: random.Random) -> None:
    """Task folders with the message mix real ones show. Five published Cline task folders
    (`ui_messages.json` in github.com/CoreGems/Cline-Xray: `task_sample/` at 51234401, the root
    file at 94013f8a and at 063d1ef3; github.com/Jeehunter/mcp-vscode-server at f6859c74 (its
    `MCP/` copy is an earlier state of the same task); github.com/haram-333/fineye at 3f3dddc7),
    statistics only: 21-435 messages a task (median 269), 4-61 API requests (median 31), 7.2
    messages a request; the person's share of messages 1.1-9.5 % (median 2.0 %; 32 of 1,253:
    the task and 26 `user_feedback`, 0.15 a request, most after `ask: completion_result` or
    `resume_task`); per request about one `checkpoint_created`, 1.1 `task_progress` (median 228
    chars), 0.74 assistant `text` (62), 0.61 `reasoning` (171), 0.70 `tool` (424), 0.68
    `command_output` (416), 0.24 partial messages; `api_req_started` (the request as sent:
    tool results, file contents, environment details; median 4.4 k chars, deciles 0.7 k-37 k)
    holds 49-88 % of the text; 9 of the 173 requests were cancelled (8 `streaming_failed`).
    Four of the five open with `say: "text"`, not `"task"` (older Cline; Roo Code and Kilo Code
    too: github.com/Extremity/scratchspace `ui_messages.json` at 7573c059, read in part). A
    published API history (github.com/mike4567/MRA04242026 `api_conversation_history.json` at
    76449138: 443 messages, 33 of the person's turns) has the wrappers `cline.py` reads.
    This corpus (seed 9, 8 MB): 6.2 messages a request, the person's share 2.2 %, requests of
    median 2.9 k chars (deciles 1.2 k-24 k, a little lighter than the real ones), 92 % of the
    text. The older, turn-denser shape is `make_cline_dense`, kept as a stress format."""
    while _size(root) < mb * 1e6:
        product = rng.choice(["cline", "roo", "kilo"])
        t = writers.ClineTask(rng, _clock(rng), f"/work/proj{rng.randint(0, 6)}")
        opener = "task" if product == "cline" and rng.random() < 0.5 else "text"
        t.task(_text_of(rng, _lognormal_chars(rng, 160, 1.5, 12_000)), env_extra=prose(rng, 200), say=opener)
        for _ in range(rng.randint(4, 60)):
            t.checkpoint()
            if rng.random() < 0.24:
                t.partial()
            if rng.random() < 0.6:
                t.reasoning(prose(rng, _lognormal_chars(rng, 170, 0.8) // 6 + 1))
            if rng.random() < 0.74:
                t.say(prose(rng, _lognormal_chars(rng, 60, 0.6) // 6 + 1))
            env = prose(rng, _lognormal_chars(rng, 1200, 0.5) // 6)  # open tabs, time, context usage, mode
            t.progress("\n".join(f"- [{rng.choice('x ')}] {prose(rng, 4)}" for _ in range(rng.randint(2, 10))))
            if rng.random() < 0.55:  # a file read or edit: the file reaches the model in the request
                tool = {"tool": rng.choice(["readFile", "editedExistingFile"]), "path": "src/app.py"}
                tool["content"] = _text_of(rng, _lognormal_chars(rng, 300, 1.0, 20_000))
                t.tool_done(tool, _text_of(rng, _lognormal_chars(rng, 10_000, 1.4)), env_extra=env)
            else:  # a command, its output streamed in one or two messages
                t.ran(
                    "pytest -q",
                    _text_of(rng, _lognormal_chars(rng, 416, 1.0, 20_000)),
                    chunks=rng.choice((1, 2)),
                    env_extra=env,
                )
            if rng.random() < 0.05:  # a cancelled request, mostly a failed stream (8 of the 9 real ones)
                reason = "user_cancelled" if rng.random() < 0.11 else "streaming_failed"
                t.request([{"type": "text", "text": _text_of(rng, _lognormal_chars(rng, 6000, 1.3))}], cancelled=reason)
            if rng.random() < 0.12:  # the person comes back: feedback on a result, or a resumption
                if rng.random() < 0.8:
                    t.completed(prose(rng, 150), feedback=prose(rng, _lognormal_chars(rng, 48, 1.2, 2000) // 6 + 1))
                else:
                    t.resumed(prose(rng, _lognormal_chars(rng, 48, 1.2, 2000) // 6 + 1))
        t.completed(prose(rng, 150))
        t.write(root / "User", product)


def make_cline_dense(root: Path, mb: float, rng: random.Random) -> None:
    """A stress shape (the corpus before real task folders were measured): a command with a
    0.5-20 KB output in the UI messages every few messages and a refusal or feedback in about one
    message in fifteen (real tasks: one in fifty), the request text small."""
    while _size(root) < mb * 1e6:
        t = writers.ClineTask(rng, _clock(rng), f"/work/proj{rng.randint(0, 6)}")
        t.task(prose(rng, rng.randint(10, 80)), env_extra=prose(rng, 200))
        for _ in range(rng.randint(6, 20)):
            t.say(prose(rng, rng.randint(80, 400)), reasoning=prose(rng, 60))
            tid = t.ask_tool({}, command="pytest -q")
            if rng.random() < 0.2:
                t.denied(tid, prose(rng, rng.randint(5, 40)))
            else:
                t.approved(tid, output(rng))
        t.completed(prose(rng, 40), feedback=prose(rng, 20))
        t.write(root / "User", rng.choice(["cline", "roo", "kilo"]))


def bare_text_lines(paths: list[Path], loads: object = None) -> None:
    """Every line read and decoded (a markdown log has nothing to parse)."""
    for p in paths:
        with open(p, "rb") as f:
            for line in f:
                line.decode("utf-8", "replace")


def make_claude(root: Path, mb: float, rng: random.Random) -> None:
    """The existing Claude Code reader on the ingest bench's corpus, as a reference row."""
    sys.path.insert(0, str(ROOT / "bench"))
    import shutil

    from make_corpus import make_corpus

    make_corpus(root / "corpus", files=max(4, int(mb * 3)), mb=mb, codex_share=0.0, repos=0, commits=0)
    for project in (root / "corpus" / "claude" / "projects").iterdir():  # the reader's root: project folders
        shutil.move(project, root / project.name)
    shutil.rmtree(root / "corpus")


def _size(root: Path) -> int:
    return sum(f.stat().st_size for f in root.rglob("*") if f.is_file())


# --- the bare scans (`loads`: orjson, the parser the readers use, or the standard library's) -------
Loads = Callable[[bytes], object]


def bare_documents(paths: list[Path], loads: Loads = orjson.loads) -> None:
    for p in paths:
        loads(p.read_bytes())


def bare_lines(paths: list[Path], loads: Loads = orjson.loads) -> None:
    for p in paths:
        with open(p, "rb") as f:
            for line in f:
                loads(line)


def bare_select(paths: list[Path], loads: Loads | None = orjson.loads, query: str = "") -> None:
    for p in paths:
        con = sqlite3.connect(f"file:{p}?mode=ro", uri=True)
        con.text_factory = bytes
        for row in con.execute(query or "SELECT key, value FROM cursorDiskKV"):
            if loads is not None:
                for value in row[1:]:
                    loads(value)
        con.close()


_OPENCODE_ROWS = "SELECT 1, data FROM message UNION ALL SELECT 1, data FROM part"


def bare_opencode_db(paths: list[Path], loads: Loads | None = orjson.loads) -> None:
    bare_select(paths, loads, _OPENCODE_ROWS)


def bare_zips(paths: list[Path], loads: Loads = orjson.loads) -> None:
    for p in paths:
        with zipfile.ZipFile(p) as z:
            loads(z.read("conversations.json"))


FORMATS: list[tuple[str, Reader, Callable[[Path, float, random.Random], None], Callable[[list[Path]], None], str]] = [
    ("copilot (VS Code sessions)", copilot.READER, make_vscode, bare_documents, "orjson.loads per document"),
    ("copilot (CLI events.jsonl)", copilot.READER, make_cli, bare_lines, "orjson.loads per line"),
    ("cursor (state.vscdb)", cursor.READER, make_cursor, bare_select, "SELECT + orjson.loads per value"),
    ("chat_export (ChatGPT + Claude.ai zips)", chat_exports.READER, make_exports, bare_zips, "unzip + orjson.loads"),
    ("gemini (session-*.json)", gemini.READER, make_gemini_json, bare_documents, "orjson.loads per document"),
    ("gemini (session-*.jsonl logs)", gemini.READER, make_gemini_jsonl, bare_lines, "orjson.loads per line"),
    ("opencode (opencode.db)", opencode.READER, make_opencode_db, bare_opencode_db, "SELECT + orjson.loads per row"),
    (
        "opencode (storage/ JSON tree)",
        opencode.READER,
        make_opencode_tree,
        bare_opencode_tree,
        "orjson.loads per file",
    ),
    ("aider (.aider.chat.history.md)", aider.READER, make_aider, bare_text_lines, "read + decode per line"),
    ("cline (task ui_messages.json)", cline.READER, make_cline, bare_documents, "orjson.loads per document"),
    ("claude (reference: the existing reader)", claude_code.READER, make_claude, bare_lines, "orjson.loads per line"),
    # last, so the formats above keep their seeds (`random.Random(index)`)
    (
        "copilot (CLI events.jsonl, turn-dense stress)",
        copilot.READER,
        make_cli_dense,
        bare_lines,
        "orjson.loads per line",
    ),
    (
        "cline (task ui_messages.json, turn-dense stress)",
        cline.READER,
        make_cline_dense,
        bare_documents,
        "orjson.loads per document",
    ),
    (
        "cursor_cli (store.db blob trees)",
        cursor_cli.READER,
        make_cursor_cli,
        bare_cursor_cli,
        "SELECT every blob + orjson.loads per JSON blob",
    ),
]


def _timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=8.0)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", help="append result rows (JSON lines) to this file")
    ap.add_argument("--only", action="append", default=[], help="formats whose name contains this (repeatable)")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="persona-readers-bench-") as tmp:
        for i, (name, reader, make, bare, bare_name) in enumerate(FORMATS):
            if args.only and not any(o in name for o in args.only):
                continue
            root = Path(tmp) / str(i)
            root.mkdir()
            make(root, args.mb, random.Random(i))
            units = reader.discover([root], {})
            paths = [u.path for u in units]
            mb = _size(root) / 1e6  # every file the reader may open (a tree's message and part files too)
            turns = sum(len(reader.read(u).turns) for u in units)  # warm-up, and a check it reads
            times: dict[str, list[float]] = {"bare": [], "bare_json": [], "reader": [], "select_only": []}
            for _ in range(args.repeat):
                times["bare"].append(_timed(lambda b=bare, p=paths: b(p)))
                times["bare_json"].append(_timed(lambda b=bare, p=paths: b(p, json.loads)))
                times["reader"].append(_timed(lambda r=reader, us=units: [r.read(u) for u in us]))
                if bare in (bare_select, bare_opencode_db, bare_cursor_cli):
                    times["select_only"].append(_timed(lambda b=bare, p=paths: b(p, None)))
            t = {k: statistics.median(v) for k, v in times.items() if v}
            row = {
                "format": name,
                "units": len(units),
                "mb": round(mb, 2),
                "turns_kept": turns,
                "bare": bare_name,
                "bare_mb_s": round(mb / t["bare"], 1),
                "reader_mb_s": round(mb / t["reader"], 1),
                "ratio": round(t["bare"] / t["reader"], 2),
                "ratio_vs_stdlib_json": round(t["bare_json"] / t["reader"], 2),
                "repeats": args.repeat,
            }
            if "select_only" in t:
                row["ratio_vs_select_only"] = round(t["select_only"] / t["reader"], 2)
            rows.append(row)
            print(
                f"{name:40s} {len(units):4d} units {mb:6.1f} MB  bare ({bare_name}) {row['bare_mb_s']:7.1f} MB/s"
                f"  reader {row['reader_mb_s']:6.1f} MB/s  ratio {row['ratio']:.2f} (stdlib json: "
                f"{row['ratio_vs_stdlib_json']:.2f})"
                + (f"  (vs SELECT alone {row['ratio_vs_select_only']:.2f})" if "ratio_vs_select_only" in row else "")
            )
    print(
        f"median of {args.repeat} interleaved repeats; ratio = bare time / reader time (target >= 0.5); the bare "
        "scan parses with orjson (the readers' parser), the stdlib json figure with json.loads"
    )
    if args.json:
        with open(args.json, "a", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
