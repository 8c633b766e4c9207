"""Idempotence of the redactor (issue 17) on the forms round 20 names, each case a minimised break
our own probes found (values generated for these tests: valid check digits, no corpus's).

A placeholder must not change how what stands around it is read: the second pass has to judge the
text beside a placeholder as the first judged it beside the value."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear

# --- 1. a card read inside a longer grouped number: the groups it left are no number of their own


@pytest.mark.parametrize(
    "text",
    [
        # Polish NRBs (2 + 6x4 digits, IBAN check under PL) whose middle 16 digits pass a card's
        # issuer and Luhn checks: the groups left either side were read as a phone or an id next
        # to the card's placeholder
        "Their account is 41 6490 3862 5355 0299 2148 9227.",
        "Rachunek: 05 5977 7635 5761 0803 8725 5615",
        "Their account is 20 9461 6467 6312 3953 8346 2756",
        '1746749475.624926 [0 unix:/run/redis.sock] "HGET" "iban:2" "05 5977 7635 5761 0803 8725 5615"',
        "Headers: reply-to=ops\nValue: account 05 5977 7635 5761 0803 8725 5615",
        '{"content": "Value: account 05 5977 7635 5761 0803 8725 5615"}',
        '"sepa_debit": {"account": "05 5977 7635 5761 0803 8725 5615"}',
    ],
)
def test_groups_left_beside_a_card_are_read_as_before(redactor: Redactor, text: str) -> None:
    out = Checks(redactor).redacted(text)
    assert "[REDACTED:credit_card:" in out  # (the first pass's finding kept, not given up for stability)


@pytest.mark.parametrize(
    "text",
    [
        "account is 40 7666 [REDACTED:credit_card:0a1b2c3d] 2463.",
        "Rachunek: 05 5977 7635 [REDACTED:credit_card:0a1b2c3d]",
        "[REDACTED:bank_account:0a1b2c3d] 0401 234 567",
    ],
)
def test_digit_groups_beside_a_number_placeholder_are_its_own(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a name or an address of mail replaced no digit group: the number beside it is read as ever
        ("tel. 0401 234 567 [REDACTED:person_name:0a1b2c3d]", "0401 234 567"),
        ("[REDACTED:email:0a1b2c3d] 0401 234 567", "0401 234 567"),
        # a word between a placeholder and a number parts them
        ("[REDACTED:credit_card:0a1b2c3d] or mobile 0401 234 567", "0401 234 567"),
    ],
)
def test_a_number_apart_from_a_placeholder_is_still_found(redactor: Redactor, text: str, value: str) -> None:
    Checks(redactor).gone(text, value)


# --- 2. a placeholder's kind is no word of the line it stands in


@pytest.mark.parametrize(
    "text",
    [
        # an order record's number beside its customer's phone: the record label outranks the
        # number's phone shape unless the line has a phone word, and `[REDACTED:phone:…]` is none
        "order 691 373 9316 - 0401 234 567",
        "order 691 373 9316, alt 0401 234 567",
        "order: 691 373 9316 (call 0401 234 567)",
        "order 691 373 9316 | 2884,67 | from 0401 234 567 thanks",
    ],
)
def test_a_record_number_stays_beside_a_phone_placeholder(redactor: Redactor, text: str) -> None:
    out = Checks(redactor).redacted(text)
    assert "691 373 9316" in out and "0401 234 567" not in out


def test_an_ssn_placeholder_is_no_ssn_label(redactor: Redactor) -> None:
    # spaced nine digits need an SSN label before them; a kind name inside a placeholder is none
    # (a hash of letters only leaves no digit between the kind and the number)
    Checks(redactor).kept("ids [REDACTED:ssn:abcdefab] and 219 09 9999")


def test_a_record_number_beside_a_real_phone_word_is_a_phone(redactor: Redactor) -> None:
    # (the guard: a phone word in the text itself still outranks the record label)
    Checks(redactor).gone("order 691 373 9316, phone 0401 234 567", "691 373 9316")


# --- 3. a phone label's run read on past a dash, or a form's double blank, into a placeholder


@pytest.mark.parametrize(
    "text",
    [
        # the label's run was `110488209 - 0401 234 567` (no number); beside the placeholder the
        # first group alone was read as the labelled phone
        "mobile: 110488209 - 0401 234 567.",
        "mobile: 0401 234 567  85653 11236 51002252550 50  11.06.2022",
    ],
)
def test_a_labelled_run_cut_by_a_placeholder_is_read_as_before(redactor: Redactor, text: str) -> None:
    Checks(redactor).redacted(text)


@pytest.mark.parametrize(
    "text",
    [
        "mobile: 110488209 - [REDACTED:phone:1eaac55a].",
        "mobile: [REDACTED:phone:56d12c85]  85653 11236 51002252550 50  11.06.2022",
        # a window of the line that ends inside a placeholder reads no kind of it as a phone word
        "order 092 126 3689 | 2062 | [REDACTED:credit_card:a13f6deb] | [REDACTED:phone:0b8cb089])",
    ],
)
def test_groups_a_dash_or_blanks_from_a_placeholder_are_its_own(redactor: Redactor, text: str) -> None:
    Checks(redactor).kept(text)


def test_the_walk_over_groups_stays_linear_in_placeholders() -> None:
    # (each placeholder's walk is bounded: groups of a long run, or a long word, are never rescanned)
    from persona_pipeline.core.evidence.redaction.redactor import _placeholder_words
    from persona_pipeline.core.evidence.redaction.spans import protected_ranges

    def build(n: int) -> tuple[str, list[tuple[int, int]]]:
        text = " ".join(["1234"] * 5 + ["[REDACTED:phone:abcdefab]"]) * n + " " + "7" * 50_000
        return text, protected_ranges(text)

    def run(arg: tuple[str, list[tuple[int, int]]]) -> None:
        text, ranges = arg
        assert _placeholder_words(text, ranges) == [(0, len(text) - 50_001)]  # (the 50k-digit word: too long)

    assert_linear(run, build, 8000)


# --- 4. a span that took a label's head: the rest of the label is read anew


@pytest.mark.parametrize(
    "text",
    [
        # the street grammar's optional state (`…, Monterrey, N.L.`) took the `PO` of `PO number`:
        # `[REDACTED:address:…] number 041…` then read `number` as a phone's label
        "041 2681584, Mannerheimintie 20, 00100 Helsinki, PO number 041 2394104",
        "Rua Augusta 5, 1100-048 Lisboa, PO number 041 2394104",
    ],
)
def test_a_label_after_an_address_keeps_its_head(redactor: Redactor, text: str) -> None:
    out = Checks(redactor).redacted(text)
    assert "PO number 041 2394104" in out and "Augusta" not in out and "Mannerheimintie" not in out


def test_a_state_after_the_town_is_still_the_address(redactor: Redactor) -> None:
    assert "SP" not in Checks(redactor).redacted("entrega: Av. Paulista 1000, 01310-100 São Paulo - SP")
    assert "NL" not in Checks(redactor).redacted("ship to Mannerheimintie 20, 00100 Helsinki, NL")


def test_a_district_that_heads_a_label_ends_no_address(redactor: Redactor) -> None:
    # (the town's district, `København V`, took the `PO` of a tab-separated `PO number`)
    out = Checks(redactor).redacted("ship to=Odos Ermou 11, 105 63 Athina\tPO number 1260932877 thanks")
    assert "PO number 1260932877" in out and "Ermou" not in out


# --- 5. distances a placeholder changes: a record line's phone word is read on the whole line


def test_a_phone_word_far_along_the_record_line_is_read_as_before(redactor: Redactor) -> None:
    # the address's placeholder, shorter than the address, brought `tel=` within 80 characters
    text = (
        "shipment 372 5123 5375, ship to: Avenue de la Liberté 56, L-1930 Luxembourg, "
        "\u03ba\u03b9\u03bd.=092 131 2836, tel=+358 41 2508607 thanks"
    )
    Checks(redactor).redacted(text)


# --- 6. a name run that went on into a street: judged whole by the pass that redacted the street


@pytest.mark.parametrize(
    "text",
    [
        "Bestellung 460 372 7006\t0712 353 905\tZuzana Dubois-Martin\tStrada Lipscani 138, 030033 București.",
        "ticket 76-161795\t0712 221 556\tAndrés Kowalczyk\tStrada Lipscani 126, 030033 București",
    ],
)
def test_a_name_run_into_an_address_placeholder_is_not_judged_again(redactor: Redactor, text: str) -> None:
    Checks(redactor).redacted(text)


def test_a_record_noun_that_heads_a_label_ends_no_town(redactor: Redactor) -> None:
    # (the town's capitalised words ran on over tabs, through a name, into `Order` of `Order # …`)
    text = "Avenue de la Liberté 56, L-1930 Luxembourg\tJiří Kowalczyk\tOrder # 793 429 2133"
    out = Checks(redactor).redacted(text)
    assert "Order # 793 429 2133" in out and "Liberté" not in out and "Kowalczyk" not in out
