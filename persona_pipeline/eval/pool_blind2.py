"""The BLIND2 pool (issue 15): the second pool written blind, once the first blind pool's held-out
half (`blind_hold`, eval/pool_blind.py) had been measured often enough to be promoted to tunable.
Like it, blind2 was written without reading the digester or the other pools' sentences: other
people, projects, stacks and vocabulary, most preferences said in everyday speech without a cue
word, one-offs that are requests, bug reports, descriptions of current behaviour ("… always
resets …"), questions and pasted logs or agent claims, and contradictions in both orders. The
data is `pools/blind2.toml`, served as written (`--pool blind2`); within it, every item's term
alternatives occur in no other item's phrasings, so a bullet can be about one item only.

Held out until blind3 (eval/pool_blind3.py) was written, blind2 was only ever read in aggregate;
since then it may be read and tuned on with general mechanisms (no cue written for one of its
sentences), like blind_dev and blind_hold, and the never-tuned measure is blind3. Its report is
held against the test pool's gate; CI checks seed 1 against floors just under its untuned baseline
(persona_pipeline_tests/test_eval.py), kept as they were.
"""

from __future__ import annotations

from persona_pipeline.eval.pool_data import parse_pool, pool_attributes, read_pool

__getattr__ = pool_attributes(__name__, lambda: parse_pool(read_pool("blind2")))
