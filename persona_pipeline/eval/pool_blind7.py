"""The BLIND7 pool (issue 15): a held-out pool, written so that the project keeps one honest
never-tuned measure; blind6 can be opened for tuning now that blind7 exists, and blind7 can be
opened for tuning now that blind8 exists (eval/pool_blind8.py), held out until it is. Like blind6 it
was written without reading the digester or the other pools' sentences: other people (embedded
firmware on Zephyr, a dbt/Snowflake data team, an iOS Swift health app, Lua game modding, a
scientific Fortran ocean model, an Elixir/Phoenix payments service), projects, stacks and
vocabulary. Preferences are said in everyday speech with almost no cue word (habits, "I'm a …
person", complaints, asides, questions that imply a standard, corrections after an agent action),
four phrasings each whose restatements share at most one content word; about a quarter are
negated, and ten are said in Chinese, Spanish or German in all their phrasings (their terms are the
person's own words; the English gloss is a comment in the data file). One-offs are scoped
requests, bug reports, descriptions of current behaviour, status notes, questions (some that
sound like preferences), pasted logs, claims of the agent and review comments by others,
temporal instructions ("until the audit is over", "just this once", "only on release/2.4") and
coined project names; about twenty are near neighbours of a preference's topic (the same tool, a
one-time ask). Contradictions come in both orders (older corrections vs newer plain statements,
and the reverse), most reversed without "now": by naming the new tool or an antonym. The data is
`pools/blind7.toml`, served as written (`--pool blind7`); within it, every item's term
alternatives occur in no other item's sentences, so a bullet can be about one item only.

The rule: only AGGREGATE figures of blind7 are ever looked at — recall, fabricated (garbled /
inverted), one-off leakage, contradictions handled, bullet counts. Never the missed ids, the
packs' bullets or the fabricated bullets, and nothing is tuned on it: no cue, lexicon entry,
threshold or code comment may be written from its sentences. Its report is held against the test
pool's gate; CI checks seed 1 against floors just under the untuned baseline
(persona_pipeline_tests/test_eval.py), printing aggregates only when it fails.

blind7 was opened for tuning once blind8 was written, blind8 once blind9 was written and blind9
once blind10 was written and blind10 once blind11 was written; blind11 (eval/pool_blind11.py) is
the held-out pool now.
"""

from __future__ import annotations

from persona_pipeline.eval.pool_data import parse_pool, pool_attributes, read_pool

__getattr__ = pool_attributes(__name__, lambda: parse_pool(read_pool("blind7")))
