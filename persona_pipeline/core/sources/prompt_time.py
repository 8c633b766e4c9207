"""A time an agent wrote into a prompt as text (Cursor's `<timestamp>` block), read tolerantly.

Shapes seen in public fixtures of Cursor's transcripts: `Monday, Aug 24, 2026, 3:01 PM (UTC-5)`
and the date alone, `Monday, Sep 28, 2026`. Accepted too: ISO 8601, epoch seconds or
milliseconds, a full month name, `GMT`, `UTC+05:30`, a 24-hour clock. Anything else is None (the
caller keeps its own time): a time is never guessed.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from persona_pipeline.core.sources.chat_turns import iso_from_epoch

MAX_CHARS = 200  # a longer block is not a timestamp
_MONTHS = {
    m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)
}
_HUMAN = re.compile(
    r"(?:[A-Za-z]{3,9}\.?,?\s+)?"  # the weekday
    r"(?P<mon>[A-Za-z]{3,9})\.?\s+(?P<day>\d{1,2}),?\s+(?P<year>\d{4})"
    r"(?:,?\s+(?:at\s+)?(?P<h>\d{1,2}):(?P<m>\d{2})(?::(?P<s>\d{2}))?\s*(?P<ampm>[AaPp]\.?[Mm]\.?)?)?"
    r"(?:\s*\(?\s*(?:UTC|GMT|Z)\s*(?:(?P<sign>[+-])(?P<oh>\d{1,2})(?::?(?P<om>\d{2}))?)?\s*\)?)?\s*"
)


def parse(text: str) -> tuple[str, bool] | None:
    """(ISO-8601 UTC time, whether it holds a time of day) for a timestamp's text, or None."""
    s = text.strip()
    if not s or len(s) > MAX_CHARS:
        return None
    if s.isdigit():
        iso = iso_from_epoch(int(s))
        return (iso, True) if iso is not None else None
    when = _iso(s)
    if when is not None:
        return _fmt(when), True
    m = _HUMAN.fullmatch(s)
    if m is None:
        return None
    month = _MONTHS.get(m["mon"][:3].lower())
    if month is None:
        return None
    try:
        when = datetime(int(m["year"]), month, int(m["day"]), tzinfo=UTC)
    except ValueError:
        return None
    if m["h"] is None:
        return _fmt(when), False
    hour, minute, second = int(m["h"]), int(m["m"]), int(m["s"] or 0)
    if m["ampm"]:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if m["ampm"][0] in "Pp" else 0)
    if hour > 23 or minute > 59 or second > 59:
        return None
    offset = timedelta(hours=int(m["oh"] or 0), minutes=int(m["om"] or 0))
    if offset > timedelta(hours=14):
        return None
    local = when.replace(hour=hour, minute=minute, second=second)
    return _fmt(local - offset if m["sign"] != "-" else local + offset), True


def _iso(s: str) -> datetime | None:
    if not s[:4].isdigit():
        return None
    try:
        when = datetime.fromisoformat(s)
    except ValueError:
        return None
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when  # no zone written: read as UTC


def _fmt(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond // 1000:03d}Z"


def turn_time(text: str, fallback: str | None) -> str | None:
    """The time of a turn whose `<timestamp>` says `text`; `fallback` (the chat's creation) when
    it says nothing readable, or names only a day that `fallback` falls on (a closer time)."""
    parsed = parse(text)
    if parsed is None:
        return fallback
    iso, has_time = parsed
    if not has_time and fallback is not None and fallback[:10] == iso[:10]:
        return fallback
    return iso
