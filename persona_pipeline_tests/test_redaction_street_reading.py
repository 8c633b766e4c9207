"""A street line whose longest reading runs on to a weak street type in its town's name (`…
Hills`, `… Park`) before a postal tail keeps its earlier common type: on main the whole line was
dropped as weak, and a second pass — the town's words by then a placeholder — found the street the
first pass had left (not idempotent, and the street in clear). Without a postal tail the weak
reading still needs its sign (round 22's review: `Figure 2, Main Street View`). Values are this
file's own."""

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
        ("my flat is 27 Orchard Ave. Mission Hills, CA 91345 now", "27 Orchard Ave"),
        ("we moved to 9 Copper Lane Maple Park, Leeds LS6 2QT last spring", "9 Copper Lane"),
        ("12 Dockside Rd. Harbour Heights, WA 98101 is the new office", "Harbour Heights"),
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
        "Plot 1, Figure 2, Main Street View",  # a weak reading without a postal tail
    ],
)
def test_weak_types_alone_still_need_a_sign(checks: Checks, text: str) -> None:
    checks.kept(text)


def test_units_before_a_redacted_street_are_read_once(checks: Checks) -> None:
    # round 9's dev case on the merged head: the units before a street another detector redacts were
    # read as an address of their own on the second pass only (the placeholder stopped the parts)
    text = "Customer(id=7, homeAddress=Rm 12, 3/F, Block C, 41 Harbour Road, Wan Chai, tier=SILVER)"
    checks.gone(text, "41 Harbour Road")  # (and idempotent)
