"""Whether an address behind a group's display name (`Acme Platform Team <platform-team@acme.io>`)
is the group's mailbox, not a person's.

A display name is free text (RFC 5322): "Robert Service", "Priya Engineering" or "Sarah from Acme
Support" end in a group word and still name a person. So the display name alone never decides;
the local part must itself read as a function's mailbox, on the organisation's own domain, and no
person's name may stand in the display name. Any doubt keeps the address redacted: a leaked
address costs more than an over-redacted one."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from persona_pipeline.core.evidence.redaction.english_words import common_english
from persona_pipeline.core.evidence.redaction.spans import Span, line_start

# The last word of a display name that names a group, not a person (`Billing Support`, `Release Bot`)
GROUP_WORDS = frozenset(
    (
        "team", "teams", "group", "squad", "crew", "desk", "support", "bot", "bots", "department", "dept",
        "office", "committee", "engineering", "ops", "operations", "maintainers", "developers", "devs",
        "admins", "administrators", "helpdesk", "service", "services", "notifications", "alerts",
    )
)  # fmt: skip
# A display name's last word(s) giving a company's legal form (ISO 20275's entity legal forms, the
# common abbreviations, dots dropped): `Globex GmbH`, `Initech Pty Ltd`, `Umbrella S.p.A.` is an
# organisation by its registered name
LEGAL_FORMS = frozenset(
    (
        "inc", "incorporated", "corp", "corporation", "co", "company", "ltd", "limited", "llc", "llp", "lp", "plc",
        "gmbh", "ag", "kg", "ohg", "ug", "se", "sa", "sas", "sasu", "sarl", "eurl", "spa", "srl", "sl", "slu",
        "bv", "nv", "oy", "oyj", "ab", "asa", "aps", "kk", "pte", "pty", "bhd", "ltda", "sro", "kft", "zrt", "ou",
        "sp z oo", "sdn bhd", "foundation",
    )
)  # fmt: skip
# Mailbox names that stand for a function by themselves: RFC 2142's (business and network
# services) and the usual machine senders; with the group words above
_RFC2142 = frozenset(
    (
        "info", "marketing", "sales", "support", "abuse", "noc", "security", "postmaster", "hostmaster",
        "usenet", "news", "webmaster", "www", "uucp", "ftp",
    )
)  # fmt: skip
# Free-mail providers: anyone's personal mailbox, never an organisation's group one
_FREE_MAIL = (
    "gmail.", "googlemail.", "yahoo.", "ymail.", "outlook.", "hotmail.", "live.", "msn.", "icloud.com",
    "me.com", "mac.com", "aol.", "proton.me", "protonmail.", "pm.me", "gmx.", "web.de", "mail.ru", "yandex.",
    "zoho.", "fastmail.", "tutanota.", "tuta.", "qq.com", "163.com", "126.com", "mail.com", "hey.com",
    "posteo.", "mailbox.org", "seznam.cz", "libero.it", "orange.fr", "free.fr", "naver.com", "rediffmail.",
)  # fmt: skip
# Mailbox names a company's function takes beside RFC 2142's (`billing@`, `legal@`, `press@`)
_ROLE_WORDS = frozenset(
    (
        "admin", "accounts", "accounting", "billing", "invoice", "invoices", "invoicing", "payments",
        "finance", "legal", "compliance", "privacy", "gdpr", "dpo", "press", "media", "pr", "hr", "jobs",
        "careers", "recruiting", "contact", "hello", "hi", "enquiries", "inquiries", "orders", "shop", "store",
        "service", "help", "feedback", "partners", "partnerships", "licensing", "license", "opensource",
        "oss", "packaging", "packages", "release", "releases", "dev", "developers", "engineering", "it",
        "infra", "ops", "sysadmin", "root", "office", "reception", "team", "mail", "dmarc",
        "reports", "report", "pki", "certs", "ssl", "tls", "cert", "agg", "fail", "bounce", "bounces",
        "alerts", "notifications", "newsletter", "marketing", "sales", "info", "investor", "investors", "ir",
    )
)  # fmt: skip
_LOCAL_SEPARATORS = re.compile(r"[-_.+]")
_DISPLAY_WORD = re.compile(r"[A-Za-z][A-Za-z0-9&'-]*")
# where a display name begins: a header's colon, a quote, an assignment, a list's comma
_DISPLAY_START = re.compile(r"[:\"=,;(\[\]]")
_OPENERS = ("<", "&lt;", "\\u003c", "\\u003C")


def _free_mail(domain: str) -> bool:
    labels = domain.split(".")
    # (`gmail.com`, `mail.yahoo.co.uk`: the provider is one of the domain's right-hand names)
    return any(".".join(labels[i:]).startswith(_FREE_MAIL) for i in range(len(labels)))


def _display_name(text: str, start: int) -> tuple[int, str] | None:
    """The display name before the address at `start` (its start and text), when an angle bracket
    opens the address."""
    opener = next((o for o in _OPENERS if text.endswith(o, 0, start)), None)
    if opener is None:
        return None
    end = start - len(opener)
    seg = line_start(text, end, 120)
    head = text[seg:end].rstrip(" \t\"'\\")
    cut = max((m.end() for m in _DISPLAY_START.finditer(head)), default=0)
    return seg + cut, head[cut:]


def _personal(word: str, names: tuple[frozenset[str], frozenset[str]]) -> bool:
    title = word[:1].upper() + word[1:].lower()
    return title in names[0] or title in names[1]


_FORM_WORDS = re.compile(r"[A-Za-z]+")


def legal_entity(display: str) -> bool:
    """Whether a display name ends in a company's legal form (`Initech Pty Ltd`, `Globex S.A.S.`)
    after a name of its own (`Ltd` alone names nothing)."""
    words = [w.lower() for w in _FORM_WORDS.findall(display.replace(".", ""))]
    if len(words) < 2:
        return False
    return any(" ".join(words[-n:]) in LEGAL_FORMS and len(words) > n for n in (1, 2, 3))


def _name_like(part: str, names: tuple[frozenset[str], frozenset[str]]) -> bool:
    """A listed given name or surname, or one behind an initial (`jsmith`) or before one (`smithj`)."""
    return any(_personal(w, names) for w in (part, part[1:], part[:-1]) if len(w) >= 2)


def _word_mailbox(part: str, names: tuple[frozenset[str], frozenset[str]]) -> bool:
    """A local part's piece that names a function: a role word, or a common English word that is
    no listed given name or surname, nor one behind an initial (`jsmith`) or before one (`smithj`).
    An unknown word is a possible name (`kowalczykowa`): no group's."""
    if part in _ROLE_WORDS:
        return True
    return part.isalpha() and part in common_english() and not _name_like(part, names)


def personal_local(local: str, names: tuple[frozenset[str], frozenset[str]]) -> bool:
    """Whether an address's local part looks like a person's: an initial beside another piece
    (`j.doe`), or a piece of letters that is no role or common word and is a listed given name or
    surname (or one with an initial), or an unknown word of four letters or more (`kowalczykowa`:
    a name the lists lack). Pieces with digits (a service's token, `a8f3k2`) name no one."""
    parts = [p for p in _LOCAL_SEPARATORS.split(local.lower()) if p]
    if len(parts) > 1 and any(len(p) == 1 and p.isalpha() for p in parts):
        return True
    for p in parts:
        if not p.isalpha() or p in _ROLE_WORDS or p in _RFC2142 or p in GROUP_WORDS:
            continue
        if _name_like(p, names) or (len(p) >= 4 and p not in common_english()):
            return True
    return False


def report_mailbox(local: str, domain: str, names: tuple[frozenset[str], frozenset[str]]) -> bool:
    """Whether a DNS record's report address (DMARC `rua=`, CAA `iodef`) may be the domain's own:
    never on a free-mail provider, never a personal-looking local part."""
    return not _free_mail(domain) and not personal_local(local, names)


def group_mailbox(
    text: str,
    start: int,
    end: int,
    names: tuple[frozenset[str], frozenset[str]],
    person_spans: Callable[[str], Iterable[Span]],
) -> bool:
    """Whether the address at start:end, written `Display Name <address>`, is a group's mailbox:
    the display name ends in a group word or a company's legal form (then any word naming no one
    may be the local part) and holds no person's name (no listed first name, no
    span the person-name detector finds), the domain is no free-mail provider's, and each part of
    the local part (split at - _ . +) is a role word or a non-name word of the display name
    (`platform-team@`, `release-bot@`), never a name or an initial (`jane.doe@`, `j.doe@`)."""
    found = _display_name(text, start)
    if found is None:
        return False
    d0, display = found
    words = _DISPLAY_WORD.findall(display)
    company = legal_entity(display)
    if not company and (len(words) < 2 or words[-1].lower() not in GROUP_WORDS):
        return False  # (a bare `Bot <ana.lima@gmail.com>` is a trailer's stand-in for a person)
    local, _, domain = text[start:end].lower().partition("@")
    if _free_mail(domain):
        return False
    if any(w[:1].isupper() and w in names[0] for w in words):
        return False  # `Lee Ops`, `Sarah from Acme Support`: a given name in it
    own = {w.lower() for w in words if not _personal(w, names)}
    for part in _LOCAL_SEPARATORS.split(local):
        if part in _RFC2142 or part in GROUP_WORDS or (company and _word_mailbox(part, names)):
            continue  # (a company's mailbox may be any word that names no one: `legal@`, `opensource@`)
        if len(part) < 2 or not part.isalpha() or part not in own:
            return False  # an initial, a number, a name or a word the display name lacks
    # last, the dearest: a person's name found on the line around the display name (its header's
    # label before it, `From:`, `Reviewed-by:`; bounded, so a line of many addresses stays linear)
    line = line_start(text, d0, 40)
    return not any(s.end > d0 - line and s.start < end - line for s in person_spans(text[line : end + 1]))
