"""Names (and a birth's date) in a family announcement, read by the announcement's grammatical frame.

A wedding, engagement or birth notice names people in fixed grammatical roles: the subject of a
family-event predicate (`<A> and <B> are delighted to announce …`, `<A> and <B> were married`,
`<A> was born`, French `<A> est né(e)`, German `<A> ist geboren`, Spanish `nació`, Portuguese
`nasceu`, Italian `è nato/a`), the apposition after `parents` (`the proud parents, <A> and <B>`) and
the vocative of a welcome (`Welcome to the world, <A>!`). The predicate is what marks the words
before or after it as people, so no name list is needed; each candidate must still be a person's
name by `pii.person_cell` (two to four name-shaped words, no organisation's, place's or everyday
word), opening with a listed name where a word is an everyday English one (the word-frequency list),
so `Acme Cloud is pleased to announce`, `Maersk Line and …` or `the parents, Team Alpha` stay. The date after a
birth predicate whose subject is such a name, or after `Born` opening the sentence that follows a
welcome's name, is that person's birth date (any past date: a newborn's is recent).

Coordination is read with the conjunctions of those languages (and, &, et, und, y, e, i, en, og, och).
Every predicate is found by one regex pass; the names around it are read within `_REACH` characters:
linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

_REACH = 120
# predicates whose subject is the family (English, French, German, Spanish, Portuguese, Italian)
_SUBJECT_OF = re.compile(
    r"(?i)(?<![\w-])(?:"
    r"(?:are|is|were|was|have|has)[ \t]+(?:(?:so|very|over(?:joyed)?)[ \t]+)?"
    r"(?:(?:delighted|pleased|proud|happy|thrilled|overjoyed|excited|honou?red|blessed)[ \t]+to[ \t]+)?"
    r"(?:announce|welcome|share[ \t]+the[ \t]+(?:news|arrival|birth))|"
    r"(?:were|got|are|have[ \t]+been|has[ \t]+been)[ \t]+(?:married|engaged|wed)|"
    r"(?P<birth>(?:was|were)[ \t]+born|"
    r"(?:est|sont|a[ \t]+été)[ \t]+n[ée]e?s?(?:\(e\)|\(s\))?|(?:ist|sind|wurde)[ \t]+geboren|"
    r"naci[óo]|nasceu|(?:è|e')[ \t]+nat[oa])"
    r")(?![\w])"
)
# a date after a birth predicate or a welcome (`born on <date>`, `est né(e) le <date>`, `! Born <date>`):
# day month year (a month's name, `de` between the parts in Spanish and Portuguese), month day year,
# or numeric; its reading is checked by `birth_dates.plausible_birth_date` as a person's
_DATE = (
    r"(\d{1,2}(?:st|nd|rd|th|er)?[ \t]+(?:de[ \t]+)?[^\W\d_]{3,12}\.?[ \t]+(?:de[ \t]+)?\d{4}|"
    r"[^\W\d_]{3,12}\.?[ \t]+\d{1,2}(?:st|nd|rd|th)?,?[ \t]+\d{4}|"
    r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})(?![\w])"
)
_DATE_AFTER_BIRTH = re.compile(rf"(?i)[ \t]+(?:(?:on|the|le|am|el|em|il)[ \t]+)?{_DATE}")
_BORN_AFTER_WELCOME = re.compile(
    rf"(?i)[ \t]*[!.,;][ \t]*(?:born|n[ée]e?(?:\(e\))?|geboren|nacid[oa]|nascid[oa]|nat[oa])"
    rf"(?:[ \t]+(?:on|the|le|am|el|em|il))?[ \t]+{_DATE}"
)
# frames the names follow: the apposition after `parents`, a welcome's vocative, `born to`
_OBJECT_OF = re.compile(
    r"(?i)(?<![\w-])(?:(?:parents|eltern|padres|pais|genitori|welcome[ \t]+to[ \t]+the[ \t]+world|"
    r"bienvenue[ \t]+(?:au[ \t]+monde|\u00e0))(?:[ \t]*[,:])?|born[ \t]+to)[ \t]+"
)
_CONJ = re.compile(r"[ \t]*(?:,|&|\b(?:and|et|und|y|e|i|en|og|och)\b)[ \t]*", re.IGNORECASE)
# a name's word: a letter first (any script's), then letters, apostrophes, hyphens
_WORD = re.compile(r"[^\W\d_][\w'\u2019-]{0,30}")
_PARTICLES = frozenset(
    ("de", "da", "do", "dos", "das", "del", "van", "von", "der", "den", "du", "le", "la", "al", "el", "bin", "di")
)


def _words(segment: str, base: int) -> list[tuple[int, int]]:
    """The segment's words (letter runs) with their offsets, and no other character between two
    of them than one blank: a list item's words."""
    out: list[tuple[int, int]] = []
    for m in _WORD.finditer(segment):
        if out and segment[out[-1][1] - base : m.start()] != " ":
            break
        out.append((base + m.start(), base + m.end()))
    return out


def _person(cell: str) -> bool:
    """A person's name in an announcement's frame: `pii.person_cell`, and where a word is an everyday
    English word (the word-frequency list), a first word the name lists hold: companies announce too
    (`Maersk Line`, `Silicon Labs`), and in this frame a name needs its own evidence (`Grace Hill`)."""
    from persona_pipeline.core.evidence.redaction.english_words import frequent_english
    from persona_pipeline.core.evidence.redaction.pii import listed_name, person_cell

    words = cell.split(" ")
    everyday = any(w.lower() in frequent_english() for w in words)
    return person_cell(cell) and (not everyday or listed_name(words[0]))


def _capital(text: str, a: int, b: int) -> bool:
    w = text[a:b]
    return w[:1].isupper() or w in _PARTICLES


def _leading_name(text: str, start: int) -> Span | None:
    """The person's name opening text[start:]: the longest two to four capitalised words that are one."""
    ws = _words(text[start : start + _REACH], start)
    if not ws or ws[0][0] != start:
        return None
    n = 0
    while n < min(4, len(ws)) and _capital(text, *ws[n]):
        n += 1
    for k in range(n, 1, -1):
        if text[ws[k - 1][0] : ws[k - 1][1]] in _PARTICLES:
            continue
        if _person(text[ws[0][0] : ws[k - 1][1]]):
            return Span(ws[0][0], ws[k - 1][1], "person_name")
    return None


def _trailing_name(text: str, end: int) -> Span | None:
    """The person's name closing text[:end]: the longest two to four capitalised words that are one."""
    lo = max(0, end - _REACH)
    ws = [(a, b) for a, b in (m.span() for m in _WORD.finditer(text, lo, end))]
    if not ws or ws[-1][1] != end:
        return None
    ws = ws[-4:]
    # (only the words one blank apart at the end)
    while len(ws) > 1 and any(text[ws[i][1] : ws[i + 1][0]] != " " for i in range(len(ws) - 1)):
        ws = ws[1:]
    for k in range(len(ws), 1, -1):
        part = ws[-k:]
        if not all(_capital(text, *w) for w in part) or text[part[0][0] : part[0][1]] in _PARTICLES:
            continue
        if part[0][0] > 0 and (text[part[0][0] - 1].isalnum() or text[part[0][0] - 1] in "_-'"):
            continue
        if _person(text[part[0][0] : part[-1][1]]):
            return Span(part[0][0], part[-1][1], "person_name")
    return None


def _birth_date(text: str, pattern: re.Pattern[str], pos: int) -> Span | None:
    from persona_pipeline.core.evidence.redaction.birth_dates import plausible_birth_date

    m = pattern.match(text, pos, min(len(text), pos + 60))
    if m is None or not plausible_birth_date(m[1], person=True):
        return None
    return Span(*m.span(1), "date_of_birth")


# a piece of every predicate and frame above: a text holding none is skipped whole (one RE2 pass on
# the text's fold, where a non-ASCII letter is one DEL byte: `né`, `è nato`)
_GATE = Rx(
    r"(?i)announce|welcome|share|married|engaged|wed|born|n\x7f|geboren|naci|nasceu|nat[oa]|parent|eltern|"
    r"padres|pais|genitori|bienvenue"
)


def announced_name_spans(text: str) -> Iterator[Span]:
    """The names in the subject of a family-event predicate, after `parents`, in a welcome, and a
    birth's date after its predicate or welcome (see the module)."""
    if next(_GATE.finditer(text), None) is None:
        return
    for m in _SUBJECT_OF.finditer(text):
        end = m.start()
        while end > 0 and text[end - 1] in " \t":
            end -= 1
        second = _trailing_name(text, end)
        if second is None:
            continue
        yield second
        if m["birth"] is not None and (born := _birth_date(text, _DATE_AFTER_BIRTH, m.end())) is not None:
            yield born
        conj = None
        lo = max(0, second.start - 12)
        for c in _CONJ.finditer(text, lo, second.start):
            if c.end() == second.start:
                conj = c
        if conj is not None and (first := _trailing_name(text, conj.start())) is not None:
            yield first
    for m in _OBJECT_OF.finditer(text):
        first = _leading_name(text, m.end())
        if first is None:
            continue
        yield first
        if (born := _birth_date(text, _BORN_AFTER_WELCOME, first.end)) is not None:
            yield born
        c = _CONJ.match(text, first.end)
        if c is not None and (second := _leading_name(text, c.end())) is not None:
            yield second
