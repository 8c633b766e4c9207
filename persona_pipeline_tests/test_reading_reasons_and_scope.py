"""A session's own repository named by a coined name. Every sentence here is written for this file."""

from __future__ import annotations


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

    assert coined("ledgerkite") and coined("tidal-ingest") and coined("orbit_sync")
    assert not any(coined(n) for n in ("backend", "frontend", "docs", "api", "front-end", "home"))
    plain = "lint ledgerkite code with strict settings"
    habit = "always lint ledgerkite code before pushing"
    assert _statements("ledgerkite", plain, habit) == ["Always lint ledgerkite code before pushing."]
    # another repository's session: the name is a thing like any other
    assert len(_statements("tidal-ingest", plain, habit)) == 2
    # a repository named by an English word keeps a weak preference naming that word
    assert _statements("backend", "lint backend code with strict settings") == [
        "Lint backend code with strict settings."
    ]
