"""Text reshaped on its way into a prompt, read back as it was written (see `views.View`).

- A margin: a unified diff's `+` / `-` before each added or removed line (GNU diffutils' unified
  format), an e-mail quote's `>` (RFC 3676's quote marks, nested `> >` too). A rule that needs a
  line's start (`KEY=value`, a CSV header, a table's row) or two indented string pieces joined
  (`views._CONT`) no longer finds it once the line starts with the margin: the view drops it.
- A value wrapped at a column: a labelled value (`…TOKEN: abc…`) closing its line, the next line one
  unbroken run of a token's characters and nothing else (a PDF's or a terminal's column, a pager's
  wrap). The view joins the two, so the whole value is read under its label and redacted across the
  break. Only after a secret's label word (`secrets.LABEL_WORD`'s words) and only for runs of 6 and
  more token characters, so prose broken at a line is never joined.
- A word hyphenated at a line's end (a PDF's or an OCR's layout: `Tukui-` / `tonga`), joined.
- A Markdown table's row naming a variable and its value in adjacent cells (`| \\`API_KEY\\` |
  \\`…\\` |`): the cells' border read as `=`, so the value is read under its name.

Each reading is found on the original text as segments (original start, original end, reading); `views`
makes them one view of the original (`reshaped`), never composed with its other views (a paste's shape is
the original's: composed, the views multiplied with every decoding and a long paste outgrew the views'
budget, rev50r R8). This module imports nothing of the engine's: `views` imports it.
Every pattern here is Python `re` with bounded runs and no nested quantifiers: linear on any input.
"""

from __future__ import annotations

import re

Escapes = tuple[tuple[int, int, int, int], ...]

# A diff's or a quote's margin at a line's start: `+`/`-` (not a file header's `+++ `/`--- `, not a
# `--` or `++` that starts a word: `--flag`, `++i`) or a run of quote marks with their spaces.
_MARGIN = re.compile(r"(?m)(^(?:[+-](?![+-])|(?:>[ \t]?){1,8}))")
# (a hunk header or a quoted line: no other text gets the view)
# (`views` probes the same pattern in its shared RE2 pass)
MARGIN_GATE = r"(?m)^(?:@@ -\d|> ?\S)"
_MARGIN_GATE = re.compile(MARGIN_GATE)

# A labelled value closing its line, then a line of one token run alone: the line break (and the
# next line's indentation or margin) is the escape. (The label's words: `secrets.LABEL_WORD`.)
_TOKEN = r"[A-Za-z0-9+/=_~.$!%:-]"
# (the rest holds no `=` but base64's padding and no `:`: a line `NEXT_KEY=value` is no rest of a value)
_REST = r"[A-Za-z0-9+/_~.$!%-]"
_WRAP = re.compile(
    r"(?im)(?:secret|pass(?:word|wd|phrase|code)?|pwd|token|key|auth|credential|cred)[A-Za-z0-9_. -]{0,40}"
    rf"[:=][ \t]{{0,4}}[\"'`]?{_TOKEN}{{6,200}}"
    r"(\r?\n(?:[+-]|(?:>[ \t]?){1,4})?[ \t]{0,12})"
    # (the rest reads as a token's, not a word's: a digit, a capital after a small letter or a `_`/`-`
    # inside it; `Rotate`, `Thanks` on the next line stay apart)
    rf"(?=\S{{0,200}}?(?-i:[0-9]|[a-z][A-Z]|\w[_-]\w))(?={_REST}{{6,200}}={{0,2}}[\"'`]?[ \t]*(?:\r?\n|$))"
)
# A word hyphenated at a line's end by a PDF's or an OCR's layout (`Tukui-` / `tonga`): a letter, the
# hyphen and the break (and the next line's margin), a lowercase letter after (a capital starts a
# word of its own: `Jean-` / `Luc` keeps its hyphen).
_HYPHEN = re.compile(r"(?<=[^\W\d_])(-\r?\n[ \t>+-]{0,6})(?=[^\W\d_])")
# A variable's name in a table cell and its value in the next: the border between them.
_CELLS = re.compile(r"`[A-Z][A-Z0-9_]{2,63}(`[ \t]*\\?\|[ \t]*`)[^`\s|]{6,}`")


Segment = tuple[int, int, str]  # (original start, original end, its reading)


def _found(text: str, rx: re.Pattern[str], out: str, lower_after: bool = False) -> list[Segment]:
    """Group 1 of each match of `rx`, read as `out` (only where a lowercase letter follows, with
    `lower_after`)."""
    segs: list[Segment] = []
    for m in rx.finditer(text):
        a, b = m.span(1)
        if a < 0 or (lower_after and not text[b : b + 1].islower()):
            continue
        segs.append((a, b, out))
    return segs


def margin_segments(text: str) -> list[Segment]:
    """Each diff or quote margin, read as nothing, where a hunk header or a quote holds one."""
    if ("\n" not in text and not text.startswith(">")) or _MARGIN_GATE.search(text) is None:
        return []
    return _found(text, _MARGIN, "")


def wrap_segments(text: str) -> list[Segment]:
    """Each break inside a labelled value wrapped at a line (with the next line's margin), read as nothing."""
    return _found(text, _WRAP, "") if "\n" in text else []


def cells_segments(text: str) -> list[Segment]:
    """Each `NAME` | `value` cell border, read as ` = `."""
    return _found(text, _CELLS, " = ") if "`" in text and "|" in text else []


def hyphen_segments(text: str) -> list[Segment]:
    """Each hyphen and break inside a word hyphenated at a line's end, read as nothing."""
    if "-\n" not in text and "-\r\n" not in text:
        return []
    return _found(text, _HYPHEN, "", lower_after=True)


def reshaped(text: str, segments: list[Segment]) -> tuple[str, Escapes] | None:
    """The text with every segment replaced by its reading, as one view (not a chain of views: the
    segments of the four readings are found on the original text, in order, the first of two that
    overlap kept: a wrapped value's break covers the next line's margin)."""
    parts: list[str] = []
    escapes: list[tuple[int, int, int, int]] = []
    pos = shift = 0
    for a, b, out in sorted(segments, key=lambda g: (g[0], -g[1])):
        if a < pos:
            continue
        parts.append(text[pos:a])
        parts.append(out)
        escapes.append((a + shift, a + shift + len(out), a, b))
        shift += len(out) - (b - a)
        pos = b
    if not escapes:
        return None
    parts.append(text[pos:])
    return "".join(parts), tuple(escapes)
