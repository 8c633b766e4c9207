"""The BLIND6 pool (issue 15): a fresh held-out pool, written while blind5 was opened for tuning, so
the project keeps one honest never-tuned measure. Like blind5 it was written without reading the
digester or the other pools' sentences: other people (a Ruby on Rails legal-tech shop, a
Dart/Flutter logistics driver app, Zig networking, Unity VR training simulations, a
Terraform/Pulumi platform team, Nextflow genomics pipelines, a Rust/WASM viewer on the side),
projects, stacks and vocabulary; most preferences said in everyday speech without a cue word
("I'm a … person", "we got burned by …", "my rule of thumb", complaints and questions that imply
a standard: "why is there a mock here?"), restatements sharing at most one content word,
corrections of the agent and negated preferences; one-offs that are scoped requests, bug reports,
descriptions of current behaviour, questions (some that sound like preferences), pasted logs,
agent claims and review comments by others, temporal instructions ("for now", "just this once",
"until the auditors leave", "only on release/2.3") and requests naming a coined project name;
contradictions in both orders, most reversed without "now": by an antonym ("table" → "prose",
"past tense" → "imperative") or by naming the new tool with a verb of change. The data is
`pools/blind6.toml`, served as written (`--pool blind6`); within it, every item's term
alternatives occur in no other item's sentences, so a bullet can be about one item only.

The rule: only AGGREGATE figures of blind6 are ever looked at — recall, fabricated (garbled /
inverted), one-off leakage, contradictions handled, bullet counts. Never the missed ids, the
packs' bullets or the fabricated bullets, and nothing is tuned on it: no cue, lexicon entry,
threshold or code comment may be written from its sentences. Its report is held against the test
pool's gate; CI checks seed 1 against floors just under the untuned baseline
(persona_pipeline_tests/test_eval.py), printing aggregates only when it fails.

blind6 was opened for tuning once blind7 was written, blind7 once blind8 was written, blind8 once
blind9 was written, blind9 once blind10 was written and blind10 once blind11 was written; blind11
(eval/pool_blind11.py) is the held-out pool now.
"""

from __future__ import annotations

from persona_pipeline.eval.pool_data import parse_pool, pool_attributes, read_pool

__getattr__ = pool_attributes(__name__, lambda: parse_pool(read_pool("blind6")))
