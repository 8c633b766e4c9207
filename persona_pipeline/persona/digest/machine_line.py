"""Lines a terminal, a browser or a file wrote, not a sentence a person typed: a shell prompt with its
command, a command with flags, a bare address or path, a data row.

Such a line in a prompt is pasted output or a command the person ran; it is never a rule or a habit
however often it recurs (the same prompt line appears in every session that pasted a terminal).
Shapes (general notation, no corpus wording):
  - a shell prompt: POSIX `$ `/`# ` (IEEE Std 1003.1, "PS1"), `user@host:path$`, PowerShell's
    `PS C:\\…>`, the `❯`/`➜`/`λ` prompt glyphs of common shell themes, `>>> ` (Python's REPL);
  - a command line: a first word followed by an option (`-x`, `--name`, POSIX utility syntax
    guideline 3/14);
  - an address or a path that is all of the line (RFC 3986 URI; a POSIX or Windows path);
  - a data row (`reading`'s field separators `;`, `|`, `=` between values).
Linear: each pattern is anchored or bounded; no nested quantifiers.
"""

from __future__ import annotations

import re

from persona_pipeline.persona.digest.reading import AUX, CONJUNCTIONS, DEFINITE, PREPOSITIONS, SUBJECT_PRONOUNS
from persona_pipeline.persona.digest.similarity import zipf

# English closed classes (reading's, after Quirk et al. 1985): a sentence holds some, a command line none
COMMON = 4.5  # Zipf of an everyday word (about one in 30,000 words): no program's name
_PROSE = PREPOSITIONS | DEFINITE | SUBJECT_PRONOUNS | CONJUNCTIONS | AUX | frozenset({"a", "an", "please"})

_PROMPT = re.compile(
    r"^\s*(?:[$#%]\s+\S|(?:[\w.-]+@[\w.-]+)(?::\S*)?\s*[$#%>]|PS\s+[A-Za-z]:\\[^>\n]{0,200}>|[❯➜λ»]\s*\S|>>>\s)"
)
_OPTION = re.compile(r"(?:^|\s)--?[A-Za-z][\w-]*(?=[=\s]|$)")
_TOKEN = re.compile(r"\S+")
_ADDRESS = re.compile(r"(?:[a-z][a-z0-9+.-]*://|www\.)\S+|(?:^|\s)@?(?:[\w.-]*/[\w./-]+|[A-Za-z]:\\\S+)", re.IGNORECASE)
_DATA = re.compile(r"[;|=]\S")
_LETTER_WORD = re.compile(r"[^\W\d_]{2,}")


def machine_line(text: str) -> bool:
    """`text` is a shell prompt line, a command with options, a bare address or path, or a data row."""
    line = text.strip()
    if not line:
        return False
    if _PROMPT.match(line):
        return True
    if _OPTION.search(line):
        # a command with options: it opens with a program's name (no everyday word: Zipf < 4.5,
        # "npm", "git", "cargo"; "then run pytest -x", "run it with -v" are sentences a person types)
        # and holds no word of a sentence's closed classes ("run pytest -q before you commit")
        toks = [t.lower().strip(".,;:!?\"'()") for t in _TOKEN.findall(line)]
        if len(toks) <= 12 and zipf(toks[0]) < COMMON and not any(t in _PROSE for t in toks):
            return True
    rest = _ADDRESS.sub(" ", line)
    if rest != line and len(_LETTER_WORD.findall(rest)) < 2:
        return True  # an address or path with at most one word around it
    return len(_DATA.findall(line)) >= 2 and len(_LETTER_WORD.findall(line)) <= 2 * len(_DATA.findall(line))
