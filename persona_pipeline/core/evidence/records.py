"""Evidence: the only record that carries (redacted) user text, and the only way to make one.

`build_evidence` is the constructor: it redacts every text field and provenance string before
an `Evidence` exists. Direct instantiation is refused, so unredacted text cannot be wrapped as
evidence by accident.
"""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter
from collections.abc import Sequence
from pathlib import PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, ValidationInfo, model_validator

from persona_pipeline.core.models import ACTIVITY_KINDS, Tier, Turn, TurnIndexRow, TurnKind

if TYPE_CHECKING:
    from persona_pipeline.core.evidence.redaction.redactor import Redactor

_SEAL = object()
_HOME_ROOTS = {"home", "Users"}


class Evidence(BaseModel):
    model_config = ConfigDict(frozen=True)

    evidence_id: str
    unit_key: str
    source_kind: str  # a `SourceKind` or a registered reader's kind
    tier: Tier
    kind: TurnKind
    correction_signal: str | None
    excerpt: str
    context: str
    project: str
    session_id: str | None
    timestamp: str | None
    line_no: int
    redactions: dict[str, int]

    @model_validator(mode="before")
    @classmethod
    def _sealed(cls, data: Any, info: ValidationInfo) -> Any:
        if not (info.context and info.context.get("seal") is _SEAL):
            raise ValueError("Evidence is built only by build_evidence(), which redacts")
        return data


def evidence_id(source_id: str, excerpt: str) -> str:
    return hashlib.sha256(f"{source_id}\x1f{excerpt}".encode()).hexdigest()[:32]


def project_of(cwd: str | None, fallback: str) -> str:
    """The repository folder name of a cwd; never a home directory's user name."""
    if not cwd:
        return fallback
    path = PureWindowsPath(cwd) if "\\" in cwd else PurePosixPath(cwd)
    parts = [p for p in path.parts if p not in ("/", "\\")]
    if len(parts) <= 2 and (not parts or parts[0] in _HOME_ROOTS or parts[0].endswith(":\\")):
        return "home"
    if len(parts) == 3 and parts[0].endswith(":\\") and parts[1] == "Users":
        return "home"
    return path.name or fallback


def turn_hash(text: str, key: bytes) -> str:
    return hmac.new(key, text.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def index_rows(unit_key: str, turns: Sequence[Turn], key: bytes) -> list[TurnIndexRow]:
    return [
        TurnIndexRow(
            unit_key=unit_key,
            line_no=t.line_no,
            byte_offset=t.byte_offset,
            entry_uuid=t.entry_uuid,
            session_id=t.session_id,
            timestamp=t.timestamp,
            role="tool" if t.kind in ACTIVITY_KINDS else "user",
            tier=t.tier,
            kind=t.kind,
            correction_signal=t.correction_signal,
            text_chars=len(t.text),
            context_chars=len(t.context),
            text_sha256=turn_hash(t.text, key),
            truncated=t.truncated,
        )
        for t in turns
    ]


def build_evidence(
    unit_key: str,
    source_kind: str,
    turns: Sequence[Turn],
    redactor: Redactor,
    fallback_project: str,
) -> tuple[list[Evidence], Counter[str], int]:
    """Redact and wrap turns. Returns (evidence, redaction counts by type, dropped fields).

    A turn whose text fails to redact is dropped whole; a failed context is dropped alone."""
    texts: list[str] = []
    for t in turns:
        texts.extend((t.text, t.context))
    # Folder names can carry names too (`alice-dotfiles`): provenance is redacted like text.
    projects = sorted({project_of(t.cwd, fallback_project) for t in turns})
    results = redactor.redact_many(texts + projects)
    redacted_project = {
        p: (r.text if r is not None else "unknown") for p, r in zip(projects, results[len(texts) :], strict=True)
    }
    out: list[Evidence] = []
    totals: Counter[str] = Counter()
    dropped = 0
    for i, t in enumerate(turns):
        text_r, ctx_r = results[2 * i], results[2 * i + 1]
        if text_r is None:
            dropped += 1
            continue
        if ctx_r is None:
            dropped += 1
        counts = Counter(text_r.counts)
        if ctx_r is not None:
            counts.update(ctx_r.counts)
        totals.update(counts)
        excerpt = text_r.text
        source_id = f"{unit_key}:{t.line_no}"
        out.append(
            Evidence.model_validate(
                {
                    "evidence_id": evidence_id(source_id, excerpt),
                    "unit_key": unit_key,
                    "source_kind": source_kind,
                    "tier": t.tier,
                    "kind": t.kind,
                    "correction_signal": t.correction_signal,
                    "excerpt": excerpt,
                    "context": ctx_r.text if ctx_r is not None else "",
                    "project": redacted_project[project_of(t.cwd, fallback_project)],
                    "session_id": t.session_id,
                    "timestamp": t.timestamp,
                    "line_no": t.line_no,
                    "redactions": dict(counts),
                },
                context={"seal": _SEAL},
            )
        )
    return out, totals, dropped
