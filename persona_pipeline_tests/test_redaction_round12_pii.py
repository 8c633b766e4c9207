"""Round 12's personal-data gaps (issue 17): numbers named by a label whose kind the engine had no
check for, labels ending in a non-ASCII letter before a colon, and the look-alikes that must stay.
Every value here is made up for these tests (valid check digits computed, not copied)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction import taxpayer_ids
from persona_pipeline.core.evidence.redaction.redactor import Redactor


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return Redactor(b"k" * 32)


def _red(r: Redactor, text: str) -> str:
    out = r.redact_many([text])[0]
    assert out is not None
    return out.text


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("Steuerpflichtiger, AFM 314159263, Athen", "314159263", "gr_afm"),
        ("ΑΦΜ: 314159263 (εργαζόμενος)", "314159263", "gr_afm"),
        ('{"afm": "314159263"}', "314159263", "gr_afm"),
        ("faktura dla osoby fizycznej, NIP 725-018-94-33", "725-018-94-33", "pl_nip"),
        ("JMBG 1507988710238 iz lične karte", "1507988710238", "yu_jmbg"),
        ("ЈМБГ: 1507988710238", "1507988710238", "yu_jmbg"),
        ("le matricule national est 1983112004736 selon la CNS", "1983112004736", "lu_matricule"),
        ("applicant NIC: 853142731V (old card)", "853142731V", "lk_nic"),
        ('{"nic": "199231404517"}', "199231404517", "lk_nic"),
        ("az adóazonosító jel 8412300009 a bérlaphoz", "8412300009", "hu_personal"),
        ("TAJ szám: 271 835 462", "271 835 462", "hu_personal"),
        ("mã số thuế: 3100000016 của khách", "3100000016", "vn_mst"),
    ],
)
def test_labelled_numbers_are_redacted(redactor: Redactor, text: str, value: str, kind: str) -> None:
    out = _red(redactor, text)
    assert value not in out
    assert f"[REDACTED:{kind}:" in out


@pytest.mark.parametrize(
    "text",
    [
        "AFM 314159264, Athen",  # (check digit off by one)
        "NIP 725-018-94-34",
        "JMBG 1507988710239",
        "matricule 1983112004737",  # (Luhn right, Verhoeff wrong)
        "matricule 1983113204736",  # (no 32nd of November)
        "NIC: 853942731V",  # (day 942 of no year)
        "TAJ: 271835463",
        "mã số thuế: 3100000017",
        "the nic eth0 negotiated 199231404517 bytes",  # (a network card; no separator after it)
        "order 1983112004736 shipped",  # (a valid matricule's digits without its label)
        "build NIP-7250189433 artefact",  # (a label glued into a token's name is no label)
    ],
)
def test_lookalikes_stay(redactor: Redactor, text: str) -> None:
    assert _red(redactor, text) == text


def test_checks_reject_other_shapes() -> None:
    assert taxpayer_ids.lu_matricule_ok("1983112004736")
    assert not taxpayer_ids.lu_matricule_ok("198311200473")
    assert taxpayer_ids.lk_nic_ok("853142731X") and not taxpayer_ids.lk_nic_ok("853142731Q")
    assert not taxpayer_ids.lk_nic_ok("189931404517")  # (a year before 1900)
    assert taxpayer_ids.hu_tax_ok("8412300009") and not taxpayer_ids.hu_tax_ok("7412300009")
    assert not taxpayer_ids.hu_taj_ok("000000000")


def test_idempotent(redactor: Redactor) -> None:
    text = "JMBG 1507988710238, NIC: 853142731V, mã số thuế: 3100000016"
    once = _red(redactor, text)
    assert _red(redactor, once) == once
