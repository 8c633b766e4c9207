"""A person's account name where a log's own format says it is one.

- A Windows event's account fields: the Security log's events name the account they are about in
  `<Data Name="TargetUserName">` and the account that acted in `<Data Name="SubjectUserName">`
  (Microsoft's event schemas, e.g. event 4625 "An account failed to log on"; the XML of
  `wevtutil qe` / Event Viewer's XML view). The tags may be escaped (`&lt;`, `\\"`). The well-known
  system principals (`SYSTEM`, `LOCAL SERVICE`, `NETWORK SERVICE`, `ANONYMOUS LOGON`: Microsoft's
  "Well-known security identifiers"), the session-manager accounts `DWM-n` / `UMFD-n`, a computer
  account (its name ends in `$`) and `-` (no account) are no person's.
- An access log line in the Common Log Format (and the Combined one that extends it: Apache's
  mod_log_config, nginx's `combined`): `host ident authuser [date] "request" …`; `authuser` (`%u`,
  the user an HTTP authentication named) and `ident` (RFC 1413's reply) are logins when not `-`.
- An IRC client's join/part/quit line (irssi's `-!-`, WeeChat's `-->`/`<--`): the nick and the ident.
- A DiscordChatExporter CSV's `Author` cell (its documented header), after the author's numeric id.

Each pattern is anchored on a literal (the field's name, the log's bracketed date) and bounded:
linear on any input.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.spans import Span

# (the quotes and brackets possibly escaped once or twice, or written as HTML entities)
_Q = r"(?:\\{0,3}\"|&quot;)"
_EVENT_ACCOUNT = re.compile(
    rf"Name={_Q}(?:Target|Subject)UserName{_Q}[ \t]*(?:>|&gt;)([^<>&\"\\\s][^<>&\"\\\n]{{0,63}}?)[ \t]*(?:</|&lt;/)"
)
_SYSTEM_ACCOUNTS = frozenset(("system", "local service", "network service", "anonymous logon", "-", "n/a"))
_SESSION_ACCOUNT = re.compile(r"(?i)^(?:DWM|UMFD)-\d{1,4}$")

# the Common Log Format's bracketed time (`[10/Oct/2000:13:55:36 -0700]`), found first; the two
# fields before it are read backwards from it
_CLF_DATE = re.compile(r" \[\d{2}/[A-Z][a-z]{2}/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}\]")
_FIELD = re.compile(r"[^\s\"'<>\[\]]{1,64}")
# the host field: an IPv4 or IPv6 address or a dotted host name (`of the sprint [date]` is prose)
_HOST = re.compile(
    r"(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}|"
    r"[A-Za-z0-9][A-Za-z0-9-]{0,62}(?:\.[A-Za-z0-9][A-Za-z0-9-]{0,62}){1,8}|localhost)"
)


def _event_accounts(text: str) -> Iterator[Span]:
    if "UserName" not in text:
        return
    for m in _EVENT_ACCOUNT.finditer(text):
        value = m[1].strip()
        if value.lower() in _SYSTEM_ACCOUNTS or value.endswith("$") or _SESSION_ACCOUNT.match(value):
            continue
        yield Span(m.start(1), m.start(1) + len(value), "user_name")


def _clf_users(text: str) -> Iterator[Span]:
    if "/20" not in text or " [" not in text:
        return
    for m in _CLF_DATE.finditer(text):
        # `host ident authuser` right before the date: three fields, one space apart
        end = m.start()
        fields: list[tuple[int, int]] = []
        for _ in range(3):
            start = end
            while start > 0 and end - start < 64 and not text[start - 1].isspace() and text[start - 1] not in "\"'<>[]":
                start -= 1
            if start == end or _FIELD.fullmatch(text, start, end) is None:
                break
            fields.append((start, end))
            if start == 0 or text[start - 1] != " ":
                break
            end = start - 1
        if len(fields) != 3 or _HOST.fullmatch(text, *fields[2]) is None:
            continue
        for a, b in fields[:2]:
            if text[a:b] != "-":
                yield Span(a, b, "user_name")


# an IRC client's join, part and quit lines: irssi's `-!- nick [~ident@host] has joined #chan` and
# WeeChat's `-->`/`<--` `nick (~ident@host) has joined`: the nick and the ident (RFC 1459's user
# name, its `~` marking an unverified one) are the person's logins
_IRC_PRESENCE = re.compile(
    r"(?:-!-|-->|<--)[ \t]+([A-Za-z\[\]\\`_^{|}][A-Za-z0-9\[\]\\`_^{|}-]{0,31})[ \t]+[\[(]~?"
    r"([A-Za-z0-9_][A-Za-z0-9_.-]{0,31})@[^\s\])]{1,255}[\])][ \t]+has[ \t]+(?:joined|left|quit)\b"
)
# DiscordChatExporter's CSV (its documented columns `AuthorID,Author,Date,Content,Attachments,
# Reactions`): each row's second cell, after the author's numeric id, is the author's user name
_DISCORD_CSV_HEAD = "AuthorID,Author,Date,Content"
_DISCORD_ROW = re.compile(rf"{_Q}(\d{{15,20}}){_Q},{_Q}([^\"\\&\n]{{1,64}}){_Q},{_Q}\d{{4}}-\d\d-\d\d")


def _irc_presence(text: str) -> Iterator[Span]:
    if " has " not in text:
        return
    for m in _IRC_PRESENCE.finditer(text):
        if m.group(1).endswith("Serv"):
            continue  # a network's service (Atheme's and Anope's NickServ, ChanServ, MemoServ…), no person
        yield Span(*m.span(1), "user_name")
        yield Span(*m.span(2), "user_name")


def _discord_csv_authors(text: str) -> Iterator[Span]:
    if _DISCORD_CSV_HEAD not in text and _DISCORD_CSV_HEAD.replace(",", '","') not in text:
        return
    for m in _DISCORD_ROW.finditer(text):
        yield Span(*m.span(2), "user_name")


def log_account_spans(text: str) -> Iterator[Span]:
    yield from _event_accounts(text)
    yield from _clf_users(text)
    yield from _irc_presence(text)
    yield from _discord_csv_authors(text)
