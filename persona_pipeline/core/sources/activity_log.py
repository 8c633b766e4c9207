"""Deferred activity trackers: the calls recorded and replayed in runs (`DeferredActivity`), or
only the failures' excerpts cut in runs (`BatchedExcerpts`).

Handled one at a time between a reader's parsing, a tool call's outcome (a failure's summary,
excerpt and open-error bookkeeping, a recovery's similarity test, the turn) cost about twice what
the same calls cost replayed in a run: the activity code and the cut's tables leave the CPU's
caches between two tool outputs (measured: opencode.db 3.8-4.9 ms in place against 2.2-2.5 ms
replayed, Gemini JSON 3.0 against 1.5). So a reader whose calls need no answer back records them
here; they are replayed through an `Activity` every `_RUN` calls and at `finish`, and each turn
made is put where that `Activity` would have appended it at the time of the call (after the turns
the reader had made by then, before the ones it made after), so the turns are the same list.

Only for readers that neither read their turns nor ask the tracker anything (`ok`, `succeeded`,
`pending`: not offered here) before `finish`, and call it on every path that returns turns. What
waits is bounded: `_RUN` calls, each holding its raw input (as an open call does) and a failure's
output cut to what its excerpt reads (`activity.bounded_output`).
"""

from __future__ import annotations

from typing import Any

from persona_pipeline.core.models import Tier, Turn, TurnKind
from persona_pipeline.core.sources.activity import Activity, Edits, Summarize, Where, bounded_output, excerpt
from persona_pipeline.core.sources.turn_fast import NO_TRUNCATED, make_turn

_RUN = 256  # calls replayed together at most (what they hold stays bounded)


class DeferredActivity:
    """`Activity`'s interface for readers (`call`, `result`, `done`, `todo`, `finish`), deferred."""

    __slots__ = ("_inner", "_log", "turns")

    def __init__(self, turns: list[Turn], summarize: Summarize, edits: Edits, edit_tools: frozenset[str]) -> None:
        self.turns = turns
        self._inner = Activity([], summarize, edits, edit_tools)  # its turns: only those of one replay
        # (len(turns) at the call, the `Activity` method, its arguments)
        self._log: list[tuple[int, Any, tuple[Any, ...]]] = []

    def call(self, call_id: str, tool: str, raw: Any, where: Where) -> None:
        self._add(_CALL, (call_id, tool, raw, where))

    def done(self, call_id: str, tool: str, raw: Any, where: Where) -> None:
        self._add(_DONE, (call_id, tool, raw, where))

    def result(self, call_id: str, outcome: str, where: Where, body: str = "", signal: str = "is_error") -> None:
        self._add(_RESULT, (call_id, outcome, where, bounded_output(body) if body else body, signal))

    def todo(self, items: Any, where: Where) -> None:
        self._add(_TODO, (items, where))

    def _add(self, method: Any, args: tuple[Any, ...]) -> None:
        log = self._log
        log.append((len(self.turns), method, args))
        if len(log) >= _RUN:
            self._replay()

    def finish(self) -> None:
        self._replay()
        self._inner.turns = self.turns  # its last turns appended after every other, then all sorted
        self._inner.finish()

    def _replay(self) -> None:
        """The waiting calls through the tracker; each turn made put after the turns the reader had
        made at its call (`made` is in call order, so one merge pass places them all)."""
        log = self._log
        if not log:
            return
        made_turns = self._inner.turns
        inner = self._inner
        made: list[tuple[int, Turn]] = []
        for at, method, args in log:
            before = len(made_turns)
            method(inner, *args)
            if len(made_turns) > before:
                made.extend((at, t) for t in made_turns[before:])
        log.clear()
        made_turns.clear()
        if not made:
            return
        turns = self.turns
        start = i = made[0][0]
        merged: list[Turn] = []
        for at, turn in made:
            if at > i:
                merged.extend(turns[i:at])
                i = at
            merged.append(turn)
        merged.extend(turns[i:])
        turns[start:] = merged  # in place (the reader's conversation appends to this list), from the first


_CALL, _DONE, _RESULT, _TODO = Activity.call, Activity.done, Activity.result, Activity.todo


class BatchedExcerpts(Activity):
    """An `Activity` whose failures' excerpts are cut together at `finish` (or every `_RUN`), not
    one at a time between tool outputs: each failure's turn keeps its place in `turns` until then.
    For a reader that reads no turn before `finish` and calls it on every path returning turns."""

    __slots__ = ("_failures",)

    def __init__(self, turns: list[Turn], summarize: Summarize, edits: Edits, edit_tools: frozenset[str]) -> None:
        super().__init__(turns, summarize, edits, edit_tools)
        self._failures: list[tuple[int, Where, str, str, str]] = []  # (place in turns, where, text, output, signal)

    def _failed(self, where: Where, text: str, body: str, signal: str) -> None:
        key = (where[0], text)
        if key in self._keys:
            return
        self._keys.add(key)
        self._failures.append((len(self.turns), where, text, bounded_output(body), signal))
        self.turns.append(_PLACE)
        if len(self._failures) >= _RUN:
            self._cut()

    def _cut(self) -> None:
        turns = self.turns
        for i, where, text, body, signal in self._failures:
            line_no, offset, uuid, ts, session_id, cwd = where
            turns[i] = make_turn(
                line_no,
                offset,
                uuid if isinstance(uuid, str) else None,
                session_id,
                ts if isinstance(ts, str) else None,
                cwd,
                Tier.T3,
                TurnKind.TOOL_ERROR,
                signal,
                text,
                excerpt(body),
                False,
                NO_TRUNCATED,
            )
        self._failures.clear()

    def finish(self) -> None:
        if self._failures:
            self._cut()
        super().finish()


_PLACE: Any = None  # a failure's place in `turns` until its excerpt is cut
