"""A person's numeric account id named by its role: `Admin: 123456789`, `ADMIN_IDS = [123456789]`,
`"chat_id": 123456789`, `owner id is 123456789`, `Besitzer-ID: 123456789`.

A messenger's or a platform's account is a number (Telegram's user and chat ids, Discord's
snowflakes, a forum's member id): in a bot's configuration or in talk about one, the number given for
the admin, the owner or the user is the person's own account, personal data like a login. The label
names an account's role or its id; the value is one long number (six digits and more: no port, no
HTTP status, no small count), alone or in a list, ending its value (no unit or word after it: `user:
1500000 rows` is a count). A role word in the plural without `id` (`users: 1500000`) counts accounts;
a timestamp, a duration, an amount, a PID, a line number or a version has no account's role before it.
`account` itself is no role (`AWS account: …`, a bank's account number: other rules' policies).

The role words are the account roles of the Telegram Bot API's `ChatMember` statuses (`creator`,
`administrator`, `member`) and its and the Discord API's id fields (`user_id`, `chat_id`, `owner_id`),
with `admin`, `owner`, `user` and `chat`, and their dictionary translations in German,
French, Spanish, Portuguese, Italian, Polish, Turkish, Russian and Ukrainian.

Every pattern is bounded and anchored on its label: linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

_ROLE = (
    r"admin|administrator|owner|creator|moderator|operator|superuser|user|member|chat|"
    # German, French, Spanish, Portuguese, Italian
    r"administrateur|besitzer|inhaber|benutzer|nutzer|mitglied|propri[ée]taire|utilisateur|"
    r"cr[ée]ateur|membre|administrador|propietario|due[ñn]o|usuario|creador|miembro|"
    r"propriet[áa]rio|dono|usu[áa]rio|utilizador|criador|membro|amministratore|proprietario|"
    r"utente|creatore|"
    # Polish, Turkish
    r"w[łl]a[śs]ciciel|u[żz]ytkownik|yönetici|kullan[ıi]c[ıi]|"
    # Russian, Ukrainian
    r"админ|администратор|владелец|создатель|пользователь|юзер|адмін|власник|користувач"
)
# the id word after a role (`admin id`, `user_id`, `chatId`, `Benutzer-ID`, `айди`), or a list's
_ID = r"(?:[ _-]?(?:ids?|IDs?|Ids?|identifiant|identificador|identificativo|идентификатор|айди))"
# a label right before a number: the role, its id word (a plural role only before one: `admin_ids`,
# not `users`), in code or prose, whole or as a key's last segments (`BOT_ADMIN_ID`, `ownerId`: only
# a letter or a digit before the role makes it another word, `superadmin`); the separator (a colon,
# an equals sign, an arrow, a dash, or a copula in prose), the quotes and a list's bracket before the
# number
_LABEL = re.compile(
    rf"(?i)(?<![^\W_])(?:(?:{_ROLE})(?:{_ID})?|(?:{_ROLE})s{_ID})"
    r"(?![^\W_])\\?[\"']?[ \t]{0,4}(?:[:=]|=>|->|[\u2014\u2013-](?=[ \t])|\b(?:is|ist|est|es|é|è|это)\b)"
    r"[ \t]{0,4}[\"'\[(]?[ \t]{0,2}\Z"
)
_REACH = 60  # characters a label may take before its number (the role, its id word, the separator)
# a long number standing alone (no decimal, time, date or path part); never a negative one: the Bot
# API gives groups, supergroups and channels negative chat ids (`-100…`), a person's private chat
# the person's own positive user id
_NUMBER = re.compile(r"(?<![\w.,:/-])\d{6,20}(?![\d.,:/]\d|\d|[A-Za-z_])")
# more numbers of the same list (`[111111111, 222222222]`)
_MORE = re.compile(r"[ \t]*,[ \t]*[\"']?(\d{6,20})(?![\d.,:/]\d|\d)")
# what may end a value: the line's end, a closing quote or bracket, a separator, a comment
_ENDS = re.compile(r"[\"']?[ \t]*(?:$|[,;)\]}#]|\r?\n|\\[nr]|//)")


def _ascii_roles(roles: str) -> str:
    """The role words as an ASCII alternation (RE2 over bytes): a bracketed class keeps its ASCII
    letters (`propri[ée]taire` -> `proprietaire`, how it is typed without accents); a word that still
    holds a letter outside ASCII is left to the probe's any-non-ASCII alternative."""
    words = (
        re.sub(r"\[([^\]]*)\]", lambda m: "".join(c for c in m[1] if c.isascii())[:1], w) for w in roles.split("|")
    )
    return "|".join(w for w in words if w.isascii() and w)


# one RE2 pass before any Python scan: a role word (or a letter outside ASCII, where the words outside
# ASCII start: `matching.fold` reads each as 0x7f) and, on its line within a label's reach, six digits
# (every label `_LABEL` reads starts with a role word and ends right before its number)
_PROBE = Rx(rf"(?i:{_ascii_roles(_ROLE)}|[^\x00-\x7e])[^\n]{{0,{_REACH}}}\d{{6}}")


def _ends_value(text: str, end: int) -> bool:
    return end == len(text) or _ENDS.match(text, end) is not None


def _numbers_on_probed_lines(text: str) -> Iterator[re.Match[str]]:
    """The long numbers of the lines where the probe found a role word before six digits, each line
    read once (a label and its number share a line)."""
    scanned = -1
    for (s, e), *_ in _PROBE.finditer(text):
        if e <= scanned:
            continue
        start = max(text.rfind("\n", 0, s) + 1, scanned)
        end = text.find("\n", e)
        scanned = len(text) if end < 0 else end
        yield from _NUMBER.finditer(text, start, scanned)


def account_id_spans(text: str) -> Iterator[Span]:
    """Each long number a role's label gives as an account's id (and the rest of its list)."""
    listed = -1
    for m in _numbers_on_probed_lines(text):
        a, b = m.span()
        if a < listed or not _ends_value(text, b):
            continue
        if _LABEL.search(text, max(0, a - _REACH), a) is None:
            continue
        yield Span(a, b, "account_id")
        pos = b
        for _ in range(64):  # (a list's further ids, bounded)
            n = _MORE.match(text, pos)
            if n is None or not _ends_value(text, n.end(1)):
                break
            yield Span(*n.span(1), "account_id")
            pos = listed = n.end(1)
