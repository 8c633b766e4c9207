"""Domestic bank account numbers, beside the routing code that places them.

An account number alone is any run of digits (an order, an AWS account, a ticket). Written for a
payment it stands beside its bank's routing code, and that code has a documented shape: a US ABA
routing number (nine digits with a 3-7-1 check digit, validated by python-stdnum), a UK sort code
(`12-34-56`), an Australian BSB (`123-456`), an Indian IFSC (four letters, `0`, six characters).
The account number is the digits after an account label (`account`, `acct`, `A/c`, `account no.`)
on the same line as such a code, before or after it.

Other countries' domestic forms (issue 17), each by its documented notation: a German account
(`Kontonummer`) beside its eight-digit Bankleitzahl on the same or the next line; a Canadian one
after its five-digit transit number and three-digit institution number; a Brazilian one (`conta`)
after its branch (`agência`); a Mexican CLABE (18 digits, Banxico's 3-7-1 check digit) after its
name; a New Zealand account in its dashed bank-branch-account-suffix form; a Japanese one as a
transfer is written, branch (`支店`), account type (`普通`, `当座`) and seven digits.

Patterns run on the text's fold (`matching.fold`); a match is bounded, so the scan is linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from persona_pipeline.core.evidence.redaction import register_checks
from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

# a routing code and its label; groups: ABA, sort code, BSB, IFSC, then (a key's quote and
# separator allowed: `"routing_number": "…"`) a German Bankleitzahl, a Canadian transit number,
# a Brazilian agência
_SEP = r"\\?[\"']?[ \t:#=]*\\?[\"']?"
ROUTING = Rx(
    rf"(?i)\b(?:(?:routing|aba|rtn)(?:[ _-]?(?:no|number|nr|#))?\.?{_SEP}(\d{{8,9}})|"
    r"sort[ _-]?code[ \t:#]*(\d\d-\d\d-\d\d|\d{6})|"
    r"bsb(?:[ _-]?(?:no|number))?[ \t:#]*(\d{3}-?\d{3})|"
    r"ifsc(?:[ _-]?code)?[ \t:#]*([A-Za-z]{4}0[A-Za-z0-9]{6})|"
    rf"(?:bankleitzahl|blz){_SEP}(\d{{8}}|\d{{3}} \d{{3}} \d\d)|"
    rf"transit(?:[ _-]?(?:no|number|#))?{_SEP}(\d{{5}})|"
    rf"ag(?:e|\x7f)ncia{_SEP}(\d{{4}}(?:-\d)?))\b"
)
# the label word alone: what a caller's gate looks for (with the forms taken without a routing code)
GATE = (
    r"(?i)\b(?:routing|aba|rtn|sort[ _-]?code|bsb|ifsc|bankleitzahl|blz|transit|ag(?:e|\x7f)ncia|clabe)(?:\b|_)|"
    r"\b\d\d-\d{4}-\d{7}-\d{2,3}\b|\bbank"
)
# the domestic-account rule's own gate (its label words: common in prose, so it opens that rule alone)
DOMESTIC_GATE = (
    r"(?i:(?:\b|_)(?:account|acct|a/c|konto|conta|cuenta|compte|conto|rekening|tilinumero|(?:bank)?sz[\x7fa]mlasz[\x7fa]m|"
    r"post(?:check)?konto|ccp|rachunk|cbu|ccc))|\x7f\x7fslo[ _]\x7f\x7ftu"
)
_ACCOUNT = Rx(
    r"(?i)\b(?:account|acct|acc|a/c|konto(?:nummer)?|kto|conta(?: corrente)?|cuenta|compte)\.?"
    rf"(?:[ _-]?(?:no|number|nr|num|#))?\.?{_SEP}(\d(?:[ -]?\d){{4,17}})\b"
)
# A field or key that names a bank account (`bank_account`, `bankAccountNo`, `"bank account": …`,
# `bank: …`) and a run of digits as its value: the key says what the run is, no routing code needed.
# (`bank` alone only before a separator or `is`, and a run of seven or more: "bank 3" is a count)
_BANK_KEYED = Rx(
    r"(?i)\bbank(?:[ _-]?(?:account|acct|acc|konto))?(?:[ _-]?(?:no|number|nr|num|#))?(?-i:[A-Z][a-z]{1,12}){0,2}"
    r"(?:_[a-z]{1,12}){0,2}\\?[\"']?[ \t]*(?:=>|[:=]|\bis\b)[ \t]*\\?[\"']?(\d{7,20}|\d{5,20}-\d{1,2})\b"
)
# (a key may carry a qualifier after an account or number word, `bank_account_primary`: `_account_key`;
# a PHP / Ruby hash its `=>`)
# An account label of several languages (account, Konto, conta, cuenta, compte, conto, rekening,
# tilinumero, (bank)számlaszám also unaccented and with a case or possessive suffix (`-om`, `-át`),
# číslo účtu, numer rachunku; Swiss Post's Postkonto,
# Postcheckkonto and CCP, compte de chèques postaux) and, a few tokens on, a number in a country's
# own domestic notation that python-stdnum's checks for it accept (`id_catalog.bank_account_modules`:
# a Czech `prefix-number/bank code`, a Norwegian `1234.56.78903`, a Spanish CCC, an Argentine CBU)
# or a register's own published check (`register_checks`: a Hungarian 8-8(-8) GIRO number, a
# PostFinance `NN-NNNNNN-C`)
_ACCOUNT_WORD = Rx(
    r"(?i)(?:\b|_)(?:account|acct|a/c|konto(?:nummer|nr)?|conta|cuenta|compte|conto|rekening(?:nummer)?|tilinumero|"
    r"(?:bank)?sz[\x7fa]mlasz[\x7fa]m(?:[a-z\x7f]{1,4})?|post(?:check)?konto|ccp|rachunk(?:u|i)|cbu|ccc)"
    r"(?:\b|_|(?-i:[A-Z]))|"
    r"\x7f\x7fslo[ _]\x7f\x7ftu"
)  # (no `\b` before a DEL: `číslo účtu` is matched bare)
_DOMESTIC_VALUE = re.compile(r"\d[\d./ -]{4,30}\d")
_GROUP_BREAK = re.compile(r"(?=[./ -])")
_ACCOUNT_REACH = 40
_VALUE_MAX = 32  # (`_DOMESTIC_VALUE`'s longest)
_REACH = 64  # characters between the routing code and the account label, on one line
# Mexico's CLABE: bank (3), branch (3), account (11), check digit (`_clabe_ok`)
_CLABE = Rx(r"(?i)\bclabe[\"']?[ \t:#=]*[\"']?(\d{18})\b")
# New Zealand: bank (2), branch (4), account (7), suffix (2 or 3), dashed as banks print it
_NZ_ACCOUNT = Rx(r"\b\d\d-\d{4}-\d{7}-\d{2,3}\b")
# Japan: a branch (支店) and an account type (普通 ordinary, 当座 current, 貯蓄 savings), then the
# seven-digit account number (read on the original text)
JP_BRANCH = "支店"
_JP_ACCOUNT = re.compile(r"支店[ \t　]*(?:普通|当座|貯蓄)(?:預金)?[ \t　:：]*(\d{7})(?!\d)")


def _aba_ok(v: str) -> bool:
    from stdnum.us import rtn

    return rtn.is_valid(v)


def _nz_ok(v: str) -> bool:
    from stdnum.nz import bankaccount

    return bankaccount.is_valid(v)


# (an account or a payment word: `refund details ->`, `para el reembolso:`)
_NZ_LABEL = re.compile(
    r"(?i)\b(?:account|acct|acc|a/c|bank|konto|cuenta|compte|conta|pay|paid|payment|deposit|transfer|refund|"
    r"reembolso|remboursement|r\w{1,2}ckerstattung|\w{0,2}berweisung|virement|transferencia)\b[^\n]*$"
)


def _clabe_ok(v: str) -> bool:
    """Banxico's check digit: weights 3, 7, 1 over the first 17 digits, each product mod 10."""
    total = sum(int(d) * w % 10 for d, w in zip(v[:17], (3, 7, 1) * 6, strict=False))
    return (10 - total % 10) % 10 == int(v[17])


def _domestic_end(text: str, start: int, end: int, norwegian: bool = False) -> int | None:
    """The end of the longest run of groups from `start` (to `end` at most) that a country's
    domestic account check accepts, or None. (`norwegian`: a Norwegian word on the line)"""
    ends = [m.start() for m in _GROUP_BREAK.finditer(text, start, end)] + [end]
    tried = 0
    for e in reversed(ends):
        value = text[start:e]
        if text[e - 1 : e] in "./ -":  # (a value glued to its separator is none)
            continue
        # (a PostFinance account may be shorter than any other notation read, `80-2-2` is one, and
        # a Hungarian GIRO number longer: three groups of eight)
        if (
            (m := _CH_POSTAL.fullmatch(value)) is not None
            and register_checks.ch_postal_account_ok(value)
            and (len(m[1]) >= 4 or _SWISS_POSTAL_LABEL.search(text, max(0, start - 48), start) is not None)
        ):
            return e
        if _HU_GROUPS.fullmatch(value) and register_checks.hu_bank_account_ok(value):
            return e
        # (eight to 22 digits: the lengths of the other notations read)
        if not 8 <= sum(c.isdigit() for c in value) <= 22:
            continue
        if _domestic_ok(value, norwegian or _NO_PRINTED.fullmatch(value) is not None):
            return e
        tried += 1
        if tried == _MAX_TRIES:  # (the longest few runs: a label's value is not a long list's prefix)
            break
    return None


_MAX_TRIES = 2
_CH_POSTAL = re.compile(r"\d\d-(\d{1,6})-\d")
# a short PostFinance serial passes its check one time in ten after a generic account word: it is
# read only after Swiss Post's own names (Postkonto, PC-Konto, CCP, compte postal, PostFinance)
_SWISS_POSTAL_LABEL = re.compile(
    r"(?i)\b(?:post(?:check)?konto|pc[ -]?konto|ccp|compte[ \t]+(?:de[ \t]+ch[eè]ques[ \t]+)?postal|"
    r"conto[ \t]+postale|postfinance)\b"
)
# (as the GIRO number is printed: groups of eight, hyphens or spaces, or the digits run together)
_HU_GROUPS = re.compile(r"\d{8}([ -]?)\d{8}(?:\1\d{8})?")


# Norway's account number is any eleven digits with a mod-11 check digit: one random run in eleven
# or so passes it. Read as Norwegian only in its printed notation (`1234.56.78903`, 4-2-5 groups) or
# beside a Norwegian word on its line (`konto`, `kontonummer`, `utbetaling`, `Norge`)
_NO_MODULE = "stdnum.no.kontonr"
_NO_PRINTED = re.compile(r"\d{4}([. ])\d\d\1\d{5}")
_NO_CONTEXT = re.compile(
    r"(?i)(?:\b|_)(?:konto(?:nummer|nr)?|bankkonto|kontonummeret|norsk|norske|norge|norway|norwegian|"
    r"utbetaling|innbetaling|betaling|overf\w{1,2}ring|nok)(?:\b|_)"
)


@lru_cache(maxsize=1024)
def _domestic_ok(value: str, norwegian: bool = False) -> bool:
    from persona_pipeline.core.evidence.redaction.id_catalog import bank_account_modules, is_valid

    return any(is_valid(m, value) for m in bank_account_modules() if norwegian or m != _NO_MODULE)


def _domestic_accounts(text: str) -> Iterator[Span]:
    for ((_, b),) in _ACCOUNT_WORD.finditer(text):
        # (the value starts within reach and runs to its end: a long CBU after a few words is whole)
        limit = b + _ACCOUNT_REACH + _VALUE_MAX
        stop = text.find("\n", b, limit)
        m = _DOMESTIC_VALUE.search(text, b, limit if stop < 0 else stop)
        if m is None or m.start() > b + _ACCOUNT_REACH:
            continue
        if text[m.start() - 1 : m.start()].isalnum() or text[m.end() : m.end() + 1].isalnum():
            continue
        line_start = text.rfind("\n", max(0, b - _ACCOUNT_REACH * 2), b) + 1
        norwegian = _NO_CONTEXT.search(text, line_start, m.end()) is not None
        e = _domestic_end(text, m.start(), m.end(), norwegian)
        if e is not None:
            yield Span(m.start(), e, "bank_account")


def domestic_account_spans(text: str) -> Iterator[Span]:
    yield from _domestic_accounts(text)


# A bank key's words after `bank`: a qualifier (`primary`, `Main`) only after an account or number
# word (`bank_account_primary`, not `bank_team`), and never a word of a quantity or another code
# (`bank_balance_cents`, `bank_holiday_count`, `bank_routing_number`: a sum, a count, an ABA code)
_COPULA = re.compile(r"(?i)\bis\W*$")  # (`bank is 1234567`: the copula is no key word)
_KEY_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|#")
_ACCOUNT_WORDS = frozenset(("account", "acct", "acc", "konto", "no", "number", "nr", "num", "#"))
_NOT_ACCOUNT_WORDS = frozenset(
    ("balance", "count", "cents", "total", "amount", "routing", "code", "id", "ids", "holiday", "holidays")
)


def _account_key(key: str) -> bool:
    words = [w.lower() for w in _KEY_WORD.findall(_COPULA.sub("", key))][1:]  # (after `bank`)
    return not _NOT_ACCOUNT_WORDS.intersection(words) and (not words or words[0] in _ACCOUNT_WORDS)


def bank_account_spans(text: str) -> Iterator[Span]:
    for (k, _), (a, b) in _BANK_KEYED.finditer(text):
        if text[b : b + 1] in (".", "-", ",") and text[b + 1 : b + 2].isdigit():  # (an amount: `1234567.89`)
            continue
        if _account_key(text[k:a]):
            yield Span(a, b, "bank_account")
    for (_, _), (a, b) in _CLABE.finditer(text):
        if _clabe_ok(text[a:b]):
            yield Span(a, b, "bank_account")
    for ((a, b),) in _NZ_ACCOUNT.finditer(text):
        # (the dashed shape alone is any id of four numbers: the bank's branch and check digits,
        # or an account or payment word before it on its line)
        if _nz_ok(text[a:b]) or _NZ_LABEL.search(text, max(0, a - _REACH), a) is not None:
            yield Span(a, b, "bank_account")
    if JP_BRANCH in text:
        for m in _JP_ACCOUNT.finditer(text):
            yield Span(*m.span(1), "bank_account")
    for spans in ROUTING.finditer(text):
        (s0, e0), aba = spans[0], spans[1]
        # (nine digits: an ABA number, checked; eight: a Bankleitzahl, as English forms name it too)
        if aba[0] >= 0 and aba[1] - aba[0] == 9 and not _aba_ok(text[aba[0] : aba[1]]):
            continue
        blz = spans[5][0] >= 0
        # (the line's ends are looked for within the reach only: one long line of routing codes
        # would otherwise be scanned end to end for each of them, quadratic in its length)
        lo, hi = max(0, s0 - 2 * _REACH), min(len(text), e0 + 2 * _REACH)
        line_start = max(lo, text.rfind("\n", lo, s0) + 1)
        line_end = text.find("\n", e0, hi)
        line_end = hi if line_end < 0 else line_end
        if blz:  # (a German letter or form puts Kontonummer and Bankleitzahl on lines of their own)
            if line_start > lo:
                line_start = max(lo, text.rfind("\n", lo, line_start - 1) + 1)
            if line_end < hi:
                next_end = text.find("\n", line_end + 1, hi)
                line_end = hi if next_end < 0 else next_end
        after = next(_ACCOUNT.finditer(text, e0, min(line_end, e0 + _REACH)), None)
        if after is not None:
            yield Span(*after[1], "bank_account")
            continue
        # (the account first: "account 12345678, sort code 12-34-56")
        before = None
        for m in _ACCOUNT.finditer(text, max(line_start, s0 - _REACH), s0):
            before = m
        if before is not None:
            yield Span(*before[1], "bank_account")
