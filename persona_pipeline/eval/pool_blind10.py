"""The BLIND10 pool (issue 15): a held-out pool, written so that the project keeps one honest
never-tuned measure; blind9 can be opened for tuning now that blind10 exists, and blind10 was
opened for tuning once blind11 was written (eval/pool_blind11.py). Like blind9 it
was written without reading the digester or the other pools' sentences: other people (network
automation with Ansible at a regional ISP, Ada/SPARK railway interlocking, a Clojure/Datomic
library-loans service, a Salesforce Apex CRM for a charity, MATLAB/Simulink battery management,
Excel VBA at an accounting firm), projects, stacks and vocabulary. Preferences are said mostly in
everyday speech (habits, complaints, asides, reasons), four phrasings each whose restatements
share no content word but the key term; over a quarter are negated, and nine are said in Czech,
Danish, Ukrainian, Hebrew, Romanian or Hungarian in all their phrasings (their terms are the
person's own words or the tool they name; the English gloss is a comment in the data file).
One-offs are scoped requests, bug reports, status notes, questions, pasted logs, pasted agent
output, colleagues' review comments and deadlines ("until the exchange migration is over", "until
the council votes on the new fees"), some in the people's own languages; about a quarter are near
neighbours of a preference's topic (the same tool or subject, a one-time ask, without the
preference's key term). Contradictions come in both orders (older corrections vs newer plain
statements, and the reverse); the newer side wins whatever the tiers, and none is reversed with
"now": a verb of change with a date or an event, a verdict on the old way ("… turned out to be a
mistake", "… was a dead end"), a return to an earlier choice ("we went back to …"), or the new
tool named alone. The data is `pools/blind10.toml`, served as written (`--pool blind10`); within
it, every item's term alternatives occur in no other item's sentences, so a bullet can be about
one item only.

The rule: only AGGREGATE figures of blind10 are ever looked at — recall, fabricated (garbled /
inverted), one-off leakage, contradictions handled, bullet counts. Never the missed ids, the
packs' bullets or the fabricated bullets, and nothing is tuned on it: no cue, lexicon entry,
threshold or code comment may be written from its sentences. Its report is held against the test
pool's gate; CI checks seed 1 against floors just under the untuned baseline
(persona_pipeline_tests/test_eval.py), printing aggregates only when it fails.
"""

from __future__ import annotations

from persona_pipeline.eval.pool_data import parse_pool, pool_attributes, read_pool

__getattr__ = pool_attributes(__name__, lambda: parse_pool(read_pool("blind10")))
