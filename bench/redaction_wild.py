"""False positives of the redactor on real text nobody wrote for this project (issue 17).

    python bench/redaction_wild.py [--mb 5] [--show 20] [--examples 3] [--root DIR ...]

Collects a deterministic corpus of local text that should hold (almost) no secrets: the sources
and docs of the installed packages, /usr/share/doc and the Python standard library. Files are
taken sorted by path, round-robin over the roots (so a small cap still sees every kind of text),
at most `--per-file` KB each, cut at line ends into chunks of prompt size (2-8 KB, the size picked
from the path's hash: deterministic). The chunks are redacted in batches and every span is
reported: spans per MB by placeholder type and by file class, and the top types with context.

Author names and e-mails in package metadata (METADATA, PKG-INFO, AUTHORS, copyright files) are
real personal data: redacting them is correct, so they are reported apart and not counted as
false positives. Every other span is a candidate false positive, classified by the shape of the
value it covers (hex digest, UUID, version, identifier...) to point at its general cause.
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import re
import sys
import sysconfig
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from persona_pipeline.core.evidence.redaction.redactor import Redactor  # noqa: E402

SUFFIXES = (".py", ".md", ".rst", ".txt", ".json", ".toml", ".cfg")
META_NAMES = ("METADATA", "PKG-INFO", "AUTHORS", "copyright", "CONTRIBUTORS", "LICENSE", "COPYING", "NOTICE")
# personal-data placeholder types (the rest are secrets): reported apart, since in code comments
# and docs most person names are real credits (`# Written by …`), not look-alikes
PII_TYPES = frozenset(("person_name", "address", "phone", "email", "user_name", "ip_address", "date_of_birth"))
PII_KINDS = ("email", "person_name", "address", "phone")  # what credits and licences really hold


def default_roots() -> list[str]:
    # the running interpreter's own packages (a venv anywhere), not a path guessed from the checkout
    site = [sysconfig.get_path("purelib")]
    stdlib = sorted(p for p in glob.glob("/usr/lib/python3*") if Path(p).is_dir())
    return [p for p in [*site[:1], "/usr/share/doc", *stdlib[-1:]] if Path(p).is_dir()]


def wanted(path: Path) -> bool:
    return path.suffix in SUFFIXES or path.name.startswith(META_NAMES)


def file_class(path: str) -> str:
    name = Path(path).name
    if name.startswith(META_NAMES):
        return "metadata"
    if re.search(r"/tests?/|/testing/|/test_[^/]*$", path):
        return "tests"
    if name.endswith(".py"):
        return "code"
    if name.endswith((".json", ".toml", ".cfg")):
        return "data"
    return "docs"


def files_of(root: str) -> Iterator[Path]:
    for p in sorted(Path(root).rglob("*")):
        try:
            if p.is_file() and not p.is_symlink() and wanted(p):
                yield p
        except OSError:
            continue


def chunks_of(text: str, seed: str) -> Iterator[str]:
    """Prompt-sized pieces cut at line ends; the target size cycles with the path's hash."""
    h = int.from_bytes(hashlib.sha256(seed.encode()).digest()[:4], "big")
    sizes = [2048 + (h >> (3 * i)) % 6144 for i in range(8)]
    start, i = 0, 0
    while start < len(text):
        end = min(len(text), start + sizes[i % len(sizes)])
        if end < len(text):
            nl = text.rfind("\n", start + 512, end)
            end = nl + 1 if nl > 0 else end
        yield text[start:end]
        start, i = end, i + 1


def collect(roots: list[str], mb: float, per_file_kb: int) -> list[tuple[str, str]]:
    """(path, chunk) pairs up to `mb` MB of UTF-8, round-robin over the roots."""
    cap, total = int(mb * 1_000_000), 0
    iters = [files_of(r) for r in roots]
    out: list[tuple[str, str]] = []
    while iters and total < cap:
        for it in list(iters):
            p = next(it, None)
            if p is None:
                iters.remove(it)
                continue
            try:
                text = p.read_bytes()[: per_file_kb * 1024].decode("utf-8", errors="replace")
            except OSError:
                continue
            if "\x00" in text:
                continue
            for c in chunks_of(text, str(p)):
                out.append((str(p), c))
                total += len(c.encode())
            if total >= cap:
                break
    return out


_SHAPES = [
    ("hex_digest", re.compile(r"[0-9a-fA-F]{16,}")),
    ("uuid", re.compile(r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")),
    ("version", re.compile(r"v?\d+(?:\.\d+){1,3}(?:[-.+]?[a-z0-9.]+)?")),
    ("date", re.compile(r"\d{4}[-/]\d{1,2}[-/]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}")),
    ("number", re.compile(r"[\d\s().+\-/]+")),
    ("url_or_path", re.compile(r"\S*[/:]\S*")),
    ("identifier", re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")),
    ("base64ish", re.compile(r"[A-Za-z0-9+/=_-]{16,}")),
    ("words", re.compile(r"[A-Za-z][A-Za-z .,'-]*")),
]


def shape(value: str) -> str:
    v = value.strip()
    for name, rx in _SHAPES:
        if rx.fullmatch(v):
            return name
    return "other"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=5.0)
    ap.add_argument("--per-file", type=int, default=32, help="KB read per file at most")
    ap.add_argument("--root", action="append", help="a directory to read (default: site-packages, docs, stdlib)")
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--show", type=int, default=15, help="top N types shown with context")
    ap.add_argument("--examples", type=int, default=3)
    args = ap.parse_args()

    roots = args.root or default_roots()
    t0 = time.monotonic()
    corpus = collect(roots, args.mb, args.per_file)
    size = sum(len(c.encode()) for _, c in corpus)
    mb = size / 1_000_000
    red = Redactor(b"k" * 32)
    by_kind: Counter[str] = Counter()
    by_class: Counter[str] = Counter()
    class_bytes: Counter[str] = Counter()
    by_cause: Counter[tuple[str, str]] = Counter()
    pii_meta: Counter[str] = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    dropped = 0
    for i in range(0, len(corpus), args.batch):
        batch = corpus[i : i + args.batch]
        for (path, text), spans in zip(batch, red.spans_many([c for _, c in batch]), strict=True):
            cls = file_class(path)
            class_bytes[cls] += len(text.encode())
            if spans is None:
                dropped += 1
                continue
            for s in spans:
                # authors' e-mails are real wherever they appear; names and addresses in credits
                if s.kind == "email" or (cls == "metadata" and s.kind in PII_KINDS):
                    pii_meta[s.kind] += 1
                    continue
                value = text[s.start : s.end]
                by_kind[s.kind] += 1
                by_class[cls] += 1
                by_cause[(s.kind, shape(value))] += 1
                if len(examples[s.kind]) < args.examples:
                    ctx = text[max(0, s.start - 50) : s.start] + "«" + value + "»" + text[s.end : s.end + 30]
                    examples[s.kind].append(f"{Path(path).name}: {ctx!r}")
    fps = sum(by_kind.values())
    print(f"wild corpus: {mb:.2f} MB, {len(corpus)} chunks, {len(roots)} roots, {time.monotonic() - t0:.0f} s")
    print(f"candidate FP spans: {fps} = {fps / mb:.1f}/MB; fields dropped: {dropped}")
    pii_n = sum(n for k, n in by_kind.items() if k in PII_TYPES)
    print(f"  secret types: {fps - pii_n} = {(fps - pii_n) / mb:.1f}/MB; personal-data types: {pii_n / mb:.1f}/MB")
    print("by class (spans, MB, spans/MB):")
    for cls, b in sorted(class_bytes.items()):
        print(f"  {cls:10s} {by_class[cls]:6d} {b / 1e6:7.2f} {by_class[cls] / max(b / 1e6, 1e-9):8.1f}")
    print("by type (spans, /MB):")
    for kind, n in by_kind.most_common():
        print(f"  {kind:32s} {n:6d} {n / mb:8.2f}")
    print("by type x value shape (top 25):")
    for (kind, sh), n in by_cause.most_common(25):
        print(f"  {kind:32s} {sh:12s} {n:6d}")
    print(f"personal data (e-mails; names/addresses in credits and licences: correct, not FP): {dict(pii_meta)}")
    for kind, _ in by_kind.most_common(args.show):
        print(f"-- {kind}")
        for e in examples[kind]:
            print(f"   {e}")


if __name__ == "__main__":
    main()
