"""Phone numbers written out in words, digit by digit ("zero seven nine …", "null eins fünf …").

Policy: a number dictated digit by digit is how people write their phone number where digits
would be scrubbed or misheard (support notes, voice transcripts, forms). A run of seven or more
digit words (0-9 in English, German, French, Spanish, Italian, Portuguese and Dutch, with English
`oh` for zero and `double`/`triple` repeating the next digit, an optional leading `plus`) is read
as the digits it spells, and redacted as a phone when those digits are a valid number in one of the
common regions (libphonenumber, the same check as the digit forms). Not personal, and left alone:
counting (`one two three four five six seven`: consecutive digits), a run of one or two distinct
digits, fewer than seven digits (a PIN or a code read out), and any spelled run libphonenumber
accepts in no common region (a serial, an account read aloud under some other label).

A phone is spoken in groups (`oh seven nine, one one four, …`) or word after word; digit words
listed one by one (most groups a single word between commas) or closed by a conjunction (`…, two
and nine`: "and", "und", "et", "y", "e", "en", "or", …) are a list of numbers, not a dictated phone,
unless a phone label (phone_labels' words and phrases) comes shortly before the run on its line.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from itertools import pairwise

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.phone_check import valid_region
from persona_pipeline.core.evidence.redaction.phone_labels import CONTEXT as PHONE_CONTEXT
from persona_pipeline.core.evidence.redaction.spans import Span, label_window

# the digits' names, from each language's standard counting words (accents dropped for lookup)
_DIGIT_WORDS: dict[str, tuple[str, ...]] = {
    "0": ("zero", "oh", "null", "nul", "cero", "nought"),
    "1": ("one", "eins", "un", "une", "uno", "um", "een"),
    "2": ("two", "zwei", "zwo", "deux", "dos", "due", "dois", "twee"),
    "3": ("three", "drei", "trois", "tres", "tre", "drie"),
    "4": ("four", "vier", "quatre", "cuatro", "quattro", "quatro"),
    "5": ("five", "funf", "fuenf", "cinq", "cinco", "cinque", "vijf"),
    "6": ("six", "sechs", "seis", "sei", "zes"),
    "7": ("seven", "sieben", "sept", "siete", "sette", "sete", "zeven"),
    "8": ("eight", "acht", "huit", "ocho", "otto", "oito"),
    "9": ("nine", "neun", "neuf", "nueve", "nove", "negen"),
}
_DIGIT_OF = {w: d for d, ws in _DIGIT_WORDS.items() for w in ws}
_REPEAT = {"double": 2, "triple": 3}
_MIN_DIGITS, _MAX_DIGITS = 7, 15
# (tried in order; the user's own region comes first in the other phone rules, here any common one)
_REGIONS = ("US", "GB", "DE", "FR", "ES", "IT", "PT", "BR", "NL", "BE", "AT", "CH", "IE", "IN", "AU", "CA", "MX")


def _fold_word(w: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", w.lower()) if not unicodedata.combining(c))


def _alternation(words: list[str]) -> str:
    # (a non-ASCII letter is the fold's DEL: `fünf` is `f\x7fnf`, `três` `tr\x7fs`, `zéro` `z\x7fro`)
    return "|".join(sorted(set(words), key=len, reverse=True))


_FOLDED_FORMS = [*_DIGIT_OF, "f\x7fnf", "tr\x7fs", "z\x7fro"]
_ONE = rf"(?:{_alternation(_FOLDED_FORMS)})"
# three digit words in a row: the Set pass's gate (a run of seven holds one)
GATE = Rx(rf"(?i)\b{_ONE}[ ,-]{{1,3}}{_ONE}[ ,-]{{1,3}}{_ONE}\b")
# a run on the original text: words of letters, separated by blanks, commas or hyphens
_WORD = re.compile(r"[^\W\d_]+")
_SEP = re.compile(r"[ \t,-]{1,3}")


# the conjunctions closing a list (English, German, French, Spanish, Italian, Portuguese, Dutch)
_CONJUNCTIONS = frozenset(("and", "or", "und", "oder", "et", "ou", "y", "o", "e", "en", "of"))
_CONTEXT_REACH = 64


def _consecutive(d: str) -> bool:
    return {(int(b) - int(a)) % 10 for a, b in pairwise(d)} in ({1}, {9})


def _is_phone(digits: str, plus: bool) -> bool:
    if not _MIN_DIGITS <= len(digits) <= _MAX_DIGITS or len(set(digits)) < 3 or _consecutive(digits):
        return False
    if plus or digits.startswith("00"):
        return valid_region("+" + digits.removeprefix("00"), None) is not None
    return any(valid_region(digits, r) is not None for r in _REGIONS)


def _listed(seps: list[str], closed: bool) -> bool:
    """Whether a run's words are a list's: closed by a conjunction, or most of its comma-separated
    groups (three at least) a single word."""
    if closed:
        return True
    groups, singles, size = 1, 0, 1
    for sep in seps:
        if "," in sep:
            singles += size == 1
            groups, size = groups + 1, 0
        size += 1
    singles += size == 1
    return groups >= 3 and 2 * singles > groups


def _phone_context(text: str, start: int) -> bool:
    """Whether a phone label comes shortly before `start`, on its line."""
    lo = max(0, start - _CONTEXT_REACH)
    lo = text.rfind("\n", lo, start) + 1 or lo
    return PHONE_CONTEXT.search(label_window(text, lo, start)) is not None


def _closes_list(text: str, word: re.Match[str]) -> bool:
    """Whether `word` (the one that ended a run) is a conjunction followed by a digit word."""
    if _fold_word(word.group()) not in _CONJUNCTIONS:
        return False
    sep = _SEP.match(text, word.end())
    nxt = _WORD.match(text, sep.end()) if sep is not None else None
    return nxt is not None and _fold_word(nxt.group()) in _DIGIT_OF


def spoken_phone_spans(text: str) -> Iterator[Span]:
    """Each run of digit words (seven digits or more) that spells a valid phone number, spoken as
    a phone is (not listed) or after a phone label."""
    pos, n = 0, len(text)
    while pos < n:
        m = _WORD.search(text, pos)
        if m is None:
            return
        start, digits, plus, end, repeat = m.start(), "", False, m.start(), 1
        seps: list[str] = []  # (the separators between the run's words)
        sep_before, closed = "", False
        cur: re.Match[str] | None = m
        while cur is not None:
            w = _fold_word(cur.group())
            if w == "plus" and not digits and not plus:
                plus = True
            elif w in _REPEAT and repeat == 1:
                repeat = _REPEAT[w]
            elif w in _DIGIT_OF:
                digits += _DIGIT_OF[w] * repeat
                repeat, end = 1, cur.end()
            else:
                closed = bool(digits) and _closes_list(text, cur)
                break
            if cur is not m:
                seps.append(sep_before)
            sep = _SEP.match(text, cur.end())
            sep_before = "" if sep is None else sep.group()
            cur = _WORD.match(text, sep.end()) if sep is not None else None
        if (
            len(digits) >= _MIN_DIGITS
            and _is_phone(digits, plus)
            and (not _listed(seps, closed) or _phone_context(text, start))
        ):
            yield Span(start, end, "phone")
        # (a run's words are not read again: the next search starts after the run, or the word)
        pos = max(end, m.end())
