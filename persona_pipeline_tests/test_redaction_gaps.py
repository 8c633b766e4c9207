"""Three redaction gaps our probes found (issue 17), each case written failing-first against main
with values generated for these tests (valid check digits, no corpus's)."""

from __future__ import annotations

import datetime

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear

# --- 1. a phone right after another number that is a value of its own


@pytest.mark.parametrize(
    ("text", "other"),
    [
        ("ssn 123-45-6789 0171 2345678 is my phone", "123-45-6789"),
        ("ip 81.2.69.160 0171 2345678 my phone", "81.2.69.160"),
        ("iban DE44 5001 0517 5407 3249 31 0171 2345678 is my phone", "5407 3249"),
        ("card 4532 0151 1283 0366 0171 2345678 is my phone", "1283 0366"),
        ("on 2024-03-05 0171 2345678 is my phone", ""),
        ("seit 05.03.2024 0171 2345678, meine Handynummer", ""),
        ("ssn 123-45-6789 020 7946 0958 is my number", "123-45-6789"),
    ],
)
def test_phone_after_a_value_of_its_own(redactor: Redactor, text: str, other: str) -> None:
    out = Checks(redactor).redacted(text)
    assert "2345678" not in out and "7946 0958" not in out, out
    assert "[REDACTED:phone:" in out
    if other:
        assert other not in out


@pytest.mark.parametrize(
    "text",
    [
        "ssn 123-45-6789 phone 0171 2345678",
        "ip 81.2.69.160, phone: 0171 2345678",
        "mail ana.lima@posteo.de 0171 2345678 is my phone",
    ],
)
def test_phone_after_a_value_with_its_cue_before(redactor: Redactor, text: str) -> None:
    Checks(redactor).gone(text, "2345678")


@pytest.mark.parametrize(
    "text",
    [
        "ABN 51 824 753 556",  # a grouped business number: its tail is no phone
        "ref 12 0171 2345 678 closed",  # a bare group before: one longer number
        "released 1.4.2 on 2024-03-05, 1203 tests passed",
        "2024-03-05 12:01:07 worker 3 took 0.171 s",
    ],
)
def test_a_tail_of_one_grouped_number_is_still_no_phone(redactor: Redactor, text: str) -> None:
    assert "[REDACTED:phone:" not in Checks(redactor).redacted(text)


def test_phone_after_a_value_is_linear(redactor: Redactor) -> None:
    assert_linear(lambda t: redactor.redact(t), lambda n: "ssn 123-45-6789 0171 2345678 is my phone. " * n, 400)


# --- 2. a recent birth date is a person's when the text names one (or a date-of-birth label)

_RECENT = datetime.date.today() - datetime.timedelta(days=200)  # within the old three-year guard
_FUTURE = datetime.date.today() + datetime.timedelta(days=400)


def _iso(d: datetime.date) -> str:
    return d.isoformat()


def _dotted(d: datetime.date) -> str:
    return f"{d.day:02d}.{d.month:02d}.{d.year}"


def _written(d: datetime.date) -> str:
    return f"{d.day} {d.strftime('%B')} {d.year}"  # (the C locale's English month)


@pytest.mark.parametrize(
    "template",
    [
        "the baby was born on {written}",
        "our son was born {iso}",
        "DOB of the newborn: {dotted}",
        "date of birth: {iso}",
        "Geburtsdatum: {dotted}",
        "unser Sohn, geboren am {dotted}",
        "hospital letter: she was born {iso}, 3.2 kg",
        "nuestra hija, nacida el {dotted}",
    ],
)
def test_a_recent_birth_date_of_a_person_is_redacted(redactor: Redactor, template: str) -> None:
    text = template.format(iso=_iso(_RECENT), dotted=_dotted(_RECENT), written=_written(_RECENT))
    out = Checks(redactor).redacted(text)
    assert "[REDACTED:date_of_birth:" in out, out
    assert str(_RECENT.year) not in out


@pytest.mark.parametrize(
    "template",
    [
        "the feature was born on {iso} in a hackathon",
        "this idea was born {iso} during the offsite",
        "the project was born on {written}",
        "my birthday party is on {iso}",
        "our son's birthday party: {iso}",
        "v2.0 was released on {written}",
        "DOB of the newborn: {future}",  # (a birth is never in the future)
        "deployed {iso} (dob parser patched in 1.4.2)",  # (a birth label after the date)
    ],
)
def test_a_recent_event_date_beside_a_birth_word_is_kept(redactor: Redactor, template: str) -> None:
    text = template.format(iso=_iso(_RECENT), written=_written(_RECENT), future=_dotted(_FUTURE))
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    "template",
    [
        "my daughter Ines was born on {iso}",
        "il est né le {dotted}, à 4 h du matin",
        "our twins were finally born {iso}",
        "meine Tochter, geboren am {dotted}",
        "Mein Bruder wurde geboren am {dotted} in Graz",
    ],
)
def test_a_person_as_the_subject_of_a_birth_is_redacted(redactor: Redactor, template: str) -> None:
    text = template.format(iso=_iso(_RECENT), dotted=_dotted(_RECENT))
    out = Checks(redactor).redacted(text)
    assert "[REDACTED:date_of_birth:" in out, out


@pytest.mark.parametrize(
    "template",
    [
        "she says the design was born {iso} on a whiteboard",  # (a pronoun that is not the subject)
        "Baby Tracker 2 was born on {iso}",  # (a product's capitalised name)
        "child worker born {iso} 10:22:03 and reaped",  # (a person noun heading a compound)
        "child commit born on {iso}",
        "Daughter of the Old Parser was born {iso} as a rewrite",
        "sister project born {iso}, he says",
    ],
)
def test_a_person_word_that_is_no_birth_subject_keeps_a_recent_date(redactor: Redactor, template: str) -> None:
    Checks(redactor).kept(template.format(iso=_iso(_RECENT)))


@pytest.mark.parametrize(
    "template",
    [
        "meine Tochter wurde am {dotted} geboren",  # (the German participle ends the clause)
        "unser Sohn ist am {dotted} in Linz geboren",
        "mi hija nació el {dotted}",  # (Spanish's past tense)
        "Ich bin am 04.07.1988 in Bonn geboren",  # (an adult's: no person word needed)
        "nací el 4 de julio de 1988 en Quito",
    ],
)
def test_a_birth_verb_of_german_or_spanish_word_order_is_read(redactor: Redactor, template: str) -> None:
    text = template.format(dotted=_dotted(_RECENT))
    out = Checks(redactor).redacted(text)
    assert "[REDACTED:date_of_birth:" in out, out


@pytest.mark.parametrize(
    "template",
    [
        "das Plugin wurde am {dotted} geboren",
        "el prototipo nació el {dotted} en un hackathon",
        "am {dotted} geboren und sofort archiviert",
    ],
)
def test_a_things_recent_date_before_a_german_or_spanish_birth_verb_is_kept(redactor: Redactor, template: str) -> None:
    Checks(redactor).kept(template.format(dotted=_dotted(_RECENT)))


def test_a_person_beside_a_birth_date_is_linear(redactor: Redactor) -> None:
    line = f"our son was born {_iso(_RECENT)}, the feature was born {_iso(_RECENT)}. "
    assert_linear(lambda t: redactor.redact(t), lambda n: line * n, 400)


def test_a_birth_verb_after_the_date_is_linear(redactor: Redactor) -> None:
    line = f"meine Tochter wurde am {_dotted(_RECENT)} geboren, das Plugin am {_dotted(_RECENT)} geboren. "
    assert_linear(lambda t: redactor.redact(t), lambda n: line * n, 400)


# --- 3. the name in a delimited row's cell before an address


@pytest.mark.parametrize(
    "text",
    [
        "Ysolde Marchbanks\t9 Quarry Lane\tYork",
        "Ysolde Marchbanks;9 Quarry Lane;York",
        "Ysolde Marchbanks | 9 Quarry Lane | York",
        '"Ysolde Marchbanks";"9 Quarry Lane";"York"',
        "id\tname\taddress\tcity\n17\tYsolde Marchbanks\t9 Quarry Lane\tYork",
        "| 4 | Ysolde Marchbanks | 9 Quarry Lane | York |",
        "Ysolde Marchbanks\tKastanienallee 12\t10435 Berlin",
        "Ysolde Marchbanks Young\t9 Quarry Lane\tYork",  # (a surname that is also a word: listed)
    ],
)
def test_a_name_before_an_address_in_a_row_is_redacted(redactor: Redactor, text: str) -> None:
    out = Checks(redactor).redacted(text)
    assert "Marchbanks" not in out and "Ysolde" not in out, out
    assert "[REDACTED:address:" in out


@pytest.mark.parametrize(
    "text",
    [
        "Head Office\t9 Quarry Lane\tYork",
        "Town Hall;1 Market Street;Leeds",
        "West Yorkshire | 9 Quarry Lane | York",
        "Quarry Stores Ltd\t9 Quarry Lane\tYork",
        "Ysolde Marchbanks\tYork",  # (no address in the row: no cue for an unlisted name)
        "Ysolde Marchbanks, 9 Quarry Lane is the venue",  # (prose: a comma is no row's separator)
        "Expected Output\t9 Quarry Lane\tok",  # (a heading's or a label's common words)
        "Default Address;9 Quarry Lane;York",
        "Reported Total | 9 Quarry Lane | 3",
    ],
)
def test_a_place_or_a_row_without_an_address_keeps_its_cell(redactor: Redactor, text: str) -> None:
    out = Checks(redactor).redacted(text)
    assert text.split("\t")[0].split(";")[0].split(" | ")[0].split(",")[0] in out, out


def test_names_before_addresses_are_linear(redactor: Redactor) -> None:
    row = "Ysolde Marchbanks\t9 Quarry Lane\tYork\n"
    assert_linear(lambda t: redactor.redact(t), lambda n: row * n, 400)
