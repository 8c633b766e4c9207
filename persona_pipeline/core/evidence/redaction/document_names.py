"""Person names by the grammar of the documents that carry them (round 21, tune21).

The name detectors of `pii` read a name by its lists or by a cue before it; three everyday documents
place a name where their own layout says it is one, whatever its script or list:

- a chat export's sender: WhatsApp writes each message as `[date, time] Sender: text` (iOS) or
  `date, time - Sender: text` (Android), a comma between the date and the time; Telegram's JSON
  export gives a message object's sender under `"from"` beside `"type": "message"` or `"from_id"`.
- a CV's or a letterhead's name line: a line of two to four capitalised words (in capitals, or a
  Markdown heading), above contact lines (a phone or e-mail word, an e-mail) within a few lines;
  the words must have a name's shape and, in the Latin script, begin with a listed given name, end
  with a listed family name or hold a name particle (so a heading such as `CURRICULUM VITAE` or
  `Personal Details` is none).
- an e-mail signature: a sign-off line, the sender's name on the next line, then a line that is a
  number alone; the number is read in any region's plan (`phone_labels.dialable`), as after a phone
  label (the signature's layout is the label), and the sender's line is then a name.
- a name that a birth follows (round 22): two to four name-shaped words, then `(born`, `, born`,
  `(b.`, `née`, `geb.`, `nacido/nacida`: whoever is born is a person (a thing is "born" only in prose,
  `v2 was born`, never as a bracketed or comma-led attribution after its name).
- a name's patronymic or family particle after a found name (`bin`, `binti`, `a/l`, `a/p`, `s/o`,
  `d/o`, `Dela`, `Delos`, `De La`): `name_tails` extends the name span over it and the name after.

Each pattern is a bounded `re` match; candidates are lines: linear in the text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction import phone_labels, pii
from persona_pipeline.core.evidence.redaction.english_words import frequent_english
from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

_TIME = r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \t\u202f\u00a0]?[AaPp]\.?[ \t]?[Mm]\.?)?"
_DATE = r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4}"
# (at a line's start, a quote's marker, or a string's opening quote: an export pasted into a value;
# or behind a carrier's prefix that ends in a space, a tag or a colon: a log line's timestamp, a
# `<div>`, a vCard's `NOTE:` — no repetition there, so each position is tried once)
_CHAT_LINE = re.compile(
    rf"(?:(?:^|(?<=[\"'`]))[ \t>]*|(?<=[ \t>:]))(?:\[{_DATE},[ \t]+{_TIME}\][ \t]*|{_DATE},[ \t]+{_TIME}[ \t]+-[ \t]+)"
    r"([^\W\d_][^:\n\[\]{}\"\\<>@]{0,58}?):[ \t]",
    re.M,
)
_CHAT_GATE = Rx(r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4},[ \t]+\d")
_TELEGRAM_FROM = re.compile(r"\"from\"[ \t]*:[ \t]*\"([^\"\\\n]{2,60})\"")
_TELEGRAM_MESSAGE = re.compile(r"\"type\"[ \t]*:[ \t]*\"message\"|\"from_id\"")
_REACH = 400
_SIGNATURE_GATE = Rx(r"\n[ \t>]*\+?[\d(][\d ()./-]{6,20}\d[ \t]*(?:\r?\n|$)")
_PARTICLES = frozenset(
    ("bin", "binti", "bte", "bt.", "a/l", "a/p", "s/o", "d/o", "de", "da", "dos", "das", "del", "la", "van", "von")
)

# a line of capitalised words (a Markdown heading's too): a letterhead's or a CV's name line candidate
# (at a line's start after quote markers, or after a string's opening quote: a CV pasted into a value)
# (each word bounded, as a name's are: its class holds quotes and dots, and an unbounded run of them
# after a quote would be read to its end and back again from every quote)
# (or in the message column of `kubectl describe`'s events table: its row's type, reason, age and
# source before it, `  Warning  Failed  12s  kubelet  <message>`, the message's next lines indented
# under the column)
_EVENT_ROW = (
    r"(?:(?:Normal|Warning)[ \t]+[A-Z][A-Za-z]{1,40}[ \t]+(?:<unknown>|[0-9][0-9a-z]{0,12})"
    r"(?:[ \t]+\(x[0-9]{1,6}[ \t]+over[ \t]+[0-9][0-9a-z]{0,12}\))?[ \t]+[a-z][a-z0-9.,/-]{0,60}[ \t]{2,})?"
)
_NAME_LINE = re.compile(
    r"[ \t>]*" + _EVENT_ROW + r"(?:#{1,3}[ \t]+)?"
    r"([^\W\d_][\w'’./-]{0,30}(?:[ \t]+[^\W\d_][\w'’./-]{0,30}){1,4})[ \t]*\r?$",
    re.M,
)
# (the same lines on the fold: a capital or a non-ASCII letter (DEL) opens each word; group 1 is where
# `_NAME_LINE` starts)
_NAME_LINE_GATE = Rx(
    r"(?m)(?:^|[\"'`])([ \t>]*" + _EVENT_ROW + r"(?:#{1,3}[ \t]+)?[A-Z\x7f][A-Za-z0-9_\x7f'./-]*"
    r"(?:[ \t]+[A-Z\x7f][A-Za-z0-9_\x7f'./-]*){1,4}[ \t]*\r?)$"
)
# a contact line holds a contact's value, not only its word (`The email worker retries` is prose):
# an e-mail address, a contact emoji, or a contact word with a number or an address after it (`Tel:
# +44…`, `Email ana@…`). Never a placeholder, nor a placeholder's own kind word (`[REDACTED:phone:4d…]`):
# a phone the first pass redacted under a label no contact word names (`Mob:`) would make the second
# pass read the name above it that the first pass kept (not idempotent); a name the first pass read
# is a placeholder on the second anyway
_CONTACT = re.compile(
    rf"@[\w-]+\.\w|[{phone_labels.SYMBOLS}]\ufe0f?[ \t]{{0,4}}[:|]?[ \t]{{0,4}}(?:\+|\(?\d)|\u2709|"
    r"(?<!REDACTED:)(?i:\b(?:phone|mobile|tel|e-?mail|cell)\b)\.?[ \t]*(?:[:|–-][ \t]*)?(?:\+|\(?\d)"
)
_CONTACT_LINES = 5
# (`_CONTACT`'s ASCII part, one RE2 pass over the fold: most texts hold no contact word)
_CONTACT_GATE = Rx(r"(?i:\b(?:phone|mobile|tel|e-?mail|cell)\b)|@[A-Za-z0-9_\x7f-]+\.[A-Za-z0-9_\x7f]")


def _sender_ok(value: str) -> bool:
    """One to five words, each capitalised or a name particle, that pass the name lists' word checks."""
    words = value.split()
    if not 1 <= len(words) <= 5 or not all(_capital(w[0]) or w.lower() in _PARTICLES for w in words):
        return False
    if all(_caseless(w[0]) for w in words):
        # (a script without case: the line's layout is the evidence; letters and marks only)
        return all(c.isalpha() or unicodedata.category(c).startswith("M") for w in words for c in w)
    return pii._name_words_ok(value, single_needs_list=True)


def _caseless(c: str) -> bool:
    return c.isalpha() and c.lower() == c.upper()


def _capital(c: str) -> bool:
    """A capital, or a letter of a script without case (Arabic, Hebrew, Devanagari, Thai, CJK,
    Hangul: Unicode gives it no lower or upper form), which starts a name as a capital does."""
    return c.isupper() or _caseless(c)


def _titled(value: str) -> str:
    return " ".join(w if w.lower() in _PARTICLES else w[:1] + w[1:].lower() for w in value.split())


def _name_line_ok(value: str) -> bool:
    words = value.split()
    if not all(w.isupper() for w in words) and not all(w[0].isupper() and not w.isupper() for w in words):
        return False
    titled = _titled(value)
    tw = [w for w in titled.split() if w.lower() not in _PARTICLES]
    if not pii._name_shaped(tw) or not pii._name_words_ok(" ".join(tw), single_needs_list=True):
        return False
    firsts, lasts = pii._name_lists()
    # (in the Latin script the line begins with a listed given name, ends with a listed family name or
    # holds a name particle: `Freundliche Grüße` is a sign-off, `Page Setup` a heading; another
    # script's capitalised words have no list here)
    latin = all(c.isascii() or 0xC0 <= ord(c) <= 0x24F or 0x1E00 <= ord(c) <= 0x1EFF for c in value)
    particle = len(tw) < len(value.split())
    if latin and len(tw) > 1 and all(w.lower() in frequent_english() and w not in lasts for w in tw[1:]):
        return False  # (`Max Connections`, `Grace Period`: a heading's everyday words after a given name)
    return not latin or tw[0] in firsts or tw[-1] in lasts or particle


def _contact_below(text: str, end: int) -> bool:
    pos = end
    for _ in range(_CONTACT_LINES):
        nl = text.find("\n", pos + 1)
        line_end = len(text) if nl < 0 else nl
        if _CONTACT.search(text, pos, line_end) is not None:
            return True
        if nl < 0:
            return False
        pos = nl
    return False


# sign-offs of several languages (regards, greetings, sincerely), the name's line, a number's line
_SIGNATURE_PHONE = re.compile(
    r"^[ \t>]*(?i:thanks|thank[ \t]+you|many[ \t]+thanks|cheers|best|best[ \t]+regards|kind[ \t]+regards|regards|"
    r"warm[ \t]+regards|sincerely|all[ \t]+the[ \t]+best|saludos|un[ \t]+saludo|atentamente|cordialement|"
    r"bien[ \t]+[àa][ \t]+vous|mit[ \t]+freundlichen[ \t]+gr[üu](?:ß|ss)en|viele[ \t]+gr[üu](?:ß|ss)e|gr[üu](?:ß|ss)e|"
    r"pozdrawiam|s[ \t]+pozdravem|pozdrav|pozdrawiam|abra[cç]os|atenciosamente|cumprimentos|saygılarımla|"
    r"с[ \t]+уважением|з[ \t]+повагою|поздрави|met[ \t]+vriendelijke[ \t]+groet|distinti[ \t]+saluti|"
    r"cordiali[ \t]+saluti)"
    r"[ \t]*[,!.]?[ \t]*\r?\n[ \t>]*([^\W\d_][^\n]{0,60}?)[ \t]*\r?\n[ \t>]*(\+?[\d(][\d ()./-]{6,20}\d)[ \t]*\r?$",
    re.M,
)


# a name, then its birth: `Name (born …`, `Name, born …`, `Name (b. …`, `Name, née …`
# (no blanks before the bracket or comma in the pattern: a run of them would be rescanned from each
# blank; `_name_before` steps back over the few there are)
_BORN_AFTER = re.compile(r"(?:\([ \t]{0,4}|,[ \t]{1,4})(?:born|b\.|n[ée]e?|geb\.|geboren|nacid[oa]|nata|nato)[ \t]")
_WORD_BEFORE = re.compile(r"[^\W\d_][\w'’-]{1,30}\Z")
_BORN_REACH = 130  # characters before the cue where the name's words are read
# (the cue's own opening, a bracket or a comma before the word: `one ` or `done ` opens nothing)
_BORN_GATE = re.compile(r"(?:\(|,)[ \t]{0,4}(?:born|b\.|n[ée]e?|geb\.|geboren|nacid[oa]|nata|nato)[ \t]")
_BORN_SET_GATE = Rx(r"(?:\(|,)[ \t]{0,4}(?:born|b\.|n(?:\x7f|e)e?|geb\.|geboren|nacid[oa]|nata|nato)[ \t]")

# An airline's passenger name (IATA's reservation and boarding-pass convention, Resolution 792 BCBP
# and the PNR name element): SURNAME/GIVEN NAMES in capitals, then the passenger's title (MR, MRS, MS,
# MISS, MSTR, DR, PROF, MX; CHD, INF for a child or an infant); or the same after a passenger label
# without the title. Each part bounded, no nested unbounded repeats: linear.
_IATA_PART = r"[A-Z][A-Z'-]{1,30}"
_IATA_TITLE = r"(?:MR|MRS|MS|MISS|MSTR|DR|PROF|MX|CHD|INF)"
_IATA_NEXT = rf"(?:[ ](?!{_IATA_TITLE}(?![\w/])){_IATA_PART})"  # (a further name word, never the title)
_IATA = re.compile(
    rf"(?<![\w/.-])({_IATA_PART}{_IATA_NEXT}{{0,2}}/{_IATA_PART}{_IATA_NEXT}{{0,2}})"
    # (the title ends the name element: the line, a field or markup follows it, never more words,
    # `CI/CD MS Teams`, `TCP/IP MR 42`)
    rf"(?:[ \t]+({_IATA_TITLE})(?=[ \t]*(?:$|[\r\n<\"'\\,;|)\]}}\u00b7])))?(?![\w/])",
    re.M,
)
# (a passenger label: not a bare `name:`, a CI workflow's `name: CI/CD`; rev46r R8)
_IATA_LABEL = re.compile(r"(?i:passenger|pax|traveller|traveler)(?:[ \t]*\d{1,2})?[ \t]*:[ \t]*\Z")
_IATA_GATE = Rx(r"[A-Z]{2}/[A-Z]{2}")

# (`pii`'s Set pass opens the module on an ASCII text only where one of these matches)
GATES = (_CHAT_GATE, _SIGNATURE_GATE, _CONTACT_GATE, Rx(r"\"from\""), _BORN_SET_GATE, _IATA_GATE)


def _name_before(text: str, end: int) -> tuple[int, int] | None:
    """The run of two to four capitalised words ending at `end` on its line, if it reads as a name."""
    start, pos, words = end, end, 0
    lo = max(0, end - _BORN_REACH)
    while words < 4:
        m = _WORD_BEFORE.search(text, lo, pos)
        if m is None or not m.group(0)[0].isupper() or (m.start() > 0 and text[m.start() - 1] not in " \t\n\"'(>:"):
            break
        start, words = m.start(), words + 1
        if m.start() == 0 or text[m.start() - 1] not in " \t":
            break
        pos = m.start() - 1
        while pos > lo and text[pos - 1] in " \t":
            pos -= 1
    if words < 2 or not _born_name_ok(text[start:end]):
        return None
    return start, end


def _born_name_ok(value: str) -> bool:
    words = value.split()
    return all(w[0].isupper() for w in words) and pii.person_cell(" ".join(words))


def _iata_listed(value: str) -> bool:
    """A part of the passenger name is a listed given or family name (`MR` also ends a GitLab merge
    request's mention, `the CI/CD MR`: a title alone is no passenger's sign)."""
    firsts, lasts = pii._name_lists()
    return any(w.title() in firsts or w.title() in lasts for w in re.split(r"[ /]", value) if len(w) > 2)


def _iata_spans(text: str) -> Iterator[Span]:
    for m in _IATA.finditer(text):
        value = m.group(1)
        surname, given = value.split("/", 1)
        labelled = _IATA_LABEL.search(text, max(0, m.start(1) - 24), m.start(1)) is not None
        if len(surname) <= 3 and len(given) <= 3 and not (labelled and _iata_listed(value)):
            continue  # `LHR/JFK`, `DEV/OPS`: airport pairs and acronyms (`Dev` is a given name too)
        # (untitled after a passenger label: not a fare class or a direction, every word an everyday one:
        # `Passenger: ECONOMY/PREMIUM`, `pax: INBOUND/OUTBOUND`; rev46r R17)
        words = [w.title() for w in re.split(r"[ /]", value) if w]
        if m.group(2) is None and all(pii.everyday_words(words)):
            continue
        # (titled: a listed name part or a passenger label; untitled: the passenger label)
        if labelled or (m.group(2) is not None and _iata_listed(value)):
            yield Span(m.start(1), m.end(1), "person_name")


def document_name_spans(text: str) -> Iterator[Span]:
    if "/" in text and _IATA_GATE.search(text) is not None:
        yield from _iata_spans(text)
    if "\n" in text and _SIGNATURE_GATE.search(text) is not None:
        for m in _SIGNATURE_PHONE.finditer(text):
            # (the sender's line: one to five capitalised words or particles, `CI bot` is none)
            words = m.group(1).split()
            signed = len(words) <= 5 and all(w[0].isupper() or w.lower() in _PARTICLES for w in words)
            named = _sender_ok(m.group(1))
            # (a dotted number under a sender that is no name is as likely a version, `1.24.3-2024`
            # under `Release Team`: only blanks, hyphens and brackets are a phone's punctuation alone)
            # (a bare run of 8-9 digits only under a sender's name: `Release Team` over `12345678` is none)
            bare_ok = named or not (m.group(2).isdigit() and len(m.group(2)) <= 9)
            if signed and bare_ok and (named or "." not in m.group(2)) and phone_labels.dialable(m.group(2)):
                yield Span(m.start(2), m.end(2), "phone")
                if named:  # (the block's layout names its sender too)
                    yield Span(m.start(1), m.end(1), "person_name")
    if _CHAT_GATE.search(text) is not None:
        for m in _CHAT_LINE.finditer(text):
            value = m.group(1).strip()
            if _sender_ok(value):
                a = m.start(1) + (len(m.group(1)) - len(m.group(1).lstrip()))
                yield Span(a, a + len(value), "person_name")
    if '"from"' in text:
        for m in _TELEGRAM_FROM.finditer(text):
            near = _TELEGRAM_MESSAGE.search(text, max(0, m.start() - _REACH), m.end() + _REACH)
            if near is not None and _sender_ok(m.group(1)):
                yield Span(m.start(1), m.end(1), "person_name")
    if _BORN_GATE.search(text) is not None:
        for m in _BORN_AFTER.finditer(text):
            end = m.start()
            while end > 0 and m.start() - end < 4 and text[end - 1] in " \t":
                end -= 1
            name = _name_before(text, end)
            if name is not None:
                yield Span(name[0], name[1], "person_name")
    contact = _CONTACT_GATE.search(text) is not None or phone_labels.has_symbol(text) or "\u2709" in text
    if contact:
        # (candidate lines by one RE2 pass over the fold: capitalised words alone on a line; each is
        # then read by `_NAME_LINE` on the original text)
        for _, (a, _b) in _NAME_LINE_GATE.finditer(text):
            m = _NAME_LINE.match(text, a)
            if m is not None and _name_line_ok(m.group(1)) and _contact_below(text, m.end()):
                yield Span(m.start(1), m.end(1), "person_name")


_NAME_TAIL = re.compile(
    r"[ \t]+(?:bin|binti|bte|bt\.|a/l|a/p|s/o|d/o|Dela|Delos|De[ \t]+La|De[ \t]+Los)[ \t]+"
    r"[^\W\d_](?:[\w-]|['’](?=\w)){1,30}(?:[ \t]+[A-Z](?:[\w-]|['’](?=\w)){1,30})?"
)


def name_tails(text: str, spans: list[Span]) -> list[Span]:
    """Person-name spans extended over a patronymic or family particle and the name after it."""
    out: list[Span] = []
    for s in spans:
        if s.kind == "person_name":
            m = _NAME_TAIL.match(text, s.end)
            if m is not None and text[m.end() - 1 : m.end()].isalpha():
                out.append(Span(s.start, m.end(), "person_name"))
    return out
