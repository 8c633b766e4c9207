"""Choosing the digester from configuration (litellm is imported only when a model is set)."""

from __future__ import annotations

from persona_pipeline.core.config import Settings
from persona_pipeline.persona.digest.models import Digester


def make_digester(settings: Settings) -> Digester:
    if settings.model == "offline":
        from persona_pipeline.persona.digest.offline import OfflineDigester

        return OfflineDigester()
    from persona_pipeline.core.llm.ledger import run_ledger
    from persona_pipeline.persona.digest.llm_digester import LitellmDigester

    return LitellmDigester(
        model=settings.model,
        cache_dir=settings.data_dir / "llm_cache",
        max_usd=settings.max_usd,
        max_calls=settings.max_calls,
        concurrency=settings.digest_concurrency,
        api_base=settings.api_base,
        api_key=settings.api_key,
        ledger=run_ledger(settings),
    )
