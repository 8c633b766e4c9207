"""libphonenumber's verdict on one candidate read in one region, cached: pii's national formats
and intl_formats' grouped shapes try the same candidates in overlapping regions (ES, IT, AU)."""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=16384)
def valid_region(raw: str, region: str | None) -> str | None:
    """The region a valid number belongs to ("ZZ" when libphonenumber names none), with `raw` read
    as dialled in `region` (None: only a `+cc` number parses); None when it is no valid number."""
    import phonenumbers

    try:
        num = phonenumbers.parse(raw, region)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(num):
        return None
    return phonenumbers.region_code_for_number(num) or "ZZ"


# a group of two to four digits and one space right before a candidate, after no digit and no `+`
# (one digit is a trunk prefix, the number's own: `8 029 …`, `1 415 …`)
_GROUP_BEFORE = re.compile(r"(?<![\d+])\d{2,4} $")


def leading_group(text: str, start: int) -> bool:
    """Whether a digit group stands right before a candidate at `start` (`51 ` before `824 753
    556`): the candidate is then the tail of a longer grouped number (a business number, a
    reference). Were the whole run a phone, the detectors' own candidate from its start holds it."""
    return _GROUP_BEFORE.search(text, max(0, start - 5), start) is not None


_COLUMN_GAP = re.compile(r"[ \t]{2,}|\t")


def column_cut(raw: str) -> str:
    """`raw` up to its first run of two blanks or a tab: a number's groups are parted by one
    separator, a run of blanks parts a table's columns (`phone` heading an aligned table labels
    its column, not the cells that open the row below; those would read otherwise once a later
    cell of the row is a placeholder, and redacting twice would change the text)."""
    m = _COLUMN_GAP.search(raw)
    return raw if m is None else raw[: m.start()]
