"""Secret detection: betterleaks' maintained rule set plus linear-time rules for its gaps.

betterleaks is called on packed chunks of ~8 KB (its throughput peaks there: per-call overhead
dominates smaller chunks and something superlinear larger ones); its findings are mapped back to
every text by value. Our own rules use RE2 so pasted logs can never make a pattern backtrack.

Our rules run on the texts' folds (`matching.Rx`: no offset conversions), and only the rules that
match somewhere in a text are run over it: one RE2 Set pass over all of them says which (a Set
that fails, e.g. out of DFA memory, says so, and then every rule runs).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from persona_pipeline.evidence.redaction.matching import Rx, RxSet, fold
from persona_pipeline.evidence.redaction.spans import Span

CHUNK_CHARS = 8_000

# betterleaks rule ids -> our placeholder types (anything unlisted becomes rule_id with '_').
_RULE_KIND = {
    "aws-access-token": "aws_access_key",
    "generic-api-key": "api_key",
    "generic-password": "password",
    "generic-credential-uri": "url_password",
    "curl-auth-header": "bearer_token",
    "gcp-api-key": "google_api_key",
    "huggingface-access-token": "hf_token",
    "npm-access-token": "npm_token",
    "stripe-access-token": "stripe_key",
}

# Values that are obviously references or documentation, never secrets.
_PLACEHOLDER_VALUE = Rx(
    # whole-value references only ($VAR, ${VAR}, $(cmd), %(var)s, %VAR%, <your-key>, [..], {{ var }}):
    # a random key may itself start with $ or % (Django's alphabet has both)
    r"^(?:\$[A-Z_][A-Z0-9_]*$|\$\{|\$\(|%\(\w+\)[sd]$|%[A-Za-z_]\w*%$|<[^>]*>$|\[[^\]]*\]$|\{[^}]*\}$|\{\{)|"
    r"(?i)^(?:xxx|\*\*\*|\.\.\.|your[-_ ]|changeme|example|placeholder|dummy|"
    r"redacted|none$|null$|true$|false$|password$|secret$|token$|env\b|os\.|process\.|"
    r"settings\.|config\.|self\.|getenv|toolu_|msg_|req_|call_|chatcmpl-|fp_|run_|sha256:)"
)
_NOT_A_SECRET_NAME = Rx(
    r"(?i)[_.-](?:name|names|id|ids|arn|path|file|ref|type|field|header|version|ttl|len|length|"
    r"env|var|manager|store|prefix|count|rotation|policy|provider|scope)$"
)
_CODE_REFERENCE = Rx(
    r"^[A-Za-z_$][A-Za-z0-9_$]*(?:(?:\??\.[A-Za-z_$][A-Za-z0-9_$]*)+\??\.?$|(?:\??\.[A-Za-z_$][A-Za-z0-9_$]*)*\()"
)
_DOC_EXAMPLE = Rx(r"EXAMPLE|\.\.\.$|x{8,}|X{8,}")

# (kind, pattern, group holding the secret, lowercase keywords: the rule runs only if one occurs)
_OWN_RULES: list[tuple[str, str, int, tuple[str, ...]]] = [
    (
        "private_key",
        r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?s:.*?)"
        r"(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\z)",
        0,
        ("private key",),
    ),
    ("jwt", r"\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}", 0, ("eyj",)),
    ("anthropic_key", r"\bsk-ant-[a-z0-9]{2,8}-[A-Za-z0-9_-]{40,}", 0, ("sk-ant-",)),
    ("openai_key", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{16,}T3BlbkFJ[A-Za-z0-9_-]{16,}", 0, ("t3blbkfj",)),
    ("openai_key", r"\bsk-proj-[A-Za-z0-9_-]{40,}", 0, ("sk-proj-",)),
    ("github_pat", r"\bgh[pousr]_[A-Za-z0-9]{36,}", 0, ("ghp_", "gho_", "ghu_", "ghs_", "ghr_")),
    ("github_fine_grained", r"\bgithub_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}", 0, ("github_pat_",)),
    ("slack_token", r"\bxox[abposr]-[0-9]{6,}-[0-9A-Za-z-]{6,}", 0, ("xox",)),
    (
        "slack_webhook",
        r"https://hooks\.slack\.com/services/T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]+",
        0,
        ("hooks.slack.com",),
    ),
    ("stripe_key", r"\b[sr]k_(?:live|test)_[A-Za-z0-9]{20,}", 0, ("k_live_", "k_test_")),
    ("google_api_key", r"\bAIza[A-Za-z0-9_-]{35}", 0, ("aiza",)),
    ("npm_token", r"\bnpm_[A-Za-z0-9]{36}", 0, ("npm_",)),
    ("hf_token", r"\bhf_[A-Za-z]{30,}", 0, ("hf_",)),
    ("aws_access_key", r"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b", 0, ("akia", "asia", "abia", "acca")),
    # AWS secret access keys have no prefix; they are only recognisable by their label.
    (
        "aws_secret_key",
        r"(?i)(?:aws_?secret_?(?:access_?)?key|secret_?access_?key|SecretAccessKey)[\"']?\s*[:=]\s*"
        r"[\"']?([A-Za-z0-9/+]{40})\b",
        1,
        ("secret",),
    ),
    # user:password@host in any URL scheme.
    ("url_password", r"\b[a-zA-Z][a-zA-Z0-9+.-]{1,20}://[^\s:/?#@\"'<>]{1,64}:([^\s@/\"'<>]{3,128})@", 1, ("://",)),
    ("bearer_token", r"(?i)\b(?:bearer|token)\s+([A-Za-z0-9._~+/=-]{20,})", 1, ("bearer", "token")),
    # x-api-key: <uuid> and friends: a uuid is only a secret when labelled as one.
    (
        "api_key",
        r"(?i)(?:api[_-]?key|x-api-key|access[_-]?key|auth[_-]?token|client[_-]?secret)[\"']?\s*[:=]\s*"
        r"[\"']?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})",
        1,
        ("key", "token", "secret"),
    ),
    # NAME_WITH_SECRET_WORD = value  (.env, settings.py, YAML, TOML, shell exports).
    (
        "env_secret",
        r"(?i)\b([A-Z0-9_.-]*(?:secret|passw(?:or)?d|passwd|pwd|token|api_?key|private_?key|"
        r"access_?key|encryption_?key|signing_?key|credentials?)[A-Z0-9_]*)[\"']?\s*(?::|=|:=)\s*"
        r"[\"']?([^\s\"'`,;]{6,200})",
        2,
        ("secret", "passw", "pwd", "token", "key", "credential"),
    ),
]


_COMPILED = [(kind, Rx(pat), group, kws, tuple(k.encode() for k in kws)) for kind, pat, group, kws in _OWN_RULES]
_RULE_SET = RxSet([pat for _, pat, _, _ in _OWN_RULES])


def _is_placeholder_value(value: str, following: str) -> bool:
    # os.environ["X"], getenv(...), req.headers.authorization: code, not a value
    if following[:1] in ("(", "[") or _CODE_REFERENCE.match(value):
        return True
    if _PLACEHOLDER_VALUE.search(value) or _DOC_EXAMPLE.search(value):
        return True
    return "REDACTED" in value


@lru_cache(maxsize=8192)
def _rejected(kind: str, group: int, value: str, following: str, name: str) -> bool:
    """Whether a rule's match is a reference, placeholder or example rather than a secret (a pure
    function of the match, cached: the same `os.environ[` recurs all over a history)."""
    if group and _is_placeholder_value(value, following):
        return True
    if kind == "env_secret" and (value.isdigit() or _NOT_A_SECRET_NAME.search(name)):
        return True  # ports and counts; secret_name = "prod/db" names a secret, is not one
    return bool(_DOC_EXAMPLE.search(value))


def own_rule_spans(text: str) -> list[Span]:
    spans: list[Span] = []
    b = fold(text)
    # The rules that match somewhere (one Set pass); None if the Set failed or the text has no fold.
    matching = _RULE_SET.matching(text) if b is not None else None
    if matching is not None:
        rules = [_COMPILED[i] for i in sorted(matching)]
    else:  # every rule whose keyword occurs (each rule's keywords are necessary to its pattern)
        # The keywords are ASCII: the fold's (ASCII) lower() finds them wherever text.lower() would.
        lowered: bytes | str = b.lower() if b is not None else text.lower()
        rules = [r for r in _COMPILED if any(k in lowered for k in (r[4] if b is not None else r[3]))]  # type: ignore[operator]
    for kind, rx, group, _, _ in rules:
        for m in rx.finditer(text):
            start, end = m[group]
            if start < 0:
                continue
            name = text[m[1][0] : m[1][1]] if kind == "env_secret" else ""
            if not _rejected(kind, group, text[start:end], text[end : end + 1], name):
                spans.append(Span(start, end, kind))
    return spans


def _pack(texts: Sequence[str]) -> Iterable[str]:
    """Join texts into ~CHUNK_CHARS chunks; split long texts at line breaks with an overlap so a
    secret on a boundary is seen whole in one chunk."""
    buf: list[str] = []
    size = 0
    for text in texts:
        if len(text) > CHUNK_CHARS:
            start = 0
            while start < len(text):
                end = min(len(text), start + CHUNK_CHARS)
                cut = text.rfind("\n", start + CHUNK_CHARS // 2, end) if end < len(text) else end
                end = cut if cut > start else end
                yield text[max(0, start - 512) : end]
                start = end
            continue
        if size + len(text) > CHUNK_CHARS and buf:
            yield "\n\n".join(buf)
            buf, size = [], 0
        buf.append(text)
        size += len(text) + 2
    if buf:
        yield "\n\n".join(buf)


def betterleaks_values(texts: Sequence[str]) -> dict[str, str]:
    """Secret value -> placeholder type, for every betterleaks finding in the texts."""
    import betterleaks  # lazy: loads a Go shared library

    found: dict[str, str] = {}
    for chunk in _pack(texts):
        for finding in betterleaks.scan_string(chunk):
            value = finding.match.value or finding.match.full
            if not value or len(value) < 6 or "REDACTED" in value or _DOC_EXAMPLE.search(value):
                continue
            if _PLACEHOLDER_VALUE.search(value):
                continue
            found.setdefault(value, _RULE_KIND.get(finding.rule_id, finding.rule_id.replace("-", "_")))
    return found


def value_spans(text: str, values: dict[str, str]) -> list[Span]:
    spans: list[Span] = []
    for value, kind in values.items():
        pos = text.find(value)
        while pos >= 0:
            spans.append(Span(pos, pos + len(value), kind))
            pos = text.find(value, pos + len(value))
    return spans
