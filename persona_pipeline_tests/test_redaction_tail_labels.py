"""A key's label closing a line of prose and the key alone at the start of the next line (issue 17).

Found on a real person's history (held-out people, session 52): a prompt that ends its line with
"… next step. API key" (in Russian) and pastes the key under it, or "the maps key #1" with the key on
the next line before more text, kept the key in the warehouse; the same label alone on its line, or
followed by a colon, was read. Values and wording here are our own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear

C = Checks(Redactor(b"q" * 32))

_KEY = "live_Wd3kR8pZ_q2Lx7Tn4Vb9Hs1Jc6Mf0Ga5Ye-Ku8Pi_3Qo"
_UUID = "7e2b9c41-5d8a-4f3e-b1c6-0a9d8e7f6b52"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"ок, переходим к шагу 3. Ключ API\n{_KEY}\nдокументация по ссылке", _KEY),
        (f"Done with the schema. Secret key\n{_KEY}", _KEY),
        (f"got the geocoder key #2\n{_UUID}. Let's wire it in", _UUID),
        (f"voici la clé d'API\n{_UUID}", _UUID),
        (f"> the staging token\n> {_KEY}", _KEY),
        ("and the db password\nT7w-Kq2z9Lp", "T7w-Kq2z9Lp"),
    ],
)
def test_a_key_under_the_label_closing_the_line_above_is_redacted(text: str, value: str) -> None:
    assert C.covered(text, value), C.spans(text)
    C.redacted(text)  # idempotent


@pytest.mark.parametrize(
    "text",
    [
        f"the trace id of the failed request\n{_UUID}",  # an id is no key
        "I bumped the version\nv3.18.2-rc4 is tagged",
        "see the commit\n9b1e4d7a2c3f is the one that broke it",
        "run the tests again\npytest -k test_loader_v3",
        "the nightly build number\n20251103 was green",
        "the file is here\nsrc/app/main_v2.py",
        "api key\nAPI_KEY_PLACEHOLDER",  # no digit: a placeholder, not a value
        # a field's words are its value, no label of the next line (minisign's signature file header)
        "untrusted comment: signature from minisign secret key\n"
        "RWQf6LRCGA9i59SLOFxz6NxvASXDJeRtuZykwQepbDEGt87ig1BNpWaVWuNrm73YiIiJbq71Wi+dP9eKL8OC351vwIasSSbXxwA=",
    ],
)
def test_other_values_under_a_line_stay(text: str) -> None:
    C.kept(text)


@pytest.mark.parametrize(
    ("build", "n"),
    [
        (lambda n: "then the api key\nab12cd34ef56\n" * n, 6_000),
        (lambda n: "word " * n + "key\n" + "x1" * n, 40_000),  # one very long line, one long next line
        (lambda n: "a b c d e f g key\n" * n, 8_000),  # label lines with no value under them
    ],
)
def test_tail_label_scan_is_linear(build: Callable[[int], str], n: int) -> None:
    from persona_pipeline.core.evidence.redaction.label_links import detect_pairs, linked_label_spans

    assert_linear(lambda text: linked_label_spans(text, detect_pairs), build, n)
