"""The optional retention window: evidence older than N days is neither stored nor kept."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from persona_pipeline.core.models import Turn, TurnKind


def cutoff(days: int | None, now: datetime | None = None) -> datetime | None:
    """The oldest timestamp still kept (UTC), or None when there is no window."""
    if days is None:
        return None
    return (now or datetime.now(UTC)) - timedelta(days=days)


def parse_ts(ts: str | None) -> datetime | None:
    if not ts:
        return None
    try:
        parsed = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def within(turns: list[Turn], oldest: datetime | None) -> tuple[list[Turn], int]:
    """Turns inside the window, and how many were aged out. A turn with no readable timestamp
    is kept (its age is unknown); directives are never aged out."""
    if oldest is None:
        return turns, 0
    kept = []
    for t in turns:
        ts = parse_ts(t.timestamp)
        if t.kind is TurnKind.DIRECTIVE or ts is None or ts >= oldest:
            kept.append(t)
    return kept, len(turns) - len(kept)
