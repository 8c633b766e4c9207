"""When a change of habit happened, said in place of "now" (issue 15).

People rarely announce a reversal with "from now on". They say when the change happened and let
the present tense carry what holds since:

- `since_own`: the temporal preposition "since" with a noun phrase naming a point or an event
  ("since the refit we sail with the small jib", "the bread is what I bake with spelt since the new
  oven", "since june", "since last spring", "ever since then"). Quirk et al. 1985 §9.35 and §14.18:
  temporal "since" marks the start of a period that runs up to the moment of speaking, so what the
  main clause says has held from that point on — a change. Causal "since" opens a finite clause
  ("since the tests are slow, …"), which the phrase here never holds: none of its words is an
  auxiliary, a modal, a negator or a pronoun, and a plural noun is never followed by another word (a
  plural subject and its bare verb: "since the tests fail"). Only a main clause about the person's
  own practice reads as their change: a first-person word in it or an imperative, and no negated
  or modal verb ("since the update, the mount won't park" dates a fault; "since the migration the
  job takes an hour" how a thing behaves; "since the outage we've lost two orders" tells events).
- `dated_own`: a past verb of change with its destination and a past point in the same clause
  ("switched over to ruff last quarter", "ride tracking went over to komoot in june"): the change
  told as an event, whose result stands (Quirk §4.20: the simple past with a definite time adjunct).
  The verbs are the lemmas of WordNet 3.0's switch.v.03, move.v.02 (and its phrasal "go over/back
  to"), migrate.v.01, change.v.06, convert.v.01, port.v.02 (of software), shift.v.03 and
  transition.v.01; "go" only with its particle ("went to the mechanic" is a journey). Its subject is
  the practice that changed, or none: not a personal pronoun ("we moved to X" keeps the reading
  `reading.change_said` gives it, which needs a name on the new side), not one determined thing ("the
  truck went over to the garage"), and not people or a group ("the whole guild went over to discord":
  WordNet noun.person and noun.group), whose change is theirs.

Both are read beside `reading.REVERSAL` (`change_said`), so they carry its guards (hedged, another's,
retracted or bounded changes are no reversal: `change_reading`).

Every gap is bounded (a few words, at most 80 characters), so each pattern is linear on a line.
"""

from __future__ import annotations

import re
from itertools import islice

# the closed classes a noun phrase never holds (Quirk §3.21ff: auxiliaries and modals; §10.54
# negators; §6.2 personal pronouns): with one of them after "since", "since" opens a clause
_NOT_IN_NP = (
    r"is|are|was|were|be|been|being|am|has|have|had|do|does|did|can|could|will|would|shall|should|"
    r"may|might|must|not|never|no|isn't|aren't|wasn't|weren't|hasn't|haven't|hadn't|don't|doesn't|"
    r"didn't|can't|won't|wouldn't|shouldn't|it|it's|they|they're|he|she|you|you're|i|we|that's|"
    r"there|there's|nobody|everyone|everybody|someone|somebody|anyone|anybody"
)
MONTHS = r"january|february|march|april|may|june|july|august|september|october|november|december"
_SEASONS = r"spring|summer|autumn|fall|winter"
# time nouns naming a point in a calendar or a release cycle (reading._TIME_NOUNS less its times of
# day and "round", plus term and season, by which a change is dated)
_TIME_NOUNS = r"week|month|quarter|year|sprint|release|iteration|cycle|term|season"
# a point in the past: "last quarter", "in june", "in 2024", "three weeks ago", "earlier this year"
_PAST_POINT = (
    rf"(?:last\s+(?:{_TIME_NOUNS}|{_SEASONS}|{MONTHS})|in\s+(?:(?:early|late|mid)\s+)?(?:{MONTHS}|(?:19|20)\d\d)|"
    rf"(?:a|one|two|three|four|five|six|a\s+few|a\s+couple\s+of|\d+)\s+(?:{_TIME_NOUNS})s?\s+ago|"
    rf"earlier\s+this\s+(?:{_TIME_NOUNS}))"
)
# a word of a noun phrase after "since": no closed-class word above; a word ending in -s only last
_NP_WORD = rf"(?!(?:{_NOT_IN_NP})\b)[a-z0-9][\w.+#-]*"
_NP_WORD_NOT_PLURAL = rf"(?!(?:{_NOT_IN_NP})\b)[a-z0-9][\w.+#-]*(?<!s)"
SINCE_POINT = (
    r"\b(?:ever\s+)?since\s+"
    rf"(?:then\b|(?:{MONTHS}|(?:19|20)\d\d)\b|last\s+(?:{_TIME_NOUNS}|{_SEASONS}|{MONTHS})\b|"
    # a determined noun phrase of one to three words, ending where the clause does ("since the
    # refit, …", "… since the kiln rebuild") or where the main clause's first-person subject starts
    rf"(?:the|our|my)\s+(?:{_NP_WORD_NOT_PLURAL}\s+){{0,2}}{_NP_WORD}(?=\s*(?:[,;:.!)]|$)|\s+(?:we|i)\b))"
)
# a past verb of change and its destination (WordNet lemmas in the module docstring); "went" only
# with a particle
_CHANGED_TO = (
    r"(?:(?:switched|moved|migrated|changed|converted|ported|shifted|transitioned)(?:\s+(?:over|back|across))?"
    r"|went\s+(?:over|back|across))\s+(?:to|onto)\s+\S"
)
# the verb and the past point, either order, inside one clause (no clause punctuation between); the
# subject before the verb is captured for `dated_own`
DATED_CHANGE = (
    rf"(?P<s1>(?:^|[,;:]\s*)(?:[^,;:.!?\s]+\s+){{0,5}}?)\b{_CHANGED_TO}[^,;:.!?]{{0,80}}?\b{_PAST_POINT}\b"
    rf"|\b{_PAST_POINT}\s*,?\s+(?P<s2>(?:[^,;:.!?\s]+\s+){{0,5}}?){_CHANGED_TO}"
)
# a return to an earlier way, said as the change itself: "we went back to strava, komoot was worse",
# "back to black for formatting" (the particle "back" with a verb of motion or change and its
# destination, Quirk §16.2ff; a clause that opens with "back to" is its ellipsis). Coordinated after
# another change ("we switched to X but went back") it undoes that change: `change_reading.retracted`.
RETURN_TO = (
    r"\b(?:went|switched|moved|changed|swapped|swopped|reverted)\s+back\s+to\s+\S"
    r"|(?:^|[,;:]\s*)back\s+to\s+(?!(?:normal|square|work|school|bed|sleep)\b)\S"
)
_RETURN = re.compile(RETURN_TO)
# a clause that judges another thing badly, beside the return: "…, komoot was worse", "…, the
# aeropress was a pain" (a subject that is no pronoun, a verb of being, VADER valence <= -0.5)
_JUDGED = re.compile(
    r"^(?!(?:i|we|you|he|she|they|it|it's|that|that's|this|there|there's)\b)[a-z0-9][\w.+#'-]*(?:\s+[\w.+#'-]+){0,4}?\s+"
    r"(?:is|are|was|were|has been|have been|got|felt|turned out(?: to be)?)\s+(?P<pred>[^,;:.!?]{1,60})$"
)
_CLAUSE_END = re.compile(r"\s*(?:[,;:.!?]\s*|\s[—–-]\s|\s(?:and|but|so|because|since)\s)")


def returned(low: str) -> bool:
    """A return to an earlier way said as the change, with the alternative judged beside it ("we went
    back to strava, komoot was worse"): without that judgement "back to the menu bug", "went back to
    the shop" or "switched back to the main branch" resume a topic, a place or a branch (rev48c S6)."""
    if not _RETURN.search(low[:2000]):
        return False
    from persona_pipeline.persona.digest.similarity import valence

    for clause in islice(_CLAUSE_END.split(low), 12):
        m = _JUDGED.match(clause.strip())
        if m and not _RETURN.search(clause) and valence(m.group("pred")) <= -0.5:
            return True
    return False


_SINCE = re.compile(SINCE_POINT)
_DATED = re.compile(DATED_CHANGE)
_FIRST_PERSON = re.compile(r"\b(?:i|we|i'm|we're|i've|we've|i'd|we'd|i'll|we'll|my|our|me|us)\b")
# a negated or modal verb, or the first person's perfect of an event: the main clause says how
# something behaves or what happened, not a practice (Quirk §4.49ff modals; §10.54 negators)
_NOT_PRACTICE = re.compile(
    r"\b(?:not|never|won't|can't|cannot|don't|doesn't|didn't|isn't|aren't|wasn't|weren't|hasn't|haven't|"
    r"will|would|could|might|may|should|must)\b"
    r"|\b(?:we've|i've|we have|i have|we had|i had)\s+(?:\w+\s+)?(?!been\b)\w+(?:ed|en|t)\b"
)
_SUBJECT_DETERMINERS = frozenset({"the", "this", "that", "these", "those", "his", "her", "their", "its", "a", "an"})
_PRONOUNS = frozenset({"i", "we", "you", "he", "she", "they", "it", "i've", "we've", "they've", "i'd", "we'd"})


def since_own(low: str) -> bool:
    """A temporal since-phrase beside a main clause about the person's own practice (module docstring)."""
    from persona_pipeline.persona.digest.change_reading import others_subject
    from persona_pipeline.persona.digest.reading import opens_with_verb

    # (the first few matches, each with at most 200 characters either side: linear on any line)
    for m in islice(_SINCE.finditer(low), 3):
        before, after = low[max(0, m.start() - 200) : m.start()], low[m.end() : m.end() + 200]
        rest = " ".join((before + " " + after).replace(",", " ").split())
        if not rest or _NOT_PRACTICE.search(rest) or others_subject(rest):
            continue  # (a third party's practice: "my parents shoot in raw since june")
        if _FIRST_PERSON.search(rest) or opens_with_verb(rest):
            return True
    return False


def dated_own(low: str) -> bool:
    """A dated change whose subject is the practice that changed, or none (module docstring)."""
    from persona_pipeline.persona.digest.change_reading import group_nouns, names_person

    for m in islice(_DATED.finditer(low), 3):
        subj = (m.group("s1") or m.group("s2") or "").strip(" ,;:").split()
        if subj and (subj[0] in _SUBJECT_DETERMINERS or subj[-1] in _PRONOUNS):
            continue  # one determined thing, or the person's own "we moved …" (read elsewhere)
        if any(names_person(w) or w in group_nouns() for w in subj):
            continue  # people or a group: their change
        return True
    return False


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
