"""The public half of a key pair, and a publishable key, are meant to be shared: a label that says
so does not make its value a secret. The private half, and anything a secret rule recognises by
its own shape, is still redacted whatever its label says."""

from __future__ import annotations

import base64
import json
import random

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor

_RNG = random.Random(20261204)


def _b64(n: int) -> str:
    return base64.b64encode(bytes(_RNG.getrandbits(8) for _ in range(n))).decode()


def _url(n: int) -> str:
    return base64.urlsafe_b64encode(bytes(_RNG.getrandbits(8) for _ in range(n))).decode().rstrip("=")


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return Redactor(b"p" * 32)


PUBLIC = [
    f"[Peer]\nPublicKey = {_b64(32)}\nEndpoint = vpn.example.net:51820",
    json.dumps({"public_key": _b64(32), "algorithm": "x25519"}),
    f"WEB_PUSH_PUBLIC_KEY={_url(65)}",
    f"  pubKey: {_b64(32)}",
    f"the relay's public key is {_b64(32)}, pin it in the client",
    f"const publishableKey = '{_url(30)}';",
]

PRIVATE = [
    f"[Interface]\nPrivateKey = {_b64(32)}\nAddress = 10.8.0.1/24",
    json.dumps({"private_key": _b64(32), "public_key": _b64(32)}),
    f"WEB_PUSH_PRIVATE_KEY={_url(32)}",
    f"the signing key is {_b64(32)}",
    f"PUBLIC_API_SECRET={_url(30)}",  # a public-facing service's secret is still a secret
]


@pytest.mark.parametrize("text", PUBLIC)
def test_public_halves_survive(redactor: Redactor, text: str) -> None:
    out = redactor.redact(text)
    assert out is not None and out.text == text


@pytest.mark.parametrize("text", PRIVATE)
def test_private_halves_are_redacted(redactor: Redactor, text: str) -> None:
    out = redactor.redact(text)
    assert out is not None and "[REDACTED:" in out.text
    if "private_key" in text and "public_key" in text:
        pub = json.loads(text)["public_key"]
        assert pub in out.text and json.loads(text)["private_key"] not in out.text
