"""Vendor tokens found by their documented prefixes alone (secrets._OWN_RULES), with no label."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import redacted


@pytest.mark.parametrize(
    "value",
    [
        "lin_oauth_28abc70e91efa4c9c665284cb0f07586926f223d39fcec500401863fae3b3141",
        "dckr_oat_nrb44Ds0EXR_ox-EVybB6X22ErphBWaf",
        "PMAK-c0eecb0aba9abfef34d1fd63-22b239745856a143af6fe397e005f15b89",
        "PMAT-J7ERUWHHVHHGTO6NEVSUYCEVJG",
        "dose128679b7706ab6151137259adf6342c7",
        "dp.sa.q8UPktsn3NKi3YqHh7wkMz0OmdOpEQUjCytzTGvE5Zr",
        "dp.ct.cdZ3wEQQL4RTPTN52DZeocgWf1RfyMuLTLa21e2t",
        "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",
    ],
)
@pytest.mark.parametrize(
    "frame",
    ["the old one from the runbook: {v}", "[code]{v}[/code]", "    {v}\n", "x = '{v}'"],
)
def test_prefixed_tokens_alone(value: str, frame: str, redactor: Redactor) -> None:
    out = redacted(redactor, frame.format(v=value))
    assert value[8:24] not in out and "[REDACTED:" in out


@pytest.mark.parametrize(
    "text",
    [
        "the dose was 500 mg, dosed twice; see dosedb.py and dose_response_curve()",
        "run dp.ct.yaml through the linter; dp.st.apply(df) returns a frame",
        "PMAT-123 is the Jira key and PMAK-docs the wiki page",
        "lin_oauth_client.py and dckr_oat_helper are module names",
        "nvapi-python 0.4.1 is the client package",
        "commit dosefacade0 and sha 128679b7706ab6151137259adf6342c7",
    ],
)
def test_developer_text_stays(text: str, redactor: Redactor) -> None:
    assert redacted(redactor, text) == text


@pytest.mark.parametrize(
    ("text", "user"),
    [
        (
            'curl -u "rdelacroix:dose5b1e0c7f93a24d68e0b1c2d3e4f5a6b7" https://adb-7.example.net/oidc/v1/token',
            "rdelacroix",
        ),
        ("curl -sS -u tkimura:dose5b1e0c7f93a24d68e0b1c2d3e4f5a6b7 https://dbc-42.example.com/api", "tkimura"),
        (
            "curl --user 'ci-exporter:lin_oauth_9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0' "
            "https://api.example.org/graphql",
            "ci-exporter",
        ),
        ("curl -u hwalsh:ghp_Q2w8Er5Ty7Ui9Op1As3Df6Gh4Jk0Lz2Xc5Vb https://api.github.com/user", "hwalsh"),
    ],
)
def test_basic_auth_user_before_a_prefixed_token(text: str, user: str, redactor: Redactor) -> None:
    # the option's whole `user:password` is the credential, whichever rule knows the password
    out = redacted(redactor, text)
    assert user not in out and "[REDACTED:" in out
