"""Choosing the lesson builder from configuration (litellm is imported only when a model is set)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from persona_pipeline.core.config import Settings
from persona_pipeline.skills.lessons.models import LessonBuilder


def make_lesson_builder(settings: Settings, caller: Callable[..., Any] | None = None) -> LessonBuilder:
    """`caller(max_tokens=…)` builds the model client (default: `make_caller` on the settings)."""
    if settings.model == "offline":
        from persona_pipeline.skills.lessons.offline import OfflineLessonBuilder

        return OfflineLessonBuilder()
    from persona_pipeline.core.llm.structured import make_caller
    from persona_pipeline.skills.lessons.remote import LitellmLessonBuilder

    client = caller() if caller is not None else make_caller(settings)
    return LitellmLessonBuilder(client, concurrency=settings.digest_concurrency)
