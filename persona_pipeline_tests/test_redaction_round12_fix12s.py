"""fix12s: the format detectors tune12s added (prose key words, hook URLs) held to the policies the
key/value rules already apply, so earlier rounds keep their figures (own values, shapes of our own).
Each test fails on tune12s."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import redacted
from persona_pipeline_tests.timing import assert_linear

_VALUE = "Rw7Kq2Zm9Xt4Lp6Vn"  # a generated-looking value of our own
_TAG = "[svc/web-4f8a2c-qq7rt/web]"  # a log line's source tag: a path with a generated suffix


@pytest.fixture(scope="module")
def red() -> Redactor:
    return Redactor(b"f" * 32)


@pytest.mark.parametrize(
    "line",
    [
        f"{_TAG} la clave {_VALUE} sigue fallando",  # a word between the tag and the label
        f"{_TAG} nøkkel {_VALUE} virker ikke",  # the tag and the value both right beside the label
        f"{_TAG} rifiutata: parola {_VALUE} scaduta",  # the tag a word before the label, the value after
        f"{_TAG} HINT:  Key (sku)=(A-77) is taken",  # a clause ends between the tag and the word
    ],
)
def test_a_label_names_the_nearest_value(red: Redactor, line: str) -> None:
    """A key word names one value, the nearest (at equal distance the one after it): the tag
    before it stays, on the first pass and on the second (where the value is a placeholder)."""
    # batch the line with others: a value found once is redacted wherever it recurs
    out = redacted(red, f"{line}\n{_TAG} starting worker\n")
    assert _TAG in out and _VALUE not in out, out


def test_a_value_before_its_label_alone_is_still_named(red: Redactor) -> None:
    # (a guard: the nearest-value rule keeps the head-final reading when no value follows)
    out = redacted(red, f"{_VALUE} anahtarını sildim")
    assert _VALUE not in out, out


def test_a_spaced_assignment_is_no_prose_label(red: Redactor) -> None:
    text = f"{_TAG} token = {{{{ vault_lookup('ci/deploy') }}}}"
    assert redacted(red, text) == text
    secret = redacted(red, f"{_TAG} token = {_VALUE}")
    assert _TAG in secret and _VALUE not in secret, secret


@pytest.mark.parametrize(
    "text",
    [
        "the signify public key 7C3A91F0E25B44D8 ships in the repo",  # a public key's id
        "FIPS 197 appendix C.3 key 8f2e4a61c09b3d75e1a2f4c6b8d0e2f4",  # a standard's test data
        "la clave wJa7EXAMPLEq93Kd0LmZ4 va en la doc",  # a documentation example
    ],
)
def test_public_and_example_values_beside_a_key_word(red: Redactor, text: str) -> None:
    assert redacted(red, text) == text


@pytest.mark.parametrize(
    "text",
    [
        "our deploy key 7C3A91F0E25B44D8 was leaked",  # hex right beside the word
        "la clave 8f2e4a61c09b3d75e1a2f4c6b8d0e2f4 va en la doc",  # no standard cited
    ],
)
def test_secret_values_of_the_same_shapes_stay_redacted(red: Redactor, text: str) -> None:
    # (guards: the vetoes above read the words and the line, never the shape alone)
    value = next(w for w in text.split() if len(w) >= 16)
    assert value not in redacted(red, text)


def test_an_escaped_word_is_no_value(red: Redactor) -> None:
    # (a JSON string's \\u escapes: the decoded view reads the word, and the value beside it)
    text = '{"note": "kulcs ' + _VALUE + ' \\u00e9rv\\u00e9nytelen lett"}'
    out = redacted(red, text)
    assert "\\u00e9rv\\u00e9nytelen" in out and _VALUE not in out, out


def test_hook_url_template_is_no_secret(red: Redactor) -> None:
    template = "POST to https://hooks.chat.example.org/services/Q00000000/W00000000/zzzzzzzzzzzzzzzzzzzz"
    assert redacted(red, template) == template
    real = "POST to https://hooks.chat.example.org/services/Q7H2KD91A/W9XKE21PQ/aQ4mZ8pL2vN6rT1yX3cB5dF7"
    out = redacted(red, real)
    assert "aQ4mZ8pL" not in out and "Q7H2KD91A" not in out, out


# (the review of tune12s: its findings 1 to 3, with values and sentences of our own)


def test_a_value_after_a_doubly_escaped_line_end(red: Redactor) -> None:
    """A label ending an escaped line (`X=\\\\n` inside a JSON string: no view decodes it twice):
    the value on the next line is still the label's; a next line opening with its own label is not."""
    secret = redacted(red, '{"run": "printf SMTP_PASSWORD=\\\\nHv4Tq9Lw2Zk7Rm3Xp >> vars"}')
    assert "Hv4Tq9Lw2Zk7Rm3Xp" not in secret, secret
    labelled = '{"log": "Recovery Password:\\\\n Slot: {4D1A9B2C-77E0-4F3A-9C8B-2E6D5A4F1B09}"}'
    assert redacted(red, labelled) == labelled


@pytest.mark.parametrize(
    "text",
    [
        "Claude reran job_8Hq3Zt5Wm2Kx7Lp",  # `clau` (Catalan) is no stem for Claude
        "per clause Tn6Wq2Zp8Lk4Xm9Hr of the contract",  # nor for clause
        "make clean 3Kd8Wq2Zn5Tx7Lm9",  # `cle` nor for clean
        "voting block Qz4Lm8Wn2Xk6Tp3R results",  # `voti` nor for voting
        "d41c8e7f90a2b3c5d6e7f8091a2b3c4d5e6f7a8b key changes: split the parser",  # a commit's digest
        "foreign key 7a9e1c3d5f70812a4b6c8d9e",  # a data key
        "bucket object key exports/2025/4f1e9a0b7c3d2e5f.csv",  # an object's path
        "the cache key v3-Lm8Wn2Xk6Tp3RQz4",  # a lookup key
        "their public key Ab3dQz4Lm8Wn2Xk6Tp3RHv9= can be shared",  # a key pair's public half
        "Node(NodeKind.IDENT_LIST, key)",  # code: a call, no prose
    ],
)
def test_prose_key_word_collisions(red: Redactor, text: str) -> None:
    assert redacted(red, text) == text


@pytest.mark.parametrize(
    "text",
    [
        "hook https://code.example.org/ops/deploy/commit/0d9c8b7a6f5e4d3c2b1a09f8e7d6c5b4a3f2e1d0",
        "pip install https://pkgs.example.org/deploy/lib-2.0.1-py3-none-any.whl#sha256=0d9c8b7a6f5e4d3c2b1a",
        "https://ci.example.org/triggers/nightly-export-2025-01-31",
        "https://images.example.org/r/team/deploy/tags?name=sha-0d9c8b7",
    ],
)
def test_hook_words_in_ordinary_paths(red: Redactor, text: str) -> None:
    assert redacted(red, text) == text


@pytest.mark.parametrize(
    ("url", "secret"),
    [
        ("https://im.example.cn/cgi-bin/webhook/send?key=5c2e7a90-1b3d-4f6e-8a9c-0d2e4f6a8b1c", "5c2e7a90"),
        ("https://api.example.com/v4/pages/webhooks/deploy_hooks/5c2e7a90-1b3d-4f6e-8a9c-0d2e4f6a8b1c", "0d2e4f6a"),
        ("https://api.example.org/deploy/srv-k3m9q2w8e5r1?key=Tq8Wm3Zk5Lp2Xn7", "Tq8Wm3Zk"),
    ],
)
def test_hook_urls_of_the_same_shapes_stay_redacted(red: Redactor, url: str, secret: str) -> None:
    assert secret not in redacted(red, f"curl -X POST {url}")


def test_base64_of_a_word_pair_is_no_credential(red: Redactor) -> None:
    import base64

    for raw in (b"Caveat:remember!", b"HACK:workaround", b"crc32:8f3a2c1d9e0b"):
        text = f"blob {base64.b64encode(raw).decode()} end"
        assert redacted(red, text) == text, raw
    real = base64.b64encode(b"svc-reader:Wm4Tq8Zk2Lp").decode()
    assert real not in redacted(red, f"blob {real} end")


@pytest.mark.parametrize(
    "text",
    [
        "clave " * 34000,  # a label word everywhere: every window merges
        "Hv4Tq9Lw2Zk7Rm3Xp nøkkel " * 8000,  # a value beside every label
        "https://ops.example.org/hooks/" + "k3m9q2w8/" * 21000,  # one long hook path
    ],
)
def test_long_inputs_stay_linear(red: Redactor, text: str) -> None:
    # 4x the text costs about 4x the time (a quadratic scan would cost 16x)
    assert_linear(red.redact, lambda n: text[:n], 200_000)
