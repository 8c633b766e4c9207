"""CSV address columns (issue 17): each cell's span comes from the tokeniser that read its value, in
one linear pass. Finding the unquoted value again in the line located the wrong span (or none) for a
cell with doubled quotes, and cost a scan of the row per cell. Each value is written for the test."""

from __future__ import annotations

import csv
import random
from collections.abc import Callable

import pytest

from persona_pipeline.core.evidence.redaction.address_fields import _csv_row, address_field_spans
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.timing import assert_linear

R = Redactor(b"k" * 32)


def _address_spans(text: str) -> list[tuple[int, int]]:
    return sorted((s.start, s.end) for s in address_field_spans(text))


def _csv_module(line: str) -> list[str] | None:
    try:
        return next(csv.reader([line]), [])
    except csv.Error:
        return None


def test_cells_read_as_the_csv_module_reads_them() -> None:
    # (every line over the characters that steer the parser: the values and the refusals agree)
    rng = random.Random(17)
    for _ in range(20000):
        line = "".join(rng.choice('a,"\r\0 ') for _ in range(rng.randint(0, 14)))
        row = _csv_row(line)
        assert (None if row is None else [v for _, _, v in row]) == _csv_module(line), repr(line)


def test_cell_over_the_field_size_limit_is_refused_as_the_csv_module_does() -> None:
    old = csv.field_size_limit(8)
    try:
        for line in ("abcdefgh,x", "abcdefghi,x", '"abc""defgh",x', '"abcdefg"hi,x', '"abcdefghi'):
            row = _csv_row(line)
            assert (None if row is None else [v for _, _, v in row]) == _csv_module(line), line
    finally:
        csv.field_size_limit(old)


def test_doubled_quotes_redact_the_cell_they_are_in() -> None:
    # (the unquoted value `12 "The Cedars" Road` is not in the line: a find missed the cell)
    text = 'id,street,city\n1,"12 ""The Cedars"" Road, Leeds",LS1 Leeds\n'
    raw = '12 ""The Cedars"" Road, Leeds'
    start = text.index(raw)
    assert _address_spans(text) == [(start, start + len(raw))]
    out = R.redact(text)
    assert out is not None and "Cedars" not in out.text and "12 " not in out.text


def test_doubled_quotes_do_not_move_the_span_to_a_later_copy() -> None:
    # (the value unquoted also stands in a later column: a find put the span there)
    text = 'id,street,note\n1,"9 ""Elm"" Lane, Leeds",9 "Elm" Lane, Leeds\n'
    raw = '9 ""Elm"" Lane, Leeds'
    start = text.index(raw)
    assert (start, start + len(raw)) in _address_spans(text)
    assert all(s < text.index(",9 ") for s, _ in _address_spans(text))


def test_a_doubled_quote_cell_keeps_its_closing_quote() -> None:
    # (review rev44r F14: on the view that undoubles quotes the cell reads `"12 "The Cedars" Road"`,
    # text after a closing quote; its span must stop before the cell's own closing quote)
    text = 'name,street,city\nAna Lima,"12 ""The Cedars"" Road",Leeds'
    out = R.redact(text)
    assert out is not None and "Cedars" not in out.text
    row = out.text.splitlines()[1]
    assert row.count('"') % 2 == 0 and ',"[REDACTED:address:' in row and ']",' in row, row
    cells = _csv_row('"12 "The Cedars" Road",Leeds')
    assert cells is not None and cells[0][:2] == (1, 21) and cells[0][2] == '12 The Cedars" Road"'


def test_quoted_comma_and_crlf_row() -> None:
    text = 'id,street,city\r\n7,"Rua Augusta 27, 3 Esq","1100-048 Lisboa"\r\n8,Laugavegur 27,101 Reykjavik\r\n'
    spans = _address_spans(text)
    for value in ("Rua Augusta 27, 3 Esq", "1100-048 Lisboa", "Laugavegur 27", "101 Reykjavik"):
        a = text.index(value)
        assert (a, a + len(value)) in spans, value


def test_unterminated_quote_runs_to_the_line_end() -> None:
    text = 'id,street,city\n1,Laugavegur 27,"101 Reykjavik\n'
    a = text.index("101 Reykjavik")
    assert _address_spans(text) == [(text.index("Laugavegur"), text.index(',"')), (a, a + len("101 Reykjavik"))]


def test_quoted_cell_over_a_newline_ends_the_table_at_its_line() -> None:
    # Rows are read a line at a time (a newline in a quoted cell is read as the cell's end): the
    # row before is read; the broken row has fewer cells than the header, so the table ends there.
    text = 'id,street,city\n1,Laugavegur 27,101 Reykjavik\n2,"Marktgasse 5\n3011 Bern",CH\n'
    a = text.index("Laugavegur 27")
    spans = _address_spans(text)
    assert (a, a + len("Laugavegur 27")) in spans
    assert all(s < text.index("2,") for s, _ in spans)


def _unterminated_quotes(n: int) -> str:
    return "street,city\n" + '"a,' * n


@pytest.mark.parametrize("build", [_unterminated_quotes, lambda n: "street,city\n" + 'a,"b""c",' * n])
def test_long_row_is_read_in_linear_time(build: Callable[[int], str]) -> None:
    # (3.4 s at 96 KB when each cell was found again in the row)
    assert_linear(lambda text: list(address_field_spans(text)), build, 16000)
