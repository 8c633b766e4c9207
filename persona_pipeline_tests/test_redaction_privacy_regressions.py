"""Privacy regressions of the redaction tuning after afe196a: text that was redacted there and
passed through later. Each test fails without its fix (values are this file's own)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.builders import redacted_text

R = Redactor(b"k" * 32)


def _out(text: str) -> str:
    return redacted_text(R, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('APP_DB_PASSWORD="quietharborpassword"', "quietharborpassword"),
        ("secret: 'orchard_secret_key'", "orchard_secret_key"),
        ('{"password":"tulip_token_store"}', "tulip_token_store"),
        ("MYSQL_PWD='mapleleaf_password'", "mapleleaf_password"),
    ],
)
def test_quoted_wordlike_password_after_a_label_is_a_value(text: str, value: str) -> None:
    # a quoted lowercase word containing a secret word is the value assigned to the label
    assert value not in _out(text)


@pytest.mark.parametrize(
    "text",
    ["ALTER ROLE svc WITH PASSWORD :'svc_password';", 'CREATE USER ro PASSWORD :"ro_token";'],
)
def test_psql_variable_naming_a_secret_is_kept(text: str) -> None:
    # psql's `:'name'` interpolates a variable: the quoted word is a name, not the password
    assert _out(text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [("ssh to 6.8.3.77", "6.8.3.77"), ("curl 4.12.7.19 -v", "4.12.7.19"), ("peer at 8.20.1.250 dropped", "8.20.1.250")],
)
def test_small_four_part_address_without_version_context_is_an_address(text: str, value: str) -> None:
    assert value not in _out(text)


@pytest.mark.parametrize(
    "text",
    ['"version": "6.8.3.77"', "FileVersion: 4.12.7.19", "release 8.20.1.250", "pkg==6.8.3.77", "build v4.12.7.19"],
)
def test_small_four_part_number_in_a_version_context_is_a_version(text: str) -> None:
    assert _out(text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("peer:2a01:4f8:c17:9b2::1", "2a01:4f8:c17:9b2::1"),
        ("remote_addr:2a01:4f8:c17:9b2::1 ok", "2a01:4f8:c17:9b2::1"),
        ("source:2a01:4f8:c17:9b2::1", "2a01:4f8:c17:9b2::1"),
    ],
)
def test_global_ipv6_after_a_label_colon_is_an_address(text: str, value: str) -> None:
    assert "2a01:4f8" not in _out(text)


def test_a_hex_colon_run_is_not_cut_into_an_address() -> None:
    # the candidate after a colon that continues a longer hex/colon run is no address of its own
    text = 'id 7f:2a01:4f8:c17::9, fe80::1:2a01:4f8:c17::9, {"out": "$ cat x\\nfd34:2a01:4f8::9"}'
    assert _out(text) == text


@pytest.mark.parametrize(
    "text", ["text me at +447911834562.Thanks", "ring +14155550123 or +14159263817.See you", "+4930901820.Ok?"]
)
def test_a_phone_number_before_a_dot_and_a_word_is_a_phone(text: str) -> None:
    out = _out(text)
    assert "[REDACTED:phone" in out and "834562" not in out and "9263817" not in out and "30901820" not in out


def test_an_account_number_leading_a_host_name_is_no_phone() -> None:
    text = "+210987654321.dkr.ecr.eu-west-1.amazonaws.com/app:1"  # a diff line
    assert "[REDACTED:phone" not in _out(text)


@pytest.mark.parametrize(
    "address",
    ["hello@tomasz-wrobel.dev", "team@okafor-family.org", "contact@lenafischer.me", "info@priyanair.studio"],
)
def test_a_role_word_on_a_personal_domain_is_a_personal_address(address: str) -> None:
    assert address not in _out(f"mail {address} today")


@pytest.mark.parametrize(
    "address", ["postmaster@kestrel-mail.net", "abuse@kestrel-mail.net", "mailer-daemon@kestrel-mail.net"]
)
def test_infrastructure_mailboxes_are_kept(address: str) -> None:
    assert address in _out(f"bounce from {address}")


@pytest.mark.parametrize(
    "text",
    [
        "ama owusu@LAPTOP-7Q MINGW64 ~/code\n$ git status",
        "$ ls\n\nama owusu@LAPTOP-7Q MSYS /d/work\n$ make",
        '{"output": "ok\\nama owusu@LAPTOP-7Q UCRT64 ~\\n$ "}',
    ],
)
def test_a_spaced_git_bash_profile_starting_its_line_is_redacted_whole(text: str) -> None:
    out = _out(text)
    assert "ama" not in out and "owusu" not in out


def test_a_sentence_before_a_git_bash_prompt_keeps_its_words() -> None:
    out = _out("I reproduced it in a fresh shell as owusu@LAPTOP-7Q MINGW64 ~/code")
    assert "in a fresh shell as [REDACTED:user_name" in out and "owusu" not in out


@pytest.mark.parametrize(
    "text", ["C:\\repo\\home\\widgets\\a.tsx", "src\\pages\\home\\banner.css", "D:\\site\\home\\index.html"]
)
def test_a_home_folder_inside_a_windows_path_names_no_user(text: str) -> None:
    assert _out(text) == text


@pytest.mark.parametrize(
    "text",
    ["\\\\wsl$\\Alpine\\home\\yaw\\app", "\\\\wsl.localhost\\Ubuntu-22.04\\home\\yaw\\app", "cd E:\\home\\yaw\\app"],
)
def test_a_wsl_or_root_home_still_names_its_user(text: str) -> None:
    assert "\\yaw\\" not in _out(text)


_CLI_P = ["rdesktop -u yaw -p Kw4m3!zeT host7", "ncftpput -u yaw -p Kw4m3!zeT ftp.site.net /up", "ncftp -p Kw4m3!zeT h"]


def _keyword_rules(text: str) -> set[int]:
    """The rules the keyword fallback of `own_rule_spans` would run on the text."""
    from persona_pipeline.core.evidence.redaction import secrets
    from persona_pipeline.core.evidence.redaction.matching import fold

    b = fold(text)
    lowered: bytes | str = b.lower() if b is not None else text.lower()
    return {
        i
        for i, r in enumerate(secrets._COMPILED)
        if any(k in lowered for k in (r[4] if b is not None else r[3]))  # type: ignore[operator]
    }


def test_every_rule_match_carries_one_of_its_keywords() -> None:
    # the keyword fallback (no gate Set) runs a rule only where a keyword occurs: a pattern
    # alternative without its keyword (rdesktop, ncftp) would never be scanned there
    from persona_pipeline.core.evidence.redaction import secrets
    from persona_pipeline_tests import test_redaction as tr
    from persona_pipeline_tests.redaction_blind import generate

    texts = [*_CLI_P, *tr.SECRETS.values(), *(t for t, _ in tr.PII.values()), *tr.LOOKALIKES]
    texts += [getattr(c, "text", None) or c.prompt for c in generate(3, "dev", 300)]
    for text in texts:
        run = _keyword_rules(text)
        for i, (_, rx, _, _, _) in enumerate(secrets._COMPILED):
            if i not in run:
                assert next(iter(rx.finditer(text)), None) is None, (secrets._OWN_RULES[i][0], text[:200])


@pytest.mark.parametrize("text", _CLI_P)
def test_rdesktop_and_ncftp_passwords_are_found_by_the_keyword_fallback(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from persona_pipeline.core.evidence.redaction import secrets

    monkeypatch.setattr(secrets._RULE_SET, "matching", lambda _text: None)  # the Set unavailable
    assert any(text[s.start : s.end] == "Kw4m3!zeT" for s in secrets.own_rule_spans(text))


def test_the_pgpass_rule_is_found_by_its_pattern() -> None:
    # (not by its keyword tuple: another rule keyed on ":" alone would have been taken for it)
    from persona_pipeline.core.evidence.redaction import secrets

    assert secrets._OWN_RULES[secrets._PGPASS_RULE][1] == secrets._PGPASS_PATTERN
    assert "Vx7pq2!mn" not in _out("db.corp.lan:5432:billing:billing_rw:Vx7pq2!mn")
    assert _out("id 7F2A:81234:C0FFEE:0BAD:1DEADBEEF") == "id 7F2A:81234:C0FFEE:0BAD:1DEADBEEF"


@pytest.mark.parametrize("kind", ["resend-api-key.1", "Pinecone.API.key", "gcp:sa key"])
def test_every_placeholder_type_is_one_a_second_pass_recognises(kind: str) -> None:
    # A betterleaks rule id with a dot made `[REDACTED:resend_api_key.1:…]`, which the placeholder
    # pattern did not know: a key/value rule then read its hash as a value and redacted it again.
    from persona_pipeline.core.evidence.redaction.spans import PLACEHOLDER_RE, placeholder

    text = placeholder(kind, "value", b"k" * 32)
    assert PLACEHOLDER_RE.fullmatch(text), text
