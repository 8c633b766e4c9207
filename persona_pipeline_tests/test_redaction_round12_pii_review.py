"""The review of round 12's personal-data detectors (issue 17): look-alikes each detector took for
personal data, fixed by the data kind's own grammar, and the real data of the same kinds that must
still be redacted. Every value here is made up for these tests."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import redacted
from persona_pipeline_tests.timing import assert_linear

# --- MAC addresses: six decimal groups are a version's, a ratio's or a counter's unless labelled


@pytest.mark.parametrize(
    "text",
    [
        "lap splits 40:15:30:45:20:10 recorded",  # (colons, all decimal)
        "schedule 08-16-24-32-40-48 per shift",  # (hyphens, all decimal)
        "counter 00-00-00-03-17-48 overflowed",  # (zero-padded)
        "release 2031.0415.0822 tagged",  # (dotted: a dated build)
        "mac mini: 0024.8193.5507 units",  # (dotted, all decimal: even after a label)
        "macOS 40:15:30:45:20:10",  # (`macOS` names no address)
    ],
)
def test_decimal_groups_are_no_mac(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2: eth0: link/ether 84:20:96:13:57:02 brd ff:ff:ff:ff:ff:ff", "84:20:96:13:57:02"),
        ("   Physical Address. . . . . . . . . : 08-31-44-27-65-90", "08-31-44-27-65-90"),
        ('{"macAddress": "64:10:38:52:71:90"}', "64:10:38:52:71:90"),
        ("lease for a4c3.11d0.97e2 renewed", None),  # (dotted, a hex letter, but nobody's: kept)
        ("hwaddr a4c3.11d0.97e2 on lease", "a4c3.11d0.97e2"),  # (dotted, a hex letter, labelled)
        ("station 3e:00:12:7b:44:c8 left", None),  # (locally administered: stays, as before)
    ],
)
def test_labelled_or_hex_macs_are_redacted(redactor: Redactor, text: str, value: str | None) -> None:
    out = redacted(redactor, text)
    if value is None:
        assert out == text
    else:
        assert value not in out and "[REDACTED:mac_address:" in out
        assert redacted(redactor, out) == out


# --- employee numbers: `worker id` and `badge` name a person's number only in an HR context


@pytest.mark.parametrize(
    "text",
    [
        "gunicorn: worker id 73914 exited with code 3",
        "task_worker_id=62051 picked job 9",
        "Worker-ID: 40917 (spark executor)",
        "Duplicate entry '83140' for key 'jobs.worker_id'",
        "pid,worker_id,queue\n12,58306,default\n13,58307,high",
        "badge 70432",
        "badge_id=71093 awarded to the answer",
    ],
)
def test_worker_and_badge_numbers_without_hr_context_stay(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"worker_id": "T6620913", "hire_date": "2016-09-12", "department": "Legal"}', "T6620913"),
        ("worker_id,first_name,job_title\n77201,Anouk,Analyst", "77201"),
        ("Mitarbeiter Ausweis: badge 58120 (Pförtnerliste)", "58120"),
        ("lost badge no. 904417, cardholder asked for a new one", "904417"),
        ("staff number: 60392 (payroll)", "60392"),  # (a strong label: as before)
    ],
)
def test_worker_and_badge_numbers_in_hr_context_are_redacted(redactor: Redactor, text: str, value: str) -> None:
    out = redacted(redactor, text)
    assert value not in out and "[REDACTED:employee_id:" in out
    assert redacted(redactor, out) == out


def test_a_placeholder_is_no_hr_context(redactor: Redactor) -> None:
    # (the kind in `[REDACTED:employee_id:…]` is the redactor's word, not the text's)
    text = "[REDACTED:employee_id:0a1b2c3d] then worker id 51872 restarted"
    assert redacted(redactor, text) == text


# --- phone numbers spelled in words: a list of digit words is no phone


@pytest.mark.parametrize(
    "text",
    [
        "the weights were three, one, four, one, five, nine, two and six",
        "draw cards five, eight, two, seven, three, nine, four",
        "seed with cinco, dos, ocho, tres, nueve, cuatro, siete y uno",
        "pick six four nine three eight two seven one or five",  # (closed by a conjunction)
    ],
)
def test_listed_digit_words_are_no_phone(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


@pytest.mark.parametrize(
    "text",
    [
        "mobile: zero, seven, seven, zero, nine, one, four, two, eight, six, three",  # (listed, but labelled)
        "leave a message on oh two oh, seven nine four six, one three five eight",  # (groups)
        "numero: tres cuatro seis, dos uno nueve, ocho siete cero",
    ],
)
def test_spoken_phones_are_still_redacted(redactor: Redactor, text: str) -> None:
    out = redacted(redactor, text)
    assert "[REDACTED:phone:" in out
    assert "seven" not in out and "nine" not in out and "nueve" not in out


# --- dates of birth as a Unix time: the birth word is a whole segment of the key


@pytest.mark.parametrize(
    "text",
    ["rebirth_date: 631152000", '{"rebirthTimestamp": 631152000000}', "REBIRTH_TS=631152000"],
)
def test_birth_inside_a_word_is_no_birth_key(redactor: Redactor, text: str) -> None:
    assert redacted(redactor, text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("holderBirthTimestamp: 631152000", "631152000"),
        ("holder-birth-date=631152000", "631152000"),
        ('{"spouse_dob_ms": 599616000000}', "599616000000"),
    ],
)
def test_birth_segments_are_redacted(redactor: Redactor, text: str, value: str) -> None:
    out = redacted(redactor, text)
    assert value not in out and "[REDACTED:date_of_birth:" in out


# --- DICOM: dcmodify's `(gggg,eeee)=value` gives no VR; a PN attribute's value is a name


def test_dcmodify_names_are_person_names(redactor: Redactor) -> None:
    text = 'dcmodify -i "(0010,0010)=Vasquez^Olena" -i "(0008,0090)=Brandt^Ossian" -i "(0010,0020)=QX90213" s.dcm'
    out = redacted(redactor, text)
    for v in ("Vasquez", "Olena", "Brandt", "Ossian", "QX90213"):
        assert v not in out
    assert out.count("[REDACTED:person_name:") == 2 and "[REDACTED:patient_id:" in out
    assert redacted(redactor, out) == out


# --- the new patterns stay linear on hostile input


@pytest.mark.parametrize(
    "unit",
    ["mac 10:20:", "ether 10-20-30-40-50-", "one, two, ", "and one ", "rebirth_", "aB", "worker id 1 ", "badge "],
)
def test_hostile_input_stays_fast(redactor: Redactor, unit: str) -> None:
    assert_linear(lambda text: redactor.redact_many([text]), lambda n: (unit * (n // len(unit) + 1))[:n], 200_000)
