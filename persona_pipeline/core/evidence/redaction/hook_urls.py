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
from collections.abc import Callable, Iterator

from persona_pipeline.core.evidence.redaction import kv
from persona_pipeline.core.evidence.redaction.spans import Span

# (path segments are separated by `/`, which no segment holds: linear)
_HOOK_URL = re.compile(
    r"\bhttps?://(?:hooks?\.[A-Za-z0-9.-]{1,200}|[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?"
    r"(?:/[A-Za-z0-9._~%-]{1,64}){0,6}?/(?i:hooks?|webhooks?|deploy(?:[_-]?hooks?)?|triggers?))"
    r"(/[^\s\"'`<>\\#]{1,400}|\?[^\s\"'`<>\\#]{1,400})"
)
# (a fragment, `#sha256=…`, is never sent to the server: no credential of the hook's)
_HOOK_GATE = re.compile(r"(?i)hook|deploy|trigger")  # (read in each URL's head before the URL pattern)
# the characters a URL's host and path may hold up to its hook word (the pattern's classes, `:`
# and `/`): the hook word of a match stands in this run right after its `://`
_URL_HEAD = re.compile(r"[A-Za-z0-9._~%:/-]*")
_HOOK_WORD = re.compile(r"(?i:hooks?|webhooks?|deploy(?:[_-]?hooks?)?|triggers?)")
_PART = re.compile(r"[A-Za-z0-9_-]{8,}")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def _named(segment: str) -> bool:
    """A path segment that is a word, a slug or a file's name rather than an id or a secret."""
    return segment.isalpha() or kv.slug_like(segment)


def _filler(part: str) -> bool:
    """A documentation template's stand-in: one character repeated, after a letter at most (Slack's
    `T00000000/B00000000/XXXXXXXX…`, a `0000…` id). A generated part has many distinct characters."""
    return len(set(part[1:].lower())) == 1


def _secret_parts(rest: str, base: int, generated: Callable[[str], bool]) -> list[Span]:
    out: list[Span] = []
    for p in _PART.finditer(rest):
        if _filler(p[0]) or kv.slug_like(p[0]):
            continue  # `T00000000`, `XXXXXXXX`: a template's stand-in; `build-2024-03`: a name
        if generated(p[0]) or _UUID.fullmatch(p[0]):
            out.append(Span(base + p.start(), base + p.end(), "webhook_url"))
    return out


def hook_url_spans(text: str, generated: Callable[[str], bool]) -> list[Span]:
    """The secret parts of the hook URLs in `text` (`generated` judges a part's look)."""
    if "://" not in text:
        return []
    out: list[Span] = []
    for m in _hook_urls(text):
        rest, base = m[1], m.start(1)
        path, _, query = rest.partition("?")
        segments = path.split("/")[1:]
        while segments and _HOOK_WORD.fullmatch(segments[0]):
            segments = segments[1:]  # (`/webhooks/deploy_hooks/<id>`: hook words in a row)
        if rest[0] == "/" and not m[0].split("://", 1)[1].startswith("hook") and (not segments or _named(segments[0])):
            # a path's `deploy`/`hooks` segment names a hook by the id or secret after it; a word
            # there (`…/deploy/commit/<sha>`, `…/triggers/nightly-build-2024`, a file's name) makes
            # it a repository's, a job's or a package's path, and only a query parameter named for
            # a secret (`…/webhook/send?key=…`, `…/trigger/pipeline?token=…`) carries one
            at = base + len(path) + 1
            for pair in query.split("&"):
                name, eq, value = pair.partition("=")
                if eq and kv.key_strength(name) > 0:
                    out.extend(_secret_parts(value, at + len(name) + 1, generated))
                at += len(pair) + 1
            continue
        out.extend(_secret_parts(rest, base, generated))
    return out


def _hook_urls(text: str) -> Iterator[re.Match[str]]:
    """`_HOOK_URL.finditer(text)`'s matches, the pattern tried only where it can match: at an
    `http://` or `https://` whose host and path hold a hook word (one `str.find` per URL, where
    the pattern's scan stepped through every character of a text dense with URLs)."""
    end = 0
    i = text.find("://")
    while i >= 0:
        start = i - 5 if text.startswith("https", i - 5) else i - 4
        if start >= end and text.startswith("http", start) and _HOOK_GATE.search(_URL_HEAD.match(text, i + 3)[0]):
            m = _HOOK_URL.match(text, start)  # (`\b` reads the character before `start`, as the scan did)
            if m is not None:
                yield m
                end = m.end()
        i = text.find("://", i + 3)
