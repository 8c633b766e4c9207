"""Gaps and false positives of issue 17 found by the last stop's reviews (gap44): recent births
told with a person as the subject, format gaps and engine false positives. The sentences and
values are this file's own."""

from __future__ import annotations

import datetime

import pytest

from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import Checks
from persona_pipeline_tests.timing import assert_linear

# within the three-year guard that keeps a thing's recent "birth" (a project born last year)
_RECENT = datetime.date.today() - datetime.timedelta(days=150)


def _iso(d: datetime.date) -> str:
    return d.isoformat()


def _written(d: datetime.date) -> str:
    return f"{d.day} {d.strftime('%B')} {d.year}"  # (the C locale's English month)


_IT_MONTHS = "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre"
_NL_MONTHS = "januari februari maart april mei juni juli augustus september oktober november december"


def _fill(template: str) -> str:
    d = _RECENT
    return template.format(
        iso=_iso(d),
        written=_written(d),
        it=f"{d.day} {_IT_MONTHS.split()[d.month - 1]} {d.year}",
        nl=f"{d.day} {_NL_MONTHS.split()[d.month - 1]} {d.year}",
    )


@pytest.fixture
def checks(redactor: Redactor) -> Checks:
    return Checks(redactor)


# --- 1. a recent birth with a person as its subject, owner or apposition


@pytest.mark.parametrize(
    "template",
    [
        "Tobias was born on {written}",  # (a listed given name as the subject)
        "Ines Ferreira was born {iso} at home",
        "Jonas arrived early: Jonas was born on {iso}",
        "baby born {iso}, 3.4kg and loud",  # (a person word right before the participle)
        "a baby born {iso}",
        "born on {written}: our third daughter",  # (the apposition after the date)
        "born {iso}, a healthy baby boy",
        "my sister gave birth on {written}",  # (give birth: a finite verb with its own subject)
        "she has just given birth to our nephew on {iso}",
        "Tobias gave birth? no: Greta gave birth on {iso}",
        "mio figlio è nato il {it}",  # (Italian)
        "onze dochter is geboren op {nl}",  # (Dutch)
    ],
)
def test_a_recent_birth_of_a_person_is_redacted(checks: Checks, template: str) -> None:
    text = _fill(template)
    out = checks.redacted(text)
    assert "[REDACTED:date_of_birth:" in out, (out, checks.spans(text))
    assert str(_RECENT.year) not in out


@pytest.mark.parametrize(
    "template",
    [
        "the project was born on {iso}",
        "v2 was born out of frustration with the old scheduler",
        "the idea was born on {iso} during a hackathon",
        "Dagster was born on {written}",  # (a name in no given-name list)
        "Hope was born on {written} as a side project",  # (a given name that is a common word)
        "the Ines framework was born on {iso}",  # (an article before the capitalised word)
        "Ruby 3.4 was born on {iso}",  # (a version between the name and the verb)
        "Release notes: Kestrel was born on {iso}",
        "the team gave birth to a new idea on {iso}",  # (no person gives birth)
        "this hackathon gave birth to v2 on {iso}",
        "born on {iso}: the child process that forked",  # (a compound's head)
        "born on {iso} - our first release",
        "sister project born {iso}, he says",
    ],
)
def test_a_recent_birth_of_a_thing_is_kept(checks: Checks, template: str) -> None:
    checks.kept(_fill(template))


def test_a_birth_apposition_is_linear(redactor: Redactor) -> None:
    line = f"born on {_iso(_RECENT)}: our third daughter, the project born {_iso(_RECENT)}. "
    assert_linear(lambda t: redactor.redact(t), lambda n: line * n, 400)


# --- 3. the coverage scorer fails on a dropped field instead of counting its values as missed


class _FailingScrubber:
    """A PII detector that raises on any text holding an `@`: the engine drops those fields."""

    def __init__(self, inner: object) -> None:
        self.inner = inner

    def iter_filth_documents(self, documents: list[str], **kw: object) -> object:
        if any("@" in d for d in documents):
            raise RuntimeError("detector failed")
        return self.inner.iter_filth_documents(documents=documents, **kw)  # type: ignore[attr-defined]


class _FailingRedactor(Redactor):
    def _get_scrubber(self) -> object:
        return _FailingScrubber(super()._get_scrubber())


def test_the_coverage_scorer_counts_dropped_fields() -> None:
    from persona_pipeline_tests.redaction_cases import make_cases, score

    cases = make_cases(False, 60)
    assert any("@" in c.text for c in cases) and any("@" not in c.text for c in cases)
    sc = score(_FailingRedactor(b"k" * 32), cases)
    assert sc.dropped == sum("@" in c.text for c in cases)
    with pytest.raises(AssertionError, match="fields dropped"):
        sc.assert_nothing_dropped()
    score(Redactor(b"k" * 32), cases).assert_nothing_dropped()


def test_the_coverage_tests_fail_on_a_dropped_field(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coverage test itself, with a detector that fails on some fields, fails (the cached
    pools are cleared before and after: the real tests score the real engine)."""
    from persona_pipeline_tests import redaction_cases
    from persona_pipeline_tests import test_redaction_coverage as cov

    small = lambda held_out, n, fresh=False: redaction_cases.make_cases(held_out, 60, fresh=fresh)  # noqa: E731
    monkeypatch.setattr(cov, "make_cases", small)
    monkeypatch.setattr(cov, "R", _FailingRedactor(b"k" * 32))
    cov.pools.cache_clear()
    try:
        with pytest.raises(AssertionError, match="fields dropped"):
            cov.test_lookalikes_survive_and_redaction_is_idempotent("dev")
        with pytest.raises(AssertionError, match="fields dropped"):
            cov.test_every_category_is_covered("dev")
    finally:
        cov.pools.cache_clear()
