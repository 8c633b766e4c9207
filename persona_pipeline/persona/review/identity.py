"""A rule's identity across rebuilds, model changes and re-digests, and what a decision means now.

A fold's `rule_id` hashes its observation ids, which hash the model's wording: a new session, a
re-digest or another model gives the same rule another id. A decision therefore finds its rule
again by two keys, in this order:
  1. wording: the normalised statement (casefolded words, punctuation and spacing aside) is one
     the decision has been made on — a rebuild or a re-digest with the same model;
  2. evidence: the overlap coefficient of the rule's evidence rows E and the decision's D (the
     rows still stored), |E ∩ D| / min(|E|, |D|), is at least EVIDENCE_OVERLAP — a model switch words the rule
     differently, but it is drawn from the same redacted evidence rows, whose ids are
     content-stable (sha256 of source and excerpt); the coefficient tolerates a rule that grew.
Pairs are assigned one-to-one, best first (wording before evidence, then higher overlap), so two
rules drawn from one prompt never both take one decision.

A rejected rule stays out unless its evidence changes materially: it gains at least
MIN_SESSIONS supporting sessions that were not among its sessions when rejected and whose
evidence is newer than the corpus clock then — re-established by new evidence alone, by the same
bar that admits any rule. Regrouping old evidence (another model, a re-digest) never counts.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence

from persona_pipeline.persona.digest.models import Facet, Rule
from persona_pipeline.persona.freshness import MIN_SESSIONS, parse_ts
from persona_pipeline.persona.review.models import Decision, RuleReview, State, Verdict

EVIDENCE_OVERLAP = 0.5
_WORD = re.compile(r"\w+")


def wording_key(statement: str) -> str:
    words = _WORD.findall(statement.casefold())
    return hashlib.sha256(" ".join(words).encode()).hexdigest()[:16]


def reviewable(rule: Rule) -> bool:
    """Current preferences; directives are the person's written words (the file is the decision)."""
    return rule.facet is not Facet.DIRECTIVES and rule.superseded_by is None


def match(rules: Sequence[Rule], decisions: Sequence[Decision]) -> dict[str, tuple[Decision, str, float]]:
    """rule_id -> (decision, "wording" | "evidence", overlap), one-to-one."""
    current = [r for r in rules if reviewable(r)]
    by_key: dict[str, list[int]] = {}
    by_evidence: dict[str, list[int]] = {}
    for i, d in enumerate(decisions):
        for k in d.wording_keys:
            by_key.setdefault(k, []).append(i)
        for e in d.evidence_ids:
            by_evidence.setdefault(e, []).append(i)
    # a decision's evidence is trimmed to the rows still stored when the rules are rebuilt
    # (`store.prune`): erased or aged-out rows never dilute the overlap
    live = [set(d.evidence_ids) for d in decisions]
    pairs: list[tuple[int, float, str, str, int, int]] = []
    for ri, r in enumerate(current):
        mine = set(r.evidence_ids)
        worded = set(by_key.get(wording_key(r.statement), ()))
        near = {i for e in mine for i in by_evidence.get(e, ())}
        for i in sorted(worded | near):
            overlap = len(mine & live[i]) / min(len(mine), len(live[i])) if mine and live[i] else 0.0
            if i in worded:
                pairs.append((2, overlap, r.rule_id, decisions[i].decision_id, ri, i))
            elif overlap >= EVIDENCE_OVERLAP:
                pairs.append((1, overlap, r.rule_id, decisions[i].decision_id, ri, i))
    pairs.sort(key=lambda p: (-p[0], -p[1], p[2], p[3]))
    out: dict[str, tuple[Decision, str, float]] = {}
    taken: set[int] = set()
    for prio, overlap, rule_id, _, _, i in pairs:
        if rule_id in out or i in taken:
            continue
        out[rule_id] = (decisions[i], "wording" if prio == 2 else "evidence", round(overlap, 6))
        taken.add(i)
    return out


def new_sessions(decision: Decision, sessions: Mapping[str, str]) -> int:
    """Supporting sessions the decision did not know, with evidence newer than its corpus clock."""
    before = set(decision.sessions)
    then = parse_ts(decision.corpus_as_of)
    n = 0
    for key, stamp in sessions.items():
        ts = parse_ts(stamp)
        if key not in before and ts is not None and (then is None or ts > then):
            n += 1
    return n


def annotate(
    rules: Sequence[Rule], decisions: Sequence[Decision], histories: Mapping[str, Mapping[str, str]] | None = None
) -> dict[str, RuleReview]:
    """Every rule's review state (`models.State`)."""
    matched = match(rules, decisions)
    histories = histories or {}
    out: dict[str, RuleReview] = {}
    for r in rules:
        if r.facet is Facet.DIRECTIVES:
            out[r.rule_id] = RuleReview(rule_id=r.rule_id, state=State.DIRECTIVE)
            continue
        m = matched.get(r.rule_id)
        if m is None:
            out[r.rule_id] = RuleReview(rule_id=r.rule_id, state=State.NEW)
            continue
        d, how, overlap = m
        base = {"rule_id": r.rule_id, "decision_id": d.decision_id, "matched_by": how, "overlap": overlap}
        if d.verdict is Verdict.ACCEPTED:
            out[r.rule_id] = RuleReview(**base, state=State.ACCEPTED, pinned=d.pinned, edited_text=d.edited_text)
            continue
        fresh = new_sessions(d, histories.get(r.rule_id, {}))
        state = State.RETURNED if fresh >= MIN_SESSIONS else State.REJECTED
        out[r.rule_id] = RuleReview(**base, state=state, new_sessions=fresh)
    return out


ACTIONS = ("accept", "reject", "edit", "pin", "unpin")


def decide(
    rule: Rule,
    action: str,
    *,
    previous: Decision | None,
    sessions: Mapping[str, str],
    corpus_as_of: str | None,
    decided_at: str,
    text: str | None = None,
) -> Decision:
    """The decision after `action` on `rule` (updating `previous`, the one it matched, if any).
    The decision takes the rule's current wording key, evidence and sessions, so the next match is
    by wording and the next "new evidence" is counted from now."""
    if action not in ACTIONS:
        raise ValueError(f"unknown review action {action!r}")
    keys = sorted({*(previous.wording_keys if previous else ()), wording_key(rule.statement)})
    verdict = Verdict.REJECTED if action == "reject" else Verdict.ACCEPTED
    if previous is not None and action == "unpin":
        verdict = previous.verdict
    kept = previous is not None and previous.verdict is Verdict.ACCEPTED and action != "reject"
    pinned = action == "pin" or (kept and action != "unpin" and bool(previous and previous.pinned))
    edited = text if action == "edit" else (previous.edited_text if kept and previous else None)
    ident = previous.decision_id if previous else _decision_id(rule)
    return Decision(
        decision_id=ident,
        verdict=verdict,
        pinned=pinned,
        edited_text=edited,
        facet=rule.facet.value,
        wording_keys=keys,
        evidence_ids=sorted(rule.evidence_ids),
        sessions=sorted(sessions),
        corpus_as_of=corpus_as_of,
        decided_at=decided_at,
    )


def _decision_id(rule: Rule) -> str:
    raw = "\x1f".join([wording_key(rule.statement), *sorted(rule.evidence_ids)])
    return hashlib.sha256(raw.encode()).hexdigest()[:16]
