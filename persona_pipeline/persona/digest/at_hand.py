"""The work at hand: a sentence about one occasion, however firmly it is said.

A person names the repository a session works in by its coined name only when they talk about
work there: in its own session the name points at the job at hand as "here" does ("upload the
candidate of quillmoss to PyPI, not the final", "don't touch the fixtures in quillmoss until the
audit is signed"). Said with any force — a negation, a contrast, a modal — it is still that one
job, so it is no rule unless the sentence also carries a standing marker: a frequency or scope
adverbial ("always", "never", "by default"), a universal quantifier over a class ("every
migration", "any endpoint"), an arrangement from now on, or the person's own preference or habit
("I prefer …", "we deploy … on Fridays"). The markers are `reading`'s closed classes (see its
docstring); the coined-name test is `reading.coined` (the general-English frequency list).
"""

from __future__ import annotations

import re

from persona_pipeline.persona.digest.reading import (
    FIRST_PERSON,
    FUTURE,
    HABITUAL,
    MALFUNCTION,
    PREFER,
    REVERSAL,
    UNIVERSAL,
    Reading,
    names_one_thing,
    names_own_project,
    opens_with_verb,
    words,
)

# the readings whose force says the sentence holds beyond one occasion (reading._clause_force)
_STANDING = frozenset(
    {
        "habitual",
        "universal",
        "reversal",
        "change of habit",
        "first-person preference",
        "first-person habit",
        "comparative judgement",
    }
)

# how a prohibition opens (a negative imperative: "don't touch …", "do not merge …")
_NEGATIVE_IMPERATIVE = frozenset({"don't", "dont", "do", "please"})
# a literal value quoted in the sentence ('caffè-latte', "v2-final"): one instance, not a class
_QUOTED = re.compile(r"(?<![\w'])'[^'\s][^'\n]{0,80}'(?![\w'])|\"[^\"\n]{1,80}\"")


def _low(text: str) -> str:
    return " ".join(text.lower().replace("\u2019", "'").split())


def task_in_own_project(reading: Reading, project: str) -> bool:
    """A sentence naming its own session's repository by a coined name, with no standing marker:
    a task in that repository, not a habit. A weak imperative naming it is one whatever else it
    says (the older rule of `offline.drafts_for`)."""
    if not names_own_project(reading.text, project):
        return False
    if reading.strength < 1.0 and opens_with_verb(reading.text):
        return True
    if standing(reading):
        return False
    # a request, a fault or one thing pointed at in it; a generic statement whose subject is the
    # repository ("<repo> follows semver", "in <repo>, configs are yaml") is one of its conventions
    low = _low(reading.text)
    w = words(low)
    return bool(
        w
        and (
            opens_with_verb(low)
            or w[0] in _NEGATIVE_IMPERATIVE
            or MALFUNCTION.search(low)
            or _QUOTED.search(reading.text)
            # (said of the repository as the subject, "its settings" is its own: a convention)
            or (names_one_thing(low) and not low.startswith(project.rsplit("/", 1)[-1].lower()))
        )
    )


def standing(reading: Reading) -> bool:
    """Whether a sentence says it holds beyond one occasion, by any of its clauses' markers (the
    deciding `why` is only the first one found: "I prefer X over Y" reads as a contrast)."""
    low = _low(reading.text)
    if reading.why in _STANDING or reading.reversal:
        return True
    if HABITUAL.search(low) or FUTURE.search(low) or REVERSAL.search(low) or UNIVERSAL.search(low):
        return True
    w = words(low)
    return bool(w) and w[0] in FIRST_PERSON and bool(PREFER.search(low))
