"""Cheap exact gates in front of slower scans answer as the scans do. Strings are our own,
generated from seeded pieces (mixtures of the characters each gate probes for and near misses)."""

from __future__ import annotations

import base64
import random
import string

import pytest

from persona_pipeline.core.evidence.redaction import encoded_creds, text_forms, views
from persona_pipeline.core.evidence.redaction.matching import prepare


def _soup(rng: random.Random, parts: list[str], n: int, most: int) -> list[str]:
    return ["".join(rng.choice(parts) for _ in range(rng.randint(1, most))) for _ in range(n)]


def test_typographic_gate_is_the_full_gate() -> None:
    parts = ["abc", " ", "\uff0c", "\uff1a", "\u3002", "\u4e2d\u6587", "\uff21", "\uff15", "\u00a0", "\u200b"]
    parts += ["\u2014", "\u00e9", "=", "\uff5b", "\uff66", "\u30ab", "\n", "7"]
    texts = _soup(random.Random(21), parts, 20_000, 8)
    got = [text_forms._typo_gated(t) for t in texts]
    assert got == [text_forms._TYPO_GATE.search(t) is not None for t in texts]
    assert any(got) and not all(got)


def _basic_reference(text: str) -> list[tuple[int, int]]:
    """The scan the RE2 quads pass replaces: every `_RUN` match that decodes to credentials."""
    return [m.span() for m in encoded_creds._RUN.finditer(text) if encoded_creds.decodes_to_credentials(m[0])]


def test_basic_credential_quads_find_what_the_run_scan_finds() -> None:
    rng = random.Random(22)
    parts = [" ", "\n", "=", "==", "+", "/", "-", ":", "\u00fc", "\u4e2d", "x", "Q", "7", "(", '"', "\x1b[2m"]
    for _ in range(300):
        user = "".join(rng.choice(string.ascii_letters + "._") for _ in range(rng.randint(1, 9)))
        secret = "".join(rng.choice(string.ascii_letters + string.digits + "#%!*") for _ in range(rng.randint(6, 30)))
        parts.append(base64.b64encode(f"{user}:{secret}".encode()).decode())
        parts.append(base64.b64encode(rng.randbytes(rng.randint(6, 40))).decode())
    parts.append(base64.b64encode(b"op:" + b"k" * 400).decode())  # near the 512 cap
    texts = _soup(rng, parts, 6000, 12)
    found = 0
    for text in texts:
        want = _basic_reference(text)
        found += len(want)
        for t in (text, prepare(text)):
            assert [(s.start, s.end) for s in encoded_creds.basic_credential_spans(t)] == want, text
    assert found > 100


def _views_of(text: str) -> list[tuple[str, bool, list[tuple[int, int]]]]:
    out = []
    for v in views.decoded_views.__wrapped__(text):
        out.append((v.text, v.url, [v.to_original(a, b) for a, b in v.windows()]))
    return out


def test_decoded_views_read_the_same_through_a_prepared_parent(monkeypatch: pytest.MonkeyPatch) -> None:
    parts = ['{"a": "', '\\\\\\"', "%2522", "%3D", "=3D", "=C3=A9", "\\u0041", "\\n", "&amp;", "&#61;", " ", "\n"]
    parts += ["tok", "Zq81", "`n", "\\_", "=?utf-8?Q?x=3Dy?=", "+", "\u00e9", '"', "'", "\\x41"]
    parts += [">>> ", "...", "\x1b[1m"]
    texts = _soup(random.Random(23), parts, 1500, 14)
    fast = [_views_of(t) for t in texts]
    monkeypatch.setattr(views, "_folded_once", lambda text: text)
    assert fast == [_views_of(t) for t in texts]
    assert sum(map(len, fast)) > 1000
