"""Requests: a piece of work asked for now, and what kind of work it is.

Two readings of an imperative-shaped sentence, both general grammar, no corpus wording:

`for_the_moment(text)` — why a sentence that has the force of a rule is still a request for the
present occasion ('' when it is not). Such a sentence only corroborates (`reading.read`): it may add
support to a rule said elsewhere and may count towards a habit (`persona.habits`), never state one.
Nothing here applies when the sentence says it holds beyond the occasion (a frequency or scope
adverbial of habit, `reading.HABITUAL`, or a "from now on", `reading.FUTURE`). The shapes:
  - it points at a file through an editor's file-mention syntax (Cursor's `@file`, VS Code
    Copilot's `#file:` chat variable): the object is one file of the moment;
  - a first-person-plural proposal, "let's …" (Quirk et al. 1985, §11.27: an imperative including
    the speaker, a suggestion for what to do next);
  - a go-ahead ("go ahead and …", "proceed …", "continue …"): consent to the work in hand;
  - the speaker's own next step ("I'm going to …", "I'll …", "we're about to …": the future of
    intention, Quirk et al. 1985, §4.45) — a status note;
  - a first-person past with "did" ("I didn't say to bold it", "we didn't water the beds"): a report about the
    last answer or the work so far, a correction of it, not a disposition;
  - a want of one change ("I want to plant a …", "I want you to shorten that …", "I want this banner to be
    replaced …"): a volition verb with a "to"-infinitive whose object is one thing (a determiner
    or pronoun of one referent, a quoted value, a named file), without a quantifier of a class;
  - an imperative acting on what was just said or shown ("shorten it", "translate this", "compare the
    two mentioned recipes"): an anaphoric or demonstrative object (Quirk et al. 1985, §6.18, §17.93),
    or one counted or pointed at in the conversation ("the above", "the mentioned", "the two …").

`requests_in(text)` — the head verb and the object of every imperative clause, for counting the same
kind of request across sessions (`persona.habits`); `polite_request(text)` — a request put as a
question ("can you please …?"), which corroborates instead of being dropped as a question.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from persona_pipeline.persona.digest.reading import (
    AUX,
    DEICTIC_SCOPE,
    FUTURE,
    HABITUAL,
    MENTAL,
    NAMED_CODE,
    PREPOSITIONS,
    UNIVERSAL,
    base_verbs,
    is_past,
    words,
)

# an editor's mention of one file: Cursor's "@name.ext" and VS Code Copilot's "#file:" variable
_FILE_MENTION = re.compile(r"(?:^|[\s(])(?:#file:\S+|@[\w./-]*\w\.[a-z]{1,5}\b)", re.IGNORECASE)
# "let's", "lets", "let us" + a verb: a suggestion that includes the speaker (Quirk §11.27)
_PROPOSAL = re.compile(r"^(?:(?:ok(?:ay)?|great|good|now|then|so|alright)[,!.]?\s+)*(?:let'?s|let us)\s+[a-z]")
_GO_AHEAD = re.compile(
    r"^(?:(?:ok(?:ay)?|great|good|yes|now|then|so|alright)[,!.]?\s+)*(?:go ahead|proceed|continue)\b"
)
# the speaker's intention for the next step (Quirk §4.45): "be going to", "be about to", "'ll"
_INTENTION = re.compile(
    r"^(?:(?:ok(?:ay)?|so|now|then)[,!.]?\s+)*(?:i|we)\s*(?:am|'m|are|'re)\s+(?:going to|gonna|about to)\b"
    r"|^(?:(?:ok(?:ay)?|so|now|then)[,!.]?\s+)*(?:i|we)\s*(?:'ll|will)\s+(?!not\b|never\b|always\b)[a-z]"
)
# a first-person past with "did": what happened in the work, not what the person does
_PAST_REPORT = re.compile(r"^(?:(?:but|so|and|no)[,!.]?\s+)*(?:i|we)\s+(?:didn'?t|did not|did)\b")
# a first-person past of another verb ("I actually wanted …", "we broke …"): what happened
_PAST_OWN = re.compile(r"^(?:(?:but|so|and|no)[,!.]?\s+)*(?:i|we)\s+(?:\w+ly\s+|just\s+|already\s+)*(?P<verb>[a-z]+)\b")
# the person reporting what they see or hear now (verbs of perception, Quirk et al. 1985, §4.29)
_PERCEIVES = re.compile(
    r"^(?:(?:but|so|and|no|hmm|ok)[,!.]?\s+)*(?:i|we)\s+(?:now\s+|still\s+|\w+ly\s+)*"
    r"(?:don'?t\s+|do not\s+|can'?t\s+|cannot\s+|can\s+)?(?:see|notice|hear)\b"
)
# a volition verb with a to-infinitive: "I want (you) to …", "I'd like …", "we need the X to be …"
_WANT = re.compile(
    r"^(?:(?:but|so|and|also|now)[,!.]?\s+)*(?:i|we)\s+(?:\w+ly\s+|really\s+|also\s+|just\s+)*"
    r"(?:want|wanted|need|would like|'d like|wish)\s+(?P<rest>.+)$"
)
_WANT_INF = re.compile(
    r"^(?:(?:you|him|her|them|us)\s+)?to\s+(?:also\s+|just\s+|\w+ly\s+)*(?P<verb>[a-z']+)\s*(?P<obj>.*)$"
)
_WANT_PASSIVE = re.compile(r"^(?P<np>(?:the|this|that|it|its)\b.*?)\s*\bto be\s+\w+(?:ed|en|wn)\b")
# verbs whose object is a standing choice, not a change: "I want you to use polars" is a preference
_CHOICE = frozenset({"use", "prefer", "keep", "stick", "avoid", "follow", "stay", "be", "have", "know", "see"})
# determiners and pronouns of one referent (Quirk §5.12, §6.18); the indefinite article picks one new thing
# determiners and pronouns of one referent (Quirk §5.12, §6.18): a demonstrative, "it", and the
# indefinite article (one new thing); "the" + a plural or mass noun names a class ("the release
# notes", "the docs"), so "the" counts only beside a quoted value or a named file
_ONE = frozenset({"this", "that", "it", "a", "an"})
_ANAPHORIC = frozenset({"it", "this", "that", "these", "those", "them"})
# pointing at what the conversation holds: "the above", "the mentioned docs", "the two files"
_POINTED = re.compile(
    r"\bthe\s+(?:\w+\s+)?(?:above|below|mentioned|attached|aforementioned)\b|\bthe\s+(?:latter|former)\b"
    r"|\bthe\s+(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+[a-z]"
)
# what just happened ("what we just tasted", "the label you just printed"): the recent past, one occasion
_JUST_DONE = re.compile(r"\b(?:i|we|you)\s+just\s+(?:\w+ed|made|did|said|saw|found|wrote|learnt|built|got)\b")
# a clause ending in "then" ("bake it longer then, …"): the next step of the work in hand
_THEN = re.compile(r"\w\s+then\s*(?:[,;.!]|$)")
_DEMONSTRATIVE = re.compile(r"\b(?:this|these)\s+[a-z][\w-]*")
_QUOTED = re.compile(r"\"[^\"]{1,60}\"|'[^']{1,60}'|`[^`]{1,60}`")
# adverbs and politeness before an imperative's verb
_OPENERS = frozenset(
    {
        "please",
        "pls",
        "now",
        "then",
        "also",
        "just",
        "so",
        "ok",
        "okay",
        "great",
        "good",
        "and",
        "first",
        "next",
        "always",
    }
    | {"fully", "quickly", "carefully", "briefly", "really", "again", "finally", "yes", "alright", "perfect"}
)


def _habit_said(low: str) -> bool:
    return bool(HABITUAL.search(low) or FUTURE.search(low))


def _verb(word: str) -> bool:
    """A base-form verb: the imperative openers the reader knows, or a verb WordNet lists
    (`clausal.clausal_verbs`, base forms only)."""
    from persona_pipeline.persona.digest.clausal import clausal_verbs

    if word in base_verbs():
        return True
    entry = clausal_verbs().get(word)
    return bool(entry and entry[3])


# a request put as a question to the agent (Quirk et al. 1985, §11.25: "can/could/would/will you …?")
_POLITE = re.compile(
    r"^(?:[a-z!]+[,!.]?\s+){0,2}?(?:can|could|would|will)\s+you\s+(?:please\s+|pls\s+|kindly\s+|also\s+)*(?P<verb>[a-z]+)"
)


def polite_request(text: str) -> bool:
    """A request put as a question: "can you (please) <verb> …?" — asks for work, not information."""
    m = _POLITE.match(" ".join(text.lower().split()))
    return bool(m) and _asked_verb(m.group("verb"))


def _asked_verb(word: str) -> bool:
    """The word after "can you (please)": a verb of work, not one of knowing or telling ("can you
    tell me why …", "could you see if …", "can you think of …": asks for information)."""
    return word not in MENTAL and word not in AUX and word not in {"be", "see", "tell", "not", "please", "explain"}


# what opens a noun phrase after a verb (Quirk et al. 1985, §5.10 determiners, §6.2 object pronouns)
_NP_OPENERS = frozenset({"the", "a", "an", "this", "that", "these", "those", "my", "our", "your", "its", "their"})
_NP_OPENERS |= frozenset({"it", "them", "me", "us", "all", "some", "any", "every", "each"})
_NOT_VERBS = frozenset({"and", "or", "but", "so", "if", "when", "then", "not", "no", "of", "in", "on", "for", "to"})


def _before_object(w: list[str], i: int) -> bool:
    """A word the imperative lists miss ("draft", "tidy") is a verb when a determiner or an object
    pronoun follows it at the head of its clause ("draft the notes", "tidy it up")."""
    return (
        i + 1 < len(w)
        and w[i + 1] in _NP_OPENERS
        and w[i].isalpha()
        and w[i] not in _NOT_VERBS
        and w[i] not in AUX
        and w[i] not in _NP_OPENERS
        and w[i] not in {"i", "we", "you", "he", "she", "they", "there", "here"}
    )


def opens_request(text: str) -> bool:
    """The sentence opens with a verb (after any opener): an imperative, whole however short."""
    w = [x for x in words(text.lower()) if x not in _OPENERS]
    return bool(w) and _verb(w[0])


def _imperative_object(low: str) -> list[str] | None:
    """The words after an imperative clause's verb (None when the clause opens with no verb)."""
    w = words(low)
    while w and (w[0] in _OPENERS or w[0].endswith("ly")):
        w = w[1:]
    if not w or not _verb(w[0]):
        return None
    rest = w[1:]
    while rest and rest[0] in {"me", "us"}:
        rest = rest[1:]
    return rest


_FIRST = re.compile(r"\bfirst\b")


def _one_referent(phrase: str) -> bool:
    """A noun phrase naming one thing: a demonstrative, "it" or "a(n)" opening it, or a quoted value
    or a named file in it. "the release notes", "the error pages": a class, not one thing."""
    w = words(phrase)
    return bool(w and w[0] in _ONE) or bool(_QUOTED.search(phrase) or NAMED_CODE.search(phrase))


def _past_own(low: str) -> bool:
    """A first-person past that is no decision: "we decided/agreed/switched …" sets a standing way
    (WordNet's verbs of deciding, `clausal`), "I meant/broke/saw …" tells what happened."""
    from persona_pipeline.persona.digest.clausal import clausal

    m = _PAST_OWN.match(low)
    if not m or not is_past(m.group("verb")):
        return False
    entry = clausal(m.group("verb"))
    return not (entry and entry[0] == "decide") and m.group("verb") not in {"switched", "moved", "changed"}


def _keeps(clause: str) -> bool:
    """ "keep it short", "leave them as they are": a state to maintain (the current-state copulas,
    Quirk et al. 1985, §16.21), standing whatever it points at."""
    w = [x for x in words(clause) if x not in _OPENERS]
    return bool(w) and w[0] in {"keep", "stay", "remain"}


def for_the_moment(text: str) -> str:
    """Why `text` asks for one piece of work now, or reports on it ('' when it does not)."""
    low = " ".join(text.lower().split())
    if _habit_said(low):
        return ""
    if _FILE_MENTION.search(text):
        return "names a file"
    if _PROPOSAL.match(low):
        return "proposal"
    if _GO_AHEAD.match(low):
        return "go-ahead"
    if _INTENTION.match(low):
        return "own next step"
    if _PAST_REPORT.match(low) or _past_own(low):
        return "past report"
    if _PERCEIVES.match(low):
        return "report of what is seen"
    if (m := _WANT.match(low)) and not UNIVERSAL.search(low):
        rest = m.group("rest")
        if (p := _WANT_PASSIVE.match(rest)) and _one_referent(p.group("np")):
            return "want of one change"
        # ("… a regression check first": a procedure, said for every time — unless the object is one
        # thing pointed at: "revert this migration first")
        inf = _WANT_INF.match(rest)
        if inf and inf.group("verb") not in _CHOICE and _one_referent(inf.group("obj")):
            pointed = words(inf.group("obj"))[:1] in (["this"], ["that"], ["it"])
            if pointed or not _FIRST.search(rest):
                return "want of one change"
    # the first clause only: a later one's pronoun points back inside the sentence ("our deploys
    # are manual, announce them in chat"; "keep functions short, split them otherwise")
    first = re.split(r"[,;:]\s+|\s+(?:and|then)\s+", low, maxsplit=1)[0]
    obj = _imperative_object(first)
    if obj and obj[0] in _ANAPHORIC and not UNIVERSAL.search(first) and not _keeps(first):
        return "acts on what was just said"
    if _POINTED.search(low) or _JUST_DONE.search(low) or _THEN.search(low):
        return "acts on what was just said"
    if opens_request(low) and any(DEICTIC_SCOPE.search("in " + m.group()) for m in _DEMONSTRATIVE.finditer(low)):
        # "list every rule of this conversation": one thing pointed at, not a standing place
        # (`reading.DEICTIC_SCOPE` lists the places a "this" keeps standing: repo, project, codebase …)
        return "acts on what was just said"
    return ""


class Request(NamedTuple):
    verb: str
    object: tuple[str, ...]  # the object's words up to its first preposition, determiners dropped
    start: int  # where the clause starts in the lower-cased text (its verb, after any opener)


# the reader's prepositions and the other simple ones of Quirk et al. 1985, §9.7
_PREPOSITIONS = PREPOSITIONS | frozenset(
    {"above", "below", "beside", "besides", "inside", "outside", "beneath", "along", "among", "amid", "upon"}
    | {"toward", "towards", "like", "as", "throughout", "except", "underneath", "past", "onto", "unlike"}
)
_CLAUSE_SPLIT = re.compile(r"[,;:]\s+|\s+(?:and|then|&)\s+|[.!?]\s+")
_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "these", "those", "my", "our", "your", "its", "their"})
_DETERMINERS |= frozenset({"all", "any", "every", "each", "some", "me", "us", "it", "them", "everything", "more"})


@lru_cache(maxsize=1 << 14)
def requests_in(text: str) -> tuple[Request, ...]:
    """Every imperative clause of `text`: its verb and object. Linear in the text (one split, one
    pass over each clause's words)."""
    low = text.lower()
    out: list[Request] = []
    pos = 0
    for piece in _CLAUSE_SPLIT.split(low):
        at = low.find(piece, pos)
        pos = at + len(piece) if at >= 0 else pos
        w = words(piece)
        i = 0
        while i < len(w) and (w[i] in _OPENERS or w[i].endswith("ly") or w[i] in {"let's", "lets", "go", "ahead"}):
            i += 1
        asked = False
        if i < len(w) and w[i] in {"help", "can", "could", "would", "will"}:
            asked = w[i] != "help" and i + 1 < len(w) and w[i + 1] == "you"
            i += 1  # "help me make …", "can you please add …": the request's own verb follows
            while i < len(w) and (w[i] in {"me", "us", "you", "kindly"} or w[i] in _OPENERS):
                i += 1
        if i >= len(w) or not (_verb(w[i]) or (asked and _asked_verb(w[i])) or _before_object(w, i)):
            continue
        verb, obj = w[i], []
        for x in w[i + 1 :]:
            if x in _PREPOSITIONS or x in {"and", "or", "so", "if", "when", "then", "but", "because"}:
                break
            if x not in _DETERMINERS:
                obj.append(x)
        start = at + piece.find(verb) if at >= 0 else 0
        out.append(Request(verb, tuple(obj[:4]), max(start, 0)))
    return tuple(out)
