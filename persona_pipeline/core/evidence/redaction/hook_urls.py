"""Webhook and deploy-hook URLs: the URL is the credential.

An incoming webhook (chat, automation, CI/CD deploy trigger) authenticates by its URL alone:
whoever holds it can post or deploy. Services put the secret in the path after a `hook`,
`webhook`, `deploy` or `trigger` segment, in a `key`/`token` query parameter there, or under a
host named for hooks (`hook.<region>.<service>`). The URL's generated-looking parts after that
point are redacted, its words (`/send`, `/v2/`) kept; a hook's number alone (a repository's
`/hooks/42` in an API path) is no secret.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from persona_pipeline.core.evidence.redaction.spans import Span

# (path segments are separated by `/`, which no segment holds: linear)
_HOOK_URL = re.compile(
    r"\bhttps?://(?:hooks?\.[A-Za-z0-9.-]{1,200}|[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?"
    r"(?:/[A-Za-z0-9._~%-]{1,64}){0,6}?/(?i:hooks?|webhooks?|deploy(?:[_-]?hooks?)?|triggers?))"
    r"(/[^\s\"'`<>\\]{1,400}|\?[^\s\"'`<>\\]{1,400})"
)
_PART = re.compile(r"[A-Za-z0-9_-]{8,}")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def _filler(part: str) -> bool:
    """A documentation template's stand-in: one character repeated, after a letter at most (Slack's
    `T00000000/B00000000/XXXXXXXX…`, a `0000…` id). A generated part has many distinct characters."""
    return len(set(part[1:].lower())) == 1


def hook_url_spans(text: str, generated: Callable[[str], bool]) -> list[Span]:
    """The secret parts of the hook URLs in `text` (`generated` judges a part's look)."""
    if "://" not in text:
        return []
    out: list[Span] = []
    for m in _HOOK_URL.finditer(text):
        for p in _PART.finditer(m[1]):
            if _filler(p[0]):
                continue  # `T00000000`, `XXXXXXXX`: a template's stand-in, no secret
            if generated(p[0]) or _UUID.fullmatch(p[0]):
                out.append(Span(m.start(1) + p.start(), m.start(1) + p.end(), "webhook_url"))
    return out
