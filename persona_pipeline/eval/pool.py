"""The template pool the corpus generator draws from (the DEV pool, which the digester is tuned on):
preferences with several phrasings each, contradictions, task requests, directives, decoy-bearing
scaffolding and fictional people. The data is `pools/dev.toml` (read at first use, see
`pool_data.py`); this module adds each preference's everyday phrasing and sets its polarity.

Every phrasing names its preference's key terms (the scorer identifies a bullet by them), and
phrasings vary the cue the way people do: "always", "never", "X, not Y", "X over Y", "stop …",
"no, …", "actually, …", a bare "X everywhere", and a few with no cue word at all.
"""

from __future__ import annotations

from dataclasses import replace

from persona_pipeline.eval.pool_data import Pool, parse_pool, pool_attributes, read_pool


def _build() -> Pool:
    data = read_pool("dev")
    pool = parse_pool(data)
    # everyday phrasings (no cue word): one more per preference, so the dev pool, like the test
    # pool, has a share of plain speech to tune on
    everyday: dict[str, str] = data["everyday"]
    prefs = tuple(
        replace(p, phrasings=(*p.phrasings, everyday[p.id])) if p.id in everyday else p for p in pool.preferences
    )
    # how a faithful bullet names each preference's key terms (the scorer's polarity check)
    avoid, either = data["polarity"]["avoid"], data["polarity"]["either"]
    prefs = tuple(replace(p, polarity="avoid" if p.id in avoid else "" if p.id in either else "prefer") for p in prefs)
    return replace(pool, preferences=prefs)


__getattr__ = pool_attributes(__name__, _build)
