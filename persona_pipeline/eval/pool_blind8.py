"""The BLIND8 pool (issue 15): a held-out pool, written so that the project keeps one honest
never-tuned measure; blind7 can be opened for tuning now that blind8 exists, and blind8 can be
opened for tuning now that blind9 exists (eval/pool_blind9.py); blind11 (eval/pool_blind11.py) is
the held-out pool now. Like blind7 it
was written without reading the digester or the other pools' sentences: other people (a Kotlin
Android banking app, a Haskell compiler team, a Vue storefront, a C#/.NET ERP, R biostatistics for
clinical trials, Scala/Spark data pipelines), projects, stacks and vocabulary. Preferences are
said in everyday speech with almost no cue word (habits, complaints, asides, reasons given for a
request, corrections after an agent action), four phrasings each whose restatements share at most
one content word (the key term); about a quarter are negated, and eleven are said in Russian,
French, Portuguese, Japanese, Korean or Hindi in all their phrasings (their terms are the person's
own words or the tool they name; the English gloss is a comment in the data file). One-offs are
scoped requests, bug reports, status notes, questions, pasted logs, claims of the agent, review
comments by colleagues and temporal instructions ("until fiscal close is done", "only this
weekend"); more than twenty are near neighbours of a preference's topic (the same tool, a one-time
ask, without the preference's key term). Contradictions come in both orders (older corrections vs
newer plain statements, and the reverse), reversed without "now": by naming the new tool with a
verb of change or a date. The data is `pools/blind8.toml`, served as written (`--pool blind8`);
within it, every item's term alternatives occur in no other item's sentences, so a bullet can be
about one item only.

The rule: only AGGREGATE figures of blind8 are ever looked at — recall, fabricated (garbled /
inverted), one-off leakage, contradictions handled, bullet counts. Never the missed ids, the
packs' bullets or the fabricated bullets, and nothing is tuned on it: no cue, lexicon entry,
threshold or code comment may be written from its sentences. Its report is held against the test
pool's gate; CI checks seed 1 against floors just under the untuned baseline
(persona_pipeline_tests/test_eval.py), printing aggregates only when it fails.
"""

from __future__ import annotations

from persona_pipeline.eval.pool_data import parse_pool, pool_attributes, read_pool

__getattr__ = pool_attributes(__name__, lambda: parse_pool(read_pool("blind8")))
