"""Fast paths of the redactor against the scans they replace: each gate may only skip work that
finds nothing, so with the gate forced open (every scan run) the findings are the same."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from persona_pipeline.core.evidence.redaction import label_links
from persona_pipeline.core.evidence.redaction.matching import prepare


class _NoAnswer:
    """A Set that never answers (as out of memory): every scan runs."""

    def matching(self, text: str) -> None:
        return None


def _all_scans(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(label_links, "_scan_set", lambda: _NoAnswer())


# fragments of my own, for the three shapes `label_links` reads and near misses of each
_PIECES = (
    "Station    Reading\n",  # a header line (two spaces apart)
    "Station\tReading\n",
    "Lot | Weight\n",
    "North-7    4471-0093\n",  # a row with a digit
    "plain words here\n",
    "  \n",
    '(:lot-ref "LX-4471")',  # a map keyword with a quoted value
    " :bin 88-1203,",
    "x:notakeyword 12",  # a colon glued to a word: no keyword
    "Parcel tracking code:\n   ZX 4471 0093\n",  # a label line, the value on the next line
    "Parcel code: \n 551\n",
    "Ablesung für Zähler:\n 9912-44\n",  # non-ASCII in the label
    "Показания | Счётчик\n",  # another script in a header-like line
    "\u212a\u017f stand-ins\n",  # characters with no fold: matched as `str`
    "\x1b[0K:gear 5521 ",  # a terminal control sequence before a colon
    "ratio 3:1 and 10:45\n",
    "\n",
    " ",
)


def _texts(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 9))) for _ in range(n)]


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_label_link_scan_gate_finds_what_the_full_scans_find(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    texts = _texts(seed, 400)
    fast = [list(label_links._pairs(prepare(t))) for t in texts]
    _all_scans(monkeypatch)
    full = [list(label_links._pairs(prepare(t))) for t in texts]
    assert fast == full
    assert sum(map(bool, full)) > 50  # (pairs found: the comparison is not over empty results only)


def test_label_link_scan_gate_closes_and_opens_by_shape() -> None:
    # each scan's Set member alone: a header line, a keyword, a label line
    assert label_links._scans(prepare("Depot    Count\nEast    4402\n"))(label_links._HEADER_LINE)
    assert not label_links._scans(prepare("step 12  then more\n"))(label_links._HEADER_LINE)
    assert label_links._scans(prepare("{:slot 7731}"))(label_links._KEYWORD)
    assert not label_links._scans(prepare("time 10:45 and a:b"))(label_links._KEYWORD)
    assert label_links._scans(prepare("Slot number:\n 7731\n"))(label_links._LABEL_LINE)
    assert not label_links._scans(prepare("Slot number: 7731\n"))(label_links._LABEL_LINE)


def test_label_link_pairs_unchanged_on_unfoldable_and_control_text(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [
        "\u212a note\nBin    Weight\nA-1    4410-7\n",  # no fold: the `str` Set and scans
        "\x1b[1m:crate 88123 \x1b[0m",  # the control sequence reads as a space
        "Zählernummer:\n 4410 77\n",
    ]
    fast = [list(label_links._pairs(prepare(t))) for t in texts]
    _all_scans(monkeypatch)
    assert fast == [list(label_links._pairs(prepare(t))) for t in texts]
    assert all(fast)


# fragments of my own for the views' probes: encoded words, form introducers (some only after a
# JSON unescape), other scripts, a character with no fold, terminal control sequences
_VIEW_PIECES = (
    "=?utf-8?B?c2VjcmV0LXdvcmQ=?=",
    "=?iso-8859-1?Q?caf=E9?=",
    "=?UTF-8?Q?Gr=C3=BC=C3=9Fe?= ",
    "=?Windows-1252?B?QWxwaGE=?=",
    "x=?y",
    "\x1b[2K=?",
    "String.fromCharCode(104,105)",
    "String.fromCharCode\\u0028104,105)",  # the introducer's bracket escaped: whole only when decoded
    '{"k": "a\\u0022b"}',
    "%u0068%u0069",
    "{\\rtf1 \\par x}",
    "line one$\nline two$\n",
    "Chr(72) & vbCrLf",
    "\\x00h\\x00i",
    "Gerät=Schlüssel ",
    "Ключ: значение ",
    "\u212a-band ",
    "a%3Db ",
    " ",
    "\n",
)


def _view_shapes(text: str) -> list[tuple[str, bool, list[tuple[int, int]]]]:
    from persona_pipeline.core.evidence.redaction import text_forms, views

    views.decoded_views.cache_clear()
    text_forms.form_views.cache_clear()
    out = text_forms.scan_views(prepare(text))
    return [(v.text, v.url, [v.to_original(a, b) for a, b in v.windows()]) for v in out]


@pytest.mark.parametrize("seed", [5, 17])
def test_view_probes_from_the_shared_set_pass_build_the_same_views(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    from persona_pipeline.core.evidence.redaction import text_forms, views

    rng = random.Random(seed)
    texts = ["".join(rng.choice(_VIEW_PIECES) for _ in range(rng.randint(1, 7))) for _ in range(300)]
    fast = [_view_shapes(t) for t in texts]

    # the scans as they were: each probe by its own search (the Set's answers neither kept nor read),
    # no probe before the encoded words' view, the form introducers searched on the text itself
    def prober(text: str) -> object:
        return lambda rx: rx is views._EWORD_PROBE or rx.search(text) is not None

    monkeypatch.setattr(views, "_prober", prober)
    monkeypatch.setattr(text_forms, "probed", lambda text, rx: text_forms._PROBE.search(text) is not None)
    full = [_view_shapes(t) for t in texts]
    assert fast == full
    assert sum(map(len, full)) > 300  # (views built: the comparison is not over empty results only)


def test_shared_probe_answers_as_its_own_search() -> None:
    from persona_pipeline.core.evidence.redaction import text_forms, views

    for text in ("a =? b", "plain", "fromCharCode(65)", "fromCharCode\\u0028", "\u212a fromCharCode(", "x$\ny"):
        p = prepare(text)
        views._direct_views(p)  # (the Set pass, its answer kept on the prepared text)
        for rx in (text_forms._PROBE, views._EWORD_PROBE):
            assert views.probed(p, rx) == (rx.search(text) is not None), (text, rx.pattern)
    assert views._SET_INDEX[id(text_forms._PROBE)] < len(views._SET_PROBES)  # (in the Set: answered by it)


def _reference_candidates(text: str, starts: list[int] | None) -> Iterator[re.Match[str]]:
    """`prose_keys._candidates` as it was: every start's window computed, then merged."""
    from persona_pipeline.core.evidence.redaction import prose_keys as pk

    if starts is None:
        yield from pk._CANDIDATE.finditer(text)
        return
    last, lo, hi, eol = 0, -1, -1, -1
    for g in [*starts, None]:
        if g is not None:
            # (the window: from the line before the label's to the end of the line after it, each
            # within reach, as wrap53 widened it for a value alone on its line beside its label)
            wlo = text.rfind("\n", max(0, g - pk._REACH - 256), g) + 1 or max(0, g - pk._REACH - 256)
            if wlo > 0:
                wlo = text.rfind("\n", max(0, wlo - 1 - pk._REACH), wlo - 1) + 1 or max(0, wlo - 1 - pk._REACH)
            whi = text.find("\n", g, g + pk._REACH)
            if whi < 0:
                whi = g + pk._REACH
            else:
                nxt = text.find("\n", whi + 1, whi + 1 + pk._REACH)
                whi = whi + 1 + pk._REACH if nxt < 0 else nxt
            if lo >= 0 and wlo <= hi:
                hi = max(hi, whi)
                continue
        if lo >= 0:
            if hi >= eol:
                eol = text.find("\n", hi)
                eol = len(text) if eol < 0 else eol
            for m in pk._CANDIDATE.finditer(text, max(lo, last), eol):
                if m.start() > hi:
                    break
                last = m.end()
                yield m
        if g is not None:
            lo, hi = wlo, whi


# label words and values of my own, in several scripts, with long fillers (windows apart) and
# words that hold a label word inside them
_PROSE_PIECES = (
    "the token ",
    "Schlüssel ",
    "клю́ч ",
    "パスワード ",
    "monkeyshines ",
    "tokenizer ",
    "Kq7vR2mX9pLw4Zt8 ",
    "(aB3dE5fG7hJ9kL1)",
    "vx:Zq81Lm2Np3Rs4T ",
    "deadbeefcafe0123 ",
    "x" * 230 + " ",
    "\n",
    "  ",
    "é" * 3,
)


@pytest.mark.parametrize("seed", [2, 13, 41])
def test_prose_candidate_windows_merged_early_yield_the_same_candidates(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    from persona_pipeline.core.evidence.redaction import prose_keys as pk
    from persona_pipeline.core.evidence.redaction.secrets import _prose_value_vetoed, random_like

    rng = random.Random(seed)
    texts = [prepare("".join(rng.choice(_PROSE_PIECES) for _ in range(rng.randint(2, 40)))) for _ in range(300)]
    merged = 0
    for t in texts:
        starts = pk._label_starts(t)
        assert [m.span() for m in pk._candidates(t, starts)] == [m.span() for m in _reference_candidates(t, starts)]
        merged += len(starts or ()) > 1
    assert merged > 100  # (windows with several label starts: the merging is exercised)
    fast = [pk.prose_key_spans(t, random_like, _prose_value_vetoed) for t in texts]
    monkeypatch.setattr(pk, "_candidates", _reference_candidates)
    assert fast == [pk.prose_key_spans(t, random_like, _prose_value_vetoed) for t in texts]
    assert sum(map(len, fast)) > 20  # (spans found: not a comparison of empty results only)


def test_header_scan_gate_reads_the_text_not_its_fold() -> None:
    """The Set reads the fold, where a terminal's colour codes become spaces: a "header" whose only
    separator is a colour code must stay closed, as the text's own two-space/tab/pipe test kept it."""
    for text in (
        "Badge\x1b[32m\x1b[0mroom\n70215 33018\x1b[32m\x1b[0my\n",
        "Slot\x1b[1;31m\x1b[0mcode\n90441 12873\x1b[1;31m\x1b[0mz\n",
    ):
        assert not [p for p in label_links._pairs(text) if p[0] in ("Badge", "room", "Slot", "code")], repr(text)
