"""The BLIND5 pool (issue 15): written blind once blind4 was opened for tuning, and held out until
blind6 was written; tunable since (its sentences have been read: the honest never-tuned measure is
blind6). Like blind4 it was written without reading the
digester or the other pools' sentences: other people (a Laravel e-commerce shop, Go services at a
mobile operator, ROS 2 robotics in C++, Julia numerical optimisation for a grid operator, audio DSP
plugins), projects, stacks and vocabulary; most preferences said in everyday speech without a cue
word ("I'm a … person", "we got burned by …", "my rule of thumb", complaints that imply a
preference), restatements sharing at most one content word, corrections of the agent and negated
preferences; one-offs that are scoped requests, bug reports, descriptions of current behaviour,
questions (some that sound like preferences), pasted logs or agent claims and temporal
instructions ("for now", "until January", "on the hotfix branch only"), several of them near
neighbours of a preference (the same tool or the same words, another request); contradictions in
both orders, some reversed without "now", by an antonym or by naming the new tool with a verb of
change. The data is `pools/blind5.toml`, served as written (`--pool blind5`); within it, every
item's term alternatives occur in no other item's sentences, so a bullet can be about one item only.

The rule: only AGGREGATE figures of blind5 are ever looked at — recall, fabricated (garbled /
inverted), one-off leakage, contradictions handled, bullet counts. Never the missed ids, the
packs' bullets or the fabricated bullets, and nothing is tuned on it: no cue, lexicon entry,
threshold or code comment may be written from its sentences. Its report is held against the test
pool's gate; CI checks seed 1 against floors just under the untuned baseline
(persona_pipeline_tests/test_eval.py), printing aggregates only when it fails.
"""

from __future__ import annotations

from persona_pipeline.eval.pool_data import parse_pool, pool_attributes, read_pool

__getattr__ = pool_attributes(__name__, lambda: parse_pool(read_pool("blind5")))
