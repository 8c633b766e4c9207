from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from persona_pipeline.core.evidence.redaction.redactor import Redactor

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "persona_pipeline" / "sample"


def persona_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "persona_pipeline", *args]


def cli(env: dict[str, str], *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """`persona <args>` in a subprocess, as a user runs it."""
    return subprocess.run(persona_cmd(*args), cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout)


def last_json(stdout: str, returncode: int = 0, stderr: str = "") -> dict:
    """The JSON object on the last line of a successful command's stdout."""
    assert returncode == 0, stderr[-2000:]
    return json.loads(stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    """A redactor with a fixed key (a test file may define its own)."""
    from persona_pipeline.core.evidence.redaction.redactor import Redactor  # only where a test asks

    return Redactor(b"r" * 32)


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
