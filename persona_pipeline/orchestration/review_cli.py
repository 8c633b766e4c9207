"""`persona review`: see the new and changed rules with their evidence; accept, reject, edit or pin.

  persona review                       plain prompts on a terminal (or a list when not a terminal)
  persona review --json                the rules to review, with their evidence, for scripts
  persona review --accept ID --reject ID --edit ID "wording" --pin ID --unpin ID --reset ID

An ID is a rule id (or a unique prefix of at least 4 characters) as listed. Decisions are stored
in the warehouse (`persona.review.store`) and the pack is recompiled at once (`persona_pack`
alone, no model call). An edited wording is redacted before it is stored, like all evidence.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from persona_pipeline.core.config import Settings, load_settings
from persona_pipeline.persona.digest.models import Rule
from persona_pipeline.persona.review.models import Decision
from persona_pipeline.persona.selection import Candidate, Selection

MIN_PREFIX = 4


class ReviewError(ValueError):
    """A request that names no rule, or several, or an edit that cannot be stored safely."""


def add_parser(sub: Any) -> None:
    rv = sub.add_parser("review", help="review new and changed rules: accept, reject, edit the wording, or pin")
    rv.add_argument("--json", action="store_true", help="print the rules to review (with evidence) as one JSON object")
    rv.add_argument("--all", action="store_true", help="list every current rule with its review state, not only new")
    helps = {
        "accept": "accept a rule",
        "reject": "reject a rule (it stays out unless new evidence re-establishes it)",
        "pin": "accept and keep in the pack whatever its score, age or the budget",
        "unpin": "take a pin off (the rule stays accepted)",
        "reset": "forget the decision on a rule (it is new again)",
    }
    for name, text in helps.items():
        rv.add_argument(f"--{name}", action=_Request, metavar="ID", help=text)
    rv.add_argument("--edit", action=_Request, nargs=2, metavar=("ID", "WORDING"), help="accept in your own wording")
    rv.add_argument("--prompt", action="store_true", help="ask rule by rule even when stdin is not a terminal")
    rv.set_defaults(func=cmd_review)


class _Request(argparse.Action):
    """Decision flags, kept in command-line order (`--pin X --reject X` ends rejected)."""

    def __call__(self, parser: Any, namespace: argparse.Namespace, values: Any, option: str | None = None) -> None:
        ident, text = (values[0], values[1]) if isinstance(values, list) else (values, None)
        requests = [*(getattr(namespace, "requests", None) or []), (self.dest, ident, text)]
        namespace.requests = requests


class Session:
    """The rules, decisions and selection of one review, and the decisions it makes."""

    def __init__(self, settings: Settings) -> None:
        from persona_pipeline.persona.compile import load_for_pack
        from persona_pipeline.persona.selection import select

        self.settings = settings
        self.rules, self.options = load_for_pack(settings, read_only=True)  # decisions are written apart
        self.selection: Selection = select(self.rules, self.options)
        self.changed = 0

    def reviewable(self) -> list[Candidate]:
        """Current preferences (not directives), pending first, strongest first."""
        from persona_pipeline.persona.review.identity import reviewable
        from persona_pipeline.persona.scope import scope_of

        pending = self.pending_ids()
        out = [
            Candidate(
                rule=r,
                text=self.selection.reviews[r.rule_id].edited_text or r.statement,
                scope=scope_of(r),
                weight=r.score,
                review=self.selection.reviews[r.rule_id],
            )
            for r in self.rules
            if reviewable(r)
        ]
        return sorted(out, key=lambda c: (c.rule.rule_id not in pending, -c.rule.score, c.rule.rule_id))

    def pending_ids(self) -> set[str]:
        """New (or returned) rules that would be in the pack on their support and freshness."""
        return {c.rule.rule_id for c in self.selection.pending}

    def find(self, ident: str) -> Rule:
        ident = ident.strip().lower()
        if len(ident) < MIN_PREFIX:
            raise ReviewError(f"rule id {ident!r} is too short (give at least {MIN_PREFIX} characters)")
        from persona_pipeline.persona.review.identity import reviewable

        hits = [
            r
            for r in self.rules
            if reviewable(r)
            and (r.rule_id.startswith(ident) or (self.selection.reviews[r.rule_id].decision_id or "").startswith(ident))
        ]
        if len(hits) != 1:
            why = "no current rule" if not hits else f"{len(hits)} rules"
            raise ReviewError(f"{why} matches id {ident!r} (`persona review --all` lists them)")
        return hits[0]

    def decide(self, rule: Rule, action: str, text: str | None = None) -> Decision | None:
        from persona_pipeline.core.warehouse import store
        from persona_pipeline.persona.review import store as review_store
        from persona_pipeline.persona.review.identity import decide

        previous = self._decision(rule)
        if action == "reset":
            if previous is not None:
                with store.connect(self.settings.warehouse_path) as con:
                    review_store.delete_decisions(con, [previous.decision_id])
                self.options.decisions = [x for x in self.options.decisions if x.decision_id != previous.decision_id]
                self.selection.reviews[rule.rule_id].decision_id = None
                self.changed += 1
            return None
        if action == "edit":
            text = self._redacted(text or "")
        d = decide(
            rule,
            action,
            previous=previous,
            sessions=self.options.histories.get(rule.rule_id, {}),
            corpus_as_of=self.selection.as_of,
            decided_at=datetime.now(UTC).isoformat(timespec="seconds"),
            text=text,
        )
        with store.connect(self.settings.warehouse_path) as con:
            review_store.save_decisions(con, [d])
        self.options.decisions = [x for x in self.options.decisions if x.decision_id != d.decision_id] + [d]
        self.selection.reviews[rule.rule_id].decision_id = d.decision_id  # a second flag on it updates this one
        self.changed += 1
        return d

    def _decision(self, rule: Rule) -> Decision | None:
        ident = self.selection.reviews[rule.rule_id].decision_id
        return next((d for d in self.options.decisions if d.decision_id == ident), None)

    def _redacted(self, text: str) -> str:
        """The person's wording goes through the same redaction as every stored excerpt."""
        from persona_pipeline.core.ingest import make_redactor

        text = " ".join(text.split())
        if len(text) < 3:
            raise ReviewError("an edited wording needs at least 3 characters")
        done = make_redactor(self.settings).redact_many([text])[0]
        if done is None:
            raise ReviewError("the edited wording could not be redacted, so it was not stored")
        return done.text

    def evidence(self, rule: Rule) -> list[str]:
        from persona_pipeline.core.warehouse import store
        from persona_pipeline.orchestration.evidence_view import evidence_lines

        with store.connect(self.settings.warehouse_path, read_only=True) as con:
            return evidence_lines(con, rule.evidence_ids, max_lines=4, max_rows=3)

    def as_json(self, c: Candidate) -> dict[str, Any]:
        from persona_pipeline.core.warehouse import store
        from persona_pipeline.orchestration.evidence_view import evidence_rows

        r = c.rule
        with store.connect(self.settings.warehouse_path, read_only=True) as con:
            evidence = evidence_rows(con, r.evidence_ids)
        return {
            "id": r.rule_id,
            "decision_id": c.review.decision_id,
            "state": c.review.state.value,
            "pinned": c.review.pinned,
            "section": r.facet.value,
            "scope": c.scope,
            "statement": r.statement,
            "text": c.text,
            "support_sessions": r.support_sessions,
            "support_projects": r.support_projects,
            "first_seen": r.first_seen,
            "last_seen": r.last_seen,
            "new_sessions_since_decision": c.review.new_sessions,
            "evidence_ids": r.evidence_ids,
            "evidence": evidence,
        }


def _header(i: int, n: int, c: Candidate) -> list[str]:
    r = c.rule
    pin = ", pinned" if c.review.pinned else ""
    since = f", {c.review.new_sessions} new sessions since rejected" if c.review.new_sessions else ""
    return [
        f"[{i}/{n}] {r.rule_id}  {r.facet.value} · {c.scope} · {c.review.state.value}{pin}{since}",
        f"  {r.support_sessions} sessions, {r.support_projects} projects · seen {r.first_seen or '?'} .. "
        f"{r.last_seen or '?'}",
        f"  rule: {c.text}" + (f"   (was: {r.statement})" if c.text != r.statement else ""),
    ]


_CHOICES = {"a": "accept", "r": "reject", "e": "edit", "p": "pin", "s": "skip", "q": "quit"}


def interactive(session: Session, ask: Callable[[str], str], say: Callable[[str], None]) -> None:
    """Rule by rule: the rule, its evidence, then one letter (accept, reject, edit, pin, skip, quit).
    Each decision is stored when made, so quitting keeps the earlier ones."""
    pending = session.pending_ids()
    todo = [c for c in session.reviewable() if c.rule.rule_id in pending]
    if not todo:
        say("nothing to review: every current rule has a decision")
        return
    say(f"{len(todo)} rule(s) to review (new, or back with new evidence since you rejected them)")
    for i, c in enumerate(todo, 1):
        say("")
        for line in [*_header(i, len(todo), c), *session.evidence(c.rule)]:
            say(line)
        while True:
            answer = ask("  [a]ccept [r]eject [e]dit [p]in [s]kip [q]uit? ").strip().lower()[:1]
            action = _CHOICES.get(answer)
            if action is None:
                say("  answer a, r, e, p, s or q")
                continue
            break
        if action == "quit":
            return
        if action == "skip":
            continue
        text = ask("  your wording: ") if action == "edit" else None
        try:
            session.decide(c.rule, action, text)
        except ReviewError as exc:
            say(f"  not stored: {exc}")
            continue
        say(f"  {action}ed" if action != "pin" else "  pinned")


def _listing(session: Session, everything: bool, say: Callable[[str], None]) -> None:
    pending = session.pending_ids()
    items = [c for c in session.reviewable() if everything or c.rule.rule_id in pending]
    if not items:
        say("nothing to review: every current rule has a decision (`--all` lists them)")
        return
    for i, c in enumerate(items, 1):
        for line in [*_header(i, len(items), c), *session.evidence(c.rule)]:
            say(line)
        say("")
    say("decide with: persona review --accept ID --reject ID --edit ID 'wording' --pin ID")


def recompile(settings: Settings) -> list[str]:
    """`persona_pack` alone (with its checks) in the persistent instance, so it shows in the UI."""
    import dagster as dg

    from persona_pipeline.orchestration.cli import _QUIET, _prepare_instance
    from persona_pipeline.orchestration.definitions import build_defs

    instance = _prepare_instance(settings)
    result = (
        build_defs(settings)
        .resolve_implicit_global_asset_job_def()
        .execute_in_process(
            instance=instance,
            asset_selection=[dg.AssetKey("persona_pack")],
            raise_on_error=False,
            tags={"persona/trigger": "review"},
            run_config=_QUIET,
        )
    )
    problems = [f"check {e.check_name} failed" for e in result.get_asset_check_evaluations() if not e.passed]
    if not result.success:
        problems.append("the pack compile failed")
    return problems


def cmd_review(args: argparse.Namespace) -> int:
    settings = load_settings()
    if not settings.warehouse_path.exists():
        print("persona: no warehouse yet; run `persona run` first", file=sys.stderr)
        return 2
    session = Session(settings)
    requests: list[tuple[str, str, str | None]] = getattr(args, "requests", None) or []
    try:
        # resolve every id before storing anything: a typo changes nothing
        resolved = [(action, session.find(ident), text) for action, ident, text in requests]
        for action, rule, text in resolved:
            session.decide(rule, action, text)
            print(f"{action}: {rule.rule_id} {rule.statement[:80]}")
    except ReviewError as exc:
        print(f"persona: {exc}", file=sys.stderr)
        return 1
    if not requests:
        if args.json:
            pending = session.pending_ids()
            items = [session.as_json(c) for c in session.reviewable() if args.all or c.rule.rule_id in pending]
            counts = session.selection.model_dump(include={"left_out"})["left_out"]
            print(
                json.dumps(
                    {
                        "review_mode": settings.review,
                        "as_of": session.selection.as_of,
                        "rules": items,
                        "left_out": counts,
                    }
                )
            )
            return 0
        if args.prompt or (sys.stdin.isatty() and not args.all):  # --all lists, it does not ask
            interactive(session, input, print)
        else:
            _listing(session, args.all, print)
    if session.changed:
        problems = recompile(settings)
        pack = settings.data_dir / "persona" / "PERSONA.md"
        print(
            f"{session.changed} decision(s) stored; pack recompiled: {pack}"
            + (f" ({'; '.join(problems)})" if problems else "")
        )
        return 1 if problems else 0
    return 0
