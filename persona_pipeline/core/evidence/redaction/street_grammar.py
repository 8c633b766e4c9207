"""Street addresses by their grammar, for the countries no format of `pii` or `intl_formats`
describes (CH, AT, PT, the Nordics, Finland, Mexico, Colombia, Argentina…).

An address line is a street and a house number in one of two orders:

- the street type first, then the name (Rue du Rhône 48, Calle Mayor 5, Rua Augusta 120,
  Avenida Corrientes 1234, Av. Insurgentes Sur 1602);
- the name glued to its type (Bahnhofstrasse 10, Drottninggatan 53, Vesterbrogade 12,
  Mannerheimintie 14) or followed by it as a word (Karl Johans gate 22, Váci utca 3);
- the grid streets of Colombia and Panama: the type, its number, `#` and the plot (Calle 50 #12-34).

Optionally followed by district parts (`, Col. Roma Norte`) and a postal code of a common European
or Latin American shape before the town (8001 Zürich, 1100-053 Lisboa, 111 21 Stockholm, C1043
CABA, CH-8001 Bern). A street type that is also an English word or a code name (Via, Place, Route,
Boulevard, -ring, -weg) needs the postal tail or an address label; a line whose house number runs
into code (`Calle(5)`, `Route 66.1`) is none.

Patterns run on the text's fold (one byte per character, a DEL for each non-ASCII one; see
`matching`); the words a DEL stood in are checked to be letters on the original text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.english_words import frequent_english
from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.phone_check import GENERIC_NOUNS, RECORD_NOUNS
from persona_pipeline.core.evidence.redaction.spans import Span, label_window

# A capitalised name word (diacritics are DELs in the fold), or an abbreviation ending in a dot
_CAP = r"[A-Z\x7f][A-Za-z\x7f'-]*\.?"
# particles between a street type and its name: Rue du Rhône, Calle de la Paz, Rua das Flores
_PART = (
    r"(?:de|del|della|delle|dei|degli|di|da|das|do|dos|du|des|la|las|los|le|les|el|d'|l'|van|von|der|den|am|an|"
    r"e|i)"  # (Albanian: Rruga e Durrësit)
)
# Street types written before the name. Strong ones are no English word and no common code name.
_STRONG_PRE = (
    r"Rue|Calle|C/|Carrera|Cra\.|Kra\.|Rua|Avenida|Avda\.?|Av\.|Avd\.|Viale|Piazza|Piazzale|Vicolo|"
    r"Chemin|All\x7fe|Impasse|Quai|Travessa|Pra\x7fa|Praca|Paseo|Carretera|Ctra\.|Calzada|Calz\.|"
    r"Callej\x7fn|Ulica|ul\.|Ul\.|Aleja|Al\.|Strada|Calea|Bulevardul|Jalan|Jl\.|Rambla|Passeig|Carrer|"
    r"Estrada|Rodovia|Rruga|Bulevardi|Bulevar|Sheshi|Bulvar|Trg|"
    # Greek street types in ELOT 743 Latin transliteration (Odos street, Leoforos avenue, Plateia
    # square) and Romanian Strada's abbreviation (`Str.`, then `nr.` before the number)
    r"Odos|Leoforos|Plateia|Str\.|"
    # Latin America's street types and their postal abbreviations (Peru's jirón `Jr.`, pasaje
    # `Psje.`/`Pje.`, prolongación `Prol.`; Colombia's calle `Cl.`/`Cll.`, diagonal `Dg.`,
    # transversal `Tv.`; Mexico's cerrada `Cda.`)
    r"Jir\x7fn|Jiron|Psje\.|Pje\.|Prolongaci\x7fn|Cll\.|Transv\."
)
# ... and the ones that are also English words or product names: they need a postal tail or a label
_WEAK_PRE = (
    r"Avenue|Boulevard|Route|Place|Via|Plaza|Camino|Pasaje|Cours|Square|Passage|Largo|Alameda|Ronda|Diagonal|"
    r"Transversal|Corso|"
    # (`Jr.` is a jirón in Peru, and Junior after an English name; two- and three-letter abbreviations
    # of calle, diagonal, transversal, prolongación and cerrada abbreviate many other things)
    r"Jr\.|Cl\.|Dg\.|Diag\.|Tv\.|Prol\.|Cda\."
)
# Street types glued to the name's end (German, Dutch, Nordic, Finnish, Hungarian compounds)
_STRONG_SUFFIX = (
    r"stra(?:ss|\x7f)e|str\.|gasse|gatan|v\x7fgen|vagen|vej|vejen|vegen|veien|katu|kuja|straat|gracht|steeg|allee|"
    r"chaussee|platz|plein|torget|str\x7fde|utca|vegur"
)
# (-gade, -tie: Brigade, Bowtie; -ring, -weg: Keyring, Midweg)
_WEAK_SUFFIX = r"weg|ring|damm|ufer|markt|laan|kade|dijk|berg|vei|v\x7fg|gade|gata|tie|torv"
# The type as its own word after the name: Karl Johans gate, Váci utca, Mariahilfer Straße
_AFTER_WORD = (
    r"gate|gata|gatan|vej|vei|veien|utca|ulica|cesta|Stra(?:ss|\x7f)e|Gasse|Allee|Platz|Weg|Ring|Damm|"
    # Lithuanian, Latvian, Estonian: Gedimino pr., Vilniaus g., Brīvības iela, Narva mnt.
    r"g\.|gatv\x7f|al\.|pr\.|prospektas|iela|mnt\.?|maantee|t\x7fnav|tanav|pst\."
)
# A house number: 12, 12a, 12 B, 12-14, 12/3, s/n (sin número)
# (a Finnish or Swedish staircase letter and flat number: Mannerheimintie 14 B 25)
_NUMBER = r"(?:\d{1,5}(?:[ \t]?[A-Za-z]\b(?:[ \t]\d{1,3}\b)?|[-/]\d{1,4}[A-Za-z]?)?|s/n)"
# Postal codes of common European and Latin American shapes, then the town
# (six digits: Romania, Russia, India)
_POSTAL = r"(?:[A-Z]{1,2}-)?\d{4,6}|\d{3}[ \t]\d{2}|\d{5}-\d{3}|\d{4}-\d{3}|\d{2}-\d{3}|[A-Z]\d{4}(?:[A-Z]{3})?"
_TOWN = (
    rf"(?:{_CAP}|[A-Z]{{2,6}})(?:[ \t]+(?:{_PART}|sur|sul|am|an[ \t]+der|im|bei|ob)?[ \t]*{_CAP}){{0,3}}"
    r"(?:[ \t]+[A-Z0-9]{1,2}\b)?"  # a district: København V, Dublin 2
)
# district parts between the street and its postcode: `, Col. Roma Norte`, `, Bairro Alto`
_DISTRICT = rf"(?:,[ \t]*(?:Col\.|Colonia|Bairro|Barrio|Fracc\.|Urb\.|Sector)?[ \t]*{_CAP}(?:[ \t]+{_CAP}){{0,3}})"
# ... or a floor, a flat, a door: `, Piso 5`, `, Depto B`, `, apto 31`, `, Top 4`, `, 3º B`
_UNIT = (
    r"(?:,[ \t]*(?:(?:Piso|Planta|Depto|Dpto|Apto|apto|Apt|Flat|Bus|Top|Stiege|Stock|Etage|Esc|Puerta|Pta|"
    # (Chile's depto; Romania's bloc, scara, etaj, apartament)
    r"Andar|andar|Sala|sala|Bloco|Bloque|Int|Dep|depto|dpto|"
    r"bl|sc|et|ap)\.?[ \t]*[A-Za-z0-9]{1,4}|\d{1,2}[ \t]?\x7f[ \t]?[A-Z]?\b))"
)
# (a Brazilian town carries its state: São Paulo - SP; a Mexican one its state's abbreviation after
# a comma: Monterrey, N.L., Guadalajara, Jal., CDMX)
_STATE = r"(?:[ \t]+-[ \t]+[A-Z]{2}\b|,[ \t]*(?:[A-Z][a-z]{0,3}\.(?:[ \t]?[A-Z][a-z\x7f]{0,3}\.)?|[A-Z]{2,5}\b))"
# (the postcode may carry its abbreviation, `C.P. 06700` (Mexico, Spain), and a comma before the town)
_TAIL = (
    rf"((?:{_DISTRICT}|{_UNIT}){{0,3}},?[ \t]+(?:C\.[ \t]?P\.[ \t]*|CP[ \t]+)?(?:{_POSTAL}),?[ \t]+{_TOWN}"
    rf"{_STATE}?)?"
)
# (after a street type written first, the town may come first and a five-digit postcode after it, as
# Peru writes it: `, Cusco 08002`; the town's words are checked to be no everyday words, `_town_first`)
_PRE_TAIL = _TAIL[:-2] + rf"|(?:{_DISTRICT}|{_UNIT}){{0,3}},[ \t]*({_CAP}(?:[ \t]+{_CAP}){{0,2}})[ \t]+\d{{5}}\b)?"

# (a name word after the first may be lower case, as South Slavic and Baltic names in the genitive
# are: `Bulevar oslobođenja`, `Ulica kralja Zvonimira`; then the postal tail is needed)
_NAME_WORD = rf"(?:{_CAP}|[a-z\x7f][a-z\x7f'-]{{2,30}})"
_PRE_STREET = Rx(
    rf"\b({_STRONG_PRE}|{_WEAK_PRE})[ \t]+((?:{_PART}[ \t]+){{0,2}})"
    rf"({_NAME_WORD}(?:[ \t]+(?:{_PART}[ \t]+)?{_NAME_WORD}){{0,3}}),?[ \t]+(?:n[o\x7fr]\.?[ \t]*|#[ \t]*)?({_NUMBER})"
    + _PRE_TAIL
)
_SUFFIX_STREET = Rx(rf"\b[A-Z\x7f][a-z\x7f'-]{{2,40}}(?:({_STRONG_SUFFIX})|{_WEAK_SUFFIX})\.?[ \t]+({_NUMBER})" + _TAIL)
_WORD_STREET = Rx(rf"\b(?:{_CAP}[ \t]+){{1,2}}({_AFTER_WORD})[ \t]+({_NUMBER})" + _TAIL)
# Colombian / Panamanian grid addresses: Calle 50 #12-34, Cra. 7 No. 71-21, Avenida 68 # 22A-15
_GRID_TYPES = r"Calle|Cl\.|Carrera|Cra\.|Kra\.|Kr\.|Avenida|Av\.|Ak\.|Diagonal|Dg\.|Transversal|Tv\."
_GRID_STREET = Rx(
    rf"\b(?:{_GRID_TYPES})[ \t]*"
    r"\d{1,3}[ \t]?[A-Z]?(?:[ \t]?(?:Bis|Sur|Norte|Este))?[ \t]*(?:#|No\.?|N\x7f)[ \t]*"
    r"\d{1,3}[ \t]?[A-Z]?[ \t]*-[ \t]*\d{1,3}"
    rf"{_UNIT}{{0,2}}(?:,[ \t]*{_TOWN})?"
)
# An address label shortly before: a weak street type is then an address too
_LABEL = Rx(
    r"(?i)(?:address|addr|adresse|adres|anschrift|direcci\x7fn|direccion|domicilio|indirizzo|endere\x7fo|"
    r"ship(?:ping)? to|deliver(?:y)? to|send (?:it )?to|mail to|lives? at|living at|located at|wohnt|"
    r"wohnhaft|habite|vive en|mora em|residence|billing|postal)\b[^\n]{0,20}$"
)

# words that make an address a machine's: IP address, e-mail address, return address
_TECHNICAL = Rx(
    r"(?i)(?:ip|ipv[46]|mac|e-?mail|web|memory|wallet|bitcoin|server|host|base|return|bind|listen|remote|local|"
    r"public|private|hardware|network|physical|virtual|contract|\w+_)[ \t]*$"
)


def label_goes_on(text: str, end: int) -> bool:
    """Whether a label's number word or mark follows `end` (`PO number`, `Ref:`)."""
    return _LABEL_GOES_ON.match(text, end) is not None


def technical_before(text: str, start: int) -> bool:
    """Whether a word naming a machine's address stands right before `start` (`IP address`)."""
    return _TECHNICAL.search(text[max(0, start - 12) : start]) is not None


_PLAIN_LABELS = frozenset(("address", "addr", "adresse", "adres", "adresa", "indirizzo", "domicilio", "anschrift"))
_LABEL_WORDS = (
    r"address|addr|adresse|adres|anschrift|direcci\x7fn|direccion|domicilio|indirizzo|endere\x7fo|adresa|"
    r"osoite|ship(?:ping)?[ \t]+to|deliver(?:y)?[ \t]+to|lives?[ \t]+at|located[ \t]+at"
)
# Any street line (no type: Národní 37, Ilica 242) after an address label, with its postal code
# and town in either order (110 00 Praha 1; Tiranë 1001)
_LABELLED_LINE = Rx(
    # (the label then a colon or `is`: "address of Windows 10, 2004 Update" labels nothing)
    rf"(?i:\b(?:{_LABEL_WORDS})(?:[ \t]*[:=]|[ \t]+is\b|[ \t]+\(\w+\)[ \t]*:)?)[ \t]*(?:\\?[\"'])?[ \t]*"
    # (a delivery names its addressee first: `Ship to: Ana Novak, Ilica 12, 10000 Zagreb`)
    rf"(?:{_CAP}(?:[ \t]+{_CAP}){{1,3}},[ \t]+)?"
    rf"({_CAP}(?:[ \t]+(?:{_PART}[ \t]+)?(?:{_CAP}|{_AFTER_WORD})){{0,3}},?[ \t]+{_NUMBER}"
    rf"(?:,?[ \t]+(?:{_POSTAL})[ \t]+{_TOWN}|,[ \t]*{_TOWN}[ \t]+\d{{4,5}}\b))"
)

# An Irish town and its Eircode (routing key, unique identifier): "Dublin 2, D02 X658", "Cork T12 AB34"
_EIRCODE = r"(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[ \t]?[0-9AC-FHKNPRTV-Y]{4}\b"
# (the town ends an address line: after a comma, "Release D02 X658" is no address)
_HOUSE_NUMBER = Rx(r"(?:^|[\s,\"'(])\d{1,5}[A-Za-z]?,?[ \t]+[A-Z\x7f]")
_EIRCODE_TAIL = Rx(rf",[ \t]*([A-Z\x7f][a-z\x7f]+(?:[ \t]+\d{{1,2}})?,?[ \t]+({_EIRCODE}))")

# A post-office box: the box's name in its country's language (UPU address formats), its number,
# then the postcode and town in either order and an optional country (PO Box 12, Wellington 6011;
# Postbus 12, 1000 AB Amsterdam; Postfach 10 01 23, 80331 München; Private Bag X9, Pretoria 0001;
# Apartado 1234, San José; BP 12, 75001 Paris Cedex 01). `BP`, `CP` and `Pf.` are abbreviations of
# other things too: they need the postcode before the town.
_BOX_STRONG = (
    r"(?i:P\.?[ \t]?O\.?[ \t]?Box|Post[ \t]Office[ \t]Box|GPO[ \t]Box|Postbus|Postfach|Postboks|Postilokero|"
    r"Apartado(?:[ \t]de[ \t]correos|[ \t]postal)?|Caixa[ \t]Postal|Casilla(?:[ \t]de[ \t]correos?)?|"
    r"Bo\x7fte[ \t]postale|Case[ \t]postale|Casella[ \t]postale|Private[ \t]Bag|Locked[ \t]Bag)"
)
_BOX_WEAK = r"BP|CP|Pf\."
_BOX_POSTAL = rf"(?:{_POSTAL}|\d{{4}}[ \t]?[A-Z]{{2}})"
_PO_BOX = Rx(
    rf"\b(?:({_BOX_STRONG})|{_BOX_WEAK})[ \t]+[A-Z]{{0,2}}\d{{1,6}}(?:[ \t]\d\d){{0,2}}(?:-\d{{3,6}})?,[ \t]*"
    rf"({_BOX_POSTAL}[ \t]+)?{_TOWN}(?:[ \t]+{_BOX_POSTAL})?(?:,[ \t]*{_CAP}(?:[ \t]+{_CAP}){{0,2}})?"
)

# A Singapore HDB block address as Singapore Post prints it: `Blk` (block) and its number, the
# street, then the unit `#floor-unit` and `Singapore` with the six-digit postal code (one of the two)
_SG_BLOCK = Rx(
    rf"\b(?:Blk|Block)[ \t]+\d{{1,4}}[A-Z]?[ \t]+{_CAP}(?:[ \t]+(?:{_CAP}|\d{{1,3}}[A-Z]?\b)){{0,5}}"
    r"(?:(?:,?[ \t]+#\d{1,3}-\d{1,5}[A-Z]?)(?:,?[ \t]+Singapore[ \t]+\d{6}\b)?|,?[ \t]+Singapore[ \t]+\d{6}\b)"
)

_SG_POSTAL = re.compile(r"Singapore[ \t]+\d{6}$")
# (without the postal code: `Blk`, a floor of two digits as Singapore Post writes it, and a street
# type among the words; `Block 3 Build #12-14` is a build's and an issue range's)
_SG_UNIT_ALONE = re.compile(
    r"Blk[ \t].*\b(?:St|Street|Ave|Avenue|Rd|Road|Dr|Drive|Cres|Crescent|Lane|Ln|Lor|Lorong|Jalan|Walk|Close|"
    r"Ring|Link|View|Way|Terrace|Central)\b.*#\d\d-\d{1,5}[A-Z]?$"
)


def _sg_block_ok(value: str) -> bool:
    return _SG_POSTAL.search(value) is not None or _SG_UNIT_ALONE.match(value) is not None


PATTERNS: tuple[Rx, ...] = (
    _PO_BOX,
    _SG_BLOCK,
    _PRE_STREET,
    _SUFFIX_STREET,
    _WORD_STREET,
    _GRID_STREET,
    _LABELLED_LINE,
    _EIRCODE_TAIL,
)
# Gate parts (a superset each matching text holds): the street type before a number or a name
GATE_PART: dict[int, str] = {
    id(_PO_BOX): rf"\b(?:{_BOX_STRONG}|{_BOX_WEAK})[ \t]+[A-Z]{{0,2}}\d",
    id(_SG_BLOCK): r"\b(?:Blk|Block)[ \t]+\d",
    id(_PRE_STREET): rf"\b(?:{_STRONG_PRE}|{_WEAK_PRE})[ \t]+[A-Z\x7fa-z]",
    id(_SUFFIX_STREET): rf"(?:{_STRONG_SUFFIX}|{_WEAK_SUFFIX})\.?[ \t]+\d",
    id(_WORD_STREET): rf"[ \t](?:{_AFTER_WORD})[ \t]+\d",
    id(_GRID_STREET): rf"\b(?:{_GRID_TYPES})[ \t]*\d",
    id(_LABELLED_LINE): rf"(?i)(?:{_LABEL_WORDS})",
    id(_EIRCODE_TAIL): rf"\b{_EIRCODE}",
}


def _cut_punct(text: str, start: int, end: int) -> int:
    """`end`, or the end before the first non-ASCII punctuation or symbol (`… Berlin — see below`): the
    fold's DEL stands for any character, so a town pattern may run over a dash into prose. Cut only
    where a digit (the house number) stays before the cut. (A control character a view decoded from
    an escape, `Ju\\225rez`, is no cut: it stands for a letter's byte.)"""
    for i in range(start, end):
        c = text[i]
        if not c.isascii() and unicodedata.category(c)[0] in "PS":
            j = i
            while j > start and text[j - 1] in " \t,":
                j -= 1
            return j if any(ch.isdigit() for ch in text[start:j]) else end
    return end


def _letters(text: str, start: int, end: int) -> bool:
    """The DELs of the fold in text[start:end] stood for letters (Zürich), not punctuation (—)."""
    return all(c.isalpha() or c.isascii() for c in text[start:end])


# a quantity's unit after the number: "Hauptstrasse 200 ms", "Piazza Grande 3 times"
_UNIT_AFTER = Rx(
    r"^[ \t]*(?:km|mi|m|ms|s|sec|secs|min|mins|minutes|h|hrs|hours|days|times|x|%|kb|mb|gb|px|pt|rem|items|"
    r"lessons|euros?|eur|usd|chf|steps|points|pts)\b"
)


def _code_after(text: str, end: int) -> bool:
    """The house number runs into code, a version or a unit: `5(`, `66.1`, `12_`, `3 ms`."""
    nxt = text[end : end + 1]
    if nxt.isalnum() or nxt in ("(", "_", "[", "=") or (nxt == "." and text[end + 1 : end + 2].isalnum()):
        return True
    return nxt == " " and (
        _UNIT_AFTER.search(text[end : end + 12]) is not None or _COUNTED.match(text, end) is not None
    )


# a counted plural right after the number: "Kirchgasse 3 commits ahead", "Storgata 5 results"
_COUNTED = re.compile(r" [a-z]{3,20}s\b")


def _checked_end(end: int, num: tuple[int, int], tail: tuple[int, int]) -> int:
    """Where code would run on from the house number: after a postal tail the town ends the
    address, and prose follows it ("…, Monterrey, N.L. gracias" holds no counted plural)."""
    return num[1] if tail[0] >= 0 and num[1] >= 0 else end


# (Latin America's weak abbreviations: the town-first tail is their countries' order)
_LATIN_WEAK = frozenset(("Jr.", "Cl.", "Dg.", "Diag.", "Tv.", "Prol.", "Cda."))
_PARTICLES = frozenset(_PART.strip("(?:)").split("|"))


# A full stop inside an address span that ends a sentence: after a word of three letters or more with
# a vowel (an abbreviation, `St.`, `Dr.`, `a.`, `Str.`, `Blvd.`, is shorter or has none), then a
# capitalised word and a lower-case word that is no name's particle or connector and no short
# abbreviation (`Sta. Rosa de Lima`, `Gral. Paz y …`, `… nr. 5`): the next sentence's first words (`… 11000
# Beograd. For the deposit …`, `… Novi Sad. Please call`)
_SENTENCE_AFTER = re.compile(r"[ \t]+[A-ZÀ-ÖØ-Þ][\w'’-]{0,40}[ \t]+([a-zß-öø-ÿ]{1,40})(?![\w'’-])(\.?)")
_VOWELS = frozenset("aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿ")
# the address vocabulary this module reads (street types, district and unit designators, written in
# full or abbreviated): a stop after one of them abbreviates it (`Col. Roma norte`, `Urb. Santa clara`)
_ADDRESS_TERMS = frozenset(
    w.lower() for w in re.findall(r"[A-Za-z]{2,}", _STRONG_PRE + _WEAK_PRE + _DISTRICT + _UNIT + _AFTER_WORD)
)
_CONNECTORS = _PARTICLES | frozenset(("y", "sur", "sul", "im", "bei", "ob", "en"))


def sentence_end(text: str, start: int, end: int) -> int:
    """Where the address span start:end ends at a sentence's full stop inside it (see
    `_SENTENCE_AFTER`), or `end`: a town's line does not run on into the next sentence."""
    i = text.find(".", start, end)
    while i >= 0:
        j = i
        while j > start and text[j - 1].isalpha():
            j -= 1
        word = text[j:i].lower()
        vowel = i - j >= 3 and any(c in _VOWELS for c in word) and word not in _ADDRESS_TERMS
        m = _SENTENCE_AFTER.match(text, i + 1) if vowel else None
        # (a short word with its own stop is an abbreviation: `nr.`, `bl.`, `ap.`)
        if m is not None and m.group(1) not in _CONNECTORS and not (len(m.group(1)) <= 3 and m.group(2)):
            return i
        i = text.find(".", i + 1, end)
    return end


def _town_first_ok(town: str) -> bool:
    """Whether a town read before a bare five-digit number is no everyday English word or record noun."""
    words = town.replace(".", " ").split()
    return not any(w.lower() in frequent_english() or _RECORD_END.search(" " + w) for w in words)


def _lower_name(name: str) -> bool:
    """Whether a street's name holds a lower-case word that is no particle (`oslobođenja`)."""
    return any(w[:1].islower() and w not in _PARTICLES for w in name.split())


def _labelled(text: str, start: int) -> bool:
    return _LABEL.search(label_window(text, max(0, start - 32), start)) is not None


def street_spans(text: str, is_open: dict[int, bool] | None = None) -> Iterator[Span]:
    """Street lines of the shapes above; `is_open` says, per pattern id, whether its gate opened
    (None: run every pattern). A closing quote or hyphen a town word took in is left out."""
    for span in _street_spans(text, is_open):
        end = span.end
        while end > span.start and text[end - 1] in "'-":
            end -= 1
        state = _STATE_END.search(text, max(span.start, end - 8), end) or _RECORD_END.search(
            text, max(span.start, end - 24), end
        )
        if state is not None and _LABEL_GOES_ON.match(text, end) is not None:
            end = state.start()  # `…, Lisboa, PO number 041…`: the capitals head a label, no state
        yield span if end == span.end else Span(span.start, end, span.kind)


# (see `street_spans`) the state's or district's capitals ending a span, and a label's number word or mark after
# them: redacted with the address, the label's head would be lost, and a second pass would read the
# rest (`number 041…`) as a label of its own
_STATE_END = re.compile(r"(?:,[ \t]*|[ \t]+)[A-Z][A-Z0-9]{0,4}$")  # (or a district: `København V`)
# (or a town word that is a record's noun: `…Luxembourg<TAB>Order # 793…`)
_RECORD_END = re.compile(rf"(?i)[ \t]+(?:{RECORD_NOUNS}|{GENERIC_NOUNS})$")
_LABEL_GOES_ON = re.compile(r"[ \t]*(?:#|:|(?i:number|num|no\.|nr\.?|id)\b)")


def _street_spans(text: str, is_open: dict[int, bool] | None) -> Iterator[Span]:

    def run(rx: Rx) -> bool:
        return is_open is None or is_open.get(id(rx), True)

    if run(_PO_BOX):
        for (start, end), strong, postal_first in _PO_BOX.finditer(text):
            weak_ok = strong[0] >= 0 or postal_first[0] >= 0
            if weak_ok and text[start - 1 : start] not in ("_", ".", "/") and _letters(text, start, end):
                yield Span(start, end, "address")
    if run(_SG_BLOCK):
        for ((start, end),) in _SG_BLOCK.finditer(text):
            if (
                not _code_after(text, end)
                and text[start - 1 : start] not in ("_", ".", "/")
                and _sg_block_ok(text[start:end])
            ):
                yield Span(start, end, "address")
    if run(_PRE_STREET):
        for (start, end), (w0, w1), _particles, (n0, n1), num, tail, town in _PRE_STREET.finditer(text):
            kind, lower = text[w0:w1], _lower_name(text[n0:n1])
            if lower and kind in _WEAK_WORDS:
                continue  # (a lower-case name only after a strong type: `Via proxy 3128, …` is a setting)
            if town[0] >= 0 and (
                (kind in _WEAK_WORDS and kind not in _LATIN_WEAK) or not _town_first_ok(text[town[0] : town[1]])
            ):
                # (the town first is Peru's order, after its types; `Jr. Developer 2, Release 20241`
                # holds a release's number, no town)
                tail, end = (-1, -1), num[1]
            end = _cut_punct(text, start, end)
            if (
                _code_after(text, _checked_end(end, num, tail))
                or text[start - 1 : start] in ("_", ".", "/")
                or not _letters(text, n0, n1)
            ):
                continue
            strong = kind not in _WEAK_WORDS and not lower
            if strong or tail[0] >= 0 or _labelled(text, start):
                yield Span(start, end, "address")
    if run(_SUFFIX_STREET):
        for (start, end), strong, num, tail in _SUFFIX_STREET.finditer(text):
            end = _cut_punct(text, start, end)
            if (
                _code_after(text, _checked_end(end, num, tail))
                or text[start - 1 : start] in ("_", ".", "/")
                or not _letters(text, start, end)
            ):
                continue
            if strong[0] >= 0 or tail[0] >= 0 or _labelled(text, start):
                yield Span(start, end, "address")
    if run(_WORD_STREET):
        for (start, end), (w0, w1), num, tail in _WORD_STREET.finditer(text):
            end = _cut_punct(text, start, end)
            if (
                _code_after(text, _checked_end(end, num, tail))
                or text[start - 1 : start] in ("_", ".", "/")
                or not _letters(text, start, end)
            ):
                continue
            # a lowercase type word (utca, vej) or a postal tail: "Config Ring 2" is a name, not a
            # street; "gate" is an English word too ("Quality gate 2")
            word = text[w0:w1]
            if (word[0].islower() and word != "gate") or tail[0] >= 0 or _labelled(text, start):
                yield Span(start, end, "address")
    if run(_LABELLED_LINE):
        for (m0, _), (start, end) in _LABELLED_LINE.finditer(text):
            end = _cut_punct(text, start, end)
            if _TECHNICAL.search(text[max(0, m0 - 12) : m0]) or text[m0:start].strip().lower() in _PLAIN_LABELS:
                continue  # an IP, e-mail or memory address; "address Python 3" with no colon
            if not _code_after(text, end) and _letters(text, start, end):
                yield Span(start, end, "address")
    if run(_EIRCODE_TAIL):
        for _, (start, end), (c0, c1) in _EIRCODE_TAIL.finditer(text):
            code = text[c0:c1].replace(" ", "")
            # (a unique identifier of letters and digits both: "Build A12 BETA" is no Eircode)
            if not any(c.isdigit() for c in code[3:]) or not any(c.isalpha() for c in code[3:]):
                continue
            line_start = text.rfind("\n", 0, start) + 1
            line = text[max(line_start, start - 80) : start]
            # (a label anywhere on the line, not within a fixed distance: once the street before
            # the town is a placeholder, a second pass must decide as the first did)
            if not (_HOUSE_NUMBER.search(line) or _LABEL.search(label_window(text, line_start, start))):
                continue  # a town and code end an address line: a street and its number come first
            if not _code_after(text, end) and _letters(text, start, end):
                yield Span(start, end, "address")
    if run(_GRID_STREET):
        for ((start, end),) in _GRID_STREET.finditer(text):
            end = _cut_punct(text, start, end)
            if not _code_after(text, end) and text[start - 1 : start] not in ("_", ".", "/"):
                yield Span(start, end, "address")


# (`Str.` abbreviates a street, a structure or a string: a postal tail or a label shows the street)
_WEAK_WORDS = frozenset(w.replace("\\.", ".") for w in _WEAK_PRE.split("|")) | {"Str."}
