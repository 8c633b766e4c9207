"""Personal-data mechanisms added while round 9 of the blind corpus was dev (issue 17, branch
tune9p): more countries' tax and identity numbers under the names they go by (python-stdnum's
checks), identity-card numbers, medical record numbers and HL7 patient identifiers, ICAO 9303
machine-readable zones, dashed IP addresses after an IP label. Every value is written for the test
(never a corpus value), valid where its kind has a check, and each positive has a negative twin (a
broken check digit, no label, or an ordinary token of the same shape)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.national_ids import mrz_check
from persona_pipeline.core.evidence.redaction.redactor import Redactor

R = Redactor(b"k" * 32)


def _kinds(text: str, value: str) -> set[str]:
    """The kinds of the spans covering all of `value` in `text`."""
    a = text.index(value)
    spans = R.spans_many([text])[0] or []
    return {s.kind for s in spans if s.start <= a and a + len(value) <= s.end}


def _mrz() -> tuple[str, str, str]:
    """A TD3 zone for an invented holder: (zone, name field, data part)."""
    names = "LINDQVIST<<OSKAR<EMIL"
    line1 = ("P<NOR" + names).ljust(44, "<")
    num, dob, exp = "ZK4471902", "810307", "310911"
    part = num + mrz_check(num) + "NOR" + dob + mrz_check(dob) + "M" + exp + mrz_check(exp)
    return f"{line1}\n{part}<<<<<<<<<<<<<<06", names, part


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("el RIF del proveedor es V-12345678-1", "V-12345678-1", "ve_rif"),
        ("ATIN: 912-93-4567 for the adopted child", "912-93-4567", "us_atin"),
        ("bound [VARCHAR] - [912-93-4567]", "912-93-4567", "us_atin"),  # (its own shape: 9XX-93-XXXX)
        ("preparer PTIN P12345678 signed", "P12345678", "us_ptin"),
        ("RUC 3141592-0 (Asunción)", "3141592-0", "py_ruc"),
        ('{"rfc": "GOPA850612KL3"}', "GOPA850612KL3", "mx_rfc"),
        ("mi NIT es 7654321-8", "7654321-8", "gt_nit"),
        ("NIT: 811.222.333-2", "811.222.333-2", "co_nit"),
        ("nit_sv=0614-050780-102-0", "0614-050780-102-0", "sv_nit"),
        ("cédula física 1-0234-0567", "1-0234-0567", "cr_cpf"),
        ("DNI: 23.456.789 (Córdoba)", "23.456.789", "ar_dni"),
        ("Customer(dniAr=23.456.789)", "23.456.789", "ar_dni"),  # (a country hump ends the key)
        ("Cartão de Cidadão n.º 12345678 0 ZX4", "12345678 0 ZX4", "pt_cc"),
        ('"cc_numero": "12345678 0 ZX4"', "12345678 0 ZX4", "pt_cc"),
        ("onderwijsnummer 101234503", "101234503", "nl_onderwijsnummer"),
        ("ЛНЧ 1234567893", "1234567893", "bg_pnf"),
        ("BIS-nummer: 85.47.21-123.03", "85.47.21-123.03", "be_bis"),
        ("pupil upn: P812345678901", "P812345678901", "gb_upn"),
        ('aadhaar_vid: "9123 4567 8901 2346"', "9123 4567 8901 2346", "in_vid"),
        ("NPWP 01.234.567.4-012.000", "01.234.567.4-012.000", "id_npwp"),
        ('"tin": "P0012345601"', "P0012345601", "gh_tin"),
        # identity cards: Germany's with its ICAO check digit, Italy's CIE, Romania's series
        ("Ausweisnummer: L01X00T471", "L01X00T471", "id_card"),
        ("carta d'identità: CB12345DE", "CB12345DE", "id_card"),
        ("Serie și număr CI: KZ 123456", "KZ 123456", "id_card"),
        # medical records
        ("MRN: 00482913", "00482913", "mrn"),
        ("medical record number MR-4417203", "MR-4417203", "mrn"),
        ("PID|1||55102388^^^GENHOSP^MR~A77120^^^CLINIC^PI||ROE^A", "55102388", "mrn"),
        ("PID|1||55102388^^^GENHOSP^MR~A77120^^^CLINIC^PI||ROE^A", "A77120", "mrn"),
        # addresses written into prose with dashes after an IP label
        ("my ip is 81-2-69-160 today", "81-2-69-160", "ip_address"),
        # health cards: Ontario (Luhn and a version code), BC's PHN, Scotland's CHI, NZ's NHI
        ("Health card no.: 1234-567-897-AB", "1234-567-897-AB", "health_number"),
        ("PHN 9698 658 215 on the referral", "9698 658 215", "health_number"),
        ("CHI: 120384 2414", "120384 2414", "health_number"),
        ("NHI ZZZ0016 at triage", "ZZZ0016", "health_number"),
        ("PID|1||ZZZ0016^^^NHI", "ZZZ0016", "mrn"),  # (a segment ending after PID-3)
        ("Chart #: 4481207", "4481207", "mrn"),
        # birth dates: other scripts' digits, Chinese numerals, other calendars, records
        ("| تاریخ تولد | ۱۳۶۲/۰۷/۱۱ |", "۱۳۶۲/۰۷/۱۱", "date_of_birth"),
        ('{"birth_date": "२०४२-०३-१५"}', "२०४२-०३-१५", "date_of_birth"),
        ("| জন্ম তারিখ | ২২/০৪/১৯৮৫ |", "২২/০৪/১৯৮৫", "date_of_birth"),
        ("出生日期: 一九八八年七月十九日", "一九八八年七月十九日", "date_of_birth"),
        ("| تاريخ الميلاد | 14 رمضان 1380 هـ |", "14 رمضان 1380 هـ", "date_of_birth"),
        ("DMG*D8*19720315*M~", "19720315", "date_of_birth"),
        ("dateOfBirth: 19850607000000Z", "19850607000000Z", "date_of_birth"),
        ("Date of birth / Date de naissance\n21 AUG/AOÛT 79", "21 AUG/AOÛT 79", "date_of_birth"),
        (
            "BEGIN:VEVENT\nDTSTART;VALUE=DATE:19781102\nRRULE:FREQ=YEARLY\nSUMMARY:Birthday of Sam\nEND:VEVENT",
            "19781102",
            "date_of_birth",
        ),
        # post-office boxes (UPU formats) and bank-account keys
        ('"postal_address": "PO Box 4411, Dunedin 9054, New Zealand"', "PO Box 4411, Dunedin 9054", "address"),
        ("Postanschrift: Postbus 20512, 2500 EM Den Haag", "Postbus 20512, 2500 EM Den Haag", "address"),
        ("BP 4021, 69001 Lyon Cedex 02", "BP 4021, 69001 Lyon Cedex 02", "address"),
        ("casilla: Casilla de Correos 1234, 5000 Córdoba", "Casilla de Correos 1234, 5000 Córdoba", "address"),
        ("Customer[id=1, bankAccountNo=45781230]", "45781230", "bank_account"),
        ("my bank is 77412309, thanks", "77412309", "bank_account"),
        ("bank: 40213-7", "40213-7", "bank_account"),
        # a number dialled with the international prefix instead of `+` (ITU 00, Australia's 0011),
        # and a Spanish grouped number (the national shapes' date-or-IP check answered wrongly)
        ('dial_string == "00 33 6 12 35 20 26"', "00 33 6 12 35 20 26", "phone"),
        ("Tel. (aus dem Ausland): 0011 81 90-1203-6038", "0011 81 90-1203-6038", "phone"),
        ("llámame al 612 345 678", "612 345 678", "phone"),
        # addresses in CJK (no spaces: the address system's units) and right-to-left scripts, under
        # the word for an address in their languages; a Ruby DSL's `address { "…" }`
        ('"address": "北京市海淀区中关村大街27号院5号楼1102"', "北京市海淀区中关村大街27号院5号楼1102", "address"),
        ('{"text": "배송지: 부산광역시 해운대구 센텀중앙로 55, 12층"}', "센텀중앙로 55, 12층", "address"),
        ('  address { "上海市徐汇区漕溪北路88号902室" }', "上海市徐汇区漕溪北路88号902室", "address"),
        ("住所：大阪府大阪市北区梅田3丁目1番1号", "大阪府大阪市北区梅田3丁目1番1号", "address"),
        ("כתובת: רחוב ביאליק 7, דירה 3, רמת גן", "רחוב ביאליק 7, דירה 3, רמת גן", "address"),
        ("yeah so my العنوان is ٤٥ شارع الهرم، الجيزة", "٤٥ شارع الهرم، الجيزة", "address"),
        ("آدرس: تهران، خیابان آزادی، کوچه ۱۲، پلاک ۳", "تهران، خیابان آزادی، کوچه ۱۲، پلاک ۳", "address"),
        # address grammars: a Russian street line, a REST finder's path segment, a bind list's pair, an
        # audit log's change, Colombian grid streets with a flat, Estonian `mnt`, Turkish `No:`
        (
            "CUST-1   ул. Ленина, д. 5, кв. 12, 620014 Екатеринбург   ACTIVE",
            "ул. Ленина, д. 5, кв. 12, 620014",
            "address",
        ),
        ('"homeAddress": "Bağdat Cad. No:88 D:3, 34728 Kadıköy/İstanbul"', "Bağdat Cad. No:88 D:3, 34728", "address"),
        ('[["street_address", "House 12, Mombasa Road, South C, Nairobi"]]', "House 12, Mombasa Road", "address"),
        ('{"changes":{"address":["","12 Lê Lợi, Phường Bến Thành"]}}', "12 Lê Lợi, Phường Bến Thành", "address"),
        ("GET /api/v1/customers/by-address/Seestrasse 12, 8002 Zürich", "Seestrasse 12, 8002 Zürich", "address"),
        ("mi dirección es Calle 80 # 12-34, apto 402, Medellín", "Calle 80 # 12-34, apto 402, Medellín", "address"),
        ("Bulevar Mihajla Pupina 10, 11070 Beograd", "Bulevar Mihajla Pupina 10, 11070 Beograd", "address"),
        ("Narva mnt 7, 10117 Tallinn", "Narva mnt 7, 10117 Tallinn", "address"),
        ('"address": "Bole Sub-City, Woreda 03, House No. 11, Addis Ababa"', "Woreda 03, House No. 11", "address"),
        ("national no. 85073003328 on file", "85073003328", "be_nn"),
        ("АДРЕС ДОСТАВКИ: Невский проспект 28, 191186 Санкт-Петербург", "Невский проспект 28, 191186", "address"),
        # e-mails: an IAP header's `accounts.google.com:` prefix, quoted-printable `=40`, Cloudflare's
        # XOR-encoded protection
        (
            "X-Goog-Authenticated-User-Email: accounts.google.com:ana.lima@orchard-corp.io",
            "ana.lima@orchard-corp.io",
            "email",
        ),
        ("please reply to jon_moe=40fjord-mail.no", "jon_moe=40fjord-mail.no", "email"),
        (
            '<a data-cfemail="5a363f343b74383f283d1a3c3035283e77373b3336743435">[email protected]</a>',
            "5a363f343b74383f283d1a3c3035283e77373b3336743435",
            "email",
        ),
        # titles and honorifics
        ("王建国先生您好，附件是合同", "王建国", "person_name"),
        ("Уважаемый Иван Сергеевич, добрый день", "Иван Сергеевич", "person_name"),
        ("Shri Anil Deshpande has signed the form", "Anil Deshpande", "person_name"),
        ("Estimado Sr. D. Juan Carlos Ortega Ruiz:", "Juan Carlos Ortega Ruiz", "person_name"),
        ("Kimura Yui-san, could you review?", "Kimura Yui", "person_name"),
        ('{"id": "p-9", "contactName": "Abebe Girma"}', "Abebe Girma", "person_name"),
        ('  display_name { "Kasun Perera" }', "Kasun Perera", "person_name"),
        ("GET /api/v1/customers/by-full_name/Kadri Tamm 404", "Kadri Tamm", "person_name"),
        # names under a person key as code and reports write it, in any script
        ('[["owner_name", "ሰላም ተስፋዬ"], ["LIMIT", 1]]', "ሰላም ተስፋዬ", "person_name"),
        ("where: { ownerName: 'Անի Սարգսյան' }", "Անի Սարգսյան", "person_name"),
        ("person: Kofi Boateng, can you check", "Kofi Boateng", "person_name"),
        ("owner ........................ Aroha Ngata", "Aroha Ngata", "person_name"),
        ("the contact person is Γιώργος Παπαδάκης", "Γιώργος Παπαδάκης", "person_name"),
    ],
)
def test_round9_pii_mechanisms(text: str, value: str, kind: str) -> None:
    assert kind in _kinds(text, value), R.redact(text).text  # type: ignore[union-attr]


def test_machine_readable_zone() -> None:
    zone, names, part = _mrz()
    assert "passport_mrz" in _kinds(zone, names)
    assert "passport_mrz" in _kinds(zone, part)
    broken = zone.replace(part, part[:9] + str((int(part[9]) + 1) % 10) + part[10:])
    assert _kinds(broken[45:], broken[45:73]) == set()  # a data line whose check digit fails is kept


@pytest.mark.parametrize(
    "text",
    [
        "el RIF del proveedor es V-12345678-2",  # (check digit broken)
        "preparer PTIN X12345678 signed",
        "RUC 3141592-1 (Asunción)",
        "mi NIT es 7654321-3",
        "nit: rename this to 1234-5 later",
        "see RFC 7231 section 4",
        "onderwijsnummer 101234504",
        "ЛНЧ 1234567894",
        "BIS-nummer: 85.47.21-123.04",
        "bis 12.03.24 fertig",
        "cc 12345678 0 ZX4",  # (`cc` alone, no separator: a compiler or a copy)
        "NPWP 01.234.567.5-012.000",
        "Ausweisnummer: L01X00T472",
        "build 912-89-4567 failed",  # (no ITIN or ATIN group)
        "PID|USER|COMMAND",
        "PID|1||ROE^A",
        "MRN: pending",
        "ip: 10-0-0-12",  # (private)
        "version 81-2-69-160 of the part",
        "key = FOO<<BAR",
        "P<NORLINDQVIST<<OSKAR<<<",  # (not a zone's line length)
        "Health card no.: 1234-567-898-AB",  # (Luhn broken)
        "NHI ZZZ0017 at triage",
        "chi square of 120384 2418",  # (`chi` alone, no separator)
        "دفعه ۱۳۶۲/۰۷/۱۱",  # (no birth label)
        '{"birth_date": "১২/০৯/২০৫০"}',  # (a Bengali-era year after the birth range)
        "出生日期: 二〇二五年七月十九日",  # (too recent)
        "DMG*D8*20250101*F~",
        "created: 20240101000000Z",
        "BEGIN:VEVENT\nDTSTART;VALUE=DATE:19781102\nRRULE:FREQ=YEARLY\nSUMMARY:Team offsite\nEND:VEVENT",
        "BP 120 over 80",
        "the PO Box idea, reconsidered",
        "bank: 3 ways",
        "bank: 1234567.89 total",
        "person: Release Notes",
        "host: localhost:8080",
        "GET /api/v1/customers/by-id/4411",
        '[["status", "Release 12, Build 7"]]',
        "Уважаемые Коллеги, добрый день",
        "see the Pull-Request, run pre-commit, the re-sync job",
        "Sri Lanka office",
        "contactName = getName()",
        'c := Customer{Iban: "x"}',
        "see src/author/Index.md",
        "https://bob@db.acme.io/x",
        'data-cfemail="5a363f343b"',  # (decodes to no address)
        "width=40px.x",
        '"address": "市场部"',  # (no number, no address units)
        "my address { padding: 3px }",
        "版本号 3.2 发布",
        "Gesamt: 612.345.678,49 €",  # (an amount, its decimals after a comma)
        "build 00 12 3456 7890",
        "owner ........................ Platform Team",
        '[["status", "Готово Сейчас"]]',
    ],
)
def test_round9_pii_lookalikes_survive(text: str) -> None:
    assert R.spans_many([text])[0] == [], R.redact(text).text  # type: ignore[union-attr]
