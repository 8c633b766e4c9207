"""Specimen people: the names that forms, ID-card samples and documentation print for nobody.

A name is kept only as a whole standard specimen pair, never a first name or a surname alone, and
only where the text attaches a sample marker to THAT name: the name is the value of a label that
calls it a sample (`Sample: …`, `example user = …`, `"placeholder_name": "…"`, `記入例：…`), it is
directly qualified (`e.g. …`, `for example …`, `z. B. …`), or a parenthesis right after it says so
(`… (sample)`). A marker elsewhere on the line (`my colleague … sent an example config`) vouches
for nothing, and neither does a specimen surname alone: real people are named Mustermann or Doe.
An address is a specimen's only when a placeholder street or town is part of that address.

The pairs are the conventional placeholder names of each language (general knowledge: the German
Personalausweis specimen, the US legal John/Jane Doe, the British Joe Bloggs, the Italian Mario
Rossi, the French Jean Dupont, the Spanish Juan Pérez, the Polish Jan Kowalski, the Dutch Jan
Jansen, the Norwegian Ola/Kari Nordmann, the Finnish Matti Meikäläinen, the Japanese Taro/Hanako
Yamada).
"""

from __future__ import annotations

import re
import unicodedata

from persona_pipeline.core.evidence.redaction.spans import line_start

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
# surnames that exist (almost) only as specimens; their pairs still need an attached marker
_SPECIMEN_SURNAMES = frozenset({"mustermann", "musterfrau", "meikalainen", "normalverbraucher"})
_CJK_SPECIMENS = ("山田太郎", "山田花子")
# words that call a value a sample (English, German, French, Spanish, Italian, Dutch)
_MARKER_WORD = (
    r"(?:specimens?|samples?|examples?|placeholders?|fixtures?|dummy|fake|mock|muster|beispiel|"
    r"exemple|ejemplo|esempio|voorbeeld)"
)
# a field word a sample label may name after its marker (`Sample name:`, `example_user=`)
_FIELD_WORD = (
    r"(?:names?|users?|persons?|people|customers?|authors?|holders?|applicants?|contacts?|values?|data|entry|"
    r"text|input)"
)
# the text just before the name: a sample label whose value it is, or a direct qualifier
_ATTACHED_BEFORE = re.compile(
    rf"(?i)(?:(?:^|[^\w])(?:[\w-]+[ \t]+){{0,2}}{_MARKER_WORD}(?:[ \t_-]?{_FIELD_WORD})?[\"'`]?[ \t]*[:=][ \t]*[\"'`]?"
    r"|(?:^|[^\w])(?:e\.g\.|for example|for instance|such as|z\.[ \t]?B\.|p\.[ \t]?ex\.|por ejemplo|ad esempio|"
    rf"par exemple|bijvoorbeeld|bv\.)[,:]?[ \t]*(?:{_FIELD_WORD}[ \t]*[:=][ \t]*)?[\"'`]?"
    r"|(?:記入例|見本|サンプル)[ \t]*[:：]?[ \t]*|例[:：][ \t]*|[(（]例[)）][ \t]*)$"
)
_ATTACHED_AFTER = re.compile(
    rf"(?i)[\"'`]?[ \t]*[(（][ \t]*{_MARKER_WORD}(?:[ \t_-]?{_FIELD_WORD}|[ \t]+only)?[ \t]*[)）]"
)
# a placeholder street or town (German `Muster…`, English `Any…`)
_PLACEHOLDER_PLACE = re.compile(r"(?i)muster(?:stra(?:ss|ß)e|str\.|stadt|hausen|dorf)|\bany(?:town|ville)\b")
# the town field right after an address, on its line (`, 12345 Musterstadt`, `, Anytown`)
_PLACE_AFTER = re.compile(
    r"(?i)(?:,[ \t]*|[ \t]+)(?:[A-Z]{0,2}-?\d{4,5}[ \t]+)?(?:muster(?:stadt|hausen|dorf)|any(?:town|ville))\b"
)
_WORD = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*")
_BEFORE = 80  # characters before a name where its sample label is read


def _plain(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


# a fixture's literal: the name a quoted string inside the list or object a sample label opens on
# the same line (`fixtures: [{"name": "…"}, …]`), before that list closes
_IN_SAMPLE_LIST = re.compile(
    rf"(?i)(?:^|[^\w])(?:[\w-]+[ \t]+){{0,2}}{_MARKER_WORD}(?:[ \t_-]?{_FIELD_WORD})?\\?[\"'`]?[ \t]*[:=][ \t]*"
    r"[\[{][^\n\]]{0,200}\\?[\"']$"
)
_QUOTE_AFTER = re.compile(r"\\?[\"']")
_LIST_REACH = 240  # characters before a name where the sample list's label is read


def _attached(text: str, start: int, end: int) -> bool:
    lo = line_start(text, start, _BEFORE)
    if _ATTACHED_BEFORE.search(text[lo:start]) is not None or _ATTACHED_AFTER.match(text, end) is not None:
        return True
    if _QUOTE_AFTER.match(text, end) is None:
        return False
    lo = line_start(text, start, _LIST_REACH)
    return _IN_SAMPLE_LIST.search(text[lo:start]) is not None


def specimen_name(text: str, start: int, end: int) -> bool:
    """Whether the name at start:end is a whole standard specimen pair with a sample marker
    attached to it."""
    value = text[start:end]
    if value.strip() in _CJK_SPECIMENS:
        return _attached(text, start, end)
    words = [_plain(w) for w in _WORD.findall(value)]
    if len(words) < 2:
        return False
    specimen = (words[-1] in _SPECIMEN_SURNAMES and len(words) == 2) or (words[0], " ".join(words[1:])) in _PAIRS
    return specimen and _attached(text, start, end)


def specimen_address(text: str, start: int, end: int) -> bool:
    """Whether the address at start:end lies in a placeholder street or town: inside the address,
    or as its town field right after it on the same line."""
    return _PLACEHOLDER_PLACE.search(text, start, end) is not None or _PLACE_AFTER.match(text, end) is not None
