"""The litellm digester: windows → cache → budget → call → strict parse → grounding."""

from __future__ import annotations

import logging
from typing import Any

from persona_pipeline.core.llm.ledger import SpendLedger
from persona_pipeline.core.llm.structured import StructuredCaller, map_units, strict_schema
from persona_pipeline.persona.digest.llm_prompt import PROMPT_VERSION, messages, windows
from persona_pipeline.persona.digest.models import DigestInput, DigestReply, DigestResult, DraftObservation
from persona_pipeline.persona.digest.validate import ground

log = logging.getLogger(__name__)


def provider_schema() -> dict[str, Any]:
    """DigestReply's strict schema, without the `directives` facet (those come only from
    instruction files)."""
    return strict_schema(DigestReply, drop_enum_values=("directives",))


class LitellmDigester:
    prompt_version = PROMPT_VERSION

    def __init__(self, caller: StructuredCaller, concurrency: int = 8) -> None:
        self.name = self.model = caller.model
        self.caller = caller
        self.concurrency = concurrency
        self.schema = provider_schema()

    @property
    def ledger(self) -> SpendLedger:
        return self.caller.ledger

    def _prices(self) -> tuple[float, float]:
        return self.caller.prices()

    def _window(self, turns: list[str], res: DigestResult) -> list[DraftObservation] | None:
        """Drafts of one window; None when the unit must stop (failure or budget)."""
        parsed = self.caller.call(messages(turns), DigestReply, self.schema, self.prompt_version, res)
        if parsed is None:
            return None if res.status != "ok" else []
        return parsed.observations

    def _digest(self, inp: DigestInput) -> DigestResult:
        res = DigestResult(unit_key=inp.unit_key)
        try:
            drafts: list[DraftObservation] = []
            for turns in windows(inp):
                got = self._window(turns, res)
                if got is None:
                    res.observations = []
                    return res
                drafts.extend(got)
            res.observations, res.dropped_quotes = ground(inp, drafts, self.model, self.prompt_version)
        except Exception as exc:  # anything unforeseen costs this unit (retried next run), never the batch
            log.warning("litellm digest of one unit failed (%s)", type(exc).__name__)
            res.observations = []
            res.status, res.error = "failed", f"unexpected error: {type(exc).__name__}"
        return res

    def digest_many(self, inputs: list[DigestInput]) -> list[DigestResult]:
        return map_units(self._digest, inputs, self.concurrency, "digests")
