"""The versioned digest prompt and the rendering of evidence into windows of turns."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from importlib import resources

from persona_pipeline.core.sources.readers import general_chat_kinds
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView

CHAT_TAG = "chat"  # `[T2 chat]`: a turn of a general chat-UI conversation
# v2: commit-message batches; v3: examples share nothing with our corpora; v4: nor its one-off examples
PROMPT_VERSION = "digest-v4"
PROMPT_FILE = "digest_v4.md"
# Appended only for windows holding turns of general chat-UI conversations (`[T2 chat]`): the
# prompt every coding session gets stays byte-identical (its cached replies stay valid).
CHAT_RULE_FILE = "general_chat.md"
WINDOW_CHARS = 12_000


@lru_cache(maxsize=2)
def system_prompt(general_chat: bool = False) -> str:
    files = resources.files("persona_pipeline.persona.digest.prompts")
    text = files.joinpath(PROMPT_FILE).read_text(encoding="utf-8")
    return text + "\n" + files.joinpath(CHAT_RULE_FILE).read_text(encoding="utf-8") if general_chat else text


def _pieces(text: str, limit: int) -> list[str]:
    """A text longer than `limit` cut at line breaks (hard cuts only for an overlong line), so a
    commit-message batch is read whole across windows and quotes stay verbatim substrings."""
    if len(text) <= limit:
        return [text]
    out: list[str] = []
    cur = ""
    for line in text.splitlines(keepends=True):
        while len(line) > limit:
            if cur:
                out.append(cur)
                cur = ""
            out.append(line[:limit])
            line = line[limit:]
        if len(cur) + len(line) > limit:
            out.append(cur)
            cur = ""
        cur += line
    if cur:
        out.append(cur)
    return out


def _render(n: int, ev: EvidenceView, limit: int) -> list[str]:
    ctx = f"(after assistant: {ev.context}) " if ev.context else ""
    tag = f"{ev.tier.value} {CHAT_TAG}" if ev.source_kind in general_chat_kinds() else ev.tier.value
    head = f"{n}. [{tag}] {ctx}"
    return [head + piece for piece in _pieces(ev.excerpt, max(limit - len(head), 200))]


def windows(inp: DigestInput, window_chars: int = WINDOW_CHARS) -> list[list[str]]:
    """Turns grouped into windows of ~window_chars. A turn is never split between windows unless it
    is longer than one window itself; then it is cut at line breaks into consecutive pieces."""
    lines = (line for n, ev in enumerate(inp.evidence, start=1) for line in _render(n, ev, window_chars))
    return pack_lines(lines, window_chars)


def pack_lines(lines: Iterable[str], window_chars: int) -> list[list[str]]:
    """Consecutive lines in windows of ~window_chars (counting a newline each), never splitting a
    line: a line longer than a window is a window of its own."""
    out: list[list[str]] = []
    cur: list[str] = []
    size = 0
    for line in lines:
        if cur and size + len(line) > window_chars:
            out.append(cur)
            cur, size = [], 0
        cur.append(line)
        size += len(line) + 1
    if cur:
        out.append(cur)
    return out


def messages(turns: list[str]) -> list[dict[str, str]]:
    chat = any(f" {CHAT_TAG}] " in t for t in turns)
    return [
        {"role": "system", "content": system_prompt(chat)},
        {"role": "user", "content": "Turns:\n" + "\n".join(turns) + "\nAnswer:"},
    ]
