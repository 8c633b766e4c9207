"""The redactor: secrets and PII replaced by typed, keyed placeholders, in batches.

Runs on decoded strings (never raw JSON lines), is deterministic for a given key and idempotent
(existing placeholders are never re-detected). A text whose redaction raises is returned as None:
the caller drops that field rather than store it raw. A lone surrogate (a file name's undecodable
byte) is U+FFFD in the redacted text, as every detector saw it.
"""

from __future__ import annotations

import logging
import os
import re
import secrets as _secrets
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any

import re2

from persona_pipeline.core.evidence.redaction import pii, public_people
from persona_pipeline.core.evidence.redaction.address_rows import names_beside_addresses
from persona_pipeline.core.evidence.redaction.address_tails import address_tails
from persona_pipeline.core.evidence.redaction.announcements import announced_name_spans
from persona_pipeline.core.evidence.redaction.birth_dates import owned_by_a_thing
from persona_pipeline.core.evidence.redaction.contact_neighbours import contact_neighbours
from persona_pipeline.core.evidence.redaction.document_names import name_tails
from persona_pipeline.core.evidence.redaction.label_links import detect_pairs, linked_label_spans
from persona_pipeline.core.evidence.redaction.matching import Prepared, Rx, prepare, utf8_safe
from persona_pipeline.core.evidence.redaction.name_recurrence import recurring_name_spans
from persona_pipeline.core.evidence.redaction.person_records import record_member_spans
from persona_pipeline.core.evidence.redaction.phone_check import business_line_at, filler_number_at, grouped_quantity
from persona_pipeline.core.evidence.redaction.public_places import place_address, station_name_part, street_name_part
from persona_pipeline.core.evidence.redaction.secrets import (
    CONCAT_OPERAND,
    betterleaks_values,
    generated_spans,
    inside_word,
    own_rule_spans,
    own_rule_spans_many,
    used_as_name,
    value_spans,
)
from persona_pipeline.core.evidence.redaction.spans import LABEL_KINDS, Span, apply_spans, merge_spans, protected_ranges
from persona_pipeline.core.evidence.redaction.specimens import specimen_address, specimen_name
from persona_pipeline.core.evidence.redaction.street_grammar import sentence_end
from persona_pipeline.core.evidence.redaction.text_forms import scan_views
from persona_pipeline.core.evidence.redaction.views import View, reshaped
from persona_pipeline.core.evidence.redaction.wrapped_keys import wrapped_key_spans

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Redacted:
    text: str
    counts: dict[str, int] = field(default_factory=dict)


def load_or_create_key(path: Path) -> bytes:
    """The HMAC key for placeholders lives beside the warehouse, never in git. Created at most once
    even when several threads or processes ask at the same moment: the first link wins and every
    caller reads the winner's key (two keys would give one secret two placeholders)."""
    try:
        return bytes.fromhex(path.read_text().strip())
    except (OSError, ValueError):
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{_secrets.token_hex(4)}.tmp")
    tmp.write_text(_secrets.token_bytes(32).hex())
    os.chmod(tmp, 0o600)
    try:
        if path.exists():  # unreadable or damaged: replaced, as before
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)  # atomic and exclusive: fails when another caller won
            except FileExistsError:
                pass
            except OSError:  # a filesystem without hard links
                os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return bytes.fromhex(path.read_text().strip())


# The HTTP authentication scheme names (IANA's registry, RFC 7235 and the RFCs it lists, plus the
# widespread unregistered `Token`/`Api-Key`): a word that introduces a credential, never one; a
# value found equal to one is not redacted wherever else it occurs (every `Authorization:` header)
_AUTH_SCHEMES = frozenset(
    (
        *("basic", "bearer", "digest", "hoba", "mutual", "negotiate", "oauth", "scram-sha-1", "scram-sha-256"),
        *("vapid", "token", "api-key", "apikey", "privatetoken", "dpop", "gnap", "concealed"),
    )
)
_MIN_SHARED = 6  # the engine's own minimum: a shorter value (`-pX`) would mask ordinary text elsewhere
# The `user:` half of a basic-auth option's argument (`curl -u user:V`, `--user 'user:V'`) just
# before an own-rule span: the span stays for the engine, whose rule takes user and password.
_USER_ARG_HEAD = re.compile(r"(?:^|[ \t])(?:-u|--user|--proxy-user)[ \t=]*[\"']?[^\s:\"'`]{1,64}:[\"']?\Z")
_USER_ARG_REACH = 96


def own_spans(text: Prepared) -> list[Span]:
    """Our own rules' spans of a prepared text, computed once (the engine's input is masked with
    them, and the text's redaction uses them again)."""
    cached: list[Span] | None = getattr(text, "own_spans", None)
    if cached is None:
        cached = own_rule_spans(text)
        text.own_spans = cached  # type: ignore[attr-defined]
    return list(cached)


def _own_spans_many(texts: list[Prepared]) -> None:
    """`own_spans` of every text not yet computed, rule by rule over them all."""
    todo = list({id(t): t for t in texts if getattr(t, "own_spans", None) is None}.values())
    for text, spans in zip(todo, own_rule_spans_many(todo), strict=True):
        text.own_spans = spans  # type: ignore[attr-defined]


def _masked(text: Prepared) -> str:
    """The text with our own rules' findings cut to `REDACTED`: the secret engine need not weigh
    them again (nor can it find a part of one: their values are ours already). The stand-in is
    one the engine's findings are dropped for: a plain `x` became the start of a "value"
    (`x</code></pre>`) that was then redacted wherever else it occurs in the batch.

    A value our rules know by its label alone stays for the engine to see: a vendor's format it
    recognises names the same span better (`merge_spans`), and is what a reader should see."""
    spans = merge_spans(
        [s for s in own_spans(text) if s.kind not in LABEL_KINDS and not _after_auth_user(text, s.start)], []
    )
    if not spans:
        return text
    parts: list[str] = []
    pos = 0
    for s in spans:
        parts.append(text[pos : s.start])
        parts.append("REDACTED")
        pos = s.end
    parts.append(text[pos:])
    return "".join(parts)


def _after_auth_user(text: str, start: int) -> bool:
    """Whether `start` is a basic-auth option's password, after its `user:` (masked, the engine's
    `user:password` finding would be lost and the user's name left in clear)."""
    return text[start - 1 : start] in (":", '"', "'") and bool(
        _USER_ARG_HEAD.search(text, max(0, start - _USER_ARG_REACH), start)
    )


class _Found(dict[str, str]):
    """A batch's secret values (value -> placeholder type) with where each occurs in the texts
    they are looked for in (the batch's texts and their views' windows): one `str.find` loop per
    value over the texts joined, not one per value and text."""

    def __init__(self, values: dict[str, str], texts: list[Prepared]) -> None:
        super().__init__(values)
        # keyed by content, not identity: a view rebuilt after its cache entry was evicted (a batch
        # of more texts than `decoded_views` caches) has new window objects with the same text
        texts = list(dict.fromkeys(texts))
        self.texts = texts
        self.hits: dict[str, list[Span]] = {t: [] for t in texts}
        if values and texts:
            self._find(values, texts)
        for t, hits in self.hits.items():
            hits.extend([r for h in hits for r in _glued_rest(t, h)])

    def _find(self, values: dict[str, str], texts: list[Prepared]) -> None:
        starts = list(accumulate((len(t) + 1 for t in texts), initial=0))
        joined = "\0".join(texts)
        lists = [self.hits[t] for t in texts]
        for value, kind in values.items():
            if "\0" in value:  # could span two texts: looked for text by text
                for t, hits in zip(texts, lists, strict=True):
                    hits.extend(value_spans(t, {value: kind}))
                continue
            n = len(value)
            pos = joined.find(value)
            alpha = value.isalpha()
            while pos >= 0:  # the separator is in no value: no occurrence spans two texts
                i = bisect_right(starts, pos) - 1
                if not (alpha and inside_word(joined, pos, pos + n, value)):  # ("\0" is no word character)
                    lists[i].append(Span(pos - starts[i], pos - starts[i] + n, kind))
                pos = joined.find(value, pos + n)


def _glued_rest(text: str, s: Span) -> list[Span]:
    """The rest of a longer word a value was found in (`AKIA…<value>`), when that rest is long
    enough to be something: redacted alone, the value's placeholder would give it the boundary a
    detector needs, and a second pass would find what the first did not (an access key id, then
    its secret nearby). The rest is its own span: the value keeps its own placeholder."""
    out: list[Span] = []
    if s.start and _word_char(text[s.start]):
        start = s.start
        while start and _word_char(text[start - 1]):
            start -= 1
        if s.start - start >= 8:
            out.append(Span(start, s.start, s.kind))
    if s.end < len(text) and _word_char(text[s.end - 1]):
        end = s.end
        while end < len(text) and _word_char(text[end]):
            end += 1
        if end - s.end >= 8:
            out.append(Span(s.end, end, s.kind))
    return out


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


_SPACE = re.compile(r"\s")


def _placeholder_words(text: str, protected: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The whitespace-free runs of the text that hold an existing placeholder, disjoint and in
    order (so `_touches` can bisect them).

    One pass: each search resumes where the previous placeholder's stopped (a search from the
    text's start, or to its end, per placeholder was quadratic on a text of many placeholders)."""
    out: list[tuple[int, int]] = []
    last_space, scanned_to = -1, 0  # the last space before `scanned_to`
    searched_from, next_space = 0, -1  # the first `_SPACE` at or after `searched_from` (len: none)
    for ps, pe in sorted(protected):
        if ps > scanned_to:
            last_space = max(last_space, *(text.rfind(c, scanned_to, ps) for c in " \t\n\r\f\v"))
            scanned_to = ps
        start = last_space + 1
        if not searched_from <= pe <= next_space:
            m = _SPACE.search(text, pe)
            searched_from, next_space = pe, m.start() if m else len(text)
        end = next_space
        if _may_hold_digit_groups(text[ps:pe]):
            start, end = _digit_groups_before(text, start), _digit_groups_after(text, end)
        if out and start <= out[-1][1]:  # the same word, or overlapping: one run
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


# a group of a grouped number: digits, with the signs a number is written with (`+48`, `(0)`, `12.`)
_GROUP_CHARS = frozenset("0123456789+()-./\u2013")
_MAX_GROUPS = 8  # a bank account's 2+6x4 is seven; bounds the walk on a long run of numbers
# (and a group's length: the walk never scans a long word, once per placeholder of a long run)
_MAX_GROUP = 24


# kinds whose values are words, never a group of a longer number: the digit groups beside their
# placeholder were judged apart from them by the first pass already (`tel. 0401 234 567 Ana Lima`)
_WORD_KINDS = frozenset(("person_name", "email", "user_name"))


def _may_hold_digit_groups(placeholder: str) -> bool:
    return placeholder[len("[REDACTED:") :].split(":", 1)[0].rstrip("]") not in _WORD_KINDS


def _is_group(word: str) -> bool:
    """A digit group, or a dash or dot standing alone between two (`110488209 - 0401…`: a phone
    label's run reads on over it)."""
    return bool(word) and all(c in _GROUP_CHARS for c in word) and (any(c.isdigit() for c in word) or len(word) == 1)


_BLANKS = " \t"
_MAX_GAP = 4  # blanks between two groups: a form's or a copy-paste's spacing inside one number


def _digit_groups_before(text: str, start: int) -> int:
    """`start` moved back over the digit groups a few blanks apart before a placeholder's word: the
    first pass replaced part of a longer grouped number (a card's 16 digits read inside a 26-digit
    account), and the groups it left were no number of their own while the run went on. Beside the
    placeholder they are read anew (`40 7666 [REDACTED:…]` as a phone); so they belong to its word."""
    for _ in range(_MAX_GROUPS):
        gap = start
        while gap > 0 and start - gap < _MAX_GAP and text[gap - 1] in _BLANKS:
            gap -= 1
        if gap == start or gap == 0 or text[gap - 1] not in _GROUP_CHARS:
            break
        lo = gap
        while lo and gap - lo <= _MAX_GROUP and not text[lo - 1].isspace():
            lo -= 1
        if gap - lo > _MAX_GROUP or not _is_group(text[lo:gap]):
            break
        start = lo
    return start


def _digit_groups_after(text: str, end: int) -> int:
    """`end` moved on over the digit groups a few blanks apart after a placeholder's word (see
    `_digit_groups_before`)."""
    for _ in range(_MAX_GROUPS):
        gap = end
        while gap < len(text) and gap - end < _MAX_GAP and text[gap] in _BLANKS:
            gap += 1
        if gap == end or gap == len(text) or text[gap] not in _GROUP_CHARS:
            break
        hi = gap
        while hi < len(text) and hi - gap <= _MAX_GROUP and not text[hi].isspace():
            hi += 1
        if hi - gap > _MAX_GROUP or not _is_group(text[gap:hi]):
            break
        end = hi
    return end


def _touches(start: int, end: int, words: list[tuple[int, int]]) -> bool:
    """Whether a finding is in the same word as an existing placeholder (`AKIA…[REDACTED:…]`,
    `[REDACTED:…]@user@host.io`): redaction changed that word, and what a detector finds in its
    rest now (a word boundary, an `@` after no user name) it did not find before. Found on a
    second pass, it would change the text again; a finding there was redacted with the first."""
    # the last run starting before the finding's end is the only one that can overlap it
    i = bisect_left(words, (end,)) - 1
    return i >= 0 and words[i][1] > start


def _unglued(text: str, spans: list[Span]) -> tuple[list[Span], list[tuple[int, int]]]:
    """The spans less those `_touches` rejects, and the text's placeholders."""
    protected = protected_ranges(text)
    if protected:
        words = _placeholder_words(text, protected)
        spans = [s for s in spans if not _touches(s.start, s.end, words)]
    return spans, protected


_NAME_CHECK_BUDGET = 20_000_000  # characters


def _found_values(scanned: list[Prepared]) -> dict[str, str]:
    """The secret values found in the scanned texts (the engine's, then our own rules'), each
    redacted wherever it recurs in the batch (one source unit's fields): a password a person
    labelled once and then pasted bare is still theirs, however word-like (`Summer2024!`).

    The engine scans each text alone: packed together, a rule's label in one text reached a value
    at the start of the next (`heroku setup:` + a request id), so what it found depended on the
    batch and its order, and on the lengths redaction changes (a second pass found new values).
    A value is kept only where its finding is not on an existing placeholder: a finding the text
    itself protects must not be redacted elsewhere either (else a batch is not idempotent even
    when each of its texts is)."""
    per_text: dict[str, tuple[dict[str, str], dict[str, str]]] = {}
    _own_spans_many(scanned)  # (our rules over the whole batch first: `own_rule_spans_many`)
    for p in scanned:
        if p in per_text:
            continue
        protected = _placeholder_words(p, protected_ranges(p))
        engine = betterleaks_values([_masked(p)]) if len(p) >= _MIN_SHARED else {}
        if protected:
            engine = {
                v: k
                for v, k in engine.items()
                if any(not _touches(s.start, s.end, protected) for s in value_spans(p, {v: k}))
            }
        own: dict[str, str] = {}
        for s in own_spans(p):
            if s.end - s.start >= _MIN_SHARED and not _touches(s.start, s.end, protected):
                own.setdefault(p[s.start : s.end], s.kind)
        per_text[p] = (engine, own)
    shared: dict[str, str] = {}
    for which in (0, 1):  # the engine's type for a value both name
        tier: dict[str, str] = {}
        for found in per_text.values():
            for value, kind in found[which].items():
                # one type whatever the batch's order: the least of those its texts give
                if value not in shared and (value not in tier or kind < tier[value]):
                    tier[value] = kind
        shared.update(tier)
    # a value one text labelled that another uses as a code name (`class Credentials:` beside
    # `response['Credentials']`): the name, not a secret; redacted nowhere
    # (bounded: past a budget of characters scanned the values stay shared — more redaction, and
    # a batch of thousands of labelled values stays linear)
    for value in [v for v in shared if v.casefold() in _AUTH_SCHEMES or CONCAT_OPERAND.fullmatch(v) or markup_only(v)]:
        # (a rule that took the scheme word of `<label> Bearer <token>`, or the operand of a string
        # concatenation between a quoted label and the next line, for the value)
        del shared[value]
    names = [v for v in shared if v[:1].isalpha() and v.replace("_", "").replace(".", "").isalpha()]
    if names and len(names) * sum(map(len, per_text)) <= _NAME_CHECK_BUDGET:
        for value in names:
            if any(value in p and used_as_name(p, value) for p in per_text):
                del shared[value]
    return shared


# an HTML character reference, whole or cut at its `;` (`&quot;`, `&#61;`, `&amp`)
_CHAR_REF = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});?")


def markup_only(value: str) -> bool:
    """Whether a found value holds no letter or digit but those of character references (`=&quot`:
    a key's padding and the escaped quote after it, cut off in a view), or is only backslashes and
    quotes (an escaped quote's escapes, read as a bare value): redacted wherever it recurs, it took
    the markup or escapes of every such text in the batch. Any other value of symbols alone (a
    password `-_-_!!`) stays shared."""
    if not value.strip("\\\"'"):
        return True
    return "&" in value and not any(c.isalnum() for c in _CHAR_REF.sub("", value))


def _value_spans(text: Prepared, found: dict[str, str]) -> list[Span]:
    hits = found.hits.get(text) if isinstance(found, _Found) else None
    return list(hits) if hits is not None else value_spans(text, found)


def _identifier_patterns(identifiers: Sequence[tuple[str, str]]) -> list[tuple[Any, str]]:
    """(value, kind) -> compiled case-insensitive literal matchers, longest first so an email
    wins over the user name inside it. Values shorter than 3 chars would mask ordinary words."""
    seen: set[str] = set()
    out: list[tuple[Any, str]] = []
    for value, kind in sorted(identifiers, key=lambda vk: -len(vk[0])):
        v = value.strip()
        if len(v) < 3 or v.lower() in seen or v.lower() in pii._SYSTEM_ACCOUNTS:
            continue
        seen.add(v.lower())
        boundary = r"\b" if v[0].isalnum() and v[-1].isalnum() else ""
        pattern = rf"(?i){boundary}{re2.escape(v)}{boundary}"
        out.append((Rx(pattern) if pattern.isascii() else re2.compile(pattern), kind))
    return out


def _not_personal(text: str, s: Span) -> bool:
    """Whether the span's value is public after all (by what the text says around it)."""
    if s.kind == "address":
        return place_address(text, s.start, s.end) or specimen_address(text, s.start, s.end)
    if s.kind == "phone":
        return (
            business_line_at(text, s.start, s.end)
            or filler_number_at(text, s.start, s.end)
            or pii.in_example_iban(text, s.start, s.end)
            or grouped_quantity(text, s.start, s.end)
        )
    if s.kind == "person_name":
        return (
            specimen_name(text, s.start, s.end)
            or street_name_part(text, s.start, s.end)
            or station_name_part(text, s.start, s.end)
            or public_people.long_dead(text, s.start, s.end)
            or public_people.pgn_opening_name(text, s.start, s.end)
        )
    if s.kind == "date_of_birth":
        return owned_by_a_thing(text, s.start)
    return False


def _to_sentence_end(text: str, spans: list[Span]) -> list[Span]:
    """The spans with each address ending at a sentence's full stop inside it (`street_grammar.sentence_end`:
    `… 11000 Beograd. For the …` keeps `For the`), whichever detector or tail read it on."""
    out = []
    for s in spans:
        if s.kind == "address" and text.find(".", s.start, s.end) >= 0:
            end = sentence_end(text, s.start, s.end)
            if end < s.end:
                s = Span(s.start, end, s.kind)
        out.append(s)
    return out


def _personal(text: str, spans: Iterable[Span]) -> list[Span]:
    """The PII spans less the addresses the text attributes to a place or an organisation (or a
    placeholder town), the phone numbers its numbering plan allocates to businesses (toll-free,
    shared-cost, premium) or that are a documented example IBAN's groups, the specimen people of
    forms and samples (`specimens`), names that are part of a street's or a station's name, and birthdays the
    text positively gives a thing (`our library's birthday`)."""
    return [s for s in spans if not _not_personal(text, s)]


def _dead_vetoed(text: str, candidates: Iterable[Span], spans: list[Span]) -> list[Span]:
    """The names kept as long dead whose sign (the lifespan or birth year after them) holds a value
    redacted after all: once that value is a placeholder a second pass sees no sign and would take
    the name, so the first pass takes it (idempotence)."""
    out = []
    for s in candidates:
        if s.kind != "person_name":
            continue
        sign_end = public_people.long_dead_sign(text, s.start, s.end)
        if sign_end is not None and any(o.start < sign_end and o.end > s.end for o in spans):
            out.append(s)
    return out


class Redactor:
    def __init__(self, key: bytes, identifiers: Sequence[tuple[str, str]] = ()) -> None:
        self._key = key
        self._identifiers = _identifier_patterns(identifiers)
        self._scrubber: Any = None

    def with_identifiers(self, identifiers: Sequence[tuple[str, str]]) -> Redactor:
        """A redactor that also knows the identifiers found in one source's metadata."""
        extra = Redactor(self._key)
        extra._identifiers = self._identifiers + _identifier_patterns(identifiers)
        extra._scrubber = self._get_scrubber()  # build once, share across per-unit redactors
        return extra

    def _get_scrubber(self) -> Any:
        if self._scrubber is None:
            self._scrubber = _build_scrubber()
        return self._scrubber

    def redact(self, text: str) -> Redacted | None:
        return self.redact_many([text])[0]

    def redact_many(self, texts: Sequence[str]) -> list[Redacted | None]:
        """Redact a batch: a secret value found in one text is redacted in all of them."""
        docs, found, spans_by_doc = self._detect(texts)
        out: list[Redacted | None] = []
        for doc, pii_spans in zip(docs, spans_by_doc, strict=True):
            if pii_spans is None:
                out.append(None)
                continue
            try:
                out.append(self._finish(doc, pii_spans, found))
            except Exception as exc:
                log.warning("redaction failed for one field (%s); field dropped", type(exc).__name__)
                out.append(None)
        return out

    def redact_many_with_spans(self, texts: Sequence[str]) -> list[tuple[Redacted, list[Span]] | None]:
        """`redact_many`'s outputs (`_finish`'s two steps), each with the merged spans it replaced,
        from one detection pass (a scorer reading both would otherwise detect twice: `spans_many`,
        then `redact_many`)."""
        docs, found, spans_by_doc = self._detect(texts)
        out: list[tuple[Redacted, list[Span]] | None] = []
        for doc, pii_spans in zip(docs, spans_by_doc, strict=True):
            if pii_spans is None:
                out.append(None)
                continue
            try:
                merged = self._spans(doc, pii_spans, found)
                out.append((self._apply(doc, merged), merged))
            except Exception as exc:
                log.warning("redaction failed for one field (%s); field dropped", type(exc).__name__)
                out.append(None)
        return out

    def count_changed(self, texts: Sequence[str]) -> int:
        """How many of the texts `redact_many` would change or drop (the same batch, the same
        findings), without holding its outputs: the evidence check's peak on a large history was a
        redacted copy of every stored field beside the detection state (~30 MB on 2 GB)."""
        docs, found, spans_by_doc = self._detect(texts)
        changed = 0
        for text, doc, pii_spans in zip(texts, docs, spans_by_doc, strict=True):
            if pii_spans is None:
                changed += 1
                continue
            try:
                changed += self._finish(doc, pii_spans, found).text != text
            except Exception as exc:
                log.warning("redaction failed for one field (%s); field dropped", type(exc).__name__)
                changed += 1
        return changed

    def spans_many(self, texts: Sequence[str]) -> list[list[Span] | None]:
        """The merged spans redact_many would replace in each text (None: the field is dropped)."""
        docs, found, spans_by_doc = self._detect(texts)
        return [
            None if pii_spans is None else self._spans(doc, pii_spans, found)
            for doc, pii_spans in zip(docs, spans_by_doc, strict=True)
        ]

    def _detect(self, texts: Sequence[str]) -> tuple[list[Prepared], dict[str, str], list[list[Span] | None]]:
        """The batch's prepared texts, shared secret values and PII spans per text (None: the
        field is dropped). A field an engine fails on is dropped alone and the rest detected
        together: field by field, a value found in one would go unredacted where it recurs."""
        docs = [prepare(t) for t in texts]  # each text folded once, for every detector
        detected = self._detect_docs(docs)
        if detected is not None:
            return docs, detected[0], list(detected[1])
        if len(docs) == 1:
            return docs, {}, [None]
        kept = [i for i, d in enumerate(docs) if self._detect_docs([d]) is not None]
        detected = self._detect_docs([docs[i] for i in kept]) if kept else None
        spans_by_doc: list[list[Span] | None] = [None] * len(docs)
        if detected is None:  # the fields fail only together: all dropped, none weaker
            log.warning("detection failed on a batch whose fields pass alone; %d fields dropped", len(docs))
            return docs, {}, spans_by_doc
        log.warning("detection failed on %d of %d fields; those fields dropped", len(docs) - len(kept), len(docs))
        for i, spans in zip(kept, detected[1], strict=True):
            spans_by_doc[i] = spans
        return docs, detected[0], spans_by_doc

    def _detect_docs(self, docs: list[Prepared]) -> tuple[dict[str, str], list[list[Span]]] | None:
        try:
            # URL-decoded views go to the secret engine too: a key labelled `token%3D…` is visible
            # only decoded (JSON escapes hide nothing its rules need; our own rules see those views),
            # and only their windows, where they differ from the text that was scanned as is
            scanned = docs + [p for t in docs for v in scan_views(t) if v.url for _, p in v.window_texts()]
            shared = _found_values(scanned)
            targets = docs + [p for t in docs for v in scan_views(t) for _, p in v.window_texts()]
            found = _Found(shared, list({id(t): t for t in targets}.values()))
        except Exception as exc:  # the engine failing must not let text through unredacted
            log.warning("secret engine failed on a batch (%s)", type(exc).__name__)
            return None
        spans_by_doc: list[list[Span]] = [[] for _ in docs]
        try:
            scrubber = self._get_scrubber()
            for filth in scrubber.iter_filth_documents(documents=docs, run_post_processors=False):
                for f in getattr(filth, "filths", [filth]):
                    spans_by_doc[int(f.document_name)].append(Span(f.beg, f.end, f.type))
        except Exception as exc:
            log.warning("PII detection failed on a batch (%s)", type(exc).__name__)
            return None
        return found, spans_by_doc

    def _spans(self, text: str, pii_spans: list[Span], found: dict[str, str]) -> list[Span]:
        spans = own_spans(text) + _value_spans(text, found) + _personal(text, pii_spans)
        spans.extend(_personal(text, announced_name_spans(text)))  # a family announcement's people
        labelled = linked_label_spans(text, detect_pairs)
        spans.extend(_personal(text, labelled))  # labels away from their values
        if self._identifiers:
            spans.extend(pii.known_identifier_spans(text, self._identifiers))
        for view in scan_views(text):
            spans.extend(self._view_spans(view, found))
        # the name in a delimited row's cell before an address found above (`Name<TAB>street`)
        spans.extend(names_beside_addresses(text, spans))
        # an address's unit, district, postcode and town after its street line (and its next line)
        spans.extend(address_tails(text, spans))
        spans.extend(name_tails(text, spans))  # a name's patronymic or family particle and the name after
        spans.extend(contact_neighbours(text, spans))  # a contact line's phone beside a name, and its name
        spans.extend(record_member_spans(text, spans))  # the name, login, phone… of a record holding an e-mail
        spans.extend(recurring_name_spans(text, spans))  # a found name or login where the text repeats it
        # last, on the original text only (not its views): a neighbour line the others redact is no
        # line of an armored body, as the second pass, reading it as a placeholder, will judge
        spans.extend(generated_spans(text, spans))
        spans.extend(wrapped_key_spans(text, spans))  # a key's lines after its redacted line (a hard wrap)
        spans.extend(_dead_vetoed(text, [*pii_spans, *labelled], spans))
        return merge_spans(*_unglued(text, _to_sentence_end(text, spans)))

    def _view_spans(self, view: View, found: dict[str, str]) -> list[Span]:
        """Every detector over a decoded view's windows (where it differs from the original), the
        spans mapped back onto the original text (placeholders already in the view are protected
        there, as in the original)."""
        out: list[Span] = []
        for a, vt in view.window_texts():
            spans = own_spans(vt) + _value_spans(vt, found)
            detected = [s for detector in pii.DETECTORS for s in detector(vt)]
            personal = _personal(vt, detected)
            if reshaped(view):  # (a diff's or a quote's lines read as lines: a CSV header over its row)
                personal += _personal(vt, linked_label_spans(vt, detect_pairs))
            spans.extend(personal)
            spans.extend(address_tails(vt, personal))  # (as on the original text: see `_spans`)
            spans.extend(names_beside_addresses(vt, personal))
            spans.extend(name_tails(vt, personal))
            spans.extend(contact_neighbours(vt, personal))
            spans.extend(record_member_spans(vt, personal))
            if self._identifiers:
                spans.extend(pii.known_identifier_spans(vt, self._identifiers))
            spans.extend(_dead_vetoed(vt, detected, spans))
            spans.extend(wrapped_key_spans(vt, spans))  # (a key wrapped over escaped breaks: JSON's `\\n`)
            for s in merge_spans(*_unglued(vt, spans)):
                start, end = view.to_original(s.start + a, s.end + a)
                out.append(Span(start, end, s.kind))
        return out

    def _finish(self, text: str, pii_spans: list[Span], found: dict[str, str]) -> Redacted:
        return self._apply(text, self._spans(text, pii_spans, found))

    def _apply(self, text: str, merged: list[Span]) -> Redacted:
        # (a lone surrogate comes out as the U+FFFD the detectors saw: no UTF-8 store takes it raw)
        if not merged:
            return Redacted(utf8_safe(str(text)), {})
        return Redacted(utf8_safe(apply_spans(text, merged, self._key)), dict(Counter(s.kind for s in merged)))


# scrubadub's package import loads every stock detector, and two of them (the skype and TextBlob
# name detectors, which we never use) import textblob → nltk → scipy and scikit-learn: 1.4-3 s
# and ~120 MB of RSS in every process that redacts, for nothing. Their modules are replaced by
# empty stand-ins before scrubadub is first imported (only if nobody imported them already), so
# `import scrubadub` costs ~0.3 s and ~30 MB. nltk, textblob and scipy themselves are untouched.
_UNUSED_STOCK_DETECTORS = {
    "scrubadub.detectors.skype": "SkypeDetector",
    "scrubadub.detectors.text_blob": "TextBlobNameDetector",
}


def _import_scrubadub() -> Any:
    import sys
    import types

    if "scrubadub" not in sys.modules:
        for module, cls in _UNUSED_STOCK_DETECTORS.items():
            if module not in sys.modules:
                stand_in = types.ModuleType(module, "Not loaded: persona_pipeline uses its own detectors only.")
                setattr(stand_in, cls, type(cls, (), {"__doc__": stand_in.__doc__}))
                sys.modules[module] = stand_in
    import scrubadub

    return scrubadub


def _build_scrubber() -> Any:
    """scrubadub with only our validated detectors (lazy, and without its NLP detectors' imports)."""
    scrubadub = _import_scrubadub()
    from scrubadub.detectors import Detector
    from scrubadub.filth import Filth

    scrubber = scrubadub.Scrubber(detector_list=[], post_processor_list=[])
    for func in pii.DETECTORS:
        kind = func.__name__.removesuffix("_spans")

        filth_cls = type(f"{kind.title()}Filth", (Filth,), {"type": kind})

        def iter_filth(
            self: Any, text: str, document_name: str | None = None, _func: Any = func, _cls: Any = filth_cls
        ) -> Any:
            for s in _func(text):
                f = _cls(
                    beg=s.start,
                    end=s.end,
                    text=text[s.start : s.end],
                    document_name=document_name,
                    detector_name=self.name,
                )
                f.type = s.kind
                yield f

        det_cls = type(
            f"{kind.title()}Detector", (Detector,), {"name": kind, "filth_cls": filth_cls, "iter_filth": iter_filth}
        )
        scrubber.add_detector(det_cls(), warn=False)
    return scrubber
