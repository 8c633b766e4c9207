"""The focus of a negated instruction (issue 15, C5): "never pay the guides by card, cash is
better" refuses the means ("by card"), not the paying.

Quirk et al. 1985 §10.64ff: a negation's focus is the element a contrast singles out. When a
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

    rejected = rare(head[at + 1 :])
    # the act itself is neither refused nor asked for here: agreeing with an older rule on it would
    # outweigh a refusal of the very means that rule asked for ("always pay in cash")
    preferred = rare(rest) - rejected
    return (preferred, rejected) if rejected else None
