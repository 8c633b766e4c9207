"""Freshness of rules: a rule's score decays with the time since it was last evidenced.

Age is measured against the corpus clock — the newest timestamp of any behavioural observation
(transcripts, prompt logs, commits) — not the date of the run: a history that is not updated (a
holiday, an archived machine) does not rot by calendar time, and compiling the same stored rules
gives the same pack on any day (the compile is deterministic). Directives are the current state of
an instruction file (their time is the file's mtime), so they neither decay nor set the clock.

weight = score · 2^(−age / half_life). A rule whose weight falls below STALE_BELOW leaves the pack
(listed as stale). STALE_BELOW is half the score of the weakest rule the pack admits on support
alone (MIN_SESSIONS plain-prompt sessions, 2 × 0.7): such a rule fades after one half-life without
new evidence, and a rule said in more sessions, or as corrections, lasts proportionally longer
(log2(score / STALE_BELOW) half-lives).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime

from persona_pipeline.core.models import Tier
from persona_pipeline.persona.digest.models import TIER_WEIGHT, Facet, Rule

MIN_SESSIONS = 2  # a preference stated in one session only is a guess, not a persona rule
STALE_BELOW = MIN_SESSIONS * TIER_WEIGHT[Tier.T2] / 2
DEFAULT_HALF_LIFE_DAYS = 180.0


def parse_ts(value: str | None) -> datetime | None:
    """An ISO timestamp as stored (`Z` or offset, or naive meaning UTC); None when unreadable."""
    if not value:
        return None
    try:
        ts = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return ts if ts.tzinfo else ts.replace(tzinfo=UTC)


def corpus_clock(rules: Iterable[Rule]) -> str | None:
    """The newest behavioural evidence behind any rule (superseded ones included), as stored."""
    stamps = [(parse_ts(r.last_seen), r.last_seen) for r in rules if r.facet is not Facet.DIRECTIVES]
    known = [(t, s) for t, s in stamps if t is not None]
    return max(known)[1] if known else None


def age_days(rule: Rule, as_of: str | None) -> float | None:
    now, last = parse_ts(as_of), parse_ts(rule.last_seen)
    if now is None or last is None:
        return None
    return max(0.0, (now - last).total_seconds() / 86400.0)


def weight(rule: Rule, as_of: str | None, half_life_days: float = DEFAULT_HALF_LIFE_DAYS) -> float:
    """The decayed score; a directive, or a rule of unknown age, keeps its score."""
    age = age_days(rule, as_of)
    if rule.facet is Facet.DIRECTIVES or age is None:
        return rule.score
    return round(rule.score * 0.5 ** (age / half_life_days), 6)


def is_stale(rule: Rule, as_of: str | None, half_life_days: float = DEFAULT_HALF_LIFE_DAYS) -> bool:
    return rule.facet is not Facet.DIRECTIVES and weight(rule, as_of, half_life_days) < STALE_BELOW


def support_by_month(sessions: Mapping[str, str]) -> dict[str, int]:
    """Sessions per month (YYYY-MM) of their newest evidence: the rule's support over time."""
    months: dict[str, int] = {}
    for stamp in sessions.values():
        month = stamp[:7] if parse_ts(stamp) else "unknown"
        months[month] = months.get(month, 0) + 1
    return dict(sorted(months.items()))
