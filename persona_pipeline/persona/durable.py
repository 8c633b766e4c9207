"""Which learned rules are standing preferences and which are requests of one occasion (issue 15).

The fold groups what a person said and counts the group's sessions; the group is named by one of
its wordings. On real histories most wrong bullets were named by a request of one occasion ("add a
kayak option to the form", "does the build pass now", "apply these changes to the staging copy") and
backed by other sessions' unrelated remarks that joined the group on a shared word. This module holds the
policy, applied to every learned rule after the fold (directives, conventions a digester derived
from counts and habits are not sentences of the person's and are left alone):

1. **Standing framing about a generic subject** — the naming wording says it holds beyond the
   occasion: an adverbial of frequency or scope (`reading.HABITUAL`: always, never, every time, in
   general, as a rule, whenever, before you …), "from now on" (`reading.FUTURE`), a change of habit
   ("we switched to …", reading's reversal), a class quantifier "every/each <noun>", a first-person
   disposition ("I prefer / like / hate …", "I'm a … person", "I always …"), or another language's
   habitual marker (`tongues.force`). It keeps the fold's support rule (MIN_SESSIONS sessions).
   The framing counts only when nothing in the wording ties it to the occasion: a question, a
   demonstrative ("this", "these"), a status note ("status: …", "… done, … next"), what the
   conversation holds ("the following", "the above"), a time of the moment (`reading.DEICTIC_TIME`,
   `CALENDAR_DATE`), a task's scope (`reading.DEICTIC_SCOPE`), an editor's file mention
   (`@file.ext`, `#file:`), another language's one-off markers (`tongues.one_off`, `tongues.points_at_one`).
   A first-person state in the present ("I'm on <tool> 5", "my editor is …") is a standing fact.
2. **Otherwise the wording must be restated**: MIN_SESSIONS distinct sessions must hold a wording
   that states a rule of its own (`reading.read(...).rule`) and restates the name: most words alike
   (`similarity.similarity` ≥ RESTATEMENT, synonyms credited), or a wording with no mark of the
   occasion about what the name is about (a rare word or two content words shared), not a remark
   sharing an everyday word with it. A rule short of that keeps its record but counts only its
   restating sessions as support, so the pack leaves it out for "support" like any rule said in one
   session.
3. A wording that is a terminal or data line (`machine_line`), a question or a status note is no rule
   at all, however often it recurs: support 0.

RESTATEMENT: two bare wordings restate each other when they share most of their rarity-weighted
words (0.75: three words in four, weighted; the session 53 report gives the sweep 0.6 / 0.75 / 0.9
on the development people and a pool). Wordings with their own explicit force need only share the
thing they are about.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from persona_pipeline.persona import freshness
from persona_pipeline.persona.digest import similarity as sim
from persona_pipeline.persona.digest import tongues
from persona_pipeline.persona.digest.machine_line import machine_line
from persona_pipeline.persona.digest.models import Facet, Observation, Rule
from persona_pipeline.persona.digest.reading import (
    CALENDAR_DATE,
    DEICTIC_SCOPE,
    DEICTIC_TIME,
    FUTURE,
    HABITUAL,
    is_question,
    read,
)

RESTATEMENT = 0.75
HABIT_FRAME = "Repeatedly asks: "  # (habits.FRAME's opening: a habit rule is screened in habits)

# a class quantifier over a noun: "every endpoint", "each rule" ("every time" is HABITUAL's)
_EVERY = re.compile(r"\b(?:every|each)\s+(?!time\b|one\b|of\b)[a-z]")
# a first-person disposition: a verb of liking (the lexical core of `reading.PREFER`, without
# want/need, which ask for one change as often as they state a taste), "I'm a … person", a
# first-person habit adverb
_DISPOSITION = re.compile(
    r"\b(?:i|we)\s+(?:\w+ly\s+|really\s+|generally\s+|much\s+)?(?:prefer|like|love|hate|dislike|enjoy|"
    r"would\s+rather|can'?t\s+stand|don'?t\s+mind)\b|\b(?:i|we)'d\s+(?:much\s+)?rather\b"
    r"|\b(?:i'm|i\s+am)\s+(?:a|an)\s+(?:\w+[\s-]+){0,3}(?:person|guy|kind)\b"
)
# what the conversation holds: a demonstrative (Quirk et al. 1985 §6.40: "this"/"these" point at
# the situation; "that"/"those" are as often a relative or an anaphor inside the sentence; "here"
# as often means "in this project"), what precedes or follows in the prompt
_POINTING = re.compile(
    r"\b(?:this|these)\b|\bthe\s+(?:following|above|below|latter|former)\b"
    r"|\bthe\s+(?:\w+\s+)?(?:above|below|mentioned|attached|aforementioned)\b|(?:^|[.:]\s*)(?:below|above)\b"
)
# a status note: a report's label ("status:", "progress update:") or a clause closing on the state of
# the work ("… done", "… works", "… next"): what stands now, not what the person wants
_STATUS_LABEL = re.compile(r"^\W*(?:status|progress|update|progress update|status update|wip)\s*:")
_STATUS = re.compile(r"\b(?:done|works|working|finished|complete|completed|next)\s*[.!]*\s*$")
# ... but "before you call it done" is the condition of a rule, not a report (rev53c O6)
_CONDITION = re.compile(r"\b(?:before|after|until|till|when|whenever|once|if|unless)\b|\byou\b")
# an editor's mention of one file or symbol: Cursor's "@name", VS Code Copilot's "#file:"/"#sym:"
_MENTION = re.compile(r"(?:^|[\s(])(?:#(?:file|sym|selection|codebase):\S*|@[\w./-]*\w)")
_PAST = re.compile(r"\b(?:was|were|had|did|used to)\b")  # a state reported of the past is no standing one
_NEVER_A_RULE = frozenset({"question", "status"})
_STANDING_WHY = frozenset({"habitual", "first-person habit", "reversal", "change of habit", "return", "verdict"})


@lru_cache(maxsize=1 << 14)
def standing_framing(text: str) -> str:
    """The signal that `text` holds beyond the occasion ('' when none): see the module docstring."""
    low = text.lower().replace("’", "'")
    r = read(text)
    if r.rule and r.why in _STANDING_WHY:
        return r.why
    if r.rule and r.why == "first-person state" and not _PAST.search(low):
        # how the person or their setup is ("I'm on <tool> 5", "my shell is <name>"): a standing fact
        return r.why
    if HABITUAL.search(low) or FUTURE.search(low):
        return "habitual"
    if _EVERY.search(low):
        return "every"
    if _DISPOSITION.search(low):
        return "disposition"
    if not text.isascii() and tongues.force(text)[1] == "habitual":
        return "habitual"
    return ""


@lru_cache(maxsize=1 << 14)
def occasion_marker(text: str) -> str:
    """What ties `text` to one occasion ('' when nothing does): see the module docstring."""
    low = text.lower().replace("’", "'")
    if is_question(text) or (not text.isascii() and tongues.question(text)):
        return "question"
    if _MENTION.search(text):
        return "file mention"
    if _STATUS_LABEL.search(low) or (
        _STATUS.search(low.strip()) and not _CONDITION.search(low) and not standing_framing(text)
    ):
        return "status"
    if _POINTING.search(low) or DEICTIC_SCOPE.search(low):
        return "pointing"
    if DEICTIC_TIME.search(low) or CALENDAR_DATE.search(low):
        return "time of the moment"
    if not text.isascii() and (tongues.one_off(text) or tongues.points_at_one(text)):
        return "one occasion"
    return ""


def standing(text: str) -> bool:
    """Said as standing about a generic subject: framing and no mark of the occasion."""
    return bool(standing_framing(text)) and not occasion_marker(text)


@lru_cache(maxsize=1 << 16)
def _states_rule(quote: str) -> bool:
    return read(quote).rule and not machine_line(quote)


@lru_cache(maxsize=1 << 16)
def _backs_rule(quote: str) -> bool:
    """A wording generic enough to back a rule said elsewhere (`Reading.corroborates`: "changelog
    entries in the past tense" beside "write changelog entries past tense"); no terminal line."""
    return read(quote).corroborates and not machine_line(quote)


def _same_subject(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two wordings are about one thing: they share a rare word (`similarity.rare`: "poetry",
    "analogies") or two content words ("process builder"); one everyday word ("test", "error") is
    what unrelated remarks share."""
    shared = a & b
    return len(shared) >= 2 or bool(sim.rare(shared))


def restating_sessions(rule: Rule, by_id: dict[str, Observation]) -> set[str]:
    """The sessions holding a wording that states a rule and restates the rule's name."""
    name = sim.tokens(rule.statement)
    out: set[str] = set()
    for oid in rule.observation_ids:
        o = by_id.get(oid)
        if o is None or (o.session_id or o.unit_key) in out:
            continue
        words = sim.tokens(o.statement)
        alike = sim.similarity(name, words) >= RESTATEMENT
        # the same rule in other words: most words alike (a wording that only backs a rule must be
        # that close), or a rule with no mark of the occasion about the thing the name is about
        # ("no tabs in the tide csv files" / "the tide csv files use commas, never tabs")
        if (_states_rule(o.quote) and (alike or (_same_subject(name, words) and not occasion_marker(o.quote)))) or (
            alike and _backs_rule(o.quote)
        ):
            out.add(o.session_id or o.unit_key)
    return out


def _said_by_person(rule: Rule, by_id: dict[str, Observation]) -> bool:
    """The rule's name is one of its members' wordings (not a convention a digester derived)."""
    name = " ".join(rule.statement.split()).casefold().rstrip(".")
    return any(
        " ".join(o.statement.split()).casefold().rstrip(".") == name
        for oid in rule.observation_ids
        if (o := by_id.get(oid)) is not None
    )


def screen(rules: Sequence[Rule], observations: Sequence[Observation]) -> list[Rule]:
    """The rules with the policy applied: a learned rule named by a wording that is neither
    standing nor restated in MIN_SESSIONS sessions keeps only its restating sessions as support
    (and a terminal or data line none)."""
    by_id = {o.observation_id: o for o in observations}
    out: list[Rule] = []
    for r in rules:
        if (
            r.facet is Facet.DIRECTIVES
            or r.superseded_by is not None
            or r.statement.startswith(HABIT_FRAME)
            or not _said_by_person(r, by_id)
        ):
            out.append(r)
            continue
        if machine_line(r.statement) or occasion_marker(r.statement) in _NEVER_A_RULE:
            # a terminal line, a question or a status note is no rule however often it recurs
            out.append(r.model_copy(update={"support_sessions": 0}))
            continue
        if standing(r.statement):
            out.append(r)
            continue
        restated = len(restating_sessions(r, by_id))
        if restated < freshness.MIN_SESSIONS and restated < r.support_sessions:
            r = r.model_copy(update={"support_sessions": restated})
        out.append(r)
    return out
