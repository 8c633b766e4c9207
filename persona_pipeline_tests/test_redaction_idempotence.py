"""Idempotence of the redactor (issue 17): a redacted text redacts to itself again. Each case is a
minimised shape of a break the dev pool's generator or its compositions (wrappers, concatenations,
placeholders beside letters, labels and encodings) found, written with values of our own; the first
pass's redaction must not be lost to make the second a no-op."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction import secrets
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear

R = Redactor(b"i" * 32)
_CHECKS = Checks(R)


def test_word_cased_check_is_linear_on_a_long_lowercase_run() -> None:
    # (not idempotence, but found by the same hunt: a dev seed's batch never finished, the
    # backtracking `re` trying every split of a long lowercase value into humps; it doubles per
    # character, so 40 against 10 would cost ~10^9x, not 4x)
    def run(text: str) -> None:
        assert secrets._WORD_CASED.fullmatch(text) is None

    assert_linear(run, lambda n: "m" * n + "?", 40)
    assert secrets._WORD_CASED.fullmatch("collaborationMLInputChannelsList") is not None
    assert secrets._WORD_CASED.fullmatch("lowercaserunonly12") is not None


# --- 1. a name run that runs into a placeholder is not judged again on its shorter run


def test_name_before_another_scripts_comma_is_taken_whole() -> None:
    # the fold read the Arabic comma as a letter of the last word, which failed the whole run; the
    # listed given name was left before the surnames' placeholder, and a second pass took it alone
    out = _CHECKS.redacted("Kunde schrieb — full name: Lucía Inés Moreno-Vidal، شكرا جزيلا")
    assert "Lucía" not in out and "Moreno" not in out


def test_given_name_before_a_placeholder_is_not_judged_again() -> None:
    text = "the form said full name: Carmen [REDACTED:person_name:0a1b2c3d]، see above"
    assert _CHECKS.redacted(text) == text


# --- 2. a table's row whose width a redaction changed (an address's commas gone into a placeholder)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # the last row runs on into prose holding an address: before redaction the row has more
        # cells than the header, after it as many, and a second pass read the column's cell
        (
            '"ref","cuil","state"\n"88","20-33445566-2","open"\'delivery address: No. 14, Jalan Bukit Bintang, 55100',
            ["20-33445566-2", "Jalan Bukit"],
        ),
        ("ref,cuil,state\n88,20-33445566-2,open - ship to: Calle Mayor 12, 28013 Madrid", ["20-33445566-2"]),
        ("id,dob,note\n3,1984-03-12,ship to: Calle Mayor 12, 28013 Madrid", ["1984-03-12", "Calle Mayor"]),
        ("id,city,notes\n7,28013 Madrid,ship to: Rua Augusta 5, 1100-048 Lisboa", ["28013 Madrid", "Rua Augusta"]),
        ("id,address,notes\n7,Gran Via 40 Madrid,born on: March 3, 1984", ["Gran Via 40", "March 3"]),
    ],
)
def test_table_row_run_on_into_prose(text: str, values: list[str]) -> None:
    out = _CHECKS.redacted(text)
    for v in values:
        assert v not in out, out


@pytest.mark.parametrize(
    "text",
    [
        "ref,cuil,state\n88,20-33445566-2,open - ship to: [REDACTED:address:0a1b2c3d]",
        "id,dob,note\n3,1984-03-12,ship to: [REDACTED:address:0a1b2c3d]",
        "id,city,notes\n7,28013 Madrid,ship to: [REDACTED:address:0a1b2c3d]",
    ],
)
def test_table_row_holding_a_placeholder_is_not_read_again(text: str) -> None:
    # (its width before redaction is unknown: the table may have ended there for the first pass)
    assert _CHECKS.redacted(text) == text


# --- the property over many generated dev prompts (seeds the blind corpus's scoring never draws)


def test_dev_pool_prompts_redact_to_themselves_again() -> None:
    from persona_pipeline_tests.redaction_blind import generate

    # (the first cases of seeds 3 and 50 hold the two prompts a sweep of seeds 3 to 60 found
    # breaking; the others widen the draw at a few seconds each)
    texts = [c.text for seed, n in ((3, 170), (50, 805), (13, 150), (29, 150)) for c in generate(seed, "dev", n)]
    once = R.redact_many(texts)
    assert all(o is not None for o in once)
    twice = R.redact_many([o.text for o in once if o is not None])
    broken = [o.text for o, t in zip(once, twice, strict=True) if o is not None and (t is None or t.text != o.text)]
    assert not broken, broken[:3]


# --- 3. a placeholder's own `kind:digest` read as a labelled secret beside a key id


def test_key_id_beside_a_placeholder_is_not_paired_with_it_on_a_second_pass() -> None:
    # one text labels a lint rule's name as a password, so the batch redacts that value everywhere;
    # a second pass read the placeholder's `password:<digest>` as a labelled password and paired the
    # key id beside it (AWS's documented example id, kept on the first pass) with it
    texts = [
        "src/env.ts\n  7:3  warning  AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE  lint/no-inline-creds",
        "password: no-inline-creds",
    ]
    once = [o.text for o in R.redact_many(texts) if o is not None]
    twice = [o.text for o in R.redact_many(once) if o is not None]
    assert twice == once
