"""A `Turn` built without pydantic's validation pass, for the readers' hot path.

`Turn(...)` validates twelve fields (~1.8 us a turn, more than the rest of a short prompt's
handling). The readers already hand it values of the declared types, so the object is assembled
directly: the same `__dict__` (every field, in declaration order, defaults filled in), the same
`__pydantic_fields_set__` as the keyword call it replaces, no extra or private state — equal to,
and dumped exactly like, a validated `Turn`. Safe because every value is checked for its exact
declared type first (one `type(x) is` test each, ~0.2 us); anything else — a str subclass, a bool
for an int, a raw string for an enum — goes through `Turn(...)` itself, so it is validated (or
rejected) exactly as before.
"""

from __future__ import annotations

from typing import Any

from persona_pipeline.core.models import Tier, Turn, TurnKind

# The keyword sets of the calls replaced (pydantic records which fields were passed).
ALL_FIELDS = frozenset(Turn.model_fields)
NO_TRUNCATED = ALL_FIELDS - {"truncated"}  # the activity stream's turns
NO_ENTRY_UUID = ALL_FIELDS - {"entry_uuid"}  # Codex prompts

_new = object.__new__


def _slot_setter(name: str) -> Any:
    """The `__set__` of the data descriptor `object.__setattr__(turn, name, v)` finds (the first
    class in Turn's MRO defining `name`: pydantic's BaseModel slots), looked up once: through
    `object.__setattr__` the four lookups cost ~0.15 us a turn."""
    return next(vars(c)[name] for c in Turn.__mro__ if name in vars(c)).__set__


# The fields set of every turn made here from one keyword set: one `set` shared, not one per turn
# (a 12-name set is ~0.7 KB to allocate, fill, track and free, more than the turn's own dict).
# Safe because a `Turn` is frozen: pydantic never changes a model's fields set in place except
# in `__setattr__`, which a frozen model refuses first, and `model_copy` copies it before its
# update (a test checks both).
_SHARED_FIELDS_SETS: dict[frozenset[str], set[str]] = {}


def _shared_fields_set(fields_set: frozenset[str]) -> set[str]:
    shared = _SHARED_FIELDS_SETS.get(fields_set)
    if shared is None:
        shared = _SHARED_FIELDS_SETS[fields_set] = set(fields_set)
    return shared


_set_dict = _slot_setter("__dict__")
_set_fields_set = _slot_setter("__pydantic_fields_set__")
_set_extra = _slot_setter("__pydantic_extra__")
_set_private = _slot_setter("__pydantic_private__")
_str = str
_OPTIONAL_STR = frozenset({str, type(None)})


def make_turn(
    line_no: int,
    byte_offset: int,
    entry_uuid: str | None,
    session_id: str | None,
    timestamp: str | None,
    cwd: str | None,
    tier: Tier,
    kind: TurnKind,
    correction_signal: str | None,
    text: str,
    context: str,
    truncated: bool,
    fields_set: frozenset[str] = ALL_FIELDS,
) -> Turn:
    """`Turn(**the passed fields)`, assembled directly when every value has its exact type."""
    values = {
        "line_no": line_no,
        "byte_offset": byte_offset,
        "entry_uuid": entry_uuid,
        "session_id": session_id,
        "timestamp": timestamp,
        "cwd": cwd,
        "tier": tier,
        "kind": kind,
        "correction_signal": correction_signal,
        "text": text,
        "context": context,
        "truncated": truncated,
    }
    if not (
        type(line_no) is int
        and type(byte_offset) is int
        and type(tier) is Tier
        and type(kind) is TurnKind
        and type(text) is _str
        and type(context) is _str
        and type(truncated) is bool
        and type(entry_uuid) in _OPTIONAL_STR
        and type(session_id) in _OPTIONAL_STR
        and type(timestamp) in _OPTIONAL_STR
        and type(cwd) in _OPTIONAL_STR
        and type(correction_signal) in _OPTIONAL_STR
    ):
        return Turn(**{k: v for k, v in values.items() if k in fields_set})
    turn = _new(Turn)
    _set_dict(turn, values)
    _set_fields_set(turn, _SHARED_FIELDS_SETS.get(fields_set) or _shared_fields_set(fields_set))
    _set_extra(turn, None)
    _set_private(turn, None)
    return turn


_T1, _T2, _CORRECTION, _PROMPT = Tier.T1, Tier.T2, TurnKind.CORRECTION, TurnKind.PROMPT
_ALL_FIELDS_SET = _shared_fields_set(ALL_FIELDS)


def make_user_turn(
    line_no: int,
    byte_offset: int,
    entry_uuid: str | None,
    session_id: str | None,
    timestamp: str | None,
    cwd: str | None,
    correction_signal: str | None,
    text: str,
    context: str,
) -> Turn:
    """`make_turn` of a kept prompt (T2) or, with a signal, a correction (T1), never truncated, for
    a caller whose `text` and `context` are exact `str`s it made itself (`Conversation.user`): only
    the values it was handed are type-checked (anything else goes through `make_turn`, validated)."""
    if not (
        type(line_no) is int
        and type(byte_offset) is int
        and type(entry_uuid) in _OPTIONAL_STR
        and type(session_id) in _OPTIONAL_STR
        and type(timestamp) in _OPTIONAL_STR
        and type(cwd) in _OPTIONAL_STR
        and type(correction_signal) in _OPTIONAL_STR
    ):
        correction = correction_signal is not None
        return make_turn(
            line_no,
            byte_offset,
            entry_uuid,
            session_id,
            timestamp,
            cwd,
            _T1 if correction else _T2,
            _CORRECTION if correction else _PROMPT,
            correction_signal,
            text,
            context,
            False,
        )
    correction = correction_signal is not None
    turn = _new(Turn)
    _set_dict(
        turn,
        {
            "line_no": line_no,
            "byte_offset": byte_offset,
            "entry_uuid": entry_uuid,
            "session_id": session_id,
            "timestamp": timestamp,
            "cwd": cwd,
            "tier": _T1 if correction else _T2,
            "kind": _CORRECTION if correction else _PROMPT,
            "correction_signal": correction_signal,
            "text": text,
            "context": context,
            "truncated": False,
        },
    )
    _set_fields_set(turn, _ALL_FIELDS_SET)
    _set_extra(turn, None)
    _set_private(turn, None)
    return turn
