"""A number a person holds, found by its label's meaning and the value's grammar (personal_numbers)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.personal_numbers import personal_number_spans
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import redacted
from persona_pipeline_tests.timing import assert_linear


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # an owner before a phrase whose head names an identifier
        ("Could you update it? our gym membership number is GM-7710-2293-X, thanks", "GM-7710-2293-X"),
        ("their voter card: QX-448201-7 (expired)", "QX-448201-7"),
        ("grandpa's pension no. 55-0912-884 still shows", "55-0912-884"),
        # an owner right before an abbreviation
        ("for the refund: his NRN is 88410 02773Z", "88410 02773Z"),
        # a personal word in the label, no owner
        ("Subscriber ID = 8830019274\nplan: basic", "8830019274"),
        ("acct holder ref# ZR77310952 - on hold", "ZR77310952"),
        ("insuredNo: XQ00448127", "XQ00448127"),
        # a prepositional complement names the holder
        ("el número de afiliado es 1122-334455", "1122-334455"),
        ("Kennzeichen fehlt; Mitgliedsnummer 4401298833 ist aktiv", "4401298833"),
        # an owner's label, then a short clause before the value
        ("I wrote down her patient code from the chart: 91-4402-117", "91-4402-117"),
        # a value longer than sixteen characters in one run
        ("I copied his CRN as printed on the card, 44009188277300123X", "44009188277300123X"),
        # a personal word in the label: a bare space may stand before the value
        ("pls merge: client ref Q-88120-7741 asked twice", "Q-88120-7741"),
        # a cell after a row label (a field/value listing)
        ("|| subscriber number || SB 5570 1928 ||", "SB 5570 1928"),
        # words of another script between the label and its colon (a phrase of that language: a
        # place, a case ending, a possessor)
        ("customer number στο σύστημα: 44120993", "44120993"),
        ("member no. клиента: 55120934 ok", "55120934"),
        ("passport number 番号: TK5512093", "TK5512093"),
        ("the loyalty id på kortet: RW-77120-4", "RW-77120-4"),
        # a compound ending in -numero (Finnish): its first part names a person's data
        ("henkilöturvanumero puuttuu, asiakasnumero 55012-3988 ok", "55012-3988"),
        # a line that is one value, said by a person the writer serves
        ("support log\npatient: HX 4471 0925\nnurse: noted", "HX 4471 0925"),
    ],
)
def test_a_persons_number_is_redacted(text: str, value: str, redactor: Redactor) -> None:
    out = redacted(redactor, text)
    assert value not in out, out
    assert "[REDACTED:" in out


@pytest.mark.parametrize(
    "text",
    [
        "my PR number is 482913 and CI is red",
        "the order number 55012398 shipped yesterday",
        "bumped my build number to 20241118 before release",
        "listening on port 54321; my line number is 120934 in the log",
        "the client id: 662019384412 (the OAuth app's)",
        "see issue #40917 for the traceback",
        "my version is 10.0.19045",
        "her policy number is 2.71828182845 (a float from the test)",
        "mi NIT es 7654321-3",  # (an abbreviation national_ids validates: its check digit decides there)
        "my member number is pending, call me later",
        "member since 2019-04-12",
        "her code 4471-2209 is in the repo",
        "client: 4471-2209 bytes sent over TLS",
        "order_ref   customer_id   status\nQ-1          42917         shipped",
        "patient id: 40213 rows imported",
        "the invoice number στο σύστημα: 66120-99813",
        "health identifier table rows: 408127739",
    ],
)
def test_numbers_no_person_holds_stay(text: str) -> None:
    assert not list(personal_number_spans(text)), text


def test_a_header_cell_decides_its_column(redactor: Redactor) -> None:
    """A CSV export whose header names a person's number: every cell of that column is one; the
    other columns (a date, a yes/no) are not read."""
    text = (
        '"Submitted","Please give your membership number","Opt-in"\n'
        '"2025-01-02 10:00","MB-7730-1944","no"\n'
        '"2025-01-03 11:00","MB-1180-2257","yes"\n'
    )
    out = redacted(redactor, text)
    assert "MB-7730-1944" not in out and "MB-1180-2257" not in out, out
    assert "2025-01-02 10:00" in out and '"yes"' in out
    tsv = "ts\tqty\tbuild id\n2025\t4\t1844920\n"
    assert not list(personal_number_spans(tsv))


def test_a_redacted_value_is_not_read_again(redactor: Redactor) -> None:
    """A placeholder's kind (`personal_id`) names no label: a second pass finds nothing new."""
    text = "my membership number is 88120033 and her customer ref: 4419-2201-33"
    out = redacted(redactor, text)
    assert out.count("[REDACTED:personal_id:") == 2, out
    assert not list(personal_number_spans(out))


@pytest.mark.parametrize(
    ("prefix", "unit", "count", "suffix"),
    [
        ("", "my ", 70_000, ""),
        ("", "member number ", 15_000, ""),
        ("my customer number of ", "Ab ", 60_000, ""),
        ("", "cust#", 40_000, ""),
        ("their NHI, ", "a ", 90_000, ""),
        ("memberNo=", "1 ", 90_000, ""),
        ("", "my number," * 39 + "\n" + "1234567," * 39 + "\n", 250, ""),
        ("", "my no 123, x\n", 15_000, ""),
        # many digit-less heads on one line, digits only on the next (rev16)
        ("", "my id ", 34_000, "\n1234567"),
        ("", "her card no ", 17_000, "\n" + "9" * 12),
    ],
)
def test_linear_on_adversarial_text(prefix: str, unit: str, count: int, suffix: str) -> None:
    """Four times the text (~200 KB at full size), at most about four times the time: a quadratic
    scan would be ~16x. A ratio, not a wall-clock bound: inside a long test session the same call
    ran three times slower than alone (CI: 1.26 s against 0.44 s), a linear cost all the same."""
    assert_linear(lambda text: list(personal_number_spans(text)), lambda n: prefix + unit * n + suffix, count)


def test_scales_linearly_on_heads_before_a_digit_line() -> None:
    """Five times the text, about five times the time (a quadratic scan would be ~25x)."""
    assert_linear(
        lambda text: list(personal_number_spans(text)),
        lambda n: "my id " * n + " " * (n * 25) + "\n123",  # (n=6000: ~190 KB; n=30000: ~930 KB)
        30_000,
        factor=5,
        max_ratio=10.0,
    )


@pytest.mark.parametrize(
    "text",
    [
        # rev16's: a possessive of another language that is an English word or a developer's token
        "min id: 885922, max id: 2831494",
        "min QPS 63954",
        # own: the same words in a developer's prose
        "sin id = 7730051 in the lookup table",
        "mon card 4471200 failed the smoke test",  # (Monday's card on the board)
        "su ref: 99120033 then exit the root shell",
        "ton ID 77812 of ore",
    ],
)
def test_an_english_word_is_no_foreign_owner(text: str) -> None:
    assert not list(personal_number_spans(text)), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # the same possessives before a head of their own language still own it
        ("jag har glömt min nummer: 55120934 står på kortet", "55120934"),
        ("voici mon numéro : 2850576123456", "2850576123456"),
        ("y su número es 7741-20931", "7741-20931"),
        # an English owner before an English head is unchanged
        ("my id: 885922 is on the badge", "885922"),
    ],
)
def test_a_foreign_owner_before_its_own_languages_head(text: str, value: str) -> None:
    spans = [text[s.start : s.end] for s in personal_number_spans(text)]
    assert value in spans, spans


@pytest.mark.parametrize(
    "text",
    [
        # rev16's: an abbreviation or a `#` right after an owner, in a developer's text
        "my JIRA PROJ-53249 is blocked",
        "see our #98078 for the fix",
        # own
        "our SLA: 99950 ms p99 this quarter",
        "their ARN 443120998812 is in the stack output",
        "my TKT 4471-2093 got closed",  # (a bare space: no separator or copula names a value)
        "fixed in your #55120 yesterday",
    ],
)
def test_an_owners_ticket_or_metric_stays(text: str) -> None:
    assert not list(personal_number_spans(text)), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ok so her MRN is 4412-0992 as on the letter", "4412-0992"),
        ("my NRN: 85.07.30-033.61 (Belgian)", "85.07.30-033.61"),
        ("the members list: member #7730-1182 paid", "7730-1182"),
    ],
)
def test_an_owners_abbreviation_with_a_copula_still_names_a_number(text: str, value: str) -> None:
    spans = [text[s.start : s.end] for s in personal_number_spans(text)]
    assert value in spans, spans


@pytest.mark.parametrize(
    "text",
    [
        "Today's code: 867583",  # rev16's
        "Docker's id is 4471209 on this host",  # rev16's word, own sentence
        "Postgres's ref = 88120934 after the vacuum",
        "Monday's card 55120-9931 moved to done",
    ],
)
def test_a_things_genitive_owns_no_code(text: str) -> None:
    assert not list(personal_number_spans(text)), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I think Priya's number: 7730 1182 44 is her old one", "7730 1182 44"),
        ("the customer's code: QF-551203 was wrong", "QF-551203"),
    ],
)
def test_a_persons_genitive_still_owns_a_number(text: str, value: str) -> None:
    spans = [text[s.start : s.end] for s in personal_number_spans(text)]
    assert value in spans, spans


@pytest.mark.parametrize(
    "text",
    [
        "client: 017407",  # rev16's
        "retry:\n  member: 296744\n  backoff: 2s",  # rev16's value, own shape
        "pool\nguest: 849162\n",
        "stats\ncustomer: 118204\n",  # (six digits alone: a count as often as a number)
    ],
)
def test_a_config_key_line_is_no_speaker(text: str) -> None:
    assert not list(personal_number_spans(text)), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("call notes\ncaller: RT 5512 0934\nagent: thanks", "RT 5512 0934"),
        ("intake\npaciente: 44120993817\nenfermera: ok", "44120993817"),
    ],
)
def test_a_served_persons_line_still_holds_a_number(text: str, value: str) -> None:
    spans = [text[s.start : s.end] for s in personal_number_spans(text)]
    assert value in spans, spans


@pytest.mark.parametrize(
    "text",
    [
        "Validierungsnummer: 45036777",  # rev16's
        "Sekundennummer 687731",  # rev16's
        "die Kompassnummer 7730912 im Handbuch",
        "Schalldämpfernummer: 55120934",  # (`lid`/`kund`/`pass`-free, `rente`-free: no stem at all)
        "Parentennummer 4471209 im Baum",  # (`rente` inside `Parenten`, not its first part)
    ],
)
def test_a_stem_inside_an_unrelated_compound_names_nothing(text: str) -> None:
    assert not list(personal_number_spans(text)), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Kundennr fehlt, aber Kundennummer 55120934 passt", "55120934"),
        ("die Reisepassnummer 5512093417 liegt vor", "5512093417"),
        ("die Lidnummer 5512093 fehlt", "5512093"),
        ("seine Krankenversicherungsnummer: A123456780", "A123456780"),
    ],
)
def test_a_compound_with_a_persons_stem_still_names_a_number(text: str, value: str) -> None:
    spans = [text[s.start : s.end] for s in personal_number_spans(text)]
    assert value in spans, spans


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # rev16's: the docstring's claim, a clause set off by commas after the owner's label
        ("my passport number, if you need it, X12345678", "X12345678"),
        # own: other shapes of the same grammar
        ("his tax number, in case it matters, 77-4412093 (old)", "77-4412093"),
        ("and our loyalty card (the blue one): LC 5512 0934", "LC 5512 0934"),
        ("her membership number \u2014 she spelled it slowly \u2014 QM77120", "QM77120"),
        ("my student number from last year: 20194471", "20194471"),
    ],
)
def test_an_owners_label_then_a_clause_then_the_value(text: str, value: str) -> None:
    spans = [text[s.start : s.end] for s in personal_number_spans(text)]
    assert value in spans, spans


@pytest.mark.parametrize(
    "text",
    [
        "my number, as you can see, is growing: 4471209 rows",  # (a word after the clause, not a value)
        "the build number, if you need it, 5512093",  # (no owner, no person's word)
    ],
)
def test_a_clause_without_an_owners_number_stays(text: str) -> None:
    assert not list(personal_number_spans(text)), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a generic label national_ids reads as one country's kind, a value in another format: no
        # look-alike of that kind, so still a person's number (rev16 F5)
        ("the voter id: 77-1209-3341", "77-1209-3341"),
        ("per the form, insurance number: RQ4471209", "RQ4471209"),
        ("her social security no. = W55120934K", "W55120934K"),
    ],
)
def test_a_generic_labels_number_in_another_format_is_kept(text: str, value: str) -> None:
    spans = [text[s.start : s.end] for s in personal_number_spans(text)]
    assert value in spans, spans
