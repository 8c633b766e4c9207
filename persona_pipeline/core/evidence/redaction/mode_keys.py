"""A payment provider's secret key by its documented shape alone: the account mode as its prefix,
`test_` or `live_`, then the key's random body (Mollie's API keys: `test_`/`live_` and 30
alphanumerics; YooKassa's secret keys: `test_`/`live_` and 43 base64url characters). Such a key is
often pasted bare, on its own line under a label in the writer's language or with none: the
prefix and a generated body name it, whatever the words around it (a label would only confirm).

A test fixture's or a function's name has the same prefix but a body of words (`test_parse_utf8`,
`live_reload_enabled`): the body must read as generated, its cases and digits mixed, no words.

One anchored, bounded pattern: linear.
"""

from __future__ import annotations

import re

from persona_pipeline.core.evidence.redaction.english_words import english_word_list
from persona_pipeline.core.evidence.redaction.spans import Span

# (the prefix starts a token: not `latest_…`, `olive_…`; the body ends it)
_MODE_KEY = re.compile(r"(?<![\w-])(?:test|live)_([A-Za-z0-9_-]{28,64})(?![\w-])")
# a body's words as an identifier writes them: a capital and its small letters, a run of capitals
# (an acronym), a run of small letters (`handlesUTF8Encoding` reads `handles`, `UTF`, `Encoding`)
_HUMPS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _identifier(body: str) -> bool:
    """A body made of words: two English words of four letters and more (wordfreq's Zipf 3 list,
    `english_words`), the way a test's or a setting's name is (`handlesUTF8EncodingForMultiByte`);
    a random body holds one by chance at most."""
    words = english_word_list()
    return sum(1 for w in _HUMPS.findall(body) if len(w) >= 4 and w.lower() in words) >= 2


def mode_key_spans(text: str) -> list[Span]:
    """Each `test_`/`live_` key whose body reads as generated: capitals, small letters and digits
    mixed (Mollie's documented example has two digits in thirty), and no identifier's words."""
    if "test_" not in text and "live_" not in text:
        return []
    out = []
    for m in _MODE_KEY.finditer(text):
        body = m[1]
        uppers = sum(map(str.isupper, body))
        lowers = sum(map(str.islower, body))
        digits = sum(map(str.isdigit, body))
        if uppers >= 3 and lowers >= 3 and digits >= 2 and not _identifier(body):
            out.append(Span(m.start(), m.end(), "api_key"))
    return out
