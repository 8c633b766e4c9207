"""Whether a date found after a birth label can be a date of birth: a real calendar date (no 31
February, no month 13) in a plausible birth range (1900 up to three years before today).

The date detectors (`pii.dob_spans`, `intl_formats.intl_dob_spans`) find a date in any common
format; this reads it back: numeric in any order (1987-03-03, 03/03/87, 3.3.1987, 19870303), with
a month written in one of the detectors' languages (3rd of March 1987, 3 mars 1987, 30DEC1955,
5 de mayo de 1979, 12 maja 1975), or in CJK digits-and-units (1987年3月3日). A form it cannot
read (a month in another script, a Roman numeral) is checked by its year alone.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from functools import lru_cache

# A month by the first letters of its name (accents dropped, lowercase), in English, German,
# French, Spanish, Italian, Portuguese, Dutch, the Nordic languages, Polish (genitive), Czech
# (genitive), Turkish, Latvian, Lithuanian (genitive), Basque and Albanian. Longest prefixes are tried first.
_MONTH_PREFIXES: dict[str, int] = {
    # 1
    "jan": 1, "ene": 1, "gen": 1, "sty": 1, "led": 1, "oca": 1,
    # 2
    "feb": 2, "fev": 2, "lut": 2, "uno": 2, "sub": 2,
    # 3
    "mar": 3, "maa": 3, "mrt": 3, "mrz": 3, "bre": 3,
    # 4
    "apr": 4, "avr": 4, "abr": 4, "kwi": 4, "dub": 4, "nis": 4,
    # 5
    "may": 5, "mai": 5, "mei": 5, "mag": 5, "maj": 5, "kve": 5,
    # 6
    "jun": 6, "juin": 6, "giu": 6, "cze": 6, "cerven": 6, "haz": 6,
    # 7
    "jul": 7, "juil": 7, "lug": 7, "lip": 7, "cervence": 7, "tem": 7,
    # 8
    "aug": 8, "aou": 8, "ago": 8, "sie": 8, "srp": 8, "agu": 8,
    # 9
    "sep": 9, "set": 9, "wrz": 9, "zar": 9, "eyl": 9, "szep": 9,
    # 10
    "oct": 10, "okt": 10, "ott": 10, "out": 10, "paz": 10, "rij": 10, "eki": 10,
    # 11
    "nov": 11, "lis": 11, "kas": 11,
    # 12
    "dec": 12, "dez": 12, "dic": 12, "gru": 12, "pro": 12, "ara": 12,
    # Lithuanian genitives, Basque and Albanian names (Latvian's share the prefixes above)
    "sau": 1, "urt": 1, "vas": 2, "ots": 2, "shk": 2, "kov": 3, "bal": 4, "api": 4, "pri": 4,
    "geg": 5, "bir": 6, "eka": 6, "qer": 6, "lie": 7, "uzt": 7, "kor": 7, "rugp": 8, "abu": 8, "gus": 8,
    "rugs": 9, "ira": 9, "sht": 9, "spa": 10, "urr": 10, "tet": 10, "lap": 11, "aza": 11, "nen": 11,
    "abe": 12, "dhj": 12,
}  # fmt: skip
# (Czech: červen June, červenec July — the longer prefix decides)
_BY_LENGTH = sorted(_MONTH_PREFIXES, key=len, reverse=True)
_GROUP = re.compile(r"\d+|[^\W\d_]+")
# midnight, as a date-only field serialises (`"birthDate": "1987-03-03T00:00:00.000Z"`): the date
# with it is the day, and the time goes with it
MIDNIGHT_AFTER = re.compile(r"T00:00(?::00(?:\.0{1,9})?)?(?:Z|[+-]00:?00)?(?![0-9:.])")
_MIN_YEAR = 1900
_YOUNGEST = 3  # years: a date of birth of a toddler is rare in a developer's transcripts; an event's is not


def _month_of(word: str) -> int | None:
    plain = "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if c.isascii())
    return next((_MONTH_PREFIXES[p] for p in _BY_LENGTH if plain.startswith(p)), None)


def _full_year(y: int, digits: int) -> int:
    if digits != 2:
        return y
    this = datetime.date.today().year % 100
    return 2000 + y if y <= this else 1900 + y


def _real(year: int, month: int, day: int) -> bool:
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return _MIN_YEAR <= year <= datetime.date.today().year - _YOUNGEST


@lru_cache(maxsize=4096)
def plausible_birth_date(value: str) -> bool:
    """True unless `value` is readable and no reading of it is a real date in the birth range."""
    tokens = _GROUP.findall(value)
    nums = [t for t in tokens if t.isdigit()]
    words = [t for t in tokens if not t.isdigit()]
    if len(nums) == 1 and len(nums[0]) == 8 and not words:  # 19870303, or 03031987 (DDMMYYYY)
        n = nums[0]
        return _real(int(n[:4]), int(n[4:6]), int(n[6:])) or _real(int(n[4:]), int(n[2:4]), int(n[:2]))
    months = [m for w in words if (m := _month_of(w)) is not None and len(w) >= 3]
    if len(nums) == 3 and not months:
        a, b, c = nums
        if len(a) == 4:  # ISO and CJK order
            return _real(int(a), int(b), int(c))
        if len(c) in (2, 4):
            y = _full_year(int(c), len(c))
            return _real(y, int(b), int(a)) or _real(y, int(a), int(b))  # d/m/y or m/d/y
        return True
    if len(nums) == 2 and months:
        day, year = (nums[0], nums[1]) if len(nums[1]) >= len(nums[0]) else (nums[1], nums[0])
        if len(year) not in (2, 4) or len(day) > 2:
            return True
        return _real(_full_year(int(year), len(year)), months[0], int(day))
    # unread (another script's month, a Roman numeral): the year alone, where one stands out (a
    # Thai date's year is of the Buddhist era, 543 years ahead)
    years = [int(n) - (543 if int(n) > 2400 else 0) for n in nums if len(n) == 4]
    return not years or _MIN_YEAR <= years[-1] <= datetime.date.today().year - _YOUNGEST


# A birth word's owner: `X's birthday` / `X's date of birth` / `X was born (on)`, with the
# determiner before a common noun (`the project's birthday`). A date of birth needs a person as
# its owner; a thing's "birthday" (a language's, a project's) dates software.
_OWNER = re.compile(
    r"(?:\b(?P<det>the|our|its|this|that|their|your|my|his|her)[ \t]+)?\b(?P<owner>[A-Za-z][\w.+#-]{0,30})"
    r"(?:'s|’s|')[ \t]+(?:birthday|birth[ _-]?date|date[ _-]of[ _-]birth)\b[^\n]{0,24}$|"
    r"(?:\b(?P<det2>the|our|its|this|that|their|your|my|his|her)[ \t]+)?\b(?P<owner2>[A-Za-z][\w.+#-]{0,30})"
    r"[ \t]+(?:was|is|were)[ \t]+born(?:[ \t]+on)?\b[^\n]{0,24}$"
)
# nouns for people (general English: kin, partners, roles a person holds beside a form or a
# record), which own a birth date whatever their determiner
_PERSON_NOUNS = frozenset(
    [
        "mother",
        "mom",
        "mum",
        "mama",
        "father",
        "dad",
        "papa",
        "parent",
        "parents",
        "wife",
        "husband",
        "partner",
        "spouse",
        "son",
        "daughter",
        "child",
        "kid",
        "baby",
        "brother",
        "sister",
        "sibling",
        "grandma",
        "grandmother",
        "grandpa",
        "grandfather",
        "granny",
        "aunt",
        "uncle",
        "cousin",
        "niece",
        "nephew",
        "friend",
        "girlfriend",
        "boyfriend",
        "fiance",
        "fiancee",
        "boss",
        "colleague",
        "coworker",
        "manager",
        "patient",
        "customer",
        "client",
        "user",
        "member",
        "employee",
        "student",
        "pupil",
        "tenant",
        "landlord",
        "landlady",
        "neighbour",
        "neighbor",
        "applicant",
        "owner",
        "person",
        "guest",
        "caller",
        "intern",
        "hire",
        "flatmate",
        "roommate",
        "teacher",
        "doctor",
        "nurse",
        "player",
        "driver",
        "passenger",
        "holder",
        "subscriber",
        "resident",
        "citizen",
        "author",
        "contact",
        "candidate",
        "boy",
        "girl",
        "man",
        "woman",
        "lady",
        "guy",
        "gentleman",
        "twin",
        "teen",
        "teenager",
        "toddler",
        "infant",
        "newborn",
        "grandson",
        "granddaughter",
        "grandchild",
        "stepson",
        "stepdaughter",
        "stepmother",
        "stepfather",
        "relative",
        "mate",
        "buddy",
        "pal",
        "bride",
        "groom",
        "mentor",
        "coach",
        "worker",
        "volunteer",
        "victim",
        "witness",
        "beneficiary",
        "policyholder",
        "sender",
        "recipient",
    ]
)
_PERSONAL_PRONOUNS = frozenset(("i", "you", "he", "she", "we", "they", "who", "one", "someone", "somebody"))
_WINDOW = 80


# a version string (`0.9.0`, `v2.1`): the line dates software. Its parts are short (a dotted date's
# four-digit year is no version part)
_VERSION = re.compile(r"(?<![\w.])v?\d{1,3}\.\d{1,3}(?:\.\d{1,3})?(?![\w.])")


def owned_by_a_thing(text: str, start: int) -> bool:
    """Whether the birth word before the date at `start` belongs to a thing, not a person: a common
    noun after a determiner that names no person (`the project's birthday`), or a proper noun that is
    no listed given name or surname on a line that dates software (a version string beside it:
    `Python's birthday: 1991-02-20 (0.9.0 …)`). A name the lists lack is far likelier a person's than
    a product's, so a proper noun alone never makes a birth date public."""
    lo = max(text.rfind("\n", max(0, start - _WINDOW), start) + 1, start - _WINDOW)
    m = _OWNER.search(text[lo:start])
    if m is None:
        return False
    owner = m["owner"] or m["owner2"]
    det = m["det"] or m["det2"]
    if owner.lower() in _PERSONAL_PRONOUNS:
        return False  # (`I was born …`)
    if owner.lower() in _PERSON_NOUNS or owner.lower().rstrip("s") in _PERSON_NOUNS:
        return False
    if owner.islower():
        return det is not None  # (`the project's`; a bare lowercase word may be a handle)
    if not owner[0].isupper() or not owner.isascii():
        return False
    from persona_pipeline.core.evidence.redaction import pii

    firsts, lasts = pii._name_lists()
    if owner in firsts or owner in lasts or owner.capitalize() in firsts:
        return False
    hi = text.find("\n", start, start + _WINDOW)
    after = text[start : start + _WINDOW if hi < 0 else hi].split(None, 1)  # (the date's token dropped)
    return _VERSION.search(text[lo:start]) is not None or (len(after) == 2 and _VERSION.search(after[1]) is not None)
