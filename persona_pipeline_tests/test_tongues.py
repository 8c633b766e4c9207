"""The grammar of nine languages (issue 15, digest/tongues): in Chinese, Japanese, Korean, Spanish,
Portuguese, French, German, Russian and Hindi, a preference said twice in other words reaches the
pack; a one-off said twice (a time deictic, a question, a single act) does not; a refusal keeps
its polarity and supersedes the older habit it reverses. Every sentence is written for this test,
about a beekeeping tool (hive weights and temperatures), a domain no eval pool uses."""

from __future__ import annotations

import re

import pytest

from persona_pipeline.persona.digest import tongues
from persona_pipeline.persona.digest.reading import read, sentences
from persona_pipeline.persona.digest.script import normal
from persona_pipeline.persona.digest.similarity import similarity, stance, tokens
from persona_pipeline.persona.digest.tongues import aspect, deixis, directive, negation, questions
from persona_pipeline.persona.fold import RULE_SIMILARITY, STANCE_WEIGHT, fold
from persona_pipeline.persona.pack import compile_pack
from persona_pipeline_tests.test_offline_digest_fold import _inp, _obs

# (a preference, restated; a one-off, said again; an older habit, its newer refusal, the refused word)
CASES = {
    "zh": (
        "蜂箱重量的日志统一用公斤记录",
        "蜂箱重量请按公斤写进日志",
        "今天帮我把三号蜂箱的数据导出来",
        "三号蜂箱的数据导出一下",
        "蜂箱日志里的温度总是写华氏",
        "别在蜂箱日志里写华氏温度",
        "华氏",
    ),
    "ja": (
        "巣箱の重さはキログラムで記録する",
        "巣箱の重さの記録もキログラム表記で",
        "今日中に三番の巣箱のデータを出して",
        "三番の巣箱のデータ、出せますか",
        "巣箱のログの温度はいつも華氏で",
        "巣箱のログに華氏を使わないで",
        "華氏",
    ),
    "ko": (
        "벌통 무게는 킬로그램으로 기록해 주세요",
        "벌통 무게 기록은 킬로그램 단위로",
        "오늘 3번 벌통 데이터 내보내 줘",
        "3번 벌통 데이터 내보냈나요",
        "벌통 로그 온도는 항상 화씨로 써요",
        "벌통 로그에 화씨 온도를 쓰지 마세요",
        "화씨",
    ),
    "es": (
        "anota el peso de las colmenas en kilos, también en los informes",
        "los informes de colmenas llevan el peso en kilos, más claro así",
        "exporta hoy los datos de la colmena tres y envíamelos",
        "por ahora exporta sólo los datos de la colmena tres",
        "la temperatura de las colmenas siempre en Fahrenheit, así la leo",
        "nunca anotes la temperatura de las colmenas en Fahrenheit, sólo en Celsius",
        "fahrenheit",
    ),
    "pt": (
        "registre o peso das colmeias em quilos nos relatórios",
        "nos relatórios, o peso das colmeias vai em quilos",
        "exporta agora os dados da colmeia três",
        "por enquanto só exporta os dados da colmeia três",
        "sempre use Fahrenheit nos registros das colmeias, é o padrão",
        "não use Fahrenheit nos registros das colmeias",
        "fahrenheit",
    ),
    "fr": (
        "le poids des ruches se note en kilos, même dans les résumés",
        "dans les résumés de ruches, le poids s'écrit en kilos",
        "exporte tout de suite les données de la ruche trois",
        "pour l'instant, exporte les données de la ruche trois, c'est très urgent",
        "les températures des ruches toujours en Fahrenheit",
        "n'écris jamais les températures des ruches en Fahrenheit",
        "fahrenheit",
    ),
    "de": (
        "Gewichte der Bienenstöcke bitte in Kilogramm protokollieren",
        "im Protokoll der Bienenstöcke stehen Gewichte in Kilogramm",
        "exportiere heute die Daten von Bienenstock drei für den Verein",
        "kannst du die Daten von Bienenstock drei exportieren, wäre nett",
        "in die Protokolle der Bienenstöcke immer Fahrenheit-Werte schreiben",
        "keine Fahrenheit-Werte in die Protokolle der Bienenstöcke schreiben",
        "fahrenheit",
    ),
    "ru": (
        "вес ульев записывай в килограммах",
        "в журнале ульев вес указывай в килограммах",
        "выгрузи сегодня данные третьего улья",
        "выгрузи-ка данные третьего улья",
        "температуру ульев всегда пиши в Фаренгейтах",
        "не пиши температуру ульев в Фаренгейтах",
        "фарен",
    ),
    "hi": (
        "छत्तों का वज़न किलोग्राम में दर्ज करें",
        "छत्तों के वज़न की रिपोर्ट किलोग्राम में लिखें",
        "आज तीसरे छत्ते का डेटा निकाल दो",
        "क्या तीसरे छत्ते का डेटा निकाल दिया",
        "छत्तों के लॉग में हमेशा फ़ारेनहाइट लिखो",
        "छत्तों के लॉग में फ़ारेनहाइट मत लिखो",
        "फ़ारे",
    ),
}


def _day(n: int) -> str:
    return f"2026-10-{n:02d}T00:00:00Z"


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_preference_said_twice_reaches_the_pack_and_a_one_off_said_twice_does_not(lang: str) -> None:
    pref, again, once, once_again, *_ = CASES[lang]
    s1 = _inp("s1", [pref, once])
    s2 = _inp("s2", [again, once_again], ts=_day(2))
    bullets = compile_pack(fold(_obs(s1, s2))).bullets
    # the preference, in the person's own words, from both sessions; no trace of the one-off
    assert [b.support_sessions for b in bullets] == [2], bullets
    assert bullets[0].text.rstrip(".").casefold() in {pref.casefold(), again.casefold()}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_refusal_keeps_its_polarity_and_supersedes_the_older_habit(lang: str) -> None:
    *_, habit, refusal, word = CASES[lang]
    assert read(refusal).strength == 1.0
    preferred, rejected = stance(refusal, STANCE_WEIGHT)
    assert any(t.startswith(normal(word)[:4]) for t in rejected), (preferred, rejected)
    assert not any(t.startswith(normal(word)[:4]) for t in preferred)
    old = [_inp("s1", [habit]), _inp("s2", [habit], ts=_day(2))]
    new = [_inp("s3", [refusal], ts=_day(5)), _inp("s4", [refusal], ts=_day(6))]
    bullets = compile_pack(fold(_obs(*old, *new))).bullets
    assert [b.text.rstrip(".").casefold() for b in bullets] == [refusal.casefold()], bullets


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("这个配置文件能不能删掉", "question"),  # A-not-A
        ("日志写成什么格式都行", ""),  # an embedded wh-word asks nothing
        ("先这样吧,明天再说", "deictic time"),
        ("从现在起日志都用公斤", ""),  # "from now on" holds "now": no one moment
        ("ab sofort schreiben wir Gewichte in Kilogramm für Bienenstöcke", ""),
        ("probier mal die Waage für Bienenstöcke aus", "single act"),
        ("jedes Mal die Waage für Bienenstöcke prüfen", ""),  # the noun "Mal", with a habit
        ("¡qué bien quedó el informe de colmenas!", ""),  # an exclamation, not a question
        ("почему вес улья в фунтах", "question"),
        ("온도 로그가 또 깨졌어요", "description"),  # a repetition reported as done
    ],
)
def test_one_off_markers(text: str, why: str) -> None:
    assert tongues.one_off(text) == why


def test_english_beside_another_script_is_read_as_english() -> None:
    # a Latin-script language's words are not read in an English sentence ("no" is English too)
    assert not tongues.negated("review from José: no blockers, merge when green")
    assert tongues.one_off("José asked: is the hive scale calibrated?") == ""
    # nor is anything read in ASCII text
    assert tongues.force("nunca uses tabs") == (0.0, "")


MODULES = (negation.NEGATORS, directive.PROHIBITIVE, directive.OBLIGATION, directive.HABITUAL, directive.PROCEDURE)
MODULES += (questions.FINAL, questions.ANY, questions.INITIAL, deixis.TIME, deixis.CHANGE, deixis.DEMONSTRATIVE)
MODULES += (aspect.SINGLE_ACT, aspect.AGAIN_DONE)


@pytest.mark.parametrize("markers", MODULES)
def test_every_entry_names_its_grammar_and_is_written_as_matched(markers: tuple[tongues.Marker, ...]) -> None:
    for m in markers:
        assert m.source and m.lang in {"zh", "ja", "ko", "es", "pt", "fr", "de", "ru", "hi"} | TIME_ONLY | POINTING
        # matched on NFKC-casefolded text: every word of a form is written so (regex syntax aside)
        words = [w for f in m.forms for w in re.findall(r"[^\W\d_]+", re.sub(r"\(\?P[<=]\w+>?|\\u\w{4}", "", f))]
        assert all(w == normal(w) for w in words), m


# languages read for time deixis only (a request bounded to one moment: recall49)
TIME_ONLY = {"it", "pl", "tr", "el", "vi", "sv"}
# languages read for demonstratives and habit adverbs (a request pointing at one thing, a habit
# scoped by one: recall51), beside time deixis for some
POINTING = {"it", "pl", "sv", "da", "cs", "hu", "uk", "he", "ro"}


def test_nine_languages_in_each_concern() -> None:
    nine = {"zh", "ja", "ko", "es", "pt", "fr", "de", "ru", "hi"}
    for concern in (negation.NEGATORS, directive.PROHIBITIVE, directive.OBLIGATION):
        assert {m.lang for m in concern} == nine
    assert {m.lang for m in directive.HABITUAL} == nine | POINTING
    assert {m.lang for m in deixis.DEMONSTRATIVE} == nine | POINTING
    assert {m.lang for m in deixis.TIME} == nine | TIME_ONLY


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("zeig mir die Wetterdaten für den Bienenstand", "erklär mir die Honigpreise für den Markt"),
        ("покажи мне график веса для этого улья", "напиши мне письмо для пасечника"),
        ("explícame por qué el panel de las colmenas está vacío", "dame la lista de los apicultores del valle"),
    ],
)
def test_requests_sharing_only_function_words_are_not_alike(a: str, b: str) -> None:
    # "mir", "für", "den" are rare in English, yet grammar in German: no shared subject
    assert similarity(tokens(a), tokens(b)) < RULE_SIMILARITY
    assert not tongues.function_words("the hive scale from José") & {"de", "für"}


def test_an_ascii_question_mark_before_another_script_ends_a_sentence() -> None:
    # "is this fine? next time in kilograms": the question is one sentence, the request another
    assert sentences("这样记录可以吗?下次都用公斤") == ["这样记录可以吗?", "下次都用公斤"]
    assert sentences("is it ok?fine") == ["is it ok?fine"]  # English spacing is read as before


# (how one definite thing behaves, with a habitual adverb; a standing rule with the same adverb)
# — a tide-gauge station, a domain no eval pool uses
DESCRIBED = {
    "ja": ("潮位計がいつも夜中に止まる", "潮位の記録はいつもメートルで"),
    "ko": ("조위계가 항상 늦게 응답해요", "조위 기록은 항상 미터로 써요"),
    "es": ("el mareógrafo siempre manda lecturas duplicadas", "siempre anota la marea en metros, también en la tabla"),
    "pt": ("o marégrafo sempre atrasa as leituras", "sempre registre a maré em metros"),
    "fr": ("le marégraphe renvoie toujours des valeurs en double", "note toujours la marée en mètres"),
    "ru": ("датчик прилива всегда опаздывает на минуту", "уровень прилива всегда пиши в метрах"),
    "zh": ("潮汐数据总是很乱", "潮位总是用米记录"),
}


@pytest.mark.parametrize("lang", sorted(DESCRIBED))
def test_a_habit_said_of_one_definite_thing_is_a_description_not_a_rule(lang: str) -> None:
    # a nominative subject (が, 이/가), a clause-opening definite article, a verb of the third
    # person or a degree adverb's adjectival predicate after the adverb, as English's "the X
    # always …": said in two sessions it stays out of the pack; the rule beside it does not
    described, rule = DESCRIBED[lang]
    assert read(described).why == "description", read(described)
    assert read(rule).strength == 1.0, read(rule)
    sessions = [_inp("s1", [described, rule]), _inp("s2", [described], ts=_day(2)), _inp("s3", [rule], ts=_day(3))]
    bullets = compile_pack(fold(_obs(*sessions))).bullets
    assert [b.text.rstrip(".").casefold() for b in bullets] == [rule.casefold()], bullets


def test_the_german_particle_mal_after_a_pronoun_object_asks_for_one_act() -> None:
    # "das" as the object before the particle (its commonest position) is no noun "Mal"; after an
    # ordinal ("das letzte Mal") it is the noun, and names an occasion, not an act asked for
    assert tongues.one_off("rechne das mal in Fuß um, für den Pegel am Steg") == "single act"
    assert tongues.one_off("das letzte Mal war die Prüfung des Pegels grün") != "single act"
