"""A person's accounts: messaging, social, payment and code-host handles.

Policy. A handle is how a person is reached or paid (`Signal: name.42`, `@name.bsky.social`, a
profile link, a cashtag, a UPI id, a code-host login a reviewer is pinged by): personal data like
an e-mail address. What is not: a bot's or an app's account (`@…bot`, `…[bot]`, an assistant's
mention), a team (`@org/team`), a channel-wide mention (`@here`), a package scope (`@types/node`), a
decorator or an at-rule (`@dataclass`, `@media`), a site's own pages (`instagram.com/explore`), a
handle on a reserved documentation domain (`.example`, `.test`) and any `@word` without a cue.

A handle is found only where its role is stated, so a code token of the same shape stays:
- after a service's name as its label, in prose or as a key (`Discord: name`, `my Signal is …`,
  `telegram_handle: …`, `"github_user": "…"`, `'…' AS payout_handle`, a schema error's `path` naming
  the key of its `received` value); a bare word needs a handle's characters (a digit, `.`, `_`, `-`,
  a leading `@`/`$`) or must end the label's line;
- as a profile link of a social or payment service (`instagram.com/name`, `paypal.me/name`);
- in a handle domain (`name.bsky.social`) or the fediverse form `@name@host.tld`;
- as an `@mention` after a mention cue (cc, ping, thanks to, assign…), in a CODEOWNERS line, before
  `on <service>`, or in a review's reviewer/assignee list.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span


def _words(s: str) -> frozenset[str]:
    return frozenset(s.split())


# services whose accounts are people's: messaging, social networks, payments, code hosts
_SERVICES = (
    r"telegram|signal|discord|whats[ _-]?app|skype|wechat|weixin|viber|threema|snapchat|kik|"
    r"instagram|insta|twitter|tiktok|mastodon|fediverse|bluesky|bsky|facebook|linkedin|reddit|"
    r"youtube|twitch|github|gitlab|bitbucket|codeberg|gitea|"
    r"venmo|cash[ _-]?app|cashtag|paypal|zelle|revolut|monzo|upi|vpa|messenger"
)
_ROLE = r"handle|user(?:[ _-]?name)?|login|account|acct|profile|tag|id|nick(?:name)?"
_HANDLE = r"[@$]?[A-Za-z0-9][A-Za-z0-9._-]{0,38}[A-Za-z0-9](?:@[a-z]{2,20}(?![.\w]))?"
# a service named as the label of what follows it, in prose
_PROSE = re.compile(
    rf"(?i)(?<![a-z0-9_])(?:{_SERVICES})(?:[ _-]?(?:{_ROLE}))?"
    r"((?:[ \t]+(?:is|ist|est|es|è|é|je|:))?[ \t]*[:=]?[ \t]*(?:\(|\"|')?)[ \t]*"
    rf"({_HANDLE})"
)
# a key naming a handle (`telegram_handle`, `githubUser`, `payout_handle`, `messenger-id`)
_KEY = rf"[\w-]*(?:(?i:{_SERVICES})[\w-]*|(?i:handle|cashtag|vpa)[\w-]*)"
_KEYED = re.compile(rf"(?<![\w-])[\"']?({_KEY})\\?[\"']?[ \t]*(?:=>|[:=])[ \t]*\\?[\"']([^\"'\\\n]{{2,64}})\\?[\"']")
_SQL_ALIAS = re.compile(rf"'([^'\n]{{2,64}})'[ \t]+(?i:as)[ \t]+({_KEY})\b")
_SCHEMA_ERROR = re.compile(
    rf"\"path\\?\"[ \t]*:[ \t]*\[\\?\"({_KEY})\\?\"\][^\n]{{0,120}}?"
    r"\"received\\?\"[ \t]*:[ \t]*\\?\"([^\"\\\n]{2,64})\\?\""
)
_REVIEWERS = re.compile(
    r"(?i)\"(?:reviewers|assignees|requested_reviewers|maintainers|owners|codeowners)\\?\""
    r"[ \t]*:[ \t]*\[([^\]\n]{2,400})\]"
)
_LIST_ITEM = re.compile(r"\\?\"([A-Za-z0-9][A-Za-z0-9-]{0,38})\\?\"")

_PROFILE = re.compile(
    r"(?i)(?<![\w.-])(?:https?://)?(?:www\.|m\.|mobile\.)?"
    r"(?:instagram\.com|facebook\.com|fb\.com|twitter\.com|x\.com|tiktok\.com/@|threads\.net/@|"
    r"linkedin\.com/in|youtube\.com/@|twitch\.tv|reddit\.com/u(?:ser)?|t\.me|wa\.me|paypal\.me|"
    r"venmo\.com(?:/u)?|cash\.app/\$|ko-fi\.com|buymeacoffee\.com|patreon\.com|bsky\.app/profile|"
    r"vk\.com|snapchat\.com/add)/?([A-Za-z0-9][A-Za-z0-9._-]{1,39})"
)
_SITE_PAGES = _words(
    "p reel reels explore home intent share i hashtag search login signup settings about help "
    "privacy terms watch results feed groups pages events messages notifications status"
)
_HANDLE_DOMAIN = re.compile(
    r"(?i)(?<![\w.-])@?[a-z0-9](?:[a-z0-9-]{0,60}[a-z0-9])?(?:\.[a-z0-9-]{1,63})*\.bsky\.social\b"
)
_FEDI = re.compile(r"(?<![\w@.])@([A-Za-z0-9_][A-Za-z0-9_.-]{0,38})@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)\b")
_DOC_HOSTS = re.compile(r"(?i)(?:^|\.)(?:example(?:\.(?:com|org|net))?|test|invalid|localhost|local)$")

_MENTION = re.compile(r"(?<![\w@/.+\\-])@([A-Za-z0-9](?:[A-Za-z0-9_-]{0,37}[A-Za-z0-9])?)(?![\w@/.-]|\.\w)")
_MENTION_CUE = re.compile(
    r"(?i)(?:(?<![a-z])(?:cc|ping(?:ing)?|paging|thanks?(?:[ \t]+to)?|thank[ \t]+you|kudos(?:[ \t]+to)?|"
    r"h/t|assign(?:ed)?(?:[ \t]+to)?|ask|reviewed[ \t]+by|review(?:er)?s?|owners?|fyi|hey|hi|@?author)"
    r"[ \t]*[:,]?[ \t]*(?:@[\w-]+[ \t,]+(?:and[ \t]+)?)*)$"
)
_ON_SERVICE = re.compile(rf"(?i)[ \t]+on[ \t]+(?:{_SERVICES}|x\b)")
# what follows a directive or annotation, not a person: a call's parenthesis, a type name in humps
_DIRECTIVE_AFTER = re.compile(r"\(|[ \t]+[A-Z][a-z0-9]+[A-Z]")
# a CODEOWNERS rule: a path pattern, then its owners
# (from the line's first column: an indented ` * @tag` is a doc comment's tag)
_OWNERS_LINE = re.compile(r"(?m)^(?:\*|[\w.*-]*/[\w./*-]*|\*\.[\w]+)(?:[ \t]+@[\w-]+)*[ \t]+$")
# bots, apps and assistants answer mentions too; they are no one's
_BOT = re.compile(r"(?i)(?:bot|\[bot\]|-?ai|-?app|-?ci|io|-?actions)$")
_KNOWN_SERVICE_ACCOUNTS = _words(
    "copilot codecov netlify vercel sonarcloud snyk stale greenkeeper imgbot gitguardian deepsource "
    "codeclimate changeset linear sentry jira allcontributors here channel everyone all team"
)
_STOP = _words(
    "the a an is are was me my our your their this that it not no yes down up here there now and or "
    "for to of on in at with by from"
)

# RE2 gates (pii's one Set pass), each a cheap superset of what one group of patterns needs: a
# service or handle word; a link, handle domain or fediverse handle; a reviewer list. Mentions
# open on an `@` alone (a Set member for their cues cost the Set pass more than their own scan)
GATES = {
    "handle_label": Rx(rf"(?i:{_SERVICES}|handle|cashtag)"),
    "handle_link": Rx(
        r"(?i:instagram|facebook|fb|twitter|x|tiktok|threads|linkedin|youtube|twitch|reddit|t|wa|paypal|venmo|"
        r"cash|ko-fi|buymeacoffee|patreon|bsky|vk|snapchat)\.(?i:com|net|tv|me|app)/|(?i:bsky\.social)"
        r"|@[A-Za-z0-9_][\w.-]*@[A-Za-z0-9-]+\."
    ),
    "handle_list": Rx(r"(?i:reviewers|assignees|maintainers|owners)"),
}


def _bot(name: str) -> bool:
    return _BOT.search(name) is not None or name.lower() in _KNOWN_SERVICE_ACCOUNTS


def _value_ok(v: str) -> bool:
    v = v.strip()
    if len(v) < 2 or v.lower() in _STOP or v.lower() in ("null", "none", "nil", "true", "false", "undefined"):
        return False
    return not any(t in v for t in ("{", "}", "<", ">", "$(", "[REDACTED", " "))


def _handle_chars(v: str) -> bool:
    return v[0] in "@$" or any(c.isdigit() or c in "._-" for c in v)


def _line_before(text: str, start: int) -> str:
    line_start = text.rfind("\n", 0, start) + 1
    before = text[max(line_start, start - 80) : start]
    i = max(before.rfind("\\n"), before.rfind("\\t"))
    return before[i + 2 :] if i >= 0 else before


def _ends_line(text: str, end: int) -> bool:
    """The handle ends its label's statement: end of line or string, a closing bracket, a comma."""
    rest = text[end : end + 3]
    return rest == "" or rest[0] in "\n\r\"'),;]" or rest.startswith(("\\n", " (")) or rest[0] == "."


def handle_spans(text: str, is_open: Callable[[str], bool] = lambda _name: True) -> Iterator[Span]:
    if is_open("handle_label"):
        yield from _labelled_spans(text)
    if is_open("handle_list"):
        for m in _REVIEWERS.finditer(text):
            for item in _LIST_ITEM.finditer(m[1]):
                if not _bot(item[1]):
                    yield Span(m.start(1) + item.start(1), m.start(1) + item.end(1), "handle")
    if is_open("handle_link"):
        yield from _link_spans(text)
    if is_open("handle_mention"):
        yield from _mention_spans(text)


def _labelled_spans(text: str) -> Iterator[Span]:
    for m in _PROSE.finditer(text):
        sep, v = m[1].strip(), m[2]
        if not _value_ok(v) or (v[0] == "@" and _bot(v[1:])) or not any(c.isalpha() for c in v):
            continue
        if v.isupper() and v[0] not in "@$" and not any(c.isdigit() for c in v):
            continue  # a constant (`signal: SIGTERM`), no one's handle (a Threema id has digits)
        if v[0] in "@$" or (sep and (_handle_chars(v) or _ends_line(text, m.end(2)))):
            yield Span(m.start(2), m.end(2), "handle")
    for m in _KEYED.finditer(text):
        if _value_ok(m[2]) and "/" not in m[2] and ":" not in m[2]:  # (a repository, a path, a URL)
            yield Span(m.start(2), m.end(2), "handle")
    for m in _SQL_ALIAS.finditer(text):
        if _value_ok(m[1]):
            yield Span(m.start(1), m.end(1), "handle")
    for m in _SCHEMA_ERROR.finditer(text):
        if _value_ok(m[2]):
            yield Span(m.start(2), m.end(2), "handle")


def _link_spans(text: str) -> Iterator[Span]:
    for m in _PROFILE.finditer(text):
        if m[1].lower() not in _SITE_PAGES:
            yield Span(m.start(), m.end(), "handle")
    for m in _HANDLE_DOMAIN.finditer(text):
        yield Span(m.start(), m.end(), "handle")
    for m in _FEDI.finditer(text):
        if _DOC_HOSTS.search(m[2]) is None:
            yield Span(m.start(), m.end(), "handle")


# a cheap superset of a mention's conditions, one RE2 scan: a cue word, an owners line, `on` after
_MENTION_GATE = Rx(
    r"(?i:cc|ping|paging|thank|kudos|h/t|assign|ask|review|owner|fyi|hey|hi|author)[^\n@]{0,40}@[A-Za-z0-9]"
    r"|(?m:^[*/][^\s]*[ \t]+@[A-Za-z0-9])|@[A-Za-z0-9][\w-]*[ \t]+on[ \t]|\\n[*/][^\s]*[ \t]+@"
)


def _mention_spans(text: str) -> Iterator[Span]:
    if _MENTION_GATE.search(text) is None:
        return
    for m in _MENTION.finditer(text):
        name = m[1]
        if _bot(name) or _DIRECTIVE_AFTER.match(text, m.end()) is not None:
            continue
        before = _line_before(text, m.start())
        if (
            _MENTION_CUE.search(before)
            or _OWNERS_LINE.fullmatch(before)
            or _ON_SERVICE.match(text, m.end()) is not None
        ):
            yield Span(m.start(), m.end(), "handle")
