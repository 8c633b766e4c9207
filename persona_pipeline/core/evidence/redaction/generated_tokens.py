"""Free-standing generated credentials: a long run of base62 (or base64/url-safe) characters whose
letters switch case and meet digits the way machine-generated strings do, standing alone as a
word of the text. No label is needed: such a string is a key, token or password in whatever
language the prose around it is written (a label the rules do not know hides nothing here).

What is not one, by the string's own grammar: hex digests and UUIDs (no upper case), identifiers
(CamelCase switches case only at word starts; snake and kebab words read as words), all-caps
codes, a Subresource-Integrity or Nix hash (`sha256-…`: a published digest of public content), a
multihash content address (`Qm…`: public), a data URI's payload (`base64,` is its introducer), a
path, a URL or a host part (the run must stand alone between spaces, quotes or brackets).
"""

from __future__ import annotations

import base64
import binascii
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span, protected_ranges

_MIN = 20
_B64_LINE = re.compile(r"[A-Za-z0-9+/_-]{40,}={0,2}")
_ALNUM_RUNS = re.compile(r"[A-Za-z0-9]+")
# a part of decoded text: a word, a number, a lower-case name with its number (`crc32`, `utf8`) or
# a hex digest; never a mixed run (`Tr0ub4dor`, `Xq9`)
_WORDLIKE_RUN = re.compile(r"[A-Za-z]+|[0-9]+|[a-z]+[0-9]+|[0-9a-f]{8,}")
_UPPER_RUNS = re.compile(r"[A-Z]+")
_DIGIT_RUNS = re.compile(r"[0-9]+")
# a run of token characters after a character that may open a stand-alone token (the opener in
# the pattern: RE2 then yields the few runs that stand alone, not every path or key=value)
_RUN = Rx(r"(?:^|[ \t\r\n\"'`(\[{<>|,;]|\\[ntr])([A-Za-z0-9+/_-]{20,}={0,2})")
# what may stand before and after a token that stands alone (whitespace, quotes, brackets, a
# sentence's punctuation); `=`/`:` are a label's and belong to the label-then-value rules
_OPEN = frozenset(" \t\r\n\"'`([{<>|,;")
_ESCAPED_BREAKS = frozenset(("\\n", "\\t", "\\r"))
_CLOSE = frozenset(" \t\r\n\"'`)]}<>|,;:!?")
# published digests: Subresource Integrity / Nix (`sha256-`, `sha384-`, `sha512-`, `sha1-`), a
# multihash/CIDv0 (`Qm` + 44 base58 characters: a content address of public data)
_DIGEST_PREFIXES = ("sha1-", "sha256-", "sha384-", "sha512-", "md5-")
# the word before a value that names it public: an identifier of any kind (`id`, `ksuid`, `ulid`,
# `requestId`), a signature, a digest or a fingerprint, a pagination cursor, an ETag, a nonce
_PUBLIC_WORD = Rx(
    # (a word of its own: after a non-letter, or a capitalised part of a camelCase name; never the
    # tail of a word, `paid`, `droid`)
    r"(?:(?:^|[^A-Za-z])(?i:id|ids|identifier|uuid|guid|ulid|ksuid|cuid|xid|nanoid|sig|signature|signed|digest|hash|checksum|fingerprint|cursor"
    r"|etag|nonce|salt|iv)|[a-z0-9](?:Id|ID|Ids|IDs|Identifier|Sig|Signature|Digest|Hash|Checksum|Fingerprint"
    r"|Cursor|Etag|ETag|Nonce|Salt|Iv|IV))[ \t#:(\[\"'\\]*$"
)
# a typed id's prefix that names a secret (`key_…`, `token_…`): never a public object id
_SECRET_PREFIXES = ("key", "keys", "api", "token", "tok", "auth", "secret", "pw", "pwd")
# a DNS record's data (`IN TXT "…"`: published in the zone, an ACME challenge or a DKIM key)
_DNS_DATA = Rx(r"\b(?:IN[ \t]+)?(?:TXT|CNAME|SPF)[ \t\"'\\]*$")
# the line before names the value a public key (`minisign public key 1A2B…`, `pubkey:`)
_SECRET_WORD = Rx(r"(?i)secret|private|passw|token|credential")
# a line's end: a real break, an escaped one in a string literal, an HTML break
_LINE_BREAK = re.compile(r"\n|\\n|<br[^>\n]{0,8}>?")
_PUBLIC_KEY_LINE = Rx(r"(?i)\bpub(?:lic)?[ _-]?key\b|\bsignature\b")
# an OpenSSH public key's type word (RFC 4253 / 5656 / 8709 and the FIDO `sk-` types) before its blob
_SSH_KEY_TYPE = Rx(r"(?:ssh-[a-z0-9]+|ecdsa-sha2-[a-z0-9]+|sk-(?:ssh|ecdsa)-[a-z0-9@.-]+)[ \t]+$")


def _generated(run: str) -> bool:
    """Whether `run` reads as machine-generated: upper, lower and digits mixed throughout."""
    core = run.rstrip("=")
    n = len(core)
    if n < _MIN:
        return False
    # (counted by C-speed regex runs, not per character pairs: every stand-alone run passes here)
    upper_runs = _UPPER_RUNS.findall(core)
    digit_runs = _DIGIT_RUNS.findall(core)
    uppers = sum(map(len, upper_runs))
    digits = sum(map(len, digit_runs))
    lowers = sum(map(str.islower, core))
    if uppers < 3 or lowers < 3 or digits < 2:
        return False
    # letter<->digit switches (each digit run begins and ends one, but at the run's edges):
    # generated text has about a quarter of its length; identifiers and versions a handful
    # (`utf8ToBase64`)
    switches = 2 * len(digit_runs) - core[0].isdigit() - core[-1].isdigit()
    if switches < max(4, n // 8):
        return False
    # CamelCase capitals start words (a capital after a lower, then lowers); generated case has
    # capitals in a row (`caps_in_row` pairs) or capitals for about 40% of its letters
    caps_in_row = uppers - len(upper_runs)
    if caps_in_row < 2 and uppers < (uppers + lowers) // 4:
        return False
    # a word of four lowers or more between separators is prose, a slug or a path (`my-app-v2`)
    parts = [p for p in core.replace("/", "-").replace("_", "-").replace("+", "-").split("-") if p]
    # (a prefix naming a secret, `token_…`, is no prose word: it types the run after it)
    words = sum(1 for p in parts if p.isalpha() and p.islower() and len(p) >= 4 and not _secret_prefix(p))
    if len(parts) > 1 and words * 2 >= len(parts):
        return False
    # (distinct characters: half of a short run; a long random run repeats its alphabet, so the
    # bound stops growing at 20)
    return len(set(core)) >= min(n // 2, 20)


def _public(run: str, before: str) -> bool:
    """A digest or content address published as such, or a value its context makes public."""
    low = run.lower()
    if run.startswith("--") and run.endswith("--") and len(run) > 4:
        return True  # a MIME multipart's close-delimiter line, `--<boundary>--` (RFC 2046 section 5.1.1)
    if (
        low.startswith(_DIGEST_PREFIXES)
        or before.endswith("base64,")
        or (before.endswith("'") and low.startswith("nonce-"))
    ):
        return True
    if len(run) == 46 and run.startswith("Qm") and not any(c in run for c in "0OIl+/_-="):
        return True
    if run.startswith("AAAA") and _ssh_wire_key(run):
        return True
    head, sep, _ = run.partition("_")
    if sep and 2 <= len(head) <= 5 and head.isalpha() and head.islower() and not _secret_prefix(head):
        return True  # a typed object id (`evt_`, `cus_`, `msg_`); typed secrets have rules of their own
    if _DNS_DATA.search(before) is not None or _SSH_KEY_TYPE.search(before) is not None:
        return True
    return _PUBLIC_WORD.search(before) is not None


# a multipart's `boundary` parameter (RFC 2046 section 5.1.1; quoted or not, JSON-escaped, or
# quoted-printable's `=3D` for its `=`)
_BOUNDARY_PARAM = re.compile(r"(?i)boundary=(?:3D)?\\?\"?([0-9A-Za-z'()+_,./:=?-]{1,70})")


def declared_boundaries(text: str) -> frozenset[str]:
    """The boundaries `text` declares for its multiparts (one pass, when the word occurs)."""
    if "oundary=" not in text and "OUNDARY=" not in text:
        return frozenset()
    return frozenset(m.group(1).rstrip('"\\') for m in _BOUNDARY_PARAM.finditer(text))


def _secret_prefix(head: str) -> bool:
    return head in _SECRET_PREFIXES or head.startswith("pass")


def _ssh_wire_key(run: str) -> bool:
    """An SSH public key blob (RFC 4253 wire format: a 4-byte length, then the key type's name),
    whole or its first line in a key file (`AAAAC3NzaC1lZDI1NTE5…`)."""
    core = run.rstrip("=")[:32]
    core = core[: len(core) - len(core) % 4]
    try:
        raw = base64.b64decode(core, validate=True)
    except (binascii.Error, ValueError):
        return False
    return raw[4:8] in (b"ssh-", b"ecds", b"sk-s", b"sk-e")


# a sentence's colon: its last word follows another word and a blank (`the value I tried yesterday:`),
# where a key stands alone or after punctuation (`  token:`, `{"key":`, `- name:`, `a=1 b:`); an
# escape's letter is no word (`\n    password:` is a key on its own line of a string literal)
_PROSE_COLON = re.compile(r"(?:^|[^A-Za-z0-9_\\])[A-Za-z]+[ \t]+[A-Za-z]+[ \t]*:$")


def _labelled(before: str) -> bool:
    """A key's value (`key: v`, `key = "v"`, `"key": "v"`, `key => v`): the label-then-value rules
    judge it by its key, which this detector cannot read. A colon ending a sentence's words is no
    key's: what follows it is judged here as a run standing alone."""
    tail = before.rstrip(" \t\"'`\\")
    if tail.endswith(":") and before[len(tail) :].strip(" \t") == "" and _PROSE_COLON.search(tail):
        return False
    return tail.endswith((":", "=", "=>", "=3D"))


def _decodes_to_text(run: str) -> bool:
    """A base64 run whose bytes are printable text (a GraphQL global id, a pagination cursor, a
    base64 JSON): an encoded payload the decoded views read, not a generated key's random bytes."""
    core = run.replace("-", "+").replace("_", "/")
    try:
        raw = base64.b64decode(core + "=" * (-len(core) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    if len(raw) < 8 or sum(32 <= b < 127 for b in raw) < len(raw) * 0.9:
        return False
    # text, not one encoded credential (a password, `user:password`): words apart, a JSON document,
    # or parts that read as words, numbers or digests each (`gid://shop/Order/123`)
    decoded = raw.decode("latin-1")
    if any(c.isspace() for c in decoded.strip()) or decoded.startswith(("{", "[")):
        return True  # (prose, or a JSON document: a token's header, a cursor's state)
    runs = _ALNUM_RUNS.findall(decoded)
    return len(runs) >= 2 and all(_WORDLIKE_RUN.fullmatch(r) for r in runs)


class _PublicMentions:
    """Where the text names a value a public key or a signature, and where it names a secret,
    found once per text. Judged by lines, never by character distance (a redaction lengthens or
    shortens the text between, and a second pass must decide as the first did); placeholders are
    opaque (their kind names are neither mention)."""

    def __init__(self, text: str) -> None:
        # (the placeholders' own surrogate-safe scan: a raw RE2 str scan raised on a lone surrogate)
        holes = protected_ranges(text)
        starts = [a for a, _ in holes]

        def outside(pos: int) -> bool:
            i = bisect_right(starts, pos) - 1
            return i < 0 or pos >= holes[i][1]

        self.line_starts = [m.end() for m in _LINE_BREAK.finditer(text)]
        self.mention_ends = [m[0][1] for m in _PUBLIC_KEY_LINE.finditer(text) if outside(m[0][0])]
        self.secret_starts = [m[0][0] for m in _SECRET_WORD.finditer(text) if outside(m[0][0])]

    def names_public(self, start: int) -> bool:
        """A mention on the value's own line before it, or on the line before, and no secret named
        on its own line since (`public key: …; private key: <value>`)."""
        i = bisect_right(self.line_starts, start)
        own = self.line_starts[i - 1] if i >= 1 else 0
        prev = self.line_starts[i - 2] if i >= 2 else 0
        j = bisect_right(self.mention_ends, start) - 1
        if j < 0 or self.mention_ends[j] < prev:
            return False
        since = max(own, self.mention_ends[j])
        k = bisect_left(self.secret_starts, since)
        return k >= len(self.secret_starts) or self.secret_starts[k] >= start


# a line of an armored block before its END: base64 body, an armor header (RFC 7468 / RFC 4880
# §6.2: `Proc-Type: 4,ENCRYPTED`, `Comment: …`) or the blank line after the headers
_ARMOR_PIECE = re.compile(r"[A-Za-z0-9+/=]*|[A-Za-z][A-Za-z0-9-]*:[^\n]*")
# what may stand around a body line: indentation, quotes, a quote's `>`, a table's or a wrapped
# header's `|`, escaping backslashes, a comment's `#`/`;`/`*`, a list of lines' `,` and brackets
# (a notebook's `"text": ["…\\n", "…\\n"]`)
_BODY_MARGIN = " \t>\"'|\\#;*,[]()"
_ANY_BREAK = re.compile(r"\r?\n|(?:\\r)?\\n")  # (a real break, or one escaped in a string literal)


def _in_open_body(text: str, begin: int, start: int) -> bool:
    """Whether `start` still lies in the body of the block opened at `begin` that has no END line:
    every line from its BEGIN line to `start` is a body or header line. A truncated paste's body
    ends at its first other line (`...`, prose, the next command), and a token after that is no
    part of it."""
    close = text.find("-----", begin + 10, start)  # (the BEGIN line's closing dashes)
    if close < 0:
        return False
    pieces = _ANY_BREAK.split(text[close + 5 : start])
    if pieces[-1].strip(_BODY_MARGIN):
        return False  # (other text before the run on its own line)
    return all(_ARMOR_PIECE.fullmatch(p.strip(_BODY_MARGIN)) for p in pieces[:-1])


def _armored(text: str, start: int, end: int, mentions: _PublicMentions, taken: Sequence[Span]) -> bool:
    """A line of an armored block's base64 body (PEM, PGP, age, SSH signature; its breaks real or
    escaped): the block's own rules judge it (a private key's), the line alone is a public key, a
    certificate or a signature. Also a line right after one naming a public key."""
    begin = text.rfind("-----BEGIN", max(0, start - 8192), start)
    if begin >= 0 and text.find("-----END", begin, start) < 0 and _in_open_body(text, begin, start):
        return True
    ls = text.rfind("\n", 0, start) + 1
    prev_start = text.rfind("\n", 0, max(ls - 1, 0)) + 1 if ls else 0
    prev = text[prev_start : max(ls - 1, 0)] if ls else ""
    if mentions.names_public(start):
        return True
    le = text.find("\n", end)
    line = text[ls : len(text) if le < 0 else le].strip(" \t>")
    if line != text[start:end]:
        return False
    # a line of a multi-line base64 body: the line before or after it is one too (either, so the
    # first line is judged as the rest are, and a second pass over redacted text decides alike)
    after = le + 1 if le >= 0 else len(text)
    cut = text.find("\n", after)
    nxt_end = len(text) if cut < 0 else cut
    nxt = text[after:nxt_end]
    # a neighbour another detector redacts is a credential, not a body line: the second pass reads
    # it as a placeholder, so counting it here would leave this run on the first pass only
    return any(
        _B64_LINE.fullmatch(x.strip(" \t>")) and not any(sp.start < hi and sp.end > lo for sp in taken)
        for x, lo, hi in ((prev, prev_start, max(ls - 1, 0)), (nxt, after, nxt_end))
    )


def generated_token_spans(text: str, vetoed: Callable[[str, int, int], bool], taken: Sequence[Span] = ()) -> list[Span]:
    """Each stand-alone run of `text` that reads as a generated credential (`vetoed`: the shared
    policy on a value's look, an example or a placeholder; `taken`: what the other detectors redact
    in `text`)."""
    out: list[Span] = []
    mentions: _PublicMentions | None = None
    boundaries: frozenset[str] | None = None  # (read once per text, at the first `--` run)
    for _, (start, end) in _RUN.finditer(text):
        if end - start > 400:
            continue  # a blob (an image, a bundle), never one credential
        head = text[start:end]
        if head.islower() or head.isupper() or head.isalpha():
            continue  # (cheap rejections first: no mix of case and digits)
        if start > 0 and text[start - 1] not in _OPEN and text[start - 2 : start] not in _ESCAPED_BREAKS:
            continue  # (an escaped line break or tab in a string literal, `\\nTOKEN`, opens one too)
        nxt = text[end : end + 1]
        if nxt and nxt not in _CLOSE and nxt != "\\" and not (nxt == "." and not text[end + 1 : end + 2].isalnum()):
            continue
        run = text[start:end]
        if "/" in run and not run.endswith("=") and len(run.rstrip("=")) % 4:
            continue  # a slash outside base64's padded blocks: a path
        line_start = text.rfind("\n", max(0, start - 80), start) + 1
        before = text[max(line_start, start - 40) : start]
        if not _generated(run) or _public(run, before) or _labelled(before) or _decodes_to_text(run):
            continue
        if run.startswith("--"):
            if boundaries is None:
                boundaries = declared_boundaries(text)
            if run[2:] in boundaries:
                continue  # a MIME part's delimiter line, `--<boundary>`, under its Content-Type's `boundary=`
        if mentions is None:
            mentions = _PublicMentions(text)
        if not _armored(text, start, end, mentions, taken) and not vetoed(text, start, end):
            out.append(Span(start, end, "api_key"))
    return out
