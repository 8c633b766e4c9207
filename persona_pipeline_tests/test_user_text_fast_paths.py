"""The readers' shortcuts in `user_text` give what the plain definitions give."""

from __future__ import annotations

import random
import sys

from persona_pipeline.core.sources import user_text as ut


def test_every_whitespace_but_the_space_is_non_printable() -> None:
    """`_collapsed` returns a printable text without double spaces stripped, unsplit: right only if
    no other whitespace character is printable."""
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        if c.isspace() and c != " ":
            assert not c.isprintable(), hex(cp)


_PIECES = ["a", "Token", "KEY", "pass", "w", "secretoken", " ", "  ", "\n", "\t", "\u00a0", "\u2028", "é", "K", "ſ"]


_QUIET = ["a", "w", " ", "  ", "\n", "x", "T", "pas", "ke"]  # ASCII, no keyword (parts of some)


def _texts(n: int) -> list[str]:
    """Short and long texts (the RE2 pass runs on long ASCII ones), half of them with no keyword
    or with one keyword somewhere."""
    rng = random.Random(7)
    out = []
    for _ in range(n):
        pool = _QUIET if rng.random() < 0.5 else _PIECES
        pieces = [rng.choice(pool) for _ in range(rng.choice((40, 300)))]
        if pool is _QUIET and rng.random() < 0.5:
            pieces.insert(rng.randrange(len(pieces) + 1), rng.choice(["token", "Secret", "AUTH", "pwd"]))
        out.append("".join(pieces))
    return out


def test_collapsed_is_split_and_join() -> None:
    for text in _texts(6000):
        assert ut._collapsed(text) == " ".join(text.split()), repr(text)


def _reference_starts(text: str) -> list[int]:
    folded = text.lower() if text.isascii() else text.translate(ut._KEYWORD_FOLD)
    return sorted(i for w in ut._KEYWORD_LIST for i in range(len(folded)) if folded.startswith(w, i))


def test_keyword_starts_are_every_overlapping_match() -> None:
    for text in _texts(6000):
        assert ut._keyword_starts(text) == _reference_starts(text), repr(text)


def test_has_keyword_is_whether_any_start_exists() -> None:
    for text in _texts(6000):
        for piece in (text, text[:50], text[-30:]):  # the short texts the cut checks pass too
            assert ut._has_keyword(piece) is bool(_reference_starts(piece)), repr(piece)


def test_wrapper_of_is_wrapper_kind_on_a_text_opening_without_a_blank() -> None:
    rng = random.Random(5)
    openers = [o for o, _ in ut._WRAPPER_OPENERS]
    for _ in range(5000):
        text = rng.choice(openers)[: rng.randint(0, 40)] + rng.choice(["", " x", "\n", "<", "T"])
        text = rng.choice(["", " ", "\n ", "\u2028"]) + text
        stripped = text.lstrip()
        assert ut.wrapper_kind(text) == (ut.wrapper_of(stripped) if stripped[:1] in ut.WRAPPER_FIRST else None)
        head = stripped[:200]
        assert ut.wrapper_kind(text) == next((k for o, k in ut._WRAPPER_OPENERS if head.startswith(o)), None)


def _reference_run_may_hold(text: str, w: int) -> bool:
    if w + 1 == len(text) or w == 0:
        return False
    before = text[w - 1]
    if ("a" <= before <= "z" or before == ".") and ut._NAME_NEXT.match(text, w + 1):
        return True
    return bool(ut._DIGIT_RUN_NEXT.match(text, w + 1) and ut._DIGIT_RUN_TO_END.search(text, max(0, w - 41), w))


def test_run_may_hold_is_its_two_patterns() -> None:
    """`_run_may_hold` decides by the next character which pattern to try: the same answer as
    trying both, at every space of texts dense in names, digit groups and their near misses."""
    rng = random.Random(9)
    pieces = ["Ann", "Lee", "Dr.", "J.", "a", "x.", "4111", "555-0142", "(415)", "٣٤", "𝟗", " ", "é", "Z", "-", "."]
    for _ in range(4000):
        text = " ".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        for w, c in enumerate(text):
            if c == " ":
                assert ut._run_may_hold(text, w) == _reference_run_may_hold(text, w), (text, w)


def test_correction_opener_prefilters_agree_with_the_pattern() -> None:
    """The first-character and first-pair checks only rule out texts the pattern cannot match."""
    rng = random.Random(13)
    words = [
        "no",
        "Nope",
        "NAH",
        "stop",
        "ſtop",
        "wait",
        "actually",
        "hold on",
        "that's not",
        "thats wrong",
        "that is wrong",
        "wrong",
        "undo",
        "revert",
        "not like that",
        "i said",
        "İ said",
        "ı told you",
        "why did you",
        "WHY are you",
        "you broke",
        "you miſſed",
        "The",
        "Use",
        "sure",
        "x",
        "",
        "K",
    ]
    for _ in range(20000):
        text = rng.choice(["", " ", "\n", "\t  "]) + rng.choice(words) + rng.choice(["", " it", ",", "!", "x"])
        assert ut.is_correction_opener(text) is bool(ut._CORRECTION_OPENER.match(text)), repr(text)


def test_share_at_least_is_the_ratio_compared() -> None:
    """`pasted._share_at_least` stops early; it must answer what the full count compared gives
    (`sum(matches) / len(lines) >= share`), at every threshold `_block_shape` uses and beside them."""
    import re

    from persona_pipeline.core.sources import pasted

    pattern = re.compile(r"^x")
    rng = random.Random(11)
    for _ in range(20_000):
        lines = [rng.choice(["x1", "y2", "x", "zz"]) for _ in range(rng.randint(0, 12))]
        share = rng.choice([0.3, 0.5, 0.6, 0.7, 1 / 3, 2 / 3, 0.0, 1.0, 0.25])
        expected = (sum(1 for ln in lines if pattern.search(ln)) / len(lines) if lines else 0.0) >= share
        assert pasted._share_at_least(lines, pattern.search, share) is expected, (lines, share)


def test_agent_glyphs_and_box_characters_are_not_ascii() -> None:
    """`pasted._block_shape` skips both patterns on an all-ASCII block: right only if no ASCII
    line can match either."""
    from persona_pipeline.core.sources import pasted

    rng = random.Random(5)
    lines = [chr(cp) + tail for cp in range(128) for tail in ("", " ", " x", "\t|")]
    lines += ["".join(chr(rng.randrange(128)) for _ in range(rng.randint(1, 30))) for _ in range(20_000)]
    for line in lines:
        assert not pasted._AGENT_GLYPH.search(line), line
        assert not pasted._BOX.search(line), line
    assert pasted._AGENT_GLYPH.search("⏺ done") and pasted._BOX.search("│ a │")  # the test can fail


def test_raw_re2_search_finds_what_search_finds() -> None:
    """`_keyword_starts` calls RE2's match on the bytes of an ASCII text: the same leftmost match
    as the package's `search`, with and without a keyword in the text."""
    assert ut._RAW_SEARCH is not None  # the installed google-re2 has it: the fast path is tested
    for text in _texts(2000):
        if not text.isascii():
            continue
        folded = text.lower()
        data = folded.encode("ascii")
        m = ut._ANY_KEYWORD.search(folded)
        assert ut._RAW_SEARCH(ut._UNANCHORED, data, 0, len(data))[0][0] == (m.start() if m else -1)


def test_correction_openers_start_with_a_listed_character() -> None:
    """`is_correction_opener` rules a text out by its first non-blank character: every character
    `re` matches (IGNORECASE) to an opener's first letter is listed, and `\\s` is str.isspace()."""
    import re

    first_letters = re.compile(r"[nswahturiy]", re.IGNORECASE)
    space = re.compile(r"\s")
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        if first_letters.match(c):
            assert c in ut._OPENER_FIRST, hex(cp)
        assert bool(space.match(c)) == c.isspace(), hex(cp)
    body = ut._CORRECTION_OPENER.pattern.removeprefix("^\\s*(?:")[:-1]  # the top-level alternation
    depth, starts = 0, [0]
    for i, ch in enumerate(body):
        depth += (ch == "(") - (ch == ")")
        if ch == "|" and depth == 0:
            starts.append(i + 1)
    assert len(starts) == 18
    for i in starts:
        assert body[i] in "nswahturiy", body[i:]
    for text in ["No, not that", "  wait", "\u2003stop it", "ſtop", "Please do", "", " ", "actually yes", "x no"]:
        assert ut.is_correction_opener(text) == bool(ut._CORRECTION_OPENER.match(text)), text


def test_printable_is_isprintable() -> None:
    """`_printable` decides ASCII texts from their bytes: every ASCII character alone and inside a
    text, and non-ASCII texts (the str method), give what str.isprintable() gives."""
    for cp in range(256):
        for text in (chr(cp), f"ab {chr(cp)} cd", "x" * 50 + chr(cp)):
            assert ut._printable(text) == text.isprintable(), hex(cp)
    assert ut._printable("") and not ut._printable("a\tb") and not ut._printable("é\n")
    assert "" not in ut._WRAPPER_FIRST  # `wrapper_kind` relies on it for an empty or blank text
