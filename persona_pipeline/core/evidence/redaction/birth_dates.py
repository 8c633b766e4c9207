"""Whether a date found after a birth label can be a date of birth: a real calendar date (no 31
February, no month 13) in a plausible birth range (1900 up to three years before today).

The date detectors (`pii.dob_spans`, `intl_formats.intl_dob_spans`) find a date in any common
format; this reads it back: numeric in any order (1987-03-03, 03/03/87, 3.3.1987, 19870303), with
a month written in one of the detectors' languages (3rd of March 1987, 3 mars 1987, 30DEC1955,
5 de mayo de 1979, 12 maja 1975), or in CJK digits-and-units (1987年3月3日). A form it cannot
read (a month in another script, a Roman numeral) is checked by its year alone.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from functools import lru_cache

from persona_pipeline.core.evidence.redaction.english_words import common_english
from persona_pipeline.core.evidence.redaction.spans import line_start

# A month by the first letters of its name (accents dropped, lowercase), in English, German,
# French, Spanish, Italian, Portuguese, Dutch, the Nordic languages, Polish (genitive), Czech
# (genitive), Turkish, Latvian, Lithuanian (genitive), Basque and Albanian. Longest prefixes are tried first.
_MONTH_PREFIXES: dict[str, int] = {
    # 1
    "jan": 1, "ene": 1, "gen": 1, "sty": 1, "led": 1, "oca": 1,
    # 2
    "feb": 2, "fev": 2, "lut": 2, "uno": 2, "sub": 2,
    # 3
    "mar": 3, "maa": 3, "mrt": 3, "mrz": 3, "bre": 3,
    # 4
    "apr": 4, "avr": 4, "abr": 4, "kwi": 4, "dub": 4, "nis": 4,
    # 5
    "may": 5, "mai": 5, "mei": 5, "mag": 5, "maj": 5, "kve": 5,
    # 6
    "jun": 6, "juin": 6, "giu": 6, "cze": 6, "cerven": 6, "haz": 6,
    # 7
    "jul": 7, "juil": 7, "lug": 7, "lip": 7, "cervence": 7, "tem": 7,
    # 8
    "aug": 8, "aou": 8, "ago": 8, "sie": 8, "srp": 8, "agu": 8,
    # 9
    "sep": 9, "set": 9, "wrz": 9, "zar": 9, "eyl": 9, "szep": 9,
    # 10
    "oct": 10, "okt": 10, "ott": 10, "out": 10, "paz": 10, "rij": 10, "eki": 10,
    # 11
    "nov": 11, "lis": 11, "kas": 11,
    # 12
    "dec": 12, "dez": 12, "dic": 12, "gru": 12, "pro": 12, "ara": 12,
    # Lithuanian genitives, Basque and Albanian names (Latvian's share the prefixes above)
    "sau": 1, "urt": 1, "vas": 2, "ots": 2, "shk": 2, "kov": 3, "bal": 4, "api": 4, "pri": 4,
    "geg": 5, "bir": 6, "eka": 6, "qer": 6, "lie": 7, "uzt": 7, "kor": 7, "rugp": 8, "abu": 8, "gus": 8,
    "rugs": 9, "ira": 9, "sht": 9, "spa": 10, "urr": 10, "tet": 10, "lap": 11, "aza": 11, "nen": 11,
    "abe": 12, "dhj": 12,
}  # fmt: skip
# (Czech: červen June, červenec July — the longer prefix decides)
_BY_LENGTH = sorted(_MONTH_PREFIXES, key=len, reverse=True)
_GROUP = re.compile(r"\d+|[^\W\d_]+")
# midnight, as a date-only field serialises (`"birthDate": "1987-03-03T00:00:00.000Z"`): the date
# with it is the day, and the time goes with it
MIDNIGHT_AFTER = re.compile(r"T00:00(?::00(?:\.0{1,9})?)?(?:Z|[+-]00:?00)?(?![0-9:.])")
_MIN_YEAR = 1900
# years: a date this recent after a birth word with no person beside it is an event's (a project
# "born" last year, a birthday party); with a person (`person_beside`) any past date is theirs
_YOUNGEST = 3


def _month_of(word: str) -> int | None:
    plain = "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if c.isascii())
    return next((_MONTH_PREFIXES[p] for p in _BY_LENGTH if plain.startswith(p)), None)


def _full_year(y: int, digits: int) -> int:
    if digits != 2:
        return y
    this = datetime.date.today().year % 100
    return 2000 + y if y <= this else 1900 + y


def _real(year: int, month: int, day: int, person: bool) -> bool:
    try:
        date = datetime.date(year, month, day)
    except ValueError:
        return False
    if person:  # (a birth is never in the future)
        return year >= _MIN_YEAR and date <= datetime.date.today()
    return _MIN_YEAR <= year <= datetime.date.today().year - _YOUNGEST


@lru_cache(maxsize=4096)
def plausible_birth_date(value: str, person: bool = False) -> bool:
    """True unless `value` is readable and no reading of it is a real date in the birth range
    (up to today when `person`: a person's birth date is one at any age, see `_YOUNGEST`)."""
    tokens = _GROUP.findall(value)
    nums = [t for t in tokens if t.isdigit()]
    words = [t for t in tokens if not t.isdigit()]
    if len(nums) == 1 and len(nums[0]) == 8 and not words:  # 19870303, or 03031987 (DDMMYYYY)
        n = nums[0]
        return _real(int(n[:4]), int(n[4:6]), int(n[6:]), person) or _real(int(n[4:]), int(n[2:4]), int(n[:2]), person)
    months = [m for w in words if (m := _month_of(w)) is not None and len(w) >= 3]
    if len(nums) == 3 and not months:
        a, b, c = nums
        if len(a) == 4:  # ISO and CJK order
            return _real(int(a), int(b), int(c), person)
        if len(c) in (2, 4):
            y = _full_year(int(c), len(c))
            return _real(y, int(b), int(a), person) or _real(y, int(a), int(b), person)  # d/m/y or m/d/y
        return True
    if len(nums) == 2 and months:
        day, year = (nums[0], nums[1]) if len(nums[1]) >= len(nums[0]) else (nums[1], nums[0])
        if len(year) not in (2, 4) or len(day) > 2:
            return True
        return _real(_full_year(int(year), len(year)), months[0], int(day), person)
    # unread (another script's month, a Roman numeral): the year alone, where one stands out (a
    # Thai date's year is of the Buddhist era, 543 years ahead)
    years = [int(n) - (543 if int(n) > 2400 else 0) for n in nums if len(n) == 4]
    last = datetime.date.today().year - (0 if person else _YOUNGEST)
    return not years or _MIN_YEAR <= years[-1] <= last


# A label that names the date itself (a form's or a record's "date of birth" field, in the
# detectors' languages): whatever its age, the date is a person's. A birth verb or a birthday is
# not such a label: a thing is "born" too, and a birthday recurs (this year's is an event's date).
_DATE_OF_BIRTH = re.compile(
    r"(?i)[\W_]*(?:d\.?o\.?b\b|date[ _-]?of[ _-]?birth|birth[ _-]?date|geburtsdatum|geb(?:\.|urts)?[ _-]?dat|"
    r"geboortedatum|date[ _]?(?:de[ _]?)?naiss|fecha[ _]?(?:de[ _]?)?nac|f\.[ _]?nac|data[ _]?(?:d[ei][ _]?)?nasc|"
    r"data[ _]urodzenia|f.delsedatum|f.dselsdato|syntym.aika|do.um[ _]tarihi|datum[ _]narozen|sz.let.si[ _]d.tum)"
)
# A birth participle as a form's or a CV's field label (`Born: …`, `Geboren: …`, `Született: …`,
# `Nacido: …`): opening its line or field, the colon right after it, it names the field's date as a
# date-of-birth noun does (the participles of `intl_formats._DOB_VERB`'s languages)
_BORN_FIELD = re.compile(
    r"(?i)(?:born|geboren|geb\.|sz[üu]letett|nacid[oa]|nascid[oa]|nat[oa]|n[ée]e?|urodzon[ya]|f[öo]dd|f[øo]dt)"
    r"[\"']?[ \t]*[:=][ \t]*[\"']?"
)
_FIELD_OPENERS = frozenset("\n\r,;|{\t")
_BIRTHDAY = re.compile(r"(?i)birth[ _-]?day|b-?day|geburtstag|anniversaire|cumplea|compleanno|verjaardag|urodziny")
# Words for a person a birth is told of, from general English, German, French and Spanish: a child
# or a relative, a pronoun for one person (the Italian article `il` of `nato il` and the Spanish
# `el` of `nacido el` are no pronoun: only the accented `él`)
_PERSON_WORDS = (
    "baby babies newborn infant toddler child children kid kids son sons daughter daughters boy girl twins "
    "grandson granddaughter grandchild nephew niece brother sister sibling cousin wife husband spouse mother "
    "father mom mum dad he she "
    "säugling neugeborene neugeborener neugeborenes kinder sohn tochter junge mädchen zwillinge enkel "
    "enkelin neffe nichte bruder schwester cousine ehefrau ehemann mutter vater mama papa er "
    "bébé nouveau-né enfant enfants fils fille garçon jumeaux jumelles petit-fils petite-fille neveu nièce frère "
    "sœur soeur épouse époux mari mère père maman elle "
    "bebé recién niño niña hijo hija hijos gemelos gemelas nieto nieta sobrino sobrina hermano hermana "
    "esposa esposo marido madre padre mamá papá él ella "
    # Italian, Dutch, Portuguese, Polish and the Nordic languages (their birth verbs are read too:
    # nato il, geboren op, nascido em, urodzony, född/født den); words that are also an English or
    # German word the module reads are left out (Dutch `kind`, `man`, `nicht`; Polish `on`; Danish
    # `er`)
    "bambino bambina bambini neonato neonata figlio figlia figli gemelli gemelle nipote nipotino nipotina "
    "fratello sorella cugino cugina moglie marito madre padre mamma papà lui lei "
    "zoon dochter zoontje dochtertje kindje kinderen jongen meisje tweeling kleinzoon kleindochter kleinkind "
    "broer zus zusje broertje neef vrouw echtgenote echtgenoot moeder vader hij zij "
    "bebê filho filha filhos filhas menino menina neto neta gêmeos gêmeas irmão irmã esposa marido mãe pai "
    "ele ela "
    "dziecko córka córeczka synek wnuk wnuczka brat siostra żona mąż matka ojciec tata bliźniaki "
    "bliźnięta niemowlę noworodek ona "
    "dotter barn bebis flicka pojke tvillingar barnbarn bror syster fru hustru make mor far mamma pappa "
    "hon han datter søn sønn pige pike jente dreng gutt tvillinger barnebarn søster kone mand mann hun "
    # Hungarian marks the owner with a suffix, not a word (`a fiam született`: my son was born): a
    # child's noun with its possessive endings (my, your, his/her, our, your pl., their)
    "fiam fiad fia fiunk fiatok kisfiam kisfiad kisfia kisfiunk lányom lányod lánya lányunk lányotok lányuk "
    "kislányom kislányod kislánya kislányunk babám babád babája babánk babátok babájuk gyerekem gyereked "
    "gyereke gyerekünk gyereketek gyerekük gyermekem gyermeked gyermeke gyermekünk gyermeketek gyermekük "
    "unokám unokád unokája unokánk unokátok unokájuk ikreim ikreink újszülött kisbaba csecsemő"
)
_PERSON = frozenset(_PERSON_WORDS.split())
# (the French `il` is a pronoun only as a verb's subject, `il est né le`: never a bare word before
# a date, where it is the Italian article of `nato il`)
_SUBJECTS = _PERSON | {"il"}
# Possessive determiners (en, de, fr, es; it, nl, pt, pl, sv/da/no): `our son, born …`, `unser
# Sohn, geboren am …`, `mio figlio è nato il`, `onze dochter is geboren op`
_POSSESSIVE = re.compile(
    r"(?i:my|our|your|his|her|their|(?:mein|dein|sein|ihr|unser|euer|eur)(?:e|em|en|er|es)?|"
    r"mon|ma|mes|ton|ta|tes|son|sa|ses|notre|nos|votre|vos|leurs?|mis?|tus?|sus?|[nv]uestr[oa]s?|"
    r"mi[oae]|miei|tu[oae]|tuoi|su[oae]|suoi|nostr[oaie]|vostr[oaie]|loro|"
    r"mijn|jouw|zijn|haar|ons|onze|uw|hun|"
    r"meus?|minhas?|teus?|tuas?|seus?|suas?|noss[oa]s?|"
    r"mój|moja|moje|nasz[ae]?|twój|twoja|jego|jej|"
    r"min|mitt|mina|mine|din|ditt|dina|dine|hans|hennes|hendes|vår|vårt|våra|vores|deras|deres)"
)
# articles: a capitalised person word after one is a noun (`the Baby`, `der Sohn`), after another
# capitalised word part of a name (`Baby Monitor`, `Grid Son`)
_ARTICLES = frozenset(
    [
        "the",
        "a",
        "an",
        "this",
        "that",
        "der",
        "die",
        "das",
        "ein",
        "eine",
        "den",
        "dem",
        "le",
        "la",
        "les",
        "un",
        "une",
        "el",
        "los",
        "las",
        "una",
        # Italian, Dutch, Portuguese
        "il",
        "lo",
        "gli",
        "het",
        "een",
        "um",
        "uma",
    ]
)
# A birth verb's auxiliary (`she was born`, `er wurde … geboren`, `elle est née`, `a été`), and
# `been` of `has been born` (the word before it is the auxiliary's)
_AUXILIARIES = frozenset(
    [
        "was",
        "is",
        "were",
        "are",
        "be",
        "got",
        "been",
        "ist",
        "war",
        "wurde",
        "sind",
        "wurden",
        "est",
        "était",
        "fut",
        "été",
        "es",
        "fue",
        "era",
        # it, nl, pt, sv/da/no: `è nata il`, `werd geboren op`, `foi`, `är född`, `blev født`
        "è",
        "fu",
        "werd",
        "foi",
        "är",
        "blev",
        "ble",
        "var",
    ]
)
_HAVE = frozenset(["has", "had", "have", "a", "avait"])
_TOKEN = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*(?!\w)|\w+|[^\w\s]")
_PERSON_REACH = 64


def birth_date_at(text: str, label_start: int, start: int, end: int) -> bool:
    """Whether the date at start:end after a birth label at `label_start` can be a birth date."""
    value = text[start:end]
    if plausible_birth_date(value):
        return True
    return plausible_birth_date(value, True) and person_beside(text, label_start, start, end)


# "give birth" is a finite verb of its own (`my wife gave birth on …`): the word before it is its
# subject, as the word before an auxiliary is a participle's
GIVE_BIRTH = r"(?:gave|give[sn]?|giving)[ \t]+birth"
_GIVE_BIRTH_AT = re.compile(rf"(?i){GIVE_BIRTH}\b")
_HAVE_OR_BE = _HAVE | frozenset(["is", "was", "be", "been", "just"])


def person_beside(text: str, label_start: int, date_start: int, date_end: int = -1) -> bool:
    """Whether the birth date at `date_start` is positively a person's: its label names a date of
    birth, or a word for a person is the birth's subject or owner (`our son was born`, `she was
    born`, `unser Sohn, geboren am`, `Mia was born`, `baby born`, `my wife gave birth`; an owner
    after a date-of-birth noun, `DOB of the newborn`, is the label's case), or the date's
    apposition names one (`born on <date>: our second son`, with `date_end`). A person word
    elsewhere on the line (`He said the idea was born`) or heading a compound (`child process
    born`) is not."""
    if _DATE_OF_BIRTH.match(text, label_start, date_start) is not None:
        return True
    if (
        _BORN_FIELD.fullmatch(text, label_start, date_start) is not None
        and _opens_field(text, label_start)
        and not (date_end >= 0 and _thing_apposition(text, date_end))
    ):
        return True
    if _BIRTHDAY.search(text, label_start, date_start) is not None:
        return False  # (`our son's birthday party: …`: this year's birthday is an event)
    before = _TOKEN.findall(text, line_start(text, label_start, _PERSON_REACH), label_start)
    if _GIVE_BIRTH_AT.match(text, label_start) is not None:
        while len(before) > 1 and before[-1].lower() in _HAVE_OR_BE:
            before.pop()  # (`she has just given birth`)
        before.append("was")  # (read as a participle's auxiliary: its subject is the word before)
    if date_end >= 0 and _THING_AFTER.match(text, date_end, min(len(text), date_end + _WINDOW)) is not None:
        return False  # (`Hugo was born on <date> as a fork of Jekyll`: the clause names a thing)
    pt_article = len(before) > 1 and before[-2] in _PT_ARTICLES and before[-1][:1].isupper()
    if pt_article and _PT_BIRTH.match(text, label_start):
        del before[-2]  # (Portuguese puts the definite article before a given name: `a Ana nasceu em`)
    if _person_subject(before):
        return True
    return date_end >= 0 and _person_after(text, date_end)


def _opens_field(text: str, start: int) -> bool:
    """Whether only blanks, quotes or a list bullet stand between `start` and its line's start or
    the field separator before it (`Name: Anna, born: …`)."""
    i = start
    while i > 0 and start - i < _PERSON_REACH and text[i - 1] in " \t\"'-*•":
        i -= 1
    return i == 0 or text[i - 1] in _FIELD_OPENERS


_PT_ARTICLES = frozenset(("o", "a", "O", "A"))
_PT_BIRTH = re.compile(r"(?i)nasc")


def _thing_after() -> re.Pattern[str]:
    # nouns for software and its artefacts (`_THING_NOUNS`, with a fork, a spec, a prototype, a
    # cluster's name: general developer English), the complement of `as` in the birth's clause
    things = "|".join(sorted(_THING_NOUNS | {"fork", "spec", "specification", "prototype", "rewrite", "cluster"}))
    return re.compile(
        rf"(?i)[^\n.;!?]{{0,40}}?\bas[ \t]+(?:(?:a|an|the|our|my|its|their|your)[ \t]+)?"
        rf"(?:[\w-]+[ \t]+){{0,3}}?(?:{things})s?\b"
    )


def _thing_apposition(text: str, date_end: int) -> bool:
    """Whether the words set off right after the date name a thing (`born: <date> (the service, …)`):
    a determiner, at most two modifiers and a thing noun (`_THING_NOUNS`), as `_person_after` reads a
    person."""
    after = _TOKEN.findall(text, date_end, min(len(text), date_end + _PERSON_REACH))
    if len(after) < 3 or after[0] not in _APPOSITION or after[1].lower() not in _DETERMINERS:
        return False
    return any(w.lower().rstrip("s") in _THING_NOUNS or w.lower() in _THING_NOUNS for w in after[2:5])


def _person_after(text: str, date_end: int) -> bool:
    """Whether the words set off right after a birth date name the person born: `born on <date>:
    our second son`, `born <date>, a baby girl` (a determiner, at most two modifiers, a person
    word closing the noun phrase; `the child process …` is a compound's head)."""
    line_end = text.find("\n", date_end, date_end + _PERSON_REACH)
    after = _TOKEN.findall(text, date_end, line_end if line_end >= 0 else date_end + _PERSON_REACH)
    if len(after) < 3 or after[0] not in _APPOSITION or after[1].lower() not in _DETERMINERS:
        return False
    i = 2
    while i < len(after) and i < 4 and after[i].islower() and after[i] not in _SUBJECTS:
        i += 1  # (`our second son`, `a healthy baby girl`)
    if i >= len(after) or after[i].lower() not in _PERSON:
        return False
    while i + 1 < len(after) and after[i + 1].lower() in _PERSON:
        i += 1  # (`baby girl`)
    nxt = after[i + 1] if i + 1 < len(after) else ""
    return not (nxt[:1].islower() and nxt.isalpha() and nxt not in _AFTER_PERSON)


# the punctuation that sets an apposition off, and the determiners that open it (articles,
# possessives; `a`, `the`, `une`, `un`, …)
_WORDS_DET = "a an the le la un une el una ein eine der die our my their his her your"
_APPOSITION = frozenset(":,-–—(")
_DETERMINERS = frozenset(_WORDS_DET.split())
# words that may follow the person of an apposition and do not make it a compound's head
_AFTER_PERSON = frozenset(("and", "who", "at", "in", "weighing", "with", "is", "was", "named", "called"))


def _first_name(words: list[str]) -> bool:
    """Whether capitalised `words` read as a person's name by the engine's name test: the first a
    listed given name and no common English word (`Hope`, `Will`), the run name-shaped."""
    from persona_pipeline.core.evidence.redaction import pii  # (pii imports this module)

    first = words[0]
    if first not in pii._name_lists()[0] or first.lower() in common_english():
        return False
    if len(words) > 1 and not pii._name_shaped(words):
        return False
    return pii._name_words_ok(" ".join(words), single_needs_list=True)


def person_word(word: str) -> bool:
    """A word for a person a birth is told of, or a possessive before one (`to our son`)."""
    return word.lower() in _PERSON or _POSSESSIVE.fullmatch(word) is not None


def _is_person(word: str) -> bool:
    # (German's `Kind` only capitalised, as its nouns are: lowercase, it is English's `kind`)
    return word.lower() in _SUBJECTS or word == "Kind"


def _person_subject(tokens: list[str]) -> bool:
    """Whether the words before a birth label end in its subject, a person: a person word with an
    auxiliary (`she was born`, `my daughter Ana was born`) or after a possessive (`our son, born`),
    a name with an auxiliary (`Mia was born`), or a person word right before the label (`baby
    born`)."""
    words = tokens[-8:]
    aux = comma = False
    if len(words) > 1 and words[-2].lower() in _AUXILIARIES and (words[-1] == "just" or words[-1].endswith("ly")):
        words.pop()  # (`was finally born`)
    if words and words[-1].lower() in _AUXILIARIES:
        aux = True
        if words.pop().lower() in ("been", "été") and words and words[-1].lower() in _HAVE:
            words.pop()
    elif words[-1:] == [","]:
        words.pop()  # (an apposition: `unser Sohn, geboren am`)
        comma = True
    if aux and words[-1:] == [","]:
        _drop_apposition(words)  # (`Noah, our first, was born`: the name before it is the subject)
    names: list[str] = []
    while aux and len(names) < 3 and words and words[-1][:1].isupper() and not _is_person(words[-1]):
        names.insert(0, words.pop())  # (given names: `our daughter Ana was born`, `Ana Lima was born`)
    if not (words and _is_person(words[-1]) and len(names) < 3):
        # (no person word before the names: the names themselves are the subject, `Mia was born`)
        if not (aux or comma) and words and _opening(words[:-1]) and words[-1][:1].isupper():
            # a listed given name opening its sentence right before the participle, as a person
            # word does in a note (`Congrats! Lea born <date>`)
            return _first_name(words[-1:])
        return aux and bool(names) and _named_subject(words, names)
    who = words[-1]
    prev = words[-2] if len(words) > 1 else ""
    if names and not who.islower():
        return False
    if (
        who[:1].isupper()
        and prev[:1].isalpha()
        and prev.lower() not in _ARTICLES
        and _POSSESSIVE.fullmatch(prev) is None
    ):
        return False  # (a capitalised word after a word: a product's name, `Son of Grid Engine`)
    # (a person word right before a participle is its subject too, as in a headline or a note:
    # `baby born <date>`, `a baby born`, `córka urodzona`; a capitalised one only opening its line)
    bare = not (aux or comma) and (not prev or prev.lower() in _ARTICLES) and (who.islower() or not prev)
    return aux or bare or _POSSESSIVE.fullmatch(prev) is not None


def _named_subject(words: list[str], names: list[str]) -> bool:
    """Whether the capitalised `names` before a birth verb's auxiliary are a person's name opening
    its clause (`Mia was born`, `Ana Lima gave birth`), not a name's part after an article or
    another capitalised word (`the Ana framework`, `Release notes: Kubernetes`)."""
    if words and (words[-1].lower() in _ARTICLES or words[-1][:1].isupper()):
        return False
    if _first_name(names):
        return True

    # one capitalised everyday word opening the sentence before the name (`Little Noah was born`)
    return len(names) > 1 and _opening(words) and names[0].lower() in common_english() and _first_name(names[1:])


def _opening(words: list[str]) -> bool:
    """Whether the tokens before a word leave it opening its line or sentence."""
    return not words or words[-1] in (".", "!", "?")


def _drop_apposition(words: list[str]) -> None:
    """Take a closing apposition off the tokens before a birth verb, `, our first ,` (a determiner
    or possessive, then at most two lower-case words, between commas), in place."""
    for j in range(len(words) - 2, max(-1, len(words) - 6), -1):
        if words[j] == ",":
            inner = words[j + 1 : -1]
            det = inner[:1] and (inner[0].lower() in _DETERMINERS or _POSSESSIVE.fullmatch(inner[0]))
            if det and len(inner) <= 3 and all(w.isalpha() and w.islower() for w in inner[1:]):
                del words[j:]
            return


# A birthday's owner: `X's birthday` / `X was born (on)`. A date of birth is a person's by
# definition, and so is a birthday unless the text positively names a thing as its owner: a
# determiner before a noun for a non-person thing (`our library's birthday`, `the Foo framework
# was born`), or a proper noun the text marks as software (a version number beside it, a file
# extension, a package manager installing it). Any other owner — a kin or role word, a name in no
# list, a plural possessive — is a person's.
_DET = r"(?i:the|our|my|its|this|that|their|your|his|her)"
_OWNER = re.compile(
    rf"(?:\b(?P<det>{_DET})[ \t]+)?(?P<mid>(?:[A-Z][\w.+#-]{{0,30}}[ \t]+){{0,2}})"
    r"\b(?P<owner>[A-Za-z][\w.+#-]{0,30}?)(?P<version>[ \t]+v?\d+(?:\.\d+){0,2})?"
    r"(?:(?:'s|’s)[ \t]+birthday\b|[ \t]+(?:was|were)[ \t]+born(?:[ \t]+on)?\b)"
    # (the date right after the birth word: another owner between them, `…, mine is`, owns it)
    r"[ \t]*(?:(?:is|was|on|[:=,–—-])[ \t]*){0,2}$"
)
# things that have a birthday in developer talk (general English nouns for software and
# organisations, never for people)
_THING_NOUNS = frozenset(
    (
        "project", "repo", "repository", "app", "application", "library", "lib", "language", "product",
        "company", "startup", "website", "site", "release", "version", "framework", "package", "game",
        "brand", "tool", "platform", "service", "kernel", "engine", "protocol", "format", "standard",
        "browser", "editor", "database", "crate", "module", "plugin", "extension", "distro",
        "codebase", "compiler", "server", "bot", "blog", "forum", "podcast", "newsletter", "channel",
    )
)  # fmt: skip
_SOFTWARE_SUFFIX = re.compile(r"\.(?:js|ts|py|rs|go|rb|net|io|NET)$|[+#]$")
_INSTALLS = (
    r"(?:npm|pnpm|yarn|pip|pipx|cargo|gem|brew|apt|apt-get|dnf|go|composer|nuget)[ \t]+(?:install|add|get)[ \t]+"
)
_INSTALLED = re.compile(_INSTALLS)
_BOUNDARY = re.compile(r"\b")
_WINDOW = 80
_THING_AFTER = _thing_after()


def owned_by_a_thing(text: str, start: int) -> bool:
    """Whether the birthday before the date at `start` is positively a thing's (see `_OWNER`)."""
    lo = line_start(text, start, _WINDOW)
    m = _OWNER.search(text[lo:start])
    if m is None:
        return False
    owner = m["owner"]
    if owner.lower() in _THING_NOUNS:
        return m["det"] is not None  # (a bare noun may be a handle or a nickname)
    if not owner[0].isupper() or m["mid"]:
        return False
    if m["version"] is not None or _SOFTWARE_SUFFIX.search(owner) is not None:
        return True
    # (the installed names read by one fixed pattern: one built per owner filled `re`'s cache)
    target, low = owner.lower(), text[lo:start].lower()
    return any(
        low.startswith(target, i.end()) and _BOUNDARY.match(low, i.end() + len(target)) is not None
        for i in _INSTALLED.finditer(low)
    )
