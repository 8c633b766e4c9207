"""The versioned digest prompt and the rendering of evidence into windows of turns."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from persona_pipeline.digests.models import DigestInput, EvidenceView

PROMPT_VERSION = "digest-v1"
WINDOW_CHARS = 12_000


@lru_cache(maxsize=1)
def system_prompt() -> str:
    return resources.files("persona_pipeline.digests.prompts").joinpath("digest_v1.md").read_text(encoding="utf-8")


def _render(n: int, ev: EvidenceView, limit: int) -> str:
    ctx = f"(after assistant: {ev.context}) " if ev.context else ""
    return f"{n}. [{ev.tier.value}] {ctx}{ev.excerpt}"[:limit]


def windows(inp: DigestInput, window_chars: int = WINDOW_CHARS) -> list[list[str]]:
    """Turns grouped into windows of ~window_chars; a turn is never split (one longer than a
    window is truncated to it)."""
    out: list[list[str]] = []
    cur: list[str] = []
    size = 0
    for n, ev in enumerate(inp.evidence, start=1):
        line = _render(n, ev, window_chars)
        if cur and size + len(line) > window_chars:
            out.append(cur)
            cur, size = [], 0
        cur.append(line)
        size += len(line) + 1
    if cur:
        out.append(cur)
    return out


def messages(turns: list[str]) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": system_prompt()},
        {"role": "user", "content": "Turns:\n" + "\n".join(turns) + "\nAnswer:"},
    ]
