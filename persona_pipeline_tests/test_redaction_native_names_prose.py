"""A name written in another script inside an English sentence (pii._in_english_prose)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor

R = Redactor(b"k" * 32)


def _redact(text: str) -> str:
    out = R.redact(text)
    assert out is not None
    again = R.redact(out.text)
    assert again is not None and again.text == out.text  # idempotent
    return out.text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("can you ping अंकित शर्मा before the release", "अंकित शर्मा"),
        ("the invoice was approved by سلمى العتيبي yesterday", "سلمى العتيبي"),
        ("Owners: דנה לוי, Sam", "דנה לוי"),
        ("loop in สมชาย ใจงาม on the thread", "สมชาย ใจงาม"),
        ("I sent the laptop to 한 서윤.", "한 서윤"),
        ("the keys are with ບຸນມີ ສີລາ now", "ບຸນມີ ສີລາ"),
        ("this belongs to Ольга Белова", "Ольга Белова"),
    ],
)
def test_name_in_english_prose(text: str, name: str) -> None:
    assert name not in _redact(text)


@pytest.mark.parametrize(
    "text",
    [
        # a quoted UI string or translation, a term after a determiner, one word, a key's value
        'the button label is "حفظ التغييرات" in the Arabic build',
        "fill in the الرقم الضريبي field first",
        "what does 保存 mean here?",
        "the error is 파일을 찾을 수 없습니다",
        'title = "Сохранить изменения"',
        "messages_ru.json: Сохранить изменения",
        "set LANG to ja_JP.UTF-8 and rerun",
    ],
)
def test_other_script_text_stays(text: str) -> None:
    assert _redact(text) == text
