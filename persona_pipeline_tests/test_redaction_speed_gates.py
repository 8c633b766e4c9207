"""The cheap gates before three format detectors give the same answers as the scans they skip
(`hook_urls._hook_urls`, `encoded_creds`' ASCII-lead test, `prose_keys`' line windows), and stay
linear. Strings are our own, generated from seeded pieces."""

from __future__ import annotations

import base64
import random
import string

import pytest

from persona_pipeline.core.evidence.redaction import encoded_creds, hook_urls, prose_keys, secrets
from persona_pipeline_tests.timing import assert_linear


def _soup(rng: random.Random, parts: list[str], n: int, most: int) -> list[str]:
    return ["".join(rng.choice(parts) for _ in range(rng.randint(1, most))) for _ in range(n)]


def test_hook_url_gate_finds_what_the_scan_finds() -> None:
    parts = ["https://", "http://", "://", "hooks.", "hook.", "/hooks/", "/webhook/", "/Deploy/", "/triggers/"]
    parts += ["/api/", "ci.example.org", "q", "Zr8Tn3Vx6Lm1Kp4W", "?key=", "&", "#", "https", " ", "\n", ":9443"]
    parts += ["xhttps://", "/", ".", "deploy", "'", "%2F"]
    for text in _soup(random.Random(11), parts, 20_000, 30):
        want = [(m.span(), m.span(1)) for m in hook_urls._HOOK_URL.finditer(text)]
        assert [(m.span(), m.span(1)) for m in hook_urls._hook_urls(text)] == want, text


def test_ascii_lead_test_rejects_no_credential(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(12)
    values = []
    for _ in range(4000):
        user = "".join(rng.choice(string.ascii_lowercase + "._-") for _ in range(rng.randint(1, 10)))
        pw = "".join(rng.choice(string.printable[:94]) for _ in range(rng.randint(6, 24)))
        values.append(base64.b64encode(f"{user}:{pw}".encode()).decode())
        values.append(base64.b64encode(rng.randbytes(rng.randint(9, 48))).decode())
        values.append(base64.b64encode(f"{user}:{pw}".encode("utf-16-le")).decode())
    fast = [encoded_creds.decodes_to_credentials(v) for v in values]
    monkeypatch.setattr(encoded_creds, "_ASCII_LEADS", frozenset(map(chr, range(128))))
    assert fast == [encoded_creds.decodes_to_credentials(v) for v in values]
    assert any(fast) and not all(fast)


def test_prose_key_windows_find_what_the_full_scan_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    parts = ["the ", "nyckel ", "token: ", "klíč ", "ключ ", "parola ", "Qw7Rt2Yp9Lk4Zx8Vb ", "is ", "\n", "\n\n"]
    parts += ["x" * 40 + " ", "now. ", "config ", "=", "(", "hash ", "Mv3Bn8Cx1Zl6Kj2Hg, "]
    texts = _soup(random.Random(13), parts, 3000, 60)

    def spans() -> list[list[object]]:
        return [prose_keys.prose_key_spans(t, secrets.random_like, secrets._prose_value_vetoed) for t in texts]

    windowed = spans()
    monkeypatch.setattr(prose_keys, "_label_starts", lambda text: None)  # (read every candidate)
    assert windowed == spans()
    assert any(windowed)


def test_prose_key_windows_stay_linear_on_many_short_lines() -> None:
    # (a key word on every line and no value anywhere: each window's scan stops at its line's end)
    assert_linear(
        lambda text: prose_keys.prose_key_spans(text, secrets.random_like, secrets._prose_value_vetoed),
        lambda n: "the key is set\n" * n,
        14_000,
    )
