"""The BLIND9 pool (issue 15): a held-out pool, written so that the project keeps one honest
never-tuned measure; blind8 can be opened for tuning now that blind9 exists, and blind9 was opened
for tuning once blind10 was written (eval/pool_blind10.py); blind11 (eval/pool_blind11.py) is the
held-out pool now. Like blind8 it
was written without reading the digester or the other pools' sentences: other people (a COBOL
batch team at a life insurer, FPGA gateware in SystemVerilog, a Django/Wagtail museum collections
site, OCaml market making, a SvelteKit newsroom, Solidity contracts built with Foundry), projects,
stacks and vocabulary. Preferences are said mostly in everyday speech (habits, complaints, asides,
reasons), four phrasings each whose restatements share at most one content word (the key term);
about a quarter are negated, and twelve are said in Italian, Polish, Turkish, Greek, Vietnamese or
Swedish in all their phrasings (their terms are the person's own words or the tool they name; the
English gloss is a comment in the data file). One-offs are scoped requests, bug reports, status
notes, questions, pasted logs, pasted agent output, colleagues' review comments and deadlines
("until the year-end run is signed off", "until the embargo lifts"), some in the people's own
languages; about a quarter are near neighbours of a preference's topic (the same tool or subject,
a one-time ask, without the preference's key term). Contradictions come in both orders (older
corrections vs newer plain statements, and the reverse), none reversed with "now": by naming the
new tool with a verb of change, a date or an event, or "we went back to …". The data is
`pools/blind9.toml`, served as written (`--pool blind9`); within it, every item's term
alternatives occur in no other item's sentences, so a bullet can be about one item only.

The rule: only AGGREGATE figures of blind9 are ever looked at — recall, fabricated (garbled /
inverted), one-off leakage, contradictions handled, bullet counts. Never the missed ids, the
packs' bullets or the fabricated bullets, and nothing is tuned on it: no cue, lexicon entry,
threshold or code comment may be written from its sentences. Its report is held against the test
pool's gate; CI checks seed 1 against floors just under the untuned baseline
(persona_pipeline_tests/test_eval.py), printing aggregates only when it fails.
"""

from __future__ import annotations

from persona_pipeline.eval.pool_data import parse_pool, pool_attributes, read_pool

__getattr__ = pool_attributes(__name__, lambda: parse_pool(read_pool("blind9")))
