"""Evolving lessons into named skills (deterministic, lexical). Pure: no I/O.

Evolution, not re-derivation: an existing skill keeps the lessons it was built from (those still
stored); every other lesson joins the group (existing skill or new) it is most similar to —
weighted token overlap as in `persona/fold.py`, tools and error names weighing 3× — or starts a
new group. A group whose lessons are exactly an existing skill's is kept as it is; a changed
group gets new text (offline below, or a model shown the existing skill) and keeps its name.
The version bumps only when the content hash (instructions + evidence ids) changes. A skill
with no lessons left, or no longer enough support, is gone.

Support: recurrence — ≥ 2 lessons from ≥ 2 distinct sessions. One event is never a skill, and
a lesson the pipeline worded from tool activity (not the person's words) takes part only when its
pattern recurs in ≥ 2 sessions (`recurring`). Polarity: the pack's supersession policy
(`supersede.py`): a lesson or group a newer reversal contradicts is gone, and two groups saying
opposite things are never both skills.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from persona_pipeline.persona.digest.lexicon import STOP, content_tokens
from persona_pipeline.persona.fold import _ANCHORS, SIMILARITY, named_terms, similarity
from persona_pipeline.skills.lessons.models import Lesson, Skill
from persona_pipeline.skills.names import NAME_MAX, group_name, name_for, program, slug
from persona_pipeline.skills.supersede import resolve

MIN_LESSONS, MIN_SESSIONS = 2, 2
MAX_INSTRUCTIONS, MAX_EXAMPLES, MAX_KEYWORDS = 8, 5, 5
REPRESENTATIVES = 8  # distinct token sets a group is compared by (single linkage, bounded)
# words every command-shaped lesson shares: never what identifies a skill
_GENERIC = frozenset(
    {"run", "use", "fail", "fails", "error", "exit", "code", "instead", "when", "before", "after", "don't", "dont"}
)
_CODE = re.compile(r"`([^`]+)`")
_ERROR_SIG = re.compile(
    r"\b(?:[A-Z][A-Za-z0-9_]*(?:Error|Exception)|SystemExit|KeyboardInterrupt|StopIteration|StopAsyncIteration|"
    r"GeneratorExit)\b|\bexit code -?\d+\b|\berror\[[A-Z]?\d+\]"
)
_WORD = re.compile(r"[a-z][a-z0-9_.+-]*[a-z0-9](?:\(\))?")
_FILE = re.compile(r"\.(?:py|md|toml|json|ya?ml|txt|sql|js|ts|tsx|rs|go|html|css|cfg|ini|lock|sh)$")
# words the lexicon knows as practices but that say nothing about when a skill applies
_NOT_KEYWORDS = frozenset({"global", "request", "requests", "tone", "spell", "grammar", "typo", "english"})


@dataclass
class SkillText:
    """What a distiller writes for a group (offline or a model)."""

    description: str
    instructions: list[str]
    triggers: list[str] = field(default_factory=list)
    name_hint: str = ""


@dataclass
class Group:
    members: list[Lesson]
    existing: Skill | None = None
    tokens: list[frozenset[str]] = field(default_factory=list)

    @property
    def lesson_ids(self) -> list[str]:
        return sorted(m.lesson_id for m in self.members)

    @property
    def changed(self) -> bool:
        return self.existing is None or self.lesson_ids != sorted(self.existing.lesson_ids)


def supported(members: Sequence[Lesson]) -> bool:
    """A skill is what recurs: lessons from at least MIN_SESSIONS distinct sessions. A single
    event, however emphatic (the person's explicit words, a tool's error), is not a skill."""
    sessions = {m.session_id or m.unit_key for m in members}
    return len(members) >= MIN_LESSONS and len(sessions) >= MIN_SESSIONS


def settle(groups: Sequence[Group]) -> list[Group]:
    """Groups after the pack's supersession policy (`supersede.resolve`): a lesson or a whole group
    contradicted by a newer reversal is gone, and two groups saying opposite things never both stay."""
    kept = resolve([(g, g.members) for g in groups], supported)
    return [Group(members, g.existing, g.tokens) for g, members in kept if members]


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold().rstrip(".!")


def in_their_words(m: Lesson) -> bool:
    """Whether a lesson's statement is its quote (the person's sentence, case and closing stop
    aside), rather than the pipeline's wording of what tools did."""
    return bool(_plain(m.statement)) and _plain(m.statement) in _plain(m.quote)


def pattern(m: Lesson) -> str:
    """What a lesson in the pipeline's wording says, with its error's name left out: the same
    failure→fix pattern from another session (another exception, the same command) reads the same."""
    return _plain(_ERROR_SIG.sub("E", m.statement))


def recurring(lessons: Sequence[Lesson]) -> list[Lesson]:
    """The lessons skills are made of: the person's own words, and a lesson the pipeline worded
    from tool activity (a failure and its fix) only when the same pattern recurs in at least
    MIN_SESSIONS distinct sessions — one session's failure is a one-off, not a procedure."""
    sessions: dict[str, set[str]] = {}
    for m in lessons:
        if not in_their_words(m):
            sessions.setdefault(pattern(m), set()).add(m.session_id or m.unit_key)
    return [m for m in lessons if in_their_words(m) or len(sessions[pattern(m)]) >= MIN_SESSIONS]


def _rank(m: Lesson) -> tuple[float, float, str, str]:
    return (-round(m.credibility * m.importance, 6), -m.credibility, m.statement, m.lesson_id)


def lesson_tokens(m: Lesson) -> frozenset[str]:
    return content_tokens(m.statement) | content_tokens(" ".join(_ERROR_SIG.findall(m.quote)))


def _key(statement: str) -> str:
    return " ".join(statement.split()).casefold()


def group_lessons(lessons: Sequence[Lesson], existing: Sequence[Skill]) -> list[Group]:
    """Existing skills first (in name order) with their surviving lessons, then new groups in
    the order their first lesson appeared. Deterministic for the same inputs."""
    anchors = (_ANCHORS | frozenset().union(*(named_terms(m.statement, m.quote) for m in lessons))) - _GENERIC
    by_id = {m.lesson_id: m for m in lessons}
    groups: list[Group] = []
    claimed: set[str] = set()
    for skill in sorted(existing, key=lambda s: s.name):
        members = [by_id[i] for i in sorted(skill.lesson_ids) if i in by_id and i not in claimed]
        claimed.update(m.lesson_id for m in members)
        seed = [content_tokens(" ".join(skill.instructions))]  # matches even when its lessons were rebuilt
        groups.append(Group(members, skill, seed + [lesson_tokens(m) for m in members]))
    # token -> groups holding it: a lesson is compared only with groups it shares a word with,
    # and with at most REPRESENTATIVES distinct token sets of each (cost stays linear in lessons)
    index: dict[str, set[int]] = {}
    same_statement: dict[str, int] = {}
    for gi, g in enumerate(groups):
        g.tokens = list(dict.fromkeys(g.tokens))[:REPRESENTATIVES]
        for t in g.tokens:
            for tok in t:
                index.setdefault(tok, set()).add(gi)
        for m in g.members:
            same_statement.setdefault(_key(m.statement), gi)
    rest = sorted((m for m in lessons if m.lesson_id not in claimed), key=lambda m: (m.timestamp or "", m.lesson_id))
    for m in rest:
        toks = lesson_tokens(m)
        best = same_statement.get(_key(m.statement), -1)
        if best < 0:
            best_sim = 0.0
            for gi in sorted(set().union(*(index.get(t, set()) for t in toks))):
                sim = max(similarity(toks, t, anchors, same_facet=False) for t in groups[gi].tokens)
                if sim > best_sim:  # strictly better: ties go to the earlier (existing first) group
                    best, best_sim = gi, sim
                    if sim >= 1.0:
                        break
            if best_sim < SIMILARITY:
                best = -1
        if best < 0:
            best = len(groups)
            groups.append(Group([], None, []))
        g = groups[best]
        g.members.append(m)
        same_statement.setdefault(_key(m.statement), best)
        if len(g.tokens) < REPRESENTATIVES and toks not in g.tokens:
            g.tokens.append(toks)
            for tok in toks:
                index.setdefault(tok, set()).add(best)
    return [g for g in groups if g.members]


def _tool_of(evidence_ids: Sequence[str], tools: Mapping[str, str]) -> list[str]:
    return [tools[e] for e in evidence_ids if e in tools]


def _keyword(word: str) -> bool:
    """A word that tells an agent when a skill applies: a tool, library or practice the lexicon
    knows, or an identifier ("os.path", "print()"); never a stop-word, generic verb or file."""
    w = word.strip(".,;:")
    if w in STOP or w in _GENERIC or w in _NOT_KEYWORDS or len(w) < 2 or "/" in w or _FILE.search(w):
        return False
    return bool(content_tokens(w) & _ANCHORS) or bool(re.search(r"[._]|\(\)$", w))


def triggers_of(members: Sequence[Lesson], tools: Mapping[str, str]) -> list[str]:
    """When to use the skill: the tools its evidence ran, the errors it names, the programs its
    commands run and the tools/libraries its statements name."""
    tool_names = sorted({t for m in members for t in _tool_of(m.evidence_ids, tools) if t})
    errors = sorted({e for m in members for e in _ERROR_SIG.findall(f"{m.statement} {m.quote}")})
    skip = {t.casefold() for t in tool_names} | {e.casefold() for e in errors}
    words: Counter[str] = Counter()
    for m in members:  # once per lesson: programs of its commands first, then named terms
        found: set[str] = set()
        for code in _CODE.findall(m.statement):
            prog = program(code)
            if prog and not _FILE.search(prog) and "/" not in prog:
                found.add(prog.split()[0].lower())
        found |= {w for w in _WORD.findall(_CODE.sub(" ", m.statement).lower()) if _keyword(w)}
        words.update(found - skip)
    keywords = [w for w, _ in sorted(words.items(), key=lambda x: (-x[1], x[0]))][:MAX_KEYWORDS]
    return [f"tool: {t}" for t in tool_names] + [f"error: {e}" for e in errors] + [f"keyword: {k}" for k in keywords]


def examples_of(members: Sequence[Lesson]) -> list[str]:
    """The strongest lessons' quotes, each with its citation (signal, project, session, evidence)."""
    out: list[str] = []
    seen: set[str] = set()
    for m in sorted(members, key=_rank):
        quote = " ".join(m.quote.split())
        if quote.casefold() in seen:
            continue
        seen.add(quote.casefold())
        quote = quote if len(quote) <= 200 else quote[:199] + "…"
        session = m.session_id or m.unit_key
        out.append(f'"{quote}" ({m.signal.value}; {m.project}, session {session}, evidence {m.evidence_ids[0]})')
        if len(out) == MAX_EXAMPLES:
            break
    return out


def _when(triggers: Sequence[str]) -> str:
    """The description's closing sentence ("Use when working with pytest, or on AssertionError."): what it is about
    (programs and libraries, else the tools), then the errors it answers."""
    of = {k: [t.split(": ", 1)[1] for t in triggers if t.startswith(f"{k}: ")] for k in ("tool", "error", "keyword")}
    subject = (of["keyword"] or of["tool"])[:3]
    errors = of["error"][:3]
    if subject and errors:
        return f" Use when working with {', '.join(subject)}, or on {', '.join(errors)}."
    if subject or errors:
        return f" Use when working with {', '.join(subject)}." if subject else f" Use on {', '.join(errors)}."
    return ""


def _or(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def offline_text(members: Sequence[Lesson], tools: Mapping[str, str]) -> SkillText:
    """Instructions = the distinct statements, strongest first; lessons in the pipeline's words
    that state one pattern for different errors are one instruction naming them all ("When `P`
    fails with `A` or `B`, …"). The description says what the strongest one does and when it
    applies."""
    instructions: list[str] = []
    distinct: list[str] = []
    at: dict[str, int] = {}  # statement or pattern -> its instruction
    errors: dict[int, list[str]] = {}
    for m in sorted(members, key=_rank):
        key = pattern(m) if not in_their_words(m) else " ".join(m.statement.split()).casefold()
        if " ".join(m.statement.split()).casefold() not in {d.casefold() for d in distinct}:
            distinct.append(m.statement)
        if key not in at:
            at[key] = len(instructions)
            instructions.append(m.statement)
        if not in_their_words(m):
            found = _ERROR_SIG.findall(m.statement)
            named = errors.setdefault(at[key], [])
            named += [f"`{e}`" for e in found if f"`{e}`" not in named]
    for i, names in errors.items():
        one = [e for e in names if e in instructions[i]]
        if len(names) > 1 and len(one) == 1:
            instructions[i] = instructions[i].replace(one[0], _or(names), 1)
    triggers = triggers_of(members, tools)
    said = [t for t in triggers if not (t.startswith("error: ") and f"`{t[7:]}`" in instructions[0])]
    description = instructions[0] + _when(said)
    return SkillText(description[:1024], instructions[:MAX_INSTRUCTIONS], triggers, name_hint=group_name(distinct))


def content_hash(instructions: Sequence[str], evidence_ids: Sequence[str]) -> str:
    raw = json.dumps({"instructions": list(instructions), "evidence_ids": sorted(set(evidence_ids))}, sort_keys=True)
    return hashlib.sha256(raw.encode()).hexdigest()[:32]


def _unique(name: str, taken: set[str]) -> str:
    if name not in taken:
        return name
    base = name if len(name) <= NAME_MAX - 3 else name[: NAME_MAX - 3].rsplit("-", 1)[0]  # cut at a word
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def finish(
    groups: Sequence[Group],
    texts: Mapping[int, SkillText | None],
    now: datetime,
    tools: Mapping[str, str],
    reserved: Iterable[str] = (),
) -> list[Skill]:
    """Skills from groups. `texts[i]` is group i's new text (a changed group); a changed group
    without text (its distiller failed) keeps its existing skill as it was, or is left out.
    Names of existing skills are kept; new names are unique slugs, never one of `reserved`
    (folders someone else made)."""
    out: list[Skill] = []
    taken = {g.existing.name for g in groups if g.existing is not None} | set(reserved)
    for i, g in enumerate(groups):
        if not supported(g.members):
            continue
        old = g.existing
        if not g.changed and old is not None:
            out.append(old)
            continue
        text = texts.get(i)
        if text is None:
            if old is not None:
                out.append(old)  # retried next run: its lessons are still unaccounted for
            continue
        evidence = sorted({e for m in g.members for e in m.evidence_ids})
        digest = content_hash(text.instructions, evidence)
        if old is None:
            name = _unique(slug(text.name_hint) if text.name_hint else name_for(text.instructions[0]), taken)
            taken.add(name)
            version, created, updated = 1, now, now
        else:
            name, created = old.name, old.created_at
            same = digest == old.content_hash
            version, updated = (old.version, old.updated_at) if same else (old.version + 1, now)
        out.append(
            Skill(
                name=name,
                version=version,
                description=text.description,
                instructions=text.instructions,
                triggers=text.triggers or triggers_of(g.members, tools),
                examples=examples_of(g.members),
                lesson_ids=g.lesson_ids,
                evidence_ids=evidence,
                importance=max(m.importance for m in g.members),
                credibility=max(m.credibility for m in g.members),
                content_hash=digest,
                created_at=created,
                updated_at=updated,
            )
        )
    return sorted(out, key=lambda s: s.name)


def evolve(
    lessons: Sequence[Lesson],
    existing: Sequence[Skill],
    now: datetime,
    tools: Mapping[str, str] | None = None,
    write: Callable[[Group], SkillText | None] | None = None,
    reserved: Iterable[str] = (),
) -> list[Skill]:
    """The skills after this run. `write` drafts a changed group's text (default: offline);
    only changed, supported groups are written."""
    tools = tools or {}
    groups = settle(group_lessons(recurring(lessons), existing))
    draft = write or (lambda g: offline_text(g.members, tools))
    texts = {i: draft(g) for i, g in enumerate(groups) if g.changed and supported(g.members)}
    return finish(groups, texts, now, tools, reserved)
