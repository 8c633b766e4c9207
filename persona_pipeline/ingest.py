"""One source unit through the first two stages: read → index → redact → evidence → warehouse.

Plain Python: the Dagster assets and the tests call the same functions.
"""

from __future__ import annotations

import getpass
import logging
import re
import socket
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from persona_pipeline.config import Settings
from persona_pipeline.evidence import retention
from persona_pipeline.evidence.records import build_evidence, index_rows
from persona_pipeline.evidence.redaction.redactor import Redactor, load_or_create_key
from persona_pipeline.models import ReadResult, ReadStats, SourceKind
from persona_pipeline.sources.catalog import READER_VERSIONS, Sources
from persona_pipeline.sources.discovery import SourceUnit
from persona_pipeline.warehouse import store

log = logging.getLogger(__name__)

_HOME_IN_PATH = re.compile(r"(?:/Users/|/home/|[A-Za-z]:\\Users\\)([^/\\]+)")


@dataclass
class UnitOutcome(store.UnitRows):
    status: str = "processed"  # processed | skipped_bad | machine_generated

    @property
    def metadata(self) -> dict[str, object]:
        """Counts only — safe for Dagster event logs."""
        raw = int(self.unit_row["raw_bytes"])  # type: ignore[call-overload]
        kept = int(self.unit_row["kept_bytes"])  # type: ignore[call-overload]
        return {
            "status": self.status,
            "raw_bytes": raw,
            "kept_bytes": kept,
            "reduction_pct": round(100.0 * (1 - kept / raw), 3) if raw else 0.0,
            "turns_kept": len(self.turns),
            "evidence_rows": len(self.evidence),
            "lines_bad": int(self.unit_row["lines_bad"]),  # type: ignore[call-overload]
            "redactions": sum(self.redactions.values()),
        }


def base_identifiers(settings: Settings) -> list[tuple[str, str]]:
    """The person's own identifiers, known before any file is read."""
    ids: list[tuple[str, str]] = []
    for getter, kind in ((getpass.getuser, "user_name"), (socket.gethostname, "host_name")):
        try:
            ids.append((getter(), kind))
        except Exception:  # no passwd entry, odd containers
            continue
    ids.append((Path.home().name, "user_name"))
    ids.extend((e, "email") for e in settings.resolved_author_emails())
    ids.extend((n, "person_name") for n in settings.redact_names)
    return ids


def make_redactor(settings: Settings) -> Redactor:
    return Redactor(load_or_create_key(settings.redaction_key_path), base_identifiers(settings))


def process_unit(
    unit: SourceUnit, sources: Sources, redactor: Redactor, key: bytes, oldest: datetime | None = None
) -> UnitOutcome:
    """Read and redact one unit. Never raises for bad input: a bad file is a recorded skip.
    Turns older than `oldest` (the retention window) are dropped before redaction."""
    fingerprint = sources.fingerprint(unit)  # before reading: a change during the read is seen next run
    try:
        result = sources.read(unit)
    except Exception as exc:  # a reader bug must cost one file, not the run
        log.warning("reader failed on %s (%s)", unit.key, type(exc).__name__)
        result = ReadResult(turns=[], stats=ReadStats(), file_error=f"reader_error:{type(exc).__name__}")
    stats = result.stats
    kept_turns, aged = retention.within(result.turns, oldest)
    if aged:
        stats.skip("retention", aged)
        result = ReadResult.finish(kept_turns, stats, result.file_error)  # recounts kept bytes
    status = "processed"
    if result.file_error:
        status = "skipped_bad"
    elif stats.machine_generated:
        status = "machine_generated"
    # Account names seen in this session's cwd are identifiers too (e.g. a second machine).
    extra = [(m.group(1), "user_name") for m in _HOME_IN_PATH.finditer(stats.cwd or "")]
    unit_redactor = redactor.with_identifiers(extra) if extra else redactor
    # Claude slugs, instruction scopes and repository folders name the project; Codex keys are dates.
    fallback_project = unit.key.split("/")[1] if unit.kind is not SourceKind.CODEX else "unknown"
    evidence, red_counts, dropped = build_evidence(unit.key, unit.kind, result.turns, unit_redactor, fallback_project)
    turns = index_rows(unit.key, result.turns, key)
    project = evidence[0].project if evidence else fallback_project
    unit_row: dict[str, object] = {
        "unit_key": unit.key,
        "source_kind": unit.kind.value,
        "project": project,
        "fingerprint": fingerprint,
        "reader_version": READER_VERSIONS[unit.kind],
        "status": status,
        "skip_reason": result.file_error or stats.machine_generated,
        "raw_bytes": stats.raw_bytes or unit.size,
        "kept_bytes": stats.kept_bytes,
        "lines_total": stats.lines_total,
        "lines_bad": stats.lines_bad,
        "turns_kept": len(turns),
        "evidence_rows": len(evidence),
        "redactions": sum(red_counts.values()),
        "fields_dropped": dropped,
        "session_id": stats.session_id,
        "processed_at": datetime.now(UTC).replace(tzinfo=None),
    }
    return UnitOutcome(
        unit.key,
        unit_row,
        turns,
        evidence,
        dict(stats.skips),
        dict(stats.entries_by_type),
        dict(red_counts),
        status=status,
    )


# A write batch: at most this many units or seconds of reading between commits, so a crash loses
# little work and a concurrent writer never waits long for the file lock.
BATCH_UNITS = 64
BATCH_SECONDS = 2.0


def iter_ingest(settings: Settings, units: Sequence[SourceUnit]) -> Iterator[list[UnitOutcome]]:
    """Process units, committing them to the warehouse in small batches; yields each committed
    batch (a unit is reported only once its rows are durable)."""
    redactor = make_redactor(settings)
    key = load_or_create_key(settings.redaction_key_path)
    oldest = retention.cutoff(settings.retention_days)
    sources = settings.sources()
    batch: list[UnitOutcome] = []
    started = time.monotonic()
    for i, unit in enumerate(units):
        batch.append(process_unit(unit, sources, redactor, key, oldest))
        last = i == len(units) - 1
        if last or len(batch) >= BATCH_UNITS or time.monotonic() - started >= BATCH_SECONDS:
            with store.connect(settings.warehouse_path) as con:
                store.replace_units(con, batch)
            yield batch
            batch, started = [], time.monotonic()


def ingest_units(settings: Settings, units: Sequence[SourceUnit]) -> list[UnitOutcome]:
    return [o for batch in iter_ingest(settings, units) for o in batch]
