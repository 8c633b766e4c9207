"""Judging one developer's pack against the corpus truth, for faithfulness.

A bullet is identified by key terms (every term group must occur, word-start so suffixes are
fine). Identity is not enough: a bullet about a known preference counts only when it says it
the right way round and reads as a sentence.

- Faithful as said: the bullet is one of the person's statements of it, trimmed at most of
  filler at either end (a leading "no,", "please", "honestly", a trailing "thanks") — nothing
  else dropped, so "commit with --no-verify" cut out of "never commit with --no-verify" is not.
- Otherwise (a model's rewording, a clause of a longer turn) it is read: a garbled bullet (a
  contrast whose other side is a clause: "Use functions instead of 30 lines are a smell to me.",
  "… is instead of ok.", a dangling function word) is fabricated; so is one whose polarity is
  inverted: a preference to avoid X stated with X outside any negation, a preference for X
  stated with X only inside one, or naming what the preference rejects as preferred.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import duckdb
from pydantic import BaseModel, Field

from persona_pipeline.eval.corpus import has_term, matches, norm
from persona_pipeline.eval.truth import Contradiction, DeveloperTruth, Preference
from persona_pipeline.persona.pack import missing_directives

_CLAUSES = re.compile(r"[;.!?](?:\s+|$)|,\s+|\s+[—–-]\s+|:\s+|\s+\band\b\s+|\s+\bbut\b\s+")
# negators and verbs of refusal the scorer reads (its own reading, independent of the digester's)
_NEGATOR = (
    r"avoid|never|don'?t|do not|doesn'?t|does not|isn'?t|aren'?t|won'?t|can'?t|cannot|no|not|nor|stop|"
    r"without|skip|drop|less|fewer|hate|dislike|ban|quit|no more|no longer|"
    # a change of habit: what was left is the rejected side
    r"(?:moved|switched|migrated) (?:away )?(?:from|off)|replaced|dropped|left"
)
# a negator is a word of its own: "--no-verify" and "non-ascii" hold none
_NEG_OPEN = re.compile(rf"^(?:{_NEGATOR})(?![\w-])")
_NEG_MID = re.compile(r"(?<![\w-])(?:instead of|rather than|over|not|never|no|without|avoid|nor|than)(?![\w-])")
_NEG_ANY = re.compile(rf"(?<![\w-])(?:{_NEGATOR}|instead of|rather than|than)(?![\w-])")
_CONDITION = re.compile(r"\b(?:until|unless|without|before|except)\b")
_WORD = re.compile(r"[a-z][a-z0-9_.+#-]*[a-z0-9+#]")
# What a person may wrap a statement in without changing it.
_FILLER_HEAD = re.compile(
    r"^(?:(?:no|nope|ok|okay|so|well|yeah|yes|hmm|actually|honestly|please|and|also|but|again|hey|right)"
    r"(?:[,.!:;]\s*|\s+(?=\S))|\s+)*$"
)
_FILLER_TAIL = re.compile(r"^(?:[\s,.!?;:]|\b(?:please|thanks|thank you|again|honestly|ok|okay)\b)*$")
# Garbles of rewriting: a contrast whose other side is a clause, a copula before a contrast, a
# sentence ending on a function word, a word doubled.
_FINITE = r"(?:is|are|was|were|has|have|had|do|does|did|am|gets?|makes?|looks?)"
_GARBLES = (
    re.compile(rf"\b(?:instead of|rather than)\s+(?:[^\s,.;:!?]+\s+){{0,5}}{_FINITE}\b"),
    re.compile(rf"\b{_FINITE}\s+(?:instead of|rather than)\b"),
    re.compile(r"\b(?:of|with|to|the|a|an|and|than|for|use|avoid)[.!?]*$"),
    re.compile(r"\b(\w+)\s+\1\b"),
    re.compile(r"^(?:use|avoid|prefer)\s+(?:i|we|you|it|they|my|our|your)\b"),
)
_STOP = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "that",
        "this",
        "you",
        "your",
        "use",
        "using",
        "are",
        "not",
        "never",
        "don't",
        "dont",
        "always",
        "from",
        "into",
        "when",
        "then",
        "than",
        "only",
        "any",
        "all",
        "every",
        "our",
        "its",
        "it's",
        "have",
        "has",
        "was",
        "were",
        "will",
        "would",
        "should",
        "can",
        "must",
        "before",
        "after",
    ]
)


# a judgement of its subject ("X is not ok", "X makes me uneasy", "X is a bad idea"): the subject
# is rejected or preferred by the general-English valence of what is said of it
_JUDGED = re.compile(
    r"^(?!(?:i|we|you|it|this|that|there|they)\b)(?P<subj>\S+(?:\s+\S+){0,4}?)\s+"
    r"(?:is|are|'s|makes?|feels?|looks?|seems?)\s+(?P<pred>.+)$"
)
# "prefer X to Y": Y is the rejected side
_PREFER_TO = re.compile(r"\bprefer\w*\s+\S.*?\s(?P<to>to)\s")


def _judged(clause: str) -> tuple[str, float] | None:
    """(subject, valence) of a clause that judges its subject, when the valence is clear."""
    from persona_pipeline.persona.digest.similarity import valence

    m = _JUDGED.match(clause)
    if not m:
        return None
    pred = m.group("pred")
    than = re.search(r"\bthan\b", pred)
    v = valence(pred[: than.start()] if than else pred)
    return (m.group("subj"), v) if abs(v) >= 0.5 else None


def _first_negation(c: str) -> re.Match[str] | None:
    """Where the rejected part of a clause starts: a contrast ("X over Y", "X, not Y"), a negator
    after a subject ("I don't like Y"), the "to" of "prefer X to Y"."""
    found = [m for m in (_NEG_MID.search(c), _NEG_ANY.search(c), _PREFER_TO.search(c)) if m]
    return min(found, key=_start) if found else None


def _start(m: re.Match[str]) -> int:
    return m.start("to") if "to" in m.groupdict() else m.start()


def positive_text(bullet: str) -> str:
    """The parts of a bullet that name what it prefers (negated parts removed)."""
    keep = []
    for clause in _CLAUSES.split(norm(bullet)):
        c = clause.strip(" ,.;:!?()")
        if not c or (_NEG_OPEN.match(c) and not _CONDITION.search(c)):
            continue  # "don't commit before ruff passes" is a condition, not a rejection of ruff
        if (j := _judged(c)) and j[1] < 0:
            continue  # "X is not ok": X is rejected
        if _CONDITION.search(c):
            m = _NEG_MID.search(c)
            keep.append(c[: m.start()] if m else c)
            continue
        m = _first_negation(c)
        keep.append(c[: _start(m)] if m else c)
    return " . ".join(keep)


def negated_text(bullet: str) -> str:
    """The parts of a bullet inside a negation: clauses opening with a negator, what follows one
    inside a clause ("X instead of Y", "X, not Y", "I don't want Y", "prefer X to Y"), and the
    subject of a clause that judges it badly ("X is not ok", "X makes me uneasy")."""
    out = []
    for clause in _CLAUSES.split(norm(bullet)):
        c = clause.strip(" ,.;:!?()")
        if _NEG_OPEN.match(c) and not _CONDITION.search(c):
            out.append(c)
        elif (j := _judged(c)) and j[1] < 0:
            out.append(j[0])
        elif m := _first_negation(c):
            out.append(c[_start(m) :])
    return " . ".join(out)


def as_said(bullet: str, statements: Iterable[str]) -> bool:
    """The bullet is one of these statements, trimmed at most of filler at either end."""
    b = norm(bullet).strip(" .!?,;:")
    if len(b) < 3:
        return False
    for st in statements:
        s = norm(st)
        i = s.find(b)
        if i >= 0 and _FILLER_HEAD.match(s[:i]) and _FILLER_TAIL.match(s[i + len(b) :]):
            return True
    return False


def garbled(bullet: str) -> bool:
    text = norm(bullet).strip()
    return any(rx.search(text) for rx in _GARBLES)


def polarity_ok(bullet: str, pref: Preference) -> bool:
    """The key terms are named the right way round (see the module docstring)."""
    pos = positive_text(bullet)
    if pref.rejects and matches(pos, [pref.rejects]) and not matches(pos, pref.terms):
        return False
    key = [g for g in pref.terms]
    if pref.polarity == "prefer":
        return matches(pos, key)
    if pref.polarity == "avoid":
        return any(has_term(negated_text(bullet), g) for g in key)
    return True


def statements_of(pref: Preference) -> list[str]:
    return [s.text for s in pref.statements]


def pref_matches(bullet: str, pref: Preference) -> bool:
    """A faithful bullet about `pref`: its words as said, or read as the right way round and whole."""
    if not matches(bullet, pref.terms):
        return False
    if as_said(bullet, statements_of(pref)):
        return True
    return not garbled(bullet) and polarity_ok(bullet, pref)


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(norm(text)) if len(w) >= 3 and w not in _STOP}


def restates(bullet: str, directives: Iterable[str]) -> bool:
    """Most of the bullet's content words come from one directive."""
    bw = _words(bullet)
    return bool(bw) and any(len(bw & (dw := _words(d))) >= 2 and len(bw & dw) / len(bw) >= 0.6 for d in directives)


class Verdict(BaseModel):
    n: int
    section: str
    text: str
    verdict: str  # preference | one_off | restated_directive | fabricated
    reason: str


class Leak(BaseModel):
    value: str
    kind: str
    where: str


class ContradictionResult(BaseModel):
    id: str
    winner_present: bool
    loser_present: bool

    @property
    def handled(self) -> bool:
        return self.winner_present and not self.loser_present


class Scorecard(BaseModel):
    dev: str
    preferences_expected: int
    preferences_recalled: int
    recall: float
    missed: list[str]
    bullets: int  # non-directive bullets
    fabricated: int
    garbled: int = 0  # of the fabricated: unreadable rewrites
    inverted: int = 0  # of the fabricated: a preference stated backwards (or its rejected side preferred)
    one_off_leaks: int
    contradictions: list[ContradictionResult]
    contradictions_handled: int
    directives_expected: int
    directive_fidelity: float
    missing_directives: list[str]
    canary_leaks: list[Leak]
    secret_leaks: list[Leak]
    pack_tokens: int
    llm_calls: int = 0
    cost_usd: float = 0.0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    stable: bool | None = None  # offline: identical PERSONA.md over two fresh runs
    stability_jaccard: float | None = None  # bullet-text Jaccard of the two runs
    verdicts: list[Verdict] = Field(default_factory=list)


def _evidence_ids(warehouse: Path) -> set[str]:
    if not warehouse.exists():
        return set()
    con = duckdb.connect(str(warehouse), read_only=True)
    try:
        return {r[0] for r in con.execute("SELECT evidence_id FROM evidence").fetchall()}
    finally:
        con.close()


def judge(bullet: Mapping[str, Any], truth: DeveloperTruth, known_evidence: set[str] | None) -> Verdict:
    text = str(bullet["text"])
    base = {"n": int(bullet.get("n", 0)), "section": str(bullet.get("section", "")), "text": text}
    ids = list(bullet.get("evidence_ids") or [])
    if known_evidence is not None and (not ids or not set(ids) <= known_evidence):
        return Verdict(**base, verdict="fabricated", reason="untraced: evidence missing")
    for d in truth.decoys:
        if matches(text, d.terms):
            return Verdict(**base, verdict="fabricated", reason=f"decoy:{d.id}")
    said = [s.text for p in truth.preferences for s in p.statements]
    pos = positive_text(text)
    for c in truth.contradictions:
        if matches(pos, c.loser_terms) and not as_said(text, [s.text for s in c.winner]):
            return Verdict(**base, verdict="fabricated", reason=f"contradiction_loser:{c.id}")
    about = [p for p in truth.preferences if matches(text, p.terms)]
    for p in about:
        if pref_matches(text, p):
            return Verdict(**base, verdict="preference", reason=p.id)
    for p in about:
        if garbled(text) and not as_said(text, said):
            return Verdict(**base, verdict="fabricated", reason=f"garbled:{p.id}")
        return Verdict(**base, verdict="fabricated", reason=f"inverted:{p.id}")
    for p in truth.preferences:
        if p.rejects and matches(pos, [p.rejects]) and not as_said(text, statements_of(p)):
            return Verdict(**base, verdict="fabricated", reason=f"contradicts:{p.id}")
    # "Never pandas." / "Don't use npm anymore.": rejecting what a preference rejects is consistent
    # with the truth (it is no recall: the preferred thing is not named)
    for p in truth.preferences:
        if p.rejects and matches(negated_text(text), [p.rejects]) and not garbled(text):
            return Verdict(**base, verdict="preference", reason=f"rejects:{p.id}")
    for item in [*truth.stated_once, *truth.one_offs]:
        if matches(text, item.terms):
            return Verdict(**base, verdict="one_off", reason=item.id)
    if restates(text, (d.text for d in truth.directives)):
        return Verdict(**base, verdict="restated_directive", reason="directive")
    return Verdict(**base, verdict="fabricated", reason="unsupported")


def _contradiction(bullets: Sequence[str], c: Contradiction) -> tuple[bool, bool]:
    """(winner present, loser present): the winner's own words ("we've moved off sass, tailwind
    from now on") name the loser only as what was left."""
    said = [s.text for s in c.winner]
    pos = [(positive_text(b), as_said(b, said)) for b in bullets]
    return any(matches(p, c.winner_terms) for p, _ in pos), any(matches(p, c.loser_terms) and not w for p, w in pos)


# --- leak scanning ------------------------------------------------------------------------------
def _warehouse_text(warehouse: Path) -> dict[str, str]:
    """Every table and view, every column, as lower-cased text."""
    if not warehouse.exists():
        return {}
    con = duckdb.connect(str(warehouse), read_only=True)
    try:
        names = [r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()]
        return {
            f"duckdb:{t}": "\n".join(map(str, con.execute(f'SELECT * FROM "{t}"').fetchall())).lower() for t in names
        }
    finally:
        con.close()


def _files_text(data_dir: Path | None) -> dict[str, str]:
    """Everything else a run wrote (Dagster storage, logs, caches), except the warehouse and the key."""
    out: dict[str, str] = {}
    if data_dir is None or not data_dir.exists():
        return out
    for p in sorted(data_dir.rglob("*")):
        rel = p.relative_to(data_dir).as_posix()
        if not p.is_file() or rel.startswith(("warehouse.duckdb", "secrets/")):
            continue
        try:
            out[f"file:{rel}"] = p.read_bytes().decode("latin-1").lower()
        except OSError:
            continue
    return out


def find_leaks(values: Mapping[str, str], haystacks: Mapping[str, str]) -> list[Leak]:
    """(value -> kind) found in any haystack (already lower-cased)."""
    return [
        Leak(value=v, kind=kind, where=where)
        for v, kind in values.items()
        for where, text in haystacks.items()
        if v.lower() in text
    ]


def score(
    pack_json: Mapping[str, Any],
    persona_md: str,
    warehouse_path: Path,
    truth_for_dev: DeveloperTruth,
    *,
    run_output: str = "",
    summary: Mapping[str, Any] | None = None,
    data_dir: Path | None = None,
) -> Scorecard:
    truth = truth_for_dev
    summary = summary or {}
    known = _evidence_ids(warehouse_path)
    bullets = [b for b in pack_json.get("bullets", []) if b.get("section") != "directives"]
    verdicts = [judge(b, truth, known) for b in bullets]
    texts = [str(b["text"]) for b in bullets]
    # recalled: some bullet was judged a faithful statement of it (not merely naming its terms)
    faithful = {v.reason for v in verdicts if v.verdict == "preference"}
    recalled = [p for p in truth.preferences if p.id in faithful]
    contradictions = []
    for c in truth.contradictions:
        won, lost = _contradiction(texts, c)
        contradictions.append(ContradictionResult(id=c.id, winner_present=won, loser_present=lost))
    directives = [d.text for d in truth.directives]
    missing = missing_directives(persona_md, directives)
    haystacks = {
        "PERSONA.md": persona_md.lower(),
        "persona.json": str(pack_json).lower(),
        "stdout/stderr": run_output.lower(),
        **_warehouse_text(warehouse_path),
        **_files_text(data_dir),
    }
    canaries = {c.token: c.kind for c in truth.canaries}
    secrets = {s.value: s.kind for s in truth.secrets}
    secrets[truth.account] = "account_name"
    n_pref = len(truth.preferences)
    return Scorecard(
        dev=truth.dev,
        preferences_expected=n_pref,
        preferences_recalled=len(recalled),
        recall=round(len(recalled) / n_pref, 4) if n_pref else 1.0,
        missed=sorted(p.id for p in truth.preferences if p not in recalled),
        bullets=len(bullets),
        fabricated=sum(v.verdict == "fabricated" for v in verdicts),
        garbled=sum(v.reason.startswith("garbled:") for v in verdicts),
        inverted=sum(v.reason.startswith(("inverted:", "contradicts:", "contradiction_loser:")) for v in verdicts),
        one_off_leaks=sum(v.verdict == "one_off" for v in verdicts),
        contradictions=contradictions,
        contradictions_handled=sum(c.handled for c in contradictions),
        directives_expected=len(directives),
        directive_fidelity=round(1 - len(missing) / len(directives), 4) if directives else 1.0,
        missing_directives=missing,
        canary_leaks=find_leaks(canaries, haystacks),
        secret_leaks=find_leaks(secrets, haystacks),
        pack_tokens=int(pack_json.get("tokens") or summary.get("pack_tokens") or 0),
        llm_calls=int(summary.get("llm_calls", 0)),
        cost_usd=float(summary.get("cost_usd", 0.0)),
        prompt_tokens=int(summary.get("prompt_tokens", 0)),
        completion_tokens=int(summary.get("completion_tokens", 0)),
        verdicts=verdicts,
    )


def jaccard(a: Iterable[str], b: Iterable[str]) -> float:
    sa, sb = {norm(x) for x in a}, {norm(x) for x in b}
    return round(len(sa & sb) / len(sa | sb), 4) if sa | sb else 1.0
