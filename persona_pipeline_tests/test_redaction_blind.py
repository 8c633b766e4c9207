"""The blind generator's pools (redaction_blind.py) at one seed, with floors just under what the
engine reaches, and one test per detector or fix its dev pool led to (each fails without it)."""

from __future__ import annotations

import base64
import functools
import json
import random
import re
import string
import urllib.parse
from typing import NamedTuple

import phonenumbers
import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests import redaction_blind as rb
from persona_pipeline_tests.redaction_blind import (
    CATS,
    DECOY_ROUNDS,
    DECOYS,
    DEV_WRAPPERS,
    HOLDOUT_DECOYS,
    HOLDOUT_ROUND,
    HOLDOUT_ROUNDS,
    HOLDOUT_WRAPPERS,
    WRAPPER_ROUNDS,
    BlindCase,
    BlindScore,
    br_cpf,
    ca_sin,
    es_dni,
    generate,
    luhn_complete,
    score,
    uk_nino,
)
from persona_pipeline_tests.redaction_checks import Checks

R = Redactor(b"k" * 32)
SEED = 7


def _cases(pool: str) -> list[BlindCase]:
    # dev rounds 1 to 7 (tuned on; ``before=8`` keeps them exactly as they were before round 8 joined
    # dev), round 8 (dev since round 9 exists, tuned), round 9 (dev since round 10 exists, tuned),
    # round 10 (dev since round 11 exists, tuned), round 11 (dev since round 12 exists, tuned),
    # round 12 (dev since round 13 exists), round 13 (dev since round 14 exists), round 14 (dev since
    # round 15 exists), round 15 (dev since round 16 exists), round 16 (dev since round 17 exists),
    # round 17 (dev since round 18 exists), round 18 (dev since round 19 exists), round 19 (dev since
    # round 20 exists), round 20 (dev since round 21 exists), round 21 (dev since round 22 exists),
    # round 22 (dev since round 23 exists), round 23 (dev since round 24 exists), round 24 (dev since
    # round 25 exists), round 25 (dev since round 26 exists), round 26 (dev since round 27 exists), round 27
    # (dev since round 28 exists), round 28 (dev since round 29 exists), round 29 (dev since round 30 exists),
    # round 30 (dev since round 31 exists) and the holdout (round 31 alone, never
    # its texts) have floors of their own
    if pool == "dev":
        return generate(SEED, "dev", 1200, before=8)
    if pool == "holdout":
        return generate(SEED, "holdout", 1200, round_no=HOLDOUT_ROUND)
    return generate(SEED, "dev", 1200, round_no=int(pool.removeprefix("round")))


@functools.cache
def blind(pool: str) -> BlindScore:
    """One pool scored once per process, when a test first reads it: under pytest-xdist each worker
    scores only the pools of the tests it runs (a module fixture scoring all fourteen would run on
    every worker)."""
    return score(R, _cases(pool))


# floors, just under what the engine reaches (margins: about half a point of recall, +3 FP/MB and
# +3 stray spans on dev; about 1.5 points, +15 FP/MB and +30 stray spans on the holdout).
# Round 6 made round 5 dev. Dev (rounds 1 to 5) after the round-4 and round-5 tuning, at da8dce0,
# seeds 1 / 2 (n 2400) and this fixture's seed 7 (n 1200): 99.9 / 99.9 / 99.9% secrets,
# 99.6 / 99.4 / 99.6% personal data, 0 / 1.6 / 0 FP/MB, 0 / 0 / 0 stray spans.
# The round-6 holdout is only scored (never its failures). Untuned at edc3d9d, seeds 1 / 2 / 3
# (n 2400) and 7 (n 1200): 80.2 / 80.5 / 80.5 / 79.0% secrets, 65.6 / 66.6 / 65.6 / 65.2% personal
# data, 330 / 353 / 329 / 335 FP/MB, 487 / 496 / 527 / 262 stray spans. At da8dce0 (tuned on
# round 5 only), seeds 1 / 2 / 7: 83.2 / 83.4 / 81.7% secrets, 83.4 / 83.8 / 82.3% personal data,
# 123 / 136 / 150 FP/MB, 487 / 496 / 262 stray spans (every value found in a batch is redacted
# wherever it recurs there; the scorer's batch is a whole seed of unrelated prompts).
# After the grammar (pii7) and key/value (kv) work, neither tuned on a holdout, at seed 7: round 6
# 83.0% secrets, 84.9% personal data, 61.9 FP/MB, 262 stray; round 7 (written blind, untuned)
# 75.1%, 75.3%, 238 FP/MB, 8 stray. Both ran non-idempotent once (an Eircode after a long street;
# a rule id with a dot in its placeholder type), hence floors on both rounds.
# Round 7 made round 6 dev (issue 17: tuned on round 6's failures, library- and grammar-backed
# fixes first). Dev (rounds 1 to 6), seeds 1 / 2 (n 2400) and 7 (n 1200): 98.5 / 98.2 / 98.8%
# secrets, 95.5 / 96.1 / 95.6% personal data, 1.6 / 1.6 / 4.9 FP/MB, 2 / 1 / 1 stray spans (round 6
# alone, seeds 1 / 2: 93.5% secrets, 89-90% personal data, 0 FP/MB; the rest are unlabelled ids and
# dates in prose, names in other scripts, values in foreign-language prose with no key). The
# holdout is round 7 alone, at seed 7 after that work: 78.3% secrets, 77.6% personal data,
# 238 FP/MB, 8 stray spans (75.1 / 75.3 / 238 / 8 before it).
# Round 8 made round 7 dev (issue 17, branch tune7: tuned on round 7's failures by general
# mechanisms: documented token shapes, check digits, labels in more languages and scripts). Round 7
# alone, seeds 1 / 2 (n 2400): 78.8 / 79.9% secrets, 77.4 / 77.5% personal data, 239 / 259 FP/MB,
# 15 / 14 stray before; 99.2 / 99.1%, 97.6 / 97.3%, 0 / 0 FP/MB, 1 / 0 stray after. Dev (rounds 1
# to 7), seeds 1 / 2 (n 2400) and 7 (n 1200): 99.2 / 98.8 / 98.9% secrets, 96.9 / 96.9 / 96.8%
# personal data, 0 / 0 / 0 FP/MB, 1 / 0 / 1 stray spans. The holdout is round 8 alone (written blind,
# untuned, the engine at 5dc51d5), seeds 1 / 2 (n 2400) and 7 (n 1200): 81.4 / 80.7 / 79.8% secrets,
# 64.4 / 63.3 / 65.1% personal data, 127 / 149 / 120 FP/MB, 54 / 40 / 19 stray spans, idempotent,
# nothing dropped; after the round-7 tuning (never tuned on round 8), seed 7: 82.0% secrets, 77.3%
# personal data, 120 FP/MB, 19 stray spans.
# Round 9 made round 8 dev (issue 17, branch blind9): the dev floors keep rounds 1 to 7 (``before=8``,
# the very cases they were set on) and round 8 keeps the floors it had as the holdout
# (test_blind_joined_dev[round8]; its tuners raise them; round 8 scored as dev draws other cases: at
# seed 7, untuned on it, 83.0% secrets, 77.0% personal data, 117 FP/MB, 24 stray spans). The holdout
# is round 9 alone (written blind, untuned, the engine at fc1904e), seeds 1 / 2 (n 2400) and 7
# (n 1200): 79.1 / 78.8 / 79.1% secrets, 66.5 / 66.4 / 68.6% personal data, 293 / 282 / 294 FP/MB,
# 11 / 13 / 5 stray spans, idempotent, nothing dropped.
# Round 8 tuned (branch tune8s: its false positives by cause and its secret misses by documented
# formats and grammars). Round 8 alone as dev, seeds 1 / 2 (n 2400) and 7 (n 1200): 82.8 / 82.6 /
# 83.0% secrets, 160 / 142 / 117 FP/MB, 52 / 46 / 24 stray spans before; 99.5 / 99.6 / 99.4%
# secrets, 0 / 0 / 0 FP/MB, 6 / 6 / 0 stray after. Dev rounds 1 to 7 after it: 99.4 / 99.3 / 99.2%
# secrets, 96.9 / 97.1 / 96.8% personal data, 0 FP/MB, 1 / 0 / 1 stray spans.
# And its personal data (branch tune8p: national ids by home label and check digit, plates, bank
# accounts, addresses as a field's value, more scripts for names and more layouts for birth dates):
# round 8, seeds 1 / 2 (n 2400) and 7 (n 1200), 77.1 / 76.0 / 77.0% -> 96.2 / 95.5 / 96.4%; rounds 1
# to 7 96.9 / 97.1 / 96.8% -> 97.3 / 97.5 / 97.2%.
# Round 10 made round 9 dev (issue 17, branch blind10): the dev floors keep rounds 1 to 7 and round 8
# keeps its own; round 9 keeps the floors it had as the holdout (test_blind_joined_dev[round9]; its
# tuners raise them; scored as dev at seed 7, before its tuning: 81.7% secrets, 77.6% personal data,
# 259 FP/MB, 4 stray spans). The holdout is round 10 alone (written blind, untuned, the engine at
# 399003f), seeds 1 / 2 (n 2400) and 7 (n 1200): 78.5 / 79.1 / 80.0% secrets, 67.9 / 69.1 / 67.7%
# personal data, 396 / 396 / 420 FP/MB, 17 / 16 / 0 stray spans, nothing dropped; idempotent at
# seeds 2 and 7, not at seed 1 (a round-10 prompt whose second redaction differs: for its tuners).
# After round 9's tuning (tune9s, tune9p), round 10 still unseen, seed 7 (n 1200): 85.1% secrets,
# 79.3% personal data, 440.7 FP/MB (tune9p's personal-data rules added 20.5 FP/MB on round 10's
# decoys while lifting its personal data from 67.7%), 1 stray span: the holdout floors follow.
# Round 11 made round 10 dev (issue 17, branch blind11): round 10 keeps the floors it had as the
# holdout (test_blind_joined_dev[round10]; its tuners raise them; scored as dev at seed 7 (n 1200),
# untuned on it: 84.1% secrets, 80.3% personal data, 440.7 FP/MB, 6 stray spans). The holdout is
# round 11 alone (written blind, untuned, the engine at 5aecfc0), seeds 1 / 2 (n 2400) and 7
# (n 1200): 72.9 / 72.1 / 73.5% secrets, 71.6 / 71.5 / 72.0% personal data, 285 / 303 / 283 FP/MB,
# 8 / 4 / 6 stray spans, idempotent, nothing dropped; its floors are seed 7's less 1.5 points,
# plus 15 FP/MB and 30 stray spans.
# After round 10's tuning (tune10s, tune10p and their review fixes), round 11 still unseen, seeds
# 1 / 2 / 7: 73.7 / 73.0 / 74.4% secrets, 75.2 / 74.6 / 75.1% personal data, 285 / 303 / 283 FP/MB
# (none of round 10's false-positive fixes reached round 11's decoys), 8 / 4 / 6 stray spans:
# the holdout floors follow (seed 7's less 1.4 and 1.6 points).
# Round 12 made round 11 dev (issue 17, branch blind12): round 11 keeps the floors it had as the
# holdout where they hold (test_blind_joined_dev[round11]; its tuners raise them); scored as dev it
# draws other cases (a pool's name seeds them): at seed 7 (n 1200), untuned on it, 72.5% secrets,
# 74.1% personal data, 307.4 FP/MB, 4 stray spans, so its secrets floor is that less 1.5 points and
# its FP ceiling that plus 15. The holdout is round 12 alone (written blind, untuned, the engine at
# c43468b), seeds 1 / 2 (n 2400) and 7 (n 1200): 68.4 / 68.5 / 70.0% secrets, 70.0 / 70.1 / 69.5%
# personal data, 7.9 / 9.6 / 8.1 FP/MB, 17 / 24 / 15 stray spans, idempotent, nothing dropped; its
# floors are seed 7's less 1.5 points, plus 15 FP/MB and 30 stray spans.
# Round 13 made round 12 dev (issue 17, branch blind13): round 12 keeps the floors it had as the
# holdout where it meets them (test_blind_joined_dev[round12]; its tuners raise them); drawn as dev at
# seed 7 (n 1200), untuned on it: 67.7% secrets, 72.9% personal data, 14.6 FP/MB, 9 stray spans, so
# its secrets floor is that less 1.5 points. The holdout is round 13 alone
# (written blind, untuned, the engine at 67f4cf0), seeds 1 / 2 (n 2400) and 7 (n 1200): 60.7 / 61.6 /
# 61.4% secrets, 52.9 / 53.2 / 53.6% personal data, 2.8 / 14.2 / 7.1 FP/MB, 3 / 488 / 0 stray spans,
# idempotent, nothing dropped; its floors were seed 7's less 1.5 points, plus 15 FP/MB and 30 stray
# spans. After round 12's tuning (never on round 13) seed 7 reads 63.6% secrets, 56.3% personal
# data, 7.1 FP/MB, 0 stray (seed 1: 63.4%, 55.7%, 2.8 FP/MB, 3 stray); after the MAC address policy
# (a MAC is personal only when a label or an owner attributes it: rstage) 63.6%, 56.1%, 7.1, 0.
# Round 14 made round 13 dev (issue 17, branch blind14): round 13 keeps the floors it had as the
# holdout (test_blind_joined_dev[round13]; its tuners raise them); drawn as dev at seed 7 (n 1200),
# untuned on it: 61.8% secrets, 53.8% personal data, 2.4 FP/MB, 4 stray spans, so it meets them. The
# holdout is round 14 alone (written blind, untuned, the engine at 7295cd2), seeds 1 / 2 (n 2400) and
# 7 (n 1200): 53.9 / 53.6 / 54.8% secrets, 55.8 / 53.6 / 57.4% personal data, 106.9 / 91.0 / 100.0
# FP/MB, 2 / 2 / 0 stray spans, idempotent, nothing dropped. After round 12's and round 13's tuning
# (never on round 14; stage36 c98f06e): 61.1 / 59.6 / 60.9% secrets, 62.7 / 60.1 / 64.1% personal
# data, 109.6 / 93.7 / 104.1 FP/MB, 2 / 2 / 0 stray spans; its floors are seed 7's less 1.5 points,
# plus about 10 FP/MB and 30 stray spans.
# Round 15 made round 14 dev (issue 17, branch blind15): round 14 keeps the floors it had as the
# holdout (test_blind_joined_dev[round14]; its tuners raise them) but for personal data: drawn as dev
# at seed 7 (n 1200), untuned on it, it reads 60.2% secrets, 61.5% personal data, 94.7 FP/MB, 2 stray
# spans, so its personal-data floor is that less 1.5 points. The holdout is round 15 alone (written
# blind, untuned, the engine at stage37 d1284f3), seeds 1 / 2 (n 2400) and 7 (n 1200): 54.9 / 54.0 /
# 56.3% secrets, 58.8 / 58.4 / 59.7% personal data, 105.1 / 96.8 / 95.6 FP/MB, 90 / 99 / 44 stray
# spans, idempotent, nothing dropped; its floors are seed 7's less 1.5 points, plus about 10 FP/MB and
# 30 stray spans.
# Round 16 made round 15 dev (issue 17, branch blind16): round 15 keeps the floors it had as the
# holdout (test_blind_joined_dev[round15]; its tuners raise them) but for false positives: drawn as dev
# at seed 7 (n 1200), untuned on it, it reads 66.2% secrets, 62.1% personal data, 120.0 FP/MB, 43 stray
# spans, so its FP ceiling is that plus 15. The holdout is round 16 alone (written blind, untuned, the
# engine at main b731ab6), seeds 1 / 2 (n 2400) and 7 (n 1200): 71.4 / 72.6 / 72.0% secrets, 42.0 /
# 41.6 / 40.9% personal data, 0.0 / 0.8 / 1.5 FP/MB, 1 / 1 / 2 stray spans, nothing dropped, NOT
# idempotent at any of the three seeds; its floors are seed 7's less 1.5 points, plus 10 FP/MB and 30
# stray spans. Idempotent again after fix38r (a generated credential beside a line another detector
# redacts is judged as alone; the mechanism found on the texts only, the tests of its own): seed 7
# 72.1% secrets, 40.9% personal data, 1.5 FP/MB, 2 stray spans.
# Round 17 made round 16 dev (issue 17, branch blind17): round 16 keeps the floors it had as the
# holdout (test_blind_joined_dev[round16]; its tuners raised them: tune16, fix16): drawn as dev at seed 7 (n 1200),
# untuned on it, it reads 71.8% secrets, 40.7% personal data, 0.0 FP/MB, 2 stray spans, so it meets
# them. The holdout is round 17 alone (written blind, untuned, the engine at main 8db3092), seeds 1 / 2
# / 7 (n 1200): 72.0 / 73.6 / 73.0% secrets, 57.2 / 58.7 / 57.7% personal data, 0.0 / 0.0 / 0.0 FP/MB,
# 3 / 3 / 2 stray spans, idempotent, nothing dropped; its floors are seed 7's less 1.5 points, plus
# 10 FP/MB and 30 stray spans.
# Round 18 made round 17 dev (issue 17, branch blind18): round 17's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round17]). The holdout is round 18 alone
# (written blind, untuned, the engine at main 06ec97f), seeds 1 / 2 / 7 (n 1200): 90.9 / 91.7 / 91.4%
# secrets, 51.7 / 53.0 / 50.4% personal data, 289.9 / 318.6 / 318.3 FP/MB, 7 / 4 / 5 stray spans,
# nothing dropped, idempotent at seed 7 but NOT at seeds 1 and 2; its floors are seed 7's less 1.5
# points and 30 stray spans more; its false positives are far over 10 FP/MB (round 18's decoys are
# written in the plants' shapes: toll-free lines, labelled business numbers and phone-shaped stamps
# are redacted), so their ceiling is seed 7's figure plus 15, as round 15's was.
# Round 19 made round 18 dev (issue 17, branch blind19): round 18's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round18]). The holdout is round 19 alone
# (written blind, untuned, the engine at main 9aa434e), seeds 1 / 2 / 7 (n 1200): 91.5 / 91.5 / 90.8%
# secrets, 51.3 / 51.9 / 51.1% personal data, 700.5 / 739.0 / 751.8 FP/MB, 21 / 31 / 15 stray spans,
# idempotent, nothing dropped; its floors are seed 7's less 1.5 points and 30 stray spans more; its
# false-positive ceiling is seed 7's figure plus 15 (round 19's decoys sit beside the plants' labels:
# specimen people, documented example IBANs and test cards, headquarters addresses, grouped
# quantities and software dates beside birth words are redacted untuned).
# Round 20 made round 19 dev (issue 17, branch blind20): round 19's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round19]). The holdout is round 20 alone
# (written blind, untuned, the engine at main 326f8f8), seeds 1 / 2 / 7 (n 1200): 84.6 / 85.1 / 84.3%
# secrets, 49.9 / 51.0 / 49.4% personal data, 1050.2 / 1034.4 / 1026.7 FP/MB, 394 / 330 / 385 stray spans,
# nothing dropped; idempotent at seeds 1 and 2 but not at seed 7 untuned: branch idem found eight
# second-pass readings of placeholders with probes of its own (round 20 never read) and made seed 7
# idempotent with the same figures. Its floors are seed 7's less 1.5
# points and 30 stray spans more; its false-positive ceiling is seed 7's figure plus 15 (round 20's
# decoys are people and numbers that name nobody: quotations' authors, fictional characters at their
# addresses, historical figures' birth dates, drama-reserved phone numbers and composers are redacted
# untuned; the stray spans are the engine's on round 20's frames, never read case by case).
# Round 21 made round 20 dev (issue 17, branch blind21): round 20's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round20]). The holdout is round 21 alone
# (written blind, untuned, the engine at main c08f56d), seeds 1 / 2 / 7 (n 1200): 87.5 / 88.3 / 86.2%
# secrets, 47.3 / 47.5 / 46.2% personal data, 171.6 / 192.6 / 178.5 FP/MB, 25 / 1 / 1 stray spans,
# idempotent, nothing dropped. Its floors are seed 7's less 1.5 points and 30 stray spans more; its
# false-positive ceiling is seed 7's figure plus 15 (of round 21's decoys, checked codes and grouped
# figures that name nobody, public randomness beacons' outputs and railway timetable rows are redacted
# untuned; never read case by case).
# Round 22 made round 21 dev (issue 17, branch blind22): round 21's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round21]). The holdout is round 22 alone
# (written blind, untuned, the engine at main 0bbc849), seeds 1 / 2 / 7 (n 1200): 94.8 / 94.1 / 95.2%
# secrets, 58.1 / 57.6 / 57.3% personal data, 179.4 / 175.2 / 170.3 FP/MB, 14 / 12 / 17 stray spans,
# idempotent, nothing dropped. Its floors are seed 7's less 1.5 points
# and 30 stray spans more; its false-positive ceiling is seed 7's figure plus 15 (of round 22's decoys,
# chess openings by ECO code and published test vectors are redacted untuned; never read case by case).
# Round 23 made round 22 dev (issue 17, branch blind23): round 22's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round22]). The holdout is round 23 alone
# (written blind, untuned, the engine at main 4d576bd), seeds 1 / 2 / 7 (n 1200): 86.1 / 86.9 / 87.3%
# secrets, 54.9 / 57.8 / 57.8% personal data, 0.0 FP/MB at each, 8 / 14 / 13 stray spans, idempotent,
# nothing dropped. Its floors are seed 7's less 1.5 points and 30 stray spans more; its false-positive
# ceiling is seed 7's figure plus 15 (no round-23 decoy is redacted untuned at seeds 1, 2 or 7).
# Round 24 made round 23 dev (issue 17, branch blind24): round 23's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round23]). The holdout is round 24 alone
# (written blind, untuned, the engine at main 9c153de), seeds 1 / 2 / 7 (n 1200): 79.6 / 78.9 / 79.8%
# secrets, 52.3 / 54.1 / 54.2% personal data, 0.0 FP/MB at each, 10 / 9 / 63 stray spans, nothing
# dropped, NOT idempotent at seeds 1 and 7 (a second pass redacts more; never read case by case).
# Its floors are seed 7's less 1.5 points and 30 stray spans more; its false-positive ceiling is seed
# 7's figure plus 15 (no round-24 decoy is redacted untuned at seeds 1, 2 or 7); its idempotence is
# not asserted until a tuner makes it so.
# Round 25 made round 24 dev (issue 17, branch blind25): round 24's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round24]). The holdout is round 25 alone
# (written blind, untuned, the engine at main f475477), seeds 1 / 2 / 7 (n 1200): 94.8 / 93.9 / 94.0% secrets,
# 63.6 / 60.7 / 61.5% personal data, 240.9 / 250.0 / 243.2 FP/MB, 20 / 19 / 18 stray spans, nothing dropped,
# idempotent at each.
# Its floors are seed 7's less 1.5 points and 30 stray spans more; its false-positive ceiling is seed
# 7's figure plus 15 (of round 25's look-alikes about one in eight is redacted untuned; never read case
# by case).
# Round 26 made round 25 dev (issue 17, branch blind26): round 25's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round25]). The holdout is round 26 alone
# (written blind, untuned, the engine at main c3a196e), seeds 1 / 2 / 7 (n 1200): 96.5 / 96.1 / 96.7%
# secrets, 46.8 / 47.0 / 46.4% personal data, 117.1 / 96.7 / 100.8 FP/MB, 111 / 113 / 804 stray spans,
# nothing dropped, idempotent at seeds 1 and 2, NOT at seed 7 (a second pass redacts more; never read
# case by case). Its floors are seed 7's less 1.5 points and 30 stray spans more; its false-positive
# ceiling is seed 7's figure plus 15 (of round 26's look-alikes about one in eighteen is redacted
# untuned); its idempotence is not asserted until a tuner makes it so.
# Round 27 made round 26 dev (issue 17, branch blind27): round 26's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round26]). The holdout is round 27 alone
# (written blind, untuned, the engine at main 030aa82), seeds 1 / 2 / 7 (n 1200): 85.2 / 87.1 / 86.4%
# secrets, 55.6 / 56.2 / 54.4% personal data, 108.9 / 78.4 / 97.2 FP/MB, 94 / 94 / 70 stray spans,
# nothing dropped, idempotent at seeds 1 and 7, NOT at seed 2 (a second pass redacts more; never read
# case by case). Its floors are seed 7's less 1.5 points and 30 stray spans more; its false-positive
# ceiling is seed 7's figure plus 15 (of round 27's look-alikes about one in twenty-six is redacted
# untuned); its idempotence is asserted at this file's seed 7, where it holds untuned.
# Round 28 made round 27 dev (issue 17, branch blind28): round 27's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round27]). The holdout is round 28 alone
# (written blind, untuned, the engine at main 2d9fec1), seeds 1 / 2 / 7 (n 1200): 90.2 / 89.0 / 90.3%
# secrets, 70.3 / 69.1 / 69.3% personal data, 53.5 / 51.0 / 57.1 FP/MB, 176 / 139 / 159 stray spans,
# nothing dropped, idempotent at all three (never read case by case). Its floors are seed 7's less 1.5
# points and 30 stray spans more; its false-positive ceiling is seed 7's figure plus 15 (of round 28's
# look-alikes about one in thirty-five is redacted untuned); its idempotence is asserted.
# Round 29 made round 28 dev (issue 17, branch blind29): round 28's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round28]). The holdout is round 29 alone
# (written blind, untuned, the engine at main 43a967a), seeds 1 / 2 / 7 (n 1200): 94.3 / 95.4 / 94.7%
# secrets, 57.2 / 55.4 / 55.9% personal data, 113.2 / 112.0 / 128.5 FP/MB, 120 / 107 / 112 stray spans,
# nothing dropped, idempotent at all three (never read case by case). Its floors are seed 7's less 1.5
# points and 30 stray spans more; its false-positive ceiling is seed 7's figure plus 15 (of round 29's
# look-alikes about one in fifteen is redacted untuned); its idempotence is asserted.
# Round 30 made round 29 dev (issue 17, branch blind30): round 29's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round29]). The holdout is round 30 alone
# (written blind, untuned, the engine at main 6a2e337), seeds 1 / 2 / 7 (n 1200): 86.4 / 84.9 / 85.5%
# secrets, 61.9 / 61.4 / 63.1% personal data, 0.0 / 0.0 / 0.0 FP/MB, 153 / 133 / 138 stray spans,
# nothing dropped, idempotent at all three (never read case by case). Its floors are seed 7's less 1.5
# points and 30 stray spans more; its false-positive ceiling is seed 7's figure plus 15 (none of round
# 30's look-alikes is redacted untuned); its idempotence is asserted.
# Round 31 made round 30 dev (issue 17, branch blind31): round 30's floors are its figures drawn as dev
# at seed 7 (n 1200) less 1.5 points (test_blind_joined_dev[round30]). The holdout is round 31 alone
# (written blind, untuned, the engine at main e9de897), seeds 1 / 2 / 7 (n 1200): 79.0 / 83.8 / 81.7%
# secrets, 46.7 / 46.3 / 46.3% personal data, 219.6 / 209.2 / 207.5 FP/MB, 216 / 187 / 161 stray spans,
# nothing dropped, idempotent at seed 1 only (never read case by case). Its floors are seed 7's less 1.5
# points and 30 stray spans more; its false-positive ceiling is seed 7's figure plus 15 (of round 31's
# look-alikes, hard on purpose, about one in twelve is redacted untuned); its idempotence is not asserted
# (seeds 2 and 7 are not idempotent untuned).
@pytest.mark.parametrize(
    ("pool", "secrets_floor", "pii_floor", "fp_per_mb", "stray", "idempotent"),
    [("dev", 0.984, 0.963, 3.0, 4, True), ("holdout", 0.802, 0.448, 222.5, 191, False)],
)
def test_blind_pools(
    pool: str, secrets_floor: float, pii_floor: float, fp_per_mb: float, stray: int, idempotent: bool
) -> None:
    sc = blind(pool)
    assert sc.idempotent or not idempotent
    assert sc.dropped == 0
    assert sc.recall("secret") >= secrets_floor, sc.recall("secret")
    assert sc.recall("pii") >= pii_floor, sc.recall("pii")
    assert sc.fp_per_mb() <= fp_per_mb, sc.fp_per_mb()  # (never the texts: the holdout stays blind)
    assert sc.stray <= stray, sc.stray  # redaction outside a plant or decoy (frames, template prose)


class JoinedFloors(NamedTuple):
    """A round that joined dev: recall floors and ceilings at this file's seed (n 1200), and whether a
    second pass must leave its redaction as it is (a round that joined dev unstable keeps that
    assertion off until a tuner makes it so)."""

    secrets: float
    pii: float
    fp_per_mb: float
    stray: int
    idempotent: bool = True


# Each round that joined dev after round 7 keeps the floors it had as the holdout until its tuners
# raise them; why each number is what it is, next to it.
JOINED_DEV_FLOORS: dict[int, JoinedFloors] = {
    # Round 8 (dev since round 9, tuned on): floors just under its tuned figures at seed 7.
    8: JoinedFloors(0.984, 0.945, 3.0, 12),
    # Round 9 (dev since round 10; tuned in branches tune9s, false positives and secrets, and tune9p,
    # personal data): floors just under its figures at seed 7 (n 1200).
    # (seed 7, n 1200, as dev: 81.7 -> 95.0% secrets, 77.6 -> 94.4% personal data, 259 -> 122.5
    # FP/MB, 4 stray spans; the false positives left are addresses of public places, which no
    # general signal tells from a person's: redacted on purpose)
    # (fix9s, the review's leaks closed: 122.5 -> 125.7 FP/MB, two SealedSecret decoys now
    # redacted: one after a linter's message on its line (`12:5  error  encryptedData:`, no YAML
    # key line), one in a Python triple-quoted string of a long prompt; a leak is worse)
    9: JoinedFloors(0.945, 0.935, 126.0, 7),
    # Round 10 (dev since round 11, tuned by tune10s and tune10p): floors just under its figures at
    # seed 7 (n 1200) after that tuning and its review fixes: 97.1% secrets, 89.5% personal data, 0
    # FP/MB, 6 stray spans (untuned: 84.1%, 80.3%, 440.7 FP/MB, 6).
    10: JoinedFloors(0.955, 0.88, 6.0, 12),
    # Round 11 (dev since round 12, written blind; tuned by tune11s/fix11s, false positives and
    # secrets, and tune11p/fix11p, personal data): floors just under its figures at seed 7 (n 1200)
    # after that tuning and its review fixes: 87.0% secrets, 77.8% personal data, 0 FP/MB, 4 stray
    # spans (untuned, scored as dev: 72.5%, 74.1%, 307.4 FP/MB, 4).
    11: JoinedFloors(0.86, 0.77, 6.0, 12),
    # Round 12 (dev since round 13, written blind; opened to tune12s/fix12s and tune12p/fix12p):
    # floors just under its figures at seed 7 (n 1200) after that tuning: 89.1% secrets, 86.8%
    # personal data, 0 FP/MB, 8 stray spans (untuned, drawn as dev: 67.7%, 72.9%, 14.6 FP/MB, 9
    # stray).
    12: JoinedFloors(0.875, 0.85, 6.0, 15),
    # Round 13 (dev since round 14 is written blind; opened to tune13): floors at its figures at seed
    # 7 (n 1200) after that tuning less 1.5 points: 79.5% secrets, 73.0% personal data, 2.4 FP/MB, 5
    # stray spans (as the holdout, untuned: 63.6%, 56.3%, 7.1 FP/MB, 0 stray).
    13: JoinedFloors(0.780, 0.715, 6.0, 15),
    # Round 14 (dev since round 15 is written blind; opened to tune14, made landable by fix14): floors
    # at its figures at seed 7 (n 1200) less 1.5 points: 68.3% secrets, 67.6% personal data, 94.7
    # FP/MB (dotted phones are phones again: the decimal-literal rule lost real numbers), 2 stray
    # spans (as the holdout, after rounds 12-13's tuning: 60.9%, 64.1%, 104.1 FP/MB, 0 stray).
    14: JoinedFloors(0.668, 0.661, 105.0, 15),
    # Round 15 (dev since round 16 is written blind): the floors it had as the holdout but for false
    # positives (drawn as dev at seed 7, n 1200, untuned on it: 66.2% secrets, 62.1% personal data,
    # 120.0 FP/MB, 43 stray spans; as the holdout 56.3%, 59.7%, 95.6 FP/MB, 44 stray).
    15: JoinedFloors(0.548, 0.582, 135.0, 75),
    # Round 16 (dev since round 17 is written blind; opened to tune16): floors at its figures at seed
    # 7 (n 1200) after that tuning and its review fixes (fix16) less 1.5 points: 72.2% secrets, 54.0%
    # personal data, 0.0 FP/MB, 2 stray spans (tune16 alone: 72.2%, 51.0%; as the holdout, untuned:
    # 72.1%, 40.9%, 1.5 FP/MB, 2 stray).
    16: JoinedFloors(0.707, 0.525, 10.0, 32),
    # Round 17 (dev since round 18 is written blind; opened to tune17, made landable by fix17): floors
    # at its figures at seed 7 (n 1200) after that tuning less 1.5 points: 83.4% secrets, 83.2%
    # personal data, 0.0 FP/MB, 2 stray spans (untuned, drawn as dev: 72.8%, 61.4%, 0.0 FP/MB, 2).
    17: JoinedFloors(0.819, 0.817, 10.0, 32),
    # Round 18 (dev since round 19 is written blind; opened for tuning, branches tune18 + fix18): floors
    # at its figures drawn as dev at seed 7 (n 1200) after that tuning less 1.5 points: 91.2% secrets,
    # 73.5% personal data, 0.0 FP/MB, 3 stray spans (untuned: 91.2%, 53.8%, 322.1 FP/MB, 8).
    18: JoinedFloors(0.897, 0.720, 10.0, 33),
    # Round 19 (dev since round 20 is written blind; tuned on by tune19 + fix19): floors at its figures
    # drawn as dev at seed 7 (n 1200) after that tuning less 1.5 points: 91.9% secrets, 82.2% personal
    # data, 235.8 FP/MB (+15: its look-alikes kept only where the text says so), 20 stray spans (+30)
    # (untuned: 91.8%, 52.2%, 665.2 FP/MB, 20).
    19: JoinedFloors(0.904, 0.807, 250.8, 50),
    # Round 20 (dev since round 21 is written blind; tuned in branches tune20 and fix20): floors at its tuned
    # figures drawn as dev at seed 7 (n 1200) less 1.5 points: 94.9% secrets, 76.1% personal data, 890.0 FP/MB
    # (+15: quotation attributions and living-age figures' birth lines stay redacted by policy), 12 stray
    # spans (+30; 729 until gap44: a Sentry event id and a gRPC method path its frames reuse were found as
    # secrets). Untuned on main c08f56d: 84.5% / 48.8% / 994.8 FP/MB / 735 stray.
    20: JoinedFloors(0.934, 0.746, 905.0, 42),
    # Round 21 (dev since round 22 is written blind; tuned in branches tune21 and fixr44): floors at its tuned
    # figures drawn as dev at seed 7 (n 1200) less 1.5 points: 87.5% secrets, 81.6% personal data, 0.0 FP/MB
    # (+15), 2 stray spans (+30). Untuned on main 0bbc849: 87.5% / 47.1% / 172.1 FP/MB / 2 stray.
    21: JoinedFloors(0.860, 0.801, 15.0, 32),
    # Round 22 (dev since round 23 is written blind; tuned in branch tune22, its MIME-delimiter strays fixed
    # at merge): floors at its tuned figures drawn as dev at seed 7 (n 1200) less 1.5 points: 95.6% secrets,
    # 79.4% personal data, 0.0 FP/MB (+15), 10 stray spans (+30; 352 until a secret store's printed note
    # stopped taking a MIME part's closing delimiter as a printed line). Untuned on main 4d576bd: 95.6% /
    # 58.7% / 155.2 FP/MB / 352 stray. (80.1% before a phone column's bare runs of up to nine digits were
    # again read as counters, as round 18 decided.)
    22: JoinedFloors(0.941, 0.779, 15.0, 40),
    # Round 23 (dev since round 24 is written blind; tuned in branches tune23 and gap46): floors at its tuned
    # figures drawn as dev at seed 7 (n 1200) on the merged head less 1.5 points: 86.8% secrets, 87.1% personal
    # data, 0.0 FP/MB (+15), 12 stray spans (+30), idempotent. Untuned on main 9c153de: 86.7% / 60.8% / 0.0
    # FP/MB / 12 stray.
    23: JoinedFloors(0.853, 0.856, 15.0, 42),
    # Round 24 (dev since round 25 is written blind; tuned in branch tune24): floors at its tuned figures drawn
    # as dev at seed 7 (n 1200) on the merged head less 1.5 points: 85.4% secrets, 72.1% personal data, 0.0
    # FP/MB (+15), 21 stray spans (+30), idempotent (tune24 fixed its one cause: a name's span over a lone
    # middle dot). Untuned on main f475477: 79.0% / 56.1% / 0.0 FP/MB / 21 stray, not idempotent.
    24: JoinedFloors(0.839, 0.706, 15.0, 51),
    # Round 25 (dev since round 26 is written blind; tuned in branch tune25): floors at its tuned figures drawn as
    # dev at seed 7 (n 1200) on the merged head less 1.5 points: 96.4% secrets, 87.5% personal data, 11.4 FP/MB
    # (+15), 359 stray spans (+30), idempotent. Untuned on main c3a196e: 93.9% / 64.6% / 275.8 FP/MB / 492
    # stray. (As the holdout, seed 7: 94.0% / 61.5% / 243.2 FP/MB / 18 untuned.)
    25: JoinedFloors(0.949, 0.860, 26.4, 389),
    # Round 26 (dev since round 27 is written blind; tuned in branch tune26): floors at its tuned figures drawn
    # as dev at seed 7 (n 1200) on the merged head less 1.5 points: 97.7% secrets, 64.8% personal data, 0.0
    # FP/MB (+15), 41 stray spans (+30), idempotent. Untuned on main 030aa82: 97.7% / 50.3% / 101.5 FP/MB /
    # 909 stray (as the holdout, seeds 1 / 2 / 7: 96.5 / 96.1 / 96.7% secrets, 48.5 / 48.7 / 48.1% personal
    # data, not idempotent at seed 7).
    26: JoinedFloors(0.962, 0.633, 15.0, 71),
    # Round 27 (dev since round 28 is written blind; tuned in branch tune27): floors at its tuned figures drawn
    # as dev at seed 7 (n 1200) on the merged head less 1.5 points: 90.4% secrets, 67.3% personal data, 20.4
    # FP/MB (+15), 62 stray spans (+30), idempotent (seed 2 too: 93.2% / 69.5% / 21.0 FP/MB / 84 stray).
    # Untuned on main 2d9fec1: 84.8% / 55.9% / 101.8 FP/MB / 62 stray, not idempotent at seed 2 (as the
    # holdout, seeds 1 / 2 / 7: 85.2 / 87.1 / 86.4% secrets, 55.6 / 56.2 / 54.4% personal data).
    27: JoinedFloors(0.889, 0.658, 35.4, 92),
    # Round 28 (dev since round 29 is written blind; tuned in branch tune28): floors at its tuned figures drawn
    # as dev at seed 7 (n 1200) on the merged head less 1.5 points: 94.3% secrets, 82.4% personal data, 0.0
    # FP/MB (+15), 154 stray spans (+30), idempotent (seed 2 too: 93.4% / 84.3% / 0.0 FP/MB / 171 stray).
    # Untuned on main 43a967a: 91.6% / 67.9% / 53.9 FP/MB / 163 stray, idempotent (as the holdout, seeds 1 /
    # 2 / 7 on main 2d9fec1: 90.2 / 89.0 / 90.3% secrets, 70.3 / 69.1 / 69.3% personal data).
    28: JoinedFloors(0.928, 0.809, 15.0, 184),
    # Round 29 (dev since round 30 is written blind; tuned in branch tune29): floors at its tuned figures drawn
    # as dev at seed 7 (n 1200) on the merged head less 1.5 points: 98.0% secrets, 70.8% personal data, 0.0
    # FP/MB (+15), 99 stray spans (+30), idempotent (seed 2 too: 97.7% / 70.9% / 0.0 FP/MB / 106 stray).
    # Untuned on main 6a2e337: 94.4% / 56.7% / 109.1 FP/MB / 105 stray, idempotent (as the holdout, seeds 1 /
    # 2 / 7 on main 43a967a: 94.3 / 95.4 / 94.7% secrets, 57.2 / 55.4 / 55.9% personal data).
    29: JoinedFloors(0.965, 0.693, 15.0, 129),
    # Round 30 (dev since round 31 is written blind; tuned in branch tune30, with wrap53's leak fixes): floors at
    # its tuned figures drawn as dev at seed 7 (n 1200) on the merged head less 1.5 points: 90.4% secrets,
    # 75.1% personal data, 0.0 FP/MB (+15), 148 stray spans (+30), idempotent. Untuned on main e9de897:
    # 85.5% / 65.9% / 0.0 FP/MB / 142 stray, not idempotent (as the holdout, seeds 1 / 2 / 7 on main
    # 6a2e337: 86.4 / 84.9 / 85.5% secrets, 61.9 / 61.4 / 63.1% personal data).
    30: JoinedFloors(0.889, 0.736, 15.0, 178),
}


@pytest.mark.parametrize("round_no", sorted(JOINED_DEV_FLOORS), ids=lambda n: f"round{n}")
def test_blind_joined_dev(round_no: int) -> None:
    floors, sc = JOINED_DEV_FLOORS[round_no], blind(f"round{round_no}")
    assert (sc.idempotent or not floors.idempotent) and sc.dropped == 0
    assert sc.recall("secret") >= floors.secrets, sc.recall("secret")
    assert sc.recall("pii") >= floors.pii, sc.recall("pii")
    assert sc.fp_per_mb() <= floors.fp_per_mb, sc.fp_per_mb()
    assert sc.stray <= floors.stray, sc.stray


_spans = Checks(R).spans
_covered = Checks(R).covered


def _rand(r: random.Random, n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


@pytest.mark.parametrize("seed", range(3))
def test_twilio_sid_with_its_token(seed: int) -> None:
    r = random.Random(seed)
    sid, tok = "AC" + _rand(r, 32, "0123456789abcdef"), _rand(r, 32, "0123456789abcdef")
    text = f"curl https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json -u {sid}:{tok}"
    assert _covered(text, sid) and _covered(text, tok)
    alone = f"GET /2010-04-01/Accounts/{sid}/Calls.json 200"
    assert _spans(alone) == []  # an SID with no token beside it is an id


def test_service_account_key_id_and_machine_address() -> None:
    kid = "3f55a4676a6b55ba1e12c9b2aa0c7f7e7b1c2225"
    text = (
        f'{{"type": "service_account", "private_key_id": "{kid}", '
        '"client_email": "deployer@acme-prod.iam.gserviceaccount.com"}'
    )
    assert _covered(text, kid)
    assert "deployer@acme-prod.iam.gserviceaccount.com" in R.redact(text).text  # type: ignore[union-attr]
    assert _covered(text.replace('"', '\\"'), kid)  # JSON-escaped


@pytest.mark.parametrize("seed", range(3))
def test_prose_key_is_generated_value(seed: int) -> None:
    r = random.Random(seed)
    key = _rand(r, 86, string.ascii_letters + string.digits + "+/") + "=="
    assert _covered(f"the storage key is {key}", key)
    for text in ("the key is that we never retry", "the key is configurable per tenant", "the key is KEYBOARD_LAYOUT"):
        assert _spans(text) == [], text
    # a label and its value after "key is": the env rule owns the value, the label stays readable
    out = R.redact("key is OPENAI_API_KEY=" + "sk-proj-" + _rand(r, 80))
    assert out is not None and out.text.startswith("key is OPENAI_API_KEY=[REDACTED:"), out


def test_credentials_for_an_environment_and_flag_like_values() -> None:
    assert _covered("creds for staging are deploy:Monkey2000*SE (don't share)", "Monkey2000*SE")
    assert _covered("login: root\npass: -Ad2rbNtkUx1@!UHx", "-Ad2rbNtkUx1@!UHx")
    assert _covered("pass: *DYnIk3s_v-nTvzvU#VVkt", "*DYnIk3s_v-nTvzvU#VVkt")
    assert _covered("the login is root / @zTFGLvIVxLz", "@zTFGLvIVxLz")
    assert _covered("creds for staging are lmcallister:zsznOPEVFcbOjo (don't share)", "zsznOPEVFcbOjo")
    for text in ("login: user / password", "the login is admin / admin", "token: @babel", "deps: @types/node"):
        assert _spans(text) == [], text
    # the next option and a glob are still no values
    assert _spans("--password --verbose") == []
    assert _spans("secret_files: *.pem") == []
    # a protocol version after `login` is no password (JSON-escaped access log)
    assert _spans('\\"GET /login HTTP/1.1\\" 200 512') == []


def test_azure_sas_signature_and_prose_password_for_a_host() -> None:
    sig = "Ab3dEf%2BgHiJkLmNoPqRsTuVwXyZ0123456789%3D"
    url = f"https://acct.blob.core.windows.net/c?sv=2021-06-08&ss=b&sp=rwdl&se=2025-01-01T00:00:00Z&sig={sig}"
    assert _covered(url, sig)
    assert _spans("https://example.org/?sig=abc&sv=1") == []  # no SAS version, no signature
    assert _covered("the root password for the VM is Tr0ub4dor&3", "Tr0ub4dor&3")
    assert _spans("the token for this request is valid") == []


def test_an_element_rule_needs_its_closing_tag() -> None:
    # the HTML view decodes `&lt;YOUR_API_KEY&gt;` to a tag-shaped placeholder that closes nothing
    assert _spans('<span data-copy="upgraded to &lt;YOUR_API_KEY&gt; yesterday">copy</span>') == []
    assert _covered("<db><password><![CDATA[Xk9mP2vLq8Rt]]></password></db>", "Xk9mP2vLq8Rt")
    assert _covered("&lt;apiKey&gt;Xk9mP2vLq8Rt77&lt;/apiKey&gt;", "Xk9mP2vLq8Rt77")


def test_key_value_attribute_pairs() -> None:
    pw = "FkpxmSC17JxH2pAkuYc4rYlQ"
    assert _covered(f'<add key="ClearTextPassword" value="{pw}" />', pw)
    assert _covered(f"<param name='apiToken' value='{pw}'/>", pw)
    assert _spans('<add key="PasswordMinLength" value="12" />') == []  # a number under a policy name


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("name,phone\nsupport,6139816518\nsales,03024291086", "6139816518"),
        ("name,phone\nsupport,6139816518\nsales,03024291086", "03024291086"),
        ("id;mobile_phone;plan\n17;09236442360;pro", "09236442360"),
        ("here's the csv: name,phone\nsupport,09386492286", "09386492286"),
        ("id,ssn,dob\n1,123456789,1990-02-03", "123456789"),
        ("id,ssn,dob\n1,123456789,1990-02-03", "1990-02-03"),
        ("Tel: 04.94.59.26.11", "04.94.59.26.11"),
        ("call me at 02-37-08-63-30 if it breaks", "02-37-08-63-30"),
        ("cat ~jpatel/.ssh/config", "jpatel"),
        ("ship it to Am Markt 68, 56764 Düsseldorf please", "Am Markt 68, 56764 Düsseldorf"),
        ("my address is Berliner Platz 36, 18313 Frankfurt am Main", "Berliner Platz 36, 18313 Frankfurt am Main"),
        ("my colleague François van Dijk said it is safe", "François van Dijk"),
        ("our manager Rahul Zimmermann signed it off", "Rahul Zimmermann"),
        ("Siobhan McAllister approved the PR", "Siobhan McAllister"),
        ("Zoë Ångström is on vacation", "Zoë Ångström"),
        ("Pieter van der Berg wrote this module", "Pieter van der Berg"),
        ("Dr. Ngozi Okafor will review", "Ngozi Okafor"),
        ("the reviewer was Jean-Luc Picard", "Jean-Luc Picard"),
        ("she is at 062970 07748 after six", "062970 07748"),
        ("+33 (0)6 12 34 56 78", "+33 (0)6 12 34 56 78"),
        ("call +44 7911 123456 2024 times", "+44 7911 123456"),
        ("Yesterday Kwame O'Neill said it works", "Kwame O'Neill"),
        ("then Ngozi MacAllister approved it", "Ngozi MacAllister"),
    ],
)
def test_pii_fixes(text: str, value: str) -> None:
    assert _covered(text, value), _spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "id,count,phone_model\n1,6139816518,pixel",  # a count column beside a phone *model* column
        "id,created\n1,6139816518",  # no phone column at all
        "released on 01.03.2024 10:22",  # a date and a time, not five pairs
        "see ~/.config/nvim and ~/projects",
        "Im Jahr 2020 haben wir 12345 Nutzer",
        "the iPhone Pro Max and Ask Docker Desktop with Visual Studio Code",
        "Mr. Robot and Dr. Who",
        "The Load Balancer said 502 and Docker Desktop wants a restart",
        "Glen Ellen Ranch Road Trip Planner",  # a title: a run of more than three capitalised words
        "order,total\n4024007103939509,12",  # a Luhn-valid id in a table without card columns is for card_spans
    ],
)
def test_pii_lookalikes_survive(text: str) -> None:
    found = _spans(text)
    if text.startswith("order,total"):  # card_spans owns card numbers wherever they stand
        assert all(kind == "credit_card" for _, kind in found)
        return
    assert found == [], found


def test_generator_checksums() -> None:
    r = random.Random(0)
    for _ in range(50):
        number = luhn_complete("4", 16, r)
        total = sum(
            int(d) if i % 2 == 0 else (2 * int(d) - 9 if int(d) > 4 else 2 * int(d))
            for i, d in enumerate(reversed(number))
        )
        assert total % 10 == 0


def _luhn_ok(digits: str) -> bool:
    return (
        sum(
            int(d) if i % 2 == 0 else (2 * int(d) - 9 if int(d) > 4 else 2 * int(d)) for i, d in enumerate(digits[::-1])
        )
        % 10
        == 0
    )


def test_round4_generator_checksums() -> None:
    r = random.Random(4)
    for _ in range(200):
        sin = "".join(c for c in ca_sin(r) if c.isdigit())
        assert len(sin) == 9 and sin[0] not in "08" and _luhn_ok(sin), sin
        dni = es_dni(r).replace("-", "")
        num = int(dni[:-1].replace("X", "0").replace("Y", "1").replace("Z", "2"))
        assert dni[-1] == "TRWAGMYFPDXBNJZSQVHLCKE"[num % 23], dni
        cpf = [int(c) for c in br_cpf(r) if c.isdigit()]
        for n in (9, 10):  # each check digit: weights n+1 .. 2 over the digits before it
            assert cpf[n] == (sum(d * (n + 1 - i) for i, d in enumerate(cpf[:n])) * 10 % 11) % 10, cpf
        nino = uk_nino(r).replace(" ", "")
        assert (
            nino[0] not in "DFIQUV"
            and nino[1] not in "DFIOQUV"
            and nino[:2] not in {"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"}
        )
        assert nino[2:8].isdigit() and nino[8] in "ABCD", nino


@pytest.mark.parametrize(
    ("gen", "validator"),
    [
        (rb.nl_bsn, "nl.bsn"),
        (rb.fr_nir, "fr.nir"),
        (rb.pl_pesel, "pl.pesel"),
        (rb.in_aadhaar, "in_.aadhaar"),
        (rb.in_pan, "in_.pan"),
        (rb.za_id, "za.idnr"),
        (rb.kr_rrn, "kr.rrn"),
        (rb.se_personnummer, "se.personnummer"),
        (rb.au_tfn, "au.tfn"),
        (rb.uk_nhs, "gb.nhs"),
        (rb.cn_resident_id, "cn.ric"),
        (rb.de_steuer_id, "de.idnr"),
        (rb.it_codice_fiscale, "it.codicefiscale"),
        (rb.iban_intl, "iban"),
        (rb.be_nn, "be.nn"),
        (rb.no_fnr, "no.fodselsnummer"),
        (rb.fi_hetu, "fi.hetu"),
        (rb.ch_ahv, "ch.ssn"),
        (rb.tr_tckimlik, "tr.tckimlik"),
        (rb.cl_rut, "cl.rut"),
        (rb.ro_cnp, "ro.cnp"),
        (rb.il_idnr, "il.idnr"),
        (rb.iban6, "iban"),
        (rb.dk_cpr, "dk.cpr"),
        (rb.pt_nif, "pt.nif"),
        (rb.gr_amka, "gr.amka"),
        (rb.bg_egn, "bg.egn"),
        (rb.cz_rc, "cz.rc"),
        (rb.ee_lt_code, "ee.ik"),
        (rb.ee_lt_code, "lt.asmens"),
        (rb.hr_oib, "hr.oib"),
        (rb.is_kennitala, "is_.kennitala"),
        (rb.mx_curp, "mx.curp"),
        (rb.us_itin, "us.itin"),
        (rb.ar_cuil, "ar.cuit"),
        (rb.jp_my_number, "jp.in_"),
        (rb.th_national_id, "th.pin"),
        (rb.nz_ird, "nz.ird"),
        (rb.iban7, "iban"),
        (rb.at_svnr, "at.vnr"),
        (rb.si_emso, "si.emso"),
        (rb.lv_personas_kods, "lv.pvn"),
        (rb.my_nric, "my.nric"),
        (rb.pe_dni, "pe.cui"),
        (rb.ec_cedula, "ec.ci"),
        (rb.id_nik, "id.nik"),
        (rb.ua_rntrc, "ua.rntrc"),
        (rb.pk_cnic, "pk.cnic"),
        (rb.do_cedula, "do.cedula"),
        (rb.ie_pps, "ie.pps"),
        (rb.gb_utr, "gb.utr"),
        (rb.fr_nif, "fr.nif"),
        (rb.ru_inn, "ru.inn"),
        (rb.cu_ni, "cu.ni"),
        (rb.in_epic, "in_.epic"),
        (rb.ke_pin, "ke.pin"),
        (rb.iban8, "iban"),
        (rb.sk_rc, "sk.rc"),
        (rb.pt_cc, "pt.cc"),
        (rb.mx_rfc, "mx.rfc"),
        (rb.co_nit, "co.nit"),
        (rb.cr_cpf, "cr.cpf"),
        (rb.be_bis, "be.bis"),
        (rb.in_vid, "in_.vid"),
        (rb.us_atin, "us.atin"),
        (rb.us_ptin, "us.ptin"),
        (rb.gb_upn, "gb.upn"),
        (rb.nl_onderwijsnummer, "nl.onderwijsnummer"),
        (rb.nl_document_number, "nl.identiteitskaartnummer"),
        (rb.bg_pnf, "bg.pnf"),
        (rb.gt_nit, "gt.nit"),
        (rb.ve_rif, "ve.rif"),
        (rb.sv_nit, "sv.nit"),
        (rb.ar_dni, "ar.dni"),
        (rb.py_ruc, "py.ruc"),
        (rb.uk_chi, "gb.nhs"),
        (rb.de_stnr, "de.stnr"),
        (rb.pl_nip, "pl.nip"),
        (rb.vn_mst, "vn.mst"),
        (rb.by_unp, "by.unp"),
        (rb.uy_rut, "uy.rut"),
        (rb.al_nipt, "al.nipt"),
        (rb.mk_edb, "mk.edb"),
        (rb.az_voen, "az.voen"),
        (rb.pe_ruc, "pe.ruc"),
        (rb.ec_ruc, "ec.ruc"),
        (rb.mz_nuit, "mz.nuit"),
        (rb.eg_tn, "eg.tn"),
        (rb.iban10, "iban"),
        (rb.no_kontonr, "no.kontonr"),
        (rb.cz_bankaccount, "cz.bankaccount"),
        (rb._abn, "au.abn"),
        (rb._siren, "fr.siren"),
        (rb.gr_afm, "gr.vat"),
        (rb.ar_cbu, "ar.cbu"),
    ],
)
def test_round5_generator_checksums(gen: object, validator: str) -> None:
    """Round 5's to 12's national ids, IBANs and bank accounts (and round 10's company-id decoys) pass
    python-stdnum's validators (an implementation independent of the generator's up to round 7;
    round 8 uses python-stdnum's calculators or redraws a candidate until python-stdnum accepts it
    (rounds 9 and 10 too), so there the test guards the drawing and formatting, not the check
    digits)."""
    import importlib

    module = importlib.import_module(f"stdnum.{validator}")
    r = random.Random(5)
    values = [gen(r) for _ in range(300)]  # type: ignore[operator]
    assert all(module.is_valid(v) for v in values), [v for v in values if not module.is_valid(v)][:3]


def test_round9_generator_checks() -> None:
    """Round 9's own check digits against documented values: ICAO 9303's specimen passport
    (L898902C3, check 6; 740812, check 2; 120415, check 9; composite 0) and New Zealand's test NHI
    numbers (ZZZ0016, ZZZ0024); every generated MRZ line 2 carries consistent checks."""
    assert rb._mrz_check("L898902C3") == "6" and rb._mrz_check("740812") == "2"
    assert rb._mrz_check("120415") == "9"
    assert rb._mrz_check("L898902C36" + "7408122" + "1204159" + "ZE184226B<<<<<" + "1") == "0"
    assert rb.nhi_check("ZZZ001") == "6" and rb.nhi_check("ZZZ002") == "4"
    r = random.Random(9)
    for _ in range(50):
        assert rb.nhi_check(rb.nz_nhi(r)[:6]) is not None
        card = rb.de_id_card(r)
        assert rb._mrz_check(card[:9]) == card[9]
        _, (names, part) = rb._passport_mrz(r, 0)
        assert part[9] == rb._mrz_check(part[:9]) and part[19] == rb._mrz_check(part[13:19])
        assert part[27] == rb._mrz_check(part[21:27]) and "<<" in names


def test_round10_generator_checks() -> None:
    """Round 10's own checks, recomputed here from their documented rules: Brazil's PIS/PASEP (mod 11,
    weights 3 2 9 8 7 6 5 4 3 2), Mexico's IMSS NSS and Australia's IHI (Luhn; the IHI starts 800360),
    Spain's Social Security affiliation number (the ten digits mod 97), Sri Lanka's NIC (birth year,
    day of the year, plus 500 for women) and Québec's RAMQ number (month plus 50 for women)."""
    r = random.Random(10)
    for _ in range(200):
        pis = [int(c) for c in rb.br_pis(r) if c.isdigit()]
        c = 11 - sum(d * w for d, w in zip(pis[:10], [3, 2, 9, 8, 7, 6, 5, 4, 3, 2], strict=True)) % 11
        assert pis[10] == (0 if c >= 10 else c), pis
        nss = rb.mx_nss(r)
        assert len(nss) == 11 and _luhn_ok(nss), nss
        ihi = rb.au_ihi(r).replace(" ", "")
        assert len(ihi) == 16 and ihi.startswith("800360") and _luhn_ok(ihi), ihi
        prov, num, ctl = rb.es_nass(r).split("/")
        assert int(prov + num) % 97 == int(ctl), (prov, num, ctl)
        nic = rb.lk_nic(r)
        doy = int(nic[2:5]) if len(nic) == 10 else int(nic[4:7])
        assert 1 <= doy % 500 <= 366 and doy < 867, nic
        ramq = rb.ca_qc_ramq(r).split(" ")
        assert 1 <= int(ramq[1][2:]) % 50 <= 12 and 1 <= int(ramq[2][:2]) <= 31, ramq


def _b58_decode(s: str) -> bytes:
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    n = 0
    for ch in s:
        n = n * 58 + alphabet.index(ch)
    raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return b"\0" * (len(s) - len(s.lstrip("1"))) + raw


def _b58check_ok(s: str) -> bool:
    import hashlib

    raw = _b58_decode(s)
    return hashlib.sha256(hashlib.sha256(raw[:-4]).digest()).digest()[:4] == raw[-4:]


def test_round11_generator_checks() -> None:
    """Round 11's own encodings and checks against documented values: Keccak-256 of the empty string,
    EIP-55's test vectors, BIP-173's example address; every generated BTC / LTC / DOGE / TRON address
    carries a valid base58check or bech32(m) checksum, every ETH address is its own EIP-55 form; the
    VIN check digit (ISO 3779 example 1M8GDM9AXKP042788), IMEI Luhn, JMBG, Iran's national code,
    Kuwait's civil id, Kazakhstan's IIN and Hungary's tax id and TAJ recomputed from their rules."""
    assert rb._keccak256(b"").hex() == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"
    for a in (
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
        "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
        "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
    ):
        assert rb.eip55(bytes.fromhex(a[2:])) == a
    prog = bytes.fromhex("751e76e8199196d454941c45d1b3a323f1433bd6")
    assert rb.bech32_encode("bc", [0, *rb._to5(prog)]) == "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
    assert not rb.bech32_valid("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")
    # ISO 3779 transliteration: A-I and J-R count 1 to 9, S-Z count 2 to 9 (I, O, Q never occur)
    vin_vals = {str(d): d for d in range(10)}
    for group, first in (("ABCDEFGHI", 1), ("JKLMNOPQR", 1), ("STUVWXYZ", 2)):
        vin_vals |= {ch: first + i for i, ch in enumerate(group)}

    def vin_check(v: str) -> str:
        weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
        c = sum(vin_vals[ch] * w for ch, w in zip(v, weights, strict=True)) % 11
        return "X" if c == 10 else str(c)

    assert vin_check("1M8GDM9AXKP042788") == "X"
    r = random.Random(11)
    for _ in range(100):
        for gen in (rb.btc_address, rb.ltc_address, rb.doge_address, rb.tron_address):
            a = gen(r)
            assert rb.bech32_valid(a) if a[:3] in ("bc1", "ltc") else _b58check_ok(a), a
        e = rb.eth_address(r)
        assert rb.eip55(bytes.fromhex(e[2:])) == e and e != e.lower(), e
        v = rb.vin(r)
        assert len(v) == 17 and not set(v) & set("IOQ") and v[8] == vin_check(v), v
        assert _luhn_ok(rb.imei(r).replace("-", ""))
        assert _luhn_ok(rb.sa_national_id(r)) and _luhn_ok(rb.ae_emirates_id(r).replace("-", ""))
        j = [int(c) for c in rb.jmbg(r)]
        k = 11 - sum(j[i] * w for i, w in enumerate([7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2])) % 11
        assert j[12] == (0 if k == 11 else k), j
        ir = [int(c) for c in rb.ir_national_code(r)]
        s = sum(d * (10 - i) for i, d in enumerate(ir[:9])) % 11
        assert ir[9] == (s if s < 2 else 11 - s), ir
        kw = [int(c) for c in rb.kw_civil_id(r)]
        assert (
            kw[11] == 11 - sum(d * w for d, w in zip(kw[:11], [2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2], strict=True)) % 11
        ), kw
        kz = [int(c) for c in rb.kz_iin(r)]
        c = sum(d * (i + 1) for i, d in enumerate(kz[:11])) % 11
        if c == 10:
            c = sum(d * w for d, w in zip(kz[:11], [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2], strict=True)) % 11
        assert kz[11] == c, kz
        hu = [int(c) for c in rb.hu_tax_id(r)]
        assert hu[0] == 8 and hu[9] == sum(d * (i + 1) for i, d in enumerate(hu[:9])) % 11, hu
        taj = [int(c) for c in rb.hu_taj(r).replace(" ", "")]
        assert taj[8] == sum(d * (3 if i % 2 == 0 else 7) for i, d in enumerate(taj[:8])) % 10, taj


def test_round12_generator_checks() -> None:
    """Round 12's own checks against documented values and rules: ORCID's example iD
    0000-0002-1825-0097 (ISO 7064 MOD 11-2, python-stdnum's implementation), SNILS 112-233-445 95,
    ISWC T-034.524.680-1; every BitLocker block a multiple of 11 below 720896, CNS sums weighted 15
    to 1 divisible by 11, título de eleitor, NISS, Rentenversicherungsnummer and Russian account
    controls recomputed from their rules, MAC addresses globally administered unicast ones."""
    from stdnum.iso7064 import mod_11_2

    assert mod_11_2.is_valid("0000000218250097")
    assert sum(int(x) * (9 - i) for i, x in enumerate("112233445")) == 95  # SNILS 112-233-445 95
    r = random.Random(12)
    for _ in range(200):
        o = rb.orcid(r).replace("-", "")
        assert o.startswith("0000000") and mod_11_2.is_valid(o), o
        blocks = rb.bitlocker_recovery(r).split("-")
        assert len(blocks) == 8 and all(int(b) % 11 == 0 and int(b) < 720896 for b in blocks), blocks
        sn = rb.ru_snils(r)
        d, c = [int(x) for x in sn[:11].replace("-", "")], int(sn[-2:])
        s = sum(x * (9 - i) for i, x in enumerate(d))
        assert c == (s if s < 100 else 0 if s in (100, 101) else s % 101 % 100), sn
        cns = [int(x) for x in rb.br_cns(r).replace(" ", "")]
        assert len(cns) == 15 and sum(x * (15 - i) for i, x in enumerate(cns)) % 11 == 0, cns
        t = [int(x) for x in rb.br_titulo(r).replace(" ", "")]
        assert t[10] == sum(x * w for x, w in zip(t[:8], range(2, 10), strict=True)) % 11 % 10, t
        assert t[11] == (t[8] * 7 + t[9] * 8 + t[10] * 9) % 11 % 10, t
        n = [int(x) for x in rb.pt_niss(r)]
        w = [29, 23, 19, 17, 13, 11, 7, 5, 3, 2]
        assert n[10] == 9 - sum(x * y for x, y in zip(n[:10], w, strict=True)) % 10, n
        rv = rb.de_rvnr(r).replace(" ", "")
        digits = rv[:8] + f"{ord(rv[8]) - 64:02d}" + rv[9:11]
        prods = [int(x) * y for x, y in zip(digits, [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1], strict=True)]
        assert int(rv[11]) == sum(p // 10 + p % 10 for p in prods) % 10, rv
        acct = rb.ru_account(r)
        assert any(sum(int(x) * (7, 1, 3)[i % 3] for i, x in enumerate(b[-3:] + acct)) % 10 == 0 for b in rb.RU_BIKS)
        mac = bytes.fromhex(rb.device_mac(r).replace(":", "").replace("-", "").replace(".", ""))
        assert len(mac) == 6 and mac[0] & 3 == 0, mac

    def iswc_check(d: str) -> int:
        return (10 - (1 + sum((i + 1) * int(x) for i, x in enumerate(d))) % 10) % 10

    assert iswc_check("034524680") == 1  # the documented example T-034.524.680-1
    for _ in range(100):
        w = rb._iswc(r)
        assert w[:2] == "T-" and int(w[-1]) == iswc_check(w[2:-2].replace(".", "")), w


def test_round13_generator_checks() -> None:
    """Round 13's ids against python-stdnum's validators (Mauritius NID, Austrian Abgabenkontonummer,
    Guinea NIFp, Belgian eID card number, Norwegian D-nummer, Finnish HETU with the 2023 century
    signs), the Swedish coordination number by Luhn with its day above 60, Spain's NSS (mod 97),
    Brazil's PIS and RENAVAM (mod 11) recomputed from their rules, the Belgian eID card rule on
    python-stdnum's documented 591-1917064-58, the GS1 decoys' check digits and the fingerprint
    templates' ISO/IEC 19794-2 header."""
    from stdnum import ean, luhn
    from stdnum.at import tin
    from stdnum.be import eid
    from stdnum.fi import hetu
    from stdnum.gn import nifp
    from stdnum.mu import nid
    from stdnum.no import fodselsnummer

    assert eid.is_valid("591-1917064-58") and 5911917064 % 97 == 58  # be.eid's documented example
    r = random.Random(13)
    for _ in range(200):
        assert nid.is_valid(rb.mu_nid(r)) and tin.is_valid(rb.at_tin(r)) and nifp.is_valid(rb.gn_nifp(r))
        card = rb.be_eid_card(r)
        assert eid.is_valid(card) and int(card[-2:]) == (int(card[:-3].replace("-", "")) % 97 or 97), card
        assert fodselsnummer.is_valid(rb.no_d_nummer(r))
        fi = rb.fi_hetu_new_sign(r)
        assert hetu.is_valid(fi) and fi[6] in "YXWVU", fi
        se = rb.se_samordningsnummer(r).replace("-", "")
        assert luhn.is_valid(se) and 61 <= int(se[4:6]) <= 91, se
        nss = rb.es_nss(r).replace("/", "")
        assert len(nss) == 12 and int(nss[:10]) % 97 == int(nss[10:]), nss
        w = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        pis = [int(x) for x in rb.br_pis(r).replace(".", "").replace("-", "")]
        c = 11 - sum(x * y for x, y in zip(pis[:10], w, strict=True)) % 11
        assert len(pis) == 11 and pis[10] == (0 if c >= 10 else c), pis
        ren = [int(x) for x in rb.br_renavam(r)]
        assert len(ren) == 11 and ren[10] == sum(x * y for x, y in zip(ren[:10], w, strict=True)) * 10 % 11 % 10, ren
        fmr = base64.b64decode(rb.fmr_template_b64(r))
        assert fmr[:8] == b"FMR\x00 20\x00", fmr[:8]
    for make in DECOY_ROUNDS[13]["gs1_element_string"][:1]:
        text = make(r)
        assert ean.is_valid(text[4:18]), text


def test_pools_are_split_by_family() -> None:
    """Every category has at least two never-tuned families; the holdout-only categories and
    decoy kinds never reach dev; every earlier round is dev."""
    # (round 15, the holdout, is written blind in a branch of its own: this tree may hold none of it)
    written = any(r in DECOY_ROUNDS for r in HOLDOUT_ROUNDS)
    assert not written or all(len(c.templates("holdout")) >= 2 for c in CATS)
    for c in CATS:  # the pools partition the families by round
        assert sorted(c.templates("dev") + c.templates("holdout")) == list(range(c.n_templates)), c.name
        assert all(c.rounds[t] in HOLDOUT_ROUNDS for t in c.templates("holdout")), c.name
    dev_cats = {c.name for c in CATS if c.templates("dev")}
    assert {"huggingface_token", "uk_nino", "phone_jp", "nl_bsn", "sentry_token"} <= dev_cats  # rounds 4 and 5
    assert set(DECOY_ROUNDS[4]) | set(DECOY_ROUNDS[5]) <= set(DECOYS)
    assert set(HOLDOUT_DECOYS) == {k for r in HOLDOUT_ROUNDS for k in DECOY_ROUNDS.get(r, {})}
    assert [f for r in HOLDOUT_ROUNDS for f in WRAPPER_ROUNDS.get(r, [])] == HOLDOUT_WRAPPERS
    assert WRAPPER_ROUNDS[4][0] in DEV_WRAPPERS and WRAPPER_ROUNDS[5][0] in DEV_WRAPPERS
    assert set(DECOY_ROUNDS[6]) <= set(DECOYS) and WRAPPER_ROUNDS[6][0] in DEV_WRAPPERS  # round 6 is dev
    assert {"airtable_pat", "no_fodselsnummer", "address_mx"} <= dev_cats
    assert set(DECOY_ROUNDS[7]) <= set(DECOYS) and WRAPPER_ROUNDS[7][0] in DEV_WRAPPERS  # round 7 is dev
    assert {"ai_platform_key", "dk_cpr", "email_obfuscated"} <= dev_cats
    assert set(DECOY_ROUNDS[8]) <= set(DECOYS) and WRAPPER_ROUNDS[8][0] in DEV_WRAPPERS  # round 8 is dev
    assert {"github_app_token", "at_svnr", "vehicle_plate"} <= dev_cats
    assert set(DECOY_ROUNDS[9]) <= set(DECOYS) and WRAPPER_ROUNDS[9][0] in DEV_WRAPPERS  # round 9 is dev
    assert {"apple_p8_key", "sk_rodne_cislo", "passport_mrz"} <= dev_cats
    assert set(DECOY_ROUNDS[10]) <= set(DECOYS) and WRAPPER_ROUNDS[10][0] in DEV_WRAPPERS  # round 10 is dev
    assert {"ci_cd_token_more", "lk_nic", "home_geolocation"} <= dev_cats
    assert set(DECOY_ROUNDS[11]) <= set(DECOYS) and WRAPPER_ROUNDS[11][0] in DEV_WRAPPERS  # round 11 is dev
    assert {"web3_provider_key", "crypto_address_eth", "vehicle_vin"} <= dev_cats
    assert set(DECOY_ROUNDS[12]) <= set(DECOYS) and WRAPPER_ROUNDS[12][0] in DEV_WRAPPERS  # round 12 is dev
    assert {"disk_recovery_key", "dicom_patient_tags", "bank_account_checked_more"} <= dev_cats
    assert set(DECOY_ROUNDS[13]) <= set(DECOYS) and WRAPPER_ROUNDS[13][0] in DEV_WRAPPERS  # round 13 is dev
    assert {"esignature_api_key", "mu_national_id", "person_name_scripts13"} <= dev_cats
    assert set(DECOY_ROUNDS[14]) <= set(DECOYS) and WRAPPER_ROUNDS[14][0] in DEV_WRAPPERS  # round 14 is dev
    assert {"pm_cli_session", "qa_qid", "person_name_scripts14"} <= dev_cats
    assert set(DECOY_ROUNDS[15]) <= set(DECOYS) and WRAPPER_ROUNDS[15][0] in DEV_WRAPPERS  # round 15 is dev
    assert {"weather_api_key", "cr_dimex", "person_name_scripts15"} <= dev_cats
    assert set(DECOY_ROUNDS[16]) <= set(DECOYS) and WRAPPER_ROUNDS[16][0] in DEV_WRAPPERS  # round 16 is dev
    assert {"homelab_api_token", "sv_dui", "us_passport_card"} <= dev_cats
    assert set(DECOY_ROUNDS[17]) <= set(DECOYS) and WRAPPER_ROUNDS[17][0] in DEV_WRAPPERS  # round 17 is dev
    assert {"anthropic_oauth_token", "us_npi", "phone_local_prose17"} <= dev_cats
    assert set(DECOY_ROUNDS[18]) <= set(DECOYS) and WRAPPER_ROUNDS[18][0] in DEV_WRAPPERS  # round 18 is dev
    assert {"anthropic_admin_key", "de_lanr", "mx_clave_elector"} <= dev_cats
    assert set(DECOY_ROUNDS[19]) <= set(DECOYS) and WRAPPER_ROUNDS[19][0] in DEV_WRAPPERS  # round 19 is dev
    assert {"azure_cask_key19", "es_cups19", "people_table19"} <= dev_cats
    assert set(DECOY_ROUNDS[20]) <= set(DECOYS) and WRAPPER_ROUNDS[20][0] in DEV_WRAPPERS  # round 20 is dev
    assert {"nostr_secret20", "pl_nrb20", "contact_card20"} <= dev_cats
    assert set(DECOY_ROUNDS[21]) <= set(DECOYS) and WRAPPER_ROUNDS[21][0] in DEV_WRAPPERS  # round 21 is dev
    assert {"vercel_token21", "cz_bank_account21", "cv_resume21"} <= dev_cats
    assert set(DECOY_ROUNDS[22]) <= set(DECOYS) and WRAPPER_ROUNDS[22][0] in DEV_WRAPPERS  # round 22 is dev
    assert {"together_ai_key22", "ng_nuban22", "parcel_label_ticket22"} <= dev_cats
    assert set(DECOY_ROUNDS[23]) <= set(DECOYS) and WRAPPER_ROUNDS[23][0] in DEV_WRAPPERS  # round 23 is dev
    assert {"pangea_token23", "in_gstin_proprietor23", "rsvp_guest_list23"} <= dev_cats
    assert set(DECOY_ROUNDS[24]) <= set(DECOYS) and WRAPPER_ROUNDS[24][0] in DEV_WRAPPERS  # round 24 is dev
    assert {"astra_db_token24", "cy_tic24", "payslip_bill24"} <= dev_cats
    assert set(DECOY_ROUNDS[25]) <= set(DECOYS) and WRAPPER_ROUNDS[25][0] in DEV_WRAPPERS  # round 25 is dev
    assert {"meraki_api_key25", "ec_ci25", "seed_sql_fixture25"} <= dev_cats
    assert set(DECOY_ROUNDS[26]) <= set(DECOYS) and WRAPPER_ROUNDS[26][0] in DEV_WRAPPERS  # round 26 is dev
    assert {"infracost_api_key26", "fo_ptal26", "chat_export_profile26"} <= dev_cats
    assert set(DECOY_ROUNDS[27]) <= set(DECOYS) and WRAPPER_ROUNDS[27][0] in DEV_WRAPPERS  # round 27 is dev
    assert {"dub_api_key27", "bh_cpr27", "git_log_people27"} <= dev_cats
    assert set(DECOY_ROUNDS[28]) <= set(DECOYS) and WRAPPER_ROUNDS[28][0] in DEV_WRAPPERS  # round 28 is dev
    assert {"context7_api_key28", "eg_national_id28", "sql_table_people28"} <= dev_cats
    assert set(DECOY_ROUNDS[29]) <= set(DECOYS) and WRAPPER_ROUNDS[29][0] in DEV_WRAPPERS  # round 29 is dev
    assert {"knock_secret_key29", "mo_bir29", "raw_email_people29"} <= dev_cats
    assert set(DECOY_ROUNDS[30]) <= set(DECOYS) and WRAPPER_ROUNDS[30][0] in DEV_WRAPPERS  # round 30 is dev
    assert {"cachix_auth_token30", "pdf_form_people30", "ocr_screenshot_people30"} <= dev_cats
    holdout_only = {c.name for c in CATS if not c.templates("dev")}
    assert len(holdout_only) >= 17  # round 31 adds 17 categories (each weighs more in a draw)
    dev = generate(1, "dev", 300)
    assert not holdout_only & {p.category for case in dev for p in case.plants}
    holdout = generate(1, "holdout", 300)
    assert holdout_only & {p.category for case in holdout for p in case.plants}
    new_decoys = set(HOLDOUT_DECOYS) - set(DECOYS)
    assert new_decoys and not new_decoys & {d.category for case in dev for d in case.decoys}


def _planted_counts(cases: list[BlindCase]) -> dict[str, int]:
    """Plants per category, each plant's value and each decoy found in its case's text."""
    counts: dict[str, int] = {}
    for case in cases:
        for p in case.plants:
            counts[p.category] = counts.get(p.category, 0) + 1
            assert any(f in case.text for f in p.needles), p.category
        assert all(d.text in case.text for d in case.decoys)
    return counts


def test_round14_generator_checks() -> None:
    """Round 14's ids recomputed from their rules: Andorra's NRT of persons by python-stdnum's
    validator (F or E only), ICCIDs and library patron barcodes by Luhn, the Zimbabwean id's check
    letter (mod 23), Qatar's QID century, year and nationality, Myanmar's NRC layout."""
    from stdnum import luhn
    from stdnum.ad import nrt

    r = random.Random(14)
    for _ in range(200):
        ad = rb.ad_nrt_person(r)
        assert nrt.is_valid(ad) and ad[0] in "FE", ad
        iccid = rb.sim_iccid(r).replace(" ", "")
        assert iccid.startswith("89") and len(iccid) == 19 and luhn.is_valid(iccid), iccid
        card = rb.library_card(r)
        assert card[0] == "2" and len(card) == 14 and luhn.is_valid(card), card
        zw = rb.zw_national_id(r).replace("-", " ").split(" ")
        assert zw[2] == "ZABCDEFGHJKLMNPQRSTVWXY"[int(zw[0] + zw[1]) % 23], zw
        q = rb.qa_qid(r)
        assert len(q) == 11 and q[0] in "23" and q[3:6] in {"634", "356", "586", "050", "608", "818", "400", "144"}, q
        state, rest = rb.mm_nrc(r).split("/")
        assert 1 <= int(state) <= 14 and "(N)" in rest and rest[-6:].isdigit(), rest


def test_round15_generator_checks() -> None:
    """Round 15's ids against python-stdnum's validators (Finland's veronumero: its layout alone, it has
    no public check digit; Costa Rica's DIMEX)
    and recomputed from their published rules (Uruguay's cédula check digit, Nicaragua's cédula
    letter, Taiwan's resident certificate check digit, Singapore's FIN letter, Kyrgyzstan's and
    Rwanda's birth fields); plus codes in the Open Location Code alphabet, iris templates with their
    ISO/IEC 19794-6 header, phones read aloud whose digits are a valid number, halves of split
    secrets that join into one value."""
    from stdnum.cr import cr
    from stdnum.fi import veronumero

    r = random.Random(15)
    for _ in range(200):
        assert veronumero.is_valid(rb.fi_veronumero(r)) and cr.is_valid(rb.cr_dimex(r))
        uy = rb.uy_cedula(r).replace(".", "").replace("-", "")
        w = sum(int(c) * k for c, k in zip(uy[:7], [2, 9, 8, 7, 6, 3, 4], strict=True))
        assert len(uy) == 8 and int(uy[7]) == (10 - w % 10) % 10, uy
        ni = rb.ni_cedula(r).replace("-", "")
        assert "ABCDEFGHJKLMNPQRSTUVWXY"[int(ni[:13]) % 23] == ni[13] and 1 <= int(ni[3:5]) <= 31, ni
        arc = rb.tw_arc(r)
        n = rb.TW_LETTERS[arc[0]]
        tw = n // 10 + (n % 10) * 9 + sum(int(c) * k for c, k in zip(arc[1:9], range(8, 0, -1), strict=True))
        assert arc[1] in "89" and (tw + int(arc[9])) % 10 == 0, arc
        fin = rb.sg_fin(r)
        fw = sum(int(c) * k for c, k in zip(fin[1:8], [2, 7, 6, 5, 4, 3, 2], strict=True))
        assert fin[8] == "XWUTRQPNMLK"[(fw + (4 if fin[0] == "G" else 0)) % 11], fin
        kg = rb.kg_pin(r)
        assert kg[0] in "12" and 1 <= int(kg[1:3]) <= 31 and 1 <= int(kg[3:5]) <= 12 and int(kg[5:9]) >= 1950, kg
        rw = rb.rw_nid(r).replace(" ", "")
        assert len(rw) == 16 and rw[0] == "1" and rw[5] in "78" and 1950 <= int(rw[1:5]) <= 2004, rw
        pc = rb.home_plus_code(r)
        assert len(pc) == 11 and pc[8] == "+" and set(pc.replace("+", "")) <= set("23456789CFGHJMPQRVWX"), pc
        assert base64.b64decode(rb.iris_template(r))[:8] == b"IIR\x00020\x00"
    phone_cat = next(c for c in CATS if c.name == "phone_read_aloud")
    split_cat = next(c for c in CATS if c.name == "split_secret")
    for t in range(5):
        text, (v,) = phone_cat.make(r, t)
        region = ["GB", "US", "DE", "FR", "ES"][t]
        digits = "".join(ch for ch in v if ch.isdigit())
        assert v in text and phonenumbers.is_valid_number(phonenumbers.parse(digits, region)), v
        text, (a, b) = split_cat.make(r, t)
        assert a in text and b in text and (a + b).startswith(("sk-", "gh", "glpat-", "xox")), (a, b)


def _dui_ok(v: str) -> bool:
    body, check = v.split("-")
    return int(check) == (10 - sum(int(c) * w for c, w in zip(body, range(9, 1, -1), strict=True)) % 10) % 10


def _pl_id_ok(v: str) -> bool:
    vals = [ord(c) - 55 for c in v[:3]] + [int(c) for c in v[3:]]
    return sum(x * w for x, w in zip(vals, [7, 3, 1, 9, 7, 3, 1, 7, 3], strict=True)) % 10 == 0


def test_round16_generator_checks() -> None:
    """Round 16's ids against their published rules (each rule first accepts a published example:
    El Salvador's DUI 00016297-5, Poland's identity card ABA300000) and python-stdnum (Liechtenstein's
    PEID); Guatemala's CUI and Australia's Centrelink CRN recomputed; NetBird tokens carry the CRC32 of
    their body; Bedrock keys and Grafana Cloud tokens decode to their documented payloads; a value cut
    by a soft wrap is planted as two halves that join into it."""
    import zlib

    from stdnum.li import peid

    assert _dui_ok("00016297-5") and not _dui_ok("00016297-4")
    assert _pl_id_ok("ABA300000") and not _pl_id_ok("ABA400000")
    r = random.Random(16)
    for _ in range(200):
        assert _dui_ok(rb.sv_dui(r)) and _pl_id_ok(rb.pl_id_card(r).replace(" ", ""))
        assert peid.is_valid(rb.li_peid(r))
        cui = rb.gt_cui(r).replace(" ", "")
        assert len(cui) == 13 and int(cui[8]) == sum(int(c) * (i + 2) for i, c in enumerate(cui[:8])) % 11, cui
        assert 1 <= int(cui[9:11]) <= 22, cui
        crn = rb.au_centrelink_crn(r).replace(" ", "")
        w = sum(int(c) * k for c, k in zip(crn[:9], [512, 256, 128, 64, 32, 16, 8, 4, 2], strict=True))
        assert crn[9] == "XVTSRQPNLKJ"[w % 11], crn
        nb = rb.netbird_pat(r)
        crc = 0
        for ch in nb[-6:]:
            crc = crc * 62 + rb.B62.index(ch)
        assert nb.startswith("nbp_") and len(nb) == 40 and crc == zlib.crc32(nb[4:-6].encode()), nb
        assert base64.b64decode(rb.bedrock_api_key(r)[4:]).startswith(b"BedrockAPIKey-")
        glc = rb.grafana_cloud_token(r)[4:]
        assert "k" in json.loads(base64.b64decode(glc + "=" * (-len(glc) % 4)))
        assert "T3BlbkFJ" in rb.openai_admin_key(r)
    wrapped = next(f for f in rb.SECRET_FAMILIES16 if "{v2}" in f)
    v = "tok_" + _rand(r, 36)
    text, (a, b) = rb._fill16(wrapped, v, r, L="X", A="X", a="x", k="x")
    assert a + b == v and a in text and b in text and v not in text


def test_round31_holdout() -> None:
    """Round 31 is the holdout (round 30 joined dev): families for every category, rounds scored
    apart, each round-31 category planted at least 3 times in 2400 prompts with every value in its
    prompt, its new kinds about 40 % of its plants (they weigh NEW31_WEIGHT in a draw of round 31,
    every other category 1, round 16's to 30's heavy kinds included) and at least 60 % of them personal
    data, every decoy kind drawn, the same cases for the same seed. (Generator only: the engine never
    runs here.)"""
    assert HOLDOUT_ROUNDS == (31,) and HOLDOUT_ROUND == 31
    assert all(len(c.templates("holdout", 31)) >= 2 for c in CATS)
    assert all(c.templates("holdout", 31) == c.templates("holdout") for c in CATS)
    assert not any(c.templates("dev", 31) or c.templates("holdout", 30) for c in CATS)
    r30 = {c.name for c in CATS if c.templates("dev", 30)}
    r31 = {c.name for c in CATS if c.templates("holdout", 31)}
    new = r31 - r30
    assert new == rb.NEW31 and len(rb.NEW31) >= 17 and r30 < r31
    assert len([c for c in CATS if c.name in rb.NEW31 and c.kind == "secret"]) >= 3
    assert len([c for c in CATS if c.name in rb.NEW31 and c.kind == "pii"]) >= 14
    weights = {c.name: c.draws((31,)) for c in CATS}
    assert all(w == rb.NEW31_WEIGHT for n, w in weights.items() if n in rb.NEW31)
    assert all(w == 1 for n, w in weights.items() if n not in new)
    cases = generate(2, "holdout", 2400, round_no=31)
    counts = _planted_counts(cases)
    assert set(counts) == r31 and min(counts.values()) >= 3, min(counts.values())
    share = sum(n for name, n in counts.items() if name in rb.NEW31) / sum(counts.values())
    assert 0.35 <= share <= 0.45, share
    personal = sum(n for name, n in counts.items() if name in rb.NEW31 and rb.KIND[name] == "pii")
    assert personal / sum(n for name, n in counts.items() if name in rb.NEW31) >= 0.6
    assert {d.category for case in cases for d in case.decoys} == set(DECOY_ROUNDS[31])
    assert not set(DECOY_ROUNDS[31]) & {k for r in range(1, 31) for k in DECOY_ROUNDS[r]}  # new kinds only
    assert len(DECOY_ROUNDS[31]) >= 12 and len(WRAPPER_ROUNDS[31][0]) >= 10
    assert [c.text for c in generate(2, "holdout", 200, round_no=31)] == [c.text for c in cases[:200]]
    thirty = generate(2, "dev", 300, round_no=30)
    assert not new & {p.category for case in thirty for p in case.plants}
    with pytest.raises(ValueError):
        generate(1, "dev", 10, round_no=31)
    with pytest.raises(ValueError):
        generate(1, "holdout", 10, round_no=30)


def test_round30_joined_dev() -> None:
    """Round 30 joined dev (see `_check_joined_dev`): at least 15 new categories; its new kinds still
    weigh NEW30_WEIGHT in a draw of round 30 alone, and once in the whole dev pool and among round
    31's families."""
    _check_joined_dev(30, 15, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW30}
    assert len(heavy) >= 15 and all(c.draws((30,)) == rb.NEW30_WEIGHT for c in CATS if c.name in heavy)
    assert all(c.draws(()) == 1 and c.draws((31,)) == 1 for c in CATS if c.name in heavy)


def test_round29_joined_dev() -> None:
    """Round 29 joined dev (see `_check_joined_dev`): at least 14 new categories; its new kinds still
    weigh NEW29_WEIGHT in a draw of round 29 alone, and once in the whole dev pool and among rounds
    30's and 31's families."""
    _check_joined_dev(29, 14, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW29}
    assert len(heavy) >= 14 and all(c.draws((29,)) == rb.NEW29_WEIGHT for c in CATS if c.name in heavy)
    assert all(c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (30, 31)) for c in CATS if c.name in heavy)


def test_round28_joined_dev() -> None:
    """Round 28 joined dev (see `_check_joined_dev`): at least 14 new categories; its new kinds still
    weigh NEW28_WEIGHT in a draw of round 28 alone, and once in the whole dev pool and among rounds
    29's and 30's families."""
    _check_joined_dev(28, 14, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW28}
    assert len(heavy) >= 14 and all(c.draws((28,)) == rb.NEW28_WEIGHT for c in CATS if c.name in heavy)
    assert all(c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (29, 30, 31)) for c in CATS if c.name in heavy)


def test_round27_joined_dev() -> None:
    """Round 27 joined dev (see `_check_joined_dev`): at least 14 new categories; its new kinds still
    weigh NEW27_WEIGHT in a draw of round 27 alone, and once in the whole dev pool and among rounds
    28's and 29's families."""
    _check_joined_dev(27, 14, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW27}
    assert len(heavy) >= 14 and all(c.draws((27,)) == rb.NEW27_WEIGHT for c in CATS if c.name in heavy)
    assert all(c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (28, 29, 30, 31)) for c in CATS if c.name in heavy)


def test_round26_joined_dev() -> None:
    """Round 26 joined dev (see `_check_joined_dev`): at least 14 new categories; its new kinds still
    weigh NEW26_WEIGHT in a draw of round 26 alone, and once in the whole dev pool and among round
    27's families."""
    _check_joined_dev(26, 14, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW26}
    assert len(heavy) >= 14 and all(c.draws((26,)) == rb.NEW26_WEIGHT for c in CATS if c.name in heavy)
    assert all(
        c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (27, 28, 29, 30, 31)) for c in CATS if c.name in heavy
    )


def test_round25_joined_dev() -> None:
    """Round 25 joined dev (see `_check_joined_dev`): at least 12 new categories; its new kinds still
    weigh NEW25_WEIGHT in a draw of round 25 alone, and once in the whole dev pool and among round
    26's families."""
    _check_joined_dev(25, 12, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW25}
    assert len(heavy) >= 12 and all(c.draws((25,)) == rb.NEW25_WEIGHT for c in CATS if c.name in heavy)
    assert all(
        c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (26, 27, 28, 29, 30, 31)) for c in CATS if c.name in heavy
    )


def test_round24_joined_dev() -> None:
    """Round 24 joined dev (see `_check_joined_dev`): at least 11 new categories; its new kinds still
    weigh NEW24_WEIGHT in a draw of round 24 alone, and once in the whole dev pool and among round
    25's families."""
    _check_joined_dev(24, 11, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW24}
    assert len(heavy) >= 11 and all(c.draws((24,)) == rb.NEW24_WEIGHT for c in CATS if c.name in heavy)
    assert all(
        c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (25, 2, 27, 28, 29, 30, 31))
        for c in CATS
        if c.name in heavy
    )


def test_round23_joined_dev() -> None:
    """Round 23 joined dev (see `_check_joined_dev`): at least 9 new categories; its new kinds still
    weigh NEW23_WEIGHT in a draw of round 23 alone, and once in the whole dev pool and among round
    24's families."""
    _check_joined_dev(23, 9, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW23}
    assert len(heavy) >= 9 and all(c.draws((23,)) == rb.NEW23_WEIGHT for c in CATS if c.name in heavy)
    assert all(
        c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (24, 25, 2, 27, 28, 29, 30, 31))
        for c in CATS
        if c.name in heavy
    )


def test_round22_joined_dev() -> None:
    """Round 22 joined dev (see `_check_joined_dev`): at least 8 new categories; its new kinds still
    weigh NEW22_WEIGHT in a draw of round 22 alone, and once in the whole dev pool and among round
    23's families."""
    _check_joined_dev(22, 8, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW22}
    assert len(heavy) >= 8 and all(c.draws((22,)) == rb.NEW22_WEIGHT for c in CATS if c.name in heavy)
    assert all(
        c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (23, 24, 25, 2, 27, 28, 29, 30, 31))
        for c in CATS
        if c.name in heavy
    )


def test_round21_joined_dev() -> None:
    """Round 21 joined dev (see `_check_joined_dev`): at least 10 new categories; its new kinds still
    weigh NEW21_WEIGHT in a draw of round 21 alone, and once in the whole dev pool and among round
    22's families."""
    _check_joined_dev(21, 10, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW21}
    assert len(heavy) >= 10 and all(c.draws((21,)) == rb.NEW21_WEIGHT for c in CATS if c.name in heavy)
    assert all(
        c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (22, 23, 24, 25, 2, 27, 28, 29, 30, 31))
        for c in CATS
        if c.name in heavy
    )


def test_round20_joined_dev() -> None:
    """Round 20 joined dev (see `_check_joined_dev`): at least 11 new categories; its new kinds still
    weigh NEW20_WEIGHT in a draw of round 20 alone, and once in the whole dev pool and among round
    21's families."""
    _check_joined_dev(20, 11, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW20}
    assert len(heavy) >= 11 and all(c.draws((20,)) == rb.NEW20_WEIGHT for c in CATS if c.name in heavy)
    assert all(
        c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (21, 22, 23, 24, 25, 2, 27, 28, 29, 30, 31))
        for c in CATS
        if c.name in heavy
    )


def test_round19_joined_dev() -> None:
    """Round 19 joined dev (see `_check_joined_dev`): at least 13 new categories; its new kinds still
    weigh NEW19_WEIGHT in a draw of round 19 alone, and once in the whole dev pool and among round
    20's families."""
    _check_joined_dev(19, 13, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW19}
    assert len(heavy) >= 13 and all(c.draws((19,)) == rb.NEW19_WEIGHT for c in CATS if c.name in heavy)
    assert all(
        c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (20, 21, 22, 23, 24, 25, 2, 27, 28, 29, 30, 31))
        for c in CATS
        if c.name in heavy
    )


def test_round18_joined_dev() -> None:
    """Round 18 joined dev (see `_check_joined_dev`): at least 12 new categories; its new kinds still
    weigh NEW18_WEIGHT in a draw of round 18 alone, and once in the whole dev pool and among round
    19's families."""
    _check_joined_dev(18, 12, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.name in rb.NEW18}
    assert len(heavy) >= 12 and all(c.draws((18,)) == rb.NEW18_WEIGHT for c in CATS if c.name in heavy)
    assert all(
        c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (19, 20, 21, 22, 23, 24, 25))
        for c in CATS
        if c.name in heavy
    )


def test_round17_joined_dev() -> None:
    """Round 17 joined dev (see `_check_joined_dev`): at least 12 new categories; its new kinds still
    weigh NEW17_WEIGHT (its earlier kinds in new shapes EARLIER17_WEIGHT) in a draw of round 17 alone,
    and once in the whole dev pool and among round 18's families."""
    _check_joined_dev(17, 12, min_count=3, known_decoys_and_wrappers=True)
    heavy = {c.name for c in CATS if c.weight in (rb.NEW17_WEIGHT, rb.EARLIER17_WEIGHT) and c.rounds[0] == 17}
    assert len(heavy) >= 15 and all(c.draws((17,)) == c.weight for c in CATS if c.name in heavy)
    assert all(
        c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (18, 19, 20, 21, 22, 23, 24, 25))
        for c in CATS
        if c.name in heavy
    )


def test_round16_joined_dev() -> None:
    """Round 16 joined dev (see `_check_joined_dev`): at least 15 new categories; its new kinds still
    weigh NEW16_WEIGHT in a draw of round 16 alone, and once in the whole dev pool."""
    _check_joined_dev(16, 15, min_count=3)
    heavy = {c.name for c in CATS if c.weight == rb.NEW16_WEIGHT and c.rounds[0] == 16}  # (NEW18_WEIGHT is 32 too)
    assert len(heavy) >= 15 and all(c.draws((16,)) == rb.NEW16_WEIGHT for c in CATS if c.name in heavy)
    assert all(
        c.draws(()) == 1 and all(c.draws((r,)) == 1 for r in (17, 18, 19, 20, 21, 22, 23, 24, 25))
        for c in CATS
        if c.name in heavy
    )


def _npi_ok(v: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed("80840" + v)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return len(v) == 10 and total % 10 == 0


def _dea_ok(v: str) -> bool:
    d = [int(c) for c in v[2:]]
    return len(d) == 7 and (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 == d[6]


def _uln_ok(v: str) -> bool:
    rem = sum(int(c) * w for c, w in zip(v[:9], range(10, 1, -1), strict=True)) % 11
    return len(v) == 10 and v[0] != "0" and rem != 0 and int(v[9]) == 10 - rem


def _upn_ok(v: str) -> bool:
    return len(v) == 13 and v[0] == "ABCDEFGHJKLMNPQRTUVWXYZ"[sum(int(c) * (i + 2) for i, c in enumerate(v[1:])) % 23]


def test_round17_generator_checks() -> None:
    """Round 17's ids against their published rules: the US NPI's Luhn over 80840 + the number and
    the DEA number's check digit, each rule first accepting a published example (CMS's 1234567893,
    AB1234563) and rejecting it with one digit changed; the UK ULN's mod-11 and the UPN's check
    letter recomputed; Hungary's personal id recomputed (weights 1 to 10, mod 11); Spain's CCC against
    python-stdnum; phones re-validated by phonenumbers in their country's national format; Claude
    OAuth, Slack browser, Doppler, Postman, Linear, Docker, Databricks, GitLab and NVIDIA tokens in
    their documented prefixes and alphabets."""
    from stdnum.es import ccc

    assert _npi_ok("1234567893") and not _npi_ok("1234567894")
    assert _dea_ok("AB1234563") and not _dea_ok("AB1234564")
    r = random.Random(17)
    for _ in range(300):
        assert _npi_ok(rb.us_npi(r)) and _dea_ok(rb.us_dea_number(r))
        assert _uln_ok(rb.uk_uln(r)) and _upn_ok(rb.uk_upn(r))
        hu = rb.hu_personal_id(r).replace("-", "")
        assert len(hu) == 11 and hu[0] in "12" and 1 <= int(hu[3:5]) <= 12, hu
        assert int(hu[10]) == sum(int(c) * (i + 1) for i, c in enumerate(hu[:10])) % 11, hu
        assert ccc.is_valid(rb.es_ccc(r))
        tel = rb.phone17(r)
        assert any(phonenumbers.is_valid_number(phonenumbers.parse(tel, reg)) for reg in rb.PHONE_REGIONS17), tel
        oat = rb.anthropic_oauth_token(r)
        assert oat[:13] in ("sk-ant-oat01-", "sk-ant-ort01-") and oat.endswith("AA") and len(oat) == 108, oat
        xoxc = rb.slack_xoxc(r).split("-")
        assert xoxc[0] == "xoxc" and len(xoxc[4]) == 64 and all(p.isdigit() for p in xoxc[1:4]), xoxc
        xoxd = rb.slack_xoxd(r)
        assert xoxd.startswith("xoxd-") and base64.b64decode(urllib.parse.unquote(xoxd[5:]))
    people = [rb.person_name17(r) for _ in range(200)]
    assert any(", " in p and p.isascii() for p in people) and sum(not p.isascii() for p in people) > 100
    names = [c for c in CATS if c.name in rb.NEW17 and c.kind == "secret"]
    prefixes = ("sk-ant-o", "nvapi-", "xox", "dp.", "PMAT-", "lin_oauth_", "dckr_oat_", "dose", "glft-", "glsoat-")
    for c in names:
        for t in [t for t in range(c.n_templates) if c.rounds[t] < 27]:  # (27's: its own test)
            text, (v,) = c.make(r, t)
            if '"auths"' in text:  # (round 26's docker auths plant base64 of ``user:token``: its token checked)
                assert v in text
                v = base64.b64decode(v).decode().removeprefix("ci-bot:")
            assert (v in text or '"auths"' in text) and v.startswith(prefixes), (c.name, v)


def _nhs_mod11_ok(v: str) -> bool:
    c = 11 - sum(int(ch) * w for ch, w in zip(v[:9], range(10, 1, -1), strict=True)) % 11
    return len(v) == 10 and c != 10 and int(v[9]) == c % 11


def _lanr_ok(v: str) -> bool:
    s = sum(int(ch) * w for ch, w in zip(v[:6], (4, 9, 4, 9, 4, 9), strict=True))
    return len(v) == 9 and v.isdigit() and int(v[6]) == (10 - s % 10) % 10


def test_round18_generator_checks() -> None:
    """Round 18's ids against their published rules: the Health and Care number's NHS mod 11 (first
    accepting the NHS's published example 943 476 5919 and rejecting it with one digit changed) in
    Northern Ireland's 320-399 million range; the LANR's 4-9 check digit, each rule rejecting a
    changed digit; RPPS by python-stdnum's Luhn, the Slovenian tax number and the partita IVA by
    python-stdnum's validators; the clave de elector's structure (a real birth date, a state 01-32);
    the credential kinds in their documented prefixes; the counters' digits failing Luhn and the NHS
    rule."""
    import datetime
    import re

    from stdnum import luhn
    from stdnum.it import iva
    from stdnum.si import ddv

    assert _nhs_mod11_ok("9434765919") and not _nhs_mod11_ok("9434765918")
    r = random.Random(18)
    for _ in range(300):
        hc = rb.uk_hc_number(r).replace(" ", "")
        assert _nhs_mod11_ok(hc) and 320_000_001 <= int(hc[:9]) <= 399_999_999, hc
        lanr = rb.de_lanr(r)
        assert _lanr_ok(lanr) and not _lanr_ok(lanr[:6] + str((int(lanr[6]) + 1) % 10) + lanr[7:]), lanr
        rpps = rb.fr_rpps(r)
        assert len(rpps) == 11 and rpps.startswith("10") and luhn.is_valid(rpps), rpps
        assert ddv.is_valid(rb.si_tax_number(r)) and iva.is_valid(rb.it_partita_iva(r))
        clave = rb.mx_clave_elector(r)
        m = re.fullmatch(r"[A-Z]{6}(\d\d)(\d\d)(\d\d)(0[1-9]|[12]\d|3[0-2])[HM]\d{3}", clave)
        assert m and datetime.date(2000 + int(m[1]), int(m[2]), int(m[3])), clave
        for n in (9, 10, 11, 16):
            digits = rb._fails_checks(r, n)
            assert len(digits) == n and not luhn.is_valid(digits), digits
            assert n != 10 or not _nhs_mod11_ok(digits), digits
    prefixes = (
        "sk-ant-admin01-", "tr_dev_", "tr_prod_", "tr_stg_", "tr_pat_", "signkey-prod-", "tid=",
        "access-production-", "access-development-", "rk_live_", "pylf_v1_", "p.eyJ", "api_org_",
    )  # fmt: skip
    for c in [c for c in CATS if c.name in rb.NEW18 and c.kind == "secret"]:
        for t in c.templates("dev", 18):  # (its own families: a later round may plant an encoded form)
            text, (v,) = c.make(r, t)
            assert v in text and v.startswith(prefixes), (c.name, v)
    assert rb.anthropic_admin_key(r).endswith("AA") and len(rb.anthropic_admin_key(r)) == 110
    tb = rb.tinybird_token(r).split(".")
    assert len(tb) == 3 and json.loads(base64.urlsafe_b64decode(tb[1] + "=" * (-len(tb[1]) % 4)))["u"]


def _hu_account_ok(v: str) -> bool:
    blocks = v.replace(" ", "-").split("-")
    return all(
        len(b) == 8 and sum(int(c) * (9, 7, 3, 1)[i % 4] for i, c in enumerate(b)) % 10 == 0 for b in blocks
    ) and len(blocks) in (2, 3)


def _mpan_ok(v: str) -> bool:
    primes = (3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43)
    return len(v) == 13 and int(v[12]) == sum(int(c) * p for c, p in zip(v[:12], primes, strict=True)) % 11 % 10


def test_round19_generator_checks() -> None:
    """Round 19's ids against their published rules: the Hungarian account's 9-7-3-1 blocks (first
    accepting the much-cited 11773016-11111018 and rejecting it with one digit changed), the Swiss
    postal account's mod-10 recursive digit and the CUPS's letters by python-stdnum (ch.esr, es.cups),
    the Dutch EAN-code's GS1 digit by python-stdnum's ean, the MPAN core's prime-weighted mod 11
    recomputed and rejecting a changed digit; the signature's, form's and table's phones re-validated
    by phonenumbers in their region's national format; the credential kinds in their documented
    prefixes and layouts."""
    from stdnum import ean
    from stdnum.ch import esr
    from stdnum.es import cups

    assert _hu_account_ok("11773016-11111018") and not _hu_account_ok("11773016-11111019")
    r = random.Random(19)
    for _ in range(300):
        hu = rb.hu_bank_account(r)
        assert _hu_account_ok(hu), hu
        prefix, serial, check = rb.ch_postal_account(r).split("-")
        assert esr.calc_check_digit(prefix + serial.zfill(6)) == check
        assert cups.is_valid(rb.es_cups(r))
        e = rb.nl_ean_connection(r)
        assert len(e) == 18 and e.startswith("871") and ean.calc_check_digit(e[:-1]) == e[-1], e
        mpan = rb.uk_mpan_core(r).replace(" ", "")
        assert _mpan_ok(mpan) and 10 <= int(mpan[:2]) <= 23, mpan
        assert not _mpan_ok(mpan[:12] + str((int(mpan[12]) + 1) % 10))
        region = r.choice(rb.PHONE_REGIONS19)
        assert phonenumbers.is_valid_number(phonenumbers.parse(rb.phone19(r, region), region)), region
    for name in ("email_signature19", "registration_form19", "people_table19"):
        c = next(c for c in CATS if c.name == name)
        for t in range(c.n_templates):
            text, needles = c.make(r, t)
            assert len(needles) >= 2 and all(n in text for n in needles), (name, t)
    prefixes = (
        "sk-ant-sid01-", "sess-", "bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29tLz9BY3Rpb249", "dG9rO", "0.",
    )  # fmt: skip
    signatures = ("JQQJ99", "AzFu", "+ASb", "+AEh", "ACDb", "+ASt")
    for c in [c for c in CATS if c.name in rb.NEW19 and c.kind == "secret"]:
        for t in c.templates("dev", 19):  # (its own families: a later round may plant an encoded form)
            text, (v,) = c.make(r, t)
            assert v in text and (v.startswith(prefixes) or any(s in v for s in signatures)), (c.name, v)
    assert len(rb.azure_cask_key(r, "AZDO")) == 84 and rb.azure_cask_key(r, "ACOG")[52:58] == "JQQJ99"
    assert all(len(rb.azure_identifiable_key(r, "+ASb", n)) == n for n in (44, 56, 88))
    assert base64.b64decode(rb.intercom_token(r)).startswith(b"tok:")
    url = base64.b64decode(rb.bedrock_short_term_key(r)[len("bedrock-api-key-") :]).decode()
    assert "Action=CallWithBearerToken" in url and "X-Amz-Signature=" in url


_RIB_LETTERS = {
    c: str(v) for v, cs in enumerate(["", "AJ", "BKS", "CLT", "DMU", "ENV", "FOW", "GPX", "HQY", "IRZ"]) for c in cs
}


def _rib_ok(bank: str, branch: str, account: str, key: str) -> bool:
    acct = "".join(_RIB_LETTERS.get(c, c) for c in account.upper())
    return (89 * int(bank) + 15 * int(branch) + 3 * int(acct) + int(key)) % 97 == 0


def test_round20_generator_checks() -> None:
    """Round 20's ids against their published rules: the French RIB's key (first accepting the bank
    documentation's 20041 01005 0500013M026 06 and rejecting it with the key changed), the Polish NRB
    as an IBAN with PL and its sort code's 3-9-7-1 digit, the Portuguese NIB as an IBAN with PT50 (the
    NIB's own check makes every Portuguese IBAN's digits 50) by python-stdnum; Nostr keys by bech32;
    the everyday forms' phones re-validated by phonenumbers in their region's national format and
    every value in its text; the credential kinds in their documented prefixes and layouts."""
    from stdnum import iban

    assert _rib_ok("20041", "01005", "0500013M026", "06") and not _rib_ok("20041", "01005", "0500013M026", "07")
    assert iban.is_valid("PT50000201231234567890154")
    r = random.Random(20)
    for _ in range(300):
        assert _rib_ok(*rb.fr_rib(r).split())
        nrb = rb.pl_nrb(r).replace(" ", "")
        sort = nrb[2:10]
        assert iban.is_valid("PL" + nrb) and len(nrb) == 26, nrb
        assert sum(int(c) * w for c, w in zip(sort, (3, 9, 7, 1, 3, 9, 7, 1), strict=True)) % 10 == 0, nrb
        nib = rb.pt_nib(r).replace(" ", "")
        assert len(nib) == 21 and iban.is_valid("PT50" + nib), nib
        assert not iban.is_valid("PT50" + nib[:-1] + str((int(nib[-1]) + 1) % 10))
        nsec = rb.nostr_nsec(r)
        assert nsec.startswith("nsec1") and len(nsec) == 63 and rb.bech32_valid(nsec), nsec
        region = r.choice(rb.PHONE_REGIONS20)
        assert phonenumbers.is_valid_number(phonenumbers.parse(rb.phone20(r, region), region)), region
    for name in ("contact_card20", "letter_or_message20", "order_customer20"):
        c = next(c for c in CATS if c.name == name)
        for t in range(c.n_templates):
            text, needles = c.make(r, t)
            assert len(needles) >= 2 and all(n in text for n in needles), (name, t)
    prefixes = ("nsec1", "nostr+walletconnect://", "ATCTT3xFfGN0", "kpat_", "spat_", "sq0csp-", "sq0atp-")
    for c in [c for c in CATS if c.name in rb.NEW20 and c.kind == "secret" and c.name != "volcengine_key_pair20"]:
        for t in c.templates("dev", 20):  # (its own families: a later round may plant an encoded form)
            text, (v,) = c.make(r, t)
            assert v in text and v.startswith(prefixes), (c.name, v)
    ak, sk = rb.volcengine_key_pair(r)
    assert ak.startswith("AKLT") and len(base64.b64decode(ak[4:] + "=" * (-len(ak[4:]) % 4))) == 32
    assert len(base64.b64decode(base64.b64decode(sk))) == 32
    c = next(c for c in CATS if c.name == "volcengine_key_pair20")
    assert all(len(c.make(r, t)[1]) == 2 for t in range(c.n_templates))


def _cnh_ok(v: str) -> bool:
    # the CNH's two mod-11 digits as Brazilian validators compute them (a first check of 10 counts 0
    # and lowers the second by 2)
    if len(v) != 11 or not v.isdigit() or len(set(v)) == 1:
        return False
    s1 = sum(int(c) * w for c, w in zip(v[:9], range(9, 0, -1), strict=True)) % 11
    dv1, dsc = (0, 2) if s1 >= 10 else (s1, 0)
    s2 = sum(int(c) * w for c, w in zip(v[:9], range(1, 10), strict=True)) % 11
    dv2 = 0 if s2 >= 10 else (s2 - dsc) % 11
    return v[9:] == f"{dv1}{dv2 % 10}"


def test_round21_generator_checks() -> None:
    """Round 21's ids against their published rules: the Czech account by python-stdnum (first
    accepting the tax office's published 19-2000145399/0800 and rejecting it with a digit changed),
    the Serbian account as an IBAN with RS35 (its own mod 97-10 makes every Serbian IBAN's digits 35),
    the Brazilian CNH by its two mod-11 digits; the everyday forms' phones re-validated by
    phonenumbers in their region's national format and every value in its text; the credential
    kinds in their prefixes; the container decoys' ISO 6346 digits by python-stdnum."""
    from stdnum import iban, iso6346
    from stdnum.cz import bankaccount

    assert bankaccount.is_valid("19-2000145399/0800") and not bankaccount.is_valid("19-2000145398/0800")
    assert _cnh_ok("12345678900") and not _cnh_ok("12345678901")  # (by hand: 165 % 11 = 0, 285 % 11 = 10)
    r = random.Random(21)
    for _ in range(300):
        acct = rb.cz_bank_account(r)
        assert bankaccount.is_valid(acct), acct
        rs = rb.rs_bank_account(r)
        digits = rs.replace("-", "")
        assert len(digits) == 18 and iban.is_valid("RS35" + digits), rs
        assert not iban.is_valid("RS35" + digits[:-1] + str((int(digits[-1]) + 1) % 10))
        cnh = rb.br_cnh(r)
        assert _cnh_ok(cnh) and not _cnh_ok(cnh[:-1] + str((int(cnh[-1]) + 1) % 10)), cnh
        region = r.choice(rb.PHONE_REGIONS21)
        assert phonenumbers.is_valid_number(phonenumbers.parse(rb.phone20(r, region), region)), region
    for name in ("cv_resume21", "email_thread21", "chat_export21"):
        c = next(c for c in CATS if c.name == name)
        for t in range(c.n_templates):
            text, needles = c.make(r, t)
            assert len(needles) >= 2 and all(n in text for n in needles), (name, t)
    prefixes = ("vcp_", "vci_", "vck_", "bce-v3/ALTAK-", "cfut_", "cfat_", "mdb_sa_sk_")
    for c in [c for c in CATS if c.name in rb.NEW21 and c.kind == "secret"]:
        for t in c.templates("dev", 21):  # (its own families: a later round may plant an encoded form)
            text, (v,) = c.make(r, t)
            assert v in text and v.startswith(prefixes), (c.name, v)
    assert rb._iso6346("CSQU", "305438") == "3" and iso6346.is_valid("CSQU3054383")
    for f in rb.DECOY_ROUNDS[21]["iso6346_container_code"]:
        for code in re.findall(r"\b([A-Z]{4}) ?(\d{6}) ?(\d)\b", f(r)):
            assert iso6346.is_valid("".join(code)), code


def _nuban_ok(bank: str, account: str) -> bool:
    # the CBN's published NUBAN rule, written apart from the generator: weights 3 7 3 over the bank
    # code and the nine-digit serial, the check is 10 less the sum mod 10 (0 for 10)
    weights = [3, 7, 3] * 4
    total = sum(int(c) * w for c, w in zip(bank + account[:9], weights, strict=True))
    return len(account) == 10 and int(account[9]) == (10 - total % 10) % 10


def test_round22_generator_checks() -> None:
    """Round 22's ids against their published rules: the NUBAN by the CBN's check (a worked vector
    first: bank 058, serial 015242434 -> check 4 by hand), the everyday forms' phones re-validated by
    phonenumbers in their region's national format and every value in its text; the credential kinds
    in their prefixes (the JFrog reference token decoding to reftkn:01:); the test-vector decoys
    recomputed (they must be the published values, not look-alikes)."""
    import hashlib
    import hmac

    # 0*3+5*7+8*3 + 0*3+1*7+5*3+2*3+4*7+2*3+4*3+3*7+4*3 = 35+24+7+15+6+28+6+12+21+12 = 166 -> 10 - 6 = 4
    assert _nuban_ok("058", "0152424344") and not _nuban_ok("058", "0152424345")
    r = random.Random(22)
    for _ in range(300):
        bank, acct = rb.ng_nuban(r).split(":")
        assert _nuban_ok(bank, acct) and not _nuban_ok(bank, acct[:-1] + str((int(acct[-1]) + 1) % 10)), acct
        region = r.choice(rb.PHONE_REGIONS22)
        assert phonenumbers.is_valid_number(phonenumbers.parse(rb.phone20(r, region), region)), region
    for name in ("appointment_letter22", "tenancy_enrolment_form22", "parcel_label_ticket22"):
        c = next(c for c in CATS if c.name == name)
        for t in range(c.n_templates):
            text, needles = c.make(r, t)
            assert len(needles) >= 2 and all(n in text for n in needles), (name, t)
    prefixes = ("tgp_v1_", "cmVmdGtuOjAxOj", "zpka_", "Atza|", "amzn1.oa2-cs.v1.")
    for c in [c for c in CATS if c.name in rb.NEW22 and c.kind == "secret"]:
        for t in c.templates("dev", 22):  # (its own families: a later round may plant an encoded form)
            text, (v,) = c.make(r, t)
            assert v in text and v.startswith(prefixes), (c.name, v)
            if v.startswith("cmVm"):
                assert len(v) == 64 and base64.b64decode(v).startswith(b"reftkn:01:"), v
    vectors = "\n".join(f(r) for f in rb.DECOY_ROUNDS[22]["rfc_test_vector"])
    assert hashlib.sha256(b"abc").hexdigest() in vectors
    assert hmac.new(b"\x0b" * 20, b"Hi There", hashlib.sha256).hexdigest() in vectors
    assert b"12345678901234567890".hex() in vectors


def _gstin_ok(v: str) -> bool:
    # an independent reading of the GSTIN's check: Luhn mod N (N = 36) from the right, over all 15
    alnum = string.digits + string.ascii_uppercase
    total = 0
    for i, ch in enumerate(reversed(v)):
        p = alnum.index(ch) * (2 if i % 2 else 1)
        total += p // 36 + p % 36
    return len(v) == 15 and total % 36 == 0


def test_round23_generator_checks() -> None:
    """Round 23's ids against their published rules: the GSTIN by its Luhn mod-36 check (the GSTN's
    published specimen 27AAPFU0939F1ZV first), a proprietor's PAN inside it (fourth letter P); the
    everyday forms' phones re-validated by phonenumbers in the national format of regions no earlier
    round writes, every value in its text; the credential kinds in their prefixes."""
    assert _gstin_ok("27AAPFU0939F1ZV") and rb.gstin_check("27AAPFU0939F1Z") == "V"
    assert not _gstin_ok("27AAPFU0939F1ZW")
    r = random.Random(23)
    for _ in range(300):
        v = rb.in_gstin_proprietor(r)
        assert _gstin_ok(v) and v[5] == "P" and v[13] == "Z" and v[:2].isdigit(), v
        assert not _gstin_ok(v[:-1] + ("A" if v[-1] != "A" else "B")), v
        region = r.choice(rb.PHONE_REGIONS23)
        assert phonenumbers.is_valid_number(phonenumbers.parse(rb.phone20(r, region), region)), region
    earlier = set()
    for name in dir(rb):
        regions = getattr(rb, name)
        if name.startswith("PHONE_REGIONS") and name != "PHONE_REGIONS23":
            earlier |= {x for v in regions.values() for x in v} if isinstance(regions, dict) else set(regions)
    assert earlier and not earlier & set(rb.PHONE_REGIONS23)
    forms = ("rsvp_guest_list23", "booking_confirmation23", "vet_record_insurance_claim23", "job_application23")
    for name in (*forms, "membership_incident_report23"):
        c = next(c for c in CATS if c.name == name)
        for t in range(c.n_templates):
            text, needles = c.make(r, t)
            assert len(needles) >= 3 and all(n in text for n in needles), (name, t)
    prefixes = ("sk_prod_", "sk_dev_", "sk_car_", "pts_")
    for c in [c for c in CATS if c.name in rb.NEW23 and c.kind == "secret"]:
        for t in c.templates("dev", 23):  # (its own families: a later round may plant an encoded form)
            text, (v,) = c.make(r, t)
            assert v in text and v.startswith(prefixes), (c.name, v)


def _cy_tic_ok(v: str) -> bool:
    # an independent reading of the Cypriot TIC's check letter: digits in odd places by the published
    # table (0->1, 1->0, 2->5, 3->7, 4->9, 5->13, 6->15, 7->17, 8->19, 9->21), the others as they are
    odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21]
    if len(v) != 9 or not v[:8].isdigit():
        return False
    total = sum(odd[int(c)] for c in v[0:8:2]) + sum(int(c) for c in v[1:8:2])
    return v[8] == chr(ord("A") + total % 26)


def test_round24_generator_checks() -> None:
    """Round 24's ids against their published rules: the Cypriot TIC by its check letter (python-stdnum's
    example 10259033P first, then one digit or the letter changed), a person's TIC opening with 0 or 9; the
    everyday forms' phones re-validated by phonenumbers in the national format of regions no earlier round
    writes, every value in its text; the credential kinds in their prefixes and layouts."""
    assert _cy_tic_ok("10259033P") and rb.cy_tic_check("10259033") == "P"
    assert not _cy_tic_ok("10259033Q") and not _cy_tic_ok("10259043P")
    r = random.Random(24)
    for _ in range(300):
        v = rb.cy_tic(r)
        assert _cy_tic_ok(v) and v[0] in "09", v
        assert not _cy_tic_ok(v[:-1] + ("A" if v[-1] != "A" else "B")), v
        region = r.choice(rb.PHONE_REGIONS24)
        assert phonenumbers.is_valid_number(phonenumbers.parse(rb.phone20(r, region), region)), region
    earlier = set()
    for name in dir(rb):
        regions = getattr(rb, name)
        if name.startswith("PHONE_REGIONS") and name != "PHONE_REGIONS24":
            earlier |= {x for v in regions.values() for x in v} if isinstance(regions, dict) else set(regions)
    assert earlier and not earlier & set(rb.PHONE_REGIONS24)
    forms = [c for c in CATS if c.name in rb.NEW24 and c.kind == "pii" and c.name != "cy_tic24"]
    assert len(forms) >= 7
    for c in forms:
        for t in range(c.n_templates):
            text, needles = c.make(r, t)
            assert len(needles) >= 2 and all(n in text for n in needles), (c.name, t)
    layouts = (
        r"AstraCS:[A-Za-z]{24}:[0-9a-f]{64}",
        r"BBDC-[A-Za-z0-9+/]{44}",
        r"dnkey-[A-Z2-7]{26}-[A-Z2-7]{52}",
    )
    for c in [c for c in CATS if c.name in rb.NEW24 and c.kind == "secret"]:
        for t in c.templates("dev", 24):  # (its own families: a later round may plant an encoded form)
            text, (v,) = c.make(r, t)
            assert v in text and any(re.fullmatch(p, v) for p in layouts), (c.name, v)


def test_round25_generator_checks() -> None:
    """Round 25's values against their published rules and their encodings decoded back: the Ecuadorian
    cédula by python-stdnum's ``ec.ci`` (its documented example first, then one digit changed), a
    person's third digit 0-5; the phones re-validated by phonenumbers for regions no earlier round
    writes (the national form and E.164); every form's values in its text; RFC 2047 encoded-words,
    form-encoded posts, base64url claims, character references, quoted-printable and a Kubernetes
    Secret's base64 decoding to what was planted; the credentials in gitleaks' layouts."""
    import email.header
    import html
    import quopri

    from stdnum.ec import ci

    assert ci.is_valid("1714307103") and not ci.is_valid("1714307104")
    r = random.Random(25)
    for _ in range(300):
        v = rb.ec_ci(r)
        assert ci.is_valid(v) and v[2] in "012345", v
        assert not ci.is_valid(v[:-1] + str((int(v[-1]) + 1) % 10)), v
        region = r.choice(rb.PHONE_REGIONS25)
        assert phonenumbers.is_valid_number(phonenumbers.parse(rb.phone20(r, region), region)), region
    earlier = set()
    for name in dir(rb):
        regions = getattr(rb, name)
        if name.startswith("PHONE_REGIONS") and name != "PHONE_REGIONS25":
            earlier |= {x for v in regions.values() for x in v} if isinstance(regions, dict) else set(regions)
    assert earlier and not earlier & set(rb.PHONE_REGIONS25)
    p = rb._person25(r)
    assert phonenumbers.is_valid_number(phonenumbers.parse(p["e164"])) and p["e164"].startswith("+")
    forms = [c for c in CATS if c.name in rb.NEW25 and c.kind == "pii" and c.name != "ec_ci25"]
    assert len(forms) >= 9
    for c in forms:
        for t in [
            t for t in range(c.n_templates) if c.rounds[t] < 27 for _ in range(40)
        ]:  # (names with and without accents)
            text, needles = c.make(r, t)
            assert needles and all(n in text for n in needles), (c.name, t)
            for word in re.findall(r"=\?UTF-8\?[BQ]\?[^?]*\?=", text):
                ((raw, charset),) = email.header.decode_header(word)
                assert charset == "utf-8" and " " in raw.decode(charset), word  # a display name
            if '"postData"' in text and "urlencoded" in text:
                body = re.search(r'"text": "([^"]*)"', text)
                assert body and "@" in urllib.parse.parse_qs(body.group(1))["email"][0], text
            if "state=" in text:
                seg = re.search(r"state=([\w-]+)", text)
                assert seg and "@" in json.loads(base64.urlsafe_b64decode(seg.group(1) + "==").decode())["email"]
    for c in CATS:  # every round-25 family of every category: each value in a form the scorer looks for
        for t in c.templates("dev", 25):  # (dev since round 26 exists)
            for _ in range(4):
                text, needles = c.make(r, t)
                assert all(any(f in text for f in rb._forms(lambda x: x, n)) for n in needles), (c.name, t)
    for s in ('Inés Mbá <x@y> & "Tšepo"\nline 2 = é', "plain"):
        assert html.unescape(rb._entities(s)) == s
        assert quopri.decodestring(rb._qp_soft(s).encode()).decode() == s
    k8s = next(f for f in rb.SECRET_FAMILIES25 if "{v64}" in f)
    text, (planted,) = rb._fill25(k8s, "s3cr3t-value", r, L="API_TOKEN", l="api_token", k="api-token")
    assert base64.b64decode(planted).decode() == "s3cr3t-value" and planted in text
    layouts = (
        r"[0-9a-f]{40}",
        r"(?:sc|ext|scauth|authress)_(?i:[a-z0-9]{5,30})\.[a-z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[a-zA-Z0-9+/_=-]{30,120}",
        r"(?i:b_[a-z0-9=_\-]{44})",
    )
    for c in [c for c in CATS if c.name in rb.NEW25 and c.kind == "secret"]:
        for t in [t for t in range(c.n_templates) if c.rounds[t] < 27]:  # (27's: its own test)
            text, (v,) = c.make(r, t)
            assert v in text and any(re.fullmatch(x, v) for x in layouts), (c.name, v)


def test_round26_generator_checks() -> None:
    """Round 26's values against their published rules and their encodings decoded back: the Faroese P-tal
    (its birth date a real date, the weighted sum 3 2 7 6 5 4 3 2 1 zero mod 11, one digit changed
    failing), the phones re-validated by phonenumbers for regions no earlier round writes (the national
    form and E.164); names in at least six non-Latin scripts; every form's values in its text, the
    iCalendar / vCard TEXT escapes and a registry login's base64 decoding to what was planted; the
    credentials in gitleaks' layouts; the decoys' addresses only at reserved domains."""
    import datetime
    import unicodedata

    def ptal_ok(v: str) -> bool:
        weights = (3, 2, 7, 6, 5, 4, 3, 2, 1)
        return len(v) == 9 and v.isdigit() and sum(w * int(c) for w, c in zip(weights, v, strict=True)) % 11 == 0

    r = random.Random(26)
    for _ in range(300):
        v = rb.fo_ptal(r)
        assert ptal_ok(v), v
        datetime.date(1900 + int(v[4:6]), int(v[2:4]), int(v[:2]))  # (a real birth date)
        assert not ptal_ok(v[:-1] + str((int(v[-1]) + 1) % 10)), v
        region = r.choice(rb.PHONE_REGIONS26)
        assert phonenumbers.is_valid_number(phonenumbers.parse(rb.phone26(r, region), region)), region
    earlier = set()
    for name in dir(rb):
        regions = getattr(rb, name)
        if name.startswith("PHONE_REGIONS") and name != "PHONE_REGIONS26":
            earlier |= {x for v in regions.values() for x in v} if isinstance(regions, dict) else set(regions)
    assert earlier and not earlier & set(rb.PHONE_REGIONS26) and len(rb.PHONE_REGIONS26) == 15
    scripts = set()
    for _ in range(400):
        p = rb._person26(r)
        assert phonenumbers.is_valid_number(phonenumbers.parse(p["e164"])) and p["e164"].startswith("+")
        assert p["email"].isascii() and p["login"].isascii() and p["call"] in p["name"]
        scripts |= {unicodedata.name(ch).split()[0] for ch in p["name"] if ord(ch) > 0x24F and ch.isalpha()}
    assert len(scripts & {"CYRILLIC", "GREEK", "ARABIC", "HEBREW", "DEVANAGARI", "THAI", "CJK", "HANGUL"}) >= 6
    forms = [c for c in CATS if c.name in rb.NEW26 and c.kind == "pii"]
    assert len(forms) >= 11

    def ics_unescape(x: str) -> str:
        return re.sub(r"\\([\\;,n])", lambda m: "\n" if m.group(1) == "n" else m.group(1), x)

    for c in forms:
        for t in [t for t in range(c.n_templates) for _ in range(40)]:
            text, needles = c.make(r, t)
            assert needles and all(n and n in text for n in needles), (c.name, t)
            if text.startswith(("BEGIN:VEVENT", "BEGIN:VCALENDAR", "BEGIN:VCARD")):  # RFC 5545 / 6350 TEXT
                assert all(rb._ics_text(ics_unescape(n)) == n for n in needles if ";" not in n), (c.name, needles)
    for c in CATS:  # every round-26 family of every category: each value in a form the scorer looks for
        for t in c.templates("dev", 26):  # (dev since round 27 exists)
            for _ in range(4):
                text, needles = c.make(r, t)
                assert all(any(f in text for f in rb._forms(lambda x: x, n)) for n in needles), (c.name, t)
    docker = next(f for f in rb.SECRET_FAMILIES26 if "{vauth}" in f)
    text, (planted,) = rb._fill26(docker, "s3cr3t-value", r, L="API_TOKEN", l="api_token", k="api-token")
    assert base64.b64decode(planted).decode() == "ci-bot:s3cr3t-value" and json.loads(text)["auths"]
    ics = next(f for f in rb.PII_FAMILIES26 if "{vics}" in f and "VEVENT" in f)
    text, (planted,) = rb._fill26(ics, "Lot 4, Vura Road; Honiara", r, f="address", k="address", K="ADDRESS")
    assert planted == "Lot 4\\, Vura Road\\; Honiara" and planted in text
    layouts = (r"ico-[a-zA-Z0-9]{32}", r"sm_(?:pat|aat|sat)_[a-zA-Z0-9]{16}", r"[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk")
    for c in [c for c in CATS if c.name in rb.NEW26 and c.kind == "secret"]:
        for t in [t for t in range(c.n_templates) if c.rounds[t] < 27]:  # (27's: its own test)
            text, (v,) = c.make(r, t)
            if '"auths"' in text:  # (a registry login: ``user:token`` base64-encoded is what is planted)
                v, planted = base64.b64decode(v).decode().removeprefix("ci-bot:"), v
                assert planted in text
            assert (v in text or '"auths"' in text) and any(re.fullmatch(x, v) for x in layouts), (c.name, v)
    for kind, makers in DECOY_ROUNDS[26].items():  # (no person's address among the look-alikes)
        for make in makers:
            for _ in range(20):
                for addr in re.findall(
                    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", make(r)
                ):  # (an action pin's @sha is no address)
                    assert addr.split("@")[1].endswith(("example.com", "example.org")), (kind, addr)


def test_round27_generator_checks() -> None:
    """Round 27's values against their published rules and their reshaped forms decoded back: Bahrain's
    CPR (a birth year and month, nine digits); the phones re-validated by phonenumbers for regions no
    earlier round writes (Benin's ten digits from 01 among them); every form's values in its text; a name
    hyphenated and an e-mail wrapped at a line break joining back into the person's, ligatures,
    full-width digits and no-break spaces normalising (NFKC) back to the value; a fixed-width cell keeping
    its column; halves of a split secret joining into one; the credentials in their documented layouts;
    the decoys' addresses only at reserved domains or GitHub's no-reply."""
    import unicodedata

    r = random.Random(27)
    for _ in range(300):
        v = rb.bh_cpr(r)
        assert len(v) == 9 and v.isdigit() and 1 <= int(v[2:4]) <= 12, v
        region = r.choice(rb.PHONE_REGIONS27)
        tel = rb.phone27(r, region)
        assert phonenumbers.is_valid_number_for_region(phonenumbers.parse(tel, region), region), (region, tel)
        if region == "BJ":
            assert tel.replace(" ", "").startswith("01") and len(tel.replace(" ", "")) == 10, tel
    earlier = set()
    for name in dir(rb):
        regions = getattr(rb, name)
        if name.startswith("PHONE_REGIONS") and name != "PHONE_REGIONS27":
            earlier |= {x for v in regions.values() for x in v} if isinstance(regions, dict) else set(regions)
    assert earlier and not earlier & set(rb.PHONE_REGIONS27) and len(rb.PHONE_REGIONS27) == 7
    for s in ("0412 345 678", "ana.silva@mail.example", "+229 01-95"):
        assert unicodedata.normalize("NFKC", rb._fullwidth27(s)) == s and rb._fullwidth27(s) != s
    assert unicodedata.normalize("NFKC", rb._ligatures27("Griffiths Schiffer Flanagan fluffy")) == (
        "Griffiths Schiffer Flanagan fluffy"
    )
    forms = [c for c in CATS if c.name in rb.NEW27 and c.kind == "pii"]
    assert len(forms) >= 11
    for c in forms:
        for t in [t for t in range(c.n_templates) if c.rounds[t] == 27 for _ in range(40)]:  # (28's: its own test)
            text, needles = c.make(r, t)
            assert needles and all(n and n in text for n in needles), (c.name, t)
            for n in needles:
                flat = unicodedata.normalize("NFKC", n.replace("-\n", "").replace("\n", ""))
                assert "\n" not in flat and flat.strip() == flat, (c.name, n)
            if c.name == "pdf_ocr_people27" and "agreement" in text:
                name, _street, mail = needles
                assert (
                    "@" in mail.replace("\n", "")
                    and "\n" in mail
                    and name.replace("-\n", "") in text.replace("-\n", "")
                )
    for c in CATS:  # every round-27 family of every category: each value in a form the scorer looks for
        for t in c.templates("dev", 27):  # (dev since round 28 exists)
            for _ in range(4):
                text, needles = c.make(r, t)
                assert all(any(f in text for f in rb._forms(lambda x: x, n)) for n in needles), (c.name, t)
    kw = {"L": "API_TOKEN", "l": "api_token", "k": "api-token", "K": "MOBILE", "f": "mobile"}
    nbsp = next(f for f in rb.PII_FAMILIES27 if "{vnb}" in f)
    text, (planted,) = rb._fill27(nbsp, "06 12 34 56 78", r, **kw)
    assert planted == "06\u00a012\u00a034\u00a056\u00a078" and planted in text
    wide = next(f for f in rb.PII_FAMILIES27 if "{vfw}" in f)
    text, (planted,) = rb._fill27(wide, "090-1234-5678", r, **kw)
    assert planted == "０９０－１２３４－５６７８" and planted in text
    fixed = next(f for f in rb.PII_FAMILIES27 if "{vpad}" in f)
    text, (planted,) = rb._fill27(fixed, "+47 412 34 567", r, **kw)
    head, rule, row = text.split("\n")
    assert row.startswith(planted) and head.index("STATUS") == rule.index("  --------") + 2 == row.index("OK"), text
    for fam in [f for f in rb.SECRET_FAMILIES27 if "{v1}" in f]:
        text, (a, b) = rb._fill27(fam, "tok_" + "x7Q" * 8, r, **kw)
        assert a + b == "tok_" + "x7Q" * 8 and a in text and b in text and a + b not in text
    layouts = (r"dub_[A-Za-z0-9]{24}", r"4b1d[A-Za-z0-9]{38}", r"sha256~[\w-]{43}")
    for c in [c for c in CATS if c.name in rb.NEW27 and c.kind == "secret"]:
        for t in range(c.n_templates):
            text, needles = c.make(r, t)
            assert all(n in text for n in needles) and any(re.fullmatch(x, "".join(needles)) for x in layouts)
    for kind, makers in DECOY_ROUNDS[27].items():  # (no person's address among the look-alikes)
        for make in makers:
            for _ in range(20):
                for addr in re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", make(r)):
                    domain = addr.split("@")[1]
                    assert domain.endswith(("example.com", "example.org", "noreply.github.com")) or addr == (
                        "noreply@github.com"
                    ), (kind, addr)


def test_round28_generator_checks() -> None:
    """Round 28's values against their rules and their artefacts read back: Egypt's national id (a century
    digit, a real birth date, a governorate code); the mobiles re-validated by phonenumbers for each
    place's region and written as E.164 where an API stores them; every form's values in its text; the
    JSON payloads (webhooks, events, search hits, tool calls) parsing and holding the planted values;
    a result table's cell in its column; the containers' frames decoding back to the snippet; the
    credentials in their documented layouts; the decoys' addresses only at reserved domains and their IPs
    only in documentation, private or loopback ranges."""
    import datetime
    import ipaddress

    r = random.Random(28)
    for _ in range(300):
        v = rb.eg_national_id(r)
        assert len(v) == 14 and v.isdigit() and v[0] in "23", v
        year = (1900 if v[0] == "2" else 2000) + int(v[1:3])
        assert datetime.date(year, int(v[3:5]), int(v[5:7])) and v[7:9] in rb._EG_GOVERNORATES28, v
        p = rb._person28(r)
        region = next(k for k, x in rb._ADDRESS28.items() if x[2] == p["country"])
        assert region in rb.PLACES28
        num = phonenumbers.parse(p["phone"], region)
        assert phonenumbers.is_valid_number_for_region(num, region), (region, p["phone"])
        assert rb._e164_28(p["phone"], region) == phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.E164)
        assert re.fullmatch(r"[a-z]+\.[a-z]+\d\d@[a-z.]+", p["email"]), p["email"]
    assert len(rb.PLACES28) == 10 and set(rb.PLACES28) == set(rb._ADDRESS28) == set(rb._NAMES28)
    forms = [c for c in CATS if c.name in rb.NEW28 and c.kind == "pii"]
    assert len(forms) >= 11
    json_whole = {"payment_webhook_people28", "crm_mail_events28"}
    for c in forms:
        for t in [t for t in range(c.n_templates) if c.rounds[t] == 28 for _ in range(40)]:  # (29's: its own test)
            text, needles = c.make(r, t)
            assert needles and all(n and n in text for n in needles), (c.name, t)
            assert all(n.strip() == n and "\n" not in n for n in needles), (c.name, needles)
            if c.name in json_whole or (c.name == "error_reports_people28" and t % 3 != 1):
                flat = json.dumps(json.loads(text), ensure_ascii=False)
                assert all(n in flat for n in needles), (c.name, t)
            if c.name == "agent_tool_echo28" and t % 3 != 1:
                assert all(json.loads(line) for line in text.split("\n"))
    kw = {"L": "API_TOKEN", "l": "api_token", "k": "mobile", "K": "MOBILE", "f": "mobile"}
    psql = next(f for f in rb.PII_FAMILIES28 if f == "{vbox}")
    text, (planted,) = rb._fill28(psql, "+213 551 23 45 67", r, **kw)
    head, rule, row, count = text.split("\n")
    assert head.index("|") == rule.index("+") == row.index("|") and planted in row and count == "(1 row)", text
    box = next(f for f in rb.PII_FAMILIES28 if f == "{mysqlbox}")
    text, (planted,) = rb._fill28(box, "+213 551 23 45 67", r, **kw)
    lines = text.split("\n")
    assert len({len(x) for x in lines[:5]}) == 1 and planted in lines[3] and lines[-1].startswith("1 row"), text
    for frame, enc in rb.CONTAINERS28:  # each frame holds the snippet as one text value, read back
        snippet = 'line one\n\tsaid "hi" \\ done'
        text = frame.replace("{s}", enc(snippet))
        if frame.startswith("{"):
            assert snippet in json.loads(text).values() or snippet in json.loads(text)["_source"].values()
        elif frame.startswith("COPY"):
            cell = text.split("\n")[1].split("\t")[2]
            assert cell.replace("\\t", "\t").replace("\\n", "\n").replace("\\\\", "\\") == snippet
        else:
            assert text.endswith('"') and "\n" not in text.split("\n", 1)[1], text
    for c in CATS:  # every round-28 family of every category: each value in a form the scorer looks for
        for t in c.templates("dev", 28):  # (dev since round 29 exists)
            for _ in range(4):
                text, needles = c.make(r, t)
                assert all(any(f in text for f in rb._forms(lambda x: x, n)) for n in needles), (c.name, t)
    layouts = (
        r"ctx7sk-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
        r"unkey_[1-9A-HJ-NP-Za-km-z]{24}",
        r"sk-let-[A-Za-z0-9+/]{64}",
    )
    for c in [c for c in CATS if c.name in rb.NEW28 and c.kind == "secret"]:
        for t in range(c.n_templates):
            text, needles = c.make(r, t)
            assert all(n in text for n in needles) and any(re.fullmatch(x, "".join(needles)) for x in layouts)
    for kind, makers in DECOY_ROUNDS[28].items():  # (no person's address or a person's IP among the look-alikes)
        for make in makers:
            for _ in range(20):
                text = make(r)
                for addr in re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", text):
                    assert addr.split("@")[1].endswith(("example.com", "example.org")), (kind, addr)
                for ip in re.findall(r"(?<![\d./])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])", text):  # (not a version)
                    a = ipaddress.ip_address(ip)
                    doc = any(
                        a in ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")
                    )
                    assert doc or a.is_private or a.is_loopback, (kind, ip)


def test_round29_generator_checks() -> None:
    """Round 29's values against their rules and their artefacts read back: Macau's BIR layout; the
    mobiles re-validated by phonenumbers for each place's region (E.164 where a system stores it); every
    form's values in its text; the JSON artefacts (exports, notebooks, state, inventories) parsing and
    holding the planted values; quoted-printable, RFC 2047 words, HTML and iCalendar escapes and RFC 5545
    folding decoding back to the values; the containers' frames decoding back to the snippet; the
    credentials in their documented layouts; the decoys' addresses only at reserved or role domains and
    their IPs only in documentation, private or loopback ranges."""
    import email.header
    import html
    import ipaddress
    import quopri

    r = random.Random(29)
    for _ in range(300):
        assert re.fullmatch(r"[157]\d{6}\(\d\)", rb.mo_bir(r))
        p = rb._person29(r)
        assert p["country"] in rb.PLACES29
        num = phonenumbers.parse(p["phone"], p["country"])
        assert phonenumbers.is_valid_number_for_region(num, p["country"]), (p["country"], p["phone"])
        assert p["e164"] == phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.E164)
        assert re.fullmatch(r"[a-z]+\.[a-z]+\d\d@[a-z.]+", p["email"]), p["email"]
        assert ipaddress.ip_address(p["ip"]).is_global, p["ip"]
    assert len(rb.PLACES29) == 10 and set(rb.PLACES29) == set(rb._ADDRESS29) == set(rb._NAMES29)
    line = "ATTENDEE;CN=Esperança dos Santos;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION:mailto:e.santos@proton.me"
    folded, forms = rb._fold29(line, ["Esperança dos Santos", "e.santos@proton.me"])
    assert folded.replace("\n ", "") == line and "\n " in folded
    assert all(len(x.encode()) <= 75 for x in folded.split("\n"))
    assert [f.replace("\n ", "") for f in forms] == ["Esperança dos Santos", "e.santos@proton.me"]
    assert all(f in folded for f in forms)
    for v in ("Aya Koné", "Cocody Angré, Lot 3, Îlot 9", "a=b"):
        assert quopri.decodestring(rb._mime_qp29(v).encode()).decode() == v
    forms29 = [c for c in CATS if c.name in rb.NEW29 and c.kind == "pii"]
    assert len(forms29) >= 11
    for c in forms29:
        for t in [t for t in range(c.n_templates) if c.rounds[t] == 29 for _ in range(30)]:
            text, needles = c.make(r, t)
            assert needles and all(n and n in text for n in needles), (c.name, t)
            assert all(n.strip() == n for n in needles), (c.name, needles)
            if c.name == "ical_invite_people29":  # (a fold may fall inside a value: a reader unfolds it)
                assert all(len(x.encode()) <= 75 for x in text.split("\n")), text
            elif c.name != "mo_bir29":
                assert all("\n" not in n for n in needles), (c.name, needles)
            json_whole = c.name == "notebook_people29" or (
                t % 3 == 0 and c.name in {"tf_state_people29", "chat_export_people29", "ops_inventory_people29"}
            )
            if json_whole or (c.name == "chat_export_people29" and t % 3 == 1):
                flat = json.dumps(json.loads(text), ensure_ascii=False)
                assert all(n in flat for n in needles), (c.name, t)
            if c.name == "raw_email_people29" and t % 3 == 2:
                word = needles[0]
                (raw, charset), *_ = email.header.decode_header(word)
                assert raw.decode(charset) and "=?UTF-8?B?" in word
            if c.name == "raw_email_people29" and t % 3 == 1:
                decoded = [quopri.decodestring(n.encode()).decode() for n in needles[:2]]
                assert all(html.unescape(h) == d for h, d in zip(needles[3:5], decoded, strict=True)), needles
    for frame, enc in rb.CONTAINERS29:  # each frame holds the snippet as one value, read back
        snippet = 'line one\n\tsaid "hi" \\ done, café; <ok> & a=b'
        text = frame.replace("{s}", enc(snippet))
        if frame.startswith("Content-Type"):
            assert quopri.decodestring(text.split("\n\n", 1)[1].encode()).decode() == snippet
        elif frame.startswith("BEGIN:VEVENT"):
            desc = text.split("DESCRIPTION:", 1)[1].split("\nEND:VEVENT")[0]
            unesc = re.sub(r"\\([\\;,nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), desc)
            assert unesc == snippet, desc
        else:
            value = json.loads(text)["text"]
            assert (html.unescape(value) if '"ts"' in frame else value) == snippet
    for c in CATS:  # every round-29 family of every category: each value in a form the scorer looks for
        for t in c.templates("dev", 29):  # (dev since round 30 exists)
            for _ in range(4):
                text, needles = c.make(r, t)
                assert all(any(f in text for f in rb._forms(lambda x: x, n)) for n in needles), (c.name, t)
    layouts = (r"sk_[A-Za-z0-9_-]{43}", r"[0-9a-f]{40}", r"[0-9a-f]{32}")
    for c in [c for c in CATS if c.name in rb.NEW29 and c.kind == "secret"]:
        for t in range(c.n_templates):
            text, needles = c.make(r, t)
            assert all(n in text for n in needles) and any(re.fullmatch(x, "".join(needles)) for x in layouts)
    roles = ("example.com", "example.org", "acme.dev", "mail.gmail.com", "google.com")
    for kind, makers in DECOY_ROUNDS[29].items():  # (no person's address or a person's IP among the look-alikes)
        for make in makers:
            for _ in range(20):
                text = make(r)
                for addr in re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", text):
                    assert addr.split("@")[1].endswith(roles), (kind, addr)
                for ip in re.findall(r"(?<![\d./])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])", text):  # (not a version)
                    a = ipaddress.ip_address(ip)
                    doc = any(
                        a in ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")
                    )
                    assert doc or a.is_private or a.is_loopback, (kind, ip)


def test_round30_generator_checks() -> None:
    """Round 30's values against their rules and their artefacts read back: the mobiles re-validated by
    phonenumbers for each place's region (E.164 where a system stores it), real birth dates, public IPs;
    every form's values in its text; the JSON artefacts (a Bitwarden export, a crash report, ``az``'s
    output) parsing and holding the planted values; the CSV and TSV exports rectangular and holding them
    as cells; the C-string, Markdown-cell, fish-history and crash-report encodings and a hyphenated
    line break reading back to the values; the containers' frames decoding back to the snippet; the
    credentials in their documented layouts; the decoys' addresses only at reserved or role domains,
    their IPs only in documentation, private or loopback ranges and no user folder among them."""
    import csv
    import datetime
    import io
    import ipaddress

    r = random.Random(30)
    for _ in range(300):
        p = rb._person30(r)
        assert p["country"] in rb.PLACES30
        num = phonenumbers.parse(p["phone"], p["country"])
        assert phonenumbers.is_valid_number_for_region(num, p["country"]), (p["country"], p["phone"])
        assert p["e164"] == phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.E164)
        assert re.fullmatch(r"[a-z]+\.[a-z]+\d\d@[a-z.]+", p["email"]), p["email"]
        assert re.fullmatch(r"[a-z]+\d\d", p["login"]), p["login"]
        assert ipaddress.ip_address(p["ip"]).is_global, p["ip"]
        day, month, year = map(int, p["dob"].split("."))
        assert datetime.date(year, month, day)
    assert len(rb.PLACES30) == 10 and set(rb.PLACES30) == set(rb._ADDRESS30) == set(rb._NAMES30) == set(rb._IP_BLOCKS30)
    for v in ('say "hi" \\ ok\n\tdone', "a|b\nc", "café ✓"):
        assert json.loads('"' + rb._c_string30(v) + '"') == v  # (gdb's escapes here are JSON's too)
        assert json.loads('"' + rb._ips_json30(v) + '"') == v
        assert rb._md_cell30(v).replace("<br>", "\n").replace("\\|", "|") == v
        assert re.sub(r"\\(\\|n)", lambda m: "\n" if m.group(1) == "n" else "\\", rb._fish30(v)) == v
    first, second = rb._hyphen_break30("Rruga Dëshmorët e 4 Shkurtit")
    assert first + second == "Rruga Dëshmorët e 4 Shkurtit" and min(len(first), len(second)) >= 8
    assert rb._hyphen_break30("12 Fife St") is None
    forms30 = [c for c in CATS if c.name in rb.NEW30 and c.kind == "pii"]
    assert len(forms30) >= 12
    broken = 0
    for c in forms30:
        for t in [t for t in range(c.n_templates) if c.rounds[t] == 30 for _ in range(30)]:
            text, needles = c.make(r, t)
            assert needles and all(n and n in text for n in needles), (c.name, t)
            assert all(n.strip() == n and "\n" not in n for n in needles), (c.name, needles)
            if (c.name, t % 3) in {("pw_export_people30", 0), ("crash_report_people30", 0), ("cloud_cli_people30", 1)}:
                body = text.split("\n", 1)[1] if not text.startswith("{\n") else text
                flat = json.dumps(json.loads(body), ensure_ascii=False)
                assert all(json.loads(f'"{n}"') in flat for n in needles), (c.name, t)
            if (c.name, t % 3) in {("pw_export_people30", 1), ("pw_export_people30", 2), ("spreadsheet_people30", 0)}:
                rows = list(csv.reader(io.StringIO(text)))
                assert len({len(row) for row in rows}) == 1, text
                cells = [cell for row in rows for cell in row]
                assert all(any(n.replace('""', '"') in cell for cell in cells) for n in needles), (c.name, t)
            if (c.name, t % 3) == ("spreadsheet_people30", 1):
                rows = [line.split("\t") for line in text.split("\n")]
                assert len({len(row) for row in rows}) == 1 and all(n in rows[2] for n in needles), text
            if (c.name, t % 3) == ("pdf_form_people30", 0) and len(needles) == 5:
                broken += 1
                assert f"{needles[3]}-\n" in text and f"\n{' ' * 24}{needles[4]}\n" in text, text
    assert broken  # (a hyphenated address is drawn)
    for frame, enc in rb.CONTAINERS30:  # each frame holds the snippet as one value, read back
        snippet = 'line one\n\tsaid "hi" \\ done, café; <ok> & a=b|c'
        text = frame.replace("{s}", enc(snippet))
        if frame.startswith(": "):
            body = text.split("<<'EOF'\\\n", 1)[1].rsplit("\\\nEOF", 1)[0]
            assert body.replace("\\\n", "\n") == snippet, text
        elif frame.startswith("id,"):
            assert list(csv.reader(io.StringIO(text)))[1][1] == snippet
        elif frame.startswith("(gdb)"):
            assert json.loads(text.split(" = 0x55d4c2c0e2a0 ", 1)[1]) == snippet
        else:
            assert f"\n\n{snippet}\n\n\x0c" in text
    for c in CATS:  # every round-30 family of every category: each value in a form the scorer looks for
        for t in c.templates("dev", 30):  # (dev since round 31 exists)
            for _ in range(4):
                text, needles = c.make(r, t)
                assert all(any(f in text for f in rb._forms(lambda x: x, n)) for n in needles), (c.name, t)

    def b64url(part: str) -> dict:
        return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))

    for c in [c for c in CATS if c.name in rb.NEW30 and c.kind == "secret"]:
        for t in range(c.n_templates):
            text, needles = c.make(r, t)
            (v,) = needles
            assert v in text
            if c.name == "private_packagist_token30":
                assert re.fullmatch(r"packagist_(?:ort|out|uut)_[0-9a-f]{68}", v), v
            elif c.name == "codeartifact_token30":
                parts = v.split(".")
                assert len(parts) == 5 and b64url(parts[0])["ver"] == 1 and b64url(parts[0])["alg"] == "A128GCMKW"
            else:
                head, claims, sig = v.split(".")
                assert b64url(head) == {"alg": "HS256"} and set(b64url(claims)) == {"jti", "scopes"} and len(sig) == 43
    roles = ("example.com", "example.org")
    for kind, makers in DECOY_ROUNDS[30].items():  # (no person's address, IP or user folder among the look-alikes)
        for make in makers:
            for _ in range(20):
                text = make(r)
                for addr in re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", text):
                    assert addr.split("@")[1].endswith(roles), (kind, addr)
                for ip in re.findall(r"(?<![\d./])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])", text):  # (not a version)
                    a = ipaddress.ip_address(ip)
                    doc = any(
                        a in ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")
                    )
                    assert doc or a.is_private or a.is_loopback, (kind, ip)
                assert not re.search(r"(?:/Users/|/home/|\\Users\\)\w", text), (kind, text)


def test_round31_generator_checks() -> None:
    """Round 31's values against their rules and their records read back: the mobiles re-validated by
    phonenumbers for each place's region (E.164 where a record stores it), one real birth date written
    the way each format writes it, public IPs; every form's values in its text; the JSON records (FHIR,
    a decoded boarding pass, a Workday worker) parsing and holding the planted values; the CSV exports
    rectangular and holding them as cells; the HL7, EDIFACT and X12 encodings, a read-out number and a
    spelled e-mail reading back to the values; a NACHA entry 94 characters with its fields in place; a
    BCBP's name in its 20 columns; IBANs, routing numbers, ISINs, LEIs, GTINs, GLNs, an organisation's
    NPI and IMO numbers valid by python-stdnum or their published rule; the containers' frames decoding
    back to the snippet; the credentials in their documented layouts; the decoys' addresses only at
    reserved or role domains, their IPs only in documentation, private or loopback ranges."""
    import csv
    import datetime
    import html
    import io
    import ipaddress

    from stdnum import ean, iban, isin, lei
    from stdnum.us import rtn

    r = random.Random(31)
    months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
    for _ in range(300):
        p = rb._person31(r)
        assert p["country"] in rb.PLACES31
        num = phonenumbers.parse(p["phone"], p["country"])
        assert phonenumbers.is_valid_number_for_region(num, p["country"]), (p["country"], p["phone"])
        assert p["e164"] == phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.E164)
        assert re.fullmatch(r"[a-z]+\.[a-z]+\d\d@[a-z.]+", p["email"]), p["email"]
        assert ipaddress.ip_address(p["ip"]).is_global, p["ip"]
        born = datetime.date.fromisoformat(p["dob_iso"])
        assert p["dob8"] == born.strftime("%Y%m%d") and p["dob6"] == born.strftime("%y%m%d")
        assert (
            p["dob_us"] == born.strftime("%m/%d/%Y")
            and p["dob_ged"] == f"{born.day} {months[born.month - 1]} {born.year}"
        )
        assert p["dob_pnr"] == f"{born.day:02d}{months[born.month - 1]}{born.year % 100:02d}"
        assert re.fullmatch(r"[A-Z]\d{7}", p["passport"]) and p["FAMILY"].isupper() and p["GIVEN"].isupper()
    assert len(rb.PLACES31) == 10 and set(rb.PLACES31) == set(rb._ADDRESS31) == set(rb._NAMES31) == set(rb._IP_BLOCKS31)
    assert not set(rb.PLACES31) & {*rb.PLACES28, *rb.PLACES29, *rb.PLACES30}

    def hl7_unescape(v: str) -> str:
        table = {"F": "|", "S": "^", "T": "&", "R": "~", "E": "\\", ".br": "\n"}
        return re.sub(r"\\(F|S|T|R|E|\.br)\\", lambda m: table[m.group(1)], v)

    def edifact_unescape(v: str) -> str:
        return re.sub(r"\?(.)", r"\1", v)

    for v in ("Dr. O'Neil|A^B&C~D \\ x", "Kolofoʻou, Tongatapu", "a+b:c?d'e"):
        assert hl7_unescape(rb._hl7_escape31(v)) == v
        assert edifact_unescape(rb._edifact_escape31(v)) == v
        assert not set("*~:^") & set(rb._x12_clean31(v))
    digits = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    words = {w: str(i) for i, w in enumerate(digits)}
    for _ in range(50):
        p = rb._person31(r)
        said = rb._spoken_digits31(p["phone"])
        assert "".join(words.get(w.strip(","), "") for w in said.split()) == re.sub(r"\D", "", p["phone"]), said
        spelled = rb._spoken_email31(p["email"])
        assert spelled.replace(" dot ", ".").replace(" at ", "@") == p["email"], spelled
    forms31 = [c for c in CATS if c.name in rb.NEW31 and c.kind == "pii"]
    assert len(forms31) >= 14
    for c in forms31:
        for t in [t for t in range(c.n_templates) for _ in range(30)]:
            text, needles = c.make(r, t)
            assert needles and all(n and n in text for n in needles), (c.name, t)
            assert all(n.strip() == n and "\n" not in n for n in needles), (c.name, needles)
            key = (c.name, t % 3)
            if key == ("fhir_people31", 0):
                flat = json.dumps(json.loads(text.split("\n", 1)[1]), ensure_ascii=False)
                assert all(json.loads(f'"{n}"') in flat for n in needles), text
            if key in {("bcbp_pnr_people31", 2), ("payroll_people31", 1)}:
                body = text.split("\n", 1)[1] if key[0].startswith("bcbp") else text
                flat = json.dumps(json.loads(body), ensure_ascii=False)
                assert all(json.loads(f'"{n}"') in flat for n in needles), text
            if key in {("payroll_people31", 0), ("hotel_folio_people31", 1), ("order_export_people31", 0)}:
                rows = list(csv.reader(io.StringIO(text)))
                assert len({len(row) for row in rows}) == 1, text
                assert all(any(n.replace('""', '"') in cell for cell in rows[1]) for n in needles), (c.name, t)
            if key == ("payment_file_people31", 1):
                rec = text.split("\n")[1]
                assert len(rec) == 94 and rec[0] == "6" and rtn.is_valid(rec[3:12]), rec
                assert rec[12:29].rstrip() == needles[0] and rec[54:76].rstrip() == needles[1], rec
            if key in {("payment_file_people31", 0), ("bank_statement_people31", 1)}:
                assert iban.is_valid(needles[-1]) and " " not in needles[-1], needles
            if key == ("payment_file_people31", 2):
                assert iban.is_valid(needles[0]), needles
            if key == ("bank_statement_people31", 2):
                assert rtn.is_valid(re.search(r"<BANKID>(\d+)", text).group(1)), text
            if key == ("bcbp_pnr_people31", 0):
                raw = re.search(r'raw = "(M1.*)"', text).group(1)
                assert raw[2:22].rstrip() == needles[0] and raw[22] == "E", raw
            if key == ("hl7_people31", 0):
                pid = next(seg for seg in text.split("\\r") if "PID|" in seg).split('"')[-1].split("|")
                assert hl7_unescape(pid[5]).split("^")[:2] == [hl7_unescape(needles[1]), hl7_unescape(needles[2])], pid
                assert pid[7] == needles[3], pid
    for frame, enc in rb.CONTAINERS31:  # each frame holds the snippet as one value, read back
        snippet = "line one\n\tsaid hi, café; <ok> & a=b"
        text = frame.replace("{s}", enc(snippet))
        if frame.startswith("OBX"):
            assert hl7_unescape(text.split("|")[5]) == snippet
        elif frame.startswith("UNH"):
            assert edifact_unescape(text.split("FTX+AAI+++", 1)[1].rsplit("'UNT", 1)[0]) == snippet.replace("\n", " ")
        elif frame.startswith("diff"):
            added = [line[1:] for line in text.split("\n") if line.startswith("+") and not line.startswith("+++")]
            assert "\n".join(added) == snippet
        else:
            div = json.loads("{" + text + "}")["text"]["div"]
            assert html.unescape(div.split(">", 1)[1].rsplit("</div>", 1)[0]) == snippet
    for c in CATS:  # every round-31 family of every category: each value in a form the scorer looks for
        for t in c.templates("holdout", 31):
            for _ in range(4):
                text, needles = c.make(r, t)
                assert all(any(f in text for f in rb._forms(lambda x: x, n)) for n in needles), (c.name, t)
    layouts = {
        "telnyx_api_key31": r"KEY[0-9A-F]{32}_[A-Za-z0-9]{22}",
        "nexi_secret_key31": r"(?:live|test)-secret-key-[0-9a-f]{32}",
        "checkout_com_key31": r"sk_(?:sbox_)?[a-z2-7]{26}",
    }
    for c in [c for c in CATS if c.name in rb.NEW31 and c.kind == "secret"]:
        for t in range(c.n_templates):
            for _ in range(10):
                text, needles = c.make(r, t)
                assert all(n in text for n in needles)
                assert re.fullmatch(layouts[c.name], "".join(needles)), (c.name, needles)
    checks = 0
    roles = ("example.com", "example.org")
    for kind, makers in DECOY_ROUNDS[31].items():  # (no person's address or IP among the look-alikes)
        for make in makers:
            for _ in range(20):
                text = make(r)
                for addr in re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", text):
                    domain = addr.split("@")[1]  # (a SIP Call-ID's host is an IP, checked below)
                    assert domain.endswith(roles) or re.fullmatch(r"[\d.]+", domain), (kind, addr)
                for ip in re.findall(r"(?<![\d./])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])", text):  # (not a version)
                    assert ipaddress.ip_address(ip).is_private, (kind, ip)
                for code in re.findall(r"<ISIN>(\w+)<|ISIN (\w+)", text):
                    assert isin.is_valid("".join(code)), text
                    checks += 1
                for code in re.findall(r"<LEI>(\w+)<", text):
                    assert lei.is_valid(code), text
                    checks += 1
                for code in (
                    re.findall(r"(?<![\d])(\d{13})(?![\d])", text) if kind in {"gs1_codes31", "book_codes31"} else []
                ):
                    assert ean.is_valid(code), text
                    checks += 1
                for code in re.findall(r"\(01\)(\d{14})", text):
                    assert ean.is_valid(code), text
                for code in re.findall(r"(?:routing number |BANKID>|^101 )(\d{9})", text):
                    assert rtn.is_valid(code), text
                    checks += 1
                for code in re.findall(r"us-npi\", \"value\": \"(\d{10})\"|\*XX\*(\d{10})~", text):
                    digits = "80840" + "".join(code)
                    total = sum(sum(divmod(int(ch) * (2 if i % 2 else 1), 10)) for i, ch in enumerate(reversed(digits)))
                    assert total % 10 == 0, text
                    checks += 1
                for code in re.findall(r"IMO (\d{7})|\+\+\+(\d{7}):146", text):
                    d = "".join(code)
                    assert int(d[6]) == sum(int(x) * w for x, w in zip(d[:6], range(7, 1, -1), strict=True)) % 10, text
                    checks += 1
    assert checks > 100


def test_round15_joined_dev() -> None:
    """Round 15 joined dev (see `_check_joined_dev`): at least 30 new categories."""
    _check_joined_dev(15, 30, min_count=6)


def test_round14_joined_dev() -> None:
    """Round 14 joined dev (see `_check_joined_dev`): at least 30 new categories."""
    _check_joined_dev(14, 30, min_count=6)


@pytest.mark.parametrize("rnd", [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29, 30, 31])
def test_round_wrappers_keep_values_findable(rnd: int) -> None:
    """Every round-13 to round-23 and round-25 to round-31 wrapper encodes a text piece by piece (a part's
    encoding occurs in the encoding of any text around it), so a planted value's encoded form occurs in
    the wrapped prompt."""
    r = random.Random(rnd)
    alphabet = string.ascii_letters + string.digits + " -_.@:/\\'\"{}<>&%\n\tçø€日🙂"

    def draw() -> str:
        return "".join(r.choice(alphabet) for _ in range(r.randrange(1, 20)))

    for w in WRAPPER_ROUNDS[rnd][0]:
        frame, enc = w(r)
        assert "{s}" in frame
        for _ in range(30):
            a, b, c = draw(), draw(), draw()
            assert enc(b) in enc(a + b + c), (frame, a, b, c)


def _check_joined_dev(
    round_no: int, min_new: int, *, min_count: int = 8, known_decoys_and_wrappers: bool = False
) -> None:
    """A round that joined dev (written blind, tuned on once the next round exists): every category
    with an earlier round has families of it in dev, each of its categories planted in 2400 prompts
    with every value in its prompt, the same cases for the same seed; ``before=round_no`` is the dev
    pool of the rounds before it and holds none of its new categories or decoy kinds. (Generator only.)
    `known_decoys_and_wrappers`: its decoy kinds are all in DECOYS and its wrappers in DEV_WRAPPERS."""
    prev = round_no - 1
    assert round_no < HOLDOUT_ROUND and round_no not in HOLDOUT_ROUNDS
    assert all(len(c.templates("dev", round_no)) >= 2 for c in CATS if any(r < round_no for r in c.rounds))
    older = {c.name for c in CATS if c.templates("dev", prev)}
    this = {c.name for c in CATS if c.templates("dev", round_no)}
    assert len(this - older) >= min_new and older < this
    cases = generate(2, "dev", 2400, round_no=round_no)
    counts = _planted_counts(cases)
    assert set(counts) == this and min(counts.values()) >= min_count, min(counts.values())
    assert {d.category for case in cases for d in case.decoys} == set(DECOY_ROUNDS[round_no])
    if known_decoys_and_wrappers:
        assert set(DECOY_ROUNDS[round_no]) <= set(DECOYS) and WRAPPER_ROUNDS[round_no][0] in DEV_WRAPPERS
    assert [c.text for c in generate(2, "dev", 200, round_no=round_no)] == [c.text for c in cases[:200]]
    old = generate(1, "dev", 400, before=round_no)
    assert not (this - older) & {p.category for case in old for p in case.plants}
    new_decoys = set(DECOY_ROUNDS[round_no]) - {k for r in range(1, round_no) for k in DECOY_ROUNDS[r]}
    assert not new_decoys & {d.category for case in old for d in case.decoys}


def test_round13_joined_dev() -> None:
    """Round 13 joined dev (see `_check_joined_dev`): at least 30 new categories."""
    _check_joined_dev(13, 30, min_count=6)


def test_round12_joined_dev() -> None:
    """Round 12 joined dev (see `_check_joined_dev`): at least 20 new categories."""
    _check_joined_dev(12, 20)


def test_round11_joined_dev() -> None:
    """Round 11 joined dev (see `_check_joined_dev`): at least 40 new categories; its decoy kinds and
    wrappers are dev's."""
    _check_joined_dev(11, 40, known_decoys_and_wrappers=True)


def test_round10_joined_dev() -> None:
    """Round 10 joined dev (written blind, tuned on since round 11 exists): every category with an
    earlier round has round-10 families in dev, each round-10 category planted in 2400 prompts with
    every value in its prompt, the same cases for the same seed; ``before=10`` is the dev pool of
    rounds 1 to 9 and holds no round-10 category, decoy kind or wrapper. (Generator only.)"""
    assert HOLDOUT_ROUND > 10 and 10 not in HOLDOUT_ROUNDS
    assert all(len(c.templates("dev", 10)) >= 2 for c in CATS if any(r < 10 for r in c.rounds))
    r9 = {c.name for c in CATS if c.templates("dev", 9)}
    r10 = {c.name for c in CATS if c.templates("dev", 10)}
    assert len(r10 - r9) >= 40 and r9 < r10
    cases = generate(2, "dev", 2400, round_no=10)
    counts = _planted_counts(cases)
    assert set(counts) == r10 and min(counts.values()) >= 8, min(counts.values())
    assert {d.category for case in cases for d in case.decoys} == set(DECOY_ROUNDS[10])
    assert set(DECOY_ROUNDS[10]) <= set(DECOYS) and WRAPPER_ROUNDS[10][0] in DEV_WRAPPERS
    assert [c.text for c in generate(2, "dev", 200, round_no=10)] == [c.text for c in cases[:200]]
    old = generate(1, "dev", 400, before=10)
    assert not (r10 - r9) & {p.category for case in old for p in case.plants}
    r10_decoys = set(DECOY_ROUNDS[10]) - {k for r in range(1, 10) for k in DECOY_ROUNDS[r]}
    assert not r10_decoys & {d.category for case in old for d in case.decoys}


def test_round9_joined_dev() -> None:
    """Round 9 joined dev (written blind, tuned on since round 10 exists): every category with an
    earlier round has round-9 families in dev, each round-9 category planted in 2400 prompts with every
    value in its prompt, the same cases for the same seed; ``before=9`` is the dev pool of rounds 1 to
    8 and holds no round-9 category, decoy kind or wrapper. (Generator only.)"""
    assert HOLDOUT_ROUND > 9 and 9 not in HOLDOUT_ROUNDS
    assert all(len(c.templates("dev", 9)) >= 2 for c in CATS if any(r < 9 for r in c.rounds))
    r8 = {c.name for c in CATS if c.templates("dev", 8)}
    r9 = {c.name for c in CATS if c.templates("dev", 9)}
    assert len(r9 - r8) >= 40 and r8 < r9
    cases = generate(2, "dev", 2400, round_no=9)
    counts = _planted_counts(cases)
    assert set(counts) == r9 and min(counts.values()) >= 8, min(counts.values())
    assert {d.category for case in cases for d in case.decoys} == set(DECOY_ROUNDS[9])
    assert set(DECOY_ROUNDS[9]) <= set(DECOYS) and WRAPPER_ROUNDS[9][0] in DEV_WRAPPERS
    assert [c.text for c in generate(2, "dev", 200, round_no=9)] == [c.text for c in cases[:200]]
    old = generate(1, "dev", 400, before=9)
    assert not (r9 - r8) & {p.category for case in old for p in case.plants}
    r9_decoys = set(DECOY_ROUNDS[9]) - {k for r in range(1, 9) for k in DECOY_ROUNDS[r]}
    assert not r9_decoys & {d.category for case in old for d in case.decoys}


def test_round8_joined_dev() -> None:
    """Round 8 joined dev (written blind, tuned on since round 9 exists): every category with an
    earlier round has round-8 families in dev, each round-8 category planted at least 15 times in 2400
    prompts with every value in its prompt, the same cases for the same seed; ``before=8`` is the dev
    pool of rounds 1 to 7. (Generator only.)"""
    assert HOLDOUT_ROUND > 8 and 8 not in HOLDOUT_ROUNDS
    assert all(len(c.templates("dev", 8)) >= 2 for c in CATS if any(r < 8 for r in c.rounds))
    r7 = {c.name for c in CATS if c.templates("dev", 7)}
    r8 = {c.name for c in CATS if c.templates("dev", 8)}
    assert len(r8 - r7) >= 40 and r7 < r8
    cases = generate(2, "dev", 2400, round_no=8)
    counts = _planted_counts(cases)
    assert set(counts) == r8 and min(counts.values()) >= 15, min(counts.values())
    assert {d.category for case in cases for d in case.decoys} == set(DECOY_ROUNDS[8])
    assert set(DECOY_ROUNDS[8]) <= set(DECOYS) and WRAPPER_ROUNDS[8][0] in DEV_WRAPPERS
    assert [c.text for c in generate(2, "dev", 200, round_no=8)] == [c.text for c in cases[:200]]
    old = generate(1, "dev", 400, before=8)
    assert not (r8 - r7) & {p.category for case in old for p in case.plants}
    r8_decoys = set(DECOY_ROUNDS[8]) - {k for r in range(1, 8) for k in DECOY_ROUNDS[r]}
    assert not r8_decoys & {d.category for case in old for d in case.decoys}


def test_dev_pool_before_a_round() -> None:
    """``before=7`` is the dev pool of rounds 1 to 6 (what dev was while round 7 was the holdout):
    no round-7 category, decoy kind or wrapper, and the same cases as the whole dev pool wherever
    rounds 1 to 6 are all there is (``before=HOLDOUT_ROUND``)."""
    old = generate(1, "dev", 400, before=7)
    r7_only = {c.name for c in CATS if c.templates("dev") and all(c.rounds[t] >= 7 for t in c.templates("dev"))}
    assert r7_only and not r7_only & {p.category for case in old for p in case.plants}
    r7_decoys = set(DECOY_ROUNDS[7]) - {k for r in range(1, 7) for k in DECOY_ROUNDS[r]}
    assert not r7_decoys & {d.category for case in old for d in case.decoys}
    assert [c.text for c in generate(1, "dev", 200, before=HOLDOUT_ROUND)] == [c.text for c in generate(1, "dev", 200)]
    with pytest.raises(ValueError):
        generate(1, "holdout", 10, before=7)
    with pytest.raises(ValueError):
        generate(1, "dev", 10, round_no=3, before=7)


def test_round7_joined_dev() -> None:
    """Round 7 joined dev (issue 17 tuned on it): every category has round-7 families in dev, each
    round-7 category planted at least 20 times in 2400 prompts with every value in its prompt, the
    same cases for the same seed, and round 7 is no holdout round. (Generator only.)"""
    assert HOLDOUT_ROUND > 7 and 7 not in HOLDOUT_ROUNDS
    assert all(len(c.templates("dev", 7)) >= 2 for c in CATS if any(r < 7 for r in c.rounds))  # (not 8's own)
    assert not any(c.templates("holdout", 7) for c in CATS)
    r6 = {c.name for c in CATS if c.templates("dev", 6)}
    r7 = {c.name for c in CATS if c.templates("dev", 7)}
    assert len(r7 - r6) >= 40
    cases = generate(2, "dev", 2400, round_no=7)
    counts = _planted_counts(cases)
    assert set(counts) == r7 and min(counts.values()) >= 20, min(counts.values())
    assert {d.category for case in cases for d in case.decoys} == set(DECOY_ROUNDS[7])
    assert set(DECOY_ROUNDS[7]) <= set(DECOYS) and WRAPPER_ROUNDS[7][0] in DEV_WRAPPERS
    assert [c.text for c in generate(2, "dev", 200, round_no=7)] == [c.text for c in cases[:200]]
    with pytest.raises(ValueError):
        generate(1, "holdout", 10, round_no=7)


def test_no_field_is_dropped_on_name_shaped_fragments() -> None:
    """Runs of capitalised words, particles and non-ASCII punctuation in every order: the name
    detector must never raise (a raise drops the field)."""
    tokens = [
        "Jane",
        "Laura",
        "Garcia",
        "van",
        "der",
        "de",
        "la",
        "Zoë",
        "Ångström",
        "McAllister",
        "O'Neill",
        "—",
        "——",
        "…",
        "”",
        "“",
        "J.",
        "Anne-Marie",
        "x",
        "2",
        ",",
        "\t",
        "Dr.",
        "said",
        "ß",
        "İ",
        "Ω",
    ]
    r = random.Random(11)
    texts = []
    for _ in range(3000):
        parts = [r.choice(tokens) for _ in range(r.randrange(1, 7))]
        texts.append(r.choice(["", " "]).join(parts) if r.random() < 0.2 else " ".join(parts))
    outs = R.redact_many(texts)
    assert all(o is not None for o in outs)
    assert all(o is not None and R.redact(o.text).text == o.text for o in outs[:300])  # idempotent


def test_glued_to_a_redacted_token_stays_idempotent() -> None:
    sid, tok = "AC" + "a" * 32, "b" * 32
    for text in (
        f"{sid}+33 (0)6 12 34 56 78 and {tok}",
        f"Anne-Marie{sid} Smith {tok}",
        f"{tok}Anne-Marie Garcia",
        f"{sid}dob 1990-01-02 {tok}",
        f"{sid}creds for/said- {tok}",
    ):
        once = R.redact(text)
        assert once is not None
        assert R.redact(once.text).text == once.text  # type: ignore[union-attr]


# --- redact4: general mechanisms for the dev pool's prose / XML password and name families


@pytest.mark.parametrize(
    "text",
    [
        "I reset the password to {v} and it still fails",
        "changed the admin pwd to {v} yesterday",
        "the password is now {v}",
        "the db password was changed to {v}",
        "staging db password → {v}",
        "passphrase -> {v}",
        "das Passwort lautet {v}",
        "le mot de passe est {v}",
        "la contraseña es {v}",
    ],
)
@pytest.mark.parametrize("value", ["Summer2010#ia", "correct-horse-granite73", "6xrQu_m58r6@VC5Z^H"])
def test_prose_password_grammar(text: str, value: str) -> None:
    t = text.format(v=value)
    assert _covered(t, value), _spans(t)
    once = R.redact(t)
    assert once is not None and R.redact(once.text).text == once.text  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    [
        "I reset the password to make the test pass",
        "set the password to something stronger before launch",
        "the token is expired, refresh it first",
        "password changed to the one in the vault",
        "password ✓ Summer2010ia",  # a non-ASCII sign that is no arrow
        "the password to the staging box is in 1Password",
    ],
)
def test_prose_password_grammar_needs_a_value(text: str) -> None:
    assert _spans(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        '<property name="hibernate.connection.password">{v}</property>',
        '{{"text":"<property name=\\"hibernate.connection.password\\">{v}</property>"}}',
        "<entry key='db.secret'>{v}</entry>",
        '<setting name="ApiToken" serializeAs="String"><![CDATA[{v}]]></setting>',
    ],
)
def test_element_named_by_its_attribute(text: str) -> None:
    v = "IaXsGixzq7dtYLGUKlC5Spj"
    t = text.format(v=v)
    assert _covered(t, v), _spans(t)


def test_element_rule_keeps_self_closing_tags_and_flags() -> None:
    assert _spans('<property name="hibernate.connection.password_encryption" value="true"/>') == []
    assert _spans('<property name="password.policy">strict</property>') == []  # a word, not a value
    # a self-closing tag's text after it is no element text
    assert _spans('<add key="PasswordLength" value="12" /><b>Xk9mP2vLq8Rt77</b>') == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('"assignee": "Thandiwe Lindqvist"', "Thandiwe Lindqvist"),
        ('{"text":"look:\\n\\"assignee\\": \\"Dmitri Whitfield\\""}', "Dmitri Whitfield"),
        ("reviewer: Rosalind Zimmermann", "Rosalind Zimmermann"),
        ("owner,team\nThandiwe van Dijk,payments", "Thandiwe van Dijk"),
        ("FYI owner,team\nLeïla Castellanos,payments\n", "Leïla Castellanos"),
        ("id,email,assignee\n3,x,Kenji Okafor\n", "Kenji Okafor"),
        ("Hiroshi Yamamoto changed it", "Hiroshi Yamamoto"),
        ("Kwame Mensah rotated the key last night", "Kwame Mensah"),
        ("Hey, Thanks, Kenji Hernández-López - any idea?", "Kenji Hernández-López"),
    ],
)
def test_role_keys_table_columns_and_change_verbs(text: str, value: str) -> None:
    assert _covered(text, value), _spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "name,version\nVisual Studio,1.2",
        "name,team\nLoad Balancer,infra",
        '"owner": "acme-corp"',
        "owner: Platform Team",
        "Load Balancer changed the config",
        "Hey Hey Hey",
        '{"name": "Docker Desktop", "version": "4.2"}',
    ],
)
def test_name_mechanisms_keep_products_and_teams(text: str) -> None:
    assert _spans(text) == [], text


def test_a_truncated_key_stops_before_the_next_key() -> None:
    body = "TXyJ6Qt6cg/60jZUpeB5EIV7QZMEc/L7jd+QEJNYUkCxDGn5U0WXrMc0ckndBG5q"
    text = (
        f"cat deploy_key\n-----BEGIN EC PRIVATE KEY-----\n{body}\n…\n\nlisten 80 default_server;\n\n"
        f"-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----\n"
    )
    out = R.redact(text)
    assert out is not None and "listen 80 default_server;" in out.text and body not in out.text


def test_a_star_value_with_symbols_is_no_glob() -> None:
    v = "*-iCkF^cR%dp"
    assert _covered(f'<add key="ClearTextPassword" value="{v}" />', v)
    assert _covered(f"DB_PASSWORD={v}", v)
    for text in ("secret_files: *.pem", "token_glob: *-prod/*.json", "password_files=*.{key,pem}"):
        assert _spans(text) == [], text


def test_k8s_env_value_is_data_and_an_address_ends_a_sentence() -> None:
    # (redaction_cases dev pool) a dotted value under `name: X_PASSWORD` is no code reference
    text = "env:\n  - name: DB_PASSWORD\n    value: ixizs.jmUy770\n"
    assert _covered(text, "ixizs.jmUy770"), _spans(text)
    assert _spans("env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef: {name: db}\n") == []
    assert _spans("env:\n  - name: DB_PASSWORD\n    value: $(DB_PASSWORD)\n") == []
    # user@address before a full stop is still an address; before `.5` it is part of a version
    assert _covered("I tried this: ssh lntdr@191.8.24.93. Thanks", "191.8.24.93")
    assert _spans("upgraded to 191.8.24.93.5 yesterday") == []


# --- round 2 of the blind generator (dev since round 3): one test per mechanism


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('$env:DB_PASSWORD = "battery-granite-staple58"', "battery-granite-staple58"),
        (
            "key1   "
            + "yD+tIQKlGbjCP9ahPui8Xs30VgVgewD8VCcBuqGUopD2rF9O7hqrxI5ZhMtDYo05YAH38pkEca5cqQRSCczdHw=="
            + "   FULL",
            "yD+tIQKlGbjCP9ahPui8Xs30VgVgewD8VCcBuqGUopD2rF9O7hqrxI5ZhMtDYo05YAH38pkEca5cqQRSCczdHw==",
        ),
        ("user root, passphrase Winter1990#zC - any idea?", "Winter1990#zC"),
        ("pw: Winter1971$0p", "Winter1971$0p"),
        ("ldapsearch -x -D 'cn=admin,dc=acme,dc=io' -w 'Falcon1994*RL' -b dc=acme,dc=io", "Falcon1994*RL"),
        ("sqlcmd -S db01 -U sa -P Xk9mP2vLq8Rt -Q 'select 1'", "Xk9mP2vLq8Rt"),
        ("mongodump --host db -u admin -p Xk9mP2vLq8Rt --out /tmp", "Xk9mP2vLq8Rt"),
        (
            "echo sk-svcacct-" + "mcT1VwrRcL3Fa76O3gKG_c50HQCIkknyESQXdI6TvOxkXiGw",
            "mcT1VwrRcL3Fa76O3gKG_c50HQCIkknyESQXdI6TvOxkXiGw",
        ),
        ('> >   - name: JWT_SECRET\n> >     value: "afgZIYSH6qMzCMWUzMCZEkcx"', "afgZIYSH6qMzCMWUzMCZEkcx"),
    ],
)
def test_round2_secret_mechanisms(text: str, value: str) -> None:
    assert _covered(text, value), _spans(text)


@pytest.mark.parametrize(
    "text",
    [
        '$password = Read-Host -AsSecureString "Password"',
        "$env:OPENAI_API_KEY = $null",
        "$env:DB_PASSWORD = $dbPassword",
        "token: REPLACE_ME",
        "auth:\n  type: oauth2\n  tokenUrl: /oauth/token",
        "secretKeyRef: {name: db}",
        "password hashing_v2 is slow",
        "the password reset flow needs a token generator",
        "std::env:DB_PASSWORD = value",
    ],
)
def test_round2_secret_lookalikes(text: str) -> None:
    assert _spans(text) == [], text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("| dob | 28.08.1966 |", "28.08.1966"),
        ("<BirthDate>June 22, 1953</BirthDate>", "June 22, 1953"),
        ("ruf mich an unter 0232786484", "0232786484"),
        ("amelie_nguyen@laptop:~/src$ make", "amelie_nguyen"),
        ("PS C:\\Users\\Kenji Ångström> Get-ChildItem", "Kenji Ångström"),
        ("[10:42] Dmitri MacDonald: can someone restart staging?", "Dmitri MacDonald"),
        ("laut Kenji Rossi ist das Feature fertig", "Kenji Rossi"),
        ("cc Kenji Rossi on the PR", "Kenji Rossi"),
        ('{"text": ["Best regards,\\nKenji Mbeki\\n"]}', "Kenji Mbeki"),
        ("ERROR [worker-5] Best regards,\nKenji Achterberg\n\npanic", "Kenji Achterberg"),
    ],
)
def test_round2_pii_mechanisms(text: str, value: str) -> None:
    assert _covered(text, value), _spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "ask Stack Overflow or the Spring Boot docs",
        "with Visual Studio and Google Chrome",
        "Best,\nThe Team",
        "root@web-1:/srv# systemctl restart api",  # a system account
        "[10:42] Build Pipeline: nightly failed",
    ],
)
def test_round2_pii_lookalikes(text: str) -> None:
    assert _spans(text) == [], text


def test_phone_number_keys_backticked_prompts_and_escaped_constants() -> None:
    assert _covered('phone_number = "21975837225"', "21975837225")
    assert _covered('mobile_no: "0773583064"', "0773583064")
    assert _spans('order_number = "21975837225"') == []
    assert _covered("I ran `hszabo@laptop:~/src$ make` and", "hszabo")
    assert _spans('{"text": ["token: REPLACE_ME\\n"]}') == []
