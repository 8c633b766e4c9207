"""Round 18's tuning (issue 17): a phone label heading an aligned table reads no row's first cells
as its number (idempotence), …. Values and sentences are this file's own."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks

# --- 1. a run of blanks parts columns, never a number's groups


@pytest.mark.parametrize(
    "text",
    [
        # a frame printed by pandas: the index and an id open the row, the phone column is last
        "In [3]: users[['account_no', 'phone']]\n         account_no  phone\n"
        "2208           61734  [REDACTED:phone:0a1b2c3d]",
        "      cust  mobile\n0     40021  [REDACTED:phone:0a1b2c3d]\n1     40022  [REDACTED:phone:1a2b3c4d]",
        "   ref  tel\n  9051     44803  [REDACTED:phone:0a1b2c3d]",
    ],
)
def test_aligned_table_row_is_no_phone(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)  # (before: `2208           61734` read as the label's number)


def test_aligned_table_redacts_to_itself(redactor: Redactor) -> None:
    c = Checks(redactor)
    text = "print(df)\n         account_no  phone\n2208           61734  020 7946 0321\n"
    out = c.redacted(text)  # (asserts the second pass changes nothing)
    assert "61734" in out and "2208" in out


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("phone:\n0161 496 0734", "0161 496 0734"),
        ("my mobile: 07700 900 461, ring after six", "07700 900 461"),
        ("Telefon: 030 901820 44", "030 901820 44"),
        ("tel 06 12 34 56 78 (evenings)", "06 12 34 56 78"),
    ],
)
def test_labelled_phone_still_redacted(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


# --- 2. a business line (toll-free, shared-cost, premium) is no person's number


@pytest.mark.parametrize(
    "text",
    [
        "If the portal is down, ring the vendor's support line 0800 048 3321 (free from UK landlines).",
        "Ansprechpartner Vertrieb: 0800 5512340, werktags erreichbar",
        "Wholesale orders: call 1800 209 774 between 9 and 5 AEST",
        "their helpdesk is 1-800-555-0162, open 24/7",
        "Hotline: +1 833 555 0187 (toll-free)",
        "Bestellhotline 0180 5 224466 (14 ct/min)",
    ],
)
def test_business_line_kept(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    ("text", "gone", "kept"),
    [
        (
            "Reach me on my mobile 07700 900 338; the carrier's own line is 0800 048 3321.",
            "07700 900 338",
            "0800 048 3321",
        ),
        ("Meine Handynummer: 0151 23456789 (Service-Hotline 0800 5512340)", "0151 23456789", "0800 5512340"),
        ("my cell (415) 555-0132 — not their desk at (800) 555-0199", "(415) 555-0132", "(800) 555-0199"),
        # a Berlin number written 3-4-4 (Britain groups its 03 UAN numbers so): still a person's
        ("Privat: Tel. 030 9018 2044", "030 9018 2044", ""),
    ],
)
def test_person_beside_business_line(redactor: Redactor, text: str, gone: str, kept: str) -> None:
    c = Checks(redactor)
    out = c.redacted(text)
    assert gone not in out
    assert kept in out


# --- 3. a blank-aligned table's phone column (pandas, `xsv table`, `column -t`)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("In [7]: staff[['badge', 'mobile']]\n      badge  mobile\n12    88410  0176 3342189\n", "0176 3342189"),
        ("$ column -t contacts.txt\nid   cell_phone\n301  354 8812\n", "354 8812"),  # a seven-digit plan
        ("  who       phone\n  Ilse     +49 30 9018 2044\n", "+49 30 9018 2044"),
    ],
)
def test_aligned_phone_column(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "   build_id  phone_count\n0  20240611            3\n1  20240612            5\n",
        "service    port   replicas\nphone-api  8443   3\n",
        "run_id      started\n8812450  2024-06-11 10:22\n",
    ],
)
def test_aligned_table_without_phones_kept(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # mobiles of plans that group them as Britain groups its premium-rate numbers
        ("Nigerian office contact (mine): 0803 412 7766", "0803 412 7766"),
        ("Globe mobile, text me: 0917 555 0142", "0917 555 0142"),
        ("customer = Customer(phone='0905 331 4820')", "0905 331 4820"),
    ],
)
def test_mobile_shaped_like_premium_line_redacted(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


# --- 4. a label naming a record outranks a personal number's shape


@pytest.mark.parametrize(
    "text",
    [
        "purchase order no. 712004583 is stuck in approval",
        "Invoice number: 0171 2000 416 was paid twice",
        "the nightly build #2024061133 failed again",
        "order number 491 552 830 shipped yesterday",
        "pipeline id: 0151 2345 6789",
        "see pull request 4410 and the deploy 0800 1234 — no wait, run no. 6170993840",
    ],
)
def test_record_label_kept(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("order 5512 was placed by her; her number: 0171 2000416", "0171 2000416"),
        ("ticket: call the reporter at +44 7700 900338", "+44 7700 900338"),
    ],
)
def test_person_number_beside_record(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


# --- 5. a dotted four-part number with a release suffix glued on is a version


@pytest.mark.parametrize(
    "text",
    [
        "uname -r: 6.1.172.9-azure-cvm (the new image)",
        "pinned the driver at 4.22.130.6-beta.2, rebuilt",
    ],
)
def test_release_suffix_is_version(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    "text",
    [
        "ssh ops@81.2.69.160 -p 2222",
        "their egress is 81.2.69.160-ish, not sure",  # (prose: `-ish` after an address)
        "the box at 81.2.69.160 is down",
    ],
)
def test_address_still_redacted(redactor: Redactor, text: str) -> None:
    Checks(redactor).gone(text, "81.2.69.160")


def test_number_without_trunk_needs_most_plans(redactor: Redactor) -> None:
    # nine digits in threes: one plan's shared-cost grouping, a person's number in many others
    Checks(redactor).gone("| 2207 | 842 315 906 |\n(the personal number column: azonosító)", "842 315 906")


# --- 6. register numbers with published check rules, under their registers' names


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # LANR: 6 digits, check digit (weights 4/9, mod 10), specialty: 123456 -> check 6
        ("Arztbrief von Dr. Weber, LANR 123456601, bitte ablegen", "123456601"),
        ('{"arztnummer": "123456601"}', "123456601"),
        # RPPS: eleven digits from 10, Luhn
        ("prescripteur : RPPS 10003456786", "10003456786"),
        # Slovenia's davčna številka (mod 11 check digit)
        ("davčna številka: 50223054 (za povračilo)", "50223054"),
        # clave de elector: letters, birth date, state 09, sex, homonym key
        ("su clave de elector es GOMZLR85041209H300", "GOMZLR85041209H300"),
    ],
)
def test_register_number_redacted(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "LANR 123456201 (wrong check digit) was rejected by the KV portal",
        "RPPS 10003456787 failed validation",
        "lanr_count: 123456601 rows migrated",
    ],
)
def test_register_lookalike_kept(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


def test_record_abbreviation_needs_its_number_word(redactor: Redactor) -> None:
    # Tagalog's polite `po` is no purchase order: the number after it is a phone
    Checks(redactor).gone("pakitawagan po 0917 555 0142 bukas", "0917 555 0142")


# --- 7. a jq filter's last field names the line it printed


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$ jq -r '.people[] | select(.id == 7) | .citizen_id' export.json\n1101700123456\n", "1101700123456"),
        ("$ jq '.staff[0].davcna_stevilka' hr.json\n\"50223054\"", "50223054"),
    ],
)
def test_jq_output_read_under_its_field(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "$ jq -r '.builds[] | .build_number' ci.json\n1101700123456\n",
        "$ jq -r '.items | length' cart.json\n50223054\n",
        "jq is great; '.citizen_id' is the field\n1101700123456 rows",
    ],
)
def test_jq_output_of_other_fields_kept(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    "text", ["fattura a Giulia Conti, P.IVA 07120830489", "P. IVA: 07120830489 (ditta individuale)"]
)
def test_partita_iva_abbreviation(redactor: Redactor, text: str) -> None:
    Checks(redactor).gone(text, "07120830489")


def test_partita_iva_abbreviation_needs_the_check(redactor: Redactor) -> None:
    Checks(redactor).kept("P.IVA 07120830488 fails the check digit")


def test_aligned_phone_cell_running_into_markup(redactor: Redactor) -> None:
    text = '<pre data-x="id    mobile&#10;5120  41 73 22 08" hidden="1" />'  # an eight-digit plan's number
    Checks(redactor).gone(text, "41 73 22 08")


# --- review fixes (rev18): privacy regressions of the tuning


@pytest.mark.parametrize(
    ("region", "value"),
    [
        # a small plan's personal number grouped as a common plan groups its toll-free/UAN lines
        ("CD", "0804 661 099"),  # DR Congo mobile, 4-3-3 like New Zealand's freephone
        ("CD", "0809 005 474"),
        ("SS", "0120 821 259"),  # South Sudan, Japan's 0120 grouping
        ("NE", "80 02 23 12"),  # Niger fixed line
        ("IR", "0900 003 0497"),
    ],
)
def test_small_plan_personal_number_is_no_business_line(redactor: Redactor, region: str, value: str) -> None:
    import phonenumbers
    from phonenumbers import PhoneNumberType

    from persona_pipeline.core.evidence.redaction.phone_check import business_line

    num = phonenumbers.parse(value, region)
    assert phonenumbers.is_valid_number(num)
    assert phonenumbers.number_type(num) in (PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE)
    assert not business_line(value)
    Checks(redactor).gone(f"my mobile: {value}, call me tonight", value)


def test_plan_prefilter_drops_no_valid_reading() -> None:
    """Parsing in the plans `_plans_for` leaves out finds no valid reading (the veto reads all)."""
    import random

    import phonenumbers

    from persona_pipeline.core.evidence.redaction.phone_check import _plans_for

    rng = random.Random(3)
    regions = sorted(phonenumbers.SUPPORTED_REGIONS)
    for _ in range(60):
        head = rng.choice(["0", "08", "09", "1", "3", "80", "00", "0120", "246"])
        digits = head + "".join(rng.choice("0123456789") for _ in range(rng.randint(4, 10)))
        kept = set(_plans_for(digits))
        assert len(kept) < len(regions) or len(digits) < 6
        for region in regions:
            try:
                num = phonenumbers.parse(digits, region)
            except phonenumbers.NumberParseException:
                continue
            if phonenumbers.is_valid_number(num):
                assert region in kept, (digits, region)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a run of blanks inside one labelled number (copy-paste, a PDF, a fixed-width form)
        ("mobile:  0176  3342189", "3342189"),
        ("ring me on 07700  900 461 after six", "900 461"),
        ("Telefon:\t+49 151  2345 6789", "2345 6789"),
        ("Name:  Ada Example   Tel:  0161  496  0734", "496  0734"),
        ("portable : 06  12  34  56  78", "56  78"),
    ],
)
def test_blank_run_outside_a_table_keeps_the_number(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


def test_column_cut_only_in_a_table_or_after_a_whole_number() -> None:
    from persona_pipeline.core.evidence.redaction.phone_check import column_cut

    def ok(raw: str) -> bool:
        return raw == "020 7946 0321"

    text = "   id   phone\n4411  020 7946 0321"
    start = text.index("4411")
    assert column_cut(text, start, len(text), ok) == "4411"  # header cell, value on the row below
    text = "phone: 0151  23456789"
    assert column_cut(text, 7, len(text), ok) == "0151  23456789"
    text = "phone: 020 7946 0321  ext"
    assert column_cut(text, 7, len(text), ok) == "020 7946 0321"


def test_quoted_aligned_table_redacts_to_itself(redactor: Redactor) -> None:
    text = "> >>> frame[['ref', 'phone']]\n>        ref  phone\n> 3301       70215  020 7946 0321\n"
    out = Checks(redactor).redacted(text)  # (asserts the second pass changes nothing)
    assert "70215" in out and "3301" in out and "7946" not in out


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a record noun in prose (after a determiner or a preposition), a bare generic noun, a
        # contact cue in the line: a person's number all the same
        ("Any news on the invoice: 07700 900 123", "07700 900 123"),
        ("Please text me about the commit: 07700 900 123", "07700 900 123"),
        ("incident 0161 496 0111", "0161 496 0111"),
        ("job: 0161 496 0111", "0161 496 0111"),
        ("Model: 07700 900 123", "07700 900 123"),
        ("change 07700 900123 when she moves", "07700 900123"),
        ("order: 0176 3342555 (my mobile)", "0176 3342555"),
        ("transfer: 0171 2000777 (call Anna)", "0171 2000777"),
        ("Maraming salamat, po: 0917 555 0188", "0917 555 0188"),
    ],
)
def test_record_noun_not_heading_a_label(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "order_id=0171 2000 416 status=paid",
        '{"invoice": "0161 496 0111", "paid": true}',
        "sku, qty, PO number 0171 2000 416",
        "job id: 0161 496 0111 finished",
    ],
)
def test_record_label_heading_its_field_kept(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    "text",
    [
        "tunnel 81.2.69.161-wg0 is up",  # an interface glued on
        "upstream=81.2.69.161-srv2 timed out",
        "accepted from 81.2.69.161-c7.pool.example.net",
    ],
)
def test_address_with_a_non_release_suffix_redacted(redactor: Redactor, text: str) -> None:
    Checks(redactor).gone(text, "81.2.69.161")


@pytest.mark.parametrize(
    "text",
    [
        "kernel 5.15.90.1-generic booted",
        "the package 7.4.33.2-el8 is older",
        "git describe: 2.14.3.1-g9f8e7d6",
        "pinned 1.2.40.3-rc2 in the lockfile",
    ],
)
def test_release_vocabulary_suffix_is_version(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


def test_repl_aligned_table_row_is_no_phone(redactor: Redactor) -> None:
    # (the REPL's joined-lines view reads the header and the row as `… phone = 3301  70215 …`)
    text = (
        ">>> frame.loc[frame.ref == 70215, ['ref', 'mobile_phone']]\n"
        "       ref  mobile_phone\n3301       70215  +44 20 7946 0321\n"
    )
    out = Checks(redactor).redacted(text)
    assert "3301       70215" in out and "7946" not in out


@pytest.mark.parametrize(
    "text",
    [
        "   run             phone\n0  baseline        45671234\n1  ablation        56782345",
        "   epoch   acc      phone\n0  12      0.9132   4567123",
    ],
)
def test_phone_column_of_bare_counters_kept(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)  # (a bare 7-8 digit run needs a phone's grouping or trunk 0 there)


def test_phone_column_of_grouped_local_numbers_redacted(redactor: Redactor) -> None:
    text = "   id   phone\n0  5521  554 2187\n1  5522  0171 2000777"
    out = Checks(redactor).redacted(text)
    assert "554 2187" not in out and "2000777" not in out


def test_record_label_after_a_shell_prompt_kept(redactor: Redactor) -> None:
    Checks(redactor).kept("PS C:\\work\\shop> PO number 527104938 is still pending approval")
