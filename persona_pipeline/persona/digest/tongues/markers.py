"""The shape of one closed-class entry, and how a set of them is matched (issue 15).

An entry is a language, its forms and the reference grammar they come from. Forms are `regex`
fragments matched on NFKC-casefolded text; `bound` forms match inside words (scripts written
without spaces, affixes), the others only as whole words; `at` pins a form to the start of a
clause or the end of a sentence (a question particle, a clause-opening prohibitive).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from persona_pipeline.persona.digest import script

# a letter, a mark, a digit or an apostrophe continues a word
_EDGE_BEFORE = r"(?<![\p{L}\p{M}\p{N}_'])"
_EDGE_AFTER = r"(?![\p{L}\p{M}\p{N}_])"


@dataclass(frozen=True)
class Marker:
    lang: str  # ISO 639-1
    forms: tuple[str, ...]
    source: str  # the reference grammar (or Wiktionary closed-class category) listing the forms
    bound: bool = False  # matched inside words (spaceless scripts, suffixes) rather than as words
    at: Literal["any", "start", "end"] = "any"


def _fragment(m: Marker) -> str:
    alt = "|".join(m.forms)
    body = f"(?:{alt})" if m.bound else f"{_EDGE_BEFORE}(?:{alt}){_EDGE_AFTER}"
    if m.at == "start":
        return rf"^{body}"
    if m.at == "end":
        return rf"{body}$"
    return body


@cache
def pattern(markers: tuple[Marker, ...]) -> Any:
    """One compiled alternation of every marker's forms."""
    return script.compile_("|".join(f"(?:{_fragment(m)})" for m in markers))


def langs(markers: tuple[Marker, ...]) -> frozenset[str]:
    return frozenset(m.lang for m in markers)
