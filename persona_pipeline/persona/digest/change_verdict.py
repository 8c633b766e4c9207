"""A verdict on the old way: "X turned out to be a mistake", "X was a bad idea", "X has been a pain"
(issue 15).

People often reverse a habit by judging it after trying it, without naming what replaced it or
saying "now". The frame is a subject that is a thing or a practice (no pronoun, no person), a verb of
being told as experience — the past or perfect of "be", or the linking verbs of outcome "turn out
(to be)", "prove (to be)", "end up (being)" (Quirk et al. 1985 §16.21ff: copular verbs of result) —
and a predicate of clearly negative general-English valence (VADER, `similarity.valence`). With
"was/were" the predicate must be an indefinite noun phrase ("was a mistake", "was a waste of
time"): a classification of the choice. With any of the verbs the subject is a practice or a name,
not one determined thing or occasion ("the meeting was a disaster", "the gala dinner ended up being
a failure", "last night's firing turned out to be a disaster" tell how one went), and the predicate
no definite noun phrase ("X turned out to be the problem" is a diagnosis).

Such a sentence is a change of the person's opinion: the newer statement rejects its subject and,
said after the rule that used it, supersedes that rule. Not a verdict: negated ("X wasn't a
mistake"), asked, hedged ("maybe X was a mistake"), or of a pronoun ("that was a mistake": what
it points at was said before) or a person ("the new intern was a mistake"), or reported ("people
think X was a mistake").
"""

from __future__ import annotations

import re

# the subject: one to six words, not opened by a pronoun, a hedge or a conjunction of reason
_SUBJECT = (
    r"(?P<subj>(?!(?:i|we|you|he|she|they|it|that|this|these|those|there|what|which|who|it's|that's|"
    r"maybe|perhaps|probably|possibly|if|whether|because|since)\b)[a-z0-9][\w.+#'/-]*(?:\s+[a-z0-9][\w.+#'/-]*){0,5}?)"
)
# the linking verbs of outcome and the perfect of "be"; "was/were" only before an indefinite article
_LINK = (
    r"(?P<verb>(?:turned|turns|has\s+turned|have\s+turned)\s+out(?:\s+to\s+be)?|(?:proved|proves|has\s+proved|"
    r"have\s+proved|has\s+proven|have\s+proven)(?:\s+to\s+be)?|ended\s+up(?:\s+being)?|has\s+been|have\s+been|"
    r"(?:was|were)(?=\s+(?:a|an)\s))"
)
_VERDICT = re.compile(rf"^{_SUBJECT}\s+{_LINK}\s+(?P<pred>[^,;:?!]+?)\s*$")
# clause ends (Quirk's coordinated and juxtaposed clauses): a verdict is one clause of the sentence
_CLAUSE = re.compile(r"\s*(?:[,;:!]\s*|\.(?:\s+|$)|\s[—–-]\s|\s(?:and|but|so)\s)")  # ("moment.js" is one word)
# determiners that point at one thing or occasion (Quirk §5.10ff): with a plain past "was" the
# sentence tells how that one went
_DETERMINED = frozenset(
    {"the", "this", "that", "these", "those", "a", "an", "his", "her", "their", "its", "our", "my", "your"}
)
_NEGATED = re.compile(r"\b(?:not|never|no|hardly|n't)\b|n't\b")
_OPENERS = re.compile(r"^(?:(?:honestly|frankly|well|ok|okay|yeah|so|and|but|in hindsight|looking back)\s*,?\s+)+")


# a clause refusing a repetition and nothing else: "never again", "not again", "never doing that
# again" (a negated frequency adjunct, Quirk et al. 1985 §8.63: the negative of "again")
_NEVER_AGAIN = re.compile(
    r"^(?:(?:so|and|but|well)\s+)?(?:never|not|no)\s+(?:(?:doing|trying|using)\s+(?:that|it|this)\s+)?again$"
)
# what was tried: "we tried X", "I've tried X" (the object up to the clause's end)
_TRIED = re.compile(
    r"^(?:we|i)(?:'ve|\s+have)?\s+(?:already\s+|once\s+)?tried\s+(?P<subj>(?!(?:it|that|this|them)\b)[a-z0-9].{0,80}?)$"
)
# a practice told as a gerund subject with its past outcome: "running X every Y flooded the logs"
_DONE = re.compile(r"^(?P<subj>[a-z]+ing\b(?:\s+[\w'.+#-]+){0,6}?)\s+(?:[a-z]+ed|broke|took|made|cost)\b")


# prepositions and verbs of absence (Quirk §9.56 "without"; "skip", "omit", "leave out", "instead of")
_LACKING = re.compile(r"\b(?:without|skipping|skipped|omitting|leaving out|instead of|no|not|never)\b")


def _low(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").replace("`", " ").split())


def _tried_and_refused(clauses: list[str]) -> str:
    """The practice of a "we tried X …, never again" verdict ('' when the sentence is none): one
    clause refusing a repetition, and one telling the practice as tried or as a gerund with its past
    outcome."""
    if not any(_NEVER_AGAIN.match(c) for c in clauses):
        return ""
    for c in clauses:
        if m := _TRIED.match(c) or _DONE.match(c):
            # a practice told by what it lacked ("deploying without a tag", "skipping the backup")
            # refuses that lack: the verdict asks for the thing, it judges no practice using it
            return "" if _LACKING.search(m.group(0)) else m.group("subj")
    return ""


def _reports(word: str) -> bool:
    """A verb of believing or saying (WordNet's clausal verbs, `digest.clausal`): "think", "claims"."""
    from persona_pipeline.persona.digest.clausal import clausal

    verb = clausal(word)
    return verb is not None and verb[0] in {"believe", "state"}


def verdict_subject(text: str) -> str:
    """The subject of the sentence's verdict on a thing ('' when it holds none): the first clause
    that judges a thing or practice, in the past or perfect, as clearly bad."""
    low = _low(text)
    if "?" in low:
        return ""  # asked, not judged
    from persona_pipeline.persona.digest.change_reading import names_person
    from persona_pipeline.persona.digest.similarity import valence

    for clause in _CLAUSE.split(low):
        c = _OPENERS.sub("", clause.strip(" .!()\"'"))
        m = _VERDICT.match(c)
        if m is None or _NEGATED.search(m.group("verb")) or _NEGATED.search(m.group("pred")):
            continue
        if valence(m.group("pred")) > -0.5:
            continue
        subj = m.group("subj")
        first = subj.split()[0]
        if (
            first in _DETERMINED
            or any(w.endswith("'s") for w in subj.split())
            or m.group("pred").startswith(("the ", "this ", "that "))
        ):
            # "the gala dinner ended up being a failure", "last night's firing turned out to be a
            # disaster": one determined occasion or thing; "X turned out to be the problem": a
            # diagnosis (rev48c S5)
            continue
        if any(names_person(w) for w in subj.split()) or any(_reports(w) for w in subj.split()[:-1]):
            # "the new intern was a mistake": a person; "some people think X was a mistake", "the
            # article claims X has been a pain": another's view reported (rev48c S9)
            continue
        return subj
    if re.search(r"\b(?:maybe|perhaps|probably|might|if|says|said|thinks)\b", low):
        return ""  # hedged, conditional or reported: no verdict of the person's
    from persona_pipeline.persona.digest.change_reading import retracted

    if retracted(low):
        return ""  # "tried X once and regretted it": the reading's own guard keeps its older sense
    parts = [_OPENERS.sub("", c.strip(" .!()\"'")) for c in _CLAUSE.split(low)]
    # (_CLAUSE splits at "and": "we tried X and it flooded everything" keeps X in its own clause)
    return _tried_and_refused([c for c in parts if c])


def tried_practice(text: str) -> str:
    """The practice a "we tried X …, never again" verdict judges ('' when the text holds none):
    `verdict_subject`'s reading of that shape only."""
    subj = verdict_subject(text)
    low = _low(text)
    parts = [_OPENERS.sub("", c.strip(" .!()\"'")) for c in _CLAUSE.split(low)]
    return subj if subj and subj == _tried_and_refused([c for c in parts if c]) else ""


def stance_of(
    statement: str, read: tuple[frozenset[str], frozenset[str]], at_least: float
) -> tuple[frozenset[str], frozenset[str]]:
    """The (preferred, rejected) words of a statement holding a verdict: its subject's words move to
    the rejected side (`read` is the plain reading, which takes a judged subject as named)."""
    subj = verdict_subject(statement)
    if not subj:
        return read
    from persona_pipeline.persona.digest.similarity import rare, tokens

    judged = rare(tokens(subj), at_least)
    return read[0] - judged, read[1] | judged
