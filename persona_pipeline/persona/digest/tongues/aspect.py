"""Aspect in other languages: a single brief act asked for, and an event reported as done again.

- The delimitative ("do it a bit", "have a look"): Chinese V一下 and V一V, Japanese -てみて
  "try doing", Korean 한번 "once", German modal particle "mal" (from "einmal", once) in a
  request, Russian imperative particle -ка, Hindi ज़रा "just". It asks for one act, as English
  "this time" does; a habitual adverb in the same sentence overrides it ("every time, run X a bit").
- A repetition reported as having happened: Chinese 又 (repetition realised, where 再 is a
  repetition to come) with the perfective 了, Japanese また with the past -た, Korean 또 with
  the past -았/었 (a syllable closed by ㅆ): "X has broken again" describes an event, as English
  "is red again" does.
"""

from __future__ import annotations

from persona_pipeline.persona.digest.tongues import sources as S
from persona_pipeline.persona.digest.tongues.markers import Marker

SINGLE_ACT: tuple[Marker, ...] = (
    Marker("zh", ("一下", r"(?P<vyv>[\u4e00-\u9fff])一(?P=vyv)"), S.ZH, bound=True),
    Marker("ja", ("てみて", "でみて"), S.JA, bound=True),
    Marker("ko", ("한번", "한 번"), S.KO, bound=True),
    # the particle, not the noun "Mal" of "jedes Mal", "zum ersten Mal", "das letzte Mal" (after
    # a bare "das" it is the particle: the pronoun object before it)
    Marker(
        "de",
        (
            "(?<!jedes |dieses |nächstes |letztes |zum |beim |ein |kein |erstes |ersten |manches |zweites )"
            r"(?<!das erste |das letzte |das nächste |das zweite |das dritte )mal",
        ),
        S.DE,
    ),
    Marker("ru", (r"(?<=\w)-ка(?!\w)",), S.RU, bound=True),
    Marker("hi", ("ज़रा", "जरा"), S.HI),
)

# a Hangul syllable closed by ㅆ: the past -았/었 fused with its stem ("했", "졌", "됐"), not 있 "be"
_PAST_SYLLABLE = (
    "[" + "".join(chr(c) for c in range(0xAC00, 0xD7A4) if (c - 0xAC00) % 28 == 20 and chr(c) != "있") + "]"
)

AGAIN_DONE: tuple[Marker, ...] = (
    Marker("zh", ("又[^再]*了$",), S.ZH, bound=True),
    Marker("ja", ("また.*(?:た|だ)$",), S.JA, bound=True),
    Marker("ko", (f"또.*{_PAST_SYLLABLE}",), S.KO, bound=True),
)
