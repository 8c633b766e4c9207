"""Whether an address is a place's or an organisation's, not a person's.

A street address is personal data when it says where someone lives; the address of a company's
office, a museum, a station or a stadium is published for anyone to find. The text says which
when it attributes the address just before it: to a place or an organisation by a category noun
(`the museum is at …`, `headquarters: …`, `siège social : …`) or to a company by its registered
name with a legal form (`Initech GmbH, Hauptstraße 5, …`, an imprint or an invoice's sender).
Without such an attribution an address stays redacted: a bare address may be anyone's home.
"""

from __future__ import annotations

import re

from persona_pipeline.core.evidence.redaction.group_mailbox import legal_entity

# a category noun of a public place or an organisation's premises (English, and the registered
# seat in French, Spanish, Italian, Portuguese and German), then its copula or a colon, the
# address right after it ("the stadium is located at", "HQ:", "registered office -")
_PLACE_BEFORE = re.compile(
    r"(?i)\b(?:headquarters|head[ -]office|hq|registered[ -]office|corporate[ -]office|main[ -]office|"
    r"campus|museum|gallery|stadium|arena|airport|station|terminal|university|college|hospital|"
    r"embassy|consulate|city[ -]hall|town[ -]hall|library|cathedral|church|temple|mosque|synagogue|"
    r"zoo|theat(?:re|er)|hotel|restaurant|venue|conference[ -]cent(?:re|er)|data[ -]?cent(?:re|er)|"
    r"si[eè]ge(?:[ -]social)?|sede(?:[ -]legale|[ -]social)?|firmensitz|hauptsitz|sitz)"
    r"(?:'s)?(?:[ \t]+(?:is|are|was|sits|lies))?(?:[ \t]+(?:located|situated|based))?"
    r"(?:[ \t]*(?::|-|–|—|,)|[ \t]+(?:at|in|on))[ \t]*(?:at[ \t]+)?$"
)
_REACH = 80  # characters before an address where its attribution is read
_SEGMENT_END = re.compile(r"[\s,;:–—-]+$")


def place_address(text: str, start: int) -> bool:
    """Whether the address starting at `start` is attributed, right before it on its line, to a
    public place or an organisation."""
    line = max(text.rfind("\n", 0, start) + 1, start - _REACH)
    before = text[line:start]
    if _PLACE_BEFORE.search(before) is not None:
        return True
    # `Initech GmbH, ` / `Globex S.A. – `: a company's registered name ends right before it
    m = _SEGMENT_END.search(before)
    head = before[: m.start()] if m is not None else before
    return bool(head) and m is not None and legal_entity(head[-48:])
