"""The id half of an access key pair, redacted beside its secret.

An access key id alone is an id (it appears in logs, bills and policies); with its secret beside it
the two are the credential, as a Twilio SID with its auth token (`secrets.near_id_spans`). Cloud
providers name the pair alike (AWS `aws_access_key_id` / `aws_secret_access_key`, S3-compatible
stores, Alibaba `AccessKeyId` / `AccessKeySecret`, Backblaze B2's application key and its id, the
AK/SK pairs of Huawei Cloud and others): so an
`access key [id]` label whose value looks generated, in the paragraph of a secret already found,
is redacted too. Linear: one search for the label, a bounded value read after each hit.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable

from persona_pipeline.core.evidence.redaction.spans import Span

# the label, then a separator (`=`, `:`, a flag's or a store command's space), then the value
# (an application key's id, Backblaze B2's `applicationKeyId` / `B2_APPLICATION_KEY_ID`; the `AK`
# of an AK/SK pair, Huawei Cloud's `HUAWEICLOUD_SDK_AK` beside `HUAWEICLOUD_SDK_SK`)
_LABEL = re.compile(
    r"(?i)(?:access[_.-]?key(?:[_.-]?id)?|application[_.-]?key[_.-]?id)(?![A-Za-z])|(?<![A-Za-z])AK(?![A-Za-z])"
)
_VALUE = re.compile(r"""\\?["']?[ \t]*(?:[:=][ \t]*|[ \t]+)\\?["']?([A-Za-z0-9+/_-]{12,128})(?![A-Za-z0-9+/_-])""")
# a URL query's key run ending where the label starts (`?AWSAccessKeyId`, `&access_key`)
_QUERY_KEY = re.compile(r"[?&][A-Za-z0-9_.-]*\Z")
_GATE = ("ccess", "CCESS", "pplication", "PPLICATION", "AK")  # (a label's letters, before the search)
_REACH = 240  # the paragraph's reach each side of the id, as for Twilio's pair
_SECRET_KINDS = frozenset(("password", "api_key", "env_secret", "aws_secret_key", "cli_secret", "secret"))


def pair_id_spans(
    text: str,
    spans: list[Span],
    paragraph: Callable[[str, int, int, int], tuple[int, int]],
    generated: Callable[[str], bool],
) -> list[Span]:
    """Spans of access key ids standing in the paragraph of a secret span of `spans`. Only the
    windows around the secrets are searched (a text's secrets are few: the search stays small)."""
    secrets = sorted((s.start, s.end) for s in spans if s.kind in _SECRET_KINDS)
    # indexes for the two tests per label hit, each a bisection (a scan of every span per hit was
    # quadratic on a long text of many pairs): spans by start with the largest end so far, and
    # secrets by start with the smallest end from there on
    by_start = sorted((s.start, s.end) for s in spans)
    starts = [x for x, _ in by_start]
    reach: list[int] = []
    for _, y in by_start:
        reach.append(max(y, reach[-1]) if reach else y)
    sec_starts = [x for x, _ in secrets]
    first_end = [0] * len(secrets)
    for i in range(len(secrets) - 1, -1, -1):
        first_end[i] = min(secrets[i][1], first_end[i + 1]) if i + 1 < len(secrets) else secrets[i][1]
    windows: list[list[int]] = []
    for a, b in secrets:
        lo, hi = max(0, a - 2 * _REACH), min(len(text), b + 2 * _REACH)
        if windows and lo <= windows[-1][1]:
            windows[-1][1] = max(windows[-1][1], hi)
        else:
            windows.append([lo, hi])
    out: list[Span] = []
    for lo, hi in windows:
        if not any(text.find(w, lo, hi) >= 0 for w in _GATE):
            continue
        for m in _LABEL.finditer(text, lo, hi):
            v = _VALUE.match(text, m.end(), min(len(text), m.end() + 160))
            if v is None or _QUERY_KEY.search(text, max(0, m.start() - 40), m.start() + 1) is not None:
                continue  # (a signed URL's `?AWSAccessKeyId=…&Signature=…`: the signature is no key)
            a, b = v.span(1)
            k = bisect_left(starts, b)  # the spans starting before the value ends
            if not generated(text[a:b]) or (k and reach[k - 1] > a):
                continue  # a word or a name; or found already (the secret's own label: `access_key=`)
            plo, phi = paragraph(text, a, b, _REACH)
            k = bisect_left(sec_starts, plo)  # a secret from plo on ending by phi lies inside
            if k < len(secrets) and first_end[k] <= phi:
                out.append(Span(a, b, "access_key_id"))
    return out
