"""The classes fixed when round 7 joined dev (issue 17), each with templates and values of its own
(not the blind generator's): exception classes, public tokens, shell error messages, option lists
and group mailboxes that are no secret or person; national ids of more countries by their labels
(in their own scripts too) and check digits. Each positive has a hard negative beside it (a wrong
check digit, the secret half of a key pair, a person's display name). Every redacted text must
redact to itself again."""

from __future__ import annotations

import random
import string

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks

R = Redactor(b"7" * 32)
RNG = random.Random(20261204 + 7)


_CHECKS = Checks(R)
_redacted, _kept, _gone = _CHECKS.redacted, _CHECKS.kept, _CHECKS.gone


def _run(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


# --- hard negatives: no secret, no person


@pytest.mark.parametrize(
    "text",
    [
        "google.auth.exceptions.DefaultCredentialsError: Could not automatically determine credentials",
        "raise TokenExpiredError: Refresh needed",
        "PasswordValidationWarning: Weak password detected",
    ],
)
def test_an_exception_class_is_no_key(text: str) -> None:
    _kept(text)


def test_public_tokens_by_documented_prefix() -> None:
    body = (
        "eyJ1IjoiZGV2IiwiYSI6I" + _run(string.ascii_letters + string.digits, 20) + "." + _run(string.ascii_letters, 22)
    )
    _kept(f'const map = new Map({{ accessToken: "pk.{body}" }})')
    _kept(f"STRIPE_KEY=pk_test_{_run(string.ascii_letters + string.digits, 24)}")
    _gone(f'const map = new Map({{ accessToken: "sk.{body}" }})', "sk." + body[:20])  # the secret half


def test_shell_expansion_messages_and_option_lists() -> None:
    _kept('environment:\n  API_TOKEN: "${API_TOKEN:?set it in .env}"')
    _kept("docker buildx build --secret id=aws,src=$HOME/.aws/credentials -t app .")
    default = "Zq8" + _run(string.ascii_letters + string.digits, 14)
    _gone(f'password: "${{DB_PASSWORD:-{default}}}"', default)  # a default is the value used
    flag = "Xy7" + _run(string.ascii_letters + string.digits, 16)
    _gone(f"tool --secret {flag} --verbose", flag)


def test_group_display_names() -> None:
    _kept("From: Billing Support <billing@shop.example.io>")
    _kept('LABEL maintainer="Data Platform Team <data-platform@corp.io>"')
    _gone("Co-authored-by: Bot <lena.marsh@gmail.com>", "lena.marsh@gmail.com")  # one word: no group
    _gone("From: Lena Marsh <lena.marsh@corp.io>", "lena.marsh@corp.io")


# --- national ids: labels (other scripts too) and check digits


def _digits(n: int) -> str:
    return _run(string.digits, n)


def _stdnum_value(module: object, length: int) -> str:
    """A valid number of `length` digits: random digits, the last one chosen to pass the check."""
    while True:
        base = str(RNG.randrange(1, 10)) + _digits(length - 2)
        for d in string.digits:
            if module.is_valid(base + d):  # type: ignore[attr-defined]
                return base + d


def _broken(v: str) -> str:
    """`v` with its check digit changed: no valid number."""
    last = v[-1]
    return v[:-1] + ("0" if last != "0" else "1")


def test_labelled_ids_with_check_digits() -> None:
    from stdnum.hr import oib
    from stdnum.nz import ird
    from stdnum.th import pin

    cases = []
    for _ in range(3):
        cases += [
            ("OIB klijenta: {v}", _stdnum_value(oib, 11)),
            ("ird_number={v}", _stdnum_value(ird, 9)),
            ("ЕГН {v}", _valid_egn()),
            ("เลขประจำตัวประชาชน: {v}", _stdnum_value(pin, 13)),
        ]
    for template, v in cases:
        _gone(template.format(v=v), v)
        _kept(template.format(v=_broken(v)))


def _valid_egn() -> str:
    from stdnum.bg import egn

    while True:
        base = f"{RNG.randrange(50, 99):02d}{RNG.randrange(1, 13):02d}{RNG.randrange(1, 29):02d}{_digits(3)}"
        v = base + egn.calc_check_digit(base)
        if egn.is_valid(v):
            return v


def _nric() -> str:
    digits = _digits(7)
    total = sum(int(c) * w for c, w in zip(digits, (2, 7, 6, 5, 4, 3, 2), strict=True))
    return "S" + digits + "JZIHGFEDCBA"[total % 11]


def _hkid() -> str:
    letter, digits = RNG.choice(string.ascii_uppercase), _digits(6)
    total = 36 * 9 + (ord(letter) - 55) * 8 + sum(int(c) * w for c, w in zip(digits, range(7, 1, -1), strict=True))
    check = (11 - total % 11) % 11
    return f"{letter}{digits}({'A' if check == 10 else check})"


def test_printed_shapes_anywhere() -> None:
    for _ in range(5):
        nric, hkid = _nric(), _hkid()
        _gone(f"please export all records held under {nric}.", nric)
        _gone(f"card on file: {hkid}", hkid)
        wrong = nric[:-1] + ("A" if nric[-1] != "A" else "B")
        _kept(f"please export all records held under {wrong}.")


def test_taiwan_and_japan_in_their_scripts() -> None:
    from stdnum.jp import in_

    codes = dict(zip("ABCDEFGHJKLMNPQRSTUVXYWZIO", range(10, 36), strict=True))
    for _ in range(5):
        letter, body = RNG.choice(sorted(codes)), RNG.choice("12") + _digits(7)
        n = codes[letter]
        total = n // 10 + (n % 10) * 9 + sum(int(c) * w for c, w in zip(body, range(8, 0, -1), strict=True))
        tw = f"{letter}{body}{(10 - total % 10) % 10}"
        _gone(f"申請人身分證字號 {tw}，請協助確認", tw)
        base = _digits(11)
        my = base + in_.calc_check_digit(base)
        _gone(f"マイナンバー：{my[:4]} {my[4:8]} {my[8:]}", my[4:8])


# --- secrets by documented shapes and the syntaxes that bind them


def _b58check(payload: bytes) -> str:
    import hashlib

    raw = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    n, out = int.from_bytes(raw, "big"), ""
    while n:
        n, r = divmod(n, 58)
        out = alphabet[r] + out
    return out


def test_wallet_import_format_by_checksum() -> None:
    for _ in range(5):
        wif = _b58check(b"\x80" + bytes(RNG.randrange(256) for _ in range(32)) + b"\x01")
        _gone(f"restore it with bitcoin-cli importprivkey {wif} rescan", wif)
        broken = wif[:-1] + ("2" if wif[-1] != "2" else "3")
        _kept(f"restore it with bitcoin-cli importprivkey {broken} rescan")
    hexkey = "0x" + _run("0123456789abcdef", 64)
    _gone(f'networks: {{ sepolia: {{ url: RPC, accounts: ["{hexkey}"] }} }}', hexkey)
    _kept(f"tx {hexkey} confirmed in block 19000000")  # a transaction hash


def test_webhook_urls_and_tokens_by_provider_shape() -> None:
    mm = _run(string.ascii_lowercase + string.digits, 26)
    _gone(f"curl -X POST https://chat.corp.io/hooks/{mm} -d @msg.json", mm)
    zap = f"{RNG.randrange(10**6, 10**7)}/{_run(string.ascii_lowercase + string.digits, 6)}"
    _gone(f"ZAP_URL=https://hooks.zapier.com/hooks/catch/{zap}/", zap)
    cf = "CFPAT-" + _run(string.ascii_letters + string.digits + "_-", 43)
    _gone(f"the CMA token {cf} expired", cf)
    _kept("GET /repos/acme/api/hooks/12345 200")  # a repository's hook id


def test_totp_secrets() -> None:
    secret = _run("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 31) + "7"
    _gone(f"otpauth://totp/Corp:ana?issuer=Corp&secret={secret}&digits=6", secret)
    _gone(f'otp = pyotp.TOTP("{secret}")', secret)
    _gone(f"Authenticator setup key: {secret}", secret)
    _kept("Authenticator setup key: SEE_THE_ADMIN_GUIDE_PAGE")  # no base32 digit: a constant


def test_snmp_communities_wifi_and_cli_bodies() -> None:
    c = "mon_" + _run(string.ascii_letters + string.digits, 14)
    _gone(f"rwcommunity {c} 10.0.0.0/8", c)
    _gone(f"snmpget -v2c -c {c} 10.1.2.3 sysUpTime.0", c)
    _kept("rocommunity public 10.0.0.0/8")  # the documented default, a word
    psk = "Granite" + _run(string.digits, 4) + "!"
    _gone(f'network={{\n    ssid="Lab"\n    psk="{psk}"\n}}', psk)
    _gone(f"WIFI:T:WPA;S:Lab;P:{psk};;", psk)
    body = "Q9" + _run(string.ascii_letters + string.digits, 18)
    _gone(f'gh secret set DEPLOY_KEY --body "{body}" --repo acme/app', body)


def test_more_assignment_syntaxes() -> None:
    v = "Rk8" + _run(string.ascii_letters + string.digits, 30)
    _gone(f'#define API_SECRET "{v}"', v)
    _gone(f'set $upstream_token "{v}";', v)
    _gone(f'token = ENV.fetch("SERVICE_TOKEN") {{ "{v}" }}', v)
    _gone(f'const key = process.env.STRIPE_SECRET ?? "{v}"', v)
    _gone(f"name,value\nSERVICE_API_KEY,{v},2024-01-01", v)
    _gone(f"| `SERVICE_API_KEY` | `{v}` |", v)
    pat = _run("abcdefghijklmnopqrstuvwxyz234567", 52)
    _gone(f"export AZURE_DEVOPS_EXT_PAT={pat}", pat)
    _gone(f"echo {pat} | az devops login --organization https://dev.azure.com/acme", pat)
    _kept("| `SERVICE_API_KEY` | the key from the dashboard |")
    _kept("PAT_EXPIRY_DAYS=30")


def test_app_passwords_and_prose_keys() -> None:
    app = "-".join(_run(string.ascii_lowercase, 4) for _ in range(4))
    _gone(f'xcrun notarytool submit App.zip --apple-id "$APPLE_ID" -u "$APPLE_ID" -p "{app}"', app)
    spaced = app.replace("-", " ")
    _gone(f"app password for the mailer: {spaced}", spaced[5:9])
    key = _run(string.ascii_letters + string.digits, 32)
    _gone(f"la key ya no funciona: {key} — ayuda", key)
    _gone(f"we were given the key {key} yesterday", key)
    _kept(f"host key fingerprint SHA256:{_run(string.ascii_letters + string.digits, 43)}")
    _kept("the key point is that retries are idempotent")


# --- personal data: more card networks, addresses written against harvesters


def _luhn(prefix: str, length: int) -> str:
    from stdnum import luhn

    body = prefix + _digits(length - len(prefix) - 1)
    return body + luhn.calc_check_digit(body)


def test_more_card_networks() -> None:
    for prefix, length in (("62", 19), ("62", 16), ("3530", 16), ("36", 14), ("2201", 16), ("9792", 16)):
        card = _luhn(prefix, length)
        _gone(f"charged twice on card {card}, please refund", card)
        _kept(f"charged twice on card {_broken(card)}, please refund")
    span_id = _luhn("4", 19)
    _kept(f"X-Cloud-Trace-Context: {_run('0123456789abcdef', 32)}/{span_id};o=1")  # a 64-bit span id
    _kept(f"dd.trace_id={_luhn('62', 19)} dd.span_id={_luhn('62', 19)} job finished")


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("write to lena_marsh(at)corvid.io please", "lena_marsh(at)corvid.io"),
        ("contact: lena [at] corvid [dot] io", "lena [at] corvid [dot] io"),
        ("mail me at lena dot marsh at corvid dot co dot uk", "lena dot marsh at corvid dot co dot uk"),
        ("owner: lena.marsh＠corvid.io", "lena.marsh＠corvid.io"),
    ],
)
def test_obfuscated_addresses(text: str, address: str) -> None:
    _gone(text, address)


def test_words_at_and_dot_are_no_address() -> None:
    _kept("look at the dot product of both vectors")
    _kept("q = v.at(i).dot(w)")


def test_keys_and_passwords_in_prose_forms() -> None:
    v = "Zt8" + _run(string.ascii_letters + string.digits, 14) + "#q"
    _gone(f"Hello,\n\nhere is the key for the sandbox account:\n\n{v}\n\nThanks", v)
    _gone(f"the root pw for the nas is {v} (temporary)", v)
    phrase = "-".join(RNG.choice(["maple", "orbit", "cinder", "tulip", "quartz"]) for _ in range(3)) + "42"
    _gone(f"ValueError: invalid smtp_password '{phrase}': too short", phrase)
    _kept("ValueError: invalid api_key 'None': expected a string")
    _kept("partition key: tenant_42#2024-03-01")
    _kept("Cache restored from key: node-modules-linux-v3")


def _kvnr() -> str:
    letter, digits = RNG.choice(string.ascii_uppercase), _digits(8)
    seq = f"{ord(letter) - 64:02d}{digits}"
    total = sum(p // 10 + p % 10 for p in (int(d) * (1 if i % 2 == 0 else 2) for i, d in enumerate(seq)))
    return f"{letter}{digits}{total % 10}"


def test_licences_and_insurance_numbers_by_label_and_format() -> None:
    dvla = "MARSH" + "811124" + "LM9QX"  # 1981-11-24 as DVLA writes it: decade 8, month 11, day 24, year 1
    _gone(f"Driving licence no: {dvla}", dvla)
    _kept("Driving licence no: MARSH813624LM9QX")  # month 36: no birth date
    fl = f"M{_digits(3)}-{_digits(3)}-{_digits(2)}-{_digits(3)}-{_digits(1)}"
    _gone(f'"drivers_license": "{fl}"', fl)
    kv = _kvnr()
    _gone(f"Versichertennummer: {kv}", kv)
    _kept(f"Versichertennummer: {_broken(kv)}")
    mbi = "1EG4TE5MK73"
    _gone(f"Medicare number {mbi[:4]}-{mbi[4:7]}-{mbi[7:]}", mbi[:4])
    _kept("Medicare number 1SG4-TE5-MK73")  # S is no MBI letter


def test_bank_accounts_beside_a_routing_code() -> None:
    from stdnum.us import rtn

    base = "02100002"
    aba = base + rtn.calc_check_digit(base)
    acct = "4" + _digits(9)
    _gone(f"wire it: routing {aba}, account {acct}", acct)
    _gone(f"Payee: sort code 20-00-00, account no. {acct[:8]}", acct[:8])
    _gone(f"A/c {acct} (IFSC HDFC0001234)", acct)
    _kept(f"wire it: routing {_broken(aba)}, account {acct}")  # no valid routing number
    _kept(f"billed to AWS account {acct}12")  # an account id with no bank beside it


def test_more_documented_token_prefixes() -> None:
    import base64

    b62 = string.ascii_letters + string.digits
    airtable = "pat" + _run(b62, 14) + "." + _run("0123456789abcdef", 64)
    glsa = "glsa_" + _run(b62, 32) + "_" + _run("0123456789abcdef", 8)
    pcsk = "pcsk_" + _run(b62, 6) + "_" + _run(b62, 60)
    orkey = "sk-or-v1-" + _run("0123456789abcdef", 64)
    for token in (airtable, glsa, pcsk, orkey):
        _gone(f"ragazzi, questo token non va: {token}", token)
    user = base64.urlsafe_b64encode(str(RNG.randrange(10**17, 10**18)).encode()).decode().rstrip("=")
    bot = f"{user}.{_run(b62, 6)}.{_run(b62 + '_-', 38)}"
    _gone(f'client.run("{bot}")', bot)
    not_id = base64.urlsafe_b64encode(b"hello world, no id!").decode().rstrip("=")
    _kept(f"{not_id}.abcdef.{_run(string.ascii_lowercase, 30)}")  # the first part is no snowflake


def test_redis_groovy_and_foreign_key_words() -> None:
    v = "Hq7" + _run(string.ascii_letters + string.digits, 20)
    _gone(f"# redis.conf\nbind 127.0.0.1\nrequirepass {v}\n", v)
    _gone(f"signingConfigs {{\n  release {{\n    storePassword '{v}'\n  }}\n}}", v)
    _gone(f"essa chave {v} parou de funcionar", v)
    _gone(f"klucz {v} wygasł", v)
    _kept('credentials "app.terraform.io" {\n  token = "${var.tfc}"\n}')


def test_recovery_codes_under_their_header() -> None:
    google = [f"{_digits(4)} {_digits(4)}" for _ in range(5)]
    text = "Your backup codes\nops@corp (admin)\n\n" + "\n".join(f"  {i}. {c}" for i, c in enumerate(google, 1))
    text += "\n\nPrint them and keep them safe.\n2024-01-01 1234 5678"
    out = _redacted(text)
    assert not any(c in out for c in google)
    assert "2024-01-01 1234 5678" in out  # after the list ended
    gh = [f"{_run('0123456789abcdef', 5)}-{_run('0123456789abcdef', 5)}" for _ in range(4)]
    _gone('msg="cat recovery-codes.txt\\n' + "\\n".join(gh) + '"', gh[-1])
    _gone("recovery codes:<br>" + "<br>".join(gh) + " |", gh[0])
    _kept("build 1234 5678 finished\nrelease 2024-0101")  # codes' shapes with no header


def test_still_more_provider_shapes_and_positions() -> None:
    hexd = "0123456789abcdef"
    for token in (
        f"PMAK-{_run(hexd, 24)}-{_run(hexd, 34)}",
        f"access_token$production${_run(string.ascii_lowercase + string.digits, 16)}${_run(hexd, 32)}",
        f"2/{_digits(16)}:{_run(hexd, 32)}",
        f"sk_{_run(hexd, 48)}",
        f"ntn_{_digits(11)}{_run(string.ascii_letters + string.digits, 35)}",
    ):
        _gone(f"ключ {token} не работает", token)
    v = "Pq4" + _run(string.ascii_letters + string.digits, 18)
    _gone(f'msg: #define REDIS_PASSWORD "{v}"', v)
    _gone(f"# redis.conf<br>requirepass {v}<br>maxmemory 2gb", v)
    _gone(f"-- storePassword '{v}'", v)
    _gone(f"ALTER ROLE app WITH LOGIN PASSWORD '{v}';", v)
    _kept("ALTER ROLE app WITH LOGIN PASSWORD NULL;")
    spaced = " ".join(_run("abcdefghijklmnopqrstuvwxyz234567", 3) + RNG.choice("234567") for _ in range(8))
    _gone(f"2FA setup key: {spaced}", spaced)


def test_phone_after_a_table_cell_or_a_validation_error() -> None:
    _gone("| field | value |\n|---|---|\n| phone | 011 15-2345-6789 |", "2345-6789")
    _gone(
        "phone\n  Value error, invalid phone [type=value_error, input_value='612 34 56 78', input_type=str]", "34 56 78"
    )
    _kept("| phone | unknown |")


def test_more_national_id_key_spellings() -> None:
    from stdnum.tr import tckimlik

    v = _stdnum_value(tckimlik, 11)
    _gone(f'c := Customer{{TrTckimlik: "{v}"}}', v)
    _kept(f'c := Customer{{TrTckimlik: "{_broken(v)}"}}')


def test_request_lines_escaped_words_and_ssh_logins_are_kept() -> None:
    _kept("GET /help?q=cannot%20reset%20password HTTP/1.1")
    _kept('{"text": "\\u8fd9\\u4e2a key \\u4e00\\u76f4\\u62a5 401"}')
    _kept("scp dump.sql deploy@bastion.corp.internal:/tmp/")
    _kept("ssh -i ~/.ssh/id_ed25519 deploy@bastion.corp.internal")
    _gone("mail it to lena.marsh@corp.io", "lena.marsh@corp.io")
    _gone("ssh lena@bastion.corp.io 'cat report' | mail lena.marsh@corp.io", "lena.marsh@corp.io")


def test_birth_dates_in_more_forms() -> None:
    _gone("DOB: May 4th, '68", "May 4th, '68")
    _gone('c := Customer{Dob: "4th of May \'71"}', "4th of May '71")
    _gone("DOB: 26 ธันวาคม 2527", "26 ธันวาคม 2527")  # Buddhist era: 1984
    _gone("DOB: ngày 14 tháng 9 năm 1977", "14 tháng 9 năm 1977")
    _kept("released 4th of May '24")  # no birth label
    _kept("DOB: 26 ธันวาคม 2590")  # 2047: no birth date
