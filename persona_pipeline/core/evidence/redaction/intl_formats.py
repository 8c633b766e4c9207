"""Addresses, dates of birth and phone numbers as other countries write them, and (through
`intl_spans`, the one detector `pii` registers) the national ids of `national_ids`.

- Addresses: NL (Keizersgracht 123, 1015 CJ Amsterdam), ES (Calle de Alcalá, 45, 28014 Madrid),
  IT (Via dei Mille 12, 00184 Roma (RM)), CA (City, ON K1A 0B6), JP (〒150-0002 東京都渋谷区…, and
  romanised `1-2-3 Shibuya, Shibuya-ku, Tokyo 150-0002`). A street type that is also an ordinary
  word (Via, weg) needs a postal tail, a particle, a number sign or an address label.
- Dates of birth: a birth label in several languages (geboren, né le, fecha de nacimiento, data di
  nascita, nascido em, geboortedatum, 生年月日, дата рождения…) before the date, after it
  (`12/03/1985 (DOB)`, 1985年3月12日生まれ) or heading a table column; the date in ISO, numeric or
  written form (months in EN/DE/FR/ES/IT/PT/NL/PL or another script, 1985年3月12日). A date
  without such a label is left alone.
- Phones: grouped national shapes the generic candidate scan does not produce (ES 612 345 678,
  IT 333 1234567, NL 06 12 34 56 78, JP 090-1234-5678, AU 1300 123 456, 0034 …), validated by
  libphonenumber for the regions whose plan the shape belongs to; any number of those regions,
  MX or CA (bare digit runs included) right after a phone word.

Patterns run on the text's fold (see `matching`), gated by pii's one Set pass per text; the
forms in other scripts run on the original text, behind one scan for their words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from functools import lru_cache

from persona_pipeline.core.evidence.redaction import address_fields, national_ids, other_calendars
from persona_pipeline.core.evidence.redaction.birth_dates import (
    GIVE_BIRTH,
    MIDNIGHT_AFTER,
    person_beside,
    person_word,
    plausible_birth_date,
)
from persona_pipeline.core.evidence.redaction.matching import Prepared, Rx, RxSet, fold
from persona_pipeline.core.evidence.redaction.phone_check import column_cut, leading_group, record_label, valid_region
from persona_pipeline.core.evidence.redaction.spans import Span, label_window

_CAPW = r"[A-Z\x7f][A-Za-z\x7f'.-]*"
_CITY = rf"{_CAPW}(?:[ \t]+(?:{_CAPW}|aan|an|de|den|am|sul|del|di|la|le|en))?"
_ADDRESS_LABEL = Rx(
    r"(?i)(?:address|addr|adres|adresse|direcci\x7fn|direccion|domicilio|indirizzo|endere\x7fo|ship(?:ping)? to|"
    r"deliver(?:y)? to|send (?:it )?to|lives? at|located at|residence|woonadres|postadres|sede|via postale)"
    r"\b[^\n]{0,16}$"
)

# NL: street name (one word ending in a street type, maybe after a word: Prins Hendrikkade), house
# number (12, 12a, 12-3, 12 hs), then optionally the postcode (1234 AB) and the town.
_NL_STRONG = r"straat|gracht|laan|plein|kade|singel|dijk|steeg|dreef|plantsoen|straatweg|burgwal"
_NL_WEAK = r"weg|hof|pad|wal|markt|baan|haven|park|veld|hout|berg|dam"
_NL_POSTCODE = r"[1-9]\d{3}[ \t]?[A-Z]{2}"
_NL_STREET = Rx(
    rf"\b(?:[A-Z\x7f][A-Za-z\x7f'.-]*[ \t]+){{0,2}}[A-Z\x7f][a-z\x7f'-]*(?:({_NL_STRONG})|{_NL_WEAK})"
    r"[ \t]+\d{1,5}(?:[ \t]?[a-zA-Z]\b|-\d{1,4}|[ \t]hs\b)?"
    rf"(?:,?\s+({_NL_POSTCODE})[ \t]+({_CITY}))?"
)
_NL_POSTAL = Rx(rf"\b{_NL_POSTCODE}\b[ \t]+{_CITY}")

# ES / IT: a street type, optional particles, capitalised name words, a number (nº 12, n. 12, s/n),
# optional floor/door, then optionally the 5-digit postcode and town (with a province).
_ES_WAY = (
    r"Calle|C/|Avenida|Avda\.?|Av\.|Paseo|P\x7f\.?|Plaza|Pza\.|Carrer|Camino|Ronda|Traves\x7fa|Glorieta|Rambla|"
    r"Passeig|Carretera|Ctra\.|Pla\x7fa|Callej\x7fn|Urbanizaci\x7fn"
)
_IT_WAY = (
    r"Via|Viale|V\.le|Piazza|P\.za|Piazzale|Corso|C\.so|Largo|Vicolo|Strada|Lungomare|Lungotevere|Contrada|"
    r"Borgo|Salita|Vico|Rua|Avenida|"
    # NL streets named type-first: Laan van Meerdervoort, Plein 1813
    r"Laan|Plein|Kade|Dijk|Weg"
)
_PARTICLES = (
    r"(?:(?:de|del|della|delle|dei|degli|di|da|dal|dello|la|las|los|el|les|d'|dos|das|do|van|der|den|op|ter)[ \t]+)"
)
_ROMAN_STREET = Rx(
    rf"\b({_ES_WAY}|{_IT_WAY})[ \t]+({_PARTICLES}{{1,2}})?(?:{_CAPW}|\d{{1,2}}[ \t]+de)"
    rf"(?:[ \t]+(?:{_PARTICLES})?{_CAPW}){{0,3}}"
    r"(,?[ \t]*(?:n\x7f|n\.|no\.|num\.|n\x7fm\.|nr\.)?[ \t]*)(\d{1,4}[A-Za-z]?(?:/[A-Za-z0-9]{1,3})?|s/n)\b"
    r"(?:,?[ \t]*\d{1,2}(?:\x7f[ \t]?[A-Za-z\x7f]{0,4}|[ \t]?[A-Z]\b)\.?(?:[ \t]+(?:izq|dcha|izda)\.?)?)?"
    rf"(,?\s+(?:\d{{5}})[ \t]+{_CITY}(?:[ \t]*\(?[A-Z]{{2}}\)?)?)?"
)
_STRONG_WAYS = frozenset(
    [
        "Calle",
        "C/",
        "Avenida",
        "Avda",
        "Avda.",
        "Av.",
        "Paseo",
        "Plaza",
        "Pza.",
        "Carrer",
        "Glorieta",
        "Rambla",
        "Passeig",
        "Viale",
        "V.le",
        "Piazza",
        "P.za",
        "Piazzale",
        "Corso",
        "C.so",
        "Vicolo",
        "Lungomare",
        "Lungotevere",
        "Contrada",
        "Plaça",
        "Laan",
        "Plein",
        "Kade",
    ]
)

# Canada: (city,) province code and postal code A1A 1A1 (no D, F, I, O, Q, U; no W or Z first).
_CA_PROVINCE = (
    r"AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT|Ontario|Qu\x7fbec|Quebec|British Columbia|Alberta|Manitoba|"
    r"Saskatchewan|Nova Scotia|New Brunswick"
)
_CA_TAIL = Rx(
    rf"(?:\b{_CAPW}(?:[ \t]+{_CAPW}){{0,2}},?[ \t]*)?\(?\b(?:{_CA_PROVINCE})\b\)?,?[ \t]+"
    r"([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d)\b"
)
# AU: [Unit] number[/number] street words and type, suburb, state abbreviation, 4-digit postcode
_AU_WAY = (
    r"St|Street|Rd|Road|Ave|Avenue|Dr|Drive|Pde|Parade|Tce|Terrace|Hwy|Highway|Cres|Crescent|Ct|Court|Pl|Place|"
    r"Ln|Lane|Blvd|Bvd|Boulevard|Way|Cl|Close|Esp|Esplanade|Cct|Circuit|Gr|Grove|Sq|Square|Mall|Row|Walk|Rise|"
    r"Loop|Gdns|Gardens|Mews|Quay|Wharf|Promenade|Track"
)
_AU_STATE_POSTCODE = r"\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)[ \t]+\d{4}\b"
_AU_ADDRESS = Rx(
    r"\b(?:(?:Unit|Apt|Flat|Suite|Level|Shop)[ \t]+)?\d{1,5}[A-Za-z]?(?:/\d{1,5}[A-Za-z]?)?[ \t]+"
    rf"(?:{_CAPW}[ \t]+){{1,3}}(?:{_AU_WAY})\.?,?[ \t]+(?:{_CAPW},?[ \t]+){{1,3}}" + _AU_STATE_POSTCODE
)
# BR: a street type, its name, `, number`, complement / bairro / city / UF on the line, the CEP
_BR_ADDRESS = Rx(
    r"\b(?:Rua|R\.|Avenida|Av\.|Travessa|Tv\.|Alameda|Al\.|Pra\x7fa|Praca|Estrada|Rodovia|Rod\.|Largo|Ladeira)"
    r"[ \t]+[^\n,]{2,60},[ \t]*(?:n[o\x7f]?\.?[ \t]*)?\d{1,5}\b[^\n]{0,100}?\b\d{5}-\d{3}\b"
)
# IN: [Flat/House/Plot] number, comma-separated lines, a state or union territory, the 6-digit PIN
_IN_STATE = (
    r"Andhra Pradesh|Arunachal Pradesh|Assam|Bihar|Chhattisgarh|Goa|Gujarat|Haryana|Himachal Pradesh|Jharkhand|"
    r"Karnataka|Kerala|Madhya Pradesh|Maharashtra|Manipur|Meghalaya|Mizoram|Nagaland|Odisha|Orissa|Punjab|"
    r"Rajasthan|Sikkim|Tamil Nadu|Telangana|Tripura|Uttar Pradesh|Uttarakhand|West Bengal|New Delhi|Delhi|"
    r"Chandigarh|Puducherry|Pondicherry|Jammu and Kashmir|Ladakh|Lakshadweep|Andaman and Nicobar Islands"
)
_IN_STATE_PIN = rf"\b(?:{_IN_STATE})[ \t]*[-,]?[ \t]*[1-9]\d{{2}}[ \t]?\d{{3}}\b"
_IN_ADDRESS = Rx(
    r"(?:\b(?:Flat|House|Plot|Door|Apt|Apartment|Block|Shop)[ \t]+(?:No\.?[ \t]*)?)?\b[A-Z]?-?\d{1,5}[A-Za-z]?"
    # (the state ends a comma-separated line of parts: "…, Bengaluru, Karnataka 560085")
    r"(?:/\d{1,5})?,[^\n]{3,120}?,[ \t]*" + _IN_STATE_PIN
)
# PL: ul./al./pl./os. and the street, number [/flat or `m.` flat], the postcode NN-NNN and the town
_PL_ADDRESS = Rx(
    r"\b(?:ul\.|al\.|pl\.|os\.|ulica|aleja|aleje|plac|osiedle)[ \t]*"
    rf"(?:{_CAPW}[ \t]+){{0,3}}{_CAPW}[ \t]+\d{{1,4}}[A-Za-z]?"
    r"(?:[ \t]*/[ \t]*\d{1,4}|[ \t]+(?:m|lok)\.[ \t]*\d{1,4})?,?[ \t]+\d{2}-\d{3}[ \t]+" + _CITY
)
# romanised Japanese: block-lot numbers, ward/city (…-ku, …-shi), prefecture, postcode
_JP_ROMAJI = Rx(
    r"\b\d{1,4}(?:-\d{1,4}){1,3},?[ \t]+(?:[A-Z][a-z]+(?:-[a-z]+)?,?[ \t]+){0,3}"
    r"[A-Z][a-z]+-(?:ku|shi|cho|machi|gun)\b(?:,?[ \t]+[A-Z][a-z]+(?:-(?:to|fu|ken))?)?(?:,?[ \t]+\d{3}-\d{4}\b)?"
)
_JP_NATIVE = re.compile(
    r"〒[ \u3000]?\d{3}[-−ー]\d{4}(?:[ \u3000]*[^\s\"'<>,;、。]{1,40})?|"
    r"(?:東京都|北海道|大阪府|京都府|[\u4e00-\u9fff]{2,3}県)[\u3040-\u30ff\u4e00-\u9fff0-9０-９\-−ー－]{2,40}"
)
_JP_CHARS = ("〒", "都", "道", "府", "県")

# Birth labels. A noun label (date of birth, Geburtsdatum, fecha de nacimiento…) may be followed
# by a format hint or punctuation before the date: `Date of Birth (DD/MM/YYYY): 12/03/1985`; a verb
# (born, geboren, né le, nato il…) by a few words: `born in Lisbon on 12 March 1985`.
_DOB_NOUN = (
    r"d\.?o\.?b\.?|date[ _-]?of[ _-]?birth|birth[ _-]?date|birth[ _-]?day|b-?day|geburtsdatum|geburtstag|"
    r"geboortedatum|date[ _]?(?:de[ _]?)?naiss(?:ance)?\.?|fecha[ _]?(?:de[ _]?)?nac(?:imiento)?\.?|"
    r"f\.[ _]?nac(?:imiento)?\.?|data[ _]?(?:de[ _]?)?nasc(?:imento)?\.?|data[ _]?(?:di[ _]?)?nascita|"
    r"data[ _]urodzenia|f\x7fdelsedatum|f\x7fdselsdato|syntym\x7faika|do\x7fum[ _]tarihi|datum[ _]narozen\x7f|"
    r"sz\x7flet\x7fsi[ _]d\x7ftum|szuletesi[ _]datum|"
    r"geb(?:\.|urts)?[ _-]?dat(?:um|\.)|birth[\"']?[ \t]*[:=]|fdn|ddn|"
    # ASC X12's demographic segment (HIPAA 5010): DMG01 `D8` says DMG02 is the birth date, CCYYMMDD
    r"dmg\*d8\*|"
    # the birth noun alone, as a key (`"nacimiento": …`, `nascimento:`)
    r"nacimiento|nascimento|naissance|urodzeni[ae]|nascita|"
    # Latvian, Lithuanian, Estonian, Basque, Albanian
    r"dzim(?:\x7f|s)anas[ _]datums|gimimo[ _]data|s(?:\x7f|y|u)nniaeg|jaiotze[ _]data|"
    r"dat(?:\x7f|e)lindja|data[ _]e[ _]lindjes"
)
_DOB_VERB = (
    rf"born|{GIVE_BIRTH}|geboren|geb\.|nacid[oa]/a|nascid[oa]\(a\)|nat[oa]/a|"
    r"n(?:\x7f|e)e?(?:\(e\))?s?(?:[ \t]+(?:\x7f|a)[ \t]+[A-Z\x7f][A-Za-z\x7f'-]+)?[ \t]+le|"
    # (Spanish's past tense too: `nació el`, `nací el`, `nacieron el`)
    r"nacid[oa]|naci(?:o|eron)\b|naci?\x7f|nascid[oa]|urodzon[ya]|f\x7fdd|sz\x7fletett|"
    # Portuguese's finite past (`nasceu`, `nasceram`, `nasci`) and the Nordic passive past (sv
    # `föddes`, da/no `fødtes`, `blev født`): the usual way to tell a birth in those languages
    r"nasce(?:u|ram)\b|nasci\b|f\x7fd(?:d|t)es\b|f\x7fdt\b|"
    r"(?-i:[Nn]at[oa])[ \t]+(?:a|il|in|nel)"
)
_MONTH = (
    r"(?:jan|j\x7fn|feb|f\x7fv|fev|ene|gen|mar|m\x7fr|mrt|mrz|maa|apr|avr|abr|may|mai|mei|mag|maj|jun|jui|giu|lug|"
    r"jul|aug|ago|ao\x7f|sep|set|oct|okt|ott|out|nov|dec|dez|dic|d\x7fc|"
    # Polish genitive months (stycznia, lutego, kwietnia, czerwca, lipca, sierpnia, wrzesnia, …)
    r"sty|lut|kwi|cze|lip|sie|wrz|pa\x7f|lis|gru|"
    # Turkish (Ocak, Şubat, Nisan, Mayıs, Haziran, Temmuz, Ağustos, Eylül, Ekim, Kasım, Aralık) and
    # Swedish / Danish / Norwegian (januari, maj, juni, oktober: above), Czech (ledna, února, …)
    r"oca|\x7fub|nis|hazi|tem|a\x7fu|eyl|eki|kas|ara|led|\x7fno|b\x7fez|dub|kv\x7f|\x7fer|srp|z\x7f\x7f|\x7fij|lis|pro|"
    # Hungarian (március, április, május, június, július, szeptember)
    r"\x7fpr|m\x7fj|j\x7fl|szep|"
    # Lithuanian genitives (sausio … gruodžio), Basque (urtarrila … abendua), Albanian (janar …
    # dhjetor); Latvian's (janvāris … decembris) share the prefixes above
    r"sau|vas|kov|bal|geg|bir|lie|rug|spa|lap|urt|ots|api|eka|uzt|abu|ira|urr|aza|abe|"
    r"shk|pri|qer|kor|gus|sht|tet|n\x7fn|nen|dhj)"
    r"[a-z\x7f]*\.?"
)
_DATE = (
    r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|"
    # (an English ordinal's year may be written `'68`)
    rf"\d{{1,2}}(?:st|nd|rd|th|er|\x7f|o)?\.?[ \t]+(?:de[ \t]+|of[ \t]+)?{_MONTH},?[ \t]+(?:del?[ \t]+)?"
    r"(?:\d{4}|'\d\d\b)|"
    rf"\d{{1,2}}[-/ ]?{_MONTH}[-/ ]?\d{{2,4}}|"
    # (an LDAP / X.680 GeneralizedTime at midnight, `19870303000000Z`, is a date-only field's value)
    r"(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:000000(?:\.0{1,6})?Z)?\b|"
    # a bilingual passport data page (ICAO 9303): `03 MAR/MARS 87`, the month in both languages
    rf"\d{{1,2}}[ \t]+{_MONTH}/{_MONTH}[ \t]+\d{{2,4}}\b|"
    r"(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])(?:19|20)\d\d\b|"  # DDMMYYYY
    rf"\d{{4}}\.[ \t]*{_MONTH}[ \t]+\d{{1,2}}\b|"  # Hungarian: 1959. május 1.
    rf"\d{{4}}\.[ \t]*gada[ \t]+\d{{1,2}}\.[ \t]*{_MONTH}|"  # Latvian: 1979. gada 25. marts
    rf"\d{{4}}[ \t]*m\.[ \t]+{_MONTH}[ \t]+\d{{1,2}}[ \t]*d\.?|"  # Lithuanian: 2003 m. kovo 17 d.
    rf"\d{{4}}e?ko[ \t]+{_MONTH}[ \t]+\d{{1,2}}(?:a|ean)?\b|"  # Basque: 1993ko urtarrilaren 26a
    rf"{_MONTH}[ \t]+(?:the[ \t]+)?\d{{1,2}}(?:st|nd|rd|th)?,?[ \t]+(?:\d{{4}}|'\d\d\b)|"
    # Vietnamese: ngày 14 tháng 9 năm 1977
    r"ng\x7fy[ \t]+\d{1,2}[ \t]+th\x7fng[ \t]+\d{1,2}[ \t]+n\x7fm[ \t]+\d{4}|"
    r"\d{1,2}[./ -](?:I|II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)[./ -]\d{4}|"  # 12.III.1985
    r"\d{1,2}\.?[ \t]+\x7f{3,12}\.?[ \t]+\d{4}|"  # a month in another script (12 марта 1985)
    r"\d{4}\x7f ?\d{1,2}\x7f ?\d{1,2}\x7f|"  # 1985年3月12日, 1985년 3월 12일 (checked on the original)
    r"\d{1,2}\x7f\d{1,2}\x7f\d{1,2}\x7f"  # a Japanese era's year: 平成3年1月4日 (the era read on the original)
)
_DOB = Rx(
    # (a noun label may end its line: a YAML key, the value indented below it)
    # (or a schema property: its `type:` / `format:` lines, then its `example:`)
    rf"(?i)(?:\b|_)(?:(?:{_DOB_NOUN})[^\n;!?0-9]{{0,32}}?(?:\r?\n[ \t]*(?:-[ \t]*)?)?|"
    rf"(?:{_DOB_NOUN})[\"']?:[ \t]*(?:\r?\n[ \t]*(?:type|format):[ \t]*[\"']?[a-z-]{{1,12}}[\"']?[ \t]*){{1,2}}"
    r"\r?\n[ \t]*(?:example|default):[ \t]*[\"']?|"
    rf"(?:{_DOB_VERB})(?:[ \t,]+[A-Za-z\x7f'-]{{1,20}}){{0,4}}?[ \t,:=\"'-]*)"
    rf"\b({_DATE})"
)
# Japanese eras and the Gregorian year each began in (its year 1)
_JA_ERAS = {"明治": 1868, "大正": 1912, "昭和": 1926, "平成": 1989, "令和": 2019}
_JA_DOB_WORDS = (
    "生年月日",
    "誕生日",
    "出生",
    "生まれ",
    "생년월일",
    "일생",
    "ата рождения",
    "الميلاد",
    "जन्म",
    "γέννησης",
)
_JA_DOB_LABEL = re.compile(
    r"(?:生年月日|誕生日|出生日期|出生年月日|生まれ|생년월일|[Дд]ата рождения|تاريخ الميلاد|जन्म तिथि|"
    r"Ημερομηνία γέννησης)[\s:：は=\"'「—–-]{0,4}"  # (a dash too: `생년월일 — 1964년 9월 20일`)
)
_JA_DOB = re.compile(
    _JA_DOB_LABEL.pattern
    + r"(\d{4}年\s?\d{1,2}月\s?\d{1,2}日|\d{4}년\s?\d{1,2}월\s?\d{1,2}일|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|"
    r"\d{1,2}[-/.]\d{1,2}[-/.]\d{4}|\d{1,2}\s[а-я]+\s\d{4}|(?:昭和|平成|令和)\d{1,2}年\d{1,2}月\d{1,2}日)"
)
# a birth-date column of a delimited table (`id;fecha_nacimiento;plan`): its cells are dates of birth
_DOB_CELL = Rx(rf"(?im)(?:^|[,;\t|])[ \t]*[\"']?(?:[a-z]+_)?((?:{_DOB_NOUN}))[\"']?[ \t]*(?:[,;\t|]|\r?$)")
_DATE_AT = Rx(rf"(?i)^(?:{_DATE})")
# the label after a CJK date: 1985年3月12日生まれ, 1985年3月12日出生, 1985년 3월 12일생
_JA_DOB_AFTER = re.compile(
    r"((?:\d{4}|(?:昭和|平成|令和)\d{1,2})年\s?\d{1,2}月\s?\d{1,2}日|\d{4}년\s?\d{1,2}월\s?\d{1,2}일)[にの]?\s?(?:生まれ|出生|생)"
)
# the label after the date: `12/03/1985 (DOB)`, `1985-03-12 - date of birth`
_DOB_AFTER = Rx(
    rf"(?i)\b({_DATE})[ \t]*[(,-]?[ \t]*(?:dob|d\.o\.b\.?|date[ _]of[ _]birth|birth[ _]?date|geburtsdatum|"
    r"fecha[ _]de[ _]nacimiento|data[ _]di[ _]nascita|date[ _]de[ _]naissance|geboortedatum|data[ _]de[ _]nascimento)\b"
)
# the German and Dutch participle after the date, at the end of the clause: `meine Tochter wurde am
# 12.03.2025 geboren`, `is op 2 maart 2025 in Utrecht geboren`
# (and Hungarian's, whose date comes before `született` with the day's case suffix: `a lányom 2026.
# március 3-án született`, `2026.01.05-én`)
_DOB_VERB_AFTER = Rx(
    rf"(?i)\b(?:(?:am|op)[ \t]+)?({_DATE})(?:[ \t]+(?:(?:in|im)[ \t]+[A-Z\x7f][A-Za-z\x7f'-]{{1,30}}[ \t]+)?geboren\b|"
    r"\.?-?(?:j?\x7fn)?\.?[ \t]+sz\x7flet(?:ett|tek)\b)"
)

# A birth told without a birth word: a newborn's noun as the subject of an arrival (`our daughter
# arrived on <date>`) or the object of a having verb with a parent as subject (`we had our baby on
# <date>`, `we welcomed our son`). English's nouns for a child as one is born (not a sibling or a
# spouse: they arrive as visitors); a thing arriving (`the package`, `our release`) has none.
_NEWBORN = r"(?:baby|babies|newborn|son|daughter|twins|triplets|boy|girl|little[ \t]+one)"
_ARRIVAL_ORDINAL = r"(?:(?:first|second|third|fourth|new|little|baby|newborn|beautiful|healthy)[ \t]+)?"
_DOB_ARRIVAL = Rx(
    rf"(?i)\b(?:(?:we|i|she|they)[ \t]+(?:(?:just|finally)[ \t]+)?(?:had|welcomed)[ \t]+(?:our|my|her|their|a)[ \t]+"
    rf"{_ARRIVAL_ORDINAL}{_NEWBORN}(?:[ \t]+(?:boy|girl))?(?:[ \t]*,?[ \t]+(?-i:[A-Z][a-z\x7f]+))?|"
    rf"(?:our|my|her|his|their)[ \t]+{_ARRIVAL_ORDINAL}{_NEWBORN}(?:[ \t]+(?-i:[A-Z][a-z\x7f]+))?[ \t]+"
    r"(?:(?:just|finally)[ \t]+)?arrived)"
    rf"[ \t]*,?[ \t]+(?:on[ \t]+)?(?:the[ \t]+)?\b({_DATE})"
)

# (a son, daughter, boy or girl also arrives grown: home, at college, to visit, a new hire; a baby's
# nouns do not)
_BABY_NOUN = re.compile(r"(?i)\b(?:bab(?:y|ies)|newborn|twins|triplets|little[ \t]+one)\b")
# (`at` before a clock time or a time of day tells when the baby came, not where: `at 3am`, `at 04:12`)
_MOVEMENT_AFTER = re.compile(
    r"(?i)[ \t,]*(?:home|at(?![ \t]+(?:\d|dawn|midnight|noon|night|sunrise))|to|from|for|back|in|into|via|by)\b"
)
_NEW_BEFORE = re.compile(r"(?i)\bnew[ \t]+(?:son|daughter|boy|girl)\b")


def _grown_arrival(text: str, m0: int, start: int, end: int) -> bool:
    """Whether an arrival told of a son, daughter, boy or girl reads as a grown one's (a visit, a
    journey, a new hire): a place or purpose after the date, or `new` before the noun."""
    head = text[m0:start]
    if "arrived" not in head.lower() or _BABY_NOUN.search(head) is not None:
        return False
    return _NEW_BEFORE.search(head) is not None or _MOVEMENT_AFTER.match(text, end) is not None


# Phones: shapes of one national plan each, with the region to validate in; a bare digit run
# (no separators) only right after a phone label.
# Words that name a phone; the weak ones (number, contact, call…) also name other things, so they
# vouch only for a grouped number, never for a bare digit run.
_PHONE_WORDS = (
    r"(?:mobile|cell|home|work|office|contact|private)[ _-]?phone|"
    # a line one calls: hotline, helpline, "the support line", "service line"
    r"(?:hot|help|support|service|phone|contact)[ \t_-]?line|"
    r"phone|tel|t\x7fl|tel\x7ffono|telefono|telefoon|telefon|telephone|mobile|mobiel|m\x7fvil|movil|cellulare|cell|"
    r"cellular|celular|cel|tlf|tfno|tlfno|telf|handy|fax|whatsapp|sms|ph|mob|"
    r"ll\x7fmame|chiamami|bel[ \t]+me|text[ \t]+me|call[ \t]+me|"
    r"ring[ \t]+me|appelle[rz]?-moi|ruf[ \t]+mich[ \t]+an|recapito|telefonnummer|telefoonnummer|rufnummer|"
    # Polish "zadzwoń (pod)", "komórka"; Portuguese "ligue (para)"; Swedish / Norwegian "ring (mig)"
    # (a word ending in a DEL has no `\b` after it: `zadzwoń pod`)
    r"(?:za)?dzwo(?:\x7f|n)[ \t]+(?:pod|na)|kom\x7frka|komorka|ligue|ligar|ring[ \t]+(?:mig|meg)"
)
_WEAK_PHONE_WORDS = r"contact|ring|call|num(?:ero)?|n\x7fmero|nummer|number|llamar|chiamare|chiama|bellen|anrufen"
# a phone word shortly before the number: `tel:`, `TEL;TYPE=CELL:`, `llámame al`, `phone (NL): `
# (a word may be part of a key: `phone_number`, `mobilePhone`, `telefoonnummer`)
_NUMBER_SUFFIX = r"(?:[ _-]?(?:number|no|nr|num|nummer|numero|n\x7fmero))?"
_PHONE_CONTEXT = Rx(rf"(?i)(?:\b|_)(?:{_PHONE_WORDS}){_NUMBER_SUFFIX}(?:\b|_)[^\n0-9]{{0,16}}$")
_WEAK_PHONE_CONTEXT = Rx(rf"(?i)\b(?:{_WEAK_PHONE_WORDS})\b[^\n0-9]{{0,16}}$")
# labels in other scripts, looked for in the original text before the number
_OTHER_SCRIPT_PHONE = ("電話", "携帯", "連絡先", "телефон", "Телефон", "전화", "手机", "電話番号")
# National shapes with at least one separator (a bare digit run is read only after a phone word,
# by `_PHONE_LABELLED`: ids and counters are bare digit runs too).
_PHONE_SHAPES: tuple[tuple[Rx, tuple[str, ...]], ...] = (
    # ES: 9 digits beginning 6, 7, 8 or 9, in 3-3-3, 3-2-2-2 or 2-3-2-2 groups
    (
        Rx(
            r"\b[6-9]\d{2}(?:[ .-]\d{3}[ .-]\d{3}|[ .-]\d{2}[ .-]\d{2}[ .-]\d{2})\b|"
            r"\b[89]\d[ .-]\d{3}[ .-]\d{2}[ .-]\d{2}\b"
        ),
        ("ES",),
    ),
    # IT mobiles: 3xx then 6-7 digits, or 3-3-4 / 3-4-3
    (Rx(r"\b3\d{2}[ .-]\d{6,7}\b|\b3\d{2}[ .-]\d{3,4}[ .-]\d{3,4}\b"), ("IT",)),
    # trunk-0 plans (NL, JP, AU, IT landlines), 9 to 11 digits: a group of 3+ after the area code
    # (dates' 05-11 never), or 3-4 pairs and triples with one separator (06 12 34 56 78)
    (
        Rx(
            r"\b0\d{1,4}[ .-]\d{3,8}(?:[ .-]\d{2,4}){0,2}\b|\(0\d{1,4}\)[ ]?\d{1,4}[ -]?\d{3,4}\b|"
            r"\b0\d{1,3}(?: \d{2,4}){3,4}\b|\b0\d{1,3}(?:-\d{2,4}){3,4}\b|\b0\d{1,3}(?:\.\d{2,4}){3,4}\b"
        ),
        ("NL", "JP", "AU", "IT"),
    ),
    # AU local-rate numbers: 1300 / 1800 and six digits
    (Rx(r"\b1[38]00[ -]\d{3}[ -]?\d{3}\b"), ("AU",)),
    # the international prefix written instead of + (0034 612 345 678, 00 34 …): the ITU's 00, or
    # Australia's 0011; any country
    (Rx(r"\b(?:0011|00)[ ]?[1-9]\d{0,2}[ .-]\d{1,4}(?:[ .-]?\d{2,4}){1,4}\b"), ("IDD",)),
)
_NOT_PHONE_BEFORE = Rx(
    r"(?i)\b(?:build|version|ver|release|rev|revision|order|invoice|ticket|issue|pr|job|run|id|ref|sku|"
    # (and the label's number word: `order no.`, `case nr`, `invoice number`)
    r"tracking|amount|total|port|ports|pid|size|bytes|v)(?:[ \t]*(?:no|nr|num|number|n\x7f)\b\.?)?\W{0,3}$"
)


def _date_or_ip(raw: str) -> bool:
    """A date or an IPv4 address, not a phone; `958.74.18.57` has the shape of an address but no
    octet above 255 (a Spanish number's first group is 6xx to 9xx)."""
    if not _DATE_OR_IP.match(raw):  # (`Rx.match` answers a bool)
        return False
    parts = raw.split(".")
    return len(parts) != 4 or all(p.isdigit() and int(p) <= 255 for p in parts)


_DATE_OR_IP = Rx(r"^(?:\d{1,2}[-./]\d{1,2}[-./]\d{2,4}|\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,3}(?:\.\d{1,3}){3})")
_PHONE_LABELLED = Rx(rf"(?i)(?:\b|_)(?:{_PHONE_WORDS}){_NUMBER_SUFFIX}(?:\b|_)[^\n0-9]{{0,16}}(\+?\d[\d .-]{{7,14}}\d)")
# numbers in full-width digits (Japanese prose: ０９０－１２３４－５６７８)
_FULLWIDTH_DIGITS = tuple(chr(c) for c in range(0xFF10, 0xFF1A))
_FULLWIDTH_PHONE = re.compile(r"[＋+]?[０-９][０-９－ー‐\-（）() ]{8,16}[０-９]")
# labels in other scripts before a number (the original text, behind `_other_script`)
_OTHER_PHONE = re.compile(
    r"(?:電話|携帯|連絡先|телефон|Телефон|전화|手机)(?:番号|号码|번호)?[^\d\n]{0,8}(\+?\d[\d .\-]{7,14}\d)"
)
_LABELLED_REGIONS = ("ES", "IT", "NL", "JP", "AU", "MX", "CA")
# More national plans, for a labelled number written in groups only: a bare 10-13 digit run is
# valid somewhere in so many plans (DE, AT allow long numbers) that it is an id as often
_GROUPED_REGIONS = (
    *("PL", "SE", "BR", "DE", "KR", "ZA", "PT", "FR", "GB", "IN", "TR", "AT", "CH", "BE", "DK", "NO", "FI", "IE"),
)


def _labelled_valid(raw: str) -> bool:
    if any(_valid_in(raw, r) for r in _LABELLED_REGIONS):
        return True
    return any(c in raw for c in " .-") and any(_valid_in(raw, r) for r in _GROUPED_REGIONS)


_ADDRESSES: tuple[Rx, ...] = (
    _NL_STREET,
    _NL_POSTAL,
    _ROMAN_STREET,
    _CA_TAIL,
    _JP_ROMAJI,
    _AU_ADDRESS,
    _BR_ADDRESS,
    _IN_ADDRESS,
    _PL_ADDRESS,
)
_GATED: tuple[Rx, ...] = (
    *_ADDRESSES,
    _DOB,
    _DOB_AFTER,
    _DOB_VERB_AFTER,
    _DOB_CELL,
    _DOB_ARRIVAL,
    *(rx for rx, _ in _PHONE_SHAPES),
    _PHONE_LABELLED,
    *national_ids.GATED,
)


def _gate_pattern(pattern: str) -> str:
    """`pattern` with its wide counted repetitions opened (`{0,32}` -> `*`): a superset, and a
    smaller Set DFA; narrow ones (`\\d{8}`) are kept, or the gate would open on every number."""
    return re.sub(
        r"(?<!\\)\{(\d+),(\d+)\}(\??)",
        lambda m: m[0] if int(m[2]) - int(m[1]) < 8 else ("*" if m[1] == "0" else "+") + m[3],
        pattern,
    )


# Gate patterns (wide counts opened), by name. `pii` adds them to its own Set, so one Set pass per
# text tells its detectors and these which patterns may match; a text pii has not gated (a
# direct call) gets a pass over this module's Set alone.
# A pattern with a long label list and gaps is gated by a part every match contains (its label,
# its street type and number, its postcode): a superset, and a Set of such parts keeps few DFA
# states, which on many short texts is most of the Set pass's cost.
_DOB_LABELS = rf"(?i)(?:{_DOB_NOUN}|{_DOB_VERB})"
_GATE_PART: dict[int, str] = {
    # (a weak street type opens only with a postcode, which its rule needs then anyway)
    id(_NL_STREET): rf"(?:{_NL_STRONG})[ \t]+\d|\b[1-9]\d{{3}}[ \t]?[A-Z]{{2}}\b",
    id(_NL_POSTAL): r"\b[1-9]\d{3}[ \t]?[A-Z]{2}\b[ \t]+[A-Z\x7f]",
    id(_ROMAN_STREET): rf"\b(?:{_ES_WAY}|{_IT_WAY})[ \t]+",
    id(_CA_TAIL): r"[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d\b",
    id(_JP_ROMAJI): r"-(?:ku|shi|cho|machi|gun)\b",
    id(_AU_ADDRESS): _AU_STATE_POSTCODE,
    id(_BR_ADDRESS): r"\b\d{5}-\d{3}\b",
    id(_IN_ADDRESS): _IN_STATE_PIN,
    id(_PL_ADDRESS): r"\b\d{2}-\d{3}[ \t]+[A-Z\x7f]",
    id(_DOB): _DOB_LABELS,
    id(_DOB_AFTER): _DOB_LABELS,
    id(_DOB_VERB_AFTER): _DOB_LABELS,
    id(_DOB_CELL): _DOB_LABELS,
    id(_DOB_ARRIVAL): rf"(?i)\b{_NEWBORN}\b",
    id(_PHONE_LABELLED): rf"(?i)(?:\b|_)(?:{_PHONE_WORDS})",
    **national_ids.GATE_PART,
}
_GATE_PATTERNS = [_GATE_PART.get(id(rx)) or _gate_pattern(rx.pattern) for rx in _GATED]
# one name per distinct gate pattern (two patterns gated by the same label share a Set member)
_UNIQUE = list(dict.fromkeys(_GATE_PATTERNS))
GATE_NAMES: tuple[str, ...] = tuple(f"intl_{i}" for i in range(len(_UNIQUE)))
GATE_ENTRIES: dict[str, tuple[Rx, ...]] = {n: (Rx(p),) for n, p in zip(GATE_NAMES, _UNIQUE, strict=True)}
_IDX = {id(rx): i for i, rx in enumerate(_GATED)}
# gate name -> the indices of the `_GATED` patterns it opens
_NAME_IDX = {
    n: tuple(i for i, g in enumerate(_GATE_PATTERNS) if g == p) for n, p in zip(GATE_NAMES, _UNIQUE, strict=True)
}
_NAME_SET = frozenset(GATE_NAMES)
# the gate of the phone words (phone, tel, móvil, Handy…): `phone_labels` opens on it too
PHONE_WORDS_GATE = next(n for n in GATE_NAMES if _IDX[id(_PHONE_LABELLED)] in _NAME_IDX[n])
_NAT_IDX = frozenset(_IDX[id(rx)] for rx in national_ids.GATED)
_ADDR_IDX = frozenset(_IDX[id(rx)] for rx in _ADDRESSES)
_DOB_IDX = frozenset(_IDX[id(rx)] for rx in (_DOB, _DOB_AFTER, _DOB_VERB_AFTER, _DOB_CELL, _DOB_ARRIVAL))
_PHONE_IDX = frozenset(_IDX[id(rx)] for rx in (*(rx for rx, _ in _PHONE_SHAPES), _PHONE_LABELLED))


@lru_cache(maxsize=1)
def _own_set() -> RxSet:
    return RxSet(_UNIQUE)


def _gates(text: str) -> frozenset[int] | None:
    """Indices of the `_GATED` patterns that may match `text` (None: all may)."""
    cached = getattr(text, "intl_fmt_gates", False)
    if cached is not False:
        return cached  # type: ignore[no-any-return]
    shared = getattr(text, "pii_gates", False)
    if shared is not False:
        names = _NAME_SET.intersection(shared) if shared is not None else None
    else:
        hits = _own_set().matching(text) if fold(text) is not None else None
        names = None if hits is None else {GATE_NAMES[i] for i in hits}
    out = None if names is None else frozenset(i for n in names for i in _NAME_IDX[n])
    if isinstance(text, Prepared):
        text.intl_fmt_gates = out  # type: ignore[attr-defined]
    return out


def _open(gates: frozenset[int] | None, rx: Rx) -> bool:
    return gates is None or _IDX[id(rx)] in gates


# Words of other scripts that open the detectors reading the original text (one scan of a
# non-ASCII text for all of them, cached on a prepared text).
_OTHER_SCRIPT = re.compile(
    "|".join(
        re.escape(w)
        for w in (
            *national_ids.OTHER_SCRIPT_WORDS,
            *_JP_CHARS,
            *_JA_DOB_WORDS,
            *other_calendars.LABEL_WORDS,
            *_OTHER_SCRIPT_PHONE,
            *_FULLWIDTH_DIGITS,
            "생년",
            "рождения",
            # (read by `pii`'s address-field and bank-account detectors: one cached scan for all)
            *("住所", "支店"),
            *address_fields.OTHER_LABEL_WORDS,
        )
    )
)


# (a scan for their first characters first: one character class is a fast scan, an alternation
# of words is not)
_OTHER_FIRST = re.compile("[" + "".join(sorted({w[0] for w in _OTHER_SCRIPT.pattern.split("|")})) + "]")


def other_script(text: str) -> bool:
    """Whether a word of `_OTHER_SCRIPT` may be in the text (cached on a prepared text)."""
    return _other_script(text)


def _other_script(text: str) -> bool:
    if text.isascii():
        return False
    cached = getattr(text, "intl_other_script", None)
    if cached is None:
        # every word is two or more non-ASCII characters, or a postal mark beside a prefecture
        # name: a run of two DELs in the fold (a C-speed find) comes first
        b = fold(text)
        first = _OTHER_FIRST.search(text) if b is None or b"\x7f\x7f" in b else None
        cached = first is not None and _OTHER_SCRIPT.search(text, first.start()) is not None
        if isinstance(text, Prepared):
            text.intl_other_script = cached  # type: ignore[attr-defined]
    return cached


def intl_spans(text: str) -> Iterator[Span]:
    """Every detector of this module and `national_ids`, as one detector (one gate pass, one
    detector's overhead per text); a group of rules runs only when one of its gates is open."""
    shared = getattr(text, "pii_gates", False)
    if shared is not False and shared is not None and _NAME_SET.isdisjoint(shared) and text.isascii():
        return  # the common case, decided without a call
    gates = _gates(text)
    other = _other_script(text)
    if gates is not None and not gates and not other:
        return
    if gates is None or other or not gates.isdisjoint(_NAT_IDX):
        yield from national_ids.national_id_spans(text, lambda rx: _open(gates, rx), other)
    if gates is None or other or not gates.isdisjoint(_ADDR_IDX):
        yield from intl_address_spans(text)
    if gates is None or other or not gates.isdisjoint(_DOB_IDX):
        yield from intl_dob_spans(text)
    if gates is None or other or not gates.isdisjoint(_PHONE_IDX):
        yield from intl_phone_spans(text)


def _labelled_address(text: str, start: int) -> bool:
    return _ADDRESS_LABEL.search(label_window(text, max(0, start - 32), start)) is not None


def intl_address_spans(text: str) -> Iterator[Span]:
    """NL, ES, IT, CA and JP addresses (see the module docstring)."""
    gates = _gates(text)
    if _open(gates, _NL_STREET):
        for (start, end), strong, post, _city in _NL_STREET.finditer(text):
            if text[end : end + 1].isalnum() or (text[end : end + 1] == "." and text[end + 1 : end + 2].isdigit()):
                continue
            if strong[0] >= 0 or post[0] >= 0 or _labelled_address(text, start):
                yield Span(start, end, "address")
    if _open(gates, _NL_POSTAL):
        for ((start, end),) in _NL_POSTAL.finditer(text):
            # "1015 CJ Amsterdam" beside a street line or a label (a bare "2024 CE Release" is not)
            if _labelled_address(text, start) or _after_street_number(text, start):
                yield Span(start, end, "address")
    if _open(gates, _ROMAN_STREET):
        for (start, end), (w0, w1), particle, (n0, n1), _num, tail in _ROMAN_STREET.finditer(text):
            way = text[w0:w1]
            # (a tuple: `"" in "_."` is true, and refused every street opening its text)
            if (
                text[end : end + 1].isalnum()
                or text[end : end + 1] in ("_", "(")
                or text[start - 1 : start] in ("_", ".")
            ):
                continue
            strong = way in _STRONG_WAYS or particle[0] >= 0 or tail[0] >= 0
            # "Via Roma, 12" / "Via Roma n. 12": a comma or a number sign before the number
            marked = "," in text[n0:n1] or "n" in text[n0:n1].lower()
            if strong or marked or _labelled_address(text, start):
                yield Span(start, end, "address")
    if _open(gates, _CA_TAIL):
        for (start, end), _ in _CA_TAIL.finditer(text):
            if not text[end : end + 1].isalnum():
                yield Span(start, end, "address")
    if _open(gates, _JP_ROMAJI):
        for ((start, end),) in _JP_ROMAJI.finditer(text):
            yield Span(start, end, "address")
    for rx in (_AU_ADDRESS, _BR_ADDRESS, _IN_ADDRESS, _PL_ADDRESS):  # (each ends in its postcode)
        if _open(gates, rx):
            for ((start, end),) in rx.finditer(text):
                yield Span(start, end, "address")
    if _other_script(text) and any(c in text for c in _JP_CHARS):
        for m in _JP_NATIVE.finditer(text):
            value = m.group(0)
            if value.startswith("〒") or any(ch.isdigit() for ch in value):
                yield Span(m.start(), m.end(), "address")


# a house number (12, 12a) or a floor/door (3º B) right before, then a comma or a line break
_STREET_NUMBER_BEFORE = Rx(r"(?:\b\d{1,5}[A-Za-z]?|\x7f[ \t]?[A-Za-z]{0,4}\.?),?[ \t]*\r?\n?[ \t]*$")


def _after_street_number(text: str, start: int) -> bool:
    """A postcode right after a house number (`… 263, 1016 GV Amsterdam`) ends an address."""
    return _STREET_NUMBER_BEFORE.search(text[max(0, start - 14) : start]) is not None


def _in_placeholder(text: str, pos: int) -> bool:
    """Whether `pos` lies inside a `[REDACTED:kind:…]` placeholder (its kind names a label:
    `date_of_birth`, `passport_number`), so that redacting redacted text changes nothing."""
    i = text.rfind("[REDACTED:", max(0, pos - 48), pos + 1)
    return i >= 0 and "]" not in text[i:pos]


def _dob_kind(groups: Sequence[tuple[int, int]]) -> tuple[str, int]:
    return "date_of_birth", groups[0][0]


def _date_end(_kind: str, text: str, start: int) -> int | None:
    m = _DATE_AT.search(text[start : start + 40])
    if m is None:
        return None
    end = start + m[0][1]
    return None if text[end : end + 1].isalnum() else end


def _after_digit_or_placeholder(text: str, start: int) -> bool:
    return text[start - 1 : start].isdigit() or (text[start - 1 : start] == "]" and _in_placeholder(text, start - 1))


_TIME_AFTER = re.compile(r"T\d\d:")  # an ISO timestamp's time: `2024-03-12T10:01`, a log line's prefix


_DOB_NOUN_AT = Rx(rf"(?i)^_?(?:{_DOB_NOUN})")
# what stands between a birth verb and its date: prepositions and articles, a place's name
# (born in Lisbon on, né à Dakar le, geboren in Köln am, nacido en Sevilla el)
_GAP_TEXT = (
    "on in at the of a an am im le la les el en em no na il i à au aux de del di da du den op w we dnia och og "
    "and und et y e home there here was were is to"
)
_GAP_WORDS = frozenset(_GAP_TEXT.split())
_LETTERS = re.compile(r"[^\W\d_]+")
_FIELD_EVENT_TEXT = (
    "added created updated changed modified migrated released deployed fixed removed deprecated introduced "
    "renamed merged shipped defaults default since until deadline due validated validation"
)
_FIELD_EVENTS = frozenset(_FIELD_EVENT_TEXT.split())


def _verb_gap_ok(text: str, m0: int, start: int) -> bool:
    """After a birth verb, the words before the date are prepositions or capitalised names
    ("born in Lisbon on"); "the born shell since 2019" is no birth."""
    label = text[m0:start]
    if _DOB_NOUN_AT.search(label.lstrip()):
        # a noun label's gap may hold a format hint or a holder ("of the patient"), not an event
        # on the field: "the dob column was added on 2019-05-01", "dob defaults to 1970-01-01"
        return not any(w.lower() in _FIELD_EVENTS for w in _LETTERS.findall(label))
    words = _LETTERS.findall(label)[1:]
    if words[:1] == ["birth"]:
        # (`gave birth to our son on`: the verb's object, a person, may stand before the date)
        return all(w.lower() in _GAP_WORDS or w[0].isupper() or person_word(w) for w in words[1:])
    return all(w.lower() in _GAP_WORDS or w[0].isupper() for w in words)


# An iCalendar event (RFC 5545) that recurs yearly and is summarised as a birthday, as contact apps
# export their birthday calendars: its all-day DTSTART is the date of birth. (Bounded: one event's
# lines within 600 characters.)
_VEVENT = re.compile(r"BEGIN:VEVENT(.{0,600}?)END:VEVENT", re.S)
_VEVENT_START = re.compile(r"DTSTART;VALUE=DATE:(\d{8})(?!\d)")
_VEVENT_BIRTHDAY = re.compile(
    r"RRULE:FREQ=YEARLY.{0,300}?SUMMARY:[^\n\\]{0,80}?(?i:birthday|geburtstag|cumplea|anniversaire|"
    r"verjaardag|compleanno|anivers|urodziny|f\x7fdelsedag|fodelsedag)|"
    r"SUMMARY:[^\n\\]{0,80}?(?i:birthday|geburtstag|cumplea|anniversaire|verjaardag|compleanno|anivers|urodziny)"
    r".{0,300}?RRULE:FREQ=YEARLY",
    re.S,
)


def _birthday_events(text: str) -> Iterator[Span]:
    for m in _VEVENT.finditer(text):
        body = m.group(1)
        start = _VEVENT_START.search(body)
        if start is not None and _VEVENT_BIRTHDAY.search(body) and plausible_birth_date(start.group(1)):
            yield Span(m.start(1) + start.start(1), m.start(1) + start.end(1), "date_of_birth")


def intl_dob_spans(text: str) -> Iterator[Span]:
    """A date right after a birth label in one of several languages."""
    gates = _gates(text)
    if _open(gates, _DOB):
        for (m0, _), (start, end) in _DOB.finditer(text):
            if _in_placeholder(text, m0):
                continue
            value = text[start:end]
            if value[:4].isdigit() and value[4:5] not in ("年", "년") and not value[4:5].isascii():
                continue  # the fold's DEL after a year stood for something other than 年
            if not value[:4].isdigit() and value.endswith("日") and "年" in value:
                era = _JA_ERAS.get(text[start - 2 : start])
                if era is None:
                    continue  # (a year of two digits is an era's)
                start -= 2
                y, rest = value.split("年", 1)
                value = f"{era + int(y) - 1}年{rest}"  # (the Gregorian year, for the birth-range check)
            midnight = MIDNIGHT_AFTER.match(text, end)
            if (
                text[end : end + 1].isdigit()
                or (midnight is None and _TIME_AFTER.match(text, end))
                or not _verb_gap_ok(text, m0, start)
            ):
                continue
            # (a "birthday party on 2026-06-01" is an event's date: a recent one needs a person)
            if plausible_birth_date(value) or (
                plausible_birth_date(value, True) and person_beside(text, m0, start, end)
            ):
                yield Span(start, end if midnight is None else midnight.end(), "date_of_birth")
    if _open(gates, _DOB_CELL):
        yield from national_ids.table_column_values(text, _DOB_CELL, _dob_kind, _date_end)
    if _open(gates, _DOB_AFTER):
        for _, (start, end) in _DOB_AFTER.finditer(text):
            # (the label after the date keeps the age guard: `build date: <recent>  (birth_date fix…)`)
            if not _after_digit_or_placeholder(text, start) and plausible_birth_date(text[start:end]):
                yield Span(start, end, "date_of_birth")
    if _open(gates, _DOB_VERB_AFTER):
        for (m0, _), (start, end) in _DOB_VERB_AFTER.finditer(text):
            value = text[start:end]
            if _after_digit_or_placeholder(text, start) or _in_placeholder(text, m0):
                continue
            # (the participle's subject stands before the date: `meine Tochter wurde am …`)
            if plausible_birth_date(value) or (plausible_birth_date(value, True) and person_beside(text, m0, start)):
                yield Span(start, end, "date_of_birth")
    if _open(gates, _DOB_ARRIVAL):
        for (m0, _), (start, end) in _DOB_ARRIVAL.finditer(text):
            if _grown_arrival(text, m0, start, end):
                continue
            # (a person's date: in the past, as a birth date of anyone living)
            if (
                not _after_digit_or_placeholder(text, start)
                and not text[end : end + 1].isdigit()
                and _TIME_AFTER.match(text, end) is None
                and plausible_birth_date(text[start:end], True)
            ):
                yield Span(start, end, "date_of_birth")
    if _other_script(text) and any(w in text for w in _JA_DOB_WORDS):
        for m in _JA_DOB.finditer(text):
            midnight = MIDNIGHT_AFTER.match(text, m.end(1))
            yield Span(m.start(1), m.end(1) if midnight is None else midnight.end(), "date_of_birth")
        # the same labels before a date written the Latin way (`生年月日: 13 juin 1963`, `Feb 3 1959`)
        for m in _JA_DOB_LABEL.finditer(text):
            found = _DATE_AT.search(text[m.end() : m.end() + 40])
            if found is not None:
                a, b = found[0]
                if not text[m.end() + b : m.end() + b + 1].isdigit():
                    yield Span(m.end() + a, m.end() + b, "date_of_birth")
    if _other_script(text) and ("生" in text or "생" in text):
        for m in _JA_DOB_AFTER.finditer(text):
            yield Span(*m.span(1), "date_of_birth")
    if "BEGIN:VEVENT" in text:
        yield from _birthday_events(text)
    if not text.isascii():  # (other scripts' digits, Chinese numerals, other calendars)
        yield from other_calendars.other_calendar_dob_spans(text)


def _valid_in(raw: str, region: str) -> bool:
    if region == "IDD":  # 00- or 0011-prefixed: the country code follows
        readings = (raw[2:], raw[4:]) if raw.startswith("0011") else (raw[2:],)
        return any(valid_region("+" + r.lstrip(" "), None) is not None for r in readings)
    return valid_region(raw, region) == region


def _phone_label(text: str, start: int) -> int:
    """2: a phone word before `start`, 1: a word that may name a phone, 0: none. Placeholders in
    the window are blanked first (`[REDACTED:phone:…]` names no phone of the text's)."""
    window = label_window(text, max(0, start - 32), start)
    if _PHONE_CONTEXT.search(window) is not None or any(w in window for w in _OTHER_SCRIPT_PHONE):
        return 2
    return 1 if _WEAK_PHONE_CONTEXT.search(window) is not None else 0


def intl_phone_spans(text: str) -> Iterator[Span]:
    """National numbers of ES, IT, NL, JP, AU in their plans' grouped shapes, and any number of
    those regions, MX or CA right after a phone word (bare digit runs included)."""
    gates = _gates(text)
    for rx, regions in _PHONE_SHAPES:
        if not _open(gates, rx):
            continue
        for (start, end), *_ in rx.finditer(text):
            before, after = text[start - 1 : start], text[end : end + 1]
            if before in ("_", "/", ".", "+", "#", "$", "%", "-") or after in ("_", "-", "/", ":"):
                continue  # an id, a version, a path, a time
            if after in (".", ",") and text[end + 1 : end + 2].isdigit():
                continue  # (a version's next part, an amount's decimals: `321.597.854,49 €`)
            raw = text[start:end]
            digits = sum(c.isdigit() for c in raw)
            if not 9 <= digits <= (17 if regions == ("IDD",) else 11) or _date_or_ip(raw):
                continue
            label = _phone_label(text, start)
            if label < 2 and before in ("=", ":"):
                continue  # key=value: an id unless a phone word says otherwise
            if not label and _NOT_PHONE_BEFORE.search(text[max(0, start - 24) : start]):
                continue  # "build 612.345.678", "order #900 123 456"
            if record_label(text, start, end):
                continue  # "invoice number: 0171 2000 416": the head noun outranks the number word
            if leading_group(text, start):
                continue  # `ABN 51 824 753 556`: the tail of a longer grouped number (see `leading_group`)
            if any(_valid_in(raw, region) for region in regions):
                yield Span(start, end, "phone")
    if _other_script(text) and any(d in text for d in _FULLWIDTH_DIGITS):
        for m in _FULLWIDTH_PHONE.finditer(text):
            raw = unicodedata.normalize("NFKC", m.group(0))
            if any(_valid_in(raw, r) for r in ("JP", *_LABELLED_REGIONS)):
                yield Span(m.start(), m.end(), "phone")
    if _other_script(text) and any(w in text for w in _OTHER_SCRIPT_PHONE):
        for m in _OTHER_PHONE.finditer(text):
            raw = m.group(1)
            if not text[m.end(1) : m.end(1) + 1].isalnum() and _labelled_valid(raw):
                yield Span(*m.span(1), "phone")
    if _open(gates, _PHONE_LABELLED):
        for (m0, _), (start, end) in _PHONE_LABELLED.finditer(text):
            if text[end : end + 1].isalnum() or text[end : end + 1] in ("_", "-", "/") or _in_placeholder(text, m0):
                continue
            raw = column_cut(text, start, end, _labelled_valid)  # (a table's column gap ends it: `column_cut`)
            end = start + len(raw)
            if not _DATE_OR_IP.match(raw) and _labelled_valid(raw):
                yield Span(start, end, "phone")
