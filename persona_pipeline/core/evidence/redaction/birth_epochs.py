"""Dates of birth stored as a Unix time: `"birthDate": 512179200000`, `birth_ts=512179200`, .NET's
`"DateOfBirth": "\\/Date(512179200000)\\/"`.

Policy: a key that names a birth time (date of birth, birth date, birthday, birth time/timestamp/
epoch, dob and those with a suffix such as `_ts`, `_ms`, `_epoch`) holds a person's date of birth
whatever its encoding; an integer after it is read as Unix seconds (up to ten digits) or
milliseconds (eleven to thirteen, or any JSON date of .NET's `/Date(…)/`), and redacted when that
instant falls in the birth range `birth_dates` uses (1900 up to three years ago). Not personal,
and left alone: the same integers under any other key (`created`, `exp`, `iat`: an event's time),
a birth key whose number is no instant in that range (a count, an id: `birth_ts: 42`), and keys
that only mention birth as a place or a country (`birthplace_id`: no time suffix).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

_TIME_SUFFIX = r"(?:[ _-]?(?:date|day|time|timestamp|ts|epoch|unix|ms|millis|seconds|secs|utc))?"
_KEY = rf"(?:date[ _-]?of[ _-]?birth|birth[ _-]?(?:date|day|time|timestamp|ts|epoch|unix|instant)|dob){_TIME_SUFFIX}"
# a conversion of a Unix time to a date, as SQL dialects and languages write it (PostgreSQL's
# `to_timestamp`, MySQL's `FROM_UNIXTIME`, BigQuery's `TIMESTAMP_SECONDS`/`_MILLIS`, SQLite's
# `datetime(…, 'unixepoch')`, Python's `fromtimestamp`, JavaScript's `new Date(`)
_CONVERT = r"(?:to_timestamp|from_unixtime|timestamp_(?:seconds|millis)|datetime|(?:utc)?fromtimestamp|new[ \t]+Date)\("
# the key (a prefix of the key's own may come first: `user_birth_ts`, `patientBirthDate`; a whole
# segment of it, see `_segment`), a quote,
# a separator, a quote, .NET's `\/Date(` or a conversion, and the integer (`-` before 1970)
BIRTH_EPOCH = Rx(
    rf"(?i)\b([a-z0-9_]*?)({_KEY})"
    rf"\\?[\"']?[ \t]*[:=][ \t]*\\?[\"']?(?:\\?/Date\(|[a-z_.]{{0,16}}?{_CONVERT}[ \t]*)?(-?\d{{1,13}})\b"
)
_MIN = dt.datetime(1900, 1, 1, tzinfo=dt.UTC)
_YOUNGEST_YEARS = 3


def _instant(raw: str, dotnet: bool) -> dt.datetime | None:
    n = int(raw)
    digits = len(raw.lstrip("-"))
    millis = dotnet or digits >= 11
    if digits < 8 and not dotnet:
        return None  # (a small count: no birth instant is written this short in seconds)
    try:
        return dt.datetime.fromtimestamp(n / 1000 if millis else n, tz=dt.UTC)
    except (OverflowError, OSError, ValueError):
        return None


def plausible_instant(raw: str, dotnet: bool = False) -> bool:
    """Whether the integer, read as Unix seconds or milliseconds, is in the birth range."""
    t = _instant(raw, dotnet)
    if t is None:
        return False
    today = dt.datetime.now(dt.UTC)
    return _MIN <= t <= today.replace(year=today.year - _YOUNGEST_YEARS, month=1, day=1)


def _segment(text: str, key_start: int, prefix_start: int) -> bool:
    """Whether the birth key is a whole segment of its identifier: nothing before it, or a `_`/`-`
    or a camel-case hump (`owner_birth_ts`, `ownerBirthTs`), not a word's tail (`rebirth_time`)."""
    if key_start == prefix_start:
        return True
    before, first = text[key_start - 1], text[key_start]
    return before in "_-" or (first.isupper() and (before.islower() or before.isdigit()))


def birth_epoch_spans(text: str) -> Iterator[Span]:
    for (start, _), (p0, _p1), (k0, _k1), (v0, v1) in BIRTH_EPOCH.finditer(text):
        if not _segment(text, k0, p0):
            continue
        dotnet = "Date(" in text[start:v0]
        if plausible_instant(text[v0:v1], dotnet):
            yield Span(v0, v1, "date_of_birth")
