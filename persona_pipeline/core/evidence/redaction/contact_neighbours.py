"""A phone number beside a person's other contact details, and a name beside a phone number.

A contact line writes one person's details side by side with list punctuation between them: a
directory's `Name — number — e-mail`, a roster cell's `Name, number`, an address then its number in
brackets, `the owner, Name, on <number> or <e-mail>`. Where a neighbour is already found as a
person's name, home address or e-mail, the digits beside it are a phone when some region's plan
dials them (libphonenumber, through `phone_labels.dialable`: grouped, 7 to 15 digits; never a date,
a decimal or a quantity in thousands with its unit). The words before a phone, from the last
separator, that make a person's name by `pii.person_cell` are that person's name (and a dialable
number after such a name and list punctuation is a phone even with nothing else found); so is a table's
cell (`| <name> | <birth date> |`) right before the cell a phone, an e-mail or a birth date opens.
A person's address is read where a notice or a note writes it beside them: after `, of` following
their name or birth date (`<name>, born <date>, of <address>`), on the line after `To: <name>`, and
after a possessive's home (`at their home, <address>`); such an address must read as one by
`address_fields.address_like` (a house number or postcode among name words, a street word or unit).

The separators are the punctuation lists write between items (comma, semicolon, colon, slash, middle
dot, bullet, hyphen and the dashes, an opening bracket) and, between a name and its number, the
prepositions English puts before a number one is reached on (`on`, `at`). Every search is anchored
at a span's edge and bounded (`_REACH`): linear in the text.
"""

from __future__ import annotations

import bisect
import itertools
import re
from functools import lru_cache

from persona_pipeline.core.evidence.redaction import pii
from persona_pipeline.core.evidence.redaction.address_fields import address_like
from persona_pipeline.core.evidence.redaction.group_mailbox import LEGAL_FORMS
from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.phone_check import grouped_quantity, valid_region
from persona_pipeline.core.evidence.redaction.phone_labels import dialable, regions
from persona_pipeline.core.evidence.redaction.spans import Span

_REACH = 80  # characters: a cell or a gap longer than this is no contact line's
_SEP = r"(?:[,;:/|\u00b7\u2022\u2013\u2014-]|\()"
# after a name or an address: a separator and/or `on`/`at`, then the number
_AFTER = re.compile(rf"[ \t]{{0,3}}{_SEP}?[ \t]{{0,3}}(?:(?:on|at)[ \t]{{1,3}})?(\+?\(?\d[\d \t().-]{{5,22}}\d\)?)")
# before an e-mail: the number, then a separator or `or`
_BEFORE_MAIL = re.compile(rf"(?:^|[^\d+])(\+?\(?\d[\d \t().-]{{5,22}}\d\)?)[ \t]{{0,3}}(?:{_SEP}|or)[ \t]{{0,3}}\Z")
# the gap between a name and the phone after it: list punctuation only
_NAME_GAP = re.compile(r"[ \t]{0,3}(?:[,;\u00b7\u2022\u2013\u2014-]|\()[ \t]{0,3}\Z")
# a table's cell boundary: the cell before a person's contact detail's own cell
_CELL_GAP = re.compile(r"[ \t]{0,3}(?:\||\t)[ \t]{0,3}\Z")
_CELL_KINDS = ("phone", "email", "date_of_birth")
# where a cell before a phone starts: a line, a cell or a list item boundary (a JSON-escaped break too)
_CELL_START = re.compile(r".*(?:^|[\n\t|,;:(\"\u00b7\u2022\u2013\u2014]|\\[nt]|[ \t]-[ \t])", re.DOTALL)
# a candidate opening with a date or a year range (`2026-03-12 14:00`, `12.03.2026`, `2019-2024`):
# a sign-off's or a record's date beside a name, never a number to call
_DATE_START = re.compile(
    r"(?:19|20)\d\d[ \t]?[-\u2013/.][ \t]?(?:\d{1,2}[-/.]\d{1,2}|(?:19|20)\d\d)|\d{1,2}[./-]\d{1,2}[./-](?:19|20)?\d\d"
)
_SPACED_DATE = re.compile(r"(?:19|20)\d\d[ .-]\d{1,2}[ .-]\d{1,2}|\d{1,2}[ .-]\d{1,2}[ .-](?:19|20)\d\d")
_AFTER_KINDS = ("person_name", "address")
# a number after list punctuation anywhere: a contact line's `<name> — <number>` when the cell before
# it is a person's name (neither found alone)
_LISTED_NUMBER = re.compile(r"(?:[,\u00b7\u2022\u2013\u2014]|\()[ \t]{0,3}(\+?\(?\d[\d \t().-]{5,22}\d\)?)")
# a residence in a legal or official notice's style: `<name>, born <date>, of <address>` (English's
# `of` of residence); the address runs to the clause's end and holds a number and a comma
_OF_RESIDENCE = re.compile(r"[ \t]*,[ \t]*of[ \t]+([^;)\n\\]{6,100}?)[ \t]*(?:[;)\n]|\\[nr]|\Z)")
# a recipient's block: `To: <name>` ending its line, the address on the next line (a JSON-escaped
# break too), to that line's end
_TO_LINE = re.compile(r"(?:^|\n|\\n)[ \t]*(?i:to|attn\.?|recipient|addressee)[ \t]*:[ \t]*\Z")
_NEXT_LINE = re.compile(r"[ \t]*(?:\r?\n|\\n)[ \t]*([^\n\\]{6,100}?)[ \t]*(?:\r?\n|\\[nr]|\Z)")
# a person's home in apposition: `at my home, <address>`, `the couple's home: <address>` (a possessive
# determiner, or `the` and a common noun's genitive, before home/house/residence), the address to its
# sentence's end
# (RE2 on the text's fold: one linear pass where Python's case-insensitive scan cost ~4 % of the bench)
_HOME_NOUN = Rx(r"(?i)(?:^|[^\w-])((?:home|house|residence|flat|apartment|place)[ \t]*[,:][ \t]*)")
_POSSESSIVE_BEFORE = re.compile(
    r"(?i)(?:^|[^\w-])(?:my|our|his|her|their|(the)[ \t]+(?-i:[a-z]{2,20})(?:'s|\u2019s|s'))[ \t]+\Z"
)
_TO_CLAUSE_END = re.compile(r"([^\n\\\"]{6,100}?)[ \t]*(?:[.;!?](?:[ \t\r\n]|\Z|\\|\")|\n|\\[nr]|\"|\Z)")
_HEADER = re.compile(r"[A-Za-z][A-Za-z-]{0,30}:")  # (an RFC 5322 header field's name: `Date:`, `Cc:`)
_DECIMAL = re.compile(r"\d[.,]\d\d(?!\d)")
_YEAR_PART = re.compile(r"(?:^|,)[ \t]*(?:19|20)\d\d[ \t]*(?:,|$)")


def _number(text: str, start: int, end: int) -> int:
    """The end of the phone number written at text[start:end] (cut back to the last group that
    still dials, and ending before no letter or digit), or -1 when none does."""
    raw = text[start:end].rstrip(" \t.-(")
    while raw:
        nxt = text[start + len(raw) : start + len(raw) + 1]
        candidate = raw if raw.count("(") == raw.count(")") else raw.strip("()")
        if (
            not (nxt.isalnum() or (nxt != "" and nxt in "_/@"))
            and dialable(candidate)
            and not _SPACED_DATE.fullmatch(candidate)
        ):
            return start + len(raw) if candidate == raw else -1
        cut = max(raw.rfind(" "), raw.rfind("-"), raw.rfind("."))
        if cut <= 0:
            return -1
        raw = raw[:cut].rstrip(" \t.-(")
    return -1


_PLANS_READ = 64  # valid readings compared at most (a 7–8 digit number is valid in ~30 plans)


@lru_cache(maxsize=4096)
def _plan_grouped(raw: str) -> bool:
    """Whether a plan that reads `raw` as a valid fixed line or mobile writes it in these digit groups
    (libphonenumber's national format), of the first few plans that read it, in `dialable`'s order
    (their verdicts are cached by `valid_region`): a count `1 234 567` or an id `48213 9921` is
    written in no plan's grouping."""
    import phonenumbers
    from phonenumbers import PhoneNumberFormat, PhoneNumberType

    groups = [len(g) for g in re.findall(r"\d+", raw)]
    if len(groups) < 2:
        return False
    personal = (PhoneNumberType.FIXED_LINE, PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE_OR_MOBILE)
    read = 0
    for region in regions():
        if valid_region(raw, region) is None:
            continue
        num = phonenumbers.parse(raw, region)
        fmt = phonenumbers.format_number(num, PhoneNumberFormat.NATIONAL)
        if phonenumbers.number_type(num) in personal and [len(g) for g in re.findall(r"\d+", fmt)] == groups:
            return True
        read += 1
        if read >= _PLANS_READ:
            return False
    return False


def _phone(text: str, start: int, end: int) -> Span | None:
    """A phone at text[start:end]: dialable, and written in the digit groups of the plan that reads it
    as a fixed line or a mobile (`_plan_grouped`: a count `1 234 567`, an id `48213 9921` are no
    plan's grouping); not a date, a year range or a time (`…14:00`)."""
    if start > 0 and (text[start - 1].isdigit() or text[start - 1] in "+."):
        return None
    if _DATE_START.match(text, start) is not None:
        return None
    stop = _number(text, start, end)
    if stop < 0 or text[stop : stop + 1] == ":" or grouped_quantity(text, start, stop):
        return None
    raw = text[start:stop].strip("()")
    if not raw.startswith("+") and not _plan_grouped(raw):
        return None
    return Span(start, stop, "phone")


def _address(value: str) -> bool:
    """A postal address by its grammar (`address_fields.address_like`), opening as an address does (a
    capital or a number, not a header's `Date:` or prose's `the`), without what a company's name, a
    quantity or a year puts in a clause (`Ltd`, `42.50`, a bare `2021` between commas)."""
    if not value[:1].isupper() and not value[:1].isdigit():
        return False
    if _HEADER.match(value) is not None or _DECIMAL.search(value) is not None or _YEAR_PART.search(value):
        return False
    words = re.split(r"[\s,]+", value.lower())
    return not any(w.rstrip(".") in LEGAL_FORMS for w in words) and address_like(value)


def _covered(starts: list[int], ends: list[int], pos: int) -> bool:
    """Whether `pos` lies inside one of the spans (sorted by start; `ends` their running maximum)."""
    i = bisect.bisect_right(starts, pos) - 1
    return i >= 0 and ends[i] > pos


def _phones_beside(text: str, spans: list[Span], starts: list[int], ends: list[int]) -> list[Span]:
    out: list[Span] = []
    for s in spans:
        if s.kind in _AFTER_KINDS:
            m = _AFTER.match(text, s.end, min(len(text), s.end + _REACH))
            if m is not None and not _covered(starts, ends, m.start(1)) and (p := _phone(text, *m.span(1))) is not None:
                out.append(p)
        elif s.kind == "email":
            m = _BEFORE_MAIL.search(text, max(0, s.start - _REACH), s.start)
            if m is not None and not _covered(starts, ends, m.start(1)) and (p := _phone(text, *m.span(1))) is not None:
                out.append(p)
    return out


def _residences(text: str, spans: list[Span]) -> list[Span]:
    """The address of a notice's person: after `, of` beside their name or birth date, or on the
    line after `To: <name>` (see `_OF_RESIDENCE`, `_TO_LINE`)."""
    out: list[Span] = []
    for s in spans:
        if s.kind not in ("person_name", "date_of_birth"):
            continue
        m = _OF_RESIDENCE.match(text, s.end, min(len(text), s.end + _REACH + 20))
        if m is None and s.kind == "person_name" and _TO_LINE.search(text, max(0, s.start - 40), s.start):
            m = _NEXT_LINE.match(text, s.end, min(len(text), s.end + _REACH + 20))
        if m is not None and _address(m[1]):
            out.append(Span(*m.span(1), "address"))
    return out


def _homes(text: str) -> list[Span]:
    """A person's home address in apposition after `my home,`, `the couple's home:`: the noun and its
    separator found first, then the possessive before it (a bounded look-back)."""
    out: list[Span] = []
    for _, (h0, h1) in _HOME_NOUN.finditer(text):
        owner = _POSSESSIVE_BEFORE.search(text, max(0, h0 - 32), h0)
        if owner is None:
            continue
        m = _TO_CLAUSE_END.match(text, h1, min(len(text), h1 + _REACH + 40))
        # `the <noun>'s home` names a thing's home as often as a person's (`the project's home: Github,
        # 3 stars`): after a genitive the value needs a postcode as well (address_like's city reading)
        if m is not None and _address(m[1]) and (owner[1] is None or address_like(m[1], city=True)):
            out.append(Span(*m.span(1), "address"))
    return out


def _name_before(text: str, start: int, kind: str) -> Span | None:
    lo = max(0, start - _REACH)
    gap = _NAME_GAP.search(text, lo, start) if kind == "phone" else None
    cell_only = gap is None
    if gap is None and kind in _CELL_KINDS:
        gap = _CELL_GAP.search(text, lo, start)
    if gap is None:
        return None
    head = _CELL_START.match(text, lo, gap.start())
    a = lo if head is None else head.end()
    if a == lo and lo > 0:
        return None  # (no boundary within reach: a long sentence, not a cell)
    cell = text[a : gap.start()].strip(" \t")
    if not cell or not pii.person_cell(cell):
        return None
    if cell_only and not any(pii.listed_name(w) for w in cell.split(" ")):
        return None  # (a table's cell beside contact data names a tenant or an org as often: `Default Org`)
    a = text.index(cell, a)
    return Span(a, a + len(cell), "person_name")


def contact_neighbours(text: str, spans: list[Span]) -> list[Span]:
    """Phones beside a found name, home address or e-mail, and the names before phones (see the module)."""
    # (a number another rule already found is judged no more: in a contact list most are, and reading
    # a number in every plan is this module's one costly step)
    ordered = sorted((s.start, s.end) for s in spans)
    starts = [a for a, _ in ordered]
    ends = list(itertools.accumulate((b for _, b in ordered), max))
    phones = _phones_beside(text, spans, starts, ends)
    for m in _LISTED_NUMBER.finditer(text):
        if _covered(starts, ends, m.start(1)):
            continue
        # (the name first: it is cheap, where reading a number in every plan is not, and code is full
        # of `(1234567` and `, 86400`)
        if _name_before(text, m.start(1), "phone") is not None and (p := _phone(text, *m.span(1))) is not None:
            phones.append(p)  # (its name is taken below, with the other phones' names)
    homes = _homes(text)
    out = [*phones, *_residences(text, spans), *homes]
    for s in (*spans, *phones):
        if s.kind in _CELL_KINDS and (name := _name_before(text, s.start, s.kind)) is not None:
            out.append(name)
    return out
