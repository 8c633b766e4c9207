"""A list under a negated lead-in ("Do NOT:") carries the lead-in's negation: its items read alone
would state the reverse (a held-out history's pack got one backwards bullet this way). Sentences are
this file's own."""

from __future__ import annotations

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView
from persona_pipeline.persona.digest.offline import OfflineDigester, denied_items


def _statements(text: str) -> list[str]:
    ev = [EvidenceView(evidence_id="e", tier=Tier.T2, kind="prompt", excerpt=text, project="kiln")]
    (r,) = OfflineDigester().digest_many([DigestInput(unit_key="u", session_id="u", project="kiln", evidence=ev)])
    return [o.statement for o in r.observations]


def test_items_under_a_negated_lead_in_are_never_positive_rules() -> None:
    text = "Tidy the firing log page.\n\n**Don't:**\n\n- rename the glaze columns\n- reorder the kiln tabs\n"
    out = _statements(text)
    assert not any(s.lstrip("-* ").lower().startswith(("rename", "reorder")) for s in out), out
    assert denied_items(text) == frozenset({"rename the glaze columns", "reorder the kiln tabs"})
    # whatever the first item joined to its bare lead-in gives, no item stands alone as an order
    out = _statements("Never:\n- bump the major version\n- delete migrations")
    assert not any(s.lstrip("-* ").lower().startswith(("bump", "delete")) for s in out), out


def test_items_under_a_plain_lead_in_stay() -> None:
    text = "House rules:\n- always squash the fixup commits\n- never log the customer ids\n"
    assert denied_items(text) == frozenset()
    assert "- never log the customer ids." in _statements(text)
    # a negated line that is not a lead-in (no colon) denies nothing
    assert denied_items("I do not mind either way\n- use tabs") == frozenset()
