"""Personal numbers the python-stdnum catalogue (`id_catalog`) leaves out, as catalogue entries.

`id_catalog` keeps a country module when its summary says a person holds the number. Two gaps:

- **One register for every taxpayer.** Some countries number people and companies in the same
  tax register, and python-stdnum files that number as the country's VAT number, so the catalogue
  drops it. The OECD's TIN pages say each of these is also the number an individual files under:
  Greece's AFM (every resident taxpayer has one) and Poland's NIP (issued to every taxpayer until
  2012, to self-employed people since; a person's NIP is theirs alone), Cyprus's TIC (the Tax
  Identification Code every taxpayer is given: eight digits and a check letter, the algorithm
  python-stdnum's `cy.vat` checks; an individual's opens with 0 or 9, Microsoft Purview's
  "Cyprus tax identification number" definition, so a company's number stays). Such a number is personal
  when a label names it; a bare nine- or ten-digit run is not read (an order id has that shape).
- **Numbers python-stdnum has no module for**, each with the validation its issuer defines:
  the Yugoslav JMBG (Serbia, Bosnia and Herzegovina, Montenegro, North Macedonia's EMBG: the same
  13 digits and mod-11 check as Slovenia's EMŠO, python-stdnum's `si.emso`), Luxembourg's
  matricule (a birth date YYYYMMDD, three serial digits, a Luhn then a Verhoeff check digit over
  the first eleven), Sri Lanka's NIC (old: two year digits, a day of the year, 001-366, plus 500
  for women, four digits and V or X; new: a four-digit year, the same day number, five digits) and
  Hungary's tax identifier (ten digits opening with 8, a weighted mod-11 check) and social
  security number (TAJ: nine digits, weights 3 and 7, mod 10), Brazil's national health card
  (Cartão Nacional de Saúde, CNS: fifteen digits opening with 1, 2, 7, 8 or 9, weights 15 down to
  1 summing to a multiple of 11) and voter's title (título de eleitor: eight digits, a state code
  01-28, two mod-11 check digits).

Each is read only after a label naming it (the number's name at home, its abbreviation, its name in
its own script), through `national_ids`' label reading, and only when its check holds: a digit run
under an unrelated label, or failing the check, stays. Labels that are also ordinary words (`NIC`,
a network card; `NIP`, `TAJ`) count in lower case only as a key with a separator after them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from persona_pipeline.core.evidence.redaction.id_catalog import Entry

LOCAL = "local:"  # (a module path naming one of `CHECKS`, not an importable module)


def _digits(v: str) -> str:
    return "".join(c for c in v if c.isdigit())


def _date_ok(year: int, month: int, day: int) -> bool:
    try:
        dt.date(year, month, day)
    except ValueError:
        return False
    return True


def lu_matricule_ok(v: str) -> bool:
    """13 digits: YYYYMMDD, three serial digits, Luhn and Verhoeff check digits over the first 11."""
    from stdnum import luhn, verhoeff

    d = _digits(v)
    if len(d) != 13 or len(v.replace(" ", "")) != 13:
        return False
    if not _date_ok(int(d[:4]), int(d[4:6]), int(d[6:8])):
        return False
    return luhn.calc_check_digit(d[:11]) == d[11] and verhoeff.calc_check_digit(d[:11]) == d[12]


def _day_of_year_ok(ddd: str) -> bool:
    n = int(ddd)
    return 1 <= n <= 366 or 501 <= n <= 866


def lk_nic_ok(v: str) -> bool:
    """Old: 9 digits (YY, day of year, serial, check) and V or X; new: 12 digits (YYYY, day of
    year, serial, check); the day of year 001-366, plus 500 for a woman."""
    c = v.replace(" ", "").replace("-", "")
    if len(c) == 10 and c[:9].isdigit() and c[9] in "VvXx":
        return _day_of_year_ok(c[2:5])
    if len(c) == 12 and c.isdigit():
        return c[:2] in ("19", "20") and _day_of_year_ok(c[4:7])
    return False


def hu_tax_ok(v: str) -> bool:
    """Hungary's adóazonosító jel: 10 digits, the first 8; the 10th is sum(d_i * i, i=1..9) mod 11."""
    d = _digits(v)
    if len(d) != 10 or d[0] != "8":
        return False
    return sum(int(c) * (i + 1) for i, c in enumerate(d[:9])) % 11 == int(d[9])


def hu_taj_ok(v: str) -> bool:
    """Hungary's TAJ: 9 digits; the 9th is the first eight weighted 3, 7, 3, 7, … mod 10."""
    d = _digits(v)
    if len(d) != 9 or len(set(d)) < 3:
        return False
    return sum(int(c) * (3 if i % 2 == 0 else 7) for i, c in enumerate(d[:8])) % 10 == int(d[8])


def hu_personal_ok(v: str) -> bool:
    """A Hungarian label's value: the tax identifier or the TAJ (people give one for the other)."""
    return hu_tax_ok(v) or hu_taj_ok(v)


def br_cns_ok(v: str) -> bool:
    d = _digits(v)
    if len(d) != 15 or d[0] not in "12789":
        return False
    return sum(int(c) * (15 - i) for i, c in enumerate(d)) % 11 == 0


def br_voter_ok(v: str) -> bool:
    d = _digits(v)
    if len(d) != 12 or not 1 <= int(d[8:10]) <= 28 or len(set(d[:8])) < 3:
        return False
    dv1 = sum(int(c) * (i + 2) for i, c in enumerate(d[:8])) % 11 % 10
    dv2 = (int(d[8]) * 7 + int(d[9]) * 8 + dv1 * 9) % 11 % 10
    # (São Paulo's and Minas Gerais' titles write a remainder of 0 as 1)
    return int(d[10]) in (dv1, 1 if dv1 == 0 and d[8:10] in ("01", "02") else dv1) and int(d[11]) in (
        dv2,
        1 if dv2 == 0 and d[8:10] in ("01", "02") else dv2,
    )


def cy_tic_ok(v: str) -> bool:
    """An individual's TIC: a 0 or 9, seven digits, a letter (Purview), with `cy.vat`'s check letter."""
    from stdnum.cy import vat

    return v[:1] in ("0", "9") and vat.is_valid(v)


CHECKS: dict[str, Callable[[str], bool]] = {
    "cy_tic": cy_tic_ok,
    "br_cns": br_cns_ok,
    "br_voter": br_voter_ok,
    "lu_matricule": lu_matricule_ok,
    "lk_nic": lk_nic_ok,
    "hu_personal": hu_personal_ok,
}

# (names as each number's issuer writes them; `id_catalog.Entry`: kind, module, Latin-letter
# names, those that are abbreviations, names in another script)
ENTRIES: tuple[Entry, ...] = (
    Entry(
        "br_cns",
        LOCAL + "br_cns",
        ("Cartão SUS", "Cartão Nacional de Saúde", "CNS", "número do SUS"),
        ("CNS",),
        (),
    ),
    Entry("br_voter", LOCAL + "br_voter", ("título de eleitor", "título eleitoral"), (), ()),
    Entry("gr_afm", "stdnum.gr.vat", ("AFM", "Arithmos Forologikou Mitroou"), ("AFM",), ("ΑΦΜ",)),
    Entry(
        "cy_tic",
        LOCAL + "cy_tic",
        ("TIC", "Tax Identification Code", "Arithmos Forologikis Taftotitas"),
        ("TIC",),
        ("ΑΦΤ", "Αριθμός Φορολογικής Ταυτότητας"),
    ),
    Entry("pl_nip", "stdnum.pl.nip", ("NIP", "Numer Identyfikacji Podatkowej"), ("NIP",), ()),
    Entry(
        "yu_jmbg",
        "stdnum.si.emso",
        ("JMBG", "EMBG", "Jedinstveni matični broj građana", "Jedinstven matičen broj na građaninot"),
        ("JMBG", "EMBG"),
        ("ЈМБГ", "ЕМБГ"),
    ),
    Entry(
        "lu_matricule",
        LOCAL + "lu_matricule",
        ("matricule", "numéro d'identification national", "numéro d'identification personnel"),
        (),
        (),
    ),
    Entry(
        "lk_nic",
        LOCAL + "lk_nic",
        ("NIC", "national identity card number", "jathika handunumpath"),
        ("NIC",),
        ("ජාතික හැඳුනුම්පත", "தேசிய அடையாள அட்டை"),
    ),
    Entry(
        "hu_personal",
        LOCAL + "hu_personal",
        ("adóazonosító jel", "adóazonosító", "TAJ", "TAJ szám", "társadalombiztosítási azonosító jel"),
        ("TAJ",),
        (),
    ),
)
