"""Cryptocurrency wallet addresses.

Policy. An address someone pays to, or is paid from, names that person's funds for good: every
transaction of the address is public, so the address ties the developer to all of them. It is
personal data, whatever the chain. What is not personal: an address written as a documented example
or test vector, a contract's address (a token, router, pool or factory: code, not a person), and a
burn or placeholder address (mostly zero digits). Those are kept.

Every kind is validated by its own checksum, so a random token of the same alphabet stays:
- base58check (Bitcoin P2PKH/P2SH, Litecoin, Dogecoin, Tron, Dash, Zcash transparent…): 21 or 22
  bytes plus a 4-byte double-SHA-256 checksum;
- bech32 / bech32m segwit addresses of any human-readable part (`bc1`, `ltc1`, `tb1`…): BIP-173 /
  BIP-350 checksum, a witness version and a 20- or 32-byte program (an age or Nostr key, which has
  no witness version, fails);
- EVM addresses (`0x` + 40 hex digits): the EIP-55 mixed-case checksum (Keccak-256); an address of
  one case carries no checksum and needs a wallet label before it;
- 32-byte base58 public keys (Solana and its forks) carry no checksum: only after a wallet label.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from functools import lru_cache

from persona_pipeline.core.evidence.redaction import prescan
from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B58_INDEX = {c: i for i, c in enumerate(_B58)}
_B58_CLASS = "1-9A-HJ-NP-Za-km-z"

# a bech32 candidate's parts (the RE2 scans below find the candidates)
_BECH32 = re.compile(r"(?i)(?<![a-z0-9])([a-z]{1,10})1([qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38,87})(?![a-z0-9])")

# A wallet label, in English and the languages the other detectors read (a key's word too:
# `payout_address`, `walletAddr`); what names a coin or chain counts as a label as well.
_WALLET_WORDS = (
    r"wallet|address|addr\b|payout|deposit|withdraw|receiv|send\b|pay\b|tips?\b|donat|"
    r"adresse|direcci[oó]n|endere[cç]o|indirizzo|portefeuille|cartera|carteira|portafoglio|geldb[oö]rse|"
    r"btc\b|bitcoin|eth\b|ether|solana|sol\b|crypto|coin"
)
_WALLET_LABEL = re.compile(rf"(?i)(?<![a-z])(?:{_WALLET_WORDS})")
# what makes an address someone's example, a contract's, or a test vector's: kept
_NOT_PERSONAL = re.compile(
    r"(?i)(?<![a-z])(?:examples?\b|e\.g\.|sample|vectors?\b|fixture|\bbip-?\d+|\beip-?\d+|"
    r"contract|router|factory|pool\b|token\b|proxy\b|multicall|burn|genesis|assert|expect\()"
)
# a token standard or a token named by its role in a swap or a query (`outputCurrency=`): a
# contract's address, unless a wallet word says it is someone's (`payout wallet (ERC-20): …`)
_TOKEN_CONTEXT = re.compile(r"(?i)(?<![a-z])erc-?\d+|currenc(?:y|ies)")
# a code constant named in capitals (`WXYZ = '0x…'`, `TOKEN_B:`) without a wallet word is a
# well-known contract's address hard-coded in code, not someone's wallet (`PAYOUT_ADDR = …` is one)
_CONSTANT_KEY = re.compile(r"(?<![\w.])([A-Z][A-Z0-9_]{1,30})[\"']?[ \t]*[:=][ \t]*[\"']?$")
# likewise a name declared constant (`const usdc = '0x…'`, `address constant WETH = 0x…`)
_DECLARED = re.compile(
    r"(?<![\w.])(?:const|constant|immutable|final|readonly)[ \t]+(?:[\w<>\[\]]{1,20}[ \t]+){0,3}"
    r"([A-Za-z_$][\w$]{0,30})[ \t]*(?::[ \t]*[\w<>\[\]]{1,20}[ \t]*)?=[ \t]*[\"']?$"
)
_REACH = 48  # characters before an address a label may stand in (same line)
_AFTER = 40  # characters after it a comment may say what it is


_ESCAPES = re.compile(r"\\[nrt]")  # a JSON or shell string's escaped line break or tab


def _unescaped(s: str) -> str:
    """A context as a reader sees it: `…\\nrouter:` is a line starting with `router:`."""
    return _ESCAPES.sub("\n", s) if "\\" in s else s


def _line_before(text: str, start: int) -> str:
    line_start = text.rfind("\n", 0, start) + 1
    before = _unescaped(text[max(line_start, start - _REACH) : start])
    return before[before.rfind("\n") + 1 :]


def _context(text: str, start: int, end: int) -> str:
    """The line before an address, its own line up to it, and a short reach after it (a comment)."""
    line_start = text.rfind("\n", 0, start)
    prev_start = text.rfind("\n", 0, line_start) + 1 if line_start > 0 else 0
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    return _unescaped(text[max(prev_start, start - 160) : start] + " " + text[end : min(line_end, end + _AFTER)])


def _b58decode(s: str) -> bytes:
    n = 0
    for c in s:
        n = n * 58 + _B58_INDEX[c]
    body = n.to_bytes((n.bit_length() + 7) // 8, "big") if n else b""
    return b"\0" * (len(s) - len(s.lstrip("1"))) + body


def _b58_byte_range(m: int) -> tuple[int, int]:
    """The fewest and most bytes `m` base58 digits with a non-zero first digit decode to."""
    return ((58 ** (m - 1)).bit_length() + 7) // 8, ((58**m - 1).bit_length() + 7) // 8


_B58_BYTES = [(0, 0)] + [_b58_byte_range(m) for m in range(1, 64)]


def b58_decoded_range(s: str) -> tuple[int, int]:
    """The fewest and most bytes `s` can decode to, from its length alone: its leading `1`s are zero
    bytes, and its other digits' count bounds the number (a candidate whose range misses the byte
    count a kind needs is not decoded)."""
    ones = len(s) - len(s.lstrip("1"))
    if len(s) - ones >= len(_B58_BYTES):
        return 1 << 30, 1 << 30  # (longer than any candidate: the scan's runs stop at 44)
    lo, hi = _B58_BYTES[len(s) - ones]
    return ones + lo, ones + hi


def base58check_ok(s: str) -> bool:
    """A versioned hash of 20 bytes (1- or 2-byte version) with its double-SHA-256 checksum."""
    raw = _b58decode(s)
    if len(raw) not in (25, 26):
        return False
    body, check = raw[:-4], raw[-4:]
    return hashlib.sha256(hashlib.sha256(body).digest()).digest()[:4] == check


_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_GEN = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)
_BECH32_CONSTS = (1, 0x2BC830A3)  # bech32, bech32m


def _polymod(values: list[int]) -> int:
    chk = 1
    for v in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= _GEN[i] if (top >> i) & 1 else 0
    return chk


def bech32_ok(hrp: str, data_part: str) -> bool:
    """A BIP-173 bech32 checksum (constant 1) over `data_part` under `hrp` (lower case only)."""
    if any(c not in _CHARSET for c in data_part):
        return False
    data = [_CHARSET.index(c) for c in data_part]
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    return _polymod(expanded + data) == 1


def segwit_ok(hrp: str, data_part: str) -> bool:
    """A BIP-173/350 checksum over a witness version and a 20- or 32-byte program."""
    if data_part != data_part.lower() and data_part != data_part.upper():
        return False  # mixed case is invalid bech32
    hrp, data_part = hrp.lower(), data_part.lower()
    data = [_CHARSET.index(c) for c in data_part]
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    if _polymod(expanded + data) not in _BECH32_CONSTS:
        return False
    payload = data[:-6]
    if not payload or payload[0] > 16:
        return False
    bits = len(payload[1:]) * 5
    return bits // 8 in (20, 32) and bits % 8 < 5


# Keccak-256 (the pre-standard SHA-3 padding EIP-55 uses; hashlib has only the standard one)
_RC = [
    0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
    0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
    0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
]  # fmt: skip
_ROT = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14]
_M64 = (1 << 64) - 1


def _keccak_f(a: list[int]) -> None:
    for rc in _RC:
        c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
        d = [c[(x - 1) % 5] ^ ((c[(x + 1) % 5] << 1 | c[(x + 1) % 5] >> 63) & _M64) for x in range(5)]
        a[:] = [a[i] ^ d[i % 5] for i in range(25)]
        b = [0] * 25
        for x in range(5):
            for y in range(5):
                i, r = x + 5 * y, _ROT[x + 5 * y]
                b[y + 5 * ((2 * x + 3 * y) % 5)] = ((a[i] << r) | (a[i] >> (64 - r))) & _M64 if r else a[i]
        a[:] = [b[i] ^ (~b[(i % 5 + 1) % 5 + 5 * (i // 5)] & b[(i % 5 + 2) % 5 + 5 * (i // 5)]) for i in range(25)]
        a[0] ^= rc


def keccak256(data: bytes) -> bytes:
    rate = 136
    padded = bytearray(data) + b"\x01" + b"\0" * ((-len(data) - 1) % rate)
    padded[-1] |= 0x80
    state = [0] * 25
    for off in range(0, len(padded), rate):
        block = padded[off : off + rate]
        for i in range(rate // 8):
            state[i] ^= int.from_bytes(block[8 * i : 8 * i + 8], "little")
        _keccak_f(state)
    return b"".join(state[i].to_bytes(8, "little") for i in range(4))


@lru_cache(maxsize=4096)
def eip55_ok(hex40: str) -> bool:
    """Each letter upper-case exactly where the Keccak-256 of the lower-case address has a high nibble."""
    digest = keccak256(hex40.lower().encode()).hex()[:40]
    return all((c.isupper() == (int(h, 16) >= 8)) if c.isalpha() else True for c, h in zip(hex40, digest, strict=True))


def _labelled(text: str, start: int, end: int) -> bool:
    """A wallet word before the address on its line, or in a short comment after it."""
    if _WALLET_LABEL.search(_line_before(text, start)) is not None:
        return True
    line_end = text.find("\n", end)
    after = _unescaped(text[end : min(end + _AFTER, len(text) if line_end < 0 else line_end)])
    return _WALLET_LABEL.search(after.split("\n", 1)[0]) is not None


def _kept(text: str, start: int, end: int, value: str, zero: str = "0") -> bool:
    """A documented example, a contract's address, a burn/placeholder address (mostly its alphabet's
    zero digit: `0` in hex, `1` in base58, `q` in bech32): not a person's."""
    if value.count(zero) >= len(value) // 2:
        return True
    before = _line_before(text, start)
    key = _CONSTANT_KEY.search(before) or _DECLARED.search(before)
    if key is not None and _WALLET_LABEL.search(key[1]) is None:
        return True
    context = _context(text, start, end)
    if _NOT_PERSONAL.search(context) is not None:
        return True
    return _TOKEN_CONTEXT.search(context) is not None and not _labelled(text, start, end)


# RE2 scans for the candidates (alone: as members of pii's Set their counted runs slowed the whole
# Set; Python's own scans of the three shapes cost more than the rest of the module); each
# candidate is a whole word of its alphabet
_EVM_SCAN = Rx(r"0x[0-9a-fA-F]{40}")
prescan.member(_EVM_SCAN.pattern)  # (asked first in the shared gate search: most texts have none)
_BECH32_SCAN = Rx(r"(?i:[a-z]{1,10}1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38,87})")
_BASE58_SCAN = Rx(rf"[{_B58_CLASS}]{{25,}}")


def _alone(text: str, start: int, end: int) -> bool:
    """No letter or digit glued to either end (the candidate is not part of a longer token)."""
    return not (start > 0 and text[start - 1].isalnum()) and not (end < len(text) and text[end].isalnum())


def wallet_spans(text: str) -> Iterator[Span]:
    evm = _EVM_SCAN.finditer(text) if prescan.any_open(text) else ()
    for (s, e), *_ in evm:
        if not _alone(text, s, e):
            continue
        hex40 = text[s + 2 : e]
        one_case = hex40 == hex40.lower() or hex40 == hex40.upper()
        if _kept(text, s, e, hex40):  # (before the checksum: Keccak in Python is the cost)
            continue
        if _labelled(text, s, e) if one_case else eip55_ok(hex40):
            yield Span(s, e, "crypto_address")
    for (s, e), *_ in _BECH32_SCAN.finditer(text):
        m = _BECH32.fullmatch(text, s, e) if _alone(text, s, e) else None
        if m is not None and segwit_ok(m[1], m[2]) and not _kept(text, s, e, m[2].lower(), zero="q"):
            yield Span(s, e, "crypto_address")
    for ((s, e),) in _BASE58_SCAN.finditer(text):
        if not 25 <= e - s <= 44:
            continue
        value = text[s:e]
        # (the decoded length bounded by the length first: the big-integer decode is the module's cost)
        lo, hi = b58_decoded_range(value)
        if len(value) <= 35 and lo <= 26 and hi >= 25 and base58check_ok(value):
            ok = True
        elif len(value) >= 32 and lo <= 32 <= hi and len(_b58decode(value)) == 32:
            ok = _labelled(text, s, e)
        else:
            ok = False
        if ok and not _kept(text, s, e, value, zero="1"):
            yield Span(s, e, "crypto_address")
