"""Secret detection: betterleaks' maintained rule set plus linear-time rules for its gaps.

betterleaks is called on packed chunks of ~8 KB (its throughput peaks there: per-call overhead
dominates smaller chunks and something superlinear larger ones); its findings are mapped back to
every text by value. Our own rules use RE2 so pasted logs can never make a pattern backtrack.

Our rules run on the texts' folds (`matching.Rx`: no offset conversions), and only the rules that
match somewhere in a text are run over it: one RE2 Set pass over all of them says which (a Set
that fails, e.g. out of DFA memory, says so, and then every rule runs).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import html
import re
import unicodedata
import urllib.parse
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache
from itertools import islice, pairwise
from pathlib import Path

from persona_pipeline.core.evidence.redaction import (
    disk_keys,
    encoded_creds,
    hook_urls,
    key_pairs,
    kv,
    mode_keys,
    nostr_keys,
    prose_keys,
    public_material,
    recovery_codes,
    secret_refs,
)
from persona_pipeline.core.evidence.redaction.generated_tokens import generated_token_spans
from persona_pipeline.core.evidence.redaction.matching import (
    Prepared,
    Rx,
    RxSet,
    blank_csi,
    fold,
    loosened,
    prepare,
    utf8_safe,
)
from persona_pipeline.core.evidence.redaction.spans import (
    Span,
    line_start,
    placeholder_ends_at,
    protected_ranges,
    safe_kind,
    untouched,
)

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
    # (a backslash before the `$` is a shell's escape inside double quotes: `echo "X=\$(cmd)"`)
    r"^(?:\\?\$[A-Z_][A-Z0-9_]*$|\\?\$\{|\\?\$\(|%\(\w+\)[sd]$|%[A-Za-z_]\w*%$|<[^>]*>$|\[[^\]]*\]$|\{[^}]*\}$|\{\{)|"
    r"(?i)^(?:xxx|\*\*\*|\.\.\.|your[-_ ]|changeme|example|placeholder|dummy|"
    r"redacted|none$|null$|nil$|true$|false$|undefined$|password$|secret$|token$|env\b|os\.|process\.|"
    r"settings\.|config\.|self\.|getenv|toolu_|msg_|req_|call_|chatcmpl-|fp_|run_|sha256:)"
)
_CODE_REFERENCE = Rx(
    # (`::` too: Rust's `std::env::var(`, C++'s `std::getenv(`)
    r"^[A-Za-z_$][A-Za-z0-9_$]*(?:(?:(?:\??\.|::)[A-Za-z_$][A-Za-z0-9_$]*)+\??\.?$|"
    r"(?:(?:\??\.|::)[A-Za-z_$][A-Za-z0-9_$]*)*\()"
)
# A masked credential, as dashboards and CLIs print one: mask characters only (`●●●●`, `****`),
# or a short prefix, a run of mask characters or an ellipsis, and at most six characters left in
# clear (`sk-...abcd`, `****1234`, `ghp_…Xy9z`). What is shown is not the secret.
_MASKED = re.compile(
    r"^(?:[*•●·∙○◦■□█x.… -]{3,}|[A-Za-z0-9_-]{0,12}(?:\*{3,}|[•●·∙○◦■□█]{3,}|\.{3,}|…)[A-Za-z0-9]{0,6})$"
)
_UUID = Rx(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_DOC_EXAMPLE = Rx(r"EXAMPLE|\.\.\.$|x{8,}|X{8,}")
# Values whose documented prefix marks the public half a provider issues for client code, under
# any key (`mapboxgl.accessToken = 'pk.…'`): Mapbox public tokens `pk.` (a JWT-like body, `eyJ`;
# secret ones are `sk.`, docs.mapbox.com/help/glossary/access-token), Stripe publishable keys
# `pk_live_`/`pk_test_` (docs.stripe.com/keys; secret `sk_`, restricted `rk_`), Langfuse public
# keys `pk-lf-` (langfuse.com/docs; secret `sk-lf-`), PostHog project keys `phc_` (write-only,
# shipped in every page's snippet: posthog.com/docs/api; the personal key `phx_` is secret).
_PUBLIC_VALUE = Rx(r"^(?:pk\.eyJ|pk_(?:live|test)_|pk-lf-|phc_)")

# The stems a label holds (the rules' cheap gate); the label itself is judged by its words
# (`kv.key_strength`: DB_PASS, not bypass; `key`/`auth` alone only label random values).
LABEL_WORD = r"(?i:secret|pass(?:word|wd|phrase|code)?|pwd|pw|token|key|auth|credential|cred)"

# Words that name a password or secret in prose (English and a few other languages; `contrase.a`:
# the ñ is a DEL in the fold).
_PROSE_LABEL = (
    r"password|passwd|passphrase|passcode|pwd|secret|api key|token|passwort|kennwort|contrase[n\x7f]a|"
    r"mot de passe|senha|wachtwoord"
)
_PROSE_NON_ASCII_OK = frozenset("→⇒ñüé")

# What a wrapper puts before every line of a pasted block: an e-mail or review quote (`>`, also
# HTML-escaped), a comment (`#`, `//`, a block comment's `*`), a diff's `+`, a compiler
# listing's line number (`  12 | `), a JSON array of lines (`",` then `"`: a notebook's
# `source`). Not a bare `|`: a markdown table after a truncated key is no part of it.
_PREFIX_ITEM, _LINE_PREFIX = kv.PREFIX_ITEM, kv.LINE_PREFIX
# (a quoted value may stand in a bytes literal or a conversion: Python's `b"…"`, Go's `[]byte("…")`;
# a bare value ends at a control character: an ANSI colour code glued to it is no part of it)
_QUOTED_OR_BARE = r"""(?:(?:\[\]byte\(|\bb)?(["'`])([^"'`\r\n]{4,200})["'`]|([^\s"'`,;<>\x00-\x1f]{4,200}))"""
# (the same groups, the value quoted: where a bare word is a variable, `login("u", password)`)
_QUOTED_ONLY = r"""(["'`])([^"'`\r\n]{4,200})["'`]()"""

_LOG_PREFIX = r"(?:\d{4}-\d\d-\d\dT[0-9:.]{8,18}Z?[ \t]+|[A-Za-z0-9_.-]{1,30}[ \t]+\|[ \t]+)?"
_PPK_BREAK = r"(?:\r?\n|<br ?/?>)"

# (kind, pattern, group holding the secret, lowercase keywords: the rule runs only if one occurs)
_OWN_RULES: list[tuple[str, str, int, tuple[str, ...]]] = [
    (
        "private_key",
        # to its END line; without one (a truncated paste) only the base64 lines that follow, so
        # the rest of the text is neither redacted nor able to veto the match
        # (the way to the END line crosses no `--`: a truncated key never runs on to the END line
        # of another key further down, taking all the text between)
        r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
        r"(?:(?:[^-]|-[^-])*?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|"
        # (a wrapper may prefix every line: `_LINE_PREFIX`)
        r"(?:(?:(?:\r?\n|(?:\\r)?\\n)" + _LINE_PREFIX + r"|[ \t])+"
        r"(?:[A-Za-z0-9+/=]{4,}|Proc-Type:[^\r\n\\]*|DEK-Info:[^\r\n\\]*))+)",
        0,
        ("private key",),
    ),
    ("jwt", r"\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}", 0, ("eyj",)),
    # A JWE in its compact serialization (RFC 7516 7.1: the protected header, the encrypted key (empty
    # with `"alg":"dir"`), the IV, the ciphertext and the tag, base64url, joined by four dots): an
    # encrypted bearer token by construction (AWS CodeArtifact's `get-authorization-token` returns one;
    # a JWT signed, not encrypted, has three parts and is the rule above). Each part's run stops at a
    # dot, so the match is linear.
    (
        "jwt",
        r"\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}",
        0,
        ("eyj",),
    ),
    ("anthropic_key", r"\bsk-ant-[a-z0-9]{2,8}-[A-Za-z0-9_-]{40,}", 0, ("sk-ant-",)),
    ("openai_key", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{16,}T3BlbkFJ[A-Za-z0-9_-]{16,}", 0, ("t3blbkfj",)),
    ("openai_key", r"\bsk-proj-[A-Za-z0-9_-]{40,}", 0, ("sk-proj-",)),
    ("openai_key", r"\bsk-(?:svcacct|admin)-[A-Za-z0-9_-]{40,}", 0, ("sk-svcacct-", "sk-admin-")),
    ("github_pat", r"\bgh[pousr]_[A-Za-z0-9]{36,}", 0, ("ghp_", "gho_", "ghu_", "ghs_", "ghr_")),
    ("github_fine_grained", r"\bgithub_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}", 0, ("github_pat_",)),
    ("gitlab_token", r"\bgl(?:pat|dt|rt|cbt|ptt|ft|imt|agent)-[A-Za-z0-9_-]{20,}", 0, ("gl",)),
    ("slack_token", r"\bxox[abposre]-[0-9]{6,}-[0-9A-Za-z-]{6,}", 0, ("xox",)),
    (
        "slack_webhook",
        r"https://hooks\.slack\.com/(?:services|workflows|triggers)/T[A-Z0-9]+/[A-Za-z0-9/]+",
        0,
        ("hooks.slack.com",),
    ),
    (
        "discord_webhook",
        r"https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/(?:v\d+/)?webhooks/[0-9]{15,22}/[A-Za-z0-9_-]{20,100}",
        0,
        ("discord",),
    ),
    ("stripe_key", r"\b[sr]k_(?:live|test)_[A-Za-z0-9]{20,}", 0, ("k_live_", "k_test_")),
    ("stripe_key", r"\bwhsec_[A-Za-z0-9]{24,}", 0, ("whsec_",)),
    ("google_api_key", r"\bAIza[A-Za-z0-9_-]{35}", 0, ("aiza",)),
    # Google OAuth access tokens: `ya29.` then a long url-safe run (dotted, so no code-reference check)
    ("google_oauth_token", r"\bya29\.[A-Za-z0-9_-]{20,}", 0, ("ya29.",)),
    ("google_oauth_token", r"\b1//0[A-Za-z0-9_-]{30,}", 0, ("1//0",)),
    # an Azure SAS URL's signature (`…?sv=2021-06-08&…&sig=…`, the signature usually URL-encoded)
    ("azure_sas_signature", r"[?&]sv=\d{4}-\d{2}-\d{2}&[^\s\"'<>]*?\bsig=([A-Za-z0-9%+/=]{20,})", 1, ("sig=",)),
    ("npm_token", r"\bnpm_[A-Za-z0-9]{36}", 0, ("npm_",)),
    ("pypi_token", r"\bpypi-AgE[A-Za-z0-9_-]{40,}", 0, ("pypi-",)),
    ("hf_token", r"\bhf_[A-Za-z]{30,}", 0, ("hf_",)),
    ("sendgrid_key", r"\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}", 0, ("sg.",)),
    ("telegram_bot_token", r"(?:\b|bot)([0-9]{8,10}:AA[A-Za-z0-9_-]{30,40})\b", 1, (":aa",)),
    ("digitalocean_token", r"\bdo[por]_v1_[a-f0-9]{64}\b", 0, ("_v1_",)),
    ("shopify_token", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b", 0, ("shp",)),
    ("docker_pat", r"\bdckr_pat_[A-Za-z0-9_-]{20,}", 0, ("dckr_pat_",)),
    ("linear_api_key", r"\blin_api_[A-Za-z0-9]{32,}", 0, ("lin_api_",)),
    # more vendors' documented prefixes: Linear OAuth access tokens (`lin_oauth_` and 64 hex, Linear's
    # OAuth docs), Docker organisation access tokens (`dckr_oat_`, docs.docker.com "Organization
    # access tokens"), Postman API keys (`PMAK-` 24 hex `-` 34 hex) and Postman CLI access tokens
    # (`PMAT-` and 26 capitals or digits), Databricks OAuth secrets (`dose` and 32 hex, its OAuth M2M
    # docs), Doppler's tokens by kind (`dp.pt.` personal, `dp.st.` service, `dp.ct.` CLI, `dp.sa.`
    # service account, `dp.scim.`, `dp.audit.`: docs.doppler.com "Token formats"), NVIDIA API keys
    # (`nvapi-` and 64 url-safe characters, build.nvidia.com)
    ("linear_api_key", r"\blin_oauth_[a-f0-9]{64}\b", 0, ("lin_oauth_",)),
    ("docker_pat", r"\bdckr_oat_[A-Za-z0-9_-]{20,}", 0, ("dckr_oat_",)),
    ("postman_key", r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b", 0, ("pmak-",)),
    ("postman_key", r"\bPMAT-[A-Z0-9]{26}\b", 0, ("pmat-",)),
    ("databricks_token", r"\bdose[a-f0-9]{32}\b", 0, ("dose",)),
    ("doppler_token", r"\bdp\.(?:pt|st|ct|sa|scim|audit)\.[A-Za-z0-9]{40,44}\b", 0, ("dp.",)),
    ("nvidia_api_key", r"\bnvapi-[A-Za-z0-9_-]{60,}", 0, ("nvapi-",)),
    # Kong Konnect's personal (`kpat_`) and system account (`spat_`) access tokens (Konnect docs,
    # "Personal access tokens" / "System accounts"): the prefix and a long alphanumeric run
    ("kong_konnect_token", r"\b[ks]pat_[A-Za-z0-9]{40,64}\b", 0, ("kpat_", "spat_")),
    # Pangea's service tokens (pangea.cloud/docs/admin-guide/tokens: `pts_` then 32 characters of RFC
    # 4648 base32 in lower case, `a-z` and `2-7`, as the tokens its users have published show): a hex
    # digest after `pts_` (a file named by its MD5) holds a 0, 1, 8 or 9 and is no token
    ("pangea_token", r"\bpts_[a-z2-7]{32}\b", 0, ("pts_",)),
    # DataStax Astra application tokens (docs.datastax.com, "Astra DB application tokens": the token
    # is `AstraCS:`, the client id's letters, `:` and a 64-hex secret): the whole token, where the
    # stock rule stops at the first colon and leaves the secret half in the text
    ("datastax_astra_application_token", r"\bAstraCS:[A-Za-z0-9]{20,}:[a-f0-9]{64}\b", 0, ("astracs:",)),
    # Defined Networking API keys (docs.defined.net, "API keys": `dnkey-`, 26 then 52 characters in
    # two dash-separated parts): the prefix alone is the vendor's, so no `dnkey` label is needed
    # before the value (the stock rule asks for one)
    (
        "defined_networking_api_token",
        r"\b(dnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52})(?:[^A-Za-z0-9=_-]|$)",
        1,
        ("dnkey-",),
    ),
    ("vault_token", r"\bhv[sb]\.[A-Za-z0-9_-]{24,}", 0, ("hvs.", "hvb.")),
    # Heroku's API keys since 2024 carry an `HRKU-` prefix; older ones are uuids, a secret where
    # `heroku auth:token` prints one (its output: a warning line or two, then the key)
    ("heroku_api_key", r"\bHRKU-[A-Za-z0-9_-]{20,}", 0, ("hrku-",)),
    (
        "heroku_api_key",
        r"\bheroku[ \t]+auth:token\b[^\r\n]{0,80}(?:\r?\n[^\r\n]{0,160}){0,3}?"
        r"\b([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b",
        1,
        ("auth:token",),
    ),
    ("aws_access_key", r"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b", 0, ("akia", "asia", "abia", "acca")),
    # Tencent Cloud's SecretId, the same half of its pair: `AKID` and 32 letters and digits
    # (cloud.tencent.com/document/product/598/40488)
    ("aws_access_key", r"\bAKID[A-Za-z0-9]{32}\b", 0, ("akid",)),
    # a service-account JSON's key id names the private key beside it (and is Google's handle for
    # revoking it): redacted with the key, never alone in prose
    (
        "gcp_private_key_id",
        # (JSON quotes the id, a YAML copy of the file does not)
        r"private_key_id\\?[\"']?\s*[:=]\s*(?:\\?[\"'])?([0-9a-f]{40})\b",  # (`=`: the TOML / HCL copy)
        1,
        ("private_key_id",),
    ),
    # Google OAuth client secrets carry a `GOCSPX-` prefix (since 2021); Supabase's secret API keys
    # `sb_secret_` (the `sb_publishable_` key is public)
    ("google_oauth_client_secret", r"\bGOCSPX-[A-Za-z0-9_-]{24,}", 0, ("gocspx-",)),
    ("supabase_key", r"\bsb_secret_[A-Za-z0-9_-]{20,}", 0, ("sb_secret_",)),
    # .NET `new AuthenticationHeaderValue("Bearer", "<token>")`: the scheme, then the credential
    (
        "bearer_token",
        r"\bAuthenticationHeaderValue\([ \t]*\\?\"(?i:bearer|token|basic)\\?\"[ \t]*,[ \t]*\\?\"([^\"\\\s]{8,})",
        1,
        ("authenticationheadervalue",),
    ),
    # a WireGuard private key (32 bytes: 43 base64 characters, the last of a restricted set, and `=`)
    # after a private-key label (`wg set wg0 private-key <(echo KEY)`, `PrivateKey = KEY`)
    (
        "wireguard_private_key",
        r"(?i)\bprivate[-_ ]?key\b[ \t]*(?:=|:|[ \t]<\(echo|[ \t])[ \t]*[\"']?"
        r"(?-i:([A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=))",
        1,
        ("private",),
    ),
    # Firebase Cloud Messaging legacy server key: `AAAA` + 7 characters, a colon, `APA91b` + ~134
    ("fcm_server_key", r"\bAAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{60,}", 0, ("apa91b",)),
    # Okta API tokens go in `Authorization: SSWS <token>` (Okta's own scheme name)
    ("okta_token", r"\bSSWS[ \t]+([A-Za-z0-9_-]{20,})", 1, ("ssws",)),
    # documented token shapes: Pulumi access tokens (`pul-` and 40 hex), NuGet API keys (`oy2` and
    # 43 lowercase base32-ish characters), Mailgun API keys (`key-` and 32 hex; the newer 32-8-8
    # hex keys have no literal to search for, and their rule cost ~7% of the engine's time: a key
    # label finds them)
    ("pulumi_token", r"\bpul-[a-f0-9]{40}\b", 0, ("pul-",)),
    # Supabase personal access tokens (`sbp_` and 40 hex); Sentry user and org auth tokens
    # (`sntryu_` and 64 hex; `sntrys_`, a base64 JSON claim, `_` and its secret); New Relic user
    # API keys (`NRAK-` and 27 capitals or digits) and license keys (36 hex then `NRAL`)
    ("supabase_key", r"\bsbp_[a-f0-9]{40}\b", 0, ("sbp_",)),
    ("sentry_token", r"\bsntryu_[a-f0-9]{64}\b", 0, ("sntryu_",)),
    ("sentry_token", r"\bsntrys_eyJ[A-Za-z0-9+/=]{20,400}_[A-Za-z0-9+/_-]{20,}", 0, ("sntrys_",)),
    ("newrelic_key", r"\bNRAK-[A-Z0-9]{27}\b", 0, ("nrak-",)),
    ("newrelic_key", r"\b[a-f0-9]{36}NRAL\b", 0, ("nral",)),
    ("nuget_key", r"\boy2[a-z0-9]{43}\b", 0, ("oy2",)),
    ("mailgun_key", r"\bkey-[a-f0-9]{32}\b", 0, ("key-",)),
    # Okta API tokens themselves: `00` and 40 url-safe characters (42 in all), a whole token (mixed
    # case required in `_rejected`: a hex or lowercase run of that length is an id)
    # (`\b00`: a literal start the search can skip to; a `-`/`_` before it is checked in `_decide`)
    ("okta_token", r"\b(00[A-Za-z0-9_-]{40})(?:[^A-Za-z0-9_-]|$)", 1, ("00",)),
    # Azure AD (Entra) client secrets since 2021: three characters, a digit, `Q~`, 31 to 34 more
    (
        "azure_client_secret",
        r"(?:^|[^A-Za-z0-9_~.-])([A-Za-z0-9_~.-]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34})(?:[^A-Za-z0-9_~.-]|$)",
        1,
        ("q~",),
    ),
    # the secret key `django-admin startproject` writes: `django-insecure-` and 50 characters of its
    # alphabet (the prefix marks it unfit for production, not unfit to leak)
    ("django_secret_key", r"\bdjango-insecure-[a-z0-9!@#$%^&*(=+)_-]{40,}", 0, ("django-insecure-",)),
    # a PEM private key pasted base64-encoded (a kubeconfig's `client-key-data`, a k8s Secret's
    # `tls.key`): base64 of `-----BEGIN`, kept when its decoded armor names a private key
    ("encoded_private_key", r"\bLS0tLS1CRUdJTi[A-Za-z0-9+/]{40,}={0,2}", 0, ("ls0tls1crudjti",)),
    # session cookies by the names frameworks give them (`sessionid`, `connect.sid`, `PHPSESSID`,
    # `JSESSIONID`, `laravel_session`, `_app_session`, `ASP.NET_SessionId`), as a cookie pair
    # (`Cookie:`, `Set-Cookie:`, `curl -b`), a key of a cookie dict, or prose ("the X cookie V")
    (
        "session_cookie",
        # (as a cookie pair, any session-named cookie; as a dict / JSON key only a framework's own
        # cookie name, in its case: a log's or a transcript's `"sessionId": "<id>"` is no cookie)
        r"(?:\b|_)(?:(?i:[a-z0-9_.]*sess(?:ion)?(?:[_.-]?id)?|connect\.sid|[a-z0-9_]*sid)"
        r"(?:\\*[\"'])?(?:[ \t]*=[ \t]*(?:\\*[\"'])?|%3[Dd]|[ \t]+cookie[ \t]+(?:is[ \t]+)?)|"
        r"(?:sessionid|PHPSESSID|JSESSIONID|connect\.sid|ASP\.NET_SessionId|[a-z0-9]*_session)"
        r"\\*[\"']?[ \t]*:[ \t]*\\*[\"']?)"
        r"([A-Za-z0-9%._~+/=-]{16,})",
        1,
        ("sess", "sid"),
    ),
    # a credentials file pasted base64-encoded (a k8s Secret's `data:`, GOOGLE_CREDENTIALS): base64
    # of a JSON object opens with `ey` (`{"`) or `ew` (`{` and a line break); it is decoded and kept
    # only when it holds a private key or a secret-named field (`_b64_credentials`)
    ("encoded_credentials", r"(?:^|[^A-Za-z0-9+/])(e[wy][A-Za-z0-9+/]{120,}={0,2})", 1, ("ew", "ey")),
    # minisign and signify secret keys, base64 of their documented headers: minisign's "Ed" "Sc" "B2"
    # (signature, scrypt, BLAKE2b: jedisct1.github.io/minisign, "Secret key format") is `RWRTY0Iy`,
    # signify's "Ed" "BK" (bcrypt-pbkdf, signify(1)) is `RWRCSw`; their public keys open `RWQ`
    ("signing_secret_key", r"(?:^|[^A-Za-z0-9+/])((?:RWRTY0Iy|RWRCSw)[A-Za-z0-9+/]{80,}={0,2})", 1, ("rwr",)),
    # X (Twitter) app-only bearer tokens: 22 `A`s, then URL-encoded base64 (gitleaks' documented
    # `twitter-bearer-token` shape, `A{22}[a-zA-Z0-9%]{80,100}`)
    ("x_bearer_token", r"\b(A{22}[A-Za-z0-9%]{80,120})(?:[^A-Za-z0-9%]|$)", 1, ("a" * 22,)),
    # a value a GitHub Actions step masks in the log (`echo "::add-mask::V"`,
    # docs.github.com/actions/reference/workflow-commands: "Masking a value in a log"): a secret by
    # the command's own definition (a `$VAR` reference is the placeholder policy's)
    ("cli_secret", r"::add-mask::([^\s\"'`\\]{6,256})", 1, ("::add-mask::",)),
    # a Bicep parameter's default (`param sqlPassword string = 'V'`, learn.microsoft.com/azure/
    # azure-resource-manager/bicep/parameters): the key is the parameter's name
    (
        "env_secret",
        r"\bparam[ \t]+([A-Za-z0-9_]{1,64})[ \t]+[A-Za-z]+[ \t]*=[ \t]*" + _QUOTED_OR_BARE,
        0,
        ("param",),
    ),
    # a Postman environment's variable declared secret (`{"key": K, "value": V, "type": "secret"}`,
    # learning.postman.com/docs/sending-requests/variables: a variable's type `secret`)
    (
        "cli_secret",
        r"""\\?["']value\\?["'][ \t]*:[ \t]*\\?["']([^"'\\\r\n]{4,512})\\?["'][ \t]*,[ \t]*"""
        r"""\\?["']type\\?["'][ \t]*:[ \t]*\\?["']secret\\?["']""",
        1,
        ("secret",),
    ),
    # OmniAuth's `provider :name, KEY, SECRET` (github.com/omniauth/omniauth: the strategy's client
    # id, then its client secret), both literals
    (
        "cli_secret",
        r"""\bprovider[ \t]+:[A-Za-z0-9_]{2,40},[ \t]*\\?["'][^"'\\\r\n]{4,128}\\?["'],[ \t]*"""
        r"""\\?["']([^"'\\\r\n]{8,256})""",
        1,
        ("provider",),
    ),
    # a file named for a key or secret printed by `cat` (`cat config/master.key`, Rails' master key;
    # `cat ~/.vault-token`; a password file, Ansible's `--vault-password-file`, `.vault_pass.txt`,
    # holds the password on its first line): its first line, when generated (`prose_key_loose`'s
    # policy). (`/etc/passwd`, `.htpasswd`, `.pgpass` are no such file: no separator before `pass`.)
    (
        "prose_key_loose",
        r"(?i)\bcat[ \t]+[^\s|;&<>]{0,200}?(?:\.key|[._-]secrets?|[._-]token|master[._-]key|secret[._-]key"
        r"|[._-]pass(?:word|phrase)?(?:\.txt|\.conf)?)"
        r"[ \t]*(?:\r?\n|\\n)(?:[ \t]*[0-9]{1,6}\t)?[ \t]*([^\s\\\"']{16,256})",
        1,
        ("cat",),
    ),
    # a signed URL's signature: SigV4's `X-Amz-Signature` (64 hex, docs.aws.amazon.com/AmazonS3/latest/
    # API/sigv4-query-string-auth.html), Cloud Storage's V4 `X-Goog-Signature` (hex of an RSA or HMAC
    # signature, cloud.google.com/storage/docs/access-control/signed-urls): whoever holds the URL
    # holds the access it grants until it expires
    (
        "url_signature",
        r"(?i)[?&](?:amp;)?x-(?:amz|goog)-signature=([0-9a-f]{64,})",
        1,
        ("x-amz-signature", "x-goog-signature"),
    ),
    # registry credentials set by position: `poetry config http-basic.REPO USER PASSWORD`
    # (python-poetry.org/docs/repositories), `bundle config set [--global] HOST USER:PASSWORD`
    # (bundler.io/man/bundle-config.1.html, "Credentials for gem sources"), Neo4j's
    # `NEO4J_AUTH=neo4j/PASSWORD` (neo4j.com/docs/operations-manual, Docker authentication), the
    # influx CLI's `-t TOKEN` (docs.influxdata.com/influxdb/v2/reference/cli/influx)
    (
        "cli_secret",
        r"\bpoetry[ \t]+config[ \t]+http-basic\.[A-Za-z0-9_.-]+[ \t]+[^\s\"']+[ \t]+\\?[\"']?([^\s\"'\\]{4,256})",
        1,
        ("http-basic",),
    ),
    (
        "cli_secret",
        r"\bbundle[ \t]+config[ \t]+(?:set[ \t]+)?(?:--(?:global|local)[ \t]+)?[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+"
        r"[ \t]+[^\s:\"']{1,64}:([^\s\"'\\]{4,256})",
        1,
        ("bundle",),
    ),
    ("cli_secret", r"\bNEO4J_AUTH[ \t]*[=:][ \t]*\\?[\"']?[^/\s\"']{1,64}/([^\s\"'\\]{4,256})", 1, ("neo4j_auth",)),
    ("cli_secret", r"\binflux[ \t][^\r\n|;&]{0,200}?[ \t](?:-t|--token)[ \t]+([A-Za-z0-9+/=_-]{20,})", 1, ("influx",)),
    # an OpenVPN `auth-user-pass` file printed by `cat` (openvpn(8): the user name, then the password,
    # on two lines), named for what it holds: auth, credentials, a login, or a `pass` file (`pass.txt`,
    # `user-pass.conf`: its second line may be the password, so it is redacted either way; a file
    # named for a `password`, or another tool's `…_pass` file such as Ansible's `vault_pass.txt`,
    # holds it on its first line: the rule above, and its second line is the person's next words)
    (
        "cli_secret",
        r"(?i)\bcat[ \t]+(?:[^\s|;&<>]{0,200}?(?:auth|cred|login)[^\s/|;&<>]{0,40}"
        r"|(?:[^\s|;&<>]{0,200}/)?\.?(?:(?:user|client|vpn)[._-]?)?pass(?:[^\s/|;&<>wW.][^\s/|;&<>]{0,39})?)"
        r"\.(?:txt|conf)"
        r"[ \t]*(?:\r?\n|\\n)[ \t]*[^\s\\]{1,64}[ \t]*(?:\r?\n|\\n)[ \t]*([^\s\\\"']{6,128})",
        1,
        ("cat",),
    ),
    # the Jenkins CLI's `-auth USER:SECRET` (jenkins.io/doc/book/managing/cli: an API token or password)
    ("cli_secret", r"(?:^|[\s\"'])-auth[ \t]+[^\s:@\"']{1,64}:([^\s\"'@]{6,256})", 1, ("-auth",)),
    # Fly.io tokens after their `FlyV1` scheme (fly.io/docs/security/tokens: `FlyV1 fm2_…`)
    ("bearer_token", r"\bFlyV1[ \t]+(f[mo][0-9][a-z]?_[A-Za-z0-9+/_=-]{20,})", 1, ("flyv1",)),
    # strongSwan's ipsec.secrets: `selectors : PSK "secret"` (EAP, XAUTH, NTLM the same; RSA and
    # ECDSA name a key file) (docs.strongswan.org, ipsec.secrets)
    (
        "cli_secret",
        r":[ \t]*(?:PSK|EAP|XAUTH|NTLM)[ \t]+\\?\"([^\"\\\r\n]{4,256})\\?\"",
        1,
        ("psk", "eap", "xauth", "ntlm"),
    ),
    # an OpenVPN static key (`openvpn --genkey secret`): 16 lines of 32 hex under its armor
    (
        "openvpn_static_key",
        r"-----BEGIN OpenVPN Static key V1-----((?:[ \t]*(?:\r?\n|\\n)[ \t>#]*[0-9a-fA-F]{32}){1,16})",
        1,
        ("openvpn static key",),
    ),
    # a key given to a command by process substitution (`wg set … preshared-key <(echo V)`, wg(8)
    # reads the key from the file; `--password-file <(echo V)`)
    (
        "cli_secret",
        r"(?i)\b(?:preshared-key|private-key|[a-z-]*pass(?:word|phrase)?(?:-file)?|[a-z-]*secret(?:-file)?)"
        r"[ \t]+<\([ \t]*(?:echo|printf)[ \t]+(?:-n[ \t]+)?[\"']?([^\s\"')]{8,256})",
        1,
        ("<(",),
    ),
    # a cookie in a Netscape cookies.txt (curl, wget, browser exports: domain, subdomains flag,
    # path, secure flag, expiry, name, value, tab-separated; the tabs maybe JSON-escaped)
    (
        "session_cookie",
        r"(?:\t|\\t)(?:TRUE|FALSE)(?:\t|\\t)[^\t\r\n\\]{1,256}(?:\t|\\t)(?:TRUE|FALSE)(?:\t|\\t)[0-9]{1,12}"
        r"(?:\t|\\t)[^\t\r\n\\]{1,128}(?:\t|\\t)([^\s\\\"']{16,})",
        1,
        ("true", "false"),
    ),
    # framework cookies by their documented payload headers: ASP.NET Core Data Protection's magic
    # header 09 F0 C9 F0 (base64url `CfDJ8`), Laravel's encrypted payload (base64 of `{"iv":`)
    (
        "session_cookie",
        r"(?:^|[^A-Za-z0-9_-])((?:CfDJ8[A-Za-z0-9_-]{60,}|eyJpdiI6[A-Za-z0-9+/%=]{60,}))",
        1,
        ("cfdj8", "eyjpdii6"),
    ),
    # a Rails signed or encrypted cookie, `data--digest` (ActiveSupport::MessageVerifier: the data,
    # `--`, an HMAC in hex, SHA1's 40 or SHA256's 64), and WordPress's auth cookies
    # (`wordpress_logged_in_<md5 of the site URL>=user|expiry|token|hmac`, wp_generate_auth_cookie)
    (
        "session_cookie",
        r"(?:^|[^A-Za-z0-9+/%_-])([A-Za-z0-9+/%]{40,}={0,2}--[0-9a-f]{40}(?:[0-9a-f]{24})?)(?:[^0-9a-f]|$)",
        1,
        ("--",),
    ),
    ("session_cookie", r"\bwordpress_(?:logged_in|sec)_[0-9a-f]{32}=([^\s;\"'\\]{20,})", 1, ("wordpress_",)),
    # a Twilio API key SID (`SK` + 32 hex) names its secret: a credential's user half, redacted (and
    # its 32-character secret beside it: `near_id_spans`)
    ("twilio_api_key", r"\bSK[0-9a-f]{32}\b", 0, ("sk",)),
    # a header of two-factor recovery codes: the codes are looked for on its next lines
    # (`recovery_codes`)
    ("recovery_codes", recovery_codes.HEADER, 0, ("backup", "recovery", "2fa", "mfa", "emergency", "scratch")),
    # a JSON Web Key's `kty` member: its private members are looked for in its object (`jwk_spans`)
    ("jwk", r"\bkty\b", 0, ("kty",)),
    # a Twilio account SID is an id, not a secret: it only anchors the search for its auth token
    # (and is redacted with the token it pairs with: `near_id_spans`)
    ("twilio_sid", r"\bAC[0-9a-f]{32}\b", 0, ("ac",)),
    # AWS secret access keys have no prefix; they are only recognisable by their label (or by
    # standing near an access key id: `near_id_spans`).
    (
        "aws_secret_key",
        r"(?i)(?:aws_?secret_?(?:access_?)?key|secret_?access_?key|SecretAccessKey)[\"']?\s*[:=]\s*"
        r"[\"']?([A-Za-z0-9/+]{40})\b",
        1,
        ("secret",),
    ),
    # `az storage account keys list -o table`: key1/key2 then the 88-character key
    (
        "azure_storage_key",
        r"(?i)\b(?:key[12]|primary_?key|secondary_?key)[\"']?[ \t|:=,]+[\"']?([A-Za-z0-9+/]{86}==)",
        1,
        ("key",),
    ),
    (
        "azure_storage_key",
        r"(?i)(?:AccountKey=|SharedAccessKey=|--account-key[= ]+[\"']?)([A-Za-z0-9+/]{40,}={0,2})",
        1,
        ("accountkey", "account-key", "sharedaccesskey"),
    ),
    # `az storage account keys list` as JSON: `"keyName": "key1"`, then the key as `"value"`
    (
        "azure_storage_key",
        r"(?i)\bkeyName[\"']?\s*:\s*[\"']key[12][\"'][^{}]{0,200}?\bvalue[\"']?\s*:\s*[\"']"
        r"([A-Za-z0-9+/]{86}==)",
        1,
        ("keyname",),
    ),
    # scheme://user:password@host in any URL scheme; the user may be empty (redis://:pw@host).
    ("url_password", r"\b[a-zA-Z][a-zA-Z0-9+.-]{1,20}://[^\s:/?#@\"'<>]{0,64}:([^\s@/\"'<>]{1,128})@", 1, ("://",)),
    # (the value maybe quoted: "token 'V' was rejected")
    ("bearer_token", r"(?i)\b(?:bearer|token)[ \t]+\\?[\"']?([A-Za-z0-9._~+/=-]{20,})", 1, ("bearer", "token")),
    ("basic_auth", r"(?i)\bbasic\s+([A-Za-z0-9+/]{8,}={0,2})", 1, ("basic",)),
    # Kubernetes/Compose env lists: `- name: DB_PASSWORD` then `value: …` (YAML or JSON): the value
    # is data, never a code reference (`ixizs.jmUy770` is a password); the same name/value pairs in
    # CloudFormation's parameter lists (`"ParameterKey": K, "ParameterValue": V`) and in a browser's
    # cookie export (`{"name": "JSESSIONID", "value": V}`: the session cookie's name)
    (
        "k8s_secret",
        # (an e-mail quote's `> >` may start the value's line)
        # (and Envoy's header options, `- header: {key: x-api-key, value: V}`: envoyproxy.io
        # config.core.v3.HeaderValueOption)
        rf"""(?i)\b(?:name|parameterkey|key)\\?["']?\s*:\s*\\?["']?([A-Za-z0-9_.-]*{LABEL_WORD}[A-Za-z0-9_.-]*|"""
        r"""jsessionid|phpsessid|connect\.sid|asp\.net_sessionid|[a-z0-9_]*_session|sessionid|session)\\?["']?\s*,?\s*"""
        r"""(?:\\n)?(?:""" + _PREFIX_ITEM + r""")*\s*-?\s*"""
        # (a block scalar, `value: >-`, holds the value on the next line)
        r"""\\?["']?(?:parameter)?value\\?["']?\s*:[ \t]*(?:[>|][-+]?[ \t]*(?:\r?\n|\\n)[ \t]*)?""" + _QUOTED_OR_BARE,
        0,
        ("secret", "pass", "pw", "token", "key", "auth", "cred"),
    ),
    # SQL Server's session context set by name: `EXEC sp_set_session_context @key = N'K', @value =
    # N'V'` (learn.microsoft.com/sql/relational-databases/system-stored-procedures/sp-set-session-context)
    (
        "k8s_secret",
        rf"(?i)@key[ \t]*=[ \t]*N?\\?'([A-Za-z0-9_.-]*{LABEL_WORD}[A-Za-z0-9_.-]*)\\?'[ \t]*,[ \t]*"
        r"@value[ \t]*=[ \t]*N?\\?(')([^'\\\r\n]{4,200})\\?'()",
        0,
        ("@key",),
    ),
    # <password>…</password>, <apiKey>…</apiKey>
    (
        "env_secret",
        # the `>` stands in for a quote: an element's text is a literal, never a code reference
        # (the closing tag's name is matched too: `_decide` wants it to close the same element)
        # (attributes may stand in the tag: WS-Security's `<wsse:Password Type="…#PasswordText">`)
        rf"<([A-Za-z0-9_:.-]*{LABEL_WORD}[A-Za-z0-9_.-]*)(?:[ \t][^<>\r\n]{{0,160}}[^<>/\r\n])?"
        r"(>)[ \t]*(?:<!\[CDATA\[)?([^<\]\r\n]{4,200})()(?:\]\]>)?"
        r"</[A-Za-z0-9_:.-]*",
        0,
        ("secret", "pass", "pw", "token", "key", "auth", "cred"),
    ),
    # <property name="hibernate.connection.password">X</property>, <entry key="db.password">X</entry>:
    # an element whose name/key attribute names a secret holds it as its text (the tag must not be
    # self-closing: `<add key="…Password" value="…" />` is the next rule's)
    (
        "elem_secret",
        rf"""(?i)\b(?:name|key)[ \t]*=[ \t]*\\?["']([A-Za-z0-9_.:-]*{LABEL_WORD}[A-Za-z0-9_.:-]*)\\?["']"""
        r"""(?:[^<>\r\n]{0,120}[^<>/\r\n])?(>)[ \t]*(?:<!\[CDATA\[)?([^<\]\r\n]{4,200})()(?:\]\]>)?</""",
        0,
        ("secret", "pass", "pw", "token", "key", "auth", "cred"),
    ),
    # <add key="ClearTextPassword" value="…" />, <param name="apiToken" value="…"/>: a key/name
    # attribute naming a secret, then its value attribute (NuGet, .NET appSettings, Ant, log4j)
    (
        "env_secret",
        rf"""(?i)\b(?:key|name)[ \t]*=[ \t]*["']([A-Za-z0-9_.:-]*{LABEL_WORD}[A-Za-z0-9_.:-]*)["'][ \t]+"""
        rf"""value[ \t]*=[ \t]*{_QUOTED_OR_BARE}""",
        0,
        ("secret", "pass", "pw", "token", "key", "auth", "cred"),
    ),
    # a Terraform variable named for a secret, its `default` in the block (maybe on escaped lines)
    # (a JWK's private member too: `jwk_d`, judged by its words)
    (
        "env_secret",
        rf"\bvariable[ \t]+\\?\"([A-Za-z0-9_.-]*(?:{LABEL_WORD}|(?i:jwk))[A-Za-z0-9_.-]*)\\?\"[ \t]*"
        r"\{[^{}]{0,300}?"
        rf"\bdefault[ \t]*=[ \t]*\\?{_QUOTED_OR_BARE}",
        0,
        ("variable",),
    ),
    # an element named for a secret holding a `<Value>` child (Windows unattend `<Password><Value>`)
    (
        "elem_secret",
        rf"<([A-Za-z0-9_:.-]*{LABEL_WORD}[A-Za-z0-9_.-]*)>(?:\s|\\[nrt])*<[Vv]alue(>)[ \t]*([^<\r\n]{{4,200}})()</",
        0,
        ("value>",),
    ),
    # Oracle tools' `user/password@connect` argument (`sqlplus scott/"tiger"@//host:1521/svc`)
    (
        "password",
        r"\b(?:sqlplus|sqlldr|expdp|impdp|rman|dgmgrl|sqlcl)[ \t]+(?:-[A-Za-z]+[ \t]+)*\\?[\"']?[A-Za-z0-9_.$#]{1,64}"
        r"/\\?[\"']?([^\s\"'@\\/]{4,128})\\?[\"']?@",
        1,
        ("sqlplus", "sqlldr", "expdp", "impdp", "rman", "dgmgrl", "sqlcl"),
    ),
    # Go's MySQL driver DSN: `user:password@tcp(host:3306)/db`, `@unix(/path)`
    (
        "url_password",
        r"(?:^|[\s\"'`=(])[A-Za-z0-9_.-]{1,64}:([^\s@\"'`/]{1,128})@(?:tcp|tcp6|unix|udp)\(",
        1,
        ("@tcp", "@unix", "@udp"),
    ),
    # -pSECRET (mysql family, attached: `-p` alone prompts), -a SECRET (redis-cli), sshpass -p, docker -p
    (
        "cli_secret",
        r"\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump|mycli)\b[^\r\n|;&]*?[ \t]-p"
        + _QUOTED_OR_BARE.replace("{4,200}", "{1,200}"),
        0,
        ("mysql", "mariadb", "mycli"),
    ),
    ("cli_secret", r"\bredis-cli\b[^\r\n|;&]*?[ \t]-a[ \t]+" + _QUOTED_OR_BARE, 0, ("redis-cli",)),
    ("cli_secret", r"\bsshpass[ \t]+-p[ \t]*" + _QUOTED_OR_BARE, 0, ("sshpass",)),
    # the password flags of LDAP clients (-w), SQL Server's tools (-P) and MongoDB's (-p)
    (
        "cli_secret",
        r"\bldap(?:search|modify|add|delete|whoami|passwd|compare|modrdn|exop)\b[^\r\n|;&]*?[ \t]-w[ \t]*"
        + _QUOTED_OR_BARE,
        0,
        ("ldap",),
    ),
    ("cli_secret", r"\b(?:sqlcmd|bcp|osql)\b[^\r\n|;&]*?[ \t]-P[ \t]*" + _QUOTED_OR_BARE, 0, ("sqlcmd", "bcp", "osql")),
    (
        "cli_secret",
        r"\bmongo(?:sh|dump|restore|export|import)?\b[^\r\n|;&]*?[ \t]-p[ \t]+" + _QUOTED_OR_BARE,
        0,
        ("mongo",),
    ),
    (
        "cli_secret",
        # (`-p` is a password after `login` only: `docker run -p 5432:5432` publishes a port)
        r"\b(?:(?:docker|podman|nerdctl|helm|oras|skopeo)\b[^\r\n|;&]*?\blogin\b|twine\b)[^\r\n|;&]*?[ \t]-p[ \t]+"
        + _QUOTED_OR_BARE,
        0,
        ("docker", "podman", "nerdctl", "helm", "twine", "oras", "skopeo"),
    ),
    (
        "cli_secret",
        r"\b(?:curl|wget|https?)\b[^\r\n|;&]*?[ \t](?:-u|--user|-U|--proxy-user|-a|--auth)[ \t]*"
        r"[\"']?[^\s:\"']{1,64}:([^\s\"'`]{1,200})",
        1,
        ("curl", "wget", "http"),
    ),
    # an API key as basic auth's user, the password empty or quoted (`curl -u KEY:`, Stripe's and
    # Mailgun's documented form): the user is the secret (when it looks generated: `_KEY_USER_RULE`)
    (
        "cli_secret",
        _KEY_USER_PATTERN
        := r"\b(?:curl|wget|https?)\b[^\r\n|;&]*?[ \t](?:-u|--user)[ \t]*[\"']?([A-Za-z0-9_-]{16,64}):"
        r"(?:''|\"\"|'[^'\s]{0,64}'|\"[^\"\s]{0,64}\"|[ \t]|$)",
        1,
        ("curl", "wget", "http"),
    ),
    # Commands that take a password by position, not behind a flag of its own. Their values must
    # look generated (`positional_password` in `_rejected`): `echo 'hello world' | sudo -S` is none.
    # A password piped to a command that reads it from stdin: `echo X | sudo -S`, `… | docker
    # login --password-stdin`, `echo user:X | chpasswd`
    (
        "positional_password",
        r"\b(?:echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+)?(?:[\"']%s(?:\\n)?[\"'][ \t]+)?"
        + _QUOTED_OR_BARE
        # (a markdown table escapes the pipe: `\|`)
        + r"[ \t]*\\?\|[ \t]*(?:sudo[ \t]+(?:-[A-Za-z][ \t]+)*)?"
        r"(?:sudo\b[^\r\n|;&]{0,200}?[ \t]-S\b|[A-Za-z0-9_.-]{1,40}\b[^\r\n|;&]{0,200}?[ \t]"
        # (`--with-token`, `--token-stdin`: a token read from stdin, as `gh auth login`, `glab auth
        # login --stdin` and many a vendor's CLI name the flag)
        r"(?:--password-stdin|--passphrase-stdin|--passphrase-fd[ =]0|-pass(?:in|out)?[ \t]+stdin|--with-token|"
        r"--token-stdin|--api-key-stdin)\b|"
        r"chpasswd\b|passwd[ \t]+--stdin\b|"
        # (`az devops login` reads a token from stdin)
        r"az[ \t]+devops[ \t]+login\b)",
        0,
        ("sudo", "stdin", "chpasswd", "devops login", "with-token"),
    ),
    # Terraform's `random_password` resource as `terraform state show` prints it: its `result` is
    # the generated password (the provider marks it sensitive; registry.terraform.io/providers/
    # hashicorp/random/latest/docs/resources/password)
    (
        "password",
        r"\brandom_password\\?\"[ \t]+\\?\"[^\"\\\r\n]{1,64}\\?\"[ \t]*\{[^}]{0,600}?\bresult[ \t]*=[ \t]*\\?\""
        r"([^\"\\\r\n]{4,256})\\?\"",
        1,
        ("random_password",),
    ),
    # a PostgreSQL password file line (`.pgpass`, PGPASSFILE): host:port:database:user:password, the
    # port a number or `*`; the password runs to the end of the line (a `:` in it is escaped)
    (
        "positional_password",
        # (the host a name, `*`, an IPv4 address: not the hex of a request id, `7F2A:81234:…`)
        # (named: `_PGPASS_RULE` finds the rule by its pattern, not by its keyword)
        _PGPASS_PATTERN := r"(?m)(?:^|[\s\"'`>(=+])"
        r"(?:[A-Za-z*][A-Za-z0-9.*_-]{0,252}|[0-9]{1,3}(?:\.[0-9]{1,3}){3}):(?:[0-9]{1,5}|\*):[^\s:\"']{1,64}:"
        r"[^\s:\"']{1,64}:((?:[^\s:\"'`\\]|\\:){4,128})(?:$|[\s\"'`\\])",
        1,
        (":",),
    ),
    # a secret piped to a command that stores it from stdin: `printf X | docker secret create NAME -`
    (
        "positional_password",
        r"\b(?:echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+)?(?:[\"']%s(?:\\n)?[\"'][ \t]+)?"
        + _QUOTED_OR_BARE
        + r"[ \t]*\\?\|[ \t]*(?:docker|podman)[ \t]+secret[ \t]+create\b",
        0,
        ("secret",),
    ),
    # FreeRDP's `/p:X` (its user is `/u:`), Windows-style flags on a Unix command line
    (
        "cli_secret",
        r"\b(?:xfreerdp3?|wlfreerdp|sdl-freerdp3?|freerdp)\b[^\r\n|;&]{0,200}?[ \t]/p:" + _QUOTED_OR_BARE,
        0,
        ("freerdp",),
    ),
    # a here-string into a command that reads a password (`smbpasswd -a bob <<< 'X'`), lftp's `-u user,X`
    (
        "positional_password",
        r"\b(?:smbpasswd|passwd|chpasswd|pdbedit|htpasswd)\b[^\r\n|;&]{0,100}?<<<[ \t]*" + _QUOTED_OR_BARE,
        0,
        ("<<<",),
    ),
    (
        "cli_secret",
        r"\blftp\b[^\r\n|;&]{0,200}?[ \t]-u[ \t]+[\"']?[^\s,\"']{1,64},([^\s\"'`]{1,200}?)[\"']?(?:\s|$)",
        1,
        ("lftp",),
    ),
    # openssl's pass phrase arguments: `-passin pass:X`, `-passout pass:X`, `-pass pass:X`
    ("positional_password", r"(?:^|\s)-pass(?:in|out)?[ \t]+pass:" + _QUOTED_OR_BARE, 0, ("pass:",)),
    # user management: `rabbitmqctl add_user USER PW`, `htpasswd -b FILE USER PW`, `net user USER PW`,
    # `net use \\srv\share PW /user:U` or `… /user:U PW`, `mysqladmin … password PW`
    (
        "positional_password",
        r"\brabbitmqctl\b[^\r\n|;&]{0,100}?[ \t](?:add_user|change_password)[ \t]+[\"']?[^\s\"']{1,64}[\"']?[ \t]+"
        + _QUOTED_OR_BARE,
        0,
        ("rabbitmqctl",),
    ),
    (
        "positional_password",
        r"\b(?:htpasswd|mosquitto_passwd)\b[^\r\n|;&]{0,100}?[ \t]-[A-Za-z]{0,4}b[A-Za-z]{0,4}[ \t]+"
        r"(?:-[A-Za-z]{1,4}[ \t]+){0,3}(?:[^\s-][^\s]{0,200}[ \t]+)?[^\s-][^\s]{0,64}[ \t]+" + _QUOTED_OR_BARE,
        0,
        ("htpasswd", "mosquitto_passwd"),
    ),
    (
        "positional_password",
        r"(?i)\bnet[ \t]+user[ \t]+[\"']?[^\s\"'/]{1,64}[\"']?[ \t]+" + _QUOTED_OR_BARE,
        0,
        ("net",),
    ),
    (
        "positional_password",
        r"(?i)\bnet[ \t]+use\b[^\r\n|;&]{0,200}?[ \t]/u(?:ser)?:[^\s]{1,100}[ \t]+" + _QUOTED_OR_BARE,
        0,
        ("net",),
    ),
    (
        "positional_password",
        r"(?i)\bnet[ \t]+use[ \t]+(?:[A-Za-z*]:?[ \t]+)?\\\\[^\s]{1,200}[ \t]+" + _QUOTED_OR_BARE,
        0,
        ("net",),
    ),
    (
        "positional_password",
        r"\bmysqladmin\b[^\r\n|;&]{0,200}?[ \t]password[ \t]+" + _QUOTED_OR_BARE,
        0,
        ("mysqladmin",),
    ),
    # SQL: `CREATE USER … IDENTIFIED BY 'X'`, `ALTER ROLE … WITH PASSWORD 'X'`; PowerShell's
    # `ConvertTo-SecureString 'X' -AsPlainText`
    (
        "positional_password",
        # (PostgreSQL's role options may stand between: `WITH LOGIN PASSWORD 'X'`)
        r"(?i)\b(?:identified[ \t]+(?:with[ \t]+[A-Za-z0-9_]{1,40}[ \t]+)?by|"
        r"(?:with(?:[ \t]+[a-z]{3,20}){0,4}|encrypted)[ \t]+password)"
        # (quoted: SQL's literal; "identified by its shape" is prose)
        r"[ \t]+(?:password[ \t]+)?" + _QUOTED_ONLY,
        0,
        ("identified", "password"),
    ),
    (
        "positional_password",
        r"(?i)\bConvertTo-SecureString[ \t]+(?:-String[ \t]+)?" + _QUOTED_OR_BARE,
        0,
        ("convertto-securestring",),
    ),
    # credential constructors and logins taking (user, password): `HTTPBasicAuth("u", "X")`,
    # `auth=("u", "X")`, `new NetworkCredential("u", "X")`, `smtp.login("u", "X")`
    (
        "positional_password",
        r"(?:\bauth\s*=\s*[(\[]|\b[A-Za-z]{0,30}(?:Auth|Credentials?|Authentication|AuthenticationToken)\s*\(|"
        r"\.(?:login|auth|authenticate)\s*\()\s*[\"'][^\"'\r\n]{1,64}[\"']\s*,\s*" + _QUOTED_ONLY,
        0,
        ("auth", "credential", "login"),
    ),
    # an API client constructed with its key as the first argument, a generated hex key of 32 to 128
    # digits (Cisco Meraki's Python SDK, `meraki.DashboardAPI("<40 hex>")`, developer.cisco.com/meraki;
    # `SomeClient("<hex>")`): a constructor named `…API`/`…Client` takes no hash or id so long
    (
        "api_key",
        r"\b[A-Z][A-Za-z0-9]{0,40}(?:API|Api|Client)\(\s*\\?[\"']([0-9a-fA-F]{32,128})\\?[\"']",
        1,
        ("api(", "client("),
    ),
    # `smbclient //srv/share -U user%X` (Samba's user%password), Oracle's `sqlplus user/X@db`
    (
        "cli_secret",
        r"\b(?:smbclient|rpcclient|smbmap|smbcacls|smbget|net[ \t]+rpc|crackmapexec|nxc|netexec)\b[^\r\n|;&]{0,200}?"
        r"[ \t](?:-U|--user(?:name)?)[= \t]*[\"']?[^\s%\"']{1,64}%([^\s\"'`]{1,200})",
        1,
        ("smb", "rpcclient", "net", "crackmapexec", "nxc", "netexec"),
    ),
    (
        "cli_secret",
        r"\b(?:sqlplus|expdp|impdp|rman|sqlldr|dgmgrl)\b[^\r\n|;&]{0,100}?[ \t=][\"']?[A-Za-z0-9_$#]{1,30}/"
        r"([^\s@/\"']{1,128})(?:@|[\"']?(?:\s|$))",
        1,
        ("sqlplus", "expdp", "impdp", "rman", "sqlldr", "dgmgrl"),
    ),
    # pass-phrase flags of single-letter form: `ssh-keygen -N X`, `zip -P X`, `7z a -pX`, the `-p`
    # of `az login`, `oc login`, `cf login`, `psexec`; Windows' `/pass:X`, `schtasks … /RP X`
    ("cli_secret", r"\bssh-keygen\b[^\r\n|;&]{0,200}?[ \t]-[NP][ \t]+" + _QUOTED_OR_BARE, 0, ("ssh-keygen",)),
    ("cli_secret", r"\b(?:zip|unzip|zipcloak)\b[^\r\n|;&]{0,200}?[ \t]-P[ \t]+" + _QUOTED_OR_BARE, 0, ("zip",)),
    ("cli_secret", r"\b7z[a-z]?\b[^\r\n|;&]{0,200}?[ \t]-p" + _QUOTED_OR_BARE, 0, ("7z",)),
    (
        "cli_secret",
        # (rdesktop's and ncftp's `-p` too)
        r"(?:\b(?:az|oc|cf)[ \t]+login\b|\bpsexec(?:64)?\b|\bpaexec\b|\brdesktop\b|\bncftp(?:get|put)?\b)"
        r"[^\r\n|;&]{0,200}?[ \t]-p[ \t]+" + _QUOTED_OR_BARE,
        0,
        ("login", "psexec", "paexec", "rdesktop", "ncftp"),
    ),
    ("positional_password", r"\bcf[ \t]+auth[ \t]+[^\s\"']{1,64}[ \t]+" + _QUOTED_OR_BARE, 0, ("cf",)),
    (
        "cli_secret",
        r"(?i)(?:(?:^|\s)/(?:pass|password|pwd)[:=]|\bschtasks\b[^\r\n|;&]{0,200}?[ \t]/RP[ \t]+)" + _QUOTED_OR_BARE,
        0,
        ("/pass", "/pwd", "schtasks"),
    ),
    # a personal access token by its name's last word (`AZURE_DEVOPS_EXT_PAT=…`, `"GITLAB_PAT": "…"`;
    # judged as a weak key: the value must look generated)
    (
        "env_secret",
        r"\b([A-Za-z0-9_.-]*[_.-](?i:pat))\\?[\"']?[ \t]*[:=][ \t]*\\?" + _QUOTED_OR_BARE,
        0,
        ("pat",),
    ),
    # a YAML block scalar: `password: |` (or `>-`) and the value on the next, indented line
    (
        "env_secret",
        rf"\b([A-Za-z0-9_.-]*{LABEL_WORD}[A-Za-z0-9_.-]*)[\"']?[ \t]*:[ \t]*[|>][+-]?[1-9]?[ \t]*\r?\n"
        rf"(?:{_PREFIX_ITEM})*[ \t]+" + _QUOTED_OR_BARE,
        0,
        ("secret", "pass", "pw", "token", "key", "auth", "cred"),
    ),
    # PuTTY's .ppk: the private key is the base64 after `Private-Lines: N`
    (
        "private_key",
        # (its lines may be broken by `<br>` in an HTML cell, and carry a log's timestamp or a compose
        # service's `api-1  | ` prefix)
        r"Private-Lines:[ \t]*[0-9]{1,3}[ \t]*"
        + _PPK_BREAK
        + _LINE_PREFIX
        + _LOG_PREFIX
        + r"((?:[A-Za-z0-9+/=]{4,}[ \t]*(?:"
        + _PPK_BREAK
        + _LINE_PREFIX
        + _LOG_PREFIX
        + r")?)+)",
        1,
        ("private-lines",),
    ),
    # Incoming-webhook URLs of chat and automation services, whose path is the credential:
    # Mattermost `/hooks/<26-character id>` (developers.mattermost.com, incoming webhooks), Microsoft
    # Teams `<tenant>.webhook.office.com/webhookb2/…` (learn.microsoft.com, incoming webhooks),
    # Google Chat `…/messages?key=…&token=…` (developers.google.com/workspace/chat/quickstart/webhooks),
    # Zapier `hooks.zapier.com/hooks/catch/<account>/<hook>/` (Zapier's webhook trigger)
    ("chat_webhook", r"https?://[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?/hooks/([a-z0-9]{26})\b", 1, ("/hooks/",)),
    (
        "chat_webhook",
        r"\b(?:[A-Za-z0-9-]{1,63}\.)?(?:webhook|outlook)\.office(?:365)?\.com/webhook(?:b2)?/([^\s\"'<>`|\\]{20,400})",
        1,
        ("office",),
    ),
    (
        "chat_webhook",
        r"\bchat\.googleapis\.com/v1/spaces/[^\s?]{1,100}\?[^\s\"'<>]*?\btoken=([A-Za-z0-9_%=-]{20,})",
        1,
        ("chat.googleapis",),
    ),
    ("chat_webhook", r"\bhooks\.zapier\.com/hooks/catch/([0-9]{3,12}/[A-Za-z0-9]{4,40})", 1, ("hooks.zapier",)),
    # documented token shapes with a prefix of their own: Airtable personal access tokens (`pat`, 14
    # characters, `.`, 64 hex; airtable.com/developers), Grafana service-account tokens (`glsa_`, 32
    # characters, `_`, 8 hex) and Grafana Cloud tokens (`glc_`), Pinecone API keys (`pcsk_`),
    # OpenRouter keys (`sk-or-v1-` and 64 hex), Langfuse secret keys (`sk-lf-`)
    ("airtable_token", r"\bpat[A-Za-z0-9]{14}\.[a-f0-9]{64}\b", 0, ("pat",)),
    ("grafana_token", r"\bglsa_[A-Za-z0-9]{32}_[a-f0-9]{8}\b", 0, ("glsa_",)),
    ("grafana_token", r"\bglc_[A-Za-z0-9+/_-]{32,400}={0,2}", 0, ("glc_",)),
    ("pinecone_key", r"\bpcsk_[A-Za-z0-9]{4,10}_[A-Za-z0-9]{40,100}\b", 0, ("pcsk_",)),
    ("openrouter_key", r"\bsk-or-v1-[a-f0-9]{64}\b", 0, ("sk-or-",)),
    ("langfuse_key", r"\bsk-lf-[A-Za-z0-9-]{16,}", 0, ("sk-lf-",)),
    # Context7's (Upstash) API keys carry the `ctx7sk` prefix (context7.com's dashboard and its MCP
    # server's `CONTEXT7_API_KEY` docs)
    ("context7_key", r"\bctx7sk[-_][A-Za-z0-9-]{20,80}", 0, ("ctx7sk",)),
    # more documented shapes: Postman API keys (`PMAK-`, 24 hex, `-`, 34 hex), Braintree access tokens
    # (`access_token$production$…$…`), Dropbox short-lived tokens (`sl.`), JFrog reference tokens
    # (base64 of `reftkn:01:`), Asana personal access tokens (`2/<user>:<32 hex>`), Bitwarden Secrets
    # Manager access tokens (`0.<uuid>.<secret>:<key>`), ElevenLabs keys (`sk_` and 48 hex),
    # PlanetScale tokens and passwords (`pscale_tkn_`, `pscale_pw_`), Notion integration tokens
    # (`ntn_`; the older `secret_` ones are betterleaks': `secret_` alone opens the Set too often)
    ("postman_key", r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b", 0, ("pmak-",)),
    ("braintree_token", r"\baccess_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}\b", 0, ("access_token$",)),
    ("dropbox_token", r"\bsl\.(?:u\.)?[A-Za-z0-9_-]{130,}", 0, ("sl.",)),
    ("jfrog_token", r"\bcmVmdGtuOjAx[A-Za-z0-9+/]{40,}={0,2}", 0, ("cmvmdgtuojax",)),
    ("asana_token", r"\b[12]/[0-9]{12,20}(?:/[0-9]{12,20})?:[a-f0-9]{32}\b", 0, (":",)),
    (
        "bitwarden_token",
        r"\b0\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9]{30}:[A-Za-z0-9+/]{22,24}={0,2}",
        0,
        ("0.",),
    ),
    ("elevenlabs_key", r"\bsk_[a-f0-9]{48}\b", 0, ("sk_",)),
    ("planetscale_token", r"\bpscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,64}", 0, ("pscale_",)),
    ("notion_token", r"\bntn_[0-9]{11}[A-Za-z0-9]{35}\b", 0, ("ntn_",)),
    # a Discord bot token: the bot's user id in base64 (a snowflake's digits: `M`/`N`/`O` first), a
    # timestamp and an HMAC, dot-separated (discord.com/developers/docs/reference, authentication);
    # the first part must decode to digits (`_rejected`)
    (
        "discord_bot_token",
        r"\b([MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40})\b",
        1,
        ("m", "n", "o"),
    ),
    # Redis' `requirepass` / `masterauth` (redis.conf), a password by position
    (
        "cli_secret",
        r"(?m)(?:^|<br ?/?>)" + _LINE_PREFIX + r"(?:requirepass|masterauth)[ \t]+" + _QUOTED_OR_BARE,
        0,
        ("requirepass", "masterauth"),
    ),
    # Contentful personal access tokens: `CFPAT-` and 43 url-safe characters (contentful.com, CMA
    # authentication)
    ("contentful_token", r"\bCFPAT-[A-Za-z0-9_-]{40,}", 0, ("cfpat-",)),
    # A Bitcoin private key in wallet import format: base58, `5` (uncompressed, 51 characters) or
    # `K`/`L` (compressed, 52), validated by its version byte and double-SHA-256 checksum in
    # `_rejected` (en.bitcoin.it/wiki/Wallet_import_format)
    # (named: a WIF label, `importprivkey`, a wallet's or a private key's mention on the line; a bare
    # run starting `5`/`K`/`L` is too common a start for the one Set pass)
    (
        "crypto_private_key",
        r"(?i)\b(?:wif|importprivkey|dumpprivkey|privkey|private[ _-]?key|wallet)\b[^\r\n]{0,60}?"
        r"\b(?-i:([5KL][1-9A-HJ-NP-Za-km-z]{50,51}))\b",
        1,
        ("wif", "privkey", "private", "wallet"),
    ),
    # An Ethereum private key (32 bytes, `0x` and 64 hex) where tools take one: Hardhat's network
    # `accounts: ["0x…"]` (hardhat.org, config), ethers' `new Wallet("0x…")`, viem's
    # `privateKeyToAccount("0x…")`; elsewhere 64 hex is a transaction or block hash
    (
        "crypto_private_key",
        r"(?:\baccounts[ \t]*:[ \t]*\[[ \t]*|\bWallet\([ \t]*|\b(?:privateKeyToAccount|fromPrivateKey)\([ \t]*)"
        r"\\*[\"'`](0x[0-9a-fA-F]{64})\\*[\"'`]",
        1,
        ("accounts", "wallet(", "privatekey"),
    ),
    # TOTP / HOTP shared secrets (base32): an `otpauth://` URI's `secret=` (the Key Uri Format of
    # Google Authenticator), pyotp's `TOTP("…")` / `HOTP("…")` (pyauth.github.io/pyotp), and the
    # "setup key" an app shows beside its QR code
    (
        "totp_secret",
        r"\botpauth://[th]otp/[^\s?]{0,200}\?(?:[^\s#]{0,300}?&)?secret=([A-Za-z2-7]{16,128}=*)",
        1,
        ("otpauth",),
    ),
    ("totp_secret", r"\bpyotp\.[HT]OTP\([ \t]*\\*[\"']([A-Z2-7]{16,128}=*)\\*[\"']", 1, ("pyotp",)),
    (
        "totp_secret",
        r"(?i)\b(?:setup|2fa|mfa|totp|otp|authenticator)[ \t]+(?:secret|key|code)\b[^\r\n:]{0,60}:[ \t]*"
        # (an app may show it lowercase in groups of four: `3s34 s3kp w4ux …`)
        r"(?-i:([A-Z2-7]{16,128}|[a-z2-7]{4}(?: [a-z2-7]{4}){3,15}))\b",
        1,
        ("setup", "2fa", "mfa", "otp", "authenticator"),
    ),
    # SNMP community strings (net-snmp: `rocommunity COMMUNITY [SOURCE]` in snmpd.conf(5), the `-c
    # COMMUNITY` of the snmpcmd(1) tools; snmp_exporter's `community:`): v1/v2c's shared password
    ("cli_secret", r"(?m)^" + _LINE_PREFIX + r"(?:ro|rw)community6?[ \t]+" + _QUOTED_OR_BARE, 0, ("community",)),
    (
        "cli_secret",
        r"\bsnmp(?:walk|bulkwalk|get|getnext|bulkget|set|table|trap|inform|df|netstat|status|check|test)\b"
        r"[^\r\n|;&]{0,200}?[ \t]-c[ \t]*" + _QUOTED_OR_BARE,
        0,
        ("snmp",),
    ),
    ("cli_secret", r"\bcommunity(?:_?string)?\\?[\"']?[ \t]*[:=][ \t]*" + _QUOTED_OR_BARE, 0, ("community",)),
    # `gh secret set NAME --body V` (cli.github.com/manual/gh_secret_set: the body is the secret)
    (
        "cli_secret",
        r"\bgh[ \t]+secret[ \t]+set\b[^\r\n|;&]{0,200}?[ \t](?:--body|-b)(?:[ \t]+|=)" + _QUOTED_OR_BARE,
        0,
        ("secret set",),
    ),
    # a secret piped into the command that stores it: `echo "V" | wrangler secret put NAME`
    # (developers.cloudflare.com/workers/wrangler/commands: the value is read from stdin), `echo -n V
    # | docker secret create NAME -`, `| gcloud secrets versions add NAME --data-file=-`, `| vercel
    # env add NAME`, `| gh secret set NAME`
    (
        "cli_secret",
        # (or `printf '%s' V |`: printf's format string first, quoted or not, the value its argument)
        r"\b(?:echo[ \t]+(?:-[neE]{1,2}[ \t]+)?|printf[ \t]+(?:\\?[\"']?%s(?:\\n)?\\?[\"']?[ \t]+)?)"
        + _QUOTED_OR_BARE
        + r"[ \t]*\|[ \t]*[^\r\n|;&]{0,80}?\b"
        r"(?:secrets?[ \t]+(?:versions[ \t]+)?(?:put|set|create|add)|env[ \t]+add|secret:create|"
        # (libsecret's `secret-tool store` reads the secret from stdin, secret-tool(1); so does
        # `systemd-creds encrypt - NAME`, systemd-creds(1); and the password store's `pass insert`)
        r"secret-tool[ \t]+store|systemd-creds[ \t]+encrypt|pass[ \t]+(?:insert|add))\b",
        0,
        ("echo", "printf"),
    ),
    # the same commands given the value by process substitution (`gcloud secrets versions add NAME
    # --data-file=<(printf %s V)`: bash's `<(…)` is a file holding the command's output)
    (
        "cli_secret",
        r"\b(?:secrets?[ \t]+(?:versions[ \t]+)?(?:put|set|create|add)|env[ \t]+add|secret:create)\b"
        r"[^\r\n|;&]{0,200}?<\([ \t]*(?:echo[ \t]+(?:-[neE]{1,2}[ \t]+)?|"
        r"printf[ \t]+(?:\\?[\"']?%s(?:\\n)?\\?[\"']?[ \t]+)?)" + _QUOTED_OR_BARE,
        0,
        ("<(",),
    ),
    # the standard Unix password store's insert (passwordstore.org, pass(1): `pass insert
    # [--multiline] NAME` reads the password from stdin): a here-document's first line (a pipe: above)
    (
        "cli_secret",
        r"\bpass[ \t]+(?:insert|add)\b[^\r\n|;&]{0,160}?<<-?[ \t]*\\?[\"']?[A-Za-z_]{1,20}\\?[\"']?[ \t]*"
        r"(?:\r?\n|(?:\\r)?\\n)" + _LINE_PREFIX + r"([^\s\\\"'`]{4,200})",
        1,
        ("pass insert", "pass add"),
    ),
    # a secret manager's create/set command given the value by flag (`… secrets create NAME --value
    # V`): the value is a secret by where it goes
    (
        "cli_secret",
        r"\bsecrets?[ \t]+(?:create|set|add|put|update)\b[^\r\n|;&]{0,200}?[ \t]--value(?:[ \t]+|=)" + _QUOTED_OR_BARE,
        0,
        ("secret",),
    ),
    # macOS keychain: `security add-generic-password … -w V` (security(1): `-w` is the password)
    (
        "cli_secret",
        r"\bsecurity[ \t]+add-(?:generic|internet)-password\b[^\r\n|;&]{0,200}?[ \t]-w[ \t]+" + _QUOTED_OR_BARE,
        0,
        ("-password",),
    ),
    # curl's `--oauth2-bearer V` (curl.se/docs/manpage.html): the bearer token itself
    ("cli_secret", r"--oauth2-bearer(?:[ \t]+|=)" + _QUOTED_OR_BARE, 0, ("--oauth2-bearer",)),
    # a flag naming a secret's file given stdin, and a here-string feeding it (`--password-file
    # /dev/stdin <<< V`, `--macaroonpath=/dev/stdin … <<< V`)
    (
        "cli_secret",
        r"--[A-Za-z-]{0,30}(?:pass(?:word)?|secret|token|key|macaroon|cred(?:ential)?s?)[A-Za-z-]{0,10}"
        r"(?:[ \t]+|=)/dev/stdin\b[^\r\n|;&<]{0,200}<<<[ \t]*" + _QUOTED_OR_BARE,
        0,
        ("/dev/stdin",),
    ),
    # an interactive prompt for a secret and what was typed after it, as a terminal transcript
    # shows it (`? Enter a secret value: V`, `Enter new password: V`); the value up to the line's end
    (
        "cli_secret",
        r"(?i)\b(?:enter|type|input|paste|provide)[ \t]+(?:(?:a|an|the|your|new)[ \t]+){0,2}"
        r"(?:secret|password|passphrase|passcode|token|api[ \t]+key|access[ \t]+key)(?:[ \t]+value)?[ \t]*:[ \t]*"
        r"(?-i:([^\s\\\"'`]{4,200}))",
        1,
        ("enter", "type", "input", "paste", "provide"),
    ),
    # Erlang's distribution cookie, the shared secret every node of a cluster authenticates with
    # (erlang.org, erl(1) `-setcookie`, Elixir's `iex --cookie`), and the file that holds it
    (
        "erlang_cookie",  # (not a labelled value's policy: the default cookie is 20 capitals, a constant's shape)
        r"\b(?:erl|iex|elixir|elixir\.bat|rebar3|mix)\b[^\r\n|;&]{0,120}?[ \t]-{1,2}(?:set)?cookie(?:[ \t]+|=)"
        r"\\?[\"']?([^\s\"'`\\]{6,200})",
        1,
        ("cookie",),
    ),
    # a file named for a secret printed (`cat ~/.app/secret_token`, `base64 -w0 …private_key`), then
    # its content alone on the next line
    (
        "cli_secret",
        r"\b(?:cat|base64(?:[ \t]+-w[ \t]?0)?|Get-Content|type)[ \t]+[^\s|;&<>]{0,200}?"
        r"(?:secret|private|passw(?:or)?d|token|cookie|credentials?|\.pem|\.key)[A-Za-z0-9_.-]{0,30}[ \t]*"
        r"(?:\r?\n|(?:\\r)?\\n)"
        + _LINE_PREFIX
        # (the content a single run to its line's end, no `K=V` or `K: V` line: `cat ~/.smbcredentials`
        # shows `username=U` first, a user's name, and the password line has its own rules)
        + r"([^\s\\\"'`=:]{8}[^\s\\\"'`=:]*=*)(?:[ \t]*(?:\r|\n|\\[rn]|$))",
        1,
        ("secret", "private", "passw", "token", "cookie", "credential", ".pem", ".key"),
    ),
    # a secret store's read command, whatever the item is called, then what it printed: the value
    # alone on each of the next lines (a stored note of several codes). The commands as their tools
    # document printing a secret: pass/gopass `show`, Bitwarden `bw get password|notes|totp`,
    # 1Password `op read`, `lpass show --password`, macOS `security find-…-password -w`, Vault's
    # `-field`, `secret-tool lookup`, `keyring get`, `gcloud secrets versions access`, AWS Secrets
    # Manager's and SSM's getters, Azure Key Vault's `secret show`, `doppler secrets get`, and a
    # Kubernetes Secret's data through `base64 -d`.
    (
        "cli_secret",
        r"(?:\b(?:go)?pass[ \t]+show\b|\bbw[ \t]+get[ \t]+(?:password|notes|totp)\b|\bop[ \t]+read\b"
        r"|\blpass[ \t]+show\b[^\r\n]{0,200}?--password|\bsecurity[ \t]+find-(?:generic|internet)-password\b"
        r"[^\r\n]{0,200}?[ \t]-w\b|\bvault[ \t]+(?:kv[ \t]+get|read)\b[^\r\n]{0,200}?-field\b"
        r"|\bsecret-tool[ \t]+lookup\b|\bkeyring[ \t]+get\b|\bgcloud[ \t]+secrets[ \t]+versions[ \t]+access\b"
        r"|\baws[ \t]+(?:secretsmanager[ \t]+get-secret-value|ssm[ \t]+get-parameters?)\b"
        r"|\baz[ \t]+keyvault[ \t]+secret[ \t]+show\b|\bdoppler[ \t]+secrets[ \t]+get\b"
        r"|\bkubectl[ \t]+get[ \t]+secrets?\b[^\r\n]{0,200}?\|[ \t]*base64[ \t]+(?:-d|--decode|-D)\b)"
        r"[^\r\n]{0,200}?(?:\r?\n|(?:\\r)?\\n)"
        + _LINE_PREFIX
        # (no line opening with two hyphens, a MIME part's delimiter `--<boundary>` or `--<boundary>--`:
        # the message's structure after what was printed, the same in every part of it; RE2 has no lookahead)
        + r"((?:(?:[^\s\\\"'`=:-][^\s\\\"'`=:]{5}|-[^\s\\\"'`=:-][^\s\\\"'`=:]{4})[^\s\\\"'`=:]*"
        r"[ \t]*(?:\r?\n|(?:\\r)?\\n)[ \t>]*)*"
        r"(?:[^\s\\\"'`=:$-][^\s\\\"'`=:$]{5}|-[^\s\\\"'`=:$-][^\s\\\"'`=:$]{4})[^\s\\\"'`=:$]*)"
        r"(?:[ \t]*\\?[\"'`]?[ \t]*(?:\r|\n|\\[rn]|$))",
        1,
        ("show", "get", "read", "lookup", "access"),
    ),
    # Cisco IOS: an SNMPv3 user's auth and privacy passwords (`snmp-server user U G v3 auth sha A
    # priv aes 128 P`), and a local user's or the enable password by its encryption type (`username U
    # privilege 15 secret 9 H`, `enable password 7 H`: type 7 is reversible, 5/8/9 crackable hashes)
    (
        "cli_secret",
        r"\bsnmp-server[ \t]+user[ \t][^\r\n]{0,120}?[ \t]auth[ \t]+(?:md5|sha(?:-?[0-9]{3})?)[ \t]+([^\s]{4,200})",
        1,
        ("snmp-server",),
    ),
    (
        "cli_secret",
        r"\bsnmp-server[ \t]+user[ \t][^\r\n]{0,320}?[ \t]priv[ \t]+(?:des|3des|aes(?:[ \t]+(?:128|192|256))?)"
        r"[ \t]+([^\s]{4,200})",
        1,
        ("snmp-server",),
    ),
    (
        "cli_secret",
        r"(?m)(?:^|[\s>])(?:username[ \t]+[^\s]+(?:[ \t]+privilege[ \t]+[0-9]{1,2})?|enable)[ \t]+(?:password|secret)"
        r"(?:[ \t]+level[ \t]+[0-9]{1,2})?[ \t]+(?:[05789][ \t]+)?([^\s]{4,200})",
        1,
        ("username", "enable"),
    ),
    # (a line's own `password 7 H`, under `line vty` or a routing protocol's key chain: the type digit says IOS)
    (
        "cli_secret",
        r"(?m)^[ \t]*(?:password|secret|key-string)[ \t]+0[ \t]+([^\s]{4,200})",
        1,
        ("password", "secret", "key-string"),
    ),
    # (each other type's value in its own encoding: type 7 hex pairs to the line's end, a hash with
    # its `$N$` prefix; "secret 7 days…" at a line's start is prose)
    (
        "cli_secret",
        r"(?m)^[ \t]*(?:password|secret|key-string)[ \t]+7[ \t]+([0-9A-Fa-f]{4,200})[ \t]*(?:\r?$|\r?\n)",
        1,
        ("password", "secret", "key-string"),
    ),
    (
        "cli_secret",
        r"(?m)^[ \t]*(?:password|secret|key-string)[ \t]+[589][ \t]+(\$[0-9]{1,2}\$[^\s]{2,200})",
        1,
        ("password", "secret", "key-string"),
    ),
    # a value written into a file named for a secret (`echo 'V' > .vault_pass`: Ansible's
    # `--vault-password-file` reads the password from its first line; `> ~/.config/x/token`)
    (
        "cli_secret",
        r"\becho[ \t]+(?:-[neE]{1,2}[ \t]+)?"
        + _QUOTED_OR_BARE
        + r"[ \t]*>>?[ \t]*[^\s|;&<>]{0,200}?(?:[._/-]pass(?:word|phrase)?|[._/-]secrets?|[._/-]token|\.key)"
        r"(?:\.txt)?(?:[\s;&|)\"']|$)",
        0,
        ("echo",),
    ),
    # a cloud secret store's set command: the value is a secret by where it goes (`az keyvault
    # secret set … --value V`, learn.microsoft.com/cli/azure/keyvault/secret; `aws ssm put-parameter
    # … --type SecureString … --value V`, docs.aws.amazon.com/cli/latest/reference/ssm/put-parameter)
    (
        "cli_secret",
        r"\b(?:az[ \t]+keyvault[ \t]+secret[ \t]+set|aws[ \t]+ssm[ \t]+put-parameter[^\r\n|;&]{0,300}?SecureString)"
        r"[^\r\n|;&]{0,300}?[ \t]--value(?:[ \t]+|=)" + _QUOTED_OR_BARE,
        0,
        ("keyvault", "securestring"),
    ),
    (
        "cli_secret",
        r"\baws[ \t]+ssm[ \t]+put-parameter[^\r\n|;&]{0,300}?[ \t]--value(?:[ \t]+|=)"
        + _QUOTED_OR_BARE
        + r"[^\r\n|;&]{0,300}?SecureString",
        0,
        ("securestring",),
    ),
    # MinIO's client: `mc alias set ALIAS URL ACCESSKEY SECRETKEY` (min.io/docs/minio/linux/reference/
    # minio-mc/mc-alias-set.html): the pair by position, both halves (the pair is the credential)
    (
        "cli_secret",
        r"\bmc[ \t]+alias[ \t]+set[ \t]+[^\s]+[ \t]+https?://[^\s]+[ \t]+[^\s\"']{3,128}[ \t]+([^\s\"']{8,256})",
        1,
        ("alias",),
    ),
    (
        "access_key_id",
        r"\bmc[ \t]+alias[ \t]+set[ \t]+[^\s]+[ \t]+https?://[^\s]+[ \t]+([A-Za-z0-9+/_-]{12,128})"
        r"[ \t]+[^\s\"']{8,256}",
        1,
        ("alias",),
    ),
    # Postfix's `sasl_passwd` table: `[relay]:port user:password` (postfix.org/SASL_README.html)
    (
        "password",
        r"(?m)^"
        + _LINE_PREFIX
        + r"\[[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+\](?::[0-9]{1,5})?[ \t]+[^\s:\"'`]{1,128}:([^\s\"'`]{4,128})",
        1,
        ("]",),
    ),
    # a k3s join token: `K10<CA hash>::<user>:<password>` (docs.k3s.io/cli/token, "Token Format")
    ("cluster_token", r"\bK10[0-9a-f]{64}::[A-Za-z0-9_.-]{1,64}:[A-Za-z0-9]{16,}", 0, ("k10",)),
    # an HMAC's key given as a literal: Python's `hmac.new(key, msg, digestmod)` (docs.python.org/3/
    # library/hmac.html): whoever holds it forges the signatures it checks
    ("env_secret", r"\bhmac\.new\([ \t]*b?\\?([\"'])([^\"'\\\r\n]{8,256})\\?[\"']", 2, ("hmac.new",)),
    # and Node's `crypto.createHmac(algorithm, key)` (nodejs.org/api/crypto.html#cryptocreatehmacalgorithm-key-options)
    (
        "env_secret",
        r"\bcreateHmac\([ \t]*\\?[\"'][A-Za-z0-9-]{3,16}\\?[\"'][ \t]*,[ \t]*\\?([\"'])([^\"'\\\r\n]{8,256})\\?[\"']",
        2,
        ("createhmac",),
    ),
    # a Wi-Fi network's passphrase: wpa_supplicant.conf's quoted `psk="…"` (8 to 63 characters;
    # unquoted, 64 hex), the `WIFI:…;P:<password>;;` of a Wi-Fi QR code (ZXing's format)
    ("password", r"\bpsk[ \t]*=[ \t]*\\?\"([^\"\r\n\\]{8,63})\\?\"", 1, ("psk",)),
    ("password", r"\bWIFI:(?:[A-Z]:(?:[^;\\]|\\.){0,64};){0,4}P:((?:[^;\\\s]|\\.){4,128});", 1, ("wifi:",)),
    # prose: "my password is X", "the token was X", "the login is admin / X"
    (
        "password",
        # "the root password for the VM is X", "the api key of prod was X", "I reset the password
        # to X", "changed the admin pwd to X", "the password is now X", "db password → X", and the
        # same in a few other languages ("das Passwort lautet X", "le mot de passe est X"). The
        # value must look generated (`_rejected`): "reset the password to make it pass" is words.
        # (a non-ASCII character in the label or separator is a DEL in the fold: `_decide` checks it)
        rf"(?i)\b(?:{_PROSE_LABEL})"
        r"(?:\s+(?:for|of|on|to|f[u\x7f]r|de|du|para|pour|van|ng)\s+(?:the\s+|our\s+|my\s+|the\s+new\s+)?"
        r"[A-Za-z0-9._@-]{1,40}(?:\s+[A-Za-z0-9._-]{1,40})?)?"
        # (longest verb phrases first: RE2 prefers the earlier alternative, and "was" alone would
        # leave "changed" as the value of "was changed to X")
        r"(?:\s+(?:(?:is|was|has\s+been|got)\s+(?:set|changed|reset|updated|rotated)\s+to|is\s+now|is\s+still|"
        r"(?:now\s+)?(?:set|changed|reset|updated|rotated)\s+to|is|was|are|ist|lautet|war|es|est|era|ay|\x7f|to)|"
        r"[ \t]*(?:\x7f|->|=>))\s*:?\s*"
        r"[\"'`]?([^\s\"'`]{6,128})",
        1,
        ("pass", "pwd", "secret", "api key", "token", "kennwort", "contrase", "mot de passe", "senha", "wachtwoord"),
    ),
    # "password" in more Latin-script languages (Polish hasło, Turkish şifre / parola, Portuguese
    # senha, Czech heslo, Croatian lozinka, Finnish salasana, Danish adgangskode, Swedish lösenord,
    # Norwegian passord, Hungarian jelszó, Slovene geslo, Romanian parolă, Indonesian kata sandi…),
    # then up to three words ("hasło do serwera", "a senha do deploy") and a colon, `=`, an arrow or
    # a copula ("é", "est", "jest", "är", "er", "on", "to")
    (
        "password",
        # (Turkish suffixes its possessive: `şifresi`, `şifreniz`; Catalan contrasenya, Swahili nenosiri)
        r"(?i)(?:\x7fifre(?:si|niz|n|m)?|\b(?:has\x7fo|haslo|sifre(?:si)?|parola|parol\x7f|senha|heslo|lozinka|jelszav|"
        r"salasana|adgangskode|l\x7fsenord|losenord|passord|jelsz\x7f|jelszo|geslo|wachtwoord|contrase[n\x7f]a|"
        # (`\b` cannot precede a DEL: `şifre`)
        r"contrasenya|nenosiri|kennwort|passwort|mot de passe|kata sandi|kata laluan|m\x7fr\x7fti|mk\x7f|"
        # (Basque pasahitza, Galician contrasinal, Icelandic lykilorð, Welsh cyfrinair, Estonian parool,
        # Latvian parole, Uzbek and Azerbaijani parol, Lithuanian slaptažodis, Albanian fjalëkalim,
        # Afrikaans wagwoord, Vietnamese mật khẩu)
        r"pasahitz|contrasinal|lykilor\x7f|cyfrinair|parool|parole|parol|slapta\x7fodis|fjal\x7fkalim|"
        r"wagwoord|m\x7ft kh\x7fu)"
        # (an inflection: Danish `adgangskoden`, Hungarian `jelszava`, Polish `hasła`)
        r"[a-z\x7f]{0,3})"
        # (the value right after the label, "sunucunun şifresi X"; else words, then a separator or
        # a copula: Catalan `és`, Swahili `ni` too)
        # (words and a copula first: RE2 takes the first alternative that matches, and the value
        # right after the label would be the first word, "kata laluan pelayan ialah X")
        r"(?:(?:[ \t]+[A-Za-z\x7f._@-]{1,30}){0,3}?"
        # (a DEL as the separator stands for an arrow, `→`, with a space after it: a DEL glued to
        # letters is a word's first letter, `na þjóninum je X`)
        r"(?:[ \t]*(?::|=|->|=>|\x7f[ \t])|"
        # (and the Slavic `je`, Welsh `yw`, Latvian `ir`, Lithuanian `yra`, Romanian `este`, Albanian
        # `është`, Vietnamese `là`)
        r"[ \t]+(?:is|est|es|jest|to|\x7fr|ar|er|on|ist|lautet|era|ni|\x7fs|ialah|adalah|ay|\x7f[ \t]|je|yw|ir|yra|"
        r"este|\x7fsht\x7f|l\x7f))"
        r"|[ \t]+)"
        r"[ \t]*[\"'`]?([^\s\"'`]{6,128})",
        1,
        (
            "has",
            "ifre",
            "contrasenya",
            "nenosiri",
            "kata laluan",
            "parol",
            "senha",
            "heslo",
            "lozinka",
            "salasana",
            "adgangskode",
            "senord",
            "passord",
            "jelsz",
            "geslo",
            "wachtwoord",
            "contrase",
            "kennwort",
            "passwort",
            "mot de passe",
            "kata sandi",
            "m",
            *("pasahitz", "contrasinal", "lykilor", "cyfrinair", "parool", "slapta", "fjal", "wagwoord"),
        ),
    ),
    # "log in as admin with X", "logged in as deploy using X": a login's user, then its password
    (
        "password",
        r"(?i)\blog(?:ging|ged|s)?[ \t]*(?:in|on)[ \t]+as[ \t]+[\"'`]?[A-Za-z0-9._@\\-]{1,64}[\"'`]?[ \t]+"
        r"(?:with|using)[ \t]+(?:(?:the[ \t]+)?password[ \t]+)?[\"'`]?([^\s\"'`]{6,128})",
        1,
        ("log",),
    ),
    # a password or key label in a non-Latin script (`パスワード: X`, `пароль X`, `密码：X`, `ключ X`):
    # in the fold the label is a run of DELs; `_decide` reads it in the text (`_INTL_PASSWORD_LABELS`,
    # `_INTL_KEY_LABELS`). The label may be followed by up to four words, a short ASCII one among
    # them (`κωδικός για τον server είναι X`: letters only, so a generated value is never one), and
    # a script without spaces (Thai, Chinese) runs label and words together: up to 32 DELs.
    (
        "intl_password",
        # (or a one-letter label after an ASCII word: Korean `API 키 : X`, `SSH 키: X`)
        r"(\x7f{2,32}(?:[ \t]+(?:\x7f{1,24}|[A-Za-z]{1,12})){0,4}|[A-Za-z]{2,12}[ \t]?\x7f)"
        r"[ \t]*(?::|\x7f|[ \t])[ \t]*[\"'`]?"
        # (the whole value or none: a cut at a length limit would leave its tail, which the
        # provider's own rule no longer sees)
        # (or an app password, spaced: `abcd efgh ijkl mnop`)
        r"([a-z]{4}(?: [a-z]{4}){3}|[^\s\"'`\x7f]{6,256})(?:[\s\"'`\x7f,;)]|$)",
        2,
        ("\x7f",),
    ),
    # "user root, passphrase X": a password label right before a value, no verb; only a value with
    # three character classes counts ("password hashing_v2", "password reset" are words)
    (
        "bare_password",
        # (a digit or a symbol somewhere in the value: prose words after the label fail fast)
        r"(?i)\b(?:password|passwd|passphrase|passcode|pwd|pw)[ \t]+[\"'`]?"
        r"([^\s\"'`]{0,100}[0-9!#$%&*+=?@^~][^\s\"'`]{0,100})",
        1,
        ("pass", "pw"),
    ),
    # prose with the short labels: "the wifi pass is X", "admin pw was X" (`pass` is also a verb and
    # a ticket: only a value with three character classes counts, `short_password` in `_rejected`)
    # (a qualifier may stand between: "the admin pw for grafana is X")
    (
        "short_password",
        r"(?i)\b(?:pass|pw)(?:[ \t]+(?:for|of|on|to)[ \t]+[A-Za-z0-9._@-]{1,40}(?:[ \t]+[A-Za-z0-9._-]{1,40})?)?"
        r"[ \t]+(?:is|was)[ \t]+[\"'`]?([^\s\"'`]{8,128})",
        1,
        ("pass", "pw"),
    ),
    # "use X as the password", "tried X as my pw": the value before its label
    (
        "short_password",
        r"(?i)\b(?:use|used|using|try|tried|with|set)[ \t]+[\"'`]?([^\s\"'`]{8,128})[\"'`]?[ \t]+as[ \t]+"
        r"(?:the[ \t]+|my[ \t]+|our[ \t]+|your[ \t]+|a[ \t]+)?(?:new[ \t]+)?"
        r"(?:password|passphrase|passwd|pass|pw|pwd|secret|token|api[ \t]key)\b",
        1,
        ("pass", "pw", "secret", "token", "api key"),
    ),
    # prose: "the storage key is X", "my access key was X": `key` alone labels only a generated
    # value (`prose_key` in _rejected), never "the key is that…"
    # (a key's alphabet has no `<`: `</code>` after it is markup)
    ("prose_key", r"(?i)\bkey\s+(?:is|was)\s*:?\s*[\"'`]?([^\s\"'`<&]{16,256})", 1, ("key",)),
    # "we use the key V", "de key werkt niet meer: V", "这个 key 一直报 401：V": the English word `key`
    # in prose of any language, a few words, maybe a colon, then a generated value (`prose_key`'s
    # policy; the words between must not make it a fingerprint, an id or a public key: `_decide`)
    (
        "prose_key_loose",
        # (after a colon the value may stand a line or two below: "the key below for staging:\n\nV")
        # (`key` in the languages whose developers write their own word: chave, clave, chiave, klucz;
        # each further word costs the one Set pass)
        # (and Turkish anahtar, Swedish nyckel, Dutch sleutel, French clé, Hungarian kulcs, Indonesian
        # kunci, Finnish avain, German Schlüssel, Norwegian nøkkel, Danish nøgle, Czech klíč, Croatian
        # ključ: an ending in a DEL needs no `\b`, the separator follows)
        # (and Icelandic lykill, Lithuanian raktas, Romanian cheie, Catalan clau, Welsh allwedd, Basque
        # gakoa, Tagalog susi, Swahili ufunguo; Slovak kľúč, Estonian võti, Latvian atslēga, Vietnamese
        # khóa, Albanian çelës)
        r"(?i)(?:\b(?:key|chave|clave|chiave|klucz|anahtar|nyckeln?|sleutel|clef|kulcs|kunci|avain|nokkel|"
        r"lykill(?:inn)?|lykilinn|raktas|cheie|cheia|clau|allwedd|gakoa?|susi|ufunguo)\b|"
        r"\b(?:anahtar\x7f|schl\x7fssel|cl\x7f|n\x7fkkel(?:en)?|n\x7fgle(?:n)?|kl\x7f\x7f|klju\x7f|k\x7f\x7f\x7f|"
        r"v\x7fti|atsl\x7fga|kh\x7fa)|\x7fel\x7fsi?\b)"
        # (no escaped `=` among the words: `key &#61; V` is an assignment the other rules own)
        r"(?:[ \t]+[^\s:\\\"'`<>=&;]{1,20}){0,5}?"
        r"(?:[ \t]*(?::|\x7f)[ \t]*(?:\r?\n[ \t]*(?:--|#|//|>)?[ \t]*){0,3}|[ \t]+)[\"'`]?"
        # (no backslash: `\\u4e00\\u76f4` is an escaped word, not a value)
        # (or an app password as Apple and Google show it, spaced: `abcd efgh ijkl mnop`)
        r"([a-z]{4}(?: [a-z]{4}){3}|[^\s\"'`<>\x7f&;:\\]{12,256})(?:[\s\"'`<>&;,)\x7f]|$)",
        1,
        (
            *("key", "chave", "clave", "chiave", "klucz", "anahtar", "nyckel", "sleutel", "schl", "cl"),
            *("kulcs", "kunci", "avain", "nokkel", "n\x7fkkel", "n\x7fgle", "kl\x7f", "klju"),
            *("lykil", "raktas", "chei", "clau", "allwedd", "gako", "susi", "ufunguo", "k\x7f\x7f\x7f"),
            *("v\x7fti", "atsl", "kh\x7fa", "el\x7fs"),
        ),
    ),
    (
        "login_password",
        # "creds for staging are admin:X", "the login on prod is root / X"
        r"(?i)\b(?:login|credentials?|creds|user(?:name)?\s*/\s*pass(?:word)?)"
        r"(?:\s+(?:for|on|to|of|at)\s+(?:the\s+)?[A-Za-z0-9._-]{1,40}){0,2}(?:\s+(?:is|are))?[ \t]*:?[ \t]+[\"'`]?"
        # (user and password on the label's line: across a blank line a `/` is a path's, `GET /x`)
        r"[A-Za-z0-9._@-]{1,40}[\"'`]?[ \t]*(?:/|:)[ \t]*[\"'`]?([^\s\"'`]{4,128})",
        1,
        ("login", "cred", "user"),
    ),
]

# the structural key/value syntaxes (`kv`): one key fragment, judged by its words
_OWN_RULES += [(kind, pat, 0, kws) for (kind, pat, _), kws in zip(kv.RULES, kv.RULE_KEYWORDS, strict=True)]

_COMPILED = [(kind, Rx(pat), group, kws, tuple(k.encode() for k in kws)) for kind, pat, group, kws in _OWN_RULES]
_AWS_RULE = next(i for i, r in enumerate(_OWN_RULES) if r[0] == "aws_access_key")
_TWILIO_RULE = next(i for i, r in enumerate(_OWN_RULES) if r[0] == "twilio_sid")
_TWILIO_KEY_RULE = next(i for i, r in enumerate(_OWN_RULES) if r[0] == "twilio_api_key")
_JWK_RULE = next(i for i, r in enumerate(_OWN_RULES) if r[0] == "jwk")
_RECOVERY_RULE = next(i for i, r in enumerate(_OWN_RULES) if r[0] == "recovery_codes")
_ANCHOR_RULES = frozenset({_TWILIO_RULE, _JWK_RULE, _RECOVERY_RULE})
_PAIR = Rx(r"^[A-Za-z_][A-Za-z0-9_.]{0,40}=[^=]")
# a kv rule's index -> the pattern of the value after its key
_KV_VALUES = dict(zip((i for i, r in enumerate(_OWN_RULES) if r[0] in kv.KINDS), kv.VALUES, strict=True))
# a kv rule whose key is the run of key characters its match opens with -> its pattern without the group
_KV_KEYLESS = {i: Rx(kv.keyless(r[1])) for i, r in enumerate(_OWN_RULES) if kv.key_run(r[0], r[1])}
_PGPASS_RULE = next(i for i, r in enumerate(_OWN_RULES) if r[1] == _PGPASS_PATTERN)
_KEY_USER_RULE = next(i for i, r in enumerate(_OWN_RULES) if r[1] == _KEY_USER_PATTERN)
# a secret-named file printed, then its content alone on the next line
_FILE_CONTENT_RULE = next(i for i, r in enumerate(_OWN_RULES) if r[0] == "cli_secret" and r[1].startswith(r"\b(?:cat|"))
_PROSE_KEY_RULE = next(i for i, r in enumerate(_OWN_RULES) if r[0] == "prose_key")
# rules whose match starts at a label word that a preceding "public" qualifies
_PUBLIC_HALF_RULES = frozenset(
    i
    for i, r in enumerate(_OWN_RULES)
    if r[0] in ("prose_key", "prose_key_loose", "env_secret", "wireguard_private_key", *kv.KINDS)
)
_LOOSE_KEY_RULES = frozenset(i for i, r in enumerate(_OWN_RULES) if r[0] == "prose_key_loose")
# the rules that take a value by its label alone (no vendor prefix, no format of its own)
_HEX_JUDGED = frozenset(
    i for i, r in enumerate(_OWN_RULES) if r[0] in ("prose_key", "prose_key_loose", "env_secret", *kv.KINDS)
)
# kinds of key that name data, a lookup or a public half, never a secret (the word before `key`)
_NOT_SECRET_BEFORE = re.compile(
    r"(?i)\b(?:partition|primary|foreign|sort|cache|caching|idempotency|dedup(?:lication)?|routing|shard(?:ing)?|"
    r"composite|unique|index|lookup|map|dict|object|row|hash|host|ssh|gpg|pgp|public|pub|"
    r"registry|translation|i18n|config|setting|dictionary|json|yaml|redis|s3)[ \t_-]*$"
)
_PUBLIC_BEFORE = re.compile(r"(?i)\bpub(?:lic|lishable)?[ \t_-]*$")
# a standard's own test data cited on the line before a labelled hex value: an RFC, a FIPS
# publication, a NIST special publication, an ISO/IEC standard, a test vector or known-answer test
# (their keys, nonces and digests are published so that implementations can be checked); also
# right after a JSON-escaped line break (`\nRFC …`), where no word boundary is
_CITED_STANDARD = re.compile(
    r"(?i)(?:\b|(?<=\\[nrt]))(?:RFC[ -]?\d{3,5}|FIPS(?:[ -]?PUB)?[ -]?\d{2,3}|SP[ -]?800-\d{1,3}[A-Z]?|"
    r"ISO(?:/IEC)?[ -]?\d{4,5})\b"
)
# ... and a word naming the standard's test data (a test, a vector, a known-answer test, an example,
# an appendix, or an appendix's lettered section right after the citation: `SP 800-38A F.1.1`)
_TEST_DATA_WORD = re.compile(
    r"(?:\b|(?<=\\[nrt]))(?i:tests?|test[ -]?vectors?|vectors?|test[ -]?cases?|known[ -]answer|kats?|"
    r"appendix|annex|examples?)\b|(?<=[0-9A-Z][ \t])[A-H](?:\.\d{1,2}){1,3}\b"
)
_HEX_VALUE = re.compile(r"(?:0x)?((?:[0-9a-fA-F]{2}){8,})")


def _degenerate_hex(value: str) -> bool:
    """Whether a hex value's bytes are no key anyone generated: one byte repeated (`4c4c4c…`) or a
    run of consecutive bytes (`10111213…`, `fffefdfc…`): filler and counting patterns of examples
    and test data. (Two alternating bytes may be a test's stand-in for a real secret: kept.)"""
    m = _HEX_VALUE.fullmatch(value)
    if m is None:
        return False
    data = bytes.fromhex(m[1])
    if len(set(data)) == 1:
        return True
    steps = {(b - a) % 256 for a, b in pairwise(data)}
    return steps in ({1}, {255})


def published_hex(text: str, start: int, value: str) -> bool:
    """Whether a labelled hex value is published test data: a counting or filler pattern, a value on
    a line that cites a standard's test data before it, or a standard's published test key itself."""
    if _HEX_VALUE.fullmatch(value) is None:
        return False
    if _degenerate_hex(value):
        return True
    # both a standard cited and a word naming its test data (a citation alone is how code documents
    # the scheme its real secret is for: `# HMAC per RFC 2104: webhook_secret = …`)
    line = line_start(text, start, 160)
    if _cites_test_data(text, line, start):
        return True
    # a standard's published test key itself, wherever it stands (its value is printed in the
    # standard: a secret to nobody, as AWS's EXAMPLE keys); a heading's words vouch for no value
    return hashlib.sha256(value.lower().removeprefix("0x").encode()).hexdigest() in _PUBLISHED_TEST_KEYS


# SHA-256 of the secret keys standards publish as test vectors (lower-case hex): RFC 8032 section
# 7.1's Ed25519 TEST 1, TEST 2, TEST 3, TEST 1024 and TEST SHA(abc) (each checked against the RFC's
# public key for it)
_PUBLISHED_TEST_KEYS = frozenset(
    (
        "099da475a54aacbacabde231639eed7b00b0a9359cddd2598004bd8b8ad23237",
        "80cd0406a778128b9b92931b4e89f5370c1b63657d3caf6ba051d19d60eea156",
        "dfdcf400fd38f3bc807fd3ea4113c2fb8265ed76a07327e84bb36cbeadfe6b21",
        "3b2dd2361fc03fbade40a9d71452857feccb86bc6e9aafa09685adc8dcd4c678",
        "08e896caffd8556922d83a8af14ac8577e1500f4ef7bb05df58ae638f3cc2bd7",
    )
)


def _cites_test_data(text: str, a: int, b: int) -> bool:
    return _CITED_STANDARD.search(text, a, b) is not None and _TEST_DATA_WORD.search(text, a, b) is not None


# (loosened: a prefilter only, and its counted repetitions cost more than every rule it spares)
# Rules kept out of the Set: a start as common as Okta's `00` made the Set's DFA several times
# larger (~15% of the engine's time); alone, it is a small DFA, run where its keyword occurs.
_UNSET_RULES = tuple(i for i, r in enumerate(_OWN_RULES) if (r[0], r[3]) == ("okta_token", ("00",)))
_RULE_SET = RxSet([loosened(pat) if i not in _UNSET_RULES else r"\b\B" for i, (_, pat, _, _) in enumerate(_OWN_RULES)])
_USERFLAG_RULE = next(i for i, r in enumerate(_OWN_RULES) if r[0] == "kv_userflag")
# a grep-family command earlier on the line (its `-P` is a Perl regex)
_GREP_BEFORE = re.compile(r"\b(?:[efz]?grep|rg|ag|ack|pcre2?grep)\b[^\r\n|;&]*$")
# a value between quotes escaped by a run of backslashes each side (groups as a kv value's:
# quote, quoted value, and a bare value that never takes part)
_ESCAPED_QUOTED = re.compile(r"""\\{1,64}(["'])([^"'\\\r\n]{4,1024})\\{1,64}["']|(?!)()""")
# the rest of a comma-separated list of bare values under a plural key (`API_KEYS=V1,V2`)
_LIST_TAIL = re.compile(r"(?:,[^\s\"'`,;<>\x00-\x1f]{4,200})*")
# Rules whose value sits behind a label of our own: group 1 is the label, then (quote, quoted
# value) or the bare value.
_LABELLED = ("env_secret", "cli_secret", "elem_secret", "k8s_secret", "positional_password", *kv.KINDS)
# rules whose bare value loses trailing prose punctuation ("my password is hunter2.")
_TRIMMED = frozenset(("password", "login_password", "short_password", "prose_key", "prose_key_loose", *_LABELLED))
# Rules whose value is a credential by position alone: a `name.name` shape is no code reference.
_POSITIONAL = (
    "url_password",
    "bearer_token",
    "cli_secret",
    "password",
    "login_password",
    "k8s_secret",
    "bare_password",
    "positional_password",
    "short_password",
)
_TRAILING_PUNCT = ".,;:)]}"


def random_like(value: str) -> bool:
    """Whether a value looks generated (letters and digits, or a long mixed-case run) rather than
    a word, an identifier or a number."""
    # (map over the str methods: C loops, where a generator per character cost ~0.1 ms a value)
    if len(value) >= 6 and any(map(str.isalpha, value)) and any(map(str.isdigit, value)):
        return True
    if len(value) < 16:
        return False
    letters = sum(map(str.isalpha, value))
    uppers = sum(map(str.isupper, value))
    lowers = letters - uppers
    if uppers >= 3 and lowers >= 3:
        # CamelCase identifiers switch case only at word starts; random strings often have two
        # capitals in a row or a capital after a lower that starts no word
        caps_in_row = sum(1 for a, b in pairwise(value) if a.isupper() and b.isupper())
        return caps_in_row >= 2 or uppers >= len(value) // 4
    return False


def _generated(value: str) -> bool:
    """`random_like`, or a value of letters and symbols that no word, name or markup reads as:
    two symbols or more (`=viV*=H_ZsUd`, `m!CzymbCo!YFDe`), or one beside a run of case no word
    has (`Fvxtu=VMaSAWTk`); not `default=None`, `Ready</title>`."""
    if random_like(value):
        return True
    if len(value) < 8 or any(map(str.isspace, value)) or "</" in value or "/>" in value:
        return False
    if not (any(map(str.islower, value)) and (any(map(str.isupper, value)) or any(map(str.isdigit, value)))):
        return False
    symbols = len(_SYMBOLS.findall(value))
    return symbols >= 2 or (symbols == 1 and _ODD_CASE.search(value) is not None)


_UNI_ESC = re.compile(r"\\+u([0-9a-fA-F]{4})")
_BYTE_ESCS = re.compile(r"(?:\\+x[0-9a-fA-F]{2})+")
# a variable reference with a default (`${NAME:default}`, `${NAME:-default}`, `${NAME-default}`,
# `${NAME:=default}`; not `${NAME:?message}`, `${NAME:+alternative}`, a nested `${`)
_DEFAULT_REF = re.compile(r"\\?\$\{[A-Za-z_][A-Za-z0-9_.-]*(?::-|:=|:|-)(?![?+$])")


def _bytes_unescape(m: re.Match[str]) -> str:
    raw = bytes(int(h, 16) for h in re.findall(r"x([0-9a-fA-F]{2})", m[0]))
    return raw.decode("utf-8", "replace")


def _masked(value: str) -> bool:
    """`_MASKED`, also written with JSON (`\\u25cf`) or URL (`%E2%97%8F`) escapes."""
    if _MASKED.match(value):
        return True
    if "\\u" in value:
        return bool(_MASKED.match(_UNI_ESC.sub(lambda m: chr(int(m[1], 16)), value)))
    if "\\x" in value:  # a bytes repr's UTF-8 (`sk-\\xe2\\x80\\xa6abcd`: `sk-…abcd`)
        return bool(_MASKED.match(_BYTE_ESCS.sub(_bytes_unescape, value)))
    if "%" in value:
        return bool(_MASKED.match(urllib.parse.unquote(value)))
    if "\\*" in value or "\\." in value:  # markdown's or LaTeX's escaped mask (`\*\*\*\*`)
        return bool(_MASKED.match(value.replace("\\", "")))
    return False


def _cookie_body(value: str) -> str:
    """A cookie value as its framework signs it: URL-decoded, without express-session's `s:`
    prefix (`s%3A<id>.<signature>`), so the generated run is judged, not its encoding."""
    if "%" in value:
        value = urllib.parse.unquote(value)
    return value[2:] if value.startswith("s:") else value


def _bare(value: str) -> tuple[str, ...]:
    """A finding's value without what encoding glued to it: a following parameter, trailing
    escapes and quotes; and URL-decoded, without a leading `=`/`:`."""
    out = [value.split("&", 1)[0].rstrip("\\\"'")]
    if "%" in value:
        out.append(urllib.parse.unquote(value).lstrip("=: ").split("&", 1)[0].rstrip("\\\"'"))
    return tuple(out)


def _query_version(value: str) -> bool:
    """`?sv=2022-11-02`: a query string's first parameter with no letter in its value (a SAS
    token's version; its signature is `sig=`, found on its own), not the secret."""
    return value[:1] in "?&" and "=" in value and not any(map(str.isalpha, value.partition("=")[2]))


def _is_placeholder_value(value: str, following: str, code_check: bool = True) -> bool:
    # os.environ["X"], getenv(...), req.headers.authorization: code, not a value
    if code_check and (following[:1] in ("(", "[") or _CODE_REFERENCE.match(value)):
        return True
    if _PLACEHOLDER_VALUE.search(value) or _DOC_EXAMPLE.search(value):
        return True
    return "REDACTED" in value


# what a decoded credentials file holds (a service-account JSON, an OAuth client, a config with a
# password): a private key, or a field named like a secret
_CREDENTIAL_FIELDS = (b"PRIVATE KEY-----", b'"private_key"', b'"client_secret"', b'"password"', b'"secret"')


def _names_a_secret(value: str) -> bool:
    """`app_password`, `db_token`: a lowercase identifier naming a secret is a name (psql's
    `:'app_password'` variable, a settings key), not the secret."""
    if "&" in value:  # (the engine sees the HTML view's windows too: `&#x27;app_password&#x27;`)
        value = html.unescape(value).strip("'\"`")
    return _IDENT.match(value) is not None and value.islower() and kv.key_strength(value) == 2


def _psql_variable(before: str) -> bool:
    """Whether the text before a value ends in psql's `:'` / `:"` variable syntax (`PASSWORD
    :'app_password'`), the one grammar where a quoted word is a name; after a label's own colon
    (`password:"…"`, `"password":"…"`) the quoted word is the value."""
    return before.endswith((":'", ':"')) and before[-3:-2] in ("", " ", "\t", "(", ",", "=")


def _b64_credentials(value: str) -> bool:
    import base64
    import binascii

    try:
        raw = base64.b64decode(value[: len(value) // 4 * 4], validate=True)
    except (binascii.Error, ValueError):
        return False
    return raw[:1] == b"{" and any(f in raw for f in _CREDENTIAL_FIELDS)


def _b64_private_key(value: str) -> bool:
    """Whether base64 opening with `-----BEGIN` decodes to a private key's armor line."""
    import base64

    head = value[:64]
    try:
        armor = base64.b64decode(head[: len(head) // 4 * 4])
    except ValueError:
        return False
    return b"PRIVATE KEY" in armor.split(b"\n", 1)[0]


def _basic_auth_ok(value: str) -> bool:
    import base64
    import binascii

    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    _user, colon, pw = raw.partition(b":")
    return bool(colon and pw) and all(32 <= c < 127 for c in raw)


_IDENT_PART = Rx(
    r"^(?:[a-z_]+[0-9]*|[A-Z_]+[0-9]*|[A-Z]?[a-z]+(?:[A-Z][a-z]+)*[0-9]*|[a-z]+(?:[A-Z][a-z]+)+[0-9]*)\??\(?$"
)


def _base64_run(value: str) -> bool:
    """Whether a value shaped like a path is base64 (`/Z4MK3iDjaOc45qwnPP1rcxfKQS5TY6/Fp…`, a key
    whose alphabet has `/`): one of its parts is a long run in a case no file name has."""
    return any(len(p) >= 16 and _ODD_CASE.search(p) and any(map(str.isdigit, p)) for p in value.split("/"))


def _code_like(value: str) -> bool:
    """Whether every dotted part reads as an identifier (settings.db_password, cfg.ApiKey), so a
    dotted value may be a code reference; `fqzbp.xgYHq1t` is not one."""
    head = value
    for sep in ("(", "["):
        head = head.split(sep, 1)[0]
    if not head:
        return False
    if head == value and "." not in value and "::" not in value:
        return True  # one bare word: the reference checks decide
    # (`std::env::var`; a private name's leading underscores, `_NoValueSet`, are no part of its case)
    return all(_IDENT_PART.match(p.lstrip("_") or p) for p in head.replace("::", ".").split(".") if p)


# app-specific passwords: four groups of four lowercase letters, dashed (Apple, support.apple.com/
# 102654) or spaced (Google, support.google.com/accounts/answer/185833)
_UNVOICED_GROUP = re.compile(r"(?:^| )[b-df-hj-np-tv-xz]{4}(?: |$)")
_APP_PASSWORD = re.compile(r"[a-z]{4}([- ])[a-z]{4}\1[a-z]{4}\1[a-z]{4}$")


def _snowflake_b64(part: str) -> bool:
    """Whether base64 (unpadded, url-safe) decodes to a Discord snowflake: 17 to 20 digits."""
    import base64
    import binascii

    try:
        raw = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
    except (binascii.Error, ValueError):
        return False
    return 17 <= len(raw) <= 20 and raw.isdigit()


_PROTOCOL = re.compile(r"(?:HTTP|HTTPS|SPDY|RTSP|SIP|SMTP|IMAP|SSH|TLS|SSL)/\d(?:\.\d)?\W*$")
_ASSIGNED = re.compile(r"(?:[A-Z][A-Z0-9_]*|[a-z][a-z0-9_]*)=")
# a passphrase of three or more dictionary-like words, maybe a number (`correct-horse-staple42`)
_PASSPHRASE = re.compile(r"[a-z]{3,12}(?:-[a-z]{3,12}){2,7}[0-9]{0,4}$")
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _wif_ok(value: str) -> bool:
    """A wallet-import-format key: base58 of 0x80, 32 key bytes (and 0x01 when compressed), and
    the first four bytes of the double SHA-256 of that (en.bitcoin.it/wiki/Wallet_import_format)."""
    import hashlib

    n = 0
    for c in value:
        i = _B58.find(c)
        if i < 0:
            return False
        n = n * 58 + i
    raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
    body, check = raw[:-4], raw[-4:]
    if len(body) not in (33, 34) or body[0] != 0x80 or (len(body) == 34 and body[-1] != 0x01):
        return False
    return hashlib.sha256(hashlib.sha256(body).digest()).digest()[:4] == check


# One operand of a string concatenation, operators and spaces on both sides (`" & vbLf & "`,
# `' + os.linesep + '`, `" || chr(10) || "`): the code joining a quoted label to the next line's
# string, never a value (a rule reading `"pass:" & vbLf & "…"` took it for one)
_CONCAT_OP = r"\s+(?:&|\+|\|\||\.\.?)\s+"
CONCAT_OPERAND = re.compile(_CONCAT_OP + r"[A-Za-z_$][\w.$]{0,40}(?:\([0-9]{1,5}\))?" + _CONCAT_OP)


@lru_cache(maxsize=16384)
def _rejected(kind: str, group: int, value: str, following: str, name: str, quoted: bool) -> bool:
    """Whether a rule's match is a reference, placeholder or example rather than a secret (a pure
    function of the match, cached: the same `os.environ[` recurs all over a history)."""
    by_words = kind in kv.KINDS  # a key/value syntax: its value policy, its key judged by words
    if by_words:
        kind = kv.POLICY[kind]
    if kind == "private_key":
        # the doc-example check runs on the key body only, and a body of `...` is no key
        body = value.split("-----", 2)[-1]
        return len(list(islice(filter(str.isalnum, body.split("-----END")[0]), 8))) < 8
    if _masked(value) or CONCAT_OPERAND.fullmatch(value):
        return True
    if kind == "basic_auth":
        return not _basic_auth_ok(value)
    if kind == "encoded_credentials":
        return not _b64_credentials(value)
    if kind == "encoded_private_key":
        return not _b64_private_key(value)
    if kind == "session_cookie":
        if _UUID.match(value):
            return True  # a session's id in logs and transcripts (`"sessionId": "<uuid>"`), not its cookie
        return not _generated(value) or bool(_PLACEHOLDER_VALUE.search(value) or _DOC_EXAMPLE.search(value))
    if value.startswith("-----"):
        return True  # a PEM armor line (`private_key: |` then `-----BEGIN`): the key rule owns the block
    if secret_refs.is_reference(value):
        return True  # `op://vault/item/field`, `vault:secret/data/app#key`: where a store keeps it, no secret
    if value.startswith("PuTTY-User-Key-File-"):
        return True  # a .ppk's header line (its key is under `Private-Lines:`, a rule of its own)
    scope = value.split("&", 1)[0]  # (`…/aws4_request&amp;…`: an HTML-escaped query's next parameter)
    if name.lower() in ("x-amz-credential", "x-goog-credential") and scope.endswith(("aws4_request", "goog4_request")):
        return True  # a signed URL's credential scope (key id or signer, date, region, service): public
    if not group:  # a provider's own shape (ya29.…, SG.….…): only documentation examples are vetoed
        return bool(_DOC_EXAMPLE.search(value))
    if kind in ("bare_password", "short_password") and _ENTITY.search(value):
        return True  # `:&#x27;name&#x27;`: escaped markup; the HTML view reads the value decoded
    if _PROTOCOL.match(value):
        return True  # "reset password HTTP/1.1": a request line's protocol, no password
    if "password" not in kind and kind != "cli_secret" and _GRPC_METHOD.fullmatch(value):
        # `notes.v1.Notes/Create`: a gRPC method's full name, code; a password (a `-p`/`-a` flag's
        # value too) may be any words
        return True
    if kind == "bare_password":
        if len(value) < 8:
            return True
        # (a passphrase's hyphens count as a symbol: `word-word-word42`, not `reset-flow`)
        upper, symbol = any(map(str.isupper, value)), _SYMBOL.search(value) is not None or value.count("-") >= 2
        classes = any(map(str.islower, value)) + upper + any(map(str.isdigit, value)) + symbol
        if classes < 3 or not (upper or symbol) or not random_like(value):
            return True
        return bool(
            _PLACEHOLDER_VALUE.search(value) or _DOC_EXAMPLE.search(value) or _PATH.match(value) or "://" in value
        )
    if kind == "positional_password" and (
        any(map(str.isspace, value))
        or (not quoted and value[:1] in "/-")
        or (not _generated(value) and not _CASE_MIXED.search(value))
    ):
        return True  # a password by position, but not `hello world`, `/add`, `-v`, `Password`, `box-drawing`
    if kind == "short_password":
        classes = (
            any(map(str.islower, value))
            + any(map(str.isupper, value))
            + any(map(str.isdigit, value))
            + (_SYMBOL.search(value) is not None or "-" in value)
        )
        # (a long run is judged by `random_like` alone: it tells CamelCase words from generated case)
        if (classes < 3 and len(value) < 16) or not random_like(value) or _PATH.match(value) or "://" in value:
            return True
        if (
            len(value) < 16
            and _SYMBOL.search(value) is None
            and "-" not in value
            and len(_LETTER_DIGIT.findall(value)) < 3
        ):
            return True  # a name with a number in it (`Step2Done`, `Argon2id`), not a generated run
        return bool(_PLACEHOLDER_VALUE.search(value) or _DOC_EXAMPLE.search(value))
    if kind == "discord_bot_token":
        return not _snowflake_b64(value.split(".", 1)[0])
    if kind == "crypto_private_key" and not value.startswith("0x"):
        return not _wif_ok(value)
    if kind == "totp_secret" and not any(c in "234567" for c in value):
        return True  # base32 letters alone: a constant's name more often than a generated secret
    if kind == "okta_token" and not (_CASE_MIXED.search(value) and any(map(str.isdigit, value))):
        return True  # `00` and 40 hex or lowercase characters: an id, not Okta's mixed-case token
    if kind == "bearer_token" and not random_like(value):
        return True  # "token\tsubprocess.check_call": a word after `token`, not a credential
    if kind == "prose_key_loose":  # (a generated value: letters and digits, or symbols no word has)
        if _APP_PASSWORD.match(value) and ("-" in value or _UNVOICED_GROUP.search(value)):
            # an app password as Apple or Google shows it (`abcd-efgh-ijkl-mnop`) after a key word;
            # spaced, four words of four letters are prose ("with that name will") unless a group has
            # no vowel, as random letters mostly do and words never
            return False
        if _ASSIGNED.match(value) or "://" in value or _PATH.match(value) or not _generated(value):
            return True  # (`NAME=…`, `name=…`: an assignment the key/value rules own)
        if kv.slug_like(value) and not _PASSPHRASE.match(value):
            return True  # a slug (`deps-v2-linux`); a diceware passphrase (`rocket-granite-velvet74`) is a secret
        if _code_ref(value):
            return True  # `key: Callable[[T], …]`, `key in (0, _overlapped.INVALID_HANDLE_VALUE)`: code after the word
        return bool(_DOC_EXAMPLE.search(value) or _PLACEHOLDER_VALUE.search(value))
    # (an `=` before the padding: "key is NAME=…", a label the other rules own)
    if kind == "prose_key":
        if "=" in value.rstrip("=") or not (random_like(value) and _KEYLIKE.match(value)):
            return True
        return bool(_DOC_EXAMPLE.search(value))
    if _APP_PASSWORD.match(value) and (
        kind in ("password", "login_password") or kv.placeholder_kind(name) == "password"
    ):
        return False  # an app password as Apple or Google shows it (`abcd-efgh-ijkl-mnop`): no word, no code
    code_check = kind not in _POSITIONAL and not quoted and _code_like(value)
    if _is_placeholder_value(value, following, code_check):
        return True
    if kind in _LABELLED or kind in ("password", "login_password"):
        if _query_version(value):
            return True
        strength = kv.key_strength(name) if name else 2
        if strength == 0 or kv.counts(name, value):
            return True
        if value.startswith(("http://", "https://", "file:", "&")) or (_PATH.match(value) and not _base64_run(value)):
            return True
        if not quoted and kv.name_like(value) and kv.key_strength(value):
            # `--secret=api-key`, `secretName: db-password`: a secret's name, no value (quoted, a
            # word-like value is the value: `MYSQL_PWD='maple_password'`)
            return True
        if quoted and _field_name(value, name):
            return True  # `"input_token": "nextToken"`: the name of the field holding the token, no token
        if _PUBLIC_VALUE.match(value):
            return True  # a publishable / public token: meant to ship in client code
        if value[:1] == ">":
            return True  # the end of a tag (`login --with-token"/></testcase>`: a `/>`, no user/password)
        if value.startswith("</") or (not quoted and value[:1] == ":"):
            return True  # markup after an empty value, the tail of a `::` scope
        if value[:1] == "!" and _YAML_TAG.match(value) and not random_like(value):
            return True  # a YAML application tag (`!Ref DbPassword`, `!secret db_pw`, `!vault |`): a reference
        if _ALIAS.match(value):
            return True  # an alias or a scoped package (`@types/node`); a generated `@Jxx9…` is a value
        if value[:1] == "$" and _IDENT.match(value[1:]) and not random_like(value[1:]):
            return True  # `$null`, `$dbPassword`: a variable (PowerShell's are any case), not a value
        if _CONSTANT.match(value.lstrip("_")):
            # `REPLACE_ME`, `CHANGEME`, `TODO`: a constant's name (a private one: `_DEFAULT_TIMEOUT`) or a placeholder
            return True
        if value[:1] in "{[(" and not random_like(value):
            return True  # the start of a flow mapping or a call (`secretKeyRef: {name: db}`), no value
        if value.startswith("*") and not random_like(value) and _GLOB.match(value):
            return True  # a glob (`*.pem`); a generated `*DYn…3s_v` or `*-iCkF^cR%dp` is a value
        if _FLAG.match(value):
            return True  # the next flag, an endpoint (token_uri), an alias, a glob, a path
        if kind in ("password", "login_password") and _VERSIONISH.match(value):
            return True  # "login HTTP/1.1": a protocol version after a slash, not a password
        if value.lower() in ("required", "optional", "string", "str", "bool", "int", "bytes", "any", "prompt"):
            return True
        if (
            kind == "password"
            and not _generated(value)
            and (value.isalnum() or _code_like(value))
            and not (len(value) >= 10 and value.isalpha() and _ODD_CASE.search(value))
        ):
            # (a long run in a case no word has, `qzWRtbKLmvPx`, is a value after "password is")
            return True  # prose: "the password is correct", "if token is Name.Other" label no value
        if (
            kind == "login_password"
            and not random_like(value)
            and ((value.isalpha() and not _CASE_MIXED.search(value)) or ("." in value and _code_like(value)))
        ):
            return True  # "login: user / password" is words; after `user:` a mixed-case run is a password
        if not quoted and (_GENERIC_TYPE.match(value) or (value.replace("_", "").isalpha() and value.islower())):
            return True  # `token: Optional[str]`, `api_key=api_key`, `password=password_input`
        if not quoted and name and _alias_of(name, value):
            return (
                True  # `self.startToken = startToken`, `RegOpenKeyEx = win32api.RegOpenKeyEx`: a name bound to itself
            )
        if value.strip(":*•x. ") == "":
            return True  # masked: `****`, `•••`
        if strength == 1 and kv.private_half(name):
            # (key material is required on top of the weak key's checks below: a path, a slug or an
            # opcode table's name under `seed`/`private`/`mnemonic` has a key's length too)
            if not kv.key_material(value):
                return True
            if kv.mnemonic_phrase(value):  # (words: no generated look to ask for)
                return value in kv.PUBLISHED_PHRASES or bool(_DOC_EXAMPLE.search(value))
        if strength == 1 and all(_WORD_CASED.fullmatch(p) for p in value.split(".")):
            return True  # `"result_key": "UseCaseSummaryList"`, `key: PublicKeyList.Items`: a field name
        if strength == 1 and _HEX_ID.match(value):
            return True  # `"AWS::KMS::Key": "2b447c471bc70388"`: a short hex id under a bare `key`
        if strength == 1:
            value = _cookie_body(value)
        if strength == 1 and (
            not random_like(value)
            or len(value) < 12
            or not (_KEYLIKE.match(value) or (kv.link_key(name) and _LINK_PATH.match(value)))
            or kv.slug_like(value)
        ):
            return True  # `key`/`auth` alone label only generated values (not a slug: `deps-linux-v3`)
        if value.isdigit() and (strength < 2 or len(value) < 6):
            return True  # ports and counts
    return bool(_DOC_EXAMPLE.search(value))


_CALL_OR_INDEX = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*[(\[]+[A-Za-z_]")


def _code_ref(value: str) -> bool:
    """Whether a value is code: a dotted name (`_overlapped.INVALID_HANDLE_VALUE`) or a call or
    subscript of a name on a name (`Callable[[T`, `_COOKIE_NAME_RE.match(key`), every part a word
    in a case code uses. A generated run rarely has a dot or bracket and never parts all cased as
    words; `Secret[2024]` (no name inside) is judged as any value."""
    if not _code_like(value):
        return False
    if "(" in value or "[" in value:
        return _CALL_OR_INDEX.match(value) is not None
    return "." in value.strip(".")


# a camel-case name of letters only, two words or more (`nextToken`, `NextContinuationToken`)
_CAMEL_NAME = re.compile(r"[a-z]+(?:[A-Z][a-z]+)+|(?:[A-Z][a-z]+){2,}")
# the words a person's chosen secret may be named by (`MyPassword` may be the password itself)
_CHOSEN = frozenset(("pass", "password", "passwd", "pwd", "passphrase", "secret", "pin", "passcode"))


def _field_name(value: str, name: str) -> bool:
    """Whether a quoted value under a token or key label is the camel-case name of a field
    (`nextToken`, `NextMarker`, `SessionKey`): a machine issues tokens and keys, and none is words.
    Under a password or secret label, or naming one, it is judged as any value: a person may choose
    `MySecretWord` as one."""
    if not _CAMEL_NAME.fullmatch(value) or kv.placeholder_kind(name) == "password":
        return False  # (any language's password word: `passwort`, `contraseña`)
    return not _CHOSEN.intersection(kv.words(value)) and not _CHOSEN.intersection(kv.words(name))


# a name of dictionary-cased words: humps of two lowercase letters or more, acronyms before a hump
# or at the end (`collaborationMLInputChannelsList`); a generated run has single-letter humps
# (the hump's lowercase run is possessive: splitting a run into humps matches nothing more, and a
# backtracking `re` tried every split of a long lowercase value before failing — exponential)
_WORD_CASED = re.compile(r"(?:[A-Z]{2,}(?=[A-Z][a-z]|[0-9]|$)|[A-Z]?[a-z]{2,}+)+[0-9]{0,2}")


def _field_path(value: str) -> bool:
    """A dotted path of word-cased names (`DistributionList.NextMarker`, `EngineDefaults.Marker`),
    quoted or not: where a token or key is, a reference to the field that holds it. A generated
    token's dotted parts (`ya29.…`, a JWT's) are no words; a password may be words, and is judged
    as any value."""
    parts = value.split(".")
    return len(parts) >= 2 and all(_WORD_CASED.fullmatch(p) and p[:1].isupper() for p in parts)


def _alias_of(name: str, value: str) -> bool:
    """Whether a bare value is the key's own identifier (`self.sourceName = sourceName`, `RegOpenKeyEx =
    win32api.RegOpenKeyEx`): code binding a name to itself or re-exporting it. The identifier must
    join words (`sourceName`, `db_token`): a one-word value equal to its label (`password=Password`)
    could be a weak password, and is judged as any value."""
    tail = value.rsplit(".", 1)[-1]
    if tail != name.rsplit(".", 1)[-1] or not all(_IDENT.match(p) for p in value.split(".")):
        return False
    return "_" in tail.strip("_") or _CASE_MIXED.search(tail) is not None


_NEXT_PARAM = Rx(r"&[A-Za-z_][A-Za-z0-9_.\[\]-]*=")
_SYMBOL = Rx(r"[^A-Za-z0-9_.-]")
_SYMBOLS = re.compile(r"[^A-Za-z0-9_.-]")  # (Python re: `findall` to count, a one-class pattern)
_ODD_CASE = re.compile(r"[A-Z]{2}[a-z]|[a-z][A-Z]{2}|[a-z][A-Z][a-z][A-Z]")
_LETTER_DIGIT = re.compile(r"[A-Za-z](?=[0-9])|[0-9](?=[A-Za-z])")  # each switch between the two
_IDENT = Rx(r"^[A-Za-z_][A-Za-z0-9_]*$")
_CONSTANT = Rx(r"^[A-Z]+(?:_[A-Z]+)*(?:\\[nrt])*$")  # (a JSON-escaped line end may follow)
_HEX_ID = Rx(r"^[0-9a-f]{8,31}$")
_KEYLIKE = Rx(r"^[A-Za-z0-9+/=_.~-]+$")
# a signed link's or a webhook's secret part without its scheme and host: a path of generated
# segments, ids joined by `@` or `:` (`<tenant>@<id>/IncomingWebhook/<hex>/<id>`)
_LINK_PATH = Rx(r"^[A-Za-z0-9+/=_~@:-]{24,}$")  # (no dot: a host name is no secret)
_PATH = Rx(r"^(?:~|\.{1,2})?/[A-Za-z0-9_.@/-]*$")
# the next option rather than a value: `-v`, `--no-cache` (a generated `-Ad2r…@!` is a value)
_FLAG = Rx(r"^(?:-[A-Za-z]|--?[a-z][a-z0-9]*(?:-[a-z0-9]+)*)$")
# a glob: `*` then path characters only (a `^`, `%`, `!`, `#`, `@`, `$` make a generated value)
_GLOB = Rx(r"^\*[A-Za-z0-9_.*/{},\[\]-]*$")
_YAML_TAG = Rx(r"^!!?[A-Za-z][A-Za-z0-9_.:/-]*$")
_ALIAS = Rx(r"^@[a-z0-9_.-]+(?:/[a-z0-9_.-]+)?$")
_CASE_MIXED = Rx(r"[a-z][A-Z]|[A-Z]{2}[a-z]")
_VERSIONISH = Rx(r"^v?\d+(?:\.\d+)+[^A-Za-z0-9]*$")
_GENERIC_TYPE = Rx(r"^[A-Za-z_][A-Za-z0-9_.]*\[")
_ACCESS_KEY_ID = Rx(r"\b(?:AKIA|ASIA)[A-Z2-7]{16}\b")
_AWS_SECRET_SHAPE = Rx(r"(?:^|[^A-Za-z0-9/+=])([A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+=]|$)")
_TWILIO_SID = Rx(r"\bAC[0-9a-f]{32}\b")
_HEX32 = Rx(r"\b([0-9a-f]{32})\b")
_KTY = Rx(r"\bkty\b")
_NEAR = 240  # characters around an id where its paired secret is looked for


def near_id_spans(text: str) -> list[Span]:
    """Secrets with no shape of their own, found beside the id they pair with: an AWS secret key
    (40 base64 characters) near an access key id, a Twilio auth token (32 hex) near an `AC` SID."""
    spans: list[Span] = []
    if "AKIA" in text or "ASIA" in text:
        for ((s, e),) in _ACCESS_KEY_ID.finditer(text):
            lo, hi = max(0, s - _NEAR), min(len(text), e + _NEAR)
            for _, (a, b) in _AWS_SECRET_SHAPE.finditer(text, lo, hi):
                v = text[a:b]
                if any(c.isupper() for c in v) and any(c.islower() for c in v) and not _DOC_EXAMPLE.search(v):
                    spans.append(Span(a, b, "aws_secret_key"))
    if "AC" in text:
        for ((s, e),) in _TWILIO_SID.finditer(text):
            lo, hi = max(0, s - _NEAR), min(len(text), e + _NEAR)
            # a 32-hex run is as often an MD5, an ETag or a dashless uuid: the auth token pairs with
            # its SID within one paragraph (a call, an env block), not across a blank line
            lo = max(lo, text.rfind("\n\n", lo, s) + 1, text.rfind("\n\r\n", lo, s) + 1)
            cut = [i for i in (text.find("\n\n", e, hi), text.find("\n\r\n", e, hi)) if i >= 0]
            hi = min(cut, default=hi)
            paired = False
            for _, (a, b) in _HEX32.finditer(text, lo, hi):
                if (a, b) != (s + 2, e) and any(c.isalpha() for c in text[a:b]) and not _named_id(text, a):
                    spans.append(Span(a, b, "twilio_auth_token"))
                    paired = True
            if paired:  # beside its auth token the SID is half of a credential pair (the -u user)
                spans.append(Span(s, e, "twilio_sid"))
    if "SK" in text:
        for ((s, e),) in _TWILIO_KEY_SID.finditer(text):
            lo, hi = _paragraph(text, s, e, _NEAR)
            for _, (a, b) in _ALNUM32.finditer(text, lo, hi):
                if (a, b) != (s + 2, e) and random_like(text[a:b]) and not _HEX32.match(text[a:b]):
                    spans.append(Span(a, b, "twilio_api_secret"))
    return spans


_TWILIO_KEY_SID = Rx(r"\bSK[0-9a-f]{32}\b")
# a gRPC method's full name (the HTTP/2 `:path`, gRPC's PROTOCOL-HTTP2: `/` package.Service `/`
# Method): a protobuf package of lowercase dotted words with its version segment (the style
# guide's and buf's PACKAGE_VERSION_SUFFIX: `v1`, `v1beta1`, `v1p1beta1`), then an UpperCamelCase
# service and method, maybe behind the path's `/`; without the version, dotted words ending in
# `Word/Word` are as likely a passphrase
_GRPC_METHOD = re.compile(
    r"/?(?:[a-z][a-z0-9_]*\.)+v[0-9]+(?:p[0-9]+)?(?:(?:alpha|beta)[0-9]*)?\.(?:[a-z][a-z0-9_]*\.)*"
    r"[A-Z][A-Za-z0-9]*/[A-Z][A-Za-z0-9]*[.,;:)\]]*"
)
# the key a value is bound to, right before it (`"event_id": "`, `request_id=`, `etag: `)
_KEY_BEFORE = re.compile(r"([A-Za-z_][A-Za-z0-9_.-]{0,40})\\?[\"']?[ \t]*[:=][ \t]*\\?[\"']?$")


def _named_id(text: str, start: int) -> bool:
    """Whether the value at `start` is bound to a key whose last word names metadata, an id (`event_id`,
    `request_id`, `trace_id`, `file`): a log's or an event's id, never a paired secret."""
    m = _KEY_BEFORE.search(text, max(0, start - 48), start)
    if m is None:
        return False
    parts = kv.words(m.group(1))
    return bool(parts) and parts[-1] in kv.META_WORDS


_ALNUM32 = Rx(r"(?:^|[^A-Za-z0-9_])([A-Za-z0-9]{32})(?:[^A-Za-z0-9_]|$)")
_JWK_REACH = 1200  # a key object's extent around its `kty`
# RFC 7517/7518 private members: `d` (EC/OKP/RSA private exponent), the RSA CRT primes and
# exponents, `k` (a symmetric key); JSON (maybe escaped), YAML or `=` forms
_JWK_PRIVATE = Rx(
    r"(?:^|[^A-Za-z0-9_])(?:d|p|q|dp|dq|qi|k)(?:\\*[\"'])?[ \t]*[:=][ \t]*(?:\\*[\"'])?([A-Za-z0-9_-]{16,})"
)


def _paragraph(text: str, s: int, e: int, reach: int) -> tuple[int, int]:
    """The bounds of the paragraph around `s:e`, at most `reach` characters either side."""
    lo, hi = max(0, s - reach), min(len(text), e + reach)
    lo = max(lo, text.rfind("\n\n", lo, s) + 1, text.rfind("\n\r\n", lo, s) + 1)
    cut = [i for i in (text.find("\n\n", e, hi), text.find("\n\r\n", e, hi)) if i >= 0]
    return lo, min(cut, default=hi)


def jwk_spans(text: str) -> list[Span]:
    """The private members of a JSON Web Key (its `kty` says it is one): public members (`x`, `y`,
    `n`, `e`) stay."""
    spans: list[Span] = []
    done = -1
    for ((s, e),) in _KTY.finditer(text):
        if s < done:
            continue
        lo, hi = _paragraph(text, s, e, _JWK_REACH)
        for _, (a, b) in _JWK_PRIVATE.finditer(text, lo, hi):
            if random_like(text[a:b]) or b - a >= 32:
                spans.append(Span(a, b, "jwk_private_key"))
        done = hi
    return spans


def _rel(m: tuple[tuple[int, int], ...], s0: int) -> tuple[tuple[int, int], ...]:
    return tuple((a - s0, b - s0) if a >= 0 else (a, b) for a, b in m)


_OUT_KIND = {
    "encoded_private_key": "private_key",
    "signing_secret_key": "private_key",
    "openvpn_static_key": "private_key",
    "url_signature": "signed_url",
    "x_bearer_token": "bearer_token",
    "bare_password": "password",
    "cli_secret": "password",
    "elem_secret": "env_secret",
    "k8s_secret": "env_secret",
    "prose_key": "api_key",
    "prose_key_loose": "api_key",
    "login_password": "password",
    "positional_password": "password",
    "short_password": "password",
}
# "password" in scripts the fold turns into DELs (Japanese, Chinese, Korean, Cyrillic, Greek, Hebrew,
# Hindi, Thai)
_INTL_PASSWORD_LABELS = (
    "パスワード",
    "密码",
    "密碼",
    "口令",
    "비밀번호",
    "암호",
    "пароль",
    "κωδικός",
    "συνθηματικό",
    "סיסמה",
    "पासवर्ड",
    "रहस्य",
    "รหัสผ่าน",
    "كلمة المرور",
    "كلمة السر",
    # (Persian, Urdu, Bengali, Georgian, Tamil, Khmer, Armenian, Bulgarian, Serbian, Mongolian, Kazakh,
    # Gujarati, Punjabi, Telugu, Kannada, Malayalam, Sinhala, Burmese, Lao, Amharic)
    *("رمز عبور", "گذرواژه", "پاس ورڈ", "পাসওয়ার্ড", "პაროლ", "கடவுச்சொல்", "ពាក្យសម្ងាត់", "գաղտնաբառ"),
    *("парола", "лозинка", "нууц үг", "құпиясөз", "құпия сөз", "પાસવર્ડ", "ਪਾਸਵਰਡ", "పాస్‌వర్డ్", "ಪಾಸ್‌ವರ್ಡ್"),
    *("പാസ്‌വേഡ്", "මුරපදය", "စကားဝှက်", "ລະຫັດຜ່ານ", "የይለፍ ቃል"),
)
# "key" in the same scripts (a contained word: Thai and Chinese run words together; Hindi's `की`
# is also a postposition, so only कुंजी)
_INTL_KEY_LABELS = (
    "ключ",
    "κλειδί",
    "คีย์",
    "กุญแจ",
    "مفتاح",
    "מפתח",
    "कुंजी",
    "キー",
    "鍵",
    "密钥",
    "秘钥",
    "密鑰",
    "金鑰",
    "키",
    # (Persian and Urdu, Armenian, Georgian, Bengali, Tamil, Serbian)
    *("کلید", "բանալի", "გასაღებ", "চাবি", "விசை", "кључ"),
)
# labels that run into the next word unspaced (`キーボード` keyboard, `패키지` package, `鍵盤`): one
# counts only as a compound's last part, before a non-letter, a Japanese particle (hiragana) or a
# Korean particle (`키는`, `키값`)
_COMPOUND_FINAL_KEYS = ("キー", "鍵", "키")
_KOREAN_PARTICLES = "는은가이를을로도의값"
# beside `key` in those scripts (and the Romance ones): a public key, a fingerprint, a build or
# cache key (`公開鍵`, `공개 키`, `открытый ключ`, `ключ сборки`, `clé publique`): no secret
_INTL_NOT_SECRET_KEY = re.compile(
    r"公開|公开|공개|открыт|публичн|сборк|кэш|кеш|отпечат|指紋|指纹|지문|δημόσι|ציבורי|सार्वजनिक|สาธารณะ"
)


def _intl_key_label(label: str) -> bool:
    """Whether a label (lower-cased, in a script the fold turns into DELs) holds `key` as a word."""
    for word in _INTL_KEY_LABELS:
        i = label.find(word)
        while i >= 0:
            nxt = label[i + len(word) : i + len(word) + 1]
            if (
                word not in _COMPOUND_FINAL_KEYS
                or not nxt.isalpha()
                or "\u3040" <= nxt <= "\u309f"
                or nxt in _KOREAN_PARTICLES
            ):
                return True
            i = label.find(word, i + 1)
    return False


def _mark(c: str) -> bool:
    """A combining mark (Devanagari and Thai vowel signs, Arabic harakat): a letter's part."""
    return unicodedata.category(c)[0] == "M"


_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z]{2,8});")
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")  # (not the line breaks and tabs of a key block)
_HEX_FIELDS = Rx(r"^[0-9A-Fa-f]+(?::[0-9A-Fa-f]+)+$")
# words glued in camel case, letters only (`MonthlyReportIndex`, `listOfItems`)
_WORD_HUMPS = re.compile(r"[A-Za-z][a-z]+(?:[A-Z][a-z]+)+")
_OPENERS = " \t\r\n\"'`>(=+"
_MISS = object()
# words after `key` that make what follows a public name, hash or id of a key, not the key
_NOT_SECRET_KEY = re.compile(
    r"(?i)\b(?:fingerprints?|id|ids|hash|sha1|sha256|sha512|md5|public|pub|name|file|path|server|host|"
    r"type|size|length|format|version|checksum|digest|signature|sig|cache|prefix|pair|ring|usage|rotation|"
    r"publique|publica|pública|publico|público|pubblica|öffentliche[rn]?)\b"
)
# the first `name=value` of a comma-separated option list (BuildKit's `--secret id=…,src=…`,
# `--mount type=…,source=…`: docs.docker.com/build/building/secrets): one of their option names
# and a value (any other `x=`, `dGVzdA==`'s padding, may be the secret itself)
_OPTION_PAIR = re.compile(r"(?:id|src|source|env|type|target|required|mode|uid|gid|dst|destination)=[^=,\s]")
# an ARN up to its resource (arn:partition:service:region:account-id:, docs.aws.amazon.com/IAM/
# latest/UserGuide/reference-arns.html): what follows names a resource, a secret's too, never holds one
_ARN_BEFORE = re.compile(r"\barn:aws[\w-]*:[\w-]+:[\w-]*:\d*:$")
# an ARN's resource types that read as a secret's key (`…:secret:prod/db`); any other word there
# (`…:token:<value>`) is no resource type, so the pair after the account is judged as any other
_ARN_RESOURCE = re.compile(r"(?:secret|parameter|key|apikey)[:/]", re.IGNORECASE)
_DECISIONS: dict[tuple[int, str, str], object] = {}


# escaped line ends (JSON `\\n`, HTML `&#10;`, PowerShell `` `n ``) and the next line's indent
_ESCAPED_LINE_END = re.compile(r"(?:\\+[nrt]|&#1[03];?|`[nr])*[ \t]*")
# a line opening with a label of its own (`ID: …`, `Key=…`)
_OWN_LABEL = re.compile(r"[A-Za-z_][A-Za-z0-9_ .-]{0,40}?[ \t]*[:=]")


def _decide(
    idx: int, matched: str, following: str, prev: str, groups: tuple[tuple[int, int], ...]
) -> tuple[int, int, str] | None:
    """(start, end, kind) of the secret within one rule match (offsets relative to the match), or
    None when the match is a reference, placeholder, example or no secret at all."""
    kind, _, group, _, _ = _COMPILED[idx]
    labelled = kind in _LABELLED and group == 0
    # (`p:password=`, `$script:TOKEN =`: a namespace or a PowerShell scope, not a `::` path)
    scoped = prev[-2:] == "::"
    if labelled and scoped and kind not in ("cli_secret", "positional_password"):
        return None  # `AWS::KMS::Key`, `std::key`: the tail of a scoped name, not a label
    name = ""
    if labelled:  # groups: [label,] quote, quoted value, bare value
        if len(groups) == 5:
            name = matched[groups[1][0] : groups[1][1]]
            if kind in _KEY_JUDGED and not kv.key_strength(name):
                return None  # (what `_kv_key` ends in for a key naming no secret, without the value's checks)
        q, qv, bv = groups[-3], groups[-2], groups[-1]
        quoted = q[1] > q[0] >= 0
        if (
            quoted
            and kind == "env_secret"
            and matched[q[0]] == ">"
            and not matched.lower().endswith("</" + name.lower())
        ):
            return None  # `&lt;YOUR_API_KEY&gt; yesterday">copy</span>`: a placeholder, no element
        start, end = qv if qv[0] >= 0 else bv
        if start >= 0:
            # `${DB_PASSWORD:hunter2}` (Spring), `${X:-v}` (shell): a reference with a default value,
            # which is the value used wherever the variable is unset
            d = _DEFAULT_REF.match(matched, start, end)
            close = matched.find("}", d.end(), end) if d is not None else -1
            if d is not None and close > d.end():
                start, end = d.end(), close
    else:
        start, end = groups[group]
        before = matched[start - 1] if start > 0 else prev[-1:]
        quoted = start >= 0 and before in ('"', "'", "`")
    if start < 0:
        return None
    ctl = _CONTROL.search(matched, start, end)
    if ctl is not None:
        end = ctl.start()  # an ANSI colour code or another control character ends the value
    if quoted and matched[start - 1 : start + 1] in ("`n", "`r") and matched[start + 1 : start + 2] in (" ", "\t", "`"):
        return None  # PowerShell's escaped line end (`` `n ``) and the next line: no backtick quote
    if not quoted and kind != "private_key":
        # a JSON string's escaped line end ends a bare value (`= $null\\nX=1`): the JSON view reads
        # the value on its own line
        # (an HTML attribute's `&#10;` too; a doubly escaped `\\\\n` leaves no backslash behind)
        ends = ("\\n", "\\r", "\\t", "&#10", "&#13")
        powershell = start > 0 and matched[start - 1 : start + 1] in ("`n", "`r")
        if matched.startswith(ends, start) or powershell:
            # the label ends its line (a JSON, HTML or PowerShell escape of the line end): the value
            # is the next line's first token, unless that line opens with a label of its own
            # (`Password:\\n ID: {…}`); a doubly escaped `\\n` is read by no view, so it is read here
            nxt = _ESCAPED_LINE_END.match(matched, start + powershell)
            start = nxt.end() if nxt is not None else start + powershell
            if start >= end or _OWN_LABEL.match(matched, start, end) is not None:
                return None
        cut = min((i for i in (matched.find(e, start, end) for e in ends) if i > start), default=-1)
        if cut > start:
            end = cut
            while end > start and matched[end - 1] == "\\":
                end -= 1
    if idx == _FILE_CONTENT_RULE and _WORD_HUMPS.fullmatch(matched[start:end]) and not random_like(matched[start:end]):
        return None  # `SummaryOfFindings` under `cat tokens_report.md`: a heading or a name, no generated content
    if idx == _KEY_USER_RULE and not random_like(matched[start:end]):
        return None  # `curl -u deploy-bot:`: a user's name, no key
    if idx == _PGPASS_RULE and _HEX_FIELDS.match(matched.lstrip(_OPENERS)):
        return None  # colon-separated hex fields (`AB12:12345:C0FFEE:…`): an id, not a password file
    if kind == "intl_password":
        # (the label up to the value: its last letter may have stood for the separator)
        label = matched[groups[1][0] : start].lower()
        if any(w in label for w in _INTL_PASSWORD_LABELS):
            kind = "password"
        elif not _intl_key_label(label) or _INTL_NOT_SECRET_KEY.search(label):
            return None  # any other word in that script, or a public, build or cache key
        elif _APP_PASSWORD.match(matched, start, end):
            kind = "password"  # an app password as its provider shows it (`abcd efgh ijkl mnop`)
        elif end - start >= 12:
            kind = "prose_key_loose"  # `key` in that script labels a generated value only
        else:
            return None  # any other word in that script before a value
    if kind == "prose_key_loose" and _NOT_SECRET_KEY.search(matched, 0, start):
        return None  # "key fingerprint SHA256:…", "key id …", "public key …": a key's public name or hash
    if kind == "okta_token" and group == 1 and prev[-1:] in ("-", "_") and start == 0:
        return None  # the tail of a longer token (`…-00…`), not a token of its own
    if labelled and prev[-1:] == "{" and matched[start : start + 1] in ("?", "+") and matched[start - 1 : start] == ":":
        return None  # `${PASSWORD:?must be set}`: a shell expansion's error message or alternative, no value
    if (
        labelled
        and not quoted
        and _OPTION_PAIR.match(matched, start, end)
        and (matched[end : end + 1] or following) == ","
    ):
        return None  # `--secret id=npmrc,src=…`, `--mount type=secret,id=…`: an option list; its pairs are judged alone
    if labelled and prev[-1:] == "$" and not quoted:
        return None  # `$password = Read-Host …`: a variable set to an expression (a literal is quoted)
    if (
        kind == "password"
        and not matched.isascii()
        and any(
            not c.isascii() and not c.isalpha() and not _mark(c) and c not in _PROSE_NON_ASCII_OK
            for c in matched[:start]
        )
    ):
        return None  # the fold's DEL between label and value stood for no arrow or letter
    if not quoted and matched[end - 1 : end] == ":" and (matched[end : end + 1] or following) in ("'", '"'):
        if not random_like(matched[start : end - 1]):
            return None  # `--creds user:'password'`: the user before a quoted password (found on its own)
        end -= 1  # `api_key=0a1b…:''`: an API key sent as basic auth's user, the password empty
    if not quoted and end - start > 1 and matched[end - 1] == "\\" and (matched[end : end + 1] or following) == '"':
        end -= 1  # `-p $PASS\"}`: the backslash escapes the closing quote of a JSON string
    if not quoted and "&" in matched[start:end]:
        nxt = _NEXT_PARAM.search(matched[start:end])
        if nxt is not None:
            end = start + nxt[0][0]  # `token=abc&page=2`: the value ends where the next parameter starts
    if not quoted and kind in _TRIMMED and not matched.endswith("...", start, end):
        if _PLACEHOLDER_VALUE.search(matched[start:end]):
            return None  # `{STRIPE_KEY}`, `[token]`: judged whole, before trailing brackets go
        while end > start and matched[end - 1] in _TRAILING_PUNCT:
            end -= 1  # "my password is hunter2." — the full stop is prose
    if end - start < (1 if kind == "cli_secret" and not name else 4):
        return None
    if kind in ("cli_secret", "positional_password") and not name:
        name = "password"  # positional flags (-p, -a) take passwords
    following = matched[end : end + 1] if end < len(matched) else following
    if quoted and _psql_variable((prev + matched[:start])[-3:]) and _names_a_secret(matched[start:end]):
        return None  # `:'app_password'`: psql's variable, a name for a secret, no value
    if kind in kv.KINDS:
        name = _kv_key(kind, name, matched[start:end])
        if not name:
            return None
    if _rejected(kind, group or labelled, matched[start:end], following, name, quoted):
        return None
    return start, end, kv.placeholder_kind(name) if kind in kv.KINDS else _OUT_KIND.get(kind, kind)


# the kv syntaxes whose key `_kv_key` judges as it stands (a call's key is its setter's tail; the
# scheme and the flag after a user name their secret by position)
_KEY_JUDGED = kv.KINDS - {"kv_arg", "kv_scheme", "kv_userflag"}


def _kv_key(kind: str, key: str, value: str) -> str:
    """The key a key/value match names a secret by, or "" when the match is none: the key's words
    name no secret, a call acts on one (`getPassword("svc")`) or passes its name (`Secret("db")`),
    or a session key holds a uuid (a log's session id, not a cookie)."""
    if kind == "kv_userflag":
        return "password" if kv.flag_password(value) else ""  # the flag after a user names its password
    if kind == "kv_scheme":
        return "bearer_token"  # `Authorization: Bearer V`: the scheme says V is the credential
    if kind == "kv_arg":
        # (a method's own name decides: `creds.get("AccountId")` looks a name up on `creds`)
        key = kv.call_key(key) if kv.call_key(key.rsplit(".", 1)[-1]) else ""
        if (
            not key
            or any(map(str.isspace, value))
            or (kv.name_like(value) and not random_like(value))
            or (kv.slug_like(value) and not (kv.placeholder_kind(key) == "password" and _PASSPHRASE.match(value)))
        ):
            return ""  # (a diceware passphrase under a password key, `setenv('SSHPASS', 'a-b-c42')`, is one)
    if kind == "kv_prose" and key.lower() in ("pass", "pw"):
        return ""  # a verb or a ticket in prose ("first pass was X"): `short_password`'s stricter policy owns it
    strength = kv.key_strength(key)
    if strength and (kv.pagination_cursor(key, value) or kv.fetch_credentials_mode(key, value)):
        return ""  # `next_page_token=<base64 of {"page": 3}>`: a list call's position, no credential
    if not strength or (strength == 1 and (_UUID.match(value) or _PAIR.match(value))):
        return ""  # (a pair in the value of a weak key, `Cookie: sid=V`: the inner key decides, `_kv_matches`)
    return key


def _kv_matches(
    rx: Rx, text: Prepared, value: re.Pattern[str], keyless: Rx | None = None
) -> Iterable[tuple[tuple[int, int], ...]]:
    """A kv rule's matches. Its pattern ends at the key's separator: the value is read after it
    (`value`, on a bounded window), and the match's groups are the key's and the value's (whole,
    key, quote, quoted value, bare value). The search goes on after the value; after a value that
    is a pair of its own, from that pair (`Set-Cookie: db_pass=V`, `opts: password=V`: the outer
    key may name no secret, and a match that consumed the inner pair would hide it). With
    `keyless` (the pattern without its group, for a key that opens the match: `kv.key_run`),
    the search runs that and the key is read after it."""
    n, pos = len(text), 0
    search = (keyless or rx).searcher(text)
    while pos <= n:
        m = search(pos, n)
        s0, e0 = m[0]
        if s0 < 0:
            return
        key = (s0, kv.key_end(text, s0)) if keyless is not None else m[1]
        v = value.match(text, e0, min(n, e0 + kv.VALUE_WINDOW))
        bare = text[v.start(3) : v.end(3)] if v is not None and v.start(3) >= 0 else ""
        if bare[:1] == "\\" and not bare.strip("\\"):
            # a quote escaped once per layer of a string encoded again and again (seven backslashes
            # at three layers, deeper than the decoded views go): the value inside the escaped
            # quotes, never the run of backslashes read as a bare value
            v = _ESCAPED_QUOTED.match(text, e0, min(n, e0 + kv.VALUE_WINDOW))
        if v is None:
            pos = e0 if e0 > pos else pos + 1  # (as `Rx.finditer` steps on)
            continue
        groups = (v.span(1), v.span(2), v.span(3))
        end = v.end()
        if groups[2][0] >= 0 and text[end : end + 1] == "," and kv.plural(text[key[0] : key[1]]):
            # (a plural key's list is one value: every item is a secret)
            end = _LIST_TAIL.match(text, end, min(n, end + kv.VALUE_WINDOW)).end()  # type: ignore[union-attr]
            groups = (groups[0], groups[1], (groups[2][0], end))
        yield ((s0, end), key, *groups)
        vs, ve = groups[1] if groups[1][0] >= 0 else groups[2]
        # searched again from there (one search a value: the values are bounded); a pair holds a
        # `=` after its first character, so most values skip the pair's pattern
        # (a bare value ending in `:` is the next key, `x_token: token: V`: searched from there too,
        # or the first pass would skip a pair a second pass, after a placeholder, finds)
        pair = text.find("=", vs + 1, ve) >= 0 and _PAIR.match(text[vs:ve])
        pos = vs if pair or (groups[2][0] >= 0 and text[ve - 1 : ve] == ":") else max(end, s0 + 1)
        amp = text.find("&", vs + 1, ve) if groups[2][0] >= 0 else -1
        if amp > 0:
            # a bare value read on over a query string's next parameters (`_decide` cuts it at the
            # first): those parameters are searched too (`&X-Amz-Security-Token=V` after a credential)
            pos = min(pos, amp + 1)


def _kv_text(text: Prepared) -> Prepared:
    """The text the kv rules search from positions: folded, also where the fold leaves a text
    unfolded (a KELVIN SIGN or a long s, which only case-fold to a key's letters), since every
    search of an unfolded text converts all of it again. Built once per text, not once per kv
    rule: ~100 rules each folding a long unfolded text again was most of its redaction's time."""
    if text.folded is not None:
        return text
    cached: Prepared | None = getattr(text, "kv_text", None)
    if cached is None:
        cached = Prepared(text)
        cached.folded = blank_csi(text.encode("ascii", "persona_fold"))
        text.kv_text = cached  # type: ignore[attr-defined]
    return cached


# base64 of a JSON object (`{"` / `{ "` / `{` and a line break encode as `eyJ`, `eyAi`, `ewo`),
# standard or URL-safe alphabet, as a config blob in an environment variable or a header carries it
_B64_JSON = re.compile(r"(?<![A-Za-z0-9+/_-])(?:eyJ|eyAi|ewo)[A-Za-z0-9+/_-]{20,4096}={0,2}(?![A-Za-z0-9+/=_-])")


def encoded_json_spans(text: str) -> list[Span]:
    """A base64 JSON object holding a secret our rules find in its decoded text (`CONFIG=eyJhcGlL…`,
    `{"apiKey": "sk_live_…"}`): the whole encoded run is the secret's. A JWT's parts and public
    payloads (pagination cursors, ids) decode to nothing our rules take."""
    out: list[Span] = []
    if "eyJ" not in text and "eyAi" not in text and "ewo" not in text:
        return out  # (substring tests, C speed: `ey` alone is in every `key`)
    for m in _B64_JSON.finditer(text):
        run = m[0]
        if m.end() < len(text) and text[m.end()] == ".":
            continue  # a JWT's header or payload: the token's own rule owns it
        try:
            decoded = base64.b64decode(run.replace("-", "+").replace("_", "/") + "=" * (-len(run) % 4)).decode()
        except (binascii.Error, ValueError):
            continue
        if not decoded.isprintable() and not all(c.isprintable() or c in "\r\n\t" for c in decoded):
            continue
        inner = own_rule_spans(decoded)
        if inner:
            out.append(Span(m.start(), m.end(), inner[0].kind))
    return out


def own_rule_spans(text: str) -> list[Span]:
    if not isinstance(text, Prepared):
        text = prepare(text)  # folded once, for every rule and every search from a position
    ids = _rule_ids(text)
    spans: list[Span] = []
    one, out = (text,), (spans,)
    for idx in sorted(ids):
        if idx not in _ANCHOR_RULES:  # (ids only: near_id_spans looks beside them)
            _rule_spans(idx, one, out)
    _near_spans(text, ids, spans)
    spans.extend(encoded_json_spans(text))
    spans.extend(_value_format_spans(text))
    return spans


def _prose_value_vetoed(text: str, label: int, start: int, end: int) -> bool:
    """The policy `prose_key_loose` applies to a value its key word labels, for a value beside the
    word for key in any language: a data, lookup or public key (`partition key`, `public key`: the
    words before the label), a standard's published test data, and what its judge rejects (an
    example, a placeholder, a path, a slug, code)."""
    before = text[max(0, label - 24) : label]
    if _NOT_SECRET_BEFORE.search(before) or _PUBLIC_BEFORE.search(before) or prose_keys.public_key(text, label):
        return True  # (`public` as the key word's language places it: `clé publique`, `veřejný klíč`)
    value = text[start:end]
    if published_hex(text, start, value):
        return True
    return _rejected("prose_key_loose", 1, value, text[end : end + 1], "", False)


def _token_vetoed(text: str, start: int, end: int) -> bool:
    """A stand-alone generated-looking value that is a documentation example, a placeholder or a
    standard's published test data (the policy the labelled values follow)."""
    value = text[start:end]
    if len(value) in (51, 52) and value[0] in "5KL" and all(c in _B58 for c in value):
        return not _wif_ok(value)  # a wallet-import key's shape: its checksum decides (the wallet rules')
    return bool(_PLACEHOLDER_VALUE.search(value) or _DOC_EXAMPLE.search(value)) or published_hex(text, start, value)


def generated_spans(text: str, taken: Sequence[Span] = ()) -> list[Span]:
    """Generated credentials standing alone in the original text, in any language (never over a
    decoded view: a form decoding's `+` to space would cut a public base64 blob into runs; `taken`:
    the other detectors' spans in it)."""
    found = generated_token_spans(text, _token_vetoed, taken)
    return untouched(found, protected_ranges(text)) if found else found


def _value_format_spans(text: Prepared) -> list[Span]:
    """The values known by their own format or their neighbours rather than a rule's label: BitLocker
    recovery passwords, base64 `user:password`, hook URLs, generated values beside the word for key
    in any language (none inside a placeholder: a second pass reads what the first wrote)."""
    found = [
        *disk_keys.bitlocker_spans(text),
        *encoded_creds.basic_credential_spans(text),
        *hook_urls.hook_url_spans(text, random_like),
        *prose_keys.prose_key_spans(text, random_like, _prose_value_vetoed),
        *mode_keys.mode_key_spans(text),
        *nostr_keys.nostr_spans(text),
        *(Span(a, b, "crypto_seed_phrase") for a, b in kv.seed_phrase_spans(text)),
    ]
    return untouched(found, protected_ranges(text)) if found else found


def own_rule_spans_many(texts: Sequence[str]) -> list[list[Span]]:
    """`own_rule_spans` of each text. The texts go through the rule Set, then each rule, one after
    the other: a rule's RE2 automaton then stays in the CPU's caches over a batch, where between
    two texts the other detectors' work evicted it (interleaved with them, the Set took ~2x its
    time alone). Each text's spans are those `own_rule_spans` finds in it, in the same order."""
    if len(texts) == 1:
        return [own_rule_spans(texts[0])]
    prepared = [t if isinstance(t, Prepared) else prepare(t) for t in texts]  # folded once, for every rule
    rule_ids = [_rule_ids(t) for t in prepared]
    spans: list[list[Span]] = [[] for _ in prepared]
    by_rule: dict[int, list[int]] = {}
    for n, ids in enumerate(rule_ids):
        for idx in ids:
            by_rule.setdefault(idx, []).append(n)
    for idx in sorted(by_rule):  # (rule order: each text's spans in the order of its rules)
        if idx not in _ANCHOR_RULES:
            at = by_rule[idx]
            _rule_spans(idx, [prepared[n] for n in at], [spans[n] for n in at])
    for text, ids, out in zip(prepared, rule_ids, spans, strict=True):
        _near_spans(text, ids, out)
        out.extend(encoded_json_spans(text))
        out.extend(_value_format_spans(text))
    return spans


def _near_spans(text: Prepared, ids: Collection[int], spans: list[Span]) -> None:
    """The spans found beside an anchor rule's matches (an id, a recovery-codes header: no secret alone)."""
    if _AWS_RULE in ids or _TWILIO_RULE in ids or _TWILIO_KEY_RULE in ids:
        spans.extend(near_id_spans(text))
    if _JWK_RULE in ids:
        spans.extend(jwk_spans(text))
    if _RECOVERY_RULE in ids:
        for m in _COMPILED[_RECOVERY_RULE][1].finditer(text):
            spans.extend(recovery_codes.recovery_code_spans(text, m[0][1]))
    if spans:  # an access key id beside its secret: the pair is the credential
        # (a rule may read a placeholder's own `password:79cc8b43` as a labelled value: paired with a
        # key id beside it, the id would be redacted only on a second pass)
        secrets = untouched(spans, protected_ranges(text))
        if secrets:
            spans.extend(key_pairs.pair_id_spans(text, secrets, _paragraph, random_like))


def _rule_ids(text: Prepared) -> frozenset[int] | list[int]:
    """The rules that may match in the text."""
    b = fold(text)
    # The rules that match somewhere (one Set pass); None if the Set failed or the text has no fold.
    matching = _RULE_SET.matching(text) if b is not None else None
    if matching is not None:
        return matching.union(i for i in _UNSET_RULES if _COMPILED[i][4][0] in b)  # type: ignore[operator]
    # every rule whose keyword occurs (each rule's keywords are necessary to its pattern)
    # The keywords are ASCII: the fold's (ASCII) lower() finds them wherever text.lower() would.
    lowered: bytes | str = b.lower() if b is not None else text.lower()
    return [
        i
        for i, r in enumerate(_COMPILED)
        if any(k in lowered for k in (r[4] if b is not None else r[3]))  # type: ignore[operator]
    ]


# after a bare name: a union (`| None`, `| Other`) or a default (`= …`): a type annotation's type
_TYPE_NAME = re.compile(r"[A-Za-z_]+(?:\.[A-Za-z_]+)*")
# (`| tee log`, a shell's pipe after a value, is no union: a union's other type is capitalized)
_ANNOTATED_AFTER = re.compile(r"[ \t]*(?:\|[ \t]*[A-Z_]|=[ \t]*[^\s=])")


def _annotation(text: str, start: int, end: int) -> bool:
    """Whether a key/value match's bare value is a type in a code annotation: `token: EventLoopToken
    | None = None`, `token: EventLoopToken = current()`. The type is a name (no digits) after `:` and
    before a union or a default; a config's `password: Value` has neither after it."""
    if start < 2 or text[start - 1] not in " \t" or not _TYPE_NAME.fullmatch(text, start, end):
        return False
    i = start - 1
    while i > 0 and text[i - 1] in " \t":
        i -= 1
    return text[i - 1 : i] == ":" and _ANNOTATED_AFTER.match(text, end) is not None


# a binary operator and its next operand after a bare name (not `|`: a shell's pipe; not `-`: a flag)
_OPERATOR_AFTER = re.compile(r"[ \t]+[+*/%][ \t]+[A-Za-z_(\"']")


def _operand(text: str, start: int, end: int) -> bool:
    """Whether a key/value match's bare value is a name in an expression (`Token = Ignore +
    PlainToken`, `PseudoToken = Whitespace + group(…)`): code computing the value, not a literal.
    (Asked of tokens and keys only: `password = Sunshine + 1` in prose may hold the password.)"""
    return (
        text[start - 1 : start] not in ("'", '"', "`")
        and _TYPE_NAME.fullmatch(text, start, end) is not None
        and _OPERATOR_AFTER.match(text, end) is not None
    )


# a few words after a bare word, the last naming a credential (`Anthropic API key`, `BitBucket
# access token`, `Datadog API key. Falls back…`)
_DESCRIBED_AFTER = re.compile(
    r"[ \t]+(?:[A-Za-z/-]+[ \t]+){0,3}(?i:key|keys|token|tokens|secret|secrets|credentials?)\b(?![=:])"
)


def _described(text: str, start: int, end: int) -> bool:
    """Whether a bare word of letters starts a description of the label (a docstring's `api_key:
    Anthropic API key`, `access_token: GitLab personal access token`): it names a product, not
    the credential. A generated token or key has digits or symbols; asked of tokens and keys only
    (a password may be a word)."""
    return text[start:end].isalpha() and _DESCRIBED_AFTER.match(text, end) is not None


def _used_as_name(text: str, start: int, end: int) -> bool:
    """Whether the same text uses a key/value match's value as a code name elsewhere (see
    `used_as_name`)."""
    return used_as_name(text, text[start:end], start)


def used_as_name(text: str, value: str, skip: int = -1) -> bool:
    """Whether the text uses a value as a code name: an attribute (`self.sourceName`), a class or
    function it defines, calls, subscripts or reaches into (`class RunVar(`, `RunVar[T]`,
    `RunVar.NO_VALUE_SET`). Then the value (`__all__ = ("EventLoopToken", "RunVar"`,
    `token._value is _NoValueSet.NO_VALUE_SET`) is that name, not a literal; no generated secret is
    reached into as code. (`skip`: the value's own position, not looked at.)"""
    if len(value) < 4 or not _TYPE_NAME.fullmatch(value):
        return False
    # (beside its own position, within a window: a text of n labelled values stays linear)
    lo, hi = (0, len(text)) if skip < 0 else (max(0, skip - _NAME_REACH), skip + len(value) + _NAME_REACH)
    # (found by `str.find`, not a pattern built of the value: one pattern a value filled `re`'s
    # 512-entry cache after a bench pass and evicted the fixed patterns phonenumbers compiles by string)
    n, hi = len(value), min(hi, len(text))
    start = text.find(value, lo, hi)
    while start >= 0:
        end = start + n
        whole = not (start and _NAME_CHAR.match(text, start - 1)) and not _NAME_CHAR.match(text, end)
        if whole and start != skip:
            after = text[end : end + 1]
            if after in ("(", "[") or (after == "." and _IDENT.match(text[end + 1 : end + 2])):
                return True
            if text[start - 1 : start] == "." and text[start - 2 : start - 1].isalnum():
                return True
            if _DEFINES.search(text, max(0, start - 7), start):
                return True
        start = text.find(value, start + 1, hi)
    return False


_NAME_CHAR = re.compile(r"[A-Za-z0-9_]")


_DEFINES = re.compile(r"\b(?:class|def|import)[ \t]+$")
_NAME_REACH = 2048


# a value's next token on its line (not a flag, not a comment)
_NEXT_TOKEN = re.compile(r"[ \t]+[^\s#-]")


# a setting command before a boolean marker flag: `pulumi config set`, `dotenv-vault env set`
_SET_COMMAND = re.compile(r"\b(?:config|env|var|variable|secrets?)[ \t]+(?:set|add)[ \t]+(?:\S+[ \t]+)?$")


def _flag_before_pair(text: str, flag: str, start: int, end: int) -> bool:
    """Whether a flag's "value" is the name of a key/value pair after a boolean flag: `pulumi config
    set --secret dbPassword V` (the flag marks the value secret; the name names it, the value
    follows). Only `--secret`/`--sensitive` after a setting command: any other flag (`--password`,
    `--token`, `--pass`) takes its value, however name-shaped (`mycli --password mysecretpass99 db1`)."""
    if flag.lower() not in ("secret", "sensitive"):
        return False
    line = text.rfind("\n", 0, start) + 1
    dash = text.rfind("-", line, start)  # the flag's dashes: the command ends before them
    while dash > line and text[dash - 1] == "-":
        dash -= 1
    return (
        _SET_COMMAND.search(text, max(line, dash - 120), dash) is not None
        and _IDENT.match(text[start:end]) is not None
        and kv.key_strength(text[start:end]) > 0
        and _NEXT_TOKEN.match(text, end, end + 2) is not None
    )


def _rule_spans(idx: int, texts: Sequence[Prepared], outs: Sequence[list[Span]]) -> None:
    """Append one rule's spans in each text to its list."""
    cache = _DECISIONS
    rx = _COMPILED[idx][1]
    value = _KV_VALUES.get(idx)
    keyless = _KV_KEYLESS.get(idx)
    userflag = idx == _USERFLAG_RULE
    public_half = idx in _PUBLIC_HALF_RULES
    flag = _COMPILED[idx][0] == "kv_flag"
    for text, spans in zip(texts, outs, strict=True):
        for m in rx.finditer(text) if value is None else _kv_matches(rx, _kv_text(text), value, keyless):
            s0, e0 = m[0]
            if s0 and text[s0 - 1] == "]" and placeholder_ends_at(text, s0):
                continue  # glued to a placeholder: it was glued to the word it replaced (idempotence)
            if userflag and text[m[1][0] : m[1][1]] == "-P" and _GREP_BEFORE.search(text, max(0, s0 - 200), s0):
                continue  # `grep -u x -P "\d{3}"`: a grep's `-P` is its Perl regex, no password
            if (
                s0
                and text[s0 - 1] == ":"
                and _ARN_RESOURCE.match(text, s0)
                and _ARN_BEFORE.search(text[max(0, s0 - 96) : s0])
            ):
                continue  # `arn:aws:secretsmanager:…:123456789012:secret:name`: an ARN's resource, no key
            if idx in _LOOSE_KEY_RULES and _NOT_SECRET_BEFORE.search(text[max(0, s0 - 24) : s0]):
                continue  # "partition key: tenant#2024", "cache key: deps-v2-…": a data or lookup key
            if idx in _LOOSE_KEY_RULES and prose_keys.public_key(text, s0, m[1][0]):
                continue  # `klucz publiczny V`, `öffentlicher Schlüssel V`: "public" in the key word's language
            if public_half:
                before = text[max(0, s0 - 14) : s0]
                # (the pattern's `pub` in any case: only ASCII letters case-fold to those three)
                if "pub" in before.lower() and _PUBLIC_BEFORE.search(before):
                    continue  # "the server's public key is …", `public key: …`: the shared half of a key pair
            # The decision is a pure function of the match (and the characters around it), cached:
            # histories repeat the same `token = os.getenv(` lines thousands of times.
            # (the character before; five before a `:` or `$`, which `$env:` and `$var` need: a wider
            # key for every match would split the cache)
            pre = text[s0 - 1 : s0] if s0 else ""
            key = (idx, text[s0 : e0 + 1], text[max(0, s0 - 5) : s0] if pre in (":", "$") else pre)
            found = cache.get(key, _MISS)
            if found is _MISS:
                found = _decide(idx, text[s0:e0], text[e0 : e0 + 1], key[2], _rel(m, s0))
                if len(cache) >= 65536:
                    cache.clear()
                cache[key] = found
            if found is None:
                continue
            if len(m) == 5 and m[1][0] >= 0 and kv.message_class(text, m[1][0], m[1][1]):
                continue  # `NoCredentialsError: Unable to locate…`: a message about a secret follows
            a, b = s0 + found[0], s0 + found[1]  # type: ignore[index]
            if idx in _HEX_JUDGED and published_hex(text, s0, text[a:b]):
                continue  # `key = 000102…0f` after "RFC 4231 test case 2:": a standard's test data
            if (
                value is not None
                and (
                    _annotation(text, a, b)
                    or (found[2] != "password" and (_operand(text, a, b) or _described(text, a, b)))  # type: ignore[index]
                    or _used_as_name(text, a, b)
                    or (text[a - 1 : a] not in ("'", '"', "`") and _code_ref(text[a:b]))
                    or (found[2] != "password" and _field_path(text[a:b]))  # type: ignore[index]
                    or (flag and _flag_before_pair(text, text[m[1][0] : m[1][1]], a, b))
                    or (
                        len(m) == 5
                        and m[1][0] >= 0
                        and (
                            public_material.detached_signature(text, m[1][0], m[1][1], a, b)
                            or public_material.beacon_signature(text, m[1][0], m[1][1], a, b)
                            or public_material.under_encrypted_mapping(text, m[1][0], text[a:b])
                        )
                    )
                )
            ):
                continue
            spans.append(Span(a, b, found[2]))  # type: ignore[index]


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


# betterleaks' default rules, less those our own rules cover (see engine.toml)
_CONFIG_FILE = Path(__file__).with_name("engine.toml")
ENGINE_CONFIG: str | None = str(_CONFIG_FILE) if _CONFIG_FILE.is_file() else None  # else the full default set


# a line break, raw (`\n`, `\r\n`) or escaped once in a string literal (`\\n`, `\\r\\n`)
_VALUE_BREAK = re.compile(r"\r?\n|(?:\\r)?\\n")


def betterleaks_values(texts: Sequence[str]) -> dict[str, str]:
    """Secret value -> placeholder type, for every betterleaks finding in the texts."""
    import betterleaks  # lazy: loads a Go shared library

    found: dict[str, str] = {}
    for chunk in _pack(texts):
        safe = utf8_safe(chunk)  # (the engine takes UTF-8: a lone surrogate raised)
        lines: list[int] = []  # the chunk's line starts, read once a finding needs its place
        for finding in betterleaks.scan_string(safe, config_path=ENGINE_CONFIG):
            value = finding.match.value or finding.match.full
            if safe is not chunk and value and "\ufffd" in value:
                value = _original(value, safe, chunk)
            tag = _CLOSING_TAG.search(value, 1) if value and ("</" in value or "]]>" in value) else None
            if tag is not None:
                value = value[: tag.start()]  # `<msg>password: V</msg>`: the element's markup ends the value
            if value and ("\n" in value or "\\n" in value) and "-----BEGIN" not in value:
                # a line's value ends at its line's break, raw or escaped in a string literal (a rule
                # reading `KEY=V\\nNEXT=…` took the next line too); an armored block spans lines
                cut = _VALUE_BREAK.search(value)
                value = value[: cut.start()] if cut else value
            if not value or len(value) < 6 or "REDACTED" in value or _DOC_EXAMPLE.search(value):
                continue
            full = finding.match.full or ""
            if (
                _PLACEHOLDER_VALUE.search(value)
                or (_names_a_secret(value) and _psql_variable(full[: max(0, full.find(value))]))
                or _masked(value)
                or secret_refs.is_reference(value)
            ):
                continue
            if any(not b or _PLACEHOLDER_VALUE.search(b) or _masked(b) for b in _bare(value) if b != value):
                continue  # `%3D%25DB_PASSWORD%25&x=1`, `$DOCKER_PASS\`: a reference, encoded or escaped
            if _query_version(value):
                continue
            if _encrypted_child(safe, finding, lines, value):
                continue  # `encryptedData:` then `password: AgB…`: a SealedSecret's ciphertext
            found.setdefault(value, _RULE_KIND.get(finding.rule_id, safe_kind(finding.rule_id)))
    return found


def _encrypted_child(chunk: str, finding: object, lines: list[int], value: str) -> bool:
    """Whether a finding's key is a child of a mapping declared encrypted (see `public_material`).
    Its place is the engine's 1-based line and column; `lines` caches the chunk's line starts."""
    if not value.startswith("Ag"):
        return False  # no SealedSecret ciphertext (before the chunk's lines are read)
    loc = getattr(finding, "location", None)
    line, col = getattr(loc, "start_line", None), getattr(loc, "start_column", None)
    if not line or not col or col < 2:
        return False  # (a key at column 1 has no parent)
    if not lines:
        lines.append(0)
        lines.extend(i + 1 for i, c in enumerate(chunk) if c == "\n")
    if line > len(lines):
        return False
    pos = lines[line - 1] + col - 1
    lo = max(0, pos - 64)
    while pos > lo and (chunk[pos - 1].isalnum() or chunk[pos - 1] in "_.-"):
        pos -= 1  # (the engine's match may start inside the key: `db_password`'s `password`)
    return public_material.under_encrypted_mapping(chunk, pos, value)


# an element's closing tag or a CDATA section's end after a bare value the engine read on (its
# rules stop at a space only)
_CLOSING_TAG = re.compile(r"</[A-Za-z][\w:.-]*>|\]\]>")


def _original(value: str, safe: str, text: str) -> str:
    """The value as `text` spells it where `safe` (its `utf8_safe` copy) holds it: a surrogate the
    copy replaced is put back, so the value is found, and redacted, in the original texts."""
    pos = safe.find(value)
    return text[pos : pos + len(value)] if pos >= 0 else value


def value_spans(text: str, values: dict[str, str]) -> list[Span]:
    spans: list[Span] = []
    for value, kind in values.items():
        pos = text.find(value)
        while pos >= 0:
            if not inside_word(text, pos, pos + len(value), value):
                spans.append(Span(pos, pos + len(value), kind))
            pos = text.find(value, pos + len(value))
    return spans


def inside_word(text: str, start: int, end: int, value: str) -> bool:
    """Whether a found value of letters alone recurs here inside a longer name (`Credentials` in
    `PartialCredentialsError`, `Provider` in `AwsCredentialsProvider`): there it is a word of that
    name, not the value. A value with a digit or symbol is looked for anywhere (a key glued to
    its label, `AKIA…<value>`)."""
    if not value.isalpha():
        return False
    # (an escape's letter is no part of a word: `\nSunshine` in a JSON string)
    before = text[start - 1] if start and text[start - 2 : start - 1] != "\\" else ""
    after = text[end] if end < len(text) else ""
    return before.isalnum() or before == "_" or after.isalnum() or after == "_"
