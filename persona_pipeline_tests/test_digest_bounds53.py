"""The offline digester at the statement length bound (a real history's long design sentence with no
full stop emptied the whole pack), and one unit it cannot read never stopping the others."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest import offline
from persona_pipeline.persona.digest.models import DigestInput, DraftObservation, EvidenceView
from persona_pipeline.persona.digest.offline import MAX_STATEMENT, OfflineDigester
from persona_pipeline.persona.digest.reading import read

HEAD = "always keep the request handlers of the ledger service thin and move every rule about rounding"
FILLER = " and every check on currencies into the domain layer where it can be tested alone"


def _sentence(n: int) -> str:
    """A rule sentence of exactly `n` characters with no final punctuation."""
    s = HEAD
    while len(s) < n:
        s += FILLER
    s = s[:n].rstrip()
    while len(s) < n:  # a cut at a space: pad the last word instead
        s += "s"
    return s


def _inp(unit: str, text: str) -> DigestInput:
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=Tier.T2, kind="prompt", excerpt=text, project="ledger")]
    return DigestInput(unit_key=unit, session_id=unit, project="ledger", evidence=ev)


@pytest.mark.parametrize("n", [MAX_STATEMENT - 1, MAX_STATEMENT, MAX_STATEMENT + 1])
def test_a_sentence_at_the_bound_never_fails_the_digest(n: int) -> None:
    text = _sentence(n)
    assert len(text) == n and read(text).rule  # the sentence is read as a rule: the bound is what decides
    (result,) = OfflineDigester().digest_many([_inp("s1", text)])
    assert result.status == "ok"
    statements = [o.statement for o in result.observations]
    # the statement gains a full stop: within the bound it is kept whole, past it the sentence is no rule
    assert statements == ([text[:1].upper() + text[1:] + "."] if n < MAX_STATEMENT else [])


def test_one_unit_the_digester_cannot_read_is_a_failure_of_that_unit_only(monkeypatch: pytest.MonkeyPatch) -> None:
    secret_words = "my neighbour Ottilie Brandvold told me the gate code"
    real = offline.drafts_for

    def drafts_for(inp: DigestInput) -> list[DraftObservation]:
        if inp.unit_key == "bad":  # the model's own bound raises, with the person's words in its message
            DraftObservation(facet="workflow", statement=secret_words * 10, quote=secret_words, tier=Tier.T2)
        return real(inp)

    monkeypatch.setattr(offline, "drafts_for", drafts_for)
    with pytest.raises(ValidationError):
        drafts_for(_inp("bad", "x"))
    good, bad = OfflineDigester().digest_many([_inp("good", "never squash the release commits"), _inp("bad", "x")])
    assert good.status == "ok" and [o.statement for o in good.observations] == ["Never squash the release commits."]
    assert bad.status == "failed" and bad.observations == []
    assert bad.error == "offline digester: ValidationError"  # named by type: no user text
