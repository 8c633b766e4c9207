"""PII detectors, run through scrubadub's framework.

scrubadub's stock detectors are noisy (its twitter detector masks `@dataclass`, its URL detector
every URL, its phone detector any 10-digit id), so each detector here validates what it finds:
Luhn and issuer prefixes for cards, libphonenumber for phones, `ipaddress.is_global` for IPs,
documentation/no-reply addresses skipped for emails, a name dictionary for person names (and,
in a name context, the shape of a name of any culture). Street lines of countries without a format
of their own and labelled phones of any region are `street_grammar`'s and `phone_labels`'; a date
after a birth label must pass `birth_dates`.

Every pattern runs on the text's fold (`matching.fold`: one byte per character), so offsets need
no conversion; values are read from the original text.
"""

from __future__ import annotations

import ipaddress
import os
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from persona_pipeline.core.evidence.redaction import address_fields, bank_accounts, home_geo
from persona_pipeline.core.evidence.redaction.account_ids import account_id_spans
from persona_pipeline.core.evidence.redaction.birth_dates import MIDNIGHT_AFTER, birth_date_at, plausible_birth_date
from persona_pipeline.core.evidence.redaction.english_words import common_english, english_word_list, frequent_english
from persona_pipeline.core.evidence.redaction.group_mailbox import (
    GROUP_WORDS,
    LEGAL_FORMS,
    group_mailbox,
    report_mailbox,
)
from persona_pipeline.core.evidence.redaction.matching import Prepared, Rx, RxSet, fold, utf8_safe
from persona_pipeline.core.evidence.redaction.phone_check import (
    column_cut,
    leading_group,
    past_value,
    record_label,
    valid_region,
)
from persona_pipeline.core.evidence.redaction.spans import (
    Span,
    label_window,
    placeholder_cells_only,
    placeholder_ends_at,
)

# (a DEL is a non-ASCII letter of the fold: internationalised local parts and domains, RFC 6531 /
# IDNA, `françois@`, `@bücher-schmidt.at`)
_EMAIL = Rx(r"(?i)\b[a-z0-9][a-z0-9\x7f._%+-]{0,63}@[a-z0-9\x7f][a-z0-9\x7f.-]{0,253}\.[a-z]{2,24}\b")
_DOC_DOMAINS = ("example.com", "example.org", "example.net", "localhost", "users.noreply.github.com")
_DOC_TLDS = (".invalid", ".test", ".example", ".local", ".localhost")
_NO_REPLY_LOCALS = {"noreply", "no-reply", "donotreply", "do-not-reply", "git", "notifications"}
# Role and machine mailboxes (RFC 2142's infrastructure ones, support desks, CI bots): a function's
# address, no person's. Not hello/contact/team/office/info/admin…: on a personal domain
# (hello@anasilva.dev) those reach the one person the domain names
_ROLE_MAILBOXES = frozenset(
    [
        "support",
        "mailer-daemon",
        "abuse",
        "noc",
        "security",
        "postmaster",
        "hostmaster",
        "webmaster",
        "usenet",
        "news",
        "uucp",
        "ftp",
        "www",
        "helpdesk",
        "privacy",
        "ops",
        "devops",
        "it-support",
        "servicedesk",
        "service-desk",
        # machines' mailboxes: CI and build bots, alerting
        "ci",
        "build",
        "builds",
        "bot",
        "jenkins",
        "alerts",
        "monitoring",
        "releases",
        "status",
    ]
)

# (+33 (0)6 12 34 56 78: the bracketed trunk 0 and five pairs are seven groups)
_PHONE_CANDIDATE = Rx(r"\+\d{1,3}(?:[ .-]?(?:\(\d{1,6}\)|\d{1,6})){1,7}|(?:\(\d{3}\)|\b\d{3})[ .-]\d{3}[ .-]\d{4}\b")
# 15 or 16 digits, so the numeric ids and snowflakes of every log are no candidates; the other
# lengths card networks issue only in the forms cards are written in: 17 to 19 digits in groups of
# four, Diners' 14 as 4-6-4, or either right after a card label (a bare 19-digit run is a 64-bit id:
# a trace or span id); `_card_issuer_ok` then takes each length with its networks' prefixes only.
# The grouped 17-19 digits come first (the leftmost alternative wins: 15-16 digits first would take
# the first four groups of `6212 3456 7890 1234 569` and fail its check); when the long one fails,
# the 15-16 digits at the same start are tried (a card, then a CVV: `4539 1488 0343 6467 123`)
_CARD_CANDIDATE = Rx(
    r"\b\d{4}(?:[ -]\d{4}){3}[ -]\d{1,3}\b|\b\d(?:[ -]?\d){14,15}\b|\b\d{4}[ -]\d{6}[ -]\d{4}\b|"
    r"(?i:\b(?:card|pan|karte|carte|tarjeta|cart\x7fo|cartao|kaart|kort)[^\r\n\d]{0,14})(?:\d{14}|\d{17,19})\b"
)
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
    # Stripe's testing page (general knowledge of its published numbers): 3D Secure, debit and
    # decline cards, other networks
    "4000002500003155",
    "4000002760003184",
    "4000000000003220",
    "4000000000009995",
    "4000000000000069",
    "4000000000000127",
    "4000000000000119",
    "4000000000000341",
    "4100000000000019",
    "4000002500001001",
    "5200828282828210",
    "2223003122003222",
    "6011000990139424",
    "3566002020360505",
    "6200000000000005",
    # Braintree's and Adyen's sandbox pages, Worldpay's classic test Visa
    "4005519200000004",
    "4009348888881881",
    "4012000033330026",
    "4012000077777777",
    "4217651111111119",
    "4500600000000061",
    "2223000048400011",
    "3530111333300000",
    "4111111145551142",
    "5555341244441115",
    "370000000000002",
    "4444333322221111",
}
# IBANs printed as examples by the standard's registrar (the "IBAN electronic format example" column
# of SWIFT's IBAN Registry) and by ECBS's EBS204 (GB82 WEST…): they name no account holder
_EXAMPLE_IBANS = frozenset(
    {
        "GB82WEST12345698765432",
        "GB29NWBK60161331926819",
        "DE89370400440532013000",
        "FR1420041010050500013M02606",
        "NL91ABNA0417164300",
        "BE68539007547034",
        "ES9121000418450200051332",
        "IT60X0542811101000000123456",
        "AT611904300234573201",
        "CH9300762011623852957",
        "PL61109010140000071219812874",
        "SE4550000000058398257466",
        "DK5000400440116243",
        "FI2112345600000785",
        "NO9386011117947",
        "IE29AIBK93115212345678",
        "PT50000201231234567890154",
        "LU280019400644750000",
        "HU42117730161111101800000000",
        "CZ6508000000192000145399",
        "GR1601101250000000012300695",
    }
)
_IPV4 = Rx(r"\b(?:\d{1,3}\.){3}\d{1,3}\b")
# an address written into a host name, dashed, as ISPs' reverse DNS and clouds' public host names
# spell it (`customer-203-0-113-9.isp.net`, `ec2-203-0-113-9.compute-1.amazonaws.com`): a DNS
# label's start or a `-` before, a domain label after
_IPV4_DASHED = Rx(r"(?:\b|-)(\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3})\.[A-Za-z]")
# an address written with dashes right after an IP label ("my ip is 203-0-113-9", `ip: …`): the
# label vouches for the shape (a dashed quad elsewhere is a date, a phone or a part number); a key
# may carry a qualifier (`ip_client=…`, `ip_origin: …`)
_IPV4_DASHED_LABELLED = Rx(
    r"(?i)\bip(?:v4)?(?:[ _-]?(?:address|addr|adresse|adres|adresa|direcci\x7fn|indirizzo))?(?:_[a-z]{1,16})?\b"
    r"[^\n0-9]{0,12}?\b(\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3})\b"
)
# wildcard DNS services that resolve a name holding an address to it (`203.0.113.9.nip.io`)
_WILDCARD_DNS = (".nip.io", ".sslip.io", ".xip.io")
# Global unicast (2000::/3) only, so the first hextet is [23]xxx: times, MACs, `dead::beef` and C++
# scopes never become candidates.
_IPV6 = Rx(r"(?i)\b[23][0-9a-f]{3}(?::{1,2}[0-9a-f]{1,4}){1,7}(?:::)?")
_VERSION_BEFORE = Rx(
    r"(?i)(?:version|release|upgraded?|downgraded?|updated?|bump(?:ed)?|pin(?:ned)?|\bv|==|>=|<=|~=)\s*"
    r"(?:(?:from|to)\s+)?$"
)
_SSN = Rx(r"\b(\d{3})-(\d{2})-(\d{4})\b")
# A path segment after a home root is the account name.
# (Windows XP's `Documents and Settings`; `\home\` too: a Linux home seen from Windows,
# `\\wsl$\Ubuntu\home\ana\`, `\\wsl.localhost\…`, or at a root (`X:\home\`, ` \home\`), not
# any `\home\` folder (`C:\projects\home\assets\`); backslashes doubled in a JSON string)
_HOME_PATH = Rx(
    r"(?:/Users/|/home/|(?:\\{2,4}wsl(?:\$|\.localhost)\\{1,2}[^\\/\s\"'`]{1,64}|(?:^|[\s\"'`=(,]|[A-Za-z]:))"
    r"\\{1,2}home\\{1,2}|[A-Za-z]:\\\\?(?:Users|Documents and Settings)\\\\?|[A-Za-z]:/Users/)"
    r"([^/\\\s\"'`:*?<>|]{1,64})"
)
# A profile folder named after the display name (C:\\Users\\First Last\\): spaces allowed, but
# only when the segment is closed by a path separator.
_HOME_SPACED = Rx(
    r"(?:/Users/|/home/|[A-Za-z]:\\\\?(?:Users|Documents and Settings)\\\\?|[A-Za-z]:/Users/)"
    r"([^/\\\r\n\"`:*?<>|]{1,64}? [^/\\\r\n\"`:*?<>|]{1,64}?)(?:[/\\]|> )"
)
# A shell prompt's account: `ana_silva@laptop:~/src$ make`, `deploy@web-1:/srv#`
_PROMPT_USER = Rx(
    r"(?:^|[\s>\"'`\[|(])([a-z_][a-z0-9._-]{1,31})@[A-Za-z0-9][A-Za-z0-9.-]{0,62}:"
    r"(?:~|/)[^\s$#]{0,200}[$#](?:[ \t\\]|$)"
    # Fedora / RHEL's bash prompt: `[ana@fedora app]$ dnf …`
    r"|\[([a-z_][a-z0-9._-]{1,31})@[A-Za-z0-9][A-Za-z0-9.-]{0,62}[ \t][^\]\r\n]{1,100}\][$#]"
)
# Git Bash / MSYS2: `Ana Silva@DESKTOP-1 MINGW64 /c/Users/Ana Silva/src`: from the `@` on (the
# profile name before it, spaces too, is read backwards in Python: a pattern starting at any
# character cost the gate Set more than the whole detector)
_MSYS_PROMPT = Rx(r"@[A-Za-z0-9][A-Za-z0-9.-]{0,62}[ \t]+(?:MINGW(?:32|64)|MSYS|UCRT64|CLANG(?:32|64|ARM64))\b")
_NAME_STOP = frozenset("\r\n\"'`<>|[]()@")
_HOME_SLUG = Rx(r"-(?:Users|home)-([A-Za-z0-9._]{1,64})-")
# `~name/…`: the shell's home of another account (`~/` alone names no one)
# (a literal first, so RE2 skips to each `~`; the character before it is checked in Python)
_HOME_TILDE = Rx(r"~([a-z_][a-z0-9._-]{1,31})/")
_TILDE_AFTER_WORD = frozenset("~/.\\-_")
# Profile folders no person owns: the ones an OS creates (Windows' All Users / Default / Public /
# Administrator / the sandbox and OOBE accounts, macOS' Shared and Guest), the default accounts
# of CI runners, cloud images, dev containers and notebook images, service accounts, and folders
# named for their contents.
_SYSTEM_ACCOUNTS = {
    "shared",
    "guest",
    "runner",
    "ubuntu",
    "debian",
    "centos",
    "fedora",
    "almalinux",
    "rocky",
    "cloud-user",
    "opc",
    "azureuser",
    "ec2-user",
    "root",
    "admin",
    "administrator",
    "nobody",
    "vscode",
    "node",
    "codespace",
    "gitpod",
    "coder",
    "vagrant",
    "jovyan",
    "pi",
    "public",
    "default",
    "all users",
    "default user",
    "wdagutilityaccount",
    "defaultapppool",
    "linuxbrew",
    "travis",
    "circleci",
    "jenkins",
    "gitlab-runner",
    "buildkite-agent",
    "appveyor",
    "actions-runner",
    "agent",
    "deploy",
    "deployer",
    "build",
    "builder",
    "service",
    "svc",
    # folders that name what they hold, not whose they are: /home/data, /home/workspace
    "data",
    "workspace",
    "workspaces",
    "project",
    "projects",
    "apps",
    "src",
    "source",
    "www",
    "web",
    "backup",
    "backups",
    "tmp",
    "temp",
    "share",
    "common",
    "local",
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
# A word may carry non-ASCII letters (DEL in the fold: checked on the original), Mc/Mac/O'/D', a
# hyphen or an apostrophe, and a surname may follow a lowercase particle (van der, de la). A DEL
# may also be punctuation (…, —): `_name_pairs` reads the words' edges in the original.
_WORD = r"(?:Mc|Mac|O'|D')?[A-Z\x7f][a-z\x7f]{1,20}(?:['-][A-Z\x7f]?[a-z\x7f]+)?"
_RUN_PARTICLES = frozenset(
    [
        *("van", "der", "den", "de", "von", "la", "los", "del", "della", "da", "di", "du", "dos", "das", "le"),
        *("ter", "ten"),
        # (Filipino dela, Arabic and Malay patronymics bin/binti/ibn/abu, Hebrew ben/bat, Welsh ap)
        *("dela", "bin", "binti", "bint", "ibn", "abu", "ben", "bat", "ap"),
    ]
)
_RUN_PARTICLE = r"(?:van der|van den|van de|von der|de la|de los|" + "|".join(sorted(_RUN_PARTICLES)) + ")"
_CAP_RUN = Rx(rf"{_WORD}(?:[ \t](?:[A-Z]\.[ \t])?(?:{_RUN_PARTICLE}[ \t])?{_WORD})+")
_NAME_PREFIX = Rx(r"(?:Mr|Mrs|Ms|Miss|Dr|Prof|Herr|Frau|Mme|Mlle|Sra|Srta|Dott)\.? $")
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
        # Latin-script names of more regions (Africa, Asia, Eastern Europe, Latin America)
        "en_KE",
        "en_NG",
        "ig_NG",
        "yo_NG",
        "ha_NG",
        "tw_GH",
        "zu_ZA",
        "en_PK",
        "vi_VN",
        "hu_HU",
        "ro_RO",
        "hr_HR",
        "sk_SK",
        "lt_LT",
        "es_AR",
        "es_CO",
        "fr_CA",
        "de_AT",
        "zh_CN",
        "ja_JP",
    ):
        try:
            prov = importlib.import_module(f"faker.providers.person.{locale}").Provider
        except (ImportError, AttributeError):
            continue
        for attr in ("first_names", "first_names_male", "first_names_female", "first_romanized_names"):
            firsts.update(_latin(getattr(prov, attr, ()) or ()))
        for attr in ("last_names", "last_romanized_names"):
            lasts.update(_latin(getattr(prov, attr, ()) or ()))
        # ja_JP: (kanji, kana, romaji) triples
        for attr in ("first_name_pairs", "first_name_male_pairs", "first_name_female_pairs"):
            firsts.update(_latin(t[-1] for t in getattr(prov, attr, ()) or () if isinstance(t, tuple)))
        lasts.update(_latin(t[-1] for t in getattr(prov, "last_name_pairs", ()) or () if isinstance(t, tuple)))
    # Russian and Ukrainian names in the Latin spellings passports, papers and e-mail addresses use
    for locale in ("ru_RU", "uk_UA"):
        try:
            prov = importlib.import_module(f"faker.providers.person.{locale}").Provider
        except (ImportError, AttributeError):
            continue
        ukrainian = locale == "uk_UA"
        for attr, out in (("first_names", firsts), ("last_names", lasts)):
            for n in getattr(prov, attr, ()) or ():
                if isinstance(n, str):
                    out.update(_romanised(n, ukrainian, first=out is firsts))
    # the same names as they are often typed on an ASCII keyboard: Elodie, Soren, Jurgen or Juergen
    return frozenset(firsts | _ascii_spellings(firsts)), frozenset(lasts | _ascii_spellings(lasts))


# Cyrillic to Latin in three common schemes: English (BGN/PCGN: Yevgeny, Kuznetsov), the ICAO
# passport one (Iurii, Natalia) and the j-spellings of German and scholarly use (Jurij, Julija).
# Ukrainian reads г as h (Serhiy, Hanna).
_CYR = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
    "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u",
    "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e",
    "і": "i", "ї": "yi", "ґ": "g",
}  # fmt: skip
_CYR_SCHEMES = (
    {"й": "y", "ю": "yu", "я": "ya", "є": "ye", "ё": "yo"},
    {"й": "i", "ю": "iu", "я": "ia", "є": "ie"},
    {"й": "j", "ю": "ju", "я": "ja", "є": "je", "х": "h"},
)


def _romanised(name: str, ukrainian: bool, first: bool) -> set[str]:
    """Latin spellings of a Cyrillic name; the -ий/-ый ending's variants (Dmitri, Dmitry) of first
    names only, as a surname's (Babiy -> Baby) would be words. Three letters or fewer are left out
    (Tit, Mir, Les)."""
    low = name.lower()
    if not all(c in _CYR or c in "йюяє" or c in "'-" for c in low):
        return set()
    out: set[str] = set()
    for scheme in _CYR_SCHEMES:
        table = {**_CYR, **({"г": "h", "и": "y"} if ukrainian else {}), **scheme}
        latin = "".join(table.get(c, c) for c in low)
        forms = {latin}
        if low[0] in "её" and not ukrainian:
            forms.add(("yo" if low[0] == "ё" else "ye") + latin[1:])  # Yevgeny, Yelena
        for f in list(forms) if first else ():
            for end in ("iy", "ii", "ij", "yy", "yi"):  # -ий / -ый: Dmitriy, Dmitri, Dmitry
                if f.endswith(end):
                    forms.update({f[:-2] + "i", f[:-2] + "y", f[:-2] + "iy", f[:-2] + "ii"})
        out.update(f[:1].upper() + f[1:] for f in forms if len(f) >= 4 and f.isascii())
    return out


_NO_DECOMPOSITION = str.maketrans({"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ı": "i", "ß": "ss"})
_GERMAN_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def _ascii_spellings(names: Iterable[str]) -> set[str]:
    import unicodedata

    out: set[str] = set()
    for n in names:
        if n.isascii():
            continue
        for v in (n, n.translate(_GERMAN_UMLAUTS)):
            plain = "".join(c for c in unicodedata.normalize("NFKD", v.translate(_NO_DECOMPOSITION)) if c.isascii())
            if plain.isascii() and len(plain) >= 2 and plain[0].isupper():
                out.add(plain)
    return out


def _latin(names: Iterable[object]) -> Iterator[str]:
    """Names written in Latin letters, capitalised as in prose (`Chao`, not `CHAO`); a name in
    another script never reaches the ASCII-cased word checks anyway."""
    for n in names:
        if (
            isinstance(n, str)
            and n[:1].isupper()
            and not n.isupper()
            and all((c.isalpha() and ord(c) < 0x250) or c in "'- " for c in n)
        ):
            yield n


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
    """Whether the number's length and issuer prefix (IIN) are a card network's: Amex 34/37 (15);
    Diners Club 36, 300-305, 38-39 (14); Visa 4, Mastercard 51-55 and 2221-2720, Discover 6011,
    644-649 and 65, JCB 3528-3589, UnionPay 62, Mir 2200-2204, Troy 9792, RuPay 60, 81, 82 and 508,
    Maestro / Elo 50 and 56-69, UzCard 8600, Humo 9860 (16); UATP 1 (15); Visa, UnionPay, JCB,
    Discover, Mir and Maestro up to 19."""
    n = len(d)
    if n == 14:
        return d[:2] in ("36", "38", "39") or 300 <= int(d[:3]) <= 305
    if n == 15:  # (and UATP's airline cards, IIN 1)
        return d[:2] in ("34", "37") or d[0] == "1"
    if n == 16:
        return (
            d[0] == "4"
            or 50 <= int(d[:2]) <= 55
            or 2221 <= int(d[:4]) <= 2720
            or 2200 <= int(d[:4]) <= 2204
            or 3528 <= int(d[:4]) <= 3589
            or d[:2] in ("36", "38", "39", "81", "82")
            or 56 <= int(d[:2]) <= 69
            or d[:4] in ("9792", "8600", "9860")  # (Troy; Uzbekistan's UzCard and Humo)
        )
    if 17 <= n <= 19:
        return (
            d[0] == "4"
            or d[:2] in ("62", "50")
            or 56 <= int(d[:2]) <= 69
            or 3528 <= int(d[:4]) <= 3589
            or 2200 <= int(d[:4]) <= 2204
        )
    return False


_SSH_COMMAND = re.compile(r"\b(?:ssh|scp|sftp|rsync|plink|pscp|mosh|sshpass)\b[^\r\n|;&]{0,200}$")


def _ssh_target(text: str, start: int, end: int) -> bool:
    """Whether `user@host` at start:end is an SSH-family command's destination (OpenSSH's
    `[user@]host`, scp's `host:path`)."""
    if text[end : end + 1] == ":":
        return True
    line = text.rfind("\n", 0, start) + 1
    return _SSH_COMMAND.search(text, max(line, start - 200), start) is not None


# An address written against harvesters: `ana(at)corp.io`, `ana [at] corp [dot] io`, `ana dot lima
# at corp dot co dot uk`, a full-width `＠` (a DEL in the fold, checked in the text)
# (also: the sign bracketed, `[@]`; spaced, `a @ b . io`; and words glued by underscores, `_at_`)
_OBF_DOT = r"(?:[ \t]*(?:\(dot\)|\[dot\]|\{dot\}|<dot>|\[\.\])[ \t]*|[ \t]+dot[ \t]+|[ \t]+\.[ \t]+|_dot_)"
_OBF_AT = r"(?:[ \t]*(?:\(at\)|\[at\]|\{at\}|<at>|\[@\]|\(@\)|\{@\}|<@>)[ \t]*|[ \t]+at[ \t]+|[ \t]+@[ \t]+|_at_|\x7f)"
_OBF_EMAIL = Rx(
    rf"(?i)\b[a-z0-9][a-z0-9._%+-]{{0,63}}(?:{_OBF_DOT}[a-z0-9_%+-]{{1,63}}){{0,3}}({_OBF_AT})"
    rf"[a-z0-9][a-z0-9-]{{0,62}}(?:(?:{_OBF_DOT}|\.)[a-z0-9-]{{1,63}}){{0,3}}(?:{_OBF_DOT}|\.)([a-z]{{2,24}})\b"
)
_OBF_GATE = Rx(r"(?i)[(\[{<](?:at|dot|@)[)\]}>]|[ \t]dot[ \t]|[ \t]@[ \t]|_at_[a-z0-9-]+_dot_")
_WIDE_AT = ("＠", "﹫")
_WIDE_AT_RX = re.compile("[＠﹫]")  # (one pass over the text for both)
# the TLDs a spelled-out address (`ana at corp dot com`) may end in: the common generic ones and any
# two-letter country code; "look at this dot product" ends in no TLD
_SPELLED_TLDS = frozenset(
    ("com", "net", "org", "io", "dev", "co", "app", "ai", "edu", "gov", "info", "biz", "me", "tech", "cloud")
)


def obfuscated_email_spans(text: str) -> Iterator[Span]:
    if not (_open(text, "email_obf") or (not text.isascii() and _WIDE_AT_RX.search(text))):
        return
    pos, retries = 0, 0
    while (m := next(_OBF_EMAIL.finditer(text, pos), None)) is not None:
        (start, end), (a0, a1), (t0, t1) = m
        if _obfuscated_ok(text, start, end, text[a0:a1], a1, text[t0:t1].lower()):
            yield Span(start, end, "email")
            pos = end
            continue
        # ("reach me at ana dot lima at corp dot io": the match began at a word before the address;
        # look again from the next word, a bounded number of times: linear)
        retries += 1
        nxt = text.find(" ", start, end)
        pos = nxt + 1 if nxt >= 0 and retries <= 32 else end


def _obfuscated_ok(text: str, start: int, end: int, sep: str, at_end: int, tld: str) -> bool:
    word = sep.strip()
    if word in ("[@]", "(@)", "{@}", "<@>"):
        return text.count("@", start, end) == 1
    if word == "@":  # (spaced: only with a spaced dot too, and a real top-level domain; not `q @ k.to`)
        return " . " in text[at_end:end] and (len(tld) == 2 or tld in _SPELLED_TLDS)
    if word == "_at_":
        # an identifier-safe spelling, `ana_lima_at_corp_dot_io`, standing alone: not a member
        # (`row.created_at_utc_dot_ms`) nor a name assigned or called (`x_at_y_dot_io = 1`)
        after = text[end : end + 3].lstrip(" ")
        return (
            "_dot_" in text[at_end:end].lower()
            and "." not in text[start - 1 : at_end]
            and not after.startswith(("=", "("))
            and (len(tld) == 2 or tld in _SPELLED_TLDS)
        )
    if "@" in text[start:end]:
        return False  # a plain address: `email_spans`'
    if not word:
        return sep in _WIDE_AT  # (else the fold's DEL stood for another character)
    if word == "at":  # "at" and "dot" as words: only with a dot spelled out and a real top-level domain
        return " dot " in text[at_end:end].lower() and (len(tld) == 2 or tld in _SPELLED_TLDS)
    return True


# an address in a quoted-printable body (RFC 2045: `=40` is `@`), and one behind Cloudflare's
# e-mail protection (`data-cfemail="…"`, `/cdn-cgi/l/email-protection#…`: hex bytes XORed with the
# first byte)
_QP_EMAIL = Rx(r"(?i)\b[a-z0-9][a-z0-9._%+-]{0,63}=40[a-z0-9][a-z0-9.-]{0,253}\.[a-z]{2,24}\b")
_CF_EMAIL = re.compile(r"(?:data-cfemail=\\?[\"']|/cdn-cgi/l/email-protection#)([0-9a-fA-F]{8,512})")
_PLAIN_EMAIL = re.compile(r"[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24}")


def _in_url(text: str, start: int) -> bool:
    """Whether the token before `start` is a URL's scheme and user (`https://user:` then a password):
    `accounts.google.com:ana@…` (an IAP header's value) is no URL."""
    lo = max(0, start - 256)
    token_start = max(text.rfind(c, lo, start) for c in " \t\n\"'<([") + 1
    return "//" in text[max(lo, token_start) : start]


def _cf_decoded(hex_text: str) -> str:
    key = int(hex_text[:2], 16)
    return "".join(chr(int(hex_text[i : i + 2], 16) ^ key) for i in range(2, len(hex_text) - 1, 2))


def _encoded_email_spans(text: str) -> Iterator[Span]:
    if _open(text, "email_qp"):
        for ((start, end),) in _QP_EMAIL.finditer(text):
            host = text[start:end].partition("=40")[2].split(".", 1)[0]
            if len(host) >= 16 and any(map(str.isdigit, host)) and any(map(str.isalpha, host)):
                continue  # `client_id=40…-3f9a….apps.…`: a generated host label, an assignment's value, no mail domain
            yield Span(start, end, "email")
    if _open(text, "email_cf"):
        for m in _CF_EMAIL.finditer(text):
            if len(m.group(1)) % 2 == 0 and _PLAIN_EMAIL.fullmatch(_cf_decoded(m.group(1))):
                yield Span(*m.span(1), "email")


# the tags of DNS records whose `mailto:` URIs receive a domain's reports: DMARC's aggregate and
# failure reports (RFC 7489 `rua=`/`ruf=`, a comma-separated list), SMTP TLS reporting's (RFC 8460
# `rua=`) and a CAA record's `iodef` (RFC 8659): a mailbox the domain's owner runs for a protocol
_REPORT_SINK = re.compile(r"(?i)(?:\b(?:rua|ruf)=(?:[^;\s\"]{0,120},)?|\biodef[ \t]+\\?\"?)$")


# A commit identity's address in its angle brackets (`Name <addr>`, as git writes an author and
# gitmailmap(5) maps one): an unconfigured git's default `login@hostname` (a machine's mDNS or LAN
# name, `.local`, `.lan`, `.localdomain`, `.home`: RFC 6762, RFC 8375) and GitHub's no-reply address
# `[id+]login@users.noreply.github.com` (GitHub's docs on commit e-mail addresses) name a person's
# login; a bot's (`…bot`, `…[bot]`) and an assistant's (`Copilot`) stay.
_HOST_TLDS = (".local", ".lan", ".localdomain", ".home", ".home.arpa")


def _git_identity(text: str, start: int, end: int, local: str, domain: str) -> bool:
    if text[start - 1 : start] != "<" or text[end : end + 1] != ">":
        return False
    # (after a name or another address, `Name <a> <b>`; not a header's `Message-ID: <id@host.lan>`)
    if text[start - 2 : start - 1] not in (" ", "\t") or not (
        text[start - 3 : start - 2].isalpha() or text[start - 3 : start - 2] == ">"
    ):
        return False
    if domain.endswith(_HOST_TLDS):
        return local not in _SYSTEM_ACCOUNTS and local not in _NO_REPLY_LOCALS
    if domain != "users.noreply.github.com":
        return False
    login = local.rpartition("+")[2]
    return not login.endswith("bot") and login.capitalize() not in _NOT_NAME_WORDS and login not in _ROLE_MAILBOXES


def email_spans(text: str, allow: Sequence[str] = ()) -> Iterator[Span]:
    if not text.isascii() or _open(text, "email_obf"):
        yield from obfuscated_email_spans(text)
    yield from _encoded_email_spans(text)
    if "@" not in text:
        return
    msg_ids: list[tuple[int, int]] | None = None  # (read once, at the first bracketed address)
    calendar: bool | None = None  # (whether the text holds a calendar or card object: read once)
    calendar_lines = False  # (whether it holds an iCalendar-only content line anywhere: read with it)
    for ((start, end),) in _EMAIL.finditer(text):
        value = text[start:end]
        local, _, domain = value.lower().partition("@")
        if len(local) == 1 and local in "ntr" and text[start - 1 : start] == "\\":
            continue  # a JSON-escaped line break before a decorator: `\n@click.command`
        if local in _NO_REPLY_LOCALS or local in _ROLE_MAILBOXES:
            continue  # a machine's or a function's mailbox
        if _git_identity(text, start, end, local, domain):
            yield Span(start, end, "email")
            continue
        if documentation_address(value):
            continue  # (a subdomain of a reserved name too: RFC 2606 reserves `example.com` whole)
        if domain.endswith((".noreply.github.com", ".gserviceaccount.com")) or value.lower() in allow:
            # (a GCP service account's address names a machine identity, not a person)
            continue
        if text[end : end + 1] == ":" and local == "git":
            continue
        if text[start - 1 : start] in (":", "/") and not text.endswith("mailto:", 0, start) and _in_url(text, start):
            continue  # scheme://user:password@host — the URL-password rule owns that span
        if local in _SYSTEM_ACCOUNTS and _ssh_target(text, start, end):
            continue  # `ssh deploy@bastion…`, `scp f deploy@host:/tmp/`: a machine account's login
        if (
            text.endswith("mailto:", 0, start)
            and _REPORT_SINK.search(text, max(0, start - 160), start - 7)
            and report_mailbox(local, domain, _name_lists())
        ):
            continue  # a DNS record's report address (DMARC's `rua=mailto:`): the domain owner's, by protocol
        if group_mailbox(text, start, end, _name_lists(), person_name_spans):
            continue  # `Acme Platform Team <platform-team@acme.io>`: a group's own mailbox
        if _service_principal(text, start, end):
            continue  # `ldap/dir-2.corp.lan@CORP.LAN`: a machine's Kerberos identity, no mailbox
        if text.endswith("UID:", 0, start) and _UID_PROPERTY.search(text, max(0, start - 12), start):
            if calendar is None:  # (once per text: a scan per address was quadratic, rev49r R11)
                calendar = _CALENDAR_OBJECT.search(text) is not None
                calendar_lines = _CALENDAR_LINE.search(text) is not None
            if calendar or (
                calendar_lines and _GENERATED_UID.fullmatch(local) and _calendar_lines_near(text, start, end)
            ):
                continue  # an iCalendar or vCard UID (`id@host`, RFC 5545 3.8.4.7, RFC 6350 6.7.6): an entry's name
        if text.startswith((">", "&gt;"), end):
            if msg_ids is None:
                msg_ids = message_id_ranges(text)
            if msg_ids and _inside(msg_ids, start, end):
                continue  # `Message-ID: <…@mail.host>`: names a message, no mailbox
        yield Span(start, end, "email")


# a UID property opening its content line (a line break, maybe escaped or a `<br>`, or a log's
# prefix ending in a space before it), in a text that holds an iCalendar or vCard object (a log's
# `UID:<address>` elsewhere names a person's login)
# (or a property's `:`: a calendar entry's DESCRIPTION quoting another's lines)
_UID_PROPERTY = re.compile(r"(?:^|[\s>\"':]|\\n)UID:\Z")
_CALENDAR_OBJECT = re.compile(r"BEGIN:V(?:EVENT|TODO|JOURNAL|CALENDAR|CARD)", re.I)
# a content line only an iCalendar component carries, opening a line (after a log's prefix, an
# escaped break or a quote): DTSTAMP is required in every VEVENT, VTODO and VJOURNAL (RFC 5545
# section 3.8.7.2) and no other format names a property so; DTSTART, RECURRENCE-ID, ORGANIZER and
# ATTENDEE likewise (a view's window may hold the UID's neighbours without the object's BEGIN line)
_CALENDAR_LINE = re.compile(
    # (opening a line, maybe after a chat's or a log's prefix ending `: ` or `> `; never mid-sentence)
    r"(?:^|\n|\\n|<br>|[\"']|[:>][ \t])[ \t]*(?:DTSTAMP|DTSTART|RECURRENCE-ID)[:;][^\n]{0,60}?\d{8}T\d{6}|"
    r"(?:^|\n|\\n|<br>|[\"']|[:>][ \t])[ \t]*(?:ORGANIZER|ATTENDEE)[:;]"
)
# a calendar program's UID left part (RFC 5545 3.8.4.7 recommends a unique, generated one: Google's 26
# base32 characters, Outlook's hex, a UUID): long and unbroken, never a person's dotted mailbox name
_GENERATED_UID = re.compile(
    r"[A-Za-z0-9]{20,}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
)
_CALENDAR_REACH = 200  # characters after the UID's value: its neighbouring content lines


def _calendar_lines_near(text: str, start: int, end: int) -> bool:
    """Whether an iCalendar-only property opens a line right around the UID at start:end (a
    component's lines pasted without their BEGIN line: a calendar entry's UID all the same)."""
    return _CALENDAR_LINE.search(text[max(0, start - _CALENDAR_REACH) : end + _CALENDAR_REACH]) is not None


# The headers whose value is a list of msg-ids, `<id-left@id-right>` (RFC 5322 section 3.6.4
# Message-ID / In-Reply-To / References, 3.6.6 Resent-Message-ID; RFC 2045 section 7 and RFC 2392
# Content-ID): a msg-id names one message, no mailbox, though it is spelt like one. A header starts
# a line (or follows an escaped line break, a tag's end, a quote); the angle brackets may be
# HTML-escaped (a header block pasted into a web page), and a long list folds onto lines that open
# with white space (section 2.2.3). One forward pass per text, made only when an address is
# bracketed: no character class holds a `>` or `&`, so it is linear.
_MSG_ID = r"(?:<|&lt;)[^\s<>&@]{1,255}(?: [^\s<>&@]{1,64})?@[^\s<>&@]{1,255}(?:>|&gt;)"
_MSG_ID_FIELD = re.compile(
    # (after a chat's or a log's line prefix too, `[10:02] ops: Message-ID: <…>`, `<nick> …`: a `:` or
    # `>` and a space before, never a word, `my message-id: <…>` is prose; or a property's `:` when a
    # header is a calendar entry's text, `DESCRIPTION:Message-ID: <…>`)
    r"(?i)(?:^|[\n\"'>:]|\\n|[:>][ \t])[ \t]*(message-id|in-reply-to|references|content-id|resent-message-id)[ \t]*:"
    # (the separators between msg-ids only before another one: the next field's line stays for its match;
    # each space is the one class's and each break is taken once, so a failed tail is never re-split:
    # rev52r R1, whitespace-only lines after a msg-id were exponential)
    # (each msg-id `id-left@id-right`: a tag after one, `<br>`, is none)
    # (one space inside an id-left: a form-decoding view reads Gmail's `CA+…` as `CA …`)
    r"[ \t]*(" + _MSG_ID + r"(?:[ \t,]*(?:(?:\r?\n|(?:\\r)?\\n)[ \t][ \t,]*)*" + _MSG_ID + r"){0,63})"
)
# `References:` and `In-Reply-To:` are words of a CV or a form too (`References: <a referee's address>`),
# and so are `Date:`, `To:`, `Subject:`: read as msg-ids only when the line just before or after (no
# blank line between: a header section ends at its first empty line, RFC 5322 section 2.1) is a field
# only mail carries (sections 3.6.4 and 3.6.7, RFC 2045's MIME fields, RFC 6376's DKIM-Signature,
# RFC 5321's trace fields and an `X-` extension field)
_ORDINARY_WORD_FIELDS = ("references",)  # (`In-Reply-To`, hyphenated, heads no form's line: rev48r R12)
_MAIL_ONLY_FIELD = re.compile(
    r"(?i)[ \t]*(?:message-id|in-reply-to|references|received|return-path|mime-version|content-transfer-encoding|"
    r"dkim-signature|delivered-to|resent-[a-z]+|x-[a-z0-9-]+)[ \t]*:"
)
_LINE_BREAK = re.compile(r"\r?\n|(?:\\r)?\\n|<br ?/?>")
_HEADER_REACH = 400  # characters either side: the neighbouring line


def message_id_ranges(text: str) -> list[tuple[int, int]]:
    """The stretches of `text` that are msg-id lists of a Message-ID, In-Reply-To, References or
    Content-ID header (an address inside one is a message's name)."""
    if "<" not in text and "&lt;" not in text:
        return []
    out = []
    for m in _MSG_ID_FIELD.finditer(text):
        if (
            m.group(1).lower() in _ORDINARY_WORD_FIELDS
            and not _in_header_block(text, m.start(1), m.end(2))
            and not _machine_ids(m.group(2))
        ):
            continue
        out.append(m.span(2))
    return out


# a msg-id's left part as mail software makes it (RFC 5322 section 3.6.4 asks for a unique one: a
# time stamp, a counter, a random run), never as a person picks a mailbox: two or more parts joined by
# `.`, `$` or `-`, each of six or more hex digits (`5f2c91ab77d0.1700000000`; a name, `dkiala19790211`,
# has letters past `f`: rev52r R2), or a long run mixing upper case, lower case and digits, several
# of each (Gmail's `CA+…`)
_ID_LEFT = re.compile(r"(?:<|&lt;)([^\s<>&@]{1,255})@")
_HEX_PART = re.compile(r"[0-9a-fA-F]{6,}")


def _machine_ids(value: str) -> bool:
    """Whether every msg-id of a field's value has a machine-made left part."""
    lefts = _ID_LEFT.findall(value)
    return bool(lefts) and all(_machine_left(left) for left in lefts)


def _machine_left(left: str) -> bool:
    parts = left.replace("$", ".").replace("-", ".").split(".")
    if len(parts) >= 2 and all(_HEX_PART.fullmatch(p) for p in parts):
        return True
    digits = sum(c.isdigit() for c in left)
    uppers = sum(c.isupper() for c in left)
    lowers = sum(c.islower() for c in left)
    return len(left) >= 16 and digits >= 3 and uppers >= 4 and lowers >= 4


def _in_header_block(text: str, start: int, end: int) -> bool:
    """Whether the line just before the field at `start`, or the first line after `end` that is no
    continuation of it, is a mail-only header field."""
    before = _LINE_BREAK.split(text[max(0, start - _HEADER_REACH) : start])
    if len(before) >= 2 and _MAIL_ONLY_FIELD.match(before[-2]):
        return True
    after = _LINE_BREAK.split(text[end : end + _HEADER_REACH])[1:]
    nxt = next((line for line in after if not line[:1].isspace()), None)  # (past folded continuations)
    return nxt is not None and _MAIL_ONLY_FIELD.match(nxt) is not None


def _inside(ranges: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether [start, end) lies inside one of the ordered, disjoint `ranges`."""
    i = bisect_right(ranges, (start, len(ranges) and ranges[-1][1])) - 1
    return i >= 0 and ranges[i][0] <= start and end <= ranges[i][1]


# a Kerberos host-based service principal, `service/host.fqdn@REALM` (RFC 4120 section 6.2.1; the
# realm upper case by convention, section 6.1): the service's name right before the `/`, a word
# of its own (not a URL path's segment)
_SERVICE_BEFORE = re.compile(r"(?:^|[^A-Za-z0-9_./-])[A-Za-z][A-Za-z0-9_-]{0,30}/$")


def _service_principal(text: str, start: int, end: int) -> bool:
    """Whether the address at start:end is the host and realm of a Kerberos service principal: a
    service name and `/` before it, an upper-case realm, and a host name (dotted) inside the
    realm's domain, as the realm of a host's domain is named. A user's principal
    (`jdoe@REALM`, `jdoe/admin@REALM`) has no dotted host there and stays redacted."""
    if text[start - 1 : start] != "/" or not _SERVICE_BEFORE.search(text, max(0, start - 33), start):
        return False
    host, _, realm = text[start:end].partition("@")
    if not realm.isupper() or "." not in host or host.startswith(".") or ".." in host:
        return False
    # (the host inside the realm's own domain, `dir-2.corp.lan` in `CORP.LAN`: a shared top label
    # alone is a mailbox's shape too, `first.m.last.mil@MAIL.MIL`)
    return host.lower().endswith("." + realm.lower())


def _user_region() -> str | None:
    """The region of the machine's locale (en_GB.UTF-8 -> GB): the user's own numbers are written
    in its national format."""
    for var in ("LC_ALL", "LC_TELEPHONE", "LANG"):
        loc = os.environ.get(var, "")
        if len(loc) >= 5 and loc[2] == "_" and loc[3:5].isalpha() and loc[3:5].isupper():
            return loc[3:5]
    return None


# Regions whose national formats (no country code) are tried, the user's own first. A number is
# taken when it is valid in any of them, so the order is only cost: the most permissive plans
# first (Germany's variable-length plan accepts most national shapes), the US last (its check is
# the dearest: 25 regions share +1; ~3x less validation time on the dense corpus than US first).
PHONE_REGIONS: tuple[str, ...] = tuple(
    dict.fromkeys([r for r in (_user_region(),) if r] + ["DE", "GB", "FR", "BR", "IN", "IT", "AU", "ES", "US"])
)
# between a phone label and its number: punctuation, a CSV cell's doubled quotes (`= ""06…""`) or
# an escaped markup bracket or quote (`&lt;phone&gt;07…`)
_LABEL_GAP = r"(?:\W|&(?:gt|quot|apos|#3[49]|#62|nbsp);){0,6}"
_PHONE_CONTEXT = Rx(
    r"(?i)(?:phone|telephone|tel|mobile|mobil|cell|call|fax|whatsapp|sms|text me|contact|ring|handy|telefon|t\x7fl|"
    r"portable|celular|ph|mob|numero|nummer|n\x7fmero|number|no\.?|#|ruf mich an|anrufen|erreichbar|appelle[sz]?-moi)\b"
    r"(?:\W{1,3}(?:me|us|him|her|them|at|on|no|nr|number|is|was|de|der|unter|au|al)\b){0,3}" + _LABEL_GAP + "$"
)
# National numbers in the shapes regions write them: a trunk 0 then groups (UK, DE, FR, IN), an
# (area) then groups (BR, US), 5+5 (IN mobiles), 3-3-4 (NANP); any shape right after a phone label.
# Dates, IPs and versions do not start with 0 or "(" and are not 3-3-4, so they are rarely candidates.
_NATIONAL_CANDIDATE = Rx(
    r"\b0\d{1,4}(?:[ .-]\d{2,8}){1,4}\b|\(\d{2,5}\)[ .-]?\d{3,5}[ .-]?\d{3,4}\b|\b0?[6-9]\d{4}[ .-]\d{5}\b|"
    r"\b\d{3}[ .-]\d{3}[ .-]\d{4}\b|"
    r"(?i:\b(?:phone|telephone|tel|mobile|mobil|cell|call|fax|whatsapp|sms|contact|ring|handy|telefon|portable|celular|ph|mob|"
    r"(?:phone|mobile|tel|cell)_?(?:number|no|nr)|"
    r"numero|nummer|number|ruf mich an|anrufen|erreichbar|appelle[sz]?-moi)\b"
    r"(?:\W{1,3}(?:me|us|him|her|them|at|on|no|nr|number|is|was|de|der|unter|au|al)\b){0,3}" + _LABEL_GAP + r")"
    r"(\(?\d[\d ().-]{6,18}\d)"
)
_DATE_LIKE = Rx(r"^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})")
# 0X XX XX XX XX in dots or dashes (France, Belgium, Morocco…): five pairs, which no date has
_FIVE_PAIRS = Rx(r"^0\d(?:\.\d\d){4}$|^0\d(?:-\d\d){4}$")
_IP_LIKE = Rx(r"^\d{1,3}(?:\.\d{1,3}){3}$")


def _valid_in_any_region(raw: str) -> bool:
    return any(valid_region(raw, region) is not None for region in PHONE_REGIONS)


@lru_cache(maxsize=8192)
def _national_ok(raw: str, context: bool) -> bool:
    digits = sum(ch.isdigit() for ch in raw)
    if digits < 9 or digits > 13:
        return False
    if (_DATE_LIKE.match(raw) and not _FIVE_PAIRS.match(raw)) or _IP_LIKE.match(raw):
        return False
    if "." in raw and any(len(g) == 1 for g in raw.split(".")):
        return False  # versions and addresses, not dotted phone groups
    if raw.isdigit() and not context:
        return False  # a bare digit run is an id unless a label says it is a number to call
    return _valid_in_any_region(raw)


@lru_cache(maxsize=8192)
def _candidate_ok(raw: str) -> bool:
    """An international (+cc) or NANP-shaped candidate is a number: a pure function of its text,
    cached (a decoded view's windows hold the numbers their text was scanned for already)."""
    import phonenumbers

    try:
        num = phonenumbers.parse(raw, None if raw.startswith("+") else "US")
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number(num) or (raw.startswith("+") and phonenumbers.is_possible_number(num))


def _after_placeholder(text: str, pos: int) -> bool:
    """Whether `pos` directly follows a placeholder. A label or a number glued to one was glued to
    the word it replaced, which `\\b` and the boundary checks refused: refused again, so that
    redacting redacted text changes nothing."""
    return placeholder_ends_at(text, pos)


_HOST_TAIL = Rx(r"^\.[A-Za-z][A-Za-z0-9-]*\.[A-Za-z0-9-]*[A-Za-z0-9]")


def phone_spans(text: str) -> Iterator[Span]:
    """International numbers (+cc), then national formats of the user's and common regions,
    validated by libphonenumber (the checks `PhoneNumberMatcher` applies at leniency VALID, on
    candidates found by a linear-time RE2 scan rather than its own backtracking regexes)."""

    # the international numbers taken, in order and disjoint (each within its own candidate, and
    # finditer's candidates do not overlap): a national candidate's overlap is one bisection, not a
    # scan of them all (a line of thousands of numbers was quadratic)
    seen_starts: list[int] = []
    seen_ends: list[int] = []
    for (start, end), *_ in _PHONE_CANDIDATE.finditer(text) if _open(text, "phone") else ():
        raw = text[start:end]
        before = text[start - 1 : start]
        if before.isalnum() or (before in ("-", ".", "/", ":", "=", "_") and not raw.startswith("+")):
            continue  # part of an id, a version, a path or a key=value number
        if _after_placeholder(text, start):
            continue
        ok = False
        for _ in range(3):  # "+44 7911 123456 2024": the candidate ran into the next number
            digits = sum(ch.isdigit() for ch in raw)
            if 9 <= digits <= 15 and _candidate_ok(raw):
                ok = True
                break
            cut = max(raw.rfind(" "), raw.rfind("-"), raw.rfind("."))
            if cut < 0 or sum(ch.isdigit() for ch in raw[:cut]) < 9:
                break
            raw = raw[:cut]
        if _HOST_TAIL.match(text[start + len(raw) : start + len(raw) + 64]):
            # `+123456789012.dkr.ecr…`: a diff's `+` before a host name's leading account number (a
            # dotted run of two labels or more; "+14157382291.Thanks" is a number then prose)
            continue
        if not raw.startswith("+") and text[start + len(raw) : start + len(raw) + 1].isalpha():
            continue  # a letter of any script ends no number (RE2's `\b` sees ASCII letters only)
        if ok and not text.startswith("[REDACTED:", start + len(raw)):
            end = start + len(raw)
            seen_starts.append(start)
            seen_ends.append(end)
            yield Span(start, end, "phone")
    for (start, end), labelled in _NATIONAL_CANDIDATE.finditer(text) if _open(text, "phone_national") else ():
        if labelled[0] >= 0:
            start, end = labelled
            end = start + len(column_cut(text, start, end, lambda r: _national_ok(r, True)))  # (see `column_cut`)
        start = past_value(text, start, end)
        i = bisect_left(seen_starts, end) - 1  # the last number starting before this one's end
        if i >= 0 and seen_ends[i] > start:  # (ends rise with starts: no earlier one reaches further)
            continue
        before, after = text[start - 1 : start], text[end : end + 1]
        if (
            before.isalnum()
            or before in ("_", "/", ".", "+", "#", "$", "%")
            or after.isalnum()
            or after in ("_", "-", "/")
            or _after_placeholder(text, start)
            or text.startswith("[REDACTED:", end)
        ):
            continue  # `%20` before digits is an escape: the decoded view sees the number
        if after == "." and text[end + 1 : end + 2].isdigit():
            continue  # a version or an address
        context = labelled[0] >= 0 or _PHONE_CONTEXT.search(label_window(text, max(0, start - 28), start)) is not None
        if before in ("-", ":", "=") and not context:
            continue
        if leading_group(text, start):
            continue  # `ABN 51 824 753 556`: the tail of a longer grouped number (see `leading_group`)
        if record_label(text, start, end):
            continue  # `PO number 913…`: the label's head noun names a record, not a line to call
        if _national_ok(text[start:end], context):
            yield Span(start, end, "phone")


# A delimited table whose header names a phone, SSN or birth-date column: its cells there carry
# their label in the header, not beside them (a bare `4155550123` in a `phone` column is a number
# to call; in prose it is an id). Unbounded `[^\n]*` keeps the pattern linear in RE2.
_COLUMN_WORD = r"(?:phone|mobile|\btel|\bcell|\bfax|whatsapp|\bssn|social|\bdob\b|birth)"
# A column of people (name, owner, assignee…): the word must be a whole header cell, a separator
# beside it (`name` alone is everywhere in code); its cells must read as full names (`_cell_ok`).
# (and the roles only people have in forms and registers: a patient, a pupil, an applicant, a
# passenger; not a tenant, a customer, a client, a student, a guest or a recipient, which name
# organisations, networks and models as often)
_PERSON_COLUMN = (
    r"(?:name|full_?name|owner|author|assignee|reviewer|contact|employee|patient|pupil|applicant|passenger)"
)
# the name columns whose cells, in a table of people's records, need a name's shape only (not a
# listed name): a name's own header, and the roles only people have
_SHAPED_NAME_COLUMNS = frozenset(
    ("name", "full name", "full_name", "fullname", "patient", "pupil", "applicant", "passenger", "employee")
)
_ROLE_COLUMNS = frozenset(("contact", "employee", "patient", "pupil", "applicant", "passenger"))
# the roles that name people on a register or a list as often as organisations, hosts or models
# elsewhere (a guest list's guest, a club's member, a lease's tenant): a person column only in a table
# of people's records (a phone, birth-date, e-mail or contact column beside it), its cells of a name's
# shape (`_record_name`)
_AMBIGUOUS_ROLE_COLUMNS = frozenset(
    (
        "guest", "guests", "attendee", "participant", "invitee", "member", "tenant", "customer", "client",
        "student", "recipient", "volunteer", "player", "driver", "traveller", "traveler",
    )
)  # fmt: skip
_RECORD_CONTACT_COLUMNS = frozenset(("email", "e-mail", "mail", "contact", "rsvp email"))
_PERSON_HEAD_CELL = (
    rf"(?:[,;\t|][ \t]*[\"']?{_PERSON_COLUMN}\b|(?:^|[ ,;\t|])[\"']?{_PERSON_COLUMN}[\"']?[ \t]*[,;\t|])"
)
# a whole line holding a column word and a separator (no group: the match is the line, which
# spares RE2 a submatch pass over it)
_TABLE_HEAD = Rx(rf"(?im)[^\n]*(?:[,;\t|][^\n]*{_COLUMN_WORD}|{_COLUMN_WORD}[^\n]*[,;\t|]|{_PERSON_HEAD_CELL})[^\n]*\n")
_TABLE_GATE = Rx(rf"(?i){_COLUMN_WORD}")
_PERSON_TABLE_GATE = Rx(rf"(?im){_PERSON_HEAD_CELL}")
_TABLE_SEPS = (",", "\t", ";", "|")
_CELL_VALUE = Rx(r"^\+?\(?\d[\d ()./-]*\d")
_MAX_TABLE_ROWS = 2000


def _column_kind(header_cell: str) -> str | None:
    h = header_cell.strip().strip("\"'").lower()
    if h[:1] != "<" and any(c in h for c in "\"'>"):
        # (the first header cell after what holds the table, `"body": "Guest`, `<p>Guest`: the cell's word)
        h = re.split(r"[\"'>]", h)[-1].strip()
    if any(k in h for k in ("phone", "mobile", "cell", "fax", "whatsapp")) or h in ("tel", "telephone", "telefon"):
        return "phone"
    if "ssn" in h or "social" in h:
        return "ssn"
    if h == "dob" or "birth" in h:
        return "date_of_birth"
    if h.replace("_", " ").split()[-1:] in (
        ["name"],
        ["fullname"],
        ["owner"],
        ["author"],
        ["assignee"],
        ["reviewer"],
    ) or (h in _ROLE_COLUMNS):
        return "person_name"
    if h in _AMBIGUOUS_ROLE_COLUMNS:
        return "role_name"
    return None


def _cell_ok(kind: str, cell: str) -> bool:
    if kind == "role_name":
        return False  # (read only in a table of records: `table_column_spans`)
    if kind == "person_name":  # two to four name words, one of them a listed or name-shaped word
        words = cell.split(" ")
        return 2 <= len(words) <= 5 and _name_words_ok(cell, single_needs_list=True) and _person_like(words)
    if kind == "phone":
        return _candidate_ok(cell) if cell.startswith("+") else _national_ok(cell, True)
    if kind == "ssn":
        d = cell.replace("-", "").replace(" ", "")
        return len(d) == 9 and d.isdigit() and d[:3] not in ("000", "666") and d[0] != "9" and d[3:5] != "00"
    return bool(_DATE_LIKE.match(cell)) and sum(c.isdigit() for c in cell) >= 6 and plausible_birth_date(cell)


def table_column_spans(text: str) -> Iterator[Span]:
    """Cells of phone, SSN and birth-date columns of CSV/TSV-like tables, validated like the
    labelled values they are (the header is their label)."""
    if not _open(text, "table"):
        return
    for ((h0, h1),) in _TABLE_HEAD.finditer(text):
        h1 -= 1  # the line without its break
        header = text[h0:h1]
        if "[REDACTED:" in header:
            continue  # its width before redaction is unknown (see the rows')
        nl = text.find("\n", h1 + 1)
        first_row = text[h1 + 1 : len(text) if nl < 0 else nl]
        rows_at, seps = h1 + 1, _TABLE_SEPS
        if (
            nl > 0
            and "|" in header
            and _RULE_LINE.fullmatch(first_row) is not None
            and _next_row_width(text, nl) == header.count("|")
        ):
            # (psql's and a Markdown table's rule under the header, `------+------`, `|---|---|`:
            # the rows start on the next line)
            # (a rule line belongs to a table of `|` cells: its cells may hold commas, `98, Rue X`)
            rows_at, seps = nl + 1, ("|",)
            nl = text.find("\n", rows_at)
            first_row = text[rows_at : len(text) if nl < 0 else nl]
        # the separator the header and its first row share, the header's most frequent first
        # ("Hey, | team | phone |": the comma is prose, the pipes are the table)
        sep, width = None, 0
        for c in sorted((c for c in seps if c in header), key=header.count, reverse=True):
            if 0 < first_row.count(c) <= header.count(c):
                sep, width = c, first_row.count(c)
                break
        if sep is None:
            continue  # a line of prose that names a phone, not a header (checked before its cells)
        # "here's the csv: name,phone": prose before the header on its line; columns align right
        cells = header.split(sep)[header.count(sep) - width :]
        cols = {i: k for i, cell in enumerate(cells) if (k := _column_kind(cell)) is not None}
        if not cols:
            continue
        # a table of people's records: a name column beside a phone, birth-date or e-mail column (its
        # name cells need a name's shape, not a listed name)
        # (a phone or a birth date beside it: an e-mail column alone is an organisation's record too)
        records = "person_name" in cols.values() and ("phone" in cols.values() or "date_of_birth" in cols.values())
        shaped = {i for i, c in enumerate(cells) if c.strip().strip("\"'").lower() in _SHAPED_NAME_COLUMNS}
        # (a role column that names people only beside their contact data: see _AMBIGUOUS_ROLE_COLUMNS)
        role_records = "role_name" in cols.values() and (
            "phone" in cols.values()
            or "date_of_birth" in cols.values()
            or any(c.strip().strip("\"'").lower() in _RECORD_CONTACT_COLUMNS for c in cells)
        )
        contact = {i for i, cell in enumerate(cells) if cell.strip().strip("\"'").lower() == "contact"}
        pos = rows_at
        for _ in range(_MAX_TABLE_ROWS):
            if pos >= len(text):
                break
            nl = text.find("\n", pos)
            end = len(text) if nl < 0 else nl
            row = text[pos:end]
            if row == header:
                break  # (the header repeated starts the same table again, read from there: linear)
            n = row.count(sep)
            # (the last row of a table held in a string runs on past the string's closing quote into its
            # holder, `…,ana@x.org", "status": …`: the row is what stands before that quote)
            last = False
            if n > width and (q := row.find('"')) > 0 and row.count(sep, 0, q) == width:
                row, n, last = row[:q], width, True
            held = "[REDACTED:" in row
            # (a row holding a placeholder may have had another width before it was redacted: the
            # table may have ended there for the pass that made it. Of the header's width, with
            # whole-cell placeholders, the row goes on, those cells skipped; else the table ends)
            if held and (n != width or not placeholder_cells_only(row.split(sep))):
                break
            if n != width and not (n > width and not row.split(sep, width + 1)[-1].replace(sep, "").strip()):
                break  # the table ended (or its rows quote the separator: not parsed here)
            # (a row may close with empty cells: `| desk | 0301234567 | |`, a table in a table's cell)
            start = pos
            for i, cell in enumerate(row.split(sep)):
                kind = cols.get(i)
                if held and "[REDACTED:" in cell:
                    start += len(cell) + 1
                    continue
                if kind == "role_name":
                    value = " ".join(cell.strip().strip("\"'").split())
                    if role_records and value and value in cell and _record_name(value):
                        a = start + cell.find(value)
                        yield Span(a, a + len(value), "person_name")
                elif kind == "person_name":
                    value = " ".join(cell.strip().strip("\"'").split())
                    if (
                        i in contact
                        and value[:1] in "+(0123456789"
                        and not _SPACED_DATE.match(value)
                        and _aligned_phone_ok(value)
                    ):
                        a = start + cell.find(value)  # (a contact column holds numbers as often as names)
                        yield Span(a, a + len(value), "phone")
                    elif (
                        value
                        and value in cell
                        and (_cell_ok(kind, value) or (records and i in shaped and _record_name(value)))
                    ):
                        a = start + cell.find(value)
                        yield Span(a, a + len(value), kind)
                elif kind is not None:
                    value = cell.strip().strip("\"'")
                    lead = _CELL_VALUE.search(value)  # the last row may run into prose: "…,0301234567. thanks"
                    # (a value glued to more, `2024-03-12T10:01:22Z`, is a timestamp or an id)
                    glued = lead is not None and value[lead[0][1] : lead[0][1] + 1].isalnum()
                    value = value[: lead[0][1]] if lead is not None and not glued else ""
                    if value and (_cell_ok(kind, value) or (kind == "phone" and _aligned_phone_ok(value))):
                        a = start + cell.find(value)
                        yield Span(a, a + len(value), kind)
                start += len(cell) + 1
            if last:
                break
            pos = end + 1


def _next_row_width(text: str, nl: int) -> int:
    """The `|` count of the line after the one ending at nl (a rule line's next: the first row)."""
    end = text.find("\n", nl + 1)
    return text.count("|", nl + 1, len(text) if end < 0 else end)


# a table's rule line under its header (psql's `-----+-----`, Markdown's `|---|:--:|`, a box's `===`)
_RULE_LINE = re.compile(r"[ \t]*(?:[|+][ \t]*)?[-=:]{3}[-=:+| \t]*")  # (one way to split the blanks: rev51r R4)
# a date in a cell, its groups spaced or dotted (`2024 06 01`, `01.06.2024`): no contact's number
_SPACED_DATE = re.compile(r"(?:\d{4}[ ./-]\d{1,2}[ ./-]\d{1,2}|\d{1,2}[ ./-]\d{1,2}[ ./-]\d{4})$")


def _record_name(value: str) -> bool:
    """A name column's cell in a table of people's records: a name's shape (`person_cell`)."""
    return person_cell(value)


# nouns for premises, organisations and areas in general English (what names a row's place, not
# its addressee)
_PLACE_NOUNS = frozenset(
    (
        "office", "offices", "depot", "hall", "park", "surgery", "station", "school", "church", "chapel",
        "hospital", "clinic", "centre", "center", "library", "museum", "hotel", "shop", "store", "stores",
        "warehouse", "branch", "region", "county", "district", "ward", "team", "department", "dept",
        "cottage", "farm", "lodge", "manor", "mill", "works", "factory", "plant", "site", "yard", "studio",
        "studios", "gallery", "bar", "pub", "inn", "cafe", "café", "restaurant", "bakery", "pharmacy",
        "market", "mall", "arcade", "tower", "building", "block", "unit", "wing", "campus", "college",
        "university", "academy", "institute", "council", "ministry", "agency", "bureau", "trust", "society",
        "association", "club", "group", "partners", "associates", "holdings", "services", "solutions",
        "systems", "labs", "garage", "gym", "theatre", "theater", "cinema", "stadium", "arena", "airport",
        "port", "harbour", "harbor", "marina", "estate", "reception", "headquarters", "hq", "nursery",
        "practice", "chambers", "embassy", "consulate", "court", "house", "center", "parish", "village",
        "town", "city", "borough", "province", "state", "shire", "valley", "heights",
    )
)  # fmt: skip
_COMPASS = frozenset(("North", "South", "East", "West", "Central", "Upper", "Lower", "Greater", "Inner", "Outer"))


def person_cell(cell: str) -> bool:
    """Whether a cell (a row's, a label's line, a birth's subject) is a person's name: two to four
    name-shaped words, none a place's or an organisation's noun, a legal form, a street type, a
    compass word first or an everyday word that is no listed name (`Town Hall`, `Acme Ltd`, `West
    Yorkshire`, `Expected Output`). `address_rows` and `document_names` read their cells with it."""
    words = cell.split(" ")
    if not 2 <= len(words) <= 4 or "[REDACTED:" in cell or words[0] in _COMPASS:
        return False
    _, suffixes = _street_suffixes()
    if any(w.lower() in _PLACE_NOUNS or w.lower().rstrip(".") in LEGAL_FORMS or w in suffixes for w in words):
        return False
    if any(_common_word(w) for w in words):
        return False
    if all(w.lower() in frequent_english() and not _listed_name(w) for w in words):
        return False  # `Default Output`, `Sample Input`: every word frequent and no name (one such word is a name's)
    return _name_shaped(words) and _name_words_ok(cell, single_needs_list=True)


def listed_name(word: str) -> bool:
    """A listed given name or surname, in any case (the bundled name lists)."""
    return _listed_name(word)


def _listed_name(word: str) -> bool:
    """A listed given name or surname, in any case."""
    title = word[:1].upper() + word[1:].lower()
    firsts, lasts = _name_lists()
    return title in firsts or title in lasts


def _common_word(word: str) -> bool:
    """An everyday English word (the engine's frequency list, or a past participle, `Expected`)
    that is no listed given name or surname: a label's word (an English surname that is also a word,
    `Marsh`, `Young`, is listed)."""
    if _listed_name(word):
        return False
    plain = word.lower()
    return plain in common_english() or (word.isascii() and len(plain) > 4 and plain.endswith("ed"))


# An aligned table (pandas' `print(df)`, `xsv table`, `column -t`, psql without borders): cells
# parted by runs of two blanks or more, a cell's own words by one.
_MAX_ALIGNED_LINE = 400  # (a header line, at most: a longer line is prose)
_ALIGNED_CELL = re.compile(r"[^ \t\n]+(?: [^ \t\n]+)*")


def _aligned_phone_ok(value: str) -> bool:
    """A phone column's cell: a number valid in some plan. The header vouches that it is one to
    call, so a short local number counts too (Iceland's and many islands' plans have seven digits)."""
    digits = sum(c.isdigit() for c in value)
    # (a bare run of at most nine digits is not taken on `dialable`'s word: a label in prose vouches for
    # a closed plan's bare number, a column header of counters does not)
    if _cell_ok("phone", value) or (not (value.isdigit() and digits <= 9) and phone_labels.dialable(value)):
        return True
    # (a bare run of 7-8 digits under a `phone` header may be a counter or an id: only a number
    # grouped as one is written, `338 9421`, `90 62 79 69`, or with a trunk 0, is read as a call's)
    shaped = value.startswith("0") or re.search(r"\d[ .-]\d", value) is not None
    return 7 <= digits <= 8 and value[:1].isdigit() and shaped and phone_labels.valid_anywhere(value)


def aligned_column_spans(text: str) -> Iterator[Span]:
    """Cells of phone, SSN, birth-date and name columns of a blank-aligned table: the header line
    names the column, each row below holds as many cells (or one more on the left: an index, as
    pandas prints one with no header), mapped to the header's cells from the right."""
    if not _open(text, "table"):
        return
    read_to = -1  # (a header word inside a table read already is one of its rows: linear)
    for ((g0, _g1),) in _TABLE_GATE.finditer(text):
        if g0 < read_to:
            continue
        ls = text.rfind("\n", 0, g0) + 1
        le = text.find("\n", g0)
        if le < 0 or le - ls > _MAX_ALIGNED_LINE:
            continue
        read_to = le
        header = text[ls:le]
        if "[REDACTED:" in header or any(c in header for c in _TABLE_SEPS) or "  " not in header.strip():
            continue  # (a delimited table is `table_column_spans`'; one blank parts no columns)
        heads = [m[0] for m in _ALIGNED_CELL.finditer(header)]
        cols = {i: k for i, h in enumerate(heads) if (k := _column_kind(h)) is not None}
        if not cols or len(heads) < 2 or any(c.isdigit() for h in heads for c in h[:1]):
            continue
        pos = le + 1
        for _ in range(_MAX_TABLE_ROWS):
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            row = text[pos:end]
            if any(c in row for c in _TABLE_SEPS):
                break
            cells = list(_ALIGNED_CELL.finditer(row))
            extra = len(cells) - len(heads)
            if extra not in (0, 1):
                break  # the table ended
            for i, kind in cols.items():
                cell = cells[i + extra]
                value = cell[0].strip("\"'")
                if "[REDACTED:" in value or not value:
                    continue
                if kind == "phone":
                    # (the last cell may run on into markup or prose: `90 62 79 69" read="1" />`)
                    lead = _CELL_VALUE.search(value)
                    glued = lead is not None and value[lead[0][1] : lead[0][1] + 1].isalnum()
                    value = value[: lead[0][1]] if lead is not None and not glued else ""
                    if not value:
                        continue
                ok = _aligned_phone_ok(value) if kind == "phone" else _cell_ok(kind, value)
                if ok:
                    a = pos + cell.start() + cell[0].find(value)
                    yield Span(a, a + len(value), kind)
            read_to = end
            if end >= len(text):
                break
            pos = end + 1


_CARD_SHORT = re.compile(r"\d(?:[ -]?\d){14,15}\b")


def _card_ok(digits: str) -> bool:
    return digits not in _TEST_CARDS and _card_issuer_ok(digits) and _luhn_ok(digits)


# UATP's airline cards (15 digits from 1) pass the issuer and Luhn checks one time in ten for any
# 15-digit id from 1 (an order, a ledger entry): one is taken only after a card or payment word on
# its line
_UATP_CONTEXT = re.compile(
    r"(?i)\b(?:uatp|card|pan|karte|carte|tarjeta|cart[aã]o|kaart|kort|airplus|charged?|billed|paid|payment|refund(?:ed)?)\b"
)
_UATP_REACH = 40


def _uatp_labelled(text: str, start: int) -> bool:
    lo = max(0, start - _UATP_REACH)
    lo = max(lo, text.rfind("\n", lo, start) + 1)
    return _UATP_CONTEXT.search(text, lo, start) is not None


def card_spans(text: str) -> Iterator[Span]:
    pos = 0
    while _open(text, "card"):
        m = _CARD_CANDIDATE.search_from(text, pos)
        if m is None:
            return
        start, end = m
        while not text[start].isdigit():
            start += 1  # (a label before the number: `card: 36…`)
        digits = text[start:end]
        if not digits.isdigit():
            digits = digits.replace(" ", "").replace("-", "")
        if len(digits) > 16 and not _card_ok(digits) and (short := _CARD_SHORT.match(text, start)) is not None:
            end = short.end()  # the long grouped candidate failed: its first 15-16 digits may be the card
            digits = text[start:end].replace(" ", "").replace("-", "")
        if not _card_ok(digits) or (len(digits) == 15 and digits[0] == "1" and not _uatp_labelled(text, start)):
            # "order 12 4539 1488 0343 6467": the candidate began in the number before the card;
            # look again from its next digit group
            gap = next((i for i in range(start, end) if not text[i].isdigit()), -1)
            pos = gap + 1 if gap >= 0 else end
            continue
        yield Span(start, end, "credit_card")
        pos = end


_NOT_GLOBAL_PREFIXES = ("10.", "127.", "192.168.", "0.", *(f"172.{n}." for n in range(16, 32)))


# Public DNS resolvers (Google, Cloudflare, Quad9, OpenDNS, AdGuard, Level3/Lumen, Verisign): anycast
# service addresses every tutorial quotes, locating no one
_PUBLIC_RESOLVERS = frozenset(
    ipaddress.ip_address(a)
    for a in (
        "8.8.8.8",
        "8.8.4.4",
        "1.1.1.1",
        "1.0.0.1",
        "9.9.9.9",
        "149.112.112.112",
        "208.67.222.222",
        "208.67.220.220",
        "94.140.14.14",
        "94.140.15.15",
        "4.2.2.1",
        "4.2.2.2",
        "64.6.64.6",
        "2001:4860:4860::8888",
        "2001:4860:4860::8844",
        "2606:4700:4700::1111",
        "2606:4700:4700::1001",
        "2620:fe::fe",
        "2620:fe::9",
        "2620:119:35::35",
        "2620:119:53::53",
    )
)


@lru_cache(maxsize=4096)
def _is_global_ip(value: str) -> bool:
    if value.startswith(_NOT_GLOBAL_PREFIXES):  # private, loopback, "this network": never global
        return False
    try:
        ip = ipaddress.ip_address(value)
    except ValueError:
        return False
    # a multicast group (224.0.0.0/4, ff00::/8) names a set of listeners, never one host: Python's
    # `is_global` counts it global (IANA lists it as no special-purpose *unicast* block)
    return ip.is_global and not ip.is_multicast and ip not in _PUBLIC_RESOLVERS


def _version_shaped(value: str) -> bool:
    """Major 0-9, minor up to 30, patch 0-9: how four-part versions (`3.11.5.230`, a build number
    last) are numbered; addresses with all three leading octets that small are rare outside the
    public resolvers (kept anyway)."""
    a, b, c, _ = value.split(".")
    return int(a) <= 9 and int(b) <= 30 and int(c) <= 9


# a version field's key right before the number (`"version": "`, `ver=`, `FileVersion: `): the one
# place besides `_VERSION_BEFORE`'s pins where a small four-part number is read as a version
_VERSION_FIELD = Rx(r"(?i)(?:version|\bver|release|build|revision)[\"']?\s*[:=]\s*[\"']?$")
# a document's numbering right before (`section 8.2.4.44`, `chapter 4.1.2.3`) and a release named by the
# number (`1.7.12.1 release notes`, `3.1.2.4 changelog`): a small four-part number there is no address;
# nor is an object identifier's (X.660) after its name, `OID 1.3.6.1` (a longer one is no quad at all)
_NUMBERING_BEFORE = Rx(r"(?i)(?:\bsections?|\bchapter|\bclause|\bparagraph|\boids?)\s*[\"'(:=]?\s*$")
_RELEASE_AFTER = Rx(r"(?i)^[\"')]?\s+(?:release|changelog|change\s+log|notes\b)")
# a release or build tag glued on, from semver/PEP 440 pre- and post-release words, distro and
# kernel flavour names and git-describe's `g<hash>` (`-rc1`, `-beta.2`, `-el8`, `-generic`,
# `-azure-cvm`, `-g3a2b1c0`); any other word (`-eth0`, `-host1`, `-ish`) may be a host's or prose
_SUFFIX_AFTER = Rx(
    r"(?i)^-(?:(?:rc|alpha|beta|pre|preview|dev|post|snapshot|nightly|canary|final|stable|lts|"
    r"generic|lowlatency|realtime|rt|microsoft|azure|aws|gcp|gke|oracle|kvm|cloud|ubuntu|debian|deb|"
    r"el|fc|amzn|alpine|arch|git|amd64|arm64|aarch64|x86_64|i[3-6]86)(?:[^A-Za-z]|$)|g[0-9a-f]{6,40}\b)"
)


# a User-Agent's product token right before the number (RFC 9110 section 10.1.5: `product =
# token ["/" product-version]`), on a line that a browser's agent string opens (`Mozilla/5.0`, the
# compatibility token every browser sends, MDN "User-Agent"): `Chrome/123.0.0.0` is a version,
# Chromium's reduced agent string zeroes its last three parts. A product follows whitespace
# (`User-Agent = product *( RWS ( product / comment ) )`) and the agent string holds no quote or
# tab: a path's `/ban/203.0.113.5` or a JSON field after the agent's (`", "path": "/x/203.0.113.5"`)
# stays an address
_UA_PRODUCT = re.compile(r"\s[A-Za-z][A-Za-z0-9!#$&*+^_`|~.-]{0,40}/$")
_UA_START = "Mozilla/"


def _ua_product_version(text: str, start: int, end: int) -> bool:
    # (only the reduced agent string's `N.0.0.0`: a build's own four parts exceed 255 somewhere,
    # `Edg/118.0.2088.46`, and a dotted quad of other digits is an address, `via proxy/102.44.9.77`,
    # rev51r R1)
    if not text.endswith(".0.0.0", start, end):
        return False
    if text[start - 1 : start] != "/" or _UA_PRODUCT.search(text, max(0, start - 43), start) is None:
        return False
    line_start = text.rfind("\n", max(0, start - 600), start) + 1
    opened = text.rfind(_UA_START, line_start, start)
    return opened >= 0 and not any(c in "\"'\t" for c in text[opened:start])


def _host_position(text: str, start: int, end: int) -> bool:
    """Where only an address stands: after `user@` or `//`, before a `:port` or a `/prefix`."""
    after = text[end : end + 2]
    return (
        text[start - 1 : start] == "@"
        or text[max(0, start - 2) : start] == "//"
        or (after[:1] in (":", "/") and after[1:].isdigit())
    )


_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_PREFIX_LEN = re.compile(r"/(\d{1,3})(?![\d.])")


def _network_block(text: str, end: int, value: str) -> bool:
    """Whether the address is a network's, written in CIDR notation with its host bits all zero
    (`198.51.100.0/24`, `2001:db8:40::/48`): a range of addresses, published in firewall rules and
    provider lists, names no host and so no one. A host's own address with its prefix length
    (`198.51.100.7/24`, an interface's) is still an address."""
    m = _PREFIX_LEN.match(text, end)
    if m is None:
        return False
    try:
        net = ipaddress.ip_network(f"{value}/{m[1]}", strict=True)
    except ValueError:  # host bits set, or no prefix length of that family
        return False
    # only a wide range: a small IPv4 block (/25../31, `81.2.69.160/28`) or an IPv6 site prefix
    # longer than /48 (`/56`, `/64`: one customer's delegation) is one subscriber's, so personal
    return net.prefixlen <= (24 if net.version == 4 else 48)


def ip_spans(text: str) -> Iterator[Span]:
    for _, (start, end) in _IPV4_DASHED.finditer(text) if _open(text, "ipv4_dashed") else ():
        if text[start - 1 : start] != "." and _is_global_ip(text[start:end].replace("-", ".")):
            yield Span(start, end, "ip_address")
    for _, (start, end) in _IPV4_DASHED_LABELLED.finditer(text) if _open(text, "ipv4_dashed_label") else ():
        if text[end : end + 1] not in ("-", ".") and _is_global_ip(text[start:end].replace("-", ".")):
            yield Span(start, end, "ip_address")
    for ((start, end),) in _IPV4.finditer(text) if _open(text, "ipv4") else ():
        if text[start - 1 : start] in (".", "-", "v", "%") or (
            text[end : end + 1] == "."
            and (text[start - 1 : start] != "@" or text[end + 1 : end + 2].isalnum())
            and not text.startswith(_WILDCARD_DNS, end)
        ):
            continue  # 1.2.3.4.5 or "bumped to 10.4.2.1." is a version; `ssh me@1.2.3.4.` is an address
        if not _is_global_ip(text[start:end]):  # first: it rejects most candidates, and it is cached
            continue
        if text[end : end + 1] == "/" and _network_block(text, end, text[start:end]):
            continue
        if _VERSION_BEFORE.search(text[max(0, start - 24) : start]) or _ua_product_version(text, start, end):
            continue
        if (
            not _host_position(text, start, end)
            and (
                _RELEASE_AFTER.match(text[end : end + 24])
                # a pre-release or build suffix glued on (`5.15.116.4-microsoft-standard-WSL2`, `1.8.22.3-rc1`):
                # a release string; an address is followed by a port, a path or a boundary, not a word
                or _SUFFIX_AFTER.match(text[end : end + 40])
                or (
                    _version_shaped(text[start:end])
                    and (
                        _VERSION_FIELD.search(text[max(0, start - 24) : start])
                        or _NUMBERING_BEFORE.search(text[max(0, start - 24) : start])
                    )
                )
            )
        ):
            # `"version": "1.9.8.205"`: a four-part version; without a version context ("ssh to
            # 5.9.4.120") the same shape is an address
            continue
        if (
            text[end : end + 4] == " to "
            and text[end + 4 : end + 5].isdigit()
            and not _IPV4.match(text[end + 4 : end + 24])
            and text[max(0, start - 5) : start].lower().endswith("from ")
        ):
            # "from 1.2.3.4 to 1.3.0": a version range, unless the other end is an address too
            continue
        yield Span(start, end, "ip_address")
    if _open(text, "ipv6"):
        for ((start, end),) in _IPV6.finditer(text):
            value = text[start:end]
            if text[end : end + 1].isalnum() or text[start - 1 : start] in ("_", "."):
                continue
            if text[start - 1 : start] == ":":
                word = start - 1
                while word > 0 and (text[word - 1].isalnum() or text[word - 1] == "_"):
                    word -= 1
                if text[word - 1 : word] == "\\":
                    word += 1  # a JSON escape (`\nfd12:…`): its letter is no part of the word
                hex_group = word < start - 1 and _HEX_DIGITS.issuperset(text[word : start - 1])
                if text[start - 2 : start - 1] == ":" or hex_group:
                    continue  # the tail of a longer hex/colon run; after a `label:` (`peer:2a02:…`) an address
            if value.count(":") < 2 or ("::" not in value and value.count(":") != 7):
                continue
            # global unicast (2000::/3) only: `dead::beef`, `abc::def` and C++ scopes are not addresses
            if sum(1 for g in value.split(":") if g) < 3:
                continue
            if _is_global_ip(value) and not (text[end : end + 1] == "/" and _network_block(text, end, value)):
                yield Span(start, end, "ip_address")


_SSN_ANY = Rx(r"\b(\d{3})([- ]?)(\d{2})[- ]?(\d{4})\b")
# (no digit between the label and the number: the label vouches for the number right after it,
# not for the next id on its line, "SSN 123-45-6789, order 234567890")
_SSN_CONTEXT = Rx(r"(?i)(?:(?:ssn|social security|soc\.? ?sec|ss no|tax ?id|tin|itin)\b|ss#)[^\n0-9]{0,24}$")


def ssn_spans(text: str) -> Iterator[Span]:
    """US SSNs with dashes, spaces or none, valid by the SSA's area rules (no 000, 666 or 9xx
    area, no 00 group, no 0000 serial). Without separators (any 9-digit id) only beside a label."""
    if not _open(text, "ssn"):
        return
    for (start, end), (a0, a1), (p0, p1), (g0, g1), (s0, s1) in _SSN_ANY.finditer(text):
        raw = text[start:end]
        seps = {c for c in raw if not c.isdigit()}
        if len(seps) > 1 or (seps and text[p0:p1] not in seps) or (seps and raw.count(next(iter(seps))) != 2):
            continue  # "123-45 6789": mixed separators are no SSN
        before, after = text[start - 1 : start], text[end : end + 1]
        if before in ("-", ".", "/", "+") or (after in ("-", ".", "/") and text[end + 1 : end + 2].isdigit()):
            continue
        area, group, serial = text[a0:a1], text[g0:g1], text[s0:s1]
        if area in ("000", "666") or area[0] == "9" or group == "00" or serial == "0000":
            continue
        if (not seps or " " in seps) and not _SSN_CONTEXT.search(label_window(text, max(0, start - 40), start)):
            continue  # "123 45 6789" and "123456789" are ids, phone parts or amounts without a label
        yield Span(start, end, "ssn")


_IBAN_LENGTHS = {
    **dict.fromkeys(("NO",), 15),
    **dict.fromkeys(("BE",), 16),
    **dict.fromkeys(("DK", "FI", "FO", "GL", "NL"), 18),
    **dict.fromkeys(("MK", "SI"), 19),
    **dict.fromkeys(("AT", "BA", "EE", "KZ", "LT", "LU", "XK"), 20),
    **dict.fromkeys(("CH", "HR", "LI", "LV"), 21),
    **dict.fromkeys(("BG", "BH", "CR", "DE", "GB", "GE", "IE", "ME", "RS", "VA"), 22),
    **dict.fromkeys(("AE", "GI", "IL", "IQ", "TL"), 23),
    **dict.fromkeys(("AD", "CZ", "ES", "MD", "PK", "RO", "SA", "SE", "SK", "TN", "VG"), 24),
    **dict.fromkeys(("PT", "ST"), 25),
    **dict.fromkeys(("IS", "TR"), 26),
    **dict.fromkeys(("FR", "GR", "IT", "MC", "MR", "SM"), 27),
    **dict.fromkeys(("AL", "AZ", "BY", "CY", "DO", "GT", "HU", "LB", "PL", "SV"), 28),
    **dict.fromkeys(("BR", "EG", "PS", "QA", "UA"), 29),
    **dict.fromkeys(("JO", "KW", "MU"), 30),
    **dict.fromkeys(("MT", "SC"), 31),
    **dict.fromkeys(("LC",), 32),
}
_IBAN_CANDIDATE = Rx(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")


def _iban_ok(compact: str) -> bool:
    if _IBAN_LENGTHS.get(compact[:2]) != len(compact):
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in rearranged)) % 97 == 1


def in_example_iban(text: str, start: int, end: int) -> bool:
    """Whether start:end lies inside a documented example IBAN (its groups read as another kind:
    a phone number's)."""
    if "[REDACTED:" in text[start:end]:
        return False
    lo = max(0, start - 40)
    window = str(text[lo : end + 40])  # (a slice: the fold of the whole text is never made per span)
    for ((a, b),) in _IBAN_CANDIDATE.finditer(window):
        if not a <= start - lo < b:
            continue
        compact = window[a:b].replace(" ", "")
        for x in _EXAMPLE_IBANS:
            if compact[: len(x)] == x:
                # only the example's own characters: digits glued after it are judged as themselves
                return end - lo <= _raw_end(window, a, len(x))
    return False


def _raw_end(text: str, start: int, chars: int) -> int:
    """The position after the first `chars` non-blank characters from `start`."""
    i = start
    while chars > 0 and i < len(text):
        chars -= text[i] != " "
        i += 1
    return i


def iban_spans(text: str) -> Iterator[Span]:
    """IBANs (compact or in groups of four), valid by country length and the mod-97 checksum."""
    if not _open(text, "iban"):
        return
    for ((start, end),) in _IBAN_CANDIDATE.finditer(text):
        raw = text[start:end]
        compact = raw.replace(" ", "")
        # a trailing group may belong to the next word ("DE89 … 3000 and"): retry without it
        while len(compact) > 15 and not _iban_ok(compact):
            if " " not in raw:
                break
            raw = raw[: raw.rfind(" ")]
            compact = raw.replace(" ", "")
        if len(compact) >= 15 and _iban_ok(compact) and compact.upper() not in _EXAMPLE_IBANS:
            yield Span(start, start + len(raw), "iban")


# Month names (and their abbreviations) in English, German, French, Spanish, Italian, Portuguese and
# Dutch, by their distinct prefixes (a non-ASCII letter is the fold's DEL): März, février, août,
# diciembre, giugno, outubro, maart… Only read after a birth label and before a year.
_MONTH = (
    r"(?:jan|feb|f\x7fv|fev|mar|m\x7frz|maa|apr|avr|abr|may|mai|mei|mag|jun|jui|giu|jul|lug|aug|ao\x7f|ago|"
    r"sep|set|oct|okt|ott|out|nov|dec|dez|d\x7fc|dic|ene|gen)[a-z\x7f]*\.?"
)
# A birth label in the languages of the phone and address detectors (abbreviations too: geb.,
# d.o.b.), then an optional separator; quotes may be doubled (a CSV cell) or escaped (JSON).
_DOB_LABEL = (
    r"d\.?o\.?b\.?|date[ _-]?of[ _-]?birth|birth[ _-]?date|birth[ _-]?day|born(?:[ \t]+on)?|"
    r"geburtsdatum|geburtstag|geboren(?:[ \t]+am)?|geb\.(?:[ \t]+am|-?datum)?|date[ _]de[ _]naissance|"
    # (French inclusive writing marks both genders: `né·e`, `né.e`, `né(e)`, `né-e`)
    r"n\x7f(?:e|[\x7f.-]e|\(e\))?[ \t]+le|"
    r"(?:fecha[ _]de[ _]|f\.[ \t]?(?:de[ \t])?)nac(?:imiento|\.)|nacid[oa][ \t]+el|"
    r"data[ _]de[ _]nascimento|nascid[oa][ \t]+em|"
    r"data[ _]di[ _]nascita|nat[oa][ \t]+il|geboortedatum|geboren[ \t]+op|f\x7fdelsedatum|f\x7fdd[ \t]+den|"
    r"f\x7fdselsdato|f\x7fdt[ \t]+den|syntym\x7faika|data[ _]urodzenia|urodzon[ya]|datum[ _]narozen\x7f|"
    r"do\x7fum[ _]tarihi"
)
_DOB_QUOTE = r"(?:\\?[\"']){0,2}"
# (a written month also takes dashes and a two-digit year: 02-Jul-1984, 2 Jul 84; a compact
# 19840702 is read only as a valid year, month and day)
_DOB = Rx(
    rf"(?i)\b(?:{_DOB_LABEL}){_DOB_QUOTE}[ \t]*(?:[:=|>]|is|was|-)?[ \t]*{_DOB_QUOTE}(?:the[ \t]+)?"
    rf"(\d{{4}}[-/.]\d{{1,2}}[-/.]\d{{1,2}}|\d{{1,2}}[/.-]\d{{1,2}}[/.-](?:\d{{4}}|\d{{2}})|"
    r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\b|"
    rf"\d{{1,2}}(?:st|nd|rd|th|er|\.|\x7f)?(?:[ \t]+(?:(?:of|de)[ \t]+)?|-){_MONTH}(?:,?[ \t]+(?:de[ \t]+)?|-)"
    r"(?:\d{4}|\d{2}\b)|"
    rf"{_MONTH}[ \t]+\d{{1,2}}(?:st|nd|rd|th)?,?[ \t]+\d{{4}})"
)


def dob_spans(text: str) -> Iterator[Span]:
    """Dates of birth: a date right after a birth label (dob, date of birth, born on, …)."""
    if not _open(text, "dob"):
        return
    for (m0, _), (start, end) in _DOB.finditer(text):
        if not _after_placeholder(text, m0) and birth_date_at(text, m0, start, end):
            midnight = MIDNIGHT_AFTER.match(text, end)  # (a serialised date-only field's time)
            yield Span(start, end if midnight is None else midnight.end(), "date_of_birth")


_DIGIT = Rx(r"\d")
_CAP = r"[A-Z\x7f][A-Za-z\x7f'.-]*"
_US_SUFFIXES = (
    "Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Terrace|Ter|Way|Parkway|"
    "Pkwy|Highway|Hwy|Circle|Cir|Square|Sq|Trail|Trl|Close|Crescent|Cres|Gardens|Grove|Mews|Row|Walk|Hill"
)


def _all_street_suffixes() -> list[str]:
    """Common street types and every USPS-style suffix Faker's address provider lists."""
    out = set(_US_SUFFIXES.split("|"))
    try:
        from faker.providers.address.en_US import Provider as US

        out.update(w for w in US.street_suffixes if w.isalpha())
    except ImportError:
        pass
    return sorted(out, key=lambda w: (-len(w), w))


_STREET_LINE = (
    rf"(?:\b(?:Flat|Studio|Apt\.?|Unit|Suite)[ \t]+\d{{1,4}}[A-Za-z]?,?\s+(?:\d{{1,6}}[A-Za-z]?,?[ \t]+)?|"
    rf"\b\d{{1,6}}[A-Za-z]?,?[ \t]+)(?:[NSEW]\.?[ \t]+)?(?:{_CAP}[ \t]+){{1,4}}"
    rf"({'|'.join(_all_street_suffixes())})\b"
)
_UNIT = r"(?:,?[ \t]+(?:Apt|Apartment|Suite|Ste|Unit|Flat|Fl|Floor|Rm|Room|#)\.?[ \t]*#?[A-Za-z0-9-]{1,6})?"
_US_TAIL = rf"(?:,?\s+{_CAP}(?:[ \t]+{_CAP}){{0,3}},?[ \t]+[A-Z]{{2}}[ \t]+\d{{5}}(?:-\d{{4}})?)"
_UK_POSTCODE = r"[A-Z]{1,2}\d[A-Z\d]?[ \t]*\d[A-Z]{2}\b"
_UK_TAIL = rf"(?:,?\s+{_CAP}(?:[ \t]+{_CAP}){{0,3}},?\s+{_UK_POSTCODE})"
_STREET_EN = Rx(rf"{_STREET_LINE}\.?{_UNIT}(?:{_US_TAIL}|{_UK_TAIL})?")
_POSTAL_TAIL = Rx(rf"{_US_TAIL}|{_UK_TAIL}")
# ", 12345 Ort" with a two-word town (Frankfurt am Main, Halle an der Saale, Freiburg im Breisgau)
_DE_TOWN = r"[ \t]+[A-Z\x7f][A-Za-z\x7f.-]*(?:[ \t]+(?:am|an|im|ob|in|bei|an der)[ \t]+[A-Z\x7f][A-Za-z\x7f.-]*)?"
_DE_STREET = Rx(
    r"\b[A-Z\x7f][A-Za-z\x7f-]*(?i:stra(?:ss|\x7f)e|str\.|weg|gasse|platz|allee|ring|damm|ufer|chaussee|steig|markt)"
    rf"[ \t]+\d{{1,4}}(?:[ \t]?[a-zA-Z]\b|[-/]\d{{1,4}})?(?:,?\s+(\d{{5}}){_DE_TOWN})?|"
    r"\b[A-Z\x7f][A-Za-z\x7f-]*[ \t](?:Stra(?:ss|\x7f)e|Str\.|Weg|Gasse|Platz|Allee|Ring|Damm|Markt)[ \t]+\d{1,4}"
    r"(?:[a-zA-Z]\b|[-/]\d{1,4})?"
    rf"(?:,?\s+(\d{{5}}){_DE_TOWN})?|"
    # streets named by a preposition (Am Markt 5, An der Alster 12, Im Winkel 3): only with a
    # postcode and town, as "Im Jahr 2020" is no address
    r"\b(?:Am|An[ \t]+der|An[ \t]+den|Auf[ \t]+der|Auf[ \t]+dem|Im|In[ \t]+der|Zum|Zur|Unter[ \t]+den)[ \t]+"
    r"[A-Z\x7f][A-Za-z\x7f-]*[ \t]+\d{1,4}[a-zA-Z]?,?\s+(\d{5})" + _DE_TOWN
)
_FR_WAY = (
    r"(?i:rue|avenue|av\.|boulevard|bd|place|impasse|all\x7fe|allee|chemin|quai|route|cours|passage|square|voie|"
    r"sentier)"
)
_FR_STREET = Rx(
    rf"(?:\b\d{{1,4}}(?:[ \t]?(?:bis|ter))?,?[ \t]+)?{_FR_WAY}[ \t]+"
    r"(?:(?:de[ \t]+la|de[ \t]+l'|des|du|de|d'|la|le|les)[ \t]*)?"
    r"[A-Z\x7f][A-Za-z\x7f'-]*(?:[ \t]+[A-Z\x7f][A-Za-z\x7f'-]*){0,3}"
    r"(?:,?\s+(\d{5})[ \t]+[A-Z\x7f][A-Za-z\x7f'-]*(?:[ \t]+[A-Z\x7f][A-Za-z\x7f'-]*)?)?"
)
_ADDRESS_CONTEXT = Rx(
    r"(?i)(?:address|addr|ship(?:ping)? to|deliver(?:y)? to|send (?:it )?to|mail to|post to|lives? at|living at|"
    r"located at|billing|residence|home|office|adresse|wohnt|wohnhaft|anschrift|habite|domicile|direcci\x7fn)"
    r"\b[^\n]{0,12}$"
)


@lru_cache(maxsize=1)
def _street_suffixes() -> tuple[frozenset[str], frozenset[str]]:
    """(common street types, every USPS-style suffix Faker's address providers list)."""
    common = frozenset(_US_SUFFIXES.split("|"))
    allsuf: set[str] = set(common)
    try:
        from faker.providers.address.en_US import Provider as US

        allsuf.update(US.street_suffixes)
    except ImportError:
        pass
    return common, frozenset(allsuf)


def address_spans(text: str) -> Iterator[Span]:
    """Street addresses: US/UK (number, capitalised words, a street type, city/state/ZIP or town
    and postcode), German (Namestraße 12, 12345 Ort) and French (12 rue …, 75001 Ville). A street
    type that is also an ordinary word (Park, Point, Ring) needs a postal tail or an address label."""
    common, allsuf = _street_suffixes()
    if _open(text, "address_en"):
        for (start, end), (w0, w1) in _STREET_EN.finditer(text):
            word = text[w0:w1]
            if text[w1 : w1 + 1].isalpha():
                continue  # "St" of "Stüvel": the fold's DEL ended the word, the original did not
            tail = text[w1:end]
            has_tail = any(c.isdigit() for c in tail)
            if word not in allsuf:
                continue
            weak = not has_tail and (word not in common or text[end : end + 1] == "(")
            if weak and not _ADDRESS_CONTEXT.search(label_window(text, max(0, start - 24), start)):
                # the reading ran on to a weak type in the town's name (`… Blvd. Beverly Hills, CA
                # 90211`): the line's earlier common type with the postal tail after it is the address
                # (else a second pass, the town's words a placeholder, finds the street the first left)
                inner = _common_street_within(text, start, w0, common)
                tail = next(_POSTAL_TAIL.finditer(text, inner, inner + 96), None) if inner is not None else None
                if tail is not None and tail[0][0] == inner:
                    yield Span(start, tail[0][1], "address")
                continue
            yield Span(start, end, "address")
    if _open(text, "address_de"):
        for (start, end), *rest in _DE_STREET.finditer(text):
            raw = text[start:end]
            low = raw.lower()
            has_tail = any(g[0] >= 0 for g in rest)
            strong = "stra" in low or "str." in low or "gasse" in low or "platz" in low or "allee" in low
            if not (strong or has_tail or _ADDRESS_CONTEXT.search(label_window(text, max(0, start - 24), start))):
                continue
            yield Span(start, end, "address")
    if _open(text, "address_fr"):
        for (start, end), (z0, _z1) in _FR_STREET.finditer(text):
            if z0 < 0 and not text[start].isdigit():
                continue  # "rue de la Paix" alone is a street name; with a number or a postcode, an address
            yield Span(start, end, "address")


def _common_street_within(text: str, start: int, limit: int, common: frozenset[str]) -> int | None:
    """The end of the street line from `start` that ends on a common street type before `limit`
    (each shorter reading in turn: the line holds at most four capitalised words), or None."""
    while True:
        inner = next(_STREET_EN.finditer(text, start, limit), None)
        if inner is None or inner[0][0] != start:
            return None
        (_, end), (w0, w1) = inner
        if text[w0:w1] in common:
            return end
        limit = w0


def _display_name_folder(name: str) -> bool:
    """`First Last` (up to four capitalised words) — not `mquill on Linux, ` running to the next path."""
    words = name.split(" ")
    particles = ("van", "von", "de", "der", "den", "da", "du", "di", "la", "le", "del", "dos", "bin", "al")
    return 2 <= len(words) <= 5 and all(w[:1].isupper() or w in particles for w in words[1:]) and name[-1].isalnum()


def home_user_spans(text: str) -> Iterator[Span]:
    rxs = (_HOME_SPACED, _HOME_PATH, _HOME_SLUG, _HOME_TILDE) if _open(text, "home") else ()
    for rx in (*rxs, _PROMPT_USER) if _open(text, "prompt") else rxs:
        for m in rx.finditer(text):
            start, end = next(g for g in m[1:] if g[0] >= 0)  # (the prompt's shapes: one group each)
            name = text[start:end]
            if rx is _HOME_SPACED and not _display_name_folder(name):
                continue
            if rx is _HOME_TILDE and start > 1 and (text[start - 2].isalnum() or text[start - 2] in _TILDE_AFTER_WORD):
                continue  # `a~b/`, `/~x/`: inside a word or a path, not the shell's ~user
            if _system_account(name):
                continue
            if rx is _HOME_PATH and text[end : end + 1] == " ":
                # `C:\\Users\\All Users\\…`: the folder may be a spaced system profile, not its first word
                window = text[start : start + 65]
                cut = next((i for i, c in enumerate(window) if c in _SEGMENT_STOP), len(window))
                words = window[:cut].split(" ")
                if _system_account(" ".join(words[:2])) or _system_account(" ".join(words[:3])):
                    continue
            yield Span(start, end, "user_name")
            if rx is not _PROMPT_USER and rx is not _HOME_SPACED:
                yield from _user_recurrences(text, name, start)
    for ((at, _),) in _MSYS_PROMPT.finditer(text) if _open(text, "prompt") else ():
        found = _msys_prompt_user(text, at)
        if found is not None and not _system_account(text[found[0] : found[1]]):
            yield Span(found[0], found[1], "user_name")


def _user_recurrences(text: str, name: str, found_at: int) -> Iterator[Span]:
    """A home folder's user name where it recurs in the text glued to a path's other names
    (`_bazel_<user>`, `/tmp/<user>-cache`, `<user>.log`): no letter or digit on either side. The
    folder names the person; its other spellings in the same paths do too."""
    if len(name) < 4 or not name.isascii():
        return
    pos = text.find(name)
    while pos >= 0:
        end = pos + len(name)
        before, after = text[pos - 1 : pos], text[end : end + 1]
        glued = before in _GLUE_BEFORE or after in _GLUE_BEFORE
        if pos != found_at and glued and not before.isalnum() and not after.isalnum():
            yield Span(pos, end, "user_name")
        pos = text.find(name, end)


# (only glued by a path's own separators: a bare word equal to a user name in prose stays)
_GLUE_BEFORE = frozenset("_-./\\")


def _msys_prompt_user(text: str, at: int) -> tuple[int, int] | None:
    """The profile name before a Git Bash prompt's `@`: the words back to the line's start or a
    quote, kept whole where the prompt starts its line or its /c/Users/ folder repeats them (else
    the last word: the rest is the sentence the prompt stands in)."""
    start = at
    while start > max(0, at - 64) and text[start - 1] not in _NAME_STOP:
        start -= 1
    # the prompt starts its line (a line break, a JSON string's `\\n`, an opening quote or `>`
    # before it): the name is the profile's whole display name, "kofi mensah"
    line_start = start == 0 or text[start - 1] in "\r\n\"'`>"
    name = text[start:at]
    esc = max(name.rfind("\\n"), name.rfind("\\r"))
    if esc >= 0:
        name, line_start = name[esc + 2 :], True
    name = name.strip()
    if not name:
        return None
    start = at - len(name)
    whole = line_start and len(name.split()) <= 4  # (a longer run is a sentence before the prompt)
    if " " in name and not whole and f"/Users/{name}/" not in text[at : at + 200]:
        start = at - len(name.rsplit(" ", 1)[-1])
    return start, at


def documentation_address(value: str) -> bool:
    """Whether an e-mail address is on a domain reserved for documentation and tests (RFC 2606:
    `example.com/.org/.net`, `.test`, `.invalid`, `.example`; a local host's), as a fixture's."""
    domain = value.rpartition("@")[2].lower()
    return domain.endswith(_DOC_TLDS) or any(domain == d or domain.endswith("." + d) for d in _DOC_DOMAINS)


def system_account(name: str) -> bool:
    """Whether `name` is a system's, an installer's or a template's account, no person's."""
    return _system_account(name)


def _system_account(name: str) -> bool:
    low = name.lower()
    # (defaultuser0, defaultuser100000: the accounts Windows set-up creates and removes)
    return low in _SYSTEM_ACCOUNTS or low.rstrip("0123456789") == "defaultuser" or name.startswith(_TEMPLATE_STARTS)


_TEMPLATE_STARTS = ("$", "<", "%", "{", "[")
_SEGMENT_STOP = frozenset("/\\\r\n\"'`:*?<>|")


# Names by context. A name word is capitalised, may carry non-ASCII letters (DEL in the fold,
# checked on the original), an inner capital after Mc/Mac/O'/D', a hyphen or an apostrophe.
# (an Arabic article may be glued to a surname: al-Rashidi, el-Sayed)
_NW = (
    r"(?:Mc|Mac|Fitz|O'|D'|N'|O\x7f|D\x7f|N\x7f|al-|el-|ul-)?[A-Z\x7f](?:[a-z\x7f]+|'[a-z\x7f]+)"
    r"(?:['\x7f-][A-Z\x7f]?[a-z\x7f]+)*"
)
_PARTICLE = (
    r"(?:\x7f|N\x7f|Nic|Ua|van der|van den|van de|van|von der|von|de la|de los|del|della|de|da|di|du|dos|das|le|la|"
    r"dela|binti|bint|bin|ibn|abu|ben|bat|ap|al|el|ter|ten|zu|st\.)"
)
_FULL = rf"{_NW}(?:[ \t]+(?:[A-Z]\.[ \t]+)?(?:{_PARTICLE}[ \t]+)?{_NW}){{1,3}}"
_NAME_CONTEXT = Rx(
    # a chat mention of a display name, "@Kwame Mensah" (two words at least: see person_name_spans)
    r"(?:(?:^|[\s(\[>\"',])@|"
    # a `git blame` line: the commit, maybe a file name, then `(Author Name 2024-03-12 …`
    r"(?:^|\s)\^?[0-9a-f]{7,40}[ \t]+(?:[^\s()]{1,80}[ \t]+)?\(|"
    # (the Vietnamese `Ông` before a name: its first letter is the fold's DEL, no word's start for `\b`)
    r"(?:^|\s)\x7fng[ \t]|"
    r"(?i:\b(?:ask|asked|ping|pinged|cc|bcc|dear|hi|hello|hey|thanks|thank you|attn|with|talked to|spoke to|"
    # greetings and addresses in other languages: "Hola Xóchitl", "Olá Conceição", "Liebe Jördis"
    r"hola|ol\x7f|hallo|bonjour|salut|ciao|hej|hei|ahoj|merhaba|moin|servus|gr\x7fezi|liebe|lieber|querid[oa]|"
    # (a Spanish or Portuguese salutation's title: `Estimado Sr. Gil`, `Prezada Sra. Lima`)
    r"(?:estimad[oa]|prezad[oa]|querid[oa])(?:[ \t]+(?-i:Sra?|Srta)\.)?|"
    r"gentile|cher|ch\x7fre|gracias|obrigad[oa]|merci|danke|grazie|dzi\x7fkuj\x7f|"
    # handing work or credit to someone: "assigned to X", "thanks to X"
    r"(?:re)?assigned to|handed (?:it )?(?:over )?to|escalated to|(?:thanks|thank you|kudos|credit) to|"
    r"from:|to:|reviewer|assignee|author|owner|contact(?:[ \t]+person)?|point of contact|ansprechpartner(?:in)?|"
    r"signed|regards|cheers|sincerely|"
    # people named by their relation to the writer: "my colleague X", "our manager X"
    r"colleagues?|co-?workers?|teammates?|manager|boss|mentor|intern|landlord|neighbou?r|recruiter|"
    r"(?:my|our|his|her)[ \t]+(?:friend|wife|husband|partner|son|daughter|brother|sister|lead|client)|"
    r"(?:reviewed|signed-off|co-authored|acked|reported|tested|suggested|helped|approved|authored|written|"
    r"commented|created|opened|closed|merged|edited|posted|submitted|raised|filed|requested|assigned|owned|"
    r"maintained|led|managed|updated|modified|fixed)[ -]by|"
    r"laut|according to|per|"
    # a name announced: "their full name is X", "my name is X", "the user is X" (checked for a
    # name's shape: see _WEAK_CUE), "name ye hai X" (Hinglish)
    r"(?:(?:my|his|her|their|your|full|legal|real)[ \t]+name|(?:user|customer|patient|client|caller|person)[ \t]+is)"
    # (a dash between, spaced: "full name — X"; unspaced the DEL is the name's own first letter, Þórunn)
    r"(?:[ \t]+(?:is|was|ye hai|hai))?(?:[ \t]+\x7f[ \t]+\\?\"?)?|"
    # a self-introduction: "I'm Kwame Mensah from the platform team" (a weak cue too)
    r"i'm|i am|"
    # a name label in other languages, its colon required ("nom" and "naam" are words too)
    r"(?:nombre|nom|nome|naam|navn|namn|nimi|imi\x7f|isim|ad soyad)[ \t]*:|"
    # a form's role label for a person, its colon required: "Pupil: X", "Tenant: X" (a weak cue)
    # (not `tenant`, `guest`, `student`, `recipient`: they label organisations, networks and models too)
    r"(?:patient|pupil|applicant|passenger|addressee|consignee|guardian)[ \t]*:|"
    # (a membership's, a claim's and a report's person, and an emergency contact line: `Member: X`,
    # `Policyholder: X`, `Complainant: X`, `In case of emergency: X, <number>`; not `Guest: X`, a VM's too)
    r"(?:member|policy[ \t]?holder|insured|claimant|complainant|reporting[ \t]+person|"
    # (a transaction's parties on a form, by the head noun of their label: `Account holder: X`, `Buyer: X`)
    r"(?:account[ \t]+)?holder|payer|payee|buyer|seller|beneficiary|taxpayer|"
    # (a court document's parties, the designations of a pleading's caption; a land register's owner,
    # HM Land Registry's and the Torrens registers' `Proprietor(s)`; a postal customs form's sender,
    # UPU CN 22/23's field; a rental agreement's or a motor policy's named driver, not `Driver:` alone,
    # a device's driver)
    r"petitioner|respondent|plaintiff|defendant|(?:registered[ \t]+)?proprietor(?:\(s\)|s)?|sender|"
    # (a lease's parties: `Tenant: X`, `Lessee: X`)
    r"tenant|lessee|lessor|occupant|"
    r"(?:additional|main|second|named)[ \t]+driver|"
    r"in[ \t]+case[ \t]+of[ \t]+emergency)[ \t]*:|"
    # (a booking's holder: `Reservation for X`, `booked for X`; a person's test as for the form roles)
    r"(?:reservation|booking|reserved|booked)[ \t]+for|"
    # Indonesian and Malay: "tolong kabari X", "hubungi X", "tanya ke X"
    r"kabari|hubungi|tanya(?:kan)?(?:[ \t]+ke)?|"
    # a chat log's speaker: "[10:42] First Last: …"
    r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp][Mm])?\]|"
    # a title: "Dr. Ngozi Okafor", "Ms Chen", "Frau Kästner", "Mme N'Diaye", "Sra. Villaseñor"
    # (short ones that are also words or abbreviations only with their dot: `Sr.`, `Ing.`, `M.`)
    # (Indian honorifics Shri, Shrimati, Smt; Spanish Don / Doña abbreviated after Sr./Sra.: `Sr. D.`)
    r"(?-i:(?:Mr|Mrs|Ms|Mx|Dr|Prof|Herr|Frau|Mme|Mlle|Mevr|Dhr|Sra|Srta|Fru|Shri|Shrimati|Smt)\.?|"
    r"(?:Sr|Sra)\.[ \t]+(?:D|D\x7fa|Dna)\.|"
    # (not `Sr.`: "Sr. Engineer" is a senior's role more often than a señor)
    # (`M. ` with its space: "Elad, M., Efficient Implementation" is a citation's initial)
    r"(?:Hr|Fr|Sig|Dott|Ing)\.|(?:M\.|Do\x7fa|Dona|Pani)[ \t]|"
    # (forms of address of more languages, each before the name: Italian `Sig.ra`/`Sig.na` (no dot
    # after the suffix), Polish `Panie` (not `Pan`, `Pana`: `Pan Am`, `Pana Systems`), Turkish `Sayın`,
    # Vietnamese pronouns of address `Ông`/`Bà`/`Anh`/`Chị` (capitalised; the name after them in its
    # own order, family name first); Spanish/Portuguese `Sr.`/`Sra.` only after a salutation above,
    # `Estimado Sr. Gil`: alone it is a senior's role as often, `Sr. Software Engineer`)
    r"(?:Sig\.(?:ra|na)|Panie|Say(?:\x7f|i)n|B\x7f|Ch\x7f|Anh)[ \t])))"
    r"(?:[ \t]*:(?:\*\*?|__?)?|[ \t]+(?i:is|was))?[ \t]*,?[ \t]*(?:\r?\n[ \t]*)?)"
    rf"({_FULL}|{_NW})"
)
# a form's person labels that name groups, tiers and parties as often (`Member: Domain Admins`,
# `Claimant: Third Party`): the value must read as a person's cell (`person_cell`: no
# everyday word) or hold a listed or non-ASCII name word, and no plural of an everyday noun
_FORM_ROLE_CUES = (
    "member", "policyholder", "policy holder", "insured", "claimant", "complainant", "reporting person",
    "in case of emergency", "reservation for", "booking for", "reserved for", "booked for",
    "account holder", "holder", "payer", "payee", "buyer", "seller", "beneficiary", "taxpayer",
    "petitioner", "respondent", "plaintiff", "defendant", "registered proprietor", "proprietor", "sender",
    "tenant", "lessee", "lessor", "occupant",
    "additional driver", "main driver", "second driver", "named driver",
)  # fmt: skip
# the cues above that also introduce things ("the client is Apache Kafka"): a name after them must
# have a name's shape; the form roles are among them (one list, so a role added there is a cue here)
_WEAK_CUES = (
    "my name", "his name", "her name", "their name", "your name", "full name", "legal name", "real name",
    "i'm", "i am", "user is", "customer is",
    "patient is", "client is", "caller is", "person is", "nombre", "nom", "naam", "navn", "namn",
    "nimi", "imi", "isim", "ad soyad", "kabari", "hubungi", "tanya",
    "patient", "pupil", "applicant", "passenger", "addressee", "consignee", "guardian",
    *_FORM_ROLE_CUES,
)  # fmt: skip
_BOOKING_CUES = ("reservation for", "booking for", "reserved for", "booked for")
# the weak cues that announce a person's name as such ("my name is X", "full name: X"; not `legal
# name`, a company's registered name as often): a name's shape is enough, an agent noun's `-er`
# ending too (Nasser, Sommer, Fischer); the other English endings still refuse (`Load Balancing`)
_ANNOUNCING_CUES = ("my name", "his name", "her name", "their name", "your name", "full name", "real name")
# a key naming a person's role (JSON, YAML, env), its quotes possibly JSON-escaped: "assignee": "X"
# (npm's documented `init-author-name` config; Debian devscripts' `DEBFULLNAME` (dch(1)); an env
# variable whose last words name a person's name: `SUPPORT_CONTACT_NAME`, `SEED_OWNER_FULL_NAME`)
_PERSON_KEYS = (
    r"[A-Za-z0-9_]*_(?:contact|full|author|owner)_?name|author[_-]name|debfullname|"
    r"author|full[_ ]?name|display[_ ]?name|user\.name|git_author_name|git_committer_name|owner[_ ]?name|"
    r"customer(?:[_ ]?name)?|patient(?:[_ ]?name)?|employee(?:[_ ]?name)?|contact[_ ]?name|signed by|first[_ ]?name|"
    r"last[_ ]?name|"
    r"assignee|owner|reviewer|reporter|approver|requester|requested_by|maintainer|creator|created_by|"
    r"updated_by|on_?call|contact|person|surname|given_?name|family_?name|middle_?name|nombre|apellidos?|vorname|"
    r"nachname|pr\x7fnom|prenom|sobrenome|cognome"
)
# ... or an XML/HTML element of that name, its attributes and its brackets possibly escaped:
# <author>X</author>, <dc:creator>X, <maintainer email="…">X, &lt;owner&gt;X
_KEYED_NAME = Rx(
    # (a person object's name member: `"author": {"name": "X"}`, `assignee: {displayName: X}`)
    # (a report's dot leaders are a separator too: `owner ........ X`; and a Ruby DSL's block,
    # `display_name { "X" }`; a REST finder's path, `/customers/by-full_name/X`)
    rf"(?:(?i:by[-_](?:{_PERSON_KEYS}))/|"
    rf"(?i:\b(?:{_PERSON_KEYS}))(?:[ \t]+\{{[ \t]*\\?[\"']|\\?[\"']?[ \t]*(?:[:=]|\.{{4,}}))[ \t]*"
    r"(?:\{[ \t]*\\?[\"']?(?:(?i:name|display_?name|full_?name)|S)\\?[\"']?[ \t]*:[ \t]*)?\\?[\"']?|"
    rf"(?i:(?:<|&lt;)(?:[a-z]{{1,12}}:)?(?:{_PERSON_KEYS}))(?:[ \t][^<>\n]{{0,80}})?(?:>|&gt;)[ \t]*)"
    rf"({_FULL}|{_NW})"
)
# Sign-offs: "Thanks,\nFirst Last", "--\nFirst Last" at a line start.
# (the sign-off may follow a log prefix, `… ERROR [worker-5] Best regards,`, and its line break may
# be a JSON-escaped `\n`)
_SIGNOFF = Rx(
    # (a log prefix may end before the sign-off word: a timestamp's `Z `, a compose service's `| `)
    r"(?m)(?i:(?:^|[\]>:|][ \t]+|\"|(?-i:\d\dZ)[ \t]+)[ \t]*"
    r"(?:thanks|thank you|many thanks|cheers|best|best regards|kind regards|regards|"
    r"sincerely|br|all the best|--)[ \t]*[,!.]?[ \t]*(?:\r?\n|\\n)[ \t]*"
    # (the name's line may carry the same log prefix: a timestamp, a compose service's `api-1  | `)
    r"(?:\d{4}-\d\d-\d\dT[0-9:.]{8,18}Z?[ \t]+|[A-Za-z0-9_.-]{1,30}[ \t]+\|[ \t]+)?)"
    rf"({_FULL}|{_NW})[ \t]*(?:$|[|<\"]|\\n)"
)


def _words(text: str) -> frozenset[str]:
    """A word list written as one string (it reads better than a list literal)."""
    return frozenset(text.split())


# Capitalised words that start sentences or name products, teams and roles, never people.
_NOT_NAME_WORDS = _words(
    "The A An This That These Those It Its We You They He She I Me My Our Your Their Us Them All Any Some "
    "Who Whom Whose What Which Where When Why How And Or But Nor Not If Then So Yet "
    "Team Teams Everyone Everybody Folks Guys Gang Friends There Here Thanks Thank Please Sorry Yes No Ok Okay "
    "Mr Mrs Ms Mx Dr Prof Herr Frau Mme Mlle Sra Srta Sr Senor Senora Monsieur Madame Signor Signora Dott "
    "Hi Hello Hey Dear Best Regards Cheers Monday Tuesday Wednesday Thursday Friday Saturday Sunday Today "
    "Tomorrow Yesterday January February March April May June July August September October November "
    "December Claude Code Codex Opus Sonnet Haiku Desktop Instant Pro ChatGPT Copilot Gemini Cursor Assistant "
    "Bot Agent Model GitHub GitLab Git "
    "Google Microsoft Amazon Apple Meta Docker Kubernetes Python Java JavaScript TypeScript Rust Go Node "
    "React Linux Windows Mac Slack Jira Cloud Studio Visual Pull Request Issue Bug Review Update Support "
    "Security Admin Service Server Client Api Ci Cd Dev Prod Staging Main Master Branch Repo Project Product "
    "Sales Engineering Design Marketing Legal Finance Ops Infra Platform Backend Frontend Data Mobile Web "
    "Customer Customers User Users Manager Lead Owner Director Board Group Company Inc Ltd Llc Corp Error "
    "Warning Info Debug Note Todo Fixme Step Test Tests Build Deploy Release Version Config File Files New "
    "Old Next Last First Final Draft Section Chapter Part Page Table Figure Example See Also And Or But Not "
    "If When Then Else For While With Without From To By On In At Of As Is Are Was Were Be Been Has Have "
    "Had Do Does Did Can Could Will Would Should Must May Might Shall Let Run Use Add Fix Make Set Get Put "
    "Check Merge Open Close Start Stop Ask Ping Call Send Mail Email Message Chat Meeting Sync Standup "
    # developer products and their parts (no common surname among them): "ask Stack Overflow"
    "Overflow Boot Engine Services Hub Docs Actions Pipeline Pipelines Compose Registry Console Portal "
    "Workspace Notebook Native Toolkit Framework Gateway Functions Lambda Kafka Terraform Ansible Grafana "
    "Prometheus Sentry Vercel Netlify Heroku Firebase Supabase Jupyter Chrome Firefox Xcode Android Kotlin "
    "Django Flask Rails Vue Angular Svelte Nginx Tomcat Maven Gradle Webpack Vite Babel Jest Pytest "
    "Confluence Bitbucket Trello Notion Figma Outlook Postgres Mongo Redis Elasticsearch Kibana Airflow"
)


# a contract's party by their residence (`… and X Y, residing at …`): read by `_NAME_BEFORE_VERB` and,
# after a name it found, by `_RESIDING`
_RESIDING_AT = r",[ \t]+(?:residing|domiciled|resident)[ \t]+(?:at|in)\b"
# A full name (two or more name words) as the subject of a verb of communication or review:
# "Hiroshi Yamamoto said", "Kwame Mensah approved it". One word alone never ("Docker said").
_NAME_BEFORE_VERB = Rx(
    # (a role or pronouns in brackets may stand between them: "Kwame Mensah (PM) asked")
    # (a display name may be quoted: `"Thuy Pham" <tpham@…>`)
    rf"(?:^|[^A-Za-z0-9_\x7f'.-])({_FULL})(?:\\?\")?"
    # (a contract's party by their residence, `… and X Y, residing at …`: only a person resides)
    rf"(?:{_RESIDING_AT}|"
    r"[ \t]+(?:\(([^()\n]{1,30})\)[ \t]+)?"
    r"(?:(?:said|says|wrote|writes|mentioned|asked|suggested|approved|"
    r"reported|commented|replied|noted|confirmed|explained|emailed|messaged|pinged|merged|reviewed|"
    r"thinks|thought|agreed|promised|wants|needs|"
    # change: "Hiroshi Yamamoto changed it", "Ana da Silva rotated the key"
    r"changed|updated|fixed|broke|deployed|pushed|reverted|rotated|reset|added|removed|deleted|created|"
    r"opened|closed|filed|assigned|migrated|shipped|told|sent|shared|posted|owns|handles|knows|committed|"
    r"commented|requested)\b|"
    # a mailbox's display name: "Kwame Mensah <kwame@…>", "(kwame@…)" (headers, trailers, quoted replies)
    r"[<(][A-Za-z0-9._%+-]{1,64}@))"
)
_RESIDING = re.compile(_RESIDING_AT)
_NAME_IN_CONTEXT = Rx(
    "(?m)(?:"
    + _NAME_CONTEXT.pattern
    + ")|(?:"
    + _KEYED_NAME.pattern
    + ")|(?:"
    + _SIGNOFF.pattern.removeprefix("(?m)")
    + ")|(?:"
    + _NAME_BEFORE_VERB.pattern
    + ")"
)


def _mark(c: str) -> bool:
    """A combining mark: a tone or a dot written as its own character (Yoruba `ọ̀`), part of its letter."""
    return "\u0300" <= c <= "\u036f" or "\u1dc0" <= c <= "\u1dff"


def _cased_end(text: str, start: int, end: int) -> int:
    """The end of a name run without its trailing uncased words: `Tsegaye Bekele 確認お願いします`
    (the fold reads another script's text as one more capitalised word), nor the punctuation of
    another script glued to its last word (`García-Ruiz،`: the fold read the Arabic comma as a letter),
    nor anything from a word of no letter on (`Ana Sousa · Line: …`: the fold read a middle dot, a
    dash or a bullet standing alone as a word of another script, and a name's every word holds a letter)."""
    pos = start
    while pos < end:
        cut = text.find(" ", pos, end)
        word_end = end if cut < 0 else cut
        if pos > start and pos < word_end and not any(c.isalpha() for c in text[pos:word_end]):
            end = pos - 1
            while end > start and text[end - 1] == " ":
                end -= 1
            break
        pos = word_end + 1
    while True:
        cut = text.rfind(" ", start, end)
        if cut < 0 or text[cut + 1 : cut + 2].isupper() or text[cut + 1 : cut + 2].isascii():
            break
        end = cut
    while end > start + 1 and not text[end - 1].isascii() and not text[end - 1].isalpha() and not _mark(text[end - 1]):
        end -= 1
    return end


# an action item's owner: "- Kovács Péter to rotate the DB creds" (a bullet, a full name, `to` + verb;
# the line break may be JSON-escaped)
_ACTION_ITEM = Rx(rf"(?m)(?:^|\\n|&#10;)[ \t]*[-*][ \t]+({_FULL})[ \t]+to[ \t]+[a-z]{{2,20}}\b")


# under an action-item list's header, a bullet's "X Y to verb" names its owner: "Action items:\n-
# Giorgi Beridze to rotate …" (a bullet that is itself a task starts with its verb: see _TASK_VERBS)
_ACTION_HEADER = re.compile(
    # (meeting notes' "Action items" name owners; a to-do list's bullets are tasks: "- Wire Webhooks to …")
    r"(?i)action items?[^\n\\]{0,40}?[ \t]*:?[ \t]*(?:\\n|&#10;|\r?\n)"
)


def _under_action_header(text: str, start: int) -> bool:
    return _ACTION_HEADER.search(text, max(0, start - 240), start) is not None


_TASK_VERBS = _words(
    "add bump move rename set switch convert migrate change point pin upgrade downgrade map redirect send push "
    "copy deploy save write export import port link attach assign scale roll revert apply extend limit update "
    "upload download fix make get put check merge open close start stop run use test build release remove "
    "delete drop raise lower increase decrease reduce shorten lengthen refactor split join rewrite document "
    "note ask tell reach escalate hand forward return restore reset rotate renew expand shrink cap tie bind"
)


def _runs_into_placeholder(text: str, end: int) -> bool:
    """Whether a name run goes on into a placeholder (`María [REDACTED:person_name:…]`): the pass that
    made it judged the run whole, words now replaced included, and kept this part; judging the
    shorter run again would find what that pass did not (not idempotent). Only a name's or an
    address's placeholder continues a name run (a street's capitalised words went on from the name:
    `Ana Lima<TAB>Strada Lipscani 12`); before an email's or any other kind's, the name stands alone."""
    pos = end
    while text[pos : pos + 1] in (" ", "\t"):
        pos += 1
    return pos > end and text.startswith(("[REDACTED:person_name:", "[REDACTED:address:"), pos)


def _name_words_ok(value: str, single_needs_list: bool) -> bool:
    firsts, _ = _name_lists()
    words = [w for w in value.replace("\t", " ").split(" ") if w]
    core = [w for w in words if w[0].isupper() and not (len(w) == 2 and w[1] == ".")]
    # (in a run with a non-ASCII letter after its first word, "Nguyễn Văn An", the later words
    # are no English: "An" there is a given name, not the article)
    foreign = len(core) >= 3 and not "".join(core[1:]).isascii()
    if not core or any(w.rstrip(".") in _NOT_NAME_WORDS for w in (core[:1] if foreign else core)):
        return False
    if len(core) >= 2 and core[-1].lower() in GROUP_WORDS:
        return False  # `Acme Maintainers`, `Gizmo Developers`, `Billing Team`: a group, no one's name
    for w in core:  # the DEL of the fold stood for some non-ASCII character: it must be a letter
        if not all(c.isalpha() or c in "'-." or c == "\u2019" or _mark(c) for c in w) or not w[0].isupper():
            return False
        if w.isupper():
            return False  # ACRONYMS
    if len(core) == 1 and single_needs_list:
        return core[0] in firsts
    return True


def _name_pairs(text: str, r0: int, r1: int) -> Iterator[tuple[int, int, int, int]]:
    """(first start, first end, surname start, surname end) of adjacent capitalised words of a run,
    a middle initial or particles (van der, de la) allowed between them. A run of more than three
    capitalised words is a title ("Tai Tham Vowel Sign"): its pairs must both be listed, which the
    caller's lists check cannot tell, so such runs give no pairs with an unlisted surname."""
    words: list[tuple[int, int]] = []
    pos = r0
    for token in text[r0:r1].replace("\t", " ").split(" "):
        a, b = pos, pos + len(token)
        pos = b + 1
        while a < b and not text[a].isalpha():
            a += 1  # "…Laura": the fold's DEL stood for punctuation
        while b > a + 1 and not text[b - 1].isalpha() and not (b - a == 2 and text[b - 1] == "."):
            b -= 1
        words.append((a, b))
    # (a placeholder beside the run counts as the word it replaced: redaction stays idempotent)
    if words and r0 > 0 and (text[r0 - 1].isalnum() or text[r0 - 1] in "_]"):
        words.pop(0)  # "iPhone Pro": the run began inside a word
    if words and r1 < len(text) and (text[r1].isalnum() or text[r1] == "_" or text.startswith("[REDACTED:", r1)):
        words.pop()  # "Garcia2": the run ends inside a token
    # (a token of punctuation alone, "——", is trimmed to nothing: it ends no pair and starts none)
    caps = [(a, b) for a, b in words if a < b and text[a].isupper() and not (b - a == 2 and text[b - 1] == ".")]
    _, lasts = _name_lists()
    long_run = len(caps) > 3
    for i, (s0, e0) in enumerate(words):
        if e0 - s0 < 2 or not text[s0].isupper() or text[e0 - 1] == ".":
            continue
        j = i + 1
        if j < len(words) and words[j][1] - words[j][0] == 2 and text[words[j][1] - 1] == ".":
            j += 1  # a middle initial
        while j < len(words) and text[words[j][0] : words[j][1]] in _RUN_PARTICLES:
            j += 1
        if j >= len(words):
            continue
        s1, e1 = words[j]
        pair = text[s0:e0] + text[s1:e1]
        if e1 <= s1 or not text[s1].isupper() or not all(c.isalpha() or c in "'-" or _mark(c) for c in pair):
            continue  # a lowercase non-ASCII initial (über) or a non-letter the fold hid (—)
        if long_run and text[s1:e1] not in lasts:
            continue
        yield s0, e0, s1, e1


def _person_like(words: list[str]) -> bool:
    """Some word is a listed first or last name, or has a shape only names have: a non-ASCII
    letter, Mc/Mac/O' before a capital, a hyphenated pair of capitals or a particle (van, de)."""
    firsts, lasts = _name_lists()
    for w in words:
        if w in firsts or w in lasts or w in _RUN_PARTICLES or not w.isascii():
            return True
        if any(w.startswith(p) and w[len(p) : len(p) + 1].isupper() for p in ("Mc", "Mac", "O'")):
            return True
        if "-" in w and w.split("-")[-1][:1].isupper():
            return True
    return False


# the Vietnamese pronouns of address the context's fold reads as `\x7fng`, `B\x7f`, `Ch\x7f` (any letter
# stands for the DEL): the original must spell one of them
_VI_FOLDED = re.compile(r"(?:\w?ng|B\w|Ch\w)[ \t]")
_VI_TITLE = re.compile(r"(?:Ông|Bà|Chị)[ \t]")
# abbreviated titles the context takes for a name's first word when a greeting stands before them
# (`Gentile Sig.ra Rossi`, `Guten Tag Hr. Wagner`): the search resumes there, so the title is read as one
_TITLE_WORDS = _words("Sig Dott Ing Hr Fr Sr Sra Srta Say\u0131n Panie Pani")


def _context_matches(text: str) -> Iterator[tuple[tuple[int, int], ...]]:
    """The name-context matches; when the word taken as the name is itself a greeting or another
    non-name word ("Hey, Thanks, Kenji Okafor"), the search resumes at that word, so the context it
    starts is seen too."""
    pos = 0
    while True:
        for m in _NAME_IN_CONTEXT.finditer(text, pos):
            s0, e0 = next((g for g in m[1:] if g[0] >= 0), m[0])
            if m[1][0] >= 0 and s0 > 0 and text[s0 - 1].isalpha():
                # (a cue glued to a capitalised word is a camel-case key, `contactName`: read as a
                # role key's value, `"contactName": "X"`, when it is one)
                keyed = next(_KEYED_NAME.finditer(text, m[0][0], min(len(text), m[0][0] + 200)), None)
                if keyed is not None and keyed[0][0] == m[0][0]:
                    yield (keyed[0], (-1, -1), keyed[1], (-1, -1), (-1, -1), (-1, -1))
                    pos = keyed[0][1]
                    break
            yield m
            first = text[s0:e0].split(" ", 1)[0].rstrip(",.:")
            if first in _NOT_NAME_WORDS or first in _TITLE_WORDS:
                pos = max(s0, m[0][0] + 1)
                break
        else:
            return


# Names in other scripts (Han, Hangul, kana, Cyrillic, Arabic, Hebrew, Greek), read in the original
# text behind a non-ASCII test: after a role label in that script or in English (`담당자:`,
# `Reported-by:`, `merged by`, `"displayName": "`), or before an honorific (`さん`, `様`, `씨`, `님`).
# (Python `re`: bounded runs, no nested quantifiers, so linear time.)
_NATIVE_NAME_WORD = (
    r"[\u4e00-\u9fff]{2,4}|[\uac00-\ud7a3]{2,4}|[\u30a1-\u30fa\u30fc]{2,10}(?:[ \u30fb][\u30a1-\u30fa\u30fc]{2,10})?|"
    # (Cyrillic of every language: Serbian Ј, Ћ, Mongolian Ө, Ү; a hyphenated given name, Бат-Эрдэнэ)
    r"[\u0400-\u042f\u0460-\u04fe][\u0430-\u045f\u0460-\u04ff]{1,20}(?:-[\u0400-\u042f][\u0430-\u045f\u0460-\u04ff]{1,20})?"
    r"(?:[ \t]+[\u0400-\u042f\u0460-\u04fe][\u0430-\u045f\u0460-\u04ff]{1,20}){1,2}|"
    # Georgian, Ethiopic and Myanmar (no case: a given name and a family name, or Myanmar's one run)
    r"[\u10d0-\u10fa]{2,15}(?:[ \t]+[\u10d0-\u10fa]{2,15}){1,2}|"
    r"[\u1200-\u135a]{2,12}(?:[ \t]+[\u1200-\u135a]{2,12}){1,2}|"
    r"[\u1000-\u102a][\u1000-\u103f\u1050-\u109f]{2,24}(?:[ \t]+[\u1000-\u102a][\u1000-\u103f\u1050-\u109f]{2,24})?|"
    # Arabic script, Persian and Urdu letters too (پ چ ژ ک گ ی)
    r"[\u0620-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]{2,15}"
    r"(?:[ \t]+[\u0620-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]{2,15}){1,2}|"
    # Armenian (capitals then small letters), and scripts without case whose words are letters and
    # vowel signs: Bengali, Telugu, Tamil, Sinhala, Khmer (two words: a given name and a family name)
    r"[\u0531-\u0556][\u0561-\u0587]{1,20}(?:[ \t]+[\u0531-\u0556][\u0561-\u0587]{1,20}){1,2}|"
    r"[\u0985-\u09b9][\u0980-\u09ef]{1,15}(?:[ \t]+[\u0985-\u09b9][\u0980-\u09ef]{1,15}){1,2}|"
    r"[\u0c05-\u0c39][\u0c00-\u0c6f]{1,15}(?:[ \t]+[\u0c05-\u0c39][\u0c00-\u0c6f]{1,15}){1,2}|"
    r"[\u0b85-\u0bb9][\u0b80-\u0bef]{1,15}(?:[ \t]+[\u0b85-\u0bb9][\u0b80-\u0bef]{1,15}){1,2}|"
    r"[\u0d85-\u0dc6][\u0d80-\u0df4]{1,15}(?:[ \t]+[\u0d85-\u0dc6][\u0d80-\u0df4]{1,15}){1,2}|"
    r"[\u1780-\u17b3][\u1780-\u17dd]{1,15}(?:[ \t]+[\u1780-\u17b3][\u1780-\u17dd]{1,15}){1,2}|"
    r"[\u05d0-\u05ea]{2,15}(?:[ \t]+[\u05d0-\u05ea]{2,15}){1,2}|"
    r"[Α-Ω][α-ωά-ώ]{1,20}(?:[ \t]+[Α-Ω][α-ωά-ώ]{1,20}){1,2}|"
    # Devanagari (Hindi, Marathi, Nepali): letters and their vowel signs
    r"[\u0904-\u0939\u0958-\u0961][\u0900-\u0963]{1,15}"
    r"(?:[ \t]+[\u0904-\u0939\u0958-\u0961][\u0900-\u0963]{1,15}){1,2}|"
    # Thai: no capitals, a given name and a surname of consonants and vowel signs
    r"[\u0e01-\u0e2e][\u0e01-\u0e4e]{1,20}(?:[ \t]+[\u0e01-\u0e2e][\u0e01-\u0e4e]{1,20})?"
)
_NATIVE_LABELS = (
    r"담당자|작성자|보고자|担当者?|作成者|報告者|负责人|負責人|联系人|聯絡人|作者|报告人|經手人|"
    r"ответственный|исполнитель|автор|отправитель|المسؤول|המטפל|"
    # a name label: 姓名, 氏名, 名前, 이름, 성명, ชื่อ, Имя, ФИО, الاسم, שם, Όνομα, नाम
    r"姓名|氏名|名前|이름|성명|ชื่อ(?:-นามสกุล)?|[Ии]мя|ФИО|الاسم|اسم|שם|Όνομα|नाम"
)
_NATIVE_RUN = re.compile(_NATIVE_NAME_WORD)
# what stands right before a name: a label in its script or in English, a `by`, a name key
_NATIVE_BEFORE = re.compile(
    rf"(?:(?:{_NATIVE_LABELS})[ \t]*[:：][ \t]*"
    r"|(?i:(?:reported|reviewed|signed-off|co-authored|acked|tested)-by|from|assignee|author|owner|reviewer)"
    r"[ \t]*:[ \t]*"
    r"|(?i:(?:merged|reviewed|reported|approved|created|opened|closed|assigned|written|fixed)[ \t]+by)[ \t]+"
    r"|(?i:display_?name|full_?name|author|assignee|owner)\\?[\"']?[ \t]*:[ \t]*\\?[\"']"
    # a record's person key as code writes it: `ownerName: '…'`, `owner_name = "…"`, a bind list's
    # `["owner_name", "…"]` (Rails), a key then dot leaders (`person ...... X`)
    r"|(?i:(?:owner|customer|patient|contact|display|full|person|user|account_?holder)_?name|person)"
    r"(?:\\?[\"']?[ \t]*[:=][ \t]*\\?[\"']?|\\?[\"'][ \t]*,[ \t]*\\?[\"']|[ \t]*\.{4,}[ \t]*)"
    # a name announced in English or by a Latin label: "their full name is 山田太郎", "the user is
    # محمد العلي", "full name — \"Ελένη …\"", "Name: 김민준"
    r"|(?i:(?:my|his|her|their|your|full|legal|real)[ \t]+name(?:[ \t]+(?:is|was|ye hai|hai))?"
    r"|(?:user|customer|patient|client|caller|person)[ \t]+is|kabari|hubungi)[ \t]*[\u2014\u2013:-]?[ \t]*[\"'“«]?"
    r"|(?i:\bname|nombre|nom|nome|naam|imię)[ \t]*:[ \t]*[\"'“«]?"
    # a log's user field (`login ok user="…"`), the account asked about (`with name …`), a thanks
    r"|(?i:\buser(?:_?name)?)=\\?[\"']|(?i:with[ \t]+(?:the[ \t]+)?name)[ \t]+|(?i:\bthanks|thank[ \t]+you),?[ \t]+"
    # a letter's formal address: Russian "Уважаемый", Ukrainian "Шановний" (dear)
    r"|(?:[Уу]важаем(?:ый|ая|ые)|[Шш]анов(?:ний|на|ні))[ \t]+"
    # a signature line's dash: "— 山田太郎"
    r"|(?:^|\n)[ \t>]*[\u2014\u2013][ \t]*)$"
)
_HONORIFIC = re.compile(r"[ \t]*(?:さん|様|氏|씨|님)")
# a letter's formal address opening a Cyrillic run (Russian "Уважаемый", Ukrainian "Шановний": dear)
_DEAR_FIRST = re.compile(r"(?:Уважаем(?:ый|ая|ые)|Шанов(?:ний|на|ні)|Дорог(?:ой|ая))[ \t]+(?=\S)")
# Chinese titles after a name (先生 Mr, 女士 Ms, 小姐 Miss, 老师 teacher): a Han run may run into them
_HAN_TITLES = ("先生", "女士", "小姐", "老师", "老師")
# a romanised Japanese honorific glued to a Latin name: `Sato Haruto-san`, `Tanaka-sensei`
_ROMAJI_HONORIFIC = Rx(
    r"(?:^|[^A-Za-z0-9_\x7f'-])((?:[A-Z][a-z]{1,20}[ \t]+)?[A-Z][a-z]{1,20})-(?:san|sama|kun|chan|sensei|senpai)\b"
)
# (after a label in its own script, a Latin-script name too, diacritics and all: `담당자: Shlomo
# Ben-David`, `作者: Dương Minh Châu`; or before an honorific: `Trần Thị Hoa さん`)
_LATIN_WORD = r"[A-ZÀ-ÖØ-ÞĀ-ȳḀ-ỿ][a-zß-öø-ÿĀ-ȳḀ-ỿ'’]{1,20}"
_LATIN_NAME = rf"{_LATIN_WORD}(?:[ -]{_LATIN_WORD}){{1,3}}"
_NATIVE_LATIN = re.compile(rf"(?:{_NATIVE_LABELS})[ \t]*[:：][ \t]*({_LATIN_NAME})")
_LATIN_HONORIFIC = re.compile(rf"(?<![\w-])(?<!\w')({_LATIN_NAME})[ \t]*(?:さん|様|氏|씨|님)")
# (`担当者?` is a pattern: its optional letter dropped, so the literal search finds `担当`)
_NATIVE_LABEL_WORDS = tuple(w.rstrip("?") for w in _NATIVE_LABELS.split("|"))
# one character-class scan says whether a text holds any of these scripts at all
_SCRIPT_CHAR = re.compile(
    r"[\u4e00-\u9fff\uac00-\ud7a3\u30a1-\u30fa\u0400-\u04ff\u0620-\u06cc\u05d0-\u05ea\u0391-\u03c9\u0904-\u0939"
    r"\u0531-\u0556\u0985-\u09b9\u0c05-\u0c39\u0b85-\u0bb9\u0d85-\u0dc6\u1780-\u17b3\u10d0-\u10fa\u1200-\u135a"
    r"\u1000-\u102a"
    r"\u3055\u69d8\u6c0f\uc528\ub2d8\u0e01-\u0e2e]"
)


def _latin_name_ok(value: str) -> bool:
    """No word of the run is a listed non-name word (`Pull Request さん` is no one); past a first
    word, only in an ASCII run (`Nguyễn Văn An`: "An" is a given name there)."""
    words = re.split(r"[ -]", value)
    checked = words[:1] if not "".join(words[1:]).isascii() else words
    return not any(w in _NOT_NAME_WORDS for w in checked)


# a signature line: "— Kwame Mensah", "– Đặng Thị Hân" alone on its line (a quote's attribution too)
_DASH_SIGNATURE = re.compile(rf"(?m)^[ \t>]*[\u2014\u2013][ \t]*({_LATIN_NAME})[ \t]*\r?$")


def _native_name_spans(text: str) -> Iterator[Span]:
    """Each run of a script's name shape, kept when a label stands right before it or an honorific
    right after it (candidates are the script's runs: no scan of the text per label)."""
    if "\u2014" in text or "\u2013" in text:
        for m in _DASH_SIGNATURE.finditer(text):
            words = m.group(1).split()
            # ("— Known Issues" heads a section: a listed name or a name-only letter, not a shape alone)
            if _name_shaped(words) and _person_like(words) and _name_words_ok(m.group(1), single_needs_list=True):
                yield Span(*m.span(1), "person_name")
    first = _SCRIPT_CHAR.search(text)
    if first is None:
        return
    for m in _NATIVE_RUN.finditer(text, first.start()):
        a, b = m.span()
        if _NATIVE_BEFORE.search(text[max(0, a - 40) : a]) or _HONORIFIC.match(text, b):
            yield Span(a, b, "person_name")
        elif (dear := _DEAR_FIRST.match(text, a, b)) is not None and " " in text[dear.end() : b]:
            # (two words after it: a given name and a patronymic or surname; "Уважаемые Коллеги" is no one)
            yield Span(dear.end(), b, "person_name")  # (the run began with the address: Уважаемый Иван Петров)
        elif "\u4e00" <= text[a] <= "\u9fff":
            title = min((p for t in _HAN_TITLES if (p := text.find(t, a + 2, b + 2)) >= 0), default=-1)
            if title >= 0:
                yield Span(a, title, "person_name")  # (刘德明先生: the run took the title's first character)
    if any(w in text for w in _NATIVE_LABEL_WORDS):
        for m in _NATIVE_LATIN.finditer(text):
            if _latin_name_ok(m.group(1)):
                yield Span(*m.span(1), "person_name")
    if any(h in text for h in ("さん", "様", "氏", "씨", "님")):
        for m in _LATIN_HONORIFIC.finditer(text):
            if _latin_name_ok(m.group(1)):
                yield Span(*m.span(1), "person_name")


# a listing's name column right after an e-mail column (`ana@x.io  Ana Lima  2024-03-12  approved`):
# two or more spaces or a tab on both sides, one to four words of letters
_COLUMN_NAME = re.compile(
    r"(?:[ ]{2,}|\t)([^\W\d_][^\W\d_'’-]{0,30}(?: [^\W\d_][^\W\d_'’-]{0,30}){1,3})(?:[ ]{2,}|\t|\r?$)", re.M
)
# an e-mail's domain and the column gap after it (the `@` first: `re` scans for it at C speed)
_MAIL_THEN_GAP = re.compile(r"@[A-Za-z0-9.-]{1,253}?\.[A-Za-z]{2,24}()(?: {2}|\t)")


def _names_after_mail(text: str) -> Iterator[Span]:
    """The name in the column after each e-mail of a whitespace-aligned listing: its words a name's
    shape (Latin), or a run of another script's letters."""
    for mail in _MAIL_THEN_GAP.finditer(text):
        m = _COLUMN_NAME.match(text, mail.end(1))
        if m is not None and text[mail.start() - 1 : mail.start()].isalnum():
            value = m.group(1)
            words = value.split(" ")
            latin = all(c.isascii() or 0xC0 <= ord(c) <= 0x24F or 0x1E00 <= ord(c) <= 0x1EFF for c in value)
            # (another script's words: capitalised where it has case, `Олена`, not `ошибка`)
            native = all(w[0].isupper() or not w[0].islower() for w in words)
            if (_name_shaped(words) and _name_words_ok(value, single_needs_list=True)) if latin else native:
                yield Span(*m.span(1), "person_name")


def person_name_spans(text: str) -> Iterator[Span]:
    """Person names: first + last name both in the name lists (optionally a middle initial), a
    listed first name before any name-shaped surname, and any name-shaped sequence in a name
    context (ask X, cc X, From: X, Reviewed-by: X, a sign-off line, author = "X")."""
    if not text.isascii():
        yield from _native_name_spans(text)
    if "@" in text:
        yield from _names_after_mail(text)
    if _open(text, "name_romaji"):
        for _, (start, end) in _ROMAJI_HONORIFIC.finditer(text):
            if _latin_name_ok(text[start:end]):
                yield Span(start, end, "person_name")
    firsts, lasts = _name_lists()
    for ((r0, r1),) in _CAP_RUN.finditer(text) if _open(text, "name_run") else ():
        # most runs hold no listed first name ("Visual Studio Code"): set lookups before any pairing
        if not any(w in firsts or "-" in w or not w[:1].isalpha() for w in text[r0:r1].split()):
            continue
        if _runs_into_placeholder(text, r1):
            continue  # (judged whole, with the words now replaced, by the pass that replaced them)
        for s0, e0, s1, e1 in _name_pairs(text, r0, r1):
            first, last = text[s0:e0], text[s1:e1]
            compound = "-" in first and all(p in firsts for p in first.split("-"))
            if compound:
                first = first.split("-")[0]  # Jean-Luc, Anne-Marie: a compound of listed names
            if first not in firsts or (
                last not in lasts and (last in _NOT_NAME_WORDS or last in firsts or first in _NOT_NAME_WORDS)
            ):
                continue
            # (a compound is no everyday word: "Jean-Luc Wójcik" is a name where "Jean Jacket" is not)
            after = text[e1 : e1 + 1]
            if last not in lasts and ((first in _COMMON_WORD_FIRSTS and not compound) or after in ("(", ".", "_")):
                continue  # "Will Update", "Grant Access", "Max Retries": words, not people
            start, end = s0, e1
            pre = _NAME_PREFIX.search(text[max(0, start - 6) : start])
            if pre:
                start -= pre[0][1] - pre[0][0]
            suf = _NAME_SUFFIX.search(text[end : end + 6])
            if suf:
                end += suf[0][1] - suf[0][0]
            yield Span(start, end, "person_name")
    for (k0, _), (start, end) in _NAME_KEY.finditer(text) if _open(text, "name_key") else ():
        end = _cased_end(text, start, end)
        if _runs_into_placeholder(text, end):
            continue
        value = text[start:end]
        words = value.split()
        after = text[end : end + 2]
        if after[:1] == " " and after[1:].isalnum() and after.isascii():
            continue  # "name: Upload Artifact to S3": a title that goes on
        # (after another script's text, `お客様のname: X` is a form's field, not code: a name's shape will do)
        # (a person's record, `Customer(name: "X")`, `user: {name: X}`: a name's shape will do too)
        # (in a sentence of another script, `клієнт надіслав name: X`, the key is a form's too)
        full = _key_full_name(words) or (
            (
                not text[k0].isascii()
                or _PERSON_RECORD.search(text, max(0, k0 - 28), k0 + 1) is not None
                or _other_script_before(text, k0)
            )
            and _name_shaped(words)
        )
        # (a person's record by its siblings: a birth date, a mailbox spelling the name; a name's shape
        # as after `my name is`, an `-er` surname too: `Schuster`)
        full = full or (len(words) >= 2 and _name_shaped(words, True) and _contact_sibling(text, k0, end, words))
        if len(words) >= 2 and full and _name_words_ok(value, single_needs_list=True):
            yield Span(start, end, "person_name")
    for _, (start, end) in _ACTION_ITEM.finditer(text) if _open(text, "name_action") else ():
        words = text[start:end].split()
        # ("- Rename Foo to bar" is a task, not an owner: a listed name or a name-only shape)
        owner = _person_like(words) or (words[0].lower() not in _TASK_VERBS and _under_action_header(text, start))
        if owner and _name_shaped(words) and _name_words_ok(text[start:end], single_needs_list=True):
            yield Span(start, end, "person_name")
    contexts = _context_matches(text) if _open(text, "name_context") else ()
    for (m0, _), ctx, keyed, signoff, verb, role in contexts:  # one pass for the four contexts
        if _after_placeholder(text, m0):
            continue
        k = m0 + text[m0 : m0 + 1].isspace()
        if ctx[0] >= 0 and not text[k : k + 3].isascii() and _VI_FOLDED.match(text, k) and not _VI_TITLE.match(text, k):
            continue  # (the fold's DEL stood for another letter: `Chè Ba Màu`, a dessert, `Áng`)
        start, end = ctx if ctx[0] >= 0 else keyed if keyed[0] >= 0 else signoff if signoff[0] >= 0 else verb
        end = _cased_end(text, start, end)
        if _runs_into_placeholder(text, end):
            continue
        after = text[end : end + 1]
        if after in ("(", "_", "[") or (after == "." and text[end + 1 : end + 2].isalnum()):
            continue  # From: Config.load(...) — code
        if ctx[0] >= 0 and text[start - 1 : start] == "@" and " " not in text[start:end].strip():
            continue  # "@Override", "@Component": one word after @ is a handle or an annotation
        if verb[0] >= 0:
            # "Yesterday Kwame Mensah said": the words before the name are not part of it
            words = text[start:end].split(" ")
            while len(words) > 2 and not _name_words_ok(" ".join(words), single_needs_list=True):
                start += len(words.pop(0)) + 1
            if role[0] >= 0:
                if not _is_role(text[role[0] : role[1]]):
                    continue  # "Single Sign-On (SSO) changed": brackets that introduce no person
            elif not (
                _person_like(words)
                or _mailbox_of(words, text[end : end + 80])
                or _quote_header(text, end)
                or (_SAYS.match(text, end) is not None and _name_shaped(words))
                or (_RESIDING.match(text, end) is not None and _name_shaped(words))
            ):
                continue  # "Load Balancer said": a verb alone makes no name of two plain words
        if ctx[0] >= 0 and (cue := text[m0:start].lower()).startswith(_WEAK_CUES):
            words = text[start:end].split()
            # (the `-er` ending passes only in a name of no everyday word: `Load Balancer` is none)
            # (a form's field with a person's contact field on the next line, `Tenant: X` over
            # `Mobile: …`, announces a person as `my name is` does)
            contact = _CONTACT_FIELD_NEXT.match(text, end) is not None
            if cue.startswith(("tenant", "occupant")) and not contact:
                continue  # (a cloud's or a SaaS's tenant, `Tenant: Contoso Pharma`: a lease's only over a contact)
            announced = (cue.startswith(_ANNOUNCING_CUES) or contact) and not any(everyday_words(words))
            if cue.startswith(_FORM_ROLE_CUES) and not (_form_person(words) or announced):
                continue
            if cue.startswith(_BOOKING_CUES) and any(everyday_words(words)):
                continue  # (`Booking for Double Room`: a room, a table, a slot is booked too)
            if not _name_shaped(words, announced) if len(words) > 1 else words[0] in _COMMON_WORD_FIRSTS:
                continue  # "the client is Apache Kafka": a weak cue takes a name's shape only
        # (a given name or a surname alone under its own key: `"last_name": "Bakare"`)
        part = keyed[0] >= 0 and _name_part_value(text, m0, start, end)
        # (a surname alone after a title, "Dear Mr. Okwuosa"; a given name alone closing a line
        # after a sign-off, "regards, Ifeoluwa")
        part = part or (ctx[0] >= 0 and _single_after_cue(text, m0, start, end))
        if _name_words_ok(text[start:end], single_needs_list=signoff[0] < 0 and not part):
            yield Span(start, end, "person_name")
            if ctx[0] >= 0 or keyed[0] >= 0:
                # (after an address header or a role key every entry is a person; after "with" or
                # "thanks" the list may go on with products: there an entry needs a listed first name)
                cue = text[m0:start].lower().lstrip(" \t\r\n([>\"',")
                headed = cue.startswith(_LIST_HEADERS) or "-by" in cue or " by" in cue
                yield from _listed_after(text, end, keyed[0] >= 0 or headed)


_NAME_PART_KEY = Rx(
    r"(?i)(?:first|last|given|family|middle|sur)[ _]?names?|surname|nombre|apellidos?|vorname|nachname|pr\x7fnom|"
    r"prenom|sobrenome|cognome"
)
# values of a schema or a form's placeholder under a name key, never a person's name
_NAME_PART_NOT = _words("String Text Optional Required Str Char Varchar None Null Nil True False Unknown Name Test")


_GREETING_BEFORE = Rx(
    r"(?i)\b(?:hi|hello|hey|dear|thanks|thank you|hola|ol\x7f|hallo|bonjour|salut|ciao|hej|hei|ahoj|merhaba|moin|"
    r"servus|gr\x7fezi|liebe|lieber|querid[oa]|cher|ch\x7fre|gracias|obrigad[oa]|merci|danke|grazie)[ \t]*,?[ \t]*$"
)
# words one greets or thanks that are no one's name: vocatives, assistants and models
_VOCATIVES = _words(
    "World Mate Buddy Man Sir Madam Dude Bro Boss Friend Folks Guys Again Back Future There Ya Human Robot "
    "Computer Siri Alexa Cortana Jarvis Grok Bard Llama Mistral Qwen Deepseek Perplexity Devin Cody Aider Cline "
    "Windsurf Tabnine Kiro Amp Goose Zed Warp Replit Lovable Bolt Gpt Chat Internet Universe Santa "
    # (the same in the other greetings' languages: Hallo Welt, Hola Mundo, Ciao Tutti)
    "Welt Mundo Monde Mondo Leute Zusammen Todos Todas Equipo Equipe Amigos Amigo Chicos Ragazzi Tutti Kollegen "
    # (the second word of a set thanks or greeting: Danke schön, Merci beaucoup, Ciao bella)
    "Schön Schon Schoen Sehr Vielmals Beaucoup Bien Bella Bello Mille Tante Tanto Mucho Muchas Muito Muitas"
)
_LIST_GOES_ON = re.compile(r",[ \t]*[A-Z][\w.-]*(?:,|[ \t]+(?:and|&|or)[ \t]+[A-Z])")
_TITLE_BEFORE = Rx(
    r"(?:Mr|Mrs|Ms|Mx|Dr|Prof|Herr|Frau|Mme|Mlle|Sra|Srta|Hr\.|Fr\.|Sig\.|Sig\.ra|Sig\.na|Dott\.|Pani|Panie|Pana?|"
    r"Say(?:\x7f|i)n|Sr\.)\.?[ \t]+$"
)
_GERMAN_TITLE_BEFORE = Rx(r"(?:Herr|Frau|Hr\.|Fr\.)[ \t]+$")
# roles a title also stands before ("Frau Doktor", "Sra. Presidenta"): no surname
_TITLED_ROLES = _words(
    "doktor doctor doctora direktor direktorin director directora presidente presidenta president profesor "
    "profesora professor professorin ingeniero ingeniera licenciado licenciada kollege kollegin chef chefin "
    "minister ministra secretary secretaria"
)
_INLINE_SIGNOFF = Rx(r"(?i)(?:regards|cheers|sincerely)[ \t]*,[ \t]*$")


_CODE_USE = re.compile(r"\b(?:import|from)[ \t]+(\w+)|@(\w+)\.|\b(\w+)(?:\.[a-z_]+)?\(")


@lru_cache(maxsize=4)
def _code_names(text: str) -> frozenset[str]:
    """Names the text imports, calls or decorates with (one scan per text: a search per greeted
    word was quadratic on a text of many greetings)."""
    return frozenset(next(g for g in m.groups() if g) for m in _CODE_USE.finditer(text))


def _used_as_code(text: str, word: str) -> bool:
    """`word` is imported, called or decorated with in the text: a module's or a tool's name."""
    return word in _code_names(text)


def _single_after_cue(text: str, m0: int, start: int, end: int) -> bool:
    """One name-shaped word after a title or a greeting, or closing its line after a sign-off word."""
    word = text[start:end]
    cue = text[max(m0, start - 12) : start]
    titled = _TITLE_BEFORE.search(cue) is not None
    # (after a German title an `-er` surname is a name's, as after `my name is`: `Hr. Wagner`, `Frau
    # Becker`; after an English one it may be a brand's, `Dr. Pepper`)
    german = titled and _GERMAN_TITLE_BEFORE.search(cue) is not None
    if " " in word or not _name_shaped([word, word], announced=german) or word in _PRODUCT_LEADS:
        return False
    if titled:
        return word.lower() not in _TITLED_ROLES and word.lower() not in _ROLE_WORDS
    if word in _VOCATIVES:
        return False
    if text[end : end + 1] in ("!", ",") and _GREETING_BEFORE.search(text[max(m0, start - 16) : start]):
        # "Thanks Olumide!", "Hi Chiamaka, …"; not the head of a list ("thanks Keycloak, Dex and …")
        # nor a word the text also uses as code ("Hello, Click!" beside `import click`)
        return _LIST_GOES_ON.match(text, end) is None and not _used_as_code(text, word.lower())
    # (the line's end: a break, the text's or a JSON string's end, an escaped `\n`)
    closes = text[end : end + 1] in ("", "\n", "\r", "!", ".", "\\", '"')
    return closes and _INLINE_SIGNOFF.search(text[max(m0, start - 16) : start]) is not None


def _name_part_value(text: str, m0: int, start: int, end: int) -> bool:
    """A quoted single word under a key naming part of a name (first_name, surname, Nachname), or a
    form's field of that name (`Last name: X`, a colon, the word alone to the line's end: rev46r R15),
    a name's shape and no everyday word."""
    quote = text[start - 1 : start]
    if _NAME_PART_KEY.search(text[m0:start]) is None or text[start:end] in _NAME_PART_NOT:
        return False
    if quote in ("'", '"'):
        return text[end : end + 1] == quote
    word = text[start:end]
    field = ":" in text[m0:start] and text[end : end + 1] in ("\n", "\r", "")
    return field and _name_shaped([word, word]) and not any(everyday_words([word]))


# `name: X` (YAML, JSON, a form): the key is everywhere in code (`name: build`), so its value must
# read as a person's full name (see person_name_spans)
# a form's next line naming a person's contact field (`Name: X` over `Phone: …`): the name is a person's
# (the line may carry a diff's or a quote's margin, or be escaped)
_CONTACT_FIELD_NEXT = re.compile(
    r"[ \t]*(?:\r?\n|\\n)[ \t>+-]{0,6}(?i:phone|mobile|cell|tel|telephone|e-?mail|date of birth|d\.?o\.?b\.?|"
    r"birth ?date|address|home address)[ \t]*:"
)
# the separator after a `name` key: `:` or `=`, psql's expanded display's `|` (`-[ RECORD 1 ]` blocks,
# `name | X`), a DynamoDB string attribute's wrapper (`"name": {"S": "X"}`, AWS's AttributeValue
# JSON), or redis-cli's numbered reply lines (`1) "name"` then `2) "X"`, HGETALL's field/value pairs)
_NAME_KEY_SEP = r"(?:[ \t]*[:=|][ \t]*(?:\{[ \t]*\\?\"S\\?\"[ \t]*:[ \t]*)?|[ \t]*(?:\r?\n|\\n)[ \t]*\d{1,4}\)[ \t]+)"
# a contact field's key in the same record as a `name` key (schema.org Person's `email`, `telephone`,
# `address` and `birthDate`; vCard's EMAIL, TEL, ADR and BDAY, RFC 6350): written as a key, the word alone between the
# record's delimiters and then a separator (`"email":`, `email |`, `&email=`, redis-cli's `3) "email"`)
_CONTACT_KEY = re.compile(
    r"(?i)(?:^|[\s{,\"'`(|\\&?;])(?:(e-?mail(?:[_ ]?address)?)|(phone(?:[_ ]?number)?|mobile(?:[_ ]?phone)?|telephone|"
    r"tel|cell(?:[_ ]?phone)?|(?:home[_ ]?|postal[_ ]?|street[_ ]?)?address|street)|"
    r"date[_ ]?of[_ ]?birth|dob|birth[_ ]?date|birthday|born[_ ]?on)\\{0,3}[\"'`]?[ \t]*"
    r"(?:[:=|]|\\{0,3}(?:\r?\n|\\n)[ \t]*\d{1,4}\))"
)
# the mailbox's local part after an e-mail key (its value's quotes, a psql cell's spaces, a reply's number)
_SIBLING_MAIL = re.compile(r"[ \t\\\"'`]{0,12}(?:\d{1,4}\)[ \t]+[\\\"']{0,4})?([A-Za-z0-9._+-]{1,64})@")
_VALUE_TAIL = re.compile(r"[^\"'\n|,;&}\\]{1,48}")
# how far from the name a sibling key is looked for: a record's few fields, within its braces and no
# further than a blank line
_SIBLING_REACH = 240


def _record_window(text: str, lo: int, hi: int, after: bool) -> str:
    """The part of text[lo:hi] in the name's record: up to (after it) or back to (before it) the
    nearest blank line or brace (a nested or another object's members are no siblings)."""
    w = text[lo:hi]
    cuts = [w.find(c) if after else w.rfind(c) for c in ("\n\n", "\\n\\n", "{", "}")]
    if after:
        return w[: min((i for i in cuts if i >= 0), default=len(w))]
    return w[max(cuts) + 1 :]


def _ascii_word(word: str) -> str:
    """The word lowercased without its accents (`Aïssatou` -> `aissatou`), as a mailbox spells it."""
    if word.isascii():
        return word.lower()
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode("ascii").lower()


def _contact_sibling(text: str, k0: int, end: int, words: list[str]) -> bool:
    """Whether the record of the `name` key at k0 (its value `words`, ending at end) is a person's: a
    contact field on the next line (a form), or among the fields just after or before it (a JSON
    object, a psql record, a redis hash, a query string) a birth date, or an e-mail address whose
    local part spells a word of the name (`amina.sow@…` beside `Amina Sow`): an organisation's or a
    thing's record has a phone and a mailbox too, never a birth date or its name in a person's mailbox."""
    if _CONTACT_FIELD_NEXT.match(text, end) is not None:
        return True
    # (the value's words to its delimiter: a capture may stop inside a word, `Vogt GmbH`)
    tail = _VALUE_TAIL.match(text, end, end + 48)
    every = (" ".join(words) + (tail.group(0) if tail is not None else "")).split()
    if every[-1].lower() in GROUP_WORDS or any(w.lower().rstrip(".") in LEGAL_FORMS for w in every):
        return False  # (`Acme Traders GmbH` with `orders@acmetraders.example`)
    frequent = frequent_english()
    if all(w.lower() in frequent and not _listed_name(w) for w in every) or any(
        w.isascii() and not _listed_name(w) and _english_derived(w) for w in every
    ):
        return False  # (`Night Shift`: every word an everyday one; `Load Balancer`: an English derived word)
    folded = [_ascii_word(w) for w in every]
    english = english_word_list()
    # (a phone or an address beside a name of no English word: `Northwind Traders`, `Harbour Lights`
    # are a shop's)
    foreign = not any(w.lower() in english for p in every for w in p.split("-"))
    plain = not any(w.lower() in english and not _listed_name(w) for w in every)
    for window in (
        _record_window(text, end, end + _SIBLING_REACH, True),
        _record_window(text, max(0, k0 - _SIBLING_REACH), k0, False),
    ):
        for m in _CONTACT_KEY.finditer(window):
            if m.group(2) is not None:
                # (a phone or an address only beside a listed given name: a shop's, a trattoria's
                # record has both, `Trattoria Romana`, rev51r R2)
                if foreign and _listed_name(words[0]):
                    return True
                continue
            if m.group(1) is None:
                return True  # a birth date's key
            mail = _SIBLING_MAIL.match(window, m.end())
            if mail is None:
                continue
            local = mail.group(1).lower()
            if local in _ROLE_LOCALS or local.split(".")[0].split("+")[0] in _ROLE_LOCALS:
                continue
            # (two of the name's words spelled, `amina.sow`, or a listed given name; a name of no
            # English word but a listed name's: a service's `Twilio Relay` at `twilio.relay@`, rev51r R6)
            spelled = [w for w, f in zip(every, folded, strict=True) if len(f) >= 3 and f[:4] in local]
            if plain and (len(spelled) >= 2 or any(_listed_name(w) for w in spelled[:1] if w == every[0])):
                return True
    return False


_NAME_KEY = Rx(rf"(?:^|[\s{{,\"'(?&\x7f])\\?[\"']?(?i:name)\\?[\"']?{_NAME_KEY_SEP}\\?[\"']?({_FULL})")


# the record a `name` key belongs to, right before it: a person's (`Customer(`, `user: {`, `new Patient {`)
_PERSON_RECORD = re.compile(
    r"(?i)\b(?:customer|user|client|patient|member|employee|contact|person|applicant|passenger|guest|student|"
    r"beneficiary|recipient|account_?holder|cardholder|candidate|traveller|traveler|attendee|participant|invitee|"
    r"policy_?holder|insured|claimant)s?\b[\"']?[ \t]*(?:[:=][ \t]*)?(?:\(|\{|\[\{?)[ \t]*\\?[\"']?$"
)


def _other_script_before(text: str, pos: int) -> bool:
    """Whether the line before `pos` (up to 40 characters) holds a word of a non-Latin script."""
    before = text[max(0, pos - 40) : pos]
    if before.isascii():
        return False
    before = before[before.rfind("\n") + 1 :]
    return any(c.isalpha() and ord(c) >= 0x370 and not 0x1E00 <= ord(c) <= 0x1EFF for c in before)


def _key_full_name(words: list[str]) -> bool:
    """A bare `name:` key's value is a person's when its first and last words are listed first and
    last names, or a word has a shape only names have (a non-ASCII letter, Mc/O'); "Component
    Pascal" and "North America" are a language and a continent."""
    firsts, lasts = _name_lists()
    if words[0] in firsts and words[-1] in lasts:
        return True
    return any(not w.isascii() or (w.startswith(("Mc", "O'")) and w[2:3].isupper()) for w in words)


# Mailboxes of a role or a machine, never a person (their display names are teams and products).
_ROLE_LOCALS = _words(
    "admin alerts alert billing bot builds ci contact deploy devops dev feedback hello help info invoices jobs "
    "mailer marketing monitoring news newsletter noreply no-reply notifications notify ops orders payments "
    "postmaster press privacy releases release reports root sales security service status support system "
    "team updates webmaster"
)


# verbs only people are the subject of (a product "updated" or "deployed" too; it never "wrote")
_SAYS = re.compile(
    r"[ \t]+(?:said|says|wrote|writes|mentioned|asked|replied|noted|explained|emailed|messaged|pinged|told|"
    r"thinks|thought|agreed|promised|suggested|confirmed)\b"
)
# endings of English derived words (Balancer, Routing, Deployment, Readiness, Scalable…): product
# and component names are built of them. A derivational suffix counts only when the word, or its
# stem by English spelling rules (a dropped `e`, a doubled consonant, `y` to `i`: Quirk et al., A
# Comprehensive Grammar of the English Language, App. I), is an English word: a name in another
# language's transliteration ends so by its own letters (`Akter`, `Munshi`: `akt` is no stem)
_SUFFIXES = (
    "er", "or", "ing", "tion", "sion", "ment", "ness", "able", "ible", "ity", "ive", "ics", "ance", "ence",
    "ly", "ize", "ise", "ist", "ism", "ful", "less", "ship", "hood",
)  # fmt: skip
# the last parts of product names' compounds (Middleware, Firebase, GitOps, Passport, Notebook…)
_COMPOUND_ENDS = (
    "ware", "base", "flow", "ops", "port", "ook", "box", "hub", "bot", "kit", "lab", "log", "net", "app",
)  # fmt: skip


@lru_cache(maxsize=16384)
def _english_derived(word: str) -> bool:
    """Whether an ASCII word is an English derived word or a product's compound (see `_SUFFIXES`)."""
    low = word.lower()
    if low.endswith(_COMPOUND_ENDS):
        return True
    english = english_word_list()
    for suffix in _SUFFIXES:
        if not low.endswith(suffix):
            continue
        if low in english:
            return True
        stem = low[: -len(suffix)]
        stems = {stem, stem + "e", stem + "t", stem + "te"}  # (-e dropped; -tion after a t or te)
        if len(stem) > 2 and stem[-1] == stem[-2]:
            stems.add(stem[:-1])  # (a doubled consonant: runner, logging)
        if stem.endswith("i"):
            stems.add(stem[:-1] + "y")  # (readiness, reliable)
        if any(len(s) >= 3 and s in english for s in stems):
            return True
    return False


# English adjectives and nouns products are named with ("Big Query", "Green Lantern")
_PRODUCT_LEADS = _words(
    "Big Green Red Blue Black White Open Free Smart Super Deep Fast Quick Simple Easy Good Great Little High "
    "Low Hot Cold True Real Power Dark Light Bright Clear Pure Prime Total Global Local Home Net Auto Hacker "
    "Silver Gold Golden Iron Steel Stone Star Sun Moon Sky Cloud Snow Rain Fire Wind Night Day Happy Lucky"
)


def everyday_words(words: list[str]) -> list[bool]:
    """Whether each word is a frequent English word (wordfreq's table) and no listed given or
    family name."""

    frequent = frequent_english()
    return [w.lower() in frequent and not _listed_name(w) for w in words]


def _form_person(words: list[str]) -> bool:
    """A form role's value read as a person: see `_FORM_ROLE_CUES`."""

    last = words[-1]
    plural = len(last) > 3 and last.endswith("s") and not last.endswith("ss")
    plural = plural and not _listed_name(last)
    if plural and any(everyday_words(words)):
        return False  # `Domain Admins`, `Power Users`: a group of people, no one's name
    return person_cell(" ".join(words)) or _person_like(words)


def _name_shaped(words: list[str], announced: bool = False) -> bool:
    """Two to four name words of any culture (Tsegaye Bekele, Oluwaseun Adeyemi, Nguyen Thi Mai):
    each capitalised, then lowercase letters (no CamelCase, no digits), no listed non-name word or
    product lead, and no English derivational ending (Balancer, Routing, Deployment)."""
    core = [w for w in words if w not in _RUN_PARTICLES]
    if not 2 <= len(core) <= 4 or core[0] in _PRODUCT_LEADS:
        return False
    for w in core:
        body = "".join(c for c in w if not _mark(c)).replace("'", "-")
        # (each part of a hyphenated or elided name is capitalised at most: Al-Qahtani, O'Neill)
        parts = body.split("-")
        if len(w) < 2 or not w[0].isupper() or not all(p[1:].islower() or p.islower() for p in parts if p):
            return False
        if not body.replace("-", "").isalpha():
            return False
        # (the endings are English: a word with another letter is none, "Péter", "Schröder")
        derived = _english_derived(w) and not (announced and w.lower().endswith("er"))
        if w in _NOT_NAME_WORDS or (w.isascii() and derived):
            return False
    return True


def _mailbox_of(words: list[str], after: str) -> bool:
    """Whether `words` are the display name of a person's mailbox, `Name <local@…>`: the local
    part is no role's and spells part of the name (obrisco, ana.lima, zash)."""
    after = after.lstrip(' \t\\"').lstrip(" \t")
    if not after.startswith(("<", "(")) or "@" not in after:
        return False
    if words[-1].lower() in GROUP_WORDS:
        return False  # `Acme Maintainers <maintainers@…>`: a group's mailbox, its word in the local part
    local = after[1 : after.index("@")].lower()
    if local in _ROLE_LOCALS or local.split(".")[0].split("+")[0] in _ROLE_LOCALS:
        return False
    return any(len(w) >= 3 and w[:3].lower() in local for w in words)


def _quote_header(text: str, end: int) -> bool:
    """`On <date>, <name> wrote:`: a mail client's header above a quoted reply."""
    if not text.startswith(" wrote:", end):
        return False
    line = text.rfind("\n", 0, end) + 1
    return text.startswith("On ", line) or text.startswith("> On ", line)


# the next full name of a list a name context began: "cc: Ana Lima, Kwame Mensah and Li Wei"
_NEXT_IN_LIST = Rx(rf"^(?:,[ \t]*|[ \t]*;[ \t]*|[ \t]+(?:and|&)[ \t]+)({_FULL})")


_LIST_HEADERS = ("cc", "bcc", "to:", "from:", "attn", "reviewer", "assignee", "author", "owner")


def _listed_after(text: str, end: int, all_people: bool) -> Iterator[Span]:
    for _ in range(8):
        m = _NEXT_IN_LIST.search(text[end : end + 160])
        if m is None:
            return
        a, b = end + m[1][0], end + m[1][1]
        after = text[b : b + 1]
        if after in ("(", "_", "[") or (after == "." and text[b + 1 : b + 2].isalnum()):
            return  # Config.load(...): code
        if not _name_words_ok(text[a:b], single_needs_list=True):
            return
        if not all_people and text[a:b].split(" ", 1)[0] not in _name_lists()[0]:
            return  # "with Ana Lima, Hacker News": a product goes on the list, not a first name
        yield Span(a, b, "person_name")
        end = b


# What a person, never a product, is introduced with in brackets: a job role or its abbreviation,
# or pronouns ("(PM)", "(tech lead)", "(she/her)").
_ROLE_WORDS = _words(
    "pm em tpm pgm po tl cto ceo cfo coo cio ciso cpo cmo vp svp evp avp gm md qa sre dba swe sde ux ui hr "
    "eng devops secops lead manager engineer designer intern architect director head analyst scientist "
    "researcher founder cofounder co-founder maintainer contractor consultant sysadmin admin on-call oncall "
    "recruiter tech team product engineering staff senior principal junior sr jr she her hers he him his they "
    "them theirs ze zir xe xem"
)


def _is_role(text: str) -> bool:
    words = text.lower().replace("/", " ").replace(",", " ").split()
    return bool(words) and words[0] in _ROLE_WORDS


# Listed first names that are also everyday capitalised words in developer text: they make a
# name only with a listed surname.
_COMMON_WORD_FIRSTS = _words(
    "Will May Mark Bill Grant Chase Page Rose Joy Hope Art Max Ray Dean Drew Glen Lane Miles Pat Rich Sky "
    "Summer Wade Young Price Hunter Cliff Dale Gene Guy Jack Jean Major Tag Van Rob Sage Reed Case Colt "
    "Dash Holly Iris Ivy June Lily Penny Ruby Sandy Crystal Storm Blue Star Sunny Angel Faith Grace Harmony "
    "Chance Bishop Brock Carter Cash Chip Clay Cole Cruz Fisher Ford Gray Grey Hall King Knight Link Mason "
    "Nova Pierce Porter Walker"
)


def known_identifier_spans(text: str, identifiers: Sequence[tuple[Any, str]]) -> Iterator[Span]:
    """The user's own identifiers (account name, git name/email, host name) from config and
    session metadata: no engine can know them, so they are matched literally."""
    for rx, kind in identifiers:
        if isinstance(rx, Rx):
            for ((start, end),) in rx.finditer(text):
                yield Span(start, end, kind)
        else:  # a non-ASCII identifier: a str pattern on the original text (offsets hold in utf8_safe's)
            for m in rx.finditer(utf8_safe(text)):
                yield Span(*m.span(), kind)


# Detectors whose candidates are rare in developer text are gated by one RE2 Set pass per text
# (cached on the prepared text): a text with no candidate for any of them costs one scan, not
# one per pattern. The Set holds each detector's own candidate patterns, so a gate never hides
# a match; a Set that fails (None) opens every gate.
_GATED: dict[str, tuple[Rx, ...]] = {}
_GATE_SET: RxSet | None = None
_GATE_OWNERS: list[str] = []  # the detector owning each Set member, in Set order


def _gates(text: str) -> frozenset[str] | None:
    global _GATE_SET
    cached = getattr(text, "pii_gates", False)
    if cached is not False:
        return cached  # type: ignore[no-any-return]
    if _GATE_SET is None:
        for name, late in _LATE_GATED.items():
            _GATED[name] = late()
        _GATE_SET = RxSet([rx.pattern for rxs in _GATED.values() for rx in rxs])
        _GATE_OWNERS.extend(name for name, rxs in _GATED.items() for _ in rxs)  # once, not per text
    owners = _GATE_OWNERS
    hits = _GATE_SET.matching(_unlabelled(text)) if fold(text) is not None else None
    out = None if hits is None else frozenset(owners[i] for i in hits)
    if isinstance(text, Prepared):
        text.pii_gates = out  # type: ignore[attr-defined]
    return out


_PLACEHOLDER_BODY = re.compile(r"(?<=\[)REDACTED:[a-z0-9_]+(?::[0-9a-f]{8})?(?=\])")


def _unlabelled(text: str) -> str:
    """The text the gates read: each placeholder's body blanked (NULs, its length kept). A
    placeholder's kind is no key of the text's (`[REDACTED:address:…]` is no `address:` label):
    opening a gate that the first pass had closed would let a second pass find what the first did
    not, and redacting twice would change the text."""
    if "[REDACTED:" not in text:
        return text
    return _PLACEHOLDER_BODY.sub(lambda m: "\0" * len(m[0]), text)


def _open(text: str, name: str) -> bool:
    g = getattr(text, "pii_gates", False)  # the common case, without a call
    if g is False:
        g = _gates(text)
    return g is None or name in g


_GATED.update(
    phone=(_PHONE_CANDIDATE,),
    card=(_CARD_CANDIDATE,),
    ipv4=(_IPV4,),
    ipv4_dashed=(_IPV4_DASHED,),
    # (gated by the dashed quad alone: the label's case-insensitive alternatives cost the Set more)
    email_qp=(Rx(r"[A-Za-z0-9]=40[A-Za-z0-9]"),),  # (the pattern's own counted domain would cost the Set)
    email_cf=(Rx(r"cfemail|email-protection#"),),
    name_romaji=(Rx(r"[a-z]-(?:san|sama|kun|chan|sensei|senpai)\b"),),
    ipv4_dashed_label=(Rx(r"\b\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3}\b"),),
    name_run=(_CAP_RUN,),
    ssn=(_SSN_ANY,),
    iban=(_IBAN_CANDIDATE,),
    dob=(_DOB,),
    address_en=(_STREET_EN,),
    address_de=(_DE_STREET,),
    address_fr=(_FR_STREET,),
    ipv6=(_IPV6,),
    home=(_HOME_SPACED, _HOME_PATH, _HOME_SLUG, _HOME_TILDE),
    prompt=(_PROMPT_USER, _MSYS_PROMPT),
    phone_national=(_NATIONAL_CANDIDATE,),
    table=(_TABLE_GATE, _PERSON_TABLE_GATE),  # the column word alone: a cheaper Set member than the line
    name_context=(_NAME_IN_CONTEXT,),
    name_action=(_ACTION_ITEM,),
    email_obf=(_OBF_GATE,),
    bank=(Rx(bank_accounts.GATE),),
    bank_domestic=(Rx(bank_accounts.DOMESTIC_GATE),),
    address_field=(Rx(address_fields.GATE),),
    # (the key, then a capitalised word and a space: `name: build` opens nothing)
    name_key=(Rx(rf"(?i:name)\\?[\"']?{_NAME_KEY_SEP}\\?[\"']?(?:[A-Z\x7f]|[aeu]l-)[A-Za-z\x7f'.-]*[ \t]"),),
)

from persona_pipeline.core.evidence.redaction import intl_formats  # noqa: E402

_GATED.update(intl_formats.GATE_ENTRIES)  # one Set pass gates both modules' patterns

from persona_pipeline.core.evidence.redaction import street_grammar  # noqa: E402

# one gate name per street shape, each gated by a part every match holds (its street type)
_STREET_GATES = {f"street_{i}": rx for i, rx in enumerate(street_grammar.PATTERNS)}
_GATED.update({n: (Rx(street_grammar.GATE_PART[id(rx)]),) for n, rx in _STREET_GATES.items()})


from persona_pipeline.core.evidence.redaction import phone_labels  # noqa: E402

_GATED["phone_label"] = (Rx(phone_labels.GATE_PART),)


_PHONE_LABEL_NAMES = frozenset(("phone_label", intl_formats.PHONE_WORDS_GATE))


_STREET_NAMES = frozenset(_STREET_GATES)
_GRAMMAR_NAMES = _STREET_NAMES | _PHONE_LABEL_NAMES | {"address_field"}


def grammar_spans(text: str) -> Iterator[Span]:
    """Street lines of countries without a format of their own (`street_grammar`), addresses as
    a field's value (`address_fields`) and national numbers of any region right after a phone
    label (`phone_labels`): one detector, so a text
    neither gate opened costs one set test (a detector's own overhead is paid per text)."""
    g = getattr(text, "pii_gates", False)
    if g is False:
        g = _gates(text)
    # (an address label of another script is read on the original text: no ASCII gate sees it)
    other = not text.isascii() and intl_formats.other_script(text) and address_fields.other_label(text)
    symbol = phone_labels.has_symbol(text)  # (a telephone symbol labels a number; no ASCII gate sees it)
    if g is not None and _GRAMMAR_NAMES.isdisjoint(g) and not other and not symbol:
        return  # the common case
    if g is None or "address_field" in g or other:
        yield from address_fields.address_field_spans(text)
    if g is None or not _STREET_NAMES.isdisjoint(g):
        is_open = None if g is None else {id(rx): n in g for n, rx in _STREET_GATES.items()}
        yield from street_grammar.street_spans(text, is_open)
    if g is None or not _PHONE_LABEL_NAMES.isdisjoint(g) or symbol:
        yield from phone_labels.labelled_phone_spans(text)


_GATED["home_geo"] = (home_geo.HOME,)


def home_coordinate_spans(text: str) -> Iterator[Span]:
    if _open(text, "home_geo"):  # (a word for a home: most texts have none)
        yield from home_geo.home_coordinate_spans(text)


def bank_account_spans(text: str) -> Iterator[Span]:
    if _open(text, "bank_domestic"):
        yield from bank_accounts.domestic_account_spans(text)
    # (a Japanese account is found by its branch word, which no ASCII gate can see)
    if _open(text, "bank") or (
        not text.isascii() and intl_formats.other_script(text) and bank_accounts.JP_BRANCH in text
    ):
        yield from bank_accounts.bank_account_spans(text)


from persona_pipeline.core.evidence.redaction import bank_registers  # noqa: E402

# (no Set gate: a counted run of 21 digits would cost the Set pass more than the module's own scan)
# Every candidate holds at least 12 ASCII digits (a RIB's 5 + 5 + 2 around an account of letters;
# the fold makes any other digit `\x7f`, and RE2's `\d` is ASCII): a text with fewer, most prompts,
# skips the RE2 pass and its fold lookup, counted at C speed.
_REGISTER_MIN_DIGITS = 12


def bank_register_spans(text: str) -> Iterator[Span]:
    digits = 0
    for d in "0123456789":
        digits += text.count(d)
        if digits >= _REGISTER_MIN_DIGITS:
            yield from bank_registers.bank_register_spans(text)
            return


# (named as before: the scrubber names its detector after the function)
register_account_spans = bank_register_spans


from persona_pipeline.core.evidence.redaction import (  # noqa: E402
    address_tails,
    checked_registers,
    contact_cards,
    document_names,
    letter_blocks,
)

# (round 21's detectors, gated in the Set pass by their modules' own RE2 gates: an ASCII text none
# opens costs one set test; another script's text goes to the modules, whose gates read it too)
_GATED["checked_register"] = (
    checked_registers.CZ_GATE,
    checked_registers.RS_GATE,
    checked_registers.CNH_GATE,
    checked_registers.NG_GATE,
)
_GATED["street_form"] = address_tails.GATES
# (document_names imports this module: its gates are read when the Set is first built, so either
# module may be imported first)
_LATE_GATED: dict[str, Callable[[], tuple[Rx, ...]]] = {"document_name": lambda: document_names.GATES}


def checked_register_spans(text: str) -> Iterator[Span]:
    if _open(text, "checked_register"):
        yield from checked_registers.checked_register_spans(text)


def street_form_spans(text: str) -> Iterator[Span]:
    if _open(text, "street_form") or not text.isascii():
        yield from address_tails.street_form_spans(text)


def document_name_spans(text: str) -> Iterator[Span]:
    if _open(text, "document_name") or not text.isascii():
        yield from document_names.document_name_spans(text)


# (gated in the Set pass: most texts hold no card, no street column's header and no salutation)
_GATED["contact_card"] = (contact_cards.GATE, contact_cards.TABLE_GATE)
_GATED["letter_block"] = (letter_blocks.GATE,)


def contact_card_spans(text: str) -> Iterator[Span]:
    if _open(text, "contact_card"):
        yield from contact_cards.contact_card_spans(text)


def letter_block_spans(text: str) -> Iterator[Span]:
    if _open(text, "letter_block"):
        yield from letter_blocks.letter_block_spans(text)


from persona_pipeline.core.evidence.redaction import supply_points  # noqa: E402

_GATED["supply_point"] = (Rx(supply_points.GATE),)


def supply_point_spans(text: str) -> Iterator[Span]:
    if _open(text, "supply_point"):  # (a CUPS's prefix or a supply-point label: most texts have none)
        yield from supply_points.supply_point_spans(text)


from persona_pipeline.core.evidence.redaction import wallets  # noqa: E402


def wallet_spans(text: str) -> Iterator[Span]:
    # (no Set gate: a counted run of 25 base58 characters multiplied the Set pass's cost by 2.5, while
    # Python's own scan of the three shapes costs ~0.1 s per MB; a candidate is rare, its check cheap)
    yield from wallets.wallet_spans(text)


from persona_pipeline.core.evidence.redaction import device_ids  # noqa: E402


def device_id_spans(text: str) -> Iterator[Span]:
    # (no Set gate: a counted run of 17 VIN characters costs the Set pass more than Python's scan)
    yield from device_ids.device_id_spans(text)


from persona_pipeline.core.evidence.redaction import handles  # noqa: E402


def handle_spans(text: str) -> Iterator[Span]:
    # (no Set gate: the module's own RE2 scans cost less than its members cost the Set pass)
    yield from handles.handle_spans(text)


from persona_pipeline.core.evidence.redaction import immigration_ids  # noqa: E402


def immigration_spans(text: str) -> Iterator[Span]:
    yield from immigration_ids.immigration_spans(text)  # (its own RE2 gate: see the module)


from persona_pipeline.core.evidence.redaction import spoken_digits  # noqa: E402

_GATED["spoken_digits"] = (spoken_digits.GATE,)


def spoken_phone_spans(text: str) -> Iterator[Span]:
    if _open(text, "spoken_digits"):  # (three digit words in a row: most texts have none)
        yield from spoken_digits.spoken_phone_spans(text)


from persona_pipeline.core.evidence.redaction import birth_epochs  # noqa: E402

_GATED["birth_epoch"] = (birth_epochs.BIRTH_EPOCH,)


def birth_epoch_spans(text: str) -> Iterator[Span]:
    if _open(text, "birth_epoch"):
        yield from birth_epochs.birth_epoch_spans(text)


from persona_pipeline.core.evidence.redaction import dicom_tags  # noqa: E402

_GATED["dicom"] = (Rx(r"\(" + dicom_tags.HEX4 + r", ?" + dicom_tags.HEX4 + r"\)|\"vr\""),)


def dicom_spans(text: str) -> Iterator[Span]:
    if _open(text, "dicom"):  # (a DICOM tag or a JSON model's `"vr"`: most texts have neither)
        yield from dicom_tags.dicom_spans(text)


from persona_pipeline.core.evidence.redaction import mac_addresses  # noqa: E402

_GATED["mac"] = (mac_addresses.MAC,)


from persona_pipeline.core.evidence.redaction import (  # noqa: E402
    account_names,
    calendar_people,
    chat_profiles,
    cli_identities,
    honorific_names,
    log_accounts,
    personal_numbers,
    sql_rows,
)


def mac_spans(text: str) -> Iterator[Span]:
    if _open(text, "mac"):
        yield from mac_addresses.mac_spans(text)


DETECTORS = (
    email_spans,
    phone_spans,
    card_spans,
    ip_spans,
    ssn_spans,
    iban_spans,
    dob_spans,
    address_spans,
    home_user_spans,
    person_name_spans,
    document_name_spans,  # a chat export's senders, a CV's or letterhead's name line
    table_column_spans,
    aligned_column_spans,  # the same columns in a blank-aligned table (pandas, `column -t`)
    intl_formats.intl_spans,  # national ids, passports, addresses, birth dates, phones of more countries
    grammar_spans,  # street lines of any country, phones of any region after a label, address fields
    street_form_spans,  # Turkish and Cyrillic street lines
    bank_account_spans,  # domestic account numbers beside a routing code
    register_account_spans,  # Polish NRB, French RIB, Portuguese NIB by their own check digits
    checked_register_spans,  # CZ/SK and Serbian accounts, a Brazilian CNH: notation and checks
    contact_card_spans,  # a vCard's or an LDIF entry's personal properties, by their names
    letter_block_spans,  # a letter's address block above its date and salutation
    supply_point_spans,  # a home's electricity or gas supply point (CUPS, MPAN, Dutch EAN-code)
    home_coordinate_spans,  # a home's latitude and longitude
    wallet_spans,  # cryptocurrency addresses, each validated by its checksum
    device_id_spans,  # IMEIs and VINs
    handle_spans,  # messaging, social, payment and code-host handles where their role is stated
    account_id_spans,  # a numeric account id after its role's label (`Admin: 123456789`, `chat_id`)
    immigration_spans,  # visa, residence-permit and immigration case numbers after their label
    spoken_phone_spans,  # phone numbers written out digit by digit in words
    birth_epoch_spans,  # dates of birth stored as a Unix time under a birth key
    dicom_spans,  # a DICOM header's person names and patient identifiers
    mac_spans,  # hardware addresses of devices (unicast, universally administered)
    personal_numbers.personal_number_spans,  # a number a person holds, by its label's meaning (its own gate)
    account_names.account_name_spans,  # logins keyed in Terraform user resources, `uid=…(x)`, `--username x`
    sql_rows.sql_row_spans,  # an INSERT's or a COPY's values under a column named for a person's detail
    chat_profiles.chat_profile_spans,  # a Slack, Discord, Matrix or Graph user object's login, names, phone
    calendar_people.calendar_people_spans,  # an iCalendar organizer's or attendee's name (CN)
    cli_identities.cli_identity_spans,  # whoami output, IAM user ARNs, Jenkins' "Started by user", SDK user ids
    honorific_names.honorific_name_spans,  # a given name before a Turkish honorific after it (`Ayşe Hanım`)
    log_accounts.log_account_spans,  # a Windows event's account fields, an access log's authenticated user
)
