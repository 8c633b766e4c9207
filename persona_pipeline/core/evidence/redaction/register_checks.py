"""Check digits of personal register numbers that python-stdnum has no module for.

Each is the register's own published rule; `national_ids` reads them only under their labels, so a
check passing by chance (one in ten or eleven) never makes an order number or a timestamp an id.

- US National Provider Identifier (CMS, NPI standard): ten digits, the first 1 or 2, the last a
  Luhn check digit computed with the card-issuer prefix 80840 in front.
- US DEA registration number (21 CFR 1301; the DEA's published check): a registrant-type letter, a
  second letter (the registrant's surname initial, or 9 for a business), seven digits; the sum of
  digits 1, 3, 5 plus twice the sum of digits 2, 4, 6 ends in digit 7.
- Hungary's személyi azonosító (personal identification number, Act XX of 1996): a sex/century
  digit 1-8, the birth date YYMMDD, a three-digit order, a mod-11 check digit: digits 1-10 weighted
  1 to 10 for people born before 1997, 10 to 1 after (a remainder of 10 is never issued).
- UK Unique Learner Number (the Learning Records Service's spec): ten digits, the first not 0,
  digits 1-9 weighted 10 down to 2; the check digit is 10 minus the sum mod 11 (remainder 0 unused).
"""

from __future__ import annotations

import datetime

_DEA_TYPES = frozenset("ABCDEFGHJKLMPRSTUX")  # the DEA's registrant-type letters
# (a century per first digit: 1/2 born 1900-1999, 3/4 1800s, 5/6 2000s, 7/8 foreign citizens born 1900-1999)
_HU_CENTURY = {"1": 1900, "2": 1900, "3": 1800, "4": 1800, "5": 2000, "6": 2000, "7": 1900, "8": 1900}
_HU_REVERSED_FROM = datetime.date(1997, 1, 1)


def _luhn_ok(digits: str) -> bool:
    total = 0
    for i, c in enumerate(reversed(digits)):
        d = int(c)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _compact(v: str) -> str:
    return v.replace(" ", "").replace("-", "")


def npi_ok(v: str) -> bool:
    d = _compact(v)
    return len(d) == 10 and d.isdigit() and d[0] in "12" and _luhn_ok("80840" + d)


def dea_ok(v: str) -> bool:
    c = _compact(v).upper()
    if len(c) != 9 or c[0] not in _DEA_TYPES or not (c[1].isalpha() or c[1] == "9") or not c[2:].isdigit():
        return False
    d = [int(x) for x in c[2:]]
    return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 == d[6]


def hu_personal_ok(v: str) -> bool:
    d = _compact(v)
    if len(d) != 11 or not d.isdigit() or d[0] not in _HU_CENTURY:
        return False
    try:
        born = datetime.date(_HU_CENTURY[d[0]] + int(d[1:3]), int(d[3:5]), int(d[5:7]))
    except ValueError:
        return False
    weights = range(1, 11) if born < _HU_REVERSED_FROM else range(10, 0, -1)
    rest = sum(int(c) * w for c, w in zip(d[:10], weights, strict=True)) % 11
    return rest != 10 and rest == int(d[10])


def uln_ok(v: str) -> bool:
    d = _compact(v)
    if len(d) != 10 or not d.isdigit() or d[0] == "0":
        return False
    rest = sum(int(c) * w for c, w in zip(d[:9], range(10, 1, -1), strict=True)) % 11
    return rest != 0 and 10 - rest == int(d[9])
