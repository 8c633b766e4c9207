"""How one thing stands, said in the simple present: a fact that may back a rule said elsewhere.

A sentence whose subject is one definite thing ("the handbook repo is the home of the glossary",
"the lockfile goes into the same commit as the manifest") names no rule on its own: the same shape
reports a task's state ("the coverage file is in the temp folder"). Said in the simple present of
a characterising statement, with no sign of an event, it may still back a rule the person states
in other words elsewhere; like a bare imperative with a definite object (`Reading.corroborates`),
it then adds support to that rule and never starts, names or establishes one. The grammar
(closed-class English only):
- an event or a request is not how a thing stands: a past or a perfect ("the importer skipped the
  header row", "the cache has grown"), a progressive ("the queue is filling up"), a modal ("the
  footer should show the hash"), a verb of needing or wanting ("the report needs a totals column",
  "the designer wants …"), "again", "back" (a return: "the warning is back"), or an additive
  "too" / "as well" / "also" (one more item for the task at hand);
- a temporal or conditional clause tells of an occasion ("… spins up when the laptop wakes"), a
  number of something measured or returned, in digits or words ("renders in 40 seconds", "answers
  503", "takes eleven seconds"), a question;
- a demonstrative subject ("this file …", "that handler …") points at the thing at hand;
- only what the thing is counts: a copula and a noun phrase or a free relative ("… is the home of
  …", "… is where …"); how it behaves ("… hums at night"), where it lies ("… sits in the attic")
  or what state it is in ("… is cracked at the hinge") may be a fault or the very thing a rule forbids.
A predicate that runs the thing down ("… is the worst …") is a complaint, not how it stands. A fact
backs only a rule that its predicate restates (the rule names what the fact says the thing is, not
only the thing: "the handbook repo is the home of the glossary" backs "keep the glossary in the
handbook repo"; "the old printer is a relic" backs no "always print on the old printer"), and only
the same way round (`agrees`): a negated fact a rule against something, a
plain one a rule for something.
The reader (`reading.read`) has already set aside questions, deixis, specific references,
malfunctions and descriptions of behaviour before it asks this.
"""

from __future__ import annotations

import re

from persona_pipeline.persona.digest.reading import AUX, MODAL, NEGATOR, PREPOSITIONS, is_past, words

# verbs whose object is what the subject lacks or someone asks for: a request about one thing
_NEED = re.compile(r"\b(?:needs?|needed|wants?|wanted|requires?|required|lacks?|misses)\b")
# an event, a repetition, a return or one more item for the task at hand
_EVENT = re.compile(r"\b(?:again|too|as well|also|anymore|any more|just|already|back)\b")
# a temporal or conditional clause: when the thing does it, an occasion ("… when the laptop wakes")
_OCCASION = re.compile(r"\b(?:when|whenever|after|once|if|every time|each time|even though|although)\b")
_PROGRESSIVE = re.compile(r"\b(?:is|are|isn't|aren't|'s|'re)\s+(?:not\s+|still\s+)?[a-z]+ing\b")
_PERFECT = re.compile(
    r"\b(?:has|have|had|hasn't|haven't|hadn't|'s|'ve)\s+(?:not\s+|never\s+)?(?:been|[a-z]+(?:ed|en|wn|ne))\b"
)
# English cardinal numerals (a closed class of the grammar): a quantity written out in words
_CARDINAL = re.compile(
    r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|"
    r"thousand|million|billion|dozen|dozens|hundreds|thousands|millions)\b"
)
_DEMONSTRATIVE_SUBJECT = frozenset({"this", "that", "these", "those", "it", "they", "there"})
# what the thing is: a copula and a noun phrase or a free relative ("… is the home of …", "… isn't a
# place for …", "… is where …"), not how it behaves ("… hums at night"), where it lies ("… sits in
# the attic": a location can be what a rule forbids) or what state it is in ("… is cracked": a fault)
_CHARACTERISED = re.compile(
    r"^(?:[\w'.+-]+\s+){1,6}?(?:is|are|isn't|aren't)\s+(?P<pred>(?:not\s+)?"
    r"(?:a|an|the|my|our|your|its|their|no|what|where|how|who)\b.*)$"
)
# a predicate that runs the thing down ("… is a disaster for …", "… is the worst …": general-English
# valence, `similarity.valence`) is a complaint, which may be counter-evidence to a rule for it
NEGATIVE_VERDICT = -0.5
# a rule against something: a negative directive ("don't …", "never …", "no …", "avoid …")
_AGAINST = re.compile(r"^(?:please\s+)?(?:don'?t|do not|never|no|avoid|stop|quit|skip)\b")
# past forms of "be": the state they tell of has passed
_PAST_BE = frozenset({"was", "were", "wasn't", "weren't"})


def present_fact(text: str) -> bool:
    """Whether a sentence about one definite thing says how it stands in the simple present (see the
    module docstring): it may corroborate a rule, never state one."""
    low = _low(text)
    w = words(low)
    if len(w) < 3 or w[0] in _DEMONSTRATIVE_SUBJECT:
        return False
    if MODAL.search(low) or _NEED.search(low) or _EVENT.search(low) or _OCCASION.search(low):
        return False
    if any(c.isdigit() for c in low) or _CARDINAL.search(low) or "?" in low:
        return False  # a measured quantity or a code observed ("renders in 40 seconds", "answers 503"), a question
    if _PROGRESSIVE.search(low) or _PERFECT.search(low):
        return False
    if any(x in _PAST_BE for x in w):
        return False
    # a finite verb in the past ("the importer skipped", "the bucket moved"), not a participle
    # after an auxiliary
    if any(is_past(x) and w[i - 1] not in AUX for i, x in enumerate(w) if i):
        return False
    m = _CHARACTERISED.match(low)
    return bool(m) and _valence(m.group("pred")) > NEGATIVE_VERDICT


def predicate(text: str) -> str:
    """What a characterising fact says its subject is: the complement's noun and its of-phrase ("the
    home of the glossary", not the adjunct of "a letdown on long cuts"); a free relative's clause
    ("where the drafts live"); '' for any other sentence."""
    m = _CHARACTERISED.match(_low(text))
    if not m:
        return ""
    w = m.group("pred").split(",")[0].split()
    if w and w[0] == "not":
        w = w[1:]
    if w and w[0] in {"what", "where", "how", "who"}:
        return " ".join(w)
    core: list[str] = []
    for i, x in enumerate(w[1:], 1):  # after the determiner
        if x in PREPOSITIONS and not (x == "of" and "of" not in w[1:i]):
            break  # an adjunct (or a second of-phrase): where or how, not what the thing is
        core.append(x)
    return " ".join(core)


def subject(text: str) -> str:
    """The words before a characterising fact's copula, '' for any other sentence."""
    m = _CHARACTERISED.match(_low(text))
    return _low(text)[: m.start("pred")] if m else ""


def _valence(text: str) -> float:
    from persona_pipeline.persona.digest.similarity import valence

    return valence(text)


def agrees(fact: str, rule: str) -> bool:
    """A fact backs a rule only the same way round: a negated fact ("the sandbox isn't a place for
    real data") a rule against something, a plain one ("the handbook repo is the home of the
    glossary") a rule for something. A plain fact beside a rule against it ("the attic is the home of the
    old prints" / "never store prints in the attic") is counter-evidence, not support."""
    return negated(fact) == against(rule)


def against(rule: str) -> bool:
    """Whether a rule is said against something: a negative directive ("don't …", "never …")."""
    return bool(_AGAINST.match(_low(rule)))


def negated(text: str) -> bool:
    """Whether a sentence holds a negator ("not", "n't", "never", "no", …)."""
    return bool(NEGATOR.search(_low(text)))


def _low(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").split())
