"""When a change of habit happened, said in place of "now" (issue 15).

People rarely announce a reversal with "from now on". They say when the change happened and let
the present tense carry what holds since:

- `SINCE_POINT`: the temporal preposition "since" with a noun phrase naming a point or an event
  ("since the refit we sail with the small jib", "X is the target since the cluster upgrade",
  "since june", "since last spring", "ever since then"). Quirk et al. 1985 §9.35 and §14.18: temporal
  "since" marks the start of a period that runs up to the moment of speaking, so what the main clause
  says has held from that point on — a change. Causal "since" opens a finite clause ("since the
  tests are slow, …"), which the phrase here never holds: none of its words is an auxiliary, a
  modal, a negator or a pronoun, and a plural noun is never followed by another word (a plural
  subject and its bare verb: "since the tests fail").
- `DATED_CHANGE`: a past verb of change with its destination and a past point in the same clause
  ("switched over to ruff last quarter", "ride tracking went over to komoot in june", "in march we
  moved the recipes to obsidian"): the change told as an event, whose result stands (Quirk §4.20:
  the simple past with a definite time adjunct). The verbs are the lemmas of WordNet 3.0's
  switch.v.03, move.v.02 (and its phrasal "go over/back to"), migrate.v.01, change.v.06, convert.v.01,
  port.v.02 (of software), shift.v.03 and transition.v.01.

Both are alternatives of `reading.REVERSAL`, so they read as "these days" does, with its guards
(hedged, another's, retracted or bounded changes are no reversal: `change_reading`).

Every gap is bounded (a few words, at most 80 characters), so each pattern is linear on a line.
"""

from __future__ import annotations

import re

# the closed classes a noun phrase never holds (Quirk §3.21ff: auxiliaries and modals; §10.54
# negators; §6.2 personal pronouns): with one of them after "since", "since" opens a clause
_NOT_IN_NP = (
    r"is|are|was|were|be|been|being|am|has|have|had|do|does|did|can|could|will|would|shall|should|"
    r"may|might|must|not|never|no|isn't|aren't|wasn't|weren't|hasn't|haven't|hadn't|don't|doesn't|"
    r"didn't|can't|won't|wouldn't|shouldn't|it|it's|they|they're|he|she|you|you're|i|we|that's|"
    r"there|there's|nobody|everyone|everybody|someone|somebody|anyone|anybody"
)
_MONTHS = r"january|february|march|april|may|june|july|august|september|october|november|december"
_SEASONS = r"spring|summer|autumn|fall|winter"
# the time nouns of reading._TIME_NOUNS (a point in a calendar or a release cycle)
_TIME_NOUNS = r"week|month|quarter|year|sprint|release|iteration|cycle|term|season"
# a point in the past: "last quarter", "in june", "in 2024", "three weeks ago", "earlier this year"
_PAST_POINT = (
    rf"(?:last\s+(?:{_TIME_NOUNS}|{_SEASONS}|{_MONTHS})|in\s+(?:(?:early|late|mid)\s+)?(?:{_MONTHS}|(?:19|20)\d\d)|"
    rf"(?:a|one|two|three|four|five|six|a\s+few|a\s+couple\s+of|\d+)\s+(?:{_TIME_NOUNS})s?\s+ago|"
    rf"earlier\s+this\s+(?:{_TIME_NOUNS}))"
)
# a word of a noun phrase after "since": no closed-class word above; a word ending in -s only last
_NP_WORD = rf"(?!(?:{_NOT_IN_NP})\b)[a-z0-9][\w.+#-]*"
_NP_WORD_NOT_PLURAL = rf"(?!(?:{_NOT_IN_NP})\b)[a-z0-9][\w.+#-]*(?<!s)"
SINCE_POINT = (
    r"\b(?:ever\s+)?since\s+"
    rf"(?:then\b|(?:{_MONTHS}|(?:19|20)\d\d)\b|last\s+(?:{_TIME_NOUNS}|{_SEASONS}|{_MONTHS})\b|"
    # a determined noun phrase of one to three words, ending where the clause does ("since the
    # refit, …", "… since the cluster upgrade") or where the main clause's first-person subject starts
    rf"(?:the|our|my)\s+(?:{_NP_WORD_NOT_PLURAL}\s+){{0,2}}{_NP_WORD}(?=\s*(?:[,;:.!)]|$)|\s+(?:we|i)\b))"
)
# a past verb of change and its destination (WordNet lemmas in the module docstring)
# (not after a personal pronoun: "we moved to X" is the person's own change, read with its guards by
# `reading.change_said`, and "we went to the club last week" or "I moved to leeds last year" are
# journeys; here the subject is the practice that changed, or none: "ride tracking went over to …")
_PRONOUN_BEFORE = "".join(
    rf"(?<!\b{p} )" for p in ("i", "we", "you", "he", "she", "they", "i've", "we've", "they've", "i'd", "we'd")
)
_CHANGED_TO = (
    rf"{_PRONOUN_BEFORE}(?:switched|moved|migrated|changed|converted|ported|shifted|transitioned|went)"
    r"(?:\s+(?:over|back|across))?\s+(?:to|onto)\s+\S"
)
# the verb and the past point, either order, inside one clause (no clause punctuation between)
DATED_CHANGE = (
    rf"\b{_CHANGED_TO}[^,;:.!?]{{0,80}}?\b{_PAST_POINT}\b"
    rf"|\b{_PAST_POINT}\s*,?\s+(?:[^,;:.!?\s]+\s+){{0,4}}?{_CHANGED_TO}"
)

# a return to an earlier way, said as the change itself: "we went back to strava, komoot was worse",
# "back to black for formatting" (the particle "back" with a verb of motion or change and its
# destination, Quirk §16.2ff; a clause that opens with "back to" is its ellipsis). Coordinated after
# another change ("we switched to X but went back") it undoes that change: `change_reading.retracted`.
RETURN_TO = (
    r"\b(?:went|switched|moved|changed|swapped|swopped|reverted)\s+back\s+to\s+\S"
    r"|(?:^|[,;:]\s*)back\s+to\s+(?!(?:normal|square|work|school|bed|sleep)\b)\S"
)
_SINCE = re.compile(SINCE_POINT)
_DATED = re.compile(DATED_CHANGE)
_WHEN = re.compile(rf"{SINCE_POINT}|\b{_PAST_POINT}\b")
_CHANGE_VERB = re.compile(
    r"\b(?:switched|moved|migrated|changed|converted|ported|shifted|transitioned|went)(?:\s+(?:over|back|across))?"
    r"(?=(?:\s+[^\s,;:.!?]+){0,4}?\s+(?:to|onto)\b)"
)


def marked(text: str) -> bool:
    """The sentence says when a change happened (`SINCE_POINT`, or a past point beside a verb of change)."""
    low = " ".join(text.lower().replace("’", "'").split())
    return bool(_SINCE.search(low) or _DATED.search(low))


def unmarked(text: str) -> str:
    """The sentence without when its change happened and without the verb of change ("ride tracking
    went over to komoot in june" -> "ride tracking to komoot"): what it is about, for comparing it with
    the older wording of the same habit, whose words it shares only outside those phrases."""
    low = " ".join(text.lower().replace("’", "'").split())
    return " ".join(_CHANGE_VERB.sub(" ", _WHEN.sub(" ", low)).split())
