"""libphonenumber's verdict on one candidate read in one region, cached: pii's national formats
and intl_formats' grouped shapes try the same candidates in overlapping regions (ES, IT, AU)."""

from __future__ import annotations

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
