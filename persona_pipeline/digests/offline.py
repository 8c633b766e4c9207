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

PROMPT_VERSION = "offline-v4"  # v2: commit batches and diffs; v3: habitual cues, one-off markers; v4: quotes kept

# Clause boundaries: sentence ends, semicolons, line breaks, dashes used as separators.
_CLAUSE_SPLIT = re.compile(r"(?<=[.!?])\s+|;\s*|\n+|\s+[—–]\s+|\s+-\s+|:\s+(?=[a-z])")
# "add a CSV export, always use polars": a task, then a rule. Split there only after a task
# opener; "rebase on main, never merge main into the branch" is one rule.
_CUE_COMMA = re.compile(r",\s+(?=(?:never|always|don'?t|do not)\b)", re.IGNORECASE)
_CODE = re.compile(r"`[^`]*`")

# Cues of a durable preference. Strong ones override a task-like opener; weak ones do not.
_STRONG = re.compile(
    r"\b(?:always|never|don'?t|do not|avoid|prefer(?:s|red)?|we use|i use|we're using|stick (?:with|to)|"
    r"instead of|rather than|from now on|by default|like always|as always|no more|only use|"
    r"should (?:always|never)|stop [\w-]+ing|stop with|"
    # standing facts about the person's setup: "I'm on macOS", "my shell is zsh"
    r"i'?m on|i am on|we'?re on|we are on|my (?:shell|editor|machine|os|laptop|terminal|setup) is)\b",
    re.IGNORECASE,
)
# "make sure X" alone is an instruction for the task at hand; a habit needs a habitual marker
_WEAK = re.compile(
    r"\b(?:i want|we want|i'd like|i like|in general|every ?where|every time|whenever|"
    r"keep (?:it|them|commits|things|answers|replies)|(?:is|are) fine|gets? (?:annotated|typed)|"
    r"before (?:you|\w+ing)|after (?:you|\w+ing)|every \w+(?: \w+){0,3} (?:gets?|needs?|must|has))\b",
    re.IGNORECASE,
)
# A bare "use X …" / "we format with X" states a convention; a bare "add X" does not.
_CONVENTION_OPENER = re.compile(
    r"^(?:use|prefer|stick (?:with|to)|(?:we|i) (?:always |usually |normally )?"
    r"(?:write|format|run|keep|name|build|deploy|ship|test|lint|work)\b)",
    re.IGNORECASE,
)
# "for now", "this time": about this request only (unless a habit is stated outright)
_ONE_OFF = re.compile(
    r"\b(?:this time|for now|just this once|right now|today|tonight|for this (?:one|task|pr|change|file|ticket))\b",
    re.IGNORECASE,
)
_CORRECTION_PLEASE = re.compile(r"^\s*(?:no|nope|actually)\b,?\s+", re.IGNORECASE)
_HABIT = re.compile(r"\b(?:always|never|from now on|every time|by default|in general)\b", re.IGNORECASE)
# Openers that refer to one thing in this codebase ("the cache TTL should be …"): a task's subject
_DEFINITE = re.compile(r"^(?:the|this|that|these|those|there'?s|there is|it|it'?s|its)\b", re.IGNORECASE)
# Starts of a verb phrase or a clause (no "Use …" in front when rewriting "X instead of Y")
_VERB_START = re.compile(
    r"^(?:ask|answer|reply|respond|keep|write|run|make|be|give|put|show|add|explain|say|tell|return|switch|"
    r"start|check|assume|call|commit|rebase|test|format|lint|split|name|log|raise|wrap|annotate|document|"
    r"summari[sz]e|read|leave|skip|drop|move|stay|build|deploy|push|pull|merge|install|pin|import|declare|"
    r"handle|validate|fix|always|never|just|only|also)\b",
    re.IGNORECASE,
)
_PRONOUN_START = re.compile(r"^(?:i|we|my|our|you|your|it|they|he|she)\b|^(?:i'm|we're|i've|we've)", re.IGNORECASE)
_INLINE_NO = re.compile(r"^(?P<pos>.+?),\s+no\s+(?P<neg>.+)$", re.IGNORECASE)
_IMPERATIVE = re.compile(
    r"^(?:answer|reply|respond|keep|write|run|make|be|give|put|show|use|add|prefer|ask|explain|say|tell)\b",
    re.IGNORECASE,
)
# "X, not Y" / "X not Y" contrast and leading "no X" (no preamble, no os.path.join …)
_TERM_END = r"(?=[,;]|\.\s|\.$|$)"
_CONTRAST = re.compile(rf"^(?P<pos>.+?),?\s+not\s+(?P<neg>.+?){_TERM_END}", re.IGNORECASE)
_LEADING_NO = re.compile(r"^(?:and\s+)?no\s+(?P<what>[^,;]+?)(?:,\s*(?P<alt>.+?))?\.?$", re.IGNORECASE)
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
    split: list[str] = []
    for c in out:
        m = _CUE_COMMA.search(c)
        head = _LEADING_FILLER.sub("", c[: m.start()].strip()) if m else ""
        if m and _TASK_OPENERS.match(head):
            split.extend([c[: m.start()], c[m.end() :]])
        else:
            split.append(c)
    return [_trim(c) for c in split if len(c.strip()) >= 6]


def _trim(clause: str) -> str:
    """Punctuation off both ends, and a quote mark there only when it is unpaired or wraps the
    whole clause: "'initialise' not 'initialize'" keeps its closing quote."""
    c = clause.strip(" ,.;:!?\t\r")
    for q in "\"'":
        marks = [i for i, ch in enumerate(c) if ch == q and not _inside_word(c, i)]
        wraps = len(marks) == 2 and marks == [0, len(c) - 1]
        if len(marks) % 2 or wraps:
            c = c.strip(q).strip(" ,.;:!?\t\r")
    return c


def _inside_word(text: str, i: int) -> bool:
    """An apostrophe between letters (don't, it's) is not a quote mark."""
    return 0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum()


def _capital(s: str) -> str:
    s = s.strip(" ,.;:!?")
    return s[:1].upper() + s[1:] if s else s


def _positive(text: str) -> str:
    """The preferred thing of "…, use X" / "I prefer X" / "tests should use X": X."""
    last = text.split(",")[-1].strip()
    stripped = _USE_PREFIX.sub("", last, count=1).strip()
    return _TRAILING_FILLER.sub("", stripped) or last


def _preferred(text: str) -> str:
    """ "Use X" for a thing, but "Ask …" / "Always return early" for a verb phrase as it stands."""
    last = _TRAILING_FILLER.sub("", text.split(",")[-1].strip())
    if _VERB_START.match(last) and not _USE_PREFIX.match(last):
        return _capital(last)
    return f"Use {_positive(text)}"


def _headed(pos: str, rule: str) -> str:
    """Keep what a contrast is about: "British English please, 'initialise' not 'initialize'"
    → "British English: use 'initialise' instead of 'initialize'" (the contrast is its example)."""
    head = _TRAILING_FILLER.sub("", pos.rsplit(",", 1)[0]).strip(" ,;:") if "," in pos else ""
    if not head or not content_tokens(head) or _TASK_OPENERS.match(head):
        return rule
    return f"{_capital(head)}: {rule[:1].lower()}{rule[1:]}"


def _alternative(text: str | None) -> str:
    """The positive tail of "no X, Y": as an imperative ("early returns please" → "use early returns")."""
    alt = re.sub(r"^(?:ever|just)\b,?\s*", "", (text or "").strip(" ,.;:!?"), flags=re.IGNORECASE)
    alt = re.sub(r"\s*\b(?:please|instead|ever)\s*[.!]*$", "", _TRAILING_FILLER.sub("", alt), flags=re.IGNORECASE)
    alt = alt.strip(" ,.;:!?")
    if not alt:
        return ""
    return alt if _VERB_START.match(alt) or _PRONOUN_START.match(alt) or _USE_PREFIX.match(alt) else f"use {alt}"


def rewrite(clause: str) -> str | None:
    """A durable-preference clause as an imperative rule; None if it carries no preference."""
    body = _TRAILING_FILLER.sub("", _LEADING_FILLER.sub("", clause)).strip(" ,.;:!?")
    if len(body) < 4 or re.match(r"^you(?:'re| are)?\b", body, re.IGNORECASE):
        return None  # "you're reaching for os.path again" describes the agent, not the person
    if _ONE_OFF.search(body) and not _HABIT.search(body):
        return None  # "use sqlite for now" is about this request
    strong = bool(_STRONG.search(body))
    # "no, conventional commits please": a correction naming what to do instead
    corrected = bool(_CORRECTION_PLEASE.match(clause) and re.search(r"\bplease\b", clause, re.IGNORECASE))
    weak = bool(_WEAK.search(body) or _CONVENTION_OPENER.match(body) or corrected)
    task = bool(_TASK_OPENERS.match(body) or _DEFINITE.match(body))
    if task and not strong:
        return None  # a task request, even "rename X everywhere", is not a persona rule
    low = body.lower()
    m = _INSTEAD.match(body)
    if m:
        return _headed(m.group("pos"), f"{_preferred(m.group('pos'))} instead of {m.group('neg').strip()}.")
    m = _CONTRAST.match(body)
    if m and not strong:
        if _PRONOUN_START.match(m.group("pos").strip()):
            return f"{_capital(body)}."  # "my shell is zsh, not bash" stays as said
        return _headed(m.group("pos"), f"{_preferred(m.group('pos'))} instead of {m.group('neg').strip()}.")
    m = _LEADING_NO.match(body)
    if m and not strong:
        what = _TRAILING_FILLER.sub("", m.group("what")).strip()
        if re.search(r"\b(?:without|until|unless)\b", what, re.IGNORECASE):
            return f"{_capital(body)}."  # "no fix without a failing test first" is a condition
        alt = _alternative(m.group("alt"))
        return f"Avoid {what}; {alt}." if alt else f"Avoid {what}."
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
        ("i'm on ", "Assume "),
        ("i am on ", "Assume "),
        ("we're on ", "Assume "),
        ("we are on ", "Assume "),
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
