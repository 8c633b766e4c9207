"""A session's own repository named by a coined name. Every sentence and name here is written for
this file."""

from __future__ import annotations

import pytest


def _statements(project: str, *texts: str) -> list[str]:
    from persona_pipeline.core.models import Tier
    from persona_pipeline.persona.digest.models import DigestInput, EvidenceView
    from persona_pipeline.persona.digest.offline import OfflineDigester

    ev = [
        EvidenceView(evidence_id=f"e{i}", tier=Tier.T2, kind="prompt", excerpt=t, project=project)
        for i, t in enumerate(texts)
    ]
    inp = DigestInput(unit_key="u", session_id="s", project=project, evidence=ev)
    return [o.statement for r in OfflineDigester().digest_many([inp]) for o in r.observations]


def test_a_coined_repository_name_in_its_own_session_makes_a_plain_request_a_task() -> None:
    from persona_pipeline.persona.digest.reading import coined

    assert coined("corvalith") and coined("tidal-ingest") and coined("orbit_sync")
    assert not any(coined(n) for n in ("backend", "frontend", "docs", "api", "front-end", "home"))
    plain = "lint corvalith code with strict settings"
    habit = "always lint corvalith code before pushing"
    assert _statements("corvalith", plain, habit) == ["Always lint corvalith code before pushing."]
    # another repository's session: the name is a thing like any other
    assert len(_statements("tidal-ingest", plain, habit)) == 2
    # a repository named by an English word keeps a weak preference naming that word
    assert _statements("backend", "lint backend code with strict settings") == [
        "Lint backend code with strict settings."
    ]


def _session(unit: str, project: str, text: str, day: int):
    from persona_pipeline.core.models import Tier
    from persona_pipeline.persona.digest.models import DigestInput, EvidenceView

    ev = EvidenceView(
        evidence_id=f"{unit}-0",
        tier=Tier.T2,
        kind="prompt",
        excerpt=text,
        timestamp=f"2026-10-0{day}T00:00:00Z",
        project=project,
        session_id=unit,
    )
    return DigestInput(unit_key=unit, session_id=unit, project=project, evidence=[ev])


@pytest.mark.parametrize(
    "text",
    [
        "mossgrader uses black for formatting",
        "mossgrader follows semver",
        "in mossgrader, configs are yaml not json",
    ],
)
def test_a_convention_stated_about_the_own_repository_is_kept(text: str) -> None:
    """A generic statement whose subject is the repository is one of its conventions, not a task:
    said in two of its sessions it becomes a bullet."""
    from persona_pipeline.persona.digest.offline import OfflineDigester
    from persona_pipeline.persona.fold import fold
    from persona_pipeline.persona.pack import compile_pack

    inputs = [_session("s1", "mossgrader", text, 1), _session("s2", "mossgrader", text, 2)]
    obs = [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]
    assert [b.text.rstrip(".").lower() for b in compile_pack(fold(obs)).bullets] == [text]
    # the plain request beside it is still a task there
    assert _statements("mossgrader", "lint mossgrader code with strict settings") == []


def test_the_repository_is_read_from_the_input_when_the_evidence_names_none() -> None:
    from persona_pipeline.core.models import Tier
    from persona_pipeline.persona.digest.models import DigestInput, EvidenceView
    from persona_pipeline.persona.digest.offline import OfflineDigester

    ev = [
        EvidenceView(evidence_id="e0", tier=Tier.T2, kind="prompt", excerpt="lint hexwarden code with strict settings")
    ]
    inp = DigestInput(unit_key="u", session_id="s", project="hexwarden", evidence=ev)
    assert [o for r in OfflineDigester().digest_many([inp]) for o in r.observations] == []
