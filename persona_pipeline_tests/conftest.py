from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "sample"


@pytest.fixture(scope="session")
def ground_truth() -> dict:
    return json.loads((SAMPLE / "ground_truth.json").read_text())


@pytest.fixture
def sample_copy(tmp_path: Path) -> tuple[Path, Path]:
    """A private copy of the sample corpus: (claude projects root, codex sessions root)."""
    dst = tmp_path / "corpus"
    shutil.copytree(SAMPLE / "claude", dst / "claude")
    shutil.copytree(SAMPLE / "codex", dst / "codex")
    return dst / "claude" / "projects", dst / "codex" / "sessions"


def planted_values(gt: dict) -> list[str]:
    """Every secret and PII string planted in the sample, plus the account name."""
    values = [v for v in gt["secrets"].values() if isinstance(v, str)]
    values += [v for v in gt["pii"].values() if isinstance(v, str)]
    values.append("mquill")
    return values


@pytest.fixture
def cli_env(tmp_path: Path, sample_copy: tuple[Path, Path]) -> dict[str, str]:
    """Environment for a `persona` subprocess on a private sample copy and data dir."""
    e = {k: v for k, v in os.environ.items() if not k.startswith(("PERSONA_", "DAGSTER_"))}
    e.update(
        PERSONA_DATA_DIR=str(tmp_path / "data"),
        PERSONA_CLAUDE_DIRS=str(sample_copy[0]),
        PERSONA_CODEX_DIRS=str(sample_copy[1]),
    )
    return e
