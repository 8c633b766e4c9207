"""Redaction never hangs on hostile input: texts dense with existing placeholders (redacting
redacted text), adversarial strings for the engine's patterns, and long machine-made noise.

Bounds are generous (a loaded machine must not make them flaky) but each one fails on the
quadratic code it guards: the ratio tests compare a size with four times it (linear ~4x,
quadratic ~16x), the absolute ones sit well under what the quadratic code took.
"""

from __future__ import annotations

import random
import re

from persona_pipeline.core.evidence.redaction.redactor import Redactor, _placeholder_words
from persona_pipeline.core.evidence.redaction.spans import protected_ranges
from persona_pipeline_tests.timing import assert_linear


def _placeholder_table(rows: int) -> str:
    """A pipe table whose every cell was redacted before (no ASCII space in it at all)."""
    r = random.Random(rows)
    kinds = ("ip_address", "street", "account_number")
    return "\n".join(
        "|" + "|".join(f"[REDACTED:{r.choice(kinds)}:{r.getrandbits(32):08x}]" for _ in range(3)) + "|"
        for _ in range(rows)
    )


def _words_by_definition(text: str, protected: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`_placeholder_words` as specified, one full search per placeholder (the reference)."""
    out: list[tuple[int, int]] = []
    for ps, pe in sorted(protected):
        start = max(text.rfind(c, 0, ps) for c in " \t\n\r\f\v") + 1
        m = re.compile(r"\s").search(text, pe)
        end = m.start() if m else len(text)
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def test_placeholder_words_match_their_definition() -> None:
    r = random.Random(7)
    pieces = ["[REDACTED:card:0badf00d]", "[REDACTED:zip]", " ", "\t", "\n", "\u00a0", "\u3000", "q", "=", "[", "]"]
    for _ in range(5000):
        text = "".join(r.choice(pieces) for _ in range(r.randint(0, 25)))
        protected = protected_ranges(text)
        assert _placeholder_words(text, protected) == _words_by_definition(text, protected), repr(text)
        # overlapping and out-of-order ranges too: the function sorts them itself
        ranges = [(a, min(len(text), a + r.randint(0, 6))) for a in (r.randint(0, len(text)) for _ in range(4))]
        assert _placeholder_words(text, ranges) == _words_by_definition(text, ranges), (repr(text), ranges)


def _table_and_placeholders(rows: int) -> tuple[str, list[tuple[int, int]]]:
    text = _placeholder_table(rows)
    return text, protected_ranges(text)


def test_placeholder_words_linear_in_placeholders() -> None:
    assert_linear(lambda a: _placeholder_words(*a), _table_and_placeholders, 16000)


def test_redacting_a_redacted_table_is_fast_and_idempotent() -> None:
    redactor = Redactor(b"k" * 32)

    def run(text: str) -> None:
        out = redactor.redact(text)
        assert out is not None and out.text == text

    assert_linear(run, _placeholder_table, 22000)  # ~2 MB: ~10 s before the linear scan, ~1 s after


def test_unfolded_text_is_folded_once_for_all_kv_rules() -> None:
    from persona_pipeline.core.evidence.redaction.matching import prepare
    from persona_pipeline.core.evidence.redaction.secrets import _kv_text

    # a long s has no fold of its own (it case-folds to an ASCII letter): the kv rules fold it
    text = prepare("\u017f\u00e9 " * 5000 + "db_passphrase = ???")
    assert text.folded is None
    first = _kv_text(text)
    assert first.folded is not None and len(first.folded) == len(text)
    assert _kv_text(text) is first  # built once, not once per kv rule


def test_unfolded_prepared_text_matches_as_the_str_api_does() -> None:
    """A prepared text with no fold is searched on its UTF-8 encoded once (not by re2's `str` API,
    which encodes all of it again on each call): the same matches, groups and empty matches."""
    from persona_pipeline.core.evidence.redaction.matching import Rx, prepare, utf8_safe

    patterns = [r"(?i)(k)(s)?", r"\b\w{2,4}\b", r"z*", r"(\d+)|(x)", r"$", r"(?i)key\s*=\s*(\S+)"]
    alphabet = ["k", "s", "\u212a", "\u017f", " ", "\u00fc", "\ud834", "\u0436", "\U0001f40d", "7", "x", "=", "key"]
    r = random.Random(11)
    for _ in range(1500):
        text = prepare("\u017f" + "".join(r.choice(alphabet) for _ in range(r.randint(0, 18))))
        assert text.folded is None
        for pattern in patterns:
            rx = Rx(pattern)
            pos, endpos = r.randint(-1, len(text) + 1), r.choice([None, r.randint(-1, len(text) + 1)])
            groups = rx._str.groups
            expected = [
                tuple(m.span(i) for i in range(groups + 1)) for m in rx._str.finditer(utf8_safe(text), pos, endpos)
            ]
            assert list(rx.finditer(text, pos, endpos)) == expected, (repr(text), pattern, pos, endpos)


def test_unfolded_prepared_text_is_encoded_once_for_all_patterns(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import re2

    from persona_pipeline.core.evidence.redaction.matching import Rx, prepare

    encoded: list[int] = []
    real = re2._encode
    monkeypatch.setattr(re2, "_encode", lambda t: encoded.append(len(t)) or real(t))
    text = prepare(("\u212a\u00e9 word " * 20000) + "tail")
    rxs = [Rx(p) for p in (r"\bword\b", r"tail$", r"(?i)k", r"[0-9]+", r"w(o)rd")]
    for rx in rxs:
        for _ in rx.finditer(text):
            pass
    assert sum(encoded) < 2 * len(text), sum(encoded)  # re2's str API encoded the text per pattern


def _escape_tangle(size: int) -> str:
    """One line of escapes of every kind a view decodes, in random order: JSON, percent (double
    too), HTML references, doubled quotes: every chain of three decodings finds something."""
    r = random.Random(size)
    bits = ["\\u0041", "\\\\", "\\n", "%3D", "%25", "%2541", "&#61;", "&amp;amp;", '""q', "''w", "+", "z", "9", "-"]
    bits.append("&")
    out: list[str] = []
    while size > 0:
        out.append(r.choice(bits))
        size -= len(out[-1])
    return "".join(out)


def test_a_text_whose_views_exceed_their_budget_is_dropped_fast() -> None:
    import pytest

    from persona_pipeline.core.evidence.redaction.views import ViewBudgetExceeded, decoded_views

    text = _escape_tangle(400_000)  # ~40 views, windows ~30x its length, before the budget
    with pytest.raises(ViewBudgetExceeded) as exc:
        decoded_views(text)
    assert "%" not in str(exc.value) and "\\" not in str(exc.value)  # (the message holds no text)
    redactor = Redactor(b"k" * 32)

    def refused(text: str) -> None:
        assert redactor.redact(text) is None  # refused: its field dropped, as for any failure

    assert_linear(refused, _escape_tangle, 400_000)  # (refused at 100 KB too: the budget grows with the text)
    # the rest of its batch is redacted as usual
    other = "ping ops.lead@brightwater-labs.io about the rota"
    out = redactor.redact_many([text, other])
    assert out[0] is None and out[1] == redactor.redact(other)
    assert out[1] is not None and "brightwater" not in out[1].text


def _csv_of_json_logs(size: int) -> str:
    """A CSV export of JSON log lines (a log viewer's "download as CSV"): each cell a JSON record
    whose quotes the CSV doubles, holding a JSON-encoded payload with escaped quotes, line breaks,
    percent-encoded and HTML-escaped text: ~13 views, windows ~11x its length."""
    import csv
    import io
    import json
    import urllib.parse

    r = random.Random(size)
    word = lambda: "".join(r.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(r.randint(3, 9)))  # noqa: E731
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["timestamp", "jsonPayload"])
    i = 0
    while buf.tell() < size:
        payload = {
            "path": f"/api/v1/{word()}?q=" + urllib.parse.quote(f"{word()} {word()}&x=\u00fc"),
            "msg": f'said "{word()}"\n\ttab \u00e9',
            "html": f"<b>{word()}</b> &amp; more",
        }
        record = {
            "ts": f"2024-05-01T12:00:{i % 60:02d}Z",
            "msg": f'GET /search?q={urllib.parse.quote_plus(word() + " " + word())}&page={i} -> 200 "ok"',
            "payload": json.dumps(payload),
            "trace": "Traceback (most recent call last):\n  File \"x.py\", line 3\nValueError: bad 'value'",
        }
        w.writerow([f"2024-05-01T00:00:{i % 60:02d}", json.dumps(record)])
        i += 1
    return buf.getvalue()


def _postgres_insert_dump(size: int) -> str:
    """A Postgres INSERT dump of posts: E'' strings with doubled quotes, backslash escapes, HTML
    references and URL-encoded queries, and JSON cells: ~14 views, windows ~13x its length."""
    import urllib.parse

    r = random.Random(size)
    word = lambda: "".join(r.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(r.randint(3, 9)))  # noqa: E731
    rows: list[str] = []
    n = 0
    while n < size:
        body = (
            f"E'It''s <b>{word()}</b> &amp; \"{word()}\"\\n see "
            f"https://ex.com/?q={urllib.parse.quote_plus(word() + ' ' + word())}&amp;p=2'"
        )
        row = f"({len(rows)}, '{word()}''s', {body}, '{{\"a\": \"{word()}\"}}')"
        rows.append(row)
        n += len(row) + 2
    return "INSERT INTO posts VALUES " + ", ".join(rows) + ";"


def test_ordinary_escaped_text_stays_within_the_view_budget() -> None:
    """Long logs and dumps with escapes of several kinds (JSON lines with escaped quotes and
    percent-encoded query strings, a CSV export of JSON logs, a SQL dump): a dozen views, each
    scanned where it differs, and nothing refused."""
    from persona_pipeline.core.evidence.redaction.views import decoded_views

    lines = [
        f'{{"event": "GET /api/v2/items?next=%2Fcart%2F{i}&sort=asc \\"done\\"", "seq": {i}, "tag": "a&amp;b"}}'
        for i in range(4000)
    ]
    text = "\n".join(lines)  # ~400 KB
    assert len(decoded_views(text)) >= 3
    out = Redactor(b"k" * 32).redact(text)
    assert out is not None
    for make in (_csv_of_json_logs, _postgres_insert_dump):
        text = make(1_000_000)
        views = decoded_views(text)  # (refused before: windows 11-14x its length)
        assert len(views) >= 12, (make.__name__, len(views))
    for make in (_csv_of_json_logs, _postgres_insert_dump):
        assert Redactor(b"k" * 32).redact(make(1_000_000)) is not None  # (~2-4 s each)


def test_a_refused_field_is_counted_apart_in_the_units_skips(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A field refused for its views' cost is a skip of its own (`redaction_refused:views`, no
    text in it), not only one more of the unit's `fields_dropped`."""
    from persona_pipeline.core.config import Settings
    from persona_pipeline.core.evidence.redaction import views
    from persona_pipeline.core.ingest import make_redactor, process_unit
    from persona_pipeline.core.sources.catalog import Sources
    from persona_pipeline_tests.builders import claude_user, write_jsonl

    monkeypatch.setattr(views, "_WINDOW_BUDGET", (1, 0))  # (a turn is cut at 20K characters)
    tangle = _escape_tangle(15_000)
    claude, codex = tmp_path / "claude", tmp_path / "codex"
    codex.mkdir()
    write_jsonl(claude / "proj" / "s.jsonl", [claude_user(tangle), claude_user("please keep the tests small")])
    sources = Sources(claude_dirs=[claude], codex_dirs=[codex])
    settings = Settings(data_dir=tmp_path / "data", claude_dirs=[claude], codex_dirs=[codex])
    [unit] = sources.discover().units
    out = process_unit(unit, sources, make_redactor(settings), b"k" * 32)
    assert out.unit_row["fields_dropped"] == 1 and len(out.evidence) == 1
    assert out.skips.get("redaction_refused:views") == 1, out.skips
    assert not any("%" in k or "\\" in k for k in out.skips)
    # stored, it is told apart in the warehouse and in `persona status`
    from persona_pipeline.core.ingest import ingest_units
    from persona_pipeline.orchestration import status

    ingest_units(settings, [unit])
    s = status.collect(settings)
    assert s["fields_refused"] == 1
    assert "redaction: 1 field(s) refused" in status.render(s)


def test_a_repeated_table_header_is_read_linearly() -> None:
    from persona_pipeline.core.evidence.redaction import pii

    # (every row read under every header above: ~16x)
    assert_linear(lambda t: list(pii.table_column_spans(t)), lambda n: "contact_name,phone\nrow,0\n" * n, 2000)


def test_a_repeated_header_still_reads_its_rows() -> None:
    from persona_pipeline.core.evidence.redaction import pii

    text = "name,phone\nMaria Lindqvist,+46 70 123 45 67\nname,phone\nTomasz Wrona,+48 512 345 678\n"
    got = {text[s.start : s.end] for s in pii.table_column_spans(text)}
    assert {"+46 70 123 45 67", "+48 512 345 678"} <= got
