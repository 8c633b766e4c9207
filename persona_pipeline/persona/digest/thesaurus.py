"""General-English synonyms for the similarity's tokens (Princeton WordNet 3.0,
`data/en_synonyms.tsv.gz`, written by `scripts/make_synonyms.py`; licence in `data/NOTICE.md`).

Each word of the table carries the concepts of its main senses (a word's rare senses are left out
there) and, for an adjective that is only "similar to" a head ("terse" to "concise"), a link to
that head. Two tokens are synonyms when they share a concept, or one links to a concept the other
owns ("brief" ~ "concise", "terse" ~ "concise", "answer" ~ "reply", "tiny" ~ "small"); two words
merely similar to one head are not ("brief" and "terse", or "five" and "eight", cardinal numbers). A token stands for
every listed word it is the token of ("replies", "replied" → "reply").

Loaded on first use (a code location imports without reading it); without the file no two
distinct tokens are synonyms.
"""

from __future__ import annotations

import gzip
from collections import defaultdict
from functools import lru_cache
from importlib import resources

# (concepts a token owns, heads it is similar to)
Senses = tuple[frozenset[str], frozenset[str]]
NONE: Senses = (frozenset(), frozenset())


@lru_cache(maxsize=1)
def _table() -> dict[str, Senses]:
    from persona_pipeline.persona.digest.similarity import _key  # the tokeniser's own keys

    try:
        raw = resources.files("persona_pipeline.persona.digest").joinpath("data/en_synonyms.tsv.gz").read_bytes()
    except (FileNotFoundError, OSError):
        return {}
    own: dict[str, set[str]] = defaultdict(set)
    near: dict[str, set[str]] = defaultdict(set)
    for line in gzip.decompress(raw).decode().splitlines():
        word, _, ids = line.partition("\t")
        token = _key(word)
        for c in ids.split():
            if c.startswith("^"):
                near[token].add(c[1:])
            else:
                own[token].add(c)
    return {t: (frozenset(own[t]), frozenset(near[t])) for t in own.keys() | near.keys()}


def senses(token: str) -> Senses:
    return _table().get(token, NONE)


def synonyms(x: str, y: str) -> bool:
    """Whether two distinct tokens can stand for one another (module docstring)."""
    (ox, nx), (oy, ny) = senses(x), senses(y)
    return bool(ox & oy or nx & oy or ox & ny)


def keys(token: str) -> frozenset[str]:
    """Index keys a synonym of `token` shares with it (a superset: `synonyms` decides)."""
    o, n = senses(token)
    return frozenset("~" + c for c in o | n)


@lru_cache(maxsize=1)
def _states() -> frozenset[str]:
    """Words whose main part of speech is an adjective or a past participle (`data/en_states.txt.gz`,
    Princeton WordNet 3.0, written by `scripts/make_states.py`); empty without the file."""
    try:
        raw = resources.files("persona_pipeline.persona.digest").joinpath("data/en_states.txt.gz").read_bytes()
    except (FileNotFoundError, OSError):
        return frozenset()
    return frozenset(gzip.decompress(raw).decode().split())


def state(word: str) -> bool:
    """Whether a word says how a thing is ("slow", "overloaded", "dirty") rather than naming one.
    Besides WordNet's adjectives: an adjective made with -y after a doubled consonant ("laggy",
    "buggy"; English doubles a short vowel's final consonant before the suffix) from a word that
    general English lists ("lag")."""
    from persona_pipeline.persona.digest.similarity import zipf

    w = word.lower()
    if w in _states():
        return True
    return len(w) > 4 and w.endswith("y") and w[-2] == w[-3] and w[-2] not in "aeiouy" and zipf(w[:-2]) > 0
