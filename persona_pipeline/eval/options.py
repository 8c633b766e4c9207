"""`persona eval`'s options, apart from the runner so the CLI parser imports nothing heavy."""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--model", default="offline", help="digest backend: offline (default) or a litellm model string")
    p.add_argument("--corpus", type=Path, default=None, help="a corpus written by the generator (with truth.json)")
    p.add_argument("--seed", type=int, default=1, help="seed of the generated corpus (when --corpus is not given)")
    p.add_argument(
        "--pool",
        choices=(
            *("dev", "test", "blind", "blind_dev", "blind_hold"),
            *("blind2", "blind3", "blind4", "blind5", "blind6", "blind7", "blind8", "blind9", "blind10"),
            "blind11",
        ),
        default="dev",
        help="phrasing pool of the generated corpus: dev (tuned on), test (held out, the CI gate), blind "
        "(written blind, in halves blind_dev and blind_hold, both tunable now), blind2 (a second blind pool, "
        "tunable since blind3 exists), blind3 (a third blind pool, tunable since blind4 exists), blind4 "
        "(a fourth blind pool, opened for tuning once blind5 was written), blind5 (a fifth blind pool, opened "
        "for tuning once blind6 was written), blind6 (a sixth blind pool, opened for tuning once blind7 was "
        "written), blind7 (a seventh blind pool, opened for tuning once blind8 was written), blind8 (an eighth "
        "blind pool, opened for tuning once blind9 was written), blind9 (a ninth blind pool, opened for tuning "
        "once blind10 was written), blind10 (a tenth blind pool, opened for tuning "
        "once blind11 was written) or blind11 (the newest blind pool, held out: read in aggregate only)",
    )
    p.add_argument("--developers", type=int, default=3, help="developers in the generated corpus")
    p.add_argument("--work-dir", type=Path, default=None, help="keep the corpus and data dirs here (default: temp)")
    p.add_argument("--json", action="store_true", help="print the full report as JSON")
