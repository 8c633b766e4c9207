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
def frequent_english() -> frozenset[str]:
    """wordfreq 3.1.1's English Zipf table as the package ships it for the digester (data only, read
    by path: `persona/digest/data/en_zipf.tsv.gz`, licence in its NOTICE.md); without it, none."""
    try:
        raw = resources.files("persona_pipeline").joinpath("persona/digest/data/en_zipf.tsv.gz").read_bytes()
    except (FileNotFoundError, OSError):
        return frozenset()
    out = set()
    for line in gzip.decompress(raw).decode().splitlines():
        word, _, zipf = line.partition("\t")
        if float(zipf or 0) >= _FREQUENT:
            out.add(word)
    return frozenset(out)


@cache
def common_english() -> frozenset[str]:
    """Common English words (Faker's en_US lorem list, drawn from a frequency list), four letters
    or more."""
    from faker.providers.lorem.en_US import Provider

    return frozenset(w.lower() for w in Provider.word_list if len(w) >= 4 and w.isalpha())
