"""Questions in other languages: interrogative particles, pronouns and word orders.

A question asks; it states no rule (`reading.is_question` for English). A wh-word is counted only
where the language puts it first in a direct question and it has no homonymous conjunction
(Russian как/что/когда and French quand also subordinate; Chinese wh-words stay in place and
also head embedded clauses, so only particles and the A-not-A form count there). Chinese 吧
closes a suggestion, not a question.
"""

from __future__ import annotations

from persona_pipeline.persona.digest.tongues import sources as S
from persona_pipeline.persona.digest.tongues.markers import Marker

# at the end of the sentence (its closing punctuation removed)
FINAL: tuple[Marker, ...] = (
    # 么 as a variant of 吗, not the end of 什么/怎么/这么/那么/多么 (an embedded wh-word)
    Marker("zh", ("吗", "(?<!什|怎|这|那|多|要)么", "呢"), S.ZH, bound=True, at="end"),
    Marker("ja", ("か", "かな", "かね"), S.JA, bound=True, at="end"),
    # interrogative sentence enders: -(스)ㅂ니까, -(으)ㄹ까(요), -니, -냐, -나요, -가요
    Marker("ko", ("까", "까요", "니", "냐", "나요", "가요"), S.KO, bound=True, at="end"),
)

# anywhere in the sentence
ANY: tuple[Marker, ...] = (
    # the A-not-A question ("好不好", "有没有", "能不能"); 难道 opens a rhetorical question
    Marker("zh", (r"(?P<anota>[\u4e00-\u9fff])[不没](?P=anota)", "难道"), S.ZH, bound=True),
    Marker("es", ("¿",), S.ES, bound=True),  # the inverted mark opens a question
    Marker("ru", ("ли",), S.RU),  # the interrogative clitic ("есть ли", "можно ли")
    # a verb inverted with a subject pronoun: "peux-tu", "a-t-il", "pouvez-vous"
    Marker("fr", (r"\w-(?:t-)?(?:tu|vous|il|elle|ils|elles|on|je)(?!\w)",), S.FR, bound=True),
    Marker("hi", ("क्यों", "कैसे", "कहाँ", "कहां", "कब", "कौन", "कौनसा", "कितना", "कितनी", "कितने"), S.HI),
)

# opening the sentence
INITIAL: tuple[Marker, ...] = (
    # the written accent marks the interrogative ("qué", not the conjunction "que")
    Marker(
        "es",
        (
            "qué",
            "cuál",
            "cuáles",
            "quién",
            "quiénes",
            "cómo",
            "dónde",
            "adónde",
            "cuándo",
            "cuánto",
            "cuántos",
            "por qué",
        ),
        S.ES,
        at="start",
    ),
    Marker(
        "pt",
        (
            "por que",
            "por quê",
            "quem",
            "qual",
            "quais",
            "será que",
            "quanto",
            "quantos",
            "quantas",
        ),
        S.PT,
        at="start",
    ),
    Marker(
        "fr",
        (
            "est-ce que",
            "est-ce qu",
            "qu'est-ce",
            "pourquoi",
            "comment",
            "combien",
            "quel",
            "quelle",
            "quels",
            "quelles",
            "où",
        ),
        S.FR,
        at="start",
    ),
    # a w-word, or a finite auxiliary or modal before its subject (verb-first: a yes/no question)
    Marker(
        "de",
        (
            "warum",
            "wieso",
            "weshalb",
            "weswegen",
            "wer",
            "wem",
            "wen",
            "wann",
            "woher",
            "wohin",
            "welche",
            "welcher",
            "welches",
            "welchen",
            "was für",
            r"(?:kannst|könntest|kann|können|könnten|hast|hat|haben|ist|sind|bist|gibt|war|wird|wirst|willst|soll|sollen|"
            r"sollte|muss|müssen|darf|darfst|dürfen)\s+(?:du|sie|ihr|es|das|die|der|den|man|wir|ich)",
        ),
        S.DE,
        at="start",
    ),
    Marker(
        "ru",
        (
            "почему",
            "зачем",
            "где",
            "куда",
            "откуда",
            "кто",
            "сколько",
            "разве",
            "неужели",
            "какой",
            "какая",
            "какое",
            "какие",
        ),
        S.RU,
        at="start",
    ),
    Marker("hi", ("क्या",), S.HI, at="start"),  # the yes/no question particle
)
