"""Sentences about one occasion that `reading` would otherwise hear as firm: a tentative suggestion,
a fault of the person's own thing, an offer in the agent's voice, a run's result, another person's
reported view, a question without its mark; and clauses that describe the
person rather than say what they want.

- Tentative: a content disjunct of doubt (Quirk et al. 1985 §8.127: "maybe", "perhaps",
  "possibly") opening a clause that carries a modal or a verb of wanting ("maybe we should move the
  logs", "perhaps we could try X"), or a modal of possibility before "want to" ("we might want to
  split the job"): a proposal for the work at hand, weighed, not a standing rule.
- A fault: a possessive subject ("my laptop", "our nightly build") whose verb names a malfunction
  (`reading.MALFUNCTION`, or a verb of persistence before one: "keeps crashing"): a bug report about
  the person's one machine or job, as "the build fails" is about one build.
- The agent's voice: an offer conditioned on the addressee's wish ("let me know if you want me to
  …", "if you'd like, I can …"): a line of an assistant's reply pasted back, never the person's rule.
- A self-description (`self_description`, per clause: it takes a clause's force away, the sentence
  may still carry a rule): the first person, a copula and a person noun (WordNet noun.person,
  `change_reading.person_nouns`) straight after the article, with a prepositional complement ("I'm
  a member of the guild", "I'm a beginner at Rust"): who the person is, said for this session. A
  noun with its own premodifier ("a tabs person", "an emoji sceptic") or "for" ("a stickler for
  types") is the idiom of a preference and stays.
"""

from __future__ import annotations

import re

# §8.127 content disjuncts of doubt (the three of everyday speech; `fold._DISJUNCTS` holds the rest)
_DOUBT = r"(?:maybe|perhaps|possibly)"
_MODAL_OR_WANT = r"(?:should|could|can|might|may|would|ought|need|want|wanna|'d)"
_TENTATIVE = re.compile(
    rf"(?:^|[,;:]\s*){_DOUBT}\s+(?:\S+\s+){{0,3}}?{_MODAL_OR_WANT}\b"  # "maybe we should …"
    rf"|^{_DOUBT}\b"  # opening the sentence: "perhaps try …", "maybe the cache is stale"
    r"|\b(?:might|may|could)\s+(?:also\s+)?want\s+to\b"  # "we might want to …"
    r"|\bit\s+(?:might|may|could|would)\s+be\s+(?:worth|nice|good|better)\b"  # "it might be worth …"
)
_POSSESSIVE_FAULT = re.compile(
    # the subject's words are no modal or auxiliary: "our CI should fail on warnings" is a rule
    r"^(?:(?:and|so|but|also|now)\s+)?(?:my|our)\s+"
    r"(?:(?!(?:should|must|shall|will|would|can|could|may|might|needs?|ought|has|have|to|is|are|do|does|did)\b)"
    r"[a-z0-9+#.-]+\s+){1,3}?"
    r"(?:(?:keeps|kept|still|always|often|sometimes|just)\s+)?"
    r"(?:hangs?|hung|crash(?:es|ed|ing)?|fails?|failed|failing|freezes|froze|freezing|breaks|broke|"
    r"stalls?|stalled|times out|timed out|won't|doesn't work|isn't working|stopped working|is broken|are broken)\b"
)
_OFFER = re.compile(
    # (the gap between the two halves is bounded: linear on a long line of either half alone)
    r"\bif\s+you(?:'d|\s+would|\s+want|\s+wish|\s+like|\s+prefer)\b[^.;!?]{0,120}?\b(?:i\s+can|i\s+could|i'll|i\s+will|me\s+to)\b"
    r"|\b(?:i\s+can|i\s+could|i'll|i\s+will)\b[^.;!?]{0,120}?\bif\s+you(?:'d|\s+would|\s+want|\s+wish|\s+like|\s+prefer)\b"
    r"|\blet\s+me\s+know\s+if\s+you\b"
)
_SELF = re.compile(
    r"^(?:i'm|i\s+am|we're|we\s+are)\s+(?:a|an|the)\s+(?P<noun>[a-z]+)\s+(?P<prep>of|at|in|on|to|with)\s+(?P<rest>\S.*)$"
)
# a verbless elliptical question closing a sentence ("…, any idea", "…, thoughts?"): it asks about
# what the sentence said (Quirk §11.21ff)
_ELLIPTICAL_QUESTION = re.compile(r"(?:^|[,;:—–-]\s*)(?:any\s+(?:idea|ideas|thoughts|clue|chance)|thoughts)[\s?.!]*$")
# a counted set with a past verb ("all 42 tests passed", "both 3 retries timed out"): a run's result
# pasted back, not a norm for a class (a universal takes no numeral: "all tests pass" is one)
_COUNTED_PAST = re.compile(r"^(?:all|both)\s+\d[\d,]*\s+(?:[a-z-]+\s+){1,3}?[a-z]+ed\b")

# A report of someone else's words or view opening the sentence ("Marta says we should …", "my lead
# thinks …", "the reviewer said to …", "Priya wants every PR to …"): a third party's opinion, not
# the person's rule. The verbs: the reporting verbs of saying and thinking (Quirk et al. 1985
# §14.29ff) in the third person or the past, and "wants" of a third party.
_REPORTED = re.compile(
    r"^(?:(?:and|but|so|also|btw)\s+)?(?P<subj>[a-z][\w'.-]*(?:\s+[a-z][\w'.-]*){0,2}?)\s+"
    r"(?:(?:still|also|just|always|even)\s+)?"
    r"(?:says|said|thinks|thought|believes|believed|claims|claimed|suggests|suggested|insists|insisted|"
    r"reckons|reckoned|argues|argued|tells\s+me|told\s+me|told\s+us|wants|wanted)\b"
)
# the first and second persons, and the indefinite pronouns of everyone (§6.45ff: "nobody wants a
# 500-line PR" is a general judgement, no one person's view)
_NOT_OTHERS = frozenset(
    [
        "i",
        "we",
        "you",
        "i'm",
        "we're",
        "you're",
        "i've",
        "we've",
        "you've",
        "i'd",
        "we'd",
        "you'd",
        "it",
        "that",
        "this",
        "nobody",
        "everybody",
        "everyone",
        "anyone",
        "anybody",
        "no",
        "one",
    ]
)
# subordinators that open an adverbial clause (Quirk §14.12): "if a build wants …" has no reporter
_SUBORDINATORS = frozenset(["if", "when", "whenever", "unless", "once", "because", "since", "as", "while", "until"])
# an embedded or formulaic question with no question mark: "wondering if we should …", "not sure
# whether …", "how about we …", "what if we …", "any reason we …" (interrogative formulas, Quirk
# §11.21ff); said of the person, never "if you're unsure whether …, say so"
_QUESTION = re.compile(
    r"^(?:(?:i'm|i\s+am|we're|we\s+are|i|we)\s+)?(?:(?:still|just|kind\s+of|a\s+bit)\s+)?"
    r"(?:wondering|wonder|curious|not\s+sure|unsure)\s+(?:if|whether|why|how|what)\b"
    r"|^(?:how\s+about|what\s+about|what\s+if|any\s+reason|is\s+there\s+a\s+reason)\b"
)

# "I work on the mobile team", "we work in a small group" (not "I work in WSL": no group noun)
_WORK_IN_GROUP = re.compile(
    r"^(?:i|we)\s+work\s+(?:on|in|at|for|with)\s+(?:the|a|an|our|my)\s+(?:[a-z-]+\s+){0,2}?(?P<noun>[a-z]+)$"
)


def _low(text: str) -> str:
    return " ".join(text.lower().replace("\u2019", "'").split())


def one_occasion(sentence: str) -> str:
    """Why the sentence is about one occasion by these readings ('' when it is not)."""
    low = _low(sentence)
    if _OFFER.search(low):
        return "the agent's offer"
    if _COUNTED_PAST.search(low):
        return "a run's result"
    if _QUESTION.search(low) or _ELLIPTICAL_QUESTION.search(low):
        return "question"
    return ""


def no_force(clause: str) -> str:
    """Why one clause gives its sentence no force ('' when it may): a tentative suggestion, a fault
    of the person's own thing, a self-description, another's reported view. Read per clause, so a rule beside it still
    stands: "maybe it's just me, but I hate trailing whitespace", "our CI fails on any lint warning,
    keep it that way", "I'm a member of the platform team, so always tag infra changes"."""
    low = _low(clause)
    if _TENTATIVE.search(low):
        return "tentative"
    if _POSSESSIVE_FAULT.search(low):
        return "malfunction"
    if self_description(low):
        return "self-description"
    if reported(low):
        return "reported opinion"
    return ""


def reported(clause: str) -> bool:
    """Another's words or view reported in the clause ("Marta says we should …"); per clause, so
    the person's own rule beside it stands ("the changelog tool wants a fragment, add one per PR")."""
    m = _REPORTED.match(_low(clause))
    # ("no one" is two of _NOT_OTHERS's words; a subordinator opens a condition, no subject)
    if not m or set(subj := m.group("subj").split()) & (_NOT_OTHERS | _SUBORDINATORS):
        return False
    # the person's own group or document ("our team wants …", "our style guide says …") states the
    # person's convention, as `change_reading` reads a first-person possessor; only a person named
    # by one noun under "my"/"our" ("my manager thinks …": WordNet noun.person) is someone else (a
    # compound, "our style guide", is a document: "guide" alone is first a person)
    return subj[0] not in {"my", "our"} or (len(subj) == 2 and _person(subj[1]))


def self_description(clause: str) -> bool:
    """A clause saying who the person is: a person noun with a complement ("I'm a member of the
    guild", "I'm a beginner at Rust") or work in a group ("I work on the mobile team": WordNet
    noun.group). After "of"/"in" the complement must name a group: "a believer in tests", "an
    advocate of small PRs" name an attitude to a thing, the idiom of a preference."""
    from persona_pipeline.persona.digest.change_reading import group_nouns

    low = _low(clause)
    if (m := _SELF.match(low)) and _person(m.group("noun")):
        if m.group("prep") not in {"of", "in"}:
            return True
        return any(w in group_nouns() for w in m.group("rest").split()[:5])
    if m := _WORK_IN_GROUP.match(low):
        return m.group("noun") in group_nouns()
    return False


def _person(noun: str) -> bool:
    from persona_pipeline.persona.digest.change_reading import person_nouns

    # ("person" and "fan" head the idioms of preference `reading.PREFER` reads: "a fan of X")
    nouns = person_nouns()
    found = noun in nouns or (noun.endswith("s") and noun[:-1] in nouns)  # "we're the owners of …"
    return found and noun.rstrip("s") not in {"person", "fan"}
