"""libphonenumber's verdict on one candidate read in one region, cached: pii's national formats
and intl_formats' grouped shapes try the same candidates in overlapping regions (ES, IT, AU)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from persona_pipeline.core.evidence.redaction.register_checks import luhn_ok
from persona_pipeline.core.evidence.redaction.spans import label_window, line_start


@lru_cache(maxsize=16384)
def valid_region(raw: str, region: str | None) -> str | None:
    """The region a valid number belongs to ("ZZ" when libphonenumber names none), with `raw` read
    as dialled in `region` (None: only a `+cc` number parses); None when it is no valid number."""
    import phonenumbers

    try:
        num = phonenumbers.parse(raw, region)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(num):
        return None
    return phonenumbers.region_code_for_number(num) or "ZZ"


# a group of two to four digits and one space right before a candidate, after no digit and no `+`
# (one digit is a trunk prefix, the number's own: `8 029 …`, `1 415 …`)
_GROUP_BEFORE = re.compile(r"(?<![\d+])\d{2,4} $")


def leading_group(text: str, start: int) -> bool:
    """Whether a digit group stands right before a candidate at `start` (`51 ` before `824 753
    556`): the candidate is then the tail of a longer grouped number (a business number, a
    reference). Were the whole run a phone, the detectors' own candidate from its start holds it.
    A group ending a value of its own (`ssn 123-45-6789 0171 …`) is no part of the candidate."""
    return _GROUP_BEFORE.search(text, max(0, start - 5), start) is not None and not value_before(text, start)


# the word(s) right before a candidate, one blank before it, that are a whole value another reader
# validates: an SSN, an IPv4 address, a date, or blank/dash-grouped digits (a card) or an IBAN
_VALUE_REACH = 48
_SSN_BEFORE = re.compile(r"(?:^|\s)(\d{3})-(\d{2})-(\d{4}) $")
_IPV4_BEFORE = re.compile(r"(?:^|\s)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3}) $")
_DATE_BEFORE = re.compile(r"(?:^|\s)(?:\d{4}([-./])\d{1,2}\1\d{1,2}|\d{1,2}([-./])\d{1,2}\2\d{2,4}) $")
_GROUPS_BEFORE = re.compile(r"(?:^|\s)([A-Z]{2}\d{2}[ -])?((?:[A-Z0-9]{1,6}[ -]){0,7}\d{1,6}) $")


def value_before(text: str, start: int) -> bool:
    """Whether the text right before `start` ends with a value of its own (see `_VALUE_REACH`):
    its last group belongs to it, not to a longer number the candidate would be the tail of."""
    window = text[line_start(text, start, _VALUE_REACH) : start]
    if not window.endswith(" "):
        return False
    if (m := _SSN_BEFORE.search(window)) is not None:
        return m[1] not in ("000", "666") and m[1][0] != "9" and m[2] != "00" and m[3] != "0000"
    if (m := _IPV4_BEFORE.search(window)) is not None:
        return all(int(g) <= 255 for g in m.groups())
    if _DATE_BEFORE.search(window) is not None:
        return True
    m = _GROUPS_BEFORE.search(window)
    if m is None:
        return False
    groups = m[2].replace("-", " ").split()
    if m[1] is not None:  # an IBAN: its country, check digits and the groups (mod 97)
        compact = m[1][:4] + "".join(groups)
        return 15 <= len(compact) <= 34 and compact.isalnum() and _mod97(compact)
    # a card's digits: the last groups, 13 to 19 digits with a Luhn check (an order's group before
    # them is no part of the card: `order 12 4539 …`)
    for i in range(len(groups)):
        digits = "".join(groups[i:])
        if digits.isdigit() and 13 <= len(digits) <= 19 and luhn_ok(digits):
            return True
    return False


def past_value(text: str, start: int, end: int) -> int:
    """`start` moved past the groups a candidate took from the value before it (`2024-03-05 0171
    2345678` read from `05`, a card's last group read with the phone after it): the value owns
    them, and the rest is judged as the candidate."""
    pos = text.find(" ", start, end)
    while pos >= 0:
        if value_before(text, pos + 1):
            return pos + 1
        pos = text.find(" ", pos + 1, end)
    return start


def _mod97(compact: str) -> bool:
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in rearranged)) % 97 == 1


_COLUMN_GAP = re.compile(r"[ \t]{2,}|\t")
# a table's header cell right before a value: the label word opens its line or follows a column
# gap, has no `:`/`=` after it (a key/value line's label has), and the value is on the next line
# (behind the same quote or comment marker the header's line may carry: `> `, `# `, `// `)
# (or, in the joined-lines view of a REPL's output, `views._joined`, behind its ` = ` after a header
# of two cells or more: `>>> df[…] =    member_id  phone = 4127   88123  …`)
_HEADER_CELL = re.compile(
    r"(?:(?:^|\n|[ \t]{2,}|\t)[^\s:=]+[ \t]*\r?\n[ \t]*(?:(?:>|#|//|--|;|\*)[ \t]*)*"
    r"|(?:[ \t]{2,}|\t)[^\s:=]+(?:[ \t]{2,}|\t)[^\s:=]+ = [ \t]*)$"
)


def column_cut(text: str, start: int, end: int, valid: Callable[[str], bool]) -> str:
    """The labelled candidate `text[start:end]`, up to its first run of two blanks or a tab where a
    table is established (its label heads an aligned column, the value is a row below: the cells
    that open the row are no number of the header's) or where the part before the gap is itself a
    valid number for the label and the whole is not (were both, the longer keeps every digit).
    Elsewhere a run of blanks is a copy-paste's or a form's spacing inside one number
    (`0151  23456789`), and the whole candidate stays."""
    raw = text[start:end]
    m = _COLUMN_GAP.search(raw)
    if m is None:
        return raw
    head = raw[: m.start()]
    if _HEADER_CELL.search(text, max(0, start - 80), start) is not None or (valid(head) and not valid(raw)):
        return head
    return raw


# the plans read first: a number none of them calls a business line is left a person's (the safe
# side) without reading it in the others
_FIRST_PLANS = ("US", "GB", "DE", "FR", "IT", "ES", "NL", "AT", "CH", "PL", "CZ", "JP", "AU", "BR", "IN")
_GROUPS = re.compile(r"\d+")
_PLAIN_DIGITS = re.compile(r"\d*")


@lru_cache(maxsize=1)
def _plan_shapes() -> tuple[
    tuple[str, frozenset[int], re.Pattern[str] | None, int, int, re.Pattern[str] | None, str], ...
]:
    """Per plan (phonenumbers' metadata): the national number's possible lengths and the pattern
    every valid national number matches (of every plan sharing its country code: Tristan da
    Cunha's reading may be St Helena's number), how many digits a national prefix may take off or a
    transform rule may add, the international prefix (a plan reads `00…`/`011…` as another
    country's number) and the country code (written before a national number it is taken off)."""
    import phonenumbers
    from phonenumbers.phonemetadata import PhoneMetadata

    lengths_of: dict[int, set[int]] = {}
    patterns_of: dict[int, list[str]] = {}
    for region in phonenumbers.SUPPORTED_REGIONS:
        md = PhoneMetadata.metadata_for_region(region)
        if md is not None and md.general_desc is not None:
            lengths_of.setdefault(md.country_code, set()).update(md.general_desc.possible_length or ())
            patterns_of.setdefault(md.country_code, []).append(md.general_desc.national_number_pattern or ".*")
    shapes = []
    for region in sorted(phonenumbers.SUPPORTED_REGIONS):
        md = PhoneMetadata.metadata_for_region(region)
        if md is None or md.general_desc is None:
            continue
        npp = md.national_prefix_for_parsing or md.national_prefix or ""
        pattern: re.Pattern[str] | None = None
        if md.national_prefix_transform_rule or not _PLAIN_DIGITS.fullmatch(npp):
            # a pattern prefix (carrier codes, Japan's 0037680) strips up to 7 digits; a transform
            # rule adds an area code (NANP's islands, San Marino's 0549) of up to 4: lengths only
            strip, add = 7, 4
        else:
            strip, add = max(len(npp), len(md.national_prefix or "")), 0
            pattern = re.compile("|".join(f"(?:{p})" for p in patterns_of[md.country_code]))
        idd = re.compile(md.international_prefix) if md.international_prefix else None
        lengths = frozenset(lengths_of[md.country_code])
        shapes.append((region, lengths, pattern, strip, add, idd, str(md.country_code)))
    return tuple(shapes)


def _plans_for(digits: str) -> tuple[str, ...]:
    """The plans in which `digits` can be a valid number at all: less a national prefix (or plus
    a transform rule's digits) it has one of the plan's possible lengths and matches its national
    number pattern, or it opens with the plan's international prefix or country code. A cheap
    prefilter only: parsing in the plans it leaves out cannot find a valid reading."""
    n = len(digits)
    out = []
    for region, lengths, pattern, strip, add, idd, code in _plan_shapes():
        if (
            (
                any(n - k in lengths and pattern.fullmatch(digits, k) for k in range(strip + 1))
                if pattern is not None
                else any(n - k in lengths for k in range(-add, strip + 1))
            )
            or digits.startswith(code)
            or (idd is not None and idd.match(digits))
        ):
            out.append(region)
    return tuple(out)


def _readings(raw: str, regions: tuple[str | None, ...]) -> list[tuple[int, list[int]]]:
    """(number type, digit groups of the plan's own format) of each valid reading of `raw`."""
    import phonenumbers
    from phonenumbers import PhoneNumberFormat

    out: list[tuple[int, list[int]]] = []
    for region in regions:
        try:
            num = phonenumbers.parse(raw, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(num):
            style = PhoneNumberFormat.INTERNATIONAL if region is None else PhoneNumberFormat.NATIONAL
            fmt = phonenumbers.format_number(num, style)
            out.append((phonenumbers.number_type(num), [len(g) for g in _GROUPS.findall(fmt)]))
    return out


# NANP's toll-free service codes with the country code (NANPA: 800, 833, 844, 855, 866, 877, 888):
# an area code of no place, allocated to toll-free service only, so never a person's line even
# where libphonenumber rejects the exchange (`+1-800-0xx-…`: its pattern wants a first digit 2-9)
_NANP_TOLL_FREE = frozenset(("1800", "1833", "1844", "1855", "1866", "1877", "1888"))


@lru_cache(maxsize=8192)
def business_line(raw: str) -> bool:
    """Whether a phone number is a business line: toll-free (the callee pays), shared-cost or
    premium-rate as its numbering plan allocates it (libphonenumber's `number_type`). Such
    numbers are allocated to organisations, never to a person's line, so they are not personal data.

    A national number is read in the plan whose own grouping it is written in (`0800 428 7719` is
    Britain's freephone grouping; the same digits read in India's plan are a mobile, grouped
    otherwise); when no plan's grouping matches, every plan that finds it valid must agree, and a
    number written without a trunk 0 must be a business line in most plans that read it. A UAN
    (one number for an organisation, e.g. Britain's 03) shares its shapes with geographic numbers
    elsewhere (`030` is Berlin): it counts only when no plan reads the digits as a fixed line or a
    mobile."""
    from phonenumbers import PhoneNumberType

    paid = {PhoneNumberType.TOLL_FREE, PhoneNumberType.SHARED_COST, PhoneNumberType.PREMIUM_RATE}
    found = _GROUPS.findall(raw)
    groups = [len(g) for g in found]
    international = raw.lstrip("(").startswith("+")
    digits = "".join(found)
    if len(digits) == 11 and digits[:4] in _NANP_TOLL_FREE and (international or groups[:1] == [1]):
        return True  # (the whole service code is toll-free, whatever exchange digits follow it)
    if not international and not any(t in paid or t == PhoneNumberType.UAN for t, _ in _readings(raw, _FIRST_PLANS)):
        return False  # (most numbers: no business reading in the plans that have the most of them)
    # every plan that can read the digits: any of them reading a fixed line or a mobile in the
    # grouping written vetoes a business reading (the veto is the privacy side; not approximated)
    readings = _readings(raw, (None,) if international else _plans_for("".join(found)))
    kinds = [t for t, _ in readings]
    if not any(t in paid or t == PhoneNumberType.UAN for t in kinds):
        return False
    # (a trunk prefix written as a group of its own, `1-800-…`, `8 800 …`, is still the plan's grouping)
    matched = [t for t, fg in readings if fg == groups or (groups[:1] == [1] and groups[1:] == fg)]
    pool = matched or kinds
    if not raw.startswith("0") and 2 * sum(t in paid for t in kinds) < len(kinds):
        # without a trunk 0 the digits tie to no plan (`842 122 971` is grouped as Czechia groups
        # its shared-cost numbers, and is valid in twenty other plans): most plans must agree
        return False
    if all(t in paid for t in pool):
        return True
    personal = {PhoneNumberType.FIXED_LINE, PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE_OR_MOBILE}
    return all(t in paid or t == PhoneNumberType.UAN for t in pool) and not personal.intersection(kinds)


# The head nouns of labels that name a business record or an artefact, not a person (general
# developer and commerce vocabulary: orders and their paperwork, builds and CI runs, trackers,
# shipments, transactions). An account's, a customer's, a member's, a patient's or a policy's
# number is a person's and is not here.
RECORD_NOUNS = (
    r"order|purchase[ \t_-]?order|invoice|receipt|quote|quotation|build|revision|commit|pipeline|workflow|"
    r"deploy(?:ment)?|ticket|bug|pull[ \t_-]?request|merge[ \t_-]?request|shipment|consignment|parcel|"
    r"tracking|transaction"
)
# nouns that are labels of a record only with a number word, `#` or `id` after them (in prose
# they are common words: `change 0770… to the new number`, `port 0151…`, `Item: …`); abbreviations
# are short words of other languages too (Tagalog's polite `po`)
GENERIC_NOUNS = (
    r"change|request|process|port|item|model|job|run|task|issue|version|transfer|incident|release|part|"
    r"product|lot|batch|story|patch|po|pr|mr|rev|pid"
)
_NUMBER_WORD = r"(?:number|num|no\.?|nr\.?|id|#)"
# the label must open its line (behind a quote or list marker, a shell prompt's `> `/`$ `) or
# field (a key `order_id=`, `"order":`, a string literal, a cell after `,;(|` or a tab): after a
# determiner, a preposition or a pronoun the noun is prose (`about the order: …`)
_RECORD_LABEL = re.compile(
    rf"(?im)(?:^[ \t]*(?:(?:>|[-*+#]|//)[ \t]*)*[\"']?|(?<=[,;(|{{\[\t])[ \t]*[\"']?|(?<=[>$] )[\"']?|"
    rf"(?<=[\s=:(])[\"'])"
    rf"(?:(?:(?:{RECORD_NOUNS}|{GENERIC_NOUNS})[ \t_-]+)?(?:{RECORD_NOUNS})(?:[ \t_-]*{_NUMBER_WORD})?|"
    rf"(?:{RECORD_NOUNS})[ \t_-]+(?:{GENERIC_NOUNS})(?:[ \t_-]*{_NUMBER_WORD})?|"
    rf"(?:{GENERIC_NOUNS})[ \t_-]*{_NUMBER_WORD}|sku|txn)"
    rf"[\"']?[ \t]*[:=#]?[ \t]*[\"']?$"
)
# a record noun right before the digits, nothing but a blank or `#` between, is the number's own
# label wherever it stands (a noun naming the number that follows it: `the build 0171… failed`,
# `see ticket #0171…`); with a colon after it a label after a determiner is prose (`about the
# order: …`), read by `_RECORD_LABEL` above
_RECORD_NOUN_BEFORE = re.compile(rf"(?i)(?<![\w-])(?:{RECORD_NOUNS})[ \t]*#?[ \t]*$")
# ...but that bare reading is weaker than a label opening its line and yields to prose around it:
# a preposition before the noun phrase makes the noun the object of the sentence (`ask about the
# parcel 0791…`), a calling verb anywhere on the line (English verb forms) or a person's number
# (`Ana's number`, `her line`) makes the digits a line to call
_PROSE_BEFORE_NOUN = re.compile(
    r"(?i)(?<![\w-])(?:about|re|regarding|concerning|for|after)[ \t]*:?[ \t]+"
    r"(?:(?:the|this|that|these|those|a|an|my|your|our|his|her|their|its)[ \t]+)?$"
)
_CALLING = re.compile(
    r"(?i)\b(?:call(?:s|ed|ing)?|ring(?:s|ing)?|rang|reach(?:es|ed|ing)?|text(?:s|ed|ing)?|"
    r"dial(?:s|l?ed|l?ing)?|contact(?:s|ed|ing)?|phon(?:es|ed|ing)|message[sd]?|messaging|"
    r"whatsapp(?:ed)?|sms(?:ed)?)\b|"
    r"(?:\b\w+['\u2019]s|\b(?:his|her|their|your|our))[ \t]+(?:number|line|no\b\.?|nr\b\.?)"
)
# a phone word or a first-person contact cue in the same line outranks a record's label
_CONTACT_CUE = re.compile(
    r"(?i)\b(?:phone|mobile|cell(?:phone)?|tel|telephone|fax|whats ?app|sms|handy|portable|"
    r"(?:call|text|ring|reach|phone|contact|message|sms|whatsapp)[ \t]+me|"
    r"my[ \t]+(?:cell|mobile|phone|number|line|landline))\b"
)


_LINE_REACH = 2000


def record_label(text: str, start: int, end: int | None = None) -> bool:
    """Whether the label right before `start` names a business record (`PO number 913…`, `build
    #2024…`, `order: …`): its head noun, opening the label, outranks a phone's shape and a weak
    number word, unless the line has a phone word or a contact cue of its own (a placeholder's kind,
    `[REDACTED:phone:…]`, is none: the line is read as the first pass read it beside the value).
    A bare record noun before the digits (no label opening the line) also yields to prose around it
    and, given the value's `end`, to digits written in a plan's grouping of a personal line."""
    near = max(0, start - 40)
    labelled = _RECORD_LABEL.search(text, near, start) is not None
    noun = None if labelled else _RECORD_NOUN_BEFORE.search(text, near, start)
    if not labelled and noun is None:
        return False
    # (the line, not a distance: a placeholder shorter or longer than its value moves a cue in or out
    # of a fixed reach, and a second pass would decide otherwise; bounded on a long one-line text)
    lo = line_start(text, start, _LINE_REACH)
    hi = text.find("\n", start, start + _LINE_REACH)
    hi = hi if hi >= 0 else min(len(text), start + _LINE_REACH)
    line = label_window(text, lo, hi) if "[REDACTED:" in text[lo:hi] else text[lo:hi]
    if _CONTACT_CUE.search(line) is not None:
        return False
    if noun is None:
        return True
    if _PROSE_BEFORE_NOUN.search(text, max(lo, noun.start() - 30), noun.start()) or _CALLING.search(line):
        return False
    # digits written exactly as a plan groups a personal line (`07911 123456`, Britain's mobile
    # grouping) are a line, not a record's number: the noun before them cannot outweigh that
    return end is None or not personal_grouping(text[start:end])


def personal_grouping(raw: str) -> bool:
    """Whether some numbering plan reads `raw` as a fixed line or a mobile in the digit groups it is
    written in (libphonenumber's national format of that plan)."""
    from phonenumbers import PhoneNumberType

    personal = {PhoneNumberType.FIXED_LINE, PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE_OR_MOBILE}
    groups = [len(g) for g in _GROUPS.findall(raw)]
    if len(groups) < 2:
        return False  # (an ungrouped run is written in no plan's grouping)
    digits = "".join(_GROUPS.findall(raw))
    return any(t in personal and fg == groups for t, fg in _readings(raw, _plans_for(digits)))


def business_line_at(text: str, start: int, end: int) -> bool:
    """`business_line` of a phone span (with the `+` a detector may leave before it)."""
    if text[start - 1 : start] == "+":
        start -= 1
    return business_line(text[start:end])


# one digit repeated, the whole value (no country code, no trunk prefix)
_FILLER = re.compile(r"\(?(\d)(?:[ .()-]{0,2}\1){6,}")


def filler_number(raw: str) -> bool:
    """Whether a phone-shaped value is a form's filler: one digit repeated and nothing else
    (`99999999`, `(999) 999-9999`), what forms and fixtures type for "no number" (as `0000000000`,
    which no plan reads as valid). A country code or a trunk 0 before the run makes it a dialled
    number: carriers sell such runs as vanity numbers (`+7 777 777 7777`, `0777 777777`)."""
    return _FILLER.fullmatch(raw.strip()) is not None


def filler_number_at(text: str, start: int, end: int) -> bool:
    """`filler_number` of a phone span (with the `+` a detector may leave before it)."""
    if text[start - 1 : start] == "+":
        start -= 1
    return filler_number(text[start:end])


# A quantity grouped in thousands (`2 147 483 648 bytes`, `rows: 4.294.967.296`): groups of exactly
# three digits after the first, carried on past the phone span, with a unit or a counted noun beside
# it. A phone label or a calling verb before the digits always wins (`mobile 6xx xxx xxx calls
# after 6` is a phone). Then three kinds of word decide:
# - units no phone is counted in: SI/IEC byte and sub-second units, currency codes and signs
#   (not a lone `s` or `h`: a word's letter after a number);
# - nouns only tools count (rows, records, commits…: general knowledge of their output);
# - nouns that also follow a phone number in speech (`… 9 hours`, `… messages only`): a quantity
#   only when the digits are no valid number of a region that writes phones in such groups.
_UNITS = r"(?-i:(?:[kKMGTP]i?)?B)|bytes?|octets?|bits?|[mµun]s|EUR|USD|GBP|CHF|JPY|[€$£¥]"
_TOOL_NOUNS = (
    r"rows?|records?|lines?|files?|entries|requests?|reqs?|queries|tokens?|objects?|packets?|commits?|"
    r"ops|downloads?|documents?|blobs?|chunks?|tuples?"
)
_SPOKEN_NOUNS = (
    r"secs?|seconds?|mins?|minutes?|hours?|days?|items?|users?|events?|messages?|calls?|hits?|views?|"
    r"visits?|keys?|pages?|times|points|votes|stars"
)
# labels of a count or a size before the digits (`rows:`, `size =`), in English, German, French,
# Spanish, Dutch and Polish (general vocabulary: size, count, amount, total)
_COUNT_LABELS = (
    r"size|count|total|sum|amount|gr(?:ö|oe)(?:ß|ss)e|anzahl|gesamt|taille|nombre|tama(?:ñ|n)o|cantidad|"
    r"grootte|aantal|totaal|rozmiar|liczba|suma"
)
_THOUSANDS = re.compile(r"\d{1,3}([ .,\u00a0\u202f])\d{3}(?:\1\d{3})+")
# (bounded: a long run of groups holding several phone-shaped spans is walked a few groups per span)
_MORE_GROUPS = re.compile(r"(?:[ .,\u00a0\u202f]\d{3}(?!\d)){0,8}")
_FIRM_AFTER = re.compile(rf"(?i)[ \t\u00a0]*(?:{_UNITS}|{_TOOL_NOUNS})(?![\w])")
_SPOKEN_AFTER = re.compile(rf"(?i)[ \t\u00a0]*(?:{_SPOKEN_NOUNS})(?![\w])")
_COUNT_BEFORE = re.compile(rf"(?i)\b(?:{_UNITS}|{_TOOL_NOUNS}|{_COUNT_LABELS})[ \t]*[:=][ \t]*$")
# a phone or contact label, a calling verb, `my number` (English, Spanish, Portuguese, French,
# Italian, German, Dutch, Polish, Czech, Slovak and the Nordic languages)
_PHONE_BEFORE = re.compile(
    r"(?i)\b(?:phone|telephone|tel|mobile?|mob|cell|cellphone|celular|cellulare|handy|natel|gsm|fax|"
    r"whats[ \t]?app|telegram|viber|sms|call(?:s|ed|ing)?|ring|dial(?:led)?|contact[oa]?|kontakt|"
    r"llam\w*|ll[áa]m\w*|m[óo]vil|tel[ée]fono|telefone|t[ée]l[ée]phone|telefon\w*|telefoon|appel\w*|"
    r"chiama\w*|ligue|zadzwo\w*|dzwo\w*|kom[óo]rk\w*|mobil\w*|puhelin|tlf|tfno|zavolej\w*|zavolaj\w*|"
    # (words that are common nouns elsewhere — a `plain-text` body, a league — only with their object)
    r"(?:text(?:ed)?|reach|bel|ruf|liga)[ \t]+(?:me|us|him|her|them|to|from|mich|uns|pra|para)|"
    r"(?:my|mi|mój|moj|meu|mon|mein|mijn|il[ \t]+mio)[ \t]+(?:number|n[úu]mero|numer|nummer|num[ée]ro|portable))\b"
)
# regions whose phones are written in groups of three (ES, PT, PL, CZ, SK, FR, IT…) and the
# commonest plans: a spoken noun counts only when the digits are a phone in none of them
_GROUPED_PLANS = ("ES", "PT", "PL", "CZ", "SK", "FR", "IT", "DE", "GB", "US", "NL", "BE", "CH", "AT", "SE", "NO")


def grouped_quantity(text: str, start: int, end: int) -> bool:
    """Whether the digits at start:end (and the groups of three that carry on after them) are a
    quantity grouped in thousands with its unit or counted noun beside it, not a phone number."""
    end = _MORE_GROUPS.match(text, end).end()
    if _THOUSANDS.fullmatch(text, start, end) is None:
        return False
    lo = line_start(text, start, 60)
    if _PHONE_BEFORE.search(text, lo, start) is not None:
        return False
    if _FIRM_AFTER.match(text, end) is not None or _COUNT_BEFORE.search(text, max(0, start - 24), start):
        return True
    if _SPOKEN_AFTER.match(text, end) is None:
        return False
    digits = re.sub(r"\D", "", text[start:end])
    return not any(valid_region(digits, r) is not None for r in _GROUPED_PLANS)
