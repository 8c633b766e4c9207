"""The redactor: every supported type caught, look-alikes kept, idempotent, fail-closed."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline.core.evidence.redaction.spans import PLACEHOLDER_RE

KEY = b"k" * 32
R = Redactor(KEY, [("alice", "user_name"), ("alice.smith@corp-mail.io", "email")])

SECRETS = {
    "aws_access_key": "export AWS_ACCESS_KEY_ID=AKIAZ7QK3M2PLR6VWX4T",
    "aws_secret_key": 'aws_secret_access_key = "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"',
    "github_pat": "token ghp_RIBXuDL7DxtpYlSXpfKtHF4vUCsMehGAkWvj works",
    "openai_key": "OPENAI_API_KEY=sk-proj-x1fjORS_6ilI8ihN5KXSc7Tvo_hBKqFYY_kv5ZJr3J1TWDtkT3BlbkFJwtDDb-xHKas1VOq",
    "anthropic_key": "key sk-ant-api03-" + "a1B2c3D4e5" * 9 + "AA",
    "slack_token": "xoxb-123456789012-1234567890123-abcdefghijklmnopqrstuvwx",
    "stripe_key": "sk_live_h2FDEEtfjgVvVqE1SkHbn88H",
    "jwt": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
    "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "private_key": "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx7\nabcDEF==\n-----END RSA PRIVATE KEY-----",
    "url_password": "postgres://ledger:Tr1ckyPass42@db.internal:5432/ledger",
    "env_secret": "DJANGO_SECRET_KEY='django-insecure-k5np8y=tl0h!haa#r!szj_n1+c4*%(atiiz6l5'",
    "bearer": 'curl -H "Authorization: Bearer 8nsU7CRxPNWJpNyIJ7cPVErOMrgxwLwHNf19nWLBD"',
}
SECRET_VALUES = {
    "aws_access_key": "AKIAZ7QK3M2PLR6VWX4T",
    "aws_secret_key": "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",
    "github_pat": "ghp_RIBXuDL7DxtpYlSXpfKtHF4vUCsMehGAkWvj",
    "openai_key": "T3BlbkFJwtDDb",
    "anthropic_key": "a1B2c3D4e5a1B2",
    "slack_token": "abcdefghijklmnopqrstuvwx",
    "stripe_key": "h2FDEEtfjgVvVqE1SkHbn88H",
    "jwt": "dozjgNryP4J3jVmNHl0w5N",
    "private_key": "MIIEowIBAAKCAQEAx7",
    "url_password": "Tr1ckyPass42",
    "env_secret": "k5np8y=tl0h",
    "bearer": "8nsU7CRxPNWJpNyIJ7cPVErOMrgxw",
}
PII = {
    "email": ("mail priya.natarajan@ledgerly.io now", "priya.natarajan@ledgerly.io"),
    "phone": ("call +1 415-738-2291 or", "738-2291"),
    "phone_intl": ("mobile +44 7700 900513.", "7700 900513"),
    "credit_card": ("card 4539 1488 0343 6467 declined", "0343 6467"),
    "ip_address": ("ssh ubuntu@89.254.181.231", "89.254.181.231"),
    "ssn": ("ssn 123-45-6789", "123-45-6789"),
    "home_user": ("File /Users/jdoe/code/app.py", "jdoe"),
    "home_user_win": ("PS C:\\Users\\jdoe\\repos>", "jdoe"),
    "person_name": ("ping Heather Smith about it", "Heather Smith"),
    "known_identifier": ("ask alice or Alice.Smith@corp-mail.io", "alice"),
}
LOOKALIKES = [
    "AKIAIOSFODNN7EXAMPLE is the AWS docs key",
    "user@example.com and noreply@anthropic.com and git@github.com:acme/widgets.git",
    "@dataclass\nclass Settings: pass",
    "version 1.2.3.4 and upgraded from 5.12.3.201 to 5.13.0",
    "req=3f2b1c9e-4d5a-4b6c-8d7e-9f0a1b2c3d4e trace_id=4bf92f3577b34da6a3ce929d0e0e4736",
    "card = 4242424242424242  # stripe test card",
    "upstream 10.0.3.4:5432 connected; 192.168.1.20; 127.0.0.1",
    "user_id=1234567890 ts=1712345678901",
    'api_key = os.environ["OPENAI_API_KEY"]; token = os.getenv("GITHUB_TOKEN")',
    "password: ${DB_PASSWORD} and OPENAI_API_KEY=<your-api-key>",
    "ls /home/runner/work and /Users/Shared",
    "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    'secret_name = "prod/orders/db"',
    "tool_use id=toolu_01oFRivaa3kXvJ0kEYTTF8WI message=msg_01xIjghHnx1sK1Wo02vq9ot9",
]


@pytest.mark.parametrize("name", sorted(SECRETS))
def test_secrets_are_replaced_by_typed_placeholders(name: str) -> None:
    out = R.redact(SECRETS[name])
    assert out is not None
    assert SECRET_VALUES[name] not in out.text
    assert PLACEHOLDER_RE.search(out.text)
    assert sum(out.counts.values()) >= 1


@pytest.mark.parametrize("name", sorted(PII))
def test_pii_is_replaced(name: str) -> None:
    text, value = PII[name]
    out = R.redact(text)
    assert out is not None
    assert value.lower() not in out.text.lower(), out.text


@pytest.mark.parametrize("text", LOOKALIKES)
def test_lookalikes_survive(text: str) -> None:
    out = R.redact(text)
    assert out is not None and out.text == text, out.text


def test_placeholder_is_stable_keyed_and_not_reversible() -> None:
    a = R.redact("ghp_RIBXuDL7DxtpYlSXpfKtHF4vUCsMehGAkWvj")
    b = R.redact("again: ghp_RIBXuDL7DxtpYlSXpfKtHF4vUCsMehGAkWvj")
    other_key = Redactor(b"z" * 32).redact("ghp_RIBXuDL7DxtpYlSXpfKtHF4vUCsMehGAkWvj")
    assert a is not None and b is not None and other_key is not None
    ph = re.findall(r"\[REDACTED:github_pat:[0-9a-f]{8}\]", a.text)
    assert ph and ph[0] in b.text and ph[0] not in other_key.text


def test_secret_split_across_batch_chunks_is_still_found() -> None:
    filler = ["x" * 7_990] * 3
    texts = [*filler, "my key is ghp_RIBXuDL7DxtpYlSXpfKtHF4vUCsMehGAkWvj ok"]
    out = R.redact_many(texts)
    assert out[-1] is not None and "ghp_RIB" not in out[-1].text


def test_long_single_text_is_fully_scanned() -> None:
    text = ("log line " * 3000) + "AKIAZ7QK3M2PLR6VWX4T" + (" more" * 3000)
    out = R.redact(text)
    assert out is not None and "AKIAZ7QK3M2PLR6VWX4T" not in out.text


def test_failed_redaction_drops_the_field() -> None:
    class Broken(Redactor):
        def _finish(self, text, pii_spans, found):  # type: ignore[override]
            raise RuntimeError("detector crashed on this field")

    assert Broken(KEY).redact_many(["AKIAZ7QK3M2PLR6VWX4T", "ok"]) == [None, None]


def test_redaction_is_idempotent_on_real_mixtures() -> None:
    mixture = "\n".join([*SECRETS.values(), *(t for t, _ in PII.values()), *LOOKALIKES])
    once = R.redact(mixture)
    assert once is not None
    twice = R.redact(once.text)
    assert twice is not None and twice.text == once.text and twice.counts == {}


_TOKENS = ["ghp_", "AKIA", "sk-", "password=", "://u:", "[REDACTED:email:0123abcd]", "+1 415 ", "eyJ"]
_alphabet = st.sampled_from([*"abcXYZ019 _-=:/@.\n'\"", *_TOKENS])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_alphabet, max_size=60).map("".join))
def test_property_idempotent_and_placeholders_never_redetected(text: str) -> None:
    once = R.redact(text)
    assert once is not None
    twice = R.redact(once.text)
    assert twice is not None and twice.text == once.text
    # existing placeholders pass through untouched
    for m in PLACEHOLDER_RE.finditer(text):
        assert m.group(0) in once.text


def test_a_searcher_finds_what_finditer_finds_from_each_position() -> None:
    """`Rx.searcher`: the first match from a position, with the text before it as context (`\\b`,
    `^`), on the fold's C call and on its Python fallback alike; `(-1, -1)` without one."""
    from persona_pipeline.core.evidence.redaction.matching import Rx, prepare

    rx = Rx(r"(?m)(?:^|\b)(to(ken))=")
    fallback = Rx(rx.pattern)
    fallback._match = None  # (a binding without the C call)
    for text in ("token=a xtoken=b a.token=c\ntoken=", "caf\u00e9 token=\u00e9", "none here", ""):
        for r in (rx, fallback):
            search = r.searcher(prepare(text))
            for pos in range(len(text) + 1):
                expected = next(r.finditer(text, pos), None)
                got = tuple(search(pos, len(text)))
                assert got == expected if expected is not None else got[0] == (-1, -1), (text, pos)


def test_own_rules_over_a_batch_find_what_they_find_text_by_text() -> None:
    """`own_rule_spans_many` runs rule by rule over the batch: each text's spans, in order, are
    those `own_rule_spans` finds in it alone."""
    from persona_pipeline.core.evidence.redaction import secrets

    texts = [*SECRETS.values(), *(t for t, _ in PII.values()), *LOOKALIKES]
    # (duplicates, and texts with no fold: a long s and a KELVIN SIGN beside a key)
    texts += [texts[0], texts[-1], "\u017f token=Zq8pW2rT6yU1xAb", "pa\u017fsword=Zq8pW2rT6yU1xAb \u212aEY=x", texts[0]]
    alone = [secrets.own_rule_spans(t) for t in texts]
    assert any(alone)
    assert secrets.own_rule_spans_many(texts) == alone
    assert secrets.own_rule_spans_many(texts[::-1]) == alone[::-1]


def test_loosened_rule_set_never_hides_a_rule() -> None:
    """The secret rules' gate Set runs loosened patterns (counted repetitions opened): it may
    open a rule that then finds nothing, never close one that matches."""
    import re2

    from persona_pipeline.core.evidence.redaction import secrets
    from persona_pipeline.core.evidence.redaction.matching import loosened

    assert loosened(r"a{2,5}[{}]{3}\{1,2\}x{0,64}?") == r"a+[{}]+\{1,2\}x*"
    texts = [*SECRETS.values(), *(t for t, _ in PII.values()), *LOOKALIKES]
    rules = [re2.compile(pat) for _, pat, _, _ in secrets._OWN_RULES]  # (once: re2.search recompiles)
    for text in texts:
        gates = secrets._RULE_SET.matching(text)
        assert gates is not None
        for i, rule in enumerate(rules):
            if rule.search(text) is not None:
                assert i in gates, (rule.pattern, text)
