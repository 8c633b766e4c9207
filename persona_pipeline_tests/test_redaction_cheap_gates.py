"""Cheap gates before a detector's scan (issue 17): a gate may only skip texts the scan finds
nothing in, so each is checked against the ungated scan. Each value is written for the test."""

from __future__ import annotations

import random
import re._constants as _c
import re._parser as _parser

from persona_pipeline.core.evidence.redaction import bank_registers, pii, register_checks


def _valid_rib(bank: str, branch: str, account: str) -> str:
    key = next(k for k in range(100) if register_checks.fr_rib_ok(f"{bank}{branch}{account}{k:02d}"))
    return f"{bank} {branch} {account} {key:02d}"


def test_the_digit_count_bound_is_the_fewest_a_candidate_holds() -> None:
    # (a RIB whose account is letters: 12 digits, the gate's bound; one fewer can match nothing)
    rib = _valid_rib("30002", "00550", "ABCDEFGHIJK")
    assert sum(c.isdigit() for c in rib) == pii._REGISTER_MIN_DIGITS
    text = f"RIB: {rib}"
    assert [(s.start, s.end) for s in pii.register_account_spans(text)] == [(5, len(text))]


# The candidate regex read as Python's own parser reads it (RE2 takes the same syntax here): the
# gate's bound is derived from the pattern, so a new alternative with fewer digits fails the test.
_DIGITS = frozenset(range(ord("0"), ord("9") + 1))


def _class_chars(items: list[tuple[object, object]]) -> frozenset[int] | None:
    """The code points a character class admits (`\\d` as ASCII, as in RE2), or None if negated."""
    out: set[int] = set()
    for op, arg in items:
        if op is _c.NEGATE:
            return None
        if op is _c.LITERAL:
            out.add(int(arg))  # type: ignore[call-overload]
        elif op is _c.RANGE:
            lo, hi = arg  # type: ignore[misc]
            out.update(range(lo, hi + 1))
        elif op is _c.CATEGORY and arg is _c.CATEGORY_DIGIT:
            out.update(_DIGITS)
        else:
            out.add(-1)  # (any other category: not digits only)
    return frozenset(out)


def _min_digits(tree: object) -> int:
    """The fewest ASCII digits any match of a parsed pattern holds; an unknown node fails loudly."""
    total = 0
    for op, arg in tree:  # type: ignore[attr-defined]
        if op is _c.LITERAL:
            total += int(arg in _DIGITS)
        elif op is _c.IN:
            chars = _class_chars(arg)
            total += int(chars is not None and chars <= _DIGITS)
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT):
            low, _, sub = arg
            total += low * _min_digits(sub)
        elif op is _c.SUBPATTERN:
            total += _min_digits(arg[-1])
        elif op is _c.BRANCH:
            total += min(_min_digits(alt) for alt in arg[1])
        elif op in (_c.AT, _c.NOT_LITERAL, _c.ANY):
            pass
        else:
            raise AssertionError(f"unread regex node {op}")
    return total


def _instance(tree: object, rng: random.Random) -> str:
    """A random string the parsed pattern matches (word boundaries left to the caller)."""
    out = []
    for op, arg in tree:  # type: ignore[attr-defined]
        if op is _c.LITERAL:
            out.append(chr(arg))  # type: ignore[arg-type]
        elif op is _c.IN:
            chars = _class_chars(arg)
            assert chars is not None and -1 not in chars
            out.append(chr(rng.choice(sorted(chars))))
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT):
            low, high, sub = arg
            out.extend(_instance(sub, rng) for _ in range(rng.randint(low, min(high, low + 2))))
        elif op is _c.SUBPATTERN:
            out.append(_instance(arg[-1], rng))
        elif op is _c.BRANCH:
            out.append(_instance(rng.choice(arg[1]), rng))
    return "".join(out)


def test_the_gate_bound_is_derived_from_the_candidate_pattern() -> None:
    tree = _parser.parse(bank_registers._CANDIDATE.pattern)
    assert _min_digits(tree) >= pii._REGISTER_MIN_DIGITS
    # (the derivation sees an alternative with fewer digits, separators and all)
    shorter = _parser.parse(bank_registers._CANDIDATE.pattern[:-4] + r"|\d{4}\.\d{4}-\d\d))\b")
    assert _min_digits(shorter) == 10


def test_no_candidate_with_fewer_digits() -> None:
    rng = random.Random(44)
    tree = _parser.parse(bank_registers._CANDIDATE.pattern)
    found = 0
    for _ in range(3000):
        text = _instance(tree, rng)
        assert next(bank_registers._CANDIDATE.finditer(text), None) is not None, text
        assert sum(text.count(d) for d in "0123456789") >= pii._REGISTER_MIN_DIGITS, text
        found += 1
        # one digit fewer (dropped, or turned into a letter, a separator or an Arabic-Indic digit)
        digits = [i for i, ch in enumerate(text) if ch.isascii() and ch.isdigit()]
        i = rng.choice(digits)
        for repl in ("", "A", ".", " ", "٣"):
            cut = text[:i] + repl + text[i + 1 :]
            if sum(cut.count(d) for d in "0123456789") < pii._REGISTER_MIN_DIGITS:
                assert next(bank_registers._CANDIDATE.finditer(cut), None) is None, cut
    assert found == 3000


def test_gated_and_ungated_find_the_same() -> None:
    rng = random.Random(17)
    nrb = "61 1090 1014 0000 0712 1981 2874"
    texts = [
        "konto 61109010140000071219812874",
        f"przelew na rachunek {nrb}",
        f"RIB {_valid_rib('20041', '01005', '0500013M026')}",
        "NIB 0002 0123 12345678906 54",
        "no numbers here",
        "order 12345 shipped",
    ]
    for _ in range(3000):
        texts.append("".join(rng.choice("0123456789  ab\n") for _ in range(rng.randint(0, 60))))
    # candidates of every alternative, some one digit short, in random context
    tree = _parser.parse(bank_registers._CANDIDATE.pattern)
    for _ in range(3000):
        value = _instance(tree, rng)
        if rng.random() < 0.5:
            i = rng.randrange(len(value))
            value = value[:i] + value[i + 1 :]
        texts.append(f"{rng.choice(['konto ', 'RIB ', 'NIB: ', '', 'id '])}{value}{rng.choice(['', ' ok', '.'])}")
    assert sum(next(bank_registers._CANDIDATE.finditer(t), None) is not None for t in texts) > 1000
    for text in texts:
        assert list(pii.register_account_spans(text)) == list(bank_registers.bank_register_spans(text)), text
    assert list(pii.register_account_spans(texts[1])), "a valid NRB is read through the gate"
