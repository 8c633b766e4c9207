"""Words of every script (issue 15): the tokenisers' view of text that is not ASCII.

The digester's word patterns were written for ASCII English; people state preferences in any
language. ASCII text keeps the original patterns (so every English result is unchanged); text with
any other character goes through here:
- a letter is a letter of any script with its combining marks (Unicode `\\p{L}\\p{M}*`: Devanagari
  vowel signs, Thai vowels), NFC-composed, and each word NFKC-normalised ("ｕｖ" is "uv") and
  casefolded ("Straße" ~ "strasse");
- a run of a script written without spaces between words (Han, Hiragana, Katakana, Thai, Lao,
  Khmer, Myanmar) or of Hangul (whose words carry their particles: "파일을", "파일은") is cut into
  overlapping character bigrams, the standard dictionary-free index of CJK text (Lucene's
  CJKBigramFilter, which bigrams these same scripts; Kwok 1997, "Comparing representations in
  Chinese information retrieval", SIGIR): two wordings that share a two-character word share a
  token;
- for matching (`key`), an alphabetic word of another script (Cyrillic, Greek, Latin with
  accents, …) is cut to its first TRUNCATE letters, a truncation stem (McNamee & Mayfield 2004,
  "Character n-gram tokenization for European language text retrieval", Information Retrieval 7)
  standing in for the inflection rules the English stemmer has ("änderungen" ~ "änderung").
Accents are kept, never stripped ("änder" is not "ander"). A Latin-script word English does not know
weighs what any unknown word weighs (as the unaccented words of its sentence do); a word of another
script weighs neutrally (`similarity.weight`).
No negator or imperative of another language is read: the reader's force rules are English
grammar, so such a sentence is a weak statement confirmed only by recurrence.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import Any

TRUNCATE = 5  # McNamee & Mayfield (2004): truncation to 4–5 letters, their best for most languages

# scripts without spaces between words, and Hangul (particles attached), by Unicode block
_BIGRAM_RANGES = (
    (0x0E00, 0x0EFF),  # Thai, Lao
    (0x1000, 0x109F),  # Myanmar
    (0x1780, 0x17FF),  # Khmer
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3130, 0x318F),  # Hangul Compatibility Jamo
    (0x31F0, 0x31FF),  # Katakana Phonetic Extensions
    (0x3400, 0x4DBF),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xAC00, 0xD7AF),  # Hangul Syllables
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0xFF66, 0xFF9F),  # half-width Katakana
    (0x20000, 0x3134F),  # CJK Extensions B–G
)
# letters outside Basic Latin, Latin-1, Latin Extended-A/B, IPA and Latin Extended Additional
_NON_LATIN = re.compile("[^\x00-\u02af\u1e00-\u1eff]")
_HIRAGANA = re.compile("[\u3040-\u309f]+")
_CLASS = "".join(f"\\U{a:08x}-\\U{b:08x}" for a, b in _BIGRAM_RANGES)


@lru_cache(maxsize=1)
def _regex() -> Any:
    # imported on the first non-ASCII text only: it costs ~0.1 s and English never needs it
    import regex

    return regex


@cache
def compile_(pattern: str, flags: int = 0) -> Any:
    """A `regex` pattern (`\\p{L}`, `\\p{M}` available), compiled once."""
    return _regex().compile(pattern, flags)


def _runs(word: str) -> list[str]:
    return compile_(f"[{_CLASS}]+|[^{_CLASS}]+").findall(word)


def latin(word: str) -> bool:
    """Written in the Latin script only (accents included: "änder", "señal")."""
    return not _NON_LATIN.search(word)


def spaceless(text: str) -> bool:
    return bool(compile_(f"[{_CLASS}]").search(text))


def bigrams(run: str) -> list[str]:
    """Overlapping character bigrams of a run ("數據處理" -> 數據, 據處, 處理); a lone character is itself."""
    return [run] if len(run) < 2 else [run[i : i + 2] for i in range(len(run) - 1)]


def normal(word: str) -> str:
    return unicodedata.normalize("NFKC", word).casefold()


def segments(word: str) -> list[str]:
    """A word found by a Unicode pattern, as words: NFKC-normalised and casefolded, its spaceless
    runs cut into bigrams (an ASCII name inside one, "用polars", is a word of its own)."""
    w = normal(word)
    if w.isascii() or not spaceless(w):
        return [w]
    return [p for run in _runs(w) for p in (bigrams(run) if spaceless(run) else [run])]


def key(word: str) -> str:
    """A non-ASCII word's matching key ("" to leave it out): an alphabetic word of a spaced script
    cut to TRUNCATE letters so its inflections share one key; a bigram of hiragana alone left out."""
    if _HIRAGANA.fullmatch(word):
        # Japanese writes its particles, inflections and auxiliaries in hiragana and content
        # words mostly in kanji or katakana (Shibatani, "The Languages of Japan", 1990, ch. 5):
        # a bigram of hiragana alone is grammar, not what a statement is about
        return ""
    if spaceless(word):
        return word
    letters = compile_(r"\p{L}\p{M}*").findall(word)
    # an identifier with digits or dots stays whole
    return "".join(letters[:TRUNCATE]) if "".join(letters) == word else word
