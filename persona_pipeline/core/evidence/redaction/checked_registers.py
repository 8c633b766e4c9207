"""Personal numbers whose register publishes both a notation and check digits (round 21, tune21).

- A Czech or Slovak domestic account (`předčíslí-číslo/kód banky`, ČNB decree 169/2011): an optional
  prefix of up to six digits, the number (two to ten digits), each weighted 6 3 7 9 10 5 8 4 2 1
  right-aligned and divisible by 11, then a slash and the four-digit code of a bank in the national
  bank's register (Czech codes from python-stdnum's `cz/banks` database, Slovak ones from the NBS
  list below). The slash and a registered bank code make the notation self-identifying: no label
  needed. (A label-led one is `bank_accounts`' too; this reads it anywhere.)
- A Serbian current account (NBS decision on the uniform account structure): a three-digit bank
  code, an account of up to thirteen digits and two check digits, ISO 7064 MOD 97-10 over the
  sixteen digits with the account zero-padded, written `3-13-2` with hyphens (zeros padded or not).
  Read when the bank code is one the NBS assigns to a bank and the check holds.
- A Brazilian driving licence (CNH, its `número de registro`, RENACH rule): eleven digits, two mod-11
  check digits (weights 9..1, then 1..9). Eleven digits are also a CPF, a phone or an id, and one
  random run in a hundred passes: read only with a licence word on its line or the line above.

- A Nigerian NUBAN (the CBN's uniform account number): ten digits whose check digit holds over the
  code of the bank named beside it: a bank's name or its common short name (`Zenith Bank`, `GTBank`,
  `UBA`, codes of the CBN's list of deposit money banks) or a `bank_code` field on its line. One
  random run in ten passes a given bank's check, so the bank must be named; the word `NUBAN` before
  the number names the kind itself and is taken with any listed bank's check holding. A bank whose
  name is an everyday word (`First`, `Union`, `Access`) is read only as a capitalised proper name
  with `Bank`, and a number framed as an id, a time or a count (`id 17…`, `… ms`, `… rows`) is none.

Each candidate is one bounded `re` match and a few integer operations: linear in the text.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterator
from functools import lru_cache

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.register_checks import nuban_ok
from persona_pipeline.core.evidence.redaction.spans import Span

# (a glued neighbour makes it part of a path, a fraction or a longer number)
_CZ = re.compile(r"(?<![\w./-])(?:(\d{1,6})-)?(\d{2,10})/(\d{4})(?![\w/]|[.,-]\d)")
_CZ_WEIGHTS = (6, 3, 7, 9, 10, 5, 8, 4, 2, 1)
# Slovak bank codes of the NBS register (the Czech ones come from python-stdnum's database)
_SK_BANKS_CODES = (
    "0200 0720 0900 1100 1111 3000 3100 5200 5600 5900 6500 7300 7500 7930 8050 8100 8120 8130 "
    "8170 8180 8320 8330 8360 8370 8420 9951 9952"
)
_SK_BANKS = frozenset(_SK_BANKS_CODES.split())
_RS = re.compile(r"(?<![\w./-])(\d{3})-(\d{3,13})-(\d{2})(?![\w/]|[.,-]\d)")
# bank codes the National Bank of Serbia assigns to banks (not the Treasury's 840, not the NBS's own)
_RS_BANKS_CODES = (
    "105 115 125 145 150 155 160 165 170 180 190 200 205 220 250 265 275 285 295 310 "
    "325 330 340 355 360 370 375 380 385"
)
_RS_BANKS = frozenset(_RS_BANKS_CODES.split())
_CNH = re.compile(r"(?<![\w.,/-])(\d{11})(?![\w/]|[.,-]\d)")
# a licence named in Portuguese or English, or the CNH's abbreviation as a word or a key's part
_CNH_CUE = re.compile(
    r"(?i:habilita[cç][aã]o|carteira[ \t]+(?:de[ \t]+motorista|nacional)|driv(?:er'?s?|ing)[ \t_-]+licen[cs]e)"
    r"|(?<![A-Za-z])(?:cnh|CNH|Cnh)(?![a-z])|(?<=[a-z])Cnh(?![a-z])"
)


def _mod11_zero(digits: str) -> bool:
    return sum(int(c) * w for c, w in zip(digits.zfill(10), _CZ_WEIGHTS, strict=True)) % 11 == 0


@lru_cache(maxsize=1)
def _cz_banks() -> frozenset[str]:
    from stdnum import numdb

    db = numdb.get("cz/banks")
    return frozenset(f"{n:04d}" for n in range(10000) if any("bank" in info for _, info in db.info(f"{n:04d}")))


def cz_account_ok(prefix: str, number: str, bank: str) -> bool:
    """Both parts divisible by 11 under the decree's weights, the number not all zeros or one digit
    repeated, and the bank code registered."""
    if len(set(number.lstrip("0"))) < 2 or (prefix and not _mod11_zero(prefix)) or not _mod11_zero(number):
        return False
    return bank in _SK_BANKS or bank in _cz_banks()


def rs_account_ok(bank: str, account: str, check: str) -> bool:
    """ISO 7064 MOD 97-10 over bank, zero-padded account and check digits, a bank's code."""
    if bank not in _RS_BANKS or not account.strip("0"):
        return False
    return int(bank + account.zfill(13) + check) % 97 == 1


def cnh_ok(value: str) -> bool:
    """The CNH's two check digits; where the first sum leaves 10, the first digit is 0 and the
    validators in use disagree on the second (with or without subtracting 2): either is taken."""
    if len(value) != 11 or not value.isdigit() or len(set(value)) == 1:
        return False
    d = [int(c) for c in value]
    s1 = sum(x * w for x, w in zip(d[:9], range(9, 0, -1), strict=True)) % 11
    s2 = sum(x * w for x, w in zip(d[:9], range(1, 10), strict=True)) % 11
    if s1 < 10:
        return d[9] == s1 and d[10] == (0 if s2 >= 10 else s2)
    return d[9] == 0 and d[10] in {0 if s2 >= 10 else s2, (s2 - 2) % 11 % 10}


def _cnh_cues(text: str) -> Callable[[int], bool]:
    """A test of whether a licence word stands on the value's line or the line above (a table's
    header), for values at increasing offsets: the cue matches and the line breaks are found once per
    text, and each value is placed among them by bisection (a long line holding many values costs
    no rescan of the line per value)."""
    cues = [(m.start(), m.end()) for m in _CNH_CUE.finditer(text)]
    starts = [c[0] for c in cues]
    breaks = [m.start() for m in _NEWLINE.finditer(text)]

    def cue(a: int) -> bool:
        k = bisect_left(breaks, a)  # (breaks[k - 1] < a <= breaks[k])
        above = breaks[k - 2] + 1 if k >= 2 else 0
        le = breaks[k] if k < len(breaks) else len(text)
        lo = max(above, a - 240)
        j = bisect_left(starts, lo)
        return j < len(cues) and cues[j][1] <= le

    return cue


_NEWLINE = re.compile("\n")


# the CBN's three-digit codes of deposit money banks, by the names people write them under
_NG_BANK_CODES: dict[str, str] = {
    "access": "044",
    "citibank": "023",
    "ecobank": "050",
    "fidelity": "070",
    "first": "011",
    "firstbank": "011",
    "fcmb": "214",
    "first city monument": "214",
    "globus": "103",
    "gtbank": "058",
    "gtb": "058",
    "guaranty trust": "058",
    "heritage": "030",
    "jaiz": "301",
    "keystone": "082",
    "lotus": "303",
    "optimus": "107",
    "parallex": "104",
    "polaris": "076",
    "premiumtrust": "105",
    "providus": "101",
    "stanbic ibtc": "221",
    "standard chartered": "068",
    "sterling": "232",
    "suntrust": "100",
    "taj": "302",
    "titan trust": "102",
    "uba": "033",
    "united bank for africa": "033",
    "union": "032",
    "unity": "215",
    "wema": "035",
    "zenith": "057",
}
# a bank's name: the distinctive short names alone, the rest followed by `Bank`
# (the names that are everyday words, `first`, `union`, `access`, `sterling`, only as a capitalised
# proper name with `Bank`: "the first bank of registers" names none)
_NG_BANK = re.compile(
    r"(?<![\w-])(?:((?i:gtbank|firstbank|ecobank|citibank|stanbic ibtc|standard chartered|united bank for africa|"
    r"first city monument))|(GTB|UBA|FCMB)|(Access|Fidelity|First|Globus|Guaranty Trust|Heritage|Jaiz|Keystone|"
    r"Lotus|Optimus|Parallex|Polaris|PremiumTrust|Providus|Sterling|SunTrust|Suntrust|TAJ|Taj|Titan Trust|Union|"
    r"Unity|Wema|Zenith)[ \t]+Bank)(?![\w-])"
)
# a number that a record's label or a quantity's unit frames: an id, a mask, a time, a count
_NOT_ACCOUNT_BEFORE = re.compile(
    r"(?i:\b(?:id|ids|mask|ts|timestamp|epoch|took|at|in|after|since|until|seq|offset|count|size|delivery)"
    r"[ \t]*[:=#]?[ \t]*)\Z"
)
_NOT_ACCOUNT_AFTER = re.compile(
    r"[ \t]*(?i:ns|ms|us|s|sec|secs|seconds|min|rows|bytes|items|iterations|times|records|events|users|requests)\b"
)
_BANK_CODE_FIELD = re.compile(r"""(?i)bank[ _-]?code\\?["']?[ \t]*[:=][ \t]*\\?["']?(\d{3}|\d{6})(?!\d)""")
_NUBAN_WORD = re.compile(r"\bNUBAN\b|\bnuban\b|\bNuban\b")
_NUBAN = re.compile(r"(?<![\w.,/-])(\d{10})(?![\w/]|[.,-]\d)")
_NG_REACH = 120  # characters each side of the number on its line where its bank is read


def _ng_codes(text: str, a: int, b: int) -> tuple[set[str], bool]:
    """The bank codes named on the line around text[a:b] (within reach), and whether `NUBAN` is."""
    lo = max(text.rfind("\n", max(0, a - _NG_REACH), a) + 1, a - _NG_REACH, 0)
    e = text.find("\n", b, b + _NG_REACH)
    hi = min(len(text), b + _NG_REACH) if e < 0 else e
    codes = {m[1] for m in _BANK_CODE_FIELD.finditer(text, lo, hi)}
    for m in _NG_BANK.finditer(text, lo, hi):
        name = " ".join((m[1] or m[2] or m[3]).lower().split())
        codes.add(_NG_BANK_CODES[name])
    return codes, _NUBAN_WORD.search(text, lo, a) is not None


# (RE2 passes over the fold: most texts hold no such shape, and the `re` scans cost more than these)
CZ_GATE = Rx(r"\d/\d{4}\b")
RS_GATE = Rx(r"\b\d{3}-\d{3,13}-\d{2}\b")
CNH_GATE = Rx(r"(?i:habilita|carteira|licen[cs]e|cnh)")
NG_GATE = Rx(r"(?i:bank|nuban)|GTB|UBA|FCMB|(?i:ibtc|chartered)")


def checked_register_spans(text: str) -> Iterator[Span]:
    if "/" in text and CZ_GATE.search(text) is not None:
        for m in _CZ.finditer(text):
            prefix, number, bank = m.group(1) or "", m.group(2), m.group(3)
            # (a bare short number over a code, `19/0800`, is a fraction or a ratio as often)
            if (prefix or len(number) >= 6) and cz_account_ok(prefix, number, bank):
                yield Span(m.start(), m.end(), "bank_account")
    if "-" in text and RS_GATE.search(text) is not None:
        for m in _RS.finditer(text):
            if rs_account_ok(*m.groups()):
                yield Span(m.start(), m.end(), "bank_account")
    if CNH_GATE.search(text) is not None and _CNH_CUE.search(text) is not None:
        cue = _cnh_cues(text)
        for m in _CNH.finditer(text):
            if cnh_ok(m.group(1)) and cue(m.start()):
                yield Span(m.start(), m.end(), "driving_licence")
    if NG_GATE.search(text) is not None:
        for m in _NUBAN.finditer(text):
            if _NOT_ACCOUNT_BEFORE.search(text, max(0, m.start() - 16), m.start()) is not None:
                continue
            if _NOT_ACCOUNT_AFTER.match(text, m.end()) is not None:
                continue
            codes, labelled = _ng_codes(text, m.start(), m.end())
            account = m.group(1)
            if any(nuban_ok(account, c) for c in codes or (set(_NG_BANK_CODES.values()) if labelled else ())):
                yield Span(m.start(), m.end(), "bank_account")
