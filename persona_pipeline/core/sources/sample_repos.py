"""The bundled sample's git repositories: committed as bundles, cloned once under the data dir
(a repository cannot live inside this one's tree), so the sample exercises the git and
instruction-file sources like a real machine does."""

from __future__ import annotations

import logging
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger(__name__)


def ensure_sample_repos(bundles: Path, dest: Path) -> list[Path]:
    """Clone each `<name>.bundle` to `dest/<name>` unless already there. Never raises: a
    missing git binary costs the sample its repositories, not the run."""
    out: list[Path] = []
    for bundle in sorted(bundles.glob("*.bundle")):
        target = dest / bundle.stem
        if not (target / ".git").exists():
            tmp = dest / f".{bundle.stem}.tmp"
            shutil.rmtree(tmp, ignore_errors=True)
            dest.mkdir(parents=True, exist_ok=True)
            try:
                subprocess.run(
                    ["git", "clone", "--quiet", "--branch", "main", str(bundle), str(tmp)],
                    check=True,
                    capture_output=True,
                    timeout=60,
                )
            except (OSError, subprocess.SubprocessError) as exc:
                log.warning("could not clone the sample repository %s (%s)", bundle.stem, type(exc).__name__)
                shutil.rmtree(tmp, ignore_errors=True)
                continue
            shutil.rmtree(target, ignore_errors=True)
            tmp.rename(target)
        out.append(target)
    return out
