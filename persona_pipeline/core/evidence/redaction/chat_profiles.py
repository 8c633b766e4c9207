"""A chat service's user object, read by the member names of its published export schema.

Each schema is recognised by a member only it writes, and then its person members are read in
the same object (quoted JSON values; an escaped object is read in its decoded view):

- Slack's user object (api.slack.com/types/user, `users.json` of an export): `real_name` marks it;
  `name` is the login, `real_name`, `display_name` (and their `_normalized` forms), `first_name`,
  `last_name` the person's names, `phone` their number. A bot user (`"is_bot": true`) is left.
- DiscordChatExporter's message author (its JSON export: `id`, `name`, `discriminator`, `nickname`,
  `isBot`, …): `isBot` marks it; `name` is the login, `nickname` the person's name; a bot is left.
- Matrix's membership event (Matrix client-server spec, `m.room.member`): its `state_key` is the
  member's user ID (`@login:server`), `content.displayname` their name.
- Microsoft Graph's identity (identitySet's `user`, with `userIdentityType`): `displayName`.

A value is taken only in a person value's shape (`person_records.plausible_value`: a name has a
capital or a letter past ASCII and no digit; a login no space). Each object is read once, within
`_REACH` characters of its marker, by `find`s and one bounded brace count: linear.
"""

from __future__ import annotations

import re

from persona_pipeline.core.evidence.redaction.person_records import plausible_value
from persona_pipeline.core.evidence.redaction.spans import Span

_REACH = 1500  # characters from a marker to its object's braces
# (marker, whether the marker is a member name, the members read) per schema
_SLACK = {
    "name": "user_name",
    "real_name": "person_name",
    "real_name_normalized": "person_name",
    "display_name": "person_name",
    "display_name_normalized": "person_name",
    "first_name": "person_name",
    "last_name": "person_name",
    "phone": "phone",
}
_DISCORD = {"name": "user_name", "nickname": "person_name"}
_MATRIX = {"state_key": "user_name", "displayname": "person_name"}
_GRAPH = {"displayName": "person_name"}
_SCHEMAS: tuple[tuple[str, dict[str, str]], ...] = (
    ('"real_name"', _SLACK),
    ('"isBot"', _DISCORD),
    ('"m.room.member"', _MATRIX),
    ('"userIdentityType"', _GRAPH),
)
_MARKERS = tuple(m[1:-1] for m, _ in _SCHEMAS)
# a brace or bracket, or a member with a quoted value on one line (`"key": "value"`)
_TOKEN = re.compile(r'[{}\[\]]|"([A-Za-z_]{1,40})"[ \t]*:[ \t]*"([^"\n\\]{1,160})"')
_KEY_BEFORE = re.compile(r'"([A-Za-z_]{1,40})"[ \t]*:[ \t]*\Z')
_DETAIL_OBJECTS = frozenset(("profile", "content"))
_BOT = re.compile(r'"(?:isBot|is_bot)"[ \t]*:[ \t]*true')


def _object_end(text: str, lo: int) -> int:
    """The end of the object opening at `lo` (its braces counted), or -1 past `_REACH`."""
    depth = 0
    for i in range(lo, min(len(text), lo + 2 * _REACH)):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return -1


def chat_profile_spans(text: str) -> list[Span]:
    if not any(m in text for m in _MARKERS):
        return []
    out: list[Span] = []
    for marker, members in _SCHEMAS:
        done = -1
        pos = text.find(marker)
        while pos >= 0:
            if pos >= done:
                lo = text.rfind("{", max(0, pos - _REACH), pos)
                hi = _object_end(text, lo) if lo >= 0 else -1
                if hi > pos:
                    done = hi
                    if _BOT.search(text, lo, hi) is None:
                        out.extend(_members(text, lo, hi, members))
                else:
                    done = pos + _REACH  # (no object closes: its neighbours' markers are not walked again)
            pos = text.find(marker, pos + len(marker))
    return out


def _short_phone(value: str) -> bool:
    """A schema's `phone` member: digits (four at least: the smallest numbering plans' local numbers)
    and a phone's punctuation, no letter."""
    return sum(c.isdigit() for c in value) >= 4 and not any(c.isalpha() for c in value)


def _members(text: str, lo: int, hi: int, members: dict[str, str]) -> list[Span]:
    """The person members of the object at lo:hi: its own members, and those of a nested object
    the schema puts a person's details in (Slack's `profile`, a Matrix event's `content`), never a
    list's items or another nested object's (DiscordChatExporter's `roles[].name`)."""
    out = []
    stack: list[str] = []  # the key of each open object or list, "[" for a list
    for m in _TOKEN.finditer(text, lo, hi):
        c = m[0]
        if c in "{[":
            key = _KEY_BEFORE.search(text, max(lo, m.start() - 48), m.start())
            stack.append("[" if c == "[" else (key[1] if key is not None else ""))
            continue
        if c in "}]":
            if stack:
                stack.pop()
            continue
        if not (len(stack) == 1 or (len(stack) == 2 and stack[1] in _DETAIL_OBJECTS)):
            continue
        kind = members.get(m[1])
        value = m[2].strip()
        if kind is None or not (_short_phone(value) if kind == "phone" else plausible_value(kind, value)):
            continue
        a = m.start(2) + (len(m[2]) - len(m[2].lstrip()))
        out.append(Span(a, a + len(value), kind))
    return out
