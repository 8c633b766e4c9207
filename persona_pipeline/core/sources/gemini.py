"""Gemini CLI (and Qwen Code, its fork, in the same layout): the chat sessions it records.

Format (public source: `google-gemini/gemini-cli` `packages/core/src/services/chatRecordingService.ts`
and `chatRecordingTypes.ts`; the layout also in `Dicklesworthstone/franken_agent_detection`
`src/connectors/gemini.rs`): `~/.gemini/tmp/<project id>/chats/session-<time>-<id8>.json`, one
document `{sessionId, projectHash, startTime, lastUpdated, summary?, directories?, kind?,
messages:[{id, timestamp, type: user|gemini|info|error|warning, content, displayContent?,
toolCalls?:[{id, name, args, result, status, resultDisplay}], thoughts?, tokens?, model?}]}`; newer
builds write `session-….jsonl` instead: a metadata line, then one line per message (a message
re-written under the same `id` replaces it), `{"$set": {...}}` metadata patches (a `messages`
patch replaces the whole list) and `{"$rewindTo": id}` (that message and every later one removed).
`<project id>` is sha256 of the project root, or in newer builds a slug of its folder name with the
root in `tmp/<slug>/.project_root`. Qwen Code keeps the same files under `~/.qwen/tmp/`.

Kept: what the person typed — `displayContent` when the client recorded one (the prompt as shown),
else the text parts of `content` up to the referenced files the client appends (`--- Content
from referenced files ---`), without `<system_note>` spans. T1 after a cancelled request (an
`info` message saying so), a cancelled tool call (a refusal in the confirmation dialog) or a
rewind (the person went back and re-prompted: the removed answer is the context). Dropped,
counted: the session context the client sends first (environment, folder tree, GEMINI.md
memory), hook context, tool responses recorded as user messages, shell-mode output, the
client's automatic "Please continue.", slash and help commands, referenced file contents,
images, model text (its tail is a correction's context), thoughts, tool output, info / error /
warning lines, the generated `summary`. Subagent sessions (`kind: "subagent"`, under
`chats/<parent>/`) are the main agent talking, not the person: not discovered.

The project is recovered, never guessed: `.project_root` (newer builds), else the first candidate
folder (from the session context's directory list, the workspace directories, the absolute
paths of tool calls and their parents) whose sha256 is the project hash; otherwise the unit's
project is left as the hash (its key's second segment).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from persona_pipeline.core.models import ReadStats, Turn
from persona_pipeline.core.sources import activity as act
from persona_pipeline.core.sources import readers
from persona_pipeline.core.sources import user_text as ut
from persona_pipeline.core.sources.activity_log import BatchedExcerpts
from persona_pipeline.core.sources.chat_turns import Conversation, ToolArgs, load_json
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.core.sources.jsonl_stream import FileSkipped, read_entries, type_name

# gemini-2: answers to the agent's numbered items (`answers.py`), confirmation clicks, compaction summaries
READER_VERSION = "gemini-2"
KIND = "gemini"
MAX_SESSION_BYTES = 256 * 1024 * 1024
_PRODUCT_DIRS = {".gemini": "", ".qwen": "qwen"}  # the key's product segment ("" for Gemini CLI)
_REFERENCED = "--- Content from referenced files ---"
_SYSTEM_NOTE = re.compile(r"<system_note>.*?</system_note>", re.DOTALL)
# Whole user messages the client wrote: (prefix, skip reason). Gemini CLI's own resume skips
# `/`, `?`, `<session_context>` and `<hook_context>` (`sessionUtils.isIgnoredUserContent`).
_CLIENT_MESSAGES = (
    ("<session_context>", "session_context"),
    ("This is the Gemini CLI. We are setting up the context", "session_context"),
    ("<hook_context>", "hook_context"),
    ("I ran the following shell command:", "shell_command_output"),
)
_CLIENT_PREFIXES = tuple(prefix for prefix, _ in _CLIENT_MESSAGES)
_AUTO_CONTINUE = "Please continue."  # what the client sends itself when the model stops mid-task
_MAX_CANDIDATES = 500  # folders hashed per session at most (a long session names thousands of paths)
_HEX64 = re.compile(r"[0-9a-f]{64}")
_DIR_LINE = re.compile(
    r"^\s*(?:-\s+|I'm currently working in the directory:\s*)((?:/|[A-Za-z]:[\\/])[^\n]*?)\s*$", re.MULTILINE
)


# --- discovery ---------------------------------------------------------------------------------
def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _project_id(name: str) -> str:
    """The project folder's name as a key part: a hash, or a slug of the project's folder name —
    which for a session started in the home directory is the user name (`home` then)."""
    home = _slug(Path.home().name)
    if home and (name == home or re.fullmatch(rf"{re.escape(home)}-\d+", name)):
        return "home"
    return readers.clean(name)


def _key(folder: list[str], name: str) -> str | None:
    """`gemini/<project id>/<file>`, Qwen Code's `gemini/<project id>/qwen/<file>`."""
    if not name.startswith("session-") or not name.endswith((".json", ".jsonl")):
        return None
    if len(folder) < 3 or folder[-1] != "chats" or folder[-3] != "tmp":
        return None
    product = _PRODUCT_DIRS.get(folder[-4], "") if len(folder) >= 4 else ""
    middle = f"{product}/" if product else ""
    return f"{_project_id(folder[-2])}/{middle}{readers.clean(name)}"


def _descend(folders: list[str]) -> bool:
    """`tmp/<project>/chats/` only: a project folder also holds logs, checkpoints, tool output,
    and `chats/<parent>/` the subagents' sessions."""
    last = folders[-1]
    return (
        last in ("tmp", *_PRODUCT_DIRS)
        or (len(folders) >= 2 and folders[-2] == "tmp")
        or (last == "chats" and len(folders) >= 3 and folders[-3] == "tmp")
    )


def _discover(roots: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    """Session files; a `.json` beside its own `.jsonl` (Gemini migrates a resumed legacy session
    to the log and keeps the old file) is the same session, read once: from the log."""
    return readers.without_migrated(readers.discover_files(KIND, roots, ignored, _key, _descend), ignored)


def _default_roots(host: readers.Host) -> list[Path]:
    gemini = host.env.get("GEMINI_HOME")
    cli_home = host.env.get("GEMINI_CLI_HOME")  # Gemini CLI's own: a home directory holding `.gemini`
    base = Path(gemini).expanduser() if gemini else (Path(cli_home).expanduser() if cli_home else host.home) / ".gemini"
    return [base / "tmp", host.home / ".qwen" / "tmp"]


# --- the session document ----------------------------------------------------------------------
def _replay(path: Path, stats: ReadStats) -> tuple[dict[str, Any], list[Any], dict[str, str]]:
    """(metadata, messages, rewound) of a `.jsonl` session: `rewound` maps the id of the first
    message written after a rewind to the text of the last answer the rewind removed."""
    meta: dict[str, Any] = {}
    messages: dict[str, Any] = {}
    rewound: dict[str, str] = {}
    pending: list[str | None] = [None]

    def apply(e: dict[str, Any], line_no: int, offset: int) -> None:
        mid = e.get("id")
        if isinstance(mid, str):
            if pending[0] is not None and mid not in messages:
                rewound[mid], pending[0] = pending[0], None
            messages[mid] = e
        elif isinstance(e.get("$rewindTo"), str):
            stats.saw("rewind")
            ids = list(messages)
            cut = ids.index(e["$rewindTo"]) if e["$rewindTo"] in messages else 0
            removed = [messages.pop(i) for i in ids[cut:]]
            pending[0] = next((t for m in reversed(removed) if m.get("type") == "gemini" and (t := _text(m))), "")
        elif isinstance(e.get("$set"), dict):
            stats.saw("metadata_patch")
            meta.update(e["$set"])
        elif isinstance(e.get("sessionId"), str):
            stats.saw("metadata")
            meta.update(e)
        else:
            stats.skip("record_unknown")

    read_entries(path, stats, apply)
    listed = meta.pop("messages", None)
    if isinstance(listed, list) and listed:  # a whole-history patch wins, as Gemini CLI loads it
        stats.skip("superseded_message", len(messages))
        return meta, listed, rewound
    if not meta and not messages:
        raise FileSkipped("not_a_chat_session")
    return meta, list(messages.values()), rewound


def _parts(content: Any) -> list[Any]:
    if isinstance(content, list):
        return content
    return [] if content is None else [content]


def _text(message: dict[str, Any]) -> str:
    """A model message's text (thought parts left out)."""
    out = []
    for p in _parts(message.get("content")):
        if isinstance(p, str):
            out.append(p)
        elif isinstance(p, dict) and isinstance(p.get("text"), str) and not p.get("thought"):
            out.append(p["text"])
    return "".join(out)


def _typed(message: dict[str, Any], stats: ReadStats) -> str | None:
    """What the person typed in a user message; None (and why counted) when it is the client's."""
    shown = message.get("displayContent")
    source = shown if shown is not None else message.get("content")
    if shown is not None:
        stats.skip("injected_context")  # the prompt as sent: the shown one is what was typed
    texts: list[str] = []
    for p in source if isinstance(source, list) else _parts(source):
        if isinstance(p, str):
            texts.append(p)
        elif not isinstance(p, dict):
            stats.skip("part_malformed")
        elif "functionResponse" in p:
            stats.skip("tool_result")  # a tool's response, recorded as a user turn
            return None
        elif isinstance(part_text := p.get("text"), str):
            # (`lstrip` copies only a text opening with a blank)
            if (part_text.lstrip() if part_text[:1].isspace() else part_text).startswith(_REFERENCED):
                stats.skip("referenced_files")  # everything after is the files' contents
                break
            texts.append(part_text)
        else:
            stats.skip("non_text_part")  # images, files
    text = "".join(texts)
    cut = text.find(_REFERENCED)
    if cut >= 0:
        stats.skip("referenced_files")
        text = text[:cut]
    if "<system_note>" in text:
        text, n = _SYSTEM_NOTE.subn("", text)
        stats.skip("system_note", n)
    head = text.lstrip()
    # each check only where its first characters are there (most prompts are none of these)
    if head.startswith(_CLIENT_PREFIXES):
        for prefix, reason in _CLIENT_MESSAGES:
            if head.startswith(prefix):
                stats.skip(reason)
                return None
    if head.startswith(_AUTO_CONTINUE) and head.rstrip() == _AUTO_CONTINUE:
        stats.skip("auto_continue")
        return None
    if head[:1] == "/" and ut.raw_command_name(head) is not None:
        stats.skip("slash_command")  # `/name …`: handled by the client, not a prompt
        return None
    if head[:1] == "?" and head.split(maxsplit=1)[:1] == ["?"]:
        stats.skip("help_command")
        return None
    return text


_EDIT_TOOLS = frozenset({"write_file", "replace", "edit"})
_ARGS = ToolArgs(
    path_keys=("file_path", "absolute_path", "path", "dir_path"),
    new_text_keys=("new_string", "content"),
)


def _tool_calls(
    calls: Any, where: act.Where, chat: Conversation, activity: act.Activity, skips: dict[str, int]
) -> None:
    """A model message's tool calls; `skips` is the stats' own dict, counted in place."""
    for call in calls if isinstance(calls, list) else []:
        name = call.get("name") if isinstance(call, dict) else None
        if not isinstance(name, str) or not name:
            skips["tool_call_malformed"] = skips.get("tool_call_malformed", 0) + 1
            continue
        get = call.get
        cid = get("id")
        if not isinstance(cid, str):
            cid = f"{where[0]}:{name}"
        status = get("status")
        if status == "cancelled":  # refused in the confirmation dialog, or stopped by the person
            activity.call(cid, name, get("args"), where)
            activity.result(cid, act.Outcome.REJECTED, where)
            chat.signal("rejected_tool_use")
        elif status == "error":
            activity.call(cid, name, get("args"), where)
            shown = get("resultDisplay")
            activity.result(cid, act.Outcome.ERROR, where, shown if isinstance(shown, str) else "")
        elif not activity.succeeded(cid, name, get("args"), where):  # `call`, then `ok`
            activity.result(cid, act.Outcome.OK, where)  # a tool with an error waiting for its recovery
        if get("result") is not None or get("resultDisplay") is not None:
            skips["tool_output"] = skips.get("tool_output", 0) + 1


def _candidates(meta: dict[str, Any], messages: list[Any]) -> Iterator[str]:
    """Folders the session names, most telling first: its session context's directory list, the
    workspace directories, then the absolute paths its tool calls touched (with their parents)."""
    for m in messages[:3]:  # the session context is the first message
        if isinstance(m, dict) and m.get("type") == "user":
            # one at a time: the first folder listed is usually the project (a prompt's text can
            # hold a whole referenced file, searched only when no earlier candidate matched)
            yield from (d.group(1) for d in _DIR_LINE.finditer(_text(m)))
    dirs = meta.get("directories")
    yield from ([d for d in dirs if isinstance(d, str)] if isinstance(dirs, list) else [])
    for m in messages:
        calls = m.get("toolCalls") if isinstance(m, dict) else None
        for call in calls if isinstance(calls, list) else []:
            args = call.get("args") if isinstance(call, dict) else None
            if not isinstance(args, dict):
                continue
            for k in _ARGS.path_keys:
                p = args.get(k)
                if isinstance(p, str) and (p.startswith("/") or p[1:3] in (":\\", ":/")):
                    pure = PureWindowsPath(p) if "\\" in p else PurePosixPath(p)
                    yield from (str(a) for a in list(pure.parents)[:-1])


def _project_root(path: Path, meta: dict[str, Any], messages: list[Any]) -> str | None:
    # tmp/<project id>/ above chats/, as a `str`: `Path` steps cost a short session more than its hashing
    folder = os.path.dirname(os.path.dirname(os.fspath(path)))
    marker_path = os.path.join(folder, ".project_root")
    marker = ""
    # (older builds write none: asked first without an exception, ~3x cheaper than a failed open)
    if os.access(marker_path, os.F_OK):
        try:
            with open(marker_path, encoding="utf-8", errors="replace") as f:
                marker = f.read()[:4096].strip()  # what `Path.read_text` reads
        except OSError:
            marker = ""
    if marker:
        return marker
    digest = meta.get("projectHash")
    digest = digest if isinstance(digest, str) and _HEX64.fullmatch(digest) else os.path.basename(folder)
    if not _HEX64.fullmatch(digest):
        return None
    tried: set[str] = set()
    for c in _candidates(meta, messages):
        c = c.rstrip("/\\") or c
        if c in tried:
            continue
        if hashlib.sha256(c.encode("utf-8", "surrogatepass")).hexdigest() == digest:
            return c
        tried.add(c)
        if len(tried) >= _MAX_CANDIDATES:
            break
    return None


_LABELS: dict[str, str] = {}  # message type -> its `entries_by_type` label, for identifier-like types
_MAX_LABELS = 4096


def _label(mtype: object) -> str:
    """`message:<type_name(mtype)>`, remembered when the type is itself the name (a few recur)."""
    name = type_name(mtype)
    label = f"message:{name}"
    if name == mtype and len(_LABELS) < _MAX_LABELS:
        _LABELS[name] = label
    return label


def _turns(unit: SourceUnit, stats: ReadStats) -> list[Turn]:
    rewound: dict[str, str] = {}
    path = unit.path
    is_log = path.suffix == ".jsonl"
    if is_log:
        meta, messages, rewound = _replay(path, stats)
    else:
        doc = load_json(path, MAX_SESSION_BYTES)
        stats.raw_bytes = unit.size
        if not isinstance(doc, dict) or not isinstance(doc.get("messages"), list):
            raise FileSkipped("not_a_chat_session")
        meta, messages = doc, doc["messages"]
    if meta.get("kind") == "subagent":
        stats.machine_generated = "subagent_session"
        return []
    if meta.get("summary"):
        stats.skip("title")  # generated by the model, never read
    sid = meta.get("sessionId") if isinstance(meta.get("sessionId"), str) else path.stem
    cwd = _project_root(path, meta, messages)
    stats.session_id, stats.cwd = sid, cwd
    chat = Conversation(stats)
    # (its failures' excerpts cut together at `finish`: no turn is read before it)
    activity = BatchedExcerpts(chat.turns, _ARGS.summarize, _ARGS.edits, _EDIT_TOOLS)
    # the stats' own dicts, counted in place: the order of first counts is kept (`chat` counts into
    # the same dict), and a `stats.skip` call per message cost more than the message's other work
    skips, seen = stats.skips, stats.entries_by_type
    for n, m in enumerate(messages, start=1):
        if not isinstance(m, dict):
            stats.lines_bad += 1
            skips["message_malformed"] = skips.get("message_malformed", 0) + 1
            continue
        get = m.get
        mtype = get("type")
        label = _LABELS.get(mtype) if isinstance(mtype, str) else None
        if label is None:
            label = _label(mtype)
        seen[label] = seen.get(label, 0) + 1
        ts = get("timestamp")
        if not isinstance(ts, str):
            ts = None
        mid = get("id")
        if not isinstance(mid, str):
            mid = None
        if mtype == "user":
            if mid in rewound:
                chat.assistant(rewound[mid])
                chat.signal("rewind")
            text = _typed(m, stats)
            if text is not None:
                chat.user(text, n, 0, sid, ts, cwd, mid)  # (raw, line_no, offset, session_id, timestamp, cwd, uuid)
        elif mtype == "gemini":
            skips["model"] = skips.get("model", 0) + 1
            chat.assistant(_text(m))
            if get("thoughts") or any(isinstance(p, dict) and p.get("thought") for p in _parts(get("content"))):
                skips["thinking"] = skips.get("thinking", 0) + 1
            _tool_calls(get("toolCalls"), (n, 0, mid, ts, sid, cwd), chat, activity, skips)
        elif mtype in ("info", "error", "warning"):
            reason = f"{mtype}_message"
            skips[reason] = skips.get(reason, 0) + 1
            if mtype == "info" and "cancel" in _text(m).lower():
                chat.signal("interrupt")  # "Request cancelled.": the person stopped the answer
        else:
            reason = f"message_type:{type_name(mtype)}"
            skips[reason] = skips.get(reason, 0) + 1
    activity.finish()
    if not is_log:
        stats.lines_total = len(messages)  # the document's records (counted once: a pydantic write each cost)
    return chat.turns


READER = readers.Reader(
    kind=KIND,
    agent="Gemini CLI / Qwen Code",
    version=READER_VERSION,
    setting="gemini_dirs",
    default_roots=_default_roots,
    discover=_discover,
    read=readers.streamed(_turns),
    project_in_key=True,  # the project id (hash or slug) stands in when the root is not recovered
    sample_roots=("gemini",),
    global_instructions=lambda host: [_default_roots(host)[0].parent / "GEMINI.md"],
)
