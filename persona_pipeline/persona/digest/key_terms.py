"""Recurrence by a key term: one preference restated in other words around the thing it is about.

People restate a preference in new words each time: "a rough confidence figure tells me whether to
double-check", later "I like a confidence percentage next to any answer you're unsure about". The
fold's similarity (rarity-weighted Dice, `similarity.similarity`) joins wordings that share most of
their weight; two wordings that share only the thing they are about fall under its bar, and more so
in another language, where every word English does not list weighs as a name ("Rysuj mi przebiegi
w WaveDrom" / "WaveDrom to mój ulubiony sposób …"). Each is then said in one session and stays
below the recurrence bar.

`link` joins such groups after the fold's nearest-group pass, by one term they share, only where
the recurrence is the point:
- only groups said in one session each, from different sessions: a group already said in two
  sessions is a rule; what it shares with a lone wording adds nothing it needs;
- the term names a thing: a content token of the wording's topic at least as rare as
  `similarity.NAMED` (Zipf ≤ 5 in general English: "confidence", "poetry", a tool's name; not
  "come", "run", "go"), written in ASCII when English does not list it (a package or tool name is
  ASCII by the registries' own naming rules — PEP 508 for Python, npm's package.json "name"; a word
  with diacritics that English does not list is a word of the sentence's own language, "mình",
  "więcej"), and not a word of the name of the project the wording was said in (a project's coined
  name points at "here", not at a preference: two requests in one repository share it);
- a term some established group (two or more sessions) already holds is a subject the person has
  rules about, and a lone wording naming it is another rule about it, not a restatement;
- both wordings lean the same way on the term (`similarity.stance`): "use X" and "never X" are no
  restatement of each other;
- they do not act on different things (`similarity.different_rules`, the fold's own guard).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from persona_pipeline.persona.digest import similarity as sim
from persona_pipeline.persona.digest.models import Observation

Topic = Callable[[str], frozenset[str]]


def _session(o: Observation) -> str:
    return o.session_id or o.unit_key


def key_terms(statement: str, project: str, topic: Topic) -> frozenset[str]:
    """The tokens of a wording's topic that name a thing (see the module docstring)."""
    here = sim.tokens(project.replace("/", " ")) if project else frozenset()
    return frozenset(
        t
        for t in topic(statement)
        if sim.weight(t) >= sim.NAMED and t not in here and (t.isascii() or sim.zipf(t) > 0.0)
    )


def _leans(statement: str, term: str) -> bool:
    """Whether the statement sets itself against the term (True) or not (False)."""
    return term in sim.stance(statement, sim.NAMED)[1]


def _agree(a: Observation, b: Observation, term: str, topic: Topic) -> bool:
    if _leans(a.statement, term) != _leans(b.statement, term):
        return False
    ta, tb = topic(a.statement), topic(b.statement)
    return not sim.different_rules(sim.action(a.statement), ta, sim.action(b.statement), tb)


def link(groups: Sequence[list[Observation]], topic: Topic) -> list[list[Observation]]:
    """The groups, with groups said in one session each joined by a key term they share (see the
    module docstring); order kept (a joined group stands where its latest part stood)."""
    sessions = [{_session(o) for o in g} for g in groups]
    keys = [frozenset().union(*(key_terms(o.statement, o.project, topic) for o in g)) for g in groups]
    held = frozenset().union(*(k for k, s in zip(keys, sessions, strict=True) if len(s) >= 2))
    lone = [i for i, s in enumerate(sessions) if len(s) == 1]
    by_term: dict[str, list[int]] = {}
    for i in lone:
        for t in sorted(keys[i] - held):
            by_term.setdefault(t, []).append(i)
    parent = list(range(len(groups)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    # each term's lone groups join the first of them they agree with (linear in their number; a
    # group that agrees with none stays apart)
    for term, members in sorted(by_term.items()):
        firsts: list[int] = []
        for j in members:
            for i in firsts:
                if root(i) == root(j):
                    break
                if all(_agree(a, b, term, topic) for a in groups[i] for b in groups[j]):
                    parent[root(j)] = root(i)
                    break
            else:
                if len(firsts) < 2:  # (a stance and its opposite: two heads at most)
                    firsts.append(j)
    joined: dict[int, list[Observation]] = {}
    last: dict[int, int] = {}
    for i, g in enumerate(groups):
        r = root(i)
        joined.setdefault(r, []).extend(g)
        last[r] = i
    return [joined[r] for r in sorted(joined, key=lambda r: last[r])]
