"""Personal and tax numbers of every country python-stdnum knows, under the names its modules give them.

`national_ids` names each number it knows by hand (its labels, its printed shapes). Any other
country's number is found here, from python-stdnum's own catalogue: each country module's summary
line (`ABBR (Native name, English description).`) gives the number's abbreviations and its name at
home, and its `is_valid` the check digits. A module joins when its description says a person holds
the number (an identity, personal, citizen, social-security or tax number), not a company's,
a bank's, a product's or a place's; a VAT number only when its own documentation says individuals
are given one. The values stay validated (a label and the module's check), so a number under an
unknown label, or a digit run under a label that fails the check, is left alone.

The summaries are read from the modules' source files (no import: ~200 small reads at start-up,
a few milliseconds); a module is imported only when a candidate value is checked.
"""

from __future__ import annotations

import importlib
import os
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

# descriptions of a number a person holds
_PERSONAL = re.compile(
    r"tax|identi|personal|citizen|social security|insurance|birth number|resident|foreigner|voter|health|"
    r"individual|national",
    re.IGNORECASE,
)
# descriptions of a number of a company, a bank account, a product, a place or a payment
_NOT_PERSONAL = re.compile(
    r"compan|business|enterpri|entrepri|organi[sz]|corporat|entit|establishment|associat|economic units|trade regist|"
    r"commercial|jur[ií]dic|school|student|pupil|postal|postcode|bank|iban|receipt|real estate|meter|securit(?:y|ies) "
    r"ident|drug|activity|excise|employer|routing|payment|creditor|banknote|passport|classification|energy|"
    r"community number|credit code",
    re.IGNORECASE,
)
_VAT = re.compile(r"\bVAT\b")
# a VAT module whose documentation says people are given the number too
_HELD_BY_PEOPLE = re.compile(r"individuals|natural persons?|physical persons?", re.IGNORECASE)
_SUMMARY = re.compile(r'^"""(.+)$', re.MULTILINE)
_DOC = re.compile(r'^"""(.*?)(?:>>>|""")', re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Entry:
    kind: str  # `<country>_<module>`, the placeholder's type
    module: str  # the python-stdnum module path
    names: tuple[str, ...]  # its labels in Latin letters, as written (diacritics kept)
    acronyms: tuple[str, ...]  # those of `names` that are abbreviations in capitals (`NUIT`)
    other_script: tuple[str, ...]  # its labels in another script (Cyrillic, Arabic, CJK…)


def _split_names(summary: str) -> tuple[list[str], str]:
    """The names a summary line gives a number, and its English description (the last part in
    brackets). `NIPT, NUIS (Numri …, Albanian tax number).` -> [NIPT, NUIS, Numri …], 'Albanian …'"""
    summary = summary.strip().rstrip(".")
    head, _, inner = summary.partition(" (")
    inner = inner.rsplit(")", 1)[0]
    parts = [p.strip() for p in inner.split(",")] if inner else []
    description = parts[-1] if parts else head
    names = [n for h in re.split(r",| or ", head) for n in [h.strip()] if n]
    names += [p for p in parts[:-1] if p]
    return names, description


def latin(name: str) -> str:
    """The name with its diacritics dropped (`VÖEN` -> `VOEN`, `Mã số thuế` -> `Ma so thue`)."""
    return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))


# a summary's connecting words (`sometimes N.I.F.`, `or short ח.פ.`) and a country's adjective
# (`Asmens kodas (Lithuanian, personal numbers)`): no name of the number
_NOT_A_NAME = re.compile(r"(?:sometimes|or|short|also|the|a)\b.*|[A-Z][a-z]+(?:ian|ese|ish)")


# Cyrillic capitals as romanised in keys and ASCII text (the common, ISO 9-like readings)
_CYRILLIC = dict(
    zip(
        "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЫЭЮЯІЇЄЈЉЊЅЃЌЋЂЏҐ",
        (
            *("A", "B", "V", "G", "D", "E", "E", "ZH", "Z", "I", "Y", "K", "L", "M", "N", "O", "P", "R", "S", "T"),
            *("U", "F", "KH", "TS", "CH", "SH", "SHCH", "Y", "E", "YU", "YA", "I", "YI", "YE", "J", "LJ", "NJ"),
            *("DZ", "G", "K", "C", "DJ", "DZ", "G"),
        ),
        strict=True,
    )
)


def romanised(name: str) -> str | None:
    """A Cyrillic abbreviation (two to six capitals) in Latin letters, else None."""
    if not re.fullmatch(r"[\u0400-\u04ff]{2,6}", name) or not name.isupper():
        return None
    out = "".join(_CYRILLIC.get(c, "") for c in name)
    return out if len(out) >= len(name) else None


def _usable(name: str) -> bool:
    """A label worth matching: three letters or digits at least, not a summary's connecting words."""
    core = re.sub(r"[^\w]", "", name)
    return 3 <= len(core) <= 60 and not _NOT_A_NAME.fullmatch(name)


def _entry(country: str, module: str, source: str) -> Entry | None:
    m = _SUMMARY.search(source)
    if m is None:
        return None
    summary = m.group(1)
    names, description = _split_names(summary)
    if not (_PERSONAL.search(description) or _VAT.search(description)) or _NOT_PERSONAL.search(summary):
        return None
    if _VAT.search(summary):
        doc = _DOC.search(source)
        if doc is None or not _HELD_BY_PEOPLE.search(doc.group(1)):
            return None
        names = [n for n in names if not _VAT.search(n)]  # (`VAT` names the tax, not this country's number)
    in_latin, other = [], []
    for n in names:
        if not _usable(n):
            continue
        if latin(n).isascii():
            in_latin.append(n)
        elif re.fullmatch(r"[\w ]+", n) and not any(c.isascii() and c.isalpha() for c in n):
            other.append(n)
    for n in other:  # (an abbreviation in Cyrillic is keyed in Latin letters: `ЕДБ` -> `edb`)
        roman = romanised(n)
        if roman is not None and _usable(roman) and roman not in in_latin:
            in_latin.append(roman)
    acronyms = tuple(n for n in in_latin if re.fullmatch(r"[A-Z\u00c0-\u00de][A-Z\u00c0-\u00de0-9]{1,5}", n))
    if not in_latin and not other:
        return None
    return Entry(
        f"{country.rstrip('_')}_{module.rstrip('_')}",
        f"stdnum.{country}.{module}",
        tuple(in_latin),
        acronyms,
        tuple(other),
    )


def _country_modules() -> Iterator[tuple[str, str, str]]:
    """(country, module, source) of every country module of python-stdnum, in name order."""
    import stdnum

    base = os.path.dirname(stdnum.__file__)
    for country in sorted(os.listdir(base)):
        folder = os.path.join(base, country)
        if not re.fullmatch(r"[a-z]{2}_?", country) or not os.path.isdir(folder):
            continue
        for fname in sorted(os.listdir(folder)):
            if not fname.endswith(".py") or fname == "__init__.py":
                continue
            with open(os.path.join(folder, fname), encoding="utf-8") as fh:
                yield country, fname[:-3], fh.read()


@lru_cache(maxsize=1)
def catalog(skip: frozenset[str] = frozenset()) -> tuple[Entry, ...]:
    """Every country module of python-stdnum describing a person's number, but those in `skip`
    (module paths another detector already reads)."""
    out = []
    for country, module, source in _country_modules():
        if f"stdnum.{country}.{module}" in skip:
            continue
        entry = _entry(country, module, source)
        if entry is not None:
            out.append(entry)
    return tuple(out)


@cache
def _module(path: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(path)


def is_valid(module: str, value: str) -> bool:
    """The module's check of the value (False for a value it cannot parse); a `local:` module is
    one of `taxpayer_ids.CHECKS` (a number python-stdnum has no module for)."""
    try:
        if module.startswith("local:"):
            from persona_pipeline.core.evidence.redaction.taxpayer_ids import CHECKS

            return CHECKS[module[6:]](value)
        return bool(_module(module).is_valid(value))
    except Exception:  # a validator refusing a shape it does not parse: not a number of that kind
        return False


def in_format(module: str, value: str) -> bool | None:
    """Whether the value is written in the module's format, its check digits right or wrong (None
    for a `local:` module: its check says valid or not, nothing of the format)."""
    if module.startswith("local:"):
        return None
    from stdnum.exceptions import InvalidChecksum

    try:
        _module(module).validate(value)
    except InvalidChecksum:
        return True
    except Exception:  # (any other refusal: length, characters, an invalid component)
        return False
    return True


_BANK_ACCOUNT = re.compile(r"bank account", re.IGNORECASE)


@lru_cache(maxsize=1)
def bank_account_modules() -> tuple[str, ...]:
    """The country modules of python-stdnum that check a domestic bank account number (not an IBAN:
    `iban` is read on its own)."""
    out = []
    for country, module, source in _country_modules():
        m = _SUMMARY.search(source)
        if m is not None and _BANK_ACCOUNT.search(m.group(1)) and "IBAN" not in m.group(1):
            out.append(f"stdnum.{country}.{module}")
    return tuple(out)
