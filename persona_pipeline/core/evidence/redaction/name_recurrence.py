"""A person's name or login found once in a text, redacted where else the same text repeats it.

A reader finds a name where its context says so (`ask Tomasz`, a profile's `nickname`, an
attendee's `CN=`); the same person is often named again in the same text where nothing around the
word says so (`Tomasz still has the old one, ask Tomasz`; a Matrix user ID as a membership event's
`state_key`, then as a message's `sender`). Every exact, case-sensitive recurrence of a found
value, on word boundaries, is the same person's. A login is carried only when spelt as a person's
(digits or a separator in it, or a user ID): a service account's login is the service's name.
A one-word value that is a frequent English word (`english_words.frequent_english`, about once in
10,000 words: `Will`, `Mark`, `Grace`) is not carried: its recurrence is more often the word.
One `find` pass per value (C speed, no regex compiled per text), only when a name was found:
linear in the text for a bounded number of values.
"""

from __future__ import annotations

from persona_pipeline.core.evidence.redaction.english_words import frequent_english
from persona_pipeline.core.evidence.redaction.spans import Span, protected_ranges, untouched

_KINDS = ("person_name", "user_name")
_MAX_VALUES = 64  # (a text naming more people than this is a listing: its readers find each)
_MIN_LEN = 3


def recurring_name_spans(text: str, spans: list[Span]) -> list[Span]:
    values: dict[str, str] = {}
    for s in spans:
        if s.kind not in _KINDS:
            continue
        v = text[s.start : s.end]
        if len(v) < _MIN_LEN or "[REDACTED:" in v or "\n" in v or not any(c.isalpha() for c in v):
            continue
        if " " not in v and v.lower() in frequent_english():
            continue
        if s.kind == "user_name" and not _personal_login(v):
            continue  # (`kafka`, `grafana`: a service's login is the service's name, used in prose)
        values.setdefault(v, s.kind)
        if len(values) >= _MAX_VALUES:
            break
    if not values:
        return []
    taken = sorted((s.start, s.end) for s in spans)
    out = []
    claimed = bytearray(len(text)) if len(values) > 1 else None  # (a longer value's recurrences)
    for v in sorted(values, key=len, reverse=True):  # (longest first: a full name before its given name)
        i = text.find(v)
        while i >= 0:
            j = i + len(v)
            if _bounded(text, i, j) and not _covered(taken, i, j) and not (claimed and any(claimed[i:j])):
                out.append(Span(i, j, values[v]))
                if claimed is not None:
                    claimed[i:j] = b"\x01" * (j - i)
            i = text.find(v, j)
    return untouched(out, protected_ranges(text))


def _personal_login(login: str) -> bool:
    """A login spelt as a person's: a user ID (`@name:server`), or letters with digits or a
    separator (`ofelia.m`, `mirela_v`, `dwaynep57`); not a dot file's name (`.claude`)."""
    if login.startswith("@"):
        return ":" in login
    return login[0].isalpha() and any(c.isdigit() or c in "._-" for c in login)


def _bounded(text: str, i: int, j: int) -> bool:
    """The value stands as a word: no word character or `@`/`.`/`-` joined before it (a longer login,
    an address), no word character after it."""
    before = text[i - 1 : i]
    after = text[j : j + 1]
    return not (before and (before.isalnum() or before in "_@.-")) and not (after and (after.isalnum() or after == "_"))


def _covered(taken: list[tuple[int, int]], start: int, end: int) -> bool:
    from bisect import bisect_right

    i = bisect_right(taken, (start, len(taken) and 1 << 60)) - 1
    return any(taken[j][0] <= start and end <= taken[j][1] for j in range(max(0, i - 4), i + 1))
