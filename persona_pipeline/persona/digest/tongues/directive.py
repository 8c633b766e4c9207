"""Directive force in other languages: prohibitives, modals of obligation and habitual adverbs.

These give a sentence explicit force (strength 1.0), as "don't …", "must …" and "always …" do in
English (`reading._clause_force`); a sentence without them stays a weak statement confirmed only
by recurrence. Polite request markers alone ("please", 请, bitte) are no force in English and
none here.
"""

from __future__ import annotations

from persona_pipeline.persona.digest.tongues import sources as S
from persona_pipeline.persona.digest.tongues.markers import Marker

# a negative imperative: "don't …"
PROHIBITIVE: tuple[Marker, ...] = (
    Marker(
        "zh",
        (
            "(?<!特|区|分|类|级|识|个|性|差|告|道)别(?!的|人|处|名)",
            "不要",
            "不许",
            "不准",
            "不用",
            "不必",
            "勿",
            "禁止",
            "甭",
        ),
        S.ZH,
        bound=True,
    ),
    # -ないで(ください), dictionary form + sentence-final な, -てはいけない, -ちゃだめ, 禁止
    Marker(
        "ja", ("ないで", "てはいけない", "ではいけない", "ちゃだめ", "てはだめ", "禁止", "ないこと"), S.JA, bound=True
    ),
    Marker("ja", ("[うくぐすつぬぶむる]な",), S.JA, bound=True, at="end"),
    Marker("ko", (r"지\s?(?:마|말)(?!지막)", "금지"), S.KO, bound=True),
    # the negative imperative is a negator opening the clause before a (subjunctive) verb
    Marker("es", ("no", "nunca", "jamás", "prohibido"), S.ES, at="start"),
    Marker("pt", ("não", "nunca", "jamais", "proibido"), S.PT, at="start"),
    Marker("fr", ("ne", "jamais", "pas de", "interdit de"), S.FR, at="start"),
    Marker("fr", (r"^n'(?=\w)",), S.FR, bound=True),
    Marker(
        "de",
        (
            "kein",
            "keine",
            "keinen",
            "nie",
            "niemals",
            "nicht",
            "bitte nicht",
            "bitte kein",
            "bitte keine",
            "auf keinen fall",
        ),
        S.DE,
        at="start",
    ),
    Marker("ru", ("не", "никогда не", "нельзя", "не надо", "не нужно", "запрещено"), S.RU, at="start"),
    Marker("hi", ("मत",), S.HI),  # the prohibitive particle (with the imperative)
)

# a modal of obligation or advice: "must", "should", "have to", "need to"
OBLIGATION: tuple[Marker, ...] = (
    Marker("zh", ("必须", "应该", "应当", "务必", "一定要", "得要", "需要", "最好"), S.ZH, bound=True),
    Marker(
        "ja",
        ("べき", "なければならない", "なければいけない", "なきゃ", "ないといけない", "なくてはいけない", "必要がある"),
        S.JA,
        bound=True,
    ),
    # -아야/-어야 하다 "must", -(으)십시오 (formal imperative)
    Marker("ko", (r"야\s?(?:해|하|돼|되|할)", "십시오"), S.KO, bound=True),
    Marker(
        "es",
        (
            "debe",
            "debes",
            "deben",
            "debemos",
            "debería",
            "deberías",
            "hay que",
            "tienes que",
            "tiene que",
            "tenemos que",
            "tienen que",
            "es necesario",
            "hace falta",
        ),
        S.ES,
    ),
    Marker(
        "pt",
        (
            "deve",
            "deves",
            "devem",
            "devemos",
            "deveria",
            "tem que",
            "tem de",
            "temos que",
            "é preciso",
            "precisa",
            "precisamos",
        ),
        S.PT,
    ),
    Marker("fr", ("il faut", "faut", "doit", "dois", "doivent", "devons", "devez", "devrait", "devrais"), S.FR),
    Marker(
        "de",
        ("muss", "musst", "müssen", "müsst", "soll", "sollst", "sollen", "sollt", "sollte", "solltest", "sollten"),
        S.DE,
    ),
    Marker(
        "ru",
        (
            "должен",
            "должна",
            "должно",
            "должны",
            "нужно",
            "надо",
            "необходимо",
            "следует",
            "обязательно",
        ),
        S.RU,
    ),
    Marker("hi", ("चाहिए", "ज़रूरी", "जरूरी", "अवश्य"), S.HI),
)

# adverbs of frequency and universal scope: "always", "never", "every time", "by default"
HABITUAL: tuple[Marker, ...] = (
    Marker(
        "zh",
        (
            "总是",
            "一直",
            "永远",
            "每次",
            "每回",
            "始终",
            "从不",
            "从来",
            "向来",
            "一律",
            "一向",
            "通常",
            "默认",
            "凡是",
            "任何",
            "所有",
        ),
        S.ZH,
        bound=True,
    ),
    Marker(
        "ja",
        ("いつも", "常に", "必ず", "毎回", "絶対", "決して", "基本的に", "原則", "デフォルトで", "すべて", "全て"),
        S.JA,
        bound=True,
    ),
    Marker(
        "ko", ("항상", "언제나", "늘", "매번", "절대", "절대로", "반드시", "꼭", "무조건", "기본적으로", "모든"), S.KO
    ),
    Marker(
        "es",
        (
            "siempre",
            "nunca",
            "jamás",
            "cada vez",
            "por defecto",
            "en general",
            "cada",
            "cualquier",
            "todos los",
            "todas las",
        ),
        S.ES,
    ),
    Marker(
        "pt",
        (
            "sempre",
            "nunca",
            "jamais",
            "toda vez",
            "cada vez",
            "por padrão",
            "em geral",
            "cada",
            "qualquer",
            "todos os",
            "todas as",
        ),
        S.PT,
    ),
    Marker(
        "fr",
        (
            "toujours",
            "jamais",
            "chaque fois",
            "par défaut",
            "en général",
            "chaque",
            "tous les",
            "toutes les",
            "n'importe",
        ),
        S.FR,
    ),
    Marker(
        "de",
        (
            "immer",
            "stets",
            "nie",
            "niemals",
            "jedes mal",
            "jedesmal",
            "grundsätzlich",
            "standardmässig",  # casefolded "standardmäßig"
            "generell",
            "jeder",
            "jede",
            "jedes",
            "jeden",
            "jedem",
            "sämtliche",
        ),
        S.DE,
    ),
    Marker(
        "ru",
        (
            "всегда",
            "никогда",
            "каждый раз",
            "по умолчанию",
            "обычно",
            "каждый",
            "каждая",
            "каждое",
            "каждые",
            "любой",
            "любые",
        ),
        S.RU,
    ),
    Marker("hi", ("हमेशा", "सदा", "हर बार", "कभी नहीं", "कभी भी", "हर", "सभी"), S.HI),
    # the languages whose demonstratives `deixis` reads: each grammar's adverbs of "always", "never",
    # "every time", "usually" and its distributive "every" (forms that are English words left out:
    # Italian "mai", Swedish "alla", Danish "alle"),
    # so that a habit scoped by a demonstrative ("in this repo always …") keeps its force
    Marker("it", ("sempre", "ogni volta", "di solito", "ogni", "qualsiasi", "qualunque"), S.IT),
    Marker(
        "pl",
        (
            "zawsze",
            "nigdy",
            "za każdym razem",
            "zwykle",
            "domyślnie",
            "każdy",
            "każda",
            "każde",
            "każdego",
            "każdej",
            "każdą",
            "każdym",
            "wszystkie",
        ),
        S.PL,
    ),
    Marker("sv", ("alltid", "aldrig", "varje gång", "vanligtvis", "som standard", "varje"), S.SV),
    Marker("da", ("altid", "aldrig", "hver gang", "normalt", "som standard", "hver", "hvert"), S.DA),
    Marker(
        "cs",
        (
            "vždy",
            "vždycky",
            "nikdy",
            "pokaždé",
            "obvykle",
            "každý",
            "každá",
            "každé",
            "každého",
            "každou",
            "každém",
            "každému",
            "všechny",
        ),
        S.CS,
    ),
    Marker("hu", ("mindig", "soha", "sosem", "minden alkalommal", "általában", "alapértelmezetten", "minden"), S.HU),
    Marker(
        "uk",
        (
            "завжди",
            "ніколи",
            "щоразу",
            "зазвичай",
            "кожен",
            "кожна",
            "кожне",
            "кожного",
            "кожної",
            "кожній",
            "кожну",
            "кожним",
            "кожному",
            "усі",
            "всі",
        ),
        S.UK,
    ),
    Marker("he", ("תמיד", "אף פעם", "לעולם", "כל פעם", "בכל פעם", "בדרך כלל", "כל", "לכל", "בכל"), S.HE),
    Marker(
        "ro",
        ("întotdeauna", "mereu", "niciodată", "de fiecare dată", "de obicei", "fiecare", "orice", "oricare"),
        S.RO,
    ),
)

# "first" before the act: a procedure to follow ("write the test first"), as English "first"
PROCEDURE: tuple[Marker, ...] = (
    Marker("zh", ("先(?!这样|这么|别|不)", "首先"), S.ZH, bound=True, at="start"),
    Marker("ja", ("まず", "先に", "最初に"), S.JA, bound=True),
    Marker("ko", ("먼저", "우선"), S.KO, bound=True),
    Marker("es", ("primero", "antes de"), S.ES),
    Marker("pt", ("primeiro", "antes de"), S.PT),
    Marker("fr", ("d'abord", "avant de"), S.FR),
    Marker("de", ("zuerst", "vorher", "bevor"), S.DE),
    Marker("ru", ("сначала", "сперва", "прежде чем"), S.RU),
    Marker("hi", ("पहले",), S.HI),
)

# what marks a clause's subject as one definite thing: a nominative case particle (Japanese が,
# Korean 이/가, as against the topic particles は/은/는 rules are stated with) or a clause-opening
# definite article. A habitual adverb after it describes how that thing behaves, as English's
# "the X always …" does (`reading._one_off`: "description").
DEFINITE_SUBJECT: tuple[Marker, ...] = (
    Marker("ja", (r"\S+が",), S.JA, bound=True),
    Marker("ko", (r"\S+[이가]",), S.KO, bound=True, at="end"),
    Marker("es", ("el", "la", "los", "las"), S.ES, at="start"),
    Marker("pt", ("o", "os"), S.PT, at="start"),
    Marker("fr", ("le", "la", "les"), S.FR, at="start"),
    Marker("fr", (r"^l'(?=\w)",), S.FR, bound=True),
)

# what a subject does or is, after a habitual adverb with the subject before it, as English's
# "the X always puts …" (`reading._HABIT_3SG`) and "… is always slow": a finite verb of the third
# person present (Russian -ет/-ит, -ут/-ят …; the imperative ends in -и/-й/-ь, the first person in
# -ю/-у, -ем/-им), or a degree adverb, which a Chinese adjectival predicate takes (很慢 "is slow")
THIRD_PERSON_VERB: tuple[Marker, ...] = (
    Marker("zh", ("很", "太", "非常", "特别", "比较", "挺"), S.ZH, bound=True, at="start"),
    Marker("ru", (r"\w+(?:ет|ёт|ит|ут|ют|ат|ят)(?!\w)",), S.RU, bound=True, at="start"),
)
