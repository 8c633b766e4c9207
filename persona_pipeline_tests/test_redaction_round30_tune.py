"""Round 30's tuning (issue 17, branch tune30): a developer's own machine (package-manager config, env
dumps, registry tokens) and converted documents (a page's columns turned into runs of spaces). Each
mechanism reads a published format or a layout's structure; values and sentences are this file's own,
none from the corpus."""

from __future__ import annotations

import base64
import json

import pytest

from persona_pipeline.core.evidence.redaction import margin_views
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear


@pytest.fixture
def checks(redactor: Redactor) -> Checks:
    return Checks(redactor)


def _b64u(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _jwe(alg: str, key: bytes) -> str:
    header = _b64u(json.dumps({"alg": alg, "enc": "A256GCM", "kid": "k-2031"}).encode())
    return ".".join((header, _b64u(key), _b64u(bytes(range(7, 19))), _b64u(bytes(range(40, 240))), _b64u(b"T" * 16)))


# --- secrets: a JWE compact serialization (RFC 7516 7.1)


@pytest.mark.parametrize(
    "template",
    [
        "export CODEARTIFACT_AUTH_TOKEN=%s",
        "  token:    %s   expires 2027-02-01",  # a column of a listing, no `=` glued to it
        "pip index-url https://aws:%s@pkgs-203040506070.d.codeartifact.eu-central-1.amazonaws.com/pypi/p/simple/",
        '{"authorizationToken": "%s", "expiration": "2027-02-01T10:00:00Z"}',
    ],
)
@pytest.mark.parametrize("alg", ["A128KW", "dir"])
def test_a_jwe_compact_token_is_redacted(checks: Checks, template: str, alg: str) -> None:
    token = _jwe(alg, b"" if alg == "dir" else bytes(range(100, 140)))
    text = template % token
    assert token not in checks.redacted(text)


@pytest.mark.parametrize(
    "text",
    [
        "pinned to 1.22.3.4.5 of the chart",
        "eyJhbGciOiJub25lIn0.e30.",  # an unsigned JWT's shape is not a JWE's
        "see docs.example.org.uk.section.two for the layout",
        "sha512-9c1a7d5e3f.b2e4a6c8d0.f1a3b5c7d9.e2f4a6b8c0",
    ],
)
def test_jwe_look_alikes_stay(checks: Checks, text: str) -> None:
    checks.kept(text)


def test_the_jwe_rule_is_linear(redactor: Redactor) -> None:
    def spans(text: str) -> object:
        return redactor.spans_many([text])

    assert_linear(spans, lambda n: "eyJhbGciOiJkaXIifQ" + ".Abc123" * n, 4000)
    assert_linear(spans, lambda n: "eyJhbGciOiJkaXIifQ." + "A" * n, 20000)


# --- personal data: documented person-name settings


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # npm's `init-author-name` (npm docs, config), as `npm config list` prints it
        (
            'init-author-email = "ilir.berisha@posta.al"\ninit-author-name = "Ilir Berisha"\ninit-license = "ISC"',
            "Ilir Berisha",
        ),
        ("npm config set init-author-name 'Ilir Berisha'\ninit-author-name=Ilir Berisha", "Ilir Berisha"),
        # Debian devscripts' DEBFULLNAME (dch(1)) in an env dump
        ("DEBEMAIL=nadia.rotaru@mail.md\nDEBFULLNAME=Nadia Rotaru\nLANG=ro_MD.UTF-8", "Nadia Rotaru"),
        # an env variable whose last words name a person's name
        ("HELPDESK_CONTACT_NAME=Rustam Qodirov\nHELPDESK_QUEUE=l2", "Rustam Qodirov"),
        ("SEED_OWNER_FULL_NAME=Gulnara Amanova", "Gulnara Amanova"),
    ],
)
def test_documented_person_name_settings(checks: Checks, text: str, name: str) -> None:
    checks.gone(text, name)


@pytest.mark.parametrize(
    "text",
    [
        "APP_DISPLAY_NAME=Acme Desktop",
        "PROJECT_OWNER_NAME=platform-team",
        "CLUSTER_NAME=prod-eu-2",
        'init-license = "MIT"\ninit-version = "0.1.0"',
    ],
)
def test_setting_look_alikes_stay(checks: Checks, text: str) -> None:
    checks.kept(text)


# --- personal data: a page's columns read down


_INVOICE = (
    "                          FACTURE\n\n"
    "Bill to:                                                  Invoice no.:  F-2031-0077\n"
    "Lindita Hoxha                                             Date:         03/11/2031\n"
    "Rruga e Kavajës 14, Ap. 3                                 Due:          03/12/2031\n"
    "1001 Tiranë\n"
)
_FORM = (
    "PERMIT APPLICATION\n\n"
    "Surname                 Ceban\n"
    "Given name(s)           Tatiana\n"
    "Date of birth           14.02.1986\n"
)


@pytest.mark.parametrize("wrap", ["raw", "json", "br"])
def test_a_bill_to_block_beside_a_right_column(checks: Checks, wrap: str) -> None:
    text = {"raw": _INVOICE, "json": json.dumps({"out": _INVOICE}), "br": _INVOICE.replace("\n", "<br>")}[wrap]
    out = checks.redacted(text)
    assert "Lindita Hoxha" not in out, out
    # the right column is the document's own metadata: it stays
    assert "F-2031-0077" in out and "03/12/2031" in out, out


@pytest.mark.parametrize("wrap", ["raw", "json"])
def test_a_forms_label_and_its_value_apart_by_a_run(checks: Checks, wrap: str) -> None:
    text = _FORM if wrap == "raw" else json.dumps({"out": _FORM})
    out = checks.redacted(text)
    assert "Ceban" not in out and "14.02.1986" not in out, out


@pytest.mark.parametrize(
    "text",
    [
        # a price table: cells, no person
        "Description                       Qty      Unit price\n"
        "Wall hooks                          4          0.80\n"
        "Cable ties                          2          1.10\n",
        # a header row over a data row, a secret's word among its cells (no field: no password)
        "Item                              Count\nPassword          Last changed\n********          2031-01-02\n",
        # aligned code comments
        "retries = 3          # how often we try\ntimeout = 30         # seconds per try\n",
        # a page footer beside a total
        "TOTAL                     6.30                 Page 1 of 2\n"
        "Thank you                                      Page 2 of 2\n",
    ],
)
def test_column_look_alikes_stay(checks: Checks, text: str) -> None:
    checks.kept(text)


def test_column_segments_read_a_form_and_drop_a_right_column() -> None:
    segs = margin_views.column_segments(_FORM + _INVOICE)
    view = margin_views.reshaped(_FORM + _INVOICE, segs)
    assert view is not None
    assert "Surname: Ceban\nGiven name(s): Tatiana" in view[0]
    assert "Bill to: \nLindita Hoxha \nRruga e Kavajës 14, Ap. 3 \n" in view[0]
    # one run alone is no layout
    assert margin_views.column_segments("name          value") == []


def test_column_segments_are_linear() -> None:
    assert_linear(margin_views.column_segments, lambda n: "a       b\n" * n, 20000)
    assert_linear(margin_views.column_segments, lambda n: "Name" + "       x" * n, 20000)
    assert_linear(margin_views.column_segments, lambda n: "x       " + "Ab " * n + "      y\n", 20000)


# --- personal data: a tool's own config naming its login


@pytest.mark.parametrize(
    ("text", "login"),
    [
        # .pypirc (PyPA's spec): a server section's username, the file declaring index-servers
        ("[distutils]\nindex-servers =\n    corp\n\n[corp]\nrepository = https://pkgs.corp.example/simple/\n"
         "username = tgashi81\n", "tgashi81"),
        ('{"out": "[distutils]\\nindex-servers = corp\\n\\n[corp]\\nusername = tgashi81\\n"}', "tgashi81"),
        # docker info's registry login
        ("$ docker info\nClient:\n Context: default\n Username: nrotaru-dev\n Registry: https://index.docker.io/v1/",
         "nrotaru-dev"),
        # git's github.user (hub, gh extensions)
        ("$ git config --global --list\n[github]\n\tuser = qodirov-r\n[core]\n\teditor = vim\n", "qodirov-r"),
    ],
)  # fmt: skip
def test_a_tools_own_login_setting(checks: Checks, text: str, login: str) -> None:
    checks.gone(text, login)


@pytest.mark.parametrize(
    "text",
    [
        # PyPI's API-token user is no one's
        "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\n",
        # a bare `username =` with no .pypirc around it is left to the other readers (as on main)
        "username = placeholder\n",
        # docker info without a login, a system account
        "$ docker info\n Username: root\n",
        "[github]\n\tuser = USERNAME\n",
    ],
)
def test_login_setting_look_alikes_stay(checks: Checks, text: str) -> None:
    checks.kept(text)


# --- personal data: GDB's address before a string argument


@pytest.mark.parametrize("wrap", ["raw", "json"])
def test_a_gdb_string_argument_is_read_under_its_key(checks: Checks, wrap: str) -> None:
    frame = '#1  0x000055d1c2d4a7e0 in notify_member (name=0x7ffd5a1c2e40 "x", '
    frame += 'mobile=0x7ffd5a1c2ec0 "77 81 20 64") at n.c:8'
    text = frame if wrap == "raw" else json.dumps({"bt": frame})
    checks.gone(text, "77 81 20 64")


def test_gdb_register_dumps_stay(checks: Checks) -> None:
    checks.kept('rip=0x00007ffd5a1c2ec0 rsp=0x00007ffd5a1c2e00 "main"\n#0  0x00007f3a in raise (sig=6) at raise.c:50')


def test_gdb_address_segments_are_linear() -> None:
    assert_linear(margin_views.gdb_address_segments, lambda n: "a=0x1234 " * n, 20000)
    assert_linear(margin_views.gdb_address_segments, lambda n: "a=0x1234 \\" * n, 20000)


# --- personal data: a label misread by an OCR


_OCR_SCREEN = (
    "| DELIVER TO\n\nNarne: Nyasha Moyo\nAddress: 10 Fife Street\nSuburbs, Bulawayo\n\n"
    "< Profile\n\nE-mai1 address\nhibo.w@proton.me\n\nPh0ne number\n77 65 57 17\n"
)


@pytest.mark.parametrize("wrap", ["raw", "json", "br"])
def test_ocr_confused_labels_are_read(checks: Checks, wrap: str) -> None:
    text = {"raw": _OCR_SCREEN, "json": json.dumps({"ocr": _OCR_SCREEN}), "br": _OCR_SCREEN.replace("\n", "<br>")}[wrap]
    out = checks.redacted(text)
    assert "77 65 57 17" not in out, out
    # (`Name: X<br>` is not read as a name's field by the engine even spelled right: as on main)
    assert wrap == "br" or "Nyasha Moyo" not in out, out


@pytest.mark.parametrize(
    "text",
    [
        # code and config whose words hold the same letters: no label, nothing read
        "def f(x):\n    return x\nmodern: true\nserver1: 10.0.0.1\nkey0: abc",
        "Internal: 12 tickets\nTe1ephone extensions are listed in the wiki",
        # a value with digits is never touched: only a line's first word
        "Name: build01\nNarne: v1",
        # a class name before its message is an identifier, no OCR'd label
        "SecretsManagerWarning: Rotation is disabled for this secret",
    ],
)
def test_ocr_label_look_alikes_stay(checks: Checks, text: str) -> None:
    checks.kept(text)


def test_ocr_label_segments_touch_only_a_labels_place() -> None:
    text = "Narne: Ar1e Tom\nreturn x\nPh0ne number\n"
    view = margin_views.reshaped(text, margin_views.ocr_label_segments(text))
    assert view is not None and view[0] == "Name: Ar1e Tom\nreturn x\nPhone number\n"


def test_ocr_label_segments_are_linear() -> None:
    assert_linear(margin_views.ocr_label_segments, lambda n: "Te1 " * n + "\n", 20000)
    assert_linear(margin_views.ocr_label_segments, lambda n: "Narne:\n" * n, 20000)
    assert_linear(margin_views.ocr_label_segments, lambda n: "\n" + "a" * n, 20000)
