"""An activity tracker whose failures' excerpts are cut in runs: `BatchedExcerpts`.

Cut one at a time between a reader's parsing, a failure's excerpt cost about twice what it costs
in a run of cuts (over the bench corpora, 15 against 9.6 us a call; stubbed, the reader saves
22-25 us a failure): the cut's code and its RE2/`re` tables leave the CPU's caches between two
tool outputs. So the excerpts wait, each turn's place held in `turns`, and are cut together at
`finish` or every `_RUN` failures; the list is the same. (Recording every tracker call and
replaying them all in runs was tried too: no faster, the recording costs what the rest saves.)

Only for readers that read no turn before `finish` and call it on every path that returns turns
(Claude Code reads its turns for replay bursts, the Copilot legacy path never calls `finish`: they
keep `Activity`). What waits is bounded: `_RUN` outputs, each cut to what its excerpt reads
(`activity.bounded_output`).
"""

from __future__ import annotations

from typing import Any

from persona_pipeline.core.models import Turn, TurnKind
from persona_pipeline.core.sources.activity import (
    Activity,
    Edits,
    Summarize,
    Where,
    bounded_output,
    excerpt,
    t3_turn,
)

_RUN = 256  # failures whose excerpts wait at most (what they hold stays bounded)


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
            turns[i] = t3_turn(where, TurnKind.TOOL_ERROR, text, excerpt(body), signal)
        self._failures.clear()

    def finish(self) -> None:
        if self._failures:
            self._cut()
        super().finish()


_PLACE: Any = None  # a failure's place in `turns` until its excerpt is cut
