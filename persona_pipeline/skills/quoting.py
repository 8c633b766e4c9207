"""The person's own words as a lesson: the clearest statement of a turn, trimmed of filler and
read with the digester's reading (`persona/digest/reading.py`), never rewritten.

The offline lesson builder's reading (issue 15, item 4; the note taker reads decisions the same
way in `notes/reading.py`, kept apart because skills and notes are independent layers): a
lesson's statement is a quote — a verbatim slice of the (redacted) turn, only its first letter
capitalised — and a turn whose sentences cannot be read with confidence gives nothing ("when
unsure, no lesson").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from persona_pipeline.persona.digest import reading

MAX_QUOTE = 240
_SENTENCE_START = re.compile(r"([.!?]\s+)([a-z])")


@dataclass(frozen=True)
class Quote:
    """A verbatim slice of a turn and how strongly the reading takes it as a standing statement."""

    text: str  # exactly as in the turn: a substring, so it can be grounded and cited
    strength: float  # 1.0 explicit, 0.5 weak (a bare imperative: a skill only if it recurs)
    why: str

    @property
    def statement(self) -> str:
        """The quote as a line of a skill: each sentence's first letter capitalised, one closing
        stop; the words themselves untouched (it still matches the quote, case aside)."""
        s = _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), self.text)
        s = s[:1].upper() + s[1:]
        return s if s[-1:] in ".!)`\"'" else s + "."


def _spans(text: str) -> list[tuple[int, int, reading.Reading]]:
    """(start, end, reading) of each sentence of `text`, the span being the reading's trimmed text
    found in place: positions in `text`, so any run of them is one verbatim slice."""
    out: list[tuple[int, int, reading.Reading]] = []
    pos = 0
    for sentence in reading.sentences(text):
        at = text.find(sentence, pos)
        if at < 0:
            continue
        pos = at + len(sentence)
        r = reading.read(sentence)
        inner = sentence.find(r.text) if r.text else -1
        if inner < 0:  # the reading changed the words: nothing here to quote
            continue
        out.append((at + inner, at + inner + len(r.text), r))
    return out


def quote_of(text: str, limit: int = MAX_QUOTE) -> Quote | None:
    """The clearest standing statement in a turn: its first sentence the reading takes as a rule,
    continued by the next sentences while they are explicit rules too ("run ruff before
    committing. always … first.") and fit in `limit`. None when no sentence reads as a rule —
    a question, a bug report, a request about one file or one moment."""
    spans = _spans(text)
    for i, (start, end, r) in enumerate(spans):
        if not r.rule or end - start > limit:
            continue
        strength, why = r.strength, r.why
        for nxt_start, nxt_end, nxt in spans[i + 1 :]:
            if not (nxt.rule and nxt.strength >= 1.0) or nxt_end - start > limit or "\n" in text[end:nxt_start]:
                break
            end, strength = nxt_end, max(strength, nxt.strength)
        return Quote(text[start:end].strip(), strength, why)
    return None
