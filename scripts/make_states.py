"""Writes persona_pipeline/persona/digest/data/en_states.txt.gz: the general-English words whose main
part of speech is an adjective (a state or quality: "slow", "huge", "overloaded") or which are a
verb's past participle and no noun ("busted"), from Princeton WordNet 3.0 (`apt-get install
wordnet-base`, /usr/share/wordnet; licence in `data/NOTICE.md`). Run by hand; not a dependency.

`fold` asks it whether the value of "my X is <value> now" names a thing that fills the slot
(a tool, a brand, a material) or says how the slot is: a predicate adjective is never a value.

A word's main part of speech: the one whose senses the WordNet semantic concordance tagged most
often (cntlist.rev; an adjective satellite counts as an adjective); for a word none of whose senses
was tagged, a noun if WordNet lists it as one ("trellis", "bamboo"), else an adjective if it lists
one. Kept: single words of three letters or more that wordfreq lists (`en_zipf.tsv.gz`), and those
WordNet lists only as adjectives. Format: one word a line, sorted.
"""

from __future__ import annotations

import gzip
from collections import defaultdict
from pathlib import Path

WORDNET = Path("/usr/share/wordnet")
DATA = Path(__file__).resolve().parents[1] / "persona_pipeline" / "persona" / "digest" / "data"
OUT = DATA / "en_states.txt.gz"
POS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
SS_TYPE = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}  # 5: an adjective satellite


def _read(name: str) -> list[str]:
    # the files open with the licence, indented
    return [line for line in (WORDNET / name).read_text(encoding="latin-1").splitlines() if not line.startswith(" ")]


def _listed() -> dict[str, set[str]]:
    out: dict[str, set[str]] = defaultdict(set)
    for pos, name in POS.items():
        for line in _read(f"index.{name}"):
            out[line.split()[0]].add(pos)
    return out


def _tags() -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for line in (WORDNET / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _, count = line.split()
        lemma, _, rest = key.partition("%")
        out[lemma][SS_TYPE[rest[0]]] += int(count)
    return out


def _participles(listed: dict[str, set[str]]) -> set[str]:
    """Past participles of WordNet verbs: the irregular ones of verb.exc, the regular -ed forms."""
    out = {line.split()[0] for line in _read("verb.exc") if line.split()[0].endswith(("ed", "en", "t"))}
    return out | {
        w
        for w in listed
        if w.endswith("ed")
        and any("v" in listed.get(b, ()) for b in (w[:-2], w[:-1], w[:-3] if w[-3:-2] == w[-4:-3] else ""))
    }


def main() -> None:
    zipf = {
        line.split("\t")[0] for line in gzip.decompress((DATA / "en_zipf.tsv.gz").read_bytes()).decode().splitlines()
    }
    listed, tags = _listed(), _tags()
    participles = _participles(listed)
    # and the words WordNet lists only as adjectives though wordfreq does not list them: slang and
    # rarer states ("kaput") said of a slot are no names either
    adjective_only = {w for w, pos in listed.items() if pos == {"a"}}
    states = set()
    for word in zipf | adjective_only:
        if len(word) < 3 or not word.isalpha():
            continue
        pos, t = listed.get(word, set()), tags.get(word, {})
        if any(t.values()):
            main_pos = max(("n", "a", "v"), key=lambda p: (t.get(p, 0), p == "n"))
        else:
            main_pos = "n" if "n" in pos else "a" if "a" in pos else ""
        if main_pos == "a" or ("n" not in pos and (word in participles or (main_pos == "v" and word.endswith("ed")))):
            states.add(word)
    OUT.write_bytes(gzip.compress("".join(w + "\n" for w in sorted(states)).encode(), mtime=0))
    print(f"{len(states)} words -> {OUT}")


if __name__ == "__main__":
    main()
