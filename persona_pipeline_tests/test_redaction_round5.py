"""Shapes of round 5's failure classes, from the formats' specifications: more countries' personal
numbers (each with its check digits), and what must survive beside them. Values are made up here;
check digits are computed with python-stdnum so that a test fails only when the engine does."""

from __future__ import annotations

import base64

import pytest
from stdnum import luhn
from stdnum.cn import ric
from stdnum.kr import rrn
from stdnum.pl import pesel

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.builders import redacted_text as _out

_KR = "850317-204561" + rrn.calc_check_digit("850317204561")
_PESEL = "8503170456" + pesel.calc_check_digit("8503170456")
_CN = "37020219850317045" + ric.calc_check_digit("37020219850317045_")  # (takes a placeholder check)
_SE = "850317-204" + luhn.calc_check_digit("850317204")
_ZA = "850317504508" + luhn.calc_check_digit("850317504508")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"주민등록번호 {_KR}", _KR),  # the printed shape is enough
        (f"my RRN is {_KR.replace('-', '')}", _KR.replace("-", "")),
        (f"PESEL: {_PESEL}", _PESEL),
        (f"imie;pesel\nAnna;{_PESEL}", _PESEL),
        (f"公民身份号码 {_CN}", _CN),
        (f'"id_card": "{_CN}"', _CN),
        (f"personnummer {_SE}", _SE),
        (f"namn;pnr\n1;19{_SE}", f"19{_SE}"),
        (f"RSA ID no. {_ZA}", _ZA),
        (f'{{"idNumber": "{_ZA}"}}', _ZA),
        ("tax+file+number+is+876+543+210", "876+543+210"),
        ("NHS No. 445 000 0005", "445 000 0005"),
        ('"nhsNumber": "4450000005"', "4450000005"),
    ],
)
def test_more_national_ids(redactor: Redactor, text: str, value: str) -> None:
    assert value not in _out(redactor, text)


@pytest.mark.parametrize(
    "text",
    [
        "order 370202198513170451 shipped",  # a month 13: no birth date, no resident id
        f"build {_KR[:6]}-9045617 done",  # sex/century digit 9
        "pesel field is 12345678901 in the fixture",  # check digit wrong
        "NHS No. 4450000006 (invalid check digit)",
        "run 12345678-9 again",
    ],
)
def test_invalid_ids_survive(redactor: Redactor, text: str) -> None:
    assert _out(redactor, text) == text


_FCM = "AAAAq1w2E3r:APA91b" + "Hk7_pQ2zR-9xLm4NvB8sT1yW6cJ0dF5gK3aE" * 4
_PEM_B64 = base64.b64encode(b"-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIJfakefakefake\n-----END EC PRIVATE KEY-----\n")
_CERT_B64 = base64.b64encode(b"-----BEGIN CERTIFICATE-----\nMIIBfakefakefakefakefake\n-----END CERTIFICATE-----\n")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"FIREBASE_KEY={_FCM}", _FCM),
        (f'"server_key": "{_FCM}"', _FCM),
        ("Authorization: SSWS 00Tq7wZb3Lk9_Xn2Rv5Pd8Ys1Hc4Jm6Ge0Fa2Ub", "00Tq7wZb3Lk9_Xn2Rv5Pd8Ys1Hc4Jm6Ge0Fa2Ub"),
        (f"    client-key-data: {_PEM_B64.decode()}", _PEM_B64.decode()),
        (f'{{"tls.key": "{_PEM_B64.decode()}"}}', _PEM_B64.decode()),
        ("Cookie: theme=dark; JSESSIONID=9Fq2Lx7ZkR4tWm1Pn8Vb3Yc6; lang=en", "9Fq2Lx7ZkR4tWm1Pn8Vb3Yc6"),
        ("Set-Cookie: _shop_session=Zk3hY8qLw2Rt5Nm9Bv4Xc7Pd; HttpOnly", "Zk3hY8qLw2Rt5Nm9Bv4Xc7Pd"),
        ("curl -b 'sessionid=q8w7e6r5t4y3u2i1o9p8a7s6' https://x.test/", "q8w7e6r5t4y3u2i1o9p8a7s6"),
        ('cookies = {"ASP.NET_SessionId": "h3k9m2p7q4r8s1t6v5w0x2y4"}', "h3k9m2p7q4r8s1t6v5w0x2y4"),
        ("the sid cookie s%3AaB3dE5fG7hJ9kL1mN2pQ4rS6.tU8vW0xY2z stays valid", "s%3AaB3dE5fG7hJ9kL1mN2pQ4rS6"),
        ('private_key_id = "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567"', "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567"),
    ],
)
def test_documented_secret_shapes(redactor: Redactor, text: str, value: str) -> None:
    assert value not in _out(redactor, text)


@pytest.mark.parametrize(
    "text",
    [
        f"    certificate-authority-data: {_CERT_B64.decode()}",  # a certificate is public
        "Cookie: session_theme=dark; sessionid=",  # no value
        "set SESSION_ID=session_identifier_value in the docs",  # a word, not a generated value
    ],
)
def test_documented_shapes_not_secrets(redactor: Redactor, text: str) -> None:
    assert _out(redactor, text) == text


_D = "Qm9ndXNQcml2YXRlU2NhbGFyXzEyMzQ1Njc4OTA"
_X = "cHVibGljWENvb3JkaW5hdGVfQWJjZGVmZ2hpams"


@pytest.mark.parametrize(
    "text",
    [
        f'{{"kty": "EC", "crv": "P-256", "x": "{_X}", "y": "{_X}", "d": "{_D}"}}',
        f'{{"d": "{_D}", "kty": "OKP", "crv": "Ed25519", "x": "{_X}"}}',
        f"keys:\n  - kty: OKP\n    crv: Ed25519\n    x: {_X}\n    d: {_D}\n",
        f'{{\\"kty\\": \\"oct\\", \\"k\\": \\"{_D}\\"}}',
    ],
)
def test_jwk_private_members(redactor: Redactor, text: str) -> None:
    out = _out(redactor, text)
    assert _D not in out
    assert _X in out or _X not in text  # public members stay


def test_jwk_public_key_survives(redactor: Redactor) -> None:
    text = f'{{"kty": "RSA", "e": "AQAB", "n": "{_X}{_X}", "kid": "sig-1"}}'
    assert _out(redactor, text) == text


def test_twilio_api_key_pair(redactor: Redactor) -> None:
    sid, secret = "SK" + "4e" * 16, "Vq8Lm2Xc7Rt1Zp9Ws4Ny6Kb3Hd5Gf0Ja"
    out = _out(redactor, f'client = Client("{sid}", "{secret}", account_sid)')
    assert sid not in out and secret not in out


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('$script:ApiToken = "Hq7vLm2Zx9Rk4Tw1"', "Hq7vLm2Zx9Rk4Tw1"),
        ('$global:DB_PASSWORD = "p4Ss-Wq9-Lm2z"', "p4Ss-Wq9-Lm2z"),
        ('<bean p:username="ops" p:password="Zq8wLx3Kv7Rn"/>', "Zq8wLx3Kv7Rn"),
        ('const API_TOKEN: &str = "Vn3Kq9Lx2Zw7Rt4M";', "Vn3Kq9Lx2Zw7Rt4M"),
        ('val dbPassword: String = "Mk8Rz2Vq7Xn4"', "Mk8Rz2Vq7Xn4"),
        ('setx DEPLOY_TOKEN "Tq4Wz8Lm2Xv6Rn1"', "Tq4Wz8Lm2Xv6Rn1"),
        ('variable "admin_password" {\n  type = string\n  default = "Lw7Xq2Zm9Vk4"\n}', "Lw7Xq2Zm9Vk4"),
        ("<AdminPassword>\n  <Value>Pz3Kx8Wq2Lm7</Value>\n</AdminPassword>", "Pz3Kx8Wq2Lm7"),
        ('auth := []ssh.AuthMethod{ssh.Password("Rk9Zq3Lx7Wm2")}', "Rk9Zq3Lx7Wm2"),
        ('sqlplus scott/"Xq7Lm2Vz9Kw4"@//db.test:1521/svc', "Xq7Lm2Vz9Kw4"),
        ("sqlplus scott/Xq7Lm2Vz9Kw4@orcl", "Xq7Lm2Vz9Kw4"),
        ('dsn := "app:Wm4Zq8Lx2Kv7@tcp(db.test:3306)/app"', "Wm4Zq8Lx2Kv7"),
        ("env:\n  - name: SMTP_PASSWORD\n    value: >-\n      Kz2Wq8Lm4Xv9Rt\n", "Kz2Wq8Lm4Xv9Rt"),
    ],
)
def test_password_label_forms(redactor: Redactor, text: str, value: str) -> None:
    assert value not in _out(redactor, text)


@pytest.mark.parametrize(
    "text",
    [
        "std::token = next_token();",  # a scoped name, not a label
        'variable "db_password" {\n  type = string\n  default = null\n}',
        'dsn := fmt.Sprintf("%s:%s@tcp(%s)/%s", user, pass, host, db)',
    ],
)
def test_password_forms_not_secrets(redactor: Redactor, text: str) -> None:
    assert _out(redactor, text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("hasło do bazy: Vq8Lm2Xz7Kw", "Vq8Lm2Xz7Kw"),
        ("şifre: Tz4Wq9Lm2Xk (kimseyle paylaşma)", "Tz4Wq9Lm2Xk"),
        ("a senha do servidor é Rm7Kq2Wz9Lx", "Rm7Kq2Wz9Lx"),
        ("heslo k databázi: Kx3Vq8Lm2Wz", "Kx3Vq8Lm2Wz"),
        ("lösenord: Zq2Wm8Lx4Kv", "Zq2Wm8Lx4Kv"),
        ("пароль от сервера: Lm9Kq2Xz7Wv", "Lm9Kq2Xz7Wv"),
        ("мой пароль: Wz3Kq8Lm2Xv", "Wz3Kq8Lm2Xv"),
    ],
)
def test_password_prose_more_languages(redactor: Redactor, text: str, value: str) -> None:
    assert value not in _out(redactor, text)


@pytest.mark.parametrize("text", ["hasło do serwera: zmienione wczoraj", "a senha do deploy é secreta"])
def test_password_prose_words_survive(redactor: Redactor, text: str) -> None:
    assert _out(redactor, text) == text


@pytest.mark.parametrize(
    "text",
    [
        "OPENAI_API_KEY: sk-...Wq7z (last used yesterday)",
        "STRIPE_KEY=sk_live_****4242",
        "password: ●●●●●●●●",
        '{"msg": "password: \\u2022\\u2022\\u2022\\u2022\\u2022\\u2022"}',
        "note=password%3A+%E2%97%8F%E2%97%8F%E2%97%8F%E2%97%8F%E2%97%8F&x=1",
        "set DB_PASSWORD=%DB_PASSWORD%",
        "q=set+DB_PASSWORD%3D%25DB_PASSWORD%25&submit=Save",
        '{"text": "docker login -u $REG_USER -p $REG_PASS\\"}',
        'let api_key = std::env::var("API_KEY")?;',
        'auto token = std::getenv("TOKEN");',
    ],
)
def test_masked_and_references_survive(redactor: Redactor, text: str) -> None:
    assert _out(redactor, text) == text


def test_unmasked_value_still_caught(redactor: Redactor) -> None:
    assert "sk-proj-" not in _out(redactor, "OPENAI_API_KEY=sk-proj-" + "Qw8Lm2Zx7Kv4Rt9Pn3Hb6Yc1" * 2)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ship it to Unit 4/17 Beach Rd, Bondi NSW 2026 please", "4/17 Beach Rd, Bondi NSW 2026"),
        ("I live at 88 Smith Street, Collingwood VIC 3066", "88 Smith Street, Collingwood VIC 3066"),
        ("entregar em Rua das Flores, 215 - Centro, Curitiba - PR, 80020-090", "Rua das Flores, 215"),
        ("Av. Sete de Setembro, 1020, apto 3 - Centro, Salvador - BA, 40060-001", "Sete de Setembro, 1020"),
        ("address: House 12, MG Road, Ernakulam, Kerala 682016", "House 12, MG Road, Ernakulam"),
        ("Plot 7, Sector 5, Salt Lake, Kolkata, West Bengal - 700091", "Sector 5, Salt Lake, Kolkata"),
        ("adres: ul. Piotrkowska 120 m. 4, 90-006 Łódź", "Piotrkowska 120 m. 4, 90-006"),
        ("al. Niepodległości 5/7, 61-874 Poznań", "5/7, 61-874"),
    ],
)
def test_more_countries_addresses(redactor: Redactor, text: str, value: str) -> None:
    assert value not in _out(redactor, text)


@pytest.mark.parametrize(
    "text",
    [
        "release 2.4, build SA 5045 passed",  # a state-like tail with no street
        "error 12, see docs for Kerala 682016 mirror",  # a state and PIN without a street line
        "order 95123-456 shipped",
        "ul. 12-345 is not a street",
    ],
)
def test_address_lookalikes_survive(redactor: Redactor, text: str) -> None:
    assert _out(redactor, text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("git config user.email lena@müller-technik.de", "müller-technik.de"),
        ("Reply-To: józef.nowak@example-firma.pl", "józef.nowak"),
        ("zadzwoń pod 601 234 567", "601 234 567"),
        ("ring mig på 070-123 45 67", "070-123 45 67"),
        ('{"nacimiento": "14/03/1987"}', "14/03/1987"),
    ],
)
def test_idn_emails_labelled_phones_birth_keys(redactor: Redactor, text: str, value: str) -> None:
    assert value not in _out(redactor, text)


def test_session_uuid_in_transcript_survives(redactor: Redactor) -> None:
    text = '{"sessionId": "0f8fad5b-d9cb-469f-a165-70867728950e", "type": "user"}'
    assert _out(redactor, text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("담당자: 박서연", "박서연"),
        ("담당자: Miriam Katz-Levi", "Miriam Katz-Levi"),
        ("Reported-by: 陈小明", "陈小明"),
        ("merged by Дмитрий Соколов yesterday", "Дмитрий Соколов"),
        ('"displayName": "鈴木一郎"', "鈴木一郎"),
        ("高橋さんがレビューしました", "高橋"),
        ('{"author": {"name": "Amara Nwosu", "url": null}}', "Amara Nwosu"),
        ("^9c1d2e3 (Kofi Boateng 2024-05-01 09:12:00 +0200 17) x = 1", "Kofi Boateng"),
        ("Kind regards,\napi-1  | Ingrid Solberg\napi-1  | Staff Engineer", "Ingrid Solberg"),
    ],
)
def test_names_in_more_contexts_and_scripts(redactor: Redactor, text: str, value: str) -> None:
    assert value not in _out(redactor, text)


@pytest.mark.parametrize(
    "text",
    ["东京的天气很好，我们明天开会。", "Сервер перезапущен, ошибок нет.", '"displayName": "Build Pipeline"'],
)
def test_other_script_prose_survives(redactor: Redactor, text: str) -> None:
    assert _out(redactor, text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the oauth client secret GOCSPX-Rw8Lm2Zq7Xk4Vt9Pn3Hb6Yc1Ja5 is invalid", "GOCSPX-Rw8Lm2Zq7Xk4Vt9Pn3Hb6Yc1Ja5"),
        ('createClient(url, "sb_secret_Kq8Wz2Lm7Xv4Rt9Pn3Hb6")', "sb_secret_Kq8Wz2Lm7Xv4Rt9Pn3Hb6"),
        (
            'new AuthenticationHeaderValue("Bearer", "Zx8Kq2Lm7Wv4Rt9Pn3Hb6Yc1")',
            "Zx8Kq2Lm7Wv4Rt9Pn3Hb6Yc1",
        ),
        ("wg set wg0 private-key <(echo yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=)", "yAnz5TF+lXXJte14tji3zlMNq"),
        ("doğum tarihi: 2 Ocak 1971", "2 Ocak 1971"),
    ],
)
def test_prefixed_keys_and_labelled_values(redactor: Redactor, text: str, value: str) -> None:
    assert value not in _out(redactor, text)


def test_publishable_supabase_key_survives(redactor: Redactor) -> None:
    text = 'createClient(url, "sb_publishable_Kq8Wz2Lm7Xv4Rt9Pn3Hb6")'
    assert _out(redactor, text) == text


@pytest.mark.parametrize(
    "text",
    [
        "docker run -e POSTGRES_PASSWORD=$PGPW -p 5432:5432 -d postgres:16",
        "interface: wg0\n  public key: yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=",
        "# public key: age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
        "AZURE_SAS_TOKEN=?sv=2022-11-02&ss=b&srt=sco&sp=r",
    ],
)
def test_public_halves_and_ports_survive(redactor: Redactor, text: str) -> None:
    assert _out(redactor, text) == text


def test_docker_login_password_still_caught(redactor: Redactor) -> None:
    assert "Qz8Lm2Wx7Kv4" not in _out(redactor, "docker login -u ci -p Qz8Lm2Wx7Kv4 registry.test")


def test_timestamp_under_a_schema_line_is_no_birth_date(redactor: Redactor) -> None:
    text = "  string date_of_birth = 4;\n2024-03-12T10:01:22.1234567Z   string national_id = 5;"
    assert _out(redactor, text) == text


def test_birth_date_column_still_caught(redactor: Redactor) -> None:
    assert "1984-07-09" not in _out(redactor, "id;date_of_birth\n7;1984-07-09\n")


def test_log_prefixed_schema_survives(redactor: Redactor) -> None:
    text = "type User {\n2024-05-02T08:00:01Z   dateOfBirth: Date\n2024-05-02T08:00:01Z }"
    assert _out(redactor, text) == text


@pytest.mark.parametrize("sep", ["\n", "<br>", "\n2024-05-02T08:00:01.1234567Z ", "\napi-1  | "])
def test_putty_private_lines_across_wrappers(redactor: Redactor, sep: str) -> None:
    body = "Wq8Lm2Zx7Kv4Rt9Pn3Hb6Yc1Ja5Xz0Qw8Er2Ty6Ui+"
    text = f"Private-Lines: 1{sep}{body}{sep}Private-MAC: 00ff"
    assert body not in _out(redactor, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [("생년월일 — 1971년 3월 8일", "1971년 3월 8일"), ("出生日期 – 1983年11月02日", "1983年11月02日")],
)
def test_other_script_birth_dates_after_a_dash(redactor: Redactor, text: str, value: str) -> None:
    assert value not in _out(redactor, text)


@pytest.mark.parametrize(
    "text",
    [
        "2024-05-02T08:00:01.1234567Z Kind regards,\n2024-05-02T08:00:01.1234567Z Amara Nwosu\n",
        "web-1  | Best regards,\nweb-1  | Amara Nwosu\n",
    ],
)
def test_log_prefixed_signoff(redactor: Redactor, text: str) -> None:
    assert "Amara Nwosu" not in _out(redactor, text)
