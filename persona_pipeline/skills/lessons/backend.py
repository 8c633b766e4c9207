"""Choosing the lesson builder from configuration (litellm is imported only when a model is set)."""

from __future__ import annotations

from persona_pipeline.core.config import Settings
from persona_pipeline.skills.lessons.models import LessonBuilder


def make_lesson_builder(settings: Settings) -> LessonBuilder:
    if settings.model == "offline":
        from persona_pipeline.skills.lessons.offline import OfflineLessonBuilder

        return OfflineLessonBuilder()
    from persona_pipeline.core.llm.structured import make_caller
    from persona_pipeline.skills.lessons.remote import LitellmLessonBuilder

    return LitellmLessonBuilder(make_caller(settings), concurrency=settings.digest_concurrency)
