"""Negators: the words and affixes that deny what a clause says (polarity).

Chinese and Japanese forms are bound (no spaces between words); a lexicalised word that merely
begins with a negator (不过 "but", 不同 "different", 非常 "very", 少ない "few") is excluded by a
lookahead or lookbehind, as a dictionary lists it as a word of its own.
"""

from __future__ import annotations

from persona_pipeline.persona.digest.tongues import sources as S
from persona_pipeline.persona.digest.tongues.markers import Marker

NEGATORS: tuple[Marker, ...] = (
    # 不 (general), 没/没有 (perfective/existential), 别/不要 (prohibitive), 勿/莫 (literary),
    # 甭 (colloquial "no need"), 无 "without", 非 "not be", 未 "not yet"
    Marker(
        "zh",
        (
            "(?<!不得)不(?!过|仅|同|错|断|久|管|论|然|如|得不)",
            "没(?!错)",
            "(?<!特|区|分|类|级|识|个|性|差|告|道)别(?!的|人|处|名)",
            "勿",
            "莫",
            "甭",
            "无(?!论)",
            "非(?!常)",
            "未(?!来)",
        ),
        S.ZH,
        bound=True,
    ),
    # -ない / -ません / -なかった (verbal negation), -ずに "without doing", 無し "without"
    Marker("ja", ("(?<!少|危)ない", "ません", "なかっ", "ずに", "無し", "なし(?!で)"), S.JA, bound=True),
    # 안 / 못 (pre-verbal), -지 않다 / -지 못하다 (long form), 없다 "not exist", 아니다 "not be",
    # -지 말다 (prohibitive)
    Marker("ko", ("안", "못"), S.KO),
    Marker("ko", ("않", "없", "아니", r"지\s?(?:마|말)(?!지막)"), S.KO, bound=True),
    Marker(
        "es",
        (
            "no",
            "nunca",
            "jamás",
            "ni",
            "nada",
            "nadie",
            "ningún",
            "ninguno",
            "ninguna",
            "tampoco",
            "sin",
        ),
        S.ES,
    ),
    Marker("pt", ("não", "nunca", "jamais", "nem", "nada", "ninguém", "nenhum", "nenhuma", "sem"), S.PT),
    Marker("fr", ("ne", "pas", "jamais", "rien", "aucun", "aucune", "sans", "ni", "guère"), S.FR),
    Marker("fr", (r"(?<!\w)n'(?=\w)",), S.FR, bound=True),  # elided "ne": "n'utilise pas"
    Marker(
        "de",
        (
            "nicht",
            "nie",
            "niemals",
            "kein",
            "keine",
            "keinen",
            "keinem",
            "keiner",
            "keines",
            "nichts",
            "niemand",
            "ohne",
            "weder",
            "nirgends",
        ),
        S.DE,
    ),
    Marker(
        "ru",
        ("не", "нет", "ни", "никогда", "ничего", "ничто", "никто", "нигде", "никакой", "никакие", "без", "нельзя"),
        S.RU,
    ),
    Marker("hi", ("नहीं", "न", "मत", "बिना"), S.HI),
)
