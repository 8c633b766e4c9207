"""What a negation refuses (issue 15, C5/C7), read for the fold's stances.

- Focus: "never pay the guides by card, cash is better" refuses the means ("by card"), not the
  paying (`refocused`).
- Litotes: "I don't regret switching to X" prefers X (`litotes`).
- Negative prefixes: "unsalted" is the contradictory of "salted" (`with_prefixes`).

Focus, Quirk et al. 1985 §10.64ff: a negation's focus is the element a contrast singles out. When a
negated imperative ends in an adjunct (a prepositional phrase after its object) and the next clause
names the alternative — a comparative judgement ("cash is better", "a can is gentler"), "instead",
or an imperative ("use cash") — the negation scopes over that adjunct: its words are rejected, the
alternative's preferred, and the verb and object left out of the stance (not refused). Without such a
contrast the whole predicate stays refused ("never tip the porters in euros" is left as read).
"""

from __future__ import annotations

import re

# a negated imperative's opening (Quirk §11.27: don't / never / do not)
_NEGATED = re.compile(r"^(?:please\s+)?(?:never|don't|dont|do not|no longer)\s+")
# the clause boundary after the first clause: a comma, semicolon, colon or dash
_BOUNDARY = re.compile(r"\s*(?:[,;:]|\s[—–-])\s*")
# prepositions of means, manner, place and instrument that head an adjunct (Quirk §9.44ff)
_ADJUNCT_PREPOSITIONS = frozenset(
    {"by", "in", "with", "via", "through", "using", "on", "over", "from", "at", "into", "onto", "inside"}
)
_BETTER = frozenset({"better", "best", "preferable", "nicer", "safer", "cheaper", "easier", "fine", "ok", "okay"})
_COPULAS = frozenset({"is", "are", "'s", "works", "work", "feels", "feel", "seems", "seem"})


def _comparative(word: str) -> bool:
    """An adjective's comparative ("faster", "gentler", "bigger"): -er on an English stem."""
    from persona_pipeline.persona.digest.similarity import zipf

    if word in _BETTER:
        return True
    if len(word) < 5 or not word.endswith("er"):
        return False
    stem = word[:-2]
    candidates = {stem, word[:-1], stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem}
    if stem.endswith("i"):
        candidates.add(stem[:-1] + "y")  # "easier" -> "easy"
    return any(zipf(c) >= 3.0 for c in candidates)


def _contrasts(rest: list[str]) -> bool:
    """The clause after names the alternative: "X is better/faster", "… instead", "use X"."""
    from persona_pipeline.persona.digest.reading import opens_with_verb

    if "instead" in rest or (rest and opens_with_verb(" ".join(rest))):
        return True
    for i, w in enumerate(rest[:6]):
        if w in _COPULAS and i + 1 < len(rest):
            nxt = rest[i + 1 : i + 3]
            return any(_comparative(x) for x in nxt)
    return False


def refocused(statement: str, at_least: float) -> tuple[frozenset[str], frozenset[str]] | None:
    """(preferred, rejected) of a negated instruction whose negation a contrast puts on its final
    adjunct ("never send the invoices by post, email is faster": the invoices sent, post rejected,
    email preferred); None when the statement is not of that shape."""
    from persona_pipeline.persona.digest.similarity import tokens, weight

    low = " ".join(statement.lower().replace("’", "'").split()).rstrip(" .!")
    m = _NEGATED.match(low)
    if not m:
        return None
    parts = _BOUNDARY.split(low[m.end() :], maxsplit=1)
    if len(parts) != 2:
        return None
    head, rest = parts[0].split(), re.findall(r"[a-z][a-z'-]*", parts[1])
    # the adjunct: the first adjunct preposition after the verb (and any object)
    at = next((i for i, w in enumerate(head) if i >= 1 and w in _ADJUNCT_PREPOSITIONS), None)
    if at is None or at == len(head) - 1 or not _contrasts(rest):
        return None

    def rare(words: list[str]) -> frozenset[str]:
        return frozenset(t for t in tokens(" ".join(words)) if weight(t) >= at_least)

    # the alternative stands for the object, not the adjunct: the substitute "one(s)" (Quirk §12.18:
    # "don't stub the server in tests, use a real one") or the object's own words
    if {"one", "ones"} & set(rest) or tokens(" ".join(head[1:at])) & tokens(" ".join(rest)):
        return None

    rejected = rare(head[at + 1 :])
    # the act itself is neither refused nor asked for here: agreeing with an older rule on it would
    # outweigh a refusal of the very means that rule asked for ("always pay in cash")
    preferred = rare(rest) - rejected
    return (preferred, rejected) if rejected else None


# --- double negatives: a negated verb of negative valence ------------------------------------------
# "I don't regret switching to X", "we never regretted moving to X": the negation of a verb of
# negative general-English valence (VADER) is a positive judgement of its object (Quirk §10.69,
# litotes); the gerund of change before the object names the change, not the thing
_LITOTES = re.compile(
    r"^(?:(?:and|so|but|honestly|actually)\s+)?(?:i|we)\s+(?:don't|dont|do not|didn't|did not|never|haven't|have not)"
    r"\s+(?:ever\s+|once\s+)?(?P<verb>[a-z]+)\s+(?P<rest>.+)$"
)
_GERUND_OF_CHANGE = re.compile(
    r"^(?:(?:switching|moving|migrating|changing|going|getting)\s+(?:over\s+)?(?:to|onto)\s+)"
)


def litotes(statement: str, at_least: float) -> tuple[frozenset[str], frozenset[str]] | None:
    """(preferred, rejected) of a first-person negation of a verb of negative valence ("I don't
    regret switching to brevo": brevo preferred); None otherwise."""
    from persona_pipeline.persona.digest.similarity import tokens, valence, weight

    low = " ".join(statement.lower().replace("’", "'").split()).rstrip(" .!")
    first = _BOUNDARY.split(low, maxsplit=1)[0]
    m = _LITOTES.match(first)
    if not m or valence(m.group("verb")) >= 0:
        return None
    # only a change named by its gerund: a negated verb of negative feeling praises its object when
    # the feeling is about the thing ("don't regret") but dispraises it when the feeling is about
    # its absence ("I don't miss the tripod": glad it is gone), and valence cannot tell the two apart;
    # the change's target is the new choice either way (rev47c C11, at merge)
    if _GERUND_OF_CHANGE.match(m.group("rest")) is None:
        return None
    rest = _GERUND_OF_CHANGE.sub("", m.group("rest"))
    preferred = frozenset(t for t in tokens(rest) if weight(t) >= at_least)
    return (preferred, frozenset()) if preferred else None


# --- negative prefixes ------------------------------------------------------------------------------
# Quirk Appendix I.21ff: un-, in-/im-, dis-, non- form the contradictory of an adjective or participle
# ("unsalted" = not salted, "non-stick" = not sticking); read by morphology and checked against the
# general-English word-frequency list (the stem must be a word itself), never a list of such words
# un- and dis- negate adjectives and participles, recognised by their suffix (Quirk App. I.37ff)
_ADJECTIVAL = re.compile(r"(?:ed|en|able|ible|ful|al|ive|ous|ic|ent|ant|y)$")
_NEGATIVE_PREFIX = re.compile(r"^(?P<prefix>un|dis|non-?)(?P<stem>[a-z]{3,})$")


def prefix_negated(statement: str, at_least: float) -> list[tuple[frozenset[str], frozenset[str]]]:
    """(tokens of the prefixed word, tokens of its stem) for each word a negative prefix forms
    ("unsalted" -> ({"unsalt"}, {"salt"})), stems weighing `at_least`."""
    from persona_pipeline.persona.digest.similarity import tokens, weight, zipf

    out: list[tuple[frozenset[str], frozenset[str]]] = []
    for word in set(re.findall(r"[a-z][a-z-]*", statement.lower())):
        m = _NEGATIVE_PREFIX.match(word)
        if not m or not (zipf(word) or zipf(word.replace("-", ""))):
            continue  # the prefixed form must itself be an English word ("unsalted", "non-stick")
        stem = m.group("stem")
        if m.group("prefix") in {"un", "dis"} and not _ADJECTIVAL.search(stem):
            continue  # un-/dis- on a verb reverses an action ("unpack", "disconnect"): no negation
        if not zipf(stem):
            continue  # "under", "nonce": no stem word, so no prefix
        stems = frozenset(t for t in tokens(stem) if weight(t) >= at_least)
        if stems and not stems & tokens(word):  # the tokeniser kept the two apart
            out.append((tokens(word), stems))
    return out


def with_prefixes(
    statement: str, stance: tuple[frozenset[str], frozenset[str]], at_least: float
) -> tuple[frozenset[str], frozenset[str]]:
    """The stance with each negatively prefixed word's stem on the other side ("bake with unsalted
    butter" rejects "salted"; "avoid unsalted butter" prefers it)."""
    p, n = stance
    for word, stem in prefix_negated(statement, at_least):
        if word & p:
            p, n = p - stem, n | stem
        elif word & n:
            p, n = p | stem, n - stem
    return p, n


# --- excess ---------------------------------------------------------------------------------------
# Quirk App. I.23: over- on a participle or adjective means "too, excessively" ("overrated",
# "overcooked", "overpriced"): a judgement against what it is said of, when the lexicon has no
# rating of its own for the word. Its weight is the mildest step of VADER's −4…+4 scale.
_OVER = re.compile(r"^over-?(?P<stem>[a-z]{3,}ed)$")
EXCESS = -1.0


def derived_valence(word: str) -> float:
    """The valence a word's morphology gives it: an over- participle whose stem is an English word
    ("overrated" < 0); 0 for any other word."""
    from persona_pipeline.persona.digest.similarity import zipf

    m = _OVER.match(word)
    return EXCESS if m and zipf(m.group("stem")) and zipf(word.replace("-", "")) else 0.0


# --- a habit ended, an attitude come to -------------------------------------------------------------
# Quirk §16.39ff: an aspectual verb of ending with an -ing clause ends a habit ("I've stopped
# stretching before climbs", "we quit ordering takeaway"): what the -ing clause names is now refused.
_CEASED = re.compile(
    r"^(?:(?:and|so|but|honestly|actually)\s+)?(?:i|we)(?:'ve| have)?\s+(?:(?:mostly|finally|now|just|already)\s+)?"
    r"(?:stopped|quit|given up|gave up)\s+(?P<gerund>[a-z]+ing)\b(?P<rest>[^,;:]*)"
)
# "I've grown / come / learned to hate X": an attitude arrived at, its verb's valence the stance
_COME_TO = re.compile(
    r"^(?:(?:and|so|but|honestly|actually)\s+)?(?:i|we)(?:'ve| have)?\s+(?:(?:really|slowly|finally)\s+)?"
    r"(?:grown|come|came|learned|learnt|started|begun|began)\s+to\s+(?P<verb>[a-z]+)\s+(?P<rest>[^,;:]+)"
)


def _low(statement: str) -> str:
    return " ".join(statement.lower().replace("’", "'").split()).rstrip(" .!")


# what keeps an ended act from ending a habit: a duration or an occasion bounding it ("for a week",
# "during the break", "over the holidays", "when my shoulder hurt", "last winter": Quirk §8.53ff
# adjuncts of duration and time position; a spatial "over the sink" is read so too, which only keeps
# the older rule standing), or an -ing clause about something ("stopped worrying about the chain": a mental
# state, no act on the thing)
_BOUNDED = re.compile(
    r"\b(?:for\s+(?:a|an|one|two|three|four|a few|a couple of|some|several|the)\b|during\b|"
    r"over\s+(?:the|a|an|that|this|those|these)\b|when\b|while\b|"
    r"until\b|till\b|last\b|this\b|that\b|today\b|yesterday\b|once\b|because\b)"
)


def _ceased(low: str) -> re.Match[str] | None:
    m = _CEASED.match(low)
    if m is None or m.group("rest").strip().startswith("about") or _BOUNDED.search(low[m.start("gerund") :]):
        return None
    return m


def ceased(statement: str) -> bool:
    """The person ended a habit ("I've stopped stretching before climbs"), not one period of it
    ("… for a week when my shoulder hurt")."""
    return _ceased(_low(statement)) is not None


def ended_or_come_to(statement: str, at_least: float) -> tuple[frozenset[str], frozenset[str]] | None:
    """(preferred, rejected) of a habit ended ("I've stopped X-ing …": X refused) or an attitude
    come to ("I've grown to hate X": X refused, "… to love X": X preferred); None otherwise."""
    from persona_pipeline.persona.digest.similarity import tokens, valence, weight

    def rare(text: str) -> frozenset[str]:
        return frozenset(t for t in tokens(text) if weight(t) >= at_least)

    low = _low(statement)
    if m := _ceased(low):
        refused = rare(m.group("gerund") + m.group("rest"))
        return (frozenset(), refused) if refused else None
    if (m := _COME_TO.match(low)) and abs(v := valence(m.group("verb"))) >= 0.5:
        said = rare(m.group("rest"))
        return ((said, frozenset()) if v > 0 else (frozenset(), said)) if said else None
    return None
