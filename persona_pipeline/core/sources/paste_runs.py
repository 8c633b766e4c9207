"""Unfenced runs of pasted output inside a prompt: an error overlay, a program's stdout, a console.

`pasted.split_pasted` judges whole blocks (paragraphs) and regions that run to the end of a prompt;
a browser's or a dev server's error overlay copied at the head of a turn is neither: it spreads over
many short paragraphs (a title, the message, a source location, a code frame, a heading over the
frames), most too small for a block to count as a log, and the person's own lines sit above or
below it. This module reads such a turn line by line, by shape only:

- a line is **the person's** when it is in the first person singular or asks the agent for
  something (`I`, `me`, `my`, `please`, `can you` …) or opens as a rule does (always / never /
  don't / do not / "no,"): a run never crosses it, and it always stays;
- a line is an **anchor** when it is shaped like a tool's output: the shared strict shapes
  (`line_shapes.STRONG_LINE`, `ADJACENT_LINE`) and the overlay and console shapes below
  (`line_shapes.RUN_ANCHOR`): an error dialog's title, a source location with `(line:col)`, a code
  frame's gutter, a progress line ("Installing packages..."), a separator of `=` after a blank
  line; two columnar rows (two gaps of two spaces or more each) in one segment count as one (a
  table's; one row may be prose typed loosely);
- a line is a **label** when it is short (a few words) and not a sentence: a UI label, a frame's
  function name, a counter, a key and value;
- a line is **typed** when it has the shape people type and programs rarely print: at the margin,
  opening with a lower-case word, two words or more ("use zod for the config schema"); typed
  lines at a run's edges stay (the person's rule right above or under a trace, in the same
  paragraph), and a segment holding one is never absorbed between two outputs;
- everything else is **text**.
Segments are runs of lines within one paragraph between the person's lines. A segment holding an
anchor is output; a label or text segment between two output segments (no person's line between)
is output too (the message inside an overlay), unless it ends in a colon or a question mark (the
person's "and the second one:" between two pastes); a label segment of two lines or more beside
output is output (an overlay's "2 of 3 issues / Bundler 5.1 has an update" header), and so is one of
three lines or more, half of them labels, none a lead-in (an error page's title, message and
headings), and so is a bare URL on its own line (the page's address copied with it). A run of output
segments is cut when it has three lines or more, at least half of them anchors or labels.
The first line of a run stays when it introduces the paste: it ends in a colon or a question mark,
or the next line is already an anchor ("why does this crash?" / "fix this" over a traceback).

Every pass is linear in the prompt's lines; every pattern is anchored at a line's start and has no
nested quantifier over the same characters (`line_shapes.RUN_ANCHOR`'s test checks long lines).
"""

from __future__ import annotations

import re

from persona_pipeline.core.sources import line_shapes

# The person speaking: English first person singular (a closed class of the grammar: the personal
# and possessive pronouns) and the request forms addressed to the agent. Other languages' lines are
# never the person's by this test; they are text, which a run absorbs only between two outputs.
_PERSON = re.compile(
    r"\b(?:i|i'm|i've|i'd|i'll|im|ive|me|my|mine|myself|please|pls|plz|can you|could you|would you|will you)\b",
    re.IGNORECASE,
)
# A rule's opening: English's frequency adverbs of a standing rule and its negative imperative (the
# grammar's closed classes: always / never, don't / do not), or a correction's "no," — a line that
# opens so is the person's rule, never a tool's output ("never read config files synchronously")
_RULE_OPENING = re.compile(r"^\s*(?:[-*+•]\s+)?(?:always|never|don'?t|don’t|do not|no,)(?:\s|$)", re.IGNORECASE)
# A line as people type it and programs rarely print it: at the margin, opening with a lower-case
# word, two words or more ("use zod for the config schema"); a frame's function name is one word
# ("eval"), a traceback's code line is indented
_TYPED_SHAPE = re.compile(r"^[^\W\d_A-Z]+[\s,]+\S")
_FENCE = re.compile(r"^\s*(?:`{3,}|~{3,})")
_TOKEN = re.compile(r"\S+")
# two column gaps or more (two spaces or more between non-blanks): a table or a console's columns
_COLUMN_GAP = re.compile(r"\S {2,}(?=\S)")
# a line that is one URL and nothing else: the page's address copied with its error page
_BARE_URL = re.compile(r"^\s*[a-z][a-z0-9+.-]*://\S+\s*$", re.IGNORECASE)
LABEL_WORDS, LABEL_CHARS = 6, 60  # a label: at most this many words and characters
MIN_RUN_LINES = 3  # fewer lines of output are left to the digest's line shapes (`own_words`)

_BLANK, _PERSON_LINE, _ANCHOR, _LABEL, _TEXT, _FENCED, _ROW, _TYPED = range(8)


def _kind(line: str) -> int:
    s = line.strip()
    if not s:
        return _BLANK
    # a tool's own line shapes first: a code frame's "> 4 |   for i in rows:" holds an "i" too
    if line_shapes.STRONG_LINE.match(line) or line_shapes.RUN_ANCHOR.match(line):
        return _ANCHOR
    # the person's words before the loosest shape: "Error: when I save, nothing happens" is theirs
    if _PERSON.search(s) or _RULE_OPENING.match(s):
        return _PERSON_LINE
    if line_shapes.ADJACENT_LINE.match(line):
        return _ANCHOR
    if _TYPED_SHAPE.match(line):
        return _TYPED
    if len(_COLUMN_GAP.findall(s)) >= 2:
        return _ROW  # one such line may be prose typed with double spaces; two in a segment are a table
    if len(s) <= LABEL_CHARS and s[-1] not in ".!?;," and len(_TOKEN.findall(s)) <= LABEL_WORDS:
        return _LABEL
    return _TEXT


def _segments(kinds: list[int]) -> list[tuple[int, int]]:
    """(start, end) of each run of lines of one paragraph between the person's lines and fences."""
    out: list[tuple[int, int]] = []
    start = None
    for i, k in enumerate(kinds):
        if k in (_BLANK, _PERSON_LINE, _FENCED):
            if start is not None:
                out.append((start, i))
                start = None
        elif start is None:
            start = i
    if start is not None:
        out.append((start, len(kinds)))
    return out


def cut_output_runs(text: str) -> str | None:
    """`text` without its unfenced runs of pasted output (see the module's docstring), None when it
    has none."""
    lines = text.split("\n")
    if len(lines) < MIN_RUN_LINES:
        return None
    kinds: list[int] = []
    fence = False
    for n, line in enumerate(lines):
        if _FENCE.match(line):
            fence = not fence
            kinds.append(_FENCED)
        elif fence:
            kinds.append(_FENCED)
        elif line_shapes.SEPARATOR.match(line):
            kinds.append(_ANCHOR if n == 0 or not lines[n - 1].strip() else _LABEL)
        else:
            kinds.append(_kind(line))
    if _ANCHOR not in kinds and kinds.count(_ROW) < 2:
        return None
    segs = _segments(kinds)
    output = [_output_segment(kinds[a:b]) for a, b in segs]
    _absorb(lines, kinds, segs, output)
    gone = [False] * len(lines)
    changed = False
    i = 0
    while i < len(segs):
        if not output[i]:
            i += 1
            continue
        j = i
        while j + 1 < len(segs) and output[j + 1] and _joined(kinds, segs[j][1], segs[j + 1][0]):
            j += 1
        run = [n for a, b in segs[i : j + 1] for n in range(a, b)]
        # lines shaped as typed at the run's edges are the person's, beside the paste, not in it
        while run and kinds[run[0]] == _TYPED:
            run = run[1:]
        while run and kinds[run[-1]] == _TYPED:
            run = run[:-1]
        shaped = sum(kinds[n] in (_ANCHOR, _LABEL, _ROW) for n in run)
        if len(run) >= MIN_RUN_LINES and 2 * shaped >= len(run):
            first = run[0]
            if _introduces(lines, kinds, first):
                run = run[1:]
            for n in run:
                gone[n] = True
            changed = changed or bool(run)
        i = j + 1
    if not changed:
        return None
    kept = "\n".join(line for line, g in zip(lines, gone, strict=True) if not g)
    return re.sub(r"\n{3,}", "\n\n", kept).strip()


def _output_segment(kinds: list[int]) -> bool:
    """A segment of output by its own lines: an anchor, or two columnar rows (a table's)."""
    return _ANCHOR in kinds or kinds.count(_ROW) >= 2


def _joined(kinds: list[int], end: int, start: int) -> bool:
    """Whether only blank lines part two segments (no person's line or fence between them)."""
    return all(kinds[n] == _BLANK for n in range(end, start))


def _absorb(lines: list[str], kinds: list[int], segs: list[tuple[int, int]], output: list[bool]) -> None:
    """Mark the segments that belong to the output around them (see the module's docstring)."""
    n = len(segs)
    # between two output segments, nothing but blanks and segments in between: the message inside
    # an overlay, the lines of a program's stdout between its shaped lines
    last_out = None
    for i in range(n):
        if output[i]:
            if last_out is not None and all(_joined(kinds, segs[k][1], segs[k + 1][0]) for k in range(last_out, i)):
                for k in range(last_out + 1, i):
                    a, b = segs[k]
                    if not _lead_in(lines[b - 1]) and _TYPED not in kinds[a:b]:
                        output[k] = True
            last_out = i
    # beside output: a label segment of two lines or more (an overlay's header, its button labels),
    # or one of three lines or more, half of them labels and none a lead-in (an error page's title,
    # its message and its headings), a bare URL; outward both ways (one pass each: a segment joins
    # the output beside it, then the next one out joins it)
    beside = [_beside_output(lines, kinds, a, b) for a, b in segs]
    for order in (range(n), range(n - 1, -1, -1)):
        for i in order:
            if output[i] or not beside[i]:
                continue
            a, b = segs[i]
            left = i > 0 and output[i - 1] and _joined(kinds, segs[i - 1][1], a)
            right = i + 1 < n and output[i + 1] and _joined(kinds, b, segs[i + 1][0])
            if left or right:
                output[i] = True


def _beside_output(lines: list[str], kinds: list[int], a: int, b: int) -> bool:
    """Whether the segment `a:b` is output when output is beside it (`_absorb`)."""
    labels = sum(kinds[k] == _LABEL for k in range(a, b))
    return bool(
        (b - a >= 2 and labels == b - a)
        or (b - a == 1 and _BARE_URL.match(lines[a]))
        or (b - a >= 3 and 2 * labels >= b - a and not any(_lead_in(lines[k]) for k in range(a, b)))
    )


def _lead_in(line: str) -> bool:
    """A line that introduces what follows or asks about it: the person's, not the output's."""
    return line.rstrip().endswith((":", "?"))


def _introduces(lines: list[str], kinds: list[int], first: int) -> bool:
    """Whether a run's first line is the person's lead-in to the paste under it: not an anchor, and
    ending in a colon or a question mark, or followed at once by an anchor."""
    if kinds[first] == _ANCHOR:
        return False
    if _lead_in(lines[first]):
        return True
    return first + 1 < len(kinds) and kinds[first + 1] == _ANCHOR
