"""Whose change, and is it one: the grammar that keeps a sentence of change from reading as the
person's own reversal of habit (issue 15).

A change of habit supersedes the older rule only when the person states it as done, in their own
practice, for good. These readings say when a sentence of change is none of that:

- `possible`: an epistemic or hypothetical modal governs the change ("X might get replaced by Y",
  "we could switch to Y"): a possibility, not a decision (Quirk et al. 1985 §4.49–4.57: may, might,
  could of possibility, would of hypothesis; not "can", as often of permission).
- `elsewhere`: the change is placed, by a locative adjunct, in a place another owns ("… at my
  sister's café", "… in their kitchen"): a genitive or a non-first-person possessive determiner
  after a spatial preposition (Quirk §9.15ff). A possessor that is a group (WordNet noun.group:
  "our team's office") is the person's own.
- `retracted`: the change is undone or regretted in a coordinated clause ("… and went back",
  "… but we regretted it"), or counted as happening once ("once", frequency adverb, Quirk §8.64):
  the particle "back" with a verb of motion or change (a return to the earlier state), a verb of
  undoing, or a past verb of negative general-English valence (VADER) taking the change as object.
- `others_subject`: the clause's subject is not in the first person ("my parents fly X these
  days", "most bakers proof overnight now"): a report about others, not the person's practice. The
  test is the subject's grammatical person (I/we, or a group the speaker owns as "our team");
  an imperative (a base verb first) or "you" addresses the agent and is the person's own.
"""

from __future__ import annotations

import re
from functools import lru_cache

# verbs of change and ending in every inflection: WordNet 3.0 switch.v.03, move.v.02, migrate.v.01,
# change.v.06, replace.v.01, substitute.v.01, trade.v.04 (swap), supplant.v.01, drop.v.05, ditch.v.01,
# abandon.v.01, retire.v.02
_CHANGE_VERB = (
    r"(?:switch(?:es|ed|ing)?|mov(?:e|es|ed|ing)|migrat(?:e|es|ed|ing)|chang(?:e|es|ed|ing)|"
    r"replac(?:e|es|ed|ing)|substitut(?:e|es|ed|ing)|swap(?:s|ped|ping)?|swop(?:s|ped|ping)?|"
    r"trad(?:e|es|ed|ing)|exchang(?:e|es|ed|ing)|supplant(?:s|ed|ing)?|supersed(?:e|es|ed|ing)|"
    r"drop(?:s|ped|ping)?|ditch(?:es|ed|ing)?|abandon(?:s|ed|ing)?|retir(?:e|es|ed|ing)|"
    r"phas(?:e|es|ed|ing) out|(?:take|takes|took|taken|taking) over)"
)
# Quirk §4.49ff: the modals of possibility and hypothesis (not of obligation or volition: "we should
# switch", "we'll switch" decide); up to three words between ("might get replaced", "could well be swapped")
_POSSIBLE = re.compile(
    rf"\b(?:may|might|could|would|maybe|perhaps|possibly)\s+(?:(?:not|well|also|even|eventually|soon|probably|likely|someday|"
    rf"get|be|been|have|end up|up)\s+){{0,3}}{_CHANGE_VERB}\b"
)
# a place another owns: a spatial preposition and a genitive after my/our ("at my sister's café") or
# a non-first-person possessive determiner ("in their kitchen", "at his shop"); a genitive after
# "the" is as often a thing's ("in the project's config") and is left alone
_ELSEWHERE = re.compile(
    r"\b(?:at|in|inside|on|for)\s+(?:(?:his|her|their)\s+[a-z]"
    r"|(?P<det>my|our)\s+(?P<owner>[a-z-]+)'s?\s+[a-z])"
)
# Quirk §8.64 "once" of frequency closing the change ("we swapped X for Y once and …"), not the
# conjunction opening a clause ("once we moved, …"), "at once" or "once and for all"
_ONCE = re.compile(
    r"(?<=\w )(?<!at )(?:once|one time)(?!\s+and\s+for\s+all\b)(?=\s*(?:$|[,;.!]|\s(?:and|but|then|before|last|in)\b))"
)
# the person's own change told in the past ("we swapped X for Y", "I tried X"): what a retraction
# can take back (not an instruction: "tune the drum once before the set", "… and revert anything
# that breaks")
_PAST_OWN_CHANGE = re.compile(
    r"\b(?:we|i|we've|i've)\s+(?:\w+\s+){0,2}?(?:switched|moved|migrated|changed|replaced|substituted|swapped|"
    r"swopped|traded|exchanged|dropped|ditched|tried|gave)\b"
)
# a return to the earlier state in a past clause coordinated after the change ("…, then switched
# back", "… but went back"), not a change back said as the change itself ("so we switched back to
# vim"), nor one denied ("… and never went back"); past verbs of undoing
_BACK = re.compile(
    r"(?<=\S)\s*,?\s+(?:and|but|then)\s+(?:(?:we|i|we've|i've|we'd|i'd)\s+)?"
    r"(?:(?!never\b|not\b|didn't\b|don't\b|haven't\b|won't\b)\w+\s+)?"
    r"(?:(?:went|came|got|switched|moved|changed|swapped|swopped|migrated)\s+(?:\w+\s+)?back|reverted|undid|"
    r"rolled\s+(?:\w+\s+)?back)\b"
)
# a coordinated past verb taking the change as its object: "… and regretted it", "… but hated it"
_AFTERWARDS = re.compile(
    r"\b(?:and|but|then)\s+(?:(?:we|i)\s+)?(?:(?:really|quickly|soon|immediately|instantly)\s+)?"
    r"(?P<verb>[a-z]+)\s+(?:it|that|them|the change|the switch|the swap)\b"
)


# where the main clause ends: a clause boundary or a subordinator of reason, condition or time
# (Quirk §14.12): "always reef early because the wind could change" holds its modal in the reason
_MAIN_END = re.compile(
    r"[,;:]|\s[—–-]\s|\b(?:because|since|as|otherwise|or|so|if|unless|until|when|while|though|although|in case)\b"
)


def possible(low: str) -> bool:
    """A change governed by a modal of possibility in the main clause ("X might get replaced by
    Y"), not in a reason or condition beside it ("…, they might move otherwise")."""
    end = _MAIN_END.search(low)
    return bool(_POSSIBLE.search(low[: end.start()] if end else low))


@lru_cache(maxsize=1)
def group_nouns() -> frozenset[str]:
    """Nouns whose first WordNet sense is a group (noun.group: `data/en_group_nouns.txt.gz`, written
    by scripts/make_clausal.py); empty without the file."""
    import gzip
    from importlib import resources

    try:
        raw = resources.files("persona_pipeline.persona.digest").joinpath("data/en_group_nouns.txt.gz").read_bytes()
    except (FileNotFoundError, OSError):
        return frozenset()
    return frozenset(gzip.decompress(raw).decode().split())


@lru_cache(maxsize=1)
def person_nouns() -> frozenset[str]:
    """Nouns whose first WordNet sense is a person (noun.person: `data/en_person_nouns.txt.gz`,
    written by scripts/make_person_nouns.py); empty without the file."""
    import gzip
    from importlib import resources

    try:
        raw = resources.files("persona_pipeline.persona.digest").joinpath("data/en_person_nouns.txt.gz").read_bytes()
    except (FileNotFoundError, OSError):
        return frozenset()
    return frozenset(gzip.decompress(raw).decode().split())


def names_person(word: str) -> bool:
    """The noun, or its regular singular, names a person ("parents", "neighbours", "sister")."""
    people = person_nouns()
    forms = {word, word[:-1] if word.endswith("s") else word, word[:-2] if word.endswith("es") else word}
    if word.endswith("ies"):
        forms.add(word[:-3] + "y")
    return any(f in people for f in forms)


# what a genitive in a place adjunct may be without naming an owner: a contraction of "is" after a
# pronoun ("in what's left"), an indefinite pronoun (Quirk §6.45), a genitive of measure of time
# (Quirk §5.123: "in a week's time")
_NOT_OWNERS = frozenset(
    {
        *("it", "that", "there", "here", "what", "one", "who", "other", "another"),
        *("everyone", "everybody", "someone", "somebody", "anyone", "anybody", "nobody"),
        *("moment", "second", "minute", "hour", "day", "night", "week", "month", "quarter", "year"),
        *("today", "tomorrow", "yesterday", "sprint", "release"),
    }
)


def elsewhere(low: str) -> bool:
    """The change placed in another's place ("… at my brother's shop", "… in their kitchen")."""
    for m in _ELSEWHERE.finditer(low):
        owner = m.group("owner")
        if owner is None:
            return True  # his/her/their
        if owner in _NOT_OWNERS or owner.rstrip("s") in _NOT_OWNERS:
            continue  # a genitive of measure ("in a week's time") or an indefinite ("for everyone's sake")
        if owner in group_nouns():
            continue  # "at our team's office": the speaker's own group
        return True
    return False


def retracted(low: str) -> bool:
    """The change undone, regretted or counted once ("… once and regretted it", "… but went back")."""
    if not _PAST_OWN_CHANGE.search(low):
        return False
    if _ONCE.search(low) or _BACK.search(low):
        return True
    from persona_pipeline.persona.digest.similarity import valence

    return any(valence(m.group("verb")) < 0 for m in _AFTERWARDS.finditer(low))


_FIRST = frozenset({"i", "we", "i'm", "we're", "i've", "we've", "i'd", "we'd", "i'll", "we'll", "me", "us"})
_SECOND = frozenset({"you", "you're", "you've", "you'd", "you'll"})
_OPENERS = frozenset({"and", "so", "but", "well", "also", "actually", "just", "honestly", "ok", "okay", "yeah"})
# universal and negative determiners and pronouns (Quirk §6.45ff): a norm for the whole class
_UNIVERSAL = frozenset({"every", "each", "all", "any", "no", "none", "everything", "anything", "nothing", "everyone"})
# possessive determiners and quantifiers (Quirk §5.10–5.17); not the articles or demonstratives, whose
# noun phrases are as often the person's things ("the invoices live in drive now")
_DETERMINERS = frozenset(
    {
        *("his", "her", "their"),
        *("most", "many", "some", "several", "few", "other", "others", "lots", "plenty", "both", "half"),
    }
)
# a copula after the subject: a statement of state or a slot ("my editor is zed these days") is the
# person's assignment, read elsewhere
_QUANTIFYING = _DETERMINERS - {"his", "her", "their"}
_COPULA = frozenset({"is", "are", "was", "were", "'s", "'re", "be", "been", "isn't", "aren't", "wasn't", "weren't"})


def _bare_plural(word: str) -> bool:
    """A plural noun opening the clause: -s but not -ss/-us/-is, and no base verb (imperative)."""
    from persona_pipeline.persona.digest.reading import opens_with_verb

    return (
        len(word) > 3
        and word.isalpha()  # not "it's", "that's"
        and word.endswith("s")
        and not word.endswith(("ss", "us", "is"))
        and not opens_with_verb(word)
    )


def others_subject(clause: str) -> bool:
    """The clause's subject is a third party and its verb a lexical one ("my parents fly X now",
    "most bakers proof overnight nowadays", "bakeries open late these days"); not I/we, "our team",
    you, an imperative, an opening adverb, or a copular statement."""
    from persona_pipeline.persona.digest.reading import (
        AUX,
        CONJUNCTIONS,
        DEFINITE,
        PREPOSITIONS,
        QUANTIFIERS,
        opens_with_verb,
        words,
    )

    w = words(clause)
    while w and w[0] in _OPENERS:
        w = w[1:]
    if len(w) < 2:
        return False
    head = w[0]
    if head in _FIRST or head in _SECOND or opens_with_verb(" ".join(w)):
        return False
    if head in _UNIVERSAL:
        return False  # "all bugs get a test first from now on": a norm for a whole class
    if head in {"my", "our"}:
        # a first-person possessor: the person's own things and practice ("our builds run on X now",
        # "our house style prefers Y"), unless the head names a person, whose practice is theirs
        # ("my parents fly X now"; WordNet noun.person); "our team" is the speaker's own group
        return any(names_person(x) for x in w[1:3] if x not in group_nouns()) and not any(x in _COPULA for x in w[1:5])
    # a noun phrase in the third person: opened by a determiner, possessive or quantifier (Quirk
    # §5.10ff), a genitive ("priya's team"), or a bare plural ("bakers", "most"-less generics); a
    # base verb first is an imperative, addressed to the agent
    if _bare_plural(head):
        # a bare plural is a party when it acts on a determined object ("bakers proof the dough now"),
        # not a thing that goes or lives somewhere ("invoices live in the drive now": where it is kept)
        # (its verb next: no function word, "singletons in the app", "columns and variables")
        closed = _COPULA | AUX | PREPOSITIONS | CONJUNCTIONS | DEFINITE | QUANTIFIERS
        # (and its object a determined noun phrase: "bakers proof the dough", not "postgres only going forward")
        objects = DEFINITE | QUANTIFIERS | {"a", "an", "my", "our", "your"}
        verb = len(w) > 2 and w[1].isalpha() and w[1] not in closed and w[2] in objects
        # and it names people ("bakers", "travellers"): "releases get a changelog entry from now
        # on" is a norm for a class of things
        return verb and names_person(head)
    genitive = head.endswith("'s") and head[:-2] not in _NOT_OWNERS  # "priya's", not "it's", "that's"
    if not (head in _DETERMINERS or genitive):
        return False
    if head in _QUANTIFYING and not any(names_person(x) for x in w[1:3]):
        return False  # "most travellers" are people; "many releases" a class of things (a norm)
    # the verb: the first word within four after the subject's head that is no determiner or modifier;
    # a copula there makes a statement of state (read elsewhere)
    return not any(x in _COPULA for x in w[1:5])
