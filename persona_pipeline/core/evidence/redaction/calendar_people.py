"""The people of an iCalendar event, read by the properties RFC 5545 names for them.

`ORGANIZER` and `ATTENDEE` (RFC 5545 sections 3.8.4.3 and 3.8.4.1) are calendar users; their `CN`
parameter (section 3.2.2, "common name") is the user's name, e.g. `ATTENDEE;ROLE=REQ-PARTICIPANT;
CN="Ana Ruiz":mailto:…` (the address is the e-mail rules'). A `CUTYPE` of GROUP, RESOURCE, ROOM or
UNKNOWN (section 3.2.3) is no individual and is left. The value must read as a name: a letter past
ASCII and no digit, or, in ASCII, `pii.person_cell`'s reading (`Release Calendar`, a team's name,
is none). A content line may sit in an escaped string (its view is read) or behind a log's prefix.
One regex pass, its repetitions bounded: linear.
"""

from __future__ import annotations

import re

from persona_pipeline.core.evidence.redaction.person_records import plausible_value
from persona_pipeline.core.evidence.redaction.spans import Span

# the property, its parameters up to the value's `:` (quoted parameter values may hold `;`), and the
# CN parameter's value among them
_USER = re.compile(
    r"(?<![A-Za-z-])(?:ORGANIZER|ATTENDEE)((?:;[^:;\n\"]{0,80}(?:\"[^\"\n]{0,120}\")?){0,12}?);CN="
    r"(?:\"([^\"\n]{1,120})\"|([^;:\n\"]{1,120}))"
)
_RESOURCE = re.compile(r"[^:\n]{0,120}:mailto:[^@\s]{1,80}@resource\.calendar\.google\.com", re.I)
_NOT_INDIVIDUAL = re.compile(r"(?i);CUTYPE=(?:GROUP|RESOURCE|ROOM|UNKNOWN)")


def calendar_people_spans(text: str) -> list[Span]:
    if "CN=" not in text or ("ORGANIZER" not in text and "ATTENDEE" not in text):
        return []
    out = []
    for m in _USER.finditer(text):
        g = 2 if m.start(2) >= 0 else 3
        a, b = m.span(g)
        value = text[a:b].rstrip("\\ ").strip()
        if not value or _NOT_INDIVIDUAL.search(text, m.start(), _param_end(text, m.end())) is not None:
            continue
        if not _name(value) or _RESOURCE.match(text, m.end(), m.end() + 200) is not None:
            continue  # (a room's calendar: Google Workspace gives rooms `…@resource.calendar.google.com`)
        a += len(text[a:b]) - len(text[a:b].lstrip())
        out.append(Span(a, a + len(value), "person_name"))
    return out


def _param_end(text: str, pos: int) -> int:
    """Where the parameters after `pos` end (the value's `:`), within the line."""
    end = text.find(":", pos, pos + 400)
    return end if end >= 0 else pos


def _name(value: str) -> bool:
    if not plausible_value("person_name", value):
        return False
    if not value.isascii():
        return True
    from persona_pipeline.core.evidence.redaction.pii import person_cell

    value = value.replace("\\,", ",")
    # (Outlook and Exchange write a display name `Surname, Given` (Microsoft's "Last, First" display
    # format): read in the given-name-first order the name readers know)
    surname, comma, given = value.partition(",")
    if comma and "," not in given and given.strip() and surname.strip():
        return person_cell(f"{given.strip()} {surname.strip()}")
    return person_cell(value)
