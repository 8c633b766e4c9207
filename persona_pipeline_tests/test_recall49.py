"""Recall of preferences restated in other words around the one thing they are about (issue 15):
wordings said once each, in different sessions, that share only a key term are one rule
(`persona/digest/key_terms.py`), and the look-alikes that must stay apart."""

from __future__ import annotations

import time

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest import key_terms
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Facet, Observation
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.fold import fold
from persona_pipeline.persona.pack import compile_pack


def _inp(unit: str, texts: list[str], day: int, project: str = "p1") -> DigestInput:
    ev = [
        EvidenceView(
            evidence_id=f"{unit}-{i}",
            tier=Tier.T2,
            kind="prompt",
            excerpt=t,
            timestamp=f"2026-10-{day:02d}T00:00:00Z",
            project=project,
            session_id=unit,
        )
        for i, t in enumerate(texts)
    ]
    return DigestInput(unit_key=unit, session_id=unit, project=project, evidence=ev)


def _pack(sessions: list[str], project: str = "p1") -> list[str]:
    """The pack's bullets for one sentence per session, each a day apart."""
    inputs = [_inp(f"s{i}", [t], i + 1, project) for i, t in enumerate(sessions)]
    obs = [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]
    return [b.text for b in compile_pack(fold(obs)).bullets]


# Each: two wordings of one preference, said in two sessions, sharing only the thing they are about,
# in a language other than English (general-English frequency lists none of its other words, so the
# lexical similarity alone leaves them apart).
RESTATED = [
    (
        [
            "Für Zustandsautomaten nehme ich immer XState, der Ablauf bleibt sichtbar.",
            "XState ist bei mir gesetzt, sobald ein Formular mehr als drei Schritte hat.",
        ],
        "xstate",
    ),
    (
        [
            "Jeg tegner alle flowdiagrammer i Excalidraw, så de er nemme at ændre.",
            "Excalidraw er mit foretrukne værktøj til arkitekturskitser.",
        ],
        "excalidraw",
    ),
    (
        [
            "Testy píšu v Hypothesis, najde chyby rychleji než ručně psané případy.",
            "Hypothesis je pro mě základní nástroj na ověřování parserů.",
        ],
        "hypothesis",
    ),
    (
        [
            "Tabelele de analiză le generez mereu cu Polars, merge mult mai repede.",
            "Polars e unealta mea de bază pentru prelucrarea datelor.",
        ],
        "polars",
    ),
    (
        [
            "Bilješke sa sastanaka s klijentima uvijek vodim u Obsidian trezoru, složene po datumu.",
            "Obsidian mi je glavni alat za sve što moram zapamtiti.",
        ],
        "obsidian",
    ),
    (
        [
            "A szekvenciadiagramokat mindig PlantUML segítségével rajzolom meg.",
            "A PlantUML a kedvenc eszközöm az architektúra leírásához, mert szövegként verziózható.",
        ],
        "plantuml",
    ),
]


@pytest.mark.parametrize(("sessions", "term"), RESTATED)
def test_a_preference_restated_around_its_key_term_recurs(sessions: list[str], term: str) -> None:
    bullets = _pack(sessions)
    assert len(bullets) == 1, bullets
    assert term in bullets[0].lower()


@pytest.mark.parametrize(("sessions", "term"), RESTATED)
def test_said_in_one_session_it_is_still_no_rule(sessions: list[str], term: str) -> None:
    inputs = [_inp("s1", sessions, 1)]
    obs = [o for r in OfflineDigester().digest_many(inputs) for o in r.observations]
    assert compile_pack(fold(obs)).bullets == []


@pytest.mark.parametrize(
    "sessions",
    [
        # English: two different rules about one service share its name (rev49c P1)
        ["keep the square access token out of the repo", "square should retry failed payments three times"],
        ["keep the stripe secret key out of the repo", "stripe should retry failed payouts three times"],
        # the same thing named, one wording for it and one against it: no restatement
        [
            "Für schnelle Skizzen im Team nehme ich gern Excalidraw, das geht fix.",
            "Kein Excalidraw in der offiziellen Dokumentation für Kunden, bitte.",
        ],
        # a word of another language that English does not list, written with diacritics
        [
            "Všechny testy pouštím v kontejneru s Pythonem.",
            "Všechny commity podepisuji klíčem z hardwarového tokenu.",
        ],
        # a bug report and a question about the thing, each said twice: neither is a rule
        [
            "the Excalidraw export crashed on the big diagram yesterday",
            "the Excalidraw export crashed on the big diagram yesterday",
        ],
        ["can you bump Excalidraw to the latest release?", "can you bump Excalidraw to the latest release?"],
        # pasted output, twice
        [
            "Error: Polars failed to parse column 'price' at row 12",
            "Error: Polars failed to parse column 'price' at row 12",
        ],
    ],
)
def test_look_alikes_stay_apart(sessions: list[str]) -> None:
    assert _pack(sessions) == []


@pytest.mark.parametrize(
    ("a", "b", "term"),
    [
        ("keep the square access token out of the repo", "square should retry failed payments", "square"),
        ("Für Skizzen nehme ich gern Excalidraw.", "Kein Excalidraw in der Dokumentation für Kunden.", "excalidraw"),
    ],
)
def test_the_guards_themselves(a: str, b: str, term: str) -> None:
    # (the pack-level look-alikes above may also stay apart for other reasons; these may not)
    assert not key_terms.agree(a, b, term)


def test_the_name_of_the_project_at_hand_is_no_key_term() -> None:
    # requests in the repository at hand share its name, which points at "here", not at a preference
    said = "Im larchfen-Importer protokolliere ich übersprungene Zeilen immer."
    assert "larchfen" not in key_terms.key_terms(said, "larchfen")
    assert "larchfen" not in key_terms.key_terms(said, "acme/larchfen")
    assert "larchfen" in key_terms.key_terms(said, "p1")
    # nor is a common word, or a word English does not list written with diacritics
    assert "come" not in key_terms.key_terms("We come to standup early.", "p1")
    assert not key_terms.key_terms("Všechny testy pouštím v kontejneru.", "p1") & {"všech", "všechny"}


def test_a_term_an_established_rule_holds_does_not_join_lone_wordings() -> None:
    # "polars" already names a rule said in two sessions: two other wordings naming it, once each,
    # are other rules about polars, not a restatement of each other
    sessions = [
        "always use polars for dataframes",
        "polars for every dataframe, please",
        "Polars e unealta mea de bază pentru prelucrarea datelor.",
        "Tabelele de analiză le generez mereu cu Polars, merge mult mai repede.",
    ]
    bullets = _pack(sessions)
    assert len(bullets) == 1 and "dataframe" in bullets[0].lower(), bullets


def _obs(i: int, statement: str, session: str) -> Observation:
    return Observation(
        observation_id=f"o{i}",
        unit_key=session,
        session_id=session,
        project="p1",
        evidence_ids=[f"e{i}"],
        timestamp=f"2026-10-01T00:00:{i % 60:02d}Z",
        model="offline",
        prompt_version="t",
        facet=Facet.STACK,
        statement=statement,
        tier=Tier.T2,
        strength=0.7,
        quote=statement,
    )


def test_key_term_linking_is_linear_in_the_groups_sharing_a_term() -> None:
    # thousands of lone wordings naming one tool, for and against it, each in its own session
    n = 3000
    groups = [
        [_obs(i, f"{'Nunca uses' if i % 2 else 'Siempre uso'} zqlite para exportar el libro{i} según el año", f"s{i}")]
        for i in range(n)
    ]
    t0 = time.monotonic()
    out = key_terms.link(groups)
    assert time.monotonic() - t0 < 30.0
    assert sum(len(g) for g in out) == n  # nothing lost
    assert len(out) < n // 10  # joined (for and against apart)


# A request bounded to one moment, in six more languages (their grammars' deictic adverbs of time,
# `tongues/deixis.py`): a one-off however often it is said.
@pytest.mark.parametrize(
    "text",
    [
        "Aggiorna il calendario delle mostre solo per oggi, perché è un'eccezione.",  # it: only for today
        "Wyłącz nocne kopie zapasowe na razie, serwer się przeładowuje.",  # pl: for now
        "Yedekleme görevini bu akşam elle çalıştır, otomatik olan bozuk.",  # tr: this evening
        "Κράτα το build σε debug προς το παρόν, θα το γυρίσουμε μετά.",  # el: for the time being
        "Tắt thông báo đẩy trên ứng dụng tối nay để mình kiểm tra.",  # vi: tonight
        "Kör migreringen på staging i kväll, inte på produktion.",  # sv: tonight
        "Sätt loggnivån till debug för tillfället, vi letar efter felet.",  # sv: for the moment
        # rev49c P7: Polish "to" (it, that) is also an English word; the markers are read beside it
        "To zrób dzisiaj, jutro będzie za późno.",  # pl: today
    ],
)
def test_a_request_for_one_moment_in_another_language_is_no_rule(text: str) -> None:
    assert _pack([text, text, text]) == []


@pytest.mark.parametrize(
    "sessions",
    [
        # the same languages' standing preferences, without a deictic of time, still recur
        ["Preferisco risposte brevi, senza riassunti finali.", "Preferisco risposte brevi, senza riassunti finali."],
        ["Zawsze pisz testy przed poprawką błędu.", "Zawsze pisz testy przed poprawką błędu."],
        ["İngilizce değişken adlarını tercih ederim.", "İngilizce değişken adlarını tercih ederim."],
        ["Γράφε πάντα τα σχόλια στα αγγλικά.", "Γράφε πάντα τα σχόλια στα αγγλικά."],
        ["Mình luôn viết commit bằng tiếng Anh.", "Mình luôn viết commit bằng tiếng Anh."],
        ["Skriv alltid commit-meddelanden på engelska.", "Skriv alltid commit-meddelanden på engelska."],
    ],
)
def test_standing_preferences_in_those_languages_stay_rules(sessions: list[str]) -> None:
    assert len(_pack(sessions)) == 1


@pytest.mark.parametrize(
    "text",
    [
        # rev49c P5: "chưa bao giờ" is "never (so far)", not "not yet"; "tills vidare" is also
        # "until further notice", a standing order
        "Tôi chưa bao giờ dùng tab, luôn dùng dấu cách.",
        "Mình chưa bao giờ thích ORM, mình luôn viết SQL thuần.",
        "Använd alltid tabbar för indrag tills vidare.",
    ],
)
def test_never_and_until_further_notice_are_no_one_moment(text: str) -> None:
    assert len(_pack([text, text])) == 1


def test_a_held_term_keeps_non_english_lone_wordings_apart() -> None:
    # rev49c P3: two lone wordings in another language naming a term an established group holds
    held = [_obs(0, "Polars je náš hlavní nástroj pro tabulky.", "s0"), _obs(1, "Polars je náš hlavní nástroj.", "s1")]
    lone = [
        [_obs(2, "Testy píšu v Polars, najde chyby rychleji.", "s2")],
        [_obs(3, "Polars mi ušetří čas při čištění dat.", "s3")],
    ]
    assert len(key_terms.link([held, *lone])) == 3
    assert len(key_terms.link(lone)) == 1  # without the established group they are one


# "do" as the main verb of "we don't …": a house convention, as "we don't use X" is (it was read as
# an auxiliary and the sentence had no force)
@pytest.mark.parametrize(
    "text",
    [
        "we don't do merge commits on the shared branches",
        "we don't do dark mode in any of our editors",
        "We don't do standups longer than ten minutes.",
        "we don't do cold brew at the café, only espresso",
        "we don't do hotfixes without a ticket",
        "we don't do tabs in YAML",
    ],
)
def test_we_dont_do_x_is_a_standing_habit(text: str) -> None:
    assert _pack([text]) == []  # said once: no rule yet
    bullets = _pack([text, text])
    assert len(bullets) == 1 and bullets[0].lower().startswith(text.lower().rstrip("."))


@pytest.mark.parametrize(
    "text",
    [
        "I don't do that",  # refers back
        "we don't do it",
        "I don't do so",
        "we don't do the release on friday",  # one event
        "I don't do much testing on weekends",  # how much, not a disposition against something
        # rev49c P6: admissions and self-descriptions with "I", amounts and manners with "we"
        "I don't do enough code review, I know",
        "I don't do a lot of documentation honestly",
        "I don't do anything clever with the sailing app",
        "I don't do mobile development",
        "we don't do enough code review",
        "we don't do well with long files",
    ],
)
def test_dont_do_pointing_back_or_at_one_event_is_no_rule(text: str) -> None:
    assert _pack([text, text]) == []
