"""`session_notes` (partitioned): per transcript session, decisions, code changes and open todos."""

from typing import Any

from persona_pipeline.core.models import is_transcript_key
from persona_pipeline.orchestration.defs.unit_assets import per_unit_asset


def _build(settings: Any, model: Any, keys: list[str], force: bool) -> tuple[list[Any], str]:
    from persona_pipeline.notes.stage import build_notes

    return build_notes(settings, keys, force=force, taker=model.note_taker())


def _counts(r: Any, model: str) -> dict[str, Any]:
    from persona_pipeline.notes.models import NoteKind

    return {
        "decisions": r.count(NoteKind.DECISION),
        "code_changes": r.count(NoteKind.CODE_CHANGE),
        "todos": r.count(NoteKind.TODO),
        "skipped_short_session": int(r.skipped == "short_session"),
        "windows": r.windows,
        "merged_duplicates": r.merged_duplicates,
        "dropped_citations": r.dropped_citations,
        "dropped_uncited": r.dropped_uncited,
        "model": model,
    }


session_notes = per_unit_asset(
    "session_notes",
    group="memory",
    description="Per transcript session: decisions (with the rejected alternative and why), code changes "
    "(files, functions, bugs fixed) and open todos, capped 10/5/5, each citing its evidence; also "
    "<data_dir>/notes/<project>/<session>.md.",
    build=_build,
    counts=_counts,
    what="notes",
    applies=is_transcript_key,
)
