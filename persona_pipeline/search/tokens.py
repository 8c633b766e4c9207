"""Search tokens: lowercase words that keep identifiers whole as well as in parts.

`snake_case` gives `snake_case`, `snake`, `case`; `pytest -x` gives `pytest`, `-x`; `foo.bar()`
gives `foo.bar`, `foo`, `bar`; `getUserName` also gives `get`, `user`, `name`. A redaction
placeholder `[REDACTED:aws_access_key:ab12cd34]` gives only its type, `aws_access_key`, so a
search can find "where did a key leak" without the placeholder's other parts (the word
"redacted", its HMAC) matching anything. The same function tokenises documents and queries.
"""

from __future__ import annotations

import re

# Bumped when tokens change: part of the index fingerprint, so old indexes are rebuilt.
TOKENIZER_VERSION = "2"

# Same shape as evidence.redaction.spans.PLACEHOLDER_RE (not imported: that pulls in re2 and the
# detectors, and the CLI must start fast).
_PLACEHOLDER = re.compile(r"\[REDACTED:([a-z0-9_]+)(?::[0-9a-f]{8})?\]", re.IGNORECASE)
_WORD = re.compile(r"\w+")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
# Punctuation trimmed from the ends of a whitespace-separated chunk (sentence marks, quotes,
# brackets); a leading "-" stays so command-line flags (`-x`, `--no-verify`) remain whole.
_TRIM = "\"'`()[]{}<>,;:!?.*=…“”‘’"

_STOPWORDS_TEXT = """a an and are as at be been but by can could did do does for from had has have he her him his
    how i if in into is it its just me my of on or our over she so than that the their them then there
    these they this those to too up us was we were what when where which who why will with would you your
    yours am been being let lets ok okay please"""
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())


# Query-side weight of a derived token (a part of an identifier, a plural's singular): a query
# for `aws_access_key` or `errors` still finds "access key" / "error", below the exact form.
DERIVED_WEIGHT = 0.5


def tokenize(text: str) -> list[str]:
    """Tokens of one document, in order, with repeats (BM25 counts term frequency)."""
    out: list[tuple[str, bool]] = []
    _scan(text, out)
    return [t for t, _ in out]


class CorpusTokenizer:
    """Tokenises many documents into bm25s token ids, building the vocabulary as it goes.
    Whitespace-separated chunks repeat a lot (Zipf), so each distinct chunk is tokenised once;
    the same tokens as `tokenize`."""

    def __init__(self, max_cached: int = 1_000_000) -> None:
        self.vocab: dict[str, int] = {}
        self._chunks: dict[str, tuple[int, ...]] = {}
        self._max_cached = max_cached

    def ids(self, text: str) -> list[int]:
        if "[" in text and "REDACTED" in text.upper():
            text = _PLACEHOLDER.sub(lambda m: f" \x00{m.group(1).lower()} ", text)
        out: list[int] = []
        chunks, vocab = self._chunks, self.vocab
        for chunk in text.split():
            got = chunks.get(chunk)
            if got is None:
                pairs: list[tuple[str, bool]] = []
                _scan_chunk(chunk, pairs)
                got = tuple(vocab.setdefault(t, len(vocab)) for t, _ in pairs)
                if len(chunks) < self._max_cached:
                    chunks[chunk] = got
            out.extend(got)
        return out


def query_weights(query: str) -> dict[str, float]:
    """The query's distinct tokens with their weights: 1 for a word or whole identifier as typed,
    DERIVED_WEIGHT for what was derived from one (parts, singulars). Documents hold both kinds,
    so an identifier typed whole matches it exactly and its parts match loosely."""
    out: list[tuple[str, bool]] = []
    _scan(query, out)
    weights: dict[str, float] = {}
    for token, derived in out:
        weights[token] = max(weights.get(token, 0.0), DERIVED_WEIGHT if derived else 1.0)
    return weights


def _scan(text: str, out: list[tuple[str, bool]]) -> None:
    """(token, derived) pairs of `text`."""
    if "[" in text and "REDACTED" in text.upper():
        text = _PLACEHOLDER.sub(lambda m: f" \x00{m.group(1).lower()} ", text)
    for chunk in text.split():
        _scan_chunk(chunk, out)


def _scan_chunk(chunk: str, out: list[tuple[str, bool]]) -> None:
    """(token, derived) pairs of one whitespace-separated chunk."""
    if chunk[0] == "\x00":  # a placeholder's type: one token, never split
        out.append((chunk[1:], False))
        return
    whole = chunk.strip(_TRIM)
    if not whole:
        return
    words = _WORD.findall(whole)
    if len(words) == 1 and words[0] == whole:
        _add_word(whole, out, derived=False)
        return
    # an identifier with punctuation inside (`foo.bar`, `-x`, `a/b.py`): whole, then its words
    lower = whole.lower()
    if len(lower) > 1 and words and lower not in STOPWORDS:
        out.append((lower, False))
    for word in words:
        _add_word(word, out, derived=True)


def _append(token: str, out: list[tuple[str, bool]], derived: bool) -> None:
    """The token, and its singular as well when it looks like a plural (`errors` also gives
    `error`), so "test failures" finds "test failure" while the exact form (`polars`) scores
    higher. `class`, `status`, `this` are not plurals."""
    out.append((token, derived))
    if len(token) > 3 and token[-1] == "s" and token[-2] not in "siu" and token.isalpha():
        out.append((token[:-1], True))


def _add_word(word: str, out: list[tuple[str, bool]], derived: bool) -> None:
    lower = word.lower()
    if len(lower) > 1 and lower not in STOPWORDS:
        _append(lower, out, derived)
    parts = [p for p in lower.split("_") if p] if "_" in word else []
    if not parts and not word.islower() and not word.isupper() and not word.isdigit():
        parts = [p.lower() for p in _CAMEL.findall(word)]  # camelCase / PascalCase
    if len(parts) > 1:
        for part in parts:
            if len(part) > 1 and part not in STOPWORDS:
                _append(part, out, derived=True)
