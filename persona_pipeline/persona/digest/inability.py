"""A standing inability said of the person: "I can't <verb> <a kind of thing>".

"can" of ability or permission, negated with the first person, says what the person cannot do
with a kind of thing whenever it comes up ("I can't approve a migration without a rollback", "we
can't ship builds that skip the linter"): a standing limit, said as a rule is, as "I won't …"
says a refusal (Quirk et al. 1985, §4.52–4.55 ability and permission "can"). It is no limit but
a report of one occasion when:
- the verb is one of perceiving or thinking (Quirk §4.29: "I can't see any output", "I can't
  tell which one you meant"; `reading.MENTAL` and the perception verbs below), or an
  achievement, whose "can't" tells of an attempt that failed (Vendler 1957, "Verbs and Times":
  "find", "reach", "recognize", "spot", "lose", "win": "I can't find a working build");
- it names one thing: a definite or demonstrative in the object's noun phrase ("I can't open the
  dashboard", "I can't merge this branch"), an anaphor or a person as the object;
- nothing is done to a thing: an adverb particle or a preposition right after the verb ("I can't
  log in", "I can't connect to a VPN": Quirk §16.3 particles), a wh-clause ("I can't figure
  out why …"), a catenative's to-infinitive ("I can't afford to …", Quirk §16.38);
- it reports a fault ("I can't reproduce a crash …": `reading.MALFUNCTION`);
- the object is bare: a limit names a kind by a property (a restrictive relative clause, "with"/
  "without", an "-ing" clause after the noun, an adjective with its complement ("full of"), a
  condition: Quirk §17.9–17.28, §17.56, §15.33),
  while "I can't build docs", "I can't run tests locally, the container won't start" tell of the
  situation at hand, a fault report; so does a change of state or a time since ("… anymore", "…
  since the upgrade").
Time deixis ("… until Friday"), questions and dates are one-offs before this is asked.
"""

from __future__ import annotations

import re

# the private verbs of perception and cognition (Quirk et al. 1985, §4.29), beyond `reading.MENTAL`
_PERCEPTION = frozenset({"hear", "smell", "taste", "watch", "spot", "recognise", "recognize", "tell", "understand"})
# Vendler's (1957) achievement verbs, and "get"/"locate" which read the same: their "can't" reports
# one attempt that failed
_ACHIEVEMENT = frozenset({"find", "reach", "recognize", "spot", "lose", "win", "get", "locate"})
# the adverb particles of phrasal verbs (Quirk et al. 1985, §16.3)
_PARTICLES = frozenset(
    {"about", "across", "along", "around", "aside", "away", "back", "by", "down", "forward", "home", "in"}
    | {"off", "on", "out", "over", "past", "round", "through", "under", "up"}
)
_NEGATED_CAN = frozenset({"can't", "cannot", "cant"})


def standing_inability(words: list[str], clause: str) -> bool:
    """Whether a clause whose subject is the first person (`words`, lowercased; `clause`, its
    lowercased text) says a standing inability: "I can't <verb> <object>" (see the module docstring)."""
    from persona_pipeline.persona.digest import reading as r

    rest = [x for x in words[1:] if x not in {"really", "just", "also", "simply", "honestly"}]
    if not words or words[0] not in {"i", "we"} or len(rest) < 3 or rest[0] not in _NEGATED_CAN:
        return False
    verb, obj = rest[1], rest[2]
    if verb in r.MENTAL | r.AUX | _PERCEPTION | _ACHIEVEMENT or r.is_past(verb) or verb.endswith(("ing", "n't")):
        return False
    if obj in r.PREPOSITIONS | _PARTICLES | r.WH | r.AUX | r.DEFINITE | {"it", "them", "me", "you", "him", "her", "us"}:
        return False
    # the object's own noun phrase, up to a preposition or a subordinator: "… that skip the signing
    # step" qualifies a kind, "… the dashboard" points at one thing
    phrase: list[str] = []
    ends = r.PREPOSITIONS | r.CONJUNCTIONS | r.WH | {"that", "which", "once"}
    for x in rest[2:]:
        if x in ends and phrase:
            break
        phrase.append(x)
    if set(phrase) & (r.DEFINITE | {"it", "them"}) or r.MALFUNCTION.search(clause) or _SINCE_THEN.search(clause):
        return False
    return _qualified(rest[2:])


# a change of state or a cause in time: "I can't build docs since the upgrade", "… anymore" (a report)
_SINCE_THEN = re.compile(r"\b(?:since|anymore|any more|again|still|yet|lately|recently|currently)\b")
# what opens a restrictive qualification of a noun phrase (Quirk et al. 1985, §17.9–17.21 relative
# clauses, §17.27 prepositional postmodifiers "with"/"without") or a condition (§15.33)
_QUALIFIERS = frozenset(
    {"that", "which", "who", "whose", "where", "with", "without", "once", "when", "whenever", "if", "unless"}
)
# adjectives that postmodify a noun with their prepositional complement (Quirk et al. 1985, §17.56,
# §16.69: "full of", "free of", "short of", "devoid of", "rich in" …; "with" is read as a qualifier
# already), as (preposition, adjective)
_POSTMODIFYING = frozenset(
    {("of", "full"), ("of", "free"), ("of", "short"), ("of", "devoid"), ("of", "empty"), ("in", "rich")}
    | {("in", "poor"), ("of", "clear"), ("of", "bereft")}
)
_DETERMINERS = frozenset({"a", "an", "the", "this", "that", "these", "those", "my", "our", "your", "their", "its"})


def _qualified(obj: list[str]) -> bool:
    """Whether the object names a kind by a property: a restrictive relative clause ("merge requests
    that mix …"), "with"/"without" ("a pallet without a label"), a condition ("… when the tests are
    skipped"), an "-ing" clause after the noun ("queries touching two schemas", Quirk §17.28), or an
    adjective postmodifier with its preposition ("forms full of optional fields", Quirk §17.56).
    A bare object ("I can't build docs", "I can't run tests locally") tells of the situation at hand."""
    from persona_pipeline.persona.digest.reading import PREPOSITIONS
    from persona_pipeline.persona.digest.similarity import zipf

    for i, x in enumerate(obj[1:], start=1):
        before = obj[i - 1]
        if (x in _QUALIFIERS and not (x == "once" and before == "at")) or (x, before) in _POSTMODIFYING:
            return True  # ("at once" is "now")
        if x.endswith("ing") and len(x) > 5 and before not in _DETERMINERS and before not in PREPOSITIONS:
            stem = x[:-3]
            # a verb's stem, common in English (Zipf ≥ 4): "touching", "skipping"; not "string", "morning"
            if any(zipf(f) >= 4.0 for f in (stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else "")):
                return True
    return False
