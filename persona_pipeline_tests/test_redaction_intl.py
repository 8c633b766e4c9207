"""Personal data in other countries' formats: national ids (check digits computed here, fresh
per run), labelled passport numbers, NL/ES/IT/JP/CA addresses, dates of birth in other languages,
ES/IT/NL/JP/AU phones; each in several wrappers, and look-alikes that must survive."""

from __future__ import annotations

import json
import random
import urllib.parse

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor

R = Redactor(b"i" * 32)
RNG = random.Random()


def _luhn_digit(body: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:  # the check digit will sit to the right: these are doubled
            d *= 2
            d -= 9 if d > 9 else 0
        total += d
    return str((10 - total % 10) % 10)


def ca_sin() -> str:
    body = str(RNG.choice([1, 2, 3, 4, 5, 6, 7, 9])) + "".join(str(RNG.randrange(10)) for _ in range(7))
    d = body + _luhn_digit(body)
    return f"{d[:3]} {d[3:6]} {d[6:]}"


def es_dni() -> str:
    n = RNG.randrange(10_000_000, 99_999_999)
    return f"{n}{'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}"


def es_nie() -> str:
    p = RNG.randrange(3)
    n = RNG.randrange(1_000_000, 9_999_999)
    return f"{'XYZ'[p]}{n}{'TRWAGMYFPDXBNJZSQVHLCKE'[int(f'{p}{n}') % 23]}"


def _cpf_digits() -> str:
    d = [RNG.randrange(10) for _ in range(9)]
    while len(set(d)) == 1:
        d = [RNG.randrange(10) for _ in range(9)]
    for n in (10, 11):
        s = sum(x * w for x, w in zip(d, range(n, 1, -1), strict=False))
        d.append((s * 10 % 11) % 10)
    return "".join(map(str, d))


def br_cpf() -> str:
    c = _cpf_digits()
    return f"{c[:3]}.{c[3:6]}.{c[6:9]}-{c[9:]}"


def uk_nino() -> str:
    first = RNG.choice("ABCEGHJKLMNPRSTWXYZ")
    second = RNG.choice("ABCEGHJKLMNPRSTWXYZ")
    while first + second in ("BG", "GB", "KN", "NK", "NT", "TN", "ZZ"):
        second = RNG.choice("ABCEGHJKLMNPRSTWXYZ")
    digits = "".join(str(RNG.randrange(10)) for _ in range(6))
    return f"{first}{second}{digits}{RNG.choice('ABCD')}"


def nl_bsn() -> str:
    while True:
        d = [RNG.randrange(10) for _ in range(8)]
        s = sum(x * w for x, w in zip(d, range(9, 1, -1), strict=True))
        last = s % 11
        if last < 10 and d[0] != 0:
            return "".join(map(str, d)) + str(last)


def in_aadhaar() -> str:
    from stdnum import verhoeff

    body = str(RNG.randrange(2, 10)) + "".join(str(RNG.randrange(10)) for _ in range(10))
    d = body + verhoeff.calc_check_digit(body)
    return f"{d[:4]} {d[4:8]} {d[8:]}"


def it_cf() -> str:
    from stdnum.it import codicefiscale

    letters = "".join(RNG.choice("BCDFGHLMNPRSTVZ") for _ in range(6))
    body = (
        f"{letters}{RNG.randrange(50, 99)}{RNG.choice('ABCDEHLMPRST')}{RNG.randrange(10, 28)}H{RNG.randrange(100, 999)}"
    )
    return body + codicefiscale.calc_check_digit(body)


def de_idnr() -> str:
    from stdnum.de import idnr
    from stdnum.iso7064 import mod_11_10

    while True:
        body = str(RNG.randrange(1, 10)) + "".join(str(RNG.randrange(10)) for _ in range(9))
        cand = body + mod_11_10.calc_check_digit(body)
        if idnr.is_valid(cand):
            return cand


def passport() -> str:
    return RNG.choice(
        [
            "".join(str(RNG.randrange(10)) for _ in range(9)),
            # DE: letters mixed in; at least two digits (the detector's floor for a long value)
            RNG.choice("CFGHJK")
            + str(RNG.randrange(10))
            + "".join(RNG.choice("0123456789CFGHJK") for _ in range(6))
            + str(RNG.randrange(10)),
            f"{RNG.randrange(10, 99)}{RNG.choice(['AB', 'XK', 'CT'])}{RNG.randrange(10000, 99999)}",
            f"{RNG.choice(['TK', 'MZ', 'YA'])}{RNG.randrange(1000000, 9999999)}",
        ]
    )


def wrap(label: str, value: str) -> list[str]:
    """One value in prose, JSON, CSV, YAML and an URL-encoded query."""
    key = label.lower().replace(" ", "_")
    return [
        f"hi, my {label} is {value}, can you fill in the form for me?",
        json.dumps({"user": {key: value, "plan": "pro"}}),
        f"id,{key},plan\n17,{value},pro",
        f"applicant:\n  {key}: {value}\n  plan: pro",
        f"GET /api/apply?{urllib.parse.urlencode({key: value, 'plan': 'pro'})} HTTP/1.1",
    ]


def _leaks(text: str, value: str) -> bool:
    out = R.redact(text)
    assert out is not None
    compact = "".join(c for c in value if c.isalnum())
    flat = "".join(c for c in out.text if c.isalnum())
    return value in out.text or (len(compact) >= 8 and compact in flat) or urllib.parse.quote(value) in out.text


CASES = [
    ("social insurance number", ca_sin),
    ("SIN", ca_sin),
    ("DNI", es_dni),
    ("NIE", es_nie),
    ("CPF", br_cpf),
    ("national insurance number", uk_nino),
    ("NINO", uk_nino),
    ("BSN", nl_bsn),
    ("Aadhaar", in_aadhaar),
    ("codice fiscale", it_cf),
    ("Steuer-ID", de_idnr),
    ("passport number", passport),
    ("Reisepass", passport),
    ("passeport", passport),
    ("pasaporte", passport),
]


@pytest.mark.parametrize(("label", "gen"), CASES, ids=[c[0] for c in CASES])
def test_labelled_national_ids_are_redacted(label: str, gen: object) -> None:
    for _ in range(4):
        value = gen()  # type: ignore[operator]
        for text in wrap(label, value):
            assert not _leaks(text, value), (label, text)


@pytest.mark.parametrize("gen", [es_dni, es_nie, br_cpf, uk_nino, it_cf], ids=lambda g: g.__name__)
def test_distinctive_ids_need_no_label(gen: object) -> None:
    for _ in range(8):
        value = gen()  # type: ignore[operator]
        assert not _leaks(f"row 4 → {value} (imported from the old system)", value)


def test_japanese_passport_label() -> None:
    value = f"TK{RNG.randrange(1000000, 9999999)}"
    assert not _leaks(f"パスポート番号：{value}です", value)


def test_birth_date_column() -> None:
    for header in ("fecha_nacimiento", "Geburtsdatum", "data di nascita"):
        out = R.redact(f"id;nombre_id;{header};plan\n1;x1;12/03/1985;pro\n2;x2;1990-07-21;free\n")
        assert out is not None and "12/03/1985" not in out.text and "1990-07-21" not in out.text, out.text
    out = R.redact("id;created;plan\n1;12/03/1985;pro\n")  # a date column of another kind
    assert out is not None and "12/03/1985" in out.text


def test_birth_label_after_the_date() -> None:
    out = R.redact("Ana Ruiz, 12/03/1985 (DOB), Madrid")
    assert out is not None and "12/03/1985" not in out.text
    out = R.redact("山田太郎、1985年3月12日生まれ、東京在住")
    assert out is not None and "1985年3月12日" not in out.text, out.text
    out = R.redact("リリース日は2024年3月12日です")  # a date, not a birth date
    assert out is not None and "2024年3月12日" in out.text


def test_label_then_a_few_words() -> None:
    value = "C01X00T47"
    assert not _leaks(f"Passport number (DE, issued 2019): {value}", value)
    sin = "046 454 286"  # Luhn-valid, an unassigned first digit: still a SIN beside its label
    assert not _leaks(f"SIN of the applicant: {sin}", sin)


def test_itin_and_spaced_ssn() -> None:
    itin = f"9{RNG.randrange(10, 99)}-{RNG.choice([70, 75, 88, 90, 94, 99])}-{RNG.randrange(1000, 9999)}"
    assert not _leaks(f"their ITIN {itin} was issued", itin)
    assert not _leaks(f"filed with {itin} last year", itin)


ADDRESSES = [
    "Keizersgracht 263, 1016 GV Amsterdam",
    "Prins Hendrikkade 12-3, 1012 AB Amsterdam",
    "Laan van Meerdervoort 55, 2517 AE Den Haag",
    "Calle de Alcalá, 45, 28014 Madrid",
    "C/ Mayor 7, 3º B, 28013 Madrid",
    "Avenida Diagonal 640, 08017 Barcelona",
    "Via dei Mille 12, 00184 Roma (RM)",
    "Via Garibaldi, 8, 20121 Milano",
    "Corso Vittorio Emanuele II 21, 10125 Torino",
    "〒150-0002 東京都渋谷区渋谷2-21-1",
    "東京都千代田区丸の内1-9-2",
    "1-9-2 Marunouchi, Chiyoda-ku, Tokyo 100-0005",
    "Ottawa, ON K1A 0B1",
    "Montréal (Québec) H2X 1Y4",
]


@pytest.mark.parametrize("address", ADDRESSES)
def test_intl_addresses(address: str) -> None:
    for text in (
        f"please ship it to {address} by Friday",
        json.dumps({"shipping": {"address": address}}, ensure_ascii=False),
        f"customer:\n  address: {address}\n",
    ):
        out = R.redact(text)
        assert out is not None
        # no run of 8 characters of the address is left
        assert not any(address[i : i + 8] in out.text for i in range(len(address) - 7)), out.text


DOBS = [
    ("geboren am", "12. März 1985"),
    ("geb.", "03.04.1979"),
    ("né le", "7 février 1990"),
    ("née le", "1990-02-07"),
    ("fecha de nacimiento:", "12 de marzo de 1985"),
    ("nacida el", "5/11/1978"),
    ("data di nascita:", "12 marzo 1985"),
    ("nato a Roma il", "01/02/1980"),
    ("nascido em", "12 de março de 1985"),
    ("geboortedatum:", "12 maart 1985"),
    ("geboren op", "3-4-1979"),
    ("生年月日：", "1985年3月12日"),
    ("date of birth:", "12-Mar-1985"),
    ("DOB", "1985/03/12"),
    ("born in Lisbon on", "12 March 1985"),
    ("Date of Birth (DD/MM/YYYY):", "12/03/1985"),
    ("née à Lyon le", "1er mars 1985"),
    ("dob=", "19850312"),
    ("생년월일:", "1985년 3월 12일"),
    ("Дата рождения:", "12.03.1985"),
    ("Doğum tarihi:", "12.03.1985"),
    ("geboren op", "12-mrt-1985"),
    ("data urodzenia:", "12 marca 1985"),
    ("تاريخ الميلاد:", "12/03/1985"),
    ("date naiss.", "12/03/1985"),
    ("date of birth:", "12 марта 1985"),
    ("birthday:", "1985년 3월 12일"),
    ("data di nascita", "12.III.1985"),
    ("geburtsdatum:\n ", "12.03.1985"),
]


@pytest.mark.parametrize(("label", "date"), DOBS)
def test_dates_of_birth_in_other_languages(label: str, date: str) -> None:
    for text in (f"Patient {label} {date}, no allergies.", json.dumps({"profile": f"{label} {date}"})):
        out = R.redact(text)
        assert out is not None and date not in out.text, out.text


PHONES = [
    ("llámame al", "612 345 678"),
    ("teléfono:", "91 123 45 67"),
    ("chiamami al", "333 1234567"),
    ("cellulare", "347 123 4567"),
    ("bel me op", "06-12345678"),
    ("telefoon:", "020 123 4567"),
    ("電話:", "090-1234-5678"),
    ("call", "03-1234-5678"),
    ("mobile", "0412 345 678"),
    ("office", "(02) 9876 5432"),
    ("tel:", "55 1234 5678"),
    ("TEL;TYPE=CELL:", "0612345678"),
    ("<a href='tel:", "0612345678"),
    ("móvil", "612345678"),
    ("bel me:", "06 12 34 56 78"),
    ('{"phone_number": "', "0612345678"),
    ("mobilePhone=", "0412345678"),
    ("電話番号：", "09012345678"),
    ("携帯", "０９０－１２３４－５６７８"),
    ("llama al", "0034 612 345 678"),
    ("Tfno.", "612345678"),
]


@pytest.mark.parametrize(("label", "number"), PHONES)
def test_national_phones(label: str, number: str) -> None:
    out = R.redact(f"{label} {number} anytime")
    assert out is not None and number not in out.text, out.text


def test_shared_cost_without_trunk_needs_most_plans() -> None:
    # (Australia's 1300 range is shared-cost, but without a trunk 0 the digits tie to no plan and
    # most plans that read them call them a fixed line: every plan is asked, a doubt redacts)
    out = R.redact("hotline 1300 123 456 anytime")
    assert out is not None and "1300 123 456" not in out.text, out.text


SURVIVORS = [
    # invalid check digits
    "ticket DNI 12345678A was a typo",
    "CPF 123.456.789-00 is not valid",
    "BSN 123456789",
    "Aadhaar 1234 5678 9012",
    # order numbers, timestamps, hashes, versions, ports, build numbers
    "order 20240315123 shipped",
    "ts=1710512345678 seq=612345678",
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8",
    "upgraded to 10.612.345 then 3.12.1",
    "ports 8080, 8443, 9090 and 6443 are open",
    "build 612.345.678 passed",
    "released 2024-03-12, see v3.333.1234567",
    "the passport of the API is its schema",
    "passport: expired",
    "Via Docker you can run it",
    "Calle is a word in Spanish",
    "NATO in Brussels on 12 March 2024 agreed",
    "Kubernetes was born at Google; GA on 2015-07-21",
    "the birthday paradox needs 23 people",
    "id=0612345678&page=2",
    "seq 612345678 acked",
    "at 01-02-2024 12:30 the job ran",
    "trace 0012 3456 7890 1234 5678 done",
    "順番は１２３です",
    "born to run; date 12 March 1985 was a Tuesday",
    "2024 CE Release notes",
    "ON A1A is not a postal code without a digit pair",
    "node ids 612-345-678-901",
    "uuid 123e4567-e89b-12d3-a456-426614174000",
    "sha256:612345678abcdef612345678abcdef612345678abcdef612345678abcdef1234",
]


@pytest.mark.parametrize("text", SURVIVORS)
def test_lookalikes_survive(text: str) -> None:
    out = R.redact(text)
    assert out is not None and out.text == text, out.text


def _all_positive_texts() -> list[str]:
    texts = [t for label, gen in CASES for t in wrap(label, gen())]  # type: ignore[operator]
    texts += [f"ship to {a}; then {a}" for a in ADDRESSES]
    texts += [f"{label} {date} / {label} {date}" for label, date in DOBS]
    texts += [f"{label} {n}, or {n}" for label, n in PHONES]
    # a second value after the first one's placeholder: the placeholder's kind is no label
    texts += [f"SIN: {ca_sin()} and {ca_sin()[::-1]}", "passport number: C01X00T47 then 123456789"]
    return texts


def test_idempotent() -> None:
    for text in _all_positive_texts():
        once = R.redact(text)
        assert once is not None
        twice = R.redact(once.text)
        assert twice is not None and twice.text == once.text, (once.text, twice.text)


def test_placeholder_kind_is_no_label() -> None:
    for kind in ("ca_sin", "passport_number", "date_of_birth", "phone", "nl_bsn", "uk_nino"):
        text = f"[REDACTED:{kind}:abcdefab] 046454286 C01X00T47 12/03/1985 612345678"
        out = R.redact(text)
        assert out is not None and out.text == text, out.text
