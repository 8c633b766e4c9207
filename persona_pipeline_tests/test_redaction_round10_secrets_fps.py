"""Round 10 (opened for tuning): false-positive causes, secret detection and idempotence.

Every value here is written for this file (none is a blind-corpus value); each test fails without
the change it names."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.timing import assert_linear


@pytest.fixture(scope="module")
def r() -> Redactor:
    return Redactor(b"t" * 32)


def test_address_field_gate_takes_every_separator_the_field_reader_takes(r: Redactor) -> None:
    # a `street "…"` key (no colon) opened the gate only once another address's placeholder
    # (`[REDACTED:address:…]`) was in the text: found on the second pass, not the first
    text = 'venue street "Աբովյան փողոց 18, 0001 Երևան"\nthe old office was 9 Orchard Row, Bristol BS1 4DJ'
    once = r.redact(text)
    assert once is not None and "Երևան" not in once.text
    twice = r.redact(once.text)
    assert twice is not None and twice.text == once.text


def _out(r: Redactor, text: str) -> str:
    done = r.redact(text)
    assert done is not None
    return done.text


@pytest.mark.parametrize(
    "text",
    [
        "iptables -A INPUT -s 81.2.64.0/18 -j DROP",  # a network's range, host bits zero
        'deny: ["46.101.0.0/17", "2a03:b0c0:3::/48"]',
    ],
)
def test_network_ranges_in_cidr_notation_name_no_host(r: Redactor, text: str) -> None:
    assert _out(r, text) == text


def test_a_hosts_own_address_with_its_prefix_length_is_still_redacted(r: Redactor) -> None:
    assert "81.2.69.163" not in _out(r, "ip addr add 81.2.69.163/27 dev eth0")


@pytest.mark.parametrize(
    "text",
    [
        'brightmoor.net. TXT "v=DMARC1; p=none; rua=mailto:agg@brightmoor.net,mailto:in@dmarcwatch.io; '
        'ruf=mailto:fail@brightmoor.net"',
        'brightmoor.net. CAA 0 iodef "mailto:pki@brightmoor.net"',
        "# Copyright 2021 Initech Pty Ltd <compliance@initech.com.au>",
        "Maintainer: Globex S.A.S. <packaging@globex.fr>",
    ],
)
def test_an_organisations_mailbox_by_protocol_or_legal_form_is_kept(r: Redactor, text: str) -> None:
    assert _out(r, text) == text


@pytest.mark.parametrize(
    "text",
    [
        "cc mailto:lena.berg@firma.se please",
        "Maintainer: Globex S.A.S. <jmoreau@globex.fr>",  # an initial glued to a surname
        "Maintainer: Globex S.A.S. <gerard@globex.fr>",  # a given name
        "From: Ltd <legal@brightmoor.net>",  # a legal form names nothing alone
    ],
)
def test_a_persons_mailbox_stays_redacted(r: Redactor, text: str) -> None:
    assert "@" not in _out(r, text).split("<")[-1].replace("[REDACTED:", "")


def test_a_grouped_business_number_is_no_phone_but_a_trunk_prefixed_phone_is(r: Redactor) -> None:
    assert _out(r, "Initech Pty Ltd, ABN 51 824 753 556") == "Initech Pty Ltd, ABN 51 824 753 556"
    assert _out(r, "Order no. 471-2093-5518 has shipped") == "Order no. 471-2093-5518 has shipped"
    assert "2093" not in _out(r, "call me: 471-2093-5518")
    assert "415 555" not in _out(r, "ring me on 1 415 555 0143")


@pytest.mark.parametrize(
    "text",
    [
        '"account.token.tooltip": "Never share this token with anyone."',
        'password_placeholder = "Choose a strong password"',
        "billing.apiKey.description=Rotate it every ninety days",
    ],
)
def test_user_interface_text_about_a_secret_is_no_secret(r: Redactor, text: str) -> None:
    assert _out(r, text) == text


@pytest.mark.parametrize(
    "text",
    [
        "per RFC 5869 appendix A.2 the PRK key: 06a6b88c5853361a06104c9ceb35b45c",
        "NIST SP 800-108 test vectors, secret_key = 8e73b0f7da0e6452c810f32b809079e5",
        '{"text": "see:\\nFIPS 198 example key: 4f1e7d2c9a3b8e6d5c0f1a2b3c4d5e6f"}',
        "hmac_key = 3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c",  # one byte repeated
        "api_key = 1415161718191a1b1c1d1e1f20212223",  # counting bytes
    ],
)
def test_published_test_data_and_filler_hex_are_no_secret(r: Redactor, text: str) -> None:
    assert _out(r, text) == text


@pytest.mark.parametrize(
    "text",
    [
        "secret_key: 8e73b0f7da0e6452c810f32b809079e5",
        "api_key = 1415161718191a1b1c1d1e1f20212a23",  # almost counting: generated
        "the RFC says nothing, but our token = 9d2f4e1a7c3b5e8f0a6d2c4b1e3f5a7c",  # no standard cited
    ],
)
def test_hex_secrets_without_a_cited_standard_are_redacted(r: Redactor, text: str) -> None:
    out = _out(r, text)
    assert "[REDACTED:" in out


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("l_vault_token NVARCHAR(200) := 'q8Zr2LmX0pTv7WkYs3Hn';", "q8Zr2LmX0pTv7WkYs3Hn"),
        ('BankApiKey : constant String := "Zt4Rw9PqL2mXk8VnB6Hy";', "Zt4Rw9PqL2mXk8VnB6Hy"),
        ("       05 WS-ADMIN-PASSWORD PIC X(40) VALUE 'Kx7!rTq2mWz9'.", "Kx7!rTq2mWz9"),
        ("DATA lv_client_secret TYPE string VALUE 'bR4nW8xQ2kZ7mT1v'.", "bR4nW8xQ2kZ7mT1v"),
        ('(defvar *vault-token* "s9Qw2Lr7Xk4Mn8Pz")', "s9Qw2Lr7Xk4Mn8Pz"),
        ('(def api-secret "Hq3Zr8Lm2Wx7Tk5N")', "Hq3Zr8Lm2Wx7Tk5N"),
        ('set(ENV{REGISTRY_TOKEN} "Wm5Zq8Rt2Lx9Kp4N")', "Wm5Zq8Rt2Lx9Kp4N"),
        ('{ok, [{smtp_password, "Pz7Qw3Lr9Xm2Kt5N"}]}', "Pz7Qw3Lr9Xm2Kt5N"),
        ("<key>API_SECRET</key>\n  <string>Lm4Zq9Wr2Xt7Kp3N</string>", "Lm4Zq9Wr2Xt7Kp3N"),
        ('(gdb) p ctx->auth_token\n$2 = 0x7ffd1234 "Tq8Zw3Lr5Xm9Kp2N"', "Tq8Zw3Lr5Xm9Kp2N"),
        ("(Pdb) p self.api_token\nQz8Lw3Rt5Xm2Kp9N\n", "Qz8Lw3Rt5Xm2Kp9N"),
        ("> sessionStorage.getItem('access_token')\n< 'Nw3Zq7Lr2Xt8Kp5M'", "Nw3Zq7Lr2Xt8Kp5M"),
        ("irb> ENV['STRIPE_SECRET']\n=> \"Rq5Zw8Lt2Xm7Kp3N\"", "Rq5Zw8Lt2Xm7Kp3N"),
        ('ENV["BUGSNAG_TOKEN"] ||= "Kz2Qw9Lr5Xt7Mp3N"', "Kz2Qw9Lr5Xt7Mp3N"),
        ('PRESIGNED_URL="Xk2Rw9Lq8Tz3Mn5Vb7Hy1Pd4Fs6Gj0Ck"', "Xk2Rw9Lq8Tz3Mn5Vb7Hy1Pd4Fs6Gj0Ck"),
        ('set env(LDAP_BIND_PASSWORD) "Qw7!zLr2Xm9Kp"', "Qw7!zLr2Xm9Kp"),
        ("fly secrets import --name STRIPE_TOKEN --app web --value Rq5Zw8Lt2Xm7Kp3NaB", "Rq5Zw8Lt2Xm7Kp3NaB"),
        ("keyring.set_password('build', 'robot', 'Lm3Qz8Wr2Xt7Kp5NaQ')", "Lm3Qz8Wr2Xt7Kp5NaQ"),
        ("await page.getByLabel('Access token').fill('Tz8Qw3Lr9Xm2Kp5Na7');", "Tz8Qw3Lr9Xm2Kp5Na7"),
        ("cy.get('#password').type('Hx9!qLr2Xm7Kp');", "Hx9!qLr2Xm7Kp"),
        ("await $('#client-secret').setValue('Wq2Zr8Lm5Xt9Kp3Na')", "Wq2Zr8Lm5Xt9Kp3Na"),
        ("Paste API Token from that page: Nz3Qw8Lr2Xm7Kp5Ta9", "Nz3Qw8Lr2Xm7Kp5Ta9"),
        ("echo Zq8Lw3Rt5Xm2Kp9NaB4 | acme login --with-token", "Zq8Lw3Rt5Xm2Kp9NaB4"),
        ('{:api_token, "Qz8Lw3Rt5Xm2Kp9N"}', "Qz8Lw3Rt5Xm2Kp9N"),
        (
            'resource "random_password" "admin" {\n    id     = "none"\n    result = "aQ9!zLr2Xm7Kp#w"\n}',
            "aQ9!zLr2Xm7Kp#w",
        ),
        ("DEPLOY_WEBHOOK=7ydq2mzk0r5wx8pl3vnc9t", "7ydq2mzk0r5wx8pl3vnc9t"),
    ],
)
def test_assignments_of_more_languages_bind_a_value_to_its_key(r: Redactor, text: str, value: str) -> None:
    assert value not in _out(r, text)


@pytest.mark.parametrize(
    "text",
    [
        "VM398:1 (Pdb) p creds\nVM530:1 {'region': 'eu-west-1'}",  # a console prefix is no value
        "print(token)\nNone",
        '# let token = try keychain.get("token")\nExecStart=/usr/bin/api',  # the next line is code
        "(Pdb) p self.api_token\nExecStart=/usr/bin/api",
        "echo hello | acme login --with-token",  # (a word, no generated token)
        "cy.get('#username').type('maria.rossi');",
        "keyring.get_password('build', 'robot')",
        "db_password: &quot;{{ vault_db_password }}&quot;",  # a template's reference, no value
        "webhook_events: push_and_pull_requests",
        "is_signed: Yes_it_is_signed",
        "the token count = 12",
    ],
)
def test_the_new_syntaxes_take_no_ordinary_text(r: Redactor, text: str) -> None:
    assert _out(r, text) == text


@pytest.mark.parametrize(
    "unit",
    [
        "a_token VARCHAR(1) ",
        "(setq *x_key* ",
        "<key>api_key</key>\\n",
        "p a->b->token\\n$1 = ",
        "{:k, ",
        "RFC 1234 key = 0b0b",
        "street]:",
        "rua=mailto:",
        "81.2.3.0/",
    ],
)
def test_the_new_patterns_stay_linear_on_adversarial_input(r: Redactor, unit: str) -> None:
    from persona_pipeline.core.evidence.redaction.secrets import own_rule_spans

    def build(n: int) -> str:
        return unit * (n // len(unit))

    assert_linear(own_rule_spans, build, 200_000)  # (a backtracking pattern takes minutes here)
    assert_linear(r.redact, build, 200_000)  # (every detector)


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        (
            'String apiKey = "xoxb-371919250645-26375" +\n        "10908125-cMq0TV1KgHz4GkVh7aqdFXwX";',
            ("10908125-cMq0TV1KgHz4GkVh7aqdFXwX",),
        ),
        (
            'export GH_TOKEN="ghp_Zq8Lw3Rt5Xm2Kp9N\\\n  aB4cD6eF8gH0iJ2kL4mN"',
            ("ghp_Zq8Lw3Rt5Xm2Kp9N", "aB4cD6eF8gH0iJ2kL4mN"),
        ),
        ('{"text": "token = \\"Zq8Lw3Rt5Xm2Kp9NaB4cD6\\" +\\n   \\"eF8gH0iJ2kL4mNzz\\";"}', ("eF8gH0iJ2kL4mNzz",)),
        ("$sig = 'Lq4Zr8Wm2Xt7Kp3N' .\n    'Vb6Hy1Pd4Fs9Gj0C';", ("Vb6Hy1Pd4Fs9Gj0C",)),
    ],
)
def test_a_secret_continued_on_the_next_line_is_redacted_whole(r: Redactor, text: str, parts: tuple[str, ...]) -> None:
    out = _out(r, text)
    assert not any(p in out for p in parts)
    assert _out(r, out) == out


@pytest.mark.parametrize(
    "text",
    [
        "curl -X POST \\\n  -H 'Content-Type: application/json' \\\n  https://api.example.com/v1/items",
        'msg = "hello " +\n  "world"',
    ],
)
def test_continued_lines_without_a_secret_are_kept(r: Redactor, text: str) -> None:
    assert _out(r, text) == text


def test_adjacent_string_literals_on_two_lines_are_one_value(r: Redactor) -> None:
    text = 'TOKEN = (\n    "Wq2Zr8Lm5Xt9Kp3N"\n    "Ba7Hy1Pd4Fs6Gj0C"\n)'
    out = _out(r, text)
    assert "Wq2Zr8Lm5Xt9Kp3N" not in out and "Ba7Hy1Pd4Fs6Gj0C" not in out


@pytest.mark.parametrize(
    "text",
    [
        "The stadium is located at 1 Olympic Way, London HA9 0WS.",
        "Acme's headquarters: 500 Oracle Parkway, Redwood City, CA 94065",
        "Initech GmbH, Friedrichstraße 43, 10117 Berlin",
        "siège social : 12 rue de la Paix, 75002 Paris",
    ],
)
def test_an_address_attributed_to_a_place_or_a_company_is_kept(r: Redactor, text: str) -> None:
    assert _out(r, text) == text


@pytest.mark.parametrize(
    "text",
    [
        "my home address is 12 Larch Close, Leeds LS6 2QT",
        "deliver to 12 Larch Close, Leeds LS6 2QT before noon",
        "12 Larch Close, Leeds LS6 2QT",  # a bare address may be anyone's home
    ],
)
def test_a_persons_address_stays_redacted(r: Redactor, text: str) -> None:
    assert "Larch Close" not in _out(r, text)


def test_a_webhooks_secret_path_under_its_key_is_redacted(r: Redactor) -> None:
    path = (
        "9c1e7a2b-44d0-4f6e-8b3a-1d2c3e4f5a6b@7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918/IncomingWebhook/"
        "0f1e2d3c4b5a69788796a5b4c3d2e1f0/2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901"
    )
    assert "IncomingWebhook" not in _out(r, f'alerts_webhook: "{path}"')
    assert _out(r, "webhook_url: ops@example.com:8080/hooks") == "webhook_url: ops@example.com:8080/hooks"


def test_a_secret_inside_base64_json_is_redacted_with_its_blob(r: Redactor) -> None:
    import base64
    import json

    blob = base64.b64encode(
        json.dumps({"region": "ap-south-1", "secret_key": "Hq8Zr3Lm5Xt9Kp2NwB7v"}).encode()
    ).decode()
    out = _out(r, f"APP_SETTINGS={blob}")
    assert blob[:20] not in out and _out(r, out) == out
    cursor = base64.b64encode(json.dumps({"offset": 40, "sort": "created_at"}).encode()).decode()
    assert _out(r, f'"nextCursor": "{cursor}"') == f'"nextCursor": "{cursor}"'  # public: no secret inside


# --- review fixes (fix10s): each exception of the round-10 tuning is narrowed where it leaked


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("I live across from the university at 31 Hawthorn Lane, Dayton, OH 45402", "Hawthorn"),
        ("we rent a flat next to the hospital on 31 Hawthorn Lane, Dayton, OH 45402", "Hawthorn"),
        ("my apartment is right by the station, 31 Hawthorn Lane, Dayton, OH 45402", "Hawthorn"),
        ("Ilse Brandauer GmbH, Lindenweg 9, 04109 Leipzig", "Lindenweg"),  # a sole trader's company
        ("Invoice from Tomas Berglund Ltd, 8 Carrow Road, Norwich NR1 1HS", "Carrow"),
        ("Worked at Vandelay LLC - 31 Hawthorn Lane, Dayton, OH 45402 is my house", "Hawthorn"),
    ],
)
def test_a_home_near_a_place_or_a_sole_traders_company_address_stays_redacted(
    r: Redactor, text: str, street: str
) -> None:
    assert street not in _out(r, text)


@pytest.mark.parametrize(
    "text",
    [
        "JWT (RFC 7519) secret=5b2e8d1f7a4c9e3b6d0f2a8c4e1b7d93",
        '// HMAC per RFC 2104: webhook_secret = "c7e1a94f2b8d3e6a0f5c9b2d7e4a1f86"',
        "ISO 8601 ts, api_key: 3f9a2c7e1b5d8f4a6c0e2b9d7f1a3c58",
    ],
)
def test_a_hex_secret_after_a_standard_cited_alone_is_redacted(r: Redactor, text: str) -> None:
    assert "[REDACTED:" in _out(r, text)


@pytest.mark.parametrize(
    ("text", "ip"),
    [
        ("my router's WAN is 81.2.69.176/28", "81.2.69.176"),
        ("2a02:8071:5e3:4b00::/56 to my home router", "2a02:8071:5e3:4b00"),
    ],
)
def test_a_small_subscriber_block_is_still_personal(r: Redactor, text: str, ip: str) -> None:
    assert ip not in _out(r, text)


@pytest.mark.parametrize(
    "text",
    [
        'quillfield.org. TXT "v=DMARC1; p=reject; rua=mailto:maria.kovacs@gmail.com"',
        'quillfield.org. TXT "v=DMARC1; p=reject; ruf=mailto:wieczorkowska@quillfield.org"',
        "Reviewed-by: Vandelay Inc <wieczorkowska@vandelay.com>",
    ],
)
def test_a_personal_mailbox_under_a_report_tag_or_a_legal_form_is_redacted(r: Redactor, text: str) -> None:
    assert "@" not in _out(r, text).replace("[REDACTED:", "")


@pytest.mark.parametrize(
    "text",
    [
        "const { apiKey, baseUrl } = settings;",
        "import { token, setToken } from './session'",
        "const { password, confirmPassword } = form.values;",
        "function Field({ secret, onChange }) {",
        "the token expires by default 7200s",
        "secret rotation period value 30days",
    ],
)
def test_destructuring_and_prose_are_no_assignment(r: Redactor, text: str) -> None:
    assert _out(r, text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{db_password, <<"Wk3Zr9Lq2Xt8Mp5N">>}', "Wk3Zr9Lq2Xt8Mp5N"),  # an Erlang binary
    ],
)
def test_a_tuples_quoted_or_binary_value_is_redacted(r: Redactor, text: str, value: str) -> None:
    assert value not in _out(r, text)
