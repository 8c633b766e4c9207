"""Words of every script (issue 15): a preference said in Chinese, Japanese, Korean, Russian or
German is read, grouped with its restatement in other words, and kept out of the pack when said
once; English is read exactly as before. Every sentence here is written for this test."""

from __future__ import annotations

import pytest

from persona_pipeline.persona.digest import script
from persona_pipeline.persona.digest.reading import read, sentences, words
from persona_pipeline.persona.digest.similarity import NEUTRAL, similarity, tokens, weight
from persona_pipeline.persona.fold import RULE_SIMILARITY, fold
from persona_pipeline.persona.pack import compile_pack
from persona_pipeline_tests.test_offline_digest_fold import _inp, _obs


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ärger mit Öffnungszeiten", ["ärger", "mit", "öffnungszeiten"]),  # umlauts kept, not cut
        ("señal de éxito", ["señal", "de", "éxito"]),
        ("Выводи логи в файл", ["выводи", "логи", "в", "файл"]),  # Cyrillic, casefolded
        ("Ελέγχεις πρώτα", ["ελέγχεισ", "πρώτα"]),  # Greek: casefolding makes a final sigma σ
        ("हमेशा परीक्षण लिखो", ["हमेशा", "परीक्षण", "लिखो"]),  # Devanagari keeps its vowel signs
        ("数据校验", ["数据", "据校", "校验"]),  # Han: overlapping bigrams
        ("ＵＶで管理", ["uv", "で管", "管理"]),  # full-width letters are NFKC-normalised
    ],
)
def test_words_of_every_script(text: str, expected: list[str]) -> None:
    assert words(text) == expected


def test_english_words_are_unchanged_beside_other_scripts() -> None:
    # the ASCII pattern's words, whatever else the sentence holds
    assert words("Don’t pin numpy — use uv.lock") == ["don't", "pin", "numpy", "use", "uv.lock"]
    assert words("pin numpy, 谢谢") == ["pin", "numpy", "谢谢"]
    assert tokens("use ruff for linting, 谢谢") >= tokens("use ruff for linting")


@pytest.mark.parametrize("text", ["日志统一输出到标准错误", "ログは標準エラーに出力する", "로그는 표준 에러로 출력"])
def test_a_spaceless_statement_is_a_weak_rule_not_too_short(text: str) -> None:
    r = read(text)
    assert r.rule and r.strength == 0.5, r


def test_sentences_split_at_full_width_stops() -> None:
    assert sentences("先跑测试。再提交！可以吗？") == ["先跑测试。", "再提交！", "可以吗？"]


def test_other_scripts_weigh_neutrally() -> None:
    assert weight("校验") == weight("проверк") == NEUTRAL
    assert weight("polars") > NEUTRAL > weight("use")
    # a Latin-script word English does not list weighs as any unknown word, accented or not
    assert weight("größe") == weight("vorher") > NEUTRAL


def test_japanese_grammar_bigrams_are_not_content() -> None:
    # two different requests that share only hiragana endings are not alike
    a, b = tokens("型注釈を付けてください"), tokens("改行を消してください")
    assert a and b and similarity(a, b) == 0.0


# (first wording, a restatement in other words a day later, a one-off said once beside it)
CASES = {
    "chinese": ("接口返回值统一用驼峰命名", "返回字段请用驼峰命名", "把昨天那个分支合并一下"),
    "japanese": ("エラーメッセージは英語で書く", "英語のエラーメッセージにしてほしい", "この関数を今すぐ直して"),
    "korean": ("함수 이름은 동사로 시작해 주세요", "함수 이름 동사로 시작하기", "어제 만든 브랜치 지워 줘"),
    "russian": (
        "Пиши docstring к каждому публичному методу",
        "публичные методы всегда с docstring",
        "удали тот временный файл",
    ),
    "german": (
        "Übersetzungen gehören in separate Dateien",
        "jede Übersetzung separat ablegen",
        "lösch den Ordner von gestern",
    ),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_restatements_group_and_a_one_off_stays_out(lang: str) -> None:
    first, again, once = CASES[lang]
    s1 = _inp("s1", [first])
    s2 = _inp("s2", [again, once], ts="2026-10-02T00:00:00Z")
    pack = compile_pack(fold(_obs(s1, s2))).bullets
    # one bullet, in the person's own words, supported by both sessions; the one-off is not there
    assert [b.support_sessions for b in pack] == [2], pack
    assert pack[0].text.rstrip(".").casefold() in {first.casefold(), again.casefold()}
    # said once, nothing reaches the pack
    assert compile_pack(fold(_obs(_inp("s1", [first])))).bullets == []


def test_different_preferences_in_one_script_stay_apart() -> None:
    a, again, b = tokens("接口返回值统一用驼峰命名"), tokens("返回字段请用驼峰命名"), tokens("提交信息写成中文")
    assert similarity(a, again) >= RULE_SIMILARITY > similarity(a, b)


def test_bigrams_are_a_standard_segmentation() -> None:
    assert script.bigrams("一二三") == ["一二", "二三"] and script.bigrams("一") == ["一"]


@pytest.mark.parametrize("text", ["这个测试能跳过吗？", "このテストは飛ばせますか？"])
def test_a_full_width_question_is_a_question(text: str) -> None:
    assert read(text).why == "question"
