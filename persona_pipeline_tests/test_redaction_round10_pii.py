"""Personal-data mechanisms added while round 10 of the blind corpus was dev (issue 17, branch
tune10p). Every value is made for the test (never a corpus value): a number python-stdnum accepts,
found from a prefix of our own; each positive has a negative twin (a broken check digit, no label,
a company's number, a lower-case abbreviation in prose)."""

from __future__ import annotations

import importlib
import re

import pytest

from persona_pipeline.core.evidence.redaction import id_catalog
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks

R = Redactor(b"k" * 32)
_checks = Checks(R)


def _valid(module: str, prefix: str, width: int) -> str:
    """The first number of `width` digits after `prefix` that the module accepts."""
    mod = importlib.import_module(f"stdnum.{module}")
    for n in range(10 ** (width - len(prefix))):
        v = f"{prefix}{n:0{width - len(prefix)}d}"
        if mod.is_valid(v):
            return v
    raise AssertionError(module)


def _broken(v: str) -> str:
    return v[:-1] + str((int(v[-1]) + 1) % 10)


VKN = _valid("tr.vkn", "73018", 10)  # Turkey's tax number
RNC = _valid("do.rnc", "13170", 9)  # the Dominican Republic's taxpayer number
EDB = _valid("mk.edb", "50380", 13)  # North Macedonia's tax number (ЕДБ)
ORGNR = _valid("se.orgnr", "55611", 10)  # a Swedish company's number


def test_the_catalogue_reads_people_s_numbers_not_companies() -> None:
    kinds = {e.kind for e in id_catalog.catalog()}
    assert {"tr_vkn", "do_rnc", "mk_edb"} <= kinds
    # company, bank, postal and product numbers are no one's personal data
    assert not kinds & {"se_orgnr", "fr_siren", "au_abn", "nl_postcode", "cz_bankaccount", "it_aic", "es_cif"}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"Şahıs şirketim için VKN {VKN} kullanıyorum", VKN),
        (
            f"factura a nombre de Ana, RNC {RNC[:1]}-{RNC[1:3]}-{RNC[3:8]}-{RNC[8:]}",
            f"{RNC[:1]}-{RNC[1:3]}-{RNC[3:8]}-",
        ),
        (f'payer:\n  edb = "{EDB}"\n', EDB),  # (a Cyrillic abbreviation keyed in Latin letters)
        (f"ЕДБ на клиентот: {EDB}", EDB),
        (f"Registro Nacional del Contribuyente: {RNC}", RNC),
    ],
)
def test_a_catalogued_number_under_its_name_is_redacted(text: str, value: str) -> None:
    assert _checks.covered(text, value), _checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        f"Şahıs şirketim için VKN {_broken(VKN)} kullanıyorum",  # a broken check digit
        f"invoice batch {VKN} exported",  # no label
        f"Org.nr {ORGNR[:6]}-{ORGNR[6:]} (Acme AB)",  # a company's number
        f"ran the rnc step with seed {RNC}",  # a lower-case abbreviation in prose is no label
    ],
)
def test_a_catalogued_look_alike_is_kept(text: str) -> None:
    _checks.kept(text)


@pytest.mark.parametrize(
    "text",
    [
        "see [REDACTED:address:0a1b2c3d] for the parcel",
        "moved from [REDACTED:address:0a1b2c3d] to [REDACTED:address:4e5f6a7b] last May",
        "[REDACTED:bank_account:9f8e7d6c] was charged",
    ],
)
def test_a_placeholder_opens_no_gate(text: str) -> None:
    # (a placeholder's kind is no label: a gate it opened let a second pass find what the first
    # pass had not, and redacting twice changed the text)
    from persona_pipeline.core.evidence.redaction import pii

    assert not (pii._gates(text) or set()) & {"address_field", "bank"}


def test_a_bracketed_address_key_opens_the_address_gate() -> None:
    text = 'set(m[MailingAddress] = "12/4 ถนนนิมมานเหมินท์ ตำบลสุเทพ เชียงใหม่ 50200")'
    assert _checks.covered(text, "ถนนนิมมานเหมินท์ ตำบลสุเทพ เชียงใหม่ 50200"), _checks.spans(text)
    # (the same value under a key of another meaning stays)
    _checks.kept('set(m[Greeting] = "12/4 ถนนนิมมานเหมินท์ ตำบลสุเทพ เชียงใหม่ 50200")')


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('(gdb) print patient->date_of_birth\n$3 = "1971-08-23"', "1971-08-23"),
        ("In [7]: members.loc[12, \"birthday\"]\nOut[7]: '23.08.1971'", "23.08.1971"),
        ('(gdb) p rec->birth_date\n$1 = 0x5599aa10 "1966-02-14"', "1966-02-14"),  # (a char *: its address first)
    ],
)
def test_a_debugger_echo_reads_as_its_expression_s_value(text: str, value: str) -> None:
    assert _checks.covered(text, value), _checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        # a markdown quote is no console prompt, and a line after a prompt without the tool's result
        # marker is no echo of it
        "release notes\n> date of birth field added\n1971-08-23 is the build date",
        "(gdb) print patient->date_of_birth\nBreakpoint 2 at 1971-08-23",
    ],
)
def test_a_debugger_echo_look_alike_is_kept(text: str) -> None:
    _checks.kept(text)


def test_a_table_goes_on_past_a_row_of_whole_cell_placeholders() -> None:
    # (the phone/name table reader ended a table at any row holding a placeholder, unlike the
    # national-id and address column readers: a row whose redacted cells are whole keeps the
    # table's width, so the rows after it are still the column's)
    text = "team;role;mobile\nops;lead;[REDACTED:phone:0a1b2c3d]\nqa;tester;0612345678\n"
    assert _checks.covered(text, "0612345678"), _checks.spans(text)
    # a placeholder inside a cell's prose may have eaten separators: the table ends there
    ended = "team;role;mobile\nops;lead, call [REDACTED:phone:0a1b2c3d] or;x\nqa;tester;0612345678\n"
    assert ("0612345678", "phone") not in _checks.spans(ended)


_DUCKDB_TABLE = (
    "┌─────────┬──────────────┐\n"
    "│  team   │    mobile    │\n"
    "│ varchar │   varchar    │\n"
    "├─────────┼──────────────┤\n"
    "│ ops     │ 0612345678   │\n"
    "│ qa      │ 0687654321   │\n"
    "└─────────┴──────────────┘"
)


def test_a_box_drawn_table_is_read_as_a_pipe_table() -> None:
    for value in ("0612345678", "0687654321"):
        assert _checks.covered(_DUCKDB_TABLE, value), _checks.spans(_DUCKDB_TABLE)
    # (the same digits under a column of another meaning stay)
    _checks.kept(_DUCKDB_TABLE.replace("   mobile  ", "  batch_no "))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('page.fill("#birth_date_shamsi", "۱۳۶۲/۰۴/۱۷")', "۱۳۶۲/۰۴/۱۷"),  # a key with a suffix, a form call
        ("row: id=7 | dob_local | ٠٣/١١/١٩٨٢", "٠٣/١١/١٩٨٢"),  # the label a cell before
    ],
)
def test_another_script_s_birth_date_under_a_label_earlier_on_its_line(text: str, value: str) -> None:
    assert _checks.covered(text, value), _checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        'invoice_date_local = "۱۳۶۲/۰۴/۱۷"',  # no birth label
        "Adobe export ٠٣/١١/١٩٨٢",  # (`dob` inside a word is no label)
        "date of birth field added\nbatch ۱۳۶۲/۰۴/۱۷ shipped",  # the label is on another line
    ],
)
def test_another_script_s_date_without_a_birth_label_is_kept(text: str) -> None:
    _checks.kept(text)


def _cz_account() -> str:
    mod = importlib.import_module("stdnum.cz.bankaccount")
    for n in range(7301000000, 7302000000):
        if mod.is_valid(f"{n}/0300"):
            return f"{n}/0300"
    raise AssertionError("cz")


CZ_ACCOUNT = _cz_account()
NO_ACCOUNT = _valid("no.kontonr", "6321", 11)
NO_PRINTED = f"{NO_ACCOUNT[:4]}.{NO_ACCOUNT[4:6]}.{NO_ACCOUNT[6:]}"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"Zaplaťte prosím na číslo účtu {CZ_ACCOUNT} do pátku", CZ_ACCOUNT),
        (f"refund to settlement account {CZ_ACCOUNT}", CZ_ACCOUNT),
        (f"utbetaling til konto {NO_PRINTED} neste uke", NO_PRINTED),
        ('$payee = ["bank_account_primary" => "48291734"];', "48291734"),  # (a key's qualifier, `=>`)
    ],
)
def test_a_domestic_account_under_an_account_label_is_redacted(text: str, value: str) -> None:
    assert _checks.covered(text, value), _checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        f"utbetaling til konto {NO_PRINTED[:-1]}{(int(NO_PRINTED[-1]) + 1) % 10} neste uke",  # a broken check
        "account service v2024.05.11.2904 deployed",  # a version after an account word
        f"batch {NO_PRINTED} exported",  # no account label
    ],
)
def test_a_domestic_account_look_alike_is_kept(text: str) -> None:
    _checks.kept(text)


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("my house: 52.370216, 4.895168 if the courier asks", ("52.370216", "4.895168")),
        ("geo:\n  residence: [-33.868820, 151.209296]", ("-33.868820", "151.209296")),
        ("HOUSE_LAT=48.858370\nHOUSE_LNG=2.294481", ("48.858370", "2.294481")),
        ("Wohnort (GPS): 51.339695, 12.373075", ("51.339695", "12.373075")),  # (a location word in brackets)
    ],
)
def test_a_home_s_coordinates_are_redacted(text: str, pair: tuple[str, str]) -> None:
    for value in pair:
        assert _checks.covered(text, value), _checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "datacenter: 50.110924, 8.682127",  # no home word: an office, a data centre
        "home page latency 0.123456 s, p99 0.654321 s",  # a home word that labels nothing
        "home: 1.5, 2.5",  # too coarse to find a door
        "home: 95.123456, 8.682127",  # no latitude
    ],
)
def test_a_coordinate_look_alike_is_kept(text: str) -> None:
    _checks.kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("cy.get('[name=full_name]').type('Saoirse Ní Bhriain')", "Saoirse Ní Bhriain"),
    ],
)
def test_a_ui_test_s_filled_field_names_its_value(text: str, value: str) -> None:
    assert _checks.covered(text, value), _checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        'driver.find_element(By.ID, "release").send_keys("1969-11-02")',  # a field of another meaning
        "cy.get('[name=q]').type('shipping 2024-11-02')",
    ],
)
def test_a_ui_test_s_other_field_is_kept(text: str) -> None:
    _checks.kept(text)


def test_a_dashed_ip_under_a_qualified_ip_key_is_redacted() -> None:
    text = "audit ip_origin=81-2-69-160 accepted"
    assert _checks.covered(text, "81-2-69-160"), _checks.spans(text)
    _checks.kept("audit skip_frames=81-2-69-160 accepted")  # (no IP key: a dashed quad is a part number)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("número de afiliación a la seguridad social 28/1234567/81", "28/1234567/81"),
        ("Healthcare identifier: 8003 6011 2345 6789", "8003 6011 2345 6789"),
        ('{"social_security_no": "4120-88213-07"}', "4120-88213-07"),  # (not a US number: another country's)
        ("Individual Healthcare Identifier (IHI): 8003 6071 4402 9186", "8003 6071 4402 9186"),  # (its acronym)
        ('"social_security_no": "KQT 4471 2093"', "KQT 4471 2093"),  # (a series' capitals first)
    ],
)
def test_a_social_insurance_number_under_its_label_is_redacted(text: str, value: str) -> None:
    assert _checks.covered(text, value), _checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "seguridad social: plazo 2024-03-12",  # a date
        "social security tax 6.2% on 168600",  # an amount
        "job 41208821307 finished",  # no label
    ],
)
def test_a_social_insurance_look_alike_is_kept(text: str) -> None:
    _checks.kept(text)


# review of round 10 (fix10p): look-alikes on ordinary developer text


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        ("bank_balance_cents: 73019482", "bank_account: 73019482"),  # a sum
        ("bank_holiday_count = 40718825", "bank_no = 40718825"),  # a count
        ("bank_routing_number: 318402957", "bank_account_number: 318402957"),  # another code
        ("bankTotalAmount: 55120934", "bankAccountNo: 55120934"),
        # a qualifier only after an account or number word (`bank_account_main`, not `bank_team`)
        ("bank_team: 48291734", "BANK_ACCOUNT_MAIN=48291734"),
        ("bank_account_balance: 61820394", "bank_no_secondary: 61820394"),
    ],
)
def test_a_bank_key_of_a_quantity_or_another_code_is_kept(text: str, twin: str) -> None:
    _checks.kept(text)
    value = twin.rsplit(" ", 1)[-1].rsplit("=", 1)[-1]
    assert _checks.covered(twin, value), _checks.spans(twin)


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        # a home word before another word is something else's: a team, a folder, prices
        ("home_team_ratio: 0.6218, 0.3782", "home_gps: 0.6218, 0.3782"),
        ("home directory size: 23.4561, 67.8012", "home location: 23.4561, 67.8012"),
        ("house prices lat=40.7306, lon=-73.9352", "house lat=40.7306, lon=-73.9352"),
        # `dom` alone is the DOM too: Polish `dom` only with a location word
        ("dom: 23.4567, 41.2345", "dom_coords: 23.4567, 41.2345"),
        # a number followed by a unit is a measurement
        ("home: 23.4567, 41.2345 ms", "home: 23.4567, 41.2345"),
        ("homePin = 12.3456, 45.6789%", "homePin = 12.3456, 45.6789"),
    ],
)
def test_a_home_word_that_labels_no_pair_is_kept(text: str, twin: str) -> None:
    _checks.kept(text)
    for value in re.findall(r"-?\d+\.\d{4}", twin):
        assert _checks.covered(twin, value), _checks.spans(twin)


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        # another word between the label and the number: the number is that word's
        ("assurance maladie remboursement: 40718823 ref", "assurance maladie: 40718823 ref"),
        ("previdenza sociale versione 61930274", "previdenza sociale n. 61930274"),
        ("health identifier table rows: 408127739", "health identifier # 408127739"),
        # a compact date, a run of consecutive digits
        ("previdenza sociale: 19990817", "previdenza sociale: 19997817"),
        ("seguridad social: 23456789", "seguridad social: 23456798"),
        ("seguridad social: 98765432", "seguridad social: 98765423"),
    ],
)
def test_a_social_insurance_label_s_other_number_is_kept(text: str, twin: str) -> None:
    _checks.kept(text)
    value = re.findall(r"\d{8,}", twin)[0]
    assert _checks.covered(twin, value), _checks.spans(twin)


NO_PLAIN = _valid("no.kontonr", "7152", 11)


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        # eleven digits pass Norway's mod-11 check one time in eleven or so: under a bare `account`
        # a Norwegian number only in its printed notation or beside a Norwegian word
        (
            f"refund to account {NO_PLAIN} queued",
            f"refund to account {NO_PLAIN[:4]}.{NO_PLAIN[4:6]}.{NO_PLAIN[6:]} queued",
        ),
        (f"account {NO_PLAIN} archived", f"utbetaling til konto {NO_PLAIN} neste uke"),
    ],
)
def test_a_plain_eleven_digit_run_under_account_is_no_norwegian_account(text: str, twin: str) -> None:
    _checks.kept(text)
    value = re.findall(r"\d[\d.]{9,}\d", twin)[0]
    assert _checks.covered(twin, value), _checks.spans(twin)
