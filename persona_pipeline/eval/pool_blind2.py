"""The BLIND2 pool (issue 15): a fresh held-out pool, written once the first blind pool's held-out
half (`blind_hold`, eval/pool_blind.py) had been measured often enough to be promoted to tunable.
Like it, blind2 was written without reading the digester or the other pools' sentences: other
people, projects, stacks and vocabulary, most preferences said in everyday speech without a cue
word, one-offs that are requests, bug reports, descriptions of current behaviour ("… always
resets …"), questions and pasted logs or agent claims, and contradictions in both orders. The
data is `pools/blind2.toml`, served as written (`--pool blind2`); within it, every item's term
alternatives occur in no other item's phrasings, so a bullet can be about one item only.

The rule: only AGGREGATE figures of blind2 are ever looked at — recall, fabricated (garbled /
inverted), one-off leakage, contradictions handled, bullet counts. Never the missed ids, the
packs' bullets or the fabricated bullets, and nothing is tuned on it (no cue, lexicon entry,
threshold or code comment may be written from its sentences). Its report is held against the
test pool's gate; CI checks seed 1 against floors just under the untuned baseline
(persona_pipeline_tests/test_eval.py), printing aggregates only when it fails.
"""

from __future__ import annotations

from persona_pipeline.eval.pool_data import parse_pool, pool_attributes, read_pool

__getattr__ = pool_attributes(__name__, lambda: parse_pool(read_pool("blind2")))
