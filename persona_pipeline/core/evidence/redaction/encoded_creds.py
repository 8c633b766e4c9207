"""HTTP Basic credentials known by what they decode to, with no `Basic` before them.

RFC 7617's credentials are `base64(user-id ":" password)`. A header pasted without its name, a
value copied out of a `.docker/config.json`'s `auth`, a token in prose in any language: the label
is gone, but the base64 still decodes to a user name, a colon and a password, which random bytes,
hashes and base64 images almost never do (every byte printable, a name's characters before the
colon, no space after it).
"""

from __future__ import annotations

import base64
import binascii
import re

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

# a whole base64 run (standard alphabet, padded or not), 12 to 512 characters
_RUN = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{12,512}={0,2}(?![A-Za-z0-9+/=])")
_USER = re.compile(rb"[A-Za-z0-9._@+-]{1,64}")
_PASSWORD = re.compile(rb"[!-~]{6,256}")  # printable, no space
# a word, maybe with a closing mark: no password a generator or a person picking one would keep
_WORDISH = re.compile(rb"[A-Za-z]+[.!?,;]*")
_HEXISH = re.compile(rb"[0-9a-fA-F]{8,}")


# the first character of every base64 quad that encodes three ASCII bytes (its sextet is the top
# six bits of a byte below 0x80: 0-31, `A`-`Z` and `a`-`f`): a cheap test before decoding, since
# `user:password` is all printable ASCII and most base64-alphabet runs (digests, ids, paths) are not
_ASCII_LEADS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef")


def decodes_to_credentials(value: str) -> bool:
    """Whether `value` is the base64 of `user:password`."""
    if len(value) % 4 or not _ASCII_LEADS.issuperset(value[::4]):
        return False
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return False
    user, colon, pw = raw.partition(b":")
    return (
        bool(colon)
        and _USER.fullmatch(user) is not None
        and _PASSWORD.fullmatch(pw) is not None
        and not pw.startswith(b"/")  # (`http://…`, `file:///…`: a URL, no credential)
        and not user.isdigit()  # (`12:30:00`, `3:abc…`: a time or a count)
        and not pw.isdigit()  # (`Repository:8123`, a GraphQL node id: a type and a number)
        and not _WORDISH.fullmatch(pw)  # (`Note:hello!`, `TODO:cleanup`: a label and a word)
        and not _HEXISH.fullmatch(pw)  # (`sha1:0a1b…`: an algorithm and a digest)
    )


# The `_RUN` matches `decodes_to_credentials` can accept, in one RE2 pass: whole quads each led by
# an `_ASCII_LEADS` character, the last maybe padded, at most 512 characters (`_RUN` caps the run
# before its padding at 512, and a length that is a multiple of 4 fits that cap only at 512 or
# less). Its start is a run's (a non-alphabet character or the text's start before it); that the
# run ends there, and `_RUN`'s 12 characters before the padding, are checked after it (RE2 has no
# lookahead), so a match kept is exactly a `_RUN` match that passes the length and lead tests.
# (`_RUN` tried every position in Python's engine: ~4% of the shared bench's CPU.)
_L, _X = "[A-Za-f]", "[A-Za-z0-9+/]"
_QUADS = Rx(rf"(?:^|[^A-Za-z0-9+/=])((?:{_L}{_X}{{3}}){{2,127}}(?:{_L}{_X}{{3}}|{_L}{_X}{{2}}=|{_L}{_X}==))")
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")


def basic_credential_spans(text: str) -> list[Span]:
    """The base64 `user:password` runs in `text`."""
    if "\x1b[" in text:  # (a fold blanks a control sequence's letters and digits: `_RUN` reads them)
        return [Span(m.start(), m.end(), "basic_auth") for m in _RUN.finditer(text) if decodes_to_credentials(m[0])]
    n = len(text)
    return [
        Span(a, b, "basic_auth")
        for _, (a, b) in _QUADS.finditer(text)
        if (b == n or text[b] not in _ALPHABET)
        and len(text[a:b].rstrip("=")) >= 12
        and decodes_to_credentials(text[a:b])
    ]
