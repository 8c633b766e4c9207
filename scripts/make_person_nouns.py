"""Writes persona_pipeline/persona/digest/data/en_person_nouns.txt.gz: the English nouns whose first
(most frequent) sense is in WordNet 3.0's noun.person lexicographer file ("parent", "sister",
"neighbour", "traveller", "baker"), with their irregular plurals (`noun.exc`: "children", "women").
Read from Princeton WordNet 3.0 (`apt-get install wordnet-base`, /usr/share/wordnet) with nltk's
reader, as scripts/make_clausal.py does; licence in `data/NOTICE.md`. Run by hand; not a dependency.

Used by `digest/change_reading.py`: under "my"/"our" (a first-person possessor) a subject is the
person's own practice ("our builds run on X now") unless its head names a person ("my parents fly
X now"), whose practice is theirs.
"""

from __future__ import annotations

import gzip
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_clausal import WORDNET, wordnet_reader

OUT = (
    Path(__file__).resolve().parents[1] / "persona_pipeline" / "persona" / "digest" / "data" / "en_person_nouns.txt.gz"
)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        import os

        os.environ["NLTK_DATA"] = tmp
        wn = wordnet_reader(Path(tmp))
        people = {
            n
            for n in wn.all_lemma_names("n")
            if n.isalpha() and (ss := wn.synsets(n, "n")) and ss[0].lexname() == "noun.person"
        }
    for line in (WORDNET / "noun.exc").read_text(encoding="latin-1").splitlines():
        form, *lemmas = line.split()
        if form.isalpha() and any(m in people for m in lemmas):
            people.add(form)
    OUT.write_bytes(gzip.compress(("\n".join(sorted(people)) + "\n").encode(), mtime=0))
    print(f"{len(people)} nouns -> {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
