"""The fold groups wordings that say one rule with different words (WordNet synonyms), without
gluing rules that merely share a sense of a polysemous word, and reads a synonym's stance."""

from __future__ import annotations

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest import thesaurus
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Observation
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.digest.similarity import apart, meets, similarity, stance, topic
from persona_pipeline.persona.fold import RULE_SIMILARITY, STANCE_WEIGHT, fold


def _inp(unit: str, text: str, ts: str, tier: Tier = Tier.T2) -> DigestInput:
    ev = EvidenceView(
        evidence_id=f"{unit}-0", tier=tier, kind="prompt", excerpt=text, timestamp=ts, project="p", session_id=unit
    )
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=[ev])


def _obs(*inputs: DigestInput) -> list[Observation]:
    return [o for r in OfflineDigester().digest_many(list(inputs)) for o in r.observations]


def _near(a: str, b: str) -> float:
    return similarity(topic(a), topic(b))


def test_main_senses_are_synonyms_and_rare_senses_are_not() -> None:
    assert thesaurus.synonyms("brief", "concis") and thesaurus.synonyms("reply", "answer")
    assert thesaurus.synonyms("tiny", "small")  # a satellite and its head
    assert not thesaurus.synonyms("five", "eight")  # two satellites of one head ("cardinal")
    assert not thesaurus.synonyms("test", "run")  # "run" is a test only in a rare sense
    assert not thesaurus.synonyms("polars", "pandas")  # names English does not know


def test_wordings_that_share_no_word_group_by_synonyms() -> None:
    assert _near("I like terse answers", "keep your replies concise") >= RULE_SIMILARITY
    assert _near("keep the modules small", "modules should stay tiny") >= RULE_SIMILARITY
    obs = _obs(
        _inp("s1", "I like terse answers", "2026-03-01T00:00:00Z"),
        _inp("s2", "keep your replies concise", "2026-03-08T00:00:00Z"),
        _inp("s3", "always write succinct answers", "2026-03-15T00:00:00Z"),
    )
    current = [r for r in fold(obs) if r.superseded_by is None]
    assert len(current) == 1 and current[0].support_sessions == 3


def test_one_shared_sense_of_a_polysemous_word_does_not_glue_rules() -> None:
    # "commit" can mean "dedicate", "pull" "draw", "bug" "pester": alone, none makes one rule
    for a, b in [
        ("commit early and often", "dedicate a section to setup"),
        ("pull before you push", "draw the diagram in mermaid"),
        ("don't pester me with questions", "fix the bug before the refactor"),
    ]:
        assert _near(a, b) < RULE_SIMILARITY, (a, b)
    obs = _obs(
        _inp("s1", "commit early and often", "2026-03-01T00:00:00Z"),
        _inp("s2", "dedicate a section to setup", "2026-03-08T00:00:00Z"),
    )
    assert len([r for r in fold(obs) if r.superseded_by is None]) == 2


def test_a_synonym_of_a_rejected_word_is_rejected() -> None:
    p, _ = stance("keep docstrings concise", STANCE_WEIGHT)
    _, n = stance("docstrings should not be brief", STANCE_WEIGHT)
    assert meets(p, n) == {"concis"}
    older = _inp("s1", "keep docstrings concise", "2026-01-01T00:00:00Z")
    newer = _inp("s2", "docstrings should not be brief", "2026-02-01T00:00:00Z")
    rules = fold(_obs(older, newer))
    assert [r.statement for r in rules if r.superseded_by is not None] == ["Keep docstrings concise."]


def test_synonyms_the_person_sets_apart_are_two_things() -> None:
    p, n = stance("allocate on the stack, not the heap", STANCE_WEIGHT)
    assert apart(p, n) == {frozenset({"stack", "heap"})}
    assert meets(frozenset({"stack"}), n, apart(p, n)) == frozenset()
