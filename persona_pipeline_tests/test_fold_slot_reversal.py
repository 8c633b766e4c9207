"""A newer reversal that puts another named thing in a slot (a head noun: the pan, the mower, the
database) supersedes the older rule that filled that slot; a remark about the slot's state ("my
skillet is dirty now"), a choice for another slot of the same kind ("our analytics database"), or a
value that agrees leaves the older rule standing.

Sentences written for these tests (household, garden, kitchen, sport, and developer tools as a
reviewer's probes put them): none is from an eval pool or the sample corpus.
"""

from __future__ import annotations

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Observation
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.fold import fold


def _inp(unit: str, text: str, day: int) -> DigestInput:
    ts = f"2026-10-{day:02d}T09:00:00Z"
    ev = [EvidenceView(evidence_id=f"{unit}-0", tier=Tier.T2, kind="prompt", excerpt=text, timestamp=ts, project="p")]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


def _observations(old: list[str], new: list[str]) -> list[Observation]:
    """The older sentences said in two sessions each, then the newer ones, each in two sessions."""
    texts = [*old, *new]
    inputs = [_inp(f"s{k}-{n}", t, 1 + 2 * k + n) for k, t in enumerate(texts) for n in range(2)]
    return [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]


def _trimmed(text: str) -> str:
    return text[0].upper() + text[1:] + "."


def _superseded(old: str, new: str) -> list[str]:
    return [r.statement for r in fold(_observations([old], [new])) if r.superseded_by is not None]


# (older rule, newer statement about the same head noun that does not replace what fills it)
# rev43 R1: a remark about the slot's state, or a choice for another slot of the same kind
REVIEW_R1 = [
    ("keep secrets in the vault server", "our main server is overloaded now, move cron jobs off it"),
    ("always run migrations against the postgres database", "our production database is huge these days"),
    ("always sear steaks in the nonstick skillet", "my skillet is dirty now, wash it"),
    ("keep secrets in the vault server", "grafana is our dashboard server now"),
    ("always run migrations against the mysql app database", "clickhouse is our analytics database now"),
]
# rev43 R2: superseded on main 0bbc849 (a state for a tool, a narrower slot, an abbreviation)
REVIEW_R2 = [
    ("my editor is neovim, keep the config in lua", "my editor is laggy now, disable treesitter"),
    ("our logger is structlog, log json", "our logger is noisy now"),
    ("always run migrations against the postgres database", "our database is sluggish now"),
    ("always run migrations against the postgres database", "our database is huge now, paginate every query"),
    ("our test runner is pytest, keep fixtures small", "vitest is our frontend runner now"),
    ("my editor is neovim, keep the config in lua", "typora is my markdown editor now"),
    ("our primary database is postgres", "sqlite is our test database now"),
    ("always use the postgres database", "pg is our database now"),
]
# rev43's probes that kept both on main: guards
REVIEW_GUARDS = [
    ("run the seed script against the staging database", "our staging database is read-only now"),
    ("keep the jobs declarative in the jenkins pipeline", "the pipeline is green again now"),
    ("deploy with the helm chart, never kubectl apply", "the chart is outdated now, bump it"),
    ("run the linter in the husky hook", "our hook is slow these days"),
    ("log through the structlog logger", "our logger is verbose now"),
    ("write docs in the mkdocs site", "the site is stale now, rebuild it"),
    ("keep it postgres-compatible, that's our reporting database", "our reporting database is overloaded now"),
    ("keep it postgres-compatible, that's our reporting database", "postgres is still our database now"),
    ("use the vitest runner for unit tests", "our runner is flaky now, retry failures twice"),
    ("always use the staging cluster for load tests", "our cluster is kubernetes now"),
    ("deploy through the argocd pipeline", "our pipeline is slow these days, cache the images"),
    ("use ruff, our linter is ruff", "ruff is our linter still, nothing changed"),
    ("our build server is jenkins, keep the jobs declarative", "our build server is down again now"),
    ("our database is postgres, use its jsonb columns", "the database is flaky these days"),
    ("my editor is vscode, use its settings sync", "vscode is still my editor now"),
    ("our formatter is ruff, run it before commits", "ruff format is our formatter now"),
    ("our database is postgres", "our database is postgres 16 now"),
    ("don't use redis as a cache", "memcached is the cache now"),
    ("our package manager is pnpm", "the package manager is broken on windows now"),
    ("use the redis cache for sessions", "cloudflare is our cdn cache now"),
]
# far domains: a state is no value; another modifier is another slot; the same value agrees
OWN = [
    ("my kettle is a Smeg, descale it every month", "my kettle is slow now, boil water in the pan"),
    ("our mower is a Honda, sharpen the blade each spring", "our mower is broken now, borrow the neighbours' one"),
    ("my bike is a Brompton, oil the chain weekly", "my bike is filthy these days, hose it down"),
    ("our freezer is a Liebherr, defrost it every spring", "our freezer is full now, eat the peas first"),
    ("always proof the dough in the wicker banneton", "the banneton is mouldy now, scrub it"),
    ("our bread flour is Caputo, buy the big sack", "Shipton is our pastry flour now"),
    ("our lawn fertiliser is Westland, feed in april", "Miracle-Gro is our rose fertiliser now"),
    ("my road shoe is a Hoka, replace them every season", "Saucony is my trail shoe now"),
    ("our kitchen cleaner is Ecover, spray the counters daily", "Method is our bathroom cleaner now"),
    ("my kettle is a Smeg, descale it every month", "the Smeg is still my kettle now"),
    ("our mower is a Honda, sharpen the blade each spring", "Honda is our mower these days"),
]


@pytest.mark.parametrize(("old", "new"), REVIEW_R1 + REVIEW_R2 + REVIEW_GUARDS + OWN)
def test_a_state_another_slot_or_an_agreeing_value_keeps_the_older_rule(old: str, new: str) -> None:
    lost = _superseded(old, new)
    assert not any(_trimmed(old).lower() == s.lower() for s in lost), lost
