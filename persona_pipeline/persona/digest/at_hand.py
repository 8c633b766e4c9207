"""The work at hand: a sentence about one job in the repository a session works in.

A person names the repository a session works in by its coined name mostly to talk about work
there: in its own session the name points at the job at hand as "here" does. Said with any force
(a negation, a contrast, a modal) such a sentence is still one job when it is bounded or points at
one thing: it waits for one event ("… until the handover is signed"), reports a fault (a
malfunction word, a quoted literal value), or its clause naming the repository names one thing in it
definitely ("copy the march invoices of <repo> into the archive bucket"). A rule scoped to the
repository stays: a prohibition or a choice of a kind ("don't add dependencies to <repo> without
asking", "no print statements in <repo>"), a state to keep ("keep <repo>'s changelog in plain
text"), a habit or preference of the person's ("in <repo> we write docs in markdown"), a frequency
adverbial or a universal quantifier ("never deploy <repo> on fridays"), and a generic statement
whose subject is the repository ("<repo> follows semver"). The markers are `reading`'s closed
classes; the coined-name test is `reading.coined` (the general-English frequency list).
"""

from __future__ import annotations

import re

from persona_pipeline.persona.digest.reading import (
    AUX,
    CONJUNCTIONS,
    DEFINITE,
    FIRST_PERSON,
    FUTURE,
    HABITUAL,
    MALFUNCTION,
    PREFER,
    PREPOSITIONS,
    QUANTIFIERS,
    REVERSAL,
    UNIVERSAL,
    Reading,
    clause_force,
    clauses,
    names_one_thing,
    names_own_project,
    opens_with_verb,
    words,
)

# the forces that say a clause holds beyond one occasion (reading._clause_force's reasons)
_STANDING = frozenset(
    {
        "habitual",
        "universal",
        "reversal",
        "change of habit",
        "first-person preference",
        "first-person habit",
        "first-person state",
        "comparative judgement",
        "standing state",
    }
)
# waiting for one event: "until"/"till" (a condition that recurs is said with a habit: "never
# deploy until CI is green" keeps its "never")
_UNTIL = re.compile(r"\b(?:until|till)\b")
# a literal value quoted in the sentence ('caffè-latte', "v2-final"): one instance, not a class
_QUOTED = re.compile(r"(?<![\w'])'[^'\s][^'\n]{0,80}'(?![\w'])|\"[^\"\n]{1,80}\"")
# a definite with a restrictive relative clause of a pronoun ("the module they cover", "the file
# it tests"): each one's own, a relation, not one thing pointed at
_RELATIVE_DEFINITE = re.compile(r"\bthe\s+[a-z-]+\s+(?:that\s+|which\s+)?(?:they|it|we|you|i|he|she)\s+[a-z]+")


# (nor a verb of a state to keep: "… and keep the suite green" is a standing state, `reading`'s)
_NOT_A_VERB = PREPOSITIONS | CONJUNCTIONS | QUANTIFIERS | DEFINITE | AUX
_NOT_A_VERB |= {"also", "not", "only", "even", "just", "then", "keep", "stay", "remain"}
# a coordinated imperative acting on one definite thing: "… and paste the output", "… then send me the list"
_THEN_ACT = re.compile(
    r"\b(?:and|then|and then)\s+(?P<verb>[a-z]+)\s+(?:me\s+|us\s+)?(?:the|its|their|that|those|these)\s+[a-z]"
)


def _one_act_after(low: str) -> bool:
    """A second imperative, coordinated, acting on one definite thing (the first act's result): the
    word between the conjunction and the determiner is a verb, as a noun phrase cannot stand there
    ("… and paste the output"); not a function word or an adverb ("… and also the logs")."""
    return any(
        v not in _NOT_A_VERB and not v.endswith("ly") for v in (m.group("verb") for m in _THEN_ACT.finditer(low))
    )


def _low(text: str) -> str:
    return " ".join(text.lower().replace("\u2019", "'").split())


def task_in_own_project(reading: Reading, project: str) -> bool:
    """A sentence naming its own session's repository by a coined name that is one job there (see
    the module docstring). A weak imperative naming it is one whatever else it says (the older rule
    of `offline.drafts_for`)."""
    if not names_own_project(reading.text, project):
        return False
    if reading.strength < 1.0 and opens_with_verb(reading.text):
        return True
    low = _low(reading.text)
    if _UNTIL.search(low) and not HABITUAL.search(low):
        return True
    if reading.why == "universal" and not HABITUAL.search(low) and _one_act_after(low):
        # "run the audit on every host in <repo> and send me the report": the quantifier spans the
        # things of one job, whose result a second act takes up ("the report"): one job
        return True
    if standing(reading):
        return False
    if MALFUNCTION.search(low) or _QUOTED.search(reading.text):
        return True
    name = re.escape(project.rsplit("/", 1)[-1].strip().lower())
    for c in clauses(low):
        if not re.search(rf"(?<![\w-]){name}(?![\w-])", c):
            continue
        if re.match(rf"{name}\s", c):
            return False  # the repository as the subject: one of its conventions ("<repo> uses tabs")
        # the repository itself, its genitive and a relative definite are no thing pointed at in it
        rest = re.sub(rf"\b(?:the\s+)?{name}(?:'s)?(?![\w-])", " ", _RELATIVE_DEFINITE.sub(" ", c))
        if names_one_thing(rest):
            return True
    return False


def standing(reading: Reading) -> bool:
    """Whether a sentence says it holds beyond one occasion, by any of its clauses' readings (the
    deciding `why` is only the first one found: "I prefer X over Y" reads as a contrast)."""
    low = _low(reading.text)
    if reading.why in _STANDING or reading.reversal:
        return True
    if HABITUAL.search(low) or FUTURE.search(low) or REVERSAL.search(low) or UNIVERSAL.search(low):
        return True
    w = words(low)
    if w and w[0] in FIRST_PERSON and PREFER.search(low):
        return True
    return any(clause_force(re.sub(r"^in\s+\S+\s+", "", c))[1] in _STANDING for c in clauses(low))
