"""Round 20's tuning (issue 17): domestic bank numbers read by their registers' check digits (a
Polish NRB, a French RIB, a Portuguese NIB), contact cards read by their formats' grammar (vCard,
LDIF) and Nostr keys by NIP-19. Values and sentences are this file's own (computed with each
register's published rule)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction import bank_registers, register_checks
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear

# (computed for this file: an NRB, a RIB and a NIB that pass their checks)
NRB = "25620966584287072297102822"
RIB = "98747174292474116677391"
NIB = "008699346736532680841"


def _grouped(v: str, sizes: tuple[int, ...]) -> str:
    out, i = [], 0
    for n in sizes:
        out.append(v[i : i + n])
        i += n
    return " ".join(out)


NRB_G = _grouped(NRB, (2, 4, 4, 4, 4, 4, 4))
RIB_G = _grouped(RIB, (5, 5, 11, 2))
NIB_G = _grouped(NIB, (4, 4, 11, 2))


@pytest.fixture
def checks(redactor: Redactor) -> Checks:
    return Checks(redactor)


# --- 1. bank numbers by their own check digits


def test_bank_register_checks() -> None:
    assert register_checks.pl_nrb_ok(NRB)
    assert not register_checks.pl_nrb_ok(NRB[:-1] + str((int(NRB[-1]) + 1) % 10))  # (the IBAN digits)
    # (the sort code's own digit: a change the IBAN digits would absorb is still caught)
    assert not register_checks.pl_nrb_ok(NRB[:9] + str((int(NRB[9]) + 1) % 10) + NRB[10:])
    assert register_checks.fr_rib_ok(RIB)
    assert not register_checks.fr_rib_ok(RIB[:-1] + str((int(RIB[-1]) + 1) % 10))
    assert register_checks.pt_nib_ok(NIB)
    assert not register_checks.pt_nib_ok(NIB[:-1] + str((int(NIB[-1]) + 1) % 10))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"przelej na {NRB_G} do piątku", NRB_G),
        (f'{{"konto": "{NRB}"}}', NRB),
        (f"mes coordonnées pour le virement : {RIB_G}", RIB_G),
        (f"RIB={RIB}", RIB),
        (f"transfere para {NIB_G}, obrigado", NIB_G),
        (f"- nib: {NIB}", NIB),
        (f"+beneficiary: {RIB_G}\n", RIB_G),
        # (run together, with a bank word on the line)
        (f"numéro de compte {RIB} pour le loyer", RIB),
        (f'"iban_local": "{NIB}",', NIB),
    ],
)
def test_bank_register_numbers_go(checks: Checks, text: str, value: str) -> None:
    checks.gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        # (one digit off: the check fails, a number of another kind)
        f"trace id {NRB[:-1]}{(int(NRB[-1]) + 3) % 10} in the collector",
        "the big integer 123456789012345678901 overflowed int64",
        "checksum 1234 5678 90123456789 01 did not match",
        # (part of a longer number: a decimal)
        f"ratio 0.{NIB}",
        # (a bare 21- or 23-digit integer passing mod 97, with no bank word: one such run in 97 does)
        f"gas refund {NIB} wei credited",
        f"UPDATE counters SET total = {RIB} WHERE id = 4;",
        f"rng_state = {NIB}",
    ],
)
def test_bank_register_look_alikes_stay(checks: Checks, text: str) -> None:
    checks.kept(text)


def test_bank_registers_linear() -> None:
    line = f"id {NIB[:-1]}0 and {RIB_G[:-2]}00, {NRB_G[:-1]}9;\n"
    assert_linear(lambda t: list(bank_registers.bank_register_spans(t)), lambda n: line * n, 4000)


# --- 2. contact cards by their formats' property names


VCARD = (
    "BEGIN:VCARD\nVERSION:4.0\nFN:Marta Kowalczyk\nN:Kowalczyk;Marta;;;\nTEL;TYPE=cell:+48 501 234 567\n"
    "ADR;TYPE=home:;;ul. Lipowa 14 m. 3;Lublin;;20-020;Polska\nBDAY:1984-05-17\nEND:VCARD"
)
LDIF = (
    "dn: cn=Lena Fischbach,ou=people,dc=example,dc=org\nobjectClass: inetOrgPerson\ncn: Lena Fischbach\n"
    "sn: Fischbach\nmobile: 0171 5558123\nhomePostalAddress: Gartenweg 12$79098 Freiburg\n"
)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            VCARD,
            ["Marta Kowalczyk", "Kowalczyk", "501 234 567", "ul. Lipowa 14 m. 3", "Lublin", "20-020", "1984-05-17"],
        ),
        ("\n".join("+" + line for line in VCARD.split("\n")), ["Lublin", "ul. Lipowa 14 m. 3", "1984-05-17"]),
        ("\n".join("  " + line for line in VCARD.split("\n")), ["Lublin", "Marta Kowalczyk"]),
        ('{"contact": ' + __import__("json").dumps(VCARD) + "}", ["Lublin", "ul. Lipowa 14 m. 3", "1984-05-17"]),
        # (a folded line continues its property's value: RFC 6350 3.2)
        (
            "BEGIN:VCARD\nVERSION:3.0\nFN:Ole Brandt\nTEL:040 55 23 91\n"
            "ADR;TYPE=HOME:;;Am Ha\n fen 3;Kiel;;;\nEND:VCARD",
            ["fen 3", "Kiel"],
        ),
        # (an unescaped `;` in the street: the postcode is the seventh component, the country the last)
        (
            "BEGIN:VCARD\nVERSION:3.0\nFN:Ole Brandt\n"
            "ADR;TYPE=home:;;Hafenstr. 3; Hinterhaus;Kiel;;24103;Germany\nEND:VCARD",
            ["Hafenstr. 3", "Hinterhaus", "Kiel", "24103"],
        ),
        (LDIF, ["Lena Fischbach", "Fischbach", "0171 5558123", "Gartenweg 12", "Freiburg"]),
        ("\n".join("+" + line for line in LDIF.split("\n")), ["Lena Fischbach", "Gartenweg 12"]),
        ('{"entry": ' + __import__("json").dumps(LDIF) + "}", ["Lena Fischbach", "Gartenweg 12"]),
        ("dn: uid=lf\nobjectClass: person\nstreet:: R2FydGVud2VnIDEy\nl: Freiburg\n", ["R2FydGVud2VnIDEy", "Freiburg"]),
        # (no object class listed: a person-only attribute, or a name-shaped cn)
        ("dn: uid=g7\nsn: Halvorsen\ncn: Greta Halvorsen\nl: Bergen\n", ["Halvorsen", "Bergen"]),
        ("dn: uid=u1042,ou=staff,dc=example,dc=net\ncn: Greta Halvorsen\nemployeeNumber: 77", ["Greta Halvorsen"]),
    ],
)
def test_contact_card_fields_go(checks: Checks, text: str, values: list[str]) -> None:
    out = checks.redacted(text)
    for v in values:
        assert v not in out, (v, out)


def test_contact_card_keeps_its_structure_and_country(checks: Checks) -> None:
    out = checks.redacted(VCARD)
    assert out.startswith("BEGIN:VCARD\nVERSION:4.0\nFN:[REDACTED:")
    assert out.endswith(";Polska\nBDAY:[REDACTED:date_of_birth:" + out.split("BDAY:[REDACTED:date_of_birth:")[1])
    assert "\nTEL;TYPE=cell:[REDACTED:phone:" in out


@pytest.mark.parametrize(
    "text",
    [
        # (a desk's card: a name and a note, no contact property)
        "BEGIN:VCARD\nVERSION:4.0\nFN:Release Desk\nNOTE:ask in the channel\nEND:VCARD",
        # (developer text about the formats: property names in prose, an LDAP filter, a schema line)
        "the ADR property has seven components; TEL and EMAIL may repeat",
        'ldapsearch -b "ou=people,dc=example,dc=org" "(objectClass=inetOrgPerson)" cn mail',
        "in LDAP the l attribute is the locality and st the state (RFC 4519)",
        # (LDAP configuration, groups, roles and service accounts: no person's entry)
        "dn: cn=config\nobjectClass: olcGlobal\ncn: config\nolcThreads: 8",
        "dn: olcDatabase={2}mdb,cn=config\nchangetype: modify\nreplace: olcSuffix\nolcSuffix: dc=example,dc=net",
        "dn: cn=ops,ou=groups,dc=example,dc=net\nobjectClass: groupOfNames\ncn: ops\nmember: uid=svc,dc=x",
        "dn: cn=backup,dc=example,dc=net\nobjectClass: organizationalRole\ncn: backup\nl: 2\nst: idle",
        "  dn: cn=auditors,ou=roles,dc=corp\n  cn: auditors\n  st: enabled\n  l: 7",
        # (a card's template or the code that writes one: placeholders and expressions, no values)
        "BEGIN:VCARD\nVERSION:3.0\nFN:{{ member.display_name }}\nTEL:{{ member.mobile }}\nEND:VCARD",
        "BEGIN:VCARD\nVERSION:4.0\nFN:${FULL_NAME}\nEMAIL:${MAIL}\nTEL:${TEL}\nEND:VCARD",
        'out = [\n  "BEGIN:VCARD",\n  "FN:" + person.name,\n  "TEL:" + person.tel,\n  "END:VCARD",\n]',
        # (an organisation's or a group's card: RFC 6350 KIND)
        "BEGIN:VCARD\nVERSION:4.0\nKIND:org\nFN:Northwind Helpdesk\nURL:https://northwind.example\nEND:VCARD",
    ],
)
def test_contact_card_developer_text_stays(checks: Checks, text: str) -> None:
    checks.kept(text)


def test_contact_cards_linear() -> None:
    from persona_pipeline.core.evidence.redaction import contact_cards

    card = "BEGIN:VCARD\nFN:A B\nTEL:1\nADR:;;x;y;;;\nEND:VCARD\ndn: cn=A,dc=x\ncn: A\nl: y\n\n"
    assert_linear(lambda t: list(contact_cards.contact_card_spans(t)), lambda n: card * n, 2000)
    # (an unterminated card: each is read within its bounded reach)
    open_card = "BEGIN:VCARD\nNOTE:x\n"
    assert_linear(lambda t: list(contact_cards.contact_card_spans(t)), lambda n: open_card * n, 2000)


# --- 3. a contacts table: its street column, and the town beside a street taken


CONTACTS_CSV = (
    "Name,Birthday,Phone 1 - Value,Address 1 - Street,Address 1 - City\n"
    'Ole Brandt,1979-03-02,040 55 23 91,"Am Hafen 3, Hinterhaus",24103 Kiel\n'
)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (CONTACTS_CSV, ["Ole Brandt", "1979-03-02", "55 23 91", "Am Hafen 3", "Hinterhaus", "Kiel"]),
        ("\n".join("+" + line for line in CONTACTS_CSV.split("\n")), ["Am Hafen 3", "Kiel", "1979-03-02"]),
        (
            '{"n": "First Name,Last Name,Mobile Phone,Home Street,Home City,Home Postal Code\\n'
            'Ines,Varga,+36 30 555 1234,Fo utca 12,Szeged,6720"}',
            ["Fo utca 12", "Szeged", "6720", "555 1234"],
        ),
        # (a JSON list of the table's lines, a notebook's source: quotes escaped inside each string)
        (
            '  "source": [\n    "Name,Birthday,Address 1 - Street,Address 1 - City\\n",\n'
            '    "Irena Sadowska,1971-04-09,\\"Kwiatowa 8, lok. 2\\",61-001 Poznan"\n  ]',
            ["Irena Sadowska", "1971-04-09", "Kwiatowa 8", "Poznan"],
        ),
    ],
)
def test_contacts_table_cells_go(checks: Checks, text: str, values: list[str]) -> None:
    out = checks.redacted(text)
    for v in values:
        assert v not in out, (v, out)


@pytest.mark.parametrize(
    "text",
    [
        "host,address,port\ndb1,10.0.0.5,5432\ncache,redis.internal,6379\n",
        # (no house number: a street's name is no home)
        "office,street,city\nhq,Market Street,Leeds\n",
        "ip_address,mac_address,location\n10.1.2.3,aa:bb:cc:dd:ee:ff,rack 4\n",
        # (prose is no header row, a street word inside an identifier no street column)
        "Inputs: street address, city, zip\nrenamed 2 flags, dropped 4 tests, fixed lint",
        "We store the street address, the city and the region.\nIt took 3 days, then 2 more, then review.",
        "metric,street_lamps,status\npoles 4,lit in 12 zones,ok\n",
        # (a count in a street column is no street: no name word)
        "cell,street,notes\nB7,3 lamps,fix\n",
    ],
)
def test_contacts_table_look_alikes_stay(checks: Checks, text: str) -> None:
    checks.kept(text)


def test_contacts_table_towns_only_beside_people(checks: Checks) -> None:
    # (a street table of depots, no person in its rows: the towns stay, whatever the street does)
    assert "Gdansk" in checks.redacted("depot,street,city\nD1,Harbour Road 9,Gdansk\n")
    assert "Gdansk" not in checks.redacted("name,street,city\nIrena Sadowska,Harbour Road 9,Gdansk\n")


# --- 4. Nostr keys (NIP-19, checksum verified), wallet connections (NIP-47), Kong Konnect tokens

NSEC = "nsec1empxvkm40azzeqxy9haxd4mwhlrxcn0vtwkj5t8s588ptzgrm95q273rfy"  # (this file's own key)
NWC = "nostr+walletconnect://" + "3f" * 32 + "?relay=wss%3A%2F%2Frelay.example.net&secret=" + "a7c1" * 16


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"my nostr key, keep it safe: {NSEC}", NSEC),
        (f'{{"sk": "{NSEC}"}}', NSEC),
        (f"connect the app with {NWC} tonight", NWC[40:]),
        (f"const c = new NWC({{ url: '{NWC}' }})", "a7c1a7c1a7c1"),
        ("export KONNECT_TOKEN=kpat_" + "Qm7tR2xw9LpZ4kV8nB3cD6fH1jS5gU0yE2aW7qT4rX9" + "\n", "Qm7tR2xw9LpZ4kV8"),
        ("token spat_" + "Hx4Kp9Ww2Lq7Zr3Tm8Vn5Bc1Yd6Fg0Js4Ea2Ru9Oi3" + " was leaked", "Hx4Kp9Ww2Lq7Zr3T"),
    ],
)
def test_nostr_and_kong_secrets_go(checks: Checks, text: str, value: str) -> None:
    checks.gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        # (one character changed: the bech32 checksum fails)
        f"nsec1 looks like {NSEC[:-1]}x in the docs",
        # (a public key is no secret; a URI without its secret connects nothing)
        "npub1empxvkm40azzeqxy9haxd4mwhlrxcn0vtwkj5t8s588ptzgrm95qabcdef",
        "nostr+walletconnect://" + "3f" * 32 + "?relay=wss%3A%2F%2Frelay.example.net",
    ],
)
def test_nostr_look_alikes_stay(checks: Checks, text: str) -> None:
    checks.kept(text)


def test_nostr_linear() -> None:
    from persona_pipeline.core.evidence.redaction import nostr_keys

    line = f"{NSEC[:-1]}q nostr+walletconnect://{'ab' * 32}?relay=x&y=z\n"
    assert_linear(lambda t: list(nostr_keys.nostr_spans(t)), lambda n: line * n, 2000)


# --- 5. street lines of more countries' grammars (after a residence or delivery cue)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # (a dash after the town is no town word: the fold's DEL stood for it)
        ("new home of Olga: Leoforos Amalias 41, 105 58 Athina — updated in the sheet", ["Amalias 41", "Athina"]),
        ("deliver to: Olga Berg, Odos Athinas 12, 105 51 Athina (back door)", ["Athinas 12", "105 51 Athina"]),
        ("home address: Str. Lalelelor nr. 5, bl. 2, ap. 11, 500123 Brasov", ["Lalelelor", "ap. 11", "Brasov"]),
        ("I moved to Hietalahdenkatu 9 B 12, 00180 Helsinki last month", ["9 B 12", "Helsinki"]),
        ("deliver to Blk 215 Bedok North St 1 #05-22, Singapore 460215 please", ["Bedok North", "460215"]),
        ("Blk 12 Jurong West St 52, Singapore 640012", ["Jurong West", "640012"]),
        # (a Haskell string's decimal escape decodes to a control character: no cut of the town)
        (
            'h = "new address is Calle Olmo 14, Int. 2, Col. Centro, Ju\\225rez, 06000 Ciudad de M\\233xico"',
            ["Olmo 14", "06000", "Ciudad de M"],
        ),
        # (the addressee first, then a street with no type word)
        ("shipping to: Ana Novak, Ilica 12, 10000 Zagreb; gift wrap", ["Ilica 12", "Zagreb"]),
        ("Ship to: Petr Dvorak, U Lesa 10/3, 120 00 Praha 2", ["U Lesa 10/3", "Praha"]),
    ],
)
def test_street_lines_go(checks: Checks, text: str, values: list[str]) -> None:
    out = checks.redacted(text)
    for v in values:
        assert v not in out, (v, out)


@pytest.mark.parametrize(
    "text",
    [
        "Block 2 Phase 3 of the migration is done",
        "see Str. 5 of the spec",
        "the Odos test runs in 41 ms",
        "build 4 B 12 failed",
        # (an English `Block`, an issue range; `Str.` without a postal tail or a label)
        "Block 5 Deploy #12-15 went out",
        "Blk 3 Row 2 #4-5",
        "Str. Alpha nr. 2 in the fixtures",
    ],
)
def test_street_look_alikes_stay(checks: Checks, text: str) -> None:
    checks.kept(text)


# --- 6. values that name nobody living: drama numbers, people long dead


def test_drama_ranges_read_exactly() -> None:
    from persona_pipeline.core.evidence.redaction.public_people import drama_number

    def check(t: str) -> bool:
        return drama_number(t, 0, len(t))

    assert check("07700 900456") and check("+44 7700 900811") and check("0161 496 0123") and check("(08) 5550 4321")
    assert check("+61 491 570 157") and check("01632 960 001")
    assert not check("07700 901456") and not check("0161 497 0123") and not check("+61 491 570 160")
    assert not check("+1 7700 900811")


@pytest.mark.parametrize(
    "text",
    [
        # (a lifespan or a birth year over 120 years ago, directly after the name)
        '{"composer": "Johann Sebastian Bach (1685–1750)"}',
        "the proof of Carl Friedrich Gauss (1777-1855) is in chapter 2",
        "notes by Ada Lovelace (b. 1815) on the engine",
        "Emmy Noether (born 1882) proved it",
    ],
)
def test_nobody_living_stays(checks: Checks, text: str) -> None:
    checks.kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # (drama ranges are redacted too: the project's tests and leak scan use them as a person's)
        ("call me on 07700 900456 tonight", "900456"),
        ("call me on 07700 901456 tonight", "901456"),
        # (a recent span of years: a living person's tenure)
        ("ask Tom Okafor (2019-2024) about the billing rewrite", "Okafor"),
        # (the writer's own family, however long ago)
        ("my great-grandmother Anna Kowalczyk (1890-1961) came from Lodz", "Kowalczyk"),
        # (an old date or number shape elsewhere on the line says nothing about the name)
        ("Lena Brandt set retries to 4 workers 1450 ms apart", "Brandt"),
        ("Omar Haddad fixed the 1899-12-30 serial-date offset", "Haddad"),
        ("Kai Lindqvist: created_at defaults to 1900-01-01, please check", "Lindqvist"),
        ("Nora Fischer wrote up the battle of Hastings (14 Oct 1066) for the quiz app", "Fischer"),
        ('{"name": "Hugo Lambert", "born": "1571-12-27"}', "Lambert"),
        ("Rosa Petit, née le 07.11.1867 à Lyon", "Petit"),
        ("Rosa Petit (born 1901-01-01 per the import) joined today", "Petit"),
        # (clock times and spans no life lasts are no lifespan)
        ("support rota: Lena Brandt (1600-1700), Omar Haddad (0900-1200)", "Brandt"),
        ("support rota: Lena Brandt (1600-1700), Omar Haddad (0900-1200)", "Haddad"),
        ("Kai Lindqvist (1000-1800) on the desk", "Lindqvist"),
        # (a quotation's byline is a colleague's as often as an author's: never kept)
        ('"merge it once CI is green" — Priya Raman', "Raman"),
        ('"the cache is stale again" (Lena Brandt)', "Brandt"),
        ('> "can we move standup to 10?" -- Omar Haddad', "Haddad"),
        ('c0ffee1 Revert "drop the retry loop" (Kai Lindqvist)', "Lindqvist"),
        # (a conversational attribution, and a dash byline that goes on: a colleague's words)
        ('as Priya Raman said: "we ship on Friday"', "Raman"),
        ('"done" — Priya Raman will review it', "Raman"),
    ],
)
def test_living_people_still_go(checks: Checks, text: str, value: str) -> None:
    checks.gone(text, value)


def test_long_dead_keep_vetoed_when_its_sign_is_redacted() -> None:
    from persona_pipeline.core.evidence.redaction.redactor import _dead_vetoed
    from persona_pipeline.core.evidence.redaction.spans import Span

    text = "Ada Lovelace (b. 1815) wrote it"
    name = Span(0, 12, "person_name")
    year = Span(text.index("1815"), text.index("1815") + 4, "date_of_birth")
    assert _dead_vetoed(text, [name], [year]) == [name]
    assert _dead_vetoed(text, [name], []) == []
    assert _dead_vetoed(text, [name], [Span(23, 28, "phone")]) == []


@pytest.mark.parametrize(
    "text",
    [
        "customer Rosa Petit, dob placeholder 01/01/1900, needs a real one",
        "Rosa Petit, born 01/01/1900",
        "Rosa Petit (born 1890) and Rosa Petit, born 01/01/1890",
    ],
)
def test_names_beside_old_birth_dates_idempotent(checks: Checks, text: str) -> None:
    assert "Petit, " not in checks.redacted(text)


# --- 7. a letter's address block, above its date and salutation

LETTER = "Ana Novak\nIlica 12\n10000 Zagreb\n\n03.03.2026\n\nTo whom it may concern,\nplease cancel my contract."


@pytest.mark.parametrize(
    "text",
    [
        LETTER,
        "\n".join("+" + line for line in LETTER.split("\n")),
        '{"note": ' + __import__("json").dumps(LETTER) + "}",
        "Jan de Vries\nKeizersgracht 5\n1015 CJ Amsterdam\n\nGeachte heer, mevrouw,\nik schrijf u over mijn huur.",
    ],
)
def test_letter_block_goes(checks: Checks, text: str) -> None:
    out = checks.redacted(text)
    for v in ("Novak", "Ilica 12", "Zagreb", "de Vries", "Keizersgracht 5", "Amsterdam"):
        assert v not in out, (v, out)
    assert "To whom it may concern" in out or "Geachte" in out


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # (DIN 5008: the addressee's block, the date on the right, then `Sehr geehrte…`)
        (
            "Jonas Weber\nLindenweg 7\n04109 Leipzig\n\n                Leipzig, 2. März 2026\n\n"
            "Sehr geehrte Damen und Herren,\nanbei die Unterlagen.",
            ["Jonas Weber", "Lindenweg 7", "04109"],
        ),
        # (a US block, no date, a state and ZIP code)
        ("Carla Diaz\n88 Birch Hollow\nAustin, TX 78701\n\nDear Ms. Diaz,\nthanks", ["Carla Diaz", "78701"]),
    ],
)
def test_letter_layouts_go(checks: Checks, text: str, values: list[str]) -> None:
    out = checks.redacted(text)
    for v in values:
        assert v not in out, (v, out)


@pytest.mark.parametrize(
    "text",
    [
        "Thanks all,\nPlatform Team\nBuild 42\n\nDear reviewers, see above",
        "## Release 2.4\nDocs moved\n\nDear contributors,\nthanks",
        # (prose right above the salutation: no block)
        "see section 4 below\nDear team, the patch is merged",
        # (a title above a numbered line: no person's name, no postcode or street)
        "Rollout Plan\nPhase 2 Canary\n\nDear all,\nstarting now",
        "Incident Review\nSev 2 Outage\n\n2026-11-30\n\nHej team,\nnotes below",
        "Storage Cluster\nShelf 4 Bay 11\n\nLiebe Kollegen,\nbitte prüfen",
    ],
)
def test_letter_look_alikes_stay(checks: Checks, text: str) -> None:
    checks.kept(text)


def test_letter_blocks_linear() -> None:
    from persona_pipeline.core.evidence.redaction import letter_blocks

    assert_linear(lambda t: list(letter_blocks.letter_block_spans(t)), lambda n: (LETTER + "\n") * n, 2000)
    assert_linear(lambda t: list(letter_blocks.letter_block_spans(t)), lambda n: "Dear x\n" * n, 4000)
