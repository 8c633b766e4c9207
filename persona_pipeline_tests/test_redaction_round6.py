"""The classes fixed when round 6 joined dev (issue 17), each with templates and values of its own
(not the blind generator's): defaults inside variable references, a terminal's echo of a
variable, header directives, bearer and JWK keys, documented provider key shapes, national ids by
printed shape or by more labels, dates of birth serialised with a midnight time, Mexican
addresses, a home folder's user name recurring in paths; and the hard negatives beside each
(references, masked values, a secret's name, public JWK members, prompts, uuids, event times).
Every redacted text must redact to itself again."""

from __future__ import annotations

import datetime
import random
import string

import pytest
from stdnum import luhn
from stdnum.be import nn
from stdnum.no import fodselsnummer
from stdnum.se import personnummer

from persona_pipeline.core.evidence.redaction.redactor import Redactor

R = Redactor(b"r" * 32)
RNG = random.Random(20261204)


def _run(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def _generated(n: int = 22) -> str:
    """A generated secret: mixed case and digits, never a word."""
    return (
        RNG.choice(string.ascii_uppercase) + RNG.choice(string.digits) + _run(string.ascii_letters + string.digits, n)
    )


def _redacted(text: str) -> str:
    out = R.redact(text)
    assert out is not None
    assert R.redact(out.text).text == out.text, "redacting redacted text changed it"
    return out.text


def _gone(text: str, value: str) -> None:
    out = _redacted(text)
    assert value not in out, out


def _kept(text: str, value: str | None = None) -> None:
    out = _redacted(text)
    assert (value is not None and value in out) or (value is None and out == text), out


# --- defaults in variable references --------------------------------------------------------


@pytest.mark.parametrize(
    "template",
    [
        "spring:\n  mail:\n    password: ${MAIL_PASSWORD:{v}}\n",
        "export API_TOKEN=${API_TOKEN:-{v}}",
        'REDIS_SECRET="${REDIS_SECRET:={v}}"',
        "-Dapp.client-secret=${CLIENT_SECRET:{v}}",
    ],
)
def test_a_reference_default_is_the_value(template: str) -> None:
    v = _generated()
    _gone(template.replace("{v}", v), v)


@pytest.mark.parametrize(
    "text",
    [
        "password: ${MAIL_PASSWORD}",
        "token: ${API_TOKEN:?API_TOKEN must be set}",
        "secret: ${APP_SECRET:+set}",
        "password: ${DB_PASSWORD:changeme}",
    ],
)
def test_references_without_a_secret_default_stay(text: str) -> None:
    _kept(text)


# --- a terminal's echo of a variable --------------------------------------------------------


@pytest.mark.parametrize(
    "template",
    [
        "ops@bastion:~$ echo $STRIPE_SECRET\n{v}\nops@bastion:~$ ",
        "PS> printenv GITHUB_TOKEN\n{v}\n",
        '$ echo "${SMTP_PASSWORD}"\n{v}\n$ exit',
        "<pre>$ echo $SVC_TOKEN<br>{v}<br>$ </pre>",
    ],
)
def test_an_echoed_variable_value(template: str) -> None:
    v = _generated()
    _gone(template.replace("{v}", v), v)


@pytest.mark.parametrize(
    "text",
    [
        "$ echo $API_TOKEN\n$ ls",
        "$ echo $API_TOKEN | wc -c\n41",
        "echo $PASSWORD_FILE\n/run/secrets/db",
    ],
)
def test_an_echo_with_no_value_line_stays(text: str) -> None:
    _kept(text)


# --- key words: bearer, JWK members, header directives --------------------------------------


def test_bearer_keys_and_authorization_schemes() -> None:
    v = _generated()
    _gone(f"upstream:\n  partner_bearer: {v}\n", v)
    w = "Lemon" + str(RNG.randrange(1900, 2020)) + "@" + _run(string.ascii_letters, 2)
    _gone(f'RequestHeader set Authorization "Bearer {w}"', w)
    _kept("auth:\n  bearer_only: true\n")


def test_jwk_private_members_only() -> None:
    d = _run(string.ascii_letters + string.digits + "_-", 43)
    _gone(f"SIGNING_JWK_D = '{d}'", d)
    _kept(f"jwk_x: {d}", d)
    _kept("jwks_uri: https://login.example.com/.well-known/jwks.json")


@pytest.mark.parametrize(
    "template",
    [
        'proxy_set_header X-Upstream-Token "{v}";',
        "add_header X-Api-Key {v};",
        'Header always set X-Auth-Secret "{v}"',
    ],
)
def test_header_directives(template: str) -> None:
    v = _generated()
    _gone(template.replace("{v}", v), v)


def test_header_directives_without_a_secret_stay() -> None:
    _kept("proxy_set_header Host $host;\nadd_header X-Frame-Options DENY;")


# --- values the policy keeps: masked, a secret's name ---------------------------------------


def test_masked_values_in_a_bytes_repr_and_names_of_secrets_stay() -> None:
    _kept("b'api_key=sk-\\xe2\\x80\\xa6" + _run(string.ascii_letters, 4) + " (revoked)'")
    _kept("b'token: ghp_" + "\\xe2\\x80\\xa2" * 10 + _run(string.ascii_letters, 4) + "'")
    _kept("gcloud secrets versions access latest --secret=stripe-api-key")
    _kept("kubectl create secret generic app --from-literal=x=y --secret=db-password")


# --- documented provider shapes -------------------------------------------------------------


def _providers() -> list[tuple[str, str]]:
    h, b = string.hexdigits[:16], string.ascii_letters + string.digits
    okta = "00" + RNG.choice(string.ascii_uppercase) + RNG.choice(string.digits) + _run(b + "_-", 38)
    azure = _run(b, 3) + RNG.choice(string.digits) + "Q~" + _run(b + "_~.-", 34)
    django = "django-insecure-" + _run(string.ascii_lowercase + string.digits + "!@#$%^&*(-_=+)", 50)
    return [
        ("okta", okta),
        ("azure", azure),
        ("django", django),
        ("pulumi", "pul-" + _run(h, 40)),
        ("nuget", "oy2" + _run(string.ascii_lowercase + string.digits, 43)),
        ("mailgun", "key-" + _run(h, 32)),
        ("supabase", "sbp_" + _run(h, 40)),
        ("sentry", "sntryu_" + _run(h, 64)),
        ("newrelic", "NRAK-" + _run(string.ascii_uppercase + string.digits, 27)),
        ("newrelic_license", _run(h, 36) + "NRAL"),
    ]


@pytest.mark.parametrize(("name", "value"), _providers())
def test_provider_shapes_in_unlabelled_prose(name: str, value: str) -> None:
    _gone(f"se me olvidó rotarla, era ({value}) y ya está revocada", value)
    _gone(f"パスワードは {value} でした", value)


def test_a_labelled_mailgun_key_of_the_newer_shape() -> None:
    h = string.hexdigits[:16]
    v = f"{_run(h, 32)}-{_run(h, 8)}-{_run(h, 8)}"
    _gone(f'proxy_set_header X-Mailgun-Key "{v}";', v)
    _gone(f"MAILGUN_API_KEY={v}", v)


def test_provider_shape_hard_negatives() -> None:
    _kept("commit 00" + _run("0123456789abcdef", 40))  # a hex run of Okta's length: an id
    _kept("request 3f2a" + _run("0123456789abcdef", 28) + "-c3a6-8eed")  # no Mailgun key's groups


# --- national ids -------------------------------------------------------------------------


def _se_pnr() -> str:
    d = datetime.date(1950, 1, 1) + datetime.timedelta(days=RNG.randrange(20000))
    body = d.strftime("%y%m%d") + f"{RNG.randrange(1000):03d}"
    return f"{body[:6]}-{body[6:]}{luhn.calc_check_digit(body)}"


def _be_nn() -> str:
    d = datetime.date(1940, 1, 1) + datetime.timedelta(days=RNG.randrange(21000))
    body = d.strftime("%y%m%d") + f"{RNG.randrange(1, 998):03d}"
    check = 97 - int(("2" if d.year >= 2000 else "") + body) % 97
    v = f"{body}{check:02d}"
    return f"{v[:2]}.{v[2:4]}.{v[4:6]}-{v[6:9]}.{v[9:]}"


def _no_fnr() -> str:
    while True:
        d = datetime.date(1945, 1, 1) + datetime.timedelta(days=RNG.randrange(20000))
        body = d.strftime("%d%m%y") + f"{RNG.randrange(500):03d}"
        c1 = fodselsnummer.calc_check_digit1(body)
        c2 = fodselsnummer.calc_check_digit2(body + c1)
        if fodselsnummer.is_valid(body + c1 + c2):
            return body + c1 + c2


def _il_id() -> str:
    body = f"{RNG.randrange(10**7, 10**8):08d}"
    return body + luhn.calc_check_digit(body)


def test_se_personnummer_and_be_national_number_by_printed_shape() -> None:
    for _ in range(5):
        se, be = _se_pnr(), _be_nn()
        assert personnummer.is_valid(se) and nn.is_valid(be)
        _gone(f"klienten ringde om {se} igår", se)
        _gone(f"vérifier le registre: {be} svp", be)


def test_pan_of_a_person() -> None:
    pan = _run(string.ascii_uppercase, 3) + "P" + RNG.choice(string.ascii_uppercase) + _run(string.digits, 4) + "Z"
    _gone(f"KYC failed for {pan} twice", pan)
    _kept("ERROR CODE ABCDE12345F", "ABCDE12345F")  # no PAN's length


@pytest.mark.parametrize(
    "template",
    [
        "personnummer: {no}",
        "root@db-1:/srv# fnr;kunde\n{no};aktiv",
        "Mispar zehut {il}, please verify",
        "INSZ {be}",
        "national id number: {il}",
        "applicant id_no={no}",
    ],
)
def test_labelled_ids(template: str) -> None:
    no, il, be = _no_fnr(), _il_id(), _be_nn()
    text = template.format(no=no, il=il, be=be)
    value = no if "{no}" in template else il if "{il}" in template else be
    _gone(text, value)


def test_id_hard_negatives() -> None:
    _kept("  uid: 5d1a77e2-4930-4811-9a22-0c6c2b4e8a10", "4930-4811")
    _kept("build 201913-1234 passed")  # month 19: no date, no personnummer
    _kept("release 2024.11.07-338.12 tagged")
    _kept("the id number is 12345678")


# --- dates of birth, addresses, home folders ------------------------------------------------


def test_a_birth_date_serialised_at_midnight() -> None:
    for template in ('{{"dateOfBirth": "{d}T00:00:00.000Z"}}', "DOB: {d}T00:00:00+00:00", "生年月日：{d}T00:00:00Z"):
        d = (datetime.date(1950, 1, 1) + datetime.timedelta(days=RNG.randrange(18000))).isoformat()
        out = _redacted(template.format(d=d))
        assert d not in out and "T00:00" not in out, out


def test_a_birth_label_beside_an_event_time_stays() -> None:
    _kept("dob field migrated at 2024-03-12T10:01:22Z")


@pytest.mark.parametrize(
    ("street", "tail"),
    [
        ("Av. Juárez 118", "Col. Centro, C.P. 06050, Ciudad de México, CDMX"),
        ("Calle Zaragoza 402", "Col. Obrera, C.P. 64010, Monterrey, N.L."),
        ("Av. Vallarta 3300", "Col. Vallarta Norte, C.P. 44690, Guadalajara, Jal."),
    ],
)
def test_mexican_addresses(street: str, tail: str) -> None:
    out = _redacted(f"enviar a: {street}, {tail} gracias")
    assert street not in out and tail.split(", ")[-2] not in out, out


def test_a_home_users_name_in_the_same_paths() -> None:
    user = "k" + _run(string.ascii_lowercase, 7)
    out = _redacted(f"cache at /home/{user}/.cache/pip and /var/tmp/build_{user}/x and {user}-run.log")
    assert user not in out, out
    _kept("see /home/alice/notes; alice reviewed it", "alice reviewed")


def test_a_bare_value_ends_at_an_html_newline() -> None:
    _kept('<failure message="$ rails credentials:edit&#10;done"/>')
