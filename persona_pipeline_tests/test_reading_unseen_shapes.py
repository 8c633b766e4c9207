"""Reading and grouping shapes of English the earlier readers missed: deictic project names,
genitives, existentials, coordinated imperatives, operators, anaphora inside a sentence, subjects
that recur, open compounds and one variety of a singular head at a time. Every sentence here is
written for this file."""

from __future__ import annotations

import pytest

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import DigestInput, EvidenceView, Observation
from persona_pipeline.persona.digest.offline import OfflineDigester
from persona_pipeline.persona.digest.reading import read, sentences
from persona_pipeline.persona.digest.similarity import similarity, tokens, topic, varieties
from persona_pipeline.persona.fold import fold
from persona_pipeline.persona.selection import supported


def _inp(unit: str, text: str, ts: str, project: str = "p") -> DigestInput:
    ev = [
        EvidenceView(evidence_id=f"{unit}-0", tier=Tier.T2, kind="prompt", excerpt=text, timestamp=ts, project=project)
    ]
    return DigestInput(unit_key=unit, session_id=unit, project=project, evidence=ev)


def _obs(*inputs: DigestInput) -> list[Observation]:
    return [o for r in OfflineDigester().digest_many(list(inputs)) for o in r.observations]


def test_requests_sharing_only_their_projects_name_are_not_one_rule() -> None:
    obs = _obs(
        _inp("s1", "add a sitemap generator at the end of harbourline", "2026-03-01T00:00:00Z", "harbourline"),
        _inp("s2", "wire a retry budget into the uploader in harbourline", "2026-03-09T00:00:00Z", "harbourline"),
        _inp(
            "s3",
            "bump the font size in the footer of harbourline's landing page",
            "2026-04-02T00:00:00Z",
            "harbourline",
        ),
    )
    assert not [r for r in fold(obs) if supported(r)]
    # the same words said in another project are no deictic name: they still group
    elsewhere = _obs(
        _inp("s1", "use harbourline for queue metrics", "2026-03-01T00:00:00Z", "p"),
        _inp("s2", "harbourline for queue metrics, always", "2026-03-09T00:00:00Z", "p"),
    )
    assert [r for r in fold(elsewhere) if supported(r)]
    # a folder named by an English word still describes: "frontend" is what the rule is about
    from persona_pipeline.persona.fold import _without_project

    assert _without_project("tailwind for the frontend", "frontend") == "tailwind for the frontend"
    assert _without_project("fix harbourline's build", "harbourline") == "fix here build"


@pytest.mark.parametrize(
    ("text", "rule", "corroborates"),
    [
        ("write a cron wrapper for tidewell's backup script", False, True),  # a genitive: one thing
        ("give each service's logger a name", True, False),  # a quantified possessor: a kind
        ("there's a stray semicolon in the footer template", False, False),  # what exists now
        ("deploy the staging box and tell me what the health check returns", False, True),
        ("every ?. in this module hides a null we never expected on a Tuesday night", True, False),
        ("fish person here, so VAR=1 style exports fail for me", True, False),  # prose, not data
        ("Date;Payee;Amount", False, False),
        ("nested ternaries hide branches, unroll them", True, False),  # "them": the ternaries
        ("the recap after every reply drags on, cut to the result", True, False),
        ("the constant hedging wastes my time", True, False),
        ("the upload dialog stalls on every retry", False, False),  # a thing's behaviour
        ("tabular output please, my terminal can't render prose tables", True, False),
    ],
)
def test_unseen_shapes_are_read(text: str, rule: bool, corroborates: bool) -> None:
    r = read(text)
    assert (r.rule, r.corroborates) == (rule, corroborates), r


def test_a_mark_standing_alone_is_no_sentence_end_and_an_operator_is_a_token() -> None:
    assert len(sentences("every !! in the parser is a crash waiting to happen")) == 1
    assert "|>" in tokens("chain the steps with |> please")
    assert tokens("rename A -> B") == {"rename"}  # an arrow in prose is "to", no name


def test_open_compounds_are_shared_words_only_when_both_say_them() -> None:
    a, b = topic("lint flags glob imports for good reason"), topic("expand the glob imports before merging")
    c = topic("expand the imports of every glob before merging")  # the same words, not said together
    assert similarity(a, b) > similarity(a, c)
    # a compound only one wording says costs the other nothing
    plain = frozenset(t for t in a if "\x1f" not in t)
    assert similarity(a, c) == similarity(plain, c)


def test_one_variety_of_a_singular_head_at_a_time() -> None:
    assert any(h == "mode" for h, _ in varieties("compact mode in the sidebar, I like the density"))
    assert not varieties("write integration tests")  # a plural head: varieties coexist
    old_a = ("s1", "keep the explorer in compact mode, I like the density", "2026-03-01T00:00:00Z")
    old_b = ("s3", "compact mode for the explorer please, it fits more files", "2026-03-08T00:00:00Z")
    new_a = ("s2", "roomy mode on the file pane, my eyes need the spacing", "2026-05-01T00:00:00Z")
    new_b = ("s4", "I want roomy mode, the spacing helps", "2026-05-09T00:00:00Z")
    rules = fold(_obs(*(_inp(*x) for x in (old_a, old_b, new_a, new_b))))
    old = [r for r in rules if "compact" in r.statement.lower()]
    new = [r for r in rules if "roomy" in r.statement.lower()]
    assert old and new and all(r.superseded_by for r in old) and not any(r.superseded_by for r in new)
    # said interleaved, both varieties are held: no handover
    new_a = ("s2", "roomy mode on the file pane, my eyes need the spacing", "2026-03-05T00:00:00Z")
    rules = fold(_obs(*(_inp(*x) for x in (old_a, old_b, new_a, new_b))))
    assert not any(r.superseded_by for r in rules if "compact" in r.statement.lower())
