"""A name English does not know is one name in its inflections and in its open or closed spelling,
so restatements that say it differently group. Every sentence here is written for this file (an
observatory's data-reduction work, a domain no eval pool uses)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Observation
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.digest.similarity import _name_stem, index_keys, similarity, tokens, topic
from persona_pipeline.persona.fold import RULE_SIMILARITY, fold


@pytest.mark.parametrize(
    ("token", "stem"),
    [
        ("swarps", "swarp"),
        ("starcharts", "starchart"),
        ("frobnicating", "frobnicat"),
        ("skybinned", "skybin"),  # a doubled consonant undone
        ("polars", ""),  # its stem is an English word: a name of its own
        ("mosaic", ""),  # an English word
        ("kelt", ""),  # too short to tell an ending from the name
    ],
)
def test_the_stem_of_an_unknown_name(token: str, stem: str) -> None:
    assert _name_stem(token) == stem


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # an inflection of a name the frequency list does not know
        ("Reproject each mosaic with swarp before stacking.", "Swarps are how the mosaics get reprojected here."),
        # a compound written open in one wording, closed in the other
        ("Keep star chart legends terse.", "Starchart legends should stay short."),
    ],
)
def test_restatements_that_spell_a_name_differently_are_near(a: str, b: str) -> None:
    ta, tb = topic(a), topic(b)
    assert similarity(ta, tb) >= RULE_SIMILARITY
    assert index_keys(ta) & index_keys(tb)  # the fold finds the one from the other


def test_an_english_word_is_not_a_names_stem() -> None:
    # "polars" (a tool) and "polar" (a word) stay apart
    assert similarity(topic("Orbits are computed in polar coordinates."), topic("Use polars for the tables.")) == 0.0


def _inp(unit: str, text: str, ts: str) -> DigestInput:
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=Tier.T2, kind="prompt", excerpt=text, timestamp=ts, project="p")]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


def _obs(*inputs: DigestInput) -> list[Observation]:
    return [o for r in OfflineDigester().digest_many(list(inputs)) for o in r.observations]


def test_a_name_said_in_two_forms_across_sessions_is_one_rule() -> None:
    obs = _obs(
        _inp("s1", "never hand-edit the starcharts, regenerate them from the catalogue", "2026-03-01T00:00:00Z"),
        _inp("s2", "each star chart I publish comes straight out of the plotting job", "2026-04-01T00:00:00Z"),
    )
    live = [r for r in fold(obs) if r.superseded_by is None and "chart" in r.statement.lower()]
    assert len(live) == 1 and live[0].support_sessions == 2


def test_a_name_is_split_from_its_plural_only_in_an_english_sentence() -> None:
    # in English "swarps" is the name's plural; a word of another language ending in "-s" is that
    # language's own inflection, which English's frequency list cannot vouch for
    english = similarity(tokens("run swarp on each mosaic"), tokens("two swarps disagree on the mosaics here"))
    assert english > 0.0
    other = similarity(tokens("la acequia del norte pierde agua según el caudal"), tokens("¿cuántas acequias hay?"))
    assert other == 0.0


def test_a_possessive_is_no_plural() -> None:
    # "the swarp's …" drops its "'s" in the tokeniser: the name as spelled, not a plural to split
    assert similarity(tokens("the swarp's output is noisy at night"), tokens("no swarps in the nightly job")) == 0.0
    assert similarity(tokens("swarp output at night"), tokens("no swarps in the nightly job")) > 0.0


def test_a_plural_in_an_english_sentence_meets_no_singular_of_another_languages_sentence() -> None:
    # the singular in a Spanish sentence is that language's word, however English the plural's looks
    assert similarity(tokens("the acequias here"), tokens("¿cuándo se limpió la acequia?")) == 0.0
