"""Judging one developer's pack against the corpus truth.

A bullet is identified by key terms (every term group must occur, word-start so suffixes are
fine). "Preferred" mentions are told from rejected ones by a small polarity split: inside each
clause, what follows a negator (not / never / instead of / over / avoid / no …) is rejected, and
a clause opening with one is rejected as a whole. So "Use polars instead of pandas" prefers
polars, and "Use pandas" names the loser of a pandas → polars reversal as preferred.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import duckdb
from pydantic import BaseModel, Field

from persona_pipeline.eval.corpus import matches, norm
from persona_pipeline.eval.truth import DeveloperTruth, Preference, Terms
from persona_pipeline.pack.compile import missing_directives

_CLAUSES = re.compile(r"[;.!?](?:\s+|$)|,\s+|\s+[—–-]\s+|:\s+|\s+\band\b\s+|\s+\bbut\b\s+")
_NEG_OPEN = re.compile(r"^(?:avoid|never|don'?t|do not|no|not|stop|without|nor)\b")
_NEG_MID = re.compile(r"\b(?:instead of|rather than|over|not|never|no|without|avoid|nor)\b")
_CONDITION = re.compile(r"\b(?:until|unless|without|before|except)\b")
_WORD = re.compile(r"[a-z][a-z0-9_.+#-]*[a-z0-9+#]")
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


def positive_text(bullet: str) -> str:
    """The parts of a bullet that name what it prefers (negated parts removed)."""
    keep = []
    for clause in _CLAUSES.split(norm(bullet)):
        c = clause.strip(" ,.;:!?()")
        if not c or (_NEG_OPEN.match(c) and not _CONDITION.search(c)):
            continue  # "don't commit before ruff passes" is a condition, not a rejection of ruff
        m = _NEG_MID.search(c)
        keep.append(c[: m.start()] if m else c)
    return " . ".join(keep)


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(norm(text)) if len(w) >= 3 and w not in _STOP}


def restates(bullet: str, directives: Iterable[str]) -> bool:
    """Most of the bullet's content words come from one directive."""
    bw = _words(bullet)
    return bool(bw) and any(len(bw & (dw := _words(d))) >= 2 and len(bw & dw) / len(bw) >= 0.6 for d in directives)


def pref_matches(bullet: str, pref: Preference) -> bool:
    # a "use X (over Y)" preference must be named as preferred; an avoid-rule anywhere
    text = positive_text(bullet) if pref.rejects else bullet
    return matches(text, pref.terms)


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
    pos = positive_text(text)
    for c in truth.contradictions:
        if matches(pos, c.loser_terms):
            return Verdict(**base, verdict="fabricated", reason=f"contradiction_loser:{c.id}")
    for p in truth.preferences:
        if p.rejects and matches(pos, [p.rejects]) and not matches(pos, p.terms):
            return Verdict(**base, verdict="fabricated", reason=f"contradicts:{p.id}")
    for p in truth.preferences:
        if pref_matches(text, p):
            return Verdict(**base, verdict="preference", reason=p.id)
    # "Never pandas." / "Don't use npm anymore.": rejecting what a preference rejects is consistent
    # with the truth (it is no recall: the preferred thing is not named)
    rejected = text if not pos else norm(text)
    for p in truth.preferences:
        if p.rejects and matches(rejected, [p.rejects]) and not matches(pos, [p.rejects]):
            return Verdict(**base, verdict="preference", reason=f"rejects:{p.id}")
    for item in [*truth.stated_once, *truth.one_offs]:
        if matches(text, item.terms):
            return Verdict(**base, verdict="one_off", reason=item.id)
    if restates(text, (d.text for d in truth.directives)):
        return Verdict(**base, verdict="restated_directive", reason="directive")
    return Verdict(**base, verdict="fabricated", reason="unsupported")


def _contradiction(bullets: Sequence[str], winner: Terms, loser: Terms) -> tuple[bool, bool]:
    pos = [positive_text(b) for b in bullets]
    return any(matches(p, winner) for p in pos), any(matches(p, loser) for p in pos)


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
    recalled = [p for p in truth.preferences if any(pref_matches(t, p) for t in texts)]
    contradictions = []
    for c in truth.contradictions:
        won, lost = _contradiction(texts, c.winner_terms, c.loser_terms)
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
