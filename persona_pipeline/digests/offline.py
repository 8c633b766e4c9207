"""The offline digester: deterministic extraction of prescriptive statements, no network.

Per evidence turn: split into clauses; keep a clause only if it carries a durable-preference
cue (always / never / don't / stop / avoid / prefer / want / "X instead of Y" / "X, not Y" /
"we use" / "no X" / everywhere / from now on / like always …) — a bare imperative about a task
("add a CSV export") has none and is never a rule; rewrite it into a rule an agent can follow;
classify its facet by vocabulary; quote the clause verbatim.
"""

from __future__ import annotations

import re

from persona_pipeline.digests.commit_style import commit_style_drafts, diff_drafts
from persona_pipeline.digests.lexicon import FACET_CUE_TOKENS, content_tokens, normalise
from persona_pipeline.digests.models import DigestInput, DigestResult, DraftObservation, Facet
from persona_pipeline.digests.validate import ground
from persona_pipeline.models import TurnKind

PROMPT_VERSION = "offline-v2"  # v2: commit batches and diffs

# Clause boundaries: sentence ends, semicolons, line breaks, dashes used as separators.
_CLAUSE_SPLIT = re.compile(
    r"(?<=[.!?])\s+|;\s*|\n+|\s+[—–]\s+|\s+-\s+|:\s+(?=[a-z])|,\s+(?=(?:never|always|don'?t|do not)\b)"
)
_CODE = re.compile(r"`[^`]*`")

# Cues of a durable preference. Strong ones override a task-like opener; weak ones do not.
_STRONG = re.compile(
    r"\b(?:always|never|don'?t|do not|avoid|prefer(?:s|red)?|we use|i use|we're using|stick (?:with|to)|"
    r"instead of|rather than|from now on|by default|like always|as always|no more|only use|"
    r"should (?:always|never))\b",
    re.IGNORECASE,
)
_WEAK = re.compile(
    r"\b(?:i want|we want|i'd like|i like|in general|every ?where|every time|make sure|"
    r"keep (?:it|them|commits|things|answers|replies)|(?:is|are) fine|gets? (?:annotated|typed))\b",
    re.IGNORECASE,
)
_INLINE_NO = re.compile(r"^(?P<pos>.+?),\s+no\s+(?P<neg>.+)$", re.IGNORECASE)
_IMPERATIVE = re.compile(
    r"^(?:answer|reply|respond|keep|write|run|make|be|give|put|show|use|add|prefer|ask|explain|say|tell)\b",
    re.IGNORECASE,
)
# "X, not Y" / "X not Y" contrast and leading "no X" (no preamble, no os.path.join …)
_TERM_END = r"(?=[,;]|\.\s|\.$|$)"
_CONTRAST = re.compile(rf"^(?P<pos>.+?),?\s+not\s+(?P<neg>.+?){_TERM_END}", re.IGNORECASE)
_LEADING_NO = re.compile(rf"^(?:and\s+)?no\s+(?P<what>.+?){_TERM_END}", re.IGNORECASE)
_INSTEAD = re.compile(rf"(?P<pos>.+?)\s+(?:instead of|rather than|over)\s+(?P<neg>.+?){_TERM_END}", re.IGNORECASE)
_USE_PREFIX = re.compile(r"^.*?\b(?:prefer|use|stick with)\s+|^(?:please\s+)", re.IGNORECASE)
# Openers that make a clause about the current task, not the person's habits.
_TASK_OPENERS = re.compile(
    r"^(?:why|what|how|can you|could you|is|are|does|did|where|when|which|here'?s|here is|see|"
    r"fix|add|implement|create|scaffold|rename|update|debug|figure out|wire up|write|delete|remove|"
    r"convert|rewrite|build|split|move|refactor|explain|look at|check|investigate)\b",
    re.IGNORECASE,
)
_LEADING_FILLER = re.compile(
    r"^(?:(?:no|nope|stop|wait),\s+|(?:ok|okay|so|and|also|but|actually|hmm|yes|yeah|right|well|please),?\s+)+",
    re.IGNORECASE,
)
_TRAILING_FILLER = re.compile(
    r"\s*(?:please|thanks|thank you|too|here too|in here|as well|while you'?re (?:at it|there))\s*[.!]*$",
    re.IGNORECASE,
)
_YOU_ARE = re.compile(r"^you'?re\s+\w+ing\s+(?:for\s+)?", re.IGNORECASE)


def _clauses(text: str) -> list[str]:
    masked = _CODE.sub(lambda m: "\x00" * len(m.group(0)), text)  # never split inside `code`
    out: list[str] = []
    pos = 0
    for m in _CLAUSE_SPLIT.finditer(masked):
        out.append(text[pos : m.start()])
        pos = m.end()
    out.append(text[pos:])
    return [c.strip(" ,.;:!?\t\r\"'") for c in out if len(c.strip()) >= 6]


def _capital(s: str) -> str:
    s = s.strip(" ,.;:!?")
    return s[:1].upper() + s[1:] if s else s


def _positive(text: str) -> str:
    """The preferred thing of "…, use X" / "I prefer X" / "tests should use X": X."""
    last = text.split(",")[-1].strip()
    stripped = _USE_PREFIX.sub("", last, count=1).strip()
    return _TRAILING_FILLER.sub("", stripped) or last


def rewrite(clause: str) -> str | None:
    """A durable-preference clause as an imperative rule; None if it carries no preference."""
    body = _TRAILING_FILLER.sub("", _LEADING_FILLER.sub("", clause)).strip(" ,.;:!?")
    if len(body) < 4 or re.match(r"^you(?:'re| are)?\b", body, re.IGNORECASE):
        return None  # "you're reaching for os.path again" describes the agent, not the person
    strong, weak = bool(_STRONG.search(body)), bool(_WEAK.search(body))
    task = bool(_TASK_OPENERS.match(body))
    if task and not strong:
        return None  # a task request, even "rename X everywhere", is not a persona rule
    low = body.lower()
    m = _INSTEAD.match(body)
    if m:
        return f"Use {_positive(m.group('pos'))} instead of {m.group('neg').strip()}."
    m = _CONTRAST.match(body)
    if m and not strong:
        return f"Use {_positive(m.group('pos'))} instead of {m.group('neg').strip()}."
    m = _LEADING_NO.match(body)
    if m and not strong:
        return f"Avoid {_TRAILING_FILLER.sub('', m.group('what')).strip()}."
    m = _INLINE_NO.match(body)
    if m and not strong:
        pos, neg = m.group("pos").strip(), m.group("neg").strip()
        if _IMPERATIVE.match(pos):
            return f"{_capital(pos)}; avoid {neg}."
        return f"Use {_TRAILING_FILLER.sub('', pos)} instead of {neg}."
    if not (strong or weak):
        return None
    for prefix, verb in (
        ("we use ", "Use "),
        ("i use ", "Use "),
        ("we're using ", "Use "),
        ("stick with ", "Use "),
        ("stick to ", "Use "),
        ("i prefer ", "Prefer "),
        ("only use ", "Use only "),
    ):
        if low.startswith(prefix):
            return f"{verb}{body[len(prefix) :].strip()}."
    if re.match(r"^(?:don'?t|do not)\s+tell me\b", low) and "until" not in low:
        return None
    return f"{_capital(body)}."


def classify(statement: str) -> Facet:
    tokens = content_tokens(statement)
    norm = normalise(statement)
    scores = {facet: len(cues & tokens) for facet, cues in FACET_CUE_TOKENS.items()}
    best = max(scores.values())
    if best == 0:
        negative = norm.startswith(("never ", "don't ", "do not ", "avoid ", "stop "))
        return Facet.ANTI_PREFERENCES if negative else Facet.WORKFLOW
    for facet in ("workflow", "communication", "stack", "coding_style", "environment"):
        if scores[facet] == best:
            return Facet(facet)
    return Facet.WORKFLOW  # unreachable: FACET_CUES covers the loop's facets


def drafts_for(inp: DigestInput) -> list[DraftObservation]:
    drafts: list[DraftObservation] = []
    for ev in inp.evidence:
        # Commit batches and diffs are read for conventions, not for preference clauses.
        if ev.kind == TurnKind.COMMIT_BATCH:
            drafts.extend(commit_style_drafts(ev))
            continue
        if ev.kind == TurnKind.DIFF:
            drafts.extend(diff_drafts(ev))
            continue
        for clause in _clauses(ev.excerpt):
            if "[REDACTED:" in clause:
                continue  # a clause built around a secret is never a preference
            statement = rewrite(clause)
            if statement is None or len(content_tokens(statement)) == 0 or len(statement) > 300:
                continue
            drafts.append(
                DraftObservation(facet=classify(statement), statement=statement, quote=clause[:400], tier=ev.tier)
            )
    return drafts


class OfflineDigester:
    name = "offline"
    prompt_version = PROMPT_VERSION

    def digest_many(self, inputs: list[DigestInput]) -> list[DigestResult]:
        results = []
        for inp in inputs:
            observations, dropped = ground(inp, drafts_for(inp), self.name, self.prompt_version)
            results.append(DigestResult(unit_key=inp.unit_key, observations=observations, dropped_quotes=dropped))
        return results
