"""Register numbers with check digits of their own (register_checks): US NPI and DEA numbers, the UK
Unique Learner Number, Hungary's személyi azonosító; read under their labels only."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction import register_checks as rc
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import redacted
from persona_pipeline_tests.timing import assert_linear


def test_check_digits() -> None:
    assert rc.npi_ok("1304528718") and not rc.npi_ok("1304528719") and not rc.npi_ok("3304528718")
    assert rc.dea_ok("AK8420159") and rc.dea_ok("m95122077") and not rc.dea_ok("AK8420158")
    assert not rc.dea_ok("IK8420159")  # (I is no registrant type)
    assert rc.uln_ok("6482019373") and not rc.uln_ok("6482019374") and not rc.uln_ok("0482019373")


def _hu(first: str, yymmdd: str, serial: str, weights: range) -> str:
    """A személyi azonosító built by the published rule (check digit: weighted sum mod 11)."""
    body = first + yymmdd + serial
    rest = sum(int(c) * w for c, w in zip(body, weights, strict=True)) % 11
    assert rest != 10, "pick another serial"
    return body + str(rest)


_OLD, _NEW = range(1, 11), range(10, 0, -1)  # (born before 1997-01-01 / on or after)


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        (_hu("1", "780914", "174", _OLD), True),  # citizen, male, born 1978
        (_hu("2", "961231", "215", _OLD), True),  # female, born 1996-12-31: last day of the old weights
        (_hu("1", "970101", "003", _NEW), True),  # male, born 1997-01-01: first day of the new weights
        (_hu("3", "050314", "269", _NEW), True),  # citizen, male, born 2005
        (_hu("4", "121130", "750", _NEW), True),  # citizen, female, born 2012
        (_hu("3", "851102", "012", _OLD), True),  # older scheme: citizen born 1885
        (_hu("5", "680420", "118", _OLD), True),  # foreign-born resident, 1968
        (_hu("8", "550707", "302", _OLD), True),  # foreign citizen, 1955
        (_hu("7", "950101", "042", _OLD), True),  # foreign citizen, 1895
        (_hu("1", "780914", "174", _NEW), False),  # a 1978 birth checked with the new weights
        (_hu("2", "980203", "138", _OLD), False),  # a 1998 birth checked with the old weights
        (_hu("2", "780231", "175", _OLD), False),  # 31 February
        (_hu("9", "780914", "174", _OLD), False),  # no such first digit
    ],
)
def test_hu_szemelyi_check(value: str, valid: bool) -> None:
    assert rc.hu_personal_ok(value) is valid
    if valid:  # a wrong check digit fails
        assert not rc.hu_personal_ok(value[:10] + str((int(value[10]) + 1) % 10))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the referring clinician's NPI is 1304528718, please add it to the claim", "1304528718"),
        ('{"billing_provider_npi": "2047188364", "units": 3}', "2047188364"),
        ("National Provider Identifier: 2047188364", "2047188364"),
        ("script was signed off under DEA number AK8420159 yesterday", "AK8420159"),
        ("prescriber DEA: FW3604712", "FW3604712"),
        ("dea_registration=M95122077&state=OH", "M95122077"),
        ("her unique learner number 6482019373 is not on the return", "6482019373"),
        ('{"learner": {"uln": "3105728464", "cohort": 4}}', "3105728464"),
        ("személyi azonosító: 27809144035", "27809144035"),
        ("személyi szám=1-650327-1183&adoszam=", "1-650327-1183"),
        ("szemelyi_azonosito = '50306112070'", "50306112070"),
        ("személyi azonosító: " + _hu("3", "050314", "269", _NEW), _hu("3", "050314", "269", _NEW)),
        ("Személyi szám: 2 961231 2159", "2 961231 2159"),  # the spaced form
        ("npi_number: 2047188364", "2047188364"),  # the identifier's own noun after the acronym
    ],
)
def test_labelled_register_numbers_are_redacted(text: str, value: str, redactor: Redactor) -> None:
    out = redacted(redactor, text)
    assert value not in out and "[REDACTED:" in out


@pytest.mark.parametrize(
    "text",
    [
        # a failing check under the label: not the register's number
        "NPI 1304528719 bounced",
        "DEA number AK8420158",
        "ULN 6482019374",
        # valid-looking digits with no label: order, build and ticket numbers, versions, hashes
        "order 1304528718 shipped; build 2047188364 green",
        "see ticket AK8420159 and release v6.4.82019373",
        "sha 6482019373a1f0c9 and the npi_client.NpiResolver class",
        "from npi.registry import lookup  # version 2.0.47188364",
        "deadline 27809144035 ms",
        # a register acronym heading another identifier names that thing, not the number
        "the npi_count is 1304528718",
        "uln_batch_size: 6482019373",
        "dea_cache_key = 'AK8420159'",
    ],
)
def test_developer_text_stays(text: str, redactor: Redactor) -> None:
    assert redacted(redactor, text) == text


def test_column_under_a_header(redactor: Redactor) -> None:
    out = redacted(redactor, "ULN,Surname\n6482019373,Brennan\n3105728464,Adeyemi")
    assert "6482019373" not in out and "3105728464" not in out


def test_repeated_headers_read_linearly() -> None:
    from persona_pipeline.core.evidence.redaction import national_ids

    def run(text: str) -> None:
        assert len(list(national_ids._column_cells(text))) == text.count("ULN,")

    # (each header line starts a table of its own; rows read under every header above: ~16x)
    assert_linear(run, lambda n: "ULN,Surname\n6482019373,x\n" * n, 2000)


def test_a_row_holding_a_label_word_elsewhere_stays_a_row(redactor: Redactor) -> None:
    """A line with a header cell ends the table above it only when its cell in the column is no value:
    a data row whose other column says `pesel` (a source, a type) is still a row (rev17 F13)."""
    values = ("79101703239", "68112168036", "58060990076", "51092413201")  # (valid PESELs, own)
    sources = ("form", "pesel", "form", "import")
    rows = [f"{i},{v},{src}" for i, (v, src) in enumerate(zip(values, sources, strict=True), 1)]
    out = redacted(redactor, "id,pesel,source\n" + "\n".join(rows))
    assert not [v for v in values if v in out], out
