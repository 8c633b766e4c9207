"""Verbs that take a clause as object (WordNet's clausal verbs), read by the fold and the digest.

A leaf module: the fold (`persona.fold`) and the digest's readings (`digest.change_verdict`) both
ask how a clause under "think", "said", "decided" stands; the data and its lookup live here so the
digest never imports the fold above it.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def clausal_verbs() -> dict[str, tuple[str, bool, bool, bool, bool]]:
    """Verbs that take a clause as object, with how a clause under them stands (`decide`,
    `state`, `believe`), whether WordNet gives them the frame "Somebody ----s that CLAUSE", and
    whether their first sense is one of thinking, saying, perceiving or feeling
    (`data/en_clausal.tsv.gz`, Princeton WordNet 3.0, `scripts/make_clausal.py`); empty without it."""
    import gzip
    from importlib import resources

    try:
        raw = resources.files("persona_pipeline.persona.digest").joinpath("data/en_clausal.tsv.gz").read_bytes()
    except (FileNotFoundError, OSError):
        return {}
    rows = (line.split("\t") for line in gzip.decompress(raw).decode().splitlines())
    return {w: (c, f == "1", m == "1", k == "base", b == "1") for w, c, f, m, k, b in rows}


def clausal(word: str) -> tuple[str, bool, bool, bool, bool] | None:
    """A clausal verb's (class, frame 26) for an inflected form ("reckons", "hoped", "figured")."""
    verbs = clausal_verbs()
    w = word.strip("'")
    if w in verbs:
        return verbs[w]
    stems = []
    if w.endswith("ies") or w.endswith("ied"):
        stems.append(w[:-3] + "y")
    if w.endswith("s"):
        stems += [w[:-1], w[:-2]]
    if w.endswith("ed"):
        stems += [w[:-2], w[:-1], w[:-3]]
    if w.endswith("ing"):
        stems += [w[:-3], w[:-3] + "e", w[:-4]]
    return next((verbs[s] for s in stems if len(s) > 1 and s in verbs), None)
