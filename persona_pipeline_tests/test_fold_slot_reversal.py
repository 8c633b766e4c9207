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
from persona_pipeline.persona.digest.thesaurus import state
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


def _current(old: list[str], new: list[str]) -> list[str]:
    return sorted(r.statement for r in fold(_observations(old, new)) if r.superseded_by is None)


# the newer reversal fills the slot with what the older already chose, or a thing of another slot,
# or the older statement rejects that filler: nothing is superseded
KEPT = [
    ("always cook in the cast-iron skillet", "the cast-iron skillet is our skillet now, nothing else"),
    ("never use the nonstick pan for searing", "cast iron is the pan now, it sears better"),
    ("water the roses with the rain barrel, it's our watering can", "Persil is the detergent now"),
    ("sharpen the bread knife before every loaf", "the chef's knife is where I start these days"),
]


@pytest.mark.parametrize(("old", "new"), KEPT)
def test_rules_that_agree_or_fill_another_slot_are_not_superseded(old: str, new: str) -> None:
    lost = _superseded(old, new)
    assert not any(_trimmed(old).lower() == s.lower() for s in lost), lost


@pytest.mark.parametrize("word", ["slow", "overloaded", "dirty", "huge", "flaky", "laggy", "mouldy", "broken"])
def test_a_state_word_is_no_name(word: str) -> None:
    assert state(word)


@pytest.mark.parametrize("word", ["trellis", "iron", "kettles", "neovim", "postgres", "honda", "racket"])
def test_a_thing_is_no_state(word: str) -> None:
    assert not state(word)


def test_a_state_remark_is_no_reversal() -> None:
    """A remark on how a slot is changes no habit: it neither takes the reversal's place in the
    policy nor supersedes the choice it is said beside."""
    old = ["our kettle is a smeg, descale the smeg kettle monthly"]
    new = ["our smeg kettle is slow now, descale it monthly"]
    assert not [r.statement for r in fold(_observations(old, new)) if r.superseded_by is not None]


@pytest.mark.parametrize(
    ("text", "relied_on"),
    [
        ("don't water it as the rain barrel does that", "rain barrel"),
        ("never iron them as the dryer smooths them anyway", "dryer"),
    ],
)
def test_a_causal_as_clause_stays_out_of_the_negation(text: str, relied_on: str) -> None:
    """rev43 R3: "as" opening a clause (a subject and a verb) gives the reason; what it names is
    relied on, not rejected (contra's pronoun-"as" scope was left out for this)."""
    from persona_pipeline.persona.digest.similarity import stance, tokens
    from persona_pipeline.persona.fold import STANCE_WEIGHT

    assert not tokens(relied_on) & stance(text, STANCE_WEIGHT)[1]


# rev44c's rows (read-only review of contra2): (older rule(s), newer statement, right outcome[, T1_ONCE]).
# KEPT: a remark on how/where a slot is, another kind of the slot, a scoped, negated, hypothetical,
# believed, asked or additive choice, another spelling of the same name, a many-valued slot, a
# definite noun phrase's ordinary modifier. SUP: a real reversal (main caught it; keep catching it).
K, S = "KEPT", "SUP"
T1_ONCE = "older said as a T1 correction, newer said once"
REV44C = [
    # C1
    ("keep secrets in the vault server", "our server is in frankfurt now", K),
    ("no, keep secrets in the vault server", "our server is in frankfurt now", K, T1_ONCE),
    ("my phone is a pixel, test the app on android first", "my phone is in the repair shop now", K),
    ("my bike is a Brompton, oil the chain weekly", "my bike is at the mechanic these days", K),
    ("our oven is a Neff, preheat it fully", "our oven is on the blink now", K),
    ("my laptop is a thinkpad, keep the battery at 80 percent", "my laptop is a brick now, it won't boot", K),
    ("our logger is structlog, log json", "our logger is a firehose now, sample the debug lines", K),
    ("our kettle is a Smeg, descale it monthly", "our kettle is kaput now", K),
    ("our ci runner is github actions, cache the wheels", "our ci runner is borked now", K),
    ("our build server is jenkins, keep the jobs declarative", "the build server is out of disk now", K),
    ("our database is postgres, use its jsonb columns", "the database is in frankfurt now", K),
    ("my camera is a Fuji, shoot raw", "my camera is at the repair shop now", K),
    ("our airline is KLM, book aisle seats", "our airline is a nightmare these days", K),
    ("always run migrations against the postgres database", "our database is on aws now", K),
    ("always run migrations against the postgres database", "our database is behind pgbouncer now", K),
    ("my editor is neovim, keep the config in lua", "my editor is a mess now, reset the plugins", K),
    ("our queue is rabbitmq, ack after processing", "our queue is at capacity now", K),
    ("our staging box is a hetzner vm, keep it patched", "our staging box is hosed now, rebuild it", K),
    (
        "our cache is redis, set a ttl on every key",
        "our cache is empty after every deploy now, which looks like a bug",
        K,
    ),
    ("our database is postgres, use its jsonb columns", "our database is a nightmare now", K),
    ("our database is postgres, use its jsonb columns", "the database is my headache these days", K),
    # C2
    ("our local database is sqlite, reset it between runs", "postgres is our remote database now", K),
    ("our internal registry is harbor", "dockerhub is our public registry now", K),
    ("our document database is mongo", "postgres is our relational database now", K),
    ("my work laptop is a thinkpad", "a macbook is my personal laptop now", K),
    # C3
    ("our database is postgres, use its jsonb columns", "for the mobile app, realm is our database now", K),
    ("our database is postgres, use its jsonb columns", "in the side project sqlite is our database now", K),
    ("my editor is neovim, keep the config in lua", "for notebooks, jupyterlab is my editor now", K),
    # C4
    ("my editor is neovim, keep the config in lua", "if zed is my editor now, the keymaps break", K),
    ("my editor is neovim, keep the config in lua", "zed is not my editor now", K),
    ("our database is postgres, use its jsonb columns", "mongo is no longer our database", K),
    ("our database is postgres, use its jsonb columns", "mongo isn't our database now, it was only a spike", K),
    ("our database is postgres, use its jsonb columns", "nobody said mongo is our database now", K),
    ("my editor is neovim, keep the config in lua", "zed isn't my editor any more", K),
    ("my racket is a Wilson, string it at fifty pounds", "a Babolat is not my racket now, I returned it", K),
    # C5
    ("our database is postgres, use its jsonb columns", "postgresql is our database now", K),
    ("my editor is neovim, keep the config in lua", "nvim is my editor now", K),
    ("my editor is vs code, sync the settings", "vscode is my editor now", K),
    ("our orchestrator is kubernetes, write helm charts", "k8s is our orchestrator now", K),
    # C10
    ("squash merges only, that's our policy", "trunk-based development is our policy now", K),
    ("always rebase before merging, that's our workflow", "github flow is our workflow now", K),
    ("our languages are python and go", "rust is our language now", K),
    # C11
    ("always test payments in the sandbox account", "stripe is our account now", K),
    ("always run the load tests against the replica cluster", "kubernetes is our cluster now", K),
    ("always develop inside the dev container", "podman is our container now", K),
    ("keep the spices in the pantry cupboard", "ikea is our cupboard now", K),
    # C16
    ("our database is postgres, use its jsonb columns", "sqlite is also our database now", K),
    ("our database is postgres, use its jsonb columns", "redis is our second database now", K),
    ("our database is postgres, use its jsonb columns", "Priya thinks mongo is our database now", K),
    ("our database is postgres, use its jsonb columns", "I wish cockroach were our database now", K),
    ("my editor is neovim, keep the config in lua", "wait, is helix my editor now", K),
    ("our language is go, keep binaries static", "python is our language now, but only for scripts", K),
    ("our database is postgres, use its jsonb columns", "mongo is our database now, right?", K),
    ("our database is postgres, use its jsonb columns", "apparently mongo is our database now, says the new cto", K),
    ("our database is postgres, use its jsonb columns", "imagine mongo is our database now", K),
    ("our database is postgres, use its jsonb columns", "suppose mongo is our database now, what breaks", K),
    ("our python is 3.12, use match statements", "somehow our python is 3.8 now, which breaks the walrus", K),
    # C19
    ("use sqlite for our test database, in memory", "postgres is our database now", K),
    (
        [
            "our analytics database is clickhouse, batch the inserts",
            "our app database is mysql, avoid vendor extensions",
        ],
        "postgres is our database now",
        K,
    ),
    ("our rose fertiliser is Miracle-Gro", "Westland is our fertiliser now", K),
    # C21
    ("my editor is neovim, keep the config in lua", "my editor is Slow now, disable treesitter", K),
    ("our kettle is a Smeg, descale it monthly", "ugh. Our kettle is Broken now", K),
    # right reversals (C6/C12/C15 rows main caught; contra2's target)
    ("install packages with npm, never yarn", "pnpm is our package manager now, install with it", S),
    ("lint with flake8 before pushing", "ruff is our linter now, run it before pushing", S),
    ("our default branch is master, open PRs against it", "our default branch is main now", S),
    ("my theme is light, keep the contrast high", "my theme is dark now", S),
    ("our indentation is tabs", "our indentation is spaces now", S),
    ("my editor is vim, keep the vimrc short", "sublime is my editor now", S),
    ("my browser is chrome", "brave is my browser now", S),
    ("our proxy is nginx", "caddy is our proxy now", S),
    ("our toolchain is stable", "nightly is our toolchain now", S),
    ("my editor is neovim, keep the config in lua", "zed is my editor now", S),
    ("our database is mysql, avoid vendor extensions", "pnpm is our package manager now", K),
    (
        "keep it MySQL-compatible, that's our production database",
        "Postgres is the database now, use its jsonb columns",
        S,
    ),
    ("our markdown editor is typora", "zed is my editor now", K),
    ("our database is mysql, avoid vendor extensions", "our database is postgres now", S),
    ("our proxy is apache, keep the vhosts small", "our proxy is nginx now", S),
    ("our formatter is yapf, run it on save", "our formatter is black now", K),
    ("our coffee is espresso, descale the machine monthly", "our coffee is filter now", S),
    ("our deploys are manual, announce them in chat", "our deploys are automatic now", S),
    ("our reviews are synchronous, pair on every PR", "our reviews are async now", S),
    ("our base image is debian, pin the digest", "our base image is Alpine now", K),
    ("my phone is a pixel, test the app on android first", "my phone is cracked now", K),
    ("our backup tool is borg, prune weekly", "restic is our backup tool now", S),
    ("my editor is vscode, sync the settings", "zed is my editor now, maybe for good", S),
    ("our ci is jenkins, keep jobs declarative", "buildkite is our ci now, one other tool less", S),
    ("our database is postgres and it runs on rds", "cockroach is our database now", S),
    ("our database is postgres, use its jsonb columns", "Marco reckons cockroach is our database now", K),
    ("our database is postgres, use its jsonb columns", "mongo is our database now, isn't it", K),
]


def _mixed(old: list[str], new: str, t1_once: bool) -> list[Observation]:
    inputs, day = [], 1
    for k, t in enumerate(old):
        for n in range(2):
            tier = Tier.T1 if t1_once else Tier.T2
            kind = "correction" if t1_once else "prompt"
            ev = [
                EvidenceView(
                    evidence_id=f"o{k}-{n}-0",
                    tier=tier,
                    kind=kind,
                    excerpt=t,
                    timestamp=f"2026-10-{day:02d}T09:00:00Z",
                    project="p",
                )
            ]
            inputs.append(DigestInput(unit_key=f"o{k}-{n}", session_id=f"o{k}-{n}", project="p", evidence=ev))
            day += 1
    for n in range(1 if t1_once else 2):
        inputs.append(_inp(f"n-{n}", new, day))
        day += 1
    return [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]


@pytest.mark.parametrize("case", REV44C, ids=lambda c: c[1][:60])
def test_rev44c_rows(case: tuple) -> None:
    old, new, right, *extra = case
    old = [old] if isinstance(old, str) else old
    rules = fold(_mixed(old, new, bool(extra)))
    lost = [r.statement.lower() for r in rules if r.superseded_by is not None]
    hidden = [o for o in old if any(s.endswith(o.lower()[-25:] + ".") for s in lost)]
    if right == K:
        assert not hidden, (lost, [r.statement for r in rules])
    else:
        assert hidden == old, (lost, [r.statement for r in rules])


# rev44c C23: a hedge word outside the slot clause leaves a plain reversal winning, across tiers too
PLAIN_REVERSALS = [
    ("no, always use pandas for dataframes", "from now on use polars, the team said pandas is too slow", Tier.T1),
    ("no, always squash commits before merging", "never squash commits anymore, it also loses history", Tier.T1),
    ("stick to es2017 syntax", "use es2022 features from now on, too much transpiling otherwise", Tier.T2),
    ("use yarn for installs", "we switched to pnpm for installs, also in ci", Tier.T2),
    ("use moment for dates", "stop using moment, use date-fns from now on, the other one is heavy", Tier.T2),
]


@pytest.mark.parametrize(("old", "new", "tier"), PLAIN_REVERSALS)
def test_a_hedge_word_outside_the_slot_clause_keeps_the_reversal(old: str, new: str, tier: Tier) -> None:
    inputs = []
    for n in range(2):
        kind = "correction" if tier is Tier.T1 else "prompt"
        ev = [
            EvidenceView(
                evidence_id=f"o-{n}-0",
                tier=tier,
                kind=kind,
                excerpt=old,
                timestamp=f"2026-10-{1 + n:02d}T09:00:00Z",
                project="p",
            )
        ]
        inputs.append(DigestInput(unit_key=f"o-{n}", session_id=f"o-{n}", project="p", evidence=ev))
        inputs.append(_inp(f"n-{n}", new, 3 + n))
    rules = fold([o for r in OfflineDigester().digest_many(inputs) for o in r.observations])
    current = [r.statement for r in rules if r.superseded_by is None]
    assert current == [_trimmed(new)], [(r.statement, r.superseded_by) for r in rules]
