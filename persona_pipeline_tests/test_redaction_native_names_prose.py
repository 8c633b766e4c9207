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
        # a linter's message column after its severity: a phrase of that language, not a name
        "  3:7  error  ලිපිනය වැරදියි in the form",
    ],
)
def test_other_script_text_stays(text: str) -> None:
    assert _redact(text) == text


def test_linear_on_a_line_of_many_names() -> None:
    import time

    from persona_pipeline.core.evidence.redaction import pii

    def cost(n: int) -> float:
        text = "loop in Ольга Белова and " * n  # (one line: a look-back to its start per run is quadratic)
        best = 1e9
        for _ in range(3):
            t = time.process_time()
            assert sum(1 for _ in pii._native_name_spans(text)) == n
            best = min(best, time.process_time() - t)
        return best

    # four times the text, under eight times the cost (a quadratic scan is ~16x)
    assert cost(8000) < 8 * cost(2000)
