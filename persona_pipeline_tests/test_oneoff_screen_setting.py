"""`oneoff_screen` decides whether the compile applies the stricter one-off screen (persona/durable):
off by default (it costs recall on the eval pools), on with `PERSONA_ONEOFF_SCREEN=strict`."""

from __future__ import annotations

from pathlib import Path

import pytest

from persona_pipeline.core.config import Settings
from persona_pipeline.persona import compile as compile_mod
from persona_pipeline.persona import durable


@pytest.mark.parametrize(("value", "screened"), [(None, False), ("off", False), ("strict", True)])
def test_the_screen_runs_only_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str | None, screened: bool
) -> None:
    monkeypatch.delenv("PERSONA_ONEOFF_SCREEN", raising=False)
    if value is not None:
        monkeypatch.setenv("PERSONA_ONEOFF_SCREEN", value)
    calls: list[int] = []

    def screen(rules: list, observations: list) -> list:
        calls.append(len(rules))
        return rules

    monkeypatch.setattr(durable, "screen", screen)
    settings = Settings(data_dir=tmp_path)
    compile_mod.refold(settings)
    assert bool(calls) is screened


def test_an_unknown_value_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PERSONA_ONEOFF_SCREEN", "sometimes")
    with pytest.raises(ValueError, match="oneoff_screen"):
        Settings(data_dir=tmp_path)
