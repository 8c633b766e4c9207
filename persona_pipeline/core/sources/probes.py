"""Cheap stat signatures that say when a costly fingerprint must be computed again.

An instruction file's fingerprint hashes its bytes and a repository's runs `git rev-parse`; a
sensor tick recomputes them only when the unit's probe (a few stats) differs from the one it
saw last time. A probe covers every way the fingerprint's input can change without the probe
changing only in corner cases (two same-size edits within one timestamp tick of a coarse
filesystem), and the sensor recomputes every fingerprint at its periodic full re-check anyway.
"""

from __future__ import annotations

import os
from pathlib import Path


def _stat_sig(path: str) -> str:
    """size, mtime, ctime and inode; ctime moves on every write and cannot be set by `touch`,
    and an editor's write-and-rename changes the inode."""
    try:
        st = os.stat(path)
    except OSError:
        return "-"
    return f"{st.st_size}.{st.st_mtime_ns}.{st.st_ctime_ns}.{st.st_ino}"


def file_probe(path: str | Path) -> str:
    """An instruction file's probe."""
    return _stat_sig(os.fspath(path))


def _git_dir(work_tree: str) -> str | None:
    """The repository's git dir: `<tree>/.git`, or where a `.git` file (worktree, separate git
    dir) points."""
    dot_git = os.path.join(work_tree, ".git")
    if os.path.isdir(dot_git):
        return dot_git
    try:
        with open(dot_git, encoding="utf-8", errors="replace") as f:
            line = f.readline().strip()
    except OSError:
        return None
    if not line.startswith("gitdir:"):
        return None
    target = line[len("gitdir:") :].strip()
    return target if os.path.isabs(target) else os.path.normpath(os.path.join(work_tree, target))


def _read_small(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read(4096).strip()
    except OSError:
        return "-"


def repo_probe(work_tree: str | Path) -> str:
    """A repository's probe: what HEAD says, and the stats of every file that can move HEAD's
    commit (HEAD itself, the loose ref it names, packed-refs, a reftable's table list), in the
    git dir and, for a linked worktree, in the common dir."""
    tree = os.fspath(work_tree)
    git_dir = _git_dir(tree)
    if git_dir is None:
        return f"nogit:{_stat_sig(os.path.join(tree, '.git'))}"
    head = _read_small(os.path.join(git_dir, "HEAD"))
    common = _read_small(os.path.join(git_dir, "commondir"))
    dirs = [git_dir]
    if common != "-":
        dirs.append(common if os.path.isabs(common) else os.path.normpath(os.path.join(git_dir, common)))
    names = ["HEAD", "packed-refs", os.path.join("reftable", "tables.list")]
    if head.startswith("ref:"):
        names.append(head[len("ref:") :].strip())
    sigs = [_stat_sig(os.path.join(d, n)) for d in dirs for n in names]
    return "|".join([head, *sigs])
