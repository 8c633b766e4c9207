"""Look-alikes from real code and docs (bench/redaction_wild.py), each beside a real secret or
address of the same shape that must still be redacted (issue 17)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor

R = Redactor(b"k" * 32)


def _kinds(text: str) -> list[str]:
    spans = R.spans_many([text])[0]
    assert spans is not None
    return [s.kind for s in spans]


@pytest.mark.parametrize(
    "text",
    [
        # a name bound to itself: a parameter stored on the object, a re-export of a module's name
        "        self.startToken = startToken\n        self.offendingToken = offendingToken\n",
        "        RegOpenKeyEx = win32api.RegOpenKeyEx\n        RegEnumKey = win32api.RegEnumKey\n",
        "    api_token = settings.api_token\n",
        # code after a loose `key`: a subscripted type, a call on the key, a dotted constant
        "    key: Callable[[T], Awaitable[R]],\n",
        "        if not key or not _COOKIE_NAME_RE.match(key):\n",
        "        if key not in (0, _overlapped.INVALID_HANDLE_VALUE):\n",
        "            if not key or len(base64.b64decode(key)) != 16:\n",
        # a type annotation's type: a union or a default after it
        "    token: EventLoopToken | None = None,\n",
        "        token: EventLoopToken = threadlocals.current_token\n",
        # a value the same text uses as a code name (a list of exported names; a private constant)
        '__all__ = (\n    "EventLoopToken",\n    "RunVar",\n    "current_token",\n)\n\n\nclass RunVar(Generic[T]):\n',
        "        if token._value is _NoValueSet.NO_VALUE_SET:\n",
        # the name of a token's field (a paginator's JSON), a lookup by name, a private constant
        '{"input_token": "nextToken", "output_token": "NextToken", "limit_key": "maxResults"}\n',
        "            'account_id': creds.get('AccountId'),\n",
        "        'ec2_credential_refresh_window': _DEFAULT_ADVISORY_REFRESH_TIMEOUT,\n",
        # a field's name under a bare `key` (acronyms and dotted paths too)
        '{"output_token": "NextToken",\n "result_key": "UseCaseSummaryList"}\n',
        '"result_key": "collaborationMLInputChannelsList"\n',
        "key: PublicKeyList.Items\n",
        # names in an expression
        "PseudoToken = Whitespace + group(PseudoExtras, Number)\nToken = Ignore + PlainToken\n",
        # a docstring's description of the parameter, naming a product
        "    Args:\n        api_key: Anthropic API key\n        access_token: GitLab personal/access token\n",
        '{"input_token": "NextMarker", "output_token": "nextMarker"}\n',
        # a quoted path to the field holding the token
        '"output_token": "DistributionList.NextMarker",\n',
        # a four-part number that numbers a document's section or names a release
        "# the HTML 5 spec, section 8.1.2.2, does not allow spaces\n",
        'According to the HTML5 specs sections "8.2.4.44" Bogus comment state\n',
        "Git 1.7.12.1 Release Notes\n==========================\n",
    ],
)
def test_code_and_doc_lookalikes_kept(text: str) -> None:
    assert _kinds(text) == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # the same assignments holding values: a generated run, a quoted literal, a multi-word
        # label whose value is no copy of the name
        ("        self.startToken = Xk29fLq81ZpWm3Rt\n", "env_secret"),
        ('        self.api_token = "Xk29fLq81ZpWm3"\n', "env_secret"),
        ("DB_PASSWORD=Tr1ckyPass42\n", "password"),
        # a person's chosen secret named in words, a generated value set through a method
        ('"client_secret": "MySecretWord"\n', "env_secret"),
        ('"password": "MyPassword"\n', "password"),
        ('API_TOKEN="Sunshine"\n', "env_secret"),
        ('client.setApiKey("Xk29fLq81ZpWm3Rt")\n', "api_key"),
        ('cfg.set("api_token", "Xk29fLq81ZpWm3Rt")\n', "env_secret"),
        ("API_TOKEN=_Xk29fLq81ZpWm3\n", "env_secret"),
        # a generated operand; a password before an operator
        ("API_TOKEN=Xk29fLq81ZpWm3 + x\n", "env_secret"),
        ("password = Sunshine + 1\n", "password"),
        # a generated key before a description; a password word before `token`; a new label after
        ("api_key: Xk29fLq81ZpWm3 API key for prod\n", "api_key"),
        ("password: Sunshine and token\n", "password"),
        ("API_TOKEN=Sunshine token: abc\n", "env_secret"),
        # camel-case words under a secret or password label (in any language)
        ('"client_secret": "CorrectHorse"\n', "env_secret"),
        ('"db_password": "CorrectHorse"\n', "password"),
        ('"passwort": "KorrektPferd"\n', "password"),
        # a password of dotted words; a token whose dotted parts are no words
        ('"password": "Hunter.Twofold"\n', "password"),
        ('"api_token": "Xk29f.LqZpWm3Rt.AbQ"\n', "env_secret"),
        # a generated run under a bare `key` or `auth` (single-letter humps)
        ("auth: xKqzRtLmWvBnPdFs\n", "env_secret"),
        ('"key": "kTzQmPwLrXvBnYcD"\n', "env_secret"),
        # a config's value with no union or default after it, or a pipe to a command
        ("password: SuperSecret\nuser: bob\n", "password"),
        ("password: SuperSecret | tee x\n", "password"),
        # a generated value the text passes around (an argument, a sentence's end), never as code
        ('put("api_token", "Xk29fLq81ZpWm3");\nlog(Xk29fLq81ZpWm3)\n', "env_secret"),
        ("DB_PASSWORD=Tr1ckyPass42\necho Tr1ckyPass42.\n", "password"),
        ("export API_TOKEN=Xk29f.Lq81ZpWm3\n", "env_secret"),
        # after a loose `key`: a generated value with a dot or bracket, a value with a number inside
        # brackets (no name inside), a plain generated run
        ("my api key: sk9Xq.Lm2Pz(Rt7Vw8\n", "api_key"),
        ("the key is Jq8vL2mXr9TzK4pN\n", "api_key"),
        ("the key is Secret[2024]\n", "api_key"),
        # the same four-part numbers where an address stands
        ("ssh root@3.12.4.200 to fix the section 2 config\n", "ip_address"),
        ("the server is at 3.12.4.200 now\n", "ip_address"),
        ("curl http://5.9.4.120:8080/release notes\n", "ip_address"),
    ],
)
def test_same_shapes_as_secrets_still_redacted(text: str, kind: str) -> None:
    assert kind in _kinds(text)


def test_found_word_not_redacted_inside_longer_names() -> None:
    """A letters-only value found under a label is redacted wherever it recurs on its own (bare,
    quoted, after a JSON escape), not where it is a word of a longer name."""
    out = R.redact_many(
        ["DB_PASSWORD=Sunshinez", 'x = "Sunshinez"; y = Sunshinez\\nSunshinez', "class PartialSunshinezError: pass"]
    )
    assert all(r is not None for r in out)
    texts = [r.text for r in out if r is not None]
    assert "Sunshinez" not in texts[0] and "Sunshinez" not in texts[1]
    assert texts[1].count("[REDACTED:password:") == 3
    assert texts[2] == "class PartialSunshinezError: pass"


def test_found_value_with_digits_still_redacted_when_glued() -> None:
    """A value with a digit or symbol is looked for anywhere, glued to a word too."""
    out = R.redact_many(["DB_PASSWORD=Tr1ckyPass42", "echo xTr1ckyPass42y"])
    assert out[1] is not None and "Tr1ckyPass42" not in out[1].text


def test_value_another_text_uses_as_code_name_not_shared() -> None:
    """A value labelled in one text that another text of the batch defines or reaches into as
    code is that name: not redacted where it is code. A value no text uses as code still is."""
    out = R.redact_many(["CLIENT_TOKEN=Credentialsz", "class Credentialsz:\n    pass\nx = Credentialsz"])
    assert out[1] is not None and out[1].text == "class Credentialsz:\n    pass\nx = Credentialsz"
    out = R.redact_many(["DB_PASSWORD=Sunshinez", "he said Sunshinez. Then Sunshinez, again"])
    assert out[1] is not None and "Sunshinez" not in out[1].text


def test_a_code_name_is_looked_for_only_beside_the_value() -> None:
    """`used_as_name` looks within `_NAME_REACH` of the value's own position, so a text of n labelled
    values costs n windows, not n whole-text scans (a 156 KB text of 4,000 labelled letters-only
    passwords took 15 s when each value scanned the whole text)."""
    from persona_pipeline.core.evidence.redaction import secrets

    value = "RunVarToken"
    near = f'token = "{value}"\nclass {value}:\n'
    assert secrets.used_as_name(near, value, near.index(value))
    far = f'token = "{value}"\n' + "x = 1\n" * (secrets._NAME_REACH // 6 + 10) + f"class {value}:\n"
    assert not secrets.used_as_name(far, value, far.index(value))
    assert secrets.used_as_name(far, value)  # (no position: the whole text)


def test_the_batch_name_check_has_a_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past its budget of characters the batch-level check is skipped: the values stay shared and
    are redacted wherever they recur (more redaction, never less, and linear time)."""
    from persona_pipeline.core.evidence.redaction import redactor

    texts = ["DB_PASSWORD=QwertyAsdfZxcvUiop", "again QwertyAsdfZxcvUiop", "class QwertyAsdfZxcvUiop:\n"]
    kept = Redactor(b"k" * 32).redact_many(texts)
    assert "QwertyAsdfZxcvUiop" in kept[1].text  # the third text uses it as a class name
    monkeypatch.setattr(redactor, "_NAME_CHECK_BUDGET", 0)
    over = Redactor(b"k" * 32).redact_many(texts)
    assert "QwertyAsdfZxcvUiop" not in over[1].text
