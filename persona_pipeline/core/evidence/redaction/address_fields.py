"""Postal addresses as the value of a field that names one, whatever the country's street grammar.

The street grammars (`pii`, `intl_formats`, `street_grammar`) recognise an address by its shape,
one national convention at a time. A record, a form or a message often says what the value is
instead: a key (`"home_address": …`, `homeAddress:`, `street:`, `"line1":`, `"postal_city":`), an
XML element (`<Street>…</Street>`), a PostgreSQL unique-violation detail (`Key (home_address)=(…)`),
a CSV column (`id,street,city`) or a prose label (`Lieferadresse:`, `ship to`, `адрес доставки:`).
Its value is then an address when it reads like one (`address_like`): a digit (house number,
postcode) and a name word (capitalised, or of a script without case), and none of what an
`address` key holds in code (an IP, a host and port, a URL, an e-mail, a memory address). A city
or town field is redacted only with its postcode (`811 06 Bratislava`): a city alone is no one's.

Keys are matched by RE2 on the text's fold (see `matching`); each value is read by bounded string
scans (at most `_VALUE_MAX` characters), so the detector is linear in the text.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span, placeholder_cells_only

_SEP = r"[ _.-]?"
# the words before `address` that make it a person's (a camel hump counts: `homeAddress`)
_WHOSE = (
    r"home|street|postal|mailing|billing|shipping|delivery|residential|residence|permanent|current|"
    r"customer|client|user|member|contact|correspondence|registered|invoice"
)
_ADDRESS_WORDS = (
    r"address|adresse|adres|anschrift|direcci\x7fn|direccion|domicilio|indirizzo|endere\x7fo|"
    r"(?:liefer|rechnungs|wohn|post)adresse|woonadres|postadres|"
    # a form's field for where a person lives: `Residence:`, `Place of residence:`, `Wohnort:`, `Morada:`
    r"(?:place[ _-]of[ _-])?residence|wohnort|wohnsitz|morada|residencia"
)
# groups: 1 an address word (with its owner), 2 a street or address line, 3 a city or town
_KEY_BODY = (
    rf"(?:\b|_|(?-i:[a-z]))((?:(?:{_WHOSE}){_SEP})?(?:{_ADDRESS_WORDS})|(?:{_WHOSE}){_SEP}addr|ship(?:ping)?{_SEP}to|deliver(?:y)?{_SEP}to)"
    rf"(?:\b|_)|(?:\b|_)((?:street|strasse|stra\x7fe)(?:{_SEP}(?:address|line|name))?|address{_SEP}line{_SEP}[12]|"
    rf"line{_SEP}[12]|address[12])(?:\b|_)|(?:\b|_)((?:postal{_SEP})?(?:city|town)|city{_SEP}line|ort|ville|ciudad)(?:\b|_)"
)
KEY = Rx(f"(?i){_KEY_BODY}")
# a CSV header naming an address column (the gate: a header line is found by its cell words)
_CSV_HEAD = Rx(r"(?im)^[^\n]{0,80}\b(?:street|address|city)\b[^\n]{0,120}$")
# (read on the original text, case-insensitively: offsets into `text.lower()` are not the text's,
# whose lowering may change its length, `İ`; see `other_label`)
# (the word for an address, or a delivery address, in Russian/Ukrainian, Japanese, Chinese, Korean
# (주소, 배송지), Japanese 送付先, Hebrew כתובת, Arabic عنوان, Persian آدرس, Urdu پتہ)
# (the label in capitals too, `АДРЕС:`: a form's field names are often upper case)
OTHER_LABEL_WORDS = (
    "дрес",
    "ДРЕС",
    "住所",
    "地址",
    "주소",
    "배송지",
    "送付先",
    "כתובת",
    "عنوان",
    "آدرس",
    "پتہ",
    "ул.",
    "улица",
    "просп.",
)
# A Russian street line as the post writes it (street type, name, `д.` house, optional building
# and flat, then the six-digit postcode and town): ул. Ленина, д. 5, кв. 12, 620014 Екатеринбург
_RU_STREET = re.compile(
    r"(?:ул\.|улица|просп\.|пр-т|пер\.|наб\.|бул\.|ш\.)[ \t]?[А-ЯЁ][а-яё-]{1,30}(?:[ \t][А-ЯЁа-яё-]{1,30}){0,2},"
    r"[ \t]?(?:д\.|дом)[ \t]?\d{1,4}[а-я]?(?:,[ \t]?(?:к\.|корп\.|стр\.)[ \t]?\d{1,3})?"
    r"(?:,[ \t]?(?:кв\.|оф\.)[ \t]?\d{1,4})?(?:,[ \t]?\d{6}[ \t][А-ЯЁ][а-яё-]{1,30})?"
)
_OTHER_LABELS = re.compile(r"адреса?|住所|地址|주소|배송지|送付先|כתובת|(?:ال)?عنوان|آدرس|پتہ", re.IGNORECASE)
# after a label of another script, its copula in English or its colon (`my العنوان is …`)
_LABEL_THEN = re.compile(r"(?:[ \t]*(?:[:：]|\bis\b))?")
# CJK addresses run without spaces: the units of the Chinese, Japanese and Korean address systems
# (province, city, district, town, road, street, lane, number, building, floor, room; 丁目, 番地)
_CJK_UNITS = re.compile(
    r"省|市|区|區|县|縣|镇|鎮|路|街|道|大道|巷|弄|号|號|院|楼|樓|室|都|府|県|町|村|丁目|番地|番|층|호|동|로|길|구"
)
_CJK_CHAR = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]")
_NEXT_STRING = re.compile(r'\\?"[ \t]*(?:,|:[ \t]*\[[ \t]*\\?"\\?"[ \t]*,)[ \t]*(?=\\?")')
_VALUE_MAX = 160
_KEY_GAP = 12  # characters of quoting, closing and separator between a key and its value
_MAX_CSV_ROWS = 200
_CSV_COLUMNS = frozenset(("street", "address", "street_address", "address_line1", "address1", "city", "postal_city"))

_HOSTISH = re.compile(
    # (a host and port is lowercase or dotted: Turkish `No:152` is a house number)
    r"://|@|\b\d{1,3}\.\d{1,3}\.\d{1,3}\b|\b(?:[a-z0-9-]+|[A-Za-z0-9-]*\.[A-Za-z0-9.-]+):\d{2,5}\b|\b0x[0-9a-fA-F]+|"
    r"[{}<>$=\\()`\[\]]"
)
# a postcode with its country's prefix (L-7432, LV-1046, CH-8001)
_LETTERED_POSTCODE = re.compile(r"[A-Z]{1,2}-\d{3,5}$")
_NAME_WORD = re.compile(r"[^\W\d_]{3,}")
_POSTCODE = re.compile(r"\d{3,}|\d\d \d{3}")


def _latin(ch: str) -> bool:
    o = ord(ch)
    return o < 0x250 or 0x1E00 <= o <= 0x1EFF  # (Vietnamese is Latin Extended Additional)


# Street types as written in many countries' addresses (a word of its own, or a compound's end:
# Marktgasse, Nørrebrogade, Laugavegur), and house or unit markers (Nr., д., кв.): what an address
# field's value holds that a title or a version string (`Python 3, 2024 Edition`) does not.
# (no English word or abbreviation, `tie`, `gate`, `no`, `pr`, `sk`: any value with a capital and
# a number would read as a street, `Tie 3 Cards`, `Gate 12 Boarding`, `No 5 Hotel`)
_STREET_WORDS = frozenset(
    [
        "street",
        "st",
        "avenue",
        "ave",
        "av",
        "avda",
        "avenida",
        "road",
        "rd",
        "lane",
        "ln",
        "drive",
        "dr",
        "boulevard",
        "blvd",
        "bd",
        "way",
        "court",
        "ct",
        "place",
        "pl",
        "terrace",
        "crescent",
        "close",
        "highway",
        "hwy",
        "parkway",
        "square",
        "sq",
        "rue",
        "chemin",
        "allée",
        "allee",
        "impasse",
        "quai",
        "calle",
        "carrera",
        "rua",
        "rruga",  # (Albanian: street, abbreviated Rr.)
        "rr",
        "travessa",
        "via",
        "viale",
        "piazza",
        "corso",
        "largo",
        "strada",
        "straße",
        "strasse",
        "str",
        "gasse",
        "weg",
        "platz",
        "ring",
        "damm",
        "straat",
        "laan",
        "plein",
        "gracht",
        "kade",
        "iela",
        "cesta",
        "ulica",
        "ul",
        "utca",
        "út",
        "gatan",
        "gata",
        "vej",
        "gade",
        "vegur",
        "katu",
        "mnt",
        "maantee",
        "prospekt",
        "prospektas",
        "jalan",
        "jl",
        "lorong",
        "soi",
        "thanon",
        "đường",
        "phường",
        "quận",
        "cad",
        "caddesi",
        "cd",
        "sokak",
        "mahallesi",
        "mah",
        "woreda",
        "kebele",
        "bulevar",
        "bulevardul",
        "calea",
        "trg",
        "náměstí",
        "nám",
        "ulitsa",
        "prospect",
        "brgy",
        "barangay",
        "nr",
        "nº",
        "д",
        "дом",
        "кв",
        "ул",
        "улица",
        "вул",
        "вулиця",
        "пр",
        "просп",
        "проспект",
    ]
)
_STREET_ENDINGS = (
    "gasse",
    "gade",
    "gata",
    "gatan",
    "vegur",
    "vej",
    "veien",
    "katu",
    "straße",
    "strasse",
    "weg",
    "platz",
)
_TOKEN = re.compile(r"[^\W\d_]+", re.UNICODE)


# A unit designator and its number (`apt 15`, `Block 8`, `flat 16`, `casa 44`, `Bldg. 3`): the
# secondary unit designators of USPS Publication 28 (appendix C2: APT, BLDG, FL, STE, UNIT, RM, DEPT,
# LOT …) and their equivalents in UPU S42 address templates (house, block, flat; casa, piso, depto,
# andar, bloco, lote, edificio; bât., étage; Wohnung). Only with its number: a unit word alone
# (`flat file`, `unit test`, `block size`) is no address.
_UNIT = re.compile(
    r"(?i)(?:apt|apartment|appt|bldg|building|block|blk|house|flat|unit|suite|ste|floor|fl|room|rm|"
    r"lot|plot|dept|casa|piso|depto|departamento|andar|bloco|lote|edificio|edif|b\u00e2t|b\u00e2timent|\u00e9tage|"
    r"wohnung|whg)\.?[ \t]?(?:no\.?[ \t]?)?\d{1,5}[A-Za-z]?"
)
# (a part of name words alone, the locality beside the unit: `Kanyama`, `Al Riyadh`)
_NAME_PART = re.compile(r"[^\W\d_][^\W\d_'’.-]*(?:[ -][^\W\d_][^\W\d_'’.-]*){0,3}")


def _unit_worded(value: str) -> bool:
    """A unit designator and its number as a comma-separated part of its own (`Block 8`, `flat 16`),
    beside a part of capitalised name words (a locality): `Room 4 on-call rota`, `Block 4 of 10`,
    `Lot 7, Batch 12` are counts and labels, not addresses (rev46r R1, R9)."""
    parts = [p.strip() for p in value.split(",")]
    return any(_UNIT.fullmatch(p) for p in parts) and any(_NAME_PART.fullmatch(p) and p[:1].isupper() for p in parts)


def _street_worded(value: str, units: bool = True) -> bool:
    words = [w.lower() for w in _TOKEN.findall(value)]
    return (
        any(w in _STREET_WORDS or w.endswith(_STREET_ENDINGS) for w in words)
        or any(not (c.isupper() or c.islower()) for w in words for c in w[:1])
        or (units and _unit_worded(value))
    )


_RESIDENCE_KEY = re.compile(r"(?i)residence|wohnort|wohnsitz|morada|residencia")


def _cjk_address(value: str) -> bool:
    """A CJK address: a number and three of the address system's units (`北京市朝阳区建国路12号`)."""
    return any(c.isdigit() for c in value) and len(_CJK_UNITS.findall(value)) >= 3


def address_like(value: str, city: bool = False) -> bool:
    """Whether a field's value reads as a postal address (a city field's: a postcode and a town)."""
    # (two spaces in a row: aligned code or a docstring, not an address someone typed)
    if not 5 <= len(value) <= _VALUE_MAX or "  " in value or _HOSTISH.search(value):
        return False
    if not city and _CJK_CHAR.search(value) is not None and _cjk_address(value):
        return True
    if not any(c.isdigit() for c in value) or (city and not _POSTCODE.search(value)):
        return False
    words = [w for w in re.split(r"[\s,]+", value) if w]
    # a house number or postcode is a word of its own (`147`, `L-7432`, `59/94`; not `IPv6`)
    if len(words) < 2 or not any(w[0].isdigit() or _LETTERED_POSTCODE.match(w) for w in words):
        return False
    if sum(any(c.isdigit() for c in w) for w in words) > len(words) - 1:
        return False
    # a name word: capitalised, or of a script without case (Thai, CJK…)
    return any(m[0][0].isupper() or not (m[0][0].isupper() or m[0][0].islower()) for m in _NAME_WORD.finditer(value))


def _value_at(text: str, pos: int, prose: bool = False) -> tuple[int, int] | None:
    """The value after a key ending at `pos`: quoted, in parentheses (`)=(`), an element's text or
    the rest of the line (cut where the script changes: a value in a sentence of another one).
    A key needs a separator (`:`, `=`, a quote, `>`); a prose label (`ship to`) may have a space."""
    i, gap_end = pos, min(len(text), pos + _KEY_GAP)
    # (a Ruby DSL's block, `address { "…" }`, is a separator too)
    if not prose and not any(c in ":=\"'>({" for c in text[pos:gap_end].split("\n", 1)[0][:4]):
        # a REST path's finder, `/customers/by-address/<value>`: the segment after the key
        # (the slice starts at most 40 characters back: with no slash there, from the text's start
        # it would lower the whole text before every key)
        segment = text[max(text.rfind("/", max(0, pos - 40), pos) + 1, pos - 40, 0) : pos].lower()
        if text[pos : pos + 1] == "/" and segment.startswith(("by-", "by_")):
            end = pos + 1
            while end < min(len(text), pos + 1 + _VALUE_MAX) and text[end] not in "/?#\"'\r\n\\":
                end += 1
            return (pos + 1, end) if end > pos + 1 else None
        return None
    # a bind list's pair, `["street_address", "…"]` (Rails), and an audit log's change, `"address":
    # ["", "…"]` (the old value empty): the value is the next string
    pair = _NEXT_STRING.match(text, pos)
    if pair is not None:
        pos = pair.end()
        i, gap_end = pos, min(len(text), pos + _KEY_GAP)
    while i < gap_end and text[i] in " \t\"'\\)]>:=({":
        sep = text[i]
        i += 1
        # (a quote followed by the separator closes the key, `"street": "…"`: it opens nothing)
        if sep in "\"'" and text[i:gap_end].lstrip(" \t\\")[:1] in (":", "="):
            continue
        if sep in "(\"'" or (sep == ">" and text[pos - 1 : pos] != "\\"):
            # the value's opening: it ends at its closer
            closer = {"(": ")", ">": "<"}.get(sep, sep)
            end = text.find(closer, i, i + _VALUE_MAX + 1)
            if end < 0:
                return None
            if text[end - 1 : end] == "\\":  # (an escaped quote: `\"…\"`)
                end -= 1
            return (i, end) if "\n" not in text[i:end] else None
    if (i == pos and not prose) or i >= len(text) or text[i] in "\r\n":
        return None
    end = i
    stop = min(len(text), i + _VALUE_MAX)
    first_latin: bool | None = None
    # (an unquoted value ends at its line's end, or where the string or markup holding it closes)
    while end < stop and text[end] not in "\r\n<{}[]":
        ch = text[end]
        if ch == '"':
            # a quote opening a word inside the value (`77 "The Cedars" Road`) is part of it: the
            # value goes on past its closer unless that closes a key (`, "id": 3`); any other
            # quote closes the string holding the value
            close = -1
            if text[end - 1 : end] in (" ", "\t") and text[end + 1 : end + 2].isalnum():
                close = text.find('"', end + 1, min(stop, end + 1 + _INNER_QUOTE_MAX))
            if close < 0 or any(c in "\r\n\\" for c in text[end:close]):
                break
            if text[close + 1 : close + 2] in (":", "="):
                break
            end = close + 1
            continue
        if ch == "'" and text[end + 1 : end + 2] in (",", ";", ")", "}", "]", ""):
            break  # (a single-quoted string closes: `'ship to …', 'retries': 3`; O'Connell goes on)
        if ch.isalpha():
            if first_latin is None:
                first_latin = _latin(ch)
            elif _latin(ch) != first_latin:
                break
        end += 1
    while end > i and text[end - 1] in " \t.,;\"'\\":
        end -= 1
    return i, end


# the longest quoted name inside an unquoted address (`"The Cedars"`)
_INNER_QUOTE_MAX = 40

# the words that make an `address` a machine's, a network's or a mailbox's (`IP address`,
# `mac_address`, `bindAddress`, `email address`)
_NOT_POSTAL = frozenset(
    [
        "ip",
        "ipv4",
        "ipv6",
        "mac",
        "email",
        "e-mail",
        "mail",
        "bind",
        "listen",
        "remote",
        "local",
        "server",
        "host",
        "proxy",
        "memory",
        "base",
        "wallet",
        "contract",
        "web",
        "return",
        "load",
        "virtual",
        "network",
        "broadcast",
        "gateway",
        "public",
        "private",
        "loopback",
        "sender",
        "recipient",
        "reply",
        "node",
        "peer",
        "socket",
        "link",
        "hardware",
        "physical",
        "source",
        "destination",
        "dest",
        "target",
    ]
)
_WORD_BEFORE = re.compile(r"([A-Za-z0-9-]+)[ _.]?$")


def _qualified_away(text: str, key_start: int) -> bool:
    """Whether the word before an `address` key names a machine or mailbox address."""
    m = _WORD_BEFORE.search(text, max(0, key_start - 12), key_start)
    return m is not None and m[1].lower() in _NOT_POSTAL


def _ort_unlike(text: str, k0: int, k1: int) -> bool:
    """Whether a German `Ort` (town) key is rather ONNX Runtime's `ort`, an `ORT` abbreviation or a
    code assignment: a town key is written `Ort`/`ort` and followed by a colon or an element's `>`."""
    key = text[k0:k1]
    if key.lower() != "ort":
        return False
    return key == "ORT" or text[k1 : k1 + 4].lstrip("\"'\\ \t")[:1] not in (":", ">")


# A form's field naming the person it is about, whose value is the name then the home address on
# one line: `Reported by: <Name>, <street>, <town>`, `Tenant: <Name>, <address>`. The roles are those
# a form records a private person under (a report's reporter or complainant, a claim's claimant or
# policyholder, a lease's tenant, a register's member or guest, an order's customer or recipient).
_PERSON_ROLES = (
    r"reported[ \t]+by|reporting[ \t]+person|reporter|complainant|claimant|policy[ \t]?holder|insured|"
    r"owner|member|tenant|guest|applicant|patient|customer|sender|recipient|addressee|(?:full[ \t]+)?name"
)
# (the name: one to four capitalised words, a lower-case particle between, `Maria da Costa`)
_PERSON_THEN = Rx(
    rf"(?i:\b(?:{_PERSON_ROLES}))[ \t]*:[ \t]*"
    r"([A-Z\x7f][A-Za-z\x7f'.-]{0,30}(?:[ \t]+(?:[a-z]{1,3}[ \t]+)?[A-Z\x7f][A-Za-z\x7f'.-]{0,30}){1,3}),[ \t]*()"
)
# (the gates' runs unbounded: a counted run costs the shared Set's DFA states; each is a superset of its reader)
PERSON_THEN_GATE = rf"(?i:\b(?:{_PERSON_ROLES}))[ \t]*:[ \t]*[A-Z\x7f][^\n,]*,"


# A mailing verb, its object, then `to` and where it goes: `post the printed invitation to <address>`,
# `mail the cheque to <address>`; the address ends with its clause (`;`, a sentence's full stop).
_MAIL_TO = Rx(
    r"(?i:\b(?:post|posted|mail|mailed|send|sent|forward|forwarded|ship|shipped)"
    r"(?:[ \t]+[a-z]{1,12}){1,3}[ \t]+to[ \t]+)()"
)
MAIL_TO_GATE = r"(?i:\b(?:post|mail|send|sent|forward|ship)[a-z]*[ \t][^\n]*[ \t]to[ \t]+[A-Z0-9\x7f])"
_CLAUSE_END = re.compile(r";|\.(?:[ \t]|$)")
# where an address read part by part ends: a clause's or a cell's end, or a part holding a contact
# value or its placeholder (an e-mail, a URL, an international number, a phone word): what follows the
# address never decides it, so a later placeholder cannot change the reading (rev46r R4)
# (a full stop ends the address only as a sentence's end: after a word of four letters or more, before
# a blank and a capital or the text's end; `No. 44`, `Shariati St., unit 15`, `Rd. 4` go on)
_PART_STOP = re.compile(r"[;|\t(\x00-\x08\x0b-\x1f]|(?<=[^\W\d_]{4})\.(?:[ \t]+[A-Z]|[ \t]*$)")
_CONTACT_PART = re.compile(r"@|://|\[REDACTED:|\+\d|(?i:\b(?:call|phone|tel|mobile|e-?mail)\b)")


def _address_parts(text: str, start: int, end: int) -> int:
    """Where the address starting at `start` ends: its comma-separated parts up to the first stop."""
    stop = _PART_STOP.search(text, start, end)
    end = stop.start() if stop is not None else end
    pos = start
    while pos < end:
        comma = text.find(",", pos, end)
        part_end = end if comma < 0 else comma
        if _CONTACT_PART.search(text, pos, part_end) is not None:
            end = pos
            break
        pos = part_end + 1
    while end > start and text[end - 1] in " \t,":
        end -= 1
    # (a word or two of the sentence after the address, `ship it to <address> please`: lower-case words
    # after a part that ends as a town or a number ends, a capitalised word or digits)
    tail = _PROSE_TAIL.search(text, max(start, end - 40), end)
    if tail is not None and tail.start() > start:
        before = text[start : tail.start()].split()[-1:]
        if before and (before[0][:1].isupper() or before[0].isdigit()):
            end = tail.start()
    return end


_PROSE_TAIL = re.compile(r"(?:[ \t]+[a-z]{2,12}){1,2}\Z")


def _person_named(name: str) -> bool:
    from persona_pipeline.core.evidence.redaction import pii

    words = name.split()
    # (a person's cell, a listed or non-ASCII name word, or a name's shape of no everyday word: Babiker)
    return (
        pii.person_cell(name)
        or pii._person_like(words)
        or (pii._name_shaped(words, True) and not any(pii.everyday_words(words)))
    )


def address_field_spans(text: str) -> Iterator[Span]:
    for _, (v0, _v1) in _MAIL_TO.finditer(text):
        v = _value_at(text, v0, prose=True)
        if v is None:
            continue
        value = text[v[0] : _address_parts(text, v[0], v[1])]
        if value[:1].isalnum() and value[:1] == value[:1].upper() and address_like(value) and _street_worded(value):
            yield Span(v[0], v[0] + len(value), "address")
    for _, (n0, n1), (v0, _v1) in _PERSON_THEN.finditer(text):
        # (the name must read as a person's: `Platform Team, Room 4` is a team's; rev46r R1)
        if not _person_named(text[n0:n1]):
            continue
        v = _value_at(text, v0, prose=True)
        if v is None:
            continue
        value = text[v[0] : _address_parts(text, v[0], v[1])]
        # (the rest of the line after the name: an address only when it starts as one, a house number
        # or a capitalised word, and names a street or a unit: `Amna Ali, 7 1218109` is a number)
        if value[:1].isalnum() and address_like(value) and _street_worded(value):
            yield Span(v[0], v[0] + len(value), "address")
    for spans in KEY.finditer(text):
        (_, k1), owner, street, city = spans
        if owner[0] < 0 and street[0] < 0 and city[0] < 0:
            continue
        if owner[0] >= 0 and _qualified_away(text, owner[0]):
            continue
        if city[0] >= 0 and _ort_unlike(text, city[0], k1):
            continue
        prose = owner[0] >= 0 and text[owner[1] - 2 : owner[1]].lower() == "to"  # (`ship to`, `deliver to`)
        if prose and text[k1 : k1 + 1] == ":" and text[k1 + 1 : k1 + 3].strip(" \t\r")[:1] == "\n":
            yield from _address_block(text, text.find("\n", k1) + 1)
            continue
        v = _value_at(text, k1, prose)
        if v is None:
            continue
        value = text[v[0] : v[1]]
        # (a street or city key says what its value is; an address key's value names a street type)
        residence = owner[0] >= 0 and _RESIDENCE_KEY.search(text, owner[0], owner[1]) is not None
        classic = owner[0] < 0 or _street_worded(value, units=False)
        if address_like(value, city=city[0] >= 0) and classic and not residence:
            yield Span(v[0], v[1], "address")
            continue
        # (round 23's readings, a residence key's value and one a unit designator makes an address: read
        # part by part, so that what follows the address never decides it; rev46r R11)
        if owner[0] >= 0:
            end = _address_parts(text, v[0], v[1])
            value = text[v[0] : end]
            # (only the new readings: a residence key's value, or one that only a unit designator makes an
            # address, starting as an address starts; the classic street-worded value is read as before)
            new = residence or not _street_worded(value, units=False)
            # (the parts stopped at a street a first pass redacted: the original value was street-worded,
            # read the classic way, so a second pass must not read its units alone as a new address)
            if not residence and text[end : end + 24].lstrip(" \t,").startswith("[REDACTED:address"):
                new = False
            starts = value[:1].isdigit() or value[:1].isupper()
            if new and starts and address_like(value) and _street_worded(value):
                yield Span(v[0], end, "address")
    if not text.isascii():
        if "ул" in text or "просп" in text or "пр-т" in text:
            for m in _RU_STREET.finditer(text):
                yield Span(m.start(), m.end(), "address")
        for m in _OTHER_LABELS.finditer(text):
            end = m.end()
            # (`адрес доставки:`: the label's next word, then its colon)
            colon = text.find(":", end, end + 16)
            if colon < 0:
                colon = text.find("：", end, end + 16)
            at = colon + 1 if colon >= 0 else _LABEL_THEN.match(text, end).end()
            v = _value_at(text, at, prose=True)
            if v is not None and address_like(text[v[0] : v[1]]) and _street_worded(text[v[0] : v[1]]):
                yield Span(v[0], v[1], "address")
    yield from _csv_columns(text)


_BLOCK_LINES = 6
_NUMBER_FIRST = re.compile(r"(?:[A-Z]{1,2}-)?\d{1,6}[a-z]?(?: \d{2,3})?,? [^\W\d_]")
_LINE_PREFIX = re.compile(r"[ \t>]*")


def _address_block(text: str, pos: int) -> Iterator[Span]:
    """The lines of an address block under a `Ship to:` label, up to a blank line: each line that
    reads as an address (a street and number, a postcode and town; `Attn:` lines are no part)."""
    for _ in range(_BLOCK_LINES):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        start = _LINE_PREFIX.match(text, pos).end()  # (a quote's `> `)
        line = text[start:end].rstrip(" \t\r")
        if not line:
            return
        # (a street type, a house number first, or a postcode and town: `Python 3, 2024 Edition`
        # in a list under the label is none)
        if address_like(line) and (_street_worded(line) or _NUMBER_FIRST.match(line)):
            yield Span(start, start + len(line), "address")
        if end >= len(text):
            return
        pos = end + 1


# (a cell: its raw span in the line, inside any quotes, and its value as the csv module reads it)
Cell = tuple[int, int, str]


def _csv_row(line: str) -> list[Cell] | None:
    """One line's cells as the csv module's default dialect reads it (excel: `,` and `"`, a doubled
    quote for one, not strict), each with the raw span it came from, in one pass: the unquoted value
    found again by `str.find` may not be in the line (`"12 ""Elm"" St"`: the wrong span redacted and
    the real cell left), and a find per cell over a long row is quadratic.

    The line is read alone: a quoted cell running past the line's end (an embedded newline or an
    unterminated quote) ends there, as the csv module ends it at the end of its input. None where
    the csv module raises (a `\r` followed by more of the line, a cell over its field size limit):
    a line of prose or a binary blob, not a row."""
    cells: list[Cell] = []
    n, i = len(line), 0
    if n == 0 or line[0] == "\r":
        return cells if not line.strip("\r") else None
    limit = csv.field_size_limit()
    while True:
        if i < n and line[i] == '"':
            start = j = i + 1
            parts: list[str] = []
            while True:
                q = line.find('"', j)
                if q < 0:  # (unterminated: the cell runs to the line's end)
                    parts.append(line[j:])
                    end = i = n
                    break
                parts.append(line[j:q])
                if line[q + 1 : q + 2] == '"':
                    parts.append('"')
                    j = q + 2
                    continue
                end, i = q, q + 1
                break
            if i < n and line[i] not in ",\r":
                # (text after the closing quote joins the cell as written, quotes and all: `"a"b"c`)
                end = i = _cell_end(line, i)
                parts.append(line[q + 1 : i])
                if end > start and line[end - 1] == '"':
                    # (a quote closing the cell's text is the cell's quote, not its value's: on a view
                    # that undoubles quotes, `"12 ""A"" Road"` reads so, and a span over that quote
                    # would leave the row's quote unterminated)
                    end -= 1
            cell = (start, end, "".join(parts))
        else:
            end = _cell_end(line, i)
            cell = (i, end, line[i:end])
            i = end
        if len(cell[2]) > limit:
            return None
        cells.append(cell)
        if i >= n:
            return cells
        if line[i] != ",":  # (a `\r` ends the row: only more of them may follow)
            return cells if not line[i:].strip("\r") else None
        i += 1


_CELL_END = re.compile(r"[,\r]")


def _cell_end(line: str, i: int) -> int:
    """Where an unquoted cell starting at `i` ends: the next `,` or `\r`, or the line's end (one
    search for either: a `find` per character would rescan a long row for a `\r` it lacks)."""
    m = _CELL_END.search(line, i)
    return len(line) if m is None else m.start()


def _csv_columns(text: str) -> Iterator[Span]:
    """The address cells (street, address, a city with its postcode) of CSV rows under a header."""
    resume = 0
    for ((h0, h1),) in _CSV_HEAD.finditer(text):
        # (a header line among rows already read is one of them: rescanning the rows under every
        # such line would read each up to _MAX_CSV_ROWS times)
        if h0 < resume:
            continue
        header = _csv_row(text[h0:h1])
        if header is None or len(header) < 2 or "[REDACTED:" in text[h0:h1]:
            continue
        names = [name.strip().lower() for _, _, name in header]
        cols = {i: name == "city" for i, name in enumerate(names) if name in _CSV_COLUMNS}
        if not cols:
            continue
        pos = h1 + 1
        for _ in range(_MAX_CSV_ROWS):
            if pos >= len(text):
                break
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            line = text[pos:end]
            row = _csv_row(line)
            # (a row holding a placeholder may have had another width before it was redacted: the
            # table may have ended there for the pass that made it. Of the header's width, with
            # whole-cell placeholders, the row goes on, those cells skipped; else the table ends)
            if row is None or len(row) < len(header):
                break
            held = "[REDACTED:" in line
            if held and (len(row) != len(header) or not placeholder_cells_only([c for _, _, c in row])):
                break
            for i, (start, stop, cell) in enumerate(row):
                if held and "[REDACTED:" in cell:
                    continue
                if i in cols and address_like(cell, city=cols[i]):
                    yield Span(pos + start, pos + stop, "address")
            if len(row) > len(header):
                break  # (more cells than the header: the last row ran on into prose, its cells read from the
                # left; or it heads a wider table, so the next header search may start on it)
            pos = end + 1
        resume = pos


# what a caller's gate looks for: a key with its separator (`street:`, `"line1": `, `<City>`,
# `(home_address)=(`, a bracketed `[HomeAddress] =`), a prose label, a CSV header cell; a word in
# prose ("the address family") opens nothing
GATE = (
    r"(?i)(?:(?:\b|_|(?-i:[a-z]))(?:address|adresse|adres|anschrift|direcci|direccion|domicilio|indirizzo|endere|"
    r"residence|wohnort|wohnsitz|morada|residencia|"
    r"[a-z]_addr)|(?:\b|_)(?:street|strasse|stra\x7fe|line[ _.-]?[12]|address[12]|city|town|ville|ciudad|ort))"
    # (any separator `_value_at` takes within its first characters: `row["address"] = …`, `address "…"`;
    # a narrower gate let a placeholder's own `address:` open it on a second pass, not idempotent)
    r"(?:[^\n]{0,3}[:=\"'>({]|\\?\"[ \t]*,[ \t]*\\?\")|"
    r"(?i:by[-_][a-z_]{0,12}(?:address|street|city))/|"
    r"(?i:ship(?:ping)?|deliver(?:y)?)[ _.-]?to[ \t:]|(?:^|\n|,)[ \t]*\"?(?i:street|address|city)\"?[ \t]*(?:,|\r?\n)|"
    + PERSON_THEN_GATE
    + "|"
    + MAIL_TO_GATE
)


def other_label(text: str) -> bool:
    """Whether a label of another script may be in the text (substring tests: C speed)."""
    return any(w in text for w in OTHER_LABEL_WORDS)
