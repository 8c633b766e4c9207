"""Choosing the lesson builder from configuration (litellm is imported only when a model is set)."""

from __future__ import annotations

from persona_pipeline.core.config import Settings
from persona_pipeline.skills.lessons.models import LessonBuilder


def make_caller(settings: Settings):  # -> StructuredCaller (imported lazily)
    from persona_pipeline.core.llm.ledger import run_ledger
    from persona_pipeline.core.llm.structured import StructuredCaller

    return StructuredCaller(
        ledger=run_ledger(settings),
        model=settings.model,
        cache_dir=settings.data_dir / "llm_cache",
        max_usd=settings.max_usd,
        max_calls=settings.max_calls,
        api_base=settings.api_base,
        api_key=settings.api_key,
    )


def make_lesson_builder(settings: Settings) -> LessonBuilder:
    if settings.model == "offline":
        from persona_pipeline.skills.lessons.offline import OfflineLessonBuilder

        return OfflineLessonBuilder()
    from persona_pipeline.skills.lessons.remote import LitellmLessonBuilder

    return LitellmLessonBuilder(make_caller(settings), concurrency=settings.digest_concurrency)
