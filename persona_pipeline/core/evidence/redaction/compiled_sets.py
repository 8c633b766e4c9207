"""A pattern Set compiled ahead (Hyperscan) for texts seen once, with RE2's answers.

RE2 builds a Set's DFA lazily, a state per new combination of its patterns' partial matches: on
text it has not seen, nearly every byte needs a new state (~1,900 ns a byte for the 254 loosened
secret rules against ~40 once the states exist), and the pipeline sees every text once. Hyperscan
compiles its automata before the first scan (~25-45 ns a byte on new text, seen or not), so the
large Sets (`RxSet(..., ahead=True)`) ask it which members match on a fold, where both engines say
the same:

- the fold is ASCII only (`matching.fold`), where both read `\\w`, `\\d`, `\\b`, `.`, classes and
  case-insensitivity alike; the two differences in the syntax both read are handled here:
- `\\s`: RE2's is `[\\t\\n\\f\\r ]`, Hyperscan's (PCRE's) also holds VT (\\x0b): a fold holding a VT goes
  to RE2 (`usable`);
- `$` outside multi-line mode: RE2's is the text's end (`\\z`), PCRE's also before a final newline:
  it is written `\\z` for Hyperscan (`hs_form`); in multi-line mode both are "before a newline or at
  the end". A member whose mode at a `$` cannot be told from its flags stays in RE2;
- multi-line `^`: PCRE's does not match after a text's final newline, RE2's does. Hyperscan refuses a
  `^` not at a match's start, so only a match starting at the text's end, i.e. an empty one after a
  final newline, can differ: every member RE2 matches there (`_empty_at_end`) stays in RE2, and so
  does every member that matches the empty text (Hyperscan's own refusal without `ALLOWEMPTY`).

A member Hyperscan refuses (too large, never matching, empty-matching, unsupported) stays in a small
RE2 Set beside it. Without the optional `hyperscan` package every text goes to RE2, as before. The
compiled database is kept in the user's cache directory (keyed by the patterns, their flags and the
Hyperscan version; checked by a digest when read), so a process pays the ~2-4 s compile once per
machine and pattern set, not once per process; it is built on first use, never at import.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import re2

_VT = b"\x0b"
# an inline flag group: `(?m)`, `(?im)`, `(?i-m:`, `(?m:` (RE2's flags: i, m, s, U)
_FLAG_GROUP = re.compile(r"\(\?([imsU]*)(?:-([imsU]*))?[:)]")
_DIGEST = 32  # a cached database's first bytes: the SHA-256 of the rest
_KEEP = 16  # databases kept in the cache directory (the newest; ~3 MB each)


def hyperscan_module() -> Any | None:
    """The optional `hyperscan` package, or None when it is not installed (RE2 then answers alone)."""
    try:
        import hyperscan
    except ImportError:
        return None
    return hyperscan


def hs_form(pattern: str) -> str | None:
    """The pattern as Hyperscan must read it to match where RE2 matches it on a fold, or None when
    that cannot be told (it stays in RE2): an escape the two read differently (`\\v`: RE2's VT,
    PCRE's vertical spaces; `\\p`/`\\P`: Unicode classes; a digit: RE2's octal, PCRE's back-reference),
    or a `$` whose mode its flags do not say."""
    dollars, escapes = _bare_dollars(pattern)
    if escapes & _DIFFERENT_ESCAPES:
        return None
    if not dollars:
        return pattern
    with_m = [m for m in _FLAG_GROUP.finditer(pattern) if "m" in m[1] or "m" in (m[2] or "")]
    if not with_m:  # no multi-line mode anywhere: every `$` is the text's end
        out = list(pattern)
        for i in dollars:
            out[i] = r"\z"
        return "".join(out)
    first = with_m[0]
    if len(with_m) == 1 and first.start() == 0 and first[0].endswith(")") and "m" in first[1]:
        return pattern  # multi-line for the whole pattern: `$` means the same to both
    return None


_DIFFERENT_ESCAPES = frozenset("vpP0123456789")


def _bare_dollars(pattern: str) -> tuple[list[int], set[str]]:
    """(offsets of the `$` anchors: not escaped, not in a class; the letters after every backslash)."""
    out: list[int] = []
    escapes: set[str] = set()
    i, n, in_class = 0, len(pattern), False
    while i < n:
        c = pattern[i]
        if c == "\\":
            escapes.add(pattern[i + 1 : i + 2])
            i += 2
            continue
        if in_class:
            if pattern.startswith("[:", i):  # a POSIX class inside a class: `[[:space:]$]`
                end = pattern.find(":]", i + 2)
                if end > 0:
                    i = end + 2
                    continue
            in_class = c != "]"
        elif c == "[":
            in_class = True
            i += 1 + (pattern[i + 1 : i + 2] == "^")
            i += pattern[i : i + 1] == "]"  # a `]` first in a class is a member
            continue
        elif c == "$":
            out.append(i)
        i += 1
    return out, escapes


def _empty_at_end(pattern: str) -> bool:
    """Whether RE2 matches the pattern at the end of a text ending in a newline (an empty match: only
    the character before it, a newline, is its context there), where PCRE's `^` does not match."""
    return re2.compile(pattern.encode("ascii")).search(b"\n", 1) is not None


def usable(folded: bytes) -> bool:
    """Whether Hyperscan's answer on this fold is RE2's (see the module's notes)."""
    return bool(folded) and _VT not in folded


class CompiledSet:
    """Which members of a pattern list match somewhere in a fold: Hyperscan for the members it takes
    as RE2 reads them, a small RE2 Set for the rest. `matching` gives the same ids as an RE2 Set of
    every member, or None where that RE2 Set would fail (out of DFA memory)."""

    def __init__(self, hs: Any, patterns: Sequence[str], max_mem: int, cache: Path | None) -> None:
        flags = hs.HS_FLAG_SINGLEMATCH  # (no ALLOWEMPTY: an empty-matching member stays in RE2)
        forms = [None if _empty_at_end(p) else hs_form(p) for p in patterns]
        taken, self._db = _database(hs, patterns, forms, flags, cache)
        self.taken = tuple(taken)
        kept = set(taken)
        rest = [i for i in range(len(patterns)) if i not in kept]  # (all of them if Hyperscan took none)
        self.rest = tuple(rest)
        self._rest_set: Any = None
        if rest:
            options = re2.Options()
            options.max_mem = max_mem
            self._rest_set = re2.Set.SearchSet(options)
            for i in rest:
                self._rest_set.Add(patterns[i].encode("ascii"))
            self._rest_set.Add(b"")  # the sentinel: an RE2 Set out of memory reports nothing
            self._rest_set.Compile()
        self._sentinel = len(rest)
        self._busy = hs.ScratchInUseError
        self._scratch = hs.Scratch

    def matching(self, folded: bytes) -> set[int] | None:
        """Member ids matching in `folded` (a fold for which `usable` holds), or None for "run every
        member" (the RE2 part out of memory, as the whole RE2 Set would be)."""
        found: set[int] = set()
        if self._db is not None:

            def add(i: int, _a: int, _b: int, _f: int, _c: object) -> None:
                found.add(i)

            try:
                self._db.scan(folded, match_event_handler=add)
            except self._busy:  # a scan inside a scan (another thread): a scratch of its own
                self._db.scan(folded, match_event_handler=add, scratch=self._scratch(self._db))
        if self._rest_set is not None:
            hits = self._rest_set.Match(folded)
            if not hits or self._sentinel not in hits:
                return None
            rest = self.rest
            found.update(rest[j] for j in hits if j != self._sentinel)
        return found


# Texts each member is checked on, alone, against RE2 before Hyperscan may answer for it (a member
# they disagree on stays in RE2). Hyperscan 0.9.1 bundles Vectorscan 5.4.12, which can miss a match
# RE2 finds: rev51r's reproducer, `(?:^|\n|\\n)[ \t]*(?:Dear|To whom it may concern)` on 20 letters and a
# JSON-escaped CRLF before `Dear` (the salutation gate). A regression probe for that misread, not a
# proof that no other exists: the equivalence bench and the parity tests are the wider net.
_SELF_CHECK = (
    b"a" * 20 + b"\\r\\nDear Amina,",
    b"a" * 18 + b"\\nDear Amina,",
    b"x." * 20 + b"\n+Dear Amina,",
)


def _compiles(hs: Any, form: str, pattern: str, flags: int) -> bool:
    """Whether Hyperscan takes the member alone and reads it as RE2 on the self-check texts."""
    db = hs.Database()
    try:
        db.compile(expressions=[form.encode("ascii")], ids=[0], flags=[flags])
    except (hs.error, UnicodeEncodeError):
        return False
    rx = re2.compile(pattern.encode("ascii"))
    hits: list[int] = []
    for probe in _SELF_CHECK:
        hits.clear()
        db.scan(probe, match_event_handler=lambda i, _a, _b, _f, _c: hits.append(i))
        if bool(hits) != (rx.search(probe) is not None):
            return False
    return True


def _database(
    hs: Any, patterns: Sequence[str], forms: list[str | None], flags: int, cache: Path | None
) -> tuple[list[int], Any]:
    """(the members Hyperscan takes, their compiled database or None): read from the cache when its
    key and digest agree, else compiled (each member alone first: Hyperscan's error does not say
    which member it refused) and written there atomically (a cache that cannot be written is skipped)."""
    key = hashlib.sha256(repr((hs.__version__, flags, forms, _SELF_CHECK)).encode()).hexdigest()
    path = cache / f"{key}.hsdb" if cache is not None else None
    got = _read(hs, path) if path is not None else None
    if got is not None:
        return got
    taken = [i for i, f in enumerate(forms) if f is not None and _compiles(hs, f, patterns[i], flags)]
    if not taken:
        return [], None
    db = hs.Database(mode=hs.HS_MODE_BLOCK)
    try:
        db.compile(expressions=[forms[i].encode("ascii") for i in taken], ids=taken, flags=[flags] * len(taken))  # type: ignore[union-attr]
    except hs.error:  # (each member compiles alone, all of them together not: RE2 answers alone)
        return [], None
    if path is not None:
        _write(path, taken, hs.dumpb(db))
    return taken, db


def _read(hs: Any, path: Path) -> tuple[list[int], Any] | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    body = data[_DIGEST:]
    if len(data) <= _DIGEST + 4 or hashlib.sha256(body).digest() != data[:_DIGEST]:
        return None
    n = int.from_bytes(body[:4], "little")
    try:
        taken = [int(i) for i in body[4 : 4 + n].decode("ascii").split(",")]
        db = hs.loadb(body[4 + n :], hs.HS_MODE_BLOCK)
        db.scratch = hs.Scratch(db)
    except (hs.error, ValueError):
        return None
    return taken, db


def _write(path: Path, taken: list[int], blob: bytes) -> None:
    import tempfile  # (only when a database is compiled)

    ids = ",".join(map(str, taken)).encode("ascii")
    body = len(ids).to_bytes(4, "little") + ids + blob
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(hashlib.sha256(body).digest() + body)
        os.replace(tmp, path)
        _prune(path.parent)
    except OSError:
        return


def _prune(folder: Path, keep: int = _KEEP) -> None:
    """Only the `keep` newest databases stay: each change to a Set's patterns writes a new one
    (a few MB), and a machine runs a few versions at most (branches, worktrees)."""
    found = sorted(folder.glob("*.hsdb"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in found[keep:]:
        old.unlink(missing_ok=True)


def cache_dir() -> Path | None:
    """Where compiled databases are kept: `PERSONA_SETS_CACHE` if set (empty: no cache), else the
    user's cache directory."""
    env = os.environ.get("PERSONA_SETS_CACHE")
    if env is not None:
        return Path(env) if env else None
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("persona_pipeline")) / "sets"
