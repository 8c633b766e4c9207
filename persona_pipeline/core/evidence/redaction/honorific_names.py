"""A given name before a Turkish honorific that follows it: `Ayşe Hanım`, `Burak Bey`.

Turkish writes its forms of address after the given name alone (`Bey` for a man, `Hanım` or
`Hanımefendi` for a woman: Göksel & Kerslake, *Turkish: A Comprehensive Grammar*, on forms of
address), so a letter greets `Sayın Ayşe Yılmaz` and then goes on with
`Ayşe Hanım`: the given name alone, which no full-name rule reads. The honorific is capitalised
after a capitalised word; the word must have a name's shape (one capital, then lowercase letters)
and be no everyday English word. A capitalised word after the honorific makes the three a place's
or a thing's name (`Eski Bey Konağı`, `Kapitan Bey Street`), and an article before them a title's
use (`the Ottoman Bey ruled`): both stay.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.spans import Span

# (Python `re`: one bounded word, a blank run and a fixed word: linear on any input)
_POSTFIX = re.compile(
    r"(?<![\w'-])([A-ZÇĞİÖŞÜ][a-zçğıöşüâîû]{1,24})[ \t\u00a0]{1,4}(?:Bey|Beyefendi|Hanım|Hanımefendi)(?![\w-])"
    # (the next word, when a capitalised one follows: a place's name)
    r"(?:[ \t\u00a0]{1,4}(\w))?"
)
# an article before the word: a title's use in English prose (`the Ottoman Bey`, `a Bey`)
_ARTICLE_BEFORE = re.compile(r"(?i)(?:^|[^\w])(?:the|a|an|this|that)[ \t\u00a0]{1,4}$")


def honorific_name_spans(text: str) -> Iterator[Span]:
    if "Bey" not in text and "Hanım" not in text:
        return  # (the common case: one C-speed search for each word)
    from persona_pipeline.core.evidence.redaction.pii import everyday_words  # (pii imports this module)

    for m in _POSTFIX.finditer(text):
        if everyday_words([m[1]])[0]:
            continue  # (an everyday English word that is no listed name)
        if m[2] is not None and m[2].isupper():
            continue  # `Eski Bey Konağı`: a place's name
        if _ARTICLE_BEFORE.search(text, max(0, m.start(1) - 8), m.start(1)) is not None:
            continue
        yield Span(m.start(1), m.end(1), "person_name")
