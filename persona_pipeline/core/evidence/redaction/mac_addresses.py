"""Hardware (MAC) addresses attributed to a person's device.

Policy: a MAC address is personal data only when something attributes it to a person's device
(the GDPR's recital 30 counts a device's identifiers as online identifiers of its user). Two things
do: a *label* naming the address, in any syntax and any of the common languages (`MAC`, `macAddress`,
`link/ether`, `HWaddr`, `lladdr`, a Wi-Fi `BSSID`, DHCP's `chaddr`, a "Wi-Fi address", a "Bluetooth
address", a "physical" or "hardware address" and their dictionary translations: `adresse physique`,
`dirección física`, `WLAN-Adresse`, `物理アドレス`, `физический адрес`, …), shortly before the address
on its line; or an *owner* in the same clause: a possessive (`my`, `your`, `their`, `mein`, `mon`, `mi`,
`meu`, `mio`, `mijn`, a name's genitive `Dana's`), a person's device (`the tenant's tablet`) or words
naming an owner (`owned by`, `belongs to`, `assigned to`), a device *of* a capitalised name
(`Handy von Greta`), or a hostname naming a person's device in the possessive (`gretas-iphone`,
`greta's-laptop`: Apple's default name form; `kitchen-tablet` names a place, not an owner). A bare MAC
address in a log line, a table, an ARP cache or a switch's forwarding table, with nothing
attributing it to anyone, is kept: it names network equipment as often as a person's device, and a
reader needs it to follow the log.

The address's own bits then say which addresses can be a device's (IEEE 802-2014, §8.2): a
*unicast* address (the I/G bit, the first octet's lowest, clear) that is *universally
administered* (the U/L bit, the next one, clear: assigned by the maker from its OUI, not by
software) and not all zeros. Never personal, even labelled: group addresses (broadcast
`ff:ff:ff:ff:ff:ff`, IPv4/IPv6 multicast `01:00:5e:…`, `33:33:…`, bridge protocols' `01:80:c2:…`),
locally administered ones (set by software: containers, VMs, randomised Wi-Fi addresses), and the
addresses in IANA's own OUI `00-00-5E` (VRRP's virtual router addresses, RFC 7042's documentation
range `00-00-5E-00-53-xx`). Three notations are read: colon- and hyphen-separated octets, and
Cisco's dotted groups of four (`0a1b.2c3d.4e5f`).

Six groups of decimal digits are also how versions, ratios, timestamps and zero-padded counters
are written, and a device's twelve hex digits are all decimal only once in some 280 addresses: so a
value with no hex letter is read as an address only after a label (an owner alone does not make
`my splits 40:15:30:…` an address); and the dotted notation, shared with dated builds and dotted
versions, only with a hex letter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span, line_start

_H = "[0-9A-Fa-f]"
MAC = Rx(rf"\b(?:{_H}{{2}}(?::{_H}{{2}}){{5}}|{_H}{{2}}(?:-{_H}{{2}}){{5}}|{_H}{{4}}\.{_H}{{4}}\.{_H}{{4}})\b")
_IANA_OUI = "00005e"
# a hex group glued to either side by a separator (`MAC:` is a word, not a group)
_GROUP_BEFORE = re.compile(r"(?:^|[^0-9A-Za-z])[0-9A-Fa-f]{1,4}[:.-]$")
_GROUP_AFTER = re.compile(r"[:.-][0-9A-Fa-f]{1,4}(?![0-9A-Za-z])")

# "address" and the words that make it a hardware address, in English, German, French, Spanish,
# Portuguese, Italian, Dutch, Polish, Swedish, Turkish, Russian, Japanese, Chinese and Korean (the
# dictionary translations of "physical", "hardware", "address"; Wi-Fi, WLAN and Bluetooth are the
# same word in all of them). Either order: French and Spanish put the adjective after the noun.
_ADDRESS = r"addr(?:ess)?|adresse|adress|adres|adresi|direcci[oó]n|endere[cç]o|indirizzo|адрес[а-я]*|アドレス|地址|주소"
_KIND = (
    r"wi-?fi|wlan|wireless|bluetooth|hardware|hw|physical|physische[rns]?|physique|f[ií]sic[ao]|fysiek|fysisk|"
    r"fizyczny|sprz[eę]towy|maskinvaru|fiziksel|donan[iı]m|mat[eé]rielle|физическ[а-я]*|аппаратн[а-я]*|"
    r"物理|硬件|ハードウェア|물리적|하드웨어"
)
_JOIN = r"[ \t_/-]{0,2}(?:(?:de|of|del|do|da)[ \t]{1,2})?"
# a label naming a hardware address (`macAddress`, `MAC-Adresse`, `link/ether`, iproute2's `lladdr`,
# ifconfig's `HWaddr`, a Wi-Fi BSSID, DHCP's `chaddr`, "physical address" in its languages); `macOS`
# and `machine` are none
# where a label word may start: after a non-alphanumeric (`_`, `-` too), or at a camelCase
# boundary (`clientMac`, `DeviceMAC`: a lowercase letter, then the label's capital)
_LABEL_START = r"(?:(?<![a-z0-9])|(?<=(?-i:[a-z]))(?=(?-i:[A-Z])))"
# where it ends: before a non-letter, or a camelCase `Mac`/`MAC` before a capitalised word
# (`wifiMacId`, `MACValue`; not `macOS`, `MACHINE`, `machine`)
_LABEL_END = r"(?:(?![a-z])|(?<=mac)(?=(?-i:[A-Z][a-z]))(?!os))"
_LABEL = re.compile(
    rf"(?i){_LABEL_START}(?:mac(?:[ _-]?(?:{_ADDRESS}))?|ether(?:net)?|eth[ _-]?addr|lladdr|bssid|chaddr|"
    rf"(?:{_KIND}){_JOIN}(?:{_ADDRESS})|(?:{_ADDRESS}){_JOIN}(?:{_KIND})){_LABEL_END}"
)
_LABEL_REACH = 48

# an owner in the clause: a possessive determiner (English, German, French, Spanish, Portuguese,
# Italian, Dutch; short forms that are other English words, `su`, `son`, `ma`, left out), a genitive
# (`Dana's`, `the tenant's`, not a contraction: `it's`, `that's`), or words that name an owner
_POSSESSIVE = re.compile(
    r"(?i)(?<![\w'’])(?:my|mine|your|yours|his|her|hers|their|theirs|our|"
    r"mein(?:e[mnrs]?)?|dein(?:e[mnrs]?)?|unser(?:e[mnrs]?)?|mon|mes|notre|votre|mi|mis|tus?|"
    r"meu|minha|meus|minhas|teu|tua|mio|mia|miei|mie|tuo|mijn|jouw|"
    # Polish, Czech, Swedish/Norwegian/Danish, Turkish, Russian (left out as other words: `ma`, Polish
    # and Czech "has"; `min`, an abbreviation; Danish `mit`, German "with"; Dutch `onze`, French "11")
    r"mój|moja|moje|mojego|mojej|moim|twój|twoja|twoje|můj|moji|mého|mitt|mina|ditt|din|"
    r"benim|senin|мой|моя|моё|мое|мои|моего|моей|твой|твоя|твоё|твое|наш|наша|наше)"
    r"(?![\w'’])|"
    r"私の|僕の|我的|你的|나의|내[ \t]|"
    r"(?<![\w'’])(?!(?:it|that|there|here|what|who|where|let|he|she|how|when)['’])[A-Za-z][a-z]+['’]s(?![\w'’])|"
    r"\b(?:owner|owned[ \t]+by|belongs?[ \t]+to|assigned[ \t]+to|issued[ \t]+to)\b"
)
# a personal device, then `of`/`von`/`de`/`di`/`van` and a capitalised name (`the tablet of Ines`,
# `Handy von Jonas`, `portátil de Lucía`)
_DEVICE = (
    r"(?:phone|smartphone|laptop|notebook|tablet|handset|watch|computer|pc|iphone|ipad|macbook|"
    r"handy|telefon|rechner|t[ée]l[ée]phone|ordinateur|portable|port[aá]til|tel[eé]fono|m[oó]vil|"
    r"celular|computador|telemóvel|telefono|cellulare|portatile|telefoon|komputer|laptopa?|"
    r"dator|mobil|mobiltelefon|bilgisayar|телефон[а-я]*|ноутбук[а-я]*|планшет[а-я]*|компьютер[а-я]*)"
)
_OF_NAME = re.compile(
    rf"(?i:(?<![\w'’]){_DEVICE})[ \t]+(?:of|von|de|di|van|do|da|del|della)[ \t]+"
    r"(?-i:[A-ZÀ-ÖØ-ÞА-Я][a-zß-öø-ÿа-я]+)\b"
)
# a hostname naming its owner's device (a DHCP lease, a hosts file): a name in the possessive then a
# personal device word, `Jonass-iPhone` (Apple's default), `ines's-laptop`; without the possessive
# (`kitchen-tablet`, `lobby-pc`) the prefix names a place or a role as often as a person; generic
# prefixes are never owners
_HOST_DEVICE = r"(?:iphone|ipad|macbook(?:-?(?:pro|air))?|imac|phone|laptop|notebook|tablet|pc|galaxy|pixel|android)"
_GENERIC_HOST = (
    r"(?:office|lab|test|build|dev|guest|shared|kiosk|conf|meeting|room|server|work|home|old|new|spare|"
    r"loaner|demo|admin|it|hr|sales|front|desk|my|your|the|a|android|apple|windows|linux|win|mac)"
)
_DEVICE_HOST = re.compile(
    rf"(?i)(?<![\w.-])(?!{_GENERIC_HOST}-)[a-z]{{2,15}}['’]?s-{_HOST_DEVICE}(?:-?\d{{1,2}})?(?![\w-])"
)
_OWNER_REACH = 80
# where a clause ends: a sentence's or clause's closing mark before a space, or a line break
_CLAUSE_END = re.compile(r"[.;!?](?=\s)|\n")


def device_address(value: str) -> bool:
    """Whether a MAC address is a device's: unicast, universally administered, not IANA's, not zero."""
    h = "".join(c for c in value if c not in ":-.").lower()
    first = int(h[:2], 16)
    return first & 0x03 == 0 and not h.startswith(_IANA_OUI) and h.strip("0") != ""


def mac_spans(text: str) -> Iterator[Span]:
    for ((start, end),) in MAC.finditer(text):
        # (a longer run of groups is no MAC address: an IPv6 address's tail, a fingerprint)
        if _GROUP_BEFORE.search(text, max(0, start - 6), start) or _GROUP_AFTER.match(text, end):
            continue
        value = text[start:end]
        if not device_address(value):
            continue
        if _has_hex_letter(value):
            attributed = _labelled(text, start) or _owned(text, start, end)
        else:  # (six decimal groups: an address only after a label; never the dotted notation)
            attributed = value[4] != "." and _labelled(text, start)
        if attributed:
            yield Span(start, end, "mac_address")


def _has_hex_letter(value: str) -> bool:
    return any(c in "abcdefABCDEF" for c in value)


def _labelled(text: str, start: int) -> bool:
    """Whether a label naming a hardware address comes shortly before `start`, on its line, or
    heads the address's column in a table above it."""
    lo = line_start(text, start, _LABEL_REACH)
    return _LABEL.search(text, lo, start) is not None or _column_labelled(text, start)


# a table's cell separators (a run of spaces is not one: aligned dumps are kept)
_CELL_SEPARATORS = ("|", "\t", ",", ";")
_TABLE_REACH = 20  # rows read upwards to find the header
_ROW_MAX = 1000  # a table row's length, at most
_RULE = re.compile(r"[\s|:+-]*")  # a Markdown table's rule line `|---|:--|`


def _column_labelled(text: str, start: int) -> bool:
    """Whether the address sits in a cell of a separated table whose header cell, in the same
    column, is a MAC label: the header is the first line of the run of lines above with as many
    separators as the address's line."""
    line_start = text.rfind("\n", max(0, start - _ROW_MAX), start) + 1
    line_end = text.find("\n", start, start + _ROW_MAX)
    if (line_start == 0 and start > _ROW_MAX) or (line_end < 0 and len(text) - start > _ROW_MAX):
        return False  # (no table row: bounded so a long line's many addresses stay linear)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    for sep in _CELL_SEPARATORS:
        n = line.count(sep)
        if not n:
            continue
        column = text.count(sep, line_start, start)
        header = None
        pos = line_start
        for _ in range(_TABLE_REACH):
            if pos == 0:
                break
            prev_start = text.rfind("\n", max(0, pos - 1 - _ROW_MAX), pos - 1) + 1
            if prev_start == 0 and pos - 1 > _ROW_MAX:
                break
            prev = text[prev_start : pos - 1]
            pos = prev_start
            if _RULE.fullmatch(prev) and prev.strip():
                continue
            if prev.count(sep) != n:
                break
            header = prev
        if header is not None:
            cell = header.split(sep)[column].strip(" \t\"'`*")
            if cell and _LABEL.fullmatch(cell):
                return True
    return False


def _owned(text: str, start: int, end: int) -> bool:
    """Whether the clause around the address names an owner: a possessive, a genitive, `owned by`."""
    lo = max(0, start - _OWNER_REACH)
    for m in _CLAUSE_END.finditer(text, lo, start):
        lo = m.end()
    hi = min(len(text), end + _OWNER_REACH)
    m = _CLAUSE_END.search(text, end, hi)
    hi = m.start() if m else hi
    return any(rx.search(text, a, b) is not None for rx in _OWNERS for a, b in ((lo, start), (end, hi)))


_OWNERS = (_POSSESSIVE, _OF_NAME, _DEVICE_HOST)
