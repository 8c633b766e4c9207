"""Check digits of personal register numbers that python-stdnum has no module for.

Each is the register's own published rule; `national_ids` reads them only under their labels, so a
check passing by chance (one in ten or eleven) never makes an order number or a timestamp an id.

- US National Provider Identifier (CMS, NPI standard): ten digits, the first 1 or 2, the last a
  Luhn check digit computed with the card-issuer prefix 80840 in front.
- US DEA registration number (21 CFR 1301; the DEA's published check): a registrant-type letter, a
  second letter (the registrant's surname initial, or 9 for a business), seven digits; the sum of
  digits 1, 3, 5 plus twice the sum of digits 2, 4, 6 ends in digit 7.
- Hungary's személyi azonosító (personal identification number, Act XX of 1996): a sex/century
  digit 1-8 (odd male, even female; 1/2 citizens born 1900-1999, 3/4 citizens born 2000 on and, in
  the older scheme, before 1900, 5/6 foreign-born residents of the 1900s, 7/8 foreign citizens, whose
  century sources give as the 1800s or the 1900s), the birth date YYMMDD, a three-digit order, a
  mod-11 check digit: digits 1-10 weighted 1 to 10 for people born before 1997, 10 to 1 on and after
  1997-01-01 (a remainder of 10 is never issued).
- UK Unique Learner Number (the Learning Records Service's spec): ten digits, the first not 0,
  digits 1-9 weighted 10 down to 2; the check digit is 10 minus the sum mod 11 (remainder 0 unused).
- Germany's lebenslange Arztnummer (LANR, the KBV's spec): nine digits, a six-digit physician
  number, a check digit, a two-digit specialty group; digits 1-6 weighted 4, 9, 4, 9, 4, 9, the
  check digit is 10 minus the sum mod 10 (0 for a remainder of 0).
- France's RPPS number (Répertoire partagé des professionnels de santé): eleven digits starting 10,
  the last a Luhn check digit.
- Mexico's clave de elector (INE): six letters from the holder's names, the birth date YYMMDD, a
  two-digit state of birth (01-32, 87 and 88 for people born abroad or naturalised), the sex (H or M)
  and a three-digit homonym key; no check digit, so the date and the state are the check.
- Hungary's bankszámlaszám (MNB decree on payment services, the GIRO account number): two or three
  groups of eight digits; the first group (bank, branch, check digit) and the rest (account, check
  digit) each weighted 9, 7, 3, 1 repeating, each weighted sum divisible by 10.
- Switzerland's PostFinance account (Postkonto, compte postal): `NN-NNNNNN-C`, a two-digit prefix,
  up to six digits (zero-padded) and a check digit by the ISR "modulo 10 recursive" rule, which
  python-stdnum's `ch.esr` computes.
- UK MPAN core (Elexon's MRA, the supply number's bottom line): thirteen digits, a two-digit
  distributor id, eight digits, three more, the last a check digit: digits 1-12 weighted by the
  primes 3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43, the sum mod 11 mod 10.
- Poland's NRB (Numer Rachunku Bankowego, NBP's ordinance on bank account numbering): 26 digits, two
  check digits (the IBAN's: `PL` and the number, mod 97 == 1) and an eight-digit sort code whose last
  digit checks its first seven, weighted 3, 9, 7, 1, 3, 9, 7 (ten minus the sum mod 10).
- France's RIB (relevé d'identité bancaire, the Banque de France's key): bank code (5), branch code
  (5), account (11, letters read 1-9 cyclically: A/J=1 … I/R=9, S=2 … Z=9), key (2) with
  89 * bank + 15 * branch + 3 * account + key divisible by 97.
- Portugal's NIB (Número de Identificação Bancária, Banco de Portugal): 21 digits, bank (4), branch
  (4), account (11), two check digits by ISO 7064 MOD 97-10 (the whole number mod 97 == 1).
- Nigeria's NUBAN (the CBN's Nigeria Uniform Bank Account Number standard, revised 2020): ten digits,
  a nine-digit serial and a check digit over the bank's code and the serial, weighted 3, 7, 3
  repeating; the check digit is 10 minus the sum mod 10 (0 for a remainder of 0). A deposit money
  bank's three-digit code is read as its six-digit form (`000` in front, which weighs nothing), an
  other institution's six-digit code as is.
"""

from __future__ import annotations

import datetime

_DEA_TYPES = frozenset("ABCDEFGHJKLMPRSTUX")  # the DEA's registrant-type letters
# (the centuries each first digit may stand for; a digit whose century the published descriptions
# give two ways is read both ways, the date and the check digit deciding)
_HU_CENTURIES: dict[str, tuple[int, ...]] = {
    "1": (1900,),
    "2": (1900,),
    "3": (2000, 1800),
    "4": (2000, 1800),
    "5": (1900, 2000),
    "6": (1900, 2000),
    "7": (1900, 1800),
    "8": (1900, 1800),
}
_HU_REVERSED_FROM = datetime.date(1997, 1, 1)


def luhn_ok(digits: str) -> bool:
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
    return len(d) == 10 and d.isdigit() and d[0] in "12" and luhn_ok("80840" + d)


def dea_ok(v: str) -> bool:
    c = _compact(v).upper()
    if len(c) != 9 or c[0] not in _DEA_TYPES or not (c[1].isalpha() or c[1] == "9") or not c[2:].isdigit():
        return False
    d = [int(x) for x in c[2:]]
    return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 == d[6]


def hu_personal_ok(v: str) -> bool:
    d = _compact(v)
    if len(d) != 11 or not d.isdigit() or d[0] not in _HU_CENTURIES:
        return False
    return any(_hu_check(d, century) for century in _HU_CENTURIES[d[0]])


def _hu_check(d: str, century: int) -> bool:
    try:
        born = datetime.date(century + int(d[1:3]), int(d[3:5]), int(d[5:7]))
    except ValueError:
        return False
    if born > datetime.date.today():
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


def lanr_ok(v: str) -> bool:
    d = _compact(v)
    if len(d) != 9 or not d.isdigit():
        return False
    total = sum(int(c) * w for c, w in zip(d[:6], (4, 9, 4, 9, 4, 9), strict=True))
    return (10 - total % 10) % 10 == int(d[6])


def rpps_ok(v: str) -> bool:
    d = _compact(v)
    return len(d) == 11 and d.isdigit() and d.startswith("10") and luhn_ok(d)


_ELECTOR_STATES = frozenset({f"{n:02d}" for n in range(1, 33)} | {"87", "88"})


def clave_elector_ok(v: str) -> bool:
    c = _compact(v).upper()
    if len(c) != 18 or not c[:6].isalpha() or not c[:6].isascii() or not c[6:14].isdigit():
        return False
    if c[12:14] not in _ELECTOR_STATES or c[14] not in "HM" or not c[15:].isdigit():
        return False
    try:  # (YY alone: read in the 2000s, whose leap years are the 1900s' but 1900's)
        datetime.date(2000 + int(c[6:8]), int(c[8:10]), int(c[10:12]))
    except ValueError:
        return False
    return True


def _weighted_9731(d: str) -> bool:
    return sum(int(c) * w for c, w in zip(d, (9, 7, 3, 1) * 4, strict=False)) % 10 == 0


def hu_bank_account_ok(v: str) -> bool:
    d = _compact(v)
    return len(d) in (16, 24) and d.isdigit() and _weighted_9731(d[:8]) and _weighted_9731(d[8:])


def ch_postal_account_ok(v: str) -> bool:
    parts = v.split("-")
    if len(parts) != 3 or len(parts[0]) != 2 or not 1 <= len(parts[1]) <= 6 or len(parts[2]) != 1:
        return False
    if not "".join(parts).isdigit():
        return False
    from stdnum.ch import esr

    return esr.calc_check_digit(parts[0] + parts[1].zfill(6)) == parts[2]


_MPAN_WEIGHTS = (3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43)


def mpan_core_ok(v: str) -> bool:
    d = _compact(v)
    if len(d) != 13 or not d.isdigit():
        return False
    return sum(int(c) * w for c, w in zip(d[:12], _MPAN_WEIGHTS, strict=True)) % 11 % 10 == int(d[12])


def pl_nrb_ok(digits: str) -> bool:
    """A 26-digit Polish NRB: its IBAN check digits and its sort code's 3-9-7-1 digit."""
    if len(digits) != 26 or not digits.isdigit():
        return False
    sort = digits[2:10]
    weighted = sum(int(d) * w for d, w in zip(sort[:7], (3, 9, 7, 1, 3, 9, 7), strict=True))
    # (`PL` is 25 21 in IBAN's letter numbering)
    return (10 - weighted % 10) % 10 == int(sort[7]) and int(digits[2:] + "2521" + digits[:2]) % 97 == 1


_RIB_LETTERS = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "12345678912345678923456789", strict=True))


def fr_rib_ok(value: str) -> bool:
    """A 23-character French RIB (spaces removed): bank, branch, account, key."""
    if len(value) != 23 or not (value[:10].isdigit() and value[21:].isdigit()):
        return False
    account = "".join(_RIB_LETTERS.get(c, c) for c in value[10:21].upper())
    if not account.isdigit():
        return False
    return (89 * int(value[:5]) + 15 * int(value[5:10]) + 3 * int(account) + int(value[21:])) % 97 == 0


def pt_nib_ok(digits: str) -> bool:
    """A 21-digit Portuguese NIB: ISO 7064 MOD 97-10 over the whole number."""
    return len(digits) == 21 and digits.isdigit() and int(digits) % 97 == 1


def nuban_ok(account: str, bank_code: str) -> bool:
    """The NUBAN check digit of a ten-digit account at the bank whose CBN code is `bank_code`."""
    if len(account) != 10 or not account.isdigit() or len(set(account)) == 1 or len(bank_code) not in (3, 6):
        return False
    digits = bank_code.zfill(6) + account[:9]
    total = sum(int(c) * (3, 7, 3)[i % 3] for i, c in enumerate(digits))
    return (10 - total % 10) % 10 == int(account[9])
