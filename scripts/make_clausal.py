"""Writes persona_pipeline/persona/digest/data/en_clausal.tsv.gz: the English verbs that take a
clause as their object ("Priya thinks [mongo is our database]"), each with how a clause under it
stands, from Princeton WordNet 3.0 (`apt-get install wordnet-base`, /usr/share/wordnet, read with
nltk's WordNet reader; licence in `data/NOTICE.md`). Run by hand; not a dependency.

A verb is kept when one of its senses has WordNet's sentence frame 26 ("Somebody ----s that
CLAUSE") or belongs to a lexicographer file of mental or speech acts (verb.cognition,
verb.communication, verb.perception, verb.emotion). Its class, by the first that holds:
- `decide`: its first (most frequent) sense is, or is a kind of (hypernym closure), WordNet's verbs of deciding or
  agreeing (decide.v.01 "reach a decision", decide.v.02 "bring to an end; settle", choose.v.01,
  choose.v.02 "see fit", agree.v.01 "be in agreement"): a clause under it was settled.
- `believe`: one of its two main senses is, or is a kind of, a verb of believing, supposing,
  wishing or hearing (BELIEVING below: think.v.01 "judge or regard", think.v.02 "expect, believe
  with confidence", believe.v.01, guess.v.02, suppose.v.01, wish.v.01, hope.v.01, hear.v.01,
  learn.v.02 "hear, get word" …): a clause under it is a belief, a wish or hearsay.
- `state`: its first (most frequent) sense is a verb.communication sense (say, tell, claim,
  mention): a clause under it is asserted by its subject.
- `other`: the rest (check, approve, know, keep): no attitude to a clause beside it.
Column 3 is 1 when a sense has frame 26; column 4 is 1 when its first (most frequent) sense is one
of the four mental or speech-act files ("think", "say"; not "move", whose first sense is travel).
Irregular forms (`verb.exc`: thought, said, heard) get their own rows, column 5 `inflected` (else
`base`). Column 6 is 1 when any sense is a verb of believing (as `believe`, over all senses: "I
gather", "I fancy" as comment clauses). Format:
`word<TAB>class<TAB>frame26<TAB>first-sense-mental<TAB>form<TAB>any-believing`, sorted.
"""

from __future__ import annotations

import gzip
import shutil
import sys
import tempfile
from pathlib import Path

WORDNET = Path("/usr/share/wordnet")
DATA = Path(__file__).resolve().parents[1] / "persona_pipeline" / "persona" / "digest" / "data"
OUT = DATA / "en_clausal.tsv.gz"
# and the nouns whose first sense is in noun.group (team, company, household): under "our", a
# possessor of that kind is the person's own group ("our team's database"), not another person
GROUPS = DATA / "en_group_nouns.txt.gz"
MENTAL = {"verb.cognition", "verb.communication", "verb.perception", "verb.emotion"}
DECIDING = ("decide.v.01", "decide.v.02", "choose.v.01", "choose.v.02", "agree.v.01")
# Provenance of the seeds (said plainly, rev45c C5): the WordNet tops of believing, expecting,
# supposing, doubting, imagining, wishing, hoping, fearing, feeling and hearing were picked from
# WordNet's own hierarchy; four sub-senses were added after looking at how a probe word's senses
# sit in it — calculate.v.02 ("judge to be probable": figure, reckon), understand.v.04 ("believe to
# be the case"), learn.v.02 ("hear, get word") and gather.v.04 ("conclude from evidence"). A named
# verb class (Levin 29.4/29.5, conjecture and declare verbs) would be a cleaner source.
BELIEVING = (
    "think.v.01",
    "think.v.02",
    "believe.v.01",
    "expect.v.01",
    "speculate.v.02",
    "guess.v.02",
    "suppose.v.01",
    "presuppose.v.01",
    "assume.v.01",
    "suspect.v.01",
    "calculate.v.02",
    "doubt.v.01",
    "imagine.v.01",
    "desire.v.01",
    "wish.v.01",
    "hope.v.01",
    "fear.v.01",
    "feel.v.01",
    "hear.v.01",
    "learn.v.02",
    "understand.v.04",
    "gather.v.04",
)
# Debian's wordnet-base ships no `lexnames`; nltk needs it (the 45 files, in WordNet's order)
LEXNAMES = [
    "adj.all",
    "adj.pert",
    "adv.all",
    "noun.Tops",
    "noun.act",
    "noun.animal",
    "noun.artifact",
    "noun.attribute",
    "noun.body",
    "noun.cognition",
    "noun.communication",
    "noun.event",
    "noun.feeling",
    "noun.food",
    "noun.group",
    "noun.location",
    "noun.motive",
    "noun.object",
    "noun.person",
    "noun.phenomenon",
    "noun.plant",
    "noun.possession",
    "noun.process",
    "noun.quantity",
    "noun.relation",
    "noun.shape",
    "noun.state",
    "noun.substance",
    "noun.time",
    "verb.body",
    "verb.change",
    "verb.cognition",
    "verb.communication",
    "verb.competition",
    "verb.consumption",
    "verb.contact",
    "verb.creation",
    "verb.emotion",
    "verb.motion",
    "verb.perception",
    "verb.possession",
    "verb.social",
    "verb.stative",
    "verb.weather",
    "adj.ppl",
]


def wordnet_reader(root: Path):
    from nltk.corpus.reader import wordnet as reader

    reader.WordNetCorpusReader.map_wn = lambda self, version="wordnet": None  # 3.0 itself: no mapping
    home = root / "corpora" / "wordnet"
    shutil.copytree(WORDNET, home)
    pos = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}
    lines = [f"{i:02d}\t{n}\t{3 if n == 'adj.ppl' else pos[n.split('.')[0]]}" for i, n in enumerate(LEXNAMES)]
    (home / "lexnames").write_text("\n".join(lines) + "\n")
    return reader.WordNetCorpusReader(str(home), None)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        import os

        os.environ["NLTK_DATA"] = tmp
        wn = wordnet_reader(Path(tmp))
        deciding = {wn.synset(n) for n in DECIDING}
        believing = {wn.synset(n) for n in BELIEVING}
        rows: dict[str, tuple[str, int, int, str, int]] = {}
        for lemma in wn.all_lemma_names("v"):
            if "_" in lemma or "-" in lemma or not lemma.isalpha():
                continue
            senses = wn.synsets(lemma, "v")
            frame26 = any(
                26 in s.frame_ids() or any(26 in lm.frame_ids() for lm in s.lemmas() if lm.name() == lemma)
                for s in senses
            )
            if not frame26 and not any(s.lexname() in MENTAL for s in senses):
                continue
            up = [{s, *s.closure(lambda x: x.hypernyms())} for s in senses]
            if up[0] & deciding:
                cls = "decide"
            elif any(u & believing for u in up[:2]):
                cls = "believe"
            elif senses[0].lexname() == "verb.communication":
                cls = "state"
            else:
                cls = "other"
            anywhere = int(any(u & believing for u in up))
            rows[lemma] = (cls, int(frame26), int(senses[0].lexname() in MENTAL), "base", anywhere)
        for line in (WORDNET / "verb.exc").read_text(encoding="latin-1").splitlines():
            form, *lemmas = line.split()
            hit = next((rows[m] for m in lemmas if m in rows), None)
            if hit and form not in rows:
                rows[form] = (*hit[:3], "inflected", hit[4])
        groups = sorted(
            n
            for n in wn.all_lemma_names("n")
            if n.isalpha() and (ss := wn.synsets(n, "n")) and ss[0].lexname() == "noun.group"
        )
    GROUPS.write_bytes(gzip.compress(("\n".join(groups) + "\n").encode(), mtime=0))
    text = "".join(f"{w}\t{c}\t{f}\t{m}\t{k}\t{b}\n" for w, (c, f, m, k, b) in sorted(rows.items()))
    OUT.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(f"{len(rows)} verbs -> {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
