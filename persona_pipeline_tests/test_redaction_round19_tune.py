"""Round 19's tuning (issue 17): register numbers read by their published check rules (a Hungarian
GIRO account, a PostFinance account, a home's supply point: Spanish CUPS, UK MPAN core, Dutch
EAN-code). Values and sentences are this file's own (computed with each register's rule)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction import register_checks
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear

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
    line = "MPAN 14 0000 1234 565 and EAN-code 871699123456789016, ES0031405512345678EV, S 03 845 270\n"
    text = line * 4000

    assert_linear(redactor.redact, lambda n: text[:n], 200_000)


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
        # the name is the value of a sample label, directly qualified, or marked right after it
        "Sample applicant: Erika Musterfrau",
        'seed rows: {"example_name": "Joe Bloggs", "plan": "free"}',
        "signup form placeholder: John Doe",
        "a customer name, e.g. Jan Kowalski, fits the column",
        "Beispiel: Max Mustermann",
        "the card shows Kari Nordmann (specimen) on the front",
        "記入例：山田太郎",
        "e.g. name: Ola Nordmann, city: Oslo",
        # a fixture's literal: a quoted name inside the list a sample label opens
        'mock users = [{"id": 1, "name": "Joe Bloggs"}, {"id": 2, "name": "Anna Kowalska"}]',
        'dummy_data: {\\"owner\\": \\"Jan Jansen\\"}',
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
        # F2/F6 (rev19): a marker elsewhere on the line, or none, vouches for nobody
        ("my landlord Stefan Mustermann keeps the deposit, he lives upstairs", "Stefan Mustermann"),
        ("Our new hire Tobias Mustermann starts Monday; his mobile is in HR", "Tobias Mustermann"),
        ("My colleague Jane Doe sent me an example config, ask her", "Jane Doe"),
        ("Mario Rossi (our client in Milan) reported the bug in the sample app", "Mario Rossi"),
        ("Juan Pérez from accounting wants a mock of the report by Friday", "Juan Pérez"),
        ("Jan Kowalski said the fixture data broke his import", "Jan Kowalski"),
        ("Jan Jansen, mijn buurman, heeft een voorbeeld gestuurd; dummy data klopt niet", "Jan Jansen"),
        ("山田太郎さんから例外のログが届きました", "山田太郎"),
        ("Taro Yamada reported the exception (例外) yesterday", "Taro Yamada"),
        ("the customer John Doe complained, e.g. that the export is empty", "John Doe"),
        # my own: the marker after a person's name, a sample word in a label of another field
        ("Ola Nordmann, who wrote the example, is on leave", "Ola Nordmann"),
        ("reviewer: Jean Dupont (example reviewer was someone else)", "Jean Dupont"),
        ("Sample size: 40, interviewer Jean Dupont", "Jean Dupont"),
        # a name outside the sample list, or unquoted inside it
        ('sample rows: ["a", "b"] and "Mario Rossi" signed off', "Mario Rossi"),
        ("examples: [ask Jane Doe first]", "Jane Doe"),
    ],
)
def test_real_people_beside_specimens_still_go(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize(
    "text",
    ["Beispiel: Musterstraße 7, 54321 Musterhausen", "the form shows 77 Birch Lane, Anytown, USA"],
)
def test_placeholder_addresses_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # F3 (rev19): the placeholder town must be part of THIS address, not another line or clause
        ("addresses:\n- 12 Oak Street, Leeds LS1 4AB\n- 123 Main St, Anytown", "12 Oak Street"),
        ("My address is 12 Oak Street, Leeds LS1 4AB (not Anytown like the form)", "12 Oak Street"),
        ("ship to 14 Elm Grove, Leeds LS6 2AB; test fixture uses Musterstadt", "14 Elm Grove"),
        ("12 Oak Street, Leeds LS1 4AB\nAnytown", "12 Oak Street"),
    ],
)
def test_real_address_beside_a_placeholder_town_goes(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


# --- 6. a company's letterhead address, a name inside a street's name


@pytest.mark.parametrize(
    "text",
    [
        "Vendor on the PO:\nQuillfeather Software Ltd\n27 Harbour Way\nPlymouth PL1 3DE",
        "Bramblewood Analytics, Inc., 900 Alice Street, Oakland, CA 94607",
        "NOTICE\n\nCopyright 2024 Tallowmere Labs, Inc.\n\nTallowmere Labs, Inc.\n18 Quarry Road\nLeeds LS7 2QT",
        "> Pellucid Systems GmbH\n> Kastanienweg 12, 04109 Leipzig",
        "NOTICE\nPellucid Systems GmbH\nKastanienweg 12, 04109 Leipzig",
        'Notes\tOwner\n"Tallowmere Labs, Inc.\n18 Quarry Road\nLeeds LS7 2QT"\tdana',
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
        # F1 (rev19): the company line must BE a letterhead: alone, unlabelled, at its block's top
        ("Applicant: Sarah Okafor\nEmployer: Initech LLC\n42 Maple Avenue, Springfield, IL 62704", "42 Maple Avenue"),
        (
            "Emergency contact form\nName: Tom Brennan\nWorks at: Globex Ltd\n27 Willow Road, Bristol BS3 4HG",
            "27 Willow",
        ),
        ("please send the replacement laptop to me c/o Acme Ltd\n14 Elm Grove, Leeds LS6 2AB", "14 Elm Grove"),
        ("Cheers,\nTom\nSenior dev, Globex Ltd\n27 Willow Road, Bristol BS3 4HG", "27 Willow Road"),
        ("Cheers,\nTom\nGlobex Ltd\n27 Willow Road\nBristol BS3 4HG", "27 Willow Road"),
        (
            "Contractor details:\nfreelancing via Foo Consulting GmbH\nKastanienallee 44, 10435 Berlin",
            "Kastanienallee 44",
        ),
        ("> Shipping to: Acme Inc.\n> 1234 Oak Hill Drive, Austin, TX 78731", "1234 Oak Hill Drive"),
        # my own: a capitalised role before the company, a pronoun or a person's name in the block
        ("Lead Engineer, Bramblewood Ltd\n9 Copper Lane, York YO1 7HH", "9 Copper Lane"),
        ("Bramblewood Ltd\n9 Copper Lane, York YO1 7HH\n(I'm in the back office, ring twice)", "9 Copper Lane"),
        ("Kind regards\nBramblewood Ltd\n9 Copper Lane, York YO1 7HH", "9 Copper Lane"),
        ("Priya Raman\nBramblewood Ltd\n9 Copper Lane, York YO1 7HH", "9 Copper Lane"),
        # a signature or contact card above the company line, the name in no list
        ("Oluwaseun Adeyemi\nGlobex Ltd\n27 Willow Road, Bristol BS3 4HG", "27 Willow Road"),
        ("Wrenley Okonkwo-Baptiste\nLead Engineer\nGlobex Ltd\n27 Willow Road, Bristol BS3 4HG", "27 Willow"),
        # a company's name on the address's own line, after `c/o` or a first-person request
        ("send it to me c/o Acme Ltd, 14 Elm Grove, Leeds LS6 2AB", "14 Elm Grove"),
        ("my parcel goes to Bramblewood Ltd, 9 Copper Lane, York YO1 7HH", "9 Copper Lane"),
    ],
)
def test_people_at_addresses_still_go(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


# --- 7. a birth word needs a person as its owner


@pytest.mark.parametrize(
    "text",
    [
        "the repo's birthday is 2019-03-14, the day of its first tag",
        "the Haskell language was born on 1990-04-01 as a committee design",
        "our app's birthday: 2021-11-02",
        "Our library was born on 3 March 2015 at a hackathon",
        # a proper noun the text marks as software: a version, an extension, an installer
        "Perl 5's birthday is 1994-10-17",
        "Deno.js's birthday: 2018-06-06",
        "ran npm install leftpadder; Leftpadder was born on 2016-03-23 apparently",
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
        # F5 (rev19): any owner the text does not positively mark as a thing is a person
        ("my grandson's birthday is 3 March 2019", "3 March 2019"),
        ("my stepdaughter's birthday: 22.08.2014", "22.08.2014"),
        ("the twins' birthday is 12/03/2019", "12/03/2019"),
        ("the boy's date of birth: 2012-06-30", "2012-06-30"),
        ("the deceased's date of birth: 17/01/1942", "17/01/1942"),
        ("the policyholder's date of birth: 1979-05-21", "1979-05-21"),
        ("the beneficiary's date of birth is 05.03.1961", "05.03.1961"),
        ("the claimant's birthday: 5 March 1961", "5 March 1961"),
        ("Oluwaseun's birthday is 14/02/1991", "14/02/1991"),
        ("Kowalczyk was born on 3 March 1987", "3 March 1987"),
        ("my mother-in-law's birthday is 2 May 1956", "2 May 1956"),
        # a thing's date of birth is still a person's field; a name before a thing noun is a person's
        ("the project's date of birth: 1984-04-04", "1984-04-04"),
        ("our Grandma Ruth's birthday is 1940-02-02", "1940-02-02"),
        # a bare capitalised word is no software unless the text says so
        ("Wrenley's birthday: 11 Nov 1999", "11 Nov 1999"),
        # a thing noun without a determiner may be a nickname
        ("app's birthday is 1991-01-09", "1991-01-09"),
        # F20 (rev19): a thing's birth word before another owner's date
        ("forget the project's birthday, mine is 12/03/1988", "12/03/1988"),
        ("Python 3's birthday and my DOB 1988-03-12", "1988-03-12"),
        ("our app's birthday was moved; my birthday: 1979-11-30", "1979-11-30"),
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
        "transferred 3 221 225 472 bytes",
        # a spoken noun after digits that are a phone in none of the grouped-number regions
        "the job scanned 101 442 917 users",
        "the page got 412 998 301 views",
        "Anzahl: 612 345 678",
    ],
)
def test_grouped_quantities_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("mobile: 612 345 678", "612 345 678"),
        ("call me on 0161 496 0734 rows of paperwork later", "0161 496 0734"),
        # F4 (rev19): a phone label or calling verb wins; a spoken noun after a valid mobile is no unit
        ("llámame al 612 345 678 days, 655 123 456 evenings", "612 345 678"),
        ("Zadzwoń 512 345 678 times until I answer", "512 345 678"),
        ("text me 912 345 678 messages only", "912 345 678"),
        ("mobile 612 345 678 calls after 6", "612 345 678"),
        ("contacto: 612.345.678 hours 9-14", "612.345.678"),
        ("Call from user: 612 345 678 about her refund", "612 345 678"),
        # my own: spoken nouns after valid mobiles with no label; a label before a firm unit
        ("the job scanned 912 442 917 users", "912 442 917"),
        ("ring 721 456 789 days a week", "721 456 789"),
        ("WhatsApp: 699 123 456 messages only", "699 123 456"),
        ("my number 612 345 678 minutes ago", "612 345 678"),
        ("phone 612 345 678 rows below", "612 345 678"),
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

    assert_linear(redactor.redact, lambda n: text[:n], 200_000)


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
        # F14 (rev19): the header cell itself (A1 notation or its own formula bar), before or after
        ("Staff!D1  fx  date of birth\nStaff!D12  fx  1988-03-12", "1988-03-12"),
        ("headers: D1 = mobile, E1 = team\nStaff!D7  fx  0161 496 0734", "0161 496 0734"),
        ("(column E = mobile)\nCustomers!E44  fx  0161 496 0734", "0161 496 0734"),
        ("Staff!D1  fx  tax id\nStaff!D7  fx  11700508-20341512", "11700508-20341512"),
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
        # a row-1 cell of another column; the cell's own bar is no header
        "Staff!E1  fx  tax id\nStaff!D7  fx  11700508-20341512",
        "Staff!D1  fx  Mobile Apps",
    ],
)
def test_formula_bar_cells_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


def test_example_iban_covers_only_its_own_characters() -> None:
    # F12 (rev19): digits glued after a registry example are no part of it
    from persona_pipeline.core.evidence.redaction import pii

    text = "e.g. GB29 NWBK 6016 1331 9268 1907 7009 0012 is my mobile"
    inside = text.index("6016 1331")
    assert pii.in_example_iban(text, inside, inside + len("6016 1331"))
    tail = text.index("1907 7009")
    assert not pii.in_example_iban(text, tail, tail + len("1907 7009 0012"))
    after = text.index("07 7009")
    assert not pii.in_example_iban(text, after, after + len("07 7009 0012"))


def test_eg_marks_a_sample(redactor: Redactor) -> None:
    Checks(redactor).kept("the signup form shows e.g. Jane Doe as its hint")


def test_capitalised_units_after_a_grouped_quantity(redactor: Redactor) -> None:
    Checks(redactor).kept("Dateigröße 734.118.205 Bytes laut Log")


def test_long_grouped_runs_stay_linear(redactor: Redactor) -> None:
    text = " ".join(f"{i % 900 + 100}" for i in range(60_000))

    assert_linear(redactor.redact, lambda n: text[:n], 200_000)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # F9 (rev19): a Hungarian label with a possessive or case suffix
        ("bankszámlaszámom 11773016 11111018 00000000", "11773016 11111018"),
        ("a számlaszámát: 11773016-11111018", "11773016-11111018"),
        # a PostFinance account: four serial digits or more after any account word, or Swiss Post's label
        ("my konto is 17-123456-0 for the refund", "17-123456-0"),
        ("account 30-4712-4", "30-4712-4"),
        ("CCP 25-987-6", "25-987-6"),
    ],
)
def test_national_account_labels_and_serials(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        # F8 (rev19): a short `NN-N-N` after a generic account word is no PostFinance account
        "konto: 80-2-2 is the format example in the PostFinance docs",
        "account lockout policy 25-98-6 applies",
    ],
)
def test_short_postal_shapes_after_generic_account_words_stay(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


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


@pytest.mark.parametrize(
    "unit",
    [
        # letterheads stacked with no blank line: each block read is bounded
        "Quillfeather Software Ltd\n27 Harbour Way, Plymouth PL1 3DE\n",
        # one long sample list of specimen pairs on a single line
        '{"name": "Jane Doe"}, {"name": "Mario Rossi"}, ',
        # birthdays of things and people, one after another
        "our app's birthday: 2021-11-02, Wrenley's birthday: 11 Nov 1999; ",
        # grouped digits after a calling word, spoken nouns after
        "call 612 345 678 hours, ",
    ],
)
def test_keep_rules_scale_linearly(redactor: Redactor, unit: str) -> None:
    prefix = "fixtures: [" if unit.startswith("{") else ""

    assert_linear(redactor.redact, lambda n: prefix + unit * (n // len(unit)), 80_000)
