"""Writes persona_pipeline/persona/digest/data/en_valence.tsv.gz: the general-English valence of
evaluative words (how good or bad a word says something is), for the offline digester's reading
of judgements ("X is not ok", "X makes me uneasy": X is rejected). Run by hand; needs the wheel
of vaderSentiment 3.3.2 (not a dependency of the pipeline): `pip download --no-deps
vaderSentiment==3.3.2` and pass the wheel's path.

Source: the VADER lexicon (C.J. Hutto and Eric Gilbert, "VADER: A Parsimonious Rule-based Model
for Sentiment Analysis of Social Media Text", ICWSM 2014), vaderSentiment 3.3.2, MIT licence,
Copyright (c) 2016 C.J. Hutto (the notice is kept in persona/digest/data/NOTICE.md). Its ~7,500 entries
were rated by ten human raters on -4..+4; kept here: single alphabetic words with |valence| >= 0.5,
`word<TAB>valence`, sorted by word.
"""

from __future__ import annotations

import gzip
import sys
import zipfile
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "persona_pipeline" / "persona" / "digest" / "data" / "en_valence.tsv.gz"


def main(wheel: str) -> None:
    with zipfile.ZipFile(wheel) as z:
        raw = z.read("vaderSentiment/vader_lexicon.txt").decode("utf-8")
    rows: dict[str, float] = {}
    for line in raw.splitlines():
        parts = line.split("\t")
        if len(parts) < 2:
            continue
        w, v = parts[0].strip().lower(), float(parts[1])
        if w.replace("-", "").isalpha() and w.isascii() and abs(v) >= 0.5:
            rows[w] = round(v, 1)
    text = "".join(f"{w}\t{v}\n" for w, v in sorted(rows.items()))
    with gzip.GzipFile(OUT, "wb", mtime=0) as f:
        f.write(text.encode())
    print(f"{len(rows)} words -> {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main(sys.argv[1])
