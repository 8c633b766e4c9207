"""Writes persona_pipeline/digests/data/en_zipf.tsv.gz: general-English word frequencies for the
offline digester's similarity (rare words weigh more). Run by hand; needs `pip install
wordfreq==3.1.1` (not a dependency of the pipeline).

Source: wordfreq 3.1.1 (Robyn Speer, code Apache-2.0, data CC BY-SA 4.0; built from Wikipedia,
subtitles, news, books, web text, Twitter and Reddit). The derived file is CC BY-SA 4.0 too.
Format: `word<TAB>zipf` (zipf to one decimal, ≥ 1.0), the top 60,000 English words, sorted by word.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from wordfreq import top_n_list, zipf_frequency

OUT = Path(__file__).resolve().parents[1] / "persona_pipeline" / "persona" / "digest" / "data" / "en_zipf.tsv.gz"


def main() -> None:
    rows = {}
    for w in top_n_list("en", 60_000):
        if w.isascii() and any(c.isalpha() for c in w):
            z = round(zipf_frequency(w, "en"), 1)
            if z >= 1.0:
                rows[w] = z
    text = "".join(f"{w}\t{z}\n" for w, z in sorted(rows.items()))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(OUT, "wb", mtime=0) as f:  # mtime 0: the same input gives the same bytes
        f.write(text.encode())
    print(f"{len(rows)} words -> {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
