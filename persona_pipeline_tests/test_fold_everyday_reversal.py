"""Everyday reversals and denied changes (issue 15, rev45c C6/C9).

- A substitution naming both sides is a change of habit the digester reads as a rule and the fold
  lets supersede the older choice: "we replaced X with Y", "I swapped X out for Y", "we dropped X
  for Y", "Y replaced X" between two names (WordNet 3.0's replace.v.01, substitute.v.01,
  trade.v.04, supplant.v.01).
- A negated verb of ending or change keeps what it governs (a double negative): "never stop using
  X", "don't remove X", "we never dropped X" prefer X; "we never moved X to Y" keeps X, rejects Y.
  Such a denial supersedes nothing it agrees with and never names a group a plain wording states.

Rows are our own (cooking, cycling, accounting, gardening, music, tools), none from an eval pool; the
reviewer's rows (rev46c) are marked.
"""

from __future__ import annotations

import pytest

from persona_pipeline.persona.digest import reading
from persona_pipeline.persona.digest.similarity import denies_change, stance
from persona_pipeline.persona.fold import STANCE_WEIGHT, fold
from persona_pipeline_tests.test_fold_slot_reversal import _observations


def _current(old: str, new: str) -> tuple[list[str], list[str]]:
    rules = fold(_observations([old], [new]))
    return [r.statement for r in rules if r.superseded_by is None], [r.statement for r in rules if r.superseded_by]


SUBSTITUTIONS = [
    ("always log every expense in quickbooks", "we dropped quickbooks for xero last month"),
    ("always track the rides with strava", "I swapped strava out for komoot"),
    ("always use pandas for the dataframes", "we replaced pandas with polars"),
    ("always use pandas for the dataframes", "we dropped pandas for polars"),
    ("always format the code with black", "ruff replaced black, so format with ruff"),
    ("always log every expense in sage", "xero has taken over from sage"),
]


@pytest.mark.parametrize(("old", "new"), SUBSTITUTIONS)
def test_substitution_naming_both_sides_supersedes(old: str, new: str) -> None:
    assert reading.read(new).rule and reading.read(new).reversal
    current, _ = _current(old, new)
    assert not any(c.lower().startswith(old[:20]) for c in current), current
    assert any(c.lower().startswith(new[:12].lower()) for c in current), current


NOT_A_CHANGE_OF_HABIT = [
    "strava replaced its route builder",  # a thing's own part: a description
    "the new hire replaced the old intern",  # not two names
    "the airline replaced aisle seats with pods",  # someone else's substitution
]


@pytest.mark.parametrize("text", NOT_A_CHANGE_OF_HABIT)
def test_substitution_of_another_is_no_rule(text: str) -> None:
    assert not reading.read(text).rule


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("always track the rides with strava", "my brother swapped strava out for komoot"),
        ("always log every expense in quickbooks", "maybe we should replace quickbooks with xero next year"),
    ],
)
def test_substitution_of_another_or_hedged_supersedes_nothing(old: str, new: str) -> None:
    current, superseded = _current(old, new)
    assert any(c.lower().startswith(old[:20]) for c in current), current
    assert not superseded


DENIALS = [
    # (text, preferred, rejected): the stems stance reads
    ("never stop using grammarly", {"grammarly"}, set()),
    ("don't remove the comments", {"commen"}, set()),
    ("never drop the tests", {"test"}, set()),
    ("we never dropped grammarly", {"grammarly"}, set()),
    ("we never switched from npm", {"npm"}, set()),
    ("don't switch to yarn", set(), {"yarn"}),
    ("we never moved rose pruning to autumn", {"prune", "rose"}, {"autumn"}),
    # the means of the ending is refused: the hooks kept, the flag rejected
    ("don't skip hooks with --no-verify", {"hook"}, {"no-verify"}),
]


@pytest.mark.parametrize(("text", "pos", "neg"), DENIALS)
def test_negated_verb_of_ending_or_change_keeps_its_object(text: str, pos: set[str], neg: set[str]) -> None:
    p, n = stance(text, STANCE_WEIGHT)
    assert pos <= p and not (pos & n), (p, n)
    assert neg <= n and not (neg & p), (p, n)
    assert denies_change(text)


def test_plain_rejections_unchanged() -> None:
    assert stance("stop skipping tests", STANCE_WEIGHT)[1] >= {"test"}
    assert stance("never use pandas", STANCE_WEIGHT)[1] >= {"panda"}
    assert stance("we dropped pandas for polars", STANCE_WEIGHT) == (frozenset({"polars"}), frozenset({"panda"}))
    assert not denies_change("always proof the dough overnight")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("always proof the dough overnight in the fridge", "we never stopped proofing the dough overnight"),
        ("always prune the roses in late winter", "we never moved rose pruning to autumn"),
        ("always proofread with grammarly", "we never dropped grammarly"),  # rev45c C6 zb5
    ],
)
def test_denied_change_neither_supersedes_nor_names(old: str, new: str) -> None:
    current, superseded = _current(old, new)
    assert not superseded
    assert any(c.lower().startswith(old[:20]) for c in current), current


def test_denied_change_is_no_reversal() -> None:
    assert not reading.reversal("we never dropped grammarly")
    assert not reading.reversal("we never stopped proofing the dough overnight")
    assert reading.reversal("we stopped proofing the dough overnight")


OUT_IN_AND_PASSIVE = [
    ("always knit the socks with bamboo needles", "bamboo needles are out, steel ones are in"),
    ("always log every expense in quickbooks", "out with quickbooks, in with xero"),
    ("always log every expense in quickbooks", "quickbooks got replaced by xero"),
]


@pytest.mark.parametrize(("old", "new"), OUT_IN_AND_PASSIVE)
def test_out_in_idiom_and_passive_substitution_supersede(old: str, new: str) -> None:
    assert reading.read(new).reversal
    current, _ = _current(old, new)
    assert not any(c.lower().startswith(old[:20]) for c in current), current
    assert current


def test_passive_substitution_reads_the_subject_as_left() -> None:
    assert stance("quickbooks got replaced by xero", STANCE_WEIGHT) == (frozenset({"xero"}), frozenset({"quickbooks"}))


@pytest.mark.parametrize(
    "text", ["the butter is out of the fridge", "sage is out for maintenance", "the french beans are in"]
)
def test_out_or_in_alone_is_no_change(text: str) -> None:
    assert not reading.read(text).reversal


# rev46c C1: a word that only starts like a verb of ending or change is no denial ("not dropbox")
@pytest.mark.parametrize(
    ("text", "rejected"),
    [
        ("invoices live in google drive now, not dropbox", "dropbo"),
        ("we shop at aldi these days, not trader joe's", "joe"),
        ("time intervals with the app now, not stopwatches", "stopwa"),
        ("not quite seawater", "seawat"),
    ],
)
def test_a_verb_stem_inside_a_name_is_no_denial(text: str, rejected: str) -> None:
    p, n = stance(text, STANCE_WEIGHT)
    assert rejected in n and rejected not in p, (p, n)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("always store invoices in dropbox", "invoices live in google drive now, not dropbox"),
        ("always shop at trader joe's", "we shop at aldi these days, not trader joe's"),
    ],
)
def test_reversal_with_a_rejected_name_still_supersedes(old: str, new: str) -> None:
    current, _ = _current(old, new)
    assert not any(c.lower().startswith(old[:20]) for c in current), current


# rev46c C4: a negated progressive change is no change
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("always run payroll in quickbooks", "we're not switching payroll to gusto"),
        ("always use sage for bookkeeping", "I'm not replacing sage with xero"),
        ("always use sage for bookkeeping", "we're not dropping sage for xero"),
    ],
)
def test_negated_progressive_change_supersedes_nothing(old: str, new: str) -> None:
    assert not reading.reversal(new)
    current, superseded = _current(old, new)
    assert not superseded
    assert any(c.lower().startswith(old[:20]) for c in current), current


def test_a_change_scoped_to_this_thing_is_one_task() -> None:
    # no noun list tells where a change holds (a machine) from where it is one edit (a file): both
    # are read as tasks, and the older rule stands (when unsure, no supersession)
    assert not reading.read("colima replaced docker on this laptop, so write colima commands").rule
    assert not reading.read("install node on this laptop").rule
    current, superseded = _current(
        "always build the image with docker build", "colima replaced docker on this laptop, so write colima commands"
    )
    assert not superseded and any(c.lower().startswith("always build") for c in current), current


# rev46c C9: a person replaced, or a denied passive, read without recursion, and no change of habit
@pytest.mark.parametrize(
    "text",
    [
        "I was replaced by a younger teacher at the school",
        "we were replaced by contractors last year",
        "i got replaced by a script",
        "sage was never replaced by xero",
        "sage wasn't replaced by xero",
    ],
)
def test_passive_of_a_person_or_denied_is_no_change(text: str) -> None:
    assert not reading.reversal(text)
    current, superseded = _current("always use sage for bookkeeping", text)
    assert not superseded and "Always use sage for bookkeeping." in current


# rev46c C10: a hedge, report, condition or doubt around the pair or the passive
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("always use rim brakes on road bikes", "maybe rim brakes are out and disc brakes are in"),
        ("always use rim brakes on road bikes", "rim brakes are out, disc brakes are in, I think"),
        ("always use rim brakes on road bikes", "rim brakes are out, disc brakes are in, or so the shop claims"),
        ("always use rim brakes on road bikes", "if rim brakes are out and disc brakes are in, I'll need a new bike"),
        ("always use rim brakes on road bikes", "supposedly rim brakes are out, disc brakes are in"),
        ("always use sage for bookkeeping", "sage got replaced by xero, or so I'm told"),
        ("always use sage for bookkeeping", "apparently sage got replaced by xero"),
        ("always use sage for bookkeeping", "if sage got replaced by xero, the reports would break"),
        ("always use sage for bookkeeping", "xero is in, sage is out, says my accountant"),
    ],
)
def test_hedged_pair_or_passive_keeps_the_older_rule(old: str, new: str) -> None:
    current, superseded = _current(old, new)
    assert not superseded
    assert any(c.lower().startswith(old[:20]) for c in current), current


# rev46c C12: the person's substitution of two ordinary things is as often one occasion: no rule
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("always use butter in the pastry", "I replaced the butter with sugar by mistake"),
        ("always use butter in the pastry", "I swapped butter for oil today"),
        ("always use nylon strings", "we replaced the nylon strings with steel ones on her guitar"),
        ("always seat the quiet kids at the front", "I swapped the quiet kids with the loud ones for the fire drill"),
    ],
)
def test_one_off_substitution_supersedes_nothing(old: str, new: str) -> None:
    current, superseded = _current(old, new)
    assert not superseded
    assert any(c.lower().startswith(old[:20]) for c in current), current


def test_plain_pair_and_passive_still_supersede() -> None:
    for old, new in [
        ("always use rim brakes on road bikes", "rim brakes are out, disc brakes are in"),
        ("always use sage for bookkeeping", "sage has been swapped out for xero"),
        ("always use sage for bookkeeping", "we replaced sage with xero"),
    ]:
        current, _ = _current(old, new)
        assert current and not any(c.lower().startswith(old[:20]) for c in current), (new, current)


# rev46c C8: "these days" said of other people in general is no change of the person's
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("always fly ryanair to dublin", "everyone flies aer lingus to dublin these days"),
        ("no, always fly ryanair to dublin", "everyone flies aer lingus to dublin these days"),
        ("always keep lesson plans in a paper diary", "most people keep lesson plans in notion these days"),
    ],
)
def test_others_these_days_supersedes_nothing(old: str, new: str) -> None:
    assert not reading.reversal(new)
    current, superseded = _current(old, new)
    assert not superseded
    assert any(c.lower().startswith(old.removeprefix("no, ")[:20]) for c in current), current


def test_a_norm_for_a_class_of_things_is_still_a_change() -> None:
    assert reading.reversal("all bugs get a failing test first from now on")


# rev46c C14: a negative subject or an approximate negator denies the substitution
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("always use sage for bookkeeping", "none of us replaced sage with xero"),
        ("always use sage for bookkeeping", "neither of us replaced sage with xero"),
        ("always use sage for bookkeeping", "nobody ever swapped sage out for xero"),
        ("always use sage for bookkeeping", "we hardly replaced sage with xero"),
        ("use tabs in makefiles", "nobody replaced tabs with spaces in makefiles"),
    ],
)
def test_negative_subject_denies_the_substitution(old: str, new: str) -> None:
    assert not reading.reversal(new)
    current, superseded = _current(old, new)
    assert not superseded
    assert any(c.lower().startswith(old[:20]) for c in current), current
