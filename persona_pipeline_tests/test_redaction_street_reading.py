"""A street line whose longest reading runs on to a weak street type in the next words (a town
named like a suffix: `… Hills`, `… Park`) keeps its earlier common type: on main the whole line was
dropped as weak, and a second pass — the next words by then a placeholder — found the street the
first pass had left (not idempotent, and the street in clear). Values are this file's own."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks


@pytest.fixture
def checks(redactor: Redactor) -> Checks:
    return Checks(redactor)


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("send the samples to 4180 Lakeshore Blvd. Shelby Hills, MI 48315 by Friday", "4180 Lakeshore Blvd"),
        ("my flat is 27 Orchard Ave. Mission Hills now", "27 Orchard Ave"),
        ("we moved to 9 Copper Lane Maple Park last spring", "9 Copper Lane"),
        ("12 Dockside Rd. Harbour Heights is the new office", "12 Dockside Rd"),
    ],
)
def test_a_common_street_type_before_a_weak_one_is_read(checks: Checks, text: str, street: str) -> None:
    checks.gone(text, street)  # (idempotence checked too: the first pass takes the street)


@pytest.mark.parametrize(
    "text",
    [
        "Version 2 Release Notes Park",  # no common type anywhere: still no street
        "see section 12 Factory Settings Park for the defaults",
        "bump to 3 Worker Threads Hills",
    ],
)
def test_weak_types_alone_still_need_a_sign(checks: Checks, text: str) -> None:
    checks.kept(text)
