"""Choosing the digester from configuration (litellm is imported only when a model is set)."""

from __future__ import annotations

from persona_pipeline.core.config import Settings
from persona_pipeline.persona.digest.models import Digester


def make_digester(settings: Settings) -> Digester:
    if settings.model == "offline":
        from persona_pipeline.persona.digest.offline import OfflineDigester

        return OfflineDigester()
    from persona_pipeline.core.llm.structured import make_caller
    from persona_pipeline.persona.digest.llm_digester import LitellmDigester

    return LitellmDigester(make_caller(settings), concurrency=settings.digest_concurrency)
