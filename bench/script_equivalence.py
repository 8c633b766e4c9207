"""Tokenisation equivalence over the readable pools (issue 15: words of every script).

python bench/script_equivalence.py dump OUT.json   # with PYTHONPATH at the tree to capture
python bench/script_equivalence.py diff A.json B.json

Dumps, for every sentence of the readable pools (dev, blind, blind2–blind6; blind_dev and
blind_hold are blind's halves), `reading.words`, `reading.read`, `similarity.tokens` and
`lexicon.content_tokens`; `diff` prints "N sentences, M changed" and each changed sentence's
first differing field (never the held-out pools: test, blind7, blind8 are not loaded).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import sys
from pathlib import Path

READABLE = ("pool", "pool_blind", "pool_blind2", "pool_blind3", "pool_blind4", "pool_blind5", "pool_blind6")


def _texts() -> list[str]:
    out: list[str] = []
    for name in READABLE:
        m = importlib.import_module(f"persona_pipeline.eval.{name}")
        for p in m.PREFERENCES:
            out += [p.statement, *p.phrasings, p.slip]
        for c in m.CONTRADICTIONS:
            out += [*c.old, *c.new]
        for t in m.TASKS:
            out += list(t.phrasings)
        for t in m.SECRET_TASKS.values():
            out += list(t.phrasings)
        out += [*m.GLOBAL_DIRECTIVES, *m.PROJECT_DIRECTIVES, *m.PROJECT_BLURBS]
    return out


def dump(path: str) -> None:
    from persona_pipeline.persona.digest import lexicon, reading, similarity

    rows = {}
    for text in _texts():
        for s in reading.sentences(text):
            if s.strip() and s not in rows:
                rows[s] = {
                    "words": reading.words(s),
                    "read": dataclasses.asdict(reading.read(s)),
                    "tokens": sorted(similarity.tokens(s)),
                    "content_tokens": sorted(lexicon.content_tokens(s)),
                }
    Path(path).write_text(json.dumps(rows))


def diff(a_path: str, b_path: str) -> None:
    a, b = (json.loads(Path(p).read_text()) for p in (a_path, b_path))
    changed = [(s, k) for s in a for k in a[s] if b.get(s, {}).get(k) != a[s][k]]
    missing = [s for s in a if s not in b] + [s for s in b if s not in a]
    print(f"{len(a)} sentences, {len({s for s, _ in changed})} changed, {len(missing)} split differently")
    for s, k in changed:
        print(f"  {k}: {s!r}\n    before {a[s][k]}\n    after  {b[s][k]}")
    for s in missing:
        print(f"  only in one: {s!r}")


if __name__ == "__main__":
    {"dump": dump, "diff": diff}[sys.argv[1]](*sys.argv[2:])
