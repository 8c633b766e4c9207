"""Secret, personal-data and look-alike shapes from how tools print and store credentials: Heroku's
keys, base64-encoded credential files, `.pgpass`, `az … keys list` JSON, FreeRDP and htpasswd
command lines, WS-Security elements, Go/Python byte literals, non-Latin password labels; WSL, Fedora
and Git Bash home folders and prompts. And what must survive: public resolvers,
ULA IPv6, escaped shell substitutions, PEM armor lines, psql variables. Values are made up
here, of this file's own shapes."""

from __future__ import annotations

import base64
import json

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.builders import redacted_text as _out

_SA = base64.b64encode(
    json.dumps(
        {
            "type": "service_account",
            "project_id": "lab-7",
            "private_key_id": "4c" * 20,
            "private_key": "-----BEGIN PRIVATE KEY-----\nQm9ndXNLZXlNYXRlcmlhbA==\n-----END PRIVATE KEY-----\n",
        },
        indent=2,
    ).encode()
).decode()
_AZ_KEY = "Uk9" * 28 + "bw=="  # 88 characters, an account key's length

_PGPASS = "Vq4;Lm9!Rz2x"
SECRETS = [
    ("Heroku key", "HEROKU_KEY is HRKU-Zt3qPw8RmXc2VbN7kLs4Hd9Gf6Jy1Ue5Ao0Ti_Rw-Ql", "Zt3qPw8RmXc2VbN7kLs4"),
    (
        "uuid after `heroku auth:token`",
        "$ heroku auth:token\n ›   token expires soon\n7c0e91d2-4b3a-4f65-9a1e-2d8c7b6f5e40\n",
        "7c0e91d2-4b3a-4f65-9a1e-2d8c7b6f5e40",
    ),
    ("base64 credentials file", f"kind: Secret\ndata:\n  sa.json: {_SA}\n", _SA),
    ("YAML private_key_id", "creds:\n  private_key_id: 91ab" + "0f" * 18 + "\n", "91ab" + "0f" * 18),
    ("az keys list JSON", '[{"keyName": "key2", "permissions": "FULL", "value": "' + _AZ_KEY + '"}]', _AZ_KEY),
    ("ANSI colour after a value", "\x1b[33mexport STORE=x STORE_ACCOUNT_KEY=" + _AZ_KEY + "\x1b[0m", _AZ_KEY),
    (".pgpass line", f"warehouse.lan:6543:analytics:etl_bot:{_PGPASS}\n", _PGPASS),
    ("docker secret create", "echo -n 'Jd8sKq2LmZ7wRt' | docker secret create smtp_pw -", "Jd8sKq2LmZ7wRt"),
    ("FreeRDP /p:", "xfreerdp3 /v:rdp.lan /u:ops /p:'Hy6#Tq9vWm2z' /cert:ignore", "Hy6#Tq9vWm2z"),
    ("htpasswd -b -c", "htpasswd -B -b -c ./users.htpasswd carol 'Pn3$Xw8kQz'", "Pn3$Xw8kQz"),
    ("WS-Security", '<sec:Password Type="urn:x#PasswordText">Wz8!Kp3qLm</sec:Password>', "Wz8!Kp3qLm"),
    ("Go byte slice", 'var sessionSecret = []byte("Hb7Kq2Lm9XwZ4Pv8")', "Hb7Kq2Lm9XwZ4Pv8"),
    ("Python bytes", 'WEBHOOK_SECRET = b"Qk4Lz8Pm2Wx7Rv9N"', "Qk4Lz8Pm2Wx7Rv9N"),
    ("log in as U with X", "I could log in as ops-admin using Tr7!vLq2Zx just fine", "Tr7!vLq2Zx"),
    ("Japanese label", "パスワード: Kz7Qw2Lp9Xv4", "Kz7Qw2Lp9Xv4"),
    ("Russian label", "новый пароль: Kz7Qw2Lp9Xv4", "Kz7Qw2Lp9Xv4"),
    ("Python repr's escaped quotes", "E   assert 'xfreerdp /u:bo /p:\\'Qm4!tRz8Lp\\' /v:h' == ''", "Qm4!tRz8Lp"),
    ("Linear key", 'curl -H "Authorization: lin_api_' + "Qw3Er5Ty7Ui9" * 3 + 'Op" https://api.x', "Qw3Er5Ty7Ui9"),
    (".pgpass line in a query", "GET /q?s=pg.lan%3A5432%3A%2A%3Abob%3AHx8%21Lm3Qz&p=2", "Hx8%21Lm3Qz"),
    ("curl proxy user", "curl --proxy-user ops:Vb6Nm1Qx8Lz https://mirror.lan", "Vb6Nm1Qx8Lz"),
    ("here-string to smbpasswd", "smbpasswd -s -a eve <<< 'Gt5Rf9Kd2Wq'", "Gt5Rf9Kd2Wq"),
    ("rdesktop -p", "rdesktop -u svc -p 'Gt5Rf9Kd2Wq' 10.9.8.7", "Gt5Rf9Kd2Wq"),
    ("lftp user,password", "lftp -u eve,Gt5Rf9Kd2Wq sftp://files.lan", "Gt5Rf9Kd2Wq"),
    ("German label", "Passwort: Gt5Rf9Kd2Wq", "Gt5Rf9Kd2Wq"),
    ("letters-only run after a prose label", "el password es qzWRtbKLmvPxo", "qzWRtbKLmvPxo"),
]


@pytest.mark.parametrize(("what", "text", "secret"), SECRETS, ids=[w for w, _, _ in SECRETS])
def test_round4_secret_shapes_are_redacted(redactor: Redactor, what: str, text: str, secret: str) -> None:
    out = _out(redactor, text)
    assert secret not in out and secret[:8] not in out, what
    assert _out(redactor, out) == out


def test_a_non_latin_word_that_is_no_password_label_labels_nothing(redactor: Redactor) -> None:
    text = "説明: Kz7Qw2Lp9Xv4"  # "description"
    assert _out(redactor, text) == text


def test_base64_json_without_a_credential_is_kept(redactor: Redactor) -> None:
    blob = base64.b64encode(json.dumps({"replicas": 3, "image": "registry.lan/app:1.4", "tier": "web" * 20}).encode())
    text = f"data:\n  config.json: {blob.decode()}"
    assert _out(redactor, text) == text


PII = [
    ("WSL home", "\\\\wsl$\\Debian\\home\\tobias.kern\\work\\out.txt", "tobias.kern"),
    ("Fedora prompt", "[mkowalski@workstation api]$ podman ps", "mkowalski"),
    ("Git Bash prompt", "PriyaR@LAPTOP-9Z MINGW64 /c/Users/PriyaR/code (dev)", "PriyaR"),
    ("spaced Git Bash profile", "Jonas Berg@PC-2 MINGW64 /c/Users/Jonas Berg/repo", "Jonas Berg"),
    ("firewall rule", "sudo ufw allow from 151.101.64.23 to any port 443", "151.101.64.23"),
    ("helpline", "our helpline 0612873344 (9-5)", "0612873344"),
    ("hotline", "hotline: 0298765432", "0298765432"),
    ("passport with one digit", "Reisepassnummer: KXRTWQ4MZ", "KXRTWQ4MZ"),
    ("Windows XP profile", "C:\\Documents and Settings\\mwagner\\Desktop\\notes.txt", "mwagner"),
    ("Japanese birth label, French date", "生年月日: 21 mars 1977", "21 mars 1977"),
    ("Russian birth label, German date", "Дата рождения: 4. Oktober 1969", "4. Oktober 1969"),
    ("Spanish mobile in dotted groups", "móvil: 671.28.44.90", "671.28.44.90"),
    ("Spanish landline in dotted groups", "llámame al 913.55.20.87", "913.55.20.87"),
    ("escaped $ after a Fedora prompt", 'echo "[tkern@box src]\\$ make"', "tkern"),
]


@pytest.mark.parametrize(("what", "text", "value"), PII, ids=[w for w, _, _ in PII])
def test_round4_personal_shapes_are_redacted(redactor: Redactor, what: str, text: str, value: str) -> None:
    out = _out(redactor, text)
    assert value not in out, what
    assert _out(redactor, out) == out  # idempotent: the placeholder is not read as a new name


KEPT = [
    "nameserver 8.8.4.4\nnameserver 1.0.0.1",
    "dig @149.112.112.112 example.org AAAA",
    "DNS=2606:4700:4700::1001 2001:4860:4860::8844",
    "ip -6 addr add fdab:cd01:2345::7/64 dev wg0",
    "upgrade from 10.4.2.1 to 10.5.0",
    'RUN echo "export NPM_TOKEN=\\$(cat /run/secrets/npm)" >> ~/.profile',
    "git clone https://ci:\\${CI_TOKEN}@git.lan/x.git",
    "ssl:\n  private_key: |\n    -----BEGIN EC PARAMETERS-----\n",
    "ALTER ROLE svc WITH PASSWORD :'svc_password';",
    "X-Request-Id: 7F2A:81234:B33C9D1:C41E8A2:5E0F7A9B",
    "C:\\Documents and Settings\\All Users\\Application Data",
    '<failure message="cat t | gh auth login --with-token"/></testcase>',
    "Author: ci@buildfarm.lan",
    "vault read -field=password kv/app\x1b[0m",
    "resolv: nameserver%201.0.0.1%0A",
    "+210987654321.dkr.ecr.us-east-1.amazonaws.com/app:prod",
    "ALTER ROLE svc WITH PASSWORD :&#x27;svc_password&#x27;;",
    '{"stdout": "$ type profile.ps1\\n$env:GH_TOKEN = $null\\nWrite-Host done"}',
    "gh auth login --with-credential\n\nGET /search?q=where%20the%20creds%20are&page=2 HTTP/1.1",
]


def test_a_json_escaped_line_end_ends_a_bare_value(redactor: Redactor) -> None:
    out = _out(redactor, '{"stdout": "API_TOKEN=Wq8zLm2Pk9RtV3\\nNEXT_STEP=build"}')
    assert "Wq8zLm2P" not in out and "NEXT_STEP=build" in out


@pytest.mark.parametrize("text", KEPT)
def test_round4_lookalikes_survive(redactor: Redactor, text: str) -> None:
    assert _out(redactor, text) == text


def test_fiction_range_numbers_are_phones_like_any_other(redactor: Redactor) -> None:
    # 555-0100..0199 is reserved for fiction, and so is where synthetic histories plant a person's
    # number: it is redacted like any other (a fictional number lost costs nothing)
    for text in ("the helpdesk is at (312) 555-0143 today", "call +1 646 555 0178 after six", "call +1 646 555 0278"):
        assert "[REDACTED:phone" in _out(redactor, text), text


def test_a_ula_is_kept_but_a_global_v6_is_not(redactor: Redactor) -> None:
    out = _out(redactor, "peers fd00:ab:cd::2 and 2a02:6b8:c0f::17")
    assert "fd00:ab:cd::2" in out and "2a02:6b8" not in out


@pytest.mark.parametrize(
    # (a version context each: without one the shape is an address, test_redaction_privacy_regressions)
    "text",
    ['"version": "4.17.2.201" in the changelog', "see release 2.3.0.118", "compare ver=6.25.1.240 to main"],
)
def test_four_part_versions_are_no_addresses(redactor: Redactor, text: str) -> None:
    assert _out(redactor, text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ssh deploy@4.17.2.201", "4.17.2.201"),
        ("curl http://2.3.0.118:9000/x", "2.3.0.118"),
        ("ip 81.2.69.160", "81.2.69.160"),
    ],
)
def test_version_shaped_addresses_in_a_host_position_are_redacted(redactor: Redactor, text: str, value: str) -> None:
    assert value not in _out(redactor, text)


def test_an_ssn_label_vouches_only_for_the_number_after_it(redactor: Redactor) -> None:
    out = _out(redactor, "SSN 219-09-9999 and ticket 345678912")
    assert "219-09-9999" not in out and "345678912" in out
    assert "[REDACTED:ssn" in _out(redactor, "ssn: 345678912")


def test_role_mailboxes_are_kept_and_personal_ones_are_not(redactor: Redactor) -> None:
    out = _out(redactor, "write to abuse@lumen-host.net or privacy@lumen-host.net, cc t.kern@lumen-host.net")
    assert "abuse@lumen-host.net" in out and "privacy@lumen-host.net" in out and "t.kern@" not in out
