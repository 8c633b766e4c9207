"""The agent's own words pasted back into a prompt, without a quote marker.

A person often copies part of the agent's answer into their next prompt: its summary list ("Here's
what I did:\\n- Always validate …"), or one of its sentences quoted inline (`you wrote "I recommend
always pinning …" but …`). Neither is the person's words, yet neither has a pasted shape. A reader
sees the whole session, so it can tell: a run of words the agent wrote earlier in the session, and
the person did not, is the agent's.

The comparison is on word shingles (Broder's w-shingling): runs of `SHINGLE` consecutive words,
each word a whitespace-separated piece casefolded with its surrounding punctuation and markup
stripped, list and quote markers at a line's start dropped. A command keeps its pieces whole
(`--force-with-lease`, `src/app.py` are one word each), so a command or a path the person and the
agent both typed is a short run and no echo. Six words: a run of six words of prose shared by
chance is rare (the words of a common idiom, "as far as I know", are four or five), while two
list items of the agent's, or a sentence of it, are six words or more.

What goes (`AgentWords.without_echo`):
- lines every word of which lies in a run shared with the agent, when something else marks them as
  pasted: two such lines or more in a row (a list or paragraphs pasted back; a short item counts
  when the run spans the lines around it), or one holding two sentences or more;
- a quoted span inside a line (between `"…"`, `“…”`, `«…»`) whose words all lie in such a run, of
  `SHINGLE` words at least: it becomes `"…"` and the person's words around it stay; unless the
  person's words on that line forbid something ("never …", "don't …"): the quote is then the object
  of their rule ("never ask me questions like "<the agent's question>"") and stays whole.
One sentence of the agent's alone on its line stays: a person types the words the agent said first
(answering its "should I always …?", repeating a rule it recited from the project's notes), and
nothing tells one copied sentence from that. A line with only some of its words in a shared run
stays whole: the person reusing a phrase of the agent's, or answering its question on the same
line, wrote the rest.

Runs the person typed themselves earlier in the session (`add_own`, fed with what a reader keeps)
are never the agent's, even when the agent repeated them: a person restating their own rule is not
echoing the agent who acknowledged it.

Privacy: the agent's text is held in memory only, for one file's read: as the reader's own
references until a prompt needs the comparison, then as hashes of its shingles (Python's `hash`,
salted per process); no word of it is stored, logged or returned. Time: linear
in the words of each text (one hash per shingle, one set lookup); memory bounded by `MAX_SHINGLES`
(the oldest messages' shingles are forgotten first, half the bound at a time).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

SHINGLE = 6  # words in a run shared with the agent that make it the agent's (see the docstring)
MAX_SHINGLES = 400_000  # agent shingles held per session (about 400k words of its prose)
PENDING_CHARS = 1_000_000  # texts held unhashed at most (hashed at once past this)

# a whitespace-separated piece; the punctuation and markup a word is compared without
_PIECE = re.compile(r"\S+")
_DROP = str.maketrans("", "", "\"'`*_()[]{}<>«»“”‘’.,;:!?…")
# a line's list marker (CommonMark §5.2 bullets and ordered markers; `•` as typed) or quote markers
# (blanks without the newline: the same pattern finds every line's lead in a whole text, `re.M`)
_LEAD = re.compile(r"^[^\S\n]*(?:>[^\S\n]*)*(?:(?:[-*+•]|\d{1,9}[.)])[^\S\n]+)?", re.MULTILINE)
# a sentence's end followed by another sentence on the same line (closing quotes or brackets may
# follow the mark)
_SENTENCE_BREAK = re.compile(r"[.!?][\"'”’)\]]*\s+\S")
_WORD = re.compile(r"\w")
_QUOTE_MARK = re.compile('["“«]')
# a quoted span inside a line: straight, curly and guillemet double quotes
_QUOTED = re.compile(r"\"([^\"\n]+)\"|“([^”\n]+)”|«([^»\n]+)»")
# English's negative imperative (its grammar: "never" and "do not" / "don't" before the verb): words
# outside the quotes that forbid something make a quote of the agent's words the object of the
# person's own rule ("never ask me questions like "<the agent's question>""), kept whole
_FORBIDS = re.compile(r"\b(?:never|don'?t|don’t|do not)\b", re.IGNORECASE)


def _words(line: str) -> list[tuple[str, int, int]]:
    """The line's words: (normalised word, start, end) with offsets into the line. A word is
    casefolded without `_DROP`'s characters (the same, piece by piece, as `_all_words` whole)."""
    lead = _LEAD.match(line)
    out: list[tuple[str, int, int]] = []
    for m in _PIECE.finditer(line, lead.end() if lead else 0):
        word = m.group().casefold().translate(_DROP)
        if word:
            out.append((word, m.start(), m.end()))
    return out


def _shingles(words: list[str]) -> list[int]:
    """One hash per run of `SHINGLE` consecutive words (none for a text shorter than that); the
    runs are built and hashed in C (`zip`, `map`): this runs over every word the agent writes."""
    return list(map(hash, zip(*(words[i:] for i in range(SHINGLE)), strict=False)))  # the runs end together


def _all_words(text: str) -> list[str]:
    """The text's words, normalised as `_words` does (without the offsets), each step over the whole
    text in C: this runs over every word the agent writes."""
    return _LEAD.sub("", text).casefold().translate(_DROP).split()


class AgentWords:
    """What the agent wrote in one session, and what the person wrote: as shingle hashes, each text
    hashed only once a prompt that could lose something needs the comparison (most prompts are one
    sentence on one line: nothing of theirs can go, `_can_lose`)."""

    __slots__ = ("_agent", "_last", "_older", "_own", "_pending", "_pending_chars")

    def __init__(self) -> None:
        # two generations: when the newer fills half the bound, it becomes the older and the
        # previous older is forgotten (the oldest messages first, in one step, no per-hash order)
        self._agent: set[int] = set()
        self._older: set[int] = set()
        self._own: set[int] = set()
        # texts not hashed yet, in order: (the agent's?, text); hashed when a prompt needs them, or
        # when they pass PENDING_CHARS (memory stays bounded)
        self._pending: list[tuple[bool, str]] = []
        self._pending_chars = 0
        self._last = ""

    def add_agent(self, text: str) -> None:
        """An assistant message's text, seen before the prompts that follow it."""
        if text == self._last:
            return  # the same reply again (Codex writes each one as an event and as an item)
        self._last = text
        self._hold(True, text)

    def add_own(self, text: str) -> None:
        """What a reader kept of the person's prompt: their runs are theirs from now on."""
        self._hold(False, text)

    def _hold(self, agent: bool, text: str) -> None:
        self._pending.append((agent, text))
        self._pending_chars += len(text)
        if self._pending_chars > PENDING_CHARS:
            self._flush()

    def _flush(self) -> None:
        for is_agent, text in self._pending:
            if is_agent:
                self._agent.update(_shingles(_all_words(text)))
                if len(self._agent) > MAX_SHINGLES // 2:
                    self._older, self._agent = self._agent, set()
            elif len(self._own) < MAX_SHINGLES:
                self._own.update(_shingles(_all_words(text)))
        self._pending.clear()
        self._pending_chars = 0

    def without_echo(self, text: str) -> tuple[str, bool]:
        """`text` without the agent's words pasted back (see the module's docstring), and whether
        anything was taken out."""
        if not _can_lose(text):
            return text, False
        self._flush()
        agent, older, own = self._agent, self._older, self._own
        if not agent and not older:
            return text, False
        lines = text.split("\n")
        per_line = [_words(line) for line in lines]
        words = [w for line_words in per_line for w, _, _ in line_words]
        if len(words) < SHINGLE:
            return text, False
        covered = [False] * len(words)
        run_end = 0  # covered up to here (exclusive): each word is marked once, so marking is linear
        for i, h in enumerate(_shingles(words)):
            if (h in agent or h in older) and h not in own:
                for j in range(max(i, run_end), i + SHINGLE):
                    covered[j] = True
                run_end = i + SHINGLE
        if not any(covered):
            return text, False
        marks_of: list[list[bool]] = []
        k = 0
        for line_words in per_line:
            marks_of.append(covered[k : k + len(line_words)])
            k += len(line_words)
        pasted = _pasted_lines(lines, marks_of)
        kept: list[str] = []
        changed = False
        for line, line_words, marks, gone in zip(lines, per_line, marks_of, pasted, strict=True):
            if gone:
                changed = True
                continue
            if any(marks):
                new = _cut_quotes(line, line_words, marks)
                changed = changed or new != line
                line = new
            kept.append(line)
        if not changed:
            return text, False
        out = re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip()
        return (out if _WORD.search(out) else ""), True


def _can_lose(text: str) -> bool:
    """Whether anything of the text could be the agent's by `without_echo`'s rules: two lines or
    more, a quote mark, or two sentences (one sentence on one line always stays)."""
    return "\n" in text.strip() or _QUOTE_MARK.search(text) is not None or _SENTENCE_BREAK.search(text) is not None


def _pasted_lines(lines: list[str], marks_of: list[list[bool]]) -> list[bool]:
    """Which lines the agent's words fill and something else marks as pasted: two such lines or
    more in a row (lines without words between them do not part them: a list or paragraphs pasted
    back), or one that holds two sentences or more. One sentence of the agent's alone on its line
    stays: the person may type the words the agent said first (answering "should I always …?", or
    repeating a rule the agent recited from the project's notes), and nothing tells a copy of one
    sentence from those."""
    n = len(lines)
    full = [bool(marks) and all(marks) for marks in marks_of]
    out = [False] * n
    i = 0
    while i < n:
        if not full[i]:
            i += 1
            continue
        run = [i]
        j = i + 1
        while j < n and (full[j] or not marks_of[j]):
            if full[j]:
                run.append(j)
            j += 1
        if len(run) >= 2 or _SENTENCE_BREAK.search(lines[i]):
            for r in run:
                out[r] = True
        i = j
    return out


def _cut_quotes(line: str, line_words: list[tuple[str, int, int]], marks: list[bool]) -> str:
    """The line with the inside of each quote whose words are all the agent's (`SHINGLE` or more)
    replaced by `…`, unless the person's words around the quotes forbid what is quoted (`_FORBIDS`):
    then the quote is the object of their rule and its content is the rule's."""
    if _FORBIDS.search(_QUOTED.sub(" ", line)):
        return line
    out: list[str] = []
    pos = 0
    starts = [a for _, a, _ in line_words]
    ends = [b for _, _, b in line_words]
    for m in _QUOTED.finditer(line):
        g = next(i for i in (1, 2, 3) if m.group(i) is not None)
        lo, hi = m.start(g), m.end(g)
        # the words overlapping the quote's inside (a word's span may take the quote mark and the
        # punctuation after it: `"I`, `client",`), found by bisection: linear over all the quotes
        first, last = bisect_right(ends, lo), bisect_left(starts, hi)
        inside = marks[first:last]
        if len(inside) >= SHINGLE and all(inside):
            out.append(line[pos:lo] + "…")
            pos = hi
    out.append(line[pos:])
    return "".join(out)
