"""Cline and its forks Roo Code and Kilo Code: the task folders the VS Code extensions keep.

Format (public sources: `cline/cline` `src/shared/ExtensionMessage.ts` (`ClineMessage {ts, type:
"ask"|"say", ask?, say?, text?, images?, partial?}` and the `ClineAsk`/`ClineSay` names),
`src/core/storage/disk.ts` (the task folder's files), `src/core/prompts/responses.ts` (the
wrappers put around the person's words in the API history); the layout also in
`Dicklesworthstone/franken_agent_detection` `src/connectors/cline.rs`):
`<VS Code-family User>/globalStorage/<extension id>/tasks/<task id>/` holds `ui_messages.json`
(what the panel shows), `api_conversation_history.json` (Anthropic-shaped `[{role, content:
[blocks]}]` as sent to the model) and `task_metadata.json` (files in context, model usage).
Extension ids: `saoudrizwan.claude-dev` (Cline), `rooveterinaryinc.roo-cline` (Roo Code),
`kilocode.kilo-code` (Kilo Code).

One unit per task folder (`cline/<cline|roo|kilo>/<task id>`), fingerprinted by the stats of its
three files. The person's words come from `ui_messages.json`: the task (`say: "task"`; the first
message's `say: "text"` in Roo Code, Kilo Code and older Cline, whose `startTask` says the task
as "text": real task folders of both shapes are summarised in `bench/readers_bench.py`) and every
`say: "user_feedback"` — an answer to a follow-up question, feedback on a completion, the text a
resumed task was given, or what the person typed when refusing a tool or command (T1 after an
`ask: "tool"|"command"|…`). T1 also after a request the person cancelled (`api_req_started`'s
`cancelReason`), or on a correction opener. Dropped, counted: the requests as sent
(`api_req_started`: environment details, file contents), assistant text (its tail is a
correction's context), reasoning, tool and command approvals and their output, follow-up
questions, completion results, checkpoints, errors, the person's edits of a proposed diff, images.

Only a task without `ui_messages.json` is read from `api_conversation_history.json`, where the
person's words sit inside the extension's scaffolding: kept are the insides of `<task>`,
`<feedback>`, `<answer>` and a resumption's `<user_message>`; dropped and counted are
`<environment_details>`, tool results, resumption notices, the "[ERROR] You did not use a tool"
nag, other user-role text (the extension's) and the assistant's text, tool uses and thinking.

A Roo Code / Kilo Code subtask (`new_task`: its task text is the parent agent's, not the
person's) is machine-generated when its metadata names a `parentTaskId`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import orjson

from persona_pipeline.core.models import ReadStats, Turn
from persona_pipeline.core.sources import readers
from persona_pipeline.core.sources.chat_turns import Conversation, LocalCounts, iso_from_epoch, load_json, read_all
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.core.sources.jsonl_stream import FileSkipped, type_name

# cline-2: answers to the agent's numbered items (`answers.py`), confirmation clicks, compaction summaries
READER_VERSION = "cline-2"
KIND = "cline"
MAX_TASK_BYTES = 256 * 1024 * 1024  # screenshots ride inline as data URLs
UI_FILE = "ui_messages.json"
API_FILE = "api_conversation_history.json"
META_FILES = ("task_metadata.json", "history_item.json")
EXTENSIONS = {"saoudrizwan.claude-dev": "cline", "rooveterinaryinc.roo-cline": "roo", "kilocode.kilo-code": "kilo"}
# VS Code and the forks the extensions install into
_PRODUCTS = (*readers.VSCODE_FAMILY, "Cursor", "Windsurf")
# Asks that wait for an approval: feedback typed in answer refuses the action
_APPROVALS = frozenset({"tool", "command", "browser_action_launch", "use_mcp_server"})
_CWD = re.compile(r"# Current (?:Working|Workspace) Directory \((.+?)\) Files")


# --- discovery ---------------------------------------------------------------------------------
def _key(folder: list[str], name: str) -> str | None:
    if name not in (UI_FILE, API_FILE) or len(folder) < 2 or folder[-2] != "tasks":
        return None
    product = EXTENSIONS.get(folder[-3], "cline") if len(folder) >= 3 else "cline"
    return f"{product}/{readers.clean(folder[-1])}"


_WALKED = frozenset({"User", "globalStorage", "tasks", *EXTENSIONS})


def _descend(folders: list[str]) -> bool:
    """`User/globalStorage/<extension>/tasks/<id>/` only: `User/` holds every extension's storage."""
    return folders[-1] in _WALKED or (len(folders) >= 2 and folders[-2] == "tasks")


def _discover(roots: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    """One unit per task folder: its `ui_messages.json`, else its API history."""
    units = readers.discover_files(KIND, roots, ignored, _key, _descend)
    with_ui = {u.key for u in units if Path(u.location).name == UI_FILE}
    kept = [u for u in units if Path(u.location).name == UI_FILE or u.key not in with_ui]
    if len(kept) < len(units):
        ignored["api_history_beside_ui"] = ignored.get("api_history_beside_ui", 0) + len(units) - len(kept)
    return kept


def _fingerprint(unit: SourceUnit) -> str:
    """The task folder's files' stats: a new message rewrites `ui_messages.json` and the API
    history, a metadata change only its own file."""
    folder = unit.path.parent
    others = ":".join(readers.stat_of(folder / n) for n in (API_FILE, *META_FILES) if n != unit.path.name)
    return f"{unit.size}:{unit.mtime_ns}:{others}"


def _default_roots(host: readers.Host) -> list[Path]:
    return host.user_dirs(_PRODUCTS)


# --- the task folder ---------------------------------------------------------------------------
def _metadata(folder: str) -> dict[str, Any]:
    """The task's small metadata files merged (a bad one is ignored: it holds no words). Read by
    their `str` paths without a file object: `Path` joins, `read_bytes` and buffered files cost a
    short task more than its parsing."""
    out: dict[str, Any] = {}
    for name in META_FILES:
        try:
            data = orjson.loads(read_all(os.path.join(folder, name))[: 4 * 1024 * 1024])
        except (OSError, orjson.JSONDecodeError):
            continue
        if isinstance(data, dict):
            out.update(data)
    return out


def _cwd_of_request(text: Any) -> str | None:
    """The workspace folder named in a request's environment details."""
    if not isinstance(text, str) or "Directory (" not in text:
        return None
    try:
        info = orjson.loads(text)
    except orjson.JSONDecodeError:
        info = {"request": text}
    request = info.get("request") if isinstance(info, dict) else None
    m = _CWD.search(request) if isinstance(request, str) else None
    return m.group(1) if m else None


_REQUEST_FIRST = ('{"request":"', '{"request": "')  # JSON.stringify's, json.dumps'


def _cancel_reason(text: str) -> bool:
    try:
        info = orjson.loads(text)
    except orjson.JSONDecodeError:
        return False
    return isinstance(info, dict) and info.get("cancelReason") == "user_cancelled"


def _cancelled(text: str) -> bool:
    """A request's JSON text naming the person's cancellation (`cancelReason: "user_cancelled"`).
    Cline writes it as `{"request": …, "tokensIn": …, …, "cancelReason": …}` (`ClineApiReqInfo`,
    the request first), and the request's text is most of a task's bytes (~90 % in real tasks):
    there the key is looked for only after it, from the `"tokensIn":` key on (which no string
    value can hold unescaped); any other text is searched whole. Parsed only when the key is there."""
    if len(text) > 1024 and text.startswith(_REQUEST_FIRST):  # (a short text is searched faster whole)
        after = text.rfind('"tokensIn":')
        if after >= 0:
            return text.find("cancelReason", after) >= 0 and _cancel_reason(text)
    return "cancelReason" in text and _cancel_reason(text)


def _question(text: Any) -> str:
    """A follow-up question's words (`{question, options}` JSON, or plain text)."""
    if not isinstance(text, str):
        return ""
    try:
        info = orjson.loads(text)
    except orjson.JSONDecodeError:
        return text
    return info["question"] if isinstance(info, dict) and isinstance(info.get("question"), str) else ""


class _Task:
    def __init__(self, unit: SourceUnit, stats: ReadStats, counts: LocalCounts, cwd: str | None) -> None:
        self.chat = Conversation(stats)
        self.counts = counts
        self.sid = unit.key
        self.cwd = cwd

    def said(self, text: Any, n: int, ts: Any) -> None:
        self.chat.user(text, n, 0, self.sid, iso_from_epoch(ts), self.cwd)  # (raw, line_no, offset, session, time, cwd)


# prefix -> identifier-like name -> skip reason: the names stored verbatim anyway (a few recur
# on every message), at most _MAX_REASONS in all
_REASONS: dict[str, dict[str, str]] = {"say": {}, "ask": {}, "message_type": {}}
_MAX_REASONS = 4096
# The says `_ui_turns` only counts (reasoning, tool output, checkpoints, errors, …): the ones it
# has sent to `_reason`, so one lookup settles most messages
_COUNTED_SAYS = _REASONS["say"]


def _reason(prefix: str, name: object) -> str:
    """`<prefix>:<type_name(name)>`, remembered when `name` is itself the label."""
    known = _REASONS[prefix]
    reason = known.get(name) if isinstance(name, str) else None
    if reason is None:
        label = type_name(name)
        reason = f"{prefix}:{label}"
        if label == name and sum(map(len, _REASONS.values())) < _MAX_REASONS:
            known[label] = reason
    return reason


def _request_cwd(messages: list[Any]) -> str | None:
    """The workspace folder the first request naming one gives (`api_req_started`'s environment
    details): found before the pass, so every turn is made with it (a turn copied afterwards
    cost more than a short task's other work)."""
    for m in messages:
        if isinstance(m, dict) and m.get("type") == "say" and m.get("say") == "api_req_started":
            cwd = _cwd_of_request(m.get("text"))
            if cwd is not None:
                return cwd
    return None


def _ui_turns(messages: list[Any], t: _Task, stats: ReadStats) -> None:
    """`t.cwd` is already the task's folder (`_request_cwd`): requests are only looked at for a
    cancellation here. Most messages are only counted, so each is settled with as few lookups as
    can be: a task holds thousands."""
    counts = t.counts.counts  # skips counted in the plain dict `LocalCounts` adds once
    chat = t.chat
    counted_says, asks = _COUNTED_SAYS, _REASONS["ask"]
    waiting: str | None = None  # the ask the next user_feedback answers
    # the latest assistant text or question, handed to `chat` only when a turn needs it (the
    # strip and cut `Conversation.assistant` does, once per turn instead of once per reply)
    latest: str | None = None
    bad = 0
    n = 0
    for m in messages:
        n += 1
        if not isinstance(m, dict):
            bad += 1
            counts["message_malformed"] = counts.get("message_malformed", 0) + 1
            continue
        get = m.get
        images = get("images")
        if images and isinstance(images, list):
            counts["image"] = counts.get("image", 0) + len(images)
        mtype = get("type")
        if mtype == "say":
            say = get("say")
            reason = counted_says.get(say) if isinstance(say, str) else None
            if reason is None:
                if say == "text" and n == 1:
                    say = "task"  # how Roo Code, Kilo Code and older Cline say the task
                if say == "text" or say == "completion_result":
                    reason = "say:text" if say == "text" else "say:completion_result"
                    text = get("text")
                    if isinstance(text, str) and text and not text.isspace():  # `text.strip()`, uncopied
                        latest = text
                elif say == "api_req_started":
                    reason = "api_request"  # the request as sent: environment details, file contents
                    text = get("text")
                    if isinstance(text, str) and _cancelled(text):
                        chat.signal("interrupt")
                elif say == "task" or say == "user_feedback":
                    if say == "task":
                        reason = "saw:task"
                    else:
                        reason = "saw:user_feedback"
                        if waiting in _APPROVALS:
                            chat.signal("rejected_tool_use")  # typed instead of approving: a refusal with reasons
                        elif waiting == "followup":
                            # the reply to the agent's `ask_followup_question` (Cline's tool for asking
                            # the person what the task needs): this task's choice (`TurnKind.ANSWER`)
                            chat.asked = True
                    if latest is not None:
                        chat.assistant(latest)
                        latest = None
                    t.said(get("text"), n, get("ts"))
                else:
                    reason = _reason("say", say)  # reasoning, tool output, checkpoints, errors, …
            counts[reason] = counts.get(reason, 0) + 1
            waiting = None
        elif mtype == "ask":
            ask = get("ask")
            reason = asks.get(ask) if isinstance(ask, str) else None
            if reason is None:
                reason = _reason("ask", ask)
            counts[reason] = counts.get(reason, 0) + 1
            waiting = ask if isinstance(ask, str) else None
            if ask == "followup":
                question = _question(get("text"))  # the question is an answer's context
                if question and not question.isspace():
                    latest = question
        else:
            reason = _reason("message_type", mtype)
            counts[reason] = counts.get(reason, 0) + 1  # (the ask still waits)
    stats.lines_total += len(messages)
    stats.lines_bad += bad


# --- the API history (a task without ui_messages.json) -----------------------------------------
_WRAPPERS = ("task", "feedback", "answer", "user_message")
_RESUMPTION = "[TASK RESUMPTION]"
_NAG = "[ERROR] You did not use a tool"
_ENV = re.compile(r"<environment_details>.*?(?:</environment_details>|\Z)", re.DOTALL)
_DENIED = "The user denied this operation"


def _inside(text: str, tag: str) -> str | None:
    start, end = text.find(f"<{tag}>"), text.rfind(f"</{tag}>")
    return text[start + len(tag) + 2 : end].strip() if 0 <= start < end else None


def _block_text(block: Any) -> str:
    if isinstance(block, str):
        return block
    if not isinstance(block, dict):
        return ""
    content = block.get("content", block.get("text"))
    if isinstance(content, list):
        return "\n".join(_block_text(b) for b in content)
    return content if isinstance(content, str) else ""


def _api_user(content: Any, n: int, t: _Task) -> None:
    counts = t.counts
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
    for block in blocks if isinstance(blocks, list) else []:
        kind = block.get("type") if isinstance(block, dict) else None
        text = _block_text(block)
        if kind == "tool_result":
            counts.skip("tool_result")
            if _DENIED in text:
                t.chat.signal("rejected_tool_use")
        elif kind != "text":
            counts.skip(f"block:{type_name(kind)}")  # images, documents
            continue
        if "<environment_details>" in text:
            text, k = _ENV.subn("", text)
            counts.skip("environment_details", k)
        found = _CWD.search(_block_text(block)) if t.cwd is None else None
        if found:
            t.cwd = found.group(1)
        said, tag = next(((s, tag) for tag in _WRAPPERS if (s := _inside(text, tag)) is not None), (None, None))
        if said is not None:
            if tag == "answer":  # the reply to the agent's follow-up question: this task's choice
                t.chat.asked = True
            if text.lstrip().startswith(_RESUMPTION):
                counts.skip("task_resumption")
            t.said(said, n, None)
        elif kind == "text" and text.strip():
            reason = "task_resumption" if _RESUMPTION in text else "tool_use_nag" if _NAG in text else "extension_text"
            counts.skip(reason)


def _api_turns(messages: list[Any], t: _Task, stats: ReadStats) -> None:
    for n, m in enumerate(messages, start=1):
        stats.lines_total += 1
        role = m.get("role") if isinstance(m, dict) else None
        if role == "user":
            _api_user(m.get("content"), n, t)
        elif role == "assistant":
            content = m.get("content")
            blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
            for b in blocks if isinstance(blocks, list) else []:
                kind = b.get("type") if isinstance(b, dict) else None
                t.counts.skip(f"assistant:{type_name(kind)}")  # text, tool_use, thinking
                if kind == "text":
                    t.chat.assistant(b.get("text"))
        else:
            stats.lines_bad += 1
            t.counts.skip("message_malformed")


def _turns(unit: SourceUnit, stats: ReadStats) -> list[Turn]:
    location = os.fspath(unit.location)  # str paths throughout: a `Path` costs a few us to build
    folder, name = os.path.split(location)
    meta = _metadata(folder)
    if isinstance(meta.get("parentTaskId"), str) and meta["parentTaskId"]:
        stats.machine_generated = "subtask"  # the parent agent wrote this task's words
        return []
    messages = load_json(location, MAX_TASK_BYTES)
    stats.raw_bytes = unit.size
    if not isinstance(messages, list):
        raise FileSkipped("not_a_task_history")
    cwd = next((meta[k] for k in ("cwd", "rootPath", "workspace") if isinstance(meta.get(k), str)), None)
    is_ui = name == UI_FILE
    if cwd is None and is_ui:
        cwd = _request_cwd(messages)
    counts = LocalCounts(stats)
    t = _Task(unit, stats, counts, cwd)
    stats.session_id = unit.key
    try:
        if is_ui:
            _ui_turns(messages, t, stats)
        else:
            _api_turns(messages, t, stats)
    finally:
        counts.flush()
    stats.cwd = t.cwd
    return [turn if turn.cwd or not t.cwd else turn.model_copy(update={"cwd": t.cwd}) for turn in t.chat.turns]


READER = readers.Reader(
    kind=KIND,
    agent="Cline / Roo Code / Kilo Code",
    version=READER_VERSION,
    setting="cline_dirs",
    default_roots=_default_roots,
    discover=_discover,
    read=readers.streamed(_turns),
    fingerprint=_fingerprint,
    sample_roots=("cline",),
)
