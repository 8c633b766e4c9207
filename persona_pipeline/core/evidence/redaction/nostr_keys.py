"""Nostr private keys and wallet connections, by their published encodings.

- A private key as NIP-19 writes it: `nsec1` and the bech32 (BIP-173) encoding of 32 bytes, 52 data
  characters and a 6-character checksum, which is verified: a value that fails it is no key. All
  upper case (`NSEC1…`) is the same key; mixed case is no bech32.
- A Nostr Wallet Connect URI (NIP-47): `nostr+walletconnect://<wallet pubkey>?relay=…&secret=<hex>`;
  its `secret` is the client's private key and the URI hands on the right to spend from the
  wallet, so the URI goes whole (its `secret=` parameter required: a URI without one connects
  nothing).

One RE2 pass each, gated by the prefix's literal: linear.
"""

from __future__ import annotations

from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction import wallets
from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

_NSEC = Rx(r"\bnsec1([02-9ac-hj-np-z]{58})\b")
# BIP-173: a bech32 string is all lower or all upper case (QR codes carry it upper: their
# alphanumeric mode has no lower case); mixed case is invalid
_NSEC_UPPER = Rx(r"\bNSEC1([02-9AC-HJ-NP-Z]{58})\b")
# (the URI runs to a blank, a quote or a markup character: the end of a string or an attribute)
_NWC = Rx(r"\bnostr\+walletconnect://[0-9a-fA-F]{64}\?[^\s\"'<>`\\]{0,600}")
_SECRET = Rx(r"(?:\?|&|%26)secret(?:=|%3[Dd])[0-9a-fA-F]{64}")


def nostr_spans(text: str) -> Iterator[Span]:
    if "nsec1" in text:
        for (a, b), (s, e) in _NSEC.finditer(text):
            if wallets.bech32_ok("nsec", text[s:e]):
                yield Span(a, b, "nostr_private_key")
    if "NSEC1" in text:
        for (a, b), (s, e) in _NSEC_UPPER.finditer(text):
            if wallets.bech32_ok("nsec", text[s:e].lower()):
                yield Span(a, b, "nostr_private_key")
    if "walletconnect" in text:
        for ((a, b),) in _NWC.finditer(text):
            if _SECRET.search(text[a:b]) is not None:
                yield Span(a, b, "nostr_wallet_connect")
