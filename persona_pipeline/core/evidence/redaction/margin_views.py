"""Text reshaped on its way into a prompt, read back as it was written (see `views.View`).

- A margin: a unified diff's `+` / `-` before each added or removed line (GNU diffutils' unified
  format), an e-mail quote's `>` (RFC 3676's quote marks, nested `> >` too). A rule that needs a
  line's start (`KEY=value`, a CSV header, a table's row) or two indented string pieces joined
  (`views._CONT`) no longer finds it once the line starts with the margin: the view drops it.
- A value wrapped at a column: a labelled value (`…TOKEN: abc…`) closing its line, the next line one
  unbroken run of a token's characters and nothing else (a PDF's or a terminal's column, a pager's
  wrap). The view joins the two, so the whole value is read under its label and redacted across the
  break. Only after a secret's label word (`secrets.LABEL_WORD`'s words) and only for runs of 6 and
  more token characters, so prose broken at a line is never joined.
- A word hyphenated at a line's end (a PDF's or an OCR's layout: `Tukui-` / `tonga`), joined.
- A data store's typed or numbered reply read as the member it stands for: a DynamoDB item's string
  and number attributes (AWS's AttributeValue JSON, `"email": {"S": "…"}`) read as `"email": "…"`,
  and redis-cli's reply to HGETALL, a hash's field and value on numbered lines (`5) "phone"` then
  `6) "…"`), read as `"phone": "…"`, and its reply to GET at a prompt (`127.0.0.1:6379> GET
  config:api_token` then `"…"` on the next line), read as `config_api_token="…"`: the readers of
  labelled values and of records find them.
- A search engine's highlighted hit read as the field it highlights: the highlight tags dropped
  (Elasticsearch's default `<em>`, Meilisearch's `_formatted` `<em>`, Typesense's `<mark>`; written
  raw, JSON-, HTML- or URL-escaped) and Typesense's highlight object (`{"field": "full_name",
  "snippet": "…"}`, its documented `highlights` shape) read as `{"full_name": "…"}`.
- A file read by an agent's Read tool, its lines numbered (Claude Code writes `     5→` before each
  line, the arrow possibly JSON-escaped `\u2192`): the number and arrow dropped, so a line reads as
  the file's (`address: …`, `KEY=value`) again.
- A date written as a constructor call of literal year, month and day (Ruby's `Date.new(1994, 1, 15)`,
  Python's `date(1994, 1, 15)` / `datetime.date(…)`): read as `1994-1-15)`, so a birth key's date
  (`date_of_birth: Date.new(…)` in a seed file) is read as the labelled date it is.
- head(1)'s `==> NAME <==` header before a file's line: read as `NAME: ` (the file's stem labels
  its one value: fastlane's `review_information/first_name.txt`).
- An HTML inline-code element's tags around a value (`KEY: <code>value</code>`): dropped.
- An iCalendar or vCard content line folded at 75 octets (a break and one space): unfolded.
- GDB's address before a string argument's value (`phone=0x7ffd… "…"`): dropped.
- An OCR's confusions in a label's word (`Narne:`, `Te1:`, `Ph0ne number`): read as `Name:`, `Tel:`, `Phone number`.
- A page's columns turned into runs of spaces (pdftotext's `-layout`, an OCR's text): each line's right
  column dropped, so a column reads down as printed (`Bill to:` / the name / the street); a form's
  label and its value apart by a run read as `label: value`. A view of its own (`views._column_view`).
- A Markdown table's row naming a variable and its value in adjacent cells (`| \\`API_KEY\\` |
  \\`…\\` |`): the cells' border read as `=`, so the value is read under its name.

Each reading is found on the original text as segments (original start, original end, reading); `views`
makes them one view of the original (`reshaped`), never composed with its other views (a paste's shape is
the original's: composed, the views multiplied with every decoding and a long paste outgrew the views'
budget, rev50r R8). This module imports nothing of the engine's: `views` imports it.
Every pattern here is Python `re` with bounded runs and no nested quantifiers: linear on any input.
"""

from __future__ import annotations

import re

Escapes = tuple[tuple[int, int, int, int], ...]

# A diff's or a quote's margin at a line's start: `+`/`-` (not a file header's `+++ `/`--- `, not a
# `--` or `++` that starts a word: `--flag`, `++i`) or a run of quote marks with their spaces.
_MARGIN = re.compile(r"(?m)(^(?:[+-](?![+-])|(?:>[ \t]?){1,8}))")
# (a hunk header or a quoted line: no other text gets the view)
# (`views` probes the same pattern in its shared RE2 pass)
MARGIN_GATE = r"(?m)^(?:@@ -\d|> ?\S)"
_MARGIN_GATE = re.compile(MARGIN_GATE)

# A labelled value closing its line, then a line of one token run alone: the line break (and the
# next line's indentation or margin) is the escape. (The label's words: `secrets.LABEL_WORD`.)
_TOKEN = r"[A-Za-z0-9+/=_~.$!%:-]"
# (the rest holds no `=` but base64's padding and no `:`: a line `NEXT_KEY=value` is no rest of a value)
_REST = r"[A-Za-z0-9+/_~.$!%-]"
_WRAP = re.compile(
    r"(?im)(?:secret|pass(?:word|wd|phrase|code)?|pwd|token|key|auth|credential|cred)[A-Za-z0-9_. -]{0,40}"
    rf"[:=][ \t]{{0,4}}[\"'`]?{_TOKEN}{{6,200}}"
    r"(\r?\n(?:[+-]|(?:>[ \t]?){1,4})?[ \t]{0,12})"
    # (the rest reads as a token's, not a word's: a digit, a capital after a small letter or a `_`/`-`
    # inside it; `Rotate`, `Thanks` on the next line stay apart)
    rf"(?=\S{{0,200}}?(?-i:[0-9]|[a-z][A-Z]|\w[_-]\w))(?={_REST}{{6,200}}={{0,2}}[\"'`]?[ \t]*(?:\r?\n|$))"
)
# A word hyphenated at a line's end by a PDF's or an OCR's layout (`Tukui-` / `tonga`): a letter, the
# hyphen and the break (and the next line's margin), a lowercase letter after (a capital starts a
# word of its own: `Jean-` / `Luc` keeps its hyphen). The word before is letters only from its
# start (a line's start, a space, a quote or a bracket): a key's run cut at a `-` (base64url's) is
# no word, and joined to the next line's word it read as a longer key (`…Fyj-` / `that is all`).
_HYPHEN = re.compile(
    r"(?m)(?:^|(?<=[\s\"'(\[>*_\u00ab\u201e\u201c\u2018\u00bf\u00a1]))[^\W\d_]{1,40}"
    r"(-\r?\n[ \t>+-]{0,6})(?=[^\W\d_])"
)
# A variable's name in a table cell and its value in the next: the border between them.
_CELLS = re.compile(r"`[A-Z][A-Z0-9_]{2,63}(`[ \t]*\\?\|[ \t]*`)[^`\s|]{6,}`")


Segment = tuple[int, int, str]  # (original start, original end, its reading)

# A DynamoDB attribute's type wrapper around its value (`{"S": "…"}`, `{"N": "…"}`; its quotes possibly
# escaped once or twice): the wrapper's head and its closing brace are the escapes.
_TYPED = re.compile(r'(\{[ \t]*\\{0,3}"[SN]\\{0,3}"[ \t]*:[ \t]*)\\{0,3}"[^"\n]{0,300}?\\{0,3}"([ \t]*\})')
TYPED_GATE = r'\{[ \t]*\\{0,3}"[SN]\\{0,3}"[ \t]*:'
# redis-cli's numbered reply lines: a quoted field on line n (odd), its value on line n + 1 (a break
# written raw or JSON-escaped): the break and the next number are the escape, read as `: `
_NUMBERED = re.compile(
    r'(\d{1,5})\) \\{0,3}"[^"\n]{1,120}?\\{0,3}"((?:\r?\n|\\{1,3}n)[ \t]{0,24}(\d{1,5})\) )(?=\\{0,3}")'
)
# redis-cli's prompt (`host:port>`, `redis>`, a database index `[1]`) and GET with its key, then the
# quoted reply on the next line: the break is the escape, read as `=`
_GET_REPLY = re.compile(
    r"(?:\d{2,5}|redis[\w.-]{0,40})(?:\[\d{1,3}\])?> GET[ \t]+([\w:.{}#/@-]{1,160})"
    r'((?:\r?\n|\\{1,3}n)[ \t]{0,24})(?=\\{0,3}")'
)
GET_GATE = r'> GET[ \t]+[\w:.{}#/@-]{1,160}(?:\r?\n|\\{1,3}n)[ \t]{0,24}\\{0,3}"'
# a highlight tag around a matched word, in any of the escapes a pasted response carries
_HIGHLIGHT_TAG = re.compile(r"(?:<|&lt;|\\u003[cC]|%3[cC])(?:/|%2[fF])?(?:mark|em)(?:>|&gt;|\\u003[eE]|%3[eE])")
# Typesense's highlight object: the field's name, then its snippet (quotes possibly escaped)
_HIGHLIGHT_FIELD = re.compile(
    r'(\\{0,3}"field\\{0,3}"[ \t]*:[ \t]*)\\{0,3}"[A-Za-z_][\w.]{0,63}\\{0,3}"'
    r'([ \t]*,[ \t]*\\{0,3}"snippet\\{0,3}")(?=[ \t]*:)'
)
# (the search responses' own words: Typesense's `snippet`, Meilisearch's `_formatted`, ES's `highlight`)
HIGHLIGHT_GATE = r"snippet|_formatted|highlight"
# a line number and its arrow at a line's start (the break raw or JSON-escaped)
_READ_NUMBER = re.compile(r"(?m)(?:^|(?<=\\n))([ \t]{0,12}\d{1,7}(?:\u2192|\\u2192))")
# (`views` probes it on the text's fold, where a non-ASCII character is one DEL byte)
READ_NUMBER_GATE = r"\d(?:\x7f|\x{2192}|\\u2192)"
# a date constructor's call and its three literal numbers (the head, the two commas, the closing paren)
_DATE_CALL = re.compile(
    r"(\b(?:Date\.new|(?:datetime\.)?date|datetime(?:\.datetime)?)\()\d{4}(,[ \t]?)\d{1,2}(,[ \t]?)\d{1,2}(\))"
)
DATE_CALL_GATE = r"(?:Date\.new|date|datetime)\(\d{4},[ \t]?\d{1,2},[ \t]?\d{1,2}\)"
NUMBERED_GATE = r'\d\) \\{0,3}"[^"\n]{1,120}\\{0,3}"(?:\r?\n|\\{1,3}n)[ \t]{0,24}\d{1,5}\) \\{0,3}"'


def _found(text: str, rx: re.Pattern[str], out: str, lower_after: bool = False) -> list[Segment]:
    """Group 1 of each match of `rx`, read as `out` (only where a lowercase letter follows, with
    `lower_after`)."""
    segs: list[Segment] = []
    for m in rx.finditer(text):
        a, b = m.span(1)
        if a < 0 or (lower_after and not text[b : b + 1].islower()):
            continue
        segs.append((a, b, out))
    return segs


def margin_segments(text: str) -> list[Segment]:
    """Each diff or quote margin, read as nothing, where a hunk header or a quote holds one."""
    if ("\n" not in text and not text.startswith(">")) or _MARGIN_GATE.search(text) is None:
        return []
    return _found(text, _MARGIN, "")


def wrap_segments(text: str) -> list[Segment]:
    """Each break inside a labelled value wrapped at a line (with the next line's margin), read as nothing."""
    return _found(text, _WRAP, "") if "\n" in text else []


def cells_segments(text: str) -> list[Segment]:
    """Each `NAME` | `value` cell border, read as ` = `."""
    return _found(text, _CELLS, " = ") if "`" in text and "|" in text else []


def typed_segments(text: str) -> list[Segment]:
    """Each DynamoDB type wrapper's head and closing brace around a string or number, read as nothing."""
    segs: list[Segment] = []
    for m in _TYPED.finditer(text):
        segs.append((*m.span(1), ""))
        segs.append((*m.span(2), ""))
    return segs


def numbered_segments(text: str) -> list[Segment]:
    """Each break between a hash's field (an odd reply line) and its value (the next), read as `: `."""
    segs: list[Segment] = []
    for m in _NUMBERED.finditer(text):
        n = int(m.group(1))
        if n % 2 == 1 and int(m.group(3)) == n + 1:
            segs.append((*m.span(2), ": "))
    return segs


def get_reply_segments(text: str) -> list[Segment]:
    """Each break between redis-cli's GET of a key and its quoted reply, read as `=`, and each `:`
    joining the key's parts read as `_`: the key is read whole, as one name (`cache:token_bucket:api`
    is no `token_bucket` key holding `api`, rev51r R3)."""
    segs: list[Segment] = []
    for m in _GET_REPLY.finditer(text):
        a, b = m.span(1)
        segs.extend((i, i + 1, "_") for i in range(a, b) if text[i] == ":")
        segs.append((*m.span(2), "="))
    return segs


def highlight_segments(text: str) -> list[Segment]:
    """A search hit's highlight tags, read as nothing, and Typesense's `"field": "X", "snippet"` read
    as `"X"`."""
    segs = [(m.start(), m.end(), "") for m in _HIGHLIGHT_TAG.finditer(text)]
    for m in _HIGHLIGHT_FIELD.finditer(text):
        segs.append((*m.span(1), ""))
        segs.append((*m.span(2), ""))
    return segs


def read_number_segments(text: str) -> list[Segment]:
    """Each line's number and arrow in an agent's numbered file read, read as nothing."""
    return _found(text, _READ_NUMBER, "")


def date_call_segments(text: str) -> list[Segment]:
    """Each literal date constructor's call read as its ISO-ordered date (`Date.new(1994, 1, 15)` -> `1994-1-15)`)."""
    segs: list[Segment] = []
    for m in _DATE_CALL.finditer(text):
        segs.extend(((*m.span(1), ""), (*m.span(2), "-"), (*m.span(3), "-")))  # (the paren stays)
    return segs


def hyphen_segments(text: str) -> list[Segment]:
    """Each hyphen and break inside a word hyphenated at a line's end, read as nothing."""
    if "-\n" not in text and "-\r\n" not in text:
        return []
    return _found(text, _HYPHEN, "", lower_after=True)


# head(1)'s header before each file's lines when it shows several (GNU coreutils: `==> NAME <==`): the
# file's own name (its stem, `first_name` of `…/first_name.txt`) labels the one line that follows, as
# a settings directory of one value per file keeps them (fastlane's `metadata/review_information/`)
_HEAD_FILE = re.compile(
    r"(==> (?:[^\s<>]{0,200}/)?([A-Za-z][A-Za-z0-9_-]{1,40})(?:\.txt)? <==(?:\r?\n|\\n)[ \t]{0,12})"
    r"(?=[^\s=<>\\])"
)
HEAD_FILE_GATE = r"==> [^\n]{1,240} <=="
# an iCalendar or vCard content line folded (RFC 5545 section 3.1, RFC 6350 section 3.2: a line break
# then one space or tab, removed on reading): raw or JSON-escaped, where the text holds such an object
_FOLD = re.compile(r"(?<=[^\s\\])((?:\r?\n|(?:\\r)?\\n)[ \t])(?=[^\s\\])")
FOLD_GATE = r"BEGIN:V(?:CALENDAR|EVENT|TODO|CARD)|(?:ATTENDEE|ORGANIZER)[;:]"


def head_file_segments(text: str) -> list[Segment]:
    """Each head(1) file header and its break, read as the file's stem and `: `."""
    if "<==" not in text:
        return []
    return [(*m.span(1), f"{m.group(2)}: ") for m in _HEAD_FILE.finditer(text)]


def fold_segments(text: str) -> list[Segment]:
    """Each fold of a calendar's or a card's content line, read as nothing."""
    if "BEGIN:V" not in text and "ATTENDEE" not in text and "ORGANIZER" not in text:
        return []
    return _found(text, _FOLD, "")


# HTML's inline-code element around a value (`KEY: <code>value</code>`, as a chat's HTML message body
# writes one: Microsoft Graph's chatMessage `contentType: html`, Slack's and Teams' code spans; raw,
# HTML- or JSON-escaped): the tags read as nothing, so the value is read under its label
_CODE_TAG = re.compile(r"(?:<|&lt;|\\u003[cC])/?code(?:>|&gt;|\\u003[eE])")
CODE_TAG_GATE = r"(?:<|&lt;|\\u003[cC])/?code(?:>|&gt;|\\u003[eE])"


def code_tag_segments(text: str) -> list[Segment]:
    """Each inline-code element's opening tag, read as nothing, and its closing tag, as a space."""
    if "code" not in text:
        return []
    # (the opening tag as nothing, the closing one as a space: the value ends where the element does)
    return [(m.start(), m.end(), " " if "/" in m.group() else "") for m in _CODE_TAG.finditer(text)]


# GDB's print of a `char *` argument or member: its address before the string (the GDB manual, "Print
# Settings", `set print address`: `set_quotes (lq=0x34c78 "<<", rq=0x34c88 ">>")`), read as the
# string alone, so `phone=0x7ffd… "…"` reads as the keyed value `phone="…"` it is
_GDB_ADDRESS = re.compile(r"(?<=[A-Za-z0-9_]=)(0x[0-9a-fA-F]{4,16} )(?=\\{0,3}\")")
GDB_ADDRESS_GATE = r"[A-Za-z0-9_]=0x[0-9a-fA-F]{4,16} \\{0,3}\""


def gdb_address_segments(text: str) -> list[Segment]:
    """Each address GDB prints before a string argument's value, read as nothing."""
    if "=0x" not in text:
        return []
    return _found(text, _GDB_ADDRESS, "")


# A label misread by an OCR (a screenshot's or a scan's text): the confusions of its letter shapes,
# `rn` before a letter read for `m` (a word's `rn` ending is its own: `return`), the digits `0`/`1`
# for `o`/`l` inside a word (`Narne:`, `Te1:`, `Ph0ne number`).
# Read back only in a label's place: a line's first word (after a table's or a quote's `|`), before a
# colon or closing its line (its second word too); a value is never touched. A reader still reads
# the field only where the corrected word is a label it knows.
_OCR_LABEL = re.compile(
    r"(?m)(?:^|(?<=\\n)|(?<=<br>))(?:\\?\|[ \t]{0,3})?[ \t]{0,4}"
    r"((?=[A-Za-z-]{0,20}(?:rn[a-z]|[A-Za-z][01]))[A-Za-z][A-Za-z01-]{1,20})"
    r"(?=(?: [A-Za-z01-]{2,20})?[ \t]*(?::|\r?\n|\\n|<br>|$))"
)
_CAMEL = re.compile(r"[a-z][A-Z]")
_OCR_CONFUSION = re.compile(r"rn(?=[a-z])|(?<=[A-Za-z])[01]")
OCR_LABEL_GATE = (
    r"(?:^|\n|\\n|<br>)[^\n]{0,8}[A-Za-z][A-Za-z-]{0,19}(?:rn[a-z]|[A-Za-z][01])[A-Za-z01-]{0,19}"
    r"(?: [A-Za-z01-]{2,20})?[ \t]*(?::|\r?\n|\\n|<br>|$)"
)


def ocr_label_segments(text: str) -> list[Segment]:
    """Each OCR confusion in a label's word, read as the letter it stands for."""
    segs: list[Segment] = []
    for m in _OCR_LABEL.finditer(text):
        if _CAMEL.search(m.group(1)):  # (an identifier, `SecretsManagerWarning:`, is no printed label)
            continue
        a = m.start(1)
        for c in _OCR_CONFUSION.finditer(m.group(1)):
            segs.append((a + c.start(), a + c.end(), {"rn": "m", "0": "o", "1": "l"}[c.group()]))
    return segs


# A page laid out in columns and converted to text (pdftotext's `-layout`, an OCR's or a print's
# text): a line's cells stand apart by runs of spaces. Read down a column as it was printed, a bill-to
# block reads `Bill to:` / the name / the street, which beside the right column's `Invoice no.: …` on
# each line no reader of a labelled block sees. The view drops each line's right column (from its
# first run of 6+ spaces after text to the line's end, the run's first space kept: a value's span
# ends before it, not on the dropped column's edge; a line's break raw, JSON-escaped or `<br>`);
# where that left cell is a field's label alone (1 to 4 words, no colon: a form's `Surname` then its
# value), the run is read as `: ` and the value kept, the next run dropping the rest.
# (only in a layout: 2 lines and more with such a run)
_GAP = re.compile(r"(?<=\S) {6,}(?=\S)")
_LINE_END = re.compile(r"\r?\n|\\r\\n|\\n|<br ?/?>")
# (a secret's label keeps its cells: `Password    Last changed` is a table's header as often as a
# field, and a secret's reader takes any word after its label; the words are `_WRAP`'s)
_SECRET_CELL = re.compile(r"(?i)secret|pass(?:word|wd|phrase|code)?|pwd|token|key|auth|cred")
_LABEL_CELL = re.compile(r"(?:^|  )[^\W\d_][\w()./-]{0,24}(?: [^\W\d_][\w()./-]{0,24}){0,3}$")
COLUMN_GATE = r"\S {6,}\S"


def column_segments(text: str) -> list[Segment]:
    """Each line's right column, read as nothing (a label's run before its value read as `: `)."""
    if "      " not in text:
        return []
    gaps = list(_GAP.finditer(text))
    if len(gaps) < 2:
        return []
    breaks = list(_LINE_END.finditer(text))
    ends = [m.start() for m in breaks]
    starts = [0, *(m.end() for m in breaks)]
    rows: list[tuple[int, int, int, int, bool]] = []  # (line, run start, run end, line end, labelled)
    done = -1  # (the end of the line already read: its other runs are in its dropped right column)
    i = 0
    for m in gaps:
        a, b = m.span()
        if a < done:
            continue
        while i < len(ends) and ends[i] < a:
            i += 1
        end = ends[i] if i < len(ends) else len(text)
        start = starts[i]
        lo = max(start, a - 60)
        cell = _LABEL_CELL.search(text[lo:a])
        label = cell is not None and (lo == start or cell.group().startswith("  "))
        label = label and _SECRET_CELL.search(cell.group()) is None  # type: ignore[union-attr]
        rows.append((i, a, b, end, label and text.find(":", max(start, a - 200), a) < 0))
        done = end
    # (a label's run read as `: ` only in a form's block, a labelled line beside another: a table's
    # header row over a data row (`Password    Last changed` / `********    2026-01-02`) stays cells)
    labelled = {row[0] for row in rows if row[4]}
    segs: list[Segment] = []
    for line, a, b, end, label in rows:
        if label and (line - 1 in labelled or line + 1 in labelled):
            segs.append((a, b, ": "))
            nxt = _GAP.search(text, b, end)
            if nxt is not None:
                segs.append((nxt.start() + 1, end, ""))
        else:
            segs.append((a + 1, end, ""))
    # (an HTML break read as the line's break it is, so a label's value on the next line is read)
    segs.extend((m.start(), m.end(), "\n") for m in breaks if m.group().startswith("<"))
    return segs


def reshaped(text: str, segments: list[Segment]) -> tuple[str, Escapes] | None:
    """The text with every segment replaced by its reading, as one view (not a chain of views: the
    segments of the four readings are found on the original text, in order, the first of two that
    overlap kept: a wrapped value's break covers the next line's margin)."""
    parts: list[str] = []
    escapes: list[tuple[int, int, int, int]] = []
    pos = shift = 0
    for a, b, out in sorted(segments, key=lambda g: (g[0], -g[1])):
        if a < pos:
            continue
        parts.append(text[pos:a])
        parts.append(out)
        escapes.append((a + shift, a + shift + len(out), a, b))
        shift += len(out) - (b - a)
        pos = b
    if not escapes:
        return None
    parts.append(text[pos:])
    return "".join(parts), tuple(escapes)
