"""One source unit through the first two stages: read → index → redact → evidence → warehouse.

Plain Python: the Dagster assets and the tests call the same functions.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from persona_pipeline.core.config import Settings
from persona_pipeline.core.evidence import retention
from persona_pipeline.core.evidence.owner_identity import git_identity, identity_suffix, redaction_identifiers
from persona_pipeline.core.evidence.records import build_evidence, index_rows
from persona_pipeline.core.evidence.redaction.redactor import Redactor, load_or_create_key
from persona_pipeline.core.evidence.redaction.views import was_refused
from persona_pipeline.core.models import ReadResult, ReadStats, SourceKind, Turn
from persona_pipeline.core.sources.catalog import READER_VERSIONS, Sources, project_in_key
from persona_pipeline.core.sources.discovery import SourceUnit
from persona_pipeline.core.warehouse import store

if TYPE_CHECKING:
    import duckdb

log = logging.getLogger(__name__)

_HOME_IN_PATH = re.compile(r"(?:/Users/|/home/|[A-Za-z]:\\Users\\)([^/\\]+)")
# a home folder a turn names: a path starting the word (not a site's `/home/` page inside a URL), its
# login as systems make them (not a placeholder such as `<you>`, `$USER`, `...`, nor a display name
# with spaces), a folder inside it after (`/home/index` ending a URL's path is no home folder)
_HOME_IN_TEXT = re.compile(
    r"(?:^|(?<=[\s\"'`=(\[:]))(?:/Users/|/home/|[A-Za-z]:\\{1,2}Users\\{1,2})([A-Za-z][A-Za-z0-9._-]{2,31})(?=[/\\])"
)
# Provenance strings copied from a file (session ids, entry uuids, timestamps) are stored as they
# are only when they have the shape of one; anything else is redacted (ids) or dropped (times).
_PLAIN_ID = re.compile(r"[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}")
_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?")
# File errors that say nothing about the content (permissions, I/O, a reader or git failure):
# a unit already stored keeps its rows and is retried next run instead of being emptied.
_TRANSIENT_ERRORS = ("unreadable", "read_error", "reader_error", "git_error")


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


def make_redactor(settings: Settings) -> Redactor:
    return Redactor(load_or_create_key(settings.redaction_key_path), redaction_identifiers(settings))


def _safe_provenance(unit_key: str, turns: list[Turn], stats: ReadStats, redactor: Redactor) -> list[Turn]:
    """Session ids, entry uuids and timestamps come from the file, unredacted: keep the ones shaped
    like ids and timestamps (and the ids the readers make from the unit key), redact the other ids,
    drop the other timestamps. Real transcripts pass through unchanged."""
    ids = {v for t in turns for v in (t.session_id, t.entry_uuid) if v}
    if stats.session_id:
        ids.add(stats.session_id)
    odd = sorted(v for v in ids if not (_PLAIN_ID.fullmatch(v) or v == unit_key or v.startswith(f"{unit_key}#")))
    mapped = {v: v for v in ids}
    if odd:
        for v, r in zip(odd, redactor.redact_many(odd), strict=True):
            mapped[v] = r.text if r is not None else "[REDACTED:unredactable]"
    if stats.session_id:
        stats.session_id = mapped[stats.session_id]
    out = []
    for t in turns:
        ts = t.timestamp if t.timestamp is None or _TIMESTAMP.fullmatch(t.timestamp) else None
        sid = mapped.get(t.session_id) if t.session_id else t.session_id
        uid = mapped.get(t.entry_uuid) if t.entry_uuid else t.entry_uuid
        if (ts, sid, uid) != (t.timestamp, t.session_id, t.entry_uuid):
            t = t.model_copy(update={"timestamp": ts, "session_id": sid, "entry_uuid": uid})
        out.append(t)
    return out


_MAX_LOGINS = 4  # home folders a unit names, at most (a pasted listing of many users' homes is no one's)


def _home_logins(turns: list[Turn]) -> list[tuple[str, str]]:
    """The logins of the home folders a unit's turns name (in memory only; never stored)."""
    found: dict[str, None] = {}
    for t in turns:
        for text in (t.text, t.context):
            if "Users" in text or "/home/" in text:
                for m in _HOME_IN_TEXT.finditer(text):
                    login = m.group(1)
                    found.setdefault(login.lower())
    return [(login, "user_name") for login in found] if len(found) <= _MAX_LOGINS else []


def process_unit(
    unit: SourceUnit,
    sources: Sources,
    redactor: Redactor,
    key: bytes,
    oldest: datetime | None = None,
    identity: str = "",
) -> UnitOutcome:
    """Read and redact one unit. Never raises for bad input: a bad file is a recorded skip.
    Turns older than `oldest` (the retention window) are dropped before redaction; `identity`
    (`identity_suffix`) is appended to the stored fingerprint."""
    fingerprint = sources.fingerprint(unit) + identity  # before reading: a change during the read is seen next run
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
    # Account names seen in this session's cwd are identifiers too (e.g. a second machine), and so
    # are those of home folders its turns name: the path rule redacts a login inside a path, and the
    # same login elsewhere in the unit (a code host's URL, "log in as …") is the same person's.
    extra = [(m.group(1), "user_name") for m in _HOME_IN_PATH.finditer(stats.cwd or "")]
    extra += _home_logins(result.turns)
    if unit.kind is SourceKind.GIT:  # the repository's own identity (its commits name it)
        extra += git_identity(unit.path / ".git" / "config")
    unit_redactor = redactor.with_identifiers(extra) if extra else redactor
    result = ReadResult(
        turns=_safe_provenance(unit.key, result.turns, stats, unit_redactor), stats=stats, file_error=result.file_error
    )
    # Claude slugs, instruction scopes and repository folders name the project; Codex keys are
    # dates (each reader says whether its keys name one).
    fallback_project = unit.key.split("/")[1] if project_in_key(unit.kind) else "unknown"
    evidence, red_counts, dropped = build_evidence(unit.key, unit.kind, result.turns, unit_redactor, fallback_project)
    if dropped:  # fields refused for their decoded views' cost, counted apart from other failures
        refused = sum(was_refused(t.text) or was_refused(t.context) for t in result.turns)
        if refused:
            stats.skip("redaction_refused:views", refused)
    turns = index_rows(unit.key, result.turns, key)
    project = evidence[0].project if evidence else fallback_project
    unit_row: dict[str, object] = {
        "unit_key": unit.key,
        "source_kind": str(unit.kind),
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


def prompt_log_filters(settings: Settings, sources: Sources) -> Sources:
    """`sources` with what the prompt logs must leave out: sessions that have a transcript (on
    disk, or stored although its file is gone) or were forgotten, and forgotten projects."""
    from persona_pipeline.core.sources import tombstones
    from persona_pipeline.core.sources.discovery import clean_slug
    from persona_pipeline.core.sources.prompt_logs import session_of_transcript, transcript_sessions

    transcripts = {SourceKind.CLAUDE, SourceKind.CODEX}
    names = [u.path.name for u in sources.discover(prepare=False).units if u.kind in transcripts]
    forgotten = tombstones.load(settings.data_dir)
    names += [k.rsplit("/", 1)[-1] for k in forgotten.units]
    sessions = transcript_sessions(names)
    if settings.warehouse_path.exists():
        with store.connect(settings.warehouse_path, read_only=True) as con:
            rows = con.execute(
                "SELECT unit_key, session_id FROM units WHERE source_kind IN ('claude', 'codex')"
            ).fetchall()
        for unit_key, session in rows:
            if isinstance(session, str):
                sessions.add(session.lower())
            if s := session_of_transcript(unit_key):
                sessions.add(s)

    def skip_project(cwd: str) -> bool:
        folder = re.split(r"[\\/]", cwd.rstrip("/\\"))[-1]
        candidates = (
            f"claude/{clean_slug(re.sub(r'[^A-Za-z0-9]', '-', cwd))}",
            f"git/{folder}",
            f"project/{folder}",
            f"instructions/{folder}",
        )
        return any(c in forgotten.scopes for c in candidates)

    return replace(sources, skip_sessions=frozenset(sessions), skip_project=skip_project if forgotten.scopes else None)


def iter_ingest(settings: Settings, units: Sequence[SourceUnit]) -> Iterator[list[UnitOutcome]]:
    """Process units, committing them to the warehouse in small batches; yields each committed
    batch (a unit is reported only once its rows are durable)."""
    redactor = make_redactor(settings)
    key = load_or_create_key(settings.redaction_key_path)
    identity = identity_suffix(settings)
    oldest = retention.cutoff(settings.retention_days)
    sources = settings.sources()
    if any(u.kind is SourceKind.PROMPT_LOG for u in units):
        sources = prompt_log_filters(settings, sources)
    batch: list[UnitOutcome] = []
    started = time.monotonic()
    for i, unit in enumerate(units):
        batch.append(process_unit(unit, sources, redactor, key, oldest, identity))
        last = i == len(units) - 1
        if last or len(batch) >= BATCH_UNITS or time.monotonic() - started >= BATCH_SECONDS:
            with store.connect(settings.warehouse_path) as con:
                store.replace_units(con, _keep_previous(con, batch))
            yield batch
            batch, started = [], time.monotonic()


def _keep_previous(con: duckdb.DuckDBPyConnection, batch: list[UnitOutcome]) -> list[UnitOutcome]:
    """The batch to write: a unit already stored whose file could not be read this time (see
    `_TRANSIENT_ERRORS`) keeps its rows and its old fingerprint, so it is retried next run."""
    failed = [
        o for o in batch if o.status == "skipped_bad" and str(o.unit_row["skip_reason"]).startswith(_TRANSIENT_ERRORS)
    ]
    if not failed:
        return batch
    stored = {
        r[0]
        for r in con.execute(
            "SELECT unit_key FROM units WHERE unit_key IN (SELECT unnest(?)) AND status <> 'skipped_bad'",
            [[o.unit_key for o in failed]],
        ).fetchall()
    }
    for o in failed:
        if o.unit_key in stored:
            log.warning("could not read %s (%s); its stored rows are kept", o.unit_key, o.unit_row["skip_reason"])
            o.status = "read_failed"
    return [o for o in batch if o.status != "read_failed"]


def ingest_units(settings: Settings, units: Sequence[SourceUnit]) -> list[UnitOutcome]:
    return [o for batch in iter_ingest(settings, units) for o in batch]
