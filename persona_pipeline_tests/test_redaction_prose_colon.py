"""A generated value after a sentence's colon stands alone (generated_tokens._labelled): no key
names it, so the label rules never judge it; a key's own colon still leaves its value to them."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.generated_tokens import _labelled
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import redacted


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("dug this out of the shared drive: OfBe4UTJlVlDV0oJKCNt1F1R", "OfBe4UTJlVlDV0oJKCNt1F1R"),
        ("Someone left it in the README:  tgBrOTGlNotirsivyk08kK8xspTb5B5m", "tgBrOTGlNotirsivyk08kK8xspTb5B5m"),
        (
            'msg = "copied from the old server: hheM0EAf2ebzsvVYUi4kO042ZTjpQxpsqDokS82b"',
            "hheM0EAf2ebzsvVYUi4kO042ZTjpQxpsqDokS82b",
        ),
    ],
)
def test_value_after_a_sentence_colon(text: str, value: str, redactor: Redactor) -> None:
    assert value not in redacted(redactor, text)


@pytest.mark.parametrize(
    "before",
    ["  image:", 'settings = {"build":', "- name: ", "a=1 b:", "x: ", "digest = ", "'kind: Secret\\n    token: "],
)
def test_a_key_still_labels(before: str) -> None:
    assert _labelled(before)


@pytest.mark.parametrize("before", ["the value I tried yesterday: ", "Someone pasted this:  "])
def test_a_sentence_does_not(before: str) -> None:
    assert not _labelled(before)


@pytest.mark.parametrize(
    "text",
    [
        # public by grammar or by the word before: ids, digests, identifiers, versions
        "the failing request id: OfBe4UTJlVlDV0oJKCNt1F1R",
        "the class that breaks: HttpClientConnectionManagerFactory2",
        "pinned the image to this digest: sha256-tgBrOTGlNotirsivyk08kK8xspTb5B5m",
        "upgraded the package to version: 4.12.0-rc.3+build.20261205",
        "the commit that did it: 9f2c4e1b7a3d5f60c8e2b4a6d1f3e5c7b9a0d2f4",
        "the order number: 2026120500018834 and the build: 40917",
    ],
)
def test_developer_text_stays(text: str, redactor: Redactor) -> None:
    assert redacted(redactor, text) == text
