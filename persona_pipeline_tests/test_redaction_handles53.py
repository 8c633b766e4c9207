"""Logins with dots (GitLab's and Slack's `first.last`) and the author heading a comment in an
exported review or chat thread (a held-out history kept `@<first>.<last><digit>` handles of a
pasted merge-request review). Values are this file's own."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor

R = Redactor(b"h" * 32)


def _red(text: str) -> str:
    out = R.redact(text)
    assert out is not None
    return out.text


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("- @tuulikki.rahkonen2 [unresolved] (api/routes.py:41): split this handler", "tuulikki.rahkonen2"),
        ("@oskar.lindqvist commented:\nthe migration needs a down step", "oskar.lindqvist"),
        ("> @maribel.quispe wrote:\n> can we keep the old endpoint?", "maribel.quispe"),
        ("cc @dagny.haugen for the schema change", "dagny.haugen"),
        ("reviewed by @emeka.obi_dev, thanks", "emeka.obi_dev"),
        ("* @ravi.k.menon approved this merge request", "ravi.k.menon"),
        ("ping @luz-marina.ochoa when the build is green", "luz-marina.ochoa"),
        ("cc @dagny.haugen, @ignacio.ferreyra and @wanjiru.kamau", "wanjiru.kamau"),
        ("- @tuulikki.rahkonen2 [resolved]\n  @oskar.lindqvist2: can we keep both?", "oskar.lindqvist2"),
    ],
)
def test_dotted_logins_in_a_mention_or_as_a_threads_author_are_redacted(text: str, login: str) -> None:
    out = _red(text)
    assert login not in out and "[REDACTED:handle:" in out
    assert _red(out) == out


@pytest.mark.parametrize(
    "text",
    [
        "see @types/node and @angular.core for the typings",  # no cue: a package scope, a module
        "thanks to @vue.js and @socket.io for the examples",  # a dotted name ending in a site's suffix
        "@timestamp: 2026-03-02T10:00:00Z",  # a log record's field
        "  @version: 3",  # an undotted field at a line's head
        '@app.route("/health")\ndef health(): ...',  # a decorator
        "@Override\npublic String toString()",  # an annotation
        "- @babel/core [dev dependency]",  # a package at a list item's head
        "@media screen and (max-width: 600px) [data-theme] {}",  # an at-rule
        "- @latest [tag]",  # a version tag
        "the tool wrote: @config.yaml [loaded]",  # not at the head of its line
        "cc @hypothesis.given\ndef test_roundtrip(x): ...",  # a decorator after a cue, over what it decorates
        "thanks @functools.cache\n    async def load(self): ...",
    ],
)
def test_code_and_package_tokens_stay(text: str) -> None:
    assert _red(text) == text


def test_a_long_run_of_dotted_mentions_stays_linear() -> None:
    import time

    text = "cc " + " ".join(f"@ann{i}.bee{i}.cat{i}" for i in range(20_000)) + "\n" + "- @x.y " * 20_000
    t0 = time.process_time()
    out = _red(text)
    assert "@ann0.bee0.cat0" not in out  # the cue's run of mentions
    assert time.process_time() - t0 < 30
