"""Contact records read by their formats' own grammar: a vCard and an LDIF entry.

A contact card holds one person's details under property names its format defines, so the name
says what a value is without any cue in the words around it:

- vCard (RFC 6350, and 2426 for 3.0): between `BEGIN:VCARD` and `END:VCARD`, content lines
  `[group.]NAME[;param…]:value`; a line starting with a space or tab continues the one before
  (folding, RFC 6350 3.2). Personal properties: FN, N, NICKNAME, BDAY, ANNIVERSARY, ADR, LABEL, TEL,
  EMAIL, IMPP, GEO. ADR's components (`;`-separated: post box, extended, street, locality, region,
  postal code, country) go one by one, all but the country: a town beside a street completes a
  home. FN and N only in a card holding a contact property (TEL, EMAIL, ADR, BDAY…): a card of a
  name and a note alone labels a desk or a team, and a person's name there is left to the name rules.
- LDIF (RFC 2849) entries, from a `dn:` line to the blank line that ends the entry: `attr: value`,
  `attr:: base64` (the value redacted whole), continuation lines starting with one space. Personal
  attributes of the person schemas (RFC 4519, RFC 2798 inetOrgPerson): cn, sn, givenName,
  displayName, mail, mobile, telephoneNumber, homePhone, pager, homePostalAddress, postalAddress,
  street, l, st, postalCode, postOfficeBox; and a `cn=` in the entry's dn. Names and places only
  in a person's entry (a person object class, or with no class listed a person-only attribute
  such as sn or homePhone; else a name-shaped cn alone): LDAP's configuration, groups, roles and
  service accounts are developer text (`cn=config`, `cn: developers`).

- A contacts table (a CSV or TSV export: Google Contacts' `Address 1 - Street`, Outlook's `Home
  Street`, a plain `street`/`address1` column) whose header names a street column: its street cells
  (a number among words) and, beside a street taken, the same row's town, postal code and region
  cells; its name, phone and birth-date columns as `pii`'s delimited tables read them. Cells are
  split as RFC 4180 writes them (a quoted cell holds the separator), which `pii`'s table reader
  does not parse.

A card or entry is read line by line within a bounded reach (an unterminated card ends after
`_MAX_LINES` lines), every line once per card: linear. A line may carry a prefix a carrier added (a
diff's `+`, an indent, a quote, a notebook cell's `"`): the prefix of the card's first line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

GATE = Rx(r"(?i)begin:vcard|(?:^|[\n\"'])[ \t+>\"']*dn::? ")
# (a card or entry may open a line, after a carrier's prefix, or a string: `{"note": "BEGIN:VCARD`,
# whose following lines then carry no prefix)
_PREFIX = re.compile(r"[ \t+>\"']*")
_BEGIN = re.compile(r"(?im)(?<![\w.-])begin:vcard[ \t]*\"?,?$")
_DN = re.compile(r"(?im)(?:^[ \t+>\"']*|(?<=[\"']))dn(::?) ?(.*)$")
_MAX_LINES = 80
_LOG_PREFIX = 120  # characters of a log line's prefix before a card's first line
_DIGIT = re.compile(r"\d")
# a content line: group, name, parameters, value (RFC 6350 3.3)
_CONTENT = re.compile(r"(?:[A-Za-z0-9-]+\.)?([A-Za-z][A-Za-z0-9-]*)((?:;[^:\n]*)?):(.*)")
_VALUE_END = "\"'},]\\ \t\r"  # (a carrier's closing quote, a JSON line's comma)
_WHOLE = frozenset(("fn", "nickname", "bday", "anniversary", "label", "tel", "email", "impp", "geo"))
_CONTACT = frozenset(("tel", "email", "adr", "bday", "impp", "label", "geo", "anniversary"))
_KINDS = {"bday": "date_of_birth", "anniversary": "date_of_birth", "tel": "phone", "email": "email"}
_NOT_INDIVIDUAL = frozenset(("org", "group", "location"))
# (template placeholders of the common engines, and a string literal's end joined to an expression)
_TEMPLATE = re.compile(r"\{\{|\}\}|\$\{|%\(|<%|#\{|\{%|^[\"'][ \t]*[+,.]|[ \t][+][ \t]*[\"'A-Za-z_]")
_CODE_PATH = re.compile(r"[a-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+(?:\(\))?")
_UNESCAPED_SEMI = re.compile(r"(?<!\\);")
# (RFC 4519 / RFC 2798 attribute names and their long forms; compared case-insensitively)
_LDIF_PERSONAL = {
    "cn": "person_name",
    "commonname": "person_name",
    "sn": "person_name",
    "surname": "person_name",
    "givenname": "person_name",
    "gn": "person_name",
    "displayname": "person_name",
    "mail": "email",
    "rfc822mailbox": "email",
    "mobile": "phone",
    "mobiletelephonenumber": "phone",
    "telephonenumber": "phone",
    "homephone": "phone",
    "hometelephonenumber": "phone",
    "pager": "phone",
    "homepostaladdress": "address",
    "postaladdress": "address",
    "street": "address",
    "streetaddress": "address",
    "l": "address",
    "localityname": "address",
    "st": "address",
    "stateorprovincename": "address",
    "postalcode": "address",
    "postofficebox": "address",
}
# (RFC 4519 / RFC 2798 object classes of a person, and the attributes only a person's entry holds)
_PERSON_CLASSES = frozenset(("person", "organizationalperson", "inetorgperson", "residentialperson"))
_PERSON_ONLY = frozenset(
    ("sn", "surname", "givenname", "gn", "homephone", "hometelephonenumber", "homepostaladdress", "mobile")
)
_LDIF_ATTR = re.compile(r"([A-Za-z][A-Za-z0-9-]*)(?:;[A-Za-z0-9;-]+)?(::?)[ ]?(.*)")
_DN_CN = re.compile(r"(?i)(?:^|,)[ ]*cn=((?:\\.|[^,+\\])+)")


def _lines(text: str, start: int) -> Iterator[tuple[int, int]]:
    """(start, end) of each line from `start`, at most `_MAX_LINES` of them."""
    pos, n = start, 0
    while pos <= len(text) and n < _MAX_LINES:
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        yield pos, end
        pos, n = end + 1, n + 1


def _trimmed(text: str, a: int, b: int) -> tuple[int, int]:
    while b > a and text[b - 1] in _VALUE_END:
        b -= 1
        if text[b - 2 : b] == "\\n":  # (a line break a carrier escaped: a notebook's `…\n",`)
            b -= 2
    while a < b and text[a] in " \t":
        a += 1
    return a, b


def _vcard(text: str, body: int, prefix: str) -> tuple[list[Span], int]:
    """The spans of one card whose first content line starts at `body`, and where it ends."""
    props: list[tuple[str, int, int]] = []  # (name, value start, value end)
    seen: set[str] = set()
    end = body
    for a, b in _lines(text, body):
        end = b
        line = text[a:b]
        if not _same_prefix(line, prefix):
            continue
        rest = a + len(prefix)
        if text[rest : rest + 1] in (" ", "\t") and props:  # a folded line continues the value
            props.append((props[-1][0], rest + 1, b))
            continue
        m = _CONTENT.match(text, rest, b)
        if m is None:
            continue
        name = m[1].lower()
        if name == "end" and m[3].strip(_VALUE_END).lower() == "vcard":
            break
        seen.add(name)
        props.append((name, m.start(3), b))
    spans: list[Span] = []
    if any(n == "kind" and text[a:b].strip(_VALUE_END).lower() in _NOT_INDIVIDUAL for n, a, b in props):
        # (RFC 6350 6.1.4: the card is an organisation's, a group's or a place's: its name, help-desk
        # address and switchboard are no person's; the ordinary rules still read each value)
        return spans, end
    personal = not _CONTACT.isdisjoint(seen)
    for name, a, b in props:
        a, b = _trimmed(text, a, b)
        if a >= b or not _plain(name, text[a:b]):
            continue
        if name in _WHOLE and (name != "fn" or personal):
            spans.append(Span(a, b, _KINDS.get(name, "person_name" if name in ("fn", "nickname") else "address")))
        elif name in ("adr", "n") and (name == "adr" or personal):
            cut = [a] + [m.end() for m in _UNESCAPED_SEMI.finditer(text, a, b)]
            parts = [(s, (cut[i + 1] - 1 if i + 1 < len(cut) else b)) for i, s in enumerate(cut)]
            if name == "adr" and len(parts) >= 7 and not any(c.isdigit() for c in text[parts[-1][0] : parts[-1][1]]):
                # (the last component, the country, names no home; an unescaped `;` inside the street
                # may push the postcode to the seventh place, so the last one, not the seventh on)
                parts = parts[:-1]
            for s, e in parts:
                s, e = _trimmed(text, s, e)
                if s < e:
                    spans.append(Span(s, e, "address" if name == "adr" else "person_name"))
    return spans, end


def _plain(name: str, value: str) -> bool:
    """A value as a card holds it, not a template's placeholder or the code that builds the card
    (`{{ user.name }}`, `${PHONE}`, `" + contact.phone`): a phone has digits, an e-mail its `@`."""
    if _TEMPLATE.search(value) is not None or _CODE_PATH.fullmatch(value) is not None:
        return False
    if name == "tel":
        return sum(c.isdigit() for c in value) >= 5
    if name == "email":
        return "@" in value
    if name in ("bday", "anniversary"):
        return sum(c.isdigit() for c in value) >= 4
    return any(c.isalnum() for c in value)


def _prefix(text: str, pos: int, log: bool = False) -> str:
    """The carrier's prefix of the line holding `pos`, when nothing but a prefix precedes `pos`;
    with `log`, also a log line's prefix (a timestamp, a logcat tag) ending in a space."""
    a = text.rfind("\n", 0, pos) + 1
    m = _PREFIX.match(text, a, pos)
    if m is not None and m.end() == pos:
        return text[a:pos]
    return text[a:pos] if log and 0 < pos - a <= _LOG_PREFIX and text[pos - 1] in " \t" else ""


def _same_prefix(line: str, prefix: str) -> bool:
    """The line carries the card's prefix: the same text, or a log's prefix of the same shape (its
    timestamp's digits may differ from line to line)."""
    if line.startswith(prefix):
        return True
    return len(line) > len(prefix) and _DIGIT.sub("0", line[: len(prefix)]) == _DIGIT.sub("0", prefix)


def _ldif(text: str, dn: re.Match[str]) -> tuple[list[Span], int]:
    prefix = _prefix(text, dn.start(1) - 2)
    found: list[tuple[str, Span]] = []  # (attribute, span), judged once the entry's classes are known
    classes: set[str] = set()
    if dn[1] == ":":
        for m in _DN_CN.finditer(text, dn.start(2), dn.end(2)):
            found.append(("cn", Span(*m.span(1), "person_name")))
    attr, kind = "", None
    end = dn.end()
    for a, b in _lines(text, dn.end() + 1):
        end = b
        if not text.startswith(prefix, a, b):
            if text[a:b].strip(_VALUE_END):
                break
            continue  # (a carrier's own line between two of the entry's: a notebook's `",`)
        rest = a + len(prefix)
        if not text[rest:b].strip(_VALUE_END):
            break  # (a blank line ends the entry)
        if text[rest : rest + 1] == " ":  # a continuation line
            if kind is not None:
                s, e = _trimmed(text, rest + 1, b)
                if s < e:
                    found.append((attr, Span(s, e, kind)))
            continue
        m = _LDIF_ATTR.match(text, rest, b)
        if m is None:
            break
        attr = m[1].lower()
        if attr in ("objectclass", "objectclasses"):
            classes.add(text[m.start(3) : b].strip(_VALUE_END).lower())
        kind = _LDIF_PERSONAL.get(attr)  # (a `::` base64 value goes whole, as any other)
        if kind is not None:
            s, e = _trimmed(text, m.start(3), b)
            if s < e:
                found.append((attr, Span(s, e, kind)))
    return _ldif_personal(text, found, classes), end


def _ldif_personal(text: str, found: list[tuple[str, Span]], classes: set[str]) -> list[Span]:
    """The values of an entry that are a person's: all in a person's entry (its object classes, or
    with none listed, a person-only attribute); else its contact values, and with no class listed
    a name-shaped name (`cn: config`, `cn: developers`, `l: 3` of a group or a service are no one's)."""
    from persona_pipeline.core.evidence.redaction import pii

    listed = not _PERSON_CLASSES.isdisjoint(classes)
    if listed or (not classes and any(attr in _PERSON_ONLY for attr, _ in found)):
        return [s for _, s in found]

    def personal(attr: str, s: Span) -> bool:
        if s.kind in ("email", "phone") or attr in _PERSON_ONLY:
            return True
        return s.kind == "person_name" and not classes and pii._cell_ok("person_name", text[s.start : s.end])

    return [s for attr, s in found if personal(attr, s)]


# header words of a street column and of the rest of a home's address (contacts exports' column
# names: Google's `Address 1 - Street`, Outlook's `Home Street`, `address_line1`, `zip`, `postcode`)
# (the header words `_head_kind` takes for a street column: `street`, or `address` with a line number
# or a home's qualifier; a bare `address`, everywhere in code, opens nothing)
TABLE_GATE = Rx(
    r"(?i)street|address[ _-]?(?:line[ _-]?)?\d|address[ _-]?line|"
    r"(?:home|postal|mailing|shipping|billing|residential)[ _-]?address"
)
_MAX_HEADER = 400  # (a header line, at most: a longer line is prose or data)
_HEAD_WORD = re.compile(r"[a-z]+|\d+")
_NOT_HOME = frozenset(
    (
        "ip",
        "ipv4",
        "ipv6",
        "email",
        "mail",
        "mac",
        "memory",
        "wallet",
        "web",
        "url",
        "server",
        "remote",
        "local",
        "bind",
        "listen",
        "host",
        "network",
        "contract",
        "base",
        "return",
    )
)
_LOCALITY = frozenset(
    (
        "city",
        "town",
        "locality",
        "zip",
        "postcode",
        "postal",
        "region",
        "state",
        "province",
        "suburb",
        "district",
        "county",
    )
)
_ADDRESS_QUALIFIER = frozenset(("line", "home", "postal", "mailing", "shipping", "billing", "residential", "street"))
_HOME_HEAD = re.compile(r"(?i)(?<![a-z])(?:home|residential|private|personal)(?![a-z])")
_CARRIER_END = re.compile(r"(?:\\[nr])*[\"']?[ \t]*[,\]}]*[ \t]*$")
_LABEL = re.compile(r"[A-Za-z0-9 _/#()-]*")
_STREET_HEAD = frozenset(
    ("street", "address", "line", "home", "postal", "mailing", "shipping", "billing", "residential", "other", "name")
) | frozenset(("1", "2", "3"))
_STREET_VALUE = re.compile(r"(?:^|[ ,])\d+[A-Za-z]?(?:[/-]\d+)?(?:$|[ ,])")  # (a house number among words)
_WORD = re.compile(r"[^\W\d_]+")
_SEPS = (",", ";", "\t", "|")
_MAX_ROWS = 500
_QUOTED = re.compile(r'"(?:[^"\n]|"")*"')
_ESC_QUOTED = re.compile(r'\\"(?:[^"\\\n]|\\\\)*\\"')
_STRING_LINE = re.compile(r'[ \t+>]*"((?:[^"\\\n]|\\[^n\n])*)(?:\\n)?"[ \t]*,?[ \t]*')


def _string_line(text: str, a: int, b: int) -> tuple[int, int] | None:
    """The content of a line that is one JSON string of a list (a notebook's source, a JSON array of
    CSV lines: `    "a,\\"b c\\",d\\n",`), its quotes escaped inside; None for any other line."""
    m = _STRING_LINE.fullmatch(text, a, b)
    return None if m is None else m.span(1)


def _named(value: str) -> bool:
    """A word that is a name's: capitalised, or of a script without case (`Polna`, `東京`)."""
    return any(not w[0].islower() for w in _WORD.findall(value))


def _cells(text: str, a: int, b: int, sep: str, escaped: bool = False) -> list[tuple[int, int]]:
    """(start, end) of each cell of the line text[a:b], a quoted cell holding the separator (its
    quotes escaped `\\"` inside a JSON string)."""
    quote, quoted = ('\\"', _ESC_QUOTED) if escaped else ('"', _QUOTED)
    out, pos = [], a
    while True:
        lead = pos
        while lead < b and text[lead] in " \t+>":  # (a carrier's prefix or padding before a quote)
            lead += 1
        if text.startswith(quote, lead, b) and (m := quoted.match(text, lead, b)) is not None:
            nxt = text.find(sep, m.end(), b)
        else:
            nxt = text.find(sep, pos, b)
        if nxt < 0:
            out.append((pos, b))
            return out
        out.append((pos, nxt))
        pos = nxt + 1


def _head_text(cell: str, first: bool, last: bool) -> str:
    """A header cell without what a carrier added to the line's ends: a diff's `+`, an indent, a
    JSON string's key and quotes (`{"csv": "Name`, `    "Name`, `City\\n",`)."""
    c = cell.strip(" \t+>" if first else " \t")
    if last:
        c = _CARRIER_END.sub("", c)
    c = c.strip("\"'")
    if first and ('"' in c or "'" in c):
        c = re.split(r"[\"']", c)[-1]
    if last and ('"' in c or "'" in c):
        c = re.split(r"[\"']", c)[0]
    return c


def _label(c: str) -> bool:
    """A header cell: a short column name (`Home Street`, `address_line1`, `Address 1 - City`), not
    prose (`The form asks for the street address`, `Fields: street address`)."""
    return len(c) <= 40 and len(c.split()) <= 5 and _LABEL.fullmatch(c) is not None


def _head_kind(cell: str) -> str | None:
    words = _HEAD_WORD.findall(cell.lower())
    if not words or not _NOT_HOME.isdisjoint(words) or "country" in words:
        return None
    # (a street column's name is made of street words only: `street_view`, `street_lamp_count` are
    # no address; `address` alone names an IP's or a wallet's as often: a street's only with a line
    # number or a home's qualifier, `address1`, `Address 1`, `address_line1`, `home address`)
    if set(words) <= _STREET_HEAD and (
        "street" in words
        or (
            any(w.startswith("address") for w in words)
            and (any(w[-1].isdigit() for w in words) or not _ADDRESS_QUALIFIER.isdisjoint(words))
        )
    ):
        return "street"
    if not _LOCALITY.isdisjoint(words) or words[-2:] == ["postal", "code"]:
        return "locality"
    from persona_pipeline.core.evidence.redaction import pii

    return pii._column_kind(cell)


def _table_spans(text: str) -> Iterator[Span]:
    from persona_pipeline.core.evidence.redaction import pii

    read_to = -1
    for ((g0, _g1),) in TABLE_GATE.finditer(text):
        if g0 < read_to:
            continue
        h0 = text.rfind("\n", 0, g0) + 1
        h1 = text.find("\n", g0)
        h1 = len(text) if h1 < 0 else h1
        read_to = h1
        if h1 - h0 > _MAX_HEADER:
            continue
        inner = _string_line(text, h0, h1)
        escaped = inner is not None
        if inner is not None:
            h0, h1 = inner
        line = text[h0:h1]
        sep = max(_SEPS, key=line.count)
        if line.count(sep) == 0 or "[REDACTED:" in line:
            continue
        cells = _cells(text, h0, h1, sep, escaped)
        names = [_head_text(text[a:b], i == 0, i == len(cells) - 1) for i, (a, b) in enumerate(cells)]
        if not all(_label(c) for c in names):
            continue
        heads = [_head_kind(c) for c in names]
        if "street" not in heads:
            continue
        home_head = _HOME_HEAD.search(line) is not None
        pos = text.find("\n", h1) + 1 or len(text)
        for _ in range(_MAX_ROWS):
            if pos >= len(text):
                break
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            next_pos = end + 1
            r0, r1 = pos, end
            if escaped:
                inner = _string_line(text, pos, end)
                if inner is None:
                    break
                r0, r1 = inner
            cells = _cells(text, r0, r1, sep, escaped)
            if len(cells) != len(heads) or text[r0:r1] == line:
                break
            row: list[Span] = []
            streets: list[Span] = []
            towns: list[Span] = []
            for (a, b), kind in zip(cells, heads, strict=True):
                a, b = _trimmed(text, a, b)
                while a < b and text[a] in "\"'+>\\":
                    a += 1
                value = text[a:b]
                if not value or "[REDACTED:" in value:
                    continue
                if kind == "street":
                    # (a house number among words, one a name's: `2 items` is a count)
                    if " " in value and _STREET_VALUE.search(value) and _named(value) and len(value) <= 100:
                        streets.append(Span(a, b, "address"))
                elif kind == "locality":
                    if any(c.isalnum() for c in value) and len(value) <= 60:
                        towns.append(Span(a, b, "address"))
                elif kind is not None and pii._cell_ok(kind, value):
                    row.append(Span(a, b, kind))
            yield from row
            yield from streets
            # (the town and postcode beside a street only in a table of people: a row naming one, or
            # a home's column; a street table of depots or routes names places, not homes)
            if streets and (home_head or row):
                yield from towns
            pos = next_pos
        read_to = max(read_to, pos)


def contact_card_spans(text: str) -> Iterator[Span]:
    if TABLE_GATE.search(text) is not None:
        yield from _table_spans(text)
    if GATE.search(text) is None:
        return
    pos = 0
    while (m := _BEGIN.search(text, pos)) is not None:
        spans, pos = _vcard(text, m.end() + 1, _prefix(text, m.start(), log=True))
        yield from spans
        pos = max(pos, m.end())
    pos = 0
    while (m := _DN.search(text, pos)) is not None:
        spans, pos = _ldif(text, m)
        yield from spans
        pos = max(pos, m.end())
