"""Review decisions, scope and freshness on hand-made rules (the compile is a pure function):
a decision finds its rule again by wording or by evidence, a rejected rule returns only on new
evidence, pins and edits hold, a one-project rule is that project's, and rules decay by the
corpus clock."""

from __future__ import annotations

from persona_pipeline.persona.digest.models import Facet, Rule
from persona_pipeline.persona.freshness import STALE_BELOW, corpus_clock, weight
from persona_pipeline.persona.pack import compile_pack
from persona_pipeline.persona.review.identity import annotate, decide, match
from persona_pipeline.persona.review.models import Decision, State
from persona_pipeline.persona.selection import PackOptions


def _rule(
    rid: str,
    statement: str,
    evidence: list[str],
    projects: list[str] = ("a", "b"),  # type: ignore[assignment]
    last: str = "2026-06-01T00:00:00Z",
    sessions: int = 3,
    facet: Facet = Facet.WORKFLOW,
    superseded_by: str | None = None,
) -> Rule:
    return Rule(
        rule_id=rid,
        facet=facet,
        statement=statement,
        tier="T2",
        support_observations=sessions,
        support_sessions=sessions,
        support_projects=len(set(projects)),
        projects=list(projects),
        score=round(0.7 * sessions, 3),
        first_seen="2026-01-01T00:00:00Z",
        last_seen=last,
        observation_ids=[f"o-{rid}"],
        evidence_ids=evidence,
        quotes=["q"],
        superseded_by=superseded_by,
    )


def _decide(rule: Rule, action: str, sessions: dict[str, str], as_of: str, **kw: object) -> Decision:
    return decide(
        rule, action, previous=None, sessions=sessions, corpus_as_of=as_of, decided_at="2026-12-01T00:00:00Z", **kw
    )  # type: ignore[arg-type]


SESSIONS = {"s1": "2026-03-01T00:00:00Z", "s2": "2026-04-01T00:00:00Z", "s3": "2026-06-01T00:00:00Z"}
CLOCK = "2026-06-01T00:00:00Z"


def _texts(rules: list[Rule], **options: object) -> list[str]:
    return [b.text for b in compile_pack(rules, options=PackOptions(**options)).bullets]  # type: ignore[arg-type]


def test_a_decision_finds_its_rule_by_wording_then_by_evidence_after_a_rewording() -> None:
    original = _rule("r1", "Keep commits small.", ["e1", "e2", "e3"])
    d = _decide(original, "reject", SESSIONS, CLOCK)
    # a rebuild: another id (a new observation), same wording
    assert match([_rule("r2", "keep commits SMALL", ["e1", "e2", "e3", "e4"])], [d])["r2"][1] == "wording"
    # a model switch: no word in common, the same evidence rows
    reworded = _rule("r3", "Prefer tiny, focused changesets.", ["e2", "e3"])
    unrelated = _rule("r4", "Use polars.", ["e9"])
    got = match([reworded, unrelated], [d])
    assert got["r3"][1] == "evidence" and "r4" not in got
    # too little shared evidence is another rule
    assert match([_rule("r5", "Squash before merging.", ["e3", "e7", "e8"])], [d]) == {}


def test_one_decision_goes_to_one_rule_the_best() -> None:
    d = _decide(_rule("r1", "Keep commits small.", ["e1", "e2"]), "reject", SESSIONS, CLOCK)
    # two rules drawn from the same prompt rows: the wording match wins, the other stays undecided
    a = _rule("ra", "Keep commits small.", ["e1", "e2"])
    b = _rule("rb", "Write the why in the body.", ["e1", "e2"])
    states = annotate([a, b], [d])
    assert states["ra"].state is State.REJECTED and states["rb"].state is State.NEW


def test_a_rejected_rule_returns_only_when_new_sessions_re_establish_it() -> None:
    rule = _rule("r1", "Keep commits small.", ["e1", "e2", "e3"])
    d = _decide(rule, "reject", SESSIONS, CLOCK)
    assert _texts([rule], decisions=[d]) == []
    # regrouped old evidence (another model pulls in an old session): not new evidence
    old = {**SESSIONS, "s0": "2026-01-15T00:00:00Z"}
    assert annotate([rule], [d], {"r1": old})["r1"].state is State.REJECTED
    # one new session: not enough (a single session never establishes a rule)
    one = {**SESSIONS, "s4": "2026-07-01T00:00:00Z"}
    assert annotate([rule], [d], {"r1": one})["r1"].state is State.REJECTED
    two = {**one, "s5": "2026-07-02T00:00:00Z"}
    later = rule.model_copy(update={"last_seen": "2026-07-02T00:00:00Z", "evidence_ids": ["e1", "e2", "e3", "e5"]})
    review = annotate([later], [d], {"r1": two})["r1"]
    assert review.state is State.RETURNED and review.new_sessions == 2 and review.pending
    pack = compile_pack([later], options=PackOptions(decisions=[d], histories={"r1": two}))
    assert [b.review for b in pack.bullets] == ["returned"]
    assert _texts([later], decisions=[d], histories={"r1": two}, review_mode="required") == []


def test_edit_keeps_citations_and_pin_ignores_support_age_and_budget() -> None:
    rule = _rule("r1", "Keep commits small.", ["e1", "e2"])
    d = _decide(rule, "edit", SESSIONS, CLOCK, text="Small commits, one concern each.")
    rebuilt = _rule("r9", "keep commits small", ["e1", "e2", "e7"])  # grew a citation
    pack = compile_pack([rebuilt], options=PackOptions(decisions=[d]))
    (b,) = pack.bullets
    assert (b.text, b.statement, b.evidence_ids, b.review) == (
        "Small commits, one concern each.",
        "keep commits small",
        ["e1", "e2", "e7"],
        "accepted",
    )
    # pinned: one session, long stale, and a budget that fits nothing else
    weak = _rule("w", "Use tabs in Makefiles.", ["e5"], sessions=1, last="2020-01-01T00:00:00Z")
    fresh = _rule("f", "Use polars.", ["e6"], last=CLOCK)
    pin = _decide(weak, "pin", {"s1": "2020-01-01T00:00:00Z"}, CLOCK)
    assert _texts([weak, fresh]) == ["Use polars."]
    assert _texts([weak, fresh], decisions=[pin]) == ["Use tabs in Makefiles.", "Use polars."]
    tiny = compile_pack([weak, fresh], total_budget=60, options=PackOptions(decisions=[pin]))
    assert [b.text for b in tiny.bullets] == ["Use tabs in Makefiles."]


def test_required_review_compiles_only_accepted_rules_and_directives() -> None:
    a = _rule("a", "Keep commits small.", ["e1"])
    b = _rule("b", "Use polars.", ["e2"])
    directive = _rule("d", "Never push to main.", ["e3"], projects=["global"], sessions=1, facet=Facet.DIRECTIVES)
    accepted = _decide(a, "accept", SESSIONS, CLOCK)
    assert _texts([a, b, directive], decisions=[accepted], review_mode="required") == [
        "Never push to main.",
        "Keep commits small.",
    ]
    pack = compile_pack([a, b, directive], options=PackOptions(decisions=[accepted]))
    assert {x.text: x.review for x in pack.bullets} == {
        "Never push to main.": "directive",
        "Keep commits small.": "accepted",
        "Use polars.": "new",
    }
    assert pack.report["pending_review"] == ["b"]


def test_a_rule_of_one_project_is_scoped_to_it_and_two_projects_make_it_global() -> None:
    shared = _rule("s", "Use polars.", ["e1"], projects=["api", "web"])
    api_only = _rule("x", "Run the api tests with -n auto.", ["e2"], projects=["api", "api"])
    web_dir = _rule("w", "Never edit dist/.", ["e3"], projects=["web"], sessions=1, facet=Facet.DIRECTIVES)
    glob_dir = _rule("g", "Answer tersely.", ["e4"], projects=["global"], sessions=1, facet=Facet.DIRECTIVES)
    unknown = _rule("u", "Use uv.", ["e5"], projects=["", "api"])  # a session of unknown project: not confined
    pack = compile_pack([shared, api_only, web_dir, glob_dir, unknown])
    scopes = {b.text: b.scope for b in pack.bullets}
    assert scopes == {
        "Use polars.": "global",
        "Use uv.": "global",
        "Answer tersely.": "global",
        "Run the api tests with -n auto.": "api",
        "Never edit dist/.": "web",
    }
    md = pack.markdown
    assert md.index("Use polars.") < md.index("## Only in api") < md.index("Run the api tests")
    assert md.index("## Only in web") < md.index("Never edit dist/.")
    assert "Run the api tests" not in pack.global_markdown and "Never edit dist/." not in pack.global_markdown
    assert "Run the api tests" in pack.project_markdown["api"] and "Never edit" not in pack.project_markdown["api"]
    assert "Use polars." not in pack.project_markdown["api"]  # the global part is PERSONA.md's / global.md
    assert pack.report["projects"] == ["api", "web"]


def test_decay_by_the_corpus_clock_with_a_fixed_clock() -> None:
    # the clock is the newest behavioural evidence, not today and not a directive's file time
    newest = _rule("n", "Use polars.", ["e1"], last="2026-06-01T00:00:00Z")
    two = _rule("t", "Keep commits small.", ["e2"], sessions=2, last="2025-11-01T00:00:00Z")  # 212 days old
    many = _rule("m", "Type hints everywhere.", ["e3"], sessions=12, last="2025-06-01T00:00:00Z")  # 365 days old
    directive = _rule("d", "Never push to main.", ["e4"], projects=["global"], facet=Facet.DIRECTIVES, sessions=1)
    directive = directive.model_copy(update={"last_seen": "2026-12-03T00:00:00Z"})
    rules = [newest, two, many, directive]
    assert corpus_clock(rules) == "2026-06-01T00:00:00Z"
    assert weight(newest, corpus_clock(rules)) == newest.score
    assert abs(weight(many, "2026-06-01T00:00:00Z", 365) - many.score / 2) < 1e-9  # one half-life: half
    # 2 sessions (1.4) drop below STALE_BELOW (0.7) after one half-life; 12 sessions (8.4) last longer
    pack = compile_pack(rules)
    # 12 sessions a year old weigh 8.4 * 2^(-365/180) = 2.06, below 3 fresh sessions (2.1)
    assert [b.text for b in pack.bullets] == ["Never push to main.", "Use polars.", "Type hints everywhere."]
    assert [s["text"] for s in pack.report["stale"]] == ["Keep commits small."]
    assert pack.report["stale"][0]["weight"] < STALE_BELOW
    assert pack.report["as_of"] == "2026-06-01T00:00:00Z"
    # a longer half-life keeps it; a shorter one also drops the well-supported rule
    assert "Keep commits small." in _texts(rules, half_life_days=400)
    assert _texts(rules, half_life_days=60) == ["Never push to main.", "Use polars."]
    # time alone does not rot the pack: the same rules compile the same on any day
    assert compile_pack(rules).markdown == pack.markdown


def test_a_superseded_rule_is_listed_with_the_rule_that_replaced_it_both_cited() -> None:
    new = _rule("new", "Use polars from now on.", ["e2"], last="2026-06-01T00:00:00Z")
    old = _rule("old", "Use pandas for the reports.", ["e1"], last="2026-02-01T00:00:00Z", superseded_by="new")
    pack = compile_pack([new, old])
    assert [b.text for b in pack.bullets] == ["Use polars from now on."]
    (s,) = pack.report["superseded"]
    assert (s["text"], s["evidence_ids"]) == ("Use pandas for the reports.", ["e1"])
    assert (s["superseded_by"]["text"], s["superseded_by"]["evidence_ids"]) == ("Use polars from now on.", ["e2"])


def test_decide_keeps_pin_and_edit_until_rejected() -> None:
    rule = _rule("r1", "Keep commits small.", ["e1"])
    edited = _decide(rule, "edit", SESSIONS, CLOCK, text="Small commits.")
    pinned = decide(rule, "pin", previous=edited, sessions=SESSIONS, corpus_as_of=CLOCK, decided_at="x")
    assert (pinned.decision_id, pinned.pinned, pinned.edited_text) == (edited.decision_id, True, "Small commits.")
    unpinned = decide(rule, "unpin", previous=pinned, sessions=SESSIONS, corpus_as_of=CLOCK, decided_at="x")
    assert (unpinned.verdict.value, unpinned.pinned, unpinned.edited_text) == ("accepted", False, "Small commits.")
    rejected = decide(rule, "reject", previous=pinned, sessions=SESSIONS, corpus_as_of=CLOCK, decided_at="x")
    assert (rejected.verdict.value, rejected.pinned, rejected.edited_text) == ("rejected", False, None)
