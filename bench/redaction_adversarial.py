"""Audit of every regular expression the redaction engine uses, on adversarial strings of its own.

    python bench/redaction_adversarial.py [--kb 50] [--top 25] [--timeout 20] [--e2e 20] [--e2e-kb 100]

Patterns are collected programmatically: every compiled pattern (`re`, `re2`, `Rx`) held by a
module of `persona_pipeline.core.evidence.redaction` (at module level, in its classes' attributes,
or inside its tuples, lists and dicts), plus those `re`'s cache holds after the redactor has run
over a sample (patterns compiled in functions); the secret engine configured by `engine.toml`
(betterleaks, Go's linear-time regexp) is timed as one whole on the union of all the strings.

For each pattern, strings are built from its own parse tree (`re._parser`; RE2 syntax parses
there too): long runs of each character class it uses, those runs alternated with a near-miss
character (one no class of the pattern holds), each literal it needs followed by a long run of a
class (a label before a value that never ends), and a near-match (one minimal match less its
last character) repeated. Each string is searched with `finditer` at --kb and twice that; the
growth ratio is time(2n)/time(n) (linear ~2, quadratic ~4). A pattern is run in a worker process
killed after --timeout seconds (a hang, reported with the string shape it was on). Printed: the
slowest patterns (one from re's cache by its text) with their ratio and the string shape that was
slowest; then each hang and superlinear pattern's slowest string (at --e2e-kb and twice that)
through the whole redactor: a pattern the redactor only runs on bounded windows is harmless
there. Never a user text (there is none here).
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import re._constants as C  # noqa: E402
import re._parser as P  # noqa: E402

import re2  # noqa: E402

PKG = "persona_pipeline.core.evidence.redaction"
_SAMPLE = (
    "deploy with token=ghp_0123456789abcdefABCDEF0123456789abcd and mail ana.lima@corpmail.io;\n"
    "password: 'hunter2!Xy' and https://user:pw@host.example.net/path?x=%2Fa&y=1 call +44 20 7946 0958\n"
    '{"key": "AKIAIOSFODNN7EXAMPLE", "ssn": "123-45-6789", "iban": "DE89370400440532013000"}\n'
    "Name: Joana Pereira, DOB 1987-03-14, 12 Rua das Flores, 1200-195 Lisboa. /home/jdoe/src\n"
)


def collect() -> list[tuple[str, str, Any]]:
    """(where, kind, compiled) of every distinct pattern, in a stable order."""
    from persona_pipeline.core.evidence.redaction.matching import Rx
    from persona_pipeline.core.evidence.redaction.redactor import Redactor

    found: dict[tuple[str, str, int], tuple[str, Any]] = {}

    def walk(obj: Any, where: str, depth: int) -> None:
        if isinstance(obj, re.Pattern):
            found.setdefault(("re", obj.pattern, obj.flags), (where, obj))
        elif isinstance(obj, Rx):
            found.setdefault(("rx", obj.pattern, 0), (where, obj))
        elif isinstance(obj, re2._Regexp):
            found.setdefault(("re2", obj.pattern, 0), (where, obj))
        elif depth < 4 and isinstance(obj, dict):
            for k, v in obj.items():
                walk(v, f"{where}[{str(k)[:30]}]", depth + 1)
        elif depth < 4 and isinstance(obj, (list, tuple, set, frozenset)):
            for i, v in enumerate(obj):
                walk(v, f"{where}[{i}]", depth + 1)
        elif depth < 4 and isinstance(obj, type) and obj.__module__.startswith(PKG):
            for k, v in sorted(vars(obj).items()):  # class attributes (`_RX = re.compile(...)`)
                walk(v, f"{where}.{k}", depth + 1)

    pkg = importlib.import_module(PKG)
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        mod = importlib.import_module(f"{PKG}.{info.name}")
        for name, obj in sorted(vars(mod).items()):
            # (functions skipped; classes walked for their attributes)
            if isinstance(obj, type) or not (callable(obj) and not isinstance(obj, (re.Pattern, Rx, re2._Regexp))):
                walk(obj, f"{info.name}.{name}", 0)
    # patterns compiled inside functions (`re.search(r"…", s)`, per-call compiles): re's cache
    # after the redactor ran (cleared first, so what it holds is the redactor's)
    re.purge()
    Redactor(b"k" * 32).redact_many([_SAMPLE, _SAMPLE.upper(), _SAMPLE.replace(" ", "\t")])
    cache = getattr(re, "_cache", {})
    for p in list(cache.values()):
        if isinstance(p, re.Pattern):
            found.setdefault(("re", p.pattern, p.flags), (f"(re cache) {p.pattern!r}", p))
    return [(where, kind, obj) for (kind, _, _), (where, obj) in found.items()]


# ---- adversarial strings from a pattern's parse tree -------------------------------------------

_CATEGORY_CHARS = {
    C.CATEGORY_DIGIT: "0719",
    C.CATEGORY_NOT_DIGIT: "a-Z ",
    C.CATEGORY_SPACE: " \t\n",
    C.CATEGORY_NOT_SPACE: "aZ9_-.",
    C.CATEGORY_WORD: "aZ9_",
    C.CATEGORY_NOT_WORD: " -.:/",
}
_PROBE = "abcxyzABCXYZ0123456789 \t\n-_.:/=@+%&#\"'`()[]{}<>,;!?*$^|~\\\u00e9\u4e2d"


def _class_chars(items: list[Any]) -> str:
    chars: list[str] = []
    negate = False
    for op, av in items:
        if op is C.NEGATE:
            negate = True
        elif op is C.LITERAL:
            chars.append(chr(av))
        elif op is C.RANGE:
            lo, hi = av
            chars.extend({chr(lo), chr((lo + hi) // 2), chr(hi)})
        elif op is C.CATEGORY:
            chars.extend(_CATEGORY_CHARS.get(av, "a"))
    if negate:  # members of a negated class: probe characters it does not exclude
        return "".join(c for c in _PROBE if c not in chars)[:8] or "x"
    return "".join(dict.fromkeys(chars))


def _walk(tree: Any, classes: list[str], literals: list[str], cur: list[str]) -> None:
    for op, av in tree:
        if op is C.LITERAL:
            cur.append(chr(av))
            continue
        if cur:
            literals.append("".join(cur))
            cur.clear()
        if op is C.IN:
            classes.append(_class_chars(av))
        elif op is C.ANY:
            classes.append("x.Z ")
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            _walk(av[2], classes, literals, [])
        elif op is C.SUBPATTERN:
            _walk(av[3], classes, literals, [])
        elif op is C.BRANCH:
            for branch in av[1]:
                _walk(branch, classes, literals, [])
        elif op in (C.ASSERT, C.ASSERT_NOT):
            _walk(av[1], classes, literals, [])
        elif op is C.ATOMIC_GROUP:
            _walk(av, classes, literals, [])
    if cur:
        literals.append("".join(cur))
        cur.clear()


def _minimal(tree: Any) -> str:
    """One short string the tree would match (first branch, minimal repeats, a class's first char)."""
    out: list[str] = []
    for op, av in tree:
        if op is C.LITERAL:
            out.append(chr(av))
        elif op is C.IN:
            out.append(_class_chars(av)[:1] or "x")
        elif op is C.ANY:
            out.append("x")
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            out.append(_minimal(av[2]) * max(1, min(av[0], 64)))
        elif op is C.SUBPATTERN:
            out.append(_minimal(av[3]))
        elif op is C.BRANCH:
            out.append(_minimal(av[1][0]))
        elif op is C.ATOMIC_GROUP:
            out.append(_minimal(av))
    return "".join(out)


def _fill(unit: str, n: int) -> str:
    return (unit * (n // max(1, len(unit)) + 1))[:n] if unit else ""


def shapes(pattern: str, flags: int, n: int) -> Iterator[tuple[str, str]]:
    """(shape name, string of ~n chars) for the pattern."""
    try:
        tree = P.parse(pattern, flags & ~re.VERBOSE if isinstance(pattern, str) else 0)
    except Exception:
        tree = None
    classes: list[str] = []
    literals: list[str] = []
    if tree is not None:
        _walk(tree, classes, literals, [])
    classes = list(dict.fromkeys(c for c in classes if c))[:8] or ["aZ9_"]
    literals = list(dict.fromkeys(literals))[:6]
    used = set("".join(classes) + "".join(literals))
    miss = next((c for c in " \n-.:/=,;!\x00" if c not in used), "\x00")
    for i, cls in enumerate(classes):
        yield f"run(class{i})", _fill(cls, n)
        yield f"alternate(class{i},miss)", _fill("".join(c + miss for c in cls), n)
    for i, lit in enumerate(literals):
        yield f"literal{i}+run", _fill(lit + _fill(classes[0], 2000), n)
        yield f"literal{i} repeated", _fill(lit, n)
    if tree is not None:
        near = _minimal(tree)
        if len(near) > 1:
            yield "near-match repeated", _fill(near[:-1], n)
            yield "near-match glued", _fill(near[:-1] + classes[-1][:1], n)


# ---- timing ------------------------------------------------------------------------------------


def _search_all(kind: str, obj: Any, text: str) -> int:
    if isinstance(obj.pattern, bytes):  # (a bytes pattern: the fold's, or a byte-level probe)
        return sum(1 for _ in obj.finditer(text.encode("utf-8", "replace")))
    return sum(1 for _ in obj.finditer(text))


def _time(kind: str, obj: Any, text: str) -> float:
    best = float("inf")
    for _ in range(2):
        t0 = time.process_time()
        _search_all(kind, obj, text)
        best = min(best, time.process_time() - t0)
    return best


def _worker(start: int, n: int) -> None:
    """Child: time the patterns from index `start`, one JSON line each (and one as each starts)."""
    patterns = collect()
    print(json.dumps({"ready": True}), flush=True)  # (collecting takes seconds: not a pattern's time)
    for i in range(start, len(patterns)):
        where, kind, obj = patterns[i]
        print(json.dumps({"start": i, "where": where, "kind": kind}), flush=True)
        flags = obj.flags if kind == "re" else 0
        pattern = obj.pattern.decode("latin-1") if isinstance(obj.pattern, bytes) else obj.pattern
        # every shape at n, the two slowest at 2n too (the ratio of the slowest at 2n is reported);
        # each shape announced as it starts, so that a hang names its shape
        at_n = []
        for shape, text in shapes(pattern, flags, n):
            print(json.dumps({"on_shape": shape}), flush=True)
            at_n.append((_time(kind, obj, text), shape, text))
        at_n.sort(reverse=True)
        worst = (0.0, 0.0, "")
        for small, shape, text in at_n[:2]:
            print(json.dumps({"on_shape": shape}), flush=True)
            large = _time(kind, obj, _fill(text, 2 * n))
            if large > worst[1]:
                worst = (small, large, shape)
        row = {"i": i, "where": where, "kind": kind, "small": worst[0], "large": worst[1], "shape": worst[2]}
        print(json.dumps(row), flush=True)
    print(json.dumps({"done": len(patterns)}), flush=True)


def _e2e(i: int, shape: str, n: int) -> None:
    """Child: the whole redactor on pattern i's string of that shape, at n and 2n (CPU seconds)."""
    from persona_pipeline.core.evidence.redaction.redactor import Redactor

    _, kind, obj = collect()[i]
    pattern = obj.pattern.decode("latin-1") if isinstance(obj.pattern, bytes) else obj.pattern
    strings = list(shapes(pattern, obj.flags if kind == "re" else 0, n))
    text = next((t for s, t in strings if s == shape), strings[0][1])
    redactor = Redactor(b"k" * 32)
    times = []
    for size in (n, 2 * n):
        t0 = time.process_time()
        redactor.redact(_fill(text, size))
        times.append(time.process_time() - t0)
    print(*times)


def _engine_row(n: int) -> dict[str, Any]:
    """The secret engine (betterleaks with engine.toml) on every pattern's strings, at n and 2n."""
    from persona_pipeline.core.evidence.redaction.secrets import betterleaks_values

    texts = [t for _, _, obj in collect()[:200] for _, t in shapes(obj.pattern, 0, n // 10)]
    small = _fill("\n".join(texts), n)
    t0 = time.process_time()
    betterleaks_values([small])
    a = time.process_time() - t0
    t0 = time.process_time()
    betterleaks_values([_fill(small, 2 * n)])
    b = time.process_time() - t0
    return {"where": "engine.toml (betterleaks)", "kind": "go", "small": a, "large": b, "shape": "mixed"}


def _label(r: dict[str, Any]) -> str:
    """Where a pattern is held; for one from re's cache, its text (no module names it)."""
    return r["where"][:160] if r["where"].startswith("(re cache)") else r["where"][:48]


def _pump(stream: Any, lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line)
    lines.put("")  # (the end)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        _worker(int(sys.argv[2]), int(sys.argv[3]))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--e2e":
        _e2e(int(sys.argv[2]), sys.argv[3], int(sys.argv[4]))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--kb", type=int, default=50, help="n, in thousands of characters (also timed at 2n)")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--timeout", type=float, default=20, help="seconds a pattern may take before it counts as a hang")
    ap.add_argument("--e2e", type=int, default=20, help="suspects run through the whole redactor")
    ap.add_argument("--e2e-kb", type=int, default=100, help="their strings' size, in thousands of characters")
    args = ap.parse_args()
    n = args.kb * 1000
    rows: list[dict[str, Any]] = []
    start, total = 0, None
    while total is None or start < total:
        proc = subprocess.Popen(
            [sys.executable, __file__, "--worker", str(start), str(n)], stdout=subprocess.PIPE, text=True
        )
        # lines through a thread and a queue: `select` on a buffered pipe misses lines already read
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=_pump, args=(proc.stdout, lines), daemon=True).start()
        current: dict[str, Any] | None = None
        deadline = 0.0
        while True:
            try:
                # (the pattern's own deadline: its shapes' lines do not extend it)
                line = lines.get(timeout=max(0.01, deadline - time.monotonic()) if current else 900)
            except queue.Empty:  # a hang: recorded, the worker killed and restarted after it
                proc.kill()
                proc.wait()
                if current is None:
                    raise SystemExit("worker did not start") from None
                shape = current.get("hang_shape", "")
                rows.append({**current, "i": current["start"], "small": None, "large": None, "shape": shape})
                start = current["start"] + 1
                break
            if not line:
                proc.wait()
                raise SystemExit(f"worker exited ({proc.returncode}) at pattern #{start}")
            row = json.loads(line)
            if "start" in row:
                current, deadline = row, time.monotonic() + args.timeout
            elif "on_shape" in row and current is not None:
                current["hang_shape"] = row["on_shape"]  # (the shape it is on, should it hang there)
            elif "done" in row:
                total = row["done"]
                proc.wait()
                break
            elif "i" in row:
                rows.append(row)
                current = None
                start = row["i"] + 1
    rows.append(_engine_row(n))
    hangs = [r for r in rows if r["large"] is None]
    timed = sorted((r for r in rows if r["large"] is not None), key=lambda r: -r["large"])
    print(f"{len(rows) - 1} patterns and the secret engine, strings of {n} and {2 * n} characters; {len(hangs)} hangs")
    print(f"{'t(n) ms':>9} {'t(2n) ms':>9} {'x2':>5}  {'kind':<4} {'where':<48} shape")
    for r in hangs + timed[: args.top]:
        if r["large"] is None:
            print(f"{'hang':>9} {'':>9} {'':>5}  {r['kind']:<4} {_label(r):<48} {r['shape']}")
            continue
        ratio = r["large"] / r["small"] if r["small"] > 1e-4 else float("nan")
        ms = f"{r['small'] * 1e3:9.1f} {r['large'] * 1e3:9.1f}"
        print(f"{ms} {ratio:5.1f}  {r['kind']:<4} {_label(r):<48} {r['shape']}")
    superlinear = [r for r in timed if r["small"] > 2e-3 and r["large"] / r["small"] > 3]
    print(f"superlinear (x2 > 3, t(n) > 2 ms): {len(superlinear)}")
    for r in superlinear:
        ratio = r["large"] / r["small"]
        print(f"  {r['where']} ({r['kind']}, #{r['i']}): x{ratio:.1f}, {r['large'] * 1e3:.0f} ms at 2n, {r['shape']}")
    # does the redactor itself meet the string? (a pattern used only on bounded windows does not)
    suspects = [r for r in hangs + superlinear if r["kind"] != "go"][: args.e2e]
    if suspects:
        print(f"the whole redactor on each suspect's slowest string, {args.e2e_kb}k and twice that (CPU s):")
    for r in suspects:
        cmd = [sys.executable, __file__, "--e2e", str(r["i"]), r["shape"], str(args.e2e_kb * 1000)]
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout * 10, check=True).stdout
            a, b = map(float, out.split())
            print(f"  {_label(r):<48} {a:7.2f} {b:7.2f}  x{b / max(a, 1e-3):.1f}")
        except subprocess.TimeoutExpired:
            print(f"  {_label(r):<48} > {args.timeout * 10:g} s")


if __name__ == "__main__":
    main()
