"""A status note or an instruction for the moment: no change of a standing rule.

"The build box is down, restart the agent" and "X is broken today, use Y for now" say what to do
while something is the way it is now; they change no habit. A supersession needs a durable change
(a habit, a generic statement, a stated decision or a change of habit: `at_hand.standing`,
`reading.change_said`), so a sentence read here as momentary neither supersedes, supports nor names
a standing rule (`fold`). Momentary, when nothing in it says it holds beyond the occasion:
- it is bounded to the present moment by a deictic time adverbial ("today", "for now", "at the
  moment": the present-moment time-position adjuncts of Quirk et al. 1985, §8.55), or
- it reports how a thing is (a copula and a state that is no praise: a WordNet adjective,
  `thesaurus.state`, of no positive valence, or a malfunction word, `reading.MALFUNCTION`) and
  then asks for one piece of work on one thing (an imperative naming a definite object,
  `reading.names_one_thing`): "grafana is dead, look at the logs". A report beside a generic
  statement of the new practice ("X is dead, the club photos live on Y") is a verdict on the old
  way, not a moment: it stays a change.
"""

from __future__ import annotations

import re
from functools import lru_cache

from persona_pipeline.persona.digest import thesaurus
from persona_pipeline.persona.digest.at_hand import standing
from persona_pipeline.persona.digest.reading import (
    DEFINITE,
    FIRST_PERSON,
    MALFUNCTION,
    PREPOSITIONS,
    QUANTIFIERS,
    SUBJECT_PRONOUNS,
    change_said,
    clauses,
    names_one_thing,
    opens_with_verb,
    read,
)
from persona_pipeline.persona.digest.similarity import valence

# present-moment time adjuncts (Quirk et al. 1985, §8.55: "now"-deixis and its bounded forms)
_NOW = re.compile(
    r"\b(?:today|tonight|right now|just now|for now|for the moment|for the time being|at the moment|"
    r"this (?:morning|afternoon|evening|week))\b"
)
# a clause reporting a state: a subject of up to four words, a copula or a verb of seeming, an
# optional degree/aspect adverb, and the state
_REPORT = re.compile(
    r"^(?:[\w.'-]+\s+){1,4}?(?:is|are|was|were|'s|seems?|looks?|went|has gone|got)\s+"
    r"(?:(?:still|again|completely|totally|really|so|very|a\s+bit|kind\s+of)\s+)?(?P<state>[a-z]+)\b"
)


# what opens an object noun phrase after a verb, and what cannot be an imperative's verb (the
# closed classes `reading` lists)
_OBJECT_OPENERS = DEFINITE | {"a", "an", "it", "them", "my", "our", "your"}
_NOT_VERB = DEFINITE | QUANTIFIERS | SUBJECT_PRONOUNS | FIRST_PERSON | PREPOSITIONS | {"a", "an", "there", "here"}


# a subordinate clause's opener or an existential subject (closed classes of English grammar)
_CONDITION = re.compile(r"^(?:if|when|whenever|once|unless|because|since|as|while|after|before|until|there)\b")


def _low(text: str) -> str:
    return " ".join(text.lower().replace("\u2019", "'").split())


def _reports_state(clause: str) -> bool:
    if _CONDITION.match(clause):
        return False  # a condition or an existential ("if there are two ways …") reports nothing
    if MALFUNCTION.search(clause):
        return True
    # a state that is no praise ("X is fine" judges the old way, it reports nothing gone wrong)
    m = _REPORT.match(clause)
    return bool(m) and thesaurus.state(m.group("state")) and valence(m.group("state")) <= 0


def _asks_one_job(clause: str) -> bool:
    """An imperative naming one thing definitely ("restart the agent", "look at the logs"): it
    opens with a verb `reading` lists, or with a word a determiner follows (directly or after one
    preposition), which English word order makes a verb taking an object, not a subject."""
    if not names_one_thing(clause):
        return False
    if opens_with_verb(clause):
        return True
    w = clause.split()
    if len(w) < 2 or w[0] in _NOT_VERB:
        return False
    return w[1] in _OBJECT_OPENERS or (len(w) > 2 and w[1] in PREPOSITIONS and w[2] in _OBJECT_OPENERS)


@lru_cache(maxsize=1 << 16)
def momentary(text: str) -> bool:
    """Whether the sentence is a status note or an instruction for the moment (module docstring)."""
    low = _low(text)
    if _NOW.search(low):
        # the bounded adjunct itself ("… for now") would read as a change said with "now"
        rest = _NOW.sub(" ", low)
        return not (standing(read(rest)) or change_said(rest))
    if standing(read(text)) or change_said(text):
        return False
    # the status first, then what to do about it ("X is down, restart the agent"); a state said
    # after an instruction is its reason ("mark the Y, the linter is yelling"), and the instruction
    # may well be a standing one
    parts = clauses(low)
    first = next((k for k, c in enumerate(parts) if _reports_state(c)), None)
    return first is not None and any(_asks_one_job(c) for c in parts[first + 1 :])
