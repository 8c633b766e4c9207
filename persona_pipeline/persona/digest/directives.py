"""Instruction-file directives become observations verbatim: no model, no rewording.

A directive is the person's own standing instruction, already rule-granular (one chunk per
bullet or paragraph), so the statement is the redacted excerpt itself and the quote is all of it.
"""

from __future__ import annotations

from persona_pipeline.core.models import Tier, TurnKind
from persona_pipeline.persona.digest.models import (
    TIER_WEIGHT,
    DigestInput,
    DigestResult,
    Facet,
    Observation,
    observation_id,
)

VERBATIM_MODEL = "verbatim"
DIRECTIVES_VERSION = "directives-v1"
INSTRUCTION_PREFIX = "instructions/"


def is_instruction_unit(unit_key: str) -> bool:
    return unit_key.startswith(INSTRUCTION_PREFIX)


def directive_result(inp: DigestInput) -> DigestResult:
    observations = [
        Observation(
            observation_id=observation_id(inp.unit_key, Facet.DIRECTIVES.value, ev.excerpt, [ev.evidence_id]),
            unit_key=inp.unit_key,
            session_id=ev.session_id or inp.session_id,
            project=ev.project or inp.project,
            facet=Facet.DIRECTIVES,
            statement=ev.excerpt,
            tier=Tier.T0,
            strength=TIER_WEIGHT[Tier.T0],
            quote=ev.excerpt,
            evidence_ids=[ev.evidence_id],
            timestamp=ev.timestamp,
            model=VERBATIM_MODEL,
            prompt_version=DIRECTIVES_VERSION,
        )
        for ev in inp.evidence
        if ev.kind == TurnKind.DIRECTIVE.value and ev.excerpt.strip()
    ]
    return DigestResult(unit_key=inp.unit_key, observations=observations)
