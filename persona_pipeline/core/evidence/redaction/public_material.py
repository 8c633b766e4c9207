"""Labelled values that are public by their structure, not by their shape.

A key/value rule sees a secret word (`sig`, `password`) and a generated-looking value; two
structures around the pair say the value is no credential, whatever it looks like:

- a detached signature that names its verifying key: TUF and in-toto metadata and DSSE envelopes
  carry `"signatures": [{"keyid": "…", "sig": "…"}]` (theupdateframework.io/specification,
  github.com/secure-systems-lab/dsse/blob/master/envelope.md). Anyone holding the public key
  checks it; it opens nothing. A signature alone (a SAS `sig=`, a webhook's HMAC) stays a secret.
- a public randomness beacon's round (drand's documented HTTP API, `GET /public/latest`:
  `{"round": N, "randomness": "<hex>", "signature": "<hex>"}`, the randomness being the hash of the
  signature): each round is published for anyone to read and verified with the chain's public key;
  its signature grants nothing. Read only in one object that holds the round number and the
  randomness beside the signature, hex strings all.
- a value inside a SealedSecret's `encryptedData` mapping (bitnami-labs/sealed-secrets: "encrypted
  with the controller's public key … safe to store in git"). The child key still reads as
  `password`; its parent says the value is the ciphertext of one. Only that documented key, as a
  YAML key line (no comment, no prose: `# these must be encrypted:` declares nothing), and only a
  value shaped like its ciphertext (long base64 opening `Ag`: a known token format never is).

Both looks are bounded (a window of characters, a count of lines): linear in the text.
"""

from __future__ import annotations

import re

from persona_pipeline.core.evidence.redaction import kv

_SIG_WORDS = frozenset(("sig", "signature"))
# a key naming the verifying key beside the signature (TUF/DSSE `keyid`, JOSE `kid`): a whole quoted
# JSON key only (unquoted, `access_key_id` held `key_id` and `skid` held `kid`)
_KEY_ID = re.compile(r"""(?<![A-Za-z0-9_])["'](?:keyid|keyId|KeyId|kid)["'][ \t]*:""")
# the signature itself: a bare hex or base64 string (a URL or a query string, a SAS `sig=` pasted
# inside the value, is no detached signature)
_SIG_VALUE = re.compile(r"[A-Fa-f0-9]{32,}|[A-Za-z0-9+/_-]{32,}={0,2}")
_REACH = 240  # characters each side searched for the object's braces and its key id


def detached_signature(text: str, key_start: int, key_end: int, value_start: int, value_end: int) -> bool:
    """Whether the key at key_start:key_end names a signature and its object (the braces around
    it, within reach) also names the key that verifies it."""
    parts = kv.words(text[key_start:key_end])
    if not parts or parts[-1] not in _SIG_WORDS:
        return False
    if text[key_start - 1 : key_start] not in ('"', "'") and text[key_start : key_start + 1] not in ('"', "'"):
        return False  # not a quoted JSON key (a `sig=` inside a URL)
    if _SIG_VALUE.fullmatch(text, value_start, value_end) is None:
        return False
    if text[value_start - 1 : value_start] not in ('"', "'") or text[value_end : value_end + 1] not in ('"', "'"):
        return False  # not the whole of a quoted string: a part of a longer value
    lo = max(0, key_start - _REACH)
    opened = text.rfind("{", lo, key_start)
    if opened < 0 or text.find("}", opened, key_start) >= 0:
        return False  # not inside one object (a brace closed between: another object's key id)
    closed = text.find("}", value_end, value_end + _REACH)
    if closed < 0:
        return False
    return _KEY_ID.search(text, opened, key_start) is not None or _KEY_ID.search(text, value_end, closed) is not None


# drand's beacon object: its round number and its randomness (hex), beside the signature
_ROUND = re.compile(r"""["']round["'][ \t]*:[ \t]*\d{1,12}[ \t]*[,}]""")
_RANDOMNESS = re.compile(r"""["']randomness["'][ \t]*:[ \t]*["'][A-Fa-f0-9]{64}["']""")
_BEACON_SIGS = frozenset(("signature", "previous_signature"))
_HEX = re.compile(r"[A-Fa-f0-9]{64,}")


def beacon_signature(text: str, key_start: int, key_end: int, value_start: int, value_end: int) -> bool:
    """Whether the quoted key names a signature of a randomness beacon's round: a hex value in one
    object (no brace between, within reach) with the round's number and its randomness."""
    key = text[key_start:key_end].strip("\"'")
    if key not in _BEACON_SIGS or _HEX.fullmatch(text, value_start, value_end) is None:
        return False
    opened = text.rfind("{", max(0, key_start - _REACH), key_start)
    if opened < 0 or text.find("}", opened, key_start) >= 0:
        return False
    closed = text.find("}", value_end, value_end + _REACH)
    if closed < 0:
        return False
    return _ROUND.search(text, opened, closed + 1) is not None and _RANDOMNESS.search(text, opened, closed) is not None


# what may stand right before a key: the line's start, a non-word character, or a terminal's
# control sequence glued to it (a CI log's `\x1b[0K`)
_KEY_START = r"(?:^|[^A-Za-z0-9_]|\x1b\[[0-9;]*[A-Za-z])"
# a sibling key where this one stands: a name, `:`, then a space or the line's end
_SIBLING = re.compile(r"""["']?[A-Za-z_][A-Za-z0-9_.-]*["']?[ \t]*:(?=[ \t]|$)""")
# a block mapping's opener: a key ending its line (`encryptedData:`), looked for in the line's
# last `_OPENER_REACH` characters only (a key is short: the search stays linear)
_OPENER = re.compile(_KEY_START + r"""["']?([A-Za-z_][A-Za-z0-9_.-]*)["']?[ \t]*:[ \t]*$""")
_OPENER_REACH = 160
# the documented encrypted mapping's key (a dotted path's last part: `spec.encryptedData`)
_ENCRYPTED_KEYS = frozenset(("encryptedData",))
# a SealedSecret value: base64 of the controller's hybrid ciphertext, opening with its version
# byte (`Ag`), hundreds of characters long in practice (64 at least here)
_CIPHERTEXT = re.compile(r"Ag[A-Za-z0-9+/]{62,}={0,2}")
# prose or a word right before the key (`the encryptedData:`): no YAML key line
_PROSE_BEFORE = re.compile(r"""[A-Za-z0-9][ \t]+["']?\Z""")
_MAX_LINES = 40  # lines walked back for the parent (siblings between)


_WINDOW = 4000  # characters walked back at most


def _line_start(text: str, pos: int, lo: int) -> int:
    """Where the line holding `pos` starts: after a line break or a JSON-escaped one (`\\n`: a
    YAML block pasted inside a JSON string or a log's message), never before `lo`."""
    nl, escaped = text.rfind("\n", lo, pos), text.rfind("\\n", lo, pos)
    return max(nl + 1 if nl >= 0 else lo, escaped + 2 if escaped >= 0 else lo)


def under_encrypted_mapping(text: str, key_start: int, value: str) -> bool:
    """Whether the indented YAML key at key_start is a child of a block mapping whose key declares
    its values encrypted (`encryptedData:` then `    password: AgB…`). The parent is the nearest
    earlier line ending in a key, left of this key or after other text on its line (a wrapper, a
    log line or a JSON string, puts its prefix before a pasted block's first line only);
    siblings between (their first key where this one stands) are passed over."""
    if _CIPHERTEXT.fullmatch(value) is None:
        return False  # no ciphertext's shape (checked first: the walk up runs for ciphertext only)
    if key_start < 1 or text[key_start - 1] not in " \t":
        return False  # not indented: no block's child
    lo = max(0, key_start - _WINDOW)
    start = _line_start(text, key_start, lo)
    col = key_start - start
    for _ in range(_MAX_LINES):
        if start <= lo:
            return False
        end = start - (2 if text[start - 2 : start] == "\\n" else 1)
        start = _line_start(text, end, lo)
        line = text[start:end]
        if not line.strip():
            continue
        opener = _OPENER.search(line, max(0, len(line) - _OPENER_REACH))
        if opener is not None and (opener.start(1) < col or line[: opener.start(1)].strip()):
            prefix = line[: opener.start(1)]
            if "#" in prefix or "//" in prefix or _PROSE_BEFORE.search(prefix):
                return False  # a comment or prose, no mapping's key
            return opener.group(1).rsplit(".", 1)[-1] in _ENCRYPTED_KEYS
        if line[col - 1 : col] not in (" ", "\t") or _SIBLING.match(line, col) is None:
            return False  # not a sibling: this key's parent is no mapping we can read
    return False
