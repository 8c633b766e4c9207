"""`turn_fast.make_turn` must build the very `Turn` the validating constructor builds, and fall
back to validation for anything not of the declared type."""

from __future__ import annotations

import pydantic
import pytest

from persona_pipeline.core.models import Tier, Turn, TurnKind
from persona_pipeline.core.sources.turn_fast import ALL_FIELDS, NO_ENTRY_UUID, NO_TRUNCATED, make_turn, make_user_turn

ARGS = (
    3,
    120,
    "u-1",
    "s-1",
    "2026-09-01T09:00:00Z",
    "/w",
    Tier.T1,
    TurnKind.CORRECTION,
    "opener",
    "no, not that",
    "ctx",
    True,
)
NAMES = list(Turn.model_fields)


@pytest.mark.parametrize("fields", [ALL_FIELDS, NO_TRUNCATED, NO_ENTRY_UUID])
def test_same_turn_as_the_validating_constructor(fields: frozenset[str]) -> None:
    args = list(ARGS)
    if "truncated" not in fields:
        args[11] = False
    if "entry_uuid" not in fields:
        args[2] = None
    fast = make_turn(*args, fields_set=fields)
    slow = Turn(**{k: v for k, v in zip(NAMES, args, strict=True) if k in fields})
    assert fast == slow
    assert list(fast.__dict__.items()) == list(slow.__dict__.items())  # the order of a dump too
    assert fast.model_fields_set == slow.model_fields_set
    assert fast.model_dump_json() == slow.model_dump_json()
    assert hash(fast) == hash(slow)
    with pytest.raises(pydantic.ValidationError):
        fast.text = "x"  # type: ignore[misc]  # still frozen


@pytest.mark.parametrize("signal", [None, "opener"])
def test_user_turn_is_make_turns(signal: str | None) -> None:
    context = "ctx" if signal else ""
    fast = make_user_turn(3, 120, "u-1", "s-1", "2026-09-01T09:00:00Z", "/w", signal, "no", context)
    tier, kind = (Tier.T1, TurnKind.CORRECTION) if signal else (Tier.T2, TurnKind.PROMPT)
    args = (3, 120, "u-1", "s-1", "2026-09-01T09:00:00Z", "/w", tier, kind, signal, "no", context, False)
    slow = Turn(**dict(zip(NAMES, args, strict=True)))
    assert fast == slow and list(fast.__dict__.items()) == list(slow.__dict__.items())
    assert fast.model_fields_set == slow.model_fields_set and fast.model_dump_json() == slow.model_dump_json()
    with pytest.raises(pydantic.ValidationError):  # a value of another type goes through validation
        make_user_turn(3, 120, "u-1", "s-1", 12.5, "/w", signal, "no", "")  # type: ignore[arg-type]


def test_a_shared_fields_set_is_never_changed_through_one_turn() -> None:
    """Turns made from one keyword set share its fields set: no turn may change it in place."""
    a, b = make_turn(*ARGS), make_user_turn(1, 0, None, None, None, None, None, "x", "")
    before = set(b.model_fields_set)
    with pytest.raises(pydantic.ValidationError):
        a.cwd = "/elsewhere"  # type: ignore[misc]  # frozen: refused before the set is touched
    copied = a.model_copy(update={"cwd": "/elsewhere"})
    narrowed = make_turn(*ARGS, fields_set=NO_TRUNCATED).model_copy(update={"truncated": True})
    assert copied.cwd == "/elsewhere" and "truncated" in narrowed.model_fields_set
    assert b.model_fields_set == before == ALL_FIELDS
    assert make_turn(*ARGS, fields_set=NO_TRUNCATED).model_fields_set == NO_TRUNCATED


def test_values_of_other_types_are_validated() -> None:
    args = list(ARGS)
    args[6] = "T2"  # a plain string for the enum: pydantic coerces it, as before
    t = make_turn(*args)
    assert type(t.tier) is Tier and t.tier is Tier.T2
    args = list(ARGS)
    args[4] = 12345  # not a string: rejected, as before
    with pytest.raises(pydantic.ValidationError):
        make_turn(*args)
    args = list(ARGS)
    args[0] = True  # a bool for an int: left to pydantic
    assert make_turn(*args) == Turn(**dict(zip(NAMES, args, strict=True)))


def test_epoch_milliseconds_format_as_the_datetime_path() -> None:
    """`iso_from_epoch`'s integer path gives what `datetime.fromtimestamp(v / 1000)` gives."""
    import random
    from datetime import UTC, datetime

    from persona_pipeline.core.sources.chat_turns import _MS_MAX, _MS_MIN, iso_from_epoch

    def slow(v: int) -> str:
        return datetime.fromtimestamp(v / 1000, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")

    rng = random.Random(5)
    values = [rng.randrange(_MS_MIN + 1, _MS_MAX) for _ in range(100_000)]
    values += [*range(_MS_MIN + 1, _MS_MIN + 3000), *range(_MS_MAX - 3000, _MS_MAX)]
    values += [1788253203945, 1700000000000, 1767225599999, 1767225600000]  # around a new year
    for v in values:
        assert iso_from_epoch(v) == slow(v), v
    assert iso_from_epoch(_MS_MAX + 123) == slow(_MS_MAX + 123)  # beyond the range: the datetime path
    assert iso_from_epoch(1788253203.5) == "2026-09-01T09:00:03.500Z"  # seconds, as a float
