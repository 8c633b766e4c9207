"""National phone numbers of any region right after a phone label.

The other phone rules read a national number in the plans of a few regions (the user's, the
common ones) and from shapes those plans use. After an unmistakable phone label, though, the label
vouches that a number is one, and the question is only whether it is dialable somewhere: so the
number is read in every region libphonenumber knows (Argentina's `011 15-2345-6789`, Poland's
`12 345 67 89`, Belarus' `8 0152 45-09-11`…), the common ones first.

A label is a phone word (phone, tel., Handy, celular, komórka…) or a first-person phrase that
introduces one's number in one of several languages (my number is, reach me at, mi número es,
llámame al, zadzwoń, meu telefone é, mon numéro est). The gap between label and number is tight
(a colon, `is`, a quote), so a `phone_number_id: 1065…` or "call me in 15 minutes, ticket 1234
5678" never joins them. A number written in groups holds 8 to 15 digits; a bare digit run ("SMS to
2125550147") 10 to 13, read only in the NANP or, after a trunk 0, in the common regions (most
runs are valid somewhere); a bare run of 8 or 9 digits (a closed plan's number, no trunk prefix:
`Tel. 71234567`) in any plan that reads it, never a date written as one run.

Patterns run on the text's fold (see `matching`), gated by pii's one Set pass.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.phone_check import column_cut, valid_region
from persona_pipeline.core.evidence.redaction.spans import Span

# (a non-ASCII letter is the fold's DEL: número, llámame, zadzwoń, komórka, téléphone)
_WORDS = (
    r"phone|telephone|tel\.?|t\x7fl\x7fphone|t\x7fl\.?|tel\x7ffono|telefono|telefone|telefon|telefoon|"
    r"mobile|mobil|mobiel|m\x7fvil|movil|cell|cellphone|celular|cel\.?|cellulare|handy|natel|"
    r"whatsapp|kom\x7frka|komorka|tel\.[ \t]*kom\.?|puhelin|matkapuhelin|tlf\.?|tfno\.?|fax|dial"
)
_NUMBER_WORDS = r"number|no\.?|nr\.?|num\x7fro|numero|n\x7fmero|nummer|numer|n\x7fmer"
_PHRASES = (
    rf"(?:my|his|her|our|their)[ \t]+(?:(?:phone|mobile|cell|work|home|office)[ \t]+)?(?:{_NUMBER_WORDS})|"
    r"(?:reach|call|text|ring|phone|contact)[ \t]+(?:me|us|you|him|her|them)(?:[ \t]+(?:at|on))?|"
    # (the same phrase's alternative after an e-mail address: `reach me at <e-mail> or on <number>`)
    r"(?:reach|contact|email|e-mail|write)[ \t]+(?:me|us)[ \t]+at[ \t]+[^\s@]{1,64}@[^\s@,;]{1,100}"
    r"[ \t]+or[ \t]+(?:on|at|call|phone)|"
    # (not "call to" / "message to": a log's "call to 1234 5678 9012 failed" names no phone)
    r"(?:sms|text|texted|whatsapp|dialled|dialed)[ \t]+(?:to|from)|"
    # (a message a phone receives sent to its number: "we will send a reminder to", "sent the code to";
    # a number written as a phone only, see `_SENT_TO`)
    r"(?:send|sent|sending|resend)[ \t]+(?:(?:a|an|the|your|you|a[ \t]+text)[ \t]+)?"
    r"(?:reminders?|texts?|sms|messages?|codes?|otp|verification[ \t]+codes?|notifications?)[ \t]+to|"
    r"(?:mi|tu|su)[ \t]+(?:n\x7fmero|numero|celular|tel\x7ffono|telefono|m\x7fvil|movil)|"
    r"(?:meu|seu)[ \t]+(?:n\x7fmero|numero|telefone|celular)|(?:mon|ton|son)[ \t]+(?:num\x7fro|numero|portable)|"
    r"(?:meine|seine|ihre)[ \t]+(?:handy)?nummer|il[ \t]+mio[ \t]+(?:numero|cellulare)|"
    r"mijn[ \t]+(?:nummer|telefoonnummer)|"
    r"m\x7fj[ \t]+(?:numer|telefon)|numer[ \t]+(?:telefonu|tel\.?|kom\x7frki)|"
    r"ll\x7fm(?:a|e)me|llamame|ll\x7fmenos|llamanos|ligue(?:-me)?|liga[ \t]+pra[ \t]+mim|"
    r"(?:za)?dzwo(?:\x7f|n)|appelle[sz]?-moi|ruf[ \t]+(?:mich|uns)[ \t]+an|chiamami|bel[ \t]+me"
)
_LABEL = rf"(?:{_WORDS}|(?:{_WORDS})[ _-]?(?:{_NUMBER_WORDS})|{_PHRASES})"
# a phone label anywhere in a short stretch of text (the context a number spelled in words needs
# when its words are separated as a list's: `spoken_digits`)
CONTEXT = Rx(rf"(?i)(?:^|[^A-Za-z0-9_\x7f])(?:{_LABEL})(?:[^A-Za-z\x7f]|$)")
# the gap: a colon, `is`, `al`, `pod`, a quote or a bracket; nothing that could hold another value
# (a Markdown row's next cell, `| phone | V |`; pydantic's error for the field, `invalid phone
# [type=value_error, input_value='V'`)
_GAP = (
    r"[ \t]*(?:[:=#][ \t]*|\|[ \t]*|\[type=[a-z_]{1,40},[ \t]*input_value=|"
    r"(?:is|es|est|ist|\x7f|to|al|au|pod|na|unter|op|at|on)[ \t]+)?"
    r"(?:\\?[\"'])?[ \t]*"
)
_NUMBER = r"(\(?\+?\d[\d ().-]{6,20}\d)"
LABELLED = Rx(
    rf"(?i)(?:^|[^A-Za-z0-9_\x7f])(?:(?:{_LABEL}){_GAP}|"
    # a contact field holding a person's name and number: `Emergency contact: <Name>, <number>`, `In
    # case of emergency: <Name>, <number>`, `Next of kin: <Name>, <number>` (a lower-case particle in
    # the name, `Ana da Costa`)
    r"(?:contact(?:[ \t]+person)?|in[ \t]+case[ \t]+of[ \t]+emergency|next[ \t]+of[ \t]+kin)[ \t]*:[ \t]*"
    r"(?-i:[A-Z\x7f][A-Za-z\x7f'.-]*(?:[ \t]+(?:[a-z]{1,3}[ \t]+)?[A-Z\x7f][A-Za-z\x7f'.-]*){0,3}),[ \t]*|"
    # a form's contact field whose value is the number itself: `Contact: 7717 3996` (grouped, see below)
    r"contact(?:[ \t]+(?:number|no\.?|details))?[ \t]*:[ \t]*)"
    rf"{_NUMBER}"
)
# The gate: `intl_formats`' phone-word gate (phone, tel, móvil, Handy, whatsapp…, already in the
# shared Set) or this one, a piece of every other label (a short literal list: a small Set DFA)
GATE_PART = (
    r"(?i)(?:natel|puhelin|numer|n\x7fmer|num\x7fro|number|nummer|reach|dial|message|llam|ll\x7fm|contact|call|"
    r"emergency|next[ \t]+of[ \t]+kin|"
    r"text|portable|liga|dzwo|ruf|"
    # (the "send … to" phrase whole, less its `to`: `send` alone is in most prompts)
    r"(?:send|sent|sending)[ \t]+(?:(?:a|an|the|your|you|a[ \t]+text)[ \t]+)?"
    r"(?:reminder|text|sms|message|code|otp|verification|notification))"
)

# every region libphonenumber knows, the common ones first (a number is valid in few regions)
_FIRST = ("US", "GB", "DE", "FR", "ES", "IT", "BR", "MX", "AR", "PL", "IN", "NL", "CH", "AT", "PT", "SE", "CO", "CL")


@lru_cache(maxsize=1)
def _regions() -> tuple[str, ...]:
    import phonenumbers

    return tuple(dict.fromkeys((*_FIRST, *sorted(phonenumbers.SUPPORTED_REGIONS))))


def regions() -> tuple[str, ...]:
    """Every region libphonenumber knows, the common ones first (the order `dialable` tries them in)."""
    return _regions()


def _date_or_ip(raw: str) -> bool:
    parts = [p for p in raw.replace("/", ".").replace("-", ".").split(".") if p]
    if len(parts) == 3 and (len(parts[0]) == 4 or len(parts[2]) in (2, 4)) and all(len(p) <= 4 for p in parts):
        return all(p.isdigit() for p in parts) and " " not in raw  # 2024-03-12, 12.03.2024
    return len(parts) == 4 and all(p.isdigit() and len(p) <= 3 for p in parts) and " " not in raw


# a date written as one run, YYYYMMDD or DDMMYYYY (a build's or a record's date, not a number to call)
_DATE_RUN = re.compile(
    r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])|(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])(?:19|20)\d\d"
)


# (a one-digit group may open it: Seychelles' and Mauritius' `2 510 734`, its first digit the service)
_SEVEN = re.compile(r"\d{1,4}(?: \d{2,4}){1,2}")


@lru_cache(maxsize=4096)
def dialable(raw: str) -> bool:
    """Valid in some region (as dialled there), with 8 to 15 digits written in groups; a bare
    run of 10 to 13 digits only in the common regions (in every region most such runs are valid),
    or of 11 to 15 as an international number whose `+` was left out."""
    digits = sum(c.isdigit() for c in raw)
    if raw.isdigit():
        # (eight or nine digits: a closed plan's whole number, no trunk prefix (Bolivia's, Costa
        # Rica's, Denmark's mobiles); the label vouches for it, a plan must still read it as one)
        if 8 <= digits <= 9:
            return not _DATE_RUN.fullmatch(raw) and valid_anywhere(raw)
        # (the NANP's strict plan, or a trunk 0 as national numbers are dialled; variable-length
        # plans — GB, DE, AT — accept most other runs of ten digits: 1234567890 is valid there)
        if not 10 <= digits <= 15:
            return False
        regions = _FIRST if raw.startswith("0") else ("US", "CA")
        if digits <= 13 and any(valid_region(raw, r) is not None for r in regions):
            return True
        # (an international number written without its `+`, `4479…`, `5511…`: valid with its
        # country code, 11 digits or more; the label vouches that a number follows it)
        return digits >= 11 and raw[0] != "0" and valid_region("+" + raw, None) is not None
    if digits == 7 and _SEVEN.fullmatch(raw):
        # (seven digits in blank-separated groups: a closed plan's whole number, Cape Verde's or
        # Iceland's `963 10 68`; the label vouches for it, a plan must read it as one)
        return valid_anywhere(raw)
    if not 8 <= digits <= 15 or _date_or_ip(raw):
        return False
    if sum(len(g) == 1 for g in re.split(r"[^\d]+", raw)) >= 4:
        return False  # "3 4 5 6 7 8 9 0 1": digits listed one by one, not a number's groups
    if raw.count(".") == 1 and not any(c in raw for c in " -()"):
        return False  # a decimal number
    if raw.startswith("+"):
        return valid_region(raw, None) is not None
    return any(valid_region(raw, r) is not None for r in _regions())


@lru_cache(maxsize=4096)
def valid_anywhere(raw: str) -> bool:
    """Valid as dialled in some region libphonenumber knows (the common ones first)."""
    return any(valid_region(raw, r) is not None for r in _regions())


# Unicode's telephone symbols, a closed set: the symbols (general category S*) whose character
# names hold TELEPHONE, PHONE or FAX (`test_the_phone_symbols_are_unicodes`); each labels a number
# as a phone word does (`📞 0612 345 678`, `☎ 030 1234567`), an emoji's variation selector after it
SYMBOLS = (
    "\u2121\u2315\u260e\u260f\u2706\U0001f4de\U0001f4e0\U0001f4f1\U0001f4f2\U0001f4f4"
    "\U0001f57b\U0001f57c\U0001f57d\U0001f57e\U0001f57f\U0001f580\U0001f581\U0001f5b7"
)
# (matched on the text itself, not the fold: the fold writes every non-ASCII character as one byte)
# (each gap bounded: two unbounded blank runs side by side split a long run of blanks every way,
# quadratic in Python's `re`)
_SYMBOL_LABELLED = re.compile(
    rf"[{SYMBOLS}]\ufe0f?[ \t\u00a0]{{0,4}}(?:[:=#|][ \t]{{0,4}})?(?:\\?[\"'][ \t]{{0,4}})?{_NUMBER}", re.ASCII
)


# (📱 marks a mobile app in release notes as often as a number: a count of its metrics or a spaced
# date after it is no phone)
_COUNT_AFTER = re.compile(
    r"[ \t]*(?:installs?|downloads?|users?|sessions?|messages?|views?|requests?|visits?|clicks?|"
    r"subscribers?|followers?|stars?|times|devices?|events?|crashes|/day|/month|per)\b",
    re.IGNORECASE,
)
_SPACED_DATE = re.compile(r"(?:19|20)\d\d[ .-](?:0?[1-9]|1[0-2])[ .-](?:0?[1-9]|[12]\d|3[01])")


def _symbol_count(text: str, start: int, end: int) -> bool:
    return _SPACED_DATE.fullmatch(text, start, end) is not None or _COUNT_AFTER.match(text, end) is not None


def has_symbol(text: str) -> bool:
    """Whether the text holds a telephone symbol (one scan of a non-ASCII text)."""
    # (one substring test per symbol: C-speed, ~80x a character-class search of the text)
    return not text.isascii() and any(c in text for c in SYMBOLS)


# the "send … to" label (see `_PHRASES`) right before a number: bots, queues and chats are addressed
# so too, so only a number written as a phone's (grouped, `+`, a trunk 0) follows it
_SENT_TO = re.compile(
    r"(?i:send|sent|sending|resend)[ \t]+[a-z \t]{0,30}?(?i:reminders?|texts?|sms|messages?|codes?|otp|"
    r"notifications?)[ \t]+to[ \t]*\Z"
)
# an id's or a count's noun after a bare run: `123456789 (telegram chat id)`, `12345678 sessions`
_ID_AFTER = re.compile(
    r"[ \t]*\(?(?i:chat|id|ids|user|users|partition|queue|topic|channel|group|sessions?|messages?|installs|tickets|"
    r"orders|cases|issues|"
    r"downloads|bytes|rows|requests|events|items|times)\b|[ \t]*/(?:day|s|sec|min|h)\b"
)


def labelled_phone_spans(text: str) -> Iterator[Span]:
    found = (
        [m.span(1) for m in _SYMBOL_LABELLED.finditer(text) if not _symbol_count(text, *m.span(1))]
        if has_symbol(text)
        else []
    )
    for start, end in sorted((*(g for _, g in LABELLED.finditer(text)), *found)):
        if _SPACED_DATE.fullmatch(text, start, end) is not None:
            continue  # (`Contact: 2024 06 01` in a table's pair: a date, whatever plan would dial it)
        # (a bare run of 8 or 9 digits, the closed plans' shape: the weakest a label vouches for)
        if text[start:end].isdigit() and 8 <= end - start <= 9:
            if _ID_AFTER.match(text, end) is not None:
                continue
            if _SENT_TO.search(text, max(0, start - 60), start) is not None:
                continue
        raw = column_cut(text, start, end, dialable)
        # (the candidate may run into a second value: "… 601 234 567 - 12 2024" is cut back
        # to its last group that still reads as a number)
        while True:
            nxt = text[start + len(raw) : start + len(raw) + 1]
            if not (nxt.isalnum() or nxt in ("_", "/")) and dialable(raw):
                break
            cut = max(raw.rfind(" "), raw.rfind("-"), raw.rfind("."))
            if cut <= 0:
                raw = ""
                break
            raw = raw[:cut].rstrip(" .-(")
        if raw.count("(") != raw.count(")"):
            raw = raw.lstrip("(") if raw.startswith("(") and ")" not in raw else raw
        if raw and text[start - 1 : start] not in ("_", "/", "."):
            yield Span(start, start + len(raw), "phone")
