"""The reader's grammar for languages other than English (issue 15).

`reading` decides directive force, polarity, questions and one-off markers from closed-class
English. A sentence with any non-ASCII character is also read here, with the closed classes of
the languages developers most often write in (Chinese, Japanese, Korean, Spanish, Portuguese,
French, German, Russian, Hindi; for time deixis also Italian, Polish, Turkish, Greek, Vietnamese,
Swedish), one data module per concern:

- `negation`: negators (polarity, `negated`);
- `directive`: prohibitives, modals of obligation, habitual adverbs, "first" (explicit force, `force`);
- `questions`: interrogative particles, pronouns, word orders (`one_off` -> "question");
- `deixis`: time deixis ("deictic time"), adverbials of a change of habit (`changes`),
  demonstrative determiners (`points_at_one`);
- `aspect`: a single brief act asked for ("single act"), a repetition reported ("description");
- `function_words`: articles, prepositions, pronouns, … which are no content (`function_words`).

Every entry names its reference grammar (`sources`). Only a sentence with a letter outside ASCII
is read here, so English is read exactly as before; a Latin-script language's markers are not
read beside an English function word ("review from José: no"); a Spanish or German sentence
written without any accent is read as English is (a known gap: telling languages apart is left
to a language-identification package).
"""

from __future__ import annotations

import re
from functools import cache

from persona_pipeline.persona.digest import script
from persona_pipeline.persona.digest.tongues import aspect, deixis, directive, negation, questions
from persona_pipeline.persona.digest.tongues.function_words import FUNCTION_WORDS
from persona_pipeline.persona.digest.tongues.markers import Marker, pattern

__all__ = ["Marker", "changes", "english", "force", "function_words", "negated", "one_off", "points_at_one", "question"]

# clause ends, in the punctuation of every script (full-width forms included)
_CLAUSE_END = re.compile(r"\s*[,;:!?.…，、；：！？。¡¿]+\s*|\s+[—–-]\s+")
_OPENING = "¿¡\"'“‘«「『（( "
_CLOSING = " .!?…。！？～~\"'”’»」』）)"
# a quoted mention is an example, not the speaker's own words
_QUOTED = re.compile(r"'[^'\n]{1,40}'|\"[^\"\n]{1,40}\"|“[^”\n]{1,40}”|「[^」\n]{1,40}」|`[^`]*`")


def _norm(text: str) -> str:
    return script.normal(_QUOTED.sub(" ", text).replace("’", "'")).strip()


def _clauses(text: str) -> list[str]:
    return [c.strip(_OPENING + _CLOSING) for c in _CLAUSE_END.split(text) if c.strip(_OPENING + _CLOSING)]


# Languages written in the Latin script, whose short words an English sentence may hold ("no",
# "sin"): their markers are read only in a sentence with no English function word. These words
# are English's own closed class and no word of Spanish, Portuguese, French or German.
# (the six languages read for time deixis only are not among them: none of their forms is an English
# word, and their commonest words are: Polish "to", Italian "a", Swedish "i")
_LATIN = frozenset({"es", "pt", "fr", "de"})
_ENGLISH = frozenset(
    {"the", "is", "are", "you", "it", "it's", "to", "of", "and", "with", "for", "this", "that", "be", "have", "has"}
    | {"should", "would", "don't", "doesn't", "my", "your", "we", "not", "i'm", "i'd", "i've", "they", "what"}
    | {"from", "when", "which", "there", "their", "will", "been", "these", "those", "into", "about", "our", "its"}
    | {"she", "them", "can", "can't", "won't", "please", "just"}
)
_LETTERS = re.compile(r"[^\W\d_]+")


def _readable(text: str) -> frozenset[str] | None:
    """Which languages' markers may be read in `text`: none without a letter outside ASCII
    (English is read by `reading` alone); all but the Latin-script ones beside an English
    function word; all otherwise (None)."""
    if text.isascii() or not any(not c.isascii() and c.isalpha() for c in text):
        return frozenset()
    low = text.lower().replace("’", "'")
    if set(_LETTERS.findall(low)) & _ENGLISH or _ENGLISH & set(low.split()):
        return _LATIN
    return None


def english(text: str) -> bool:
    """`text` may be English: ASCII, or beside an English function word (the gate `_readable` keeps)."""
    return _readable(text) is not None


def _found(markers: tuple[Marker, ...], text: str, sentence: str) -> bool:
    """A form of `markers` in `text` (part of `sentence`, which decides the languages read)."""
    gate = _readable(sentence)
    if gate is not None:
        if not gate:
            return False
        markers = tuple(m for m in markers if m.lang not in gate)
    return bool(markers) and bool(pattern(markers).search(text))


def question(text: str) -> bool:
    """A question by its particle, pronoun or word order (the question mark is `reading`'s)."""
    low = _norm(text)
    # (an opening "¡" is an exclamation's: "¡qué …!" asks nothing)
    body, head = low.rstrip(_CLOSING), low.lstrip(_OPENING.replace("¡", ""))
    return bool(low) and (
        _found(questions.FINAL, body, text) or _found(questions.ANY, low, text) or _found(questions.INITIAL, head, text)
    )


def habitual(text: str) -> bool:
    return _found(directive.HABITUAL, _norm(text), text)


def one_off(text: str) -> str:
    """Why a sentence is about one occasion ('' when nothing says so): a question, a time deictic,
    a single act asked for (unless a habit is said beside it), a repetition reported."""
    low = _norm(text)
    if question(text):
        return "question"
    if _found(deixis.TIME, low, text):
        return "deictic time"
    if _found(aspect.SINGLE_ACT, low, text) and not habitual(text):
        return "single act"
    if any(_found(aspect.AGAIN_DONE, c, text) or _describes(c, text) for c in _clauses(low)):
        return "description"
    return ""


def _describes(clause: str, sentence: str) -> bool:
    """A habitual adverb after a definite subject, or between a subject and a verb of the third
    person, with no modal or prohibitive: how one thing behaves ("… is always slow"), as
    English's "the X always …" is read (`reading._one_off`)."""
    m = pattern(directive.HABITUAL).search(clause)
    if not m or not _found(directive.HABITUAL, clause, sentence):
        return False
    before, after = clause[: m.start()].rstrip(), clause[m.end() :].lstrip()
    return (
        bool(before)
        and (
            _found(directive.DEFINITE_SUBJECT, before, sentence) or _found(directive.THIRD_PERSON_VERB, after, sentence)
        )
        and not _found(directive.OBLIGATION, clause, sentence)
        and not _found(directive.PROHIBITIVE, clause, sentence)
    )


def negated(clause: str, sentence: str = "") -> bool:
    """A negator in the clause (its polarity is the reverse of what it names); `sentence`, the
    whole the clause is part of, decides which languages are read (the clause by default)."""
    return _found(negation.NEGATORS, _norm(clause), sentence or clause)


def force(text: str) -> tuple[float, str]:
    """(1.0, why) when a clause says a prohibition, an obligation, a habit or a procedure
    ("first"); (0.0, '') otherwise. (A habit said of one definite thing is no rule: `one_off`.)"""
    for c in _clauses(_norm(text)):
        if _found(directive.PROHIBITIVE, c, text):
            return 1.0, "negative directive"
        if _found(directive.OBLIGATION, c, text):
            return 1.0, "modal"
        if _found(directive.HABITUAL, c, text):
            return 1.0, "habitual"
        if _found(directive.PROCEDURE, c, text):
            return 1.0, "procedure"
    return 0.0, ""


def changes(text: str) -> bool:
    """An adverbial of a change of habit ("from now on", "no longer")."""
    return _found(deixis.CHANGE, _norm(text), text)


def points_at_one(text: str) -> bool:
    """A demonstrative determiner (or the object of Chinese 把): one thing pointed at."""
    return _found(deixis.DEMONSTRATIVE, _norm(text), text)


@cache
def _function_words(left_out: frozenset[str]) -> frozenset[str]:
    return frozenset().union(*(words for lang, (words, _) in FUNCTION_WORDS.items() if lang not in left_out))


def function_words(text: str) -> frozenset[str]:
    """The function words of the languages `text` may be in (none for English text)."""
    gate = _readable(text)
    if gate is not None and not gate:
        return frozenset()
    return _function_words(gate or frozenset())
