from __future__ import annotations

import json
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
