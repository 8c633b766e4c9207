"""`tail()`'s fast span scan finds exactly the spans of the one-regex definition."""

from __future__ import annotations

import random
import re

from persona_pipeline.core.sources import user_text as ut

_PIECES = [
    "the",
    "fix",
    "tests",
    "ok,",
    "\n",
    "  ",
    "password = hunter2xyz",
    "api_key: 'AKIAIOSFODNN7EXAMPLE'",
    'DB_PASSWORD="s3cr3t-value"',
    "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig",
    "session_token=abc123",
    "secretoken = v",  # overlapping keywords
    "TOKEN",
    "\u212aEY: v",  # KELVIN SIGN: `re` takes it for k under IGNORECASE
    "\u017fecret=v",  # LONG S
    "auth\u0130: x",
    "-----BEGIN RSA PRIVATE KEY-----",
    "MIIEowIBAAKCAQEA7x",
    "-----END RSA PRIVATE KEY-----",
    "postgres://admin:pa55word@db.internal:5432/app",
    "+1 (415) 555-0142",
    "4111 1111 1111 1111",
    "\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668",  # Arabic-Indic digits are \d
    "Robin Lee",
    "Prof. Ann Lee",
    "Mrs Kim Park",
    "(0) 12",
    "+(44) 20-7946",
    "git+ssh://me@host",
    "averyveryverylongschemename://x@y",
    "a://b",
    "Dr. Sam J. Ortiz-Vega",
    "a" * 70 + "key",
    "x.y-z_" * 12 + "token: t",
    "=",
    ":",
    "'",
    "é",
    "ключ",
]


def _texts(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [
        rng.choice([" ", "", "\n"]).join(rng.choice(_PIECES) for _ in range(rng.randint(1, 300)))[:2500]
        for _ in range(n)
    ]


def test_fast_span_scan_equals_the_regex_definition() -> None:
    differ = []
    moved = 0
    for text in _texts(4000, seed=5):
        flat = " ".join(text.split())
        expected = [(m.start(), m.end()) for m in ut._SENSITIVE_SPAN.finditer(flat)]
        got = list(ut._sensitive_spans(flat))
        moved += bool(expected)
        if got != expected:
            differ.append((flat[:120], expected[:3], got[:3]))
    assert differ == [], differ[:3]
    assert moved > 3000  # the texts really are dense in spans


def test_keyword_fold_covers_every_character_re_folds_to_a_keyword_letter() -> None:
    """The str.find keyword scan is exact only if the fold table knows every non-ASCII character
    that `re` matches to a keyword letter under IGNORECASE: checked over all of Unicode."""
    letters = sorted(set("".join(ut._KEYWORD_LIST)))
    any_letter = re.compile(f"(?i:[{''.join(letters)}])")
    found = {}
    for c in range(0x80, 0x110000):
        ch = chr(c)
        if any_letter.fullmatch(ch):
            found[ch] = [x for x in letters if re.fullmatch(f"(?i:{x})", ch)]
    assert all(len(v) == 1 for v in found.values()), found
    assert {ch: v[0] for ch, v in found.items()} == {
        ch: ut._KEYWORD_FOLD[ord(ch)] for ch in map(chr, ut._KEYWORD_FOLD) if ord(ch) >= 0x80
    }


def test_keyword_starts_include_overlaps_and_folded_letters() -> None:
    text = "secretoken \u212aey \u017fession AUTH"
    expected = [m.start() for m in re.finditer(f"(?=(?i:{ut._KEYWORDS}))", text)]
    assert ut._keyword_starts(text) == expected == [0, 5, 11, 15, 23]


def test_tail_moves_past_a_span_around_the_cut() -> None:
    text = "I checked the config and found " + "password = hunter2verylongvalue" + " in settings.py, fixed it."
    n = len(text) - text.index("hunter2")  # a whole-token cut would keep the value without its label
    cut = ut.tail(text, n)
    assert "verylongvalue" not in cut and cut.startswith("…in settings.py")


def _reference_tail(text: str, n: int) -> str:
    """`tail`'s definition: the whole text collapsed and scanned for spans from its start."""
    flat = " ".join(text.split())
    if len(flat) <= n:
        return flat
    start = len(flat) - n
    if flat[start - 1] != " ":
        nxt = flat.find(" ", start)
        start = nxt + 1 if nxt >= 0 else len(flat)
    for m in ut._SENSITIVE_SPAN.finditer(flat):
        if m.start() >= start:
            break
        if start < m.end():
            nxt = flat.find(" ", m.end())
            start = nxt + 1 if nxt >= 0 else len(flat)
    return "…" + flat[start:] if start < len(flat) else ""


# Prose in which keywords are ordinary words (a session, a key, a token), and pairs whose separator
# and `bearer` take the most spaces a pair can hold: where the resting point is found (or not).
_PROSE = ["the", "run", "tests", "then", "file", "in", "src/app.py", "it", "a", "b", "session", "key", "tokens"]
_PAIRS = ["token : bearer abc", "key = v", "session x", "auth: basic zz", "Secret 'q'", "pwd=1", "Robin Lee", "4111 11"]


def test_tail_equals_its_definition_on_prose_with_keywords() -> None:
    rng = random.Random(9)
    cases = suffix_cases = 0
    for _ in range(1200):
        words = [
            rng.choice(_PAIRS) if rng.random() < rng.choice((0.0, 0.02, 0.1)) else rng.choice(_PROSE)
            for _ in range(rng.randint(40, 500))
        ]
        text = "".join(w + rng.choice((" ", " ", " ", "\n", "  ")) for w in words)
        for n in (120, 200, 277):
            assert ut.tail(text, n) == _reference_tail(text, n), (text[-600:], n)
            cases += 1
            suffix_cases += len(text) > n + ut._SUFFIX + 1
    assert suffix_cases > 1500 and cases == 3600


def _reference_head(text: str, n: int) -> str:
    """`head`'s definition: the spans of its window, by the one regex, move the cut back."""
    if len(text) <= n:
        return text
    end = max(text.rfind(" ", 0, n + 1), text.rfind("\n", 0, n + 1), text.rfind("\t", 0, n + 1))
    if end <= 0:
        return ""
    spans = [m.span() for m in ut._SENSITIVE_SPAN.finditer(text[: n + ut._CUT_SLACK]) if m.start() < end]
    for span_start, span_end in reversed(spans):
        if span_end <= end:
            break
        if span_start < end:
            end = max(text.rfind(" ", 0, span_start + 1), text.rfind("\n", 0, span_start + 1), 0)
    return text[:end].rstrip()


_PLAIN = ["the", "run", "tests", "then", "file", "in", "src/app.py", "it", "a", "b", "10", "(x)", "Ok", "Lee"]


def _plain_prose(n: int, seed: int) -> list[str]:
    """Words with few keywords (a pair in a hundred words), so most cuts are clear of every span."""
    rng = random.Random(seed)
    return [
        "".join(
            (rng.choice(_PAIRS) if rng.random() < 0.01 else rng.choice(_PLAIN)) + rng.choice((" ", "\n", "  ", "\t"))
            for _ in range(rng.randint(20, 600))
        )
        for _ in range(n)
    ]


def test_clear_at_is_never_wrong() -> None:
    """Where `_clear_at` says no span holds a whitespace, none of the regex's spans does; and it
    says so for most whitespace outside spans (else it saves nothing)."""
    clear = held = 0
    for text in _texts(300, 21) + _plain_prose(200, 21):
        holders = bytearray(len(text))
        for m in ut._SENSITIVE_SPAN.finditer(text):
            holders[m.start() : m.end()] = b"\x01" * (m.end() - m.start())
        for w, c in enumerate(text):
            if c in " \n\t" and ut._clear_at(text, w, whole=True):
                assert not holders[w], (text, w)
                clear += 1
            held += c in " \n\t" and bool(holders[w])
    assert clear > 2000 and held > 2000, (clear, held)


def test_clear_at_in_a_suffix_needs_the_keywords_in_view() -> None:
    text = "token = " + "v" * 20 + " and then some words" + " word" * 200
    w = text.index(" and")
    assert ut._clear_at(text, w, whole=True) is False  # the pair holds it
    tail_w = len(text) - 5
    assert ut._clear_at(text, tail_w, whole=True) is True
    assert ut._clear_at(text, 100, whole=False) is False  # its keywords may start before the suffix


def test_head_and_tail_equal_their_definitions_on_span_dense_texts() -> None:
    """Fuzz: the cuts with the fast no-span test equal the one-regex definitions, at cuts where the
    test takes the quick way and where it falls back to the scan."""
    rng = random.Random(23)
    quick_heads = quick_tails = 0
    for text in _texts(700, 24) + _plain_prose(700, 25):
        for n in (50, 120, 200, 277, rng.randint(1, 2600)):
            assert ut.head(text, n) == _reference_head(text, n), (text, n)
            assert ut.tail(text, n) == _reference_tail(text, n), (text, n)
            end = max(text.rfind(" ", 0, n + 1), text.rfind("\n", 0, n + 1), text.rfind("\t", 0, n + 1))
            quick_heads += len(text) > n and end > 0 and ut._clear_at(text, end, whole=True)
            flat = " ".join(text.split())
            start = len(flat) - n
            if start > 0 and flat[start - 1] == " ":
                quick_tails += ut._clear_at(flat, start - 1, whole=True)
    assert quick_heads > 1000 and quick_tails > 200, (quick_heads, quick_tails)


_GAPS = (" ", " ", " ", "\n", "  ", "\n        ", "\t", "\u3000", "\x85", "\x1c ", " \u00a0")


def test_quick_tail_equals_the_definition_where_it_answers() -> None:
    """The quick cut (a short collapsed end, keywords looked for in the raw text before it) on texts
    whose whitespace runs shrink when collapsed, with pairs, names and digit groups near the cut:
    where it answers it equals the one-regex definition, and it answers and declines often."""
    rng = random.Random(31)
    answered = declined = 0
    for _ in range(1500):
        rate = rng.choice((0.0, 0.003, 0.02, 0.1))
        words = [rng.choice(_PAIRS) if rng.random() < rate else rng.choice(_PLAIN) for _ in range(rng.randint(30, 700))]
        text = "".join(w + rng.choice(_GAPS if rng.random() < 0.5 else _GAPS[:5]) for w in words)
        for n in (50, 120, 200, 277, 400):
            if len(text) <= n + ut._QUICK_LEAD + 1:
                continue
            quick = ut._quick_tail(text, n)
            if quick is None:
                declined += 1
            else:
                assert quick == _reference_tail(text, n), (text, n)
                answered += 1
            assert ut.tail(text, n) == _reference_tail(text, n), (text, n)
    assert answered > 1500 and declined > 1500, (answered, declined)


def test_quick_tail_never_starts_inside_a_pair_of_three_spaces() -> None:
    """`token : bearer <value>` holds three spaces after its keyword: a cut at each of them keeps
    none of the pair (the value without its label would go unrecognised)."""
    pair = "token : bearer " + "v" * 30
    text = "run the tests then " * 20 + pair + " and it is done" * 3
    tail_after_pair = " and it is done" * 3
    for cut_at in (text.index(" : "), text.index(": ") + 1, text.index("bearer ") + 6):
        n = len(text) - cut_at - 1
        got = ut.tail(text, n)
        assert got == _reference_tail(text, n) == "…" + tail_after_pair.strip(), (cut_at, got)
