"""The other members of a person's record, read from the record an e-mail address was found in.

A user object, a profile, an ID token's claims or a form post writes one person's details as the
members of one object: `{"name": …, "email": …, "phone": …}`. Alone, `name` or `phone` labels a
project or a switchboard as often as a person; in the object that holds a person's e-mail address
(one `pii.email_spans` found, as a member's whole quoted value: a role's or a machine's mailbox,
or an address inside a note's text, is no anchor) they are that person's.
The member names read are those of published person schemas, normalised (case, `_`, `-` and a
leading `$` dropped, so `given_name`, `givenName` and `$first_name` are one):

- OpenID Connect Core 1.0 section 5.1, the standard claims: name, given_name, family_name,
  middle_name, nickname, preferred_username, birthdate, phone_number, address (and its
  street_address member, section 5.1.1);
- SCIM 2.0 core User schema (RFC 7643 section 4.1): userName, displayName, nickName, phoneNumbers;
- Sentry's event user interface (develop.sentry.dev, "User"): username, name;
- the reserved profile properties of Mixpanel (`$name`, `$first_name`, `$last_name`, `$phone`) and
  Segment's identify traits (name, firstName, lastName, username, phone, birthday, address);
- Stripe's customer and address objects (docs.stripe.com/api): name, phone, line1, line2;
- Google's postal address (google.type.PostalAddress): recipients, addressLines;
- schema.org Person (telephone, birthDate), Okta's user profile (login, mobilePhone), GitHub's user
  (login), Stripe's invoice (customer_name), and the engine's own person keys (`pii._PERSON_KEYS`:
  full_name; its birth keys: date_of_birth, dob).

A postal address object (a first line beside its town or postcode) anchors a record too: its
recipient's name and phone are the addressee's. So does a form-encoded body or query string
(`name=…&email=…`, read URL-decoded) whose parameter's value is the address, and an HTML table row
(`<tr><td>…</td><td><address></td>…`) whose cell is the address: its name and home address cells.

An object is the text between the nearest `{` before the address and the nearest `}` after it, each
within `_REACH` characters (a nested object, such as an address inside a customer, is read with it).
Quoted values only (`"…"` or `'…'`); a value that is a placeholder, a template or empty is left.
Every search is a C-speed `find` bounded by `_REACH`, and each object is read once: linear.
"""

from __future__ import annotations

import re

from persona_pipeline.core.evidence.redaction.spans import Span

_REACH = 1200  # characters from the address to its object's braces: a longer record is no one object

# normalised member name -> the kind of its value
_MEMBER_KINDS: dict[str, str] = {
    **dict.fromkeys(
        ("name", "fullname", "displayname", "givenname", "familyname", "middlename", "firstname", "lastname",
         "nickname", "customername", "recipient", "recipients"),
        "person_name",
    ),
    **dict.fromkeys(("username", "preferredusername", "login"), "user_name"),
    **dict.fromkeys(("phone", "phonenumber", "phonenumbers", "mobile", "mobilephone", "telephone"), "phone"),
    **dict.fromkeys(("address", "streetaddress", "line1", "line2", "addressline1", "addressline2"), "address"),
    **dict.fromkeys(("birthdate", "birthday", "dateofbirth", "dob"), "date_of_birth"),
    # (a national identity number's column or member: schema.org Person's `taxID` aside, the names
    # databases give it; only a person holds one)
    **dict.fromkeys(
        ("nationalid", "nationalidnumber", "nationalnumber", "nationalidentitynumber"), "national_id_number"
    ),
}  # fmt: skip
# what follows `born` in a birth date's member name (`born_on`, `born_at`, `born_date`, `born`)
_BORN_TAILS = frozenset(("", "on", "at", "date", "day"))
# members that name a company, a team or a thing as often as a person: their value must read as a
# person's name by the engine's own reading (`pii.person_cell`: no legal form, no everyday word)
_BARE_NAME_MEMBERS = frozenset(("name", "displayname", "display_name", "nickname", "recipient", "recipients"))
# a postal address's first line (Stripe's and Shopify's `line1`/`address1`, OIDC's `street_address`,
# Google's `addressLines`) and, in the same object, its town or postcode (`city`, `locality`,
# `postal_code`, `postcode`, `zip`): the object is an address, its `recipient`, `name`, `phone` a person's
_STREET_LINE = re.compile(
    r"[\"']?(?:line1|address_?line_?1|address1|street_address|addressLines?|addressLine1)[\"']?[ \t]*[:=][ \t]*"
    r"[\"'\[]+([^\"'\n\\{}]{3,160})[\"']"
)
_TOWN_MEMBER = re.compile(r"[{,\s][\"']?(?:city|locality|town|postal_?code|post_?code|zip(?:_?code)?)[\"']?[ \t]*[:=]")
_RECIPIENT = re.compile(r"[{,\s][\"']?recipients?[\"']?[ \t]*[:=]")
_PERSON_ADDRESS_KEY = re.compile(
    r"[\"']?(?:shipping|billing_details|shipping_address|billing_address)[\"']?[ \t]*:[ \t]*\Z"
)
# an HTML table cell (its tags possibly escaped): `<td>…</td>`, `&lt;td&gt;…&lt;/td&gt;`
_CELL = re.compile(
    r"(?:<td[^<>]{0,40}>|&lt;td&gt;)([^<>&]{1,160}(?:&[#\w]{1,10};[^<>&]{0,160}){0,8})(?:</td>|&lt;/td&gt;)"
)
_CELL_OPEN = re.compile(r"(?:<td[^<>]{0,40}>|&lt;td&gt;)[ \t]*\Z")
_CELL_CLOSE = re.compile(r"[ \t]*(?:</td>|&lt;/td&gt;)")
# a form-encoded parameter (`&name=value`) and the one an address is the value of
_PARAM = re.compile(r"(?:^|(?<=[?&\"'\n]))([A-Za-z_$][A-Za-z0-9_.$-]{0,40})=([^&\n\"'=]{1,160})")
_PARAM_HEAD = re.compile(r"(?:^|[?&\"'\s])[A-Za-z_$][A-Za-z0-9_.$-]{0,40}=\Z")
# a member: its name (quoted or bare, a JS object's), `:` or `=`, then a quoted value on one line
_MEMBER = re.compile(
    r"""(?:^|[{,\s(])["']?(\$?[A-Za-z_][A-Za-z0-9_-]{0,40})["']?[ \t]*[:=][ \t]*(["'])([^"'\n\\{}<>]{1,160})\2"""
)
# the end of a member's name before its quoted value: `":`, `:`, `=` and spaces (a plan's or an HCL
# block's attributes align their `=` with spaces: `email       = "…"`)
_VALUE_HEAD = re.compile(r"[\w\"'][ \t]{0,32}[:=][ \t]{0,4}\Z")
# a placeholder, a template, an upper-case constant or an empty word: no person's value
_TEMPLATE = re.compile(
    r"\[REDACTED:|\$\{|\{\{|<[A-Z_]+>|(?-i:^[A-Z][A-Z0-9_]{3,}$)|^(?:null|none|true|false|n/a|-)$"
    # (a query's parameters: Python's format fields, PEP 3101; DB-API paramstyles, PEP 249)
    r"|^\{[A-Za-z_][\w.\[\]]*\}$|^%s$|^%\(\w+\)s$|^\?$|^:\w+$|^\$\d+$",
    re.I,
)


def member_kind(member: str) -> str | None:
    """The kind of a person's detail a member (or column) of this name holds, or None."""
    name = member.lstrip("$").replace("_", "").replace("-", "").lower()
    kind = _MEMBER_KINDS.get(name)
    if kind is None and name.startswith("born") and name[4:] in _BORN_TAILS:
        return "date_of_birth"  # (`born_on`, `born_at`, `bornDate`: the participle names the birth)
    return kind


def plausible_value(kind: str, value: str) -> bool:
    """Whether `value` has the shape of a `kind` value (not a placeholder, a template, an id)."""
    v = value.strip()
    if not v or _TEMPLATE.search(v):
        return False
    if kind == "person_name":
        # a name's words: letters (any script), apostrophes, hyphens, dots; a few words, no digit, and
        # written as a name (a capital or a letter past ASCII: `note`, `email` name a field or a thing)
        return (
            any(c.isupper() or (c.isalpha() and not c.isascii()) for c in v)
            and not any(c.isdigit() for c in v)
            and len(v.split()) <= 6
            and "/" not in v
        )
    if kind == "user_name":
        return " " not in v and "/" not in v and any(c.isalpha() for c in v)
    if kind == "phone":
        return sum(c.isdigit() for c in v) >= 6 and not any(c.isalpha() for c in v)
    if kind == "date_of_birth":
        return sum(c.isdigit() for c in v) >= 4
    if kind == "national_id_number":
        # (an identity number: 6 to 20 digits, a few letters or separators at most; no word)
        digits = sum(c.isdigit() for c in v)
        return 6 <= digits <= 20 and len(v) <= digits + 4 and all(c.isalnum() or c in " -./" for c in v)
    return any(c.isalpha() for c in v)  # address: a line of words


def _member_value(text: str, start: int, end: int) -> bool:
    """Whether the address is a member's whole quoted value (`"email": "…"`), not a word of some
    note's text that happens to sit in an object."""
    q = text[start - 1 : start]
    return (
        q in ('"', "'")
        and text[end : end + 1] == q
        and _VALUE_HEAD.search(text, max(0, start - 40), start - 1) is not None
    )


def _person_cell(value: str) -> bool:
    # (imported here: `pii` imports `sql_rows`, which reads this module's schema names)
    from persona_pipeline.core.evidence.redaction.pii import person_cell

    return person_cell(value)


def _anchors(text: str, spans: list[Span]) -> list[tuple[int, int, bool]]:
    """The values that make an object a person's, and whether its `name` is the person's: a found
    e-mail address as a member's whole value (yes), and a postal address's first line in an object
    that also names its town or postcode and is a person's by a `recipient` member or by its key,
    Stripe's `shipping` / `billing_details` (no: a depot's or a shop's address has a `name` too)."""
    out = [(s.start, s.end, True) for s in spans if s.kind == "email" and _member_value(text, s.start, s.end)]
    if "line1" in text or "address1" in text or "ddressLine1" in text or "street_address" in text:
        for m in _STREET_LINE.finditer(text):
            lo = text.rfind("{", max(0, m.start() - _REACH), m.start())
            hi = text.find("}", m.end(), m.end() + _REACH)
            if lo < 0 or hi < 0 or _TOWN_MEMBER.search(text, lo, hi) is None:
                continue
            if _RECIPIENT.search(text, lo, hi) is not None or _PERSON_ADDRESS_KEY.search(text, max(0, lo - 64), lo):
                out.append((*m.span(1), False))
    return out


def _query_members(text: str, start: int, end: int, floor: int) -> tuple[list[Span], int]:
    """The person parameters of a form-encoded body or query string holding the address as a
    parameter's value (`name=…&email=<address>&phone=…`; read in the URL-decoded view)."""
    if text[start - 1 : start] != "=" or _PARAM_HEAD.search(text, max(0, start - 48), start) is None:
        return [], floor
    # (each bound within `_REACH`: a long body with no delimiter is read in windows, not from its start)
    # (and from where the last body's reading stopped: each parameter is read once, rev48r R13)
    lo = max(start - _REACH - 1, floor - 1, *(text.rfind(c, max(0, start - _REACH), start) for c in "\n\"'?"))
    his = [i for c in "\n\"'" if (i := text.find(c, end, end + _REACH)) >= 0]
    hi = min(his) if his else min(len(text), end + _REACH)
    out = []
    for m in _PARAM.finditer(text, lo + 1, hi):
        kind = member_kind(m.group(1))
        if kind is not None and plausible_value(kind, m.group(2)):
            out.append(Span(*m.span(2), kind))
    return out, max(floor, hi)


def _row_cells(text: str, start: int, end: int) -> list[Span]:
    """The other cells of an HTML table row whose one cell is the address: the person's name (read
    as one by `pii.person_cell`) and home address (`address_fields.address_like`). The row's tags may
    be escaped (`&lt;td&gt;`); a row is read within `_REACH` of the address."""
    if _CELL_OPEN.search(text, max(0, start - 40), start) is None or _CELL_CLOSE.match(text, end) is None:
        return []
    lo = max(text.rfind("<tr", max(0, start - _REACH), start), text.rfind("&lt;tr", max(0, start - _REACH), start))
    ends = [i for t in ("</tr", "&lt;/tr") if (i := text.find(t, end, end + _REACH)) >= 0]
    if lo < 0 or not ends:
        return []
    from persona_pipeline.core.evidence.redaction.address_fields import address_like

    out = []
    for m in _CELL.finditer(text, lo, min(ends)):
        a, b = m.span(1)
        cell = text[a:b].strip()
        if not cell or a == start or "[REDACTED:" in cell:
            continue
        if _person_cell(cell):
            out.append(Span(a, b, "person_name"))
        elif address_like(cell):
            out.append(Span(a, b, "address"))
    return out


def record_member_spans(text: str, spans: list[Span]) -> list[Span]:
    """The person members of each object holding a person's e-mail address or postal address (see
    the module)."""
    out: list[Span] = []
    floor = 0
    for s in sorted(spans, key=lambda x: x.start):
        if s.kind == "email" and text[s.start - 1 : s.start] == "=":
            found, floor = _query_members(text, s.start, s.end, floor)
            out.extend(found)
        elif s.kind == "email" and text[s.start - 1 : s.start] in (">", ";"):
            out.extend(_row_cells(text, s.start, s.end))
    seen: set[tuple[int, int]] = set()
    for start, end, names in _anchors(text, spans):
        lo = text.rfind("{", max(0, start - _REACH), start)
        hi = text.find("}", end, end + _REACH)
        if lo < 0 or hi < 0 or (lo, hi) in seen:
            continue
        seen.add((lo, hi))
        for m in _MEMBER.finditer(text, lo, hi):
            kind = member_kind(m.group(1))
            value = m.group(3).strip()
            if kind == "user_name" and " " in value:
                # (a login's key holding words: a display name, Lemon Squeezy's order `user_name`, the
                # customer's full name beside `user_email`; read as a name, by a name's reading)
                if not _person_cell(value):
                    continue
                kind = "person_name"
            if kind is None or not plausible_value(kind, m.group(3)):
                continue
            if kind == "person_name" and not names and not m.group(1).lower().startswith("recipient"):
                continue
            if m.group(1).lstrip("$").lower() in _BARE_NAME_MEMBERS and not _person_cell(m.group(3).strip()):
                continue  # (`"name": "Acme Logistik GmbH"`, `"Release Pipeline"`: a company's, a thing's)
            a, b = m.span(3)
            lo_gap, hi_gap = (b, start) if b <= start else (end, a)
            if kind != "address" and any(c in text[lo_gap:hi_gap] for c in "{}[]"):
                continue  # (a member of another object in the same braces: a request's, a nested item's)
            while a < b and text[a] == " ":
                a += 1
            while b > a and text[b - 1] == " ":
                b -= 1
            out.append(Span(a, b, kind))
    return out
