"""Review of the round-8 tuning: each exemption narrowed so the secrets it let through (redacted
before it, at fc1904e) are redacted again, while the look-alike it was made for is still kept."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks

R = Redactor(b"k" * 32)


_spans = Checks(R).spans
_covered = Checks(R).covered


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("mycli --password mysecretpass99 db1", "mysecretpass99"),
        ("openssl enc --pass mysecretpass99 in.txt", "mysecretpass99"),
        ("deploy --secret adminSecret99 prod", "adminSecret99"),
        ("gh secret set --token devToken2024 repo", "devToken2024"),
    ],
)
def test_a_name_shaped_flag_value_is_redacted(text: str, value: str) -> None:
    # only a boolean marker after a setting command (`config set --secret NAME V`) names a pair
    assert _covered(text, value), _spans(text)


def test_a_setting_commands_marker_flag_still_keeps_the_name() -> None:
    text = "pulumi config set --secret dbPassword S3cr3tPw9x"
    assert _spans(text) == [("S3cr3tPw9x", "password")], _spans(text)


def test_an_api_key_as_basic_auth_user_before_an_empty_password_is_redacted() -> None:
    text = "api_key=0a1b2c3d4e5f6a7b8c9d:''"
    assert _covered(text, "0a1b2c3d4e5f6a7b8c9d"), _spans(text)
    # a name-like user before a quoted password is still the user's, kept
    text = "skopeo copy --dest-creds ci-bot:'Hx7#pLm2Qw9z' docker://alpine"
    assert "ci-bot" in R.redact(text).text and _covered(text, "Hx7#pLm2Qw9z")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("DB_PASSWORD=ref+echo://Xk9mQ2vLp8sT4wZr", "Xk9mQ2vLp8sT4wZr"),
        ("API_TOKEN=ref+envsubst://Xk9mQ2vLp8sT4wZr7YhN", "Xk9mQ2vLp8sT4wZr7YhN"),
    ],
)
def test_vals_literal_backends_hold_the_value_itself(text: str, value: str) -> None:
    assert _covered(text, value), _spans(text)
    assert _spans("DB_PASSWORD=ref+vault://secret/app#/password") == []  # a store's path, kept


def test_a_pair_after_an_arns_account_is_kept_only_under_a_resource_type() -> None:
    text = "arn:aws:ssm:us-east-1:123456789012:token:Zx9Qw8vLm3nB7pKz"
    assert _covered(text, "Zx9Qw8vLm3nB7pKz"), _spans(text)
    assert _spans("arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-password-AbCdEf") == []


@pytest.mark.parametrize(
    "text",
    [
        "ana.lima@gmail.com DB_PASSWORD,Xk9mQ2vLp8sT",
        "+49 30 12345678 DB_PASSWORD,Xk9mQ2vLp8sT",
        "ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R DB_PASSWORD,Xk9mQ2vLp8sT",
    ],
)
def test_a_placeholder_is_no_pod_log_prefix_on_a_second_pass(text: str) -> None:
    once = R.redact(text).text
    assert R.redact(once).text == once


def test_a_pod_log_prefix_is_still_a_line_prefix() -> None:
    text = "[pod/api-7d9c5b-xk2lp/api]     set psksecret Hx7pLm2Qw9zR4t\n"
    assert _covered(text, "Hx7pLm2Qw9zR4t"), _spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "公開鍵: AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",  # a public key
        "공개 키: Xk9mQ2vLp8sT4wZr7YhNabcd",
        "открытый ключ: Xk9mQ2vLp8sT4wZr7YhNabcd",
        "clé publique: Xk9mQ2vLp8sT4wZr7YhNabcd",
        "패키지 버전: 1a2b3c4d5e6f7a8b9c0d",  # "package" holds 키
        "キーボード設定: Xk9mQ2vLp8sT4wZr",  # "keyboard" holds キー
        "ключ сборки: 3f2a9c1d8e7b6a5f4c3d2e1f0a9b8c7d",  # a build (cache) key
    ],
)
def test_intl_key_label_look_alikes_are_kept(text: str) -> None:
    assert _spans(text) == [], _spans(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("비밀번호: Xk9mQ2vLp8sT", "Xk9mQ2vLp8sT"),
        ("APIキー: Zr8KqW2mTx7LpV4nYc9BXk9mQ2vLp8sT", "Zr8KqW2mTx7LpV4nYc9BXk9mQ2vLp8sT"),
        ("APIキーは Zr8KqW2mTx7LpV4nYc9B です", "Zr8KqW2mTx7LpV4nYc9B"),  # a particle after the label
        ("秘密鍵: Zr8KqW2mTx7LpV4nYc9B", "Zr8KqW2mTx7LpV4nYc9B"),
        ("ключ шифрования: Zr8KqW2mTx7LpV4nYc9B", "Zr8KqW2mTx7LpV4nYc9B"),
    ],
)
def test_intl_key_and_password_labels_still_label_secrets(text: str, value: str) -> None:
    assert _covered(text, value), _spans(text)


@pytest.mark.parametrize(
    "text",
    [
        "curl -u abcdefghij1234567890:'X' https://api.example.com",
        "curl --user Zr8KqW2mTx7LpV4nYc9B: https://api.example.com",
    ],
)
def test_curl_with_an_api_key_as_its_user_is_redacted(text: str) -> None:
    key = text.split()[2].split(":")[0]
    assert _covered(text, key), _spans(text)


def test_curl_with_a_named_user_and_no_password_is_kept() -> None:
    assert _spans("curl -u my-long-username-here: https://x.io") == []
