"""The fold's memos of similarity key a token set with its marks (`similarity.Tokens`: the sentence's
language, its possessives): one set of words said with a possessive and without one compares
differently with a third wording, so a memo keyed on the words alone answered for whichever of the
two it met first (the order members sort in), and the other member's figure was wrong."""

from __future__ import annotations

import math

from persona_pipeline.persona import fold
from persona_pipeline.persona.digest.similarity import NO_ACTION, similarity, tokens

# an invented instrument's name: a possessive, the bare name, and its plural
OWNED = "recalibrate the vornith's gimbal"
BARE = "recalibrate the vornith gimbal"
PLURAL = "vorniths drift, recalibrate each gimbal"


def _pairs() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    owned, bare, plural = tokens(OWNED), tokens(BARE), tokens(PLURAL)
    # the premise: one set of words, two marks, two answers against the plural
    assert owned == bare and getattr(owned, "possessive", None) and not getattr(bare, "possessive", None)
    assert similarity(plural, owned) != similarity(plural, bare)
    return owned, bare, plural


def test_centralities_read_each_wording_with_its_own_marks_in_either_order() -> None:
    owned, bare, plural = _pairs()
    toks = [owned, bare, plural]
    direct = [round(math.fsum(similarity(t, u) for j, u in enumerate(toks) if j != i), 6) for i, t in enumerate(toks)]
    assert fold._centralities(toks, [1, 2, 3]) == direct
    assert fold._centralities(toks[::-1], [3, 2, 1]) == direct[::-1]
    assert fold._centralities([bare, owned, plural], [2, 1, 3]) == [direct[1], direct[0], direct[2]]


def test_a_cluster_compares_a_newcomer_with_both_wordings_of_one_set() -> None:
    owned, bare, plural = _pairs()
    best = max(similarity(plural, owned), similarity(plural, bare))
    for first, second in ((owned, bare), (bare, owned)):
        cluster = fold._Cluster(None, first, NO_ACTION, 0)  # type: ignore[arg-type]
        cluster.join(None, second, NO_ACTION, 1)  # type: ignore[arg-type]
        assert cluster.near(plural, NO_ACTION) == best
