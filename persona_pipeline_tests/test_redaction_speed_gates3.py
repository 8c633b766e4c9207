"""Exact gates of the third speed round answer as the scans they skip. Strings are our own, built
from seeded pieces: the characters and words each gate probes for, near misses, and the rest."""

from __future__ import annotations

import random
import string

import pytest

from persona_pipeline.core.evidence.redaction import prose_keys, secrets, views
from persona_pipeline.core.evidence.redaction.matching import prepare


def _soup(rng: random.Random, parts: list[str], n: int, most: int) -> list[str]:
    return ["".join(rng.choice(parts) for _ in range(rng.randint(1, most))) for _ in range(n)]


def _generated(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(rng.randint(14, 40)))


def _prose_parts(rng: random.Random) -> list[str]:
    # label words (ASCII, accented, full-width, other scripts), their near misses, characters no
    # label holds (CJK, arrows, dashes, emoji), and generated values
    parts = [" ", " ", "\n", ": ", ". ", "(", ")", "\u3002", "\u2014", "\u2192", "\u4e0a\u6d77\u5e02", "\U0001f600"]
    parts += ["kl\u00ed\u010d", "Schl\u00fcssel", "\uff4b\uff45\uff59", "k\u0301ey", "cl\u00e9", "\u00df", "\u2026"]
    parts += ["\u043a\u043b\u044e\u0447", "\u30ad\u30fc", "\u0645\u0641\u062a\u0627\u062d", "\u043a\u043b\u044e"]
    parts += ["token", "TOKEN", "passwords", "kee", "tok", "monkey", "keyring", "x" * 190, ")" * 200, "\x1b[0K"]
    parts += [
        "\u0434\u043e\u043c",
        "\u00fcber",
        "\u00e0",
        "\u5bc6",
        "\uff0c",
        "\uff11",
        "\u2026",
        "to\uff0cken",
        "ke\uff0e",
    ]
    values = [_generated(rng) for _ in range(40)]
    labels = ["token", "Schl\u00fcssel", "\u043a\u043b\u044e\u0447", "\uff4b\uff45\uff59", "salasanaa", "\u5bc6\u94a5"]
    return parts + values + [f" {rng.choice(labels)} {rng.choice(values)} " for _ in range(30)]


def test_prose_label_gate_skips_only_texts_without_a_label_word(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(31)
    texts = _soup(rng, _prose_parts(rng), 4000, 16)
    closed = [t for t in texts if not prose_keys._may_hold_label(t)]
    for t in closed:  # no word, nor any piece of one a window may cut, is a label
        pieces = (t[i:j] for i in range(len(t)) for j in range(i + 1, min(len(t), i + 24) + 1))
        assert not any(map(prose_keys._is_label, pieces))

    def scan(t: str) -> list[tuple[int, int]]:
        found = prose_keys.prose_key_spans(t, secrets.random_like, secrets._prose_value_vetoed)
        return [(s.start, s.end) for s in found]

    fast = [(scan(t), scan(prepare(t))) for t in texts]
    monkeypatch.setattr(prose_keys, "_may_hold_label", lambda text: True)
    assert fast == [(scan(t), scan(prepare(t))) for t in texts]
    assert len(closed) > 100 and len(closed) < len(texts) - 300
    assert sum(len(a) for a, _ in fast) > 200


def test_words_fold_character_by_character() -> None:
    # `_may_hold_label` reads characters one by one: a word folds to ASCII when each of its
    # characters does (lower-casing's final sigma and the dotted capital I included)
    rng = random.Random(32)
    chars = [chr(o) for o in rng.sample(range(0x80, 0x30000), 6000) if not 0xD800 <= o < 0xE000]
    chars += ["\u0301", "\u0323", "\u0130", "\u03a3", "\u03a3", "\u03a3", "\u212a", "\uff4b", "\u00df"]
    chars += ["\u0142", "\u2026", "e", "K"]
    for _ in range(20_000):
        word = "".join(rng.choice(chars) for _ in range(rng.randint(1, 6)))
        whole = prose_keys._fold_word(word).isascii()
        assert whole is all(prose_keys._fold_word(c).isascii() for c in word), word.encode()
    assert sum(prose_keys._label_char(c) for c in chars) > 50


def _view_parts() -> list[str]:
    # each probe's introducer and near misses: escapes, continuations, percent and plus forms,
    # character references, REPL prompts, TeX and PowerShell escapes, quoted-printable, boxes
    parts = ["\\n", "\\x4", "\\x4f", "\\u00e9", "\\q", '"\n  "', "'\n'", "\\\n", "%2", "%2F", "?a=b+c&", "a+b=c"]
    parts += [
        "&amp;",
        "&#6",
        "&#65;",
        "&lt;key&gt;",
        ">>> ",
        "In [",
        "(Pdb)",
        "\\_",
        "\\#",
        "`n",
        "x`t",
        "=3D",
        "=C3=A9",
    ]
    parts += ["=?", "=?utf-8?B?eA==?=", "\u2502", "\u00e9", "\u212a", "\x1b[1m", " ", "\n", "tok", "Zq81", '""', "''"]
    return parts


def test_direct_views_probe_set_answers_as_each_probe(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _soup(random.Random(33), _view_parts(), 5000, 12)
    hit = 0
    for t in texts:
        p = views._folded_once(t)
        if views.fold(p) is None:
            continue
        want = {i for i, rx in enumerate(views._SET_PROBES) if rx.search(p) is not None}
        assert views._probe_set().matching(p) == want, t
        hit += bool(want)
    assert hit > 1000

    def shape(t: str) -> list[tuple[str, bool, list[tuple[int, int]]]]:
        out = views._direct_views(views._folded_once(t))
        return [(v.text, v.url, [v.to_original(a, b) for a, b in v.windows()]) for v in out]

    fast = [shape(t) for t in texts]
    monkeypatch.setattr(views, "_prober", lambda text: lambda rx: rx.search(text) is not None)
    assert fast == [shape(t) for t in texts]
    assert sum(map(len, fast)) > 2000
