"""Round 19's tuning (issue 17): register numbers read by their published check rules (a Hungarian
GIRO account, a PostFinance account, a home's supply point: Spanish CUPS, UK MPAN core, Dutch
EAN-code). Values and sentences are this file's own (computed with each register's rule)."""

from __future__ import annotations

import time

import pytest

from persona_pipeline.core.evidence.redaction import register_checks
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks

# --- 1. the check rules themselves


def test_register_checks_accept_and_reject() -> None:
    assert register_checks.hu_bank_account_ok("11700508-20341512")
    assert register_checks.hu_bank_account_ok("11700508 30000000 00000041")
    assert not register_checks.hu_bank_account_ok("11700508-20341513")  # (the account's check digit)
    assert not register_checks.hu_bank_account_ok("11700509-20341512")  # (the bank's check digit)
    assert register_checks.ch_postal_account_ok("30-4321-6")
    assert register_checks.ch_postal_account_ok("61-270355-3")
    assert not register_checks.ch_postal_account_ok("61-270355-4")
    assert not register_checks.ch_postal_account_ok("611-270355-3")
    assert register_checks.mpan_core_ok("14 0000 1234 565")
    assert not register_checks.mpan_core_ok("1400001234566")


# --- 2. bank accounts in their national forms, after an account label


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("kérem a számlaszám 11700508-20341512 legyen a visszatérítéshez", "11700508-20341512"),
        ("bankszámlaszám: 11700508 30000000 00000041", "11700508 30000000 00000041"),
        ('{"szamlaszam": "11700508-20341512"}', "11700508-20341512"),
        ("send the deposit back to my account number 11700508-30000000-00000041 please", "30000000-00000041"),
        ("Einzahlungen bitte auf mein Postkonto 30-4321-6", "30-4321-6"),
        ("mon CCP : 61-270355-3", "61-270355-3"),
        ("compte postal 61-270355-3, merci", "61-270355-3"),
    ],
)
def test_national_account_forms_are_redacted(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        # no account label: a pair of eight-digit ids, a build range, a version triple
        "the build ids 11700508-20341512 both timed out on arm64",
        "bump the schema from 30-4321-6 to 30-4322-0 in the migration notes",
        # an account label whose value fails the register's check
        "Postkonto 30-4321-7 is the wrong one in the fixture",
    ],
)
def test_developer_numbers_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


# --- 3. supply points of a home's electricity or gas


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("el contrato de la luz del piso: ES0031405512345678EV", "ES0031405512345678EV"),
        ("punto de suministro ES0217901000000123FB1P (gas)", "ES0217901000000123FB1P"),
        ("our MPAN is 14 0000 1234 565, the meter's in the hall", "14 0000 1234 565"),
        ("Supply number: 2103141592653", "2103141592653"),
        ("S 03 845 275\n  21 0314 1592 653", "21 0314 1592 653"),
        ("EAN-code aansluiting: 871699123456789016", "871699123456789016"),
        ("Aansluitgegevens\nEAN\n871234567890123451", "871234567890123451"),
    ],
)
def test_supply_points_are_redacted(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "ES0031405512345678EW is not a valid test vector",  # (the mod-529 letters do not match)
        "processed 1400001234565 rows in the backfill",  # (an MPAN-valid run with no label)
        "message id 871699123456789016 was deleted by the bot",  # (a snowflake-like id, no label)
        "the EAN-13 barcode 4006381333931 is printed on the box",  # (a product's EAN is no home)
        "MPAN parsing: the core 1400001234566 fails its check",
    ],
)
def test_supply_point_lookalikes_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


def test_supply_points_scan_is_linear(redactor: Redactor) -> None:
    line = "MPAN 14 0000 1234 565 and EAN-code 871699123456789016, ES0031405512345678EV, S 01 801 811\n"
    text = line * 4000

    def cost(n: int) -> float:
        start = time.process_time()
        redactor.redact(text[:n])
        return time.process_time() - start

    cost(10_000)  # warm
    # 4x the text costs about 4x the time (a quadratic scan would cost 16x): a ratio, not a clock bound
    assert cost(200_000) < 8 * cost(50_000) + 0.05


# --- 4. documented example values: published test cards and the IBAN registry's examples


@pytest.mark.parametrize(
    "text",
    [
        "Stripe's 3D Secure card 4000 0027 6000 3184 should trigger the challenge modal",
        "in the Braintree sandbox use 4005 5192 0000 0004 for a successful Visa",
        "request body: {iban: 'NL91 ABNA 0417 1643 00'} straight from the SWIFT registry",
        "the docs use CH93 0076 2011 6238 5295 7 as the Swiss example account",
    ],
)
def test_documented_example_values_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a real-looking IBAN that no registry prints: still redacted, "example" beside it or not
        ("e.g. my IBAN NL02 ABNA 0123 4567 89 for the refund", "NL02 ABNA 0123 4567 89"),
        ("pay the invoice to card 4539 1488 0343 6467 please", "4539 1488 0343 6467"),
    ],
)
def test_undocumented_payment_values_still_go(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


# --- 5. specimen people: a whole standard pair, with a sample marker unless specimen-only


@pytest.mark.parametrize(
    "text",
    [
        "the form preview shows Erika Musterfrau as the applicant",
        'seed data (sample users): {"name": "Joe Bloggs"}, {"name": "Jan Kowalski"}',
        "placeholder text in the signup form: John Doe",
    ],
)
def test_specimen_names_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a pair real people bear, with no sample marker: a person
        ("my landlord Mario Rossi never answers about the boiler", "Mario Rossi"),
        # a specimen surname does not vouch for another name on the line
        ("Max Mustermann is the sample; the real applicant is Greta Lindqvist", "Greta Lindqvist"),
        # a real home address beside a specimen name stays redacted
        ("sample form for Max Mustermann, but ship it to 42 Larkspur Lane, Bristol BS6 5AB", "42 Larkspur Lane"),
    ],
)
def test_real_people_beside_specimens_still_go(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


# --- 6. a company's letterhead address, a name inside a street's name


@pytest.mark.parametrize(
    "text",
    [
        "Vendor on the PO:\nQuillfeather Software Ltd\n27 Harbour Way\nPlymouth PL1 3DE",
        "Bramblewood Analytics, Inc., 900 Alice Street, Oakland, CA 94607",
    ],
)
def test_company_addresses_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a person's home under a company's line is a person's: home words keep it redacted
        ("Quillfeather Software Ltd\n27 Harbour Way, my flat is upstairs", "27 Harbour Way"),
        # a person's name and address, no legal form above
        ("Ship to:\nNadia Ferreira\n27 Harbour Way\nPlymouth PL1 3DE", "Nadia Ferreira"),
        ("Ship to:\nNadia Ferreira\n27 Harbour Way\nPlymouth PL1 3DE", "27 Harbour Way"),
    ],
)
def test_people_at_addresses_still_go(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


# --- 7. a birth word needs a person as its owner


@pytest.mark.parametrize(
    "text",
    [
        "the repo's birthday is 2019-03-14, the day of its first tag",
        "Haskell was born on 1990-04-01 with the 1.0 report",
        "our app's birthday: 2021-11-02",
    ],
)
def test_a_things_birthday_stays(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my dad's birthday is 1958-07-19, add it to the fixture", "1958-07-19"),
        ("Priya was born on 1993-02-11 in Pune", "1993-02-11"),
        ("the patient's date of birth: 1971-10-30", "1971-10-30"),
        ("date of birth: 1985-05-05", "1985-05-05"),
    ],
)
def test_a_persons_birth_date_still_goes(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


# --- 8. quantities grouped in thousands


@pytest.mark.parametrize(
    "text",
    [
        "uploaded 412 880 193 bytes to the bucket",
        "table events: 612 345 678 rows after the backfill",
        "count: 712 804 551",
        "heap 1 073 741 824 B at peak",
    ],
)
def test_grouped_quantities_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("mobile: 612 345 678", "612 345 678"),
        ("call me on 0161 496 0734 rows of paperwork later", "0161 496 0734"),
    ],
)
def test_phones_beside_words_still_go(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


def test_a_pronoun_is_a_person(redactor: Redactor) -> None:
    Checks(redactor).gone("I was born 3rd of May 1962, so the age gate is wrong", "3rd of May 1962")


# --- 9. a form's label away from its value: a dotted leader, a label line above the value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Part B - Applicant\nPostkonto .......... 61-270355-3\nSignature ....... (signed)", "61-270355-3"),
        ("Scanned form\nbankszámlaszám\n11700508-20341512\nSave", "11700508-20341512"),
        ("Your details\nMPAN\n2103141592653\nEdit", "2103141592653"),
    ],
)
def test_form_labels_away_from_values(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Contents\nIntroduction ........ 3\nInstallation ........ 11",
        "Steps\n1. run make\n2. run make test",
        "Usage\n  python -m http.server 8000",
    ],
)
def test_form_shapes_in_developer_text_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


def test_form_label_lines_scan_is_linear(redactor: Redactor) -> None:
    text = "Field name\n12345\nOther label\nvalue 7\n" * 6000

    def cost(n: int) -> float:
        start = time.process_time()
        redactor.redact(text[:n])
        return time.process_time() - start

    cost(10_000)  # warm
    assert cost(200_000) < 8 * cost(50_000) + 0.05  # (a ratio: quadratic would be 16x)


# --- 10. a name/value object's name, a test assertion's field


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('"queryString": [{"name": "mobile", "value": "07700 900461"}]', "07700 900461"),
        ('{"Key": "postkonto", "Value": "61-270355-3"}', "61-270355-3"),
        ('cy.wrap(body).then(b => expect(b.user.phone).to.equal("0161 496 0734"))', "0161 496 0734"),
    ],
)
def test_field_named_apart_from_value(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        '{"name": "accept-encoding", "value": "gzip, deflate, br"}',
        '{"name": "retries", "value": "3"}',
        'expect(resp.data.total).to.eql("1042")',
    ],
)
def test_field_pairs_in_developer_text_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


# --- 11. a spreadsheet cell labelled by its column's header


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Customers!E44  fx  0161 496 0734\n(column E = mobile)", "0161 496 0734"),
        ("'Q3 payouts'!C9  fx  11700508-20341512\ncol C: számlaszám", "11700508-20341512"),
    ],
)
def test_formula_bar_cell_under_its_header(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Budget!C9  fx  =SUM(C2:C8)\n(column C = total)",
        # the header named is another column's
        "Customers!E44  fx  4417 2291\n(column F = mobile)",
    ],
)
def test_formula_bar_cells_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


def test_eg_marks_a_sample(redactor: Redactor) -> None:
    Checks(redactor).kept("the signup form shows e.g. Jane Doe as its hint")


def test_capitalised_units_after_a_grouped_quantity(redactor: Redactor) -> None:
    Checks(redactor).kept("Dateigröße 734.118.205 Bytes laut Log")


def test_long_grouped_runs_stay_linear(redactor: Redactor) -> None:
    text = " ".join(f"{i % 900 + 100}" for i in range(60_000))

    def cost(n: int) -> float:
        start = time.process_time()
        redactor.redact(text[:n])
        return time.process_time() - start

    cost(10_000)  # warm
    assert cost(200_000) < 8 * cost(50_000) + 0.05  # (a ratio: quadratic would be 16x)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a given name the name lists may lack is still a person's: a proper noun alone never
        # makes a birth date public
        ("Oluwaseun's birthday: 1994-06-21, book the table", "1994-06-21"),
        ("Kealoha was born on 2001-12-09 in Hilo", "2001-12-09"),
        ("the boy's birthday is 2012-03-03", "2012-03-03"),
    ],
)
def test_unlisted_names_own_their_birth_dates(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


def test_a_products_birthday_with_its_version_stays(redactor: Redactor) -> None:
    Checks(redactor).kept("Haskell's birthday: 1990-04-01 (1.0 report)")
