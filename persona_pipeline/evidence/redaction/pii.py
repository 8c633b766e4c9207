"""PII detectors, run through scrubadub's framework.

scrubadub's stock detectors are noisy (its twitter detector masks `@dataclass`, its URL detector
every URL, its phone detector any 10-digit id), so each detector here validates what it finds:
Luhn and issuer prefixes for cards, libphonenumber for phones, `ipaddress.is_global` for IPs,
documentation/no-reply addresses skipped for emails, a name dictionary for person names.

Every pattern runs on the text's fold (`matching.fold`: one byte per character), so offsets need
no conversion; values are read from the original text.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import pairwise
from typing import Any

from persona_pipeline.evidence.redaction.matching import Rx
from persona_pipeline.evidence.redaction.spans import Span

_EMAIL = Rx(r"(?i)\b[a-z0-9][a-z0-9._%+-]{0,63}@[a-z0-9][a-z0-9.-]{0,253}\.[a-z]{2,24}\b")
_DOC_DOMAINS = ("example.com", "example.org", "example.net", "localhost", "users.noreply.github.com")
_DOC_TLDS = (".invalid", ".test", ".example", ".local", ".localhost")
_NO_REPLY_LOCALS = {"noreply", "no-reply", "donotreply", "do-not-reply", "git", "notifications"}

_PHONE_CANDIDATE = Rx(r"\+\d{1,3}(?:[ .-]?(?:\(\d{1,6}\)|\d{1,6})){1,5}|(?:\(\d{3}\)|\b\d{3})[ .-]\d{3}[ .-]\d{4}\b")
_CARD_CANDIDATE = Rx(r"\b\d(?:[ -]?\d){12,18}\b")
_TEST_CARDS = {
    "4242424242424242",
    "4000000000000002",
    "4111111111111111",
    "5555555555554444",
    "378282246310005",
    "371449635398431",
    "6011111111111117",
    "4000056655665556",
    "5105105105105100",
    "4012888888881881",
    "3056930009020004",
}
_IPV4 = Rx(r"\b(?:\d{1,3}\.){3}\d{1,3}\b")
_IPV6 = Rx(r"(?i)\b(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}\b")
_VERSION_BEFORE = Rx(r"(?i)(?:version|release|upgraded?|downgraded?|bump(?:ed)?|\bv|==|>=|<=|~=)\s*(?:from\s+)?$")
_SSN = Rx(r"\b(\d{3})-(\d{2})-(\d{4})\b")
# A path segment after a home root is the account name.
_HOME_PATH = Rx(r"(?:/Users/|/home/|[A-Za-z]:\\\\?Users\\\\?|[A-Za-z]:/Users/)([^/\\\s\"'`:*?<>|]{1,64})")
_HOME_SLUG = Rx(r"-(?:Users|home)-([A-Za-z0-9._]{1,64})-")
_SYSTEM_ACCOUNTS = {
    "shared",
    "runner",
    "ubuntu",
    "ec2-user",
    "root",
    "admin",
    "vscode",
    "node",
    "codespace",
    "public",
    "default",
    "all users",
    "default user",
    "linuxbrew",
    "travis",
    "circleci",
    "jenkins",
    "user",
    "username",
    "you",
    "me",
    "runneradmin",
    "docker",
    "git",
    "app",
    "www-data",
    "<user>",
    "$user",
    "${user}",
    "%username%",
    "~",
}
# Capitalised words; pairs of adjacent ones are checked against the name lists. A run is two or more
# of them separated by one space (or " X. "): only runs can hold a name, and they are rare.
_WORD = r"\b[A-Z][a-z]{1,20}(?:-[A-Z][a-z]+)?\b"
_CAP_RUN = Rx(rf"{_WORD}(?: (?:[A-Z]\. )?{_WORD})+")
_CAP_WORD = Rx(_WORD)
_NAME_PREFIX = Rx(r"(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.? $")
_NAME_SUFFIX = Rx(r"^,? (?:Jr\.?|Sr\.?|II|III|IV|MD|DDS|PhD|DVM)\b")


@lru_cache(maxsize=1)
def _name_lists() -> tuple[frozenset[str], frozenset[str]]:
    """First and last names from Faker's census-derived person providers (Faker ships with
    scrubadub), across several locales."""
    import importlib

    firsts: set[str] = set()
    lasts: set[str] = set()
    for locale in (
        "en_US",
        "en_GB",
        "en_IE",
        "en_CA",
        "en_AU",
        "en_NZ",
        "en_IN",
        "en_PH",
        "de_DE",
        "fr_FR",
        "es_ES",
        "es_MX",
        "it_IT",
        "nl_NL",
        "pt_BR",
        "pt_PT",
        "pl_PL",
        "sv_SE",
        "da_DK",
        "no_NO",
        "fi_FI",
        "cs_CZ",
        "tr_TR",
        "id_ID",
    ):
        try:
            prov = importlib.import_module(f"faker.providers.person.{locale}").Provider
        except (ImportError, AttributeError):
            continue
        for attr in ("first_names", "first_names_male", "first_names_female"):
            firsts.update(getattr(prov, attr, ()) or ())
        lasts.update(getattr(prov, "last_names", ()) or ())
    return frozenset(firsts), frozenset(lasts)


def _luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def _card_issuer_ok(d: str) -> bool:
    if len(d) == 15:
        return d[:2] in ("34", "37")
    if len(d) == 16:
        return (
            d[0] == "4"
            or 51 <= int(d[:2]) <= 55
            or 2221 <= int(d[:4]) <= 2720
            or d.startswith("6011")
            or d.startswith("65")
        )
    return False


def email_spans(text: str, allow: Sequence[str] = ()) -> Iterator[Span]:
    if "@" not in text:
        return
    for ((start, end),) in _EMAIL.finditer(text):
        value = text[start:end]
        local, _, domain = value.lower().partition("@")
        if local in _NO_REPLY_LOCALS or domain in _DOC_DOMAINS or domain.endswith(_DOC_TLDS):
            continue
        if domain.endswith(".noreply.github.com") or value.lower() in allow:
            continue
        if text[end : end + 1] == ":" and local == "git":
            continue
        if text[start - 1 : start] in (":", "/"):
            continue  # scheme://user:password@host — the URL-password rule owns that span
        yield Span(start, end, "email")


def phone_spans(text: str) -> Iterator[Span]:
    import phonenumbers

    for (start, end), *_ in _PHONE_CANDIDATE.finditer(text):
        raw = text[start:end]
        digits = sum(ch.isdigit() for ch in raw)
        if digits < 9 or digits > 15:
            continue
        before = text[start - 1 : start]
        if before.isalnum() or (before in ("-", ".", "/", ":", "=", "_") and not raw.startswith("+")):
            continue  # part of an id, a version, a path or a key=value number
        try:
            region = None if raw.startswith("+") else "US"
            num = phonenumbers.parse(raw, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(num) or (raw.startswith("+") and phonenumbers.is_possible_number(num)):
            yield Span(start, end, "phone")


def card_spans(text: str) -> Iterator[Span]:
    for ((start, end),) in _CARD_CANDIDATE.finditer(text):
        digits = text[start:end]
        if not digits.isdigit():
            digits = digits.replace(" ", "").replace("-", "")
        if len(digits) not in (15, 16) or digits in _TEST_CARDS or not _card_issuer_ok(digits) or not _luhn_ok(digits):
            continue
        yield Span(start, end, "credit_card")


_NOT_GLOBAL_PREFIXES = ("10.", "127.", "192.168.", "0.", *(f"172.{n}." for n in range(16, 32)))


@lru_cache(maxsize=4096)
def _is_global_ip(value: str) -> bool:
    if value.startswith(_NOT_GLOBAL_PREFIXES):  # private, loopback, "this network": never global
        return False
    try:
        return ipaddress.ip_address(value).is_global
    except ValueError:
        return False


def ip_spans(text: str) -> Iterator[Span]:
    for ((start, end),) in _IPV4.finditer(text):
        if text[start - 1 : start] in (".", "-", "v") or text[end : end + 1] == ".":
            continue
        if not _is_global_ip(text[start:end]):  # first: it rejects most candidates, and it is cached
            continue
        if _VERSION_BEFORE.search(text[max(0, start - 24) : start]):
            continue
        if (
            text[end : end + 4] == " to "
            and not _IPV4.match(text[end + 4 : end + 24])
            and text[max(0, start - 5) : start].lower().endswith("from ")
        ):
            # "from 1.2.3.4 to 1.3.0": a version range, unless the other end is an address too
            continue
        yield Span(start, end, "ip_address")
    if text.count(":") >= 7:
        for ((start, end),) in _IPV6.finditer(text):
            if _is_global_ip(text[start:end]):
                yield Span(start, end, "ip_address")


def ssn_spans(text: str) -> Iterator[Span]:
    if "-" not in text:
        return
    for (start, end), (a0, a1), (g0, g1), (s0, s1) in _SSN.finditer(text):
        area, group, serial = text[a0:a1], text[g0:g1], text[s0:s1]
        if area in ("000", "666") or area[0] == "9" or group == "00" or serial == "0000":
            continue
        yield Span(start, end, "ssn")


def home_user_spans(text: str) -> Iterator[Span]:
    for rx in (_HOME_PATH, _HOME_SLUG):
        for _, (start, end) in rx.finditer(text):
            name = text[start:end]
            if name.lower() in _SYSTEM_ACCOUNTS or name.startswith(("$", "<", "%", "{", "[")):
                continue
            yield Span(start, end, "user_name")


def person_name_spans(text: str) -> Iterator[Span]:
    """First name + last name (optionally a middle initial), both in the name lists."""
    firsts, lasts = _name_lists()
    for ((r0, r1),) in _CAP_RUN.finditer(text):
        words = [w[0] for w in _CAP_WORD.finditer(text, r0, r1)]
        for (s0, e0), (s1, e1) in pairwise(words):
            if text[s0:e0] not in firsts or text[s1:e1] not in lasts:
                continue
            start, end = s0, e1
            pre = _NAME_PREFIX.search(text[max(0, start - 6) : start])
            if pre:
                start -= pre[0][1] - pre[0][0]
            suf = _NAME_SUFFIX.search(text[end : end + 6])
            if suf:
                end += suf[0][1] - suf[0][0]
            yield Span(start, end, "person_name")


def known_identifier_spans(text: str, identifiers: Sequence[tuple[Any, str]]) -> Iterator[Span]:
    """The user's own identifiers (account name, git name/email, host name) from config and
    session metadata: no engine can know them, so they are matched literally."""
    for rx, kind in identifiers:
        if isinstance(rx, Rx):
            for ((start, end),) in rx.finditer(text):
                yield Span(start, end, kind)
        else:  # a non-ASCII identifier: a str pattern on the original text
            for m in rx.finditer(text):
                yield Span(*m.span(), kind)


DETECTORS = (email_spans, phone_spans, card_spans, ip_spans, ssn_spans, home_user_spans, person_name_spans)
