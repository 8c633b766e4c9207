"""The rest of an address after its street line, and street lines of two more grammars (round 21).

The street grammars find a street and its number; what follows it in the same address is written
by a grammar of its own, in most countries the same few parts after commas:

- a unit: floor, flat, door, block (`piso 9`, `depto. B`, `Unit 4`, `кв. 23`, `ет. 4`, `Daire 9`);
- a district with its designator (`Brgy. San Antonio`, `Col. Roma`, `Mah. Moda`);
- the postcode and the town, in either order (`11000 Beograd`, `34710 Kadıköy/İstanbul`, `Arequipa
  04001`, `Quezon City 1100`), then maybe a region (`, Metro Manila`, `, Selangor`);
- a town after its Cyrillic abbreviation (`м. Київ`, `гр. Пловдив`) and a postcode alone after it.

`address_tails` extends each address span found by the detectors over such parts (and over a house
number written before the street, `No. 12, Jalan …`), and over the next line when that line is
indented under the street (a labelled block's continuation) or quoted like it and holds a postcode
and town. A part must match whole, and a bare town or capitalised words after a comma are never a
part on their own (`Calle Mayor 5, Madrid and Lisbon`: only the street is the address).

`street_form_spans` reads two street-line grammars the Latin-alphabet grammars do not: a Turkish
street (`<name> Cad./Sok./Bulvarı` then `No: 12`, the number label required) and a Cyrillic one (a
street-type abbreviation of Ukrainian, Russian or Bulgarian, `вул.`, `ул.`, `просп.`, `бул.`, the
name, maybe quoted, and the house number).

`street_form_spans` also reads an address line led by a house, a ward or a colonia (round 22), the
order of much of South Asia, West Africa and Central America, where the house's number comes with
its own word and the street is one part among comma-separated parts (`House 12, Road 4, Block C`,
`House No. 8, Street 3, G-6/1`, `Plot 14, Airport Road`, `Ward No. 4, <area>, house 9`, `Col.
<area>, Calle <name>, casa 21`): a chain of such parts holding a house part (its word and number) and
a street or area part (a road word with a number or a name, a block, sector, ward, colonia or
district), then the town with its postcode. A house word alone (`House 3` of a series) or a chain
without a street or area part is no address.

An address block's lines (round 22): a street span alone on its line takes the next line too when
that line, after the same markers (quote `>`, comment `#`, diff `+`), is the postcode and town alone.

Every pattern is a bounded `re` match at one position: linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction import street_grammar
from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

# a capitalised word of a Latin or Cyrillic alphabet, or an abbreviation with its dot
_UP = "A-ZÀ-ÖØ-ÞĀ-ŽА-ЯЁЇІЄҐ"
# (an apostrophe only inside a word, `O'Connell`: a closing quote after a town is no letter of it)
_WORD = r"(?:[\w-]|['’](?=\w))"
_CAP = rf"[{_UP}]{_WORD}{{0,30}}\.?"
_CAPS = rf"{_CAP}(?:[ \t]+(?:{_CAP}|de|del|la|da|do|dos|das|di|am|an|bei)){{0,3}}"
# unit designators (floor, flat, door, block, office), as several languages abbreviate them
_UNIT = (
    r"(?:(?i:piso|planta|depto|dpto|dept|apto|apt|apartment|unit|suite|ste|flat|floor|andar|sala|bloco|bloque|"
    r"puerta|pta|esc|int|stock|etage|stiege|top|kat|daire|blk|block|lot|house|casa|"
    # (a Saudi national address's additional number, after the district)
    r"additional[ \t]+(?:no|number))|кв|ет|ап|вх|бл|эт|оф|офис|стан)"
    r"\.?:?[ \t]*(?:[0-9]{1,5}[A-Za-z]?|[A-Z])(?![\w-])"
    r"|\d{1,3}(?:st|nd|rd|th|º|ª|°)[ \t]*(?:(?i:floor)|[A-Z]\b)?"
)
# district designators (barangay, colonia, bairro, barrio, urbanización, mahalle, taman, kelurahan)
_DISTRICT = (
    rf"(?:Brgy\.|Barangay|Bgy\.|Col\.|Colonia|Bairro|Barrio|Urb\.|Mah\.|Mahallesi|Taman|Kel\.|Kec\.|Edif\.|"
    rf"Edificio|Sector|Block)[ \t]+{_CAPS}"
    # (the designator after the name: `Al Malaz Dist.`, `Ring District`)
    rf"|{_CAPS}[ \t]+(?:Dist\.|District)"
)
_POSTAL = r"(?:[A-Z]{1,2}-)?\d{4,6}|\d{3}[ \t]\d{2}|\d{5}-\d{3}|\d{4}-\d{3}|\d{2}-\d{3}|[A-Z]\d{4}(?:[A-Z]{3})?"
_POSTAL_TOWN = rf"(?:{_POSTAL})[ \t]+{_CAPS}(?:/{_CAP})?"
_TOWN_POSTAL = rf"{_CAPS}[ \t]+\d{{4,6}}"
# a Cyrillic settlement abbreviation: місто, город, град, село, селище
_CYR_TOWN = rf"(?:м|г|гр|с|смт)\.[ \t]*{_CAP}"
_PART = re.compile(rf"(?:({_UNIT})|({_DISTRICT})|({_POSTAL_TOWN})|({_TOWN_POSTAL})|({_CYR_TOWN}))(?![\w'’])")
# after a postcode and town (or a Cyrillic town), a region or the postcode alone
_AFTER_TOWN = re.compile(rf"(?:{_CAPS}|\d{{4,6}})(?![\w'’])")
_COMMA = re.compile(r",[ \t]*")
_MAX_PARTS = 6
# a house number before the street, then its comma: `No. 12, `, `Lot 4, `
_NUMBER_FIRST = re.compile(r"(?:No\.?|Nr\.?|Lot|Unit)[ \t]*\d{1,5}[A-Za-z]?,[ \t]*$")
# a street span ending in what the street grammar took as the house number, a postcode before its town
_ENDS_IN_CODE = re.compile(r",[ \t]*\d{4,6}$")


# a span already ending in its town: a postcode and town, a town and postcode, a Cyrillic town
_TOWN_END = re.compile(rf"(?:(?:{_POSTAL})[ \t]+{_CAPS}|[ \t]\d{{4,6}}|{_CYR_TOWN})$")
_TOWN_AFTER_CODE = re.compile(rf"[ \t]+{_CAPS}(?![\w'’])")
_PLACE = re.compile(rf"{_CAPS}(?![\w'’])")
# what may follow a bare town to its line's or field's end: a region or a country, a full stop
_TOWN_CLOSES = re.compile(rf"(?:,[ \t]*{_CAPS}(?![\w'’])){{0,2}}[ \t]*\.?[ \t]*(?:$|[\r\n\"'|;\t<]|\\[nrt\"])")


def _tail_end(text: str, start: int, end: int) -> int:
    """The end of the address parts following `end` (after commas), or `end`."""
    parts = 0
    town = _TOWN_END.search(text, max(start, end - 48), end) is not None
    pos = end
    if _ENDS_IN_CODE.search(text, max(0, end - 12), end) is not None:
        m = _TOWN_AFTER_CODE.match(text, pos)
        if m is not None:
            pos, town = m.end(), True
    while parts < _MAX_PARTS:
        c = _COMMA.match(text, pos)
        if c is None:
            break
        m = _PART.match(text, c.end())
        if m is not None:
            town = town or m.lastindex in (3, 4, 5)
        elif town:
            m = _AFTER_TOWN.match(text, c.end())
        elif (
            c.end() > c.start() + 1
            and (p := _PLACE.match(text, c.end())) is not None
            and _TOWN_CLOSES.match(text, p.end()) is not None
        ):
            # (a town without a postcode closing the address's line or field, a region or country after
            # it: where the country has no postcodes, `…, piso 4, Cochabamba`, `…, Kampala, Uganda`;
            # written after `, ` as a line's parts are, not right after a delimiter as a table's cell,
            # whose town goes with its street only in a table of people: `contact_cards`)
            m, town = p, True
        elif (p := _PLACE.match(text, c.end())) is not None and (c2 := _COMMA.match(text, p.end())) is not None:
            # (a district or suburb named bare, then its town with the postcode: `Miraflores, Lima 15074`)
            after = _PART.match(text, c2.end())
            m = p if after is not None and after.lastindex in (3, 4) else None
        if m is None or street_grammar.label_goes_on(text, m.end()):
            break  # (`…, Helsinki, PO number 041…`: the capitals head a label, no part of the address)
        pos = m.end()
        parts += 1
    return pos


# the next line, indented under the street's line (after the same quote markers), holding the town
_NEXT_LINE = re.compile(
    rf"\n((?:[ \t]*>)*)[ \t]{{2,}}(?:{_CAPS},[ \t]*)?(?:{_POSTAL_TOWN}|{_TOWN_POSTAL}|{_CYR_TOWN})(?![\w'’])"
)
_QUOTES = re.compile(r"[ \t>]*")


def _quote_depth(text: str, start: int) -> int:
    ls = text.rfind("\n", 0, start) + 1
    m = _QUOTES.match(text, ls, start)
    return 0 if m is None else m.group(0).count(">")


# the markers a line of a block may open with (quote, comment, diff, list), then the street
_MARKERS = re.compile(r"[ \t>#+*-]*")
# the town line under a street line of its own: the postcode and town alone on it (maybe a district
# first), then the line's end
_TOWN_LINE = re.compile(
    rf"(?:{_CAPS},[ \t]*)?(?:{_POSTAL_TOWN}|{_TOWN_POSTAL}|{_CYR_TOWN}"
    # (a town and a digital address code for a postcode: GhanaPost GPS, `AK-039-5028`)
    rf"|{_CAPS}[ \t]+[·•-][ \t]+[A-Z]{{2}}-\d{{3,4}}-\d{{4}}"
    # (a town, its district's abbreviation and the postcode: `Ciudad, D.F. 12345`)
    rf"|{_CAPS},[ \t]*(?:[A-Z]\.){{2,3}}[ \t]+\d{{4,6}})(?:,[ \t]*{_CAPS})?[ \t]*(?=\r?\n|$)"
)
# ... or the town alone on its line, where the block's contact line follows it (a label's lines: the
# addressee, the street, the town, the phone)
_TOWN_ALONE = re.compile(rf"{_CAPS}(?:,[ \t]*{_CAPS})?[ \t]*\r?\n")
# (a contact word with its value: `Phone: n/a` under a word is no contact line)
_CONTACT_AFTER = re.compile(
    r"(?i:tel\b|phone|mobile|cell\b|e-?mail)[a-z]*\.?[ \t]*[:=]?[ \t]*(?:\+|\(?\d|[\w.+-]+@[\w-]+\.)"
)


def _own_line_town(text: str, start: int, end: int) -> int:
    """The end of the town line under a street that stands alone on its line (an address block's
    grammar: a label's or a letter's lines), or `end`."""
    ls = text.rfind("\n", 0, start) + 1
    prefix = _MARKERS.fullmatch(text, ls, start)
    if prefix is None or not text.startswith("\n", end):
        return end
    marks = text[ls:start]
    nxt = end + 1
    if not text.startswith(marks, nxt):
        return end
    m = _TOWN_LINE.match(text, nxt + len(marks))
    if m is not None:
        return m.end()
    m = _TOWN_ALONE.match(text, nxt + len(marks))
    if m is None or not text.startswith(marks, m.end()):
        return end
    if _CONTACT_AFTER.match(text, m.end() + len(marks)) is None:
        return end
    return m.end() - (2 if text[m.end() - 2 : m.end()] == "\r\n" else 1)


def address_tails(text: str, spans: list[Span]) -> list[Span]:
    """Address spans extended over the parts that follow them (see the module)."""
    out: list[Span] = []
    for s in spans:
        if s.kind != "address":
            continue
        start, end = s.start, s.end
        m = _NUMBER_FIRST.search(text, max(0, start - 16), start)
        if m is not None:
            start = m.start()
        end = _tail_end(text, start, end)
        nl = _NEXT_LINE.match(text, end)
        if nl is not None and nl.group(1).count(">") == _quote_depth(text, s.start):
            end = _tail_end(text, start, nl.end())
        else:
            end = _own_line_town(text, start, end)
        if (start, end) != (s.start, s.end):
            out.append(Span(start, end, "address"))
    return out


# Turkish: the street's name and type (Caddesi, Sokak, Bulvarı and their abbreviations), then `No`
_TR_STREET = re.compile(
    rf"(?<![\w'’]){_CAP}(?:[ \t]+{_CAP}){{0,2}}[ \t]+(?:Cad\.|Caddesi|Cd\.|Sok\.|Sokak|Sokağı|Sk\.|Bulvarı|Blv\.|"
    r"Bulvar|Yolu)[ \t]+No[ \t]*[:.]?[ \t]*\d{1,5}[A-Za-z]?(?:/\d{1,4})?"
    r"(?:,?[ \t]+(?:Daire|D|Kat|K)[ \t]*[:.]?[ \t]*\d{1,4})*"
)
# Ukrainian, Russian, Bulgarian street types (вулиця, улица, проспект, бульвар, провулок, площа, шосе)
_CYR_STREET = re.compile(
    r"(?<![\w'’])(?:вул\.|вулиця|ул\.|улица|просп\.|проспект|пр-т|бул\.|бульв\.|бульвар|булевард|пров\.|провулок|"
    r"пер\.|переулок|пл\.|площа|площадь|ш\.|шосе|шоссе|наб\.)[ \t]*[„\"«]?"
    rf"[А-ЯЁЇІЄҐ0-9]{_WORD}{{0,30}}(?:[ \t]+{_WORD}{{1,30}}){{0,2}}[“”\"»]?"
    r",?[ \t]+(?:буд\.|д\.|№)?[ \t]*"
    r"\d{1,4}(?:[а-яa-z]|/\d{1,4})?(?![\w-])"
)
_TR_GATE = re.compile(r"Cad\.|Caddesi|Cd\.|Sok|Sk\.|Bulvar|Blv\.|Yolu")
_TR_SET_GATE = Rx(r"Cad\.|Caddesi|Cd\.|Sok|Sk\.|Bulvar|Blv\.|Yolu")
_CYR_GATE = re.compile(r"(?:ул\.|вул|просп|пр-т|бул|пров|пер\.|пл\.|ш\.|шос|наб\.|улиц)")


# an address label, a street line with its number, and the postcode and town on the next, indented
# line (a form's or a CV's block): the street needs no type word there
_LABELLED_BLOCK = re.compile(
    r"(?i:address|adresa|adres|adresse|anschrift|direcci[oó]n|endere[cç]o|indirizzo|domicilio)[ \t]*:[ \t]*"
    rf"({_CAPS},?[ \t]+\d{{1,5}}[A-Za-z]?(?:/\d{{1,4}})?(?:,[ \t]*{_UNIT}){{0,3}}[ \t]*\n(?:[ \t]*>)*[ \t]{{2,}}"
    rf"(?:{_CAPS},[ \t]*)?(?:{_POSTAL_TOWN}|{_TOWN_POSTAL}))(?![\w'’])"
)


# a street line with no type word (`Ilica 12`, `Knez Mihailova 9/15`) and its postcode and town, where
# the sentence announces an address (`the address is`, `I live at`) on its line or the line before,
# or as a line of its own beside a contact line (a letterhead's or a CV's block)
_TYPELESS = rf"{_CAPS}[ \t]+\d{{1,5}}[A-Za-z]?(?:/\d{{1,4}})?,[ \t]*(?:{_POSTAL_TOWN})(?![\w'’])"
_ANNOUNCED = re.compile(
    # (an owner before the noun lets a few words stand between it and its copula: `my address for the
    # delivery is`; without one the copula or colon follows the noun: `address of Windows 10` is none)
    r"(?<![\w])(?:(?i:(my|our|his|her|their|your|new|home|the)[ \t]+)?"
    r"(?i:address|adresa|adres|adresse|anschrift|direcci[oó]n|endere[cç]o|indirizzo|domicilio)"
    r"((?:[ \t]+[a-z][\w'’]{0,20}){0,4}?)(?:[ \t]+(?i:is|was)|[ \t]*:)"
    r"|(?i:live[sd]?[ \t]+at|living[ \t]+at|moved[ \t]+to|ship[ \t]+to|deliver[ \t]+to))"
    r"[ \t]*(?:\r?\n[ \t]*(?:>[ \t]?)*[ \t]*)?"
    rf"({_TYPELESS})"
)
# a move or a delivery announces an address more weakly than `address is` / `live at`: a product's
# upgrade is told so too (`moved to Node 18, 2023 LTS`): there the town must be no word of software
# releases (general versioning vocabulary: a release, an edition, an update, a support channel)
_MOVED = re.compile(r"(?i:moved|ship|deliver)")
_RELEASE_WORD = re.compile(
    r"(?i:release|releases|edition|update|upgrade|version|preview|beta|alpha|build|patch|stable|nightly|"
    r"lts|esr|ga|rc|eol|sp)(?![\w'’])"
)
_TOWN_AT = re.compile(rf",[ \t]*(?:{_POSTAL})[ \t]+")
_LINE_ALONE = re.compile(rf"(?m)^[ \t>]*({_TYPELESS})[ \t]*$")
# (a contact word anywhere on the line, or an e-mail; never a placeholder's kind word: a phone the first
# pass redacted under a label no contact word names (`Mob:`, `Portable :`) would make the second pass
# read the street beside it that the first pass kept, as `document_names._CONTACT` reads it)
_CONTACT_LINE = re.compile(r"(?<!REDACTED:)(?i:\b(?:phone|mobile|tel|e-?mail|cell)\b)|@[\w-]+\.\w")


# a location pin or a house before a contact line's segment (`📍 <address> · 📞 …`): the segment, up to
# the next separator, is the address when it holds a number
_PIN = re.compile(
    r"(?:\U0001f4cd|\U0001f3e0|\U0001f3e1)\ufe0f?[ \t]*([^\n·|•]{0,100}?\d[^\n·|•]{0,100}?)[ \t]*(?=[·|•]|$)", re.M
)
# the segment's street shape: a capitalised word and a house number (not a count, `Step 2 of 5`), a
# house number and a capitalised word (`12 Elm Street`), or a postcode and a town
_PIN_STREET = re.compile(
    rf"{_CAP}[ \t]+\d{{1,5}}[A-Za-z]?(?:/\d{{1,4}})?(?![\w./:])(?![ \t]+of\b)|"
    rf"(?<![\w.])\d{{1,5}}[A-Za-z]?[ \t]+{_CAP}|(?<![\w.])(?:{_POSTAL})[ \t]+{_CAP}"
)


# Each gate is implied by the patterns it guards (a text it rejects holds no match of them):
# `_TYPELESS`'s house number (a letter may follow it), its comma and the first characters every
# `_POSTAL` alternative opens with (two digits, a country prefix, a CPA's letter and four digits);
# `_LABELLED_BLOCK`'s label (its stem, then up to three letters: `Adresse`, `Dirección`, `Endereço` on
# the fold), colon and indented next line
_TYPELESS_GATE = Rx(r"\d[A-Za-z]?(?:/\d{1,4})?,[ \t]*(?:[A-Z]{1,2}-)?(?:\d\d|[A-Z]\d{4})")
_BLOCK_GATE = Rx(
    r"(?i:address|adres|anschrift|direcci|endere|indirizzo|domicilio)[A-Za-z\x7f]{0,3}[ \t]*:[^\n]*\d[^\n]*\n"
    r"[ \t>]*[ \t]{2}"
)


# An address led by a house, a ward or a colonia (see the module): its first part, capitalised
_HOUSE_WORD = r"(?:House|Plot|Flat|Holding|Villa|Bungalow|Casa)"
# (blank runs bounded: two unbounded runs side by side would split a long run every way)
_NO = r"(?:[ \t]{1,4}(?:No\.?|Nr\.?|N[°º]\.?|#))?[ \t]{0,4}#?"
_HOUSE_NUMBER = r"\d{1,5}[A-Za-z]?(?:[/-]\d{1,4}[A-Za-z]?)?(?![\w.]|/\w)"
_HOUSE_FIRST = re.compile(
    rf"(?<![\w.-])(?:({_HOUSE_WORD}{_NO}{_HOUSE_NUMBER})|"
    rf"(?:Ward{_NO}\d{{1,3}}(?!\w)|(?:Col\.|Colonia|Barrio)[ \t]+{_CAPS}(?![\w'’])))"
)
_ROAD_WORD = (
    r"(?:Road|Rd\.?|Street|St\.?|Lane|Ln\.?|Avenue|Ave\.?|Close|Crescent|Drive|Way|Highway|Sarani|Marg|Gali|Path|"
    r"Calle|Avenida|Av\.|Blvd\.?|Boulevard|Bulevar|Pasaje|Camino)"
)
# the parts after it: a house part (any case), a road or area part, a sector's code, a unit, a town and
# postcode, a place's name (one group each, in this order)
_CHAIN_PART = re.compile(
    rf"(?:((?i:house|plot|flat|holding|villa|casa){_NO}{_HOUSE_NUMBER})"
    rf"|({_ROAD_WORD}{_NO}\d{{1,4}}[A-Za-z]?(?![\w.])|{_CAPS}[ \t]+{_ROAD_WORD}(?:[ \t]+(?:East|West|North|South))?"
    rf"|(?:Calle|Avenida|Ave\.|Av\.)[ \t]+{_CAPS}|\d{{1,2}}(?:a|o|ª|º|st|nd|rd|th)[ \t]+{_ROAD_WORD}"
    rf"|(?:Col\.|Colonia|Barrio|Bo\.|Res\.|Residencial|Urb\.)[ \t]+{_CAPS}|{_CAPS}[ \t]+(?:Dist\.|District))"
    # (a numbered block, sector, phase or ward: also a document's, a game's or a plot's numbering)
    rf"|((?:Block|Blk\.?|Sector|Phase|Section|Zone|Ward{_NO})[ \t]*(?:\d{{1,3}}[A-Za-z]?|[A-Z])(?![\w.]))"
    r"|([A-Z]{1,2}-\d{1,3}(?:/\d{1,2}|-\d{4})?(?![\w/-]))"
    rf"|({_UNIT}|Edif\.[ \t]+{_CAPS}|Edificio[ \t]+{_CAPS})"
    rf"|((?:{_POSTAL})[ \t]+{_CAPS}|{_CAPS}[ \t]+\d{{4,6}}(?![\w-]))"
    rf"|({_CAPS}(?:[ \t]+[IVX]{{1,4}}|[ -]\d{{1,2}}(?!\d))?"
    rf"(?:,[ \t]*(?:[A-Z]\.){{2,3}}(?![\w.])|,[ \t]*[A-Z]{{2,3}}\b)?(?:[ \t]+\d{{4,6}})?)"
    r")(?![\w'’])"
)
_CHAIN_SEP = re.compile(r",[ \t]*|[ \t]+[·•][ \t]+")
_CHAIN_MAX = 8
_HOUSE_GATE = re.compile(r"(?:House|Plot|Flat|Holding|Villa|Bungalow|Casa|Ward|Col\.|Colonia|Barrio)[ \t#\d]")
_HOUSE_SET_GATE = Rx(r"(?:House|Plot|Flat|Holding|Villa|Bungalow|Casa|Ward|Col\.|Colonia|Barrio)[ \t#\d]")


def house_chain_spans(text: str) -> Iterator[Span]:
    """Address lines led by a house, a ward or a colonia (see the module)."""
    pos = 0
    while True:
        first = _HOUSE_FIRST.search(text, pos)
        if first is None:
            return
        # (a ward or a colonia first is an area of the address; a house first needs a road, or a
        # numbered area with the town and postcode: `Plot 3, Section 2` alone is a numbering)
        house, road, area, town = first.group(1) is not None, first.group(1) is None, False, False
        end, parts, last_name = first.end(), 0, False
        cur = end
        while parts < _CHAIN_MAX:
            sep = _CHAIN_SEP.match(text, cur)
            if sep is None:
                break
            m = _CHAIN_PART.match(text, sep.end())
            if m is None or (m.lastindex == 7 and last_name and not (house and road)):
                break  # (two bare names running on: a sentence's list, not an address's parts)
            if m.lastindex == 7 and not (road or area) and any(c.isdigit() for c in m.group(7)):
                break  # (`Plot 1, Figure 2`: a numbered word right after the house is a numbering)
            house = house or m.lastindex == 1
            road = road or m.lastindex == 2
            area = area or m.lastindex == 3
            town = town or m.lastindex == 6
            last_name = m.lastindex == 7
            cur = m.end()
            if m.lastindex != 7 or (house and road):
                end = cur  # (a bare name ends the address only between its other parts)
            parts += 1
        road = road or (area and town)
        if house and road:
            yield Span(first.start(), end, "address")
            pos = end
        else:
            pos = first.end()


# (`pii`'s Set pass opens the module on an ASCII text only where one of these matches)
GATES = (_TYPELESS_GATE, _BLOCK_GATE, _TR_SET_GATE, _HOUSE_SET_GATE)


def _release_town(text: str, start: int, end: int) -> bool:
    """Whether the town after the typeless street's postcode (start:end holds both) opens with a
    software release word (see `_RELEASE_WORD`)."""
    m = _TOWN_AT.search(text, start, end)
    return m is not None and _RELEASE_WORD.match(text, m.end(), end) is not None


def street_form_spans(text: str) -> Iterator[Span]:
    if not text.isascii() and ("\U0001f4cd" in text or "\U0001f3e0" in text or "\U0001f3e1" in text):
        for m in _PIN.finditer(text):
            if _PIN_STREET.search(m.group(1)) is not None:
                yield Span(m.start(1), m.end(1), "address")
    # (one RE2 pass over the fold each: a house number, a comma and a postcode; a labelled line, then an
    # indented one. Most texts have neither, and the `re` scans below cost more than these)
    if "," in text and _TYPELESS_GATE.search(text) is not None:
        for m in _ANNOUNCED.finditer(text):
            if m.group(2) and not m.group(1):
                continue
            if street_grammar.technical_before(text, m.start()):
                continue  # an IP, e-mail, memory or wallet address
            if _MOVED.match(text, m.start()) is not None and _release_town(text, m.start(3), m.end(3)):
                continue
            yield Span(m.start(3), m.end(3), "address")
        for m in _LINE_ALONE.finditer(text):
            ls = text.rfind("\n", 0, max(0, m.start() - 1)) + 1
            le = text.find("\n", m.end() + 1)
            if _CONTACT_LINE.search(text, ls, len(text) if le < 0 else le) is not None:
                yield Span(m.start(1), m.end(1), "address")
    if ":" in text and "\n" in text and _BLOCK_GATE.search(text) is not None:
        for m in _LABELLED_BLOCK.finditer(text):
            yield Span(m.start(1), m.end(1), "address")
    if "No" in text and _TR_GATE.search(text) is not None:
        for m in _TR_STREET.finditer(text):
            yield Span(m.start(), m.end(), "address")
    if _HOUSE_GATE.search(text) is not None:
        yield from house_chain_spans(text)
    if not text.isascii() and _CYR_GATE.search(text) is not None:
        for m in _CYR_STREET.finditer(text):
            yield Span(m.start(), m.end(), "address")
