"""A number a person holds, read from its label's meaning and the value's grammar (issue 17).

A membership, patient, policy, tax or licence number, a customer reference, an id card's number:
most countries and organisations issue one, each with a format of its own, and the label names it
in the writer's words (`member no.`, `client ref`, `policy number`, `número de cliente`). No list of
formats covers them; what they share is a sentence's grammar:

- the label is a noun phrase whose head names an identifier (number, no., nr, id, ref, code, card,
  licence, permit, account; `número`, `nummer`, `numer`, `nomor`…) and that is a person's: a
  possessive or a holder stands before it (`my`, `her`, `their`, `mi`, `meine`, `mijn`…; a
  possessive that is also an English word, `min`, `mon`, `su`, only before a head of its own
  language; a capitalised genitive only before "number": `Ana's number`) or a word in it names a
  person's role or a personal-data domain (member, customer, patient, citizen, tax, insurance,
  pension, passport…). An owner may also stand before a bare abbreviation, then a separator or a
  copula (`my NHI is …`): an acronym the owner holds names one of their numbers.
- the value follows: after a separator or a copula (`:`, `#`, `=`, `'s`, `is`, `es`, `est`, `ist`),
  or, after an owner's phrase, a short lowercase clause, maybe parenthetical (`my member no.
  (the new one) …`, `his tax number, if it helps, …`);
  it is a code of capitals and digits (digits at least five, or four in a code of seven or more),
  maybe in groups (`4411 2089 1234`, `AB-120-449`), never a date, a version or a word.
- a label about software or logistics (an order, issue, build, port, line, PR, client id…) is no
  one's personal number; the rule leaves it alone.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.national_ids import look_alike
from persona_pipeline.core.evidence.redaction.spans import (
    Span,
    digitless_placeholders,
    line_start,
    protected_ranges,
    untouched,
)


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


# the head of the label: the noun naming an identifier, in English and the Latin-script languages
# the other detectors read (folded: no diacritics)
_HEADS = _words(
    "number numbers no nr nro num id ids identifier ident ref reference code card licence license permit "
    "certificate registration account acct "
    "numero numeros nummer nummern numer numeru nomor nombor numara numarasi numri broj cislo szam szama numar "
    "codigo tarjeta carte karte kaart karta cartao documento dokument document cedula kod"
)
_NUMBER_HEADS = _words("number no nr nro num id numero nummer numer nomor nombor numara numri broj cislo szam")
# words naming a person's role or a personal-data domain (folded)
_PERSONAL = _words(
    "member membership customer client patient citizen citizenship personal person tax taxpayer social "
    "insurance insured policy licence license driver drivers driving passport identity identification "
    "national voter student employee staff payroll resident residence residency pension health medical "
    "benefit benefits welfare inmate prisoner offender loyalty reward rewards patron library booking "
    "reservation frequent flyer traveller traveler enrolment enrollment beneficiary subscriber holder "
    "cliente paciente socio afiliado contribuyente ciudadano identidad identidade identite identitat "
    "persoonlijk persoons burger fiscal fiscale steuer sozial securite sociale seguro seguridad "
    "asegurado cidadao eleitor elector electoral kimlik vergi podatkowy pasaporte pasaporta reisepass "
    "ausweis personalausweis versicherung versicherten krankenkasse mitglied kunden kunde klant lid "
    "membre adherent assure paspoort rijbewijs pasaport penduduk"
)
# possessives and holders before the label (folded), English and the Latin-script languages
_OWNERS = _words(
    "my his her their your our mi mis su sus tu tus meu minha seu sua teu tua mon ma mes son sa ses ton ta "
    "notre votre leur mio suo tuo mein meine meinen meiner meines sein seine ihr ihre ihren dein deine "
    "unser unsere mijn zijn haar jouw uw hun onze min mitt mina din ditt hans hennes hendes sin sitt deres "
    "moj moja moje mojego jego jej ich muj benim onun"
)
# owners of another language that are also English words or a developer's tokens (`min`, `sin`,
# `su`, `mon`, `ton`, `mes`...): they own a head of their own language only (`mon numéro`, `min
# personnummer`), never an English head, an abbreviation or a `#` (`min id: 4`, `min QPS 5`)
_AMBIGUOUS_OWNERS = _words("min sin su sus mon ton son mes ses ma sa ta tu mis din hans mina hun")
# the heads English shares with developer text (a possessive of another language before one of
# these is a word of the text's own language: `min`, `sin`)
_ENGLISH_HEADS = _words(
    "number numbers no nr num id ids identifier ident ref reference code card licence license permit "
    "certificate registration account acct document"
)
_GENITIVE_HEADS = _NUMBER_HEADS - {"id"}
# what a label about software, logistics or a service's own objects names: no one's number
_NOT_PERSONAL = _words(
    "order invoice tracking shipment parcel serial model part product sku batch lot build version release "
    "revision port line error exit status commit job run pipeline process pid thread page item row column "
    "step issue ticket bug task story pr mr pull merge request test sample node pod container instance "
    "cluster project repo branch file transaction trace span correlation event message flight gate route "
    "seat room table sequence index count area zone region app application api bot channel guild server "
    "workspace org organization organisation tenant subscription aws gcp azure cloud device "
    "hardware http response session"
)
# abbreviations after an owner that are a developer's, not a number the owner holds
_NOT_PERSONAL_ACRONYMS = _words(
    "PR MR PID UID GID API URL URI CPU GPU RAM OS VM DB SHA CI CD SDK CLI TTL IDE "
    "ASN AMI ARN VPC SLA SLO QPS RPS TPS PORT JIRA UUID GUID MAC IP DNS TCP UDP SSH PGP GPG SKU"
)
_MAX_LABEL_WORDS = 4
_REACH = 48  # characters read before a head for the rest of its label (bounded: linear)

# a label's word (a genitive keeps its `'s`: it marks an owner), or a `#` standing for "number"
_TOKEN = re.compile(r"[^\W_]+(?:['\u2019]s\b)?|#")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
# a head word or an acronym, each a candidate label's last word (the rest is read backwards)
# (the heads as written: with their diacritics, which `_fold` strips when the label is read)
_WRITTEN_HEADS = _HEADS | _words("número números numéro código cartão číslo szám száma număr numarası cédula")
_HEAD_RX = re.compile(
    r"(?<![^\W_])(?:(?i:"
    + "|".join(sorted(_WRITTEN_HEADS, key=len, reverse=True))
    + r")\.?|(?-i:[A-Z]{2,6}))(?![^\W_])|#"
    r"|(?<=[a-z])(?:No|Nr|Number|Id|ID|Ref|Code)(?![^\W_])"  # (camelCase: `memberNo`, `policyNumber`)
    r"|(?<![^\W_])[^\W\d_]{2,40}?(?i:nummer|numero|numer)(?![^\W_])"  # (a compound: `Versicherungsnummer`)
)
# the stems a compound's first part holds when the number is a person's (German, Dutch, the Nordic
# languages: `Steuer-`, `Versicherten-`, `Mitglieds-`, `klant-`, `person-`, `medlems-`, `skatte-`…)
_COMPOUND_STEMS = (
    "document",
    "vero",
    "sosiaali",
    "vakuutus",
    "person",
    "identi",
    "steuer",
    "versicher",
    "mitglied",
    "kunde",
    "sozial",
    "burger",
    "pension",
    "rente",
    "patient",
    "ausweis",
    "pass",
    "reisepass",
    "fuhrerschein",
    "kranken",
    "klant",
    "lid",
    "medlem",
    "kund",
    "sosial",
    "skatt",
    "skatte",
    "sygesikring",
    "henkilo",
    "asiakas",
    "jasen",
    "client",
    "burgerservice",
)
# a prepositional complement after the head (`número de cédula`, `number of the insured`)
_COMPLEMENT = re.compile(
    r"(?i)[ \t]{1,3}(?:of|de|del|do|da|di|du|des|van|von|der)((?:[ \t]{1,3}[^\W\d_][^\W_]{0,30}){1,3})"
)
_COMPLEMENT_WORD = re.compile(r"[^\W_]+")
# from the head's end: `'s`, then a separator or a copula (each run bounded: linear)
_CONNECT = re.compile(
    r"(?:['\u2019]s\b)?[\"']?[ \t]{0,3}"
    r"(?:(?:[:#=|]{1,2}|->|=>)[ \t]{0,3}|(?:is|was|es|est|ist|er|ar|jest|je|e)[ \t]{1,3})?"
    r"(?:[\"'`]|\\[\"'])?#?"
)
# after an owner's phrase: a short lowercase clause, maybe set off by a comma before it too (a
# parenthetical: `my passport no., if it helps, V`), then a comma, a colon or a dash
_CLAUSE = re.compile(
    r"(?:[ \t]{0,2}[,(\u2014-][ \t]{0,3}|[ \t]{1,3})[a-z]{1,12}(?:[ \t]{1,3}[a-z]{1,12}){0,5}"
    r"[ \t]{0,3}(?:\)[ \t]{0,3}[,:]?|[,:\u2014-])[ \t]{1,3}[\"'`]?"
)
# one or two words of another script between a label and its colon (`<label> yoxlanıldı: V`)
_GAP_COLON = re.compile(r"(?:[ \t]{1,3}[^\s\d:=,;|\"'`<>()\[\]{}]{1,15}){1,2}[ \t]{0,3}:[ \t]{1,3}[\"'`]?")
# a speaker who is a person the writer serves, and a line that is one value (`caller: 4471-2209-X`)
# (not `client:`, `member:`, `guest:`: a config file's or a log's keys as often as a speaker)
_ROLES = "customer|patient|caller|applicant|cliente|paciente|kunde|klant|asiakas"
_ROLE_LINE = re.compile(
    rf"(?i)(?<![^\W_])(?:{_ROLES})"
    r"[ \t]{0,2}:[ \t]{1,3}(?-i:([A-Z0-9]{1,24}(?:(?:[-./]|[ ](?=[A-Z]{0,3}\d))[A-Z0-9]{1,24}){0,8}))"
    r"[ \t]*(?=$|\n|\\n|[\"'`\\])"
)
# the value: capitals and digits, maybe in groups (a group after a space holds a digit)
_VALUE = re.compile(
    r"[A-Z0-9]{1,24}(?:(?:[-./]|[ ](?=[A-Z]{0,3}\d))[A-Z0-9]{1,24}){0,8}(?![^\W_]|[-./@][^\W_])",
)
_DATE = re.compile(r"\d{1,4}[-./]\d{1,2}[-./]\d{1,4}")
_VERSION = re.compile(r"v?\d{1,3}(?:\.\d{1,6}){1,3}")
# One RE2 pass finds where a label may stand with digits after it on its line or the next (a
# header's row): a head word (the fold writes a non-ASCII letter as one DEL byte: `n\x7fmero`), a
# compound ending in a number word, a `#`, an owner before an abbreviation, a role before a colon.
# Only those segments are read further (Python's own search of the heads over a whole text cost as
# much as the rest of the engine). Unbounded runs within a line keep the automaton small.
_ASCII_HEADS = "|".join(sorted((h for h in _WRITTEN_HEADS if h.isascii()), key=len, reverse=True))
_FOLDED_HEADS = "n\x7fmeros?|num\x7fro|c\x7fdigo|cart\x7fo|\x7f\x7fslo|sz\x7fma?|num\x7fr|numaras\x7f|c\x7fdula"
_OWNER_WORDS = "|".join(sorted((w for w in _OWNERS if w.isascii()), key=len, reverse=True))
_CUES = "|".join(sorted((w for w in _OWNERS | _PERSONAL if w.isascii()), key=len, reverse=True))
_ANY_HEAD = rf"\b(?:{_ASCII_HEADS}|{_FOLDED_HEADS})\b|[a-z](?-i:No|Nr|Number|Id|ID|Ref|Code)\b|#"
GATE = Rx(
    # a person's word or an owner, then a head (or a head, then a person's word: a complement) ...
    rf"(?i:\b(?:{_CUES}|[a-z]+'s)\b[^\n]*(?:{_ANY_HEAD})|(?:{_ANY_HEAD})[^\n]*\b(?:{_CUES})\b"
    # ... a compound ending in a number word, an owner before an abbreviation, a role before a colon
    rf"|[a-z\x7f]{{2,40}}(?:nummer|numero|numer)\b|\b(?:{_OWNER_WORDS})[ \t]+(?-i:[A-Z]{{2,6}})\b"
    rf"|\b(?:{_ROLES})[ \t]{{0,2}}:|\b[a-z]{{3,30}}(?-i:No|Nr|Number|Id|ID|Ref|Code)\b)"
    # ... then digits on its line or the next (a table header's row)
    # (or three pairs: a number read in pairs, as Danish, Faroese, Norwegian and French write theirs)
    r"[^\n]*(?:\d{3}|\d\d[ .-]\d\d[ .-]\d\d|\n[^\n]*(?:\d{3}|\d\d[ .-]\d\d[ .-]\d\d))"
)


@lru_cache(maxsize=8192)
def _fold(word: str) -> str:
    if word.isascii():
        return word.lower()
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


# (a value holds four digits or more, in groups of three or more, or in pairs: `82 25 17`)
_DIGITS = re.compile(r"\d{3,}|\d\d[ .-]\d\d[ .-]\d\d")
_VALUE_REACH = 120  # characters from a label's end to its value's first digits (a clause, a complement)
_LAST_CLAUSE = re.compile(r'[.,;:!?()\[\]{}"=][^.,;:!?()\[\]{}"=]*$')


def _label_start(text: str, start: int) -> int:
    """Where the label ending in a head at `start` begins: its line, at most `_REACH` back, after a
    clause's last punctuation (`ok. my …`)."""
    # (each search bounded by the window: from a text's start it would be quadratic)
    lo = max(line_start(text, start, _REACH), text.rfind("]", max(0, start - _REACH), start) + 1)
    cut = _LAST_CLAUSE.search(text, lo, start)
    return cut.start() + 1 if cut is not None else lo


def _label_words(text: str, start: int, head_end: int) -> list[str]:
    """The label's words, last first: the head and up to three words before it on its line (a
    snake_case or camelCase key is split into its words)."""
    spaced = _CAMEL.sub(" ", text[_label_start(text, start) : head_end]).replace("_", " ")
    return _TOKEN.findall(spaced)[::-1][: _MAX_LABEL_WORDS + 1]


def _owner(word: str, head: str = "") -> bool:
    """`word` holds the label ending in `head` (folded; "" for an abbreviation or a `#`)."""
    w = _fold(word)
    if w in _OWNERS:
        return w not in _AMBIGUOUS_OWNERS or (bool(head) and head.rstrip(".") not in _ENGLISH_HEADS)
    if not word.endswith(("'s", "\u2019s")) or len(word) <= 3:
        return False
    # a holder's genitive: `the customer's` (a personal word); a capitalised one (`Ana's`, but also
    # `Today's`, `Docker's`) only before a head that says "number", not a thing's code, id or card
    return w[:-2] in _PERSONAL or (word[0].isupper() and head.rstrip(".") in _GENITIVE_HEADS)


def _owner_before(text: str, pos: int) -> bool:
    """An owner is the word right before `pos` (one space between)."""
    before = text[max(0, pos - 16) : pos]
    if not before.endswith((" ", "\t")):
        return False
    words = _TOKEN.findall(before)
    return bool(words) and _owner(words[-1])


def _value_ok(v: str, owned: bool = True, key: bool = False) -> bool:
    """A person's number by its grammar. A short run of digits alone is anything's count or row
    unless an owner holds it; under a bare `id` (`patron_id,4471`: a table's row key) digits
    alone need the length of an issued number."""
    compact = [c for c in v if c.isalnum()]
    digits = sum(c.isdigit() for c in compact)
    if not 5 <= len(compact) <= 24 or digits < 4 or (digits == 4 and len(compact) < 7):
        return False
    if v.isdigit() and len(v) < (8 if key and not owned else 5 if owned else 6):
        return False
    if v.count(".") == 1 and v.replace(".", "").isdigit():
        return False  # a decimal number (`3.14159265`), not an issued one
    return _DATE.fullmatch(v) is None and _VERSION.fullmatch(v) is None


def _personal_label(words: list[str], acronym: bool) -> tuple[bool, bool, bool]:
    """(a person's label, it has an owner, a word of it names a person's role or data) of a label's
    words, last (the head) first."""
    folded = [_fold(w).removesuffix("'s").removesuffix("\u2019s") for w in words]
    owned = False
    phrase: list[str] = []
    head = "" if acronym or words[0] == "#" else folded[0]
    for w, f in zip(words[1:], folded[1:], strict=True):
        if _owner(w, head):
            owned = True
            break
        phrase.append(f)
    if acronym:
        # an abbreviation names the owner's number only right after the owner (`my NHI`)
        return (owned and not phrase and words[0] not in _NOT_PERSONAL_ACRONYMS), owned, False
    if words[0] == "#" and owned and not phrase:
        return False, owned, False  # (`our #4471`: an issue or a PR the owner refers to, no noun names it)
    if any(f in _NOT_PERSONAL for f in [folded[0], *phrase]) or (phrase[:1] == ["client"] and folded[0] == "id"):
        # (`client id`: an OAuth application's, not a client's)
        return False, owned, False
    personal = any(f in _PERSONAL for f in phrase) or (folded[0] in _PERSONAL)
    return owned or personal, owned, personal


def personal_number_spans(text: str) -> Iterator[Span]:
    """Numbers a person holds after a label that names one of theirs (see the module's doc)."""
    found: list[Span] = []
    tables: dict[int, tuple[str, _Rows]] = {}
    roles = False
    # (digits counted outside placeholders: a second pass must gate what the first did)
    gated = digitless_placeholders(text)
    for ((g0, g1),) in GATE.finditer(gated):
        roles = roles or _ROLE_LINE.search(text, g0, g1) is not None
        # (the segment's last line break, found once: slicing to it per head was quadratic on a line
        # of many digit-less heads with digits only on the next line)
        last_nl = text.rfind("\n", g0, g1)
        for m in _HEAD_RX.finditer(text, g0, g1):
            # (a value's digits close after the head, or the head is a table header's cell)
            if _DIGITS.search(gated, m.end(), m.end() + _VALUE_REACH) is not None or (
                last_nl >= m.end() and _may_head_a_column(text, m.start(), m.end())
            ):
                _read_head(text, m, found, tables)
    for r in _ROLE_LINE.finditer(text) if roles else ():
        # (digits alone on such a line need an issued number's length: `customer: 4412` is a count)
        if _value_ok(r[1], owned=False, key=True):
            found.append(Span(r.start(1), r.end(1), "personal_id"))
    if found:
        yield from untouched(found, protected_ranges(text))


def _may_head_a_column(text: str, start: int, end: int) -> bool:
    """A header cell's line reaches at most `_MAX_LINE` either side of it (as `_column_cells` and
    `_table_below` read it): a head farther from both line breaks heads no column, and is not read."""
    if text.find("\n", end, end + _MAX_LINE) < 0:
        return False
    return start <= _MAX_LINE or text.rfind("\n", start - _MAX_LINE, start) >= 0


def _read_head(text: str, m: re.Match[str], found: list[Span], tables: dict[int, tuple[str, _Rows]]) -> None:
    """The value a label ending in the head `m` names, if the label is a person's (added to `found`)."""
    head = m[0]
    acronym = head.isupper() and head.isalpha() and len(head) >= 2 and _fold(head) not in _HEADS
    if acronym and not _owner_before(text, m.start()):
        return  # (an abbreviation counts right after its owner only: checked before reading its label)
    words = _label_words(text, m.start(), m.end())
    if not words:
        return
    ok, owned, named = _personal_label(words, acronym)
    folded = _fold(head)
    compound = len(head) > 6 and folded.endswith(("nummer", "numer", "numero"))
    if compound and not ok:
        stem = folded[: -6 if folded.endswith(("nummer", "numero")) else -5]
        # a short stem only as the compound's first part (`kund` in `Kundennummer`, not in
        # `Sekundennummer`; `lid` not in `Validierungsnummer`); a stem of six letters or more may be
        # a later part too (`Krankenversicherungsnummer`): that long a substring is rarely chance
        ok = any(stem.startswith(s) if len(s) < 6 else s in stem for s in _COMPOUND_STEMS)
    ends = [(m.end(), ok)]
    cm = _COMPLEMENT.match(text, m.end())
    if cm is not None and not acronym:
        extra = False
        for w in _COMPLEMENT_WORD.finditer(text, cm.start(1), cm.end(1)):
            extra = extra or _fold(w[0]) in _PERSONAL or (w[0].isupper() and len(w[0]) >= 2)
            ends.append((w.end(), (ok or extra) and words[0].lower() in _WRITTEN_HEADS))
    key = folded in ("id", "ids")
    for pos, personal in reversed(ends):
        if personal:
            # (an abbreviation takes its value after a separator or a copula, never a bare space:
            # `my NHI is V`, `my NHI: V`; `my JIRA KEY-1` is a ticket)
            number_head = compound or named or pos != m.end() or head == "#" or folded.rstrip(".") in _NUMBER_HEADS
            span = _value_after(text, pos, number_head, owned, key and pos == m.end())
            if span is not None:
                # (the whole label, to the value: `card no.:` is the catalogue's `card no`)
                if not look_alike(text[_label_start(text, m.start()) : span.start], text[span.start : span.end]):
                    found.append(span)
                break
    else:
        if ok:  # the label may be a table's column header: the column decides its cells
            found.extend(_column_cells(text, m.start(), owned, key, tables))


_SEPARATORS = (",", "\t", ";", "|")
_MAX_ROWS = 500
_MAX_LINE = 2000  # a header line's length, at most
_MAX_COLUMNS = 40


_Rows = list[tuple[int, list[str]]]


def _column_cells(text: str, at: int, owned: bool, key: bool, tables: dict[int, tuple[str, _Rows]]) -> list[Span]:
    """The cells under a header cell at `at` (a CSV, TSV or pipe table: the header line and each row
    below it hold as many separators), those that read as a person's number. `tables`: each header
    line's rows, split once for all of its columns."""
    # (the searches bounded: from the text's ends they would be quadratic over many labels)
    ls = text.rfind("\n", max(0, at - _MAX_LINE), at) + 1
    if ls == 0 and at > _MAX_LINE:
        return []
    if ls not in tables:
        # (a header line inside a table read already is one of its rows: each line is read as a
        # row once, so many header-like lines cost no more than one table of them)
        # (headers come in text order: the last table read is the only one that may hold this line)
        inside = ls <= tables.get(-1, ("", []))[1][-1][0] if -1 in tables else False
        tables[ls] = ("", []) if inside else _table_below(text, ls, at)
        if tables[ls][1]:
            tables[-1] = tables[ls]  # (the last table read, under a key no line starts at)
    sep, rows = tables[ls]
    if not rows:
        return []
    col = text.count(sep, ls, at)
    out: list[Span] = []
    for pos, cells in rows:
        start = pos + sum(len(c) + 1 for c in cells[:col])
        cell = cells[col]
        value = cell.strip().strip("\"'`").strip()
        if value and _VALUE.fullmatch(value) and _value_ok(value, owned, key):
            a = start + cell.find(value)
            out.append(Span(a, a + len(value), "personal_id"))
    return out


def _table_below(text: str, ls: int, at: int) -> tuple[str, _Rows]:
    """The separator and rows (start, cells) of the table whose header line starts at `ls`."""
    le = text.find("\n", at, at + _MAX_LINE)
    if le < 0:
        return "", []
    line = text[ls:le]
    sep = next((c for c in _SEPARATORS if c in line), None)
    if sep is None or line.count(sep) > _MAX_COLUMNS:
        return "", []
    width = line.count(sep)
    rows: _Rows = []
    pos = le + 1
    for _ in range(_MAX_ROWS):
        if pos >= len(text):
            break
        end = text.find("\n", pos, pos + _MAX_LINE)
        end = min(len(text), pos + _MAX_LINE) if end < 0 else end
        row = text[pos:end]
        if row.count(sep) != width:
            break
        rows.append((pos, row.split(sep)))
        pos = end + 1
    return sep, rows


def _value_after(text: str, pos: int, number_head: bool, owned: bool, key: bool) -> Span | None:
    """The value after a label ending at `pos` (a separator or a copula first; after an owner's label,
    maybe a short clause), if it reads as a person's number. `number_head`: the label's last word
    says "number" (a bare space may then stand before the value: `member no 1234567`)."""
    c = _CONNECT.match(text, pos)
    at = c.end() if c is not None else pos
    v = _VALUE.match(text, at)
    if v is not None and _value_ok(v[0], owned, key):
        # (only spaces or quotes between: `code 12345` is anything's, `number 12345` a number's)
        bare = not text[pos:at].strip(" \t\"'`")
        return None if bare and not number_head else Span(v.start(), v.end(), "personal_id")
    g = _GAP_COLON.match(text, pos)
    if g is not None and text[pos : g.end()].isascii():
        g = None  # (a word of this language between is that word's number: `health id table rows: 4081…`)
    if g is None and owned:
        g = _CLAUSE.match(text, pos)  # `his tax number, if it helps, V`
    v = _VALUE.match(text, g.end()) if g is not None else None
    if v is None or not _value_ok(v[0], owned, key):
        return None
    return Span(v.start(), v.end(), "personal_id")
