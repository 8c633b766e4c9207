"""Values whose label is not beside them: the label is a table's column header, the line before
(`Account holder IBAN:` then the number alone on its line), a keyword of a map literal (`:iban "…"`,
Clojure/EDN and Ruby symbols), the key an IPython cell reads whose `Out[N]:` shows the value, or the
last field of a jq filter whose output is the next line, a printed form's label before its dotted
leader, a form field's label alone on the line above its value (OCR of a form, a copied web form),
a name/value object's name (a HAR entry's params) or the field a test's assertion compares.
Each such (label, value) pair is written out as `label: value`, the pairs of a text joined into
one synthetic text the detectors read once, and a span found on a pair's value is mapped back onto
the value where it stands. The detectors judge the value by the label exactly as they would beside
it: no label word is listed here.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from functools import lru_cache

from persona_pipeline.core.evidence.redaction.matching import Rx, RxSet
from persona_pipeline.core.evidence.redaction.spans import Span

_MAX_COLUMNS = 4  # a record listing (wider tables are tool output: `docker ps`, `kubectl get`)
_MAX_ROWS = 50
_MAX_PAIRS = 200  # a text's pairs, at most (a long table is read up to this many cells)
_CELL_SPLIT = re.compile(r"[ \t]{2,}|\t|[ \t]*\|[ \t]*")
_DIGIT = re.compile(r"\d")
# a header line: two to four cells that name their columns, words without digits (a cell's words
# one space apart, cells two spaces, a tab or a pipe apart; `ls -l`'s first line is a row)
_WORDS = r"[A-Za-z]+(?:[ ._'/-][A-Za-z]+){0,3}"
_SEP = r"(?:[ \t]{2,}|\t|[ \t]*\|[ \t]*)"
_HEADER_LINE = Rx(rf"(?m)^[ \t>|]*{_WORDS}(?:{_SEP}{_WORDS}){{1,{_MAX_COLUMNS - 1}}}[ \t|]*\n")
_RULE_LINE = re.compile(r"^[\s+|:=-]*$")  # a table's ruling (`+----+`, `|---|`, `====`)
# a keyword of a map literal and its value (`:tax-id "…"`, `:phone 0123…`); bounded runs
_KEYWORD = Rx(r"(?:^|[\s{(\[,]):([A-Za-z][\w-]{1,40})[ \t]+(\"[^\"\n]{1,80}\"|[^\s,}\]\"]{1,80})")
# a line that is a label, words only, ending in a colon, then a value line with a digit, read
# whole; a line with a label or cells of its own (`key: v`, `a | b`) is read as it stands
_LABEL_LINE = Rx(r"(?m)^[ \t>|*#-]*([A-Za-z][^\n:()\[\]{}<>=;,\"`]{0,60}):[ \t]*\n[ \t>|]*([^\n:|]{1,80}?)[ \t]*$")


def _cells(line: str, base: int) -> list[tuple[int, int]]:
    """(start, end) of each non-empty cell of a table line (offsets in the text)."""
    out, pos = [], 0
    for m in _CELL_SPLIT.finditer(line):
        if m.start() > pos:
            out.append((pos, m.start()))
        pos = m.end()
    if pos < len(line):
        out.append((pos, len(line)))
    return [(base + a, base + b) for a, b in out if line[a:b].strip()]


def _table_pairs(text: str) -> Iterator[tuple[str, int, int]]:
    """(header, cell start, cell end) of each cell in the rows under a header line. A table is a
    run of rows of the header's width and its header is the run's first line: a header line inside
    a run already read is a row, so every line is read once (linear in the text)."""
    done = 0  # where the last table's rows ended: header lines before it were its rows
    for (h0, h1), *_ in _HEADER_LINE.finditer(text):
        if h0 < done:
            continue
        header = [text[a:b].strip() for a, b in _cells(text[h0:h1], h0)]
        at, rows = h1, 0
        while True:
            end = text.find("\n", at)
            line = text[at : len(text) if end < 0 else end]
            stripped = line.strip(" \t>│")
            if not stripped:
                break
            if not _RULE_LINE.match(stripped):
                cells = _cells(line, at)
                if len(cells) != len(header):
                    break  # (this line may head a table of its own)
                rows += 1
                if rows <= _MAX_ROWS:  # (rows past it are read, not yielded: the run ends alike)
                    for name, (a, b) in zip(header, cells, strict=True):
                        yield name, a, b
            if end < 0:
                at = len(text)
                break
            at = end + 1
        done = at


# an IPython cell and its result (`In [7]: df.loc[3, "col"]` then `Out[7]: 'v'`, the same number):
# the In line's last string literal names the value the Out line shows when the line reads that key
# (`_READS_KEY`); the value quoted as Python's repr prints it, else the line's rest
_NOTEBOOK = Rx(
    r"In \[(\d{1,5})\]:[^\n]*[\"']([A-Za-z][A-Za-z0-9_ .-]{0,60})[\"'][^\n\"']{0,40}\n[^\n]{0,40}?"
    r"Out\[(\d{1,5})\]:[ \t]*(?:'([^'\n]{1,200})'|\"([^\"\n]{1,200})\"|([^\s'\"][^\n]{0,199}))"
)
# A literal the In line reads as a key: a subscript's (`x["k"]`, `.loc[i, "k"]`) or a lookup call's
# (`.get("k")`, `getenv("K")`, `getattr(o, "k")`), the lookup being the whole expression: no call
# around it, only further lookups after it. An argument of any other call (`md5(b"password")`,
# `len("k")`) is data the cell transforms, and its result is no value of that key.
_KEY_OPEN = re.compile(r"(?:\[[^\[\]()]*,[ \t]*|\[|\b(?:get|getenv|pop)\(|\bgetattr\([^()]*,[ \t]*)[ \t]*\Z")
_KEY_CLOSE = re.compile(
    r"[ \t]*(?:,[^()\[\]]*)?[\])](?:\[[^\[\]()]*\]|\.(?:iloc|loc|at|iat)\[[^\[\]()]*\]|\.values)*[ \t]*(?:#.*)?\Z"
)


def _reads_key(pre: str, post: str) -> bool:
    """Whether a literal between `pre` (the In line before its quote) and `post` (after it) is a key
    the line's whole expression looks up."""
    if pre[-1:] in "bBrRuU" and not pre[-2:-1].isalnum():
        pre = pre[:-1]  # (a bytes or raw literal's prefix)
    m = _KEY_OPEN.search(pre)
    if m is None or not _KEY_CLOSE.match(post):
        return False
    outside = pre[: m.start()]
    return outside.count("(") == outside.count(")") and outside.count("[") == outside.count("]")


# a jq command (its options, then its filter) whose filter ends in a field, and the line it printed
# (`jq -r '.users[] | select(.id == 7) | .tax_id' f.json`): the field names that output (quoted
# without `-r`)
_JQ = Rx(
    r"(?m)^[^\n]*?\bjq(?:[ \t]+-[-A-Za-z]{1,20}){0,4}[ \t]+'[^\n']{0,200}\.([A-Za-z_][A-Za-z0-9_-]{0,60})\??'"
    r"[^\n]{0,120}\n"
    r"[ \t>|]*\"?([^\n\"]{1,120}?)\"?[ \t]*$"
)
# a printed form's dotted leader between a label and its value (`Date of birth ....... 1980-02-03`,
# a PDF form's or a table of contents' line)
_LEADER_LINE = Rx(r"(?m)^[ \t>|*#-]*([A-Za-z\x7f][^\n.:]{0,60}?)[ \t]*\.{4,}[ \t]*([^\n]{1,80}?)[ \t]*$")
# a form's field as OCR or a copied web form gives it: a label line of one to four words without
# a colon, the value alone on the next line (`IBAN` then the number); values with a digit only
_BARE_LABEL_LINE = Rx(
    r"(?m)^[ \t>|*#-]*([A-Za-z\x7f][A-Za-z\x7f'-]*(?:[ \t][A-Za-z\x7f][A-Za-z\x7f'-]*){0,3})[ \t]*\n"
    r"[ \t>|]*([^\s:|][^\n:|]{0,60}?)[ \t]*$"
)
# a label closing a line of prose, its value the next line's first token: a person types the label,
# presses enter and pastes (`…next step. API key` / `<key>`, `the maps key #1` / `<key>. Let's test it`);
# the label is the line's last one to six words, a `#N` after it (the first of several keys) left out;
# the value one token with a digit, at least eight characters (a word or a count is no value); the
# label ends in a letter (an armour line, `-----BEGIN SSH SIGNATURE-----`, is no label of its body)
_TAIL_LABEL_LINE = Rx(
    r"(?m)(?:^|[ \t(])((?:[A-Za-z\x7f][A-Za-z\x7f'-]*[ \t]+){0,5}[A-Za-z\x7f](?:[A-Za-z\x7f'-]*[A-Za-z\x7f])?)"
    r"(?:[ \t]+#[0-9]{1,2})?[ \t]*\n[ \t>|]*([^\s:|]{7,119}[^\s:|.,;])[.,;]?(?:[ \t]|$)"
)
# a name/value object, as a HAR export's params and headers, a Kubernetes env entry or a tag list
# write one field (`{"name": "tax_id", "value": "…"}`)
_NAME_VALUE = Rx(
    r"\\?\"(?:name|key|Name|Key)\\?\"[ \t]*:[ \t]*\\?\"([A-Za-z\x7f][^\"\\\n]{0,60})\\?\"[ \t]*,[ \t]*"
    r"\\?\"(?:value|Value)\\?\"[ \t]*:[ \t]*\\?\"([^\"\\\n]{1,120})\\?\""
)
# a form response's question and answer (a scheduling or survey tool's export: `{"question": "Your
# tax number", "answer": "…"}`): the question labels the answer, its leading possessive dropped
_QUESTION_ANSWER = Rx(
    r"\\?\"(?:question|Question|label|Label|title)\\?\"[ \t]*:[ \t]*\\?\"(?:(?i:your|my|the)[ \t]+)?"
    r"([A-Za-z\x7f][^\"\\\n]{0,60})\\?\"[ \t]*,[ \t]*"
    r"\\?\"(?:answer|Answer|response|Response)\\?\"[ \t]*:[ \t]*\\?\"([^\"\\\n]{1,120})\\?\""
)
# a test's assertion on a field (Chai's `expect(res.json().phone).to.eql("…")`, Jest's `.toBe(…)`)
_EXPECT = Rx(
    r"\bexpect\([^()\n]{0,80}\.([A-Za-z_][A-Za-z0-9_]{0,40})\)\.(?:to\.(?:deep\.)?(?:eql|equal|be)|toBe|toEqual)"
    r"\([ \t]*[\"']([^\"'\n]{1,120})[\"']"
)
# a spreadsheet cell as a copied name box and formula bar show it (`Sheet1!D129  fx  value`),
# labelled by its column's header where the text gives it, before or after the cell: the header
# cell itself in A1 notation (`D1 = tax id`, `D1: tax id`, or its own formula bar `Sheet1!D1  fx
# tax id`) or a note naming the column (`column D = tax id`, `col D: phone`, `column D is …`). The
# column is read from the cell reference; a narrow reading (the text must name that column).
_FORMULA_BAR = Rx(
    r"(?m)(?:^|[\s'\"])(?:[A-Za-z0-9_]{1,31}|'[^'\n]{1,31}')!\$?([A-Z]{1,3})\$?\d{1,7}"
    r"[ \t]+fx[ \t]+([^\n]{1,120}?)[ \t]*$"
)
_COLUMN_HEADER = re.compile(
    r"(?i)\bcol(?:umn)?[ \t]+([A-Z]{1,3})[ \t]*(?:=|:|is)[ \t]*([^()\n=]{1,60}?)[ \t]*(?:\)|$)"
    r"|(?:^|[\s(!])\$?(?-i:([A-Z]{1,3}))\$?1(?:[ \t]*[=:][ \t]*|[ \t]+fx[ \t]+)"
    r"([^\W\d_][^()\n=]{0,59}?)[ \t]*(?:\)|$)",
    re.M,
)
# the small CSV's header line and a row with a digit under it, on the fold (the Set pass's member:
# most texts have commas and semicolons, few such a header)
_CSV_GATE_CELL = r"[A-Za-z\x7f][A-Za-z0-9_\x7f .'/-]{0,40}"
_CSV_GATE = Rx(rf"(?m)(?:^|[\"'>])\x7f?[ \t]*{_CSV_GATE_CELL}(?:[;,][ \t]*{_CSV_GATE_CELL}){{1,3}}[ \t]*\n[^\n]*\d")
_HEADER_REACH = 200  # characters around the formula bar where its column's header is read
# the eleven scans `_pairs` makes, in one RE2 Set pass: most texts have none of them
_SCANS = (
    _HEADER_LINE,
    _KEYWORD,
    _LABEL_LINE,
    _NOTEBOOK,
    _JQ,
    _LEADER_LINE,
    _BARE_LABEL_LINE,
    _TAIL_LABEL_LINE,
    _NAME_VALUE,
    _QUESTION_ANSWER,
    _EXPECT,
    _FORMULA_BAR,
    _CSV_GATE,
)


@lru_cache(maxsize=1)
def _scan_set() -> RxSet:
    return RxSet([rx.pattern for rx in _SCANS])


def _scans(text: str) -> Callable[[Rx], bool]:
    """`may(rx)`: whether one of `_SCANS` may match in `text`. Exact: a Set member matches where its
    pattern does (the same patterns, not loosened), and a scan it rules out finds nothing; without a
    Set answer (out of memory) every scan runs. Asked once, at the first question."""
    hits: list[frozenset[int] | None] = []

    def may(rx: Rx) -> bool:
        if not hits:
            hits.append(_scan_set().matching(text))
        found = hits[0]
        return found is None or _SCANS.index(rx) in found

    return may


def _pairs(text: str) -> Iterator[tuple[str, int, int]]:
    may = _scans(text)
    # (a header line's separator is two spaces, a tab or a pipe in the text itself: the Set reads
    # the fold, where a terminal's colour codes are spaces, so it cannot stand for these tests)
    if ("  " in text or "\t" in text or "|" in text) and may(_HEADER_LINE):
        # (cells with a digit only: the ids, numbers and codes a header names; words and names in
        # a table are read by the column rules of their own)
        yield from ((h, a, b) for h, a, b in _table_pairs(text) if b - a >= 5 and _DIGIT.search(text, a, b))
    if "jq" in text and may(_JQ):
        for _, (k0, k1), (a, b) in _JQ.finditer(text):
            yield text[k0:k1], a, b
    if ":" in text:
        for _, (k0, k1), (a, b) in _KEYWORD.finditer(text) if may(_KEYWORD) else ():
            if text[a] == '"':
                a, b = a + 1, b - 1
            if _DIGIT.search(text, a, b):
                yield text[k0:k1], a, b
        if (":\n" in text or ": \n" in text) and may(_LABEL_LINE):
            for _, (l0, l1), (a, b) in _LABEL_LINE.finditer(text):
                if _DIGIT.search(text, a, b):
                    yield text[l0:l1].strip(), a, b
        if "Out[" in text and may(_NOTEBOOK):
            for _, (i0, i1), (k0, k1), (o0, o1), *values in _NOTEBOOK.finditer(text):
                a, b = next(v for v in values if v[0] >= 0)
                if text[i0:i1] != text[o0:o1]:  # (the cell's own result, not a later one's)
                    continue
                line_end = text.find("\n", k1)
                if _reads_key(text[i1 + 2 : k0 - 1], text[k1 + 1 : line_end]):
                    yield text[k0:k1], a, b
    yield from _form_pairs(text, may)
    yield from _field_pairs(text, may)
    yield from _cell_pairs(text, may)
    if (";" in text or "," in text) and may(_CSV_GATE):
        yield from _csv_pairs(text)


# A small delimited table (a spreadsheet saved as CSV, Excel's European `;` export, a byte-order mark
# before its header): a header line of two to four word cells parted by one `;` or `,`, rows of the same
# width under it; each cell with a digit labelled by its column's header (RFC 4180's header row).
_CSV_CELL = r"[A-Za-z\u00c0-\u024f][\w .'/-]{0,40}"
_CSV_HEADER = re.compile(rf"(?m)(?:^|(?<=[\"'>]))\ufeff?[ \t]*{_CSV_CELL}(?:[;,][ \t]*{_CSV_CELL}){{1,3}}[ \t]*$")
_CSV_ROWS = 50
_CSV_VALUE_MAX = 64
_CSV_VALUE_GROUPS = 6


def _column_kind(name: str) -> str | None:
    from persona_pipeline.core.evidence.redaction import pii

    return pii._column_kind(name)


def _csv_pairs(text: str) -> Iterator[tuple[str, int, int]]:
    done = 0
    for m in _CSV_HEADER.finditer(text):
        if m.start() < done:
            continue
        head = m.group(0).lstrip("\ufeff")
        sep = ";" if ";" in head else ","
        names = [c.strip() for c in head.split(sep)]
        if any(not n or any(ch.isdigit() for ch in n) for n in names):
            continue
        # (a phone, SSN, birth-date or name column is pii's table readers', with their column rules: a
        # `mobile` column of bare counts is no phone's; rev46r R14)
        skip = {i for i, n in enumerate(names) if _column_kind(n) is not None}
        at = m.end() + 1
        for _ in range(_CSV_ROWS):
            if at >= len(text):
                break
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            line = text[at:end]
            # (a row holding a placeholder may have had another width before it was redacted: the
            # table may have ended there for the pass that made it, so it ends here too)
            if line.count(sep) != len(names) - 1 or not line.strip() or "[REDACTED:" in line:
                break
            pos = at
            for i, (name, cell) in enumerate(zip(names, line.split(sep), strict=True)):
                a = pos + len(cell) - len(cell.lstrip(" \t\"'"))
                b = pos + len(cell.rstrip(" \t\"'"))
                # (a value's length: at most 64 characters in a few groups; a histogram's or a vector's
                # cell of thousands of digits is no one's value, and every detector would read it: rev46r R16)
                short = b - a <= _CSV_VALUE_MAX and text.count(" ", a, b) <= _CSV_VALUE_GROUPS
                if i not in skip and short and b - a >= 5 and _DIGIT.search(text, a, b):
                    yield name, a, b
                pos += len(cell) + 1
            at = end + 1
        done = at


def _field_pairs(text: str, may: Callable[[Rx], bool]) -> Iterator[tuple[str, int, int]]:
    if "alue" in text and may(_NAME_VALUE):
        for _, (k0, k1), (a, b) in _NAME_VALUE.finditer(text):
            yield text[k0:k1], a, b
    if ("nswer" in text or "esponse" in text) and may(_QUESTION_ANSWER):
        for _, (k0, k1), (a, b) in _QUESTION_ANSWER.finditer(text):
            yield text[k0:k1], a, b
    if "expect(" in text and may(_EXPECT):
        for _, (k0, k1), (a, b) in _EXPECT.finditer(text):
            yield text[k0:k1], a, b


def _cell_pairs(text: str, may: Callable[[Rx], bool]) -> Iterator[tuple[str, int, int]]:
    if "!" not in text or " fx " not in text or not may(_FORMULA_BAR):
        return
    for (s0, _), (c0, c1), (a, b) in _FORMULA_BAR.finditer(text):
        column = text[c0:c1]
        lo = max(0, a - _HEADER_REACH)
        for m in _COLUMN_HEADER.finditer(text, lo, min(len(text), b + _HEADER_REACH)):
            named, header = (m[1], m[2]) if m[1] is not None else (m[3], m[4])
            if named.upper() == column and not s0 <= m.start() < b:  # (not the cell's own bar)
                yield header.strip(), a, b
                break


def _form_pairs(text: str, may: Callable[[Rx], bool]) -> Iterator[tuple[str, int, int]]:
    if "...." in text and may(_LEADER_LINE):
        for _, (l0, l1), (a, b) in _LEADER_LINE.finditer(text):
            if _DIGIT.search(text, a, b):
                yield text[l0:l1].strip(), a, b
    if "\n" in text and may(_BARE_LABEL_LINE):
        pos, search = 0, _BARE_LABEL_LINE.searcher(text)  # (the fold made once, searched from each line)
        while (m := search(pos, len(text)))[0][0] >= 0:
            _, (l0, l1), (a, b) = m
            if _DIGIT.search(text, a, b) and not _DIGIT.search(text, l0, l1):
                yield text[l0:l1].strip(), a, b
            # (the value's line may be the next field's label: `Personal details` / `IBAN` / number)
            pos = text.index("\n", l1) + 1
    if "\n" in text and may(_TAIL_LABEL_LINE):
        pos, search = 0, _TAIL_LABEL_LINE.searcher(text)
        while (m := search(pos, len(text)))[0][0] >= 0:
            _, (l0, l1), (a, b) = m
            # (a line that is a field, `key: words`, holds its own value: `untrusted comment:
            # signature from minisign secret key` heads a public signature, no key's label)
            if _DIGIT.search(text, a, b) and ":" not in text[text.rfind("\n", 0, l0) + 1 : l0]:
                yield text[l0:l1], a, b
            pos = text.index("\n", l1) + 1  # (each line's tail read once: linear)


def linked_label_spans(text: str, detect: Callable[[str], list[Span]]) -> list[Span]:
    """Spans of the values `text` labels from elsewhere (`detect` reads the synthetic text)."""
    parts: list[str] = []
    where: list[tuple[int, int, int]] = []  # (synthetic value start, its length, text start)
    size = 0
    for n, (label, a, b) in enumerate(_pairs(text)):
        if n >= _MAX_PAIRS:
            break
        value = text[a:b]
        head = f"{label}: "
        parts.append(head + value)
        where.append((size + len(head), len(value), a))
        size += len(head) + len(value) + 2
    if not parts:
        return []
    synthetic = "\n\n".join(parts)
    out: list[Span] = []
    starts = [w[0] for w in where]
    for s in detect(synthetic):
        i = bisect.bisect_right(starts, s.start) - 1
        if i < 0:
            continue
        v0, length, at = where[i]
        if s.start >= v0 and s.end <= v0 + length:
            out.append(Span(at + s.start - v0, at + s.end - v0, s.kind))
    return out


def detect_pairs(synthetic: str) -> list[Span]:
    """Every personal-data detector and our secret rules over the synthetic `label: value` text."""
    from persona_pipeline.core.evidence.redaction import pii
    from persona_pipeline.core.evidence.redaction.secrets import own_rule_spans

    spans = own_rule_spans(synthetic)
    for detector in pii.DETECTORS:
        # (names and e-mails: no label makes either; MACs: their policy reads a column header in place)
        if detector not in (pii.person_name_spans, pii.email_spans, pii.mac_spans):
            spans.extend(detector(synthetic))
    return spans
