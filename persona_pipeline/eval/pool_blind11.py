"""The BLIND11 pool (issue 15): the newest held-out pool, written so that the project keeps one
honest never-tuned measure; blind10 can be opened for tuning now that blind11 exists. Like blind10
it was written without reading the digester or the other pools' sentences: other people (HL7/FHIR
interfaces at a hospital, a WordPress agency, PLC automation at a dairy, Stata econometrics at a
policy research institute, Yocto embedded Linux for farm machinery, Unreal Engine C++ at a game
studio), projects, stacks and vocabulary. Preferences are said mostly in everyday speech (habits
in the first person, complaints, what the person trusts, what their team ships, what they can't
stand), four phrasings each whose restatements share no content word but the key term; over a
quarter are negated, and eight are said in Indonesian, Swahili, Tagalog (typed in plain ASCII, as
people type them), Arabic, Georgian or Finnish in all their phrasings (their terms are the
person's own words or the tool they name; the English gloss is a comment in the data file).
One-offs are scoped requests, bug reports, status notes, questions, pasted logs, tracebacks, test
output and agent output (multi-line, as pasted), colleagues' review comments and deadlines, a few
in the people's own languages; over a third are near neighbours of a preference's topic (the same
tool or subject, a one-time ask, without the preference's key term), and two pairs name the same
tool in two different requests. Contradictions come in both orders (older corrections vs newer
plain statements, and the reverse); the newer side wins whatever the tiers, and none is reversed
with "now": a date or an event, a verdict on the old way, the new practice described as it is, a
return to an earlier choice, a rejection repeating the old rule's words ("we tried …; never
again"), or the new tool named alone. The data is `pools/blind11.toml`, served as written
(`--pool blind11`); within it, every item's term alternatives occur in no other item's sentences,
so a bullet can be about one item only.

The rule: only AGGREGATE figures of blind11 are ever looked at — recall, fabricated (garbled /
inverted), one-off leakage, contradictions handled, bullet counts. Never the missed ids, the
packs' bullets or the fabricated bullets, and nothing is tuned on it: no cue, lexicon entry,
threshold or code comment may be written from its sentences. Its report is held against the test
pool's gate; CI checks seed 1 against floors just under the untuned baseline
(persona_pipeline_tests/test_eval.py), printing aggregates only when it fails.
"""

from __future__ import annotations

from persona_pipeline.eval.pool_data import parse_pool, pool_attributes, read_pool

__getattr__ = pool_attributes(__name__, lambda: parse_pool(read_pool("blind11")))
