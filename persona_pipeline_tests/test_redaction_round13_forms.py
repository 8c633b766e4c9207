"""Round 13's wrappers, by their encodings' grammar (issue 17): text whose characters a form hides
(format characters, full-width forms, `String.fromCharCode`, UTF-16 bytes, `escape()`, RTF) is
scanned through a decoded view, and what is found there is redacted in place. Values are our own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from persona_pipeline.core.evidence.redaction import text_forms as tf
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.timing import assert_linear

R = Redactor(b"f" * 32)
SECRET = "ghp_Q7wz3LmK9rTb2XcV8nYp4HsJd6FgAe1Ui0Ok"  # a GitHub classic token shape, made up here
MAIL = "oriane.vastel@quillmoor.net"


def _full(s: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if 0x21 <= ord(c) <= 0x7E else "\u3000" if c == " " else c for c in s)


def _utf16(s: str, order: str = "utf-16-le") -> str:
    return "".join(chr(b) if 32 <= b < 127 and b not in (0x5C, 0x27) else f"\\x{b:02x}" for b in s.encode(order))


def _rtf(s: str) -> str:
    return "".join(f"\\u{ord(c)}?" for c in s)


def _js(s: str) -> str:
    return "".join(c if c.isalnum() else f"%u{ord(c):04X}" if ord(c) > 255 else f"%{ord(c):02X}" for c in s)


# each encoding is piecewise (a part's encoding occurs in the whole's): (encoder, frame of the line)
FORMS = [
    (_full, "{}"),
    (lambda s: s.replace(" ", "\u00a0").replace("_", "_\u200b"), "{}"),
    (lambda s: "".join(c + "\u2060" for c in s), "{}"),
    (lambda s: "".join(f"{ord(c)}, " for c in s), "console.log(String.fromCharCode({}0));"),
    (_utf16, "data = b'\\xff\\xfe{}'"),
    (lambda s: _utf16(s, "utf-16-be"), "raw = b'\\xfe\\xff{}'"),
    (_js, "document.cookie = 'x=' + '{}%E9%u20AC'"),
    (_rtf, "before {{\\rtf1\\ansi{{\\fonttbl{{\\f0 Arial;}}}}\\f0 {}\\par\n}} after"),
]


@pytest.mark.parametrize("i", range(len(FORMS)))
def test_form_hides_no_secret(i: int) -> None:
    enc, frame = FORMS[i]
    text = frame.format(enc(f"deploy with token {SECRET} tonight"))
    out = R.redact(text).text
    needle = enc(SECRET[8:20])
    assert needle in text and needle not in out, out
    assert enc("tonight") in out  # (the rest of the text stays)


def test_form_hides_no_email() -> None:
    zw = MAIL.replace("@", "@\u200b").replace(".", ".\u200b")
    for text in (_full(f"write to {MAIL} please"), f"write to {zw}"):
        assert MAIL.split("@")[0][:8] not in R.redact(text).text, text


def test_views_map_back_and_keep_plain_text() -> None:
    t = "see ＡＢＣ\u200bＤ and\u00a0x"
    v = tf.typographic_view(t)
    assert v is not None and v.text == "see ABCD and x"
    assert t[slice(*v.to_original(4, 8))] == "ＡＢＣ\u200bＤ"
    assert tf.form_views("plain ascii text, nothing to decode") == ()
    assert tf.char_code_view("String.fromCharCode(104, 105)").text == "String.fromCharCode(hi)"  # type: ignore[union-attr]
    # (a bytes literal with a few zero bytes is no UTF-16 text)
    assert tf.utf16_bytes_view("b'\\x00\\x01ab\\x00'") is None
    # an RTF document is decoded inside its group only: the text around keeps its lines
    v = tf.rtf_view("a\nb {\\rtf1 x\\par\ny} c\nd")
    assert v is not None and v.text == "a\nb x\ny c\nd"


def test_auth_scheme_word_is_not_shared_as_a_value() -> None:
    # a label then `Bearer <token>`: the scheme word is not redacted in the batch's other texts
    texts = ["session.cookie.v2\tBearer Zr8Kq2Wm5Xt1Bv7Nc3Lp9Hd4Fs6Gj0Ya\n", "Authorization uses the Bearer scheme"]
    spans = R.spans_many(texts)
    assert spans[1] == [], spans[1]


@pytest.mark.parametrize(
    ("build", "n"),
    [
        (lambda n: "\u200b" * n, 200_000),
        (lambda n: "ａ" * n, 200_000),
        (lambda n: "String.fromCharCode(" + "1," * n, 100_000),
        (lambda n: "b'" + "a\\x00" * n, 50_000),
        (lambda n: "%u0041" * n, 40_000),
        (lambda n: "{\\rtf1 " + "\\u65?" * n, 40_000),
        (lambda n: "{\\rtf1" * n, 30_000),
        (lambda n: "{\\rtf1 a}" * n, 22_222),  # many small documents (a sort per document over all was quadratic)
        (lambda n: "M-" * n + "$\n", 100_000),
        (lambda n: "a$\n" * n, 70_000),
        (lambda n: '"&CHAR(' * n, 30_000),
    ],
)
@pytest.mark.parametrize("form", tf._FORMS, ids=lambda form: form.__name__)
def test_adversarial_forms_stay_linear(build: Callable[[int], str], n: int, form: Callable[[str], object]) -> None:
    assert_linear(form, build, n)


def test_concatenation_operand_is_no_value() -> None:
    # a quoted label joined to the next line's string by a line-break constant: the operand between
    # them is code, redacted neither there nor wherever else it recurs in the batch
    texts = ['Debug.Print "SMTP password:" & vbLf & "relay ok"', 'x = "a" & vbLf & "b"', "q := 'k:' || chr(10) || 'v'"]
    assert R.spans_many(texts) == [[], [], []]


def test_concatenated_constants_are_read_as_characters() -> None:
    v = tf.concat_view('MsgBox "key:" & vbTab & "v" & vbCrLf & "end"')
    assert v is not None and v.text == 'MsgBox "key:\tv\nend"'
    v = tf.concat_view('="a"&CHAR(10)&"b"')
    assert v is not None and v.text == '="a\nb"'
    assert tf.concat_view('total = "a" & someVariable & "b"') is None  # (not a known constant)
    text = f'MsgBox "deploy token" & vbTab & "{SECRET}" & vbCrLf & "done"'
    assert SECRET[4:16] not in R.redact(text).text


def test_cat_a_notation_is_read() -> None:
    # `cat -A`: `$` line ends, `^I` tabs, `M-` bytes (UTF-8 of é and ô here)
    text = "$ cat -A contacts.tsv\nowner:^IMarl" + "M-CM-(" + "ne Dub" + "M-CM-4" + "is$\nnote^Inone$\n"
    v = tf.cat_a_view(text)
    assert v is not None and "owner:\tMarlène Dubôis\nnote\tnone\n" in v.text
    assert tf.cat_a_view("price is 5$\nok") is None  # (one line ending in `$`, no notation: no block)
    mail = "Marl" + "M-CM-(" + "ne.dub@quillmoor.net"
    out = R.redact(f"$ cat -A owners.txt\ncontact^I{mail}$\nrole^Iadmin$\n").text
    assert "quillmoor" not in out, out
    assert "]$\nrole" in out, out  # (the notation's line end stays after the redacted value)
    assert R.redact(out).text == out


def test_several_rtf_documents_map_back() -> None:
    # two RTF documents, each with `\uN` runs flushed mid-document: every view offset maps back onto
    # the characters that encode it, so a value found in the second one is redacted where it is
    doc = "{\\rtf1\\ansi \\u9472?\\u9472? id\\par\n\\u9474? " + "VALUE \\u9474?\\par\n}"
    text = "first " + doc.replace("VALUE", "none") + "\nthen " + doc.replace("VALUE", MAIL) + " end"
    v = tf.rtf_view(text)
    assert v is not None
    i = v.text.index(MAIL)
    assert text[slice(*v.to_original(i, i + len(MAIL)))] == MAIL
    assert MAIL not in R.redact(text).text


def test_full_width_punctuation_alone_builds_no_view() -> None:
    # (CJK prose is full of full-width punctuation; folding it exposes nothing, so no view is built)
    prose = "今天先把日志模块拆开（第二步再测），然后合并。明天呢？"
    assert tf.typographic_view(prose) is None
    assert tf.typographic_view(prose + "版本２") is not None  # a full-width digit can hide a value
    assert tf.typographic_view(prose.replace("，", "\u3000")) is not None  # so can a wide space
    # (punctuation touching ASCII is kept: read as `;` it ends an ASCII value for the rules)
    assert tf.typographic_view("部署到 Kestrel Vale；下午再看") is not None


def test_value_after_full_width_separator_is_still_found() -> None:
    # (a full-width `：`/`＝` next to ASCII is a key-value separator: the view is still built there)
    value = "Hq4Tn8Vc2Lx6Pd"  # no token shape of its own: only the key before it marks it
    for text in (f"备用 passphrase＝{value} 下周换掉", f"secret：{value}（已撤销）"):
        spans = R.spans_many([text])[0]
        at = text.index(value)
        assert any(s.start <= at and at + len(value) <= s.end for s in spans), spans


def test_an_unclosed_rtf_document_ends_at_plain_text() -> None:
    # a document cut off (or whose closing braces an earlier redaction took) ends before the first
    # plain line after it: the lines after keep their breaks, so a second pass reads what the first did
    doc = "{\\rtf1\\ansi{\\fonttbl{\\f0 Georgia;}}\\f0 Ren\\'e9e Fontaine\\par\n\\u9472?\\u9472?\\par\n}"
    tail = '\n\nthe config says:\n{"retryLimit": 7, "cacheMinutes": 12}\nany idea why?'
    for text in (doc + tail, doc.replace(";}}", ";") + tail, doc[:-1] + tail):
        v = tf.rtf_view(text)
        assert v is not None and "Renée Fontaine" in v.text and "12}\nany idea why?" in v.text
        once = R.redact(text).text
        assert R.redact(once).text == once
        assert "12}\nany idea why?" in once


def test_many_unclosed_rtf_documents_stay_linear() -> None:
    def view(text: str) -> None:
        assert tf.rtf_view(text) is not None

    # 4x the documents: linear, not 16x (best of three runs, as every ratio check here)
    assert_linear(view, lambda n: "{\\rtf1\\ansi x\\par\nplain words here\n" * n, 16_000)
