"""Recurrence by a key term across languages: one preference restated around the thing it is about.

The fold's similarity (rarity-weighted Dice, `similarity.similarity`) weighs a word by its rarity
in general English, and a word English does not list weighs as a tool's name. In a sentence of
another language nearly every word is unlisted, so two wordings of one preference that share only
the thing they are about ("Testy píšu v Hypothesis, najde chyby rychleji" / "Hypothesis je pro mě
základní nástroj") fall far under its bar however rare that shared thing is: each is said
in one session and stays below the recurrence bar.

`link` joins such groups after the fold's nearest-group pass, by one term they share, only where
the recurrence is the point:
- at least one of the two wordings is not English (`tongues.english`), or the term is written as
  a name in both (`names`: capitalised inside the sentence, as English writes proper nouns —
  "skip Process Builder …" / "… debugging Process Builder ordering" — or a word general English
  does not list at all, a coined tool name). Otherwise an English pair is weighed by the
  similarity as it is: two different rules about one thing named by a common word ("keep the
  square token out of the repo" / "square should retry failed payments") share it too. A name's
  tokens count as key terms however common their words ("Process Builder": "process", "build");
- only groups said in one session each: a group already said in two sessions is a rule; what it
  shares with a lone wording adds nothing it needs;
- the term names a thing: a content token of the wording's topic at least as rare as
  `similarity.NAMED` (Zipf ≤ 5 in general English: "poetry", "preview", a tool's name; not "come",
  "run", "go"), written in ASCII when English does not list it (a package or tool name is ASCII
  by the registries' own naming rules — PEP 508 for Python, npm's package.json "name"; an unlisted
  word with diacritics is a word of the sentence's own language), and not a word of the name of
  the project the wording was said in (a project's coined name points at "here": two requests in
  one repository share it);
- a term some established group (two or more sessions) already holds is a subject the person has
  rules about, and a lone wording naming it is another rule about it, not a restatement;
- both wordings lean the same way on the term (`similarity.stance`): "use X" and "never X" are no
  restatement of each other;
- they do not act on different things (`similarity.different_rules`, the fold's own guard).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from persona_pipeline.persona.digest import similarity as sim
from persona_pipeline.persona.digest import tongues
from persona_pipeline.persona.digest.models import Observation

# the English day and month names (and their usual abbreviations): capitalised by spelling rule
_CALENDAR = frozenset(
    {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
    | {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october"}
    | {"november", "december", "mon", "tue", "wed", "thu", "fri", "sat", "sun", "jan", "feb", "mar", "apr"}
    | {"jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"}
)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_+#.'-]*[A-Za-z0-9+#]|[A-Za-z]")


def _session(o: Observation) -> str:
    return o.session_id or o.unit_key


def key_terms(statement: str, project: str) -> frozenset[str]:
    """The tokens of a wording's topic that name a thing (see the module docstring)."""
    here = sim.tokens(project.replace("/", " ")) if project else frozenset()
    named = names(statement)
    return frozenset(
        t
        for t in sim.topic(statement)
        if (sim.weight(t) >= sim.NAMED or t in named) and t not in here and (t.isascii() or sim.zipf(t) > 0.0)
    )


def _against(statement: str, term: str) -> bool:
    """Whether the statement sets itself against the term."""
    return term in sim.stance(statement, sim.NAMED)[1]


def names(statement: str) -> frozenset[str]:
    """The tokens of words written as a name: capitalised inside the sentence ("skip Process Builder",
    "no ActiveSheet"; English capitalises proper nouns, not common ones), or a word general English
    does not list at all (a coined tool name: "deps.edn"). English also capitalises by spelling rule
    what names no one thing: an abbreviation in capitals ("PR", "CI", "API": a name only when English
    does not list it), the days and months (a closed class), and "I"."""
    out: set[str] = set()
    end = -1  # where the previous word ended: a sentence opens at the first word or after . ! ? : ;
    for m in _WORD.finditer(statement):
        w = m.group(0)
        opens = end < 0 or any(c in ".!?:;" for c in statement[end : m.start()])
        end = m.end()
        capital = w[0].isupper() and not w.isupper() and w.split("'")[0].lower() not in _CALENDAR
        if (not opens and capital) or (
            w.isascii() and "-" not in w and sim.zipf(w.lower()) == 0.0 and sim.zipf(w.lower().rstrip("s")) == 0.0
        ):
            out |= sim.tokens(w)
    return frozenset(out)


def agree(a: str, b: str, term: str) -> bool:
    """Whether two wordings sharing `term` may be one preference restated (see the module docstring)."""
    if tongues.english(a) and tongues.english(b) and not (term in names(a) and term in names(b)):
        return False
    if _against(a, term) != _against(b, term):
        return False
    return not sim.different_rules(sim.action(a), sim.topic(a), sim.action(b), sim.topic(b))


def link(groups: Sequence[list[Observation]]) -> list[list[Observation]]:
    """The groups, with groups said in one session each joined by a key term they share (see the
    module docstring); order kept (a joined group stands where its latest part stood)."""
    sessions = [{_session(o) for o in g} for g in groups]
    keys = [frozenset().union(*(key_terms(o.statement, o.project) for o in g)) for g in groups]
    held = frozenset().union(*(k for k, s in zip(keys, sessions, strict=True) if len(s) >= 2))
    by_term: dict[str, list[int]] = {}
    for i, s in enumerate(sessions):
        if len(s) == 1:
            for t in sorted(keys[i] - held):
                by_term.setdefault(t, []).append(i)
    parent = list(range(len(groups)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    # each term's lone groups join the first of at most two heads they agree with (linear in their
    # number: a stance and its opposite); a group that agrees with neither stays apart
    for term, members in sorted(by_term.items()):
        heads: list[int] = []
        for j in members:
            for i in heads:
                if root(i) == root(j):
                    break
                if all(agree(a.statement, b.statement, term) for a in groups[i] for b in groups[j]):
                    parent[root(j)] = root(i)
                    break
            else:
                if len(heads) < 2:
                    heads.append(j)
    joined: dict[int, list[Observation]] = {}
    last: dict[int, int] = {}
    for i, g in enumerate(groups):
        r = root(i)
        joined.setdefault(r, []).extend(g)
        last[r] = i
    return [joined[r] for r in sorted(joined, key=lambda r: last[r])]
