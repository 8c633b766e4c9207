"""Redaction throughput on hostile, machine-made texts: does any shape make the redactor hang?

    python bench/redaction_hostile.py [--cases all] [--mb 0.25 0.5 1 2] [--repeat 1]
                                      [--baseline GIT_REV] [--timeout 120]

Each case is one text of the given size, redacted alone with `Redactor.redact` (after a warm-up),
in a child process killed after --timeout seconds (a hang is reported as `>T s`, not waited
for). Times are CPU seconds of that process (other work on a shared machine inflates wall time
several-fold). Printed: seconds and MB/s per case and size (median of --repeat runs), `dropped`
when the redactor refused the text (None: the field is dropped, as for any failure), and the growth
ratio time(2n)/time(n) between consecutive sizes (linear ~2, quadratic ~4). With --baseline the
engine at GIT_REV (loaded from git as redaction_bench.py does) is timed the same way beside it.
Texts are generated (never user text) and never printed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _digest(i: int) -> str:
    return hashlib.sha256(str(i).encode()).hexdigest()[:8]


def _fill(n: int, piece: Callable[[int], str]) -> str:
    parts: list[str] = []
    size = i = 0
    while size < n:
        p = piece(i)
        parts.append(p)
        size += len(p)
        i += 1
    return "".join(parts)[:n]


def named_placeholders(n: int) -> str:
    """Redacted text redacted again: a name beside its own placeholder, over and over."""
    return _fill(n, lambda i: f"user is Carmen [REDACTED:person_name:{_digest(i)}] ")


def placeholder_csv(n: int) -> str:
    """A CSV of placeholder rows only (every cell redacted before)."""
    kinds = ("person_name", "email", "phone")
    return "id,name,email,phone\n" + _fill(
        n, lambda i: f"{i}," + ",".join(f"[REDACTED:{k}:{_digest(i * 3 + j)}]" for j, k in enumerate(kinds)) + "\n"
    )


def no_spaces(n: int) -> str:
    """One line of printable ASCII without a space or a line break."""
    r = random.Random(1)
    chars = "".join(chr(c) for c in range(33, 127))
    return "".join(r.choice(chars) for _ in range(n))


def kv_noise(n: int) -> str:
    """`=`/`:`-heavy key=value noise: short keys and values, separators doubled and mixed."""
    r = random.Random(2)
    alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"

    def piece(_: int) -> str:
        key = "".join(r.choice(alnum) for _ in range(r.randint(1, 12)))
        val = "".join(r.choice(alnum + "=:") for _ in range(r.randint(0, 24)))
        return key + r.choice(("=", ":", ":=", "==", "=:", ": ")) + val + r.choice(("&", ";", " ", ",", "\n", ":", "="))

    return _fill(n, piece)


def deep_json(n: int) -> str:
    """One JSON document nested as deep as the size allows (objects and arrays in turn)."""
    depth = n // 12
    opening = "".join('{"key":' if d % 2 == 0 else "[" for d in range(depth))
    closing = "".join("}" if d % 2 == 0 else "]" for d in reversed(range(depth)))
    return (opening + json.dumps("leaf") + closing)[:n]


def escaped_json(n: int) -> str:
    """Deep JSON serialised into a string, that string into another (three levels of escapes):
    a log line holding a payload holding a payload."""
    inner = json.dumps(deep_json(max(12, n // 8)))
    return _fill(n, lambda _: json.dumps(json.dumps({"payload": inner})) + "\n")


def percent_encoded(n: int) -> str:
    """Percent-encoding: random bytes escaped, some escapes escaped again (`%253D`)."""
    r = random.Random(3)

    def piece(_: int) -> str:
        b = r.randrange(256)
        return f"%25{b:02X}" if r.random() < 0.2 else (f"%{b:02X}" if r.random() < 0.8 else chr(r.randrange(97, 123)))

    return _fill(n, piece)


CASES: dict[str, Callable[[int], str]] = {
    "named_placeholders": named_placeholders,
    "placeholder_csv": placeholder_csv,
    "no_spaces": no_spaces,
    "kv_noise": kv_noise,
    "deep_json": deep_json,
    "escaped_json": escaped_json,
    "percent_encoded": percent_encoded,
}


def _one(engine: str, case: str, mb: float, repeat: int) -> None:
    """Child process: print the median seconds of `repeat` redactions of one case."""
    sys.path.insert(0, str(ROOT))
    if engine == "current":
        from persona_pipeline.core.evidence.redaction.redactor import Redactor
    else:
        sys.path.insert(0, str(ROOT / "bench"))
        from redaction_bench import load_baseline

        Redactor = load_baseline(engine)
    redactor = Redactor(b"k" * 32)
    redactor.redact("warm-up: mail a@example.org, key AKIA0000000000000000")
    text = CASES[case](int(mb * 1e6))
    times = []
    dropped = False
    for _ in range(repeat):
        t0 = time.process_time()
        dropped = redactor.redact(text) is None
        times.append(time.process_time() - t0)
    print(statistics.median(times), int(dropped))


def _timed(engine: str, case: str, mb: float, repeat: int, timeout: float) -> tuple[float, bool] | None:
    cmd = [sys.executable, __file__, "--one", engine, case, str(mb), str(repeat)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    seconds, dropped = done.stdout.strip().splitlines()[-1].split()
    return float(seconds), dropped == "1"


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--one":
        _one(sys.argv[2], sys.argv[3], float(sys.argv[4]), int(sys.argv[5]))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", nargs="+", default=["all"], choices=["all", *CASES])
    ap.add_argument("--mb", type=float, nargs="+", default=[0.25, 0.5, 1, 2])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--baseline", help="git revision of the engine to time beside this tree's")
    ap.add_argument("--timeout", type=float, default=300, help="wall seconds per run")
    args = ap.parse_args()
    cases = list(CASES) if "all" in args.cases else args.cases
    engines = ["current"] + ([args.baseline] if args.baseline else [])
    print(f"{'case':<20} {'engine':<10} " + " ".join(f"{f'{mb:g} MB: s':>10} {'MB/s':>5} {'x2':>4}" for mb in args.mb))
    for case in cases:
        for engine in engines:
            cells, prev = [], None
            for mb in args.mb:
                timed = _timed(engine, case, mb, args.repeat, args.timeout)
                if timed is None:
                    cells.append(f">{args.timeout:g}s".rjust(21))
                    prev = None
                    continue
                t, dropped = timed
                growth = f"{t / prev:4.1f}" if prev else "   -"
                cells.append(f"{t:10.2f} {mb / t:5.2f} {growth}" + (" dropped" if dropped else ""))
                prev = t
            print(f"{case:<20} {engine[:10]:<10} " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
