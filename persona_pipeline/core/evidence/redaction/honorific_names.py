"""A given name before a Turkish honorific that follows it: `Ayşe Hanım`, `Burak Bey`.

Turkish writes its forms of address after the given name alone (`Bey` for a man, `Hanım` or
`Hanımefendi` for a woman: Göksel & Kerslake, *Turkish: A Comprehensive Grammar*, on forms of
address), so a letter greets `Sayın Ayşe Yılmaz` and then goes on with
`Ayşe Hanım`: the given name alone, which no full-name rule reads. The honorific is capitalised
after a capitalised word; the word must have a name's shape (one capital, then lowercase letters)
and be no everyday English word (`Ottoman Bey` in a history text stays, as does a title).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.spans import Span

# (Python `re`: one bounded word, a blank run and a fixed word: linear on any input)
_POSTFIX = re.compile(
    r"(?<![\w'-])([A-ZÇĞİÖŞÜ][a-zçğıöşüâîû]{1,24})[ \t\u00a0]{1,4}(?:Bey|Beyefendi|Hanım|Hanımefendi)(?![\w-])"
)


def honorific_name_spans(text: str) -> Iterator[Span]:
    if "Bey" not in text and "Hanım" not in text:
        return  # (the common case: one C-speed search for each word)
    from persona_pipeline.core.evidence.redaction.pii import everyday_words  # (pii imports this module)

    for m in _POSTFIX.finditer(text):
        if everyday_words([m[1]])[0]:
            continue  # (an everyday English word that is no listed name)
        yield Span(m.start(1), m.end(1), "person_name")
