"""The litellm skill distiller: one strict-JSON call per changed group of lessons, shown the
existing skill it grew from (name, description, instructions) so it refines rather than
re-derives. Only redacted lesson text goes into the prompt. Built on `core/llm/structured.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from pydantic import Field

from persona_pipeline.core.llm.structured import StructuredCaller, strict_schema
from persona_pipeline.core.models import StrictReply
from persona_pipeline.skills.evolve import Group, SkillText, offline_text

PROMPT_VERSION = "skills-v2"  # v2: examples share nothing with our corpora
PROMPT_FILE = "skills_v2.md"
MAX_LESSONS_SHOWN = 40


class SkillDraft(StrictReply):
    name: str = Field(min_length=2, max_length=64)
    description: str = Field(min_length=8, max_length=1024)
    instructions: list[str] = Field(min_length=1, max_length=8)
    triggers: list[str] = Field(max_length=10)


class SkillReply(StrictReply):
    skill: SkillDraft


@dataclass
class CallUsage:
    """One group's call outcome (the `structured.Usage` protocol)."""

    status: str = "ok"
    error: str | None = None
    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    soft_skips: int = 0
    unit_keys: list[str] = field(default_factory=list)  # the units of the lessons shown (erasure)


@lru_cache(maxsize=1)
def system_prompt() -> str:
    return resources.files("persona_pipeline.skills.prompts").joinpath(PROMPT_FILE).read_text(encoding="utf-8")


def messages(group: Group) -> list[dict[str, str]]:
    parts: list[str] = []
    if group.existing is not None:
        s = group.existing
        parts += [f"Existing skill: {s.name}", f"Description: {s.description}", "Instructions:"]
        parts += [f"- {i}" for i in s.instructions]
    else:
        parts.append("Existing skill: none (write a new one)")
    parts.append("Lessons:")
    ranked = sorted(group.members, key=lambda m: (-m.credibility * m.importance, m.lesson_id))[:MAX_LESSONS_SHOWN]
    for n, m in enumerate(ranked, start=1):
        parts.append(
            f"{n}. [{m.kind.value}; {m.signal.value}; credibility {m.credibility:.2f}] {m.statement} "
            f'(quote: "{" ".join(m.quote.split())}")'
        )
    return [
        {"role": "system", "content": system_prompt()},
        {"role": "user", "content": "\n".join(parts) + "\nAnswer:"},
    ]


class LitellmSkillWriter:
    """`write(group)` for `trees.skills.evolve`: the model's text, the offline text after an
    unparseable reply (a soft skip), None after a hard failure (the skill is retried next run)."""

    prompt_version = PROMPT_VERSION

    def __init__(self, caller: StructuredCaller, tools: Mapping[str, str]) -> None:
        self.caller = caller
        self.tools = tools
        self.schema = strict_schema(SkillReply)
        self.usage: list[CallUsage] = []

    def __call__(self, group: Group) -> SkillText | None:
        usage = CallUsage(unit_keys=sorted({m.unit_key for m in group.members}))
        self.usage.append(usage)
        reply = self.caller.call(messages(group), SkillReply, self.schema, self.prompt_version, usage)
        if reply is None:
            return offline_text(group.members, self.tools) if usage.status == "ok" else None
        d = reply.skill
        instructions = [" ".join(i.split()) for i in d.instructions if i.strip()]
        if not instructions:
            usage.soft_skips += 1
            return offline_text(group.members, self.tools)
        return SkillText(
            description=" ".join(d.description.split()),
            instructions=instructions,
            triggers=[" ".join(t.split()) for t in d.triggers if t.strip()],
            name_hint=d.name,
        )
