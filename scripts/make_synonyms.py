"""Writes persona_pipeline/persona/digest/data/en_synonyms.tsv.gz: general-English synonym sets for
the offline digester's grouping (`similarity.synonyms`). Run by hand after `apt-get install
wordnet-base` (Princeton WordNet 3.0 in /usr/share/wordnet; not a dependency of the pipeline).

Which senses of a word count. A word's rarer senses are what glue unrelated wordings ("run" is a
kind of test only in a rare sense), so a word keeps only its main senses:
- its senses pooled with those of the base form it inflects (WordNet's morphology: "checked" is
  also the past of "check", so the verb's senses compete with the adjective "chequered");
- of a pool the WordNet semantic concordance tagged, the senses tagged at least half as often as
  the most tagged sense of their part of speech ("brief" keeps "of short duration" (12 tags) and
  "concise and succinct" (6), not its third sense (1)); a part of speech none of whose senses
  was tagged is a rare use of the word, and dropped;
- of an untagged pool, the first-listed sense of each part of speech.
Two words then share a concept only when it is a main sense of both.

What a sense's concept is: its synset. An adjective satellite is only "similar to" its head
("terse" to "concise"), so it also carries a link to the head (written `^id`) that matches the
head's own concept and nothing else: "terse" ~ "concise" and "brief" ~ "concise", but two
satellites of one head are not synonyms ("enormous" and "huge" are, via the synset they share;
"five" and "eight", both satellites of "cardinal", are not). An adverb stands for the adjective it
pertains to ("briefly" ~ "brief").

Kept: single words of three letters or more that wordfreq lists (`en_zipf.tsv.gz`), and concepts
that can match another kept word. Format: `word<TAB>id id ^id…` (small base-36 numbers), sorted by
word. WordNet 3.0 licence: `data/NOTICE.md`.
"""

from __future__ import annotations

import gzip
from collections import defaultdict
from pathlib import Path

WORDNET = Path("/usr/share/wordnet")
DATA = Path(__file__).resolve().parents[1] / "persona_pipeline" / "persona" / "digest" / "data"
OUT = DATA / "en_synonyms.tsv.gz"
POS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
SENSE_TYPE = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}  # 5: an adjective satellite
MAIN_SHARE = 0.5  # a tagged sense is a main sense at half the tags of the pool's commonest
# WordNet's regular inflections (its `morphy`): ending -> base ending, per part of speech
SUFFIXES = {
    "n": [("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("ies", "y")],
    "v": [("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")],
    "a": [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
}

Sense = tuple[str, str, str, int]  # (lemma, pos, synset offset, sense number within the pos)


def _read(name: str) -> list[str]:
    # the files open with the licence, indented
    return [line for line in (WORDNET / name).read_text(encoding="latin-1").splitlines() if not line.startswith(" ")]


def _synsets(pos: str) -> dict[str, tuple[str, list[tuple[str, str, str]]]]:
    """offset -> (synset type, pointers (symbol, offset, pos))."""
    out: dict[str, tuple[str, list[tuple[str, str, str]]]] = {}
    for line in _read(f"data.{POS[pos]}"):
        f = line.split(" | ", 1)[0].split()
        offset, ss_type, w_cnt = f[0], f[2], int(f[3], 16)
        at = 4 + 2 * w_cnt
        ptrs = [(f[at + 1 + 4 * i], f[at + 2 + 4 * i], f[at + 3 + 4 * i]) for i in range(int(f[at]))]
        out[offset] = (ss_type, ptrs)
    return out


def _senses() -> dict[str, dict[str, list[Sense]]]:
    """lemma -> pos -> its senses, in WordNet's order."""
    out: dict[str, dict[str, list[Sense]]] = defaultdict(dict)
    for pos in POS:
        for line in _read(f"index.{POS[pos]}"):
            f = line.split()
            lemma, p_cnt = f[0], int(f[3])
            offsets = f[4 + p_cnt + 2 :]
            assert len(offsets) == int(f[2]), line
            out[lemma][pos] = [(lemma, pos, o, n) for n, o in enumerate(offsets, 1)]
    return out


def _tags() -> dict[tuple[str, str, int], int]:
    """(lemma, pos, sense number) -> semantic concordance tag count (`cntlist.rev`)."""
    out: dict[tuple[str, str, int], int] = {}
    for line in _read("cntlist.rev"):
        key, number, count = line.split()
        lemma, _, rest = key.partition("%")
        out[(lemma, SENSE_TYPE[rest[0]], int(number))] = int(count)
    return out


def _bases(word: str, pos: str, lemmas: dict[str, dict[str, list[Sense]]], exc: dict[str, set[str]]) -> set[str]:
    """The lemmas of part of speech `pos` that `word` is an inflection of."""
    out = {b for b in exc.get(f"{pos}:{word}", ()) if pos in lemmas.get(b, {})}
    for end, base in SUFFIXES.get(pos, ()):
        if word.endswith(end) and len(word) > len(end) + 1:
            b = word[: -len(end)] + base
            if b != word and pos in lemmas.get(b, {}):
                out.add(b)
    return out


def main() -> None:
    rarity = gzip.decompress((DATA / "en_zipf.tsv.gz").read_bytes()).decode()
    listed = {line.partition("\t")[0] for line in rarity.splitlines()}
    synsets = {pos: _synsets(pos) for pos in POS}
    lemmas = _senses()
    tags = _tags()
    exc: dict[str, set[str]] = defaultdict(set)
    for pos in ("n", "v", "a"):
        for line in _read(f"{POS[pos]}.exc"):
            form, *bases = line.split()
            exc[f"{pos}:{form}"].update(bases)

    def concepts(pos: str, offset: str) -> tuple[str, str | None]:
        """(the sense's own concept, the head it is similar to, if a satellite)."""
        ss_type, ptrs = synsets[pos][offset]
        if ss_type == "s":
            return f"a{offset}", next(f"a{o}" for sym, o, p in ptrs if sym == "&" and p == "a")
        if pos == "r":  # an adverb stands for the adjective it pertains to, if any
            adj = next((o for sym, o, p in ptrs if sym == "\\" and p in "as"), None)
            return concepts("a", adj) if adj else (f"r{offset}", None)
        return f"{pos}{offset}", None

    own: dict[str, set[str]] = {}
    near: dict[str, set[str]] = {}
    for word in sorted(listed):
        if not word.isalpha() or len(word) < 3:
            continue
        pool = [s for senses in lemmas.get(word, {}).values() for s in senses]
        pool += [s for pos in SUFFIXES for b in sorted(_bases(word, pos, lemmas, exc)) for s in lemmas[b][pos]]
        if not pool:
            continue
        counts = {s: tags.get((s[0], s[1], s[3]), 0) for s in pool}
        if max(counts.values()) > 0:
            # within each tagged part of speech: "an answer" and "to answer" are one meaning in two
            # roles, so how often a word is a noun says nothing of which noun sense it means
            top = {pos: max(c for s, c in counts.items() if s[1] == pos) for pos in {s[1] for s in pool}}
            main = [s for s, c in counts.items() if c and c >= MAIN_SHARE * top[s[1]]]
        else:
            main = [s for s in pool if s[3] == 1]
        pairs = [concepts(pos, o) for _, pos, o, _ in main]
        own[word] = {c for c, _ in pairs}
        near[word] = {h for _, h in pairs if h}
    owners: dict[str, int] = defaultdict(int)
    for cs in own.values():
        for c in cs:
            owners[c] += 1
    linked = {h for hs in near.values() for h in hs}
    # a concept can match when two words own it, or one owns it and another is similar to it
    useful = {c for c, n in owners.items() if n >= 2 or (c in linked)}
    ids = {c: i for i, c in enumerate(sorted(useful))}

    def b36(n: int) -> str:
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"
        return digits[n] if n < 36 else b36(n // 36) + digits[n % 36]

    rows = {
        w: sorted(b36(ids[c]) for c in own[w] if c in ids) + sorted("^" + b36(ids[h]) for h in near[w] if h in ids)
        for w in own
    }
    text = "".join(f"{w}\t{' '.join(cs)}\n" for w, cs in sorted(rows.items()) if cs)
    with gzip.GzipFile(OUT, "wb", mtime=0) as f:  # mtime 0: the same input gives the same bytes
        f.write(text.encode())
    print(f"{sum(1 for cs in rows.values() if cs)} words, {len(ids)} concepts -> {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
