"""A MAC address is personal data only when something attributes it to a person's device: a label
naming the address (in any syntax and the common languages) or an owner in its clause; a bare
address in a log, a table or a switch's dump is kept (`mac_addresses`' policy, issue 17). Every
address here is made up for these tests."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import redacted
from persona_pipeline_tests.timing import assert_linear


@pytest.mark.parametrize(
    "text",
    [
        "? (192.168.4.20) at 9c:b6:d0:4e:21:aa [ether] on wlp2s0",  # (an ARP cache: the label after)
        "Vlan    Mac Address       Type\n  20    9cb6.d04e.21aa    DYNAMIC",  # (its header's line)
        "port,addr,state\n7,9c-b6-d0-4e-21-aa,up",  # (a table)
        "kernel: br0: port 2 learned 9c:b6:d0:4e:21:aa",  # (a log line)
        "it's 9c:b6:d0:4e:21:aa again, what's that",  # (contractions are no genitive)
        "my build is green. The switch then flooded 9c:b6:d0:4e:21:aa",  # (the owner's clause ended)
    ],
)
def test_unattributed_macs_are_kept(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # labels in other languages, with six decimal groups (read only after a label)
        ("Adresse physique . . . : 84-20-96-13-57-02", "84-20-96-13-57-02"),
        ("dirección Wi-Fi 84:20:96:13:57:02", "84:20:96:13:57:02"),
        ("Hardware-Adresse=84:20:96:13:57:02", "84:20:96:13:57:02"),
        ("физический адрес 84-20-96-13-57-02", "84-20-96-13-57-02"),
        ("Bluetooth address: 84:20:96:13:57:02", "84:20:96:13:57:02"),
        ("物理地址 84-20-96-13-57-02", "84-20-96-13-57-02"),
        # an owner in the clause
        ("9c:b6:d0:4e:21:aa is Lena's handset", "9c:b6:d0:4e:21:aa"),
        ("mijn printer thuis heeft 9c:b6:d0:4e:21:aa", "9c:b6:d0:4e:21:aa"),
        ("the dongle 9cb6.d04e.21aa belongs to the intern", "9cb6.d04e.21aa"),
    ],
)
def test_attributed_macs_are_redacted(redactor: Redactor, text: str, value: str) -> None:
    out = redacted(redactor, text)
    assert value not in out and "[REDACTED:mac_address:" in out
    assert redacted(redactor, out) == out


def test_an_owner_alone_makes_no_decimal_groups_an_address(redactor: Redactor) -> None:
    text = "our relay legs took 40:15:30:45:20:10 in total"
    assert redacted(redactor, text) == text


@pytest.mark.parametrize("unit", ["Dana's 9c:b6:d0:4e:21:aa ", "my. 9c:b6:d0:4e:21:aa; ", "adresse de "])
def test_owner_and_label_reads_stay_linear(redactor: Redactor, unit: str) -> None:
    assert_linear(lambda text: redactor.redact_many([text]), lambda n: (unit * (n // len(unit) + 1))[:n], 200_000)


@pytest.mark.parametrize(
    "text",
    [
        'hostMacAddress = "a4:5e:60:d2:11:0b"',  # (camelCase: the label after a lowercase letter)
        "peerMac=a4-5e-60-d2-11-0b",
        "{'lanMac': 'a4:5e:60:d2:11:0b'}",
        "LaptopMAC: a4:5e:60:d2:11:0b",
        "board_mac a4:5e:60:d2:11:0b",  # (after an underscore)
        "sensorMacValue: a4:5e:60:d2:11:0b",  # (a camelCase word after it)
        "MACValue=a4:5e:60:d2:11:0b",
        "name\tMAC address\tseen\nkiosk\ta4:5e:60:d2:11:0b\t3d",  # (a column's header names it)
        "| host | BSSID |\n|---|---|\n| x | a4:5e:60:d2:11:0b |",
    ],
)
def test_glued_labels_and_column_headers_label(redactor: Redactor, text: str) -> None:
    out = redacted(redactor, text)
    assert "a4:5e:60:d2:11:0b" not in out and "a4-5e-60-d2-11-0b" not in out
    assert "[REDACTED:mac_address:" in out


@pytest.mark.parametrize(
    "text",
    [
        "runsOnMacOS a4:5e:60:d2:11:0b",
        "myMachine a4:5e:60:d2:11:0b",
        "MACHINE a4:5e:60:d2:11:0b",
        "macOSVersion a4:5e:60:d2:11:0b",
        "etherType a4:5e:60:d2:11:0b",
        "id;state\na4:5e:60:d2:11:0b;up",
    ],
)
def test_glued_look_alikes_label_nothing(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


@pytest.mark.parametrize(
    "text",
    [
        "моя колонка: b8:27:eb:4f:90:1c",  # (possessives in the labels' other languages)
        "ten adres b8:27:eb:4f:90:1c to mój router",
        "mitt headset har b8:27:eb:4f:90:1c",
        "el móvil de Tomás tiene b8:27:eb:4f:90:1c",  # (a device of a capitalised name)
        "das Handy von Greta meldet b8:27:eb:4f:90:1c",
        "1733400000 b8:27:eb:4f:90:1c 10.1.1.9 gretas-iphone *",  # (a lease naming its owner's device)
        "b8:27:eb:4f:90:1c  nadia's-laptop",
    ],
)
def test_owners_in_other_languages_and_hostnames(redactor: Redactor, text: str) -> None:
    out = redacted(redactor, text)
    assert "b8:27:eb:4f:90:1c" not in out and "[REDACTED:mac_address:" in out


@pytest.mark.parametrize(
    "text",
    [
        "b8:27:eb:4f:90:1c office-pc",
        "b8:27:eb:4f:90:1c build-laptop-2",
        "b8:27:eb:4f:90:1c lobby-tablet",  # (a place's device: no possessive)
        "the port of London saw b8:27:eb:4f:90:1c",
        "Serwer ma adres b8:27:eb:4f:90:1c",
        "Gerät mit b8:27:eb:4f:90:1c im Netz",
    ],
)
def test_generic_hosts_and_place_names_own_nothing(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text
