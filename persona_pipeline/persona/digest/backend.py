"""Choosing the digester from configuration (litellm is imported only when a model is set)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from persona_pipeline.core.config import Settings
from persona_pipeline.persona.digest.models import Digester


def make_digester(settings: Settings, caller: Callable[..., Any] | None = None) -> Digester:
    """`caller(max_tokens=…)` builds the model client (default: `make_caller` on the settings)."""
    if settings.model == "offline":
        from persona_pipeline.persona.digest.offline import OfflineDigester

        return OfflineDigester()
    from persona_pipeline.core.llm.structured import make_caller
    from persona_pipeline.persona.digest.llm_digester import LitellmDigester

    client = caller() if caller is not None else make_caller(settings)
    return LitellmDigester(client, concurrency=settings.digest_concurrency)
