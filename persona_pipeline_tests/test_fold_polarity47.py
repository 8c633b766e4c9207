"""Whose change, and is it one; what a negation refuses (issue 15, session 47: C10, C12, C8, C5, C6, C7).

- C10: a change governed by a modal of possibility ("X could get swapped for Y") or placed in
  another's place ("… at my aunt's café") is no reversal: it neither names nor supersedes the
  person's rule.
- C12: a change undone, regretted or counted once ("… once and rued it", "… but went back") is no
  reversal either.
- C5: "never send the invoices by post, email is faster" refuses the means, not the sending: it
  neither supersedes nor contradicts "always send the invoices …" (negation_focus).
- C6: a judgement said after every other wording of its group and against it ("X is overrated",
  "X is a waste of time") supersedes the older rule; an agreeing one supports it.
- C7: "I don't regret switching to X" prefers X (litotes); "unsalted" rejects "salted" (a negative
  prefix read by morphology, its stem checked in the word-frequency list).
- C8: a change adverbial said of a third-person subject ("my cousins ride X these days", "most
  anglers use Y nowadays") reports others; the person's own ("we ride X these days") still
  supersedes.

Rows are our own (bookkeeping, cycling, baking, gardening, travel, music), none from an eval pool.
"""

from __future__ import annotations

import time

import pytest

from persona_pipeline.persona.digest import change_reading, negation_focus, reading
from persona_pipeline.persona.fold import STANCE_WEIGHT, fold, stance
from persona_pipeline_tests.test_fold_slot_reversal import _observations


def _fold(old: str, new: str) -> tuple[list[str], list[str]]:
    rules = fold(_observations([old], [new]))
    return [r.statement for r in rules if r.superseded_by is None], [r.statement for r in rules if r.superseded_by]


def _stands(old: str, new: str) -> None:
    current, superseded = _fold(old, new)
    assert any(c.lower().startswith(old[:18].lower()) for c in current), current
    assert not superseded, superseded


def _replaced(old: str, new: str) -> None:
    _, superseded = _fold(old, new)
    assert any(s.lower().startswith(old[:18].lower()) for s in superseded), superseded


# --- C10: possible, or someone else's ------------------------------------------------------------

POSSIBLE = [
    ("always keep the ledgers in quickbooks", "quickbooks could get replaced by freshbooks"),
    ("always record the gigs with a zoom recorder", "the zoom recorder might be swapped for a tascam"),
    ("always prune with felco secateurs", "we may switch from felco to bahco secateurs"),
    ("always back up the photos to backblaze", "backblaze would probably be replaced by wasabi"),
]
ELSEWHERE = [
    ("always bake the sourdough in a dutch oven", "we replaced the dutch oven with a combi oven at my aunt's cafe"),
    ("always log the rides in strava", "I swapped strava for komoot at my cousin's cycling club"),
    ("always keep the ledgers in quickbooks", "we replaced quickbooks with freshbooks in their office"),
]


@pytest.mark.parametrize(("old", "new"), POSSIBLE + ELSEWHERE)
def test_possible_or_elsewhere_change_neither_names_nor_supersedes(old: str, new: str) -> None:
    r = reading.read(new)
    assert not r.rule and not r.reversal, r
    assert not reading.reversal(new)
    _stands(old, new)


@pytest.mark.parametrize(
    "text",
    [
        "we swapped strava for komoot at home",  # no owner: the person's own place
        "we replaced quickbooks with freshbooks at our company's office",  # a group the speaker owns
        "we switched from felco to bahco in a week's time",  # a genitive of measure, no owner
        "we should switch from felco to bahco secateurs",  # a decision, not a possibility
    ],
)
def test_own_place_or_decision_is_not_disowned(text: str) -> None:
    assert not reading.disowned(" ".join(text.lower().split())), text


def test_own_change_still_supersedes() -> None:
    _replaced("always track the rides with strava", "I swapped strava for komoot at home")


# --- C12: undone, regretted, once ----------------------------------------------------------------

RETRACTED = [
    ("always send the newsletter with mailchimp", "we swapped mailchimp for brevo once and rued it"),
    ("always log the rides in strava", "I replaced strava with komoot last spring but went back"),
    ("always plan the sprints in trello", "we moved from trello to asana and then switched back"),
    ("always keep the ledgers in quickbooks", "we replaced quickbooks with freshbooks and hated it"),
    ("always bake with butter", "I substituted ghee for butter one time"),
]


@pytest.mark.parametrize(("old", "new"), RETRACTED)
def test_retracted_change_is_no_reversal(old: str, new: str) -> None:
    r = reading.read(new)
    assert not r.rule and not r.reversal, r
    _stands(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("always send the newsletter with mailchimp", "we swapped mailchimp for brevo and love it"),
        ("always plan the sprints in trello", "once we moved to asana, the sprints got easier, plan them in asana"),
    ],
)
def test_change_kept_is_not_retracted(old: str, new: str) -> None:
    assert not change_reading.retracted(" ".join(new.lower().split()))


# --- C8: the subject's grammatical person ---------------------------------------------------------

OTHERS = [
    ("always fly with aer lingus", "my parents fly with ryanair these days"),
    ("always use peat compost in the pots", "most gardeners use coir compost in the pots nowadays"),
    ("always proof the dough overnight", "bakers proof the dough for two hours now"),
    ("always string the guitar with elixir strings", "their guitarist strings it with ernie ball now"),
    ("always ship parcels with royal mail", "many sellers ship parcels with evri these days"),
    ("always ship parcels with royal mail", "priya's shop ships parcels with evri these days"),
]


@pytest.mark.parametrize(("old", "new"), OTHERS)
def test_third_person_subject_reports_others(old: str, new: str) -> None:
    assert not reading.reversal(new)
    assert not reading.read(new).rule
    _stands(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("always fly with aer lingus", "we fly with ryanair these days"),
        ("always fly with aer lingus", "fly with ryanair from now on"),
    ],
)
def test_first_person_or_imperative_change_supersedes(old: str, new: str) -> None:
    assert reading.reversal(new)
    _replaced(old, new)


@pytest.mark.parametrize(
    "clause",
    [
        "we fly with ryanair these days",
        "our team ships on fridays now",  # a group the speaker owns (WordNet noun.group)
        "ship with evri from now on",  # an imperative
        "invoices live in google drive now",  # a thing kept somewhere, not a party
        "my editor is zed these days",  # a copular assignment, read as a slot
        "all parcels go by courier from now on",  # a norm for the whole class
    ],
)
def test_not_a_third_party(clause: str) -> None:
    assert not change_reading.others_subject(clause)


# --- linear time on long runs of the patterns' pieces ---------------------------------------------


@pytest.mark.parametrize(
    "piece",
    ["at my aunt's ", "might get ", "and went back ", "and hated it ", "once ", "my parents ", "for a "],
)
def test_linear_on_long_runs(piece: str) -> None:
    text = "we replaced x with y " + piece * 4000
    start = time.perf_counter()
    reading.disowned(text)
    change_reading.others_subject(text)
    assert time.perf_counter() - start < 2.0


# --- C5: a negation a contrast puts on the final adjunct --------------------------------------------

ADJUNCT = [
    # (older rule, newer refusal of a means only, the adjunct's stem, a stem of the act not refused)
    ("always tip the porters generously", "never tip the porters in euros, local currency is better", "euro", "tip"),
    (
        "always water the roses every morning",
        "never water the roses with a sprinkler, a can is gentler",
        "sprink",
        "ros",
    ),
    ("always send the invoices on the first", "never send the invoices by post, email is faster", "post", "invoic"),
    ("always pay the plumber promptly", "don't pay the plumber in cash, use a bank transfer", "cash", "plumbe"),
    ("always water the lawn deeply", "never water the lawn with a hosepipe, a sprinkler is gentler", "hose", "lawn"),
    (
        "always practise the scales daily",
        "never practise the scales on the piano, the guitar is better",
        "piano",
        "scale",
    ),
]


@pytest.mark.parametrize(("old", "new", "means", "act"), ADJUNCT)
def test_negated_adjunct_refuses_only_the_means(old: str, new: str, means: str, act: str) -> None:
    _, rejected = negation_focus.refocused(new, STANCE_WEIGHT) or (frozenset(), frozenset())
    assert any(t.startswith(means[:4]) for t in rejected), rejected
    assert not any(t.startswith(act[:3]) for t in rejected), rejected
    _, superseded = _fold(old, new)
    assert not superseded, superseded


@pytest.mark.parametrize(
    "text",
    [
        "never tip the porters",  # no adjunct: the act itself refused
        "never tip the porters in euros",  # no contrast names the alternative: left as read
        "never tip the porters in euros, they complain",  # the next clause is no alternative
        "always tip the porters in cash, cards are slower",  # not negated
    ],
)
def test_no_contrast_no_refocus(text: str) -> None:
    assert negation_focus.refocused(text, STANCE_WEIGHT) is None


def test_whole_refusal_still_supersedes() -> None:
    _replaced("always tip the porters generously", "never tip the porters")


def test_refused_adjunct_supersedes_the_rule_naming_it() -> None:
    # the older rule asked for the very means the newer one refuses
    # (a rare means: the fold weighs only words of Zipf <= 5.6 for conflicts, so "cash" would not count)
    _replaced("always pay the plumber with paypal", "never pay the plumber with paypal, a bank transfer is safer")


# --- C7: double negatives and negative prefixes -----------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("never use brevo for the newsletter", "I don't regret switching to brevo for the newsletter"),
        ("never book with easyjet", "we never regretted moving to easyjet"),
        ("avoid linode for the servers", "I don't regret moving to linode for the servers"),
    ],
)
def test_negated_regret_prefers_its_object(old: str, new: str) -> None:
    preferred, rejected = stance(new, STANCE_WEIGHT)
    assert preferred and not rejected, (preferred, rejected)
    _replaced(old, new)


@pytest.mark.parametrize(
    "text",
    [
        "I don't use brevo for the newsletter",  # a plain negated habit: refused
        "I don't love brevo for the newsletter",  # a negated positive verb: refused
        "I don't miss the tripod for landscapes at all",  # feeling about its absence: refused (C11)
        "we don't miss planing the boards by hand",
    ],
)
def test_negated_neutral_or_positive_verb_still_refuses(text: str) -> None:
    assert negation_focus.litotes(text, STANCE_WEIGHT) is None
    assert stance(text, STANCE_WEIGHT)[1]


@pytest.mark.parametrize(
    ("text", "kept", "refused"),
    [
        ("bake with unsalted butter", "unsalt", "salt"),
        ("buy unsweetened almond milk", "unsweet", "sweet"),
        ("avoid unsalted butter", "salt", "unsalt"),  # refusing the negated word prefers its stem
    ],
)
def test_negative_prefix_sets_its_stem_against(text: str, kept: str, refused: str) -> None:
    p, n = stance(text, STANCE_WEIGHT)
    assert any(t.startswith(kept[:5]) for t in p), (p, n)
    assert any(t.startswith(refused[:4]) for t in n), (p, n)


@pytest.mark.parametrize(
    "text",
    [
        "unpack the boxes first",  # un- on a verb reverses an action: no negation
        "disconnect the router before updating",
        "understand the recipe before shopping",  # "under" is no prefix
        "the dish needs more salt",  # no prefix at all
    ],
)
def test_reversative_or_no_prefix_unchanged(text: str) -> None:
    assert not negation_focus.prefix_negated(text, STANCE_WEIGHT)


# --- C6: a newer opposite judgement -----------------------------------------------------------------

OPPOSITE_JUDGEMENTS = [
    ("always grind the coffee beans fresh", "freshly ground coffee beans are overrated"),
    ("always mulch the vegetable beds", "mulching the vegetable beds is a waste of time"),
    ("always iron the linen napkins", "ironed linen napkins are overrated"),
    ("always varnish the oak shelves", "varnishing the oak shelves is a waste of money"),
]


@pytest.mark.parametrize(("old", "new"), OPPOSITE_JUDGEMENTS)
def test_newer_opposite_judgement_contradicts(old: str, new: str) -> None:
    current, superseded = _fold(old, new)
    assert any(s.lower().startswith(old[:18]) for s in superseded), (current, superseded)
    assert any(c.lower().startswith(new[:18]) for c in current), current


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("always grind the coffee beans fresh", "freshly ground coffee beans are wonderful"),  # agrees
        ("always mulch the vegetable beds", "mulching the vegetable beds is worth the effort"),
    ],
)
def test_newer_agreeing_judgement_supports(old: str, new: str) -> None:
    _stands(old, new)


def test_older_judgement_does_not_beat_a_newer_rule() -> None:
    # the judgement said first, the rule after: the newer rule stands
    _, superseded = _fold("freshly ground coffee beans are overrated", "always grind the coffee beans fresh")
    assert not any(s.lower().startswith("always grind") for s in superseded), superseded


@pytest.mark.parametrize(
    ("word", "negative"),
    [("overrated", True), ("overpriced", True), ("overcooked", True), ("over", False), ("overhead", False)],
)
def test_over_participle_is_a_judgement_of_excess(word: str, negative: bool) -> None:
    assert (negation_focus.derived_valence(word) < 0) is negative


# --- a third party's preference (C8's plain shape; rev47c M2) ------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "my sister prefers oat milk in her coffee",
        "my parents would rather take the sleeper train",
        "most anglers prefer braided line for pike",
        "their drummer loves maple sticks",
    ],
)
def test_third_party_preference_is_no_rule(text: str) -> None:
    assert not reading.read(text).rule


@pytest.mark.parametrize(
    "text",
    [
        "we prefer oat milk in the lattes",
        "I would rather take the sleeper train",
        "our team prefers trunk-based merges",
    ],
)
def test_own_preference_is_a_rule(text: str) -> None:
    assert reading.read(text).rule


def test_third_party_preference_supersedes_nothing() -> None:
    _stands("always take the ferry to the island", "my parents prefer the plane to the island")


@pytest.mark.parametrize(
    "text",
    [
        "we switched to pnpm and never went back",  # a return denied: the change stands
        "so we switched back to vim",  # a change back said as the change itself
        "we moved to pnpm at once",  # "at once": immediately, not one time
        "we replaced yarn with pnpm in the project's config",  # a thing's genitive, not another's place
    ],
)
def test_lasting_own_change_still_a_reversal(text: str) -> None:
    assert reading.reversal(text), text
    assert not reading.disowned(" ".join(text.lower().split()))


@pytest.mark.parametrize(
    "text",
    [
        "we dropped the devcontainer, it's a nix flake now",  # "it's": a contraction, no genitive
        "no more singletons in the game loop",  # no verb after the bare plural: a fragment
        "tabs from now on, spaces are out",
        "columns and fields both snake_case going forward",
        "the old app died, so we use komoot now",  # the change's clause is the person's
    ],
)
def test_own_reversal_shapes_are_not_about_others(text: str) -> None:
    assert reading.reversal(text), text


def test_opening_adverbial_carries_the_clause_after_it() -> None:
    assert reading.about_others("these days, my parents fly ryanair")
    assert not reading.about_others("these days, we fly ryanair")


def test_bare_name_ending_in_s_is_no_party() -> None:
    assert reading.reversal("no more sqlite, postgres only going forward")


# --- reviewer rows (rev47c C1–C4, C6 on e636294/ea1355d) ------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # C1: "your" is the agent addressed; an imperative is the person's own instruction
        "from now on write the changelog in your own words",
        "going forward, keep the tally in your notebook",
        # C2: the modal governs a reason beside the rule, not the rule
        "always pin the chainring bolts with threadlocker, they might move otherwise",
        "always reef early because the wind could change fast",
        # C3: an instruction after "and", not a past change undone
        "from now on tune with the clip-on tuner, and go back to ear tuning only for gigs",
        "from now on, run the tests and revert anything that breaks them",
        "from now on, tune the drum once before the set",
        # C4: the person's own things, or a norm for a class of things
        "our builds run on github actions now",
        "my photos go to backblaze these days",
        "releases get a changelog entry from now on",
        # C6: a possessed thing is no party
        "our house style prefers short captions",
    ],
)
def test_reviewer_rules_stay_rules(text: str) -> None:
    assert reading.read(text).rule, reading.read(text)


def test_reviewer_instruction_with_your_supersedes() -> None:
    # rev47c C1: the older rule must not be the pack's bullet
    current, _ = _fold("always keep the boat hook on the foredeck", "from now on keep the boat hook in your locker")
    assert not any(c.lower().startswith("always keep the boat hook") for c in current), current


def test_person_named_by_a_possessed_noun_is_a_third_party() -> None:
    assert change_reading.others_subject("my teacher prefers slow practice")
    assert not change_reading.others_subject("our house style prefers short captions")
    assert change_reading.names_person("neighbours") and not change_reading.names_person("builds")


@pytest.mark.parametrize(
    "text",
    [
        "don't stub the server in tests, use a real one",  # "one" stands for the object
        "never mock the database in tests, a real database is safer",  # the object's own word
    ],
)
def test_alternative_for_the_object_keeps_the_object_refused(text: str) -> None:
    assert negation_focus.refocused(text, STANCE_WEIGHT) is None


# --- a habit ended, an attitude come to (rev47c C7 rows) -------------------------------------------

ENDED_OR_COME_TO = [
    ("always stretch before a climb", "I've stopped stretching before climbs"),
    ("I enjoy long rides in the rain", "I've grown to hate long rides in the rain"),
    ("never knead the dough by hand", "I've come to love kneading the dough by hand"),
    ("always oil the chain after rides", "we quit oiling the chain after rides"),
]


@pytest.mark.parametrize(("old", "new"), ENDED_OR_COME_TO)
def test_ended_habit_or_new_attitude_supersedes(old: str, new: str) -> None:
    _replaced(old, new)


@pytest.mark.parametrize(
    "text",
    [
        "I stopped the timer before the climb",  # a one-time act on a thing: no habit ended
        "I've grown tomatoes in the greenhouse",  # no "to" + verb of attitude
    ],
)
def test_one_act_is_no_ended_habit(text: str) -> None:
    assert not negation_focus.ceased(text)
    assert negation_focus.ended_or_come_to(text, STANCE_WEIGHT) is None


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # rev47c C9/C10 rows: a stop bounded to a period or an occasion, or a mental state ended
        ("always stretch before a climb", "I stopped stretching before climbs for a week when my shoulder hurt"),
        ("always tape the hockey stick", "I stopped taping the stick during the summer break"),
        (
            "always rinse the reel after fishing",
            "I stopped rinsing the reel over the holidays",
        ),  # (rev47c C9, at merge)
        ("always oil the chain every week", "I've stopped worrying about the chain, just oil it every week"),
    ],
)
def test_bounded_stop_or_mental_state_ends_no_habit(old: str, new: str) -> None:
    assert not negation_focus.ceased(new)
    _, superseded = _fold(old, new)
    assert not any(s.lower().startswith(old[:18].lower()) for s in superseded), superseded


def test_stop_for_one_occasion_is_no_ended_habit() -> None:
    # (the fold still lets this sentence supersede, as on main: "quit" is read as a present habit)
    assert not negation_focus.ceased("I quit waxing the skis for one trip last winter because I ran out")
