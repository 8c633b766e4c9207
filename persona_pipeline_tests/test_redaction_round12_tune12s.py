"""Round 12 (tune12s): text encodings read through decoded views, secret stores' printed values,
tab-separated rows and BitLocker recovery passwords (own values, shapes of our own)."""

from __future__ import annotations

import base64
from collections.abc import Callable

import pytest

from persona_pipeline.core.evidence.redaction import disk_keys
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline.core.evidence.redaction.views import decoded_views
from persona_pipeline_tests.timing import assert_linear

_KEY = "Vq3Lr8TzNw5Kd2Hx7Gp4Jm9Ys"  # a generated-looking value of our own


@pytest.fixture(scope="module")
def red() -> Redactor:
    return Redactor(b"t" * 32)


def _gone(red: Redactor, text: str, value: str) -> str:
    out = red.redact(text)
    assert out is not None
    assert value[:8] not in out.text and value[-8:] not in out.text, out.text
    again = red.redact(out.text)
    assert again is not None and again.text == out.text  # idempotent
    return out.text


def _qp(s: str) -> str:
    return "".join("".join(f"={b:02X}" for b in c.encode()) if c == "=" or ord(c) > 126 else c for c in s)


def test_quoted_printable_body(red: Redactor) -> None:
    body = _qp(f"Grüße — der Schlüssel für staging: {_KEY} (läuft nicht), a=b")
    assert "=3D" in body and "=C3=BC" in body
    _gone(red, "MIME-Version: 1.0\nContent-Transfer-Encoding: quoted-printable\n\n" + body, _KEY)


def test_rfc2047_q_and_b_words(red: Redactor) -> None:
    q = "=?iso-8859-1?q?r=E9sum=E9_deploy=5Ftoken:_" + _KEY + "?="
    _gone(red, "Subject: " + q, _KEY)
    b = base64.b64encode(f"vault_password {_KEY}".encode()).decode()
    _gone(red, f"Subject: =?utf-8?B?{b}?=", _KEY)
    # a word split across two encoded-words: the folding whitespace between them is no text
    _gone(red, f"Subject: =?utf-8?Q?ci=5Fsecret=3D{_KEY[:10]}?=\n =?utf-8?Q?{_KEY[10:]}?=", _KEY)


def test_backslash_escaped_punctuation(red: Redactor) -> None:
    # LaTeX and CommonMark escape `_`, `#`, `&`; .properties escapes `=` and `:`
    _gone(red, "\\begin{verbatim}\nREPORTING\\_SECRET\\_KEY \\= " + _KEY + "\n\\end{verbatim}", _KEY)
    value = "Pm4\\_x" + _KEY
    out = _gone(red, f"- mailer\\_password: {value}", value.replace("\\", ""))
    assert "Pm4" not in out


def test_powershell_backtick_escapes(red: Redactor) -> None:
    text = f'$body = "{{`n  `"client_secret`": `"{_KEY}`"`n}}"'
    _gone(red, text, _KEY)


def test_byte_escapes_in_reprs(red: Redactor) -> None:
    _gone(red, f"log = 'caf\\xe9 \\u2014 db_password\\x3d{_KEY}'", _KEY)
    _gone(red, f'msg: "\\303\\251t\\303\\251 auth_token\\075{_KEY}"', _KEY)


@pytest.mark.parametrize(
    "command",
    [
        "$ pass show work/ldap-bind",
        "PS> op read 'op://Infra/warehouse/credential'",
        "% security find-generic-password -s smtp-relay -w",
        "$ vault kv get -field=value kv/ci/registry",
        "$ kubectl get secrets relay -o jsonpath='{.data.k}' | base64 --decode",
    ],
)
def test_secret_store_output(red: Redactor, command: str) -> None:
    _gone(red, f"{command}\n{_KEY}\n", _KEY)


def test_secret_store_output_several_lines(red: Redactor) -> None:
    codes = ["q7rk-2m9x", "z4pt-8wd3", "h6vn-5cj1"]
    out = _gone(red, "$ bw get notes bank-login\n" + "\n".join(codes) + "\n\nthanks", codes[0])
    assert not any(c in out for c in codes)


def test_secret_store_listing_is_no_value(red: Redactor) -> None:
    text = "$ pass show\nPassword Store\n├── work\n"
    assert red.redact(text).text == text  # (a tree of names: words with spaces, no value)


def test_tab_separated_row(red: Redactor) -> None:
    _gone(red, f"env\tname\tvalue\nprod\tsmtp_password\t{_KEY}\n", _KEY)
    text = "name\ttype\nprimary_key\tbigint\ntoken_count\t128\n"
    assert red.redact(text).text == text


def _bitlocker(seed: int) -> str:
    return "-".join(f"{(seed * 7919 + i * 104729) % 65536 * 11:06d}" for i in range(8))


def test_bitlocker_recovery_password(red: Redactor) -> None:
    pw = _bitlocker(3)
    assert disk_keys.bitlocker_spans(f"Schlüssel: {pw}")
    _gone(red, f"la clé de récupération est {pw}, merci", pw)
    bad = "-".join(["123457"] * 8)  # not a multiple of 11
    assert not disk_keys.bitlocker_spans(f"code {bad}")


def test_powershell_line_end_is_no_backtick_quote(red: Redactor) -> None:
    guid = "{0B5E7C2A-4D19-4F3E-9A61-C2D8E4F0B7A3}"
    text = f'Write-Output "Key Protectors:`n    Recovery Password:`n      ID: {guid}`n"'
    out = red.redact(text).text
    assert guid in out


@pytest.mark.parametrize(
    "text",
    [
        "run (`npm ci`) then (`node build.js`), see [docs](x)",
        "retries=30 timeout=45 id=42",
        "regex: ^\\d+\\.\\d+$ and \\(group\\)",
        "masked in the wiki: \\*\\*\\*\\*\\*\\*\\*\\* (redacted by the exporter)",
    ],
)
def test_plain_text_unchanged(red: Redactor, text: str) -> None:
    assert red.redact(text).text == text


def test_views_map_back_to_the_encoding() -> None:
    text = "x =?utf-8?Q?a=5Fb_c?= y"
    views = [v for v in decoded_views(text) if "a_b c" in v.text]
    assert views
    v = views[0]
    i = v.text.index("a_b c")
    a, b = v.to_original(i, i + 5)
    assert text[a:b].startswith("=?utf-8?Q?") or text[a:b].startswith("a=5Fb")


@pytest.mark.parametrize(
    ("build", "n"),
    [
        (lambda n: "=?" + "a" * 40 + "?Q?" + "=5F_" * n, 50_000),
        (lambda n: "=3D" + "=C3=A9" * n, 40_000),
        (lambda n: "\\_" * n, 100_000),
        (lambda n: "x`n" * n, 70_000),
        (lambda n: "\\303" * n, 50_000),
        (lambda n: "$ pass show x\n" + "abcdefgh\n" * n, 22_000),
    ],
)
def test_adversarial_inputs_stay_linear(red: Redactor, build: Callable[[int], str], n: int) -> None:
    assert_linear(red.redact, build, n)


def test_base64_user_password_without_label(red: Redactor) -> None:
    token = base64.b64encode(b"svc.backup:Rk7-mw2Q-pz9").decode()
    _gone(red, f"cette valeur {token} ne passe plus", token)
    for raw in (b"https://example.org/a/b", b"plain words in a sentence", b"12:30:45 and more"):
        text = f"blob {base64.b64encode(raw).decode()} end"
        assert red.redact(text).text == text


def test_hook_urls(red: Redactor) -> None:
    secret = "Zr4kQ9vTw2LmX8pN"
    _gone(red, f"POST https://ops.example.net/api/v3/webhooks/{secret}/notify", secret)
    _gone(red, f"curl -d @msg.json 'https://push.example.org/bot/hook/send?token={secret}'", secret)
    _gone(red, f"trigger: https://hooks.example.dev/{secret}", secret)
    text = "see https://api.example.com/repos/o/r/hooks/987654/deliveries and https://docs.example.com/webhooks/intro"
    assert red.redact(text).text == text


def test_assignment_beside_a_quoted_printable_body_is_no_email(red: Redactor) -> None:
    text = "app_id=40917355-k2j8f9d0q7w3e5r1t6y4u8i0o2p.apps.example.com\n\nsize=3Dlarge"
    assert red.redact(text).text == text
    out = red.redact("Cc: piet.jansen=40voorbeeld-mail.nl\n\nsize=3Dlarge").text
    assert "piet.jansen" not in out


@pytest.mark.parametrize(
    "text",
    [
        "il gettone Lp4Wq8Zx2Nv6Rt9Ky scade domani",  # Italian, label first
        "Xk5Tb8Rw2Mz7Qn4Hv anahtarı çalışmıyor",  # Turkish, label after, inflected
        "Yh6Pd3Ks9Lc2Wf7Bn түлхүүр ажиллахгүй байна",  # Mongolian, label after
        "ఈ Gm3Vr8Tq5Xz1Kw6Jp తాళం తెరవదు",  # Telugu, label after
    ],
)
def test_generated_value_beside_a_key_word(red: Redactor, text: str) -> None:
    value = next(w for w in text.split() if any(c.isdigit() for c in w))
    _gone(red, text, value)


@pytest.mark.parametrize(
    "text",
    [
        "see commit 4be1c07d93a2f5e8b6c1d0a9f7e3b2c5d8a1f4e7 for the key rotation",
        "the key takeaway from release_notes_v2 is simple",
        "ключ от двери лежит под ковриком",
        "token count 128000 per request",
    ],
)
def test_key_words_without_a_generated_value(red: Redactor, text: str) -> None:
    assert red.redact(text).text == text


def test_base64_type_and_number_is_no_credential(red: Redactor) -> None:
    node = base64.b64encode(b"Organization:31415926").decode()
    text = f'{{"node_id": "{node}"}}'
    assert red.redact(text).text == text
