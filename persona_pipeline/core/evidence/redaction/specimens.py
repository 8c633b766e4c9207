"""Specimen people: the names that forms, ID-card samples and documentation print for nobody.

A name is kept only as a whole standard specimen pair, never a first name or a surname alone. Pairs
whose surname exists only as a specimen word (German `Mustermann`/`Musterfrau`, `Muster` = sample;
Finnish `Meikäläinen`, "one of us"; `Normalverbraucher`) are kept wherever they stand. Pairs that
real people also bear (John Doe, Mario Rossi, Jean Dupont, Taro Yamada…) are kept only when their
line says they are a sample (`specimen`, `sample`, `example`, `placeholder`, `fixture`, `dummy`,
`e.g.`, …) or places them in a placeholder town (`Anytown`, `Musterstadt`): a real John Doe's name
in a message stays redacted. An address is a specimen's only in a placeholder street or town
(`Musterstraße`, `Musterstadt`, `Anytown`).

The pairs are the conventional placeholder names of each language (general knowledge: the German
Personalausweis specimen, the US legal John/Jane Doe, the British Joe Bloggs, the Italian Mario
Rossi, the French Jean Dupont, the Spanish Juan Pérez, the Polish Jan Kowalski, the Dutch Jan
Jansen, the Norwegian Ola/Kari Nordmann, the Japanese Taro/Hanako Yamada).
"""

from __future__ import annotations

import re
import unicodedata

# (first, last) of pairs real people also bear: kept only beside a specimen marker
_PAIRS = frozenset(
    {
        ("john", "doe"),
        ("jane", "doe"),
        ("richard", "roe"),
        ("joe", "bloggs"),
        ("jane", "bloggs"),
        ("mario", "rossi"),
        ("jean", "dupont"),
        ("marie", "dupont"),
        ("juan", "perez"),
        ("jan", "kowalski"),
        ("anna", "kowalska"),
        ("jan", "jansen"),
        ("ola", "nordmann"),
        ("kari", "nordmann"),
        ("taro", "yamada"),
        ("hanako", "yamada"),
        ("fulano", "de tal"),
    }
)
# surnames that exist only as specimens: any first name with them is kept
_SPECIMEN_SURNAMES = frozenset({"mustermann", "musterfrau", "meikalainen", "normalverbraucher"})
_CJK_SPECIMENS = ("山田太郎", "山田花子")
# a line that calls its names samples (English, German, French, Spanish, Italian, Japanese)
_MARKER = re.compile(
    r"(?i)\b(?:specimens?|samples?|examples?|placeholders?|fixtures?|dummy|fake|mock|"
    r"muster|beispiel|exemple|ejemplo|esempio|anytown|anyville|musterstadt)\b|\be\.g\.|見本|記入例|サンプル|例"
)
_PLACEHOLDER_PLACE = re.compile(r"(?i)muster(?:stra(?:ss|ß)e|str\.|stadt|hausen|dorf)|\bany(?:town|ville)\b")
_WORD = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*")
_AFTER = 40  # characters after an address where its placeholder town is read


def _plain(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


def _line(text: str, start: int, end: int) -> str:
    lo = text.rfind("\n", max(0, start - 160), start) + 1
    hi = text.find("\n", end, end + 160)
    return text[max(lo, start - 160) : end + 160 if hi < 0 else hi]


def specimen_name(text: str, start: int, end: int) -> bool:
    """Whether the name at start:end is a whole standard specimen pair (and, for a pair real people
    bear, its line marks it as a sample)."""
    value = text[start:end]
    if value.strip() in _CJK_SPECIMENS:
        return _MARKER.search(_line(text, start, end)) is not None
    words = [_plain(w) for w in _WORD.findall(value)]
    if len(words) < 2:
        return False
    if words[-1] in _SPECIMEN_SURNAMES and len(words) == 2:
        return True
    pair = (words[0], " ".join(words[1:]))
    return pair in _PAIRS and _MARKER.search(_line(text, start, end)) is not None


def specimen_address(text: str, start: int, end: int) -> bool:
    """Whether the address at start:end lies in a placeholder street or town."""
    return _PLACEHOLDER_PLACE.search(text, start, min(len(text), end + _AFTER)) is not None
