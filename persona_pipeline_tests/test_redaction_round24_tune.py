"""Round 24's tuning (issue 17, branch tune24): idempotence where a name's span ran over a
separator, and the causes of round 24's misses read by general structure. Values and sentences are
this file's own, none from the corpus."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear


@pytest.fixture
def checks(redactor: Redactor) -> Checks:
    return Checks(redactor)


# --- 1. idempotence: a name in a context ends before a word of no letter (a middle dot, a bullet, a
# dash standing alone), so the label after it stays and reads the same in a second pass


@pytest.mark.parametrize(
    ("text", "name", "kept"),
    [
        ("Customer: Ingrid Solheim · Plan: 40 GB", "Ingrid Solheim", "· Plan: 40 GB"),
        ("Customer: Tomasz Wierzbicki • Ref: 4431", "Tomasz Wierzbicki", "• Ref: 4431"),
        ("Client: Amara Okonkwo – Room: 12", "Amara Okonkwo", "– Room: 12"),
    ],
)
def test_name_ends_before_a_lone_separator(checks: Checks, text: str, name: str, kept: str) -> None:
    out = checks.redacted(text)  # (redacts to itself again: idempotent)
    assert name not in out
    assert out.endswith(kept), out


def test_name_with_letters_past_the_fold_is_whole(checks: Checks) -> None:
    # (a non-ASCII letter inside a word is no separator: the surname stays in the span)
    out = checks.redacted("Customer: Zoë Ødegård · Plan: basic")
    assert "Ødegård" not in out and "Zoë" not in out


def test_lone_separators_stay_linear(redactor: Redactor) -> None:
    assert_linear(redactor.redact, lambda n: "Customer: Ana Lima " + "· " * n + "Plan", 8_000)


# --- 2. vendor token formats read whole: DataStax Astra's `AstraCS:<id>:<64 hex>` (the stock rule
# stopped at the first colon), Defined Networking's `dnkey-` keys without a `dnkey` label before them

ASTRA = "AstraCS:ZqPlmnKoeRtyUiWaSdFgHjKl:" + "3f9c" * 16
DNKEY = "dnkey-" + "Q7RTZ3VXK2MBN4PLWDYH6JEGFC" + "-" + "A2B3C4D5E6F7G2H3J4K5L6M7N2P3Q4R5S6T7U2V3W4X5Y6Z7A2B3"


@pytest.mark.parametrize(
    "text",
    [
        f'client = DataAPIClient("{ASTRA}")',
        f"export ASTRA_DB_APPLICATION_TOKEN={ASTRA}",
        f"token is {ASTRA}, rotate it",
    ],
)
def test_astra_token_whole(checks: Checks, text: str) -> None:
    assert checks.covered(text, ASTRA), checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        f'    params:\n      - name: api-key\n        default: "{DNKEY}"',
        f"key={DNKEY}",
    ],
)
def test_defined_networking_key_by_prefix(checks: Checks, text: str) -> None:
    assert checks.covered(text, DNKEY), checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "AstraCS:notes in the README",  # (the prefix alone, no token after it)
        "dnkey-rotation is documented in the runbook",
        "dnkey-ABCDEF-123456 is a placeholder in the docs",  # (parts far shorter than a key's)
    ],
)
def test_vendor_look_alikes_kept(checks: Checks, text: str) -> None:
    kinds = {kind for _, kind in checks.spans(text)}
    assert not kinds & {"datastax_astra_application_token", "defined_networking_api_token"}, kinds


def test_vendor_rules_linear(redactor: Redactor) -> None:
    assert_linear(redactor.redact, lambda n: "AstraCS:" + "a" * n + ":" + "f" * n, 20_000)
    assert_linear(redactor.redact, lambda n: "dnkey-" + "A-" * n, 20_000)


# --- 3. Cyprus's Tax Identification Code (TIC): eight digits and a check letter (python-stdnum's
# `cy.vat`), an individual's opening with 0 or 9 (Purview), under its name, abbreviation or Greek
# abbreviation; a failing check letter, or a company's number, stays

TIC = ("00417752Y", "91807264B", "05882091I")


@pytest.mark.parametrize(
    "text",
    [
        f"Tax Identification Code: {TIC[0]}",
        f"TIC {TIC[1]} (individual)",
        f'{{"taxpayer": {{"tic": "{TIC[2]}"}}}}',
        f"ΑΦΤ: {TIC[0]}",
    ],
)
def test_cy_tic_labelled(checks: Checks, text: str) -> None:
    assert checks.covered(text, next(t for t in TIC if t in text)), checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "TIC: 00417752A",  # (check letter wrong)
        "build 00417752Y finished",  # (no label: an id of that shape is anything)
        "a nervous tic 00417752Y",  # (the word in prose, not a key)
        "Supplier TIC: 30551872A (Limassol Freight Ltd)",  # (a company's: valid, but opens with 3)
    ],
)
def test_cy_tic_look_alikes_kept(checks: Checks, text: str) -> None:
    assert not any(kind == "cy_tic" for _, kind in checks.spans(text)), checks.spans(text)


# --- 4. a contact line: a phone beside a found name, home address or e-mail (list punctuation or
# `on`/`at` between them), dialable in some region's plan; the name cell before a phone


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Altos\nIngrid Solheim — 2 510 734 — ingrid.solheim@fjordpost.no", ("Ingrid Solheim", "2 510 734")),
        ("| 3 | Tomasz Wierzbicki, 93 12 44 80 |", ("Tomasz Wierzbicki", "93 12 44 80")),
        ("Rooms to let. Ask the landlord, Amara Okonkwo, on 63 20 71 55 or amara.ok@mailbox.ng", ("63 20 71 55",)),
        ("Contact: Ingrid Solheim · 380 22 14", ("Ingrid Solheim", "380 22 14")),
        ("parcels to Wiesenweg 4, 79098 Freiburg (0761 459 2210)", ("0761 459 2210",)),
        ("reach the office at 70 41 22 86 / kofi.mensah@asantehub.gh", ("70 41 22 86",)),
    ],
)
def test_contact_line_phone_and_name(checks: Checks, text: str, values: tuple[str, ...]) -> None:
    out = checks.redacted(text)
    for v in values:
        assert v not in out, (v, checks.spans(text))


@pytest.mark.parametrize(
    "text",
    [
        "Revenue: Ana Lima, 2 801 726 EUR",  # (an amount in thousands with its unit)
        "Reviewed with Ana Lima, 2024-06-01",  # (a date)
        "Ana Lima — 2024 06 01",  # (a date written in blank-separated groups)
        "Ana Lima, 3.14159",  # (a decimal)
        "Build Server — 70 41 22 86",  # (no person's name before it, no other contact detail)
        "version 2 510 734 released",
    ],
)
def test_contact_line_look_alikes_kept(checks: Checks, text: str) -> None:
    assert not any(kind == "phone" for _, kind in checks.spans(text)), checks.spans(text)


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Questions? We will call you on 77 12 34 56", "77 12 34 56"),
        ("Contact : 2 765 120", "2 765 120"),
        ("Tel: 2 765 120", "2 765 120"),
    ],
)
def test_phone_labels_second_person_and_seven_digits(checks: Checks, text: str, number: str) -> None:
    assert number not in checks.redacted(text), checks.spans(text)


def test_contact_neighbours_linear(redactor: Redactor) -> None:
    assert_linear(redactor.redact, lambda n: "Ana Lima — " + "12 " * n, 4_000)
    assert_linear(redactor.redact, lambda n: ("Ana Lima, " + "— " * 30) * n, 1_000)
    assert_linear(redactor.redact, lambda n: "1 " * n + "— ana.lima@mailbox.pt", 4_000)


# --- 5. a family announcement's people by its grammatical frame: the subject of a family-event
# predicate, the apposition after `parents`, a welcome's vocative


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "Ingrid Solheim and Tomasz Wierzbicki are delighted to announce their engagement.",
            ("Ingrid Solheim", "Tomasz Wierzbicki"),
        ),
        ("We are happy to say Kofi Mensah & Amara Okonkwo were married on Saturday.", ("Kofi Mensah", "Amara Okonkwo")),
        (
            "Naissance — Léa Fontaine est née le 3 mars. Les parents, Ingrid Solheim et Kofi Mensah, remercient.",
            ("Léa Fontaine", "Ingrid Solheim", "Kofi Mensah"),
        ),
        ("Welcome to the world, Amara Okonkwo! Cards to the family.", ("Amara Okonkwo",)),
        ("Our daughter Zofia Wierzbicka was born last week.", ("Zofia Wierzbicka",)),
        ("Die stolzen Eltern, Jonas Brandt und Mira Kessler, danken allen.", ("Jonas Brandt", "Mira Kessler")),
    ],
)
def test_announcement_names(checks: Checks, text: str, names: tuple[str, ...]) -> None:
    out = checks.redacted(text)
    for n in names:
        assert n not in out, (n, checks.spans(text))


@pytest.mark.parametrize(
    "text",
    [
        "Acme Cloud is pleased to announce version 2 of the API.",
        "The Release Notes were married to the changelog years ago.",
        "This library was born out of frustration with Build Systems.",
        "Our parents, Team Alpha and Team Beta, approve the merge.",
        "Welcome to the world, Hello World! is the first program.",
        "Parents: Node Modules depend on Package Lock.",
    ],
)
def test_announcement_look_alikes_kept(checks: Checks, text: str) -> None:
    assert not any(kind == "person_name" for _, kind in checks.spans(text)), checks.spans(text)


def test_announcements_linear(redactor: Redactor) -> None:
    assert_linear(redactor.redact, lambda n: "Ana Lima and " * n + "are delighted to announce", 2_000)
    assert_linear(redactor.redact, lambda n: "parents, " * n + "Ana Lima", 4_000)
    assert_linear(redactor.redact, lambda n: "Aa " * n + "was born", 4_000)


# --- 6. a notice's person: their address after `, of` beside their name or birth date, or on the
# line after `To: <name>`; a table's name cell before the cell a birth date or a phone opens


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Proprietor(s): Ingrid Solheim, born 14 March 1961, of Wiesenweg 4, 79098 Freiburg; and others",
            "Wiesenweg 4, 79098 Freiburg",
        ),
        ("respondent Kofi Mensah (born 2/3/1970, of Plot 14, Kanyama, Lusaka)", "Plot 14, Kanyama, Lusaka"),
        (
            "FIXED PENALTY\nTo: Tomasz Wierzbicki\nHarbour Lane, house 12, Port Louis\nOffence: speeding",
            "Harbour Lane, house 12, Port Louis",
        ),
        (
            '{"body": "NOTICE\\nTo: Tomasz Wierzbicki\\nHarbour Lane, house 12, Port Louis\\nAmount: 60"}',
            "Harbour Lane, house 12, Port Louis",
        ),
        ("| 4 | Zofia Wierzbicka | 8/5/1961 | Kofi Mensah, 93 12 44 80 |", "Zofia Wierzbicka"),
    ],
)
def test_notice_residence_and_row_name(checks: Checks, text: str, value: str) -> None:
    assert value not in checks.redacted(text), checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ana Lima, of counsel, appeared for the applicant.",  # (no address after `of`)
        "Signed by Ana Lima, of the board.",
        "To: Ana Lima\nSubject: the 3rd draft",  # (the next line is no address: no comma)
        "| 5 | Build Server | 2024-01-01 | ok |",  # (a cell that is no person's name)
    ],
)
def test_notice_look_alikes_kept(checks: Checks, text: str) -> None:
    assert not any(kind in ("address", "phone") for _, kind in checks.spans(text)), checks.spans(text)


def test_residences_linear(redactor: Redactor) -> None:
    assert_linear(redactor.redact, lambda n: "Ana Lima, of " + "1, " * n, 4_000)
    assert_linear(redactor.redact, lambda n: "To: Ana Lima\n" + "a1, " * n, 4_000)


# --- 7. a birth's date after its predicate whose subject is a name, or after `Born` following a
# welcome's name; a home address in apposition after a possessive's home


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Naissance : Léa Fontaine est née le 3 mars 2026. Merci !", "3 mars 2026"),
        ("Welcome to the world, Amara Okonkwo! Born 2 May 2026, 3.1 kg.", "2 May 2026"),
        ("Zofia Wierzbicka was born on 14/02/2026 at home.", "14/02/2026"),
        ("Tiago Moreira nasceu em 9 de junho de 2026.", "9 de junho de 2026"),
        (
            "Dinner will be at the couple's home, 14 Harbour Lane, Port Louis. Bring nothing.",
            "14 Harbour Lane, Port Louis",
        ),
        ("Come by our flat: Wiesenweg 4, 79098 Freiburg!", "Wiesenweg 4, 79098 Freiburg"),
    ],
)
def test_birth_date_and_home_in_announcements(checks: Checks, text: str, value: str) -> None:
    assert value not in checks.redacted(text), checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "The project was born on 3 May 2025 at a hackathon.",  # (no person's name as subject)
        "Welcome to the world, Hello World! Born 3 May 2025.",  # (the vocative is no person's name)
        "The Apache's home: see docs, version 2.",  # (a proper noun's genitive, no address after)
        "Our home, sweet home, is where we code.",
    ],
)
def test_birth_and_home_look_alikes_kept(checks: Checks, text: str) -> None:
    assert not any(kind in ("address", "date_of_birth") for _, kind in checks.spans(text)), checks.spans(text)


def test_homes_linear(redactor: Redactor) -> None:
    assert_linear(redactor.redact, lambda n: "our home, " * n, 4_000)
    assert_linear(redactor.redact, lambda n: "Ana Lima was born " * n, 2_000)


# --- 8. a form's or court document's party labels (a pleading caption's petitioner, respondent,
# plaintiff, defendant; a land register's proprietor; a customs form's sender; a rental's named
# driver), and a directory line `<name> — <number>` with nothing else found


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Petitioner: Ingrid Solheim", "Ingrid Solheim"),
        ("Respondent: Kofi Mensah\nCase: family", "Kofi Mensah"),
        ("Registered proprietor: Tomasz Wierzbicki", "Tomasz Wierzbicki"),
        ("Proprietor(s): Zofia Wierzbicka, born 1 May 1970", "Zofia Wierzbicka"),
        ("Sender: Amara Okonkwo, 14 Harbour Lane, Port Louis", "Amara Okonkwo"),
        ("Additional driver: Léa Fontaine, date of birth 2/2/1990", "Léa Fontaine"),
        ("Altos\nIngrid Solheim — 2 510 734\nKofi Mensah — 70 41 22 86", "Kofi Mensah"),
    ],
)
def test_party_labels_and_directory_lines(checks: Checks, text: str, name: str) -> None:
    assert name not in checks.redacted(text), checks.spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "Sender: Acme Logistics Ltd",
        "Driver: Realtek Audio",  # (a device's driver: the bare label is no party's)
        "Respondent: Third Party",
        "Defendant: Unknown",
        "Build Server — 70 41 22 86",
        "Release Notes, 2 510 734",
    ],
)
def test_party_and_directory_look_alikes_kept(checks: Checks, text: str) -> None:
    assert not any(kind in ("person_name", "phone") for _, kind in checks.spans(text)), checks.spans(text)


def test_listed_numbers_linear(redactor: Redactor) -> None:
    assert_linear(redactor.redact, lambda n: "Ana Lima — 2 510 734\n" * n, 500)
    assert_linear(redactor.redact, lambda n: "— 1 " * n, 4_000)


# --- 9. the reviewer's (rev47r) look-alikes of the readings above: dates, year ranges, counts and ids
# beside a name; e-mail headers after `To:`; a clause after `, of` that is no address; companies
# announcing


@pytest.mark.parametrize(
    "text",
    [
        "Merged by Kofi Boateng on 2026-03-12 14:00",
        "Signed: Kofi Boateng, 12.03.2026 14:00",
        "Kofi Boateng, 2019-2024 maintainer",
        "Ada Lovelace, 1815-1852",
        "Kofi Boateng, 1 234 567",
        "Kofi Boateng, 48213 9921",
        "To: Kofi Boateng\nDate: Mon, 14 Mar 2026 10:02:11 +0000",
        "To: Kofi Boateng\nSubject: release 2.4, final checklist",
        "Recipient: Kofi Boateng\n3 items, total 42.50 EUR",
        "Emma Larsson, of the 3rd Battalion, Royal Engineers",
        "Licensed to Kofi Boateng, of Acme Software Ltd, 2021, all rights reserved",
    ],
)
def test_reviewer_contact_look_alikes_kept(checks: Checks, text: str) -> None:
    kinds = [kind for _, kind in checks.spans(text)]
    assert "phone" not in kinds and "address" not in kinds, checks.spans(text)


def test_reviewer_companies_announcing_kept(checks: Checks) -> None:
    text = "Hamburg Sud and Maersk Line are pleased to announce a merger."
    assert checks.redacted(text) == text, checks.spans(text)


def test_contact_list_of_found_phones_stays_cheap(redactor: Redactor) -> None:
    # (rev47r R10: a list whose numbers other rules already find is not re-read in every plan; distinct
    # numbers, so no cache hides the cost)
    names = ("Ingrid Solheim", "Kofi Mensah", "Amara Okonkwo", "Tomasz Wierzbicki")
    text = "".join(f"{names[i % 4]}, +44 7700 9{i:05d}\n" for i in range(200))
    assert_linear(redactor.redact, lambda n: text[: n * 30], len(text) // 30)


# --- a home in apposition after a genitive (`the <noun>'s home: …`) names a thing's home as often as
# a person's; there the value needs a postcode too (review R9, fixed at merge)


@pytest.mark.parametrize(
    "text",
    [
        "the project's home: Github, 3 stars",
        "the app's home: Settings, 2nd tab",
        "the library's home: PyPI, 12 releases",
    ],
)
def test_home_of_a_thing_kept(checks: Checks, text: str) -> None:
    checks.kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Flowers may be sent to the family's home: 9 Kestrel Road, Harrogate HG2 7PL", "9 Kestrel Road"),
        ("Drop the keys at my home, 31 Vine Street, Ipswich", "31 Vine Street"),
    ],
)
def test_home_of_a_person_redacted(checks: Checks, text: str, value: str) -> None:
    checks.gone(text, value)
