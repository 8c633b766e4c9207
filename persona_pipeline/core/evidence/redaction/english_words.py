"""English word lists the detectors share, each loaded once: the everyday words a label, a heading or
a town's continuation is made of, against which an unlisted name is told. A leaf module (no detector
imports), so any detector may import it at its top."""

from __future__ import annotations

import gzip
from functools import cache
from importlib import resources

# a word used about once in 10,000 words of general English or more (Zipf 4: `default`, `output`,
# `sample`, `primary`); an unlisted name is rarer (`Kwame` 2.7, `Okafor` 2.5, most none at all)
_FREQUENT = 4.0


@cache
def _zipf_table() -> dict[str, float]:
    """wordfreq 3.1.1's English Zipf table as the package ships it for the digester (data only, read
    by path: `persona/digest/data/en_zipf.tsv.gz`, licence in its NOTICE.md); without it, empty."""
    try:
        raw = resources.files("persona_pipeline").joinpath("persona/digest/data/en_zipf.tsv.gz").read_bytes()
    except (FileNotFoundError, OSError):
        return {}
    out = {}
    for line in gzip.decompress(raw).decode().splitlines():
        word, _, zipf = line.partition("\t")
        out[word] = float(zipf or 0)
    return out


@cache
def frequent_english() -> frozenset[str]:
    """The words of the Zipf table used about once in 10,000 words or more."""
    return frozenset(w for w, z in _zipf_table().items() if z >= _FREQUENT)


# a word of general English use (Zipf 3: about once a million words: `rout`, `scalable` 2.9 is not)
_ENGLISH = 3.0


@cache
def english_word_list() -> frozenset[str]:
    """The words of the Zipf table used about once a million words or more: English vocabulary, to
    tell a derived word's stem (`balanc(e)+er`) from a name's letters (`Akt+er`)."""
    return frozenset(w for w, z in _zipf_table().items() if z >= _ENGLISH)


@cache
def common_english() -> frozenset[str]:
    """Common English words (Faker's en_US lorem list, drawn from a frequency list), four letters
    or more."""
    from faker.providers.lorem.en_US import Provider

    return frozenset(w.lower() for w in Provider.word_list if len(w) >= 4 and w.isalpha())
