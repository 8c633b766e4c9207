"""The indexed fold gives exactly the rules of the pairwise one it replaced.

`fold()` clusters with an inverted token index and sums each member's centrality per distinct
token set; the reference copies below are the pairwise loops it had before (every cluster, every
member, every pair). Both run on a few thousand generated observations shaped like a real
warehouse's: the same preferences said again and again in a handful of wordings, tools that
contradict each other, T0-T3, cross-facet wordings, repeated timestamps, statements with no
content tokens and one observation object listed twice.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona import fold as fold_mod
from persona_pipeline.persona.digest import similarity as sim_mod
from persona_pipeline.persona.digest.models import Facet, Observation
from persona_pipeline.persona.digest.similarity import similarity, tokens
from persona_pipeline.persona.fold import RULE_SIMILARITY, Rule, fold


def _reference_clusters(obs: Sequence[Observation]) -> list[list[Observation]]:
    """fold()'s grouping without the index: every newcomer against every member of every group
    that acts on the same thing."""
    clusters: list[tuple[list[Observation], list[tuple[frozenset[str], sim_mod.Action]]]] = []
    for o in obs:
        toks, act = tokens(o.statement), sim_mod.action(o.statement)
        scored = [
            (
                max(
                    (similarity(toks, t) for t, a in c[1] if not sim_mod.different_rules(act, toks, a, t)), default=0.0
                ),
                k,
                c,
            )
            for k, c in enumerate(clusters)
        ]
        near = [x for x in scored if x[0] >= RULE_SIMILARITY]
        if not near:
            clusters.append(([o], [(toks, act)]))
            continue
        _, k, c = max(near, key=lambda x: (x[0], x[1]))  # ties: the group joined last (listed last)
        clusters.pop(k)
        clusters.append(([o, *c[0]], [*c[1], (toks, act)]))
    return [members for members, _ in clusters]


def _reference_centralities(toks: Sequence[frozenset[str]], same: Sequence[int]) -> list[float]:
    """_rule()'s centrality without the grouping: the correctly rounded Σ over every other member."""
    return [
        round(math.fsum(similarity(t, u) for u, s in zip(toks, same, strict=True) if s != same[i]), 6)
        for i, t in enumerate(toks)
    ]


def _reference_fold(obs: Sequence[Observation], monkeypatch: pytest.MonkeyPatch) -> list[Rule]:
    with monkeypatch.context() as m:
        m.setattr(fold_mod, "_clusters", _reference_clusters)
        m.setattr(fold_mod, "_centralities", _reference_centralities)
        return fold(obs)


# (preferred, rejected, what for): the tools of each pair are named only with it, so most pairs
# fold into their own rules; the shared "--no-verify", "uv", "type hints" wordings link a few.
PAIRS = [
    ("polars", "pandas", "date filtering"),
    ("uv", "poetry", "lockfiles"),
    ("pytest", "unittest", "fixtures"),
    ("ruff", "black", "formatting"),
    ("fastapi", "flask", "endpoints"),
    ("duckdb", "sqlite", "warehouse"),
    ("httpx", "requests", "clients"),
    ("pydantic", "dataclasses", "records"),
    ("rebase", "merge", "history"),
    ("tabs", "spaces", "indentation"),
    ("vim", "emacs", "editing"),
    ("zsh", "bash", "prompt"),
    ("mypy", "pyright", "checking"),
    ("terraform", "pulumi", "infrastructure"),
    ("postgres", "mysql", "storage"),
    ("orjson", "simplejson", "parsing"),
    ("structlog", "loguru", "logging"),
    ("direnv", "dotenv", "secrets"),
    ("podman", "docker", "containers"),
    ("htmx", "react", "frontend"),
]
TEMPLATES = [
    ("use {a} instead of {b}", Facet.STACK),
    ("prefer {a} over {b}", Facet.STACK),
    ("stick with {a} for {thing}", Facet.STACK),
    ("use {a}, not {b}", Facet.STACK),
    ("never use {b}", Facet.ANTI_PREFERENCES),
    ("avoid {b} for {thing}", Facet.ANTI_PREFERENCES),
    ("no more {b}, use {a}", Facet.WORKFLOW),
    ("switched from {b} to {a}", Facet.ENVIRONMENT),
    ("{a} for {thing}", Facet.CODING_STYLE),
    ("`{a}` for {thing} {n}", Facet.STACK),  # many distinct statements in one cluster
    ("{thing} {n} done quickly", Facet.COMMUNICATION),  # no anchor: plain word overlap only
]
SHARED = [
    ("answer tersely, no preamble", Facet.COMMUNICATION),
    ("type hints everywhere", Facet.CODING_STYLE),
    ("type hints everywhere, mypy --strict runs in CI", Facet.CODING_STYLE),
    ("never commit with --no-verify", Facet.WORKFLOW),
    ("avoid --no-verify", Facet.ANTI_PREFERENCES),
    ("run `uv run ruff check` first", Facet.WORKFLOW),
    ("it is what it is", Facet.COMMUNICATION),  # no content tokens
    ("Never commit secrets.", Facet.DIRECTIVES),
    ("never  commit secrets.", Facet.DIRECTIVES),
]


def _observations(n: int, seed: int) -> list[Observation]:
    rng = random.Random(seed)
    obs: list[Observation] = []
    weights = [1 / (k + 1) for k in range(len(PAIRS))]  # a few preferences said very often
    for i in range(n):
        if rng.random() < 0.12:
            template, facet = rng.choice(SHARED)
            statement = template
        else:
            a, b, thing = rng.choices(PAIRS, weights)[0]
            if rng.random() < 0.15:
                a, b = b, a  # the contradicting stance
            template, facet = rng.choice(TEMPLATES)
            if rng.random() < 0.2:
                facet = rng.choice([f for f in Facet if f is not Facet.DIRECTIVES])
            statement = template.format(a=a, b=b, thing=thing, n=rng.randrange(30))
        unit = f"claude:session-{rng.randrange(300):03d}"
        ev = [f"ev-{rng.randrange(5000)}" for _ in range(rng.randint(1, 3))]
        obs.append(
            Observation(
                observation_id=hashlib.sha256(f"{seed}:{i}".encode()).hexdigest()[:32],
                unit_key=unit,
                session_id=None if rng.random() < 0.1 else unit,
                project=rng.choice(["ledger-api", "tidewatch", "infra-tools", "web-console"]),
                facet=facet,
                statement=statement,
                tier=rng.choice([Tier.T0, Tier.T1, Tier.T2, Tier.T2, Tier.T2, Tier.T3]),
                strength=0.8,
                quote=statement if rng.random() < 0.7 else f"Well, {statement} please",
                evidence_ids=ev,
                timestamp=None if rng.random() < 0.05 else f"2026-10-{rng.randint(1, 28):02d}T09:00:00Z",
                model="offline",
                prompt_version="v1",
            )
        )
    obs.append(obs[7])  # the same object twice: it is not its own neighbour, either time
    return obs


@pytest.mark.parametrize("seed", [1, 2])
def test_indexed_fold_gives_the_pairwise_fold_rules(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    obs = _observations(2000, seed)
    expected = _reference_fold(obs, monkeypatch)
    got = fold(obs)
    assert len(expected) > 20 and any(r.superseded_by for r in expected)  # rarity-weighted Dice merges more
    assert max(r.support_observations for r in expected) > 200  # large clusters, many merges
    assert [r.model_dump() for r in got] == [r.model_dump() for r in expected]


def test_clusters_keep_members_and_cluster_order(monkeypatch: pytest.MonkeyPatch) -> None:
    obs = sorted(_observations(1500, 4), key=lambda o: (o.timestamp or "", o.observation_id))
    got = fold_mod._clusters(obs)
    expected = _reference_clusters(obs)
    assert len(expected) > 20
    assert [[id(o) for o in c] for c in got] == [[id(o) for o in c] for c in expected]


def test_centralities_round_as_the_exact_sum_even_on_a_rounding_boundary(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    vocab = [f"word{i}" for i in range(25)] + ["use", "tests", "commit", "the", "code"]  # rare and common
    toks = [frozenset(rng.sample(vocab, rng.randint(0, 6))) for _ in range(40)]
    toks = [rng.choice(toks) for _ in range(900)]  # many repeats
    same = list(range(len(toks)))
    same[10], toks[10] = same[3], toks[3]  # one member listed twice
    assert fold_mod._centralities(toks, same) == _reference_centralities(toks, same)
    # two sets of 128 tokens of weight 1, one shared: Dice 2/256 = 0.0078125 lies exactly on a
    # 6-decimal boundary, where the rounding follows the correctly rounded sum
    monkeypatch.setattr(sim_mod, "weight", lambda t: 1.0)
    big = [frozenset(f"a{i}q" for i in range(127)) | {"sharedq"}, frozenset(f"b{i}q" for i in range(127)) | {"sharedq"}]
    assert similarity(big[0], big[1]) == 1 / 128
    for members in (big, [big[0], big[1], big[1]], [big[0]] * 3 + [big[1]] * 5):
        ids = list(range(len(members)))
        assert fold_mod._centralities(members, ids) == _reference_centralities(members, ids)
