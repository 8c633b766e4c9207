"""Reversals said the way people say them, without "now" (issue 15, session 48).

- A change said with the point it happened: temporal "since" with a noun phrase of a point or an
  event ("since the refit we sail with the small jib"), or a past verb of change with its destination
  and a past point ("switched over to ruff format last quarter"): read as "these days" is, so the
  newer wording supersedes (names) the older rule (`digest/change_time`).
- Look-alikes: causal "since" (a finite clause), a past point with no verb of change, a change of
  another person, hedged, retracted or bounded: no reversal, the older rule stands.

Every row is our own (sailing, gardening, bookkeeping, cycling, baking, music, woodwork, home
network, photography), none from an eval pool or the sample corpus.
"""

from __future__ import annotations

import time

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest import change_time, change_verdict, reading
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.fold import STANCE_WEIGHT, fold, stance
from persona_pipeline_tests.test_fold_slot_reversal import _inp, _observations


def _fold(*texts: str) -> tuple[list[str], list[str]]:
    """(current, superseded) statements, lower-cased: the first text said in two older sessions,
    each later one in two sessions after it."""
    rules = fold(_observations([texts[0]], list(texts[1:])))
    cur = [r.statement.lower().rstrip(".") for r in rules if r.superseded_by is None]
    return cur, [r.statement.lower().rstrip(".") for r in rules if r.superseded_by]


def _stands(old: str, cur: list[str]) -> bool:
    return any(c.startswith(old.lower()[:24]) for c in cur)


# --- a change said with when it happened -----------------------------------------------------------
SINCE_POINT = [
    ("always sail with the genoa", "since the refit we sail with the small jib"),
    ("always sail with the genoa", "since the refit, we sail with the small jib"),
    ("always water the tomatoes in the evening", "we water the tomatoes in the mornings since the heatwave"),
    ("always proof the dough in the fridge overnight", "ever since the new oven we proof the dough on the counter"),
    ("always tune the guitar to standard pitch", "we tune the guitar a half step down since last spring"),
    ("always shoot the photos in jpeg", "since june we shoot the photos in raw"),
]

DATED_CHANGE = [
    ("always format the code with black", "switched over to ruff format last quarter"),
    ("always track the rides with strava", "ride tracking went over to komoot in june"),
    ("render the diagrams with graphviz", "diagram rendering went over to mermaid last year"),
    ("always build the firmware with make", "in march firmware builds moved over to meson"),
    ("always sand the tabletops with the orbital sander", "tabletop sanding moved to a card scraper two months ago"),
    ("always keep the photo backups on the nas", "photo backups went over to backblaze last winter"),
]


@pytest.mark.parametrize(("old", "new"), SINCE_POINT + DATED_CHANGE)
def test_change_said_with_its_time_is_a_reversal(old: str, new: str) -> None:
    r = reading.read(new)
    assert r.rule and r.reversal, r
    cur, _ = _fold(old, new)
    assert not _stands(old, cur), cur
    assert any(c.startswith(new.lower()[:20]) for c in cur), cur


# causal "since" opens a finite clause; a past point with no verb of change tells what happened
NOT_A_CHANGE = [
    "since the tests are slow, run them in parallel",
    "since it rained we water the tomatoes less",
    "since the tests fail, keep the old runner",
    "since nobody reads the changelog, keep it short",
    "we went to the sailing club last week",
    "I moved to leeds last year",
    "the photos got backed up last year",
    "I moved the fixtures to a new folder",
    "the staging server moved to a new host last week",  # one thing's status: a description
    # rev48c S1: a since-phrase beside a fault, a behaviour, events or one thing's state
    "since the update, the mount won't park",
    "since the migration, the nightly job takes an hour",
    "since the outage we've lost two orders",
    "since the rebrand, the logo is blue",
    # rev48c S3/S4: another group's change; a journey or errand dated first
    "the whole guild went over to discord last year",
    "the rest of the club went over to discord last year",
    "two weeks ago the truck went to the mechanic",
    "in june the whole crew went to the brewing festival",
    "last week the kids went to the climbing gym",
]


@pytest.mark.parametrize("text", NOT_A_CHANGE)
def test_causal_since_or_undated_event_is_no_reversal(text: str) -> None:
    assert not reading.read(text).reversal


# the change of another, a hedge, a retraction or a bounded change leaves the older rule standing
GUARDED = [
    ("always sail with the genoa", "since the refit my brother sails with the small jib"),
    ("always track the rides with strava", "maybe ride tracking could move to komoot in june"),
    ("always format the code with black", "we switched over to ruff format last quarter but went back"),
    ("always shoot the photos in jpeg", "my parents shoot photos in raw since june"),
    ("always park the mount after every session", "since the update, the mount won't park"),  # rev48c S1
    ("always chat with the guild on the mailing list", "the whole guild went over to discord last year"),  # S3
]


@pytest.mark.parametrize(("old", "new"), GUARDED)
def test_guarded_dated_change_supersedes_nothing(old: str, new: str) -> None:
    cur, sup = _fold(old, new)
    assert _stands(old, cur), cur
    assert not any(s.startswith(old[:20]) for s in sup), sup


def test_when_phrase_is_left_out_of_the_topic() -> None:
    assert change_time.marked("ride tracking went over to komoot in june")
    assert change_time.unmarked("ride tracking went over to komoot in june") == "ride tracking to komoot"
    assert not change_time.marked("always track the rides with strava")


@pytest.mark.parametrize(
    "piece",
    [
        "since the ",
        "since the a b ",
        "switched over to x ",
        "went back to ",
        "in june moved to ",
        "last year ",
        ", back to ",
        "the x was a ",
        "x turned out to be ",
        "x" * 40,
        "since june, ",  # rev48c S7
        "since the a, ",
        "we went back to x, y was worse, ",
    ],
)
def test_change_readings_are_linear(piece: str) -> None:
    # the new patterns on 50-60k characters of their own pieces: well under a second each when
    # linear (a quadratic scan takes minutes); read() as a whole stays bounded too
    text = piece * (56_000 // len(piece))
    t0 = time.perf_counter()
    reading.REVERSAL.search(text)
    change_time.marked(text)
    change_time.unmarked(text)
    change_verdict.verdict_subject(text)
    assert time.perf_counter() - t0 < 3.0
    t0 = time.perf_counter()
    reading.read(text)
    assert time.perf_counter() - t0 < 15.0


# --- a verdict on the old way ----------------------------------------------------------------------
VERDICTS = [
    ("always bake with rye flour", "rye flour turned out to be a mistake, spelt works better"),
    ("always glue the chairs with hide glue", "hide glue proved a mistake on the chairs"),
    ("always store the photos on the nas", "storing photos on the nas turned out to be a terrible idea"),
    ("always practise scales with the metronome", "honestly metronome practice was a waste of time"),
    ("always log expenses in quickbooks", "quickbooks was a bad idea, xero handles it"),
    ("schedule the backups with cron", "cron has been a pain for the backups"),
]


@pytest.mark.parametrize(("old", "new"), VERDICTS)
def test_verdict_on_the_old_way_supersedes(old: str, new: str) -> None:
    r = reading.read(new)
    assert r.rule and r.reversal and r.why == "verdict", r
    cur, _ = _fold(old, new)
    assert not _stands(old, cur), cur
    assert any(c.startswith(_trim(new)[:20]) for c in cur), cur


def _trim(text: str) -> str:
    return text.removeprefix("honestly ")


# negated, hedged, asked, praised, said of a person or of one occasion: no verdict, the rule stands
NOT_VERDICTS = [
    ("always bake with rye flour", "the rye flour wasn't a mistake"),
    ("always bake with rye flour", "maybe the rye flour was a mistake"),
    ("always bake with rye flour", "was the rye flour a mistake?"),
    ("always bake with rye flour", "the rye flour turned out to be great"),
    ("always log expenses in quickbooks", "the new bookkeeper was a mistake"),
    ("always sail with the genoa", "the genoa was wet after the race"),
    ("always plan the sprint in a meeting", "the meeting was a disaster"),  # one occasion
    ("always practise scales with the metronome", "the metronome was a waste of time on the train"),
    # rev48c S5: one determined occasion or thing, a diagnosis
    ("always cater the gala with the local bakery", "the gala dinner ended up being a total failure"),
    ("always test the webhook against the sandbox", "the webhook turned out to be the problem"),
    ("always call the third-party api with retries", "the third-party api has been a pain all week"),
    ("always fire the kiln overnight", "last night's firing turned out to be a disaster"),
    # rev48c S9: another's view reported
    ("always style the booking page with tailwind", "some people think tailwind was a bad idea"),
    ("always format the dates with moment.js", "the article claims moment.js has been a pain for everyone"),
    ("always bundle the assets with grunt", "my team thinks grunt was a mistake"),
]


@pytest.mark.parametrize(("old", "new"), NOT_VERDICTS)
def test_no_verdict_leaves_the_rule(old: str, new: str) -> None:
    assert not change_verdict.verdict_subject(new)
    cur, sup = _fold(old, new)
    assert _stands(old, cur), cur
    assert not sup, sup


def test_verdict_rejects_its_subject() -> None:
    p, n = stance("rye flour turned out to be a mistake, spelt works better", STANCE_WEIGHT)
    assert {"rye", "flour"} <= n and not {"rye", "flour"} & p


# --- a return to the earlier way: the newest of three wins (rev47c M1) ------------------------------
RETURNS = [
    (
        "always track the rides with strava",
        "we switched to komoot for the rides",
        "we went back to strava, komoot was worse",
    ),
    (
        "always format the code with black",
        "we switched the formatter to ruff",
        "back to black for formatting, ruff was worse",
    ),
    (
        "always bake with rye flour",
        "we switched the bread to spelt flour these days",
        "I went back to rye flour, the spelt was a disaster",
    ),
    (
        "always brew the coffee in the moka pot",
        "I switched to the aeropress for coffee",
        "I went back to the moka pot for coffee, the aeropress was a pain",
    ),
    (
        "always edit the photos in lightroom",
        "we moved the photo edits to darktable",
        "we went back to lightroom for photo edits, darktable was a pain",
    ),
    (
        "always plan the routes in gaia",
        "we switched route planning to komoot",
        "switched back to gaia for route planning, komoot was worse",
    ),
]


@pytest.mark.parametrize(("first", "middle", "back"), RETURNS)
def test_return_to_the_first_way_supersedes_the_middle(first: str, middle: str, back: str) -> None:
    assert reading.read(back).reversal
    cur, _ = _fold(first, middle, back)
    assert not any(c.startswith(middle[:20]) for c in cur), cur  # the middle choice is stated no more
    assert any(c.startswith(back[:16].lower()) or c.startswith(first[:20]) for c in cur), cur


NOT_RETURNS = [
    "we switched to komoot for the rides but went back",  # undone: retracted, no rule
    "back to normal after the holidays",
    "we came back to the harbour at noon",
    "I'll get back to you on the route",
    "we went back to strava for the rides",  # a return with no alternative judged: no rule by itself
    # rev48c S6: a topic, a place, a branch resumed
    "ok, back to the menu bug",
    "I went back to the shop for more clay",
    "we went back to the crag on sunday",
    "we switched back to the main branch to check the fix",
    "I moved back to the old apartment last year",
]


@pytest.mark.parametrize("text", NOT_RETURNS)
def test_no_return_reversal(text: str) -> None:
    r = reading.read(text)
    assert not (r.rule and r.reversal), r


# rev48c S8: "done with" a step, a chapter, a meal is a status remark, not the end of a practice
@pytest.mark.parametrize(
    "text",
    [
        "we're done with step 2, on to step 3",
        "I'm finished with chapter three of the docs",
        "I'm done with code review for today",
        "ok, I'm done with testing, ship it",
    ],
)
def test_done_with_a_step_is_no_reversal(text: str) -> None:
    assert not reading.read(text).reversal


@pytest.mark.parametrize(
    "text",
    ["the rye flour was a mistake today", "the rye flour was a mistake for this loaf"],
)
def test_verdict_on_one_occasion_is_no_rule(text: str) -> None:
    assert not reading.read(text).rule


def _t1(unit: str, text: str, day: int) -> DigestInput:
    ts = f"2026-10-{day:02d}T09:00:00Z"
    ev = [
        EvidenceView(evidence_id=f"{unit}-0", tier=Tier.T1, kind="correction", excerpt=text, timestamp=ts, project="p")
    ]
    return DigestInput(unit_key=unit, session_id=unit, project="p", evidence=ev)


@pytest.mark.parametrize(
    ("corrections", "verdict"),
    [
        (
            ["no, keep the cotton batting in the quilts", "stop swapping the batting, cotton batting is fine"],
            "cotton batting turned out to be a mistake for the quilts",
        ),
        (
            ["no, the invoices stay in freshbooks", "stop exporting the invoices, freshbooks is fine for them"],
            "freshbooks turned out to be a mistake for the invoices",
        ),
    ],
)
def test_verdict_supersedes_an_older_correction(corrections: list[str], verdict: str) -> None:
    # a verdict whose linking verb reads like a slot ("turned out") is no hedge: as a newer reversal
    # it outranks the older corrections, whatever their tier
    inputs = [_t1(f"o{i}", t, 1 + i) for i, t in enumerate(corrections)]
    inputs += [_inp(f"n{k}", verdict, 10 + k) for k in range(2)]
    obs = [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]
    rules = fold(obs)
    cur = [r.statement.lower() for r in rules if r.superseded_by is None]
    assert any(c.startswith(verdict[:20]) for c in cur), cur
    assert not any(c.startswith(corrections[1][:20]) for c in cur), cur
