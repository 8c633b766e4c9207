"""The Dagster UI in headless Chromium: asset graph, partitions, materialisation metadata (scripts/ui_check.py)."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from persona_pipeline_tests.conftest import REPO, cli, last_json

ASSETS = ["raw_sessions", "redacted_evidence", "session_digests", "facet_trees", "persona_pack"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _ui_check() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ui_check", REPO / "scripts" / "ui_check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve their module by name
    spec.loader.exec_module(module)
    return module


# Needs Debian's chromium, which a plain `pip install` cannot bring: its own documented command
# (`python -m pytest -q -m ui`, README), which `.ci/run` runs after the default set.
@pytest.mark.ui
def test_ui_pages_in_headless_chromium(tmp_path: Path, cli_env: dict[str, str]) -> None:
    ui_check = _ui_check()
    if not ui_check.DEFAULT_CHROMIUM.exists():
        pytest.fail(f"{ui_check.DEFAULT_CHROMIUM} is missing: {ui_check.INSTALL_HINT}")
    if importlib.util.find_spec("playwright") is None:  # a pinned dev dependency: fail, never skip
        pytest.fail('playwright is not installed: pip install -e ".[dev]"')

    summary = last_json(*_run(cli_env))
    data_dir = Path(cli_env["PERSONA_DATA_DIR"])
    report = ui_check.check(data_dir, tmp_path / "ui", cli_env)

    by_name = {p.name: p for p in report.pages}
    assert list(by_name) == [
        "1-asset-graph",
        "2-raw_sessions-partitions",
        "3-raw_sessions-partition-metadata",
        "4-persona_pack-metadata",
    ]
    for page in report.pages:
        data = page.screenshot.read_bytes()
        assert data.startswith(PNG_MAGIC), page.screenshot
        assert len(data) > 20_000, f"{page.screenshot} is only {len(data)} bytes"
    assert by_name["1-asset-graph"].found == ASSETS
    partitions = by_name["2-raw_sessions-partitions"].found
    assert partitions[0] == f"Materialized ({summary['units_seen']})"
    assert len(partitions) == 1 + summary["units_seen"]
    assert {k.split("/", 1)[0] for k in partitions[1:]} == {"claude", "codex"}  # cli_env: transcripts only
    meta = by_name["3-raw_sessions-partition-metadata"].found
    assert [m.split("=")[0] for m in meta] == ["kept_bytes", "raw_bytes"]
    assert by_name["4-persona_pack-metadata"].found == [
        f"pack_tokens={summary['pack_tokens']}",
        f"bullets={_bullets(data_dir)}",
    ]
    # every process the check started is gone (its own process group)
    with pytest.raises(ProcessLookupError):
        os.killpg(report.pgid, 0)


def _run(env: dict[str, str]) -> tuple[str, int, str]:
    done = cli(env, "run", "--json")
    return done.stdout, done.returncode, done.stderr


def _bullets(data_dir: Path) -> int:
    return len(json.loads((data_dir / "persona" / "persona.json").read_text(encoding="utf-8"))["bullets"])
