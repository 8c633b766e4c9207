"""The BLIND4 pool (issue 15): a pool written once blind3 was opened for tuning, so the project
kept one honest never-tuned measure. Like blind3 it was written without reading the
digester or the other pools' sentences: other people (a Kotlin fintech backend, an Elixir/Phoenix
clinic-booking team, a Haskell compiler, a bioinformatics lab with R figures, an accessibility-
focused frontend, Nix-based DevOps), projects, stacks and vocabulary; most preferences said in
everyday speech without a cue word ("I'm a … person", "we got burned by …", "my rule of thumb",
complaints that imply a preference), restatements sharing few words, corrections of the agent and
negated preferences; one-offs that are scoped requests, bug reports, descriptions of current
behaviour, questions (some that sound like preferences), pasted logs or agent claims and temporal
instructions ("for now", "in this branch only", "until the release"); contradictions in both
orders, some reversed without "now", by an antonym or by naming the new tool with a verb of change.
The data is `pools/blind4.toml`, served as written (`--pool blind4`); within it, every item's term
alternatives occur in no other item's sentences, so a bullet can be about one item only.

Held out (only aggregates looked at, nothing tuned on it) until blind5 was written; since then it
is a tunable pool like blind3: its sentences, missed ids and bullets have been read (a first tuning
pass, branch digest6, was reverted after review: its mechanisms were fitted to blind4's sentences).
blind5 (pool_blind5.py) is the never-tuned measure now. CI checks seed 1 against floors just under
the untuned baseline (persona_pipeline_tests/test_eval.py).
"""

from __future__ import annotations

from persona_pipeline.eval.pool_data import parse_pool, pool_attributes, read_pool

__getattr__ = pool_attributes(__name__, lambda: parse_pool(read_pool("blind4")))
