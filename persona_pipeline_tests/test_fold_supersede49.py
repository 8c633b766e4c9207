"""Supersession across tiers and wordings (issue 15, session 49).

- The tier policy (the lead's decision): in a contradiction between two durable rules the newer
  wins whatever their tiers — an older correction (T1) does not outlive a newer plain statement
  (T2) of the opposite, and a newer correction still beats an older plain statement.
- Look-alikes that must not change: an agreeing or narrower statement (an exception), a hedge, a
  third party, a question, a bounded or retracted statement, and an unrelated rule in the same
  domain leave the older rule current.

Every row is our own (gardening, photography, bookkeeping, video, cooking, deployment), none from
an eval pool or the sample corpus.
"""

from __future__ import annotations

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Rule
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.fold import fold


def _inp(unit: str, text: str, day: int, tier: Tier) -> DigestInput:
    ts = f"2026-10-{day:02d}T09:00:00Z"
    kind = "correction" if tier is Tier.T1 else "prompt"
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=tier, kind=kind, excerpt=text, timestamp=ts, project="p")]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


def _fold(old: str, old_tier: Tier, new: str, new_tier: Tier) -> list[Rule]:
    """The older sentence said in two sessions, then the newer one in two later sessions."""
    inputs = [_inp(f"a{n}", old, 1 + n, old_tier) for n in range(2)]
    inputs += [_inp(f"b{n}", new, 10 + n, new_tier) for n in range(2)]
    return fold([o for r in OfflineDigester().digest_many(inputs) for o in r.observations])


def _said(rules: list[Rule], superseded: bool) -> list[str]:
    return [r.statement.lower().rstrip(".") for r in rules if (r.superseded_by is not None) is superseded]


def _plain(text: str) -> str:
    return text.lower().removeprefix("no, ")


# --- the tier policy: the newer wins -------------------------------------------------------------
# (older correction, newer plain statement of the opposite)
CORRECTION_THEN_PLAIN = [
    ("no, never prune roses in autumn", "always prune roses in autumn"),
    ("no, don't tag photos by date", "tag photos by date"),
    ("no, don't water cacti in winter", "water cacti in winter"),
    ("no, never round totals to whole euros", "always round totals to whole euros"),
    ("no, never add subtitles to videos", "always add subtitles to videos"),
    ("no, never salt pasta water", "salt pasta water"),
]


@pytest.mark.parametrize(("correction", "plain"), CORRECTION_THEN_PLAIN)
def test_a_newer_plain_statement_supersedes_an_older_correction(correction: str, plain: str) -> None:
    rules = _fold(correction, Tier.T1, plain, Tier.T2)
    assert _said(rules, False) == [plain], _said(rules, False)
    assert _said(rules, True) == [_plain(correction)], _said(rules, True)


@pytest.mark.parametrize(("correction", "plain"), CORRECTION_THEN_PLAIN)
def test_a_newer_correction_still_supersedes_an_older_plain_statement(correction: str, plain: str) -> None:
    rules = _fold(plain, Tier.T2, correction, Tier.T1)
    assert _said(rules, False) == [_plain(correction)], _said(rules, False)
    assert _said(rules, True) == [plain], _said(rules, True)


# --- look-alikes: the older correction stays current --------------------------------------------
CORRECTION_STANDS = [
    ("no, never prune roses in autumn", "maybe prune roses in autumn"),  # hedged
    ("no, never prune roses in autumn", "my neighbour prunes roses in autumn"),  # a third party
    ("no, never prune roses in autumn", "should I prune roses in autumn?"),  # a question
    ("no, never prune roses in autumn", "prune roses in autumn for this one week"),  # bounded
    ("no, never prune roses in autumn", "prune roses in autumn, actually no, scratch that"),  # retracted
    ("no, never salt pasta water", "I guess you could salt pasta water"),  # hedged
    ("no, never deploy on fridays", "deploy small config changes on fridays"),  # an exception
    ("no, never add subtitles to videos", "add subtitles only to the trailers"),  # an exception
    ("no, never prune roses in autumn", "water tomatoes in the evening"),  # unrelated, one domain
    ("no, don't tag photos by date", "tag photos by place"),  # another object
]


@pytest.mark.parametrize(("correction", "newer"), CORRECTION_STANDS)
def test_the_older_correction_stands_against_a_look_alike(correction: str, newer: str) -> None:
    rules = _fold(correction, Tier.T1, newer, Tier.T2)
    assert _said(rules, True) == [], _said(rules, True)
    assert _plain(correction) in _said(rules, False), _said(rules, False)
