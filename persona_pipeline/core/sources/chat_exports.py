"""ChatGPT and Claude.ai data exports: `conversations.json`, read inside the export's zip (never
unpacked to disk) or from an unpacked folder, pointed at by `PERSONA_EXPORTS` (zips or folders).

Formats (public descriptions: `mitkury/chatgpt-export-parser docs/chatgpt-data-export-format.md`,
`Sinity/polylogue docs/providers/claude-ai.md`, `Dicklesworthstone/franken_agent_detection`
`src/connectors/chatgpt.rs`):
- ChatGPT: a list of `{id, title, create_time, current_node, mapping:{node:{parent, children,
  message:{author:{role}, create_time, content:{content_type, parts}, metadata}}}}`. The shown
  conversation is the branch from `current_node` up to the root (regenerated answers and edited
  prompts are sibling branches, not read). Kept: `user` messages of content type `text` /
  `multimodal_text` (their string parts). Dropped, counted: system and tool messages, custom
  instructions (`user_editable_context`), messages hidden from the conversation, code, execution
  output, reasoning, image parts, titles.
- Claude.ai: a list of `{uuid, name, summary, created_at, chat_messages:[{uuid, sender:
  "human"|"assistant", text, content:[{type: text|tool_use|tool_result|thinking}], created_at,
  attachments:[{file_name, extracted_content}], files}]}`. Kept: a human message's `text` blocks
  (else its `text`). Dropped, counted: attachments' extracted content, files, tool and thinking
  blocks, names and summaries.

Chat-UI conversations are not coding sessions (`general_chat`): the digesters count their turns
for the communication facet and for the coding facets only when a turn is about code
(`persona/digest/code_talk.py`). One unit per export, digested per conversation; the file is
immutable once downloaded, so size and mtime are its fingerprint.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from persona_pipeline.core.models import ReadStats, Turn
from persona_pipeline.core.sources import readers
from persona_pipeline.core.sources.chat_turns import Conversation, iso_from_epoch, load_json, parse_json
from persona_pipeline.core.sources.discovery import SourceUnit, is_home_dir
from persona_pipeline.core.sources.jsonl_stream import FileSkipped, type_name

# chat-export-2: answers to the agent's numbered items (`answers.py`), confirmation clicks, compaction summaries
READER_VERSION = "chat-export-2"
KIND = "chat_export"
MEMBER = "conversations.json"
MAX_MEMBER_BYTES = 2 * 1024 * 1024 * 1024  # a decade of heavy use stays below; the zip says the size first
_KEPT_CONTENT = frozenset({"text", "multimodal_text"})


# --- discovery ---------------------------------------------------------------------------------
def _key(folder: list[str], name: str) -> str | None:
    """`<zip name>` for a zip, `<folder>/conversations.json` for an unpacked export (the folder's
    name; `home` for a home directory, which is a user name)."""
    if name.lower().endswith(".zip"):
        return readers.clean(name)
    if name == MEMBER:
        parent = folder[-1] if folder else "export"
        if folder and is_home_dir(Path("/", *folder)):
            parent = "home"
        return f"{readers.clean(parent)}/{MEMBER}"
    return None


def _discover(roots: list[Path], ignored: dict[str, int]) -> list[SourceUnit]:
    return readers.discover_files(KIND, roots, ignored, _key)


# --- reading -----------------------------------------------------------------------------------
def _conversations(unit: SourceUnit, stats: ReadStats) -> Any:
    if unit.path.suffix.lower() != ".zip":
        return load_json(unit.path, MAX_MEMBER_BYTES)
    try:
        with zipfile.ZipFile(unit.path) as z:
            members = [i for i in z.infolist() if i.filename.rsplit("/", 1)[-1] == MEMBER]
            if not members:
                raise FileSkipped("not_a_chat_export")
            info = min(members, key=lambda i: i.filename.count("/"))  # the export's own, not a nested copy
            if info.file_size > MAX_MEMBER_BYTES:
                raise FileSkipped("file_too_large")
            for other in z.infolist():
                if other is not info and not other.is_dir():
                    stats.skip("export_member")  # user.json, chat.html, feedback, projects …
            with z.open(info) as f:
                data = f.read(MAX_MEMBER_BYTES + 1)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, NotImplementedError):
        raise FileSkipped("bad_zip") from None
    except OSError as exc:
        raise FileSkipped(f"unreadable:{type(exc).__name__}") from None
    return parse_json(data)


def _branch(conv: dict[str, Any], stats: ReadStats) -> list[dict[str, Any]]:
    """The messages shown: from `current_node` up through the parents, root first."""
    mapping = conv["mapping"]
    node_id = conv.get("current_node")
    if not isinstance(node_id, str) or node_id not in mapping:  # no pointer: the longest first-child path
        node_id = next((k for k, v in mapping.items() if isinstance(v, dict) and v.get("parent") is None), None)
        while isinstance(node_id, str) and isinstance(mapping.get(node_id), dict) and mapping[node_id].get("children"):
            node_id = mapping[node_id]["children"][-1]
        stats.skip("no_current_node")
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    while isinstance(node_id, str) and node_id not in seen:
        seen.add(node_id)
        node = mapping.get(node_id)
        if not isinstance(node, dict):
            stats.skip("node_missing")
            break
        out.append(node)
        node_id = node.get("parent")
    other = len(mapping) - len(out)
    if other > 0:
        stats.skip("other_branch", other)  # regenerated answers, edited prompts
    return out[::-1]


def _parts_text(content: dict[str, Any], stats: ReadStats) -> str:
    parts = content.get("parts")
    texts = []
    for p in parts if isinstance(parts, list) else []:
        if isinstance(p, str):
            texts.append(p)
        else:
            stats.skip("non_text_part")  # images, files, audio pointers
    return "\n".join(t for t in texts if t)


def _chatgpt(conv: dict[str, Any], chat: Conversation, line: list[int]) -> None:
    stats = chat.stats
    sid = conv.get("id") if isinstance(conv.get("id"), str) else conv.get("conversation_id")
    sid = sid if isinstance(sid, str) else None
    for node in _branch(conv, stats):
        msg = node.get("message")
        if not isinstance(msg, dict):
            continue  # the root (and placeholder nodes) carry no message
        line[0] += 1
        author = msg.get("author")
        role = author.get("role") if isinstance(author, dict) else None
        content = msg.get("content") if isinstance(msg.get("content"), dict) else {}
        ctype = content.get("content_type")
        meta = msg.get("metadata") if isinstance(msg.get("metadata"), dict) else {}
        if meta.get("is_visually_hidden_from_conversation"):
            stats.skip("hidden_message")
        elif role == "user" and ctype in _KEPT_CONTENT:
            ts = iso_from_epoch(msg.get("create_time"))
            mid = msg.get("id") if isinstance(msg.get("id"), str) else None
            chat.user(_parts_text(content, stats), line_no=line[0], session_id=sid, timestamp=ts, entry_uuid=mid)
        elif role == "assistant":
            stats.skip(f"assistant:{type_name(ctype)}")
            if ctype == "text":
                chat.assistant(_parts_text(content, stats))
        else:
            stats.skip(f"{type_name(role)}:{type_name(ctype)}")


def _claude_ai(conv: dict[str, Any], chat: Conversation, line: list[int]) -> None:
    stats = chat.stats
    sid = conv.get("uuid") if isinstance(conv.get("uuid"), str) else None
    messages = conv["chat_messages"]
    for msg in messages:
        line[0] += 1
        if not isinstance(msg, dict):
            stats.lines_bad += 1
            stats.skip("message_malformed")
            continue
        attachments = msg.get("attachments")
        if isinstance(attachments, list) and attachments:
            stats.skip("attachment", len(attachments))  # their extracted content is never read
        if msg.get("files"):
            stats.skip("file", len(msg["files"]) if isinstance(msg["files"], list) else 1)
        text = _claude_text(msg, stats)
        sender = msg.get("sender")
        if sender == "human":
            mid = msg.get("uuid") if isinstance(msg.get("uuid"), str) else None
            chat.user(
                text, line_no=line[0], session_id=sid, timestamp=iso_from_epoch(msg.get("created_at")), entry_uuid=mid
            )
        elif sender == "assistant":
            stats.skip("assistant")
            chat.assistant(text)
        else:
            stats.skip(f"sender:{type_name(sender)}")


def _claude_text(msg: dict[str, Any], stats: ReadStats) -> Any:
    """The message's text blocks; tool and thinking blocks are counted and dropped."""
    blocks = msg.get("content")
    if not isinstance(blocks, list) or not blocks:
        return msg.get("text")
    texts = []
    for b in blocks:
        btype = b.get("type") if isinstance(b, dict) else None
        if btype == "text" and isinstance(b.get("text"), str):
            texts.append(b["text"])
        else:
            stats.skip(f"block:{type_name(btype)}")
    return "\n".join(texts)


def _turns(unit: SourceUnit, stats: ReadStats) -> Iterator[Turn]:
    data = _conversations(unit, stats)
    stats.raw_bytes = unit.size
    if not isinstance(data, list):
        raise FileSkipped("not_a_chat_export")
    chat = Conversation(stats)
    line = [0]
    for conv in data:
        chat.turns = []
        chat.new_conversation()
        if isinstance(conv, dict) and isinstance(conv.get("mapping"), dict):
            stats.saw("chatgpt_conversation")
            _chatgpt(conv, chat, line)
        elif isinstance(conv, dict) and isinstance(conv.get("chat_messages"), list):
            stats.saw("claude_ai_conversation")
            _claude_ai(conv, chat, line)
        else:
            stats.skip("conversation_malformed")
        if isinstance(conv, dict) and (conv.get("title") or conv.get("name") or conv.get("summary")):
            stats.skip("title")  # generated by the service, never read
        yield from chat.turns
    stats.lines_total = line[0]  # messages, the export's records (counted once: a pydantic write each cost)


READER = readers.Reader(
    kind=KIND,
    agent="ChatGPT / Claude.ai export",
    version=READER_VERSION,
    setting="exports",
    default_roots=lambda host: [],  # only where pointed at: exports sit wherever they were downloaded
    discover=_discover,
    read=readers.streamed(_turns),
    sessions=False,  # no tool activity, no coding session: no lessons or session notes
    many_sessions=True,
    general_chat=True,
    roots_may_be_files=True,
    sample_roots=("exports",),
)
