"""Personal-data mechanisms added while round 8 of the blind corpus was dev (issue 17, branch
tune8p): more countries' identity and tax numbers under their home labels, validated by their check
digits; labels as camel-case key humps, in duplicate-key errors, schema examples and test titles;
domestic bank accounts in more national notations; vehicle plates. Each value here is written for
the test (never a corpus sentence), valid where its kind has a check, and each positive has a
negative twin (a broken check digit, no label, an ordinary token of the same shape)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor

R = Redactor(b"k" * 32)


def _kinds(text: str, value: str) -> set[str]:
    """The kinds of the spans covering all of `value` in `text`."""
    a = text.index(value)
    spans = R.spans_many([text])[0] or []
    return {s.kind for s in spans if s.start <= a and a + len(value) <= s.end}


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("client RNOKPP 3141592650 on file", "3141592650", "ua_rntrc"),
        ("клієнт, ІПН 3141592650", "3141592650", "ua_rntrc"),
        ("EMŠO: 1203985500136", "1203985500136", "si_emso"),
        ("ИНН физлица 771234567859", "771234567859", "ru_inn"),
        ('{"inn": "771234567859"}', "771234567859", "ru_inn"),
        ("nomor KTP 3171021506870000", "3171021506870000", "id_nik"),
        ("Sozialversicherungsnummer 1237 010180", "1237 010180", "at_svnr"),
        ("numéro fiscal 3023217600053", "3023217600053", "fr_nif"),
        ("the applicant's CNIC is 34201-1234567-1", "34201-1234567-1", "pk_cnic"),
        ("ref 224-0012345-5 in the ticket", "224-0012345-5", "do_cedula"),  # (a shape of its own)
        ("cédula 224-0012345-5", "224-0012345-5", "do_cedula"),
        ("cedula: 1712345675", "1712345675", "ec_ci"),
        ("UTR 1955839660", "1955839660", "gb_utr"),
        ("PPSN: 1234567TW", "1234567TW", "ie_pps"),
        ("KRA PIN A123456789Z", "A123456789Z", "ke_pin"),
        ("voter ID ABC1234566", "ABC1234566", "in_epic"),
        ("mykad 850312-14-5677", "850312-14-5677", "my_nric"),
        ("personas kods 161175-19954", "161175-19954", "lv_pk"),
        ("DNI 10117410-2", "10117410-2", "pe_cui"),
        # a key's later word is the label (camel case), a duplicate-key error names its key after
        # the value, a schema property's example, a test's title naming what the next line checks
        ("customer = { cprNummer: '0707614280' }", "0707614280", "dk_cpr"),
        ("ERROR 1062 (23000): Duplicate entry '771234567859' for key 'clients.inn'", "771234567859", "ru_inn"),
        ("    inn:\n      type: string\n      example: '771234567859'\n", "771234567859", "ru_inn"),
        (
            'it("rejects a known CPR-nummer", () => {\n  expect(check("0707614280")).toBe(false);\n});',
            "0707614280",
            "dk_cpr",
        ),
        # bank accounts in national notations
        ("Kontonummer: 1234567890\nBankleitzahl: 37040044", "1234567890", "bank_account"),
        ('{"account_number": "000123456789", "routing_number": "021000021"}', "000123456789", "bank_account"),
        ("transit 00011, institution 004, account 1234567", "1234567", "bank_account"),
        ("Banco 001, agência 1234-5, conta corrente 12345-6", "12345-6", "bank_account"),
        ("CLABE 032180000118359719", "032180000118359719", "bank_account"),
        ("pay into 01-0902-0068389-00 please", "01-0902-0068389-00", "bank_account"),
        ("振込先: みずほ銀行 新宿支店 普通 1234567", "1234567", "bank_account"),
        # addresses as the value of a field naming one (any country's street grammar)
        ('{"home_address": "Via Roma 12, 00184 Roma"}', "Via Roma 12, 00184 Roma", "address"),
        ("customer = Customer(homeAddress: 'Ulitsa Lenina 5, 620014 Yekaterinburg')", "Ulitsa Lenina 5", "address"),
        ("street: Karlova 15\ncity: 110 00 Praha\n", "110 00 Praha", "address"),
        ("<Street>Tartu mnt 2</Street>", "Tartu mnt 2", "address"),
        (
            "DETAIL:  Key (postal_address)=(Ringvej 4, 8000 Aarhus C) already exists.",
            "Ringvej 4, 8000 Aarhus C",
            "*",  # (a secret rule reads `Key (…)=(…)` as a key's value first: covered either way)
        ),
        ('id,street,city\n7,"2 Jalan Bukit, Taman Jaya","47400 Petaling Jaya"\n', "47400 Petaling Jaya", "address"),
        ("адрес доставки: ул. Ленина, д. 5, кв. 7", "ул. Ленина, д. 5, кв. 7", "address"),
        # obfuscated e-mails: the sign bracketed or spaced, words glued by underscores
        ("write to j.doe[@]example.org", "j.doe[@]example.org", "email"),
        ("contact: j.doe @ example . org thanks", "j.doe @ example . org", "email"),
        ("ping j_doe_at_example_dot_de", "j_doe_at_example_dot_de", "email"),
        # addresses written into host names
        ("rDNS: host-81-2-69-142.static.example.net", "81-2-69-142", "ip_address"),
        ("open http://81.2.69.142.nip.io:8080/", "81.2.69.142", "ip_address"),
        # dates of birth in more languages' layouts, and as a schema property's example
        ("Dzimšanas datums: 1984. gada 3. aprīlis", "1984. gada 3. aprīlis", "date_of_birth"),
        ("gimimo data: 1990 m. gegužės 7 d.", "1990 m. gegužės 7 d.", "date_of_birth"),
        ("DOB 1988ko maiatzaren 2a", "1988ko maiatzaren 2a", "date_of_birth"),
        ("datëlindja: 12 tetor 1979", "12 tetor 1979", "date_of_birth"),
        (
            "    dob:\n      type: string\n      format: date\n      example: '1979-10-12'\n",
            "1979-10-12",
            "date_of_birth",
        ),
        # names in more scripts after a label, a log's user field, a thanks; a person record's name
        ("Owner: Արամ Պետրոսյան", "Արամ Պետրոսյան", "person_name"),
        ("thanks সুমিত দাস", "সুমিত দাস", "person_name"),
        ("name: ప్రియ రెడ్డి", "ప్రియ రెడ్డి", "person_name"),
        ("my name is زهرا کریمی", "زهرا کریمی", "person_name"),
        ('INFO login ok user="李小龍"', "李小龍", "person_name"),
        ('p = Patient(name: "Kebede Alemu")', "Kebede Alemu", "person_name"),
        ("клієнт надіслав name: Tendai Moyo, дякую", "Tendai Moyo", "person_name"),
        ("t.moyo@example.org  Tendai Moyo  2024-03-12  approved", "Tendai Moyo", "person_name"),
        ("o.k@example.org\tОлена Коваленко\tapproved", "Олена Коваленко", "person_name"),
        ("card_pan: 8600 1234 5678 9012", "8600 1234 5678 9012", "credit_card"),
        ('INFO login ok user="Марко Јанковић"', "Марко Јанковић", "person_name"),
        ("my name is გიორგი მელაძე", "გიორგი მელაძე", "person_name"),
        ('"author": "አበበ በቀለ"', "አበበ በቀለ", "person_name"),
        ("date of birth 昭和60年7月21日", "昭和60年7月21日", "date_of_birth"),
        ("Ship to:\nAttn: Receiving\n12 Harbour Road\n6011 Wellington\n", "12 Harbour Road", "address"),
        ("Ship to:\nAttn: Receiving\n12 Harbour Road\n6011 Wellington\n", "6011 Wellington", "address"),
        ("mi carné es 91021027575", "91021027575", "cu_ni"),
        ("DOB 19011987", "19011987", "date_of_birth"),
        # vehicle plates under their labels
        ("Kennzeichen: M-AB 1234", "M-AB 1234", "vehicle_plate"),
        ('{"licensePlate": "AB-123-CD"}', "AB-123-CD", "vehicle_plate"),
        ("numberplate: LX19 KZP", "LX19 KZP", "vehicle_plate"),
    ],
)
def test_round8_pii_mechanisms(text: str, value: str, kind: str) -> None:
    kinds = _kinds(text, value)
    assert kind in kinds or (kind == "*" and kinds), (text, R.spans_many([text])[0])


@pytest.mark.parametrize(
    "text",
    [
        "client RNOKPP 3141592651 on file",  # (check digit broken)
        "EMŠO: 1203985500137",
        "ИНН физлица 771234567850",
        "numéro fiscal 3023217600054",
        "ref 224-0012345-6 in the ticket",
        "cedula: 1712345676",
        "UTR 2955839660",  # (its check digit is the first)
        "order 3141592650 shipped",  # (no label)
        "build 1203985500136 passed",
        "ERROR 1062 (23000): Duplicate entry '771234567859' for key 'orders.sku'",
        "    sku:\n      type: string\n      example: '771234567859'\n",
        'it("parses the order id", () => {\n  expect(parse("0707614280")).toBe(1);\n});',
        "account 1234567890 and Bankleitzahl: missing",
        "CLABE 032180000118359718",  # (check digit broken)
        "invalid UTF-8 sequence, reg_no missing",
        "Kennzeichen: UNBEKANNT",
        "the hotel's inn 771234567850 is closed",
        '{"address": "10.0.3.7:8080"}',  # (an `address` key in code: a host, a socket, a pointer)
        "bind_address: 0.0.0.0",
        "address: 0x7ffd5fbff8c8",
        "    address: An integer representation of an IPv4 address.",
        "email address: ops@example.com",
        "city: Lisbon",  # (a city alone is no one's)
        "the address family (AF_INET6) is picked for you",
        "released on 12 tetor 1979 in Tirana",  # (a date without a birth label)
        "    created:\n      type: string\n      example: '1979-10-12'\n",
        "dob: 1990 m. gegužės 40 d.",  # (no such day)
        'job = Job(name: "Nightly Backup")',  # (not a person's record)
        'Service(name: "Load Balancer")',
        'user="root"',
        "ops@example.org  Load Balancer  degraded",
        "ops@example.org  ошибка сборки  retry",
        "name: Tendai Moyo, the build bot",  # (no listed name, no other script, no person record)
        "card_pan: 8600 1234 5678 9015",  # (Luhn fails)
        "released 平成12年10月4日 in Tokyo",  # (an era date without a birth label)
        "date of birth 令和9年1月1日",  # (2027: no birth date in range, a birth is never in the future)
        "ship to:\n- build artifacts\n- Python 3, 2024 Edition\n",
        "mi carné es 91131027575",  # (no 13th month)
        "DOB 20310312",  # (in the future)
        "attn = q @ k.to(device)",  # (a matrix product, not a spaced e-mail)
        "row.created_at_utc_dot_ms = 1",
        "ip-10-0-1-2.ec2.internal",  # (a private address in a host name)
        "logs/2024-03-12-10.gz.tar",
        "bumped to 1.2.3.4.post1",
    ],
)
def test_round8_pii_lookalikes_survive(text: str) -> None:
    out = R.redact(text)
    assert out is not None and out.text == text, out


def test_unique_violation_detail_names_the_address() -> None:
    """PostgreSQL's `Key (column)=(value)`: the column is the address field's key."""
    from persona_pipeline.core.evidence.redaction.address_fields import address_field_spans

    text = "DETAIL:  Key (postal_address)=(Ringvej 4, 8000 Aarhus C) already exists."
    assert [text[s.start : s.end] for s in address_field_spans(text)] == ["Ringvej 4, 8000 Aarhus C"]
    assert not list(address_field_spans("DETAIL:  Key (order_ref)=(Ringvej 4, 8000 Aarhus C) already exists."))
