"""Birth dates written with another script's digits, in Chinese numerals or in another calendar.

After a birth label (English keys, or the label in its own script: Arabic تاريخ الميلاد, Persian
تاریخ تولد, Hindi जन्म तिथि, Bengali জন্ম তারিখ, Chinese 出生日期…), a date whose digits are
Arabic-Indic, Persian, Devanagari, Bengali or any other Unicode decimal digits (`۱۳۵۹/۰۳/۰۱`,
`२०५३-०८-२२`), written in Chinese numerals (`一九八七年三月三日`), or with a month of the Islamic
(Hijri) or Persian (Solar Hijri) calendar by name (`21 شعبان 1372 هـ`). The year is read in every
calendar its script is used with (Gregorian; Solar Hijri +621; Lunar Hijri, ~0.97 years each from
622; Vikram Samvat −57; Buddhist −543) and kept when one reading is a plausible birth year.

ASCII dates are `intl_formats`'s (RE2 on the fold); this reads the original text with Python's
`re`, whose `\\d` is any decimal digit. Each match is bounded, so the scan is linear.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Callable, Iterator

from persona_pipeline.core.evidence.redaction.spans import Span

# Birth labels in other scripts (the forms' own words) and the English / European keys a record
# names its field with; the separator a label, a key or a table cell puts before the value
LABEL_WORDS = (
    "تاريخ الميلاد",  # Arabic: date of birth
    "تاریخ تولد",  # Persian
    "जन्म तिथि",  # Hindi
    "जन्मतिथि",
    "জন্ম তারিখ",  # Bengali
    "出生日期",  # Chinese
    "生年月日",  # Japanese
    "생년월일",  # Korean
)
_LABEL = (
    "|".join(LABEL_WORDS)
    + r"|(?i:d\.?o\.?b|date[ _-]?of[ _-]?birth|dateOfBirth|birth[ _-]?date|birthday|geburtsdatum|"
    + r"fecha[ _]de[ _]nacimiento|date[ _]de[ _]naissance)"
)
_SEP = r"[\s:：=\"'|\\「—–-]{0,8}"
# Month names of the Islamic calendar (with its common spellings) and of the Persian calendar
_HIJRI_MONTHS = (
    "محرم|صفر|ربيع الأول|ربيع الاول|ربيع الآخر|ربيع الثاني|جمادى الأولى|جمادى الاولى|جمادى الآخرة|"
    "جمادى الثانية|رجب|شعبان|رمضان|شوال|ذو القعدة|ذو الحجة"
)
_PERSIAN_MONTHS = "فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند"
_CN_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_CN_DIGIT = "".join(_CN_DIGITS)
# 1..99 as dates write it (十, 十二, 二十, 二十一): only valid numerals, so `_cn_number` can read them
_CN_NUM = "(?:[二三四五六七八九]?十[一二三四五六七八九]?|[一二三四五六七八九])"
_VALUE = (
    r"(?P<num>\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})"
    rf"|(?P<cn>[{_CN_DIGIT}]{{4}}年{_CN_NUM}月{_CN_NUM}日)"
    rf"|(?P<named>\d{{1,2}}\s(?:{_HIJRI_MONTHS}|{_PERSIAN_MONTHS})\s\d{{4}}(?:\s?هـ|\s?ه\.ش)?)"
)
_DOB = re.compile(rf"(?:{_LABEL}){_SEP}(?:{_VALUE})(?!\d)")
# A date of these forms is rare enough that a birth label anywhere before it on its line names it:
# a key with a suffix (`birth_date_hijri`), a form filled by a call (`fill("#dob", "…")`), a
# record's field id a few cells before its value
_DATE = re.compile(rf"(?<!\d)(?:{_VALUE})(?!\d)")
_LABEL_BEFORE = re.compile(rf"(?<![A-Za-z])(?:{_LABEL})")
_LINE_REACH = 80
# a decimal digit of another script, or a Chinese numeral year's mark: what a text needs to hold
_GATE = re.compile(rf"(?![0-9])\d|[{_CN_DIGIT}]年")
_YOUNGEST = 3


def _cn_number(s: str) -> int:
    """一 .. 九十九 as written in dates (十 = 10, 二十一 = 21)."""
    if "十" not in s:
        return _CN_DIGITS.get(s, -1)
    tens, _, ones = s.partition("十")
    # anything else (十十, 二十十) is not a number: -1, never an exception (it would drop the field)
    t = _CN_DIGITS.get(tens, -1) if tens else 1
    o = _CN_DIGITS.get(ones, -1) if ones else 0
    return -1 if t < 1 or o < 0 else t * 10 + o


# The calendar a script's digits are also used with, as the Gregorian year of its year y: Persian
# digits with the Solar Hijri calendar, Arabic-Indic ones with the (lunar) Hijri, Devanagari with
# Vikram Samvat, Bengali with the Bengali calendar, Thai with the Buddhist era
_CALENDARS: dict[str, Callable[[int], int]] = {
    "EXTENDED ARABIC-INDIC": lambda y: y + 621,
    "ARABIC-INDIC": lambda y: round(y * 0.970229 + 621.57),
    "DEVANAGARI": lambda y: y - 57,
    "BENGALI": lambda y: y + 593,
    "THAI": lambda y: y - 543,
}
_HIJRI = _CALENDARS["ARABIC-INDIC"]
_SOLAR_HIJRI = _CALENDARS["EXTENDED ARABIC-INDIC"]


def _calendar_of(digits: str) -> Callable[[int], int] | None:
    name = unicodedata.name(digits[0], "")
    return next((f for script, f in _CALENDARS.items() if name.startswith(script + " DIGIT")), None)


def _plausible(year: int, month: int, day: int, calendar: Callable[[int], int] | None) -> bool:
    """A real Gregorian date in the birth range, or (`calendar`) a date of that calendar (months of
    up to 32 days: Vikram Samvat's) whose year falls in it."""
    last = datetime.date.today().year - _YOUNGEST
    if not (1 <= month <= 12 and 1 <= day <= 32):
        return False
    if 1900 <= year <= last:
        try:
            datetime.date(year, month, day)
        except ValueError:
            return False
        return True
    return calendar is not None and 1900 <= calendar(year) <= last


def _read(m: re.Match[str]) -> bool:
    if m["cn"] is not None:
        y, rest = m["cn"].split("年")
        mo, d = rest.rstrip("日").split("月")
        year = int("".join(str(_CN_DIGITS[c]) for c in y))
        return _plausible(year, _cn_number(mo), _cn_number(d), None)
    if m["named"] is not None:
        nums = re.findall(r"\d+", m["named"])
        solar = any(w in m["named"] for w in _PERSIAN_MONTHS.split("|"))
        return _plausible(int(_ascii(nums[1])), 1, int(_ascii(nums[0])), _SOLAR_HIJRI if solar else _HIJRI)
    value = m["num"]
    if value.isascii():
        return False  # (an ASCII date is intl_formats's)
    calendar = _calendar_of(value)
    parts = [int(_ascii(p)) for p in re.split(r"[-/.]", value)]
    year, month, day = (parts[0], parts[1], parts[2]) if parts[0] > 31 else (parts[2], parts[1], parts[0])
    return _plausible(year, month, day, calendar) or (parts[0] <= 31 and _plausible(year, parts[0], parts[1], calendar))


def _ascii(digits: str) -> str:
    return "".join(str(unicodedata.digit(c)) for c in digits)


def other_calendar_dob_spans(text: str) -> Iterator[Span]:
    """Birth dates of the forms above; only a non-ASCII text holding such a digit is read."""
    if text.isascii() or (_GATE.search(text) is None and not any(w in text for w in LABEL_WORDS)):
        return
    for m in _DOB.finditer(text):
        group = next(g for g in ("num", "cn", "named") if m[g] is not None)
        if _read(m):
            yield Span(m.start(group), m.end(group), "date_of_birth")
    for m in _DATE.finditer(text):
        line = text.rfind("\n", max(0, m.start() - _LINE_REACH), m.start()) + 1
        start = max(line, m.start() - _LINE_REACH)
        if _LABEL_BEFORE.search(text, start, m.start()) is not None and _read(m):
            group = next(g for g in ("num", "cn", "named") if m[g] is not None)
            yield Span(m.start(group), m.end(group), "date_of_birth")
