"""Round 12's personal-data gaps (issue 17): numbers named by a label whose kind the engine had no
check for, labels ending in a non-ASCII letter before a colon, and the look-alikes that must stay.
Every value here is made up for these tests (valid check digits computed, not copied)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction import taxpayer_ids
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import redacted
from persona_pipeline_tests.timing import assert_linear


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("Steuerpflichtiger, AFM 314159263, Athen", "314159263", "gr_afm"),
        ("ΑΦΜ: 314159263 (εργαζόμενος)", "314159263", "gr_afm"),
        ('{"afm": "314159263"}', "314159263", "gr_afm"),
        ("faktura dla osoby fizycznej, NIP 725-018-94-33", "725-018-94-33", "pl_nip"),
        ("JMBG 1507988710238 iz lične karte", "1507988710238", "yu_jmbg"),
        ("ЈМБГ: 1507988710238", "1507988710238", "yu_jmbg"),
        ("le matricule national est 1983112004736 selon la CNS", "1983112004736", "lu_matricule"),
        ("applicant NIC: 853142731V (old card)", "853142731V", "lk_nic"),
        ('{"nic": "199231404517"}', "199231404517", "lk_nic"),
        ("az adóazonosító jel 8412300009 a bérlaphoz", "8412300009", "hu_personal"),
        ("TAJ szám: 271 835 462", "271 835 462", "hu_personal"),
        ("mã số thuế: 3100000016 của khách", "3100000016", "vn_mst"),
        ("paciente com Cartão Nacional de Saúde 705128394670002", "705128394670002", "br_cns"),
        ("meu título de eleitor é 4217 0593 1201", "4217 0593 1201", "br_voter"),
    ],
)
def test_labelled_numbers_are_redacted(redactor: Redactor, text: str, value: str, kind: str) -> None:
    out = redacted(redactor, text)
    assert value not in out
    assert f"[REDACTED:{kind}:" in out


@pytest.mark.parametrize(
    "text",
    [
        "AFM 314159264, Athen",  # (check digit off by one)
        "NIP 725-018-94-34",
        "JMBG 1507988710239",
        "matricule 1983112004737",  # (Luhn right, Verhoeff wrong)
        "matricule 1983113204736",  # (no 32nd of November)
        "NIC: 853942731V",  # (day 942 of no year)
        "TAJ: 271835463",
        "mã số thuế: 3100000017",
        "CNS 705128394670003",
        "título de eleitor 4217 0593 1202",
        "the nic eth0 negotiated 199231404517 bytes",  # (a network card; no separator after it)
        "order 1983112004736 shipped",  # (a valid matricule's digits without its label)
        "build NIP-7250189433 artefact",  # (a label glued into a token's name is no label)
    ],
)
def test_lookalikes_stay(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


def test_checks_reject_other_shapes() -> None:
    assert taxpayer_ids.lu_matricule_ok("1983112004736")
    assert not taxpayer_ids.lu_matricule_ok("198311200473")
    assert taxpayer_ids.lk_nic_ok("853142731X") and not taxpayer_ids.lk_nic_ok("853142731Q")
    assert not taxpayer_ids.lk_nic_ok("189931404517")  # (a year before 1900)
    assert taxpayer_ids.hu_tax_ok("8412300009") and not taxpayer_ids.hu_tax_ok("7412300009")
    assert not taxpayer_ids.hu_taj_ok("000000000")


def test_idempotent(redactor: Redactor) -> None:
    text = "JMBG 1507988710238, NIC: 853142731V, mã số thuế: 3100000016"
    once = redacted(redactor, text)
    assert redacted(redactor, once) == once


# --- phone numbers spelled out digit by digit (`spoken_digits`)


@pytest.mark.parametrize(
    "text",
    [
        "telefono: tre tre nove, uno due tre, quattro cinque sei sette",  # (Italian, a mobile)
        "bel me op nul zes een twee drie vier vijf zes zeven acht",  # (Dutch)
        "ring zero seven seven double zero nine zero zero one two three tonight",  # (`double`)
        "plus four four seven nine one one double two three four five six",  # (`plus`: a country code)
    ],
)
def test_spoken_phone_numbers_are_redacted(redactor: Redactor, text: str) -> None:
    out = redacted(redactor, text)
    assert "[REDACTED:phone:" in out
    assert "seven" not in out and "sette" not in out and "zeven" not in out


@pytest.mark.parametrize(
    "text",
    [
        "count one two three four five six seven eight nine aloud",  # (counting)
        "the PIN is four four one two",  # (too short for a phone)
        "one one one one one one one one",  # (one digit: no number)
        "due tre giorni, uno o due",  # (prose with number words)
    ],
)
def test_spoken_lookalikes_stay(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


# --- dates of birth stored as a Unix time (`birth_epochs`)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"id": 7, "birthDate": 512179200000}', "512179200000"),
        ("user=9 birth_ts=512179200 ok", "512179200"),
        ('{"DateOfBirth": "\\/Date(-412179200000)\\/"}', "-412179200000"),
        ("patientBirthDate=512179200", "512179200"),
        ("UPDATE people SET birth_date = FROM_UNIXTIME(449193600) WHERE id = 3;", "449193600"),
        ("patient.birthDate = new Date(-211939200000)", "-211939200000"),
    ],
)
def test_birth_epochs_are_redacted(redactor: Redactor, text: str, value: str) -> None:
    out = redacted(redactor, text)
    assert value not in out and "[REDACTED:date_of_birth:" in out


@pytest.mark.parametrize(
    "text",
    [
        '{"created": 512179200000}',  # (an event's time)
        "birth_ts: 42",  # (no instant)
        "birthplace_id: 512179200",  # (a place's id)
        '{"dob_ms": 1893456000000}',  # (2030: no one's birth yet)
        "adobe_ts: 512179200",
        "created_at = to_timestamp(449193600)",  # (a conversion under an event's key)
    ],
)
def test_epoch_lookalikes_stay(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


# --- a DICOM header's names and patient identifiers (`dicom_tags`)


def test_dicom_dump_names_and_patient_ids(redactor: Redactor) -> None:
    text = (
        "(0010,0010) PN [Moreau^Gaspard]        #  14, 1 PatientName\n"
        "(0010,0020) LO [Q7712093]    # 8, 1 PatientID\n"
        "(0008,0060) CS [MR]     # 2, 1 Modality\n"
        "(0028,0010) US 512   # Rows"
    )
    out = redacted(redactor, text)
    assert "Moreau" not in out and "Gaspard" not in out and "Q7712093" not in out
    assert "[MR]" in out and "US 512" in out
    assert redacted(redactor, out) == out


def test_dicom_pydicom_json_and_dcmodify(redactor: Redactor) -> None:
    text = (
        "(0008, 0090) Referring Physician's Name         PN: 'Lindqvist^Mette'\n"
        '{"00100010": {"vr": "PN", "Value": [{"Alphabetic": "Okonjo^Femi"}]}, '
        '"00080020": {"vr": "DA", "Value": ["20240105"]}}\n'
        'dcmodify -m "(0010,0030)=19771102" x.dcm'
    )
    out = redacted(redactor, text)
    for v in ("Lindqvist", "Okonjo", "19771102"):
        assert v not in out
    assert '"Value": ["20240105"]' in out  # (a study date: no one's)


# --- a label naming a national, citizen or identity number vouches for an id-shaped value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"citizen_id": "6601-2297-4410-38"}', "6601-2297-4410-38"),  # (no country's check reads it)
        ("national ID number: 2710 5523 9081 4406", "2710 5523 9081 4406"),
        ("national identity card no. ZW-58120944-K", "ZW-58120944-K"),
        ("رقم الهوية الوطنية: 1095572384", "1095572384"),
        ("его личный номер 58810234771", "58810234771"),
    ],
)
def test_national_number_labels_vouch(redactor: Redactor, text: str, value: str) -> None:
    out = redacted(redactor, text)
    assert value not in out and "[REDACTED:" in out


@pytest.mark.parametrize(
    "text",
    [
        "id number: 5839-2017-4461-27",  # (an id of no stated kind: only a checked number is one)
        "national id: 19991231",  # (a date)
        "national_id_type: 3",
        "citizen id 12345678",  # (counting digits)
        "the national id field holds 87654321 rows",  # (a word between label and number)
    ],
)
def test_national_number_lookalikes_stay(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


# --- a record's fields as tools print or take them (`views._record_view`)


def test_psql_expanded_record_fields_are_labels(redactor: Redactor) -> None:
    text = "-[ RECORD 3 ]-+-----------\nstatus        | active\ncontact_name  | Νίκος Παπαδόπουλος"
    out = redacted(redactor, text)
    assert "Παπαδόπουλος" not in out
    assert "status        | active" in out
    assert redacted(redactor, out) == out


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "aws cognito-idp admin-update-user-attributes --user-attributes "
            "Name=contact_name,Value='Νίκος Παπαδόπουλος'",
            "Παπαδόπουλος",
        ),
        (
            "aws cognito-idp admin-update-user-attributes --user-attributes Name=custom:nipt,Value='L58213407T'",
            "L58213407T",
        ),
    ],
)
def test_shorthand_fields_are_labels(redactor: Redactor, text: str, value: str) -> None:
    assert value not in redacted(redactor, text)


@pytest.mark.parametrize(
    "text",
    [
        "aws ec2 describe-instances --filters Name=instance-state-name,Values=running",
        'tags=["prod", "eu-west-1"]',
        "-[ RECORD 1 ]-+------\nstate  | idle\nowner  | postgres",
    ],
)
def test_record_lookalikes_stay(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


# --- a device's hardware address (`mac_addresses`)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("MAC:3C-22-FB-19-A4-07.", "3C-22-FB-19-A4-07"),
        # (an owner in the clause: a possessive, a name's genitive)
        ("whitelisted 3c:22:fb:19:a4:07 for my e-reader", "3c:22:fb:19:a4:07"),
        ("Okonkwo's console reports 3c22.fb19.a407 now", "3c22.fb19.a407"),
    ],
)
def test_device_macs_are_redacted(redactor: Redactor, text: str, value: str) -> None:
    out = redacted(redactor, text)
    assert value not in out and "[REDACTED:mac_address:" in out


@pytest.mark.parametrize(
    "text",
    [
        "ff:ff:ff:ff:ff:ff is the broadcast address",
        "joined group 01:00:5e:11:22:33",  # (multicast)
        "VRRP virtual MAC 00:00:5e:00:01:0a",  # (IANA's OUI)
        "container eth0 02:42:ac:11:00:02",  # (locally administered)
        "addr fe80::3c22:fb19:a4:07:11:22:33:44",  # (inside a longer run of groups)
        "fingerprint 3c:22:fb:19:a4:07:aa:bb:cc:dd",
        # (a device's address with nothing attributing it to a person: a log line, a config entry)
        "wlan0: STA 3c:22:fb:19:a4:07 associated",
        "dhcp-host=3c22.fb19.a407,kitchen-tablet",
    ],
)
def test_protocol_macs_stay(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


# --- a traveller's programme number after its label


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('"traveler": {"knownTravelerNumber": "K7QD2M9X"}', "K7QD2M9X"),
        ("Global Entry PASSID: 154877310", "154877310"),
        ("my frequent flyer number is 48213977", "48213977"),
    ],
)
def test_travel_ids_are_redacted(redactor: Redactor, text: str, value: str) -> None:
    assert value not in redacted(redactor, text)


@pytest.mark.parametrize("text", ["KTN: 12345678", "passid: ABCDEFGH", "the known traveler field is empty"])
def test_travel_id_lookalikes_stay(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


# --- an employee's number and India's ABHA / UAN after their labels


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('door=2B-WEST result=denied badge=K408812 holder="Tomasz Ek"', "K408812"),
        ('{"workerId": "R5519028", "costCenter": "4410"}', "R5519028"),  # (a worker id beside an HR field)
        ("exit interview on Monday (employee #R5519028)", "R5519028"),
        ("employeeNumber: 71-40213", "71-40213"),
        ("ABHA number: 14-2234-5567-8801", "14-2234-5567-8801"),
        ("uan: 100298817364", "100298817364"),
    ],
)
def test_employee_and_abha_numbers_are_redacted(redactor: Redactor, text: str, value: str) -> None:
    assert value not in redacted(redactor, text)


@pytest.mark.parametrize(
    "text",
    [
        "worker_id: 3",
        "badge: build passing",
        "[![badge](https://img.shields.io/x)]",
        "the employee id column has 20240312",
        "staff id 12345678",
        "uan: 111111111111",
    ],
)
def test_employee_lookalikes_stay(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


def test_long_domestic_account_a_few_words_after_its_label(redactor: Redactor) -> None:
    # (an Argentine CBU, 22 digits, starting within reach of its label and ending past it)
    text = "el CBU que figura en el recibo es 0140417700000031000923"
    out = redacted(redactor, text)
    assert "0140417700000031000923" not in out and "[REDACTED:bank_account:" in out


# --- every new pattern stays linear on hostile input (200 KB each, CPU time)


@pytest.mark.parametrize(
    "unit",
    [
        "one two three ",  # (digit words: a run that never ends in a phone)
        "zero oh zero oh double ",
        "birth_ts=birth_date:",
        "(0010,0010) PN [",
        '"00100010": {"vr": "PN", "Value": [',
        "aa:bb:cc:dd:ee:",
        "3c22.fb19.",
        "Name=a,Value=",
        "x=[",
        "-[ RECORD 1 ]\nk | ",
        "JMBG 0",
        "employee #",
    ],
)
def test_new_patterns_are_linear(redactor: Redactor, unit: str) -> None:
    # (the whole redactor on 200 KB against 50 KB)
    assert_linear(lambda text: redactor.redact_many([text]), lambda n: (unit * (n // len(unit) + 1))[:n], 200_000)
