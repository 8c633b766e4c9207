"""Hardware (MAC) addresses of devices: online identifiers of the people who carry them.

Policy: a MAC address burned into a network interface identifies that device, and through it its
owner, wherever it is logged (a DHCP lease, a Wi-Fi association, `ipconfig /all`, an allow-list
request): the GDPR's recital 30 counts such device identifiers as online identifiers. The address's
own bits say which addresses are a device's (IEEE 802-2014, §8.2): a *unicast* address (the I/G bit,
the first octet's lowest, clear) that is *universally administered* (the U/L bit, the next one,
clear: assigned by the maker from its OUI, not by software) and not all zeros. Not personal, and left
alone: group addresses (broadcast `ff:ff:ff:ff:ff:ff`, IPv4/IPv6 multicast `01:00:5e:…`, `33:33:…`,
bridge protocols' `01:80:c2:…`), locally administered ones (set by software: containers, VMs,
randomised Wi-Fi addresses), and the addresses in IANA's own OUI `00-00-5E` (VRRP's virtual router
addresses, RFC 7042's documentation range `00-00-5E-00-53-xx`). Three notations are read: colon-
and hyphen-separated octets, and Cisco's dotted groups of four (`0a1b.2c3d.4e5f`).

Six groups of decimal digits are also how versions, ratios, timestamps and zero-padded counters
are written, and a device's twelve hex digits are all decimal only once in some
280 addresses: so a value with no hex letter is read as an address only after a label naming one
(MAC, ether, hardware/physical address, `lladdr`, `hwaddr`, BSSID, DHCP's `chaddr`) on its line;
and the dotted notation, shared with dated builds and dotted versions, only with a hex letter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

_H = "[0-9A-Fa-f]"
MAC = Rx(rf"\b(?:{_H}{{2}}(?::{_H}{{2}}){{5}}|{_H}{{2}}(?:-{_H}{{2}}){{5}}|{_H}{{4}}\.{_H}{{4}}\.{_H}{{4}})\b")
_IANA_OUI = "00005e"
# a hex group glued to either side by a separator (`MAC:` is a word, not a group)
_GROUP_BEFORE = re.compile(r"(?:^|[^0-9A-Za-z])[0-9A-Fa-f]{1,4}[:.-]$")
_GROUP_AFTER = re.compile(r"[:.-][0-9A-Fa-f]{1,4}(?![0-9A-Za-z])")
# a label naming a hardware address (`macAddress`, `MAC-Adresse`, `link/ether`, Windows' "Physical
# Address", iproute2's `lladdr`, ifconfig's `HWaddr`, a Wi-Fi BSSID, DHCP's `chaddr`); `macOS` is none
_LABEL = re.compile(
    r"(?i)(?<![a-z0-9])(?:mac(?:[ _-]?addr(?:ess)?)?|ether(?:net)?|eth[ _-]?addr|hw[ _-]?addr(?:ess)?|"
    r"hardware[ _-]?addr(?:ess)?|physical[ _-]?addr(?:ess)?|lladdr|bssid|chaddr)(?![a-z])"
)
_LABEL_REACH = 48


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
        if device_address(value) and (_has_hex_letter(value) or (value[4] != "." and _labelled(text, start))):
            yield Span(start, end, "mac_address")


def _has_hex_letter(value: str) -> bool:
    return any(c in "abcdefABCDEF" for c in value)


def _labelled(text: str, start: int) -> bool:
    """Whether a label naming a hardware address comes shortly before `start`, on its line."""
    lo = max(0, start - _LABEL_REACH)
    lo = text.rfind("\n", lo, start) + 1 or lo
    return _LABEL.search(text, lo, start) is not None
