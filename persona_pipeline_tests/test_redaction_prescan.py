"""The personal-data modules' shared gate search (issue 17's throughput): it only skips work.

Each module's spans with the shared search must equal its spans with every gate forced open, on
texts holding each member's shape, none, or several; a module registered after a text was asked
about is never skipped for it; the base58 length bound agrees with the decode itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from persona_pipeline.core.evidence.redaction import device_ids, handles, immigration_ids, prescan, wallets
from persona_pipeline.core.evidence.redaction.matching import Rx, prepare
from persona_pipeline.core.evidence.redaction.wallets import _B58, _b58decode, b58_decoded_range
from persona_pipeline_tests.timing import assert_linear

MODULES = (wallets.wallet_spans, device_ids.device_id_spans, immigration_ids.immigration_spans, handles.handle_spans)

# my own sentences, one or more gate shapes each (and some with none)
TEXTS = (
    "the fleet sheet lists vin 2HGFA16598H512345 for the grey hatchback",
    "imei of the spare handset: 358240051111110, please log it",
    "serial pair 35-209900-176148-1 came back from the repair desk",
    "Aufenthaltstitel Nr. X7Y82K9P1 liegt bei der Behörde",
    "receipt no: IOE0915034712 arrived by post today",
    "tips jar 0x52908400098527886E0F7030069857D2E4169EE7 (thanks!)",
    "route traffic through 10.1.2.3 and restart the worker",
    "nothing personal here, only a refactor of the parser",
    "chassis WDB1240821A123456 and imei 490154203237518 on one invoice",
    "def run():\n    return visa_number  # VISA-REF 88311024 for the trip",
    "Ping @mariel on Signal about the deploy window",
    "",
)


def _spans(text: str) -> list[list[tuple[int, int, str]]]:
    p = prepare(text)
    return [sorted((s.start, s.end, s.kind) for s in fn(p)) for fn in MODULES]


@pytest.mark.parametrize("text", TEXTS)
def test_the_shared_search_changes_no_span(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    gated = _spans(text)
    monkeypatch.setattr(prescan, "any_open", lambda _t: True)
    assert gated == _spans(text)


def test_the_gated_texts_still_find_their_values() -> None:
    # (the gate's own members cover every module that asks it: a missing one loses these)
    found = [_spans(t) for t in TEXTS[:6]]
    assert found[0][1] and found[1][1] and found[2][1]  # a VIN, a labelled IMEI, a grouped IMEI
    assert found[3][2] and found[4][2]  # a residence title, a USCIS receipt
    assert found[5][0]  # a labelled EVM address


def test_a_text_with_no_member_is_closed_and_one_with_a_member_open() -> None:
    assert not prescan.any_open(prepare("plain words and a 12-digit order id 123456789012"))
    assert prescan.any_open(prepare("my green card number follows"))
    assert prescan.any_open("plain str, not prepared: vehicle id below")


def test_a_member_added_after_a_text_was_asked_about_is_not_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prescan, "_PATTERNS", list(prescan._PATTERNS))
    monkeypatch.setattr(prescan, "_RX", None)
    p, s = prepare("a zebra crossing"), "another zebra"
    assert not prescan.any_open(p) and not prescan.any_open(s)
    prescan.member(r"zebra")
    assert prescan.any_open(p) and prescan.any_open(s)


def test_the_base58_length_bound_agrees_with_the_decode() -> None:
    r = random.Random(3)
    for _ in range(20_000):
        n = r.randint(1, 48)
        ones = min(n, r.choice((0, 0, 1, 2, 4)))
        s = "1" * ones + "".join(r.choice(_B58[1:]) for _ in range(n - ones))
        lo, hi = b58_decoded_range(s)
        assert lo <= len(_b58decode(s)) <= hi <= lo + 1  # (a bound, and a tight one: it skips decodes)


@pytest.mark.parametrize(
    ("build", "n"),
    [
        (lambda n: "imei" * n, 50_000),
        (lambda n: "0x" + "f" * n, 200_000),
        (lambda n: "vehicle-" * n, 25_000),
        (lambda n: "EAC" + "9" * n, 200_000),
        (lambda n: "aufenthalt " * n, 20_000),
        (lambda n: "12-345678-" * n, 20_000),
    ],
)
def test_the_shared_search_stays_linear(build: Callable[[int], str], n: int) -> None:
    def run(s: str) -> None:
        for fn in MODULES:
            list(fn(prepare(s)))

    assert_linear(run, build, n)


# fragments of my own to compose texts from: mention cues, owners-like paths, escaped line breaks,
# links, list keys and service words, with plain words and line breaks between them
_PIECES = (
    "cc ",
    "thanks to ",
    "hey ",
    "Author: ",
    "@lin_d",
    "@9q",
    "@ ",
    "@@",
    " on ",
    "on\t",
    "x",
    "docs/** ",
    "*.toml ",
    "src/app/ ",
    "\\n",
    "\\nlib/* ",
    "\n",
    "\n  ",
    "\t",
    "word ",
    "e-mail ",
    "GitLab",
    "githubUser",
    '"reviewers"',
    "Owners",
    "t.me/",
    "bsky.social",
    "@ab@c.d",
    "insta",
    "cash app",
    "ſignal",
    "KIK",
    "\u212aik",
    "aſſignees",
    "twitter.com/",
    "~",
    "(",
    "Handle",
)


def _composed(seed: int, n: int = 400) -> list[str]:
    r = random.Random(seed)
    return ["".join(r.choice(_PIECES) for _ in range(r.randint(1, 14))) for _ in range(n)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_line_bounded_mention_gate_equals_the_whole_text_search(seed: int) -> None:
    texts = _composed(seed)
    gated = [handles._mention_gate(t) for t in texts]
    assert gated == [handles._MENTION_GATE.search(t) is not None for t in texts]
    assert any(gated) and not all(gated)  # (both answers reached)


# the scan as it was, its three kinds as capture groups
_GROUPED_SCAN = Rx(
    rf"({handles._LINK})|((?i:reviewers|assignees|maintainers|owners))|((?i:{handles._SERVICES}|handle|cashtag|vpa))"
)


@pytest.mark.parametrize("seed", [4, 5])
def test_the_ungrouped_scan_tells_its_kinds_as_the_groups_did(seed: int) -> None:
    kinds = set()
    for t in _composed(seed) + [prepare(t) for t in _composed(seed + 10)]:
        want = [(next(i for i in (1, 2, 3) if g[i][0] >= 0) - 1, g[0]) for g in _GROUPED_SCAN.finditer(t)]
        got = [(handles._scan_kind(t, s, e), (s, e)) for ((s, e),) in handles._SCAN.finditer(t)]
        assert got == want
        kinds.update(k for k, _ in got)
    assert kinds == {0, 1, 2}


@pytest.mark.parametrize(
    ("build", "n"),
    [
        (lambda n: "@q " * n, 70_000),  # one long line of `@`s, no cue: every `@` on one line, searched once
        (lambda n: "@\n" * n, 100_000),  # a line per `@`
        (lambda n: "ping " + "x" * n + " @z", 200_000),  # a cue far before its `@`
        (lambda n: "src/*" + "a" * n + " @z", 200_000),  # an owners-like path run, its `@` at the end
        (lambda n: "\\n" * n + "@", 100_000),  # escaped line breaks
        (lambda n: "github" * n, 35_000),  # service words glued into one token
    ],
)
def test_the_handle_scans_stay_linear_on_200kb(build: Callable[[int], str], n: int) -> None:
    assert_linear(lambda text: list(handles.handle_spans(prepare(text))), build, n)
