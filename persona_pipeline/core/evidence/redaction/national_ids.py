"""National identity numbers of several countries, and passport numbers beside a label.

Two kinds of evidence, precision first:

- a shape no ordinary token has, *and* its check digits: UK National Insurance numbers (prefix
  rules), Spanish DNI/NIE (mod 23 letter), Brazilian CPF/CNPJ in their punctuated forms (mod 11),
  Italian codici fiscali (check letter), French NIR in its spaced form (mod 97), US ITINs with
  dashes (group ranges). These are taken anywhere.
- a label naming the number (SIN, BSN, Steuer-ID, Aadhaar, CPF, passport, …) in several
  languages, then, among its next few tokens on its line, a value of the kind's shape with valid
  check digits (where the kind has them); or a table column headed by such a label. A bare digit
  run is an order number, a timestamp or an id unless such a label says otherwise.

Check digits are python-stdnum's (imported lazily, run only on candidates). Every pattern runs on
the text's fold (see `matching`); passport labels in other scripts (パスポート, 护照, паспорт) are
matched on the original text, behind a substring test.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import pairwise

from persona_pipeline.core.evidence.redaction import id_catalog, register_checks, taxpayer_ids
from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span, placeholder_cells_only

# UK NINO: two prefix letters (D, F, I, Q, U, V never; O never second), six digits, A-D.
_NINO = Rx(r"\b[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d\d ?\d\d ?\d\d ?[A-D]\b")
_NINO_BAD_PREFIXES = frozenset(("BG", "GB", "KN", "NK", "NT", "TN", "ZZ"))
# ES DNI (8 digits) / NIE (X, Y or Z and 7 digits), a hyphen or nothing before the letter; the
# dotted form (12.345.678-Z) too.
_DNI = Rx(r"\b(?:[XYZ]-?\d{7}|\d{8}|\d{2}\.\d{3}\.\d{3})-?[A-Z]\b")
_CPF_CNPJ = Rx(r"\b(?:\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2})\b")
# Italian codice fiscale: surname/name letters, year, month letter, day, town code, check
# letter; digits may be replaced by letters (omocodia).
_CF = Rx(r"\b[A-Z]{6}[0-9LMNP-V]{2}[ABCDEHLMPRST][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z]\b")
# French NIR as printed on the carte Vitale: sex, year, month, department (2A/2B: Corsica),
# commune, order, key.
_NIR = Rx(r"\b[12378] \d\d \d\d (?:\d\d|2[AB]) \d{3} \d{3}(?: \d\d)?\b")
# US ITIN: area 9xx, group 50-65, 70-88, 90-92 or 94-99.
# the IRS's adoption taxpayer number (ATIN): 9XX-93-XXXX, a group no ITIN or SSN takes
_ATIN = Rx(r"\b9\d\d-93-\d{4}\b")
_ITIN = Rx(r"\b9\d\d-(?:5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])-\d{4}\b")
# CN resident identity number: a province code (11-15, 21-23, 31-37, 41-46, 50-54, 61-65), four
# more region digits, a birth date from 1900 on, three order digits and an ISO 7064 check
# character; with the date and check validated, no counter or snowflake id reads as one.
_CN_RIC = Rx(r"\b(?:1[1-5]|2[1-3]|3[1-7]|4[1-6]|5[0-4]|6[1-5])\d{4}(?:19|20)\d\d[01]\d[0-3]\d\d{3}[\dX]\b")
# KR resident registration number as printed: birth date, hyphen, a sex/century digit 1-8, six
# digits with a check digit.
_KR_RRN = Rx(r"\b\d\d[01]\d[0-3]\d-[1-8]\d{6}\b")
# SE personnummer as written: birth date (two- or four-digit year), `-` (`+` past 100), four
# digits ending in a Luhn check; the date and check validated.
_SE_PNR = Rx(r"\b(?:19|20)?\d\d[01]\d[0-9]\d[-+]\d{4}\b")
# BE national number as printed: `yy.mm.dd-nnn.cc` (birth date, order, mod-97 check).
_BE_NN = Rx(r"\b\d\d\.[01]\d\.[0-3]\d-\d{3}\.\d\d\b")
# HK identity card as printed: one or two letters, six digits, the check digit in brackets
_HKID = Rx(r"\b[A-Z]{1,2}\d{6} ?\([0-9A]\)")
# Macau resident identity card (BIR, 澳門居民身份證) as printed: a first digit for the holder's
# category (1-3 permanent, 5 non-permanent, 7 non-resident worker, as third-party validators describe
# the numbering), six digits and the check digit in brackets, unspaced. No check algorithm is
# published, so the bracketed print is the whole reading (a spaced `1520384 (2)`, a duplicate
# download's or a count's, is none: rev52r R3)
_MO_BIR = Rx(r"\b[12357]\d{6}\(\d\)")
# SG NRIC / FIN: series letter, seven digits, check letter (a mod-11 table per series)
_NRIC = Rx(r"\b[STFGM]\d{7}[A-Z]\b")
# MX CURP: name letters, birth date, sex, state, consonants, a disambiguator and a check digit
_CURP = Rx(r"\b[A-Z]{4}\d{6}[HMX][A-Z]{5}[0-9A-Z]\d\b")
# (issue 17) identity numbers whose dashed print no other number shares, each validated: the
# Dominican cédula (3-7-1, a Luhn check digit), Malaysia's MyKad (birth date, birthplace code,
# four digits). (Pakistan's CNIC, 5-7-1, has no check digit: labelled only.)
_DO_CEDULA = Rx(r"\b\d{3}-\d{7}-\d\b")
_MYKAD = Rx(r"\b\d\d[01]\d[0-3]\d-\d\d-\d{4}\b")
# IN PAN of an individual: three letters, the holder type `P` (a person), the surname's initial,
# four digits, a letter.
_PAN_PERSON = Rx(r"\b[A-Z]{3}P[A-Z]\d{4}[A-Z]\b")
# IN GSTIN (CBIC's GST registration format, python-stdnum's `in_.gstin`): a state code, the holder's
# PAN, the registration's count in that state (1-9, A-Z), `Z` and a Luhn mod 36 check character. A
# sole proprietor registers under their own PAN (holder type `P`), so their GSTIN carries the person's
# PAN and is read as one; any other holder's (a company, a firm, a trust) is a business's public
# registration, printed on its invoices and searchable on the GST portal, and is kept as other
# business registers are (`id_catalog` drops them; `ke_pin` keeps a company's PIN).
_GSTIN_PERSON = Rx(r"\b\d\d[A-Z]{3}P[A-Z]\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]\b")

# Labels, one group per kind (their values are read right after the match). A label may end a
# JSON/YAML key (`customer_sin`), be quoted or escaped, and be followed by `no`, `number`, `is`…
_W = r"[ _.+-]?"  # (`+`: a form-encoded space)
_LABELS: dict[str, str] = {
    "ca_sin": rf"sin|s\.i\.n\.?|social{_W}insurance(?:{_W}n(?:o|umber|um))?|nas|assurance{_W}sociale",
    "nl_bsn": rf"bsn|burger{_W}service{_W}nummer|sofi(?:{_W}nummer)?",
    "de_tax_id": rf"steuer{_W}id(?:{_W}nr)?|steuer{_W}identifikations{_W}nummer|idnr|identifikationsnummer",
    "in_aadhaar": r"aadhaa?r(?:[ _-]?(?:no|number|card|id))?|uidai|uid",
    # (a GSTIN holds its holder's PAN: under its label a person's PAN is read inside it, check or not)
    "in_pan": rf"pan(?:{_W}(?:no|number|card))?|permanent{_W}account{_W}number|"
    rf"gstin|gst{_W}(?:no|number|reg(?:istration)?{_W}no)",
    "br_cpf": r"cpf|cnpj|cadastro de pessoas?",
    "es_dni": rf"dni|nie|nif|documento{_W}nacional|n\x7fmero{_W}de{_W}identidad",
    "fr_nir": (
        rf"nir|insee|s[e\x7f]curit[e\x7f]{_W}sociale|num[e\x7f]ro{_W}(?:de{_W})?s[e\x7f]cu(?:rit[e\x7f]{_W}sociale)?|"
        rf"carte{_W}vitale"
    ),
    "uk_nino": rf"nino|ni{_W}(?:no|number|num)|national{_W}insurance(?:{_W}(?:no|number|num))?",
    "ssn": rf"ssn|ss#|social{_W}security(?:{_W}(?:no|number|num))?|itin|taxpayer{_W}id(?:entification)?(?:{_W}number)?",
    "passport_number": (
        r"passports?(?:[ _.-]?(?:no|nr|num|number|id))?|reisepass(?:[ _-]?(?:nr|nummer))?|pass(?:[ _-]?nr|nummer)|"
        r"passeport|pasaporte|passaporto|passaporte|paspoort(?:nummer)?|passnummer|paszport|pasaport|passi|"
        rf"travel[ _]document|document{_W}(?:no|nr|number)"
    ),
    # Further countries' personal numbers, each with check digits (validated by stdnum); the
    # labels are the names the numbers go by in their countries and in English.
    "kr_rrn": rf"rrn|resident{_W}registration(?:{_W}(?:no|number|num))?",
    "pl_pesel": r"pesel",
    "se_personnummer": rf"personnummer|personnr|pnr|personal{_W}identity{_W}number",
    "cn_ric": rf"resident{_W}identity{_W}card|id{_W}card(?:{_W}(?:no|number|num))?",
    "za_id": rf"(?:r?sa|za|south{_W}african){_W}id(?:{_W}(?:no|number|num))?",
    "au_tfn": rf"tfn|tax{_W}file{_W}(?:no|number|num)",
    "uk_nhs": rf"nhs(?:{_W}(?:no|number|num))?",
    "no_fnr": r"f\x7fdselsnummer|fodselsnummer|fnr",
    "dk_cpr": rf"cpr(?:{_W}(?:nr|nummer|no|number))?",
    "fi_hetu": r"hetu|henkil\x7ftunnus|henkilotunnus",
    "ro_cnp": r"cnp|cod numeric personal",
    "tr_tckn": rf"tckn|(?:tr{_W})?tc{_W}kimlik(?:{_W}no)?|kimlik{_W}no|tc{_W}no",
    "cl_rut": r"rut",
    "ch_ahv": rf"ahv(?:{_W}(?:nr|nummer))?|avs",
    "be_nn": (
        rf"rijksregisternummer|rijksregister{_W}(?:nr|nummer)|num[e\x7f]ro{_W}(?:de{_W})?(?:registre{_W})?national|"
        rf"insz|niss|nn|national{_W}register{_W}(?:no|number)|be{_W}national{_W}(?:no|number)"
    ),
    "il_id": rf"teudat{_W}zehut|mispar{_W}zehut|zehut|israeli{_W}id",
    # (issue 17) more countries' personal numbers, by the names they go by at home and in English
    "tw_id": rf"tw{_W}id|taiwan(?:ese)?{_W}id",
    "th_pin": rf"thai{_W}id|th{_W}id",
    "sg_nric": rf"nric|fin{_W}(?:no|number)|ic{_W}(?:no|number)|singapore{_W}ic",
    "hk_id": rf"hkid|hkic|hk{_W}id|hong{_W}kong{_W}id(?:entity)?(?:{_W}card)?",
    "pt_nif": rf"contribuinte|n[u\x7f]mero{_W}de{_W}contribuinte",
    "mx_curp": r"curp",
    "hr_oib": r"oib",
    "gr_amka": r"amka",
    "ee_ik": rf"isikukood|asmens{_W}kodas|personal{_W}code",
    "bg_egn": r"egn",
    "ar_cuit": r"cuil|cuit",
    "is_kt": r"kennitala|kt\.?",
    "cz_rc": rf"rodn[e\x7f]{_W}[c\x7f][i\x7f]slo|r\.[c\x7f]\.[ \t]|birth{_W}number",
    "jp_in": rf"my{_W}number|mynumber|kojin{_W}bang[o\x7f]",
    "nz_ird": rf"ird(?:{_W}(?:no|number|num|nr))?",
    # the Faroese persónstal (Landsfólkayvirlit's P-tal, "p-tal" in Faroese and the Nordic languages;
    # Faroese residents hold no Danish CPR number)
    "fo_ptal": rf"p{_W}tal|pers[o\x7f]nstal",
    # driving licences and health insurance numbers (issue 17): a licence's own label in several
    # languages; an insurer's member number under its label, validated by the formats below
    "driving_licence": (
        rf"driv(?:er|ing|ers)'?s?{_W}licen[cs]e(?:{_W}(?:no|number|num|nr|id))?|licen[cs]e{_W}(?:no|number|num|nr)|"
        rf"dl{_W}(?:no|nr|number|num)|dl#[ \t]?|f[u\x7f]hrerschein(?:{_W}(?:nr|nummer))?|permis{_W}de{_W}conduire|"
        rf"carn[e\x7f]t{_W}de{_W}conducir|licencia{_W}de{_W}conducir|patente{_W}di{_W}guida|rijbewijs(?:nummer)?"
    ),
    "health_insurance_id": (
        rf"(?:health{_W})?insurance{_W}(?:id|no|number|num|nr)|member{_W}id|medicare(?:{_W}(?:no|number|num|card))?|"
        rf"mbi|(?:kranken)?versicherten{_W}?nummer|kvnr|ehic"
    ),
    # (issue 17, round 8) more countries' personal and tax numbers, each under the name it goes by
    # at home (romanised where the fold hides the script; see `_OTHER_LABELS`) and in English
    "ua_rntrc": r"rnokpp|rntrc|ipn",
    "si_emso": r"em[s\x7f]o",
    "pk_cnic": r"cnic",
    "ie_pps": rf"ppsn?(?:{_W}(?:no|number))?|personal{_W}public{_W}service(?:{_W}(?:no|number))?",
    "cedula": rf"c[e\x7f]dula(?:{_W}(?:de{_W})?identidad)?",
    # (`carné`'s last letter is a DEL in the fold, after which `\b` never holds: the space is matched)
    "cu_ni": rf"carn(?:e|\x7f[ \t:]+)(?:{_W}de{_W}identidad)?|carne{_W}identidad",
    "ru_inn": r"inn",
    "my_nric": rf"mykad|my{_W}kad|ic{_W}saya|kad{_W}pengenalan",
    "ke_pin": rf"kra{_W}pin",
    "in_epic": rf"epic(?:{_W}(?:no|number))?|voter{_W}id(?:{_W}(?:no|number))?",
    "gb_utr": rf"utr|unique{_W}taxpayer{_W}reference",
    "id_nik": rf"nik|(?:nomor{_W})?ktp",
    "at_svnr": rf"svnr|vsnr|sv{_W}nummer|(?:sozial)?versicherungsnummer",
    "fr_nif": rf"num[e\x7f]ro{_W}fiscal|spi|identifiant{_W}fiscal",
    "lv_pk": rf"personas{_W}kods",
    # a vehicle's registration plate, by the names it goes by in English and at home (DE, FR, ES/PT,
    # IT, NL, PL, SE, CZ): its value must be plate-shaped (`_plate_ok`)
    "vehicle_plate": (
        rf"licen[cs]e{_W}plates?(?:{_W}(?:no|number))?|number{_W}plate|plate{_W}(?:no|number)|"
        rf"(?:vehicle{_W})?registration{_W}(?:no|number|plate|mark)|reg{_W}(?:no|nr|number|plate)|car{_W}reg|vr[nm]|"
        rf"(?:kfz{_W})?kennzeichen|nummernschild|(?:plaque{_W}d{_W})?immatriculation|matr[i\x7f]cula|placa|targa|"
        rf"kenteken|numer{_W}rejestracyjny|tablica{_W}rejestracyjna|registreringsnummer|regnr|spz"
    ),
    # (issue 17, round 9) tax and identity numbers of more countries, each under the name it goes by
    # at home (python-stdnum's module docs give each name) and in English
    "ve_rif": rf"rif|registro{_W}de{_W}informaci[o\x7f]n{_W}fiscal",
    "us_atin": rf"atin|adoption{_W}taxpayer{_W}identification{_W}(?:no|number)",
    "us_ptin": rf"ptin|preparer{_W}tax{_W}identification{_W}(?:no|number)",
    "ruc": rf"ruc|registro{_W}[u\x7f]nico{_W}de{_W}contribuyentes",
    "mx_rfc": rf"rfc|registro{_W}federal{_W}de{_W}contribuyentes",
    "nit": rf"nit|n[u\x7f]mero{_W}de{_W}identificaci[o\x7f]n{_W}tributaria",
    "pt_cc": rf"cart[a\x7f]o{_W}(?:de{_W})?cidad[a\x7f]o|cc",
    "nl_onderwijsnummer": rf"onderwijs{_W}nummer",
    "bg_pnf": r"pnf|lnch",
    "be_bis": rf"bis{_W}(?:nr|nummer|number|no)|bisnummer|bis",
    "gb_upn": rf"upn|unique{_W}pupil{_W}(?:no|number)",
    "in_vid": rf"vid|virtual{_W}id",
    # a health card's number (Ontario's, BC's personal health number, Scotland's CHI, New Zealand's
    # NHI): its value is checked by its own format (`_health_number_ok`)
    # a social-security or health-insurance membership number of no one country, by the insurance's
    # name in several languages (its number's format varies: the label vouches for an id-shaped run
    # of eight to sixteen digits, `_social_id_ok`)
    "social_security_id": (
        rf"seguridad{_W}social|s[e\x7f]curit[e\x7f]{_W}sociale|seguran[c\x7f]a{_W}social|"
        rf"previd[e\x7f]ncia{_W}social|previdenza{_W}sociale|sozialversicherungs(?:{_W}?nummer)?|"
        rf"social{_W}(?:security|insurance){_W}(?:id|identifier|card)|assurance{_W}maladie|"
        rf"health(?:care)?{_W}identifier|seguro{_W}social|ubezpieczenia{_W}spo\x7feczne(?:go)?"
    ),
    "health_number": (
        rf"health{_W}(?:card{_W})?(?:no|number|num|nr|id)|phn|personal{_W}health{_W}(?:no|number)|"
        rf"nhi(?:{_W}(?:no|number))?|chi(?:{_W}(?:no|number))?|ohip(?:{_W}(?:no|number))?"
    ),
    # a hospital's medical record number (no check digits: the label vouches for an id-shaped token)
    "mrn": (
        rf"mrn|medical{_W}record(?:{_W}(?:no|number|num|nr|id))?|patient{_W}(?:no|number|num|nr)|"
        rf"chart{_W}(?:no|number|nr)|chart{_W}#:?[ \t]?"
    ),
    # a taxpayer number of no one country: Indonesia's NPWP by name; a TIN any with check digits
    "tax_id": rf"tin|npwp|tax{_W}(?:id|identification)(?:{_W}(?:no|number))?",
    # an identity card's own number (not the holder's personal number), by the card's name in
    # English, German, Italian, Romanian (`Serie și număr CI`), Spanish (`número de soporte`) and French
    "id_card": (
        rf"identity{_W}card{_W}(?:no|number)|(?:personal)?ausweis{_W}?(?:nr|nummer)|"
        rf"carta{_W}d(?:'|\x7f|{_W})identit(?:a|\x7f[ \t:]+)|num[a\x7f]r{_W}ci|"
        rf"serie{_W}(?:[s\x7f]i{_W})?num[a\x7f]r(?:{_W}ci)?|"
        rf"n[u\x7f]mero{_W}de{_W}soporte|carte{_W}d(?:'|\x7f|{_W})identit(?:e|\x7f[ \t:]+)"
    ),
    # a label naming an identity number of no one country: every kind with check digits is tried
    "national_id": (
        rf"national{_W}id(?:entity)?(?:{_W}(?:no|number|num|card))?|national{_W}(?:no|number)|"
        rf"identity{_W}(?:card{_W})?(?:no|number|num)|personal{_W}(?:id|identity|identification){_W}(?:no|number|code)|"
        rf"personal{_W}(?:code|number)|citizen{_W}id(?:entity)?(?:{_W}(?:no|number|num|card))?"
    ),
    # (round 12) a traveller's programme number: a Known Traveler Number (TSA PreCheck, Global
    # Entry's PASSID, NEXUS, SENTRI), a DHS redress number, an airline's frequent-flyer number; no
    # check digit: the label vouches for a token of seven to ten capitals and digits (`_travel_id_ok`)
    "travel_id": (
        rf"known{_W}travell?er(?:{_W}(?:no|number|num|id))?|ktn|passid|redress{_W}(?:no|number|control{_W}number)|"
        rf"trusted{_W}travell?er{_W}(?:no|number|num|id)|frequent{_W}fl[yi]er{_W}(?:no|number|num|id)|"
        rf"(?:global{_W}entry|nexus|sentri){_W}(?:no|number|num|id|pass{_W}id)"
    ),
    # (round 12) an employee's number in an organisation's HR records (an HR system resolves it to
    # one person): employee id/number/# (LDAP's `employeeNumber`), staff and personnel numbers,
    # Workday's worker id, an access badge's number; the label vouches for an id-shaped value
    # right after it (`_employee_id_ok`). A worker id or a badge alone is as often a process's,
    # a job queue's or a CI badge's: those two only beside HR or person words (`_WEAK_EMPLOYEE`)
    "employee_id": (
        rf"employee{_W}?(?:id|no|number|num|nr)|employee[ \t]?#|staff{_W}(?:id|no|number|num)|"
        rf"personnel{_W}(?:id|no|number)|personal{_W}?nummer|worker{_W}?id|badge(?:{_W}(?:id|no|number))?"
    ),
    # India's health account number (ABHA, 14 digits) and provident-fund account number (UAN, 12)
    "in_abha_uan": (
        rf"abha(?:{_W}(?:no|number|id|address))?|ayushman{_W}bharat{_W}health{_W}account(?:{_W}(?:no|number))?|"
        rf"uan(?:{_W}(?:no|number))?|universal{_W}account{_W}(?:no|number)"
    ),
    # (an `id number` of no stated kind may be anything's: only a number with check digits is one)
    "id_number": rf"id{_W}(?:no|number|num|nr)",
    # (round 17) register numbers with check digits of their own (`register_checks`), under the
    # names their registers give them: the US National Provider Identifier and DEA registration
    # number (a prescriber's), the UK Unique Learner Number
    "us_npi": rf"npi|national{_W}provider{_W}id(?:entifier)?(?:{_W}(?:no|number))?",
    "us_dea": rf"dea(?:{_W}registration)?(?:{_W}(?:no|nr|number|num))?",
    "uk_uln": rf"uln|unique{_W}learner{_W}(?:no|number)",
    # (round 18) a German physician's lifelong number (LANR), a French health professional's RPPS
    # number, a Mexican voter's clave de elector, under their registers' own names
    "de_lanr": rf"lanr|(?:lebenslange{_W})?arzt{_W}?nummer",
    "fr_rpps": rf"rpps(?:{_W}(?:no|nr|number|num\x7fro|numero|n\x7f))?|(?:num\x7fro|numero|n\x7f){_W}rpps",
    "mx_clave_elector": rf"clave{_W}(?:de{_W})?elector",
}
# kinds a label's value may also be: the same word names other countries' numbers (`personnummer`
# is Norway's and Denmark's too), and a generic label (`id number`) any number with check digits
_ALSO: dict[str, tuple[str, ...]] = {
    "se_personnummer": ("no_fnr", "dk_cpr"),
    # (`CPR` is Bahrain's Central Population Registration number too: nine digits, Denmark's ten)
    "dk_cpr": ("bh_cpr",),
    "ssn": ("social_security_id",),  # (a social security number of another country than the US)
    # (`NIF` is Portugal's and France's tax number too; `DNI` Peru's identity number)
    "sg_nric": ("my_nric",),  # (Malaysia's identity card number is an NRIC too)
    "cu_ni": ("cedula",),
    "ee_ik": ("lt_asmens",),  # (Lithuania's asmens kodas has Estonia's shape and check)
    "cz_rc": ("sk_rc",),  # (the Czech and Slovak birth numbers share theirs)
    # (round 9) `DNI` is Argentina's too, `cédula` Costa Rica's, an `id card` number a card's own
    # number, Aadhaar's virtual id (VID) goes under its Aadhaar label
    "es_dni": ("pt_nif", "fr_nif", "pe_cui", "ar_dni"),
    "cedula": ("do_cedula", "ec_ci", "cr_cpf"),
    "cn_ric": ("id_card",),
    "in_aadhaar": ("in_vid",),
    "ruc": ("py_ruc", "ec_ruc", "pe_ruc"),
    "nit": ("sv_nit", "gt_nit", "co_nit"),
    "tax_id": ("id_npwp", "gh_tin", "za_tin"),
    "national_id": (
        "hu_szemelyi",
        "za_id",
        "il_id",
        "no_fnr",
        "pl_pesel",
        "be_nn",
        "ro_cnp",
        "tr_tckn",
        "se_personnummer",
        "fi_hetu",
        "cn_ric",
        "kr_rrn",
        "ch_ahv",
        "cl_rut",
        "tw_id",
        "th_pin",
        "sg_nric",
        "hk_id",
        "mx_curp",
        "hr_oib",
        "ee_ik",
        "lt_asmens",
        "bg_egn",
        "ar_cuit",
        "is_kt",
        "cz_rc",
        "gr_amka",
        "ua_rntrc",
        "si_emso",
        "pk_cnic",
        "ie_pps",
        "do_cedula",
        "ec_ci",
        "cu_ni",
        "ru_inn",
        "my_nric",
        "id_nik",
        "at_svnr",
        "lv_pk",
    ),
}
_ALSO["id_number"] = _ALSO["national_id"]
# (round 12) a label naming a person's national, citizen or identity number vouches for the value
# whatever the country (many have no check digit: Vietnam's, Saudi Arabia's, Tanzania's): any
# id-shaped run right after it (`_national_number_ok`), when no country's checked kind reads it
_ALSO["national_id"] = (*_ALSO["national_id"], "national_id_number")
# (issue 17, round 10) every other country's personal and tax numbers that python-stdnum knows,
# under the names its modules give them (see `id_catalog`): the modules read above are left out
_READ_ABOVE = frozenset(
    f"stdnum.{m}"
    for m in str.split(
        "ar.cuit ar.dni at.vnr au.tfn be.bis be.nn bg.egn bg.pnf br.cnpj br.cpf ca.bc_phn ca.sin ch.ssn cl.rut "
        "cn.ric co.nit cr.cpf cu.ni cz.rc de.idnr dk.cpr do.cedula ec.ci ec.ruc ee.ik es.dni es.nie fi.hetu fr.nif "
        "fr.nir gb.nhs gb.upn gb.utr gh.tin gr.amka gt.nit hr.oib id.nik id.npwp ie.pps il.idnr in_.aadhaar "
        "in_.epic in_.pan in_.vid is_.kennitala it.codicefiscale jp.in_ ke.pin kr.rrn lt.asmens lv.pvn mx.curp "
        "mx.rfc my.nric nl.bsn nl.onderwijsnummer no.fodselsnummer nz.ird pe.cui pe.ruc pk.cnic pl.pesel pt.cc "
        "pt.nif py.ruc ro.cnp ru.inn se.personnummer si.emso sk.rc sv.nit th.pin tr.tckimlik ua.rntrc us.atin "
        "us.itin us.ptin us.ssn ve.rif za.idnr za.tin"
    )
)
_CATALOG: dict[str, id_catalog.Entry] = {}
# (lower-cased, diacritics dropped) a catalogue abbreviation: a label in capitals, else a key's only
_CATALOG_ACRONYMS: set[str] = set()


def _fold_label(name: str) -> str:
    """A name as a label pattern on the fold: each non-ASCII letter a DEL, a space, dot or hyphen
    any of the label separators. A name ending in a DEL takes the blank, or the colon or `=` (and
    the blanks and quote) after it, up to the value: no `\\b` follows a DEL (see `cu_ni`), and a
    colon glued to the name (`Mã số thuế: …`) leaves no word boundary before the blank after it."""
    words = [w for w in re.split(r"[ .\-]+", name) if w]
    pat = _W.join("".join(re.escape(c) if c.isascii() else "\x7f" for c in w) for w in words)
    return pat + r"(?:[ \t]|[ \t]*[:=][ \t]*\\?[\"']?)" if not name.rstrip(". ")[-1:].isascii() else pat


def _add_catalog() -> None:
    # (with the numbers python-stdnum's summaries do not call a person's: `taxpayer_ids`)
    for entry in (*id_catalog.catalog(_READ_ABOVE), *taxpayer_ids.ENTRIES):
        if entry.kind in _LABELS:
            continue
        own: list[str] = []
        for name in entry.names:
            for form in dict.fromkeys((name, id_catalog.latin(name))):
                folded = "".join(c if c.isascii() else "\x7f" for c in form)
                # a name that is a label already: its kind's values may be this number too
                known = next((k for k, p in _LABELS.items() if re.fullmatch(f"(?i:{p})", folded)), None)
                if known is not None:
                    _ALSO[known] = (*dict.fromkeys((*_ALSO.get(known, ()), entry.kind)),)
                else:
                    own.append(_fold_label(form))
                    if name in entry.acronyms:
                        _CATALOG_ACRONYMS.add(id_catalog.latin(form).lower())
        _CATALOG[entry.kind] = entry
        # (a kind with no label of its own in Latin letters is still read after its other-script names)
        _LABELS[entry.kind] = "|".join(dict.fromkeys(own)) or r"\b\B"


# (round 17) Hungary's személyi azonosító (also `személyi szám`, and `azonosító jel` in full), in its
# own spelling and without diacritics (a key's `szemelyi_azonosito`)
_LABELS["hu_szemelyi"] = (
    "|".join(
        _fold_label(n) for n in ("személyi azonosító", "személyi azonosító jel", "személyi szám", "szemelyi azonosito")
    )
    + rf"|szemelyi{_W}szam"
)
# (round 18) Slovenia's davčna številka: every resident is given one (the same eight digits serve as
# a VAT number for the self-employed, which is why the catalogue, reading "VAT", skips the module)
_LABELS["si_davcna"] = "|".join(_fold_label(n) for n in ("davčna številka", "davčna št.")) + rf"|davcna{_W}stevilka"
_add_catalog()
# (round 18) the partita IVA as Italian invoices and letterheads abbreviate it: `P.IVA`, `P. IVA`
_LABELS["it_iva"] += r"|P\.[ \t]?IVA"
_KINDS = tuple(_LABELS)
# (a key may end in a country code's hump: `dniAr`, `nitSv`)
_LABEL = Rx(r"(?i)(?:\b|_)(?:" + "|".join(f"({p})" for p in _LABELS.values()) + r")(?:(?-i:[A-Z][a-z])?\b|_)")


def _alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a regex (split at `|` outside groups and classes)."""
    out, depth, cls, esc, cur = [], 0, False, False, ""
    for ch in pattern:
        if esc:
            esc = False
        elif ch == "\\":
            esc = True
        elif cls:
            cls = ch != "]"
        elif ch == "[":
            cls = True
        elif ch in "()":
            depth += 1 if ch == "(" else -1
        elif ch == "|" and depth == 0:
            out.append(cur)
            cur = ""
            continue
        cur += ch
    return [*out, cur]


def _hump(pattern: str) -> str:
    """A label's alternatives as a camel-case key's later word: first letter a capital (`auTfn`,
    `customerSIN`, `personalPpsn`); an alternative opening with an optional part is left out."""
    # (a hump of three letters at least: `Nn`, `Kt` in a random token are no key's words)
    alts = [a for a in _alternatives(pattern) if len(a) >= 3 and a[:3].isalpha()]
    return "|".join(f"(?-i:{a[0].upper()}){a[1:]}" for a in alts) or r"\b\B"


# A label that is a camel-case key's later word, after a lowercase letter or a digit (a key's
# earlier words: `auTfn`, `kundeSvnr`): the hump is the word boundary `_LABEL` needs.
# (a key: more humps or a `__c` suffix may follow, then its `:` or `=`)
_CAMEL_LABEL = Rx(
    r"(?i)(?-i:[a-z0-9])(?:"
    + "|".join(f"({_hump(p)})" for p in _LABELS.values())
    + r")(?:(?-i:[A-Z][A-Za-z0-9]{0,20})|_{1,2}[A-Za-z0-9]{1,20})?\\?[\"']?[ \t]*[:=]"
)
# MySQL's duplicate-key error (ER_DUP_ENTRY, 1062) names the value before the key it broke:
# `Duplicate entry '…' for key 'customers.nik'`; the key (its index name) is the label.
_DUP_ENTRY = Rx(r"Duplicate entry \\?'([^'\\\r\n]{4,40})\\?' for key \\?'(?:[A-Za-z0-9_]{1,64}\.)?([A-Za-z0-9_]{1,64})")
# An OpenAPI / JSON Schema property named by a label, its `example:` (or `default:`) a few lines
# below its `type:` and `format:` lines: the example is the label's value.
_SCHEMA_EXAMPLE = re.compile(r"[ \t]*(?:example|default|x-example)[ \t]*:[ \t]*")
_SCHEMA_LINES = 4
# a label's value is among its next few tokens, on its line
_VALUE_REACH = 56
_MAX_TOKENS = 7
# A label that is a whole header cell of a delimited table: its column's cells are its values.
# (the first cell may follow a shell prompt: `root@host:/srv# id;pesel;name`)
_LABEL_CELL = Rx(
    r"(?im)(?:^|[,;\t|]|[#$>][ \t])[ \t]*[\"']?(?:[a-z]+_)??(?:"
    + "|".join(f"({p})" for p in _LABELS.values())
    + r")[\"']?[ \t]*(?:[,;\t|]|\r?$)"
)
_TABLE_SEPS = (",", "\t", ";", "|")
_MAX_TABLE_ROWS = 2000
_JA_PASSPORT = re.compile(
    r"(?:パスポート|旅券|护照|護照|여권|[Пп]аспорт)(?:番号|号码|號碼|번호|[ _]?(?:номер|№))?"
    r"[\s:：は=\"'「]{0,6}([A-Z]{1,2}\d{7,8}|[A-Z0-9]{6,10})(?![A-Za-z0-9])"
)

# Id labels in other scripts (read on the original text: the fold makes their letters DELs), and
# the kinds each may name: Taiwan's / Hong Kong's / China's identity card number, Thailand's
# citizen id, Greece's AMKA, Bulgaria's EGN, Japan's My Number
_OTHER_LABELS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("身分證字號|身分證號碼|身分證號|身份證號碼|身份證號|身份证号码|身份证号|居民身份证", ("tw_id", "hk_id", "cn_ric")),
    ("เลขประจำตัวประชาชน|บัตรประชาชน", ("th_pin",)),
    ("ΑΜΚΑ", ("gr_amka",)),
    ("ЕГН", ("bg_egn",)),
    ("個人番号|マイナンバー", ("jp_in",)),
    ("РНОКПП|ІПН", ("ua_rntrc",)),
    ("ИНН", ("ru_inn",)),
    ("ЛНЧ|номер на чужденец", ("bg_pnf",)),  # (Bulgaria's foreigner's number: Личен номер на чужденец)
    # (round 12) "national number", "identity number", "civil number" in Arabic, Persian, Russian,
    # Ukrainian and Greek, and the personal numbers of Kazakhstan (ИИН, ЖСН) and Uzbekistan (ПИНФЛ,
    # JShShIR in Uzbek Cyrillic): the label vouches for an id-shaped value right after it
    (
        # (Egypt's card names its 14 digits `الرقم القومي`, "the national number"; python-stdnum has no
        # module for it, only `eg.tn`, the tax number)
        "رقم الهوية الوطنية|رقم الهوية|الرقم الوطني|الرقم القومي|الرقم المدني|رقم السجل المدني|کد ملی|شماره ملی|"
        "личный номер|идентификационный номер|номер удостоверения личности|особистий номер|"
        "αριθμός ταυτότητας|ИИН|ЖСН|ПИНФЛ|ЖШШИР",
        ("national_id_number",),
    ),
    # (the catalogue's numbers under their names in their own scripts)
    *(("|".join(e.other_script), (e.kind,)) for e in _CATALOG.values() if e.other_script),
)
_OTHER_LABEL = re.compile("|".join(f"({p})" for p, _ in _OTHER_LABELS))
OTHER_SCRIPT_WORDS = (
    *("パスポート", "旅券", "护照", "護照", "여권", "аспорт"),
    *(w for p, _ in _OTHER_LABELS for w in p.split("|")),
)  # labels needing the original text

# Value shapes after a label (anchored at the value's start): each kind's printed groupings only
# (dots only where the kind is written with dots), so an IP or a version never reads as an id.
_SHAPES: dict[str, tuple[Rx, ...]] = {
    "ca_sin": (Rx(r"^(?:\d{3}[ -]?\d{3}[ -]?\d{3})"),),
    "nl_bsn": (Rx(r"^(?:\d{4}\.?\d{2}\.?\d{3}|\d{3}[ .]\d{3}[ .]\d{3}|\d{9}|\d{8})"),),
    "de_tax_id": (Rx(r"^(?:\d{2} ?\d{3} ?\d{3} ?\d{3}|\d{11})"),),
    "in_aadhaar": (Rx(r"^(?:\d{4}[ -]?\d{4}[ -]?\d{4})"),),
    "in_pan": (Rx(r"^(?:\d\d[A-Za-z]{5}\d{4}[A-Za-z](?:[0-9A-Za-z]{3})?|[A-Za-z]{5}\d{4}[A-Za-z])"),),
    "br_cpf": (Rx(r"^(?:\d{2}\.?\d{3}\.?\d{3}/?\d{4}-?\d{2}|\d{3}\.?\d{3}\.?\d{3}-?\d{2})"),),
    "es_dni": (Rx(r"^(?:(?:[XYZxyz][ -]?\d{7}|\d{8}|\d{2}\.\d{3}\.\d{3})[ -]?[A-Za-z])"),),
    "fr_nir": (Rx(r"^(?:[12378] ?\d\d ?\d\d ?(?:\d\d|2[ABab]) ?\d{3} ?\d{3} ?\d\d)"),),
    "uk_nino": (Rx(r"^(?:[A-Za-z]{2} ?\d\d ?\d\d ?\d\d ?[A-Da-d])"),),
    "ssn": (Rx(r"^(?:\d{3}[- .]?\d{2}[- .]?\d{4})"),),
    # capitals and digits (see `_passport_ok`): US/UK 9 digits, DE C01X00T47, FR 12AB34567, JP TK1234567
    "passport_number": (Rx(r"^(?:[A-Z0-9]{6,10})"),),
    "kr_rrn": (Rx(r"^(?:\d{6}-?\d{7})"),),
    "pl_pesel": (Rx(r"^(?:\d{11})"),),
    "se_personnummer": (Rx(r"^(?:(?:19|20)?\d{6}[-+]?\d{4})"),),
    "cn_ric": (Rx(r"^(?:\d{17}[\dXx])"),),
    "za_id": (Rx(r"^(?:\d{6} ?\d{4} ?\d{3})"),),
    "au_tfn": (Rx(r"^(?:\d{3}[ +-]?\d{3}[ +-]?\d{2,3})"),),
    "uk_nhs": (Rx(r"^(?:\d{3}[ -]?\d{3}[ -]?\d{4})"),),
    "no_fnr": (Rx(r"^(?:\d{6} ?\d{5})"),),
    "dk_cpr": (Rx(r"^(?:\d{6}-?\d{4})"),),
    # Bahrain's CPR number: the holder's birth year and month (YYMM), four serial digits and a check
    # digit (the Information & eGovernment Authority's card; no published check algorithm: the month
    # is checked, and the label is required)
    "bh_cpr": (Rx(r"^(?:\d{9})"),),
    "fi_hetu": (Rx(r"^(?:\d{6}[-+A-FU-Ya-fu-y]\d{3}[0-9A-Ya-y])"),),
    "ro_cnp": (Rx(r"^(?:\d{13})"),),
    "tr_tckn": (Rx(r"^(?:\d{11})"),),
    "cl_rut": (Rx(r"^(?:\d{1,2}\.?\d{3}\.?\d{3}-?[\dkK])"),),
    "ch_ahv": (Rx(r"^(?:756\.?\d{4}\.?\d{4}\.?\d\d)"),),
    "be_nn": (Rx(r"^(?:\d\d\.?\d\d\.?\d\d-?\d{3}\.?\d\d)"),),
    "il_id": (Rx(r"^(?:\d{9})"),),
    "tw_id": (Rx(r"^(?:[A-Za-z][1289]\d{8})"),),
    "th_pin": (Rx(r"^(?:\d-?\d{4}-?\d{5}-?\d\d-?\d)"),),
    "sg_nric": (Rx(r"^(?:[STFGMstfgm]\d{7}[A-Za-z])"),),
    "hk_id": (Rx(r"^(?:[A-Za-z]{1,2}\d{6} ?\([0-9Aa]\))"),),
    "pt_nif": (Rx(r"^(?:\d{3} ?\d{3} ?\d{3})"),),
    "mx_curp": (Rx(r"^(?:[A-Za-z]{4}\d{6}[HMXhmx][A-Za-z]{5}[0-9A-Za-z]\d)"),),
    "hr_oib": (Rx(r"^(?:\d{11})"),),
    "gr_amka": (Rx(r"^(?:\d{11})"),),
    "ee_ik": (Rx(r"^(?:\d{11})"),),
    "lt_asmens": (Rx(r"^(?:\d{11})"),),
    "bg_egn": (Rx(r"^(?:\d{10})"),),
    "ar_cuit": (Rx(r"^(?:\d\d-?\d{8}-?\d)"),),
    "is_kt": (Rx(r"^(?:\d{6}-?\d{4})"),),
    "cz_rc": (Rx(r"^(?:\d{6}/?\d{3,4})"),),
    "sk_rc": (Rx(r"^(?:\d{6}/?\d{3,4})"),),
    "jp_in": (Rx(r"^(?:\d{4} ?\d{4} ?\d{4})"),),
    "nz_ird": (Rx(r"^(?:\d{2,3}-?\d{3}-?\d{3})"),),
    "fo_ptal": (Rx(r"^(?:\d{6}[- ]?\d{3})"),),
    # UK DVLA (surname, birth date digits, initials, check characters), Florida's dashed form, a
    # letter or two and digits (most US states), digits alone
    "driving_licence": (
        Rx(r"^(?:[A-Za-z9]{5} ?\d{6} ?[A-Za-z9]{2}\d[A-Za-z]{2})"),
        Rx(r"^(?:[A-Za-z]\d{3}-\d{3}-\d\d-\d{3}-\d)"),
        Rx(r"^(?:[A-Za-z]{1,2}\d{5,13})"),
        Rx(r"^(?:\d{7,12})"),
    ),
    # German KVNR (a letter, nine digits), the US Medicare Beneficiary Identifier, Australian Medicare
    "health_insurance_id": (
        Rx(r"^(?:[A-Za-z]\d{9})"),
        Rx(r"^(?:[1-9][A-Za-z][A-Za-z0-9]\d-?[A-Za-z][A-Za-z0-9]\d-?[A-Za-z]{2}\d\d)"),
        Rx(r"^(?:[2-6]\d{3} ?\d{5} ?\d(?:[ /-]?\d)?)"),
    ),
    "ua_rntrc": (Rx(r"^(?:\d{10})"),),
    "si_emso": (Rx(r"^(?:\d{13})"),),
    "pk_cnic": (Rx(r"^(?:\d{5}-?\d{7}-?\d)"),),
    "ie_pps": (Rx(r"^(?:\d{7}[A-Wa-w][A-IWa-iw]?)"),),
    "cedula": (),  # (its values are the `_ALSO` kinds')
    "do_cedula": (Rx(r"^(?:\d{3}-?\d{7}-?\d)"),),
    "ec_ci": (Rx(r"^(?:\d{10})"),),
    "cu_ni": (Rx(r"^(?:\d{11})"),),
    "ru_inn": (Rx(r"^(?:\d{12})"),),  # (a person's; ten digits are a company's)
    "my_nric": (Rx(r"^(?:\d{6}-?\d\d-?\d{4})"),),
    "ke_pin": (Rx(r"^(?:[APap]\d{9}[A-Za-z])"),),
    "in_epic": (Rx(r"^(?:[A-Za-z]{3}\d{7})"),),
    "gb_utr": (Rx(r"^(?:\d{5} ?\d{5})"),),
    "id_nik": (Rx(r"^(?:\d{16}|\d\d\.\d\d\.\d\d\.\d{6}\.\d{4})"),),
    "at_svnr": (Rx(r"^(?:\d{4} ?\d{6})"),),
    "fr_nif": (Rx(r"^(?:[0-3]\d ?\d\d ?\d{3} ?\d{3} ?\d{3})"),),
    "pe_cui": (Rx(r"^(?:\d{8}-?[0-9A-Ka-k]|\d{8})"),),
    "lv_pk": (Rx(r"^(?:\d{6}-?\d{5})"),),
    # one to three groups of capitals and digits, a space or hyphen between (`KM66 TIP`,
    # `AB-123-CD`, `K-EO 8561`, `1470 FBC`); a plate's alphabet is upper case
    "vehicle_plate": (Rx(r"^(?:[A-Z0-9]{1,4}(?:[ -][A-Z0-9]{1,5}){0,2}|[A-Z0-9]{5,8})"),),
    "national_id": (),  # (its values are the `_ALSO` kinds')
    "id_number": (),
    "travel_id": (Rx(r"^(?:[A-Z0-9]{7,10})"),),
    "employee_id": (Rx(r"^(?:[A-Z]{1,3}-?\d{4,9}|\d{2}-\d{5,7}|\d{5,9})"),),
    "in_abha_uan": (Rx(r"^(?:\d{2}-?\d{4}-?\d{4}-?\d{4}|\d{12})"),),
    # one to three capitals (a country's code), then eight to twenty digits in groups, a check
    # letter or digit after a hyphen (`GHA-123456789-0`), or a letter glued to the end
    "national_id_number": (Rx(r"^(?:(?:[A-Z]{1,3}-)?\d(?:[ ./-]?\d){7,19}(?:-[0-9A-Z]|[A-Z])?)"),),
    # (round 9) each number's printed shapes (python-stdnum's docs and examples)
    "ve_rif": (Rx(r"^(?:[VEJPGvejpg]-?\d{8}-?\d)"),),
    "us_atin": (Rx(r"^(?:9\d\d-?93-?\d{4})"),),
    "us_ptin": (Rx(r"^(?:[Pp]\d{8})"),),
    "ruc": (),
    "py_ruc": (Rx(r"^(?:\d{5,8}-\d)"),),
    "ec_ruc": (Rx(r"^(?:\d{13})"),),
    "pe_ruc": (Rx(r"^(?:(?:10|15|16|17|20)\d{9})"),),
    "mx_rfc": (Rx(r"^(?:[A-Z&\x{d1}]{4}\d{6}[A-Z0-9]{3})"),),
    "nit": (),
    "sv_nit": (Rx(r"^(?:\d{4}-?\d{6}-?\d{3}-?\d)"),),
    "gt_nit": (Rx(r"^(?:\d{4,11}-[\dKk])"),),
    "co_nit": (Rx(r"^(?:\d{3}\.\d{3}\.\d{3}-\d)"),),
    "ar_dni": (Rx(r"^(?:\d{1,2}\.\d{3}\.\d{3}|\d{7,8})"),),
    "cr_cpf": (Rx(r"^(?:\d-?\d{4}-?\d{4})"),),
    "pt_cc": (Rx(r"^(?:\d{8} ?\d ?[A-Za-z0-9]{2}\d)"),),
    "nl_onderwijsnummer": (Rx(r"^(?:10\d{7})"),),
    "bg_pnf": (Rx(r"^(?:\d{10})"),),
    "be_bis": (Rx(r"^(?:\d\d\.?[2-5]\d\.?\d\d-?\d{3}\.?\d\d)"),),
    "gb_upn": (Rx(r"^(?:[A-Z]\d{12})"),),
    # (round 17) as the registers print them; a Hungarian number also as `1-230415-1234`
    "us_npi": (Rx(r"^(?:[12]\d{9})"),),
    "us_dea": (Rx(r"^(?:[A-Za-z][A-Za-z9]\d{7})"),),
    "uk_uln": (Rx(r"^(?:[1-9]\d{9})"),),
    "hu_szemelyi": (Rx(r"^(?:[1-8][ -]?\d{6}[ -]?\d{4})"),),
    "de_lanr": (Rx(r"^(?:\d{9})"),),
    "si_davcna": (Rx(r"^(?:(?:SI ?)?\d{8})"),),
    "fr_rpps": (Rx(r"^(?:10\d{9})"),),
    "mx_clave_elector": (Rx(r"^(?:[A-Za-z]{6}\d{8}[HMhm]\d{3})"),),
    "in_vid": (Rx(r"^(?:\d{4} ?\d{4} ?\d{4} ?\d{4})"),),
    "tax_id": (),
    "health_number": (
        Rx(r"^(?:\d{4}[ -]?\d{3}[ -]?\d{3}(?:[ -]?[A-Z]{2})?)"),
        Rx(r"^(?:\d{6} ?\d{4})"),
        Rx(r"^(?:[A-HJ-NP-Z]{3}\d{4})"),
    ),
    # letters of a facility's prefix, then digits (dashes between groups allowed): `MR0012345`, `12-34-567`
    "mrn": (Rx(r"^(?:(?:[A-Z]{1,4}-?)?\d(?:-?\d){4,13})"),),
    # (a series' capitals may open it: `ZRIP 9012 1275`)
    "social_security_id": (Rx(r"^(?:(?:[A-Z]{1,4}[ -]?)?\d(?:[ ./-]?\d){7,15})"),),
    "id_npwp": (Rx(r"^(?:\d\d\.?\d{3}\.?\d{3}\.?\d-?\d{3}\.?\d{3})"),),
    "gh_tin": (Rx(r"^(?:[PCGQV]\d{10})"),),
    "za_tin": (Rx(r"^(?:[01239]\d{9})"),),
    # Germany's identity card (a reduced alphabet and an ICAO 9303 check digit), Italy's electronic
    # card (CIE: `CA00000AA`), Romania's series and number, Spain's DNI support number
    "id_card": (
        Rx(r"^(?:[CFGHJKLMNPRTVWXYZ][0-9CFGHJKLMNPRTVWXYZ]{8}\d)"),
        Rx(r"^(?:[A-Z]{2}\d{5}[A-Z]{2}|[A-Z]{2} ?\d{6}|[A-Z]{3}\d{6})"),
    ),
}


def _nino_ok(v: str) -> bool:
    c = v.replace(" ", "").upper()
    return (
        len(c) == 9
        and c[0] not in "DFIQUV"
        and c[1] not in "DFIOQUV"
        and c[:2] not in _NINO_BAD_PREFIXES
        and c[2:8].isdigit()
        and c[8] in "ABCD"
    )


def _digits(v: str) -> str:
    return "".join(c for c in v if c.isdigit())


def _ssn_ok(v: str) -> bool:
    d = _digits(v)
    if len(d) != 9 or d[3:5] == "00" or d[5:] == "0000":
        return False
    if d[0] == "9":  # an ITIN
        g = int(d[3:5])
        return 50 <= g <= 65 or 70 <= g <= 88 or 90 <= g <= 92 or 94 <= g <= 99
    return d[:3] not in ("000", "666")


def _passport_ok(v: str) -> bool:
    digits = sum(c.isdigit() for c in v)
    # a number, not a word ("PASSPORT", "EXPIRED"): DE and NL numbers mix letters in, so a long
    # value may hold as few as two digits
    # (a letter-heavy 8+ character run with a digit in it is no word either: `KXRTWQ4MZ`)
    return digits >= 4 or (digits >= 1 and len(v) >= 8)


# Taiwan's national id: the letter's code (A=10 … Z=33, I=34, O=35), the weights 1, 9, 8 … 1, 1
# (Ministry of the Interior's published algorithm; python-stdnum has none)
_TW_CODES = dict(zip("ABCDEFGHJKLMNPQRSTUVXYWZIO", range(10, 36), strict=True))


def _tw_id_ok(v: str) -> bool:
    c = v.upper()
    n = _TW_CODES.get(c[:1])
    if n is None or len(c) != 10 or not c[1:].isdigit():
        return False
    total = n // 10 + (n % 10) * 9 + sum(int(d) * w for d, w in zip(c[1:9], range(8, 0, -1), strict=True))
    return (total + int(c[9])) % 10 == 0


# Singapore NRIC / FIN: weights 2 7 6 5 4 3 2, an offset by series (T/G +4, M +3), and the
# series' check-letter table (ICA's published algorithm; python-stdnum has none)
_NRIC_LETTERS = {"S": "JZIHGFEDCBA", "T": "JZIHGFEDCBA", "F": "XWUTRQPNMLK", "G": "XWUTRQPNMLK", "M": "KLJNPQRTUWX"}
_NRIC_OFFSET = {"S": 0, "T": 4, "F": 0, "G": 4, "M": 3}


def _nric_ok(v: str) -> bool:
    c = v.upper()
    if len(c) != 9 or c[0] not in _NRIC_LETTERS or not c[1:8].isdigit():
        return False
    total = sum(int(d) * w for d, w in zip(c[1:8], (2, 7, 6, 5, 4, 3, 2), strict=True)) + _NRIC_OFFSET[c[0]]
    if c[0] == "M":
        return c[8] == _NRIC_LETTERS["M"][10 - total % 11]
    return c[8] == _NRIC_LETTERS[c[0]][total % 11]


def _hkid_ok(v: str) -> bool:
    """Hong Kong identity card: one or two letters (a missing one counts 36), six digits, a mod-11
    check digit in brackets (10 written `A`)."""
    c = v.upper().replace(" ", "").replace("(", "").replace(")", "")
    letters, digits, check = c[:-7], c[-7:-1], c[-1]
    if not (1 <= len(letters) <= 2 and letters.isalpha() and digits.isdigit()):
        return False
    vals = [36] * (2 - len(letters)) + [ord(ch) - 55 for ch in letters] + [int(d) for d in digits]
    total = sum(x * w for x, w in zip(vals, range(9, 1, -1), strict=True))
    want = (11 - total % 11) % 11
    return check == ("A" if want == 10 else str(want))


def _dvla_ok(c: str) -> bool:
    """A DVLA licence number: its 6th to 11th characters are the decade digit, the birth month (plus
    50 for a woman), the day and the year digit (gov.uk, driving licence number format)."""
    month, day = int(c[6:8]), int(c[8:10])
    return (1 <= month <= 12 or 51 <= month <= 62) and 1 <= day <= 31


def _licence_ok(v: str) -> bool:
    c = v.replace(" ", "").replace("-", "").upper()
    if len(c) == 16 and c[5:11].isdigit():
        return _dvla_ok(c)
    return sum(ch.isdigit() for ch in c) >= 6 and len(set(c)) >= 4  # (not `A0000000`)


# the letters of the Medicare Beneficiary Identifier: no S, L, O, I, B, Z (CMS, MBI format)
_MBI_ALPHA = frozenset("ACDEFGHJKMNPQRTUVWXY")


def _health_insurance_ok(v: str) -> bool:
    c = v.replace(" ", "").replace("-", "").replace("/", "").upper()
    if len(c) == 10 and c[0].isalpha() and c[1:].isdigit():
        # German KVNR: the letter as 01-26, eight digits, weights 1 2 1 2…, digit sums mod 10
        # (GKV-Spitzenverband, Krankenversichertennummer)
        seq = f"{ord(c[0]) - 64:02d}{c[1:9]}"
        total = sum(p // 10 + p % 10 for p in (int(d) * (1 if i % 2 == 0 else 2) for i, d in enumerate(seq)))
        return total % 10 == int(c[9])
    if len(c) == 11 and c[0].isdigit() and not c[1].isdigit():
        kinds = "NAXNAXNAANN"  # N digit, A MBI letter, X either
        return all(
            (k == "N" and ch.isdigit())
            or (k == "A" and ch in _MBI_ALPHA)
            or (k == "X" and (ch.isdigit() or ch in _MBI_ALPHA))
            for k, ch in zip(kinds, c, strict=True)
        )
    if c.isdigit() and len(c) in (10, 11) and c[0] in "23456":
        # Australian Medicare: weights 1 3 7 9 1 3 7 9 on the first eight digits, the ninth the check
        return sum(int(d) * w for d, w in zip(c[:8], (1, 3, 7, 9, 1, 3, 7, 9), strict=True)) % 10 == int(c[8])
    return False


def _plate_ok(v: str) -> bool:
    """A registration plate: four to nine capitals and digits, a letter and two digits at least
    (not an encoding's name, `UTF-8`), three distinct characters."""
    c = v.replace(" ", "").replace("-", "")
    letters = sum(ch.isalpha() for ch in c)
    return 4 <= len(c) <= 9 and letters >= 1 and len(c) - letters >= 2 and len(set(c)) >= 3


@lru_cache(maxsize=1)
def _validators() -> dict[str, Callable[[str], bool]]:  # (the catalogue's kinds: `_catalog_value_end`)
    from stdnum import luhn
    from stdnum.ar import cuit
    from stdnum.au import tfn
    from stdnum.be import nn
    from stdnum.bg import egn
    from stdnum.br import cnpj, cpf
    from stdnum.ch import ssn as ch_ssn
    from stdnum.cl import rut
    from stdnum.cn import ric
    from stdnum.cz import rc as cz_rc
    from stdnum.de import idnr
    from stdnum.dk import cpr
    from stdnum.ee import ik
    from stdnum.es import dni, nie
    from stdnum.fi import hetu
    from stdnum.fr import nir
    from stdnum.gb import nhs
    from stdnum.gr import amka
    from stdnum.hr import oib
    from stdnum.il import idnr as il_idnr
    from stdnum.in_ import aadhaar
    from stdnum.is_ import kennitala
    from stdnum.it import codicefiscale
    from stdnum.jp import in_ as jp_in
    from stdnum.kr import rrn
    from stdnum.lt import asmens
    from stdnum.mx import curp
    from stdnum.nl import bsn
    from stdnum.no import fodselsnummer
    from stdnum.nz import ird
    from stdnum.pl import pesel
    from stdnum.pt import nif as pt_nif
    from stdnum.ro import cnp
    from stdnum.se import personnummer
    from stdnum.sk import rc as sk_rc
    from stdnum.th import pin
    from stdnum.tr import tckimlik
    from stdnum.za import idnr as za_idnr

    more = _more_validators()

    def es(v: str) -> bool:
        c = v.replace(".", "").replace("-", "").replace(" ", "").upper()
        return (nie if c[0] in "XYZ" else dni).is_valid(c)

    return {
        # Luhn only: stdnum also refuses the unassigned first digits 0 and 8, which example and
        # test SINs use (046 454 286)
        "ca_sin": lambda v: len(_digits(v)) == 9 and luhn.is_valid(_digits(v)),
        "nl_bsn": lambda v: bsn.is_valid(_digits(v)),
        "de_tax_id": lambda v: idnr.is_valid(_digits(v)),
        "in_aadhaar": lambda v: aadhaar.is_valid(_digits(v)),
        "in_pan": _in_pan_ok,
        "br_cpf": lambda v: (cpf if len(_digits(v)) == 11 else cnpj).is_valid(_digits(v)),
        "es_dni": es,
        "fr_nir": lambda v: nir.is_valid(v.replace(" ", "").upper()),
        "it_fiscal_code": lambda v: codicefiscale.is_valid(v),
        "uk_nino": _nino_ok,
        "ssn": _ssn_ok,
        "passport_number": _passport_ok,
        "kr_rrn": rrn.is_valid,
        "pl_pesel": pesel.is_valid,
        "se_personnummer": personnummer.is_valid,
        "cn_ric": ric.is_valid,
        "za_id": lambda v: za_idnr.is_valid(_digits(v)),
        "au_tfn": lambda v: tfn.is_valid(_digits(v)),
        "uk_nhs": lambda v: nhs.is_valid(_digits(v)),
        "no_fnr": lambda v: fodselsnummer.is_valid(_digits(v)),
        "dk_cpr": lambda v: cpr.is_valid(_digits(v)),
        "bh_cpr": lambda v: len(_digits(v)) == 9 and 1 <= int(_digits(v)[2:4]) <= 12,
        "fi_hetu": hetu.is_valid,
        "ro_cnp": cnp.is_valid,
        "tr_tckn": tckimlik.is_valid,
        "cl_rut": rut.is_valid,
        "ch_ahv": ch_ssn.is_valid,
        "be_nn": lambda v: nn.is_valid(_digits(v)),
        "il_id": il_idnr.is_valid,
        "tw_id": _tw_id_ok,
        "th_pin": lambda v: pin.is_valid(_digits(v)),
        "sg_nric": _nric_ok,
        "hk_id": _hkid_ok,
        "mo_bir": lambda v: v.endswith(")"),  # (the shape is the whole reading: see `_MO_BIR`)
        "pt_nif": lambda v: pt_nif.is_valid(_digits(v)),
        "mx_curp": lambda v: curp.is_valid(v.upper()),
        "hr_oib": oib.is_valid,
        "gr_amka": amka.is_valid,
        "ee_ik": ik.is_valid,
        "lt_asmens": asmens.is_valid,
        "bg_egn": egn.is_valid,
        "ar_cuit": lambda v: cuit.is_valid(_digits(v)),
        "is_kt": lambda v: kennitala.is_valid(_digits(v)),
        "cz_rc": cz_rc.is_valid,
        "sk_rc": sk_rc.is_valid,
        "jp_in": lambda v: jp_in.is_valid(_digits(v)),
        "nz_ird": lambda v: ird.is_valid(_digits(v)),
        "fo_ptal": _ptal_ok,
        "driving_licence": _licence_ok,
        "health_insurance_id": _health_insurance_ok,
        "vehicle_plate": _plate_ok,
        **more,
        **_round9_validators(),
    }


def _ptal_ok(value: str) -> bool:
    """A Faroese P-tal: the holder's birth date as DDMMYY, then three digits (no check digit is
    published, so the label and the date decide)."""
    d = _digits(value)
    if len(d) != 9:
        return False
    day, month = int(d[:2]), int(d[2:4])
    return 1 <= month <= 12 and 1 <= day <= (29 if month == 2 else 30 if month in (4, 6, 9, 11) else 31)


def _more_validators() -> dict[str, Callable[[str], bool]]:
    """(issue 17, round 8) python-stdnum's validators of more countries' numbers."""
    from stdnum.at import vnr
    from stdnum.cu import ni
    from stdnum.do import cedula
    from stdnum.ec import ci
    from stdnum.fr import nif as fr_nif
    from stdnum.gb import utr
    from stdnum.id import nik
    from stdnum.ie import pps
    from stdnum.in_ import epic, gstin
    from stdnum.ke import pin as ke_pin
    from stdnum.lv import pvn
    from stdnum.my import nric
    from stdnum.pe import cui
    from stdnum.pk import cnic
    from stdnum.ru import inn
    from stdnum.si import emso
    from stdnum.ua import rntrc

    def lv_personal(v: str) -> bool:  # (a PVN of 11 digits is a personal code when its first digit is 0-3)
        d = _digits(v)
        return len(d) == 11 and d[0] in "0123" and pvn.is_valid(d)

    return {
        "ua_rntrc": rntrc.is_valid,
        "si_emso": emso.is_valid,
        "pk_cnic": cnic.is_valid,
        "ie_pps": pps.is_valid,
        "do_cedula": cedula.is_valid,
        "ec_ci": ci.is_valid,
        "cu_ni": ni.is_valid,
        "ru_inn": inn.is_valid,
        "my_nric": nric.is_valid,
        "ke_pin": lambda v: v[:1] in "Aa" and ke_pin.is_valid(v.upper()),  # (`P`: a company's)
        "in_epic": lambda v: epic.is_valid(v.upper()),
        "in_gstin": lambda v: v[5:6] == "P" and gstin.is_valid(v),  # (a person's PAN inside)
        "gb_utr": utr.is_valid,
        "id_nik": nik.is_valid,
        "at_svnr": vnr.is_valid,
        "fr_nif": fr_nif.is_valid,
        "pe_cui": cui.is_valid,
        "lv_pk": lv_personal,
    }


def mrz_check(s: str) -> str:
    """ICAO 9303's check digit: weights 7, 3, 1; a digit is itself, A-Z are 10 to 35, `<` is 0."""
    total = 0
    for i, c in enumerate(s):
        v = int(c) if c.isdigit() else 0 if c == "<" else ord(c.upper()) - 55
        total += v * (7, 3, 1)[i % 3]
    return str(total % 10)


def _id_card_ok(v: str) -> bool:
    # (a German card's number, the only shape of ten, carries its check digit; the others carry none)
    return len(v) != 10 or mrz_check(v[:9]) == v[9]


_NHI_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # (I and O never used: A to Z count 1 to 24)


def _health_number_ok(v: str) -> bool:
    """Ontario's health card (ten digits, Luhn, an optional two-letter version code), BC's PHN
    (python-stdnum), Scotland's CHI (a birth date DDMMYY, then the NHS number's modulus 11), New
    Zealand's NHI (AAANNNC: weights 7 to 2, 11 minus the sum modulo 11, 10 written 0)."""
    from stdnum import luhn
    from stdnum.ca import bc_phn
    from stdnum.gb import nhs

    c = v.replace(" ", "").replace("-", "")
    if c[:3].isalpha():
        vals = [_NHI_LETTERS.index(x) + 1 for x in c[:3]] + [int(x) for x in c[3:6]]
        rem = sum(x * w for x, w in zip(vals, range(7, 1, -1), strict=True)) % 11
        return rem != 0 and (11 - rem) % 10 == int(c[6])
    digits = c[:10]
    if not digits.isdigit():
        return False
    if len(c) == 12 or (" " not in v and "-" in v):  # (a version code or dashed groups: Ontario's)
        return luhn.is_valid(digits)
    if digits[0] == "9" and bc_phn.is_valid(digits):
        return True
    day, month = int(digits[:2]), int(digits[2:4])
    return (1 <= day <= 31 and 1 <= month <= 12 and nhs.is_valid(digits)) or luhn.is_valid(digits)


_DATE_SHAPED = re.compile(r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}")


def _social_id_ok(v: str) -> bool:
    """Eight to sixteen digits, three distinct at least, not a date (`12.03.2024`, `20240312`), not
    a run of consecutive digits (`12345678`, `98765432`)."""
    d = _digits(v)
    return (
        8 <= len(d) <= 16
        and len(set(d)) >= 3
        and _DATE_SHAPED.fullmatch(v) is None
        and not _compact_date(d)
        and not _consecutive(d)
    )


def _travel_id_ok(v: str) -> bool:
    """Two digits at least, four distinct characters, not a run of consecutive digits."""
    return sum(c.isdigit() for c in v) >= 2 and len(set(v)) >= 4 and not (v.isdigit() and _consecutive(v))


# `worker id` and `badge` name a person's number only in an HR or person context: a Celery,
# gunicorn or Spark worker's id, a README badge, a gamification badge's id are everyday text
_WEAK_EMPLOYEE = re.compile(r"(?i)worker|badge")
# words of an employment record (several languages), or a field holding a person's name, nearby
_HR_CONTEXT = re.compile(
    r"(?i)(?<![a-z0-9])(?:employ|staff|personnel|personeel|payroll|human[ _-]?resources|hris|hr(?![a-z])|"
    r"mitarbeiter|empleado|dipendent|funcion[a\u00e1]rio|medewerker|salari|n[o\u00f3]mina|gehalt|"
    r"hire[ _-]?date|hired|new[ _-]?hire|onboard|offboard|job[ _-]?title|department|cost[ _-]?cent|headcount|"
    r"workday|successfactors|bamboohr|personio|"
    r"(?:full|legal|first|last|given|family|display|preferred)[ _-]?name|surname|(?:card[ _-]?)?holder)"
)
_CONTEXT_REACH = 200


_PLACEHOLDER_KIND = re.compile(r"\[REDACTED:[a-z0-9_]*")


def _hr_context(text: str, start: int, end: int) -> bool:
    """Whether HR or person words are within reach of `text[start:end]` (a label and its value).
    (a placeholder's kind, `[REDACTED:employee_id:…]`, is no word of the text: a second pass sees
    the context the first did)"""
    window = text[max(0, start - _CONTEXT_REACH) : end + _CONTEXT_REACH]
    if _PLACEHOLDER_OPEN in window:
        window = _PLACEHOLDER_KIND.sub("[", window)
    return _HR_CONTEXT.search(window) is not None


def _employee_id_ok(v: str) -> bool:
    """Five digits at least, three distinct, not a run of consecutive digits, not a date."""
    d = _digits(v)
    return len(d) >= 5 and len(set(d)) >= 3 and not _consecutive(d) and not _compact_date(d)


def _national_number_ok(v: str) -> bool:
    """Eight to twenty digits (a prefix's capitals and a check character aside), three distinct at
    least, not a date, not a run of consecutive digits."""
    core = v.split("-", 1)[1] if v[:1].isalpha() and "-" in v else v
    d = _digits(core)
    return (
        8 <= len(d) <= 20
        and len(set(d)) >= 3
        and _DATE_SHAPED.fullmatch(core) is None
        and not _compact_date(d)
        and not _consecutive(d)
    )


def _compact_date(d: str) -> bool:
    """A YYYYMMDD date (`20240312`) from 1900 to 2099."""
    return len(d) == 8 and d[:2] in ("19", "20") and 1 <= int(d[4:6]) <= 12 and 1 <= int(d[6:]) <= 31


def _consecutive(d: str) -> bool:
    """Each digit the one before plus one, or each minus one (mod 10: `7890123`)."""
    steps = {(int(b) - int(a)) % 10 for a, b in pairwise(d)}
    return steps in ({1}, {9})


def _round9_validators() -> dict[str, Callable[[str], bool]]:
    """(issue 17, round 9) python-stdnum's validators of more countries' numbers."""
    from stdnum.ar import dni as ar_dni
    from stdnum.be import bis
    from stdnum.bg import pnf
    from stdnum.co import nit as co_nit
    from stdnum.cr import cpf as cr_cpf
    from stdnum.ec import ruc as ec_ruc
    from stdnum.gb import upn
    from stdnum.gh import tin as gh_tin
    from stdnum.gt import nit as gt_nit
    from stdnum.id import npwp
    from stdnum.in_ import vid
    from stdnum.mx import rfc
    from stdnum.nl import onderwijsnummer
    from stdnum.pe import ruc as pe_ruc
    from stdnum.pt import cc
    from stdnum.py import ruc as py_ruc
    from stdnum.si import ddv as si_ddv
    from stdnum.sv import nit as sv_nit
    from stdnum.us import atin, ptin
    from stdnum.ve import rif
    from stdnum.za import tin as za_tin

    return {
        "ve_rif": rif.is_valid,
        "us_atin": atin.is_valid,
        "us_ptin": lambda v: ptin.is_valid(v.upper()),
        "py_ruc": py_ruc.is_valid,
        "ec_ruc": ec_ruc.is_valid,
        "pe_ruc": pe_ruc.is_valid,
        "mx_rfc": lambda v: len(v) == 13 and rfc.is_valid(v),  # (a person's: four letters; a company's three)
        "sv_nit": sv_nit.is_valid,
        "gt_nit": gt_nit.is_valid,
        "co_nit": co_nit.is_valid,
        "ar_dni": ar_dni.is_valid,
        "cr_cpf": cr_cpf.is_valid,
        "pt_cc": lambda v: cc.is_valid(v.upper()),
        "nl_onderwijsnummer": onderwijsnummer.is_valid,
        "bg_pnf": pnf.is_valid,
        "be_bis": lambda v: bis.is_valid(_digits(v)),
        "gb_upn": upn.is_valid,
        "in_vid": lambda v: vid.is_valid(_digits(v)),
        "id_npwp": npwp.is_valid,
        "gh_tin": gh_tin.is_valid,
        "za_tin": za_tin.is_valid,
        "id_card": _id_card_ok,
        "mrn": lambda v: sum(c.isdigit() for c in v) >= 6,
        "social_security_id": _social_id_ok,
        "national_id_number": _national_number_ok,
        "travel_id": _travel_id_ok,
        "employee_id": _employee_id_ok,
        "in_abha_uan": lambda v: len(set(_digits(v))) >= 3 and not _consecutive(_digits(v)),
        "health_number": _health_number_ok,
        "us_npi": register_checks.npi_ok,
        "us_dea": register_checks.dea_ok,
        "uk_uln": register_checks.uln_ok,
        "hu_szemelyi": register_checks.hu_personal_ok,
        "de_lanr": register_checks.lanr_ok,
        "si_davcna": si_ddv.is_valid,
        "fr_rpps": register_checks.rpps_ok,
        "mx_clave_elector": register_checks.clave_elector_ok,
    }


def _in_pan_ok(v: str) -> bool:
    """A PAN, or a GSTIN (read under its label) whose embedded PAN is a person's (holder type `P`):
    the person's PAN whatever the GSTIN's own check character says (a typo there hides no one)."""
    from stdnum.in_ import pan

    v = v.upper()
    if len(v) in (12, 15):  # (a GSTIN, or its first twelve characters: a state code and the PAN)
        return v[:2].isdigit() and v[5] == "P" and pan.is_valid(v[2:12])
    return pan.is_valid(v)


def _valid(kind: str, value: str) -> bool:
    try:
        return _validators()[kind](value)
    except Exception:  # a validator refusing a shape it does not parse: not a number of that kind
        return False


def _bounded(text: str, start: int, end: int) -> bool:
    """The value is a whole token: no letter, digit or `_` glued to either side, no further
    digit group after a separator (`123-456-789-0`)."""
    before, after = text[start - 1 : start], text[end : end + 1]
    if before.isalnum() or before == "_" or after.isalnum() or after == "_":
        return False
    if before in ("-", ".") and text[start - 2 : start - 1].isalnum():
        return False  # a group inside a dashed or dotted token (a uuid's `-9420-4930-9699-`)
    return not (after in ("-", ".", "/", ":") and text[end + 1 : end + 2].isdigit())


_SHAPED: tuple[tuple[Rx, str], ...] = (
    (_NINO, "uk_nino"),
    (_DNI, "es_dni"),
    (_CPF_CNPJ, "br_cpf"),
    (_CF, "it_fiscal_code"),
    (_NIR, "fr_nir"),
    (_ITIN, "ssn"),
    (_ATIN, "us_atin"),
    (_CN_RIC, "cn_ric"),
    (_KR_RRN, "kr_rrn"),
    (_SE_PNR, "se_personnummer"),
    (_BE_NN, "be_nn"),
    (_PAN_PERSON, "in_pan"),
    (_GSTIN_PERSON, "in_gstin"),
    (_HKID, "hk_id"),
    (_MO_BIR, "mo_bir"),
    (_NRIC, "sg_nric"),
    (_CURP, "mx_curp"),
    (_DO_CEDULA, "do_cedula"),
    (_MYKAD, "my_nric"),
)
# HL7 v2's patient identification segment: `PID|set id|PID-2|PID-3|PID-4|…`; PID-2 to PID-4 are
# the patient's identifiers (CX: `id^check^scheme^authority^type`, repeated with `~`)
# (the segment may end after any field: `PID|1||12345^^^HOSP^MR`; a quote or a backslash ends a
# field inside a JSON string)
_HL7_PID = Rx(r"\bPID\|\d{0,4}\|([^|\r\n\\\"]{0,240})\|([^|\r\n\\\"]{0,240})(?:\|([^|\r\n\\\"]{0,240}))?")
# ICAO 9303 machine-readable zone of a passport (TD3, two lines of 44) or a TD2 card (two of 36):
# line one `P<` + issuing state + `SURNAME<<GIVEN<NAMES` padded with `<`; line two's document
# number, birth date and expiry each carry a check digit
_MRZ_NAMES = Rx(r"\b[PIAC][A-Z<][A-Z<]{3}([A-Z]{1,39}(?:<[A-Z]{1,39}){0,6}<<[A-Z]{1,39}(?:<[A-Z]{1,39}){0,6})<*")
_MRZ_DATA = Rx(r"\b([A-Z0-9<]{9})(\d)[A-Z<]{3}(\d{6})(\d)[MFX<](\d{6})(\d)")
# the patterns whose matches this module needs: a caller's Set pass over them (`intl_formats`)
# says which can match a text, so the others are not run
GATED: tuple[Rx, ...] = (
    *(rx for rx, _ in _SHAPED),
    _LABEL,
    _LABEL_CELL,
    _CAMEL_LABEL,
    _DUP_ENTRY,
    _HL7_PID,
    _MRZ_NAMES,
    _MRZ_DATA,
)


# (a header cell holds a label: the label alone gates both)
def _hump_prefixes() -> str:
    """A small superset of `_CAMEL_LABEL` for the gate: each hump's capital and its next two
    letters (a Set of short literals keeps few DFA states)."""
    out = set()
    for p in _LABELS.values():
        for a in _alternatives(p):
            if len(a) >= 3 and a[:3].isalpha():
                # (the capital and three letters, or the whole alternative when it is shorter)
                out.add(f"(?-i:{a[0].upper()}){a[1:4]}" if a[:4].isalpha() else f"(?-i:{a[0].upper()}){a[1:]}")
    return r"(?i)(?-i:[a-z0-9])(?:" + "|".join(sorted(out)) + r")[A-Za-z0-9_]{0,24}\\?[\"']?[ \t]*[:=]"


GATE_PART: dict[int, str] = {
    id(_LABEL_CELL): _LABEL.pattern,
    id(_CAMEL_LABEL): _hump_prefixes(),
    id(_HL7_PID): r"\bPID\|\d{0,4}\|",
    id(_MRZ_NAMES): r"[A-Z]<<[A-Z]",
    id(_MRZ_DATA): r"\d[MFX<]\d{7}",
}


def _always(_rx: Rx) -> bool:
    return True


def national_id_spans(
    text: str, is_open: Callable[[Rx], bool] = _always, other_script: bool | None = None
) -> Iterator[Span]:
    """National ids by shape and check digits, and labelled ids and passport numbers. `is_open`
    says whether a pattern of `GATED` may match the text (by default: run them all);
    `other_script`, whether one of `OTHER_SCRIPT_WORDS` may be in it (by default: look)."""
    for rx, kind in _SHAPED:
        if not is_open(rx):
            continue
        for ((start, end),) in rx.finditer(text):
            if _bounded(text, start, end) and _valid(kind, text[start:end]):
                yield Span(start, end, kind)
    if is_open(_LABEL):
        yield from _labelled(text, _LABEL)
    if is_open(_CAMEL_LABEL):
        yield from _labelled(text, _CAMEL_LABEL, 1)
    if is_open(_DUP_ENTRY):
        yield from _duplicate_entries(text)
    if is_open(_LABEL_CELL):
        yield from _column_cells(text)
    if is_open(_HL7_PID):
        yield from _hl7_patient_ids(text)
    if is_open(_MRZ_NAMES) or is_open(_MRZ_DATA):
        yield from _mrz_spans(text, is_open)
    if other_script is None:
        other_script = not text.isascii() and any(w in text for w in OTHER_SCRIPT_WORDS)
    if other_script and any(w in text for w in OTHER_SCRIPT_WORDS):
        for m in _JA_PASSPORT.finditer(text):
            if _passport_ok(m.group(1)):
                yield Span(*m.span(1), "passport_number")
        for m in _OTHER_LABEL.finditer(text):
            if _in_placeholder(text, m.start()):
                continue
            kinds = next(k for g, (_, k) in zip(m.groups(), _OTHER_LABELS, strict=True) if g is not None)
            span = _value_after(text, m.end(), list(kinds))
            if span is not None:
                yield span


def _hl7_patient_ids(text: str) -> Iterator[Span]:
    """The identifiers of an HL7 PID segment (PID-2 to PID-4): each repetition's first component."""
    for _, *fields in _HL7_PID.finditer(text):
        for f0, f1 in fields:
            if f0 < 0:
                continue
            pos = f0
            for rep in text[f0:f1].split("~"):
                value = rep.split("^", 1)[0]
                if len(value) >= 4 and any(c.isdigit() for c in value):
                    yield Span(pos, pos + len(value), "mrn")
                pos += len(rep) + 1


def _mrz_spans(text: str, is_open: Callable[[Rx], bool]) -> Iterator[Span]:
    """A machine-readable zone's holder name (a first line of exactly 44 or 36 characters: a
    document's, not a `A<<B` of code) and its data line's document number to expiry when all
    three check digits hold."""
    if is_open(_MRZ_NAMES):
        for (start, end), (n0, n1) in _MRZ_NAMES.finditer(text):
            if end - start in (44, 36) and not text[end : end + 1].isalnum():
                yield Span(n0, n1, "passport_mrz")
    if is_open(_MRZ_DATA):
        for (start, end), num, num_cd, dob, dob_cd, exp, exp_cd in _MRZ_DATA.finditer(text):
            groups = ((num, num_cd), (dob, dob_cd), (exp, exp_cd))
            if all(mrz_check(text[a:b]) == text[c:d] for (a, b), (c, d) in groups):
                yield Span(start, end, "passport_mrz")


def _labelled(text: str, label: Rx, lead: int = 0) -> Iterator[Span]:
    """After each label, the first of its next few tokens that is a valid value of the label's
    kind (`passport number (DE): C01X00T47`, `SIN of the applicant: 046 454 286`); for a schema
    property named by the label, its example. `lead`: characters the pattern matches before the
    label (a camel-case key's earlier letter)."""
    for spans in label.finditer(text):
        if _in_placeholder(text, spans[0][0] + lead):
            continue  # `[REDACTED:ca_sin:…]` names a kind, not a number of the text's
        label_end = spans[0][1]
        kinds = _kinds_of(spans[1:])
        if _names_another_identifier(text, label_end, kinds):
            continue
        written = text[spans[0][0] : label_end]
        # (a catalogue abbreviation names its number in capitals; in lower case only as a key)
        acronym = not written.isupper() and id_catalog.latin(written).lower() in _CATALOG_ACRONYMS
        if not lead and (acronym or _ambiguous(written)):
            # (a label that is an English word or abbreviation names an id only as a key or a
            # label: its value right after it, past a separator or after the label in capitals)
            # (a label glued to a key's next word by `_`, `cc_numero`: the gap reads that word)
            gap = _LABEL_GAP.match(text, label_end - (text[label_end - 1 : label_end] == "_"))
            if gap is not None and (any(c in gap[0] for c in ":=#") or text[spans[0][0] : spans[0][0] + 2].isupper()):
                span = _value_after(text, gap.end(), kinds, max_tokens=1)
                if span is None:
                    span = _schema_example(text, label_end, kinds)
                if span is not None:
                    yield span
            continue
        span = _value_after(text, label_end, kinds)
        if span is None:
            span = _schema_example(text, label_end, kinds) or _test_case_value(text, spans[0][0], label_end, kinds)
        if span is not None and not _weak_employee(text, written, spans[0][0], span):
            yield span


# (round 17's register kinds, whose labels are short acronyms: as an identifier's head, `npi_count`,
# `dea_cache`, they name another thing unless the word after is the identifier's own noun)
_ACRONYM_REGISTERS = frozenset(("us_npi", "us_dea", "uk_uln", "de_lanr", "fr_rpps"))
_ID_NOUNS = frozenset(("number", "num", "no", "nr", "nbr", "id", "identifier", "value"))
_IDENT_WORD = re.compile(r"[A-Za-z0-9]+")


def _names_another_identifier(text: str, label_end: int, kinds: list[str]) -> bool:
    """Whether a register acronym glued by `_` to a following word heads another identifier."""
    if text[label_end - 1 : label_end] != "_" or not set(kinds) <= _ACRONYM_REGISTERS:
        return False
    word = _IDENT_WORD.match(text, label_end)
    return word is not None and word[0].lower() not in _ID_NOUNS


def _weak_employee(text: str, written: str, label_start: int, span: Span) -> bool:
    """Whether an employee number read after `worker id` or `badge` has no HR or person words near."""
    return (
        span.kind == "employee_id"
        and _WEAK_EMPLOYEE.search(written) is not None
        and not _hr_context(text, label_start, span.end)
    )


# a test's head whose title names what it checks: Jest/Mocha `it("…", () => {`, `test(…`, pytest
# `def test_…(`; the value checked is on the next line (`expect(validate("…"))`)
_TEST_HEAD = re.compile(r"\b(?:it|test|describe|specify)\(\s*[\"'`]|\bdef test_")
_HEAD_REACH = 160


def _test_case_value(text: str, label_start: int, label_end: int, kinds: list[str]) -> Span | None:
    """The value on the line after a test head whose title holds the label."""
    line_start = text.rfind("\n", max(0, label_start - _HEAD_REACH), label_start) + 1
    if (line_start == 0 and label_start > _HEAD_REACH) or not _TEST_HEAD.search(text, line_start, label_start):
        return None
    nl = text.find("\n", label_end, label_end + _HEAD_REACH)
    return None if nl < 0 else _value_after(text, nl + 1, kinds)


def _kinds_of(groups: Sequence[tuple[int, int]]) -> list[str]:
    return [a for k, g in zip(_KINDS, groups, strict=True) if g[0] >= 0 for a in (k, *_ALSO.get(k, ()))]


def _schema_example(text: str, label_end: int, kinds: list[str]) -> Span | None:
    """The `example:` of a schema property the label names (`rodne_cislo:` then `type: string`,
    `example: "…"` on the next lines, each indented deeper than the property)."""
    nl = text.find("\n", label_end, label_end + 4)
    if nl < 0 or text[label_end:nl].strip(" \t\r\"'") != ":":
        return None
    line_start = text.rfind("\n", 0, label_end) + 1
    indent = len(text[line_start:label_end]) - len(text[line_start:label_end].lstrip(" "))
    pos = nl + 1
    for _ in range(_SCHEMA_LINES):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        line = text[pos:end]
        if len(line) - len(line.lstrip(" ")) <= indent:
            return None  # the property ended
        m = _SCHEMA_EXAMPLE.match(line)
        if m is not None:
            return _value_after(text, pos + m.end(), kinds)
        pos = end + 1
    return None


def _duplicate_entries(text: str) -> Iterator[Span]:
    """A duplicate-key error's value, when its key is a label and the value valid for it."""
    for _, (v0, v1), (k0, k1) in _DUP_ENTRY.finditer(text):
        label = _LABEL.search(text[k0:k1])
        if label is None:
            continue
        for kind in _kinds_of(label[1:]):
            if _value_span(kind, text, v0) == v1:
                if not _weak_employee(text, text[k0:k1], v0, Span(v0, v1, kind)):
                    yield Span(v0, v1, kind)
                break


# labels that are also English words or abbreviations (an inn, an epic, the SPI bus, a UTR
# payment reference) or a phrase of everyday Malay (`IC saya`, my IC): see `_labelled`
# (round 9: `cc` a copy's recipients or a compiler, `tin` a metal, `vid` a video, `bis` German's "until")
_AMBIGUOUS_LABELS = frozenset(("epic", "inn", "spi", "utr", "ic saya", "cc", "tin", "vid", "bis", "chi"))
# (a key's suffix, `Inn__c`; a separator or a copula, `UTR is`, `mon SPI est`; a DynamoDB type)
_LABEL_GAP = re.compile(
    r"(?:_{1,2}[A-Za-z0-9]{1,20})?\\?[\"']?[ \t]*(?:(?:[:=#]|(?-i:is|est|es|ist)(?= ))[ \t]*)?"
    r"(?:\{[ \t]*\\?\"[SN]\\?\"[ \t]*:[ \t]*)?\\?[\"']?[ \t]*"
)


def _ambiguous(label: str) -> bool:
    return " ".join(re.findall(r"[a-z]+", label.lower())) in _AMBIGUOUS_LABELS


# Kinds whose label vouches for a bare run of digits of no checked format (a social-security number
# of no one country): the value follows the label directly, an optional number word and a separator
# between (`seguridad social 28/…`, `Healthcare identifier (IHI): …`, `previdenza sociale n. …`), no other
# word (`assurance maladie remboursement: 20240312`, `health identifier table rows: …`)
_DIRECT_KINDS = frozenset(("social_security_id", "national_id_number", "employee_id"))
_DIRECT_GAP = re.compile(
    r"(?i)[ \t_.+-]*(?:(?:number|numbers|num|nos?|nr|n|n[º°]|num[ée]ro|n[úu]mero|nummer|#)\.?)?"
    r"(?:[ \t]*(?-i:\([A-Z]{2,6}\)))?"  # (the label's acronym: `Individual Healthcare Identifier (IHI): …`)
    r"\\?[\"']?[ \t]*(?:[:=#]|=>)?[ \t]*\\?[\"']?[ \t]*"
)


def _value_after(text: str, label_end: int, kinds: list[str], max_tokens: int = _MAX_TOKENS) -> Span | None:
    """The first of the next few tokens after a label that is a valid value of one of `kinds`."""
    window = text[label_end : label_end + _VALUE_REACH]
    # on its line, and before any placeholder: a label's value that was redacted already is
    # not looked for again further on (redacting redacted text changes nothing)
    for stop in ("\n", "[REDACTED:"):
        cut = window.find(stop)
        if cut >= 0:
            window = window[:cut]
    tried = 0
    for i, ch in enumerate(window):
        if not ch.isalnum() or (i and window[i - 1].isalnum()):
            continue
        tried += 1
        if tried > max_tokens:
            break
        direct = None  # (whether the token follows the label directly: `_DIRECT_KINDS`' values)
        found = None
        for kind in kinds:
            if kind in _DIRECT_KINDS:
                if direct is None:
                    direct = _DIRECT_GAP.fullmatch(window, 0, i) is not None
                if not direct:
                    continue
            end = _value_span(kind, text, label_end + i)
            if end is not None:
                found = (kind, end)
                break
        if found is not None:
            return Span(label_end + i, found[1], found[0])
    return None


_PLACEHOLDER_OPEN = "[REDACTED:"


def _in_placeholder(text: str, pos: int) -> bool:
    i = text.rfind("[REDACTED:", max(0, pos - 48), pos + 1)
    return i >= 0 and "]" not in text[i:pos]


def _value_span(kind: str, text: str, start: int) -> int | None:
    """The end of a valid value of `kind` starting at `start`, or None."""
    if kind in _CATALOG:
        return _catalog_value_end(_CATALOG[kind].module, text, start)
    for shape in _SHAPES[kind]:
        n = _match_at(shape, text[start : start + 40])
        if n is not None and _bounded(text, start, start + n) and _valid(kind, text[start : start + n]):
            return start + n
    return None


# A catalogue number's value: groups of letters and digits, one space, dot, slash or hyphen between
# (as countries print them: `123-456-78-90`, `12.345.678/0001`); the longest run of groups that the
# module accepts, six to twenty characters with five digits at least (not a word, not a year)
_CATALOG_VALUE = Rx(r"^[A-Za-z0-9]{1,20}(?:[ ./-][A-Za-z0-9]{1,20}){0,5}")
_GROUP_END = re.compile(r"(?=[ ./-])|$")


def _catalog_value_end(module: str, text: str, start: int) -> int | None:
    n = _match_at(_CATALOG_VALUE, text[start : start + 48])
    if n is None:
        return None
    cands = [m.start() for m in _GROUP_END.finditer(text, start, start + n)]
    for end in reversed(cands):
        value = text[start:end]
        compact = "".join(c for c in value if c.isalnum())
        if not (6 <= len(compact) <= 20 and sum(c.isdigit() for c in compact) >= 5):
            continue
        if _bounded(text, start, end) and id_catalog.is_valid(module, value):
            return end
    return None


def _column_cells(text: str) -> Iterator[Span]:
    """Cells of a CSV/TSV column whose header names an id kind, each validated as if labelled."""

    def kind_of(groups: Sequence[tuple[int, int]]) -> tuple[str, int]:
        i = next(i for i, g in enumerate(groups) if g[0] >= 0)
        (g0, g1), kind = groups[i], _KINDS[i]
        if kind == "employee_id" and _WEAK_EMPLOYEE.search(text, g0, g1) and not _hr_context(text, g0, g1):
            return "", g0  # (a worker's or a badge's column with no HR or person column beside it)
        return kind, g0

    def value_end(kind: str, text: str, start: int) -> int | None:
        if not kind:
            return None
        return next((e for k in (kind, *_ALSO.get(kind, ())) if (e := _value_span(k, text, start)) is not None), None)

    yield from table_column_values(text, _LABEL_CELL, kind_of, value_end)


def table_column_values(
    text: str,
    header_cell: Rx,
    kind_of: Callable[[Sequence[tuple[int, int]]], tuple[str, int]],
    value_end: Callable[[str, str, int], int | None],
) -> Iterator[Span]:
    """Values in the column of each `header_cell` match (a header cell naming a kind) of a
    delimited table: `kind_of(groups)` gives the kind and the label's offset, `value_end(kind,
    text, start)` the end of a valid value starting at `start` (None: not one)."""
    matches = list(header_cell.finditer(text))
    # (a line holding a header cell starts a table of its own: a table's rows end before it, so
    # every row is read under one header line, not under each header above it: linear in the text;
    # a line whose cell in the column is a valid value is a row all the same)
    header_lines: set[int] = set()
    line_start, seen = 0, 0
    for m in matches:  # (in text order: each stretch searched for its line break once)
        nl = text.rfind("\n", seen, m[0][0] + 1)
        line_start = nl + 1 if nl >= 0 else line_start
        seen = m[0][0] + 1
        header_lines.add(line_start)
    for spans in matches:
        (h0, _), *groups = spans
        if _in_placeholder(text, h0 + 1):
            continue
        kind, label_pos = kind_of(groups)
        line_start = text.rfind("\n", 0, h0 + 1) + 1
        line_end = text.find("\n", h0 + 1)
        if line_end < 0:
            continue
        header = text[line_start:line_end]
        sep = next((c for c in _TABLE_SEPS if c in header), None)
        if sep is None or _PLACEHOLDER_OPEN in header:
            continue  # (a placeholder: see the rows')
        col, width = header.count(sep, 0, label_pos - line_start), header.count(sep)
        pos = line_end + 1
        for _ in range(_MAX_TABLE_ROWS):
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            row = text[pos:end]
            # (a row holding a placeholder may have had another width before it was redacted,
            # `…,Street 1, Town` -> `…,[REDACTED:address:…]`: the table may have ended there for the
            # pass that made it. Of the header's width, with whole-cell placeholders, the row goes
            # on, those cells skipped; else the table ends there now, or a second pass finds more)
            n = row.count(sep)
            held = _PLACEHOLDER_OPEN in row
            cells = row.split(sep)
            if n < width or (held and (n != width or not placeholder_cells_only(cells))):
                break
            a = pos + sum(len(c) + 1 for c in cells[:col])
            cell = cells[col]
            lead = len(cell) - len(cell.lstrip(" \t\"'"))
            v_end = None if held and _PLACEHOLDER_OPEN in cell else value_end(kind, text, a + lead)
            if v_end is None and pos in header_lines:
                break  # (a header line ends the table unless its cell here is this column's value: a
                # data row may hold a label word in another column, `2,<id>,pesel`)
            if v_end is not None:
                yield Span(a + lead, v_end, kind)
            pos = end + 1
            if pos >= len(text) or n > width:
                break  # (more cells than the header: the last row ran on into prose, its cells read from the left)


def _match_at(rx: Rx, window: str) -> int | None:
    """The length of `rx`'s match at the window's start, or None."""
    spans = rx.search(window)
    return None if spans is None else spans[0][1]


def look_alike(label: str, value: str) -> bool:
    """Under a label this module reads as one kind's (`NIT`, `health card no.`), `value` is written
    in that kind's format (or a kind read with it) but fails its check: a documented look-alike that
    stays, as the labelled-value policy has it. A generic label (`voter ID`, `insurance number`) is
    read as one country's kind, so a number in another format under it is no look-alike; a kind with
    no check or no known format is left to this module's own frames (False)."""
    kind = _label_kind(label)
    if kind is None or _valid(kind, value):
        return False
    judged = [_format_of(k, value) for k in (kind, *_ALSO.get(kind, ()))]
    return any(judged) or all(j is None for j in judged)


@lru_cache(maxsize=4096)
def _label_kind(label: str) -> str | None:
    m = _LABEL.search(label)
    kinds = [] if m is None else _kinds_of(m[1:])
    return kinds[0] if kinds else None  # (the label's own kind: `_kinds_of` lists it before its `_ALSO`)


def _format_of(kind: str, value: str) -> bool | None:
    """`value` has `kind`'s format (None: no format known for it)."""
    entry = _CATALOG.get(kind)
    if entry is not None:
        return id_catalog.in_format(entry.module, value)
    shapes = _SHAPES.get(kind)
    return None if not shapes else any(_match_at(rx, value) == len(value) for rx in shapes)
