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
from persona_pipeline.persona.digest.reading import assignment, filled_slots, slot_assignment
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


# (older rule, newer reversal naming the slot by its head noun): no word but the slot is shared
SUPERSEDED = [
    ("always sear steaks in the nonstick skillet", "cast iron is our skillet now, it holds heat evenly"),
    (
        "keep it on the trellis, that's our climbing rose support",
        "bamboo canes are the support now, they bend without snapping",
    ),
    ("our household detergent is Persil, buy the big box", "Ariel is the detergent now, it rinses out cleaner"),
    ("my racket is a Wilson, string it at fifty pounds", "Babolat is my racket now, the grip suits me"),
    ("always grill on the kamado grill, it holds its heat", "Weber kettles are our grill now, they light faster"),
    ("our mower is a Honda, sharpen the blade each spring", "Stihl is our mower now, it starts first pull"),
    ("our lawn fertiliser is Westland, feed in april", "Miracle-Gro is our lawn fertiliser now"),
    # an adjective written as a name, with a capital inside the sentence
    ("my paint is a Dulux emulsion, two coats on every wall", "my paint is Pure now, one coat covers"),
]


@pytest.mark.parametrize(("old", "new"), SUPERSEDED)
def test_a_reversal_naming_the_slot_supersedes_the_older_choice(old: str, new: str) -> None:
    current = _current([old], [new])
    assert current == [_trimmed(new)], current


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


def test_slot_head_kind_and_value() -> None:
    assert assignment("our everyday frying pan is the cast-iron one") is None  # a determiner phrase
    assert slot_assignment("Ariel is our laundry detergent now") == ("detergent", ("laundry",), "ariel")
    assert slot_assignment("our laundry detergent is Ariel") == ("detergent", ("laundry",), "ariel")
    # an adjective describes the slot, a word of use picks the filler: neither is a kind
    assert slot_assignment("our primary database is postgres") == ("database", (), "postgres")
    assert slot_assignment("my main editor is helix") == ("editor", (), "helix")
    slot, value = assignment("keep it on the trellis, that's our climbing rose support") or ("", "")
    assert slot == "support" and "trellis" in value
    assert ("pan", "nonstick") in filled_slots("always cook in the nonstick pan, it heats evenly")
    assert all(s != "now" for s, _ in filled_slots("the kettle is our grill now"))


def test_a_copula_or_preposition_is_no_modifier_of_a_filled_slot() -> None:
    """rev43 R4: "my editor is neovim" fills (editor, neovim), never (neovim, "editor is")."""
    for text in ["my editor is neovim, keep the config in lua", "our kettle is a smeg, descale it in march"]:
        for slot, value in filled_slots(text):
            assert not {slot, *value.split()} & {"is", "in", "a"}, (slot, value)
    # an adjective after the noun is its predicate, not a head the noun modifies
    assert filled_slots("keep the seedlings moist in the cold frame") == [("frame", "cold")]


@pytest.mark.parametrize("word", ["slow", "overloaded", "dirty", "huge", "flaky", "laggy", "mouldy", "broken"])
def test_a_state_word_is_no_name(word: str) -> None:
    assert state(word)


@pytest.mark.parametrize("word", ["trellis", "iron", "kettles", "neovim", "postgres", "honda", "racket"])
def test_a_thing_is_no_state(word: str) -> None:
    assert not state(word)


def test_a_state_remark_is_no_reversal() -> None:
    """A remark on how a slot is changes no habit: it neither takes the reversal's place in the
    policy nor supersedes the choice it is said beside."""
    from persona_pipeline.persona.fold import _reverses

    assert not _reverses("our smeg kettle is slow now, descale it monthly")
    assert _reverses("Stihl is our mower now, it starts first pull")
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
