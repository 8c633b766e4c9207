"""Support counts distinct sessions by content, never copies (issue 16): a replayed prompt stored
under another session (and even another project) is one utterance."""

from __future__ import annotations

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import Facet, Observation
from persona_pipeline.persona.fold import fold

QUOTE = "Keep functions under forty lines, split them otherwise."


def _obs(n: int, session: str, project: str, ts: str, quote: str = QUOTE) -> Observation:
    return Observation(
        observation_id=f"o{n}",
        unit_key=f"claude/{project}/{session}.jsonl",
        session_id=session,
        project=project,
        facet=Facet.CODING_STYLE,
        statement=quote,
        tier=Tier.T2,
        strength=0.8,
        quote=quote,
        evidence_ids=[f"e{n}"],
        timestamp=ts,
        model="offline",
        prompt_version="test",
    )


def _rule(observations: list[Observation]):
    [rule] = [r for r in fold(observations) if r.superseded_by is None]
    return rule


def test_a_replayed_copy_is_one_utterance() -> None:
    said = _obs(1, "s-original", "api", "2026-10-01T09:00:00Z")
    copy = _obs(2, "s-resumed", "api-fork", "2026-10-01T09:00:00Z")  # same words, same instant
    rule = _rule([said, copy])
    assert rule.support_sessions == 1 and rule.support_projects == 1 and rule.support_observations == 1
    assert set(rule.evidence_ids) == {"e1", "e2"}  # both copies still cited


def test_the_same_words_said_again_later_count_twice() -> None:
    rule = _rule([_obs(1, "s1", "api", "2026-10-01T09:00:00Z"), _obs(2, "s2", "web", "2026-10-09T14:30:00Z")])
    assert rule.support_sessions == 2 and rule.support_projects == 2
