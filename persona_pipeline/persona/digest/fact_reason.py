"""A standing fact given first as the reason for a habit asked after it.

People often give the reason before the rule: "the ferry app is used by tourists, always show
prices in euros and pounds", "the team calendar is public, never put patient names in it". The
first clause says how one thing stands; read alone it is "about one thing" and the whole
sentence would be no rule. Read as the reason of the imperative after it (as "since …, <rule>"
already is), the imperative is the rule. Only where both halves say so:
- the first clause states a standing fact about a thing (a definite or a bare noun phrase as its
  subject, a verb in the simple present: "is used by", "is public", "runs on"), not an event or a
  passing state: no past or perfect, no progressive, no modal, no adverb of a moment or a
  repetition ("now", "again", "still", "today", "anymore", "yet"; Quirk et al. 1985 §4.4–4.16 on the
  state present against the event and instantaneous presents), no fault (`reading.MALFUNCTION`);
- a later clause is an imperative with a frequency or universal adverbial that makes it a habit
  by its own words ("always …", "never …", "… for every …"): "the server is down, restart it" or
  "the build is red, don't merge" (a passing state and one act: `momentary` in the fold) keep
  their reading.
"""

from __future__ import annotations

import re
from functools import cache

# a moment, a repetition or a change: the event or instantaneous present, not how a thing stands
_MOMENT = re.compile(r"\b(?:now|again|still|today|tonight|anymore|any more|yet|currently|right now|back)\b")
_PROGRESSIVE = re.compile(r"\b(?:is|are|'s|'re|am)\s+(?:not\s+|still\s+)?[a-z]+ing\b")
_PERFECT = re.compile(r"\b(?:has|have|had|hasn't|haven't|hadn't|'ve)\s+(?:not\s+|never\s+)?[a-z]+(?:ed|en|wn|ne|t)\b")
_PAST_AUX = re.compile(r"\b(?:was|were|wasn't|weren't|did|didn't)\b")
# the passive of the present ("is used by", "are shared with"): a state, though its participle is in -ed
_PASSIVE = re.compile(r"\b(?:is|are|isn't|aren't)\s+(?:\w+ly\s+)?[a-z]+(?:ed|en|wn|ne|t)\b")


def standing_fact(clause: str) -> bool:
    """Whether a clause (lowercased) states how a thing stands in the simple present."""
    from persona_pipeline.persona.digest import reading as r

    w = r.words(clause)
    if len(w) < 3 or w[0] in r.FIRST_PERSON | {"you", "your", "i", "we"} or w[0] in r.NOT_A_SUBJECT_WORDS:
        return False
    if r.MODAL.search(clause) or r.MALFUNCTION.search(clause) or _MOMENT.search(clause):
        return False
    if _PROGRESSIVE.search(clause) or _PERFECT.search(clause) or _PAST_AUX.search(clause):
        return False
    if w[0] in r.base_verbs() or w[0] in {"always", "never", "don't", "do", "please", "no", "not"}:
        return False  # an imperative, not a statement
    finite = re.search(r"\b(?:is|are|isn't|aren't)\b", clause) or any(
        x.endswith("s") and not x.endswith(("ss", "us", "is")) and x in _present_verbs() for x in w[1:6]
    )
    past = [x for x in w[1:] if r.is_past(x)]
    return bool(finite) and (not past or bool(_PASSIVE.search(clause)))


@cache
def _present_verbs() -> frozenset[str]:
    """The third-person singular of the imperative verbs (`reading.base_verbs`): "runs", "holds"."""
    from persona_pipeline.persona.digest import reading as r

    regular = (v + ("es" if v.endswith(("s", "sh", "ch", "x", "z", "o")) else "s") for v in r.base_verbs())
    return frozenset(regular) | {"goes", "does", "has"}  # (the irregular ones: go, do, have)


def habit_asked(clause: str) -> bool:
    """Whether a clause (lowercased) is an imperative that says it is a habit: a frequency adverb
    ("always", "never") or a universal quantifier over a class, with a base verb."""
    from persona_pipeline.persona.digest import reading as r

    w = r.words(clause)
    if not w or not (r.HABITUAL.search(clause) or r.UNIVERSAL.search(clause)):
        return False
    while w and w[0] in {"please", "just", "also", "so", "and", "then"}:
        w = w[1:]
    if len(w) > 1 and w[0] in {"always", "never"}:
        # a clause opened by "always"/"never" with no subject is an imperative (Quirk et al. 1985,
        # §11.24), whatever its verb; not before an auxiliary or a pronoun ("never is", "always you")
        return w[1] not in r.AUX | r.SUBJECT_PRONOUNS | {"mind"}
    while w and w[0] in {"don't", "do"}:
        w = w[1:]
    return bool(w) and w[0] in r.base_verbs()
