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
from collections.abc import Iterator
from itertools import pairwise

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
# a service named as the label of what follows it, in prose (each space run bounded: adjacent
# unbounded runs before a value that never comes backtracked cubically)
_PROSE = re.compile(
    rf"(?i)(?<![a-z0-9_.])(?:{_SERVICES})(?:[ _-]?(?:{_ROLE}))?(?![a-z(])"
    r"((?:[ \t]{1,4}(?:is|ist|est|es|è|é|je))?[ \t]{0,4}(?:(?:[:=]|=>)[ \t]{0,4})?[(\"']?)"
    rf"({_HANDLE})"
)
# A key naming a handle: a service or handle word as one whole segment of the key (segments split
# by `_`, `-` or a case hump: `telegram_handle`, `githubUser`, `payout-handle`; not `instance_type`,
# `Handler`), with nothing after it but a role word (`github_branch`, `youtube_video` name other
# things). The segments before it are bounded and unambiguous (each ends at a separator or at a
# hump), so a long word costs linear time.
_SEGMENTS = r"(?:[A-Za-z0-9]{1,24}[_-]|[A-Z]?[a-z0-9]{1,24}(?=[A-Z])){0,4}"
_KEY_WORD = rf"(?i:{_SERVICES}|handle|cashtag|vpa)(?:(?<=[a-z0-9])(?![a-z])|(?<=[A-Z])(?![A-Za-z]))"
_KEY = rf"{_SEGMENTS}{_KEY_WORD}(?:[_-]?(?i:{_ROLE})(?![a-z]))?(?![\w-])"
_KEYED = re.compile(
    rf"(?<![\w-])[\"']?({_KEY})\\?[\"']?[ \t]{{0,4}}(?:=>|[:=])[ \t]{{0,4}}\\?[\"']([^\"'\\\n]{{2,64}})\\?[\"']"
)
_SQL_ALIAS = re.compile(rf"'([^'\n]{{2,64}})'[ \t]+(?i:as)[ \t]+({_KEY})\b")
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

# (a login may hold dots between its parts, as GitLab's and Slack's `first.last` do: at most three
# parts, each a login's run)
_MENTION = re.compile(
    r"(?<![\w@/.+\\-])@([A-Za-z0-9](?:[A-Za-z0-9_-]{0,37}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9_-]{0,37}[A-Za-z0-9])?){0,2})"
    r"(?![\w@/.-]|\.\w)"
)
# a comment's author heading its line in an exported review or chat thread: `@login [unresolved] …`,
# `- @login commented:`, `> @login wrote:` (only list and quote marks before it)
_THREAD_MARGIN = re.compile(r"[ \t]*(?:[-*+>][ \t]+)*")
_AUTHOR_AFTER = re.compile(r"[ \t]{1,4}(?:\[|(?:commented|wrote|said|replied|approved|reacted|requested)\b)")
_MENTION_CUE = re.compile(
    r"(?i)(?:(?<![a-z])(?:cc|ping(?:ing)?|paging|thanks?(?:[ \t]+to)?|thank[ \t]+you|kudos(?:[ \t]+to)?|"
    r"h/t|assign(?:ed)?(?:[ \t]+to)?|ask|reviewed[ \t]+by|review(?:er)?s?|owners?|fyi|hey|hi|@?author)"
    r"[ \t]*[:,]?[ \t]*(?:@[\w.-]+[ \t,]+(?:and[ \t]+)?)*"
    # the person's own account, stated (`my username is @…`, `my handle on <app>: `@…``): the `@`
    # form after a first-person role word, whatever the service
    r"|(?<![a-z])my[ \t]+(?:[a-z]{1,20}[ \t]+)?(?:user[ _-]?name|handle|nick(?:name)?|login|account)"
    r"(?:[ \t]+(?:on|in|at|for)(?:[ \t]+[\w.-]{1,30}){1,3})?[ \t]*(?:is|[:=])?[ \t]*[`'\"]?)$"
)
_ON_SERVICE = re.compile(rf"(?i)[ \t]{{1,4}}on[ \t]{{1,4}}(?:{_SERVICES}|x\b)")
# what follows a directive or annotation, not a person: a call's parenthesis, a type name in humps
_DIRECTIVE_AFTER = re.compile(r"\(|[ \t]{1,4}[A-Z][a-z0-9]{1,40}[A-Z]")
# a decorator's place: the mention ends its line and the next line declares what it decorates
# (`FYI @pytest.fixture` over `def customer():`)
_DECORATES = re.compile(
    r"[ \t]*\r?\n[ \t]*(?:@|(?:async[ \t]+)?def[ \t]|class[ \t]|(?:public|private|protected|static|export|"
    r"function|fun|func|override)[ \t])"
)
# a CODEOWNERS rule: a path pattern, then its owners
# (from the line's first column: an indented ` * @tag` is a doc comment's tag)
# (or indented, a README's block or a quoted file, when the pattern is gitignore-style, rooted or a
# directory: `  /docs/ @x`, `  docs/ @x`; not `  golang.org/x/net @latest`, a module and its version)
_OWNERS_LINE = re.compile(
    r"(?m)^(?:\*|[\w.*-]*/[\w./*-]*|\*\.[\w]+|[ \t]{1,12}(?:/[\w./*-]*|[\w.*-]+/))(?:[ \t]+@[\w-]+)*[ \t]+$"
)
# an AUTHORS file's entry: a person's address, then their login in brackets (`Name <addr> (@login)`)
_AFTER_ADDRESS = re.compile(r"<[^<>\s@]{1,64}@[^<>\s]{1,255}>[ \t]{0,4}\($")
# bots, apps and assistants answer mentions too; they are no one's: an account named a bot
# (`…bot`, `…[bot]`) or a named app or assistant account (a suffix like `-ai` or `io` is also a
# person's: `@kai`, `@mario_io`)
_BOT = re.compile(r"(?i)(?:bot|\[bot\])$")
_KNOWN_SERVICE_ACCOUNTS = _words(
    "copilot codecov netlify vercel sonarcloud snyk stale greenkeeper imgbot gitguardian deepsource "
    "codeclimate changeset changesets linear sentry jira allcontributors all-contributors github-actions "
    "actions-user renovate mergify mergifyio coderabbitai sourcery-ai gemini-code-assist claude codex "
    "devin-ai-integration cursor bors homu probot kodiakhq restyled-io pre-commit-ci semantic-release "
    "here channel everyone all team"
)
_STOP = _words(
    "the a an is are was me my our your their this that it not no yes down up here there now and or "
    "for to of on in at with by from"
)

# The module's own RE2 scans (as members of pii's Set pass they slowed the whole Set): the service
# and handle words, each hit then tried by the Python patterns anchored there; a link, handle domain
# or fediverse handle; a reviewer list. Mentions open on an `@` and their own gate.
_LINK = (
    r"(?i:instagram|facebook|fb|twitter|x|tiktok|threads|linkedin|youtube|twitch|reddit|t|wa|paypal|venmo|"
    r"cash|ko-fi|buymeacoffee|patreon|bsky|vk|snapchat)\.(?i:com|net|tv|me|app)/|(?i:bsky\.social)"
    r"|@[A-Za-z0-9_][\w.-]*@[A-Za-z0-9-]+\."
)
# (a link first: at the same place it wins over its service's word, which labels nothing there)
# (no capture groups: RE2 then finds each match by its DFA alone, without a second engine for the
# groups; a match is told apart by its text, `_scan_kind`)
_LIST_WORDS = frozenset(("reviewers", "assignees", "maintainers", "owners"))
_SCAN = Rx(rf"(?:{_LINK})|(?i:reviewers|assignees|maintainers|owners)|(?i:{_SERVICES}|handle|cashtag|vpa)")


def _scan_kind(text: str, s: int, e: int) -> int:
    """0: a link (each link alternative holds a `.`, no word does), 1: a reviewer list's key,
    2: a service or handle word. (`casefold`: through the `str` API, RE2's case folding matches a
    long s or a Kelvin sign as `s` or `k`.)"""
    if text.find(".", s, e) >= 0:
        return 0
    return 1 if text[s:e].casefold() in _LIST_WORDS else 2


_KEY_REACH = 110  # characters a key's segments before its service word may take (4 x 24 and separators)

# what a value names when it is not an account: a POSIX signal, a version, a commit's hex id, an
# object's random id (its letters change case at least every other letter: no chosen name does)
_NOT_A_NAME = re.compile(r"SIG[A-Z]{2,12}[0-9+]{0,3}|v?\d{1,9}(?:\.\d{1,9}){1,5}(?:[-+][\w.]{1,30})?")
_HEX_ID = re.compile(r"[0-9a-f]{7,40}")


def _random_id(v: str) -> bool:
    letters = [c for c in v if c.isalpha()]
    flips = sum(a.isupper() != b.isupper() for a, b in pairwise(letters))
    return flips >= 4 and 2 * flips >= len(letters) - 1


def _names_something_else(v: str) -> bool:
    sha = _HEX_ID.fullmatch(v) is not None and not v.isdigit() and not v.isalpha()
    return sha or _NOT_A_NAME.fullmatch(v) is not None or _random_id(v)


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


def handle_spans(text: str) -> Iterator[Span]:
    words: list[tuple[int, int]] = []
    links = lists = False
    for ((s, e),) in _SCAN.finditer(text):
        kind = _scan_kind(text, s, e)
        if kind == 2:
            words.append((s, e))
        links, lists = links or kind == 0, lists or kind == 1
    seen: set[Span] = set()  # (a key holding two service words is tried from each)
    for span in _labelled_spans(text, words):
        if span not in seen:
            seen.add(span)
            yield span
    if lists:
        for m in _REVIEWERS.finditer(text):
            for item in _LIST_ITEM.finditer(m[1]):
                if not _bot(item[1]):
                    yield Span(m.start(1) + item.start(1), m.start(1) + item.end(1), "handle")
    if links:
        yield from _link_spans(text)
    if "@" in text:
        yield from _mention_spans(text)


# an article before a bare service word makes it a common noun (`the signal is trapped`), not the
# name of someone's account (`my Signal is …`)
_ARTICLE_BEFORE = re.compile(r"(?i)(?:^|[^a-z])(?:the|a|an)[ \t]+$")


_KEY_CHAR = re.compile(r"[A-Za-z0-9_-]")


def _key_start(text: str, start: int) -> int | None:
    """Where the key holding a word at `start` begins (None: longer than a key's segments reach)."""
    i = start
    while (
        i > 0 and start - i <= _KEY_REACH and (text[i - 1].isascii() and (text[i - 1].isalnum() or text[i - 1] in "_-"))
    ):
        i -= 1
    return None if start - i > _KEY_REACH else i


def _labelled_spans(text: str, words: list[tuple[int, int]]) -> Iterator[Span]:
    tried: set[int] = set()
    for s, e in words:
        m = _PROSE.match(text, s)
        if m is not None:
            yield from _prose_span(text, m)
        ks = _key_start(text, s)
        if ks is None or ks in tried:
            continue
        tried.add(ks)
        k = _KEYED.match(text, ks - 1 if ks > 0 and text[ks - 1] in "\"'" else ks)
        # (a value with `/` or `:` is a repository, a path, a URL)
        if k is not None and _value_ok(k[2]) and not any(c in k[2] for c in "/:") and not _names_something_else(k[2]):
            yield Span(k.start(2), k.end(2), "handle")
        lo, hi = max(0, ks - 80), min(len(text), e + 40)
        # (an alias's value is quoted: a window without a quote is not scanned)
        for a in _SQL_ALIAS.finditer(text, lo, hi) if text.find("'", lo, hi) >= 0 else ():
            if _value_ok(a[1]) and not _names_something_else(a[1]):
                yield Span(a.start(1), a.end(1), "handle")


def _prose_span(text: str, m: re.Match[str]) -> Iterator[Span]:
    sep, v = m[1].strip(), m[2]
    if not _value_ok(v) or (v[0] == "@" and _bot(v[1:])) or not any(c.isalpha() for c in v):
        return
    if _names_something_else(v.lstrip("@$")):
        return
    if v.isupper() and v[0] not in "@$" and not any(c.isdigit() for c in v):
        return  # a constant, no one's handle (a Threema id has digits)
    if v[0] not in "@$" and _ARTICLE_BEFORE.search(text, max(0, m.start() - 12), m.start()) is not None:
        return
    if v[0] in "@$" or (sep and (_handle_chars(v) or _ends_line(text, m.end(2)))):
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


# a cheap superset of a mention's conditions, one RE2 scan: a cue word, an owners line (its path
# pattern holds a `/` or a `*` anywhere: `src/api/`, `docs/**`), `on` after
_MENTION_GATE = Rx(
    r"(?i:cc|ping|paging|thank|kudos|h/t|assign|ask|review|owner|fyi|hey|hi|author)[^\n@]{0,40}@[A-Za-z0-9]"
    r"|(?m:^[\w.-]*[*/]\S*[ \t]+@[A-Za-z0-9])|@[A-Za-z0-9][\w-]*[ \t]+on[ \t]|\\n[\w.-]*[*/]\S*[ \t]+@"
    # (an indented CODEOWNERS rule, an AUTHORS entry's login after its address: see `_OWNERS_LINE`)
    r"|(?m:^[ \t]{1,12}(?:/\S*|[\w.*-]+/)[ \t]+@[A-Za-z0-9])|>[ \t]{0,4}\(@[A-Za-z0-9]"
    r"|(?i:my)[^\n@]{0,60}@[A-Za-z0-9]"
    r"|(?m:^[ \t]*(?:[-*+>][ \t]+)*@[A-Za-z0-9][\w.-]{0,115}[ \t]{1,4}"
    r"(?:\[|commented|wrote|said|replied|approved|reacted|requested))"
    r"|(?m:^[ \t]*(?:[-*+>][ \t]+)*@[A-Za-z0-9][\w-]{0,37}\.[\w.-]{1,77}: )"
)


_AT = Rx(r"@[A-Za-z0-9]")
# what follows a module path's `@` as its version: Go's version queries (`go help get`: latest,
# upgrade, patch, a branch) and npm's default dist-tags and workspace protocol (`npm help dist-tag`)
_VERSION_TAGS = _words(
    "latest upgrade patch none master main trunk develop next canary beta alpha rc lts stable workspace"
)


def _mention_gate(text: str) -> bool:
    """`_MENTION_GATE.search(text)`, read only on the lines holding an `@`: every alternative of
    the gate holds an `@` and no line break (its runs exclude `\n`), so a match lies within one such
    line, and a search bounded to that line (the text its context: `^` holds at the line's start)
    finds it. Most of a text has no `@`; the whole-text pass cost more than the mentions after it."""
    search = _MENTION_GATE.searcher(text)
    n = len(text)
    at = text.find("@")
    while at >= 0:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        end = n if end < 0 else end
        if search(start, end)[0][0] >= 0:
            return True
        at = text.find("@", end)
    return False


def _mention_spans(text: str) -> Iterator[Span]:
    if not _mention_gate(text):
        return
    for (at, _), *_ in _AT.finditer(text):  # (RE2 finds the `@`s; Python's scan tried every position)
        m = _MENTION.match(text, at)
        if m is None:
            continue
        name = m[1]
        if "." in name and len(name.rsplit(".", 1)[1]) <= 2:
            continue  # `@vue.js`, `@socket.io`: a project's or a site's name; a dotted login ends in a word
        if _bot(name) or _DIRECTIVE_AFTER.match(text, m.end()) is not None or _DECORATES.match(text, m.end()):
            continue
        before = _line_before(text, m.start())
        if name.lower() in _VERSION_TAGS and not _MENTION_CUE.search(before):
            continue  # `golang.org/x/net @latest`: a module's version query or dist-tag, no owner
        if (
            _MENTION_CUE.search(before)
            or _OWNERS_LINE.fullmatch(before)
            or _AFTER_ADDRESS.search(before) is not None
            or _ON_SERVICE.match(text, m.end()) is not None
            or (
                _THREAD_MARGIN.fullmatch(before) is not None
                and (
                    _AUTHOR_AFTER.match(text, m.end()) is not None
                    # a dotted login heading a reply (`  @first.last: …`); an undotted `@word:` is a
                    # record's field as often (`@timestamp:`)
                    or ("." in name and text.startswith(": ", m.end()))
                )
            )
        ):
            yield Span(m.start(), m.end(), "handle")
